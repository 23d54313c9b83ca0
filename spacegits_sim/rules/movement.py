"""Movement: scooting, Eager Helpers, moving a git (sweep, carry, bumps) and standing up.

Rulebook: Scooting (move directly towards each move die by its value, stopping at the first
bump), Bumping (caps are looted, enemies fight, terrain stops you), Standing up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..physics.table import MM, Kind, SweepResult
from ..physics.tower import CARE_LEVELS
from . import effects
from . import events as ev
from .core import Flow, MatchCore
from .decisions import AimThrow, ChooseCare, EagerHelp, OrderMoveDie, Reroll, Throw
from .state import LEG_IT_RANGE_IN, REROLLED, Model, Point, thing_label

BARGE_HEIGHT_MM = 24.0  # a git's body meets a tower at its second die (a 28 mm model stands ~33 mm)
MAX_SLIDES = 8  # slick after slick in a line; a bound, never reached on a real table
SLIDE_CLEAR_IN = 1e-3  # a slide ends with the base just clear of the slick


class Movement(MatchCore):
    """Scoots and every other way a git's base and tower move across the table."""

    def _scoot(self, m: Model) -> Flow:
        boss = m.boss
        move_dice = effects.move_dice(m)
        thrown = yield AimThrow(boss, m.id, "move", move_dice, self.table.width, self.table.height)
        landed = yield from self.throw(boss, m.id, "move", move_dice, thrown)
        if m.standing and not self._activation_over:  # (its own stray die may have toppled it)
            landed = yield from effects.after_move_throw(self, m, landed)  # Pogo Stick, Chants
            landed = yield from self.rerolls(m, "move", landed)  # a Fuel Can nearby
        dice = {d[0]: d for d in landed if self.table.has_die(d[0])}
        while dice and m.standing and not self._activation_over:
            die_id = yield OrderMoveDie(boss, tuple(dice), "which move die next?", m.id)
            care = yield ChooseCare(boss, CARE_LEVELS, "how carefully to carry the tower?", m.id)
            _, sides, value, _ = dice.pop(die_id)
            distance, toward = yield from effects.adjust_move(self, m, die_id, value, dice)
            if toward is not None or distance != value:  # gear changed this die's move
                yield from self.move(
                    m,
                    distance,
                    care,
                    toward=toward or self.table.die(die_id).position,
                    towards_label=die_id,
                    value=value,
                )
            else:
                yield from self.move_towards_die(m, die_id, value, care)
            if m.standing and not self._activation_over:
                yield from effects.after_move_die(self, m)  # Grabbing Hands
            yield from self._eager_helpers(m, die_id, value)
            self.discard_die(die_id)
        for die_id in dice:  # the scoot ended early: leftover move dice are removed
            self.discard_die(die_id)
        if m.standing and not self._activation_over:
            yield from effects.after_scoot(self, m)  # Berserk

    def rerolls(self, m: Model, purpose: str, landed: list[Any]) -> Flow:
        """Re-roll any of these dice once per activation, if an aura nearby allows it ("may
        re-roll any of their … dice once per activation"), or every throw's dice once each where
        one says so (Mountains of Ammo: "re-roll each of their shooting dice once": every gun a
        vehicle's crew fires in its shoot action). Returns the dice as they are now."""
        if not landed or not effects.rerolls(self, m, purpose):
            return landed
        if m.tokens.get(REROLLED + purpose) and not effects.rerolls_each_throw(self, m, purpose):
            return landed
        dice = yield from self.reroll_dice(m, purpose, landed)
        return dice

    def reroll_dice(self, m: Model, purpose: str, landed: list[Any], most: int = 99) -> Flow:
        """Offer ``m``'s boss to re-roll dice one at a time (each at most once, up to ``most``):
        each chosen die is picked up and thrown again towards where it lay."""
        dice = list(landed)
        again_ids: set[str] = set()  # each die is re-rolled at most once
        while True:
            live = [d for d in dice if d[3] is not None and self.table.has_die(d[0]) and d[0] not in again_ids]
            if not live:
                break
            opts = tuple(d[0] for d in live) + ("done",)
            pick = yield Reroll(m.boss, opts, f"re-roll a {purpose} die?", m.id, purpose)
            if pick == "done":
                break
            m.tokens[REROLLED + purpose] = 1
            most -= 1
            i = next(k for k, d in enumerate(dice) if d[0] == pick)
            old = dice[i]
            self.discard_die(pick)
            again = yield from self.throw(m.boss, m.id, purpose, (old[1],), Throw(old[3], 0.15), keep_lost=True)
            dice[i] = again[0]
            again_ids.add(again[0][0])
            if most <= 0:
                break
        return dice

    def _eager_helpers(self, mover: Model, die_id: str, value: int) -> Flow:
        """Eager Helper: friendly runts within 6" of a resolved move die may move using it too."""
        helped: set[str] = set()
        while self.table.has_die(die_id) and not self._activation_over:
            pos = self.table.die(die_id).position
            near = {t.id for t, d in self.table.within(LEG_IT_RANGE_IN, point=pos, kinds=(Kind.FIGURE,))}
            runts = tuple(
                r.id
                for r in self.in_play(mover.boss)
                if r.id != mover.id
                and r.id not in helped
                and r.standing
                and r.id in near
                and effects.helps_move(r, mover)
            )
            if not runts:
                return
            pick = yield EagerHelp(mover.boss, runts + ("no",), "an eager helper moves too?", die_id)
            if pick == "no":
                return
            helped.add(pick)
            care = yield ChooseCare(mover.boss, CARE_LEVELS, "how carefully to carry the tower?", pick)
            yield from self.move_towards_die(self.models[pick], die_id, value, care)

    def preview_move(self, model_id: str, toward: Point, distance: float) -> SweepResult:
        """Where a move of ``distance`` towards ``toward`` would take a git's base, and what it
        would bump first: the very sweep :meth:`move` makes (an enemy's Invisible Walls
        included), asked without moving anything, so a player sees the path before choosing.
        Not included: gear that asks its own question first (it may change the move) and an
        oil slick's slide after the stop (the sweep's end is where the slide would begin)."""
        m = self.models[model_id]
        start = self.position(m.id)
        distance = effects.move_limit(self, m, start, toward, distance)
        return self.table.sweep(m.id, toward=toward, distance=max(0.0, distance))

    def move_towards_die(self, m: Model, die_id: str, value: int, care: str) -> Flow:
        """Move directly towards a die by its value; stop at the first bump (rulebook: Scooting)."""
        target = self.table.die(die_id).position
        yield from self.move(m, value, care, toward=target, towards_label=die_id, value=value)

    def move(
        self,
        m: Model,
        distance: float,
        care: str,
        toward: Point | None = None,
        direction: Point | None = None,
        towards_label: str | None = None,
        value: int | None = None,
        reason: str = "scoot",
        ignore: Sequence[str] = (),
        tower_motion: str = "carry",
    ) -> Flow:
        """Sweep a git's base, carry its tower (at ``care``, or as a shove), deal with what it bumped."""
        start = self.position(m.id)
        if value is not None:  # a move die: enemies' Invisible Walls may halt it short
            ahead = toward
            if ahead is None and direction is not None:
                ahead = (start[0] + direction[0], start[1] + direction[1])
            if ahead is not None:
                distance = effects.move_limit(self, m, start, ahead, distance)
        res = self.table.sweep(m.id, toward=toward, direction=direction, distance=distance, ignore=ignore)
        self.table.move_figure(m.id, res.end)
        res = yield from self._slide(m, start, res, ignore)
        stop = None
        if res.contact is not None:
            c = res.contact.thing
            stop = thing_label(c) if c.kind != Kind.EDGE else "edge"
        travelled = res.travelled
        if tower_motion == "carry":
            self.advance(self.costs.resolve_move_die_s + self.costs.carry_s_per_in[care] * travelled)
        radius = self.table.figure_radius(m.id)
        crossed = self.table.areas_along(radius, start, res.end)
        ok, frames = True, []
        if m.tower.height > 0 and travelled > 0 and m.standing:
            seg = ((res.end[0] - start[0]) / MM, (res.end[1] - start[1]) / MM)
            rough = [
                (lo / travelled, hi / travelled) for tid, lo, hi in crossed if self.terrain_type(tid).rough and hi > lo
            ]
            m.tower.record()
            if tower_motion == "shove":
                ok = m.tower.push(seg, travelled / MM)
            else:
                ok = m.tower.carry([seg], care, bumped=[res.contact is not None], rough=[rough])
            frames = m.tower.recorded()
        self.emit(
            ev.ModelMoved(
                m.id,
                start,
                res.end,
                distance,
                travelled,
                towards_label,
                value,
                care if tower_motion == "carry" else None,
                stop,
                reason,
                frames,
            )
        )
        if not ok:
            yield from self.tower_fell(m, m.boss, reason)
        self.sync_tower(m)
        if travelled > 0:
            speed = m.tower.carry_speed_mm_s(care) if tower_motion == "carry" else m.tower.push_speed_mm_s()
            yield from self._barge(m, start, res.end, speed)
        if travelled > 0:
            yield from self.check_triggers(m, start)  # a mine it came near on the way
        if value is not None and m.in_play:  # a move die moved it through these (Toxic Waste)
            for tid, _lo, _hi in crossed:
                yield from effects.moved_through(self, m, tid, self.terrain_type(tid), value)
        if res.contact is None or not m.in_play:
            return
        c = res.contact.thing
        if c.kind == Kind.TOKEN and m.standing:
            self.loot_cap(m, c.id)
        elif c.kind == Kind.FIGURE and c.id in self.models:
            other = self.models[c.id]
            if other.standing and self.enemies(m.id, c.id) and m.standing:
                self._activation_over = self.active_model == m.id or self._activation_over
                yield from self.combat.fight(m, other)
        elif c.kind == Kind.TERRAIN:
            yield from self.combat.bumped_terrain(m, c.id, shoved=reason == "shove")

    def _barge(self, m: Model, start: Point, end: Point, speed_mm_s: float) -> Flow:
        """A base carried through another git's tower knocks it: the git (``figure_mass_g``)
        strikes the tower's second die at the speed it was carried. A topple is the mover's
        boss's doing ("If a boss causes anyone else's tower to fall…")."""
        d = math.dist(start, end)
        if d < 1e-9 or not m.in_play:
            return
        ux, uy = (end[0] - start[0]) / d, (end[1] - start[1]) / d
        mass = float(self.table.p["figure_mass_g"])
        for other_id, _at in self.table.towers_along(m.id, start, end):
            o = self.models.get(other_id)
            if o is None or not o.standing or o.tower.height == 0:
                continue
            height = min(o.tower.height_mm, BARGE_HEIGHT_MM)
            o.tower.record()
            ok = o.tower.hit(height, (speed_mm_s * ux, speed_mm_s * uy), mass)
            self.emit(
                ev.TowerStruck(o.id, self.bosses[m.boss].name, m.id, height, speed_mm_s, not ok, o.tower.recorded())
            )
            if not ok:
                yield from self.tower_fell(o, m.boss, f"barged by {m.name}")

    def _slide(self, m: Model, start: Point, res: SweepResult, ignore: Sequence[str]) -> Flow:
        """Terrain a model cannot stop on (Oil Slick): "you keep travelling in a straight line
        until you exit the oil slick or bump into something". A base ends a move on it while
        any part of it overlaps the slick; it slides on until it is clear, or bumps. Returns the
        sweep from ``start`` to where the model finally stops."""
        radius = self.table.figure_radius(m.id)
        dx, dy = res.end[0] - start[0], res.end[1] - start[1]
        if res.contact is not None or math.hypot(dx, dy) < 1e-9:
            return res
        far = math.hypot(self.table.width, self.table.height)
        ux, uy = dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)
        for _ in range(MAX_SLIDES):
            here = self.position(m.id)
            on = [
                tid
                for tid, _lo, _hi in self.table.areas_along(radius, here, here)
                if effects.keeps_sliding(self.terrain_type(tid), m)
            ]
            if not on:
                break
            ahead = (here[0] + ux * far, here[1] + uy * far)
            exits = [hi for tid, _lo, hi in self.table.areas_along(radius, here, ahead) if tid in on]
            more = self.table.sweep(m.id, direction=(ux, uy), distance=max(exits) + SLIDE_CLEAR_IN, ignore=ignore)
            self.table.move_figure(m.id, more.end)
            self.emit(ev.Slid(m.id, self.terrain_type(on[0]).name, more.travelled))
            res = SweepResult(start, more.end, res.requested, res.travelled + more.travelled, more.contact)
            if more.contact is not None or more.travelled < 1e-9:
                break
        yield from ()
        return res

    def stand_up(self, o: Model, by: str, active: bool = False) -> Flow:
        """A fallen git gets up where it lay; if that touches a standing enemy, a fight breaks out."""
        o.fallen = False
        self.table.set_upright(o.id, True)
        self.sync_tower(o)
        self.emit(ev.StoodUp(o.id, by, self.position(o.id)))
        foes = [x for x in self.touching(o.id) if self.enemies(o.id, x) and self.models[x].standing]
        if foes and active:
            self._activation_over = True
            yield from self.combat.fight(o, self.models[foes[0]])

"""Weapon special rules (rulebook: "Weapons"): one handler per id in special_rules.yaml that
applies to weapons. Hooks marked "(a weapon with this special)" are called per weapon.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...data.dice import parse_dice, roll
from ...physics.table import MM, Kind
from ...physics.tower import CARE_LEVELS
from .. import events as ev
from .base import Effect, Flow, is_git, register

if TYPE_CHECKING:
    from ...data.rules_data import Weapon
    from ..ops import CombatOps as Combat
    from ..ops import MatchOps as Match
    from ..state import Model

JOLT_PUSH_IN = 3.0
MAX_BUZZCUT_BONUS = 20  # a Buzzcut chain stops here (it never gets this far with real dice)


@register
class Buzzcut(Effect):
    """Big damage in a fight: thump again with this weapon, the target one tougher each time."""

    family, id = "special_rules", "buzzcut"

    def on_big_damage(
        self, combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool, toughness_bonus: int
    ) -> Flow:
        if in_fight and target.standing and toughness_bonus < MAX_BUZZCUT_BONUS:
            yield from combat.thump(attacker, target, [w], toughness_bonus + 1)


@register
class Fire(Effect):
    """Big damage sets the target on fire: D3 damage after each of its swigs until it falls over."""

    family, id = "special_rules", "fire"

    def on_big_damage(
        self, combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool, toughness_bonus: int
    ) -> Flow:
        if target.standing:
            target.tokens[OnFire.id] = 1
        yield from ()


@register
class OnFire(Effect):
    """The on-fire token Fire leaves: D3 damage after each swig; gone when the git falls over."""

    family, id = "tokens", "on_fire"

    def after_swig(self, m: Model, match: Match) -> Flow:
        if m.standing:
            n = roll(parse_dice("D3"), match.rng("dice"))[0]
            yield from match.combat.damage(m, n, "on fire")

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        m.tokens.pop(self.id, None)
        yield from ()


@register
class Jolt(Effect):
    """Big damage pushes the target git 3" directly away (a vehicle is no git, and "cannot be
    shoved")."""

    family, id = "special_rules", "jolt"

    def on_big_damage(
        self, combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool, toughness_bonus: int
    ) -> Flow:
        if target.standing and is_git(target):  # "If you cause big damage to a git with this weapon"
            yield from combat.shove(attacker, target, JOLT_PUSH_IN, reason="jolt")


@register
class Poke(Effect):
    """A thump with this weapon is not cancelled by a shove."""

    family, id = "special_rules", "poke"

    def thump_survives_shove(self, m: Model) -> bool:
        return True


@register
class SlowToReload(Effect):
    """After firing, the gun cannot fire again until the end of the model's next activation.

    "While a model has a reload token, it cannot shoot any weapons that are slow to reload":
    for a gun fired from a vehicle (bolted on, or a git's own) the model is the vehicle ("While
    a git is in a vehicle, they are not a separate model"), so the token goes on the vehicle
    and bars every slow gun aboard. The token's own handler (:class:`ReloadToken`) discards it."""

    family, id = "special_rules", "slow_to_reload"
    TOKEN, AT_START = "reload", "reload_at_start"

    def gun_ready(self, m: Model, w: Weapon) -> bool:
        return not m.tokens.get(self.TOKEN)

    def on_fired(self, m: Model, w: Weapon) -> None:
        m.tokens[self.TOKEN] = 1


@register
class ReloadToken(Effect):
    """A reload token: "At the end of this model's activation, discard any reload tokens it
    started its activation with." A token, so it works on whatever model carries it (a vehicle
    has no slow-to-reload special of its own). It goes with a git boarding (the vehicle is now
    the model that still has it) and a git getting off takes one along (its gun still reloads)."""

    family, id = "tokens", SlowToReload.TOKEN

    def activation_start(self, m: Model, match: Match) -> str | None:
        m.tokens[SlowToReload.AT_START] = 1
        return None

    def activation_end(self, m: Model, match: Match) -> None:
        if m.tokens.pop(SlowToReload.AT_START, 0):
            m.tokens.pop(SlowToReload.TOKEN, None)

    def activation_cut_short(self, m: Model, match: Match) -> None:
        self.activation_end(m, match)  # a klanked activation is an activation too

    def on_board(self, match: Match, v: Model, git: Model) -> None:
        git.tokens.pop(SlowToReload.TOKEN, None)
        v.tokens[SlowToReload.TOKEN] = 1

    def on_get_off(self, match: Match, v: Model, git: Model) -> None:
        git.tokens[SlowToReload.TOKEN] = 1


def _jam(combat: Combat, m: Model, w: Weapon, die_id: str, value: int) -> None:
    """A natural 1: the bullet is discarded without being resolved."""
    combat.match.emit(ev.BulletResolved(m.id, w.name, die_id, value, True, None, None, False, 0, False))


def thing_label(thing: Any) -> str:
    from ..state import thing_label as label

    return label(thing)


def _line_unless_jammed(combat: Combat, m: Model, w: Weapon, die_id: str, value: int) -> Any:
    """The line of fire towards a bullet die, to the gun's range; None (logged) for a jam."""
    from . import folds as effects

    if value == 1:
        _jam(combat, m, w, die_id, value)
        return None
    table = combat.match.table
    return table.line_of_fire(m.id, table.die(die_id).position, effects.weapon_range(m, w))


def _miss(combat: Combat, m: Model, w: Weapon, die_id: str, value: int, seg: Any, label: str | None) -> None:
    combat.match.emit(ev.BulletResolved(m.id, w.name, die_id, value, False, seg, label, False, 0, False))


@register
class Lob(Effect):
    """Ignores the line of fire: explodes (die) at the die if in range; a jam explodes (max) 1" away."""

    family, id = "special_rules", "lob"
    resolves_bullets = True
    JAM_IN = 1.0  # "place it exactly 1" away from the git that lobbed it along the line of fire"

    def resolve_bullet(self, combat: Combat, m: Model, w: Weapon, die_id: str, value: int) -> Flow:
        from . import folds as effects

        match = combat.match
        here = match.position(m.id)
        radius = match.table.figure_radius(m.id)
        die = match.table.die(die_id).position
        dx, dy = die[0] - here[0], die[1] - here[1]
        d = math.hypot(dx, dy)
        ux, uy = (dx / d, dy / d) if d > 1e-9 else (1.0, 0.0)
        edge = (here[0] + ux * radius, here[1] + uy * radius)
        origin = f"{w.name} ({m.name})"
        if value == 1:  # the jam: 1" from the lobber along the line, at the die's highest face
            _jam(combat, m, w, die_id, value)
            spot = (here[0] + ux * (radius + self.JAM_IN), here[1] + uy * (radius + self.JAM_IN))
            x = max(w.dice.dice)
        elif d - radius > effects.weapon_range(m, w):  # out of range: discarded
            _miss(combat, m, w, die_id, value, (edge, die), None)
            return
        else:
            _miss(combat, m, w, die_id, value, (edge, die), f"die:{die_id}")
            spot, x = die, value
        match.discard_die(die_id)
        yield from combat.explode(origin, spot, x, by=m)

    def gun_worth(self, w: Weapon, damage: float) -> float:
        return sum((s + 1) / 2 for s in w.dice.dice) * 0.6  # a blast of the die's value, shared out


@register
class Gout(Effect):
    """Each bullet hits everything along its line to the gun's range, not just the first thing."""

    family, id = "special_rules", "gout"
    resolves_bullets = True

    def resolve_bullet(self, combat: Combat, m: Model, w: Weapon, die_id: str, value: int) -> Flow:

        match = combat.match
        line = _line_unless_jammed(combat, m, w, die_id, value)
        if line is None:
            return
        seg = (line.start, line.end)
        crossed: list[Any] = []
        barrels: list[str] = []
        hit_any = False
        for h in line.all_hits:
            kind, ident = h.thing.kind, h.thing.id
            if kind == Kind.TERRAIN and combat.is_barrel(ident):
                barrels.append(ident)  # hit, and it explodes once the gout has burnt through
                hit_any = True
                continue
            if kind == Kind.TERRAIN:
                piece = match.table.terrain_piece(ident)
                if piece.crossable or h.low:
                    crossed.append(h)  # low terrain: cover for what is behind it
                    continue
                _miss(combat, m, w, die_id, value, seg, f"terrain:{ident}")  # a wall stops even a gout
                hit_any = True
                break
            if kind == Kind.FIGURE and ident in match.models and match.models[ident].standing:
                hit_any = True
                yield from combat.bullet_hits(m, w, die_id, value, seg, match.models[ident], combat.cover(crossed))
        if not hit_any:
            _miss(combat, m, w, die_id, value, seg, None)
        if barrels:
            yield from combat.explode_barrels(barrels, m)

    def gun_worth(self, w: Weapon, damage: float) -> float:
        return damage * 1.5  # everything along the line, not just the first


TERRAIN_TOUGHNESS = 100  # "*Terrain counts as toughness 100."


@register
class GrapplingHook(Effect):
    """A cap hit is looted; a model or terrain hit: the one with lower toughness scoots to the other."""

    family, id = "special_rules", "grappling_hook"
    resolves_bullets = True

    def resolve_bullet(self, combat: Combat, m: Model, w: Weapon, die_id: str, value: int) -> Flow:
        from ..decisions import ChooseCare, GrappleWho

        match = combat.match
        line = _line_unless_jammed(combat, m, w, die_id, value)
        if line is None:
            return
        seg = (line.start, line.end)
        hit = None
        for h in line.all_hits:  # the hook catches a cap, a standing model, or any solid terrain
            kind, ident = h.thing.kind, h.thing.id
            if kind == Kind.TOKEN and ident in match.table.tokens:
                hit = h
            elif kind == Kind.FIGURE and ident in match.models and match.models[ident].standing:
                hit = h
            elif kind == Kind.TERRAIN and not match.table.terrain_piece(ident).crossable:
                hit = h
            if hit is not None:
                break
        if hit is None:
            _miss(combat, m, w, die_id, value, seg, None)
            return
        label = thing_label(hit.thing)
        _miss(combat, m, w, die_id, value, seg, label)
        if hit.thing.kind == Kind.TOKEN:  # "If a bullet dice from this weapon hits a cap, you loot it."
            match.loot_cap(m, hit.thing.id)
            return
        other = match.models.get(hit.thing.id) if hit.thing.kind == Kind.FIGURE else None
        theirs = other.toughness if other is not None else TERRAIN_TOUGHNESS
        mine = m.toughness
        if mine == theirs:
            who = yield GrappleWho(m.boss, ("shooter", "target"), "who is reeled in?", m.id)
        else:
            who = "shooter" if mine < theirs else "target"
        if who == "shooter" or other is None:  # you treat them as a move die and scoot
            mover, toward = m, (match.position(other.id) if other is not None else hit.point)
        else:  # they treat your model as a move die and immediately scoot
            mover, toward = other, match.position(m.id)
        if mover.vehicle is not None:  # a vehicle resolves it as one of its move dice: pivot, then drive
            yield from match.drive_to(mover, toward, value, how="grapple")
            return
        care = yield ChooseCare(mover.boss, CARE_LEVELS, "how carefully to carry the tower?", mover.id)
        yield from match.move(
            mover, float(value), care, toward=toward, towards_label=label, value=value, reason="grapple"
        )

    def gun_worth(self, w: Weapon, damage: float) -> float:
        return damage + 0.5  # a cap, or a free pull into a fight


PORTAL_REACH_IN = 0.3  # a model is put "in contact with the blue exit dice": a die's half-width away


@register
class Portal(Effect):
    """Orange entrance and blue exit dice thrown separately: the first model, barrel or cap the
    entrance hits is teleported into contact with the exit (tower safe; barrels explode; caps
    touching a model are looted)."""

    family, id = "special_rules", "portal"
    throws_own_dice = True

    def shoot_with(self, combat: Combat, m: Model, w: Weapon) -> Flow:
        from ..decisions import AimThrow
        from . import folds as effects

        match = combat.match
        sides = [{3: 6}.get(s, s) for s in w.dice.dice] + [6, 6]
        landed = []
        for purpose, s in (("portal_in", sides[0]), ("portal_out", sides[1])):  # "Roll the two bullet dice separately"
            aim = yield AimThrow(m.boss, m.id, purpose, (s,), match.table.width, match.table.height)
            got = yield from match.throw(m.boss, m.id, purpose, (s,), aim, keep_lost=True)
            landed.append(got[0])
        (in_id, _s1, in_val, in_pos), (out_id, _s2, _out_val, out_pos) = landed
        match.advance(match.costs.bullet_s)
        try:
            if in_pos is None or not match.table.has_die(in_id):
                return
            if in_val == 1:
                _jam(combat, m, w, in_id, in_val)
                return
            line = match.table.line_of_fire(m.id, match.table.die(in_id).position, effects.weapon_range(m, w))
            seg = (line.start, line.end)
            hit = self._first(combat, line.all_hits)
            if hit is None or out_pos is None or not match.table.has_die(out_id):
                _miss(combat, m, w, in_id, in_val, seg, None if hit is None else thing_label(hit.thing))
                return  # nothing caught, or the exit die is off the table: nowhere to go
            _miss(combat, m, w, in_id, in_val, seg, thing_label(hit.thing))
            exit_at = match.table.die(out_id).position
            yield from self._teleport(combat, hit.thing, exit_at)
        finally:
            match.discard_die(in_id)
            match.discard_die(out_id)

    def gun_worth(self, w: Weapon, damage: float) -> float:
        return damage + 0.5  # an enemy sent to a far corner

    @staticmethod
    def _first(combat: Combat, hits: Any) -> Any:
        """The first model, barrel or cap along the line (solid terrain blocks it)."""
        match = combat.match
        for h in hits:
            kind, ident = h.thing.kind, h.thing.id
            if kind == Kind.TOKEN and ident in match.table.tokens:
                return h
            if kind == Kind.FIGURE and ident in match.models and match.models[ident].in_play:
                return h
            if kind == Kind.TERRAIN:
                if combat.is_barrel(ident):
                    return h
                piece = match.table.terrain_piece(ident)
                if not piece.crossable and not h.low:
                    return None
        return None

    def _teleport(self, combat: Combat, thing: Any, exit_at: Any) -> Flow:
        match = combat.match
        if thing.kind == Kind.FIGURE:
            target = match.models[thing.id]
            spot = match.spot_touching(target, exit_at, PORTAL_REACH_IN)
            if spot is None:
                return
            match.place_model(target, spot, "portal")
            if target.standing:  # "rebuilds its dice tower next to it (the tower is safe…)"
                target.tower.rebuild()
                match.sync_tower(target)
                match.emit(ev.TowerRebuilt(target.id, target.tower.height, True, True, "portal", target.tower.frame()))
        elif thing.kind == Kind.TERRAIN:  # "Barrels teleported in this way immediately explode."
            x = combat.explode_x(thing.id)
            combat.exploded.add(thing.id)
            match.table.remove_terrain(thing.id)
            match.emit(ev.TerrainRemoved(thing.id, "teleported by a portal"))
            yield from combat.explode(thing.id, exit_at, x)
        else:  # a cap: put touching the exit die; touching a model, that model loots it
            cap_r = float(match.table.p["token"]["diameter_mm"]) * MM / 2
            spot = (exit_at[0] + PORTAL_REACH_IN + cap_r, exit_at[1])
            spot = (min(max(spot[0], cap_r), match.table.width - cap_r), spot[1])
            match.table.put_token(thing.id, spot)
            match.emit(ev.CapPlaced(thing.id, spot, "teleported by a portal"))
            from ..state import CONTACT_IN

            for near, _gap in match.table.within(cap_r + CONTACT_IN, point=spot, kinds=(Kind.FIGURE,)):
                if near.id in match.models and match.models[near.id].in_play:
                    match.loot_cap(match.models[near.id], thing.id)
                    break

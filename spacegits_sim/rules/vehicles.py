"""Vehicles, rulebook "Vehicles": driving, collisions and smashes, towers on the move,
wipeouts and wrecks, the crew getting on and off, and shooting from a vehicle.

A vehicle is a model with a box hull on the physics table (its facing is the hull's x axis)
and two dice towers that ride on it. Moving it is the table's own hull sweep: the pivot and the
straight run forward stop at the first thing the hull would touch, and each kind of thing is
dealt with as the rulebook says. The towers are the tower simulation driven by the hull's
real motion: pivot, run at the current speed, and the abrupt stop of a crash.

Interpretations (also in docs/rules.md):
* "Pivot until that dice lies within the front corridor" is the smallest such pivot; a die
  that grazes the corridor is in it (be lenient). A pivot that something blocks turns as far
  as it can.
* The move die being resolved is discarded before the vehicle moves (it lies in the path it
  sets); the other move dice still on the table are bumped into.
* A wipeout ends the vehicle's activation (the driver has lost control; a git's fall ends
  its activation the same way). A tower that tumbles during the crunch of a wipeout is
  cleared again but does not start a second wipeout.
* A vehicle's two towers ride on the hull (the rulebook allows them balanced on the vehicle
  itself), so they have no footprint on the table: stray dice hit the hull, not the towers.
* The table edge stops a vehicle like a wall it cannot smash (it loses no dice over it).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..data.dice import parse_dice, roll
from ..physics.table import MM, HullSweep, Kind
from . import effects
from . import events as ev
from .core import Flow
from .decisions import AimThrow, ChooseDice, CrewGuns, OrderMoveDie, Seat
from .fleet import MOVE_DICE, WIPEOUT_DICE, dice_choices, next_size, pivot_to_corridor
from .movement import MAX_SLIDES, SLIDE_CLEAR_IN, Movement
from .state import CONTACT_IN, Model, Point, clockwise_from, thing_label

ALIGHT_IN = 1.0  # "put them anywhere within 1" of the vehicle"
CAP_DROP_IN = 1.0  # wipeout caps: "within 1" of the vehicle, but not touching it"
HEAD_ON = (1, 1)  # "the damage of each smash dice is increased by +1/+1"
WRECK_TYPE = "wreck"  # the terrain type a wreck stays as
PIVOT_SPEED_IN = 2.0  # a pivot is pushed round about as fast as a 2" move
TOUCH_STEP_IN = 0.1  # what a hull touched on its way is looked for in 0.1" steps


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Driving(Movement):
    """Everything a vehicle does; the turn flow calls it for vehicle models."""

    # ------------------------------------------------------------------ who is where

    def crew_of(self, v: Model) -> list[Model]:
        return [self.models[c] for c in v.crew]

    def seats(self, v: Model) -> int:
        assert v.vehicle is not None
        return effects.seats(v, v.vehicle.seats)

    def boardable(self, m: Model) -> list[str]:
        """Friendly vehicles with a free seat this git touches (who may board at all is
        :func:`effects.boarding_refusal`'s, which a gang file's starting passengers ask too)."""
        if not m.standing or m.vehicle is not None or effects.boarding_refusal(m.spec, self.rules) is not None:
            return []
        out = []
        for other in self.touching(m.id):
            v = self.models[other]
            if v.vehicle is not None and v.boss == m.boss and not v.wrecked and len(v.crew) < self.seats(v):
                out.append(v.id)
        return out

    # ------------------------------------------------------------------ getting on and off

    def offer_boarding(self, m: Model) -> Flow:
        """ "At the end of a git's activation, if they are touching a vehicle with empty seats,
        they can hop on board as a passenger. Discard their tower." """
        options = self.boardable(m)
        if not options:
            return
        pick = yield Seat(m.boss, ("no", *options), f"{m.name}: hop on board?", m.id, "board")
        if pick == "no":
            return
        v = self.models[pick]
        self.table.remove_figure(m.id)
        m.in_play = False
        m.tower.clear()
        m.aboard = v.id
        v.crew.append(m.id)
        effects.on_board(self, v, m)  # a reload token: the vehicle is now the model that has it
        self.emit(ev.Boarded(m.id, v.id, len(v.crew) - 1))

    def offer_alighting(self, v: Model) -> Flow:
        """ "When you activate a vehicle, before it moves, any gits that are riding as
        passengers may get off. Put them anywhere within 1" … and give them D6 dice." """
        for pid in list(v.crew[1:]):
            p = self.models[pid]
            ask = f'{p.name}: get off before the vehicle moves? (placed within 1", D6 tower dice)'
            ans = yield Seat(v.boss, ("stay", "get_off"), ask, pid, "alight")
            if ans == "get_off":
                yield from self.put_off(v, p, "got off")

    def put_off(self, v: Model, p: Model, why: str, sick: bool = True) -> Flow:
        """A git leaves a vehicle: placed within 1" of the hull (the nearest free spot behind
        it, then round it), with D6 dice for their tower ("motion sickness", for getting off
        before the vehicle moves and off a wreck; ``sick`` False: none, for a Git Launcher's
        launch, a different way off). No room: they stay aboard."""
        spot = self._spot_by_hull(v, p.git.base_mm * MM / 2, ALIGHT_IN)
        if spot is None:
            return
        v.crew.remove(p.id)
        p.aboard = None
        self.table.add_figure(p.id, spot, base_mm=p.git.base_mm)
        p.in_play = True
        p.fallen = False
        n = int(self.rng("dice").integers(1, 7)) if sick else 0
        self.emit(ev.Alighted(p.id, v.id, spot, n, why))
        effects.on_get_off(self, v, p)  # a Full-Stocked Minibar
        if n:
            yield from self.add_tower_dice(p, n, "motion sickness")

    def _spot_by_hull(
        self,
        v: Model,
        radius: float,
        within: float,
        prefer: Callable[[Point], bool] | None = None,
        apart: tuple[Kind, ...] = (),
    ) -> Point | None:
        """A free spot for a round thing of ``radius`` with its edge within ``within`` of the
        hull: behind the hull first, then round it (the first free one where ``prefer`` holds,
        if there is one), not touching anything of the ``apart`` kinds."""
        assert v.vehicle is not None
        w, ln = v.vehicle.hull_in
        first: Point | None = None
        near = 2 * CONTACT_IN if apart else CONTACT_IN  # (clear of the hull too, when asked to be)
        rings = [near + k * (within - near) / 4 for k in range(5)]
        for gap in rings:
            d = gap + radius
            candidates = []
            for k in range(24):  # round the hull, starting behind it
                a = math.pi + 2 * math.pi * ((k + 1) // 2) / 24 * (1 if k % 2 else -1)
                ca, sa = math.cos(a), math.sin(a)
                # the point on a rectangle's outline in direction a, pushed out by d
                t = min(
                    abs((ln / 2) / ca) if abs(ca) > 1e-9 else math.inf,
                    abs((w / 2) / sa) if abs(sa) > 1e-9 else math.inf,
                )
                candidates.append((ca * t + ca * d, sa * t + sa * d))
            for local in candidates:
                c = self.table.world_point(v.id, local)
                if not (radius <= c[0] <= self.table.width - radius and radius <= c[1] <= self.table.height - radius):
                    continue
                if apart and self.table.within(radius + CONTACT_IN, point=c, kinds=apart):
                    continue
                if not self.table.within(max(radius - 1e-3, 0.0), point=c):
                    if prefer is None or prefer(c):
                        return c
                    first = first or c
        return first

    # ------------------------------------------------------------------ scooting

    def vehicle_scoot(self, v: Model) -> Flow:
        """Three move dice of any sizes up to the engine, thrown into the play area and resolved
        one at a time in the boss's order, each in the arc where it lies now."""
        assert v.vehicle is not None
        n, largest, bigger = effects.vehicle_dice(v, MOVE_DICE)
        choices = dice_choices(largest, n, next_size(largest) if bigger else None)
        choices = [c for c in choices if effects.dice_allowed(v, c, largest)] or choices  # Dodgy Brakes
        boost = effects.boost_in(v)
        if boost > 0:  # Nitro: "you only roll one move dice, but you add +10"" (a one-die choice)
            choices += dice_choices(largest, 1)
        sizes = yield ChooseDice(v.boss, tuple(choices), "which move dice?", v.id, "move")
        self._boosted = boost if len(sizes) == 1 and boost > 0 else 0.0
        thrown = yield AimThrow(v.boss, v.id, "move", tuple(sizes), self.table.width, self.table.height)
        landed = yield from self.throw(v.boss, v.id, "move", tuple(sizes), thrown)
        landed = yield from self.rerolls(v, "move", landed)  # a Fuel Can nearby
        landed = yield from effects.after_move_throw(self, v, landed)  # Fuzzy Dice, Bumper Stickers
        yield from effects.before_move_dice(self, v)  # a Mine Dropper, an Oil Slick Dropper
        dice = {d[0]: d for d in landed if self.table.has_die(d[0])}
        rolled_again: set[str] = set()  # Twitchy Accelerator Pedal: "once per move dice"
        while v.in_play and not self._activation_over:
            dice = {k: d for k, d in dice.items() if self.table.has_die(k)}  # (one it bumped is gone)
            if not dice:
                break
            die_id = yield OrderMoveDie(v.boss, tuple(dice), "which move die next?", v.id)
            _, _sides, value, _ = dice.pop(die_id)
            yield from self.drive_die(v, die_id, value)
            bumped = [k for k in dice if not self.table.has_die(k)]  # (a move die it drove into)
            if bumped and v.in_play and not self._activation_over and effects.rethrows_bumped_move_die(v):
                again = yield from self._rethrow_bumped(v, [dice[k] for k in bumped if k not in rolled_again])
                dice.update({d[0]: d for d in again})
                rolled_again.update(d[0] for d in again)
        for die_id in dice:
            self.discard_die(die_id)
        self._boosted = 0.0

    def _rethrow_bumped(self, v: Model, bumped: list[tuple[str, int, int, Point | None]]) -> Flow:
        """Twitchy Accelerator Pedal: "if you bump into one of your move dice, roll it again as a
        new move dice" — each bumped die (removed by the bump) is thrown again and joins the dice
        still to resolve. Returns the new dice that landed."""
        out = []
        for _id, sides, _value, _pos in bumped:
            thrown = yield AimThrow(v.boss, v.id, "move", (sides,), self.table.width, self.table.height)
            landed = yield from self.throw(v.boss, v.id, "move", (sides,), thrown)
            out += [d for d in landed if self.table.has_die(d[0])]
        return out

    def drive_die(self, v: Model, die_id: str, value: int) -> Flow:
        """Front arc: pivot until the die is in the front corridor, then forward by its value.
        Rear arc: forward without pivoting, then 1 damage. Over the handling: 1 damage."""
        die_id, value = yield from effects.before_move_die(self, v, die_id, value)  # Electroshock
        if not self.table.has_die(die_id):
            return
        pos = self.table.die(die_id).position
        die_r = self.table.die_radius(die_id)
        self.discard_die(die_id)  # it lies in the path it sets
        value = effects.move_value(v, value)  # Massive Exhausts: "count as a minimum of 4"
        yield from self.drive_to(v, pos, value, die_r)

    def heading(self, v: Model, pos: Point, value: int, reach: float = 0.0) -> tuple[float | None, float, str]:
        """How a move die at ``pos`` (a thing ``reach`` in radius) would move ``v``: (the facing
        to pivot to or None, the distance, "front" or "rear")."""
        assert v.vehicle is not None
        local = self.table.local_point(v.id, pos)
        front = local[0] >= -reach  # be lenient: a die grazing the line across the middle is in front
        pivots = front and effects.may_pivot(v, local)  # (Can't Turn Left: only forward)
        turn = pivot_to_corridor(local, v.vehicle.hull_in[0] / 2 + reach) if pivots else 0.0
        angle = self.table.figure(v.id).angle
        distance = effects.vehicle_move(v, value) + self._boosted
        return (angle + turn if turn else None), distance, ("front" if front else "rear")

    def preview_drive(
        self, vehicle_id: str, at: Point, value: int, reach: float = 0.0, ignore: tuple[str, ...] = ()
    ) -> tuple[HullSweep | None, HullSweep]:
        """Where a move die of ``value`` lying at ``at`` (a thing ``reach`` in radius) would take a
        vehicle, asked without moving it: the pivot (None: no pivot: the rear arc, a die already
        in the corridor, or Can't Turn Left) and the run forward to the first thing the hull
        would touch: the very sweeps :meth:`drive` makes. ``ignore``: the die itself (which
        :meth:`drive_die` discards before driving). Not included: what happens at the contact
        (a cap looted and the run going on, a git pushed clear, a fight), Fly, and gear that acts
        before the die (Electroshock)."""
        v = self.models[vehicle_id]
        turn_to, distance, _arc = self.heading(v, at, value, reach)
        piv = None
        facing = self.table.figure(v.id).angle
        if turn_to is not None:
            piv = self.table.sweep_hull(v.id, 0.0, turn_to, kinds=(Kind.FIGURE, Kind.TERRAIN))
            facing = piv.angle_end
        run = self.table.sweep_hull(v.id, distance, ignore=ignore, facing=facing)
        return piv, run

    def drive_costs(
        self, vehicle_id: str, at: Point, value: int, reach: float = 0.0, ignore: tuple[str, ...] = ()
    ) -> list[str]:
        """What resolving a move die of ``value`` lying at ``at`` would cost, in a player's words,
        asked without moving or rolling anything: the rear arc (no pivot, 1 damage), a die over
        the handling, what the run ends against and what that starts (a smash of N dice, a
        barrel's explosion, a fight, a move die bumped), the caps and gits on the way, and the
        crossable terrain the hull would touch (an Oil Slick's D6 and its slide). The playtest's
        derby labels said only 'bumps an exploding barrel' before a 14-dice self-smash and 8
        damage, and '6.0"' before a slide to 9" and 3 damage. Read from the same terms
        :meth:`drive_to`, :meth:`drive` and :meth:`smash` use (``heading``, ``handling``,
        ``_smash_terms``, ``_areas_touched``); what lies beyond the first stop, and the dice
        themselves, are not known until they are rolled."""
        v = self.models[vehicle_id]
        assert v.vehicle is not None
        value = effects.move_value(v, value)
        _turn, _distance, arc = self.heading(v, at, value, reach)
        piv, run = self.preview_drive(vehicle_id, at, value, reach, ignore)
        out: list[str] = []
        if arc == "rear":
            out.append("behind it: no pivot, straight ahead, 1 damage")
        handling = effects.handling(v, v.vehicle.handling)
        if value > handling:
            out.append(f"over its handling {handling}: {effects.handling_damage(v)} damage")
        grind = effects.drive_damage(v, value)
        if grind:
            out.append(f"{grind} damage (grinding noise)")
        table = self.table
        a0 = piv.angle_start if piv is not None else run.angle_start
        for tid in self._areas_touched(v, run.start, a0, run.angle_end, run.end):
            if tid not in self.terrain_types:
                continue
            ttype = self.terrain_type(tid)
            cost = effects.crossing_cost(v, ttype, value)
            slides = effects.keeps_sliding(ttype, v)
            if cost or slides:
                said = ", ".join(w for w in (cost, "slides on" if slides else None) if w)
                out.append(f"crosses {ttype.name.lower()}: {said}")
        c = run.contact
        if c is None:
            return out
        kind, tid = c.thing.kind, c.thing.id
        if kind == Kind.TOKEN:
            out.append("picks up the cap and drives on")
        elif kind == Kind.DIE:
            out.append("1 damage for the die bumped")
        elif kind == Kind.EDGE:
            out.append("stops at the table edge")
        elif kind == Kind.TERRAIN:
            if self.combat.is_barrel(tid):
                out.append(f"blows the barrel up (explode {self.combat.explode_x(tid)})")
            n, tough, _weak, _big = self._smash_terms(v, v, value, False)
            out.append(f"smashes itself: {n} dice, each {tough}+ is 1 damage")
        elif kind == Kind.FIGURE and tid in self.models:
            o = self.models[tid]
            if o.vehicle is not None:
                head_on = self._front_at(v, run.end, run.angle_end, c.point) and self._front_at(
                    o, table.figure_position(o.id), table.figure(o.id).angle, c.point
                )
                n, tough, weak, big = self._smash_terms(v, o, value, head_on)
                back, back_t, _w, _b = self._smash_terms(o, v, self.current_speed.get(o.id, 0), head_on)
                how = "head-on " if head_on else ""
                out.append(
                    f"{how}smash: {n} dice at {o.name} ({tough}+ does {big}, else {weak}); "
                    f"it smashes back with {back} dice ({back_t}+)"
                )
            elif o.fallen or not self.enemies(v.id, o.id):
                steal = ", pinches 1 cap" if o.fallen and self.enemies(v.id, o.id) else ""
                out.append(f"pushes {o.name} aside{steal}")
            else:
                out.append(f"a fight with {o.name}")
        return out

    def _front_at(self, v: Model, centre: Point, angle: float, point: Point, grace_in: float = 0.05) -> bool:
        """Would ``point`` lie on the front edge of ``v``'s hull standing at ``centre`` facing
        ``angle``? (As :meth:`Table.front_contact` reads a contact, for a pose not yet taken.)"""
        assert v.vehicle is not None
        dx, dy = point[0] - centre[0], point[1] - centre[1]
        ahead = dx * math.cos(angle) + dy * math.sin(angle)
        return ahead >= v.vehicle.hull_in[1] / 2 - grace_in

    def drive_to(self, v: Model, pos: Point, value: int, reach: float = 0.0, how: str = "drive") -> Flow:
        """Resolve a move die of ``value`` lying at ``pos`` (or a grappling hook's pull towards it)."""
        assert v.vehicle is not None
        turn_to, distance, arc = self.heading(v, pos, value, reach)
        self.advance(self.costs.resolve_move_die_s)
        yield from self.drive(v, turn_to, distance, value, arc, how)
        if arc == "rear" and v.in_play:
            yield from self.combat.damage(v, 1, "driving off to the rear arc")
        if value > effects.handling(v, v.vehicle.handling) and v.in_play:
            yield from self.combat.damage(v, effects.handling_damage(v), f"a {value} over its handling")
        grind = effects.drive_damage(v, value)  # a Grinding Noise
        if grind and v.in_play:
            yield from self.combat.damage(v, grind, f"its move die of {value} (grinding noise)")

    def drive(
        self, v: Model, turn_to: float | None, distance: float, speed: int, arc: str | None, how: str = "drive"
    ) -> Flow:
        """Pivot, then forward ``distance`` at current speed ``speed``, dealing with each thing
        the hull bumps into, then shake the towers with the motion and resolve the smashes."""
        table = self.table
        start = origin = table.figure_position(v.id)
        angle0 = table.figure(v.id).angle
        segments: list[tuple[float, float, float, bool]] = []  # dx, dy (in), speed (in), crash
        if turn_to is not None:
            piv = table.sweep_hull(v.id, 0.0, turn_to, kinds=(Kind.FIGURE, Kind.TERRAIN))
            table.move_figure(v.id, start, angle=piv.angle_end)
            segments += self._pivot_segments(v, angle0, piv.angle_end)
        self.current_speed[v.id] = speed
        if how in ("drive", "grapple") and effects.flies(v):  # Fly: picked up and placed, ignoring what is between
            end = self._fly(v, distance)
            self.emit(
                ev.VehicleMoved(v.id, start, end, angle0, table.figure(v.id).angle, speed, arc, distance, None, "fly")
            )
            yield from self._ride(v, segments)  # (the pivot; the towers are put back beside it safely)
            self.current_speed[v.id] = 0
            return
        travelled = 0.0
        stop: str | None = None
        smashes: list[tuple[Model, Model, bool, str]] = []
        bump_damage = 0
        slides = 0
        self._loot_under(v)
        while travelled < distance - 1e-6 and v.in_play:
            here = table.figure_position(v.id)
            s = table.sweep_hull(v.id, distance - travelled)
            table.move_figure(v.id, s.end)
            travelled += s.travelled
            c = s.contact
            seg = (s.end[0] - here[0], s.end[1] - here[1])
            if c is None:
                segments.append((*seg, speed, False))
                more = self._slick_ahead(v) if slides < MAX_SLIDES else 0.0
                if more > 0.0:  # "You cannot stop moving on an oil slick": on it goes, still at speed
                    slides += 1
                    distance = travelled + more
                    continue
                break
            kind, tid = c.thing.kind, c.thing.id
            if kind == Kind.TOKEN:  # loot it and carry on
                segments.append((*seg, speed, False))
                self.loot_cap(v, tid)
                continue
            o = self.models.get(tid) if kind == Kind.FIGURE else None
            if o is not None and o.vehicle is None and (o.fallen or not self.enemies(v.id, o.id)):
                segments.append((*seg, speed, False))
                ok = yield from self.push_clear(v, o)
                if o.fallen and ok:  # "steal 1 cap from them"
                    foe = self.enemies(v.id, o.id)
                    if foe:  # run over (the afterparty's Gory Trophy Rack reads it), then the cap
                        self.emit(ev.RanOver(v.id, o.id))
                    n = self.take_cap(o.boss, v.boss, 1)
                    self.emit(ev.Pinched(v.id, o.id, n))
                    if foe:
                        effects.ran_over(self, v, o)  # a Gory Trophy Rack counts it
                if ok:
                    continue
            elif o is not None and o.vehicle is None and (yield from self._dodged(v, o, speed)):
                segments.append((*seg, speed, False))  # Really Bright Headlamps: they got out of the way
                continue
            elif o is not None and o.vehicle is None:  # a standing enemy: a fight, then carry on
                segments.append((*seg, speed, True))
                yield from self._ride(v, segments)
                segments = []
                self.emit(
                    ev.VehicleMoved(
                        v.id, start, s.end, angle0, s.angle_end, speed, arc, travelled, thing_label(c.thing), how
                    )
                )
                start, angle0 = s.end, s.angle_end
                if not v.in_play or self._activation_over:
                    return
                yield from self.combat.fight(v, o)
                if o.in_play and o.fallen:
                    yield from self.push_clear(v, o)
                if v.in_play and o.in_play and o.id in self.touching(v.id) and not self._clear_ahead(v, o):
                    stop = thing_label(c.thing)
                    break
                continue
            # a move die, terrain, another vehicle, the table edge, or a git that would not move: stop
            segments.append((*seg, speed, True))
            stop = thing_label(c.thing) if kind != Kind.EDGE else "edge"
            if kind == Kind.DIE:
                bump_damage += 1
                self.discard_die(tid)
            elif kind == Kind.TERRAIN:
                smashes.append((v, v, False, "terrain"))
                yield from self.bumped_barrel(tid, v)
            elif o is not None and o.vehicle is not None:
                head_on = table.front_contact(v.id, o.id) and table.front_contact(o.id, v.id)
                smashes += [(v, o, head_on, "collision"), (o, v, head_on, "collision")]
            break
        end = table.figure_position(v.id)
        facing = table.figure(v.id).angle  # where it stopped: a wipeout below flips and spins it away
        self.emit(ev.VehicleMoved(v.id, start, end, angle0, facing, speed, arc, travelled, stop, how))
        self.advance(self.costs.carry_s_per_in["normal"] * travelled / 2)
        logged = len(self.events)
        yield from self._ride(v, segments)
        if bump_damage and v.in_play:
            yield from self.combat.damage(v, bump_damage, "bumped into a move die")
        yield from self.resolve_smashes(smashes)  # (begun at the stop: both sides, even after a wipeout)
        if self._wiped_out_since(v, logged):
            # "A wipeout ends the vehicle's activation": it has flipped and spun away from the
            # path, so the rest of the move (what the hull touched on the way) is not resolved
            # at a place it no longer is (docs/rules.md, "A wipeout in the middle of a move").
            self.current_speed[v.id] = 0
            return
        yield from self.check_triggers(v, origin)  # a mine it came near on the way
        if v.in_play:  # what its hull touched on the way (an Oil Slick: D6 damage; Toxic Waste: 1/0)
            for tid in self._areas_touched(v, origin, angle0, facing, end):
                if v.in_play and tid in self.terrain_types:
                    yield from effects.moved_through(self, v, tid, self.terrain_type(tid), speed)
        self.current_speed[v.id] = 0

    def _wiped_out_since(self, v: Model, logged: int) -> bool:
        """Has ``v`` wiped out since the log was ``logged`` events long? Read from the log, not
        kept as state, so a move's wipeout needs no extra field in the match's snapshot."""
        return any(isinstance(e, ev.WipedOut) and e.model == v.id for e in self.events[logged:])

    def _dodged(self, v: Model, o: Model, speed: int) -> Flow:
        """Really Bright Headlamps: "Gits roll D6 when dodging this vehicle." The book has no
        dodge; our reading (docs/rulebook-gaps.md): a standing enemy git the vehicle drives into
        rolls that die and dodges if it meets or beats the current speed, moved the minimum
        distance clear of the path (as a friend is), with no fight. Returns whether it dodged."""
        die = effects.dodge_die(v)
        if die is None:
            return False
        r = roll(parse_dice(die), self.rng("dice"))[0]
        ok = r >= speed
        self.emit(ev.EffectRolled(o.id, "really_bright_headlamps", die, r, "dodged" if ok else "dazzled"))
        if not ok:
            return False
        cleared = yield from self.push_clear(v, o)
        return bool(cleared)

    def _slick_ahead(self, v: Model) -> float:
        """How much further a hull that has run its distance must go straight on because it would
        stop on terrain it cannot stop on (an Oil Slick: "you keep travelling in a straight line
        until you exit the oil slick or bump into something"): to just clear of every such piece
        it overlaps (measured with the hull's half-length, its reach along the way it faces), or
        0 if it is on none. Stone Wheels ignore the slick."""
        assert v.vehicle is not None
        table = self.table
        on = [
            t.id
            for t, _gap in table.within(0.0, figure=v.id, kinds=(Kind.TERRAIN,))
            if t.id in self.terrain_types and effects.keeps_sliding(self.terrain_type(t.id), v)
        ]
        if not on:
            return 0.0
        here = table.figure_position(v.id)
        a = table.figure(v.id).angle
        far = math.hypot(table.width, table.height)
        ahead = (here[0] + math.cos(a) * far, here[1] + math.sin(a) * far)
        reach = v.vehicle.hull_in[1] / 2
        exits = [hi for tid, _lo, hi in table.areas_along(reach, here, ahead) if tid in on]
        more = max(exits, default=0.0) + SLIDE_CLEAR_IN
        self.emit(ev.Slid(v.id, self.terrain_type(on[0]).name, more))
        return more

    def _areas_touched(self, v: Model, origin: Point, a0: float, a1: float, end: Point) -> list[str]:
        """Crossable terrain the hull touched pivoting at ``origin`` from facing ``a0`` to ``a1``
        and running on to ``end`` (poses every 5 degrees and every 0.1"), in the order met."""
        turns = max(1, int(abs(a1 - a0) / math.radians(5)))
        steps = max(1, int(math.dist(origin, end) / TOUCH_STEP_IN))
        poses = [(origin, a0 + (a1 - a0) * k / turns) for k in range(turns + 1)]
        poses += [(_lerp(origin, end, k / steps), a1) for k in range(steps + 1)]
        out: list[str] = []
        for pos, ang in poses:
            out += [t for t in self.table.hull_areas(v.id, pos, ang) if t not in out]
        return out

    def bumped_barrel(self, terrain_id: str, v: Model) -> Flow:
        """Driving into a barrel blows it up, as a shot does (its blast is the vehicle's damage)."""
        if self.combat.is_barrel(terrain_id):
            yield from self.combat.explode_barrels([terrain_id], v)

    def _clear_ahead(self, v: Model, o: Model) -> bool:
        """Is ``o`` out of the hull's way forward (pushed to one side)?"""
        local = self.table.local_point(v.id, self.position(o.id))
        assert v.vehicle is not None
        return abs(local[1]) >= v.vehicle.hull_in[0] / 2 + self.table.figure_radius(o.id) - 1e-3

    def _loot_under(self, v: Model) -> None:
        """Caps the hull now lies on (after a pivot, flip or placement) are looted."""
        for thing, _gap in self.table.within(CONTACT_IN, figure=v.id, kinds=(Kind.TOKEN,)):
            if thing.id in self.table.tokens:
                self.loot_cap(v, thing.id)

    def push_clear(self, v: Model, o: Model) -> Flow:
        """Move a git "the minimum distance needed to clear the path of your movement": straight
        out to the nearer side of the hull's corridor (the other side if that is blocked). A
        real push on the table: its tower is shoved and may fall. Returns whether it is clear."""
        assert v.vehicle is not None
        table = self.table
        r = table.figure_radius(o.id)
        hw = v.vehicle.hull_in[0] / 2
        lx, ly = table.local_point(v.id, self.position(o.id))
        side = 1.0 if ly >= 0 else -1.0
        for sgn in (side, -side):
            need = hw + r + CONTACT_IN - sgn * ly
            if need <= 0:
                return True
            a = table.figure(v.id).angle + sgn * math.pi / 2
            d = (math.cos(a), math.sin(a))
            res = table.sweep(o.id, direction=d, distance=need, ignore=[v.id], stop_kinds=(Kind.FIGURE, Kind.TERRAIN))
            if res.travelled < need - 1e-3:
                continue
            start = self.position(o.id)
            table.move_figure(o.id, res.end)
            ok, frames = True, []
            if o.standing and o.tower.height > 0:
                o.tower.record()
                ok = o.tower.push(d, need / MM)
                frames = o.tower.recorded()
            self.emit(ev.ModelMoved(o.id, start, res.end, need, need, None, None, None, None, "pushed clear", frames))
            self.sync_tower(o)
            if not ok:
                yield from self.tower_fell(o, v.boss, f"pushed clear by {v.name}")
            return True
        return False

    def _pivot_segments(self, v: Model, a0: float, a1: float) -> list[tuple[float, float, float, bool]]:
        """A pivot moves the towers (at the rear of the hull) along an arc: as its chord."""
        assert v.vehicle is not None
        ln = v.vehicle.hull_in[1]
        r = ln / 2
        back0 = (-r * math.cos(a0), -r * math.sin(a0))
        back1 = (-r * math.cos(a1), -r * math.sin(a1))
        dx, dy = back1[0] - back0[0], back1[1] - back0[1]
        if math.hypot(dx, dy) < 1e-6:
            return []
        return [(dx, dy, PIVOT_SPEED_IN, False)]

    def _ride(self, v: Model, segments: list[tuple[float, float, float, bool]]) -> Flow:
        """Both towers ride the hull's motion; if either tumbles, the vehicle wipes out."""
        if not v.in_play or not segments:
            return
        assert v.tower2 is not None
        ok = True
        for tower in (v.tower, v.tower2):
            if tower.height == 0:
                continue
            for dx, dy, speed, crash in segments:
                if math.hypot(dx, dy) < 1e-6 and not crash:
                    continue
                if not tower.ride(dx / MM, dy / MM, tower.ride_speed_mm_s(speed), crash):
                    ok = False
                    break
            if not ok:
                break
        if not ok:
            yield from self.wipeout(v, "a tower tumbled on the move")

    # ------------------------------------------------------------------ smashing

    def smash(self, v: Model, target: Model, speed: int, head_on: bool, why: str) -> tuple[int, list[int], int]:
        """Roll a smash: toughness + current speed D6, each ≥ the target's toughness does big
        damage 1, else weak 0 (head-on: +1/+1). Returns (damage, the first rolls, toughness).
        One roll kept as it fell (:meth:`roll_smash` then :meth:`settle_smash`); a Sidesaws
        re-roll calls the two itself and settles only the roll it keeps.

        Smashing yourself (``target`` is ``v``: a bump into terrain) is exactly what the book
        spells out: "you roll a number of D6 equal to your vehicle's toughness plus its current
        speed and each smash dice that rolls equal or over your vehicle's toughness causes you 1
        damage". What changes a smash (rams, spikes, buzzblades, a Spiked Roller, a Weak Frame)
        is for smashing something else, and an Explosive Ram's first smash is not spent on it."""
        return self.settle_smash(v, target, speed, head_on, self.roll_smash(v, target, speed, head_on, why))

    def _smash_terms(self, v: Model, target: Model, speed: int, head_on: bool) -> tuple[int, int, int, int]:
        """(how many smash dice, the toughness they roll against, weak damage, big damage). Asks
        the effects without spending anything, so a roll and its re-roll see the same terms."""
        own = target is v
        n = v.toughness + max(0, speed)
        n = n if own else effects.smash_dice(v, n)
        tough = v.toughness if own else effects.smash_toughness(v, target.toughness)
        weak, big = (0, 1) if own else effects.smash_damage(v, (0, 1))
        if head_on:
            weak, big = weak + HEAD_ON[0], big + HEAD_ON[1]
        return n, tough, weak, big

    def roll_smash(self, v: Model, target: Model, speed: int, head_on: bool, why: str) -> tuple[int, list[int], int]:
        """Roll the smash dice once and say what they would do: (damage, rolls, toughness). Only
        the dice and their event: nothing is spent or set off until the roll is kept
        (:meth:`settle_smash`), so a roll Sidesaws throws away leaves no trace but its log line."""
        n, tough, weak, big = self._smash_terms(v, target, speed, head_on)
        rolls = [int(self.rng("dice").integers(1, 7)) for _ in range(n)]
        dmg = sum(big if r >= tough else weak for r in rolls)
        self.emit(ev.Smashed(v.id, target.id, rolls, tough, dmg, head_on, why))
        return dmg, rolls, tough

    def settle_smash(
        self, v: Model, target: Model, speed: int, head_on: bool, kept: tuple[int, list[int], int]
    ) -> tuple[int, list[int], int]:
        """The smash's roll that counts (``kept``, from :meth:`roll_smash`): a Spiked Roller rolls
        again on its big damage ("counting the target's toughness as +1", again on each repeat's
        big damage, the repeat's damage added), the Explosive Ram's first smash is spent (its
        +2/+4 was on the kept roll and every repeat), and its big damage sets Flame Gouts' fire.
        Returns (all the damage, the kept rolls, their toughness)."""
        dmg, first, tough0 = kept
        if target is v:
            return kept
        n, _tough, weak, big = self._smash_terms(v, target, speed, head_on)
        tough, rolls = tough0, first
        rng = self.rng("dice")
        while any(r >= tough for r in rolls) and effects.smash_again(v) and tough <= 6:
            tough += 1  # a Spiked Roller: "roll your smash again, counting the target's toughness as +1"
            rolls = [int(rng.integers(1, 7)) for _ in range(n)]
            more = sum(big if r >= tough else weak for r in rolls)
            self.emit(ev.Smashed(v.id, target.id, rolls, tough, more, head_on, "again"))
            dmg += more
        effects.after_smash(v)  # the Explosive Ram's "first time in a game you smash" is over
        if any(r >= tough0 for r in first):
            effects.on_smash_big(self, v, target)  # Flame Gouts
        return dmg, first, tough0

    def resolve_smashes(self, smashes: list[tuple[Model, Model, bool, str]]) -> Flow:
        """Roll every smash first, then stack the damage: "resolve both smashes then stack the
        damage on both vehicles"."""
        hits = []
        for who, target, head_on, why in smashes:
            if who.in_play and target.in_play:
                dmg, _rolls, _t = self.smash(who, target, self.current_speed.get(who.id, 0), head_on, why)
                hits.append((who, target, dmg))
        for who, target, dmg in hits:  # a vehicle that hit terrain smashes itself: say so, not "by itself"
            cause = "smashed into terrain" if who is target else f"smashed by {who.name}"
            yield from self.combat.damage(target, dmg, cause, "smash", by=who)

    # ------------------------------------------------------------------ towers

    def add_tower_dice(self, m: Model, n: int, reason: str, stacked_by: int | None = None) -> Flow:
        """A vehicle has two towers, and a tumble is a wipeout (:meth:`vehicle_tower_dice`)."""
        if m.vehicle is not None and m.standing and n > 0:
            yield from self.vehicle_tower_dice(m, n, reason)
            return
        yield from super().add_tower_dice(m, n, reason, stacked_by)

    def tower_fell(self, m: Model, knocked_by: int, cause: str) -> Flow:
        """A vehicle's tower that tumbles is a wipeout, whoever knocked it."""
        if m.vehicle is not None:
            yield from self.wipeout(m, cause)
            return
        yield from super().tower_fell(m, knocked_by, cause)

    def vehicle_tower_dice(self, v: Model, n: int, reason: str) -> Flow:
        """Dice on a vehicle go on its two towers, each die on the shorter one (how a boss keeps
        two towers standing). A tumble is a wipeout."""
        assert v.tower2 is not None
        n = effects.tower_dice(v, n)
        added = [0, 0]
        ok = True
        for _ in range(n):
            k = 0 if v.tower.height <= v.tower2.height else 1
            ok = (v.tower, v.tower2)[k].add_die()
            added[k] += 1
            self.advance(self.costs.tower_die_s if reason != "swig" else 0.0)
            if not ok:
                break
        heights = [v.tower.height, v.tower2.height]
        frames = [t.frame() if ok else [] for t in (v.tower, v.tower2)]
        self.emit(ev.VehicleTowers(v.id, added, reason, heights, ok, frames))
        if not ok:
            if v.id in self._wiping:  # the crunch of a wipeout toppled it: cleared, no second wipeout
                v.tower.clear()
                v.tower2.clear()
                return
            yield from self.wipeout(v, reason)

    def wipeout(self, v: Model, cause: str) -> Flow:
        """Clear the towers, drop D3 caps, the boss to the left picks and throws three wipeout
        dice; flip forward by the highest, spin to face the lowest, crunch for the last. After
        the siren the vehicle is wrecked."""
        assert v.vehicle is not None and v.tower2 is not None
        if v.id in self._wiping or not v.in_play:
            return
        self._wiping.add(v.id)
        try:
            dice = v.tower.height + v.tower2.height
            v.tower.clear()
            v.tower2.clear()
            yield from effects.on_fell_over(v, self)  # what lasts "until it falls over or wipes out"
            if self.active_model == v.id:
                self._activation_over = True
            self._drop_caps(v, int(self.rng("dice").integers(1, 4)), cause, dice)
            left = clockwise_from(len(self.bosses), v.boss)[1]
            options = tuple(dice_choices(effects.engine(v), WIPEOUT_DICE))
            sizes = yield ChooseDice(left, options, f"wipeout dice for {v.name}", v.id, "wipeout")
            thrown = yield AimThrow(left, v.id, "wipeout", tuple(sizes), self.table.width, self.table.height)
            landed = yield from self.throw(left, v.id, "wipeout", tuple(sizes), thrown, keep_lost=True)
            by_value = sorted(landed, key=lambda d: (-d[2], d[0]))
            flip, rest = by_value[0], by_value[1:]
            on_table = [d for d in rest if d[3] is not None and self.table.has_die(d[0])]
            spin = min(on_table or rest, key=lambda d: (d[2], d[0]))
            crunch = next(d for d in rest if d is not spin)
            if v.in_play:
                self._flip(v, flip[2])
            self.discard_die(flip[0])
            if v.in_play and self.table.has_die(spin[0]):
                self._spin(v, self.table.die(spin[0]).position, spin[2])
            self.discard_die(spin[0])
            self.discard_die(crunch[0])
            if v.in_play:
                yield from self.combat.damage(v, crunch[2], f"crunch ({crunch[2]})", "crunch")
            if self.siren and v.in_play:
                yield from self.wreck(v)
        finally:
            self._wiping.discard(v.id)

    def _drop_caps(self, v: Model, n: int, cause: str, dice: int) -> list[tuple[str, Point]]:
        """D3 caps from the stash, within 1" of the vehicle (not touching it, terrain or other
        caps); one that lands touching another of your models is looted by it at once."""
        boss = self.bosses[v.boss]
        cap_r = float(self.table.p["token"]["diameter_mm"]) * MM / 2
        out: list[tuple[str, Point]] = []

        def catcher(c: Point) -> bool:  # "If you can put them in contact with another of your models, great!"
            return any(
                (o := self.models.get(t.id)) is not None and o.boss == v.boss and o.id != v.id and o.standing
                for t, _gap in self.table.within(cap_r + CONTACT_IN, point=c, kinds=(Kind.FIGURE,))
            )

        for _ in range(min(n, boss.stash)):
            spot = self._spot_by_hull(v, cap_r, CAP_DROP_IN, catcher, apart=(Kind.TERRAIN, Kind.TOKEN))
            if spot is None:
                break
            boss.stash -= 1
            out.append((self.table.add_token(spot), spot))
        self.emit(ev.WipedOut(v.id, cause, dice, out))
        for cap, spot in out:
            near = self.table.within(cap_r + CONTACT_IN, point=spot, kinds=(Kind.FIGURE,))
            for thing, _gap in near:
                o = self.models.get(thing.id)
                if o is not None and o.boss == v.boss and o.id != v.id and o.standing:
                    self.loot_cap(o, cap)  # "deftly catching them as they fly off the vehicle"
                    break
        return out

    def _flip(self, v: Model, value: int) -> None:
        """Forward by ``value`` ignoring everything, but not ending overlapping a model or
        terrain: further forward by the minimum that clears it (back, if the edge is in the way)."""
        a = self.table.figure(v.id).angle
        start, end = self._flip_to(v, value)
        self.emit(ev.VehicleMoved(v.id, start, end, a, a, value, None, math.dist(start, end), None, "flip"))
        self._loot_under(v)

    def _fly(self, v: Model, distance: float) -> Point:
        """Place the hull ``distance`` straight ahead, ignoring what is between, looting every
        cap it passes over; not overlapping a model or terrain where it lands (the nearest clear
        spot further on, else back towards the start). Returns where it ends."""
        assert v.vehicle is not None
        table = self.table
        w, ln = v.vehicle.hull_in
        cap_r = float(table.p["token"]["diameter_mm"]) * MM / 2
        for cap, pos in list(table.tokens.items()):
            lx, ly = table.local_point(v.id, pos)
            if abs(ly) <= w / 2 + cap_r and -ln / 2 - cap_r <= lx <= distance + ln / 2 + cap_r:
                self.loot_cap(v, cap)  # "Loot any bottle caps you pass over"
        self._flip_to(v, distance)
        return table.figure_position(v.id)

    def _flip_to(self, v: Model, distance: float) -> tuple[Point, Point]:
        """Move the hull straight forward ``distance`` ignoring everything, to the first spot
        at or beyond it where it overlaps no model or terrain (back towards the start if the table
        edge is in the way). Returns (start, end)."""
        table = self.table
        start = table.figure_position(v.id)
        a = table.figure(v.id).angle
        fwd = (math.cos(a), math.sin(a))
        step = 0.05
        far = math.hypot(table.width, table.height)
        tries = [distance + k * step for k in range(int(far / step))]
        tries += [distance - k * step for k in range(1, int(distance / step) + 1)]
        end = start
        for d in tries:
            p = (start[0] + fwd[0] * d, start[1] + fwd[1] * d)
            if table.hull_fits(v.id, p, a):
                end = p
                break
        table.move_figure(v.id, end)
        return start, end

    def _spin(self, v: Model, toward: Point, value: int) -> None:
        """Pivot until the die is in the front corridor, ignoring everything, but not ending
        overlapping: if blocked, as close to facing it as it can."""
        assert v.vehicle is not None
        table = self.table
        pos = table.figure_position(v.id)
        a0 = table.figure(v.id).angle
        turn = pivot_to_corridor(table.local_point(v.id, toward), v.vehicle.hull_in[0] / 2)
        best = a0
        n = max(1, int(abs(turn) / math.radians(2)))
        for k in range(n, 0, -1):  # the full spin first, then less and less
            a = a0 + turn * k / n
            if table.hull_fits(v.id, pos, a):
                best = a
                break
        table.move_figure(v.id, pos, angle=best)
        self.emit(ev.VehicleMoved(v.id, pos, pos, a0, best, value, None, 0.0, None, "spin"))
        self._loot_under(v)

    def wreck(self, v: Model) -> Flow:
        """After the siren a wipeout wrecks it: passengers get off within 1" (D6 tower dice),
        the driver stays in the mangled wreckage, it explodes (2 × toughness) and stays as
        terrain."""
        assert v.vehicle is not None
        passengers = [self.models[p] for p in v.crew[1:]]
        for p in passengers:
            yield from self.put_off(v, p, "wrecked")
        pos = self.position(v.id)
        polygon = [self.table.world_point(v.id, c) for c in self._hull_corners(v)]
        radius = self.table.figure_radius(v.id)
        v.wrecked = True
        self.remove_model(v, "wrecked")
        for c in v.crew:
            driver = self.models[c]
            driver.removed = True
        tid = f"wreck-{v.id}"
        tt = self.rules.terrain[WRECK_TYPE]
        self.table.add_terrain(tid, tt.height_in, polygon=polygon, tags=(WRECK_TYPE,))
        self.terrain_types[tid] = WRECK_TYPE
        got_off = [p.id for p in passengers if p.aboard is None]
        self.emit(ev.Wrecked(v.id, tid, WRECK_TYPE, tt.height_in, polygon, got_off))
        yield from self.combat.explode(v.id, pos, effects.wreck_explosion(v), from_model=None, radius_in=radius, by=v)

    def _hull_corners(self, v: Model) -> list[Point]:
        assert v.vehicle is not None
        w, ln = v.vehicle.hull_in
        return [(ln / 2, w / 2), (-ln / 2, w / 2), (-ln / 2, -w / 2), (ln / 2, -w / 2)]

    # ------------------------------------------------------------------ shooting

    def crew_can_shoot(self, v: Model) -> bool:
        return any(len(self.crew_gun_options(v, g)) > 1 for g in self.crew_of(v))

    def crew_gun_options(self, v: Model, git: Model) -> list[tuple[str, ...]]:
        """What a git aboard may fire: the driver one of their 1-handed guns or a fixed gun;
        a passenger one of their own guns or a pintle gun; or hold fire (()). A gun is ready
        or not on the vehicle: "While a git is in a vehicle, they are not a separate model", so
        the vehicle is the model a reload token is on (Slow to Reload)."""
        driver = bool(v.crew) and v.crew[0] == git.id
        own = [w for w in git.weapons if w.kind == "shooting" and effects.gun_ready(v, w)]
        if driver:  # "one of their 1-handed weapons": held in one hand (a bullorc is Strong)
            own = [w for w in own if effects.hands_aboard(git.spec, w, self.rules) <= 1]
        opts: list[tuple[str, ...]] = [(w.id,) for w in own]
        want = "fixed" if driver else "pintle"
        for k, mt in enumerate(v.mounts):
            if mt.how == want and effects.gun_ready(v, mt.weapon):
                arcs = self.mount_arcs(v, k)
                opts += [(f"mount:{k}",)] if len(arcs) == 1 else [(f"mount:{k}@{a}",) for a in arcs]
        opts += [(o,) for o in effects.crew_options(v, driver)]  # a Wrecking Ball
        return sorted(set(opts)) + [()]

    def vehicle_shoot(self, v: Model) -> Flow:
        """ "Each of the gits on board get a chance to take a shoot action": own guns hit in any
        direction; fixed guns only what lies in the front corridor, pintle guns the front arc
        (a Sponson's gun a side arc). The whole vehicle is the model for lines of fire."""
        yield from effects.on_shoot(self, v)  # a Git Launcher
        used: set[str] = set()  # each bolted gun ("mount:K", whatever its arc) and each mod fires once per action
        for git in self.crew_of(v):
            if not v.in_play:
                return
            opts = [o for o in self.crew_gun_options(v, git) if not (o and o[0].split("@")[0] in used)]
            if len(opts) <= 1:
                continue
            pick = yield CrewGuns(v.boss, tuple(opts), f"what does {git.name} fire?", git.id, v.id)
            if not pick:
                continue
            self.emit(ev.CrewFired(git.id, v.id, list(pick)))  # this git took a shoot action
            if pick[0].startswith("mod:"):
                used.add(pick[0])
                if effects.fires_all_mounts(v, pick[0]):  # an Auto-Gunner: every bolted gun has fired
                    used.update(f"mount:{k}" for k in range(len(v.mounts)))
                yield from effects.fire_mod(self, v, pick[0])
            elif pick[0].startswith("mount:"):
                k, arc = self.parse_mount(v, pick[0])
                used.add(f"mount:{k}")
                yield from self.combat.shoot_with(v, [v.mounts[k].weapon], arc)
            else:
                yield from self.combat.shoot_with(v, [self.rules.weapons[w] for w in pick], None)

    def mount_arcs(self, v: Model, k: int) -> tuple[str, ...]:
        """The arcs the k-th bolted gun may fire into: a fixed gun the front corridor, a pintle
        gun the front arc (a Sponson's gun a side arc instead, if its gunner likes)."""
        return effects.mount_arcs(v, k, "corridor" if v.mounts[k].how == "fixed" else "front")

    def parse_mount(self, v: Model, option: str) -> tuple[int, str]:
        """ "mount:K" or "mount:K@ARC" -> (K, the arc it fires into)."""
        body, _, arc = option[len("mount:") :].partition("@")
        k = int(body)
        return k, arc or self.mount_arcs(v, k)[0]

    def in_arc(self, v: Model, arc: str, point: Point) -> bool:
        """Is ``point`` in a vehicle's arc: "corridor" (front corridor), "front", "left", "right"?"""
        if arc == "corridor":
            return self.table.in_front_corridor(v.id, point, grace_in=0.05)
        lx, ly = self.table.local_point(v.id, point)
        if arc == "front":
            return lx >= -0.05
        return ly >= -0.05 if arc == "left" else ly <= 0.05

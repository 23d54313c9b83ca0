"""Faction rules (rulebook: "Factions"): one handler per rule_id in factions.yaml. "All the
models in your mob get the special rule for that faction": every model of a gang that names a
faction carries its handler, its vehicles too (``static_effects``, ``vehicle_effects``). The
Legal Notice decides each rule's reach: a rule that names "a model" reaches vehicles, one that
names "a git" does not ("If a rule refers specifically to gits, it doesn't apply to vehicles").

* Tasty Smells ("each other friendly model"): a vehicle's activation spreads the smell, and a
  friendly vehicle within reach loses a die (off the taller of its towers).
* Invisible Walls ("An enemy git … outside of 3" of this model"): a mime vehicle walls enemy gits
  off 3" from its hull; an enemy vehicle is not walled.
* Handcuffs ("After you shove an enemy … roll a D6 as a move dice and move using it"): a vehicle
  that shoves chases as a vehicle resolves a move die (pivot if it lies in front, then forward).
* Grabbing Hands, Berserk, PTSD, Encouraging Chants, the Green Wing, Pulling Teeth name gits
  ("this git", "a friendly git"): a vehicle neither uses nor gets them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...data.dice import parse_dice, roll
from ..decisions import GearChoice
from .base import Effect, Flow, is_git, register, take_swig, take_tower_dice

if TYPE_CHECKING:
    from ..ops import CombatOps as Combat
    from ..ops import MatchOps as Match
    from ..state import Model


def _friends(match: Match, m: Model, reach: float) -> list[Model]:
    """Other standing friendly models within ``reach`` inches (base to base)."""
    return [
        o
        for o in match.in_play(m.boss)
        if o.id != m.id and o.standing and match.table.distance_between(m.id, o.id) <= reach
    ]


def _halt_by_hull(
    match: Match, holder: Model, mover: Model, start: Any, end: Any, distance: float, wall: float
) -> float:
    """Invisible Walls round a vehicle: how far ``mover`` may go from ``start`` towards ``end``
    before its base comes within ``wall`` of the hull (unlimited if it starts within it). Found
    along the line in 1/4" steps, then halved down to 1/1000"."""
    from ...physics.table import Kind

    r = match.table.figure_radius(mover.id)

    def near(p: Any) -> bool:
        return any(t.id == holder.id for t, _gap in match.table.within(wall + r, point=p, kinds=(Kind.FIGURE,)))

    dx, dy = end[0] - start[0], end[1] - start[1]
    d = math.hypot(dx, dy)
    if d < 1e-9 or near(start):
        return distance
    ux, uy = dx / d, dy / d

    def at(t: float) -> Any:
        return (start[0] + ux * t, start[1] + uy * t)

    lo, step = 0.0, 0.25
    while lo < distance:
        hi = min(lo + step, distance)
        if near(at(hi)):
            for _ in range(10):
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if near(at(mid)) else (mid, hi)
            return lo
        lo = hi
    return distance


def _vehicle_chase(match: Match, v: Model, other: Model, n: int, rule: str) -> Flow:
    """The Fuzz's Handcuffs for a vehicle: the D6 is a move die lying where the shoved git stands,
    resolved as a vehicle's (pivot if it lies in the front arc, then forward); offered only if
    that drive would bring the hull into contact with an enemy model."""
    from ...physics.table import Kind

    target = match.position(other.id)
    turn_to, dist, _arc = match.heading(v, target, n)
    probe = match.table.sweep_hull(v.id, dist, turn_to, kinds=(Kind.FIGURE, Kind.TERRAIN))
    hit = probe.contact
    if hit is None or hit.thing.id not in match.models or not match.enemies(v.id, hit.thing.id):
        return
    pick = yield GearChoice(v.boss, ("chase", "no"), f"chase them with a {n}?", v.id, rule)
    if pick == "chase":
        speed = match.current_speed.get(v.id, 0)  # (a fight in the middle of its own move die)
        yield from match.drive_to(v, target, n)
        match.current_speed[v.id] = speed


@register
class TastySmells(Effect):
    """After each activation, each other friendly model within 2D6" discards a die from its tower."""

    family, id = "factions", "tasty_smells"

    def after_each_activation(self, m: Model, match: Match) -> None:
        if not m.in_play:
            return
        reach = sum(roll(parse_dice("2D6"), match.rng("dice")))
        for o in _friends(match, m, reach):
            if o.tower.height + (o.tower2.height if o.tower2 is not None else 0):
                take_tower_dice(match, o, 1, "tasty smells")


@register
class GrabbingHands(Effect):
    """Ending a move die within 3" of a cap, it may push directly towards it up to 3"."""

    family, id = "factions", "grabbing_hands"
    REACH = 3.0

    def after_move_die(self, match: Match, m: Model) -> Flow:
        from ...physics.table import Kind

        if not is_git(m):  # "If this git ends a move dice…"
            return
        caps = [t for t, gap in match.table.within(self.REACH, figure=m.id, kinds=(Kind.TOKEN,))]
        if not caps:
            return
        pick = yield GearChoice(m.boss, ("grab", "no"), "push towards the cap (grabbing hands)?", m.id, self.id)
        if pick == "no":
            return
        cap = match.table.token_position(caps[0].id)
        yield from match.move(m, self.REACH, "normal", toward=cap, reason="grab")


@register
class InvisibleWalls(Effect):
    """An enemy git starting a move die more than 3" away must halt 3" away."""

    family, id = "factions", "invisible_walls"
    WALL = 3.0

    def limits_move(self, match: Match, holder: Model, mover: Model, start: Any, end: Any, distance: float) -> float:
        if not holder.standing or mover.id == holder.id or not is_git(mover):  # "An enemy git"
            return distance
        if not is_git(holder):  # "3" of this model": a vehicle's hull
            return _halt_by_hull(match, holder, mover, start, end, distance, self.WALL)
        h = match.position(holder.id)
        reach = self.WALL + match.table.figure_radius(holder.id) + match.table.figure_radius(mover.id)
        if math.dist(start, h) <= reach + 1e-9:
            return distance  # it started within 3": it may move closer
        dx, dy = end[0] - start[0], end[1] - start[1]
        d = math.hypot(dx, dy)
        if d < 1e-9:
            return distance
        ux, uy = dx / d, dy / d
        # the first point along the line whose centre is ``reach`` from the mime
        fx, fy = start[0] - h[0], start[1] - h[1]
        b = fx * ux + fy * uy
        c = fx * fx + fy * fy - reach * reach
        disc = b * b - c
        if disc < 0:
            return distance
        t = -b - math.sqrt(disc)
        return distance if t < 0 else min(distance, t)


@register
class FuzzHandcuffs(Effect):
    """After shoving an enemy, a D6 move towards it if that brings the git into contact."""

    family, id = "factions", "handcuffs"

    def after_shove(self, combat: Combat, who: Model, other: Model) -> Flow:
        match = combat.match
        if not other.standing or not who.standing:
            return
        n = roll(parse_dice("D6"), match.rng("dice"))[0]
        if not is_git(who):  # a vehicle moves using a move die as vehicles do
            yield from _vehicle_chase(match, who, other, n, self.id)
            return
        res = match.table.sweep(who.id, toward=match.position(other.id), distance=float(n))
        if res.contact is None or res.contact.thing.id not in match.models:
            return  # "if it would bring you into contact with an enemy model"
        if not match.enemies(who.id, res.contact.thing.id):
            return
        pick = yield GearChoice(who.boss, ("chase", "no"), f"chase them with a {n}?", who.id, self.id)
        if pick == "chase":
            yield from match.move(who, float(n), "hurried", toward=match.position(other.id), value=n, reason="chase")


@register
class Berserk(Effect):
    """Ending its movement within 3" of an enemy, it may move straight into contact with it."""

    family, id = "factions", "berserk"
    REACH = 3.0

    def after_scoot(self, match: Match, m: Model) -> Flow:
        if not is_git(m):  # "If this git ends its movement…"
            return
        for o in match.in_play():
            if o.boss == m.boss or not o.standing:
                continue
            gap = match.table.distance_between(m.id, o.id)
            if gap > self.REACH:
                continue
            res = match.table.sweep(m.id, toward=match.position(o.id), distance=gap + 0.01)
            if res.contact is None or res.contact.thing.id != o.id:
                continue  # not in a straight line
            pick = yield GearChoice(m.boss, ("charge", "no"), f"berserk charge at {o.name}?", m.id, self.id)
            if pick == "charge":
                yield from match.move(m, gap + 0.01, "hurried", toward=match.position(o.id), reason="berserk")
            return


@register
class Ptsd(Effect):
    """Fallen, it may take 2D6 damage to boot itself up the arse; a double and it is out."""

    family, id = "factions", "ptsd"

    def can_activate_fallen(self, m: Model, match: Match) -> bool:
        from . import folds as effects

        return is_git(m) and not match.siren and effects.can_stand(match, m)  # "If this git has fallen"

    def activate_fallen(self, m: Model, match: Match) -> Flow:
        rolls = roll(parse_dice("2D6"), match.rng("dice"))
        if rolls[0] == rolls[1]:  # "If they roll a double, they are out and removed from play."
            match.remove_model(m, f"PTSD: rolled a double {rolls[0]}")
            return "ptsd: out"
        yield from match.stand_up(m, "PTSD", active=True)
        yield from match.combat.damage(m, sum(rolls), "PTSD")
        return "ptsd"


@register
class EncouragingChants(Effect):
    """A friendly git within 6" may swig to let a git re-roll any or all of its move dice."""

    family, id = "factions", "encouraging_chants"
    CHOICE_ADVICE = "decline"  # a swig for re-rolled move dice rarely pays
    REACH = 6.0

    def after_move_throw(self, match: Match, m: Model, landed: list[Any]) -> Flow:
        from . import folds as effects

        if not is_git(m):  # "When a friendly git within 6" rolls their move dice"
            return landed
        chanters = [o.id for o in _friends(match, m, self.REACH) if is_git(o) and self in effects.effects_of(o)]
        if not chanters or not landed:
            return landed
        pick = yield GearChoice(m.boss, (*chanters, "no"), "who chants (a swig for re-rolls)?", m.id, self.id)
        if pick == "no":
            return landed
        o = match.models[pick]
        yield from take_swig(match, o)
        dice = yield from match.reroll_dice(m, "move", landed)
        return dice


@register
class GreenWingSupport(Effect):
    """A friendly git within 6" may swig to let a shooting git re-roll one of its shooting dice."""

    family, id = "factions", "green_wing_support"
    CHOICE_ADVICE = "a_friend_if_the_last_throw_was_weak"  # a swig to re-roll a jam or a weak bullet
    REACH = 6.0

    def after_bullet_throw(self, match: Match, m: Model, dice: list[Any]) -> Flow:
        from . import folds as effects

        if not is_git(m):  # "When a friendly git within 6" makes a shooting attack" (not a vehicle's crew)
            return dice
        helpers = [o.id for o in _friends(match, m, self.REACH) if is_git(o) and self in effects.effects_of(o)]
        if not helpers or not dice:
            return dice
        pick = yield GearChoice(m.boss, (*helpers, "no"), "who swigs for a re-roll?", m.id, self.id)
        if pick == "no":
            return dice
        o = match.models[pick]
        yield from take_swig(match, o)
        out = yield from match.reroll_dice(m, "bullet", dice, most=1)
        return out


@register
class PullingTeeth(Effect):
    """Putting the boot in loots D3 caps."""

    family, id = "factions", "pulling_teeth"

    def boot_in_caps(self, m: Model, match: Match, n: int) -> int:
        return roll(parse_dice("D3"), match.rng("dice"))[0]

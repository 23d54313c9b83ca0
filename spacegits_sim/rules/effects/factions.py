"""Faction rules (rulebook: "Factions"): one handler per rule_id in factions.yaml. "All the
models in your mob get the special rule for that faction": every model of a gang that names a
faction carries its handler (``static_effects``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...data.dice import parse_dice, roll
from .. import events as ev
from ..decisions import GearChoice
from .base import Effect, Flow, register

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


@register
class TastySmells(Effect):
    """After each activation, each other friendly model within 2D6" discards a die from its tower."""

    family, id = "factions", "tasty_smells"

    def activation_end(self, m: Model, match: Match) -> None:
        if not m.in_play:
            return
        reach = sum(roll(parse_dice("2D6"), match.rng("dice")))
        for o in _friends(match, m, reach):
            if o.tower.take_off(1):
                match.sync_tower(o)
                match.emit(ev.TowerRebuilt(o.id, o.tower.height, True, True, "tasty smells", o.tower.frame()))


@register
class GrabbingHands(Effect):
    """Ending a move die within 3" of a cap, it may push directly towards it up to 3"."""

    family, id = "factions", "grabbing_hands"
    REACH = 3.0

    def after_move_die(self, match: Match, m: Model) -> Flow:
        from ...physics.table import Kind

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
        if not holder.standing or mover.id == holder.id:
            return distance
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

        return not match.siren and effects.can_stand(match, m)

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

        chanters = [o.id for o in _friends(match, m, self.REACH) if self in effects.effects_of(o)]
        if not chanters or not landed:
            return landed
        pick = yield GearChoice(m.boss, (*chanters, "no"), "who chants (a swig for re-rolls)?", m.id, self.id)
        if pick == "no":
            return landed
        o = match.models[pick]
        yield from match.add_tower_dice(o, effects.swig_dice(o), "swig")
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

        helpers = [o.id for o in _friends(match, m, self.REACH) if self in effects.effects_of(o)]
        if not helpers or not dice:
            return dice
        pick = yield GearChoice(m.boss, (*helpers, "no"), "who swigs for a re-roll?", m.id, self.id)
        if pick == "no":
            return dice
        o = match.models[pick]
        yield from match.add_tower_dice(o, effects.swig_dice(o), "swig")
        out = yield from match.reroll_dice(m, "bullet", dice, most=1)
        return out


@register
class PullingTeeth(Effect):
    """Putting the boot in loots D3 caps."""

    family, id = "factions", "pulling_teeth"

    def boot_in_caps(self, m: Model, match: Match, n: int) -> int:
        return roll(parse_dice("D3"), match.rng("dice"))[0]

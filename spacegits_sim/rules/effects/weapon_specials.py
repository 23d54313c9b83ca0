"""Weapon special rules (rulebook: "Weapons"): one handler per id in special_rules.yaml that
applies to weapons. Hooks marked "(a weapon with this special)" are called per weapon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...data.dice import parse_dice, roll
from .base import Effect, Flow, defer, register

if TYPE_CHECKING:
    from ...data.rules_data import Weapon
    from ..combat import Combat
    from ..core import MatchCore as Match
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
    """Big damage pushes the target 3" directly away."""

    family, id = "special_rules", "jolt"

    def on_big_damage(
        self, combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool, toughness_bonus: int
    ) -> Flow:
        if target.standing:
            yield from combat.shove(attacker, target, JOLT_PUSH_IN, reason="jolt")


@register
class Poke(Effect):
    """A thump with this weapon is not cancelled by a shove."""

    family, id = "special_rules", "poke"

    def thump_survives_shove(self, m: Model) -> bool:
        return True


@register
class SlowToReload(Effect):
    """After firing, the gun cannot fire again until the end of the git's next activation."""

    family, id = "special_rules", "slow_to_reload"
    TOKEN, AT_START = "reload", "reload_at_start"

    def gun_ready(self, m: Model, w: Weapon) -> bool:
        return not m.tokens.get(self.TOKEN)

    def on_fired(self, m: Model, w: Weapon) -> None:
        m.tokens[self.TOKEN] = 1

    def activation_start(self, m: Model, match: Match) -> str | None:
        if m.tokens.get(self.TOKEN):
            m.tokens[self.AT_START] = 1
        else:
            m.tokens.pop(self.AT_START, None)
        return None

    def activation_end(self, m: Model, match: Match) -> None:
        if m.tokens.pop(self.AT_START, 0):
            m.tokens.pop(self.TOKEN, None)


defer("special_rules", "gout grappling_hook lob portal", "fires as an ordinary gun until the armoury issue")
defer("special_rules", "fly", "the vehicles issue")

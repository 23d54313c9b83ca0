"""What each weapon trait does: one handler per trait id (armoury.yaml ``traits``).

The engine asks every trait of the weapon in use the same questions at the same moments
(extra dice, target-number change, Strength change, re-rolls, what a wound does) and never
branches on an item's or a trait's name. Why hooks and not flags: a new trait is one class
here and one YAML line, and the data<->handler coverage test finds a trait with no handler.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...play.handlers import HandlerRegistry

__all__ = ["REGISTRY", "AttackCtx", "Trait"]


@dataclass
class AttackCtx:
    """What a trait may read about one attack."""

    ranged: bool
    long_range: bool
    both_in_range: bool  # the second weapon of a pair reaches the target too


class Trait:
    """The default: a trait that changes nothing (Bow: "bows will have no special skills")."""

    id = ""
    slow = False  # used once per activation unless reloaded
    thrown = False  # range M
    binds = False
    dot = False
    aoe = False
    pair_needs_range = False  # Pistol: a pair's extra die only when both reach
    reach = 0.0  # Long Reach: melee range in inches (0: the personal space)

    def extra_dice(self, ctx: AttackCtx) -> int:  # noqa: ARG002 - hooks take the context
        return 0

    def strength(self, ctx: AttackCtx) -> int:  # noqa: ARG002
        return 0

    def rerolls(self, ctx: AttackCtx) -> int:  # noqa: ARG002
        return 0


REGISTRY: HandlerRegistry[type[Trait]] = HandlerRegistry("gangfight")
REGISTRY["traits"] = {}


def trait(cls: type[Trait]) -> type[Trait]:
    REGISTRY["traits"][cls.id] = cls
    return cls


@trait
class Slow(Trait):
    """ "These weapons may only be used once per activation, unless an a further action is spent to reload it.\""""

    id = "slow"
    slow = True


@trait
class Pistol(Trait):
    """ "your target must be within range for both of your weapons\""""

    id = "pistol"
    pair_needs_range = True


@trait
class Shotgun(Trait):
    """ "granting +1 Strength when fired at normal range, but not for long range targets.\""""

    id = "shotgun"

    def strength(self, ctx: AttackCtx) -> int:
        return 0 if ctx.long_range else 1


@trait
class Sniper(Trait):
    """ "the ability to reroll 1 missed D6 when you roll to hit\""""

    id = "sniper"

    def rerolls(self, ctx: AttackCtx) -> int:  # noqa: ARG002
        return 1


@trait
class Rifle(Trait):
    """Rifles: two-handed ranged weapons with no rule of their own beyond their listing."""

    id = "rifle"


@trait
class Bow(Trait):
    """Bows: silent in scenarios that ask for it (no scenario asks yet), else no special rule."""

    id = "bow"


@trait
class Thrown(Trait):
    """ "the range of a thrown weapon will usually listed as M, meaning it will be equal to your model's Strength\""""

    id = "thrown"
    thrown = True


@trait
class Automatic(Trait):
    """ "granting your model +1D6 when rolling to hit\""""

    id = "automatic"

    def extra_dice(self, ctx: AttackCtx) -> int:  # noqa: ARG002
        return 1


@trait
class Aoe(Trait):
    """The hits are the radius: every other model within it defends too."""

    id = "aoe"
    aoe = True


@trait
class Binding(Trait):
    """A target that fails his save and stays in action is stuck until he spends an action."""

    id = "binding"
    binds = True


@trait
class Dot(Trait):
    """A wounded target rolls Defense again in each Upkeep until he passes, losing 1 Health per failure."""

    id = "dot"
    dot = True


@trait
class LongReach(Trait):
    """ "Long Reach weapons may attack enemies up to 2 inches away\""""

    id = "long_reach"
    reach = 2.0


@trait
class Heavy(Trait):
    """Heavy armour and shields: two Strength points to carry (their slots), nothing in play."""

    id = "heavy"


def traits_of(ids: tuple[str, ...]) -> list[Trait]:
    return [REGISTRY["traits"][t]() for t in ids]

"""What each Fantasy skill does: one handler per handler id (fantasy/skills.yaml ``handler``),
reading its numbers from the skill's ``effect`` data.

The engine asks every skill of the models involved the same questions at the same moments
(extra dice to hit, the target number, re-rolls on a save, morale, movement) and never
branches on a skill's name. Skills whose handler is not here are named by the gang's
validation as NOT SIMULATED (:data:`SIMULATED` is what plays).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...play.handlers import HandlerRegistry

__all__ = ["REGISTRY", "SIMULATED", "Hit", "SkillHandler", "skills_of"]


@dataclass
class Hit:
    """What a skill may read about one attack it takes part in."""

    ranged: bool
    behind: bool
    weapon_traits: tuple[str, ...]
    target_kinds: frozenset[str]  # mortal | undead | demon | beast | magic_user
    has_melee_weapon: bool = True


@dataclass
class SkillHandler:
    """The default: a skill that changes nothing. ``effect`` is its data."""

    effect: Mapping[str, Any] = field(default_factory=dict)
    id = ""

    # -- attacking (the attacker's skills)
    def hit_dice(self, hit: Hit) -> int:  # noqa: ARG002 - hooks take the context
        return 0

    def base_target(self, hit: Hit) -> int | None:  # noqa: ARG002
        return None

    def ignores_long_range(self) -> bool:
        return False

    def attacks_after_running(self) -> int | None:
        """None: running stops attacks; else the target-number change for attacking after a run."""
        return None

    def enemy_save_rerolls(self, hit: Hit) -> int:  # noqa: ARG002
        return 0

    # -- defending (the target's skills)
    def save_rerolls(self, hit: Hit) -> int:  # noqa: ARG002
        return 0

    # -- morale and moving
    def morale_target(self) -> int:
        return 0

    def morale_dice_nearby(self) -> tuple[float, int]:
        """(radius, dice) this model gives friendly models' morale rolls."""
        return (0.0, 0)

    def free_in_area(self) -> bool:
        return False

    def obstacle_cost(self) -> float | None:
        return None

    def charge_multiplier(self) -> float:
        return 1.0

    # -- building the character
    def attributes(self) -> Mapping[str, int]:
        return {}

    def item_level_bonus(self) -> int:
        return 0

    def ignores_armour_quickness(self) -> bool:
        return False

    # -- magic (spells.py asks)
    def casts_spells(self) -> bool:
        return False


REGISTRY: HandlerRegistry[type[SkillHandler]] = HandlerRegistry("gangfight")
REGISTRY["skills"] = {}


def skill(cls: type[SkillHandler]) -> type[SkillHandler]:
    REGISTRY["skills"][cls.id] = cls
    return cls


@skill
class AttributeBonus(SkillHandler):
    """Duck & Cover ("Gain +1 Defense"), Tough ("Gain +1 Health")."""

    id = "attribute_bonus"

    def attributes(self) -> Mapping[str, int]:
        return {k: int(v) for k, v in self.effect.items() if isinstance(v, int)}


@skill
class Warrior(SkillHandler):
    """ "Gain +1 D6 to hit in melee combat.\""""

    id = "warrior"

    def hit_dice(self, hit: Hit) -> int:
        return 0 if hit.ranged else int(self.effect.get("hit_dice", 1))


@skill
class Hunter(SkillHandler):
    """Manhunter, Templar, Inquisitor, Witch Hunter: "+1D6 to hit against any <kind> enemy"."""

    id = "hunter"

    def hit_dice(self, hit: Hit) -> int:
        return int(self.effect.get("hit_dice", 1)) if self.effect.get("versus") in hit.target_kinds else 0


@skill
class Gunslinger(SkillHandler):
    """ "Gain +1 D6 to hit when attacking with Pistols.\""""

    id = "gunslinger"

    def hit_dice(self, hit: Hit) -> int:
        return int(self.effect.get("hit_dice", 1)) if self.effect.get("weapon_trait") in hit.weapon_traits else 0


@skill
class Deadeye(SkillHandler):
    """ "Ignore the to hit penalty for long ranged attacks.\""""

    id = "deadeye"

    def ignores_long_range(self) -> bool:
        return True


@skill
class Rogue(SkillHandler):
    """ "Lower base to hit Target Number to 3 when attacking enemies from behind.\""""

    id = "rogue"

    def base_target(self, hit: Hit) -> int | None:
        return int(self.effect.get("from_behind_target", 3)) if hit.behind else None


@skill
class RunAndGun(SkillHandler):
    """ "May attack after running with a +1 to your to hit Target Number\""""

    id = "run_and_gun"

    def attacks_after_running(self) -> int | None:
        return int(self.effect.get("target_number", 1))


@skill
class Brute(SkillHandler):
    """ "Your opponent must reroll one successful D6 from his saving throw in melee combat.\""""

    id = "brute"

    def enemy_save_rerolls(self, hit: Hit) -> int:
        return 0 if hit.ranged else int(self.effect.get("enemy_save_rerolls", 1))


@skill
class Hearty(SkillHandler):
    """ "Reroll 1D6 from a failed saving throw.\""""

    id = "hearty"

    def save_rerolls(self, hit: Hit) -> int:  # noqa: ARG002
        return int(self.effect.get("save_rerolls", 1))


@skill
class Parry(SkillHandler):
    """The book: "If you are wielding a melee weapon, you may reroll 1 failed D6 from your Defense
    roll against melee attacks." """

    id = "parry"

    def save_rerolls(self, hit: Hit) -> int:
        return int(self.effect.get("save_rerolls", 1)) if not hit.ranged and hit.has_melee_weapon else 0


@skill
class Bravery(SkillHandler):
    """ "Lower target number by 1 when making a Morale roll.\""""

    id = "bravery"

    def morale_target(self) -> int:
        return int(self.effect.get("morale_target", -1))


@skill
class Inspiring(SkillHandler):
    """ "All friendly models within 6\\" of you gain +1D6 bonus for Morale rolls.\""""

    id = "inspiring"

    def morale_dice_nearby(self) -> tuple[float, int]:
        return (float(self.effect.get("radius", 6)), int(self.effect.get("friendly_morale_dice", 1)))


@skill
class Ranger(SkillHandler):
    """ "Move freely in Area Terrain just as if it were out in the open.\""""

    id = "ranger"

    def free_in_area(self) -> bool:
        return True


@skill
class Jumpy(SkillHandler):
    """ "Not slowed when moving over obstacles or through windows.\""""

    id = "jumpy"

    def obstacle_cost(self) -> float | None:
        return float(self.effect.get("obstacle_cost", 0))


@skill
class Charge(SkillHandler):
    """ "Double your move distance if doing so will allow you to enter an enemy model's Personal Space.\""""

    id = "charge"

    def charge_multiplier(self) -> float:
        return float(self.effect.get("move_multiplier", 2))


@skill
class Knight(SkillHandler):
    """ "No Quickness penaty for wearing Medium or Heavy Armor.\""""

    id = "knight"

    def ignores_armour_quickness(self) -> bool:
        return True


@skill
class KnowHow(SkillHandler):
    """ "May use equipment 1 level higher than your character's max.\""""

    id = "know_how"

    def item_level_bonus(self) -> int:
        return int(self.effect.get("item_level_bonus", 1))


@skill
class MagicUser(SkillHandler):
    """ "Magic User - May use magic spells listed on page ###." (spells.py casts them)."""

    id = "magic_user"

    def casts_spells(self) -> bool:
        return bool(self.effect.get("casts_spells", True))


SIMULATED = frozenset(REGISTRY["skills"])

#: Skill handler ids the data names that do not play yet: known, deferred, warned about by
#: validation (the coverage test then finds any new id in the data that is in neither list).
DEFERRED: tuple[str, ...] = ()  # every skill the data names plays


def skills_of(ids: tuple[str, ...]) -> list[SkillHandler]:
    """The handlers of a character's skills and faction abilities (those that play; the rest warned
    about at validation)."""
    if not ids:
        return []
    from .fantasy.catalog import catalog

    cat = catalog()
    out: list[SkillHandler] = []
    for sid in ids:
        sk = cat.skills.get(sid)
        if sk is not None and sk.handler in REGISTRY["skills"]:
            out.append(REGISTRY["skills"][sk.handler](dict(sk.effect)))
        sp = cat.specials.get(sid)  # a faction ability (abilities.py registers their handlers)
        if sp is not None and sp.handler in REGISTRY.get("abilities", {}):
            out.append(REGISTRY["abilities"][sp.handler](dict(sp.effect)))
    return out

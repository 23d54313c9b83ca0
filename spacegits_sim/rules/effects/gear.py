"""Fancy gear (rulebook: "Fancy Gear"): one handler per id in gear.yaml."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...data.dice import parse_dice
from .base import Effect, defer, register

if TYPE_CHECKING:
    from ...data.rules_data import Weapon
    from ..gangs import GitSpec
    from ..state import Model


@register
class ChunkyArmour(Effect):
    """+1 toughness."""

    family, id = "gear", "chunky_armour"

    def toughness(self, m: Model, t: int) -> int:
        return t + 1


@register
class ExtraArm(Effect):
    """One more hand."""

    family, id = "gear", "extra_arm"

    def hands(self, spec: GitSpec, n: int) -> int:
        return n + 1


@register
class HookHand(Effect):
    """One hand fewer (the hook's fighting half arrives with the armoury issue)."""

    family, id = "gear", "hook_hand"

    def hands(self, spec: GitSpec, n: int) -> int:
        return n - 1


@register
class BionicArm(Effect):
    """One of its 2-handed weapons needs only one hand ("can count one of their 2-handed
    weapons as needing only 1 hand"): in any one action, at most one is eased."""

    family, id = "gear", "bionic_arm"

    def combo_hands(self, spec: GitSpec, weapons: list[Weapon], needs: list[int]) -> list[int]:
        out = list(needs)
        for i, n in enumerate(out):
            if n >= 2:
                out[i] = 1
                break
        return out


@register
class BigPockets(Effect):
    """A third weapon."""

    family, id = "gear", "big_pockets"

    def max_weapons(self, spec: GitSpec, n: int) -> int:
        return max(n, 3)


@register
class BigCoat(BigPockets):
    """A third weapon (the loot table's coat works like Big Pockets)."""

    family, id = "gear", "big_coat"


@register
class SkullCap(Effect):
    """The headbutt becomes 1D8, 2/3."""

    family, id = "gear", "skull_cap"

    def headbutt(self, m: Model, w: Weapon) -> Weapon:
        return replace(w, dice=parse_dice("1D8"), weak=2, big=3)


@register
class SteelJaw(Effect):
    """+1 toughness when thumped."""

    family, id = "gear", "steel_jaw"

    def thumped_toughness(self, m: Model, t: int) -> int:
        return t + 1


@register
class SpikeyBits(Effect):
    """A thump cancelled by a shove still headbutts."""

    family, id = "gear", "spikey_bits"

    def headbutt_when_shoved(self, m: Model) -> bool:
        return True


@register
class OverlyLongGunBarrel(Effect):
    """+8" range to the gun it is on ("they add +8" to the range stat of that gun")."""

    family, id = "gear", "overly_long_gun_barrel"
    ON_GUNS = 1

    def weapon_range(self, m: Model, w: Weapon, r: float) -> float:
        return r + 8.0 if m.spec.gun_for(self.id) == w.id else r


@register
class OversizedGun(Effect):
    """+1 big damage with the gun it is on ("they add +1 to the big damage stat of that gun")."""

    family, id = "gear", "oversized_gun"
    ON_GUNS = 1

    def weapon_damage(self, m: Model, w: Weapon, big: bool, dmg: int) -> int:
        return dmg + 1 if big and m.spec.gun_for(self.id) == w.id else dmg


@register
class KitbashedWeapon(Effect):
    """Two guns combined into one, held in one hand: together they count as one of the git's
    weapons, and both can be fired at the same time (the gang file names them in gear_on)."""

    family, id = "gear", "kitbashed_weapon"
    ON_GUNS = 2

    def weapons_counted(self, spec: GitSpec, n: int) -> int:
        # "These two weapons together only count as one of their two weapons."
        return n - 1 if len(spec.guns_for(self.id)) == 2 else n

    def combo_hands(self, spec: GitSpec, weapons: list[Weapon], needs: list[int]) -> list[int]:
        pair = spec.guns_for(self.id)
        idx = [i for i, w in enumerate(weapons) if w.id in pair]
        if not idx:
            return needs
        out = list(needs)
        for i in idx:  # "hold in a single hand": the pair, or either half, takes one hand
            out[i] = 0
        out[idx[0]] = 1
        return out


defer(
    "gear",
    "bully_boots ammo_box banner_ad bayonet beast_mount_pogo_stick big_hat bionic_leg cans fuel_can "
    "handcuffs improvised_shield jetpack massive_spanner medical_equipment megaphone "
    "mono_wheel musical_instrument strong_booze tasty_snack tracks",
    "the fancy gear issue",
)

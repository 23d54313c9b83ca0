"""Special rules, registered by id: one registry per family (git, weapon, gear, vehicle, mod,
faction, terrain), each entry saying where its behaviour lives or that it is deferred.

Why a registry: the rulebook has ~150 special rules; the engine must never branch on an
item's name, and a test cross-checks the YAML against this registry so no rule is silently
forgotten (every id in the data has an entry here, and every entry here is in the data).
Hooks below are small functions the combat and flow code call; each consults the ids a
model carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..data.rules_data import RulesData, Weapon

if TYPE_CHECKING:
    from .combat import Combat
    from .engine import Model


@dataclass(frozen=True)
class RuleEntry:
    family: str
    id: str
    implemented: bool
    where: str


REGISTRY: dict[str, dict[str, RuleEntry]] = {}


def register(family: str, ids: str, where: str, implemented: bool = True) -> None:
    for ident in ids.split():
        REGISTRY.setdefault(family, {})[ident] = RuleEntry(family, ident, implemented, where)


# ---- git rules (special_rules.yaml, applies_to git) --------------------------------------
register("special_rules", "strong", "gangs.hands_needed: 2-handed weapons in one hand")
register("special_rules", "lightweight", "engine._activation: swig adds 2 dice")
register("special_rules", "downtrodden", "gangs.validate_gang")
register("special_rules", "numerous", "engine._deployable: first one does not count")
register("special_rules", "animal", "gangs.validate_gang")
register("special_rules", "big_mouth", "gits.yaml free_weapons: the Big Mouth fighting weapon")
register("special_rules", "rigged", "specials.explodes_when_falling -> combat.on_fell_over")
register("special_rules", "puny", "engine.add_tower_dice: every addition doubled")
register("special_rules", "eager_helper", "engine._eager_helpers: EagerHelp decision after each friendly move die")
register("special_rules", "hefty", "gits.yaml base_mm (60 mm base)")
register("special_rules", "klanking", "engine._activation: klank token")
register("special_rules", "hunk_of_metal", "engine._boot_targets: cannot be booted up")
register("special_rules", "reboot_button", "engine._reboot")
# ---- weapon rules ------------------------------------------------------------------------
register("special_rules", "buzzcut", "specials.on_big_damage: thump again at +1 toughness")
register("special_rules", "fire", "specials.on_big_damage sets on_fire; combat.after_swig: D3")
register("special_rules", "jolt", "specials.on_big_damage: pushed 3\" away")
register("special_rules", "poke", "specials.thump_survives_shove")
register("special_rules", "slow_to_reload", "combat.gun_options / on_activation_end")
register("special_rules", "gout", "deferred: fires as an ordinary gun until the armoury issue", False)
register("special_rules", "grappling_hook", "deferred: fires as an ordinary gun until the armoury issue", False)
register("special_rules", "lob", "deferred: fires as an ordinary gun until the armoury issue", False)
register("special_rules", "portal", "deferred: fires as an ordinary gun until the armoury issue", False)
register("special_rules", "fly", "deferred: vehicles issue", False)
# ---- gear ----------------------------------------------------------------------------------
register("gear", "chunky_armour", "engine.Model.toughness: +1")
register("gear", "extra_arm hook_hand", "gangs.hands_of")
register("gear", "bionic_arm", "gangs.hands_needed")
register("gear", "big_pockets big_coat", "gangs.validate_gang: a third weapon")
register("gear", "skull_cap", "specials.headbutt_for: 1D8, 2/3")
register("gear", "steel_jaw", "specials.thumped_toughness: +1 when thumped")
register("gear", "spikey_bits", "specials.headbutt_when_shoved")
register("gear", "overly_long_gun_barrel", "specials.weapon_range: +8\"")
register("gear", "oversized_gun", "specials.weapon_damage: +1 big")
register("gear", "bully_boots", "deferred: boot caps D3", False)
_DEFERRED_GEAR = ("ammo_box banner_ad bayonet beast_mount_pogo_stick big_hat bionic_leg cans fuel_can handcuffs "
                  "improvised_shield jetpack kitbashed_weapon massive_spanner medical_equipment megaphone mono_wheel "
                  "musical_instrument strong_booze tasty_snack tracks")
register("gear", _DEFERRED_GEAR, "deferred: the fancy gear issue", False)


def _register_deferred_family(family: str, ids: list[str], why: str) -> None:
    for i in ids:
        if i not in REGISTRY.get(family, {}):
            register(family, i, why, False)


def register_data_families(rules: RulesData) -> None:
    """Vehicle mods, factions and terrain rules arrive with their own issues: deferred until then,
    except the exploding barrel, which combat implements."""
    register("terrain", "exploding_barrel", "combat.resolve_bullet / explode_barrels")
    _register_deferred_family("terrain", sorted({s for t in rules.terrain.values() for s in t.special}),
                              "deferred: the terrain issue")
    _register_deferred_family("vehicle_mods", sorted(rules.vehicle_mods), "deferred: the vehicles issue")
    _register_deferred_family("factions", sorted(f.rule_id for f in rules.factions.values()), "deferred: the factions issue")


# ----------------------------------------------------------------------------- hooks


def headbutt_for(m: "Model", rules: RulesData) -> Weapon:
    """Every git can headbutt; a Skull Cap makes it 1D8 and 2/3."""
    base = rules.weapons["headbutt"]
    if "skull_cap" in m.gear:
        from dataclasses import replace

        from ..data.dice import parse_dice
        return replace(base, dice=parse_dice("1D8"), weak=2, big=3)
    return base


def thumped_toughness(m: "Model") -> int:
    return m.toughness + (1 if "steel_jaw" in m.gear else 0)


def thump_survives_shove(m: "Model", rules: RulesData) -> bool:
    """Poke: a thump with a Poke weapon is not cancelled by a shove."""
    return any("poke" in w.special for w in m.weapons)


def headbutt_when_shoved(m: "Model") -> bool:
    return "spikey_bits" in m.gear


def pinch_caps(m: "Model") -> int:
    return 1


def weapon_range(m: "Model", w: Weapon) -> float:
    r = float(w.range or 0.0)
    return r + (8.0 if "overly_long_gun_barrel" in m.gear else 0.0)


def weapon_damage(m: "Model", w: Weapon, big: bool) -> int:
    if big:
        return w.big + (1 if w.kind == "shooting" and "oversized_gun" in m.gear else 0)
    return w.weak


def modify_thump_damage(m: "Model", total: int) -> int:
    return total


def modify_damage_taken(m: "Model", amount: int, source: str) -> int:
    return amount


def immune_to_shooting(m: "Model") -> bool:
    return False


def explodes_when_falling(m: "Model", rules: RulesData) -> int:
    """Rigged gnawballs explode (7) when they fall over."""
    for s in m.specials:
        x = rules.special_rules[s].explode
        if x:
            return x
    return 0


def on_big_damage(combat: "Combat", attacker: "Model", target: "Model", w: Weapon, in_fight: bool = False,
                  toughness_bonus: int = 0) -> Any:
    """Weapon rules that trigger on big damage: Fire, Jolt, Buzzcut."""
    if not target.in_play:
        return
    if "fire" in w.special and target.standing:
        target.on_fire = True
    if "jolt" in w.special and target.standing:
        yield from combat.shove(attacker, target, 3.0, reason="jolt")
    if "buzzcut" in w.special and in_fight and target.standing and toughness_bonus < 20:
        yield from combat.thump(attacker, target, [w], toughness_bonus + 1)


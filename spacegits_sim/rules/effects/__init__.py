"""Effects: the behaviour of every item id, registered per family, and the hooks that ask them.

``REGISTRY`` maps family → id → handler (or a ``Deferred`` marker for ids the data names but
the engine does not simulate yet). A model carries the handlers of its git type's special
rules, its gear and its weapons' specials (``static_effects``), plus those of the tokens it
holds (``effects_of``). The engine and combat call the functions below at the moments the
rulebook names; none of them knows an item's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import state as _state
from . import factions, gear, git_specials, lasting, terrain, vehicle_mods, weapon_specials  # noqa: F401  (registration)
from .base import REGISTRY, Deferred, Effect, Flow, register
from .folds import (  # the folds handlers ask too (below the handler modules; the package's as well)
    can_stand,
    effects_of,
    gun_ready,
    handlers,
    hands_for,
    hands_needed,
    hands_of,
    mechanical,
    mount_arcs,
    spec_effects,
    swig_dice,
    weapon_damage,
    weapon_range,
)

if TYPE_CHECKING:
    from ...data.rules_data import GitType, RulesData, TerrainType, Weapon
    from ..ops import CombatOps as Combat
    from ..ops import MatchOps as Match
    from ..pieces import GitSpec
    from ..state import Model, Point

__all__ = [
    "REGISTRY",
    "Deferred",
    "Effect",
    "register",
    "handlers",
    "static_effects",
    "spec_effects",
    "effects_of",
    "weapon_effects",
    "is_implemented",
    "implemented_table",
    "implemented_markdown",
    "unimplemented",
    # (from .folds)
    "can_stand",
    "gun_ready",
    "hands_for",
    "hands_needed",
    "hands_of",
    "mechanical",
    "mount_arcs",
    "swig_dice",
    "weapon_damage",
    "weapon_range",
]


def is_implemented(family: str, ident: str) -> bool:
    return isinstance(REGISTRY.get(family, {}).get(ident), type)


def static_effects(
    git: GitType,
    gear_ids: Iterable[str],
    weapons: Iterable[Weapon],
    faction_rule: str | None = None,
    treatments: Iterable[str] = (),
) -> tuple[Effect, ...]:
    """A model's lasting effects: type rules, gear, each weapon's specials (once each), then its
    gang's faction rule ("All the models in your mob get the special rule for that faction"),
    then what A&E left it with ("Location: Treatment" entries; one taken twice counts twice)."""
    seen: list[str] = []
    for w in weapons:
        seen += [s for s in w.special if s not in seen]
    faction = handlers("factions", [faction_rule]) if faction_rule else []
    return tuple(
        handlers("special_rules", git.special)
        + handlers("gear", gear_ids)
        + handlers("special_rules", seen)
        + faction
        + handlers(lasting.TREATMENTS, lasting.lasting_ids(treatments))
    )


def vehicle_effects(
    special: Iterable[str], mods: Iterable[str], repairs: Iterable[str] = (), faction_rule: str | None = None
) -> tuple[Effect, ...]:
    """A vehicle's lasting effects: its special rules (Fly, Klanking), its mods, what
    Krankshaft's left it with ("Location: Repair" entries), then its gang's faction rule: "All
    the models in your mob get the special rule", and "Gits and vehicles are both models" (each
    faction handler decides what reaches a vehicle: effects/factions.py)."""
    return tuple(
        handlers("special_rules", special)
        + handlers("vehicle_mods", mods)
        + handlers(lasting.REPAIRS, lasting.lasting_ids(repairs))
        + (handlers("factions", [faction_rule]) if faction_rule else [])
    )


def spec_seats(seats: int, special: Iterable[str], mods: Iterable[str], repairs: Iterable[str] = ()) -> int:
    """A vehicle's seats as its gang file has it, before any match (Extra Seats, Mangled Chassis…)."""
    for h in vehicle_effects(special, mods, repairs):
        seats = h.seats(None, seats)
    return seats


def weapon_effects(w: Weapon) -> list[Effect]:
    return handlers("special_rules", w.special)


# ---- gang building --------------------------------------------------------------------------


def hands_aboard(spec: GitSpec, w: Weapon, rules: RulesData) -> int:
    """Hands a git aboard a vehicle needs for its own weapon: as :func:`hands_needed`, but without
    its fancy gear ("A git that is currently a driver or passenger can't use their fancy gear
    while on board"): Strong holds a 2-handed gun in one hand, a Bionic Arm (gear) does not."""
    n = w.hands
    for h in spec_effects(spec, rules):
        if h.family != "gear":
            n = h.hands_needed(spec, w, n)
    return n


def guns_gear_takes(gear_id: str) -> int:
    """How many guns this gear sits on (0: none; the gang file's ``gear_on`` names which)."""
    h = REGISTRY.get("gear", {}).get(gear_id)
    return int(getattr(h, "ON_GUNS", 0)) if h is not None and isinstance(h, type) else 0


def weapons_counted(spec: GitSpec, rules: RulesData) -> int:
    """How many of a git's weapons count against its limit (a Kitbashed pair counts once)."""
    n = len(spec.weapons)
    for h in spec_effects(spec, rules):
        n = h.weapons_counted(spec, n)
    return n


def max_weapons(spec: GitSpec, rules: RulesData) -> int:
    n = 2
    for h in spec_effects(spec, rules):
        n = h.max_weapons(spec, n)
    return n


def arrives_naked(spec: GitSpec, rules: RulesData) -> bool:
    return any(h.arrives_naked(spec) for h in spec_effects(spec, rules))


def boarding_refusal(spec: GitSpec, rules: RulesData) -> str | None:
    """Why this git may never ride in a vehicle as a passenger (None: it may). The one place that
    decides who may board: a git hopping on in play (``Driving.boardable``) and a gang file's
    ``passengers`` seated at the start (``gangs.passenger_problems``) both ask it, so the two can
    never disagree. A driver already has a seat of their own; a Klankbot never boards."""
    if spec.vehicle is not None:
        return f"'{spec.name}' drives a vehicle of their own"
    for h in spec_effects(spec, rules):
        if not h.boards():
            gt = rules.gits[spec.type].name
            return f"'{spec.name}' is a {gt}, and a {gt} never rides in a vehicle"
    return None


def gang_problems(spec: GitSpec, rules: RulesData) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for h in spec_effects(spec, rules):
        out += h.gang_problems(spec, rules.gits[spec.type], rules)
    return out


def unimplemented(spec: GitSpec, rules: RulesData) -> list[tuple[str, str, str]]:
    """(field, id, why) for every id this git names that the engine does not simulate yet."""
    out = []
    checks: list[tuple[str, str, Iterable[str]]] = [
        ("gear", "gear", spec.gear),
        ("weapons", "special_rules", [s for w in spec.weapons for s in rules.weapons[w].special]),
        ("type", "special_rules", rules.gits[spec.type].special),
        ("mods", "vehicle_mods", spec.mods),
        ("vehicle_weapons", "special_rules", [s for w in spec.vehicle_weapons for s in rules.weapons[w].special]),
        ("treatments", lasting.TREATMENTS, lasting.lasting_ids(spec.treatments)),
        ("repairs", lasting.REPAIRS, lasting.lasting_ids(spec.repairs)),
    ]
    for field, family, ids in checks:
        for i in dict.fromkeys(ids):
            h = REGISTRY.get(family, {}).get(i)
            if not isinstance(h, type):
                out.append((field, i, h.why if isinstance(h, Deferred) else "no handler registered"))
    return out


# ---- the match: folds and questions ----------------------------------------------------------


def toughness(m: Model) -> int:
    t = m.git.toughness
    for h in effects_of(m):
        t = h.toughness(m, t)
    return t


def thumped_toughness(m: Model) -> int:
    t = toughness(m)
    for h in effects_of(m):
        t = h.thumped_toughness(m, t)
    return t


def headbutt(m: Model, base: Weapon) -> Weapon:
    w = base
    for h in effects_of(m):
        w = h.headbutt(m, w)
    return w


def tower_dice(m: Model, n: int) -> int:
    for h in effects_of(m):
        n = h.tower_dice(m, n)
    return n


def deploys_free(m: Model) -> bool:
    return any(h.deploys_free(m) for h in effects_of(m))


def can_activate_fallen(m: Model, match: Match) -> bool:
    return any(h.can_activate_fallen(m, match) for h in effects_of(m))


def can_be_booted_up(m: Model) -> bool:
    return all(h.can_be_booted_up(m) for h in effects_of(m))


def activate_fallen(m: Model, match: Match) -> Flow:
    """Run the activation of a fallen git (the first effect that allows one); returns its reason."""
    for h in effects_of(m):
        if h.can_activate_fallen(m, match):
            reason = yield from h.activate_fallen(m, match)
            return reason
    return "fallen"


def extra_weapons(spec: GitSpec, rules: RulesData) -> tuple[str, ...]:
    out: tuple[str, ...] = ()
    for h in spec_effects(spec, rules):
        out += h.extra_weapons(spec)
    return out


def actions(m: Model, match: Match) -> list[str]:
    """Extra actions ``m`` may take now (gear), in gear order, each once."""
    out: list[str] = []
    for h in effects_of(m):
        out += [a for a in h.actions(m, match) if a not in out]
    return out


def action_kind(m: Model, action: str) -> str:
    for h in effects_of(m):
        kind = h.action_kind(action)
        if kind != action:
            return kind
    return action


def free_action(m: Model, action: str) -> bool:
    return any(h.free_action(action) for h in effects_of(m))


def act(match: Match, m: Model, action: str) -> Flow:
    for h in effects_of(m):
        if action in h.actions(m, match):
            yield from h.act(match, m, action)
            return


def after_activation(m: Model, match: Match) -> Flow:
    for h in effects_of(m):
        yield from h.after_activation(m, match)


def on_siren(match: Match) -> None:
    for m in match.in_play():
        for h in effects_of(m):
            h.on_siren(m, match)


def boot_in_caps(m: Model, match: Match) -> int:
    n = 1
    for h in effects_of(m):
        n = h.boot_in_caps(m, match, n)
    return n


def after_move_throw(match: Match, m: Model, landed: list[Any]) -> Flow:
    for h in effects_of(m):
        landed = yield from h.after_move_throw(match, m, landed)
    return landed


def adjust_move(match: Match, m: Model, die_id: str, value: int, others: dict[str, Any]) -> Flow:
    """Gear that changes a move die as it is resolved: returns (distance, point to head for or None)."""
    toward = None
    for h in effects_of(m):
        value, toward = yield from h.adjust_move(match, m, die_id, value, others, toward)
    return (value, toward)


def aura(match: Match, m: Model) -> list[tuple[Model, Effect]]:
    """(holder, handler) of every aura that reaches ``m``: its own gear, and friends' within range."""
    out = []
    for f in match.in_play(m.boss):
        for h in effects_of(f):
            if h.AURA_IN <= 0:
                continue
            if f.id == m.id or match.table.distance_between(f.id, m.id) <= h.AURA_IN:
                if h.aura_for(f, m):
                    out.append((f, h))
    return out


def rerolls(match: Match, m: Model, what: str) -> bool:
    return any(h.rerolls(what) for _f, h in aura(match, m))


def rerolls_each_throw(match: Match, m: Model, what: str) -> bool:
    """Whether an aura lets ``m`` re-roll its ``what`` dice on every throw, not once per activation."""
    return any(h.rerolls(what) and h.rerolls_each_throw(what) for _f, h in aura(match, m))


def after_move_die(match: Match, m: Model) -> Flow:
    for h in effects_of(m):
        yield from h.after_move_die(match, m)


def after_scoot(match: Match, m: Model) -> Flow:
    for h in effects_of(m):
        yield from h.after_scoot(match, m)


def after_shove(combat: Combat, who: Model, other: Model) -> Flow:
    for h in effects_of(who):
        yield from h.after_shove(combat, who, other)


def after_bullet_throw(match: Match, m: Model, dice: list[Any]) -> Flow:
    for h in effects_of(m):
        dice = yield from h.after_bullet_throw(match, m, dice)
    return dice


def enemy_bullets_landed(match: Match, shooter: Model, dice: list[Any]) -> Flow:
    """Every model in play that is an enemy of ``shooter`` sees its bullet dice land (Snazzy
    Underlighting). Returns the dice as they are now."""
    for holder in match.in_play():
        if holder.boss != shooter.boss:
            for h in effects_of(holder):
                dice = yield from h.enemy_bullets_landed(match, holder, shooter, dice)
    return dice


def on_activation_start(match: Match, m: Model) -> Flow:
    for h in effects_of(m):
        yield from h.on_activation_start(match, m)


def rethrows_bumped_move_die(m: Model) -> bool:
    return any(h.rethrows_bumped_move_die(m) for h in effects_of(m))


def dodge_die(v: Model) -> str | None:
    """The die a git rolls to dodge vehicle ``v`` (Really Bright Headlamps), or None."""
    return next((d for h in effects_of(v) if (d := h.dodge_die(v)) is not None), None)


def move_limit(match: Match, m: Model, start: Point, end: Point, distance: float) -> float:
    """How far a move die may take ``m`` from ``start`` towards ``end`` (Invisible Walls of enemies)."""
    for holder in match.in_play():
        if holder.boss != m.boss:
            for h in effects_of(holder):
                distance = h.limits_move(match, holder, m, start, end, distance)
    return distance


def rethrows_fight(m: Model) -> bool:
    return any(h.rethrows_fight(m) for h in effects_of(m))


def shoves_self(m: Model) -> bool:
    return any(h.shoves_self(m) for h in effects_of(m))


def helps_move(helper: Model, mover: Model) -> bool:
    return any(h.helps_move(helper, mover) for h in effects_of(helper))


def headbutt_when_shoved(m: Model) -> bool:
    return any(h.headbutt_when_shoved(m) for h in effects_of(m))


def thump_survives_shove(m: Model, weapons: Iterable[Weapon]) -> bool:
    """Asked of the specials of the weapons the thump is made with, not of everything carried."""
    return any(h.thump_survives_shove(m) for w in weapons for h in weapon_effects(w))


def bullet_resolver(w: Weapon) -> Effect | None:
    """The special of ``w`` that resolves its bullets its own way (Lob, Gout, Grappling Hook)."""
    return next((h for h in weapon_effects(w) if h.resolves_bullets), None)


def own_thrower(w: Weapon) -> Effect | None:
    """The special of ``w`` that throws its dice its own way (Portal), if any."""
    return next((h for h in weapon_effects(w) if h.throws_own_dice), None)


def gun_worth(w: Weapon, damage: float) -> float:
    """What firing ``w`` is worth (for controllers), from its plain expected ``damage``."""
    for h in weapon_effects(w):
        damage = h.gun_worth(w, damage)
    return damage


def choice_advice(asker: str) -> str:
    """How a controller is advised to answer the GearChoice the handler ``asker`` (its id) asks
    ("": no advice). The AIs ask this instead of naming items."""
    for family in REGISTRY.values():
        h = family.get(asker)
        if isinstance(h, type) and h.CHOICE_ADVICE:
            return h.CHOICE_ADVICE
    return ""


def action_advice(m: Model, action: str) -> tuple[str, int] | None:
    """(when, rank) a controller is advised to take the extra action ``action`` of ``m``, or None."""
    for h in effects_of(m):
        advice = h.ACTION_ADVICE.get(action)
        if advice is not None:
            return advice
    return None


def aim_advice(purpose: str) -> str:
    """Where a controller is advised to aim a throw whose purpose is a handler's id ("": none)."""
    for family in REGISTRY.values():
        h = family.get(purpose)
        if isinstance(h, type) and h.AIM_ADVICE:
            return h.AIM_ADVICE
    return ""


def activation_start(m: Model, match: Match) -> str | None:
    """Run every activation-start hook; the first reason to end the activation, if any."""
    reason = None
    for h in effects_of(m):
        r = h.activation_start(m, match)
        reason = reason or r
    return reason


def wastes_next_activation(m: Model) -> bool:
    return any(h.wastes_next_activation(m) for h in effects_of(m))


def before_swig(m: Model, match: Match) -> None:
    for h in effects_of(m):
        h.before_swig(m, match)


def activation_end(m: Model, match: Match) -> None:
    for h in effects_of(m):
        h.activation_end(m, match)


def activation_cut_short(m: Model, match: Match) -> None:
    for h in effects_of(m):
        h.activation_cut_short(m, match)


def after_each_activation(m: Model, match: Match) -> None:
    for h in effects_of(m):
        h.after_each_activation(m, match)


def on_fired(m: Model, guns: Iterable[Weapon]) -> None:
    for w in guns:
        for h in weapon_effects(w):
            h.on_fired(m, w)


def after_swig(m: Model, match: Match) -> Flow:
    for h in effects_of(m):
        yield from h.after_swig(m, match)


def on_fell_over(m: Model, match: Match) -> Flow:
    for h in effects_of(m):
        yield from h.on_fell_over(m, match)


def on_big_damage(
    combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool = False, toughness_bonus: int = 0
) -> Flow:
    if not target.in_play:
        return
    for h in weapon_effects(w):
        yield from h.on_big_damage(combat, attacker, target, w, in_fight, toughness_bonus)


def move_dice(m: Model) -> tuple[int, ...]:
    dice = m.git.move.dice
    for h in effects_of(m):
        dice = h.move_dice(m, dice)
    return dice


def seats(m: Model, n: int) -> int:
    for h in effects_of(m):
        n = h.seats(m, n)
    return n


def engine(m: Model) -> int:
    """The vehicle's engine stat as it stands: its printed die moved by every rank a repair gives
    (Worn gasket, Heavy-ass armour, Turbocharger). The one place a scoot's move dice and a
    wipeout's dice ("none of them are bigger than the vehicle's engine stat") read it from."""
    assert m.vehicle is not None
    sides = m.vehicle.engine
    for h in effects_of(m):
        sides = h.engine(m, sides)
    return sides


def vehicle_dice(m: Model, n: int) -> tuple[int, int, bool]:
    """A scoot's move dice (``n`` before any effect): how many, the largest size (the engine as
    it stands, :func:`engine`) and whether one may be a size bigger."""
    largest, bigger = engine(m), False
    for h in effects_of(m):
        n, largest, bigger = h.vehicle_dice(m, n, largest, bigger)
    return n, largest, bigger


def move_value(m: Model, value: int) -> int:
    for h in effects_of(m):
        value = h.move_value(m, value)
    return value


def vehicle_move(m: Model, value: int) -> float:
    d = float(value)
    for h in effects_of(m):
        d = h.vehicle_move(m, value, d)
    return d


def may_pivot(m: Model, local: tuple[float, float]) -> bool:
    return all(h.may_pivot(m, local) for h in effects_of(m))


def fires_all_mounts(m: Model, option: str) -> bool:
    return any(h.fires_all_mounts(option) for h in effects_of(m))


def dice_allowed(m: Model, sizes: tuple[int, ...], largest: int) -> bool:
    return all(h.dice_allowed(m, sizes, largest) for h in effects_of(m))


def handling_damage(m: Model) -> int:
    n = 1
    for h in effects_of(m):
        n = h.handling_damage(m, n)
    return n


def drive_damage(m: Model, value: int) -> int:
    n = 0
    for h in effects_of(m):
        n = h.drive_damage(m, value, n)
    return n


def wreck_explosion(m: Model) -> int:
    x = 2 * m.toughness  # "it explodes (2 x its toughness)"
    for h in effects_of(m):
        x = h.wreck_explosion(m, x)
    return x


def pinch_caps(m: Model) -> int:
    n = 1
    for h in effects_of(m):
        n = h.pinch_caps(m, n)
    return n


def bullet_value(m: Model, value: int) -> int:
    for h in effects_of(m):
        value = h.bullet_value(m, value)
    return value


def jams(m: Model, value: int) -> bool:
    """A natural 1 jams; some wrecks jam on more."""
    return value <= 1 or any(h.jams(m, value) for h in effects_of(m))


def ignores_terrain(m: Model | None, ttype: TerrainType) -> bool:
    return m is not None and any(h.ignores_terrain(m, r) for h in effects_of(m) for r in ttype.special)


def handling(m: Model, h0: int) -> int:
    for h in effects_of(m):
        h0 = h.handling(m, h0)
    return h0


def smash_dice(m: Model, n: int) -> int:
    for h in effects_of(m):
        n = h.smash_dice(m, n)
    return n


def smash_toughness(m: Model, t: int) -> int:
    for h in effects_of(m):
        t = h.smash_toughness(m, t)
    return t


def smash_damage(m: Model, dmg: tuple[int, int]) -> tuple[int, int]:
    for h in effects_of(m):
        dmg = h.smash_damage(m, dmg)
    return dmg


def flies(m: Model) -> bool:
    return any(h.flies(m) for h in effects_of(m))


def boost_in(m: Model) -> float:
    return max((h.boost_in(m) for h in effects_of(m)), default=0.0)


def smash_again(m: Model) -> bool:
    return any(h.smash_again(m) for h in effects_of(m))


def on_smash_big(match: Match, m: Model, target: Model) -> None:
    for h in effects_of(m):
        h.on_smash_big(match, m, target)


def after_smash(m: Model) -> None:
    for h in effects_of(m):
        h.after_smash(m)


def on_get_off(match: Match, v: Model, git: Model) -> None:
    for h in effects_of(v):
        h.on_get_off(match, v, git)


def on_board(match: Match, v: Model, git: Model) -> None:
    for h in effects_of(git):
        h.on_board(match, v, git)


def crew_options(m: Model, driver: bool) -> list[str]:
    out: list[str] = []
    for h in effects_of(m):
        out += [o for o in h.crew_options(m, driver) if o not in out]
    return out


def fire_mod(match: Match, v: Model, option: str) -> Flow:
    for h in effects_of(v):
        if option in h.crew_options(v, False) or option in h.crew_options(v, True):
            yield from h.fire_mod(match, v)
            return


def before_move_die(match: Match, m: Model, die_id: str, value: int) -> Flow:
    for h in effects_of(m):
        die_id, value = yield from h.before_move_die(match, m, die_id, value)
    return (die_id, value)


def extra_mounts(mods: Iterable[str], rules: RulesData) -> list[tuple[Weapon, str]]:
    out: list[tuple[Weapon, str]] = []
    for h in handlers("vehicle_mods", mods):
        out += h.extra_mounts(rules)
    return out


def ran_over(match: Match, m: Model, git: Model) -> None:
    for h in effects_of(m):
        h.ran_over(match, m, git)


def smash_rerolls(m: Model) -> bool:
    return any(h.smash_rerolls(m) for h in effects_of(m))


def on_shoot(match: Match, v: Model) -> Flow:
    for h in effects_of(v):
        yield from h.on_shoot(match, v)


def stuns_first_round(m: Model) -> bool:
    return any(h.stuns_first_round(m) for h in effects_of(m))


def absorb(match: Match, m: Model, n: int) -> int:
    for h in effects_of(m):
        if n <= 0:
            break
        n = h.absorb(match, m, n)
    return n


def shot_toughness(m: Model, t: int) -> int:
    for h in effects_of(m):
        t = h.shot_toughness(m, t)
    return t


def vehicle_deploy_distance(m: Model, need: float) -> float:
    for h in effects_of(m):
        need = h.vehicle_deploy_distance(m, need)
    return need


def damage_taken(m: Model, kind: str, n: int) -> int:
    for h in effects_of(m):
        n = h.damage_taken(m, kind, n)
    return n


def fight_damage(m: Model, n: int) -> int:
    for h in effects_of(m):
        n = h.fight_damage(m, n)
    return n


def after_shoot(m: Model, match: Match) -> None:
    for h in effects_of(m):
        h.after_shoot(m, match)


def terrain_explodes(ttype: TerrainType) -> int:
    """Explode (x) of a terrain type that blows up when hit (0 = it does not)."""
    return max((h.explodes(ttype) for h in handlers("terrain", ttype.special)), default=0)


def trigger_in(ttype: TerrainType) -> float | None:
    """How near another model must come to set this terrain off (a mine), or None."""
    reach = [r for r in (h.trigger_in(ttype) for h in handlers("terrain", ttype.special)) if r is not None]
    return min(reach) if reach else None


def before_move_dice(match: Match, m: Model) -> Flow:
    for h in effects_of(m):
        yield from h.before_move_dice(match, m)


def keeps_sliding(ttype: TerrainType, m: Model | None = None) -> bool:
    if ignores_terrain(m, ttype):
        return False
    return any(h.keeps_sliding(ttype) for h in handlers("terrain", ttype.special))


def moved_through(match: Match, m: Model, terrain_id: str, ttype: TerrainType, value: int) -> Flow:
    if ignores_terrain(m, ttype):
        return
    for h in handlers("terrain", ttype.special):
        yield from h.moved_through(match, m, terrain_id, value)


def crossing_cost(m: Model, ttype: TerrainType, value: int) -> str | None:
    """What crossing this terrain on a move die of ``value`` would do to ``m`` (as
    :func:`moved_through` does it), in a player's words; None: nothing."""
    if ignores_terrain(m, ttype):
        return None
    said = [w for w in (h.crossing_cost(m, value) for h in handlers("terrain", ttype.special)) if w]
    return ", ".join(said) or None


def boot_cost(ttype: TerrainType) -> int | None:
    """Caps to pay to boot this terrain (the cheapest of its handlers'); None: not bootable."""
    costs = [c for c in (h.boot_cost(ttype) for h in handlers("terrain", ttype.special)) if c is not None]
    return min(costs) if costs else None


def booted(match: Match, m: Model, terrain_id: str, ttype: TerrainType) -> Flow:
    for h in handlers("terrain", ttype.special):
        if h.boot_cost(ttype) is not None:
            yield from h.booted(match, m, terrain_id, ttype)


def boot_worth(match: Match, m: Model, ttype: TerrainType) -> float:
    return sum(h.boot_worth(match, m, ttype) for h in handlers("terrain", ttype.special))


# ---- documentation ---------------------------------------------------------------------------


def _lasting_ids(rules: RulesData, index: str) -> list[str]:
    """Every treatment (``index`` "diagnosis") or repair ("location") a model can carry: the rows
    of the tables the index names, once each, without those that end the git or vehicle."""
    out: list[str] = []
    for loc in rules.tables[index].rows:
        for row in rules.tables[str(loc.extra["table"])].rows:
            i = lasting.lasting_id(row.result)
            if not row.extra.get("ends") and i not in out:
                out.append(i)
    return out


def implemented_table(rules: RulesData) -> list[dict[str, Any]]:
    """One row per id the data names: family, id, implemented, what the handler does (or why not)."""
    fams: dict[str, list[str]] = {
        "special_rules": list(rules.special_rules),
        "gear": list(rules.gear),
        "terrain": sorted({s for t in rules.terrain.values() for s in t.special}),
        "factions": [f.rule_id for f in rules.factions.values()],
        "vehicle_mods": list(rules.vehicle_mods),
        "vending": [str(r.extra.get("effect", r.result)) for r in rules.tables[terrain.VENDING_TABLE].rows],
        lasting.TREATMENTS: _lasting_ids(rules, "diagnosis"),
        lasting.REPAIRS: _lasting_ids(rules, "location"),
    }
    rows = []
    for fam, ids in fams.items():
        for i in ids:
            h = REGISTRY.get(fam, {}).get(i)
            if isinstance(h, type):
                doc = (h.__doc__ or "").strip().splitlines()[0] if h.__doc__ else ""
                rows.append({"family": fam, "id": i, "implemented": True, "what": doc, "module": h.__module__})
            else:
                rows.append(
                    {"family": fam, "id": i, "implemented": False, "what": h.why if h else "NO HANDLER", "module": ""}
                )
    return rows


FAMILY_TITLES = {
    "special_rules": "Special rules (gits and weapons)",
    "gear": "Fancy gear",
    "terrain": "Terrain",
    "factions": "Factions",
    "vehicle_mods": "Vehicle mods",
    "vending": "Vending Machine results (tables.yaml; also Medical Equipment)",
    lasting.TREATMENTS: "Treatments (A&E, injuries.yaml: what a git carries into later games)",
    lasting.REPAIRS: "Repairs (Krankshaft's, repairs.yaml: what a vehicle carries into later games)",
}


def implemented_markdown(rules: RulesData) -> str:
    """The "what is implemented" table of docs/rules.md, generated from the registry."""
    rows = implemented_table(rules)
    out = ["| family | implemented | deferred |", "|---|---|---|"]
    for fam, title in FAMILY_TITLES.items():
        mine = [r for r in rows if r["family"] == fam]
        done = sum(r["implemented"] for r in mine)
        out.append(f"| {title} | {done} | {len(mine) - done} |")
    for fam, title in FAMILY_TITLES.items():
        out += ["", f"### {title}", "", "| id | status | what the handler does (or why not yet) |", "|---|---|---|"]
        for r in (r for r in rows if r["family"] == fam):
            status = "implemented" if r["implemented"] else "**deferred**"
            module = f" (`{r['module'].rsplit('.', 1)[-1]}.py`)" if r["module"] else ""
            out.append(f"| `{r['id']}` | {status} | {r['what']}{module} |")
    return "\n".join(out) + "\n"


_state.TOUGHNESS[:] = [toughness]  # Model.toughness asks this fold (the pieces sit below the effects)

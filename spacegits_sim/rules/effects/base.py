"""The effect protocol: one small handler per item id, with a do-nothing default for every hook.

Why: the rulebook has ~150 special rules. The engine calls a named hook at each moment the
rulebook names (choosing guns, each bullet, damage taken, after a swig, falling over…) and
asks the effects a model carries; a handler overrides only the hooks its paragraph speaks
of. Adding an item is its YAML entry plus one handler (like python-chess variants filling
hooks, or fireplace's one class per card). The engine never names an item.

Hooks that fold a value take it as their last argument and return the new value; hooks
that can start play (a shove, an explosion) are generators (``Flow``) the engine drives.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...play.handlers import HandlerRegistry

if TYPE_CHECKING:
    from ...data.rules_data import GitType, RulesData, TerrainType, Weapon
    from ..ops import CombatOps as Combat
    from ..ops import MatchOps as Match
    from ..pieces import GitSpec
    from ..state import Model

Flow = Generator[Any, Any, Any]
TREATMENTS, REPAIRS = "treatments", "repairs"  # the families of lasting effects (effects/lasting.py)


def lasting_id(text: str) -> str:
    """The handler id of a "Location: Result" entry: the result, lower case, words joined by _."""
    result = text.partition(":")[2].strip() or text.strip()
    return re.sub(r"[^a-z0-9]+", "_", result.lower()).strip("_")


def lasting_ids(texts: Iterable[str]) -> list[str]:
    return [lasting_id(t) for t in texts]


def no_flow() -> Flow:
    """A flow that does nothing (the default for hooks that may start play)."""
    yield from ()


def is_git(m: Model) -> bool:
    """A git, not a vehicle: "If a rule refers specifically to gits, it doesn't apply to vehicles,
    and vice versa" (the Legal Notice). A rule that names "a git" reaches only these; one that
    names "a model" reaches vehicles too."""
    return m.vehicle is None


def take_swig(match: Match, m: Model) -> Flow:
    """A swig taken outside the end of an activation (a Big Hat's, a Mono-Wheel's, a chanting
    Agitator's): the same swig as any other — its dice (Lightweight: 2), its time, and what
    follows every swig ("A model that is on fire suffers an extra D3 damage when it takes a
    swig"). (Not ``before_swig``: that marks the end of an activation's actions.)"""
    from .. import effects

    match.advance(match.costs.swig_s)
    yield from match.add_tower_dice(m, effects.swig_dice(m), "swig")
    yield from effects.after_swig(m, match)


def take_tower_dice(match: Match, m: Model, n: int, why: str) -> int:
    """Lift ``n`` dice off the top of a model's tower (a git's one tower; a vehicle's two, each
    die off the taller, as dice go on the shorter); returns how many came off. The dice below
    stay as they stood, and the event says what is left."""
    from .. import events as ev

    if m.vehicle is None or m.tower2 is None:
        taken = m.tower.take_off(n)
        match.sync_tower(m)
        match.emit(ev.TowerRebuilt(m.id, m.tower.height, True, True, why, m.tower.frame()))
        return taken
    off = [0, 0]
    for _ in range(n):
        k = 0 if m.tower.height >= m.tower2.height else 1
        if not (m.tower, m.tower2)[k].take_off(1):
            break
        off[k] += 1
    towers = (m.tower, m.tower2)
    match.emit(
        ev.VehicleTowers(m.id, [-k for k in off], why, [t.height for t in towers], True, [t.frame() for t in towers])
    )
    return sum(off)


class Effect:
    """One item's behaviour. Subclasses set ``family``/``id`` and override hooks."""

    family: ClassVar[str] = ""
    id: ClassVar[str] = ""
    implemented: ClassVar[bool] = True
    ON_GUNS: ClassVar[int] = 0  # gear that sits on this many guns: the gang file says which (gear_on)
    # ---- advice for controllers (the AIs name no item: they ask the handler, as with gun_worth).
    #: How to answer this handler's GearChoice: "a_friend", "the_friend_most_worth_activating",
    #: "decline", "a_friend_if_the_last_throw_was_weak" ("": no advice).
    CHOICE_ADVICE: ClassVar[str] = ""
    #: When its extra actions are worth taking, and before which others (lower rank first):
    #: action -> (when, rank), when one of "always", "a_tall_friend" (a friend's tower is 4+),
    #: "a_friend_in_reach" (a standing friend within 1"), "far_from_caps" (the nearest cap is 10"+ away).
    ACTION_ADVICE: ClassVar[dict[str, tuple[str, int]]] = {}
    #: Where to aim a throw whose purpose is this handler's id: "toward_the_nearest_cap" ("": no advice).
    AIM_ADVICE: ClassVar[str] = ""

    # ---- gang building (work on the git's spec: no match exists yet) ----------------
    def hands(self, spec: GitSpec, n: int) -> int:
        """Hands this git has (two, before any effect)."""
        return n

    def hands_needed(self, spec: GitSpec, weapon: Weapon, n: int) -> int:
        """Hands this git needs to hold ``weapon``."""
        return n

    def combo_hands(self, spec: GitSpec, weapons: list[Weapon], needs: list[int]) -> list[int]:
        """Hands needed for each of ``weapons`` when used together in one action."""
        return needs

    def max_weapons(self, spec: GitSpec, n: int) -> int:
        """How many weapons this git may carry."""
        return n

    def weapons_counted(self, spec: GitSpec, n: int) -> int:
        """How many of its ``n`` weapons count against that limit."""
        return n

    def arrives_naked(self, spec: GitSpec) -> bool:
        """Chef's Recommendation and Chaos Mode roll no loot or injuries for this git ("they arrive
        naked as the day they were spawned")."""
        return False

    def gang_problems(self, spec: GitSpec, git: GitType, rules: RulesData) -> list[tuple[str, str]]:
        """Ways this git breaks "Gather Your Gits" because of this effect: (field, message)."""
        return []

    # ---- profile ------------------------------------------------------------------------
    def toughness(self, m: Model, t: int) -> int:
        """Toughness against shooting, blasts and everything else."""
        return t

    def thumped_toughness(self, m: Model, t: int) -> int:
        """Toughness when thumped in a fight (on top of ``toughness``)."""
        return t

    def headbutt(self, m: Model, w: Weapon) -> Weapon:
        """The headbutt this git thumps with when it has nothing better."""
        return w

    def weapon_range(self, m: Model, w: Weapon, r: float) -> float:
        return r

    def weapon_damage(self, m: Model, w: Weapon, big: bool, dmg: int) -> int:
        """Damage one of ``w``'s dice does (big or weak)."""
        return dmg

    # ---- towers ----------------------------------------------------------------------------
    def tower_dice(self, m: Model, n: int) -> int:
        """How many dice go on the tower when ``n`` are to be added (swig or damage)."""
        return n

    def swig_dice(self, m: Model, n: int) -> int:
        """How many dice one swig adds (before ``tower_dice``)."""
        return n

    def move_dice(self, m: Model, dice: tuple[int, ...]) -> tuple[int, ...]:
        """The move dice (sides of each) this git throws when it scoots."""
        return dice

    def damage_taken(self, m: Model, kind: str, n: int) -> int:
        """Damage this git actually takes of ``n`` from a ``kind`` of source ("shot", "blast",
        "fight" or "other")."""
        return n

    def absorb(self, match: Match, m: Model, n: int) -> int:
        """Damage left of ``n`` after dice are rolled to stop it (a Force Field, armour)."""
        return n

    def shot_toughness(self, m: Model, t: int) -> int:
        """Toughness when shot at (a Smoke Belcher)."""
        return t

    def fight_damage(self, m: Model, n: int) -> int:
        """The damage one of this git's thumps deals in all (after each die's weak/big)."""
        return n

    # ---- vehicles (the vehicle's mods) -----------------------------------------------------
    def seats(self, m: Model | None, n: int) -> int:
        """How many gits can ride in this vehicle (``m`` None: the vehicle as a gang file has it)."""
        return n

    def engine(self, m: Model, sides: int) -> int:
        """This vehicle's engine die as it stands (a repair worsens or improves it by a rank): the
        one stat both a scoot's move dice and a wipeout's dice are capped by."""
        return sides

    def vehicle_dice(self, m: Model, n: int, largest: int, bigger: bool) -> tuple[int, int, bool]:
        """A scoot's move dice: how many, the largest size (the engine as it stands, to begin
        with), and whether one may be a size bigger."""
        return n, largest, bigger

    def move_value(self, m: Model, value: int) -> int:
        """What a vehicle's move die counts as (Massive Exhausts: a minimum of 4)."""
        return value

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        """How far this vehicle moves on a move die of ``value``."""
        return distance

    def handling(self, m: Model, h: int) -> int:
        """The fastest this vehicle can safely move."""
        return h

    def may_pivot(self, m: Model, local: tuple[float, float]) -> bool:
        """Whether a vehicle may pivot for a move die lying at ``local`` (its own frame: x ahead,
        y to its left)."""
        return True

    def fires_all_mounts(self, option: str) -> bool:
        """Whether firing this crew option fires every gun bolted on (so none fires again)."""
        return False

    def trophy_caps(self, run_over: int) -> int:
        """Caps paid at the afterparty to a vehicle that ran over ``run_over`` fallen enemy gits
        in the game (campaign rules; 0 before any effect)."""
        return 0

    def dice_allowed(self, m: Model, sizes: tuple[int, ...], largest: int) -> bool:
        """Whether a vehicle may pick these move dice (``largest``: its engine die now)."""
        return True

    def handling_damage(self, m: Model, n: int) -> int:
        """Damage a vehicle takes for a move die over its handling (1, before any effect)."""
        return n

    def drive_damage(self, m: Model, value: int, n: int) -> int:
        """Damage a vehicle takes for resolving a move die of ``value`` (0, before any effect)."""
        return n

    def wreck_explosion(self, m: Model, x: int) -> int:
        """How big a wrecked vehicle's explosion is (2 × toughness, before any effect)."""
        return x

    def pinch_caps(self, m: Model, n: int) -> int:
        """Caps this model steals with a pinch (1, before any effect)."""
        return n

    def bullet_value(self, m: Model, value: int) -> int:
        """A bullet die's value as this shooter resolves it."""
        return value

    def jams(self, m: Model, value: int) -> bool:
        """Whether a bullet die of this value jams for this shooter (a 1 always does)."""
        return False

    def ignores_terrain(self, m: Model, terrain_rule: str) -> bool:
        """Whether this model ignores a terrain rule's effects (Stone Wheels: Oil Slicks)."""
        return False

    def smash_dice(self, m: Model, n: int) -> int:
        """How many smash dice this vehicle rolls."""
        return n

    def smash_toughness(self, m: Model, t: int) -> int:
        """The target's toughness as this vehicle's smash dice see it."""
        return t

    def smash_damage(self, m: Model, dmg: tuple[int, int]) -> tuple[int, int]:
        """(weak, big) damage of each of this vehicle's smash dice."""
        return dmg

    def flies(self, m: Model) -> bool:
        """Moves by being picked up and placed (Fly), ignoring what lies between."""
        return False

    def boost_in(self, m: Model) -> float:
        """A scoot may be one move die with this many inches added instead of three (Nitro)."""
        return 0.0

    def smash_again(self, m: Model) -> bool:
        """After a smash that did big damage, smash again at toughness +1 (a Spiked Roller)."""
        return False

    def on_smash_big(self, match: Match, m: Model, target: Model) -> None:
        """This vehicle's smash did big damage to ``target`` (Flame Gouts set it on fire)."""

    def after_smash(self, m: Model) -> None:
        """A smash of this vehicle against something else is settled, its kept roll counted (an
        Explosive Ram's first smash is spent)."""

    def on_get_off(self, match: Match, v: Model, git: Model) -> None:
        """``git`` just got off vehicle ``v`` (a Full-Stocked Minibar)."""

    def on_board(self, match: Match, v: Model, git: Model) -> None:
        """``git`` (carrying this) just boarded vehicle ``v`` (a reload token goes with it)."""

    def crew_options(self, m: Model, driver: bool) -> tuple[str, ...]:
        """Extra things a git aboard may fire instead of a gun ("mod:<id>"): a Wrecking Ball."""
        return ()

    def fire_mod(self, match: Match, v: Model) -> Flow:
        """Fire this mod (chosen as "mod:<id>" by a git aboard)."""
        return no_flow()

    def before_move_die(self, match: Match, m: Model, die_id: str, value: int) -> Flow:
        """A vehicle's move die about to be resolved: returns (die id, value) — an Electroshock
        may re-roll it first."""
        yield from ()
        return (die_id, value)

    def extra_mounts(self, rules: RulesData) -> tuple[tuple[Weapon, str], ...]:
        """Guns this mod bolts on the vehicle, with how each is mounted (a Mega-magnet)."""
        return ()

    def ran_over(self, match: Match, m: Model, git: Model) -> None:
        """This vehicle just ran over the fallen enemy ``git`` (a Gory Trophy Rack counts it)."""

    def trigger_in(self, terrain: TerrainType) -> float | None:
        """Terrain: how near another model must come to set it off (a mine), or None."""
        return None

    def before_move_dice(self, match: Match, m: Model) -> Flow:
        """A vehicle's move dice have landed, before any is resolved (a Mine Dropper drops)."""
        return no_flow()

    def smash_rerolls(self, m: Model) -> bool:
        """May re-roll its smash dice once per fight (Sidesaws)."""
        return False

    def mount_arcs(self, m: Model, k: int, arcs: tuple[str, ...]) -> tuple[str, ...]:
        """The arcs the vehicle's k-th bolted gun may fire into, one per shot (a Sponson)."""
        return arcs

    def on_shoot(self, match: Match, v: Model) -> Flow:
        """A vehicle takes a shoot action (a Git Launcher fires a passenger off)."""
        return no_flow()

    def stuns_first_round(self, m: Model) -> bool:
        """A git this vehicle bumps into does not throw in the fight's first round (Electric Motor)."""
        return False

    def vehicle_deploy_distance(self, m: Model, need: float) -> float:
        """How far from caps and enemy models this vehicle must deploy (8")."""
        return need

    # ---- deployment and activation ---------------------------------------------------------
    def deploys_free(self, m: Model) -> bool:
        """The first such git deployed does not count against the model limit."""
        return False

    def can_activate_fallen(self, m: Model, match: Match) -> bool:
        """May be picked to activate while fallen (its activation is then a reboot)."""
        return False

    def activate_fallen(self, m: Model, match: Match) -> Flow:
        """The activation of a fallen git this effect lets activate; returns why it ended."""
        yield from ()
        return "fallen"

    def can_be_booted_up(self, m: Model) -> bool:
        return True

    def stops_standing(self, holder: Model, fallen: Model, match: Match) -> bool:
        """(carried by ``holder``) ``fallen`` may not stand up (Handcuffs)."""
        return False

    def mechanical(self, m: Model) -> bool:
        """A machine (a klankbot): what spanners bonk and fuel cans help."""
        return False

    def boards(self) -> bool:
        """Whether a git with this may ride in a vehicle as a passenger ("no, not Klankbots")."""
        return True

    def extra_weapons(self, spec: GitSpec) -> tuple[str, ...]:
        """Weapon ids this gives the git on top of its own (free: not counted, not bought)."""
        return ()

    # ---- actions ------------------------------------------------------------------------------
    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        """Extra actions this lets ``m`` take now (each an id the handler's ``act`` runs)."""
        return ()

    def action_kind(self, action: str) -> str:
        """Which of the two different actions ``action`` counts as (a blast-off is a scoot)."""
        return action

    def act(self, match: Match, m: Model, action: str) -> Flow:
        """Take the extra action ``action``."""
        return no_flow()

    def free_action(self, action: str) -> bool:
        """``action`` is done during the activation but is none of its "one or two different
        actions" (its text names no action: a Fuel Can's toss)."""
        return False

    def after_activation(self, m: Model, match: Match) -> Flow:
        """After the activation ended (not after one it triggered): may start another."""
        return no_flow()

    def on_siren(self, m: Model, match: Match) -> None:
        """The timer's siren sounded while this model was in play."""

    def boot_in_caps(self, m: Model, match: Match, n: int) -> int:
        """Caps taken when this git puts the boot in."""
        return n

    # ---- scooting ---------------------------------------------------------------------------------
    def after_move_throw(self, match: Match, m: Model, landed: list[Any]) -> Flow:
        """The move dice just landed (id, sides, value, position); returns the dice to use."""
        yield from ()
        return landed

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        """One move die about to be resolved: returns (distance, where to head: a point, or None
        for the die itself). ``others`` are the move dice still to come (a handler may use one)."""
        yield from ()
        return (value, toward)

    def after_move_die(self, match: Match, m: Model) -> Flow:
        """One of ``m``'s move dice has just been resolved (Grabbing Hands)."""
        return no_flow()

    def after_scoot(self, match: Match, m: Model) -> Flow:
        """``m``'s scoot is over (Berserk)."""
        return no_flow()

    def limits_move(self, match: Match, holder: Model, mover: Model, start: Any, end: Any, distance: float) -> float:
        """(carried by ``holder``, an enemy of ``mover``) how far a move die may take ``mover``."""
        return distance

    #: (gear) friendly models this close (inches, base to base) share it; 0: only its carrier
    AURA_IN: ClassVar[float] = 0.0

    def rerolls(self, what: str) -> bool:
        """(an aura) lets friends re-roll their ``what`` ("bullet" or "move") dice once per activation."""
        return False

    def aura_for(self, holder: Model, m: Model) -> bool:
        """(an aura) it helps ``m`` (a friend within AURA_IN of ``holder``)."""
        return True

    def rerolls_each_throw(self, what: str) -> bool:
        """(an aura) its re-roll is not once per activation: every throw's ``what`` dice may each
        be re-rolled once ("re-roll each of their shooting dice once": Mountains of Ammo)."""
        return False

    # ---- fighting ----------------------------------------------------------------------------------
    def rethrows_fight(self, m: Model) -> bool:
        """Its boss may ask for a re-throw once per fight (Improvised Shield)."""
        return False

    def after_shove(self, combat: Combat, who: Model, other: Model) -> Flow:
        """``who`` has just shoved the enemy ``other`` in a fight (The Fuzz)."""
        return no_flow()

    def after_bullet_throw(self, match: Match, m: Model, dice: list[Any]) -> Flow:
        """``m``'s bullet dice just landed (id, sides, value, position); returns the dice to use."""
        yield from ()
        return dice

    def shoves_self(self, m: Model) -> bool:
        """When it shoves, it may move itself in any direction instead (Hook Hand)."""
        return False

    def helps_move(self, helper: Model, mover: Model) -> bool:
        """After one of ``mover``'s move dice resolves, ``helper`` may move with it too."""
        return False

    def activation_start(self, m: Model, match: Match) -> str | None:
        """At the start of an activation; a returned reason ends the activation at once."""
        return None

    def on_activation_start(self, match: Match, m: Model) -> Flow:
        """The activation has started and goes on (a Mysterious Red Button may be pressed; a
        Flame Gouts fire burns "when selected to activate")."""
        return no_flow()

    def rethrows_bumped_move_die(self, m: Model) -> bool:
        """Bumping into one of its own move dice rolls it again as a new move die (Twitchy
        Accelerator Pedal), once per move die."""
        return False

    def enemy_bullets_landed(self, match: Match, holder: Model, shooter: Model, dice: list[Any]) -> Flow:
        """An enemy of ``holder`` threw bullet dice; returns them as they are now (Snazzy
        Underlighting lets the shooter re-roll those near ``holder``)."""
        yield from ()
        return dice

    def dodge_die(self, m: Model) -> str | None:
        """The die a git rolls to dodge this vehicle as it drives into them (Really Bright
        Headlamps), or None: no dodge."""
        return None

    def wastes_next_activation(self, m: Model) -> bool:
        """Its next activation will end at once (for controllers weighing which git to pick)."""
        return False

    def before_swig(self, m: Model, match: Match) -> None:
        """After the actions, before the swig (only a standing git swigs)."""

    def after_swig(self, m: Model, match: Match) -> Flow:
        return no_flow()

    def activation_end(self, m: Model, match: Match) -> None:
        """At the end of an activation (whatever ended it)."""

    def activation_cut_short(self, m: Model, match: Match) -> None:
        """An activation ended before any action (a klank token, a reboot): it is still an
        activation that ended (a reload token it started with is discarded), though not one
        after which a klank token is put down."""

    def after_each_activation(self, m: Model, match: Match) -> None:
        """After every activation, however short: one a klank token ended at once, a reboot, a
        fallen git's snack ("After each activation": Tasty Smells). ``activation_end`` is not
        called for those."""

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        """This git's own boss knocked its tower over: it falls over."""
        return no_flow()

    # ---- fighting and shooting ----------------------------------------------------------
    def headbutt_when_shoved(self, m: Model) -> bool:
        """A thump cancelled by a shove still headbutts."""
        return False

    def thump_survives_shove(self, m: Model) -> bool:
        """A thump is not cancelled by a shove."""
        return False

    def gun_ready(self, m: Model, w: Weapon) -> bool:
        """``w`` (a weapon with this special) may be fired now."""
        return True

    def on_fired(self, m: Model, w: Weapon) -> None:
        """``w`` (a weapon with this special) was just fired."""

    def after_shoot(self, m: Model, match: Match) -> None:
        """This git's shoot action is over (every bullet resolved)."""

    #: (a weapon special) its bullets are resolved by ``resolve_bullet`` instead of the line of fire
    resolves_bullets: ClassVar[bool] = False
    #: (a weapon special) its dice are thrown and resolved by ``shoot_with`` (Portal: one at a time)
    throws_own_dice: ClassVar[bool] = False

    def resolve_bullet(self, combat: Combat, m: Model, w: Weapon, die_id: str, value: int) -> Flow:
        """Resolve one of ``w``'s bullet dice (the time for it is already on the clock)."""
        return no_flow()

    def shoot_with(self, combat: Combat, m: Model, w: Weapon) -> Flow:
        """Throw and resolve all of ``w``'s bullet dice."""
        return no_flow()

    def gun_worth(self, w: Weapon, damage: float) -> float:
        """(a weapon special) What firing ``w`` is worth to a controller, given the expected
        damage of its bullets as plain hits."""
        return damage

    def on_big_damage(
        self, combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool, toughness_bonus: int
    ) -> Flow:
        """``w`` (a weapon with this special) did big damage to ``target``."""
        return no_flow()

    # ---- terrain ------------------------------------------------------------------------------
    def explodes(self, terrain: TerrainType) -> int:
        """Terrain that explodes (x) when hit, and is hit instead of giving cover; 0 = not."""
        return 0

    def keeps_sliding(self, terrain: TerrainType) -> bool:
        """A model cannot stop on this (crossable) terrain: it keeps travelling in a straight line
        until it is off it or bumps into something."""
        return False

    def moved_through(self, match: Match, m: Model, terrain_id: str, value: int) -> Flow:
        """A move die of ``value`` moved ``m`` through this (crossable) terrain."""
        return no_flow()

    def crossing_cost(self, m: Model, value: int) -> str | None:
        """What :meth:`moved_through` would do to ``m`` on a move die of ``value``, in a player's
        words ("D6 damage"), asked without rolling: the hot-seat's drive preview says it beside
        the die (the playtest's "6.0\"" die slid 9" over an oil slick and cost 3 damage unsaid).
        Kept beside :meth:`moved_through` so the rule and its words change together."""
        return None

    def boot_cost(self, terrain: TerrainType) -> int | None:
        """Caps a git in contact pays to boot this terrain (0: free); None: it cannot be booted."""
        return None

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        """``m`` booted this terrain (its cost is already paid)."""
        return no_flow()

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        """What booting this terrain is worth to ``m``'s boss, in caps (for controllers)."""
        return 0.0


@dataclass(frozen=True)
class Deferred:
    """An id the data names whose behaviour is not built yet: loud, never silently "ok"."""

    family: str
    id: str
    why: str
    implemented: bool = False


#: family -> id -> handler class (implemented) or Deferred (known, not simulated yet): Space Gits' own
#: registry (another ruleset keeps its own, so family names never collide)
REGISTRY: HandlerRegistry[type[Effect] | Deferred] = HandlerRegistry("spacegits")


def register(cls: type[Effect]) -> type[Effect]:
    """Class decorator: register a handler under its family and id."""
    if not cls.family or not cls.id:
        raise ValueError(f"{cls.__name__} needs a family and an id")
    REGISTRY.setdefault(cls.family, {})[cls.id] = cls
    return cls


def defer(family: str, ids: str, why: str) -> None:
    for ident in ids.split():
        REGISTRY.setdefault(family, {}).setdefault(ident, Deferred(family, ident, why))

"""Lasting effects (rulebook: "Accident & Emergency", "Krankshaft's Auto Repairs"): one handler
per treatment and per repair a campaign writes to a git (``treatments``) or its vehicle
(``repairs``).

A gang file names them as "Location: Result" (``Left Leg: Peg Leg``); the handler's id is the
result in lower case with underscores (``peg_leg``). Treatments ride on the git, repairs on the
vehicle. Many are "as" a piece of gear or a mod: those reuse its handler. What happens once, at
the afterparty (an attitude point, a missed game, a gun bolted on, a weapon lost), is data in
injuries.yaml / repairs.yaml and done by the campaign; the handlers here are what shows up in
the games after. A result whose rule hangs on something the rulebook never defines, or that
is not simulated yet, is registered as deferred, so a gang that has one gets a loud warning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...data.dice import parse_dice, roll
from .base import REPAIRS as REPAIRS  # (these four re-exported: their old home)
from .base import TREATMENTS as TREATMENTS
from .base import Effect, Flow, register
from .base import lasting_id as lasting_id
from .base import lasting_ids as lasting_ids
from .gear import (
    BionicArm,
    BionicLeg,
    ChunkyArmour,
    ExtraArm,
    HookHand,
    MonoWheel,
    SkullCap,
    SpikeyBits,
    SteelJaw,
    Tracks,
)
from .git_specials import HunkOfMetal, Klanking, Puny, Rigged
from .terrain import OilSlick
from .vehicle_mods import (
    ExperimentalTeleporter,
    HonkingGreatShakerScoop,
    HugeSpoiler,
    JetEngine,
    MountainsOfAmmo,
    RacingStripes,
    Sidesaws,
    SmokeBelcher,
)

if TYPE_CHECKING:
    from ...data.rules_data import GitType, RulesData
    from ..ops import MatchOps as Match
    from ..pieces import GitSpec
    from ..state import Model

DIE_SIZES = (4, 6, 8, 10, 12, 20)  # engine ranks, smallest first (rulebook: "one dice rank")


def _rank(sides: int, step: int) -> int:
    """An engine die ``step`` ranks bigger (or smaller), within D4..D20."""
    k = DIE_SIZES.index(sides) if sides in DIE_SIZES else len(DIE_SIZES) - 1
    return DIE_SIZES[max(0, min(len(DIE_SIZES) - 1, k + step))]


class _Treatment(Effect):
    family = TREATMENTS


class _Repair(Effect):
    family = REPAIRS


# ---- treatments: the head -------------------------------------------------------------------------


@register
class GnawbrainXenotransplant(_Treatment):
    """ "This git cannot use weapons anymore." (The weapons it had are lost at A&E.)"""

    id = "gnawbrain_xenotransplant"

    def max_weapons(self, spec: GitSpec, n: int) -> int:
        return 0


@register
class SteamPoweredCalculatingEngine(Klanking):
    """ "After activating this model, put a klank token on it … When you activate a model with a
    klank token on it, discard all klank tokens from this model and end its activation." (as Klanking)"""

    family, id = TREATMENTS, "steam_powered_calculating_engine"


@register
class MechanicalRespirator(_Treatment):
    """ "Gain 1 Attitude." (given at the afterparty; nothing else lasts)"""

    id = "mechanical_respirator"


@register
class BionicEye(MountainsOfAmmo):
    """ "May re-roll all their shooting dice once per activation" (modelled so: this git's own
    re-roll of its bullet dice, each at most once, once per activation)."""

    family, id = TREATMENTS, "bionic_eye"

    def rerolls_each_throw(self, what: str) -> bool:
        return False  # "once per activation", unlike the mod it borrows from


@register
class MetalPlate(SteelJaw):
    """+1 Toughness when thumped in a fight (as Steel Jaw)."""

    family, id = TREATMENTS, "metal_plate"


@register
class SkullCapTreatment(SkullCap):
    """Headbutts roll 1D8 and do 2/3 (as the Skull Cap gear)."""

    family, id = TREATMENTS, "skull_cap"


@register
class ConcussionBandage(_Treatment):
    """Misses the next game, then recovers fully (the campaign keeps it away; nothing lasts)."""

    id = "concussion_bandage"


# ---- treatments: the arms ---------------------------------------------------------------------------


@register
class Stump(_Treatment):
    """ "This git now has one fewer hands." """

    id = "stump"

    def hands(self, spec: GitSpec, n: int) -> int:
        return n - 1


@register
class WoodenHand(_Treatment):
    """ "They now steal 0 caps when they throw pinch in a fight." """

    id = "wooden_hand"

    def pinch_caps(self, m: Model, n: int) -> int:
        return 0


@register
class RubbishRoboticArm(_Treatment):
    """ "This hand can only be used to shoot guns, not use fighting weapons": its fighting
    weapons must fit in the hands it has left."""

    id = "rubbish_robotic_arm"

    def gang_problems(self, spec: GitSpec, git: GitType, rules: RulesData) -> list[tuple[str, str]]:
        from . import folds as effects

        fighting = [w for w in spec.weapons if rules.weapons[w].kind != "shooting"]
        free = effects.hands_of(spec, rules) - 1
        if fighting and effects.hands_for(fighting, spec, rules) > free:
            return [("weapons", f"its robotic arm holds only guns: its fighting weapons need more than {free} hand(s)")]
        return []


@register
class HookHandTreatment(HookHand):
    """One hand fewer; shoving, it may move itself instead (as the Hook Hand gear)."""

    family, id = TREATMENTS, "hook_hand"


@register
class ChopperArm(_Treatment):
    """ "Armed with a Massive H2H Weapon permanently held in this hand" (the campaign bolts it on
    and takes off what no longer fits)."""

    id = "chopper_arm"


@register
class GunArm(_Treatment):
    """ "Make a loot roll to find out what gun the doc has attached. This git is stuck with that
    weapon on that arm" (the campaign rolls the gun and adds it to the git's weapons)."""

    id = "gun_arm"


@register
class BionicArmTreatment(BionicArm):
    """One 2-handed weapon needs only one hand (as the Bionic Arm gear)."""

    family, id = TREATMENTS, "bionic_arm"


@register
class ExtraArmTreatment(ExtraArm):
    """One more hand (as the Extra Arm gear)."""

    family, id = TREATMENTS, "extra_arm"


@register
class Sling(ConcussionBandage):
    """Misses the next game, then recovers fully."""

    id = "sling"


# ---- treatments: the legs ---------------------------------------------------------------------------


@register
class WheeledCart(_Treatment):
    """ "This git changes its Move Dice stat to 1D10." """

    id = "wheeled_cart"

    def move_dice(self, m: Model, dice: tuple[int, ...]) -> tuple[int, ...]:
        return parse_dice("1D10").dice


@register
class KneelessServoLeg(_Treatment):
    """ "This git changes its Move Dice stat to 2D6." """

    id = "kneeless_servo_leg"

    def move_dice(self, m: Model, dice: tuple[int, ...]) -> tuple[int, ...]:
        return parse_dice("2D6").dice


@register
class PegLeg(_Treatment):
    """ "Counts all its move dice values as one lower, to a minimum of 1"." """

    id = "peg_leg"

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        yield from ()
        return (max(1, value - 1), toward)


@register
class LeadLeg(HunkOfMetal):
    """ "This model cannot be booted up the arse." """

    family, id = TREATMENTS, "lead_leg"


@register
class RustyMetalLeg(_Treatment):
    """ "Reduce any of this git's move dice that roll 5+ by 1"." Taken twice, each counts: the
    die's roll is what is read (not what another leg made of it), and a move is at least 1"."""

    id = "rusty_metal_leg"

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        yield from ()
        rolled = match.table.die(die_id).value if match.table.has_die(die_id) else value  # what it *rolled*
        return (max(1, value - 1) if rolled >= 5 else value, toward)


@register
class PowerKnees(_Treatment):
    """ "All this git's move dice count as 1 higher." (twice: each counts)"""

    id = "power_knees"

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        yield from ()
        return (value + 1, toward)


@register
class BionicLegs(BionicLeg):
    """Any move die may count as a 3 (as the Bionic Leg gear; the re-rolled diagnosis is the campaign's)."""

    family, id = TREATMENTS, "bionic_legs"


@register
class TracksTreatment(Tracks):
    """Another move die may be added to this one (as the Tracks gear)."""

    family, id = TREATMENTS, "tracks"


@register
class MonoWheelTreatment(MonoWheel):
    """A swig to send a move die any way (as the Mono-Wheel gear)."""

    family, id = TREATMENTS, "mono_wheel"


# ---- treatments: the body ---------------------------------------------------------------------------


@register
class IncrediblyUnstableMechanicalHeart(Rigged):
    """ "If this model falls over it explodes (X), where X is its toughness, and is removed from play." """

    family, id = TREATMENTS, "incredibly_unstable_mechanical_heart"

    def explode_x(self, m: Model, match: Match) -> int:
        return m.toughness


@register
class GluedBackTogether(Puny):
    """ "When this model adds a dice to its tower, it adds 2 dice instead." (as Puny)"""

    family, id = TREATMENTS, "glued_back_together"


@register
class ExposedPipework(_Treatment):
    """ "This git suffers -1 toughness." """

    id = "exposed_pipework"

    def toughness(self, m: Model, t: int) -> int:
        return t - 1


@register
class GnawballLiverXenotransplant(_Treatment):
    """ "When this git takes a swig, you add 2 dice to their tower, not 1." """

    id = "gnawball_liver_xenotransplant"

    def swig_dice(self, m: Model, n: int) -> int:
        return n + 1


@register
class HunkOfMetalTreatment(HunkOfMetal):
    """ "This model cannot be booted up the arse." """

    family, id = TREATMENTS, "hunk_of_metal"


@register
class SpikeyBitsTreatment(SpikeyBits):
    """A thump cancelled by a shove still headbutts (as the Spikey Bits gear)."""

    family, id = TREATMENTS, "spikey_bits"


@register
class ChunkyArmourPlating(ChunkyArmour):
    """+1 Toughness (as the Chunky Armour gear)."""

    family, id = TREATMENTS, "chunky_armour_plating"


@register
class SteelJawTreatment(SteelJaw):
    """+1 Toughness when thumped in a fight (as the Steel Jaw gear)."""

    family, id = TREATMENTS, "steel_jaw"


@register
class RustyTinBrain(_Treatment):
    """ "When you move, boss to the left rolls one extra dice. You have to use the three highest."
    After the git's own move dice land, the boss to the left throws one more of the same size
    (aimed where that boss likes), and the lowest of them all is discarded."""

    id = "rusty_tin_brain"

    def after_move_throw(self, match: Match, m: Model, landed: list[Any]) -> Flow:
        from ..decisions import AimThrow
        from ..state import clockwise_from

        if not landed or len(match.bosses) < 2:
            return landed
        left = clockwise_from(len(match.bosses), m.boss)[1]  # (as a wipeout's dice)
        sides = int(landed[0][1])
        thrown = yield AimThrow(left, m.id, "move", (sides,), match.table.width, match.table.height)
        extra = yield from match.throw(left, m.id, "move", (sides,), thrown)
        own = [d for d in landed if match.table.has_die(d[0])]
        dice = own + [d for d in extra if d[3] is not None and match.table.has_die(d[0])]
        if len(dice) > len(own):  # (an extra die that rolled off the table is the one not used)
            low = min(dice, key=lambda d: (d[2], d[0]))
            match.discard_die(low[0])
            dice.remove(low)
        return dice


# ---- repairs: handling ------------------------------------------------------------------------------


@register
class DodgyBrakes(_Repair):
    """ "Have to roll at least one of your highest possible dice type when moving." """

    id = "dodgy_brakes"

    def dice_allowed(self, m: Model, sizes: tuple[int, ...], largest: int) -> bool:
        return largest in sizes or max(sizes) > largest


@register
class MisalignedWheels(_Repair):
    """ "This vehicle suffers -1 Handling permanently." """

    id = "misaligned_wheels"

    def handling(self, m: Model, h: int) -> int:
        return h - 1


@register
class BentAxle(_Repair):
    """ "When you suffer damage due to your move dice being over your handling, you suffer 1 additional damage." """

    id = "bent_axle"

    def handling_damage(self, m: Model, n: int) -> int:
        return n + 1


@register
class GrindingNoise(_Repair):
    """ "Your move dice now all do 1/0 damage to you (e.g. 1 if you roll under your toughness)." """

    id = "grinding_noise"

    def drive_damage(self, m: Model, value: int, n: int) -> int:
        return n + (1 if value < m.toughness else 0)


@register
class TunedSteering(_Repair):
    """+1 Handling permanently."""

    id = "tuned_steering"

    def handling(self, m: Model, h: int) -> int:
        return h + 1


@register
class CantTurnLeft(_Repair):
    """ "Move dice on the left side of the vehicle can only be used to move forward, you can't
    pivot with them." (Left of the line through its middle, front to back.)"""

    id = "can_t_turn_left"

    def may_pivot(self, m: Model, local: tuple[float, float]) -> bool:
        return local[1] <= 0.0


@register
class TwitchyAcceleratorPedal(_Repair):
    """ "Once per move dice, if you bump into one of your move dice, roll it again as a new move
    dice." The bump still stops the vehicle and does its 1 damage; the die is thrown again and
    joins the dice still to resolve. "Once per move dice": a die rolled again this way is removed
    as usual if it is bumped in its turn."""

    id = "twitchy_accelerator_pedal"

    def rethrows_bumped_move_die(self, m: Model) -> bool:
        return True


# ---- repairs: guts ----------------------------------------------------------------------------------


@register
class WornGasket(_Repair):
    """ "Worsen engine stat by one dice rank." """

    id = "worn_gasket"

    def engine(self, m: Model, sides: int) -> int:
        return _rank(sides, -1)


@register
class RustyGearbox(_Repair):
    """ "When you roll your move dice, they have to all be the same rank of dice." """

    id = "rusty_gearbox"

    def dice_allowed(self, m: Model, sizes: tuple[int, ...], largest: int) -> bool:
        return len(set(sizes)) <= 1


@register
class LeakingFuelLine(_Repair):
    """ "When the driver takes a swig, they take D3 dice." (the vehicle's swig is its driver's)"""

    id = "leaking_fuel_line"
    TOKEN = "fumes"

    def before_swig(self, m: Model, match: Match) -> None:
        m.tokens[self.TOKEN] = roll(parse_dice("D3"), match.rng("dice"))[0]

    def swig_dice(self, m: Model, n: int) -> int:
        return n - 1 + int(m.tokens.pop(self.TOKEN, 1))


@register
class SluggishAccelerator(_Repair):
    """ "Roll one fewer move dice." """

    id = "sluggish_accelerator"

    def vehicle_dice(self, m: Model, n: int, largest: int, bigger: bool) -> tuple[int, int, bool]:
        return max(1, n - 1), largest, bigger


@register
class OverpressurizedFuelLines(_Repair):
    """ "If this vehicle gets wrecked it explodes (10)." """

    id = "overpressurized_fuel_lines"
    X = 10

    def wreck_explosion(self, m: Model, x: int) -> int:
        return max(x, self.X)


@register
class ShakerScoop(HonkingGreatShakerScoop):
    """One move die may be a size bigger than the engine (as the mod)."""

    family, id = REPAIRS, "honking_great_shaker_scoop"


@register
class Turbocharger(_Repair):
    """Improve engine stat by one dice rank, but the driver takes an extra dice when they swig."""

    id = "turbocharger"

    def engine(self, m: Model, sides: int) -> int:
        return _rank(sides, +1)

    def swig_dice(self, m: Model, n: int) -> int:
        return n + 1


# ---- repairs: snazz ---------------------------------------------------------------------------------


@register
class OffensiveRepaint(_Repair):
    """ "You have to repaint your model in a different colour." (nothing changes on the table)"""

    id = "offensive_repaint"


@register
class BoomingExhausts(_Repair):
    """ "Has to deploy 12" from caps and enemy models (even if it has the Electric Motor mod)." """

    id = "booming_exhausts"
    DEPLOY_IN = 12.0  # repairs come after mods, so this overrides an Electric Motor's 4"

    def vehicle_deploy_distance(self, m: Model, need: float) -> float:
        return max(need, self.DEPLOY_IN)


@register
class StoneWheels(_Repair):
    """ "You ignore the effects of Oil Slicks." """

    id = "stone_wheels"

    def ignores_terrain(self, m: Model, terrain_rule: str) -> bool:
        return terrain_rule == OilSlick.id


@register
class HugeSpoilerRepair(HugeSpoiler):
    """ "If this vehicle has one modelled on, it gains +2 handling." """

    family, id = REPAIRS, "huge_spoiler"


@register
class RacingStripesRepair(RacingStripes):
    """Its move dice gain +2" (as the Racing Stripes mod)."""

    family, id = REPAIRS, "racing_stripes"


@register
class ReallyBrightHeadlamps(_Repair):
    """ "Gits roll D6 when dodging this vehicle." The book defines no dodge: our reading (marked
    completed in repairs.yaml) is that the headlamps let gits see it coming — a standing enemy git
    it drives into rolls a D6 and dodges on a roll that meets or beats its current speed (moved
    clear of its path, no fight). The roll itself is :meth:`Driving._dodged`."""

    id = "really_bright_headlamps"
    DIE = "D6"

    def dodge_die(self, m: Model) -> str | None:
        return self.DIE


@register
class SnazzyUnderlighting(_Repair):
    """ "Enemy bullet dice that land within 6" of this vehicle can be re-rolled by their
    shooter." After an enemy's shoot action throws its bullet dice, the shooter's boss may re-roll
    each die that landed within 6" of the hull (edge to edge), each once."""

    id = "snazzy_underlighting"
    REACH_IN = 6.0

    def enemy_bullets_landed(self, match: Match, holder: Model, shooter: Model, dice: list[Any]) -> Flow:
        from ...physics.table import Kind
        from ..state import REROLLED

        if holder.vehicle is None or not holder.in_play:
            return dice
        near = {t.id for t, _gap in match.table.within(self.REACH_IN, figure=holder.id, kinds=(Kind.DIE,))}
        mine = [d for d in dice if d[0] in near and d[3] is not None and match.table.has_die(d[0])]
        if not mine:
            return dice
        key = REROLLED + "bullet"
        had = shooter.tokens.get(key)  # (not the shooter's own once-per-activation re-roll)
        again = yield from match.reroll_dice(shooter, "bullet", mine)
        if not had:
            shooter.tokens.pop(key, None)
        swap = {old[0]: new for old, new in zip(mine, again, strict=True)}
        return [swap.get(d[0], d) for d in dice]


@register
class MysteriousRedButton(_Repair):
    """ "Once per game, at the start of your activation, you can press the button: roll a D6. On
    a 1, you wipeout. On a 2-5, you count as equipped with a Jet Engine mod for the rest of the
    activation. On a 6, you count as equipped with an Experimental Teleporter mod for the rest of
    the activation." The boss is asked (GearChoice "press" or "no"); the Jet Engine and the
    teleporter are tokens that go at the end of the activation."""

    id = "mysterious_red_button"
    PRESSED = "red_button_pressed"  # token: once per game

    def on_activation_start(self, match: Match, m: Model) -> Flow:
        from .. import events as ev
        from ..decisions import GearChoice

        if m.tokens.get(self.PRESSED) or not m.in_play:
            return
        pick = yield GearChoice(m.boss, ("no", "press"), "press the mysterious red button?", m.id, self.id)
        if pick != "press":
            return
        m.tokens[self.PRESSED] = 1
        r = roll(parse_dice("D6"), match.rng("dice"))[0]
        outcome = "wipeout" if r == 1 else ("jet engine" if r <= 5 else "experimental teleporter")
        match.emit(ev.EffectRolled(m.id, self.id, "D6", r, outcome))
        if r == 1:
            yield from match.wipeout(m, "the mysterious red button (a 1)")
        else:
            m.tokens[RedButtonJetEngine.id if r <= 5 else RedButtonTeleporter.id] = 1


@register
class RedButtonJetEngine(JetEngine):
    """The red button's Jet Engine, for the rest of the activation (nothing more if the vehicle
    has the mod already: "count as equipped with")."""

    family, id = "tokens", "red_button_jet_engine"

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        if any(type(h) is JetEngine for h in m.effects):
            return distance
        return super().vehicle_move(m, value, distance)

    def activation_end(self, m: Model, match: Match) -> None:
        m.tokens.pop(self.id, None)


@register
class RedButtonTeleporter(ExperimentalTeleporter):
    """The red button's Experimental Teleporter, for the rest of the activation."""

    family, id = "tokens", "red_button_teleporter"

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        if any(type(h) is ExperimentalTeleporter for h in m.effects):
            return ()
        return super().actions(m, match)

    def activation_end(self, m: Model, match: Match) -> None:
        m.tokens.pop(self.id, None)


# ---- repairs: hull ----------------------------------------------------------------------------------


@register
class BuckledPillars(_Repair):
    """ "This vehicle suffers -1 Toughness permanently." """

    id = "buckled_pillars"

    def toughness(self, m: Model, t: int) -> int:
        return t - 1


@register
class CrushedRoof(BuckledPillars):
    """ "This vehicle suffers -1 Toughness permanently." """

    id = "crushed_roof"


@register
class MangledChassis(_Repair):
    """ "This vehicle suffers -1 Seat permanently." """

    id = "mangled_chassis"

    def seats(self, m: Model | None, n: int) -> int:
        return max(1, n - 1)


@register
class HeavyAssArmour(_Repair):
    """ "+1 Toughness, but reduces its Engine stat by one dice rank." """

    id = "heavy_ass_armour"

    def toughness(self, m: Model, t: int) -> int:
        return t + 1

    def engine(self, m: Model, sides: int) -> int:
        return _rank(sides, -1)


@register
class ArmourMadeOfOldDoors(_Repair):
    """ "They have a load of handles. +2 Seats" """

    id = "armour_made_of_old_doors"

    def seats(self, m: Model | None, n: int) -> int:
        return n + 2


@register
class SidesawsRepair(Sidesaws):
    """ "You can re-roll your smash dice once per fight." """

    family, id = REPAIRS, "sidesaws"


@register
class SparePanels(_Repair):
    """+1 Toughness permanently."""

    id = "spare_panels"

    def toughness(self, m: Model, t: int) -> int:
        return t + 1


# ---- repairs: weapons -------------------------------------------------------------------------------


@register
class WreckedWeapon(_Repair):
    """ "This vehicle loses a randomly selected weapon permanently." (the campaign takes it off)"""

    id = "wrecked_weapon"


@register
class IllConsideredWeaponVenting(_Repair):
    """ "When you shoot, you take one damage for each 6+ you roll." """

    id = "ill_considered_weapon_venting"

    def after_bullet_throw(self, match: Match, m: Model, dice: list[Any]) -> Flow:
        n = sum(1 for d in dice if d[2] is not None and d[2] >= 6)
        if n:
            yield from match.combat.damage(m, n, f"weapon venting ({n} × 6+)")
        return dice


@register
class DamagedWeaponMounts(_Repair):
    """ "This vehicle's bullet dice suffer -1 to their rolls." """

    id = "damaged_weapon_mounts"

    def bullet_value(self, m: Model, value: int) -> int:
        return value - 1


@register
class WeakFrame(_Repair):
    """ "You roll 2 fewer smash dice when you smash." """

    id = "weak_frame"

    def smash_dice(self, m: Model, n: int) -> int:
        return max(0, n - 2)


@register
class OverheatingAmmoBelts(_Repair):
    """ "Your vehicle treats bullet dice of both 1 and 2 as jams." """

    id = "overheating_ammo_belts"

    def jams(self, m: Model, value: int) -> bool:
        return value <= 2


@register
class SmokeBelcherRepair(SmokeBelcher):
    """ "When shot at, treat this vehicle's toughness as 1 higher." """

    family, id = REPAIRS, "smoke_belcher"


@register
class MountainsOfAmmoRepair(MountainsOfAmmo):
    """Each of its shooting dice may be re-rolled once (as the mod)."""

    family, id = REPAIRS, "mountains_of_ammo"


@register
class AutoGunner(_Repair):
    """ "The driver can fire all the vehicle's weapons at once." An option of the driver's: every
    bolted gun fires, each into its own arc (a fixed gun the front corridor, a pintle gun the
    front arc), and none of them fires again in that shoot action. "At once": a gun still
    reloading (Slow to Reload) stays silent, and the reload tokens the others leave come after."""

    id = "auto_gunner"
    OPTION = "mod:auto_gunner"

    def crew_options(self, m: Model, driver: bool) -> tuple[str, ...]:
        from . import folds as effects

        ready = any(effects.gun_ready(m, mt.weapon) for mt in m.mounts)
        return (self.OPTION,) if driver and ready else ()

    def fires_all_mounts(self, option: str) -> bool:
        return option == self.OPTION

    def fire_mod(self, match: Match, v: Model) -> Flow:
        from . import folds as effects

        ready = [effects.gun_ready(v, mt.weapon) for mt in v.mounts]
        for k, mt in enumerate(v.mounts):
            if not ready[k]:
                continue
            if not v.in_play:
                return
            arc = effects.mount_arcs(v, k, "corridor" if mt.how == "fixed" else "front")[0]
            yield from match.combat.shoot_with(v, [mt.weapon], arc)


# ---- rows with nothing lasting ------------------------------------------------------------------


def _nothing(family: str, ident: str, text: str) -> None:
    cls = type(
        "".join(p.title() for p in ident.split("_")),
        (Effect,),
        {"family": family, "id": ident, "__doc__": text, "__module__": __name__},
    )
    register(cls)


for _ident in ("full_recovery",):
    _nothing(TREATMENTS, _ident, "Nothing lasting.")
for _ident in ("lick_of_oil", "good_as_new", "new_spark_plugs", "fresh_polish", "panel_beaten", "cleaned_and_oiled"):
    _nothing(REPAIRS, _ident, "No lasting effect.")

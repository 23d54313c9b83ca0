"""Vehicle mods (rulebook: "Vehicle Mods"): one handler per id in vehicle_mods.yaml.

The mods that change a vehicle's numbers (seats, move dice, distance, handling, smash dice,
toughness seen by a smash, smash damage), that stop damage, that add an action or a thing to
fire, and the teleporter are simulated. The rest are registered as deferred, so a gang that
bolts one on gets a loud warning instead of a silent "ok".
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...data.dice import parse_dice, roll, roll_one
from .base import Effect, Flow, register
from .gear import Megaphone as _GearMegaphone
from .terrain import StrongDrink

if TYPE_CHECKING:
    from ...data.rules_data import RulesData, Weapon
    from ..ops import MatchOps as Match
    from ..state import Model

EXPLOSIVE_RAM_USED = "explosive_ram_used"  # token: the first smash has had its +2/+4
ARMOUR_OFF = "ramshackle_armour_off"  # token: the armour fell off
BASS_IN = 6.0  # Insanely Loud Sound System: "all gits within 6" are pushed directly away"


class _Mod(Effect):
    family = "vehicle_mods"


@register
class ExtraSeats(_Mod):
    """ "The vehicle gains +2 Seats." """

    id = "extra_seats"

    def seats(self, m: Model | None, n: int) -> int:
        return n + 2


@register
class HoverJets(_Mod):
    """ "It rolls 4 move dice when it scoots." """

    id = "hover_jets"

    def vehicle_dice(self, m: Model, n: int, largest: int, bigger: bool) -> tuple[int, int, bool]:
        return max(n, 4), largest, bigger


@register
class HonkingGreatShakerScoop(_Mod):
    """ "One of the move dice you roll each activation can be one dice size higher than your
    engine stat." """

    id = "honking_great_shaker_scoop"

    def vehicle_dice(self, m: Model, n: int, largest: int, bigger: bool) -> tuple[int, int, bool]:
        return n, largest, True


@register
class MassiveExhausts(_Mod):
    """ "All its move dice count as a minimum of 4, even if they roll lower." The die's value is 4
    for everything it does: the distance, and the current speed a crash is smashed at."""

    id = "massive_exhausts"
    MINIMUM = 4

    def move_value(self, m: Model, value: int) -> int:
        return max(value, self.MINIMUM)


@register
class RacingStripes(_Mod):
    """ "Its move dice gain +2"." """

    id = "racing_stripes"

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        return distance + 2.0


@register
class JetEngine(_Mod):
    """ "Any of your move dice that roll 12 or more gain +6"." """

    id = "jet_engine"

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        return distance + (6.0 if value >= 12 else 0.0)


@register
class HugeSpoiler(_Mod):
    """ "It gains +2 handling." """

    id = "huge_spoiler"

    def handling(self, m: Model, h: int) -> int:
        return h + 2


@register
class HugeWheels(_Mod):
    """ "It gains +2 handling." (a different mod: the two stack)"""

    id = "huge_wheels"

    def handling(self, m: Model, h: int) -> int:
        return h + 2


@register
class LoadsOfSpikes(_Mod):
    """ "You roll +2 smash dice." """

    id = "loads_of_spikes"

    def smash_dice(self, m: Model, n: int) -> int:
        return n + 2


@register
class Buzzblades(_Mod):
    """ "When you roll your smash dice, you count the target's toughness as 1 lower." """

    id = "buzzblades"

    def smash_toughness(self, m: Model, t: int) -> int:
        return t - 1


@register
class MassiveRam(_Mod):
    """ "Your smash dice do +1/+1 damage." """

    id = "massive_ram"

    def smash_damage(self, m: Model, dmg: tuple[int, int]) -> tuple[int, int]:
        return dmg[0] + 1, dmg[1] + 1


@register
class ExplosiveRam(_Mod):
    """ "The first time in a game you smash, your smash dice do +2/+4 damage." Asking the damage
    spends nothing (a Sidesaws re-roll is the same smash, and the heuristic asks it to weigh a
    ram); the first smash is spent once its kept roll is settled (:meth:`after_smash`)."""

    id = "explosive_ram"

    def smash_damage(self, m: Model, dmg: tuple[int, int]) -> tuple[int, int]:
        if m.tokens.get(EXPLOSIVE_RAM_USED):
            return dmg
        return dmg[0] + 2, dmg[1] + 4

    def after_smash(self, m: Model) -> None:
        m.tokens[EXPLOSIVE_RAM_USED] = 1


@register
class NitroBooster(_Mod):
    """ "When you scoot, you can boost instead: you only roll one move dice, but you add +10"." """

    id = "nitro_booster"

    def boost_in(self, m: Model) -> float:
        return 10.0


@register
class SmokeBelcher(_Mod):
    """ "When shot at, treat this vehicle's toughness as 1 higher." """

    id = "smoke_belcher"

    def shot_toughness(self, m: Model, t: int) -> int:
        return t + 1


@register
class ForceField(_Mod):
    """ "When you receive a damage dice, roll it. If it rolls a 6, you can discard it, as it is
    reflected by the force field." """

    id = "force_field"

    def absorb(self, match: Match, m: Model, n: int) -> int:
        # each damage die rolled on its own (the same draws a pool would make): a smash at speed
        # can do more than the 100 dice a written pool may hold ("196D6" stopped a derby match)
        rng = match.rng("dice")
        return sum(1 for _ in range(n) if roll_one(6, rng) != 6)


@register
class RamshackleArmour(_Mod):
    """ "When you take damage, roll a dice. Even, the damage is negated. Odd, the damage is
    negated, but the armour falls off and cannot be used again in this game." """

    id = "ramshackle_armour"

    def absorb(self, match: Match, m: Model, n: int) -> int:
        if m.tokens.get(ARMOUR_OFF):
            return n
        if roll(parse_dice("D6"), match.rng("dice"))[0] % 2:
            m.tokens[ARMOUR_OFF] = 1
        return 0


@register
class SpikedRoller(_Mod):
    """ "When you cause big damage to your opponent with a smash, you can roll your smash again,
    counting the target's toughness as +1 (and this can repeat…)." Always taken: more smash dice
    only ever add damage."""

    id = "spiked_roller"

    def smash_again(self, m: Model) -> bool:
        return True


@register
class FlameGouts(_Mod):
    """ "If you cause big damage to a model with your smash dice, it is set on fire and stays on
    fire until it falls over or wipes out. A model that is on fire suffers D3 damage when selected
    to activate." The mod's own fire (:class:`GoutFire`), not the Fire weapon special's (whose
    burn comes with each swig)."""

    id = "flame_gouts"

    def on_smash_big(self, match: Match, m: Model, target: Model) -> None:
        if target.in_play and target.id != m.id:
            target.tokens[GoutFire.id] = 1


@register
class GoutFire(Effect):
    """On fire from Flame Gouts: D3 damage each time the model is selected to activate, until it
    falls over or wipes out."""

    family, id = "tokens", "on_fire_flame_gouts"

    def on_activation_start(self, match: Match, m: Model) -> Flow:
        if m.in_play and not m.fallen:
            n = roll(parse_dice("D3"), match.rng("dice"))[0]
            yield from match.combat.damage(m, n, "on fire (flame gouts)")

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        m.tokens.pop(self.id, None)
        yield from ()


@register
class FullStockedMinibar(_Mod):
    """ "After getting off this vehicle, a git's thumps deal +1/+1 damage until they fall over."
    (The Bar's strong drink.)"""

    id = "full_stocked_minibar"

    def on_get_off(self, match: Match, v: Model, git: Model) -> None:
        git.tokens[StrongDrink.id] = 1


@register
class Megaphone(_GearMegaphone):
    """ "As an action, they can hoot: select a friendly git within 3D6", they immediately take
    one action." (The gear Megaphone's bark, from the vehicle.)"""

    family, id = "vehicle_mods", "megaphone"
    ACTION = "hoot"


@register
class ElectricMotor(_Mod):
    """ "This vehicle may be deployed within 4" of caps and enemy models. When this vehicle bumps
    into a git, that enemy boss doesn't throw in the first round of the fight." """

    id = "electric_motor"

    def vehicle_deploy_distance(self, m: Model, need: float) -> float:
        return min(need, 4.0)

    def stuns_first_round(self, m: Model) -> bool:
        return True


@register
class MountainsOfAmmo(_Mod):
    """ "This vehicle may re-roll each of their shooting dice once." (An aura of its own.)"""

    id = "mountains_of_ammo"
    AURA_IN = 1e-9

    def aura_for(self, holder: Model, m: Model) -> bool:
        return holder.id == m.id

    def rerolls(self, what: str) -> bool:
        return what == "bullet"

    def rerolls_each_throw(self, what: str) -> bool:
        return True  # "each of their shooting dice": no once-per-activation limit


@register
class WreckingBall(_Mod):
    """ "Counts as a pintle-mounted weapon. When used, the vehicle explodes (12). It isn't
    damaged itself." A passenger may fire it instead of a gun."""

    id = "wrecking_ball"
    OPTION = "mod:wrecking_ball"

    def crew_options(self, m: Model, driver: bool) -> tuple[str, ...]:
        return () if driver else (self.OPTION,)

    def fire_mod(self, match: Match, v: Model) -> Flow:
        yield from match.combat.explode(
            v.id, match.position(v.id), 12, from_model=v.id, radius_in=match.table.figure_radius(v.id), by=v
        )


@register
class InsanelyLoudSoundSystem(_Mod):
    """ "As an action, this vehicle can drop the bass: all gits within 6" are pushed directly away
    until they are no longer within 6". If they cannot, because of terrain or other models, they
    are shoved as far as possible and then suffer D3 damage." Their towers ride the push."""

    id = "insanely_loud_sound_system"
    ACTION = "drop_the_bass"

    def _near(self, m: Model, match: Match) -> list[Model]:
        return [
            o
            for o in match.in_play()
            if o.id != m.id and o.vehicle is None and match.table.distance_between(m.id, o.id) < BASS_IN
        ]

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,) if self._near(m, match) else ()

    def act(self, match: Match, m: Model, action: str) -> Flow:
        here = match.position(m.id)
        for o in self._near(m, match):
            if not o.in_play:
                continue
            p = match.position(o.id)
            d = (p[0] - here[0], p[1] - here[1]) if math.dist(p, here) > 1e-9 else (1.0, 0.0)
            need = BASS_IN - match.table.distance_between(m.id, o.id) + 1e-3
            start = p
            yield from match.move(o, need, "normal", direction=d, reason="blasted", ignore=[m.id], tower_motion="shove")
            if o.in_play and match.table.distance_between(m.id, o.id) < BASS_IN - 1e-6:
                n = roll(parse_dice("D3"), match.rng("dice"))[0]
                yield from match.combat.damage(
                    o, n, f'the bass drop of {m.name} (blocked {math.dist(start, match.position(o.id)):.1f}")', by=m
                )


@register
class ExperimentalTeleporter(_Mod):
    """ "Instead of scooting, you can teleport. Roll a D6: if you roll a 1, you wipe out;
    otherwise, you flip a coin into the play area. It must travel up first, then down. Place
    this model in contact with the coin, remove the coin, and rebuild its tower (the tower can't
    fall down as a result of this teleport)." The coin is the Teleportaloo's."""

    id = "experimental_teleporter"
    ACTION = "teleport"

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,)

    def action_kind(self, action: str) -> str:
        return "scoot" if action == self.ACTION else action

    def act(self, match: Match, m: Model, action: str) -> Flow:
        from .terrain import flip_coin

        r = roll(parse_dice("D6"), match.rng("dice"))[0]
        if r == 1:
            yield from match.wipeout(m, "the teleporter misfired (a 1)")
            return
        spot, _flips = yield from flip_coin(match, m)
        if spot is not None:  # its towers ride along untouched: "the tower can't fall down"
            match.place_model(m, spot, "teleporter")


class _SwigReroll(_Mod):
    """ "Once per activation, may take a swig to re-roll any one dice" — a move die or a bullet
    die as it lands (each such mod once per activation; the swig's dice go on its towers)."""

    @property
    def token(self) -> str:
        return "rerolled_" + self.id  # (cleared with the activation's other re-rolls)

    def _offer(self, match: Match, m: Model, purpose: str, dice: list[Any]) -> Flow:
        from ..decisions import GearChoice
        from . import folds as effects

        if m.tokens.get(self.token) or not any(d[3] is not None and match.table.has_die(d[0]) for d in dice):
            return dice
        ask = yield GearChoice(m.boss, ("no", "swig"), f"swig to re-roll a {purpose} die?", m.id, self.id)
        if ask != "swig":
            return dice
        m.tokens[self.token] = 1
        yield from match.add_tower_dice(m, effects.swig_dice(m, match.driver_of(m)), "swig")
        if not m.in_play:
            return dice
        out = yield from match.reroll_dice(m, purpose, dice, most=1)
        return out

    def after_move_throw(self, match: Match, m: Model, landed: list[Any]) -> Flow:
        out = yield from self._offer(match, m, "move", landed)
        return out

    def after_bullet_throw(self, match: Match, m: Model, dice: list[Any]) -> Flow:
        out = yield from self._offer(match, m, "bullet", dice)
        return out


@register
class FuzzyDice(_SwigReroll):
    """Fuzzy Dice: "Once per activation, may take a swig to re-roll any one dice." """

    id = "fuzzy_dice"


@register
class MysticalBumperStickers(_SwigReroll):
    """Mystical Bumper Stickers: "once per activation it may take a swig to re-roll any one dice."
    (A different mod from Fuzzy Dice: with both, two re-rolls.)"""

    id = "mystical_bumper_stickers"


@register
class ElectroshockCollisionWarningSystem(_Mod):
    """ "If a move dice would cause you to bump into terrain, you can take a swig twice to re-roll
    that move dice as the steering wheel electrocutes the driver." The re-rolled die is thrown
    again towards where it lay and resolved as it lands (once)."""

    id = "electroshock_collision_warning_system"

    def before_move_die(self, match: Match, m: Model, die_id: str, value: int) -> Flow:
        from ...physics.table import Kind
        from ..decisions import GearChoice
        from . import folds as effects

        pos = match.table.die(die_id).position
        turn_to, distance, _arc = match.heading(m, pos, value, match.table.die_radius(die_id))
        way = match.table.sweep_hull(m.id, distance, turn_to, ignore=[die_id])
        if way.contact is None or way.contact.thing.kind != Kind.TERRAIN:
            return (die_id, value)
        ask = yield GearChoice(m.boss, ("no", "zap"), "it would hit terrain: swig twice to re-roll?", m.id, self.id)
        if ask != "zap":
            return (die_id, value)
        for _ in range(2):
            yield from match.add_tower_dice(m, effects.swig_dice(m, match.driver_of(m)), "swig")
        if not m.in_play:
            return (die_id, value)
        die = (die_id, match.table.die(die_id).sides, value, pos)
        again = yield from match.reroll_dice(m, "move", [die], most=1)
        return (again[0][0], again[0][2]) if again and again[0][3] is not None else (die_id, value)


@register
class Sidesaws(_Mod):
    """ "You can re-roll your smash dice once per fight." (The boss sees the roll first.)"""

    id = "sidesaws"

    def smash_rerolls(self, m: Model) -> bool:
        return True


@register
class Sponson(_Mod):
    """ "Note one of this vehicle's pintle-mounted weapons. That weapon may use a side 180° arc of
    fire, rather than the normal front arc." The first pintle gun; its gunner picks the arc
    (front, left or right side) for each shot."""

    id = "sponson"

    def mount_arcs(self, m: Model, k: int, arcs: tuple[str, ...]) -> tuple[str, ...]:
        first = next((i for i, mt in enumerate(m.mounts) if mt.how == "pintle"), None)
        return ("front", "left", "right") if k == first else arcs


@register
class GitLauncher(_Mod):
    """ "Once per activation, when the vehicle shoots, one passenger may leave the vehicle, moving
    as if they had a jetpack." Put beside the hull (within 1") and straight into the jetpack's
    blast-off. No D6 motion-sickness tower dice: those come with getting off before the vehicle
    moves (and off a wreck), a different way off; the launch is the jetpack's move."""

    id = "git_launcher"

    def on_shoot(self, match: Match, v: Model) -> Flow:
        from ..decisions import GearChoice
        from .gear import Jetpack

        if v.tokens.get("rerolled_" + self.id) or len(v.crew) < 2:
            return
        pick = yield GearChoice(v.boss, ("no", *v.crew[1:]), "launch a passenger?", v.id, self.id)
        if pick == "no":
            return
        v.tokens["rerolled_" + self.id] = 1  # once per activation
        git = match.models[pick]
        yield from match.put_off(v, git, "launched", sick=False)
        if git.in_play and git.standing:
            yield from Jetpack().act(match, git, Jetpack.ACTION)


@register
class MegaMagnet(_Mod):
    """ "This mod counts as a pintle-mounted grappling gun, but rolls 1D12 as its bullet dice."
    A passenger fires it like any pintle gun (the Grappling Hook rule resolves it)."""

    id = "mega_magnet"

    def extra_mounts(self, rules: RulesData) -> tuple[tuple[Weapon, str], ...]:
        gun = rules.weapons["grappling_gun"]
        return ((replace(gun, id="mega_magnet", name="Mega-magnet", dice=parse_dice("1D12")), "pintle"),)


@register
class GoryTrophyRack(_Mod):
    """ "After a game in which this vehicle removed a fallen enemy git from play by running them
    over, if you model a new head onto its trophy rack, you gain 3 caps into your stash." A
    between-games effect: the campaign's afterparty reads the run-overs from the game's log (a
    vehicle's ``ran_over`` of a fallen enemy) and asks :meth:`trophy_caps` (the head is taken as
    modelled). In the game, each one is also counted on the vehicle (a ``trophies`` token)."""

    id = "gory_trophy_rack"
    CAPS = 3

    def ran_over(self, match: Match, m: Model, git: Model) -> None:
        m.tokens["trophies"] = m.tokens.get("trophies", 0) + 1

    def trophy_caps(self, run_over: int) -> int:
        return self.CAPS if run_over > 0 else 0


class _Dropper(_Mod):
    """ "You start the game with 3 … Before any move dice, you can place one of these tokens in
    contact with the back of your vehicle." """

    TYPE, LEFT = "", 3

    @property
    def used(self) -> str:
        return self.id + "_dropped"

    def before_move_dice(self, match: Match, m: Model) -> Flow:
        from ...physics.table import MM
        from ..decisions import GearChoice

        if m.tokens.get(self.used, 0) >= self.LEFT or m.vehicle is None:
            return
        ask = yield GearChoice(m.boss, ("no", "drop"), f"drop a {self.TYPE.replace('_', ' ')}?", m.id, self.id)
        if ask != "drop":
            return
        m.tokens[self.used] = m.tokens.get(self.used, 0) + 1
        r = 25.0 * MM / 2  # "Make little tokens or miniatures on 25mm bases"
        spot = match.table.world_point(m.id, (-m.vehicle.hull_in[1] / 2 - r - 0.02, 0.0))
        if match.table.on_table(spot, r):
            self.drop(match, m, spot, r)

    def drop(self, match: Match, m: Model, spot: tuple[float, float], r: float) -> None:
        match.place_terrain(m, self.TYPE, spot, r)


@register
class MineDropper(_Dropper):
    """Mine Dropper: "If another model moves within 2" of this mine, it explodes (8)." """

    id, TYPE = "mine_dropper", "mine"


@register
class OilSlickDropper(_Dropper):
    """Oil Slick Dropper: "The area 3" around this token counts as Oil Slick terrain (starting at
    the end of your activation)." """

    id, TYPE = "oil_slick_dropper", "oil_slick"
    AREA_IN = 3.0

    def drop(self, match: Match, m: Model, spot: tuple[float, float], r: float) -> None:
        match.pending_terrain.append((m.id, self.TYPE, spot, r + self.AREA_IN))

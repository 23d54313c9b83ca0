"""Fancy gear (rulebook: "Fancy Gear"): one handler per id in gear.yaml."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...data.dice import parse_dice, roll
from .. import events as ev
from ..decisions import AimThrow, GearChoice
from .base import Effect, Flow, is_git, register, take_swig, take_tower_dice

if TYPE_CHECKING:
    from ...data.rules_data import Weapon
    from ..ops import MatchOps as Match
    from ..pieces import GitSpec
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
    """One hand fewer; when it shoves, it may move itself (not the other) in any direction."""

    family, id = "gear", "hook_hand"

    def hands(self, spec: GitSpec, n: int) -> int:
        return n - 1

    def shoves_self(self, m: Model) -> bool:
        return True


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


# ---- gear that changes a scoot -------------------------------------------------------------------


@register
class Cans(Effect):
    """+1 to each move die when scooting ("they add 1 to their move dice, as they strut to the beat")."""

    family, id = "gear", "cans"

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        yield from ()
        return (value + 1, toward)


@register
class BionicLeg(Effect):
    """When scooting, any move die may be treated as a 3."""

    family, id = "gear", "bionic_leg"
    AS = 3

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        if value == self.AS:
            return (value, toward)
        pick = yield GearChoice(m.boss, (value, self.AS), "move by the die or by 3 (bionic leg)?", m.id, self.id)
        return (int(pick), toward)


@register
class Tracks(Effect):
    """Resolving a move die, another move die may be discarded to add its value to this one."""

    family, id = "gear", "tracks"

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:
        if not others:
            return (value, toward)
        pick = yield GearChoice(m.boss, (*others, "no"), "add another move die to this one (tracks)?", m.id, self.id)
        if pick == "no":
            return (value, toward)
        _, _sides, extra, _pos = others.pop(pick)
        match.discard_die(pick)
        return (value + int(extra), toward)


@register
class MonoWheel(Effect):
    """Scooting, take a swig to move a move die's value in any direction instead of towards it."""

    family, id = "gear", "mono_wheel"
    USED = "mono_wheel_used"  # once per scoot: "discard one of your move dice"

    def adjust_move(self, match: Match, m: Model, die_id: str, value: int, others: dict[str, Any], toward: Any) -> Flow:

        if m.tokens.get(self.USED):
            return (value, toward)
        pick = yield GearChoice(m.boss, ("no", "any_direction"), "swig to roll this die any way?", m.id, self.id)
        if pick == "no":
            return (value, toward)
        m.tokens[self.USED] = 1
        yield from take_swig(match, m)
        if not m.standing:
            return (0, toward)
        aim = yield AimThrow(m.boss, m.id, "direction", (), match.table.width, match.table.height)
        return (value, aim.aim)

    def activation_end(self, m: Model, match: Match) -> None:
        m.tokens.pop(self.USED, None)


@register
class BeastMountPogoStick(Effect):
    """Move dice D6, D8 and D10; the player to the left throws 2D6 too; the three highest are used."""

    family, id = "gear", "beast_mount_pogo_stick"
    DICE = (6, 8, 10)
    KEEP = 3

    def move_dice(self, m: Model, dice: tuple[int, ...]) -> tuple[int, ...]:
        return self.DICE

    def after_move_throw(self, match: Match, m: Model, landed: list[Any]) -> Flow:
        from ..state import clockwise_from

        playing = [b for b in clockwise_from(len(match.bosses), m.boss) if not match.bosses[b].out]
        left = playing[1] if len(playing) > 1 else m.boss  # "the player to your left"
        aim = yield AimThrow(left, m.id, "pogo", (6, 6), match.table.width, match.table.height)
        theirs = yield from match.throw(left, m.id, "pogo", (6, 6), aim)
        pool = [d for d in list(landed) + list(theirs) if match.table.has_die(d[0])]
        ranked = sorted(pool, key=lambda d: -d[2])
        keep = ranked[: self.KEEP]
        if len(ranked) > self.KEEP and ranked[self.KEEP][2] == keep[-1][2]:
            # "(If tied, you pick which dice to keep.)": the rider's boss picks among the tied
            cut = keep[-1][2]
            keep = [d for d in keep if d[2] > cut]
            tied = [d for d in ranked if d[2] == cut]
            while len(keep) < self.KEEP:
                ask = f"keep which {cut} (pogo stick: {self.KEEP - len(keep)} more)?"
                pick = yield GearChoice(m.boss, tuple(d[0] for d in tied), ask, m.id, self.id)
                chosen = next(d for d in tied if d[0] == pick)
                keep.append(chosen)
                tied.remove(chosen)
        for d in pool:
            if d not in keep:
                match.discard_die(d[0])
        return keep


# ---- gear that gives an action ----------------------------------------------------------------------


@register
class Jetpack(Effect):
    """Scooting, it may blast off: a D6 thrown anywhere, the git placed D6 x 5" towards it over
    everything, tower pushed back unharmed; a landing that fails is a fall: explode (6)."""

    family, id = "gear", "jetpack"
    ACTION, PER_PIP, EXPLODE = "blast_off", 5.0, 6
    ACTION_ADVICE = {ACTION: ("far_from_caps", 4)}
    AIM_ADVICE = "toward_the_nearest_cap"

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,)

    def action_kind(self, action: str) -> str:
        return "scoot" if action == self.ACTION else action

    def act(self, match: Match, m: Model, action: str) -> Flow:
        aim = yield AimThrow(m.boss, m.id, "jetpack", (6,), match.table.width, match.table.height)
        landed = yield from match.throw(m.boss, m.id, "jetpack", (6,), aim)
        if not landed:
            return  # the die left play: no blast-off
        die_id, _sides, value, pos = landed[0]
        match.discard_die(die_id)
        here = match.position(m.id)
        dx, dy = pos[0] - here[0], pos[1] - here[1]
        d = math.hypot(dx, dy) or 1.0
        dist = value * self.PER_PIP
        spot = (here[0] + dx / d * dist, here[1] + dy / d * dist)
        r = m.radius_in
        on_table = r <= spot[0] <= match.table.width - r and r <= spot[1] <= match.table.height - r
        clear = on_table and all(t.id == m.id for t, _g in match.table.within(max(r - 1e-3, 0.0), point=spot))
        if clear:
            from .. import effects

            match.place_model(m, spot, "jetpack")
            match.emit(ev.TowerRebuilt(m.id, m.tower.height, True, True, "jetpack", m.tower.frame()))
            if m.standing:  # the blast-off is its scoot: what follows a scoot's movement follows it (Berserk)
                yield from effects.after_scoot(match, m)
            return
        # no room where it comes down (or off the table): it crashes, falls over and explodes
        spot = (min(max(spot[0], r), match.table.width - r), min(max(spot[1], r), match.table.height - r))
        free = match.spot_touching(m, spot, 0.0, here) or here
        match.place_model(m, free, "jetpack crash")
        yield from match.tower_fell(m, m.boss, "jetpack crash")
        if not m.fallen:  # (no tower to fall: it still comes down in a heap)
            m.fallen = True
            match.table.set_upright(m.id, False)
        yield from match.combat.explode(m.id, free, self.EXPLODE, by=m)


@register
class MassiveSpanner(Effect):
    """Action: bonk a vehicle or klankbot within 1": D6 dice off its tower."""

    family, id = "gear", "massive_spanner"
    ACTION, REACH = "bonk", 1.0
    ACTION_ADVICE = {ACTION: ("always", 1)}

    def _targets(self, m: Model, match: Match) -> list[str]:
        from . import folds as effects

        out = []
        for o in match.in_play():
            dice = o.tower.height + (o.tower2.height if o.tower2 is not None else 0)  # a vehicle's two towers
            if o.id != m.id and o.standing and effects.mechanical(o) and dice > 0:
                if match.table.distance_between(m.id, o.id) <= self.REACH:
                    out.append(o.id)
        return out

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,) if self._targets(m, match) else ()

    def act(self, match: Match, m: Model, action: str) -> Flow:
        pick = yield GearChoice(m.boss, tuple(self._targets(m, match)), "bonk whom?", m.id, self.id)
        o = match.models[pick]
        n = roll(parse_dice("D6"), match.rng("dice"))[0]
        take_tower_dice(match, o, n, f"bonked by {m.name}: {n} dice off")


@register
class MedicalEquipment(Effect):
    """Action: experiment on a git (not a vehicle) within 1": the Vending Machine table, but a 6 is D6 damage."""

    family, id = "gear", "medical_equipment"
    ACTION, REACH, HURTS_ON = "experiment", 1.0, 6
    ACTION_ADVICE = {ACTION: ("a_friend_in_reach", 3)}
    CHOICE_ADVICE = "a_friend"  # whom to experiment on: five results in six help

    def _targets(self, m: Model, match: Match) -> list[str]:
        # "experiment on a git within 1"": a git, not a vehicle (the Legal Notice)
        return [
            o.id
            for o in match.in_play()
            if o.id != m.id and is_git(o) and o.standing and match.table.distance_between(m.id, o.id) <= self.REACH
        ]

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,) if self._targets(m, match) else ()

    def act(self, match: Match, m: Model, action: str) -> Flow:
        from .terrain import VENDING_TABLE, vend

        pick = yield GearChoice(m.boss, tuple(self._targets(m, match)), "experiment on whom?", m.id, self.id)
        o = match.models[pick]
        table = match.rules.tables[VENDING_TABLE]
        n = roll(table.dice, match.rng("dice"))[0]
        if n == self.HURTS_ON:  # "If a "6" is rolled, the target suffers D6 damage instead of gaining caps."
            dmg = roll(parse_dice("D6"), match.rng("dice"))[0]
            match.emit(ev.CapsWon(o.id, match.bosses[o.boss].name, 0, f"{m.name}'s experiment rolls 6: {dmg} damage"))
            yield from match.combat.damage(o, dmg, f"experimented on by {m.name}", by=m)
            return
        row = table.lookup(n)
        what, won = yield from vend(match, o, str(row.extra.get("effect", "")))
        match.emit(ev.CapsWon(o.id, match.bosses[o.boss].name, won, f"{m.name}'s experiment: {row.result}: {what}"))


@register
class Megaphone(Effect):
    """Action: bark orders: a friendly git (not a vehicle) within 3D6" takes one action at once."""

    family, id = "gear", "megaphone"
    ACTION = "bark"
    CHOICE_ADVICE = "the_friend_most_worth_activating"

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,) if any(o.standing and o.id != m.id and is_git(o) for o in match.in_play(m.boss)) else ()

    def act(self, match: Match, m: Model, action: str) -> Flow:
        from ..decisions import ChooseAction

        reach = sum(roll(parse_dice("3D6"), match.rng("dice")))
        near = tuple(
            o.id
            for o in match.in_play(m.boss)
            if o.id != m.id and is_git(o) and o.standing and match.table.distance_between(m.id, o.id) <= reach
        )
        if not near:
            return
        pick = yield GearChoice(m.boss, (*near, "no"), f'who obeys (within {reach}")?', m.id, self.id)
        if pick == "no":
            return
        o = match.models[pick]
        legal = tuple(a for a in match._legal_actions(o) if a != self.ACTION)
        what = yield ChooseAction(o.boss, legal, "the barked action", o.id)
        match.emit(ev.ActionTaken(o.id, what))
        yield from match.take_action(o, what)


@register
class MusicalInstrument(Effect):
    """Action: toot: every other friendly git (not a vehicle) within 2D6" discards D3 dice from its tower."""

    family, id = "gear", "musical_instrument"
    ACTION = "toot"
    ACTION_ADVICE = {ACTION: ("a_tall_friend", 2)}

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,)

    def act(self, match: Match, m: Model, action: str) -> Flow:
        reach = sum(roll(parse_dice("2D6"), match.rng("dice")))
        for o in match.in_play(m.boss):
            if o.id == m.id or not is_git(o) or not o.standing or match.table.distance_between(m.id, o.id) > reach:
                continue
            n = roll(parse_dice("D3"), match.rng("dice"))[0]
            taken = o.tower.take_off(n)
            match.sync_tower(o)
            match.emit(ev.TowerRebuilt(o.id, o.tower.height, True, True, f"a toot: {taken} dice off", o.tower.frame()))
        yield from ()


@register
class FuelCan(Effect):
    """Friendly vehicles and klankbots within 6" may re-roll move dice once per activation; once
    per game it can be tossed onto a model on fire within 3": 3D6 damage."""

    family, id = "gear", "fuel_can"
    AURA_IN, ACTION, TOSS_IN, SPENT = 6.0, "toss_fuel_can", 3.0, "fuel_can_spent"
    ACTION_ADVICE = {ACTION: ("always", 0)}

    def rerolls(self, what: str) -> bool:
        return what == "move"

    def aura_for(self, holder: Model, m: Model) -> bool:
        from . import folds as effects

        return not holder.tokens.get(self.SPENT) and effects.mechanical(m)

    def _targets(self, m: Model, match: Match) -> list[str]:
        from .weapon_specials import OnFire

        return [
            o.id
            for o in match.in_play()
            if o.id != m.id and _on_fire(o, OnFire.id) and match.table.distance_between(m.id, o.id) <= self.TOSS_IN
        ]

    def actions(self, m: Model, match: Match) -> tuple[str, ...]:
        return (self.ACTION,) if not m.tokens.get(self.SPENT) and self._targets(m, match) else ()

    def free_action(self, action: str) -> bool:
        # "Once per game, you can discard this upgrade to toss it" names no action (unlike the
        # spanner's, the medic's, the megaphone's "take an action"): done in the carrier's
        # activation, it leaves both of its actions
        return action == self.ACTION

    def act(self, match: Match, m: Model, action: str) -> Flow:
        pick = yield GearChoice(m.boss, tuple(self._targets(m, match)), "toss the fuel can at whom?", m.id, self.id)
        m.tokens[self.SPENT] = 1
        dmg = sum(roll(parse_dice("3D6"), match.rng("dice")))
        yield from match.combat.damage(match.models[pick], dmg, f"{m.name}'s fuel can", by=m)


def _on_fire(m: Model, token: str) -> bool:
    """On fire, whatever set it alight: the Fire weapon special's token or any other "on_fire…"
    one (a vehicle mod's flames may burn by their own rule, but the model is no less on fire)."""
    return any(t.startswith(token) and n for t, n in m.tokens.items())


@register
class AmmoBox(Effect):
    """Friendly models within 6" may re-roll any of their shooting dice once per activation."""

    family, id = "gear", "ammo_box"
    AURA_IN = 6.0

    def rerolls(self, what: str) -> bool:
        return what == "bullet"


# ---- gear that acts around an activation ----------------------------------------------------------


@register
class BigHat(Effect):
    """After it activates, a friendly git (not a vehicle) within 6" may take a swig to activate at once."""

    family, id = "gear", "big_hat"
    CHOICE_ADVICE = "the_friend_most_worth_activating"
    REACH = 6.0

    def after_activation(self, m: Model, match: Match) -> Flow:

        near = tuple(
            o.id
            for o in match.in_play(m.boss)
            if o.id != m.id and is_git(o) and o.standing and match.table.distance_between(m.id, o.id) <= self.REACH
        )
        if not near:
            return
        pick = yield GearChoice(m.boss, (*near, "no"), "who swigs and goes next (big hat)?", m.id, self.id)
        if pick == "no":
            return
        o = match.models[pick]
        yield from take_swig(match, o)
        if o.standing:
            yield from match.activate_now(o)


@register
class StrongBooze(Effect):
    """Once per game, after activating, it may take D6 damage to activate again at once."""

    family, id = "gear", "strong_booze"
    USED = "strong_booze_used"

    def after_activation(self, m: Model, match: Match) -> Flow:
        if m.tokens.get(self.USED) or not m.standing:
            return
        pick = yield GearChoice(m.boss, ("no", "drink"), "neck the strong booze and go again?", m.id, self.id)
        if pick == "no":
            return
        m.tokens[self.USED] = 1
        dmg = roll(parse_dice("D6"), match.rng("dice"))[0]
        yield from match.combat.damage(m, dmg, "strong booze")
        if m.standing:
            yield from match.activate_now(m)


@register
class TastySnack(Effect):
    """Once per game, fallen, it may take 2D6 damage to boot itself up the arse."""

    family, id = "gear", "tasty_snack"
    USED = "tasty_snack_used"

    def can_activate_fallen(self, m: Model, match: Match) -> bool:
        from . import folds as effects

        return not m.tokens.get(self.USED) and not match.siren and effects.can_stand(match, m)

    def activate_fallen(self, m: Model, match: Match) -> Flow:
        m.tokens[self.USED] = 1
        yield from match.stand_up(m, "a tasty snack", active=True)
        dmg = sum(roll(parse_dice("2D6"), match.rng("dice")))
        yield from match.combat.damage(m, dmg, "a tasty snack")
        return "tasty snack"


@register
class BannerAd(Effect):
    """When the siren sounds, if it is upright, D3-1 caps of advertising revenue."""

    family, id = "gear", "banner_ad"

    def on_siren(self, m: Model, match: Match) -> None:
        if m.standing:
            n = roll(parse_dice("D3"), match.rng("dice"))[0] - 1
            match.award_caps(m, n, "advertising revenue")


@register
class BullyBoots(Effect):
    """Putting the boot in nicks D3 caps."""

    family, id = "gear", "bully_boots"

    def boot_in_caps(self, m: Model, match: Match, n: int) -> int:
        return roll(parse_dice("D3"), match.rng("dice"))[0]


@register
class Handcuffs(Effect):
    """Enemy gits within 1" cannot stand up."""

    family, id = "gear", "handcuffs"
    REACH = 1.0

    def stops_standing(self, holder: Model, fallen: Model, match: Match) -> bool:
        return holder.in_play and match.table.distance_between(holder.id, fallen.id) <= self.REACH


@register
class Bayonet(Effect):
    """Its gun counts as a standard H2H weapon as well."""

    family, id = "gear", "bayonet"
    WEAPON = "regular_h2h"

    def extra_weapons(self, spec: GitSpec) -> tuple[str, ...]:
        return (self.WEAPON,)


@register
class ImprovisedShield(Effect):
    """Once per fight its boss may ask for a re-throw: both throw again."""

    family, id = "gear", "improvised_shield"

    def rethrows_fight(self, m: Model) -> bool:
        return True

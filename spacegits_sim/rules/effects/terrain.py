"""Terrain rules (rulebook: "Terrain"): one handler per special id in terrain.yaml, the
Vending Machine's six results (family ``vending``, the ``effect`` ids of its table in
tables.yaml) and the tokens they leave on a git (family ``tokens``).

Crossable terrain (``crossable: true`` in terrain.yaml: Oil Slick, Toxic Waste, Rubble) is
walked over: the physics lets bases, dice and blasts pass, and these handlers say what
crossing it does. Machines are booted by a git in contact ("A git in contact can boot it…");
the engine offers the boot when a handler names a cost (``boot_cost``) the boss can pay.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import TYPE_CHECKING

from ...data.dice import parse_dice, roll
from ...physics.table import MM
from ...physics.tower import Tower
from .. import events as ev
from .base import REGISTRY, Effect, Flow, register

if TYPE_CHECKING:
    from ...data.rules_data import TerrainType, Weapon
    from ..ops import MatchOps as Match
    from ..state import Model

BARREL_EXPLODE = 6
VENDING_TABLE = "vending_machine"  # the roll table (tables.yaml) a vend is rolled on
STRENGTH_TOUGHNESS = 5  # "It has a toughness of 5" (terrain.yaml may say otherwise)
STRENGTH_PRIZE = 2  # "If you do any damage to it, you win 2 caps. Ding!"
ARCADE_SECONDS = 10.0  # "You now have 10 seconds to make a new tower of dice"
ARCADE_DIE_S = 0.8  # ours: a practised hand racing the clock stacks a die in about 0.8 s
ARCADE_ERROR_MM = 2.5  # ours: racing, each die lands ~5x as far off centre as a careful stack's (measured in
# docs/rules.md: a race for 6 dice stands ~70% of the time, for 12 ~12%)
ARCADE_DICE_PER_CAP = 3  # "you win one cap for every 3 dice in your tower"
ARCADE_WORTH = 0.7 * 2 - 1.0  # a race for 6 dice (the best bet) stands ~70% of the time: 2 caps for 1
COIN_FLIP_HEIGHT_IN = 18.0  # ours: "it must travel up first, then down" — about a foot and a half
MAX_FLIPS = 10  # "If the token leaves play, flip again" — bounded; then the git stays put


@register
class ExplodingBarrel(Effect):
    """Hit instead of giving cover; explodes (6) when hit by a bullet or a blast."""

    family, id = "terrain", "exploding_barrel"

    def explodes(self, terrain: TerrainType) -> int:
        return terrain.explode or BARREL_EXPLODE


@register
class Mine(Effect):
    """A dropped mine: "If another model moves within 2" of this mine, it explodes (8)." """

    family, id = "terrain", "mine"
    REACH_IN = 2.0

    def trigger_in(self, terrain: TerrainType) -> float | None:
        return self.REACH_IN


@register
class OilSlick(Effect):
    """A model cannot stop on it: it slides on in a straight line until clear or it bumps something."""

    family, id = "terrain", "oil_slick"

    def keeps_sliding(self, terrain: TerrainType) -> bool:
        return True

    def moved_through(self, match: Match, m: Model, terrain_id: str, value: int) -> Flow:
        """ "Vehicles that touch an Oil Slick also gain D6 damage as they struggle to keep control." """
        if m.vehicle is not None:
            yield from match.combat.damage(m, roll(parse_dice("D6"), match.rng("dice"))[0], "oil slick")

    def crossing_cost(self, m: Model, value: int) -> str | None:
        return "D6 damage" if m.vehicle is not None else None


@register
class ToxicWaste(Effect):
    """A move die used to move through it does 1/0 damage: 1 if the die is under your toughness."""

    family, id = "terrain", "toxic_waste"

    def moved_through(self, match: Match, m: Model, terrain_id: str, value: int) -> Flow:
        if value < m.toughness:
            yield from match.combat.damage(m, 1, "toxic waste")

    def crossing_cost(self, m: Model, value: int) -> str | None:
        return f"1 damage (the die {value} is under toughness {m.toughness})" if value < m.toughness else None


def _booted(match: Match, m: Model, terrain_id: str, terrain: TerrainType, paid: int, **kw: object) -> None:
    """Log what booting a piece of terrain did (one event, with the caps won)."""
    match.emit(
        ev.TerrainBooted(
            m.id,
            match.bosses[m.boss].name,
            terrain_id,
            terrain.name,
            paid,
            list(kw.get("rolls", [])),  # type: ignore[call-overload]
            str(kw.get("outcome", "")),
            int(kw.get("caps", 0)),  # type: ignore[call-overload]
        )
    )


@register
class FoodStall(Effect):
    """Boot it to grab a snack: D6 dice off the top of your tower."""

    family, id = "terrain", "food_stall"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 0

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        n = roll(parse_dice("D6"), match.rng("dice"))[0]
        taken = m.tower.take_off(n)
        match.sync_tower(m)
        _booted(match, m, terrain_id, terrain, 0, rolls=[n], outcome=f"a snack: {taken} dice off the tower")
        match.emit(ev.TowerRebuilt(m.id, m.tower.height, True, True, "snack", m.tower.frame()))
        yield from ()

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        return 0.25 * min(3.5, m.tower.height)  # a shorter tower is a safer scoot


@register
class Bar(Effect):
    """Boot it for a strong drink: thumps deal +1/+1 damage until you fall over."""

    family, id = "terrain", "bar"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 0

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        m.tokens[StrongDrink.id] = 1
        _booted(match, m, terrain_id, terrain, 0, outcome="a strong drink: thumps +1/+1 until it falls over")
        yield from ()

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        return 0.0 if m.tokens.get(StrongDrink.id) else 0.4


@register
class StrongDrink(Effect):
    """The Bar's strong drink: +1/+1 damage with fighting weapons until the git falls over."""

    family, id = "tokens", "strong_drink"

    def weapon_damage(self, m: Model, w: Weapon, big: bool, dmg: int) -> int:
        return dmg + 1 if w.kind == "fighting" else dmg

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        m.tokens.pop(self.id, None)
        yield from ()


def slot_groups(rolls: list[int]) -> int:
    """Most groups of "three of a kind" and/or "4 dice runs" the rolls split into (each die in
    one group at most): every choice of runs (1-4, 2-5, 3-6) is tried, triples fill the rest."""
    counts = Counter(rolls)
    return _slot_groups(tuple(counts.get(f, 0) for f in range(1, 7)))


@functools.lru_cache(maxsize=4096)
def _slot_groups(counts: tuple[int, ...]) -> int:
    best = sum(c // 3 for c in counts)
    for start in range(3):  # a run of four from face start+1
        if all(counts[start + k] > 0 for k in range(4)):
            rest = tuple(c - 1 if start <= i < start + 4 else c for i, c in enumerate(counts))
            best = max(best, 1 + _slot_groups(rest))
    return best


@functools.lru_cache(maxsize=64)
def expected_slot_groups(n: int) -> float:
    """Exact expected number of slot groups for n D6 (enumerated over multisets, n <= 12)."""
    if n <= 0:
        return 0.0
    n = min(n, 12)
    total = 0.0
    for combo in itertools.combinations_with_replacement(range(1, 7), n):
        counts = Counter(combo)
        ways = _multinomial(n, list(counts.values()))
        total += ways * _slot_groups(tuple(counts.get(f, 0) for f in range(1, 7)))
    return total / 6.0**n


def _multinomial(n: int, parts: list[int]) -> int:
    out = _fact(n)
    for p in parts:
        out //= _fact(p)
    return out


@functools.lru_cache(maxsize=64)
def _fact(n: int) -> int:
    return 1 if n <= 1 else n * _fact(n - 1)


@register
class SlotMachine(Effect):
    """Pay a cap: roll your tower's dice; a cap per three of a kind or 4-run; rebuild the tower."""

    family, id = "terrain", "slot_machine"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 1

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        n = m.tower.height
        rolls = [int(v) for v in roll(parse_dice(f"{n}D6"), match.rng("dice"))] if n else []
        groups = slot_groups(rolls)
        won = match.win_caps(m.boss, groups)
        what = f"{groups} group{'s' if groups != 1 else ''}" if n else "no tower dice to roll"
        _booted(match, m, terrain_id, terrain, 1, rolls=rolls, outcome=what, caps=won)
        yield from match.rebuild_tower(m, n, "after the slot machine", safe=False)

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        n = m.tower.height
        return expected_slot_groups(n) - 1.0 - 0.08 * n  # the rebuild may topple a tall tower


@register
class TestYourStrength(Effect):
    """Pay a cap and headbutt it (toughness 5): any damage wins 2 caps. Ding!"""

    family, id = "terrain", "test_your_strength"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 1

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        from . import folds as effects

        head = match.combat.headbutt(m)
        tough = terrain.toughness or STRENGTH_TOUGHNESS
        rolls = roll(head.dice, match.rng("dice"))
        dmg = sum(effects.weapon_damage(m, head, v >= tough) for v in rolls)
        won = match.win_caps(m.boss, STRENGTH_PRIZE) if dmg > 0 else 0
        outcome = f"{dmg} damage to the machine: Ding!" if dmg > 0 else "not a scratch on it"
        _booted(match, m, terrain_id, terrain, 1, rolls=list(rolls), outcome=outcome, caps=won)
        yield from ()

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        from ..odds import exact_p_at_least
        from . import folds as effects

        head = match.combat.headbutt(m)
        tough = terrain.toughness or STRENGTH_TOUGHNESS
        if effects.weapon_damage(m, head, False) > 0:
            p = 1.0
        else:
            p_miss = 1.0
            for sides in head.dice.dice:
                p_miss *= 1.0 - exact_p_at_least(sides, tough)
            p = 1.0 - p_miss
        return STRENGTH_PRIZE * p - 1.0


@register
class ArcadeMachine(Effect):
    """Pay a cap: race to stack a new tower in 10 s; a cap per 3 dice, nothing if it falls."""

    family, id = "terrain", "arcade_machine"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 1

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        from ..decisions import ArcadeDice

        most = int(ARCADE_SECONDS / ARCADE_DIE_S)
        goal = yield ArcadeDice(m.boss, tuple(range(1, most + 1)), "how many dice to race for?", m.id)
        game = Tower(match.tower_params, seed=int(match.rng("arcade").integers(0, 2**31)))
        rng = match.rng("arcade")
        stacked = 0
        for _ in range(goal):
            off = rng.normal(0.0, ARCADE_ERROR_MM, 2)
            if not game.add_die((float(off[0]), float(off[1]))):
                break
            stacked += 1
        match.advance(ARCADE_SECONDS)
        if stacked < goal:
            won, outcome = 0, f"the tower falls at {stacked + 1} dice: GAME OVER"
        else:
            won = match.win_caps(m.boss, stacked // ARCADE_DICE_PER_CAP)
            outcome = f"{stacked} dice stand at the buzzer"
        _booted(match, m, terrain_id, terrain, 1, outcome=outcome, caps=won)

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        return 0.8  # a race for 6 dice stands nearly always: 2 caps for 1


def flip_coin(match: Match, m: Model) -> Flow:
    """A coin flipped into play (up, then down: dropped from 18") where ``m``'s boss aims it;
    flipped again if it leaves the table or lands with no room by it. Returns (a free spot for
    ``m`` touching the coin or None, the flips made). The coin is no cap: it is taken away."""
    from ..decisions import AimThrow

    thrown = yield AimThrow(m.boss, m.id, "coin", (2,), match.table.width, match.table.height)
    spot = None
    flips = 0
    for flips in range(1, MAX_FLIPS + 1):  # noqa: B007  (the count is reported)
        before = match.loose_things()
        drop = match.table.drop_tokens(1, thrown.aim, match.rng("caps"), height_in=COIN_FLIP_HEIGHT_IN)[0]
        knocked = match.knocked_since(before, {drop.id})  # the coin may scatter caps and dice
        match.table.forget_token(drop.id)
        if knocked:
            match.emit(ev.CapsDropped(match.bosses[m.boss].name, [], knocked))
        if drop.lost or drop.position is None:
            continue
        coin_r = float(match.table.p["token"]["diameter_mm"]) * MM / 2
        spot = match.spot_touching(m, drop.position, coin_r, match.position(m.id))
        if spot is not None:
            break
    return spot, flips


@register
class Teleportaloo(Effect):
    """Boot it to flush: a coin is flipped into play and the git is placed touching it, tower safe."""

    family, id = "terrain", "teleportaloo"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 0

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        spot, flips = yield from flip_coin(match, m)
        if spot is None:
            _booted(match, m, terrain_id, terrain, 0, outcome=f"the coin found no room in {flips} flips: nothing")
            return
        _booted(match, m, terrain_id, terrain, 0, outcome=f"flushed away (coin flipped {flips}x)")
        match.place_model(m, spot, "teleportaloo")
        if m.standing:
            m.tower.rebuild()
            match.sync_tower(m)
            match.emit(ev.TowerRebuilt(m.id, m.tower.height, True, True, "teleported", m.tower.frame()))

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        return 0.1 * min(m.tower.height, 5)  # a free, safe trip: worth more the shakier the walk


@register
class VendingMachine(Effect):
    """Boot it to vend a random item: roll D6 on the Vending Machine table (tables.yaml)."""

    family, id = "terrain", "vending_machine"

    def boot_cost(self, terrain: TerrainType) -> int | None:
        return 0

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        table = match.rules.tables[VENDING_TABLE]
        n = roll(table.dice, match.rng("dice"))[0]
        row = table.lookup(n)
        outcome, won = yield from vend(match, m, str(row.extra.get("effect", "")))
        _booted(match, m, terrain_id, terrain, 0, rolls=[n], outcome=f"{row.result}: {outcome}", caps=won)

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        # a sixth of 3 caps, plus a sixth of each goodie the git has not got already
        goodies = sum(0.3 for t in VEND_TOKENS if not m.tokens.get(t))
        return 0.5 + goodies / 6


def vend(match: Match, m: Model, effect_id: str) -> Flow:
    """Apply one Vending Machine result (its ``effect`` id) to ``m``: returns (what, caps won).
    Shared by the machine and Medical Equipment."""
    h = REGISTRY.get("vending", {}).get(effect_id)
    if not isinstance(h, type):
        raise KeyError(f"vending_machine: no handler for result '{effect_id}'")
    handler = h()
    assert isinstance(handler, VendResult)
    result = yield from handler.vended(match, m)
    return result


class VendResult(Effect):
    """One row of the Vending Machine table."""

    family = "vending"

    def vended(self, match: Match, m: Model) -> Flow:
        """Apply it; returns (what happened, caps won)."""
        yield from ()
        return ("", 0)


@register
class FirstAidKit(VendResult):
    """Roll the tower's dice, discard any 5-6s, then rebuild it."""

    id = "first_aid_kit"

    def vended(self, match: Match, m: Model) -> Flow:
        n = m.tower.height
        rolls = [int(v) for v in roll(parse_dice(f"{n}D6"), match.rng("dice"))] if n else []
        keep = sum(v < 5 for v in rolls)
        yield from match.rebuild_tower(m, keep, "first aid kit", safe=False)
        return (f"rolls {rolls}, {n - keep} dice discarded", 0)


@register
class SupaAmmo(VendResult):
    """+1/+1 damage with shooting weapons for the next two shoot actions."""

    id = "supa_ammo"

    def vended(self, match: Match, m: Model) -> Flow:
        m.tokens[SupaAmmoToken.id] = 2
        yield from ()
        return ("+1/+1 shooting for two shoot actions", 0)


@register
class SupaAmmoToken(Effect):
    """SupaAmmo's two coins: +1/+1 shooting damage; one is spent per shoot action."""

    family, id = "tokens", "supa_ammo"

    def weapon_damage(self, m: Model, w: Weapon, big: bool, dmg: int) -> int:
        return dmg + 1 if w.kind == "shooting" else dmg

    def after_shoot(self, m: Model, match: Match) -> None:
        left = m.tokens.get(self.id, 0) - 1
        if left > 0:
            m.tokens[self.id] = left
        else:
            m.tokens.pop(self.id, None)


@register
class CookingPot(VendResult):
    """Immune to shooting and explosion damage until it falls over."""

    id = "cooking_pot"

    def vended(self, match: Match, m: Model) -> Flow:
        m.tokens[CookingPotToken.id] = 1
        yield from ()
        return ("immune to shots and blasts until it falls over", 0)


@register
class CookingPotToken(Effect):
    """A head-sized cooking pot: no damage from shots or blasts; gone when the git falls over."""

    family, id = "tokens", "cooking_pot"

    def damage_taken(self, m: Model, kind: str, n: int) -> int:
        return 0 if kind in ("shot", "blast") else n

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        m.tokens.pop(self.id, None)
        yield from ()


ENERGY_MOVE = (6,) * 6  # "Roll 6D6 move dice"
VEND_TOKENS = ("supa_ammo", "cooking_pot", "energy_drink", "can_of_spinach")  # what a vend can leave


@register
class EnergyDrink(VendResult):
    """6D6 move dice for the git's next two activations."""

    id = "energy_drink"

    def vended(self, match: Match, m: Model) -> Flow:
        m.tokens[EnergyDrinkToken.id] = 2
        yield from ()
        return ("6D6 move dice for its next two activations", 0)


@register
class EnergyDrinkToken(Effect):
    """Energy Drink: an activation that starts with it spends one and scoots with 6D6."""

    family, id = "tokens", "energy_drink"
    NOW = "energy_drink_now"

    def activation_start(self, m: Model, match: Match) -> str | None:
        if m.tokens.get(self.id, 0) > 0:
            m.tokens[self.id] -= 1
            m.tokens[self.NOW] = 1
        return None

    def move_dice(self, m: Model, dice: tuple[int, ...]) -> tuple[int, ...]:
        return ENERGY_MOVE if m.tokens.get(self.NOW) else dice

    def activation_end(self, m: Model, match: Match) -> None:
        m.tokens.pop(self.NOW, None)
        if not m.tokens.get(self.id):
            m.tokens.pop(self.id, None)


@register
class CanOfSpinach(VendResult):
    """Double damage in fights until it falls over."""

    id = "can_of_spinach"

    def vended(self, match: Match, m: Model) -> Flow:
        m.tokens[SpinachToken.id] = 1
        yield from ()
        return ("double damage in fights until it falls over", 0)


@register
class SpinachToken(Effect):
    """Can of Spinach: a thump's damage is doubled; gone when the git falls over."""

    family, id = "tokens", "can_of_spinach"

    def fight_damage(self, m: Model, n: int) -> int:
        return 2 * n

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        m.tokens.pop(self.id, None)
        yield from ()


@register
class TripleSeven(VendResult):
    """777: win 3 bottle caps."""

    id = "triple_seven"
    CAPS = 3

    def vended(self, match: Match, m: Model) -> Flow:
        won = match.win_caps(m.boss, self.CAPS)
        yield from ()
        return ("jackpot", won)

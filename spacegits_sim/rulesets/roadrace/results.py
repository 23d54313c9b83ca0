"""What each chart row does, registered by row id: the engine never names a result.

Two registries: :data:`EVENTS` for the Woohoo! and Oh Crap! rows (the first player rolls
the row; every racer then deals with it in his own Luck Phase, rule 5) and :data:`RESULTS`
for every row of the other charts and sub-charts (resolved at once on one car). Rows that
only send the roll on to another chart (``sub``/``chart`` in the YAML) need no handler. A
test checks every row has exactly the handler it needs.

Rule 5 also says the result the first player rolled "applies to everyone for the turn": the
road and weather rows (one shared sub-roll) have an :data:`ON_ROLL` handler too, run the
moment he rolls them, which gives every racer at once the results in :data:`AT_ONCE` (a stat
for the turn, a stopped car, a lasting weather), so they count on every roll of that turn;
a Lap Point or a Reaction roll waits for each racer's own Luck Phase (rules/event_timing).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from . import events as ev
from .ops import RaceOps as Race
from .requests import Interview, RestStop
from .state import Cond, Racer

Gen = Generator[Any, Any, None]
EventFn = Callable[[Race, Racer], Gen]
ResultFn = Callable[[Race, Racer, Racer], Gen]

EVENTS: dict[str, EventFn] = {}
RESULTS: dict[str, ResultFn] = {}
#: Run once, in the first player's Luck Phase, as soon as he rolls the row (the racer passed is he).
ON_ROLL: dict[str, EventFn] = {}
#: The shared sub-rolls' results that hold for everyone from the first player's roll on.
AT_ONCE: set[str] = set()

#: The rows' advice to the AI (:mod:`.odds`): the chance a row takes the car out at once, given
#: the car as it stands and a function giving that chance for a chart the row goes on to roll.
#: Rows without an entry take nobody out at once (their harm is lasting, not immediate).
OutFn = Callable[[Race, Racer, Callable[[str], float]], float]
OUT: dict[str, OutFn] = {}


def _dies(n: int) -> OutFn:
    """n driver damage kills a driver whose damage then reaches his Toughness."""
    return lambda race, r, _then: 1.0 if r.ddamage + n >= race.toughness(r) else 0.0


def _wrecks(n: int, then: str | None = None) -> OutFn:
    """n vehicle damage destroys a car whose damage then reaches its limit; a row that goes on
    to another chart (a crash's Damage or Spectacular roll) adds that chart's chance (read at the
    car's damage now: slightly low)."""

    def fn(race: Race, r: Racer, chain: Callable[[str], float]) -> float:
        if r.vdamage + n >= race.destroyed_at(r):
            return 1.0
        return chain(then) if then is not None else 0.0

    return fn


def event(*ids: str) -> Callable[[EventFn], EventFn]:
    def deco(fn: EventFn) -> EventFn:
        for i in ids:
            EVENTS[i] = fn
        return fn

    return deco


def result(*ids: str, at_once: bool = False) -> Callable[[ResultFn], ResultFn]:
    """Register a row's result; ``at_once``: a shared sub-roll's result every racer takes the
    moment the first player rolls it (see :data:`AT_ONCE`)."""

    def deco(fn: ResultFn) -> ResultFn:
        for i in ids:
            RESULTS[i] = fn
            if at_once:
                AT_ONCE.add(i)
        return fn

    return deco


def _none() -> Gen:
    return
    yield  # pragma: no cover - makes this a generator


# ---------------------------------------------------------------------- shared helpers


def spin_out(race: Race, r: Racer) -> Gen:
    """Spinout: stopped this round; a Handling roll with 2 successes, or the next in line
    (the most Lap Points not more than his) hits him unless that racer makes 2 successes on
    a Reaction roll; a hit puts both cars on the Spectacular Damage chart."""
    if race.ignores(r, "spinout"):
        return
    race.stop(r, "spinout")
    roll = yield from race.stat_roll(r, "handling", "the spinout", need=2)
    if roll.successes >= 2:
        return
    behind = [x for x in race.racers if x is not r and x.alive and x.lp <= r.lp]
    if not behind:
        race.emit(ev.Happened(r.seat, "spinout_clear", "spins, but nobody is next in line"))
        return
    best = max(x.lp for x in behind)
    nxt = next(race.racers[s] for s in race.order if race.racers[s] in behind and race.racers[s].lp == best)
    dodge = yield from race.stat_roll(nxt, "reaction", f"dodging {r.name}'s spinout", need=2)
    if dodge.successes >= 2:
        return
    race.emit(ev.Happened(r.seat, "spinout_hit", f"is hit by {nxt.name}: both cars roll on the Spectacular chart"))
    attacker, race.attacker = race.attacker, None
    try:
        yield from race.chart(r, r, "spectacular")
        if nxt.alive:
            yield from race.chart(nxt, nxt, "spectacular")
    finally:
        race.attacker = attacker


def crash(race: Race, r: Racer) -> Gen:
    """A Crash: the Whoops! chart's crash sub-roll."""
    if race.ignores(r, "crash"):
        return
    yield from race.chart(r, r, "crash")


def _mods(race: Race, r: Racer, stat: str, n: int) -> None:
    race.round_mods.setdefault(r.seat, {})
    race.round_mods[r.seat][stat] = race.round_mods[r.seat].get(stat, 0) + n


def _shared(sub: str, weather: bool = False) -> tuple[EventFn, EventFn]:
    """A road or weather row: (on the roll, in each racer's Luck Phase).

    On the roll every racer still in the race reads the first player's shared die with his own
    modifiers, in turn order; a weather row first ends the lasting weather. A result in
    :data:`AT_ONCE` is his at once; any other waits in ``race.shared_rows`` for his own Luck Phase."""

    def on_roll(race: Race, _first: Racer) -> Gen:
        assert race.shared_die is not None
        c = race.book.charts[sub]
        for seat in race.order:
            r = race.racers[seat]
            if not r.alive:
                continue
            if weather:
                _end_weather(race, r)
            mod = sum(h.chart_mod(sub) for h in r.upgrades)
            row = c.row(race.shared_die + mod)
            total = race.shared_die + mod
            race.emit(ev.ChartRolled(r.seat, r.seat, sub, race.shared_die, mod, total, row.id, row.name, True))
            if race.ignores(r, row.id):
                continue
            if row.id in AT_ONCE:
                yield from RESULTS[row.id](race, r, r)
            else:
                race.shared_rows[r.seat] = row.id

    def own(race: Race, r: Racer) -> Gen:
        row = race.shared_rows.pop(r.seat, None)
        if row is not None:
            yield from RESULTS[row](race, r, r)

    return on_roll, own


def _end_weather(race: Race, r: Racer) -> None:
    for c in list(r.conds):
        if c.ends == "weather":
            race.end_cond(r, c, "the weather changes")


def _extra(r: Racer, purpose: str) -> int:
    return sum(h.extra_successes(purpose) for h in r.upgrades)


# ---------------------------------------------------------------------- Woohoo!


ON_ROLL["good_road"], EVENTS["good_road"] = _shared("good_road")
ON_ROLL["good_weather"], EVENTS["good_weather"] = _shared("good_weather", weather=True)


@result("good_road_nothing", "good_weather_nothing", at_once=True)
def nothing(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.emit(ev.Happened(r.seat, "nothing", "nothing happens"))
    yield from _none()


@result("good_road_handling", at_once=True)
def good_road_handling(race: Race, _roller: Racer, r: Racer) -> Gen:
    _mods(race, r, "handling", 1)
    race.emit(ev.Happened(r.seat, "handling_up", "+1 Handling this turn (good roads)"))
    yield from _none()


@result("good_weather_luck", at_once=True)
def good_weather_luck(race: Race, _roller: Racer, r: Racer) -> Gen:
    _mods(race, r, "luck", 1)
    race.emit(ev.Happened(r.seat, "luck_up", "+1 Luck this turn (good weather)"))
    yield from _none()


@result("good_road_lap", "good_weather_lap")
def good_lap(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.add_lp(r, 1, "the good conditions")
    yield from _none()


@event("good_hitch_hiker")
def good_hitch_hiker(race: Race, r: Racer) -> Gen:
    roll = yield from race.stat_roll(r, "reaction", "a good hitch hiker", need=1)
    if roll.successes >= 1:
        yield from race.chart(r, r, "good_hitch_hiker")


@result("hiker_repair")
def hiker_repair(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "a hitch hiker")
    r.repair_bonus += 1
    race.emit(ev.Happened(r.seat, "hiker_repair", "the hitch hiker helps: a Repair roll with +1 success"))
    yield from _none()


@result("hiker_good_meth")
def hiker_good_meth(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "a hitch hiker")
    race.new_cond(
        r,
        Cond(
            "good_meth",
            "good meth: +1 Reaction for 2 turns",
            stat="reaction",
            amount=1,
            ends="round",
            until_round=race.round + 1,
        ),
    )
    yield from _none()


@result("hiker_healed")
def hiker_healed(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "a hitch hiker")
    if r.ddamage > 0:
        r.ddamage -= 1
        race.emit(ev.Repaired(r.seat, "1 Toughness (healed)", 1, 1, True))
    else:
        mug = next((c for c in r.conds if c.stat == "toughness" and c.amount < 0), None)
        if mug is not None:
            race.end_cond(r, mug, "healed")
        else:
            race.emit(ev.Happened(r.seat, "hiker_healed", "is healed, but was not hurt"))
    yield from _none()


@result("hiker_blessing")
def hiker_blessing(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "a hitch hiker")
    if r.blessing_used:  # 'once per game': a second blessing does not give a second use
        race.emit(ev.Happened(r.seat, "blessing", "is blessed again, but has used his one blessing this race"))
        return
    if r.blessing:
        race.emit(ev.Happened(r.seat, "blessing", "is blessed again (one blessing at a time)"))
    r.blessing = True
    race.emit(ev.Happened(r.seat, "blessing", "the old gypsy woman blesses him: once, one die a success"))
    yield from _none()


@event("short_cut")
def short_cut(race: Race, r: Racer) -> Gen:
    roll = yield from race.stat_roll(r, "reaction", "the short cut", need=1, extra_successes=_extra(r, "short_cut"))
    if roll.successes >= 1:
        race.add_lp(r, roll.successes, "the short cut")


@event("rest_stop")
def rest_stop(race: Race, r: Racer) -> Gen:
    ans = yield RestStop(r.seat, ("stop", "drive"), "stop at the rest stop this turn?")
    if ans == "stop":
        race.stop(r, "the rest stop")
        r.rest_round = race.round


@event("tv_interview")
def tv_interview(race: Race, r: Racer) -> Gen:
    if r.seat == race.first:
        race.interview_open = True
        firsts = [race.racers[s] for s in race.order if any(h.first_interview() for h in race.racers[s].upgrades)]
        for x in firsts:  # Connections: asked before the first player
            if x.alive and race.interview_open:
                yield from _ask_interview(race, x)
        if r in firsts:  # the first player holding Connections has just been asked: once
            return
    if race.interview_open:
        yield from _ask_interview(race, r)


def _ask_interview(race: Race, r: Racer) -> Gen:
    ans = yield Interview(r.seat, ("stop", "drive"), "stop for the TV interview (2 Fame Points)?")
    if ans == "stop":
        race.interview_open = False
        r.interviews += 1
        race.stop(r, "the TV interview")


# ---------------------------------------------------------------------- Oh Crap!


ON_ROLL["bad_road"], EVENTS["bad_road"] = _shared("bad_road")


@result("narrow_road")
def narrow_road(race: Race, _roller: Racer, r: Racer) -> Gen:
    if r.lp > 0:
        race.add_lp(r, -1, "a narrow road")
    else:
        race.emit(ev.Happened(r.seat, "narrow_road", "a narrow road (no Lap Points to lose)"))
    yield from _none()


@result("impassable_road", at_once=True)
def impassable_road(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "an impassable road")
    yield from _none()


def _roadkill(row: str, then: str) -> ResultFn:
    def fn(race: Race, _roller: Racer, r: Racer) -> Gen:
        all_dice = any(h.reroll_all(row) for h in r.upgrades)
        roll = yield from race.stat_roll(r, "reaction", row.replace("_", " "), need=2, reroll_all=all_dice)
        if roll.successes < 2:
            yield from race.chart(r, r, then)

    return fn


RESULTS["roadkill"] = _roadkill("roadkill", "whoops")
RESULTS["ginormous_roadkill"] = _roadkill("ginormous_roadkill", "spectacular")


ON_ROLL["bad_weather"], EVENTS["bad_weather"] = _shared("bad_weather", weather=True)


@result("winds", at_once=True)
def winds(race: Race, _roller: Racer, r: Racer) -> Gen:
    _mods(race, r, "speed", -1)
    race.winds.add(r.seat)
    race.emit(ev.Happened(r.seat, "winds", "winds: -1 Speed this turn"))
    yield from _none()


@result("fog", at_once=True)
def fog(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.new_cond(r, Cond("fog", "fog: -2 Reaction", stat="reaction", amount=-2, ends="weather"))
    yield from _none()


@result("heavy_rain", at_once=True)
def heavy_rain(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.new_cond(r, Cond("heavy_rain", "heavy rain: Handling roll or spin out", ends="weather", flag="rain"))
    yield from _none()


@result("snow_ice", at_once=True)
def snow_ice(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.new_cond(r, Cond("snow_ice", "snow and ice: Handling roll or crash", ends="weather", flag="snow"))
    yield from _none()


@event("bad_hitch_hiker")
def bad_hitch_hiker(race: Race, r: Racer) -> Gen:
    roll = yield from race.stat_roll(r, "reaction", "a bad hitch hiker", need=1)
    if roll.successes < 1:
        yield from race.chart(r, r, "bad_hitch_hiker")


@result("hiker_stop")
def hiker_stop(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "a bad hitch hiker")
    yield from _none()


def _until_rest(race: Race, r: Racer, ident: str, detail: str, stat: str) -> None:
    race.stop(r, "a bad hitch hiker")
    race.new_cond(r, Cond(ident, detail, stat=stat, amount=-1, ends="rest_stop"))


@result("hiker_bad_meth")
def hiker_bad_meth(race: Race, _roller: Racer, r: Racer) -> Gen:
    _until_rest(race, r, "bad_meth", "bad meth: -1 Reaction until a rest stop", "reaction")
    yield from _none()


@result("hiker_mugged")
def hiker_mugged(race: Race, _roller: Racer, r: Racer) -> Gen:
    _until_rest(race, r, "mugged", "mugged: -1 Toughness until a rest stop", "toughness")
    race.check_driver(r)
    yield from _none()


@result("hiker_curse")
def hiker_curse(race: Race, _roller: Racer, r: Racer) -> Gen:
    _until_rest(race, r, "gypsy_curse", "the gypsy curse: -1 Luck until a rest stop", "luck")
    yield from _none()


@event("lost")
def lost(race: Race, r: Racer) -> Gen:
    if race.ignores(r, "lost"):
        return
    roll = yield from race.stat_roll(r, "reaction", "finding the way", need=2, extra_successes=_extra(r, "lost"))
    if roll.successes < 2:
        r.no_lp_round = race.round
        race.emit(ev.Happened(r.seat, "lost", "is lost: no Lap Points this turn"))


@event("mechanical_failure")
def mechanical_failure(race: Race, r: Racer) -> Gen:
    roll = yield from race.stat_roll(r, "luck", "a mechanical failure", need=1)
    if roll.successes < 1:
        yield from race.chart(r, r, "damage", extra=-1)


@event("ambush")
def ambush(race: Race, r: Racer) -> Gen:
    if race.ignores(r, "ambush"):
        return
    roll = yield from race.stat_roll(r, "reaction", "the ambush", need=2)
    if roll.successes < 2:
        yield from race.chart(r, r, "spectacular")


# ---------------------------------------------------------------------- Whoops!


@result("headlights_out")
def headlights_out(race: Race, _roller: Racer, r: Racer) -> Gen:
    night = race.scenario.night
    detail = "headlights out: -1 Reaction in bad weather" + (", stopped until repaired (night race)" if night else "")
    race.new_cond(
        r,
        Cond(
            "headlights_out",
            detail,
            stat="reaction",
            amount=-1,
            only_in_bad_weather=True,
            stops=night,
            repair=race.book.repairs["headlights_out"],
        ),
    )
    yield from _none()


@result("flat_tire", "damage_flat_tire")
def flat_tire(race: Race, _roller: Racer, r: Racer) -> Gen:
    if race.ignores(r, "flat_tire"):
        return
    race.new_cond(
        r, Cond("flat_tire", "a flat tire: stopped until repaired", stops=True, repair=race.book.repairs["flat_tire"])
    )
    yield from _none()


@result("spinout")
def spinout(race: Race, _roller: Racer, r: Racer) -> Gen:
    yield from spin_out(race, r)


@result("ditched")
def ditched(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.stop(r, "ditched")
    roll = yield from race.stat_roll(r, "handling", "getting out of the ditch", need=2)
    if roll.successes < 2:
        race.new_cond(
            r, Cond("ditched", "in the ditch: stopped until repaired", stops=True, repair=race.book.repairs["ditched"])
        )


# ---------------------------------------------------------------------- Crash (a Whoops! sub-roll)


OUT["crash_1"] = _wrecks(1)
OUT["crash_1_damage"] = _wrecks(1, "damage")
OUT["crash_2"] = _wrecks(2)
OUT["crash_2_spectacular"] = _wrecks(2, "spectacular")


@result("crash_1")
def crash_1(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_vehicle(r, 1, "a crash")
    yield from _none()


@result("crash_1_damage")
def crash_1_damage(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_vehicle(r, 1, "a crash")
    if r.alive:
        yield from race.chart(r, r, "damage")


@result("crash_2")
def crash_2(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_vehicle(r, 2, "a crash")
    yield from _none()


@result("crash_2_spectacular")
def crash_2_spectacular(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_vehicle(r, 2, "a crash")
    if r.alive:
        yield from race.chart(r, r, "spectacular")


# ---------------------------------------------------------------------- Damage


@result("worn_brakes")
def worn_brakes(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.new_cond(
        r,
        Cond(
            "worn_brakes",
            "worn brakes: -2 Reaction until repaired",
            stat="reaction",
            amount=-2,
            repair=race.book.repairs["worn_brakes"],
        ),
    )
    yield from _none()


def _leak(ident: str, kind: str) -> ResultFn:
    def fn(race: Race, _roller: Racer, r: Racer) -> Gen:
        race.new_cond(r, Cond(ident, f"a {kind}", repair=race.book.repairs[ident], luck_check="rising"))
        yield from _none()

    return fn


RESULTS["coolant_leak"] = _leak("coolant_leak", "coolant leak")
RESULTS["fuel_leak"] = _leak("fuel_leak", "fuel leak")


@result("fire")
def fire(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.new_cond(r, Cond("fire", "on fire: 1 damage a turn until put out", repair=None, luck_check="falling"))
    yield from _none()


# ---------------------------------------------------------------------- Spectacular Damage


@result("driver_hit_none", "suspension_none", "engine_none", "weapon_none", "armor_none", "vehicle_none")
def no_effect(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.emit(ev.Happened(r.seat, "no_effect", "no effect"))
    yield from _none()


def _spec(race: Race, r: Racer, ident: str, detail: str, **kw: Any) -> None:
    race.new_cond(r, Cond(ident, detail, repair=race.book.repairs["spectacular"], **kw))


@result("driver_hit_reaction")
def driver_hit_reaction(race: Race, _roller: Racer, r: Racer) -> Gen:
    _spec(race, r, "driver_hit_reaction", "driver hit: -1 Reaction until repaired", stat="reaction", amount=-1)
    yield from _none()


OUT["driver_hit_1"] = _dies(1)
OUT["driver_hit_2"] = _dies(2)
OUT["vehicle_hit_1"] = _wrecks(1)
OUT["vehicle_hit_2"] = _wrecks(2)


@result("driver_hit_1")
def driver_hit_1(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_driver(r, 1, "a driver hit")
    yield from _none()


@result("driver_hit_2")
def driver_hit_2(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_driver(r, 2, "a driver hit")
    yield from _none()


def _no_rerolls(stat: str, what: str) -> ResultFn:
    def fn(race: Race, _roller: Racer, r: Racer) -> Gen:
        _spec(race, r, f"{what}_rerolls", f"{what} hit: no {stat.title()} re-rolls until repaired", no_rerolls=stat)
        yield from _none()

    return fn


def _minus2(stat: str, what: str) -> ResultFn:
    def fn(race: Race, _roller: Racer, r: Racer) -> Gen:
        _spec(race, r, f"{what}_minus2", f"{what} hit: -2 {stat.title()} until repaired", stat=stat, amount=-2)
        yield from _none()

    return fn


def _stops(what: str) -> ResultFn:
    def fn(race: Race, _roller: Racer, r: Racer) -> Gen:
        _spec(race, r, f"{what}_stop", f"{what} hit: stopped until repaired", stops=True)
        yield from _none()

    return fn


for _stat, _what in (("handling", "suspension"), ("speed", "engine"), ("offense", "weapon"), ("defense", "armor")):
    RESULTS[f"{_what}_rerolls"] = _no_rerolls(_stat, _what)
    RESULTS[f"{_what}_minus2"] = _minus2(_stat, _what)
RESULTS["suspension_stop"] = _stops("suspension")
RESULTS["engine_stop"] = _stops("engine")


@result("weapon_destroyed")
def weapon_destroyed(race: Race, _roller: Racer, r: Racer) -> Gen:
    _spec(race, r, "weapon_destroyed", "weapon destroyed until repaired", flag="no_weapon")
    yield from _none()


@result("armor_spinout")
def armor_spinout(race: Race, _roller: Racer, r: Racer) -> Gen:
    _spec(race, r, "armor_minus2", "armor hit: -2 Defense until repaired", stat="defense", amount=-2)
    attacker, race.attacker = race.attacker, None
    try:
        yield from spin_out(race, r)
    finally:
        race.attacker = attacker


@result("vehicle_no_subtract")
def vehicle_no_subtract(race: Race, _roller: Racer, r: Racer) -> Gen:
    _spec(race, r, "vehicle_no_subtract", "vehicle hit: may not subtract re-rolls until repaired", flag="no_subtract")
    yield from _none()


@result("vehicle_hit_1")
def vehicle_hit_1(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_vehicle(r, 1, "a vehicle hit")
    yield from _none()


@result("vehicle_hit_2")
def vehicle_hit_2(race: Race, _roller: Racer, r: Racer) -> Gen:
    race.damage_vehicle(r, 2, "a vehicle hit")
    yield from _none()

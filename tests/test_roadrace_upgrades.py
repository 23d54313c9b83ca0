"""Every upgrade of the book (20 + 10 starting, 20 + 10 advances), each against its sentence."""

from __future__ import annotations

import pytest
from roadrace_kit import car, conds, drive, kinds, load, race, rolled

from spacegits_sim.data.errors import DataError
from spacegits_sim.rulesets.roadrace import requests as rq
from spacegits_sim.rulesets.roadrace.book import book
from spacegits_sim.rulesets.roadrace.cars import rerolls, sheet
from spacegits_sim.rulesets.roadrace.results import EVENTS
from spacegits_sim.rulesets.roadrace.state import Cond
from spacegits_sim.rulesets.roadrace.upgrades import HANDLERS

B = book()
TESTED: set[str] = set()


def covers(*ids: str):  # type: ignore[no-untyped-def]
    """Mark a test as the one pinning these upgrades, when the module is imported: a set filled
    as tests ran depended on which xdist worker ran which test (test_every_upgrade_is_tested_here
    saw 'roo_bar' missing when its test ran on the other worker)."""
    TESTED.update(ids)
    return lambda f: f


def with_upgrade(uid, **kw):
    u = B.upgrades[uid]
    if u.list == "beginning":
        return car(upgrade=uid, **kw)
    return car(upgrade="mutant", earned=(uid,), **kw)


def test_every_upgrade_has_a_handler_and_every_handler_an_upgrade():
    assert set(HANDLERS) == set(B.upgrades)


# ---------------------------------------------------------------------- modifiers on one's own rolls

OWN_MODS = {
    "off_road_tires": ("bad_road", "shared", -2),
    "weather_training": ("bad_weather", "shared", -2),
    "weather_control_satellite": ("good_weather", "shared", 2),
    "roll_cage": ("crash", "chart", -2),
    "driver_training": ("whoops", "chart", -2),
    "paranoid": ("bad_hitch_hiker", "chart", -2),
    "people_person": ("good_hitch_hiker", "chart", 2),
}
TESTED |= set(OWN_MODS)


@pytest.mark.parametrize("uid", list(OWN_MODS))
def test_upgrades_that_modify_ones_own_chart_rolls(uid):
    """'Off-Road Tires: -2 when rolling on Bad road conditions.' 'Roll Cage: –2 when rolling on a
    Crash.' 'Driver Training: -2 when rolling on the Whoops! Chart.' 'Paranoid: -2 when rolling on Bad
    Hitch Hiker' 'People Person: +2 when rolling on Good Hitch Hiker' 'Weather Training: -2 when
    rolling on Bad Weather' 'Weather Control Satellite as a Sponsor: +2 when rolling on Good Weather.'"""
    chart, how, mod = OWN_MODS[uid]
    r = race(with_upgrade(uid), car("Plain"))
    me, plain = r.racers
    if how == "shared":
        rolled(r, chart, 4)  # each racer reads the first player's die with his own modifiers
    for x in (me, plain):
        if how == "shared":
            drive(r, EVENTS[chart](r, x))
        else:
            load(r, *([1] * 12))
            drive(r, r.chart(x, x, chart, die=4))
    rolls = {e.seat: e for e in kinds(r, "chart_rolled") if e.chart == chart}
    assert rolls[0].modifier == mod and rolls[1].modifier == 0
    assert rolls[0].total == 4 + mod


# ---------------------------------------------------------------------- results ignored

IGNORES = {
    "rain_tires": ("shared", "bad_weather", 4, "heavy_rain"),
    "snow_tires": ("shared", "bad_weather", 6, "snow_ice"),
    "sensory_array": ("shared", "bad_weather", 2, "fog"),
    "improved_brakes": ("chart", "damage", 2, "worn_brakes"),
    "reinforced_headlights": ("chart", "whoops", 1, "headlights_out"),
    "reinforced_radiator": ("chart", "damage", 3, "coolant_leak"),
    "spare_gas_tank": ("chart", "damage", 4, "fuel_leak"),
    "fire_extinguishers": ("chart", "damage", 5, "fire"),
    "run_flat_tires": ("chart", "whoops", 2, "flat_tire"),
    "improved_handling": ("chart", "whoops", 3, "spinout"),
    "gps": ("event", "lost", None, "lost"),
    "friends_in_bad_places": ("event", "ambush", None, "ambush"),
}
TESTED |= set(IGNORES)


@pytest.mark.parametrize("uid", list(IGNORES))
def test_upgrades_that_ignore_a_result(uid):
    """'Rain Tires: Ignore heavy rain results' 'Snow Tires: Ignore heavy snow/ice results' 'Sensory
    Array: Ignore fog results' 'Improved Brakes: You may ignore Worn Brakes results.' 'Reinforced
    Headlights: ... Headlights Out' 'Reinforced Radiator: ... Coolant Leak' 'Spare Gas Tank: ... Fuel
    Leak' 'Fire Extinguishers: ... Fire' 'Run-Flat Tires: ... Flat Tire' 'Improved Handling: ...
    Spinout' 'GPS: You may ignore Lost Results.' 'Friends in Bad Places: You may ignore Ambush results.'"""
    how, chart, die, row = IGNORES[uid]
    for up, ignored in ((with_upgrade(uid, d=(1, 2, 1, 4)), True), (car("Plain", d=(1, 2, 1, 4)), False)):
        r = race(up, car("B"))
        me = r.racers[0]
        load(r, *([1] * 12))
        if how == "shared":
            rolled(r, chart, die)
            drive(r, EVENTS[chart](r, me))
        elif how == "chart":
            drive(r, r.chart(me, me, chart, die=die))
        else:
            drive(r, EVENTS[chart](r, me))
        got = [e.result for e in kinds(r, "ignored")]
        assert (got == [row]) is ignored
        if ignored:
            assert conds(me) == [] and kinds(r, "dice_rolled") == [] and not r.stopped(me)


def test_run_flat_tires_also_ignore_the_damage_charts_flat_tire():
    r = race(with_upgrade("run_flat_tires"))
    me = r.racers[0]
    drive(r, r.chart(me, me, "damage", die=1))
    assert conds(me) == [] and kinds(r, "ignored")[0].result == "damage_flat_tire"


# ---------------------------------------------------------------------- armour against an attacker's rolls

AGAINST = {
    "armored_turret": 4,
    "ablative_armor": 6,
    "armored_cage": 1,
    "hardened_armor": 5,
    "secondary_engine": 3,
}
TESTED |= set(AGAINST)


@pytest.mark.parametrize("uid", list(AGAINST))
def test_armour_takes_two_from_the_opponents_roll_on_its_hit_result(uid):
    """'Armored Turret: Your opponent is –2 when rolling on a Weapon Hit result.' (Ablative Armor:
    Vehicle Hit; Armored Cage: Driver Hit; Hardened Armor: Armor Hit; Secondary Engine: Engine Hit)"""
    r = race(car("Attacker"), with_upgrade(uid, d=(1, 2, 1, 4)))
    a, t = r.racers
    load(r, 5, 1, 1)
    drive(r, r.chart(a, t, "spectacular", die=AGAINST[uid], attack=True, own=False))
    sub = kinds(r, "chart_rolled")[1]
    assert (sub.seat, sub.target, sub.die, sub.modifier) == (0, 1, 5, -2)


# ---------------------------------------------------------------------- the rest, one by one


@covers("roo_bar")
def test_roo_bar_rerolls_every_reaction_die_for_roadkill():
    """'Roo Bar: You may re-roll as many Reaction dice as you wish when you are required to do so
    because of a roadkill or ginormous roadkill result'."""
    r = race(with_upgrade("roo_bar"))
    rolled(r, "bad_road", 4)
    load(r, 1, 1, 1, 5, 6, 1)
    asked = []
    drive(r, EVENTS["bad_road"](r, r.racers[0]), asked=asked)
    assert isinstance(asked[0], rq.Reroll) and asked[0].options == (0, 1, 2, 3)
    assert kinds(r, "dice_rolled")[0].successes == 2


@covers("heavy_duty")
def test_heavy_duty_is_destroyed_at_fifteen():
    """'Heavy Duty: Vehicle is destroyed at 15 damage as opposed to 10.'"""
    r = race(with_upgrade("heavy_duty"), car("B"), car("C"))
    me = r.racers[0]
    r.damage_vehicle(me, 14, "test")
    assert me.alive
    r.damage_vehicle(me, 1, "test")
    assert me.out == "destroyed"


@covers("camouflage", "radar")
def test_camouflage_hides_a_stopped_car_and_radar_sees_it():
    """'Camouflage: You may not be the target of Offense rolls if your vehicle is stopped.' 'Radar:
    You may ignore Camouflage.'"""
    r = race(car("A"), with_upgrade("camouflage"), with_upgrade("radar"))
    r.racers[0].lp = 20 - 20
    assert (1, "attack") in r.attack_options(r.racers[0])
    r.stop(r.racers[1], "test")
    assert (1, "attack") not in r.attack_options(r.racers[0])
    assert (1, "attack") in r.attack_options(r.racers[2])


@covers("the_knowledge")
def test_the_knowledge_adds_a_success_on_short_cut_and_lost():
    """'The Knowledge: +1 when rolling on Short Cut or Lost'."""
    r = race(with_upgrade("the_knowledge", d=(2, 2, 2, 2)))
    me = r.racers[0]
    load(r, 5, 1, 1, 5, 1, 1)
    drive(r, EVENTS["short_cut"](r, me))
    assert me.lp == 2
    drive(r, EVENTS["lost"](r, me))
    assert me.no_lp_round != r.round


@covers("connections")
def test_connections_is_offered_the_interview_first():
    """'Connections: If a TV Interview comes up, instead of the first player being given first choice
    to be interviewed, you are. If you decide not to, choice goes from first to last player as normal.'"""
    r = race(car("First"), car("Second"), with_upgrade("connections"))
    r.event_row = "tv_interview"
    asked = []
    for x in r.racers:
        drive(r, EVENTS["tv_interview"](r, x), answers=lambda q: "drive", asked=asked)
    assert [q.boss for q in asked] == [2, 0, 1, 2]


def test_a_first_player_holding_connections_is_asked_about_the_interview_once():
    """'instead of the first player being given first choice to be interviewed, you are. If you decide
    not to, choice goes from first to last player as normal.' The first player with Connections has
    first choice either way: he is asked once, not twice in a row."""
    r = race(with_upgrade("connections"), car("Second"))
    r.event_row = "tv_interview"
    asked = []
    for x in r.racers:
        drive(r, EVENTS["tv_interview"](r, x), answers=lambda q: "drive", asked=asked)
    assert [q.boss for q in asked] == [0, 1]


@covers("mutant")
def test_mutant_toughness_goes_to_eight():
    """'Mutant: Maximum Toughness is 8 instead of 4.'"""
    c = car(upgrade="mutant", d=(1, 1, 1, 5))
    assert sheet(c)["toughness"] == 5
    with pytest.raises(DataError, match="stats are 1 to 4"):
        car(upgrade="gps", d=(1, 1, 1, 5))


@covers("robot")
def test_robot_repairs_toughness():
    """'Robot: You may stop your Vehicle to make Repair Rolls to regain Toughness.'"""
    r = race(with_upgrade("robot", driver="mechanic", d=(1, 4, 1, 2)))
    me = r.racers[0]
    me.ddamage = 1
    asked = []
    load(r, *([5] * 6))
    drive(r, r._speed_phase(me), answers=["stop"], asked=asked)
    assert isinstance(asked[0], rq.StopToRepair) and me.ddamage == 0


STAT_UPS = [u.id for u in B.upgrades.values() if "stat" in u.params]
TESTED |= set(STAT_UPS)


@pytest.mark.parametrize("uid", STAT_UPS)
def test_plus_one_stat_advances_up_to_four(uid):
    """'+1 Defense (can be taken multiple times, but cannot go higher than 4)' (and the other seven)."""
    stat = B.upgrades[uid].params["stat"]
    group = "v" if stat in B.vehicle_stats else "d"
    idx = (B.vehicle_stats if group == "v" else B.driver_stats).index(stat)
    pts = [2, 2, 2, 2]
    c = car(upgrade="gps", earned=(uid,), **{group: tuple(pts)})
    assert sheet(c)[stat] == sheet(car(upgrade="gps", **{group: tuple(pts)}))[stat] + 1
    pts = [1, 1, 1, 1]
    pts[idx] = 4
    pts[(idx + 1) % 4] += 1
    with pytest.raises(DataError, match="cannot go higher than 4"):
        car(upgrade="gps", earned=(uid,), **{group: tuple(pts)})


REROLL_UPS = [u.id for u in B.upgrades.values() if "reroll" in u.params]
TESTED |= set(REROLL_UPS)


@pytest.mark.parametrize("uid", REROLL_UPS)
def test_reroll_advances_capped_at_four_and_at_the_stat(uid):
    """'+1 Defense reroll (can be taken multiple times, but cannot go higher than 4, nor may it go higher
    than your Defense stat)' (Luck, Reaction and Repair: capped by their own stat, our reading)."""
    stat = B.upgrades[uid].params["reroll"]
    c = car(earned=(uid,))
    assert rerolls(c)[stat] == 1
    cap = sheet(c)[stat]
    with pytest.raises(DataError, match="re-rolls: at most 4 and at most the"):
        car(earned=(uid,) * (cap + 1))
    r = race(c)
    load(r, *([1] * 10))
    asked = []
    drive(r, r.stat_roll(r.racers[0], stat, "test"), asked=asked)
    assert asked[0].options == (0, 1)


SUBTRACTS = [u.id for u in B.upgrades.values() if "subtracts" in u.params]
TESTED |= set(SUBTRACTS)


def _subtract_on_a_hit(uid, defense):
    """A (Offense 3, the subtractor taken twice) attacks T (Defense 2, a re-roll of the stat) and
    picks the subtraction; T's Defense faces are ``defense``."""
    stat = B.upgrades[uid].params["subtracts"]
    r = race(car("A", earned=(uid, uid)), car("T", earned=(f"{stat}_reroll",)))
    a, t = r.racers
    load(r, 5, 5, 5, *defense, 1, 1, 1)
    asked = []
    pick = {rq.Attack: (1, "attack"), rq.OnHit: f"subtract:{stat}", rq.Reroll: 0}
    drive(r, r._offense_phase(a), answers=lambda q: pick[type(q)], asked=asked)
    return r, stat, [q for q in asked if not isinstance(q, rq.Reroll)]


@pytest.mark.parametrize("uid", SUBTRACTS)
def test_reroll_subtractors_take_rerolls_instead_of_the_damage_chart(uid):
    """'Acid Fogger: Instead of rolling on the Damage chart you may cause a -1 to Opponents Defense
    reroll' (and Gunk Spray, EMP, Oil Spray, Gypsy Curse, Master of Distraction, Curse of the
    Carburetor Gods). The defender's 1 success against 3 is a Damage chart hit."""
    r, stat, asked = _subtract_on_a_hit(uid, (5, 1))
    t = r.racers[1]
    assert kinds(r, "attacked")[0].result == "damage"
    assert isinstance(asked[1], rq.OnHit) and asked[1].options == ("damage", f"subtract:{stat}")
    assert t.penalties == [(stat, 2, 0)] and r.rerolls_now(t, stat) == 0
    assert [e.chart for e in kinds(r, "chart_rolled")] == []


@pytest.mark.parametrize("uid", SUBTRACTS)
def test_reroll_subtractors_may_also_take_rerolls_instead_of_a_spectacular_hit(uid):
    """The book names only the Damage chart ('Instead of rolling on the Damage chart you may cause a
    -1 to Opponents ... reroll'); our reading (rules/subtract_on_spectacular): a Spectacular hit, the
    better hit of the same attack, may take the re-rolls instead too."""
    r, stat, asked = _subtract_on_a_hit(uid, (1, 1))
    t = r.racers[1]
    assert kinds(r, "attacked")[0].result == "spectacular"
    assert isinstance(asked[1], rq.OnHit) and asked[1].options == ("damage", f"subtract:{stat}")
    assert t.penalties == [(stat, 2, 0)] and [e.chart for e in kinds(r, "chart_rolled")] == []


@covers("long_range", "minelayer")
def test_long_range_reaches_any_leader_and_minelayer_any_trailer():
    """'Long Range: You may make Offense Rolls against opponents with more Lap Points than yourself
    regardless of how much.' 'Minelayer: You may attack any player with less Lap Points than yourself
    regardless of how much.'"""
    r = race(with_upgrade("long_range"), with_upgrade("minelayer"), car("Far"))
    r.racers[0].lp, r.racers[1].lp, r.racers[2].lp = 6, 14, 0
    assert r.attack_options(r.racers[0]) == [(1, "attack")]
    assert r.attack_options(r.racers[1]) == [(0, "attack"), (2, "attack")]


@covers("blades", "ram_plate")
@pytest.mark.parametrize("uid", ["blades", "ram_plate"])
def test_blades_and_ram_plate_reach_a_car_passed_this_turn(uid):
    """'Blades: You may make Offense Rolls against opponents you have passed this turn.' (the Ram
    Plate: the same words). Even without a weapon and out of range, the car passed this turn is a
    target; next turn it is passed no more."""
    r = race(with_upgrade(uid, v=(1, 1, 2, 4)), car("Passed"))  # sedan: Speed 4
    a, t = r.racers
    a.lp, t.lp = 0, 1
    mode = "attack" if uid == "blades" else "ram"
    load(r, 6, 6, 6, 6)
    drive(r, r._speed_phase(a))
    assert a.lp == 4 and a.passed == {1}
    r.new_cond(a, Cond("x", "weapon gone", flag="no_weapon"))
    t.lp = 9  # out of range now, but passed this turn
    assert (1, mode) in r.attack_options(a)
    r.round = 2
    load(r, *([1] * 200))  # the next turn: nobody gains a Lap Point, nobody is passed
    drive(r, r._round())
    assert a.passed == set() and r.attack_options(a) == []


def test_ram_plate_rolls_both_damage_charts():
    """'Ram Plate: ... You roll on the Damage Chart at –1 to determine what happens to your Vehicle, and
    on the Damage Chart at +2 to determine what happens to their Vehicle.'"""
    r = race(with_upgrade("ram_plate", v=(1, 1, 2, 4)), car("T"))
    a, t = r.racers
    a.passed = {1}
    load(r, 5, 5, 5, 1, 1, 2, 3)
    drive(r, r._offense_phase(a), answers=[(1, "ram")])
    ch = kinds(r, "chart_rolled")
    assert [(e.target, e.chart, e.modifier) for e in ch] == [(1, "damage", 2), (0, "damage", -1)]


@covers("flamethrower")
def test_flamethrower_always_fire_plus_one_damage():
    """'Flamethrower: You no longer need to roll on the Damage Chart, you always choose the Fire Result
    (it also does 1 damage this turn).'"""
    r = race(with_upgrade("flamethrower"), car("T"))
    a, t = r.racers
    load(r, 5, 5, 5, 5, 1, 1)
    drive(r, r._offense_phase(a), answers=[(1, "attack")])
    assert "fire" in conds(t) and t.vdamage == 1 and kinds(r, "chart_rolled") == []


@covers("rockets")
@pytest.mark.parametrize("defense,chart", [((5, 1), "damage"), ((1, 1), "spectacular")])
def test_rockets_add_two_on_the_damage_and_spectacular_charts(defense, chart):
    """'Rockets: +2 when rolling on the Damage or Spectacular Damage Chart.' A hit the defender met
    with 1 success goes on the Damage chart, one he met with none on the Spectacular chart: +2 on
    either."""
    r = race(with_upgrade("rockets"), car("T"))  # sedan: Offense 3; T: Defense 2
    a, t = r.racers
    load(r, 5, 5, 5, *defense, 1, 1, 1, 1)
    drive(r, r._offense_phase(a), answers=[(1, "attack")])
    ch = kinds(r, "chart_rolled")[0]
    assert (ch.chart, ch.modifier, ch.total) == (chart, 2, 3)


def test_every_upgrade_is_tested_here():
    assert TESTED == set(B.upgrades), sorted(set(B.upgrades) - TESTED)

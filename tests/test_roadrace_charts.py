"""Every row of the five charts and their sub-rolls, each against its sentence in the book."""

from __future__ import annotations

import pytest
from roadrace_kit import car, conds, drive, kinds, load, race, rolled

from spacegits_sim.rulesets.roadrace.results import EVENTS, RESULTS


def event(r, row, die=None):
    rolled(r, row, die)


# ---------------------------------------------------------------------- Woohoo!


@pytest.mark.parametrize("die,effect", [(3, None), (4, "handling"), (6, "lap")])
def test_good_road_conditions(die, effect):
    """'1-3 nothing happens, 4-5 all players get +1 to their Handling stat this turn, 6 or better all
    players get +1 Lap Point.'"""
    r = race(car("A"), car("B"))
    event(r, "good_road", die)
    for x in r.racers:
        drive(r, EVENTS["good_road"](r, x))
    for x in r.racers:
        assert r.stat(x, "handling") == x.sheet["handling"] + (effect == "handling")
        assert x.lp == (1 if effect == "lap" else 0)


@pytest.mark.parametrize("die,effect", [(1, None), (5, "luck"), (6, "lap")])
def test_good_weather(die, effect):
    """'1-3 nothing happens, 4-5 all players get +1 to their Luck stat this turn, 6 or better all
    players get +1 Lap Point.'"""
    r = race(car("A"), car("B"))
    me = r.racers[0]
    drive(r, RESULTS["fog"](r, me, me))
    event(r, "good_weather", die)
    drive(r, EVENTS["good_weather"](r, me))
    assert r.stat(me, "luck") == me.sheet["luck"] + (effect == "luck")
    assert me.lp == (effect == "lap")
    assert "fog" not in conds(me)  # good weather is another weather event: the fog lifts


@pytest.mark.parametrize(
    "faces,expect",
    [
        ((5, 1, 1), "hiker_repair"),
        ((5, 1, 2), "hiker_good_meth"),
        ((5, 1, 4), "hiker_healed"),
        ((5, 1, 6), "hiker_blessing"),
    ],
)
def test_good_hitch_hiker(faces, expect):
    """'Make a Reaction roll and get 1 success to roll on the following: 1 or less your car stops
    this turn and you get a Repair roll with +1 success, 2-3 ... good meth (add 1 to your Reaction
    stat for 2 turns), 4-5 ... healed (add 1 to your Toughness stat if it has been reduced), on a 6
    ... the old gypsy woman blesses you'."""
    r = race(car(d=(2, 2, 1, 3)))  # trucker: Reaction 2
    me = r.racers[0]
    me.ddamage = 1
    load(r, *faces)
    drive(r, EVENTS["good_hitch_hiker"](r, me))
    assert kinds(r, "chart_rolled")[-1].row == expect
    assert r.stopped(me)  # every result: 'your car stops this turn'
    if expect == "hiker_repair":
        assert me.repair_bonus == 1
    if expect == "hiker_good_meth":
        assert r.stat(me, "reaction") == me.sheet["reaction"] + 1
        assert [c.until_round for c in me.conds] == [r.round + 1]  # this turn and the next
    if expect == "hiker_healed":
        assert me.ddamage == 0
    if expect == "hiker_blessing":
        assert me.blessing


def test_good_hitch_hiker_needs_a_success():
    r = race(car(d=(2, 2, 1, 3)))
    load(r, 1, 1)
    drive(r, EVENTS["good_hitch_hiker"](r, r.racers[0]))
    assert kinds(r, "chart_rolled") == [] and not r.stopped(r.racers[0])


def test_short_cut_gives_a_lap_point_per_success():
    """'All players make a Reaction roll during the Luck Phase. Any of them who get at least 1 success
    get +1 Lap Point per success this turn.'"""
    r = race(car(d=(2, 2, 2, 2)))  # Reaction 3
    load(r, 5, 6, 1)
    drive(r, EVENTS["short_cut"](r, r.racers[0]))
    assert r.racers[0].lp == 2


def test_rest_stop_repairs_heals_and_gives_a_repair_roll_at_plus_one():
    """'Each turn your car stops here your vehicle repairs one damage, your driver regains 1 Toughness,
    and you get 1 Repair roll at +1.'"""
    r = race(car(driver="mechanic", d=(2, 1, 2, 3)))  # Repair 2 (+1 die at the rest stop)
    me = r.racers[0]
    me.vdamage, me.ddamage = 2, 1
    drive(r, RESULTS["hiker_bad_meth"](r, me, me))
    drive(r, RESULTS["worn_brakes"](r, me, me))
    drive(r, EVENTS["rest_stop"](r, me), answers=["stop"])
    load(r, 5, 5, 1)
    drive(r, r._speed_phase(me))
    assert (me.vdamage, me.ddamage) == (1, 0)
    assert "bad_meth" not in conds(me) and "worn_brakes" not in conds(me)
    assert kinds(r, "dice_rolled")[-1].dice.__len__() == 3


def test_tv_interview_first_player_first_then_in_order():
    """'The first player may elect to stop this turn and gain 2 Fame Points. If he doesn't stop, each
    player gains the option until someone finally chooses to stop or the turn ends.'"""
    r = race(car("A"), car("B"), car("C"))
    event(r, "tv_interview")
    asked = []
    for x in r.racers:
        drive(r, EVENTS["tv_interview"](r, x), answers=["drive"] if x.seat == 0 else ["stop"], asked=asked)
    assert [q.boss for q in asked] == [0, 1]
    assert r.racers[1].interviews == 1 and r.stopped(r.racers[1]) and not r.racers[2].interviews


# ---------------------------------------------------------------------- Oh Crap!


def test_narrow_road_costs_a_lap_point():
    """'1 or less is a narrow road and everyone gets –1 Lap Point this turn'."""
    r = race(car())
    r.racers[0].lp = 3
    event(r, "bad_road", 1)
    drive(r, EVENTS["bad_road"](r, r.racers[0]))
    assert r.racers[0].lp == 2


def test_impassable_road_stops_everyone():
    """'2-3 means an impassible road and everyone's car is stopped 1 turn'."""
    r = race(car("A"), car("B"))
    event(r, "bad_road", 3)
    for x in r.racers:
        drive(r, EVENTS["bad_road"](r, x))
    assert all(r.stopped(x) for x in r.racers)


@pytest.mark.parametrize("die,then", [(4, "whoops"), (6, "spectacular")])
def test_roadkill_needs_two_reaction_successes(die, then):
    """'4-5 is roadkill (make a Reaction roll and get 2 successes or roll on the Whoops! Chart), 6 or
    better is ginormous roadkill (... or roll on the Spectacular Damage Chart)'."""
    r = race(car(d=(2, 2, 2, 2)))  # Reaction 3
    event(r, "bad_road", die)
    load(r, 5, 1, 1, 3, 3)
    drive(r, EVENTS["bad_road"](r, r.racers[0]))
    assert [e.chart for e in kinds(r, "chart_rolled") if e.target == 0][:2] == ["bad_road", then]
    r2 = race(car(d=(2, 2, 2, 2)))
    event(r2, "bad_road", die)
    load(r2, 5, 6, 1)
    drive(r2, EVENTS["bad_road"](r2, r2.racers[0]))
    assert [e.chart for e in kinds(r2, "chart_rolled") if e.target == 0] == ["bad_road"]


def test_winds_take_one_speed_this_turn():
    """'1 or less winds subtract 1 from everyone's Speed stat this turn'."""
    r = race(car())
    event(r, "bad_weather", 1)
    drive(r, EVENTS["bad_weather"](r, r.racers[0]))
    assert r.stat(r.racers[0], "speed") == r.racers[0].sheet["speed"] - 1


def test_fog_lasts_until_another_weather_event():
    """'2-3 Fog subtracts 2 from everyone's Reaction stat until another weather event is rolled'."""
    r = race(car())
    me = r.racers[0]
    event(r, "bad_weather", 2)
    drive(r, EVENTS["bad_weather"](r, me))
    assert r.stat(me, "reaction") == me.sheet["reaction"] - 2
    r.round = 5
    assert r.stat(me, "reaction") == me.sheet["reaction"] - 2
    event(r, "bad_weather", 1)
    drive(r, EVENTS["bad_weather"](r, me))
    assert r.stat(me, "reaction") == me.sheet["reaction"]


@pytest.mark.parametrize("die,row", [(4, "heavy_rain"), (6, "snow_ice")])
def test_heavy_rain_and_snow_make_lap_point_gainers_roll_handling(die, row):
    """'heavy rain causes anyone who gets Lap Points during their turn to make a Handling roll to avoid
    a Spinout (avoiding Spinout requires 2 successes...)', '... heavy snow and ice ... to avoid a Crash'."""
    r = race(car(v=(1, 2, 1, 4)), car("B"))  # sedan: Speed 4, Handling 1
    me = r.racers[0]
    event(r, "bad_weather", die)
    drive(r, EVENTS["bad_weather"](r, me))
    load(r, 5, 5, 6, 1, 1, 3, 3, 3, 3, 3, 3)
    drive(r, r._speed_phase(me))
    assert me.lp == 2
    rolls = kinds(r, "dice_rolled")
    assert rolls[1].stat == "handling" and rolls[1].need == 2
    if row == "heavy_rain":
        assert any(e.stat == "handling" and e.purpose == "the spinout" for e in rolls)
    else:
        assert "crash" in [e.chart for e in kinds(r, "chart_rolled")]


@pytest.mark.parametrize(
    "die,row,stat",
    [
        (1, "hiker_stop", None),
        (2, "hiker_bad_meth", "reaction"),
        (4, "hiker_mugged", "toughness"),
        (6, "hiker_curse", "luck"),
    ],
)
def test_bad_hitch_hiker(die, row, stat):
    """'Make a Reaction roll and get 1 success or roll on the following: 1 or less your car stops this
    turn, 2-3 ... bad meth (subtract 1 from your Reaction stat until you visit a Rest Stop), 4-5 ...
    mugged (subtract 1 from your Toughness stat ...), on a 6 ... curses you (subtract 1 from your Luck
    stat until you visit a Rest Stop).'"""
    r = race(car(d=(2, 2, 1, 3)))  # Reaction 2, Toughness 3
    me = r.racers[0]
    load(r, 1, 1, die)
    drive(r, EVENTS["bad_hitch_hiker"](r, me))
    assert kinds(r, "chart_rolled")[-1].row == row and r.stopped(me)
    if stat:
        assert r.stat(me, stat) == me.sheet[stat] - 1
        r.rest_round = 1
        me.rest_round = r.round
        drive(r, r._rest_stop(me))
        assert r.stat(me, stat) == me.sheet[stat]


def test_lost_means_no_lap_points_without_two_successes():
    """'Each player makes a Reaction roll during the Luck Phase, and unless they get at least 2
    successes they gain no Lap Points this turn.'"""
    r = race(car(v=(1, 2, 1, 4)))
    me = r.racers[0]
    load(r, 5, 1, 1, 6, 6, 6, 6)
    drive(r, EVENTS["lost"](r, me))
    drive(r, r._speed_phase(me))
    assert me.lp == 0


def test_mechanical_failure_rolls_damage_at_minus_one():
    """'Every player makes a Luck roll ... Unless they get at least 1 success they roll on the Damage
    Chart with a –1.'"""
    r = race(car())
    load(r, 1, 1, 3)
    drive(r, EVENTS["mechanical_failure"](r, r.racers[0]))
    ch = kinds(r, "chart_rolled")[-1]
    assert (ch.chart, ch.die, ch.modifier, ch.row) == ("damage", 3, -1, "worn_brakes")


def test_ambush_needs_two_reaction_successes_or_spectacular():
    """'Every player must make a Reaction roll during the Luck Phase and get 2 success or roll on the
    Spectacular Damage chart.'"""
    r = race(car())
    load(r, 5, 1, 1, 1, 1)
    drive(r, EVENTS["ambush"](r, r.racers[0]))
    assert kinds(r, "chart_rolled")[0].chart == "spectacular"


# ---------------------------------------------------------------------- Whoops!


def test_headlights_out_stops_at_night_and_costs_reaction_in_bad_weather():
    """'Headlights Out: Car stops until repaired if this is a night race. Opponent subtracts 1 from
    their Reaction stat in Bad Weather.'"""
    day, night = race(car()), race(car(), night=True)
    for r in (day, night):
        me = r.racers[0]
        drive(r, r.chart(me, me, "whoops", die=1))
        assert r.stat(me, "reaction") == me.sheet["reaction"]
        drive(r, RESULTS["heavy_rain"](r, me, me))
        assert r.stat(me, "reaction") == me.sheet["reaction"] - 1
    assert not day.stopped(day.racers[0]) and night.stopped(night.racers[0])


def test_flat_tire_stops_until_repaired():
    """'Flat Tire: Car stops until repaired.'"""
    r = race(car())
    me = r.racers[0]
    drive(r, r.chart(me, me, "whoops", die=2))
    r.round = 7
    assert r.stopped(me) and conds(me) == ["flat_tire"]


def test_spinout_hits_the_next_in_line_and_both_roll_spectacular():
    """'Spinout: Car stops for this round, and opponent must make a Handling roll and get at least 2
    successes or be hit by the player who is next in line (i.e. whose Lap Points total is closest to
    but not more than his own) unless that player gets 2 successes on a Reaction roll. If there is a
    hit both cars roll on the Spectacular Damage chart.'"""
    r = race(car("A"), car("Ahead"), car("Next"), car("Far"))
    r.racers[0].lp, r.racers[1].lp, r.racers[2].lp, r.racers[3].lp = 6, 9, 5, 1
    load(r, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # handling fails, Next's reaction fails, both roll spectacular
    drive(r, r.chart(r.racers[0], r.racers[0], "whoops", die=3))
    assert r.stopped(r.racers[0])
    dodge = [e for e in kinds(r, "dice_rolled") if e.stat == "reaction"]
    assert dodge[0].seat == 2
    spec = [e.target for e in kinds(r, "chart_rolled") if e.chart == "spectacular"]
    assert spec == [0, 2]


def test_spinout_dodged_with_two_handling_successes():
    r = race(car("A", v=(1, 3, 1, 3)), car("B"))  # sedan: Handling 2
    load(r, 5, 6)
    drive(r, r.chart(r.racers[0], r.racers[0], "whoops", die=3))
    assert [e.chart for e in kinds(r, "chart_rolled")] == ["whoops"]


def test_ditched_stops_until_repaired_without_two_handling_successes():
    """'Ditched: Car stops for this round, and opponent must make a Handling roll and get at least 2
    successes or his car stops until repaired.'"""
    r = race(car(v=(1, 3, 1, 3)))
    me = r.racers[0]
    load(r, 5, 1)
    drive(r, r.chart(me, me, "whoops", die=4))
    assert r.stopped(me) and conds(me) == ["ditched"]
    r2 = race(car(v=(1, 3, 1, 3)))
    load(r2, 5, 5)
    drive(r2, r2.chart(r2.racers[0], r2.racers[0], "whoops", die=4))
    assert conds(r2.racers[0]) == []


def test_whoops_five_rolls_on_the_damage_chart():
    r = race(car())
    load(r, 2)
    drive(r, r.chart(r.racers[0], r.racers[0], "whoops", die=5))
    assert [e.chart for e in kinds(r, "chart_rolled")] == ["whoops", "damage"]


@pytest.mark.parametrize(
    "sub,damage,then",
    [(1, 1, None), (2, 1, "damage"), (5, 2, None), (6, 2, "spectacular")],
)
def test_crash(sub, damage, then):
    """'Crash: 1 or less Vehicle takes 1 damage, 2-3 Vehicle takes 1 damage and you roll on the Damage
    chart, 4-5 Vehicle takes 2 damage, 6 or better Vehicle takes 2 damage and rolls on the Spectacular
    Damage chart.'"""
    r = race(car(upgrade="gps"))
    me = r.racers[0]
    load(r, sub, 1, 1)
    drive(r, r.chart(me, me, "whoops", die=6))
    assert kinds(r, "damaged")[0].amount == damage
    charts = [e.chart for e in kinds(r, "chart_rolled")]
    assert charts[:2] == ["whoops", "crash"] and (charts[2:3] == [then] if then else len(charts) == 2)


# ---------------------------------------------------------------------- Damage


def test_damage_flat_tire_and_worn_brakes():
    """'Flat Tire: Car stops until repaired.' / 'Worn Brakes: Subtract 2 from Reaction stat until repaired'."""
    r = race(car())
    me = r.racers[0]
    drive(r, r.chart(me, me, "damage", die=1))
    assert r.stopped(me)
    drive(r, r.chart(me, me, "damage", die=2))
    assert r.stat(me, "reaction") == me.sheet["reaction"] - 2


@pytest.mark.parametrize("die,row", [(3, "coolant_leak"), (4, "fuel_leak")])
def test_leaks_need_a_rising_luck_roll_or_stop(die, row):
    """'During the Luck Phase each turn make a Luck roll. On the first turn you need 1 success, and this
    goes up 1 success on each succeeding turn ... When you fail your car stops until repaired.'"""
    r = race(car(driver="soccer_mom", d=(3, 2, 2, 1)))  # Luck 4
    me = r.racers[0]
    drive(r, r.chart(me, me, "damage", die=die))
    load(r, 5, 1, 1, 1, 5, 6, 1, 1, 5, 6, 1, 1)
    drive(r, r._lasting_luck(me))
    drive(r, r._lasting_luck(me))
    assert not r.stopped(me)
    drive(r, r._lasting_luck(me))  # needs 3, gets 2
    assert r.stopped(me) and [e.need for e in kinds(r, "dice_rolled")] == [1, 2, 3]


def test_fire_needs_a_falling_luck_roll_or_takes_damage():
    """'Fire: ... On the first turn you need 4 successes, and this goes down 1 success on each
    succeeding turn ... Your car takes 1 damage each turn you fail to get the require successes.'"""
    r = race(car(driver="soccer_mom", d=(3, 2, 2, 1)))  # Luck 4
    me = r.racers[0]
    drive(r, r.chart(me, me, "damage", die=5))
    load(r, 5, 5, 5, 1, 5, 5, 5, 1)
    drive(r, r._lasting_luck(me))
    assert me.vdamage == 1
    drive(r, r._lasting_luck(me))  # needs 3: put out
    assert me.vdamage == 1 and "fire" not in conds(me)


def test_the_logs_fire_roll_says_it_is_putting_the_fire_out():
    """Playtest 2 read "Ma Kettle rolls Luck for on fire: 1 damage a turn until put out: [...]".
    The roll is for putting the fire out, and the damage is the fire burning on."""
    r = race(car(driver="soccer_mom", d=(3, 2, 2, 1)))
    me = r.racers[0]
    drive(r, r.chart(me, me, "damage", die=5))
    load(r, 5, 5, 5, 1)
    n = len(r.events)
    drive(r, r._lasting_luck(me))
    names = {"0": "Ma Kettle"}
    words = [e.describe(names) for e in r.events[n:]]
    assert any(w.startswith("Ma Kettle rolls Luck for putting out the fire: ") for w in words), words
    assert any("takes 1 damage (the fire burns on)" in w for w in words), words


def test_damage_six_rolls_on_the_spectacular_chart():
    r = race(car())
    load(r, 1, 1)
    drive(r, r.chart(r.racers[0], r.racers[0], "damage", die=6))
    assert [e.chart for e in kinds(r, "chart_rolled")][:2] == ["damage", "spectacular"]


# ---------------------------------------------------------------------- Spectacular Damage

SPEC = {
    "driver_hit": 1,
    "suspension_hit": 2,
    "engine_hit": 3,
    "weapon_hit": 4,
    "armor_hit": 5,
    "vehicle_hit": 6,
}


@pytest.mark.parametrize("sub", list(SPEC))
def test_spectacular_one_or_less_means_no_effect(sub):
    r = race(car())
    me = r.racers[0]
    load(r, 1)
    drive(r, r.chart(me, me, "spectacular", die=SPEC[sub]))
    assert conds(me) == [] and me.vdamage == me.ddamage == 0


def test_driver_hit():
    """'2-3 Driver subtracts 1 from his Reaction stat, 4-5 Driver takes 1 damage, 6 or better Driver
    takes 2 Damage.'"""
    r = race(car(d=(1, 1, 2, 4)), car("B"), car("C"))
    me = r.racers[0]
    for sub in (2, 4, 6):
        load(r, sub)
        drive(r, r.chart(me, me, "spectacular", die=1))
    assert r.stat(me, "reaction") == me.sheet["reaction"] - 1 and me.ddamage == 3


@pytest.mark.parametrize("die,stat", [(2, "handling"), (3, "speed"), (4, "offense"), (5, "defense")])
def test_hits_that_take_rerolls_and_two_from_a_stat(die, stat):
    """'2-3 opponent loses all Handling re-rolls, 4-5 opponent subtracts 2 from their Handling stat'
    (and the same for Engine/Speed, Weapon/Offense, Armor/Defense)."""
    c = car(v=(2, 2, 2, 2), earned=(f"{stat}_reroll",))
    r = race(c)
    me = r.racers[0]
    assert r.rerolls_now(me, stat) == 1
    load(r, 2, 4)
    drive(r, r.chart(me, me, "spectacular", die=die))
    assert r.rerolls_now(me, stat) == 0
    drive(r, r.chart(me, me, "spectacular", die=die))
    assert r.stat(me, stat) == me.sheet[stat] - 2
    assert all(c.repair == 3 for c in me.conds)


@pytest.mark.parametrize("die", [2, 3])
def test_suspension_and_engine_six_stop_the_car_until_repaired(die):
    r = race(car())
    me = r.racers[0]
    load(r, 6)
    drive(r, r.chart(me, me, "spectacular", die=die))
    r.round = 9
    assert r.stopped(me)


def test_weapon_destroyed_leaves_only_rerolls_and_upgrade_weapons():
    """'6 or better the weapon is destroyed (during the Offense Phase you may now only subtract re-rolls
    from opponents or use upgrade weapons such as the Ram Plate or Blades).'"""
    r = race(car("A"), car("B"))
    me = r.racers[0]
    load(r, 6)
    drive(r, r.chart(me, me, "spectacular", die=4))
    assert r.attack_options(me) == []
    r2 = race(car("A", earned=("emp",)), car("B"))
    load(r2, 6)
    drive(r2, r2.chart(r2.racers[0], r2.racers[0], "spectacular", die=4))
    assert r2.attack_options(r2.racers[0]) == [(1, "attack")]


def test_armor_six_costs_two_defense_and_spins_out():
    """'6 or better opponent subtracts. 2 from their Defense stat and they Spinout.'"""
    r = race(car(), car("B"))
    me = r.racers[0]
    load(r, 6, 5, 5)
    drive(r, r.chart(me, me, "spectacular", die=5))
    assert r.stat(me, "defense") == me.sheet["defense"] - 2 and r.stopped(me)
    assert any(e.purpose == "the spinout" for e in kinds(r, "dice_rolled"))


def test_vehicle_hit():
    """'2-3 you may no longer subtract re-rolls from opponents, 4-5 Vehicle takes 1 damage, 6 or better
    Vehicle takes 2 damage.'"""
    r = race(car(earned=("emp",)), car("B"))
    me = r.racers[0]
    load(r, 3, 4, 6)
    for _ in range(3):
        drive(r, r.chart(me, me, "spectacular", die=6))
    assert me.vdamage == 3 and any(c.flag == "no_subtract" for c in me.conds)

"""The road race's rules, one test per rule, quoting the book (rulebooks/road-race-dice-game.txt).

Dice are loaded (the face stream is scripted) but still thrown into the real dice tray.
"""

from __future__ import annotations

import pytest
from roadrace_kit import car, conds, drive, kinds, load, race

from spacegits_sim.data.errors import DataError
from spacegits_sim.rulesets.roadrace import requests as rq
from spacegits_sim.rulesets.roadrace.book import book
from spacegits_sim.rulesets.roadrace.cars import sheet
from spacegits_sim.rulesets.roadrace.engine import RaceEnded
from spacegits_sim.rulesets.roadrace.results import EVENTS, RESULTS

B = book()

# ---------------------------------------------------------------------- building


def test_eight_points_per_sheet_each_stat_one_to_four():
    """'He has 8 points to distribute among these stats. Stats cannot be lower than 1 or higher than 4.'"""
    with pytest.raises(DataError, match="add up to 9"):
        car(v=(3, 2, 2, 2))
    with pytest.raises(DataError, match="stats are 1 to 4"):
        car(d=(5, 1, 1, 1))
    with pytest.raises(DataError, match="stats are 1 to 4"):
        car(v=(0, 4, 2, 2))
    assert car(v=(1, 1, 2, 4)).points["speed"] == 4


@pytest.mark.parametrize("vid", list(B.vehicles))
def test_each_vehicle_modifies_its_stats_past_the_limits(vid):
    """'This vehicle modifies their stats (these modifiers do not count toward the minimum/maximum
    stat limit so you could have a 0 or a 5)'."""
    c = car(vehicle=vid, v=(1, 1, 2, 4))
    st = sheet(c)
    for s, base in zip(("defense", "handling", "offense", "speed"), (1, 1, 2, 4), strict=True):
        assert st[s] == base + B.vehicles[vid].mods.get(s, 0)
    assert sum(B.vehicles[vid].mods.values()) == 0 and len(B.vehicles[vid].mods) == 2


@pytest.mark.parametrize("did", list(B.drivers))
def test_each_driver_modifies_its_stats(did):
    c = car(driver=did, d=(1, 1, 2, 4))
    st = sheet(c)
    for s, base in zip(("luck", "repair", "reaction", "toughness"), (1, 1, 2, 4), strict=True):
        assert st[s] == base + B.drivers[did].mods.get(s, 0)


def test_the_book_has_8_vehicles_8_drivers_20_vehicle_and_10_driver_upgrades():
    assert len(B.vehicles) == 8 and len(B.drivers) == 8
    begin = [u for u in B.upgrades.values() if u.list == "beginning"]
    assert sum(u.family == "vehicle" for u in begin) == 20
    assert sum(u.family == "driver" for u in begin) == 10


def test_a_car_takes_one_starting_upgrade_not_an_advance():
    """'Each Player then chooses 1 upgrade from the following list'."""
    with pytest.raises(DataError, match="not one of the 30 starting upgrades"):
        car(upgrade="rockets")


def test_bad_car_messages_name_file_car_field_and_range():
    with pytest.raises(DataError) as e:
        car(name="Zed", vehicle="tank", v=(2, 2, 2, "x"))
    msg = str(e.value)
    assert "test: Zed, field 'vehicle'" in msg and "vehicles are big_ole_truck" in msg
    assert "field 'vehicle_stats.speed': expected a whole number from 1 to 4" in msg


# ---------------------------------------------------------------------- stat rolls


def test_a_stat_roll_rolls_the_stat_in_dice_and_5_or_more_succeeds():
    """'you roll a number of six sided dice equal to your Luck stat. Any result of 5 or higher is a Success'."""
    r = race(car(d=(3, 1, 2, 2)))  # trucker: Luck 3
    load(r, 5, 4, 6)
    roll = drive(r, r.stat_roll(r.racers[0], "luck", "test"))
    assert (roll.successes, roll.failures) == (2, 1)
    ev = kinds(r, "dice_rolled")[-1]
    assert sorted(int(d[0]) for d in ev.dice) == [4, 5, 6]
    assert all(r.tray.inside((d[1], d[2])) for d in ev.dice)


def test_rerolls_rethrow_failed_dice_up_to_the_rerolls_owned():
    """'You may then use any re-rolls you have for that stat'."""
    c = car(v=(1, 1, 2, 4), upgrade="gps", earned=("speed_reroll", "speed_reroll"))
    r = race(c)
    load(r, 1, 2, 3, 6, 5, 1)  # 4 Speed dice (sedan), then the 2 re-rolled dice
    asked = []
    roll = drive(r, r.stat_roll(r.racers[0], "speed", "test"), asked=asked)
    assert isinstance(asked[0], rq.Reroll) and asked[0].options == (0, 1, 2)
    assert (roll.successes, roll.failures) == (2, 2)


def test_reroll_penalties_subtract_from_rerolls_until_the_penaliser_next_turn():
    """'minus any penalties to re-rolls you have due to an opponent' / 'Penalties to re-rolls last
    until the beginning of your next turn.'"""
    r = race(car(earned=("speed_reroll",)), car("B"))
    me = r.racers[0]
    me.penalties.append(("speed", 1, 1))
    assert r.rerolls_now(me, "speed") == 0
    load(r, *([1] * 20))
    r.order = [1, 0]
    r.first = 1
    drive(r, r._round())  # seat 1's turn begins: its penalty on seat 0 lapses
    assert me.penalties == []


def test_a_stat_below_zero_rolls_no_dice():
    r = race(car(vehicle="race_car", v=(1, 2, 1, 4)))  # Defense 0
    roll = drive(r, r.stat_roll(r.racers[0], "defense", "test"))
    assert (roll.successes, roll.failures, roll.dice) == (0, 0, 0)


def test_gypsy_blessing_declares_one_die_a_success_once_per_game():
    """'once per game you may automatically declare 1 die a success instead of rolling it'."""
    r = race(car())
    me = r.racers[0]
    me.blessing = True
    load(r, 1, 1)
    roll = drive(r, r.stat_roll(me, "speed", "test"), answers=["yes"])
    assert (roll.successes, roll.failures) == (1, 1) and not me.blessing


def test_a_used_gypsy_blessing_is_not_renewed_by_a_later_blessing():
    """'the old gypsy woman blesses you (once per game you may automatically declare 1 die a success
    instead of rolling it)'. Once used, a second blessing later in the race gives no second use."""
    r = race(car())
    me = r.racers[0]
    drive(r, RESULTS["hiker_blessing"](r, me, me))
    load(r, 1, 1)
    drive(r, r.stat_roll(me, "speed", "test"), answers=["yes"])
    assert not me.blessing
    r.round = 2
    drive(r, RESULTS["hiker_blessing"](r, me, me))
    assert not me.blessing and r.stopped(me)  # the car still stops for her
    asked = []
    drive(r, r.stat_roll(me, "speed", "test"), asked=asked)
    assert not any(isinstance(q, rq.Blessing) for q in asked)


# ---------------------------------------------------------------------- turn order


def test_turn_order_most_speed_dice_then_lap_points_then_a_roll_off():
    """'Players begin their turn in order of highest to lowest number of Speed dice. If there is a
    tie the one with the highest number of Lap Points goes first. If they are still tied, have them
    all roll 1d6 and the highest goes first.'"""
    r = race(car("S2"), car("S4", v=(1, 1, 2, 4)), car("S2lp"), car("S2tie"))
    r.racers[2].lp = 5
    load(r, 2, 6)  # seats 0 and 3 tie on speed and LP: seat 3 rolls higher
    assert r._turn_order() == [1, 2, 3, 0]
    assert kinds(r, "round_started")[-1].rolloffs == [[0, 2], [3, 6]]


def test_a_tied_roll_off_is_rolled_again():
    r = race(car("A"), car("B"))
    load(r, 4, 4, 1, 3)
    assert r._turn_order() == [1, 0]


def test_every_group_still_tied_after_a_roll_off_rolls_again():
    """'If they are still tied, have them all roll 1d6 and the highest goes first.' Four cars tied on
    Speed dice and Lap Points roll 3, 3, 5, 5: both pairs are still tied, and each pair rolls again
    (the higher pair first), rather than one pair rolling and the other going by seat."""
    r = race(car("A"), car("B"), car("C"), car("D"))
    load(r, 3, 3, 5, 5, 1, 6, 4, 2)  # then C 1, D 6; then A 4, B 2
    assert r._turn_order() == [3, 2, 0, 1]
    assert kinds(r, "round_started")[-1].rolloffs == [[0, 3], [1, 3], [2, 5], [3, 5], [2, 1], [3, 6], [0, 4], [1, 2]]


def test_turn_order_counts_speed_dice_so_speeds_zero_and_below_tie_and_lap_points_decide():
    """'Players begin their turn in order of highest to lowest number of Speed dice. If there is a
    tie the one with the highest number of Lap Points goes first.' A Speed of 0 and one of -1 both
    roll no dice (rules/stat_floor): a tie, which the Lap Points break."""
    r = race(car("Zero", vehicle="jeep", v=(2, 2, 3, 1)), car("Minus", v=(2, 2, 3, 1)))  # jeep: Speed 0
    minus = r.racers[1]
    drive(r, RESULTS["engine_minus2"](r, minus, minus))  # Speed 1 - 2 = -1
    minus.lp = 5
    assert (r.stat(r.racers[0], "speed"), r.stat(minus, "speed")) == (0, -1)
    assert r._turn_order() == [1, 0]
    assert kinds(r, "round_started")[-1].rolloffs == []


# ---------------------------------------------------------------------- Luck phase


@pytest.mark.parametrize(
    "faces,chart",
    [((5, 6, 1), "woohoo"), ((1, 2, 6), "oh_crap"), ((5, 1), None)],
)
def test_the_first_players_luck_roll_picks_the_chart(faces, chart):
    """'If the first player has more Successes than Failures he rolls on the Woohoo! Chart. If he has
    more Failures than Successes he rolls on the Oh Crap! Chart.' (a tie: no event — our reading)"""
    d = (3, 1, 2, 2) if len(faces) == 3 else (2, 2, 2, 2)
    r = race(car(driver="mechanic", d=d))  # mechanic: Luck as built
    load(r, *faces, 4, 4, 4)
    drive(r, r._first_luck(r.racers[0]))
    rolled = [e.chart for e in kinds(r, "chart_rolled")]
    assert rolled == ([chart] if chart else [])


def test_only_the_first_player_rolls_for_the_event_others_deal_with_it():
    """'in the Luck Phase they do nothing but deal with whatever event the first player may have caused'."""
    r = race(car("A"), car("B"))
    load(r, 6, 1, *([1] * 200))  # the roll-off: seat 0 first
    drive(r, r._round())
    luck_rolls = [e for e in kinds(r, "dice_rolled") if e.purpose == "the Luck Phase"]
    assert r.first == 0 and {e.seat for e in luck_rolls} == {0}


def test_good_weathers_plus_one_luck_counts_on_every_leak_roll_that_turn():
    """'2: Good Weather: ... 4-5 all players get +1 to their Luck stat this turn' / rule 5: 'the result
    he rolled applies to everyone for the turn'. The +1 holds from the moment the first player rolls
    it, so the leak rolls of that turn's Luck Phases (his own too) are made with it."""
    r = race(car("A"), car("B"))  # Luck 2 each
    for x in r.racers:
        drive(r, RESULTS["coolant_leak"](r, x, x))
    # the roll-off (A first), A's Luck 5 6: Woohoo!, 2: Good Weather, shared 4: +1 Luck; then 1s
    load(r, 6, 1, 5, 6, 2, 4, *([1] * 200))
    r.round = 0
    drive(r, r._round(), answers=lambda q: "drive" if isinstance(q, rq.StopToRepair) else q.options[0])
    leak_rolls = [e for e in kinds(r, "dice_rolled") if e.purpose == "a coolant leak"]
    assert [(e.seat, len(e.dice)) for e in leak_rolls] == [(0, 3), (1, 3)]


def test_the_turns_weather_holds_for_everyone_from_the_first_players_roll():
    """'2-3 Fog subtracts 2 from everyone's Reaction stat' / rule 5: 'If he rolled a Bad Weather
    result for example the result he rolled applies to everyone for the turn.' The second player is
    in the fog (a Reaction roll in the first player's turn is made in it) before his own Luck Phase."""
    r = race(car("A"), car("B"))
    a, b = r.racers
    load(r, 1, 2, 2, 2)  # A's Luck 1 2: Oh Crap!, 2: Bad Weather, shared 2: fog
    drive(r, r._first_luck(a))
    assert r.stat(b, "reaction") == b.sheet["reaction"] - 2
    assert r.stat(a, "reaction") == a.sheet["reaction"] - 2


# ---------------------------------------------------------------------- Speed/Repair phase


def test_speed_roll_gains_successes_minus_failures():
    """'You gain Lap Points equal to the number of Successes you have minus the number of Failures.'"""
    r = race(car(v=(1, 1, 2, 4)))
    load(r, 5, 6, 6, 1)
    drive(r, r._speed_phase(r.racers[0]))
    assert r.racers[0].lp == 2


def test_more_failures_than_successes_rolls_whoops_and_gains_nothing():
    """'If you have more Failures than Successes you roll on the Whoops! Chart.' (net negative: 0 LP)"""
    r = race(car())
    r.racers[0].lp = 4
    load(r, 1, 2, 2)  # two failed speed dice; whoops die 2: flat tire
    drive(r, r._speed_phase(r.racers[0]))
    assert r.racers[0].lp == 4
    assert kinds(r, "chart_rolled")[-1].row == "flat_tire"


def test_a_stopped_damaged_car_makes_a_repair_roll_instead():
    """'If your car begins the turn damaged and stopped you instead make a Repair Roll'."""
    r = race(car(d=(2, 2, 2, 2), driver="mechanic"))
    me = r.racers[0]
    drive(r, RESULTS["flat_tire"](r, me, me))
    load(r, 5, 1, 1)
    drive(r, r._speed_phase(me))
    assert [e.stat for e in kinds(r, "dice_rolled")] == ["repair"]
    assert "flat_tire" not in conds(me) and me.lp == 0


def test_a_damaged_car_may_stop_voluntarily_to_repair():
    """'If it is only damaged you may voluntarily stop your car to make a Repair Roll.'"""
    r = race(car(driver="mechanic"))
    me = r.racers[0]
    me.vdamage = 2
    load(r, 5, 5, 6)
    asked = []
    drive(r, r._speed_phase(me), answers=["stop"], asked=asked)
    assert isinstance(asked[0], rq.StopToRepair)
    assert me.damage_progress == 3 - 3 and me.vdamage == 1  # 3 successes fix 1 damage


def test_repair_successes_are_cumulative():
    """'if you need 2 successes to fix a problem, and you only get 1 success this round, you only need
    1 success the next round.'"""
    r = race(car(driver="mechanic", d=(2, 1, 2, 3)))  # Repair 2
    me = r.racers[0]
    drive(r, RESULTS["worn_brakes"](r, me, me))
    load(r, 5, 1)
    drive(r, r.repair_roll(me))
    assert me.conds[0].progress == 1
    load(r, 6, 2)
    drive(r, r.repair_roll(me))
    assert "worn_brakes" not in conds(me)


@pytest.mark.parametrize(
    "row,need",
    [
        ("headlights_out", 1),
        ("flat_tire", 1),
        ("worn_brakes", 2),
        ("coolant_leak", 2),
        ("fuel_leak", 2),
        ("engine_minus2", 3),
        ("weapon_destroyed", 3),
    ],
)
def test_repairs_need_the_successes_the_book_lists(row, need):
    """'Headlights Out or Flat Tire: 1 success / Worn Brakes, Coolant Leak, Fuel Leak: 2 successes /
    Any non-Damage Effect on the Spectacular Damage Chart: 3 successes'."""
    r = race(car())
    me = r.racers[0]
    drive(r, RESULTS[row](r, me, me))
    assert me.conds[-1].repair == need


def test_fix_one_damage_takes_three_successes_and_a_robot_repairs_toughness():
    """'Fix 1 damage (or 1 Toughness if you are a Robot): 3 successes' / 'Robot: You may stop your
    Vehicle to make Repair Rolls to regain Toughness.'"""
    r = race(car(upgrade="robot", driver="mechanic", d=(1, 4, 1, 2)), car("B"))
    me, other = r.racers
    me.ddamage = 1
    assert [o for o, _, _ in r.repairables(me)] == ["toughness"]
    other.ddamage = 1
    assert r.repairables(other) == []
    load(r, 5, 5, 5, 5, 1)
    drive(r, r.repair_roll(me))
    assert me.ddamage == 0


# ---------------------------------------------------------------------- Offense phase


def test_offense_targets_within_three_lap_points():
    """'He may choose any 1 player who is within + or – 3 Lap Points of his own score to Attack'."""
    r = race(car("A"), car("B"), car("C"))
    r.racers[0].lp, r.racers[1].lp, r.racers[2].lp = 5, 8, 9
    assert r.attack_options(r.racers[0]) == [(1, "attack")]


@pytest.mark.parametrize(
    "off,dfn,result",
    [((5, 5), (5, 5, 6), "safe"), ((5, 5), (5, 6, 1), "damage"), ((1, 1), (1, 1, 1), "spectacular")],
)
def test_defense_beats_offense_or_damage_or_spectacular(off, dfn, result):
    """'The player being attacked makes a Defense Roll, and if he has more Successes than his opponent
    he is safe. If he has equal or less Successes, the attacker rolls on the Damage Chart. If he has
    no successes at all the attacker rolls on the Spectacular Damage Chart.'"""
    a = car("A", v=(2, 2, 1, 3))  # sedan: Offense 2
    t = car("T", vehicle="big_ole_truck", v=(2, 2, 2, 2))  # Defense 3
    r = race(a, t)
    load(r, *off, *dfn, 1, 1, 1)
    drive(r, r._offense_phase(r.racers[0]), answers=[(1, "attack")])
    assert kinds(r, "attacked")[-1].result == result
    charts = [e.chart for e in kinds(r, "chart_rolled")]
    assert charts[:1] == ({"safe": [], "damage": ["damage"], "spectacular": ["spectacular"]}[result])[:1]


def test_attacking_is_optional():
    r = race(car("A"), car("B"))
    drive(r, r._offense_phase(r.racers[0]), answers=["none"])
    assert kinds(r, "attacked") == []


# ---------------------------------------------------------------------- winning and destruction


def test_the_race_is_won_at_twenty_lap_points():
    """'Play progresses until one player achieves 20 Lap Points.'"""
    r = race(car("A"), car("B"))
    r.racers[1].lp = 19
    end = drive(r, RESULTS["good_road_lap"](r, r.racers[1], r.racers[1]))
    assert isinstance(end, RaceEnded) and end.winners == [1]


def test_ten_damage_destroys_a_vehicle():
    """'When the Vehicle takes 10 damage it is destroyed.'"""
    r = race(car("A"), car("B"), car("C"))
    r.racers[0].vdamage = 9
    drive(r, RESULTS["crash_1"](r, r.racers[0], r.racers[0]))
    assert r.racers[0].out == "destroyed"


def test_driver_damage_equal_to_toughness_kills():
    """'When the Driver takes damage equal to his Toughness he is dead.'"""
    r = race(car("A"), car("B"), car("C"))  # toughness 2
    drive(r, RESULTS["driver_hit_2"](r, r.racers[0], r.racers[0]))
    assert r.racers[0].out == "dead"


def test_the_last_racer_left_wins():
    r = race(car("A"), car("B"))
    r.racers[0].vdamage = 9
    end = drive(r, RESULTS["crash_1"](r, r.racers[0], r.racers[0]))
    assert isinstance(end, RaceEnded) and end.winners == [1]


# ---------------------------------------------------------------------- the charts' rows


def test_every_row_has_exactly_the_handler_it_needs():
    ev_rows = {r.id for c in ("woohoo", "oh_crap") for r in B.charts[c].rows}
    assert set(EVENTS) == ev_rows
    others = {
        r.id
        for cid, c in B.charts.items()
        if cid not in ("woohoo", "oh_crap")
        for r in c.rows
        if not (r.sub or r.chart)
    }
    assert set(RESULTS) == others


@pytest.mark.parametrize("cid", list(B.charts))
def test_chart_totals_fall_on_the_printed_rows(cid):
    """'1 or less' takes every low total, '6 or better' every high one."""
    c = B.charts[cid]
    for row in c.rows:
        for total in (row.lo, row.hi):
            if total is not None:
                assert c.row(total) is row
    if c.rows:
        assert c.row(-5) is c.rows[0] and c.row(12) is c.rows[-1]


def test_a_driver_at_zero_toughness_lives_until_his_first_damage():
    """'When the Driver takes damage equal to his Toughness he is dead.' (damage taken: a driver built
    or mugged down to 0 Toughness is alive until it hits him)"""
    r = race(car("Zero", driver="race_car_driver", d=(3, 2, 2, 1)), car("B"), car("C"))  # Toughness 0
    me = r.racers[0]
    assert r.toughness(me) == 0
    r.check_driver(me)
    assert me.alive
    r.damage_driver(me, 1, "test")
    assert me.out == "dead"


def test_a_mugging_kills_a_driver_whose_damage_reaches_his_lowered_toughness():
    r = race(car("A", d=(2, 2, 2, 2)), car("B"), car("C"))  # Toughness 2
    me = r.racers[0]
    me.ddamage = 1
    drive(r, RESULTS["hiker_mugged"](r, me, me))
    assert me.out == "dead"


def test_rerolls_taken_by_a_racer_now_out_of_the_race_come_back():
    """'Penalties to re-rolls last until the beginning of your next turn.' A penaliser out of the race
    has no next turn: his penalties lapse at the next turn anyone takes (rules/penalties_of_the_out)."""
    r = race(car("A", earned=("speed_reroll",)), car("B"), car("C"))
    me = r.racers[0]
    me.penalties.append(("speed", 1, 2))
    r.racers[2].out = "dead"
    load(r, 6, 1, *([1] * 200))
    drive(r, r._round())
    assert me.penalties == []

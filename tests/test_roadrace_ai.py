"""The road race's AIs: legal answers only, no upgrade or chart row named, and the heuristic's edge."""

from __future__ import annotations

import re
from math import comb

import pytest
from conftest import ROOT

from spacegits_sim.play import registry
from spacegits_sim.rulesets.roadrace.book import book

RS = registry.get("roadrace")


def test_the_ais_name_no_upgrade_and_no_chart_row():
    src = (ROOT / "spacegits_sim/rulesets/roadrace/ai.py").read_text(encoding="utf-8")
    b = book()
    names = set(b.upgrades) | b.row_ids()
    quoted = set(re.findall(r"[\"']([a-z_]+)[\"']", src))
    assert quoted & names == set()


@pytest.mark.parametrize("scenario", ["quick", "grand_prix", "six_pack", "veterans"])
def test_every_ai_answer_is_legal_and_races_end(scenario):
    sc = RS.load_scenario(scenario)
    for seed in range(2 if scenario != "six_pack" else 1):
        g = RS.new_game(sc, seed=seed)
        ais = [RS.make_controller(("heuristic", "random")[(i + seed) % 2], seed, i) for i in range(RS.seats(sc))]
        g.play(ais)  # an illegal answer would raise IllegalDecision
        assert g.over and g.events[-1].kind in ("race_over", "fame_earned")


@pytest.mark.slow
def test_the_heuristic_beats_random_on_veteran_cars():
    """Measured 85.5% [81.7%, 88.6%] over 400 races (docs/roadrace.md); 40 races here, seats swapped.
    Even at a true rate of 75% (below that interval) fewer than 22 wins happens 0.17% of the time."""
    sc = RS.load_scenario("veterans")
    n, wins = 40, 0
    for k in range(n):
        h = k % 2
        g = RS.new_game(sc, seed=500 + k)
        g.play([RS.make_controller("heuristic" if i == h else "random", k, i) for i in range(2)])
        wins += h in g.winners
    tail = sum(comb(n, j) * 0.75**j * 0.25 ** (n - j) for j in range(22))
    assert tail < 0.003
    assert wins >= 22


# ---------------------------------------------------------------------- exact odds and the heuristic's choices
# The quick race's cars as shipped: Ma Kettle (Defense 3, Offense 2, Speed 2, Toughness 2) and
# Speedy (Defense 0, Offense 1, Speed 5, Toughness 1, Driver Training: -2 on the Whoops! chart).

from fractions import Fraction as F  # noqa: E402

from roadrace_kit import drive as drive_gen  # noqa: E402

from spacegits_sim.rulesets.roadrace import odds  # noqa: E402
from spacegits_sim.rulesets.roadrace import requests as rq  # noqa: E402
from spacegits_sim.rulesets.roadrace.ai import HeuristicDriver  # noqa: E402
from spacegits_sim.rulesets.roadrace.engine import Race  # noqa: E402
from spacegits_sim.rulesets.roadrace.results import RESULTS  # noqa: E402


def quick_race():
    r = Race(RS.load_scenario("quick"), start=False)
    r.round = 1
    return r, r.racers[0], r.racers[1]


def close(x: float, fr: F) -> bool:
    return abs(x - float(fr)) < 1e-12


def test_stat_roll_odds_are_binomial_with_one_re_roll_of_failed_dice():
    assert all(close(a, b) for a, b in zip(odds.successes(2), (F(4, 9), F(4, 9), F(1, 9)), strict=True))
    # 1 die, 1 re-roll: a failure gets a second chance, so a success is 1/3 + 2/3 * 1/3 = 5/9
    assert close(odds.successes(1, 1)[1], F(5, 9))
    assert close(sum(odds.successes(5, 2)), F(1))


def test_whoops_chance_is_more_failures_than_successes():
    r, kettle, speedy = quick_race()
    assert close(odds.whoops_chance(r, kettle), F(4, 9))  # Speed 2: no success
    assert close(odds.whoops_chance(r, speedy), F(64, 81))  # Speed 5: 2 successes or fewer


def test_a_spectacular_roll_kills_a_toughness_1_driver_1_time_in_12_and_toughness_2_1_in_36():
    """Driver hit (1 in 6) then 4-5 (1 damage) or 6 (2 damage): Toughness 1 dies on 4-6 of the
    sub-roll, Toughness 2 only on the 6 (the car has 10 damage to go, so no vehicle hit destroys it)."""
    r, kettle, speedy = quick_race()
    assert close(odds.chart_out(r, kettle, speedy, "spectacular", attack=True, own=False), F(1, 12))
    assert close(odds.chart_out(r, speedy, kettle, "spectacular", attack=True, own=False), F(1, 36))
    speedy.vdamage = 8  # a vehicle hit's 4-5 (1 damage) no, its 6 (2 damage) destroys: +1/36
    assert close(odds.chart_out(r, kettle, speedy, "spectacular", attack=True, own=False), F(1, 12) + F(1, 36))


def test_attack_odds_follow_rule_4():
    """Against Defense 0 every attack hits on the Spectacular chart (no Defense success, even
    against no Offense success); Offense 1 against Defense 3 hits when Defense has no success
    (8/27, Spectacular) or one success against one (1/3 * 12/27 = 4/27, Damage)."""
    r, kettle, speedy = quick_race()
    hit, spec, out = odds.attack_odds(r, kettle, speedy)
    assert (close(hit, F(1)), close(spec, F(1)), close(out, F(1, 12))) == (True, True, True)
    hit, spec, out = odds.attack_odds(r, speedy, kettle)
    assert close(hit, F(12, 27)) and close(spec, F(8, 27))
    # the Damage chart's 6 is the Spectacular chart: out = 8/27 * 1/36 + 4/27 * 1/6 * 1/36
    assert close(out, F(8, 27) * F(1, 36) + F(4, 27) * F(1, 6) * F(1, 36))


def stop_asked(r, seat):
    return HeuristicDriver(0, seat).decide(rq.StopToRepair(seat, ("drive", "stop"), "stop?"), r)


def test_the_hunted_car_drives_away_from_a_deadlier_rival_within_reach():
    """Speedy within 3 Lap Points of Ma Kettle: each of her attacks kills him 1 time in 12, each of
    his kills her about 1 in 112, so a damaged Speedy drives (to get out of her reach) instead of
    stopping to repair; 7 ahead (more than her reach and her 3-die best turn) he stops."""
    r, kettle, speedy = quick_race()
    speedy.vdamage, speedy.lp, kettle.lp = 1, 2, 1
    assert stop_asked(r, 1) == "drive"
    speedy.lp = 8
    assert stop_asked(r, 1) == "stop"


def test_the_deadlier_car_stops_within_reach_and_drives_to_catch_up():
    """Ma Kettle within reach of Speedy stops to repair (driving risks the Whoops! chart 4 times in
    9); with Speedy 4 ahead, out of her reach, she drives to catch him."""
    r, kettle, speedy = quick_race()
    kettle.vdamage, kettle.lp, speedy.lp = 1, 3, 5
    assert stop_asked(r, 0) == "stop"
    speedy.lp = 7
    assert stop_asked(r, 0) == "drive"


def test_the_blessing_goes_on_defense_or_for_a_car_without_defense_dice_on_reaction():
    r, kettle, speedy = quick_race()

    def asked(seat, stat):
        return HeuristicDriver(0, seat).decide(rq.Blessing(seat, ("yes", "no"), "?", stat, ""), r)

    assert asked(0, "defense") == "yes" and asked(0, "reaction") == "no"
    assert asked(1, "reaction") == "yes" and asked(1, "speed") == "no"  # Speedy has Defense 0


def test_a_car_without_defense_dice_repairs_its_weapon_before_its_armor():
    """Speedy's -2 Defense changes no odds (0 Defense dice either way); his -2 Offense takes his one
    Offense die, and with it the Damage-chart hits on a Defense success (4/27 of his attacks)."""
    r, kettle, speedy = quick_race()
    drive_gen(r, RESULTS["armor_minus2"](r, kettle, speedy))
    drive_gen(r, RESULTS["weapon_minus2"](r, kettle, speedy))
    armor, weapon = (f"{c.id}:{c.uid}" for c in speedy.conds)
    req = rq.RepairWhat(1, (armor, weapon, "damage"), "fix what?", 3)
    speedy.vdamage = 1
    assert HeuristicDriver(0, 1).decide(req, r) == weapon


def test_the_heuristic_attacks_even_without_offense_dice():
    """As printed, a defender with no success is hit even by an attacker with none (rule 4)."""
    r, kettle, speedy = quick_race()
    drive_gen(r, RESULTS["weapon_minus2"](r, kettle, speedy))
    assert r.stat(speedy, "offense") <= 0
    req = rq.Attack(1, ("none", (0, "attack")), "attack whom?")
    assert HeuristicDriver(0, 1).decide(req, r) == (0, "attack")


def test_when_neither_car_can_kill_in_one_attack_the_heuristic_keeps_the_rival_within_reach():
    """Old Kettle and Old Bruiser (veterans): Rockets put Bruiser's chart rolls past the Driver
    hit row and 2 damage is far from Kettle's 10, Kettle cannot get through Bruiser's Toughness 4
    and Heavy Duty 15, so each one-attack kill chance is 0 for both: nobody runs from anybody.
    Kettle stops to repair within reach, and drives only when Bruiser is out of reach ahead."""
    r = Race(RS.load_scenario("veterans"), start=False)
    kettle, bruiser = r.racers
    assert odds.attack_odds(r, bruiser, kettle)[2] == 0 and odds.attack_odds(r, kettle, bruiser)[2] == 0
    kettle.vdamage, kettle.lp, bruiser.lp = 1, 2, 1
    assert stop_asked(r, 0) == "stop"
    kettle.lp, bruiser.lp = 0, 4
    assert stop_asked(r, 0) == "drive"

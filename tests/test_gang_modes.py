"""Gang building (rulebook: "Gather Your Gits"): Chef's Recommendation and Chaos Mode roll a gang
file from the tables; each test quotes the sentence it checks."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from collections import Counter

import pytest
import yaml
from conftest import ROOT

from spacegits_sim.data import default_rules
from spacegits_sim.data.errors import DataError
from spacegits_sim.rules.gangmodes import CHAOS_NAKED_CAPS, _Roller, roll_gang
from spacegits_sim.rules.gangs import gang_from_doc, validate_gang

RULES = default_rules()


@pytest.mark.rule("gather_your_gits", "chaos-stops-at-21-caps")
def test_chaos_rolls_random_gits_until_21_caps_or_more_of_naked_gits():
    """Chaos Mode: "After each randomly rolled git, tot up their cost: when you have 21 caps or more
    of naked gits, stop rolling for new gits.\""""
    for seed in range(60):
        g = roll_gang(RULES, seed, "chaos")
        gang = gang_from_doc(g.doc, "<g>", RULES)
        costs = [RULES.gits[x.type].cost + (RULES.vehicles[x.vehicle].cost if x.vehicle else 0) for x in gang.gits]
        assert sum(costs) >= CHAOS_NAKED_CAPS
        assert sum(costs[:-1]) < CHAOS_NAKED_CAPS  # it stopped as soon as it got there


@pytest.mark.rule("gather_your_gits", "random-git-table")
def test_the_random_git_table_matches_its_2d6_probabilities():
    """Random Git Table (roll 2D6): each row comes up as often as 2D6 says (exact probabilities,
    a 4.5-sigma binomial band per row over 6,000 rolls)."""
    r = _Roller(RULES, 7, False)
    n = 6000
    got = Counter(r.on("random_git")[1].result for _ in range(n))
    ways = {s: 6 - abs(s - 7) for s in range(2, 13)}
    for row in RULES.tables["random_git"].rows:
        p = sum(ways[s] for s in range(row.lo, row.hi + 1)) / 36
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(got[row.result] - n * p) <= 4.5 * sigma, (row.result, got[row.result], n * p)


@pytest.mark.rule("gather_your_gits", "animals-arrive-naked")
@pytest.mark.rule("gather_your_gits", "chef-two-loot-rolls-and-an-injury")
def test_chef_each_git_makes_two_loot_rolls_and_fails_an_injury_roll():
    """Chef's Recommendation: "Each git makes two loot rolls … and then automatically fails an
    injury roll, requiring them to make diagnosis and treatment rolls." Gnawballs and runts:
    "Don't roll for loot or injuries … they arrive naked.\""""
    g = roll_gang(RULES, 11, "chefs_recommendation", gits=["orc", "goblin", "runt", "gnawball"])
    log = "\n".join(g.log)
    for name in ("Orc 1", "Goblin 2"):
        assert len(re.findall(rf"^{name}: loot ", log, re.M)) == 2
        assert len(re.findall(rf"^{name}: diagnosis ", log, re.M)) == 1
    for name in ("Runt 3", "Gnawball 4"):
        assert f"{name}: arrives naked" in log
        assert not re.findall(rf"^{name}: loot ", log, re.M)
    naked = [x for x in g.doc["gits"] if x["type"] in ("runt", "gnawball")]
    assert all(not x.get("weapons") and not x.get("gear") for x in naked)


@pytest.mark.rule("gather_your_gits", "d6-treatment-third-loot-dead-rerolled")
def test_a_d6_treatment_buys_a_third_loot_roll_and_dead_is_rerolled():
    """ "When making the treatment roll, you can either roll a D6 or a D10. If you roll a D6 … then
    you can make a third loot roll for that git. If you roll "Dead", re-roll.\""""
    rerolled = 0
    for seed in range(40):
        g = roll_gang(RULES, seed, "chefs_recommendation", gits=["orc", "orc"], gamble=True)
        log = "\n".join(g.log)
        assert len(re.findall(r"^Orc 1: loot ", log, re.M)) == 3
        assert "(D6)" in log
        rerolled += log.count("Dead — re-rolled")
        for git in g.doc["gits"]:
            assert not any(t.endswith(": Dead") for t in git.get("treatments", []))
    assert rerolled > 0


@pytest.mark.rule("gather_your_gits", "driver-vehicle-weapon-loot-then-inspection")
def test_a_chaos_driver_fails_inspection_rolls_location_and_repair_and_two_vehicle_loot_rolls():
    """ "Each driver rolls twice on the vehicle weapon loot table and then automatically fails an
    inspection roll, requiring them to make location and repair rolls … either a D6 or a D10. If
    you roll a D6, then you can make a third vehicle loot roll. If you roll "Write-off", re-roll." """
    from spacegits_sim.rules.gangs import repair_problem

    drivers = 0
    for gamble in (False, True):
        for seed in range(60):
            g = roll_gang(RULES, seed, "chaos", gamble=gamble)
            log = "\n".join(g.log)
            for git in g.doc["gits"]:
                if not git.get("vehicle"):
                    continue
                drivers += 1
                name = git["name"]
                assert len(git["repairs"]) == 1 and repair_problem(git["repairs"][0], RULES) is None
                assert not git["repairs"][0].endswith("Write-off")
                assert re.search(
                    rf"^{name}: inspection failed; location \d: \w+; repair \(D{6 if gamble else 10}\)", log, re.M
                )
                assert len(re.findall(rf"^{name}: vehicle weapon loot ", log, re.M)) == (3 if gamble else 2)
    assert drivers >= 4


def test_the_same_seed_rolls_the_same_gang_and_another_seed_another():
    a = roll_gang(RULES, 5, "chaos", faction="random")
    b = roll_gang(RULES, 5, "chaos", faction="random")
    c = roll_gang(RULES, 6, "chaos", faction="random")
    assert a.doc == b.doc and a.log == b.log
    assert a.doc != c.doc


@pytest.mark.rule("gather_your_gits", "chaos-kits-out-as-the-chef")
def test_a_thousand_rolled_gangs_are_all_legal_gang_files():
    """Whatever the dice say, what is written validates: items a git cannot keep (a Downtrodden
    goblin's 2-cap buzzsaw, a third weapon) are dropped and said so."""
    notes = 0
    for seed in range(500):
        for mode, kw in (("chaos", {}), ("chefs_recommendation", {"gits": ["orc", "goblin", "bullorc", "runt"]})):
            g = roll_gang(RULES, seed, mode, faction="random", gamble=bool(seed % 2), **kw)
            gang = gang_from_doc(g.doc, "<g>", RULES)
            assert validate_gang(gang, RULES) == []
            notes += len(g.notes)
    assert notes > 0


@pytest.mark.rule("gather_your_gits", "rolled-gang-zero-stash")
def test_a_rolled_gang_starts_with_zero_caps_in_its_stash():
    """Chef's Recommendation: "You start with zero bottle caps in your stash." (Chaos follows the
    chef.) The loot is free, so the kit may cost more than the budget."""
    from helpers import scenario

    from spacegits_sim.rules.engine import Match

    g = roll_gang(RULES, 3, "chaos")
    sc = scenario([g.doc["gits"], [{"type": "orc", "name": "O", "weapons": ["pistol"]}]])
    from spacegits_sim.rules.scenario import Player

    players = (Player("Red", gang_from_doc(g.doc, "<g>", RULES)), sc.players[1])
    m = Match(sc.__class__(**{**sc.__dict__, "players": players, "cap_budget": 25}))
    assert m.bosses[0].stash == 0 and m.bosses[1].stash == 20  # à la carte keeps the 20 it did not spend


@pytest.mark.rule("gather_your_gits", "chef-25-caps-of-naked-gits")
def test_chef_recommendation_buys_25_caps_of_naked_gits():
    """ "Buy 25 caps worth of naked gits": the budget counts the naked gits, not the free loot."""
    with pytest.raises(DataError, match="the naked gits cost 26 caps; the budget is 25"):
        roll_gang(RULES, 1, "chefs_recommendation", gits=["bullorc", "bullorc", "bullorc", "orc"])
    g = roll_gang(RULES, 1, "chefs_recommendation", gits=["bullorc", "bullorc", "bullorc"])  # 21: fine
    assert gang_from_doc(g.doc, "<g>", RULES).cost > 21  # the loot came free


def test_bad_requests_are_one_clear_error():
    with pytest.raises(DataError, match="unknown git type 'ork'"):
        roll_gang(RULES, 1, "chefs_recommendation", gits=["ork"])
    with pytest.raises(DataError, match="needs the naked gits"):
        roll_gang(RULES, 1, "chefs_recommendation")
    with pytest.raises(DataError, match="unknown faction"):
        roll_gang(RULES, 1, "chaos", faction="elves")


def test_cli_gang_writes_a_gang_file_that_validates(tmp_path):
    """`spacegits gang --mode chaos --seed 5 -o my_gang.yaml` writes a gang file a user can then
    edit and validate; the rolls are in its comments; its treatments are simulated (no warning)."""
    out = tmp_path / "my_gang.yaml"
    run = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "gang", "--mode", "chaos", "--seed", "5", "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    text = out.read_text()
    assert text.startswith("# Rolled by `spacegits gang --mode chaos --seed 5`") and "Random Git" in text
    doc = yaml.safe_load(text)
    assert doc["mode"] == "chaos"
    val = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "validate", str(out)], capture_output=True, text=True, cwd=ROOT
    )
    assert val.returncode == 0 and "ok" in val.stdout
    assert "treatments:" in text and "not simulated" not in val.stderr


def test_cli_gang_bad_options_are_one_line_and_exit_2(tmp_path):
    for extra in (["--mode", "lunch"], ["--mode", "chef", "--gits", "ork"], ["--mode", "chaos", "-o", str(tmp_path)]):
        run = subprocess.run(
            [sys.executable, "-m", "spacegits_sim", "gang", *extra], capture_output=True, text=True, cwd=ROOT
        )
        assert run.returncode == 2, (extra, run.stdout, run.stderr)
        assert "Traceback" not in run.stderr and "error" in run.stderr

"""The afterparty and rolled gangs read against the rulebook sentence by sentence (issue 25): the
model's own toughness for injury and inspection rolls, the health plan and the proper job as the
boss's choices, Arms & Legs replacing, and a treatment rolled while building a gang doing what it
does at A&E. Each test quotes the sentence it checks."""

from __future__ import annotations

import copy
import dataclasses
import math
import subprocess
import sys

import pytest
from conftest import ROOT
from test_campaign import Scripted, at_a_and_e, derby_campaign, quickstart_campaign

from spacegits_sim import campaign as camp
from spacegits_sim.campaign.bosses import ratings
from spacegits_sim.data import default_rules
from spacegits_sim.data import errors as camp_errors
from spacegits_sim.rng import stream
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangmodes import _Roller, roll_gang
from spacegits_sim.rules.gangs import gang_from_doc, unsimulated, validate_gang
from spacegits_sim.rules.scenario import Player

RULES = default_rules()
SIGMAS = 4.5  # a binomial band this many standard deviations wide: a false alarm about once in 150,000 runs


def _row(table: str, result: str) -> int:
    return next(n for n in range(1, 11) if RULES.tables[table].lookup(n).result == result)


def _diag(where: str) -> int:
    return next(n for n in range(1, 9) if RULES.tables["diagnosis"].lookup(n).result == where)


def _loc(where: str) -> int:
    return next(n for n in range(1, 7) if RULES.tables["location"].lookup(n).result == where)


def d100(n: int) -> tuple[int, int]:
    return (n // 10 % 10 or 10, n % 10 or 10)


def within_band(hits: int, n: int, p: float) -> bool:
    return abs(hits - n * p) <= SIGMAS * math.sqrt(n * p * (1 - p))


def game_start(c: camp.Campaign) -> ev.MatchStarted:
    """The MatchStarted a campaign's next game logs (the models as the engine fields them)."""
    sc = camp.game_scenario(c, RULES)
    return Match(sc, rules=RULES, seed=sc.seed)._match_started()


class Answers:
    """A boss who answers from a script by request kind, and remembers every request."""

    def __init__(self, **by_kind) -> None:
        self.by_kind, self.seen = by_kind, []

    def __call__(self, req):
        self.seen.append(req)
        answer = self.by_kind[req.kind]
        return answer(req) if callable(answer) else answer


# ---- Accident & Emergency: the injury roll -------------------------------------------------------


@pytest.mark.rule("campaigns", "injury-roll-uses-the-models-toughness")
def test_an_orc_in_chunky_armour_is_seriously_injured_a_third_of_the_time_not_half():
    """ "Injury Roll: Roll a D6. If the result is equal to or under the model's toughness, they make a
    full recovery. If the roll is over their toughness, they are seriously injured." The model's
    toughness is what it had in the game: an orc (3) in Chunky Armour is toughness 4, so a serious
    injury is a 5 or 6 (1/3), not a 4-6 (1/2). 1,200 seeded injury rolls against 1/3."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.gang["gits"][0]["gear"] = ["chunky_armour"]
    facts = camp.read_game([game_start(c)])
    grunk = next(mid for mid, name in facts.names.items() if name == "Grunk")
    assert facts.toughness[grunk] == 4
    n, serious = 1200, 0
    red.stash = 0  # (no health plan to ask about)
    for k in range(n):
        trial = copy.deepcopy(red)
        log: list[str] = []
        first = int(stream(k, "test/injury").integers(1, 7))
        camp.run(camp.injury(0, trial, "Grunk", RULES, stream(k, "test/injury"), log, facts.toughness[grunk]), print)
        hurt = "A&E" in log[0]
        assert hurt == (first > 4), (first, log)
        serious += hurt
    assert within_band(serious, n, 1 / 3), serious
    assert not within_band(serious, n, 1 / 2)


@pytest.mark.rule("campaigns", "injury-roll-uses-the-models-toughness")
def test_the_afterparty_rolls_injuries_against_the_toughness_the_git_had_in_the_game():
    """Exposed Pipework ("This git suffers -1 toughness") makes an orc toughness 2 in its games,
    and so at A&E: the afterparty's log names the toughness it rolled against."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.gang["gits"][0]["treatments"] = ["Body: Exposed Pipework"]
    start = game_start(c)
    grunk = next(m["id"] for m in start.models if m["name"] == "Grunk")
    events = [start, ev.TowerFell(grunk, "", "fell_over", "a shot", 3), ev.ModelRemoved(grunk, "taken_out")]
    log = camp.run(camp.afterparty(c, events, RULES, 1), camp.AfterpartyAI(c, RULES))
    line = next(x for x in log if "Grunk injury roll" in x)
    assert "vs toughness 2" in line


@pytest.mark.rule("campaigns", "inspection-roll-uses-the-vehicles-toughness")
def test_a_buggy_with_buckled_pillars_breaks_down_on_five_of_ten_not_four():
    """ "Inspection Roll: … roll a D10. If the result is equal to or under the vehicle's toughness,
    the vehicle has just suffered cosmetic damage … If the roll is over the vehicle's toughness, it
    has broken down." Buckled Pillars ("-1 Toughness permanently") make a buggy (5) toughness 4 in
    its games, so it breaks down on 5-10 (6/10), not 6-10: 1,000 seeded inspections against 0.6."""
    c = derby_campaign()
    red = c.gangs[0]
    red.gang["gits"][0]["repairs"] = ["Hull: Buckled Pillars"]
    start = game_start(c)
    facts = camp.read_game([start])
    gazbag = next(m["id"] for m in start.models if m["name"] == "Gazbag")
    vehicle = facts.vehicle_of[gazbag]
    assert facts.toughness[vehicle] == 4
    n, broke = 1000, 0
    red.stash = 0
    for k in range(n):
        trial = copy.deepcopy(red)
        log: list[str] = []
        camp.run(
            camp.repair(0, trial, "Gazbag", RULES, stream(k, "test/inspect"), log, facts.toughness[vehicle]), print
        )
        broke += "broken down" in log[0]
    assert within_band(broke, n, 0.6), broke
    assert not within_band(broke, n, 0.5)


@pytest.mark.rule("campaigns", "inspection-roll-uses-the-vehicles-toughness")
def test_the_afterparty_inspects_a_wreck_against_the_toughness_it_had_in_the_game():
    c = derby_campaign()
    c.gangs[0].gang["gits"][0]["repairs"] = ["Hull: Spare Panels"]  # +1 Toughness permanently
    start = game_start(c)
    gazbag = next(m["id"] for m in start.models if m["name"] == "Gazbag")
    events = [start, ev.Wrecked(gazbag + "v", f"wreck-{gazbag}v", "wreck", 2.0, [], [])]
    log = camp.run(camp.afterparty(c, events, RULES, 1), camp.AfterpartyAI(c, RULES))
    assert "vs toughness 6" in next(x for x in log if "inspection" in x)


# ---- Choose a health plan ---------------------------------------------------------------------------


@pytest.mark.rule("campaigns", "choose-a-health-plan")
def test_going_private_costs_the_diagnosis_price_and_rolls_the_treatment_twice_for_the_boss_to_choose():
    """ "Choose a health plan: pay to go private, else go public." "Go Private? … The cost of each
    route is listed above. Public healthcare is always free … If you go private, you roll your
    treatment roll twice and choose which to apply." A Left Arm costs 2 privately; the boss is
    shown both treatments and the one chosen is applied — here the lower roll."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.stash = 5
    stump, extra = _row("arm_treatment", "Stump"), _row("arm_treatment", "Extra Arm")
    boss = Answers(health_plan="private", pick_treatment="Stump")
    log: list[str] = []
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Left Arm"), extra, stump), log, answer=boss)
    plan, pick = boss.seen
    assert isinstance(plan, camp.HealthPlan) and plan.price == 2 and plan.location == "Left Arm"
    assert set(plan.options) == {"private", "public"}
    assert isinstance(pick, camp.PickTreatment) and pick.options == ("Extra Arm", "Stump")
    assert pick.rolls == (extra, stump) and "Stump" in pick.texts[1]
    assert red.stash == 3 and red.gang["gits"][0]["treatments"] == ["Left Arm: Stump"]
    assert "private" in camp.option_text(plan, "private") and "2 caps" in camp.option_text(plan, "private")


@pytest.mark.rule("campaigns", "choose-a-health-plan")
def test_public_care_is_free_and_one_roll_and_no_question_when_the_stash_cannot_pay():
    c = quickstart_campaign()
    red = c.gangs[0]
    red.stash = 5
    boss = Answers(health_plan="public")
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Head"), _row("head_treatment", "Bionic Eye")), [], answer=boss)
    assert [r.kind for r in boss.seen] == ["health_plan"] and red.stash == 5
    red.stash = 2  # the Head's private price is 3
    quiet = Answers()
    at_a_and_e(red, "Skab", Scripted(6, _diag("Head"), _row("head_treatment", "Bionic Eye")), [], answer=quiet)
    assert quiet.seen == [] and red.stash == 2


@pytest.mark.rule("campaigns", "choose-a-health-plan")
def test_the_ai_boss_goes_private_and_applies_the_treatment_it_rates_higher_not_the_higher_roll():
    """The tables are not ordered best to worst: Bionic Legs (7) and Power-Knees (6) — the AI
    boss keeps Power-Knees ("All this git's move dice count as 1 higher")."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.stash = 5
    rolls = Scripted(6, _diag("Left Leg"), _row("leg_treatment", "Bionic Legs"), _row("leg_treatment", "Power-Knees"))
    at_a_and_e(red, "Grunk", rolls, [], answer=camp.AfterpartyAI(c, RULES))
    assert red.gang["gits"][0]["treatments"] == ["Left Leg: Power-Knees"] and red.stash == 3


@pytest.mark.rule("campaigns", "treatment-roll-the-same-for-both-rolls-asks-nothing")
def test_two_private_rolls_that_give_the_same_treatment_ask_nothing_more():
    """ "Roll twice and choose which roll to apply": when both rolls give one treatment, there is
    nothing to choose."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.stash = 5
    eye = _row("head_treatment", "Bionic Eye")
    boss = Answers(health_plan="private")
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Head"), eye, eye), [], answer=boss)
    assert [r.kind for r in boss.seen] == ["health_plan"] and red.gang["gits"][0]["treatments"] == ["Head: Bionic Eye"]


# ---- Get a Quote ----------------------------------------------------------------------------------


@pytest.mark.rule("campaigns", "proper-job-roll-twice-and-choose")
def test_a_proper_job_rolls_twice_and_the_boss_chooses_even_the_lower_roll():
    """ "Repair Roll: … If you paid for a proper job, you roll twice and choose which roll to apply."
    Handling rolls 2 (Dodgy Brakes) and 8: the boss's pick is applied, not the higher roll."""
    c = derby_campaign()
    red = c.gangs[0]
    red.stash = 10
    boss = Answers(repair_job="proper", pick_repair="Dodgy Brakes")
    log: list[str] = []
    camp.run(camp.repair(0, red, "Gazbag", RULES, Scripted(9, _loc("Handling"), 2, 8), log), boss)
    job, pick = boss.seen
    assert isinstance(pick, camp.PickRepair) and pick.options == (
        "Dodgy Brakes",
        RULES.tables["handling_repair"].lookup(8).result,
    )
    assert red.gang["gits"][0]["repairs"] == ["Handling: Dodgy Brakes"] and red.stash == 7


@pytest.mark.rule("campaigns", "proper-job-roll-twice-and-choose")
def test_the_ai_boss_keeps_the_repair_it_rates_higher_not_the_higher_roll():
    """Misaligned Wheels (3: "-1 Handling permanently") against Dodgy Brakes (2): the AI boss keeps
    Dodgy Brakes, the lower roll."""
    c = derby_campaign()
    red = c.gangs[0]
    red.stash = 10
    camp.run(camp.repair(0, red, "Gazbag", RULES, Scripted(9, _loc("Handling"), 3, 2), []), camp.AfterpartyAI(c, RULES))
    assert red.gang["gits"][0]["repairs"] == ["Handling: Dodgy Brakes"]


def test_every_treatment_and_repair_row_has_an_ai_rating_and_only_those():
    """assets/boss_ratings.yaml rates every row the AI boss may be asked to choose between."""
    tables = {str(r.extra["table"]) for idx in ("diagnosis", "location") for r in RULES.tables[idx].rows}
    want = {t: {r.result for r in RULES.tables[t].rows} for t in tables}
    got = {t: set(v) for t, v in ratings().items()}
    assert got == want


# ---- Arms & Legs ---------------------------------------------------------------------------------


@pytest.mark.rule("campaigns", "arms-and-legs-replace")
def test_an_arm_treatment_on_an_arm_that_had_one_replaces_it_and_the_other_arm_keeps_its_own():
    """ "Arms & Legs: If you roll an arm or leg treatment on a location that already had a
    treatment, the new treatment fully replaces the previous one, for better or worse. A git can
    have different treatments for their right and left arms … Other locations can gather multiple
    treatments and stack their effects." A Chopper Arm replaced takes its blade with it."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.stash = 0
    g0 = red.gang["gits"][0]
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Left Arm"), _row("arm_treatment", "Chopper Arm")), [])
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Right Arm"), _row("arm_treatment", "Wooden Hand")), [])
    assert g0["treatments"] == ["Left Arm: Chopper Arm", "Right Arm: Wooden Hand"] and g0["weapons"][0] == "massive_h2h"
    log: list[str] = []
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Left Arm"), _row("arm_treatment", "Extra Arm")), log)
    assert g0["treatments"] == ["Right Arm: Wooden Hand", "Left Arm: Extra Arm"]
    assert "massive_h2h" not in g0["weapons"] and camp.fits(red, RULES)
    for _ in range(2):  # the body stacks
        at_a_and_e(red, "Grunk", Scripted(6, _diag("Body"), _row("body_treatment", "Steel Jaw")), [])
    assert g0["treatments"][-2:] == ["Body: Steel Jaw", "Body: Steel Jaw"]


@pytest.mark.rule("campaigns", "arms-and-legs-replace")
def test_a_leg_that_recovers_fully_keeps_the_treatment_it_had():
    """Reading: a row with nothing lasting (Full Recovery) leaves the leg as it was; it does not
    "replace" a Peg Leg with a healthy leg."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.stash = 0
    g0 = red.gang["gits"][0]
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Left Leg"), _row("leg_treatment", "Peg Leg")), [])
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Left Leg"), _row("leg_treatment", "Full Recovery")), [])
    assert g0["treatments"] == ["Left Leg: Peg Leg"]


# ---- rolled gangs: a treatment does what it does at A&E ------------------------------------------


def rolled_orc(*dice: int, gamble: bool = False) -> tuple[dict, list[str]]:
    """One chef's-recommendation orc kitted out with these dice (two loot rolls, then the failed
    injury roll's diagnosis and treatment, then what the treatment rolls)."""
    r = _Roller(RULES, 0, gamble)
    r.rng = Scripted(*dice)
    git = {"type": "orc", "name": "Orc 1"}
    r.kit_out(git, "Orc 1")
    return git, r.log


def loot_roll(pred) -> int:
    loot = RULES.tables["loot"]
    return next(n for n in range(1, 101) if pred(str(loot.lookup(n).ref)))


def is_gun(ref: str) -> bool:
    fam, _, ident = ref.partition("/")
    return fam == "weapons" and RULES.weapons[ident].kind == "shooting"


GEAR = loot_roll(lambda ref: ref == "gear/big_coat")


@pytest.mark.rule("gather_your_gits", "rolled-treatments-act-as-at-a-and-e")
def test_a_chefs_gun_arm_rolls_its_gun_and_bolts_it_on():
    """Chef's Recommendation: "Each git makes two loot rolls … and then automatically fails an
    injury roll, requiring them to make diagnosis and treatment rolls." "Gun Arm: Make a loot roll
    to find out what gun the doc has attached. This git is stuck with that weapon on that arm." """
    gun = loot_roll(is_gun)
    gun_id = str(RULES.tables["loot"].lookup(gun).ref).split("/")[1]
    git, log = rolled_orc(*d100(GEAR), *d100(GEAR), _diag("Right Arm"), _row("arm_treatment", "Gun Arm"), *d100(gun))
    assert git["treatments"] == ["Right Arm: Gun Arm"] and git["weapons"][0] == gun_id
    assert any("bolted on" in line for line in log)


@pytest.mark.rule("gather_your_gits", "rolled-treatments-act-as-at-a-and-e")
def test_a_chefs_mechanical_respirator_gives_its_attitude_and_a_campaign_keeps_it():
    """ "Mechanical Respirator: This git makes sinister noises when it breathes. Gain 1 Attitude." """
    git, _ = rolled_orc(*d100(GEAR), *d100(GEAR), _diag("Head"), _row("head_treatment", "Mechanical Respirator"))
    assert git["attitude"] == 2
    doc = {"name": "t", "mode": "chefs_recommendation", "gits": [git, {"type": "orc", "name": "Orc 2"}]}
    gang = gang_from_doc(doc, "<t>", RULES)
    assert gang.gits[0].attitude == 2 and not validate_gang(gang, RULES)
    c = quickstart_campaign()
    sc = camp.game_scenario(c, RULES)
    sc = dataclasses.replace(sc, players=(Player("Red", gang), sc.players[1]))
    c2 = camp.new_campaign("t", sc, 1)
    assert c2.gangs[0].gits["Orc 1"].attitude == 2 and c2.gangs[0].reputation() == 3


@pytest.mark.rule("gather_your_gits", "rolled-treatments-act-as-at-a-and-e")
def test_a_chefs_concussion_bandage_misses_the_gangs_first_game():
    """ "Concussion Bandage: This git misses the next game, then recovers fully": rolled while
    building the gang, the next game is its first — a campaign skips the git in game 1, and a
    one-off match never deploys it."""
    git, _ = rolled_orc(*d100(GEAR), *d100(GEAR), _diag("Head"), _row("head_treatment", "Concussion Bandage"))
    assert git["misses"] == 1
    doc = {"name": "t", "mode": "chefs_recommendation", "gits": [git, {"type": "orc", "name": "Orc 2"}]}
    gang = gang_from_doc(doc, "<t>", RULES)
    c = quickstart_campaign()
    base = camp.game_scenario(c, RULES)
    sc = dataclasses.replace(base, players=(Player("Red", gang), base.players[1]))
    m = Match(sc, rules=RULES, seed=3)
    orc1 = next(x for x in m.models.values() if x.name == "Orc 1")
    assert orc1.id not in m._deployable(0) and m._deployable(0)
    c2 = camp.new_campaign("t", sc, 1)
    log: list[str] = []
    skip = camp.run(camp.bad_attitude(c2, 1, log), camp.AfterpartyAI(c2, RULES))
    assert skip == {"Red": ["Orc 1"]} and camp.run(camp.bad_attitude(c2, 2, []), print) == {}
    assert "misses" not in c2.gangs[0].gang["gits"][0]  # (the campaign keeps it in the git's state)


@pytest.mark.rule("gather_your_gits", "rolled-treatments-act-as-at-a-and-e")
def test_a_chefs_gnawbrain_loses_the_weapons_it_looted_first():
    """The loot comes first ("two loot rolls … and then automatically fails an injury roll");
    Gnawbrain Xenotransplant: "Any weapons they possessed when they showed up at A&E have been
    lost"."""
    gun = loot_roll(is_gun)
    git, _ = rolled_orc(*d100(gun), *d100(GEAR), _diag("Head"), _row("head_treatment", "Gnawbrain Xenotransplant"))
    assert git["weapons"] == [] and git["gear"] == ["big_coat"]


@pytest.mark.rule("gather_your_gits", "driver-vehicle-weapon-loot-then-inspection")
def test_a_chaos_drivers_wrecked_weapon_loses_one_of_the_guns_it_rolled():
    """ "Each driver rolls twice on the vehicle weapon loot table … and then automatically fails an
    inspection roll, requiring them to make location and repair rolls." A Wrecked Weapon ("loses a
    randomly selected weapon permanently") then loses one of those guns, as at Krankshaft's."""
    vwl = RULES.tables["vehicle_weapon_loot"]
    mg = next(n for n in range(1, 21) if vwl.lookup(n).ref == "weapons/machine_gun")
    r = _Roller(RULES, 0, False)
    r.rng = Scripted(mg, mg, _loc("Weapons"), _row("weapons_repair", "Wrecked Weapon"), 0)
    git = {"type": "orc", "name": "Orc 1", "vehicle": "buggy"}
    r.kit_out(git, "Orc 1")
    assert git["vehicle_weapons"] == ["machine_gun"] and git["repairs"] == ["Weapons: Wrecked Weapon"]
    assert git["weapons"] == ["pistol", "regular_h2h"]  # "fill up their remaining allowance with 0-cost weapons"


@pytest.mark.rule("gather_your_gits", "rolled-treatments-act-as-at-a-and-e")
def test_a_hundred_rolled_gangs_apply_every_treatment_they_roll_and_stay_legal():
    """Across 100 chaos and chef gangs: every Gun Arm has a gun first in its weapons, every
    Mechanical Respirator an attitude above 1, every Concussion Bandage or Sling a missed game."""
    seen = set()
    for seed in range(100):
        for mode, gits in (("chaos", None), ("chefs_recommendation", ["orc", "orc", "goblin", "bullorc"])):
            g = roll_gang(RULES, seed, mode, gits, gamble=seed % 3 == 0)
            for git in g.doc["gits"]:
                names = [t.partition(":")[2].strip() for t in git.get("treatments", [])]
                seen.update(names)
                if "Gun Arm" in names:
                    assert RULES.weapons[git["weapons"][0]].kind == "shooting"
                if "Mechanical Respirator" in names:
                    assert git.get("attitude", 1) >= 2
                if {"Concussion Bandage", "Sling"} & set(names):
                    assert git.get("misses") == 1
    assert {"Gun Arm", "Mechanical Respirator"} <= seen


@pytest.mark.rule("gather_your_gits", "chef-can-buy-vehicles")
def test_a_chefs_gang_can_buy_vehicles_and_a_chefs_campaign_keeps_the_derby_drivers_rides(tmp_path):
    """Chef's Recommendation: "Buy 25 caps worth of naked gits … You can buy vehicles for your gits."
    A driver is bought as type:vehicle; its vehicle counts in the naked cost and it rolls as a driver."""
    g = roll_gang(RULES, 4, "chefs_recommendation", gits=["orc:buggy", "goblin"])
    assert g.doc["gits"][0]["vehicle"] == "buggy" and "repairs" in g.doc["gits"][0]
    assert gang_from_doc(g.doc, "<g>", RULES).naked_cost(RULES) == 5 + 7 + 4
    with pytest.raises(camp_errors.DataError, match="cannot drive"):
        roll_gang(RULES, 4, "chefs_recommendation", gits=["runt:buggy"])
    with pytest.raises(camp_errors.DataError, match="unknown vehicle 'tank'"):
        roll_gang(RULES, 4, "chefs_recommendation", gits=["orc:tank"])
    folder = tmp_path / "derby"
    run = [sys.executable, "-m", "spacegits_sim", "campaign", "new", str(folder), "--mode", "chefs"]
    out = subprocess.run(
        run + ["--scenario", "scenarios/demolition_derby.yaml"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    c = camp.load(folder, RULES)
    assert [x.get("vehicle") for x in c.gangs[0].gang["gits"]][:2] == ["buggy", "bike"]


@pytest.mark.rule("campaigns", "every-treatment-simulated")
def test_validate_reports_no_treatment_as_not_simulated():
    """Issue 25: after `spacegits validate`, nothing in injuries.yaml is deferred or not simulated:
    a gang file naming every treatment a git can have validates without a warning."""
    rows = [
        f"{loc.result}: {r.result}"
        for loc in RULES.tables["diagnosis"].rows
        for r in RULES.tables[str(loc.extra["table"])].rows
        if not r.extra.get("ends")
    ]
    gang = gang_from_doc({"name": "t", "mode": "chaos", "gits": [{"type": "orc", "treatments": rows}]}, "<t>", RULES)
    assert unsimulated(gang, RULES) == []
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "validate", "assets/rules/injuries.yaml"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0 and "not simulated" not in out.stdout + out.stderr and "deferred" not in out.stderr


# ---- the afterparty's steps, read from a game's log ------------------------------------------------


@pytest.mark.rule("gather_your_gits", "unspent-caps-stay-in-the-stash")
def test_an_a_la_carte_gang_keeps_what_it_did_not_spend_in_its_campaign_stash():
    """ "Anything you don't spend stays in your stash, to be spent between games using the campaign
    rules": the Quick Start gangs cost 15 of their 25 caps, so each campaign stash starts at 10."""
    c = quickstart_campaign()
    assert [g.stash for g in c.gangs] == [10, 10]


@pytest.mark.rule("campaigns", "attitude-starts-at-one")
def test_every_git_starts_a_campaign_with_an_attitude_of_one():
    c = quickstart_campaign()
    assert all(st.attitude == 1 for g in c.gangs for st in g.gits.values())
    assert [g.reputation() for g in c.gangs] == [3, 3]


def derby_start(c: camp.Campaign) -> tuple[ev.MatchStarted, str, str]:
    start = game_start(c)
    gazbag = next(m["id"] for m in start.models if m["name"] == "Gazbag")
    enemy = next(m["id"] for m in start.models if m["boss"] == 1 and "crew" not in m)
    return start, gazbag, enemy


@pytest.mark.rule("campaigns", "dangerous-driving")
@pytest.mark.rule("campaigns", "looting")
def test_a_driver_whose_vehicle_smashed_an_enemy_is_charged_with_dangerous_driving_and_looting_driving():
    """ "Dangerous Driving: If this git was the driver of a vehicle that damaged or removed an enemy
    model, check this offense." "Looting: … either on foot or as a driver." A smash that does no
    damage, or one into a friend, charges nothing."""
    c = derby_campaign()
    start, gazbag, enemy = derby_start(c)
    friend = next(m["id"] for m in start.models if m["boss"] == 0 and m["id"] != gazbag and "crew" not in m)
    quiet = camp.read_game(
        [
            start,
            ev.Smashed(gazbag + "v", enemy, [1, 2], 4, 0, False, "collision"),
            ev.Smashed(gazbag + "v", friend, [6], 3, 1, False, "collision"),
        ]
    )
    assert gazbag not in quiet.offenses
    f = camp.read_game(
        [
            start,
            ev.Smashed(gazbag + "v", enemy, [6, 5], 4, 1, False, "collision"),
            ev.CapLooted(gazbag + "v", "Red", "c1"),
        ]
    )
    assert f.offenses[gazbag] == {"dangerous_driving", "looting"}


@pytest.mark.rule("campaigns", "afterparty-steps")
def test_the_afterparty_runs_its_five_steps_in_the_suggested_order():
    """ "Check Your Sums, Criminal Records, Accident & Emergency, Krankshaft's Auto Repairs, Pop to the
    Shops": the log of one afterparty with an offense, an injury and a wreck says them in that order."""
    c = derby_campaign()
    start, gazbag, enemy = derby_start(c)
    rukk = next(m["id"] for m in start.models if m["name"] == "Rukk")
    events = [
        start,
        ev.CapLooted(rukk, "Red", "c1"),
        ev.TowerFell(rukk, "", "fell_over", "a shot", 3),
        ev.ModelRemoved(rukk, "taken_out"),
        ev.Wrecked(gazbag + "v", f"wreck-{gazbag}v", "wreck", 2.0, [], []),
    ]
    boss = Answers(
        erase_offenses=(),
        health_plan="public",
        pick_treatment=lambda r: r.options[0],
        repair_job="bodge",
        pick_repair=lambda r: r.options[0],
        shop="done",
        hire_stray="no",
    )
    log = camp.run(camp.afterparty(c, events, RULES, 1), boss)
    steps = [
        next(i for i, x in enumerate(log) if "Quick Maths" in x),
        next(i for i, x in enumerate(log) if "keeps Looting" in x),
        next(i for i, x in enumerate(log) if "Rukk injury roll" in x),
        next(i for i, x in enumerate(log) if "inspection" in x),
        next(i for i, x in enumerate(log) if "Grandpa Gunnock's has" in x),
    ]
    assert steps == sorted(steps)


@pytest.mark.rule("campaigns", "free-stray")
def test_a_gang_worth_under_20_caps_with_under_5_in_the_stash_takes_the_stray_for_free():
    """ "If … your gang is worth less than 20 caps, and you've fewer than 5 caps in your stash, you
    can add this random git to your gang for free." The Quick Start gang is worth 15."""
    for stash, free in ((4, True), (30, False)):
        c = quickstart_campaign()
        red = c.gangs[0]
        red.stash = stash
        boss = Answers(hire_stray="no")
        for seed in range(40):
            camp.run(camp.stray(0, red, RULES, stream(seed, "test/stray"), []), boss)
        prices = {r.price for r in boss.seen}
        assert prices and (prices == {0}) == free, (stash, prices)


def _gang_match(gits: list[dict], faction: str | None = None) -> Match:
    doc = {"name": "six", "mode": "chaos", "gits": gits, **({"faction": faction} if faction else {})}
    base = camp.game_scenario(quickstart_campaign(), RULES)
    sc = dataclasses.replace(base, players=(Player("Red", gang_from_doc(doc, "<t>", RULES)), base.players[1]))
    return Match(sc, rules=RULES, seed=5)


@pytest.mark.rule("gather_your_gits", "field-at-most-five")
def test_a_gang_fields_at_most_five_models_but_the_first_little_guy_does_not_count():
    """ "Your gang can have any number of models in it, but you can only field a maximum of 5 in each
    game (although the little guys can break this rule)": with five orcs on the table a sixth waits,
    but the first goblin (Numerous) still deploys."""
    m = _gang_match([{"type": "orc", "name": f"Orc {k}"} for k in range(6)] + [{"type": "goblin", "name": "Gob"}])
    for k in range(5):
        m.models[f"a{k + 1}"].in_play = True
    assert m._deployable(0) == ["a7"]
    m.models["a7"].in_play = True
    assert m._deployable(0) == []


@pytest.mark.rule("gather_your_gits", "pick-a-faction")
def test_a_gang_picks_a_faction_and_gets_its_special_rule():
    """ "Pick a faction to get its special rule." A gang file's faction gives its rule to its gits;
    an unknown faction is one clear problem naming the valid ones."""
    m = _gang_match([{"type": "orc", "name": "A"}], faction="bad_docs")
    assert any(h.id == "pulling_teeth" for h in m.models["a1"].effects)
    with pytest.raises(camp_errors.DataError, match="unknown faction 'nope'"):
        gang_from_doc({"name": "t", "faction": "nope", "gits": [{"type": "orc"}]}, "<t>", RULES)


@pytest.mark.rule("campaigns", "trucknuts")
def test_trucknuts_sells_a_rolled_free_vehicle_mod_once_only():
    """ "Trucknuts also sells a limited range of gubbins for your vehicles. Make 2 vehicle loot
    rolls, and that's what you have to choose from." A rolled Gory Trophy Rack (0 caps) is one
    row on the shelf: bought once, it is gone (only Grandpa Gunnock's free shelf is unlimited,
    and that is weapons and gear)."""
    c = derby_campaign()
    red = c.gangs[0]
    red.stash = 0  # only the 0-cap row can be paid for
    # two 2D6 vehicle rolls (12: the dearest), then D100 16 (Gory Trophy Rack) and 01 (Buzzblades)
    dice = Scripted(6, 6, 6, 6, 1, 6, 10, 1)
    log: list[str] = []
    boss = Answers(shop=lambda r: r.options[1] if len(r.options) > 1 else r.options[0])
    camp.run(camp.trucknuts(0, red, (), RULES, dice, log), boss)
    assert "Gory Trophy Rack" in log[0]
    buys = [line for line in log if " buys the Gory Trophy Rack" in line]
    assert len(buys) == 1, log
    assert sum(g.get("mods", []).count("gory_trophy_rack") for g in red.gang["gits"]) == 1


@pytest.mark.rule("campaigns", "mugging")
@pytest.mark.rule("vehicles", "mod-gory-trophy-rack")
def test_a_vehicles_fight_pinch_is_its_drivers_mugging_and_no_run_over():
    """Gory Trophy Rack: "After a game in which this vehicle removed a fallen enemy git from play
    by running them over" — a vehicle pinching a standing enemy in a fight ran nobody over.
    Mugging: "If this git took a cap from an enemy, either using pinch or boot" — that pinch is
    the driver's (who throws for the vehicle); the cap a run-over steals is neither pinch nor boot."""
    c = derby_campaign()
    start, gazbag, enemy = derby_start(c)
    fight = camp.read_game([start, ev.Pinched(gazbag + "v", enemy, 1)])
    assert fight.run_over == {}
    assert fight.offenses[gazbag] == {"mugging"}
    ran = camp.read_game([start, ev.RanOver(gazbag + "v", enemy), ev.Pinched(gazbag + "v", enemy, 1)])
    assert ran.run_over == {gazbag: 1} and "mugging" not in ran.offenses.get(gazbag, set())


@pytest.mark.rule("campaigns", "bad-attitude")
def test_a_recovering_git_misses_its_game_even_when_bad_attitude_thins_the_gang():
    """Bad Attitude: "If they roll any ones, they can't even be arsed to turn up to the game and
    skip it." A Concussion Bandage or a Sling: the git "misses the next game". The completed rule
    that a gang keeps one git at the table never cancels a recovering git's missed game: Nazgob
    misses it and counts it down; the gang's last git still to play turns up, and the log says why."""
    c = quickstart_campaign()
    red = c.gangs[0]
    red.gits["Grunk"].attitude = red.gits["Skab"].attitude = 60  # a one among 60 dice, all but surely
    red.gits["Nazgob"].misses = 1
    log: list[str] = []
    skip = camp.run(camp.bad_attitude(c, 1, log), Answers(fire_git="keep"))
    assert "Nazgob" in skip["Red"] and red.gits["Nazgob"].misses == 0
    assert "Red: Nazgob is still recovering and misses game 1" in log
    assert len(skip["Red"]) == 2  # and one git at the table
    last = next(name for name in ("Grunk", "Skab") if name not in skip["Red"])
    assert any(line.startswith(f"Red: {last} (attitude 60) is the gang's last git at the table") for line in log)


def test_when_every_git_is_recovering_the_first_plays_and_misses_the_next_game_instead():
    """The completed rule (docs/rulebook-gaps.md): a game needs a git of each gang on the table."""
    c = quickstart_campaign()
    red = c.gangs[0]
    for st in red.gits.values():
        st.misses = 1
    log: list[str] = []
    skip = camp.run(camp.bad_attitude(c, 1, log), Answers())
    assert skip["Red"] == ["Skab", "Nazgob"] and red.gits["Grunk"].misses == 1
    assert any("Grunk is still recovering but every git of the gang is: Grunk plays game 1" in x for x in log)
    skip = camp.run(camp.bad_attitude(c, 2, log), Answers())
    assert skip["Red"] == ["Grunk"] and red.gits["Grunk"].misses == 0

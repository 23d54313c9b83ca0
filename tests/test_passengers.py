"""Passengers aboard at the start: "If the vehicle has more than one seat, you can put some other of
your gits in the vehicle too as passengers (no, not Klankbots, you fromager)". A driver's gang-file
entry names them (``passengers: [Skab, Nazgob]``); they start in the vehicle's crew, are not
deployed on their own, may get off at its first activation, and a replay or a campaign keeps them."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from helpers import default_answer, of, scenario

from spacegits_sim import campaign as camp
from spacegits_sim.ai import make_controller
from spacegits_sim.data import default_rules
from spacegits_sim.data.errors import DataError
from spacegits_sim.render.scene import Scene
from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import Deploy, FightThrow, Seat
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangs import drop_stale_passengers, gang_from_doc
from spacegits_sim.rules.replay import rebuild, replay_doc
from spacegits_sim.rules.scenario import load_scenario, scenario_from_doc, scenario_to_doc

RULES = default_rules()
FIXTURE = Path(__file__).parent / "fixtures" / "passengers" / "scenario.yaml"
ORC = {"type": "orc", "weapons": ["pistol"]}
GOB = {"type": "goblin", "weapons": ["pistol"]}


def truck(passengers: list[str], **extra) -> dict:  # type: ignore[no-untyped-def]
    return dict(ORC, name="Gazbag", vehicle="truck", passengers=passengers, **extra)


def crew_gang() -> list[dict]:
    return [truck(["Skab", "Nazgob"]), dict(GOB, name="Skab"), dict(ORC, name="Nazgob"), dict(GOB, name="Nib")]


def problems(gits: list[dict]) -> list[str]:
    with pytest.raises(DataError) as e:
        gang_from_doc({"name": "Ladz", "gits": gits}, "ladz.yaml", RULES)
    return [str(p) for p in e.value.problems]


# ---- the gang file --------------------------------------------------------------------------------


def test_a_drivers_entry_names_the_passengers_who_start_aboard():
    gang = gang_from_doc({"name": "Ladz", "gits": crew_gang()}, "ladz.yaml", RULES)
    assert gang.gits[0].passengers == ("Skab", "Nazgob") and gang.gits[1].passengers == ()


@pytest.mark.rule("vehicles", "passengers-at-the-start")
def test_passengers_are_other_gits_of_the_gang_never_drivers_klankbots_or_twice_each_in_one_sentence():
    """Each refusal names file, entry, field and the valid names."""
    said = problems(
        [
            truck(["Skab", "Skeb", "Klonk", "Zog", "Gazbag"]),
            dict(GOB, name="Skab"),
            {"type": "klankbot", "name": "Klonk"},
            dict(GOB, name="Zog", vehicle="buggy", passengers=["Skab"]),
            dict(GOB, name="Nib", passengers=["Skab"]),
        ]
    )
    head = "ladz.yaml: git #1 'Gazbag', field 'passengers': "
    assert head + "'Skeb' is not a git of this gang (did you mean 'Skab'? valid: Skab, Nib)" in said
    assert head + "'Klonk' is a Klankbot, and a Klankbot never rides in a vehicle (valid: up to 3 of Skab, Nib)" in said
    assert head + "'Zog' drives a vehicle of their own (valid: up to 3 of Skab, Nib)" in said
    assert head + "'Gazbag' is the driver, already in the first seat (valid: up to 3 of Skab, Nib)" in said
    assert (
        "ladz.yaml: git #4 'Zog', field 'passengers': 'Skab' is seated already aboard Gazbag's vehicle: "
        "a git rides in one seat (valid: up to 1 of Skab, Nib)" in said
    )
    assert (
        "ladz.yaml: git #5 'Nib', field 'passengers': passengers ride in the git's own vehicle and this git "
        "has none (drivers: Gazbag, Zog)" in said
    )
    assert len(said) == 6


@pytest.mark.rule("vehicles", "passengers-at-the-start")
def test_no_more_passengers_than_the_seats_less_the_drivers_as_mods_and_repairs_leave_them():
    """A buggy seats 2 (1 passenger), Extra Seats +2, a bike its driver only, a Mangled Chassis -1."""
    gits = [dict(ORC, name="Gazbag", vehicle="buggy", passengers=["Skab", "Nazgob"]), dict(GOB, name="Skab")]
    gits.append(dict(ORC, name="Nazgob"))
    assert problems(gits) == [
        "ladz.yaml: git #1 'Gazbag', field 'passengers': no seat left for 'Nazgob': a Buggy seats 2, "
        "the driver's included (valid: up to 1 of Skab, Nazgob)"
    ]
    gits[0] = dict(gits[0], mods=["extra_seats"])
    assert gang_from_doc({"name": "Ladz", "gits": gits}, "ladz.yaml", RULES).gits[0].passengers == ("Skab", "Nazgob")
    bike = [dict(GOB, name="Zog", vehicle="bike", passengers=["Skab"]), dict(GOB, name="Skab")]
    assert problems(bike) == [
        "ladz.yaml: git #1 'Zog', field 'passengers': a Bike seats its driver only (valid: no passengers)"
    ]
    mangled = [truck(["Skab", "Nazgob", "Nib"], repairs=["Hull: Mangled Chassis"]), *crew_gang()[1:]]
    assert problems(mangled) == [
        "ladz.yaml: git #1 'Gazbag', field 'passengers': no seat left for 'Nib': a Truck seats 3, "
        "the driver's included (valid: up to 2 of Skab, Nazgob, Nib)"
    ]


@pytest.mark.rule("vehicles", "passengers-at-the-start")
def test_who_may_board_is_one_check_for_the_gang_file_and_for_boarding_in_play():
    """A Klankbot touching a buggy with a free seat is offered no boarding, and the gang file's
    check refuses it with the same reason (effects.boarding_refusal)."""
    from helpers import buggy, vmatch

    m = vmatch([buggy(), {"type": "klankbot", "name": "Klonk"}], [dict(ORC, name="Urg")], {})
    klonk = m.models["a2"]
    v = m.models["a1v"]
    hull = m.table.figure(v.id)
    m.place_model(klonk, (hull.position[0], hull.position[1] + 1.5 + klonk.radius_in + 0.01), "test set-up")
    assert m.touching(klonk.id) == [v.id]
    reason = effects.boarding_refusal(klonk.spec, RULES)
    assert reason == "'Klonk' is a Klankbot, and a Klankbot never rides in a vehicle"
    assert m.boardable(klonk) == []


def test_validate_says_who_starts_aboard(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "validate", str(FIXTURE)], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    assert "aboard at the start: Gazbag's Truck: Skab, Nazgob" in " ".join(out.stdout.split())


# ---- set-up and play --------------------------------------------------------------------------------


def deploy_all(m: Match) -> list[Deploy]:
    """Deploy every model offered at the first legal spot of a coarse grid; the requests asked."""
    asked = []
    while isinstance(m.pending, Deploy):
        req = m.pending
        asked.append(req)
        mid = req.models[0]
        spot = next(
            (x + 0.5, y + 0.5)
            for y in range(int(req.height))
            for x in range(int(req.width))
            if req.legal(mid, (x + 0.5, y + 0.5)) is None
        )
        m.answer((mid, spot))
    return asked


@pytest.mark.rule("vehicles", "passengers-at-the-start")
def test_passengers_start_aboard_are_not_deployed_on_their_own_and_the_log_says_so():
    m = Match(scenario([crew_gang(), [dict(ORC, name="Urg")]], options={"vehicle_deploy_distance_in": 0.0}))
    v = m.models["a1v"]
    assert v.crew == ["a1", "a2", "a3"] and m.models["a2"].aboard == "a1v" and m.models["a3"].aboard == "a1v"
    start = of(m, ev.MatchStarted)[0]
    assert next(d for d in start.models if d["id"] == "a2")["aboard"] == "a1v"
    asked = deploy_all(m)
    offered = {mid for req in asked for mid in req.models}
    assert "a2" not in offered and "a3" not in offered and {"a1v", "a4"} <= offered
    assert not m.models["a2"].in_play and "a2" not in m.table.figures
    aboard = of(m, ev.StartsAboard)
    assert [(e.model, e.vehicle, e.seat) for e in aboard] == [("a2", "a1v", 1), ("a3", "a1v", 2)]
    names = m.names()
    assert aboard[0].describe(names) == "Skab starts aboard Gazbag's Truck as a passenger (not deployed on foot)"
    k = m.events.index(aboard[0])
    assert isinstance(m.events[k - 2], ev.Deployed) and m.events[k - 2].model == "a1v"  # (then its VehicleMoved)


def test_a_passenger_who_misses_the_game_is_not_seated_and_nobody_rides_with_a_driver_who_misses_it():
    gits = crew_gang()
    gits[1] = dict(gits[1], misses=1)
    m = Match(scenario([gits, [dict(ORC, name="Urg")]]))
    assert m.models["a1v"].crew == ["a1", "a3"] and m.models["a2"].aboard is None
    gits = crew_gang()
    gits[0] = dict(gits[0], misses=1)
    m = Match(scenario([gits, [dict(ORC, name="Urg")]]))
    assert m.models["a1v"].crew == ["a1"] and m.models["a2"].aboard is None and m.models["a3"].aboard is None


@pytest.mark.rule("vehicles", "getting-off")
def test_passengers_aboard_from_the_start_may_get_off_at_the_vehicles_first_activation_with_d6_dice():
    """ "When you activate a vehicle, before it moves, any gits that are riding as passengers may
    get off. Put them anywhere within 1" of the vehicle and then give them D6 dice." """
    m = Match(scenario([crew_gang(), [dict(ORC, name="Urg")]], options={"vehicle_deploy_distance_in": 0.0}))
    deploy_all(m)
    ais = [make_controller("heuristic", 1, i) for i in range(2)]
    for _ in range(2000):
        req = m.pending
        if isinstance(req, Seat) and req.question == "alight":
            m.answer("get_off")
            break
        m.answer(default_answer(req) if isinstance(req, FightThrow) else ais[req.boss].decide(req, m))
    else:
        raise AssertionError("the vehicle's passengers were never asked to get off")
    off = of(m, ev.Alighted)[0]
    assert off.vehicle == "a1v" and off.why == "got off" and 1 <= off.dice <= 6
    p = m.models[off.model]
    assert p.in_play and p.aboard is None and m.table.distance_between(p.id, "a1v") <= 1.0 + 1e-6


# ---- saving: replays and campaigns ------------------------------------------------------------------


def test_scenario_to_doc_round_trips_the_passengers():
    sc = load_scenario(FIXTURE, RULES)
    doc = scenario_to_doc(sc)
    assert doc["players"][0]["gang"]["gits"][0]["passengers"] == ["Skab", "Nazgob"]
    again = scenario_from_doc(doc, "<doc>", RULES)
    assert again.players[0].gang.gits[0].passengers == ("Skab", "Nazgob")
    assert "passengers" not in doc["players"][1]["gang"]["gits"][0]  # (only where so: other bindings unchanged)


def test_a_replay_of_a_game_with_passengers_reruns_identically():
    sc = load_scenario(FIXTURE, RULES)
    m = Match(sc, RULES, seed=3)
    m.play([make_controller("heuristic", 3, i) for i in range(2)])
    assert of(m, ev.StartsAboard)
    doc = replay_doc(m)
    verdict = rebuild(doc)
    assert verdict.ok, verdict
    bare = copy.deepcopy(doc)  # the passengers are bound: without them the game is another one
    bare["scenario"]["players"][0]["gang"]["gits"][0].pop("passengers")
    assert not rebuild(bare).ok


def campaign() -> camp.Campaign:
    return camp.new_campaign("p", load_scenario(FIXTURE, RULES), 1)


def gazbag(c: camp.Campaign) -> dict:
    return c.gangs[0].gang["gits"][0]


def test_a_campaign_keeps_the_passengers_and_a_passenger_who_stays_away_is_not_seated_that_game():
    c = campaign()
    assert gazbag(c)["passengers"] == ["Skab", "Nazgob"]
    sc = camp.game_scenario(c, RULES, {"Red": ["Skab"]})
    assert sc.players[0].gang.gits[0].passengers == ("Nazgob",)
    assert gazbag(c)["passengers"] == ["Skab", "Nazgob"]  # (still listed for the next game)


@pytest.mark.rule("campaigns", "dead-gits")
def test_a_dead_passenger_leaves_their_seat_in_the_campaign():
    c = campaign()
    red = c.gangs[0]
    dead = next(
        (d, t)
        for d in range(1, 7)
        for t in range(1, 11)
        if RULES.tables[str(RULES.tables["diagnosis"].lookup(d).extra["table"])].lookup(t).result == camp.DEAD
    )
    log: list[str] = []
    camp.run(camp.injury(0, red, "Skab", RULES, Scripted(6, *dead), log), lambda req: "public")
    assert "Skab" not in red.gits and gazbag(c)["passengers"] == ["Nazgob"]
    assert log[-1] == "Red: Skab no longer rides with Gazbag: 'Skab' is not a git of this gang"
    gang_from_doc(red.gang, "<campaign>", RULES)  # a valid gang file still


@pytest.mark.rule("campaigns", "write-off")
def test_a_written_off_vehicles_passengers_go_on_foot_in_the_campaign():
    c = campaign()
    red = c.gangs[0]
    red.stash = 0
    log: list[str] = []
    camp.run(camp.repair(0, red, "Gazbag", RULES, Scripted(9, 1, 1, 6), log), camp.AfterpartyAI(c, RULES))
    assert "vehicle" not in gazbag(c) and "passengers" not in gazbag(c)
    assert log[-1] == (
        "Red: Skab, Nazgob will go on foot, not aboard Gazbag's vehicle: passengers ride in the git's own "
        "vehicle and this git has none"
    )
    gang_from_doc(red.gang, "<campaign>", RULES)


def test_a_seat_lost_to_a_mangled_chassis_sets_the_last_passenger_down():
    c = campaign()
    red = c.gangs[0]
    red.stash = 0
    gazbag(c)["passengers"] = ["Skab", "Nazgob", "Nib"]  # a truck seats 4
    log: list[str] = []
    camp.run(camp.repair(0, red, "Gazbag", RULES, Scripted(9, 4, 4), log), camp.AfterpartyAI(c, RULES))
    assert gazbag(c)["repairs"] == ["Hull: Mangled Chassis"] and gazbag(c)["passengers"] == ["Skab", "Nazgob"]
    assert log[-1].startswith("Red: Nib no longer rides with Gazbag: no seat left for 'Nib'")


def test_a_fired_passenger_leaves_their_seat_before_the_next_game():
    c = campaign()
    red = c.gangs[0]
    del red.gits["Nazgob"]  # (what firing does: bad_attitude)
    red.gang["gits"] = [x for x in red.gang["gits"] if x["name"] != "Nazgob"]
    _n, before, sc = camp.prepare_game(c, RULES, camp.AfterpartyAI(c, RULES))
    assert gazbag(c)["passengers"] == ["Skab"] and sc.players[0].gang.gits[0].passengers == ("Skab",)
    assert "Red: Nazgob no longer rides with Gazbag: 'Nazgob' is not a git of this gang" in before


def test_a_passenger_may_buy_a_vehicle_of_their_own_and_leaves_the_seat():
    from spacegits_sim.campaign import shops

    c = campaign()
    red = c.gangs[0]
    red.stash = 100
    skab = red.gang["gits"][1]
    assert shops._could(red, skab, "vehicles", "bike", RULES)
    log: list[str] = []
    camp.run(
        shops.visit(0, red, "Trucknuts'", [("Bike", "vehicles", "bike", 10)], (), RULES, log),
        lambda req: next(o for o in req.options if o != shops.DONE and o[2] == "Skab") if len(log) == 0 else shops.DONE,
    )
    assert skab["vehicle"] == "bike" and gazbag(c)["passengers"] == ["Nazgob"]
    assert log[-1] == "Red: Skab no longer rides with Gazbag: 'Skab' drives a vehicle of their own"


def test_drop_stale_passengers_leaves_a_valid_gang_alone():
    doc = {"name": "Ladz", "gits": crew_gang()}
    before = copy.deepcopy(doc)
    assert drop_stale_passengers(doc, RULES) == [] and doc == before


# ---- the windows -----------------------------------------------------------------------------------


def test_the_id_card_says_who_rides_in_a_vehicle_from_the_start_and_after_getting_off():
    m = Match(scenario([crew_gang(), [dict(ORC, name="Urg")]], options={"vehicle_deploy_distance_in": 0.0}))
    deploy_all(m)
    s = Scene()
    for e in m.events:
        s.apply(e)
    assert s.crew_words("a1v") == "aboard: Gazbag (driving), Skab, Nazgob"
    assert s.models["a2"].aboard == "a1v" and not s.models["a2"].in_play
    s.apply(ev.Alighted("a2", "a1v", (3.0, 3.0), 4, "got off"))
    assert s.crew_words("a1v") == "aboard: Gazbag (driving), Nazgob" and s.crew_words("a2") == ""


class Scripted:
    """A die stream that rolls what a test says, in order (``integers`` as numpy's)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def integers(self, lo: int, hi: int, size: int | None = None):  # type: ignore[no-untyped-def]  # noqa: ARG002
        if size is None:
            return self.values.pop(0)
        return [self.values.pop(0) for _ in range(size)]


def test_the_get_off_question_names_the_passenger_and_the_log_calls_their_dice_motion_sickness():
    """The afterparty playtest read "Red: get off?" with two passengers aboard (whom does it ask
    about?) and then "Skab takes 4 damage dice" for the book's motion sickness ("give them D6
    dice for their tower (motion sickness, I guess)"): no one had hurt Skab."""
    m = Match(scenario([crew_gang(), [dict(ORC, name="Urg")]], options={"vehicle_deploy_distance_in": 0.0}))
    deploy_all(m)
    ais = [make_controller("heuristic", 1, i) for i in range(2)]
    names = m.names()
    for _ in range(2000):
        req = m.pending
        if isinstance(req, Seat) and req.question == "alight":
            assert req.prompt.startswith(f"{m.models[req.model].name}: get off"), req.prompt
            n = len(m.events)
            m.answer("get_off")
            break
        m.answer(default_answer(req) if isinstance(req, FightThrow) else ais[req.boss].decide(req, m))
    else:
        raise AssertionError("the vehicle's passengers were never asked to get off")
    grew = [e for e in m.events[n:] if e.kind == "tower_grew" and e.reason == "motion sickness"]
    assert grew and "motion-sickness di" in grew[0].describe(names), grew[0].describe(names)
    assert "damage" not in grew[0].describe(names)

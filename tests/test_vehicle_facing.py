"""A vehicle's facing is chosen when it is deployed, and its 8" is measured from its hull.

Book: "Deploying Vehicles: At the start of the game, vehicles must be deployed at least 8" from
all bottle caps and enemy models because of all the noises they are making." and "If you are
using a vehicle without a base, measure from the hull." A person placing a model chooses where
it points; the deployment was measured from the circle round the hull, facing away from the
boss's edge, so a long truck set side-on to a cap was refused where the book allows it."""

from __future__ import annotations

import json
import math

import pytest
from conftest import ROOT
from helpers import buggy, scenario

from spacegits_sim.ai import make_controller
from spacegits_sim.ai.random_ai import RandomController
from spacegits_sim.cli.common import load_scenario_option
from spacegits_sim.physics.table import Kind, Table
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import ChooseActivation, Deploy, IllegalDecision
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.replay import rebuild

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
CAP = (12.0, 5.0)


def red_asked_to_deploy_a_buggy() -> tuple[Match, Deploy]:
    """Red's buggy (2" x 3") to deploy, the only cap at (12, 5), Blue's orc out of the way."""
    m = Match(scenario([[buggy()], [dict(ORC, name="Urg")]]))
    for cap in list(m.table.tokens):
        m.table.remove_token(cap)
    m.table.add_token(CAP)
    if m.pending.boss == 1:  # Blue is the big boss: its orc goes far from everything first
        m.answer(("b1", (2.0, 22.0)))
    req = m.pending
    assert isinstance(req, Deploy) and req.boss == 0 and "a1v" in req.headed
    return m, req


def heading_to(p: tuple[float, float], q: tuple[float, float]) -> float:
    """Degrees anticlockwise from the table's +x axis, from p towards q (the test's own)."""
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360.0


def cap_r(m: Match) -> float:
    return m.table.p["token"]["diameter_mm"] / 25.4 / 2


def deployed_angle(m: Match, mid: str) -> float:
    return next(e.angle_end for e in m.events if isinstance(e, ev.VehicleMoved) and e.model == mid)


@pytest.mark.rule("vehicles", "deploy-8-inches")
def test_a_buggy_side_on_to_a_cap_where_its_circle_is_within_8_inches_but_its_hull_is_not_is_legal():
    """ "vehicles must be deployed at least 8" from all bottle caps" / "measure from the hull": the
    buggy faces east, its 2"-wide side to the cap 8.1" away; the circle round it is 7.3" away."""
    m, req = red_asked_to_deploy_a_buggy()
    w, ln = m.rules.vehicles["buggy"].hull_in
    spot = (CAP[0], CAP[1] + cap_r(m) + w / 2 + 8.1)
    circle_gap = spot[1] - CAP[1] - cap_r(m) - math.hypot(w, ln) / 2
    assert circle_gap < 8.0  # the old measure refused it
    assert req.legal_at(m_id := "a1v", spot, 0.0) is None
    m.answer((m_id, spot, 0.0))
    assert m.models["a1v"].in_play
    assert m.table.figure("a1v").position == pytest.approx(spot)


@pytest.mark.rule("vehicles", "deploy-8-inches")
def test_a_buggy_whose_hull_is_within_8_inches_of_a_cap_is_refused_with_the_reason_and_nothing_changes():
    """The same spot end-on (its 3" length towards the cap): the hull's tail is 7.6" from the cap."""
    m, req = red_asked_to_deploy_a_buggy()
    w, _ln = m.rules.vehicles["buggy"].hull_in
    spot = (CAP[0], CAP[1] + cap_r(m) + w / 2 + 8.1)
    before = len(m.events)
    with pytest.raises(IllegalDecision, match=r'a1v cannot go at \(12.00, .*\) facing 90 degrees: within 8" of a cap'):
        m.answer(("a1v", spot, 90.0))
    assert len(m.events) == before and m.pending is req and not m.models["a1v"].in_play


@pytest.mark.rule("vehicles", "deploy-8-inches")
def test_the_heading_chosen_at_deployment_is_the_vehicles_heading_when_play_starts():
    m, _req = red_asked_to_deploy_a_buggy()
    m.answer(("a1v", (12.0, 18.0), 30.0))
    while isinstance(m.pending, Deploy):  # Blue's orc, if Red deployed first
        m.answer(("b1", (2.0, 22.0)))
    assert isinstance(m.pending, ChooseActivation)
    assert m.table.figure("a1v").angle == pytest.approx(math.radians(30.0))
    assert deployed_angle(m, "a1v") == pytest.approx(math.radians(30.0))


@pytest.mark.parametrize("bad", [math.nan, math.inf, -1.0, 360.0, 1e9, "north", True, None])
def test_a_bad_heading_is_refused_with_one_clear_message_and_nothing_changed(bad):
    m, req = red_asked_to_deploy_a_buggy()
    before = (len(m.events), len(m.decisions))
    with pytest.raises(IllegalDecision) as e:
        m.answer(("a1v", (12.0, 18.0), bad))
    assert str(e.value).startswith("deploy: a1v's heading must be a number of degrees from 0 to under 360, got ")
    assert (len(m.events), len(m.decisions)) == before and m.pending is req
    assert not m.models["a1v"].in_play and "a1v" not in m.table.figures


def test_a_git_on_a_round_base_takes_no_heading():
    m = Match(scenario([[dict(ORC, name="Nib")], [dict(ORC, name="Urg")]]))
    mid = m.pending.models[0]
    with pytest.raises(IllegalDecision, match=f"{mid} stands on a round base and takes no heading"):
        m.answer((mid, (2.0, 2.0), 45.0))


def test_a_spot_alone_faces_the_vehicle_away_from_its_bosss_edge_as_before():
    m, req = red_asked_to_deploy_a_buggy()
    m.answer(("a1v", (12.0, 18.0)))
    assert m.decisions[-1][1] == ["a1v", [12.0, 18.0], req.default_heading]  # the replay binds the heading
    assert deployed_angle(m, "a1v") == {"south": math.pi / 2, "north": -math.pi / 2}[m.bosses[0].seat]


def derby() -> Match:
    return Match(load_scenario_option("scenarios/demolition_derby.yaml"), seed=22)


@pytest.mark.parametrize("ai", ["heuristic", "random"])
def test_an_ai_deploys_each_vehicle_facing_the_way_it_chose_the_same_for_a_seed(ai):
    """The heuristic points a vehicle at the nearest cap (else the table's middle), the random AI
    at the middle: where the caps are, and where a vehicle drives to get them."""
    runs = []
    for _ in range(2):
        m = derby()
        ctrls = [make_controller(ai, 22, b) if ai != "random" else RandomController(22, b) for b in range(2)]
        answers = []
        while isinstance(m.pending, Deploy):
            req = m.pending
            a = ctrls[req.boss].decide(req, m)
            m.answer(a)
            answers.append((a, (req.width / 2, req.height / 2)))
        runs.append([a for a, _middle in answers])
        vehicles = [(a, middle) for a, middle in answers if len(a) == 3]
        assert len(vehicles) == 4
        turned = 0
        for (mid, p, heading), middle in vehicles:
            assert deployed_angle(m, mid) == pytest.approx(math.radians(heading if heading <= 180 else heading - 360))
            assert m.table.figure(mid).angle == pytest.approx(deployed_angle(m, mid))
            if ai == "random":
                turned += heading == pytest.approx(heading_to(p, middle))
        if ai == "random":
            assert turned >= 3  # (where facing the middle is refused there, the default)
    assert runs[0] == runs[1]


def test_the_heuristic_points_a_vehicle_at_the_nearest_cap():
    m = derby()
    ctrls = [make_controller("heuristic", 22, b) for b in range(2)]
    req = m.pending
    caps = ctrls[req.boss].caps(m)
    mid, p, heading = ctrls[req.boss].decide(req, m)
    nearest = min(caps, key=lambda c: math.dist(c, p))
    assert heading == pytest.approx(heading_to(p, nearest))
    assert heading != pytest.approx(req.default_heading)
    assert req.legal_at(mid, p, heading) is None


def test_an_old_replay_holding_only_spots_for_its_vehicles_verifies_and_plays_as_before():
    """Recorded by the engine before deployments named a facing (main 4865056): each vehicle's
    deploy answer is a spot alone. It re-runs decision by decision with every event-log checksum
    the same, each vehicle facing away from its boss's edge as it did."""
    doc = json.loads((ROOT / "tests/fixtures/old_replays/derby_spots_only.json").read_text())
    vehicle_spots = [d["answer"] for d in doc["decisions"] if d["kind"] == "deploy" and d["answer"][0].endswith("v")]
    assert vehicle_spots and all(len(a) == 2 for a in vehicle_spots)
    verdict = rebuild(doc, "derby_spots_only.json")
    assert verdict.ok, verdict.message
    m = verdict.match
    for mid, _spot in vehicle_spots:
        seat = m.bosses[m.models[mid].boss].seat
        face = {"south": math.pi / 2, "north": -math.pi / 2, "west": 0.0, "east": math.pi}[seat]
        assert deployed_angle(m, mid) == face
    assert json.loads(json.dumps([e.to_dict() for e in m.events])) == doc["events"]


def test_a_hull_not_yet_on_the_table_measures_to_a_cap_from_its_side_or_its_end():
    """The physics query the rule asks: the gap edge to edge from the box, not its circle."""
    t = Table(24, 24)
    t.add_token((12.0, 5.0))
    r = t.p["token"]["diameter_mm"] / 25.4 / 2
    side = t.hull_within((2.0, 3.0), (12.0, 15.0), 0.0, 9.5)  # facing east: its side 1" from centre
    end = t.hull_within((2.0, 3.0), (12.0, 15.0), math.pi / 2, 9.5)  # facing north: its tail 1.5"
    assert [k.kind for k, _g in side] == [Kind.TOKEN]
    assert side[0][1] == pytest.approx(10.0 - 1.0 - r, abs=1e-6)
    assert end[0][1] == pytest.approx(10.0 - 1.5 - r, abs=1e-6)
    assert t.hull_within((2.0, 3.0), (12.0, 5.5), 0.0, 1.0)[0][1] < 0  # over the cap: overlapping


def test_a_cap_put_down_after_a_spot_was_judged_is_measured_where_it_now_is():
    """The circles round and inside a hull are remembered while the table is unchanged (turning
    a truck in the hot-seat judges the whole grid again): a table changed behind the engine's
    back, with no event, is not answered from memory."""
    m, req = red_asked_to_deploy_a_buggy()
    spot = (12.0, 18.0)
    assert req.legal_at("a1v", spot, 0.0) is None
    m.table.add_token((12.0, 21.0))
    assert req.legal_at("a1v", spot, 0.0) == 'within 8" of a cap'

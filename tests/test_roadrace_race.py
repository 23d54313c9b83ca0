"""Whole races: determinism, replays that verify, the log round trip, fame and campaigns, the docs."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from roadrace_kit import car, drive, kinds, load, race

from spacegits_sim.data.errors import DataError
from spacegits_sim.play import registry
from spacegits_sim.play.replay import rebuild, replay_doc
from spacegits_sim.rulesets.roadrace.book import book
from spacegits_sim.rulesets.roadrace.campaign import Campaign, between_races, legal_upgrades
from spacegits_sim.rulesets.roadrace.fame import tally
from spacegits_sim.rulesets.roadrace.gaps import update
from spacegits_sim.rulesets.roadrace.results import EVENTS, RESULTS

RS = registry.get("roadrace")


def play(scenario="quick", seed=5, ais=("heuristic", "random", "random", "random")):
    sc = RS.load_scenario(scenario)
    g = RS.new_game(sc, seed=seed)
    g.play([RS.make_controller(ais[i], seed, i) for i in range(RS.seats(sc))])
    return g


def test_a_race_plays_to_the_end_and_the_same_seed_replays_bit_for_bit():
    a, b = play(seed=11), play(seed=11)
    assert a.over and a.winners
    assert a.final_checksum() == b.final_checksum()
    assert a.events[-1].kind in ("fame_earned", "race_over")


@pytest.mark.parametrize("scenario", ["quick", "grand_prix"])
def test_replays_verify_and_a_changed_answer_is_caught(scenario):
    g = play(scenario, seed=3)
    doc = json.loads(json.dumps(replay_doc(g, RS)))
    assert doc["ruleset"] == "roadrace"
    v = rebuild(doc)
    assert v.ok, v.message
    # tamper with one recorded answer: the replay must say where it diverged
    i = next(k for k, d in enumerate(doc["decisions"]) if d["kind"] == "rr_attack")
    doc["decisions"][i]["answer"] = "none" if doc["decisions"][i]["answer"] != "none" else doc["decisions"][i]["answer"]
    doc["decisions"][i]["checksum"] = "0" * 64
    v2 = rebuild(doc)
    assert not v2.ok and v2.diverged_at == i


def test_the_log_round_trips_through_plain_data():
    g = play("grand_prix", seed=2)
    back = [RS.decode_event(json.loads(json.dumps(e.to_dict()))) for e in g.events]
    assert [e.to_dict() for e in back] == [json.loads(json.dumps(e.to_dict())) for e in g.events]
    assert RS.summary_from_events(back) == g.summary()


def test_outcome_names_the_winner_and_lap_points():
    g = play(seed=8)
    out = RS.outcome(g)
    assert out.winners == tuple(g.winners) and out.scores == tuple(float(r.lp) for r in g.racers)


def test_an_illegal_answer_changes_nothing():
    sc = RS.load_scenario("quick")
    g = RS.new_game(sc, seed=1)
    before = (len(g.events), g.pending)
    with pytest.raises(ValueError):
        g.answer("no such option")
    assert (len(g.events), g.pending) == before


def test_race_files_are_checked():
    with pytest.raises(DataError, match="a race has 2 to 6 cars, got 1"):
        RS.scenario_from_doc({"cars": [car().to_doc()]}, "r.yaml")
    with pytest.raises(DataError, match="two cars are called 'A'"):
        RS.scenario_from_doc({"cars": [car().to_doc(), car().to_doc()]}, "r.yaml")


@pytest.mark.parametrize("path", sorted((ROOT / "spacegits_sim/rulesets/roadrace").glob("*/*.yaml")))
def test_shipped_car_and_race_files_validate(path):
    what, warnings = RS.validate(path)
    assert warnings == [] and ("car" in what or "race" in what)


def test_good_meth_wears_off_after_two_turns():
    """'add 1 to your Reaction stat for 2 turns'."""
    r = race(car("A"), car("B"))
    me = r.racers[0]
    drive(r, RESULTS["hiker_good_meth"](r, me, me))  # in round 1
    load(r, *([1] * 200))
    r.round = 2
    drive(r, r._round())
    assert "good_meth" in [c.id for c in me.conds]
    r.round = 3
    drive(r, r._round())
    assert "good_meth" not in [c.id for c in me.conds]


# ---------------------------------------------------------------------- fame and campaigns


def _finished(**state):
    r = race(car("A", v=(1, 1, 2, 4)), car("B"))
    for k, v in state.items():
        setattr(r.racers[0], k, v)
    return r


def _fame(r, seat=0):
    return {fid: pts for s, fid, pts in tally(r) if s == seat}


def test_fame_for_a_clean_race_and_its_finish():
    """'Go the whole game without rolling on the Oh Crap! Chart: 1 point' (and the Whoops!, Damage and
    Spectacular charts), 'Finish the race: 1 point', 'Max out 1 stat at 4 dice: 1 point'."""
    f = _fame(_finished())
    assert f == {"no_oh_crap": 1, "no_whoops": 1, "no_damage_chart": 1, "no_spectacular": 1, "finish": 1, "max_stat": 1}


def test_fame_for_kills_interviews_perfect_rolls_and_battered_finishes():
    """'Kill an opposing driver or destroy their vehicle: 1 point', 'TV interview: 2 points', 'Get the
    maximum possible successes on any die roll without using re-rolls: 1 point', 'Finish the race with 9
    damage on your vehicle or only 1 Toughness left: 2 points'."""
    f = _fame(_finished(kills=2, interviews=1, perfect=True, vdamage=9, charts={"whoops"}))
    assert f["kill"] == 2 and f["tv_interview"] == 2 and f["perfect_roll"] == 1 and f["finish_battered"] == 2
    assert "no_whoops" not in f


def test_every_tv_interview_earns_its_two_fame_points():
    """'TV interview: 2 points' / 'The first player may elect to stop this turn and gain 2 Fame
    Points.' Two interviews in one race are 4 points."""
    r = race(car("A", v=(1, 1, 2, 4)), car("B"))
    for rnd in (1, 2):
        r.round, r.event_row, r.interview_open = rnd, "tv_interview", False
        drive(r, EVENTS["tv_interview"](r, r.racers[0]), answers=["stop"])
    assert _fame(r)["tv_interview"] == 4


def test_a_stat_maxed_out_by_an_advance_earns_the_max_stat_fame():
    """'Max out 1 stat at 4 dice: 1 point' / '+1 Speed (can be taken multiple times, but cannot go
    higher than 4)': the advance raises the stat to the same limit of 4 the building does."""
    r = race(car("A", v=(2, 2, 1, 3), earned=("plus_speed",)), car("B"))  # Speed 3 built, 4 advanced
    assert _fame(r)["max_stat"] == 1 and "max_stat" not in _fame(r, 1)


def test_a_racer_taken_out_did_not_go_the_whole_game_without_a_chart():
    """'Go the whole game without rolling on the Oh Crap! Chart: 1 point' (and the Whoops!, Damage and
    Spectacular charts): a racer taken out before the end did not go the whole game."""
    r = race(car("A"), car("B"), car("C"))
    r.racers[1].out = "destroyed"  # by a flamethrower's burning, say: no chart rolled for him
    out, still_in = _fame(r, 1), _fame(r, 2)
    clean = {"no_oh_crap", "no_whoops", "no_damage_chart", "no_spectacular"}
    assert not clean & set(out) and clean <= set(still_in)


def test_fame_for_the_only_survivor():
    """'Be the only one to survive a race: 2 points'."""
    r = race(car("A"), car("B"))
    r.racers[1].out = "dead"
    assert _fame(r)["sole_survivor"] == 2 and "finish" not in _fame(r, 1)


def test_a_perfect_roll_without_rerolls_earns_fame():
    r = race(car(v=(1, 1, 2, 4)))
    load(r, 5, 6, 5, 6)
    drive(r, r.stat_roll(r.racers[0], "speed", "test"))
    assert r.racers[0].perfect


def test_the_winner_picks_an_upgrade_and_five_fame_buy_another():
    """'the winner gets 1 Upgrade for either his Driver or his Vehicle. He may choose from the beginning
    or Advance Upgrade lists. ... in between games they may trade in 5 FP for an upgrade'."""
    g = play(seed=4)
    camp = Campaign(list(g.scenario.cars))
    gen = between_races(camp, g)
    asked = []
    try:
        req = next(gen)
        while True:
            asked.append(req)
            req = gen.send(req.options[-1])
    except StopIteration as stop:
        after = stop.value
    w = g.winners[0]
    assert asked[0].boss == w and asked[0].why == "winner"
    assert set(asked[0].options) == set(legal_upgrades(g.scenario.cars[w]))
    fame = [sum(e.points for e in kinds(g, "fame_earned") if e.seat == i) for i in range(2)]
    for i, c in enumerate(after.cars):
        trades = len(c.earned) - (i == w)
        assert c.fame == fame[i] - 5 * trades and c.fame < 5 or trades == 0 and c.fame == fame[i]


def test_advances_offered_only_while_legal():
    c = car(v=(1, 1, 2, 4))  # Speed points at 4: no +1 Speed
    assert "plus_speed" not in legal_upgrades(c) and "plus_defense" in legal_upgrades(c)
    assert "mutant" not in legal_upgrades(c)  # taken already (the kit's default)


# ---------------------------------------------------------------------- docs


def test_the_gaps_page_lists_every_completed_reading():
    page = ROOT / "docs" / "roadrace.md"
    assert page.read_text(encoding="utf-8") == update(page), "run python -m spacegits_sim.rulesets.roadrace.gaps"
    assert len(book().completed) > 40


def test_the_wheel_ships_every_road_race_yaml():
    """pyproject's package-data must cover the book, the cars and the races (the wheel test builds
    the wheel; this says which file would be missing, cheaply)."""
    import fnmatch
    import sys

    if sys.version_info < (3, 11):
        pytest.skip("tomllib")
    import tomllib

    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    pkg = "spacegits_sim.rulesets.roadrace"
    assert pkg in cfg["packages"]
    globs = cfg["package-data"][pkg]
    here = ROOT / "spacegits_sim" / "rulesets" / "roadrace"
    for f in here.rglob("*.yaml"):
        rel = f.relative_to(here).as_posix()
        assert any(fnmatch.fnmatch(rel, g) for g in globs), f"{rel} would not ship in the wheel"


def test_rewording_a_reading_keeps_the_binding_and_a_number_moves_it(tmp_path):
    from spacegits_sim.rulesets.roadrace.book import BOOK_FILE
    from spacegits_sim.rulesets.roadrace.engine import rules_digest

    text = BOOK_FILE.read_text(encoding="utf-8")
    assert "As many successes as failures: no event" in text and "lap_points_to_win: 20" in text
    reworded, changed = tmp_path / "a.yaml", tmp_path / "b.yaml"
    reworded.write_text(text.replace("As many successes as failures: no event", "A tie: no event"), encoding="utf-8")
    changed.write_text(text.replace("lap_points_to_win: 20", "lap_points_to_win: 21"), encoding="utf-8")
    assert rules_digest(reworded) == rules_digest(BOOK_FILE) != rules_digest(changed)


def test_writing_down_a_new_reading_keeps_the_binding(tmp_path):
    """A reading is prose (an id, the book's words, ours): writing one down moves no replay and no golden."""
    from spacegits_sim.rulesets.roadrace.book import BOOK_FILE
    from spacegits_sim.rulesets.roadrace.engine import rules_digest

    text = BOOK_FILE.read_text(encoding="utf-8")
    anchor = "readings:\n"
    assert anchor in text
    added = tmp_path / "a.yaml"
    added.write_text(text.replace(anchor, anchor + '  - {id: new_one, text: "x", completed: "y"}\n'), encoding="utf-8")
    assert rules_digest(added) == rules_digest(BOOK_FILE)


def test_a_season_runs_races_and_keeps_the_cars_in_its_file(tmp_path):
    """'at the end of each game, the winner gets 1 Upgrade ... in between games they may trade in 5 FP
    for an upgrade': ``spacegits season run`` races the same cars again and keeps what they earned."""
    from spacegits_sim.cli import main
    from spacegits_sim.data.yamlio import read_yaml
    from spacegits_sim.rulesets.roadrace.campaign import campaign_from_doc

    path = tmp_path / "season.yaml"
    assert main(["season", "run", str(path), "--races", "2", "--ai", "heuristic,random"]) == 0
    camp = campaign_from_doc(read_yaml(path), str(path))
    assert camp.races == 2 and len(camp.history) == 2
    assert sum(len(c.earned) for c in camp.cars) >= 2  # each race's winner took an upgrade
    assert main(["season", "run", str(path), "--races", "1"]) == 0
    assert campaign_from_doc(read_yaml(path), str(path)).races == 3
    assert main(["season", "status", str(tmp_path / "none.yaml")]) != 0


@pytest.mark.parametrize("race,seats", [("quick", 2), ("grand_prix", 4), ("six_pack", 6)])
def test_the_cli_default_ai_fits_every_number_of_seats(race, seats):
    """A default --ai is one name applied to every seat, so `spacegits watch --ruleset roadrace`
    works on a 4- or 6-car race; match keeps heuristic,random when there are two seats."""
    from spacegits_sim.cli import build_parser
    from spacegits_sim.cli.common import scenario_ais_seed

    ap = build_parser()
    for cmd, two in (("watch", ["heuristic", "heuristic"]), ("match", ["heuristic", "random"])):
        args = ap.parse_args([cmd, "--ruleset", "roadrace", "--scenario", race])
        _, ais, _ = scenario_ais_seed(args)
        assert ais == (two if seats == 2 else ["heuristic"] * seats)


def test_the_space_gits_cli_defaults_are_unchanged():
    from spacegits_sim.cli import build_parser
    from spacegits_sim.cli.common import scenario_ais_seed

    ap = build_parser()
    assert scenario_ais_seed(ap.parse_args(["watch"]))[1] == ["heuristic", "heuristic"]
    assert scenario_ais_seed(ap.parse_args(["match"]))[1] == ["heuristic", "random"]

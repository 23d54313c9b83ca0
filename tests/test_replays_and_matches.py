"""Headless matches, JSON summaries and exact replays (round trip, tampering, resume)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from spacegits_sim.data import DataError, default_rules
from spacegits_sim.matches import play_match, summary_with_ais
from spacegits_sim.rules.events import checksum
from spacegits_sim.rules.replay import load_replay, rebuild, replay_doc, save_replay
from spacegits_sim.rules.scenario import load_scenario


@pytest.fixture(scope="module")
def played():
    sc = load_scenario(None, default_rules())
    return play_match(sc, 11, ["heuristic", "heuristic"])


def test_a_replay_round_trip_verifies_every_decision(played, tmp_path: Path):
    path = tmp_path / "r.json"
    save_replay(played, path)
    v = rebuild(load_replay(path), str(path))
    assert v.ok, v.message
    assert v.decisions == len(played.decisions) > 20
    assert checksum(v.match.events) == checksum(played.events)


def test_a_tampered_answer_is_rejected_at_the_decision_where_it_diverges(played):
    doc = replay_doc(played)
    k = next(i for i, d in enumerate(doc["decisions"]) if d["kind"] == "aim_throw" and i > 10)
    doc["decisions"][k]["answer"]["aim"] = [1.0, 1.0]
    v = rebuild(doc)
    assert not v.ok and v.diverged_at == k and f"decision {k} of" in v.message


def test_a_tampered_checksum_is_caught(played):
    doc = replay_doc(played)
    doc["decisions"][5]["checksum"] = "0" * 64
    v = rebuild(doc)
    assert not v.ok and v.diverged_at == 5 and "checksum" in v.message


def test_an_illegal_recorded_answer_is_reported_not_raised(played):
    doc = replay_doc(played)
    k = next(i for i, d in enumerate(doc["decisions"]) if d["kind"] == "choose_activation")
    doc["decisions"][k]["answer"] = "z9"
    v = rebuild(doc)
    assert not v.ok and v.diverged_at == k and "not legal" in v.message


def test_a_replay_resumes_a_game_at_any_decision(played):
    doc = replay_doc(played)
    k = len(doc["decisions"]) // 2
    v = rebuild(doc, upto=k)
    assert v.ok and not v.match.over
    assert v.match.pending.kind == doc["decisions"][k]["kind"]
    assert v.match.decisions[-1][2] == doc["decisions"][k - 1]["checksum"]


def test_a_file_that_is_not_a_replay_gets_a_clear_message(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(DataError, match="not a replay file"):
        load_replay(bad)
    bad.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(DataError, match="not a spacegits-replay/1 file"):
        load_replay(bad)


def test_two_runs_of_the_same_match_give_identical_json_summaries():
    sc = load_scenario(None, default_rules())
    a = summary_with_ais(play_match(sc, 21, ["heuristic", "random"]).summary(), ["heuristic", "random"])
    b = summary_with_ais(play_match(sc, 21, ["heuristic", "random"]).summary(), ["heuristic", "random"])
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_match_command_prints_a_summary_and_writes_json_and_a_verifiable_replay(tmp_path: Path):
    js, rp = tmp_path / "m.json", tmp_path / "m.replay"
    cmd = [
        sys.executable,
        "-m",
        "spacegits_sim",
        "match",
        "--scenario",
        "scenarios/quickstart.yaml",
        "--seed",
        "7",
        "--ai",
        "heuristic,random",
        "--json",
        str(js),
        "--replay",
        str(rp),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env={"COLUMNS": "160", "PATH": ""})
    assert out.returncode == 0, out.stderr
    for word in ("new caps", "activations", "falls", "game clock", "safety rule"):
        assert word in out.stdout
    s = json.loads(js.read_text())
    assert set(s) >= {"winners", "bosses", "activations", "clock_s", "safety_rule_fired"}
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "replay", str(rp), "--verify"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0 and "verified" in out.stdout


def test_match_command_rejects_a_bad_ai_name_in_one_line():
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "match", "--ai", "genius,random"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "unknown AI 'genius'" in out.stderr and "Traceback" not in out.stderr


def test_a_replay_saved_before_the_rules_fingerprint_left_provenance_out_still_verifies():
    """Recorded on main 4865056, when the rules fingerprint hashed every field, reasons and rule
    text included: its recorded rules hash is these very data hashed that way, so it verifies
    (each checksum from the recorded binding), while a rules hash of other data still does not."""
    import copy
    import json

    from spacegits_sim.play.replay import rebuild

    doc = json.loads((ROOT / "tests/fixtures/old_replays/derby_spots_only.json").read_text())
    verdict = rebuild(doc, "derby_spots_only.json")
    assert verdict.ok, verdict.message
    assert verdict.decisions == len(doc["decisions"])
    other = copy.deepcopy(doc)
    other["binding"]["rules"] = "0" * 64
    bad = rebuild(other, "other.json")
    assert not bad.ok and "rules data" in bad.message

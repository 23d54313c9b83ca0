"""tools/ai_bars.py: one command measures every bar of issue 27's "Done when" (table and JSON),
and a bar without data says "not measured", never "met"."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent
ai_bars = load_tool("ai_bars")

BEHAVIOUR_BARS = {
    'move dice gone nowhere (under 0.1" without looting a cap, or lost past the edge)',
    "games past 1.5x the timer",
    "games past the timer",
    "fallen gits (friend within 6\") booted within 2 of their boss's activations",
    "gits robbed 3+ times by one enemy, boss never answered",
}
DERBY_BARS = {"vehicle activations with no drive, before the siren", 'drives stopping within 1"'}


def test_the_quick_run_measures_every_behaviour_bar_of_every_run_into_one_table_and_json(tmp_path):
    """Issue 27 "Done when": near-zero move dice for every AI on every scenario, the derby's
    parked and short drives, the timer, boots within two activations, unanswered robbers: a real
    ``--quick`` run of every ``ai_report.py`` subprocess, read back from their JSON rows."""
    out = tmp_path / "bars.json"
    p = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "ai_bars.py"), "--quick", "--jobs", "2", "--json", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    doc = json.loads(out.read_text())
    runs = {r["name"]: r for r in doc["runs"]}
    assert len(runs) == 12 and all(r["rc"] == 0 and not r["error"] for r in runs.values()), runs
    # every AI on every scenario: the heuristic, the search and the tree search, four scenarios each
    assert {(ai, sc) for ai in ("heuristic", "search", "mcts") for sc in ai_bars.SCENARIOS} == {
        (r["subject"].split("@")[0], r["scenario"]) for r in runs.values()
    }
    # a progress line per finished run, saying which and how long
    assert sum(" s, ok" in line for line in p.stderr.splitlines()) == 12
    for name in runs:
        got = {b["bar"] for b in doc["bars"] if b["run"] == name}
        want = BEHAVIOUR_BARS | (DERBY_BARS if name.endswith("derby") else set())
        assert got == want, (name, got ^ want)
        assert any(name in line for line in p.stdout.splitlines())
    for b in doc["bars"]:
        assert b["met"] in ("met", "NOT met", "not measured"), b
        assert (b["met"] == "not measured") == (b["value"] is None or b["figure"].startswith("not measured")), b
    assert doc["quick"] and not doc["strengths"]
    lines = p.stdout.splitlines()
    assert [c.strip() for c in lines[0].split(" | ")] == ["bar", "run", "figure", "threshold", "met"]
    rows = [line for line in lines[2:] if line.count(" | ") == 4]
    assert len(rows) == len(doc["bars"]) and all(r.rstrip().endswith(("met", "not measured")) for r in rows)
    assert "strength and timing bars not measured" in p.stdout


def test_a_failed_or_missing_run_says_not_measured_never_met():
    """Honesty: a run that failed (no JSON), a tournament with no decided game and a timing run
    with no output leave their bars "not measured", and the whole verdict is not "met"."""
    runs = ai_bars.plan(quick=True, strengths=True, out=Path("/nonexistent"))
    for r in runs:
        r.rc, r.error = 1, "exit 1: boom"
    runs[0].rc, runs[0].error = None, "not run: --only"
    bars = ai_bars.bars_of(runs)
    assert bars and all(b.met is None and b.verdict() == "not measured" for b in bars)
    assert all("not measured" in b.figure for b in bars)
    tie = ai_bars.Run("tournament heuristic,random x2", "tournament", [], "heuristic", "quickstart")
    tie.data = {"pairs": [{"wins_a": 0, "wins_b": 0, "ties": 2, "failed": 0, "rate_a": float("nan"), "ci95": [0, 1]}]}
    assert ai_bars.tournament_bar(tie, "heuristic beats random", ">= 95%", lambda v, _: v >= 0.95).met is None
    lost = ai_bars.Run("tournament mcts,search@ef7b879 x200", "tournament", [], "mcts", "quickstart")
    lost.data = {
        "pairs": [{"wins_a": 120, "wins_b": 80, "ties": 0, "failed": 0, "rate_a": 0.6, "ci95": [0.531, 0.666]}]
    }
    assert [b.met for b in ai_bars.bars_of([lost])] == [False]  # 60% but its CI's lower end is under 55%


def test_the_move_dice_bar_counts_a_die_that_looted_a_cap_apart_and_shows_the_literal_count_beside_it():
    """Reading of the bar (docs/ai.md): "If a model bumps into a bottle cap at any point, they stop
    and pick it up": a die whose walk looted a cap lying within 0.1" did not go nowhere. The bar
    counts the rest of the dice under 0.1" and those lost past the edge; its figure still gives
    every die under 0.1", so the literal count is never hidden."""
    r = ai_bars.Run("search vs heuristic x40 quickstart", "report", [], "search", "quickstart")
    r.data = {
        "quickstart": {"games": 40, "ais": {"search": {"move_dice": 800, "near_zero": 96, "near_zero_looted": 22}}}
    }
    b = ai_bars.report_bars(r)[0]
    assert b.bar.startswith("move dice gone nowhere")
    assert b.value == 74 / 800 and b.met is True
    assert '9.2% (74/800); all under 0.1" 12.0% (96/800)' in b.figure
    r.data["quickstart"]["ais"]["search"]["near_zero_looted"] = 0
    assert ai_bars.report_bars(r)[0].met is False  # 12% without a cap looted: not met


def test_the_searches_swap_seats_and_mcts_is_timed_on_the_derby_as_well_as_the_quick_start():
    """The derby's two gangs differ, so the search and mcts sit in both seats (``--swap``); and
    the issue's "≤ 1 s per decision" is read where mcts thinks longest, the derby, too."""
    runs = ai_bars.plan(quick=False, strengths=True, out=Path("/nonexistent"))
    for r in runs:
        if r.kind == "report" and r.subject != "heuristic":
            assert "--swap" in r.argv, r.name
    timed = {r.scenario for r in runs if r.kind == "timing"}
    assert timed == {"quickstart", "derby"}
    assert len({b.bar for b in ai_bars.bars_of([r for r in runs if r.kind == "timing"])}) == 4

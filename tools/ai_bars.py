"""Every bar of issue 27's "Done when", measured by one command: one table and one JSON file.

    .venv/bin/python tools/ai_bars.py --jobs 2                     # the behaviour bars, full size
    .venv/bin/python tools/ai_bars.py --jobs 2 --strengths         # ... and the strength and timing bars
    .venv/bin/python tools/ai_bars.py --quick --json out/bars.json # a small version (a smoke test, not a verdict)
    .venv/bin/python tools/ai_bars.py --only "heuristic x80"       # some runs; the others' bars: not measured

Why a separate tool: the bars are read off several commands (``tools/ai_report.py`` for how the
AIs play, ``spacegits tournament`` and ``tools/baseline_ai.py`` for who wins, and
``tools/search_timing.py`` for how long the new search thinks), each run at its own size; this
runs them all as subprocesses, ``--jobs`` at once, prints a line per finished run (which, how
long, its exit status) and reads their own JSON or output, so the figures in a closing note all
come from one command line that anyone can run again.

The runs, full size (``--quick``: 2 matches a heuristic run, 1 for the search and for mcts at
a 100 ms budget; tournaments of 2 games, the timing over 1 match; about a minute on 2 cores):
- ``ai_report.py --matches 80`` heuristic vs heuristic on each scenario (seeds 1-80);
- ``ai_report.py --matches 40 --ai search,heuristic --swap`` on each scenario (seats rotated on
  even seeds: the derby's two gangs differ);
- ``ai_report.py --matches 40 --ai mcts,heuristic --swap`` on each scenario (the issue's "every AI
  on every scenario", the same size as the search's);
- with ``--strengths``: ``spacegits tournament --ai heuristic,random --games 400``,
  ``--ai search,heuristic --games 400``, ``tools/baseline_ai.py --commit ef7b879 -- tournament
  --ai mcts,search@ef7b879 --games 200`` (Wilson 95% intervals), and ``tools/search_timing.py
  --ai mcts`` on the Quick Start and on the derby (the 95th percentile per decision, in wall and
  in CPU time, with the load average: the wall clock stretches on a shared machine, the CPU time
  does not).

Each behaviour bar is read for the AI a run is about (the heuristic in its mirror, the search
and mcts in their seat against the heuristic), per scenario; the per-game bars (the timer) for
the whole run. Honest by construction: a bar whose run failed, was not asked for, or whose
denominator is zero (no vehicle activation, no fallen git with a friend near) says "not
measured", never "met"; the overall line says "met" only when every bar was measured and met.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
SCENARIOS = ("quickstart", "four_bosses", "funfair", "derby")
BASELINE = "ef7b879"  # the search as it was when issue 27 was filed
NOT_MEASURED = "not measured"


@dataclass
class Run:
    """One subprocess: what it is called in the table, its command line, and where its figures land."""

    name: str
    kind: str  # report | tournament | timing
    argv: list[str]
    subject: str = ""  # the AI a report run is about
    scenario: str = ""
    json_path: Path | None = None
    rc: int | None = None
    seconds: float = 0.0
    stdout: str = ""
    stderr: str = ""
    data: Any = None
    error: str = ""


@dataclass
class Bar:
    bar: str
    run: str
    figure: str = NOT_MEASURED
    threshold: str = ""
    met: bool | None = None  # None: not measured
    value: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def verdict(self) -> str:
        return NOT_MEASURED if self.met is None else ("met" if self.met else "NOT met")


def plan(quick: bool, strengths: bool, out: Path) -> list[Run]:
    """The runs, full size or ``--quick``."""
    h, s, m = (2, 1, 1) if quick else (80, 40, 40)
    mcts = "mcts@100" if quick else "mcts"
    report = [PY, str(ROOT / "tools" / "ai_report.py")]
    runs: list[Run] = []
    for sc in SCENARIOS:
        p = out / f"report_heuristic_{sc}.json"
        runs.append(
            Run(
                f"heuristic x{h} {sc}",
                "report",
                [*report, "--matches", str(h), "--scenario", sc, "--json", str(p)],
                "heuristic",
                sc,
                p,
            )
        )
    for sc in SCENARIOS:
        p = out / f"report_search_{sc}.json"
        argv = [*report, "--matches", str(s), "--ai", "search,heuristic", "--swap", "--scenario", sc, "--json", str(p)]
        runs.append(Run(f"search vs heuristic x{s} {sc}", "report", argv, "search", sc, p))
    for sc in SCENARIOS:  # "for every AI on every scenario": the tree search too
        p = out / f"report_mcts_{sc}.json"
        argv = [*report, "--matches", str(m), "--ai", f"{mcts},heuristic", "--swap", "--scenario", sc, "--json", str(p)]
        runs.append(Run(f"{mcts} vs heuristic x{m} {sc}", "report", argv, mcts, sc, p))
    if strengths:
        g, gb = (2, 2) if quick else (400, 200)
        cli = [PY, "-m", "spacegits_sim.cli"]
        for pair in ("heuristic,random", "search,heuristic"):
            p = out / f"tournament_{pair.replace(',', '_')}.json"
            argv = [*cli, "tournament", "--ai", pair, "--games", str(g), "--jobs", "1", "--json", str(p)]
            runs.append(Run(f"tournament {pair} x{g}", "tournament", argv, pair.split(",")[0], "quickstart", p))
        p = out / "tournament_mcts_baseline.json"
        argv = [
            PY,
            str(ROOT / "tools" / "baseline_ai.py"),
            "--commit",
            BASELINE,
            "--",
            "tournament",
            "--ai",
            f"mcts,search@{BASELINE}",
            "--games",
            str(gb),
            "--jobs",
            "1",
            "--json",
            str(p),
        ]
        if quick:
            argv += ["--think-ms", "100"]
        runs.append(Run(f"tournament {mcts},search@{BASELINE} x{gb}", "tournament", argv, mcts, "quickstart", p))
        for sc, yaml in (("quickstart", "quickstart.yaml"), ("derby", "demolition_derby.yaml")):
            # (the derby too: its look-aheads preview every drive, and cost most; issue 27's bar
            # had been read off the Quick Start alone until 2026-12-04)
            argv = [PY, str(ROOT / "tools" / "search_timing.py"), "--ai", "mcts", "--scenario", yaml]
            argv += ["--matches", "1" if quick else "10"]
            if quick:
                argv += ["--think-ms", "100"]
            runs.append(Run(f"search_timing {mcts} x{1 if quick else 10} {sc}", "timing", argv, mcts, sc))
    return runs


def execute(run: Run) -> Run:
    t0 = time.perf_counter()
    try:
        p = subprocess.run(run.argv, cwd=ROOT, capture_output=True, text=True, check=False)
        run.rc, run.stdout, run.stderr = p.returncode, p.stdout, p.stderr
    except OSError as e:
        run.rc, run.error = -1, str(e)
    run.seconds = time.perf_counter() - t0
    if run.rc == 0 and run.json_path is not None:
        try:
            run.data = json.loads(run.json_path.read_text())
        except (OSError, ValueError) as e:
            run.error = f"no readable JSON at {run.json_path}: {e}"
    elif run.rc != 0 and not run.error:
        tail = (run.stderr.strip().splitlines() or ["(no output)"])[-1]
        run.error = f"exit {run.rc}: {tail[:200]}"
    return run


def run_all(runs: list[Run], jobs: int) -> None:
    """``jobs`` subprocesses at once (runs already marked not run are left); a progress line per finished run."""
    done = 0
    todo = [r for r in runs if not r.error]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[Run]] = {pool.submit(execute, r) for r in todo}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                r = f.result()
                done += 1
                status = "ok" if not r.error else f"FAILED ({r.error})"
                print(f"[{done}/{len(todo)}] {r.name}: {r.seconds:.1f} s, {status}", file=sys.stderr, flush=True)


def _share(n: int, d: int) -> tuple[str, float | None]:
    return (f"{100.0 * n / d:.1f}% ({n}/{d})", n / d) if d else (f"{NOT_MEASURED} (0 cases)", None)


def report_bars(r: Run) -> list[Bar]:
    """The behaviour bars of one ``ai_report.py`` run, read from its JSON's headline keys."""
    bars: list[Bar] = []

    def bar(name: str, threshold: str, n: int | None, d: int | None, ok: Any) -> None:
        b = Bar(name, r.name, threshold=threshold)
        if r.data is None or n is None or d is None:
            b.figure = f"{NOT_MEASURED}" + (f" ({r.error})" if r.error else "")
        else:
            b.figure, b.value = _share(n, d)
            b.met = None if b.value is None else bool(ok(b.value, n))
        bars.append(b)

    sc = (r.data or {}).get(r.scenario) if isinstance(r.data, dict) else None
    t = (sc or {}).get("ais", {}).get(r.subject) if sc else None

    def get(key: str) -> int | None:
        return None if t is None else int(t.get(key, 0))

    # A die whose walk looted a cap within 0.1" did what a die is for ("If a model bumps into a
    # bottle cap at any point, they stop and pick it up ... that move dice is finished"): the
    # middle's caps lie in clusters, each die loots one, and a git left touching the next cap
    # takes it with its next die. The bar is about dice that go nowhere, so it counts
    # them apart (docs/ai.md, "Reading of the move dice bar"); the literal count under 0.1"
    # stays in the figure beside it.
    nz, looted, dice = get("near_zero"), get("near_zero_looted"), get("move_dice")
    bar(
        'move dice gone nowhere (under 0.1" without looting a cap, or lost past the edge)',
        "<= 10%",
        None if nz is None or looted is None else nz - looted,
        dice,
        lambda v, _: v <= 0.10,
    )
    if nz is not None and dice:
        bars[-1].figure += f'; all under 0.1" {_share(nz, dice)[0]}'
    if r.scenario == "derby":
        bar(
            "vehicle activations with no drive, before the siren",
            "<= 25%",
            get("veh_still_before"),
            get("veh_acts_before"),
            lambda v, _: v <= 0.25,
        )
        bar('drives stopping within 1"', "<= 10%", get("drives_short"), get("drives"), lambda v, _: v <= 0.10)
    games = None if sc is None else int(sc.get("games", 0))
    bar(
        "games past 1.5x the timer",
        "none",
        None if sc is None else int(sc.get("past_safety", 0)),
        games,
        lambda _, n: n == 0,
    )
    bar(
        "games past the timer",
        "<= 10%",
        None if sc is None else int(sc.get("past_timer", 0)),
        games,
        lambda v, _: v <= 0.10,
    )
    bar(
        "fallen gits (friend within 6\") booted within 2 of their boss's activations",
        ">= 60%",
        get("booted_within_2"),
        get("fallen_with_friend"),
        lambda v, _: v >= 0.60,
    )
    b = Bar("gits robbed 3+ times by one enemy, boss never answered", r.name, threshold="none")
    if t is not None:
        n, could, of = get("robbed_3_unanswered") or 0, get("robbed_3_unanswered_could") or 0, get("robbed_3") or 0
        later = get("robbed_3_unanswered_later") or 0  # answerable in two activations, not in one
        b.figure, b.value, b.met = f"{n} (of {of} robbed 3+; {could} answerable, {later} over 2)", float(n), n == 0
    else:
        b.figure = NOT_MEASURED + (f" ({r.error})" if r.error else "")
    bars.append(b)
    return bars


def tournament_bar(r: Run, name: str, threshold: str, ok: Any) -> Bar:
    b = Bar(name, r.name, threshold=threshold)
    pairs = (r.data or {}).get("pairs") if isinstance(r.data, dict) else None
    if not pairs:
        b.figure = NOT_MEASURED + (f" ({r.error})" if r.error else "")
        return b
    p = pairs[0]
    decided = int(p["wins_a"]) + int(p["wins_b"])
    if not decided or p.get("rate_a") is None or (isinstance(p["rate_a"], float) and math.isnan(p["rate_a"])):
        b.figure = f"{NOT_MEASURED} (no decided game)"
        return b
    lo, hi = p["ci95"]
    b.figure = (
        f"{p['wins_a']}-{p['wins_b']} ({p['ties']} ties, {p['failed']} failed): {p['rate_a']:.1%} [{lo:.1%}, {hi:.1%}]"
    )
    b.value, b.met = float(p["rate_a"]), bool(ok(p["rate_a"], lo) and not p["failed"])
    b.extra = {"ci95": [lo, hi], "wins": [p["wins_a"], p["wins_b"]], "ties": p["ties"], "failed": p["failed"]}
    return b


P95 = re.compile(r"95th percentile (\d+) ms")


def timing_bars(r: Run) -> list[Bar]:
    """``search_timing.py`` prints its figures: the first line (every decision, wall) and the second (CPU)."""
    load = re.search(r"load average \(1 min\) at the start ([\d.]+), at the end ([\d.]+)", r.stdout)
    loads = f", load average {load.group(1)} -> {load.group(2)}" if load else ""
    lines = r.stdout.splitlines()
    out = []
    for label, idx in (("wall", 0), ("CPU", 1)):
        b = Bar(f"{r.subject} per decision, {r.scenario}, 95th percentile ({label})", r.name, threshold="<= 1000 ms")
        m = P95.search(lines[idx]) if r.rc == 0 and len(lines) > idx else None
        if m:
            b.value = float(m.group(1))
            b.figure, b.met = f"{m.group(1)} ms{loads}", b.value <= 1000
        else:
            b.figure = NOT_MEASURED + (f" ({r.error})" if r.error else "")
        out.append(b)
    return out


def bars_of(runs: list[Run]) -> list[Bar]:
    bars: list[Bar] = []
    for r in runs:
        if r.kind == "report":
            bars += report_bars(r)
        elif r.kind == "timing":
            bars += timing_bars(r)
        elif "heuristic,random" in r.name:
            bars.append(tournament_bar(r, "heuristic beats random", ">= 95%", lambda v, _: v >= 0.95))
        elif "search,heuristic" in r.name:
            bars.append(tournament_bar(r, "search beats the heuristic", ">= 70%", lambda v, _: v >= 0.70))
        else:
            bars.append(
                tournament_bar(
                    r, f"the new search beats the search of {BASELINE}", "95% CI lower > 55%", lambda _, lo: lo > 0.55
                )
            )
    return bars


def table(bars: list[Bar]) -> str:
    rows = [("bar", "run", "figure", "threshold", "met")] + [
        (b.bar, b.run, b.figure, b.threshold, b.verdict()) for b in bars
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = [" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=1, help="runs at once (each is one process; default 1)")
    ap.add_argument("--quick", action="store_true", help="a small version of every run (a smoke test, not a verdict)")
    ap.add_argument("--strengths", action="store_true", help="also the tournaments and the mcts timing")
    ap.add_argument("--json", type=Path, default=Path("out/ai_bars.json"), help="where to write the bars")
    ap.add_argument("--keep", type=Path, default=None, help="keep each run's own JSON in this folder")
    ap.add_argument(
        "--only",
        action="append",
        default=None,
        help="run only the runs whose name contains this (repeatable); the others' bars say not measured",
    )
    args = ap.parse_args(argv)
    if not 1 <= args.jobs <= 64:
        ap.error("--jobs must be between 1 and 64")
    if args.json.suffix != ".json":
        ap.error(f"--json '{args.json}' must name a .json file")
    with tempfile.TemporaryDirectory(prefix="ai_bars_") as tmp:
        out = args.keep or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        runs = plan(args.quick, args.strengths, out.resolve())
        for r in runs:
            if args.only and not any(o in r.name for o in args.only):
                r.error = "not run: --only"
        t0 = time.perf_counter()
        load0 = os.getloadavg()[0]
        run_all(runs, args.jobs)
        bars = bars_of(runs)
    measured = [b for b in bars if b.met is not None]
    unmeasured = len(bars) - len(measured)
    failed = sum(not b.met for b in measured)
    overall = "met" if not unmeasured and not failed else ("NOT met" if failed else NOT_MEASURED)
    print(table(bars))
    print(
        f"\n{len(bars)} bars: {len(measured) - failed} met, {failed} not met, {unmeasured} not measured"
        f" -> {overall}{' (--quick: a smoke test, not a verdict)' if args.quick else ''};"
        f" {sum(r.rc is not None for r in runs)} of {len(runs)} runs in {time.perf_counter() - t0:.0f} s,"
        f" load average {load0:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    if not args.strengths:
        print("strength and timing bars not measured (--strengths)")
    doc = {
        "quick": args.quick,
        "strengths": args.strengths,
        "overall": overall,
        "bars": [
            {
                "bar": b.bar,
                "run": b.run,
                "figure": b.figure,
                "threshold": b.threshold,
                "met": b.verdict(),
                "value": b.value,
                **b.extra,
            }
            for b in bars
        ],
        "runs": [
            {
                "name": r.name,
                "subject": r.subject,
                "scenario": r.scenario,
                "argv": [a if a != PY else "python" for a in r.argv],
                "rc": r.rc,
                "seconds": round(r.seconds, 1),
                "error": r.error,
            }
            for r in runs
        ],
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(doc, indent=1))
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

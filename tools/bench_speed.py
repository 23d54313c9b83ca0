"""Before/after speed report: matches, the tower sweep and the cost of a die, side by side.

Each measurement runs in a fresh interpreter on a source tree: this checkout ("after") and
the tree of ``--before REV`` extracted with ``git archive`` into a temporary folder. Both
run the same script against the same public API (``play_match``, ``towerlab.sweep``,
``Tower.add_die``), one after the other, so the ratios compare code, not machines. CPU time
(``time.process_time``) is what is reported: wall time on this 2-core box is noisy.

    python tools/bench_speed.py --before 9ff2f53                 # quick: 10 matches, 20 trials/cell
    python tools/bench_speed.py --before 9ff2f53 --matches 20 --trials 200   # the issue's sizes

Reported: CPU per match (median), how much faster than the real clock a game that reached the
siren ran (game clock / CPU; heuristic games often end early, so also games of random AIs that
never leg it, which always play to the siren), the 1-12 dice x 3 care levels sweep's total CPU,
and the CPU to add one die to towers of 8, 24 and 32 dice (median over seeds).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside the measured tree. Uses only API that both trees have.
_SCRIPT = r"""
import json, statistics, sys, time
what, n = sys.argv[1], int(sys.argv[2])
first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
out = {}
if what == "match":
    from spacegits_sim.data import default_rules
    from spacegits_sim.matches import play_match
    from spacegits_sim.rules.scenario import load_scenario
    sc = load_scenario(None, default_rules())
    play_match(sc, 10_000, ["heuristic", "heuristic"])  # warm-up: imports, caches
    rows = []
    for seed in range(first, first + n):
        t0 = time.process_time()
        m = play_match(sc, seed, ["heuristic", "heuristic"])
        cpu = time.process_time() - t0
        s = m.summary()
        rows.append((cpu, bool(s["siren"]), float(s["clock_s"]), int(s["activations"])))
    out = {"cpu": [r[0] for r in rows], "siren": [r[1] for r in rows], "clock": [r[2] for r in rows],
           "acts": [r[3] for r in rows]}
elif what == "full":
    # games that reach the siren: random AIs that never leg it by choice (both trees have them)
    from spacegits_sim.ai.random_ai import RandomController
    from spacegits_sim.data import default_rules
    from spacegits_sim.rules.engine import Match
    from spacegits_sim.rules.scenario import load_scenario
    sc = load_scenario(None, default_rules())
    rows = []
    for seed in range(first, first + n):
        m = Match(sc, seed=seed)
        t0 = time.process_time()
        m.play([RandomController(seed, i, stubborn=True) for i in range(len(sc.players))])
        cpu = time.process_time() - t0
        s = m.summary()
        rows.append((cpu, bool(s["siren"]), float(s["clock_s"])))
    out = {"cpu": [r[0] for r in rows], "siren": [r[1] for r in rows], "clock": [r[2] for r in rows]}
elif what == "sweep":
    from spacegits_sim.towerlab import sweep
    t0 = time.process_time()
    cells = sweep(list(range(1, 13)), ["careful", "normal", "hurried"], n)
    out = {"cpu": time.process_time() - t0, "falls": [[c.height, c.care, c.falls, c.trials] for c in cells]}
elif what == "die":
    # towers built one die at a time (as in a game), then the next die: CPU of that one add;
    # a build that falls before reaching the height is skipped (and counted)
    from spacegits_sim.physics.tower import Tower
    for h in (8, 24, 32):
        costs, skipped, seed = [], 0, 0
        while len(costs) < n and seed < 20 * n:
            t = Tower(seed=seed)
            seed += 1
            while t.standing and t.height < h - 1:
                t.add_die()
            if not t.standing:
                skipped += 1
                continue
            t0 = time.process_time()
            t.add_die()
            costs.append((time.process_time() - t0) * 1000)
        out[str(h)] = costs
        out["skipped" + str(h)] = skipped
print(json.dumps(out))
"""


def _extract(rev: str, dest: Path) -> Path:
    """The tree of ``rev`` (via git archive) in ``dest``."""
    with tempfile.TemporaryFile() as f:
        subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev], stdout=f, check=True)
        f.seek(0)
        with tarfile.open(fileobj=f) as tar:
            tar.extractall(dest, filter="data")
    return dest


def _measure(tree: Path, what: str, n: int, first: int = 0) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run(
        [sys.executable, "-c", _SCRIPT, what, str(n), str(first)], cwd=tree, env=env, capture_output=True, text=True
    )
    if r.returncode != 0:
        raise SystemExit(f"measuring {what} in {tree} failed:\n{r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


ROUND = 4  # matches per turn when before and after take turns


def _interleaved(trees: dict[str, Path], what: str, n: int) -> dict[str, dict]:
    """``n`` seeded runs of each tree, taking turns ``ROUND`` seeds at a time (before, after,
    before, …), so a machine whose speed drifts during the run slows both alike."""
    out: dict[str, dict] = {k: {} for k in trees}
    for first in range(0, n, ROUND):
        for k, t in trees.items():
            part = _measure(t, what, min(ROUND, n - first), first)
            for key, vals in part.items():
                out[k].setdefault(key, []).extend(vals)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="git revision to compare against (e.g. 9ff2f53)")
    ap.add_argument("--matches", type=int, default=10, help="seeded heuristic-vs-heuristic matches (default 10)")
    ap.add_argument("--trials", type=int, default=20, help="sweep trials per height and care level (default 20)")
    ap.add_argument("--dice-seeds", type=int, default=10, help="seeds per tower height for the cost of a die")
    ap.add_argument("--skip", default="", help="comma list of measurements to skip: match,full,sweep,die")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    tmp = Path(tempfile.mkdtemp(prefix="bench-before-"))
    try:
        before = _extract(args.before, tmp)
        trees = {"before": before, "after": ROOT}
        print(f"before = {args.before}, after = this checkout; CPU seconds (process time), medians")
        rows: list[tuple[str, float, float, str]] = []
        if "match" not in skip:
            res = _interleaved(trees, "match", args.matches)
            med = {k: statistics.median(r["cpu"]) for k, r in res.items()}
            rows.append((f"CPU per match ({args.matches} heuristic matches)", med["before"], med["after"], "s"))
            per = {
                k: statistics.median([c / max(1, a) * 1000 for c, a in zip(r["cpu"], r["acts"], strict=True)])
                for k, r in res.items()
            }
            rows.append(("CPU per activation (games differ when physics does)", per["before"], per["after"], "ms"))
            total = {k: sum(r["cpu"]) / max(1.0, sum(r["clock"]) / 60) for k, r in res.items()}
            rows.append(("CPU per minute of game clock, all games", total["before"], total["after"], "s"))
            whole = {
                k: statistics.median([c / cpu for cpu, c in zip(r["cpu"], r["clock"], strict=True) if cpu > 0])
                for k, r in res.items()
            }
            rows.append(("whole heuristic games, game clock / CPU (median)", whole["before"], whole["after"], "x"))
        if "full" not in skip:
            res = _interleaved(trees, "full", args.matches)
            xr = {}
            for k, r in res.items():
                xr[k] = statistics.median([c / cpu for cpu, c in zip(r["cpu"], r["clock"], strict=True) if cpu > 0])
            rows.append(
                (
                    "whole games of random AIs that never leg it, game clock / CPU",
                    xr["before"],
                    xr["after"],
                    "x",
                )
            )
        if "sweep" not in skip:
            res = {k: _measure(t, "sweep", args.trials) for k, t in trees.items()}
            rows.append((f"sweep 1-12 dice x 3 cares x {args.trials}", res["before"]["cpu"], res["after"]["cpu"], "s"))
            print("sweep falls (height care before after):")
            for fb, fa in zip(res["before"]["falls"], res["after"]["falls"], strict=True):
                print(f"  {fb[0]:2d} {fb[1]:8s} {fb[2]:4d}/{fb[3]} {fa[2]:4d}/{fa[3]}")
        if "die" not in skip:
            res = {k: _measure(t, "die", args.dice_seeds) for k, t in trees.items()}
            for h in ("8", "24", "32"):
                b, a = statistics.median(res["before"][h]), statistics.median(res["after"][h])
                sk = f"{res['before']['skipped' + h]}/{res['after']['skipped' + h]}"
                rows.append((f"CPU to add a die to {int(h) - 1} dice (builds fell: {sk})", b, a, "ms"))
        print(f"{'measure':58s} {'before':>10s} {'after':>10s} {'ratio':>8s}")
        for name, b, a, unit in rows:
            ratio = (a / b if unit == "x" else b / a) if a and b else float("nan")
            print(f"{name:58s} {b:9.2f}{unit:1s} {a:9.2f}{unit:1s} {ratio:7.2f}x")
        print("ratio = how many times faster after is (before/after; for 'x real time', after/before)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

"""How tall towers grow in play (issue 26): the tallest standing tower per seeded match, and the
chance that putting one more die on a tower topples it, by height, for gits and vehicles.

    .venv/bin/python tools/tower_heights.py --scenario demolition_derby.yaml --matches 200 --json out/derby.json
    .venv/bin/python tools/tower_heights.py --scenario four_bosses.yaml --matches 200 --json out/four.json
    .venv/bin/python tools/tower_heights.py --from out/derby.json out/four.json    # print saved runs again
    .venv/bin/python tools/tower_heights.py --first 100 --matches 100 --json out/derby2.json   # seeds 100-199
    .venv/bin/python tools/tower_heights.py --from out/derby.json out/derby2.json  # runs of a scenario pool by seed

Every boss is the heuristic AI; match k is seeded k (as tools/derby_run.py). Heights are read
from the event log only (tower_grew, tower_rebuilt, vehicle_towers): a git's tower and each of a
vehicle's two towers. The tallest tower of a match is the most dice any one tower held standing.
Per-die fall rates: a tower_grew of ``added`` dice ending at ``height`` put dice on at heights
height-added+1 .. height, and only the last can have toppled it; a vehicle's dice go each on the
shorter tower, so the order is replayed from the heights before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.data.paths import scenarios_dir  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402

BUCKETS = ((2, 5), (6, 10), (11, 15), (16, 20), (21, 30), (31, 40), (41, 49), (50, 10_000))


def read_events(events: list[Any]) -> dict[str, Any]:
    """The tallest standing tower, and (height, fell) for every die put on a tower, git or vehicle."""
    tallest = 0
    dice: dict[str, list[tuple[int, bool]]] = {"git": [], "vehicle": []}
    for e in events:
        if e.kind == "tower_grew":
            h0 = e.height - e.added
            for i in range(1, e.added + 1):
                dice["git"].append((h0 + i, not e.standing and i == e.added))
            if e.standing:
                tallest = max(tallest, e.height)
        elif e.kind == "tower_rebuilt":
            if e.standing:
                tallest = max(tallest, e.height)
        elif e.kind == "vehicle_towers":
            h = [e.heights[0] - e.added[0], e.heights[1] - e.added[1]]
            n = sum(e.added)
            for i in range(n):
                k = 0 if h[0] <= h[1] else 1
                h[k] += 1
                dice["vehicle"].append((h[k], not e.standing and i == n - 1))
            if e.standing:
                tallest = max(tallest, *e.heights)
    return {"tallest": tallest, "dice": dice}


def play(scenario: str, k: int) -> dict[str, Any]:
    rules = default_rules()
    sc = load_scenario(scenarios_dir() / scenario, rules)
    m = Match(sc, seed=k)
    t0 = time.process_time()
    m.play([make_controller("heuristic", seed=k, boss=b) for b in range(len(sc.players))])
    out = read_events(m.events)
    out["cpu_s"] = time.process_time() - t0
    out["seed"] = k
    return out


def percentile(xs: list[int], q: float) -> float:
    """The q-quantile by linear interpolation (numpy's default)."""
    s = sorted(xs)
    if not s:
        return float("nan")
    pos = q * (len(s) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    tall = [r["tallest"] for r in runs]
    rates: dict[str, list[dict[str, Any]]] = {}
    for who in ("git", "vehicle"):
        count: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
        for r in runs:
            for h, fell in r["dice"][who]:
                for lo, hi in BUCKETS:
                    if lo <= h <= hi:
                        count[(lo, hi)][0] += 1
                        count[(lo, hi)][1] += bool(fell)
        rates[who] = [
            {"heights": f"{lo}-{hi}" if hi < 10_000 else f"{lo}+", "dice": n, "falls": f}
            for (lo, hi) in BUCKETS
            for n, f in [count[(lo, hi)]]
            if n
        ]
    return {
        "matches": len(runs),
        "tallest": {
            "median": percentile(tall, 0.5),
            "p75": percentile(tall, 0.75),
            "p90": percentile(tall, 0.9),
            "max": max(tall) if tall else 0,
            "over_30": sum(t > 30 for t in tall),
            "over_49": sum(t > 49 for t in tall),
        },
        "cpu_s_per_match": round(statistics.mean(r["cpu_s"] for r in runs), 2) if runs else 0.0,
        "fall_per_die": rates,
    }


def report(name: str, s: dict[str, Any]) -> str:
    t = s["tallest"]
    lines = [
        f"{name}: {s['matches']} matches, {s['cpu_s_per_match']} CPU-s each; tallest tower per match: "
        f"median {t['median']:g}, p75 {t['p75']:g}, p90 {t['p90']:g}, max {t['max']}; "
        f"over 30 in {t['over_30']}, over 49 in {t['over_49']}"
    ]
    for who, rows in s["fall_per_die"].items():
        cells = ", ".join(
            f"{r['heights']}: {100 * r['falls'] / r['dice']:.1f}% of {r['dice']}" for r in rows if r["dice"]
        )
        lines.append(f"  fall per die put on a {who}'s tower, by height: {cells or '-'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default="demolition_derby.yaml")
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="seed of the first match")
    ap.add_argument("--json", default=None, help="write the per-match heights and the summary as JSON")
    ap.add_argument("--from", dest="saved", nargs="*", default=None, help="summarise saved JSON runs instead")
    args = ap.parse_args(argv)
    if args.saved is not None:  # runs of one scenario in several files (a long run split by --first) pool
        pooled: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
        for path in args.saved:
            doc = json.loads(Path(path).read_text())
            for r in doc["runs"]:
                pooled[doc["scenario"]][r["seed"]] = r
        for scenario, by_seed in pooled.items():
            seeds = sorted(by_seed)
            print(report(f"{scenario} (seeds {seeds[0]}-{seeds[-1]})", summarise([by_seed[k] for k in seeds])))
        return 0
    if not 1 <= args.matches <= 100_000:
        ap.error("--matches must be 1-100000")
    if not (scenarios_dir() / args.scenario).is_file():
        ap.error(f"no scenario {args.scenario} in {scenarios_dir()}")
    runs = []
    for k in range(args.first, args.first + args.matches):
        runs.append(play(args.scenario, k))
        if args.json:  # saved as it goes: a long run interrupted keeps what it measured
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps({"scenario": args.scenario, "runs": runs}))
    print(report(args.scenario, summarise(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

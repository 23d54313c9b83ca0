"""Benchmark: tournament throughput with 1 and with 2 worker processes, short and long matches.

Runs the same schedule through ``tournament.run`` with ``jobs=1`` and ``jobs=2`` (wall time,
pool start-up included, as a user meets it) and reports matches per second and the ratio.
"Short" is random vs random (most end within a few activations); "long" is heuristic vs
heuristic.

    python tools/bench_tournament.py --games 40
"""

from __future__ import annotations

import argparse
import statistics
import time

from spacegits_sim.data import default_rules
from spacegits_sim.rules.scenario import load_scenario, scenario_to_doc
from spacegits_sim.tournament import run, schedule


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, the median is reported (default 5)")
    args = ap.parse_args()
    doc = scenario_to_doc(load_scenario(None, default_rules()))
    for label, ais, games in (
        ("short (random vs random)", ["random", "random"], args.games * 4),
        ("long (heuristic vs heuristic)", ["heuristic", "heuristic"], args.games),
    ):
        tasks = schedule(doc, ais, games, seed=1)
        walls: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.repeat):  # interleaved, so a noisy neighbour hits both alike
            for jobs in (1, 2):
                t0 = time.perf_counter()
                results = run(tasks, jobs=jobs)
                walls[jobs].append(time.perf_counter() - t0)
                assert len(results) == len(tasks) and not any(r["error"] for r in results)
        rates = {jobs: len(tasks) / statistics.median(w) for jobs, w in walls.items()}
        print(
            f"{label:32s} {len(tasks):4d} matches: 1 job {rates[1]:6.1f}/s, 2 jobs {rates[2]:6.1f}/s, "
            f"ratio {rates[2] / rates[1]:.2f}x"
        )


if __name__ == "__main__":
    main()

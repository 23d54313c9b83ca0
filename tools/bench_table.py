"""Benchmark: steps and wall time of throws on a busy table (10 models, 8 terrain pieces, caps).

python tools/bench_table.py --runs 30
"""

from __future__ import annotations

import argparse
import statistics
import time

from spacegits_sim.physics.table import Table
from spacegits_sim.rng import stream


def busy_table() -> Table:
    t = Table()
    for i in range(8):
        x, y = 2 + (i % 4) * 6, 4 + (i // 4) * 14
        t.add_terrain(f"t{i}", 3.0 if i % 2 else 1.0, polygon=[(x, y), (x + 2, y), (x + 2, y + 1.5), (x, y + 1.5)])
    for i in range(10):
        t.add_figure(f"m{i}", (2.5 + 2.2 * i, 12 + (3 if i % 2 else -3)))
        t.set_tower(f"m{i}", 0.6 * (1 + i % 5))
    for i in range(13):
        t.add_token((3 + 1.5 * i, 12))
    return t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    for label, n, aim in (("3-die move throw", 3, (12.0, 14.0)), ("12-die explosion", 12, (12.0, 12.0))):
        steps, walls, sims = [], [], []
        for k in range(args.runs):
            t = busy_table()
            rs, rf = stream(k, "s"), stream(k, "f")
            t0 = time.perf_counter()
            r = t.throw((12.0, 4.0), aim, [6] * n, rs, rf, strength=0.5, scatter=2.0)
            walls.append((time.perf_counter() - t0) * 1000)
            steps.append(r.steps)
            sims.append(r.sim_time_s)
        print(
            f"{label}: median {statistics.median(steps):.0f} steps ({statistics.median(sims):.2f} s simulated, "
            f"settle-detected), median wall {statistics.median(walls):.1f} ms (max {max(walls):.1f} ms) "
            f"over {args.runs} runs"
        )


if __name__ == "__main__":
    main()

"""Benchmark: simulated seconds and wall time per 3D6 scoot (normal care) for towers of 3, 8, 12 dice.

python tools/bench_towers.py --runs 20
"""

from __future__ import annotations

import argparse
import statistics

from spacegits_sim.towerlab import Trial, run_trial


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    for h in (3, 8, 12):
        sims, walls, falls = [], [], 0
        for k in range(args.runs):
            fell, sim, wall = run_trial(Trial(h, "normal", "scoot", 1000 + k), None)
            sims.append(sim)
            walls.append(wall * 1000)
            falls += fell
        print(
            f"{h:2d} dice: median {statistics.median(sims):.2f} s simulated per scoot, median wall "
            f"{statistics.median(walls):.0f} ms "
            f"({statistics.median(sims) / (statistics.median(walls) / 1000):.1f}x real time), "
            f"{falls}/{args.runs} fell (a fall ends the simulation early)"
        )


if __name__ == "__main__":
    main()

"""The self-collapse curve (issue 26): towers built die by die, never carried, until they topple.

    .venv/bin/python tools/tower_collapse.py --builds 1000 --vehicles 200 --plot docs/tower_collapse.png \\
        --json docs/tower_collapse.json                                  # the figures in docs/towers.md
    .venv/bin/python tools/tower_collapse.py --builds 64 --set face_tilt_rad=0.001   # another stacker

A git's tower gets one die at a time; a vehicle's two towers get each die on the shorter one. Prints
the height at which they toppled (median, quartiles, the tallest, how many passed 49 dice: the best
hand stacker's record) and plots the fall probability of each added die against the dice already on
the model. Parameters: assets/physics/towers.yaml, overridden with --set name=value.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.atomic import write_atomic  # noqa: E402
from spacegits_sim.physics.params import ParamError, load_params, parse_sets  # noqa: E402
from spacegits_sim.towerlab import COLLAPSE_CAP, hazard, plot_collapse, self_collapse  # noqa: E402


def quartiles(xs: list[int]) -> tuple[float, float, float]:
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    return q[0], q[1], q[2]


def describe(name: str, heights: list[int], cpu_s: float) -> str:
    q1, med, q3 = quartiles(heights)
    return (
        f"{name}: {len(heights)} builds toppled at a median {med:g} dice (quartiles {q1:g}-{q3:g}, "
        f"range {min(heights)}-{max(heights)}); past 49: {sum(h > 49 for h in heights)}; "
        f"{cpu_s / len(heights):.3f} CPU-s a build"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--builds", type=int, default=64, help="git towers to build")
    ap.add_argument("--vehicles", type=int, default=0, help="vehicles (two towers each) to build")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--plot", default=None)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    if not 1 <= args.builds <= 100_000 or not 0 <= args.vehicles <= 100_000:
        ap.error("--builds must be 1-100000 and --vehicles 0-100000")
    try:
        params = load_params("towers", parse_sets(args.set))
    except ParamError as e:
        ap.error(str(e))
    curves: dict[str, list[int]] = {}
    out: dict[str, object] = {"params": {e.split("=")[0]: e.split("=")[1] for e in args.set}, "cap": COLLAPSE_CAP}
    for name, n in (("git", args.builds), ("vehicle", args.vehicles)):
        if not n:
            continue
        t0 = time.process_time()
        builds = self_collapse(n, vehicle=name == "vehicle", params=params, jobs=args.jobs, seed=args.seed)
        cpu = time.process_time() - t0
        heights = [b.height for b in builds]
        curves[name] = heights
        print(describe(name, heights, cpu))
        q1, med, q3 = quartiles(heights)
        out[name] = {
            "builds": n,
            "median": med,
            "quartiles": [q1, q3],
            "max": max(heights),
            "past_49": sum(h > 49 for h in heights),
            "heights": heights,
            "simulated_set_downs": sum(b.simulated for b in builds),
            "hazard": [{"dice_before": k, "put": p, "toppled": f} for k, p, f in hazard(heights)],
        }
    if args.plot:
        plot_collapse(curves, args.plot, "Towers built die by die, never carried: each added die's fall chance")
        print(f"wrote {args.plot}")
    if args.json:
        write_atomic(args.json, json.dumps(out, indent=1) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

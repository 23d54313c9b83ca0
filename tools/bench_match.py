"""Benchmark: N headless heuristic-vs-heuristic Quick Start matches.

Reports the median CPU seconds per match and the share spent inside pymunk stepping
(table and towers) versus everything else (rules, AI, queries). Stepping is timed by
wrapping pymunk.Space.step here, in the tool only.

    python tools/bench_match.py --matches 20
"""

from __future__ import annotations

import argparse
import statistics
import time

import pymunk

from spacegits_sim.data import default_rules
from spacegits_sim.matches import play_match
from spacegits_sim.rules.scenario import load_scenario

_step_time = [0.0]
_steps = [0]
_orig_step = pymunk.Space.step


def _timed_step(self: pymunk.Space, dt: float) -> None:
    t0 = time.process_time()
    _orig_step(self, dt)
    _step_time[0] += time.process_time() - t0
    _steps[0] += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--ai", default="heuristic,heuristic")
    args = ap.parse_args()
    pymunk.Space.step = _timed_step  # type: ignore[method-assign]
    sc = load_scenario(None, default_rules())
    cpu, shares, acts, steps = [], [], [], []
    for seed in range(args.matches):
        _step_time[0] = 0.0
        _steps[0] = 0
        t0 = time.process_time()
        m = play_match(sc, seed, args.ai.split(","))
        c = time.process_time() - t0
        cpu.append(c)
        shares.append(_step_time[0] / c)
        acts.append(m.activations)
        steps.append(_steps[0])
    med = statistics.median(cpu)
    print(f"{args.matches} matches of {args.ai} on the Quick Start")
    print(f"CPU per match: median {med:.2f} s (min {min(cpu):.2f}, max {max(cpu):.2f})")
    print(
        f"activations per match: median {statistics.median(acts):.0f}; "
        f"per activation {med / max(1, statistics.median(acts)) * 1000:.0f} ms"
    )
    print(f"pymunk steps per match: median {statistics.median(steps):.0f}")
    print(
        f"share of CPU inside pymunk Space.step: median {statistics.median(shares):.0%} "
        f"(rules + AI + queries + Python-side physics set-up: {1 - statistics.median(shares):.0%})"
    )


if __name__ == "__main__":
    main()

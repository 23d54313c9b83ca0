"""How long the search AI thinks per decision, on this machine (issue 16: at most 1 s).

    .venv/bin/python tools/search_timing.py --matches 20

Plays search vs heuristic Quick Starts (seats swapped) and times every decision the search
boss makes with the wall clock: prints the median, the 95th percentile and the slowest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.data.paths import scenarios_dir  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


class Timed:
    def __init__(self, inner: Any, out: list[float]) -> None:
        self.inner, self.out = inner, out

    def decide(self, request: Any, match: Any) -> Any:
        t0 = time.perf_counter()
        ans = self.inner.decide(request, match)
        self.out.append(time.perf_counter() - t0)
        return ans


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--scenario", default="quickstart.yaml")
    args = ap.parse_args(argv)
    sc = load_scenario(scenarios_dir() / args.scenario, default_rules())
    times: list[float] = []
    for k in range(args.matches):
        seats = ["search", "heuristic"] if k % 2 == 0 else ["heuristic", "search"]
        m = Match(sc, seed=1000 + k)
        ctrls = [
            Timed(make_controller(a, 1000 + k, b), times) if a == "search" else make_controller(a, 1000 + k, b)
            for b, a in enumerate(seats)
        ]
        m.play(ctrls)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{len(times)} search decisions in {args.matches} matches: median {1000 * statistics.median(times):.1f} ms, "
        f"95th percentile {1000 * p95:.0f} ms, slowest {1000 * times[-1]:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

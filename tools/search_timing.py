"""How long the search AI thinks per decision, on this machine (issue 16: at most 1 s).

    .venv/bin/python tools/search_timing.py --matches 20
    .venv/bin/python tools/search_timing.py --matches 10 --ai mcts --think-ms 1000

Plays search (or ``--ai``) vs heuristic Quick Starts (seats swapped) and times every decision
that boss makes with the wall clock: prints the median, the 95th percentile and the slowest,
and the same for its move throws alone (the decisions it searches hardest), in wall and in
CPU time (on a shared machine the wall clock stretches with the load; the CPU time does not).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import DataError, default_rules  # noqa: E402
from spacegits_sim.data.paths import scenarios_dir  # noqa: E402
from spacegits_sim.rules.decisions import AimThrow, ChooseActivation  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


class Timed:
    def __init__(
        self,
        inner: Any,
        out: list[float],
        throws: list[float],
        cpu: list[float],
        acts: list[float] | None = None,
        acts_cpu: list[float] | None = None,
        all_cpu: list[float] | None = None,
    ) -> None:
        self.inner, self.out, self.throws, self.cpu = inner, out, throws, cpu
        self.acts = acts if acts is not None else []
        self.acts_cpu = acts_cpu if acts_cpu is not None else []
        self.all_cpu = all_cpu if all_cpu is not None else []

    def decide(self, request: Any, match: Any) -> Any:
        t0, c0 = time.perf_counter(), time.process_time()
        ans = self.inner.decide(request, match)
        self.out.append(time.perf_counter() - t0)
        self.all_cpu.append(time.process_time() - c0)
        if isinstance(request, AimThrow) and request.purpose == "move":
            self.throws.append(self.out[-1])
            self.cpu.append(time.process_time() - c0)
        if isinstance(request, ChooseActivation):
            self.acts.append(self.out[-1])
            self.acts_cpu.append(time.process_time() - c0)
        return ans


def spread(times: list[float]) -> str:
    times = sorted(times)
    if not times:
        return "none"
    p95 = times[int(0.95 * (len(times) - 1))]
    return (
        f"median {1000 * statistics.median(times):.1f} ms, "
        f"95th percentile {1000 * p95:.0f} ms, slowest {1000 * times[-1]:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--scenario", default="quickstart.yaml")
    ap.add_argument("--ai", default="search", help="the boss to time (search, mcts)")
    ap.add_argument("--think-ms", type=int, default=None, help="mcts: its budget per decision")
    args = ap.parse_args(argv)
    ai = f"{args.ai}@{args.think_ms}" if args.think_ms is not None else args.ai
    # a path as given, else a bundled scenario's file name; a missing or bad file is one message
    given = Path(args.scenario)
    try:
        bundled = not given.exists() and given.parent == Path(".")
        sc = load_scenario(scenarios_dir() / args.scenario if bundled else given, default_rules())
    except DataError as e:
        print(f"--scenario: {e}", file=sys.stderr)
        return 2
    times: list[float] = []
    throws: list[float] = []
    cpu: list[float] = []
    acts: list[float] = []
    acts_cpu: list[float] = []
    all_cpu: list[float] = []
    load0 = os.getloadavg()[0]
    for k in range(args.matches):
        seats = [ai, "heuristic"] if k % 2 == 0 else ["heuristic", ai]
        m = Match(sc, seed=1000 + k)
        ctrls = [
            Timed(make_controller(a, 1000 + k, b), times, throws, cpu, acts, acts_cpu, all_cpu)
            if a == ai
            else make_controller(a, 1000 + k, b)
            for b, a in enumerate(seats)
        ]
        m.play(ctrls)
    print(f"{len(times)} {ai} decisions in {args.matches} matches: {spread(times)}")
    print(f"  their CPU time: {spread(all_cpu)}")
    print(f"  of them {len(throws)} move throws: {spread(throws)}")
    print(f"  the move throws' CPU time (what the machine's load does not stretch): {spread(cpu)}")
    print(f"  of them {len(acts)} activation choices (which git, or leg it): {spread(acts)}")
    print(f"  the activation choices' CPU time: {spread(acts_cpu)}")
    print(f"  load average (1 min) at the start {load0:.1f}, at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

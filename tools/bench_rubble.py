"""Rough ground (rubble): how much more often a carried tower falls crossing it.

Carries a tower of N dice 3" at a care level, on smooth ground and all the way over rough
ground (``rough_ground_jitter`` in towers.yaml), with the same hands (seeds), and prints the
fall rates. The figures in docs/towers.md ("Rough ground") come from this tool:

    .venv/bin/python tools/bench_rubble.py --carries 100
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.physics.tower import Tower  # noqa: E402

CARRY_MM = 76.2  # 3"


def fall_rate(dice: int, care: str, rough: bool, carries: int) -> float:
    falls = 0
    for s in range(carries):
        t = Tower(seed=7000 + s)
        for _ in range(dice):
            t.add_die()
        falls += not t.carry([(CARRY_MM, 0.0)], care, rough=[[(0.0, 1.0)]] if rough else None)
    return falls / carries


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--carries", type=int, default=100, help="carries per cell (default 100)")
    ap.add_argument("--dice", default="3,5,7,9", help="tower heights, comma-separated")
    args = ap.parse_args(argv)
    if not 1 <= args.carries <= 10_000:
        ap.error("--carries must be 1-10000")
    heights = [int(x) for x in args.dice.split(",") if x]
    print("| dice | careful | careful over rubble | normal | normal over rubble |")
    print("|---|---|---|---|---|")
    for h in heights:
        cells = [fall_rate(h, care, rough, args.carries) for care in ("careful", "normal") for rough in (False, True)]
        print(f"| {h} | " + " | ".join(f"{c:.0%}" for c in cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Towers riding a vehicle: how often they tumble, by tower height and current speed, on an
ordinary drive (accelerate, cruise, brake) and on a crash (a dead stop from that speed).

    .venv/bin/python tools/vehicle_towers.py --trials 40          # the table in docs/physics.md

The mapping from a move die's inches to the hand's speed is ``vehicle.mm_s_per_in`` in
assets/physics/towers.yaml; a crash stops dead in ``bump_stop_s``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.physics.params import load_params  # noqa: E402
from spacegits_sim.physics.tower import Tower  # noqa: E402
from spacegits_sim.towerlab import wilson  # noqa: E402

HEIGHTS = (2, 4, 6, 8, 10)
SPEEDS = (2, 4, 6, 8, 10, 12)


def fall_rate(height: int, speed_in: float, crash: bool, trials: int) -> tuple[int, int]:
    """(falls, trials) for towers of ``height`` riding a ``speed_in``" move."""
    falls = 0
    for s in range(trials):
        t = Tower(seed=10_000 + 97 * height + s)
        for _ in range(height):
            if not t.add_die():
                break
        else:
            falls += not t.ride(speed_in * 25.4, 0.0, t.ride_speed_mm_s(speed_in), crash=crash)
            continue
        falls += 1  # (fell while being stacked: counted as a fall)
    return falls, trials


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trials", type=int, default=40)
    args = ap.parse_args(argv)
    if not 1 <= args.trials <= 10_000:
        ap.error("--trials must be 1-10000")
    p = load_params("towers")["vehicle"]
    print(f"mm_s_per_in {p['mm_s_per_in']}, accel {p['accel_mm_s2']} mm/s^2, tremor {p['jitter_mm_s2']} mm/s^2")
    for crash in (False, True):
        print(f"\n{'crash (dead stop)' if crash else 'drive (brakes)'}: falls out of {args.trials}")
        print("| dice | " + " | ".join(f'{s}" ({s * p["mm_s_per_in"]:.0f} mm/s)' for s in SPEEDS) + " |")
        print("|---" * (len(SPEEDS) + 1) + "|")
        for h in HEIGHTS:
            cells = []
            for s in SPEEDS:
                k, n = fall_rate(h, s, crash, args.trials)
                lo, hi = wilson(k, n)
                cells.append(f"{100 * k / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})")
            print(f"| {h} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

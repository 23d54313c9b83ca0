"""Benchmark: frame time of the watch view at 1280x800 with 10 models and their towers.

Draws a mid-game board (10 gits, towers of 3-12 dice, dice and caps on the table) N times
headless and reports median and p95 frame time against the 16.7 ms budget of 60 fps.

    SDL_VIDEODRIVER=dummy python tools/bench_render.py --frames 600
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from spacegits_sim.render.board import BoardRenderer, Overrides  # noqa: E402


def busy_match():  # type: ignore[no-untyped-def]
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
    from helpers import drive, match

    gits = [{"type": "orc", "name": f"Git{i}", "weapons": ["pistol", "regular_h2h"]} for i in range(5)]
    pos = {f"a{i + 1}": (3 + 4 * i, 5) for i in range(5)} | {f"b{i + 1}": (3 + 4 * i, 19) for i in range(5)}
    m = match(
        [gits, [dict(g, name=f"Foe{i}") for i, g in enumerate(gits)]],
        pos,
        terrain=[
            {"type": "building", "polygon": [[9, 9], [13, 9], [13, 13], [9, 13]]},
            {"type": "exploding_barrel", "circle": [[4, 12], 0.5]},
            {"type": "low_wall", "polygon": [[15, 11], [19, 11], [19, 11.5], [15, 11.5]]},
        ],
    )
    rng = np.random.default_rng(0)
    for k, mid in enumerate(m.models):
        drive(m, m.add_tower_dice(m.models[mid], 3 + k % 10, "swig"))
    for _ in range(12):
        m.table.add_token((float(rng.uniform(1, 23)), float(rng.uniform(7, 17))))
        m.table.place_die(
            int(rng.choice([4, 6, 8, 10, 12, 20])),
            int(rng.integers(1, 7)),
            (float(rng.uniform(1, 23)), float(rng.uniform(7, 17))),
        )
    return m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=600)
    args = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    m = busy_match()
    from spacegits_sim.render.scene import DieLook, Scene

    scene = Scene.from_events(m.events)
    scene.caps.update(m.table.tokens)  # the bench scatters caps and dice straight onto the table
    scene.dice.update({i: DieLook(d.sides, d.value, d.position, d.angle) for i, d in m.table.dice.items()})
    r = BoardRenderer((1280, 800))
    surf = pygame.Surface((1280, 800))
    log = [f"[{i // 60:2d}:{i % 60:02d}] event number {i} with some words in it" for i in range(200)]
    times = []
    for i in range(args.frames):
        ov = Overrides(flying=[(6, 3, (12 + 3 * np.sin(i / 10), 12), 1.0)])
        t0 = time.perf_counter()
        r.draw(surf, scene, ov, log, hover=(12.0, 12.0), active="a1", status="bench")
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[int(0.95 * len(times))]
    print(f"{args.frames} frames at 1280x800, 10 models with towers of 3-12 dice, 12 dice and 12 caps on the table")
    print(
        f"frame time: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms "
        f"(budget 16.7 ms for 60 fps: {'OK' if p95 <= 16.7 else 'OVER'})"
    )


if __name__ == "__main__":
    main()

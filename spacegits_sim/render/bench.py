"""The tower bench (``spacegits towers --view``): one tower on screen, both side views.

Drag with the mouse to carry the base (the mouse's x and y speed drive the two planes),
A adds a die (with placement error), 1/2/3 pick the care level for C (a carried 3D6-like
scoot), S a shove, R rebuild empty, [ ] and ; ' adjust die-die friction and placement
error. Headless, ``render_bench_png`` draws the same view to a file.
"""

from __future__ import annotations

import argparse
import math
import os
from typing import Any

import numpy as np
import pygame

from ..physics.params import load_params, parse_sets
from ..physics.tower import CARE_LEVELS, Tower
from .display import save_png

SIZE = (1000, 640)
SCALE = 2.2  # px per mm


class Bench:
    def __init__(self, params: dict[str, Any], seed: int = 0) -> None:
        self.params = params
        self.seed = seed
        self.tower = Tower(params, seed)
        self.care = "normal"
        self.status = "A add die   C carry   S shove   R reset   1/2/3 care   drag: carry by hand"
        self.rng = np.random.default_rng(seed)
        self.frames: list[Any] = []  # what the last motion recorded, to play back frame by frame
        self.collapsed = False  # a fallen tower's dice have been let come to rest
        pygame.font.init()
        self.font = pygame.font.Font(None, 22)

    def reset(self) -> None:
        self.seed += 1
        self.tower = Tower(self.params, self.seed)
        self.collapsed = False
        self.frames = []

    def after_motion(self) -> None:
        """Keep what a motion recorded to play back; a tower that fell is simulated on until its
        dice lie still (the rules stop at the fall), so no column is left frozen in mid-air."""
        t = self.tower
        if not t.standing and not self.collapsed:
            if not t.recording:
                t.record(every_s=1.0 / 30.0, both_planes=True)
            t.finish_fall()
            self.collapsed = True
        if t.recording:
            self.frames = t.recorded()

    def key(self, k: int) -> None:
        t = self.tower
        if k == pygame.K_a and t.standing:
            t.add_die()
        elif k == pygame.K_r:
            self.reset()
        elif k in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.care = CARE_LEVELS[k - pygame.K_1]
        elif k == pygame.K_c and t.standing:
            segs = []
            for _ in range(3):
                d, a = float(self.rng.integers(1, 7)) * 25.4, float(self.rng.uniform(0, 2 * math.pi))
                segs.append((d * math.cos(a), d * math.sin(a)))
            t.record(every_s=1.0 / 30.0, both_planes=True)
            t.carry(segs, self.care)
        elif k == pygame.K_s and t.standing:
            a = float(self.rng.uniform(0, 2 * math.pi))
            t.record(every_s=1.0 / 30.0, both_planes=True)
            t.push((math.cos(a), math.sin(a)))
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            mu = self.params["friction_die_die"] + (0.05 if k == pygame.K_RIGHTBRACKET else -0.05)
            self.params["friction_die_die"] = round(min(1.5, max(0.05, mu)), 2)
            self.reset()
        elif k in (pygame.K_SEMICOLON, pygame.K_QUOTE):
            e = self.params["placement_error_mm"] + (0.25 if k == pygame.K_QUOTE else -0.25)
            self.params["placement_error_mm"] = round(min(5.0, max(0.0, e)), 2)
            self.reset()
        self.after_motion()

    def drag(self, vx_px_s: float, vy_px_s: float, dt: float) -> None:
        """The mouse carries the base: px/s on screen become mm/s on the table (1 px = 1 mm)."""
        if self.tower.standing and self.tower.height:
            self.tower.drive([(vx_px_s, -vy_px_s)], dt)
            self.after_motion()

    def draw(self, surf: pygame.Surface, frame: Any = None) -> None:
        surf.fill((28, 30, 36))
        planes = frame or self.tower.dice_positions()
        for k, (name, xs) in enumerate(zip(("x plane (side)", "y plane (front)"), planes, strict=False)):
            cx = 250 + k * 500
            base = SIZE[1] - 90
            pygame.draw.line(surf, (140, 140, 140), (cx - 220, base), (cx + 220, base), 3)
            surf.blit(self.font.render(name, True, (200, 200, 200)), (cx - 60, base + 10))
            half = 8 * SCALE
            for dx, dy, ang in xs:
                px, py = cx + dx * SCALE, base - dy * SCALE
                ca, sa = math.cos(-ang), math.sin(-ang)
                pts = [
                    (px + (u * ca - v * sa) * half, py + (u * sa + v * ca) * half)
                    for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))
                ]
                pygame.draw.polygon(surf, (245, 245, 240), pts)
                pygame.draw.polygon(surf, (30, 30, 30), pts, 1)
        t = self.tower
        state = "standing" if t.standing else f"FALLEN ({t.fell_in} plane)"
        info = (
            f"{t.height} dice, {state}   care: {self.care}   friction_die_die {self.params['friction_die_die']}   "
            f"placement_error_mm {self.params['placement_error_mm']}   simulated {t.sim_time_s:.1f} s"
        )
        surf.blit(self.font.render(info, True, (240, 240, 240)), (20, 16))
        surf.blit(self.font.render(self.status, True, (160, 160, 170)), (20, 40))


def run_bench(args: argparse.Namespace) -> int:
    overrides = parse_sets(args.set)
    bench = Bench(load_params("towers", overrides, args.params), args.seed)
    from .display import has_display

    if not has_display():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        for _ in range(8):
            bench.tower.add_die()
        path = "out/tower_bench.png"
        render_bench_png(bench, path)
        print(f"no display: drew an 8-die tower to {path}")
        return 0
    pygame.display.init()  # video and fonts only: no sound system, so no ALSA noise at start
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("spacegits_sim — tower bench")
    clock = pygame.time.Clock()
    last = pygame.mouse.get_pos()
    replay: list[Any] = []
    running = True
    while running:
        dt = clock.tick(60) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN:
                bench.key(event.key)
                replay = bench.frames
                bench.frames = []
        pos = pygame.mouse.get_pos()
        if pygame.mouse.get_pressed()[0] and dt > 0:
            bench.drag((pos[0] - last[0]) / dt, (pos[1] - last[1]) / dt, dt)
            if bench.frames:  # it fell under the hand: show the dice coming down
                replay, bench.frames = bench.frames, []
        last = pos
        frame = replay.pop(0) if replay else None
        bench.draw(screen, frame)
        pygame.display.flip()
    pygame.quit()
    return 0


def render_bench_png(bench: Bench, path: str) -> None:
    pygame.display.init()  # headless: no sound system
    pygame.font.init()
    surf = pygame.Surface(SIZE)
    bench.draw(surf)
    save_png(surf, path)

"""Render the README/docs pictures headless: a watched match mid-game, the hot-seat UI, the tower bench.

SDL_VIDEODRIVER=dummy python tools/screenshots.py
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.physics.params import load_params  # noqa: E402
from spacegits_sim.render.bench import Bench, render_bench_png  # noqa: E402
from spacegits_sim.render.hotseat import HotseatApp  # noqa: E402
from spacegits_sim.render.watch_app import Watcher  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.decisions import AimThrow  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    sc = load_scenario(None, default_rules())
    os.makedirs("docs", exist_ok=True)
    # 1. a watched match, caught mid-throw around the 8th activation
    w = Watcher(lambda s: (Match(sc, seed=s), [make_controller("heuristic", s, i) for i in range(2)]), 5)
    surf = pygame.Surface(w.size)
    ov = None
    for _ in range(20000):
        ov = w.advance(1 / 30)
        acts = sum(isinstance(e, ev.ActivationStarted) for e in w.match.events[: w.seen])
        a = w.state.queue[0] if w.state.queue else None
        if acts >= 8 and ov.flying and a is not None and a.t > 0.15:
            break
    w.draw(surf, ov)
    pygame.image.save(surf, "docs/board.png")
    # 2. hot-seat: a human dragging a throw
    app = HotseatApp(lambda s: (Match(sc, seed=s), [None, make_controller("heuristic", s, 1)]), 6, {0})
    for _ in range(3000):
        app.update(0.05)
        req = app.human_turn()
        if req is None:
            continue
        if isinstance(req, AimThrow):
            break
        if req.kind == "deploy":
            import numpy as np

            from spacegits_sim.ai.random_ai import random_deploy

            app.submit(random_deploy(req, np.random.default_rng(1)))
        elif req.kind == "choose_activation":
            app.submit(req.options[0])
        elif req.kind == "choose_action":
            app.layout_buttons()
            grey = [b for b in app.buttons if not b.enabled]
            app.hover_px = grey[0].rect.center if grey else (0, 0)
            app.draw_ui(surf, app.update(0.0))
            pygame.image.save(surf, "docs/hotseat_actions.png")  # action buttons, a greyed one with its tooltip
            app.submit("scoot")
    app.drag_start = (13.0, 12.0)
    app.drag_now = (15.0, 13.0)
    app.hover_px = app.renderer.to_px(app.scene, (15.0, 13.0))
    app.layout_buttons()
    app.draw_ui(surf, app.update(0.0))
    pygame.image.save(surf, "docs/hotseat.png")
    # 3. the tower bench with a 9-die tower mid-carry
    for seed in range(3, 60):  # a 9-die tower that survives a normal carry, caught mid-wobble
        bench = Bench(load_params("towers"), seed)
        for _ in range(9):
            bench.tower.add_die()
        bench.tower.trace = []
        if bench.tower.carry([(60.0, 40.0)], "normal"):
            break
    frames = bench.tower.trace
    bench.draw_frame = frames[len(frames) // 3] if frames else None
    pygame.init()
    bsurf = pygame.Surface((1000, 640))
    bench.draw(bsurf, bench.draw_frame)
    pygame.image.save(bsurf, "docs/tower_bench.png")
    render_bench_png(bench, "out/tower_bench_final.png")
    print("wrote docs/board.png, docs/hotseat.png, docs/hotseat_actions.png, docs/tower_bench.png")


if __name__ == "__main__":
    main()

"""Draw the board legend (the F1 overlay's symbol key) to docs/legend.png for the README.

    .venv/bin/python tools/gen_legend.py

Drawn by the board renderer itself, from a match opening with every git type (their letters are
on it), so the picture cannot drift from the screen.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.render.board import BoardRenderer  # noqa: E402
from spacegits_sim.render.scene import Scene  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


def main(out: str = str(ROOT / "docs" / "legend.png")) -> int:
    pygame.init()
    m = Match(load_scenario(ROOT / "tests" / "golden" / "exotic.yaml", default_rules()), seed=1)  # every git type
    scene = Scene.from_events(m.events)
    r = BoardRenderer((1280, 800))
    surf = pygame.Surface((820, 420))
    surf.fill((30, 32, 36))
    r.draw_legend(surf, scene, pygame.Rect(10, 10, 800, 400))
    pygame.image.save(surf, out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

"""Draw a moment of a seeded demolition derby to docs/derby.png for the README: the board a
few frames into the first head-on crash (else the first smash), drawn by the watcher itself.

    .venv/bin/python tools/gen_derby_png.py [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.render.watch_app import LogWatcher  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "docs" / "derby.png"))
    args = ap.parse_args(argv)
    pygame.init()
    m = Match(load_scenario(ROOT / "scenarios" / "demolition_derby.yaml", default_rules()), seed=args.seed)
    m.play([make_controller("heuristic", args.seed, b) for b in range(2)])
    events = m.events
    smashes = [i for i, e in enumerate(events) if isinstance(e, ev.Smashed) and e.why == "collision"]
    head_on = [i for i in smashes if events[i].head_on]  # type: ignore[attr-defined]
    at = (head_on or smashes or [len(events) // 2])[0]
    w = LogWatcher(events, seed=args.seed)
    w.skip_to(at - 1)
    ov = w.advance(0.0)
    for _ in range(400):  # play on until the crash is on the screen (its banner up)
        ov = w.advance(0.05)
        if ov.banner in ("SMASH!", "WIPEOUT!"):
            break
    w.state.active = w.scene.active  # (skipping ahead paints no animation: say who is moving)
    surf = pygame.Surface(w.size)
    w.draw(surf, ov)
    pygame.image.save(surf, args.out)
    print(f"wrote {args.out} (event {at} of {len(events)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

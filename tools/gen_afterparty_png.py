"""Draw docs/afterparty.png: a human boss's shop at Grandpa Gunnock's, as `campaign play` shows it.

SDL_VIDEODRIVER=dummy python tools/gen_afterparty_png.py [--out docs/afterparty.png]
"""

from __future__ import annotations

import argparse
import os

import numpy as np

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from spacegits_sim import campaign as camp  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.data.paths import scenarios_dir  # noqa: E402
from spacegits_sim.render.choices import ChoiceScreen  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="docs/afterparty.png")
    args = ap.parse_args()
    rules = default_rules()
    c = camp.new_campaign("league", load_scenario(scenarios_dir() / "quickstart.yaml", rules), 5)
    red = c.gangs[0]
    red.stash = 9
    asked: list = []

    def first_only(req):  # the first question, then leave the shop
        asked.append(req)
        return camp.decisions.DONE

    record = (("Grunk", 2, 0), ("Skab", 0, 3), ("Nazgob", 1, 1))
    camp.run(camp.gunnocks(0, red, record, rules, np.random.default_rng(7), []), first_only)
    req = asked[0]
    pygame.init()
    surface = pygame.display.set_mode((1280, 800))
    labels = [camp.option_text(req, o) for o in req.options]
    ChoiceScreen((1280, 800)).draw(surface, "Red: shop", req.prompt, camp.context_lines(req), labels, hover=(200, 290))
    pygame.image.save(surface, args.out)
    pygame.quit()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

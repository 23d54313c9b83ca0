"""The random player: uniform among legal answers, for any ruleset. The baseline every other AI must beat.

It answers by the generic request types alone (:mod:`.protocol`), so a new ruleset has a
random AI (and a fuzzer for its engine) before it has anything else.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rng import stream
from .protocol import AimThrow, Choice, Deploy, Request, Simultaneous, Throw, heading_to

__all__ = ["RandomController", "random_deploy"]


class RandomController:
    """Picks uniformly: options from the list, aims anywhere on the table, any strength.

    ``avoid``: options never picked while another is legal (Space Gits' stubborn random
    never legs it by choice, so that property tests reach the siren)."""

    name = "random"

    def __init__(self, seed: int = 0, boss: int = 0, avoid: tuple[Any, ...] = ()) -> None:
        self.rng: np.random.Generator = stream(seed, f"ai/random/{boss}")
        self.avoid = tuple(avoid)

    def decide(self, request: Request, game: Any) -> Any:
        if isinstance(request, Choice):
            opts = request.options
            if self.avoid and len(opts) > 1 and any(a in opts for a in self.avoid):
                opts = tuple(o for o in opts if o not in self.avoid)
            return opts[int(self.rng.integers(0, len(opts)))]
        if isinstance(request, AimThrow):
            x = float(self.rng.uniform(0, request.width))
            y = float(self.rng.uniform(0, request.height))
            return Throw((x, y), float(self.rng.uniform(0, 1)))
        if isinstance(request, Deploy):
            return random_deploy(request, self.rng)
        if isinstance(request, Simultaneous):  # asked whole (drivers usually ask part by part)
            return tuple(self.decide(request.part(i), game) for i in range(len(request.bosses)))
        raise TypeError(f"random controller cannot answer {type(request).__name__}")


def random_deploy(request: Deploy, rng: np.random.Generator, tries: int = 400) -> Any:
    """A uniformly random legal deployment (rejection sampling), or 'skip' if none is found.

    A model that takes a heading (a vehicle) faces the table's middle if it may at the spot
    drawn, else the request's default: a facing with a purpose (the caps are dropped round the
    middle) that draws nothing more from ``rng``, so the spots drawn stay what they were."""
    middle = (request.width / 2, request.height / 2)
    for _ in range(tries):
        mid = request.models[int(rng.integers(0, len(request.models)))]
        p = (float(rng.uniform(0, request.width)), float(rng.uniform(0, request.height)))
        ans = request.placed(mid, p, (heading_to(p, middle),))
        if ans is not None:
            return ans
    return "skip"

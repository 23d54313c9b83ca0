"""The random boss: uniform among legal answers. The baseline every other AI must beat."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rng import stream
from ..rules.decisions import AimThrow, Choice, Deploy, Request, Throw


class RandomController:
    """Picks uniformly: options from the list, aims anywhere on the table, any strength."""

    name = "random"

    def __init__(self, seed: int = 0, boss: int = 0, stubborn: bool = False) -> None:
        self.rng: np.random.Generator = stream(seed, f"ai/random/{boss}")
        self.stubborn = stubborn  # never legs it by choice (reaches the siren: used by property tests)

    def decide(self, request: Request, match: Any) -> Any:
        if isinstance(request, Choice):
            opts = request.options
            if self.stubborn and len(opts) > 1 and "leg_it" in opts:
                opts = tuple(o for o in opts if o != "leg_it")
            return opts[int(self.rng.integers(0, len(opts)))]
        if isinstance(request, AimThrow):
            x = float(self.rng.uniform(0, request.width))
            y = float(self.rng.uniform(0, request.height))
            return Throw((x, y), float(self.rng.uniform(0, 1)))
        if isinstance(request, Deploy):
            return random_deploy(request, self.rng)
        raise TypeError(f"random controller cannot answer {type(request).__name__}")


def random_deploy(request: Deploy, rng: np.random.Generator, tries: int = 400) -> Any:
    """A uniformly random legal deployment (rejection sampling), or 'skip' if none is found."""
    for _ in range(tries):
        mid = request.models[int(rng.integers(0, len(request.models)))]
        p = (float(rng.uniform(0, request.width)), float(rng.uniform(0, request.height)))
        if request.legal(mid, p) is None:
            return (mid, p)
    return "skip"

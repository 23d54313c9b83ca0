"""The random boss: uniform among legal answers. The baseline every other AI must beat.

The random player itself is every ruleset's (:mod:`spacegits_sim.play.random_ai`); Space
Gits adds the *stubborn* variant, which never legs it by choice (so property tests and
golden playthroughs reach the siren).
"""

from __future__ import annotations

from ..play.random_ai import RandomController as _Random
from ..play.random_ai import random_deploy

__all__ = ["RandomController", "random_deploy"]


class RandomController(_Random):
    """Picks uniformly: options from the list, aims anywhere on the table, any strength."""

    def __init__(self, seed: int = 0, boss: int = 0, stubborn: bool = False) -> None:
        super().__init__(seed, boss, avoid=("leg_it",) if stubborn else ())
        self.stubborn = stubborn  # never legs it by choice (reaches the siren: used by property tests)

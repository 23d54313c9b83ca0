"""AI bosses: controllers that answer the engine's decision requests."""

from __future__ import annotations

from typing import Any

CONTROLLERS = ("random", "heuristic", "search", "mcts")
#: Extra controllers registered at run time (plugins, experiments, tests): name -> factory(seed, boss).
EXTRA: dict[str, Any] = {}


def register_controller(name: str, factory: Any) -> None:
    EXTRA[name] = factory


def make_controller(name: str, seed: int, boss: int) -> Any:
    """A controller by name, seeded from the match seed and its seat (its own RNG stream)."""
    if name in EXTRA:
        return EXTRA[name](seed, boss)
    if name == "random":
        from .random_ai import RandomController

        return RandomController(seed, boss)
    if name == "heuristic":
        from .heuristic import HeuristicController

        return HeuristicController(seed, boss)
    if name == "search":
        from .search import SearchController

        return SearchController(seed, boss)
    if name == "mcts" or name.startswith("mcts@"):  # the tree search; "mcts@250": a 250 ms budget
        from .mcts import MctsController, parse_name

        return MctsController(seed, boss, think_ms=parse_name(name))
    raise ValueError(f"unknown AI '{name}' (valid: {', '.join(CONTROLLERS)})")

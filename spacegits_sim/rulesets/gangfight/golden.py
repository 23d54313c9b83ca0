"""Golden playthroughs of Gangfight: seeded whole games whose logs pin the engine.

Each file (``tests/golden_gangfight/<name>.jsonl``) is JSON lines, diffable by eye: a header
line (scenario, seed, drivers, summary), then one line per event in canonical form, then one
line per decision with the log checksum after it. ``tests/test_gangfight_golden.py`` plays
each game again and compares line by line. A rule change regenerates them, in its own commit:

    .venv/bin/python -m spacegits_sim.rulesets.gangfight.golden            # regenerate
    .venv/bin/python -m spacegits_sim.rulesets.gangfight.golden --check    # play and compare
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from ...play import golden
from .engine import GangfightGame
from .scenario import SCENARIOS, load_scenario

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "golden_gangfight"


@dataclass(frozen=True)
class Playthrough:
    name: str
    scenario: str  # a scenario file in scenarios/
    seed: int
    ais: tuple[str, ...]


PLAYTHROUGHS = (
    Playthrough("crossroads_heuristic_1", "crossroads.yaml", 1, ("heuristic", "heuristic")),
    Playthrough("crossroads_heuristic_random_2", "crossroads.yaml", 2, ("heuristic", "random")),
    Playthrough("cornered_heuristic_3", "cornered.yaml", 3, ("heuristic", "heuristic")),
    Playthrough("cornered_random_4", "cornered.yaml", 4, ("random", "random")),
    Playthrough("fantasy_crossroads_heuristic_5", "fantasy_crossroads.yaml", 5, ("heuristic", "heuristic")),
    Playthrough("fantasy_surrounded_heuristic_random_6", "fantasy_surrounded.yaml", 6, ("heuristic", "random")),
    # heights and a building: a ladder climbed to the tower's objective, the inn entered by its door
    Playthrough("fantasy_watchtower_heuristic_4", "fantasy_watchtower.yaml", 4, ("heuristic", "heuristic")),
    Playthrough("fantasy_cornered_heuristic_7", "fantasy_cornered.yaml", 7, ("heuristic", "heuristic")),
)


def lines_of(p: Playthrough) -> list[str]:
    from .ai import AIS

    sc = load_scenario(SCENARIOS / p.scenario)
    game = GangfightGame(sc, seed=p.seed)
    game.play([AIS[a](p.seed, i) for i, a in enumerate(p.ais)])
    head = {
        "playthrough": p.name,
        "scenario": p.scenario,
        "seed": p.seed,
        "ais": list(p.ais),
        "summary": game.summary(),
    }
    return golden.game_lines(head, game)


def check(p: Playthrough) -> str | None:
    """None when the game plays as its golden file says, else the first difference."""
    regen = "python -m spacegits_sim.rulesets.gangfight.golden"
    return golden.difference(p.name, GOLDEN / f"{p.name}.jsonl", lines_of(p), regen)


def main(argv: list[str]) -> int:  # pragma: no cover - a maintenance tool
    return golden.main(argv, PLAYTHROUGHS, GOLDEN, lines_of, check, "Gangfight")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))

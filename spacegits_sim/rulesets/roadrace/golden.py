"""Golden playthroughs of the road race: seeded whole races whose logs pin the engine.

Each file (``tests/golden_roadrace/<name>.jsonl``) is JSON lines, diffable by eye: a header
line (scenario, seed, drivers, summary), then one line per event in canonical form, then one
line per decision with the log checksum after it. ``tests/test_roadrace_golden.py`` plays
each race again and compares line by line. A rule change regenerates them, in its own commit:

    .venv/bin/python -m spacegits_sim.rulesets.roadrace.golden            # regenerate
    .venv/bin/python -m spacegits_sim.rulesets.roadrace.golden --check    # play and compare
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from ...play import golden
from .engine import Race
from .scenario import RACES, load_scenario

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "golden_roadrace"


@dataclass(frozen=True)
class Playthrough:
    name: str
    race: str  # a race file in races/
    seed: int
    ais: tuple[str, ...]


PLAYTHROUGHS = (
    Playthrough("quick_heuristic_random_1", "quick.yaml", 1, ("heuristic", "random")),
    Playthrough("quick_random_2", "quick.yaml", 2, ("random", "random")),
    Playthrough("grand_prix_heuristic_3", "grand_prix.yaml", 3, ("heuristic",) * 4),
    Playthrough("six_pack_mixed_8", "six_pack.yaml", 8, ("heuristic", "random") * 3),
)


def lines_of(p: Playthrough) -> list[str]:
    from .ai import AIS

    sc = load_scenario(RACES / p.race)
    race = Race(sc, seed=p.seed)
    race.play([AIS[a](p.seed, i) for i, a in enumerate(p.ais)])
    head = {"playthrough": p.name, "race": p.race, "seed": p.seed, "ais": list(p.ais), "summary": race.summary()}
    return golden.game_lines(head, race)


def check(p: Playthrough) -> str | None:
    """None when the race plays as its golden file says, else the first difference."""
    regen = "python -m spacegits_sim.rulesets.roadrace.golden"
    return golden.difference(p.name, GOLDEN / f"{p.name}.jsonl", lines_of(p), regen)


def main(argv: list[str]) -> int:  # pragma: no cover - a maintenance tool
    return golden.main(argv, PLAYTHROUGHS, GOLDEN, lines_of, check, "road-race")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))

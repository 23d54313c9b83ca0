"""Golden playthroughs of Gangfight: seeded whole games whose logs pin the engine.

Each file (``tests/golden_gangfight/<name>.jsonl``) is JSON lines, diffable by eye: a header
line (scenario, seed, drivers, summary), then one line per event in canonical form, then one
line per decision with the log checksum after it. ``tests/test_gangfight_golden.py`` plays
each game again and compares line by line. A rule change regenerates them, in its own commit:

    .venv/bin/python -m spacegits_sim.rulesets.gangfight.golden            # regenerate
    .venv/bin/python -m spacegits_sim.rulesets.gangfight.golden --check    # play and compare
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...play.events import canonical
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
)


def _line(obj: Any) -> str:
    return json.dumps(canonical(obj), sort_keys=True, separators=(",", ":"))


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
    out = [_line(head)]
    out += [_line(e.to_dict()) for e in game.events]
    out += [_line({"decision": i, "kind": k, "answer": a, "checksum": c}) for i, (k, a, c) in enumerate(game.decisions)]
    return out


def check(p: Playthrough) -> str | None:
    """None when the game plays as its golden file says, else the first difference."""
    path = GOLDEN / f"{p.name}.jsonl"
    if not path.is_file():
        return f"{path} is missing: regenerate with python -m spacegits_sim.rulesets.gangfight.golden"
    want = path.read_text(encoding="utf-8").splitlines()
    got = lines_of(p)
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return f"{p.name} line {i + 1} differs:\n  golden: {a[:300]}\n  now:    {b[:300]}"
    if len(want) != len(got):
        return f"{p.name}: {len(want)} lines in the golden file, {len(got)} now"
    return None


def main(argv: list[str]) -> int:  # pragma: no cover - a maintenance tool
    if "--check" in argv:
        bad = [d for d in (check(p) for p in PLAYTHROUGHS) if d]
        print("\n".join(bad) if bad else f"{len(PLAYTHROUGHS)}/{len(PLAYTHROUGHS)} Gangfight goldens identical")
        return 1 if bad else 0
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for p in PLAYTHROUGHS:
        (GOLDEN / f"{p.name}.jsonl").write_text("\n".join(lines_of(p)) + "\n", encoding="utf-8")
        print(f"wrote {p.name}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))

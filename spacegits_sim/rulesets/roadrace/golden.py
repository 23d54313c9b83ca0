"""Golden playthroughs of the road race: seeded whole races whose logs pin the engine.

Each file (``tests/golden_roadrace/<name>.jsonl``) is JSON lines, diffable by eye: a header
line (scenario, seed, drivers, summary), then one line per event in canonical form, then one
line per decision with the log checksum after it. ``tests/test_roadrace_golden.py`` plays
each race again and compares line by line. A rule change regenerates them, in its own commit:

    .venv/bin/python -m spacegits_sim.rulesets.roadrace.golden            # regenerate
    .venv/bin/python -m spacegits_sim.rulesets.roadrace.golden --check    # play and compare
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...play.events import canonical
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


def _line(obj: Any) -> str:
    return json.dumps(canonical(obj), sort_keys=True, separators=(",", ":"))


def lines_of(p: Playthrough) -> list[str]:
    from .ai import AIS

    sc = load_scenario(RACES / p.race)
    race = Race(sc, seed=p.seed)
    race.play([AIS[a](p.seed, i) for i, a in enumerate(p.ais)])
    head = {"playthrough": p.name, "race": p.race, "seed": p.seed, "ais": list(p.ais), "summary": race.summary()}
    out = [_line(head)]
    out += [_line(e.to_dict()) for e in race.events]
    out += [_line({"decision": i, "kind": k, "answer": a, "checksum": c}) for i, (k, a, c) in enumerate(race.decisions)]
    return out


def check(p: Playthrough) -> str | None:
    """None when the race plays as its golden file says, else the first difference."""
    path = GOLDEN / f"{p.name}.jsonl"
    if not path.is_file():
        return f"{path} is missing: regenerate with python -m spacegits_sim.rulesets.roadrace.golden"
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
        print("\n".join(bad) if bad else f"{len(PLAYTHROUGHS)}/{len(PLAYTHROUGHS)} road-race goldens identical")
        return 1 if bad else 0
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for p in PLAYTHROUGHS:
        (GOLDEN / f"{p.name}.jsonl").write_text("\n".join(lines_of(p)) + "\n", encoding="utf-8")
        print(f"wrote {p.name}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))

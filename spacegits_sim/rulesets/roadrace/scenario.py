"""Race files: who races (2-6 car files or inline cars), by day or night, and the seed.

A race file (YAML)::

    name: Sunday drive
    seed: 7
    night: false
    cars:
      - cars/ma_kettle.yaml          # a car file, relative to this file (or the shipped cars/)
      - {name: Inline, vehicle: jeep, driver: biker, ...}   # or a car written in place
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...data.errors import DataError, Problem, short
from ...data.yamlio import read_yaml
from .book import Book, book
from .cars import Car, car_from_doc

HERE = Path(__file__).resolve().parent
RACES = HERE / "races"
CARS = HERE / "cars"


@dataclass(frozen=True)
class RaceScenario:
    name: str
    cars: tuple[Car, ...]
    seed: int = 0
    night: bool = False
    max_rounds: int = 400

    def to_doc(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seed": self.seed,
            "night": self.night,
            "max_rounds": self.max_rounds,
            "cars": [c.to_doc() for c in self.cars],
        }


_KEYS = ("name", "seed", "night", "cars", "max_rounds")


def scenario_from_doc(doc: Any, label: str, b: Book | None = None, base: Path | None = None) -> RaceScenario:
    b = b or book()
    probs: list[Problem] = []
    if not isinstance(doc, dict):
        raise DataError([Problem(label, None, None, f"a race file is a mapping of {', '.join(_KEYS)}")])
    for k in doc:
        if k not in _KEYS:
            probs.append(Problem(label, "race", str(k), f"unknown field; a race has {', '.join(_KEYS)}"))
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        probs.append(Problem(label, "race", "seed", f"expected a whole number, got {short(seed)}"))
        seed = 0
    night = doc.get("night", False)
    if not isinstance(night, bool):
        probs.append(Problem(label, "race", "night", f"expected true or false, got {short(night)}"))
    mr = doc.get("max_rounds", 400)
    if isinstance(mr, bool) or not isinstance(mr, int) or not 1 <= mr <= 10000:
        probs.append(Problem(label, "race", "max_rounds", f"expected a whole number from 1 to 10000, got {short(mr)}"))
        mr = 400
    raw = doc.get("cars")
    lo, hi = int(b.race["seats_min"]), int(b.race["seats_max"])
    cars: list[Car] = []
    if not isinstance(raw, list) or not lo <= len(raw) <= hi:
        n = len(raw) if isinstance(raw, list) else short(raw)
        probs.append(Problem(label, "race", "cars", f"a race has {lo} to {hi} cars, got {n}"))
        raw = raw if isinstance(raw, list) else []
    for i, c in enumerate(raw):
        try:
            if isinstance(c, str):
                p = Path(c)
                if not p.is_absolute():
                    cand = [(base or Path.cwd()) / p, CARS / p.name, HERE / p]
                    p = next((q for q in cand if q.is_file()), cand[0])
                cars.append(car_from_doc(read_yaml(p, str(p)), str(p), b))
            else:
                cars.append(car_from_doc(c, label, b, entry=f"cars[{i}]"))
        except DataError as e:
            probs.extend(e.problems)
    names = [c.name for c in cars]
    for n in sorted({n for n in names if names.count(n) > 1}):
        probs.append(Problem(label, "race", "cars", f"two cars are called '{n}': every racer needs a name of his own"))
    if probs:
        raise DataError(probs)
    return RaceScenario(str(doc.get("name", Path(label).stem)), tuple(cars), int(seed), bool(night), int(mr))


def load_scenario(path: Path | str | None = None, b: Book | None = None) -> RaceScenario:
    p = Path(path) if path is not None else RACES / "quick.yaml"
    return scenario_from_doc(read_yaml(p, str(p)), str(p), b, p.parent)

"""Car files: a racer's vehicle, driver, stat points and upgrades, checked against the book.

A car file (YAML)::

    name: Ma Kettle
    vehicle: big_ole_truck          # one of the 8 vehicles
    driver: soccer_mom              # one of the 8 drivers
    vehicle_stats: {defense: 2, handling: 2, offense: 2, speed: 2}   # 8 points, each 1-4
    driver_stats: {luck: 2, repair: 2, reaction: 2, toughness: 2}    # 8 points, each 1-4
    upgrade: roll_cage              # one of the 20 vehicle or 10 driver upgrades
    earned: [plus_speed]            # campaign upgrades (beginning or advance lists)
    fame: 0                         # campaign fame points in hand

Why so strict: every mistake is one line naming the file, the car, the field and the valid
range, so a player fixes the sheet and never meets a traceback.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...data.errors import DataError, Problem, short
from ...data.yamlio import read_yaml
from .book import Book, book

_KEYS = ("name", "vehicle", "driver", "vehicle_stats", "driver_stats", "upgrade", "earned", "fame")


@dataclass(frozen=True)
class Car:
    """A built racer (the sheet as the player wrote it; modifiers are applied by :func:`sheet`)."""

    name: str
    vehicle: str
    driver: str
    points: Mapping[str, int]  # the stat points as distributed (8 vehicle, 8 driver)
    upgrade: str
    earned: tuple[str, ...] = ()
    fame: int = 0
    source: str = field(default="", compare=False)

    def upgrades(self) -> dict[str, int]:
        """Every upgrade the racer has, with how many times."""
        return dict(Counter((self.upgrade, *self.earned)))

    def to_doc(self) -> dict[str, Any]:
        b = book()
        return {
            "name": self.name,
            "vehicle": self.vehicle,
            "driver": self.driver,
            "vehicle_stats": {s: self.points[s] for s in b.vehicle_stats},
            "driver_stats": {s: self.points[s] for s in b.driver_stats},
            "upgrade": self.upgrade,
            "earned": list(self.earned),
            "fame": self.fame,
        }


def stat_cap(b: Book, car_upgrades: Mapping[str, int], stat: str) -> int:
    """The highest a stat's points may go (4; Mutant: Toughness 8)."""
    from .upgrades import HANDLERS

    cap = int(b.race["stat_max"])
    for uid in car_upgrades:
        if uid in HANDLERS and uid in b.upgrades:
            c = HANDLERS[uid](b.upgrades[uid]).stat_cap(stat)
            if c is not None:
                cap = max(cap, c)
    return cap


def sheet(car: Car, b: Book | None = None) -> dict[str, int]:
    """The racer's stats as rolled: points + stat advances + vehicle and driver modifiers
    ("these modifiers do not count toward the minimum/maximum stat limit")."""
    from .upgrades import handlers_for

    b = b or book()
    hs = handlers_for(dict(b.upgrades), car.upgrades())
    out = {}
    for s in b.stats:
        v = car.points[s] + sum(h.stat_bonus(s) for h in hs)
        v += b.vehicles[car.vehicle].mods.get(s, 0) + b.drivers[car.driver].mods.get(s, 0)
        out[s] = v
    return out


def rerolls(car: Car, b: Book | None = None) -> dict[str, int]:
    """Re-rolls per stat from the advances: at most 4 and at most the stat."""
    from .upgrades import handlers_for

    b = b or book()
    hs = handlers_for(dict(b.upgrades), car.upgrades())
    st = sheet(car, b)
    return {s: max(0, min(sum(h.rerolls(s) for h in hs), int(b.race["reroll_max"]), st[s])) for s in b.rolled_stats}


def car_from_doc(doc: Any, label: str, b: Book | None = None, entry: str | None = None) -> Car:
    """Check one car's mapping. Raises DataError listing every problem (file, car, field, range)."""
    b = b or book()
    probs: list[Problem] = []
    where = entry or (doc.get("name") if isinstance(doc, dict) and isinstance(doc.get("name"), str) else "car")

    def bad(fld: str | None, msg: str) -> None:
        probs.append(Problem(label, where, fld, msg))

    if not isinstance(doc, dict):
        raise DataError([Problem(label, where, None, f"a car is a mapping of {', '.join(_KEYS)}; got {short(doc)}")])
    for k in doc:
        if k not in _KEYS:
            bad(str(k), f"unknown field; a car has {', '.join(_KEYS)}")
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("name", f"expected the racer's name (text), got {short(name)}")
        name = "car"
    vehicle = doc.get("vehicle")
    if vehicle not in b.vehicles:
        bad("vehicle", f"{short(vehicle)} is not a vehicle; vehicles are {', '.join(b.vehicles)}")
    driver = doc.get("driver")
    if driver not in b.drivers:
        bad("driver", f"{short(driver)} is not a driver; drivers are {', '.join(b.drivers)}")
    upgrade = doc.get("upgrade")
    beginning = [u for u, e in b.upgrades.items() if e.list == "beginning"]
    if upgrade not in beginning:
        bad("upgrade", f"{short(upgrade)} is not one of the 30 starting upgrades; they are {', '.join(beginning)}")
    earned_raw = doc.get("earned", [])
    earned: list[str] = []
    if not isinstance(earned_raw, list):
        bad("earned", f"expected a list of upgrade ids, got {short(earned_raw)}")
    else:
        for i, u in enumerate(earned_raw):
            if u not in b.upgrades:
                bad(f"earned[{i}]", f"{short(u)} is not an upgrade")
            else:
                earned.append(u)
    fame = doc.get("fame", 0)
    if isinstance(fame, bool) or not isinstance(fame, int) or fame < 0:
        bad("fame", f"expected a whole number of at least 0, got {short(fame)}")
        fame = 0
    counts: Counter[str] = Counter([str(u) for u in (upgrade, *earned) if u in b.upgrades])
    for u, n in counts.items():
        if n > 1 and not b.upgrades[u].repeatable:
            bad("earned", f"'{u}' can be taken once, and is taken {n} times")
    points: dict[str, int] = {}
    lo = int(b.race["stat_min"])
    for group, stats in (("vehicle_stats", b.vehicle_stats), ("driver_stats", b.driver_stats)):
        raw = doc.get(group)
        if not isinstance(raw, dict):
            got = "nothing (the field is missing)" if raw is None else short(raw)
            bad(group, f"expected a mapping of {', '.join(stats)} to points, got {got}")
            continue
        for k in raw:
            if k not in stats:
                bad(f"{group}.{k}", f"not a {group[:-6]} stat; they are {', '.join(stats)}")
        total = 0
        for s in stats:
            v = raw.get(s)
            hi = stat_cap(b, counts, s)
            if v is None:
                need = f"a whole number from {lo} to {hi}"
                bad(f"{group}.{s}", f"missing: every {group[:-6]} stat needs its points, {need}")
                continue
            if isinstance(v, bool) or not isinstance(v, int):
                bad(f"{group}.{s}", f"expected a whole number from {lo} to {hi}, got {short(v)}")
                continue
            if not lo <= v <= hi:
                bad(f"{group}.{s}", f"{v} is out of range: stats are {lo} to {hi}")
            points[s] = v
            total += v
        if len(points) >= len(stats) and all(s in points for s in stats) and total != int(b.race["stat_points"]):
            bad(group, f"the points add up to {total}; there are exactly {b.race['stat_points']} to distribute")
    if not probs:  # advances: a stat at most its cap, a re-roll at most 4 and at most the stat
        car = Car(str(name), str(vehicle), str(driver), MappingProxyType(points), str(upgrade), tuple(earned), fame)
        from .upgrades import handlers_for

        hs = handlers_for(dict(b.upgrades), car.upgrades())
        for s in b.stats:
            have = points[s] + sum(h.stat_bonus(s) for h in hs)
            if have > stat_cap(b, counts, s):
                bad("earned", f"{s} would be {have}: a stat cannot go higher than {stat_cap(b, counts, s)}")
        st = sheet(car, b)
        for s in b.rolled_stats:
            n = sum(h.rerolls(s) for h in hs)
            if n > min(int(b.race["reroll_max"]), max(st[s], 0)):
                bad("earned", f"{n} {s} re-rolls: at most 4 and at most the {s} stat ({st[s]})")
        for h in hs:
            sub = h.subtracts()
            if sub and h.count > 4:
                bad("earned", f"'{h.id}' is taken {h.count} times; it cannot go higher than 4")
    if probs:
        raise DataError(probs)
    return Car(str(name), str(vehicle), str(driver), MappingProxyType(points), str(upgrade), tuple(earned), fame, label)


def load_car(path: Path | str, b: Book | None = None) -> Car:
    return car_from_doc(read_yaml(path, str(path)), str(path), b)

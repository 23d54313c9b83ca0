"""The road race's rulebook as data: road_race.yaml read into frozen dataclasses, checked.

Why frozen and checked up front: every chart row, upgrade and stat the engine uses comes
from here, so a typo in the YAML (or a house-rule file) is one clear line naming the file,
the entry and the field, never a KeyError in the middle of a race.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...data.errors import DataError, Problem, short
from ...data.yamlio import read_yaml

BOOK_FILE = Path(__file__).resolve().parent / "road_race.yaml"

_ROLL = re.compile(r"^(\d+)(-|\+|-(\d+))?$")


@dataclass(frozen=True)
class Row:
    """One row of a chart: the totals it covers (``lo``..``hi``, open-ended at the ends)."""

    id: str
    lo: int | None  # None: "N or less"
    hi: int | None  # None: "N or better"
    name: str
    text: str
    sub: str | None = None  # a sub-chart rolled next
    chart: str | None = None  # another chart rolled next
    completed: str | None = None

    def covers(self, total: int) -> bool:
        return (self.lo is None or total >= self.lo) and (self.hi is None or total <= self.hi)


@dataclass(frozen=True)
class Chart:
    id: str
    name: str
    rows: tuple[Row, ...]
    shared: bool = False  # rolled once by the first player, read by each with his own modifiers
    text: str = ""
    completed: str | None = None

    def row(self, total: int) -> Row:
        for r in self.rows:
            if r.covers(total):
                return r
        raise LookupError(f"chart {self.id}: no row for {total}")  # pragma: no cover - checked on load


@dataclass(frozen=True)
class Kind:
    """A vehicle or a driver type: the stat modifiers it brings."""

    id: str
    name: str
    mods: Mapping[str, int]
    text: str


@dataclass(frozen=True)
class Upgrade:
    """An upgrade entry; its behaviour is the handler registered under its id (upgrades.py)."""

    id: str
    family: str  # vehicle | driver
    list: str  # beginning | advance
    name: str
    text: str
    params: Mapping[str, Any]
    repeatable: bool = False
    completed: str | None = None


@dataclass(frozen=True)
class Fame:
    id: str
    points: int
    text: str
    completed: str | None = None


@dataclass(frozen=True)
class Reading:
    id: str
    text: str
    completed: str


@dataclass(frozen=True)
class Book:
    success_at: int
    sides: int
    race: Mapping[str, int]
    vehicle_stats: tuple[str, ...]
    driver_stats: tuple[str, ...]
    rolled_stats: tuple[str, ...]
    vehicles: Mapping[str, Kind]
    drivers: Mapping[str, Kind]
    repairs: Mapping[str, int]
    charts: Mapping[str, Chart]
    upgrades: Mapping[str, Upgrade]
    fame: Mapping[str, Fame]
    campaign: Mapping[str, int]
    readings: tuple[Reading, ...]
    completed: tuple[tuple[str, str, str], ...] = field(default=())  # (entry, book text, our reading)
    source: str = ""  # the file it was read from

    @property
    def stats(self) -> tuple[str, ...]:
        return self.vehicle_stats + self.driver_stats

    def row_ids(self) -> set[str]:
        return {r.id for c in self.charts.values() for r in c.rows}


_UPGRADE_PARAMS = {
    "chart_mods": "mapping",
    "against_mods": "mapping",
    "attack_mods": "mapping",
    "extra_successes": "mapping",
    "max_stat": "mapping",
    "ignores": "list",
    "reroll_all": "list",
    "destroyed_at": "int",
    "stat": "str",
    "reroll": "str",
    "subtracts": "str",
    "reach": "str",
}
_UPGRADE_KEYS = {"id", "family", "list", "name", "text", "repeatable", "completed"} | set(_UPGRADE_PARAMS)


def parse_roll(text: Any) -> tuple[int | None, int | None]:
    """ "3-" -> (None, 3); "4-5" -> (4, 5); "6+" -> (6, None); "2" -> (2, 2)."""
    m = _ROLL.match(str(text))
    if not m:
        raise ValueError(f"a roll is N, N-, A-B or N+; got {short(text)}")
    n = int(m.group(1))
    if m.group(2) == "-":
        return None, n
    if m.group(2) == "+":
        return n, None
    if m.group(3):
        return n, int(m.group(3))
    return n, n


def load_book(path: Path | str = BOOK_FILE) -> Book:
    """Read and check the book. Raises DataError listing every problem."""
    label = str(path)
    doc = read_yaml(path, label)
    return replace(book_from_doc(doc, label), source=label)


def book_from_doc(doc: Any, label: str) -> Book:
    probs: list[Problem] = []

    def bad(entry: str | None, fld: str | None, msg: str) -> None:
        probs.append(Problem(label, entry, fld, msg))

    if not isinstance(doc, dict):
        raise DataError([Problem(label, None, None, "expected a mapping of sections")])
    for sect in ("dice", "race", "vehicles", "drivers", "repairs", "charts", "subcharts", "upgrades", "fame"):
        if sect not in doc:
            bad(sect, None, "missing section")
    if probs:
        raise DataError(probs)
    completed: list[tuple[str, str, str]] = []
    dice = doc["dice"]
    if dice.get("completed_chart_die"):
        completed.append(("dice/chart_die", "1 or less … 6 or better", str(dice["completed_chart_die"])))
    stats_v = tuple(doc.get("vehicle_stats", ()))
    stats_d = tuple(doc.get("driver_stats", ()))

    def kinds(section: str, stats: tuple[str, ...]) -> dict[str, Kind]:
        out: dict[str, Kind] = {}
        for i, e in enumerate(doc[section] or []):
            ident = e.get("id") if isinstance(e, dict) else None
            where = f"{section}[{i}]" if not ident else f"{section}/{ident}"
            if not isinstance(ident, str):
                bad(where, "id", "every entry needs an id")
                continue
            mods = e.get("mods") or {}
            for s, v in mods.items():
                if s not in stats:
                    bad(where, f"mods.{s}", f"not a stat; stats are {', '.join(stats)}")
                elif not isinstance(v, int) or isinstance(v, bool):
                    bad(where, f"mods.{s}", f"expected a whole number, got {short(v)}")
            out[ident] = Kind(ident, str(e.get("name", ident)), MappingProxyType(dict(mods)), str(e.get("text", "")))
        return out

    vehicles = kinds("vehicles", stats_v)
    drivers = kinds("drivers", stats_d)
    repairs: dict[str, int] = {}
    for k, e in (doc["repairs"] or {}).items():
        n = e.get("successes") if isinstance(e, dict) else None
        if not isinstance(n, int) or n < 1:
            bad(f"repairs/{k}", "successes", f"must be a whole number of at least 1, got {short(n)}")
            continue
        repairs[k] = n
        if e.get("completed"):
            completed.append((f"repairs/{k}", str(e.get("text", "")), str(e["completed"])))

    charts: dict[str, Chart] = {}
    for section in ("charts", "subcharts"):
        for cid, c in (doc[section] or {}).items():
            rows: list[Row] = []
            for j, r in enumerate(c.get("rows") or []):
                where = f"{section}/{cid}#{j + 1}"
                try:
                    lo, hi = parse_roll(r.get("roll"))
                except ValueError as exc:
                    bad(where, "roll", str(exc))
                    continue
                ident = r.get("id")
                if not isinstance(ident, str):
                    bad(where, "id", "every row needs an id")
                    continue
                rows.append(
                    Row(
                        ident,
                        lo,
                        hi,
                        str(r.get("name", ident)),
                        str(r.get("text", "")),
                        r.get("sub"),
                        r.get("chart"),
                        r.get("completed"),
                    )
                )
                if r.get("completed"):
                    completed.append((f"{cid}/{ident}", str(r.get("text", "")), str(r["completed"])))
            if c.get("completed"):
                completed.append((f"{section}/{cid}", "", str(c["completed"])))
            if rows:  # the rows must cover every total exactly once
                for total in range(-6, 16):
                    n = sum(1 for r in rows if r.covers(total))
                    if n != 1:
                        bad(f"{section}/{cid}", "rows", f"a total of {total} falls on {n} rows; it must fall on one")
                        break
            charts[cid] = Chart(
                cid, str(c.get("name", cid)), tuple(rows), bool(c.get("shared", False)), str(c.get("text", "")), None
            )
    for c in charts.values():
        for r in c.rows:
            for ref in (r.sub, r.chart):
                if ref is not None and ref not in charts:
                    bad(f"charts/{c.id}/{r.id}", "sub" if ref == r.sub else "chart", f"names no chart '{ref}'")
    ids = [r.id for c in charts.values() for r in c.rows]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        bad(f"row {dup}", "id", "row ids must be unique across all charts")

    upgrades: dict[str, Upgrade] = {}
    for i, e in enumerate(doc["upgrades"] or []):
        ident = e.get("id") if isinstance(e, dict) else None
        where = f"upgrades/{ident}" if ident else f"upgrades[{i}]"
        if not isinstance(ident, str):
            bad(where, "id", "every upgrade needs an id")
            continue
        for k in e:
            if k not in _UPGRADE_KEYS:
                bad(where, k, f"unknown field; fields are {', '.join(sorted(_UPGRADE_KEYS))}")
        if e.get("family") not in ("vehicle", "driver"):
            bad(where, "family", f"must be vehicle or driver, got {short(e.get('family'))}")
        if e.get("list") not in ("beginning", "advance"):
            bad(where, "list", f"must be beginning or advance, got {short(e.get('list'))}")
        params = {k: e[k] for k in _UPGRADE_PARAMS if k in e}
        for k in ("stat", "reroll", "subtracts"):
            if k in params and params[k] not in stats_v + stats_d:
                bad(where, k, f"not a stat: {short(params[k])}")
        upgrades[ident] = Upgrade(
            ident,
            str(e.get("family")),
            str(e.get("list")),
            str(e.get("name", ident)),
            str(e.get("text", "")),
            MappingProxyType(params),
            bool(e.get("repeatable", False)),
            e.get("completed"),
        )
        if e.get("completed"):
            completed.append((f"upgrades/{ident}", str(e.get("text", "")), str(e["completed"])))
    fame: dict[str, Fame] = {}
    for e in doc["fame"] or []:
        fame[e["id"]] = Fame(e["id"], int(e["points"]), str(e.get("text", "")), e.get("completed"))
        if e.get("completed"):
            completed.append((f"fame/{e['id']}", str(e.get("text", "")), str(e["completed"])))
    readings = tuple(Reading(r["id"], str(r["text"]), str(r["completed"])) for r in doc.get("readings") or [])
    for r in readings:
        completed.append((f"rules/{r.id}", r.text, r.completed))
    race = dict(doc["race"])
    for k in ("lap_points_to_win", "offense_range", "destroyed_at", "stat_points", "stat_min", "stat_max"):
        if not isinstance(race.get(k), int):
            bad("race", k, f"expected a whole number, got {short(race.get(k))}")
    if probs:
        raise DataError(probs)
    return Book(
        success_at=int(dice["success_at"]),
        sides=int(dice["sides"]),
        race=MappingProxyType(race),
        vehicle_stats=stats_v,
        driver_stats=stats_d,
        rolled_stats=tuple(doc.get("rolled_stats", ())),
        vehicles=MappingProxyType(vehicles),
        drivers=MappingProxyType(drivers),
        repairs=MappingProxyType(repairs),
        charts=MappingProxyType(charts),
        upgrades=MappingProxyType(upgrades),
        fame=MappingProxyType(fame),
        campaign=MappingProxyType(dict(doc.get("campaign") or {})),
        readings=readings,
        completed=tuple(completed),
    )


_CACHE: dict[str, Book] = {}


def book() -> Book:
    """The shipped book (read once per process)."""
    key = str(BOOK_FILE)
    if key not in _CACHE:
        _CACHE[key] = load_book(BOOK_FILE)
    return _CACHE[key]


def names(items: Sequence[str]) -> str:
    return ", ".join(items)

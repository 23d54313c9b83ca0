"""The road race's events: what happened, as plain data, in the log every view reads.

Why few, general kinds: the renderer, the replays, the summaries and the fame tally read
these alone; each says who (``seat``), what, and the numbers a person would want to see.
Dice carry where they came to rest in the tray, so a log can be drawn without re-simulating.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...play.events import Event, decode, event_types


def _n(names: dict[str, str], seat: int | None) -> str:
    return "nobody" if seat is None else names.get(str(seat), f"seat {seat}")


# The log says things in the book's words, never its ids ("armor_hit 1 = 1: armor_none" was what a
# player read). Every ``describe`` takes the race's book (house rules name things too); without
# one it reads the shipped book, so a saved log printed later still speaks words.


def _book(book: Any) -> Any:
    if book is not None:
        return book
    from .book import book as shipped  # the same ruleset's data; read once per process

    return shipped()


def display(name: str, ident: str) -> str:
    """A name from the data, or, where the data gives none (its loader falls back to the id), the
    id in words: ``ginormous_roadkill`` -> "Ginormous roadkill"."""
    if name and name != ident:
        return name
    words = ident.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


_ROLL_WORDS = re.compile(r"^\s*(?:on an? )?\d+\s*(?:-\s*\d+)?\s*(?:or (?:less|better|more))?\s*(?::|means|is)?\s*")


def row_words(chart: Any, row_id: str, name: str = "") -> str:
    """A chart row in words: its name, else its text without the roll, its first sentence and
    no bracketed aside at the end ("4-5 Driver takes 1 damage" -> "Driver takes 1 damage") when
    that is short, else its id in words."""
    if name and name != row_id:
        return str(name)
    row = next((r for r in chart.rows if r.id == row_id), None) if chart is not None else None
    if row is not None:
        if row.name and row.name != row_id:
            return str(row.name)
        text = _ROLL_WORDS.sub("", row.text).strip()
        text = re.sub(r"\s*\(.*\)\s*\.?$", "", text)  # an aside in brackets at the end: the log is not the book
        text = re.split(r"\.+\s+(?=[A-Z])", text)[0].strip().rstrip(".")  # the first sentence
        if 0 < len(text) <= 72:
            return text[:1].upper() + text[1:]
    return display("", row_id)


def chart_name(book: Any, chart: str) -> str:
    c = _book(book).charts.get(chart)
    return display(c.name if c is not None else chart, chart)


def result_name(book: Any, result: str) -> str:
    """A result (a chart row, or a lasting state named like one) by its row's words."""
    for c in _book(book).charts.values():
        if any(r.id == result for r in c.rows):
            return row_words(c, result)
    return display("", result)


def _lower(text: str) -> str:
    """The first letter lowered for mid-sentence use, unless the word is an acronym ("TV")."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def fame_words(book: Any, ident: str) -> str:
    """A Fame Point's reason from the book's text, without its points: "Be the only one to survive
    a race: 2 points" -> "be the only one to survive a race"."""
    fame = _book(book).fame.get(ident)
    if fame is None or not fame.text:
        return _lower(display("", ident))
    return _lower(re.sub(r"\s*:\s*\d+\s+points?\s*$", "", fame.text).strip())


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


@dataclass
class RaceStarted(Event):
    kind: ClassVar[str] = "race_started"
    seats: list[str] = field(default_factory=list)
    cars: list[dict[str, Any]] = field(default_factory=list)  # per seat: vehicle, driver, upgrades, sheet
    night: bool = False

    def describe(self, _names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        return f"the race starts{' (at night)' if self.night else ''}: " + ", ".join(self.seats)


@dataclass
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int = 0
    order: list[int] = field(default_factory=list)
    rolloffs: list[list[int]] = field(default_factory=list)  # [seat, die] for tie roll-offs

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        return f"round {self.round}, turn order: " + ", ".join(_n(names, s) for s in self.order)


@dataclass
class PhaseStarted(Event):
    kind: ClassVar[str] = "phase_started"
    seat: int = 0
    phase: str = ""  # luck | speed | offense
    sheets: list[dict[str, Any]] = field(default_factory=list)  # every car as it stands (each luck phase)

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        return f"{_n(names, self.seat)}: {self.phase} phase"


@dataclass
class DiceRolled(Event):
    """A stat roll: the dice as first thrown, those re-rolled, and the count."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int = 0
    stat: str = ""
    purpose: str = ""
    dice: list[list[float]] = field(default_factory=list)  # [value, x, y] as they lie at the end
    first: list[int] = field(default_factory=list)  # the faces before re-rolls
    rerolled: int = 0
    blessed: bool = False
    extra: int = 0  # successes added without dice (The Knowledge, a hitch hiker)
    successes: int = 0
    failures: int = 0
    need: int | None = None

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        faces = " ".join(str(int(d[0])) for d in self.dice) or "no dice"
        s = f"{_n(names, self.seat)} rolls {self.stat.title()} for {self.purpose}: [{faces}]"
        if self.rerolled:
            s += f" (re-rolled {self.rerolled} of [{' '.join(map(str, self.first))}])"
        if self.blessed:
            s += " +blessing"
        s += f" = {_plural(self.successes, 'success', 'successes')}, {self.failures} failed"
        if self.need is not None:
            s += f" (needs {self.need}: {'made it' if self.successes >= self.need else 'failed'})"
        return s


@dataclass
class ChartRolled(Event):
    kind: ClassVar[str] = "chart_rolled"
    seat: int = 0  # who rolled
    target: int = 0  # whose car the result is for
    chart: str = ""
    die: int = 0
    modifier: int = 0
    total: int = 0
    row: str = ""
    name: str = ""
    shared: bool = False  # a shared die read with this racer's own modifiers

    def describe(self, names: dict[str, str], book: Any = None) -> str:
        """ "Ma Kettle vs Speedy: Armor hit 1: No effect" (rolled by one, for the other's car); a
        modifier shows as "4+1 = 5"."""
        mod = f"{self.modifier:+d} = {self.total}" if self.modifier else ""
        who = (
            _n(names, self.seat) if self.target == self.seat else f"{_n(names, self.seat)} vs {_n(names, self.target)}"
        )
        chart = _book(book).charts.get(self.chart)
        what = display(chart.name if chart is not None else self.chart, self.chart)
        return f"{who}: {what} {self.die}{mod}: {row_words(chart, self.row, self.name)}"


@dataclass
class Happened(Event):
    """A result taking effect on one car: ``what`` is its id, ``detail`` the words."""

    kind: ClassVar[str] = "happened"
    seat: int = 0
    what: str = ""
    detail: str = ""

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        return f"{_n(names, self.seat)}: {self.detail or _lower(display('', self.what))}"


@dataclass
class Ignored(Event):
    kind: ClassVar[str] = "ignored"
    seat: int = 0
    result: str = ""
    upgrade: str = ""

    def describe(self, names: dict[str, str], book: Any = None) -> str:
        up = _book(book).upgrades.get(self.upgrade)
        why = display(up.name if up is not None else self.upgrade, self.upgrade)
        return f"{_n(names, self.seat)} ignores {result_name(book, self.result)} ({why})"


@dataclass
class LapPoints(Event):
    kind: ClassVar[str] = "lap_points"
    seat: int = 0
    change: int = 0
    total: int = 0
    why: str = ""

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        pts = "Lap Point" if abs(self.change) == 1 else "Lap Points"
        return f"{_n(names, self.seat)} {self.change:+d} {pts} ({self.why}): {self.total}"


@dataclass
class Damaged(Event):
    kind: ClassVar[str] = "damaged"
    seat: int = 0
    part: str = "vehicle"  # vehicle | driver
    amount: int = 0
    total: int = 0
    limit: int = 0
    why: str = ""
    by: int | None = None

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        return (
            f"{_n(names, self.seat)}'s {self.part} takes {self.amount} damage ({self.why}): {self.total}/{self.limit}"
        )


@dataclass
class Condition(Event):
    """A lasting state put on or taken off a car (stopped until repaired, a leak, -2 Speed…)."""

    kind: ClassVar[str] = "condition"
    seat: int = 0
    id: str = ""
    on: bool = True
    detail: str = ""

    def describe(self, names: dict[str, str], book: Any = None) -> str:
        what = self.detail or _lower(result_name(book, self.id))
        return f"{_n(names, self.seat)}: {what} {'(lasting)' if self.on else 'ends'}"


@dataclass
class Stopped(Event):
    kind: ClassVar[str] = "stopped"
    seat: int = 0
    why: str = ""

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        return f"{_n(names, self.seat)} is stopped this turn ({self.why})"


@dataclass
class Repaired(Event):
    kind: ClassVar[str] = "repaired"
    seat: int = 0
    item: str = ""
    progress: int = 0
    need: int = 0
    fixed: bool = False

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        state = "fixed" if self.fixed else f"{self.progress}/{self.need} successes so far"
        return f"{_n(names, self.seat)} repairs {self.item}: {state}"


@dataclass
class Attacked(Event):
    kind: ClassVar[str] = "attacked"
    seat: int = 0
    target: int = 0
    mode: str = "attack"
    offense: int = 0
    defense: int = 0
    result: str = ""  # safe | damage | spectacular

    def describe(self, names: dict[str, str], book: Any = None) -> str:
        """ "Ma Kettle attacks Speedy: 1 vs 0 successes, a hit: Spectacular Damage chart" (``result``
        is the chart the hit rolls on, by its id, or ``safe``)."""
        if self.result == "safe":
            what = "no hit"
        else:
            what = f"a hit: {chart_name(book, self.result)} chart"
        return (
            f"{_n(names, self.seat)} {'rams' if self.mode == 'ram' else 'attacks'} {_n(names, self.target)}: "
            f"{self.offense} vs {_plural(self.defense, 'success', 'successes')}, {what}"
        )


@dataclass
class RerollsTaken(Event):
    kind: ClassVar[str] = "rerolls_taken"
    seat: int = 0
    target: int = 0
    stat: str = ""
    amount: int = 0

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        what = _plural(self.amount, f"{self.stat.title()} re-roll")
        return f"{_n(names, self.seat)} takes {what} from {_n(names, self.target)}"


@dataclass
class Out(Event):
    kind: ClassVar[str] = "out"
    seat: int = 0
    how: str = ""  # dead | destroyed
    by: int | None = None

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        """ "Speedy's driver is killed by Ma Kettle: out of the race" ("driver dead by Ma Kettle" was
        what it said)."""
        who = _n(names, self.seat)
        if self.how == "dead":
            what = f"driver is killed by {_n(names, self.by)}" if self.by is not None else "driver is dead"
        else:
            what = f"vehicle is destroyed by {_n(names, self.by)}" if self.by is not None else "vehicle is destroyed"
        return f"{who}'s {what}: out of the race"


@dataclass
class FameEarned(Event):
    kind: ClassVar[str] = "fame_earned"
    seat: int = 0
    id: str = ""
    points: int = 0

    def describe(self, names: dict[str, str], book: Any = None) -> str:
        return f"{_n(names, self.seat)} earns {_plural(self.points, 'Fame Point')}: {fame_words(book, self.id)}"


@dataclass
class RaceOver(Event):
    kind: ClassVar[str] = "race_over"
    winners: list[int] = field(default_factory=list)
    lap_points: list[int] = field(default_factory=list)
    reason: str = ""
    rounds: int = 0
    sheets: list[dict[str, Any]] = field(default_factory=list)

    def describe(self, names: dict[str, str], book: Any = None) -> str:  # noqa: ARG002 - the same call for every event
        who = " and ".join(_n(names, w) for w in self.winners) or "nobody"
        wins = "win" if len(self.winners) > 1 else "wins"
        return f"the race is over after {_plural(self.rounds, 'round')} ({self.reason}): {who} {wins}"


TYPES = event_types(
    [
        RaceStarted,
        RoundStarted,
        PhaseStarted,
        DiceRolled,
        ChartRolled,
        Happened,
        Ignored,
        LapPoints,
        Damaged,
        Condition,
        Stopped,
        Repaired,
        Attacked,
        RerollsTaken,
        Out,
        FameEarned,
        RaceOver,
    ]
)


def decode_event(data: dict[str, Any]) -> Event:
    return decode(data, TYPES)

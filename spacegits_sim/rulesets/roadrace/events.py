"""The road race's events: what happened, as plain data, in the log every view reads.

Why few, general kinds: the renderer, the replays, the summaries and the fame tally read
these alone; each says who (``seat``), what, and the numbers a person would want to see.
Dice carry where they came to rest in the tray, so a log can be drawn without re-simulating.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...play.events import Event, decode, event_types


def _n(names: dict[str, str], seat: int | None) -> str:
    return "nobody" if seat is None else names.get(str(seat), f"seat {seat}")


@dataclass
class RaceStarted(Event):
    kind: ClassVar[str] = "race_started"
    seats: list[str] = field(default_factory=list)
    cars: list[dict[str, Any]] = field(default_factory=list)  # per seat: vehicle, driver, upgrades, sheet
    night: bool = False

    def describe(self, _names: dict[str, str]) -> str:
        return f"the race starts{' (at night)' if self.night else ''}: " + ", ".join(self.seats)


@dataclass
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int = 0
    order: list[int] = field(default_factory=list)
    rolloffs: list[list[int]] = field(default_factory=list)  # [seat, die] for tie roll-offs

    def describe(self, names: dict[str, str]) -> str:
        return f"round {self.round}: " + " > ".join(_n(names, s) for s in self.order)


@dataclass
class PhaseStarted(Event):
    kind: ClassVar[str] = "phase_started"
    seat: int = 0
    phase: str = ""  # luck | speed | offense
    sheets: list[dict[str, Any]] = field(default_factory=list)  # every car as it stands (each luck phase)

    def describe(self, names: dict[str, str]) -> str:
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

    def describe(self, names: dict[str, str]) -> str:
        faces = " ".join(str(int(d[0])) for d in self.dice) or "no dice"
        s = f"{_n(names, self.seat)} rolls {self.stat} for {self.purpose}: [{faces}]"
        if self.rerolled:
            s += f" (re-rolled {self.rerolled} of [{' '.join(map(str, self.first))}])"
        if self.blessed:
            s += " +blessing"
        s += f" = {self.successes} success{'es' if self.successes != 1 else ''}, {self.failures} failed"
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

    def describe(self, names: dict[str, str]) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        who = (
            _n(names, self.seat) if self.target == self.seat else f"{_n(names, self.seat)} vs {_n(names, self.target)}"
        )
        return f"{who}: {self.chart} {self.die}{mod} = {self.total}: {self.name}"


@dataclass
class Happened(Event):
    """A result taking effect on one car: ``what`` is its id, ``detail`` the words."""

    kind: ClassVar[str] = "happened"
    seat: int = 0
    what: str = ""
    detail: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.seat)}: {self.detail or self.what}"


@dataclass
class Ignored(Event):
    kind: ClassVar[str] = "ignored"
    seat: int = 0
    result: str = ""
    upgrade: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.seat)} ignores {self.result} ({self.upgrade})"


@dataclass
class LapPoints(Event):
    kind: ClassVar[str] = "lap_points"
    seat: int = 0
    change: int = 0
    total: int = 0
    why: str = ""

    def describe(self, names: dict[str, str]) -> str:
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

    def describe(self, names: dict[str, str]) -> str:
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

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.seat)}: {self.detail} {'(lasting)' if self.on else 'ends'}"


@dataclass
class Stopped(Event):
    kind: ClassVar[str] = "stopped"
    seat: int = 0
    why: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.seat)} is stopped this turn ({self.why})"


@dataclass
class Repaired(Event):
    kind: ClassVar[str] = "repaired"
    seat: int = 0
    item: str = ""
    progress: int = 0
    need: int = 0
    fixed: bool = False

    def describe(self, names: dict[str, str]) -> str:
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

    def describe(self, names: dict[str, str]) -> str:
        return (
            f"{_n(names, self.seat)} {'rams' if self.mode == 'ram' else 'attacks'} {_n(names, self.target)}: "
            f"{self.offense} vs {self.defense} successes: {self.result}"
        )


@dataclass
class RerollsTaken(Event):
    kind: ClassVar[str] = "rerolls_taken"
    seat: int = 0
    target: int = 0
    stat: str = ""
    amount: int = 0

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.seat)} takes {self.amount} {self.stat} re-roll(s) from {_n(names, self.target)}"


@dataclass
class Out(Event):
    kind: ClassVar[str] = "out"
    seat: int = 0
    how: str = ""  # dead | destroyed
    by: int | None = None

    def describe(self, names: dict[str, str]) -> str:
        by = f" by {_n(names, self.by)}" if self.by is not None else ""
        how = "driver dead" if self.how == "dead" else "vehicle destroyed"
        return f"{_n(names, self.seat)} is out of the race: {how}{by}"


@dataclass
class FameEarned(Event):
    kind: ClassVar[str] = "fame_earned"
    seat: int = 0
    id: str = ""
    points: int = 0

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.seat)} earns {self.points} Fame Point{'s' if self.points != 1 else ''}: {self.id}"


@dataclass
class RaceOver(Event):
    kind: ClassVar[str] = "race_over"
    winners: list[int] = field(default_factory=list)
    lap_points: list[int] = field(default_factory=list)
    reason: str = ""
    rounds: int = 0
    sheets: list[dict[str, Any]] = field(default_factory=list)

    def describe(self, names: dict[str, str]) -> str:
        who = ", ".join(_n(names, w) for w in self.winners) or "nobody"
        return f"the race is over after {self.rounds} rounds ({self.reason}): {who} wins"


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

"""The narrow surface chart-row handlers and the fame tally may use of a race.

Why a protocol and not the engine's class: the handlers (:mod:`.results`) and the tally
(:mod:`.fame`) are typed against the operations they may call, so they never import the
engine and the engine imports them without an import circle. :class:`~.engine.Race`
satisfies it structurally.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Protocol

from ...play.events import Event
from ...play.protocol import Request
from .book import Book
from .scenario import RaceScenario
from .state import Cond, Racer


class RollResult(Protocol):
    successes: int
    failures: int
    dice: int


class RaceOps(Protocol):
    book: Book
    scenario: RaceScenario
    racers: list[Racer]
    round: int
    order: list[int]
    first: int | None
    shared_die: int | None
    shared_rows: dict[int, str]
    round_mods: dict[int, dict[str, int]]
    winds: set[int]
    interview_open: bool
    attacker: int | None

    def emit(self, e: Event) -> None: ...

    def new_cond(self, r: Racer, c: Cond) -> Cond: ...

    def end_cond(self, r: Racer, c: Cond, why: str = "") -> None: ...

    def ignores(self, r: Racer, row: str) -> bool: ...

    def stat(self, r: Racer, s: str) -> int: ...

    def toughness(self, r: Racer) -> int: ...

    def destroyed_at(self, r: Racer) -> int: ...

    def rerolls_now(self, r: Racer, s: str) -> int: ...

    def stopped(self, r: Racer) -> bool: ...

    def stop(self, r: Racer, why: str) -> None: ...

    def add_lp(self, r: Racer, n: int, why: str) -> None: ...

    def damage_vehicle(self, r: Racer, n: int, why: str) -> None: ...

    def damage_driver(self, r: Racer, n: int, why: str) -> None: ...

    def check_driver(self, r: Racer) -> None: ...

    def stat_roll(
        self,
        r: Racer,
        s: str,
        purpose: str,
        need: int | None = None,
        extra_dice: int = 0,
        extra_successes: int = 0,
        reroll_all: bool = False,
    ) -> Generator[Request, Any, Any]: ...

    def chart(
        self,
        roller: Racer,
        target: Racer,
        chart_id: str,
        extra: int = 0,
        attack: bool = False,
        die: int | None = None,
        own: bool = True,
    ) -> Generator[Request, Any, None]: ...

"""The decision protocol every ruleset speaks: each choice a game cannot make itself is a typed Request.

A game is a generator: it *yields* a Request and is *sent* the answer. A Request lists what
is legal (a tuple of options, or bounds for a continuous answer such as an aim point);
:meth:`Request.check` normalises an answer or raises :class:`IllegalDecision` — the game is
only resumed with a checked answer, so an illegal answer changes nothing.

One mechanism serves the pygame shells, the AIs, replays (answers are plain JSON), the
PettingZoo env and tests. The generic kinds live here (:class:`Choice`, :class:`AimThrow`,
:class:`Deploy`, :class:`Simultaneous`); a ruleset subclasses them for its own questions
(Space Gits' ``ChooseAction``, ``FightThrow``…) and everything above it answers them by
these base types alone. Why generic bases: a random AI, the env's action space and the
replay format then work for any ruleset without knowing its requests.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..data.errors import short

Point = tuple[float, float]

__all__ = [
    "AimThrow",
    "Choice",
    "Deploy",
    "IllegalDecision",
    "Point",
    "Request",
    "Simultaneous",
    "Throw",
    "collect",
    "heading_to",
]


class IllegalDecision(ValueError):
    """An answer that is not among the legal ones. The message says what was legal."""


@dataclass(frozen=True)
class Request:
    kind: ClassVar[str] = "request"
    boss: int  # index of the seat (boss, player, driver) who answers

    def check(self, answer: Any) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def to_json(self, answer: Any) -> Any:
        """The answer as plain JSON data (for replays)."""
        return answer

    def from_json(self, data: Any) -> Any:
        return data


@dataclass(frozen=True)
class Choice(Request):
    """Pick one of ``options``."""

    kind: ClassVar[str] = "choice"
    options: tuple[Any, ...] = ()
    prompt: str = ""

    def check(self, answer: Any) -> Any:
        if isinstance(answer, list):
            answer = tuple(answer)
        if answer not in self.options:
            raise IllegalDecision(
                f"{self.kind}: {short(answer)} is not legal here; legal: {', '.join(map(repr, self.options))}"
            )
        return answer

    def from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data


@dataclass(frozen=True)
class Throw:
    aim: Point
    strength: float


@dataclass(frozen=True)
class AimThrow(Request):
    """Where to aim a throw of ``dice`` and how hard (strength 0-1). The aim must be on the table."""

    kind: ClassVar[str] = "aim_throw"
    model: str = ""
    purpose: str = "move"
    dice: tuple[int, ...] = ()
    width: float = 24.0
    height: float = 24.0

    def check(self, answer: Any) -> Throw:
        if isinstance(answer, dict):
            answer = Throw(tuple(answer.get("aim", ())), answer.get("strength"))  # type: ignore[arg-type]
        if not isinstance(answer, Throw):
            raise IllegalDecision(f"aim_throw: expected Throw(aim=(x, y), strength), got {short(answer)}")
        try:
            x, y = (float(c) for c in answer.aim)
            s = float(answer.strength)
        except (TypeError, ValueError):
            raise IllegalDecision(
                f"aim_throw: aim must be (x, y) numbers and strength a number, got {short(answer)}"
            ) from None
        if not (math.isfinite(x) and math.isfinite(y) and 0 <= x <= self.width and 0 <= y <= self.height):
            raise IllegalDecision(f"aim_throw: aim ({x}, {y}) is off the {self.width:g}x{self.height:g} table")
        if not (0.0 <= s <= 1.0):
            raise IllegalDecision(f"aim_throw: strength must be between 0 and 1, got {s}")
        return Throw((x, y), s)

    def to_json(self, answer: Any) -> Any:
        return {"aim": list(answer.aim), "strength": answer.strength}

    def from_json(self, data: Any) -> Any:
        return Throw((data["aim"][0], data["aim"][1]), data["strength"])


@dataclass(frozen=True)
class Deploy(Request):
    """Place one undeployed model at a legal point, or "skip" to field no more models.

    ``legal`` is a predicate the game provides: None for a legal point, else why not.

    A model in ``headed`` (a vehicle: a box hull, not a round base) is placed facing a way the
    boss chooses: its answer is (model, (x, y), heading), the heading in degrees, 0 to under
    360, anticlockwise from the table's +x axis (0 east, 90 north: what the table's angles are,
    in degrees because a person and a replay read them). It is part of the one answer, not a
    second question after the spot, because whether a spot is legal depends on the facing (a
    long truck side-on to a cap is clear of it where end-on it is not): a spot alone could be
    neither offered nor refused before the facing is known. ``legal_at`` judges a spot at a
    heading. An answer with a spot alone still places a headed model, facing
    ``default_heading``: old replays
    hold only spots, and a ruleset-blind chooser (the random AI, the env) answers so.
    """

    kind: ClassVar[str] = "deploy"
    models: tuple[str, ...] = ()
    width: float = 24.0
    height: float = 24.0
    min_distance: float = 4.0
    legal: Callable[[str, Point], str | None] = field(default=lambda _m, _p: None, compare=False, repr=False)
    headed: tuple[str, ...] = ()
    default_heading: float = 0.0
    legal_at: Callable[[str, Point, float], str | None] | None = field(default=None, compare=False, repr=False)

    def check(self, answer: Any) -> Any:
        if answer == "skip":
            return "skip"
        if isinstance(answer, list):
            answer = tuple(answer)
        if not (isinstance(answer, tuple) and len(answer) in (2, 3)):
            raise IllegalDecision(
                f"deploy: expected (model, (x, y)), (vehicle, (x, y), heading) or 'skip', got {short(answer)}"
            )
        model, pos = answer[0], answer[1]
        if model not in self.models:
            raise IllegalDecision(f"deploy: {short(model)} cannot be deployed now; legal: {', '.join(self.models)}")
        try:
            p = (float(pos[0]), float(pos[1]))
        except (TypeError, ValueError, IndexError):
            raise IllegalDecision(f"deploy: position must be (x, y), got {short(pos)}") from None
        if model not in self.headed:
            if len(answer) == 3:
                raise IllegalDecision(
                    f"deploy: {model} stands on a round base and takes no heading, got {short(answer[2])}"
                )
            why = self.legal(model, p)
            if why:
                raise IllegalDecision(f"deploy: {model} cannot go at ({p[0]:.2f}, {p[1]:.2f}): {why}")
            return (model, p)
        heading = self.checked_heading(model, answer[2] if len(answer) == 3 else self.default_heading)
        why = self.legal_at(model, p, heading) if self.legal_at is not None else self.legal(model, p)
        if why:
            raise IllegalDecision(
                f"deploy: {model} cannot go at ({p[0]:.2f}, {p[1]:.2f}) facing {heading:g} degrees: {why}"
            )
        return (model, p, heading)

    def placed(self, model: str, p: Point, headings: tuple[float, ...] = (), or_default: bool = True) -> Any:
        """The answer that deploys ``model`` at ``p``, or None if it may not go there: a model
        on a round base where ``legal`` allows; a headed one facing the first of ``headings``
        (degrees) it may face there, else (``or_default``) ``default_heading``. What a chooser
        with a purpose answers (face the loot), never worse off than one that names no heading."""
        if model not in self.headed:
            return (model, p) if self.legal(model, p) is None else None
        judge = self.legal_at if self.legal_at is not None else (lambda m, q, _h: self.legal(m, q))
        for h in (*headings, *((self.default_heading,) if or_default else ())):
            h = round(h % 360.0, 6) % 360.0  # (a heading a hair under 360 rounds to 0, never to 360)
            if judge(model, p, h) is None:
                return (model, p, h)
        return None

    def checked_heading(self, model: str, heading: Any) -> float:
        """A heading as a float in [0, 360), or IllegalDecision naming the model, the field and
        the range (NaN, infinities, booleans, words and 360 or more are refused, not wrapped:
        a heading of 1e9 is a mistake, not a way of saying 280)."""
        ok = isinstance(heading, (int, float)) and not isinstance(heading, bool)
        h = float(heading) if ok else math.nan
        if not (math.isfinite(h) and 0.0 <= h < 360.0):
            raise IllegalDecision(
                f"deploy: {model}'s heading must be a number of degrees from 0 to under 360, got {short(heading)}"
            )
        return h

    def to_json(self, answer: Any) -> Any:
        if answer == "skip":
            return answer
        return [answer[0], list(answer[1])] + ([answer[2]] if len(answer) == 3 else [])

    def from_json(self, data: Any) -> Any:
        if data == "skip":
            return data
        return (data[0], tuple(data[1])) + ((data[2],) if len(data) == 3 else ())


@dataclass(frozen=True)
class Simultaneous(Request):
    """One question answered by several seats at once, none seeing another's answer first.

    ``bosses`` answer together: the answer is a tuple with one part per seat, in order. Each
    seat is asked its own :meth:`part` (a :class:`Choice` of ``options`` by default); drivers
    never show one seat another's part before all are in. ``noun`` names one part in messages.
    """

    kind: ClassVar[str] = "simultaneous"
    noun: ClassVar[str] = "answer"
    bosses: tuple[int, ...] = ()

    @property
    def part_options(self) -> tuple[Any, ...]:
        """What each seat may answer (the default :meth:`part` offers these)."""
        return tuple(getattr(self, "options", ()))

    def part_prompt(self, i: int) -> str:
        return f"{self.kind}: seat {self.bosses[i]}"

    def part(self, i: int) -> Request:
        """The request as the ``i``-th seat sees it."""
        return Choice(self.bosses[i], self.part_options, self.part_prompt(i))

    def check(self, answer: Any) -> tuple[Any, ...]:
        if isinstance(answer, list):
            answer = tuple(answer)
        if not isinstance(answer, tuple) or len(answer) != len(self.bosses):
            raise IllegalDecision(
                f"{self.kind}: expected one {self.noun} per boss ({len(self.bosses)}), got {short(answer)}"
            )
        opts = self.part_options
        for a in answer:
            if a not in opts:
                legal = ", ".join(map(str, opts))
                raise IllegalDecision(f"{self.kind}: {short(a)} is not a {self.noun}; legal: {legal}")
        return tuple(answer)

    def to_json(self, answer: Any) -> Any:
        return list(answer)

    def from_json(self, data: Any) -> Any:
        return tuple(data)


def heading_to(p: Point, q: Point) -> float:
    """The heading (degrees, [0, 360), anticlockwise from the table's +x axis) from p towards q."""
    return round(math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360.0, 6) % 360.0


def collect(req: Request, decide: Callable[[Request], Any]) -> Any:
    """The answer to a request from whoever must give it: one driver for a game's ``play``, the
    watcher and the hot-seat. A :class:`Simultaneous` request is asked part by part, each seat
    answering its own part (``req.part(i)``) before any answer is revealed.

    ``decide`` may return None for "not yet" (a person still choosing): the whole answer is
    then None, and the parts already given are the caller's to keep until asked again."""
    if isinstance(req, Simultaneous):
        parts = tuple(decide(req.part(i)) for i in range(len(req.bosses)))
        return None if any(p is None for p in parts) else parts
    return decide(req)

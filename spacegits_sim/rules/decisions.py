"""The decision protocol: every choice the engine cannot make itself is a typed Request.

The engine is a generator: it *yields* a Request and is *sent* the answer. A Request lists
what is legal (a tuple of options, or bounds for a continuous answer such as an aim
point); :meth:`Request.check` normalises an answer or raises :class:`IllegalDecision` — the
engine is only resumed with a checked answer, so an illegal answer changes nothing.

One mechanism serves the pygame UI, the AIs, replays (answers are plain JSON) and tests.
Simultaneous choices (fight throws) are one Request answered by several bosses; the driver
asks each boss for its part without showing the others (see :class:`FightThrow`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..data.errors import short

Point = tuple[float, float]


class IllegalDecision(ValueError):
    """An answer that is not among the legal ones. The message says what was legal."""


@dataclass(frozen=True)
class Request:
    kind: ClassVar[str] = "request"
    boss: int  # index of the boss who answers

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
class ChooseActivation(Choice):
    """Which model to activate ("leg_it" to leg it instead)."""

    kind: ClassVar[str] = "choose_activation"


@dataclass(frozen=True)
class ChooseAction(Choice):
    """The next action of the active model: scoot, shoot, boot (reboot for a fallen klankbot), or done."""

    kind: ClassVar[str] = "choose_action"
    model: str = ""


@dataclass(frozen=True)
class OrderMoveDie(Choice):
    """Which move die to resolve next."""

    kind: ClassVar[str] = "order_move_die"
    model: str = ""


@dataclass(frozen=True)
class ChooseCare(Choice):
    """How carefully to carry the tower for this move: careful, normal or hurried."""

    kind: ClassVar[str] = "choose_care"
    model: str = ""


@dataclass(frozen=True)
class ChooseBoot(Choice):
    """Whom (or what) to boot: options are (how, target) with how in {"boot_in", "boot_up"} (a
    fallen model) or "boot_terrain" (a piece of terrain in contact that can be booted)."""

    kind: ClassVar[str] = "choose_boot"
    model: str = ""


@dataclass(frozen=True)
class EagerHelp(Choice):
    """Eager Helper: which runt (if any, "no") also moves using the move die ``die``."""

    kind: ClassVar[str] = "eager_help"
    die: str = ""


@dataclass(frozen=True)
class RebootDice(Choice):
    """How many D6 a fallen klankbot rolls for its reboot."""

    kind: ClassVar[str] = "reboot_dice"
    model: str = ""


@dataclass(frozen=True)
class ArcadeDice(Choice):
    """Arcade Machine: how many dice to race to stack in the 10 seconds (options 1..max)."""

    kind: ClassVar[str] = "arcade_dice"
    model: str = ""


@dataclass(frozen=True)
class Reroll(Choice):
    """Re-roll (re-throw) one of these dice, or "done" (Ammo Box, Fuel Can: once per activation)."""

    kind: ClassVar[str] = "reroll"
    model: str = ""
    purpose: str = ""


@dataclass(frozen=True)
class GearChoice(Choice):
    """A choice a piece of gear offers (which die, which git, whether to): ``gear`` says which."""

    kind: ClassVar[str] = "gear_choice"
    model: str = ""
    gear: str = ""


@dataclass(frozen=True)
class GrappleWho(Choice):
    """Grappling Hook between equal toughnesses: who is reeled in ("shooter" or "target")."""

    kind: ClassVar[str] = "grapple_who"
    model: str = ""


@dataclass(frozen=True)
class ChooseDice(Choice):
    """Which dice to throw, as a tuple of sides: a vehicle's move dice (each no bigger than its
    engine), or the three wipeout dice the boss to the left picks (``purpose`` "wipeout")."""

    kind: ClassVar[str] = "choose_dice"
    model: str = ""
    purpose: str = "move"

    def from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data


@dataclass(frozen=True)
class Seat(Choice):
    """Getting on or off a vehicle: "board" (options: "no" or the vehicles with a free seat in
    contact) at the end of a git's activation; "alight" ("stay" or "get_off") for a passenger
    before the vehicle moves."""

    kind: ClassVar[str] = "seat"
    model: str = ""
    question: str = "board"


@dataclass(frozen=True)
class CrewGuns(Choice):
    """What one git aboard fires: a tuple of its own guns' ids, ("mount:K",) for the vehicle's
    K-th bolted gun, or () to hold fire."""

    kind: ClassVar[str] = "crew_guns"
    model: str = ""  # the git aboard
    vehicle: str = ""


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

    ``legal`` is a predicate the engine provides: a point on the table where the base
    overlaps nothing and is far enough from caps and enemy models.
    """

    kind: ClassVar[str] = "deploy"
    models: tuple[str, ...] = ()
    width: float = 24.0
    height: float = 24.0
    min_distance: float = 4.0
    legal: Callable[[str, Point], str | None] = field(default=lambda _m, _p: None, compare=False, repr=False)

    def check(self, answer: Any) -> Any:
        if answer == "skip":
            return "skip"
        if isinstance(answer, list):
            answer = tuple(answer)
        if not (isinstance(answer, tuple) and len(answer) == 2):
            raise IllegalDecision(f"deploy: expected (model, (x, y)) or 'skip', got {short(answer)}")
        model, pos = answer
        if model not in self.models:
            raise IllegalDecision(f"deploy: {short(model)} cannot be deployed now; legal: {', '.join(self.models)}")
        try:
            p = (float(pos[0]), float(pos[1]))
        except (TypeError, ValueError, IndexError):
            raise IllegalDecision(f"deploy: position must be (x, y), got {short(pos)}") from None
        why = self.legal(model, p)
        if why:
            raise IllegalDecision(f"deploy: {model} cannot go at ({p[0]:.2f}, {p[1]:.2f}): {why}")
        return (model, p)

    def to_json(self, answer: Any) -> Any:
        return answer if answer == "skip" else [answer[0], list(answer[1])]

    def from_json(self, data: Any) -> Any:
        return data if data == "skip" else (data[0], tuple(data[1]))


@dataclass(frozen=True)
class FightThrow(Request):
    """Thump, shove or pinch, thrown by both bosses at once.

    ``bosses`` answer together: the answer is a tuple with one throw per boss, in order.
    Drivers ask each boss separately (``part``) and never show one boss the other's throw.
    """

    kind: ClassVar[str] = "fight_throw"
    bosses: tuple[int, ...] = ()
    models: tuple[str, ...] = ()
    options: tuple[str, ...] = ("thump", "shove", "pinch")
    round: int = 1

    def check(self, answer: Any) -> tuple[str, ...]:
        if isinstance(answer, list):
            answer = tuple(answer)
        if not isinstance(answer, tuple) or len(answer) != len(self.bosses):
            raise IllegalDecision(f"fight_throw: expected one throw per boss ({len(self.bosses)}), got {short(answer)}")
        for a in answer:
            if a not in self.options:
                raise IllegalDecision(f"fight_throw: {short(a)} is not a throw; legal: {', '.join(self.options)}")
        return tuple(answer)

    def part(self, i: int) -> Choice:
        """The request as one boss sees it."""
        return Choice(self.bosses[i], self.options, f"fight: {self.models[i]} vs {self.models[1 - i]}")

    def to_json(self, answer: Any) -> Any:
        return list(answer)

    def from_json(self, data: Any) -> Any:
        return tuple(data)


@dataclass(frozen=True)
class ChooseGuns(Choice):
    """Which guns to fire: a tuple of weapon ids (one 2-handed gun or up to two 1-handed)."""

    kind: ClassVar[str] = "choose_guns"
    model: str = ""


@dataclass(frozen=True)
class OrderBullet(Choice):
    """Which bullet die to resolve next."""

    kind: ClassVar[str] = "order_bullet"
    model: str = ""


@dataclass(frozen=True)
class SplitOdd(Choice):
    """Explosion dice split among bosses: who gets the odd die (pick ``count`` bosses)."""

    kind: ClassVar[str] = "split_odd"
    count: int = 1


def collect(req: Request, decide: Callable[[Request], Any]) -> Any:
    """The answer to a request from whoever must give it: one driver for Match.play, the
    watcher and the hot-seat. A simultaneous request (a fight throw) is asked part by part,
    each boss answering its own part (``req.part(i)``) before any answer is revealed.

    ``decide`` may return None for "not yet" (a person still choosing): the whole answer is
    then None, and the parts already given are the caller's to keep until asked again."""
    if isinstance(req, FightThrow):
        parts = tuple(decide(req.part(i)) for i in range(len(req.bosses)))
        return None if any(p is None for p in parts) else parts
    return decide(req)

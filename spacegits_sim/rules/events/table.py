"""Events of things on the table: throws, moves, caps, towers growing, struck and falling."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .base import Event, Point, _r, count

MOVE_VERBS = {"hook": "is reeled in"}  # the words a generic rule would get wrong (see ModelMoved.verb)
THING_WORDS = {"cap": "a cap", "die": "a die", "edge": "the table edge", "figure": "a model", "terrain": "terrain"}


@dataclass
class DiceThrown(Event):
    kind: ClassVar[str] = "dice_thrown"
    boss: str
    model: str
    purpose: str
    hand: Point
    aim: Point
    strength: float
    dice: list[dict[str, Any]]  # id, sides, value, position (None = lost), angle, trajectory
    moved: list[dict[str, Any]] = field(default_factory=list)  # dice and caps it knocked: id, kind, position, angle

    def describe(self, names: dict[str, str]) -> str:
        if self.purpose == "tumble":
            lost = sum(d["position"] is None for d in self.dice)
            off = f" ({lost} off the table)" if lost else ""
            scatter = f"{count(len(self.dice), 'die', 'dice')} scatter{'s' if len(self.dice) == 1 else ''}"
            return f"{names.get(self.model, self.model)}'s tower tumbles: {scatter}{off}"
        # "die 1: 5": the number is the die's label on the board, so a player can tell which is which
        vals = ", ".join(
            f"die {k}: {d['value']}" + (" (lost)" if d["position"] is None else "") for k, d in enumerate(self.dice, 1)
        )
        thrown = count(len(self.dice), f"{self.purpose} die", f"{self.purpose} dice")
        return f"{self.boss} throws {thrown} for {names.get(self.model, self.model)}: {vals}"


@dataclass
class TowerStruck(Event):
    kind: ClassVar[str] = "tower_struck"
    model: str
    by_boss: str
    die: str  # the die that hit it, or the model carried through it
    height_mm: float
    speed_mm_s: float
    toppled: bool
    frames: list[Any] = field(default_factory=list)  # the tower side-on while it rocked (physics.tower.Frame)

    def describe(self, names: dict[str, str]) -> str:
        what = f"{names[self.die]} barges" if self.die in names else f"a stray die from {self.by_boss}"
        return (
            f"{what} into {names.get(self.model, self.model)}'s tower at "
            f"{self.height_mm:.0f} mm ({self.speed_mm_s:.0f} mm/s)" + (" and topples it" if self.toppled else "")
        )


@dataclass
class ModelMoved(Event):
    kind: ClassVar[str] = "model_moved"
    model: str
    start: Point
    end: Point
    requested: float
    travelled: float
    towards: str | None
    value: int | None
    care: str | None
    stop: str | None  # what it bumped: "cap:..", "die:..", "figure:..", "terrain:..", "edge"
    reason: str = "scoot"
    frames: list[Any] = field(default_factory=list)  # the tower side-on as it was carried or shoved

    def verb(self) -> str:
        """How the log says the move: a git's own move (it carried its tower: ``care`` is set)
        in the active ("scoots", "chases"); one done to it (a shove, a jolt, a blast, pushed
        clear: no care) in the passive, with the moved git as the subject ("is shoved")."""
        if self.reason in MOVE_VERBS:
            return MOVE_VERBS[self.reason]
        if self.care is not None:
            return f"{self.reason}s"
        first, _, rest = self.reason.partition(" ")
        done = first if first.endswith("ed") else first + ("d" if first.endswith("e") else "ed")
        return f"is {done}" + (f" {rest}" if rest else "")

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        # the model moved is the subject: a shoved git "is shoved" (the shover is in the fight's log)
        verb = self.verb()
        what = f'{verb} {self.travelled:.1f}"'
        if self.value is not None:
            what += f" towards the {self.value}"
        if self.stop:
            kind, _, ident = self.stop.partition(":")
            thing = names.get(ident) or THING_WORDS.get(kind, "something")
            what += f", bumps into {thing}"
        return f"{who} {what}"


@dataclass
class DieRemoved(Event):
    kind: ClassVar[str] = "die_removed"
    die: str


@dataclass
class CapLooted(Event):
    kind: ClassVar[str] = "cap_looted"
    model: str
    boss: str
    cap: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} loots a cap for {self.boss}"


@dataclass
class TowerGrew(Event):
    kind: ClassVar[str] = "tower_grew"
    model: str
    added: int
    reason: str  # "swig" | "damage"
    height: int
    standing: bool
    frame: list[Any] = field(default_factory=list)  # the tower side-on once the dice are on

    def describe(self, names: dict[str, str]) -> str:
        what = {"swig": "swig", "motion sickness": "motion-sickness"}.get(self.reason, "damage")
        took = count(self.added, f"{what} die", f"{what} dice")
        s = f"{names.get(self.model, self.model)} takes {took} (tower {self.height})"
        return s + ("" if self.standing else " and it wobbles over")


@dataclass
class TowerFell(Event):
    kind: ClassVar[str] = "tower_fell"
    model: str
    knocked_by: str
    outcome: str  # "fell_over" | "sobered_up"
    cause: str
    dice: int

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        if self.outcome == "fell_over":
            return f"{who}'s tower of {self.dice} falls ({self.cause}): {who} falls over"
        return f"{who}'s tower of {self.dice} is knocked down by {self.knocked_by} ({self.cause}): {who} sobers up"


@dataclass
class ModelRemoved(Event):
    kind: ClassVar[str] = "model_removed"
    model: str
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} is removed from play ({self.reason})"


@dataclass
class ModelPlaced(Event):
    """A model put down at a spot (not moved there): set-ups, teleports."""

    kind: ClassVar[str] = "model_placed"
    model: str
    position: Point
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} is placed at {_r(self.position)} ({self.reason})"


@dataclass
class TerrainPlaced(Event):
    """A piece of terrain put on the table mid-game (a mine, an oil slick a vehicle drops)."""

    kind: ClassVar[str] = "terrain_placed"
    terrain: str
    type: str
    name: str
    height_in: float
    circle: tuple[Point, float]
    crossable: bool
    colour: list[int] | None
    by: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.by, self.by)} drops a {self.name.lower()}"


@dataclass
class TerrainRemoved(Event):
    """A piece of terrain is gone from the table (an exploding barrel, once it has gone off)."""

    kind: ClassVar[str] = "terrain_removed"
    terrain: str
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.terrain, 'a piece of terrain')} is gone ({self.reason})"


@dataclass
class Slid(Event):
    """A model could not stop on slippery terrain and kept travelling in a straight line
    (Oil Slick); the model_moved that follows covers the whole move, slide included."""

    kind: ClassVar[str] = "slid"
    model: str
    terrain: str
    distance: float

    def describe(self, names: dict[str, str]) -> str:
        return f'{names.get(self.model, self.model)} cannot stop on {self.terrain}: slides on {self.distance:.1f}"'


@dataclass
class TerrainBooted(Event):
    """A git booted a piece of terrain (a funfair machine, a bar, a loo…): what it paid, what
    was rolled, what came of it and the caps it won from the supply."""

    kind: ClassVar[str] = "terrain_booted"
    model: str
    boss: str
    terrain: str
    name: str
    paid: int
    rolls: list[int]
    outcome: str
    caps_won: int

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        paid = f" (pays {self.paid} cap{'s' if self.paid != 1 else ''})" if self.paid else ""
        rolls = f", rolls {', '.join(map(str, self.rolls))}" if self.rolls else ""
        won = f": wins {self.caps_won} cap{'s' if self.caps_won != 1 else ''}" if self.caps_won else ""
        return f"{who} boots the {self.name}{paid}{rolls} — {self.outcome}{won}"


@dataclass
class TowerRebuilt(Event):
    """A git's tower taken down and stacked again with ``height`` dice: safely (a teleport), or
    die by die, when it may fall (``standing`` False: a tower_fell follows)."""

    kind: ClassVar[str] = "tower_rebuilt"
    model: str
    height: int
    safe: bool
    standing: bool
    reason: str
    frame: list[Any] = field(default_factory=list)

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        s = f"{who}'s tower is rebuilt with {count(self.height, 'die', 'dice')} ({self.reason})"
        return s + ("" if self.standing else " and topples")

"""Events of vehicles: driving (pivot, then forward), smashes, wipeouts, wrecks, the crew
getting on and off, and the two towers a vehicle carries."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .base import Event, Point, count


@dataclass
class VehicleMoved(Event):
    """A hull pivoted about its centre (``angle_start`` → ``angle_end``, radians) and then went
    straight forward from ``start`` to ``end``. ``how``: "drive" (a move die), "flip" and
    "spin" (a wipeout), "fly" (placed, ignoring what is between), "teleport"."""

    kind: ClassVar[str] = "vehicle_moved"
    model: str
    start: Point
    end: Point
    angle_start: float
    angle_end: float
    value: int | None
    arc: str | None  # "front" | "rear" (where the move die lay) or None
    travelled: float
    stop: str | None  # what stopped it: "die:..", "figure:..", "terrain:..", "edge"
    how: str = "drive"

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        if self.how == "deployed":  # the heading in the deploy prompt's degrees (anticlockwise from east)
            return f"{who} faces {math.degrees(self.angle_end) % 360.0:.0f}°"
        turn = abs((self.angle_end - self.angle_start + 3.14159265) % 6.2831853 - 3.14159265) * 57.29578
        if self.how in ("flip", "spin"):
            what = f'flips {self.travelled:.1f}"' if self.how == "flip" else f"spins {turn:.0f}°"
            return f"{who} {what}"
        s = f"{who} pivots {turn:.0f}° and " if turn >= 1 else f"{who} "
        s += f'{"flies" if self.how == "fly" else "drives"} {self.travelled:.1f}"'
        if self.value is not None:
            s += f" on a {self.value}" + (" (rear arc)" if self.arc == "rear" else "")
        if self.stop:
            kind, _, ident = self.stop.partition(":")
            s += f", crashes into {names.get(ident, kind)}"
        return s


@dataclass
class Smashed(Event):
    """Smash dice: toughness + current speed D6, each ≥ the target's toughness is big damage."""

    kind: ClassVar[str] = "smashed"
    model: str
    target: str
    rolls: list[int]
    toughness: int
    damage: int
    head_on: bool
    why: str  # "collision" | "terrain" | "fight" | "crunch"

    def describe(self, names: dict[str, str]) -> str:
        who, tgt = names.get(self.model, self.model), names.get(self.target, self.target)
        s = f"{who} smashes {'itself' if who == tgt else tgt}"
        s += " head-on" if self.head_on else ""
        return s + (
            f": rolls {count(len(self.rolls), 'die', 'dice')} {self.rolls} for damage, big on {self.toughness}+"
            f" (its toughness): {self.damage} damage"
        )


@dataclass
class RanOver(Event):
    """A vehicle bumped into a fallen enemy git and ran them over (pushed clear; the ``pinched``
    right after is the cap it steals, not a pinch of the driver's). What a Gory Trophy Rack pays
    for at the afterparty; a vehicle's pinch in a fight is not one."""

    kind: ClassVar[str] = "ran_over"
    model: str  # the vehicle
    target: str  # the fallen git

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} runs {names.get(self.target, self.target)} over"


@dataclass
class VehicleTowers(Event):
    """A vehicle's two towers after dice were added (``reason``: swig, damage, rebuilt), or lifted
    off (``added`` negative: a Massive Spanner's bonk, Tasty Smells)."""

    kind: ClassVar[str] = "vehicle_towers"
    model: str
    added: list[int]
    reason: str
    heights: list[int]
    standing: bool
    frames: list[Any] = field(default_factory=list)  # each tower side-on once the dice are on

    def describe(self, names: dict[str, str]) -> str:
        n = sum(self.added)
        took = f"takes {n}" if n >= 0 else f"loses {-n}"  # (negative: dice lifted off: a toot, a bonk)
        s = f"{names.get(self.model, self.model)} {took} {self.reason} {'die' if abs(n) == 1 else 'dice'} (towers "
        s += f"{self.heights[0]} and {self.heights[1]})"
        return s + ("" if self.standing else " and one tumbles")


@dataclass
class WipedOut(Event):
    """A wipeout begins: the towers are cleared (``dice`` discarded) and D3 caps fly off the
    stash onto the table. Then, as their own events: the wipeout dice thrown by the boss to the
    left, the flip and the spin (vehicle_moved), the crunch (damaged)."""

    kind: ClassVar[str] = "wiped_out"
    model: str
    cause: str
    dice: int  # tower dice discarded
    caps: list[tuple[str, Point]]

    def describe(self, names: dict[str, str]) -> str:
        dice = f"{count(self.dice, 'tower die', 'tower dice')} {'goes' if self.dice == 1 else 'go'} flying"
        caps = f"{count(len(self.caps), 'cap')} {'flies' if len(self.caps) == 1 else 'fly'} off"
        return f"WIPEOUT! {names.get(self.model, self.model)} loses control ({self.cause}): {dice}, {caps}"


@dataclass
class Wrecked(Event):
    kind: ClassVar[str] = "wrecked"
    model: str
    terrain: str  # the wreck stays as this piece of terrain
    terrain_type: str
    height_in: float
    polygon: list[Point]
    passengers: list[str]

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} is wrecked and stays as scrap on the table"


@dataclass
class Boarded(Event):
    kind: ClassVar[str] = "boarded"
    model: str
    vehicle: str
    seat: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} hops on board {names.get(self.vehicle, self.vehicle)}"


@dataclass
class StartsAboard(Event):
    """A passenger the gang file seats (``passengers:`` on the driver's entry) rides in on the
    vehicle as it deploys: aboard from the start, not deployed on their own (they may get off at
    the vehicle's first activation, before it moves)."""

    kind: ClassVar[str] = "starts_aboard"
    model: str
    vehicle: str
    seat: int

    def describe(self, names: dict[str, str]) -> str:
        return (
            f"{names.get(self.model, self.model)} starts aboard {names.get(self.vehicle, self.vehicle)} "
            "as a passenger (not deployed on foot)"
        )


@dataclass
class EffectRolled(Event):
    """A die an item's rule rolls, and what came of it (a git dodging a vehicle with Really
    Bright Headlamps; a Mysterious Red Button pressed)."""

    kind: ClassVar[str] = "effect_rolled"
    model: str
    effect: str  # the item id
    die: str
    value: int
    outcome: str

    def describe(self, names: dict[str, str]) -> str:
        what = self.effect.replace("_", " ")
        return f"{names.get(self.model, self.model)} rolls {self.value} on a {self.die} ({what}): {self.outcome}"


@dataclass
class CrewFired(Event):
    """A git aboard takes their shoot action in the vehicle's: ``fired`` is what they picked (a
    gun of their own, "mount:K[@ARC]", "mod:ID"). A git that holds fire has none (the campaign's
    criminal record charges the git that fired, not the driver)."""

    kind: ClassVar[str] = "crew_fired"
    model: str  # the git
    vehicle: str
    fired: list[str]

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} fires from {names.get(self.vehicle, self.vehicle)}"


@dataclass
class Alighted(Event):
    kind: ClassVar[str] = "alighted"
    model: str
    vehicle: str
    position: Point
    dice: int
    why: str  # "got off" | "wrecked" | "launched"

    def describe(self, names: dict[str, str]) -> str:
        dice = f" with {count(self.dice, 'tower die', 'tower dice')}" if self.dice or self.why != "launched" else ""
        return (
            f"{names.get(self.model, self.model)} gets off {names.get(self.vehicle, self.vehicle)} ({self.why}){dice}"
        )

"""Events of combat: shots, fights, thumps, pinches, damage and explosions."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from .base import Event, Point
from .table import THING_WORDS


@dataclass
class FightBroke(Event):
    kind: ClassVar[str] = "fight"
    active: str
    passive: str

    def describe(self, names: dict[str, str]) -> str:
        a, p = names.get(self.active, self.active), names.get(self.passive, self.passive)
        return f"a fight breaks out between {a} and {p}"


@dataclass
class BulletResolved(Event):
    kind: ClassVar[str] = "bullet"
    model: str
    weapon: str
    die: str
    value: int
    jammed: bool
    line: tuple[Point, Point] | None
    hit: str | None  # "figure:id", "terrain:id", or None (nothing in range)
    cover: bool
    damage: int
    big: bool

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        if self.jammed:
            # (a 2 jams too with Overheating Ammo Belts: say the value, and what a jam does)
            return f"{who}'s {self.weapon} jams on a {self.value}: the die is discarded unresolved"
        if self.hit is None:
            if self.line is None:
                return f"{who}'s {self.weapon} bullet ({self.value}) hits nothing"
            flew = math.dist(self.line[0], self.line[1])  # (the gun's range, or a lobbed die's distance)
            return f"{who}'s {self.weapon} bullet ({self.value}) hits nothing on its {flew:.1f}\" line of fire"
        kind, _, ident = self.hit.partition(":")
        if kind != "figure":  # (a name says "the wall" or "a wall" itself; "hits the a wall" was logged)
            thing = names.get(ident) or THING_WORDS.get(kind, "something")
            return f"{who}'s {self.weapon} bullet ({self.value}) hits {thing}"
        tgt = names.get(ident, ident)
        return (
            f"{who} shoots {tgt} with the {self.weapon} ({self.value}{' vs cover' if self.cover else ''}): "
            f"{'big' if self.big else 'weak'} damage {self.damage}"
        )


@dataclass
class Damaged(Event):
    """``by``: the model that dealt it — a shooter, a thumper, a vehicle (its smash, its mods, the
    guns fired in its shoot action), a bomb's thrower, an exploding model, a mine's dropper — or
    None (the git's own swig, terrain, fire). The campaign reads it: Bollocks to It rolls an
    enemy's dice; Dangerous Driving charges the driver of a vehicle that damaged an enemy."""

    kind: ClassVar[str] = "damaged"
    model: str
    amount: int
    source: str
    by: str | None = None

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} takes {self.amount} damage ({self.source})"


@dataclass
class BollocksToIt(Event):
    """Campaign rules: dice an opponent gave, rolled before stacking; those under the git's (or
    a vehicle's driver's) attitude are discarded."""

    kind: ClassVar[str] = "bollocks_to_it"
    model: str
    attitude: int
    rolls: list[int]
    discarded: int

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        return (
            f"{who} says bollocks to it: rolls {self.rolls} against attitude {self.attitude}, discards {self.discarded}"
        )


@dataclass
class FightRound(Event):
    kind: ClassVar[str] = "fight_round"
    active: str
    passive: str
    round: int
    throws: tuple[str, str]
    happens: tuple[bool, bool]

    def describe(self, names: dict[str, str]) -> str:
        a, p = names.get(self.active, self.active), names.get(self.passive, self.passive)
        res = [t if ok else f"({t}, cancelled)" for t, ok in zip(self.throws, self.happens, strict=True)]
        return f"3, 2, 1... {a} throws {res[0]}, {p} throws {res[1]}"


@dataclass
class Thumped(Event):
    kind: ClassVar[str] = "thumped"
    model: str
    target: str
    weapons: list[str]
    rolls: list[int]
    toughness: int
    damage: int

    def describe(self, names: dict[str, str]) -> str:
        return (
            f"{names.get(self.model, self.model)} thumps {names.get(self.target, self.target)} with "
            f"{'+'.join(self.weapons)}: rolls {self.rolls} for damage, big on {self.toughness}+ (its toughness):"
            f" {self.damage} damage"
        )


@dataclass
class Pinched(Event):
    kind: ClassVar[str] = "pinched"
    model: str
    target: str
    caps: int

    def describe(self, names: dict[str, str]) -> str:
        who, victim = names.get(self.model, self.model), names.get(self.target, self.target)
        return f"{who} pinches {self.caps} cap{'s' if self.caps != 1 else ''} from {victim}'s boss"


@dataclass
class Exploded(Event):
    kind: ClassVar[str] = "exploded"
    origin: str
    position: Point
    x: int
    shares: dict[str, int]

    def describe(self, names: dict[str, str]) -> str:
        shares = ", ".join(f"{b} {n}" for b, n in self.shares.items())
        return f"BOOM! {names.get(self.origin, self.origin)} explodes ({self.x}): dice split {shares}"


@dataclass
class BlastResolved(Event):
    kind: ClassVar[str] = "blast"
    origin: str
    die: str
    value: int
    line: tuple[Point, Point]
    hit: str | None
    damage: int

    def describe(self, names: dict[str, str]) -> str:
        if self.hit is None:
            return f"a blast die ({self.value}) hits nothing"
        _, _, ident = self.hit.partition(":")
        return f"a blast die ({self.value}) hits {names.get(ident, ident)}" + (
            f" for {self.damage}" if self.damage else ""
        )

"""Events: every visible consequence of play, typed, appended to the match's log.

The log is the single source of "what happened": the renderer animates it, stats and
summaries count it, replays checksum it. Each event turns itself into plain data
(``to_dict``) and into a sentence a person can read (``describe``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

Point = tuple[float, float]


def _r(p: Point | None) -> str:
    return "off the table" if p is None else f"({p[0]:.1f}, {p[1]:.1f})"


@dataclass
class Event:
    kind: ClassVar[str] = "event"
    t: float = field(default=0.0, init=False)  # game clock (s) when it happened
    seq: int = field(default=0, init=False)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["kind"] = self.kind
        return d

    def describe(self, names: dict[str, str]) -> str:
        return self.kind


def canonical(obj: Any) -> Any:
    """Round floats so checksums are stable across JSON round trips (12 significant digits)."""
    if isinstance(obj, float):
        return float(f"{obj:.12g}")
    if isinstance(obj, dict):
        return {k: canonical(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [canonical(v) for v in obj]
    return obj


def checksum(events: list[Event], start: int = 0, prev: str = "") -> str:
    """A running hash of the log: sha256(prev + canonical JSON of each event since ``start``)."""
    h = hashlib.sha256(prev.encode())
    for e in events[start:]:
        h.update(json.dumps(canonical(e.to_dict()), sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()


@dataclass
class CapsDropped(Event):
    kind: ClassVar[str] = "caps_dropped"
    boss: str
    caps: list[tuple[str, Point | None]]

    def describe(self, names: dict[str, str]) -> str:
        lost = sum(1 for _, p in self.caps if p is None)
        return f"{self.boss} drops {len(self.caps)} caps onto the table" + (f"; {lost} bounce off" if lost else "")


@dataclass
class CapPlaced(Event):
    kind: ClassVar[str] = "cap_placed"
    cap: str
    position: Point
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"a cap is placed at {_r(self.position)} ({self.reason})"


@dataclass
class BigBoss(Event):
    kind: ClassVar[str] = "big_boss"
    boss: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.boss} is the big boss"


@dataclass
class Deployed(Event):
    kind: ClassVar[str] = "deployed"
    boss: str
    model: str
    position: Point

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.boss} deploys {names.get(self.model, self.model)} at {_r(self.position)}"


@dataclass
class ClockStarted(Event):
    kind: ClassVar[str] = "clock_started"
    timer_s: float

    def describe(self, names: dict[str, str]) -> str:
        return f"the {self.timer_s / 60:.0f}-minute timer starts"


@dataclass
class ActivationStarted(Event):
    kind: ClassVar[str] = "activation_started"
    boss: str
    model: str
    number: int

    def describe(self, names: dict[str, str]) -> str:
        return f"#{self.number}: {self.boss} activates {names.get(self.model, self.model)}"


@dataclass
class ActivationEnded(Event):
    kind: ClassVar[str] = "activation_ended"
    model: str
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)}'s activation ends ({self.reason})"


@dataclass
class ActionTaken(Event):
    kind: ClassVar[str] = "action"
    model: str
    action: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} will {self.action}"


@dataclass
class DiceThrown(Event):
    kind: ClassVar[str] = "dice_thrown"
    boss: str
    model: str
    purpose: str
    hand: Point
    aim: Point
    strength: float
    dice: list[dict[str, Any]]  # id, sides, value, position (None = lost), trajectory

    def describe(self, names: dict[str, str]) -> str:
        vals = ", ".join(f"{d['value']}" + ("(lost)" if d["position"] is None else "") for d in self.dice)
        return f"{self.boss} throws {len(self.dice)} {self.purpose} dice for {names.get(self.model, self.model)}: {vals}"


@dataclass
class TowerStruck(Event):
    kind: ClassVar[str] = "tower_struck"
    model: str
    by_boss: str
    die: str
    height_mm: float
    speed_mm_s: float
    toppled: bool

    def describe(self, names: dict[str, str]) -> str:
        return (f"a stray die from {self.by_boss} hits {names.get(self.model, self.model)}'s tower at "
                f"{self.height_mm:.0f} mm ({self.speed_mm_s:.0f} mm/s)" + (" and topples it" if self.toppled else ""))


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

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.model, self.model)
        what = f"{self.reason}s {self.travelled:.1f}\""
        if self.value is not None:
            what += f" towards the {self.value}"
        if self.stop:
            kind, _, ident = self.stop.partition(":")
            what += f", bumps into {names.get(ident, kind if kind != 'figure' else ident)}" if kind else ""
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

    def describe(self, names: dict[str, str]) -> str:
        s = f"{names.get(self.model, self.model)} takes {self.added} {'swig' if self.reason == 'swig' else 'damage'} dice (tower {self.height})"
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
class StoodUp(Event):
    kind: ClassVar[str] = "stood_up"
    model: str
    by: str
    position: Point

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} is back on their feet ({self.by})"


@dataclass
class Booted(Event):
    kind: ClassVar[str] = "booted"
    model: str
    target: str
    how: str  # "boot_in" | "boot_up"
    caps: int

    def describe(self, names: dict[str, str]) -> str:
        a, b = names.get(self.model, self.model), names.get(self.target, self.target)
        if self.how == "boot_in":
            return f"{a} puts the boot into {b} and takes {self.caps} cap{'s' if self.caps != 1 else ''}"
        return f"{a} boots {b} up the arse"


@dataclass
class Rebooted(Event):
    kind: ClassVar[str] = "rebooted"
    model: str
    rolls: list[int]
    success: bool

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} hits the reboot button: {self.rolls} " + ("and stands up" if self.success else "and stays down")


@dataclass
class Klanked(Event):
    kind: ClassVar[str] = "klanked"
    model: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} klanks: the token is discarded and nothing happens"


@dataclass
class FightBroke(Event):
    kind: ClassVar[str] = "fight"
    active: str
    passive: str

    def describe(self, names: dict[str, str]) -> str:
        return f"a fight breaks out between {names.get(self.active, self.active)} and {names.get(self.passive, self.passive)}"


@dataclass
class Siren(Event):
    kind: ClassVar[str] = "siren"

    def describe(self, names: dict[str, str]) -> str:
        return "WEE-OO WEE-OO: the siren! No more booting"


@dataclass
class LeggedIt(Event):
    kind: ClassVar[str] = "legged_it"
    boss: str
    replaced: list[str]
    removed: list[str]
    caps_placed: list[tuple[str, Point]]
    forced: bool

    def describe(self, names: dict[str, str]) -> str:
        return (f"{self.boss} legs it{' (nothing left to activate)' if self.forced else ''}: "
                f"{len(self.replaced)} git(s) near enemies leave {len(self.caps_placed)} cap(s) behind")


@dataclass
class SafetyRule(Event):
    kind: ClassVar[str] = "safety_rule"
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"safety rule: {self.reason}; every boss still playing legs it"


@dataclass
class CapsScooped(Event):
    kind: ClassVar[str] = "caps_scooped"
    boss: str
    count: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.boss}, last boss standing, scoops up {self.count} caps from the table"


@dataclass
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winners: list[str]
    new_caps: dict[str, int]
    safety_fired: bool

    def describe(self, names: dict[str, str]) -> str:
        scores = ", ".join(f"{b} {n:+d}" for b, n in self.new_caps.items())
        who = " and ".join(self.winners)
        return f"GAME OVER: {'tie between ' if len(self.winners) > 1 else ''}{who} {'win' if len(self.winners) > 1 else 'wins'} ({scores} new caps)"


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
            return f"{who}'s {self.weapon} jams (a natural 1)"
        if self.hit is None:
            return f"{who}'s {self.weapon} bullet ({self.value}) hits nothing"
        kind, _, ident = self.hit.partition(":")
        tgt = names.get(ident, ident)
        if kind != "figure":
            return f"{who}'s {self.weapon} bullet ({self.value}) hits the {tgt}"
        return (f"{who} shoots {tgt} with the {self.weapon} ({self.value}{' vs cover' if self.cover else ''}): "
                f"{'big' if self.big else 'weak'} damage {self.damage}")


@dataclass
class Damaged(Event):
    kind: ClassVar[str] = "damaged"
    model: str
    amount: int
    source: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} takes {self.amount} damage ({self.source})"


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
        res = lambda i: self.throws[i] if self.happens[i] else f"({self.throws[i]}, cancelled)"  # noqa: E731
        return f"3, 2, 1... {a} throws {res(0)}, {p} throws {res(1)}"


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
        return (f"{names.get(self.model, self.model)} thumps {names.get(self.target, self.target)} with "
                f"{'+'.join(self.weapons)}: rolls {self.rolls} vs toughness {self.toughness}, {self.damage} damage")


@dataclass
class Pinched(Event):
    kind: ClassVar[str] = "pinched"
    model: str
    target: str
    caps: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} pinches {self.caps} cap{'s' if self.caps != 1 else ''} from {names.get(self.target, self.target)}'s boss"


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
        return f"a blast die ({self.value}) hits {names.get(ident, ident)}" + (f" for {self.damage}" if self.damage else "")


@dataclass
class ModelRemoved(Event):
    kind: ClassVar[str] = "model_removed"
    model: str
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} is removed from play ({self.reason})"


def tally(e: Event) -> tuple[str, str, int] | None:
    """What an event adds to a model's match statistics: (model, statistic, amount), or None."""
    if isinstance(e, ActivationStarted):
        return (e.model, "activations", 1)
    if isinstance(e, TowerFell):
        return (e.model, "falls" if e.outcome == "fell_over" else "sober_ups", 1)
    if isinstance(e, Damaged):
        return (e.model, "damage_taken", e.amount)
    if isinstance(e, CapLooted):
        return (e.model, "caps_looted", 1)
    return None

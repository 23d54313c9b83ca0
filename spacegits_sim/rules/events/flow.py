"""Events of the match flow: setup, turns and activations, booting, the siren, legging it, the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .base import Event, Point, _r, count


@dataclass
class MatchStarted(Event):
    """Everything the screen needs before play: the table, its terrain, the bosses and every
    model's card, so a saved log alone can be drawn."""

    kind: ClassVar[str] = "match_started"
    scenario: str
    seed: int
    width: float
    height: float
    timer_s: float
    terrain: list[dict[str, Any]]  # id, type, name, height_in, polygon | circle, explodes
    bosses: list[dict[str, Any]]  # name, seat, stash
    models: list[
        dict[str, Any]
    ]  # id, name, boss, type, glyph, radius_in, move, headbutt_dice, toughness, kit, tower_offset

    def describe(self, names: dict[str, str]) -> str:
        bosses = " vs ".join(b["name"] for b in self.bosses)
        return f'{self.scenario}: {bosses} on a {self.width:g}"x{self.height:g}" table'


@dataclass
class CapsDropped(Event):
    kind: ClassVar[str] = "caps_dropped"
    boss: str
    caps: list[tuple[str, Point | None]]
    moved: list[dict[str, Any]] = field(default_factory=list)  # caps already down that these knocked

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
        return f"{names.get(self.model, self.model)} hits the reboot button: {self.rolls} " + (
            "and stands up" if self.success else "and stays down"
        )


@dataclass
class Klanked(Event):
    kind: ClassVar[str] = "klanked"
    model: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} klanks: the token is discarded and nothing happens"


@dataclass
class StoodUp(Event):
    kind: ClassVar[str] = "stood_up"
    model: str
    by: str
    position: Point

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} is back on their feet ({self.by})"


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
        return (
            f"{self.boss} legs it{' (nothing left to activate)' if self.forced else ''}: "
            f"{count(len(self.replaced), 'git')} near enemies {'leaves' if len(self.replaced) == 1 else 'leave'} "
            f"{count(len(self.caps_placed), 'cap')} behind"
        )


@dataclass
class SafetyRule(Event):
    kind: ClassVar[str] = "safety_rule"
    reason: str

    def describe(self, names: dict[str, str]) -> str:
        return f"safety rule: {self.reason}; every boss still playing legs it"


@dataclass
class NoRoom(Event):
    """A vehicle with no legal spot left on the table at deployment: it stays off (its crew with it)."""

    kind: ClassVar[str] = "no_room"
    model: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(self.model, self.model)} has no room to deploy and stays off the table"


@dataclass
class CapsScooped(Event):
    kind: ClassVar[str] = "caps_scooped"
    boss: str
    count: int

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.boss}, last boss standing, scoops up {count(self.count, 'cap')} from the table"


@dataclass
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winners: list[str]
    new_caps: dict[str, int]
    safety_fired: bool
    clock_s: float = 0.0  # the game clock at the end, to the millisecond

    def describe(self, names: dict[str, str]) -> str:
        scores = ", ".join(f"{b} {n:+d}" for b, n in self.new_caps.items())
        who = " and ".join(self.winners)
        tie = len(self.winners) > 1
        return f"GAME OVER: {'tie between ' if tie else ''}{who} {'win' if tie else 'wins'} ({scores} new caps)"


@dataclass
class CapsWon(Event):
    """Caps from the general supply into a boss's stash (a banner's advertising revenue…)."""

    kind: ClassVar[str] = "caps_won"
    model: str
    boss: str
    caps: int
    why: str

    def describe(self, names: dict[str, str]) -> str:
        return f"{self.boss} gets {self.caps} cap{'s' if self.caps != 1 else ''} from the supply ({self.why})"

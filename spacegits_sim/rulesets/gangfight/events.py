"""Gangfight's events: what happened, as plain data, in the log every view reads.

Few, general kinds: who (``model``/``seat``), what, and the numbers a person wants to see.
Dice carry where they came to rest in the tray ([face, x, y]), so a log draws without
re-simulating; moves carry both ends, so the window animates them from the log alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...play.events import Event, decode, event_types


def _n(names: dict[str, str], mid: str) -> str:
    return names.get(mid, mid)


@dataclass
class GameStarted(Event):
    kind: ClassVar[str] = "gf_started"
    seats: list[str] = field(default_factory=list)  # gang names
    models: list[dict[str, Any]] = field(default_factory=list)  # id, name, seat, level, size, radius, attrs, leader
    board: dict[str, Any] = field(default_factory=dict)
    deployment: str = ""
    turns: int = 6

    def describe(self, _names: dict[str, str]) -> str:
        return f"Gangfight on {self.board.get('name', 'the board')}: {' vs '.join(self.seats)} ({self.deployment})"


@dataclass
class Rolled(Event):
    """A roll of D6 in the tray: what for, the target number, the successes."""

    kind: ClassVar[str] = "gf_rolled"
    seat: int = 0
    model: str = ""
    purpose: str = ""
    dice: list[list[float]] = field(default_factory=list)
    target: int = 0
    successes: int = 0
    rerolled: int = 0

    def describe(self, names: dict[str, str]) -> str:
        faces = " ".join(str(int(d[0])) for d in self.dice) or "no dice"
        who = _n(names, self.model) if self.model else names.get(f"seat{self.seat}", f"seat {self.seat}")
        tn = f" needing {self.target}+" if self.target else ""
        rr = f" (re-rolled {self.rerolled})" if self.rerolled else ""
        if not self.target:  # a roll-off: only the face counts
            return f"{who} rolls {faces} for {self.purpose}"
        return f"{who} rolls for {self.purpose}{tn}: {faces}{rr} = {self.successes}"


@dataclass
class Setup(Event):
    kind: ClassVar[str] = "gf_setup"
    attacker: int = 0
    defender: int = 1

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(f'seat{self.attacker}')} attacks, {names.get(f'seat{self.defender}')} defends"


@dataclass
class ObjectivePlaced(Event):
    kind: ClassVar[str] = "gf_objective"
    objective: str = ""
    seat: int = -1  # -1: the scenario placed it
    at: list[float] = field(default_factory=list)

    def describe(self, _names: dict[str, str]) -> str:
        return f"objective {self.objective} placed at ({self.at[0]:.1f}, {self.at[1]:.1f})"


@dataclass
class Deployed(Event):
    kind: ClassVar[str] = "gf_deployed"
    model: str = ""
    at: list[float] = field(default_factory=list)
    facing: float = 0.0
    auto: bool = False  # the player skipped: the engine placed it (every model must be placed)

    def describe(self, names: dict[str, str]) -> str:
        return (
            f"{_n(names, self.model)} deployed at ({self.at[0]:.1f}, {self.at[1]:.1f}){' (auto)' if self.auto else ''}"
        )


@dataclass
class TurnStarted(Event):
    kind: ClassVar[str] = "gf_turn"
    turn: int = 0
    first: int = 0

    def describe(self, names: dict[str, str]) -> str:
        # a gang's name is as often plural ("The Black Hounds") as not: no verb to agree with it
        return f"turn {self.turn}: first to activate: {names.get(f'seat{self.first}')}"


@dataclass
class Activated(Event):
    kind: ClassVar[str] = "gf_activated"
    model: str = ""
    seat: int = 0
    actions: int = 0

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)} activates ({self.actions} actions)"


@dataclass
class Note(Event):
    """An upkeep or state change in words: morale, weapons chosen, reloaded, bound, freed, DOT..."""

    kind: ClassVar[str] = "gf_note"
    model: str = ""
    what: str = ""
    detail: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)}: {self.detail or self.what}"


@dataclass
class Moved(Event):
    kind: ClassVar[str] = "gf_moved"
    model: str = ""
    how: str = "move"  # move | charge | flee | break_away | turn | climb | drop | tackle | fly | jump
    frm: list[float] = field(default_factory=list)
    to: list[float] = field(default_factory=list)
    facing: float = 0.0
    distance: float = 0.0
    obstacles: int = 0

    def describe(self, names: dict[str, str]) -> str:
        if self.how == "turn":
            return f"{_n(names, self.model)} turns to face {self.facing:.0f} deg"
        return f'{_n(names, self.model)} {self.how}s {self.distance:.1f}" to ({self.to[0]:.1f}, {self.to[1]:.1f})'


@dataclass
class Attacked(Event):
    kind: ClassVar[str] = "gf_attack"
    model: str = ""
    target: str = ""
    how: str = "melee"  # melee | ranged | free (a break-away attack)
    weapon: str = ""
    dice: int = 0
    target_number: int = 4
    strength: int = 0
    hits: int = 0
    mods: list[str] = field(default_factory=list)
    distance: float = 0.0

    def describe(self, names: dict[str, str]) -> str:
        m = f" ({', '.join(self.mods)})" if self.mods else ""
        return (
            f"{_n(names, self.model)} attacks {_n(names, self.target)} ({self.how}, {self.weapon}): "
            f"{self.dice}D6 at {self.target_number}+{m} = {self.hits} hit{'s' if self.hits != 1 else ''}"
        )


@dataclass
class Defended(Event):
    kind: ClassVar[str] = "gf_defended"
    model: str = ""
    dice: int = 0
    target_number: int = 0
    saves: int = 0
    needed: int = 0
    wounded: bool = False
    mods: list[str] = field(default_factory=list)

    def describe(self, names: dict[str, str]) -> str:
        m = f" ({', '.join(self.mods)})" if self.mods else ""
        res = "wounded" if self.wounded else "saved"
        who = _n(names, self.model)
        return f"{who} defends {self.dice}D6 at {self.target_number}+{m}: {self.saves}/{self.needed}: {res}"


@dataclass
class Wounded(Event):
    kind: ClassVar[str] = "gf_wounded"
    model: str = ""
    hp: int = 0
    out: bool = False
    by: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)} loses 1 Health ({self.hp} left){': OUT OF ACTION' if self.out else ''}"


@dataclass
class FledOff(Event):
    kind: ClassVar[str] = "gf_fled_off"
    model: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)} runs off the board: a casualty"


@dataclass
class Captured(Event):
    kind: ClassVar[str] = "gf_captured"
    model: str = ""
    objective: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)} captures objective {self.objective}"


@dataclass
class Dropped(Event):
    kind: ClassVar[str] = "gf_dropped"
    model: str = ""
    objective: str = ""
    at: list[float] = field(default_factory=list)

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)} drops objective {self.objective}"


@dataclass
class ArtilleryPlaced(Event):
    """A piece set on the table at setup ("you may place artillery anywhere on the board")."""

    kind: ClassVar[str] = "gf_artillery_placed"
    piece: str = ""
    seat: int = 0
    name: str = ""
    at: list[float] = field(default_factory=list)
    facing: float = 0.0  # degrees
    radius: float = 0.0

    def describe(self, names: dict[str, str]) -> str:
        return f"{names.get(f'seat{self.seat}', '')}'s {self.name} placed at ({self.at[0]:.1f}, {self.at[1]:.1f})"


@dataclass
class ArtilleryTurned(Event):
    """A piece turned by the model beside it ("the model firing may use an action turn it")."""

    kind: ClassVar[str] = "gf_artillery_turned"
    piece: str = ""
    model: str = ""
    facing: float = 0.0  # degrees

    def describe(self, names: dict[str, str]) -> str:
        return f"{_n(names, self.model)} turns the artillery piece {self.piece} to {self.facing:.0f} degrees"


@dataclass
class Dismounted(Event):
    """A rider gets off: "your mount will leave the battlefield when you get off". The model's new
    base radius, Health and starting Health, and size (the mount's bonuses are gone)."""

    kind: ClassVar[str] = "gf_dismounted"
    model: str = ""
    mount: str = ""
    radius: float = 0.0
    hp: int = 0
    max_hp: int = 0
    size: str = ""

    def describe(self, names: dict[str, str]) -> str:
        return (
            f"{_n(names, self.model)} dismounts: the {self.mount} leaves the battlefield "
            f"(Health {self.hp} of {self.max_hp})"
        )


@dataclass
class Cast(Event):
    """A spell cast (``source``: the scroll read, if any); its roll and its effect follow."""

    kind: ClassVar[str] = "gf_cast"
    model: str = ""
    spell: str = ""
    name: str = ""
    target: str = ""
    source: str = ""

    def describe(self, names: dict[str, str]) -> str:
        at = f" at {_n(names, self.target)}" if self.target else ""
        via = " from a scroll" if self.source else ""
        return f"{_n(names, self.model)} casts {self.name}{at}{via}"


@dataclass
class Healed(Event):
    """Health given back (a potion), or a fallen model standing up again (``revived``)."""

    kind: ClassVar[str] = "gf_healed"
    model: str = ""
    hp: int = 0
    revived: bool = False
    by: str = ""

    def describe(self, names: dict[str, str]) -> str:
        if self.revived:
            return f"{_n(names, self.model)} stands back up with {self.hp} Health"
        return f"{_n(names, self.model)} heals to {self.hp} Health"


@dataclass
class GameEnded(Event):
    kind: ClassVar[str] = "gf_ended"
    reason: str = ""
    vp: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    turn: int = 0

    def describe(self, names: dict[str, str]) -> str:
        w = " and ".join(str(names.get(f"seat{s}")) for s in self.winners) or "nobody"
        result = f"winner: {w}" if len(self.winners) == 1 else (f"a draw: {w}" if self.winners else "nobody wins")
        return f"game over ({self.reason}) after turn {self.turn}: VP {self.vp[0]} to {self.vp[1]}; {result}"


TYPES = event_types(
    [
        GameStarted,
        Rolled,
        Setup,
        ObjectivePlaced,
        Deployed,
        TurnStarted,
        Activated,
        Note,
        Moved,
        Attacked,
        Defended,
        Wounded,
        FledOff,
        Captured,
        Dropped,
        Dismounted,
        ArtilleryPlaced,
        ArtilleryTurned,
        Cast,
        Healed,
        GameEnded,
    ]
)


def decode_event(d: dict[str, Any]) -> Event:
    return decode(d, TYPES)

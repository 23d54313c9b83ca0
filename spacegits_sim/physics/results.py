"""Plain results and read-only views the table hands out: nothing here holds a pymunk object.

Everything above ``physics/`` sees the table through these: what a throw, sweep or line
found (``Thing``, ``Contact``, ``LineHit``…) and views of what is on it (``DieView``,
``FigureView``, ``TerrainView``). Game-agnostic: a token is a small disc, a figure a base.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

MM = 1.0 / 25.4  # inches per mm
Point = tuple[float, float]


class Kind(str, Enum):
    """What a thing on the table is, as far as physics cares."""

    DIE = "die"
    TOKEN = "token"  # a small disc on the table (a game may call it a coin or a cap)
    FIGURE = "figure"
    TERRAIN = "terrain"
    TOWER = "tower"
    EDGE = "edge"


_CAT = {Kind.DIE: 1, Kind.TOKEN: 2, Kind.FIGURE: 4, Kind.TERRAIN: 8, Kind.TOWER: 16}
_ALL = 0xFFFFFFFF
#: Crossable terrain (a puddle, a rubble pile) is terrain that nothing collides with: its own
#: category bit, which no moving body's category and no sweep's mask includes. Lines of fire
#: and ``within`` still see it (they ask for every category).
_AREA = 32


def _mask(kinds: Iterable[Kind]) -> int:
    m = 0
    for k in kinds:
        m |= _CAT.get(k, 0)
    return m


@dataclass(frozen=True)
class Thing:
    kind: Kind
    id: str


@dataclass
class TowerHit:
    """A die struck a tower: where (height above the table), how fast, which way, how heavy."""

    figure_id: str
    die_id: str
    height_mm: float
    speed_mm_s: float
    direction: Point
    mass_g: float
    airborne: bool


@dataclass
class DieResult:
    id: str
    sides: int
    value: int
    position: Point | None  # None when lost
    angle: float
    lost: bool
    trajectory: list[tuple[float, float, float]]  # (x, y, z) at 60 Hz, inches
    tower_hits: list[TowerHit] = field(default_factory=list)
    stopped_by: Thing | None = None  # a tall thing the die hit in flight


@dataclass
class ThrowResult:
    dice: list[DieResult]
    steps: int
    sim_time_s: float
    tower_hits: list[TowerHit]

    @property
    def landed(self) -> list[DieResult]:
        return [d for d in self.dice if not d.lost]


@dataclass
class TokenDrop:
    id: str
    position: Point | None
    lost: bool
    trajectory: list[tuple[float, float, float]]


@dataclass(frozen=True)
class Contact:
    """The first thing a sweep or push touched."""

    thing: Thing
    point: Point
    distance: float  # how far the mover got before touching, inches


@dataclass(frozen=True)
class SweepResult:
    start: Point
    end: Point
    requested: float
    travelled: float
    contact: Contact | None

    @property
    def blocked(self) -> bool:
        return self.contact is not None


@dataclass(frozen=True)
class HullSweep:
    """A hull's pivot, then its straight move forward: where the centre ends, the facing before
    and after (radians), and what stopped it (``pivot_blocked``: it could not finish turning)."""

    start: Point
    end: Point
    angle_start: float
    angle_end: float
    requested: float
    travelled: float
    contact: Contact | None
    pivot_blocked: bool = False


@dataclass(frozen=True)
class LineHit:
    thing: Thing
    point: Point
    distance: float  # from the shooter's base edge
    low: bool


@dataclass(frozen=True)
class LineResult:
    """A line of fire: the first thing hit (skipping low objects) and the low things crossed."""

    start: Point
    end: Point
    hit: LineHit | None
    crossed_low: tuple[LineHit, ...]  # low things crossed before the hit (or before the range)
    all_hits: tuple[LineHit, ...]


class TableError(ValueError):
    """Bad input to the table (negative size, unknown die, off-table throw…); names the argument."""


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise TableError(msg)


@dataclass(frozen=True)
class DieView:
    """A die at rest on the table."""

    id: str
    sides: int
    value: int
    position: Point
    angle: float


@dataclass(frozen=True)
class FigureView:
    """A figure's base (round, or a box hull) and the footprint of its tower."""

    id: str
    position: Point
    angle: float
    radius: float
    hull: tuple[float, float] | None
    upright: bool
    tower_height_in: float
    tower_position: Point | None


@dataclass(frozen=True)
class TerrainView:
    """A static piece of terrain: a convex polygon or a circle, and its height."""

    id: str
    height_in: float
    tags: tuple[str, ...]
    polygon: tuple[Point, ...] | None
    circle: tuple[Point, float] | None
    crossable: bool = False

"""Match state: bosses and models (the things the rules act on), and the seat geometry.

Per-item state lives in ``Model.tokens`` (a klank token, a reload token, on fire…), owned
by the effect handlers in :mod:`.effects`; the model itself has no field for any item.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..data.rules_data import GitType, VehicleType, Weapon
from ..physics.table import MM, Kind, Thing
from ..physics.tower import Tower
from .pieces import Gang, GitSpec

if TYPE_CHECKING:
    from .decisions import Request

Point = tuple[float, float]
CONTACT_IN = 0.02  # bases closer than this are "in contact" (sweeps stop exactly touching)
REROLLED = "rerolled_"  # token (+ "move"/"bullet"): this activation's re-roll is used
LEG_IT_RANGE_IN = 6.0
SEAT_EDGES = ("south", "north", "west", "east")  # seat order for 2 bosses: facing each other
CLOCKWISE = {2: (0, 1), 3: (0, 2, 1), 4: (0, 2, 1, 3)}


#: The table's generic kinds in the rulebook's words (a token on the Space Gits table is a cap).
KIND_WORDS = {Kind.TOKEN: "cap"}
TOKEN_NAME = KIND_WORDS[Kind.TOKEN]


def thing_label(thing: Thing) -> str:
    """How events name a thing on the table: "figure:a1", "cap:cap7", "terrain:t3"."""
    return f"{KIND_WORDS.get(thing.kind, thing.kind.value)}:{thing.id}"


def clockwise_from(n_bosses: int, start: int) -> list[int]:
    """Boss indices in clockwise order around the table, starting at ``start``."""
    order = list(CLOCKWISE[n_bosses])
    i = order.index(start)
    return order[i:] + order[:i]


@dataclass
class Boss:
    index: int
    name: str
    gang: Gang
    stash: int
    start_stash: int
    seat: str
    out: bool = False
    legged_at: float | None = None


@dataclass
class Model:
    id: str
    name: str
    boss: int
    git: GitType
    spec: GitSpec
    weapons: tuple[Weapon, ...]
    gear: tuple[str, ...]
    tower: Tower
    effects: tuple[Any, ...] = ()  # its lasting effect handlers (effects.base.Effect: the effects sit above the state)
    in_play: bool = False
    fallen: bool = False
    removed: bool = False
    tokens: dict[str, int] = field(default_factory=dict)
    # vehicles (rulebook: Vehicles). A vehicle is a model whose ``git`` is its stats seen as a
    # model's (engine dice, toughness, special rules); it carries two towers and its crew.
    vehicle: VehicleType | None = None
    tower2: Tower | None = None  # the second of a vehicle's two towers
    crew: list[str] = field(default_factory=list)  # gits aboard, the driver first
    mounts: tuple[Mount, ...] = ()  # guns bolted on
    wrecked: bool = False
    aboard: str | None = None  # a git riding in this vehicle (not a separate model meanwhile)

    @property
    def specials(self) -> tuple[str, ...]:
        return self.git.special

    @property
    def standing(self) -> bool:
        return self.in_play and not self.fallen

    @property
    def radius_in(self) -> float:
        """How far the model reaches from its centre: its round base, or its hull's corners."""
        if self.vehicle is not None:
            return math.hypot(*self.vehicle.hull_in) / 2
        return self.git.base_mm * MM / 2

    @property
    def toughness(self) -> int:
        return TOUGHNESS[0](self)

    @property
    def move_dice(self) -> tuple[int, ...]:
        return self.git.move.dice


#: How a model's toughness is folded through what it carries: the effects' rule, installed by
#: :mod:`.effects` when it is imported (the effects sit above the state, so the state is told the
#: rule rather than importing it; there is no default: the effects are always loaded with the engine).
TOUGHNESS: list[Callable[[Model], int]] = []


@dataclass(frozen=True)
class Mount:
    """A gun bolted to a vehicle: the driver fires "fixed" ones (front corridor only), the
    passengers "pintle" ones (front arc; a Sponson gives a side arc)."""

    weapon: Weapon
    how: str  # "fixed" | "pintle"


class Controller(Protocol):
    def decide(self, request: Request, match: Any) -> Any: ...

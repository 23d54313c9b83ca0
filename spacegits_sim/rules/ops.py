"""The operations effect handlers (and combat) may call on a match: narrow protocols.

Why: handlers live below the engine (the engine asks them; they must not import it). They are
typed against :class:`MatchOps` and :class:`CombatOps`, the operations the rulebook's items
actually use, which the finished ``Match`` and ``Combat`` satisfy structurally (mypy checks it
where a match is handed to them). Adding an operation a handler needs = a line here.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Protocol

from ..data.rules_data import RulesData, Weapon
from ..physics.table import LineHit, Table
from ..play.events import Event
from ..rng import Streams
from .decisions import Throw
from .state import Boss, Model, Point
from .timecost import TimeCosts

__all__ = ["CombatOps", "Flow", "MatchOps"]

Flow = Generator[Any, Any, Any]


class CombatOps(Protocol):
    """What handlers may ask of a match's combat (damage, explosions, shots, shoves)."""

    match: MatchOps
    exploded: set[str]

    def bullet_hits(
        self, m: Model, w: Weapon, die_id: str, value: int, seg: tuple[Point, Point], target: Model, cover: bool
    ) -> Flow:
        """A bullet of ``value`` hits a model: big damage if it meets its toughness (+1 in cover)."""
        ...

    def cover(self, crossed_low: tuple[LineHit, ...] | list[LineHit]) -> bool:
        """Low terrain crossed gives cover; a flat puddle (0" tall: Oil Slick, Toxic Waste) hides nothing."""
        ...

    def damage(self, target: Model, amount: int, source: str, kind: str = "other", by: Model | None = None) -> Flow:
        """Each point of damage is a die on the target's tower, stacked by its own boss."""
        ...

    def explode(
        self,
        origin: str,
        position: tuple[float, float],
        x: int,
        from_model: str | None = None,
        radius_in: float = 0.0,
        by: Model | None = None,
    ) -> Flow:
        """Explode (x): xD6 split among bosses in play, thrown in turn, each a 1/3 'bullet'
        (``by``: the model whose damage the blasts are)."""
        ...

    def explode_barrels(self, barrels: list[str], by: Model | None = None) -> Flow:
        """Barrels explode (6) in the order hit; each once; chains breadth-first."""
        ...

    def explode_x(self, terrain_id: str) -> int:
        """Explode (x) of a piece of terrain that blows up when hit (0: it does not)."""
        ...

    def headbutt(self, m: Model) -> Weapon:
        """Every git can headbutt (the innate fighting weapon with no hands) with its own type's"""
        ...

    def is_barrel(self, terrain_id: str) -> bool: ...

    def shoot_with(self, m: Model, weapons: list[Weapon], arc: str | None) -> Flow:
        """Fire these guns from model ``m`` (a git, or a vehicle for a git aboard). ``arc``: a"""
        ...

    def shove(self, who: Model, other: Model, distance_in: float = 3.0, reason: str = "shove") -> Flow:
        """The other git is moved directly away by its own boss, tower and all. A shover with a"""
        ...

    def thump(self, who: Model, other: Model, weapons: list[Weapon], toughness_bonus: int = 0) -> Flow: ...


class MatchOps(Protocol):
    """What handlers may read and do on a match (the engine's ``Match`` satisfies it)."""

    table: Table
    rng: Streams
    rules: RulesData
    costs: TimeCosts
    combat: CombatOps
    models: dict[str, Model]
    bosses: list[Boss]
    options: dict[str, Any]
    siren: bool
    current_boss: int
    current_speed: dict[str, int]
    terrain_types: dict[str, str]
    tower_params: dict[str, Any] | None
    pending_terrain: list[tuple[str, str, Point, float]]

    def emit(self, e: Event) -> Event: ...

    def position(self, model_id: str) -> Point: ...

    def in_play(self, boss: int | None = None) -> list[Model]: ...

    def driver_of(self, m: Model) -> Model | None:
        """The git in a vehicle's first seat (None for a git, or a vehicle with nobody in it)."""
        ...

    def discard_die(self, die_id: str) -> None:
        """Take a resolved (or left-over) die off the table, if it is still there."""
        ...

    def throw(
        self, boss: int, model_id: str, purpose: str, dice: tuple[int, ...], thrown: Throw, keep_lost: bool = False
    ) -> Flow:
        """A real physical throw into the play area; stray dice that hit towers are resolved."""
        ...

    def move(
        self,
        m: Model,
        distance: float,
        care: str,
        toward: Point | None = None,
        direction: Point | None = None,
        towards_label: str | None = None,
        value: int | None = None,
        reason: str = "scoot",
        ignore: Sequence[str] = (),
        tower_motion: str = "carry",
    ) -> Flow: ...

    def add_tower_dice(self, m: Model, n: int, reason: str, stacked_by: int | None = None) -> Flow:
        """Stack ``n`` dice on a standing model's tower (Puny doubles every addition)."""
        ...

    def sync_tower(self, m: Model) -> None:
        """The tower's footprint on the table. A git removed mid-move (a Rigged gnawball that"""
        ...

    def advance(self, seconds: float) -> None:
        """Run the game clock (time-cost model, or the wall clock in hot-seat) and sound the siren."""
        ...

    def place_model(self, m: Model, position: Point, reason: str) -> None:
        """Put a model down at a spot (set-ups, teleports): no sweep, no bumps."""
        ...

    def win_caps(self, boss: int, n: int) -> int:
        """Caps from the general supply straight into a boss's stash (prizes, advertising…)."""
        ...

    def reroll_dice(self, m: Model, purpose: str, landed: list[Any], most: int = 99) -> Flow: ...

    def spot_touching(self, m: Model, point: Point, reach: float, facing: Point | None = None) -> Point | None:
        """Where ``m``'s base can be put down with its edge ``reach`` from ``point`` (in contact"""
        ...

    def stand_up(self, o: Model, by: str, active: bool = False) -> Flow: ...

    def smash(self, v: Model, target: Model, speed: int, head_on: bool, why: str) -> tuple[int, list[int], int]:
        """Roll a smash: toughness + current speed D6, each ≥ the target's toughness does big"""
        ...

    def roll_smash(self, v: Model, target: Model, speed: int, head_on: bool, why: str) -> tuple[int, list[int], int]:
        """Roll the smash dice once, nothing spent or set off yet: (damage, rolls, toughness)."""
        ...

    def settle_smash(
        self, v: Model, target: Model, speed: int, head_on: bool, kept: tuple[int, list[int], int]
    ) -> tuple[int, list[int], int]:
        """The kept roll counts: Spiked Roller repeats, the Explosive Ram spent, Flame Gouts."""
        ...

    def remove_model(self, m: Model, reason: str) -> None:
        """Take a model out of play (exploded, legged it…)."""
        ...

    def rebuild_tower(self, m: Model, n: int, reason: str, safe: bool) -> Flow:
        """Take a standing git's tower down and stack ``n`` dice again. ``safe`` (a teleport):"""
        ...

    def loot_cap(self, m: Model, cap_id: str) -> None: ...

    def activate_now(self, m: Model) -> Flow: ...

    def wipeout(self, v: Model, cause: str) -> Flow: ...

    def tower_fell(self, m: Model, knocked_by: int, cause: str) -> Flow:
        """A tower fell. Its own boss knocked it: the git falls over. Anyone else: it sobers up."""
        ...

    def touching(self, model_id: str) -> list[str]:
        """Models in base contact with this one (edge to edge within CONTACT_IN)."""
        ...

    def take_cap(self, frm: int, to: int, n: int = 1) -> int: ...

    def take_action(self, m: Model, action: str) -> Flow: ...

    def rerolls(self, m: Model, purpose: str, landed: list[Any]) -> Flow:
        """Re-roll any of these dice once per activation, if an aura nearby allows it ("may"""
        ...

    def put_off(self, v: Model, p: Model, why: str, sick: bool = True) -> Flow: ...

    def place_terrain(self, owner: Model, ttype: str, centre: Point, radius: float) -> str:
        """Put a round piece of terrain of type ``ttype`` on the table mid-game (a mine, an oil"""
        ...

    def names(self) -> dict[str, str]: ...

    def loose_things(self) -> dict[str, tuple[str, Point, float]]:
        """Every die and cap on the table: id -> (kind, position, angle), to see what a throw knocked."""
        ...

    def knocked_since(self, before: dict[str, tuple[str, Point, float]], skip: set[str]) -> list[dict[str, Any]]:
        """Dice and caps that were already on the table and have moved (or left it) since ``before``."""
        ...

    def in_arc(self, v: Model, arc: str, point: Point) -> bool:
        """Is ``point`` in a vehicle's arc: "corridor" (front corridor), "front", "left", "right"?"""
        ...

    def heading(self, v: Model, pos: Point, value: int, reach: float = 0.0) -> tuple[float | None, float, str]: ...

    def enemies(self, a: str, b: str) -> bool: ...

    def drive_to(self, v: Model, pos: Point, value: int, reach: float = 0.0, how: str = "drive") -> Flow: ...

    def award_caps(self, m: Model, n: int, why: str) -> int:
        """Caps from the supply for something a model did or has (advertising, a prize)."""
        ...

    def _reboot(self, m: Model) -> Flow: ...

    def _legal_actions(self, m: Model) -> list[str]: ...

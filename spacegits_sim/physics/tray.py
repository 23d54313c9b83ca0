"""A walled dice tray: dice thrown into a box, read where they come to rest. Knows no game.

Why a tray and not the open table: a dice game (the road race) throws handfuls of dice many
times a turn and must never lose one over an edge. The tray is a small :class:`~.table.Table`
whose rim is four tall static walls, so a die that reaches the rim bounces back in (the
table's own flight and Coulomb-slide model, unchanged). Faces come from the caller's seeded
stream, one draw per die, exactly as on the table: fairness does not depend on the physics,
and the physics decides only where each die lies.

Dice stay in the tray until picked up, so a re-roll throws the picked-up dice back among
the kept ones (which they may knock about, as at a real table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .results import Point, TableError, _need
from .table import Table


@dataclass(frozen=True)
class TrayDie:
    """One die at rest in the tray: its id (for picking it up), sides, face and pose."""

    id: str
    sides: int
    value: int
    position: Point
    angle: float


class DiceTray:
    """A ``width`` × ``depth`` inch tray inside walls ``wall_in`` thick and ``wall_height_in`` tall.

    Coordinates are the table's: the inside of the tray runs from ``wall_in`` to
    ``width - wall_in`` (and likewise in depth). The walls are taller than any throw flies
    and thick enough that no die can tunnel through one in a step."""

    def __init__(
        self, width: float = 14.0, depth: float = 10.0, wall_in: float = 1.5, wall_height_in: float = 24.0
    ) -> None:
        _need(wall_in > 0, f"wall_in must be positive, got {wall_in}")
        _need(width > 4 * wall_in and depth > 4 * wall_in, f"a {width}x{depth} tray has no room inside its walls")
        _need(wall_height_in > 0, f"wall_height_in must be positive, got {wall_height_in}")
        self.width = float(width)
        self.depth = float(depth)
        self.wall = float(wall_in)
        self.table = Table(self.width, self.depth)
        w, d, t = self.width, self.depth, self.wall
        for ident, (x0, y0, x1, y1) in {
            "wall_south": (0.0, 0.0, w, t),
            "wall_north": (0.0, d - t, w, d),
            "wall_west": (0.0, 0.0, t, d),
            "wall_east": (w - t, 0.0, w, d),
        }.items():
            self.table.add_terrain(ident, wall_height_in, polygon=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        self._dice: dict[str, TrayDie] = {}
        self.throws = 0
        #: the hand's 1-sigma landing error (inches): small, so no die comes down on a wall
        self.scatter = 0.6

    def inside(self, p: Point) -> bool:
        """Whether a point is inside the walls."""
        t = self.wall
        return t <= p[0] <= self.width - t and t <= p[1] <= self.depth - t

    def hand(self, side: int) -> Point:
        """Where a thrower sitting at ``side`` (0 south, 1 north, 2 west, 3 east, then round
        again) holds the dice: just inside the wall, in the middle of that side."""
        t = self.wall + 0.4
        w, d = self.width, self.depth
        return [(w / 2, t), (w / 2, d - t), (t, d / 2), (w - t, d / 2)][side % 4]

    def throw(
        self,
        count: int,
        rng_scatter: np.random.Generator,
        rng_faces: np.random.Generator,
        side: int = 0,
        sides: int = 6,
        strength: float = 0.35,
    ) -> list[TrayDie]:
        """Throw ``count`` dice from the thrower's side at the middle of the tray; simulate until
        all are at rest; return them as they lie (in throw order)."""
        _need(count >= 1, f"count: a throw needs at least one die, got {count}")
        centre = (self.width / 2, self.depth / 2)
        res = self.table.throw(
            self.hand(side), centre, [sides] * count, rng_scatter, rng_faces, strength=strength, scatter=self.scatter
        )
        self.throws += 1
        out: list[TrayDie] = []
        for d in res.dice:
            if d.lost or d.position is None:  # pragma: no cover - the walls keep every die in
                raise TableError(f"die {d.id} left the tray: the walls must keep every die in")
            die = TrayDie(d.id, d.sides, d.value, (float(d.position[0]), float(d.position[1])), float(d.angle))
            self._dice[d.id] = die
            out.append(die)
        return out

    def pick_up(self, ids: Sequence[str]) -> None:
        """Take these dice out of the tray (to re-roll them, or to clear it)."""
        for ident in ids:
            _need(ident in self._dice, f"no die '{ident}' in the tray")
            self.table.remove_die(ident)
            del self._dice[ident]

    def clear(self) -> None:
        """Empty the tray."""
        self.pick_up(list(self._dice))

    def dice(self) -> list[TrayDie]:
        """The dice lying in the tray now."""
        return list(self._dice.values())

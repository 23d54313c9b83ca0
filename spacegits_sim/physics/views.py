"""Read-only views of the table and exact snapshots of it.

Above ``physics/`` code sees the table only through these: dice, tokens, figures and
terrain as plain values (:mod:`.results`), and ``snapshot()``/``restore()``/``copy()`` for
lookahead. Nothing handed out here holds a pymunk object.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, TypeVar

import pymunk

from .results import MM, DieView, FigureView, Point, TerrainView
from .world import TableWorld

W = TypeVar("W", bound="TableViews")


@dataclass(frozen=True)
class TableSnapshot:
    """An opaque, exact copy of a table's state (see :meth:`TableWorld.snapshot`)."""

    state: dict[str, Any]


class TableViews(TableWorld):
    """The views and snapshots of a table (mixed into :class:`~.table.Table`)."""

    # ------------------------------------------------------------------ read-only views

    @property
    def dice(self) -> dict[str, DieView]:
        """Every die on the table, by id (a fresh dict of views: changing it changes nothing)."""
        return {i: self.die(i) for i in self._dice}

    def die(self, ident: str) -> DieView:
        body, _, sides, value = self._dice[ident]
        return DieView(ident, sides, value, (body.position.x, body.position.y), body.angle)

    def die_radius(self, ident: str) -> float:
        """A die's footprint radius on the table (inches): half its across-corners size."""
        sides = self._dice[ident][2]
        return float(self.p["dice"][f"d{sides}"]["circumradius_mm"]) * MM

    def has_die(self, ident: str) -> bool:
        return ident in self._dice

    @property
    def tokens(self) -> dict[str, Point]:
        """Every token on the table: id -> position."""
        return {i: self.token_position(i) for i in self._tokens}

    @property
    def figures(self) -> dict[str, FigureView]:
        return {i: self.figure(i) for i in self._figures}

    def figure(self, ident: str) -> FigureView:
        f = self._figure(ident)
        tp = self.tower_position(ident) if f.tower_shape is not None else None
        return FigureView(
            ident,
            (f.body.position.x, f.body.position.y),
            f.body.angle,
            f.radius,
            f.hull,
            f.upright,
            f.tower_height_in,
            tp,
        )

    @property
    def terrain(self) -> dict[str, TerrainView]:
        return {i: self.terrain_piece(i) for i in self._terrain}

    def has_terrain(self, ident: str) -> bool:
        return ident in self._terrain

    def terrain_piece(self, ident: str) -> TerrainView:
        t = self._terrain[ident]
        sh = t.shape
        if isinstance(sh, pymunk.Poly):
            return TerrainView(
                ident, t.height_in, t.tags, tuple((v.x, v.y) for v in sh.get_vertices()), None, t.crossable
            )
        assert isinstance(sh, pymunk.Circle)
        return TerrainView(ident, t.height_in, t.tags, None, ((sh.offset.x, sh.offset.y), sh.radius), t.crossable)

    # ------------------------------------------------------------------ snapshots

    def snapshot(self) -> TableSnapshot:
        """An exact copy of the whole table (bodies, contacts, ids, counters) to restore later."""
        return TableSnapshot(copy.deepcopy(self.__dict__))

    def restore(self, snap: TableSnapshot) -> None:
        """Put the table back exactly as it was when ``snap`` was taken (the snapshot stays reusable)."""
        self.__dict__.update(copy.deepcopy(snap.state))

    def copy(self: W) -> W:
        """An independent scratch table, identical to this one (for lookahead)."""
        return copy.deepcopy(self)

    def put_token(self, ident: str, position: Point) -> None:
        """Put token ``ident`` at rest at ``position``: moved back if it is here, re-added if it is not."""
        if ident in self._tokens:
            body = self._tokens[ident][0]
            body.position = position
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            self.space.reindex_shapes_for_body(body)
        else:
            self.add_token(position, ident)

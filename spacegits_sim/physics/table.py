"""The top-down table: a pymunk world in inches where dice are thrown, tokens dropped and
bases swept. Game-agnostic on purpose: it knows figures (round bases or box hulls), static
terrain with a height, tokens (small discs), dice and dice towers — never gits, bosses or
rules. The rules layer asks questions and reads the answers as plain results and views.

Rooms: :mod:`.results` (what it hands out), :mod:`.world` (the space, adding and moving
things), :mod:`.views` (read-only views, snapshots), :mod:`.throwing` (throws and drops),
:mod:`.queries` (sweeps, lines, distances).
"""

from __future__ import annotations

from .queries import Queries
from .results import (
    MM,
    Contact,
    DieResult,
    DieView,
    FigureView,
    HullSweep,
    Kind,
    LineHit,
    LineResult,
    Point,
    SweepResult,
    TableError,
    TerrainView,
    Thing,
    ThrowResult,
    TokenDrop,
    TowerHit,
)
from .throwing import Throwing
from .views import TableSnapshot, TableViews

__all__ = [
    "Table",
    "TableSnapshot",
    "MM",
    "Contact",
    "DieResult",
    "DieView",
    "FigureView",
    "HullSweep",
    "Kind",
    "LineHit",
    "LineResult",
    "Point",
    "SweepResult",
    "TableError",
    "TerrainView",
    "Thing",
    "ThrowResult",
    "TokenDrop",
    "TowerHit",
]


class Table(Throwing, Queries, TableViews):
    """A rectangular table ``width`` × ``height`` inches, origin at one corner."""

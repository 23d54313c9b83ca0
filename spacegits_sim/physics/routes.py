"""Routes round terrain: how far a round base has to walk to reach a point, going round walls.

A straight-line distance tells a planner nothing about the building in the way; a route
field does. It is a grid over the table (``cell`` inches): each cell a base of ``radius``
can stand on holds the length of the shortest 8-connected walk from there to the goal
(Dijkstra), through cells the base fits in. Only solid terrain blocks (crossable terrain
is walked over; models and dice move, so they are left to the sweeps). Fields are cheap
to build (a few ms on a 2'x2' table) and a planner keeps one per goal while the terrain
stays the same.
"""

from __future__ import annotations

import heapq
import math
from typing import TYPE_CHECKING

import pymunk

from .results import Kind, Point, _mask

if TYPE_CHECKING:
    from .table import Table

_SOLID = _mask((Kind.TERRAIN,))


class RouteField:
    """Walking distance to ``goal`` for a base of ``radius`` on ``table`` (inches)."""

    def __init__(self, table: Table, goal: Point, radius: float, cell: float = 0.5) -> None:
        self.cell = cell
        self.nx = max(1, int(math.ceil(table.width / cell)))
        self.ny = max(1, int(math.ceil(table.height / cell)))
        filt = pymunk.ShapeFilter(mask=_SOLID)
        free = [[False] * self.ny for _ in range(self.nx)]
        for i in range(self.nx):
            x = (i + 0.5) * cell
            if x < radius or x > table.width - radius:
                continue
            for j in range(self.ny):
                y = (j + 0.5) * cell
                if y < radius or y > table.height - radius:
                    continue
                free[i][j] = not table.space.point_query((x, y), radius, filt)
        self.free = free
        self.dist = [[math.inf] * self.ny for _ in range(self.nx)]
        # the goal may be inside terrain (a machine to touch): start from the free cells nearest it
        cells = [(math.hypot((i + 0.5) * cell - goal[0], (j + 0.5) * cell - goal[1]), i, j) for i, j in self._free()]
        if not cells:
            return
        nearest = min(c[0] for c in cells)
        heap = [(d - nearest, i, j) for d, i, j in cells if d <= nearest + 1.5 * cell]
        for d, i, j in heap:
            self.dist[i][j] = d
        heapq.heapify(heap)
        steps = [(di, dj, cell * math.hypot(di, dj)) for di in (-1, 0, 1) for dj in (-1, 0, 1) if di or dj]
        while heap:
            d, i, j = heapq.heappop(heap)
            if d > self.dist[i][j]:
                continue
            for di, dj, c in steps:
                a, b = i + di, j + dj
                if not (0 <= a < self.nx and 0 <= b < self.ny) or not free[a][b]:
                    continue
                if di and dj and not (free[i + di][j] and free[i][j + dj]):
                    continue  # no cutting a wall's corner
                nd = d + c
                if nd < self.dist[a][b]:
                    self.dist[a][b] = nd
                    heapq.heappush(heap, (nd, a, b))

    def _free(self) -> list[tuple[int, int]]:
        return [(i, j) for i in range(self.nx) for j in range(self.ny) if self.free[i][j]]

    def distance(self, point: Point) -> float:
        """Walking distance from ``point`` (through the nearest reachable cell around it)."""
        ci = min(self.nx - 1, max(0, int(point[0] / self.cell)))
        cj = min(self.ny - 1, max(0, int(point[1] / self.cell)))
        best = math.inf
        for i in range(max(0, ci - 1), min(self.nx, ci + 2)):
            for j in range(max(0, cj - 1), min(self.ny, cj + 2)):
                d = self.dist[i][j]
                if d < math.inf:
                    best = min(best, d + math.hypot((i + 0.5) * self.cell - point[0], (j + 0.5) * self.cell - point[1]))
        return best

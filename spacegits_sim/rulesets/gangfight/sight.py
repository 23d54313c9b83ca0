"""Line of sight for Gangfight, behind one function (:func:`visible_fraction`) so the shared
game-agnostic query (physics/sight.py, being built on branch gfsight) replaces it in one line.

The reading: rays from the shooter's eye (its base centre) to points spread across the
target's base, square to the line between them; a ray is blocked by a blocking piece whose
height reaches half the target's height, by Area Terrain the ray crosses that neither model
stands in ("Area Terrain blocks line of sight to models behind it"), and by another standing
model's base. Obstacles never block: they are low (you see over them), they give cover.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from ...physics.table import Table

RAYS = 7


def ray_points(
    start: tuple[float, float], centre: tuple[float, float], radius: float, n: int = RAYS
) -> list[tuple[float, float]]:
    dx, dy = centre[0] - start[0], centre[1] - start[1]
    d = math.hypot(dx, dy) or 1.0
    px, py = -dy / d, dx / d
    out = []
    for i in range(n):
        o = radius * 0.95 * (2 * i / (n - 1) - 1) if n > 1 else 0.0
        out.append((centre[0] + px * o, centre[1] + py * o))
    return out


def visible_fraction(
    table: Table,
    eye: tuple[float, float],
    target: tuple[float, float],
    target_radius: float,
    blocks: Callable[[str], bool],
    exclude: Iterable[str] = (),
) -> tuple[float, set[str]]:
    """The fraction of rays from ``eye`` to the target's base that arrive, and every terrain or
    model id any ray crossed (cover asks which pieces lie between). ``blocks(id)`` says whether
    a thing stops a ray."""
    pts = ray_points(eye, target, target_radius)
    seen = 0
    crossed: set[str] = set()
    ex = set(exclude)
    for p in pts:
        dist = math.hypot(p[0] - eye[0], p[1] - eye[1])
        if dist < 1e-9:
            seen += 1
            continue
        res = table.trace(eye, p, dist, lambda _t, _low: True, exclude=ex)
        blocked = False
        for h in res.all_hits:
            if h.thing.id in ex:
                continue
            crossed.add(h.thing.id)
            if blocks(h.thing.id):
                blocked = True
        seen += 0 if blocked else 1
    return seen / len(pts), crossed

"""Line of sight for Gangfight: the board's terrain as footprints for the shared, game-agnostic
visible-fraction query (:mod:`spacegits_sim.physics.sight`), and the one call the engine makes.

The reading: the eye is at the looker's height above its base centre (model heights are never
given: sizes.yaml completes them); the target is its base's cylinder, as tall as its size.
Blocking pieces and obstacles stop rays passing lower than their tops (so a low wall hides
only the legs: you see over it); Area Terrain stops every ray through it, at any height, but
not rays that start or end inside it ("Area Terrain blocks line of sight to models behind it":
you see into a wood and out of it, not through it). Its own ``height`` does not limit that
("Even if it looks like you should be able to see through a few bushes or a rocky area,
imagine they are too tall or overgrown to see through"): a 0.5" patch of rough ground hides
what is behind it as a 3" wood does, and an eye on a roof or a tower does not see over a wood
either (our reading: the book's "too tall" has no height to see over). Other standing models
stop rays below their tops.
A building's interior is no footprint (its walls are); a window is its sill below and its
lintel above, seen through between them. A platform is a solid footprint as tall as its top:
a model on it stands on the top (the engine gives its cylinder that elevation).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ...physics.sight import Cylinder, Footprint, SightTable, route_off_table

__all__ = ["Cylinder", "SightTable", "footprints", "route_off_table", "visible_fraction"]


def footprints(pieces: Iterable[object]) -> list[Footprint]:
    """The board's pieces as sight footprints (a circle as a 16-sided polygon)."""
    out: list[Footprint] = []
    for p in pieces:
        pts = p.polygon  # type: ignore[attr-defined]
        if p.circle is not None:  # type: ignore[attr-defined]
            cx, cy, r = p.circle  # type: ignore[attr-defined]
            pts = tuple(
                (cx + r * math.cos(2 * math.pi * k / 16), cy + r * math.sin(2 * math.pi * k / 16)) for k in range(16)
            )
        kind = p.kind  # type: ignore[attr-defined]
        if kind == "interior":
            continue  # a building's inside: its walls, doors and windows decide what is seen
        top = max(float(p.height), 0.05)  # type: ignore[attr-defined]
        if kind == "window":  # seen through between the sill and the lintel
            sill, lintel = float(p.sill), float(p.lintel)  # type: ignore[attr-defined]
            if sill > 0:
                out.append(Footprint(tuple(pts), sill, ident=p.id))  # type: ignore[attr-defined]
            if lintel < top:
                out.append(Footprint(tuple(pts), top, bottom=lintel, ident=p.id))  # type: ignore[attr-defined]
            continue
        if kind == "area":  # "imagine they are too tall or overgrown to see through": no top to see over
            out.append(Footprint(tuple(pts), math.inf, see_into=True, ident=p.id))  # type: ignore[attr-defined]
            continue
        out.append(Footprint(tuple(pts), top, ident=p.id))  # type: ignore[attr-defined]
    return out


def visible_fraction(
    table: SightTable,
    eye: tuple[float, float, float],
    target: Cylinder,
    others: Iterable[Cylinder],
    within: float,
) -> tuple[float, set[str]]:
    """The fraction of ``target`` seen from ``eye``, and the ids of the pieces between them with
    part of them within ``within`` of the target's base (the cover rule's geometry)."""
    f = table.visible_fraction(eye, target, list(others))
    near = {fp.ident for fp in table.covering((eye[0], eye[1]), target, within)}
    return f, near

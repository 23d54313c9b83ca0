"""Sight: how much of a round-based figure an eye can see across a table of footprints.

A game asks "can this model see about half of that one?"; physics answers with a number
between 0 and 1 and knows no game. The target is a cylinder (its round base, its height,
standing at some elevation); its silhouette as seen from the eye is the rectangle through the
base's centre across the line of sight, ``2 * radius`` wide and ``height`` tall. That
rectangle is sampled on a grid (bin centres, ``samples_wide`` x ``samples_high``) and a ray
is cast from the eye to every sample. A ray is stopped by:

- a **footprint** (a plan polygon with a top, a bottom and an opacity: a wall, a building, a
  hill, a wood) where the ray passes over the polygon lower than its top. The ray's height is
  linear along it, so it is lowest inside a footprint where it crosses the footprint's
  outline (or at an end that lies inside it): testing the crossings is exact. A low wall
  therefore hides only what lies below the line from the eye over the wall's top, and an eye
  on higher ground sees over it. ``opacity`` is the share of a crossing ray's light the
  footprint stops (1 solid, 0.5 half); ``see_into`` footprints (area terrain) do not stop a
  ray that starts or ends inside them: models in a wood are seen, models behind it are not.
- a **model** (another round base as a cylinder) whose plan disc the ray crosses lower than
  the model's top.

The fraction visible is the mean light of the rays. Its resolution: a straight edge across the
silhouette is placed to within half a column (``1 / (2 * samples_wide)`` of the fraction), a
level wall top to within half a row (``1 / (2 * samples_high)``).

Why numpy and not pymunk's ``Space.segment_query``: a segment query reports one hit per shape,
the first point along the segment, and knows nothing of heights; a height test needs every
crossing (the exit as well as the entry), so each ray would need two queries and a Python
callback per hit. Here all rays x all outline edges are one vectorised computation, and the
rays of one column share their plan line, so the plan geometry is computed per column only.
Shapely is not installed (it is on the package index, not in the environment) and would still
be one call per ray.

Cost, measured on the shared 2-core machine (numpy 2.4; ``tests/test_sight.py::test_cost...``
prints it): 8 x 8 = 64 rays against 20 box footprints and 6 models, median 150-250 µs a
query (about 120 µs without models), varying with the machine's load. For comparison, pymunk's
``segment_query`` for the same 64 rays against the same shapes, plan only (no heights, entry
points only), took a median 285 µs; a height-aware version would need twice that and more.
:meth:`SightTable.visible_fractions` asks for many targets from one eye in one pass: 10 targets
cost a median 70 µs each (``test_cost_per_target_when_asked_many_at_once``).

Also here: :func:`terrain_footprint` and :func:`figure_cylinder` (the physics table's own views
as sight shapes), :meth:`SightTable.standing_in` (which footprints hold a point),
:meth:`SightTable.covering` (the footprints between the eye and a target and near it: cover),
:func:`edge_distance` (base edge to base edge), :func:`nearest_table_edge`, and
:func:`route_off_table`, a fleeing base's shortest way to the nearest edge around what it may
not cross (a visibility graph over the obstacles' corners grown by the base, searched with A*
bounded by the straight way to an edge): median about 2 ms among 20 footprints and 6 models.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .results import FigureView, TerrainView

Point = tuple[float, float]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

_EPS = 1e-9


@dataclass(frozen=True)
class Footprint:
    """A piece of terrain as sight sees it: a plan polygon standing from ``bottom`` to ``top``.

    ``points`` in order (either winding), at least three; inches. ``opacity`` in [0, 1] is the
    share of a crossing ray's light it stops. ``see_into``: rays that start or end inside the
    outline are not stopped by it (area terrain: you see into and out of it, not through it).
    ``top`` may be ``math.inf``: a blocker unlimited in height, that no eye sees over (the game
    decides which pieces are).
    """

    points: tuple[Point, ...]
    top: float
    bottom: float = 0.0
    opacity: float = 1.0
    see_into: bool = False
    ident: str = ""

    def __post_init__(self) -> None:
        if len(self.points) < 3:
            raise ValueError(f"footprint {self.ident!r}: needs at least 3 points, got {len(self.points)}")
        if not self.top > self.bottom:
            raise ValueError(f"footprint {self.ident!r}: top {self.top} must be above bottom {self.bottom}")
        if not 0.0 <= self.opacity <= 1.0:
            raise ValueError(f"footprint {self.ident!r}: opacity must be in [0, 1], got {self.opacity}")


def box(
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    top: float,
    *,
    bottom: float = 0.0,
    opacity: float = 1.0,
    see_into: bool = False,
    ident: str = "",
) -> Footprint:
    """An axis-aligned rectangular footprint (a wall, a crate, a building) from two corners."""
    pts = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return Footprint(pts, top, bottom, opacity, see_into, ident)


@dataclass(frozen=True)
class Cylinder:
    """A model as sight sees it: a round base of ``radius`` at (x, y), ``height`` tall,
    standing at ``elevation`` (the top of whatever it stands on)."""

    x: float
    y: float
    radius: float
    height: float
    elevation: float = 0.0
    ident: str = ""

    def __post_init__(self) -> None:
        if not self.radius > 0:
            raise ValueError(f"model {self.ident!r}: radius must be positive, got {self.radius}")
        if not self.height >= 0:
            raise ValueError(f"model {self.ident!r}: height must not be negative, got {self.height}")

    @property
    def top(self) -> float:
        return self.elevation + self.height


def terrain_footprint(view: TerrainView, *, opacity: float = 1.0, see_into: bool = False, sides: int = 24) -> Footprint:
    """A table's terrain piece as sight sees it: its outline (a circle as a ``sides``-gon on it)
    standing its ``height_in``; the game says whether it is area terrain (``see_into``)."""
    if view.polygon is not None:
        pts = tuple((float(x), float(y)) for x, y in view.polygon)
    else:
        assert view.circle is not None
        (cx, cy), r = view.circle
        pts = tuple(
            (cx + r * math.cos(2 * math.pi * k / sides), cy + r * math.sin(2 * math.pi * k / sides))
            for k in range(sides)
        )
    return Footprint(pts, max(view.height_in, 1e-6), 0.0, opacity, see_into, view.id)


def figure_cylinder(view: FigureView, height: float, elevation: float = 0.0) -> Cylinder:
    """A table's figure as sight sees it: its round base (a box hull by its half-diagonal),
    ``height`` tall from ``elevation`` (the game knows how tall its models stand)."""
    radius = view.radius if view.hull is None else math.hypot(*view.hull) / 2
    return Cylinder(view.position[0], view.position[1], radius, height, elevation, view.id)


@dataclass(frozen=True)
class Sight:
    """What one query found: the fraction, and every ray (for drawing and for tests)."""

    fraction: float
    eye: tuple[float, float, float]
    samples: FloatArray  # (rays, 3): the points on the target's silhouette
    light: FloatArray  # (rays,): how much of each ray got through, 0..1


class SightTable:
    """Sight queries over a fixed set of footprints (build once per table; models move freely).

    The footprints' outlines are packed into edge arrays once, so a query costs only the
    rays x edges arithmetic.
    """

    def __init__(self, footprints: Sequence[Footprint] = (), samples_wide: int = 8, samples_high: int = 8) -> None:
        if samples_wide < 1 or samples_high < 1:
            raise ValueError(f"samples must be at least 1 each way, got {samples_wide} x {samples_high}")
        self.footprints = tuple(footprints)
        self.samples_wide = samples_wide
        self.samples_high = samples_high
        a: list[Point] = []
        b: list[Point] = []
        starts: list[int] = []
        for fp in self.footprints:
            starts.append(len(a))
            n = len(fp.points)
            for i in range(n):
                a.append(fp.points[i])
                b.append(fp.points[(i + 1) % n])
        self._a = np.array(a, dtype=np.float64).reshape(-1, 2)
        self._b = np.array(b, dtype=np.float64).reshape(-1, 2)
        self._starts = np.array(starts, dtype=np.intp)
        self._top = np.array([f.top for f in self.footprints], dtype=np.float64)
        self._bottom = np.array([f.bottom for f in self.footprints], dtype=np.float64)
        self._opacity = np.array([f.opacity for f in self.footprints], dtype=np.float64)
        self._see_into = np.array([f.see_into for f in self.footprints], dtype=np.bool_)
        owner = np.zeros(len(a), dtype=np.intp)
        for k, s in enumerate(starts):
            owner[s:] = k
        self._owner = owner
        self._edge_top = self._top[owner] if len(a) else np.zeros(0)
        self._edge_bottom = self._bottom[owner] if len(a) else np.zeros(0)
        self._rows = (np.arange(samples_high, dtype=np.float64) + 0.5) / samples_high
        self._cols = -1.0 + (2.0 * np.arange(samples_wide, dtype=np.float64) + 1.0) / samples_wide

    # -- queries ------------------------------------------------------------------------

    def visible_fraction(
        self, eye: tuple[float, float, float], target: Cylinder, models: Sequence[Cylinder] = ()
    ) -> float:
        """The fraction (0..1) of ``target`` the eye at (x, y, height) sees; ``models`` are the
        other figures that can stand in the way (leave out the looker and the target)."""
        return self.cast(eye, target, models).fraction

    def cast(self, eye: tuple[float, float, float], target: Cylinder, models: Sequence[Cylinder] = ()) -> Sight:
        """Cast every ray and report each one's light (see the module docstring)."""
        ex, ey, ez = float(eye[0]), float(eye[1]), float(eye[2])
        cols_xy = self._columns(ex, ey, target)  # (W, 2)
        z1 = target.elevation + self._rows * target.height  # (H,)
        zs = np.repeat(z1[:, None], self.samples_wide, axis=1)  # (H, W)
        light = self._light(ex, ey, ez, cols_xy, zs, models, None)
        samples = np.empty((self.samples_high, self.samples_wide, 3), dtype=np.float64)
        samples[:, :, 0] = cols_xy[None, :, 0]
        samples[:, :, 1] = cols_xy[None, :, 1]
        samples[:, :, 2] = zs
        return Sight(float(light.mean()), (ex, ey, ez), samples.reshape(-1, 3), light.reshape(-1))

    def visible_fractions(
        self, eye: tuple[float, float, float], targets: Sequence[Cylinder], models: Sequence[Cylinder] = ()
    ) -> list[float]:
        """:meth:`visible_fraction` for many targets from one eye in one vectorised pass (an AI
        scoring every enemy from a spot). ``models`` may include the targets themselves: a
        target is never its own blocker (the same object, or the same non-empty ident)."""
        if not targets:
            return []
        ex, ey, ez = float(eye[0]), float(eye[1]), float(eye[2])
        w = self.samples_wide
        cols = np.concatenate([self._columns(ex, ey, t) for t in targets])  # (T*W, 2)
        zs = np.concatenate(
            [np.repeat((t.elevation + self._rows * t.height)[:, None], w, axis=1) for t in targets], axis=1
        )  # (H, T*W)
        own = None
        if models:
            same = np.array(
                [[m is t or (bool(m.ident) and m.ident == t.ident) for m in models] for t in targets], dtype=np.bool_
            )
            own = np.repeat(same, w, axis=0)  # (T*W, M)
        light = self._light(ex, ey, ez, cols, zs, models, own)  # (H, T*W)
        return [float(v) for v in light.reshape(self.samples_high, len(targets), w).mean(axis=(0, 2))]

    def _light(
        self,
        ex: float,
        ey: float,
        ez: float,
        cols: FloatArray,
        zs: FloatArray,
        models: Sequence[Cylinder],
        own: BoolArray | None,
    ) -> FloatArray:
        """(H, C) light of the rays to columns ``cols`` (C, 2) at heights ``zs`` (H, C)."""
        light = np.ones(zs.shape, dtype=np.float64)
        if len(self.footprints):
            light *= self._footprint_light(ex, ey, ez, cols, zs)
        if models:
            light *= self._model_light(ex, ey, ez, cols, zs, models, own)
        return light

    def standing_in(self, x: float, y: float) -> tuple[Footprint, ...]:
        """The footprints whose outline holds the plan point (x, y): is a model in a wood or a
        building ("Any model within Area Terrain will be harder to hit")."""
        if not self.footprints:
            return ()
        inside = self._inside(np.array([[float(x), float(y)]]))[0]
        return tuple(fp for fp, hit in zip(self.footprints, inside, strict=True) if hit)

    def covering(self, eye: Point, target: Cylinder, within: float) -> tuple[Footprint, ...]:
        """The footprints between the eye and the target (crossing a plan line from the eye to
        the target's silhouette) with part of them within ``within`` of the target's base edge:
        the obstacles a game may count as cover ("part of the obstacle itself must be within
        your model's Personal Space")."""
        if not self.footprints:
            return ()
        ex, ey = float(eye[0]), float(eye[1])
        cols = self._columns(ex, ey, target)
        p = np.array([[ex, ey]])[:, None, :]
        q = cols[:, None, :]
        a, b = self._a[None, :, :], self._b[None, :, :]
        o1 = _cross(q - p, a - p)
        o2 = _cross(q - p, b - p)
        o3 = _cross(b - a, p - a)
        o4 = _cross(b - a, q - a)
        crossing = ((o1 * o2 < 0) & (o3 * o4 < 0)).any(axis=0)  # (E,)
        between = np.logical_or.reduceat(crossing, self._starts)
        centre = np.array([[target.x, target.y]])
        near_edge = _point_segment(centre, self._a, self._b) <= target.radius + within + 1e-9
        near = np.logical_or.reduceat(near_edge, self._starts) | self._inside(centre)[0]
        return tuple(fp for fp, hit in zip(self.footprints, between & near, strict=True) if hit)

    # -- the geometry -------------------------------------------------------------------

    def _columns(self, ex: float, ey: float, t: Cylinder) -> FloatArray:
        """The silhouette's column points: across the base, square to the line of sight."""
        dx, dy = t.x - ex, t.y - ey
        d = math.hypot(dx, dy)
        px, py = (-dy / d, dx / d) if d > _EPS else (0.0, 1.0)
        s = self._cols * t.radius
        return np.stack([t.x + s * px, t.y + s * py], axis=1)

    def _inside(self, pts: FloatArray) -> BoolArray:
        """(points, footprints): is each plan point inside each outline (crossing number)."""
        px = pts[:, 0:1]
        py = pts[:, 1:2]
        ax, ay = self._a[None, :, 0], self._a[None, :, 1]
        bx, by = self._b[None, :, 0], self._b[None, :, 1]
        straddle = (ay > py) != (by > py)
        with np.errstate(divide="ignore", invalid="ignore"):
            xcross = ax + (py - ay) * (bx - ax) / (by - ay)
        crosses = straddle & (px < xcross)
        counts = np.add.reduceat(crosses.astype(np.intp), self._starts, axis=1)
        result: BoolArray = (counts % 2) == 1
        return result

    def _footprint_light(self, ex: float, ey: float, ez: float, cols: FloatArray, zs: FloatArray) -> FloatArray:
        """(H, C) light left after every footprint."""
        dx = cols[:, 0:1] - ex  # (W, 1)
        dy = cols[:, 1:2] - ey
        ax = self._a[None, :, 0] - ex  # (1, E)
        ay = self._a[None, :, 1] - ey
        exx = (self._b[:, 0] - self._a[:, 0])[None, :]
        eyy = (self._b[:, 1] - self._a[:, 1])[None, :]
        denom = dx * eyy - dy * exx  # (W, E)
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (ax * eyy - ay * exx) / denom
            u = (ax * dy - ay * dx) / denom
        hit = (np.abs(denom) > _EPS) & (t > 0.0) & (t < 1.0) & (u >= 0.0) & (u <= 1.0)  # (W, E)
        # the ray's height where it crosses each edge, per row: (H, W, E)
        zc = ez + t[None, :, :] * (zs[:, :, None] - ez)
        low = hit[None, :, :] & (zc < self._edge_top) & (zc > self._edge_bottom)
        stopped = np.logical_or.reduceat(low, self._starts, axis=2)  # (H, W, F)
        eye_in = self._inside(np.array([[ex, ey]]))[0]  # (F,)
        tgt_in = self._inside(cols)  # (W, F)
        solid = ~self._see_into
        eye_low = eye_in & (ez < self._top) & (ez > self._bottom) & solid  # (F,)
        tgt_low = tgt_in[None, :, :] & (zs[:, :, None] < self._top) & (zs[:, :, None] > self._bottom)
        stopped = stopped | eye_low[None, None, :] | (tgt_low & solid)
        exempt = self._see_into & (eye_in[None, :] | tgt_in)  # (W, F): area terrain seen into/out of
        stopped &= ~exempt[None, :, :]
        light: FloatArray = np.prod(1.0 - self._opacity * stopped, axis=2)
        return light

    def _model_light(
        self,
        ex: float,
        ey: float,
        ez: float,
        cols: FloatArray,
        zs: FloatArray,
        models: Sequence[Cylinder],
        own: BoolArray | None,
    ) -> FloatArray:
        """(H, C) light left after the models in the way (each opaque; ``own`` (C, M) marks a
        column's own target, never its blocker)."""
        m = np.array([(c.x, c.y, c.radius, c.elevation, c.top) for c in models], dtype=np.float64)
        dx = cols[:, 0:1] - ex  # (W, 1)
        dy = cols[:, 1:2] - ey
        fx = ex - m[None, :, 0]  # (1, M)
        fy = ey - m[None, :, 1]
        a = dx * dx + dy * dy  # (W, 1)
        b = 2.0 * (fx * dx + fy * dy)  # (W, M)
        c = fx * fx + fy * fy - m[None, :, 2] ** 2
        disc = b * b - 4.0 * a * c
        ok = (disc > 0.0) & (a > _EPS)
        root = np.sqrt(np.where(ok, disc, 0.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            t1 = np.clip((-b - root) / (2.0 * a), 0.0, 1.0)
            t2 = np.clip((-b + root) / (2.0 * a), 0.0, 1.0)
        ok &= t2 > t1
        if own is not None:
            ok &= ~own
        za = ez + t1[None, :, :] * (zs[:, :, None] - ez)  # (H, C, M)
        zb = ez + t2[None, :, :] * (zs[:, :, None] - ez)
        lo = np.minimum(za, zb)
        hi = np.maximum(za, zb)
        blocked = ok[None, :, :] & (lo < m[None, None, :, 4]) & (hi > m[None, None, :, 3])
        light: FloatArray = np.where(blocked.any(axis=2), 0.0, 1.0)
        return light


# -- distances and the way off the table -----------------------------------------------------


def edge_distance(a: Cylinder, b: Cylinder) -> float:
    """Base edge to base edge in plan (0 when the bases touch or overlap)."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)


def nearest_table_edge(x: float, y: float, radius: float, width: float, depth: float) -> tuple[Point, float]:
    """The point on the table's edge nearest a base at (x, y), and the distance its base's
    edge must travel to reach it (the table runs from (0, 0) to (width, depth))."""
    options = [((0.0, y), x), ((width, y), width - x), ((x, 0.0), y), ((x, depth), depth - y)]
    point, d = min(options, key=lambda o: o[1])
    return point, max(0.0, d - radius)


# -- the way off the table around what stands in it ------------------------------------------


@dataclass(frozen=True)
class Route:
    """A base's route: its centre's waypoints from the start to where its edge meets the table's
    edge, and how far that is (the distance the rules measure, base edge to table edge)."""

    waypoints: tuple[Point, ...]
    length: float

    @property
    def end(self) -> Point:
        return self.waypoints[-1]


def _point_segment(p: FloatArray, a: FloatArray, b: FloatArray) -> FloatArray:
    """Distances from points p (..., 2) to segments a-b (..., 2), broadcast."""
    ab = b - a
    denom = np.maximum((ab * ab).sum(-1), 1e-18)
    t = np.clip(((p - a) * ab).sum(-1) / denom, 0.0, 1.0)
    closest = a + t[..., None] * ab
    d: FloatArray = np.sqrt(((p - closest) ** 2).sum(-1))
    return d


def _cross(u: FloatArray, v: FloatArray) -> FloatArray:
    c: FloatArray = u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]
    return c


def _segments_apart(p: FloatArray, q: FloatArray, a: FloatArray, b: FloatArray) -> FloatArray:
    """Distance between segments p-q (N, 1, 2) and a-b (1, E, 2): (N, E); 0 where they cross."""
    o1 = _cross(q - p, a - p)
    o2 = _cross(q - p, b - p)
    o3 = _cross(b - a, p - a)
    o4 = _cross(b - a, q - a)
    crossing = (o1 * o2 < 0) & (o3 * o4 < 0)
    d = np.minimum(
        np.minimum(_point_segment(p, a, b), _point_segment(q, a, b)),
        np.minimum(_point_segment(a, p, q), _point_segment(b, p, q)),
    )
    out: FloatArray = np.where(crossing, 0.0, d)
    return out


class _Clearance:
    """What a moving base of radius R must keep clear of: polygon edges and discs."""

    def __init__(self, footprints: Sequence[Footprint], models: Sequence[Cylinder]) -> None:
        a: list[Point] = []
        b: list[Point] = []
        for fp in footprints:
            n = len(fp.points)
            for i in range(n):
                a.append(fp.points[i])
                b.append(fp.points[(i + 1) % n])
        self.a = np.array(a, dtype=np.float64).reshape(1, -1, 2)
        self.b = np.array(b, dtype=np.float64).reshape(1, -1, 2)
        self.c = np.array([(m.x, m.y) for m in models], dtype=np.float64).reshape(1, -1, 2)
        self.r = np.array([m.radius for m in models], dtype=np.float64).reshape(1, -1)

    def each(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """(N, items): the gap between each segment p[i]-q[i] and each edge, then each disc."""
        p3, q3 = p[:, None, :], q[:, None, :]
        parts = [np.zeros((len(p), 0))]
        if self.a.shape[1]:
            parts.append(_segments_apart(p3, q3, self.a, self.b))
        if self.c.shape[1]:
            parts.append(_point_segment(self.c, p3, q3) - self.r)
        out: FloatArray = np.concatenate(parts, axis=1)
        return out

    def clear(self, p: FloatArray, q: FloatArray, need: float | FloatArray) -> BoolArray:
        """(N,): does each segment keep at least ``need`` (one figure, or one per item) from all."""
        ok: BoolArray = np.all(self.each(p, q) >= need, axis=1)
        return ok


def _corner_nodes(footprints: Sequence[Footprint], models: Sequence[Cylinder], reach: float) -> list[Point]:
    """Where a base of radius ``reach`` (less a hair) can turn around each obstacle: outside each
    convex corner on its bisector, and on an octagon around each disc."""
    nodes: list[Point] = []
    for fp in footprints:
        pts = fp.points
        n = len(pts)
        area = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
        sign = 1.0 if area > 0 else -1.0  # counter-clockwise: outward normals point right of each edge
        for i in range(n):
            (px, py), (cx, cy), (nx, ny) = pts[i - 1], pts[i], pts[(i + 1) % n]
            turn = (cx - px) * (ny - cy) - (cy - py) * (nx - cx)
            if turn * sign <= 0:  # a reflex corner: no shortest path bends there
                continue
            e1 = np.array([cx - px, cy - py]) / max(math.hypot(cx - px, cy - py), _EPS)
            e2 = np.array([nx - cx, ny - cy]) / max(math.hypot(nx - cx, ny - cy), _EPS)
            n1 = sign * np.array([e1[1], -e1[0]])
            n2 = sign * np.array([e2[1], -e2[0]])
            bis = n1 + n2
            norm = float(np.hypot(*bis))
            if norm < _EPS:
                continue
            cos_half = float(np.dot(bis / norm, n1))
            off = reach / max(cos_half, 0.05)
            nodes.append((cx + bis[0] / norm * off, cy + bis[1] / norm * off))
    for m in models:
        ring = (m.radius + reach) / math.cos(math.pi / 8)
        nodes += [(m.x + ring * math.cos(k * math.pi / 4), m.y + ring * math.sin(k * math.pi / 4)) for k in range(8)]
    return nodes


def route_off_table(
    start: Point,
    radius: float,
    width: float,
    depth: float,
    footprints: Sequence[Footprint] = (),
    models: Sequence[Cylinder] = (),
    clearance: float = 0.0,
) -> Route | None:
    """The shortest route for a base of ``radius`` at ``start`` to the nearest point of the
    table's edge, going around ``footprints`` (pass only those it may not cross) and ``models``
    (as discs: give enemies a radius that includes their personal space), keeping ``clearance``.

    Exact for the obstacles grown by the base (a shortest path bends only at their corners and
    leaves the last one square to an edge); corners are offset a hair outward. None when no
    route exists. The route ends where the base's edge touches the table's edge.
    """
    reach = radius + clearance
    bound = _Clearance(footprints, models)
    s = np.array([start], dtype=np.float64)
    # a base already closer to something than it should be may leave it but not get closer
    # (nor pass through it): from the start, each item's own gap there is its bound
    need_from_start: FloatArray = np.minimum(reach, bound.each(s, s)[0]) - 1e-6
    need = reach - 1e-6
    lo_x, hi_x, lo_y, hi_y = radius, width - radius, radius, depth - radius
    nodes = [start] + [
        p for p in _corner_nodes(footprints, models, reach * 1.0005 + 1e-6) if lo_x < p[0] < hi_x and lo_y < p[1] < hi_y
    ]
    pts = np.array(nodes, dtype=np.float64)
    # never more than the straight way to the nearest edge line: A*'s bound
    to_edge = np.minimum(np.minimum(pts[:, 0] - lo_x, hi_x - pts[:, 0]), np.minimum(pts[:, 1] - lo_y, hi_y - pts[:, 1]))
    to_edge = np.maximum(to_edge, 0.0)

    def exit_leg(i: int) -> tuple[float, Point] | None:
        """The last leg from node i: square to one of the four edges, the shortest that is clear."""
        x, y = float(pts[i, 0]), float(pts[i, 1])
        cands = [(x - lo_x, (lo_x, y)), (hi_x - x, (hi_x, y)), (y - lo_y, (x, lo_y)), (hi_y - y, (x, hi_y))]
        ends = np.array([c[1] for c in cands], dtype=np.float64)
        clear = bound.clear(np.repeat(pts[i : i + 1], 4, axis=0), ends, need_from_start if i == 0 else need)
        ok = [(max(0.0, d), e) for (d, e), c in zip(cands, clear, strict=True) if c]
        return min(ok) if ok else None

    dist = np.full(len(nodes), np.inf)
    prev = np.full(len(nodes), -1, dtype=np.intp)
    done = np.zeros(len(nodes), dtype=np.bool_)
    dist[0] = 0.0
    heap: list[tuple[float, int]] = [(float(to_edge[0]), 0)]
    best: tuple[float, int, Point] | None = None
    while heap:
        f, i = heapq.heappop(heap)
        if done[i]:
            continue
        if best is not None and f >= best[0] - 1e-12:
            break
        done[i] = True
        d = float(dist[i])
        leg = exit_leg(i)
        if leg is not None and (best is None or d + leg[0] < best[0]):
            best = (d + leg[0], i, leg[1])
        rest = np.flatnonzero(~done)
        if not len(rest):
            continue
        qs = pts[rest]
        steps = np.hypot(qs[:, 0] - pts[i, 0], qs[:, 1] - pts[i, 1])
        better = d + steps < dist[rest]
        if best is not None:
            better &= d + steps + to_edge[rest] < best[0]
        rest, qs, steps = rest[better], qs[better], steps[better]
        if not len(rest):
            continue
        clear = bound.clear(np.repeat(pts[i : i + 1], len(rest), axis=0), qs, need_from_start if i == 0 else need)
        for j, c, step in zip(rest, clear, steps, strict=True):
            if c:
                dist[j] = d + float(step)
                prev[j] = i
                heapq.heappush(heap, (float(dist[j] + to_edge[j]), int(j)))
    if best is None:
        return None
    length, last, end = best
    chain: list[Point] = []
    k = int(last)
    while k >= 0:
        chain.append((float(pts[k, 0]), float(pts[k, 1])))
        k = int(prev[k])
    chain.reverse()
    return Route(tuple(chain) + ((float(end[0]), float(end[1])),), float(length))

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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

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

    @property
    def top(self) -> float:
        return self.elevation + self.height


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
        light = np.ones((self.samples_high, self.samples_wide), dtype=np.float64)
        if len(self.footprints):
            light *= self._footprint_light(ex, ey, ez, cols_xy, z1)
        if models:
            light *= self._model_light(ex, ey, ez, cols_xy, z1, models)
        samples = np.empty((self.samples_high, self.samples_wide, 3), dtype=np.float64)
        samples[:, :, 0] = cols_xy[None, :, 0]
        samples[:, :, 1] = cols_xy[None, :, 1]
        samples[:, :, 2] = z1[:, None]
        return Sight(float(light.mean()), (ex, ey, ez), samples.reshape(-1, 3), light.reshape(-1))

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

    def _footprint_light(self, ex: float, ey: float, ez: float, cols: FloatArray, z1: FloatArray) -> FloatArray:
        """(H, W) light left after every footprint."""
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
        zc = ez + t[None, :, :] * (z1[:, None, None] - ez)
        low = hit[None, :, :] & (zc < self._edge_top) & (zc > self._edge_bottom)
        stopped = np.logical_or.reduceat(low, self._starts, axis=2)  # (H, W, F)
        eye_in = self._inside(np.array([[ex, ey]]))[0]  # (F,)
        tgt_in = self._inside(cols)  # (W, F)
        solid = ~self._see_into
        eye_low = eye_in & (ez < self._top) & (ez > self._bottom) & solid  # (F,)
        tgt_low = tgt_in[None, :, :] & (z1[:, None, None] < self._top) & (z1[:, None, None] > self._bottom)
        stopped = stopped | eye_low[None, None, :] | (tgt_low & solid)
        exempt = self._see_into & (eye_in[None, :] | tgt_in)  # (W, F): area terrain seen into/out of
        stopped &= ~exempt[None, :, :]
        light: FloatArray = np.prod(1.0 - self._opacity * stopped, axis=2)
        return light

    def _model_light(
        self, ex: float, ey: float, ez: float, cols: FloatArray, z1: FloatArray, models: Sequence[Cylinder]
    ) -> FloatArray:
        """(H, W) light left after the models in the way (each opaque)."""
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
        za = ez + t1[None, :, :] * (z1[:, None, None] - ez)  # (H, W, M)
        zb = ez + t2[None, :, :] * (z1[:, None, None] - ez)
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

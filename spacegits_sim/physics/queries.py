"""Queries: sweeps of bases and hulls, pushes, lines of fire, traces, distances and arcs.

Contacts are edge to edge and grazing counts. Low things (dice, tokens, towers, lying
figures, terrain no taller than the low height) are passed over by lines of fire.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable
from typing import Any

import pymunk
from pymunk import Vec2d

from .results import _AREA, Contact, HullSweep, Kind, LineHit, LineResult, Point, SweepResult, Thing, _mask, _need
from .world import TableWorld, _Figure

SWEEP_SKIN_IN = 5e-5  # a hull's sweep ends touching, overlapping by at most this (invariants allow 1e-4)

# Probe boxes for hull queries, one per (size, group, mask), kept and moved rather than made anew:
# building a pymunk body and box costs ten times the query itself, and the derby's drive previews
# ask hundreds of thousands of them. A probe is never added to a space (a query only reads it), so
# one probe serves every table, scratch copies included; it is placed before each use. Both the
# probes and the count of them are per thread: matches played side by side in one process (a
# Dask worker with several threads, the window's AI thread) neither move each other's probe
# between its placing and its query nor add to each other's count.
_PROBES_MAX = 256  # hull sizes x groups x kind masks a thread meets (a guard, never reached in a game)


class _PerThread(threading.local):
    def __init__(self) -> None:
        self.probes: dict[tuple[tuple[float, float], int, int], tuple[pymunk.Poly, pymunk.Body]] = {}
        self.queries = 0  # hull probes asked in this thread: the work meter of :func:`hull_queries`
        # The base sweeps' discs, kept and moved the same way, one per radius (a sweep asked for
        # a new body and shape twice or more: 60 of the 300 s a profiled run of previewed throws
        # spent sweeping, 2026-12-05; the sweep's capsule is kept likewise, in world.py).
        self.discs: dict[float, tuple[pymunk.Circle, pymunk.Body]] = {}


_HERE = _PerThread()


def hull_queries() -> int:
    """How many hull probes (:meth:`Queries.hull_fits`, each step of :meth:`Queries.sweep_hull`)
    this thread has asked so far: a deterministic measure of the work a stretch of play cost
    (the same game asks the same probes on any machine), which a look-ahead reads as its cost."""
    return _HERE.queries


def _probe(size: tuple[float, float], group: int, mask: int) -> tuple[pymunk.Poly, pymunk.Body]:
    """This thread's probe box of this size and filter, and its body (kept here: a shape holds
    its body only weakly); counted as one hull probe asked."""
    here = _HERE
    here.queries += 1
    key = (size, group, mask)
    kept = here.probes.get(key)
    if kept is None:
        if len(here.probes) >= _PROBES_MAX:
            here.probes.clear()
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        probe = pymunk.Poly.create_box(body, size)
        probe.filter = pymunk.ShapeFilter(group=group, mask=mask)
        kept = here.probes[key] = (probe, body)
    return kept


class Queries(TableWorld):
    """Questions the rules ask of the table; only sweeps' callers move anything."""

    def sweep(
        self,
        ident: str,
        toward: Point | None = None,
        distance: float = 0.0,
        direction: Point | None = None,
        ignore: Iterable[str] = (),
        stop_kinds: Iterable[Kind] = (Kind.DIE, Kind.TOKEN, Kind.FIGURE, Kind.TERRAIN),
        start: Point | None = None,
    ) -> SweepResult:
        """Slide figure ``ident``'s round base in a straight line; stop at the first contact.

        Give ``toward`` (a point) or ``direction``. Contacts are edge to edge and grazing
        counts. Things the base already touches but is moving away from do not stop it.
        The figure is NOT moved: call :meth:`move_figure` with ``result.end``. ``start``
        sweeps the base from another point instead (a planner's what-if: where would a
        second move die take it after the first?).
        """
        f = self._figure(ident)
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        start = Vec2d(*f.body.position) if start is None else Vec2d(*start)
        if direction is None:
            _need(toward is not None, "give toward or direction")
            assert toward is not None
            d = Vec2d(*toward) - start
        else:
            d = Vec2d(*direction)
        if d.length < 1e-9 or distance == 0:
            return SweepResult((start.x, start.y), (start.x, start.y), distance, 0.0, None)
        d = d.normalized()
        r = f.radius
        end = start + d * distance
        ignore_set = set(ignore)
        filt = pymunk.ShapeFilter(group=f.shape.filter.group, mask=_mask(stop_kinds))
        best: tuple[float, Contact] | None = None
        for shape, alpha, point in self._swept(start, end, r + 1e-6, filt):
            thing: Thing = shape.thing
            if thing.id in ignore_set or shape is f.tower_shape:
                continue
            travelled = alpha * distance
            if travelled <= 1e-6 and not self._approaching(shape, start, d):
                continue
            if best is None or travelled < best[0]:
                best = (travelled, Contact(thing, (point.x, point.y), travelled))
        edge = self._edge_distance(start, d, r)
        if edge is not None and edge < distance and (best is None or edge < best[0]):
            p = start + d * edge
            best = (edge, Contact(Thing(Kind.EDGE, "edge"), (p.x, p.y), edge))
        far = best[0] if best is not None else distance
        over = self._disc_overlaps(start + d * far, r, filt, ignore_set | {ident}, f)
        if over is not None and far > 0:  # a graze the segment query missed: back off to clear
            lo, hi = 0.0, far
            for _ in range(24):
                mid = (lo + hi) / 2
                if self._disc_overlaps(start + d * mid, r, filt, ignore_set | {ident}, f) is None:
                    lo = mid
                else:
                    hi = mid
            p = start + d * lo
            best = (lo, Contact(over, (p.x, p.y), lo))
        if best is None:
            return SweepResult((start.x, start.y), (end.x, end.y), distance, distance, None)
        stop = start + d * best[0]
        return SweepResult((start.x, start.y), (stop.x, stop.y), distance, best[0], best[1])

    def _disc_overlaps(
        self, centre: Vec2d, r: float, filt: pymunk.ShapeFilter, ignore: set[str], f: _Figure
    ) -> Thing | None:
        """The first thing a disc of radius ``r`` at ``centre`` overlaps by more than 1e-5."""
        radius = max(r - 1e-5, 1e-6)
        kept = _HERE.discs.get(radius)
        if kept is None:
            if len(_HERE.discs) >= _PROBES_MAX:
                _HERE.discs.clear()
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            kept = _HERE.discs[radius] = (pymunk.Circle(body, radius), body)
        probe, body = kept
        body.position = centre
        probe.filter = filt
        probe.cache_bb()
        for q in self.space.shape_query(probe):
            thing: Thing = q.shape.thing
            if thing.id not in ignore and q.shape is not f.tower_shape:
                return thing
        return None

    def _approaching(self, shape: pymunk.Shape, start: Vec2d, d: Vec2d) -> bool:
        """Is a base already touching ``shape`` moving into it (so it is blocked at once)?"""
        before = shape.point_query((start.x, start.y)).distance
        ahead = start + d * 0.01
        after = shape.point_query((ahead.x, ahead.y)).distance
        return after < before - 1e-9

    def _edge_distance(self, start: Vec2d, d: Vec2d, r: float) -> float | None:
        """How far until the base's edge reaches the table edge (None if it never does)."""
        best: float | None = None
        for pos, vel, lo, hi in ((start.x, d.x, r, self.width - r), (start.y, d.y, r, self.height - r)):
            if vel > 1e-12:
                t = (hi - pos) / vel
            elif vel < -1e-12:
                t = (lo - pos) / vel
            else:
                continue
            t = max(t, 0.0)
            best = t if best is None else min(best, t)
        return best

    def push(
        self,
        ident: str,
        away_from: str,
        distance: float,
        stop_kinds: Iterable[Kind] = (Kind.TOKEN, Kind.FIGURE, Kind.TERRAIN),
    ) -> SweepResult:
        """Push ``ident`` directly away from figure ``away_from`` by ``distance``; moves it."""
        me = Vec2d(*self.figure_position(ident))
        other = Vec2d(*self.figure_position(away_from))
        d = me - other
        if d.length < 1e-9:
            d = Vec2d(1, 0)
        res = self.sweep(ident, direction=(d.x, d.y), distance=distance, ignore=[away_from], stop_kinds=stop_kinds)
        self.move_figure(ident, res.end)
        return res

    def line_of_fire(
        self, ident: str, toward: Point, range_in: float, low_height_in: float | None = None
    ) -> LineResult:
        """A straight line from figure ``ident``'s base edge towards ``toward`` for ``range_in``.

        The hit is the first thing that is not low: low things are dice, tokens, towers, lying
        figures and terrain no taller than ``low_height_in`` (rulebook: 2"). ``crossed_low``
        lists the low things crossed on the way (for cover and barrels). Grazing counts.
        """
        _need(range_in >= 0, f"range_in must not be negative, got {range_in}")
        low_h = float(self.p["low_height_in"]) if low_height_in is None else low_height_in
        f = self._figure(ident)
        c = Vec2d(*f.body.position)
        d = Vec2d(*toward) - c
        d = d.normalized() if d.length > 1e-9 else Vec2d(1, 0)
        start = c + d * self._exit_distance(f, d)
        # the group filter skips the shooter's own base and tower
        hits = self._hits(start, d, range_in, low_h, pymunk.ShapeFilter(group=f.shape.filter.group), ())
        first = next((h for h in hits if not h.low), None)
        limit = first.distance if first else range_in + 1
        crossed = tuple(h for h in hits if h.low and h.distance <= limit)
        end = start + d * range_in
        return LineResult((start.x, start.y), (end.x, end.y), first, crossed, tuple(hits))

    def _hits(
        self, start: Vec2d, d: Vec2d, range_in: float, low_h: float, filt: pymunk.ShapeFilter, exclude: Iterable[str]
    ) -> list[LineHit]:
        """Everything a segment from ``start`` along ``d`` touches within ``range_in``, nearest first."""
        end = start + d * range_in
        ex = set(exclude)
        hits: list[LineHit] = []
        for info in self.space.segment_query((start.x, start.y), (end.x, end.y), 1e-6, filt):
            thing: Thing = info.shape.thing
            if thing.id in ex:
                continue
            hits.append(
                LineHit(thing, (info.point.x, info.point.y), info.alpha * range_in, self._is_low(info.shape, low_h))
            )
        hits.sort(key=lambda h: (h.distance, h.thing.kind.value, h.thing.id))
        return hits

    def trace(
        self, start: Point, toward: Point, range_in: float, passes_over: Any, exclude: Iterable[str] = ()
    ) -> LineResult:
        """A line from ``start`` towards ``toward`` for ``range_in``; the hit is the first thing
        ``passes_over(thing, low)`` says False for. Used for explosions, whose "bullets" start
        at the exploding object rather than at a figure."""
        _need(range_in >= 0, f"range_in must not be negative, got {range_in}")
        c = Vec2d(*start)
        d = Vec2d(*toward) - c
        d = d.normalized() if d.length > 1e-9 else Vec2d(1, 0)
        hits = self._hits(c, d, range_in, float(self.p["low_height_in"]), pymunk.ShapeFilter(), exclude)
        first = next((h for h in hits if not passes_over(h.thing, h.low)), None)
        limit = first.distance if first else range_in + 1
        crossed = tuple(h for h in hits if h.distance <= limit and h is not first)
        end = c + d * range_in
        return LineResult((c.x, c.y), (end.x, end.y), first, crossed, tuple(hits))

    def areas_along(self, radius: float, start: Point, end: Point) -> list[tuple[str, float, float]]:
        """Crossable terrain a base of ``radius`` moving from ``start`` to ``end`` is over:
        (terrain id, distance travelled when it first overlaps, when it last does), by entry.

        A base overlaps a piece when its centre is within ``radius`` of it; the centres that do
        form a convex set (the piece grown by the radius), so each piece is one interval."""
        a, b = Vec2d(*start), Vec2d(*end)
        length = (b - a).length
        out = []
        for t in self._terrain.values():
            if not t.crossable:
                continue
            sh = t.shape
            inside_a = sh.point_query((a.x, a.y)).distance < radius
            inside_b = sh.point_query((b.x, b.y)).distance < radius
            if length < 1e-9:
                if inside_a:
                    out.append((t.id, 0.0, 0.0))
                continue
            if inside_a:
                enter = 0.0
            else:
                info = sh.segment_query((a.x, a.y), (b.x, b.y), radius)
                if info is None or info.shape is None:
                    continue
                enter = info.alpha * length
            if inside_b:
                leave = length
            else:
                back = sh.segment_query((b.x, b.y), (a.x, a.y), radius)
                leave = length if back is None or back.shape is None else (1.0 - back.alpha) * length
            out.append((t.id, enter, max(enter, leave)))
        return sorted(out, key=lambda x: (x[1], x[0]))

    def hull_areas(self, ident: str, position: Point | None = None, angle: float | None = None) -> list[str]:
        """Crossable terrain (areas a hull drives over: a puddle, a spill) that figure ``ident``'s
        hull touches at this pose (default: where it stands), by id. The hull's own box, not the
        circle round it: a slick beside the bonnet is not touched."""
        f = self._figure(ident)
        _need(f.hull is not None, f"figure '{ident}' has no hull")
        assert f.hull is not None
        w, ln = f.hull
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = f.body.position if position is None else position
        body.angle = f.body.angle if angle is None else angle
        probe = pymunk.Poly.create_box(body, (ln, w))
        probe.filter = pymunk.ShapeFilter(group=f.shape.filter.group, mask=_AREA)
        probe.cache_bb()
        return sorted({q.shape.thing.id for q in self.space.shape_query(probe) if q.shape.thing.kind == Kind.TERRAIN})

    def towers_along(self, ident: str, start: Point, end: Point) -> list[tuple[str, float]]:
        """Other figures' towers figure ``ident``'s base passes through moving from ``start`` to
        ``end``: (figure id, distance travelled at first touch), nearest first. (Sweeps do not stop
        at towers: a base is carried through, and the tower it brushes is disturbed.)"""
        f = self._figure(ident)
        a, b = Vec2d(*start), Vec2d(*end)
        length = (b - a).length
        if length < 1e-9:
            return []
        filt = pymunk.ShapeFilter(group=f.shape.filter.group, mask=_mask((Kind.TOWER,)))
        out = []
        for shape, alpha, _point in self._swept(a, b, f.radius, filt):
            thing: Thing = shape.thing
            if thing.id != ident and alpha * length > 1e-6:
                out.append((thing.id, alpha * length))
        return sorted(out, key=lambda x: (x[1], x[0]))

    def terrain_edge_point(self, ident: str, toward: Point) -> Point:
        """Where a line from the centre of terrain piece ``ident`` towards a point leaves it."""
        sh = self._terrain[ident].shape
        bb = sh.bb
        c = Vec2d((bb.left + bb.right) / 2, (bb.bottom + bb.top) / 2)
        d = Vec2d(*toward) - c
        d = d.normalized() if d.length > 1e-9 else Vec2d(1, 0)
        far = c + d * (max(bb.right - bb.left, bb.top - bb.bottom) + 1)
        info = sh.segment_query(far, c)
        p = info.point if info is not None and info.shape is not None else c
        return (p.x, p.y)

    def _exit_distance(self, f: _Figure, d: Vec2d) -> float:
        if f.hull is None:
            return f.radius
        # distance from the centre to the hull edge along d
        info = f.shape.segment_query(f.body.position + d * (f.radius * 2), f.body.position)
        if info is None or info.shape is None:
            return f.radius
        return float((info.point - f.body.position).length)

    def _is_low(self, shape: pymunk.Shape, low_h: float) -> bool:
        thing: Thing = shape.thing
        if thing.kind in (Kind.DIE, Kind.TOKEN, Kind.TOWER):
            return True
        if thing.kind == Kind.TERRAIN:
            return self._terrain[thing.id].height_in <= low_h
        return not self._figures[thing.id].upright

    def within(
        self,
        distance: float,
        point: Point | None = None,
        figure: str | None = None,
        kinds: Iterable[Kind] = (Kind.DIE, Kind.TOKEN, Kind.FIGURE, Kind.TERRAIN),
    ) -> list[tuple[Thing, float]]:
        """Everything within ``distance`` (edge to edge) of a point or a figure, nearest first."""
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        _need((point is None) != (figure is None), "give exactly one of point or figure")
        mask = _mask(kinds) | (_AREA if Kind.TERRAIN in set(kinds) else 0)
        out: dict[Thing, float] = {}
        if point is not None:
            for q in self.space.point_query(point, distance, pymunk.ShapeFilter(mask=mask)):
                thing = q.shape.thing
                out[thing] = min(out.get(thing, math.inf), max(0.0, q.distance))
        else:
            assert figure is not None
            f = self._figure(figure)
            probe_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            probe_body.position = f.body.position
            probe_body.angle = f.body.angle
            if f.hull is None:
                probe: pymunk.Shape = pymunk.Circle(probe_body, f.radius + distance)
            else:
                w, ln = f.hull
                probe = pymunk.Poly.create_box(probe_body, (ln, w), radius=distance)
            probe.filter = pymunk.ShapeFilter(group=f.shape.filter.group, mask=mask)
            for sq in self.space.shape_query(probe):
                thing = sq.shape.thing
                if thing.id == figure:
                    continue
                out[thing] = min(out.get(thing, math.inf), self._gap(f, sq.shape))
        return sorted(out.items(), key=lambda kv: (kv[1], kv[0].kind.value, kv[0].id))

    def hull_within(
        self,
        hull_in: tuple[float, float],
        position: Point,
        angle: float,
        distance: float,
        kinds: Iterable[Kind] = (Kind.DIE, Kind.TOKEN, Kind.FIGURE, Kind.TERRAIN),
    ) -> list[tuple[Thing, float]]:
        """Everything within ``distance`` (edge to edge) of a box hull (width, length) that is
        not on the table yet, at this pose: a vehicle a boss is about to deploy. Nearest first;
        the gap is 0 for a thing it only touches and negative (-1e-3) for one it overlaps.

        Why not :meth:`within` with a figure: the vehicle is not on the table until it is
        placed, and a circle round the hull (what deployment measured before) refuses a long
        truck set side-on to a cap that its box is well clear of. Candidates come from a
        bounding-box query (no new shape per call: the deployment grid asks this thousands of
        times); overlap is the kept probe box's test, as :meth:`hull_fits` decides it."""
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        kinds = tuple(kinds)
        w, ln = float(hull_in[0]), float(hull_in[1])
        mask = _mask(kinds) | (_AREA if Kind.TERRAIN in kinds else 0)
        cos, sin = math.cos(angle), math.sin(angle)
        px, py = float(position[0]), float(position[1])
        half_x = abs(ln / 2 * cos) + abs(w / 2 * sin) + distance
        half_y = abs(ln / 2 * sin) + abs(w / 2 * cos) + distance
        bb = pymunk.BB(px - half_x, py - half_y, px + half_x, py + half_y)
        corners = [
            (px + (cx * cos - cy * sin), py + (cx * sin + cy * cos))
            for cx, cy in ((ln / 2, w / 2), (ln / 2, -w / 2), (-ln / 2, -w / 2), (-ln / 2, w / 2))
        ]

        def box_distance(q: Vec2d) -> float:  # from a point to the box (negative inside)
            dx, dy = q.x - px, q.y - py
            lx, ly = abs(dx * cos + dy * sin) - ln / 2, abs(-dx * sin + dy * cos) - w / 2
            if lx <= 0 and ly <= 0:
                return max(lx, ly)
            return math.hypot(max(lx, 0.0), max(ly, 0.0))

        out: dict[Thing, float] = {}
        for shape in self.space.bb_query(bb, pymunk.ShapeFilter(mask=mask)):
            thing: Thing = shape.thing
            body = shape.body
            assert body is not None
            if isinstance(shape, pymunk.Circle):
                gap = box_distance(body.local_to_world(shape.offset)) - shape.radius
            elif isinstance(shape, pymunk.Poly):
                gap = min(shape.point_query(c).distance for c in corners)
                gap = min(gap, min(box_distance(body.local_to_world(v)) for v in shape.get_vertices()) - shape.radius)
            else:
                gap = min(shape.point_query(c).distance for c in corners)
            if gap <= distance:
                out[thing] = min(out.get(thing, math.inf), max(0.0, gap))
        if out:  # which of them the box overlaps (touching is allowed), as hull_fits decides it
            probe, body = _probe((max(ln - 2 * SWEEP_SKIN_IN, 1e-3), max(w - 2 * SWEEP_SKIN_IN, 1e-3)), 0, mask)
            body.position = (px, py)
            body.angle = angle
            probe.cache_bb()
            for q in self.space.shape_query(probe):
                if q.shape.thing in out:
                    out[q.shape.thing] = -1e-3
        return sorted(out.items(), key=lambda kv: (kv[1], kv[0].kind.value, kv[0].id))

    def layout_key(self) -> int:
        """A key that changes whenever anything on the table appears, goes or moves (a few
        microseconds): what a caller keeps answers to the table's questions under, so that a
        table changed behind its back (a test moving a cap) is never answered from memory."""
        return hash((len(self.space.shapes), tuple((b.position.x, b.position.y, b.angle) for b in self.space.bodies)))

    def hull_on_table(self, hull_in: tuple[float, float], position: Point, angle: float) -> bool:
        """Is the whole of a box hull (width, length) at this pose on the table?"""
        return self._hull_on_table(position, angle, float(hull_in[0]), float(hull_in[1]))

    def overlaps(self, figure: str, kinds: Iterable[Kind] = (Kind.FIGURE, Kind.TERRAIN)) -> list[tuple[Thing, float]]:
        """Things of these kinds a figure's base overlaps, with how deep (inches, > 0), deepest
        first. Crossable terrain is walked over, so it never overlaps. Bases that only touch
        (as sweeps leave them) are not listed."""
        f = self._figure(figure)
        if f.hull is not None:  # a hull: what a slightly smaller box overlaps, as deep as the gap says
            pos = (f.body.position.x, f.body.position.y)
            hits = self._hull_hits(f, pos, f.body.angle, kinds)
            found = {h.thing: max(1e-3, self._depth(f, h)) for h in hits}
            return sorted(found.items(), key=lambda kv: (-kv[1], kv[0].id))
        probe_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        probe_body.position = f.body.position
        probe_body.angle = f.body.angle
        probe: pymunk.Shape = pymunk.Circle(probe_body, f.radius)
        probe.filter = pymunk.ShapeFilter(group=f.shape.filter.group, mask=_mask(kinds))
        out: dict[Thing, float] = {}
        for sq in self.space.shape_query(probe):
            thing = sq.shape.thing
            if thing.id == figure or sq.shape is f.tower_shape:
                continue
            pts = sq.contact_point_set.points
            depth = max((abs(p.distance) for p in pts), default=0.0)  # (pymunk flips the sign for some pairs)
            if depth > 1e-4:
                out[thing] = max(out.get(thing, 0.0), depth)
        return sorted(out.items(), key=lambda kv: (-kv[1], kv[0].id))

    def _depth(self, f: _Figure, other: pymunk.Shape) -> float:
        """How deep a hull and a shape overlap: the deepest corner of either inside the other."""
        body = other.body
        assert body is not None
        mine = [-other.point_query(f.body.local_to_world(v)).distance for v in f.shape.get_vertices()]
        if isinstance(other, pymunk.Poly):
            theirs = [-f.shape.point_query(body.local_to_world(v)).distance for v in other.get_vertices()]
        else:
            c = body.local_to_world(other.offset) if isinstance(other, pymunk.Circle) else body.position
            r = other.radius if isinstance(other, pymunk.Circle) else 0.0
            theirs = [r - f.shape.point_query(c).distance]
        return max(mine + theirs)

    def _gap(self, f: _Figure, other: pymunk.Shape) -> float:
        """Edge-to-edge distance between a figure and a shape (0 if they touch or overlap).

        For a hull, the nearest of each outline's corners to the other outline (exact for
        convex outlines that do not overlap; pymunk's own collision test asserts on a pair of
        polygons that do not touch)."""
        if f.hull is None:
            return max(0.0, other.point_query(f.body.position).distance - f.radius)
        body = other.body
        assert body is not None  # (shapes on the table always have one: terrain the static body)
        if isinstance(other, pymunk.Circle):
            c = body.local_to_world(other.offset)
            return max(0.0, f.shape.point_query(c).distance - other.radius)
        gap = min(other.point_query(f.body.local_to_world(v)).distance for v in f.shape.get_vertices())
        if isinstance(other, pymunk.Poly):
            gap = min(
                gap,
                min(f.shape.point_query(body.local_to_world(v)).distance for v in other.get_vertices()) - other.radius,
            )
        return max(0.0, gap)

    def distance_between(self, a: str, b: str) -> float:
        """Edge-to-edge distance between two figures' bases."""
        fa, fb = self._figure(a), self._figure(b)
        return self._gap(fa, fb.shape)

    def in_front_arc(self, ident: str, point: Point) -> bool:
        """Is ``point`` in the 180° front arc of a hull (the half-plane ahead of its middle)?"""
        f = self._figure(ident)
        local = f.body.world_to_local(point)
        return local.x >= 0.0

    def in_front_corridor(self, ident: str, point: Point, grace_in: float = 0.0) -> bool:
        """Is ``point`` in the corridor straight ahead of a hull, as wide as the hull?"""
        f = self._figure(ident)
        w = f.hull[0] if f.hull else 2 * f.radius
        local = f.body.world_to_local(point)
        return local.x >= 0.0 and abs(local.y) <= w / 2.0 + grace_in

    def sweep_hull(
        self,
        ident: str,
        distance: float = 0.0,
        turn_to: float | None = None,
        ignore: Iterable[str] = (),
        step_in: float = 0.05,
        kinds: Iterable[Kind] = (Kind.DIE, Kind.TOKEN, Kind.FIGURE, Kind.TERRAIN),
        facing: float | None = None,
    ) -> HullSweep:
        """Pivot a box hull about its centre to ``turn_to``, then move it straight forward
        ``distance``, stopping at the first contact with a thing of ``kinds`` or the table edge.

        The pivot is a model turned by hand about its centre: it may not end overlapping a thing
        of ``kinds`` (what it passes over on the way does not matter). If the whole turn would,
        the hull turns as much of it as ends clear and goes no further (the contact is reported).
        Grazing counts: a hull that would overlap a thing by any amount has touched it (one that
        only touches it is not stopped by it). The figure is NOT moved: call :meth:`move_figure`
        with the result. ``facing``: sweep as if the hull faced this way now (a preview of the
        run after a pivot, asked without turning it)."""
        f = self._figure(ident)
        _need(f.hull is not None, f"figure '{ident}' has no hull")
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        assert f.hull is not None
        ignore_set = set(ignore) | {ident}
        w, ln = f.hull
        start = Vec2d(*f.body.position)
        angle0 = angle = float(f.body.angle) if facing is None else float(facing)
        kinds = tuple(kinds)

        def blocked(pos: Vec2d, ang: float) -> Contact | None:
            """What the hull at this pose overlaps (things it only touches do not count: a hull
            that stopped against something can still move away along it)."""
            hits = []
            for shape in self._hull_hits(f, (pos.x, pos.y), ang, kinds, skin=SWEEP_SKIN_IN):
                thing: Thing = shape.thing
                if thing.id in ignore_set:
                    continue
                q = shape.point_query((pos.x, pos.y))
                hits.append(Contact(thing, (q.point.x, q.point.y), 0.0))
            if not self._hull_on_table(pos, ang, w, ln):
                hits.append(Contact(Thing(Kind.EDGE, "edge"), (pos.x, pos.y), 0.0))
            return min(hits, key=lambda c: (c.thing.kind.value, c.thing.id)) if hits else None

        if turn_to is not None:  # a model turned by hand about its centre: it may not END overlapping
            delta = (turn_to - angle + math.pi) % (2 * math.pi) - math.pi
            n = max(1, int(abs(delta) / math.radians(1.0)))
            for i in range(n, -1, -1):  # the whole turn if it ends clear, else as much of it as does
                a = angle0 + delta * i / n
                c = blocked(start, a) if i else None
                if c is None:
                    angle = a
                    break
            if angle != angle0 + delta:
                c = blocked(start, angle0 + delta)
                return HullSweep((start.x, start.y), (start.x, start.y), angle0, angle, distance, 0.0, c, True)
        fwd = Vec2d(1, 0).rotated(angle)
        travelled = 0.0
        while travelled < distance:
            nxt = min(distance, travelled + step_in)
            c = blocked(start + fwd * nxt, angle)
            if c is not None:
                lo, hi = travelled, nxt
                for _ in range(16):
                    mid = (lo + hi) / 2
                    if blocked(start + fwd * mid, angle) is None:
                        lo = mid
                    else:
                        hi = mid
                c = blocked(start + fwd * hi, angle) or c
                end = start + fwd * lo
                return HullSweep(
                    (start.x, start.y), (end.x, end.y), angle0, angle, distance, lo, Contact(c.thing, c.point, lo)
                )
            travelled = nxt
        end = start + fwd * distance
        return HullSweep((start.x, start.y), (end.x, end.y), angle0, angle, distance, distance, None)

    def _hull_on_table(self, pos: Point, ang: float, w: float, ln: float) -> bool:
        # ``pos + Vec2d(cx, cy).rotated(ang)`` for each corner, written out: the same arithmetic
        # in the same order (so the same bits), without four Vec2d objects per corner; the
        # derby's drive previews ask this hundreds of thousands of times a game.
        cos, sin = math.cos(ang), math.sin(ang)
        px, py, width, height = pos[0], pos[1], self.width, self.height
        for cx, cy in ((ln / 2, w / 2), (ln / 2, -w / 2), (-ln / 2, w / 2), (-ln / 2, -w / 2)):
            x = px + (cx * cos - cy * sin)
            y = py + (cx * sin + cy * cos)
            if not (0.0 <= x <= width and 0.0 <= y <= height):
                return False
        return True

    def figure_on_table(self, ident: str, tolerance: float = 0.0) -> bool:
        """Is the whole base (or hull) of a figure on the table?"""
        f = self._figure(ident)
        pos = f.body.position
        if f.hull is None:
            r = f.radius - tolerance
            return r <= pos.x <= self.width - r and r <= pos.y <= self.height - r
        w, ln = f.hull
        return self._hull_on_table(pos, f.body.angle, w - 2 * tolerance, ln - 2 * tolerance)

    def hull_fits(
        self, ident: str, position: Point, angle: float, kinds: Iterable[Kind] = (Kind.FIGURE, Kind.TERRAIN)
    ) -> bool:
        """Would hull ``ident`` at ``position`` facing ``angle`` be wholly on the table and
        overlap nothing of ``kinds`` (touching is allowed)?"""
        f = self._figure(ident)
        assert f.hull is not None
        w, ln = f.hull
        if not self._hull_on_table(Vec2d(*position), angle, w, ln):
            return False
        return not self._hull_hits(f, position, angle, kinds, skin=SWEEP_SKIN_IN)

    def _hull_hits(
        self, f: _Figure, position: Point, angle: float, kinds: Iterable[Kind], skin: float = 1e-3
    ) -> list[pymunk.Shape]:
        """Shapes a hull at this pose overlaps by more than ``skin`` (a box ``skin`` smaller on
        every side is tested, so things the hull only touches are not listed: pymunk's contact
        depths for two polygons are not reliable, its overlap test is)."""
        assert f.hull is not None
        w, ln = f.hull
        probe, body = _probe((max(ln - 2 * skin, 1e-3), max(w - 2 * skin, 1e-3)), f.shape.filter.group, _mask(kinds))
        body.position = position
        body.angle = angle
        probe.cache_bb()
        return [
            q.shape for q in self.space.shape_query(probe) if q.shape.thing.id != f.id and q.shape is not f.tower_shape
        ]

    def local_point(self, ident: str, point: Point) -> Point:
        """``point`` in figure ``ident``'s own frame: x forward along its facing, y to its left."""
        p = self._figure(ident).body.world_to_local(point)
        return (p.x, p.y)

    def world_point(self, ident: str, local: Point) -> Point:
        p = self._figure(ident).body.local_to_world(local)
        return (p.x, p.y)

    def front_contact(self, ident: str, other: str, grace_in: float = 0.05) -> bool:
        """Does ``other`` touch hull ``ident`` on its front edge or a front corner? (Decided from
        the contact geometry: the point where they touch lies on the front edge, within
        ``grace_in`` — be lenient, grazing counts.)"""
        f, o = self._figure(ident), self._figure(other)
        assert f.hull is not None
        ln = f.hull[1]
        if self._gap(f, o.shape) > 2 * grace_in:
            return False
        # where they touch: the corners of either outline that lie on (within grace of) the other
        if isinstance(o.shape, pymunk.Poly):
            theirs = [o.body.local_to_world(v) for v in o.shape.get_vertices()]
            mine = [f.body.local_to_world(v) for v in f.shape.get_vertices()]
            cands = [(f.shape.point_query(p).distance, p) for p in theirs]
            cands += [(o.shape.point_query(p).distance, p) for p in mine]
            near = min(d for d, _p in cands)
            pts = [p for d, p in cands if d <= max(near, 0.0) + grace_in]
        else:
            pts = [f.shape.point_query(o.body.position).point]
        return any(f.body.world_to_local(p).x >= ln / 2 - grace_in for p in pts)

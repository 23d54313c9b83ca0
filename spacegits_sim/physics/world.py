"""The table world: the pymunk space in inches, what is on it, and how things are added,
moved, viewed and snapshotted.

Throwing lives in :mod:`.throwing`, questions (sweeps, lines, distances) in :mod:`.queries`;
:class:`~.table.Table` puts them together. Nothing outside ``physics/`` gets a pymunk
object from here: only the views and results of :mod:`.results`.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pymunk
from pymunk import Vec2d

from .params import load_params
from .results import _ALL, _AREA, _CAT, MM, Kind, Point, TableError, Thing, TowerHit, _need


class _Capsule(threading.local):
    """The capsule a base sweep probes with, one per thread, kept and given new ends and radius
    for each sweep instead of a new pymunk body and segment (which cost more than the query)."""

    def __init__(self) -> None:
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)  # kept here: a shape holds its body weakly
        self.shape = pymunk.Segment(self.body, (0.0, 0.0), (1.0, 0.0), 0.1)


_CAPSULE = _Capsule()


@dataclass
class _Figure:
    id: str
    body: pymunk.Body
    shape: pymunk.Shape
    radius: float  # bounding radius (inches)
    hull: tuple[float, float] | None  # (width, length) for box hulls
    upright: bool = True
    tower_shape: pymunk.Shape | None = None
    tower_height_in: float = 0.0
    tower_offset: Point = (0.0, 0.0)


@dataclass
class _Terrain:
    id: str
    shape: pymunk.Shape
    height_in: float
    tags: tuple[str, ...]
    crossable: bool = False


class TableWorld:
    """A rectangular table ``width`` × ``height`` inches, origin at one corner."""

    def __init__(
        self, width: float = 24.0, height: float = 24.0, params: dict[str, Any] | None = None, token_name: str = "token"
    ) -> None:
        """``token_name`` prefixes the ids of tokens (a game names its own: "cap", "coin")."""
        _need(width > 0, f"width must be positive, got {width}")
        _need(height > 0, f"height must be positive, got {height}")
        self.width = float(width)
        self.height = float(height)
        self.token_name = token_name
        self.p = params if params is not None else load_params("table")
        self.g = float(self.p["gravity_in_s2"])
        self.dt = float(self.p["dt_s"])
        self.space = pymunk.Space()
        self.space.iterations = int(self.p["iterations"])
        self.space.gravity = (0.0, 0.0)
        self._static = self.space.static_body
        self._figures: dict[str, _Figure] = {}
        self._terrain: dict[str, _Terrain] = {}
        self._dice: dict[str, tuple[pymunk.Body, pymunk.Shape, int, int]] = {}  # id -> body, shape, sides, value
        self._tokens: dict[str, tuple[pymunk.Body, pymunk.Shape]] = {}
        self.lost_tokens: list[str] = []  # every token that ever left the table (dropped or knocked off)
        self.lost_dice: list[str] = []
        self._counter = 0
        self._friction_joints: dict[int, tuple[pymunk.Constraint, ...]] = {}
        self._pending_hits: list[TowerHit] = []
        self.space.on_collision(_CAT[Kind.DIE], _CAT[Kind.TOWER], begin=self._on_die_tower)

    # ------------------------------------------------------------------ building the table

    def _new_id(self, prefix: str) -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    def _tag(self, shape: pymunk.Shape, kind: Kind, ident: str, group: int = 0) -> None:
        shape.thing = Thing(kind, ident)
        shape.collision_type = _CAT[kind]
        shape.filter = pymunk.ShapeFilter(group=group, categories=_CAT[kind], mask=_ALL)

    def add_terrain(
        self,
        ident: str,
        height_in: float,
        polygon: Sequence[Point] | None = None,
        circle: tuple[Point, float] | None = None,
        tags: Iterable[str] = (),
        crossable: bool = False,
    ) -> None:
        """A static piece of terrain: a polygon (convex) or a circle, ``height_in`` tall.

        ``crossable`` terrain (a puddle, a rubble pile) is walked over and rolled over: no base,
        die or token collides with it and sweeps pass it; lines of fire and ``within`` still see
        it, and :meth:`~.queries.Queries.areas_along` says where a moving base is over it."""
        _need(height_in >= 0, f"terrain '{ident}': height_in must not be negative, got {height_in}")
        _need((polygon is None) != (circle is None), f"terrain '{ident}': give exactly one of polygon or circle")
        _need(ident not in self._terrain, f"terrain '{ident}': duplicate id")
        if polygon is not None:
            _need(len(polygon) >= 3, f"terrain '{ident}': a polygon needs at least 3 points")
            shape: pymunk.Shape = pymunk.Poly(self._static, [(float(p[0]), float(p[1])) for p in polygon])
            _need(shape.area > 1e-6, f"terrain '{ident}': polygon has no area")
        else:
            assert circle is not None
            (cx, cy), r = circle
            _need(r > 0, f"terrain '{ident}': circle radius must be positive, got {r}")
            shape = pymunk.Circle(self._static, float(r), (float(cx), float(cy)))
        shape.elasticity = float(self.p["die_elasticity"])
        shape.friction = 0.5
        self._tag(shape, Kind.TERRAIN, ident)
        if crossable:
            shape.collision_type = _AREA
            shape.filter = pymunk.ShapeFilter(categories=_AREA, mask=_AREA)
        self.space.add(shape)
        self._terrain[ident] = _Terrain(ident, shape, float(height_in), tuple(tags), crossable)

    def add_figure(
        self,
        ident: str,
        position: Point,
        base_mm: float = 25.0,
        hull_in: tuple[float, float] | None = None,
        angle: float = 0.0,
    ) -> None:
        """A model: a round base of ``base_mm`` diameter, or a box hull (width, length) facing ``angle``."""
        _need(ident not in self._figures, f"figure '{ident}': duplicate id")
        _need(base_mm > 0, f"figure '{ident}': base_mm must be positive, got {base_mm}")
        self._need_on_table(position, f"figure '{ident}' position")
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = position
        body.angle = angle
        group = len(self._figures) + 1
        if hull_in is None:
            r = base_mm * MM / 2.0
            shape: pymunk.Shape = pymunk.Circle(body, r)
            bound = r
            hull = None
        else:
            w, ln = hull_in
            _need(w > 0 and ln > 0, f"figure '{ident}': hull_in must be positive, got {hull_in}")
            # length along the facing (body x axis), width across it
            shape = pymunk.Poly.create_box(body, (ln, w))
            bound = math.hypot(w, ln) / 2.0
            hull = (float(w), float(ln))
        shape.elasticity = float(self.p["die_elasticity"])
        self._tag(shape, Kind.FIGURE, ident, group)
        self.space.add(body, shape)
        self._figures[ident] = _Figure(ident, body, shape, bound, hull)

    def move_figure(self, ident: str, position: Point, angle: float | None = None) -> None:
        f = self._figure(ident)
        f.body.position = position
        if angle is not None:
            f.body.angle = angle
        self.space.reindex_shapes_for_body(f.body)

    def remove_figure(self, ident: str) -> None:
        f = self._figures.pop(ident)
        if f.tower_shape is not None:
            self.space.remove(f.tower_shape)
        self.space.remove(f.shape, f.body)

    def set_upright(self, ident: str, upright: bool) -> None:
        """A lying figure is a low object: lines of fire pass over it."""
        self._figure(ident).upright = upright

    def default_tower_offset(self, radius_in: float) -> Point:
        """Where a tower footprint sits on a round base of this radius: behind it, touching it."""
        side = float(self.p["dice"]["d6"]["circumradius_mm"]) * math.sqrt(2) * MM
        return (-(radius_in + side / 2.0), 0.0)

    def set_tower(self, ident: str, height_in: float, offset: Point | None = None) -> None:
        """Give a figure a tower footprint (a die-sized square touching its base) ``height_in`` tall."""
        f = self._figure(ident)
        side = float(self.p["dice"]["d6"]["circumradius_mm"]) * math.sqrt(2) * MM
        if offset is None:
            offset = self.default_tower_offset(f.radius)
        if f.tower_shape is not None:
            self.space.remove(f.tower_shape)
            f.tower_shape = None
        f.tower_height_in = max(0.0, float(height_in))
        f.tower_offset = offset
        if f.tower_height_in > 0:
            ox, oy = offset
            h = side / 2.0
            verts = [(ox - h, oy - h), (ox + h, oy - h), (ox + h, oy + h), (ox - h, oy + h)]
            shape = pymunk.Poly(f.body, verts)
            shape.elasticity = 0.2
            self._tag(shape, Kind.TOWER, ident, f.shape.filter.group)
            self.space.add(shape)
            f.tower_shape = shape
        self.space.reindex_shapes_for_body(f.body)

    def tower_position(self, ident: str) -> Point:
        f = self._figure(ident)
        p = f.body.local_to_world(f.tower_offset)
        return (p.x, p.y)

    def add_token(self, position: Point, ident: str | None = None) -> str:
        """Place a token at rest."""
        ident = ident or self._new_id(self.token_name)
        body, shape = self._make_token(position)
        self._tag(shape, Kind.TOKEN, ident)
        self.space.add(body, shape)
        self._add_coulomb(body, float(self.p["token"]["friction"]))
        self._tokens[ident] = (body, shape)
        return ident

    def remove_token(self, ident: str) -> None:
        body, shape = self._tokens.pop(ident)
        self._remove_body(body, shape)

    def place_die(self, sides: int, value: int, position: Point, angle: float = 0.0, ident: str | None = None) -> str:
        """Put a die down at rest (used by replays and tests)."""
        ident = ident or self._new_id("die")
        body, shape = self._make_die(sides, position, angle)
        self._tag(shape, Kind.DIE, ident)
        self.space.add(body, shape)
        self._add_coulomb(body, float(self.p["die_friction"]))
        self._dice[ident] = (body, shape, sides, value)
        return ident

    def remove_die(self, ident: str) -> None:
        body, shape, _, _ = self._dice.pop(ident)
        self._remove_body(body, shape)

    def forget_token(self, ident: str) -> None:
        """Take a token out of the game entirely: off the table, or out of the lost list (a
        coin flipped for a game rule is no token of the game's own)."""
        if ident in self._tokens:
            body, shape = self._tokens.pop(ident)
            self._remove_body(body, shape)
        elif ident in self.lost_tokens:
            self.lost_tokens.remove(ident)

    def terrain_centre(self, ident: str) -> Point:
        """The centre of a terrain piece's bounding box."""
        bb = self._terrain[ident].shape.bb
        return ((bb.left + bb.right) / 2, (bb.bottom + bb.top) / 2)

    def remove_terrain(self, ident: str) -> None:
        t = self._terrain.pop(ident)
        self.space.remove(t.shape)

    # ------------------------------------------------------------------ state for others

    def token_position(self, ident: str) -> Point:
        p = self._tokens[ident][0].position
        return (p.x, p.y)

    def figure_position(self, ident: str) -> Point:
        p = self._figure(ident).body.position
        return (p.x, p.y)

    def figure_radius(self, ident: str) -> float:
        return self._figure(ident).radius

    def on_table(self, p: Point, margin: float = 0.0) -> bool:
        return margin <= p[0] <= self.width - margin and margin <= p[1] <= self.height - margin

    # ------------------------------------------------------------------ internals shared by throwing and queries

    def _swept(
        self, start: Vec2d, end: Vec2d, radius: float, filt: pymunk.ShapeFilter
    ) -> list[tuple[pymunk.Shape, float, Vec2d]]:
        """Every shape a disc of ``radius`` touches sliding from ``start`` to ``end``: (shape,
        fraction of the way at first touch, touch point).

        Found with a capsule-shaped probe, then each shape's own segment query. (The space's
        segment query with a radius prunes its index with the thin centre line, so it misses a
        base the disc only grazes, or one it would end overlapping.)"""
        probe = _CAPSULE.shape  # this thread's, kept and reshaped: never in a space, only read
        probe.unsafe_set_endpoints(start, end)
        probe.unsafe_set_radius(radius)
        probe.filter = filt
        probe.cache_bb()
        out = []
        for sq in self.space.shape_query(probe):
            info = sq.shape.segment_query((start.x, start.y), (end.x, end.y), radius)
            if info is None or info.shape is None:
                continue
            out.append((sq.shape, float(info.alpha), info.point))
        return out

    def _height_of(self, shape: pymunk.Shape) -> float:
        thing: Thing = shape.thing
        if thing.kind == Kind.TERRAIN:
            return self._terrain[thing.id].height_in
        f = self._figures[thing.id]
        if thing.kind == Kind.TOWER:
            return f.tower_height_in
        return float(self.p["model_height_in"]) if f.upright else 0.3

    def _on_die_tower(self, arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: Any) -> None:
        die_shape, tower_shape = arbiter.shapes
        die: Thing = die_shape.thing
        fig: Thing = tower_shape.thing
        if die.kind != Kind.DIE:
            die_shape, tower_shape = tower_shape, die_shape
            die, fig = fig, die
        body, tower_body = die_shape.body, tower_shape.body
        if body is None or tower_body is None:
            return
        rel = body.velocity - tower_body.velocity
        if rel.length < 1e-6:
            return
        d = rel.normalized()
        sides = self._dice[die.id][2] if die.id in self._dice else 6
        dp = self.p["dice"][f"d{sides}"]
        self._pending_hits.append(
            TowerHit(
                fig.id, die.id, float(dp["height_mm"]) / 2.0, rel.length / MM, (d.x, d.y), float(dp["mass_g"]), False
            )
        )

    def _settle(self, tracked: list[tuple[Any, pymunk.Body | None]] | None = None) -> int:
        """Step until every dynamic body is at rest; remove what leaves the table. Returns steps."""
        v_eps = float(self.p["settle_speed_in_s"])
        w_eps = float(self.p["settle_spin_rad_s"])
        max_steps = int(float(self.p["max_settle_s"]) / self.dt)
        steps = 0
        samples = 0
        while steps < max_steps:
            self.space.step(self.dt)
            steps += 1
            if tracked is not None and steps % 4 == 0:
                for res, body in tracked:
                    if body is not None and res.id in self._dice:
                        res.trajectory.append((body.position.x, body.position.y, 0.0))
                samples += 1
            if steps % 4 == 0:
                self._remove_lost()
                if self._at_rest(v_eps, w_eps):
                    break
        return steps

    def _at_rest(self, v_eps: float, w_eps: float) -> bool:
        for body, *_ in list(self._dice.values()) + [(b, s) for b, s in self._tokens.values()]:
            if body.velocity.length > v_eps or abs(body.angular_velocity) > w_eps:
                return False
        return True

    def _remove_lost(self) -> None:
        m = float(self.p["edge_margin_in"])
        for ident, (body, _shape, _, _) in list(self._dice.items()):
            if not self.on_table((body.position.x, body.position.y), m):
                self.remove_die(ident)
                self.lost_dice.append(ident)
        for ident, (body, _shape) in list(self._tokens.items()):
            if not self.on_table((body.position.x, body.position.y), m):
                self.remove_token(ident)
                self.lost_tokens.append(ident)

    def _figure(self, ident: str) -> _Figure:
        try:
            return self._figures[ident]
        except KeyError:
            raise TableError(f"no figure '{ident}' on the table") from None

    def _need_on_table(self, p: Point, what: str) -> None:
        ok = len(p) == 2 and all(math.isfinite(c) for c in p)
        _need(ok, f"{what} must be a finite (x, y) point, got {p}")
        _need(
            self.on_table(p), f"{what} {tuple(round(c, 2) for c in p)} is off the {self.width:g}x{self.height:g} table"
        )

    def _make_die(self, sides: int, position: Point, angle: float) -> tuple[pymunk.Body, pymunk.Shape]:
        dp = self.p["dice"][f"d{sides}"]
        n = int(dp["sides"])
        r = float(dp["circumradius_mm"]) * MM
        mass = float(dp["mass_g"])
        verts = [
            (r * math.cos(2 * math.pi * k / n + math.pi / n), r * math.sin(2 * math.pi * k / n + math.pi / n))
            for k in range(n)
        ]
        moment = pymunk.moment_for_poly(mass, verts)
        body = pymunk.Body(mass, moment)
        body.position = position
        body.angle = angle
        shape = pymunk.Poly(body, verts, radius=0.02)
        shape.elasticity = float(self.p["die_elasticity"])
        shape.friction = 0.4
        return body, shape

    def _make_token(self, position: Point) -> tuple[pymunk.Body, pymunk.Circle]:
        cp = self.p["token"]
        r = float(cp["diameter_mm"]) * MM / 2
        mass = float(cp["mass_g"])
        body = pymunk.Body(mass, pymunk.moment_for_circle(mass, 0, r))
        body.position = position
        shape = pymunk.Circle(body, r)
        shape.elasticity = float(cp["elasticity"])
        shape.friction = 0.3
        return body, shape

    def _add_coulomb(self, body: pymunk.Body, mu: float) -> None:
        """Coulomb friction with the table: joints to the static body capped at μ·m·g (tank.py)."""
        pivot = pymunk.PivotJoint(self._static, body, (0, 0), (0, 0))
        pivot.max_bias = 0
        pivot.max_force = mu * body.mass * self.g
        gear = pymunk.GearJoint(self._static, body, 0.0, 1.0)
        gear.max_bias = 0
        gear.max_force = mu * body.mass * self.g * float(self.p["die_spin_friction_in"])
        self.space.add(pivot, gear)
        self._friction_joints[id(body)] = (pivot, gear)

    def _remove_body(self, body: pymunk.Body, shape: pymunk.Shape) -> None:
        joints = self._friction_joints.pop(id(body), ())
        self.space.remove(*joints, shape, body)

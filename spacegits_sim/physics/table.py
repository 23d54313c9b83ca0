"""The top-down table: a pymunk world in inches where dice are thrown, caps dropped, bases swept.

Game-agnostic on purpose: it knows figures (round bases or box hulls), static terrain with a
height, discs (caps), dice and dice towers — never gits, bosses or rules. The rules layer
asks questions (throw these dice, sweep this base, trace this line) and reads the answers.

Physical model (details and sources in docs/physics.md):

* A thrown die flies along a parabola in height from the hand to its touchdown point,
  colliding only with things taller than it is at that moment (tall terrain, standing
  figures, towers). It then tumbles/slides on the table under **Coulomb friction** — a
  pivot and a gear joint to a static body whose force is capped at μ·m·g (pymunk's
  ``tank.py`` idiom), so dice stop dead in a finite distance v²/(2μg) as real dice do,
  rather than creeping forever as they would under viscous damping.
* The touchdown point is the aim point, pulled back by the expected slide and scattered
  by the thrower's hand, so a throw's mean resting point is its aim.
* Face values come from a separate seeded stream, one draw per die: fairness does not
  depend on the physics.
* A throw ends when everything is at rest (settle detection), not after a fixed time.
* Anything whose centre crosses the table edge is lost. There are no walls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np
import pymunk
from pymunk import Vec2d

from ..data.dice import DIE_TYPES
from .params import load_params

MM = 1.0 / 25.4  # inches per mm
Point = tuple[float, float]


class Kind(str, Enum):
    """What a thing on the table is, as far as physics cares."""

    DIE = "die"
    CAP = "cap"
    FIGURE = "figure"
    TERRAIN = "terrain"
    TOWER = "tower"
    EDGE = "edge"


_CAT = {Kind.DIE: 1, Kind.CAP: 2, Kind.FIGURE: 4, Kind.TERRAIN: 8, Kind.TOWER: 16}
_ALL = 0xFFFFFFFF


def _mask(kinds: Iterable[Kind]) -> int:
    m = 0
    for k in kinds:
        m |= _CAT.get(k, 0)
    return m


@dataclass(frozen=True)
class Thing:
    kind: Kind
    id: str


@dataclass
class TowerHit:
    """A die struck a tower: where (height above the table), how fast, which way, how heavy."""

    figure_id: str
    die_id: str
    height_mm: float
    speed_mm_s: float
    direction: Point
    mass_g: float
    airborne: bool


@dataclass
class DieResult:
    id: str
    sides: int
    value: int
    position: Point | None  # None when lost
    angle: float
    lost: bool
    trajectory: list[tuple[float, float, float]]  # (x, y, z) at 60 Hz, inches
    tower_hits: list[TowerHit] = field(default_factory=list)
    stopped_by: Thing | None = None  # a tall thing the die hit in flight


@dataclass
class ThrowResult:
    dice: list[DieResult]
    steps: int
    sim_time_s: float
    tower_hits: list[TowerHit]

    @property
    def landed(self) -> list[DieResult]:
        return [d for d in self.dice if not d.lost]


@dataclass
class CapDrop:
    id: str
    position: Point | None
    lost: bool
    trajectory: list[tuple[float, float, float]]


@dataclass(frozen=True)
class Contact:
    """The first thing a sweep or shove touched."""

    thing: Thing
    point: Point
    distance: float  # how far the mover got before touching, inches


@dataclass(frozen=True)
class SweepResult:
    start: Point
    end: Point
    requested: float
    travelled: float
    contact: Contact | None

    @property
    def blocked(self) -> bool:
        return self.contact is not None


@dataclass(frozen=True)
class LineHit:
    thing: Thing
    point: Point
    distance: float  # from the shooter's base edge
    low: bool


@dataclass(frozen=True)
class LineResult:
    """A line of fire: the first thing hit (skipping low objects) and the low things crossed."""

    start: Point
    end: Point
    hit: LineHit | None
    crossed_low: tuple[LineHit, ...]  # low things crossed before the hit (or before the range)
    all_hits: tuple[LineHit, ...]


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


class TableError(ValueError):
    """Bad input to the table (negative size, unknown die, off-table throw…); names the argument."""


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise TableError(msg)


class Table:
    """A rectangular table ``width`` × ``height`` inches, origin at one corner."""

    def __init__(self, width: float = 24.0, height: float = 24.0, params: dict[str, Any] | None = None) -> None:
        _need(width > 0, f"width must be positive, got {width}")
        _need(height > 0, f"height must be positive, got {height}")
        self.width = float(width)
        self.height = float(height)
        self.p = params if params is not None else load_params("table")
        self.g = float(self.p["gravity_in_s2"])
        self.dt = float(self.p["dt_s"])
        self.space = pymunk.Space()
        self.space.iterations = int(self.p["iterations"])
        self.space.gravity = (0.0, 0.0)
        self._static = self.space.static_body
        self.figures: dict[str, _Figure] = {}
        self.terrain: dict[str, _Terrain] = {}
        self.dice: dict[str, tuple[pymunk.Body, pymunk.Shape, int, int]] = {}  # id -> body, shape, sides, value
        self.caps: dict[str, tuple[pymunk.Body, pymunk.Shape]] = {}
        self.lost_caps: list[str] = []  # every cap that ever left the table (dropped or knocked off)
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
        shape.thing = Thing(kind, ident)  # type: ignore[attr-defined]
        shape.collision_type = _CAT[kind]
        shape.filter = pymunk.ShapeFilter(group=group, categories=_CAT[kind], mask=_ALL)

    def add_terrain(self, ident: str, height_in: float, polygon: Sequence[Point] | None = None,
                    circle: tuple[Point, float] | None = None, tags: Iterable[str] = ()) -> None:
        """A static piece of terrain: a polygon (convex) or a circle, ``height_in`` tall."""
        _need(height_in >= 0, f"terrain '{ident}': height_in must not be negative, got {height_in}")
        _need((polygon is None) != (circle is None), f"terrain '{ident}': give exactly one of polygon or circle")
        _need(ident not in self.terrain, f"terrain '{ident}': duplicate id")
        if polygon is not None:
            _need(len(polygon) >= 3, f"terrain '{ident}': a polygon needs at least 3 points")
            shape: pymunk.Shape = pymunk.Poly(self._static, [tuple(map(float, p)) for p in polygon])
            _need(shape.area > 1e-6, f"terrain '{ident}': polygon has no area")
        else:
            assert circle is not None
            (cx, cy), r = circle
            _need(r > 0, f"terrain '{ident}': circle radius must be positive, got {r}")
            shape = pymunk.Circle(self._static, float(r), (float(cx), float(cy)))
        shape.elasticity = float(self.p["die_elasticity"])
        shape.friction = 0.5
        self._tag(shape, Kind.TERRAIN, ident)
        self.space.add(shape)
        self.terrain[ident] = _Terrain(ident, shape, float(height_in), tuple(tags))

    def add_figure(self, ident: str, position: Point, base_mm: float = 25.0,
                   hull_in: tuple[float, float] | None = None, angle: float = 0.0) -> None:
        """A model: a round base of ``base_mm`` diameter, or a box hull (width, length) facing ``angle``."""
        _need(ident not in self.figures, f"figure '{ident}': duplicate id")
        _need(base_mm > 0, f"figure '{ident}': base_mm must be positive, got {base_mm}")
        self._need_on_table(position, f"figure '{ident}' position")
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = position
        body.angle = angle
        group = len(self.figures) + 1
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
        self.figures[ident] = _Figure(ident, body, shape, bound, hull)

    def move_figure(self, ident: str, position: Point, angle: float | None = None) -> None:
        f = self._figure(ident)
        f.body.position = position
        if angle is not None:
            f.body.angle = angle
        self.space.reindex_shapes_for_body(f.body)

    def remove_figure(self, ident: str) -> None:
        f = self.figures.pop(ident)
        if f.tower_shape is not None:
            self.space.remove(f.tower_shape)
        self.space.remove(f.shape, f.body)

    def set_upright(self, ident: str, upright: bool) -> None:
        """A lying figure is a low object: lines of fire pass over it."""
        self._figure(ident).upright = upright

    def set_tower(self, ident: str, height_in: float, offset: Point | None = None) -> None:
        """Give a figure a tower footprint (a die-sized square touching its base) ``height_in`` tall."""
        f = self._figure(ident)
        side = float(self.p["dice"]["d6"]["circumradius_mm"]) * math.sqrt(2) * MM
        if offset is None:
            offset = (-(f.radius + side / 2.0), 0.0)  # behind the base, touching it
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

    def add_cap(self, position: Point, ident: str | None = None) -> str:
        """Place a bottle cap at rest."""
        ident = ident or self._new_id("cap")
        body, shape = self._make_cap(position)
        self._tag(shape, Kind.CAP, ident)
        self.space.add(body, shape)
        self._add_coulomb(body, float(self.p["cap"]["friction"]), shape)
        self.caps[ident] = (body, shape)
        return ident

    def remove_cap(self, ident: str) -> None:
        body, shape = self.caps.pop(ident)
        self._remove_body(body, shape)

    def place_die(self, sides: int, value: int, position: Point, angle: float = 0.0, ident: str | None = None) -> str:
        """Put a die down at rest (used by replays and tests)."""
        ident = ident or self._new_id("die")
        body, shape = self._make_die(sides, position, angle)
        self._tag(shape, Kind.DIE, ident)
        self.space.add(body, shape)
        self._add_coulomb(body, float(self.p["die_friction"]), shape)
        self.dice[ident] = (body, shape, sides, value)
        return ident

    def remove_die(self, ident: str) -> None:
        body, shape, _, _ = self.dice.pop(ident)
        self._remove_body(body, shape)

    # ------------------------------------------------------------------ state for others

    def die_state(self, ident: str) -> tuple[int, int, Point]:
        body, _, sides, value = self.dice[ident]
        return sides, value, (body.position.x, body.position.y)

    def cap_position(self, ident: str) -> Point:
        p = self.caps[ident][0].position
        return (p.x, p.y)

    def figure_position(self, ident: str) -> Point:
        p = self._figure(ident).body.position
        return (p.x, p.y)

    def figure_radius(self, ident: str) -> float:
        return self._figure(ident).radius

    def on_table(self, p: Point, margin: float = 0.0) -> bool:
        return margin <= p[0] <= self.width - margin and margin <= p[1] <= self.height - margin

    # ------------------------------------------------------------------ throwing dice

    def throw(self, hand: Point, aim: Point, dice: Sequence[int], rng_scatter: np.random.Generator,
              rng_faces: np.random.Generator, strength: float = 0.5, scatter: float | None = None,
              thrower: str | None = None) -> ThrowResult:
        """Throw ``dice`` (sides of each) from ``hand`` at ``aim``; simulate until all are at rest.

        ``strength`` 0–1 sets how hard (how far the dice slide after landing); ``scatter`` is
        the hand's 1-sigma landing error in inches (default from the params). ``thrower`` is
        carried on tower hits so the rules can blame the right boss.
        """
        _need(len(dice) > 0, "dice: a throw needs at least one die")
        for s in dice:
            _need(s in DIE_TYPES, f"dice: no D{s} on the table (die types are {', '.join(f'D{t}' for t in DIE_TYPES)})")
        self._need_on_table(hand, "hand")
        _need(all(math.isfinite(c) for c in aim), f"aim must be a finite point, got {aim}")
        _need(0.0 <= strength <= 1.0, f"strength must be between 0 and 1, got {strength}")
        tp = self.p["throw"]
        scatter = float(tp["scatter_in"]) if scatter is None else float(scatter)
        _need(scatter >= 0, f"scatter must not be negative, got {scatter}")

        hand_v = Vec2d(*hand)
        aim_v = Vec2d(*aim)
        offset = aim_v - hand_v
        dist = offset.length
        direction = offset.normalized() if dist > 1e-9 else Vec2d(1, 0)
        mu = float(self.p["die_friction"])
        v_nom = float(tp["slide_speed_min_in_s"]) + strength * (float(tp["slide_speed_max_in_s"]) - float(tp["slide_speed_min_in_s"]))
        spread = float(tp["slide_spread"])
        # expected slide distance E[v^2]/(2 mu g) with v log-normal: the mean rest point is the aim
        # (times E[cos(turn)] = exp(-s^2/2) for the normal turn off the line of the throw)
        turn_sd = float(tp["direction_spread_rad"])
        mean_slide = v_nom ** 2 * math.exp(2 * spread ** 2) / (2 * mu * self.g) * math.exp(-turn_sd ** 2 / 2)
        sigma = scatter + float(tp["scatter_per_in"]) * dist if scatter > 0 else 0.0

        results: list[DieResult] = []
        bodies: list[tuple[DieResult, pymunk.Body | None]] = []
        all_hits: list[TowerHit] = []
        for sides in dice:
            ident = self._new_id("die")
            value = int(rng_faces.integers(1, sides + 1))
            nx, ny = rng_scatter.normal(0.0, 1.0, 2)
            v = v_nom * math.exp(spread * float(rng_scatter.normal()))
            turn = float(rng_scatter.normal(0.0, float(tp["direction_spread_rad"])))
            spin = float(rng_scatter.normal(0.0, 8.0))
            touchdown = aim_v - direction * mean_slide + Vec2d(nx, ny) * sigma
            res = DieResult(ident, sides, value, None, 0.0, False, [])
            traj, stop_at, flight_hits = self._fly(hand_v, touchdown, sides, ident, thrower)
            res.trajectory = traj
            res.tower_hits.extend(flight_hits)
            all_hits.extend(flight_hits)
            land = Vec2d(*traj[-1][:2])
            slide_dir = direction.rotated(turn)
            if stop_at is not None:
                res.stopped_by = stop_at
                slide_dir = -direction  # bounced back off the tall thing
                v *= 0.3
            if not self.on_table((land.x, land.y), float(self.p["edge_margin_in"])):
                res.lost = True
                bodies.append((res, None))
                results.append(res)
                continue
            body, shape = self._make_die(sides, (land.x, land.y), float(rng_scatter.uniform(0, 2 * math.pi)))
            self._tag(shape, Kind.DIE, ident)
            body.velocity = slide_dir * v
            body.angular_velocity = spin
            self.space.add(body, shape)
            self._add_coulomb(body, mu, shape)
            self.dice[ident] = (body, shape, sides, value)
            bodies.append((res, body))
            results.append(res)

        steps = self._settle([b for _, b in bodies if b is not None], bodies, thrower)
        for res, body in bodies:
            if body is None or res.id not in self.dice:
                res.lost = True
                res.position = None
                continue
            res.position = (body.position.x, body.position.y)
            res.angle = body.angle
        for h in self._pending_hits:
            for res, _ in bodies:
                if res.id == h.die_id:
                    res.tower_hits.append(h)
            all_hits.append(h)
        self._pending_hits = []
        return ThrowResult(results, steps, steps * self.dt, all_hits)

    def _fly(self, hand: Vec2d, touchdown: Vec2d, sides: int, ident: str,
             thrower: str | None) -> tuple[list[tuple[float, float, float]], Thing | None, list[TowerHit]]:
        """The airborne arc from hand to touchdown; stops at the first thing taller than the die.

        One thick segment query finds everything under the flight path; the die's height at
        the moment it reaches each thing decides whether it passes over. Towers it clips are
        reported (a flying die knocks a tower) without stopping it; a tall thing stops it.
        """
        tp = self.p["throw"]
        h0 = float(tp["hand_height_in"])
        hx, hy = hand.x, hand.y
        dx, dy = touchdown.x - hx, touchdown.y - hy
        span = math.hypot(dx, dy)
        t_total = max(span / float(tp["flight_speed_in_s"]), 0.15)
        g = self.g
        vz = (g * t_total / 2.0) - h0 / t_total
        dp = self.p["dice"][f"d{sides}"]
        die_r = float(dp["circumradius_mm"]) * MM * 0.8
        mass = float(dp["mass_g"])

        def z_at(frac: float) -> float:
            t = t_total * frac
            return max(0.0, h0 + vz * t - 0.5 * g * t * t)

        hits: list[TowerHit] = []
        stop: tuple[float, Thing] | None = None
        if span > 1e-9:
            filt = pymunk.ShapeFilter(mask=_mask((Kind.TERRAIN, Kind.FIGURE, Kind.TOWER)))
            infos = self.space.segment_query((hx, hy), (touchdown.x, touchdown.y), die_r, filt)
            for info in sorted(infos, key=lambda i: i.alpha):
                thing: Thing = info.shape.thing  # type: ignore[attr-defined]
                z = z_at(info.alpha)
                if z >= self._height_of(info.shape):
                    continue
                if thing.kind == Kind.TOWER:
                    if stop is None:
                        speed = span / t_total
                        hits.append(TowerHit(thing.id, ident, z / MM, speed / MM, (dx / span, dy / span), mass, True))
                    continue
                stop = (info.alpha, thing)
                break
        end_frac = 1.0 if stop is None else stop[0]
        n = max(1, int(math.ceil(t_total * end_frac * 60)))
        traj = [(hx + dx * end_frac * k / n, hy + dy * end_frac * k / n, z_at(end_frac * k / n)) for k in range(n + 1)]
        if stop is not None:
            back = max(0.0, end_frac - die_r * 0.5 / max(span, 1e-9))
            traj.append((hx + dx * back, hy + dy * back, 0.0))
            return traj, stop[1], hits
        traj[-1] = (touchdown.x, touchdown.y, 0.0)
        return traj, None, hits

    def _height_of(self, shape: pymunk.Shape) -> float:
        thing: Thing = shape.thing  # type: ignore[attr-defined]
        if thing.kind == Kind.TERRAIN:
            return self.terrain[thing.id].height_in
        f = self.figures[thing.id]
        if thing.kind == Kind.TOWER:
            return f.tower_height_in
        return float(self.p["model_height_in"]) if f.upright else 0.3

    def _on_die_tower(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        die_shape, tower_shape = arbiter.shapes
        die: Thing = die_shape.thing  # type: ignore[attr-defined]
        fig: Thing = tower_shape.thing  # type: ignore[attr-defined]
        if die.kind != Kind.DIE:
            die_shape, tower_shape = tower_shape, die_shape
            die, fig = fig, die
        body = die_shape.body
        rel = body.velocity - tower_shape.body.velocity
        if rel.length < 1e-6:
            return
        d = rel.normalized()
        sides = self.dice[die.id][2] if die.id in self.dice else 6
        dp = self.p["dice"][f"d{sides}"]
        self._pending_hits.append(TowerHit(fig.id, die.id, float(dp["height_mm"]) / 2.0, rel.length / MM,
                                           (d.x, d.y), float(dp["mass_g"]), False))

    def _settle(self, moving: list[pymunk.Body], tracked: list[tuple[Any, pymunk.Body | None]] | None = None,
                thrower: str | None = None) -> int:
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
                    if body is not None and res.id in self.dice:
                        res.trajectory.append((body.position.x, body.position.y, 0.0))
                samples += 1
            if steps % 4 == 0:
                self._remove_lost()
                if self._at_rest(v_eps, w_eps):
                    break
        return steps

    def _at_rest(self, v_eps: float, w_eps: float) -> bool:
        for body, *_ in list(self.dice.values()) + [(b, s) for b, s in self.caps.values()]:
            if body.velocity.length > v_eps or abs(body.angular_velocity) > w_eps:
                return False
        return True

    def _remove_lost(self) -> None:
        m = float(self.p["edge_margin_in"])
        for ident, (body, shape, _, _) in list(self.dice.items()):
            if not self.on_table((body.position.x, body.position.y), m):
                self.remove_die(ident)
                self.lost_dice.append(ident)
        for ident, (body, shape) in list(self.caps.items()):
            if not self.on_table((body.position.x, body.position.y), m):
                self.remove_cap(ident)
                self.lost_caps.append(ident)

    # ------------------------------------------------------------------ dropping caps

    def drop_caps(self, count: int, center: Point, rng: np.random.Generator,
                  height_in: float | None = None) -> list[CapDrop]:
        """Drop ``count`` caps from a height over ``center``: they bounce, roll and scatter."""
        _need(count >= 1, f"count: drop at least one cap, got {count}")
        self._need_on_table(center, "center")
        cp = self.p["cap_drop"]
        h = float(cp["height_in"]) if height_in is None else float(height_in)
        _need(h >= 0, f"height_in must not be negative, got {h}")
        impact = math.sqrt(2 * self.g * h)
        drops: list[CapDrop] = []
        pairs: list[tuple[CapDrop, pymunk.Body | None]] = []
        t_fall = math.sqrt(2 * h / self.g) if h > 0 else 0.0
        for _ in range(count):
            ident = self._new_id("cap")
            sx, sy = rng.normal(0.0, float(cp["hand_spread_in"]), 2)
            p = Vec2d(center[0] + sx, center[1] + sy)
            ang = float(rng.uniform(0, 2 * math.pi))
            speed = impact * float(cp["bounce"]) * abs(float(rng.normal()))
            traj = [(p.x, p.y, h - 0.5 * self.g * (t_fall * k / 6) ** 2) for k in range(7)]
            drop = CapDrop(ident, None, False, traj)
            drops.append(drop)
            if not self.on_table((p.x, p.y)):
                drop.lost = True
                self.lost_caps.append(ident)
                pairs.append((drop, None))
                continue
            body, shape = self._make_cap((p.x, p.y))
            self._tag(shape, Kind.CAP, ident)
            body.velocity = Vec2d(math.cos(ang), math.sin(ang)) * speed
            self.space.add(body, shape)
            self._add_coulomb(body, float(self.p["cap"]["friction"]), shape)
            self.caps[ident] = (body, shape)
            pairs.append((drop, body))
        self._settle([b for _, b in pairs if b is not None], pairs)  # type: ignore[arg-type]
        for drop, body in pairs:
            if body is None or drop.id not in self.caps:
                drop.lost = True
            else:
                drop.position = (body.position.x, body.position.y)
        return drops

    # ------------------------------------------------------------------ queries

    def sweep(self, ident: str, toward: Point | None = None, distance: float = 0.0,
              direction: Point | None = None, ignore: Iterable[str] = (),
              stop_kinds: Iterable[Kind] = (Kind.DIE, Kind.CAP, Kind.FIGURE, Kind.TERRAIN)) -> SweepResult:
        """Slide figure ``ident``'s round base in a straight line; stop at the first contact.

        Give ``toward`` (a point) or ``direction``. Contacts are edge to edge and grazing
        counts. Things the base already touches but is moving away from do not stop it.
        The figure is NOT moved: call :meth:`move_figure` with ``result.end``.
        """
        f = self._figure(ident)
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        start = Vec2d(*f.body.position)
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
        for info in self.space.segment_query((start.x, start.y), (end.x, end.y), r + 1e-6, filt):
            thing: Thing = info.shape.thing  # type: ignore[attr-defined]
            if thing.id in ignore_set or info.shape is f.tower_shape:
                continue
            travelled = info.alpha * distance
            if travelled <= 1e-6 and not self._approaching(info.shape, start, d, r):
                continue
            if best is None or travelled < best[0]:
                best = (travelled, Contact(thing, (info.point.x, info.point.y), travelled))
        edge = self._edge_distance(start, d, r)
        if edge is not None and edge < distance and (best is None or edge < best[0]):
            p = start + d * edge
            best = (edge, Contact(Thing(Kind.EDGE, "edge"), (p.x, p.y), edge))
        if best is None:
            return SweepResult((start.x, start.y), (end.x, end.y), distance, distance, None)
        stop = start + d * best[0]
        return SweepResult((start.x, start.y), (stop.x, stop.y), distance, best[0], best[1])

    def _approaching(self, shape: pymunk.Shape, start: Vec2d, d: Vec2d, r: float) -> bool:
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

    def shove(self, ident: str, away_from: str, distance: float,
              stop_kinds: Iterable[Kind] = (Kind.CAP, Kind.FIGURE, Kind.TERRAIN)) -> SweepResult:
        """Push ``ident`` directly away from figure ``away_from`` by ``distance``; moves it."""
        me = Vec2d(*self.figure_position(ident))
        other = Vec2d(*self.figure_position(away_from))
        d = me - other
        if d.length < 1e-9:
            d = Vec2d(1, 0)
        res = self.sweep(ident, direction=(d.x, d.y), distance=distance, ignore=[away_from], stop_kinds=stop_kinds)
        self.move_figure(ident, res.end)
        return res

    def line_of_fire(self, ident: str, toward: Point, range_in: float,
                     low_height_in: float | None = None) -> LineResult:
        """A straight line from figure ``ident``'s base edge towards ``toward`` for ``range_in``.

        The hit is the first thing that is not low: low things are dice, caps, towers, lying
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

    def _hits(self, start: Vec2d, d: Vec2d, range_in: float, low_h: float, filt: pymunk.ShapeFilter,
              exclude: Iterable[str]) -> list[LineHit]:
        """Everything a segment from ``start`` along ``d`` touches within ``range_in``, nearest first."""
        end = start + d * range_in
        ex = set(exclude)
        hits: list[LineHit] = []
        for info in self.space.segment_query((start.x, start.y), (end.x, end.y), 1e-6, filt):
            thing: Thing = info.shape.thing  # type: ignore[attr-defined]
            if thing.id in ex:
                continue
            hits.append(LineHit(thing, (info.point.x, info.point.y), info.alpha * range_in, self._is_low(info.shape, low_h)))
        hits.sort(key=lambda h: (h.distance, h.thing.kind.value, h.thing.id))
        return hits

    def trace(self, start: Point, toward: Point, range_in: float, passes_over: Any,
              exclude: Iterable[str] = ()) -> LineResult:
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

    def terrain_edge_point(self, ident: str, toward: Point) -> Point:
        """Where a line from the centre of terrain piece ``ident`` towards a point leaves it."""
        sh = self.terrain[ident].shape
        bb = sh.bb
        c = Vec2d((bb.left + bb.right) / 2, (bb.bottom + bb.top) / 2)
        d = Vec2d(*toward) - c
        d = d.normalized() if d.length > 1e-9 else Vec2d(1, 0)
        far = c + d * (max(bb.right - bb.left, bb.top - bb.bottom) + 1)
        info = sh.segment_query(far, c)
        p = info.point if info.shape is not None else c
        return (p.x, p.y)

    def terrain_centre(self, ident: str) -> Point:
        """The centre of a terrain piece's bounding box."""
        bb = self.terrain[ident].shape.bb
        return ((bb.left + bb.right) / 2, (bb.bottom + bb.top) / 2)

    def remove_terrain(self, ident: str) -> None:
        t = self.terrain.pop(ident)
        self.space.remove(t.shape)

    def _exit_distance(self, f: _Figure, d: Vec2d) -> float:
        if f.hull is None:
            return f.radius
        # distance from the centre to the hull edge along d
        info = f.shape.segment_query(f.body.position + d * (f.radius * 2), f.body.position)
        return (info.point - f.body.position).length if info.shape is not None else f.radius

    def _is_low(self, shape: pymunk.Shape, low_h: float) -> bool:
        thing: Thing = shape.thing  # type: ignore[attr-defined]
        if thing.kind in (Kind.DIE, Kind.CAP, Kind.TOWER):
            return True
        if thing.kind == Kind.TERRAIN:
            return self.terrain[thing.id].height_in <= low_h
        return not self.figures[thing.id].upright

    def within(self, distance: float, point: Point | None = None, figure: str | None = None,
               kinds: Iterable[Kind] = (Kind.DIE, Kind.CAP, Kind.FIGURE, Kind.TERRAIN)) -> list[tuple[Thing, float]]:
        """Everything within ``distance`` (edge to edge) of a point or a figure, nearest first."""
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        _need((point is None) != (figure is None), "give exactly one of point or figure")
        mask = _mask(kinds)
        out: dict[Thing, float] = {}
        if point is not None:
            for q in self.space.point_query(point, distance, pymunk.ShapeFilter(mask=mask)):
                thing = q.shape.thing  # type: ignore[attr-defined]
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
            for q in self.space.shape_query(probe):
                thing = q.shape.thing  # type: ignore[attr-defined]
                if thing.id == figure:
                    continue
                out[thing] = min(out.get(thing, math.inf), self._gap(f, q.shape))
        return sorted(out.items(), key=lambda kv: (kv[1], kv[0].kind.value, kv[0].id))

    def _gap(self, f: _Figure, other: pymunk.Shape) -> float:
        """Edge-to-edge distance between a figure and a shape."""
        if f.hull is None:
            return max(0.0, other.point_query(f.body.position).distance - f.radius)
        info = f.shape.shapes_collide(other)
        if info.points:
            return 0.0
        return max(0.0, min(other.point_query(f.body.local_to_world(v)).distance
                            for v in f.shape.get_vertices()))  # type: ignore[attr-defined]

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

    def sweep_hull(self, ident: str, distance: float = 0.0, turn_to: float | None = None,
                   ignore: Iterable[str] = (), step_in: float = 0.05) -> SweepResult:
        """Move a box hull forward ``distance`` (after pivoting to ``turn_to``), stopping at a contact.

        The pivot comes first, about the centre; if something blocks it the hull turns as far
        as it can. Returns where the centre would end. The figure is NOT moved.
        """
        f = self._figure(ident)
        _need(f.hull is not None, f"figure '{ident}' has no hull")
        _need(distance >= 0, f"distance must not be negative, got {distance}")
        assert f.hull is not None
        ignore_set = set(ignore) | {ident}
        w, ln = f.hull
        start = Vec2d(*f.body.position)
        angle = f.body.angle

        def blocked(pos: Vec2d, ang: float) -> Contact | None:
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            body.position = pos
            body.angle = ang
            probe = pymunk.Poly.create_box(body, (ln, w))
            probe.filter = pymunk.ShapeFilter(group=f.shape.filter.group, mask=_mask((Kind.DIE, Kind.CAP, Kind.FIGURE, Kind.TERRAIN)))
            for q in self.space.shape_query(probe):
                thing: Thing = q.shape.thing  # type: ignore[attr-defined]
                if thing.id in ignore_set or q.shape is f.tower_shape:
                    continue
                pts = q.contact_point_set.points
                p = pts[0].point_a if pts else pos
                return Contact(thing, (p.x, p.y), 0.0)
            return None

        if turn_to is not None:
            delta = (turn_to - angle + math.pi) % (2 * math.pi) - math.pi
            n = max(1, int(abs(delta) / math.radians(1.0)))
            for i in range(1, n + 1):
                a = angle + delta * i / n
                c = blocked(start, a)
                if c is not None:
                    return SweepResult((start.x, start.y), (start.x, start.y), distance, 0.0, c)
                final_angle = a
            angle = final_angle
        fwd = Vec2d(1, 0).rotated(angle)
        travelled = 0.0
        while travelled < distance:
            nxt = min(distance, travelled + step_in)
            c = blocked(start + fwd * nxt, angle)
            if c is not None:
                lo, hi = travelled, nxt
                for _ in range(12):
                    mid = (lo + hi) / 2
                    if blocked(start + fwd * mid, angle) is None:
                        lo = mid
                    else:
                        hi = mid
                end = start + fwd * lo
                return SweepResult((start.x, start.y), (end.x, end.y), distance, lo,
                                   Contact(c.thing, c.point, lo))
            travelled = nxt
        end = start + fwd * distance
        return SweepResult((start.x, start.y), (end.x, end.y), distance, distance, None)

    # ------------------------------------------------------------------ internals

    def _figure(self, ident: str) -> _Figure:
        try:
            return self.figures[ident]
        except KeyError:
            raise TableError(f"no figure '{ident}' on the table") from None

    def _need_on_table(self, p: Point, what: str) -> None:
        ok = len(p) == 2 and all(math.isfinite(c) for c in p)
        _need(ok, f"{what} must be a finite (x, y) point, got {p}")
        _need(self.on_table(p), f"{what} {tuple(round(c, 2) for c in p)} is off the {self.width:g}x{self.height:g} table")

    def _make_die(self, sides: int, position: Point, angle: float) -> tuple[pymunk.Body, pymunk.Shape]:
        dp = self.p["dice"][f"d{sides}"]
        n = int(dp["sides"])
        r = float(dp["circumradius_mm"]) * MM
        mass = float(dp["mass_g"])
        verts = [(r * math.cos(2 * math.pi * k / n + math.pi / n), r * math.sin(2 * math.pi * k / n + math.pi / n))
                 for k in range(n)]
        moment = pymunk.moment_for_poly(mass, verts)
        body = pymunk.Body(mass, moment)
        body.position = position
        body.angle = angle
        shape = pymunk.Poly(body, verts, radius=0.02)
        shape.elasticity = float(self.p["die_elasticity"])
        shape.friction = 0.4
        return body, shape

    def _make_cap(self, position: Point) -> tuple[pymunk.Body, pymunk.Circle]:
        cp = self.p["cap"]
        r = float(cp["diameter_mm"]) * MM / 2
        mass = float(cp["mass_g"])
        body = pymunk.Body(mass, pymunk.moment_for_circle(mass, 0, r))
        body.position = position
        shape = pymunk.Circle(body, r)
        shape.elasticity = float(cp["elasticity"])
        shape.friction = 0.3
        return body, shape

    def _add_coulomb(self, body: pymunk.Body, mu: float, shape: pymunk.Shape) -> None:
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

"""Dice towers: a stack of real-scale dice simulated side-on in two orthogonal pymunk planes.

Why two 2D planes and not one 3D world: pymunk is 2D, and a stack of cubes moved across a
table responds to the x and y components of the motion almost independently. Each plane
holds the same dice seen from the side (x plane: looking along +y; y plane: looking along
-x). Placement error is drawn per plane. The tower has fallen when a die leaves the stack
in either plane (its centre drops ``fall_drop_mm`` below its place).

Units are mm, g, s (g = 9810 mm/s²), dice 16 mm / 4.5 g: at that scale pymunk needs a small
step (1/960 s) for an aligned stack to stand still (DESIGN.md, measured on this machine).

The carrying hand holds the **bottom die**: it moves exactly with the base (a kinematic
body), and everything above it stands on it under gravity, friction and contact only. So
"a stack of height H tips at base acceleration g·w/H" applies to the free stack above the
held die. A one-die tower cannot fall; it can only be knocked.

Between API calls a tower is frozen: nothing steps, nothing costs CPU.

Examples (the Tower Lab API, run as doctests)::

    >>> t = Tower(seed=1)
    >>> t.height, t.standing
    (0, True)
    >>> for _ in range(5):
    ...     _ = t.add_die()
    >>> t.height, t.standing
    (5, True)
    >>> t.add_die(offset_mm=(12.0, 0.0))   # a die placed 12 mm off the one below tips off
    False
    >>> t.standing
    False
    >>> t = Tower(seed=2)
    >>> _ = [t.add_die(offset_mm=(0.0, 0.0)) for _ in range(4)]
    >>> t.drive([(100.0, 0.0)] * 10 + [(0.0, 0.0)], dt=0.05)   # a gentle push, then stop
    True
    >>> t.hit(height_mm=56.0, velocity_mm_s=(0.0, 2000.0), mass_g=4.5)  # a die flung at the top
    False
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pymunk

from ..rng import stream
from .hand import CARE_LEVELS, care_profile, segment_profile
from .params import load_params
from .tower_parts import Frame, TowerFallenError, TowerSnapshot, _no_gravity, _Plane
from .tower_record import Recording

__all__ = ["CARE_LEVELS", "Frame", "Tower", "TowerFallenError", "TowerSnapshot", "build_tower"]

_MM_PER_IN = 25.4


class Tower(Recording):
    """A tower of d6s on a figure's base. See the module docstring for the model."""

    def __init__(self, params: dict[str, Any] | None = None, seed: int = 0) -> None:
        self.p = params if params is not None else load_params("towers")
        self.rng = stream(seed, "tower")
        self.s = float(self.p["die_size_mm"])
        self.m = float(self.p["die_mass_g"])
        self.r = float(self.p["die_corner_radius_mm"])
        self.g = float(self.p["gravity_mm_s2"])
        self.dt = float(self.p["dt_s"])
        self._f_die = math.sqrt(float(self.p["friction_die_die"]))
        self._e = math.sqrt(float(self.p["elasticity"]))
        self.planes: tuple[_Plane, _Plane] = (self._new_plane(), self._new_plane())
        self.standing = True
        self.sim_time_s = 0.0
        self.steps = 0
        self.fell_in: str | None = None  # "x" or "y" once fallen
        self._frames: list[Any] | None = None
        self._both_planes = False
        self._frame_every_s = 1.0 / 15.0
        self._next_frame_s = 0.0

    # ------------------------------------------------------------------ basic state

    @property
    def height(self) -> int:
        return len(self.planes[0].dice)

    @property
    def height_mm(self) -> float:
        return self.height * self.s

    def _new_plane(self) -> _Plane:
        """A side view: the carrier is the hand's grip on the bottom die (kinematic), so one velocity
        set per step moves the held die; the table top rides on it, its surface at y = 0."""
        space = pymunk.Space()
        space.gravity = (0.0, -self.g)
        space.iterations = int(self.p["iterations"])
        carrier = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        carrier.position = (0.0, self.s / 2.0)
        y_floor = -self.s / 2.0 - 0.5
        floor = pymunk.Segment(carrier, (-5000.0, y_floor), (5000.0, y_floor), 0.5)  # top surface at y = 0
        mu_table = float(self.p["friction_die_table"])
        floor.friction = mu_table / self._f_die
        floor.elasticity = self._e
        space.add(carrier, floor)
        return _Plane(space, carrier)

    def _die_shape(self, body: pymunk.Body) -> pymunk.Shape:
        half = self.s / 2.0 - self.r
        verts = [(-half, -half), (half, -half), (half, half), (-half, half)]
        shape = pymunk.Poly(body, verts, radius=self.r)
        shape.friction = self._f_die
        shape.elasticity = self._e
        return shape

    def _die_body(self, plane: _Plane, x: float, y: float, held: bool) -> tuple[pymunk.Body, pymunk.Shape]:
        """A die at (x, y): the held bottom die is the carrier itself, every other die is free."""
        if held:
            body = plane.carrier
        else:
            body = pymunk.Body(self.m, pymunk.moment_for_box(self.m, (self.s, self.s)))
        body.position = (x, y)
        shape = self._die_shape(body)
        if held:
            plane.space.add(shape)
        else:
            plane.space.add(body, shape)
        return body, shape

    # ------------------------------------------------------------------ Tower Lab API

    def add_die(self, offset_mm: tuple[float, float] | None = None) -> bool:
        """Put a die on top (exactly at ``offset_mm`` from the die below, or with placement error).

        It is set down from just above the top face and the tower settles. Returns whether
        the tower still stands. Adding to a fallen tower is refused.
        """
        if not self.standing:
            raise TowerFallenError("the tower has fallen: there is no tower to add to")
        if offset_mm is None:
            sd = float(self.p["placement_error_mm"])
            offset_mm = (float(self.rng.normal(0.0, sd)), float(self.rng.normal(0.0, sd)))
        first = self.height == 0
        for k, plane in enumerate(self.planes):
            if first:
                x = plane.carrier.position.x
                y = self.s / 2.0
            else:
                top = plane.dice[-1]
                x = top.position.x + offset_mm[k]
                y = top.position.y + self.s + float(self.p["placement_drop_mm"])
            body, shape = self._die_body(plane, x, y, held=first)
            plane.dice.append(body)
            plane.shapes.append(shape)
            plane.offsets.append(0.0 if first else offset_mm[k])
            plane.frozen = False
        if first:
            return True
        self._settle()
        return self.standing

    def drive(self, velocities_mm_s: Sequence[tuple[float, float]], dt: float) -> bool:
        """The base follows the (vx, vy) samples, each held for ``dt`` s, then stops and settles.

        Returns whether the tower still stands. A fallen tower is not simulated further.
        """
        if dt <= 0:
            raise ValueError(f"dt must be positive, got {dt}")
        if not self.standing or self.height == 0:
            return self.standing
        n_sub = max(1, int(round(dt / self.dt)))
        for plane in self.planes:  # driving always simulates, even a base held still
            plane.frozen = False
        for vx, vy in velocities_mm_s:
            self._set_base_velocity(vx, vy)
            if not self._run(n_sub):
                break
        self._set_base_velocity(0.0, 0.0)
        if self.standing:
            self._settle()
        return self.standing

    def wait(self, seconds: float) -> bool:
        """Simulate ``seconds`` with the base still (a frozen tower is woken up for it)."""
        if not self.standing or self.height == 0:
            return self.standing
        for plane in self.planes:
            plane.frozen = False
        self._run(max(1, int(round(seconds / self.dt))))
        return self.standing

    def hit(self, height_mm: float, velocity_mm_s: tuple[float, float], mass_g: float) -> bool:
        """A body of ``mass_g`` moving at ``velocity_mm_s`` (vx, vy) strikes the tower at ``height_mm``.

        Modelled as a small disc in each plane carrying that plane's velocity component, so
        the contact (with restitution ``hit_restitution``) decides the impulse, not a formula.
        """
        if height_mm < 0 or mass_g <= 0:
            raise ValueError(f"height_mm must be >= 0 and mass_g > 0, got {height_mm}, {mass_g}")
        if not self.standing or self.height == 0:
            return self.standing
        y = min(max(height_mm, self.r), self.height_mm - self.r)
        level = min(int(y // self.s), self.height - 1)
        projectiles = []
        for k, plane in enumerate(self.planes):
            v = float(velocity_mm_s[k])
            if abs(v) < 1e-6:
                continue
            target = plane.dice[level]
            rad = 4.0
            x0 = target.position.x - math.copysign(self.s / 2.0 + rad + 0.5, v)
            body = pymunk.Body(mass_g, pymunk.moment_for_circle(mass_g, 0, rad))
            body.position = (x0, y)
            body.velocity = (v, 0.0)
            body.velocity_func = _no_gravity
            shape = pymunk.Circle(body, rad)
            shape.elasticity = math.sqrt(float(self.p["hit_restitution"]))
            shape.friction = self._f_die
            plane.space.add(body, shape)
            plane.frozen = False
            projectiles.append((plane, body, shape))
        self._run(max(1, int(0.06 / self.dt)))
        for plane, body, shape in projectiles:
            plane.space.remove(body, shape)
        if self.standing:
            self._settle()
        return self.standing

    # ------------------------------------------------------------------ helpers for the rules

    def carry(
        self,
        path_mm: Sequence[tuple[float, float]],
        care: str = "normal",
        bumped: Sequence[bool] | None = None,
        pause_s: float = 0.25,
    ) -> bool:
        """Carry the tower along straight segments (dx, dy) in mm at a care level.

        Each segment accelerates, cruises and brakes as a hand of that care level does, with
        hand tremor (``jitter``) on top; a segment flagged in ``bumped`` ends in an abrupt
        stop (``bump_stop_s``) instead of braking. Between segments the hand pauses.
        """
        prof = care_profile(self.p, care)
        bumped = list(bumped) if bumped is not None else [False] * len(path_mm)
        if len(bumped) != len(path_mm):
            raise ValueError("bumped needs one flag per segment")
        return self._carry_profile(path_mm, prof, bumped, pause_s)

    def segment_profile(self, dx: float, dy: float, prof: dict[str, float], bump: bool) -> np.ndarray:
        """Base velocity per physics step for one carried segment (see :mod:`.hand`)."""
        return segment_profile(self.p, self.rng, self.dt, dx, dy, prof, bump)

    def bump_stop(self, speed_mm_s: float, direction: tuple[float, float] = (1.0, 0.0)) -> bool:
        """Moving steadily at ``speed_mm_s``, the base stops dead (it bumped into something)."""
        d = math.hypot(*direction) or 1.0
        ux, uy = direction[0] / d, direction[1] / d
        prof = {
            "speed_mm_s": speed_mm_s,
            "accel_mm_s2": float(self.p["carry"]["careful"]["accel_mm_s2"]),
            "jitter_mm_s2": 0.0,
        }
        length = speed_mm_s**2 / prof["accel_mm_s2"] + speed_mm_s * 0.2
        return self._carry_profile([(ux * length, uy * length)], prof, [True])

    def push(self, direction: tuple[float, float], distance_mm: float | None = None) -> bool:
        """A push: the base is jerked away quickly (by default 3") and stops."""
        dist = float(self.p["push_distance_mm"]) if distance_mm is None else distance_mm
        d = math.hypot(*direction) or 1.0
        prof = {
            "speed_mm_s": float(self.p["push_speed_mm_s"]),
            "accel_mm_s2": float(self.p["push_accel_mm_s2"]),
            "jitter_mm_s2": 0.0,
        }
        return self._carry_profile([(direction[0] / d * dist, direction[1] / d * dist)], prof, [False])

    def rebuild(self, height: int | None = None) -> None:
        """Teleport: rebuild an aligned tower of ``height`` dice. It cannot fall while doing so."""
        n = self.height if height is None else int(height)
        if n < 0:
            raise ValueError(f"height must not be negative, got {n}")
        self.planes = (self._new_plane(), self._new_plane())
        self.standing = True
        self.fell_in = None
        for i in range(n):
            for plane in self.planes:
                body, shape = self._die_body(plane, 0.0, self.s / 2.0 + i * self.s, held=(i == 0))
                plane.dice.append(body)
                plane.shapes.append(shape)
                plane.offsets.append(0.0)
                plane.frozen = True

    def clear(self) -> None:
        """Discard every die (the tower fell, or was knocked down)."""
        self.rebuild(0)

    def snapshot(self) -> TowerSnapshot:
        planes = tuple(
            tuple(
                (b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angular_velocity)
                for b in plane.dice
            )
            for plane in self.planes
        )
        return TowerSnapshot(
            self.height,
            self.standing,
            planes,
            (self.planes[0].carrier.position.x, self.planes[1].carrier.position.x),
            dict(self.rng.bit_generator.state),
            self.sim_time_s,
            self.steps,
        )

    def restore(self, snap: TowerSnapshot) -> None:
        """Put the tower back as snapshotted. (Contact caches are rebuilt, so a restored tower
        continues identically to any other restore of the same snapshot.)"""
        self.planes = (self._new_plane(), self._new_plane())
        for plane, states, cx in zip(self.planes, snap.planes, snap.carrier_x, strict=False):
            plane.carrier.position = (cx, self.s / 2.0)
            for i, (x, y, a, vx, vy, w) in enumerate(states):
                body, shape = self._die_body(plane, x, y, held=(i == 0))
                body.angle = a
                body.velocity = (vx, vy)
                body.angular_velocity = w
                plane.dice.append(body)
                plane.shapes.append(shape)
                plane.offsets.append(0.0)
        self.standing = snap.standing
        self.rng.bit_generator.state = snap.rng_state
        self.sim_time_s = snap.sim_time_s
        self.steps = snap.steps

    # ------------------------------------------------------------------ internals

    def _carry_profile(
        self, path: Sequence[tuple[float, float]], prof: dict[str, float], bumped: Sequence[bool], pause_s: float = 0.0
    ) -> bool:
        if not self.standing or self.height == 0:
            return self.standing
        for k, ((dx, dy), bump) in enumerate(zip(path, bumped, strict=False)):
            for vx, vy in self.segment_profile(dx, dy, prof, bump):
                self._set_base_velocity(vx, vy)
                if not self._run(1):
                    break
            self._set_base_velocity(0.0, 0.0)
            if not self.standing:
                break
            if pause_s > 0 and k < len(path) - 1:  # the hand pauses between move dice
                self._run(max(1, int(pause_s / self.dt)))
                if not self.standing:
                    break
        self._set_base_velocity(0.0, 0.0)
        if self.standing:
            self._settle()
        return self.standing

    def _set_base_velocity(self, vx: float, vy: float) -> None:
        for plane, v in zip(self.planes, (vx, vy), strict=False):
            if plane.carrier.velocity.x != v:
                plane.carrier.velocity = (v, 0.0)
                if v != 0.0:
                    plane.frozen = False

    def _run(self, n: int) -> bool:
        """Step both planes ``n`` times (a plane at rest with a still base is skipped)."""
        check_every = 16
        for i in range(n):
            for plane in self.planes:
                if not plane.frozen:
                    plane.space.step(self.dt)
                    self.steps += 1
            self.sim_time_s += self.dt
            if self._frames is not None:
                self._sample_frame_if_due()
            if (i + 1) % check_every == 0 or i == n - 1:
                if self._check_fallen():
                    return False
        return True

    def _settle(self) -> None:
        eps = float(self.p["settle_speed_mm_s"])
        max_steps = int(float(self.p["max_settle_s"]) / self.dt)
        done = 0
        while done < max_steps:
            if not self._run(32):
                return
            done += 32
            if self._at_rest(eps):
                for plane in self.planes:
                    plane.frozen = True
                return

    def _at_rest(self, eps: float) -> bool:
        for plane in self.planes:
            if plane.carrier.velocity.x != 0.0:
                return False
            for b in plane.dice[1:]:
                if b.velocity.length > eps or abs(b.angular_velocity) * self.s > eps:
                    return False
        return True

    def _check_fallen(self) -> bool:
        drop = float(self.p["fall_drop_mm"])
        for name, plane in zip("xy", self.planes, strict=False):
            for i, b in enumerate(plane.dice[1:], start=1):
                if b.position.y < (i + 0.5) * self.s - drop:
                    self.standing = False
                    self.fell_in = name
                    for p in self.planes:
                        p.frozen = True
                    return True
        return False


def build_tower(
    n: int, params: dict[str, Any] | None = None, seed: int = 0, offsets: Iterable[tuple[float, float]] | None = None
) -> Tower:
    """A tower of ``n`` dice, stacked one at a time (with placement error unless ``offsets``)."""
    t = Tower(params, seed)
    offs = list(offsets) if offsets is not None else None
    for i in range(n):
        t.add_die(None if offs is None or i == 0 else offs[i - 1])
        if not t.standing:
            break
    return t

"""Dice towers: a stack of real-scale dice simulated side-on in two orthogonal pymunk planes.

Why two 2D planes and not one 3D world: pymunk is 2D, and a stack of cubes moved across a
table responds to the x and y components of the motion almost independently. Each plane
holds the same dice seen from the side (x plane: looking along +y; y plane: looking along
-x). Placement error is drawn per plane, and so is the tilt of each die's top face: a hand's
error grows with the tower and imperfect faces make a stack curve (:meth:`Tower.hand_offsets`,
docs/towers.md), which is why a tower built die by die tops out at 20-30 dice, as real ones do.
The tower has fallen when a die leaves the stack in either plane (its centre drops
``fall_drop_mm`` below its place).

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
from .tower_parts import (
    Frame,
    TowerFallenError,
    TowerSnapshot,
    _no_gravity,
    _Plane,
    read_motion,
    read_poses,
    velocity_setter,
)
from .tower_record import Recording

__all__ = ["CARE_LEVELS", "Frame", "Tower", "TowerFallenError", "TowerSnapshot", "build_tower"]

_MM_PER_IN = 25.4
_FALL_CHECK_EVERY = 16  # steps between checks for a die that has left the stack


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

    def add_die(self, offset_mm: tuple[float, float] | None = None, drinks: int = 0) -> bool:
        """Put a die on top: exactly ``offset_mm`` from the die below, or as a hand sets it down.

        A hand's die (:meth:`hand_offsets`) lands off the middle of the top face by the hand's
        error, which grows with the height of the tower (the top it aims at sways) and with
        ``drinks`` (``placement_error_per_drink_mm``, 0 by default), and sits on a face that is
        not quite level (the imperfect faces below it). It is set down from just above the top
        face and the tower settles. Returns whether the tower still stands. Adding to a fallen
        tower is refused.
        """
        if not self.standing:
            raise TowerFallenError("the tower has fallen: there is no tower to add to")
        if drinks < 0:
            raise ValueError(f"drinks must not be negative, got {drinks}")
        if offset_mm is None:
            offset_mm, tilts = self.hand_offsets(drinks)
        else:  # exact: a die put precisely there, its top face as level as the one below
            tilts = (0.0, 0.0)
        first = self.height == 0
        pairs = zip(self.planes, offset_mm, strict=True)
        quiet = not first and all(self._sets_down_quietly(plane, off) for plane, off in pairs)
        for k, plane in enumerate(self.planes):
            if first:
                x = plane.carrier.position.x
                y = self.s / 2.0
            elif quiet:  # it lands where it is put and stays: place it at rest on the top face
                x, y, angle = self._on_top(plane, offset_mm[k])
            else:
                top = plane.dice[-1]
                x = top.position.x + offset_mm[k]
                y = top.position.y + self.s + float(self.p["placement_drop_mm"])
            body, shape = self._die_body(plane, x, y, held=first)
            if quiet:
                top = plane.dice[-1]
                body.angle = angle
                body.velocity = top.velocity
                body.angular_velocity = top.angular_velocity
            plane.dice.append(body)
            plane.shapes.append(shape)
            plane.offsets.append(0.0 if first else offset_mm[k])
            plane.leans.append((plane.leans[-1] if plane.leans else 0.0) + tilts[k])
            plane.frozen = True
            plane.resting = first or quiet
        if first or quiet:
            return True
        for plane in self.planes:
            plane.frozen = False
        self._settle()
        return self.standing

    def hand_offsets(self, drinks: int = 0) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where a hand sets the next die down, per plane: (offset from the die below in mm,
        tilt its top face adds in rad). Draws from the tower's stream.

        The offset is the hand's error, 1-sigma ``placement_error_mm`` (sober, for the first die
        on the held one) + ``placement_error_per_die_mm`` for every die above the held one (the
        top of a taller stack sways, and the hand aiming at it is farther from the table that
        steadies it) + ``placement_error_per_drink_mm`` per drink, plus s·sin(lean): the die sits
        on the top face below it, tilted by the lean of the faces beneath (each die's top face
        adds a tilt of 1-sigma ``face_tilt_rad``: faces are not quite flat nor parallel). To
        first order in the lean (under 0.02 rad, 6 µm off) a column tilted by it is a staircase
        stepping s·lean per die, which is how the plane holds it: its dice stay square, and
        the centre of mass of the dice above any joint sits where the tilted column's does.
        """
        n = self.height
        sd = (
            float(self.p["placement_error_mm"])
            + float(self.p["placement_error_per_die_mm"]) * max(0, n - 1)
            + float(self.p["placement_error_per_drink_mm"]) * drinks
        )
        err = (float(self.rng.normal(0.0, sd)), float(self.rng.normal(0.0, sd)))
        tilt_sd = float(self.p["face_tilt_rad"])
        tilts = (float(self.rng.normal(0.0, tilt_sd)), float(self.rng.normal(0.0, tilt_sd)))
        leans = [plane.leans[-1] if plane.leans else 0.0 for plane in self.planes]
        off = (err[0] + self.s * math.sin(leans[0]), err[1] + self.s * math.sin(leans[1]))
        return off, tilts

    def drive(self, velocities_mm_s: Sequence[tuple[float, float]], dt: float) -> bool:
        """The base follows the (vx, vy) samples, each held for ``dt`` s, then stops and settles.

        Returns whether the tower still stands. A fallen tower is not simulated further.
        """
        if dt <= 0:
            raise ValueError(f"dt must be positive, got {dt}")
        if not self.standing or self.height == 0:
            return self.standing
        n_sub = max(1, int(round(dt / self.dt)))
        vel = np.repeat(np.asarray(velocities_mm_s, dtype=float).reshape(-1, 2), n_sub, axis=0)
        if self._move(vel):
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

    def finish_fall(self, seconds: float = 3.0) -> bool:
        """For a viewer only: once a fall is detected the simulation stops (the rules need only
        know that it fell, and where the dice are then), which leaves the falling column in
        mid-air. This steps both planes on with the base still, until every die has come to rest
        (at most ``seconds``), taking frames if recording. The rules never call it. Returns
        whether anything was simulated (False: the tower stands)."""
        if self.standing:
            return False
        for plane in self.planes:
            plane.frozen = False
            velocity_setter(plane.carrier)((0.0, 0.0))
        n = max(1, int(round(seconds / self.dt)))
        for i in range(n):
            for plane in self.planes:
                plane.step(self.dt)
            self.sim_time_s += self.dt
            self._sample_frame_if_due()
            if i % 30 == 29 and all(
                b.velocity.length < 1.0 and abs(b.angular_velocity) < 0.05 for plane in self.planes for b in plane.dice
            ):
                break
        for plane in self.planes:
            plane.frozen = True
        return True

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

    def carry_speed_mm_s(self, care: str) -> float:
        """How fast a hand of this care level carries a tower (the cruise speed)."""
        return float(care_profile(self.p, care)["speed_mm_s"])

    def push_speed_mm_s(self) -> float:
        return float(self.p["push_speed_mm_s"])

    def carry(
        self,
        path_mm: Sequence[tuple[float, float]],
        care: str = "normal",
        bumped: Sequence[bool] | None = None,
        pause_s: float = 0.25,
        rough: Sequence[Sequence[tuple[float, float]]] | None = None,
    ) -> bool:
        """Carry the tower along straight segments (dx, dy) in mm at a care level.

        Each segment accelerates, cruises and brakes as a hand of that care level does, with
        hand tremor (``jitter``) on top; a segment flagged in ``bumped`` ends in an abrupt
        stop (``bump_stop_s``) instead of braking. ``rough`` gives, per segment, the stretches
        (fractions of its length) over rough ground, where the tremor is stronger
        (``rough_ground_jitter``). Between segments the hand pauses.
        """
        prof = care_profile(self.p, care)
        bumped = list(bumped) if bumped is not None else [False] * len(path_mm)
        if len(bumped) != len(path_mm):
            raise ValueError("bumped needs one flag per segment")
        rough = list(rough) if rough is not None else [()] * len(path_mm)
        if len(rough) != len(path_mm):
            raise ValueError("rough needs one list of stretches per segment")
        return self._carry_profile(path_mm, prof, bumped, pause_s, rough)

    def segment_profile(
        self, dx: float, dy: float, prof: dict[str, float], bump: bool, rough: Sequence[tuple[float, float]] = ()
    ) -> np.ndarray:
        """Base velocity per physics step for one carried segment (see :mod:`.hand`)."""
        return segment_profile(self.p, self.rng, self.dt, dx, dy, prof, bump, rough)

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

    def ride_speed_mm_s(self, inches_per_move: float) -> float:
        """How fast a hand pushes a model along a move of this many inches (a vehicle's current
        speed is its move die: a bigger die is a faster, longer shove across the table)."""
        return float(self.p["vehicle"]["mm_s_per_in"]) * max(0.0, inches_per_move)

    def ride(self, dx_mm: float, dy_mm: float, speed_mm_s: float, crash: bool = False) -> bool:
        """Ride on a vehicle along one straight stretch at ``speed_mm_s``: the hull accelerates
        as hard as a hand shoves a model (``vehicle.accel_mm_s2``), cruises and brakes, with the
        hand's tremor — or, ``crash``, stops dead from that speed (``bump_stop_s``)."""
        prof = {
            "speed_mm_s": max(1.0, speed_mm_s),
            "accel_mm_s2": float(self.p["vehicle"]["accel_mm_s2"]),
            "jitter_mm_s2": float(self.p["vehicle"]["jitter_mm_s2"]),
        }
        return self._carry_profile([(dx_mm, dy_mm)], prof, [crash])

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
                plane.leans.append(0.0)  # (re-stacked aligned: a teleport is exact)
                plane.frozen = plane.resting = True

    def spilled(self) -> list[tuple[float, float, float]]:
        """How the dice of a tower that has just fallen leave it: (height of each die's centre
        above the table in mm, vx, vy in mm/s), for every die above the held one.

        The direction is the way the stack leans in each side view (plus how it is moving); the
        speed is what the simulation gives the die plus what its fall turns into: sideways at
        sqrt(g h / 2) a die let go at height h lands about h away — where the top of a column
        toppling about its foot comes down. Empty for a standing tower."""
        if self.standing or self.height < 2:
            return []
        px, py = self.planes
        out = []
        for i in range(1, self.height):
            bx, by = px.dice[i], py.dice[i]
            h = max(float(bx.position.y), float(by.position.y), self.s / 2.0)
            lx = float(bx.position.x - px.carrier.position.x) + 0.1 * float(bx.velocity.x)
            ly = float(by.position.x - py.carrier.position.x) + 0.1 * float(by.velocity.x)
            d = math.hypot(lx, ly)
            ux, uy = (lx / d, ly / d) if d > 1e-9 else ((1.0, 0.0) if self.fell_in != "y" else (0.0, 1.0))
            speed = math.hypot(float(bx.velocity.x), float(by.velocity.x)) + math.sqrt(self.g * h / 2.0)
            out.append((h, ux * speed, uy * speed))
        return out

    def take_off(self, n: int) -> int:
        """Lift ``n`` dice off the top (fewer if the tower is shorter); returns how many.

        The dice below stay exactly as they were: a hand taking dice off the top of a standing
        stack does not disturb it (a tower at rest stays at rest). Taking the held bottom die
        leaves no tower."""
        if n < 0:
            raise ValueError(f"n must not be negative, got {n}")
        n = min(n, self.height)
        if n == 0:
            return 0
        if n == self.height:
            self.clear()
            return n
        for plane in self.planes:
            for _ in range(n):
                body, shape = plane.dice.pop(), plane.shapes.pop()
                plane.offsets.pop()
                plane.leans.pop()
                plane.space.remove(body, shape)
        return n

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
            (self.planes[0].resting, self.planes[1].resting),
            (tuple(self.planes[0].leans), tuple(self.planes[1].leans)),
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> Tower:
        """An independent copy (a lookahead's scratch match copies every tower): its pymunk
        planes carry C callbacks that cannot be deep-copied, so the copy is rebuilt from a
        snapshot, which continues as any restore of the same snapshot does."""
        twin = Tower.__new__(Tower)
        twin.__dict__.update(self.__dict__)
        twin.rng = np.random.Generator(np.random.PCG64())
        twin._frames = None
        twin.restore(self.snapshot())
        twin.fell_in = self.fell_in
        memo[id(self)] = twin
        return twin

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
        for plane, resting, leans in zip(self.planes, snap.resting, snap.leans, strict=False):
            plane.resting = resting
            plane.leans = list(leans) + [0.0] * (len(plane.dice) - len(leans))
        self.standing = snap.standing
        self.rng.bit_generator.state = snap.rng_state
        self.sim_time_s = snap.sim_time_s
        self.steps = snap.steps

    # ------------------------------------------------------------------ internals

    def _carry_profile(
        self,
        path: Sequence[tuple[float, float]],
        prof: dict[str, float],
        bumped: Sequence[bool],
        pause_s: float = 0.0,
        rough: Sequence[Sequence[tuple[float, float]]] | None = None,
    ) -> bool:
        if not self.standing or self.height == 0:
            return self.standing
        for k, ((dx, dy), bump) in enumerate(zip(path, bumped, strict=False)):
            stretches = rough[k] if rough is not None else ()
            if not self._move(self.segment_profile(dx, dy, prof, bump, stretches)):
                break
            if pause_s > 0 and k < len(path) - 1:  # the hand pauses between move dice
                if not self._still(pause_s, freeze_all=False):
                    break
        if self.standing:
            self._settle()
        return self.standing

    def _move(self, vel: np.ndarray) -> bool:
        """The base follows ``vel`` (one (vx, vy) row per physics step), then stops.

        A plane at rest whose stack cannot tip or slide under the largest base acceleration in
        its component of the motion (:meth:`_tip_acceleration`, with ``skip_margin``) is not
        stepped: its dice ride along rigidly (translated by the base's travel). Falls are checked
        every ``_FALL_CHECK_EVERY`` steps and at the end.
        """
        n = len(vel)
        if n == 0 or not self.standing:
            return self.standing
        active: list[tuple[_Plane, list[float]]] = []
        for k, plane in enumerate(self.planes):
            col = vel[:, k]
            if self._rides_rigidly(plane, col):
                self._translate(plane, float(col.sum()) * self.dt)
            else:
                plane.frozen = False
                active.append((plane, col.tolist()))
        if not active:
            self._idle(n)
            return True
        ok = self._steps([plane for plane, _ in active], n, [vs for _, vs in active])
        for plane, _ in active:
            plane.carrier.velocity = (0.0, 0.0)
        return ok

    def _rides_rigidly(self, plane: _Plane, col: np.ndarray) -> bool:
        """Whether this plane's stack, at rest, cannot tip or slide under the base motion ``col``.

        The largest base acceleration (velocity changes between steps, from rest and back to
        rest) must stay under ``skip_margin`` times the smallest acceleration at which any part
        of the stack tips or slides (rigid-body statics, tested in tests/test_towers.py).
        """
        margin = float(self.p["skip_margin"])
        if margin <= 0 or not plane.resting or len(plane.dice) >= int(self.p["rigid_below_dice"]):
            return False
        if len(plane.dice) < 2:
            return True  # the held die alone cannot fall
        steps = np.concatenate(([0.0], col, [0.0]))
        a_max = float(np.abs(np.diff(steps)).max()) / self.dt
        return a_max <= margin * self._tip_acceleration(plane)

    def _joints(self, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """Per joint j = 1..n-1 (the dice above resting on die j-1): how many dice are above, how
        far their centre of mass is inside the edge of the die below (w/2 − c, c its horizontal
        offset from that die's centre; w = s − 2r, the flat width of a face), and its height h
        above that die's top face. ``pos`` rows are (x, y, angle) of every die, held die first.
        None when the flat-face statics do not apply: a die tilted by more than 0.02 rad against
        the held one, or a joint already at or past its edge."""
        n = len(pos)
        if np.abs(pos[1:, 2] - pos[0, 2]).max() > 0.02:
            return None
        counts = np.arange(n - 1, 0, -1, dtype=float)  # dice above joint j = 1..n-1 (all weigh the same)
        cx = np.cumsum(pos[::-1, 0])[::-1][1:] / counts
        cy = np.cumsum(pos[::-1, 1])[::-1][1:] / counts
        below = pos[:-1]
        inside = (self.s / 2.0 - self.r) - np.abs(cx - below[:, 0])
        h = cy - (below[:, 1] + self.s / 2.0)
        if (inside <= 0).any() or (h <= 0).any():
            return None
        return counts, inside, h

    def _tip_acceleration(self, plane: _Plane) -> float:
        """The smallest steady base acceleration (mm/s²) at which the stack above any joint tips
        over the edge of the die below it, g·(w/2 − c)/h, or slides on it, μ·g (see
        :meth:`_joints`). 0 when the statics do not apply (always simulate)."""
        joints = self._joints(self._positions(plane))
        if joints is None:
            return 0.0
        _, inside, h = joints
        tip = float((self.g * inside / h).min())
        return min(tip, float(self.p["friction_die_die"]) * self.g)

    def _sets_down_quietly(self, plane: _Plane, offset: float) -> bool:
        """Whether a die set down ``offset`` mm off the top of this resting stack lands and stays.

        Energy bound: the die falls ``placement_drop_mm`` before it touches, bringing m·g·drop.
        To tip the stack above joint j over the edge of the die below, its centre of mass (k dice
        at offset c, height h) must rise to above that edge: by sqrt((w/2 − c)² + h²) − h, which
        costs k·m·g times that. If the stack with the new die stands statically at every joint and
        the die brings less than ``skip_margin`` of the cheapest way over an edge, it cannot fall.
        That is rigid-body theory, and it holds at any height: a real acrylic stack is rigid. The
        solver's tall stacks are not (iterative contacts make them springy: they sway and, above
        ~20 dice, buckle by themselves), so simulating a set-down there would only replay the
        solver's artefact — at 32 dice for about a second of simulated time (docs/towers.md).
        """
        margin = float(self.p["skip_margin"])
        if margin <= 0 or not plane.resting or not plane.dice:
            return False
        joints = self._joints(np.vstack([self._positions(plane), [self._on_top(plane, offset)]]))
        if joints is None:
            return False
        counts, inside, h = joints
        lift = np.sqrt(inside**2 + h**2) - h  # mm the centre of mass must rise to tip
        brought = float(self.p["placement_drop_mm"])  # per die mass
        return brought <= margin * float((counts * lift).min())

    def _on_top(self, plane: _Plane, offset: float) -> tuple[float, float, float]:
        """Where a set-down die comes to rest on the top face, ``offset`` mm along it from its centre.

        It rests as the solver leaves it: overlapping the die below by the distance it travels in
        the step of impact, sqrt(2·g·drop)·dt, because the solver leaves overlaps under its
        collision slop alone (0.08 mm with the defaults; a physically settled stack shows the same).
        """
        top = plane.dice[-1]
        x0, y0 = top.position
        a = top.angle
        ca, sa = math.cos(a), math.sin(a)
        impact = math.sqrt(2.0 * self.g * float(self.p["placement_drop_mm"])) * self.dt
        up = self.s - min(impact, plane.space.collision_slop)
        return x0 + offset * ca - up * sa, y0 + offset * sa + up * ca, a

    @staticmethod
    def _positions(plane: _Plane) -> np.ndarray:
        return np.array(read_poses(plane.dice)).reshape(-1, 3)

    def _translate(self, plane: _Plane, dx: float) -> None:
        """Carry a plane's stack rigidly ``dx`` mm along with its base."""
        if dx == 0.0:
            return
        for b in plane.dice:
            x, y = b.position
            b.position = (x + dx, y)
        if not plane.dice:
            x, y = plane.carrier.position
            plane.carrier.position = (x + dx, y)

    def _idle(self, n: int) -> None:
        """``n`` steps pass with nothing to simulate: the clock runs and frames are taken."""
        end = self.sim_time_s + n * self.dt
        if self._frames is not None:
            while self._next_frame_s <= end:
                self._frames.append(self._sample())
                self._next_frame_s += self._frame_every_s
        self.sim_time_s = end

    def _run(self, n: int, check_end: bool = True) -> bool:
        """Step the planes that are not frozen ``n`` times, their bases as they are (see :meth:`_steps`)."""
        return self._steps([plane for plane in self.planes if not plane.frozen], n, None, check_end)

    def _steps(
        self, planes: list[_Plane], n: int, velocities: list[list[float]] | None = None, check_end: bool = True
    ) -> bool:
        """The one stepping loop: step ``planes`` ``n`` times, each base following its list of
        ``velocities`` (one per step; one velocity set per plane and step, only when it changes).
        Falls are checked every 16 steps and at the end (``check_end=False``: the caller checks
        the end itself, from positions it reads anyway). Returns whether the tower stands."""
        every = _FALL_CHECK_EVERY
        for plane in planes:
            plane.resting = False
        steps = [plane.step for plane in planes]
        setters = [velocity_setter(plane.carrier) for plane in planes] if velocities is not None else []
        last: list[float | None] = [None] * len(planes)
        dt = self.dt
        t = self.sim_time_s
        recording = self._frames is not None
        countdown = every
        for i in range(n):  # (a hot loop: locals only, one velocity set per plane only when it changes)
            if velocities is None:
                for step in steps:
                    step(dt)
            else:
                for j, step in enumerate(steps):
                    v = velocities[j][i]
                    if v != last[j]:
                        setters[j]((v, 0.0))
                        last[j] = v
                    step(dt)
            t += dt
            if recording and t >= self._next_frame_s:
                self.sim_time_s = t
                self._sample_frame_if_due()
            countdown -= 1
            if countdown == 0 and i < n - 1 or i == n - 1 and check_end:
                countdown = every
                self.sim_time_s = t
                if self._check_fallen():
                    self.steps += (i + 1) * len(steps)
                    return False
        self.sim_time_s = t
        self.steps += n * len(steps)
        return True

    def _settle(self) -> None:
        """Let the tower come to rest (at most ``max_settle_s``), then freeze it."""
        self._still(float(self.p["max_settle_s"]), freeze_all=True)

    def _still(self, seconds: float, freeze_all: bool) -> bool:
        """The base held still for up to ``seconds``; each plane freezes as soon as it is at rest.

        At rest: over the last ``rest_window_s`` (positions sampled every 16 steps) no point of
        any free die moved farther than ``rest_speed_mm_s`` × the window — a pace at which
        nothing moves as much as a player can see within the eye's integration time
        (docs/towers.md). This measures displacement, not the solver's instantaneous velocities
        (which jitter). Freezing pauses a plane, it does not stop it: whatever motion is left
        (the slow sway of a tall stack, caught near a turning point) resumes with the next
        motion. Returns early once every plane is at rest; ``freeze_all`` freezes the rest when
        time runs out. Returns whether the tower stands.
        """
        every = _FALL_CHECK_EVERY
        window = max(1, int(round(float(self.p["rest_window_s"]) / (every * self.dt))))
        limit = float(self.p["rest_speed_mm_s"]) * window * every * self.dt  # mm within the window
        budget = max(1, int(round(seconds / self.dt)))
        history: list[list[np.ndarray]] = [[], []]
        for plane in self.planes:
            if len(plane.dice) < 2 and plane.carrier.velocity.x == 0.0:
                plane.frozen = plane.resting = True  # nothing free to move
        done = 0
        while True:
            live = [k for k, plane in enumerate(self.planes) if not plane.frozen]
            if not live:
                return True
            for k in live:
                hist = history[k]
                pose = self._pose(self.planes[k])
                if done and self._left_the_stack(k, pose):
                    return False
                hist.append(pose)
                if done and self._cannot_fall(self.planes[k]):
                    self.planes[k].frozen = True  # (paused, not at rest: its sway resumes with the next motion)
                    continue
                if len(hist) > window:
                    if len(hist) > window + 1:
                        del hist[0]
                    if float(np.ptp(np.stack(hist), axis=0).max()) <= limit:
                        self.planes[k].frozen = self.planes[k].resting = True
            if all(plane.frozen for plane in self.planes) or done >= budget:
                break
            n = min(every, budget - done)
            if not self._run(n, check_end=False):
                return False
            done += n
        if freeze_all:
            for plane in self.planes:
                plane.frozen = True
        return True

    def _cannot_fall(self, plane: _Plane) -> bool:
        """Whether a plane whose base is held still can no longer fall, by the energy bound: the
        kinetic energy left in its free dice (½mv² + ½Iω², I = m s²/6) is under ``skip_margin`` of
        the cheapest way to tip the dice above any joint over the edge of the die below (raising
        their centre of mass over it: k·m·g·(√((w/2 − c)² + h²) − h), from where they are now).
        Then the rest of its settling cannot topple it, and it need not be simulated: it is
        paused with its motion kept (it resumes with the next motion, as after the rest test).
        Only below ``rigid_below_dice``, where the simulated stack is as rigid as the bound assumes."""
        margin = float(self.p["skip_margin"])
        n = len(plane.dice)
        if margin <= 0 or n < 2 or n >= int(self.p["rigid_below_dice"]) or plane.carrier.velocity.x != 0.0:
            return False
        joints = self._joints(self._positions(plane))
        if joints is None:
            return False
        counts, inside, h = joints
        tip = self.m * self.g * float((counts * (np.sqrt(inside**2 + h**2) - h)).min())
        motion = np.array(read_motion(plane.dice[1:]))
        kinetic = (
            0.5
            * self.m
            * float((motion[:, 0] ** 2 + motion[:, 1] ** 2).sum() + (self.s**2 / 6.0) * (motion[:, 2] ** 2).sum())
        )
        return kinetic <= margin * tip

    def _pose(self, plane: _Plane) -> np.ndarray:
        """Where the free dice of a plane are: centre x, y and the corner's travel from turning."""
        pose = np.array(read_poses(plane.dice[1:])).reshape(-1, 3)
        pose[:, 2] *= self.s / math.sqrt(2.0)
        return pose

    def _check_fallen(self) -> bool:
        for k, plane in enumerate(self.planes):
            if plane.frozen:
                continue  # a frozen plane has not moved since it was last checked
            if self._left_the_stack(k, None):
                return True
        return False

    def _left_the_stack(self, k: int, pose: np.ndarray | None) -> bool:
        """Whether a die of plane ``k`` has left the stack (its centre ``fall_drop_mm`` below its
        place); if so the tower has fallen. ``pose``: that plane's :meth:`_pose`, if read already."""
        plane = self.planes[k]
        drop = float(self.p["fall_drop_mm"])
        ys = pose[:, 1] if pose is not None else [y for _, y, _ in read_poses(plane.dice[1:])]
        for i, y in enumerate(ys, start=1):
            if y < (i + 0.5) * self.s - drop:
                self.standing = False
                self.fell_in = "xy"[k]
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

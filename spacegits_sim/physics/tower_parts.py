"""The plain parts of a tower: a plane (one side view), a snapshot, a frame, the fallen error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pymunk


@dataclass
class _Plane:
    """One side view: a space, the carrier (kinematic), the held bottom die and the free dice."""

    space: pymunk.Space
    carrier: pymunk.Body
    dice: list[pymunk.Body] = field(default_factory=list)
    shapes: list[pymunk.Shape] = field(default_factory=list)
    offsets: list[float] = field(default_factory=list)  # intended x of each die relative to the one below
    leans: list[float] = field(default_factory=list)  # tilt (rad) of each die's top face from level: imperfect faces
    frozen: bool = True  # not stepped (between calls, or at rest during one)
    step: Callable[[float], None] = field(init=False)
    resting: bool = False  # passed the rest test (or built aligned) and not stepped since

    def __post_init__(self) -> None:
        self.step = direct_step(self.space)


@dataclass(frozen=True)
class TowerSnapshot:
    """Everything needed to put a tower back exactly as it was (renderer, replays, lookahead)."""

    height: int
    standing: bool
    planes: tuple[tuple[tuple[float, float, float, float, float, float], ...], ...]  # per plane, per die: x,y,a,vx,vy,w
    carrier_x: tuple[float, float]
    rng_state: dict[str, Any]
    sim_time_s: float
    steps: int
    resting: tuple[bool, bool] = (False, False)
    leans: tuple[tuple[float, ...], ...] = ((), ())  # per plane, per die: the tilt of its top face (rad)


Frame = list[tuple[float, float, float]]  # one die per entry: x mm, y mm, angle rad


class TowerFallenError(RuntimeError):
    """Adding to, or asking things of, a tower that has already fallen."""


def _no_gravity(body: pymunk.Body, _gravity: Any, _damping: float, dt: float) -> None:
    pymunk.Body.update_velocity(body, (0.0, 0.0), 1.0, dt)


def _chipmunk() -> tuple[Any, Any]:
    """pymunk's C library and its cffi ``ffi``, if its internals are the ones the shortcuts below
    were written against (pymunk 7: ``Space._space``, ``Body._body``); else (None, None), and
    they use the public API."""
    try:
        from pymunk._chipmunk import ffi, lib

        lib.cpBodyGetPosition(pymunk.Body(1.0, 1.0)._body)
        _ = pymunk.Space()._space
    except (ImportError, AttributeError):  # pragma: no cover - another pymunk
        return None, None
    return lib, ffi


_LIB, _FFI = _chipmunk()


def direct_step(space: pymunk.Space) -> Callable[[float], None]:
    """``space.step`` without pymunk's Python bookkeeping around the C step.

    ``Space.step`` also runs post-step callbacks and queued adds and removes; a tower space uses
    none of them (bodies are added and removed between steps, never from a callback), and for
    a small space that bookkeeping is a fifth of the step's cost. (It also asserts that every
    body added has a positive mass: dice are built with theirs.)

    The partial holds a *borrowed* pointer to the C space (``ffi.cast``), not pymunk's owning
    handle ``space._space``, so it never keeps the C space alive past the ``pymunk.Space``; the
    caller keeps ``space`` alive while it steps (a :class:`_Plane` holds both). Why it must not
    own it: pymunk frees a C space when its handle dies, by iterating its shapes and bodies
    through Python callbacks with the space locked (``cpSpaceEachShape``). Holding the handle in
    the partial meant a dropped plane freed its ``Space`` (and with it the only references to
    its dice, whose pymunk objects are in cycles, so only the garbage collector frees them)
    *before* the C space; a collection that then fell inside one of those callbacks (a rare
    full one, after hours of play in one process) freed the dice, whose destructors remove them
    from the still-locked space: chipmunk's abort "cannot be done safely during a call to
    cpSpaceStep() or during a query" (cpSpace.c:485), which killed long one-process
    tournaments. Owned by the ``Space`` alone, the C space is freed while the ``Space``'s own
    tables still hold the dice, so no collection can free them during it (as in plain pymunk).
    """
    if _LIB is None:  # pragma: no cover - another pymunk
        return space.step
    borrowed = _FFI.cast("cpSpace *", space._space)  # (not owning: see above)
    return partial(_LIB.cpSpaceStep, borrowed)  # (a C partial: no Python frame per step)


def velocity_setter(body: pymunk.Body) -> Callable[[tuple[float, float]], None]:
    """Set a kinematic carrier's velocity straight in chipmunk (the carry loop sets it every
    step; pymunk's property goes through its typed ``__setattr__`` and an assert each time).

    The setter holds pymunk's owning handle to the body: keep it only as long as ``body`` (the
    stepping loop's local), or the body's C side would outlive its pymunk object and be freed
    late, outside the collector (the trap :func:`direct_step` explains)."""
    if _LIB is None:  # pragma: no cover - another pymunk

        def set_v(v: tuple[float, float]) -> None:
            body.velocity = v

        return set_v
    return partial(_LIB.cpBodySetVelocity, body._body)


def _read3(bodies: list[pymunk.Body], vec: str, scalar: str) -> list[tuple[float, float, float]]:
    """(vector x, vector y, scalar) of many bodies at once, straight from chipmunk."""
    assert _LIB is not None
    get_v, get_s = getattr(_LIB, vec), getattr(_LIB, scalar)
    out = []
    for b in bodies:
        h = b._body
        v = get_v(h)
        out.append((v.x, v.y, get_s(h)))
    return out


def read_motion(bodies: list[pymunk.Body]) -> list[tuple[float, float, float]]:
    """(vx, vy, angular velocity) of many bodies at once, straight from chipmunk."""
    if _LIB is None:  # pragma: no cover - another pymunk
        return [(b.velocity.x, b.velocity.y, b.angular_velocity) for b in bodies]
    return _read3(bodies, "cpBodyGetVelocity", "cpBodyGetAngularVelocity")


def read_poses(bodies: list[pymunk.Body]) -> list[tuple[float, float, float]]:
    """(x, y, angle) of many bodies at once, straight from chipmunk.

    The rest test and the fall check read every die every 16 steps; going through
    ``Body.position`` builds a Vec2d per read, which is most of their cost.
    """
    if _LIB is None:  # pragma: no cover - another pymunk
        return [(b.position.x, b.position.y, b.angle) for b in bodies]
    return _read3(bodies, "cpBodyGetPosition", "cpBodyGetAngle")

"""The plain parts of a tower: a plane (one side view), a snapshot, a frame, the fallen error."""

from __future__ import annotations

from dataclasses import dataclass, field
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
    frozen: bool = True


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


Frame = list[tuple[float, float, float]]  # one die per entry: x mm, y mm, angle rad


class TowerFallenError(RuntimeError):
    """Adding to, or asking things of, a tower that has already fallen."""


def _no_gravity(body: pymunk.Body, _gravity: Any, _damping: float, dt: float) -> None:
    pymunk.Body.update_velocity(body, (0.0, 0.0), 1.0, dt)

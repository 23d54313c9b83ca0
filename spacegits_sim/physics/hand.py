"""The carrying hand: how a person moves a base, as a base velocity for every physics step.

Each care level (``carry`` in towers.yaml) is a trapezoid — accelerate, cruise, brake — with
hand tremor on top (three random sines per axis whose acceleration RMS is ``jitter``), and no
two moves alike (``hand_variation``: log-normal spread of acceleration and tremor). A bumped
segment ends in an abrupt stop instead of braking.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

CARE_LEVELS: tuple[str, ...] = ("careful", "normal", "hurried")


def care_profile(p: dict[str, Any], care: str) -> dict[str, float]:
    """The hand's profile at a care level (speed, acceleration, tremor)."""
    carry = p["carry"]
    if care not in carry:
        raise ValueError(f"unknown care level '{care}' (valid: {', '.join(carry)})")
    return carry[care]  # type: ignore[no-any-return]


def segment_profile(
    p: dict[str, Any],
    rng: np.random.Generator,
    dt: float,
    dx: float,
    dy: float,
    prof: dict[str, float],
    bump: bool,
    rough: Sequence[tuple[float, float]] = (),
) -> np.ndarray:
    """Base velocity per physics step for one carried segment (trapezoid + tremor), shape (n, 2).

    ``rough`` lists the stretches of the segment (fractions of its length, from, to) that
    cross rough ground: there the tremor is ``rough_ground_jitter`` times stronger, as the
    carrier picks their way over scrap. Computed with numpy in one pass: the carry loop then
    only reads one row per step.
    """
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return np.zeros((0, 2))
    ux, uy = dx / length, dy / length
    # no two moves of a hand are alike: each segment's acceleration and tremor vary log-normally
    sig = float(p["hand_variation"])
    hand = math.exp(sig * float(rng.normal())) if sig > 0 else 1.0
    v, a = float(prof["speed_mm_s"]), float(prof["accel_mm_s2"]) * hand
    t_acc = v / a
    d_acc = 0.5 * a * t_acc**2
    if 2 * d_acc > length:  # triangle profile: never reaches cruise speed
        t_acc = math.sqrt(length / a)
        v = a * t_acc
        d_acc = length / 2
    t_cruise = (length - 2 * d_acc) / v
    if bump:  # no braking: the carrier walks into something and stops dead
        t_total = t_acc + t_cruise + t_acc / 2
    else:
        t_total = 2 * t_acc + t_cruise
    n = max(1, int(math.ceil(t_total / dt)))
    jit = float(prof["jitter_mm_s2"]) * (math.exp(sig * float(rng.normal())) if sig > 0 else 1.0)
    f0 = float(p["jitter_hz"])
    t = (np.arange(n) + 0.5) * dt
    if bump:
        speed = np.minimum(a * t, v)
    else:
        speed = np.clip(np.minimum(a * t, v - a * (t - t_acc - t_cruise)), 0.0, v)
    env = np.sin(np.pi * np.minimum(1.0, t / t_total))
    jx = np.zeros(n)
    jy = np.zeros(n)
    amp_a = jit * math.sqrt(2.0 / 3.0)
    for _ in range(3):  # three random tremor sines per axis; acceleration RMS = jitter
        f = f0 * float(rng.uniform(0.5, 1.5))
        amp = amp_a / (2 * math.pi * f)
        ph, ph2 = float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(0, 2 * math.pi))
        jx += amp * np.sin(2 * math.pi * f * t + ph)
        jy += amp * np.sin(2 * math.pi * f * t + ph2)
    if rough:  # no random draws here: a carry on smooth ground is unchanged
        done = np.cumsum(speed) * dt / length
        boost = np.ones(n)
        for lo, hi in rough:
            boost[(done >= lo) & (done <= hi)] = float(p["rough_ground_jitter"])
        env = env * boost
    out = np.empty((n, 2))
    out[:, 0] = ux * speed + jx * env
    out[:, 1] = uy * speed + jy * env
    if bump:  # the abrupt stop: speed to zero within bump_stop_s
        k = max(1, int(float(p["bump_stop_s"]) / dt))
        ramp = 1.0 - (np.arange(k) + 1.0) / k
        out = np.concatenate([out, out[-1] * ramp[:, None]])
    return out

"""Tower Lab: fall-rate sweeps over tower height × care level × experiment, for tuning towers.

An application module (it knows what a 3D6 scoot and a 3" shove are), built on the
game-agnostic :class:`~spacegits_sim.physics.tower.Tower`. ``spacegits towers`` is its CLI;
tests use the same trial function, so what the tool reports is what the tests check.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .atomic import write_figure
from .physics.tower import CARE_LEVELS, Tower
from .rng import stream

EXPERIMENTS: tuple[str, ...] = ("scoot", "shove", "hit")
MM_PER_IN = 25.4


@dataclass(frozen=True)
class Trial:
    height: int
    care: str
    experiment: str
    seed: int


@dataclass
class Cell:
    """Fall counts for one (height, care) cell of a sweep."""

    height: int
    care: str
    experiment: str
    trials: int
    falls: int
    sim_s: float  # simulated seconds of the experiment (not the building), summed
    wall_s: float  # wall seconds of the experiment, summed

    @property
    def rate(self) -> float:
        return self.falls / self.trials if self.trials else float("nan")

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.falls, self.trials)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score 95% interval for a binomial proportion (good near 0 and 1, unlike ±2σ)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def scoot_path(rng: np.random.Generator, dice: Sequence[int] = (6, 6, 6)) -> list[tuple[float, float]]:
    """A scoot's segments in mm: each move die lands somewhere around the git; it walks its value."""
    segs = []
    for sides in dice:
        value = int(rng.integers(1, sides + 1))
        ang = float(rng.uniform(0, 2 * math.pi))
        d = value * MM_PER_IN
        segs.append((d * math.cos(ang), d * math.sin(ang)))
    return segs


def run_trial(trial: Trial, params: dict[str, Any] | None) -> tuple[bool, float, float]:
    """Build a tower of ``trial.height`` dice one at a time, then run the experiment on it.

    Returns (fell, simulated seconds, wall seconds) of the experiment alone. A tower that
    falls while being built (it never does with sober defaults) counts as a fall.
    """
    tower = Tower(params, seed=trial.seed)
    for _ in range(trial.height):
        if not tower.add_die():
            return True, 0.0, 0.0
    rng = stream(trial.seed, f"towerlab/{trial.experiment}")
    t0 = time.perf_counter()
    s0 = tower.sim_time_s
    if trial.experiment == "scoot":
        ok = tower.carry(scoot_path(rng), trial.care)
    elif trial.experiment == "shove":
        ang = float(rng.uniform(0, 2 * math.pi))
        ok = tower.push((math.cos(ang), math.sin(ang)))
    elif trial.experiment == "hit":
        # a stray d6 sliding across the table hits the bottom of the tower at 200-800 mm/s
        ang = float(rng.uniform(0, 2 * math.pi))
        speed = float(rng.uniform(200, 800))
        ok = tower.hit(8.0, (speed * math.cos(ang), speed * math.sin(ang)), 4.5)
    else:
        raise ValueError(f"unknown experiment '{trial.experiment}' (valid: {', '.join(EXPERIMENTS)})")
    return (not ok), tower.sim_time_s - s0, time.perf_counter() - t0


def _run_chunk(trials: list[Trial], params: dict[str, Any] | None) -> list[tuple[Trial, bool, float, float]]:
    return [(t, *run_trial(t, params)) for t in trials]


def sweep(
    heights: Sequence[int],
    cares: Sequence[str],
    trials: int,
    experiment: str = "scoot",
    params: dict[str, Any] | None = None,
    jobs: int = 1,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[Cell]:
    """Run ``trials`` seeded trials per (height, care); return one :class:`Cell` each.

    Seeds depend only on (seed, height, care index, trial index), so the result does not
    depend on ``jobs`` or on scheduling.
    """
    if experiment not in EXPERIMENTS:
        raise ValueError(f"unknown experiment '{experiment}' (valid: {', '.join(EXPERIMENTS)})")
    for c in cares:
        if c not in CARE_LEVELS:
            raise ValueError(f"unknown care level '{c}' (valid: {', '.join(CARE_LEVELS)})")
    cells = {(h, c): Cell(h, c, experiment, 0, 0, 0.0, 0.0) for h in heights for c in cares}
    work = [
        Trial(h, c, experiment, seed * 1_000_003 + h * 10_007 + ci * 1_009 + k)
        for h in heights
        for ci, c in enumerate(cares)
        for k in range(trials)
    ]
    total = len(work)
    done = 0

    def record(results: list[tuple[Trial, bool, float, float]]) -> None:
        nonlocal done
        for t, fell, sim_s, wall_s in results:
            cell = cells[(t.height, t.care)]
            cell.trials += 1
            cell.falls += int(fell)
            cell.sim_s += sim_s
            cell.wall_s += wall_s
        done += len(results)
        if progress:
            progress(done, total)

    chunk = max(1, min(25, total // (4 * max(1, jobs)) or 1))
    chunks = [work[i : i + chunk] for i in range(0, total, chunk)]
    if jobs <= 1:
        for ch in chunks:
            record(_run_chunk(ch, params))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futs = [pool.submit(_run_chunk, ch, params) for ch in chunks]
            for f in as_completed(futs):
                record(f.result())
    return [cells[(h, c)] for h in heights for c in cares]


def cells_to_json(cells: list[Cell], meta: dict[str, Any]) -> dict[str, Any]:
    return {"meta": meta, "cells": [{**asdict(c), "rate": c.rate, "ci95": list(c.ci95)} for c in cells]}


def plot(cells: list[Cell], path: str, title: str) -> None:
    """Fall rate vs height, one line per care level, 95% CI bands (matplotlib, headless)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=120)
    colours = {"careful": "#2a9d8f", "normal": "#e9c46a", "hurried": "#e76f51"}
    for care in dict.fromkeys(c.care for c in cells):
        cs = sorted((c for c in cells if c.care == care), key=lambda c: c.height)
        hs = [c.height for c in cs]
        ax.plot(hs, [c.rate for c in cs], marker="o", label=care, color=colours.get(care))
        ax.fill_between(hs, [c.ci95[0] for c in cs], [c.ci95[1] for c in cs], alpha=0.2, color=colours.get(care))
    ax.set_xlabel("tower height (dice)")
    ax.set_ylabel("fall rate")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(title="care")
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


COLLAPSE_CAP = 120  # dice: a build that gets this far is stopped (it never does with the defaults)


@dataclass(frozen=True)
class Build:
    """One tower (or a vehicle's two) built die by die, never carried, until it topples."""

    seed: int
    vehicle: bool  # two towers, each die on the shorter one (as a boss keeps a vehicle's towers)
    height: int  # dice on the model when it toppled, the toppling die included (COLLAPSE_CAP: it never did)
    simulated: int  # set-downs the energy bound could not vouch for, simulated in full


def build_until_it_falls(seed: int, vehicle: bool, params: dict[str, Any] | None) -> Build:
    """Stack dice one at a time on a git's tower (or a vehicle's two) until one topples it."""
    towers = [Tower(params, seed=seed)] + ([Tower(params, seed=seed + 7_919_113)] if vehicle else [])
    n = simulated = 0
    while n < COLLAPSE_CAP:
        t = min(towers, key=lambda tw: tw.height)  # (the first of equals: the first tower)
        steps = t.steps
        ok = t.add_die()
        n += 1
        simulated += t.steps > steps
        if not ok:
            break
    return Build(seed, vehicle, n, simulated)


def _build_chunk(seeds: list[int], vehicle: bool, params: dict[str, Any] | None) -> list[Build]:
    return [build_until_it_falls(s, vehicle, params) for s in seeds]


def self_collapse(
    builds: int, vehicle: bool = False, params: dict[str, Any] | None = None, jobs: int = 1, seed: int = 0
) -> list[Build]:
    """``builds`` seeded towers (or vehicles) built die by die until they topple, in seed order
    whatever ``jobs`` is."""
    seeds = [seed * 1_000_003 + 500_000 + k for k in range(builds)]
    chunks = [seeds[i : i + 25] for i in range(0, builds, 25)]
    if jobs <= 1:
        return [b for ch in chunks for b in _build_chunk(ch, vehicle, params)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [
            b for part in pool.map(_build_chunk, chunks, [vehicle] * len(chunks), [params] * len(chunks)) for b in part
        ]


def hazard(heights: Sequence[int]) -> list[tuple[int, int, int]]:
    """(dice on the model before the die, dice put on at that count, how many toppled it), from
    the heights at which builds toppled: each build put one die on at every count below its
    height and its last die toppled it."""
    top = max(heights, default=0)
    put = [0] * (top + 1)
    fell = [0] * (top + 1)
    for h in heights:
        for k in range(h):
            put[k] += 1
        if h < COLLAPSE_CAP:
            fell[h - 1] += 1
    return [(k, put[k], fell[k]) for k in range(top) if put[k]]


def plot_collapse(curves: dict[str, Sequence[int]], path: str, title: str, window: int = 3) -> None:
    """Fall probability per added die against the dice already on the model, one line per case,
    95% Wilson bands; counts pooled over ``window`` neighbouring heights so the tail is readable."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=120)
    colours = {"git": "#2a9d8f", "vehicle": "#e76f51"}
    for name, heights in curves.items():
        rows = hazard(heights)
        xs, ys, lo, hi = [], [], [], []
        for i in range(0, len(rows), window):
            part = rows[i : i + window]
            n = sum(r[1] for r in part)
            k = sum(r[2] for r in part)
            if n < 5:
                continue
            xs.append(sum(r[0] * r[1] for r in part) / n)
            ys.append(k / n)
            a, b = wilson(k, n)
            lo.append(a)
            hi.append(b)
        ax.plot(xs, ys, marker="o", ms=3, label=f"{name} ({len(heights)} builds)", color=colours.get(name))
        ax.fill_between(xs, lo, hi, alpha=0.2, color=colours.get(name))
    ax.axvline(49, color="grey", ls=":", lw=1)
    ax.text(49.5, 0.9, "49: the record", color="grey", fontsize=8)
    ax.set_xlabel("dice already on the model (a vehicle: both towers)")
    ax.set_ylabel("fall probability of the next die")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


MAX_HEIGHT = 40  # dice in a tower the sweep will simulate


_HEIGHT_ITEM = re.compile(r"(?P<a>[0-9]+)(?:-(?P<b>[0-9]+))?(?::(?P<step>[0-9]+))?")
_HEIGHTS_FORM = "heights in dice like 1-12, 2,4,8 or 2-10:2"


def _count(digits: str) -> int:
    """Digits as a number, any beyond ten million read as ten million (out of range all the same):
    a 10,000-digit height must be refused at once, not parsed."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 7 else 10**7


def parse_heights(text: str) -> list[int]:
    """ "1-12" → 1..12; "1,3,5" → [1, 3, 5]; "2-10:2" → 2, 4, …, 10.

    Each refusal is one sentence saying what is wrong with which item (an empty item, a range
    written backwards, a height outside 1 to MAX_HEIGHT, a height given twice) and the valid form,
    because "must be between 1 and 40" for ``5-2`` sends a user looking for the wrong mistake."""
    whole = text.strip()[:40]
    if not text.strip():
        raise ValueError(f"--heights is empty: give {_HEIGHTS_FORM}")
    out: list[int] = []
    for n, raw in enumerate(text.split(","), start=1):
        item = raw.strip()
        if not item:
            raise ValueError(f"--heights '{whole}': item {n} is empty (a stray comma?): give {_HEIGHTS_FORM}")
        m = _HEIGHT_ITEM.fullmatch(item)
        if m is None:
            if item.startswith("-") and _HEIGHT_ITEM.fullmatch(item[1:]):
                raise ValueError(f"--heights '{whole}': a tower is at least 1 die high (from 1 to {MAX_HEIGHT})")
            raise ValueError(f"--heights '{whole}': '{item[:20]}' is not a height: give {_HEIGHTS_FORM}")
        a = _count(m["a"])
        b = _count(m["b"]) if m["b"] else a
        step = _count(m["step"]) if m["step"] else 1
        for h, written in ((a, m["a"]), (b, m["b"] or m["a"])):
            if not 1 <= h <= MAX_HEIGHT:
                raise ValueError(
                    f"--heights '{whole}': {written[:20]} dice is out of range: "
                    f"towers of 1 to {MAX_HEIGHT} dice are simulated"
                )
        if b < a:
            raise ValueError(
                f"--heights '{whole}': the range {item} runs backwards: write the low end first, e.g. {b}-{a}"
            )
        if m["step"] and not m["b"]:
            raise ValueError(f"--heights '{whole}': a step (:{m['step'][:6]}) needs a range before it, e.g. 2-10:2")
        if step < 1:
            raise ValueError(f"--heights '{whole}': the step after ':' must be 1 or more, e.g. {a}-{b}:2")
        for h in range(a, b + 1, step):
            if h in out:
                raise ValueError(f"--heights '{whole}': height {h} is given twice")
            out.append(h)
    return out

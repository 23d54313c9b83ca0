"""Scenarios: table size, terrain layout, bosses and their gangs, timer, options, seed.

Gang paths are relative to the scenario file; a gang may also be written inline. Every
problem in the scenario and its gangs is reported at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..data.errors import DataError, Problem, short
from ..data.paths import scenarios_dir
from ..data.rules_data import RulesData
from ..data.yamlio import read_yaml
from . import effects
from .gangs import Gang, gang_from_doc, unsimulated, validate_gang

Point = tuple[float, float]

#: Options a scenario may set, with their defaults (docs/rules.md explains each).
DEFAULT_OPTIONS: dict[str, Any] = {
    "safety_rule": True,  # end a match that runs far past the siren (AI matches)
    "safety_factor": 1.5,  # ... once the clock passes timer x this
    "max_activations": 400,  # hard stop for runaway matches (counts as the safety rule)
    "dice_tray": True,  # thump dice and other dice whose landing place does not matter are rolled off-table
    "real_clock": False,  # hot-seat: the wall clock drives the siren instead of the time-cost model
    "max_models": 5,  # models each boss may deploy
    "middle_cap": True,  # "Put one more cap in the middle"
    "deploy_distance_in": 4.0,  # gits deploy at least this far from caps and enemy models
    "vehicle_deploy_distance_in": 8.0,
}


@dataclass(frozen=True)
class TerrainPiece:
    id: str
    type: str
    polygon: tuple[Point, ...] | None
    circle: tuple[Point, float] | None


@dataclass(frozen=True)
class Player:
    boss: str
    gang: Gang
    stash: int | None = None  # a campaign's stash carried in (None: the gang's starting stash)


@dataclass(frozen=True)
class Scenario:
    name: str
    width: float
    height: float
    terrain: tuple[TerrainPiece, ...]
    players: tuple[Player, ...]
    timer_min: float
    cap_budget: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    caps_per_boss: int = 6


_KEYS = {"name", "table", "timer_min", "cap_budget", "seed", "options", "terrain", "players", "caps_per_boss"}


MAX_TERRAIN = 500
MAX_POLYGON_POINTS = 64
#: option -> (lowest, highest) for the numeric options
OPTION_RANGES: dict[str, tuple[float, float]] = {
    "safety_factor": (1.0, 10.0),
    "max_activations": (1, 10_000),
    "max_models": (1, 50),
    "deploy_distance_in": (0.0, 24.0),
    "vehicle_deploy_distance_in": (0.0, 48.0),
}


def _number_ok(c: Any) -> bool:
    return isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c)


def _point(v: Any) -> Point | None:
    if isinstance(v, (list, tuple)) and len(v) == 2 and all(_number_ok(c) for c in v):
        return (float(v[0]), float(v[1]))
    return None


def polygon_problem(pts: tuple[Point, ...]) -> str | None:
    """Why a polygon cannot be a piece of terrain (None: it can). The table takes convex
    pieces; a concave one is refused, never silently replaced by its hull."""
    n = len(pts)
    area2 = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
    if abs(area2) / 2 < 1e-6:
        return "has no area (its points are on one line)"
    sign = 0
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(cross) < 1e-12:
            continue
        if sign and (cross > 0) != (sign > 0):
            return "is concave (or crosses itself): the table takes convex pieces, so split it into convex polygons"
        sign = 1 if cross > 0 else -1
    return None


def scenario_from_doc(doc: Any, label: str, rules: RulesData, base: Path | None = None) -> Scenario:
    """A scenario from its plain data; every problem in it and its gangs is reported at once."""
    problems: list[Problem] = []
    if not isinstance(doc, dict):
        raise DataError([Problem(label, None, None, "a scenario is a mapping (name, table, terrain, players…)")])
    for k in doc:
        if k not in _KEYS:
            problems.append(Problem(label, None, str(k), f"unknown key (valid keys: {', '.join(sorted(_KEYS))})"))
    name = doc.get("name", Path(label).stem)
    width, height = _table_size(doc.get("table", {"width_in": 24, "height_in": 24}), label, problems)
    timer = _number(doc, "timer_min", 30, 1, 240, label, problems)
    budget = int(_number(doc, "cap_budget", 25, 0, 1000, label, problems, integer=True))
    seed = int(_number(doc, "seed", 0, 0, 2**63 - 1, label, problems, integer=True))
    caps_per_boss = int(_number(doc, "caps_per_boss", 6, 0, 50, label, problems, integer=True))
    options = _options(doc.get("options", {}) or {}, label, problems)
    terrain: list[TerrainPiece] = []
    raw_terrain = doc.get("terrain", []) or []
    if not isinstance(raw_terrain, list):
        problems.append(Problem(label, None, "terrain", "expected a list of pieces"))
        raw_terrain = []
    elif len(raw_terrain) > MAX_TERRAIN:
        problems.append(Problem(label, None, "terrain", f"{len(raw_terrain)} pieces; at most {MAX_TERRAIN}"))
        raw_terrain = []
    for i, t in enumerate(raw_terrain):
        piece = _terrain_piece(t, f"terrain #{i + 1}", i, width, height, rules, label, problems)
        if piece is None:
            continue
        if any(p.id == piece.id for p in terrain):
            problems.append(Problem(label, f"terrain #{i + 1}", "id", f"'{piece.id}' is used twice: ids must differ"))
            continue
        terrain.append(piece)
    players = _players(doc.get("players"), budget, rules, label, base, problems)
    if problems:
        raise DataError(problems)
    return Scenario(
        str(name), width, height, tuple(terrain), tuple(players), timer, budget, seed, options, label, caps_per_boss
    )


def _table_size(table: Any, label: str, problems: list[Problem]) -> tuple[float, float]:
    """(width, height) in inches; the default 24x24 for any side that is not a valid number."""
    if not isinstance(table, dict):
        problems.append(Problem(label, None, "table", "expected {width_in: 24, height_in: 24}"))
        return 24.0, 24.0
    size = {"width_in": 24.0, "height_in": 24.0}
    for k, v in table.items():
        if k not in size:
            problems.append(Problem(label, "table", str(k), "unknown key (valid: width_in, height_in)"))
        elif isinstance(v, bool) or not isinstance(v, (int, float)) or not (6 <= v <= 120):
            problems.append(
                Problem(label, "table", str(k), f"must be a number of inches from 6 to 120, got {short(v)}")
            )
        else:
            size[k] = float(v)
    return size["width_in"], size["height_in"]


def _number(
    doc: dict[str, Any],
    key: str,
    default: float,
    lo: float,
    hi: float,
    label: str,
    problems: list[Problem],
    integer: bool = False,
) -> float:
    v = doc.get(key, default)
    ok = (
        isinstance(v, (int, float))
        and not isinstance(v, bool)
        and lo <= v <= hi
        and (not integer or isinstance(v, int))
    )
    if not ok:
        what = "a whole number" if integer else "a number"
        problems.append(Problem(label, None, key, f"must be {what} from {lo} to {hi}, got {short(v)}"))
        return default
    return float(v)


def _options(opts: Any, label: str, problems: list[Problem]) -> dict[str, Any]:
    options = dict(DEFAULT_OPTIONS)
    if not isinstance(opts, dict):
        problems.append(Problem(label, None, "options", "expected a mapping"))
        return options
    for k, v in opts.items():
        if k not in DEFAULT_OPTIONS:
            valid = ", ".join(sorted(DEFAULT_OPTIONS))
            problems.append(Problem(label, "options", str(k), f"unknown option (valid: {valid})"))
        elif type(v) is not type(DEFAULT_OPTIONS[k]) and not (
            isinstance(DEFAULT_OPTIONS[k], float) and isinstance(v, int) and not isinstance(v, bool)
        ):
            want = type(DEFAULT_OPTIONS[k]).__name__
            problems.append(Problem(label, "options", str(k), f"expected {want}, got {short(v)}"))
        elif k in OPTION_RANGES and not (_number_ok(v) and OPTION_RANGES[k][0] <= v <= OPTION_RANGES[k][1]):
            lo, hi = OPTION_RANGES[k]
            problems.append(Problem(label, "options", str(k), f"must be from {lo:g} to {hi:g}, got {short(v)}"))
        else:
            options[k] = v
    return options


def _terrain_piece(
    t: Any, entry: str, i: int, width: float, height: float, rules: RulesData, label: str, problems: list[Problem]
) -> TerrainPiece | None:
    """One piece of terrain, or None (with its problem recorded)."""
    if not isinstance(t, dict):
        problems.append(
            Problem(label, entry, None, "expected {type: ..., polygon: [...]} or {type: ..., circle: [[x, y], r]}")
        )
        return None
    ttype = t.get("type")
    if not isinstance(ttype, str) or ttype not in rules.terrain:
        valid = ", ".join(rules.terrain)
        problems.append(Problem(label, entry, "type", f"unknown terrain type {short(ttype)} (valid: {valid})"))
        return None
    poly: tuple[Point, ...] | None = None
    circ: tuple[Point, float] | None = None
    if "polygon" in t:
        pts = [_point(p) for p in t["polygon"]] if isinstance(t["polygon"], list) else [None]
        if len(pts) < 3 or any(p is None for p in pts):
            problems.append(Problem(label, entry, "polygon", "expected at least 3 [x, y] points"))
            return None
        poly = tuple(p for p in pts if p is not None)
        if len(poly) > MAX_POLYGON_POINTS:
            problems.append(Problem(label, entry, "polygon", f"has {len(poly)} points; at most {MAX_POLYGON_POINTS}"))
            return None
        why = polygon_problem(poly)
        if why is not None:
            problems.append(Problem(label, entry, "polygon", why))
            return None
    elif "circle" in t:
        c = t["circle"]
        centre = _point(c[0]) if isinstance(c, list) and len(c) == 2 else None
        if centre is None or not _number_ok(c[1]) or not (0 < c[1] <= 120):
            problems.append(Problem(label, entry, "circle", "expected [[x, y], radius] with radius > 0"))
            return None
        circ = (centre, float(c[1]))
    else:
        problems.append(Problem(label, entry, None, "needs a polygon or a circle"))
        return None
    corners: tuple[Point, ...] = poly if poly else ((circ[0],) if circ else ())
    if any(not (0 <= x <= width and 0 <= y <= height) for x, y in corners):
        where = "polygon" if poly else "circle"
        problems.append(Problem(label, entry, where, f"lies off the {width:g}x{height:g} table"))
        return None
    tid = t.get("id") or f"{ttype}{i + 1}"
    if not isinstance(tid, str):
        problems.append(Problem(label, entry, "id", "expected a name (text)"))
        return None
    return TerrainPiece(tid, ttype, poly, circ)


def _gang_path(name: str, base: Path | None, label: str, entry: str) -> Path:
    """A gang file named by a scenario: inside the scenario's folder (or below it), never
    anywhere else on the machine."""
    folder = (base or Path(".")).resolve()
    p = Path(name)
    if p.is_absolute() or ".." in p.parts:
        raise DataError(
            [Problem(label, entry, "gang", f"'{name[:80]}' must be a path inside the scenario's folder ({folder})")]
        )
    target = (folder / p).resolve()
    if not target.is_relative_to(folder):
        raise DataError([Problem(label, entry, "gang", f"'{name[:80]}' leads outside the scenario's folder")])
    return folder / p


def _players(
    praw: Any, budget: int, rules: RulesData, label: str, base: Path | None, problems: list[Problem]
) -> list[Player]:
    players: list[Player] = []
    if not isinstance(praw, list) or not (2 <= len(praw) <= 4):
        problems.append(Problem(label, None, "players", "a scenario needs 2 to 4 players"))
        praw = praw if isinstance(praw, list) else []
    for i, p in enumerate(praw):
        entry = f"player #{i + 1}"
        if not isinstance(p, dict) or "gang" not in p:
            problems.append(Problem(label, entry, None, "expected {boss: Name, gang: file.yaml (or an inline gang)}"))
            continue
        boss = str(p.get("boss", f"Boss {i + 1}"))
        g = p["gang"]
        try:
            if isinstance(g, str):
                gpath = _gang_path(g, base, label, entry)
                gang = gang_from_doc(read_yaml(gpath), str(gpath), rules)
            else:
                gang = gang_from_doc(g, f"{label} ({entry})", rules)
        except DataError as e:
            problems.extend(e.problems)
            continue
        problems.extend(validate_gang(gang, rules, budget))
        stash = p.get("stash")
        if stash is not None and (isinstance(stash, bool) or not isinstance(stash, int) or not 0 <= stash <= 100_000):
            problems.append(
                Problem(label, entry, "stash", f"a stash is a whole number of caps 0-100000, got {stash!r}")
            )
            stash = None
        players.append(Player(boss, gang, stash))
    if len({p.boss for p in players}) != len(players):
        problems.append(Problem(label, None, "players", "two players have the same boss name"))
    return players


def load_scenario(path: Path | str | None, rules: RulesData) -> Scenario:
    """Load a scenario file; ``None`` means the embedded Quick Start."""
    p = resolve_scenario_path(path)
    return scenario_from_doc(read_yaml(p), str(p), rules, p.parent)


def resolve_scenario_path(path: Path | str | None) -> Path:
    """The file a scenario option names: the path itself, or — for a bare name such as
    ``four_bosses.yaml`` that is not in the current folder — the bundled scenario of that name."""
    if path is None:
        return scenarios_dir() / "quickstart.yaml"
    p = Path(path)
    if not p.exists() and p.parent == Path(".") and (scenarios_dir() / p.name).exists():
        return scenarios_dir() / p.name
    return p


def scenario_to_doc(sc: Scenario) -> dict[str, Any]:
    """A scenario as plain data with inline gangs, readable back by scenario_from_doc."""
    terrain = []
    for t in sc.terrain:
        d: dict[str, Any] = {"id": t.id, "type": t.type}
        if t.polygon is not None:
            d["polygon"] = [list(p) for p in t.polygon]
        else:
            assert t.circle is not None
            d["circle"] = [list(t.circle[0]), t.circle[1]]
        terrain.append(d)
    players = []
    for p in sc.players:
        gits = []
        for g in p.gang.gits:
            gd: dict[str, Any] = {"type": g.type, "name": g.name, "weapons": list(g.weapons), "gear": list(g.gear)}
            if g.gear_on:
                gd["gear_on"] = {k: v[0] if len(v) == 1 else list(v) for k, v in g.gear_on}
            if g.vehicle:
                gd.update(vehicle=g.vehicle, mods=list(g.mods), vehicle_weapons=list(g.vehicle_weapons))
                if g.pintle:
                    gd["pintle"] = list(g.pintle)
                if g.repairs:
                    gd["repairs"] = list(g.repairs)
                if g.passengers:  # (only where so: every other scenario's binding is unchanged)
                    gd["passengers"] = list(g.passengers)
            if g.treatments:
                gd["treatments"] = list(g.treatments)
            if g.attitude != 1:  # (only where so: every other scenario's binding is unchanged)
                gd["attitude"] = g.attitude
            if g.misses:
                gd["misses"] = g.misses
            gits.append(gd)
        gang: dict[str, Any] = {"name": p.gang.name, "gits": gits}
        if p.gang.faction:
            gang["faction"] = p.gang.faction
        if p.gang.mode != "a_la_carte":  # only where so: an à la carte scenario's binding is unchanged
            gang["mode"] = p.gang.mode
        pd: dict[str, Any] = {"boss": p.boss, "gang": gang}
        if p.stash is not None:  # only where so (a campaign game): other bindings are unchanged
            pd["stash"] = p.stash
        players.append(pd)
    return {
        "name": sc.name,
        "table": {"width_in": sc.width, "height_in": sc.height},
        "timer_min": sc.timer_min,
        "cap_budget": sc.cap_budget,
        "seed": sc.seed,
        "options": dict(sc.options),
        "terrain": terrain,
        "players": players,
        "caps_per_boss": sc.caps_per_boss,
    }


def unsimulated_in_scenario(sc: Scenario, rules: RulesData) -> list[Problem]:
    """Every item a scenario and its gangs name that the engine does not simulate yet."""
    out: list[Problem] = []
    for pl in sc.players:
        out += unsimulated(pl.gang, rules)
    for piece in sc.terrain:
        for sid in rules.terrain[piece.type].special:
            if not effects.is_implemented("terrain", sid):
                out.append(
                    Problem(
                        sc.source,
                        f"terrain '{piece.id}'",
                        "type",
                        f"'{piece.type}' is not simulated yet: it is plain terrain of its height "
                        "until the terrain issue",
                    )
                )
    return out

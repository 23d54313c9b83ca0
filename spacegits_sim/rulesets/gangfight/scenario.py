"""Gangfight scenarios and boards: which board, which layout, which two gangs, at what Fame.

A scenario file (YAML)::

    name: Crossroads skirmish
    seed: 7
    fame: 400                        # the agreed Fame ("400 Fame points to be a common level")
    board: crossroads                # core/board_<name>.yaml, a file, or a mapping written in place
    deployment: pitched_battle       # pitched_battle | cornered | surrounded
    gangs: [hounds.yaml, ravens.yaml]
    objectives: place                # place: the players take turns placing them (the book's way);
                                     # or a list of [x, y] points fixed by the scenario

A board: ``width``/``height`` in inches and ``terrain``, each ``{id, kind: area|obstacle|blocking,
height, polygon: [[x, y]...]}`` or ``circle: [[x, y], r]`` (convex polygons).

Heights and buildings (:mod:`.heights`): ``kind: platform`` is a raised flat top (a roof, a
scaffold, a rock shelf) a model can stand on, blocking at ground level, reached by its
``access: [{kind: ladder|stairs, foot: [x, y], top: [x, y]}]``; ``kind: interior`` is a
building's inside (Area Terrain for moving and cover, seen through its walls' doors and
windows, not blocking sight itself), with ``doors: [[x, y]...]`` (points in the doorways, where
moves are offered); ``kind: window`` is an opening in a wall, crossed like an obstacle whose
height is its ``sill``, seen through between ``sill`` and ``lintel``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...data.errors import DataError, Problem, short
from ...data.yamlio import read_yaml
from .book import Book, Checker, book
from .gangs import Gang, check_budget, find_gang, gang_from_doc

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios"
CORE = HERE / "core"

KINDS = ("area", "obstacle", "blocking", "platform", "interior", "window")
ACCESS = ("ladder", "stairs")


@dataclass(frozen=True)
class Piece:
    id: str
    kind: str
    height: float
    polygon: tuple[tuple[float, float], ...] = ()
    circle: tuple[float, float, float] | None = None
    access: tuple[tuple[str, tuple[float, float], tuple[float, float]], ...] = ()  # (kind, foot, top)
    doors: tuple[tuple[float, float], ...] = ()
    sill: float = 0.0
    lintel: float = 0.0

    def to_doc(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "kind": self.kind, "height": self.height}
        if self.circle is not None:
            d["circle"] = [[self.circle[0], self.circle[1]], self.circle[2]]
        else:
            d["polygon"] = [list(p) for p in self.polygon]
        if self.access:  # written only when set: older boards keep their digest
            d["access"] = [{"kind": k, "foot": list(f), "top": list(t)} for k, f, t in self.access]
        if self.doors:
            d["doors"] = [list(p) for p in self.doors]
        if self.kind == "window":
            d["sill"], d["lintel"] = self.sill, self.lintel
        return d


@dataclass(frozen=True)
class Board:
    name: str
    width: float
    height: float
    terrain: tuple[Piece, ...]

    def to_doc(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "terrain": [t.to_doc() for t in self.terrain],
        }


@dataclass(frozen=True)
class Scenario:
    name: str
    seed: int
    fame: int
    board: Board
    deployment: str
    gangs: tuple[Gang, ...]
    objectives: tuple[tuple[float, float], ...] | None  # None: the players place them
    turns: int

    def to_doc(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seed": self.seed,
            "fame": self.fame,
            "board": self.board.to_doc(),
            "deployment": self.deployment,
            "gangs": [g.to_doc() for g in self.gangs],
            "objectives": "place" if self.objectives is None else [list(p) for p in self.objectives],
            "turns": self.turns,
        }


def _convex(pts: list[tuple[float, float]]) -> bool:
    n = len(pts)
    sign = 0
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        cr = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
        if abs(cr) > 1e-9:
            s = 1 if cr > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return sign != 0


def board_from_doc(doc: Any, label: str) -> Board:
    c = Checker(label)
    d = c.mapping(doc, "board", None)
    c.unknown(d, "board", ("name", "width", "height", "terrain"))
    w = c.number(d, "board", "width", 12, 96)
    h = c.number(d, "board", "height", 12, 96)
    pieces: list[Piece] = []
    raw = d.get("terrain", [])
    if not isinstance(raw, list):
        c.bad("board", "terrain", f"expected a list of terrain pieces, got {short(raw)}")
        raw = []
    for i, t in enumerate(raw):
        t = c.mapping(t, f"terrain[{i}]", None)
        tid = t.get("id", f"t{i}")
        e = f"terrain '{tid}'"
        c.unknown(t, e, ("id", "kind", "height", "polygon", "circle", "access", "doors", "sill", "lintel"))
        kind = c.choice(t, e, "kind", KINDS)
        ht = c.number(t, e, "height", 0, 24)
        extra = _height_fields(c, t, e, kind, ht, w, h)
        if "circle" in t:
            cc = t["circle"]
            ok = (
                isinstance(cc, list)
                and len(cc) == 2
                and isinstance(cc[0], list)
                and len(cc[0]) == 2
                and all(isinstance(v, (int, float)) for v in (*cc[0], cc[1]))
                and cc[1] > 0
            )
            if not ok:
                c.bad(e, "circle", f"expected [[x, y], radius], got {short(cc)}")
                continue
            if not (0 <= cc[0][0] <= w and 0 <= cc[0][1] <= h):
                c.bad(e, "circle", f"centre {short(cc[0])} is off the {w:g}x{h:g} board")
            pieces.append(Piece(str(tid), kind, ht, circle=(float(cc[0][0]), float(cc[0][1]), float(cc[1])), **extra))
            continue
        poly = t.get("polygon")
        ok = (
            isinstance(poly, list)
            and len(poly) >= 3
            and all(isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p) for p in poly)
        )
        if not ok:
            c.bad(e, "polygon", f"expected at least 3 [x, y] points, got {short(poly)}")
            continue
        assert isinstance(poly, list)
        pts = [(float(p[0]), float(p[1])) for p in poly]
        if not all(0 <= x <= w and 0 <= y <= h for x, y in pts):
            c.bad(e, "polygon", f"a point lies off the {w:g}x{h:g} board")
        if not _convex(pts):
            c.bad(e, "polygon", "the polygon must be convex (split a concave piece into several)")
        pieces.append(Piece(str(tid), kind, ht, polygon=tuple(pts), **extra))
    ids = [p.id for p in pieces]
    for dup in sorted({x for x in ids if ids.count(x) > 1}):
        c.bad("board", "terrain", f"two terrain pieces have the id '{dup}'")
    c.raise_if_any()
    return Board(str(d.get("name", Path(label).stem)), w, h, tuple(pieces))


def _point(v: Any) -> bool:
    return (
        isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
    )


def _height_fields(c: Checker, t: dict[str, Any], e: str, kind: str, ht: float, w: float, h: float) -> dict[str, Any]:
    """A platform's ladders and stairs, an interior's doors, a window's sill and lintel (each only
    on its own kind: a field on the wrong kind is an error, not silently ignored)."""
    out: dict[str, Any] = {}
    for fld, owner in (("access", "platform"), ("doors", "interior"), ("sill", "window"), ("lintel", "window")):
        if fld in t and kind != owner:
            c.bad(e, fld, f"only a {owner} has '{fld}' (this piece is {kind})")
    if kind == "platform":
        acc = []
        raw = t.get("access", [])
        if not isinstance(raw, list):
            c.bad(e, "access", f"expected a list of {{kind, foot, top}}, got {short(raw)}")
            raw = []
        for k, a in enumerate(raw):
            ok = isinstance(a, dict) and set(a) <= {"kind", "foot", "top"} and a.get("kind") in ACCESS
            ok = ok and _point(a.get("foot")) and _point(a.get("top"))
            if not ok:
                c.bad(e, f"access[{k}]", f"expected {{kind: ladder|stairs, foot: [x, y], top: [x, y]}}, got {short(a)}")
                continue
            f, tp = a["foot"], a["top"]
            if not all(0 <= v[0] <= w and 0 <= v[1] <= h for v in (f, tp)):
                c.bad(e, f"access[{k}]", "a point lies off the board")
            acc.append((str(a["kind"]), (float(f[0]), float(f[1])), (float(tp[0]), float(tp[1]))))
        out["access"] = tuple(acc)
    if kind == "interior":
        raw = t.get("doors", [])
        if not isinstance(raw, list) or not all(_point(p) for p in raw):
            c.bad(e, "doors", f"expected a list of [x, y] points, got {short(raw)}")
            raw = []
        out["doors"] = tuple((float(p[0]), float(p[1])) for p in raw)
    if kind == "window":
        sill = c.number(t, e, "sill", 0, 24, 1.0)
        lintel = c.number(t, e, "lintel", 0, 24, ht)
        if not sill < lintel <= ht + 1e-9:
            c.bad(e, "lintel", f"expected sill < lintel <= height, got sill {sill:g}, lintel {lintel:g}, height {ht:g}")
        out["sill"], out["lintel"] = sill, lintel
    return out


def load_board(name: Any, base: Path, label: str) -> Board:
    if isinstance(name, dict):
        return board_from_doc(name, f"{label}: board")
    if not isinstance(name, str):
        raise DataError(
            [Problem(label, "scenario", "board", f"expected a board name, file or mapping, got {short(name)}")]
        )
    for cand in (base / name, CORE / name, CORE / f"board_{name}.yaml"):
        if cand.is_file():
            return board_from_doc(read_yaml(cand, str(cand)), str(cand))
    known = ", ".join(p.stem.removeprefix("board_") for p in sorted(CORE.glob("board_*.yaml")))
    raise DataError([Problem(label, "scenario", "board", f"no board '{short(name)}' (bundled: {known})")])


_KEYS = ("name", "seed", "fame", "board", "deployment", "gangs", "objectives", "turns")


def scenario_from_doc(doc: Any, label: str, b: Book | None = None, base: Path | None = None) -> Scenario:
    b = b or book()
    base = base or Path.cwd()
    c = Checker(label)
    d = c.mapping(doc, "scenario", None)
    c.unknown(d, "scenario", _KEYS)
    seed = c.integer(d, "scenario", "seed", 0, 2**62, 0)
    fame = c.integer(d, "scenario", "fame", 75, 5000, 400)
    dep = c.choice(d, "scenario", "deployment", tuple(b.deployments), "pitched_battle")
    turns = c.integer(d, "scenario", "turns", 1, 20, int(b.g("turns")))
    probs = list(c.problems)
    board: Board | None = None
    try:
        board = load_board(d.get("board", "crossroads"), base, label)
    except DataError as e:
        probs.extend(e.problems)
    gangs: list[Gang] = []
    raw = d.get("gangs")
    if not isinstance(raw, list) or len(raw) != 2:
        probs.append(Problem(label, "scenario", "gangs", f"expected two gangs (files or mappings), got {short(raw)}"))
        raw = []
    for i, g in enumerate(raw):
        try:
            if isinstance(g, str):
                p = find_gang(g, base)
                gang = gang_from_doc(read_yaml(p, str(p)), str(p), b)
            else:
                gang = gang_from_doc(g, label, b, entry=f"gangs[{i}]")
            probs.extend(check_budget(gang, fame, label, b))
            gangs.append(gang)
        except DataError as e:
            probs.extend(e.problems)
    objs: tuple[tuple[float, float], ...] | None = None
    ro = d.get("objectives", "place")
    if ro != "place":
        ok = isinstance(ro, list) and all(
            isinstance(p, list)
            and len(p) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p)
            for p in ro
        )
        if not ok:
            probs.append(
                Problem(label, "scenario", "objectives", f"expected 'place' or a list of [x, y], got {short(ro)}")
            )
        else:
            objs = tuple((float(p[0]), float(p[1])) for p in ro)
            if board is not None:
                for q in objs:
                    if not (0 < q[0] < board.width and 0 < q[1] < board.height):
                        probs.append(Problem(label, "scenario", "objectives", f"{list(q)} is off the board"))
    if probs:
        raise DataError(probs)
    assert board is not None
    return Scenario(str(d.get("name", Path(label).stem))[:60], seed, fame, board, dep, tuple(gangs), objs, turns)


def load_scenario(path: Path | str | None = None, b: Book | None = None) -> Scenario:
    p = Path(path) if path is not None else SCENARIOS / "crossroads.yaml"
    return scenario_from_doc(read_yaml(p, str(p)), str(p), b, p.parent)

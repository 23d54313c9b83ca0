"""Terrain with height, buildings and flying: the core rules' "Tackling", "Jumping", "Falling",
"Stairs and Ladders", "Flying" and "Buildings", kept out of engine.py (which calls in here
through a few small hooks) so the other Gangfight work can change the engine alongside.

What is modelled, and the readings (docs/gangfight.md, "Heights and buildings"):

- A ``platform`` piece is a flat top ``height`` inches up (a roof, a scaffold, a rock shelf):
  solid at ground level, and a model whose whole base lies inside its outline stands on top
  of it. A model's elevation is therefore a function of where it stands (no overhangs), and
  sight takes it: the eye is the top's height plus the model's, the target's cylinder stands
  on the top (physics/sight.py already takes heights; it stays game-free).
- Ladders and stairs (a platform's ``access``: a foot on the ground, a top on the roof): "Simply
  measure the distance up or down and figure out how many move actions you will need" — a
  climb costs its height in inches of movement; a climb longer than one Move action uses as
  many Move actions as it needs, and one its remaining actions cannot finish "will be placed at
  the top or bottom and can perform no other actions": we place it at the end it climbs to and
  end its activation.
- Hopping down off the edge and falling: "Falling a distance of 4 inches or more can hurt you":
  a Quickness roll, one success at the inches fallen, then a Defense roll at the same number,
  one Health lost if both fail; over 6" the rolls fail and it loses 1 Health an inch over 6.
- Tackling: a leap down from 3" or more into an enemy's personal space gives +1 Strength to the
  next melee attack against it (the fall is rolled as any other).
- Jumping: a Jump action from a platform across a gap to another no higher, at most half
  Quickness (the whole Quickness when it ran first) measured base edge to base edge across the
  gap; a lower landing is a fall of the difference.
- Flying (``Model.flying``, set by a spell or an ability): moves ignore obstacles and windows,
  and may land on any platform in reach (no ladder needed) or fly down off it without falling;
  not inside a building; attacks treat it as standing where it is.
- Buildings: walls are blocking pieces, an ``interior`` piece is Area Terrain for moving and
  cover ("All models within buildings are considered to be in cover") but does not itself
  block sight (its walls do; doors are gaps between them, ``window`` pieces are openings
  crossed like an obstacle of their sill's height and seen through between sill and lintel).
- The terrain departures the review listed: area terrain crossed mid-move pays the -1 and the
  8" cap; melee needs the models not to be hidden from each other by a wall; personal space
  is ignored between models a wall hides from each other ("totally obscured by terrain").
"""

from __future__ import annotations

import math
from typing import Any

from . import events as ev

# The game and its models, as this module sees them. Not imported from .engine (even for type
# checking only): engine.py imports this module, and the package keeps no import circles
# (tests/test_layers.py); mounts.py, magic.py and artillery.py take them as Any the same way.
GangfightGame = Any
Model = Any

Point = tuple[float, float]
AREA_KINDS = ("area", "interior")
SOLID_KINDS = ("blocking", "platform")
HOPPED_KINDS = ("obstacle", "window")
DIRS = 8


# ---------------------------------------------------------------- plan geometry (convex outlines)


def outline(piece: Any) -> tuple[Point, ...]:
    """A piece's plan outline (a circle as a 16-gon, as sight sees it)."""
    if piece.circle is not None:
        cx, cy, r = piece.circle
        return tuple(
            (cx + r * math.cos(2 * math.pi * k / 16), cy + r * math.sin(2 * math.pi * k / 16)) for k in range(16)
        )
    return tuple(piece.polygon)


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    L = ax * ax + ay * ay
    t = 0.0 if L <= 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / L))
    return math.hypot(p[0] - a[0] - t * ax, p[1] - a[1] - t * ay)


def inside(p: Point, poly: tuple[Point, ...]) -> bool:
    n = len(poly)
    c = False
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        if (y0 > p[1]) != (y1 > p[1]) and p[0] < x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0):
            c = not c
    return c


def edge_dist(p: Point, poly: tuple[Point, ...]) -> float:
    n = len(poly)
    return min(_seg_dist(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def base_within(p: Point, r: float, poly: tuple[Point, ...]) -> bool:
    """Is a whole base of radius ``r`` at ``p`` inside the outline?"""
    return inside(p, poly) and edge_dist(p, poly) >= r - 1e-6


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segment_hits(a: Point, b: Point, poly: tuple[Point, ...]) -> bool:
    """Does the plan segment a-b cross or enter the outline?"""
    if inside(a, poly) or inside(b, poly):
        return True
    n = len(poly)
    for i in range(n):
        c, d = poly[i], poly[(i + 1) % n]
        if _cross(a, b, c) * _cross(a, b, d) < 0 and _cross(c, d, a) * _cross(c, d, b) < 0:
            return True
    return False


def _towards(a: Point, b: Point, d: float) -> Point:
    L = math.dist(a, b)
    if L <= 1e-9:
        return a
    return (a[0] + (b[0] - a[0]) * d / L, a[1] + (b[1] - a[1]) * d / L)


def _r4(p: Point) -> Point:
    return (round(p[0], 4), round(p[1], 4))


# ---------------------------------------------------------------- where a model stands


def platforms(g: GangfightGame) -> list[Any]:
    return [p for p in g.pieces.values() if p.kind == "platform"]


def platform_at(g: GangfightGame, p: Point) -> Any | None:
    """The platform whose top holds the point (a ground model never stands inside one)."""
    for pc in platforms(g):
        if inside(p, outline(pc)):
            return pc
    return None


def elev_at(g: GangfightGame, p: Point) -> float:
    """How high a model standing at ``p`` stands: the top of the platform under it, else 0."""
    pc = platform_at(g, p)
    return float(pc.height) if pc is not None else 0.0


def in_building(g: GangfightGame, p: Point) -> bool:
    return any(pc.kind == "interior" and inside(p, outline(pc)) for pc in g.pieces.values())


def walled(g: GangfightGame, a: Model, b: Model, pa: Point | None = None) -> bool:
    """Are the two models "totally obscured by terrain, such as behind a high fence or wall, where
    an enemy model cannot see them at all"? Neither sees any of the other past the terrain
    (other models are left out: they do not hide anyone from a melee)."""
    from .sight import Cylinder

    pa = pa or a.pos
    ea, eb = elev_at(g, pa), elev_at(g, b.pos)
    ca = Cylinder(pa[0], pa[1], a.radius, a.char.height, ea, a.id)
    cb = Cylinder(b.pos[0], b.pos[1], b.radius, b.char.height, eb, b.id)
    st = g.sight_table
    if st.visible_fraction((pa[0], pa[1], ea + a.char.height), cb) > 0.0:
        return False
    return bool(st.visible_fraction((b.pos[0], b.pos[1], eb + b.char.height), ca) <= 0.0)


def apart(g: GangfightGame, a: Model, b: Model) -> bool:
    """Personal space does not join two models at different levels (a roof and the street below:
    ours) or that a wall hides from each other (the book's one exception)."""
    if abs(elev_at(g, a.pos) - elev_at(g, b.pos)) > g.book.g("level_gap"):
        return True
    return walled(g, a, b)


# ---------------------------------------------------------------- falling


def fall(g: GangfightGame, m: Model, inches: float, why: str) -> None:
    """ "If jumping or falling, measure the distance down. The distance in inches is the target
    number you need to beat to avoid damage using a Quickness roll. You only need one successful
    D6. If you fail the roll ... make a Defense roll ... using the inches fallen as your target
    number ... If the roll is failed, your model will lose one point of Health. Any distance over
    6" will automatically fail and the model will lose 1 Health for each inch over 6." Targets
    are the inches rounded up (a 4.5" drop needs 5s); over 6" the loss is the whole inches
    over 6, at least 1. The Defense roll is one as any other (:meth:`defense_roll`: the shield,
    Hearty and a Buckler's rerolls, Lucky's dice towards its one success)."""
    hurts, sure = g.book.g("fall_hurts"), g.book.g("fall_sure")
    if inches < hurts - 1e-9 or m.flying:
        return
    g.emit(ev.Note(m.id, "fall", f'{why}: drops {inches:.1f}"'))
    if inches > sure + 1e-9:
        for _ in range(max(1, math.ceil(inches - sure - 1e-9))):
            if m.up:
                g._wound(m, "a fall")
        return
    tn = math.ceil(inches - 1e-9)
    if g.roll(m, m.seat, m.a("qui"), tn, "falling (Quickness)") >= 1:
        return
    if g.defense_roll(m, tn, 1, "falling (Defense)") >= 1:  # a Defense roll as any other
        return
    g._wound(m, "a fall")


# ---------------------------------------------------------------- moves from the ground


def _free(g: GangfightGame, m: Model, p: Point, on: Any | None = None) -> bool:
    """May ``m``'s base stand at ``p``: on the board, off solid pieces (wholly on the platform
    ``on`` if given), overlapping no standing model."""
    r = m.radius
    if not (r <= p[0] <= g.width - r and r <= p[1] <= g.height - r):
        return False
    if on is not None:
        if not base_within(p, r, outline(on)):
            return False
    else:
        for pc in g.pieces.values():
            if pc.kind in SOLID_KINDS or (pc.kind in HOPPED_KINDS and not m.flying):
                poly = outline(pc)
                if inside(p, poly) or edge_dist(p, poly) < r - 1e-6:
                    return False
    return all(o is m or not o.up or math.dist(o.pos, p) >= o.radius + r + 1e-3 for o in g.models.values())


def _enemy_clear(g: GangfightGame, m: Model, p: Point, charge: Model | None = None) -> bool:
    ps = g.book.g("personal_space")
    ep = elev_at(g, p)
    return all(
        e is charge
        or math.dist(e.pos, p) - e.radius - m.radius > ps + 1e-9
        or abs(elev_at(g, e.pos) - ep) > g.book.g("level_gap")
        for e in g.enemies(m)
    )


def ground_spots(g: GangfightGame, m: Model, allow: float) -> list[tuple[str, float, float, float]]:
    """Extra destinations for a Move on the ground: walk to a ladder's foot or a doorway (where
    the eight headings would miss them), climb a ladder or stairs whose foot it stands at or
    walks to in this Move ("Models may climb up or down stairs or ladders anytime during their
    movement"), and a flying model's landing on a platform in reach."""
    out: list[tuple[str, float, float, float]] = []
    reach = m.radius + 0.6
    for pc in platforms(g):
        for k, (_kind, foot, top) in enumerate(pc.access):
            d = math.dist(m.pos, foot)
            walk = [] if d <= reach else _walk_to(g, m, foot, allow, f"to:{pc.id}:{k}")
            out.extend(walk)
            there = d <= reach or bool(walk and math.dist(walk[0][1:3], foot) <= 0.1)
            label = f"climb:{pc.id}:{k}"
            if there and _free(g, m, top, on=pc) and _enemy_clear(g, m, top) and _within_cap(g, m, label, top):
                out.append((label, top[0], top[1], math.atan2(top[1] - foot[1], top[0] - foot[0])))
        if m.flying and not in_building(g, m.pos):
            spot = _landing(g, m, pc, allow)
            if spot is not None:
                out.append((f"fly:{pc.id}", spot[0], spot[1], math.atan2(spot[1] - m.pos[1], spot[0] - m.pos[0])))
    for pc in g.pieces.values():
        if pc.kind != "interior":
            continue
        poly = outline(pc)
        cx = sum(p[0] for p in poly) / len(poly)
        cy = sum(p[1] for p in poly) / len(poly)
        for k, door in enumerate(pc.doors):
            if math.dist(m.pos, door) > reach:
                out.extend(_walk_to(g, m, door, allow, f"door:{pc.id}:{k}"))
            else:  # in the doorway: step in, or out the way it faces
                inn = inside(m.pos, poly)
                away = (2 * door[0] - cx, 2 * door[1] - cy)
                out.extend(_walk_to(g, m, away if inn else (cx, cy), allow, f"{'out' if inn else 'in'}:{pc.id}:{k}"))
    return out


def _walk_to(g: GangfightGame, m: Model, p: Point, allow: float, label: str) -> list[tuple[str, float, float, float]]:
    h = math.atan2(p[1] - m.pos[1], p[0] - m.pos[0])
    want = math.dist(m.pos, p)
    if want < 0.05:
        return []
    end, far, _hops, _off = g.slide(m, h, min(allow, want))
    return [(label, end[0], end[1], h)] if far > 0.05 else []


def _landing(g: GangfightGame, m: Model, pc: Any, allow: float) -> Point | None:
    """Where a flyer lands on a platform: its ladder tops, its centre, the nearest of those that
    is free and in reach (plan distance: "may end their movement at any height")."""
    poly = outline(pc)
    cands = [top for _k, _f, top in pc.access]
    cands.append((sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)))
    cands.sort(key=lambda q: math.dist(m.pos, q))
    for q in cands:
        if math.dist(m.pos, q) <= allow + 1e-9 and _free(g, m, q, on=pc) and _enemy_clear(g, m, q):
            return _r4(q)
    return None


# ---------------------------------------------------------------- moves on a platform


def roof_spots(g: GangfightGame, m: Model, allow: float, on: Any) -> list[tuple[str, float, float, float]]:
    """The destinations for a Move on a platform: eight headings (full and half) kept wholly on
    the top and clear of other bases and enemies' personal space; down each ladder or stairs;
    a hop down off an edge (a fall); a tackle onto an enemy below; a flyer's flight down."""
    out: list[tuple[str, float, float, float]] = []
    poly = outline(on)
    for i in range(DIRS):
        h = 2 * math.pi * i / DIRS
        for frac, tag in ((1.0, ""), (0.5, "_half")):
            end = _roof_slide(g, m, on, h, allow * frac)
            if math.dist(end, m.pos) > 0.05:
                out.append((f"dir{i}{tag}", end[0], end[1], h))
    ps = g.book.g("personal_space")
    for e in g.enemies(m):  # a charge at an enemy on the same top
        gap = math.dist(m.pos, e.pos) - m.radius - e.radius
        if platform_at(g, e.pos) is on and ps < gap <= allow + ps:
            h = math.atan2(e.pos[1] - m.pos[1], e.pos[0] - m.pos[0])
            end = _roof_slide(g, m, on, h, min(allow, gap + 0.02), charge=e)
            if math.dist(end, e.pos) - m.radius - e.radius <= ps + 1e-9:
                out.append((f"charge:{e.id}", end[0], end[1], h))
    reach = m.radius + 0.6
    for k, (_kind, foot, top) in enumerate(on.access):
        there = math.dist(m.pos, top) <= reach
        if not there:
            h = math.atan2(top[1] - m.pos[1], top[0] - m.pos[0])
            end = _roof_slide(g, m, on, h, min(allow, math.dist(m.pos, top)))
            if math.dist(end, m.pos) > 0.05:
                out.append((f"to:{on.id}:{k}", end[0], end[1], h))
            there = math.dist(end, top) <= 0.1
        label = f"climb_down:{on.id}:{k}"
        if there and _free(g, m, foot) and _enemy_clear(g, m, foot) and _within_cap(g, m, label, foot):
            out.append((label, foot[0], foot[1], math.atan2(foot[1] - top[1], foot[0] - top[0])))
    # off the edge: the nearest ground spot beyond each side, within the move
    for i in range(DIRS):
        h = 2 * math.pi * i / DIRS
        p = _off_edge(g, m, poly, h, allow)
        if p is not None:
            out.append((f"{'fly_down' if m.flying else 'drop'}{i}", p[0], p[1], h))
    if on.height >= g.book.g("tackle_from") - 1e-9 and not m.flying:
        for e in g.enemies(m):
            if elev_at(g, e.pos) > 0.0:
                continue
            p = _tackle_spot(g, m, e, allow, ps)
            if p is not None:
                out.append((f"tackle:{e.id}", p[0], p[1], math.atan2(e.pos[1] - p[1], e.pos[0] - p[0])))
    return out


def _tackle_spot(g: GangfightGame, m: Model, e: Model, allow: float, ps: float) -> Point | None:
    """The landing nearest the leaper in ``e``'s personal space: round the enemy from the side
    facing the leaper, ever wider, at three depths into the 1"."""
    h0 = math.atan2(m.pos[1] - e.pos[1], m.pos[0] - e.pos[0])
    best: Point | None = None
    for off in (0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5):
        for extra in (min(0.5, ps), 0.25, 0.05):
            ring = e.radius + m.radius + extra
            p = _r4((e.pos[0] + ring * math.cos(h0 + off), e.pos[1] + ring * math.sin(h0 + off)))
            if math.dist(m.pos, p) <= allow + 1e-9 and _free(g, m, p) and platform_at(g, p) is None:
                if best is None or math.dist(m.pos, p) < math.dist(m.pos, best):
                    best = p
    return best


def _roof_slide(g: GangfightGame, m: Model, on: Any, h: float, dist: float, charge: Model | None = None) -> Point:
    """The farthest point along ``h`` within ``dist`` where the base stays on the top and clear
    (stepped in tenths of an inch: roofs are small)."""
    poly = outline(on)
    best = m.pos
    steps = max(1, int(dist / 0.1))
    for k in range(1, steps + 1):
        d = dist * k / steps
        p = (m.pos[0] + math.cos(h) * d, m.pos[1] + math.sin(h) * d)
        if not base_within(p, m.radius, poly) or not _free(g, m, p, on=on) or not _enemy_clear(g, m, p, charge):
            break
        best = p
    return _r4(best)


def _off_edge(g: GangfightGame, m: Model, poly: tuple[Point, ...], h: float, allow: float) -> Point | None:
    """The first free ground spot along ``h`` past the platform's edge, within ``allow``."""
    d = 0.2
    while d <= allow + 1e-9:
        p = (m.pos[0] + math.cos(h) * d, m.pos[1] + math.sin(h) * d)
        if not inside(p, poly) and edge_dist(p, poly) >= m.radius + 0.05:
            ok = _free(g, m, p) and _enemy_clear(g, m, p) and platform_at(g, p) is None
            return _r4(p) if ok else None
        d += 0.2
    return None


def after_move(g: GangfightGame, m: Model, label: str, height_from: float) -> None:
    """What a height move does once the base is set down: falls, a tackle's bonus, a fly landing
    (the Move's inches and the climb's extra actions are booked by :func:`move_cost`)."""
    down = height_from - elev_at(g, m.pos)
    if label.startswith("tackle:"):
        tid = label.split(":", 1)[1]
        g.emit(ev.Note(m.id, "tackle", f'leaps down {down:.1f}" on {g.models[tid].name}: +1 Strength next melee'))
        m.tackle = tid
        fall(g, m, down, "tackles")
    elif label.startswith("drop"):
        fall(g, m, down, "hops down")


def move_cost(g: GangfightGame, label: str, frm: Point, end: Point) -> float:
    """The inches a height move uses: a climb the walk to its foot (or top), across to the other
    end and its height ("Simply measure the distance up or down"); a flight or a drop its plan
    distance."""
    if label.startswith(("climb:", "climb_down:")):
        _t, pid, k = label.split(":")
        pc = g.pieces[pid]
        _kind, foot, top = pc.access[int(k)]
        start = foot if label.startswith("climb:") else top
        return math.dist(frm, start) + math.dist(foot, top) + float(pc.height)
    return math.dist(frm, end)


def _within_cap(g: GangfightGame, m: Model, label: str, end: Point) -> bool:
    """A climb or a jump keeps to the 12" an activation ("Models may move a maximum of 12 inches
    per Activation, unless they have a skill": Running Wild's 18, :meth:`max_move`), 8" once
    Area Terrain was touched."""
    cap = g.book.g("area_max_move") if m.area_touched else g.max_move(m)
    return bool(m.moved + m.hopped + move_cost(g, label, m.pos, end) <= cap + 1e-9)


def climb_actions(g: GangfightGame, label: str, allow: float, frm: Point) -> int:
    """How many Move actions a climb takes ("figure out how many move actions you will need"):
    its inches (the walk, across and up or down) over one Move's."""
    if not label.startswith(("climb:", "climb_down:")):
        return 1
    return max(1, math.ceil(move_cost(g, label, frm, frm) / max(allow, 0.5) - 1e-9))


def crossing_area(g: GangfightGame, frm: Point, end: Point) -> list[tuple[str, float, float]]:
    """Area Terrain (and building interiors) a move's base passes over: (id, in, out)."""
    return [
        (tid, a, b)
        for tid, a, b in g.table.areas_along(0.01, frm, end)  # where the base's centre passes
        if tid in g.pieces and g.pieces[tid].kind in AREA_KINDS
    ]


# ---------------------------------------------------------------- jumping


def jumps(g: GangfightGame, m: Model) -> list[tuple[str, float, float, float]]:
    """Jump actions on offer: from a platform across a gap to another no higher, landing wholly
    on it; "you will move an amount of inches equal to half of your Quickness level ... a running
    jump allowing you to move your full Quickness in inches across the gap" (the gap measured
    from the base's edge to where the base's far edge lands, less its own width: base edge to
    base edge across), within the 12" an activation as any move."""
    on = platform_at(g, m.pos)
    if on is None or m.bound or g.engaged(m):
        return []
    q = float(m.a("qui"))
    span = q if m.moved >= g.book.g("running") - 1e-9 else q / 2
    out: list[tuple[str, float, float, float]] = []
    for pc in platforms(g):
        if pc is on or pc.height > on.height + 1e-9:
            continue
        poly = outline(pc)
        best: Point | None = None
        # the nearest free spot wholly on the other top: try points of a grid inside it
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        cands: list[Point] = []
        x = min(xs) + m.radius
        while x <= max(xs) - m.radius + 1e-9:
            y = min(ys) + m.radius
            while y <= max(ys) - m.radius + 1e-9:
                cands.append((x, y))
                y += 0.25
            x += 0.25
        cands.sort(key=lambda c: math.dist(c, m.pos))
        for c in cands:
            if math.dist(c, m.pos) - 2 * m.radius > span + 1e-9 or not _within_cap(g, m, "jump", c):
                break  # too far to jump, or past the 12" an activation (the nearest first)
            if _free(g, m, c, on=pc) and _enemy_clear(g, m, c):
                best = c
                break
        if best is not None:
            best = _r4(best)
            out.append((f"jump:{pc.id}", best[0], best[1], math.atan2(best[1] - m.pos[1], best[0] - m.pos[0])))
    return out


def do_jump(g: GangfightGame, m: Model) -> Any:
    """The Jump action: pick a landing, move there, fall the difference in height."""
    from .requests import MoveTo

    spots = jumps(g, m)
    if not spots:
        return
    labels = tuple(s[0] for s in spots)
    pick = yield MoveTo(m.seat, labels, f"{m.name}: jump to where?", m.id, tuple((s[1], s[2], s[3]) for s in spots))
    s = spots[labels.index(pick)]
    before = elev_at(g, m.pos)
    facing = yield from g._end_facing(m, (s[1], s[2]), s[3])
    g._do_move(m, (s[1], s[2]), facing, "jump")
    fall(g, m, before - elev_at(g, m.pos), "jumps down")


#: move labels that are height moves, and the ``how`` their Moved event tells
HOWS: dict[str, str] = {
    "climb:": "climb",
    "climb_down:": "climb",
    "tackle:": "tackle",
    "drop": "drop",
    "fly:": "fly",
    "fly_down": "fly",
}

"""How the heuristic boss drives: dice sizes against the handling, move dice thrown into the
front arc, the order that loots most and crashes least, rams when the smash odds favour it,
passengers on and off, and the right mount for each git aboard.

Functions of the match as the heuristic sees it (read only: it never moves anything; the
hull sweeps it asks for are the table's own questions).
"""

from __future__ import annotations

import math
from typing import Any

from ..physics.table import Kind
from ..rules import effects
from ..rules.combat import exact_p_at_least

Point = tuple[float, float]
RAM_EDGE = 0.5  # ram an enemy vehicle when my expected smash damage beats its by this much


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def move_dice_sizes(v: Any, options: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The biggest dice that stay within the handling (a roll over it is a damage die); one
    size smaller with tall towers (a fast crash topples them)."""
    handling = effects.handling(v, v.vehicle.handling)
    tall = max(v.tower.height, v.tower2.height if v.tower2 else 0) >= 6
    limit = handling - (2 if tall else 0)
    fitting = [o for o in options if max(o) <= max(limit, 4)]
    pool = fitting or list(options)
    return max(pool, key=lambda o: (sum(o) if max(o) <= limit else -sum(o), -len(set(o))))


def wipeout_dice(options: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Chosen for an enemy: the biggest dice (the crunch hurts most)."""
    return max(options, key=sum)


def smash_expectation(v: Any, target: Any, speed: int, head_on: bool) -> float:
    """Expected damage of one smash (exact: each die is big with P(d6 ≥ toughness))."""
    n = effects.smash_dice(v, v.toughness + speed)
    tough = effects.smash_toughness(v, target.toughness)
    weak, big = effects.smash_damage(v, (0, 1))
    if head_on:
        weak, big = weak + 1, big + 1
    p = exact_p_at_least(6, max(1, tough))
    return n * (p * big + (1 - p) * weak)


def drive_target(v: Any, match: Any, caps: list[Point], boss: int) -> Point:
    """Where to drive: an enemy vehicle worth ramming, else the nearest cap, else the middle."""
    p = match.position(v.id)
    for e in match.models.values():
        if e.vehicle is None or not e.in_play or e.boss == boss:
            continue
        mine = smash_expectation(v, e, 5, False)
        theirs = smash_expectation(e, v, 0, False)
        if mine - theirs >= RAM_EDGE and _dist(p, match.position(e.id)) < 14:
            return match.position(e.id)  # type: ignore[no-any-return]
    if caps:
        return min(caps, key=lambda c: _dist(p, c))
    return (match.table.width / 2, match.table.height / 2)


TURN_AIM_IN = 7.0  # a target behind: throw the dice this far off to its side, just ahead of the middle


def aim_into_front_arc(v: Any, match: Any, target: Point) -> Point:
    """Where to throw the move dice: at the target if it lies ahead; if it lies behind the
    line across the middle (dice there would only drive the vehicle forward, away, for a damage
    die each), off to the target's side just ahead of the middle, so the vehicle pivots round
    towards it. The side with more room on the table is taken when the target is dead behind."""
    table = match.table
    lx, ly = table.local_point(v.id, target)
    ahead = table.sweep_hull(v.id, 3.0, kinds=(Kind.FIGURE, Kind.TERRAIN))
    c = ahead.contact
    foe = c is not None and c.thing.id in match.models and match.models[c.thing.id].boss != v.boss
    blocked = ahead.travelled < 1.0 and c is not None and not foe  # a wall, the edge, a friend (a foe: ram it)
    if lx >= 1.5 and not blocked:
        return target
    from ..rules.fleet import pivot_to_corridor

    half = v.vehicle.hull_in[1] / 2
    sides = [1.0 if ly >= 0 else -1.0]
    if abs(ly) < 2.0 or blocked:  # dead behind, or a wall ahead: whichever side it can drive off to
        sides.append(-sides[0])
    angle = table.figure(v.id).angle
    best: tuple[float, Point] | None = None
    for sgn in sides:
        p: Point = table.world_point(v.id, (half + 1.0, sgn * TURN_AIM_IN))
        turn = pivot_to_corridor(table.local_point(v.id, p), v.vehicle.hull_in[0] / 2)
        way = table.sweep_hull(v.id, 4.0, angle + turn, kinds=(Kind.FIGURE, Kind.TERRAIN))
        room = way.travelled - (2.0 if way.pivot_blocked else 0.0)
        if best is None or room > best[0]:
            best = (room, p)
    assert best is not None
    return best[1]


def order_move_die(v: Any, options: tuple[str, ...], match: Any, target: Point | None, boss: int) -> str:
    """Score each die by where its move would take the hull (the table's sweep, not a move):
    loot is good, the rear arc and overshooting the handling cost a die each, crashing into
    terrain costs by the speed, ramming an enemy vehicle pays when the odds favour it."""
    from ..rules.fleet import pivot_to_corridor

    table = match.table
    w = v.vehicle.hull_in[0]
    angle = table.figure(v.id).angle
    handling = effects.handling(v, v.vehicle.handling)
    best, best_score = options[0], -math.inf
    for die in options:
        d = table.die(die)
        local = table.local_point(v.id, d.position)
        front = local[0] >= 0
        turn = pivot_to_corridor(local, w / 2) if front else 0.0
        dist = effects.vehicle_move(v, d.value)
        res = table.sweep_hull(v.id, dist, angle + turn if turn else None, ignore=[die])
        score = 0.0
        if not front:
            score -= 3.0
        if d.value > handling:
            score -= 2.0
        c = res.contact
        if c is not None:
            if c.thing.kind == Kind.TOKEN:
                score += 6.0
            elif c.thing.kind == Kind.TERRAIN:
                score -= 1.0 + 0.5 * d.value
            elif c.thing.kind == Kind.DIE:
                score -= 2.0
            elif c.thing.kind == Kind.FIGURE and c.thing.id in match.models:
                o = match.models[c.thing.id]
                if o.vehicle is not None and o.boss != boss:
                    score += smash_expectation(v, o, d.value, False) - smash_expectation(o, v, 0, False)
                elif o.boss != boss and o.standing:
                    score += 1.0
        if target is not None:
            score -= 0.3 * _dist(res.end, target)
        if score > best_score:
            best, best_score = die, score
    return best


def vehicle_target(v: Any, match: Any, enemies: list[Any]) -> Any:
    """The enemy the best gun aboard can hit, or None."""
    best = None
    best_val = 0.0
    for git in match.crew_of(v):
        opts = tuple(match.crew_gun_options(v, git))
        _opt, e, val = _best_gun(v, opts, match, enemies)
        if e is not None and val > best_val:
            best, best_val = e, val
    return best


def crew_guns(req: Any, match: Any, enemies: list[Any]) -> tuple[str, ...]:
    """The option with a target in range, in line and in its arc, and the best expected damage."""
    return _best_gun(match.models[req.vehicle], req.options, match, enemies)[0]


def _best_gun(v: Any, options: tuple[Any, ...], match: Any, enemies: list[Any]) -> tuple[tuple[str, ...], Any, float]:
    from ..rules.combat import expected_damage

    best: tuple[str, ...] = ()
    target = None
    best_val = 0.0
    for opt in options:
        if not opt or opt[0].startswith("mod:"):  # (a Wrecking Ball: not weighed yet)
            continue
        if opt[0].startswith("mount:"):
            k, arc_ = match.parse_mount(v, opt[0])
            weapons = [v.mounts[k].weapon]
            arc: str | None = arc_
        else:
            weapons = [match.rules.weapons[w] for w in opt]
            arc = None
        for e in enemies:
            for wpn in weapons:
                line = match.table.line_of_fire(v.id, match.position(e.id), float(wpn.range or 0))
                if line.hit is None or line.hit.thing.id != e.id:
                    continue
                if arc is not None and not match.in_arc(v, arc, line.hit.point):
                    continue
                val = sum(expected_damage(x, e.toughness) for x in weapons)
                if val > best_val:
                    best, target, best_val = opt, e, val
    return best, target, best_val


def seat(req: Any, match: Any) -> Any:
    """Board with a tall tower (boarding discards it); get off when a cap lies close."""
    if req.question == "board":
        m = match.models[req.model]
        opts = [o for o in req.options if o != "no"]
        return opts[0] if opts and m.tower.height >= 3 else "no"
    v = match.models[match.models[req.model].aboard]
    caps = [match.table.token_position(c) for c in match.table.tokens]
    here = match.position(v.id)
    return "get_off" if any(_dist(here, c) < 4.0 for c in caps) else "stay"

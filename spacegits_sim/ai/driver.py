"""How the heuristic boss drives: dice sizes against the handling, move dice thrown into the
front arc, the order that loots most and crashes least, rams when the smash odds favour it,
passengers on and off, and the right mount for each git aboard.

Functions of the match as the heuristic sees it (read only: it never moves anything; the
hull sweeps it asks for are the table's own questions).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
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


def ram_target(v: Any, match: Any, boss: int) -> tuple[Any, float] | None:
    """An enemy vehicle within RAM_IN whose smash odds favour a ram (with the edge my expected
    smash damage has over its answer), the first such in the match's order; None if there is none."""
    p = match.position(v.id)
    touching = set(match.touching(v.id))
    per_die = 0.0
    for e in match.models.values():
        if e.vehicle is None or not e.in_play or e.boss == boss or e.id in touching:
            continue  # (one it touches already: drive clear first, and come back with a run-up)
        edge = smash_expectation(v, e, 5, False) - smash_expectation(e, v, 0, False)
        d = _dist(p, match.position(e.id))
        if edge < RAM_EDGE or d >= RAM_IN:
            continue
        if not per_die:
            per_die, n = _per_die(v)
        edge -= RAM_LEFT_COST * _dice_left(d - v.vehicle.hull_in[1] / 2 - min(e.vehicle.hull_in) / 2, per_die, n)
        if edge >= RAM_EDGE:
            return e, edge
    return None


RAM_LEFT_COST = 0.6  # per move die expected to be left after the ram (each a 0" drive into the rammed hull)


def _per_die(v: Any) -> tuple[float, int]:
    """The expected run of one of the move dice the heuristic picks, and how many it throws."""
    from ..rules.fleet import MOVE_DICE

    n = max(1, effects.vehicle_dice(v, MOVE_DICE)[0])
    return reach(v) / n, n


def _dice_left(gap: float, per_die: float, n: int) -> int:
    """How many of ``n`` move dice are expected to be left once the hull has covered ``gap``
    inches to the rammed hull: they lie round it, and "You have to resolve all your move dice",
    so each drives 0" into the hull it now touches (issue 27: drives that stop within 1"). A
    ram from farther off spends the dice on the run-up, and the hardest one can hit last."""
    needed = max(1, math.ceil(max(0.0, gap) / per_die)) if per_die > 0 else 1
    return max(0, n - needed)


def drive_target(v: Any, match: Any, caps: list[Point], boss: int) -> Point:
    """Where to drive: an enemy vehicle worth ramming (unless the best straight run in reach,
    :func:`loot_run`, loots more), else the loot that run heads for, else the nearest cap,
    else the middle. The same weighing as :func:`activation_worth`'s."""
    ram = ram_target(v, match, boss)
    loot, at = loot_run(v, match, caps + robbable(match, boss))
    if ram is not None and (at is None or RAM_POINTS * ram[1] >= loot):
        return match.position(ram[0].id)  # type: ignore[no-any-return]
    if at is not None:
        return at
    p = match.position(v.id)
    if caps:
        return min(caps, key=lambda c: _dist(p, c))
    return (match.table.width / 2, match.table.height / 2)


RAM_IN = 14.0  # an enemy vehicle this close is driven at when the smash odds favour the ram
CAP_POINTS = 8.0  # a cap in hand, in the heuristic's activation points (a git touching one scores 12/1.5)
LOOT_HIT = 0.75  # the share of the loot lying on a run's line that the thrown dice bring the hull over
REAR_SHARE = 0.6  # ... when it lies in the rear arc (the first die is spent turning the hull round)
CAP_HALF_IN = 0.5  # a cap's half-width: one this close to the corridor's side is still bumped
RAM_POINTS = 1.0  # activation points per die of smash damage a ram is expected to win by


def reach(v: Any) -> float:
    """How far a scoot is expected to drive the hull: the mean of each move die the heuristic
    picks (:func:`move_dice_sizes`, from the engine's own choices), as the vehicle counts it."""
    from ..rules.fleet import MOVE_DICE, dice_choices, next_size

    n, largest, bigger = effects.vehicle_dice(v, MOVE_DICE)
    sizes = move_dice_sizes(v, tuple(dice_choices(largest, n, next_size(largest) if bigger else None)))
    return float(sum(effects.vehicle_move(v, max(1, round((s + 1) / 2))) for s in sizes))


def robbable(match: Any, boss: int) -> list[Point]:
    """Fallen enemy gits on foot whose boss still has caps: a vehicle that bumps one moves it
    aside and steals a cap ("steal 1 cap from them"), so they are loot on its way like caps."""
    return [
        match.position(m.id)
        for m in match.models.values()
        if m.in_play
        and m.fallen
        and m.boss != boss
        and m.vehicle is None
        and m.aboard is None
        and match.bosses[m.boss].stash > 0
    ]


def loot_run(v: Any, match: Any, loot: list[Point]) -> tuple[float, Point | None]:
    """The straight run within a scoot's reach that sweeps the most loot, and the loot it heads
    for: for each piece within reach, the run from the hull's centre towards it (cut short where
    the hull would meet terrain or the edge) counts every piece its front corridor passes over,
    each at LOOT_HIT, less with its distance (the later dice scatter more) and REAR_SHARE for a
    heading in the rear arc. Caps do not halt a vehicle ("caps don't halt their movement"), so a
    run through a cluster loots it all in one activation, which a git on foot (stopped by each
    cap) cannot: the worth is in expected caps (times CAP_POINTS, the scale of a git's cap)."""
    if not loot:
        return 0.0, None
    table = match.table
    p = match.position(v.id)
    far = reach(v)
    half_w = v.vehicle.hull_in[0] / 2 + CAP_HALF_IN
    half_l = v.vehicle.hull_in[1] / 2
    best: tuple[float, Point | None] = (0.0, None)
    for q in loot:
        d = _dist(p, q)
        if d < 1e-6 or d > far + half_l:
            continue
        ux, uy = (q[0] - p[0]) / d, (q[1] - p[1]) / d
        run = table.sweep_hull(
            v.id, far, facing=math.atan2(uy, ux), kinds=(Kind.TERRAIN,), step_in=PREVIEW_STEP_IN
        ).travelled
        total = 0.0
        for c in loot:
            t = (c[0] - p[0]) * ux + (c[1] - p[1]) * uy
            s = -(c[0] - p[0]) * uy + (c[1] - p[1]) * ux
            if -half_l <= t <= run + half_l and abs(s) <= half_w:
                total += LOOT_HIT * (1.0 - 0.5 * max(0.0, t) / (far + half_l))
        if table.local_point(v.id, q)[0] < 0:
            total *= REAR_SHARE
        if total > best[0]:
            best = (total, q)
    return CAP_POINTS * best[0], best[1]


def activation_worth(v: Any, match: Any, caps: list[Point], boss: int) -> float:
    """What a scoot could win this activation, in the heuristic's activation points (the scale
    of its git's cap, CAP_POINTS): the loot of the best run in reach (:func:`loot_run`: caps,
    and fallen enemies to steal from) and a ram the smash odds favour (RAM_POINTS per die of
    edge), whichever is more, as :func:`drive_target` drives for them. Valued by what the hull
    can do (its reach, corridor and smash dice), never by what it is. A hull :func:`boxed_in`
    does not scoot (the heuristic only shoots with it), so its drive is worth nothing."""
    if boxed_in(v, match):
        return 0.0
    loot, _at = loot_run(v, match, caps + robbable(match, boss))
    ram = ram_target(v, match, boss)
    rammed = 0.0
    if ram is not None and _dist(match.position(v.id), match.position(ram[0].id)) <= reach(v):
        rammed = RAM_POINTS * ram[1]
    return max(loot, rammed)


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
    foe = foe and not _from_contact(v, match, c, ahead.travelled)  # rammed from a standstill: a wall
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
    """Score each die by where its move would take the hull (the engine's own pivot and the
    table's sweep, not a move): loot is good, the rear arc and overshooting the handling cost a
    die each, crashing into terrain costs by the speed, ramming an enemy vehicle pays when the
    odds favour it, and a die that would leave the hull where it is (a pivot a wall blocks, a
    run into what it already touches) costs as much as a crash: a later die may find a way out
    once this one has turned the hull, and one resolved now is wasted."""
    table = match.table
    handling = effects.handling(v, v.vehicle.handling)
    best, best_score = options[0], -math.inf
    for die in options:
        d = table.die(die)
        drive = preview(v, match, d.position, d.value, table.die_radius(die), ignore=(die,))
        score = 0.0
        if drive.arc == "rear":
            score -= REAR_COST
        if d.value > handling:
            score -= 2.0
        c = drive.contact
        if c is not None:
            if c.thing.kind == Kind.TOKEN:
                score += 6.0
            elif c.thing.kind in (Kind.TERRAIN, Kind.EDGE):
                score -= (1.0 + 0.5 * d.value) if c.thing.kind == Kind.TERRAIN else 1.0
            elif c.thing.kind == Kind.DIE:
                score -= 2.0
            elif c.thing.kind == Kind.FIGURE and c.thing.id in match.models:
                o = match.models[c.thing.id]
                if o.vehicle is not None and o.boss != boss:
                    score += smash_expectation(v, o, d.value, False) - smash_expectation(o, v, 0, False)
                elif o.boss != boss and o.standing:
                    score += 1.0
        if drive.travelled < SHORT_IN and (
            not _ram(v, match, c, boss, d.value) or _from_contact(v, match, c, drive.travelled)
        ):
            score -= STUCK_COST
        if target is not None:
            score -= 0.3 * _dist(drive.end, target)
        rest = [o for o in options if o != die]
        if rest:  # and where it leaves the dice left: one now can turn the hull into a wall for the rest
            score -= NEXT_WEIGHT * STUCK_COST * _stuck_after(v, match, drive, rest)
        if score > best_score:
            best, best_score = die, score
    return best


NEXT_WEIGHT = 1.0  # how much the dice left going nowhere count against this one (a wasted die is a wasted die)


def _stuck(travelled: float) -> float:
    """How nearly a drive of ``travelled`` went nowhere: 1 at 0", 0 from SHORT_IN on."""
    return max(0.0, 1.0 - travelled / SHORT_IN)


def _stuck_after(v: Any, match: Any, first: Drive, rest: list[str]) -> float:
    """How many of the dice ``rest`` would go (nearly) nowhere after ``first``, in their best
    order: each die driven from the pose the one before leaves (:func:`_drive_from`), so a die
    that drives the hull past the last one, nose to the edge, is seen to leave that one behind
    it (a rear-arc die into the edge: 0")."""
    table = match.table
    dice = [(table.die(o).position, table.die(o).value, table.die_radius(o)) for o in rest]
    best = math.inf
    for k, (at, value, reach) in enumerate(dice):
        nxt = _drive_from(v, match, first, at, value, reach)
        waste = _waste(nxt)
        others = dice[:k] + dice[k + 1 :]
        if others:
            waste += min(_waste(_drive_from(v, match, nxt, *o)) for o in others)
        best = min(best, waste)
    return best


def _waste(drive: Drive) -> float:
    """What a later die's drive costs, in STUCK_COST units: how nearly it went nowhere, and the
    rear arc's damage die (REAR_COST), charged later as it is now in :func:`order_move_die`, or
    the order would put the dice lying behind last for free, after the front ones have driven
    the hull up to the edge or a wall they then run into."""
    return _stuck(drive.travelled) + (REAR_COST / STUCK_COST if drive.arc == "rear" else 0.0)


def _run_after(v: Any, match: Any, first: Drive, die: str) -> float:
    """How far die ``die`` would drive the hull after ``first`` has left it at its end pose: the
    die's arc and pivot there (the largest of the whole turn, 3/4, 1/2 and 1/4 of it that ends
    clear, as the engine's pivot takes the largest that does) and a run in PREVIEW_STEP_IN steps
    of poses that fit (gits count here: a rough look one die ahead)."""
    d = match.table.die(die)
    return _run_from(v, match, first, d.position, d.value, match.table.die_radius(die))


def _run_from(v: Any, match: Any, first: Drive, at: Point, value: int, reach: float) -> float:
    """How far a move die of ``value`` lying at ``at`` would drive the hull from ``first``'s end
    pose (see :func:`_run_after`)."""
    return _drive_from(v, match, first, at, value, reach).travelled


def _drive_from(v: Any, match: Any, first: Drive, at: Point, value: int, reach: float) -> Drive:
    """Where a move die of ``value`` lying at ``at`` would leave the hull after ``first`` (the
    rough look of :func:`_run_after`: its arc and the largest pivot that ends clear, then poses
    that fit at PREVIEW_STEP_IN steps; no contact is named)."""
    from ..rules.fleet import pivot_to_corridor

    table = match.table
    facing = first.facing
    dx, dy = at[0] - first.end[0], at[1] - first.end[1]
    c, s = math.cos(-facing), math.sin(-facing)
    local = (dx * c - dy * s, dx * s + dy * c)
    front = local[0] >= -reach
    turn = 0.0
    if front and effects.may_pivot(v, local):
        turn = pivot_to_corridor(local, v.vehicle.hull_in[0] / 2 + reach)
    for k in (1.0, 0.75, 0.5, 0.25, 0.0):
        if k == 0.0 or table.hull_fits(v.id, first.end, facing + turn * k):
            facing += turn * k
            break
    distance = effects.vehicle_move(v, value)
    ux, uy = math.cos(facing), math.sin(facing)
    went = 0.0
    while went < distance - 1e-9:
        step = min(distance, went + PREVIEW_STEP_IN)
        if not table.hull_fits(v.id, (first.end[0] + ux * step, first.end[1] + uy * step), facing):
            break
        went = step
    arc = "front" if front else "rear"
    end = (first.end[0] + ux * went, first.end[1] + uy * went)
    return Drive(arc, abs(facing - first.facing), facing, went, end, None)


REAR_COST = 3.0  # a die resolved in the rear arc: "then suffer 1 damage"
SHORT_IN = 1.0  # a drive shorter than this went nowhere (the issue-27 figure)
STUCK_COST = 4.0  # what a die that leaves the hull where it is costs (a crash's worth)
DIE_REACH = 0.3  # a thrown die's footprint radius (a D6), for previews of dice not yet thrown
PREVIEW_STEP_IN = 0.5  # the previews' sweep step (the engine's drive uses 0.05": exact contacts)
SCATTER = 1.0  # samples of a throw's landing this many sigmas off the aim (across and along)
# (degrees off the nose, inches beyond the hull's front half-length) tried when the aim is poor:
# the far side points turn the hull nearly square, out along a wall or edge it is nosed into
AIM_RING = (
    (0.0, 3.5),
    (30.0, 3.5),
    (-30.0, 3.5),
    (55.0, 4.0),
    (-55.0, 4.0),
    (75.0, 6.0),
    (-75.0, 6.0),
    (88.0, 8.0),
    (-88.0, 8.0),
)
AIM_OK_IN = 2.0  # a throw whose every sample drives at least this far is kept as it is


@dataclass(frozen=True)
class Drive:
    """What a move die would do to the hull, asked without moving it."""

    arc: str
    turned: float  # radians the pivot would turn (0: none, or blocked at once)
    facing: float  # the facing it would run along (radians)
    travelled: float
    end: Point
    contact: Any  # what the run stops against, or None


def preview(v: Any, match: Any, at: Point, value: int, reach: float, ignore: tuple[str, ...] = ()) -> Drive:
    """How a move die of ``value`` lying at ``at`` would move the vehicle: the engine's heading
    (arc, pivot, distance) and the table's hull sweeps, the pivot exactly as the drive makes it
    and the run forward at a coarser step. Gits on foot do not stop the run (friends and the
    fallen are pushed clear, a standing enemy is fought and driven on through), so they are
    ignored; caps are looted on the way."""
    table = match.table
    turn_to, distance, arc = match.heading(v, at, value, reach)
    angle = facing = table.figure(v.id).angle
    if turn_to is not None:
        facing = table.sweep_hull(v.id, 0.0, turn_to, kinds=(Kind.FIGURE, Kind.TERRAIN)).angle_end
    gits = tuple(m.id for m in match.models.values() if m.vehicle is None and m.in_play and m.aboard is None)
    run = table.sweep_hull(
        v.id,
        distance,
        ignore=ignore + gits,
        step_in=PREVIEW_STEP_IN,
        kinds=(Kind.FIGURE, Kind.TERRAIN, Kind.DIE),
        facing=facing,
    )
    turned = abs((facing - angle + math.pi) % (2 * math.pi) - math.pi)
    return Drive(arc, turned, facing, run.travelled, run.end, run.contact)


def _ram(v: Any, match: Any, contact: Any, boss: int, speed: int) -> bool:
    """Whether stopping against ``contact`` is a ram worth making (an enemy vehicle the smash
    odds favour): a drive of 0" into it still smashes at the die's speed."""
    if contact is None or contact.thing.kind != Kind.FIGURE or contact.thing.id not in match.models:
        return False
    o = match.models[contact.thing.id]
    if o.vehicle is None or o.boss == boss:
        return False
    return smash_expectation(v, o, speed, False) - smash_expectation(o, v, 0, False) >= RAM_EDGE


def _from_contact(v: Any, match: Any, contact: Any, travelled: float) -> bool:
    """Whether a drive stopping against ``contact`` after ``travelled`` is a ram from contact:
    under SHORT_IN into a hull the vehicle touches already. The book's smash counts the current
    speed, not the run-up ("a number of D6 equal to the vehicle's toughness plus its current
    speed"), so it hurts as much; but it is a die spent going nowhere, which is what watchers
    find wrong (issue 27: "0" crashes into something the vehicle already touched"). A good
    player drives clear and comes back: the next ram has a run-up and still moves the hull."""
    if contact is None or travelled >= SHORT_IN or contact.thing.kind != Kind.FIGURE:
        return False
    return contact.thing.id in match.touching(v.id)


THROW_STRENGTH = 0.2  # how hard the move dice are thrown (the heuristic's vehicle throws)


def _throw_spread(match: Any, aim: Point, boss: int) -> tuple[Point, Point, Point, float, float]:
    """A move throw at ``aim`` as the table's throw model sees it: the aim kept on the table, the
    boss's hand, the unit vector from the hand to the aim, and the 1-sigma spread of the dice's
    rest points along and across that line (:meth:`landing_spread`; the mean rest point is the aim)."""
    table = match.table
    aim = _on_table(aim, table)
    hand = match.hand_point(boss, aim)
    along, across = table.landing_spread(hand, aim, THROW_STRENGTH)
    d = _dist(hand, aim) or 1.0
    return aim, hand, ((aim[0] - hand[0]) / d, (aim[1] - hand[1]) / d), along, across


def _landing_spots(match: Any, aim: Point, boss: int) -> tuple[Point, Point, Point, Point, Point]:
    """Where a throw of move dice at ``aim`` (kept on the table) spreads them, as the table's own
    landing spread has it: the aim, SCATTER sigmas to its left and right across the throw, and
    short of it and past it along the throw (the points :func:`throw_worth` and
    :func:`throw_waste` preview)."""
    aim, hand, (ux, uy), along, across = _throw_spread(match, aim, boss)
    spots = (
        aim,
        (aim[0] - uy * across * SCATTER, aim[1] + ux * across * SCATTER),
        (aim[0] + uy * across * SCATTER, aim[1] - ux * across * SCATTER),
        (aim[0] - ux * along * SCATTER, aim[1] - uy * along * SCATTER),
        (aim[0] + ux * along * SCATTER, aim[1] + uy * along * SCATTER),
    )
    # A die thrown over a wall, a building or a hull it cannot clear drops before it (the
    # table's flight_rest): 13 of the 30 short drives on heuristic derby seeds 1-10 followed a
    # throw with a die stopped in the air, 27% of the drives after such throws against 6%.
    out = []
    for p in spots:
        stopped = match.table.flight_rest(hand, p, THROW_STRENGTH)
        out.append(p if stopped is None else stopped)
    return out[0], out[1], out[2], out[3], out[4]


def lost_share(match: Any, aim: Point, boss: int) -> float:
    """The chance a move die thrown at ``aim`` (kept on the table) from the boss's hand is lost
    past the table's edge, where it drives nothing ("Any dice lost over the edge of the world
    are gone"): the table's own :meth:`lost_chance` for the vehicles' throw, the one model of
    lost dice the heuristic's gits use too (it takes the touchdown past the edge as well as the
    rest point; this module kept a rest-point-only copy until 2026-12-05). A car nosed at an
    edge aimed its dice at it and lost them all (issue 27, mcts derby seed 30: three dice at
    0.2" from the edge, every one off the table, twice; 10 of 41 vehicle activations with no
    drive on seeds 21-40); the landing spots, kept on the table, could not see it."""
    table = match.table
    aim = _on_table(aim, table)
    return float(table.lost_chance(match.hand_point(boss, aim), aim, THROW_STRENGTH))


LOST_SHORT = 0.2  # a throw losing this share of its dice off the edge is not kept as it is


def throw_worth(
    v: Any, match: Any, aim: Point, sizes: tuple[int, ...], target: Point, boss: int
) -> tuple[float, float]:
    """How good throwing the move dice at ``aim`` is expected to be, and the shortest drive among
    the samples: a die of the dice's mean value previewed at the aim and SCATTER sigmas off it
    along and across the throw (the throw's own landing spread). Each sample scores the inches
    it brings the hull nearer ``target`` plus half the distance driven, less a die of damage for
    the rear arc and a crash's smash into terrain, and STUCK_COST for a drive under SHORT_IN
    (unless it is a ram worth making)."""
    table = match.table
    aim, left, right, short, past = _landing_spots(match, aim, boss)
    value = max(1, round(sum((s + 1) / 2 for s in sizes) / len(sizes)))
    here = _dist(match.position(v.id), target)
    samples = [aim, left, right, short, past]
    scores, shortest = [], math.inf
    tough = max(1, v.toughness)
    points = [_on_table(p, table) for p in samples]
    for i, p in enumerate(points):
        drive = preview(v, match, p, value, DIE_REACH)
        score = here - _dist(drive.end, target) + 0.5 * drive.travelled
        if drive.arc == "rear":
            score -= 3.0
        c = drive.contact
        if c is not None and c.thing.kind == Kind.TERRAIN:
            score -= effects.smash_dice(v, v.toughness + value) * exact_p_at_least(6, tough)
        ram = _ram(v, match, c, boss, value) and not _from_contact(v, match, c, drive.travelled)
        if ram:
            score += 2.0
        if drive.travelled < SHORT_IN and not ram:
            score -= STUCK_COST
        shortest = min(shortest, drive.travelled if not ram else math.inf)
        if drive.travelled >= SHORT_IN:  # and the dice left after it: lying past a wall it drove to?
            nxt = max(_run_from(v, match, drive, q, value, DIE_REACH) for j, q in enumerate(points) if j != i)
            score -= NEXT_WEIGHT * STUCK_COST * max(0.0, 1.0 - nxt / SHORT_IN)
            shortest = min(shortest, nxt)
        scores.append(score)
    lost = lost_share(match, aim, boss)  # a die lost past the edge drives nothing: a die gone nowhere
    scores = [(1.0 - lost) * sc - lost * STUCK_COST for sc in scores]
    if lost >= LOST_SHORT:
        shortest = 0.0
    # The boss picks which die to resolve first, so the throw is worth the best of its dice
    # (the expected best of len(sizes) samples drawn from these) and, less, the rest (their mean).
    scores.sort(reverse=True)
    k, n = len(scores), max(1, len(sizes))
    best = sum(sc * ((k - i) ** n - (k - i - 1) ** n) / k**n for i, sc in enumerate(scores))
    return best + 0.5 * sum(scores) / k, shortest


def planned_sizes(v: Any) -> tuple[int, ...]:
    """The move dice :func:`move_dice_sizes` picks from the engine's own choices."""
    from ..rules.fleet import MOVE_DICE, dice_choices, next_size

    n, largest, bigger = effects.vehicle_dice(v, MOVE_DICE)
    return move_dice_sizes(v, tuple(dice_choices(largest, n, next_size(largest) if bigger else None)))


def throw_waste(v: Any, match: Any, aim: Point, sizes: tuple[int, ...], boss: int) -> float:
    """How many of the move dice thrown at ``aim`` are expected to go (nearly) nowhere, each
    resolved in turn ("You have to resolve all your move dice"): the dice (each of its size's
    mean value) lie at the aim and one sigma short of it and past it along the throw (then
    across it), the way the throw's landing spreads them, and are driven one after the other
    from the pose the one before leaves, the longest drive first. A ram, or a drive into a
    wall with the dice left lying past it, leaves them 0" drives into what the hull touches."""
    table = match.table
    aim, left, right, short, past = _landing_spots(match, aim, boss)
    spots = [short, past, aim, left, right]
    n = max(1, len(sizes))
    dice = [(_on_table(spots[k % len(spots)], table), max(1, round((s + 1) / 2))) for k, s in enumerate(sizes)][:n]
    waste, pose = 0.0, None
    while dice:
        drives = [
            (
                preview(v, match, at, value, DIE_REACH)
                if pose is None
                else _drive_from(v, match, pose, at, value, DIE_REACH)
            )
            for at, value in dice
        ]
        k = max(range(len(dice)), key=lambda i: drives[i].travelled)
        waste += _stuck(drives[k].travelled)
        pose = drives[k]
        dice = dice[:k] + dice[k + 1 :]
    return waste + n * lost_share(match, aim, boss)  # and the dice lost past the edge


WASTE_MAX = 1.5  # a scoot whose thrown dice are expected to waste this many or more is not made


def choose_move_aim(v: Any, match: Any, target: Point, sizes: tuple[int, ...], boss: int) -> Point:
    """Where to throw the move dice: the front-arc aim (:func:`aim_into_front_arc`), kept when
    every sample of its landing drives the hull AIM_OK_IN or more; else the best by
    :func:`throw_worth` of it and the points round the nose (AIM_RING, ahead of the middle
    line), so a hull nosed into a wall, the edge or another hull throws where a pivot gets
    it out instead of where the dice would only drive it into what it touches."""
    first = aim_into_front_arc(v, match, target)
    worth, shortest = throw_worth(v, match, first, sizes, target, boss)
    if shortest >= AIM_OK_IN:
        return first
    table = match.table
    half = v.vehicle.hull_in[1] / 2
    best, best_worth = first, worth
    for deg, beyond in AIM_RING:
        a, reach = math.radians(deg), half + beyond
        p = _on_table(table.world_point(v.id, (reach * math.cos(a), reach * math.sin(a))), table)
        if table.local_point(v.id, p)[0] < 0.25:  # the edge pulled it (nearly) behind the middle line
            continue
        if table.within(0.0, point=p, kinds=(Kind.TERRAIN,)):  # no die comes to rest on a wall
            continue
        w, _s = throw_worth(v, match, p, sizes, target, boss)
        if w > best_worth + 1e-9:
            best, best_worth = p, w
    # and along the facings the hull can reach and run out on (a hull wedged by a corner or a
    # wall may have only one or two, which the ring above can miss)
    for turn in free_turns(v, match)[::2]:
        p = _on_table(aim_for_turn(v, match, turn), table)
        if table.local_point(v.id, p)[0] < 0.25 or table.within(0.0, point=p, kinds=(Kind.TERRAIN,)):
            continue
        w, _s = throw_worth(v, match, p, sizes, target, boss)
        if w > best_worth + 1e-9:
            best, best_worth = p, w
    return best


FREE_AIM_IN = 5.0  # aims along a free facing: this far beyond the hull's front half-length
FREE_AIM_MAX = math.radians(85)  # (kept ahead of the middle line, so the die lies in front)
FREE_AIM_FAR_IN = 12.0  # the farthest from the hull's centre an aim for a wide turn goes


def aim_for_turn(v: Any, match: Any, turn: float) -> Point:
    """Where a move die must lie for the engine's pivot to turn the hull by ``turn`` (radians):
    the pivot only brings the die into the front corridor ("the smallest turn that brings a
    point into the front corridor", :func:`pivot_to_corridor`), so a die lying *along* a free
    facing turns the hull short of it, by asin(half-width / distance) (about 11° for a buggy
    at 7"), often back into the wall a wedged hull is nosed against. The die goes that much
    further round, at FREE_AIM_IN beyond the nose, farther out (up to FREE_AIM_FAR_IN) for
    wide turns so it stays ahead of the middle line (FREE_AIM_MAX), the corridor's edge."""
    half_w = v.vehicle.hull_in[0] / 2 + DIE_REACH
    r = v.vehicle.hull_in[1] / 2 + FREE_AIM_IN
    if turn:
        room = FREE_AIM_MAX - abs(turn)
        if math.asin(min(1.0, half_w / r)) > room:
            r = FREE_AIM_FAR_IN if room <= 0 else min(FREE_AIM_FAR_IN, half_w / math.sin(room))
        a = turn + math.copysign(math.asin(min(1.0, half_w / r)), turn)
    else:
        a = 0.0
    a = max(-FREE_AIM_MAX, min(FREE_AIM_MAX, a))
    return match.table.world_point(v.id, (r * math.cos(a), r * math.sin(a)))  # type: ignore[no-any-return]


BOX_TURNS = tuple(math.radians(d) for d in range(-90, 91, 10))  # facings a pivot could reach


def boxed_in(v: Any, match: Any) -> bool:
    """Whether no move die could take the hull anywhere: at none of the facings a pivot can
    end at (up to 90° either way, clear of bases and terrain; a rear-arc die drives straight
    on) can it run SHORT_IN without
    meeting terrain, the edge or a friendly hull. Then the boss does not scoot at all: the
    rules make it resolve every move die it throws, and each would be a crash into what it
    touches (smash dice at the die's speed) for nothing. An enemy hull in the way is a ram,
    unless the hull touches it already: a ram from contact drives 0" (:func:`_from_contact`)."""
    return next(_free_turns(v, match, rams=True), None) is None


def free_turns(v: Any, match: Any) -> list[float]:
    """The turns (radians, of BOX_TURNS) a pivot can end at and then run SHORT_IN clear on."""
    return list(_free_turns(v, match, rams=False))


def _free_turns(v: Any, match: Any, rams: bool) -> Any:
    table = match.table
    angle = table.figure(v.id).angle
    gits = tuple(m.id for m in match.models.values() if m.vehicle is None and m.in_play and m.aboard is None)
    here = match.position(v.id)
    for turn in sorted(BOX_TURNS, key=abs):
        if turn and not table.hull_fits(v.id, here, angle + turn):  # a pivot may not end overlapping
            continue
        run = table.sweep_hull(
            v.id,
            SHORT_IN,
            ignore=gits,
            step_in=PREVIEW_STEP_IN,
            kinds=(Kind.FIGURE, Kind.TERRAIN),
            facing=angle + turn,
        )
        ram = rams and _ram(v, match, run.contact, v.boss, 4)
        if run.travelled >= SHORT_IN - 1e-6 or (ram and not _from_contact(v, match, run.contact, run.travelled)):
            yield turn  # (a ram of 0" into a hull it touches is no way out: every die would be one)


def _on_table(p: Point, table: Any) -> Point:
    return (min(max(p[0], 0.2), table.width - 0.2), min(max(p[1], 0.2), table.height - 0.2))


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

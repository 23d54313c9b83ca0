"""How the AIs play, measured: the behaviour table of issue 27, from seeded matches.

Strength (who wins) is measured by tournaments; this report measures what people watching
AI-vs-AI matches notice: move dice thrown where the git cannot go, vehicles that stand
still, fallen friends left lying, gits robbed again and again, games that run past the timer.

Each match is played with every controller wrapped in a probe that looks at the live table
when the AI is asked to throw move dice (is the git touching terrain?) or to pick a model to
activate (which fallen gits have a standing friend within 6"?); everything else is read from
the event log afterwards.

    .venv/bin/python tools/ai_report.py --matches 80                      # heuristic mirror, every scenario
    .venv/bin/python tools/ai_report.py --matches 40 --ai search,heuristic --scenario quickstart
    .venv/bin/python tools/ai_report.py --matches 20 --json out/ai_report.json
    .venv/bin/python tools/ai_report.py --matches 40 --first-seed 41 --scenario four_bosses   # seeds 41-80

Every unanswered pair is listed with its seed, robber, victim and boss, to trace.
--ai lists one AI per seat; seats past the list's end play its last AI (``search,heuristic``
on Four Bosses: the search in seat 0, the heuristic in the other three). ``--swap`` rotates the
list one seat on even seeds, as tournaments swap seats: the derby's gangs differ (Red drives a
buggy and a bike, Blue a truck and a jeep), and Red's drives stop short more often whoever
drives them, so an AI always in seat 0 is measured on Red's vehicles only (2026-12-02, drive2).

Definitions (per AI where a row is about one side's choices):
- near-zero move dice: a git's scoot die that moved it under 0.1", or that was thrown past the
  table's edge and lost (it moved the git nowhere; counted since 2026-12-05). "...of which looted a cap":
  those of them that stopped on a cap lying within 0.1" (the die looted it; the rest did nothing).
  "Gone nowhere" (the bar of issue 27, as read in docs/ai.md): the near-zero dice that did not
  loot a cap ("If a model bumps into a bottle cap at any point, they stop and pick it up").
- terrain starts gone nowhere: of the scoots begun touching terrain, those whose dice together
  moved the git under 0.1".
- past the timer / past 1.5x: the game clock at game over against the scenario's timer.
- fallen left lying: of the falls of a git with a standing friend within 6" (at its boss's next
  choice of activation), those still down after its boss's 3rd activation since; "booted in 2"
  is the share stood up within two of its boss's activations.
- robbed 3+ unanswered: (robber, victim) pairs with 3+ boots in, where between the first and the
  third no model of the victim's boss shot at (a bullet throw aimed within 3.5" of it, hit or
  miss), hit, fought or smashed the robber, or walked or drove at it (a move throw whose line
  passes within 15 degrees of a robber 12" or nearer (for a git on foot, or within two of its
  average scoots, whichever is farther: a walk over two activations) and ends no nearer than 1"
  short of it: the git or vehicle heads into it, arrived or not, as a missed shot counts; printed
  apart, as "answered only by a walk or drive"). "Could answer" counts those of them where, at one
  of the boss's choices of activation in between, one activation of a standing model of its
  ("one or two different actions out of scoot, shoot, or boot") could act against the robber:
  a git's ready gun with a clear line to it in range (shoot); a git within 12" of it or within its
  average scoot's reach (3.5" a D6, the mean of each move die), whichever is farther, or a vehicle
  within 12" (a walk into it is a fight, a vehicle's drive into it a smash; vehicles count since
  2026-12-01 night, branch rob: the heuristic drives them at robbers); or a git with a ready gun
  within the gun's range plus its average scoot's reach (scoot to a spot from which the gun
  reaches, then shoot; edge-to-edge distances, the line from that spot not checked; two actions
  since 2026-12-02, branch reach; before, "could answer" was one action). "Answerable only over
  several activations" counts the unanswered the boss could not answer in one activation but could
  in two: a git within two average scoots of the robber (a fight), or of its gun's range of it
  (then a shot). The rest the boss could not reach: every git of its down, far off or behind walls.
- vehicle activations with no drive (before the siren), drives stopping within 1" of their start;
  the short drives broken down by what stopped them (enemy or friendly hull or git, terrain, the
  edge, a die, or nothing), by which die of the activation it was (1st, 2nd, 3rd+) and by the arc
  the die lay in, to trace them by cause (the headline row is unchanged); and by seat (boss index).
- matches with vehicles in which no vehicle drove at all: the row above counts only activations
  of vehicles, so a derby whose gits loot every cap and leg it before any vehicle is activated
  (half of them, 2026-12-01) passes it while a watcher sees every car parked the whole game.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.physics.routes import RouteField  # noqa: E402
from spacegits_sim.physics.table import Kind  # noqa: E402
from spacegits_sim.rules import effects  # noqa: E402
from spacegits_sim.rules.decisions import AimThrow, ChooseActivation  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402

SCENARIOS = {
    "quickstart": "scenarios/quickstart.yaml",
    "four_bosses": "scenarios/four_bosses.yaml",
    "funfair": "scenarios/funfair.yaml",
    "derby": "scenarios/demolition_derby.yaml",
}
TOUCH_IN = 0.05  # a base this close to terrain counts as touching it (sweeps leave bases at contact)
FRIEND_IN = 6.0
HEADING_DEG = 15.0  # a move throw aimed this close to a robber's way (straight, or round the terrain) heads at it
ROUTE_WAYS = 72  # directions tried for a route's way (5 degrees apart) ...
ROUTE_STEP_IN = 1.5  # ... each a step this long
SHOT_AT_IN = 3.5  # a bullet throw aimed this close to an enemy was aimed at it (the AIs aim 2.5" past)
ANSWER_IN = 12.0  # a robber this close (edge to edge) to a standing git can be walked into and fought
SEVERAL = 2  # activations: a robber within this many average scoots is answerable over several


@dataclass
class Probe:
    """A controller wrapper that notes what the table looked like when its AI was asked."""

    inner: Any
    boss: int
    scoots: list[tuple[str, int, bool]] = field(default_factory=list)  # model, event index, touching terrain
    plans: list[str] = field(default_factory=list)  # the plan each of those scoots' aims served (plan_of)
    fallen: dict[str, tuple[int, bool]] = field(default_factory=dict)  # git -> (event index, friend within 6")
    answerable: list[tuple[int, str]] = field(default_factory=list)  # (event index, robber it could answer)
    reachable: list[tuple[int, str]] = field(default_factory=list)  # (event index, robber 2 activations off)
    shots: list[tuple[int, str]] = field(default_factory=list)  # (event index, the enemy a bullet throw aimed at)
    walks: list[tuple[int, str]] = field(default_factory=list)  # (event index, a robber a move throw headed at)

    def decide(self, request: Any, match: Any) -> Any:
        if isinstance(request, AimThrow) and request.purpose == "move":
            m = match.models[request.model]
            if m.vehicle is None:
                near = match.table.within(TOUCH_IN, figure=m.id, kinds=(Kind.TERRAIN,))
                self.scoots.append((m.id, len(match.events), bool(near)))
        if isinstance(request, ChooseActivation):
            self.answerable += [(len(match.events), r) for r in _answerable_robbers(match, self.boss)]
            self.reachable += [(len(match.events), r) for r in _answerable_robbers(match, self.boss, SEVERAL)]
            for m in match.models.values():
                if m.boss != self.boss or m.vehicle is not None or not m.fallen or m.removed or not m.in_play:
                    continue
                if m.id in self.fallen and self.fallen[m.id][0] >= 0:
                    continue
                friends = [
                    o
                    for o in match.models.values()
                    if o.boss == self.boss
                    and o.id != m.id
                    and o.in_play
                    and not o.fallen
                    and not o.removed
                    and o.vehicle is None
                    and o.aboard is None
                ]
                close = any(match.table.distance_between(m.id, o.id) <= FRIEND_IN for o in friends)
                self.fallen[m.id] = (len(match.events), close)
        answer = self.inner.decide(request, match)
        if isinstance(request, AimThrow) and request.purpose == "move" and match.models[request.model].vehicle is None:
            self.plans.append(plan_of(self.inner, request.model))
        if isinstance(request, AimThrow) and request.purpose == "move":
            aim = getattr(answer, "aim", None) or (answer.get("aim") if isinstance(answer, dict) else None)
            if aim is not None:
                self.walks += [
                    (len(match.events), r)
                    for r in _robbers(match, self.boss)
                    if _heads_at(match, request.model, aim, r)
                ]
        if isinstance(request, AimThrow) and request.purpose == "bullet":
            aim = getattr(answer, "aim", None) or (answer.get("aim") if isinstance(answer, dict) else None)
            foes = [o for o in match.models.values() if o.boss != self.boss and o.in_play and o.standing]
            if aim is not None and foes:
                near = min(foes, key=lambda o: _dist(match.position(o.id), aim))
                if _dist(match.position(near.id), aim) <= SHOT_AT_IN:
                    self.shots.append((len(match.events), near.id))
        return answer


def _dist(a: Any, b: Any) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def plan_of(ai: Any, model: str) -> str:
    """Which walk a move throw's aim served, read from the AI's plans just after it aimed
    (the heuristic's, and so the search's and the tree search's, bookkeeping; "caps" for an AI
    without it): a walk away before legging it, a rescue of a fallen friend, a hunt of a robber,
    a walk to terrain to boot it, out of a line of fire, or to the caps."""
    if model in getattr(ai, "_retreating", ()):
        return "away"
    for name, attr in (("rescue", "_rescuing"), ("hunt", "_hunting"), ("machine", "_machine"), ("escape", "_escaping")):
        if getattr(ai, attr, {}).get(model):
            return name
    return "caps"


def _robbers(match: Match, boss: int) -> list[str]:
    """Standing enemies touching one of ``boss``'s fallen gits (each of their activations, they
    can put the boot in again)."""
    out: list[str] = []
    for o in match.in_play(boss):
        if not o.fallen:
            continue
        for rid in match.touching(o.id):
            r = match.models[rid]
            if r.boss != boss and r.standing and rid not in out:
                out.append(rid)
    return out


def _scoot_reach(m: Any) -> float:
    """An average scoot's length: a die's mean roll for each move die (3.5" a D6)."""
    return float(sum((sides + 1) / 2 for sides in m.move_dice))


def _heads_at(match: Match, mover: str, aim: Any, rid: str) -> bool:
    """Whether a move throw aimed at ``aim`` walks (or drives) ``mover`` into ``rid``: the robber
    within 12\" (edge to edge; for a git on foot, or within two of its average scoots: a walk
    over two activations), and the aim no nearer than 1\" short of it (the dice lie at or past it,
    so each move drags the git towards it), within 15 degrees of the throw's line or, for a git on
    foot, of the walking route round the terrain (:func:`_route_way`): a git walking round the
    wall between it and the robber goes after it as surely as one walking straight at it (issue
    27: Four Bosses seed 50, Green's git hunting the robber round a low wall, its aims 37-45
    degrees off the straight line, was counted as never answering)."""
    m = match.models[mover]
    far = ANSWER_IN if m.vehicle is not None else max(ANSWER_IN, SEVERAL * _scoot_reach(m))
    if match.table.distance_between(mover, rid) > far:
        return False
    p, q = match.position(mover), match.position(rid)
    a, b = (aim[0] - p[0], aim[1] - p[1]), (q[0] - p[0], q[1] - p[1])
    na, nb = _dist(aim, p), _dist(q, p)
    if na < 1e-9 or nb < 1e-9:
        return False
    cos15 = math.cos(math.radians(HEADING_DEG))
    if na >= nb - 1.0 and (a[0] * b[0] + a[1] * b[1]) / (na * nb) >= cos15:
        return True
    if m.vehicle is not None:
        return False
    way = _route_way(match, mover, q)
    return way is not None and (a[0] * way[0] + a[1] * way[1]) / na >= cos15


def _route_way(match: Match, mover: str, goal: Any) -> tuple[float, float] | None:
    """The unit direction in which ``mover``'s base walks towards ``goal`` by the shortest route
    round the terrain (of ROUTE_WAYS directions, the step of ROUTE_STEP_IN that shortens the
    route most); None if no step shortens it (no route, or already there)."""
    radius = match.table.figure(mover).radius
    field = RouteField(match.table, goal, radius)
    p = match.position(mover)
    here = field.distance(p)
    if not math.isfinite(here):
        return None
    best, way = here, None
    for k in range(ROUTE_WAYS):
        t = 2 * math.pi * k / ROUTE_WAYS
        u = (math.cos(t), math.sin(t))
        d = field.distance((p[0] + ROUTE_STEP_IN * u[0], p[1] + ROUTE_STEP_IN * u[1]))
        if d < best - 1e-9:
            best, way = d, u
    return way


def _answerable_robbers(match: Match, boss: int, activations: int = 1) -> list[str]:
    """Robbers of ``boss``'s fallen gits that one of its standing models could act against in
    one activation of two actions ("one or two different actions out of scoot, shoot, or boot"):
    a git's ready gun with a clear line in range (shoot); a git within 12\" or its average
    scoot's reach, whichever is longer, or a vehicle within 12\" (walk or drive into it: a fight,
    a vehicle's bump a smash); a git within its average scoot's reach of a spot from which its
    ready gun reaches the robber, i.e. edge to edge within the gun's range plus that reach (scoot,
    then shoot; the line from that spot is not checked). With ``activations`` of 2 or more, the
    walks are that many average scoots long (answerable over several activations)."""
    mine = [g for g in match.in_play(boss) if g.standing and g.aboard is None]
    out = []
    for rid in _robbers(match, boss):
        for g in mine:
            d = match.table.distance_between(g.id, rid)
            walk = 0.0 if g.vehicle is not None else activations * _scoot_reach(g)
            if d <= max(ANSWER_IN, walk):
                out.append(rid)
                break
            guns = [w for w in g.weapons if w.kind == "shooting" and effects.gun_ready(g, w)]
            reach = max((effects.weapon_range(g, w) for w in guns), default=0.0)
            if reach > 0 and d <= reach + walk and walk > 0:
                out.append(rid)
                break
            line = match.table.line_of_fire(g.id, match.position(rid), reach) if reach > 0 else None
            if line is not None and line.hit is not None and line.hit.thing.id == rid:
                out.append(rid)
                break
    return out


def _stop_kind(stop: str | None, model: str, boss_of: dict[str, int]) -> str:
    """What a move die that went nowhere stopped against: terrain, a friend, an enemy, a die, a
    cap, the edge (or nothing: a die lying under the git)."""
    if stop is None:
        return "nothing"
    kind, _, thing = stop.partition(":")
    if kind == "figure":
        return "friend" if boss_of.get(thing) == boss_of.get(model) else "enemy"
    return kind


def _drive_stop_kind(stop: str | None, model: str, boss_of: dict[str, int], vehicles: set[str]) -> str:
    """What a short drive stopped against: an enemy or friendly hull or git, a die, a cap,
    terrain, the edge (or nothing: a short die, or a pivot that took the room)."""
    if stop is None:
        return "nothing"
    kind, _, thing = stop.partition(":")
    if kind == "figure":
        side = "friendly" if boss_of.get(thing) == boss_of.get(model) else "enemy"
        return f"{side} {'hull' if thing in vehicles else 'git'}"
    return kind


def _stood_up_or_gone(events: list[Any], start: int, git: str) -> int:
    """The event index at which a fallen git is up again or out of play (len(events) if never)."""
    for i in range(start, len(events)):
        e = events[i]
        if e.kind == "stood_up" and e.model == git:
            return i
        if e.kind == "model_removed" and e.model == git:
            return i
        if e.kind == "rebooted" and e.model == git and e.success:
            return i
    return len(events)


def play(scenario_path: str, seed: int, ais: list[str]) -> tuple[Match, list[Probe]]:
    sc = load_scenario(ROOT / scenario_path, default_rules())
    match = Match(sc, default_rules(), seed=seed)
    seats = (ais * len(sc.players))[: len(sc.players)]  # two AIs at four seats sit A B A B
    probes = [Probe(make_controller(a, seed, i), i) for i, a in enumerate(seats)]
    match.play(probes)
    return match, probes


def measure(match: Match, probes: list[Probe], ais: list[str]) -> dict[str, Any]:
    events = match.events
    boss_of = {m.id: m.boss for m in match.models.values()}
    boss_index = {b.name: b.index for b in match.bosses}
    ai_of_boss = {i: ais[i % len(ais)] for i in range(len(probes))}
    vehicles = {m.id for m in match.models.values() if m.vehicle is not None}
    out: dict[str, Any] = defaultdict(lambda: defaultdict(int))

    for e in events:  # move dice
        if e.kind == "model_moved" and e.reason == "scoot" and e.value is not None and e.model in boss_of:
            ai = ai_of_boss[boss_of[e.model]]
            out[ai]["move_dice"] += 1
            out[ai]["near_zero"] += e.travelled < 0.1
            # A die that stopped on a cap within 0.1" still looted it ("If you bump into a bottle
            # cap, you loot it"): counted in the headline (the issue's bar), and apart here.
            out[ai]["near_zero_looted"] += e.travelled < 0.1 and (e.stop or "").startswith("cap:")
        if e.kind == "dice_thrown" and e.purpose == "move" and e.model in boss_of and e.model not in vehicles:
            # A move die thrown past the table's edge is gone ("Any dice lost over the edge of the
            # world are gone") and moves the git nowhere: counted in the headline as a die under
            # 0.1" (it did less), and apart. Uncounted until 2026-12-05 (branch lost-dice).
            lost = sum(d["position"] is None for d in e.dice)
            ai = ai_of_boss[boss_of[e.model]]
            out[ai]["move_dice"] += lost
            out[ai]["near_zero"] += lost
            out[ai]["near_zero_lost"] += lost

    for p in probes:  # scoots begun against terrain; move dice by plan
        ai = ai_of_boss[p.boss]
        for k, (model, start, touching) in enumerate(p.scoots):
            stop = p.scoots[k + 1][1] if k + 1 < len(p.scoots) else len(events)
            plan = p.plans[k] if k < len(p.plans) else "caps"
            for e in events[start:stop]:
                if e.kind == "activation_ended":
                    break
                if e.kind == "dice_thrown" and e.model == model and e.purpose == "move":
                    lost = sum(d["position"] is None for d in e.dice)
                    out[ai][f"plan:{plan}"] += lost
                    out[ai][f"plan:{plan}:near_zero"] += lost
                    out[ai][f"plan:{plan}:against:lost"] += lost
                if e.kind == "model_moved" and e.model == model and e.reason == "scoot" and e.value is not None:
                    out[ai][f"plan:{plan}"] += 1
                    if e.travelled < 0.1:
                        out[ai][f"plan:{plan}:near_zero"] += 1
                        out[ai][f"plan:{plan}:against:{_stop_kind(e.stop, model, boss_of)}"] += 1
            if not touching:
                continue
            stop = p.scoots[k + 1][1] if k + 1 < len(p.scoots) else len(events)
            moved = 0.0
            for e in events[start:stop]:
                if e.kind == "activation_ended":
                    break
                if e.kind == "model_moved" and e.model == model and e.reason == "scoot":
                    moved += e.travelled
            out[ai]["terrain_starts"] += 1
            out[ai]["terrain_nowhere"] += moved < 0.1

    starts = [i for i, e in enumerate(events) if e.kind == "activation_started"]
    for p in probes:  # fallen friends
        ai = ai_of_boss[p.boss]
        for git, (at, close) in p.fallen.items():
            if not close:
                continue
            up = _stood_up_or_gone(events, at, git)
            own = [i for i in starts if i >= at and boss_index.get(events[i].boss) == p.boss]
            acts_before_up = sum(1 for i in own if i < up)
            if len(own) < 2 and up == len(events):
                continue  # the game ended before its boss could do anything about it
            out[ai]["fallen_with_friend"] += 1
            out[ai]["booted_within_2"] += acts_before_up <= 2 and up < len(events)
            out[ai]["down_after_3"] += acts_before_up >= 3

    robs: dict[tuple[str, str], list[int]] = defaultdict(list)  # robbed 3+ times
    unanswered: list[dict[str, Any]] = []
    for i, e in enumerate(events):
        if e.kind == "booted" and e.how == "boot_in":
            robs[(e.model, e.target)].append(i)
    for (robber, victim), idx in robs.items():
        if len(idx) < 3 or victim not in boss_of:
            continue
        vb = boss_of[victim]
        ai = ai_of_boss.get(vb, "?")
        out[ai]["robbed_3"] += 1
        answered = False
        for e in events[idx[0] : idx[2]]:
            if e.kind == "bullet" and e.hit == f"figure:{robber}" and boss_of.get(e.model) == vb:
                answered = True
            elif (
                e.kind == "fight"
                and {e.active, e.passive} & {robber}
                and boss_of.get(e.passive if e.active == robber else e.active) == vb
            ):
                answered = True
            elif e.kind == "smashed" and e.target == robber and boss_of.get(e.model) == vb:
                answered = True
        probe = next((p for p in probes if p.boss == vb), None)
        if probe is not None and any(idx[0] <= i < idx[2] and t == robber for i, t in probe.shots):
            answered = True  # shot at: bullets thrown at the robber, hit or miss
        if not answered and probe is not None and any(idx[0] <= i < idx[2] and t == robber for i, t in probe.walks):
            answered = True  # walked or drove at: move dice thrown at it, arrived or not (as a missed shot)
            out[ai]["robbed_3_walked_at_only"] += 1
        out[ai]["robbed_3_unanswered"] += not answered
        could = probe is not None and any(idx[0] <= i < idx[2] and r == robber for i, r in probe.answerable)
        out[ai]["robbed_3_unanswered_could"] += not answered and could
        later = probe is not None and any(idx[0] <= i < idx[2] and r == robber for i, r in probe.reachable)
        out[ai]["robbed_3_unanswered_later"] += not answered and not could and later
        if not answered:
            unanswered.append(
                {
                    "robber": robber,
                    "victim": victim,
                    "boss": vb,
                    "could": bool(could),
                    "later": bool(later and not could),
                    "events": [idx[0], idx[2]],
                }
            )

    if vehicles:  # vehicles: activations with no drive, short drives
        siren_at = next((i for i, e in enumerate(events) if e.kind == "siren"), len(events))
        for k, i in enumerate(starts):
            e = events[i]
            if e.model not in vehicles:
                continue
            end = starts[k + 1] if k + 1 < len(starts) else len(events)
            drove = any(
                x.kind == "vehicle_moved" and x.model == e.model and x.how == "drive" and x.travelled >= 0.1
                for x in events[i:end]
            )
            ai = ai_of_boss[boss_of[e.model]]
            key = "before" if i < siren_at else "after"
            out[ai][f"veh_acts_{key}"] += 1
            out[ai][f"veh_still_{key}"] += not drove
        die_no: dict[str, int] = {}  # the how-manieth drive of its activation each vehicle is on
        for x in events:
            if x.kind == "activation_started":
                die_no.clear()
            if x.kind == "vehicle_moved" and x.how == "drive" and x.model in boss_of:
                ai = ai_of_boss[boss_of[x.model]]
                die_no[x.model] = die_no.get(x.model, 0) + 1
                out[ai]["drives"] += 1
                out[ai]["drives_short"] += x.travelled < 1.0
                seat = boss_of[x.model]  # the derby's two gangs drive different vehicles
                out[ai][f"seat_drives:{seat}"] += 1
                out[ai][f"seat_short:{seat}"] += x.travelled < 1.0
                if x.travelled < 1.0:  # what stopped it, and which die of the activation it was
                    kind = _drive_stop_kind(x.stop, x.model, boss_of, vehicles)
                    out[ai][f"short_by:{kind}"] += 1
                    out[ai][f"short_die:{min(die_no[x.model], 3)}"] += 1
                    out[ai][f"short_arc:{x.arc or 'none'}"] += 1
                    out[ai][f"short_by_die:{kind} (die {min(die_no[x.model], 3)}, {x.arc or 'none'})"] += 1

    over = next(e for e in reversed(events) if e.kind == "game_over")
    timer = match.scenario.timer_min * 60.0
    result = {ai: dict(v) for ai, v in out.items()}
    return {
        "ais": result,
        "vehicles": bool(vehicles),
        "no_drive": bool(vehicles) and not any(x.kind == "vehicle_moved" and x.how == "drive" for x in events),
        "clock_s": over.clock_s,
        "past_timer": over.clock_s > timer,
        "past_safety": bool(over.safety_fired) or over.clock_s > 1.5 * timer,
        "unanswered": unanswered,
    }


def pct(n: int, d: int) -> str:
    return f"{100.0 * n / d:.0f}% ({n}/{d})" if d else "-"


def report(name: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    tot: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in rows:
        for ai, v in r["ais"].items():
            for k, n in v.items():
                tot[ai][k] += n
    games = len(rows)
    past = sum(r["past_timer"] for r in rows)
    safety = sum(r["past_safety"] for r in rows)
    clocks = [r["clock_s"] / 60 for r in rows]
    print(f"\n## {name}: {games} matches, game clock median {statistics.median(clocks):.1f} min")
    print(f"games past the timer: {pct(past, games)}; past 1.5x the timer: {pct(safety, games)}")
    late = [(r.get("seed"), round(r["clock_s"] / 60, 1)) for r in rows if r["past_timer"]]
    if late:  # to trace them: which seeds, and how late (game clock in minutes)
        print("...past the timer: " + ", ".join(f"seed {s} ({c} min)" for s, c in late))
    summary: dict[str, Any] = {"games": games, "past_timer": past, "past_safety": safety, "ais": {}}
    summary["past_timer_seeds"] = [s for s, _c in late]
    pairs = [p | {"seed": r.get("seed")} for r in rows for p in r.get("unanswered", [])]
    for p in pairs:
        reach = "answerable" if p["could"] else "answerable over several activations" if p.get("later") else None
        print(
            f"unanswered: seed {p['seed']}, {p['robber']} robbed {p['victim']} (boss {p['boss']}) "
            f"between events {p['events'][0]} and {p['events'][1]}; {reach or 'out of reach'}"
        )
    summary["unanswered"] = pairs
    with_vehicles = sum(bool(r.get("vehicles")) for r in rows)
    if with_vehicles:
        parked = sum(bool(r.get("no_drive")) for r in rows)
        print(f"matches with vehicles in which no vehicle drove at all: {pct(parked, with_vehicles)}")
        summary["no_drive"] = parked
    for ai, t in sorted(tot.items()):
        lines = {
            'move dice under 0.1" or lost past the edge': pct(t["near_zero"], t["move_dice"]),
            "...of which lost past the edge": pct(t.get("near_zero_lost", 0), t["near_zero"]),
            "...of which looted a cap (the rest did nothing)": pct(t.get("near_zero_looted", 0), t["near_zero"]),
            "move dice gone nowhere (the bar: those not looting a cap)": pct(
                t["near_zero"] - t.get("near_zero_looted", 0), t["move_dice"]
            ),
            "scoots begun against terrain that went nowhere": pct(t["terrain_nowhere"], t["terrain_starts"]),
            'fallen gits (friend within 6") booted within 2 activations': pct(
                t["booted_within_2"], t["fallen_with_friend"]
            ),
            "...still down after 3+": pct(t["down_after_3"], t["fallen_with_friend"]),
            "gits robbed 3+ times by one enemy (unanswered; of them, could answer)": (
                f"{t['robbed_3']} ({t['robbed_3_unanswered']}; {t['robbed_3_unanswered_could']})"
            ),
            "...unanswered, answerable only over several activations (not in one)": str(
                t.get("robbed_3_unanswered_later", 0)
            ),
            "...answered only by a walk or drive at the robber that did not reach it": str(
                t.get("robbed_3_walked_at_only", 0)
            ),
        }
        if t.get("drives") or t.get("veh_acts_before"):
            lines["vehicle activations with no drive, before the siren"] = pct(
                t["veh_still_before"], t["veh_acts_before"]
            )
            lines["...after the siren"] = pct(t["veh_still_after"], t["veh_acts_after"])
            lines['drives stopping within 1"'] = pct(t["drives_short"], t["drives"])
            seats = sorted(k.split(":", 1)[1] for k in t if k.startswith("seat_drives:"))
            if seats:
                lines["...by seat"] = ", ".join(
                    f"{s} {pct(t.get(f'seat_short:{s}', 0), t[f'seat_drives:{s}'])}" for s in seats
                )
            for group, label in (
                ("short_by", "stopped by"),
                ("short_die", "die of the activation"),
                ("short_arc", "arc"),
                ("short_by_die", "cause (die, arc)"),
            ):
                parts = ", ".join(
                    f"{k.split(':', 1)[1]} {n}" for k, n in sorted(t.items()) if k.startswith(f"{group}:")
                )
                if parts:
                    lines[f"...short drives by {label}"] = parts
        plans = sorted({k.split(":")[1] for k in t if k.startswith("plan:")})
        for plan in plans:
            against = ", ".join(
                f"{k.rsplit(':', 1)[1]} {n}" for k, n in sorted(t.items()) if k.startswith(f"plan:{plan}:against:")
            )
            lines[f'...{plan} walks: move dice under 0.1"'] = pct(
                t.get(f"plan:{plan}:near_zero", 0), t[f"plan:{plan}"]
            ) + (f" (against: {against})" if against else "")
        print(f"  {ai}:")
        for k, v in lines.items():
            print(f"    {k}: {v}")
        summary["ais"][ai] = dict(t)
    return summary


def seating(ai_list: str, n: int, seed: int, swap: bool = False) -> list[str]:
    """The AI at each of ``n`` seats: one in every seat, or two alternating (A B A B at four
    seats); with ``swap``, even seeds rotate the list one seat, as tournaments swap seats (the
    derby's two gangs drive different vehicles: an AI always in seat 0 drives only Red's)."""
    ais = [a.strip() for a in ai_list.split(",")]
    ais = (ais * n)[:n]
    return ais[1:] + ais[:1] if swap and seed % 2 == 0 else ais


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=20, help="seeded matches per scenario (seeds 1..N)")
    ap.add_argument(
        "--ai",
        default="heuristic",
        help="one AI per seat (comma-separated); seats past the list's end play its last AI",
    )
    ap.add_argument("--scenario", action="append", choices=sorted(SCENARIOS), help="default: all four")
    ap.add_argument("--json", type=Path, help="write the totals here")
    ap.add_argument("--first-seed", type=int, default=1, help="play seeds first..first+N-1 (to split a long run)")
    ap.add_argument(
        "--swap",
        action="store_true",
        help="even seeds rotate the AIs one seat (as tournaments swap seats; the derby's gangs differ)",
    )
    args = ap.parse_args(argv)
    if args.matches < 1 or args.matches > 10_000:
        ap.error("--matches must be between 1 and 10000")
    out: dict[str, Any] = {}
    for name in args.scenario or list(SCENARIOS):
        rows = []
        for k, seed in enumerate(range(args.first_seed, args.first_seed + args.matches), 1):
            n = len(load_scenario(ROOT / SCENARIOS[name], default_rules()).players)
            ais = seating(args.ai, n, seed, args.swap)
            match, probes = play(SCENARIOS[name], seed, ais)
            rows.append(measure(match, probes, ais) | {"seed": seed})
            print(f"\r{name}: {k}/{args.matches} played (seed {seed})", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        out[name] = report(name, rows)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The search boss: the heuristic's judgement, plus Monte Carlo lookahead on copies of the table.

For a move throw it tries candidate aim points (past each nearby cap, at several depths and
strengths) and, for each, throws the git's real move dice on a scratch copy of the physics
table with its own seeded stream, then plays out every order of the landed dice with real
sweeps (bumps, loots, fights, table edge). The aim with the best mean outcome wins. When
ordering move dice it searches every remaining order exactly on a scratch table.

The budget is a number of rollouts per decision (not wall time), so the same seed always
gives the same match; ``max_decision_s`` is the wall-clock ceiling it is tested against.
"""

from __future__ import annotations

import math
import time
from itertools import permutations
from typing import Any

from ..physics.table import Kind
from ..rng import stream
from ..rules.decisions import AimThrow, OrderMoveDie, Throw
from .heuristic import HeuristicController, _clamp, _dist

Point = tuple[float, float]
WASTED_DIE = 1.5  # a rollout's cost, in its score's units, of a move die that moved the git nowhere
RESCUED = 12.0  # a move order's credit, in the same units, for ending touching the fallen friend it walks to
RESCUE_TOUCH = 0.1  # edge-to-edge inches within which a git counts as touching that friend (to boot it up)


class SearchController(HeuristicController):
    name = "search"

    def __init__(self, seed: int = 0, boss: int = 0, rollouts: int = 30, max_decision_s: float = 2.0) -> None:
        super().__init__(seed, boss)
        self.sim_rng = stream(seed, f"ai/search/{boss}")
        self.rollouts = rollouts
        self.max_decision_s = max_decision_s
        self.last_decision_s = 0.0
        self.worst_decision_s = 0.0

    def retreat_from(self, m: Any, match: Any) -> Point | None:
        """Where a git near enemies should stagger to before its boss legs it (None: no need)."""
        foes = [match.position(e.id) for e in self.enemies(match) if match.table.distance_between(m.id, e.id) <= 7.0]
        if not foes:
            return None
        p = match.position(m.id)
        fx = sum(f[0] for f in foes) / len(foes)
        fy = sum(f[1] for f in foes) / len(foes)
        d = _dist(p, (fx, fy)) or 1.0
        return (p[0] + (p[0] - fx) / d * 10.0, p[1] + (p[1] - fy) / d * 10.0)

    def winning_endgame(self, match: Any) -> bool:
        """Ahead, with too few caps left for the other side to catch up: time to get clear and leg it."""
        mine = self.new_caps(match, self.boss)
        others = [self.new_caps(match, b.index) for b in match.bosses if b.index != self.boss and not b.out]
        return bool(others) and mine - max(others) - len(match.table.tokens) > 0

    def choose_activation(self, req: Any, match: Any) -> Any:
        if "leg_it" in req.options and self.should_leg_it(match):
            return "leg_it"
        if self.winning_endgame(match):  # retreat the git nearest an enemy so legging it later costs nothing
            near = [
                mid
                for mid in req.options
                if mid != "leg_it"
                and match.models[mid].standing
                and self.retreat_from(match.models[mid], match) is not None
            ]
            if near:
                return near[0]
            if "leg_it" in req.options and self.leg_it_margin(match) > 0:
                return "leg_it"
        return super().choose_activation(req, match)

    def choose_action(self, req: Any, match: Any) -> Any:
        m = match.models[req.model]
        if self.winning_endgame(match) and "scoot" in req.options and self.retreat_from(m, match) is not None:
            return "scoot"
        return super().choose_action(req, match)

    def aim_move(self, req: AimThrow, match: Any) -> Throw:
        t0 = time.perf_counter()
        m = match.models[req.model]
        if self.winning_endgame(match):
            away = self.retreat_from(m, match)
            if away is not None:
                self._target[m.id] = away
                return Throw(_clamp(away, req.width, req.height), 0.1)
        p = match.position(m.id)
        caps = sorted(self.caps(match), key=lambda c: _dist(p, c))[:3]
        base = super().aim_move(req, match)
        if not caps:
            return base
        if self.rescue_of(m, match) is not None or self._hunting.get(m.id) is not None:
            # The heuristic is walking over to boot up a fallen friend (it judged that worth more
            # than the nearest cap): keep its plan. The rollouts score caps only, so left to them
            # the search throws past the friend it should stand up (issue 27: 14% booted). The same
            # for a walk into a robber standing over a fallen friend (to fight it off).
            self._timed(t0)
            return base
        # Candidates from the free space only: an aim whose dice land behind a wall, a base or
        # a die the git already touches spends its rollouts on moves that go nowhere (the
        # rollout's straight-line distance to a cap cannot tell them from real progress). A
        # blocked aim at a cap is turned by the heuristic's route round the terrain instead.
        cands = self.priors(m, req, base, caps, match)
        scratch = match.table.copy()
        per = max(1, self.rollouts // len(cands))
        best, best_v = base, -math.inf
        for cand in cands:
            total = 0.0
            for _ in range(per):
                total += self._rollout(match, scratch, m, req, cand)
            v = total / per
            if v > best_v:
                best, best_v = cand, v
        self._target[m.id] = min(caps, key=lambda c: _dist(best.aim, c))
        self._timed(t0)
        return best

    def _rollout(self, match: Any, scratch: Any, m: Any, req: AimThrow, cand: Throw) -> float:
        """Throw on the scratch table, score the best order of the dice, then put it back."""
        caps = scratch.tokens
        hand = match.hand_point(m.boss, cand.aim)
        res = scratch.throw(hand, cand.aim, req.dice, self.sim_rng, self.sim_rng, strength=cand.strength)
        landed = [(d.id, d.value) for d in res.dice if not d.lost and scratch.has_die(d.id)]
        value = self._best_order(match, scratch, m, landed)[1] if landed else -5.0
        value -= 2.0 * sum(
            1 for h in res.tower_hits if h.figure_id in match.models and match.models[h.figure_id].boss == m.boss
        )  # knocking our own towers is bad
        for d in res.dice:
            if scratch.has_die(d.id):
                scratch.remove_die(d.id)
        for cid, pos in caps.items():  # dice may have knocked caps: put them back
            scratch.put_token(cid, pos)
        return value

    def rescue_of(self, m: Any, match: Any) -> str | None:
        """The fallen friend the heuristic's aim for ``m`` walks to (None: none, it is up again,
        or the git is getting out of a line of fire instead)."""
        friend = self._rescuing.get(m.id)
        if friend is None or self._escaping.get(m.id) or not match.models[friend].fallen:
            return None
        return friend

    def _best_order(
        self, match: Any, scratch: Any, m: Any, dice: list[tuple[str, int]], friend: str | None = None
    ) -> tuple[list[str], float]:
        """Play every order of the dice with real sweeps on the scratch table; the best one.

        With ``friend`` (a fallen friend the git is walking over to boot up) an order is judged
        by where it leaves the git against that friend instead of against the nearest cap:
        ending in contact (it can boot the friend up next) earns RESCUED, else each inch short
        costs as an inch from a cap does; caps looted on the way still count."""
        start = scratch.figure_position(m.id)
        best: tuple[list[str], float] = ([d for d, _ in dice], -math.inf)
        for order in permutations(dice):
            looted: list[tuple[str, Point]] = []
            score = 0.0
            fight = False
            for die_id, value in order:
                target = scratch.die(die_id).position
                res = scratch.sweep(m.id, toward=target, distance=value)
                scratch.move_figure(m.id, res.end)
                c = res.contact
                if c is None:
                    continue
                if res.travelled < 0.1 and c.thing.kind != Kind.TOKEN:
                    score -= WASTED_DIE  # a move die spent against something the git already touched
                if c.thing.kind == Kind.TOKEN:
                    looted.append((c.thing.id, scratch.token_position(c.thing.id)))
                    scratch.remove_token(c.thing.id)
                    score += 10.0
                elif c.thing.kind == Kind.FIGURE and c.thing.id in match.models:
                    o = match.models[c.thing.id]
                    if o.boss != m.boss and o.standing:
                        score += 2.0 if m.tower.height <= 3 else -8.0
                        fight = True
                        break
            end = scratch.figure_position(m.id)
            rest = [scratch.token_position(cid) for cid in scratch.tokens]
            if friend is not None:
                gap = scratch.distance_between(m.id, friend)
                score += RESCUED if gap <= RESCUE_TOUCH else -0.6 * gap
            elif rest:
                score -= 0.6 * min(_dist(end, c) for c in rest)
            for foe in self.enemies(match):
                if _dist(end, match.position(foe.id)) < 3.0 and m.tower.height >= 6 and not fight:
                    score -= 2.0  # parked next to an enemy with a wobbly tower
            for cid, pos in looted:
                scratch.add_token(pos, cid)
            scratch.move_figure(m.id, start)
            if score > best[1]:
                best = ([d for d, _ in order], score)
        return best

    def priors(self, m: Any, req: AimThrow, base: Throw, caps: list[Point], match: Any) -> list[Throw]:
        """The candidate aims, best guess first: the heuristic's, then past each of the nearest
        caps at 0, 2 and 4" (turned into free space, or dropped). The search rolls each out; the
        tree search (mcts.py) widens its root from them."""
        p = match.position(m.id)
        expected = 3.5 * len(req.dice)
        out = [base]
        for c in caps:
            d = _dist(p, c) or 1.0
            for beyond in (0.0, 2.0, 4.0):
                aim = _clamp(
                    (c[0] + (c[0] - p[0]) / d * beyond, c[1] + (c[1] - p[1]) / d * beyond), req.width, req.height
                )
                if not self.is_free(m, aim, match):
                    aim = _clamp(self.free_aim(m, aim, c, expected, match), req.width, req.height)
                    if not self.is_free(m, aim, match):
                        continue
                if all(_dist(aim, k.aim) > 0.25 for k in out):
                    out.append(Throw(aim, 0.15))
        return out

    def order_move_die(self, req: OrderMoveDie, match: Any) -> Any:
        t0 = time.perf_counter()
        m = match.models[req.model]
        if (
            self._hunting.get(m.id) is not None
            or self.rescue_of(m, match) is not None
            or (self.winning_endgame(match) and self.retreat_from(m, match) is not None)
        ):  # walking into a robber or to a fallen friend, or away before legging it: the heuristic's order
            return super().order_move_die(req, match)
        dice = [(d, match.table.die(d).value) for d in req.options]
        if len(dice) == 1:
            return dice[0][0]
        scratch = match.table.copy()
        order, _ = self._best_order(match, scratch, m, dice, self.rescue_of(m, match))
        self._timed(t0)
        return order[0]

    def _timed(self, t0: float) -> None:
        self.last_decision_s = time.perf_counter() - t0
        self.worst_decision_s = max(self.worst_decision_s, self.last_decision_s)

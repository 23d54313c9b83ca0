"""The tree-search boss (issue 27): kernel-regression UCT over the engine's own move requests.

Where today's ``search`` spreads 30 rollouts evenly over 10 fixed aims (3 noisy throws each),
this one grows a search tree under the move throw and spends its budget where it pays:

* **The aim** (a continuous decision: a point on the table and a strength) is the root. Its
  children are added by *progressive widening*: after ``n`` iterations the root may hold
  ``ceil(PW_K * n ** PW_ALPHA)`` aims. The first ones are the priors — the heuristic's own aim
  (free space, walking route) and aims past the nearest caps turned into free space, as the
  search uses — and once those are in, each new aim is drawn round the best one so far
  (Gaussian, ``JITTER_IN``) and, of ``JITTER_DRAWS`` such draws, the one the tree knows least
  about (lowest kernel density) is kept: KR-UCT's widening (Yee, Lisý & Bowling, "Monte Carlo
  Tree Search in Continuous Action Spaces with Execution Uncertainty", IJCAI 2016, the method
  curling AIs use).
* **Selection** is UCB on *kernel regression*: a throw's dice scatter, so a sample thrown at
  one aim says something about the aims near it. Each aim's value is the Nadaraya–Watson mean
  of every sample, weighted by a Gaussian kernel on the aims' distance (``KERNEL_IN``, and
  strength), and its exploration bonus uses the kernel-weighted visit count, so a new aim next
  to a well-sampled one is not explored from scratch.
* **The chance node** under an aim is the throw: each visit throws the git's real move dice on
  a scratch copy of the physics table with the controller's own seeded stream (real bounces,
  real walls). A landed throw is continuous and its subtree is solved exactly when it is made,
  so the chance node's widening is "a new throw every visit" (revisiting one would return the
  same number).
* **The decision under a throw** is the order of the landed move dice (the engine's next
  request): every order is played with real sweeps (loots, bumps, fights, the edge) and the
  best is the node's value (a max, it is our choice).
* **The leaf value** is the search's (caps looted, moves wasted against what the git touches,
  a fight with a short tower, a tall tower parked by an enemy, our own towers knocked) with the
  distance to the nearest remaining cap measured by the *walking route* round the terrain
  (``physics/routes.py``), not the straight line: a cap behind a building is far.

The final aim is the one with the best kernel-regression value among those thrown at least
``MIN_FINAL_VISITS`` times (the most visited if none).

**Budget, deterministic.** ``--think-ms`` is turned into a number of iterations (one throw
each) once, by the calibration ``ITERATIONS_PER_S`` measured on the project's 2-core machine
under load (see docs/ai.md), never by the wall clock while playing: the same seed and think-ms
give the same match on any machine under any load. The controller's name carries its budget
(``mcts`` at the default, ``mcts@250`` at 250 ms), so a tournament's table, a match summary
and a replay's ``meta.ai`` bind it.

Every other request is answered as the search answers it (the heuristic's judgement, the
search's exact search over move-die orders, with the walking-route leaf).

Measured (docs/ai.md, Quick Start): it beats the heuristic (81%) and random, but it is no
stronger than the search (96-104 over 200 games; 20-20 at three times the budget): the two
throw at different aims, yet those games are decided elsewhere (which git goes, shoot or scoot,
when to leg it), which this tree does not search.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..physics.routes import RouteField
from ..physics.table import Kind
from ..rng import stream
from ..rules.decisions import AimThrow, OrderMoveDie, Throw
from .heuristic import _clamp, _dist
from .search import RESCUE_TOUCH, RESCUED, WASTED_DIE, SearchController

Point = tuple[float, float]

DEFAULT_THINK_MS = 1000  # the CLI's default decision budget
MIN_THINK_MS, MAX_THINK_MS = 10, 60_000  # what --think-ms accepts (cli/common.py THINK_MS_RANGE)
ITERATIONS_PER_S = 40.0  # calibration: throw-iterations per second of think time (see docs/ai.md)
MIN_ITERATIONS = 4
PW_K, PW_ALPHA = 1.5, 0.55  # progressive widening: the root holds ceil(PW_K * n^PW_ALPHA) aims
UCB_C = 0.7  # exploration, in units of the samples' spread
KERNEL_IN = 1.2  # kernel bandwidth on the aim point (inches) ...
KERNEL_STRENGTH = 0.08  # ... and on the throw strength
JITTER_IN = 1.8  # a new aim is drawn this far (sd, inches) round the best one ...
JITTER_STRENGTH = 0.05  # ... with its strength this far round
JITTER_DRAWS = 6  # ... of this many draws, the least known is kept
MIN_FINAL_VISITS = 2
STRENGTHS = (0.1, 0.3)  # what a throw's strength may be
ROUTE_CELL = 1.0  # the leaf's route fields to the caps: grid cell (inches) ...
ROUTE_CACHE = 64  # ... and fields kept (one per cap, base size and terrain layout)
CAP_GAP = 0.6  # leaf: a cap an inch further away costs this (the search's weight)


def iterations_for(think_ms: float) -> int:
    """The fixed number of iterations a think budget buys (the calibration, not the clock)."""
    return max(MIN_ITERATIONS, int(round(think_ms / 1000.0 * ITERATIONS_PER_S)))


def parse_name(name: str) -> int | None:
    """The think-ms a controller name carries (``mcts@250`` → 250; ``mcts`` → None, the default).
    Raises ValueError naming the valid range for anything else."""
    if name == "mcts":
        return None
    head, sep, tail = name.partition("@")
    if head != "mcts" or not sep or not tail.isdigit() or not MIN_THINK_MS <= int(tail) <= MAX_THINK_MS:
        raise ValueError(
            f"AI '{name}': the tree search is 'mcts' or 'mcts@MS' with MS a whole number of "
            f"milliseconds from {MIN_THINK_MS} to {MAX_THINK_MS}"
        )
    return int(tail)


class _Arm:
    """One aim at the root: its throw and the values of the throws made at it."""

    __slots__ = ("throw", "n", "total")

    def __init__(self, throw: Throw) -> None:
        self.throw = throw
        self.n = 0
        self.total = 0.0


class MctsController(SearchController):
    name = "mcts"

    def __init__(self, seed: int = 0, boss: int = 0, think_ms: int | None = None) -> None:
        super().__init__(seed, boss)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else int(think_ms)
        self.iterations = iterations_for(self.think_ms)
        self.sim_rng = stream(seed, f"ai/mcts/{boss}/dice")  # the scratch tables' dice
        self.tree_rng = stream(seed, f"ai/mcts/{boss}/aims")  # new aims drawn while widening
        self.last_iterations = 0
        self.last_arms = 0
        self.decision_s: list[float] = []
        self._cap_fields: dict[tuple[Any, ...], RouteField] = {}
        self._terrain_key: tuple[str, ...] = ()  # the real table's, set before each search
        self._real_caps: dict[str, Point] = {}  # ditto

    # ------------------------------------------------------------------ the move throw

    def aim_move(self, req: AimThrow, match: Any) -> Throw:
        t0 = time.perf_counter()
        m = match.models[req.model]
        self.last_iterations = self.last_arms = 0
        if self.winning_endgame(match):
            away = self.retreat_from(m, match)
            if away is not None:
                self._target[m.id] = away
                return Throw(_clamp(away, req.width, req.height), 0.1)
        p = match.position(m.id)
        caps = sorted(self.caps(match), key=lambda c: _dist(p, c))[:3]
        base = super(SearchController, self).aim_move(req, match)  # the heuristic's aim: the first prior
        if not caps or self.rescue_of(m, match) is not None:
            return base  # no cap to score by, or walking over to boot a friend: the heuristic's plan
        priors = self.priors(m, req, base, caps, match)
        best = self.tree_search(match, m, req, priors)
        self._target[m.id] = min(caps, key=lambda c: _dist(best.aim, c))
        self._timed(t0)
        self.decision_s.append(self.last_decision_s)
        return best

    def tree_search(self, match: Any, m: Any, req: AimThrow, priors: list[Throw]) -> Throw:
        """KR-UCT at the root over aims, a fresh throw at each visit, the best order under it."""
        self.look(match)
        scratch = match.table.copy()
        arms: list[_Arm] = []
        pending = list(priors)
        samples: list[float] = []
        for it in range(self.iterations):
            if len(arms) < math.ceil(PW_K * (it + 1) ** PW_ALPHA):
                arm = _Arm(pending.pop(0) if pending else self.widen(arms, req, match, m))
                arms.append(arm)
            else:
                arm = self.select(arms, samples)
            v = self._rollout(match, scratch, m, req, arm.throw)
            arm.n += 1
            arm.total += v
            samples.append(v)
        self.last_iterations = self.iterations
        self.last_arms = len(arms)
        return self.final(arms)

    @staticmethod
    def kernel(a: Throw, b: Throw) -> float:
        d2 = ((a.aim[0] - b.aim[0]) ** 2 + (a.aim[1] - b.aim[1]) ** 2) / KERNEL_IN**2
        d2 += ((a.strength - b.strength) / KERNEL_STRENGTH) ** 2
        return math.exp(-0.5 * d2)

    def regress(self, arm: _Arm, arms: list[_Arm]) -> tuple[float, float]:
        """The kernel-regression value of ``arm`` and its kernel-weighted visit count."""
        w = vs = 0.0
        for b in arms:
            if b.n:
                k = self.kernel(arm.throw, b.throw)
                w += k * b.n
                vs += k * b.total
        return (vs / w if w > 0 else -math.inf), w

    def select(self, arms: list[_Arm], samples: list[float]) -> _Arm:
        spread = max(1.0, _sd(samples))
        stats = [self.regress(a, arms) for a in arms]
        total_w = sum(w for _, w in stats)
        best, best_u = arms[0], -math.inf
        for a, (v, w) in zip(arms, stats, strict=True):
            u = v + UCB_C * spread * math.sqrt(math.log(max(total_w, 1.0)) / max(w, 1e-9))
            if u > best_u:
                best, best_u = a, u
        return best

    def widen(self, arms: list[_Arm], req: AimThrow, match: Any, m: Any) -> Throw:
        """A new aim round the best so far: the least known of JITTER_DRAWS draws in free space."""
        centre = max(arms, key=lambda a: self.regress(a, arms)[0]).throw
        best: Throw | None = None
        best_w = math.inf
        for _ in range(JITTER_DRAWS):
            dx, dy, ds = self.tree_rng.normal(0.0, 1.0, 3)
            aim = _clamp(
                (centre.aim[0] + JITTER_IN * float(dx), centre.aim[1] + JITTER_IN * float(dy)), req.width, req.height
            )
            strength = min(STRENGTHS[1], max(STRENGTHS[0], centre.strength + JITTER_STRENGTH * float(ds)))
            cand = Throw(aim, strength)
            if not self.is_free(m, aim, match):
                continue
            w = sum(self.kernel(cand, a.throw) * a.n for a in arms)
            if w < best_w:
                best, best_w = cand, w
        return best if best is not None else centre

    def final(self, arms: list[_Arm]) -> Throw:
        sure = [a for a in arms if a.n >= MIN_FINAL_VISITS] or [max(arms, key=lambda a: a.n)]
        return max(sure, key=lambda a: (self.regress(a, arms)[0], a.n)).throw

    # ------------------------------------------------------------------ the order and the leaf

    def order_move_die(self, req: OrderMoveDie, match: Any) -> Any:
        t0 = time.perf_counter()
        self.look(match)
        out = super().order_move_die(req, match)
        self._timed(t0)
        self.decision_s.append(self.last_decision_s)
        return out

    def look(self, match: Any) -> None:
        """What the leaf needs of the real table, read once per decision: its terrain and caps."""
        self._terrain_key = tuple(sorted(match.table.terrain))
        self._real_caps = match.table.tokens

    def cap_field(self, m: Any, cap: Point, match: Any) -> RouteField:
        """The walking distance to ``cap`` round the terrain, for this git's base (ROUTE_CELL grid;
        kept while the cap and the terrain stay where they are: built about once a game per cap)."""
        radius = match.table.figure(m.id).radius
        key = (cap, round(radius, 3), self._terrain_key)
        field = self._cap_fields.get(key)
        if field is None:
            if len(self._cap_fields) >= ROUTE_CACHE:
                self._cap_fields.clear()
            field = self._cap_fields[key] = RouteField(match.table, cap, radius, ROUTE_CELL)
        return field

    def cap_gap(self, m: Any, end: Point, caps: dict[str, Point], match: Any) -> float:
        """Walking distance from ``end`` to the nearest cap (twice the straight line if walled in).

        The route is walked to where the cap lies on the real table (a die thrown on the scratch
        table may have knocked it an inch: not worth a new field per throw)."""
        best = math.inf
        real = self._real_caps
        for cid, c in caps.items():
            d = self.cap_field(m, real[cid], match).distance(end) if cid in real else math.inf
            best = min(best, d if math.isfinite(d) else 2.0 * _dist(end, c))
        return best

    def _best_order(
        self, match: Any, scratch: Any, m: Any, dice: list[tuple[str, int]], friend: str | None = None
    ) -> tuple[list[str], float]:
        """The search's exact search over move-die orders, with the same scores, walked as a tree
        (orders sharing a first die share its sweep) and the cap measured by the walking route.

        With ``friend`` (a fallen friend the git walks over to boot up) an order is judged by the
        gap it leaves to that friend instead (RESCUED for contact)."""
        caps = {cid: scratch.token_position(cid) for cid in scratch.tokens}
        foes = [match.position(f.id) for f in self.enemies(match)] if m.tower.height >= 6 else []
        best: list[Any] = [[d for d, _ in dice], -math.inf]

        def leaf(order: list[str], score: float, fight: bool) -> None:
            end = scratch.figure_position(m.id)
            if friend is not None:
                gap = scratch.distance_between(m.id, friend)
                score += RESCUED if gap <= RESCUE_TOUCH else -CAP_GAP * gap
            elif caps:
                score -= CAP_GAP * self.cap_gap(m, end, caps, match)
            if not fight and any(_dist(end, f) < 3.0 for f in foes):
                score -= 2.0  # parked next to an enemy with a wobbly tower
            if score > best[1]:
                rest = [d for d, _ in dice if d not in order]
                best[0], best[1] = order + rest, score

        def walk(order: list[str], rest: list[tuple[str, int]], score: float) -> None:
            if not rest:
                leaf(order, score, False)
                return
            for k, (die_id, value) in enumerate(rest):
                start = scratch.figure_position(m.id)
                res = scratch.sweep(m.id, toward=scratch.die(die_id).position, distance=value)
                scratch.move_figure(m.id, res.end)
                c, s, looted, fight = res.contact, score, None, False
                if c is not None:
                    if res.travelled < 0.1 and c.thing.kind != Kind.TOKEN:
                        s -= WASTED_DIE  # a move die spent against something the git already touched
                    if c.thing.kind == Kind.TOKEN:
                        looted = (c.thing.id, caps.pop(c.thing.id))
                        scratch.remove_token(c.thing.id)
                        s += 10.0
                    elif c.thing.kind == Kind.FIGURE and c.thing.id in match.models:
                        o = match.models[c.thing.id]
                        if o.boss != m.boss and o.standing:
                            s += 2.0 if m.tower.height <= 3 else -8.0
                            fight = True
                if fight:
                    leaf(order + [die_id], s, True)  # a fight ends the move: the rest go unused
                else:
                    walk(order + [die_id], rest[:k] + rest[k + 1 :], s)
                if looted is not None:
                    scratch.add_token(looted[1], looted[0])
                    caps[looted[0]] = looted[1]
                scratch.move_figure(m.id, start)

        walk([], list(dice), 0.0)
        return best[0], float(best[1])


def _sd(xs: list[float]) -> float:
    if len(xs) < 2:
        return 0.0
    mu = sum(xs) / len(xs)
    return math.sqrt(sum((x - mu) ** 2 for x in xs) / (len(xs) - 1))

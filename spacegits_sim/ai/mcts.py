"""The tree-search boss (issue 27): a tree over the engine's own requests, two levels of it.

**The activation** (``ChooseActivation`` and the git's first ``ChooseAction``: which git goes,
shoot, scoot or boot first, or leg it) is the top level, the decisions that decide Quick Start
games (docs/ai.md: a boss gets about five activations before someone legs it). Its candidates
are every git with every action it could take first, the heuristic's picks first, then leg it.
Each look-ahead plays one candidate out on a scratch copy of the *whole* match
(``Match.scratch_copy``: models, towers, bosses, the physics table, the clock; chance from a
seed drawn from this controller's own stream): the activation as the engine runs it
(``TurnFlow.look_ahead``: throws, sweeps, towers carried and swigged, shots, fights, caps),
with the heuristic answering every request below the choice, then the other boss's reply turn
the same way. Where it ends is valued (:meth:`MctsController.value`): the result if the game
ended; a sure win if legging it on my next turn banks the lead, nearly a loss if the other
boss, whose turn comes first, could bank theirs; else the new-cap lead, each cap on the table
shared by whose gits are nearer, fallen gits and tall towers, in caps, squashed to −1..1.
Legging it in a two-boss game ends it, so its value is reckoned exactly (the heuristic's
arithmetic: the caps left behind, the table scooped by the other boss), not played; when it
wins outright nothing is looked at. The look-aheads **race** the candidates (sequential
halving on common random numbers): each round plays every candidate left once, all from one
seed, so two candidates meet the same luck as far as their play lets them; the first round
opens the heuristic's picks first, up to half the budget; each round halves the field (not
below two); the race stops early when the leader is DOMINATE clear (of the runner-up and of
legging it), legging it is that far clear of the leader, or the candidates come out the same.
So the budget goes where the candidates are close. The best mean among the finalists (and
legging it, first on a tie: it is exact) wins. The git's first
action is then played as searched; its second, and everything else in the activation, as the
search would.

**The move throw** (``AimThrow``, continuous: a point and a strength) is the level below:
kernel-regression UCT (Yee, Lisý & Bowling, "Monte Carlo Tree Search in Continuous Action
Spaces with Execution Uncertainty", IJCAI 2016, the method curling AIs use). Aims are added by
progressive widening (``ceil(PW_K · n^PW_ALPHA)``), first the priors (the heuristic's aim, aims
past the nearest caps in free space), then draws round the best so far of which the least
known is kept; selection is UCB on a kernel-weighted mean over every throw (dice thrown at one
aim land where dice thrown at the next could have); each visit throws the real move dice on a
scratch table, and the order of the landed dice under it is solved exactly with real sweeps,
scored by the search's terms with the walking route to the caps (``physics/routes.py``).

**Budget, deterministic.** ``--think-ms`` is turned into iteration counts once, by
calibrations measured on the project's 2-core machine (``ITERATIONS_PER_S`` throws and
``ACTIVATIONS_PER_S`` look-aheads at most per second; see docs/ai.md), never by the wall clock while
playing: the same seed and think-ms give the same match on any machine under any load. The
controller's name carries its budget (``mcts`` at the default, ``mcts@250`` at 250 ms), so a
tournament's table, a match summary and a replay's ``meta.ai`` bind it.

Measured in docs/ai.md ("The tree search").
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..physics.queries import hull_queries
from ..physics.routes import RouteField
from ..play.protocol import collect
from ..rng import stream
from ..rules import effects
from ..rules.decisions import AimThrow, ChooseAction, ChooseActivation, OrderMoveDie, Throw
from . import driver
from .heuristic import HELD_ONCE, HeuristicController, _clamp, _dist
from .search import CLEAR_IN, RESCUE_TOUCH, SearchController

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
# The activation level (which git, its first action, or leg it):
ACTIVATIONS_PER_S = 12.0  # calibration: at most this many look-aheads per second of think time (docs/ai.md)
MIN_LOOKS = 4
# ... and a look's cost beyond one unit (one Quick Start look), in hull probes: a probe costs about
# 14 us of CPU on the project's machine, so this many make 56 ms, two thirds of a unit's 83 ms at
# ACTIVATIONS_PER_S (a derby look's other work is dearer than a Quick Start look's too; issue 27:
# ≤ 1 s a decision at the 95th percentile; derby activation choices took 2.4 s median).
LOOK_PROBES = 4000.0
DOMINATE = 0.5  # a race stops when its leader is this far clear (in the value's units, -1 .. 1)
SATURATED = 0.95  # a best value this near a sure win or loss is where tanh flattens: ...
CLOSE = 0.01  # ... candidates this near the best are as good as it, and the heuristic's order picks
SOLO_LOOKS = 3  # ... or when one candidate is left, after this many looks at it
REPLY_TURNS = 1  # each look-ahead plays the activation, then this many turns of the others
MAX_DECISIONS = 400  # a look-ahead's decisions (a guard: an activation and a reply take ~30)
# The value of a look-ahead's end (boss's view), in caps, then squashed to -1 .. 1:
CAP_SHARE = 0.5  # a cap on the table nearer my gits than theirs (tanh of the gap / CAP_NEAR_IN)
CAP_NEAR_IN = 4.0
FALLEN = 1.0  # a fallen git: out of the game until booted up or rebooted, and robbable
# ... but a fallen git with a standing friend at hand is most of the way back (issue 27: the
# look-ahead ends a walk short of the boot, which comes on the next activation): a share of
# FALLEN is credited back, RESCUE_SHARE for a friend in contact (it boots it up first thing),
# falling off linearly to nothing at RESCUE_REACH_IN (edge to edge; the heuristic's rescue reach).
RESCUE_SHARE = 0.8
RESCUE_NEAR_SHARE = 0.6  # the share for a friend just out of contact, down to 0 at the reach
RESCUE_REACH_IN = 8.0
# ... and a fallen git with a standing enemy git over it is robbed again on each of that enemy's
# activations ("Put the Boot In: If a git is in contact with a fallen enemy git, they can put the
# boot in. Take 1 bottle cap from the fallen model's boss"): a cap each (issue 27, Four Bosses
# seeds 2 and 37: the look-ahead saw the robbery in every reply alike, so shooting elsewhere
# valued the same as driving the robber off, and the robber farmed the fallen friend 3-4 times).
ROBBED = 1.0
# ... and not on the next activation only: the robber stays over the git and robs it on each of
# its activations until the git is booted up (Four Bosses seed 37: Snikk, 12 dice tall and out of
# its Pistol's reach, shot elsewhere twice while Gazbag was robbed three times, because the
# look-ahead's one reply cost the robber's cap whatever Red did, legging it included). A robber
# over a git no friend can reach counts FARM_ROUNDS robberies, one with a friend in contact one
# (it boots it up first), in between by the rescue share; the stash caps them.
FARM_ROUNDS = 3.0
TOWER = 0.06  # each die of a standing git's tower (one stumble from falling)
SQUASH = 2.5  # value = tanh(caps / SQUASH)
BANKED = 1.0  # my turn next, and legging it then wins: a won game ...
BANKED_SPREAD = 0.05  # ... told apart by the rest of the value, within this much below BANKED
THREAT = -0.6  # their turn would come first, and legging it wins it for them
STILL_IN, STILL_RAD = 0.05, math.radians(1.0)  # a vehicle this close to a pose has not moved from it


def look_cost(probes: int) -> float:
    """What a look-ahead cost, in look units (the budget's): one, plus its hull probes at
    LOOK_PROBES a unit. Counted, not timed, so a seed replays the same race under any load. A
    game without vehicles asks no hull probes, so its looks cost one each, as calibrated; a
    derby look, whose heuristic answers preview every drive with thousands of probes, costs
    what it takes (docs/ai.md: 74 ms plus 14 us a probe, against 17-37 ms for a Quick Start look)."""
    return 1.0 + probes / LOOK_PROBES


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
    # Its rescues and capless walks keep the plain rollouts (the search compares them on
    # common random numbers): every bar and strength measured for the tree search (docs/ai.md)
    # was measured so, and its own cap walks are a tree, not a comparison of candidates.
    compared_walks = False

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
        self.looks = max(MIN_LOOKS, int(round(self.think_ms / 1000.0 * ACTIVATIONS_PER_S)))
        self.act_rng = stream(seed, f"ai/mcts/{boss}/activations")  # the look-aheads' seeds
        self._plan: tuple[str, str] | None = None  # (git, first action) the activation search chose
        self.last_candidates: list[tuple[str, str | None, int, float]] = []  # (git, action, visits, mean)
        self.last_looks = 0  # look-aheads the last activation choice played (at most self.looks)
        self.last_spent = 0.0  # ... and what they cost, in look units (look_cost)

    # ------------------------------------------------------------------ the activation

    def choose_activation(self, req: ChooseActivation, match: Any) -> Any:
        """Which git goes and its first action, or leg it: each candidate played out on a scratch
        copy of the whole match (the activation with the heuristic's answers below the choice,
        then the other bosses' reply), UCB with progressive widening over the candidates."""
        t0 = time.perf_counter()
        self._plan = None
        if "leg_it" in req.options and self.hopeless(match):
            # Late and hopelessly behind, concede as the heuristic does: the look-ahead values
            # staying above a sure loss however far behind (a tanh of the lead is never -1), so
            # mcts never legged it behind, and the leader, its margin short of the caps still
            # down, stayed too (issue 27: 7 of 40 mcts derbies past the timer, main 7051aa5).
            return "leg_it"
        cands = self.activation_candidates(req, match)
        if len(cands) == 1:
            return cands[0][0]
        choice = self.activation_search(req, match, cands)
        self._timed(t0)
        self.decision_s.append(self.last_decision_s)
        if choice[0] != "leg_it" and choice[1] is not None:
            self._plan = (choice[0], choice[1])
        return choice[0]

    def activation_candidates(self, req: ChooseActivation, match: Any) -> list[tuple[str, str | None]]:
        """(git, its first action) for every git and action it could take first, the gits the
        heuristic rates most worth activating first; then leg it. (A git activated fallen, or
        whose activation asks nothing first, has the action None: the heuristic answers.)"""
        gits = [o for o in req.options if o != "leg_it"]
        prior = {mid: HeuristicController.value_of_activating(self, match.models[mid], match) for mid in gits}
        firsts: list[tuple[str, str | None]] = []
        others: list[tuple[str, str | None]] = []
        held = dict(self._held)  # the heuristic's first picks are asked here, not made: no car is held by them
        self._ruled_out_memo = {}  # a car's first pick and its sensible actions ask the same question
        held_cars: set[str] = set()  # cars whose scoot would be held this activation (HELD_ONCE)
        free_car = False  # ... and whether another car may drive
        try:
            for mid in sorted(gits, key=lambda g: (-prior[g], g)):
                m = match.models[mid]
                acts = match._legal_actions(m) if m.standing else []
                if not acts:
                    firsts.append((mid, None))
                    continue
                if m.vehicle is not None and "scoot" in acts:
                    why = self.scoot_ruled_out(m, match)
                    if why in HELD_ONCE:
                        held_cars.add(mid)
                    free_car = free_car or why is None
                first = HeuristicController.choose_action(self, ChooseAction(self.boss, tuple(acts), "", mid), match)
                firsts.append((mid, first))
                sensible = HeuristicController.sensible_actions(self, m, tuple(acts), match)
                others.extend((mid, a) for a in sensible if a != first)
        finally:
            self._ruled_out_memo = None
        self._held = held
        if held_cars and free_car and not self.robbers(match):
            # A car held back from its scoot only shoots: another car that may drive goes instead,
            # as the heuristic's choose_activation sends it (issue 27's "no cars parked": 28 of
            # mcts's 41 derby vehicle activations with no drive before the siren on seeds 21-40
            # were a held car activated to shoot, the other car free). A robber over a fallen
            # friend keeps every gun in the race (the answer comes first).
            firsts = [c for c in firsts if c[0] not in held_cars]
            others = [c for c in others if c[0] not in held_cars]
        out = firsts + others  # widening opens the heuristic's picks first, then the other actions
        if "leg_it" in req.options:
            out.append(("leg_it", None))
        return out

    def activation_search(
        self, req: ChooseActivation, match: Any, cands: list[tuple[str, str | None]]
    ) -> tuple[str, str | None]:
        """Race the candidates on common chance: each round plays every candidate still in it
        once, all from the same look-ahead seed (so two candidates meet the same dice and the
        same reply as far as their play lets them: their difference is the choice's, not the
        luck's), then halves the field (never below two). The first round opens the heuristic's
        picks first, as many as half the budget. It stops early when the choice is settled:
        legging it wins outright (1, exact: nothing can beat it), the leader is DOMINATE ahead of
        the rest (or of legging it, or behind it), or every candidate left has come out the same.
        So the budget goes where the candidates are close (issue 27's "spend the look-ahead
        budget where the candidates' values are close"), and is never more than ``self.looks``."""
        n = [0] * len(cands)
        total = [0.0] * len(cands)
        legs = [k for k, c in enumerate(cands) if c[0] == "leg_it"]
        leg_v: float | None = None
        for k in legs:  # legging it is exact (it ends a two-boss game): one look settles it
            n[k], total[k] = 1, self.leg_it_value(match, req.boss)
            leg_v = total[k] if leg_v is None else max(leg_v, total[k])
        open_ = [k for k in range(len(cands)) if k not in legs]
        budget = float(self.looks)  # in look units: a look costs 1 plus its hull probes (look_cost)
        alive = open_[: min(self.looks, max(2, self.looks // 2))]
        if leg_v is not None and leg_v >= BANKED:
            alive = []  # legging it now wins the game: no look-ahead can do better
        rounds = looks = 0
        spent = 0.0
        while alive and budget >= len(alive) * (spent / looks if looks else 1.0):
            seed = int(self.act_rng.integers(0, 2**31))  # common to the round's candidates
            played: list[int] = []
            for k in alive:
                if len(played) >= 2 and budget < spent / looks:
                    break  # dear looks (vehicles): the budget ran out mid-round; the rest drop out
                q0 = hull_queries()
                total[k] += self.look_ahead(match, req.boss, cands[k], seed)
                n[k] += 1
                cost = look_cost(hull_queries() - q0)
                budget -= cost
                spent += cost
                looks += 1
                played.append(k)
            rounds += 1
            ranked = sorted(played, key=lambda j: (-total[j] / n[j], j))
            means = [total[j] / n[j] for j in ranked]
            if self.settled(means, leg_v, rounds):
                alive = ranked[:1]
                break
            alive = ranked[: max(2, math.ceil(len(ranked) / 2))] if len(ranked) > 2 else ranked
        self.last_looks = looks
        self.last_spent = spent
        self.last_candidates = [(c[0], c[1], n[k], total[k] / n[k] if n[k] else 0.0) for k, c in enumerate(cands)]
        finalists = set(alive) | set(legs)
        if not finalists:  # no budget even for one round (cannot happen: MIN_LOOKS): the heuristic's pick
            return cands[open_[0]]
        # On a tie, legging it first (its value is exact, a look-ahead's an estimate), then the
        # most looked at, then the earlier (better prior).
        best = max(finalists, key=lambda k: (total[k] / n[k] if n[k] else -math.inf, k in legs, n[k], -k))
        top = total[best] / n[best] if n[best] else -math.inf
        if best not in legs and abs(top) >= SATURATED:
            # Far ahead or far behind, the squashed value tells a cap or two apart by less than
            # CLOSE (tanh's slope at 0.95 is a fiftieth of a cap): a robber farming a fallen
            # friend costs nothing the look-aheads can see (issue 27, derby seeds 14 and 24: a
            # git robbed three times while every candidate came out at 1.0 or at -1.0). There
            # the rules of thumb decide: the first of those as good as the best, in the
            # heuristic's order (its picks first, the gits it rates most worth activating first).
            best = min(k for k in finalists if k not in legs and n[k] and total[k] / n[k] >= top - CLOSE)
        return cands[best]

    @staticmethod
    def settled(means: list[float], leg_v: float | None, rounds: int) -> bool:
        """Whether a race is decided after ``rounds`` rounds (``means`` best first): one
        candidate left and looked at SOLO_LOOKS times or far from legging it; the leader
        DOMINATE clear of the runner-up and of legging it, or legging it DOMINATE clear of the
        leader (after two rounds each: one look is too noisy to stop on); or every candidate
        left come out the same twice (nothing the look-aheads see tells them apart)."""
        lead = means[0]
        if len(means) == 1:
            return rounds >= SOLO_LOOKS or (leg_v is not None and abs(lead - leg_v) > DOMINATE)
        if rounds < 2:
            return False
        if means[0] - means[-1] < 1e-9:
            return True
        if leg_v is not None and leg_v - lead > DOMINATE:
            return True
        return lead - means[1] > DOMINATE and (leg_v is None or lead - leg_v > DOMINATE)

    def leg_it_value(self, match: Any, boss: int) -> float:
        """Legging it now: with one other boss the game ends at once and the margin is the
        heuristic's arithmetic, exactly (the caps left behind, the table scooped); with more,
        a look-ahead."""
        if sum(not b.out for b in match.bosses) != 2:
            return self.look_ahead(match, boss, ("leg_it", None))
        margin = self.leg_it_margin(match)
        return 1.0 if margin > 0 else (0.0 if margin == 0 else -1.0)

    def look_ahead(self, match: Any, boss: int, cand: tuple[str, str | None], seed: int | None = None) -> float:
        """One play-out of ``cand`` on a scratch copy of the match, its chance from ``seed`` (one
        drawn from this controller's stream if None): the value of where it ends."""
        if seed is None:
            seed = int(self.act_rng.integers(0, 2**31))
        twin = match.scratch_copy(seed)
        # A scratch game is never replayed: hashing its log at every answer (the replay's
        # checksum) would cost a twentieth of the look-ahead for nothing.
        twin.log_checksum = _no_checksum
        twin.start_look_ahead(boss, cand[0], REPLY_TURNS)
        ctrls: list[Any] = []
        for b in range(len(match.bosses)):
            h = _Playout(seed, b, self if b == self.boss else None, cand if b == self.boss else None, self._routes)
            h._last_fight_len = len(twin.events)
            ctrls.append(h)
        robbed: float | None = None  # the robbers over fallen gits as the activation ends
        for _ in range(MAX_DECISIONS):
            r = twin.pending
            if r is None:
                break
            if robbed is None and isinstance(r, ChooseActivation) and r.boss != boss:
                robbed = self.robbed(twin)
            twin.answer(collect(r, lambda q: ctrls[q.boss].decide(q, twin)))
        return self.value(twin, self.robbed(twin) if robbed is None else robbed)

    def value(self, match: Any, robbed: float | None = None) -> float:
        """Where a look-ahead ends, from this boss's seat, -1 (lost) .. 1 (won).

        A finished game is its result. Otherwise, the new-cap lead over the best other boss
        (one that has legged it too: its caps count at the end), the caps on the table shared
        by whose gits are nearer, fallen gits and tall towers, the robbers standing over fallen
        gits (``robbed``, :meth:`robbed`, as the activation ended; at this end if None), in
        caps, squashed by tanh; and whether the next boss to act could bank a win by legging it
        (it is my turn next after a reply: a sure win; theirs first: nearly a loss)."""
        if match.pending is None or all(b.out for b in match.bosses):
            over = match.result()
            if over is not None:
                me = match.bosses[self.boss].name
                if me in over.winners:
                    return 0.0 if len(over.winners) > 1 else 1.0
                return -1.0
        mine = self.new_caps(match, self.boss)
        # The lead is over every other boss, gone or not: "The game ends when all but one of the
        # gangs have legged it", and the most new caps wins, a gang's that legged it early too
        # (before, only the bosses still playing counted: Four Bosses seeds 2 and 37 valued as
        # won a table where the robber's boss, 4-10 caps ahead, had legged it in the reply).
        others = [b for b in match.bosses if b.index != self.boss]
        playing = [b for b in others if not b.out]
        if not playing:
            return 0.0
        rival = max(others, key=lambda b: self.new_caps(match, b.index))
        lead = mine - self.new_caps(match, rival.index)
        nxt = match.pending.boss if match.pending is not None else self.boss
        banked = lead - 2 * _at_risk(match, self.boss) - len(match.table.tokens) > 0 and nxt == self.boss
        # ... and the one that could bank a win by legging it first is one still playing
        threat = max(playing, key=lambda b: self.new_caps(match, b.index))
        margin = self.new_caps(match, threat.index) - max(
            self.new_caps(match, b.index) for b in match.bosses if b.index != threat.index
        )
        if not banked and margin - 2 * _at_risk(match, threat.index) - len(match.table.tokens) > 0 and nxt != self.boss:
            return THREAT
        v = float(lead) - (self.robbed(match) if robbed is None else robbed)
        me_at = [match.position(m.id) for m in match.in_play(self.boss) if m.standing]
        them_at = [match.position(m.id) for b in others for m in match.in_play(b.index) if m.standing]
        for c in self.caps(match):
            dm = min((_dist(c, p) for p in me_at), default=99.0)
            dt = min((_dist(c, p) for p in them_at), default=99.0)
            v += CAP_SHARE * math.tanh((dt - dm) / CAP_NEAR_IN)
        for m in match.models.values():
            if not m.in_play:
                continue
            sign = 1.0 if m.boss == self.boss else -1.0
            if m.fallen:
                v -= sign * FALLEN * (1.0 - self.rescue_share(m, match))
            else:
                v -= sign * TOWER * m.tower.height
        if banked:  # a won game; of two won games, the one with the better table (friends booted up)
            return BANKED - BANKED_SPREAD * (1.0 - math.tanh(v / SQUASH)) / 2.0
        return math.tanh(v / SQUASH)

    def robbed(self, match: Any) -> float:
        """The caps the robbers standing over fallen gits will take on their next activations
        (ROBBED a robbery; FARM_ROUNDS robberies for a git no friend can reach to boot it up,
        down to one for a git with a friend in contact, by :meth:`rescue_share`; no more than
        the victim's boss's stash), mine taken counted against me, another boss's for me
        (whoever robs it: with four bosses a third boss's robber is counted for me too; not
        changed, see docs/ai.md, 2026-12-02 afternoon, mcts37). Measured as
        the look-ahead's activation ends (before the others' reply): what the activation did
        about a robber (shot it down, fought or shoved it off), whatever the reply then does
        (the reply's heuristic may leg the robber's boss out, which no real boss had to)."""
        out = 0.0
        for m in match.models.values():
            if m.in_play and m.fallen:
                n = self.robbers_over(m, match)
                if n:
                    rounds = 1.0 + (FARM_ROUNDS - 1.0) * (1.0 - self.rescue_share(m, match) / RESCUE_SHARE)
                    taken = min(n * rounds, float(match.bosses[m.boss].stash))
                    out += (1.0 if m.boss == self.boss else -1.0) * ROBBED * taken
        return out

    @staticmethod
    def robbers_over(m: Any, match: Any) -> int:
        """The standing enemy gits touching fallen ``m`` that can put the boot in on their next
        activation (a cap each), no more than its boss's stash; none after the siren (nobody may
        boot) or for a vehicle's hull (vehicles "can't take boot actions")."""
        if match.siren or not m.fallen:
            return 0
        n = 0
        for rid in match.touching(m.id):
            r = match.models[rid]
            if r.boss != m.boss and r.in_play and r.standing and r.vehicle is None and r.aboard is None:
                n += 1
        return min(n, int(match.bosses[m.boss].stash))

    @staticmethod
    def rescue_share(m: Any, match: Any) -> float:
        """How much of the way back a fallen git is (0 .. RESCUE_SHARE): a standing friend in
        contact boots it up on its next activation, one within RESCUE_REACH_IN can walk over and
        do it; none after the siren (nobody may boot) or for a git that cannot be booted up."""
        if match.siren or m.vehicle is not None or not effects.can_be_booted_up(m):
            return 0.0
        gaps = [
            match.table.distance_between(m.id, o.id)
            for o in match.in_play(m.boss)
            if o.id != m.id and o.standing and o.vehicle is None and o.aboard is None
        ]
        d = min(gaps, default=math.inf)
        if d <= RESCUE_TOUCH:
            return RESCUE_SHARE
        return RESCUE_NEAR_SHARE * max(0.0, 1.0 - d / RESCUE_REACH_IN)

    def scoot_ruled_out(self, m: Any, match: Any) -> str | None:
        """The heuristic's reasons (boxed in, the gate's waste), and one more: "went nowhere", a
        vehicle whose last scoot drove every die under an inch and that still stands exactly
        where that scoot left it (:meth:`went_nowhere`). The same throw from the same pose
        scatters its dice the same way (issue 27, mcts derby seed 1: a buggy nosed at the far
        edge, the throw's spread along its axis, scooted five activations running, 8 of mcts's
        41 short drives in 40 derbies, each a rear-arc die into the edge and a damage die)."""
        why = super().scoot_ruled_out(m, match)
        if why is None and m.vehicle is not None and not self.held_before(m, match) and self.went_nowhere(m, match):
            return "went nowhere"  # held once, as the gate's waste is: held for good, the car parks
        return why

    @staticmethod
    def went_nowhere(v: Any, match: Any) -> bool:
        """Whether vehicle ``v``'s last scoot drove each of its dice under SHORT_IN (the event
        log's drives of its last activation that drove) and nothing has moved it since (its
        pose is that scoot's end)."""
        last: list[Any] = []
        for e in reversed(match.events):
            if e.kind == "vehicle_moved" and e.model == v.id and e.how == "drive":
                last.append(e)
            elif e.kind == "activation_started" and last:
                break
        if not last:
            return False
        if any(e.travelled >= driver.SHORT_IN for e in last):
            return False
        x, y = match.position(v.id)
        end = last[0]  # the last drive of that scoot
        turned = abs(math.remainder(match.table.figure(v.id).angle - end.angle_end, math.tau))
        return _dist((x, y), end.end) < STILL_IN and turned < STILL_RAD

    def choose_action(self, req: Any, match: Any) -> Any:
        plan, self._plan = self._plan, None
        if plan is not None and plan[0] == req.model and "done" not in req.options and plan[1] in req.options:
            m = match.models[req.model]
            if plan[1] != "scoot" and "scoot" in req.options and self.scoot_ruled_out(m, match) in HELD_ONCE:
                # held once, as the heuristic holds a car (its choose_action is not asked here):
                # unmarked, the search left the scoot out of every later activation of the car
                # too, and it never drove (40 derbies: no drive before the siren 29%, 23/80)
                self._held[m.id] = match.activations
            return plan[1]  # the first action the activation search played out
        return super().choose_action(req, match)

    # ------------------------------------------------------------------ the move throw

    def aim_move(self, req: AimThrow, match: Any) -> Throw:
        self.last_iterations = self.last_arms = 0
        out = super().aim_move(req, match)  # the search's plans: walk away, rescue, hunt, caps
        self.decision_s.append(self.last_decision_s)
        return out

    def cap_walk(self, match: Any, m: Any, req: AimThrow, base: Throw, caps: list[Point]) -> Throw:
        """A walk to the caps is searched by the tree (every other plan is the search's own: its
        walk away into free space, its rolled-out rescues, its hunts)."""
        return self.tree_search(match, m, req, self.priors(m, req, base, caps, match))

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
        """A new aim round the best so far: the least known of JITTER_DRAWS draws in free space,
        each kept on the table (``kept_on_table``): drawn round an aim 1" inside the edge, draws
        lost up to a die in three past it (test_throw_aims.py)."""
        centre = max(arms, key=lambda a: self.regress(a, arms)[0]).throw
        best: Throw | None = None
        best_w = math.inf
        for _ in range(JITTER_DRAWS):
            dx, dy, ds = self.tree_rng.normal(0.0, 1.0, 3)
            aim = _clamp(
                (centre.aim[0] + JITTER_IN * float(dx), centre.aim[1] + JITTER_IN * float(dy)), req.width, req.height
            )
            strength = min(STRENGTHS[1], max(STRENGTHS[0], centre.strength + JITTER_STRENGTH * float(ds)))
            aim = self.kept_on_table(aim, match)
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
        self,
        match: Any,
        scratch: Any,
        m: Any,
        dice: list[tuple[str, int]],
        friend: str | None = None,
        away: list[str] | None = None,
    ) -> tuple[list[str], float]:
        """The search's exact search over move-die orders, with the same scores, walked as a tree
        (orders sharing a first die share its sweep) and the cap measured by the walking route.

        With ``friend`` (a fallen friend the git walks over to boot up) an order is judged by the
        gap it leaves to that friend instead (RESCUED for contact); with ``away`` (the enemies a
        walk away gets clear of) by how far short of CLEAR_IN from the nearest it ends."""
        caps = {cid: scratch.token_position(cid) for cid in scratch.tokens}
        foes = [match.position(f.id) for f in self.enemies(match)] if m.tower.height >= 6 else []
        best: list[Any] = [[d for d, _ in dice], -math.inf]

        def leaf(order: list[str], score: float, fight: bool) -> None:
            end = scratch.figure_position(m.id)
            if friend is not None:
                score += self.rescue_end(scratch.distance_between(m.id, friend))
            elif away:
                score -= CAP_GAP * max(0.0, CLEAR_IN - min(scratch.distance_between(m.id, f) for f in away))
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
                gain, cap, fight = self.die_score(m, res, match)
                s, looted = score + gain, None
                if cap is not None:
                    looted = (cap, caps.pop(cap))
                    scratch.remove_token(cap)
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


def _no_checksum() -> str:
    return ""


def _sd(xs: list[float]) -> float:
    if len(xs) < 2:
        return 0.0
    mu = sum(xs) / len(xs)
    return math.sqrt(sum((x - mu) ** 2 for x in xs) / (len(xs) - 1))


def _at_risk(match: Any, boss: int) -> int:
    """Caps legging it now would leave behind for ``boss``: its gits within 6" of a standing
    enemy, no more than its stash (the heuristic's count, for any boss)."""
    near = 0
    for m in match.in_play(boss):
        for e in match.models.values():
            if e.in_play and e.standing and e.boss != boss and match.table.distance_between(m.id, e.id) <= 6.0:
                near += 1
                break
    return int(min(near, match.bosses[boss].stash))


class _Playout(HeuristicController):
    """The heuristic answering a look-ahead's requests on a scratch match: for the searching
    boss it starts from that controller's memory (its fight habits seen, stuck gits, route
    fields shared) and plays the candidate's first action; for the others, a plain heuristic
    (the route fields shared, they only depend on the table)."""

    def __init__(
        self, seed: int, boss: int, parent: Any, cand: tuple[str, str | None] | None, routes: dict[Any, Any]
    ) -> None:
        super().__init__(seed, boss)
        self.cand = cand
        self._routes = routes
        if parent is not None:
            self.seen_throws = parent.seen_throws.copy()
            self._stuck = dict(parent._stuck)

    def free_aim(self, m: Any, aim: Point, *args: Any, **kwargs: Any) -> Point:
        """The straight aim: the free-space scan and its previews cost more than a whole
        look-ahead (a rollout policy is cheap and plain; the real throw is searched)."""
        return aim

    def choose_action(self, req: ChooseAction, match: Any) -> Any:
        cand, self.cand = self.cand, None
        if cand is not None and cand[0] == req.model and cand[1] in req.options:
            return cand[1]
        return super().choose_action(req, match)

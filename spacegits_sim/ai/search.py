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

import numpy as np

from ..physics.table import Kind
from ..rng import stream
from ..rules.decisions import AimThrow, OrderMoveDie, Throw
from ..rules.state import LEG_IT_RANGE_IN
from .heuristic import FREE_DIRECTIONS, FREE_KINDS, HeuristicController, _clamp, _dist

Point = tuple[float, float]
WASTED_DIE = 1.5  # a rollout's cost, in its score's units, of a move die that moved the git nowhere
RESCUED = 12.0  # a move order's credit, in the same units, for ending touching the fallen friend it walks to
ROUTED = 3  # caps whose walking route a rollout's end is measured along
RESCUE_BEYOND = (0.0, 2.5, 4.5, 6.5)  # a rescue's candidate aims: this far past the fallen friend, straight ...
RESCUE_SIDE = ((2.5, 1.5), (4.5, 1.5))  # ... and (this far past, this far to either side)
RESCUE_SHORT_IN = 3.5  # a rescue ending this close (edge to edge) to the friend, not touching it ...
RESCUE_SHORT = 2 * WASTED_DIE  # ... costs the dice the next walk from there holds against the friend
RESCUE_ROLLOUTS = 2  # a rescue throw's budget: this many times the search's rollouts ...
RESCUE_FINALISTS = 3  # ... half spread over every candidate, half over the best this many of them
RESCUE_TOUCH = 0.1  # edge-to-edge inches within which a git counts as touching that friend (to boot it up)
FIRE_RESCUE_GUNS = 1  # a git under fire from this many guns or fewer ...
FIRE_RESCUE_TOWER = 5  # ... and a tower this tall or shorter boots up a friend in reach instead
ENDGAME_RISK_IN = 1.0  # won, a fallen friend this far past an enemy's 6" is still booted up first
CLEAR_IN = 7.0  # a walk away is done this far (edge to edge) from every enemy (retreat_from's reach)
AWAY_TURNS = (0.0, -35.0, 35.0, -70.0, 70.0, -110.0, 110.0)  # a walk away's candidate aims: degrees off straight away
CAP_ROLLOUTS = 2  # a walk to the caps: this many times the search's rollouts ...
CAP_FINALISTS = 3  # ... half spread over every candidate, half over the best this many of them
FREE_PRIORS = 3  # a blocked walk to the caps also rolls out this many aims into the free space ...
FREE_APART = math.radians(45)  # ... at least this far apart (degrees round the git) ...
FREE_MARGIN = 1.5  # ... and this far inside the table's edges (dice past the edge are gone)


class SearchController(HeuristicController):
    name = "search"
    # Candidate aims compared on common random numbers (_luck), and a blocked walk with no cap
    # to score by given free-space candidates (open_walk). The tree search turns both off: it
    # grows its own tree over the cap walks, and keeps the plain rollouts its bars and
    # strengths were measured with (docs/ai.md).
    compared_walks = True

    def __init__(self, seed: int = 0, boss: int = 0, rollouts: int = 30, max_decision_s: float = 2.0) -> None:
        super().__init__(seed, boss)
        self.sim_rng = stream(seed, f"ai/search/{boss}")
        self.rollouts = rollouts
        self.max_decision_s = max_decision_s
        self.last_decision_s = 0.0
        self.worst_decision_s = 0.0
        self._retreating: set[str] = set()  # gits whose current scoot walks away before legging it

    def retreat_from(self, m: Any, match: Any) -> Point | None:
        """Where a git near enemies should stagger to before its boss legs it (None: no need, or
        a vehicle: its move throw is the driver's, aimed at the drive's target, never away, so
        a vehicle picked to walk away only drove at caps or rams with its guns left cold; issue
        27: 39% of the search's derby drives so picked stopped within 1", seeds 1-12 as Blue)."""
        if m.vehicle is not None:
            return None
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
        if self.winning_endgame(match):
            # A fallen friend first: no retreat takes a git on the ground out of an enemy's 6"
            # (it costs a cap when the boss legs it, and a robber farms it until then), while
            # booted up it walks clear itself. The nearest rescuer goes (issue 27: the search
            # left 13 of its 26 unrescued friends lying while it walked the others away).
            rescuers = [
                (self.endgame_friends(match.models[mid], match)[0][1], k, mid)
                for k, mid in enumerate(req.options)
                if mid != "leg_it" and self.endgame_friends(match.models[mid], match)
            ]
            if rescuers:
                return min(rescuers)[2]
            # then retreat the git nearest an enemy so legging it later costs nothing
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

    def retreats(self, m: Any, match: Any) -> bool:
        """Whether ``m`` walks away from the enemies now: in a won endgame, near one, and with no
        fallen friend in reach to boot up first."""
        return (
            self.winning_endgame(match)
            and self.retreat_from(m, match) is not None
            and not self.endgame_friends(m, match)
        )

    def endgame_friends(self, m: Any, match: Any) -> list[tuple[Any, float]]:
        """The fallen friends worth booting up before legging it: those within LEG_IT_RANGE_IN
        (and ENDGAME_RISK_IN more, for an enemy's next step) of a standing enemy. Leg It: "Any
        of your models that are within 6" of a standing enemy model are replaced with a bottle
        cap from your stash, then you remove the rest of your models": a friend lying clear of
        every enemy is removed for nothing, so walking over to it only holds dice against it
        (issue 27, 2026-12-05: a quarter of the search's rescue dice went nowhere)."""
        foes = [e.id for e in self.enemies(match) if e.standing]
        reach = LEG_IT_RANGE_IN + ENDGAME_RISK_IN
        return [
            (o, d)
            for o, d in self.fallen_friends(m, match)
            if any(match.table.distance_between(o.id, f) <= reach for f in foes)
        ]

    def choose_action(self, req: Any, match: Any) -> Any:
        m = match.models[req.model]
        if "scoot" in req.options and self.retreats(m, match):
            return "scoot"
        return super().choose_action(req, match)

    def retreat_aim(self, m: Any, req: AimThrow, match: Any) -> Throw:
        """Dice for a walk away from the enemies: at the point
        10" straight away from them turned into the free space as the heuristic turns its aims (a table edge or a wall
        behind the git would take every die: issue 27, 32% of the search's retreat dice moved it
        under 0.1" when it threw straight away); its dice are then ordered to walk there."""
        away = self.retreat_from(m, match)
        assert away is not None
        away = _clamp(away, req.width, req.height)
        for plan in (self._rescuing, self._hunting, self._machine):
            plan.pop(m.id, None)  # a walk away is nothing else (the heuristic's aim was not asked)
        self._escaping[m.id] = True  # the heuristic's order walks to the target, not to a cap
        self._retreating.add(m.id)
        self._target[m.id] = away
        aim = self.free_aim(m, away, away, 3.5 * len(req.dice), match, tuple(req.dice))
        base = Throw(self.kept_on_table(_clamp(aim, req.width, req.height), match), 0.15)
        # Rolled out with real throws, as the rescues are: the free-space aim is judged by dice
        # of average value where throws scatter, but real dice scatter past the friends the git
        # stands among, and each one lying behind a friend it already touches moves it nowhere
        # (issue 27: 38% of the search's walk-away dice in 20 derbies, 12 of 13 against a friend).
        return self._rolled_out(match, m, req, self.away_priors(m, req, base, match), away=self.foe_ids(m, match))

    def foe_ids(self, m: Any, match: Any) -> list[str]:
        """The enemies a walk away gets clear of: those within CLEAR_IN of the git (retreat_from's)."""
        return [e.id for e in self.enemies(match) if match.table.distance_between(m.id, e.id) <= CLEAR_IN]

    def away_priors(self, m: Any, req: AimThrow, base: Throw, match: Any) -> list[Throw]:
        """The candidate aims of a walk away, the free-space aim first: 10" from the git straight
        away from the enemies and AWAY_TURNS either side (turned into the free space, or dropped)."""
        away = self.retreat_from(m, match)
        assert away is not None
        p = match.position(m.id)
        straight = math.atan2(away[1] - p[1], away[0] - p[0])
        out = [base]
        for turn in AWAY_TURNS:
            a = straight + math.radians(turn)
            aim = _clamp((p[0] + 10.0 * math.cos(a), p[1] + 10.0 * math.sin(a)), req.width, req.height)
            if not self.is_free(m, aim, match):
                aim = _clamp(
                    self.free_aim(m, aim, aim, 3.5 * len(req.dice), match, tuple(req.dice)), req.width, req.height
                )
                if not self.is_free(m, aim, match):
                    continue
            aim = self.kept_on_table(aim, match)
            if all(_dist(aim, k.aim) > 0.25 for k in out):
                out.append(Throw(aim, 0.15))
        return out

    def rescue_aim(self, m: Any, friend: Any, req: AimThrow, match: Any) -> Throw:
        """Dice for a walk to a fallen friend, to boot it up next, aimed as the heuristic aims its
        rescues (past the friend, so the git walks into it and the dice left lie behind it;
        turned into the free space), whatever the caps: in a won endgame a cap is not worth a
        git left lying within an enemy's reach."""
        p, target = match.position(m.id), match.position(friend.id)
        d = _dist(p, target) or 1.0
        expected = 3.5 * len(req.dice)
        beyond = max(2.0, expected + 1.0 - d) if d < expected + 1.0 else 0.0
        aim = (target[0] + (target[0] - p[0]) / d * beyond, target[1] + (target[1] - p[1]) / d * beyond)
        for plan in (self._hunting, self._machine, self._escaping):
            plan.pop(m.id, None)
        self._rescuing[m.id] = friend.id
        self._target[m.id] = target
        aim = self.free_aim(m, aim, target, expected, match, tuple(req.dice), friend.id)
        return Throw(self.kept_on_table(_clamp(aim, req.width, req.height), match), 0.15)

    def aim_move(self, req: AimThrow, match: Any) -> Throw:
        t0 = time.perf_counter()
        m = match.models[req.model]
        self._retreating.discard(m.id)
        if self.retreats(m, match):
            out = self.retreat_aim(m, req, match)
            self._timed(t0)
            return out
        friends = self.endgame_friends(m, match) if self.winning_endgame(match) else []
        if friends:  # activated (choose_activation) to boot a fallen friend up before legging it
            base = self.rescue_aim(m, friends[0][0], req, match)
        else:
            base = super().aim_move(req, match)
            fallen = self.rescue_under_fire(m, req, match)
            if fallen is not None:
                base = self.rescue_aim(m, fallen, req, match)
        friend = self.rescue_of(m, match)
        if friend is not None:
            # Walking over to boot up a fallen friend (the heuristic judged it worth more than the
            # nearest cap, or a won endgame): the aims round the friend are rolled out, each
            # judged by where its real throw leaves the git against the friend. The heuristic's
            # aim alone is previewed with dice scattered round it, but real dice thrown across
            # a wall or a base stop there, short of the friend, and the git walks past it (issue
            # 27: 12 of the search's 20 unrescued friends were walked to twice and not reached).
            best = self._rolled_out(match, m, req, self.rescue_priors(m, req, base, friend, match), friend)
            self._target[m.id] = match.position(friend)
            self._timed(t0)
            return best
        p = match.position(m.id)
        caps = sorted(self.caps(match), key=lambda c: _dist(p, c))[:3]
        if self._hunting.get(m.id) is not None:
            # A walk into a robber standing over a fallen friend (to fight it off): the
            # heuristic's plan.
            self._timed(t0)
            return base
        if not caps:
            best = self.open_walk(match, m, req, base)
            self._timed(t0)
            return best
        # Candidates from the free space only: an aim whose dice land behind a wall, a base or
        # a die the git already touches spends its rollouts on moves that go nowhere (the
        # rollout's straight-line distance to a cap cannot tell them from real progress). A
        # blocked aim at a cap is turned by the heuristic's route round the terrain instead.
        best = self.cap_walk(match, m, req, base, caps)
        self._target[m.id] = min(caps, key=lambda c: _dist(best.aim, c))
        self._timed(t0)
        return best

    def cap_walk(self, match: Any, m: Any, req: AimThrow, base: Throw, caps: list[Point]) -> Throw:
        """The aim of a walk to the caps (every other plan, the walk away, a rescue, a hunt, is
        :meth:`aim_move`'s): the candidates past the nearest caps rolled out with common random
        numbers, in two rounds (:meth:`_compared`). The tree search overrides only this, so it
        keeps every other plan of the search's."""
        cands = self.priors(m, req, base, caps, match)
        if not self.is_free(m, base.aim, match):
            for aim in self.free_priors(m, req, caps[0], match):
                if all(_dist(aim, k.aim) > 0.25 for k in cands):
                    cands.append(Throw(aim, 0.15))
        return self._compared(match, m, req, cands)

    def open_walk(self, match: Any, m: Any, req: AimThrow, base: Throw) -> Throw:
        """The aim of a walk with no cap left to score it by (the heuristic's, at an enemy or the
        table's middle): the heuristic's if the git can walk that way, else the best of it and
        the aims into the free space towards the same target, rolled out (scored by the dice
        that move the git nowhere; the first on ties, the free aim nearest the target's way).
        Two gits of a gang standing touching with the caps gone threw every die through each
        other (issue 27: 3 Four Bosses throws of the search, 8 dice held)."""
        if not self.compared_walks or self.is_free(m, base.aim, match):
            return base
        goal = self._target.get(m.id) or base.aim
        cands = [base] + [Throw(a, 0.15) for a in self.free_priors(m, req, goal, match) if _dist(a, base.aim) > 0.25]
        return self._compared(match, m, req, cands)

    def free_priors(self, m: Any, req: AimThrow, goal: Point, match: Any) -> list[Point]:
        """Aims into the free space for a git whose best-guess aim is blocked: of FREE_DIRECTIONS
        round it, those it can walk along (:meth:`is_free`), one average throw's reach away
        (FREE_MARGIN inside the edges), best first by how far one average die along them brings
        it towards ``goal`` by the walking route, FREE_PRIORS of them FREE_APART apart.

        The heuristic's aim prefers standing still to walking away: a blocked direction gains
        nothing, one away from the cap loses, so a git touching a friend or a wall on the cap's
        side kept an aim through it and every die was held (issue 27: 8 Four Bosses throws of
        the search with all three dice against a friend it stood touching), and the caps' aims,
        turned the same way, were dropped. Rolled out beside them, a walk round is judged by
        where it really ends."""
        p = match.position(m.id)
        route = self.walk(m, goal, match)
        here = route.distance(p)
        reach = 3.5 * len(req.dice)
        straight = math.atan2(goal[1] - p[1], goal[0] - p[0])
        w, h = req.width, req.height
        scored: list[tuple[float, int, float, Point]] = []
        for k in range(FREE_DIRECTIONS):
            a = straight + 2 * math.pi * k / FREE_DIRECTIONS
            aim = (
                min(max(p[0] + reach * math.cos(a), FREE_MARGIN), w - FREE_MARGIN),
                min(max(p[1] + reach * math.sin(a), FREE_MARGIN), h - FREE_MARGIN),
            )
            if _dist(p, aim) < 1.0 or not self.is_free(m, aim, match):
                continue
            r = match.table.sweep(m.id, direction=(math.cos(a), math.sin(a)), distance=3.5, stop_kinds=FREE_KINDS)
            there = route.distance(r.end)
            gain = here - there if math.isfinite(here) and math.isfinite(there) else -_dist(r.end, goal)
            scored.append((gain, k, a, aim))
        scored.sort(key=lambda t: (-t[0], t[1]))
        out: list[tuple[float, Point]] = []
        for _g, _k, a, aim in scored:
            if all(abs(math.remainder(a - b, 2 * math.pi)) >= FREE_APART for b, _ in out):
                out.append((a, aim))
            if len(out) == FREE_PRIORS:
                break
        return [aim for _a, aim in out]

    def _compared(self, match: Any, m: Any, req: AimThrow, cands: list[Throw]) -> Throw:
        """The candidate whose rollouts score best on average (the first on ties), judged with
        common random numbers: rollout k of every candidate rolls the same faces and the same
        scatter (each round its own aim), so two aims are compared on the same luck, not on
        whose three throws rolled higher. CAP_ROLLOUTS times the budget in two rounds: half
        spread over every candidate, half over the CAP_FINALISTS best. Each candidate thrown
        three times with its own dice, the search picked walks whose dice lay behind a wall over
        the aim that scored best over 40 throws (issue 27: Quick Start seed 26, a mean of -5.3
        chosen over -0.5; 9 of its 31 wasted dice on the Quick Start came from such picks)."""
        if len(cands) == 1:
            return cands[0]
        scratch = match.table.copy()
        budget = CAP_ROLLOUTS * self.rollouts
        per = max(2, budget // (2 * len(cands)))
        luck = self._luck(budget)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for j, cand in enumerate(cands):
            for k in range(per):
                totals[j] += self._rollout(match, scratch, m, req, cand, luck=luck(k))
            counts[j] = per
        ranked = sorted(range(len(cands)), key=lambda j: (-totals[j] / counts[j], j))[:CAP_FINALISTS]
        more = max(1, (budget - per * len(cands)) // len(ranked))
        for j in ranked:
            for k in range(per, min(per + more, budget)):
                totals[j] += self._rollout(match, scratch, m, req, cands[j], luck=luck(k))
                counts[j] += 1
        return cands[min(ranked, key=lambda j: (-totals[j] / counts[j], j))]

    def _rolled_out(
        self,
        match: Any,
        m: Any,
        req: AimThrow,
        cands: list[Throw],
        friend: str | None = None,
        away: list[str] | None = None,
    ) -> Throw:
        """The candidate whose rollouts score best on average (the first on ties): the budget
        spread evenly over them, each scored to the cap or, with ``friend``, to that friend, or,
        with ``away``, by how clear of those enemies it leaves the git."""
        scratch = match.table.copy()
        if friend is not None:
            return self._rescue_rolled_out(match, scratch, m, req, cands, friend)
        per = max(1, self.rollouts // len(cands))
        best, best_v = cands[0], -math.inf
        for cand in cands:
            total = 0.0
            for _ in range(per):
                total += self._rollout(match, scratch, m, req, cand, friend, away)
            v = total / per
            if v > best_v:
                best, best_v = cand, v
        return best

    def _luck(self, n: int) -> Any:
        """Common random numbers for comparing candidates: ``luck(k)`` is a fresh pair of
        (scatter, faces) streams for rollout k, the same pair for every candidate asked, seeded
        from the search's own stream (so a seed still gives the same match). Returns None-luck
        (each rollout its own draws from the search's stream) when the controller compares
        without them (``compared_walks`` False)."""
        if not self.compared_walks:
            return lambda _k: None
        pairs = self.sim_rng.integers(0, 2**63 - 1, size=(n, 2))

        def luck(k: int) -> tuple[np.random.Generator, np.random.Generator]:
            a, b = (int(x) for x in pairs[k])
            return np.random.Generator(np.random.PCG64(a)), np.random.Generator(np.random.PCG64(b))

        return luck

    def _rescue_rolled_out(
        self, match: Any, scratch: Any, m: Any, req: AimThrow, cands: list[Throw], friend: str
    ) -> Throw:
        """A rescue's candidates rolled out in two rounds: half of RESCUE_ROLLOUTS times the
        budget spread over them all, the other half over the RESCUE_FINALISTS best; the best mean
        wins (the first on ties). Spread evenly over ten aims, three throws each picked aims
        whose walks end in contact one time in six over ones that do nine in ten (issue 27:
        Quick Start seeds 1-20, each aim rolled out 30 times after the fact), and each walk
        that ends short of the friend makes the next one hold its dice against it."""
        budget = RESCUE_ROLLOUTS * self.rollouts
        per = max(2, budget // (2 * len(cands)))
        more = max(1, (budget - per * len(cands)) // min(RESCUE_FINALISTS, len(cands)))
        luck = self._luck(per + more)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for k, cand in enumerate(cands):
            for i in range(per):
                totals[k] += self._rollout(match, scratch, m, req, cand, friend, luck=luck(i))
            counts[k] = per
        ranked = sorted(range(len(cands)), key=lambda k: (-totals[k] / counts[k], k))[:RESCUE_FINALISTS]
        for k in ranked:
            for i in range(per, per + more):
                totals[k] += self._rollout(match, scratch, m, req, cands[k], friend, luck=luck(i))
            counts[k] += more
        best = min(ranked, key=lambda k: (-totals[k] / counts[k], k))
        return cands[best]

    def _rollout(
        self,
        match: Any,
        scratch: Any,
        m: Any,
        req: AimThrow,
        cand: Throw,
        friend: str | None = None,
        away: list[str] | None = None,
        luck: tuple[Any, Any] | None = None,
    ) -> float:
        """Throw on the scratch table, score the best order of the dice, then put it back.
        ``luck``: the (scatter, faces) streams to throw with (default the search's own)."""
        caps = scratch.tokens
        hand = match.hand_point(m.boss, cand.aim)
        scatter, faces = luck if luck is not None else (self.sim_rng, self.sim_rng)
        res = scratch.throw(hand, cand.aim, req.dice, scatter, faces, strength=cand.strength)
        landed = [(d.id, d.value) for d in res.dice if not d.lost and scratch.has_die(d.id)]
        value = self._best_order(match, scratch, m, landed, friend, away)[1] if landed else -5.0
        # A die lost past the edge moves the git nowhere, as one lying behind a wall does (issue
        # 27: uncounted until 2026-12-05, when lost dice were 72% of the heuristic's dice that
        # went nowhere); the rollout saw only the dice that landed.
        value -= WASTED_DIE * sum(1 for d in res.dice if d.lost)
        value -= 2.0 * sum(
            1 for h in res.tower_hits if h.figure_id in match.models and match.models[h.figure_id].boss == m.boss
        )  # knocking our own towers is bad
        for d in res.dice:
            if scratch.has_die(d.id):
                scratch.remove_die(d.id)
        for cid, pos in caps.items():  # dice may have knocked caps: put them back
            scratch.put_token(cid, pos)
        return value

    def rescue_under_fire(self, m: Any, req: AimThrow, match: Any) -> Any | None:
        """The fallen friend a git the heuristic walks out of a line of fire boots up instead
        (None: none): one within this throw's expected reach, when the fire is weak (at most
        FIRE_RESCUE_GUNS guns, a tower of FIRE_RESCUE_TOWER or shorter). Booted up, the friend
        is a git back in the game and the pair walks clear later; walked away from, it lies in
        reach of the robbers (issue 27: 6 of the search's 16 unrescued friends had a rescuer
        under fire that walked out of the line instead)."""
        if not self._escaping.get(m.id) or m.tower.height > FIRE_RESCUE_TOWER:
            return None
        friends = [(o, d) for o, d in self.fallen_friends(m, match) if d <= 3.5 * len(req.dice)]
        if not friends or len(self.shooters_at(m, match)) > FIRE_RESCUE_GUNS:
            return None
        return friends[0][0]

    def rescue_of(self, m: Any, match: Any) -> str | None:
        """The fallen friend the heuristic's aim for ``m`` walks to (None: none, it is up again,
        or the git is getting out of a line of fire instead)."""
        friend = self._rescuing.get(m.id)
        if friend is None or self._escaping.get(m.id) or not match.models[friend].fallen:
            return None
        return friend

    def die_score(self, m: Any, res: Any, match: Any) -> tuple[float, str | None, bool]:
        """One move die's part of an order's score, from its sweep ``res``: what it bumped into.

        A die that moved the git nowhere against anything but a cap costs WASTED_DIE; a cap
        looted earns 10 (its id is returned, for the caller to lift it off the scratch table);
        walking into a standing enemy starts a fight, which ends the move (True): worth 2 with a
        short tower, -8 with a tall one. The search's and the tree search's order searches
        (here and mcts.py) both score their dice by it, so the two cannot drift apart (debt D7)."""
        c = res.contact
        if c is None:
            return 0.0, None, False
        s = -WASTED_DIE if res.travelled < 0.1 and c.thing.kind != Kind.TOKEN else 0.0
        if c.thing.kind == Kind.TOKEN:
            return s + 10.0, c.thing.id, False
        if c.thing.kind == Kind.FIGURE and c.thing.id in match.models:
            o = match.models[c.thing.id]
            if o.boss != m.boss and o.standing:
                return s + (2.0 if m.tower.height <= 3 else -8.0), None, True
        return s, None, False

    @staticmethod
    def rescue_end(gap: float) -> float:
        """What a walk to a fallen friend is worth by the gap (edge to edge) it ends at: RESCUED
        in contact (the friend is booted up next), else each inch short costs as an inch from a
        cap does, and an end within one average die (RESCUE_SHORT_IN) RESCUE_SHORT more: the
        next walk from there reaches the friend with its first die, and the book holds the
        rest against it ("If you bump into anything ... you stop"; "You have to use all your
        move dice"). The search's and the tree search's order searches both score by it."""
        if gap <= RESCUE_TOUCH:
            return RESCUED
        return -0.6 * gap - (RESCUE_SHORT if gap < RESCUE_SHORT_IN else 0.0)

    def _best_order(
        self,
        match: Any,
        scratch: Any,
        m: Any,
        dice: list[tuple[str, int]],
        friend: str | None = None,
        away: list[str] | None = None,
    ) -> tuple[list[str], float]:
        """Play every order of the dice with real sweeps on the scratch table; the best one.

        With ``friend`` (a fallen friend the git is walking over to boot up) an order is judged
        by where it leaves the git against that friend instead of against the nearest cap:
        ending in contact (it can boot the friend up next) earns RESCUED, else each inch short
        costs as an inch from a cap does; caps looted on the way still count. With ``away``
        (enemies a walk away before legging it gets clear of) each inch short of CLEAR_IN from
        the nearest of them costs as an inch from a cap does."""
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
                s, cap, fight = self.die_score(m, res, match)
                score += s
                if cap is not None:
                    looted.append((cap, scratch.token_position(cap)))
                    scratch.remove_token(cap)
                if fight:
                    break
            end = scratch.figure_position(m.id)
            rest = [scratch.token_position(cid) for cid in scratch.tokens]
            if friend is not None:
                score += self.rescue_end(scratch.distance_between(m.id, friend))
            elif away:
                score -= 0.6 * max(0.0, CLEAR_IN - min(scratch.distance_between(m.id, f) for f in away))
            elif rest:
                score -= 0.6 * self.walking_distance(m, end, rest, match)
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
        caps at 0, 2 and 4" (turned into free space, or dropped), each kept on the table (the
        heuristic's ``kept_on_table``: "Any dice lost over the edge of the world are gone"; aims
        past a cap at the edge were clamped 0.2" inside it, where most dice are lost). The search
        rolls each out; the tree search (mcts.py) widens its root from them."""
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
                aim = self.kept_on_table(aim, match)
                if all(_dist(aim, k.aim) > 0.25 for k in out):
                    out.append(Throw(aim, 0.15))
        return out

    def walking_distance(self, m: Any, end: Point, caps: list[Point], match: Any) -> float:
        """Inches from ``end`` to the nearest of ``caps`` by the walking route round the terrain
        (of the ROUTED nearest in a straight line; straight if none is reachable): scored in a
        straight line, an end pinned against a wall with the cap behind it looks as good as one
        that walked round, and the search kept throwing into the wall (issue 27)."""
        near = sorted(caps, key=lambda c: _dist(end, c))[:ROUTED]
        best = min(self.walk(m, c, match).distance(end) for c in near)
        return best if math.isfinite(best) else _dist(end, near[0])

    def rescue_priors(self, m: Any, req: AimThrow, base: Throw, friend: str, match: Any) -> list[Throw]:
        """The candidate aims of a walk to a fallen friend, the heuristic's first: RESCUE_BEYOND
        past it straight on, and RESCUE_SIDE (turned into the free space, or dropped). Straight
        on and well past, every die lies where the walk to it passes through the friend; aims
        short of it or 2" to the side reached it 2-11% of the time (issue 27), and each die
        they left short of it stopped the git short ("including your move dice")."""
        p, fp = match.position(m.id), match.position(friend)
        d = _dist(p, fp) or 1.0
        ux, uy = (fp[0] - p[0]) / d, (fp[1] - p[1]) / d
        expected = 3.5 * len(req.dice)
        out = [base]
        spots = [(b, 0.0) for b in RESCUE_BEYOND] + [(b, s * k) for b, s in RESCUE_SIDE for k in (-1.0, 1.0)]
        for beyond, side in spots:
            aim = _clamp((fp[0] + ux * beyond - uy * side, fp[1] + uy * beyond + ux * side), req.width, req.height)
            if not self.is_free(m, aim, match):
                aim = _clamp(self.free_aim(m, aim, fp, expected, match, tuple(req.dice), friend), req.width, req.height)
                if not self.is_free(m, aim, match):
                    continue
            aim = self.kept_on_table(aim, match)
            if all(_dist(aim, k.aim) > 0.25 for k in out):
                out.append(Throw(aim, 0.15))
        return out

    def order_move_die(self, req: OrderMoveDie, match: Any) -> Any:
        t0 = time.perf_counter()
        m = match.models[req.model]
        dice = [(d, match.table.die(d).value) for d in req.options]
        if m.id in self._retreating and len(dice) > 1:
            # A walk away, rolled out with this very order search: walked in the same order, so
            # a die lying behind a friend is taken while the git can still walk to it.
            order, _ = self._best_order(match, match.table.copy(), m, dice, away=self.foe_ids(m, match))
            self._timed(t0)
            return order[0]
        if (
            self._hunting.get(m.id) is not None
            or self.rescue_of(m, match) is not None
            or m.id in self._retreating
            or (self.winning_endgame(match) and self.retreat_from(m, match) is not None)
        ):  # walking into a robber or to a fallen friend, or away before legging it: the heuristic's order
            return super().order_move_die(req, match)
        if len(dice) == 1:
            return dice[0][0]
        scratch = match.table.copy()
        order, _ = self._best_order(match, scratch, m, dice, self.rescue_of(m, match))
        self._timed(t0)
        return order[0]

    def _timed(self, t0: float) -> None:
        self.last_decision_s = time.perf_counter() - t0
        self.worst_decision_s = max(self.worst_decision_s, self.last_decision_s)

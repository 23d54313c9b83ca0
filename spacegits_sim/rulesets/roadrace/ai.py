"""The road race's AIs: a random one (any legal answer) and a heuristic one.

Why the heuristic knows no upgrade names: it reads the race through the same numbers the
engine uses (stats, Lap Points, damage, what a repair would fix) and the options offered.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...play.protocol import Choice, Request
from ...rng import stream
from . import odds
from . import requests as rq


class RandomDriver:
    """Picks uniformly among the legal options, from its own seeded stream."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        self.rng: np.random.Generator = stream(seed, f"ai/roadrace-random/{seat}")

    def decide(self, request: Request, game: Any = None) -> Any:  # noqa: ARG002 - the protocol's
        assert isinstance(request, Choice), f"the road race asks only choices, got {request.kind}"
        return request.options[int(self.rng.integers(len(request.options)))]


class HeuristicDriver:
    """Races to win: re-rolls every failed die it may, takes the blessing on the rolls that
    matter, repairs what stops the car first, stops to repair when the damage is dangerous,
    attacks the leader within reach, and takes interviews only when it is far behind."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        self.seat = seat
        self.rng: np.random.Generator = stream(seed, f"ai/roadrace-heuristic/{seat}")

    def decide(self, request: Request, game: Any = None) -> Any:
        assert isinstance(request, Choice)
        opts = request.options
        race = game
        me = race.racers[request.boss] if race is not None else None
        if isinstance(request, rq.Reroll):
            return max(opts)
        if isinstance(request, rq.Blessing):
            return self._blessing(race, me, request)
        if isinstance(request, (rq.Interview, rq.RestStop, rq.StopToRepair)):
            return "stop" if self._rather_stop(race, me) else "drive"
        if isinstance(request, rq.RepairWhat):
            return self._repair_pick(race, me, opts)
        if isinstance(request, rq.Attack):
            return self._attack_pick(race, me, opts)
        if isinstance(request, rq.OnHit):
            return "damage" if "damage" in opts else opts[0]
        if isinstance(request, rq.CampaignPick):
            return self._upgrade_pick(race, opts)
        return opts[0]

    def _rather_stop(self, race: Any, me: Any) -> bool:
        """Races mostly end by attrition, so what matters is who is within + or - 3 Lap Points
        of whom: only they may attack each other. For each rival the exact chance that one attack
        takes the other out at once (:func:`.odds.attack_odds`: the Offense and Defense dice, the
        charts, Toughness and damage left) says whether I want him within reach (I am the
        deadlier: hunt him, drive to catch up) or out of it (drive to get away: ahead of him by
        more than he can gain in a turn). When neither is deadlier (both chances equal, often 0:
        tough drivers, Rockets pushing rolls past the Driver hit row) keep a rival within reach.
        A rival near the finish is raced. Otherwise stop whenever the rules let me: driving risks
        the Whoops! chart."""
        if race is None or me is None:
            return False
        goal = int(race.book.race["lap_points_to_win"])
        reach = int(race.book.race["offense_range"])
        rivals = [x for x in race.racers if x.alive and x is not me]
        leader = max((x.lp for x in rivals), default=0)
        if leader >= goal - 6 and me.lp < leader:
            return False  # a rival near the finish: race him
        for x in rivals:
            mine, theirs = _threat(race, me, x)[0], _threat(race, x, me)[0]
            gap = me.lp - x.lp
            top = race.stat(x, "speed") + 1  # the most he may gain in a turn (a short cut aside)
            if theirs > mine and -reach <= gap <= reach + top:
                return False  # keep away from him: ahead and out of his reach next turn
            if mine > theirs and gap < -reach:
                return False  # hunt him: catch up
        # nobody deadlier (neither can take the other out in one attack, or evenly): keep a rival
        # within reach of my attacks — I attack every turn, a careless rival does not
        if rivals and not any(abs(x.lp - me.lp) <= reach for x in rivals) and leader > me.lp:
            return False
        return True

    def _blessing(self, race: Any, me: Any, request: Any) -> str:
        """One sure success, once: on a Defense roll (no Defense success puts a hit on the
        Spectacular chart), and — for a car that has no Defense dice, so is never asked on one —
        on the Reaction or Handling roll an event or a spin asks 2 (or 1) successes of, whose
        failure leads to the charts."""
        if request.stat == "defense":
            return "yes"
        if race is not None and me is not None and race.stat(me, "defense") <= 0:
            return "yes" if request.stat in ("reaction", "handling") else "no"
        return "no"

    def _upgrade_pick(self, race: Any, opts: tuple[Any, ...]) -> Any:
        """Speed wins races: a Speed advance or re-roll first, then any stat or re-roll, then the rest."""
        ups = race.book.upgrades if race is not None and hasattr(race, "book") else None
        if ups is None:
            from .book import book

            ups = book().upgrades

        def score(o: str) -> int:
            if o == "none":
                return 9
            p = ups[o].params
            if p.get("stat") == "speed" or p.get("reroll") == "speed":
                return 0
            if "reroll" in p or "stat" in p:
                return 1
            return 2

        return min(opts, key=score)

    def _repair_pick(self, race: Any, me: Any, opts: tuple[Any, ...]) -> Any:
        """Fix first what most shifts the fight, exactly: for each problem, how much fixing it
        raises my chance per attack of taking a rival out and lowers his of taking me out
        (:func:`.odds.attack_odds` with the problem gone; then the same for the chance of a hit).
        A -2 Defense on a car with no Defense dice shifts nothing and waits. After that put
        successes where they finish nothing soon (damage points first), so that something is
        left to repair and the car may stop again next turn."""
        if me is None:
            return opts[0]
        rivals = [x for x in race.racers if x.alive and x is not me] if race is not None else []

        def cond(o: str) -> Any:
            return next((c for c in me.conds if f"{c.id}:{c.uid}" == o), None)

        def fight() -> tuple[float, float]:
            out = hit = 0.0
            for x in rivals:
                (mo, mh), (to, th) = _threat(race, me, x), _threat(race, x, me)
                out, hit = out + mo - to, hit + mh - th
            return (out, hit)

        def gain(o: str) -> tuple[float, float]:
            """The fight with this problem fixed, less the fight now (the car put back as it was)."""
            if not rivals:
                return (0.0, 0.0)
            before = fight()
            c = cond(o)
            if o == "damage":
                me.vdamage -= 1
                after = fight()
                me.vdamage += 1
            elif o == "toughness":
                me.ddamage -= 1
                after = fight()
                me.ddamage += 1
            elif c is not None:
                i = me.conds.index(c)
                me.conds.remove(c)
                after = fight()
                me.conds.insert(i, c)
            else:
                return (0.0, 0.0)
            return (after[0] - before[0], after[1] - before[1])

        def score(o: str) -> tuple[int, float, float]:
            out, hit = gain(o)
            if out > 1e-12 or (out > -1e-12 and hit > 1e-12):
                return (0, -out, -hit)
            if o in ("damage", "toughness"):
                return (1, 0.0 if o == "damage" else 1.0, 0.0)
            c = cond(o)
            if c is None:
                return (5, 0.0, 0.0)
            return (2, -(c.repair - c.progress), 0.0)

        return min(opts, key=score)

    def _attack_pick(self, race: Any, me: Any, opts: tuple[Any, ...]) -> Any:
        targets = [o for o in opts if o != "none"]
        if not targets or me is None:
            return "none"

        def value(o: tuple[int, str]) -> tuple[int, int]:
            t = race.racers[o[0]]
            return (t.lp, t.vdamage)

        best = max(targets, key=value)
        t = race.racers[best[0]]
        if t.lp + 3 < me.lp and best[1] != "ram":  # far behind: not worth provoking
            return "none"
        return best


def _threat(race: Any, a: Any, t: Any) -> tuple[float, float]:
    """How dangerous one attack of ``a`` is to ``t``: the chance it takes him out, then of a hit."""
    hit, _spec, out = odds.attack_odds(race, a, t)
    return (out, hit)


AIS: dict[str, type[RandomDriver] | type[HeuristicDriver]] = {"random": RandomDriver, "heuristic": HeuristicDriver}

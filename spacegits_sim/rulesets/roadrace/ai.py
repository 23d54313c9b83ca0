"""The road race's AIs: a random one (any legal answer) and a heuristic one.

Why the heuristic knows no upgrade names: it reads the race through the same numbers the
engine uses (stats, Lap Points, damage, what a repair would fix) and the options offered.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...play.protocol import Choice, Request
from ...rng import stream
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
        if isinstance(request, rq.Blessing):  # one sure success keeps a hit off the Spectacular chart
            return "yes" if request.stat == "defense" else "no"
        if isinstance(request, (rq.Interview, rq.RestStop, rq.StopToRepair)):
            return "stop" if self._rather_stop(race, me) else "drive"
        if isinstance(request, rq.RepairWhat):
            return self._repair_pick(me, opts)
        if isinstance(request, rq.Attack):
            return self._attack_pick(race, me, opts)
        if isinstance(request, rq.OnHit):
            return "damage" if "damage" in opts else opts[0]
        if isinstance(request, rq.CampaignPick):
            return self._upgrade_pick(race, opts)
        return opts[0]

    def _rather_stop(self, race: Any, me: Any) -> bool:
        """Driving risks the Whoops! chart (more failures than successes), the road's worst
        danger to a fragile driver; a stopped car only loses Lap Points it may not need. Stop
        whenever the rules allow, unless a rival is close enough to the finish to win first."""
        if race is None or me is None:
            return False
        goal = int(race.book.race["lap_points_to_win"])
        reach = int(race.book.race["offense_range"])
        rivals = [x for x in race.racers if x.alive and x is not me]
        leader = max((x.lp for x in rivals), default=0)
        if leader >= goal - 6 and me.lp < leader:
            return False  # a rival near the finish: race him
        # keep a rival within reach of my attacks: I attack every turn, a careless rival does not
        if rivals and not any(abs(x.lp - me.lp) <= reach for x in rivals) and leader > me.lp:
            return False
        return True

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

    def _repair_pick(self, me: Any, opts: tuple[Any, ...]) -> Any:
        """Fix what weakens the car in a fight first (Defense, Offense, the weapon, their
        re-rolls); after that put successes where they finish nothing soon (damage points
        first), so that something is left to repair and the car may stop again next turn."""
        if me is None:
            return opts[0]

        def score(o: str) -> tuple[int, int]:
            if o in ("damage", "toughness"):
                return (1, 0 if o == "damage" else 1)
            c = next((c for c in me.conds if f"{c.id}:{c.uid}" == o), None)
            if c is None:
                return (5, 0)
            if c.stat in ("defense", "offense") or c.no_rerolls in ("defense", "offense") or c.flag == "no_weapon":
                return (0, c.repair - c.progress)
            return (2, -(c.repair - c.progress))

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
        if race.stat(me, "offense") <= 0:
            return "none"
        if t.lp + 3 < me.lp and best[1] != "ram":  # far behind: not worth provoking
            return "none"
        return best


AIS: dict[str, type[RandomDriver] | type[HeuristicDriver]] = {"random": RandomDriver, "heuristic": HeuristicDriver}

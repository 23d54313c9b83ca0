"""Issue 27, the search's rescue walks (branch contact): a walk to a fallen friend should end in
contact the first time, because a walk that stops just short leaves the next one only dice it
cannot spend. The book: "If you bump into anything (including your move dice), you stop and
discard your current move dice" and "You have to use all your move dice" (Scoot), and a git
"in contact with a fallen friendly git" can boot it up (Boot Up the Arse)."""

from __future__ import annotations

import math

from helpers import fell as _fell
from helpers import match

from spacegits_sim.ai.heuristic import HeuristicController
from spacegits_sim.ai.search import RESCUE_TOUCH, RESCUED, SearchController
from spacegits_sim.rules.decisions import AimThrow


def _pal_and_fallen_grunk():
    m = match(
        [[{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (12, 12), "a2": (12, 6), "b1": (22, 22)},
    )
    m.place_cap((2.0, 22.0), "test")
    _fell(m, "a1")
    return m


def test_a_rescue_walk_ending_within_one_die_short_of_the_friend_is_worth_less_than_one_ending_farther_out():
    """From 2" short, the next walk's first die reaches the friend and the book holds the other
    two against it ("You have to use all your move dice"); from 4" short, the dice can still be
    spent walking there. So 2" short must rank below 4" short, and contact above both."""
    touching, near, far = (SearchController.rescue_end(g) for g in (RESCUE_TOUCH, 2.0, 4.0))
    assert touching == RESCUED
    assert near < far < touching, (near, far, touching)


def test_a_rescue_throw_rolls_out_every_aim_then_spends_twice_the_budget_on_the_best_three():
    """Spread evenly, three rollouts an aim picked aims that reach the friend one time in six
    over ones that do nine in ten (Quick Start seed 3): every candidate gets a first round, the
    best three a second, and the rescue throw spends twice the search's usual rollouts."""
    m = _pal_and_fallen_grunk()
    ai = SearchController(seed=1, boss=0)
    seen: dict[tuple[float, float], int] = {}
    friends: set[object] = set()
    rollout = ai._rollout

    def spy(match_, scratch, git, req, cand, friend=None, away=None, luck=None):
        seen[cand.aim] = seen.get(cand.aim, 0) + 1
        friends.add(friend)
        return rollout(match_, scratch, git, req, cand, friend, away, luck)

    ai._rollout = spy  # type: ignore[method-assign]
    chosen = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert friends == {"a1"}, friends  # the walk is a rescue of Grunk
    counts = sorted(seen.values(), reverse=True)
    assert len(counts) >= 5, seen
    first = counts[-1]
    assert first >= 2 and sum(c > first for c in counts) == 3, counts  # the best three got a second round
    assert sum(counts) >= 1.8 * ai.rollouts, (sum(counts), ai.rollouts)
    assert chosen in seen and seen[chosen] > first


def test_a_rescue_aims_straight_past_the_fallen_friend_never_short_of_it():
    """Dice lying short of the friend stop the walk short ("including your move dice"); dice
    lying straight on past it put the friend on the walk's line. Pal at (12, 6) walks to Grunk
    at (12, 12): every candidate lies at least level with Grunk, and some 4" or more past it."""
    m = _pal_and_fallen_grunk()
    ai = SearchController(seed=1, boss=0)
    req = AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0)
    base = HeuristicController.aim_move(ai, req, m)
    cands = ai.rescue_priors(m.models["a2"], req, base, "a1", m)
    past = [c.aim[1] - 12.0 for c in cands[1:]]  # the first is the heuristic's own aim
    assert past and min(past) >= -1e-6, past
    assert max(past) >= 4.0, past
    straight = [c for c in cands[1:] if math.isclose(c.aim[0], 12.0, abs_tol=1e-6)]
    assert len(straight) >= 3, [c.aim for c in cands]

"""Property test: invariants over hundreds of seeded matches of random controllers."""

from __future__ import annotations

import pytest

from spacegits_sim.ai.random_ai import RandomController
from spacegits_sim.data import default_rules
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.invariants import Checked, check_invariants
from spacegits_sim.rules.scenario import load_scenario


def _play(seed: int, stubborn: bool) -> Match:
    m = Match(load_scenario(None, default_rules()), seed=seed)
    m.play([Checked(RandomController(seed, 0, stubborn)), Checked(RandomController(seed, 1, stubborn))])
    check_invariants(m)
    go = m.result()
    assert go is not None and go.winners, "every match ends with a winner or a tie"
    assert m.over and all(b.out for b in m.bosses)
    return m


@pytest.mark.parametrize("block", range(10))
def test_invariants_hold_over_500_random_matches(block):
    for seed in range(block * 50, block * 50 + 50):
        _play(seed, stubborn=False)


@pytest.mark.parametrize("seed", range(12))
def test_invariants_hold_in_long_random_matches_that_reach_the_siren(seed):
    m = _play(10_000 + seed, stubborn=True)
    kinds = {e.kind for e in m.events}
    assert "siren" in kinds or m.safety_fired or len([b for b in m.bosses if b.legged_at is not None]) == 2


FOUR = None


def _four():
    global FOUR
    if FOUR is None:
        FOUR = load_scenario("scenarios/four_bosses.yaml", default_rules())
    return FOUR


@pytest.mark.parametrize("block", range(2))
def test_invariants_hold_in_four_boss_matches_with_goblins_runts_and_rigged_gnawballs(block):
    from spacegits_sim.ai import make_controller

    for seed in range(block * 30, block * 30 + 30):
        m = Match(_four(), seed=seed)
        m.play([Checked(make_controller("random", seed, i)) for i in range(4)])
        check_invariants(m)
        assert m.result() is not None and all(b.out for b in m.bosses)
    for seed in range(block * 3, block * 3 + 3):
        m = Match(_four(), seed=seed)
        m.play(
            [Checked(make_controller(a, seed, i)) for i, a in enumerate(("heuristic", "search", "heuristic", "random"))]
        )
        check_invariants(m)
        assert m.result() is not None

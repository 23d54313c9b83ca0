"""Invariants over many random races: whatever the drivers answer, the race stays a race."""

from __future__ import annotations

import pytest

from spacegits_sim.play import registry
from spacegits_sim.rulesets.roadrace.book import book

RS = registry.get("roadrace")
B = book()


@pytest.mark.parametrize("scenario,seeds", [("quick", range(12)), ("grand_prix", range(6)), ("veterans", range(6))])
def test_random_races_keep_every_invariant(scenario, seeds):
    sc = RS.load_scenario(scenario)
    for seed in seeds:
        g = RS.new_game(sc, seed=seed)
        g.play([RS.make_controller("random", seed, i) for i in range(RS.seats(sc))])
        assert g.over and g.events[0].kind == "race_started"
        over = [e for e in g.events if e.kind == "race_over"]
        assert len(over) == 1
        alive = [r for r in g.racers if r.alive]
        assert len(alive) <= 1 or any(r.lp >= 20 for r in alive) or g.round > sc.max_rounds
        assert set(over[0].winners) <= {r.seat for r in alive}
        for r in g.racers:
            assert r.lp >= 0 and r.vdamage >= 0 and r.ddamage >= 0
            assert all(c.progress < (c.repair or 99) for c in r.conds)  # a finished repair ends its state
        for e in g.events:
            if e.kind == "dice_rolled":
                assert all(1 <= d[0] <= 6 for d in e.dice)
                assert e.successes - e.extra - int(e.blessed) == sum(1 for d in e.dice if d[0] >= B.success_at)
                assert e.failures == sum(1 for d in e.dice if d[0] < B.success_at)
            if e.kind == "chart_rolled":
                assert 1 <= e.die <= 6 and e.total == e.die + e.modifier
                assert B.charts[e.chart].row(e.total).id == e.row
            if e.kind == "lap_points":
                assert e.total >= 0

"""Gangfight: the gang-building rules and the smaller departures the review listed (issue 29),
each test quoting its rule (tests/conformance/gangfight_core.yaml). Real components: the real
physics table and dice tray, the bundled YAML; models are set on the table where a test needs
them (the helpers of tests/test_gangfight.py)."""

from __future__ import annotations

import dataclasses

import pytest

from spacegits_sim.rulesets.gangfight.engine import GangfightGame
from spacegits_sim.rulesets.gangfight.gangs import check_budget, gang_from_doc
from spacegits_sim.rulesets.gangfight.scenario import scenario_from_doc
from tests.test_gangfight import _hero, _m, game, last


def _heroes(n, extra=0):
    ms = [_hero("boss")] + [_hero(f"h{i}") for i in range(1, n)] + [_m(f"x{i}") for i in range(extra)]
    return {"name": "G", "leader": "boss", "models": ms}


@pytest.mark.rule("gangfight_core", "one-more-hero-per-400-fame")
def test_a_gang_has_its_leader_and_one_more_hero_for_every_full_400_fame():
    two = gang_from_doc(_heroes(2, 1), "g.yaml")
    three = gang_from_doc(_heroes(3), "g.yaml")
    assert not [p for p in check_budget(two, 400, "g.yaml") if p.field == "models"]  # 1 + 400 // 400
    assert [p for p in check_budget(two, 399, "g.yaml") if p.field == "models"]  # no full 400 yet
    assert [p for p in check_budget(three, 799, "g.yaml") if p.field == "models"]
    assert not [p for p in check_budget(three, 800, "g.yaml") if p.field == "models"]


@pytest.mark.rule("gangfight_core", "no-maximum-gang-size")
def test_a_gang_needs_three_models_and_may_field_more_than_ten():
    big = gang_from_doc({"name": "G", "leader": "boss", "models": [_hero()] + [_m(f"x{i}") for i in range(13)]}, "g")
    assert len(big.models) == 14
    from spacegits_sim.data.errors import DataError

    with pytest.raises(DataError, match="at least 3 models"):
        gang_from_doc({"name": "G", "leader": "boss", "models": [_hero(), _m("a")]}, "g.yaml")


@pytest.mark.rule("gangfight_core", "objectives-per-gang-fame")
def test_each_gang_places_one_objective_for_every_250_of_its_own_fame():
    rich = {"name": "A", "leader": "boss", "models": [_hero()] + [_m(f"x{i}") for i in range(17)]}  # 75 + 17 x 25
    poor = {"name": "B", "leader": "boss", "models": [_hero(), _m("a"), _m("b")]}  # 125
    doc = {
        "name": "t",
        "seed": 1,
        "fame": 2000,
        "board": {"width": 36, "height": 36, "terrain": []},
        "gangs": [rich, poor],
        "objectives": "place",
    }
    sc = scenario_from_doc(doc, "test")
    assert [g.fame for g in sc.gangs] == [500, 125]
    g = GangfightGame(sc, seed=3)
    g.answer("attacker")
    while g.pending is not None and g.pending.kind == "deploy" and g.pending.models[0].startswith("o"):
        g.answer("skip")
    placed = [e.seat for e in g.events if e.kind == "gf_objective"]
    assert sorted(placed) == [0, 0]  # 500 // 250 for A, 125 // 250 for B (the scenario's 2000 would give 8 each)


@pytest.mark.rule("gangfight_core", "dot-save-is-a-defense-roll")
def test_the_damage_over_time_save_counts_the_shield_and_the_super_strength_penalty():
    g = game([(_m("x", items=["hand_weapon", "shield"]), (10, 10), 0)], [])
    x = g.models["a_x"]
    x.loadout = ("hand_weapon",)  # a hand free: the shield counts
    assert g.dot_dice(x, 4) == x.a("dp") + 1
    assert g.dot_dice(x, 7) == x.a("dp")  # Strength 7: -1 Defense
    x.dot = (4, 6)
    flow = g._activation(x)
    next(flow)  # the upkeep rolled; now it asks for weapons
    roll = [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "damage over time"][-1]
    assert len(roll.dice) == x.a("dp") + 1


@pytest.mark.rule("gangfight_core", "thrown-range-unless-specified")
def test_a_thrown_weapon_reaches_its_strength_unless_its_listing_gives_a_range():
    g = game([(_m("x", items=["throwing_knives"]), (10, 10), 0)], [])
    x = g.models["a_x"]
    knives = g.item("throwing_knives")
    assert knives.range == "M" and g.weapon_range(x, knives) == x.a("str")
    listed = dataclasses.replace(knives, range="5")
    assert g.weapon_range(x, listed) == 5.0 != x.a("str")


@pytest.mark.rule("gangfight_core", "running-counts-inches-moved")
def test_the_inch_an_obstacle_costs_is_not_moved_so_it_does_not_make_a_run():
    fence = {"id": "fence", "kind": "obstacle", "height": 0.8, "polygon": [[12, 5], [12.5, 5], [12.5, 15], [12, 15]]}
    g = game([(_m("x"), (8, 10), 0)], [(_m("y"), (30, 30), 180)], terrain=[fence])
    x = g.models["a_x"]
    g._do_move(x, (15.5, 10), 0.0, "move")  # 7.5" moved, one fence hopped (1")
    assert x.moved == pytest.approx(7.5, abs=1e-3) and x.hopped == pytest.approx(1.0)
    assert not g.ran_now(x)
    g._do_move(x, (16.0, 10), 0.0, "move")
    assert g.ran_now(x)  # 8" moved
    assert g.move_allowance(x) == pytest.approx(3.0)  # 12 - 9 spent (the hop's inch counts there)


@pytest.mark.rule("gangfight_core", "break-away-needs-a-way-out")
def test_break_away_is_not_offered_when_every_way_out_is_blocked():
    ring = [(_m(f"e{i}"), p, 0) for i, p in enumerate([(11.2, 10), (8.8, 10), (10, 11.2), (10, 8.8)])]
    g = game([(_m("x"), (10, 10), 0)], ring)
    x = g.models["a_x"]
    assert len(g.engaged(x)) == 4 and g.break_away_spots(x) == []
    assert "break_away" not in g.action_options(x)
    h = game([(_m("x"), (10, 10), 0)], [ring[0]])
    assert "break_away" in h.action_options(h.models["a_x"])


@pytest.mark.rule("gangfight_core", "fled-carrier-drops-at-the-edge")
def test_an_objective_carried_off_the_board_drops_where_its_carrier_left():
    g = game([(_m("x"), (2.5, 18), 90)], [(_m("y"), (20, 18), 180)])
    x = g.models["a_x"]
    x.carried.append("o1")
    g.objectives["o1"] = None
    x.fleeing = True
    spots = g.move_spots(x)
    assert spots[0][0] == "off"
    g._do_move(x, (spots[0][1], spots[0][2]), spots[0][3], "flee", off=True)
    drop = last(g, "gf_dropped")
    p = g.objectives["o1"]
    assert x.status == "fled" and drop.objective == "o1" and p is not None
    assert p[0] == pytest.approx(0.5) and p[1] == pytest.approx(18, abs=0.5)  # on the board, at the edge it left

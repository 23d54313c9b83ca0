"""Stray Dice (rulebook: "Tumbling Dice", "Stray Dice"): the dice of a falling tower scatter over
the table with the speed and direction the tower simulation gives them, can knock other towers
over, and the boss who started the cascade is blamed; a git carried through another git's tower
disturbs it. Real towers, real table physics."""

from __future__ import annotations

import math

import numpy as np
import pytest
from helpers import drive, match

from spacegits_sim.physics.table import Table
from spacegits_sim.physics.tower import Tower
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.engine import Match

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
MM = 1 / 25.4


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def fallen_tower(seed: int, n: int = 10) -> Tower:
    """A tall tower carried in a hurry until it falls (seeded: the same fall every time)."""
    for s in range(seed, seed + 50):
        t = Tower(seed=s)
        for _ in range(n):
            assert t.add_die()
        if not t.carry([(76.2, 0.0)], "hurried"):
            return t
    raise AssertionError("no fall in 50 seeds")


def test_a_falling_tower_spills_every_die_above_the_held_one_the_way_it_leans():
    t = fallen_tower(1)
    spill = t.spilled()
    assert len(spill) == t.height - 1
    heights = [h for h, _, _ in spill]
    assert heights == sorted(heights) and heights[-1] > 100  # the top of a 10-die tower, ~150 mm up
    assert all(math.hypot(vx, vy) >= math.sqrt(t.g * h / 2) * 0.99 for h, vx, vy in spill)


def test_tumbling_dice_land_about_a_tower_height_away_and_knock_what_they_meet():
    """Let go at height h with sqrt(g h / 2) sideways, a die lands about h away, then slides."""
    tb = Table(24, 24)
    tb.add_figure("a", (12, 12))
    h = 6.0
    v = math.sqrt(tb.g * h / 2)
    res = tb.spill((12.0, 12.0), [(6, h, v, 0.0)], np.random.default_rng(1), ignore=["a"])
    (d,) = res.dice
    touchdown = next(p for p in d.trajectory if p[2] == 0.0)
    assert touchdown[0] == pytest.approx(12 + h, abs=0.05)  # touchdown h away
    assert d.position[0] > 12 + h  # then it slides on


def _tumbling_setup(friend: bool, seed: int):
    """Red's Grunk, 10 dice tall, is about to fall; the other git stands where the dice will come."""
    gangs = [[dict(ORC, name="Grunk")] + ([dict(ORC, name="Pal")] if friend else []), [dict(ORC, name="Urgat")]]
    where = {"a1": (8, 12), "b1": (20, 20)}
    if friend:
        where["a2"] = (20, 4)
    m = match(gangs, where, seed=seed)
    grunk = m.models["a1"]
    grunk.tower = fallen_tower(seed)
    spill = grunk.tower.spilled()
    ux = sum(vx for _, vx, _ in spill)
    uy = sum(vy for _, _, vy in spill)
    d = math.hypot(ux, uy)
    tp = m.table.tower_position("a1")
    other = "a2" if friend else "b1"
    spot = (tp[0] + ux / d * 2.2, tp[1] + uy / d * 2.2)  # in the path, 2.2" out
    m.place_model(m.models[other], spot, "test")
    for _ in range(7):
        assert m.models[other].tower.add_die()
    m.sync_tower(m.models[other])
    return m, other


def test_a_stray_die_from_a_tumbling_tower_that_topples_another_blames_the_boss_who_started_it():
    """ "If a stray die from a tumbling tower causes another tower to fall, the boss that caused
    the initial cascade is the one that knocked that other tower over." Red's own git falls (Red
    caused it); its dice topple Blue's Urgat: Urgat sobers up, knocked over by Red."""
    for seed in range(1, 30):
        m, other = _tumbling_setup(False, seed)
        drive(m, m.tower_fell(m.models["a1"], 0, "test"))
        tumble = [e for e in of(m, ev.DiceThrown) if e.purpose == "tumble"]
        assert tumble and len(tumble[0].dice) == 9
        assert not [d for d in m.table.dice if d in {x["id"] for x in tumble[0].dice}]  # discarded
        fell = [e for e in of(m, ev.TowerFell) if e.model == other]
        if fell:
            assert fell[0].knocked_by == "Red" and fell[0].outcome == "sobered_up"
            assert m.models[other].standing
            return
    pytest.fail("no cascade in 29 seeds")


def test_a_cascade_onto_a_friend_makes_it_fall_over():
    """The same cascade onto one of Red's own gits: Red knocked its own tower over, so it falls."""
    for seed in range(1, 30):
        m, other = _tumbling_setup(True, seed)
        drive(m, m.tower_fell(m.models["a1"], 0, "test"))
        fell = [e for e in of(m, ev.TowerFell) if e.model == other]
        if fell:
            assert fell[0].knocked_by == "Red" and fell[0].outcome == "fell_over"
            assert m.models[other].fallen
            return
    pytest.fail("no cascade in 29 seeds")


def test_a_git_carried_through_another_gits_tower_disturbs_it():
    """The review bug: a git carried through another git's tower walked through with no effect.
    Now the tower is struck at the speed of the carry; a topple is the mover's boss's doing."""
    toppled = struck = 0
    for seed in range(1, 16):
        m = match([[dict(ORC, name="Grunk")], [dict(ORC, name="Urgat")]], {"a1": (5, 12), "b1": (12, 10)}, seed=seed)
        for _ in range(9):
            assert m.models["b1"].tower.add_die()
        m.sync_tower(m.models["b1"])
        tp = m.table.tower_position("b1")
        die = m.table.place_die(6, 6, (20, tp[1]))
        m.place_model(m.models["a1"], (5, tp[1]), "test")  # Grunk's line runs through Urgat's tower
        drive(m, m.move_towards_die(m.models["a1"], die, 6, "hurried"))
        hits = [e for e in of(m, ev.TowerStruck) if e.die == "a1"]
        struck += bool(hits)
        fell = [e for e in of(m, ev.TowerFell) if e.model == "b1"]
        if fell:
            toppled += 1
            assert fell[0].knocked_by == "Red" and fell[0].outcome == "sobered_up"
    assert struck == 15 and toppled > 0


def test_a_thrown_die_that_only_grazes_a_tower_still_hits_it():
    """The flight query used to prune with the die's centre line, so a die passing a tower within
    its own radius (but not over its middle) missed it."""
    tb = Table(24, 24)
    tb.add_figure("g", (12, 12))
    tb.set_tower("g", 3.0)
    tx, ty = tb.tower_position("g")
    side = float(tb.p["dice"]["d6"]["circumradius_mm"]) * math.sqrt(2) * MM
    die_r = float(tb.p["dice"]["d6"]["circumradius_mm"]) * MM * 0.8
    offset = side / 2 + die_r * 0.6  # the centre line misses the footprint; the die does not
    from pymunk import Vec2d

    traj, stop, hits = tb._fly(Vec2d(tx - 6, ty + offset), Vec2d(tx + 6, ty + offset), 6, "d")
    assert [h.figure_id for h in hits] == ["g"]

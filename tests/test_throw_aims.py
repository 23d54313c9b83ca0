"""Issue 27, move dice that go nowhere: the heuristic's aims keep the dice on the table, its
previews see where real throws put them, and a blocked git takes an aim whose dice it can walk to."""

from __future__ import annotations

import math

from helpers import match

from spacegits_sim.ai.heuristic import GIT_STRENGTH, LOST_OK, REACHED_IN, HeuristicController
from spacegits_sim.rules.decisions import AimThrow

R = 25 / 25.4 / 2  # an orc's base radius, inches


def _two_orcs(a1: tuple[float, float], b1: tuple[float, float] = (22.0, 22.0), terrain=None):
    return match([[{"type": "orc", "name": "Walker"}], [{"type": "orc", "name": "Far"}]], {"a1": a1, "b1": b1}, terrain)


def test_a_git_going_for_a_cap_at_the_table_edge_aims_where_its_dice_stay_on_the_table():
    """ "Any dice lost over the edge of the world are gone": a lost move die moves the git
    nowhere. The heuristic aims a little past its cap; with the cap at the far edge that aim
    was off the table and most of the dice were lost (72% of its Quick Start dice that went
    nowhere, 2026-12-05). Now its aim loses no more than LOST_OK, by the table's own chance
    (tested against real throws in test_table_physics.py), and it still heads for the cap."""
    m = _two_orcs((12.0, 14.0), b1=(2.0, 2.0))
    m.place_cap((12.0, 23.6), "test")
    ai = HeuristicController(seed=1, boss=0)
    aim = ai.decide(AimThrow(0, "a1", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert m.table.lost_chance(m.hand_point(0, aim), aim, GIT_STRENGTH) <= LOST_OK
    assert aim[1] > 18.0 and abs(aim[0] - 12.0) < 3.0  # still towards the cap


def test_an_aim_just_inside_the_throwers_own_edge_is_moved_in_until_the_dice_touch_down_on_the_table():
    """A throw's touchdown falls short of its aim by the mean slide, back towards the hand: an
    aim 1" inside the thrower's own edge loses about a die in 3 though it lies on the table. The
    aim is moved in until it loses no more than LOST_OK; an aim in the open is left alone."""
    m = _two_orcs((12.0, 12.0))
    ai = HeuristicController(seed=1, boss=0)  # Red throws from the south edge (y = 0)
    near = (12.0, 1.0)
    assert m.table.lost_chance(m.hand_point(0, near), near, GIT_STRENGTH) > 0.2
    kept = ai.kept_on_table(near, m)
    assert kept[0] == 12.0 and kept[1] > 1.0
    assert m.table.lost_chance(m.hand_point(0, kept), kept, GIT_STRENGTH) <= LOST_OK
    assert ai.kept_on_table((12.0, 12.0), m) == (12.0, 12.0)


def test_the_preview_drops_a_die_thrown_over_a_tall_wall_before_the_wall():
    """A die thrown over something taller than it stops in the air and drops before it (the
    table's flight_rest): every previewed die of a throw aimed past a tall wall lies on the
    thrower's side of it, as real dice do (test_table_physics.py)."""
    wall = [{"type": "building", "polygon": [[4, 8], [20, 8], [20, 9], [4, 9]], "height": 6.0}]
    m = _two_orcs((12.0, 5.0), terrain=wall)
    ai = HeuristicController(seed=1, boss=0)
    throws = ai.preview_dice((12.0, 12.0), (6, 6, 6), m)
    assert throws and all(len(t) == 3 for t in throws)
    assert all(at[1] < 8.0 for t in throws for _id, at, _v in t)
    assert {v for t in throws for _id, _at, v in t} != {3.5}  # faces drawn, not dice of average value


def test_a_git_whose_straight_throw_would_leave_dice_behind_a_friend_it_touches_throws_round_it():
    """A git touching a friend between it and its cap: dice thrown straight at the cap scatter
    behind the friend, and each of them moves the git nowhere (friends were 58 of the heuristic's
    Quick Start dice under 0.1" on its walks to the caps). Every direction is previewed (the
    preview walks sampled throws in their best order) and the aim taken wastes fewer dice than
    the straight one, heading round the friend."""
    m = match(
        [[{"type": "orc", "name": "Walker"}, {"type": "orc", "name": "Friend"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (12.0, 10.0), "a2": (12.0, 10.0 + 2 * R + 0.01), "b1": (22.0, 2.0)},
    )
    m.place_cap((12.0, 15.0), "test")
    ai = HeuristicController(seed=1, boss=0)
    aim = ai.decide(AimThrow(0, "a1", "move", (6, 6, 6), 24.0, 24.0), m).aim
    route = ai.walk(m.models["a1"], (12.0, 15.0), m)
    straight = (12.0, 17.0)
    _p0, wasted_straight = ai.preview_throw(m.models["a1"], straight, (6, 6, 6), route, m)
    _p1, wasted = ai.preview_throw(m.models["a1"], aim, (6, 6, 6), route, m)
    assert wasted_straight >= 1.0
    assert wasted < wasted_straight
    assert abs(math.atan2(aim[0] - 12.0, aim[1] - 10.0)) > math.radians(10)  # round the friend


def test_a_git_walking_to_a_fallen_friend_does_not_hurry_its_tower():
    """A rescue walk ends in a bump into the friend; a hurried carry of 2 dice falls 5% of
    scoots (docs/towers.md), and a rescuer that falls leaves two gits down. Walking to a cap
    with the same tower it hurries."""
    from spacegits_sim.rules.decisions import ChooseCare

    m = _two_orcs((12.0, 12.0))
    assert m.models["a1"].tower.add_die() and m.models["a1"].tower.add_die()
    ai = HeuristicController(seed=1, boss=0)
    ask = ChooseCare(0, ("careful", "normal", "hurried"), "how carefully?", "a1")
    assert ai.decide(ask, m) == "hurried"
    ai._rescuing["a1"] = "a2"
    assert ai.decide(ask, m) == "normal"


def test_a_previewed_walk_to_a_fallen_friend_uses_every_die_and_counts_those_held_against_it():
    """ "You have to use all your move dice, even if that would cause the git to stagger about
    drunkenly" (Space Gits, Scooting). A walk to a fallen friend 1" away with dice thrown past it
    reaches it with its first die and holds the others against it ("If you bump into anything
    ... you stop"): the preview walks every die of each sampled throw, so it counts those dice
    as wasted and still credits the walk with ending against the friend."""
    from helpers import fell

    m = match(
        [[{"type": "orc", "name": "Walker"}, {"type": "orc", "name": "Down"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (12.0, 10.0), "a2": (12.0, 10.0 + 2 * R + 1.0), "b1": (22.0, 2.0)},
    )
    fell(m, "a2")
    ai = HeuristicController(seed=1, boss=0)
    friend = m.position("a2")
    route = ai.walk(m.models["a1"], friend, m)
    past = (12.0, friend[1] + 4.0)
    progress, wasted = ai.preview_throw(m.models["a1"], past, (6, 6, 6), route, m, goal="a2")
    assert wasted >= 1.0  # the dice after the one that reaches the friend, every throw
    assert progress >= REACHED_IN  # ... and still ended against the friend (REACHED_IN) every throw
    dice = ai.preview_dice(past, (6, 6, 6), m)
    assert all(len(t) == 3 for t in dice)  # all three dice in every previewed throw


def test_the_searchs_and_the_tree_searchs_candidate_aims_keep_their_dice_on_the_table():
    """ "Any dice lost over the edge of the world are gone": the search's candidates past a cap
    at the far edge (0, 2 and 4" past it) and the tree search's widened aims round them were
    clamped to 0.2" inside the edge, where most dice thrown are lost; they are kept on the table
    as the heuristic's are (its ``kept_on_table``: no more than LOST_OK lost). Before, the
    search lost 25 move dice past the edge in 120 Quick Starts; after, 15 (2026-12-05)."""
    from spacegits_sim.ai.mcts import MctsController, _Arm
    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rules.decisions import Throw

    m = _two_orcs((12.0, 14.0), b1=(2.0, 2.0))
    m.place_cap((12.0, 23.6), "test")
    req = AimThrow(0, "a1", "move", (6, 6, 6), 24.0, 24.0)
    a1 = m.models["a1"]

    def lost(aim):
        return m.table.lost_chance(m.hand_point(0, aim), aim, GIT_STRENGTH)

    search = SearchController(seed=1, boss=0)
    base = Throw((12.0, 23.8), 0.15)  # an aim at the edge itself, as the caps' were
    cands = search.priors(a1, req, base, [(12.0, 23.6)], m)[1:]
    assert cands, "the aims past the cap were clamped onto the edge aim (and merged with it)"
    assert all(lost(c.aim) <= LOST_OK for c in cands), [(c.aim, lost(c.aim)) for c in cands]
    assert all(c.aim[1] > 18.0 for c in cands)  # still past the git, towards the cap
    tree = MctsController(seed=1, boss=0)
    arm = _Arm(Throw((12.0, 23.0), 0.15))  # the best aim so far, near the edge: widened round it
    arm.n, arm.total = 3, 3.0
    arms = [arm]
    widened = [tree.widen(arms, req, m, a1) for _ in range(20)]
    far_out = [(t.aim, lost(t.aim)) for t in widened if lost(t.aim) > LOST_OK]
    assert not far_out, far_out

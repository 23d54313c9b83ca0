"""Issue 27: "drive a robber off (shoot, fight, shove) instead of leaving it to farm a fallen git".

"Put the Boot In: If a git is in contact with a fallen enemy git, they can put the boot in. Take
1 bottle cap from the fallen model's boss." A robber that has robbed a fallen git stays and robs
again every activation, so a good player sends someone over even from farther than one scoot:
"They do one or two different actions out of scoot, shoot, or boot", and two activations of
walking get there. Traced on Four Bosses seed 75 (heuristic mirror): the boss's only standing
git, 15-18" from the robber, walked away from the guns while its friend was robbed three times.
"""

from __future__ import annotations

import math

from helpers import drive, load_tool, match
from helpers import fell as _fell

from spacegits_sim.ai.heuristic import HUNT_IN, HeuristicController
from spacegits_sim.rules.decisions import AimThrow, ChooseAction
from spacegits_sim.rules.events import TowerFell

R = 25 / 25.4 / 2  # an orc's base radius, inches
ai_report = load_tool("ai_report")


def _far_robber(gap: float, weapons: tuple[str, ...] = ()):
    """Red: fallen Grunk (a1) at (22.5, 12), Pal (a2) ``gap`` inches west of the Thief edge to edge,
    a cap 8" north of Pal (nearer than the Thief); Blue: the Thief (b1) touching Grunk on Pal's side."""
    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal", "weapons": list(weapons)}],
            [{"type": "orc", "name": "Thief"}, {"type": "orc", "name": "Far"}],
        ],
        {"a1": (22.5, 12), "b1": (22.5 - 2 * R - 0.01, 12), "b2": (22.5, 22.5)},
    )
    _fell(m, "a1")
    tx, ty = m.position("b1")
    m.place_model(m.models["a2"], (tx - 2 * R - gap, ty), "test: Pal west of the Thief")
    m.place_cap((tx - 2 * R - gap, ty + 9.0), 'test: a cap 8" from Pal')
    return m


def _rob(m, robber="b1"):
    """The Thief puts the boot in (the engine's own boot action)."""
    drive(m, m._boot(m.models[robber]))
    assert m.events[-1].kind == "booted" and m.events[-1].how == "boot_in"


def _aim(m):
    ai = HeuristicController(seed=1, boss=0)
    assert ai.decide(ChooseAction(0, ("scoot", "done"), "", "a2"), m) == "scoot"
    return ai, ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim


def test_a_git_walks_at_a_robber_that_has_robbed_its_friend_from_farther_than_one_scoot():
    m = _far_robber(gap=15.0)
    _rob(m)
    assert m.table.distance_between("a2", "b1") > HUNT_IN  # out of one scoot's reach (10.5")
    ai, aim = _aim(m)
    assert ai.robberies(m, "b1", "a1") == 1
    tx, ty = m.position("b1")
    assert aim[0] > m.position("a2")[0] + 10.0 and abs(aim[1] - ty) < 1.5  # east at the Thief, not north to the cap
    assert ai._hunting == {"a2": "b1"}


def test_a_robber_that_has_not_robbed_yet_is_no_reason_to_walk_from_afar():
    m = _far_robber(gap=15.0)  # the Thief stands over Grunk but has taken nothing
    ai, aim = _aim(m)
    assert ai.robberies(m, "b1", "a1") == 0 and ai._hunting == {}
    assert aim[1] > m.position("a2")[1] + 2.0  # to the cap


def test_a_robber_beyond_two_scoots_is_not_hunted():
    m = _far_robber(gap=15.0)
    _rob(m)
    m.place_model(m.models["a2"], (1.0, 1.0), "test: Pal in the far corner")
    m.place_cap((1.0, 5.0), "test: a cap by Pal")
    assert m.table.distance_between("a2", "b1") > 2 * 10.5
    ai, _aim_ = _aim(m)
    assert ai._hunting == {}


def test_a_robbery_before_the_victims_last_fall_is_not_counted():
    m = _far_robber(gap=15.0)
    _rob(m)
    m.emit(TowerFell("a1", m.bosses[0].name, "fell_over", "test", 0))  # Grunk up and down again since
    ai = HeuristicController(seed=1, boss=0)
    assert ai.robberies(m, "b1", "a1") == 0


def test_the_report_counts_a_scoot_then_a_shot_as_one_activation_and_a_far_walk_as_several():
    m = _far_robber(gap=14.0, weapons=("shotgun",))  # past 12": 6" of range plus a 10.5" scoot reach it
    assert ai_report._robbers(m, 0) == ["b1"]
    assert ai_report._answerable_robbers(m, 0) == ["b1"]  # two actions: walk in range, then shoot
    m = _far_robber(gap=15.0)  # no gun, out of 12" and of one scoot
    assert ai_report._answerable_robbers(m, 0) == []
    assert ai_report._answerable_robbers(m, 0, ai_report.SEVERAL) == ["b1"]  # two activations of walking
    aim = (m.position("b1")[0] + 2.0, m.position("b1")[1])
    assert ai_report._heads_at(m, "a2", aim, "b1")  # a walk at it from 15" counts as going after it


def test_the_report_counts_a_walk_round_a_wall_at_the_robber_as_going_after_it():
    """Four Bosses seed 50: Green's only standing git hunted the robber round a low wall, its aims
    37-45 degrees off the straight line, and the report counted its boss as never answering."""
    wall = {"type": "wall", "polygon": [[12.0, 6.0], [12.7, 6.0], [12.7, 13.0], [12.0, 13.0]]}
    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}],
            [{"type": "orc", "name": "Thief"}, {"type": "orc", "name": "Far"}],
        ],
        {"a1": (18.0, 10.0), "b1": (18.0 - 2 * R - 0.01, 10.0), "a2": (9.0, 10.0), "b2": (22.5, 22.5)},
        terrain=[wall],
    )
    _fell(m, "a1")
    assert ai_report._robbers(m, 0) == ["b1"]
    way = ai_report._route_way(m, "a2", m.position("b1"))
    assert way is not None and way[1] > 0.3  # round the wall's north end, not through it
    p = m.position("a2")
    along = (p[0] + 6.0 * way[0], p[1] + 6.0 * way[1])
    assert ai_report._heads_at(m, "a2", along, "b1")  # along the route: going after it
    ang = math.atan2(along[1] - p[1], along[0] - p[0])
    assert abs(math.degrees(ang)) > 15.0  # ... though off the straight line by more than 15 degrees
    assert not ai_report._heads_at(m, "a2", (p[0] - 6.0, p[1]), "b1")  # west, away: not
    assert not ai_report._heads_at(m, "a2", (p[0], p[1] - 6.0), "b1")  # south, round no end of it: not

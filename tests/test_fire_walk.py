"""Issue 27: "drive a robber off (shoot, fight, shove) instead of leaving it to farm a fallen git".

A git whose gun falls short of a robber at its fallen friend, but whose scoot can bring it in
range, walks in range and then shoots: "They do one or two different actions out of scoot,
shoot, or boot (in any order)". Traced on Four Bosses seed 29 (heuristic mirror): the boss's
only standing git, a 6" shotgun 10" from the robber with a tower of 8, scooted to caps and
then shot at nothing in range while its friend was robbed three times.
"""

from __future__ import annotations

import math

from helpers import match

from spacegits_sim.ai.heuristic import FIRE_SHORT, HeuristicController
from spacegits_sim.rules.decisions import AimThrow, ChooseAction

R = 25 / 25.4 / 2  # an orc's base radius, inches


def _robbed_grunk_and_gunner(gap: float, tower: int):
    """Grunk fallen at (12, 14), the Thief over him, Pal (a shotgun, 6") ``gap`` inches edge to
    edge from the Thief with a tower of ``tower``; no caps on the table."""
    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal", "weapons": ["shotgun"]}],
            [{"type": "orc", "name": "Thief"}],
        ],
        {"a1": (12, 14), "a2": (4, 20), "b1": (12 - 2 * R - 0.01, 14)},
    )
    g = m.models["a1"]
    g.tower.clear()
    g.fallen = True
    m.table.set_upright("a1", False)
    m.sync_tower(g)
    tx, ty = m.position("b1")
    m.place_model(m.models["a2"], (tx, ty - 2 * R - gap), "test: Pal south of the Thief")
    for _ in range(tower):
        assert m.models["a2"].tower.add_die()
    m.sync_tower(m.models["a2"])
    return m


def test_a_gunner_out_of_range_of_a_robber_walks_in_range_first_then_shoots():
    m = _robbed_grunk_and_gunner(gap=9.0, tower=8)
    ai = HeuristicController(seed=1, boss=0)
    assert ai.robbers(m) == {"b1"} and ai.shot_target(m.models["a2"], m) is None  # 9" > the shotgun's 6"
    assert ai.decide(ChooseAction(0, ("scoot", "shoot"), "", "a2"), m) == "scoot"  # not a shot at nothing
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    tx, ty = m.position("b1")
    # towards the Thief, to a spot inside the shotgun's range of it, not past it into a fight
    assert abs(aim[0] - tx) < 1.5 and ty - 2 * R - (6.0 - FIRE_SHORT) - 1.5 < aim[1] < ty - 2 * R
    # walked there, the second action is the shot at the robber
    m.place_model(m.models["a2"], (tx, ty - 2 * R - 4.0), "test: the walk ended in range")
    assert ai.shot_target(m.models["a2"], m).id == "b1"
    assert ai.decide(ChooseAction(0, ("shoot", "done"), "", "a2"), m) == "shoot"


def test_a_robber_beyond_a_scoots_reach_of_the_gun_is_no_reason_to_walk():
    m = _robbed_grunk_and_gunner(gap=9.0, tower=8)
    m.place_model(m.models["a2"], (23.0, 0.8), "test: Pal in the far corner")
    ai = HeuristicController(seed=1, boss=0)
    # about 17" edge to edge: 6" of range plus an average scoot of 10.5" fall short
    assert m.table.distance_between("a2", "b1") > 6.0 + 10.5
    assert ai.firing_walk(m.models["a2"], m) is None
    assert ai.decide(ChooseAction(0, ("scoot", "shoot"), "", "a2"), m) == "shoot"  # tall: no walk for nothing
    assert math.isfinite(m.position("a2")[0])

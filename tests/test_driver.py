"""How the heuristic drives a vehicle when it is nosed into something (issue 27: "no rear-arc
dice thrown at an edge the vehicle is facing"; drives that stop within 1" of their start).

The book: "If the move dice lies in the vehicle's front arc, you pivot the vehicle about its
centre until that dice lies within the vehicle's front corridor, then move directly forwards
the rolled number of inches." "If the move dice lies in the vehicle's rear arc, you move
directly forward the rolled number of inches (without pivoting first), then suffer 1 damage."
"You have to resolve all your move dice." So a hull nosed into a wall or the edge only gets
out through a pivot, and only a die thrown well off to the side turns it far enough.
"""

from __future__ import annotations

import math

from helpers import buggy, vmatch

from spacegits_sim.ai import driver
from spacegits_sim.ai.heuristic import HeuristicController
from spacegits_sim.physics.table import Kind
from spacegits_sim.rules.decisions import AimThrow, ChooseAction

NORTH, WEST = math.pi / 2, math.pi
ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}


def _buggy(pos, terrain=None, cap=None):
    """Red: one buggy (a1v) at ``(x, y, facing)``; Blue: one orc far away; a cap if given."""
    m = vmatch([buggy()], [dict(ORC, name="Urg")], {"a1v": pos, "b1": (3.0, 3.0)}, terrain)
    if cap is not None:
        m.place_cap(cap, "test")
    return m


def _drive_from(m, aim):
    """How far a move die of 4 lying at ``aim`` would drive the buggy (the engine's preview)."""
    _piv, run = m.preview_drive("a1v", aim, 4, 0.3)
    return run.travelled


def test_a_vehicle_facing_the_edge_throws_where_a_die_drives_it_away_not_behind_itself():
    """A buggy (2" x 3") nose to the north edge, its only cap straight behind it. Dice behind
    the middle line drive it "directly forward" into the edge (0", and 1 damage each); dice
    just ahead of it turn it too little to clear the edge. Its throw lands where a die turns it
    round (the pivot "about its centre" may not end off the table): ahead of its middle line, on
    the table, and a die there turns it most of the way to square along the edge, so the next
    die drives it away."""
    m = _buggy((12.0, 22.45, NORTH), cap=(12.0, 4.0))
    assert _drive_from(m, (12.0, 4.0)) < 0.1  # at the cap: the rear arc, into the edge
    aim = HeuristicController(seed=1, boss=0).decide(AimThrow(0, "a1v", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert 0 <= aim[0] <= 24 and 0 <= aim[1] <= 24
    assert m.table.local_point("a1v", aim)[0] > 0  # not behind itself
    turn = driver.preview(m.models["a1v"], m, aim, 4, 0.3)
    assert turn.arc == "front" and turn.turned >= math.radians(60)


def test_a_vehicle_nose_to_a_wall_throws_where_the_pivot_gets_it_clear():
    """A buggy square against a long wall straight ahead, the cap beyond the wall: throwing at
    the cap (ahead, in its corridor) would only crash it into the wall again and again. The
    heuristic throws off to a side far enough that the pivot turns it most of the way to square
    along the wall (and not onto the wall, where no die comes to rest)."""
    wall = {"type": "wall", "polygon": [[4, 15.5], [20, 15.5], [20, 16.1], [4, 16.1]]}
    m = _buggy((12.0, 14.0, NORTH), [wall], cap=(12.0, 20.0))
    assert _drive_from(m, (12.0, 20.0)) < 0.1
    aim = HeuristicController(seed=1, boss=0).decide(AimThrow(0, "a1v", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert not m.table.within(0.0, point=aim, kinds=(Kind.TERRAIN,))
    turn = driver.preview(m.models["a1v"], m, aim, 4, 0.3)
    assert turn.arc == "front" and turn.turned >= math.radians(60)


def test_a_vehicle_boxed_into_a_corner_does_not_scoot():
    """A buggy nose to the west edge with its side against the north edge: no pivot a move die
    could ask for ends on the table, and every die would drive it straight into the edge (a
    rear-arc one for a damage die as well). "You have to resolve all your move dice", so the
    heuristic does not throw any: it shoots (or is done) instead. The same buggy out in the
    open scoots."""
    ai = HeuristicController(seed=1, boss=0)
    boxed = _buggy((1.55, 22.95, WEST), cap=(12.0, 12.0))
    assert driver.boxed_in(boxed.models["a1v"], boxed)
    assert ai.decide(ChooseAction(0, ("scoot", "shoot"), "", "a1v"), boxed) == "shoot"
    free = _buggy((12.0, 12.0, WEST), cap=(20.0, 12.0))
    assert not driver.boxed_in(free.models["a1v"], free)
    assert ai.decide(ChooseAction(0, ("scoot", "shoot"), "", "a1v"), free) == "scoot"


def test_a_boss_hopelessly_behind_late_in_the_game_legs_it():
    """Issue 27: "after the siren, play to end the game"; "The game ends when all but one of the
    gangs have legged it". Late in the game (80% of the timer run, or the siren), 3 caps behind
    with 2 caps on the table, nothing left to pick up can draw it level: it legs it. Early, or
    only 1 cap behind, it stays."""
    from helpers import match

    m = match([[{"type": "orc", "name": "Poor"}], [{"type": "orc", "name": "Rich"}]], {"a1": (3, 3), "b1": (21, 21)})
    m.bosses[1].stash += 3
    m.place_cap((12.0, 12.0), "test")
    m.place_cap((14.0, 12.0), "test")
    ai = HeuristicController(seed=1, boss=0)
    assert not ai.should_leg_it(m)  # the clock has hardly started
    m.clock = m.scenario.timer_min * 60 * 0.85
    assert ai.should_leg_it(m)
    m.bosses[1].stash -= 2  # only 1 behind: worth staying for
    assert not ai.should_leg_it(m)

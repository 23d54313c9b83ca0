"""Gangfight terrain with height, buildings, flying and the terrain departures (heights.py), each
test quoting the rule it checks (tests/conformance/gangfight_core.yaml). Real components: the
real physics table, sight and dice tray; the bundled Watchtower board where a test needs it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml
from test_gangfight import _m, game, last

from spacegits_sim.data.errors import DataError
from spacegits_sim.play import registry
from spacegits_sim.rulesets.gangfight import heights
from spacegits_sim.rulesets.gangfight.gaps import UNSUPPORTED
from spacegits_sim.rulesets.gangfight.scenario import board_from_doc

BOARD = Path(__file__).resolve().parents[1] / "spacegits_sim/rulesets/gangfight/core/board_watchtower.yaml"
WATCH = yaml.safe_load(BOARD.read_text())["terrain"]
QUICK = {"str": 2, "qui": 2, "sta": 2, "mc": 1, "rc": 2}  # Quickness 3, Stamina 3
TOWER = {"id": "tower", "kind": "platform", "height": 4.0, "polygon": [[22, 16], [26, 16], [26, 20], [22, 20]]}
TOWER_L = {**TOWER, "access": [{"kind": "ladder", "foot": [21.0, 18.0], "top": [22.9, 18.0]}]}


def put(g, m, p):
    m.pos = p
    g.table.move_figure(m.id, p, m.facing)


def rolls(g, purpose):
    return [e for e in g.events if e.kind == "gf_rolled" and e.purpose == purpose]


def answer_all(gen, pick):
    """Drive an engine generator, answering each request with ``pick(request)``."""
    try:
        req = next(gen)
        while True:
            req = gen.send(pick(req))
    except StopIteration as e:
        return e.value


# ---------------------------------------------------------------- stairs and ladders


@pytest.mark.rule("gangfight_core", "stairs-and-ladders")
def test_a_ladder_climb_costs_its_height_and_the_move_actions_it_needs():
    g = game([(_m("x", raise_=QUICK), (21.0, 18.0), 0)], [(_m("y"), (5, 30), 180)], terrain=[TOWER_L])
    x = g.models["a_x"]
    spots = {s[0]: s for s in g.move_spots(x)}
    assert "climb:tower:0" in spots and spots["climb:tower:0"][1:3] == (22.9, 18.0)
    # Quickness 3 against 4" up: two Move actions ("figure out how many move actions you will need")
    assert heights.climb_actions(g, "climb:tower:0", g.move_allowance(x), x.pos) == 2
    assert heights.move_cost(g, "climb:tower:0", x.pos, (22.9, 18.0)) == pytest.approx(1.9 + 4.0)
    g._do_move(x, (22.9, 18.0), 0.0, "climb", label="climb:tower:0")
    assert heights.elev_at(g, x.pos) == 4.0 and x.moved == pytest.approx(5.9)
    assert last(g, "gf_moved").how == "climb"
    # "anytime during their movement": walking to the foot and up in the same Move
    put(g, x, (19.5, 18.0))
    x.moved = 0.0
    spots = {s[0]: s for s in g.move_spots(x)}
    assert "climb:tower:0" in spots
    assert heights.move_cost(g, "climb:tower:0", x.pos, (22.9, 18.0)) == pytest.approx(1.5 + 1.9 + 4.0)
    assert heights.climb_actions(g, "climb:tower:0", 3.0, x.pos) == 3
    x.moved = 6.0  # no climb past the 12" an activation
    assert "climb:tower:0" not in {s[0] for s in g.move_spots(x)}


@pytest.mark.rule("gangfight_core", "stairs-and-ladders")
def test_a_climb_its_actions_cannot_finish_is_placed_at_the_top_and_ends_the_activation():
    g = game([(_m("x", raise_=QUICK), (21.0, 18.0), 0)], [(_m("y"), (5, 30), 180)], terrain=[TOWER_L])
    x = g.models["a_x"]
    seen = []

    def pick(req):
        seen.append(req.kind)
        if req.kind == "gf_action":
            return "move" if "move" in req.options and not seen.count("gf_move") else req.options[-1]
        if req.kind == "gf_move":
            return "climb:tower:0"
        return req.options[0]

    x.char.attrs["sta"] = 3
    # two of its three actions left: the climb takes both, nothing more this activation
    g.models["a_x"].skip = 0
    gen = g._activation(x)
    answer_all(gen, pick)
    assert heights.elev_at(g, x.pos) == 4.0
    assert seen.count("gf_action") == 2  # the climb used actions 1 and 2; action 3 was asked
    x2 = g.models["a_x"]
    x2.char.attrs["sta"] = 1
    put(g, x2, (21.0, 18.0))
    seen.clear()
    answer_all(g._activation(x2), pick)
    assert heights.elev_at(g, x2.pos) == 4.0 and seen.count("gf_action") == 1  # placed at the top


@pytest.mark.rule("gangfight_core", "stairs-and-ladders")
def test_models_at_different_levels_are_not_in_each_others_personal_space():
    g = game([(_m("x"), (22.9, 18.0), 0)], [(_m("y"), (21.0, 18.0), 180)], terrain=[TOWER_L])
    x, y = g.models["a_x"], g.models["b_y"]
    assert g.gap(x, y) < 1.0 and not g.in_ps(x, y) and g.engaged(x) == []
    assert all(not r or t != "b_y" for t, r in g.targets(x) if not r)


# ---------------------------------------------------------------- falling


@pytest.mark.rule("gangfight_core", "falling-damage")
def test_a_fall_under_four_inches_rolls_nothing_and_over_six_loses_a_health_an_inch():
    g = game(
        [(_m("x", level="hero", raise_={"str": 2, "qui": 3, "sta": 2, "int": 2, "mc": 3, "rc": 3}), (10, 10), 0)], []
    )
    x = g.models["a_x"]
    hp = x.hp
    heights.fall(g, x, 3.9, "test")
    assert x.hp == hp and not rolls(g, "falling (Quickness)")
    heights.fall(g, x, 8.0, "test")  # "Any distance over 6" will automatically fail ... 1 Health for each inch over 6"
    assert x.hp == hp - 2 and not rolls(g, "falling (Quickness)")


@pytest.mark.rule("gangfight_core", "falling-damage")
def test_a_fall_of_four_to_six_inches_is_a_quickness_roll_then_a_defense_roll_at_the_inches():
    hurt = saved = 0
    for seed in range(12):
        g = game([(_m("x"), (10, 10), 0)], [])
        g.streams = type(g.streams)(seed)
        x = g.models["a_x"]
        hp = x.hp
        heights.fall(g, x, 4.5, "test")
        q = rolls(g, "falling (Quickness)")
        assert len(q) == 1 and q[0].target == 5 and len(q[0].dice) == x.a("qui")
        d = rolls(g, "falling (Defense)")
        if q[0].successes >= 1:  # "You only need one successful D6"
            assert not d and x.hp == hp
            saved += 1
            continue
        assert len(d) == 1 and d[0].target == 5 and len(d[0].dice) == x.a("dp")
        assert x.hp == hp - (1 if d[0].successes == 0 else 0)
        hurt += d[0].successes == 0
    assert saved and saved < 12  # both branches were exercised


@pytest.mark.rule("gangfight_core", "falling-damage")
def test_a_falls_defense_roll_is_a_defense_roll_as_any_other():
    """Book p.10: "If you fail the roll, your model may be hurt. You must make a Defense roll as
    noted on page ### to resist being hurt, using the inches fallen as your target number. You
    also only need one successful D6." A Defense roll as any other: a shield held with a hand
    free adds its die, a Buckler rerolls a missed one (Fantasy p.7: "You may reroll 1D6 from a
    faled Defense roll"), and the one success needed is what Lucky's dice may make up."""
    defense = []
    for seed in range(30):
        g = game(
            [(_m("x", items=["hand_weapon", "common_shield", "buckler"]), (10, 10), 0)],
            [],
            factions=("mortal_guilds", "mortal_guilds"),
        )
        g.streams = type(g.streams)(seed)
        x = g.models["a_x"]
        assert g.shield_dp(x) == 1
        heights.fall(g, x, 5.0, "test")
        defense += rolls(g, "falling (Defense)")
    assert defense and all(len(d.dice) == x.a("dp") + 1 and d.target == 5 for d in defense)
    assert any(d.rerolled == 1 for d in defense) and all(d.rerolled <= 1 for d in defense)
    asked = {}
    g = game([(_m("x"), (10, 10), 0)], [])
    g.roll = lambda *a, **kw: asked.update(kw) or 0  # every die fails: what was the roll asked for?
    heights.fall(g, g.models["a_x"], 5.0, "test")
    assert asked.get("need") == 1  # the Defense roll (the last asked) needs one success


@pytest.mark.rule("gangfight_core", "falling-damage")
def test_hopping_down_off_a_roof_is_a_fall_and_flying_down_is_not():
    g = game([(_m("x"), (25.4, 18.0), 0)], [(_m("y"), (5, 30), 180)], terrain=[TOWER])
    x = g.models["a_x"]
    drop = next(s for s in g.move_spots(x) if s[0].startswith("drop"))
    g._do_move(x, (drop[1], drop[2]), 0.0, "drop", label=drop[0])
    assert heights.elev_at(g, x.pos) == 0.0 and rolls(g, "falling (Quickness)")[0].target == 4
    g2 = game([(_m("x"), (25.4, 18.0), 0)], [(_m("y"), (5, 30), 180)], terrain=[TOWER])
    x2 = g2.models["a_x"]
    x2.flying = True
    fly = next(s for s in g2.move_spots(x2) if s[0].startswith("fly_down"))
    g2._do_move(x2, (fly[1], fly[2]), 0.0, "fly", label=fly[0])
    assert heights.elev_at(g2, x2.pos) == 0.0 and not rolls(g2, "falling (Quickness)")


# ---------------------------------------------------------------- tackling


@pytest.mark.rule("gangfight_core", "tackling")
def test_a_leap_down_from_three_inches_into_personal_space_adds_one_strength_to_the_next_melee():
    low = {**TOWER, "height": 3.0}
    g = game([(_m("x", raise_=QUICK), (25.4, 18.0), 0)], [(_m("y"), (27.7, 18.0), 180)], terrain=[low])
    x, y = g.models["a_x"], g.models["b_y"]
    spot = next(s for s in g.move_spots(x) if s[0] == "tackle:b_y")
    g._do_move(x, (spot[1], spot[2]), spot[3], "tackle", label=spot[0])
    assert g.in_ps(x, y) and x.tackle == "b_y" and not rolls(g, "falling (Quickness)")  # 3" does not hurt
    g._resolve(x, y, ranged=False)
    a = last(g, "gf_attack")
    assert "tackle +1 Strength" in a.mods and a.strength == x.a("str") + 1
    g._resolve(x, y, ranged=False)
    assert last(g, "gf_attack").strength == x.a("str")  # only the next melee attack
    lower = {**TOWER, "height": 2.5}
    g = game([(_m("x", raise_=QUICK), (25.4, 18.0), 0)], [(_m("y"), (27.7, 18.0), 180)], terrain=[lower])
    assert not any(s[0].startswith("tackle") for s in g.move_spots(g.models["a_x"]))


# ---------------------------------------------------------------- jumping


@pytest.mark.rule("gangfight_core", "jumping-gaps")
def test_a_jump_crosses_half_quickness_and_a_running_jump_the_whole_quickness():
    scaffold = {"id": "sc", "kind": "platform", "height": 3.0, "polygon": [[27.6, 16], [30, 16], [30, 20], [27.6, 20]]}
    g = game([(_m("x", raise_=QUICK), (25.45, 18.0), 0)], [(_m("y"), (5, 30), 180)], terrain=[TOWER, scaffold])
    x = g.models["a_x"]
    assert x.a("qui") == 3
    assert heights.jumps(g, x) == [] and "jump" not in g.action_options(x)  # a 1.6" gap: more than 1.5"
    x.moved = 8.0  # it ran first: "a running jump allowing you to move your full Quickness"
    js = heights.jumps(g, x)
    assert [j[0] for j in js] == ["jump:sc"] and "jump" in g.action_options(x)
    gap = math.dist(x.pos, js[0][1:3]) - 2 * x.radius
    assert 1.5 < gap <= 3.0 + 1e-9
    answer_all(heights.do_jump(g, x), lambda req: req.options[0])
    assert heights.elev_at(g, x.pos) == 3.0 and last(g, "gf_moved").how == "jump"
    assert not rolls(g, "falling (Quickness)")  # 1" down does not hurt


@pytest.mark.rule("gangfight_core", "max-move-per-activation")
def test_a_jump_keeps_to_the_twelve_inches_an_activation():
    """Book p.10: "Models may move a maximum of 12 inches per Activation, unless they have a skill,
    equipment or a mount to increase it." A running jump of 2.6" (centre to centre) after 8" is
    offered; after 9.5" it would make 12.1": no jump (a climb already kept to the 12")."""
    scaffold = {"id": "sc", "kind": "platform", "height": 3.0, "polygon": [[27.6, 16], [30, 16], [30, 20], [27.6, 20]]}
    g = game([(_m("x", raise_=QUICK), (25.45, 18.0), 0)], [(_m("y"), (5, 30), 180)], terrain=[TOWER, scaffold])
    x = g.models["a_x"]
    x.moved = 8.0
    (j,) = heights.jumps(g, x)
    assert x.moved + math.dist(x.pos, j[1:3]) <= 12.0
    x.moved = 9.5
    assert x.moved + math.dist(x.pos, j[1:3]) > 12.0 and g.move_allowance(x) > 0.05
    assert heights.jumps(g, x) == [] and "jump" not in g.action_options(x)


# ---------------------------------------------------------------- flying


@pytest.mark.rule("gangfight_core", "flying")
def test_a_flying_model_ignores_obstacles_and_lands_on_a_roof_without_a_ladder():
    tall = {"id": "fence", "kind": "obstacle", "height": 1.4, "polygon": [[12, 5], [12.5, 5], [12.5, 15], [12, 15]]}
    g = game([(_m("x", raise_=QUICK), (10, 10), 0)], [(_m("y"), (5, 30), 180)], terrain=[tall, TOWER])
    x = g.models["a_x"]
    _e, far, hops, _o = g.slide(x, 0.0, 3.0)
    assert far < 2.0 and hops == 0  # on foot the tall fence stops it
    x.flying = True
    _e, far, hops, _o = g.slide(x, 0.0, 3.0)
    assert far == pytest.approx(3.0, abs=1e-3) and hops == 0  # "will always ignore obstacles in their path"
    put(g, x, (21.3, 18.0))
    fly = [s for s in g.move_spots(x) if s[0] == "fly:tower"]
    assert fly and heights.elev_at(g, fly[0][1:3]) == 4.0  # "may end their movement at any height"


# ---------------------------------------------------------------- buildings, windows, obstacles


def inn_game(a, b):
    return game(a, b, terrain=WATCH)


@pytest.mark.rule("gangfight_core", "buildings-entered-by-doors")
def test_a_building_is_entered_through_its_door_and_its_inside_is_area_terrain():
    g = inn_game([(_m("x", raise_=QUICK), (10.0, 12.5), 90)], [(_m("y"), (30, 32), 180)])
    x = g.models["a_x"]
    spots = {s[0]: s for s in g.move_spots(x)}
    assert "door:inn:0" in spots
    put(g, x, spots["door:inn:0"][1:3])
    inside = [s for s in g.move_spots(x) if g.areas_at(s[1:3]) == ["inn"]]
    assert inside  # from the doorway, moves into the inn are on offer
    g._do_move(x, inside[0][1:3], math.pi / 2, "move")
    assert g.areas_at(x.pos) == ["inn"] and x.area_touched
    assert g.move_allowance(x) <= x.a("qui") - 1  # "The Area Terrain movement penalties ... still apply"
    put(g, x, (10.0, 12.5))  # the walls stop a move straight through them
    _e, far, _h, _o = g.slide(x, math.radians(60), 3.0)
    end = (10.0 + far * math.cos(math.radians(60)), 12.5 + far * math.sin(math.radians(60)))
    assert not g.areas_at(end)


@pytest.mark.rule("gangfight_core", "cover-inside-buildings")
def test_a_model_inside_is_in_cover_from_outside_even_seen_through_the_door():
    g = inn_game([(_m("x", items=["short_bow"]), (10.0, 8.0), 90)], [(_m("y"), (10.0, 16.0), 270)])
    x, y = g.models["a_x"], g.models["b_y"]
    f, _c = g.sight(x, y)
    assert f >= 0.5  # a clear view through the doorway
    assert ("b_y", True) in g.targets(x)
    assert g.cover(y, g.sight(x, y)[1])


@pytest.mark.rule("gangfight_core", "windows")
def test_windows_are_seen_through_between_sill_and_lintel_and_climbed_through_for_an_inch():
    g = inn_game([(_m("x", items=["short_bow"]), (10.0, 26.0), 270)], [(_m("y"), (10.0, 19.5), 90)])
    x, y = g.models["a_x"], g.models["b_y"]
    f, _c = g.sight(x, y)
    assert 0.0 < f < 1.0  # the sill hides the legs, the window shows the rest
    put(g, y, (8.0, 19.5))
    assert g.sight(x, y)[0] < f  # beside the window the wall hides more
    put(g, y, (30.0, 32.0))
    z = g.models["a_x"]
    put(g, z, (10.0, 23.0))
    _e, far, hops, _o = g.slide(z, -math.pi / 2, 3.0)
    assert hops == 1 and far == pytest.approx(2.0, abs=1e-2)  # through the window: 1" less


@pytest.mark.rule("gangfight_core", "obstacles-wider-than-an-inch")
def test_an_obstacle_wider_than_an_inch_is_climbed_over_not_hopped():
    wide = {"id": "crates", "kind": "obstacle", "height": 1.0, "polygon": [[11, 5], [13, 5], [13, 15], [11, 15]]}
    g = game([(_m("x", raise_=QUICK), (10, 10), 0)], [], terrain=[wide])
    x = g.models["a_x"]
    assert g.crossing_cost(x, g.pieces["crates"]) == pytest.approx(2.0)  # up 1" and down 1"
    x.char.attrs["qui"] = 6
    _e, far, hops, _o = g.slide(x, 0.0, 6.0)
    assert hops == 1 and far == pytest.approx(4.0, abs=1e-2)
    g._do_move(x, (10 + far, 10), 0.0, "move")
    # the climb's 2" lower the move and count towards the 12" cap, not towards running
    assert x.moved == pytest.approx(far, abs=1e-2) and x.hopped == pytest.approx(2.0, abs=1e-2)


# ---------------------------------------------------------------- the terrain departures


@pytest.mark.rule("gangfight_core", "area-terrain-crossed-mid-move")
def test_a_move_passing_through_area_terrain_pays_the_penalty_and_the_eight_inch_cap():
    copse = {"id": "wood", "kind": "area", "height": 3, "polygon": [[11, 8], [12.5, 8], [12.5, 12], [11, 12]]}
    g = game([(_m("x", raise_=QUICK), (10, 10), 0)], [], terrain=[copse])
    x = g.models["a_x"]
    _e, far, _h, _o = g.slide(x, 0.0, 3.0)
    assert far == pytest.approx(2.0, abs=1e-3)  # through and out: Quickness 3 less 1
    g._do_move(x, (12.0, 10.0), 0.0, "move")
    assert x.area_touched  # ended inside: made in full, and the activation keeps to 8"
    g2 = game([(_m("x", raise_=QUICK), (10, 10), 0)], [], terrain=[copse])
    x2 = g2.models["a_x"]
    x2.moved = 6.5
    _e, far, _h, _o = g2.slide(x2, 0.0, 3.0)
    assert far == pytest.approx(1.5, abs=1e-3)  # "the maximum distance you may move ... will be 8 inches"
    g2._do_move(x2, (13.5, 10.0), 0.0, "move")  # a move clipping the wood counts although both ends are open
    assert x2.area_touched and not g2.ran_now(x2)


WALL = {"id": "wall", "kind": "blocking", "height": 2.0, "polygon": [[5, 10], [15, 10], [15, 10.6], [5, 10.6]]}


@pytest.mark.rule("gangfight_core", "no-melee-through-a-wall")
def test_models_on_either_face_of_a_tall_wall_cannot_fight_each_other():
    g = game([(_m("x"), (10, 9.4), 90)], [(_m("y"), (10, 11.2), 270)], terrain=[WALL])
    x, y = g.models["a_x"], g.models["b_y"]
    assert g.gap(x, y) < 1.0
    assert ("b_y", False) not in g.targets(x)
    low = {**WALL, "kind": "obstacle", "height": 0.6}
    g = game([(_m("x"), (10, 9.4), 90)], [(_m("y"), (10, 11.2), 270)], terrain=[low])
    assert ("b_y", False) in g.targets(g.models["a_x"])  # over a low wall they fight


@pytest.mark.rule("gangfight_core", "personal-space-hidden-by-a-wall")
def test_personal_space_is_ignored_between_models_a_wall_hides():
    g = game([(_m("x", raise_=QUICK), (7, 9.4), 0)], [(_m("y"), (10, 11.2), 270)], terrain=[WALL])
    x, y = g.models["a_x"], g.models["b_y"]
    put(g, x, (10, 9.4))
    assert not g.in_ps(x, y) and g.engaged(x) == []
    put(g, x, (7, 9.4))
    _e, far, _h, _o = g.slide(x, 0.0, 3.0)
    assert far == pytest.approx(3.0, abs=1e-3)  # walks along its side of the wall, unstopped


# ---------------------------------------------------------------- heights feed sight


@pytest.mark.rule("gangfight_core", "height-feeds-sight")
def test_a_model_on_a_roof_sees_over_a_wall_that_hides_the_target_from_the_ground():
    wall = {"id": "wall", "kind": "blocking", "height": 1.5, "polygon": [[14, 5], [14.5, 5], [14.5, 15], [14, 15]]}
    low_roof = {"id": "roof", "kind": "platform", "height": 3.0, "polygon": [[4, 8], [8, 8], [8, 12], [4, 12]]}
    g = game([(_m("x"), (8.6, 10.0), 0)], [(_m("y"), (18.0, 10.0), 180)], terrain=[wall, low_roof])
    x, y = g.models["a_x"], g.models["b_y"]
    ground = g.sight(x, y)[0]
    put(g, x, (7.4, 10.0))
    roof = g.sight(x, y)[0]
    assert ground < 0.5 <= roof


# ---------------------------------------------------------------- the board, the scenario, the files


def test_height_fields_are_checked_with_clear_messages():
    bad = {
        "width": 36,
        "height": 36,
        "terrain": [
            {**TOWER, "access": [{"kind": "rope", "foot": [1, 1], "top": [23, 17]}]},
            {"id": "w", "kind": "window", "height": 3, "sill": 2.5, "lintel": 2.0, "polygon": [[1, 1], [2, 1], [2, 2]]},
            {"id": "o", "kind": "obstacle", "height": 1, "doors": [[1, 1]], "polygon": [[3, 3], [4, 3], [4, 4]]},
        ],
    }
    with pytest.raises(DataError) as e:
        board_from_doc(bad, "b.yaml")
    text = str(e.value)
    assert "access[0]" in text and "ladder|stairs" in text
    assert "sill < lintel" in text and "only a interior has 'doors'" in text


def test_the_watchtower_scenario_plays_and_the_heights_are_no_longer_listed_unsimulated():
    rs = registry.get("gangfight")
    sc = rs.load_scenario("fantasy_watchtower")
    assert {p.kind for p in sc.board.terrain} >= {"platform", "interior", "window", "obstacle", "area"}
    rules = " ".join(r for r, _w in UNSUPPORTED)
    for gone in ("stairs and ladders", "Building interiors", "Obstacles wider", "Personal space ignored"):
        assert gone not in rules
    g = rs.new_game(sc, seed=3)
    ctl = [rs.make_controller("heuristic", 3, i) for i in range(2)]
    while g.pending is not None:
        g.answer(ctl[g.pending.boss].decide(g.pending, g))
    assert g.events[-1].kind == "gf_ended"


def test_a_hot_seat_player_walks_to_the_ladder_and_climbs_it_from_the_buttons(monkeypatch):
    """The hot-seat window offers the height moves in a player's words (no raw labels), and a
    person playing only from those words reaches the watchtower's ladder and climbs it."""
    from gangfight_kit import deploy_spots, hotseat, questions

    kit = hotseat(monkeypatch, "fantasy_watchtower", 4, {0})
    shell, app, surf, fonts = kit.shell, kit.app, kit.surf, kit.fonts
    said: set[str] = set()
    for req in questions(app, 6000):
        if req.kind == "deploy":
            ok = deploy_spots(req, 0.3)
            # models near the tower; an artillery piece (not a model) well away, off the ladder's foot
            near = (21.0, 18.0) if req.models[0] in app.match.models else (4.0, 4.0)
            app.click_board(shell.to_screen(app.view, min(ok, key=lambda p: math.dist(p, near))))
            continue
        labels = [app.label(o) for o in req.options]
        said.update(labels)
        want = ("climb up onto tower", "walk to the way up tower", "move", "end activation")
        pick = next((labels.index(w) for w in want if w in labels), 0)
        app.choose(pick)
        if any(e.kind == "gf_moved" and e.how == "climb" and e.model.startswith("a_") for e in app.match.events):
            break
    app.draw(surf, fonts)
    assert any(e.kind == "gf_moved" and e.how == "climb" and e.model.startswith("a_") for e in app.match.events)
    assert "climb up onto tower" in said or "walk to the way up tower" in said, said
    assert not [w for w in said if ":" in w]


@pytest.mark.rule("gangfight_core", "stairs-and-ladders")
def test_two_models_on_the_same_roof_can_charge_and_fight_each_other():
    g = game([(_m("x", raise_=QUICK), (22.6, 18.0), 0)], [(_m("y"), (25.4, 18.0), 180)], terrain=[TOWER])
    x, y = g.models["a_x"], g.models["b_y"]
    ch = [s for s in g.move_spots(x) if s[0] == "charge:b_y"]
    assert ch
    g._do_move(x, ch[0][1:3], 0.0, "charge", label="charge:b_y")
    assert g.in_ps(x, y) and ("b_y", False) in g.targets(x)

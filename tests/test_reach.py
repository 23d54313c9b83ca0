"""Which models gear, faction rules and terrain reach (issue 25: Fancy Gear, Terrain, Factions).

The Legal Notice decides most of it: "Gits and vehicles are both models. If a rule refers to a
model, it means both gits and vehicles. If a rule refers specifically to gits, it doesn't apply
to vehicles, and vice versa. While a git is in a vehicle, they are not a separate model." Each
test quotes the sentence it checks, on a small seeded match with real physics and real throws.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from helpers import default_answer, drive, scenario, scripted

from spacegits_sim.data import default_rules
from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import CrewGuns, Deploy, Reroll, Throw
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangs import gang_from_doc

RULES = default_rules()

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc's base radius (in)
NORTH = math.pi / 2


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def orc(name: str, gear=(), weapons=("pistol", "regular_h2h"), **extra) -> dict:
    return {"type": "orc", "name": name, "weapons": list(weapons), "gear": list(gear), **extra}


def buggy(name="Gaz", **extra) -> dict:
    return {**ORC, "name": name, "vehicle": "buggy", **extra}


def vmatch(
    red: list[dict], blue: list[dict], positions: dict, terrain=None, seed=1, faction=(None, None), **kw
) -> Match:
    """A match with models where the test wants them; vehicles face ``(x, y, angle)``.
    ``faction``: red's and blue's (None: none)."""
    opts = {"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0, **kw.pop("options", {})}
    sc = scenario([red, blue], terrain, seed, options=opts, **kw)
    if any(faction):
        players = tuple(
            dataclasses.replace(p, gang=gang_from_doc({"name": p.gang.name, "gits": gits, "faction": f}, "<t>", RULES))
            if f
            else p
            for p, gits, f in zip(sc.players, (red, blue), faction, strict=True)
        )
        sc = dataclasses.replace(sc, players=players)
    m = Match(sc)
    spots = iter([(x, y) for y in (1.5, 22.5, 6.5, 17.5) for x in (1.5, 6.5, 11.5, 16.5, 21.5)])
    while isinstance(m.pending, Deploy):
        req = m.pending
        mid = req.models[0]
        p = next(s for s in spots if req.legal(mid, s) is None)
        m.answer((mid, p))
    for mid, where in positions.items():
        x, y, *rest = where
        m.place_model(m.models[mid], (x, y), "test set-up")
        if rest:
            m.table.move_figure(mid, (x, y), angle=rest[0])
    return m


def stack(m: Match, mid: str, n: int, which: int = 0) -> None:
    g = m.models[mid]
    tower = g.tower if which == 0 else g.tower2
    for _ in range(n):
        assert tower.add_die()
    m.sync_tower(g)


def board(m: Match, git: str, vehicle: str) -> None:
    drive(m, m.offer_boarding(m.models[git]), scripted(vehicle))
    assert m.models[git].aboard == vehicle


# ---- Mountains of Ammo (a vehicle mod the gear's re-roll machinery serves) -------------------------


@pytest.mark.rule("vehicles", "mod-mountains-of-ammo")
def test_mountains_of_ammo_rerolls_every_shooting_die_of_the_shoot_action_not_just_the_first_guns():
    """Mountains of Ammo: "This vehicle may re-roll each of their shooting dice once." Every gun
    the crew fires in the vehicle's shoot action throws dice of the vehicle's, and each may be
    re-rolled once: not only the first gun's (an Ammo Box's "once per activation" is not this)."""
    m = vmatch(
        [buggy(mods=["mountains_of_ammo"], vehicle_weapons=["rifle"]), orc("Pal")],
        [orc("Urg")],
        {"a1v": (12, 6, NORTH), "a2": (12, 4.5 - R - 0.01), "b1": (12, 16)},
    )
    v = m.models["a1v"]
    board(m, "a2", "a1v")
    offered: list[str] = []

    def ans(req):
        if isinstance(req, CrewGuns):
            return ("mount:0",) if req.model == "a1" else ("pistol",)
        if isinstance(req, Reroll):
            offered.append(req.options[0])
            return req.options[0] if len(req.options) > 1 else "done"
        return default_answer(req)

    drive(m, m.vehicle_shoot(v), ans)
    rifle_and_pistol = 1 + 2
    assert len(offered) == rifle_and_pistol  # the driver's rifle die, then each of the passenger's pistol dice
    assert len({e.die for e in of(m, ev.BulletResolved)}) == rifle_and_pistol


# ---- "a friendly git" means a git -------------------------------------------------------------------


def _hat_and_car(gear: str) -> Match:
    """Red: a git with ``gear`` at (12, 3), a friendly buggy just beside it, a friendly orc near."""
    return vmatch(
        [orc("Boss", [gear]), buggy("Gaz"), orc("Grunt")],
        [orc("Urg")],
        {"a1": (12, 3), "a2v": (15, 4, NORTH), "a3": (9, 3), "b1": (22, 22)},
    )


@pytest.mark.rule("fancy_gear", "big-hat")
def test_big_hat_offers_a_friendly_git_never_a_vehicle():
    """Big Hat: "after this model activates, a friendly git within 6" may take a swig to
    immediately activate." A vehicle is no git: it is not offered."""
    m = _hat_and_car("big_hat")
    asked = []

    def ans(req):
        if req.kind == "gear_choice":
            asked.append(req.options)
            return "no"
        return "done" if req.kind == "choose_action" else default_answer(req)

    drive(m, m._activation(m.models["a1"]), ans)
    assert asked == [("a3", "no")]


@pytest.mark.rule("fancy_gear", "megaphone")
def test_megaphone_barks_at_a_friendly_git_never_a_vehicle():
    """Megaphone: "select a friendly git within 3D6", they immediately take one action." The
    vehicle beside it is not offered, and with no git to obey the bark is not offered at all."""
    m = _hat_and_car("megaphone")
    asked = []
    drive(m, m.take_action(m.models["a1"], "bark"), lambda r, asked=asked: asked.append(r.options) or "no")
    assert asked and all("a2v" not in opts for opts in asked)
    m.remove_model(m.models["a3"], "test")
    assert "bark" not in m._legal_actions(m.models["a1"])


@pytest.mark.rule("fancy_gear", "musical-instrument")
def test_musical_instrument_strips_friendly_gits_towers_never_a_vehicles():
    """Musical Instrument: "every friendly git within 2D6" rolls D3 and discards that many dice
    from their tower." A vehicle's towers keep their dice."""
    m = _hat_and_car("musical_instrument")
    stack(m, "a2v", 4)
    stack(m, "a2v", 4, which=1)
    stack(m, "a3", 6)
    for seed in range(3):
        m.rng = type(m.rng)(seed)
        drive(m, m.take_action(m.models["a1"], "toot"))
    assert m.models["a3"].tower.height < 6
    assert (m.models["a2v"].tower.height, m.models["a2v"].tower2.height) == (4, 4)


@pytest.mark.rule("fancy_gear", "medical-equipment")
def test_medical_equipment_experiments_on_a_git_never_a_vehicle():
    """Medical Equipment: "they may take an action to experiment on a git within 1"." A vehicle
    within 1" is no patient."""
    m = vmatch(
        [orc("Doc", ["medical_equipment"]), buggy("Gaz")],
        [orc("Urg")],
        {"a1": (12, 3), "a2v": (12 + R + 1.0 + 0.5, 3, NORTH), "b1": (22, 22)},
    )
    assert m.table.distance_between("a1", "a2v") <= 1.0
    assert "experiment" not in m._legal_actions(m.models["a1"])


# ---- faction rules reach the mob's vehicles where they name a model -------------------------------


@pytest.mark.rule("factions", "mob-gets-the-rule")
def test_a_gangs_vehicles_carry_its_faction_rule_too():
    """ "All the models in your mob get the special rule for that faction" and "Gits and vehicles
    are both models": the vehicle carries the rule as its driver does."""
    m = vmatch([buggy("Gaz"), orc("Cook")], [orc("Urg")], {"a1v": (12, 6, NORTH)}, faction=("grill_cooks", None))
    rule = effects.handlers("factions", ["tasty_smells"])[0]
    assert rule in effects.effects_of(m.models["a1v"]) and rule in effects.effects_of(m.models["a2"])


@pytest.mark.rule("factions", "tasty-smells")
def test_tasty_smells_a_grill_cook_vehicles_activation_and_a_friendly_vehicles_tower():
    """Tasty Smells: "After each activation, each other friendly model within 2D6" discards a dice
    from their tower." A Grill Cooks' vehicle is a model of the mob: after its activation a friend
    beside it loses a die; and a friendly vehicle loses one off the taller of its two towers."""
    m = vmatch(
        [buggy("Gaz"), orc("Cook")],
        [orc("Urg")],
        {"a1v": (12, 6, NORTH), "a2": (12 + 1 + R + 0.5, 6), "b1": (22, 22)},
        faction=("grill_cooks", None),
    )
    stack(m, "a2", 3)
    drive(m, m._activation(m.models["a1v"]), lambda r: "done" if r.kind == "choose_action" else default_answer(r))
    assert m.models["a2"].tower.height == 2  # 2D6" always reaches 0.5"
    v = m.models["a1v"]
    v.tower.clear()
    v.tower2.clear()
    stack(m, "a1v", 2)
    stack(m, "a1v", 3, which=1)
    drive(m, m._activation(m.models["a2"]), lambda r: "done" if r.kind == "choose_action" else default_answer(r))
    assert (v.tower.height, v.tower2.height) == (2, 2)
    assert of(m, ev.VehicleTowers)[-1].reason == "tasty smells"


@pytest.mark.rule("factions", "invisible-walls")
def test_invisible_walls_a_mime_vehicle_halts_enemy_gits_3_inches_from_its_hull_not_enemy_vehicles():
    """Invisible Walls: "An enemy git that starts a movement dice move outside of 3" of this model
    must halt at 3" away." A Riot Mimes' vehicle is "this model": an enemy git's move die stops
    with its base 3" from the hull. An enemy vehicle is no git: a mime does not wall it off."""
    m = vmatch([buggy("Mimer")], [orc("Runner")], {"a1v": (12, 15, 0.0), "b1": (12, 6)}, faction=("riot_mimes", None))
    die = m.table.place_die(6, 6, (12, 13.5))
    drive(m, m.move_towards_die(m.models["b1"], die, 6, "normal"))
    assert m.table.distance_between("a1v", "b1") == pytest.approx(3.0, abs=0.01)
    assert m.position("b1")[1] < 12  # halted short (6" would have ended 1" from the hull)
    m2 = vmatch([orc("Mime")], [buggy("Driver")], {"a1": (12, 15), "b1v": (12, 6, NORTH)}, faction=("riot_mimes", None))
    y0 = m2.position("b1v")[1]
    drive(m2, m2.drive_to(m2.models["b1v"], (12, 14), 4))
    assert m2.position("b1v")[1] == pytest.approx(y0 + 4, abs=0.01)  # drove the whole 4", 3" wall or not


@pytest.mark.rule("factions", "the-fuzz-handcuffs")
def test_the_fuzz_a_vehicle_that_shoves_chases_with_a_d6_as_a_vehicle_move_die():
    """The Fuzz, Handcuffs: "After you shove an enemy, you may roll a D6 as a move dice and move
    using it, if it would bring you into contact with an enemy model." A Fuzz vehicle's D6 is
    resolved as a vehicle's move die: pivot towards the shoved git, then forward."""
    chased = 0
    for seed in range(1, 9):
        m = vmatch(
            [buggy("Copper")],
            [orc("Perp")],
            {"a1v": (12, 6, NORTH), "b1": (12, 7.5 + R + 0.01)},
            faction=("the_fuzz", None),
            seed=seed,
        )
        m.active_model = "a1v"
        asked = []

        def ans(r, asked=asked):
            if r.kind == "gear_choice":
                asked.append(r.options)
                return "chase"
            return default_answer(r)

        drive(m, m.combat._effect(m.models["a1v"], m.models["b1"], "shove"), ans)
        if asked:
            chased += 1
            assert any(e.model == "a1v" for e in of(m, ev.VehicleMoved))
    assert chased  # a D6 of 3 or more reaches a git shoved 3" off the bonnet


@pytest.mark.rule("factions", "encouraging-chants")
@pytest.mark.rule("factions", "green-wing")
def test_chants_and_the_green_wing_help_gits_not_vehicles():
    """Encouraging Chants: "When a friendly git within 6" rolls their move dice, this git may take a
    swig…"; the Green Wing: "When a friendly git within 6" makes a shooting attack, this git may take
    a swig…". Both name gits: a vehicle of the mob neither is helped nor helps."""
    for faction, hook, what in (
        ("agitators", effects.after_move_throw, "move"),
        ("the_green_wing", effects.after_bullet_throw, "bullet"),
    ):
        m = vmatch(
            [buggy("Gaz"), orc("Pal")],
            [orc("Urg")],
            {"a1v": (12, 6, NORTH), "a2": (12 + 1 + R + 0.5, 6), "b1": (22, 22)},
            faction=(faction, None),
        )
        landed = drive(m, m.throw(0, "a1v", what, (6, 6), Throw((12.0, 14.0), 0.3)))
        asked = []
        out = drive(m, hook(m, m.models["a1v"], landed), lambda r, asked=asked: asked.append(r) or default_answer(r))
        assert out == landed and not asked  # no git helps the vehicle
        landed = drive(m, m.throw(0, "a2", what, (6, 6), Throw((18.0, 14.0), 0.3)))
        drive(m, hook(m, m.models["a2"], landed), lambda r, asked=asked: asked.append(r.options) or "no")
        assert not asked  # and the vehicle is no chanter (no other git is within 6")


@pytest.mark.rule("factions", "berserk")
@pytest.mark.rule("factions", "grabbing-hands")
def test_berserk_and_grabbing_hands_are_a_gits_not_a_vehicles():
    """Berserk: "If this git ends its movement within 3" of an enemy model…"; Grabbing Hands: "If
    this git ends a move dice within 3" of a cap…". A vehicle of the mob does neither."""
    for faction, hook in (
        ("mushroom_psycho_barbarian_vikings", effects.after_scoot),
        ("city_boys", effects.after_move_die),
    ):
        m = vmatch([buggy("Gaz")], [orc("Urg")], {"a1v": (12, 6, NORTH), "b1": (12, 9.5)}, faction=(faction, None))
        m.table.drop_tokens(1, (14.0, 6.0), m.rng("caps"), height_in=0.0)
        asked = []
        drive(m, hook(m, m.models["a1v"]), lambda r, asked=asked: asked.append(r) or default_answer(r))
        assert not asked


@pytest.mark.rule("fancy_gear", "massive-spanner")
def test_massive_spanner_bonks_dice_off_both_of_a_vehicles_towers():
    """Massive Spanner: "bonk a vehicle or Klankbot within 1": remove D6 dice from the bonked
    model's tower." A vehicle's tower is its two towers: dice come off the taller first, and a
    vehicle whose first tower is empty can still be bonked."""
    m = vmatch([orc("Fixer", ["massive_spanner"])], [buggy("Gaz")], {"a1": (12, 3), "b1v": (12 + R + 1.5, 3, NORTH)})
    v = m.models["b1v"]
    stack(m, "b1v", 6, which=1)
    assert "bonk" in m._legal_actions(m.models["a1"])
    drive(m, m.take_action(m.models["a1"], "bonk"))
    assert 0 <= v.tower2.height <= 5 and v.tower.height == 0
    e = of(m, ev.VehicleTowers)[-1]
    assert e.heights == [v.tower.height, v.tower2.height] and sum(e.added) == v.tower2.height - 6


# ---- a swig is a swig, whoever asks for it ------------------------------------------------------------


def _burning_swig(gear: str, flow) -> list[str]:
    """Damage sources after a burning git takes the swig ``flow`` makes it take."""
    m = vmatch(
        [orc("Hat", [gear]), orc("Pal", ["mono_wheel"])], [orc("Urg")], {"a1": (5, 5), "a2": (7, 5), "b1": (20, 20)}
    )
    m.models["a2"].tokens["on_fire"] = 1
    drive(m, flow(m))
    return [e.source for e in of(m, ev.Damaged) if e.model == "a2"]


@pytest.mark.rule("fancy_gear", "big-hat")
def test_a_big_hat_swig_burns_a_git_on_fire_like_any_swig():
    """Big Hat: "a friendly git within 6" may take a swig to immediately activate." Fire: "A model
    that is on fire suffers an extra D3 damage when it takes a swig." The Big Hat's swig is one."""

    def flow(m):
        def ans(req):
            if req.kind == "gear_choice":
                return "a2" if "a2" in req.options else "no"
            return "done" if req.kind == "choose_action" else default_answer(req)

        return _answering(m._activation(m.models["a1"]), ans)

    assert _burning_swig("big_hat", flow) == ["on fire", "on fire"]  # the Big Hat's swig, then its activation's


@pytest.mark.rule("fancy_gear", "mono-wheel")
def test_a_mono_wheel_swig_burns_a_git_on_fire_like_any_swig():
    """Mono-Wheel: "when you scoot, you can take a swig to discard one of your move dice and move
    its value in any direction." A burning git's Mono-Wheel swig costs it D3 damage, as any swig."""

    def flow(m):
        die = m.table.place_die(6, 3, (7, 9))
        g = m.models["a2"]
        return _answering(
            effects.adjust_move(m, g, die, 3, {}),
            lambda r: "any_direction" if r.kind == "gear_choice" else default_answer(r),
        )

    assert _burning_swig("big_hat", flow) == ["on fire"]


def _answering(flow, ans):
    """A flow that answers its own requests (so ``drive`` sees none)."""
    try:
        req = next(flow)
        while True:
            req = flow.send(ans(req))
    except StopIteration as stop:
        return stop.value
    yield  # (a generator)


@pytest.mark.rule("factions", "encouraging-chants")
def test_a_chanting_agitators_swig_burns_it_if_it_is_on_fire():
    """Encouraging Chants: "this git may take a swig to let the other git re-roll any/all of their
    move dice." A burning chanter's swig costs it D3 damage, as any swig does."""
    m = vmatch(
        [orc("Mover"), orc("Chanter")],
        [orc("Urg")],
        {"a1": (5, 5), "a2": (7, 5), "b1": (20, 20)},
        faction=("agitators", None),
    )
    m.models["a2"].tokens["on_fire"] = 1
    landed = drive(m, m.throw(0, "a1", "move", (6, 6, 6), Throw((12.0, 12.0), 0.3)))
    drive(m, effects.after_move_throw(m, m.models["a1"], landed), lambda r: "a2" if r.kind == "gear_choice" else "done")
    assert [e.source for e in of(m, ev.Damaged) if e.model == "a2"] == ["on fire"]


# ---- terrain and vehicles -----------------------------------------------------------------------------


def box(x0, y0, x1, y1, kind):
    return {"type": kind, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


@pytest.mark.rule("terrain", "oil-slick-vehicles-d6")
@pytest.mark.rule("terrain", "toxic-waste")
def test_terrain_a_vehicle_drives_past_is_touched_only_by_its_hull():
    """Oil Slick: "Vehicles that touch an Oil Slick also gain D6 damage"; Toxic Waste: "Move dice
    that are used to move through Toxic Waste do 1/0 damage". A slick or spill 0.3" beside the
    hull's flank is not touched (the circle round the hull would reach it); one under it is."""
    for kind, source in (("oil_slick", "oil slick"), ("toxic_waste", "toxic waste")):
        beside = vmatch(
            [buggy("Gaz")], [orc("Urg")], {"a1v": (12, 3, NORTH), "b1": (22, 22)}, [box(13.3, 6, 14.5, 8, kind)]
        )
        drive(beside, beside.drive(beside.models["a1v"], None, 3, 3, "front"))  # (3 < toughness 5: 1/0 is 1)
        assert not [e for e in of(beside, ev.Damaged) if e.source == source]
        under = vmatch(
            [buggy("Gaz")], [orc("Urg")], {"a1v": (12, 3, NORTH), "b1": (22, 22)}, [box(12.7, 6, 14.5, 7, kind)]
        )
        drive(under, under.drive(under.models["a1v"], None, 3, 3, "front"))
        assert len([e for e in of(under, ev.Damaged) if e.source == source]) == 1


# ---- gear is a git's, and not while it rides ---------------------------------------------------------


@pytest.mark.rule("fancy_gear", "no-gear-on-board")
def test_a_driver_or_passenger_cannot_use_their_fancy_gear_on_board():
    """ "These bits of fancy gear aren't for vehicles … A git that is currently a driver or passenger
    can't use their fancy gear while on board the vehicle." A driver's Chunky Armour does not make
    the vehicle tougher, their Ammo Box helps no friend, a passenger's long barrel adds no range
    to the pistol fired from the vehicle, and the vehicle carries no gear of its own."""
    m = vmatch(
        [
            buggy("Gaz", gear=["chunky_armour", "ammo_box"]),
            orc("Pal", ["overly_long_gun_barrel"], weapons=["pistol"]),
            orc("Walker"),
        ],
        [orc("Urg")],
        {"a1v": (12, 6, NORTH), "a2": (12, 4.5 - R - 0.01), "a3": (15, 6), "b1": (22, 22)},
    )
    v = m.models["a1v"]
    board(m, "a2", "a1v")
    assert v.gear == () and v.toughness == m.rules.vehicles["buggy"].toughness
    assert not effects.rerolls(m, m.models["a3"], "bullet")  # the Ammo Box rides with its carrier
    pistol = m.rules.weapons["pistol"]
    assert effects.weapon_range(v, pistol) == pistol.range  # fired from the vehicle: no +8"
    drive(m, m.put_off(v, m.models["a2"], "test"))
    assert effects.weapon_range(m.models["a2"], pistol) == pistol.range + 8  # on foot again: it has it


@pytest.mark.rule("fancy_gear", "chunky-armour")
def test_chunky_armour_plus_one_toughness_against_every_hit():
    """Chunky Armour: "they increase their toughness by +1." An orc (3) in it is toughness 4: a
    bullet of 3 does weak damage, and so does a thump of 3."""
    m = vmatch(
        [orc("Tank", ["chunky_armour"])],
        [orc("Urg", weapons=["rifle", "regular_h2h"])],
        {"a1": (12, 12), "b1": (12, 16)},
    )
    tank = m.models["a1"]
    assert tank.toughness == 4
    rifle = m.rules.weapons["rifle"]
    drive(m, m.combat.bullet_hits(m.models["b1"], rifle, "x", 3, ((12, 16), (12, 12)), tank, False))
    assert of(m, ev.BulletResolved)[-1].big is False and of(m, ev.BulletResolved)[-1].damage == rifle.weak
    assert effects.thumped_toughness(tank) == 4


@pytest.mark.rule("fancy_gear", "beast-mount-pogo-stick")
def test_beast_mount_ties_for_the_three_highest_are_the_riders_pick():
    """Beast Mount/Pogo Stick: "You use the three highest dice of the five as your move dice, and
    discard the other two. (If tied, you pick which dice to keep.)" With a tie at the cut, the
    rider's boss is asked which of the tied dice to keep."""
    from spacegits_sim.rules.decisions import GearChoice

    m = vmatch([orc("Rider", ["beast_mount_pogo_stick"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    rider = m.models["a1"]
    mine = [(m.table.place_die(s, v, p), s, v, p) for s, v, p in ((6, 5, (9, 9)), (8, 3, (12, 9)), (10, 3, (15, 9)))]

    def rigged_throw(boss, model_id, purpose, dice, thrown, keep_lost=False):  # the left boss's 2D6: a 3 and a 1
        yield from ()
        return [(m.table.place_die(6, v, p), 6, v, p) for v, p in ((3, (18, 9)), (1, (9, 15)))]

    m.throw = rigged_throw
    asked = []

    def ans(req):
        if isinstance(req, GearChoice):
            asked.append(req.options)
            return req.options[-1]  # not the first thrown
        return default_answer(req)

    kept = drive(m, effects.after_move_throw(m, rider, mine), ans)
    assert len(asked) == 2 and len(asked[0]) == 3  # three 3s for two places
    assert sorted(d[2] for d in kept) == [3, 3, 5]
    assert mine[1] not in kept  # the first-thrown 3 was not picked


@pytest.mark.rule("fancy_gear", "ammo-box")
@pytest.mark.rule("fancy_gear", "fuel-can-toss")
def test_ammo_box_and_fuel_can_reach_models_so_vehicles_too():
    """Ammo Box: "friendly models within 6" of this model may re-roll any of their shooting dice
    once per activation." Fuel Can: "toss it onto a model within 3" that is on fire". Both name
    models: a friendly vehicle within 6" re-rolls, a burning vehicle within 3" can be doused."""
    m = vmatch(
        [orc("Box", ["ammo_box", "fuel_can"]), buggy("Gaz")],
        [buggy("Urg")],
        {"a1": (12, 3), "a2v": (12 + R + 1 + 4, 3, NORTH), "b1v": (12 - R - 1 - 2, 3, NORTH)},
    )
    assert effects.rerolls(m, m.models["a2v"], "bullet")
    assert not effects.rerolls(m, m.models["b1v"], "bullet")  # no friend of the box
    m.models["b1v"].tokens["on_fire"] = 1
    assert "toss_fuel_can" in m._legal_actions(m.models["a1"])
    drive(
        m,
        m.take_action(m.models["a1"], "toss_fuel_can"),
        lambda r: "b1v" if r.kind == "gear_choice" else default_answer(r),
    )
    assert [e.model for e in of(m, ev.Damaged) if e.source.endswith("fuel can")] == ["b1v"]


@pytest.mark.rule("terrain", "exploding-barrel-driven-into")
def test_a_barrel_driven_into_explodes_6():
    """Exploding Barrels: "When shot, driven into, or damaged by an explosion, the barrel explodes
    (6)." A vehicle that drives into one stops (and smashes itself, as on any terrain) and the
    barrel goes up: six explosion dice."""
    barrel = {"type": "exploding_barrel", "circle": [[12, 9], 0.6]}
    m = vmatch([buggy("Gaz")], [orc("Urg")], {"a1v": (12, 3, NORTH), "b1": (22, 22)}, [barrel])
    drive(m, m.drive(m.models["a1v"], None, 6, 6, "front"))
    blasts = of(m, ev.Exploded)
    assert blasts and blasts[0].x == 6
    assert not m.table.has_terrain("t0")


@pytest.mark.rule("factions", "berserk")
@pytest.mark.rule("fancy_gear", "jetpack")
def test_a_berserker_that_lands_a_jetpack_within_3_inches_of_an_enemy_may_charge():
    """Berserk: "If this git ends its movement within 3" of an enemy model, it may move into contact
    with that git." Jetpack: "when it scoots, it can blast off instead of moving normally." A
    blast-off is the git's movement: landing within 3" of an enemy, it may charge."""
    from spacegits_sim.rules.decisions import GearChoice

    m = vmatch(
        [orc("Viking", ["jetpack"])],
        [orc("Urg")],
        {"a1": (4, 4), "b1": (4, 16)},
        faction=("mushroom_psycho_barbarian_vikings", None),
    )

    def rigged_throw(boss, model_id, purpose, dice, thrown, keep_lost=False):  # the jetpack's D6: a 2, due north
        yield from ()
        return [(m.table.place_die(6, 2, (4, 20)), 6, 2, (4, 20))]

    m.throw = rigged_throw
    asked = []

    def ans(req):
        if isinstance(req, GearChoice):
            asked.append(req.gear)
            return "charge"
        return default_answer(req)

    drive(m, m.take_action(m.models["a1"], "blast_off"), ans)
    assert asked == ["berserk"]  # landed 10" on, about 2" short of the enemy
    assert m.table.distance_between("a1", "b1") < 0.03


# ---- weapon specials that name gits -----------------------------------------------------------------


def test_jolt_pushes_a_git_never_a_vehicle():
    """Jolt: "If you cause big damage to a git with this weapon, they are pushed 3" directly away
    from the attacker." A vehicle is no git (and "cannot be shoved"): big damage leaves it where
    it is. A git is pushed."""
    m = vmatch(
        [orc("Zap", weapons=["electric_gitstick"])],
        [buggy("Gaz"), orc("Urg")],
        {"a1": (12, 6.5 - R - 0.01), "b1v": (12, 8, NORTH), "b2": (16, 6.5)},
    )
    zap, v, urg = m.models["a1"], m.models["b1v"], m.models["b2"]
    stick = m.rules.weapons["electric_gitstick"]
    drive(m, effects.on_big_damage(m.combat, zap, v, stick, in_fight=True))
    assert m.position("b1v") == (12.0, 8.0)
    before = m.position("b2")
    drive(m, effects.on_big_damage(m.combat, zap, urg, stick, in_fight=True))
    assert math.dist(before, m.position("b2")) == pytest.approx(3.0, abs=0.01)


@pytest.mark.rule("factions", "tasty-smells")
def test_tasty_smells_follow_every_activation_even_one_a_klank_token_ends_at_once():
    """Tasty Smells: "After each activation, each other friendly model within 2D6" discards a dice
    from their tower." A Grill Cooks klankbot's activation that its klank token ends at once is
    still an activation: the friend beside it loses a die."""
    bot = {"type": "klankbot", "name": "Bot", "weapons": ["pistol"]}
    m = vmatch(
        [bot, orc("Pal")], [orc("Urg")], {"a1": (12, 6), "a2": (14.5, 6), "b1": (22, 22)}, faction=("grill_cooks", None)
    )
    m.models["a1"].tokens["klank"] = 1
    stack(m, "a2", 3)
    drive(m, m._activation(m.models["a1"]))
    ended = of(m, ev.ActivationEnded)[-1]
    assert ended.model == "a1" and not of(m, ev.ActionTaken)  # over at once, nothing done
    assert m.models["a2"].tower.height == 2


@pytest.mark.rule("fancy_gear", "fuel-can-toss")
def test_tossing_the_fuel_can_is_not_one_of_the_two_actions():
    """Fuel Can: "Once per game, you can discard this upgrade to toss it onto a model within 3"
    that is on fire" — unlike Massive Spanner or Megaphone ("take an action"), no action: after
    the toss the carrier still does one or two different actions."""
    m = vmatch([orc("Can", ["fuel_can"])], [orc("Burning")], {"a1": (5, 5), "b1": (7, 5)})
    m.models["b1"].tokens["on_fire"] = 1
    taken = []

    def ans(req):
        if req.kind == "choose_action":
            pick = next(a for a in ("toss_fuel_can", "scoot", "shoot", "done") if a in req.options and a not in taken)
            taken.append(pick)
            return pick
        return default_answer(req)

    drive(m, m._activation(m.models["a1"]), ans)
    assert [e.action for e in of(m, ev.ActionTaken)][:3] == ["toss_fuel_can", "scoot", "shoot"]

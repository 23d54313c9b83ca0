"""Lasting effects (rulebook: "Accident & Emergency", "Krankshaft's Auto Repairs"): every treatment
and repair a campaign writes to a gang file changes the games after it, each checked on a real
match and quoting the table row; what one does once at the afterparty (attitude, a missed game,
a gun bolted on, a weapon lost) is checked on the campaign; and Bollocks to It."""

from __future__ import annotations

import pytest
from helpers import default_answer, drive, match
from test_campaign import Scripted, ai_run, at_a_and_e, derby_campaign, party, quickstart_campaign

from spacegits_sim import campaign as camp
from spacegits_sim.data import default_rules
from spacegits_sim.data.errors import DataError
from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import GearChoice
from spacegits_sim.rules.effects import lasting
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangs import gang_from_doc

RULES = default_rules()
ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def git(*treatments: str, **extra) -> Match:
    """Red: an orc (a1) with these treatments; Blue: a plain orc (b1)."""
    red = dict(ORC, name="Patched", treatments=list(treatments), **extra)
    return match([[red], [dict(ORC, name="Urg")]], {"a1": (4, 12), "b1": (20, 12)})


def car(*repairs: str, vehicle: str = "buggy", **extra) -> Match:
    """Red: a buggy (a1v, driver a1) with these repairs; Blue: a plain orc (b1)."""
    red = dict(ORC, name="Gaz", vehicle=vehicle, repairs=list(repairs), **extra)
    opts = {"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0}
    m = match([[red], [dict(ORC, name="Urg")]], {}, options=opts)
    m.place_model(m.models["a1v"], (6, 6), "test set-up")
    m.place_model(m.models["b1"], (20, 20), "test set-up")
    return m


def spec_of(*treatments: str, **extra):
    doc = {"name": "G", "gits": [dict(ORC, name="P", treatments=list(treatments), **extra)]}
    return gang_from_doc(doc, "<g>", RULES).gits[0]


def problems(*treatments: str, **extra) -> list[tuple[str, str]]:
    from spacegits_sim.rules.gangs import validate_gang

    doc = {"name": "G", "mode": "campaign", "gits": [dict(ORC, name="P", treatments=list(treatments), **extra)]}
    return [(p.field or "", p.message) for p in validate_gang(gang_from_doc(doc, "<g>", RULES), RULES)]


# ---- every row is simulated or loudly deferred -------------------------------------------------


def test_every_treatment_and_repair_row_is_registered_and_named_as_written_in_a_gang_file():
    """A gang file says "Location: Result"; each such row (but Dead and Write-off, which end the
    git or the vehicle and are refused) has a handler, or a deferred entry that warns."""
    for index, family in (("diagnosis", lasting.TREATMENTS), ("location", lasting.REPAIRS)):
        for loc in RULES.tables[index].rows:
            for row in RULES.tables[str(loc.extra["table"])].rows:
                ident = lasting.lasting_id(f"{loc.result}: {row.result}")
                if row.extra.get("ends"):
                    assert ident not in effects.REGISTRY[family]
                    continue
                assert ident in effects.REGISTRY[family], (family, row.result)
    with pytest.raises(DataError, match="no treatment 'Dead' a model can play with"):
        spec_of("Head: Dead")


# ---- treatments: the head ------------------------------------------------------------------------


def test_gnawbrain_xenotransplant_cannot_use_weapons():
    """ "Gnawbrain Xenotransplant: This git cannot use weapons anymore." """
    assert any("up to 0" in msg for _f, msg in problems("Head: Gnawbrain Xenotransplant"))
    assert not problems("Head: Gnawbrain Xenotransplant", weapons=[])


def test_steam_powered_calculating_engine_klanks_every_other_activation():
    """ "After activating this model, put a klank token on its ID card … When you activate a model
    with a klank token on it, discard all klank tokens from this model and end its activation." """
    m = git("Head: Steam-Powered Calculating Engine")
    a = m.models["a1"]
    assert effects.activation_start(a, m) is None
    effects.activation_end(a, m)
    assert effects.wastes_next_activation(a) and effects.activation_start(a, m) == "klank"


def test_bionic_eye_rerolls_its_own_bullet_dice():
    """ "Bionic Eye: … they may re-roll all their shooting dice once per activation." """
    m = git("Head: Bionic Eye")
    assert effects.rerolls(m, m.models["a1"], "bullet") and not effects.rerolls(m, m.models["b1"], "bullet")


def test_metal_plate_and_steel_jaw_give_plus_one_toughness_when_thumped():
    """ "Metal Plate: … +1 Toughness when thumped in a fight (as Steel Jaw)." """
    for t in ("Head: Metal Plate", "Body: Steel Jaw"):
        m = git(t)
        a = m.models["a1"]
        assert (a.toughness, effects.thumped_toughness(a)) == (3, 4), t


def test_skull_cap_headbutts_roll_a_d8_for_two_or_three():
    """ "Skull Cap: … Their headbutts roll 1D8 thump dice and do 2/3 damage." """
    m = git("Head: Skull Cap")
    base = next(w for w in m.rules.weapons.values() if w.innate)
    w = effects.headbutt(m.models["a1"], base)
    assert (w.dice.dice, w.weak, w.big) == ((8,), 2, 3)


def test_rows_with_nothing_lasting_change_nothing_in_a_game():
    """Mechanical Respirator (its attitude point is given at A&E), Concussion Bandage and Sling
    (a missed game), Chopper Arm and Gun Arm (the weapon is added at A&E): in the game, the git
    plays as it is written."""
    plain = git()
    for t in ("Head: Mechanical Respirator", "Head: Concussion Bandage", "Left Arm: Sling", "Right Arm: Chopper Arm"):
        m = git(t)
        a, b = m.models["a1"], plain.models["a1"]
        assert (a.toughness, effects.move_dice(a), effects.swig_dice(a)) == (
            b.toughness,
            effects.move_dice(b),
            effects.swig_dice(b),
        )
    assert effects.is_implemented(lasting.TREATMENTS, "gun_arm")


# ---- treatments: the arms ------------------------------------------------------------------------


def test_stump_one_fewer_hand_so_a_two_handed_gun_with_a_blade_no_longer_fits():
    """ "Stump: This git now has one fewer hands." """
    assert effects.hands_of(spec_of("Left Arm: Stump"), RULES) == 1
    assert any(f == "weapons" for f, _ in problems("Left Arm: Stump", weapons=["rifle", "regular_h2h"]))


def test_extra_arm_and_bionic_arm_and_hook_hand_as_the_gear():
    """Extra Arm: an extra hand; Bionic Arm: a 2-hander needs one; Hook Hand: one fewer hand, and
    a shove may move itself."""
    assert effects.hands_of(spec_of("Right Arm: Extra Arm"), RULES) == 3
    assert effects.hands_for(["rifle", "regular_h2h"], spec_of("Right Arm: Bionic Arm"), RULES) == 2
    assert effects.hands_for(["rifle", "regular_h2h"], spec_of(), RULES) == 3
    assert effects.hands_of(spec_of("Right Arm: Hook Hand"), RULES) == 1
    m = git("Right Arm: Hook Hand", weapons=["pistol"])
    assert effects.shoves_self(m.models["a1"])


def test_wooden_hand_steals_no_cap_with_a_pinch():
    """ "Wooden Hand: … they now steal 0 caps when they throw pinch in a fight." """
    m = git("Left Arm: Wooden Hand")
    m.place_model(m.models["b1"], (4 + 25 / 25.4, 12), "test set-up")
    m.bosses[1].stash = 3
    drive(m, m.combat._effect(m.models["a1"], m.models["b1"], "pinch"))
    assert m.bosses[1].stash == 3 and of(m, ev.Pinched)[-1].caps == 0


def test_rubbish_robotic_arm_holds_guns_but_not_fighting_weapons():
    """ "Rubbish Robotic Arm: This hand can only be used to shoot guns, not use fighting weapons." """
    assert not problems("Left Arm: Rubbish Robotic Arm")  # a pistol and a blade: the blade in the good hand
    two_blades = problems("Left Arm: Rubbish Robotic Arm", weapons=["regular_h2h", "massive_h2h"])
    assert any("robotic arm" in msg for _f, msg in two_blades)


# ---- treatments: the legs ------------------------------------------------------------------------


def test_wheeled_cart_and_kneeless_servo_leg_change_the_move_dice():
    """ "Wheeled Cart: … Move Dice stat to 1D10." "Kneeless Servo Leg: … Move Dice stat to 2D6." """
    assert effects.move_dice(git("Left Leg: Wheeled Cart").models["a1"]) == (10,)
    assert effects.move_dice(git("Right Leg: Kneeless Servo Leg").models["a1"]) == (6, 6)


@pytest.mark.parametrize(
    ("treatments", "rolls", "moves"),
    [
        (["Left Leg: Peg Leg"], (1, 2, 6), (1, 1, 5)),  # "one lower, to a minimum of 1""
        (["Left Leg: Rusty Metal Leg"], (4, 5, 6), (4, 4, 5)),  # "move dice that roll 5+ by 1""
        (["Left Leg: Rusty Metal Leg", "Right Leg: Rusty Metal Leg"], (5, 6), (3, 4)),  # taken twice
        (["Left Leg: Peg Leg", "Right Leg: Rusty Metal Leg"], (5, 1), (3, 1)),  # the roll is read, not the peg's
        (["Left Leg: Power-Knees"], (1, 6), (2, 7)),  # "count as 1 higher"
        (["Left Leg: Power-Knees", "Right Leg: Power-Knees"], (1,), (3,)),
    ],
)
def test_legs_that_change_what_a_move_die_is_worth(treatments, rolls, moves):
    m = git(*treatments)
    for value, want in zip(rolls, moves, strict=True):
        die = m.table.place_die(6, value, (12, 12))  # the move die as it rolled
        distance, toward = drive(m, effects.adjust_move(m, m.models["a1"], die, value, {}))
        assert (distance, toward) == (want, None), (treatments, value)


def test_bionic_legs_tracks_and_mono_wheel_ask_as_the_gear_does():
    """Bionic Legs: "you may treat any move dice as a '3'"; Tracks and Mono-Wheel as their gear."""
    m = git("Left Leg: Bionic Legs")
    asked: list = []

    def three(req):
        asked.append(req)
        return 3

    assert drive(m, effects.adjust_move(m, m.models["a1"], "d", 6, {}), three) == (3, None)
    assert isinstance(asked[0], GearChoice) and asked[0].gear == "bionic_legs"
    for t, ident in (("Left Leg: Tracks", "tracks"), ("Right Leg: Mono-Wheel", "mono_wheel")):
        m = git(t)
        asked.clear()
        drive(
            m,
            effects.adjust_move(m, m.models["a1"], "d", 4, {"e": ("e", 6, 2, (5, 5))}),
            lambda r: asked.append(r) or "no",
        )
        assert asked and asked[0].gear == ident, t


def test_lead_leg_and_hunk_of_metal_cannot_be_booted_up_the_arse():
    """ "This model cannot be booted up the arse." """
    for t in ("Left Leg: Lead Leg", "Body: Hunk of Metal"):
        assert not effects.can_be_booted_up(git(t).models["a1"]), t
    assert effects.can_be_booted_up(git().models["a1"])


# ---- treatments: the body ------------------------------------------------------------------------


def test_an_incredibly_unstable_mechanical_heart_explodes_by_its_toughness_when_it_falls():
    """ "If this model falls over it explodes (X), where X is its toughness, and is removed from play." """
    m = git("Body: Incredibly Unstable Mechanical Heart", "Body: Chunky Armour Plating")
    a = m.models["a1"]
    a.fallen = True
    drive(m, effects.on_fell_over(a, m))
    boom = of(m, ev.Exploded)[-1]
    assert boom.x == 4 and not a.in_play  # an orc's 3, +1 for the plating


def test_glued_back_together_doubles_tower_dice_and_a_gnawball_liver_doubles_a_swig():
    """ "Glued Back Together: When this model adds a dice to its tower, it adds 2 dice instead."
    "Gnawball Liver Xenotransplant: When this git takes a swig, you add 2 dice to their tower." """
    assert effects.tower_dice(git("Body: Glued Back Together").models["a1"], 1) == 2
    assert effects.swig_dice(git("Body: Gnawball Liver Xenotransplant").models["a1"]) == 2


def test_exposed_pipework_and_chunky_armour_plating_change_toughness():
    """ "Exposed Pipework: This git suffers -1 toughness." Plating: +1 (as Chunky Armour)."""
    assert git("Body: Exposed Pipework").models["a1"].toughness == 2
    assert git("Body: Chunky Armour Plating").models["a1"].toughness == 4


def test_spikey_bits_headbutt_when_a_thump_is_cancelled_by_a_shove():
    """ "Spikey Bits: … if your thump is cancelled out by a shove, you still get to thump, but
    only using your headbutt thump die." """
    assert effects.headbutt_when_shoved(git("Body: Spikey Bits").models["a1"])
    assert not effects.headbutt_when_shoved(git().models["a1"])


# ---- repairs ---------------------------------------------------------------------------------------


@pytest.mark.rule("vehicles", "repairs-handling")
def test_handling_repairs():
    """Misaligned Wheels -1, Tuned Steering +1, Huge Spoiler +2 handling (a buggy has 10)."""
    for r, want in (
        ("Handling: Misaligned Wheels", 9),
        ("Handling: Tuned Steering", 11),
        ("Snazz: Huge Spoiler", 12),
        ("Handling: Lick of Oil", 10),
        ("Snazz: Offensive repaint", 10),
    ):
        v = car(r).models["a1v"]
        assert effects.handling(v, v.vehicle.handling) == want, r


@pytest.mark.rule("vehicles", "repairs-no-lasting-effect")
def test_repairs_with_no_lasting_effect_leave_the_vehicle_as_it_was():
    """Good as New, Fresh Polish, Cleaned and Oiled: "No lasting effect."."""
    plain = car().models["a1v"]
    v = car("Handling: Good as New", "Snazz: Fresh Polish", "Weapons: Cleaned and Oiled").models["a1v"]
    for k in (plain, v):
        assert (k.toughness, effects.handling(k, 10), effects.seats(k, 2), effects.vehicle_dice(k, 3)) == (
            5,
            10,
            2,
            (3, 12, False),
        )


@pytest.mark.rule("vehicles", "repairs-hull")
def test_toughness_and_seat_repairs():
    """Buckled Pillars, Crushed Roof -1 T; Spare Panels, Heavy-ass armour +1 T; Mangled Chassis -1
    seat; Armour made of old doors +2 seats (a buggy: toughness 5, 2 seats)."""
    for r, t, seats in (
        ("Hull: Buckled Pillars", 4, 2),
        ("Hull: Crushed Roof", 4, 2),
        ("Hull: Spare Panels", 6, 2),
        ("Hull: Heavy-ass armour", 6, 2),
        ("Hull: Mangled Chassis", 5, 1),
        ("Hull: Armour made of old doors", 5, 4),
        ("Hull: Panel Beaten", 5, 2),
    ):
        v = car(r).models["a1v"]
        assert (v.toughness, effects.seats(v, v.vehicle.seats)) == (t, seats), r


@pytest.mark.rule("vehicles", "repairs-engine")
def test_engine_repairs_change_the_dice_a_vehicle_may_pick():
    """Worn gasket and Heavy-ass armour: engine one rank down; Turbocharger one up; Sluggish
    Accelerator: one fewer move dice; the Shaker Scoop: one die a size bigger (a buggy: D12)."""
    for r, want in (
        ("Guts: Worn gasket", (3, 10, False)),
        ("Hull: Heavy-ass armour", (3, 10, False)),
        ("Guts: Turbocharger", (3, 20, False)),
        ("Guts: Sluggish Accelerator", (2, 12, False)),
        ("Guts: Honking Great Shaker Scoop", (3, 12, True)),
        ("Guts: New Spark Plugs", (3, 12, False)),
    ):
        v = car(r).models["a1v"]
        assert effects.vehicle_dice(v, 3) == want, r


@pytest.mark.rule("vehicles", "repairs-dice-picked")
def test_dodgy_brakes_and_a_rusty_gearbox_limit_the_dice_picked():
    """ "Dodgy Brakes: Have to roll at least one of your highest possible dice type when moving."
    "Rusty Gearbox: … they have to all be the same rank of dice." """
    v = car("Handling: Dodgy Brakes").models["a1v"]
    assert effects.dice_allowed(v, (12, 4, 4), 12) and not effects.dice_allowed(v, (10, 10, 10), 12)
    v = car("Guts: Rusty Gearbox").models["a1v"]
    assert effects.dice_allowed(v, (8, 8, 8), 12) and not effects.dice_allowed(v, (12, 8, 8), 12)


@pytest.mark.rule("vehicles", "repairs-bent-axle-and-grinding-noise")
def test_bent_axle_and_grinding_noise_damage():
    """ "Bent Axle: … over your handling, you suffer 1 additional damage." "Grinding Noise: Your move
    dice now all do 1/0 damage to you (e.g. 1 if you roll under your toughness)." """
    v = car("Handling: Bent Axle").models["a1v"]
    assert effects.handling_damage(v) == 2
    v = car("Handling: Grinding Noise").models["a1v"]
    assert (effects.drive_damage(v, 4), effects.drive_damage(v, 5)) == (1, 0)  # toughness 5
    assert effects.handling_damage(car().models["a1v"]) == 1


@pytest.mark.rule("vehicles", "repairs-bent-axle-and-grinding-noise")
def test_a_driven_move_die_over_the_handling_with_a_bent_axle_does_two_damage():
    m = car("Handling: Bent Axle", "Handling: Misaligned Wheels")  # handling 9
    v = m.models["a1v"]
    drive(m, m.drive_to(v, (6, 8.5), 10))
    hurt = [e for e in of(m, ev.Damaged) if "over its handling" in e.source]
    assert hurt and hurt[0].amount == 2


@pytest.mark.rule("vehicles", "repair-overpressurized-fuel-lines")
def test_overpressurized_fuel_lines_make_a_wreck_explode_ten():
    """ "If this vehicle gets wrecked it explodes (10)." (a wreck is 2 × toughness otherwise)"""
    assert effects.wreck_explosion(car("Hull: Crushed Roof").models["a1v"]) == 8  # a buggy, toughness 4 now
    assert effects.wreck_explosion(car("Hull: Crushed Roof", "Guts: Overpressurized Fuel Lines").models["a1v"]) == 10


@pytest.mark.rule("vehicles", "repairs-swig")
def test_a_leaking_fuel_line_swig_is_d3_dice_and_a_turbocharger_adds_one():
    """ "Leaking fuel-line: … When the driver takes a swig, they take D3 dice." Turbocharger: "the
    driver takes an extra dice when they swig"."""
    m = car("Guts: Leaking fuel-line")
    v = m.models["a1v"]
    seen = set()
    for _ in range(40):
        effects.before_swig(v, m)
        seen.add(effects.swig_dice(v))
    assert seen == {1, 2, 3}
    assert effects.swig_dice(car("Guts: Turbocharger").models["a1v"]) == 2


@pytest.mark.rule("vehicles", "repair-booming-exhausts")
def test_booming_exhausts_deploy_twelve_inches_away_even_with_an_electric_motor():
    """ "This vehicle is so loud it has to deploy 12" from caps and enemy models (even if it has the
    Electric Motor mod)." """
    v = car("Snazz: Booming Exhausts", mods=["electric_motor"]).models["a1v"]
    assert effects.vehicle_deploy_distance(v, 8.0) == 12.0
    assert effects.vehicle_deploy_distance(car(mods=["electric_motor"]).models["a1v"], 8.0) == 4.0


@pytest.mark.rule("vehicles", "repair-stone-wheels")
def test_stone_wheels_ignore_oil_slicks():
    """ "Stone Wheels: You ignore the effects of Oil Slicks." (no slide, no D6 damage)"""
    slick = next(t for t in RULES.terrain.values() if "oil_slick" in t.special)
    m = car("Snazz: Stone Wheels")
    v = m.models["a1v"]
    assert not effects.keeps_sliding(slick, v) and effects.keeps_sliding(slick, car().models["a1v"])
    drive(m, effects.moved_through(m, v, "t0", slick, 3))
    assert not of(m, ev.Damaged)


@pytest.mark.rule("vehicles", "repairs-as-the-mods")
def test_racing_stripes_sidesaws_weak_frame_smoke_belcher_and_mountains_of_ammo_as_the_mods():
    v = car("Snazz: Racing Stripes").models["a1v"]
    assert effects.vehicle_move(v, 4) == 6.0
    assert effects.smash_rerolls(car("Hull: Sidesaws").models["a1v"])
    assert effects.smash_dice(car("Weapons: Weak Frame").models["a1v"], 5) == 3  # "2 fewer smash dice"
    v = car("Weapons: Smoke Belcher").models["a1v"]
    assert effects.shot_toughness(v, v.toughness) == 6  # "When shot at, … 1 higher"
    m = car("Weapons: Mountains of Ammo")
    assert effects.rerolls(m, m.models["a1v"], "bullet")


@pytest.mark.rule("vehicles", "repairs-weapons")
def test_weapon_mounts_ammo_belts_and_venting():
    """ "Damaged Weapon Mounts: … bullet dice suffer -1." "Overheating Ammo Belts: … bullet dice of
    both 1 and 2 as jams." "Ill-considered Weapon Venting: When you shoot, you take one damage for
    each 6+ you roll." """
    v = car("Weapons: Damaged Weapon Mounts").models["a1v"]
    assert effects.bullet_value(v, 4) == 3 and not effects.jams(v, 2)
    v = car("Weapons: Overheating Ammo Belts").models["a1v"]
    assert effects.jams(v, 2) and not effects.jams(v, 3) and effects.jams(car().models["a1v"], 1)
    m = car("Weapons: Ill-considered Weapon Venting")
    v = m.models["a1v"]
    dice = [("x1", 6, 6, (5, 5)), ("x2", 8, 7, (6, 6)), ("x3", 6, 2, (7, 7))]
    assert drive(m, effects.after_bullet_throw(m, v, dice)) == dice
    assert of(m, ev.Damaged)[-1].amount == 2


# ---- what happens once, at A&E and Krankshaft's -------------------------------------------------


def _row(table: str, result: str) -> int:
    """A roll that gives ``result`` on ``table``."""
    return next(n for n in range(1, 11) if RULES.tables[table].lookup(n).result == result)


def d100(n: int) -> tuple[int, int]:
    """The two D10 faces (tens, units; a 10 reads 0) that make ``n`` on a D100."""
    return (n // 10 % 10 or 10, n % 10 or 10)


def _diag(where: str) -> int:
    return next(n for n in range(1, 9) if RULES.tables["diagnosis"].lookup(n).result == where)


@pytest.mark.rule("campaigns", "treatments-act-once")
def test_a_mechanical_respirator_or_a_head_full_recovery_gains_an_attitude_point():
    """ "Mechanical Respirator: … Gain 1 Attitude." Full Recovery (head): "Gain 1 Attitude for the story." """
    c = quickstart_campaign()
    red = c.gangs[0]
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Head"), _row("head_treatment", "Mechanical Respirator")), [])
    assert red.gits["Grunk"].attitude == 2
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Head"), _row("head_treatment", "Full Recovery")), [])
    assert red.gits["Grunk"].attitude == 3 and red.gang["gits"][0]["treatments"] == ["Head: Mechanical Respirator"]


@pytest.mark.rule("campaigns", "treatments-act-once")
def test_a_concussion_or_a_sling_misses_the_next_game_then_recovers():
    """ "Concussion Bandage: This git misses the next game, then recovers fully." """
    c = quickstart_campaign()
    red = c.gangs[0]
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Head"), _row("head_treatment", "Concussion Bandage")), [])
    log: list[str] = []
    skip = ai_run(c, camp.bad_attitude(c, 2, log))
    assert skip == {"Red": ["Grunk"]} and "misses game 2" in log[0]
    assert ai_run(c, camp.bad_attitude(c, 3, [])) == {}
    sc = camp.game_scenario(c, RULES, skip)
    assert "Grunk" not in [g.name for g in sc.players[0].gang.gits]


@pytest.mark.rule("campaigns", "treatments-act-once")
def test_gnawbrain_loses_every_weapon_and_a_chopper_arm_bolts_on_a_massive_h2h_weapon():
    """ "Any weapons they possessed when they showed up at A&E have been lost." "Chopper Arm: … armed
    with a Massive H2H Weapon permanently held in this hand, and loses any other weapon they were
    holding in that hand." """
    c = quickstart_campaign()
    red = c.gangs[0]
    g0 = red.gang["gits"][0]
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Head"), _row("head_treatment", "Gnawbrain Xenotransplant")), [])
    assert g0["weapons"] == []
    g1 = red.gang["gits"][1]
    log: list[str] = []
    at_a_and_e(red, g1["name"], Scripted(6, _diag("Left Arm"), _row("arm_treatment", "Chopper Arm")), log)
    assert g1["weapons"][0] == "massive_h2h" and "bolted on" in log[-1]
    assert camp.fits(red, RULES)


@pytest.mark.rule("campaigns", "treatments-act-once")
def test_a_gun_arm_is_a_loot_roll_rerolled_until_it_is_a_gun():
    """ "Gun Arm: Make a loot roll to find out what gun the doc has attached." """
    c = quickstart_campaign()
    red = c.gangs[0]
    g0 = red.gang["gits"][0]
    loot = RULES.tables["loot"]
    gear_roll = next(n for n in range(1, 101) if str(loot.lookup(n).ref).startswith("gear/"))
    gun_roll = next(
        n
        for n in range(1, 101)
        if str(loot.lookup(n).ref).startswith("weapons/")
        and RULES.weapons[str(loot.lookup(n).ref).split("/")[1]].kind == "shooting"
    )
    gun = str(loot.lookup(gun_roll).ref).split("/")[1]
    rolls = Scripted(6, _diag("Right Arm"), _row("arm_treatment", "Gun Arm"), *d100(gear_roll), *d100(gun_roll))
    at_a_and_e(red, "Grunk", rolls, [])
    assert gun in g0["weapons"] and camp.fits(red, RULES)


@pytest.mark.rule("campaigns", "treatment-limits-and-diagnosis-rerolls")
def test_a_treatment_had_as_often_as_allowed_is_rerolled_and_bionic_legs_reroll_diagnosis_4_and_5():
    """ "Lead Leg: … This git may receive this treatment only once." "Bionic Legs: … Re-roll
    diagnosis rolls of 4 and 5 for this git." """
    c = quickstart_campaign()
    red = c.gangs[0]
    g0 = red.gang["gits"][0]
    g0["treatments"] = ["Left Leg: Lead Leg", "Right Leg: Bionic Legs"]
    log: list[str] = []
    rolls = Scripted(6, 4, _diag("Body"), _row("body_treatment", "Exposed Pipework"))
    at_a_and_e(red, "Grunk", rolls, log)
    assert "re-rolled" in log[0] and g0["treatments"][-1] == "Body: Exposed Pipework"
    g0["treatments"] = ["Left Leg: Lead Leg"]
    lead, peg = _row("leg_treatment", "Lead Leg"), _row("leg_treatment", "Peg Leg")
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Right Leg"), lead, peg), log)
    assert g0["treatments"] == ["Left Leg: Lead Leg", "Right Leg: Peg Leg"]


@pytest.mark.rule("campaigns", "wrecked-weapon")
def test_a_wrecked_weapon_loses_a_randomly_selected_vehicle_weapon():
    """ "Wrecked Weapon: This vehicle loses a randomly selected weapon permanently." """
    c = derby_campaign()
    red = c.gangs[0]
    g0 = red.gang["gits"][0]
    g0["vehicle_weapons"] = ["rifle", "pistol"]
    red.stash = 0
    loc = next(n for n in range(1, 7) if RULES.tables["location"].lookup(n).result == "Weapons")
    camp.run(
        camp.repair(0, red, "Gazbag", RULES, Scripted(9, loc, _row("weapons_repair", "Wrecked Weapon"), 1), []), print
    )
    assert g0["vehicle_weapons"] == ["rifle"] and g0["repairs"] == ["Weapons: Wrecked Weapon"]


@pytest.mark.rule("campaigns", "treatments-last")
def test_lasting_effects_show_up_in_the_next_game():
    """Issue 14: "lasting effects show up in the next game": A&E's Exposed Pipework, then the
    campaign's next game has that git at toughness 2 and the gang file names the treatment."""
    c = quickstart_campaign()
    red = c.gangs[0]
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Body"), _row("body_treatment", "Exposed Pipework")), [])
    sc = camp.game_scenario(c, RULES)
    m = Match(sc, rules=RULES, seed=sc.seed)
    grunk = next(x for x in m.models.values() if x.name == "Grunk")
    assert grunk.toughness == 2 and grunk.spec.treatments == ("Body: Exposed Pipework",)


# ---- Bollocks to It ---------------------------------------------------------------------------------


@pytest.mark.rule("campaigns", "bollocks-to-it")
def test_bollocks_to_it_discards_an_opponents_dice_that_roll_under_the_attitude():
    """ "When an opponent gives you some dice to add to your tower, you can roll them before
    stacking them. If any dice rolls under your attitude, you can say bollocks to it and discard it." """
    m = match(
        [[dict(ORC, name="Grumpy", attitude=4)], [dict(ORC, name="Urg")]],
        {"a1": (4, 12), "b1": (20, 12)},
    )
    a, b = m.models["a1"], m.models["b1"]
    drive(m, m.combat.damage(a, 5, "shot by Urg", "shot", by=b))
    said = of(m, ev.BollocksToIt)[-1]
    assert said.discarded == sum(1 for r in said.rolls if r < 4) and len(said.rolls) == 5
    assert of(m, ev.Damaged)[-1].amount == 5 - said.discarded
    assert a.tower.height == 5 - said.discarded


@pytest.mark.rule("campaigns", "bollocks-to-it")
def test_bollocks_to_it_not_for_a_friends_dice_nor_an_attitude_of_one():
    m = match(
        [[dict(ORC, name="Grumpy", attitude=4), dict(ORC, name="Pal")], [dict(ORC, name="Urg")]],
        {"a1": (4, 12), "a2": (8, 12), "b1": (20, 12)},
    )
    drive(m, m.combat.damage(m.models["a1"], 2, "a friend's blast", "blast", by=m.models["a2"]))
    drive(m, m.combat.damage(m.models["b1"], 2, "shot by Grumpy", "shot", by=m.models["a1"]))  # Urg: attitude 1
    assert not of(m, ev.BollocksToIt)


@pytest.mark.rule("campaigns", "bollocks-to-it")
def test_bollocks_to_it_also_for_the_driver_of_a_vehicle_that_takes_damage():
    """ "This also works if you are the driver of a vehicle that takes damage." """
    m = car(attitude=6)
    drive(m, m.combat.damage(m.models["a1v"], 3, "smashed by Urg", "smash", by=m.models["b1"]))
    said = of(m, ev.BollocksToIt)[-1]
    assert said.model == "a1v" and said.attitude == 6


def test_a_campaign_game_carries_each_gits_attitude_into_the_match():
    c = quickstart_campaign()
    c.gangs[0].gits["Grunk"].attitude = 3
    sc = camp.game_scenario(c, RULES)
    assert next(g for g in sc.players[0].gang.gits if g.name == "Grunk").attitude == 3


def test_a_bad_attitude_in_a_gang_file_is_one_clear_message():
    for bad in ("high", 0, 101, True):
        with pytest.raises(DataError) as e:
            spec_of(attitude=bad)
        assert len(e.value.problems) == 1 and "attitude" in str(e.value) and "1-100" in str(e.value)


# ---- between games: a Gory Trophy Rack -----------------------------------------------------------


def test_a_gory_trophy_rack_pays_three_caps_after_a_game_in_which_it_ran_over_a_fallen_enemy():
    """ "After a game in which this vehicle removed a fallen enemy git from play by running them
    over, if you model a new head onto its trophy rack, you gain 3 caps into your stash." Read from
    the log: the vehicle's run-over of a fallen enemy as it pushed them clear. Once per game."""
    from test_campaign import started

    c = derby_campaign()
    red = c.gangs[0]
    red.gang["gits"][0]["mods"] = ["gory_trophy_rack"]
    models = [
        {"id": "a1", "name": "Gazbag", "boss": 0, "aboard": "a1v"},
        {"id": "a1v", "name": "Gazbag's Buggy", "boss": 0, "crew": ["a1"], "vehicle": "buggy"},
        {"id": "b1", "name": "Urgat", "boss": 1},
        {"id": "b2", "name": "Snot", "boss": 1},
    ]
    events = [
        started(models),
        ev.RanOver("a1v", "b1"),
        ev.Pinched("a1v", "b1", 1),
        ev.RanOver("a1v", "b2"),
        ev.Pinched("a1v", "b2", 0),
    ]
    assert camp.read_game(events).run_over == {"a1": 2}
    log = party(c, events)
    assert any("ran over 2 fallen enemy gits: a new head, +3 caps" in line for line in log)
    red.gang["gits"][0]["mods"] = []
    assert not any("new head" in line for line in party(c, events, 2))


@pytest.mark.rule("campaigns", "treatment-and-repair-tables")
def test_every_treatment_and_repair_table_is_rolled_on_by_the_afterparty():
    """Issue 14: "every table used is exercised": each diagnosis sends the roll to its treatment
    table, each location to its repair table, and the result is what that table says."""
    for where in {r.result: r for r in RULES.tables["diagnosis"].rows}.values():
        table = str(where.extra["table"])
        row = next(r for r in RULES.tables[table].rows if not r.extra.get("ends") and not r.extra.get("loot_gun"))
        c = quickstart_campaign()
        red = c.gangs[0]
        log: list[str] = []
        at_a_and_e(red, "Skab", Scripted(6, _diag(where.result), _row(table, row.result)), log)
        assert f"A&E — {where.result}, {row.result}" in "\n".join(log), (table, log)
    for loc in RULES.tables["location"].rows:
        table = str(loc.extra["table"])
        row = next(r for r in RULES.tables[table].rows if not r.extra.get("ends"))
        c = derby_campaign()
        red = c.gangs[0]
        red.stash = 0  # a bodge: one roll
        n = next(k for k in range(1, 7) if RULES.tables["location"].lookup(k).result == loc.result)
        log = []
        camp.run(camp.repair(0, red, "Gazbag", RULES, Scripted(10, n, _row(table, row.result), 0), log), print)
        assert f"{loc.result}: {row.result}" in red.gang["gits"][0].get("repairs", []), (table, log)


@pytest.mark.rule("campaigns", "treatments-act-once")
def test_a_stump_takes_off_what_no_longer_fits_so_the_gang_stays_legal():
    """A treatment can leave a git one hand short of its guns (a Stump with a rifle): what no
    longer fits comes off, the last taken first, so the next game's gang keeps the rules."""
    c = quickstart_campaign()
    red = c.gangs[0]
    g0 = red.gang["gits"][0]
    g0["weapons"] = ["regular_h2h", "rifle"]
    log: list[str] = []
    at_a_and_e(red, "Grunk", Scripted(6, _diag("Left Arm"), _row("arm_treatment", "Stump")), log)
    assert g0["weapons"] == ["regular_h2h"] and "can no longer carry the Rifle" in log[-1]
    assert camp.fits(red, RULES)


@pytest.mark.slow
def test_ten_campaign_games_keep_every_gang_legal_and_every_replay_verifiable(tmp_path):
    """Whatever the afterparty does (treatments, repairs, shopping), each game's gangs are legal
    and its replay re-runs to the same checksums."""
    from spacegits_sim.rules.gangs import validate_gang
    from spacegits_sim.rules.replay import load_replay, rebuild

    c = quickstart_campaign(seed=11)
    for _ in range(10):
        entry = camp.play_game(c, RULES, ["heuristic", "heuristic"], tmp_path)
        for g in c.gangs:
            assert validate_gang(gang_from_doc(g.gang, "<t>", RULES), RULES) == [], (entry["game"], g.boss)
        doc = load_replay(str(tmp_path / entry["replay"]))
        assert rebuild(doc, entry["replay"]).ok, entry["game"]


# ---- the last three: a left boss's extra die, a car that cannot turn left, the auto-gunner -------


def test_rusty_tin_brain_the_boss_to_the_left_rolls_one_more_die_and_the_three_highest_are_used():
    """ "Rusty Tin Brain: When you move, boss to the left rolls one extra dice. You have to use
    the three highest." """
    from spacegits_sim.rules.decisions import AimThrow, Throw

    m = git("Head: Rusty Tin Brain")
    a = m.models["a1"]
    landed = []
    for d, v, pos in (("d1", 2, (8.0, 8.0)), ("d2", 5, (9.0, 9.0)), ("d3", 4, (10.0, 10.0))):
        landed.append((m.table.place_die(6, v, pos, ident=d), 6, v, pos))
    asked = []

    def answer(req):
        asked.append(req)
        return Throw((16.0, 16.0), 0.3)

    dice = drive(m, effects.after_move_throw(m, a, landed), answer)
    assert isinstance(asked[0], AimThrow) and asked[0].boss == 1 and asked[0].dice == (6,)  # Blue throws it
    extra = [e for e in m.events if isinstance(e, ev.DiceThrown)][-1].dice[0]
    rolled = [2, 5, 4] + ([extra["value"]] if extra["position"] is not None else [])
    assert sorted(d[2] for d in dice) == sorted(rolled)[-3:] and len(dice) == 3


@pytest.mark.rule("vehicles", "repair-cant-turn-left")
def test_cant_turn_left_a_move_die_on_the_left_moves_the_vehicle_straight_on():
    """ "Can't Turn Left: Move dice on the left side of the vehicle can only be used to move
    forward, you can't pivot with them." """
    m = car("Handling: Can't Turn Left")
    v = m.models["a1v"]
    angle = m.table.figure("a1v").angle
    left = m.table.world_point("a1v", (4.0, 3.0))  # ahead and to its left
    right = m.table.world_point("a1v", (4.0, -3.0))
    assert m.heading(v, left, 4)[0] is None  # no pivot: straight on
    turn_right = m.heading(v, right, 4)[0]
    assert turn_right is not None and turn_right != angle
    plain = car()
    assert plain.heading(plain.models["a1v"], plain.table.world_point("a1v", (4.0, 3.0)), 4)[0] is not None


@pytest.mark.rule("vehicles", "repair-auto-gunner")
def test_an_auto_gunner_driver_fires_every_bolted_gun_at_once():
    """ "Auto-Gunner: The driver can fire all the vehicle's weapons at once." """
    from spacegits_sim.rules.decisions import CrewGuns

    m = car("Weapons: Auto-Gunner", vehicle_weapons=["rifle", "shotgun"], pintle=["shotgun"])
    v = m.models["a1v"]
    opts = m.crew_gun_options(v, m.models["a1"])
    assert ("mod:auto_gunner",) in opts

    def answer(req):
        if isinstance(req, CrewGuns):
            return ("mod:auto_gunner",)
        return default_answer(req)

    drive(m, m.vehicle_shoot(v), answer)
    fired = {e.weapon for e in of(m, ev.BulletResolved)}
    assert fired == {"Rifle", "Shotgun"}
    bare = car("Weapons: Auto-Gunner")  # no guns bolted on: nothing to fire
    assert ("mod:auto_gunner",) not in bare.crew_gun_options(bare.models["a1v"], bare.models["a1"])

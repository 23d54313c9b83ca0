"""Fancy gear (rulebook: "Fancy Gear"): every piece that was deferred, each test quoting the
paragraph it checks, on small seeded matches with real physics and real throws."""

from __future__ import annotations

import math

import pytest
from helpers import default_answer, drive, match

from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import (
    AimThrow,
    ChooseAction,
    FightThrow,
    GearChoice,
    OrderMoveDie,
    Reroll,
    Throw,
)
from spacegits_sim.rules.engine import Match

R = 25 / 25.4 / 2


def orc(name: str, gear=(), weapons=("pistol", "regular_h2h"), kind: str = "orc") -> dict:
    return {"type": kind, "name": name, "weapons": list(weapons), "gear": list(gear)}


def game(red: list[dict], blue: list[dict], where: dict, terrain=None, **kw) -> Match:
    return match([red, blue], where, terrain, **kw)


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def answers(**by_kind):
    """Answer requests by their kind (a value, or a function of the request); else the default."""

    def ans(req):
        a = by_kind.get(req.kind)
        if a is None:
            return default_answer(req)
        return a(req) if callable(a) else a

    return ans


def stack(m: Match, mid: str, n: int) -> None:
    for _ in range(n):
        assert m.models[mid].tower.add_die()
    m.sync_tower(m.models[mid])


def scoot_with(m: Match, mid: str, dice: dict, **by_kind) -> None:
    """Resolve move dice put on the table (die id -> value) the way a scoot does."""
    git = m.models[mid]
    pending = dict(dice)
    while pending:
        die_id = next(iter(pending))
        value = pending.pop(die_id)
        others = {d: (d, 6, v, m.table.die(d).position) for d, v in pending.items()}
        distance, toward = drive(m, effects.adjust_move(m, git, die_id, value, others), answers(**by_kind))
        for gone in set(pending) - set(others):
            pending.pop(gone)
        drive(m, m.move(git, distance, "normal", toward=toward or m.table.die(die_id).position, value=value))
        m.discard_die(die_id)


# ---- scooting ------------------------------------------------------------------------------------


@pytest.mark.rule("fancy_gear", "cans")
def test_cans_add_one_to_each_move_die():
    """Cans: "when they scoot, they add 1 to their move dice, as they strut to the beat.\""""
    m = game([orc("Dj", ["cans"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    die = m.table.place_die(6, 4, (5, 15))
    scoot_with(m, "a1", {die: 4})
    assert m.position("a1") == pytest.approx((5, 10), abs=1e-6)


@pytest.mark.rule("fancy_gear", "bionic-leg")
def test_bionic_leg_may_treat_any_move_die_as_a_three():
    """Bionic Leg(s): "when you scoot, you may treat any move dice as a '3'.\""""
    m = game([orc("Leg", ["bionic_leg"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    die = m.table.place_die(6, 1, (5, 15))
    seen = []
    scoot_with(m, "a1", {die: 1}, gear_choice=lambda r: seen.append(r.options) or 3)
    assert seen == [(1, 3)]
    assert m.position("a1") == pytest.approx((5, 8), abs=1e-6)


@pytest.mark.rule("fancy_gear", "tracks")
def test_tracks_discard_another_move_die_to_add_its_value():
    """Tracks: "when resolving a move dice, you may discard another of your move dice to add its
    value to this one.\""""
    m = game([orc("Tank", ["tracks"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    d1 = m.table.place_die(6, 2, (5, 18))
    d2 = m.table.place_die(6, 3, (15, 5))
    scoot_with(m, "a1", {d1: 2, d2: 3}, gear_choice=lambda r: d2 if d2 in r.options else "no")
    assert m.position("a1") == pytest.approx((5, 10), abs=1e-6)
    assert not m.table.has_die(d2)


@pytest.mark.rule("fancy_gear", "mono-wheel")
def test_mono_wheel_swig_to_move_a_die_in_any_direction():
    """Mono-Wheel: "when you scoot, you can take a swig to discard one of your move dice and move
    its value in any direction.\""""
    m = game([orc("Uni", ["mono_wheel"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    die = m.table.place_die(6, 4, (5, 15))
    scoot_with(m, "a1", {die: 4}, gear_choice="any_direction", aim_throw=Throw((15.0, 5.0), 0.1))
    assert m.position("a1") == pytest.approx((9, 5), abs=1e-6)
    assert [e.reason for e in of(m, ev.TowerGrew)] == ["swig"]


@pytest.mark.rule("fancy_gear", "beast-mount-pogo-stick")
def test_beast_mount_rolls_d6_d8_d10_and_the_left_player_throws_2d6_three_highest_kept():
    """Beast Mount/Pogo Stick: "they roll D6, D8 & D10 as their move dice. However, after you roll
    your move dice, the player to your left also throws 2D6 into the play area. You use the three
    highest dice of the five as your move dice, and discard the other two.\""""
    m = game([orc("Rider", ["beast_mount_pogo_stick"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    rider = m.models["a1"]
    assert effects.move_dice(rider) == (6, 8, 10)
    thrown = []

    def aim(req):
        thrown.append((req.boss, req.dice, req.purpose))
        return Throw((12.0, 12.0), 0.3)

    landed = drive(m, m.throw(0, "a1", "move", (6, 8, 10), Throw((12.0, 12.0), 0.3)))
    kept = drive(m, effects.after_move_throw(m, rider, landed), answers(aim_throw=aim))
    assert thrown == [(1, (6, 6), "pogo")]  # the other boss throws
    pool = landed + [e for e in of(m, ev.DiceThrown)[-1].dice]
    values = sorted((d[2] if isinstance(d, tuple) else d["value"]) for d in pool)
    assert sorted(d[2] for d in kept) == values[-3:]
    assert len(m.table.dice) == 3


# ---- actions ----------------------------------------------------------------------------------------


@pytest.mark.rule("fancy_gear", "jetpack")
def test_jetpack_blasts_off_five_inches_per_pip_over_everything_tower_intact():
    """Jetpack: "Roll a single D6 move dice anywhere in play. Multiply the move dice roll by 5",
    pick the git up and place them that far away in the direction of that move dice, ignoring
    intervening models, dice and terrain. Push their tower back into contact with them … without
    it falling.\""""
    wall = [{"type": "wall", "polygon": [[2, 8], [20, 8], [20, 8.5], [2, 8.5]]}]
    for seed in range(1, 30):
        m = game([orc("Jet", ["jetpack"])], [orc("B")], {"a1": (12, 4), "b1": (22, 22)}, wall, seed=seed)
        stack(m, "a1", 5)
        assert "blast_off" in m._legal_actions(m.models["a1"])
        drive(m, m.take_action(m.models["a1"], "blast_off"), answers(aim_throw=Throw((12.0, 14.0), 0.2)))
        placed = [e for e in of(m, ev.ModelPlaced) if e.reason == "jetpack"]
        thrown = [e for e in of(m, ev.DiceThrown) if e.purpose == "jetpack"][-1].dice[0]
        if placed and thrown["position"] is not None:
            assert math.dist((12, 4), placed[-1].position) == pytest.approx(5 * thrown["value"], abs=1e-6)
            assert m.models["a1"].tower.height == 5 and m.models["a1"].standing
            return
    pytest.fail("no clean blast-off in 29 seeds")


@pytest.mark.rule("fancy_gear", "jetpack")
def test_jetpack_counts_as_the_scoot_action():
    """ "when it scoots, it can blast off instead of moving normally": not both in one activation."""
    m = game([orc("Jet", ["jetpack"])], [orc("B")], {"a1": (12, 4), "b1": (22, 22)})
    assert effects.action_kind(m.models["a1"], "blast_off") == "scoot"


@pytest.mark.rule("fancy_gear", "massive-spanner")
def test_massive_spanner_bonks_a_klankbot_within_one_inch_off_its_tower():
    """Massive Spanner: "take an action to bonk a vehicle or Klankbot within 1": remove D6 dice from
    the bonked model's tower.\""""
    m = game(
        [orc("Fixer", ["massive_spanner"])],
        [{"type": "klankbot", "name": "Bot", "weapons": ["pistol"]}, orc("Orc")],
        {"a1": (5, 5), "b1": (5, 5 + R + 0.5 + 32 / 25.4 / 2), "b2": (5 + 2 * R + 0.3, 5)},
    )
    stack(m, "b1", 8)
    stack(m, "b2", 8)
    fixer = m.models["a1"]
    assert "bonk" in m._legal_actions(fixer)
    seen = []
    drive(m, m.take_action(fixer, "bonk"), answers(gear_choice=lambda r: seen.append(r.options) or r.options[0]))
    assert seen == [("b1",)]  # the orc is no machine
    assert 2 <= m.models["b1"].tower.height <= 7


@pytest.mark.rule("fancy_gear", "medical-equipment")
def test_medical_equipment_vending_table_on_a_git_within_one_inch_six_is_d6_damage():
    """Medical Equipment: "experiment on a git within 1". Roll on the Vending Machine table and
    apply the result to the target. If a "6" is rolled, the target suffers D6 damage instead of
    gaining caps.\""""
    sixes = others = 0
    for seed in range(40):
        m = game(
            [orc("Doc", ["medical_equipment"]), orc("Pal")],
            [orc("B")],
            {"a1": (5, 5), "a2": (5, 5 + 2 * R + 0.5), "b1": (20, 20)},
            seed=seed,
        )
        stash = m.bosses[0].stash
        drive(m, m.take_action(m.models["a1"], "experiment"))
        note = of(m, ev.CapsWon)[-1]
        if "rolls 6" in note.why:
            sixes += 1
            assert of(m, ev.Damaged)[-1].model == "a2" and m.bosses[0].stash == stash
        else:
            others += 1
    assert sixes and others


@pytest.mark.rule("fancy_gear", "megaphone")
def test_megaphone_a_friendly_git_within_3d6_takes_one_action():
    """Megaphone: "take an action to bark orders down it: select a friendly git within 3D6", they
    immediately take one action.\""""
    m = game([orc("Boss", ["megaphone"]), orc("Grunt")], [orc("B")], {"a1": (5, 5), "a2": (6.5, 5), "b1": (20, 20)})
    drive(m, m.take_action(m.models["a1"], "bark"), answers(gear_choice="a2", choose_action="scoot"))
    assert [e.model for e in of(m, ev.ActionTaken)] == ["a2"]
    assert [e.model for e in of(m, ev.ModelMoved)][:1] == ["a2"]


@pytest.mark.rule("fancy_gear", "musical-instrument")
def test_musical_instrument_friends_within_2d6_discard_d3_dice():
    """Musical Instrument: "every friendly git within 2D6" rolls D3 and discards that many dice
    from their tower." (Ours: the tooter is not its own audience.)"""
    m = game(
        [orc("Bard", ["musical_instrument"]), orc("Pal")], [orc("Foe")], {"a1": (5, 5), "a2": (6.5, 5), "b1": (7.5, 6)}
    )
    for mid in ("a1", "a2", "b1"):
        stack(m, mid, 6)
    drive(m, m.take_action(m.models["a1"], "toot"))
    assert 3 <= m.models["a2"].tower.height <= 5
    assert m.models["a1"].tower.height == 6 and m.models["b1"].tower.height == 6


@pytest.mark.rule("fancy_gear", "fuel-can-rerolls")
def test_fuel_can_lets_klankbots_within_six_inches_reroll_move_dice_once():
    """Fuel Can: "while within 6" of this model, friendly vehicles or Klankbots may re-roll any of
    their move dice once per activation.\""""
    m = game(
        [orc("Can", ["fuel_can"]), {"type": "klankbot", "name": "Bot", "weapons": ["pistol"]}, orc("Orc")],
        [orc("B")],
        {"a1": (5, 5), "a2": (9, 5), "a3": (5, 9), "b1": (20, 20)},
    )
    assert effects.rerolls(m, m.models["a2"], "move")
    assert not effects.rerolls(m, m.models["a3"], "move")  # an orc is no machine
    landed = drive(m, m.throw(0, "a2", "move", (6, 6), Throw((12.0, 12.0), 0.3)))
    asked = []
    out = drive(
        m, m.rerolls(m.models["a2"], "move", landed), answers(reroll=lambda r: asked.append(r.options) or r.options[0])
    )
    assert len(asked) == 2 and asked[1] == (landed[1][0], "done")  # each die once
    assert out[0][0] != landed[0][0]
    assert not m.table.has_die(landed[0][0])
    assert drive(m, m.rerolls(m.models["a2"], "move", out)) == out  # once per activation


@pytest.mark.rule("fancy_gear", "fuel-can-toss")
def test_fuel_can_tossed_on_a_burning_model_within_three_inches_3d6_once():
    """Fuel Can: "Once per game, you can discard this upgrade to toss it onto a model within 3"
    that is on fire: that model immediately suffers 3D6 damage.\""""
    m = game([orc("Can", ["fuel_can"])], [orc("Burning")], {"a1": (5, 5), "b1": (7, 5)})
    assert "toss_fuel_can" not in m._legal_actions(m.models["a1"])
    m.models["b1"].tokens["on_fire"] = 1
    assert "toss_fuel_can" in m._legal_actions(m.models["a1"])
    drive(m, m.take_action(m.models["a1"], "toss_fuel_can"))
    assert 3 <= of(m, ev.Damaged)[-1].amount <= 18
    assert "toss_fuel_can" not in m._legal_actions(m.models["a1"])


@pytest.mark.rule("fancy_gear", "ammo-box")
def test_ammo_box_friends_within_six_inches_reroll_shooting_dice():
    """Ammo Box: "friendly models within 6" of this model may re-roll any of their shooting dice
    once per activation.\""""
    m = game(
        [orc("Box", ["ammo_box"]), orc("Near"), orc("Far")],
        [orc("B")],
        {"a1": (5, 5), "a2": (9, 5), "a3": (20, 5), "b1": (20, 20)},
    )
    assert effects.rerolls(m, m.models["a1"], "bullet") and effects.rerolls(m, m.models["a2"], "bullet")
    assert not effects.rerolls(m, m.models["a3"], "bullet")
    assert not effects.rerolls(m, m.models["a2"], "move")


# ---- around an activation -------------------------------------------------------------------------


@pytest.mark.rule("fancy_gear", "big-hat")
def test_big_hat_a_friend_within_six_inches_swigs_and_activates_but_no_third():
    """Big Hat: "after this model activates, a friendly git within 6" may take a swig to
    immediately activate. That second git can't trigger a third model to activate.\""""
    m = game(
        [orc("Hat", ["big_hat"]), orc("Pal", ["big_hat"]), orc("Third")],
        [orc("B")],
        {"a1": (5, 5), "a2": (7, 5), "a3": (9, 5), "b1": (20, 20)},
    )
    hats = []

    def gear(req):
        hats.append(req.model)
        return "a2" if "a2" in req.options else "a3"

    drive(m, m._activation(m.models["a1"]), answers(gear_choice=gear, choose_action="done", choose_activation="a1"))
    started = [e.model for e in of(m, ev.ActivationStarted)]
    assert started == ["a1", "a2"] and hats == ["a1"]
    assert [e.reason for e in of(m, ev.TowerGrew) if e.model == "a2"][0] == "swig"


@pytest.mark.rule("fancy_gear", "strong-booze")
def test_strong_booze_once_per_game_d6_damage_to_activate_again():
    """Strong Booze: "once per game, after activating, they may take D6 damage to immediately
    activate again.\""""
    m = game([orc("Drunk", ["strong_booze"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    drive(m, m._activation(m.models["a1"]), answers(gear_choice="drink", choose_action="done"))
    assert [e.model for e in of(m, ev.ActivationStarted)] == ["a1", "a1"]
    assert [e.source for e in of(m, ev.Damaged)] == ["strong booze"]
    drive(m, m._activation(m.models["a1"]), answers(gear_choice="drink", choose_action="done"))
    assert len(of(m, ev.ActivationStarted)) == 3  # no second drink


@pytest.mark.rule("fancy_gear", "tasty-snack")
def test_tasty_snack_once_per_game_fallen_git_boots_itself_up_for_2d6_damage():
    """Tasty Snack: "once per game, if this git has fallen, they may gain 2D6 damage to boot
    themselves up the arse.\""""
    m = game([orc("Snacker", ["tasty_snack"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    g = m.models["a1"]
    stack(m, "a1", 1)
    drive(m, m.tower_fell(g, 0, "test"))
    assert g.fallen and "a1" in m.activatable(0)
    drive(m, m._activation(g))
    assert g.standing and 2 <= g.tower.height <= 12
    drive(m, m.tower_fell(g, 0, "test"))
    assert "a1" not in m.activatable(0)


@pytest.mark.rule("fancy_gear", "banner-ad")
def test_banner_ad_d3_minus_one_caps_when_the_siren_sounds_if_upright():
    """Banner Ad: "when the 30 minute timer goes off, if this git is upright, you immediately gain
    D3-1 caps from the general supply in advertising revenue.\""""
    m = game([orc("Ad", ["banner_ad"])], [orc("B")], {"a1": (5, 5), "b1": (20, 20)}, timer_min=1)
    m.clock_running = True
    stash = m.bosses[0].stash
    m.advance(61)
    won = of(m, ev.CapsWon)
    assert m.siren and len(won) == 1 and 0 <= won[0].caps <= 2
    assert m.bosses[0].stash == stash + won[0].caps
    now, expected = m.caps_accounted()
    assert now == expected


@pytest.mark.rule("fancy_gear", "bully-boots")
def test_bully_boots_nick_d3_caps():
    """Bully Boots: "when this git puts the boot in, they nick D3 caps.\""""
    got = set()
    for seed in range(20):
        m = game([orc("Boots", ["bully_boots"])], [orc("Down")], {"a1": (5, 5), "b1": (5, 5 + 2 * R + 0.01)}, seed=seed)
        m.models["b1"].fallen = True
        drive(m, m._boot(m.models["a1"]), answers(choose_boot=("boot_in", "b1")))
        got.add(of(m, ev.Booted)[-1].caps)
    assert got == {1, 2, 3}


@pytest.mark.rule("fancy_gear", "handcuffs")
def test_handcuffs_enemy_gits_within_one_inch_cannot_stand_up():
    """Handcuffs: "enemy gits within 1" of this model cannot stand up.\""""
    m = game(
        [orc("Cop", ["handcuffs"])],
        [orc("Down"), orc("Pal")],
        {"a1": (5, 5), "b1": (5, 5 + 2 * R + 0.5), "b2": (5, 5 + 4 * R + 0.51)},
    )
    m.models["b1"].fallen = True
    assert not effects.can_stand(m, m.models["b1"])
    assert ("boot_up", "b1") not in m._boot_targets(m.models["b2"])
    m.place_model(m.models["a1"], (15, 15), "test")
    assert ("boot_up", "b1") in m._boot_targets(m.models["b2"])


@pytest.mark.rule("fancy_gear", "bayonet")
def test_bayonet_its_gun_counts_as_a_standard_h2h_weapon_as_well():
    """Bayonet: "it counts as a standard H2H weapon as well.\""""
    m = game([orc("Stabby", ["bayonet"], weapons=("rifle",))], [orc("B")], {"a1": (5, 5), "b1": (20, 20)})
    assert "regular_h2h" in [w.id for w in m.models["a1"].weapons]


@pytest.mark.rule("fancy_gear", "improvised-shield")
def test_improvised_shield_once_per_fight_a_rethrow():
    """Improvised Shield: "this model's boss can ask for a re-throw once per fight. The current
    throw is ignored, and you both throw again.\""""
    m = game([orc("Shield", ["improvised_shield"])], [orc("B")], {"a1": (5, 5), "b1": (5, 5 + 2 * R)})
    rounds, asked = [], []

    def throw(req):
        rounds.append(req.round)
        return ("pinch", "pinch") if len(rounds) < 4 else ("shove", "thump")

    def gear(req):
        asked.append(req.options)
        return "rethrow"

    drive(m, m.combat.fight(m.models["a1"], m.models["b1"]), answers(fight_throw=throw, gear_choice=gear))
    assert asked == [("keep", "rethrow")]  # once per fight
    assert rounds[:2] == [1, 1]  # round 1 thrown twice


@pytest.mark.rule("fancy_gear", "hook-hand")
def test_hook_hand_shover_may_move_itself_any_direction_instead():
    """Hook Hand: "when they shove, they can move themselves (instead of your opponent) in any
    direction.\""""
    m = game([orc("Hook", ["hook_hand"], weapons=("pistol",))], [orc("B")], {"a1": (5, 5), "b1": (5, 5 + 2 * R)})
    drive(
        m,
        m.combat.shove(m.models["a1"], m.models["b1"]),
        answers(gear_choice="self", aim_throw=Throw((15.0, 5.0), 0.1)),
    )
    assert m.position("a1") == pytest.approx((8, 5), abs=1e-6)
    assert m.position("b1") == pytest.approx((5, 5 + 2 * R))


def test_every_gear_id_has_a_handler():
    rules = m = None
    from spacegits_sim.data import default_rules

    rules = default_rules()
    missing = [g for g in rules.gear if not effects.is_implemented("gear", g)]
    assert missing == [], missing
    del m


# (requests imported for the kinds the answer tables name)
_ = (AimThrow, ChooseAction, FightThrow, GearChoice, OrderMoveDie, Reroll)

"""Terrain (rulebook: "Terrain"): every terrain type's rule, each test quoting the sentence it
checks, on small seeded matches with real physics. Crossable terrain (Oil Slick, Toxic Waste,
Rubble) is walked over; machines are booted by a git in contact."""

from __future__ import annotations

import math

import pytest
from helpers import drive, match, scripted

from spacegits_sim.physics.tower import Tower
from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import AimThrow, ArcadeDice, ChooseBoot, Throw
from spacegits_sim.rules.effects.terrain import expected_slot_groups, slot_groups, vend
from spacegits_sim.rules.engine import Match

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc base radius in inches


def orcs(pa=(5, 12), pb=(19, 20), terrain=None, **kw) -> Match:
    return match([[dict(ORC, name="Grunk")], [dict(ORC, name="Urgat")]], {"a1": pa, "b1": pb}, terrain, **kw)


def box(x0, y0, x1, y1, kind):
    return {"type": kind, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def stack(m: Match, mid: str, n: int) -> None:
    for _ in range(n):
        assert m.models[mid].tower.add_die()
    m.sync_tower(m.models[mid])


# ---- Oil Slick ---------------------------------------------------------------------------------


@pytest.mark.rule("terrain", "oil-slick-no-stopping")
def test_oil_slick_you_cannot_stop_on_it_and_keep_travelling_straight_until_you_exit():
    """ "You cannot stop moving on an oil slick: you keep travelling in a straight line until you
    exit the oil slick or bump into something." A 4" move ends on the slick; the git slides on,
    along the same line, until its base is clear of it."""
    m = orcs(terrain=[box(3, 14, 7, 18, "oil_slick")])
    die = m.table.place_die(6, 4, (5, 22))
    drive(m, m.move_towards_die(m.models["a1"], die, 4, "normal"))
    x, y = m.position("a1")
    assert x == pytest.approx(5, abs=1e-6)
    assert y == pytest.approx(18 + R, abs=0.01)  # just clear of the slick's far edge
    assert of(m, ev.Slid) and of(m, ev.ModelMoved)[-1].travelled == pytest.approx(18 + R - 12, abs=0.01)


@pytest.mark.rule("terrain", "oil-slick-no-stopping")
def test_oil_slick_slide_stops_when_it_bumps_into_something():
    """ "…until you exit the oil slick or bump into something": a wall on the slick stops the slide."""
    m = orcs(terrain=[box(3, 14, 7, 19, "oil_slick"), box(3, 17.5, 7, 18, "wall")])
    die = m.table.place_die(6, 4, (5, 22))
    drive(m, m.move_towards_die(m.models["a1"], die, 4, "normal"))
    assert m.position("a1")[1] == pytest.approx(17.5 - R, abs=1e-3)
    assert of(m, ev.ModelMoved)[-1].stop == "terrain:t1"


@pytest.mark.rule("terrain", "crossable-terrain-is-flat")
def test_oil_slick_and_toxic_waste_are_flat_areas_not_walls():
    """The review bug: Oil Slick and Toxic Waste behaved as walls. They are flat: a scoot crosses
    them, a shove into them does no terrain damage, dice land on them, blasts pass over them."""
    for kind in ("oil_slick", "toxic_waste"):
        m = orcs(terrain=[box(3, 14, 7, 16, kind)])
        res = m.table.sweep("a1", toward=(5, 22), distance=8)
        assert res.contact is None and res.travelled == 8
        # a shove across it: no "shoved into some terrain" damage
        m2 = orcs(pa=(5, 12.5), pb=(5, 12.5 - 2 * R), terrain=[box(3, 14, 7, 16, kind)])
        drive(m2, m2.combat.shove(m2.models["b1"], m2.models["a1"]))
        assert not [e for e in of(m2, ev.Damaged) if "shoved into" in e.source]
        # a blast from below passes over it to the git beyond
        m3 = orcs(pa=(5, 18), terrain=[box(3, 14, 7, 16, kind)])
        die = m3.table.place_die(6, 6, (5, 19))
        drive(m3, m3.combat._blast_die("x", (5, 12), die, 6, None))
        blast = of(m3, ev.BlastResolved)[-1]
        assert blast.hit == "figure:a1"


@pytest.mark.rule("terrain", "crossable-terrain-is-flat")
def test_flat_puddles_give_no_cover_but_rubble_does():
    """ "If the line of fire crosses one or more pieces of low terrain … counts their toughness as
    1 higher." Rubble (1.5") is low terrain and gives cover; a 0" puddle hides nothing."""
    for kind, cover in (("toxic_waste", False), ("rubble", True)):
        m = orcs(pa=(5, 5), pb=(5, 12), terrain=[box(3, 8, 7, 9, kind)])
        die = m.table.place_die(6, 6, (5, 16))
        drive(m, m.combat.resolve_bullet(m.models["a1"], m.rules.weapons["pistol"], die, 6))
        assert of(m, ev.BulletResolved)[-1].cover is cover


# ---- Toxic Waste -----------------------------------------------------------------------------


@pytest.mark.rule("terrain", "toxic-waste")
@pytest.mark.parametrize("value, damage", [(1, 1), (2, 1), (3, 0), (6, 0)])
def test_toxic_waste_move_die_used_to_move_through_it_does_one_over_zero(value, damage):
    """ "Move dice that are used to move through Toxic Waste do 1/0 damage to you (e.g. they do 1
    damage to you if the move die's value is under your toughness)." An orc is toughness 3."""
    m = orcs(pa=(5, 13), terrain=[box(3, 14, 7, 14.5, "toxic_waste")])
    assert m.models["a1"].toughness == 3
    die = m.table.place_die(6, value, (5, 22))
    drive(m, m.move_towards_die(m.models["a1"], die, value, "normal"))
    got = sum(e.amount for e in of(m, ev.Damaged) if e.source == "toxic waste")
    assert got == damage


@pytest.mark.rule("terrain", "toxic-waste")
def test_toxic_waste_shove_through_it_is_no_move_die_and_does_nothing():
    """Only "move dice that are used to move through" it hurt: a shove across it does not."""
    m = orcs(pa=(5, 12.5), pb=(5, 12.5 - 2 * R), terrain=[box(3, 14, 7, 14.5, "toxic_waste")])
    drive(m, m.combat.shove(m.models["b1"], m.models["a1"]))
    assert m.position("a1")[1] > 14.5
    assert not [e for e in of(m, ev.Damaged) if e.source == "toxic waste"]


# ---- Rubble ------------------------------------------------------------------------------------


@pytest.mark.rule("terrain", "rubble")
def test_rubble_is_crossed_not_bumped():
    """ "…given you have to move your git's tower with them through this mess…": gits traverse
    rubble (it does not stop a scoot as a wall does)."""
    m = orcs(terrain=[{"type": "rubble", "circle": [[5, 15], 1.2]}])
    die = m.table.place_die(6, 6, (5, 22))
    drive(m, m.move_towards_die(m.models["a1"], die, 6, "normal"))
    assert m.position("a1")[1] == pytest.approx(18, abs=1e-6)
    assert of(m, ev.ModelMoved)[-1].stop is None


def _one_sided_sign_test(more: int, fewer: int) -> float:
    """P(at least ``more`` of ``more + fewer`` discordant pairs go one way) by chance alone (p = 1/2)."""
    k = more + fewer
    return sum(math.comb(k, i) for i in range(more, k + 1)) / 2**k


@pytest.mark.rule("terrain", "rubble")
def test_rubble_shakes_a_carried_tower_harder_traversing_it_is_a_job_for_the_sober():
    """ "…you'll find traversing rubble is a job best left to the sober." The same 3" carry of a
    six-dice tower at normal care, with the same hands (seeds), falls more often over rubble
    (``rough_ground_jitter``). The carries are paired (one tower, one hand, with and without the
    rubble), so the test is the exact one-sided sign test on the pairs where only one fell
    (McNemar's), p < 0.01 over 120 pairs."""
    n = 120

    def fell(s: int, rough: bool) -> bool:
        t = Tower(seed=5000 + s)
        for _ in range(6):
            t.add_die()
        return not t.carry([(76.2, 0.0)], "normal", rough=[[(0.0, 1.0)]] if rough else None)

    pairs = [(fell(s, False), fell(s, True)) for s in range(n)]
    only_rough = sum(r and not f for f, r in pairs)
    only_smooth = sum(f and not r for f, r in pairs)
    assert only_rough > only_smooth
    assert _one_sided_sign_test(only_rough, only_smooth) < 0.01, (only_smooth, only_rough)


# ---- booting machines -----------------------------------------------------------------------


def boot(m: Match, mid: str, terrain_id: str, answer=None):
    targets = m._boot_targets(m.models[mid])
    assert ("boot_terrain", terrain_id) in targets, targets
    return drive(m, m._boot(m.models[mid]), answer or scripted(("boot_terrain", terrain_id)))


def beside(kind: str, **kw) -> Match:
    """Grunk standing in base contact with a 1" machine whose near edge is at y = 13."""
    return orcs(pa=(5, 13 - R), terrain=[box(4.5, 13, 5.5, 14, kind)], **kw)


@pytest.mark.rule("terrain", "machines-booted-in-contact")
def test_machines_can_be_booted_only_by_a_git_in_contact():
    """ "A git in contact can boot it…"."""
    m = orcs(pa=(5, 11), terrain=[box(4.5, 13, 5.5, 14, "vending_machine")])
    assert m._boot_targets(m.models["a1"]) == []
    m.place_model(m.models["a1"], (5, 13 - R), "test")
    assert m._boot_targets(m.models["a1"]) == [("boot_terrain", "t0")]


@pytest.mark.rule("terrain", "machines-booted-in-contact")
def test_no_booting_machines_after_the_siren():
    """ "When you hear the siren … you cannot boot any more.\""""
    m = beside("vending_machine")
    m.siren = True
    assert m._boot_targets(m.models["a1"]) == []


@pytest.mark.rule("terrain", "machines-booted-in-contact")
def test_a_machine_that_costs_a_cap_needs_one_in_the_stash():
    """ "…discard one cap to play": with an empty stash there is nothing to discard."""
    m = beside("slot_machine")
    m.bosses[0].stash = 0
    assert m._boot_targets(m.models["a1"]) == []


@pytest.mark.rule("terrain", "food-stall")
def test_food_stall_boot_discards_d6_dice_from_your_tower():
    """ "A git in contact can boot it to grab a snack: discard D6 dice from your tower.\""""
    m = beside("food_stall")
    stack(m, "a1", 8)
    boot(m, "a1", "t0")
    e = of(m, ev.TerrainBooted)[-1]
    assert 1 <= e.rolls[0] <= 6
    assert m.models["a1"].tower.height == 8 - e.rolls[0] and m.models["a1"].standing


@pytest.mark.rule("terrain", "bar")
def test_bar_boot_thumps_deal_plus_one_plus_one_until_you_fall_over():
    """ "A git in contact can boot the bar to grab a strong drink. Your thumps deal +1/+1 damage
    until you fall over.\""""
    m = beside("bar")
    grunk = m.models["a1"]
    h2h = m.rules.weapons["regular_h2h"]
    assert (effects.weapon_damage(grunk, h2h, False), effects.weapon_damage(grunk, h2h, True)) == (1, 2)
    boot(m, "a1", "t0")
    assert (effects.weapon_damage(grunk, h2h, False), effects.weapon_damage(grunk, h2h, True)) == (2, 3)
    assert effects.weapon_damage(grunk, m.rules.weapons["pistol"], True) == 2  # thumps only
    stack(m, "a1", 2)
    drive(m, m.tower_fell(grunk, grunk.boss, "test"))  # its own boss: it falls over
    assert effects.weapon_damage(grunk, h2h, True) == 2


@pytest.mark.parametrize(
    "rolls, groups",
    [
        ([1, 1, 1], 1),
        ([1, 2, 3, 4], 1),
        ([2, 2, 2, 2], 1),
        ([1, 1, 1, 2, 3, 4, 5], 2),  # three 1s and the run 2-5
        ([1, 2, 3, 4, 4, 4, 4], 2),  # 1-4 plus three 4s (not 4,4,4,4 + nothing)
        ([1, 2, 3, 4, 3, 4, 5, 6], 2),  # two runs
        ([6, 6, 6, 6, 6, 6], 2),
        ([1, 2, 4, 5, 6], 0),
        ([], 0),
    ],
)
@pytest.mark.rule("terrain", "slot-machine")
def test_slot_machine_groups_of_three_of_a_kind_and_four_dice_runs(rolls, groups):
    """ "Group your dice into groups of "three of a kind" and/or "4 dice runs" to win 1 cap for
    each group." Each die counts once; the best grouping is taken."""
    assert slot_groups(rolls) == groups


@pytest.mark.rule("terrain", "slot-machine")
def test_slot_machine_expected_groups_match_exact_probabilities():
    """Three dice: only a triple (6/216). Four dice: a run (3 runs x 4! orders = 72/1296) or at
    least three alike (6 x (4 x 5 + 1) = 126/1296)."""
    assert expected_slot_groups(3) == pytest.approx(6 / 216)
    assert expected_slot_groups(4) == pytest.approx((72 + 126) / 1296)


@pytest.mark.rule("terrain", "slot-machine")
def test_slot_machine_pays_a_cap_rolls_the_tower_wins_a_cap_per_group_and_rebuilds():
    """ "While in contact, you can boot and discard one cap to play. Roll all your tower dice …
    win 1 cap for each group. Then rebuild your tower.\""""
    m = beside("slot_machine")
    stack(m, "a1", 7)
    stash = m.bosses[0].stash
    boot(m, "a1", "t0")
    e = of(m, ev.TerrainBooted)[-1]
    assert e.paid == 1 and len(e.rolls) == 7 and e.caps_won == slot_groups(e.rolls)
    assert m.bosses[0].stash == stash - 1 + e.caps_won
    rebuilt = of(m, ev.TowerRebuilt)[-1]
    assert rebuilt.height == 7 and not rebuilt.safe
    assert m.models["a1"].tower.height == (7 if rebuilt.standing else 0)
    now, expected = m.caps_accounted()
    assert now == expected


@pytest.mark.rule("terrain", "test-your-strength")
def test_test_your_strength_headbutt_toughness_five_any_damage_wins_two_caps():
    """ "…discard one cap to headbutt the machine. It has a toughness of 5. If you do any damage
    to it, you win 2 caps. Ding!" An orc's headbutt (1D6, 0/2) damages it on a 5 or 6."""
    wins = 0
    for seed in range(30):
        m = beside("test_your_strength", seed=seed)
        stash = m.bosses[0].stash
        boot(m, "a1", "t0")
        e = of(m, ev.TerrainBooted)[-1]
        assert e.caps_won == (2 if max(e.rolls) >= 5 else 0)
        assert m.bosses[0].stash == stash - 1 + e.caps_won
        wins += e.caps_won > 0
    assert 0 < wins < 30


@pytest.mark.rule("terrain", "arcade-machine")
def test_arcade_machine_a_cap_for_every_three_dice_nothing_if_it_falls():
    """ "…discard one cap to play. You now have 10 seconds to make a new tower of dice. If this
    tower falls, it's GAME OVER. At the end of the 10 seconds, you win one cap for every 3 dice
    in your tower." The git's own tower is not touched."""
    for seed in range(6):
        m = beside("arcade_machine", seed=seed)
        stack(m, "a1", 2)
        asked: list = []

        def ans(req, asked=asked):
            if isinstance(req, ArcadeDice):
                asked.append(req.options)
                return 9
            return ("boot_terrain", "t0")

        boot(m, "a1", "t0", ans)
        assert asked and max(asked[0]) == 12  # 10 s at 0.8 s a die
        e = of(m, ev.TerrainBooted)[-1]
        assert e.paid == 1 and e.caps_won in (0, 3)  # 9 dice: 3 caps, or GAME OVER
        assert ("GAME OVER" in e.outcome) == (e.caps_won == 0)
        assert m.models["a1"].tower.height == 2


@pytest.mark.rule("terrain", "teleportaloo")
def test_teleportaloo_places_the_git_touching_the_flipped_coin_with_its_tower_safe():
    """ "Flip a coin … into the play area … Place this model in contact with the coin, remove the
    coin, then rebuild their tower next to them. (The tower is safe during this teleport…)\""""
    m = beside("teleportaloo")
    stack(m, "a1", 9)
    caps_before = dict(m.table.tokens)
    boot(m, "a1", "t0", scripted(("boot_terrain", "t0"), Throw((15.0, 6.0), 0.2)))
    placed = of(m, ev.ModelPlaced)[-1]
    assert placed.reason == "teleportaloo"
    assert math.dist(placed.position, (15, 6)) < 6  # the coin landed near where it was flipped
    assert m.models["a1"].tower.height == 9 and m.models["a1"].standing
    assert of(m, ev.TowerRebuilt)[-1].safe
    assert set(m.table.tokens) == set(caps_before)  # the coin is gone again; no cap appeared
    now, expected = m.caps_accounted()
    assert now == expected


@pytest.mark.rule("terrain", "teleportaloo")
def test_teleportaloo_coin_flip_is_asked_as_a_throw():
    m = beside("teleportaloo")
    seen = []

    def ans(req):
        if isinstance(req, AimThrow):
            seen.append(req.purpose)
            return Throw((12.0, 12.0), 0.2)
        return ("boot_terrain", "t0")

    boot(m, "a1", "t0", ans)
    assert seen == ["coin"]


# ---- Vending Machine ----------------------------------------------------------------------------


@pytest.mark.rule("terrain", "vending-machine")
def test_vending_machine_rolls_d6_on_its_table():
    """ "A git in contact can boot it to vend a random item. Roll D6" — the six results, in order."""
    m = beside("vending_machine")
    boot(m, "a1", "t0")
    e = of(m, ev.TerrainBooted)[-1]
    row = m.rules.tables["vending_machine"].lookup(e.rolls[0])
    assert e.outcome.startswith(row.result)


@pytest.mark.rule("terrain", "vend-first-aid-kit")
def test_vend_first_aid_kit_discards_fives_and_sixes_then_rebuilds():
    """ "First Aid Kit: Roll your dice tower, discard any 5-6s, then rebuild it.\""""
    m = beside("vending_machine")
    stack(m, "a1", 10)
    what, caps = drive(m, vend(m, m.models["a1"], "first_aid_kit"))
    rebuilt = of(m, ev.TowerRebuilt)[-1]
    rolls = eval(what.split("rolls ")[1].split("]")[0] + "]")  # noqa: S307  (our own list repr)
    assert rebuilt.height == sum(v < 5 for v in rolls) and caps == 0


@pytest.mark.rule("terrain", "vend-supa-ammo")
def test_vend_supa_ammo_plus_one_shooting_damage_for_two_shoot_actions():
    """ "SupaAmmo: +1/+1 damage to this git's shooting weapons for their next two shoot actions.\""""
    m = beside("vending_machine")
    g, pistol = m.models["a1"], m.rules.weapons["pistol"]
    drive(m, vend(m, g, "supa_ammo"))
    for left in (2, 1):
        assert (effects.weapon_damage(g, pistol, False), effects.weapon_damage(g, pistol, True)) == (2, 3), left
        assert effects.weapon_damage(g, m.rules.weapons["regular_h2h"], True) == 2
        effects.after_shoot(g, m)
    assert effects.weapon_damage(g, pistol, True) == 2


@pytest.mark.rule("terrain", "vend-cooking-pot")
def test_vend_cooking_pot_immune_to_shots_and_blasts_until_it_falls_over():
    """ "Head-Sized Cooking Pot: Immune to shooting and explosion damage until they fall over.\""""
    m = beside("vending_machine")
    g = m.models["a1"]
    drive(m, vend(m, g, "cooking_pot"))
    drive(m, m.combat.damage(g, 3, "shot", "shot"))
    drive(m, m.combat.damage(g, 3, "blast", "blast"))
    assert g.tower.height == 0
    drive(m, m.combat.damage(g, 1, "thumped", "fight"))
    assert g.tower.height == 1
    drive(m, m.tower_fell(g, g.boss, "test"))
    assert "cooking_pot" not in g.tokens


@pytest.mark.rule("terrain", "vend-energy-drink")
def test_vend_energy_drink_six_d6_move_dice_for_the_next_two_activations():
    """ "Energy Drink: Roll 6D6 move dice for their next two activations.\""""
    m = beside("vending_machine")
    g = m.models["a1"]
    drive(m, vend(m, g, "energy_drink"))
    assert effects.move_dice(g) == (6, 6, 6)  # not this activation
    for _ in range(2):
        effects.activation_start(g, m)
        assert effects.move_dice(g) == (6,) * 6
        effects.activation_end(g, m)
    effects.activation_start(g, m)
    assert effects.move_dice(g) == (6, 6, 6)


@pytest.mark.rule("terrain", "vend-can-of-spinach")
def test_vend_can_of_spinach_double_damage_in_fights_until_it_falls_over():
    """ "Can of Spinach: Deals double damage in fights until they fall over.\""""
    m = beside("vending_machine")
    g = m.models["a1"]
    drive(m, vend(m, g, "can_of_spinach"))
    assert effects.fight_damage(g, 3) == 6
    drive(m, m.tower_fell(g, g.boss, "test"))
    assert effects.fight_damage(g, 3) == 3


@pytest.mark.rule("terrain", "vend-777")
def test_vend_triple_seven_wins_three_caps():
    """ "777: Win 3 bottle caps.\""""
    m = beside("vending_machine")
    stash = m.bosses[0].stash
    _, caps = drive(m, vend(m, m.models["a1"], "triple_seven"))
    assert caps == 3 and m.bosses[0].stash == stash + 3
    now, expected = m.caps_accounted()
    assert now == expected


def test_every_vending_table_result_has_a_handler():
    m = beside("vending_machine")
    for row in m.rules.tables["vending_machine"].rows:
        assert isinstance(effects.REGISTRY["vending"].get(row.extra["effect"]), type), row.result


@pytest.mark.rule("terrain", "machines-booted-in-contact")
def test_booting_is_offered_as_a_choice_and_logged():
    m = beside("bar")
    req = next(m._boot(m.models["a1"]))
    assert isinstance(req, ChooseBoot) and ("boot_terrain", "t0") in req.options

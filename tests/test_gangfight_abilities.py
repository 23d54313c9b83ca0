"""The Fantasy faction abilities and the skills that act on the table (abilities.py, reviving.py),
each test quoting its rule (tests/conformance/gangfight_skills.yaml). Real components: the real
physics table and dice tray, the bundled YAML; models are set where a test needs them."""

from __future__ import annotations

import math

import pytest
from test_gangfight import HERO_RACE, _answer, _hero, _m, _sk, game, last

from spacegits_sim.data.errors import DataError
from spacegits_sim.rulesets.gangfight import abilities as ab
from spacegits_sim.rulesets.gangfight.gangs import gang_from_doc
from spacegits_sim.rulesets.gangfight.skills import Hit, skills_of

HERO_RACE.update(demonic_covens="demon", beast_packs="wolf")
FM = ("mortal_guilds", "mortal_guilds")


def _gang(faction, models, hero_race=None, hero_skills=(), hero_raise=None):
    hero = _hero()
    hero["race"] = hero_race or HERO_RACE[faction]
    hero["skills"] = list(hero_skills)
    if hero_raise:
        hero["raise"] = hero_raise
    pad = {**_m("pad", "minion"), "race": HERO_RACE[faction]}
    return {"name": "G", "setting": "fantasy", "faction": faction, "leader": "boss", "models": [hero, *models, pad]}


def _problems(doc):
    with pytest.raises(DataError) as e:
        gang_from_doc(doc, "g.yaml")
    return str(e.value)


def _rolls(g, purpose):
    return [e for e in g.events if e.kind == "gf_rolled" and e.purpose.startswith(purpose)]


# ---------------------------------------------------------------- gang building


@pytest.mark.rule("gangfight_skills", "faction-abilities-in-gang-building")
def test_faction_abilities_cost_5_xp_count_as_skills_and_heroes_take_two():
    """ "Each gift will cost 5 XP, and count toward the amount of skills you may possess." "Coven
    Mebers, Henchmen and Minons may select one, while Heroes may choose two." "any Demon character
    may choose Demonic Gifts"; "Wings - Birds, Bats, and some Insects and Reptiles may be winged";
    "All Vampires must choose this skill." """
    raise_ = {"str": 2, "qui": 2, "sta": 1, "int": 2, "mc": 2}
    plain = gang_from_doc(_gang("demonic_covens", [_sk("d", [], race="demon", raise_=raise_)]), "g.yaml")
    g = gang_from_doc(_gang("demonic_covens", [_sk("d", ["hate"], race="demon", raise_=raise_)]), "g.yaml")
    assert g.models[1].xp == plain.models[1].xp + 5 and "hate" in g.models[1].skills
    assert [h.id for h in skills_of(g.models[1].skills)] == ["hate"]
    msg = _problems(_gang("demonic_covens", [_sk("d", ["hate", "spite"], race="demon", raise_=raise_)]))
    assert "2 faction abilities: a henchman may take 1" in msg
    hero = gang_from_doc(
        _gang("demonic_covens", [_m("x", "minion")] * 0 + [_sk("d", [], race="demon")], hero_skills=["hate", "spite"]),
        "g.yaml",
    )
    assert hero.models[0].skills == ("hate", "spite")
    # a possessed mortal in a Coven is no Demon; an Undead ability is not a Coven's
    msg = _problems(_gang("demonic_covens", [_sk("h", ["hate"], race="human", raise_=raise_)]))
    assert "'any Demon character may choose Demonic Gifts'" in msg
    msg = _problems(_gang("demonic_covens", [_sk("d", ["horrify"], race="demon", raise_=raise_)]))
    assert "Horrify is a Undead Hordes ability" in msg
    msg = _problems(_gang("beast_packs", [_sk("w", ["wings"], race="wolf", raise_=raise_)]))
    assert "Wings is for bat, bird, insect, reptile, not a wolf" in msg
    # counted against Intellect: Int 1 with one skill and one ability is over
    msg = _problems(_gang("undead_hordes", [_sk("z", ["bravery", "horrify"], race="zombie", raise_={"str": 2})]))
    assert "2 skills" in msg
    msg = _problems(_gang("undead_hordes", [_sk("v", [], race="vampire", raise_=raise_)]))
    assert "a Vampire must take bloodsucker" in msg


@pytest.mark.rule("gangfight_skills", "recruiting-skills")
def test_a_leader_with_a_recruiting_skill_adds_henchmen_and_minions_of_another_faction():
    """ "Necromancer - If your Leader has this skill, you may recruit Undead Henchmen or Minions, but
    not Heroes." Without the skill (or with it on someone else) the one-faction rule stands."""
    zombie = _sk("z", [], race="zombie", raise_={"str": 2})
    hraise = {"str": 2, "qui": 3, "sta": 2, "int": 2, "mc": 3, "rc": 3}
    ok = gang_from_doc(_gang("mortal_guilds", [zombie], hero_skills=["necromancer"], hero_raise=hraise), "g.yaml")
    assert ok.models[1].race == "zombie"
    assert "one faction" in _problems(_gang("mortal_guilds", [zombie]))
    wight_hero = _sk("w", [], race="wight", level="hero", raise_={"str": 2})
    msg = _problems(_gang("mortal_guilds", [wight_hero], hero_skills=["necromancer"], hero_raise=hraise))
    assert "'but not Heroes'" in msg
    other = _sk("n", ["necromancer"], raise_={"str": 2, "int": 2}, race="human")
    assert "one faction" in _problems(_gang("mortal_guilds", [other, zombie]))


# ---------------------------------------------------------------- faction abilities in play


def _beasts(skills_a, b_items=("hand_weapon",), a_items=(), gap=1.3):
    return game(
        [(_sk("x", skills_a, list(a_items), race="wolf"), (10, 10), 0)],
        [(_m("y", items=list(b_items)), (10 + 1 + gap - 0.3, 10), 180)],
        factions=("beast_packs", "mortal_guilds"),
    )


@pytest.mark.rule("gangfight_skills", "hate-and-vicious-bite")
def test_hate_adds_strength_in_melee_and_vicious_bite_is_a_strength_plus_one_attack_held_alone():
    """ "Hate - Gain +1 Strength for all Melee attacks." "Vicious Bite - This Beast may make a melee
    attack with +1 Strength, this attack cannot benefit from having two melee weapons equipped." """
    g = game(
        [(_sk("x", ["hate"], ["hand_weapon", "short_bow"], race="demon"), (10, 10), 0)],
        [(_m("y"), (11.5, 10), 180), (_m("z"), (20, 10), 180)],
        factions=("demonic_covens", "mortal_guilds"),
    )
    x = g.models["a_x"]
    x.loadout = ("hand_weapon",)
    g._resolve(x, g.models["b_y"], ranged=False)
    e = last(g, "gf_attack")
    assert e.strength == g.item("hand_weapon").strength_for(x.a("str")) + 1 and "hate +1 Strength" in e.mods
    x.loadout = ("short_bow",)
    g.models["b_y"].status = "out"
    g._resolve(x, g.models["b_z"], ranged=True)
    assert "hate +1 Strength" not in last(g, "gf_attack").mods  # melee only

    g = _beasts(["vicious_bite"], a_items=["light_hand_weapons", "light_hand_weapons"])
    x = g.models["a_x"]
    assert ("vicious_bite",) in g.loadouts(x) and not any(len(lo) == 2 and "vicious_bite" in lo for lo in g.loadouts(x))
    x.loadout = ("vicious_bite",)
    g._resolve(x, g.models["b_y"], ranged=False)
    e = last(g, "gf_attack")
    assert e.weapon == "Vicious Bite" and e.strength == x.a("str") + 1 and "two weapons +1D6" not in e.mods
    assert e.dice == x.a("mc")  # face to face: no die for the second claw-hand weapon


@pytest.mark.rule("gangfight_skills", "savage-claws")
def test_savage_claws_give_bare_hands_the_two_weapon_die():
    """ "Savage Claws - This Beast's bare hands are considered to be Light Melee Weapons, thus they
    will always have a +1D6 to hit in melee combat as if they were wielding two 1-handed melee
    weapons." """
    for skills, extra in ((["savage_claws"], 1), ([], 0)):
        g = _beasts(skills)
        x = g.models["a_x"]
        x.loadout = ()
        g._resolve(x, g.models["b_y"], ranged=False)
        e = last(g, "gf_attack")
        assert e.weapon == "Fists" and e.dice == x.a("mc") + extra, skills
        assert ("savage claws +1D6" in e.mods) == bool(extra)


@pytest.mark.rule("gangfight_skills", "bloodsucker")
def test_bloodsucker_regains_a_health_point_for_a_melee_wound_never_above_its_start():
    """ "Bloodsucker - Wound an enemy model in melee combat, and regain 1 lost point of Health, but
    you cannot heal higher than your starting Health amount." """
    g = game(
        [(_sk("v", ["bloodsucker"], ["hand_weapon"], race="vampire", raise_={"str": 2, "int": 2}), (10, 10), 0)],
        [(_m("y", level="hero"), (11.5, 10), 180)],
        factions=("undead_hordes", "mortal_guilds"),
    )
    v, y = g.models["a_v"], g.models["b_y"]
    v.hp = v.max_hp - 1
    g._defend(v, y, 7, 6, False, [])  # a sure wound: no saves can meet 6 hits
    assert v.hp == v.max_hp and last(g, "gf_healed").by == "bloodsucker"
    g._defend(v, y, 7, 6, False, [])
    assert v.hp == v.max_hp and len([e for e in g.events if e.kind == "gf_healed"]) == 1  # already whole
    v.hp = 1
    g._defend(v, y, 7, 6, True, [])  # a ranged wound: nothing
    assert v.hp == 1


@pytest.mark.rule("gangfight_skills", "pestilence")
def test_pestilence_takes_a_stamina_point_from_the_next_activation_of_a_model_it_injures():
    """ "Pestilence - Any enemy character you injure in Melee combat will have a -1 Stamina penalty in
    their next Activation." """
    g = game(
        [(_sk("d", ["pestilence"], ["hand_weapon"], race="demon"), (10, 10), 0)],
        [(_m("y", level="hero", raise_={"str": 2, "sta": 3}), (11.5, 10), 180)],
        factions=("demonic_covens", "mortal_guilds"),
    )
    d, y = g.models["a_d"], g.models["b_y"]
    g._defend(d, y, 7, 6, False, [])
    asked = _answer(g._activation(y), "end")
    assert last(g, "gf_activated").actions == y.a("sta") - 1 and asked[0].prompt.endswith(f"of {y.a('sta') - 1}")
    _answer(g._activation(y), "end")
    assert last(g, "gf_activated").actions == y.a("sta")  # the next one only


@pytest.mark.rule("gangfight_skills", "spite")
def test_spite_adds_a_die_against_the_enemy_that_injured_it_in_its_previous_activation():
    """ "Spite - Roll +1 D6 to hit when attacking an enemy character that injured you in his previous
    activation." """
    g = game(
        [(_sk("d", ["spite"], ["hand_weapon"], race="demon", level="hero", raise_={"str": 3}), (10, 10), 0)],
        [(_m("y", items=["hand_weapon"]), (11.5, 10), 180)],
        factions=("demonic_covens", "mortal_guilds"),
    )
    d, y = g.models["a_d"], g.models["b_y"]
    hit = Hit(False, False, (), frozenset())
    g.active = y
    y.marks["activations"] = 1
    g._defend(y, d, 7, 6, False, [])  # y wounds d in y's activation 1
    g.active = d
    assert ab.attack_dice(g, d, y, hit) == [("spite", 1)]
    g._resolve(d, y, ranged=False)
    assert "spite +1D6" in last(g, "gf_attack").mods
    y.marks["activations"] = 2  # y has activated again without hurting d: no longer
    assert ab.attack_dice(g, d, y, hit) == []
    g.active = d
    d.marks["activations"] = 1
    h = g.models["a_boss"]
    g._defend(y, h, 7, 6, False, [])  # a wound in someone else's activation (a free attack) does not count
    assert "a_boss" not in h.marks.get("injured_by", {}) and y.id not in h.marks.get("injured_by", {})


@pytest.mark.rule("gangfight_skills", "horrify")
def test_horrify_adds_one_to_the_morale_target_of_enemies_within_3_inches():
    """ "Horrify - ... Any enemy model within 3\\" of you will have a +1 penalty added to their Morale
    Target Number." """
    g = game(
        [(_sk("h", ["horrify"], race="wight"), (12.5, 10), 180), ({**_m("w"), "race": "wight"}, (30, 30), 0)],
        [(_m("x"), (10, 10), 0), (_m("u"), (3, 30), 0), (_m("v"), (3, 33), 0)],
        factions=("undead_hordes", "mortal_guilds"),
    )
    for mid in ("b_boss", "b_u", "b_v"):
        g.models[mid].status = "out"
    x = g.models["b_x"]
    base = g.morale_target(x)
    assert base is not None and ab.morale_penalty(g, x) == 1
    _answer(g._activation(x))
    assert _rolls(g, "morale")[-1].target == base + 1
    g.models["a_h"].pos = (16.5, 10)  # 5" away now
    assert ab.morale_penalty(g, x) == 0


@pytest.mark.rule("gangfight_skills", "running-wild")
def test_running_wild_moves_up_to_18_inches_an_activation():
    """ "Running Wild - This Beast may move a maximum of 18\\", rather than the usual 12\\"." """
    g = _beasts(["running_wild"], gap=20)
    x = g.models["a_x"]
    x.moved = 12.0
    assert g.max_move(x) == 18 and g.move_allowance(x) == pytest.approx(min(x.a("qui"), 6))
    g2 = _beasts([], gap=20)
    g2.models["a_x"].moved = 12.0
    assert g2.move_allowance(g2.models["a_x"]) == 0


@pytest.mark.rule("gangfight_skills", "running-wild")
def test_running_wild_climbs_a_ladder_past_twelve_inches():
    """ "Running Wild - This Beast may move a maximum of 18\", rather than the usual 12\"." A climb
    keeps to the activation's maximum: the Beast's 18", not the usual 12"."""
    from spacegits_sim.rulesets.gangfight import heights

    tower = {
        "id": "tower",
        "kind": "platform",
        "height": 2.0,
        "polygon": [[22, 16], [26, 16], [26, 20], [22, 20]],
        "access": [{"kind": "ladder", "foot": [21.0, 18.0], "top": [22.9, 18.0]}],
    }
    for skills, climbs in ((["running_wild"], True), ([], False)):
        g = game(
            [(_sk("x", skills, race="wolf"), (21.0, 18.0), 0)],
            [(_m("y"), (5, 30), 180)],
            terrain=[tower],
            factions=("beast_packs", "mortal_guilds"),
        )
        x = g.models["a_x"]
        x.moved = 10.0  # + 1.9" across and 2" up: 13.9"
        assert heights.move_cost(g, "climb:tower:0", x.pos, (22.9, 18.0)) == pytest.approx(3.9)
        assert ("climb:tower:0" in {s[0] for s in g.move_spots(x)}) == climbs


@pytest.mark.rule("gangfight_skills", "lust")
def test_lust_draws_each_enemy_within_6_inches_whose_intellect_the_die_meets():
    """ "Lust - Use an action to draw enemies toward you once per Activation. Roll 1D6 for each enemy
    model within 6\\". if you meet or exceed their Intellect level, they will immediately move
    directly toward you, moving an amount of inches equal to their Quickness." """
    pulled = resisted = 0
    for seed in range(12):
        g = game(
            [(_sk("d", ["lust"], race="demon"), (10, 10), 0)],
            [(_m("y", raise_={"str": 2, "qui": 2, "int": 2}), (14, 10), 180), (_m("far"), (25, 10), 180)],
            factions=("demonic_covens", "mortal_guilds"),
        )
        g.streams = type(g.streams)(seed)
        d, y = g.models["a_d"], g.models["b_y"]
        assert "ability:lust" in g.action_options(d)
        before = g.gap(d, y)
        _answer(ab.perform(g, d, "ability:lust"))
        rolls = _rolls(g, "lust")
        assert len(rolls) == 1  # the model 15" away is not rolled for
        face = int(rolls[0].dice[0][0])
        if face >= y.a("int"):
            pulled += 1
            assert g.gap(d, y) == pytest.approx(max(0.0, before - y.a("qui")), abs=0.05)
            assert last(g, "gf_moved").how == "pulled"
        else:
            resisted += 1
            assert g.gap(d, y) == pytest.approx(before)
        assert "ability:lust" not in g.action_options(d)  # once per activation
    assert pulled and resisted


# ---------------------------------------------------------------- skills that act


@pytest.mark.rule("gangfight_skills", "healer-revives")
def test_a_healer_revives_a_fallen_friend_in_its_space_rolling_at_or_below_its_stamina():
    """ "Healer - May revive a friendly model that is out of action" and the core rule: "the healer
    must have the fallen model in his personal space ... make an Intellect roll, using the fallen
    model's Stamina as a Target Number, however in this case you must roll at or below their Stamina
    level ... rolling a 1 will not be an automatic failure. If successful, the model wills stand back
    up with 1 Health." """
    outcomes = set()
    for seed in range(10):
        g = game(
            [(_sk("h", ["healer"], raise_={"str": 2, "int": 2}), (10, 10), 0), (_m("f"), (11.4, 10), 0)],
            [(_m("y"), (30, 30), 180)],
            factions=FM,
        )
        g.streams = type(g.streams)(seed)
        h, f = g.models["a_h"], g.models["a_f"]
        assert not any(o.startswith("revive:") for o in g.action_options(h))
        g._wound(f, "b_y")
        g._wound(f, "b_y")
        assert f.status == "out" and "revive:a_f" in g.action_options(h)
        _answer(ab.perform(g, h, "revive:a_f"))
        r = _rolls(g, "revive")[-1]
        assert len(r.dice) == h.a("int") and r.target == f.a("sta")
        ok = any(d[0] <= f.a("sta") for d in r.dice)
        assert (f.status == "ready" and f.hp == 1) == ok and (f.status == "out") != ok
        outcomes.add(ok)
        if ok:
            assert last(g, "gf_healed").revived and "a_f" in g.table._figures
    assert outcomes == {True, False}
    # too far, or pulverized: not on offer
    g = game(
        [(_sk("h", ["healer"], raise_={"str": 2, "int": 2}), (10, 10), 0), (_m("f"), (14, 10), 0)],
        [(_m("y"), (30, 30), 180)],
        factions=FM,
    )
    g._wound(g.models["a_f"], "b_y")
    g._wound(g.models["a_f"], "b_y")
    assert not any(o.startswith("revive:") for o in g.action_options(g.models["a_h"]))


@pytest.mark.rule("gangfight_skills", "pulverize")
def test_pulverize_in_melee_leaves_the_fallen_beyond_reviving():
    """ "Pulverize - In melee combat, your enemies will not be able to be revived if taken out of
    action." (A ranged kill by the same model can still be revived.)"""
    for ranged, revivable in ((False, False), (True, True)):
        g = game(
            [(_sk("h", ["healer"], raise_={"str": 2, "int": 2}), (10, 10), 0), (_m("f"), (11.4, 10), 0)],
            [(_sk("p", ["pulverize"], ["hand_weapon"]), (12.9, 10), 180)],
            factions=FM,
        )
        f, p = g.models["a_f"], g.models["b_p"]
        f.hp = 1
        g._defend(p, f, 7, 6, ranged, [])
        assert f.status == "out"
        assert ("revive:a_f" in g.action_options(g.models["a_h"])) == revivable


@pytest.mark.rule("gangfight_skills", "hit-and-run")
def test_hit_and_run_escapes_the_free_attacks_on_a_quickness_roll_against_the_enemies_around():
    """ "Hit & Run - When attempting to break away from melee combat, make a Quickness roll with a
    target number equal to the amount of enemies in your Personal Space to a maximum of 6. If
    successful, enemies will not be able to make free attacks when you leave melee combat." """
    seen = set()
    for seed in range(24):
        g = game(
            [(_sk("x", ["hit_and_run"], raise_={"str": 2, "int": 2}), (10, 10), 0)],
            [
                (_m("y", items=["hand_weapon"]), (11.5, 10), 180),
                (_m("z", items=["hand_weapon"]), (10, 11.5), 270),
                (_m("w", items=["hand_weapon"]), (8.5, 10), 0),
            ],
            factions=FM,
        )
        g.streams = type(g.streams)(seed)
        x = g.models["a_x"]
        _answer(g._break_away(x))
        r = _rolls(g, "hit and run")[-1]
        assert r.target == 3 and len(r.dice) == x.a("qui")  # three enemies in its space
        free = [e for e in g.events if e.kind == "gf_attack" and e.how == "free"]
        assert (r.successes >= 1) == (not free)
        seen.add(r.successes >= 1)
    assert seen == {True, False}


def _trick(skill, b_items=("hand_weapon",), carried=()):
    g = game(
        [(_sk("x", [skill], ["hand_weapon"], raise_={"str": 2, "qui": 2, "int": 2, "mc": 2}), (10, 10), 0)],
        [(_m("y", items=list(b_items)), (11.5, 10), 180)],
        factions=FM,
    )
    g.models["b_y"].carried = list(carried)
    for o in carried:
        g.objectives[o] = None
    return g


@pytest.mark.rule("gangfight_skills", "disarm")
def test_disarm_rolls_at_quickness_and_a_failed_defence_drops_the_weapon_until_picked_up():
    """ "Disarm - Roll to hit like a melee attack, using your Quickness level instead of Strength. If
    the opponent fails to defend himself, instead of being injured the last weapon he used will fall
    to the ground. He must use an action to pick it up at the start of his next Activation." """
    for seed in range(30):
        g = _trick("disarm")
        g.streams = type(g.streams)(seed)
        x, y = g.models["a_x"], g.models["b_y"]
        held = y.loadout
        assert "disarm" in g.action_options(x)
        _answer(ab.perform(g, x, "disarm"), "b_y")
        a = last(g, "gf_attack")
        assert a.strength == x.a("qui") and f"Strength {x.a('qui')} (Quickness)" in a.mods
        d = [e for e in g.events if e.kind == "gf_defended"]
        if d and d[-1].wounded:
            break
    else:
        pytest.fail("no disarm got through in 30 tries")
    assert y.hp == y.max_hp and y.loadout == () and held not in g.loadouts(y)
    assert "disarm" not in g.action_options(x)  # nothing left to take
    asked = _answer(g._activation(y), "pick_up", "end")
    acts = [r for r in asked if r.kind == "gf_action"]
    assert acts[0].options == ("pick_up",) and y.loadout == held
    assert "pick_up" not in acts[1].options


@pytest.mark.rule("gangfight_skills", "pickpocket")
def test_pickpocket_steals_an_objective_instead_of_wounding():
    """ "Pickpocket - Roll to hit like a melee attack, using your Quickness level instead of Strength.
    If the opponent fails to defend himself, instead of being injured you may steal one Objective
    that they are carrying." """
    assert "pickpocket" not in _trick("pickpocket").action_options(_trick("pickpocket").models["a_x"])
    for seed in range(30):
        g = _trick("pickpocket", carried=["o1"])
        g.streams = type(g.streams)(seed)
        x, y = g.models["a_x"], g.models["b_y"]
        assert "pickpocket" in g.action_options(x)
        _answer(ab.perform(g, x, "pickpocket"), "b_y")
        d = last(g, "gf_defended")
        if d.wounded:
            assert x.carried == ["o1"] and y.carried == [] and y.hp == y.max_hp
            return
        assert y.carried == ["o1"]
    pytest.fail("no pickpocket got through in 30 tries")


def test_one_hook_replaces_a_wound_for_the_skills_and_the_spell_each_as_its_words_say():
    """The engine's one "instead of a wound" hook (wounds.py). Disarm and Pickpocket: "If the
    opponent fails to defend himself, instead of being injured ...": nothing of the wound happens
    (no Health lost, a Binding weapon does not bind), and only to the opponent. Hypnotic Gaze:
    "Wounded enemy model loses Stamina instead of Health": no Health lost, but it is wounded (a
    Binding hold still follows), every model it wounds."""
    from spacegits_sim.rulesets.gangfight.spells import REGISTRY as SPELLS
    from spacegits_sim.rulesets.gangfight.traits import traits_of
    from spacegits_sim.rulesets.gangfight.wounds import InsteadOfWound

    (disarm,) = skills_of(("disarm",))
    (pickpocket,) = skills_of(("pickpocket",))
    gaze = SPELLS["spells"]["hypnotic_gaze"]
    assert isinstance(disarm, InsteadOfWound) and isinstance(pickpocket, InsteadOfWound)
    assert not disarm.wounded and disarm.target_only and not pickpocket.wounded and pickpocket.target_only
    assert issubclass(gaze, InsteadOfWound) and gaze.wounded and not gaze.target_only

    class Record(InsteadOfWound):
        def __init__(self, wounded):
            self.wounded, self.seen = wounded, []

        def instead_of_wound(self, g, attacker, victim):  # noqa: ARG002
            self.seen.append((attacker.id, victim.id))

    for wounded in (False, True):
        g = game([(_m("x"), (10, 10), 0)], [(_m("y"), (11.5, 10), 180)])
        x, y = g.models["a_x"], g.models["b_y"]
        hook = Record(wounded)
        assert g._defend(x, y, 7, 6, False, traits_of(("binding",)), instead=hook)  # a sure failed Defense
        assert hook.seen == [("a_x", "b_y")] and y.hp == y.max_hp
        assert not [e for e in g.events if e.kind == "gf_wounded"]
        assert y.bound == wounded


@pytest.mark.rule("gangfight_skills", "planner")
def test_planner_reserves_an_action_for_the_next_game_turn():
    """ "Planner - Reserve 1 action to use as a bonus action in the next Game Turn." """
    g = game([(_sk("x", ["planner"]), (10, 10), 0)], [(_m("y"), (30, 30), 180)], factions=FM)
    x = g.models["a_x"]
    g.turn = 2
    asked = _answer(g._activation(x), "plan", "end")
    assert "plan" in asked[0].options and "plan" not in asked[1].options  # one reserved at a time
    g.turn = 3
    _answer(g._activation(x), "end")
    assert last(g, "gf_activated").actions == x.a("sta") + 1
    g.turn = 4
    _answer(g._activation(x), "end")
    assert last(g, "gf_activated").actions == x.a("sta")
    g.turn = g.scenario.turns
    assert "plan" not in g.action_options(x)  # no next game turn to use it in


@pytest.mark.rule("gangfight_skills", "engineer")
def test_engineer_adds_a_die_with_artillery_only():
    """ "Engineer - Gain +1D6 to hit when attacking with Artillery." """
    (h,) = skills_of(("engineer",))
    assert h.hit_dice(Hit(True, False, ("artillery", "slow"), frozenset())) == 1
    assert h.hit_dice(Hit(True, False, ("slow",), frozenset())) == 0


def test_the_heuristic_revives_a_fallen_friend_when_it_can():
    from spacegits_sim.rulesets.gangfight.ai import HeuristicController
    from spacegits_sim.rulesets.gangfight.requests import Action

    g = game(
        [(_sk("h", ["healer"], raise_={"str": 2, "int": 2}), (10, 10), 0), (_m("f"), (11.4, 10), 0)],
        [(_m("y"), (30, 30), 180)],
        factions=FM,
    )
    f = g.models["a_f"]
    f.hp = 1
    g._wound(f, "b_y")
    h = g.models["a_h"]
    req = Action(0, g.action_options(h), "", "a_h")
    assert HeuristicController(1, 0).decide(req, g) == "revive:a_f"
    assert math.isfinite(ab.worth(g, h, "revive:a_f")) and ab.worth(g, h, "revive:a_f") > 0


@pytest.mark.rule("gangfight_skills", "lucky")
def test_lucky_dice_are_a_pool_of_quickness_dice_added_to_a_roll_that_falls_short_and_then_gone():
    """ "Lucky - Start the game with a pool of Lucky Dice equal to your Quickness. Any amount of these
    dice may be added to any roll you are required to make at any time, however once these dice are
    used, they are gone for the remainder of the game." """
    g = game(
        [(_m("x", items=["hand_weapon"]), (10, 10), 0)],
        [(_sk("y", ["lucky"], raise_={"str": 2, "qui": 2, "int": 2}, level="hero"), (11.5, 10), 180)],
        factions=FM,
    )
    x, y = g.models["a_x"], g.models["b_y"]
    assert y.marks["lucky"] == y.a("qui") and "lucky" not in x.marks
    spent = 0
    while y.marks["lucky"] > 0:
        before = y.marks["lucky"]
        g._defend(x, y, 5, 3, False, [])
        d = last(g, "gf_defended")
        main = [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "defense"][-1]
        extra = [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "lucky dice (defense)"]
        used = before - y.marks["lucky"]
        if main.successes >= 3:
            assert used == 0  # a roll that holds spends nothing
        else:
            assert used >= 1 and extra[-1].seq > main.seq and len(extra[-1].dice) == used
            assert d.saves == main.successes + extra[-1].successes
            assert d.saves >= 3 or y.marks["lucky"] == 0  # one at a time until it holds or the pool is empty
        spent += used
        y.hp = y.max_hp
    assert spent == y.a("qui")
    g._defend(x, y, 5, 3, False, [])  # gone for the remainder of the game
    assert y.marks["lucky"] == 0


@pytest.mark.rule("gangfight_skills", "overwatch")
def test_overwatch_interrupts_an_enemy_move_that_brings_it_into_view():
    """ "Overwatch - Reserve one action to attack an enemy that later moves into view. You may attack
    as soon as this enemy finishes their current Move action, interrupting their activation. They
    may continue their activation after your attack (if they survive)." """

    def setup():
        g = game(
            [(_sk("x", ["overwatch"], ["short_bow"]), (10, 10), 0)],
            [(_m("y", raise_={"str": 2, "qui": 2, "sta": 2, "mc": 2}), (25, 10), 180)],
            factions=FM,
        )
        return g, g.models["a_x"], g.models["b_y"]

    g, x, y = setup()
    assert "overwatch" in g.action_options(x) and g.targets(x) == []
    _answer(ab.perform(g, x, "overwatch"))
    assert x.marks["overwatch"] and "overwatch" not in g.action_options(x)
    asked = _answer(g._move(y), "dir4", "face:a_x", "shoot:b_y")
    assert [r.kind for r in asked] == ["gf_move", "gf_face", "gf_overwatch"]
    assert asked[2].boss == 0 and asked[2].options == ("shoot:b_y", "hold")
    moved, shot = last(g, "gf_moved"), last(g, "gf_attack")
    assert shot.model == "a_x" and shot.target == "b_y" and shot.seq > moved.seq and shot.how == "ranged"
    assert "overwatch" not in x.marks  # the reserved action is spent
    # holding keeps it; an enemy already in view is no interrupt; the next activation ends it
    g, x, y = setup()
    _answer(ab.perform(g, x, "overwatch"))
    _answer(g._move(y), "dir4", "face:a_x", "hold")
    assert x.marks["overwatch"]
    asked = _answer(g._move(y), "dir4", "face:a_x")
    assert [r.kind for r in asked] == ["gf_move", "gf_face"]
    _answer(g._activation(x), x.loadout, "end")
    assert "overwatch" not in x.marks


@pytest.mark.rule("gangfight_skills", "arcane")
def test_arcane_offers_the_casting_roll_one_more_die():
    """ "Arcane - Roll +1D6 when casting magic spells." The casting roll asks each skill of the
    caster for ``cast_dice``; Arcane answers 1, a skill without it nothing."""
    (h,) = skills_of(("arcane",))
    assert h.cast_dice() == 1
    assert not hasattr(skills_of(("warrior",))[0], "cast_dice")


@pytest.mark.rule("gangfight_skills", "arcane")
def test_arcane_adds_its_die_to_an_attack_spells_roll_to_hit():
    """Fantasy p.4: "Arcane - Roll +1D6 when casting magic spells." Spells p.9: "tossing a Magic
    Missile will require you to use your Ranged Combat attribute ... Attack spells will roll to
    hit like normal": that roll is the casting, so Arcane's die joins it (a Magic Missile thrown
    by an Arcane Demon rolls Ranged Combat + 1 dice), and a caster without Arcane rolls none more."""
    from spacegits_sim.rulesets.gangfight import magic

    caster = {"str": 2, "qui": 2, "sta": 1, "int": 2, "rc": 2}  # Intellect 3 (+1 a demon's)
    g = game(
        [
            (_sk("x", ["magic_user", "arcane"], race="demon", raise_=caster, spells=["magic_missile"]), (10, 10), 0),
            (_sk("z", ["magic_user"], race="demon", raise_=caster, spells=["magic_missile"]), (10, 20), 0),
        ],
        [(_m("y"), (16, 10), 180), (_m("w"), (16, 20), 180)],
        factions=("demonic_covens", "mortal_guilds"),
    )
    for mid, target, more in (("a_x", "b_y", 1), ("a_z", "b_w", 0)):
        m = g.models[mid]
        _answer(magic.act(g, m, "cast:magic_missile"), target)
        e = last(g, "gf_attack")
        assert e.weapon == "Magic Missile" and e.dice == m.a("rc") + more
        assert ("arcane +1D6" in e.mods) == bool(more)


def test_a_hot_seat_player_is_offered_the_ability_actions_in_words_and_can_take_them(tmp_path, monkeypatch):
    """The Coven played by hand (SDL dummy driver) in the bundled Coven-and-Pack game: its skill and
    ability actions come up as buttons in words (no raw ids), taking them plays on, and the game
    ends and saves a replay that rebuilds."""
    from gangfight_kit import hotseat, questions

    from spacegits_sim.play.replay import load_replay, rebuild

    kit = hotseat(monkeypatch, "fantasy_cornered", 3, {0}, save_path=tmp_path / "h.replay.json")
    app, surf, fonts = kit.app, kit.surf, kit.fonts
    ai = kit.rs.make_controller("heuristic", 3, 0)
    core = {"move", "turn", "attack", "break_away", "free", "reload", "change", "end"}
    taken: list[str] = []
    for req in questions(app, 6000):
        app.draw(surf, fonts)
        if req.kind == "gf_action":
            extra = [o for o in req.options if o not in core and not o.startswith("capture:")]
            for o in extra:
                assert ":" not in app.label(o) and "_" not in app.label(o), (o, app.label(o))
            if extra:
                taken.append(app.label(extra[0]))
                app.choose(list(req.options).index(extra[0]))
                continue
        app.match.answer(ai.decide(req, app.match))  # the rest as the heuristic would
    assert app.finished, (app.waiting(), app.message)
    assert any(t.startswith("use ability") for t in taken), taken  # Vessra's Lust
    app.save()
    assert rebuild(load_replay(tmp_path / "h.replay.json"), "h").ok


@pytest.mark.rule("gangfight_skills", "winged-and-wings")
def test_a_winged_demon_and_a_winged_bat_fly_over_obstacles_however_tall():
    """ "Winged - A special Gift, any Demon my be Winged for +5 XP, allowing them to fly." "Wings -
    Birds, Bats, and some Insects and Reptiles may be winged, and will be able to Fly when moving."
    The core rule: "Flying models will always ignore obstacles in their path". A wall 3" high stops
    a walker; a flyer crosses it for nothing (no hop, no inch spent)."""
    wall = {"id": "wall", "kind": "obstacle", "height": 3, "polygon": [[12, 5], [12.5, 5], [12.5, 15], [12, 15]]}
    low = {"id": "fence", "kind": "obstacle", "height": 0.8, "polygon": [[12, 20], [12.5, 20], [12.5, 30], [12, 30]]}
    for faction, race, ability in (("demonic_covens", "demon", "winged"), ("beast_packs", "bat", "wings")):
        g = game(
            [
                (_sk("f", [ability], race=race, raise_={"str": 2, "qui": 2, "int": 2}), (10, 8), 0),
                (_sk("w", [], race=race), (10, 12), 0),
                (_sk("v", [ability], race=race, raise_={"str": 2, "qui": 2, "int": 2}), (10, 25), 0),
            ],
            [(_m("y"), (34, 2), 180)],
            terrain=[wall, low],
            factions=(faction, "mortal_guilds"),
        )
        f, w, v = g.models["a_f"], g.models["a_w"], g.models["a_v"]
        assert f.flying and not w.flying
        _e, far, hops, _o = g.slide(f, 0.0, 4.0)
        assert far == pytest.approx(4.0, abs=1e-3) and hops == 0  # over the 3" wall
        _e, far, hops, _o = g.slide(w, 0.0, 4.0)
        assert far < 1.6 and hops == 0  # a walker stops at it
        _e, far, hops, _o = g.slide(v, 0.0, 4.0)
        assert far == pytest.approx(4.0, abs=1e-3) and hops == 0  # a low fence costs a flyer nothing either
    g = gang_from_doc(_gang("demonic_covens", [_sk("d", ["winged"], race="demon")]), "g.yaml")
    assert not g.warnings  # it plays: no NOT SIMULATED warning


def test_lucky_dice_come_to_a_defence_with_no_dice_of_its_own():
    """Super Strength can leave a Defense roll with no dice: the Lucky Dice are still "added to any
    roll", and only a 6 meets a Strength of 7."""
    g = game(
        [(_m("x", items=["hand_weapon"]), (10, 10), 0)],
        [(_sk("y", ["lucky"], raise_={"str": 2, "qui": 2, "int": 2}), (11.5, 10), 180)],
        factions=FM,
    )
    x, y = g.models["a_x"], g.models["b_y"]
    g._defend(x, y, 7, 1, False, [])
    main = [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "defense"][-1]
    extra = [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "lucky dice (defense)"][-1]
    assert main.dice == [] and len(extra.dice) >= 1
    assert extra.successes == sum(1 for d in extra.dice if d[0] == 6)

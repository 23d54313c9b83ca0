"""Factions (rulebook: "Factions"): "All the models in your mob get the special rule for that
faction." One test per rule, quoting it, on small seeded matches with real physics."""

from __future__ import annotations

import pytest
from helpers import default_answer, drive, scenario

from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import Deploy, Throw
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangs import gang_from_doc
from spacegits_sim.rules.scenario import Player

R = 25 / 25.4 / 2


def orc(name: str) -> dict:
    return {"type": "orc", "name": name, "weapons": ["pistol", "regular_h2h"]}


def game(red: list[dict], blue: list[dict], where: dict, red_faction=None, blue_faction=None, seed: int = 1) -> Match:
    from spacegits_sim.data import default_rules

    sc = scenario([red, blue], seed=seed)
    rules = default_rules()
    players = tuple(
        Player(p.boss, gang_from_doc({"name": "g", "gits": gits, **({"faction": f} if f else {})}, "<g>", rules))
        for p, gits, f in zip(sc.players, (red, blue), (red_faction, blue_faction), strict=True)
    )
    m = Match(sc.__class__(**{**sc.__dict__, "players": players}))
    spots = iter([(x, y) for y in (1.5, 22.5, 6.5, 17.5) for x in (1.5, 6.5, 11.5, 16.5, 21.5)])
    while isinstance(m.pending, Deploy):
        mid = m.pending.models[0]
        p = next(spots)
        while m.pending.legal(mid, p) is not None:
            p = next(spots)
        m.answer((mid, p))
    for mid, pos in where.items():
        m.place_model(m.models[mid], pos, "test set-up")
    return m


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def stack(m: Match, mid: str, n: int) -> None:
    for _ in range(n):
        assert m.models[mid].tower.add_die()
    m.sync_tower(m.models[mid])


def answers(**by_kind):
    def ans(req):
        a = by_kind.get(req.kind)
        if a is None:
            return default_answer(req)
        return a(req) if callable(a) else a

    return ans


@pytest.mark.rule("factions", "mob-gets-the-rule")
def test_every_model_of_the_gang_gets_the_faction_rule():
    m = game([orc("A"), orc("B")], [orc("C")], {}, red_faction="bad_docs")
    assert all(any(h.id == "pulling_teeth" for h in m.models[i].effects) for i in ("a1", "a2"))
    assert not any(h.id == "pulling_teeth" for h in m.models["b1"].effects)


@pytest.mark.rule("factions", "tasty-smells")
def test_tasty_smells_after_each_activation_friends_within_2d6_discard_a_die():
    """Grill Cooks, Tasty Smells: "After each activation, each other friendly model within 2D6"
    discards a dice from their tower." 2D6 is at least 2": a friend 1" away always smells it."""
    m = game([orc("Cook"), orc("Pal")], [orc("Foe")], {"a1": (5, 5), "a2": (5, 7), "b1": (7, 5)}, "grill_cooks")
    for mid in ("a1", "a2", "b1"):
        stack(m, mid, 4)
    drive(m, m._activation(m.models["a1"]), answers(choose_action="done"))
    assert m.models["a2"].tower.height == 3
    assert m.models["b1"].tower.height == 4


@pytest.mark.rule("factions", "grabbing-hands")
def test_grabbing_hands_ending_a_move_die_within_3_of_a_cap_push_towards_it():
    """City Boys, Grabbing Hands: "If this git ends a move dice within 3" of a cap, they may push
    directly toward it up to 3"." The push bumps the cap 2" away: looted."""
    m = game([orc("Toff")], [orc("Foe")], {"a1": (5, 5), "b1": (20, 20)}, "city_boys")
    cap = m.table.add_token((5, 5 + R + 2.0))
    m.caps_from_supply += 1
    stash = m.bosses[0].stash
    drive(m, effects.after_move_die(m, m.models["a1"]), answers(gear_choice="grab"))
    assert cap not in m.table.tokens and m.bosses[0].stash == stash + 1


@pytest.mark.rule("factions", "invisible-walls")
def test_invisible_walls_enemy_starting_outside_3_halts_3_away():
    """Riot Mimes, Invisible Walls: "An enemy git that starts a movement dice move outside of 3"
    of this model must halt at 3" away. They can move closer with their next move dice.\""""
    m = game([orc("Mime")], [orc("Runner")], {"a1": (5, 15), "b1": (5, 8)}, "riot_mimes")
    die = m.table.place_die(6, 6, (5, 14))
    drive(m, m.move_towards_die(m.models["b1"], die, 6, "normal"))  # 6" would end 1" from the mime
    gap = m.table.distance_between("a1", "b1")
    assert gap == pytest.approx(3.0, abs=1e-6)
    m.discard_die(die)
    die2 = m.table.place_die(6, 2, (5, 20))
    drive(m, m.move_towards_die(m.models["b1"], die2, 2, "normal"))  # the next die: closer
    assert m.table.distance_between("a1", "b1") == pytest.approx(1.0, abs=1e-6)


@pytest.mark.rule("factions", "the-fuzz-handcuffs")
def test_the_fuzz_after_a_shove_a_d6_move_that_brings_you_into_contact():
    """The Fuzz, Handcuffs: "After you shove an enemy, you may roll a D6 as a move dice and move
    using it, if it would bring you into contact with an enemy model.\""""
    chased = 0
    for seed in range(1, 13):
        m = game([orc("Cop")], [orc("Perp")], {"a1": (5, 5), "b1": (5, 5 + 2 * R)}, "the_fuzz", seed=seed)
        m.active_model = "a1"
        asked = []
        drive(
            m,
            m.combat._effect(m.models["a1"], m.models["b1"], "shove"),
            answers(gear_choice=lambda r, asked=asked: asked.append(r.options) or "chase"),
        )
        if asked:
            chased += 1
            assert m.table.distance_between("a1", "b1") < 0.03  # in contact again
        else:  # the D6 fell short of the 3" gap
            assert m.table.distance_between("a1", "b1") > 2.9
    assert chased


@pytest.mark.rule("factions", "berserk")
def test_berserk_ending_within_3_of_an_enemy_move_into_contact():
    """Mushroom Psycho Barbarian Vikings, Berserk: "If this git ends its movement within 3" of an
    enemy model, it may move into contact with that git (if it can do so in a straight line).\""""
    m = game(
        [orc("Viking")], [orc("Foe")], {"a1": (5, 5), "b1": (5, 5 + 2 * R + 2.5)}, "mushroom_psycho_barbarian_vikings"
    )
    drive(m, effects.after_scoot(m, m.models["a1"]), answers(gear_choice="charge"))
    assert of(m, ev.FightBroke)[-1].active == "a1"


@pytest.mark.rule("factions", "ptsd")
def test_ptsd_fallen_git_boots_itself_up_for_2d6_a_double_and_it_is_out():
    """Old Boys, PTSD: "If this git has fallen, they may gain 2D6 damage to boot themselves up the
    arse. If they roll a double, they are out and removed from play.\""""
    outcomes = set()
    for seed in range(1, 40):
        m = game([orc("Vet")], [orc("Foe")], {"a1": (5, 5), "b1": (20, 20)}, "old_boys", seed=seed)
        g = m.models["a1"]
        g.fallen = True
        m.table.set_upright("a1", False)
        assert "a1" in m.activatable(0)
        drive(m, m._activation(g))
        if g.removed:
            outcomes.add("out")
        else:
            assert g.standing
            (hurt,) = [e for e in of(m, ev.Damaged) if e.source == "PTSD"]
            assert 3 <= hurt.amount <= 11  # 2D6 that is no double: never 2 or 12
            outcomes.add("up")
    assert outcomes == {"out", "up"}


@pytest.mark.rule("factions", "encouraging-chants")
def test_encouraging_chants_a_friend_swigs_for_rerolls_of_move_dice():
    """Agitators, Encouraging Chants: "When a friendly git within 6" rolls their move dice, this git
    may take a swig to let the other git re-roll any/all of their move dice.\""""
    m = game([orc("Mover"), orc("Chanter")], [orc("Foe")], {"a1": (5, 5), "a2": (8, 5), "b1": (20, 20)}, "agitators")
    landed = drive(m, m.throw(0, "a1", "move", (6, 6, 6), Throw((12.0, 12.0), 0.3)))
    rerolled = []

    def reroll(req):
        rerolled.append(req.options)
        return req.options[0]

    out = drive(m, effects.after_move_throw(m, m.models["a1"], landed), answers(gear_choice="a2", reroll=reroll))
    assert len(rerolled) == 3  # any/all: each die once
    assert m.models["a2"].tower.height == 1  # the chanter's swig
    assert {d[0] for d in out}.isdisjoint({d[0] for d in landed})


@pytest.mark.rule("factions", "green-wing")
def test_green_wing_a_friend_swigs_to_reroll_one_shooting_die():
    """The Green Wing: "When a friendly git within 6" makes a shooting attack, this git may take a
    swig to let the other git re-roll one of their shooting dice.\""""
    m = game(
        [orc("Shooter"), orc("Helper")], [orc("Foe")], {"a1": (5, 5), "a2": (8, 5), "b1": (20, 20)}, "the_green_wing"
    )
    landed = drive(m, m.throw(0, "a1", "bullet", (6, 6), Throw((12.0, 12.0), 0.3), keep_lost=True))
    asked = []
    drive(
        m,
        effects.after_bullet_throw(m, m.models["a1"], landed),
        answers(gear_choice="a2", reroll=lambda r: asked.append(r.options) or r.options[0]),
    )
    assert len(asked) == 1  # one die only
    assert m.models["a2"].tower.height == 1


@pytest.mark.rule("factions", "pulling-teeth")
def test_pulling_teeth_boot_in_loots_d3_caps():
    """Bad Docs, Pulling Teeth: "This git loots D3 caps when it puts the boot in.\""""
    got = set()
    for seed in range(1, 25):
        m = game([orc("Doc")], [orc("Down")], {"a1": (5, 5), "b1": (5, 5 + 2 * R + 0.01)}, "bad_docs", seed=seed)
        m.models["b1"].fallen = True
        drive(m, m._boot(m.models["a1"]), answers(choose_boot=("boot_in", "b1")))
        got.add(of(m, ev.Booted)[-1].caps)
    assert got == {1, 2, 3}


def test_every_faction_rule_has_a_handler():
    from spacegits_sim.data import default_rules

    rules = default_rules()
    assert [f.rule_id for f in rules.factions.values() if not effects.is_implemented("factions", f.rule_id)] == []

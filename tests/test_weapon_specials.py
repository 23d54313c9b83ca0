"""Weapon special rules that resolve bullets their own way (rulebook: "Weapon Special Rules"):
Lob, Gout, Grappling Hook and Portal, each test quoting the sentence it checks. Bullet dice are
put on the table where a test wants them; the physics does the rest."""

from __future__ import annotations

import math

import pytest
from helpers import drive, match

from spacegits_sim.physics.table import Kind, Thing
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import AimThrow, ChooseGuns, GrappleWho, OrderBullet, Throw
from spacegits_sim.rules.effects.weapon_specials import Portal
from spacegits_sim.rules.engine import Match

R = 25 / 25.4 / 2  # a 25 mm base radius in inches


def git(kind: str, name: str, weapons: list[str]) -> dict:
    return {"type": kind, "name": name, "weapons": weapons}


def pair(a: dict, b: dict, pa, pb, terrain=None, more: list | None = None, positions=None, **kw) -> Match:
    gangs = [[a] + (more or []), [b]]
    pos = {"a1": pa, "b1": pb, **(positions or {})}
    return match(gangs, pos, terrain, **kw)


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def fire(m: Match, mid: str, weapon: str, value: int, at) -> None:
    die = m.table.place_die(6, value, at)
    drive(m, m.combat.resolve_bullet(m.models[mid], m.rules.weapons[weapon], die, value))
    m.discard_die(die)


def aim_at(*points):
    """Answer the explosion/bullet aims of a flow with these points in turn (then the middle)."""
    it = iter(points)

    def ans(req):
        if isinstance(req, AimThrow):
            return Throw(next(it, (12.0, 12.0)), 0.1)
        return req.options[0]

    return ans


# ---- Lob ------------------------------------------------------------------------------------------


def test_lob_ignores_the_line_of_fire_and_explodes_x_at_the_bullet_die():
    """ "When resolving a bullet dice from this weapon, ignore the line of fire. Instead, if the
    bullet dice is within the weapon's range, it explodes (x) where x is equal to the result on
    the bullet dice." A wall between lobber and die does not stop it."""
    m = pair(
        git("orc", "Bomber", ["improvised_bombs"]),
        git("orc", "Target", ["pistol"]),
        (5, 5),
        (5, 20),
        terrain=[{"type": "wall", "polygon": [[2, 7], [8, 7], [8, 7.5], [2, 7.5]]}],
    )
    fire(m, "a1", "improvised_bombs", 4, (5, 9))
    boom = of(m, ev.Exploded)[-1]
    assert boom.x == 4 and boom.position == pytest.approx((5, 9), abs=1e-6)


def test_lob_out_of_range_is_discarded():
    """ "If it is out of range, it is discarded." Improvised Bombs reach 6"."""
    m = pair(git("orc", "Bomber", ["improvised_bombs"]), git("orc", "T", ["pistol"]), (5, 5), (20, 20))
    fire(m, "a1", "improvised_bombs", 5, (5, 5 + R + 6.5))
    assert not of(m, ev.Exploded)


def test_lob_jam_explodes_one_inch_away_at_the_dice_maximum():
    """ "If the bullet dice is a 1, a jam, place it exactly 1" away from the git that lobbed it
    along the line of fire. It explodes (x) there instead, where x is the highest result the
    bullet dice could have rolled." A D6: explode (6), 1" from the lobber's base."""
    m = pair(git("orc", "Bomber", ["improvised_bombs"]), git("orc", "T", ["pistol"]), (5, 5), (20, 20))
    die = m.table.place_die(6, 1, (5, 9))
    drive(m, m.combat.resolve_bullet(m.models["a1"], m.rules.weapons["improvised_bombs"], die, 1), aim_at())
    boom = of(m, ev.Exploded)[-1]
    assert boom.x == 6
    assert boom.position == pytest.approx((5, 5 + R + 1), abs=1e-6)
    assert of(m, ev.BulletResolved)[-1].jammed


# ---- Gout ------------------------------------------------------------------------------------------


def test_gout_hits_everything_in_its_path_not_just_the_first_thing():
    """ "Each bullet from this weapon travels … directly towards one of the bullet dice a number
    of inches equal to the gun's range, but hits everything in its path, not just the first
    thing." Two gits in a line both take the flame (the Flamethrower: 6", 1/2, Gout and Fire)."""
    m = pair(
        git("orc", "Burner", ["flamethrower"]),
        git("orc", "Front", ["pistol"]),
        (5, 5),
        (5, 7.5),
        more=[git("orc", "Friend", ["pistol"])],
        positions={"a2": (5, 10)},
    )
    fire(m, "a1", "flamethrower", 6, (5, 11.5))
    hit = [e.hit for e in of(m, ev.BulletResolved)]
    assert hit == ["figure:b1", "figure:a2"]
    assert {e.model for e in of(m, ev.Damaged)} == {"b1", "a2"}


def test_gout_is_stopped_by_a_wall():
    """Our reading (docs/rules.md): a wall stops even a gout; the git behind it is not hit."""
    m = pair(
        git("orc", "Burner", ["flamethrower"]),
        git("orc", "Hidden", ["pistol"]),
        (5, 5),
        (5, 9),
        terrain=[{"type": "wall", "polygon": [[2, 7], [8, 7], [8, 7.5], [2, 7.5]]}],
    )
    fire(m, "a1", "flamethrower", 6, (5, 10.5))
    assert [e.hit for e in of(m, ev.BulletResolved)] == ["terrain:t0"]
    assert not of(m, ev.Damaged)


# ---- Grappling Hook -----------------------------------------------------------------------------------


def test_grappling_hook_hitting_a_cap_loots_it():
    """ "If a bullet dice from this weapon hits a cap, you loot it.\""""
    m = pair(git("orc", "Hooker", ["grappling_gun"]), git("orc", "T", ["pistol"]), (5, 5), (20, 20))
    cap = m.table.add_token((5, 9))
    stash = m.bosses[0].stash
    fire(m, "a1", "grappling_gun", 4, (5, 12))
    assert cap not in m.table.tokens and m.bosses[0].stash == stash + 1
    assert m.position("a1") == pytest.approx((5, 5))


def test_grappling_hook_lower_toughness_shooter_scoots_towards_the_target():
    """ "If your toughness is lower than theirs, you treat them as a move dice and scoot." A goblin
    (2) hooks a bullorc (4) 8" away with a 5: the goblin moves 5" towards it."""
    m = pair(git("goblin", "Gob", ["grappling_gun"]), git("bullorc", "Big", ["pistol"]), (5, 5), (5, 13))
    fire(m, "a1", "grappling_gun", 5, (5, 16))
    assert m.position("a1") == pytest.approx((5, 10), abs=1e-6)
    assert m.position("b1") == pytest.approx((5, 13))
    assert of(m, ev.ModelMoved)[-1].reason == "grapple"


def test_grappling_hook_higher_toughness_target_scoots_towards_the_shooter():
    """ "If your toughness is higher than theirs, they treat your model as a move dice and
    immediately scoot." A bullorc hooks a goblin: the goblin is reeled in by the die's 4"."""
    m = pair(git("bullorc", "Big", ["grappling_gun"]), git("goblin", "Gob", ["pistol"]), (5, 5), (5, 13))
    fire(m, "a1", "grappling_gun", 4, (5, 16))
    assert m.position("b1") == pytest.approx((5, 9), abs=1e-6)
    assert m.position("a1") == pytest.approx((5, 5))


def test_grappling_hook_same_toughness_you_choose_which_model_scoots():
    """ "If your toughness is the same, you choose which model scoots.\""""
    m = pair(git("orc", "A", ["grappling_gun"]), git("orc", "B", ["pistol"]), (5, 5), (5, 13))
    die = m.table.place_die(6, 3, (5, 16))
    asked = []

    def ans(req):
        if isinstance(req, GrappleWho):
            asked.append(req.options)
            return "target"
        return req.options[0]

    drive(m, m.combat.resolve_bullet(m.models["a1"], m.rules.weapons["grappling_gun"], die, 3), ans)
    assert asked == [("shooter", "target")]
    assert m.position("b1") == pytest.approx((5, 10), abs=1e-6)


def test_grappling_hook_on_terrain_toughness_100_pulls_the_shooter():
    """ "If it hits a model (or terrain*) … *Terrain counts as toughness 100." The shooter is the
    lower: it scoots towards the wall (and stops against it)."""
    m = pair(
        git("bullorc", "Big", ["grappling_gun"]),
        git("orc", "T", ["pistol"]),
        (5, 5),
        (20, 20),
        terrain=[{"type": "wall", "polygon": [[2, 9], [8, 9], [8, 9.5], [2, 9.5]]}],
    )
    fire(m, "a1", "grappling_gun", 6, (5, 12))
    assert m.position("a1")[1] == pytest.approx(9 - m.table.figure_radius("a1"), abs=1e-3)  # a 32 mm base


# ---- Portal ------------------------------------------------------------------------------------------


def test_portal_dice_are_thrown_separately_entrance_then_exit():
    """ "Roll the two bullet dice separately. Before rolling, choose one to be the orange entrance
    dice, and one to be the blue exit dice.\""""
    m = pair(git("orc", "Porter", ["portal_gun"]), git("orc", "T", ["pistol"]), (5, 5), (5, 12))
    purposes = []

    def ans(req):
        if isinstance(req, ChooseGuns):
            return ("portal_gun",)
        if isinstance(req, AimThrow):
            purposes.append((req.purpose, req.dice))
            return Throw((5.0, 14.0) if req.purpose == "portal_in" else (20.0, 20.0), 0.1)
        if isinstance(req, OrderBullet):
            return req.options[0]
        return req.options[0]

    drive(m, m.combat.shoot(m.models["a1"]), ans)
    assert purposes == [("portal_in", (6,)), ("portal_out", (6,))]
    assert not m.table.dice  # both portal dice are gone afterwards


def _portal(m: Match, thing, exit_at) -> None:
    drive(m, Portal()._teleport(m.combat, thing, exit_at), aim_at())


def test_portal_teleports_a_model_into_contact_with_the_exit_its_tower_safe():
    """ "The first model … hit by the orange entrance dice is teleported. Its owner places it in
    contact with the blue exit dice and rebuilds its dice tower next to it (the tower is safe
    and cannot fall down as a result of being moved in this way).\""""
    m = pair(git("orc", "Porter", ["portal_gun"]), git("orc", "T", ["pistol"]), (5, 5), (5, 12))
    for _ in range(9):
        m.models["b1"].tower.add_die()
    line = m.table.line_of_fire("a1", (5, 14), 12)
    first = Portal._first(m.combat, line.all_hits)
    assert first.thing.id == "b1"
    _portal(m, first.thing, (20.0, 20.0))
    assert math.dist(m.position("b1"), (20, 20)) == pytest.approx(R + 0.3, abs=1e-6)
    assert m.models["b1"].tower.height == 9 and m.models["b1"].standing
    assert of(m, ev.TowerRebuilt)[-1].safe


def test_portal_barrel_teleported_immediately_explodes_at_the_exit():
    """ "Barrels teleported in this way immediately explode.\""""
    m = pair(
        git("orc", "Porter", ["portal_gun"]),
        git("orc", "T", ["pistol"]),
        (5, 5),
        (20, 5),
        terrain=[{"type": "exploding_barrel", "circle": [[5, 9], 0.5]}],
    )
    line = m.table.line_of_fire("a1", (5, 14), 12)
    first = Portal._first(m.combat, line.all_hits)
    assert first.thing.id == "t0"  # a barrel is hit although it is low terrain
    _portal(m, first.thing, (18.0, 18.0))
    boom = of(m, ev.Exploded)[-1]
    assert boom.origin == "t0" and boom.position == pytest.approx((18, 18))
    assert not m.table.has_terrain("t0")


def test_portal_cap_teleported_into_contact_with_a_model_is_looted_by_it():
    """ "Caps teleported into contact with a model are immediately looted by that model.\""""
    m = pair(git("orc", "Porter", ["portal_gun"]), git("orc", "T", ["pistol"]), (5, 5), (20, 20))
    cap = m.table.add_token((5, 9))
    m.caps_from_supply += 1  # (put on the table by the test)
    cap_r = 13 / 25.4 / 2
    # the cap is put just east of the exit die; Urgat stands touching that spot
    exit_at = (12.0, 12.0)
    m.place_model(m.models["b1"], (12.0 + 0.3 + 2 * cap_r + R, 12.0), "test")
    stash = m.bosses[1].stash
    _portal(m, Thing(Kind.TOKEN, cap), exit_at)
    assert cap not in m.table.tokens and m.bosses[1].stash == stash + 1
    now, expected = m.caps_accounted()
    assert now == expected


def test_portal_entrance_jam_teleports_nothing():
    """A natural 1 on the entrance die jams (Jams: "discard it without resolving it"): nothing is
    teleported. Real throws, seed by seed, until the entrance die shows a 1."""

    def ans(req):
        if isinstance(req, ChooseGuns):
            return ("portal_gun",)
        if isinstance(req, AimThrow):
            return Throw((5.0, 14.0) if req.purpose == "portal_in" else (20.0, 20.0), 0.1)
        return req.options[0]

    for seed in range(1, 80):
        m = pair(git("orc", "Porter", ["portal_gun"]), git("orc", "T", ["pistol"]), (5, 5), (5, 12), seed=seed)
        drive(m, m.combat.shoot(m.models["a1"]), ans)
        entrance = next(e for e in of(m, ev.DiceThrown) if e.purpose == "portal_in").dice[0]
        if entrance["value"] == 1 and entrance["position"] is not None:
            assert of(m, ev.BulletResolved)[-1].jammed
            assert not [e for e in of(m, ev.ModelPlaced) if e.reason == "portal"]
            return
    pytest.fail("no entrance die showed a 1 in 79 seeds")

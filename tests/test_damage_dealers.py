"""Who dealt each point of damage (the ``by`` of a ``damaged`` event), and the campaign rules that
read it: Bollocks to It rolls the dice an enemy gives, whatever it gave them with (a shove into a
wall, a bomb's blast, a fuel can, a bass drop); Dangerous Driving charges the driver of a vehicle
that damaged or removed an enemy model, by any of its means."""

from __future__ import annotations

import pytest
from helpers import buggy, drive, match, of, vmatch
from test_afterparty_book import derby_start
from test_campaign import derby_campaign

from spacegits_sim import campaign as camp
from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc's base radius, inches
GRUMPY = dict(ORC, name="Grumpy", attitude=6)  # Bollocks to It discards every die under a 6
NORTH = 1.5707963267948966


def wall(x0, y0, x1, y1):
    return {"type": "wall", "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def bollocks(m) -> list[ev.BollocksToIt]:
    return [e for e in of(m, ev.BollocksToIt) if e.model == "a1"]


# ---- Bollocks to It: every die an enemy gives ------------------------------------------------------


@pytest.mark.rule("campaigns", "bollocks-to-it")
def test_bollocks_to_it_for_a_shove_into_a_wall_by_an_enemy():
    """ "When an opponent gives you some dice to add to your tower, you can roll them before
    stacking them." Damage is dice "your opponent gives you" (Damage): an enemy's shove into a
    wall gives the 1 damage, so it is rolled for — and the log names the shover."""
    m = match([[GRUMPY], [dict(ORC, name="Urg")]], {"a1": (4 + 2 * R, 12), "b1": (4, 12)}, terrain=[wall(7, 10, 8, 14)])
    drive(m, m.combat.shove(m.models["b1"], m.models["a1"]))
    hit = [e for e in of(m, ev.Damaged) if e.model == "a1"]
    assert hit and hit[-1].by == "b1" and hit[-1].source.startswith("shoved into")
    assert len(bollocks(m)) == 1 and bollocks(m)[0].rolls and bollocks(m)[0].attitude == 6


@pytest.mark.rule("campaigns", "bollocks-to-it")
def test_bollocks_to_it_for_an_enemys_blast_and_fuel_can_not_a_friends():
    """ "When an opponent gives you some dice …": an enemy's bomb blast and an enemy's Fuel Can
    toss are the enemy's dice; a friend's blast is not an opponent's."""
    m = match(
        [[GRUMPY, dict(ORC, name="Pal")], [dict(ORC, name="Urg", gear=["fuel_can"])]],
        {"a1": (14, 12), "a2": (2, 2), "b1": (12, 14)},
    )
    die = m.table.place_die(6, 6, (20.0, 12.0))
    drive(m, m.combat._blast_die("bomb", (12.0, 12.0), die, 6, None, 0.0, m.models["a2"]))  # a friend's
    assert not bollocks(m) and of(m, ev.Damaged)[-1].by == "a2"
    m.models["a1"].tower.clear()
    die = m.table.place_die(6, 6, (20.0, 12.0))
    drive(m, m.combat._blast_die("bomb", (12.0, 12.0), die, 6, None, 0.0, m.models["b1"]))  # an enemy's
    assert len(bollocks(m)) == 1 and of(m, ev.Damaged)[-1].by == "b1"
    m.models["a1"].tokens["on_fire"] = 1
    drive(m, m.take_action(m.models["b1"], "toss_fuel_can"), lambda r: "a1" if "a1" in r.options else r.options[0])
    assert len(bollocks(m)) == 2 and of(m, ev.Damaged)[-1].by == "b1"


@pytest.mark.rule("campaigns", "bollocks-to-it")
def test_bollocks_to_it_for_an_enemy_vehicles_bass_drop():
    """ "When an opponent gives you some dice …": the D3 of an enemy vehicle's bass drop
    (Insanely Loud Sound System) is that vehicle's, so rolled for."""
    m = vmatch(
        [GRUMPY],
        [buggy(mods=["insanely_loud_sound_system"])],
        {"b1v": (12, 12, NORTH), "a1": (15, 12)},
        terrain=[wall(17, 9, 18, 15)],
    )
    drive(m, effects.act(m, m.models["b1v"], "drop_the_bass"))
    hit = [e for e in of(m, ev.Damaged) if e.model == "a1"]
    assert hit and hit[-1].by == "b1v" and "bass drop" in hit[-1].source
    assert len(bollocks(m)) == 1


# ---- Dangerous Driving: damaged or removed, by any means of the vehicle ----------------------------


@pytest.mark.rule("campaigns", "dangerous-driving")
def test_dangerous_driving_for_a_vehicles_mods_guns_and_blasts_and_for_running_a_git_over():
    """ "Dangerous Driving: If this git was the driver of a vehicle that damaged or removed an
    enemy model, check this offense." Any damage the vehicle dealt — a bass drop, a Wrecking
    Ball's or a mine's blast, a gun fired in its shoot action — and a fallen enemy git run over
    ("removed … from play by running them over", as the Gory Trophy Rack says it). Damage to a
    friend, or none at all, charges nothing."""
    c = derby_campaign()
    start, gazbag, enemy = derby_start(c)
    v = gazbag + "v"
    friend = next(m["id"] for m in start.models if m["boss"] == 0 and m["id"] != gazbag and "crew" not in m)
    for dealt in (
        ev.Damaged(enemy, 2, "the bass drop of Gazbag's Buggy", v),
        ev.Damaged(enemy, 1, "caught in the blast of Gazbag's Buggy", v),
        ev.Damaged(enemy, 2, "shot by Gazbag's Buggy", v),
        ev.RanOver(v, enemy),
    ):
        assert camp.read_game([start, dealt]).offenses.get(gazbag, set()) >= {"dangerous_driving"}, dealt
    for quiet in (
        ev.Damaged(friend, 2, "the bass drop of Gazbag's Buggy", v),
        ev.Damaged(enemy, 0, "the bass drop of Gazbag's Buggy; 2 stopped", v),
        ev.Damaged(enemy, 2, "shot by Rukk", friend),
    ):
        assert "dangerous_driving" not in camp.read_game([start, quiet]).offenses.get(gazbag, set()), quiet

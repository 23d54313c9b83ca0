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
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import CrewGuns, Deploy, Reroll
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


@pytest.mark.rule("fancy_gear", "mountains-of-ammo-every-die")
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
    drive(m, m.take_action(m.models["a1"], "bark"), lambda r: asked.append(r.options) or "no")
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

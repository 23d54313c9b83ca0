"""Vehicles read against the book sentence by sentence (issue 25): each test quotes the rule it
checks and carries its conformance row (tests/conformance/vehicles.yaml). Real physics, small
seeded matches."""

from __future__ import annotations

import math

import pytest
from helpers import drive, match, scripted

from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import AimThrow, ChooseAction, CrewGuns, Seat, Throw
from spacegits_sim.rules.engine import Match

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc's base radius (in)
NORTH = math.pi / 2


def of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def vmatch(red: list[dict], blue: list[dict], positions: dict, terrain=None, seed=1, **kw) -> Match:
    """Models where the test wants them; vehicles face ``(x, y, angle)``."""
    opts = {"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0, **kw.pop("options", {})}
    m = match([red, blue], {}, terrain, seed, options=opts, **kw)
    for mid, where in positions.items():
        x, y, *rest = where
        m.place_model(m.models[mid], (x, y), "test set-up")
        if rest:
            m.table.move_figure(mid, (x, y), angle=rest[0])
    return m


def buggy(name="Gaz", **extra) -> dict:
    return dict(ORC, name=name, vehicle="buggy", **extra)


def with_passenger(driver: dict, pal: dict, blue=None, bpos=(12, 20)) -> Match:
    """Red: a buggy (a1v, driver a1) and a git (a2) that boards it; Blue: one orc (b1)."""
    m = vmatch(
        [driver, dict(pal, name="Pal")],
        blue or [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": bpos},
    )
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))
    assert m.models["a1v"].crew == ["a1", "a2"]
    return m


def shoot_activation(m: Match, v, want: str) -> list[tuple[str, ...]]:
    """One activation of ``v``: shoot, firing an option naming ``want`` when offered. Returns
    the options every CrewGuns offered."""
    offered: list[tuple[str, ...]] = []

    def answer(req):
        if isinstance(req, ChooseAction):
            return "shoot" if "shoot" in req.options else "done" if "done" in req.options else req.options[0]
        if isinstance(req, CrewGuns):
            offered.extend(req.options)
            pick = [o for o in req.options if o and want in o[0]]
            return pick[0] if pick else ()
        if isinstance(req, Seat):
            return "stay"
        if isinstance(req, AimThrow):
            return Throw(m.position("b1"), 0.1)
        return req.options[0] if hasattr(req, "options") else None

    drive(m, m._activation(v), answer)
    return offered


# ---- Slow to Reload on and in vehicles ---------------------------------------------------------


@pytest.mark.rule("vehicles", "slow-to-reload-on-vehicles")
def test_a_fixed_rattle_cannon_fires_one_activation_then_reloads_through_the_next():
    """ "After shooting with this weapon, put a reload token on … the model. While a model has a
    reload token, it cannot shoot any weapons that are slow to reload. At the end of this
    model's activation, discard any reload tokens it started its activation with." A bolted gun
    is fired by the vehicle, the model."""
    m = vmatch(
        [buggy(vehicle_weapons=["rattle_cannon"])], [dict(ORC, name="Urg")], {"a1v": (12, 6, NORTH), "b1": (12, 20)}
    )
    v = m.models["a1v"]
    fired = []
    for _ in range(3):
        v.tower.clear()  # (keep the towers low: this test is about the gun)
        v.tower2.clear()
        fired.append(("mount:0",) in shoot_activation(m, v, "mount:0"))
    assert fired == [True, False, True]


@pytest.mark.rule("vehicles", "slow-to-reload-on-vehicles")
def test_a_passengers_own_rattle_cannon_reloads_on_the_vehicle():
    """The same for a passenger's own gun: the git aboard is not a separate model, so the vehicle
    carries the reload token and it is discarded at the end of the vehicle's next activation."""
    m = with_passenger(buggy(), {"type": "orc", "weapons": ["rattle_cannon"]})
    v = m.models["a1v"]
    fired = []
    for _ in range(3):
        v.tower.clear()
        v.tower2.clear()
        fired.append(("rattle_cannon",) in shoot_activation(m, v, "rattle_cannon"))
    assert fired == [True, False, True]


@pytest.mark.rule("vehicles", "slow-to-reload-on-vehicles")
def test_a_reload_token_boards_with_its_git_and_gets_off_with_it():
    """A git that fired a slow gun on foot and hops on: the vehicle is now the model with the
    token (no slow gun aboard fires in its next activation). A git getting off a vehicle
    that has one takes one along."""
    m = vmatch(
        [buggy(vehicle_weapons=["mega_blaster"]), {"type": "orc", "name": "Pal", "weapons": ["rattle_cannon"]}],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (12, 20)},
    )
    v, pal = m.models["a1v"], m.models["a2"]
    effects.on_fired(pal, [w for w in pal.weapons if w.kind == "shooting"])
    drive(m, m.offer_boarding(pal), scripted("a1v"))
    assert m.crew_gun_options(v, pal) == [()] and ("mount:0",) not in m.crew_gun_options(v, m.models["a1"])
    drive(m, m.put_off(v, pal, "got off"))
    assert not effects.gun_ready(pal, m.rules.weapons["rattle_cannon"])


# ---- smashing yourself into terrain ------------------------------------------------------------

SMASH_MODS = ["spiked_roller", "massive_ram", "explosive_ram", "loads_of_spikes", "buzzblades"]


def box(x0, y0, x1, y1, kind="wall"):
    return {"type": kind, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


@pytest.mark.rule("vehicles", "bump-into-terrain")
@pytest.mark.parametrize("seed", range(6))
def test_smashing_yourself_into_terrain_is_the_printed_smash_whatever_the_mods(seed):
    """ "If you bump into a piece of terrain, stop and smash yourself. I.e. you roll a number of
    D6 equal to your vehicle's toughness plus its current speed and each smash dice that rolls
    equal or over your vehicle's toughness causes you 1 damage." Rams, spikes, buzzblades and a
    Spiked Roller are for smashing opponents: one roll of toughness + speed dice, 1 damage each
    at 5+, and the Explosive Ram's first smash is still to come."""
    m = vmatch(
        [buggy(mods=SMASH_MODS)],
        [dict(ORC, name="Urg")],
        {"a1v": (6, 4, NORTH), "b1": (22, 22)},
        terrain=[box(3, 9, 9, 10)],
        seed=seed,
    )
    v = m.models["a1v"]
    drive(m, m.drive(v, None, 6, 6, "front"))
    smash = of(m, ev.Smashed)
    assert len(smash) == 1 and smash[0].target == "a1v" and smash[0].why == "terrain"
    assert len(smash[0].rolls) == 5 + 6 and smash[0].toughness == 5
    assert smash[0].damage == sum(r >= 5 for r in smash[0].rolls)
    assert effects.smash_damage(v, (0, 1)) == (0 + 1 + 2, 1 + 1 + 4)  # the Explosive Ram is unspent


# ---- criminal records of the gits aboard ---------------------------------------------------------


@pytest.mark.rule("vehicles", "crew-criminal-records")
def test_a_passenger_who_fires_is_charged_not_the_driver_and_every_git_aboard_evades_arrest():
    """ "Discharging a Firearm in a Public Place: If this git took a shoot action" — in a
    vehicle's shoot action each git aboard gets a chance to take one, so the git that fired is
    charged, not the driver who held fire. "Evading Arrest: If this git was standing when their
    gang legged it": the gits riding a vehicle that legs it (driver and passengers)."""
    from spacegits_sim import campaign as camp

    m = with_passenger(buggy(), {"type": "orc", "weapons": ["rifle"]})
    v = m.models["a1v"]
    shoot_activation(m, v, "rifle")  # the driver's pistol is offered too: it holds fire
    f = camp.read_game(m.events)
    assert "discharging_a_firearm" in f.offenses.get("a2", set())
    assert "discharging_a_firearm" not in f.offenses.get("a1", set())
    assert f.shots.get("a2") == 1 and not f.shots.get("a1")
    assert [e.model for e in m.events if e.kind == "crew_fired"] == ["a2"]
    m._leg_it(m.bosses[0], forced=False)
    f = camp.read_game(m.events)
    assert "evading_arrest" in f.offenses["a1"] and "evading_arrest" in f.offenses["a2"]

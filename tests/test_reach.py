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

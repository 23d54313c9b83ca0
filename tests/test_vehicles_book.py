"""Vehicles read against the book sentence by sentence (issue 25): each test quotes the rule it
checks and carries its conformance row (tests/conformance/vehicles.yaml). Real physics, small
seeded matches."""

from __future__ import annotations

import math

import pytest
from helpers import buggy, drive, of, scripted, vmatch

from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import AimThrow, ChooseAction, CrewGuns, Seat, Throw
from spacegits_sim.rules.engine import Match

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc's base radius (in)
NORTH = math.pi / 2


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


# ---- the four repairs that were deferred ---------------------------------------------------------


def lone(repairs=(), pos=(6, 4, NORTH), bpos=(22, 22), seed=1, **extra) -> Match:
    return vmatch([buggy(repairs=list(repairs), **extra)], [dict(ORC, name="Urg")], {"a1v": pos, "b1": bpos}, seed=seed)


def scoot_with_dice(m: Match, v, placed: list[tuple[int, int, tuple[float, float]]], order: list[int]):
    """A scoot whose first throw lands where the test says (``placed``: sides, value, spot);
    later throws (a die rolled again) are real. ``order``: which placed die to resolve first."""
    real = m.throw
    calls = []

    def throw(boss, model, purpose, sizes, thrown, **kw):
        calls.append(sizes)
        if len(calls) == 1:
            ids = [m.table.place_die(s, val, p) for s, val, p in placed]
            return [(i, s, val, p) for i, (s, val, p) in zip(ids, placed, strict=True)]
            yield  # (a generator, like the real one)
        got = yield from real(boss, model, purpose, sizes, thrown, **kw)
        return got

    m.throw = throw
    first = []

    def answer(req):
        from spacegits_sim.rules.decisions import ChooseDice, OrderMoveDie

        if isinstance(req, ChooseDice):
            return tuple(s for s, _v, _p in placed)
        if isinstance(req, OrderMoveDie):
            if not first:
                first.append(req.options[order[0]])
                return first[0]
            return req.options[0]
        if isinstance(req, AimThrow):
            return Throw((20.0, 20.0), 0.3)
        return req.options[0] if hasattr(req, "options") else None

    drive(m, m.vehicle_scoot(v), answer)
    return calls


@pytest.mark.rule("vehicles", "repair-twitchy-accelerator-pedal")
def test_twitchy_accelerator_pedal_a_bumped_move_die_is_rolled_again_as_a_new_move_die():
    """Twitchy Accelerator Pedal: "Once per move dice, if you bump into one of your move dice, roll
    it again as a new move dice." The bump still stops the vehicle for 1 damage."""
    placed = [(6, 6, (6.0, 14.0)), (6, 3, (6.0, 8.0))]  # the far one first: it drives into the near one
    plain = lone()
    calls = scoot_with_dice(plain, plain.models["a1v"], placed, [0])
    assert len(calls) == 1 and len([e for e in of(plain, ev.VehicleMoved) if e.how == "drive"]) == 1
    m = lone(["Handling: Twitchy Accelerator Pedal"])
    calls = scoot_with_dice(m, m.models["a1v"], placed, [0])
    assert calls == [(6, 6), (6,)]  # the bumped D6 is thrown again
    moves = [e for e in of(m, ev.VehicleMoved) if e.how == "drive"]
    assert len(moves) == 2 and moves[0].stop.startswith("die:")
    assert 1 in [e.amount for e in of(m, ev.Damaged) if e.source == "bumped into a move die"]


def near_dice(m: Match, holder: str, reach: float = 6.0) -> set[str]:
    from spacegits_sim.physics.table import Kind

    return {t.id for t, _g in m.table.within(reach, figure=holder, kinds=(Kind.DIE,))}


@pytest.mark.rule("vehicles", "repair-snazzy-underlighting")
def test_snazzy_underlighting_the_shooter_may_reroll_bullet_dice_that_land_within_6_inches():
    """Snazzy Underlighting: "Enemy bullet dice that land within 6" of this vehicle can be
    re-rolled by their shooter." Only the dice near it, only for its enemies."""
    from spacegits_sim.rules.decisions import Reroll

    def shoot(repairs, seed):
        m = lone(repairs, pos=(12, 12, NORTH), bpos=(12, 3), seed=seed, weapons=["pistol"])
        shooter = m.models["b1"]
        asked = []

        def answer(req):
            if isinstance(req, Reroll):
                asked.append((set(req.options) - {"done"}, near_dice(m, "a1v")))
                return req.options[0]
            if isinstance(req, AimThrow):
                return Throw((12.0, 12.0), 0.5)
            return req.options[0] if hasattr(req, "options") else None

        drive(m, m.combat.shoot_with(shooter, [m.rules.weapons["pistol"]], None), answer)
        return m, asked

    offers = 0
    for seed in range(4):
        assert shoot([], seed)[1] == []
        m, asked = shoot(["Snazz: Snazzy Underlighting"], seed)
        for offered, near in asked:
            assert offered and offered <= near  # never a die further than 6" from the hull
        offers += len(asked)
        assert "rerolled_bullet" not in m.models["b1"].tokens  # (not the shooter's own once-per-activation)
    assert offers >= 4  # dice thrown at it land near it


@pytest.mark.rule("vehicles", "repair-snazzy-underlighting")
def test_snazzy_underlighting_does_not_help_the_vehicles_own_side():
    m = vmatch(
        [buggy(repairs=["Snazz: Snazzy Underlighting"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 12, NORTH), "a2": (12, 3), "b1": (22, 22)},
    )
    from spacegits_sim.rules.decisions import Reroll

    asked = []
    drive(
        m,
        m.combat.shoot_with(m.models["a2"], [m.rules.weapons["pistol"]], None),
        lambda r: (
            asked.append(r)
            if isinstance(r, Reroll)
            else (Throw((12.0, 12.0), 0.5) if isinstance(r, AimThrow) else r.options[0])
        ),
    )
    assert asked == []


@pytest.mark.rule("vehicles", "repair-mysterious-red-button")
def test_mysterious_red_button_once_per_game_a_1_wipes_out_2_to_5_jet_engine_6_teleporter():
    """Mysterious Red Button: "Once per game, at the start of your activation, you can press the
    button: roll a D6. On a 1, you wipeout. On a 2-5, you count as equipped with a Jet Engine mod
    for the rest of the activation. On a 6, … an Experimental Teleporter mod for the rest of the
    activation." """
    from spacegits_sim.rules.decisions import GearChoice

    seen = {}
    for seed in range(60):
        m = lone(["Snazz: Mysterious Red Button"], pos=(12, 12, NORTH), seed=seed)
        v = m.models["a1v"]
        asked = []
        state = {}

        def answer(req, m=m, v=v, asked=asked, state=state):
            if isinstance(req, GearChoice):
                asked.append(req)
                return "press"
            if isinstance(req, ChooseAction):
                state.setdefault("actions", req.options)
                state.setdefault("move12", effects.vehicle_move(v, 12))
                return "done" if "done" in req.options else "shoot" if "shoot" in req.options else req.options[0]
            if isinstance(req, AimThrow):
                return Throw((12.0, 20.0), 0.3)
            return req.options[0] if hasattr(req, "options") else None

        drive(m, m._activation(v), answer)
        rolled = [e for e in of(m, ev.EffectRolled) if e.effect == "mysterious_red_button"]
        assert len(asked) == 1 and len(rolled) == 1
        r = rolled[0].value
        if r == 1:
            assert of(m, ev.WipedOut) and "red button" in of(m, ev.WipedOut)[0].cause
        elif r <= 5:
            assert state["move12"] == 12 + 6 and "teleport" not in state["actions"]
        else:
            assert "teleport" in state["actions"] and state["move12"] == 12
        assert effects.vehicle_move(v, 12) == 12 and "teleport" not in m._legal_actions(v)  # the activation is over
        asked.clear()
        drive(m, m._activation(v), answer)
        assert asked == []  # once per game
        seen[1 if r == 1 else (6 if r == 6 else 2)] = True
        if len(seen) == 3:
            break
    assert len(seen) == 3


@pytest.mark.rule("vehicles", "repair-really-bright-headlamps")
def test_really_bright_headlamps_a_git_it_drives_into_dodges_on_a_d6_that_meets_its_speed():
    """Really Bright Headlamps: "Gits roll D6 when dodging this vehicle." (Our reading: a
    standing enemy git it drives into rolls a D6 and dodges — moved clear of its path, no fight —
    if the roll meets or beats the current speed.) At speed 1 every roll dodges; at 7 none does;
    without the headlamps nobody dodges."""
    from spacegits_sim.rules.decisions import FightThrow

    def run(repairs, speed):
        m = lone(repairs, pos=(6, 4, NORTH), bpos=(6, 9))

        def fight(r):
            if isinstance(r, FightThrow):
                return ("pinch", "pinch")
            return r.options[0] if hasattr(r, "options") else Throw((12, 12), 0.3)

        drive(m, m.drive(m.models["a1v"], None, 8, speed, "front"), fight)
        return m

    m = run(["Snazz: Really bright headlamps"], 1)
    rolled = of(m, ev.EffectRolled)
    assert len(rolled) == 1 and rolled[0].model == "b1" and rolled[0].die == "D6" and rolled[0].outcome == "dodged"
    assert not of(m, ev.FightBroke) and m.position("a1v") == pytest.approx((6, 12), abs=1e-3)
    m = run(["Snazz: Really bright headlamps"], 7)
    assert of(m, ev.EffectRolled)[0].outcome == "dazzled" and of(m, ev.FightBroke)
    m = run([], 1)
    assert not of(m, ev.EffectRolled) and of(m, ev.FightBroke)


# ---- terrain that reaches vehicles ------------------------------------------------------------


@pytest.mark.rule("vehicles", "oil-slick-vehicles-slide")
def test_a_vehicle_cannot_stop_on_an_oil_slick_it_slides_on_until_clear():
    """Oil Slick: "You cannot stop moving on an oil slick: you keep travelling in a straight line
    until you exit the oil slick or bump into something. Vehicles that touch an Oil Slick also
    gain D6 damage." Stone Wheels: "You ignore the effects of Oil Slicks." """
    slick = {"type": "oil_slick", "circle": [[6, 10], 2]}

    def run(repairs=()):
        m = vmatch(
            [buggy(repairs=list(repairs))],
            [dict(ORC, name="Urg")],
            {"a1v": (6, 4, NORTH), "b1": (22, 22)},
            terrain=[slick],
        )
        drive(m, m.drive(m.models["a1v"], None, 6, 6, "front"))
        return m

    m = run()
    ln = m.rules.vehicles["buggy"].hull_in[1]
    assert m.position("a1v")[1] == pytest.approx(12 + ln / 2, abs=0.02)  # the rear just clear of it
    assert of(m, ev.Slid) and [e for e in of(m, ev.Damaged) if e.source == "oil slick"]
    m = run(["Snazz: Stone Wheels"])
    assert m.position("a1v")[1] == pytest.approx(10, abs=1e-3) and not of(m, ev.Slid)
    assert not [e for e in of(m, ev.Damaged) if e.source == "oil slick"]


@pytest.mark.rule("vehicles", "oil-slick-vehicles-slide")
def test_a_vehicle_sliding_on_an_oil_slick_bumps_what_is_beyond_at_its_speed():
    """ "… until you exit the oil slick or bump into something": a wall past the slick stops the
    slide and the vehicle smashes itself at the current speed."""
    m = vmatch(
        [buggy()],
        [dict(ORC, name="Urg")],
        {"a1v": (6, 4, NORTH), "b1": (22, 22)},
        terrain=[{"type": "oil_slick", "circle": [[6, 10], 2]}, box(3, 13, 9, 14)],
    )
    drive(m, m.drive(m.models["a1v"], None, 6, 6, "front"))
    ln = m.rules.vehicles["buggy"].hull_in[1]
    assert m.position("a1v")[1] == pytest.approx(13 - ln / 2, abs=1e-3)
    smash = of(m, ev.Smashed)
    assert len(smash) == 1 and smash[0].why == "terrain" and len(smash[0].rolls) == 5 + 6


@pytest.mark.rule("vehicles", "mod-flame-gouts")
def test_flame_gouts_fire_burns_d3_when_the_model_is_selected_to_activate_not_at_its_swig():
    """Flame Gouts: "… it is set on fire and stays on fire until it falls over or wipes out. A
    model that is on fire suffers D3 damage when selected to activate." (The Fire weapon special
    burns with each swig instead; this is the mod's own sentence.)"""
    from spacegits_sim.rules.effects.vehicle_mods import GoutFire

    m = lone(bpos=(20, 20))
    git = m.models["b1"]
    git.tokens[GoutFire.id] = 1
    seen = []

    def answer(req):
        if isinstance(req, ChooseAction):
            seen.append([e.source for e in of(m, ev.Damaged)])
            return "done" if "done" in req.options else req.options[-1]
        return req.options[0] if hasattr(req, "options") else Throw((20, 12), 0.3)

    drive(m, m._activation(git), answer)
    assert seen and "on fire (flame gouts)" in seen[0]  # before its first action
    burns = [e for e in of(m, ev.Damaged) if e.source == "on fire (flame gouts)"]
    assert len(burns) == 1 and 1 <= burns[0].amount <= 3
    assert not [e for e in of(m, ev.Damaged) if e.source == "on fire"]  # no burn with the swig


@pytest.mark.rule("vehicles", "mod-massive-exhausts")
def test_massive_exhausts_a_low_move_die_counts_as_4_for_its_speed_too():
    """Massive Exhausts: "all its move dice count as a minimum of 4, even if they roll lower";
    "While resolving a move dice to move, the vehicle's current speed is equal to the rolled value
    of that move dice" — a rolled 1 is a 4: 4" forward and a crash at speed 4."""
    m = vmatch(
        [buggy(mods=["massive_exhausts"])],
        [dict(ORC, name="Urg")],
        {"a1v": (6, 4, NORTH), "b1": (22, 22)},
        terrain=[box(3, 8, 9, 9)],
    )
    die = m.table.place_die(6, 1, (6, 20))
    drive(m, m.drive_die(m.models["a1v"], die, 1))
    moved = of(m, ev.VehicleMoved)[-1]
    assert moved.value == 4 and moved.stop is not None
    assert len(of(m, ev.Smashed)[0].rolls) == 5 + 4


# ---- building a vehicle ------------------------------------------------------------------------


@pytest.mark.rule("vehicles", "bolting-guns-as-many-as-seats")
def test_a_vehicle_can_bolt_on_as_many_guns_as_its_seats_extra_seats_included():
    """ "A vehicle can have as many guns as it has seats." A bike has one seat; with Extra Seats
    ("The vehicle gains +2 Seats") it has three, so three guns."""
    from spacegits_sim.data import default_rules
    from spacegits_sim.rules.gangs import gang_from_doc, validate_gang

    rules = default_rules()

    def problems(**bike):
        git = {"type": "orc", "name": "Gaz", "weapons": ["pistol"], "vehicle": "bike", **bike}
        gang = gang_from_doc({"name": "G", "gits": [git]}, "<g>", rules)
        return [p for p in validate_gang(gang, rules, budget=100) if p.field == "vehicle_weapons"]

    assert problems(vehicle_weapons=["rifle"]) == []
    assert problems(vehicle_weapons=["rifle", "rifle"])  # one seat, two guns
    assert problems(vehicle_weapons=["rifle", "rifle", "rifle"], mods=["extra_seats"]) == []
    assert problems(vehicle_weapons=["rifle"] * 4, mods=["extra_seats"])


# ---- activating a vehicle ------------------------------------------------------------------------


@pytest.mark.rule("vehicles", "activation-driver-swigs")
@pytest.mark.parametrize("driver, dice", [("orc", 1), ("goblin", 2)])
def test_the_driver_swigs_for_the_vehicle_a_goblins_lightweight_swig_is_two_dice(driver, dice):
    """ "A vehicle can scoot and shoot and then the driver has to take a swig at the end of the
    activation and add those dice to the vehicle's tower." Goblin, Lightweight: "When this git
    takes a swig, you add 2 dice to their tower, not 1." """
    m = vmatch(
        [{"type": driver, "name": "Gaz", "weapons": ["pistol"], "vehicle": "buggy"}],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 12, NORTH), "b1": (22, 22)},
    )
    v = m.models["a1v"]

    def answer(req):
        if isinstance(req, ChooseAction):
            return "done" if "done" in req.options else "shoot"
        if isinstance(req, CrewGuns):
            return ()  # holds fire
        return req.options[0]

    drive(m, m._activation(v), answer)
    swig = [e for e in of(m, ev.VehicleTowers) if e.reason == "swig"]
    assert len(swig) == 1 and sum(swig[0].added) == dice


@pytest.mark.rule("vehicles", "special-klanking")
def test_a_klanking_vehicle_does_something_only_every_other_activation():
    """Klanking: "After activating this model, put a klank token on its ID card or beside the
    model. When you activate a model with a klank token on it, discard all klank tokens from this
    model and end its activation." (The Scrap Tank.)"""
    m = vmatch(
        [{"type": "orc", "name": "Gaz", "weapons": ["pistol"], "vehicle": "scrap_tank"}],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 12, NORTH), "b1": (22, 22)},
    )
    v = m.models["a1v"]
    asked = []

    def answer(req):
        if isinstance(req, ChooseAction):
            asked.append(req)
            return "done" if "done" in req.options else "shoot"
        if isinstance(req, CrewGuns):
            return ()
        return req.options[0]

    for _ in range(3):
        v.tower.clear()
        v.tower2.clear()
        drive(m, m._activation(v), answer)
    assert len(of(m, ev.Klanked)) == 1 and [e.reason for e in of(m, ev.ActivationEnded)][1] == "klank"
    assert len([r for r in asked if "done" not in r.options]) == 2  # the first and the third acted


@pytest.mark.rule("vehicles", "repair-offensive-repaint")
def test_an_offensive_repaint_changes_nothing_on_the_table():
    """Offensive repaint: "You have to repaint your model in a different colour." Nothing a game
    reads changes."""
    plain, painted = lone(), lone(["Snazz: Offensive repaint"])
    a, b = plain.models["a1v"], painted.models["a1v"]
    assert (a.toughness, effects.handling(a, 10), effects.seats(a, 2)) == (
        b.toughness,
        effects.handling(b, 10),
        effects.seats(b, 2),
    )
    assert effects.vehicle_dice(a, 3) == effects.vehicle_dice(b, 3)


# ---- wipeouts --------------------------------------------------------------------------------


@pytest.mark.rule("vehicles", "wipeout-dice-engine-as-it-stands")
@pytest.mark.parametrize("repair", ["Guts: Worn gasket", "Hull: Heavy-ass armour"])
def test_wipeout_dice_are_capped_by_the_engine_a_repair_worsened(repair):
    """ "The boss to your left chooses any three dice, as long as none of them are bigger than
    the vehicle's engine stat" — the engine as it stands: after "Worn gasket: Worsen engine stat
    by one dice rank" (or Heavy-ass armour) a buggy's D12 is a D10, for the wipeout as for the
    scoot."""
    from spacegits_sim.rules.decisions import ChooseDice
    from spacegits_sim.rules.fleet import dice_choices

    m = lone([repair], pos=(12, 6, NORTH))
    v = m.models["a1v"]
    asked: list[ChooseDice] = []

    def answer(req):
        if isinstance(req, ChooseDice):
            asked.append(req)
        if isinstance(req, AimThrow):
            return Throw((18, 14), 0.3)
        return req.options[0]

    drive(m, m.wipeout(v, "test"), answer)
    drive(m, m.vehicle_scoot(v), answer)
    wipeout, scoot = (next(r for r in asked if r.purpose == p) for p in ("wipeout", "move"))
    assert effects.engine(v) == 10
    assert set(wipeout.options) == set(dice_choices(10, 3))  # no D12 among them
    assert max(max(o) for o in scoot.options) == max(max(o) for o in wipeout.options) == 10


@pytest.mark.rule("vehicles", "wipeout-drop-caps")
def test_wipeout_caps_are_dropped_into_the_hands_of_a_friend_within_reach():
    """ "Take D3 caps from your stash and place them within 1" of the vehicle, not touching the
    vehicle, terrain or other caps. If you can put them in contact with another of your models,
    great! They can immediately loot them." A friend standing by the side of the hull (not
    behind it, where caps go first) catches them."""
    w = __import__("spacegits_sim.data", fromlist=["default_rules"]).default_rules().vehicles["buggy"].hull_in[0]
    m = vmatch(
        [buggy(), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 12, NORTH), "a2": (12 + w / 2 + 1.56 + R, 12), "b1": (22, 22)},  # a cap's width off its side
    )
    m.bosses[0].stash = 5
    v = m.models["a1v"]
    m._drop_caps(v, 2, "test", 0)
    caught = [e for e in of(m, ev.CapLooted) if e.model == "a2"]
    assert caught and m.bosses[0].stash == 5 - (2 - len(caught))  # what it caught is straight back
    m2 = vmatch([buggy()], [dict(ORC, name="Urg")], {"a1v": (12, 12, NORTH), "b1": (22, 22)})
    m2.bosses[0].stash = 5
    m2._drop_caps(m2.models["a1v"], 2, "test", 0)
    assert m2.bosses[0].stash == 3 and len(m2.table.tokens) == 2  # nobody to catch them


@pytest.mark.rule("vehicles", "mod-mine-dropper")
def test_a_mine_goes_off_when_another_model_passes_within_2_inches_not_only_stopping_there():
    """Mine Dropper: "If another model moves within 2" of this mine, it explodes (8)." A vehicle
    that drives past it (within 2" on the way, ending further on) sets it off."""
    m = vmatch(
        [buggy(mods=["mine_dropper"])],
        [buggy("Urg")],
        {"a1v": (20, 20, NORTH), "b1v": (6, 3, NORTH)},
    )
    mine = m.place_terrain(m.models["a1v"], "mine", (8.5, 10.0), 0.49)
    drive(m, m.drive(m.models["b1v"], None, 12, 6, "front"))  # x = 6 ± 1: its side passes 1.5" off
    assert m.position("b1v")[1] == pytest.approx(15, abs=1e-3)
    boom = of(m, ev.Exploded)
    assert boom and boom[0].x == 8 and not m.table.has_terrain(mine)


@pytest.mark.rule("vehicles", "slow-to-reload-on-vehicles")
def test_a_klanked_activation_still_discards_the_reload_token_it_started_with():
    """Slow To Reload: "At the end of this model's activation, discard any reload tokens it
    started its activation with" — an activation a klank token ends at once is an activation:
    a klanking Scrap Tank with a Rattle Cannon fires, is klanked, and fires again."""
    m = vmatch(
        [
            {
                "type": "orc",
                "name": "Gaz",
                "weapons": ["pistol"],
                "vehicle": "scrap_tank",
                "vehicle_weapons": ["rattle_cannon"],
            }
        ],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 6, NORTH), "b1": (12, 20)},
    )
    v = m.models["a1v"]
    fired = []
    for _ in range(3):
        v.tower.clear()
        v.tower2.clear()
        fired.append(("mount:0",) in shoot_activation(m, v, "mount:0"))
    assert fired == [True, False, True] and len(of(m, ev.Klanked)) == 1


@pytest.mark.rule("vehicles", "wipeout-drop-caps")
def test_wipeout_caps_land_within_1_inch_not_touching_the_vehicle_terrain_or_other_caps():
    """ "… place them within 1" of the vehicle, not touching the vehicle, terrain or other caps."
    A wall right behind the hull: the caps go elsewhere round it, each clear of the wall, of the
    hull and of each other, and no further than 1" away."""
    from spacegits_sim.physics.table import Kind
    from spacegits_sim.rules.state import CONTACT_IN

    m = vmatch(
        [buggy()],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 12, NORTH), "b1": (22, 22)},
        terrain=[box(9, 9.3, 15, 10.5)],  # just behind its back edge (y = 10.5)
    )
    m.bosses[0].stash = 5
    m._drop_caps(m.models["a1v"], 3, "test", 0)
    caps = list(m.table.tokens.items())
    assert len(caps) == 3
    cap_r = m.table.p["token"]["diameter_mm"] / 25.4 / 2
    for cap, pos in caps:
        near = {t.id: g for t, g in m.table.within(1.0 + 2 * cap_r, point=pos)}
        assert "a1v" in near and CONTACT_IN < near["a1v"] - cap_r <= 1.0 + 1e-6  # within 1", not touching
        touching = m.table.within(cap_r + CONTACT_IN, point=pos, kinds=(Kind.TERRAIN, Kind.TOKEN))
        assert [t.id for t, _g in touching if t.id != cap] == []


@pytest.mark.rule("vehicles", "shooting-who-fires-what")
def test_a_strong_bullorc_driver_fires_a_two_handed_gun_held_in_one_hand_but_not_by_its_gear():
    """ "The driver can shoot with one of their 1-handed weapons." Bullorc, Strong: "Can hold
    2-handed weapons in one hand." A Bionic Arm is fancy gear, and "a git that is currently a
    driver or passenger can't use their fancy gear while on board"."""

    def driver_opts(gtype, gear=()):
        m = vmatch(
            [{"type": gtype, "name": "Gaz", "weapons": ["rifle"], "gear": list(gear), "vehicle": "buggy"}],
            [dict(ORC, name="Urg")],
            {"a1v": (12, 12, NORTH), "b1": (22, 22)},
            budget=200,
        )
        return m.crew_gun_options(m.models["a1v"], m.models["a1"])

    assert ("rifle",) in driver_opts("bullorc")
    assert ("rifle",) not in driver_opts("orc")
    assert ("rifle",) not in driver_opts("orc", ["bionic_arm"])

"""Vehicles (rulebook: "Vehicles"): each rule on a small seeded match with real physics — the
hull sweeps on the table, the towers ride on the tower simulation. Each test quotes the
sentence it checks."""

from __future__ import annotations

import math

import pytest
from helpers import buggy, drive, of, scripted, vmatch

from spacegits_sim.physics.tower import Tower
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import AimThrow, ChooseDice, CrewGuns, FightThrow, OrderMoveDie, Seat, Throw
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.fleet import dice_choices, pivot_to_corridor

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc's base radius (in)
NORTH, EAST = math.pi / 2, 0.0


def stack(m: Match, v, n: int, which: int = 0) -> None:
    tower = v.tower if which == 0 else v.tower2
    for _ in range(n):
        assert tower.add_die()


def lone_buggy(pos=(6, 6, NORTH), terrain=None, extra=None, blue=None, bpos=None, **kw) -> Match:
    """Red: one buggy (a1v, driver a1). Blue: one orc on foot (b1), far away unless placed."""
    positions = {"a1v": pos, "b1": bpos or (22, 22)}
    return vmatch([buggy(**(extra or {}))], blue or [dict(ORC, name="Urg")], positions, terrain, **kw)


def box(x0, y0, x1, y1, kind="wall"):
    return {"type": kind, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


class Rolls:
    """A stand-in for the match's "dice" stream that rolls what the test says (then 1s): a
    smash's dice are drawn from it one at a time, so a test can pin every smash die."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.drawn = 0

    def integers(self, lo: int, hi: int) -> int:
        assert (lo, hi) == (1, 7)  # only D6s (smash dice) come from it in these tests
        self.drawn += 1
        return self.values.pop(0) if self.values else 1


def pin_dice(m: Match, *values: int) -> Rolls:
    rolls = Rolls(*values)
    m.rng._streams["dice"] = rolls
    return rolls


# ---- the vehicle as a model -------------------------------------------------------------------


@pytest.mark.rule("vehicles", "driver-first-seat-not-a-model")
@pytest.mark.rule("vehicles", "crew-use-vehicle-toughness")
def test_a_driver_starts_in_the_first_seat_and_is_not_a_separate_model():
    """ "They become the driver … A git in a vehicle is not a separate model and doesn't get a
    separate activation." "While a git is in a vehicle, use the vehicle's toughness." """
    m = lone_buggy()
    v, driver = m.models["a1v"], m.models["a1"]
    assert v.crew == ["a1"] and driver.aboard == "a1v" and not driver.in_play
    assert "a1" not in m.activatable(0) and "a1v" in m.activatable(0)
    assert v.toughness == m.rules.vehicles["buggy"].toughness == 5
    assert m.table.figure("a1v").hull == tuple(m.rules.vehicles["buggy"].hull_in)


@pytest.mark.rule("vehicles", "deploy-8-inches")
def test_vehicles_deploy_at_least_8_inches_from_caps_and_enemy_models():
    """ "Vehicles must be deployed at least 8" from all bottle caps and enemy models." """
    m = Match(__import__("helpers").scenario([[buggy()], [dict(ORC, name="Urg")]]))
    assert m.pending is not None
    for cap in list(m.table.tokens):  # only the cap this test puts down
        m.table.remove_token(cap)
    m.table.add_token((12, 5))
    r = m.rules.vehicles["buggy"].hull_in[1] / 2  # measured from the hull: its tail, facing away from the cap
    r += m.table.p["token"]["diameter_mm"] / 25.4 / 2  # to the cap's edge
    assert "cap" in (m._deploy_problem("a1v", (12, 5 + r + 7.9)) or "")
    assert m._deploy_problem("a1v", (12, 5 + r + 8.1)) is None


@pytest.mark.rule("vehicles", "activation-scoot-and-shoot-no-boot")
def test_a_vehicle_cannot_boot_but_scoots_and_shoots():
    """ "A vehicle can scoot and shoot … They can't take boot actions." """
    m = lone_buggy(extra={"vehicle_weapons": ["rifle"]})
    acts = m._legal_actions(m.models["a1v"])
    assert acts[:2] == ["scoot", "shoot"] and "boot" not in acts


# ---- arcs and the corridor ----------------------------------------------------------------


@pytest.mark.rule("vehicles", "front-arc-pivot-then-forward")
def test_the_pivot_is_the_smallest_that_brings_the_die_into_the_front_corridor():
    """ "Pivot the vehicle about its centre until that dice lies within the vehicle's front
    corridor." A die straight ahead needs none; one off to the side exactly enough."""
    assert pivot_to_corridor((5.0, 0.5), 1.0) == 0.0
    turn = pivot_to_corridor((5.0, 3.0), 1.0)
    r = math.hypot(5, 3)
    after = (r * math.cos(math.atan2(3, 5) - turn), r * math.sin(math.atan2(3, 5) - turn))
    assert after[0] > 0 and after[1] == pytest.approx(1.0, abs=1e-9)  # just on the corridor's edge


@pytest.mark.rule("vehicles", "arcs-lenient")
def test_a_die_that_grazes_the_corridor_is_in_it_no_pivot():
    """ "If a move dice … looks to be grazed by these arcs, apply the Rule of Carnage": a die
    whose edge touches the corridor is in it, so the vehicle goes straight on."""
    m = lone_buggy(pos=(6, 6, NORTH))
    w = m.rules.vehicles["buggy"].hull_in[0]
    die = m.table.place_die(6, 3, (6 + w / 2 + 0.2, 12))  # centre outside, edge inside
    drive(m, m.drive_die(m.models["a1v"], die, 3))
    moved = of(m, ev.VehicleMoved)[-1]
    assert moved.angle_end == pytest.approx(NORTH) and moved.arc == "front"
    assert m.position("a1v") == pytest.approx((6, 9), abs=1e-3)


@pytest.mark.rule("vehicles", "front-arc-pivot-then-forward")
def test_front_arc_die_pivots_then_moves_forward_by_its_value():
    """Front arc: "you pivot … then move directly forwards the rolled number of inches." """
    m = lone_buggy(pos=(6, 6, NORTH))
    die = m.table.place_die(6, 4, (14, 9))
    drive(m, m.drive_die(m.models["a1v"], die, 4))
    moved = of(m, ev.VehicleMoved)[-1]
    assert moved.angle_end < NORTH - 0.5 and moved.travelled == pytest.approx(4)
    # the die (its centre) now lies in the corridor: the hull pointed at it
    w, die_r = m.rules.vehicles["buggy"].hull_in[0], m.table.p["dice"]["d6"]["circumradius_mm"] / 25.4
    assert abs(m.table.local_point("a1v", (14, 9))[1]) <= w / 2 + die_r + 1e-6  # (its edge grazes it)


@pytest.mark.rule("vehicles", "rear-arc-forward-then-damage")
def test_rear_arc_die_moves_forward_without_pivoting_then_1_damage():
    """Rear arc: "you move directly forward the rolled number of inches (without pivoting first),
    then suffer 1 damage." """
    m = lone_buggy(pos=(6, 10, NORTH))
    die = m.table.place_die(6, 3, (9, 4))
    drive(m, m.drive_die(m.models["a1v"], die, 3))
    moved = of(m, ev.VehicleMoved)[-1]
    assert moved.arc == "rear" and moved.angle_end == pytest.approx(NORTH)
    assert m.position("a1v") == pytest.approx((6, 13), abs=1e-3)
    assert [e.source for e in of(m, ev.Damaged)] == ["driving off to the rear arc"]


@pytest.mark.rule("vehicles", "handling-damage")
def test_a_roll_over_the_handling_does_1_damage():
    """ "If a move dice roll is greater than your handling, you suffer 1 damage." A buggy has
    handling 10: an 11 hurts, a 10 does not."""
    for value, hurt in ((10, False), (11, True)):
        m = lone_buggy(pos=(12, 3, NORTH))
        die = m.table.place_die(12, value, (12, 20))
        drive(m, m.drive_die(m.models["a1v"], die, value))
        assert any("over its handling" in e.source for e in of(m, ev.Damaged)) is hurt


@pytest.mark.rule("vehicles", "three-move-dice-up-to-engine")
def test_move_dice_sizes_up_to_the_engine():
    """ "Three move dice of any size, as long as none are bigger than your vehicle's engine." """
    m = lone_buggy()
    gen = m.vehicle_scoot(m.models["a1v"])
    req = next(gen)
    assert isinstance(req, ChooseDice) and req.purpose == "move"
    assert (12, 12, 12) in req.options and (12, 10, 8) in req.options and (6, 6, 6) in req.options
    assert all(len(o) == 3 and max(o) <= 12 for o in req.options)
    assert dice_choices(6, 3) == [(6, 6, 6), (6, 6, 4), (6, 4, 4), (4, 4, 4)]


# ---- collisions ----------------------------------------------------------------------------


@pytest.mark.rule("vehicles", "bump-cap")
def test_bump_into_a_cap_loot_it_and_carry_on():
    """ "If you bump into a bottle cap, pause, pick up the cap, and then continue your movement." """
    m = lone_buggy(pos=(6, 4, NORTH))
    cap = m.table.add_token((6, 8))
    stash = m.bosses[0].stash
    drive(m, m.drive(m.models["a1v"], None, 6, 6, "front"))
    assert cap not in m.table.tokens and m.bosses[0].stash == stash + 1
    assert m.position("a1v") == pytest.approx((6, 10), abs=1e-3)


@pytest.mark.rule("vehicles", "bump-move-die")
def test_bump_into_a_move_die_stop_1_damage_and_remove_it():
    """ "If you bump into a move dice, stop, suffer 1 damage and remove that dice from play." """
    m = lone_buggy(pos=(6, 4, NORTH))
    other = m.table.place_die(6, 2, (6, 9))
    drive(m, m.drive(m.models["a1v"], None, 8, 8, "front"))
    assert not m.table.has_die(other)
    assert m.position("a1v")[1] < 9 - 1.5  # stopped at it
    assert of(m, ev.VehicleMoved)[-1].stop == f"die:{other}"
    assert [e.amount for e in of(m, ev.Damaged)] == [1]


@pytest.mark.rule("vehicles", "bump-fallen-git")
def test_bump_into_a_fallen_git_push_it_clear_of_the_path_steal_a_cap_carry_on():
    """ "Move them the minimum distance needed to clear the path of your movement, steal 1 cap
    from them, and then continue your movement." """
    m = lone_buggy(pos=(6, 4, NORTH), bpos=(6.4, 9))
    b1 = m.models["b1"]
    b1.fallen = True
    m.table.set_upright("b1", False)
    stash = m.bosses[1].stash
    drive(m, m.drive(m.models["a1v"], None, 8, 8, "front"))
    w = m.rules.vehicles["buggy"].hull_in[0]
    x, y = m.position("b1")
    assert y == pytest.approx(9, abs=1e-6)  # straight out to the side, not along the path
    assert x == pytest.approx(6 + w / 2 + R, abs=0.05)  # the nearer side, just clear
    assert m.bosses[1].stash == stash - 1
    assert m.position("a1v") == pytest.approx((6, 12), abs=1e-3)  # and it carried on


@pytest.mark.rule("vehicles", "bump-standing-friend")
def test_bump_into_a_standing_friend_push_them_clear_and_carry_on():
    """ "If the git is friendly, move them the minimum distance needed to clear the path … and
    then continue your movement." """
    m = vmatch(
        [buggy(), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (6, 4, NORTH), "a2": (5.7, 9), "b1": (22, 22)},
    )
    drive(m, m.drive(m.models["a1v"], None, 8, 8, "front"))
    w = m.rules.vehicles["buggy"].hull_in[0]
    assert m.position("a2")[0] == pytest.approx(6 - w / 2 - R, abs=0.05)
    assert m.models["a2"].standing and m.position("a1v") == pytest.approx((6, 12), abs=1e-3)
    assert not of(m, ev.FightBroke)


@pytest.mark.rule("vehicles", "bump-standing-enemy")
@pytest.mark.rule("vehicles", "smash-dice")
def test_bump_into_a_standing_enemy_a_fight_where_the_vehicle_smashes():
    """ "If the git is an enemy, a fight breaks out … if you would thump, you smash instead. If
    your opponent falls down during the fight, move them the minimum distance needed to clear the
    path." Smash dice: toughness + current speed D6."""
    m = lone_buggy(pos=(6, 4, NORTH), bpos=(6, 9))

    def answer(req):
        if isinstance(req, FightThrow):
            return ("thump", "pinch")
        return req.options[0] if hasattr(req, "options") else Throw((12, 12), 0.3)

    drive(m, m.drive(m.models["a1v"], None, 8, 8, "front"), answer)
    assert of(m, ev.FightBroke) and of(m, ev.FightBroke)[0].active == "a1v"
    smash = [e for e in of(m, ev.Smashed) if e.why == "fight"]
    assert smash and len(smash[0].rolls) == 5 + 8 and smash[0].toughness == 3
    assert not of(m, ev.Thumped)


@pytest.mark.rule("vehicles", "bump-into-terrain")
def test_bump_into_terrain_stop_and_smash_yourself():
    """ "If you bump into a piece of terrain, stop and smash yourself: … a number of D6 equal to
    your vehicle's toughness plus its current speed and each … equal or over your vehicle's
    toughness causes you 1 damage." """
    m = lone_buggy(pos=(6, 4, NORTH), terrain=[box(3, 9, 9, 10)])
    drive(m, m.drive(m.models["a1v"], None, 6, 6, "front"))
    ln = m.rules.vehicles["buggy"].hull_in[1]
    assert m.position("a1v")[1] == pytest.approx(9 - ln / 2, abs=1e-3)
    smash = of(m, ev.Smashed)
    assert len(smash) == 1 and smash[0].target == "a1v" and smash[0].why == "terrain"
    assert len(smash[0].rolls) == 5 + 6 and smash[0].damage == sum(r >= 5 for r in smash[0].rolls)
    hurt = [e for e in of(m, ev.Damaged) if e.model == "a1v"]  # said as it happened, not "smashed by itself"
    assert hurt and all(e.source == "smashed into terrain" for e in hurt)


@pytest.mark.rule("vehicles", "bump-another-vehicle")
def test_bump_into_another_vehicle_both_stop_and_smash_each_other():
    """ "If you bump into another vehicle, you stop and then both vehicles roll a smash against
    the other … resolve both smashes then stack the damage on both vehicles." The other
    vehicle's current speed is zero outside its activation."""
    m = vmatch([buggy()], [buggy("Zog")], {"a1v": (6, 4, NORTH), "b1v": (6, 12, EAST)})
    drive(m, m.drive(m.models["a1v"], None, 8, 7, "front"))
    smashes = of(m, ev.Smashed)
    assert [(s.model, s.target) for s in smashes] == [("a1v", "b1v"), ("b1v", "a1v")]
    assert len(smashes[0].rolls) == 5 + 7 and len(smashes[1].rolls) == 5 + 0
    assert not smashes[0].head_on  # front into a side: not head-on
    kinds = [e.kind for e in m.events[m.events.index(smashes[0]) :]]
    assert kinds.index("smashed") < kinds.index("damaged")  # both rolled before any damage


@pytest.mark.rule("vehicles", "head-on")
def test_head_on_is_decided_from_the_contact_geometry():
    """ "If the two vehicles are touching on their front edges or front corners then the
    collision is head-on … increased by +1/+1." Front to front: head-on; front into a side, or
    front into a rear: not."""

    def crash(b_angle, bx=6.0):
        m = vmatch([buggy()], [buggy("Zog")], {"a1v": (6, 4, NORTH), "b1v": (bx, 12, b_angle)})
        drive(m, m.drive(m.models["a1v"], None, 8, 6, "front"))
        return of(m, ev.Smashed)[0]

    head = crash(-NORTH)
    assert head.head_on and head.damage == sum(2 if r >= 5 else 1 for r in head.rolls)
    assert not crash(EAST).head_on  # T-bone
    assert not crash(NORTH).head_on  # into its rear
    assert crash(-NORTH, bx=7.6).head_on  # front corners touching


# ---- towers on the move and wipeouts --------------------------------------------------------


@pytest.mark.rule("vehicles", "current-speed")
def test_crash_speed_raises_the_tower_fall_rate():
    """A tower riding a vehicle that crashes stops dead from the current speed: the faster, the
    likelier it tumbles (the hull's real motion drives the tower simulation). 4-dice towers,
    40 seeds each: a 4" crash topples none, a 12" crash nearly all."""

    def falls(speed_in: float) -> int:
        n = 0
        for s in range(40):
            t = Tower(seed=500 + s)
            for _ in range(4):
                assert t.add_die()
            n += not t.ride(speed_in * 25.4, 0.0, t.ride_speed_mm_s(speed_in), crash=True)
        return n

    slow, mid, fast = falls(4), falls(8), falls(12)
    assert slow <= mid <= fast and fast - slow >= 30, (slow, mid, fast)


@pytest.mark.rule("vehicles", "two-towers-tumble-wipeout")
@pytest.mark.rule("vehicles", "wipeout-steps")
def test_a_tumbling_vehicle_tower_is_a_wipeout_in_the_rulebooks_order():
    """ "Clear up the dice tower … Drop D3 caps … Roll wipeout dice (chosen and rolled by the boss
    to the left) … Flip … Spin … Crunch." """
    m = lone_buggy(pos=(12, 6, NORTH))
    v = m.models["a1v"]
    stack(m, v, 3)
    seen = []

    def answer(req):
        seen.append(req)
        if isinstance(req, ChooseDice):
            return (6, 6, 6)
        if isinstance(req, AimThrow):
            return Throw((18, 14), 0.3)
        return req.options[0]

    n0 = len(m.events)
    drive(m, m.wipeout(v, "test"), answer)
    chooser = next(r for r in seen if isinstance(r, ChooseDice))
    assert chooser.boss == 1 and chooser.purpose == "wipeout"  # the boss to the left
    kinds = [e.kind for e in m.events[n0:] if e.kind not in ("die_removed", "cap_looted")]
    assert kinds[:2] == ["wiped_out", "dice_thrown"]
    moves = [e for e in m.events[n0:] if isinstance(e, ev.VehicleMoved)]
    assert [e.how for e in moves] == ["flip", "spin"]
    wiped = of(m, ev.WipedOut)[0]
    assert wiped.dice == 3 and 1 <= len(wiped.caps) <= 3
    thrown = of(m, ev.DiceThrown)[-1]
    values = sorted(d["value"] for d in thrown.dice)
    assert moves[0].value == values[-1]  # flip: the highest
    assert moves[1].value == values[0]  # spin: the lowest
    crunch = [e.amount for e in of(m, ev.Damaged) if e.source.startswith("crunch")]
    assert crunch == [values[1]]  # crunch: the remaining one (see the next test, with distinct values)


@pytest.mark.rule("vehicles", "wipeout-steps")
@pytest.mark.rule("vehicles", "wipeout-flip-and-spin")
def test_a_wipeout_flips_by_the_highest_spins_to_face_the_lowest_and_crunches_the_remaining():
    """ "Flip … Look at the highest wipeout dice … Move your vehicle directly forward a number of
    inches equal to that dice's value … Spin! Look at the lowest wipeout dice … Pivot your vehicle
    about its centre until that wipeout dice is within your vehicle's front corridor … Crunch! Look
    at the value of the remaining wipeout dice. The vehicle suffers that much damage." Three
    distinct values (5, 2, 4) land where the test puts them: 5" forward, the hull turned to the
    2 (off to the east), 4 damage."""
    m = lone_buggy(pos=(12, 6, NORTH))
    v = m.models["a1v"]
    placed = [(6, 4, (3.0, 20.0)), (6, 5, (12.0, 20.0)), (6, 2, (22.0, 11.0))]  # crunch, flip, spin

    def throw(boss, model, purpose, sizes, thrown, **kw):
        ids = [m.table.place_die(s, val, pos) for s, val, pos in placed]
        return [(i, s, val, pos) for i, (s, val, pos) in zip(ids, placed, strict=True)]
        yield  # (a generator, like the real one)

    m.throw = throw
    n0 = len(m.events)
    drive(m, m.wipeout(v, "test"))
    flip, spin = [e for e in m.events[n0:] if isinstance(e, ev.VehicleMoved)]
    assert (flip.how, flip.value, spin.how, spin.value) == ("flip", 5, "spin", 2)
    assert flip.end == pytest.approx((12, 11), abs=1e-6)  # directly forward by the highest
    w = m.rules.vehicles["buggy"].hull_in[0]
    die_r = m.table.p["dice"]["d6"]["circumradius_mm"] / 25.4
    ahead, side = m.table.local_point("a1v", (22.0, 11.0))
    assert ahead > 0 and abs(side) <= w / 2 + die_r  # the lowest now lies in the front corridor
    assert [e.amount for e in m.events[n0:] if isinstance(e, ev.Damaged)] == [4]  # the remaining one


@pytest.mark.rule("vehicles", "wipeout-flip-and-spin")
def test_the_flip_never_ends_overlapping_a_model_or_terrain():
    """ "You can't end this flip overlapping another model or bit of terrain. If you can't clear
    an object with the flip, move the minimum distance directly forward to clear it." """
    m = lone_buggy(pos=(12, 4, NORTH), terrain=[box(9, 8, 15, 10)])
    v = m.models["a1v"]
    m._flip(v, 5)  # 5" would end on the wall
    ln = m.rules.vehicles["buggy"].hull_in[1]
    y = m.position("a1v")[1]
    assert y == pytest.approx(10 + ln / 2, abs=0.06)  # just clear beyond it
    assert not m.table.overlaps("a1v")


def crash_through_a_slick(tumble: str) -> tuple[Match, int]:
    """Red's bike runs north over an oil slick, head-on into Blue's truck standing across the way.
    ``tumble``: "stop" — its tower tumbles at the crash stop (the tower ride says so); "smash" —
    the smash dice stacked on it topple it (the tower says so when a die is added). Returns the
    match and the index of the bike's wipeout in its log."""
    m = vmatch(
        [dict(ORC, name="Snit", vehicle="bike")],
        [dict(ORC, name="Grimfang", vehicle="truck")],
        {"a1v": (6, 3, NORTH), "b1v": (6, 13, -NORTH)},
        terrain=[box(4, 6, 8, 7, "oil_slick")],
    )
    v = m.models["a1v"]
    stack(m, v, 2)
    if tumble == "stop":
        v.tower.ride = lambda dx, dy, speed, crash=False: not crash  # type: ignore[method-assign]
    else:
        v.tower.ride = lambda dx, dy, speed, crash=False: True  # type: ignore[method-assign]
        v.tower.add_die = lambda *a, **k: False  # type: ignore[method-assign]
    drive(m, m.drive(v, None, 12, 4, "front"))
    wiped = [i for i, e in enumerate(m.events) if isinstance(e, ev.WipedOut) and e.model == "a1v"]
    assert len(wiped) == 1
    return m, wiped[0]


@pytest.mark.rule("vehicles", "bump-another-vehicle")
@pytest.mark.rule("vehicles", "wipeout-steps")
@pytest.mark.parametrize("tumble", ["stop", "smash"])
def test_a_wipeout_mid_move_still_resolves_the_smash_underway_but_not_the_rest_of_the_move(tumble):
    """ "Simultaneous Damage: These smashes are intended to be effectively simultaneous, so
    resolve both smashes then stack the damage on both vehicles. Essentially, if one or both
    vehicles wipe out as a result of a smash, it doesn't prevent the other smash from getting
    resolved as well." and "Wipeout ... you do the following things, in this order" — a
    wipeout ends the vehicle's activation (docs/rules.md): the bike has flipped and spun away
    from its path, so what its hull touched on the way (the oil slick's D6) is not resolved
    afterwards at the place it no longer is. Whether its tower tumbled at the crash stop or
    under the truck's smash dice, both smashes are rolled and both vehicles take their damage
    (head-on, every smash die does at least 1)."""
    m, w = crash_through_a_slick(tumble)
    smashes = [(e.model, e.target) for e in of(m, ev.Smashed)]
    assert smashes == [("a1v", "b1v"), ("b1v", "a1v")]  # both sides of the head-on smash
    assert of(m, ev.Smashed)[0].head_on
    hurt = {e.model for e in of(m, ev.Damaged) if e.source.startswith("smashed by")}
    assert hurt == {"a1v", "b1v"}  # the damage stacked on both vehicles
    after = m.events[w:]
    assert [e.how for e in after if isinstance(e, ev.VehicleMoved)][:2] == ["flip", "spin"]
    slick = [e for e in after if isinstance(e, ev.Damaged) and e.source == "oil slick"]
    assert slick == []  # nothing of the move resolved at the pre-flip place after the flip


@pytest.mark.rule("vehicles", "wrecked")
def test_after_the_siren_a_wipeout_wrecks_the_vehicle():
    """ "If a vehicle wipes out after the timer has sounded, it gets wrecked: … passengers within
    1" … Vehicle explodes (x), where x is twice its toughness … Leave it in play as a piece of
    terrain." The driver cannot get off."""
    m = vmatch(
        [buggy(), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    v = m.models["a1v"]
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))
    assert v.crew == ["a1", "a2"]
    m.siren = True
    drive(m, m.wipeout(v, "test"))
    wreck = of(m, ev.Wrecked)
    assert wreck and v.wrecked and not v.in_play
    assert m.table.has_terrain(wreck[0].terrain) and m.terrain_types[wreck[0].terrain] == "wreck"
    assert of(m, ev.Exploded)[-1].x == 2 * 5
    off = of(m, ev.Alighted)
    assert [a.model for a in off] == ["a2"] and off[0].why == "wrecked" and 1 <= off[0].dice <= 6
    assert m.models["a1"].removed and m.models["a1"].aboard == "a1v"  # trapped in the wreckage


# ---- getting on and off -------------------------------------------------------------------


@pytest.mark.rule("vehicles", "getting-on")
def test_a_git_touching_a_vehicle_with_a_free_seat_may_board_at_the_end_of_its_activation():
    """ "At the end of a git's activation, if they are touching a vehicle with empty seats, they
    can hop on board as a passenger. Discard their tower." No klankbots."""
    m = vmatch(
        [buggy(), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    pal = m.models["a2"]
    for _ in range(3):
        pal.tower.add_die()
    assert m.boardable(pal) == ["a1v"]
    drive(m, m.offer_boarding(pal), scripted("a1v"))
    assert pal.aboard == "a1v" and not pal.in_play and pal.tower.height == 0
    assert "a2" not in m.table.figures
    assert m.boardable(pal) == []  # (aboard now; and the buggy's two seats are full)


@pytest.mark.rule("vehicles", "getting-off")
def test_passengers_may_get_off_before_the_vehicle_moves_within_1_inch_with_d6_dice():
    """ "When you activate a vehicle, before it moves, any gits that are riding as passengers
    may get off. Put them anywhere within 1" of the vehicle and then give them D6 dice." """
    m = vmatch(
        [buggy(), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))
    asks = []

    def answer(req):
        asks.append(req)
        return "get_off" if isinstance(req, Seat) else req.options[0]

    drive(m, m.offer_alighting(m.models["a1v"]), answer)
    assert isinstance(asks[0], Seat) and asks[0].question == "alight"
    pal = m.models["a2"]
    assert pal.in_play and pal.aboard is None and 1 <= pal.tower.height <= 6
    assert m.table.distance_between("a2", "a1v") <= 1.0 + 1e-6
    assert not m.table.overlaps("a2")


# ---- shooting from a vehicle ----------------------------------------------------------------


@pytest.mark.rule("vehicles", "shooting-arcs")
def test_fixed_guns_hit_only_the_front_corridor_pintle_guns_the_front_arc_own_guns_anything():
    """ "When firing a fixed weapon, you can only hit things that lie within the vehicle's front
    corridor … pintle-mounted … front arc … Other Guns: … they hit things regardless of where they
    lie relative to the vehicle's arcs." """

    def shot(target_xy, arc):
        m = lone_buggy(pos=(12, 6, NORTH), bpos=target_xy)
        dx, dy = target_xy[0] - 12, target_xy[1] - 6
        d = math.hypot(dx, dy)
        die = m.table.place_die(6, 6, (target_xy[0] + dx / d * 1.5, target_xy[1] + dy / d * 1.5))
        drive(m, m.combat.resolve_bullet(m.models["a1v"], m.rules.weapons["rifle"], die, 6, arc))
        return of(m, ev.BulletResolved)[-1].hit

    assert shot((12, 14), "corridor") == "figure:b1"  # dead ahead
    assert shot((17, 12), "corridor") is None  # ahead but off to the side: a miss
    assert shot((17, 12), "front") == "figure:b1"
    assert shot((17, 3), "front") is None  # behind the middle line
    assert shot((17, 3), None) == "figure:b1"


@pytest.mark.rule("vehicles", "shooting-who-fires-what")
def test_the_driver_fires_a_fixed_gun_or_a_one_handed_gun_of_their_own():
    """ "The driver can shoot with one of their 1-handed weapons or fire one fixed weapon." """
    m = lone_buggy(
        extra={"weapons": ["pistol", "rifle"], "vehicle_weapons": ["rifle", "shotgun"], "pintle": ["shotgun"]}
    )
    v = m.models["a1v"]
    opts = m.crew_gun_options(v, m.models["a1"])
    assert ("pistol",) in opts and ("rifle",) not in opts  # own 2-handed rifle: not while driving
    assert ("mount:0",) in opts and ("mount:1",) not in opts and () in opts  # fixed yes, pintle no
    req = None
    gen = m.vehicle_shoot(v)
    req = next(gen)
    assert isinstance(req, CrewGuns) and req.model == "a1"


# ---- fighting a vehicle --------------------------------------------------------------------


@pytest.mark.rule("vehicles", "fighting-a-vehicle")
def test_fighting_a_vehicle_it_smashes_and_cannot_be_shoved():
    """ "If the vehicle would thump, it smashes instead. The vehicle cannot be shoved, and
    automatically cancels any shove thrown against it." A git at its front gets +1/+1."""
    m = lone_buggy(pos=(12, 10, NORTH), bpos=(12, 11.5 + R))  # touching its front edge
    v, git = m.models["a1v"], m.models["b1"]
    assert m.combat._happens("shove", "thump", git, v) is False
    assert m.combat._happens("thump", "shove", v, git) is True  # the shove that would beat it is cancelled
    before = m.position("a1v")
    drive(m, m.combat._effect(v, git, "thump"))
    s = of(m, ev.Smashed)[-1]
    assert s.why == "fight" and s.head_on and len(s.rolls) == 5  # current speed 0 outside its move
    assert s.damage == sum(2 if r >= 3 else 1 for r in s.rolls)
    assert m.position("a1v") == before


# ---- a whole derby ----------------------------------------------------------------------------


def test_demolition_derby_heuristic_matches_end_with_every_invariant_kept():
    """A sample of tools/derby_run.py (100 matches in make test-long): no exception, caps
    conserved, nothing overlapping, crews consistent, every match ends."""
    import sys

    from conftest import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    import derby_run

    report = derby_run.run(3, ["heuristic", "heuristic"], progress=False, mods=True)
    assert report["failed"] == 0, report["failures"]
    assert report["seen"].get("smashed", 0) > 0 and report["seen"].get("vehicle_moved", 0) > 0


@pytest.mark.slow
def test_demolition_derby_100_heuristic_matches_with_random_mods():
    """Issue 13: "100 seeded heuristic-vs-heuristic derby matches with no exception and no
    invariant break (caps conserved, no overlaps at rest, every match ends)" — every vehicle
    with three random simulated mods."""
    import sys

    from conftest import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    import derby_run

    report = derby_run.run(100, ["heuristic", "heuristic"], progress=False, mods=True)
    assert report["failed"] == 0, report["failures"][:3]
    assert report["matches_with_a_wipeout"] > 0 and report["seen"].get("smashed", 0) > 100


@pytest.mark.rule("vehicles", "resolve-move-dice-one-at-a-time")
def test_order_move_die_for_a_vehicle_is_asked_of_its_boss():
    m = lone_buggy()
    gen = m.vehicle_scoot(m.models["a1v"])
    req = next(gen)
    req = gen.send((6, 6, 6))
    assert isinstance(req, AimThrow) and req.dice == (6, 6, 6)
    req = gen.send(Throw((6, 16), 0.3))
    assert isinstance(req, OrderMoveDie) and req.model == "a1v"


# ---- vehicle mods -------------------------------------------------------------------------------


def modded(*mods: str, pos=(12, 3, NORTH), **kw) -> Match:
    return lone_buggy(pos=pos, extra={"mods": list(mods)}, **kw)


@pytest.mark.rule("vehicles", "mod-extra-seats")
def test_extra_seats_plus_two_seats():
    """Extra Seats: "The vehicle gains +2 Seats." A buggy has 2."""
    assert modded("extra_seats").seats(modded("extra_seats").models["a1v"]) == 4
    assert modded().seats(modded().models["a1v"]) == 2


@pytest.mark.rule("vehicles", "mod-hover-jets")
@pytest.mark.rule("vehicles", "mod-shaker-scoop")
def test_hover_jets_four_move_dice_and_the_shaker_scoop_one_a_size_bigger():
    """Hover-jets: "it rolls 4 move dice when it scoots." Honking Great Shaker Scoop: "one of the
    move dice you roll each activation can be one dice size higher than your engine stat." """
    m = modded("hover_jets", "honking_great_shaker_scoop")
    req = next(m.vehicle_scoot(m.models["a1v"]))
    assert all(len(o) == 4 for o in req.options)
    assert (20, 12, 12, 12) in req.options and (20, 20, 12, 12) not in req.options


@pytest.mark.parametrize(
    "mod, value, inches",
    [
        ("massive_exhausts", 2, 4.0),
        ("massive_exhausts", 5, 5.0),
        ("racing_stripes", 3, 5.0),
        ("jet_engine", 12, 18.0),
        ("jet_engine", 11, 11.0),
    ],
)
@pytest.mark.rule("vehicles", "mods-move-distance")
def test_mods_that_change_how_far_a_move_die_takes_you(mod, value, inches):
    """Massive Exhausts: "all its move dice count as a minimum of 4". Racing Stripes: "its move
    dice gain +2"". Jet Engine: "any of your move dice that roll 12 or more gain +6""."""
    m = modded(mod, pos=(12, 2, NORTH))
    die = m.table.place_die(12, value, (12, 20))  # dead ahead
    drive(m, m.drive_die(m.models["a1v"], die, value))
    assert of(m, ev.VehicleMoved)[-1].travelled == pytest.approx(inches)


@pytest.mark.rule("vehicles", "mod-huge-spoiler-and-wheels")
def test_huge_spoiler_and_huge_wheels_each_plus_two_handling():
    """Huge Spoiler / Huge Wheels: "it gains +2 handling" (different mods: they stack)."""
    from spacegits_sim.rules import effects

    assert effects.handling(modded().models["a1v"], 10) == 10
    assert effects.handling(modded("huge_spoiler").models["a1v"], 10) == 12
    assert effects.handling(modded("huge_spoiler", "huge_wheels").models["a1v"], 10) == 14


@pytest.mark.rule("vehicles", "mod-loads-of-spikes")
@pytest.mark.rule("vehicles", "mod-buzzblades")
@pytest.mark.rule("vehicles", "mod-massive-ram")
def test_loads_of_spikes_plus_two_smash_dice_and_buzzblades_toughness_one_lower():
    """Loads of Spikes: "you roll +2 smash dice". Buzzblades: "you count the target's toughness
    as 1 lower". Massive Ram: "your smash dice do +1/+1 damage"."""
    m = modded("loads_of_spikes", "buzzblades", "massive_ram")
    v, git = m.models["a1v"], m.models["b1"]
    dmg, rolls, tough = m.smash(v, git, 3, False, "test")
    assert len(rolls) == 5 + 3 + 2 and tough == 3 - 1
    assert dmg == sum(2 if r >= 2 else 1 for r in rolls)


@pytest.mark.rule("vehicles", "mod-explosive-ram")
def test_explosive_ram_plus_two_plus_four_the_first_time_only():
    """Explosive Ram: "the first time in a game you smash, your smash dice do +2/+4 damage." """
    m = modded("explosive_ram")
    v, git = m.models["a1v"], m.models["b1"]
    first, rolls, _ = m.smash(v, git, 0, False, "test")
    assert first == sum(5 if r >= 3 else 2 for r in rolls)
    second, rolls2, _ = m.smash(v, git, 0, False, "test")
    assert second == sum(1 if r >= 3 else 0 for r in rolls2)


# ---- gear and terrain that speak of vehicles ---------------------------------------------------


@pytest.mark.rule("vehicles", "oil-slick-vehicles-slide")
def test_a_vehicle_that_touches_an_oil_slick_gains_d6_damage():
    """Oil Slick: "Vehicles that touch an Oil Slick also gain D6 damage as they struggle to keep
    control." (And it slides on, as a git does: tests/test_vehicles_book.py.)"""
    m = lone_buggy(pos=(12, 3, NORTH), terrain=[box(10, 8, 14, 10, "oil_slick")])
    drive(m, m.drive(m.models["a1v"], None, 8, 8, "front"))
    hits = [e for e in of(m, ev.Damaged) if e.source == "oil slick"]
    assert len(hits) == 1 and 1 <= hits[0].amount <= 6


def test_massive_spanner_bonks_a_vehicle_and_a_fuel_can_lets_it_reroll_move_dice():
    """Massive Spanner: "bonk a vehicle or Klankbot within 1": remove D6 dice from the bonked
    model's tower." Fuel Can: "friendly vehicles or Klankbots may re-roll any of their move dice." """
    from spacegits_sim.rules import effects

    m = vmatch(
        [buggy(), dict(ORC, name="Mech", gear=["fuel_can"])],
        [dict(ORC, name="Bonk", gear=["massive_spanner"])],
        {"a1v": (12, 10, NORTH), "a2": (14, 10), "b1": (12, 11.5 + R + 0.5)},
    )
    v = m.models["a1v"]
    assert effects.mechanical(v)
    assert effects.rerolls(m, v, "move")  # the fuel can 2" away
    stack(m, v, 6)
    assert "bonk" in effects.actions(m.models["b1"], m)
    drive(m, effects.act(m, m.models["b1"], "bonk"), scripted("a1v"))
    assert v.tower.height < 6


@pytest.mark.rule("vehicles", "mod-nitro-booster")
def test_nitro_booster_one_die_plus_ten_inches():
    """Nitro Booster: "When you scoot, you can boost instead: you only roll one move dice, but
    you add +10"." """
    m = modded("nitro_booster", pos=(12, 3, NORTH))
    v = m.models["a1v"]
    gen = m.vehicle_scoot(v)
    req = gen.send(None)
    assert (6,) in req.options and (12, 12, 12) in req.options
    req = gen.send((4,))
    assert isinstance(req, AimThrow) and req.dice == (4,)
    req = gen.send(Throw((12, 10), 0.1))
    while not isinstance(req, OrderMoveDie):
        req = gen.send(req.options[0])
    value = m.table.die(req.options[0]).value
    with pytest.raises(StopIteration):
        gen.send(req.options[0])
    moved = [e for e in of(m, ev.VehicleMoved) if e.how == "drive"][-1]
    assert moved.value == value
    assert moved.travelled == pytest.approx(value + 10, abs=1e-6) or moved.stop is not None


@pytest.mark.rule("vehicles", "mod-smoke-belcher")
def test_smoke_belcher_one_tougher_when_shot():
    """Smoke Belcher: "When shot at, treat this vehicle's toughness as 1 higher." """
    m = modded("smoke_belcher", pos=(12, 12, NORTH), bpos=(12, 4))
    die = m.table.place_die(6, 6, (12, 14))
    drive(m, m.combat.resolve_bullet(m.models["b1"], m.rules.weapons["pistol"], die, 6))
    hit = of(m, ev.BulletResolved)[-1]
    assert hit.hit == "figure:a1v" and hit.big is True  # 6 vs toughness 5 + 1
    m2 = modded("smoke_belcher", pos=(12, 12, NORTH), bpos=(12, 4))
    die = m2.table.place_die(6, 5, (12, 14))
    drive(m2, m2.combat.resolve_bullet(m2.models["b1"], m2.rules.weapons["pistol"], die, 5))
    assert of(m2, ev.BulletResolved)[-1].big is False  # a 5 would have been big on a plain buggy


@pytest.mark.rule("vehicles", "mod-force-field")
def test_force_field_discards_damage_dice_that_roll_a_six():
    """Force Field: "When you receive a damage dice, roll it. If it rolls a 6, you can discard
    it." Over 600 damage dice about a sixth are reflected (exact binomial bounds)."""
    from scipy.stats import binom

    m = modded("force_field")
    v = m.models["a1v"]
    stopped = 0
    for _ in range(60):
        drive(m, m.combat.damage(v, 10, "test"))
        last = of(m, ev.Damaged)[-1]
        stopped += 10 - last.amount
        v.tower.clear()
        v.tower2.clear()
    lo, hi = binom.ppf(0.0005, 600, 1 / 6), binom.ppf(0.9995, 600, 1 / 6)
    assert lo <= stopped <= hi


@pytest.mark.rule("vehicles", "mod-force-field")
def test_force_field_rolls_every_damage_die_of_a_huge_smash_without_a_dice_error():
    """Derby match 73 (on the way to the deploy-facing fix): a head-on smash at speed did 196
    damage to a vehicle with a Force Field, whose roll of "196D6" went through the dice parser's
    limit of 100 dice and stopped the match with a DiceError. Each damage die is its own roll."""
    from spacegits_sim.rules import effects

    m = modded("force_field")
    kept = effects.absorb(m, m.models["a1v"], 196)
    assert 196 * 0.6 < kept < 196  # about a sixth reflected
    drive(m, m.combat.damage(m.models["a1v"], 196, "test"))  # and the damage goes on
    assert of(m, ev.Damaged)[-1].model == "a1v"


@pytest.mark.rule("vehicles", "mod-ramshackle-armour")
def test_ramshackle_armour_negates_damage_until_it_falls_off_on_an_odd_roll():
    """Ramshackle Armour: "When you take damage, roll a dice. Even, the damage is negated. Odd,
    the damage is negated, but the armour falls off." """
    m = modded("ramshackle_armour")
    v = m.models["a1v"]
    hits = []
    for _ in range(12):
        drive(m, m.combat.damage(v, 2, "test"))
        hits.append(of(m, ev.Damaged)[-1].amount)
    first_real = hits.index(2)
    assert hits[:first_real] == [0] * first_real and first_real >= 1 and all(h == 2 for h in hits[first_real:])


@pytest.mark.rule("vehicles", "mod-spiked-roller")
def test_spiked_roller_smashes_again_at_plus_one_toughness_after_big_damage():
    """Spiked Roller: "when you cause big damage to your opponent with a smash, you can roll your
    smash again, counting the target's toughness as +1 (and this can repeat, with the target's
    toughness increasing by +1 each time)." Pinned dice against an orc (toughness 3): big damage
    at 3 → again at 4 (two big) → again at 5 (none big: it stops); every roll's damage is added.
    A smash with no big damage is not rolled again."""
    m = modded("spiked_roller")
    v, git = m.models["a1v"], m.models["b1"]
    n = v.toughness  # speed 0: toughness D6
    assert git.toughness == 3
    rolls = pin_dice(m, 3, *[1] * (n - 1), 4, 4, *[1] * (n - 2), *[4] * n)
    dmg, first, tough = m.smash(v, git, 0, False, "test")
    smashes = [(e.why, e.toughness, e.damage) for e in of(m, ev.Smashed)]
    assert smashes == [("test", 3, 1), ("again", 4, 2), ("again", 5, 0)]
    assert (dmg, first, tough) == (1 + 2 + 0, [3, *[1] * (n - 1)], 3)
    assert rolls.drawn == 3 * n  # no fourth roll after the one with no big damage
    m2 = modded("spiked_roller")
    rolls2 = pin_dice(m2, *[2] * n)  # under the orc's 3: no big damage
    assert m2.smash(m2.models["a1v"], m2.models["b1"], 0, False, "test")[0] == 0
    assert [e.why for e in of(m2, ev.Smashed)] == ["test"] and rolls2.drawn == n


@pytest.mark.rule("vehicles", "mod-flame-gouts")
def test_flame_gouts_big_smash_damage_sets_the_target_on_fire():
    """Flame Gouts: "If you cause big damage to a model with your smash dice, it is set on fire." """
    from spacegits_sim.rules.effects.vehicle_mods import GoutFire

    m = modded("flame_gouts")
    v, git = m.models["a1v"], m.models["b1"]
    _dmg, rolls, tough = m.smash(v, git, 8, False, "test")
    assert bool(git.tokens.get(GoutFire.id)) == any(r >= tough for r in rolls)


@pytest.mark.rule("vehicles", "mod-full-stocked-minibar")
def test_full_stocked_minibar_a_git_getting_off_thumps_plus_one():
    """Full-Stocked Minibar: "After getting off this vehicle, a git's thumps deal +1/+1 damage
    until they fall over." """
    from spacegits_sim.rules import effects

    m = vmatch(
        [buggy(mods=["full_stocked_minibar"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))
    drive(m, m.put_off(m.models["a1v"], m.models["a2"], "got off"))
    pal = m.models["a2"]
    assert effects.weapon_damage(pal, m.rules.weapons["regular_h2h"], True) == 3


@pytest.mark.rule("vehicles", "mod-megaphone")
def test_megaphone_mod_hoots_a_friendly_git_into_an_action():
    """Megaphone: "As an action, they can hoot: select a friendly git within 3D6", they
    immediately take one action." """
    from spacegits_sim.rules import effects

    m = vmatch(
        [buggy(mods=["megaphone"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (14, 6), "b1": (22, 22)},
    )
    v = m.models["a1v"]
    assert "hoot" in m._legal_actions(v)
    gen = effects.act(m, v, "hoot")
    req = next(gen)  # 3D6" is at least 3": Pal, 2" from the hull, is always in reach
    assert "a2" in req.options
    req = gen.send("a2")
    assert req.model == "a2" and "scoot" in req.options  # the hooted git's own action


@pytest.mark.rule("vehicles", "mod-electric-motor")
def test_electric_motor_deploys_within_4_inches_and_stuns_the_first_round():
    """Electric Motor: "may be deployed within 4" of caps and enemy models. When this vehicle
    bumps into a git, that enemy boss doesn't throw in the first round of the fight." """
    from spacegits_sim.rules import effects

    m = modded("electric_motor", pos=(6, 4, NORTH), bpos=(6, 9))
    assert effects.vehicle_deploy_distance(m.models["a1v"], 8.0) == 4.0
    drive(
        m,
        m.drive(m.models["a1v"], None, 8, 8, "front"),
        lambda r: (
            ("shove", "thump")
            if isinstance(r, FightThrow)
            else (r.options[0] if hasattr(r, "options") else Throw((12, 12), 0.3))
        ),
    )
    first = of(m, ev.FightRound)[0]
    assert first.round == 1 and first.happens == (True, False)


@pytest.mark.rule("vehicles", "mod-mountains-of-ammo")
def test_mountains_of_ammo_may_reroll_its_shooting_dice():
    """Mountains of Ammo: "This vehicle may re-roll each of their shooting dice once." """
    from spacegits_sim.rules import effects

    m = modded("mountains_of_ammo")
    assert effects.rerolls(m, m.models["a1v"], "bullet") and not effects.rerolls(m, m.models["a1v"], "move")
    assert not effects.rerolls(m, m.models["b1"], "bullet")


@pytest.mark.rule("vehicles", "mod-wrecking-ball")
def test_wrecking_ball_a_passenger_fires_it_the_vehicle_explodes_12_unharmed():
    """Wrecking Ball: "Counts as a pintle-mounted weapon. When used, the vehicle explodes (12).
    It isn't damaged itself." """
    m = vmatch(
        [buggy(mods=["wrecking_ball"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (14, 13)},
    )
    v = m.models["a1v"]
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))
    assert ("mod:wrecking_ball",) in m.crew_gun_options(v, m.models["a2"])
    assert ("mod:wrecking_ball",) not in m.crew_gun_options(v, m.models["a1"])  # the driver fires fixed guns
    drive(
        m,
        m.vehicle_shoot(v),
        lambda r: (
            ("mod:wrecking_ball",)
            if isinstance(r, CrewGuns) and r.model == "a2"
            else (
                ()
                if isinstance(r, CrewGuns)
                else (r.options[0] if hasattr(r, "options") else Throw(m.position("b1"), 0.1))
            )
        ),
    )
    boom = of(m, ev.Exploded)
    assert boom and boom[0].x == 12 and boom[0].origin == "a1v"
    assert not [e for e in of(m, ev.Damaged) if e.model == "a1v"]
    hits = [e for e in of(m, ev.Damaged) if e.model == "b1"]
    assert hits and all(e.by == "a1v" for e in hits)  # the blast is the vehicle's damage (Dangerous Driving)


@pytest.mark.rule("vehicles", "mod-insanely-loud-sound-system")
def test_insanely_loud_sound_system_pushes_gits_out_to_6_inches():
    """Insanely Loud Sound System: "all gits within 6" are pushed directly away until they are
    no longer within 6". If they cannot … shoved as far as possible and then suffer D3 damage." """
    from spacegits_sim.rules import effects

    m = modded("insanely_loud_sound_system", pos=(12, 12, NORTH), bpos=(15, 12))
    assert "drop_the_bass" in m._legal_actions(m.models["a1v"])
    drive(m, effects.act(m, m.models["a1v"], "drop_the_bass"))
    assert m.table.distance_between("a1v", "b1") >= 6.0 - 1e-3
    m2 = modded("insanely_loud_sound_system", pos=(12, 12, NORTH), bpos=(15, 12), terrain=[box(17, 9, 18, 15)])
    drive(m2, effects.act(m2, m2.models["a1v"], "drop_the_bass"))
    assert [e for e in of(m2, ev.Damaged) if "bass drop" in e.source]


@pytest.mark.rule("vehicles", "mod-experimental-teleporter")
def test_experimental_teleporter_a_one_wipes_out_else_placed_by_a_flipped_coin():
    """Experimental Teleporter: "Roll a D6: if you roll a 1, you wipe out; otherwise, you flip a
    coin … Place this model in contact with the coin … (the tower can't fall down)." """
    from spacegits_sim.rules import effects

    outcomes = set()
    for seed in range(1, 40):
        m = modded("experimental_teleporter", pos=(6, 6, NORTH), seed=seed)
        v = m.models["a1v"]
        stack(m, v, 2)
        assert effects.action_kind(v, "teleport") == "scoot"
        drive(
            m,
            effects.act(m, v, "teleport"),
            lambda r: Throw((18, 18), 0.2) if isinstance(r, AimThrow) else r.options[0],
        )
        if of(m, ev.WipedOut):
            outcomes.add("wipeout")
        else:
            assert m.position("a1v") != (6, 6) and v.tower.height == 2
            outcomes.add("teleported")
    assert outcomes == {"wipeout", "teleported"}


@pytest.mark.rule("vehicles", "special-fly")
def test_fly_the_vehicle_is_placed_ignoring_what_is_between_and_loots_caps_passed_over():
    """Fly: "pivot as normal, then pick up the model and place it the rolled number of inches
    away, ignoring intervening terrain or models. Loot any bottle caps you pass over." """
    m = vmatch(
        [dict(ORC, name="Gaz", vehicle="buzzcopter")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 3, NORTH), "b1": (12, 8)},
        terrain=[box(9, 10, 15, 11)],
    )
    cap = m.table.add_token((12.5, 12.5))
    die = m.table.place_die(6, 10, (12, 20))
    drive(m, m.drive_die(m.models["a1v"], die, 10))
    moved = [e for e in of(m, ev.VehicleMoved) if e.how == "fly"]
    assert moved and m.position("a1v") == pytest.approx((12, 13), abs=1e-6)
    assert cap not in m.table.tokens and not of(m, ev.Smashed)


@pytest.mark.rule("vehicles", "mod-fuzzy-dice-and-bumper-stickers")
def test_fuzzy_dice_and_bumper_stickers_each_a_swig_for_a_reroll_once_per_activation():
    """Fuzzy Dice / Mystical Bumper Stickers: "Once per activation, may take a swig to re-roll
    any one dice." Two different mods: two re-rolls, each costing a swig."""
    from spacegits_sim.rules import effects
    from spacegits_sim.rules.decisions import GearChoice, Reroll

    m = modded("fuzzy_dice", "mystical_bumper_stickers", pos=(12, 3, NORTH))
    v = m.models["a1v"]
    landed = [(m.table.place_die(6, 1, (12, 10)), 6, 1, (12, 10))]
    asked = []

    def answer(req):
        asked.append(type(req).__name__)
        if isinstance(req, GearChoice):
            return "swig"
        if isinstance(req, Reroll):
            return next(o for o in req.options if o != "done")
        return req.options[0]

    dice = drive(m, effects.after_move_throw(m, v, landed), answer)
    assert asked.count("GearChoice") == 2 and asked.count("Reroll") == 2
    assert v.tower.height + v.tower2.height == 2  # a swig each
    assert dice[0][0] != landed[0][0]  # thrown again
    again = drive(m, effects.after_move_throw(m, v, dice), answer)  # once per activation each
    assert again == dice


@pytest.mark.rule("vehicles", "mod-electroshock")
def test_electroshock_a_move_die_that_would_hit_terrain_may_be_rerolled_for_two_swigs():
    """Electroshock Collision Warning System: "If a move dice would cause you to bump into
    terrain, you can take a swig twice to re-roll that move dice." """
    from spacegits_sim.rules.decisions import GearChoice

    m = modded("electroshock_collision_warning_system", pos=(12, 3, NORTH), terrain=[box(9, 8, 15, 9)])
    v = m.models["a1v"]
    die = m.table.place_die(6, 6, (12, 7))
    asked = []

    def answer(req):
        asked.append(req)
        if isinstance(req, GearChoice):
            return "zap"
        if isinstance(req, AimThrow):
            return Throw((12, 7), 0.1)
        return next((o for o in req.options if o != "done"), req.options[0])

    drive(m, m.drive_die(v, die, 6), answer)
    assert any(isinstance(r, GearChoice) and r.gear == "electroshock_collision_warning_system" for r in asked)
    swigs = [e for e in of(m, ev.VehicleTowers) if e.reason == "swig"]
    assert len(swigs) == 2
    m2 = modded("electroshock_collision_warning_system", pos=(12, 3, NORTH))  # nothing ahead: not offered
    die = m2.table.place_die(6, 6, (12, 7))
    asked.clear()
    drive(m2, m2.drive_die(m2.models["a1v"], die, 6), answer)
    assert not any(isinstance(r, GearChoice) for r in asked)


@pytest.mark.rule("vehicles", "mod-sidesaws")
def test_sidesaws_reroll_the_smash_dice_once_per_fight():
    """Sidesaws: "you can re-roll your smash dice once per fight." """
    from spacegits_sim.rules.decisions import GearChoice

    m = modded("sidesaws", pos=(12, 10, NORTH), bpos=(12, 11.5 + R))
    v, git = m.models["a1v"], m.models["b1"]
    asked = []

    def answer(req):
        asked.append(req)
        return "reroll" if isinstance(req, GearChoice) else req.options[0]

    m.combat.fights += 1
    drive(m, m.combat._effect(v, git, "thump"), answer)
    drive(m, m.combat._effect(v, git, "thump"), answer)
    assert sum(isinstance(r, GearChoice) for r in asked) == 1  # once per fight
    assert len([e for e in of(m, ev.Smashed) if e.why == "fight"]) == 3  # the first, its re-roll, the next


def sidesaws_fight(m: Match, reroll: bool) -> list:
    """One smash of a1v at b1 in a fight (speed 0; b1 is not at its front, so not head-on), its
    Sidesaws re-roll taken or not."""
    from spacegits_sim.rules.decisions import GearChoice

    v, git = m.models["a1v"], m.models["b1"]

    def answer(req):
        if isinstance(req, GearChoice):
            return "reroll" if reroll else "keep"
        return req.options[0]

    m.combat.fights += 1
    n0 = len(m.events)
    drive(m, m.combat._effect(v, git, "thump"), answer)
    return m.events[n0:]


@pytest.mark.rule("vehicles", "mod-sidesaws")
@pytest.mark.rule("vehicles", "mod-explosive-ram")
def test_a_sidesaws_reroll_of_the_first_smash_keeps_the_explosive_ram_bonus():
    """Explosive Ram: "the first time in a game you smash, your smash dice do +2/+4 damage";
    Sidesaws: "you can re-roll your smash dice once per fight". The re-roll is the same smash:
    the kept (re-rolled) dice do +2/+4, and the ram is spent only then."""
    from spacegits_sim.rules.effects.vehicle_mods import EXPLOSIVE_RAM_USED

    m = modded("sidesaws", "explosive_ram")  # b1 far off: not head-on
    v, git = m.models["a1v"], m.models["b1"]
    n = v.toughness  # speed 0: toughness D6
    pin_dice(m, *[1] * n, *[6] * n)  # the first roll all weak, the re-roll all big
    events = sidesaws_fight(m, reroll=True)
    first, again = [e for e in events if isinstance(e, ev.Smashed)]
    assert first.damage == 2 * n and again.damage == 5 * n  # weak 0+2, big 1+4: both with the ram
    hit = [e for e in events if isinstance(e, ev.Damaged) and e.model == git.id]
    assert hit and hit[0].amount == 5 * n
    assert v.tokens.get(EXPLOSIVE_RAM_USED)  # spent by the smash, now it is settled
    assert m.smash(v, git, 0, False, "test")[0] <= n  # the next smash: plain 0/1


@pytest.mark.rule("vehicles", "mod-sidesaws")
@pytest.mark.rule("vehicles", "mod-flame-gouts")
def test_a_smash_roll_thrown_away_by_sidesaws_sets_no_fire():
    """Flame Gouts: "If you cause big damage to a model with your smash dice, it is set on fire";
    Sidesaws: "you can re-roll your smash dice once per fight". A roll re-rolled is thrown
    away: only the kept roll's big damage sets the fire."""
    from spacegits_sim.rules.effects.vehicle_mods import GoutFire

    m = modded("sidesaws", "flame_gouts")  # b1 far off: not head-on
    n = m.models["a1v"].toughness
    pin_dice(m, *[6] * n, *[1] * n)  # big damage on the first roll, none on the re-roll
    events = sidesaws_fight(m, reroll=True)
    assert [e.damage for e in events if isinstance(e, ev.Smashed)] == [n, 0]
    assert not m.models["b1"].tokens.get(GoutFire.id)
    m2 = modded("sidesaws", "flame_gouts")  # b1 far off: not head-on
    pin_dice(m2, *[6] * n)
    sidesaws_fight(m2, reroll=False)  # the same big roll kept: on fire
    assert m2.models["b1"].tokens.get(GoutFire.id)


@pytest.mark.rule("vehicles", "mod-sidesaws")
@pytest.mark.rule("vehicles", "mod-spiked-roller")
def test_a_smash_roll_thrown_away_by_sidesaws_gives_no_spiked_roller_repeat():
    """Spiked Roller: "when you cause big damage to your opponent with a smash, you can roll your
    smash again"; Sidesaws: "you can re-roll your smash dice once per fight". Big damage on a roll
    that is re-rolled is thrown away with it: the repeats follow the kept roll only."""
    m = modded("sidesaws", "spiked_roller")  # b1 far off: not head-on
    n = m.models["a1v"].toughness
    rolls = pin_dice(m, *[6] * n, *[1] * n)  # big on the first roll, none on the re-roll
    events = sidesaws_fight(m, reroll=True)
    assert [e.why for e in events if isinstance(e, ev.Smashed)] == ["fight", "fight"]
    assert rolls.drawn == 2 * n
    hit = [e for e in events if isinstance(e, ev.Damaged) and e.model == "b1"]
    assert not hit or hit[0].amount == 0


@pytest.mark.rule("vehicles", "mod-sponson")
def test_sponson_the_first_pintle_gun_may_fire_into_a_side_arc():
    """Sponson: "That weapon may use a side 180° arc of fire, rather than the normal front arc." """
    m = vmatch(
        [buggy(mods=["sponson"], vehicle_weapons=["rifle", "shotgun"], pintle=["shotgun"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    v = m.models["a1v"]
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))
    opts = m.crew_gun_options(v, m.models["a2"])
    assert {("mount:1@front",), ("mount:1@left",), ("mount:1@right",)} <= set(opts)
    assert m.parse_mount(v, "mount:1@left") == (1, "left")
    assert m.in_arc(v, "right", (16, 6)) and not m.in_arc(v, "front", (16, 6))


@pytest.mark.rule("vehicles", "mod-git-launcher")
def test_git_launcher_a_passenger_leaves_by_jetpack_when_the_vehicle_shoots():
    """Git Launcher: "Once per activation, when the vehicle shoots, one passenger may leave the
    vehicle, moving as if they had a jetpack." """

    m = vmatch(
        [buggy(mods=["git_launcher"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    v = m.models["a1v"]
    drive(m, m.offer_boarding(m.models["a2"]), scripted("a1v"))

    answer = launch_answers

    drive(m, m.vehicle_shoot(v), answer)
    off = of(m, ev.Alighted)
    assert off and off[0].why == "launched" and m.models["a2"].aboard is None
    assert any(e.kind == "dice_thrown" and e.purpose == "jetpack" for e in m.events)


@pytest.mark.rule("vehicles", "mod-git-launcher")
def test_a_git_launched_by_the_git_launcher_gets_no_motion_sickness_dice():
    """Git Launcher: "one passenger may leave the vehicle, moving as if they had a jetpack." The
    D6 tower dice are for the other way off ("before it moves, any gits that are riding as
    passengers may get off. Put them anywhere within 1" of the vehicle and then give them D6 dice
    for their tower"): the launched git's tower gets none, and they blast off standing."""

    m = vmatch(
        [buggy(mods=["git_launcher"]), dict(ORC, name="Pal")],
        [dict(ORC, name="Urg")],
        {"a1v": (12, 10, NORTH), "a2": (12, 8.5 - R - 0.01), "b1": (22, 22)},
    )
    v, pal = m.models["a1v"], m.models["a2"]
    drive(m, m.offer_boarding(pal), scripted("a1v"))

    answer = launch_answers

    n0 = len(m.events)
    drive(m, m.vehicle_shoot(v), answer)
    off = [e for e in m.events[n0:] if isinstance(e, ev.Alighted)]
    assert [(e.why, e.dice) for e in off] == [("launched", 0)]
    assert pal.tower.height == 0 and pal.standing
    assert not any(
        isinstance(e, ev.TowerGrew) and e.model == "a2" and e.reason == "motion sickness" for e in m.events[n0:]
    )
    assert "tower di" not in off[0].describe({})  # the log says no dice either


@pytest.mark.rule("vehicles", "mod-mega-magnet")
def test_mega_magnet_is_a_pintle_grappling_gun_rolling_1d12():
    """Mega-magnet: "This mod counts as a pintle-mounted grappling gun, but rolls 1D12 as its
    bullet dice." """
    m = modded("mega_magnet")
    v = m.models["a1v"]
    (mount,) = v.mounts
    assert mount.how == "pintle" and mount.weapon.dice.dice == (12,) and "grappling_hook" in mount.weapon.special


@pytest.mark.rule("vehicles", "mod-gory-trophy-rack")
def test_gory_trophy_rack_counts_the_fallen_enemies_it_runs_over():
    """Gory Trophy Rack: "After a game in which this vehicle removed a fallen enemy git from play by
    running them over … 3 caps" — a between-games effect; the match counts the run-overs."""
    m = modded("gory_trophy_rack", pos=(6, 4, NORTH), bpos=(6.4, 9))
    m.models["b1"].fallen = True
    m.table.set_upright("b1", False)
    drive(m, m.drive(m.models["a1v"], None, 8, 8, "front"))
    assert m.models["a1v"].tokens.get("trophies") == 1
    logged = [(e.kind, e.model, e.target) for e in m.events if isinstance(e, (ev.RanOver, ev.Pinched))]
    assert logged == [("ran_over", "a1v", "b1"), ("pinched", "a1v", "b1")]  # the run-over, then its cap


@pytest.mark.rule("vehicles", "mod-mine-dropper")
def test_mine_dropper_a_mine_behind_the_vehicle_explodes_8_when_another_model_comes_within_2():
    """Mine Dropper: "You start the game with 3 mines … Before any move dice, you can place one
    of these tokens in contact with the back of your vehicle. If another model moves within 2" of
    this mine, it explodes (8)." """
    from spacegits_sim.rules import effects
    from spacegits_sim.rules.decisions import GearChoice

    m = modded("mine_dropper", pos=(12, 12, NORTH), bpos=(12, 3))
    v = m.models["a1v"]
    drive(m, effects.before_move_dice(m, v), lambda r: "drop" if isinstance(r, GearChoice) else r.options[0])
    placed = of(m, ev.TerrainPlaced)
    assert placed and placed[0].type == "mine" and m.terrain_types[placed[0].terrain] == "mine"
    (cx, cy), _r = placed[0].circle
    assert cx == pytest.approx(12) and cy < 12 - 1.5  # in contact with its back
    drive(m, m.drive(v, None, 4, 4, "front"))  # its own vehicle driving off sets nothing off
    assert not of(m, ev.Exploded)
    die = m.table.place_die(6, 6, (12, 12))
    drive(m, m.move_towards_die(m.models["b1"], die, 6, "normal"))  # the enemy walks up to it
    boom = of(m, ev.Exploded)
    assert boom and boom[0].x == 8 and not m.table.has_terrain(placed[0].terrain)
    v.tokens["mine_dropper_dropped"] = 3  # "You start the game with 3 mines"
    asked = []
    drive(m, effects.before_move_dice(m, v), lambda r: asked.append(r) or "drop")
    assert asked == []


@pytest.mark.rule("vehicles", "mod-oil-slick-dropper")
def test_oil_slick_dropper_a_3_inch_slick_from_the_end_of_the_activation():
    """Oil Slick Dropper: "The area 3" around this token counts as Oil Slick terrain (starting at
    the end of your activation)." """
    from spacegits_sim.rules import effects
    from spacegits_sim.rules.decisions import GearChoice

    m = modded("oil_slick_dropper", pos=(12, 12, NORTH))
    v = m.models["a1v"]
    drive(m, effects.before_move_dice(m, v), lambda r: "drop" if isinstance(r, GearChoice) else r.options[0])
    assert not of(m, ev.TerrainPlaced) and m.pending_terrain  # not yet
    m.place_pending_terrain(v)
    (placed,) = of(m, ev.TerrainPlaced)
    assert placed.type == "oil_slick" and placed.circle[1] == pytest.approx(3 + 25 / 25.4 / 2)
    assert m.table.terrain_piece(placed.terrain).crossable


def test_a_vehicle_with_no_room_to_deploy_stays_off_the_table_and_the_game_goes_on():
    """A table too crowded for a vehicle (a campaign gang's new half-track on the Quick Start
    table): it is left off with its crew (a ``no_room`` event), the others deploy and play."""
    from helpers import scenario

    m = Match(
        scenario(
            [[buggy(), dict(ORC, name="Foot")], [dict(ORC, name="Urg")]], options={"vehicle_deploy_distance_in": 30.0}
        )
    )
    for _ in range(10):  # deployment only
        req = m.pending
        if req is None or req.kind != "deploy":
            break
        mid = req.models[0]
        spot = next(((x, y) for y in range(1, 24) for x in range(1, 24) if req.legal(mid, (x, y)) is None), None)
        m.answer((mid, spot) if spot else "skip")
    assert [e.model for e in of(m, ev.NoRoom)] == ["a1v"]
    assert not m.models["a1v"].in_play and m.models["a2"].in_play and m.models["b1"].in_play


# ---- the preview a player sees before resolving a move die (issue 28) ------------------------


@pytest.mark.parametrize(
    "die_at, terrain",
    [
        ((14, 9), None),  # front arc: pivot, then a clear run
        ((14, 9), [box(11, 2, 12, 14)]),  # pivot, then the run bumps a wall
        ((6, 12), [box(3, 9, 9, 10)]),  # straight on into a wall: no pivot
        ((6, 2), None),  # rear arc: forward without pivoting
        ((12, 6.5), [box(7.2, 6.5, 8, 7.5)]),  # a pivot the wall blocks part-way
    ],
)
def test_the_drive_preview_is_the_pivot_and_corridor_the_rules_then_drive(die_at, terrain):
    """The hot-seat draws a vehicle's pivot and its corridor to the first bump before the die is
    resolved, from ``preview_drive``: the very hull sweeps ``drive`` makes. The vehicle then
    faces and stops exactly where the preview said."""
    m = lone_buggy(pos=(6, 6, NORTH), terrain=terrain)
    die = m.table.place_die(6, 4, die_at)
    piv, run = m.preview_drive("a1v", die_at, 4, m.table.die_radius(die), ignore=(die,))
    assert m.position("a1v") == pytest.approx((6, 6)) and m.table.figure("a1v").angle == pytest.approx(NORTH)
    n = len(m.events)
    drive(m, m.drive_die(m.models["a1v"], die, 4))
    moved = next(e for e in m.events[n:] if isinstance(e, ev.VehicleMoved))
    assert (piv is None) == (moved.angle_end == pytest.approx(NORTH))
    assert moved.angle_end == pytest.approx(run.angle_end, abs=1e-12)
    assert moved.end == pytest.approx(run.end, abs=1e-9)
    assert moved.travelled == pytest.approx(run.travelled, abs=1e-9)
    assert (moved.stop is None) == (run.contact is None)


def launch_answers(req):  # type: ignore[no-untyped-def]
    """The Git Launcher tests' answers: launch Pal (a2), jetpack dice at (12, 18), no guns fired."""
    from spacegits_sim.rules.decisions import GearChoice

    if isinstance(req, GearChoice):
        return "a2" if "a2" in req.options else req.options[0]
    if isinstance(req, AimThrow):
        return Throw((12, 18), 0.2)
    if isinstance(req, CrewGuns):
        return ()
    return req.options[0]

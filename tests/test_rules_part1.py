"""Rules part 1: one test per rule, small seeded scenarios, state asserted before and after."""

from __future__ import annotations

import pytest
from helpers import default_answer, drive, match, scripted

from spacegits_sim.physics.table import TowerHit
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.decisions import (
    AimThrow,
    ChooseAction,
    ChooseActivation,
    ChooseCare,
    Deploy,
    IllegalDecision,
    Throw,
)
from spacegits_sim.rules.engine import Match

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2  # an orc base radius in inches


def two_orcs(pa=(5, 12), pb=(19, 12), **kw) -> Match:
    return match([[dict(ORC, name="Grunk")], [dict(ORC, name="Urgat")]], {"a1": pa, "b1": pb}, **kw)


def events_of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


# ---- scooting ------------------------------------------------------------------------------


def test_scoot_moves_the_full_distance_directly_towards_the_die():
    m = two_orcs()
    die = m.table.place_die(6, 4, (5, 20))
    drive(m, m.move_towards_die(m.models["a1"], die, 4, "normal"))
    assert m.position("a1") == pytest.approx((5, 16), abs=1e-6)
    assert events_of(m, ev.ModelMoved)[-1].stop is None


def test_scoot_that_bumps_a_cap_loots_it_and_finishes_that_die():
    m = two_orcs()
    cap = m.table.add_token((5, 14))
    die = m.table.place_die(6, 6, (5, 21))
    stash = m.bosses[0].stash
    drive(m, m.move_towards_die(m.models["a1"], die, 6, "normal"))
    assert cap not in m.table.tokens and m.bosses[0].stash == stash + 1
    moved = events_of(m, ev.ModelMoved)[-1]
    assert moved.stop == f"cap:{cap}" and moved.travelled < 6
    assert m.position("a1")[1] == pytest.approx(14 - R - 13 / 25.4, abs=1e-3)  # stopped touching the cap


def test_scoot_that_reaches_its_own_die_stops_against_it():
    m = two_orcs()
    die = m.table.place_die(6, 6, (5, 15))  # 3" away but the die says 6
    drive(m, m.move_towards_die(m.models["a1"], die, 6, "normal"))
    assert events_of(m, ev.ModelMoved)[-1].stop == f"die:{die}"
    assert m.position("a1")[1] < 15


def test_scoot_bumping_terrain_stops_against_it():
    m = two_orcs(terrain=[{"type": "wall", "polygon": [[3, 14], [7, 14], [7, 15], [3, 15]]}])
    die = m.table.place_die(6, 6, (5, 21))
    drive(m, m.move_towards_die(m.models["a1"], die, 6, "normal"))
    assert events_of(m, ev.ModelMoved)[-1].stop == "terrain:t0"
    assert m.position("a1")[1] == pytest.approx(14 - R, abs=1e-3)


def test_scoot_into_a_standing_enemy_ends_the_activation_and_starts_a_fight():
    m = two_orcs(pb=(5, 15))
    m.active_model = "a1"
    die = m.table.place_die(6, 6, (5, 21))
    drive(m, m.move_towards_die(m.models["a1"], die, 6, "normal"))
    assert m._activation_over
    assert events_of(m, ev.FightBroke)[-1].active == "a1"


def test_a_whole_scoot_uses_every_move_die_that_landed():
    m = two_orcs()
    m.active_model = "a1"
    drive(m, m._scoot(m.models["a1"]))
    thrown = events_of(m, ev.DiceThrown)[-1]
    landed = [d for d in thrown.dice if d["position"] is not None]
    moved = [e for e in events_of(m, ev.ModelMoved) if e.model == "a1"]
    if m.models["a1"].standing and not m._activation_over:
        assert len(moved) == len(landed)
    assert not any(d["id"] in m.table.dice for d in thrown.dice)  # every move die is removed afterwards


# ---- towers and falling ---------------------------------------------------------------------


def _teetering(m: Match, mid: str, n: int = 8) -> None:
    t = m.models[mid].tower
    t.add_die((0.0, 0.0))
    for _ in range(n - 1):
        t.add_die((1.1, 0.0))  # a steady lean: stands still, topples when carried hard
    assert t.standing
    m.sync_tower(m.models[mid])


def test_a_git_whose_own_boss_topples_its_tower_falls_over_and_its_activation_ends():
    m = two_orcs()
    m.active_model = "a1"
    _teetering(m, "a1")
    die = m.table.place_die(6, 6, (11, 12))
    drive(m, m.move_towards_die(m.models["a1"], die, 6, "hurried"))
    a1 = m.models["a1"]
    assert a1.fallen and a1.tower.height == 0 and m._activation_over
    fell = events_of(m, ev.TowerFell)[-1]
    assert fell.outcome == "fell_over" and fell.knocked_by == "Red"


def test_a_tower_knocked_by_another_boss_sobers_the_git_up():
    m = two_orcs()
    _teetering(m, "a1")
    hit = TowerHit("a1", "die99", 100.0, 3000.0, (1.0, 0.0), 4.5, True)
    drive(m, m.stray_hits([hit], boss=1))
    a1 = m.models["a1"]
    assert a1.standing and a1.tower.height == 0
    assert events_of(m, ev.TowerFell)[-1].outcome == "sobered_up"


def test_a_fallen_git_has_no_tower_and_gets_no_tower_dice():
    m = two_orcs()
    a1 = m.models["a1"]
    drive(m, m.add_tower_dice(a1, 2, "swig"))
    drive(m, m.tower_fell(a1, a1.boss, "test"))
    assert a1.fallen and a1.tower.height == 0
    drive(m, m.add_tower_dice(a1, 3, "damage"))
    assert a1.tower.height == 0


def test_a_fallen_git_cannot_be_picked_to_activate():
    m = two_orcs()
    a1 = m.models["a1"]
    drive(m, m.tower_fell(a1, a1.boss, "test"))
    assert "a1" not in m.activatable(0)


def test_a_swig_adds_one_die_lightweight_two_and_puny_doubles_every_addition():
    m = match(
        [
            [{"type": "orc", "name": "O"}, {"type": "goblin", "name": "G"}, {"type": "runt", "name": "R"}],
            [dict(ORC, name="X")],
        ],
        {},
    )
    for mid, swig, dmg in (("a1", 1, 1), ("a2", 2, 1), ("a3", 2, 2)):
        mod = m.models[mid]
        n = 2 if "lightweight" in mod.specials else 1
        drive(m, m.add_tower_dice(mod, n, "swig"))
        assert mod.tower.height == swig, mid
        drive(m, m.add_tower_dice(mod, 1, "damage"))
        assert mod.tower.height == swig + dmg, mid


# ---- boot -------------------------------------------------------------------------------------


def _fallen(m: Match, mid: str) -> None:
    drive(m, m.tower_fell(m.models[mid], m.models[mid].boss, "test"))


def test_putting_the_boot_in_takes_one_cap_and_starts_no_fight():
    m = two_orcs(pb=(5 + 2 * R, 12))
    _fallen(m, "b1")
    before = (m.bosses[0].stash, m.bosses[1].stash)
    assert ("boot_in", "b1") in m._boot_targets(m.models["a1"])
    drive(m, m._boot(m.models["a1"]), scripted(("boot_in", "b1")))
    assert (m.bosses[0].stash, m.bosses[1].stash) == (before[0] + 1, before[1] - 1)
    assert not events_of(m, ev.FightBroke)


def test_boot_up_the_arse_stands_a_friend_up_and_into_enemy_contact_means_a_fight():
    m = match(
        [[dict(ORC, name="A"), dict(ORC, name="B")], [dict(ORC, name="X")]],
        {"a1": (5, 12), "a2": (5 + 2 * R, 12), "b1": (5 + 4 * R, 12)},
    )
    _fallen(m, "a2")
    m.active_model = "a1"
    drive(m, m._boot(m.models["a1"]), scripted(("boot_up", "a2")))
    assert m.models["a2"].standing
    assert events_of(m, ev.FightBroke)[-1].active == "a2" and m._activation_over


def test_booting_is_refused_after_the_siren():
    m = two_orcs(pb=(5 + 2 * R, 12))
    _fallen(m, "b1")
    assert m._boot_targets(m.models["a1"])
    m.siren = True
    assert m._boot_targets(m.models["a1"]) == []
    assert "boot" not in m._legal_actions(m.models["a1"])


def test_a_hunk_of_metal_cannot_be_booted_up():
    m = match(
        [[dict(ORC, name="A"), {"type": "klankbot", "name": "K"}], [dict(ORC, name="X")]],
        {"a1": (5, 12), "a2": (5 + R + 30 / 25.4, 12), "b1": (20, 20)},
    )
    _fallen(m, "a2")
    assert m._boot_targets(m.models["a1"]) == []


# ---- activation flow --------------------------------------------------------------------------


def _to_activation(m: Match) -> None:
    assert isinstance(m.pending, ChooseActivation)


def test_an_activation_does_one_or_two_different_actions_then_a_swig():
    m = two_orcs()
    boss = m.pending.boss
    mid = "a1" if boss == 0 else "b1"
    m.answer(mid)
    req = m.pending
    assert isinstance(req, ChooseAction) and "done" not in req.options  # at least one action
    m.answer("scoot")
    m.answer(Throw(m.position(mid), 0.2))
    while not isinstance(m.pending, (ChooseAction, ChooseActivation)):
        req = m.pending
        m.answer("normal" if isinstance(req, ChooseCare) else req.options[0])
    if isinstance(m.pending, ChooseAction):
        assert "scoot" not in m.pending.options and "done" in m.pending.options  # different actions
        m.answer("done")
    grew = [e for e in events_of(m, ev.TowerGrew) if e.model == mid]
    assert grew and grew[-1].reason == "swig" and grew[-1].added == 1


def test_klanking_ends_every_other_activation_at_once():
    m = match([[{"type": "klankbot", "name": "K"}], [dict(ORC, name="X")]], {"a1": (5, 5), "b1": (20, 20)})
    k = m.models["a1"]
    k.tokens["klank"] = 1
    drive(m, m._activation(k))
    assert "klank" not in k.tokens and events_of(m, ev.Klanked)
    assert not [e for e in events_of(m, ev.ActionTaken) if e.model == "a1"]


def test_a_fallen_klankbot_can_reboot_with_two_fives_and_no_ones():
    m = match([[{"type": "klankbot", "name": "K"}], [dict(ORC, name="X")]], {"a1": (5, 5), "b1": (20, 20)})
    k = m.models["a1"]
    _fallen(m, "a1")
    assert "a1" in m.activatable(0)
    drive(m, m._activation(k), scripted(8))
    rb = events_of(m, ev.Rebooted)[-1]
    assert rb.success == (sum(r >= 5 for r in rb.rolls) >= 2 and 1 not in rb.rolls)
    assert k.standing == rb.success
    m.siren = True
    if k.fallen:
        assert "a1" not in m.activatable(0)


def test_an_illegal_answer_raises_and_changes_nothing():
    m = two_orcs()
    req = m.pending
    n_events, n_dec = len(m.events), len(m.decisions)
    with pytest.raises(IllegalDecision, match="not legal"):
        m.answer("z9")
    assert m.pending is req and len(m.events) == n_events and len(m.decisions) == n_dec
    m.answer(req.options[0])
    with pytest.raises(IllegalDecision):
        m.answer("teleport")
    m.answer("scoot")
    assert isinstance(m.pending, AimThrow)
    n_events = len(m.events)
    with pytest.raises(IllegalDecision, match="off the"):
        m.answer(Throw((30.0, 5.0), 0.5))
    with pytest.raises(IllegalDecision, match="strength"):
        m.answer(Throw((5.0, 5.0), 1.5))
    assert len(m.events) == n_events


# ---- leg it and the end ---------------------------------------------------------------------


def test_leg_it_replaces_only_models_within_6_inches_of_a_standing_enemy_with_caps():
    m = match(
        [[dict(ORC, name="A"), dict(ORC, name="B"), dict(ORC, name="C")], [dict(ORC, name="X"), dict(ORC, name="Y")]],
        {"a1": (5, 5), "a2": (5, 15), "a3": (20, 5), "b1": (5, 9), "b2": (20, 10)},
    )
    _fallen(m, "b2")  # a fallen enemy does not count
    m.bosses[0].stash = 5
    m._leg_it(m.bosses[0], forced=False)
    e = events_of(m, ev.LeggedIt)[-1]
    assert set(e.replaced) == {"a1", "a2"} and e.removed == ["a3"]
    assert len(m.table.tokens) == 2 and m.bosses[0].stash == 3 and m.bosses[0].out


def test_leg_it_without_caps_just_removes_the_gits():
    m = two_orcs(pb=(5, 9))
    m.bosses[0].stash = 0
    m._leg_it(m.bosses[0], forced=False)
    assert events_of(m, ev.LeggedIt)[-1].replaced == [] and not m.table.tokens


def test_a_boss_with_nothing_to_activate_must_leg_it_and_the_last_boss_scoops_the_caps():
    m = two_orcs()
    _fallen(m, "a1")
    _fallen(m, "b1")
    m.table.add_token((12, 12))
    m.caps_from_supply += 1
    stash = {b.name: b.stash for b in m.bosses}
    while m.pending is not None:
        m.answer(m.pending.options[0])
    assert all(b.out for b in m.bosses)
    legs = events_of(m, ev.LeggedIt)
    assert legs[0].forced
    go = m.result()
    winner = [b for b in m.bosses if b.name == events_of(m, ev.CapsScooped)[0].boss][0]
    assert winner.stash == stash[winner.name] + 1
    assert go.winners == [winner.name]


def test_ties_are_reported_as_ties():
    m = two_orcs()
    m._leg_it(m.bosses[0], forced=False)
    m._leg_it(m.bosses[1], forced=False)
    m._finish()
    go = m.result()
    assert sorted(go.winners) == ["Blue", "Red"] and m.summary()["tie"]


# ---- deployment, clock, safety ----------------------------------------------------------------


def test_deployment_keeps_4_inches_from_caps_and_enemies_and_fields_at_most_5():
    from helpers import scenario

    gits = [dict(ORC, name=f"O{i}") for i in range(6)] + [{"type": "goblin", "name": "Gob"}]
    m = Match(scenario([gits, [dict(ORC, name="X")]], options={"middle_cap": True}, budget=200))
    req = m.pending
    assert isinstance(req, Deploy)
    assert req.legal(req.models[0], (12, 14)) is not None  # within 4" of the middle cap
    with pytest.raises(IllegalDecision, match="within 4"):
        m.answer((req.models[0], (12, 14)))
    placed = {0: 0, 1: 0}
    spots = [(x, y) for y in (1.5, 22.5, 6.5) for x in (1.5, 6.5, 17.5, 22.5)]
    while isinstance(m.pending, Deploy):
        r = m.pending
        choice = next(((mid, p) for mid in r.models for p in spots if r.legal(mid, p) is None), None)
        if choice is None:
            m.answer("skip")
            continue
        m.answer(choice)
        placed[r.boss] += 1
    # 5 models max, but the first Numerous git (the goblin) does not count
    assert placed[0] == 6 and any(m.models[i].in_play for i in m.models if m.models[i].git.id == "goblin")


def test_the_siren_sounds_when_the_clock_passes_the_timer():
    m = two_orcs(timer_min=1)
    m.clock_running = True
    m.advance(59.0)
    assert not m.siren
    m.advance(2.0)
    assert m.siren and events_of(m, ev.Siren)


def test_the_safety_rule_ends_a_match_far_past_the_siren_and_says_so():
    from spacegits_sim.ai.random_ai import RandomController

    m = two_orcs(timer_min=1, options={"safety_factor": 1.2})
    m.play([RandomController(1, 0, stubborn=True), RandomController(1, 1, stubborn=True)])
    s = m.summary()
    assert s["safety_rule_fired"] and events_of(m, ev.SafetyRule) and m.result() is not None


def test_same_scenario_seed_and_decisions_give_the_same_event_log():
    from spacegits_sim.ai.random_ai import RandomController
    from spacegits_sim.data import default_rules
    from spacegits_sim.rules.events import checksum
    from spacegits_sim.rules.scenario import load_scenario

    def run(seed):
        m = Match(load_scenario(None, default_rules()), seed=seed)
        m.play([RandomController(seed, 0, stubborn=True), RandomController(seed, 1, stubborn=True)])
        return checksum(m.events), m.decisions

    a, b = run(5), run(5)
    assert a == b
    assert run(6)[0] != a[0]


def test_an_eager_helper_runt_may_move_using_a_friends_move_die():
    m = match(
        [[dict(ORC, name="Grunk"), {"type": "runt", "name": "Titch"}], [dict(ORC, name="X")]],
        {"a1": (5, 5), "a2": (9, 9), "b1": (20, 20)},
    )
    die = m.table.place_die(6, 3, (9, 12))  # the runt is 3" from it; Grunk is far away
    seen = []

    def ans(req):
        seen.append(req.kind)
        return "a2" if req.kind == "eager_help" else ("normal" if req.kind == "choose_care" else req.options[0])

    drive(m, m.move_towards_die(m.models["a1"], die, 3, "normal"))
    drive(m, m._eager_helpers(m.models["a1"], die, 3), ans)
    assert seen[0] == "eager_help"
    moved = [e for e in events_of(m, ev.ModelMoved) if e.model == "a2"]
    assert moved and moved[0].stop == f"die:{die}"  # it staggered towards the same die
    # a runt more than 6" away is not offered
    m2 = match(
        [[dict(ORC, name="Grunk"), {"type": "runt", "name": "Titch"}], [dict(ORC, name="X")]],
        {"a1": (5, 5), "a2": (20, 3), "b1": (20, 20)},
    )
    die2 = m2.table.place_die(6, 3, (9, 12))
    drive(m2, m2._eager_helpers(m2.models["a1"], die2, 3), lambda r: pytest.fail("no runt in range"))


def test_a_klankbot_that_falls_over_during_its_activation_still_gets_a_klank_token():
    # "Klanking: After activating this model, put a klank token on its ID card or beside the
    # model." Falling over ends the activation; it does not skip the token (only a reboot does).
    m = match([[{"type": "klankbot", "name": "K"}], [dict(ORC, name="X")]], {"a1": (12, 12), "b1": (40, 30)})
    k = m.models["a1"]
    k.tower.rebuild(16)  # a 16-die tower carried in a hurry falls: a 12-die one always did in the sweep

    def answer(req):
        if isinstance(req, ChooseAction):
            return "scoot"
        if isinstance(req, ChooseCare):
            return "hurried"
        if isinstance(req, AimThrow):
            return Throw((24.0, 12.0), 0.5)  # the move dice land a foot away: a long walk
        return default_answer(req)

    drive(m, m._activation(k), answer)
    assert k.fallen, "the hurried scoot should have toppled the tower"
    assert k.tokens.get("klank") == 1

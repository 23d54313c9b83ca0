"""Rules part 2: shooting, fighting, damage, explosions, barrels and cover."""

from __future__ import annotations

import math

import pytest
from helpers import drive, match, scripted
from scipy import stats

from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.combat import exact_p_at_least
from spacegits_sim.rules.decisions import AimThrow, SplitOdd, Throw
from spacegits_sim.rules.engine import Match

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
R = 25 / 25.4 / 2


def events_of(m: Match, kind: type) -> list:
    return [e for e in m.events if isinstance(e, kind)]


def shooter_match(extra_red=(), blue=None, positions=None, terrain=None):
    red = [dict(ORC, name="Shooter")] + list(extra_red)
    blue = blue or [dict(ORC, name="Target")]
    return match([red, blue], positions, terrain=terrain)


def bullet(m: Match, value: int, at: tuple[float, float], shooter="a1", weapon="pistol"):
    """Place a bullet die showing ``value`` and resolve it as the shooter's."""
    die = m.table.place_die(6, value, at)
    drive(m, m.combat.resolve_bullet(m.models[shooter], m.rules.weapons[weapon], die, value))
    return events_of(m, ev.BulletResolved)[-1]


def test_a_bullet_stops_at_the_first_standing_model_and_skips_a_fallen_one():
    m = shooter_match(
        blue=[dict(ORC, name="Down"), dict(ORC, name="Up"), dict(ORC, name="Behind")],
        positions={"a1": (2, 12), "b1": (4, 12), "b2": (6, 12), "b3": (8, 12)},
    )
    drive(m, m.tower_fell(m.models["b1"], 1, "test"))
    b = bullet(m, 5, (9.5, 12))
    assert b.hit == "figure:b2" and b.big and b.damage == 2
    assert m.models["b2"].tower.height == 2 and m.models["b3"].tower.height == 0


def test_a_natural_1_jams():
    m = shooter_match(positions={"a1": (2, 12), "b1": (4, 12)})
    b = bullet(m, 1, (6, 12))
    assert b.jammed and b.hit is None and m.models["b1"].tower.height == 0


def test_a_jammed_bullet_die_is_discarded_unresolved_and_never_offered_for_ordering():
    """Jams: "If any bullet dice rolls a natural 1, it is discarded without being resolved, the
    gun having temporarily jammed." A pistol's two dice land a 1 and a 5: the 1 is discarded
    (its jam logged) as they land, and the boss is never asked to order it; the 5 is resolved.
    The playtest's order question offered the jam ('Pistol 8": hits nothing in range')."""
    m = shooter_match(positions={"a1": (2, 12), "b1": (6, 12)})
    landed = [(6, 1, (9.0, 14.0)), (6, 5, (8.0, 12.0))]

    def throw(boss, mid, purpose, dice, thrown, keep_lost=False):
        out = [(m.table.place_die(sides, value, at), sides, value, at) for sides, value, at in landed]
        return out
        yield  # (a generator, as the real throw is)

    m.throw = throw  # type: ignore[method-assign]
    asked = []

    def answer(req):
        if isinstance(req, AimThrow):
            return Throw((8.0, 12.0), 0.3)
        asked.append(req)
        return req.options[0]

    drive(m, m.combat.shoot_with(m.models["a1"], [m.rules.weapons["pistol"]], None), answer)
    order = [r for r in asked if r.kind == "order_bullet"]
    assert [len(r.options) for r in order] == [1]  # only the 5 is offered
    shots = events_of(m, ev.BulletResolved)
    assert [(s.value, s.jammed) for s in shots] == [(1, True), (5, False)]
    assert shots[1].hit == "figure:b1" and not m.table.dice  # both discarded


def test_a_low_wall_crossed_before_the_hit_adds_1_to_toughness():
    wall = [{"type": "low_wall", "polygon": [[3.5, 10], [4, 10], [4, 14], [3.5, 14]]}]
    m = shooter_match(positions={"a1": (2, 12), "b1": (6, 12)}, terrain=wall)
    b = bullet(m, 3, (8, 12))  # 3 meets an orc's toughness 3, but not 4 behind cover
    assert b.cover and not b.big and b.damage == 1
    m2 = shooter_match(positions={"a1": (2, 12), "b1": (6, 12)})
    b2 = bullet(m2, 3, (8, 12))
    assert not b2.cover and b2.big and b2.damage == 2


@pytest.mark.rule("terrain", "exploding-barrel-shot")
def test_a_barrel_that_would_give_cover_is_hit_instead_and_explodes():
    barrel = [{"id": "barrel", "type": "exploding_barrel", "circle": [[4, 12], 0.5]}]
    m = shooter_match(positions={"a1": (2, 12), "b1": (6, 12)}, terrain=barrel)
    m.current_boss = 0
    die = m.table.place_die(6, 5, (8, 12))
    drive(m, m.combat.resolve_bullet(m.models["a1"], m.rules.weapons["pistol"], die, 5))
    b = events_of(m, ev.BulletResolved)[-1]
    assert b.hit == "terrain:barrel" and b.damage == 0
    boom = events_of(m, ev.Exploded)
    assert boom and boom[0].origin == "barrel" and boom[0].x == 6
    assert "barrel" not in m.table.terrain


def test_a_bullet_with_nothing_in_range_hits_nothing():
    m = shooter_match(positions={"a1": (2, 12), "b1": (20, 12)})
    b = bullet(m, 6, (21, 12))  # pistol range 8": the target is 17" away
    assert b.hit is None


def test_shove_into_terrain_does_1_damage_and_stops():
    crate = [{"type": "wall", "polygon": [[7, 10], [8, 10], [8, 14], [7, 14]]}]
    m = shooter_match(positions={"a1": (4, 12), "b1": (4 + 2 * R, 12)}, terrain=crate)
    drive(m, m.combat.shove(m.models["a1"], m.models["b1"]))
    assert m.position("b1")[0] == pytest.approx(7 - R, abs=1e-3)
    assert events_of(m, ev.Damaged)[-1].amount == 1 and m.models["b1"].tower.height == 1


def test_a_jolt_push_into_terrain_stops_there_without_the_shove_damage():
    # "Jolt: ... they are pushed 3" directly away from the attacker." The 1 damage is for being
    # "shoved into some terrain" (a Shove); a Jolt push does none (docs/rules.md, interpretations).
    crate = [{"type": "wall", "polygon": [[7, 10], [8, 10], [8, 14], [7, 14]]}]
    m = shooter_match(positions={"a1": (4, 12), "b1": (4 + 2 * R, 12)}, terrain=crate)
    gitstick = next(w for w in m.rules.weapons.values() if "jolt" in w.special)
    drive(m, effects.on_big_damage(m.combat, m.models["a1"], m.models["b1"], gitstick, in_fight=True))
    assert m.position("b1")[0] == pytest.approx(7 - R, abs=1e-3)
    assert not events_of(m, ev.Damaged) and m.models["b1"].tower.height == 0


def test_pinch_takes_one_cap_and_with_an_empty_stash_takes_nothing():
    m = shooter_match(positions={"a1": (4, 12), "b1": (4 + 2 * R, 12)})
    m.bosses[1].stash = 1
    drive(m, m.combat._effect(m.models["a1"], m.models["b1"], "pinch"))
    assert (m.bosses[0].stash, m.bosses[1].stash) == (m.bosses[0].start_stash + 1, 0)
    drive(m, m.combat._effect(m.models["a1"], m.models["b1"], "pinch"))
    assert m.bosses[1].stash == 0 and events_of(m, ev.Pinched)[-1].caps == 0


def test_throws_beat_each_other_like_rock_paper_scissors_and_equal_throws_both_happen():
    m = shooter_match(positions={"a1": (4, 12), "b1": (4 + 2 * R, 12)})
    a, b = m.models["a1"], m.models["b1"]
    h = m.combat._happens
    assert not h("thump", "shove", a, b) and h("shove", "thump", b, a)
    assert not h("shove", "pinch", a, b) and h("pinch", "shove", b, a)
    assert not h("pinch", "thump", a, b) and h("thump", "pinch", b, a)
    assert all(h(t, t, a, b) for t in ("thump", "shove", "pinch"))


def test_poke_keeps_a_thump_through_a_shove_only_when_the_pointed_stick_is_used():
    # "Poke: When using this weapon, your thump is not cancelled out by a shove: both results
    # are applied." A git that thumps with something better than its pointed stick is not using it.
    m = match(
        [
            [
                {"type": "orc", "name": "Stick", "weapons": ["pointed_stick"]},
                {"type": "orc", "name": "Both", "weapons": ["pointed_stick", "massive_buzzsaw"]},
            ],
            [dict(ORC, name="X")],
        ],
        {},
    )
    stick, both, x = m.models["a1"], m.models["a2"], m.models["b1"]
    assert [w.id for w in m.combat.thump_weapons(stick, 3)] == ["pointed_stick"]
    assert m.combat._happens("thump", "shove", stick, x)
    assert [w.id for w in m.combat.thump_weapons(both, 3)] == ["massive_buzzsaw"]
    assert not m.combat._happens("thump", "shove", both, x)


def test_a_fight_repeats_until_the_gits_are_separated():
    m = shooter_match(positions={"a1": (4, 12), "b1": (4 + 2 * R, 12)})
    m.bosses[0].stash = m.bosses[1].stash = 10
    throws = scripted(("pinch", "pinch"), ("pinch", "pinch"), ("shove", "thump"))
    drive(m, m.combat.fight(m.models["a1"], m.models["b1"]), throws)
    rounds = events_of(m, ev.FightRound)
    assert [r.throws for r in rounds] == [("pinch", "pinch"), ("pinch", "pinch"), ("shove", "thump")]
    assert m.table.distance_between("a1", "b1") == pytest.approx(3.0, abs=1e-3)


def test_a_shove_into_a_second_enemy_starts_a_new_fight():
    m = shooter_match(
        extra_red=[dict(ORC, name="Other")],
        positions={"a1": (4, 12), "b1": (4 + 2 * R, 12), "a2": (4 + 2 * R + 2 * R + 1.5, 12)},
    )
    throws = scripted(("shove", "pinch"), ("pinch", "pinch"), ("shove", "shove"), *([("shove", "shove")] * 5))
    drive(m, m.combat.fight(m.models["a1"], m.models["b1"]), throws)
    fights = events_of(m, ev.FightBroke)
    assert [(f.active, f.passive) for f in fights][:2] == [("a1", "b1"), ("b1", "a2")]


def test_thump_rolls_both_one_handed_weapons_a_two_handed_one_alone_or_a_headbutt():
    m = match(
        [
            [
                {"type": "orc", "name": "Two", "weapons": ["regular_h2h", "massive_h2h"]},
                {"type": "orc", "name": "Big", "weapons": ["massive_buzzsaw", "regular_h2h"]},
                {"type": "orc", "name": "Bare", "weapons": ["pistol"]},
            ],
            [dict(ORC, name="X")],
        ],
        {},
    )
    ids = lambda mid: sorted(w.id for w in m.combat.thump_weapons(m.models[mid], 3))  # noqa: E731
    assert ids("a1") == ["massive_h2h", "regular_h2h"]
    assert ids("a2") == ["massive_buzzsaw"]
    assert ids("a3") == ["headbutt"]


@pytest.mark.rule("fancy_gear", "skull-cap")
def test_each_git_type_headbutts_with_its_own_headbutt_dice_and_skull_cap_builds_on_it():
    # "Headbutt: The dice you roll when they headbutt something." (Gits table: orc 1D6,
    # bullorc 1D8, goblin 1D4, ...); Skull Cap: "their headbutts roll 1D8 thump dice and do 2/3"
    types = ["orc", "bullorc", "goblin", "gnawball", "runt", "klankbot"]
    m = match([[{"type": t, "name": t} for t in types], [dict(ORC, name="X")]], {})
    for i, t in enumerate(types, start=1):
        git = m.rules.gits[t]
        w = m.combat.headbutt(m.models[f"a{i}"])
        assert str(w.dice) == str(git.headbutt), t
        assert (w.weak, w.big) == (m.rules.headbutt.weak, m.rules.headbutt.big)
    assert str(m.combat.headbutt(m.models["a2"]).dice) == "1D8"  # the bullorc's, not the generic 1D6
    capped = match([[{"type": "goblin", "name": "Tin", "gear": ["skull_cap"]}], [dict(ORC, name="X")]], {})
    w = capped.combat.headbutt(capped.models["a1"])
    assert (str(w.dice), w.weak, w.big) == ("1D8", 2, 3)


@pytest.mark.rule("fancy_gear", "bionic-arm")
def test_a_bionic_arm_eases_one_two_handed_weapon_not_all_of_them():
    # "Bionic Arm: ... this git can count one of their 2-handed weapons as needing only 1 hand."
    m = match(
        [
            [
                {"type": "orc", "name": "Bionic", "weapons": ["rifle", "shotgun"], "gear": ["bionic_arm"]},
                {"type": "orc", "name": "Mixed", "weapons": ["rifle", "pistol"], "gear": ["bionic_arm"]},
            ],
            [dict(ORC, name="X")],
        ],
        {},
    )
    assert m.combat.gun_options(m.models["a1"]) == [("rifle",), ("shotgun",)]  # 1 + 2 hands: too many
    assert ("rifle", "pistol") in m.combat.gun_options(m.models["a2"])  # the eased rifle + a pistol


@pytest.mark.rule("fancy_gear", "extra-arm")
def test_shooting_and_thumping_agree_on_hands_an_extra_arm_wields_a_two_hander_and_a_one_hander():
    # "Extra Arm: ... they count as having an extra hand, and can attack with more weapons as a result."
    m = match(
        [
            [
                {"type": "orc", "name": "Guns", "weapons": ["rifle", "pistol"], "gear": ["extra_arm"]},
                {"type": "orc", "name": "Blades", "weapons": ["massive_buzzsaw", "regular_h2h"], "gear": ["extra_arm"]},
                {"type": "orc", "name": "Plain", "weapons": ["massive_buzzsaw", "regular_h2h"]},
            ],
            [dict(ORC, name="X")],
        ],
        {},
    )
    assert ("pistol", "rifle") in m.combat.gun_options(m.models["a1"]) or ("rifle", "pistol") in m.combat.gun_options(
        m.models["a1"]
    )
    ids = lambda mid: sorted(w.id for w in m.combat.thump_weapons(m.models[mid], 3))  # noqa: E731
    assert ids("a2") == ["massive_buzzsaw", "regular_h2h"]
    assert ids("a3") == ["massive_buzzsaw"]  # two hands: the 2-hander alone


def test_an_explosion_splits_7_dice_4_3_between_two_bosses_the_active_boss_picking_the_odd_one():
    m = shooter_match(positions={"a1": (4, 4), "b1": (20, 20)})
    m.current_boss = 0
    seen = []

    def ans(req):
        if isinstance(req, SplitOdd):
            seen.append(req)
            return "Blue"
        if isinstance(req, AimThrow):
            seen.append(req)
            return Throw((12.0, 12.0), 0.2)
        return req.options[0]

    drive(m, m.combat.explode("x", (12.0, 12.0), 7), ans)
    split = [r for r in seen if isinstance(r, SplitOdd)]
    assert len(split) == 1 and split[0].boss == 0  # the active boss chooses
    boom = events_of(m, ev.Exploded)[-1]
    assert boom.shares == {"Red": 3, "Blue": 4}
    throws = [r for r in seen if isinstance(r, AimThrow)]
    assert [(r.boss, len(r.dice)) for r in throws] == [(0, 3), (1, 4)]  # active boss throws first


def test_explosion_damage_is_always_1_or_3():
    m = shooter_match(positions={"a1": (4, 4), "b1": (12, 13)})
    m.current_boss = 0
    die = m.table.place_die(6, 5, (12, 16))
    drive(m, m.combat._blast_die("x", (12.0, 12.0), die, 5, None))
    assert events_of(m, ev.BlastResolved)[-1].damage == 3  # 5 >= toughness 3
    die = m.table.place_die(6, 2, (12, 16))
    m.models["b1"].tower.clear()
    drive(m, m.combat._blast_die("x", (12.0, 12.0), die, 2, None))
    assert events_of(m, ev.BlastResolved)[-1].damage in (0, 1)


def test_a_rigged_gnawball_explodes_7_when_it_falls_over():
    m = match([[{"type": "gnawball", "name": "Boomer"}], [dict(ORC, name="X")]], {"a1": (12, 12), "b1": (2, 2)})
    m.current_boss = 0
    drive(m, m.tower_fell(m.models["a1"], 0, "test"))
    boom = events_of(m, ev.Exploded)
    assert boom and boom[0].x == 7 and not m.models["a1"].in_play


def test_a_rigged_gnawball_blasts_from_the_edge_of_its_base_not_its_centre():
    # Measuring is from anywhere on the base: a blast die's line starts at the edge of the
    # exploded gnawball's (32 mm) base towards the die and runs the die's value from there.
    m = match([[{"type": "gnawball", "name": "Boomer"}], [dict(ORC, name="X")]], {"a1": (12, 12), "b1": (2, 2)})
    r = 32 / 25.4 / 2
    die = m.table.place_die(6, 2, (20.0, 12.0))
    m.remove_model(m.models["a1"], "exploded")
    drive(m, m.combat._blast_die("a1", (12.0, 12.0), die, 2, "a1", r))
    line = events_of(m, ev.BlastResolved)[-1].line
    assert line[0][0] == pytest.approx(12 + r, abs=1e-6) and line[1][0] == pytest.approx(12 + r + 2, abs=1e-6)
    # and through the whole effect: the explosion is thrown with the gnawball's radius
    m2 = match([[{"type": "gnawball", "name": "Boomer"}], [dict(ORC, name="X")]], {"a1": (12, 12), "b1": (2, 2)})
    m2.current_boss = 0
    drive(m2, m2.tower_fell(m2.models["a1"], 0, "test"))
    for b in events_of(m2, ev.BlastResolved):
        (sx, sy), (ex, ey) = b.line
        assert math.hypot(sx - 12, sy - 12) == pytest.approx(r, abs=1e-3)


@pytest.mark.rule("terrain", "exploding-barrel-blast")
def test_barrels_in_a_blast_explode_in_turn_each_once():
    barrels = [
        {"id": "b1", "type": "exploding_barrel", "circle": [[12, 12], 0.5]},
        {"id": "b2", "type": "exploding_barrel", "circle": [[13.5, 12], 0.5]},
    ]
    m = shooter_match(positions={"a1": (2, 2), "b1": (22, 22)}, terrain=barrels)
    m.current_boss = 0

    def ans(req):
        if isinstance(req, AimThrow):
            return Throw((16.0, 12.0) if req.model == "b1" else (10.0, 12.0), 0.0)
        return req.options[0]

    drive(m, m.combat.explode_barrels(["b1"]), ans)
    origins = [e.origin for e in events_of(m, ev.Exploded)]
    assert origins[0] == "b1" and len(origins) == len(set(origins))


# ---- statistics ---------------------------------------------------------------------------------


def _within(observed: int, n: int, p: float, sigmas: float = 4.0) -> bool:
    """|observed/n - p| within ``sigmas`` binomial standard errors (false alarm < 1e-4)."""
    return abs(observed / n - p) <= sigmas * math.sqrt(p * (1 - p) / n)


def test_pistol_bullets_at_a_toughness_3_orc_jam_weak_and_big_with_the_dice_probabilities():
    """Thrown 2D6 pistol shots: P(jam) = 1/6; a non-jam bullet that hits does big damage (2)
    with P(roll >= 3 | roll >= 2) = 4/5 and weak damage (1) otherwise."""
    m = shooter_match(positions={"a1": (12, 6), "b1": (12, 6 + 2 * R + 0.5)})
    shooter, target = m.models["a1"], m.models["b1"]
    m.current_boss = 0
    jams = bullets = weak = big = 0
    while bullets < 5000:
        target.tower.clear()
        target.fallen = False
        m.table.set_upright("b1", True)
        n0 = len(m.events)
        drive(
            m, m.combat.shoot(shooter), lambda r: Throw((12.0, 14.0), 0.2) if isinstance(r, AimThrow) else r.options[0]
        )
        for e in m.events[n0:]:
            if isinstance(e, ev.BulletResolved):
                bullets += 1
                jams += e.jammed
                if e.hit == "figure:b1" and not e.jammed:
                    big += e.big and e.damage == 2
                    weak += (not e.big) and e.damage == 1
    assert _within(jams, bullets, 1 / 6), (jams, bullets)
    hits = weak + big
    assert hits > 2000
    assert _within(big, hits, 4 / 5), (big, hits)


def test_a_massive_h2h_thump_against_toughness_4_does_3_with_p_5_8_else_2():
    m = match(
        [[{"type": "orc", "name": "Basher", "weapons": ["massive_h2h"]}], [{"type": "bullorc", "name": "Tank"}]],
        {"a1": (4, 12), "b1": (4 + R + 16 / 25.4, 12)},
    )
    a, b = m.models["a1"], m.models["b1"]
    weapon = m.rules.weapons["massive_h2h"]
    counts = {2: 0, 3: 0}
    for _ in range(5000):
        b.tower.clear()
        b.fallen = False
        drive(m, m.combat.thump(a, b, [weapon]))
        counts[events_of(m, ev.Thumped)[-1].damage] += 1
    p_big = exact_p_at_least(8, 4)
    assert p_big == 5 / 8
    assert stats.binomtest(counts[3], 5000, p_big).pvalue > 1e-4, counts
    assert _within(counts[3], 5000, p_big)


def test_with_the_dice_tray_off_thump_dice_are_thrown_onto_the_table_and_removed():
    m = match(
        [[{"type": "orc", "name": "Basher", "weapons": ["regular_h2h", "regular_h2h"]}], [dict(ORC, name="X")]],
        {"a1": (10, 12), "b1": (10 + 2 * R, 12)},
        options={"dice_tray": False},
    )
    drive(m, m.combat.thump(m.models["a1"], m.models["b1"], m.combat.thump_weapons(m.models["a1"], 3)))
    thrown = events_of(m, ev.DiceThrown)[-1]
    assert thrown.purpose == "thump" and len(thrown.dice) == 2
    assert events_of(m, ev.Thumped)[-1].rolls == [d["value"] for d in thrown.dice]
    assert not m.table.dice


# A git touching the underside of a wall's end, its centre 0.2" past the end; an enemy 0.6" beyond
# the wall (the playtest's Skab and Dreg, /tmp/s9/play/c124.png, 110.png, 117.png).
WALL_END = [{"type": "wall", "polygon": [[6.0, 13.0], [12.0, 13.0], [12.0, 13.5], [6.0, 13.5]]}]
UNDER = (6.2, 13.0 - R - 0.001)


def test_a_line_of_fire_leaves_the_base_edge_on_the_centre_line_so_a_git_at_a_wall_end_shoots_into_it():
    """Shooting: "Each bullet travels from the shooting model in a straight line of fire directly
    towards one of the bullet dice". Our reading (docs/rules.md, "Line of fire"): the line runs
    from the base's centre towards the die and starts where it leaves the base (its range counts
    from the base edge, as "you can measure from anywhere on the miniatures' bases" allows); the
    shooter does not pick another line from elsewhere on the base. The hot-seat's preview asks
    the very same line (Combat.preview_shot), so "behind a wall" and the shot agree."""
    m = shooter_match(positions={"a1": UNDER, "b1": (6.2, 13.5 + 0.6 + R)}, terrain=WALL_END)
    at = (6.2, 16.5)
    line = m.table.line_of_fire("a1", at, 8.0)
    assert line.start == pytest.approx((6.2, 13.0), abs=0.01)  # the base edge, on the centre line
    _line, struck = m.combat.preview_shot(m.models["a1"], at, 8.0)
    assert struck is not None and struck.thing.kind.value == "terrain"
    shot = bullet(m, 6, at)
    assert shot.hit == f"terrain:{struck.thing.id}" and m.models["b1"].tower.height == 0
    # what the other reading would do: a line from the base's far side clears the wall's end
    x = UNDER[0] - R + 0.05
    side = m.table.trace((x, UNDER[1]), (x, 16.5), 8.0, lambda t, low: low, exclude=["a1"])
    assert side.hit is not None and side.hit.thing.id == "b1"


def test_a_git_touching_a_wall_end_scoots_nowhere_towards_a_die_beyond_it():
    """Scooting: "move the git directly towards that dice" and "If you bump into anything
    (including your move dice), you stop and discard your current move dice." A die beyond the
    wall the base touches: the base's own path runs into the wall at once, so it moves 0.0"
    (the playtest's Dreg, 6 dice over two activations) — legal, and the move is used up."""
    m = shooter_match(positions={"a1": UNDER, "b1": (20, 20)}, terrain=WALL_END)
    for at in [(6.0, 17.0), (7.5, 16.0), (8.5, 18.0)]:
        drive(m, m.move(m.models["a1"], 4, "normal", toward=at, value=4))
        moved = events_of(m, ev.ModelMoved)[-1]
        assert moved.travelled == pytest.approx(0.0, abs=0.01) and (moved.stop or "").startswith("terrain:")

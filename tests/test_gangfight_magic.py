"""Gangfight's Magic Spells, Consumable Items and Enchanted Equipment (the Fantasy supplement),
each test quoting the rule it checks (tests/conformance/gangfight_magic.yaml). Real components:
the real physics table and dice tray, the bundled YAML; models are set on the table where a
test needs them, and spells are cast through the engine's own action flow."""

from __future__ import annotations

import math

import pytest

from spacegits_sim.data.errors import DataError
from spacegits_sim.rulesets.gangfight import magic
from spacegits_sim.rulesets.gangfight.book import book
from spacegits_sim.rulesets.gangfight.engine import GangfightGame
from spacegits_sim.rulesets.gangfight.gangs import gang_from_doc
from spacegits_sim.rulesets.gangfight.requests import Facing, Pick, SpellTarget
from spacegits_sim.rulesets.gangfight.scenario import scenario_from_doc

LOW = {"str": 2, "qui": 2, "sta": 1, "int": 1, "mc": 1, "rc": 2}


def _m(mid, level="henchman", items=(), raise_=None, **kw):
    d = {"id": mid, "level": level, "race": "human", "raise": dict(raise_ or LOW), "items": list(items)}
    d.update(kw)
    return d


def mage(mid="boss", spells=(), items=(), int_=4, **kw):
    """A Hero Magic User: Intellect ``int_``, Ranged Combat 4 (+1, a human's bonus)."""
    r = {"str": 2, "qui": 2, "sta": 2, "int": int_ - 1, "mc": 1, "rc": 3}
    r = {k: v for k, v in r.items() if v > 0}
    return _m(mid, "hero", items, r, bonus={"rc": 1}, skills=["magic_user"], spells=list(spells), **kw)


def game(a_models, b_models, a_boss=None, b_boss=None, terrain=(), seed=5):
    """Two Fantasy Mortal gangs; ``a_boss``/``b_boss`` the leaders' docs; models placed by the test
    (``pos`` and ``facing`` degrees); the leaders at (2, 2) and (34, 34) unless listed."""
    pads = [_m("pad1", "minion"), _m("pad2", "minion")]
    gangs = []
    for name, boss, lst in (("A", a_boss, a_models), ("B", b_boss, b_models)):
        boss = boss or _m("boss", "hero", raise_={"str": 2, "qui": 2, "sta": 2, "mc": 2, "rc": 2})
        others = [d for d, _p, _f in lst if d["id"] != "boss"]
        gangs.append(
            {
                "name": name,
                "setting": "fantasy",
                "faction": "mortal_guilds",
                "leader": "boss",
                "models": [boss, *others, *pads],
            }
        )
    doc = {
        "name": "t",
        "seed": 1,
        "fame": 5000,
        "board": {"width": 36.0, "height": 36.0, "terrain": list(terrain)},
        "gangs": gangs,
        "objectives": [[1, 18]],
    }
    g = GangfightGame(scenario_from_doc(doc, "test"), seed=seed)
    for k in [k for k in g.models if k.endswith(("_pad1", "_pad2"))]:
        del g.models[k]
    g._place(g.models["a_boss"], (2.0, 2.0))
    g._place(g.models["b_boss"], (34.0, 34.0))
    for seat, lst in ((0, a_models), (1, b_models)):
        for d, p, f in lst:
            m = g.models[f"{'ab'[seat]}_{d['id']}"]
            g._place(m, p)
            m.facing = math.radians(f)
            g.table.move_figure(m.id, p, m.facing)
    for m in g.models.values():
        m.loadout = tuple(i for i in m.char.items if g.item(i).family == "weapon")[:2]
    return g


def run(flow, *answers):
    """Drive an engine generator, answering its questions in order; the requests asked."""
    asked = []
    try:
        req = next(flow)
        for a in answers:
            asked.append(req)
            req = flow.send(a)
        asked.append(req)
        raise AssertionError(f"an unanswered question: {req}")
    except StopIteration:
        pass
    return asked


def last(g, kind):
    return [e for e in g.events if e.kind == kind][-1]


def rolls(g, purpose):
    return [e for e in g.events if e.kind == "gf_rolled" and e.purpose.startswith(purpose)]


def put(g, m, p, facing=None):
    """Set a placed model somewhere else on the table (and its facing, in radians)."""
    m.pos = p
    if facing is not None:
        m.facing = facing
    g.table.move_figure(m.id, p, m.facing)


def cast(g, m, spell, *answers):
    return run(magic.act(g, m, f"cast:{spell}"), *answers)


# ---- learning and casting


@pytest.mark.rule("gangfight_magic", "magic-user-learns-spells")
def test_spells_need_magic_user_fit_intellect_cost_their_level_and_are_capped_by_level():
    def gang(leader, *others):
        return {
            "name": "G",
            "setting": "fantasy",
            "faction": "mortal_guilds",
            "leader": "boss",
            "models": [leader, _m("a"), _m("b"), *others],
        }

    plain = gang_from_doc(gang(mage(spells=())), "g.yaml").models[0].xp
    g = gang_from_doc(gang(mage(spells=["magic_missile", "fireball"])), "g.yaml")
    assert g.models[0].spells == ("magic_missile", "fireball")
    assert g.models[0].xp == plain + 2 + 4  # "Spells have an XP cost equal to their level"
    assert "magic_user" in g.models[0].kinds  # Witch Hunter's "any character with the Magic User skill"
    with pytest.raises(DataError) as e:
        gang_from_doc(gang({**mage(spells=["fear"]), "skills": []}), "g.yaml")
    assert "learning spells needs the Magic User skill" in str(e.value)
    with pytest.raises(DataError) as e:  # Intellect 3: Magic User + 3 spells is 4
        gang_from_doc(gang(mage(spells=["magic_missile", "fireball", "fear"], int_=3)), "g.yaml")
    assert "up to your Intellect level' (3)" in str(e.value)
    hench = _m("h", raise_={**LOW, "int": 2}, skills=["magic_user"], spells=["fireball", "fear"])
    with pytest.raises(DataError) as e:  # "Henchmen up to level 4"
        gang_from_doc(gang(mage(), hench), "g.yaml")
    assert "Fear is level 5: a henchman learns spells up to level 4" in str(e.value)
    assert "Fireball" not in str(e.value)
    with pytest.raises(DataError) as e:
        gang_from_doc(gang(mage(spells=["magic_misile"])), "g.yaml")
    assert "unknown spell 'magic_misile'" in str(e.value)


@pytest.mark.rule("gangfight_magic", "cast-a-spell-action")
def test_cast_a_spell_is_offered_when_it_can_be_cast_and_an_intellect_spell_casts_on_one_four():
    g = game([], [(_m("y"), (16, 10), 180)], a_boss={**mage(spells=["magic_missile", "stoneskin"])})
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    opts = g.action_options(m)
    assert "cast:magic_missile" in opts and "cast:stoneskin" in opts
    m.facing = math.pi  # the enemy behind it: no Magic Missile, Stoneskin still
    opts = g.action_options(m)
    assert "cast:magic_missile" not in opts and "cast:stoneskin" in opts
    cast(g, m, "stoneskin")
    r = rolls(g, "cast Stoneskin")[-1]
    assert len(r.dice) == m.a("int") and r.target == 4
    assert any(e.source == "stoneskin" for e in m.effects) == (r.successes >= 1)
    # a model without Magic User is offered no spell even if it somehow knew one
    y = g.models["b_y"]
    assert not any(o.startswith("cast:") for o in g.action_options(y))


@pytest.mark.rule("gangfight_magic", "consecutive-spells")
def test_each_consecutive_spell_adds_one_to_the_target_number_up_to_six():
    g = game([], [(_m("y"), (16, 10), 180)], a_boss=mage(spells=["stoneskin", "magic_missile"], int_=5))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    for _ in range(4):
        cast(g, m, "stoneskin")
    assert [r.target for r in rolls(g, "cast Stoneskin")] == [4, 5, 6, 6]
    cast(g, m, "magic_missile", "b_y")  # the fifth spell: to hit at 4 + 4
    e = last(g, "gf_attack")
    assert "spell 5 this activation +4" in e.mods
    m.spells_cast = 0  # a new activation starts again at 4
    run(g._activation(m), "end")
    assert m.spells_cast == 0


@pytest.mark.rule("gangfight_magic", "attack-spells-roll-to-hit")
def test_an_attack_spell_is_a_ranged_attack_on_ranged_combat_at_its_range():
    g = game([], [(_m("y"), (20.5, 10), 180)], a_boss=mage(spells=["magic_missile"]))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    y = g.models["b_y"]
    y.max_hp = y.hp = 20
    cast(g, m, "magic_missile", "b_y")
    e = last(g, "gf_attack")
    assert e.how == "ranged" and e.weapon == "Magic Missile" and e.dice == m.a("rc")
    assert e.strength == 3 and e.target_number == 4 and e.mods == []
    d = last(g, "gf_defended")
    assert d.target_number == 3  # Defense against the spell's Strength
    put(g, y, (30.5, 10.0))  # 20.5" less the bases: long range (10" doubled)
    cast(g, m, "magic_missile", "b_y")
    assert "long range +1" in last(g, "gf_attack").mods
    put(g, y, (34.0, 10.0))  # beyond twice the range: not offered
    assert "cast:magic_missile" not in g.action_options(m)
    put(g, y, (11.5, 10.0))  # in its personal space: melee first
    assert "cast:magic_missile" not in g.action_options(m)
    wall = {"id": "wall", "kind": "blocking", "height": 3, "polygon": [[14, 7], [15, 7], [15, 13], [14, 13]]}
    g2 = game([], [(_m("y"), (18, 10), 180)], a_boss=mage(spells=["magic_missile"]), terrain=[wall])
    put(g2, g2.models["a_boss"], (10.0, 10.0))
    g2.models["a_boss"].facing = 0.0
    assert "cast:magic_missile" not in g2.action_options(g2.models["a_boss"])  # it cannot see it


# ---- the spells


@pytest.mark.rule("gangfight_magic", "conjure-blade")
def test_conjure_blade_is_held_at_strength_plus_one_for_the_activation():
    g = game([], [(_m("y"), (11.5, 10), 180)], a_boss=mage(spells=["conjure_blade"], int_=5))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    cast(g, m, "conjure_blade")
    assert rolls(g, "cast Conjure Blade")[-1].successes >= 1
    assert m.loadout == ("spell/conjure_blade",)
    g._resolve(m, g.models["b_y"], ranged=False)
    e = last(g, "gf_attack")
    assert e.weapon == "Conjure Blade" and e.strength == m.a("str") + 1
    magic.activation_over(g, m)
    assert m.loadout == () and not m.effects


@pytest.mark.rule("gangfight_magic", "knockback")
def test_knockback_pushes_a_wounded_target_one_to_three_inches_away_on_the_table():
    g = game([], [(_m("y"), (14, 10), 180)], a_boss=mage(spells=["knockback"]))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    y = g.models["b_y"]
    y.max_hp = y.hp = 20
    pushed = []
    for _ in range(30):
        m.spells_cast = 0
        before = y.pos
        flow = magic.act(g, m, "cast:knockback")
        req = next(flow)
        assert isinstance(req, SpellTarget)
        try:
            req = flow.send("b_y")
        except StopIteration:
            assert not last(g, "gf_defended").wounded and y.pos == before
            continue
        assert isinstance(req, Facing) and req.boss == m.seat  # the caster's player turns it
        with pytest.raises(StopIteration):
            flow.send("face_dir2")
        d = int(rolls(g, "knockback distance")[-1].dice[0][0])
        pushed.append((math.dist(before, y.pos), math.ceil(d / 2)))
        assert y.pos[1] == pytest.approx(before[1], abs=1e-3) and y.pos[0] > before[0]  # straight away
        assert y.facing == pytest.approx(math.pi / 2, abs=1e-4)
        if len(pushed) >= 3:
            break
    assert pushed and all(got == pytest.approx(want, abs=2e-3) for got, want in pushed)
    # a wall stops the push: bases stop at blocking terrain
    wall = {"id": "wall", "kind": "blocking", "height": 3, "polygon": [[15, 5], [16, 5], [16, 15], [15, 15]]}
    g2 = game([], [(_m("y"), (14, 10), 180)], a_boss=mage(spells=["knockback"]), terrain=[wall])
    t = g2.models["b_y"]
    end, far, _h, _o = g2.slide(t, 0.0, 3.0, leaving=True)
    assert end[0] + t.radius <= 15.0 + 1e-3


@pytest.mark.rule("gangfight_magic", "stoneskin")
def test_stoneskin_adds_defense_takes_quickness_and_ends_at_the_next_upkeep():
    g = game([], [], a_boss=mage(spells=["stoneskin"], int_=5))
    m = g.models["a_boss"]
    dp, qui = m.a("dp"), m.a("qui")
    cast(g, m, "stoneskin")
    assert rolls(g, "cast Stoneskin")[-1].successes >= 1
    assert (m.a("dp"), m.a("qui")) == (dp + 1, qui - 1)
    assert g.move_allowance(m) == qui - 1
    magic.activation_over(g, m)
    assert m.a("dp") == dp + 1  # it lasts past the activation
    magic.upkeep(g, m)
    assert (m.a("dp"), m.a("qui")) == (dp, qui)


@pytest.mark.rule("gangfight_magic", "fireball")
def test_fireball_is_thrown_to_the_casters_strength_and_burns_over_time():
    g = game([], [(_m("y"), (14.5, 10), 180)], a_boss=mage(spells=["fireball"]))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    w = magic.spell_weapon("spell/fireball")
    assert g.weapon_range(m, w) == m.a("str")  # "M": the model's Strength
    y = g.models["b_y"]
    y.max_hp = y.hp = 20
    for _ in range(20):
        m.spells_cast = 0
        cast(g, m, "fireball", "b_y")
        if last(g, "gf_defended").wounded:
            break
    assert last(g, "gf_defended").wounded and y.dot is not None
    assert last(g, "gf_attack").strength == 4


@pytest.mark.rule("gangfight_magic", "hypnotic-gaze")
def test_hypnotic_gaze_takes_stamina_for_the_next_activation_not_health():
    g = game([], [(_m("y", raise_={**LOW, "sta": 2, "int": 0}), (14, 10), 180)], a_boss=mage(spells=["hypnotic_gaze"]))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    y = g.models["b_y"]
    sta, hp = y.a("sta"), y.hp
    for _ in range(20):
        m.spells_cast = 0
        cast(g, m, "hypnotic_gaze", "b_y")
        if last(g, "gf_defended").wounded:
            break
    assert last(g, "gf_defended").wounded
    assert y.hp == hp and y.a("sta") == sta - 1
    asked = run(g._activation(y), "end")  # its next activation: one action fewer
    assert last(g, "gf_activated").actions == sta - 1 and asked
    assert y.a("sta") == sta  # and then it is over


@pytest.mark.rule("gangfight_magic", "grasping-roots")
def test_grasping_roots_binds_a_wounded_target_until_it_frees_itself():
    g = game([], [(_m("y"), (13, 10), 180)], a_boss=mage(spells=["grasping_roots"]))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    y = g.models["b_y"]
    y.max_hp = y.hp = 20
    for _ in range(20):
        m.spells_cast = 0
        cast(g, m, "grasping_roots", "b_y")
        if last(g, "gf_defended").wounded:
            break
    assert last(g, "gf_defended").wounded and y.bound
    opts = g.action_options(y)
    assert "free" in opts and "move" not in opts


@pytest.mark.rule("gangfight_magic", "revive")
def test_revive_stands_a_fallen_friend_in_personal_space_back_up_with_one_health():
    g = game([(_m("f"), (11.6, 10), 0)], [], a_boss=mage(spells=["revive"], int_=5))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    f = g.models["a_f"]
    assert "cast:revive" not in g.action_options(m)  # nobody has fallen
    while f.up:
        g._wound(f, "test")
    assert "cast:revive" in g.action_options(m)
    asked = cast(g, m, "revive", "a_f")
    assert isinstance(asked[0], SpellTarget) and asked[0].options == ("a_f",)
    assert rolls(g, "cast Revive")[-1].successes >= 1
    assert f.up and f.hp == 1 and last(g, "gf_healed").revived
    while f.up:
        g._wound(f, "test")
    put(g, m, (20.0, 10.0))  # too far away now
    assert "cast:revive" not in g.action_options(m)


@pytest.mark.rule("gangfight_magic", "dispell")
def test_dispell_removes_one_effect_of_the_casters_choice_from_a_model_in_range():
    g = game([(_m("f"), (11.6, 10), 0)], [], a_boss=mage(spells=["dispell"], int_=5))
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    f = g.models["a_f"]
    assert "cast:dispell" not in g.action_options(m)  # nothing to dispell
    f.dot = (4, 2)
    f.effects.append(magic.spells.Effect("hypnotic_gaze", "Hypnotic Gaze", "b_boss", "next_activation", {"sta": -1}))
    asked = cast(g, m, "dispell", "a_f", "effect:dot")
    assert isinstance(asked[1], Pick) and set(asked[1].options) == {"effect:dot", "effect:hypnotic_gaze"}
    assert f.dot is None and len(f.effects) == 1  # one effect, the chosen one
    put(g, m, (20.0, 10.0))  # beyond 2"
    assert "cast:dispell" not in g.action_options(m)


@pytest.mark.rule("gangfight_magic", "fear")
def test_fear_raises_the_morale_target_of_enemies_within_six_inches():
    g = game(
        [],
        [(_m("y"), (15, 10), 180), (_m("z"), (25, 10), 180)],
        a_boss=mage(spells=["fear"], int_=5),
    )
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    cast(g, m, "fear")
    assert rolls(g, "cast Fear")[-1].successes >= 1
    assert magic.morale_penalty(g, g.models["b_y"]) == 1
    assert magic.morale_penalty(g, g.models["b_z"]) == 0  # beyond 6"
    assert magic.morale_penalty(g, g.models["a_boss"]) == 0  # not the caster's friends
    magic.upkeep(g, m)
    assert magic.morale_penalty(g, g.models["b_y"]) == 0


@pytest.mark.rule("gangfight_magic", "ethereal-wings")
def test_ethereal_wings_give_the_flying_flag_until_the_next_upkeep():
    g = game([], [], a_boss=mage(spells=["ethereal_wings"], int_=5))
    m = g.models["a_boss"]
    assert not m.flag("flies") and not getattr(m, "flying", False)
    cast(g, m, "ethereal_wings")
    assert rolls(g, "cast Ethereal Wings")[-1].successes >= 1
    assert m.flag("flies") and m.flying  # Model.flying: what the flying-movement code reads
    magic.upkeep(g, m)
    assert not m.flag("flies") and not m.flying


@pytest.mark.rule("gangfight_magic", "hailstorm")
def test_hailstorm_hits_every_model_within_its_hits_in_inches_of_the_target():
    g = game(
        [(_m("f"), (20, 12.2), 0)],
        [(_m("y"), (20, 10), 180), (_m("z"), (21.2, 10), 180), (_m("far"), (20, 20), 180)],
        a_boss=mage(spells=["hailstorm"]),
    )
    m = g.models["a_boss"]
    put(g, m, (12.0, 10.0))
    m.facing = 0.0
    for _ in range(30):
        m.spells_cast = 0
        n = len([e for e in g.events if e.kind == "gf_defended"])
        cast(g, m, "hailstorm", "b_y")
        if last(g, "gf_attack").hits >= 2:
            break
    hits = last(g, "gf_attack").hits
    assert hits >= 2
    defended = [e.model for e in [e for e in g.events if e.kind == "gf_defended"][n:]]
    assert defended[0] == "b_y" and {"b_z", "a_f"} <= set(defended)  # friend or foe
    assert "b_far" not in defended


# ---- consumables


@pytest.mark.rule("gangfight_magic", "consume-item")
@pytest.mark.rule("gangfight_magic", "potion-of-healing")
def test_a_potion_heals_one_lost_health_once_and_frees_its_strength_point():
    g = game([(_m("x", items=["potion_of_healing"], raise_={**LOW, "str": 0}), (10, 10), 0)], [])
    x = g.models["a_x"]
    assert not any(o.startswith("consume:") for o in g.action_options(x))  # not hurt
    assert not g.can_carry(x)  # Strength 1, carrying the potion
    g._wound(x, "test")
    opt = "consume:fantasy/potion_of_healing"
    assert opt in g.action_options(x)
    run(magic.act(g, x, opt))
    assert x.hp == x.max_hp and last(g, "gf_healed").hp == x.max_hp
    g._wound(x, "test")
    assert opt not in g.action_options(x)  # "used once, and then discarded"
    assert g.can_carry(x)


@pytest.mark.rule("gangfight_magic", "smellin-salts")
def test_smellin_salts_revive_on_an_intellect_roll_at_or_below_the_fallen_models_stamina():
    g = game(
        [
            (_m("x", items=["smellin_salts"], raise_={**LOW, "int": 2, "qui": 1}), (10, 10), 0),
            (_m("f", raise_={**LOW, "sta": 2, "qui": 1}), (11.6, 10), 0),
        ],
        [],
    )
    x, f = g.models["a_x"], g.models["a_f"]
    while f.up:
        g._wound(f, "test")
    opt = "consume:fantasy/smellin_salts"
    assert opt in g.action_options(x)
    run(magic.act(g, x, opt), "a_f")
    r = rolls(g, "revive")[-1]
    assert r.target == f.a("sta") and len(r.dice) == x.a("int")
    ok = sum(1 for d in r.dice if d[0] <= f.a("sta"))  # at or below, a 1 included
    assert r.successes == ok and f.up == (ok >= 1)
    assert opt not in g.action_options(x)


@pytest.mark.rule("gangfight_skills", "pulverize")
def test_the_revive_spell_and_smellin_salts_read_reviving_as_the_healer_does():
    """One reading of Healing & Reviving for the Healer, the Revive spell and Smellin' Salts
    (reviving.py). Pulverize: "your enemies will not be able to be revived if taken out of action"
    (by no means at all); a revived model stands up with the spells on it gone (they ended when
    it fell) and does nothing more that game turn, as the Healer's revived model does."""
    g = game(
        [
            (_m("f"), (11.6, 10), 0),
            (_m("x", items=["smellin_salts"], raise_={**LOW, "int": 2, "qui": 1}), (11.6, 8.4), 0),
        ],
        [],
        a_boss=mage(spells=["revive"], int_=5),
    )
    m, f, x = g.models["a_boss"], g.models["a_f"], g.models["a_x"]
    put(g, m, (10.0, 10.0))
    salts = "consume:fantasy/smellin_salts"
    while f.up:
        g._wound(f, "test")
    assert "cast:revive" in g.action_options(m) and salts in g.action_options(x)
    f.marks["pulverized"] = True
    assert "cast:revive" not in g.action_options(m) and salts not in g.action_options(x)
    del f.marks["pulverized"]
    f.effects.append(magic.spells.Effect("stoneskin", "Stoneskin", "a_boss", "until_upkeep", {"dp": 1}))
    f.activated = False
    cast(g, m, "revive", "a_f")
    assert f.up and f.hp == 1 and f.effects == [] and f.activated
    assert last(g, "gf_note").what == "spell_ended" and last(g, "gf_healed").by == "a_boss"


@pytest.mark.rule("gangfight_magic", "magic-scroll")
def test_a_scroll_names_its_spell_costs_its_level_and_casts_it_once():
    def gang(*others):
        return {
            "name": "G",
            "setting": "fantasy",
            "faction": "mortal_guilds",
            "leader": "boss",
            "models": [_m("boss", "hero", raise_={"str": 2, "qui": 2, "sta": 2, "mc": 2, "rc": 2}), *others],
        }

    base = gang_from_doc(gang(_m("a"), _m("b")), "g.yaml").fame
    g = gang_from_doc(gang(_m("a", items=["magic_scroll"], scrolls=["magic_missile"]), _m("b")), "g.yaml")
    per = int(book().gang["item_xp_per_level"])
    assert g.fame == base + 2 * per  # the scroll's level is its spell's (2), not the printed 4
    with pytest.raises(DataError) as e:
        gang_from_doc(gang(_m("a", items=["magic_scroll"]), _m("b")), "g.yaml")
    assert "names its spell" in str(e.value)
    with pytest.raises(DataError) as e:  # a minion's items go up to level 2
        gang_from_doc(gang(_m("a", "minion", items=["magic_scroll"], scrolls=["fireball"]), _m("b")), "g.yaml")
    assert "level 4 spell" in str(e.value)
    gm = game(
        [(_m("x", items=["magic_scroll"], scrolls=["magic_missile"]), (10, 10), 0)],
        [(_m("y"), (16, 10), 180)],
    )
    x = gm.models["a_x"]
    opt = "consume:fantasy/magic_scroll:magic_missile"
    assert opt in gm.action_options(x)  # no Magic User skill needed
    run(magic.act(gm, x, opt), "b_y")
    assert last(gm, "gf_cast").source == "magic_scroll" and last(gm, "gf_attack").weapon == "Magic Missile"
    assert opt not in gm.action_options(x)


# ---- enchanted items


@pytest.mark.rule("gangfight_magic", "enchanted-items")
def test_an_enchanted_items_attribute_bonus_and_granted_skill_play():
    doc = {
        "name": "G",
        "setting": "fantasy",
        "faction": "mortal_guilds",
        "leader": "boss",
        "models": [
            _m("boss", "hero", ["mighty_longsword", "thugs_armor"], {"str": 2, "qui": 2, "sta": 2, "mc": 3}),
            _m("a"),
            _m("b"),
        ],
    }
    gd = gang_from_doc(doc, "g.yaml")
    boss = gd.models[0]
    assert boss.attrs["str"] == 3 + 1  # "Character gains +1 Strength"
    assert boss.item_skills == ("rogue",) and not any("Thug" in str(w) for w in gd.warnings)
    g = game([], [(_m("y"), (11.5, 10), 0)], a_boss=doc["models"][0])
    m = g.models["a_boss"]
    put(g, m, (10.0, 10.0))
    m.facing = 0.0
    g._resolve(m, g.models["b_y"], ranged=False)  # from behind: Rogue's 3
    assert last(g, "gf_attack").target_number == 3


# ---- the hot-seat window


@pytest.mark.rule("gangfight_magic", "cast-a-spell-action")
def test_a_person_casts_spells_in_the_hot_seat_window_by_button_and_by_clicking_the_target(tmp_path, monkeypatch):
    """The Ironvale Guild (seat 0, a person) against the heuristic: a spell is chosen on its button
    ('cast magic missile') and its target by clicking the model on the board."""
    import pygame
    from gangfight_kit import hotseat, questions

    kit = hotseat(monkeypatch, "fantasy_crossroads", 8, {0}, save_path=tmp_path / "h.replay.json")
    shell, app, surf, fonts = kit.shell, kit.app, kit.surf, kit.fonts
    clicked = buttons = 0
    for req in questions(app, 6000):
        app.draw(surf, fonts)
        g = app.match
        if req.kind == "deploy":
            app.match.answer("skip")
        elif req.kind == "gf_move":  # towards 8" from an enemy it would see there: in Magic Missile's reach
            me = g.models[req.model]
            foes = g.enemies(me)

            def off(sp, me=me, foes=foes, g=g):  # an enemy hidden from the spot (the rough, a copse) counts less
                return min(
                    (
                        abs(math.dist(sp[:2], f.pos) - 8) + (0 if g.sight(me, f, at=sp[:2])[0] >= 0.5 else 50)
                        for f in foes
                    ),
                    default=0.0,
                )

            app.click_board(shell.to_screen(app.view, min(req.spots, key=off)[:2]))
        elif req.kind == "gf_spell_target":
            before = len(g.decisions)
            app.click_board(shell.to_screen(app.view, app.view.models[req.options[0]]["pos"]))
            clicked += len(g.decisions) > before
            assert len(g.decisions) > before, "clicking the target model answers the spell's question"
        elif req.kind == "gf_action":
            labels = [app.label(o) for o in req.options]
            casts = [i for i, lab in enumerate(labels) if lab.startswith("cast ")]
            aimed = [i for i in casts if labels[i] == "cast magic missile"]
            buttons += bool(casts)
            if aimed or (casts and "move" not in labels):
                app.choose((aimed or casts)[0])
            else:  # walk into Magic Missile's reach rather than cast the self spell turn after turn
                app.choose(
                    labels.index("move")
                    if "move" in labels
                    else labels.index("end activation")
                    if "end activation" in labels
                    else 0
                )
        else:
            app.choose(0)
        if clicked >= 2:
            break
    assert clicked >= 2 and buttons >= 2
    casts = [e for e in app.match.events if e.kind == "gf_cast" and e.model.startswith("a_")]
    assert any(e.target for e in casts)
    pygame.image.save(surf, str(tmp_path / "hotseat_magic.png"))


# ---- the rolls against their exact probabilities (dice thrown in the real tray)


def _tolerance(p, n):
    """Four standard deviations of a frequency of ``n`` trials at ``p`` (a false alarm ~1 in 16000)."""
    return 4 * math.sqrt(p * (1 - p) / n)


@pytest.mark.rule("gangfight_magic", "consecutive-spells")
def test_an_intellect_cast_succeeds_as_often_as_one_success_at_its_target_number():
    """Intellect 2: the first spell casts on any die at 4+ (1 - (1/2)^2 = 0.75), the third or more at
    6 (1 - (5/6)^2 = 0.3056)."""
    g = game([], [], a_boss=mage(spells=["stoneskin"], int_=2))
    m = g.models["a_boss"]
    n = 300
    for first, p in ((True, 0.75), (False, 1 - (5 / 6) ** 2)):
        ok = 0
        for _ in range(n):
            m.spells_cast = 0 if first else 2
            m.effects.clear()
            cast(g, m, "stoneskin")
            ok += bool(m.effects)
        assert abs(ok / n - p) <= _tolerance(p, n), (first, ok / n, p)


@pytest.mark.rule("gangfight_magic", "smellin-salts")
def test_smellin_salts_revive_as_often_as_one_die_at_or_below_the_stamina():
    """Intellect 2 against Stamina 2: P = 1 - (4/6)^2 = 0.5556 (a 1 counts: no automatic failure)."""
    g = game(
        [
            (_m("x", items=["smellin_salts"], raise_={**LOW, "int": 1}), (10, 10), 0),
            (_m("f", raise_={**LOW, "sta": 1, "qui": 2}), (11.6, 10), 0),
        ],
        [],
    )
    x, f = g.models["a_x"], g.models["a_f"]
    assert (x.a("int"), f.a("sta")) == (2, 2)
    n, ok = 300, 0
    for _ in range(n):
        while f.up:
            g._wound(f, "test")
        x.spent.clear()
        run(magic.act(g, x, "consume:fantasy/smellin_salts"), "a_f")
        ok += f.up
    p = 1 - (4 / 6) ** 2
    assert abs(ok / n - p) <= _tolerance(p, n), (ok / n, p)


def test_the_heuristic_casts_and_drinks_in_the_bundled_fantasy_scenario():
    """The Ironvale Guild's Magic Users cast in heuristic-vs-heuristic play, by their handlers'
    worth (the AI names no spell or item)."""
    from spacegits_sim.play import registry

    rs = registry.get("gangfight")
    sc = rs.load_scenario("fantasy_crossroads")
    kinds: set[str] = set()
    for seed in (3, 4):
        g = rs.new_game(sc, seed=seed)
        ctl = [rs.make_controller("heuristic", seed, i) for i in range(2)]
        while g.pending is not None:
            g.answer(ctl[g.pending.boss].decide(g.pending, g))
        kinds |= {f"cast {e.spell}" for e in g.events if e.kind == "gf_cast"}
    assert {"cast magic_missile", "cast stoneskin"} <= kinds, kinds

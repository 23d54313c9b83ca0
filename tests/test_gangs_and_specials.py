"""Gang validation ("Gather Your Gits"), scenario errors, the validate command, and the
special-rule registry cross-checked against the data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from spacegits_sim.data import DataError, default_rules
from spacegits_sim.rules import effects
from spacegits_sim.rules.gangs import gang_from_doc, validate_gang
from spacegits_sim.rules.scenario import load_scenario


def problems(gits, budget=25, faction=None):
    doc = {"name": "Test Gang", "gits": gits}
    if faction:
        doc["faction"] = faction
    gang = gang_from_doc(doc, "gang.yaml", default_rules())
    return [str(p) for p in validate_gang(gang, default_rules(), budget)]


def test_the_quick_start_gangs_are_legal():
    sc = load_scenario(None, default_rules())
    assert [p.gang.cost for p in sc.players] == [15, 15]
    assert len(sc.terrain) >= 10 and sum(t.type == "exploding_barrel" for t in sc.terrain) == 6


@pytest.mark.rule("gather_your_gits", "a-la-carte-budget")
def test_a_gang_over_budget_is_refused_with_its_cost():
    assert not problems([{"type": "klankbot"}, {"type": "klankbot"}, {"type": "orc"}])  # exactly 25
    msgs = problems([{"type": "klankbot"}, {"type": "klankbot"}, {"type": "bullorc"}])
    assert any("the gang costs 27 caps; the budget is 25" in m for m in msgs), msgs


@pytest.mark.rule("gather_your_gits", "up-to-two-weapons")
@pytest.mark.rule("fancy_gear", "big-pockets")
def test_up_to_two_weapons_per_git_unless_big_pockets():
    assert any("carries 3 weapons" in m for m in problems([{"type": "orc", "weapons": ["pistol", "pistol", "rifle"]}]))
    assert not problems([{"type": "orc", "weapons": ["pistol", "pistol", "rifle"], "gear": ["big_pockets"]}])


@pytest.mark.rule("fancy_gear", "hook-hand")
def test_hands_are_respected_and_strong_holds_a_two_hander_in_one_hand():
    assert any(
        "needs 2 hands; this git has 1" in m
        for m in problems([{"type": "orc", "weapons": ["rifle"], "gear": ["hook_hand"]}])
    )
    assert not problems([{"type": "bullorc", "weapons": ["rifle"], "gear": ["hook_hand"]}])


def test_downtrodden_gits_get_nothing_over_1_cap_and_animals_get_nothing():
    msgs = problems([{"type": "goblin", "weapons": ["buzzsaw"], "gear": ["chunky_armour"]}])
    assert sum("Downtrodden" in m for m in msgs) == 2
    assert any("Animal" in m for m in problems([{"type": "gnawball", "weapons": ["pistol"]}]))


@pytest.mark.rule("gather_your_gits", "identical-weapons-gear-once")
@pytest.mark.rule("fancy_gear", "gear-once-each")
def test_each_bit_of_fancy_gear_only_once_but_identical_weapons_are_fine():
    assert any("'cans' twice" in m for m in problems([{"type": "orc", "gear": ["cans", "cans"]}]))
    assert not problems([{"type": "orc", "weapons": ["pistol", "pistol"]}])


@pytest.mark.rule("gather_your_gits", "vehicle-needs-a-driver")
def test_a_vehicle_needs_a_driver_who_can_drive():
    assert any("cannot drive" in m for m in problems([{"type": "gnawball", "vehicle": "bike"}], budget=50))
    assert any("need a vehicle" in m for m in problems([{"type": "orc", "mods": ["buzzblades"]}], budget=50))
    assert not problems([{"type": "orc", "vehicle": "bike"}], budget=50)


def test_every_problem_is_reported_at_once_naming_the_git_and_field():
    msgs = problems(
        [
            {"type": "goblin", "name": "Snit", "weapons": ["buzzsaw", "pistol", "rifle"], "gear": ["cans", "cans"]},
            {"type": "gnawball", "name": "Rex", "gear": ["cans"]},
        ],
        budget=5,
    )
    assert len(msgs) >= 5
    assert any("git #1 'Snit', field 'weapons'" in m for m in msgs)
    assert any("git #2 'Rex', field 'gear'" in m for m in msgs)


def test_unknown_ids_are_reported_with_the_valid_choices():
    with pytest.raises(DataError) as ei:
        gang_from_doc(
            {"name": "X", "gits": [{"type": "ork", "weapons": ["laser"]}, {"type": "orc", "weapons": ["laser"]}]},
            "g.yaml",
            default_rules(),
        )
    text = str(ei.value)
    assert "unknown git type 'ork' (valid: orc, bullorc" in text and "unknown weapon 'laser'" in text


def test_validate_command_prints_every_problem_and_no_traceback(tmp_path: Path):
    bad = tmp_path / "gang.yaml"
    bad.write_text(
        yaml.safe_dump(
            {
                "name": "Bad",
                "gits": [{"type": "goblin", "weapons": ["massive_buzzsaw"]}, {"type": "runt", "gear": ["cans"]}],
            }
        )
    )
    good = ROOT / "scenarios" / "gangs" / "quickstart_red.yaml"
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "validate", str(bad), str(good)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 1
    assert "Traceback" not in out.stderr + out.stdout
    assert "Downtrodden" in out.stderr and "Animal" in out.stderr
    assert "ok" in out.stdout and "quickstart_red.yaml" in out.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [oops\n")
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "validate", str(broken)], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 2 and "YAML syntax error at line" in out.stderr and "Traceback" not in out.stderr


def test_a_scenario_with_problems_reports_them_all(tmp_path: Path):
    sc = tmp_path / "s.yaml"
    sc.write_text(
        yaml.safe_dump(
            {
                "name": "Bad",
                "table": {"width_in": 2},
                "terrain": [{"type": "lava", "circle": [[1, 1], 1]}],
                "players": [{"boss": "A", "gang": {"name": "G", "gits": [{"type": "orc"}]}}],
                "options": {"tim": 3},
            }
        )
    )
    with pytest.raises(DataError) as ei:
        load_scenario(sc, default_rules())
    text = str(ei.value)
    for frag in ("width_in", "unknown terrain type 'lava'", "2 to 4 players", "unknown option"):
        assert frag in text, frag


def test_every_special_rule_in_the_data_has_a_registry_entry_and_vice_versa():
    rules = default_rules()
    reg = {
        fam: {i: h for i, h in ids.items() if fam != "tokens"}
        for fam, ids in effects.REGISTRY.items()
        if fam != "tokens"
    }
    data_ids = {
        "special_rules": set(rules.special_rules),
        "gear": set(rules.gear),
        "vehicle_mods": set(rules.vehicle_mods),
        "factions": {f.rule_id for f in rules.factions.values()},
        "terrain": {s for t in rules.terrain.values() for s in t.special},
    }
    for fam, ids in data_ids.items():
        assert ids == set(reg[fam]), f"{fam}: data-only {ids - set(reg[fam])}, registry-only {set(reg[fam]) - ids}"
    for g in rules.gits.values():
        assert set(g.special) <= set(reg["special_rules"])
    for fam in reg.values():
        for h in fam.values():
            assert isinstance(h, effects.Deferred) != h.implemented, h


# ---- gear that sits on one gun (issue 12: "they apply to *that* gun") ---------------------


def _git_doc(**kw):
    return {"name": "Test Gang", "gits": [dict({"type": "orc", "name": "Gunz"}, **kw)]}


def test_one_gun_gear_on_a_git_with_two_guns_must_say_which_gun():
    # "Oversized Gun: ... they add +1 to the big damage stat of that gun."
    with pytest.raises(DataError) as e:
        gang_from_doc(_git_doc(weapons=["rifle", "pistol"], gear=["oversized_gun"]), "gang.yaml", default_rules())
    msg = str(e.value)
    assert "gear_on" in msg and "oversized_gun" in msg and "rifle, pistol" in msg
    gang = gang_from_doc(
        _git_doc(weapons=["rifle", "pistol"], gear=["oversized_gun"], gear_on={"oversized_gun": "rifle"}),
        "gang.yaml",
        default_rules(),
    )
    assert gang.gits[0].gun_for("oversized_gun") == "rifle"
    single = gang_from_doc(_git_doc(weapons=["pistol"], gear=["overly_long_gun_barrel"]), "g.yaml", default_rules())
    assert single.gits[0].gun_for("overly_long_gun_barrel") == "pistol"  # the only gun: no need to say


@pytest.mark.parametrize(
    ("gear_on", "says"),
    [
        ({"oversized_gun": "shotgun"}, "not a gun this git carries"),
        ({"skull_cap": "rifle"}, "not this git's gun gear"),
        (["oversized_gun"], "expected a mapping"),
    ],
)
def test_a_wrong_gear_on_gets_one_clear_message(gear_on, says):
    doc = _git_doc(weapons=["rifle", "pistol"], gear=["oversized_gun"], gear_on=gear_on)
    with pytest.raises(DataError) as e:
        gang_from_doc(doc, "gang.yaml", default_rules())
    assert says in str(e.value) and "gear_on" in str(e.value)


@pytest.mark.rule("fancy_gear", "overly-long-gun-barrel")
@pytest.mark.rule("fancy_gear", "oversized-gun")
def test_oversized_gun_and_long_barrel_apply_to_that_gun_only():
    from helpers import match

    m = match(
        [
            [
                {
                    "type": "orc",
                    "name": "Gunz",
                    "weapons": ["rifle", "pistol"],
                    "gear": ["oversized_gun", "overly_long_gun_barrel"],
                    "gear_on": {"oversized_gun": "rifle", "overly_long_gun_barrel": "pistol"},
                }
            ],
            [{"type": "orc", "name": "X", "weapons": ["pistol"]}],
        ],
        {},
    )
    g, w = m.models["a1"], m.rules.weapons
    assert effects.weapon_damage(g, w["rifle"], True) == w["rifle"].big + 1
    assert effects.weapon_damage(g, w["pistol"], True) == w["pistol"].big
    assert effects.weapon_range(g, w["pistol"]) == w["pistol"].range + 8
    assert effects.weapon_range(g, w["rifle"]) == w["rifle"].range


def test_gear_on_survives_the_trip_through_a_scenario_document():
    from spacegits_sim.rules.scenario import scenario_from_doc, scenario_to_doc

    sc = load_scenario(None, default_rules())
    doc = scenario_to_doc(sc)
    doc["players"][0]["gang"]["gits"][0].update(
        weapons=["rifle", "pistol"], gear=["oversized_gun"], gear_on={"oversized_gun": "pistol"}
    )
    back = scenario_from_doc(doc, "<doc>", default_rules())
    assert back.players[0].gang.gits[0].gear_on == (("oversized_gun", ("pistol",)),)
    assert scenario_to_doc(back)["players"][0]["gang"]["gits"][0]["gear_on"] == {"oversized_gun": "pistol"}


@pytest.mark.rule("fancy_gear", "kitbashed-weapon")
def test_a_kitbashed_git_carries_three_weapons_because_the_combined_pair_counts_once():
    # "Kitbashed Weapon: ... choose two weapons to combine and hold in a single hand ... These two
    # weapons together only count as one of their two weapons. Both can be fired at the same time."
    kit = {"gear": ["kitbashed_weapon"], "gear_on": {"kitbashed_weapon": ["pistol", "smg"]}}
    assert not problems([dict({"type": "orc", "name": "Kludge", "weapons": ["pistol", "smg", "rifle"]}, **kit)])
    msgs = problems([{"type": "orc", "name": "Plain", "weapons": ["pistol", "smg", "rifle"]}])
    assert any("carries 3 weapons; a git can have up to 2" in m for m in msgs), msgs
    with pytest.raises(DataError) as e:  # three guns: which two are combined must be said
        gang_from_doc(
            _git_doc(weapons=["pistol", "smg", "rifle"], gear=["kitbashed_weapon"]), "gang.yaml", default_rules()
        )
    assert "gear_on" in str(e.value) and "kitbashed_weapon" in str(e.value)


@pytest.mark.rule("fancy_gear", "kitbashed-weapon")
def test_a_kitbashed_pair_is_held_in_one_hand_and_fired_together():
    from helpers import match

    m = match(
        [
            [
                {
                    "type": "orc",
                    "name": "Kludge",
                    "weapons": ["smg", "shotgun", "pistol"],
                    "gear": ["kitbashed_weapon"],
                    "gear_on": {"kitbashed_weapon": ["smg", "shotgun"]},
                }
            ],
            [{"type": "orc", "name": "X", "weapons": ["pistol"]}],
        ],
        {},
    )
    opts = m.combat.gun_options(m.models["a1"])
    assert ("smg", "shotgun") in opts  # a 1-hander and a 2-hander, combined: one hand
    assert ("smg", "shotgun", "pistol") in opts  # ... which leaves a hand for the pistol

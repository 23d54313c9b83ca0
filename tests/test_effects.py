"""The effects registry dispatches: item behaviour lives in one handler per id, the engine
names no item, and the documentation table is generated from the registry."""

from __future__ import annotations

import ast
import sys

import pytest
from conftest import ROOT
from helpers import drive, match

from spacegits_sim.data import default_rules
from spacegits_sim.rules import effects
from spacegits_sim.rules import events as ev
from spacegits_sim.rules.gangs import GitSpec, hands_needed

ORC = {"type": "orc", "name": "Grunk", "weapons": ["pistol"]}
ENGINE_MODULES = (
    "core",
    "engine",
    "turns",
    "movement",
    "state",
    "combat",
    "gangs",
    "scenario",
    "decisions",
    "timecost",
    "replay",
    "events/__init__",
    "events/base",
    "events/flow",
    "events/table",
    "events/combat",
)


def all_item_ids() -> set[str]:
    r = default_rules()
    ids: set[str] = set()
    for fam in ("gits", "weapons", "gear", "vehicles", "vehicle_mods", "factions", "terrain", "special_rules"):
        ids |= set(r.family(fam))
    ids |= {f.rule_id for f in r.factions.values()}
    ids |= {s for t in r.terrain.values() for s in t.special}
    return ids


def string_literals(path) -> set[str]:
    """Every string constant in a module except docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    }


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_the_engine_combat_and_gang_modules_name_no_item_id(module):
    path = ROOT / "spacegits_sim" / "rules" / f"{module}.py"
    named = string_literals(path) & all_item_ids()
    assert not named, f"rules/{module}.py branches on item ids {sorted(named)}: move that into rules/effects/"


def gear_action_names() -> set[str]:
    """The extra actions handlers offer (``ACTION``: "blast_off", "bonk", "toot"...)."""
    out: set[str] = set()
    for family in effects.REGISTRY.values():
        for h in family.values():
            if isinstance(h, type):
                out |= {a for a in (getattr(h, "ACTION", None),) if isinstance(a, str)} | set(h.ACTION_ADVICE)
    return out


def test_the_ais_name_no_item_id_and_no_gear_action():
    """The AIs ask the handlers for advice (gun_worth, boot_worth, choice/action/aim advice)."""
    assert gear_action_names() >= {"blast_off", "bonk", "toot", "experiment", "toss_fuel_can"}
    for path in sorted((ROOT / "spacegits_sim" / "ai").glob("*.py")):
        named = string_literals(path) & (all_item_ids() | gear_action_names())
        assert not named, f"ai/{path.name} names item ids or gear actions {sorted(named)}: ask the handler instead"


def test_the_renderer_names_no_item_id():
    for path in (ROOT / "spacegits_sim" / "render").glob("*.py"):
        named = string_literals(path) & all_item_ids()
        assert not named, f"{path.name} names item ids {sorted(named)}"


def test_every_id_in_the_data_is_registered_implemented_or_deferred_and_nothing_else():
    rows = effects.implemented_table(default_rules())
    assert rows and all(r["what"] != "NO HANDLER" for r in rows), [r for r in rows if r["what"] == "NO HANDLER"]
    data = {(r["family"], r["id"]) for r in rows}
    registered = {(f, i) for f, ids in effects.REGISTRY.items() if f != "tokens" for i in ids}
    assert registered == data


def test_the_implemented_table_in_docs_is_generated_from_the_registry():
    sys.path.insert(0, str(ROOT / "tools"))
    import gen_docs

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert gen_docs.BEGIN in text and text == gen_docs.rules_md(text), "docs/rules.md is stale: run tools/gen_docs.py"


def _without(monkeypatch, family: str, ident: str) -> None:
    monkeypatch.delitem(effects.REGISTRY[family], ident)


def test_chunky_armour_dispatches_to_its_handler(monkeypatch):
    m = match([[dict(ORC, gear=["chunky_armour"])], [ORC]], {"a1": (5, 5), "b1": (20, 20)})
    assert m.models["a1"].toughness == 4
    _without(monkeypatch, "gear", "chunky_armour")
    m = match([[dict(ORC, gear=["chunky_armour"])], [ORC]], {"a1": (5, 5), "b1": (20, 20)})
    assert m.models["a1"].toughness == 3, "with its handler unregistered, chunky armour must do nothing"


def test_puny_dispatches_to_its_handler(monkeypatch):
    def added() -> int:
        m = match([[{"type": "runt", "name": "R"}], [ORC]], {"a1": (5, 5), "b1": (20, 20)})
        drive(m, m.add_tower_dice(m.models["a1"], 1, "damage"))
        return [e for e in m.events if isinstance(e, ev.TowerGrew)][-1].added

    assert added() == 2
    _without(monkeypatch, "special_rules", "puny")
    assert added() == 1


def test_klanking_dispatches_to_its_handler(monkeypatch):
    def klanked() -> bool:
        m = match([[{"type": "klankbot", "name": "K"}], [ORC]], {"a1": (5, 5), "b1": (20, 20)})
        k = m.models["a1"]
        k.tokens["klank"] = 1
        drive(m, m._activation(k))
        return any(isinstance(e, ev.Klanked) for e in m.events)

    assert klanked()
    _without(monkeypatch, "special_rules", "klanking")
    assert not klanked()


def test_slow_to_reload_dispatches_to_its_handler(monkeypatch):
    def can_fire_again() -> bool:
        m = match([[{"type": "orc", "name": "O", "weapons": ["rattle_cannon"]}], [ORC]], {"a1": (5, 5), "b1": (20, 20)})
        o = m.models["a1"]
        effects.on_fired(o, [w for w in o.weapons if w.kind == "shooting"])
        return bool(m.combat.gun_options(o))

    assert not can_fire_again()
    _without(monkeypatch, "special_rules", "slow_to_reload")
    assert can_fire_again()


def test_strong_dispatches_to_its_handler(monkeypatch):
    rules = default_rules()
    spec = GitSpec("bullorc", "B", ("rifle",), ())
    assert hands_needed("rifle", spec, rules) == 1
    _without(monkeypatch, "special_rules", "strong")
    assert hands_needed("rifle", spec, rules) == 2


def test_exploding_barrels_dispatch_to_their_handler(monkeypatch):
    barrel = [{"id": "b", "type": "exploding_barrel", "circle": [[12, 12], 0.5]}]
    m = match([[ORC], [ORC]], {"a1": (5, 5), "b1": (20, 20)}, terrain=barrel)
    assert m.combat.explode_x("b") == 6
    _without(monkeypatch, "terrain", "exploding_barrel")
    assert m.combat.explode_x("b") == 0


def test_validation_warns_loudly_about_every_item_that_is_not_simulated_yet(monkeypatch):
    from spacegits_sim.rules.gangs import gang_from_doc, unsimulated

    # gear and weapon specials are all simulated now: defer two to check the warning path
    monkeypatch.setitem(effects.REGISTRY["gear"], "jetpack", effects.Deferred("gear", "jetpack", "test"))
    monkeypatch.setitem(effects.REGISTRY["special_rules"], "gout", effects.Deferred("special_rules", "gout", "test"))
    monkeypatch.setitem(
        effects.REGISTRY["factions"], "grabbing_hands", effects.Deferred("factions", "grabbing_hands", "test")
    )
    monkeypatch.setitem(  # every repair is simulated too
        effects.REGISTRY["repairs"], "mysterious_red_button", effects.Deferred("repairs", "mysterious_red_button", "t")
    )
    rules = default_rules()
    gang = gang_from_doc(
        {
            "name": "G",
            "faction": "city_boys",
            "gits": [
                {"type": "orc", "name": "Jet", "weapons": ["flamethrower"], "gear": ["jetpack"]},
                {
                    "type": "goblin",
                    "name": "D",
                    "weapons": ["pistol"],
                    "vehicle": "bike",
                    "repairs": ["Hull: Buckled Pillars", "Snazz: Mysterious Red Button"],
                },
            ],
        },
        "<g>",
        rules,
    )
    text = "\n".join(str(p) for p in unsimulated(gang, rules))
    for frag in (
        "'jetpack' is not simulated",
        "'gout' is not simulated",
        "'city_boys'",
        "'mysterious_red_button' is not simulated",
    ):
        assert frag in text, frag
    assert "buckled_pillars" not in text, "a simulated repair is not warned about"


def test_a_house_rule_that_adds_an_item_no_handler_simulates_is_a_loud_warning(tmp_path):
    import subprocess

    house = tmp_path / "h.yaml"
    house.write_text(
        "kind: gear\nentries:\n  - {id: rocket_boots, name: Rocket Boots, cost: 1, text: Whoosh., special: [],"
        " source: completed, completed: [cost], reason: a house item}\n"
    )
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "validate", str(house)], capture_output=True, text=True, cwd=ROOT
    )
    text = " ".join((out.stderr + out.stdout).split())
    assert "warning" in text and "rocket_boots" in text and "no handler" in text


def test_playing_a_scenario_with_unsimulated_items_warns_before_the_match(tmp_path, monkeypatch, capsys):
    """The CLI's scenario loader (match, watch, play…) warns before the match about every item
    the engine does not simulate. Everything shipped is simulated now, so one repair is
    deferred for the test."""
    import yaml

    from spacegits_sim.cli import common

    monkeypatch.setitem(
        effects.REGISTRY["repairs"], "snazzy_underlighting", effects.Deferred("repairs", "snazzy_underlighting", "test")
    )
    sc = yaml.safe_load((ROOT / "scenarios" / "four_bosses.yaml").read_text())
    sc["players"][0]["gang"]["gits"][0].update(vehicle="bike", repairs=["Snazz: Snazzy Underlighting"])
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(sc))
    buf = __import__("io").StringIO()
    # rich's Console.file reads sys.stderr when _file is None: patch _file, so the undo puts None
    # back (patching .file would pin this test's captured stderr, closed after it, on the console)
    monkeypatch.setattr(common.err, "_file", buf)
    common.load_scenario_option(str(path))
    text = " ".join(buf.getvalue().split())
    assert "'snazzy_underlighting' is not simulated yet" in text, text

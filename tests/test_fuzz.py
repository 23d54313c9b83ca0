"""Fuzzing every loader: whatever a file holds, the answer is a value or one clear error.

Each loader is fed valid documents with random parts replaced by random values (wrong types,
NaN, huge numbers, deep nesting, unicode…). The only exceptions allowed out are the user
errors the CLI prints as one message; a document that loads must also build (a match, a
tower) without the physics rejecting it. ``make test`` runs a bounded number of examples per
loader; ``make test-long`` (``SPACEGITS_FUZZ_EXAMPLES``) runs many more. Every malformed
file in ``tests/corpus/`` (one per bug found) is replayed too.
"""

from __future__ import annotations

import copy
import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacegits_sim.data import DataError, default_rules, load_rules
from spacegits_sim.data.dice import DiceError, parse_dice
from spacegits_sim.data.yamlio import parse_yaml_text
from spacegits_sim.physics.params import ParamError, load_params
from spacegits_sim.physics.tower import Tower
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangs import gang_from_doc, validate_gang
from spacegits_sim.rules.replay import load_replay, rebuild, replay_doc
from spacegits_sim.rules.scenario import load_scenario, scenario_from_doc, scenario_to_doc

EXAMPLES = int(os.environ.get("SPACEGITS_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CORPUS = ROOT / "tests" / "corpus"

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["orc", "pistol", "wall", "3D6", "D100", "1e999", "-1", "", "x" * 300]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, prefix + (i,))
    return out


def mutate(doc: Any, data: st.DataObject, n_max: int = 3) -> Any:
    """A copy of ``doc`` with 1-3 random parts replaced, deleted or added."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, n_max))):
        ps = paths(doc)
        p = data.draw(st.sampled_from(ps))
        new = data.draw(values)
        if not p:
            doc = new
            continue
        parent = doc
        for k in p[:-1]:
            parent = parent[k]
        how = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "replace" or not isinstance(parent, (dict, list)):
            parent[p[-1]] = new
        elif how == "delete":
            del parent[p[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=8))] = new
        else:
            parent.append(new)
    return doc


def gang_doc() -> dict:
    return {
        "name": "Fuzz",
        "faction": "city_boys",
        "gits": [
            {"type": "bullorc", "name": "A", "weapons": ["rifle", "massive_h2h"], "gear": ["chunky_armour"]},
            {"type": "goblin", "name": "B", "weapons": ["pistol"], "vehicle": "bike", "mods": ["huge_wheels"]},
        ],
    }


@pytest.fixture(scope="module")
def base_scenario() -> dict:
    return scenario_to_doc(load_scenario(None, default_rules()))


@FUZZ
@given(st.data())
def test_fuzzed_gangs_load_or_give_one_clear_error(data):
    rules = default_rules()
    doc = mutate(gang_doc(), data)
    try:
        gang = gang_from_doc(doc, "<fuzz gang>", rules)
    except DataError:
        return
    validate_gang(gang, rules)


@FUZZ
@given(st.data())
def test_fuzzed_scenarios_load_and_build_or_give_one_clear_error(base_scenario, data):
    rules = default_rules()
    doc = mutate(base_scenario, data)
    try:
        sc = scenario_from_doc(doc, "<fuzz scenario>", rules)
    except DataError:
        return
    Match(sc, rules)  # what validation lets through, the table must accept


@FUZZ
@given(st.data())
def test_fuzzed_house_rules_merge_or_give_one_clear_error(tmp_path_factory, data):
    raw = yaml.safe_load((ROOT / "assets" / "rules" / "weapons.yaml").read_text())
    doc = mutate({"kind": "weapons", "entries": raw["entries"][:3]}, data)
    p = tmp_path_factory.mktemp("house") / "h.yaml"
    p.write_text(json.dumps(doc, default=str))  # JSON is YAML: every value survives the trip
    try:
        load_rules([p])
    except DataError:
        pass


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "dt_s",
                "die_size_mm",
                "die_mass_g",
                "friction_die_die",
                "iterations",
                "elasticity",
                "gravity_mm_s2",
                "carry.normal.speed_mm_s",
                "placement_error_mm",
                "nope",
                "carry.x",
            ]
        ),
        st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-(10**9), 10**9), st.text(max_size=6)),
        max_size=3,
    )
)
def test_fuzzed_tower_parameters_load_and_build_or_give_one_clear_error(overrides):
    try:
        params = load_params("towers", overrides)
    except ParamError:
        return
    t = Tower(params, seed=1)
    t.add_die()
    t.add_die()
    assert math.isfinite(t.height_mm)


@FUZZ
@given(st.text(max_size=40))
def test_fuzzed_dice_notation_parses_or_gives_one_clear_error(text):
    try:
        pool = parse_dice(text)
    except DiceError:
        return
    assert 0 < len(pool.dice) <= 100 * 200


@FUZZ
@given(st.binary(max_size=300))
def test_fuzzed_bytes_as_yaml_parse_or_give_one_clear_error(blob):
    try:
        parse_yaml_text(blob.decode("utf-8", errors="replace"), "<fuzz>")
    except DataError:
        pass


@pytest.fixture(scope="module")
def replay_base() -> dict:
    from spacegits_sim.matches import play_match

    return replay_doc(play_match(load_scenario(None, default_rules()), 3, ["random", "random"]))


@settings(FUZZ, max_examples=max(10, EXAMPLES // 3))
@given(st.data())
def test_fuzzed_replays_verify_diverge_or_give_one_clear_error(replay_base, tmp_path_factory, data):
    doc = mutate({k: v for k, v in replay_base.items() if k != "events"}, data)
    p = tmp_path_factory.mktemp("replay") / "r.json"
    p.write_text(json.dumps(doc, default=str))
    try:
        v = rebuild(load_replay(p), str(p))
    except DataError:
        return
    assert isinstance(v.message, str)


# ---------------------------------------------------------------- the corpus of malformed files


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "README.md")


def test_the_corpus_has_a_file_for_every_loader():
    kinds = {p.parent.name for p in corpus_files()}
    assert {"gang", "scenario", "rules", "params", "replay"} <= kinds


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_malformed_file_in_the_corpus_gives_one_clear_error(path):
    kind = path.parent.name
    rules = default_rules()
    with pytest.raises((DataError, ParamError)):
        if kind == "gang":
            from spacegits_sim.rules.gangs import load_gang

            gang = load_gang(path, rules)
            problems = validate_gang(gang, rules)
            if problems:
                raise DataError(problems)
        elif kind == "scenario":
            load_scenario(path, rules)
        elif kind == "rules":
            load_rules([path])
        elif kind == "params":
            load_params("towers", params_file=path)
        elif kind == "replay":
            v = rebuild(load_replay(path), str(path))
            if not v.ok:
                raise DataError([])
        else:  # pragma: no cover - a new folder needs a loader here
            raise AssertionError(f"no loader for corpus folder {kind}")

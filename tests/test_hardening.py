"""Hardening: every bad file, option and replay ends in one clear message (never a traceback,
a hang or a machine eaten), saves are atomic, and a replay binds everything that decides the game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from spacegits_sim.data import DataError, default_rules, load_rules
from spacegits_sim.data.dice import DiceError, parse_dice
from spacegits_sim.physics.params import ParamError, load_params
from spacegits_sim.rules.gangs import gang_from_doc
from spacegits_sim.rules.replay import load_replay, rebuild, replay_doc
from spacegits_sim.rules.scenario import load_scenario, scenario_from_doc

ORC = {"type": "orc", "name": "Grunk", "weapons": ["pistol"]}


PEAK = (
    "import resource, subprocess, sys\n"
    "r = subprocess.run([sys.executable, '-m', 'spacegits_sim', *sys.argv[1:]])\n"
    'sys.stderr.write(f"\\nPEAK_KB={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")\n'
    "sys.exit(r.returncode)\n"
)


def cli(*args: str, cwd: Path = ROOT, timeout: float = 60) -> tuple[int, str, float, float]:
    """Run the spacegits command; (exit code, its output on one line, wall seconds, its own peak MB).

    A small wrapper process runs the command as its only child and reports that child's peak
    resident memory, so nothing else this test process ever ran is counted."""
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", PEAK, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    wall = time.perf_counter() - t0
    errors, _, peak_kb = out.stderr.partition("PEAK_KB=")
    peak = int(peak_kb.split()[0]) / 1024 if peak_kb else float("inf")
    return out.returncode, " ".join((errors + out.stdout).split()), wall, peak


def scenario_doc(**over) -> dict:
    doc = {
        "name": "T",
        "table": {"width_in": 24, "height_in": 24},
        "players": [
            {"boss": "A", "gang": {"name": "GA", "gits": [ORC]}},
            {"boss": "B", "gang": {"name": "GB", "gits": [ORC]}},
        ],
    }
    doc.update(over)
    return doc


def problems_of(doc, label="<t>") -> str:
    with pytest.raises(DataError) as ei:
        scenario_from_doc(doc, label, default_rules())
    return str(ei.value)


# ---------------------------------------------------------------- wrong YAML types


@pytest.mark.parametrize(
    "git,field",
    [({"type": ["orc"], "name": "X"}, "type"), ({"type": "orc", "name": "X", "vehicle": ["bike"]}, "vehicle")],
)
def test_a_list_where_a_git_type_or_vehicle_is_expected_is_a_clear_problem(git, field):
    with pytest.raises(DataError) as ei:
        gang_from_doc({"name": "G", "gits": [git]}, "<g>", default_rules())
    assert f"field '{field}'" in str(ei.value)


def test_a_list_where_a_faction_is_expected_is_a_clear_problem():
    with pytest.raises(DataError) as ei:
        gang_from_doc({"name": "G", "faction": ["city_boys"], "gits": [ORC]}, "<g>", default_rules())
    assert "field 'faction'" in str(ei.value)


@pytest.mark.parametrize(
    "terrain,needle",
    [
        (5, "expected a list of pieces"),
        ([{"type": "wall", "id": {"a": 1}, "circle": [[5, 5], 1]}], "field 'id'"),
        ([{"type": "wall", "circle": [[5, 5], float("nan")]}], "radius"),
        ([{"type": "wall", "circle": [[5, 5], float("inf")]}], "radius"),
        ([{"type": "wall", "polygon": [[1, 1], [2, 2], [3, 3]]}], "no area"),
        ([{"type": "wall", "polygon": [[1, 1], [1, 1], [1, 1]]}], "no area"),
        ([{"type": "wall", "polygon": [[0, 0], [6, 0], [6, 6], [3, 2], [0, 6]]}], "concave"),
        (
            [{"type": "wall", "id": "w", "circle": [[5, 5], 1]}, {"type": "wall", "id": "w", "circle": [[9, 9], 1]}],
            "used twice",
        ),
    ],
)
def test_terrain_the_physics_would_reject_is_refused_by_validation(terrain, needle):
    assert needle in problems_of(scenario_doc(terrain=terrain))


@pytest.mark.parametrize(
    "option,value", [("deploy_distance_in", -1.0), ("max_models", -1), ("max_models", 0), ("safety_factor", 0.5)]
)
def test_options_out_of_their_range_are_refused(option, value):
    text = problems_of(scenario_doc(options={option: value}))
    assert f"field '{option}'" in text and "must be from" in text


def test_a_table_size_that_is_not_a_number_is_a_problem_not_a_crash():
    assert "width_in" in problems_of(scenario_doc(table={"width_in": "big", "height_in": 24}))


# ---------------------------------------------------------------- keys given twice

SHIPPED = {
    "spacegits gang": ("spacegits", "scenarios/gangs/derby_blue.yaml"),
    "spacegits scenario": ("spacegits", "scenarios/quickstart.yaml"),
    "gangfight gang": ("gangfight", "spacegits_sim/rulesets/gangfight/gangs/red_ravens.yaml"),
    "roadrace car": ("roadrace", "spacegits_sim/rulesets/roadrace/cars/bruiser.yaml"),
}


def name_twice(src: Path, dest: Path) -> tuple[Path, int]:
    """A copy of a shipped file whose top-level ``name:`` line is followed by a second one;
    (the copy, the line number of the first)."""
    lines = src.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(n for n, line in enumerate(lines) if line.startswith("name: "))
    lines.insert(i + 1, "name: Twice\n")
    dest.write_text("".join(lines), encoding="utf-8")
    return dest, i + 1


@pytest.mark.parametrize("what", sorted(SHIPPED))
def test_a_key_given_twice_in_any_user_file_is_refused_naming_the_file_the_key_and_both_lines(what, tmp_path, capsys):
    from spacegits_sim.cli import main

    ruleset, rel = SHIPPED[what]
    path, line = name_twice(ROOT / rel, tmp_path / Path(rel).name)
    assert main(["validate", "--ruleset", ruleset, str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{path}: key 'name' is given twice, on line {line} and line {line + 1}" in err, err


def test_a_key_given_twice_in_a_house_rule_table_or_a_nested_mapping_is_refused(tmp_path):
    house = tmp_path / "h.yaml"
    house.write_text("kind: weapons\nentries:\n  - id: pistol\n    range: 12\n    range: 9\n")
    with pytest.raises(DataError, match=r"h.yaml: key 'range' is given twice, on line 4 and line 5"):
        load_rules([house])


def test_a_merge_key_overridden_by_an_explicit_key_is_not_a_duplicate():
    from spacegits_sim.data.yamlio import parse_yaml_text

    doc = parse_yaml_text("base: &b {speed: 1, armour: 2}\nfast:\n  <<: *b\n  speed: 3\n", "t.yaml")
    assert doc["fast"] == {"speed": 3, "armour": 2}


def test_a_number_written_with_an_exponent_but_no_dot_is_a_number_not_text():
    """PyYAML's YAML 1.1 rules read ``1e-5`` as the text "1e-5"; YAML 1.2 (and every user) reads a number."""
    from spacegits_sim.data.yamlio import parse_yaml_text

    doc = parse_yaml_text("a: 1e-5\nb: 2E6\nc: -3e+2\nd: '1e5'\ne: e5\n", "t.yaml")
    assert doc == {"a": 1e-5, "b": 2e6, "c": -300.0, "d": "1e5", "e": "e5"}


def test_every_shipped_yaml_file_reads_the_same_through_the_strict_loader():
    """The strict loader changes nothing a shipped file says (no duplicates, no dotless exponents)."""
    from spacegits_sim.data.yamlio import SAFE_LOADER

    folders = ("assets", "scenarios", "spacegits_sim", "tests/conformance")
    files = [p for d in folders for p in (ROOT / d).rglob("*.yaml")]
    assert len(files) > 40
    for p in files:
        text = p.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=SAFE_LOADER) == yaml.safe_load(text), p  # noqa: S506 - both safe


# ---------------------------------------------------------------- resource bounds


def test_a_billion_laughs_file_ends_in_under_5s_with_a_clear_message_and_little_memory(tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{cur}: &{cur} [{', '.join(['*' + prev] * 9)}]")
    lines.append("name: *i\ngits: *i")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines))
    assert bomb.stat().st_size < 2048
    code, out, wall, peak = cli("validate", str(bomb))
    assert code != 0 and "too large" in out and "Traceback" not in out
    assert wall < 5 and peak < 200, (wall, peak)


def test_dev_zero_as_a_gang_file_is_refused_at_once(tmp_path):
    sc = tmp_path / "s.yaml"
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    sc.write_text(
        yaml.safe_dump(scenario_doc(players=[{"boss": "A", "gang": "zero.yaml"}, {"boss": "B", "gang": "zero.yaml"}]))
    )
    code, out, wall, peak = cli("validate", str(sc))
    assert code != 0 and "zero.yaml" in out and wall < 5 and peak < 200  # a link out of the folder: refused
    code, out, wall, peak = cli("validate", "/dev/zero")
    assert code != 0 and "not a regular file" in out and wall < 5 and peak < 200


def test_a_fifo_as_a_file_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    code, out, wall, peak = cli("validate", str(fifo), timeout=20)
    assert code != 0 and "not a regular file" in out and wall < 5 and peak < 200


def test_deeply_nested_brackets_in_a_scenario_are_refused(tmp_path):
    sc = tmp_path / "deep.yaml"
    sc.write_text("name: " + "[" * 20_000 + "]" * 20_000)
    code, out, wall, _ = cli("validate", str(sc))
    assert code != 0 and "nested too deeply" in out and "Traceback" not in out and wall < 5


@pytest.mark.parametrize(
    "args,needle",
    [
        (("towers", "--heights", "1-999999999999"), "towers of 1 to 40 dice"),
        (("towers", "--trials", "2000000000"), "--trials must be a whole number from"),
        (("tournament", "--ai", "heuristic,random", "--games", "1000000000"), "--games must be from"),
        (("tournament", "--ai", "random,random", "--games", "2"), "twice"),
        (("tournament", "--ai", "heuristic,random", "--jobs", "-2"), "--jobs must be from"),
        (("tournament", "--ai", "heuristic,random", "--jobs", "0"), "--jobs must be from"),
        (("match", "--seed", "-5"), "--seed must be from"),
        (("tournament", "--ai", "heuristic,random", "--scheduler", "not-an-address"), "not an address"),
    ],
)
def test_huge_or_impossible_counts_and_ranges_end_at_once_with_a_message(args, needle):
    code, out, wall, peak = cli(*args)
    assert code == 2 and needle in out and "Traceback" not in out, out
    assert wall < 5 and peak < 200


def test_a_house_rule_table_with_a_hundred_million_dice_is_refused(tmp_path):
    house = tmp_path / "h.yaml"
    house.write_text(yaml.safe_dump({"kind": "weapons", "entries": [{"id": "pistol", "dice": "100000000D100"}]}))
    t0 = time.perf_counter()
    with pytest.raises(DataError) as ei:
        load_rules([house])
    assert "at most 100 dice" in str(ei.value) and time.perf_counter() - t0 < 5
    with pytest.raises(DiceError):
        parse_dice("100000000D100")


# ---------------------------------------------------------------- tower parameters


@pytest.mark.parametrize(
    "name,value",
    [
        ("dt_s", 0),
        ("die_size_mm", 0),
        ("die_mass_g", 0),
        ("friction_die_die", float("nan")),
        ("iterations", 0),
        ("gravity_mm_s2", float("nan")),
        ("gravity_mm_s2", float("inf")),
        ("carry.normal.speed_mm_s", 1e300),
        ("die_mass_g", 1e308),
        ("elasticity", 1e9),
        ("iterations", 2.5),
    ],
)
def test_every_tower_parameter_is_checked_against_its_documented_range_up_front(name, value):
    with pytest.raises(ParamError) as ei:
        load_params("towers", {name: value})
    assert name in str(ei.value)


def test_a_bad_tower_parameter_on_the_command_line_is_one_line_not_an_abort():
    code, out, wall, _ = cli("towers", "--set", "dt_s=0", "--heights", "2", "--trials", "1")
    assert code == 2 and "dt_s" in out and "from 0.00001 to 0.01" in out and wall < 5


def test_the_parameter_ranges_document_is_generated_from_the_code():
    sys.path.insert(0, str(ROOT / "tools"))
    from spacegits_sim.physics.params import ranges_markdown

    assert (ROOT / "docs" / "parameters.md").read_text(encoding="utf-8") == ranges_markdown(), "run tools/gen_docs.py"


# ---------------------------------------------------------------- tower sweep options


@pytest.mark.parametrize(
    ("heights", "needle"),
    [
        ("5-2", "the range 5-2 runs backwards: write the low end first, e.g. 2-5"),
        ("0", "0 dice is out of range: towers of 1 to 40 dice are simulated"),
        ("-3", "a tower is at least 1 die high (from 1 to 40)"),
        ("1-41", "41 dice is out of range: towers of 1 to 40 dice are simulated"),
        ("9" * 5000, "dice is out of range: towers of 1 to 40"),
        ("abc", "'abc' is not a height: give heights in dice like 1-12, 2,4,8 or 2-10:2"),
        ("3.5", "'3.5' is not a height"),
        ("1_0", "'1_0' is not a height"),
        ("", "--heights is empty"),
        ("2,,4", "item 2 is empty (a stray comma?)"),
        ("2,4,", "item 3 is empty"),
        ("1-12:0", "the step after ':' must be 1 or more"),
        ("3:2", "a step (:2) needs a range before it"),
        ("1-4,3", "height 3 is given twice"),
    ],
)
def test_each_bad_heights_option_is_told_what_is_wrong_with_it(heights, needle):
    from spacegits_sim.towerlab import parse_heights

    t0 = time.perf_counter()
    with pytest.raises(ValueError) as ei:
        parse_heights(heights)
    assert needle in str(ei.value) and "\n" not in str(ei.value) and time.perf_counter() - t0 < 0.1, ei.value


def test_good_heights_options_still_read_as_before():
    from spacegits_sim.towerlab import parse_heights

    assert parse_heights("1-12") == list(range(1, 13))
    assert parse_heights(" 2, 4 ,8") == [2, 4, 8]
    assert parse_heights("2-10:2,13") == [2, 4, 6, 8, 10, 13]
    assert parse_heights("40") == [40]


@pytest.mark.parametrize(
    ("option", "value", "needle"),
    [
        ("--trials", "0", "--trials must be a whole number from 1 to 100,000, got '0'"),
        ("--trials", "-5", "--trials must be a whole number from 1 to 100,000, got '-5'"),
        ("--trials", "100001", "--trials must be a whole number from 1 to 100,000"),
        ("--trials", "lots", "--trials must be a whole number from 1 to 100,000, got 'lots'"),
        ("--trials", "2.5", "--trials must be a whole number from 1 to 100,000, got '2.5'"),
        ("--jobs", "0", "--jobs must be a whole number from 1 to 256, got '0'"),
        ("--jobs", "-1", "--jobs must be a whole number from 1 to 256"),
        ("--jobs", "9" * 400, "--jobs must be a whole number from 1 to 256"),
        ("--jobs", "all", "--jobs must be a whole number from 1 to 256, got 'all'"),
        ("--seed", "-1", "--seed must be a whole number from 0 to 9,223,372,036,854,775,807, got '-1'"),
        ("--seed", "9" * 30, "--seed must be a whole number from 0 to"),
        ("--seed", "seven", "--seed must be a whole number from 0 to"),
        ("--care", "", "--care is empty"),
        ("--care", "normal,,careful", "has an empty item (a stray comma?); the levels are careful, normal, hurried"),
        ("--care", "wobbly", "unknown care level 'wobbly' (valid: careful, normal, hurried)"),
        ("--care", "normal,normal", "care level 'normal' is given twice"),
    ],
)
def test_each_bad_tower_sweep_option_is_one_sentence_naming_it_and_its_range_with_exit_code_2(
    option, value, needle, capsys
):
    from spacegits_sim.cli import main

    assert main(["towers", "--heights", "1", option, value]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: {needle}" or (err.startswith("error: ") and needle in err), err
    assert "\n" not in err and "Traceback" not in err and "usage:" not in err


def test_a_bad_seed_is_refused_before_the_tower_bench_opens(capsys, monkeypatch):
    import spacegits_sim.render.bench as bench
    from spacegits_sim.cli import main

    monkeypatch.setattr(bench, "run_bench", lambda args: pytest.fail("the bench opened"))
    assert main(["towers", "--view", "--seed", "-1"]) == 2
    assert "--seed must be a whole number" in capsys.readouterr().err


# ---------------------------------------------------------------- paths


def test_a_scenario_cannot_name_a_gang_outside_its_folder(tmp_path):
    for bad in ("../../etc/passwd", "/etc/passwd"):
        sc = tmp_path / "s.yaml"
        sc.write_text(yaml.safe_dump(scenario_doc(players=[{"boss": "A", "gang": bad}, {"boss": "B", "gang": bad}])))
        with pytest.raises(DataError) as ei:
            load_scenario(sc, default_rules())
        assert "scenario's folder" in str(ei.value) and ":0:0:" not in str(ei.value)  # nothing read from it


def test_a_missing_scenario_path_is_an_error_and_a_bare_bundled_name_says_which_file(tmp_path):
    code, out, _, _ = cli("validate", str(tmp_path / "nope" / "quickstart.yaml"))
    assert code != 0 and "not found" in out
    code, out, _, _ = cli("match", "--scenario", "four_bosses.yaml", "--ai", "random", "--seed", "1", cwd=tmp_path)
    assert code == 0 and "bundled scenario" in out


def test_output_paths_are_checked_before_the_work(tmp_path):
    (tmp_path / "adir").mkdir()
    for args, needle in [
        (("match", "--json", str(tmp_path / "adir")), "is a folder"),
        (("tournament", "--ai", "heuristic,random", "--games", "50", "--plot", str(tmp_path / "x.xyz")), ".png"),
        (("towers", "--trials", "500", "--json", str(tmp_path / "adir")), "is a folder"),
        (("watch", "--headless", "--screenshot", str(tmp_path / "b.jpg")), ".png"),
    ]:
        code, out, wall, _ = cli(*args)
        assert code == 2 and needle in out and wall < 5, (args, out)


# ---------------------------------------------------------------- replays


@pytest.fixture(scope="module")
def played():
    from spacegits_sim.matches import play_match

    return play_match(load_scenario(None, default_rules()), 11, ["heuristic", "random"])


@pytest.mark.parametrize("make", ["dir", "loop", "nested", "huge_number"])
def test_unreadable_replays_give_one_message(tmp_path, make):
    p = tmp_path / "r.json"
    if make == "dir":
        p.mkdir()
    elif make == "loop":
        p.symlink_to(p)
    elif make == "nested":
        p.write_text("[" * 100_000 + "]" * 100_000)
    else:
        p.write_text('{"format": "spacegits-replay/1", "seed": 1e999, "scenario": {}, "decisions": []}')
    with pytest.raises(DataError):
        doc = load_replay(p)
        rebuild(doc, str(p))


@pytest.mark.parametrize("seed", ["abc", 1e999, None, [1], True, -1])
def test_a_replay_seed_that_is_not_a_whole_number_is_refused(played, seed):
    doc = replay_doc(played)
    doc["seed"] = seed
    with pytest.raises(DataError) as ei:
        rebuild(doc)
    assert "seed" in str(ei.value)


@pytest.mark.parametrize("options", [{"max_models": "many"}, {"nope": 1}, {"deploy_distance_in": -3}])
def test_replay_options_are_checked_like_a_scenario_s(played, options):
    doc = replay_doc(played)
    doc["options"] = options
    with pytest.raises(DataError):
        rebuild(doc)


@pytest.mark.parametrize(
    "edit,part",
    [
        (lambda d: d["scenario"]["terrain"][0]["polygon"].__setitem__(0, [1.5, 2.0]), "scenario"),
        (lambda d: d["scenario"]["terrain"].pop(), "scenario"),
        (lambda d: d["scenario"].__setitem__("cap_budget", 24), "scenario"),
        (lambda d: d["scenario"]["players"][0]["gang"]["gits"][0].__setitem__("weapons", ["rifle"]), "scenario"),
        (lambda d: d["options"].__setitem__("dice_tray", False), "options"),
        (lambda d: d["binding"].__setitem__("version", "0.0.1"), "version"),
    ],
)
def test_a_replay_binds_what_decides_the_game_and_verify_says_which_part_differs(played, edit, part):
    doc = replay_doc(played)
    edit(doc)
    v = rebuild(doc)
    assert not v.ok and part in v.message, v.message


def test_a_replay_played_under_other_house_rules_does_not_verify(played, tmp_path):
    house = tmp_path / "h.yaml"
    house.write_text(yaml.safe_dump({"kind": "weapons", "entries": [{"id": "pistol", "range": 9}]}))
    v = rebuild(replay_doc(played), rules=load_rules([house]))
    assert not v.ok and "rules data" in v.message


# ---------------------------------------------------------------- atomic saves


def test_a_failed_second_save_leaves_the_first_save_whole(played, tmp_path, monkeypatch):
    from spacegits_sim.rules.replay import save_replay

    path = tmp_path / "save.json"
    save_replay(played, path)
    first = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        save_replay(played, path, {"second": True})
    assert path.read_bytes() == first and [p.name for p in tmp_path.iterdir()] == ["save.json"]


SAVER = """
import json, sys
sys.path.insert(0, {root!r})
from spacegits_sim.atomic import write_atomic
doc = json.loads(open({src!r}).read())
i = 0
while True:
    doc["meta"] = {{"save": i}}
    write_atomic({dst!r}, json.dumps(doc))
    i += 1
"""


def kill_saves(tmp_path: Path, kills: int, played) -> int:
    """Kill a process that saves a replay over and over at random moments; count good files."""
    import random

    from spacegits_sim.rules.replay import save_replay

    src, dst = tmp_path / "src.json", tmp_path / "dst.json"
    save_replay(played, src)
    script = tmp_path / "saver.py"
    script.write_text(SAVER.format(root=str(ROOT), src=str(src), dst=str(dst)))
    rnd = random.Random(7)
    good = 0
    for _ in range(kills):
        proc = subprocess.Popen([sys.executable, str(script)])
        time.sleep(0.06 + rnd.random() * 0.25)
        proc.kill()
        proc.wait()
        if dst.exists():
            load_replay(dst)  # raises if a kill ever left a broken file
            good += 1
    return good


def test_killing_a_saving_process_never_leaves_an_unloadable_save(played, tmp_path):
    assert kill_saves(tmp_path, 12, played) >= 6


@pytest.mark.slow
def test_killing_a_saving_process_a_hundred_times_never_leaves_an_unloadable_save(played, tmp_path):
    assert kill_saves(tmp_path, 120, played) >= 100


def test_a_hot_seat_save_that_fails_is_shown_and_the_game_goes_on(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from helpers import match

    from spacegits_sim.render.hotseat import HotseatApp

    m = match([[ORC], [ORC]], {"a1": (5, 5), "b1": (20, 20)})
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    app = HotseatApp(lambda seed: (m, [None, None]), 1, {0, 1}, save_path=str(blocker / "save.json"))
    assert app.save() is None and "could not save" in app.message and app.match.pending is not None


def test_saved_json_outputs_are_complete_files(tmp_path):
    out = tmp_path / "m.json"
    code, text, _, _ = cli("match", "--seed", "3", "--ai", "random", "--json", str(out))
    assert code == 0, text
    assert json.loads(out.read_text())["seed"] == 3 and [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_a_table_too_small_to_deploy_on_is_a_clear_error_not_a_walkover():
    from spacegits_sim.rules.engine import Match

    sc = scenario_from_doc(
        scenario_doc(table={"width_in": 6, "height_in": 6}, options={"deploy_distance_in": 4.0}),
        "<tiny>",
        default_rules(),
    )
    with pytest.raises(DataError) as ei:
        Match(sc)
    assert "no room to deploy" in str(ei.value)


def test_validate_checks_every_file_even_after_a_bad_one(tmp_path):
    bad, good = tmp_path / "bad.yaml", tmp_path / "good.yaml"
    bad.write_text("name: G\ngits:\n  - {type: [orc], name: X}\n")
    good.write_text("name: G\ngits:\n  - {type: orc, name: X}\n")
    code, out, _, _ = cli("validate", str(bad), str(good))
    assert code == 1 and "bad.yaml" in out and "ok" in out and "good.yaml" in out


def test_an_unreachable_dask_scheduler_is_one_message_after_its_timeout():
    from spacegits_sim.tournament import SchedulerError, connect

    t0 = time.perf_counter()
    with pytest.raises(SchedulerError, match="no Dask scheduler answered"):
        connect("tcp://127.0.0.1:1", timeout_s=1.0)
    assert time.perf_counter() - t0 < 5


def test_tls_for_dask_needs_a_tls_address_and_all_three_files(tmp_path):
    code, out, _, _ = cli("tournament", "--ai", "heuristic,random", "--scheduler", "tcp://h:1", "--tls-cert", "x")
    assert code == 2 and "TLS needs" in out


def test_a_file_too_big_to_be_a_scenario_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(50 * 1024 * 1024)  # 50 MB (sparse: nothing to read)
    code, out, wall, peak = cli("validate", str(big))
    assert code != 0 and "bytes" in out and wall < 5 and peak < 200


def test_an_atomically_written_file_gets_the_usual_permissions(tmp_path):
    from spacegits_sim.atomic import write_atomic

    mask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.json", "{}")
        assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o644
        os.chmod(tmp_path / "a.json", 0o600)
        write_atomic(tmp_path / "a.json", "{}")  # an existing file keeps its mode
        assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(mask)


def test_a_bug_prints_one_line_and_leaves_a_report_naming_the_options(tmp_path, monkeypatch, capsys):
    import spacegits_sim.cli.match as match_cmd
    from spacegits_sim.cli import main

    def boom(*a, **k):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(match_cmd, "play_match", boom)
    monkeypatch.chdir(tmp_path)
    assert main(["match", "--seed", "9", "--ai", "random"]) == 70
    err = capsys.readouterr().err
    assert "internal error" in err and "Traceback" not in err
    (report,) = (tmp_path / "out").glob("bug-report-*.txt")
    text = report.read_text()
    assert "'seed': 9" in text and "ZeroDivisionError" in text


def seed_twice(text: str) -> str:
    """A JSON document's first object with its "seed" given a second time (as a hand edit would)."""
    doc = json.loads(text)
    assert "seed" in doc
    return text.replace('"seed":', '"seed": 99, "seed":', 1) if '"seed":' in text else text


def test_a_key_given_twice_in_a_replay_is_refused_naming_the_file_and_the_key(tmp_path, capsys):
    """json.loads keeps the last "seed" silently: a hand-edited replay would re-run another
    match than the one its first "seed" names. Refused, as YAML files are."""
    from spacegits_sim.cli import main
    from spacegits_sim.rules.engine import Match
    from spacegits_sim.rules.replay import save_replay

    path = tmp_path / "m.replay"
    save_replay(Match(load_scenario(ROOT / "scenarios" / "quickstart.yaml", default_rules()), seed=3), path)
    path.write_text(seed_twice(path.read_text()))
    assert main(["replay", str(path), "--verify"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{path}" in err and "key 'seed' is given twice" in err and "Traceback" not in err, err


def test_a_key_given_twice_in_a_campaign_file_or_at_any_depth_of_json_is_refused(tmp_path):
    from spacegits_sim.campaign import folder as camp
    from spacegits_sim.data.jsonio import DuplicateKeyError, loads_strict

    with pytest.raises(DuplicateKeyError, match="key 'a' is given twice"):
        loads_strict('{"b": {"a": 1, "a": 2}}')  # at any depth
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / camp.FILE).write_text('{"format": "spacegits-campaign/1", "seed": 1, "seed": 2}')
    with pytest.raises(DataError, match="key 'seed' is given twice"):
        camp.load(folder, default_rules())

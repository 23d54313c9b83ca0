"""Issue 28, point 10: the command line helps a new player back on track — a misspelt option gets
"did you mean", a misspelt weapon the nearest one and the whole list, a git with no name is told
what it will be called, and piped tables are not cut at 80 columns."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from spacegits_sim.cli import build_parser
from spacegits_sim.data import DataError, default_rules
from spacegits_sim.rules.gangs import gang_from_doc

CLI = [sys.executable, "-m", "spacegits_sim"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.run([*CLI, *args], capture_output=True, text=True, cwd=ROOT, env=env)


def test_a_misspelt_option_gets_did_you_mean(capsys):
    with pytest.raises(SystemExit) as ei:
        build_parser().parse_args(["play", "--sead", "3"])
    assert ei.value.code == 2
    assert "unrecognized arguments: --sead 3 (did you mean --seed?)" in capsys.readouterr().err


def test_an_option_nothing_is_close_to_gets_no_guess(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--zzzzzz"])
    assert "did you mean" not in capsys.readouterr().err


def test_an_unknown_weapon_names_the_nearest_and_lists_the_valid_ones():
    rules = default_rules()
    with pytest.raises(DataError) as ei:
        gang_from_doc({"name": "X", "gits": [{"type": "orc", "name": "A", "weapons": ["rifel"]}]}, "g.yaml", rules)
    text = str(ei.value)
    assert "g.yaml" in text and "git #1 'A'" in text and "'weapons'" in text
    assert "unknown weapon 'rifel' (did you mean 'rifle'? valid: " in text
    assert all(w in text for w in rules.weapons)


def test_a_git_without_a_name_validates_with_a_note_naming_its_default(tmp_path: Path):
    """Decision: no `name:` is not an error; the git is called after its type and place
    ("Orc 2"), as it always was — and validate now says so instead of passing silently."""
    gang = tmp_path / "gang.yaml"
    gang.write_text(yaml.safe_dump({"name": "G", "gits": [{"type": "orc", "name": "Grunk"}, {"type": "orc"}]}))
    out = run("validate", str(gang))
    assert out.returncode == 0, out.stderr
    assert "git #2 has no name: it plays as 'Orc 2'" in " ".join(out.stderr.split())
    assert "git #1" not in out.stderr


def test_piped_tables_are_not_truncated(tmp_path: Path):
    """Piped (not a terminal), `campaign status` prints whole words, not "activat…"."""
    folder = tmp_path / "c"
    assert run("campaign", "new", str(folder), "--seed", "4").returncode == 0
    out = run("campaign", "status", str(folder))
    assert out.returncode == 0, out.stderr
    assert "…" not in out.stdout and "attitude" in out.stdout and "treatments" in out.stdout


def test_a_file_of_another_game_is_named_with_the_command_that_checks_it():
    """Playtest 2026-12-05: the Quick Start checked as a road race got twelve "unknown field"
    lines naming a car's fields. One line now says whose file it is and how to check it."""
    out = run("validate", "--ruleset", "roadrace", "scenarios/quickstart.yaml")
    text = " ".join(out.stderr.split())
    assert out.returncode == 1
    assert "not a Road Race file: it is a Space Gits file (scenario 'Quick Start'" in text
    assert "spacegits validate --ruleset spacegits scenarios/quickstart.yaml" in text
    assert "unknown field" not in text and "Traceback" not in text


def test_an_empty_file_is_told_it_is_empty(tmp_path: Path):
    empty = tmp_path / "gang.yaml"
    empty.write_text("# nothing yet\n")
    out = run("validate", str(empty))
    assert out.returncode == 1
    assert "the file is empty: there is no Space Gits file to check" in " ".join(out.stderr.split())


def test_a_mapping_of_no_known_shape_is_told_the_three_shapes_of_a_space_gits_file(tmp_path: Path):
    odd = tmp_path / "odd.yaml"
    odd.write_text("foo: 1\nbar: [1]\n")
    out = run("validate", str(odd))
    text = " ".join(out.stderr.split())
    assert out.returncode == 1
    assert "a gang has 'gits', a scenario 'players', house rules 'kind' and 'entries'; this file has bar, foo" in text


@pytest.mark.parametrize("ruleset", ["gangfight", "roadrace"])
def test_closing_a_hot_seat_window_mid_game_is_said_plainly_not_as_an_empty_error(ruleset, monkeypatch, capsys):
    """Playtest 2026-12-05: Esc in a Gangfight or road-race hot-seat game printed "error: " with
    nothing after it and exited 1. Closing the window is a choice: said so, exit 0."""
    import types

    import spacegits_sim.cli.play as play

    class App:
        def __init__(self, make, seed, humans, save_path=None):  # noqa: ARG002 - HotseatApp's signature
            self.match, _ctrl = make(seed)  # the real game, at its first question
            self.message = ""

    fake = types.SimpleNamespace(has_display=lambda: True, HotseatApp=App, run_hotseat=lambda app: None)
    monkeypatch.setattr(play, "window_module", lambda rs, kind="watch": fake)
    args = build_parser().parse_args(["play", "--ruleset", ruleset, "--seats", "human,heuristic", "--seed", "3"])
    assert play.cmd_play(args) == 0
    out = capsys.readouterr()
    assert "error" not in out.err
    assert "window closed before the end; the game was not saved" in " ".join(out.out.split())

"""The ruleset seam: rulesets by id, replays that name theirs, and what every ruleset owes the
shared layer (its handlers cover its data; its games drive through the generic protocol)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar  # (module level: dataclasses resolve string annotations here)

import pytest

from spacegits_sim.data.errors import DataError
from spacegits_sim.play import registry
from spacegits_sim.play.handlers import HandlerRegistry, coverage
from spacegits_sim.play.protocol import Choice, Simultaneous
from spacegits_sim.play.random_ai import RandomController
from spacegits_sim.play.replay import load_replay, rebuild, replay_doc, ruleset_of


@pytest.mark.parametrize("rid", registry.ids())
def test_every_id_a_rulesets_data_names_has_a_handler_and_every_handler_an_id(rid):
    """The data<->handler coverage, per ruleset (a ruleset that keys nothing by id says None)."""
    rs = registry.get(rid)
    cov = rs.handler_coverage(rs.load_rules())
    if cov is not None:
        assert cov.ok, f"{rid}: missing handlers {cov['missing'][:10]}, handlers no data names {cov['orphans'][:10]}"


def test_coverage_finds_a_missing_and_an_orphan_handler():
    reg: HandlerRegistry[object] = HandlerRegistry("test")
    reg["gear"] = {"hat": object, "cape": object}
    cov = coverage(reg, {"gear": ["hat", "boots"]})
    assert cov["missing"] == [("gear", "boots")] and cov["orphans"] == [("gear", "cape")] and not cov.ok


def test_two_rulesets_registries_are_separate_namespaces():
    from spacegits_sim.rules.effects import REGISTRY

    other: HandlerRegistry[object] = HandlerRegistry("other")
    other.setdefault("gear", {})["megaphone"] = object
    assert REGISTRY.ruleset == "spacegits" and REGISTRY["gear"]["megaphone"] is not object


def test_an_unknown_ruleset_is_a_clear_error_naming_the_known_ones():
    with pytest.raises(registry.UnknownRuleset, match="known: .*spacegits"):
        registry.get("chess")


@pytest.mark.parametrize("rid", registry.ids())
def test_a_random_game_of_every_ruleset_runs_to_the_end_through_the_generic_protocol(rid):
    """Everything above a ruleset answers its requests by the generic kinds alone."""
    rs = registry.get(rid)
    rules = rs.load_rules()
    sc = rs.load_scenario(rs.default_scenario(), rules)
    g = rs.new_game(sc, rules, seed=3)
    g.play([RandomController(3, i) for i in range(rs.seats(sc))])
    out = rs.outcome(g)
    assert g.over and len(out.scores) == rs.seats(sc) and all(0 <= w < rs.seats(sc) for w in out.winners)
    assert g.events[0].kind == rs.first_event_kind


def test_a_replay_names_its_ruleset_and_an_old_one_without_the_field_is_space_gits(tmp_path):
    from spacegits_sim.matches import play_match

    rs = registry.get("spacegits")
    sc = rs.load_scenario(None)
    m = play_match(sc, 5, ["random", "random"], ruleset=rs)
    doc = replay_doc(m, rs)
    assert doc["ruleset"] == "spacegits"
    old = {k: v for k, v in doc.items() if k != "ruleset"}
    path = tmp_path / "old.replay.json"
    path.write_text(json.dumps(old))
    loaded = load_replay(path)
    assert ruleset_of(loaded).id == "spacegits" and rebuild(loaded, str(path)).ok


def test_a_replay_naming_an_unknown_ruleset_is_refused_with_the_field_named(tmp_path):
    path = tmp_path / "x.replay.json"
    path.write_text(
        json.dumps({"format": "spacegits-replay/1", "ruleset": "chess", "seed": 1, "scenario": {}, "decisions": []})
    )
    with pytest.raises(DataError, match="ruleset"):
        load_replay(path)


def test_a_simultaneous_request_is_asked_part_by_part_and_checked_whole():
    class Toss(Simultaneous):
        kind = "toss"
        noun = "call"

        @property
        def part_options(self) -> tuple[str, ...]:
            return ("heads", "tails")

    req = Toss(0, (0, 1))
    assert isinstance(req.part(1), Choice) and req.part(1).boss == 1 and req.part(1).options == ("heads", "tails")
    assert req.check(["heads", "tails"]) == ("heads", "tails")
    with pytest.raises(ValueError, match="one call per boss"):
        req.check(("heads",))


def test_a_toy_game_on_gamebase_checks_answers_logs_and_chains_its_checksums():
    """What a new ruleset inherits from play.game.GameBase: an illegal answer changes nothing,
    each decision records the chain link after it, and play() asks a Simultaneous by parts."""
    from spacegits_sim.play.events import Event, checksum, digest
    from spacegits_sim.play.game import GameBase
    from spacegits_sim.play.protocol import IllegalDecision

    @dataclass
    class Called(Event):
        kind: ClassVar[str] = "called"
        calls: tuple[str, ...] = ()

    @dataclass(frozen=True)
    class Call(Simultaneous):
        kind: ClassVar[str] = "call"
        options: tuple[str, ...] = ("odd", "even")

    class Toy(GameBase):
        def __init__(self) -> None:
            self.init_log(7, {"seed": "7"})
            self.start(self.flow())

        def flow(self):  # type: ignore[no-untyped-def]
            calls = yield Call(0, (0, 1))
            self.emit(Called(calls))
            yield Choice(1, ("stop",))

    g = Toy()
    assert g._hash == digest({"seed": "7"}) and g.pending.kind == "call"
    with pytest.raises(IllegalDecision):
        g.answer(("odd", "seven"))
    assert g.pending.kind == "call" and not g.events and not g.decisions
    g.play([RandomController(7, 0), RandomController(7, 1)])
    assert g.over and [d[0] for d in g.decisions] == ["call", "choice"] and g.events[0].kind == "called"
    first = checksum(g.events, 0, digest({"seed": "7"}))  # the chain starts from the binding
    assert [d[2] for d in g.decisions] == [first, checksum(g.events, 1, first)]


def test_the_cli_picks_the_ruleset_by_id_and_refuses_an_unknown_one_in_one_line():
    import subprocess
    import sys

    from conftest import ROOT

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "spacegits_sim", *args]
        return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)

    bad = run("match", "--ruleset", "chess")
    assert bad.returncode == 2 and "unknown ruleset 'chess'" in bad.stderr and "Traceback" not in bad.stderr
    ok = run("match", "--ruleset", "spacegits", "--seed", "3", "--ai", "random,random")
    assert ok.returncode == 0 and ("wins" in ok.stdout or "tie between" in ok.stdout), ok.stderr


def test_validate_never_says_a_plain_ok_for_a_file_naming_what_does_not_play(tmp_path, monkeypatch, capsys):
    """Never silent: a file that loads but names something the engine does not simulate gets its
    warnings, the ruleset's own page that lists what does not play, and a 'valid, N not simulated'
    verdict instead of 'ok'; a file with nothing unsimulated gets 'ok'."""
    import argparse

    from spacegits_sim.cli import validate as cli_validate
    from spacegits_sim.data.errors import Problem

    class Stub:
        unsimulated_doc = "docs/stub.md"

        def validate(self, path, house, options):  # noqa: ARG002 - the protocol's
            warns = [Problem(str(path), "entry", "field", "NOT SIMULATED: a stub rule")] if "warn" in path.name else []
            return (f"stub file {path.name}", warns)

    monkeypatch.setattr(cli_validate, "ruleset_option", lambda _v: Stub())
    warned, clean = tmp_path / "warn.yaml", tmp_path / "clean.yaml"
    for f in (warned, clean):
        f.write_text("a: 1\n")
    rc = cli_validate.cmd_validate(
        argparse.Namespace(ruleset=None, files=[str(warned), str(clean)], house=[], budget=None)
    )
    out = capsys.readouterr()
    verdicts = {ln.split(": ")[0].rsplit("/", 1)[-1]: ln for ln in out.out.splitlines() if ln.strip()}
    assert rc == 0
    assert "NOT SIMULATED: a stub rule" in out.err and "docs/stub.md" in out.err
    assert verdicts["warn.yaml"].startswith("valid, 1 not simulated"), verdicts
    assert verdicts["clean.yaml"].startswith("ok "), verdicts


@pytest.mark.parametrize("rid", registry.ids())
def test_every_rulesets_window_modules_expose_what_the_cli_calls(rid, monkeypatch):
    """The Ruleset protocol's window contract: ``window`` has Watcher, LogWatcher, run_window,
    run_headless and has_display; ``hotseat`` has HotseatApp and run_hotseat (cli/watch.py and
    cli/play.py call exactly these; a missing one was a traceback on a machine with a display)."""
    import importlib

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    rs = registry.get(rid)
    if rs.window is not None:
        w = importlib.import_module(rs.window)
        for name in ("Watcher", "LogWatcher", "run_window", "run_headless", "has_display"):
            assert callable(getattr(w, name, None)), f"{rs.window} lacks {name}"
    if rs.hotseat is not None:
        h = importlib.import_module(rs.hotseat)
        for name in ("HotseatApp", "run_hotseat"):
            assert callable(getattr(h, name, None)), f"{rs.hotseat} lacks {name}"

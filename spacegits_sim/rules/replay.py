"""Space Gits replays: the shared replay format (:mod:`spacegits_sim.play.replay`) with a Match.

A replay re-runs a match exactly (same machine, same package version) and says where it
diverges if it ever does; it is also how a hot-seat game is saved and resumed. Files are
JSON: no pickle, nothing executable. The format, the checks and the re-run are every
ruleset's; this module binds them to the Space Gits ``Match`` (its scenario, options and
events), for the engine's own callers (the hot-seat shell, campaigns, tests).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..data.errors import DataError, Problem
from ..data.rules_data import RulesData, default_rules
from ..play.events import BINDING_PARTS, binding_differences
from ..play.replay import (
    FORMAT,
    MAX_REPLAY_BYTES,
    MAX_REPLAY_DEPTH,
    MAX_REPLAY_VALUES,
    Verdict,
    checked_seed,
    decode_log,
    document,
    load_replay,
    rerun,
    write_doc,
)
from . import events as ev
from .engine import Match
from .scenario import Scenario, _options, scenario_from_doc, scenario_to_doc

__all__ = [
    "BINDING_PARTS",
    "FORMAT",
    "MAX_REPLAY_BYTES",
    "MAX_REPLAY_DEPTH",
    "MAX_REPLAY_VALUES",
    "RULESET",
    "Verdict",
    "binding_differences",
    "events_from_doc",
    "load_replay",
    "rebuild",
    "replay_doc",
    "save_replay",
    "scenario_to_doc",
]

RULESET = "spacegits"


def replay_doc(match: Match, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay as fresh plain data (a deep copy: editing it never touches the match)."""
    import json

    doc: dict[str, Any] = json.loads(json.dumps(document(match, RULESET, scenario_to_doc(match.scenario), meta)))
    return doc


def save_replay(match: Match, path: Path | str, meta: dict[str, Any] | None = None) -> None:
    """Write the replay atomically: the file is the old one or the whole new one, never half."""
    write_doc(document(match, RULESET, scenario_to_doc(match.scenario), meta), path)


def events_from_doc(doc: dict[str, Any], label: str = "<replay>") -> list[ev.Event]:
    """The event log a replay carries (enough to draw the match without re-simulating it)."""
    return decode_log(doc, label, ev.from_dict, ev.MatchStarted.kind)


def _checked_start(doc: dict[str, Any], label: str, rules: RulesData) -> tuple[Scenario, int, dict[str, Any]]:
    """The scenario, seed and options a replay starts from, each checked. Raises DataError."""
    seed = checked_seed(doc, label)
    raw_options = doc.get("options") or {}
    problems: list[Problem] = []
    options = _options(raw_options, label, problems)
    sc = scenario_from_doc(doc["scenario"], f"{label} (scenario)", rules)
    if problems:
        raise DataError(problems)
    return sc, seed, {k: options[k] for k in raw_options if isinstance(raw_options, dict) and k in options}


def match_from_doc(doc: dict[str, Any], label: str = "<replay>", rules: RulesData | None = None) -> Match:
    """The match a replay starts from (no decision answered yet). Raises DataError."""
    rules = rules or default_rules()
    sc, seed, options = _checked_start(doc, label, rules)
    return Match(sc, rules, seed=seed, options=options)


def rebuild(
    doc: dict[str, Any],
    label: str = "<replay>",
    rules: RulesData | None = None,
    upto: int | None = None,
    verify: bool = True,
) -> Verdict:
    """Re-run a replay's decisions; stop at the first divergence (kind, legality or checksum)."""
    return rerun(doc, match_from_doc(doc, label, rules), upto, verify)

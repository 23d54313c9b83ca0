"""Replays: scenario, seed, version, every decision and the event-log checksum after each.

A replay re-runs a match exactly (same machine, same package version) and says where it
diverges if it ever does; it is also how a hot-seat game is saved and resumed. Files are
JSON: no pickle, nothing executable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..atomic import write_atomic
from ..data.errors import DataError, Problem, short
from ..data.rules_data import RulesData, default_rules
from ..data.yamlio import check_bounded, read_text
from . import events as ev
from .decisions import IllegalDecision
from .engine import Match
from .scenario import Scenario, _options, scenario_from_doc, scenario_to_doc

FORMAT = "spacegits-replay/1"


def replay_doc(match: Match, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay as fresh plain data (a deep copy: editing it never touches the match)."""
    doc: dict[str, Any] = json.loads(json.dumps(_replay_doc(match, meta)))
    return doc


def _replay_doc(match: Match, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": __version__,
        "seed": match.seed,
        "scenario": scenario_to_doc(match.scenario),
        "options": dict(match.options),
        "binding": dict(match.binding),
        "meta": meta or {},
        "decisions": [{"kind": k, "answer": a, "checksum": c} for k, a, c in match.decisions],
        "events": [e.to_dict() for e in match.events],
    }


def events_from_doc(doc: dict[str, Any], label: str = "<replay>") -> list[ev.Event]:
    """The event log a replay carries (enough to draw the match without re-simulating it)."""
    raw = doc.get("events")
    if not isinstance(raw, list):
        raise DataError(
            [
                Problem(
                    label,
                    None,
                    "events",
                    "this replay carries no event log (saved by an older "
                    "version?): re-run it with 'spacegits replay' and save it again",
                )
            ]
        )
    out = []
    for i, d in enumerate(raw):
        try:
            if not isinstance(d, dict):
                raise TypeError("not a mapping")
            out.append(ev.from_dict(d))
        except (KeyError, TypeError, ValueError) as e:
            raise DataError([Problem(label, f"event #{i}", "events", f"not an event of this version ({e})")]) from None
    if not out or not isinstance(out[0], ev.MatchStarted):
        raise DataError([Problem(label, "event #0", "events", "an event log starts with match_started")])
    return out


def save_replay(match: Match, path: Path | str, meta: dict[str, Any] | None = None) -> None:
    """Write the replay atomically: the file is the old one or the whole new one, never half."""
    write_atomic(path, json.dumps(_replay_doc(match, meta), separators=(",", ":")))


@dataclass
class Verdict:
    ok: bool
    decisions: int
    diverged_at: int | None
    message: str
    match: Match


MAX_REPLAY_BYTES = 256 * 1024 * 1024
MAX_REPLAY_DEPTH = 32
MAX_REPLAY_VALUES = 50_000_000
BINDING_PARTS = {
    "scenario": "the scenario (table, terrain, gangs, budget…)",
    "options": "the match options",
    "seed": "the seed",
    "rules": "the rules data (a house-rule file, or a changed assets/rules)",
    "physics": "the physics parameters (table or towers)",
    "time_costs": "the game-clock costs",
    "version": "the package version",
}


def load_replay(path: Path | str) -> dict[str, Any]:
    """A replay file's document, checked for shape (not yet re-run). Raises DataError."""
    label = str(path)
    text = read_text(path, label, MAX_REPLAY_BYTES)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError([Problem(label, None, None, f"not a replay file (bad JSON: {e})")]) from None
    except RecursionError:
        raise DataError([Problem(label, None, None, "not a replay file (nested too deeply)")]) from None
    check_bounded(doc, label, MAX_REPLAY_VALUES, MAX_REPLAY_DEPTH)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise DataError([Problem(label, None, "format", f"not a {FORMAT} file")])
    for k in ("seed", "scenario", "decisions"):
        if k not in doc:
            raise DataError([Problem(label, None, k, "missing")])
    if not isinstance(doc["decisions"], list):
        raise DataError([Problem(label, None, "decisions", "expected a list")])
    return doc


def _checked_start(doc: dict[str, Any], label: str, rules: RulesData) -> tuple[Scenario, int, dict[str, Any]]:
    """The scenario, seed and options a replay starts from, each checked. Raises DataError."""
    seed = doc.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not (0 <= seed < 2**63):
        raise DataError([Problem(label, None, "seed", f"must be a whole number from 0 to 2^63-1, got {short(seed)}")])
    raw_options = doc.get("options") or {}
    problems: list[Problem] = []
    options = _options(raw_options, label, problems)
    sc = scenario_from_doc(doc["scenario"], f"{label} (scenario)", rules)
    if problems:
        raise DataError(problems)
    return sc, seed, {k: options[k] for k in raw_options if isinstance(raw_options, dict) and k in options}


def binding_differences(recorded: Any, now: dict[str, str]) -> list[str]:
    """Which parts of what decides the game differ from those a replay was recorded with."""
    if not isinstance(recorded, dict):
        return ["the replay records no binding (saved by an older version): nothing it started from can be checked"]
    return [
        f"{BINDING_PARTS.get(k, k)} differs from the one this replay was recorded with"
        for k in now
        if recorded.get(k) != now[k]
    ]


def rebuild(
    doc: dict[str, Any],
    label: str = "<replay>",
    rules: RulesData | None = None,
    upto: int | None = None,
    verify: bool = True,
) -> Verdict:
    """Re-run a replay's decisions; stop at the first divergence (kind, legality or checksum)."""
    rules = rules or default_rules()
    sc, seed, options = _checked_start(doc, label, rules)
    m = Match(sc, rules, seed=seed, options=options)
    if verify:
        differs = binding_differences(doc.get("binding"), m.binding)
        if differs:
            return Verdict(False, 0, 0, "does not verify: " + "; ".join(differs), m)
    decisions = doc["decisions"] if upto is None else doc["decisions"][:upto]
    for i, d in enumerate(decisions):
        where = f"decision {i} of {len(doc['decisions'])}"
        if m.pending is None:
            return Verdict(False, i, i, f"diverged at {where}: the match was already over", m)
        if not isinstance(d, dict) or "kind" not in d or "answer" not in d:
            return Verdict(False, i, i, f"diverged at {where}: malformed entry", m)
        if d["kind"] != m.pending.kind:
            return Verdict(
                False,
                i,
                i,
                f"diverged at {where}: the match asks '{m.pending.kind}', the replay answers '{d['kind']}'",
                m,
            )
        try:
            m.answer(m.pending.from_json(d["answer"]))
        except (IllegalDecision, KeyError, TypeError, ValueError, IndexError) as e:
            return Verdict(False, i, i, f"diverged at {where}: the recorded answer is not legal here ({e})", m)
        if verify and d.get("checksum") != m.decisions[-1][2]:
            return Verdict(False, i, i, f"diverged at {where}: event-log checksum differs", m)
    return Verdict(True, len(decisions), None, f"all {len(decisions)} decisions verified", m)

"""Replays for every ruleset: the ruleset id, scenario, seed, version, every decision and the
event-log checksum after each, and the log itself.

A replay re-runs a game exactly (same machine, same package version) and says where it
diverges if it ever does; it is also how a hot-seat game is saved and resumed. Files are
JSON: no pickle, nothing executable. A file names its ruleset (``"ruleset": "roadrace"``);
one without the field was written before there were several and is Space Gits.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..atomic import write_atomic
from ..data.errors import DataError, Problem, short
from ..data.jsonio import DuplicateKeyError, loads_strict
from ..data.yamlio import check_bounded, read_text
from . import registry
from .events import Event, binding_differences
from .protocol import IllegalDecision
from .ruleset import Game, Ruleset

__all__ = [
    "FORMAT",
    "LEGACY_RULESET",
    "Verdict",
    "checked_seed",
    "decode_log",
    "document",
    "events_from_doc",
    "load_replay",
    "rebuild",
    "replay_doc",
    "rerun",
    "ruleset_of",
    "save_replay",
    "write_doc",
]

FORMAT = "spacegits-replay/1"  # the file format (of the spacegits program); the game is "ruleset"
LEGACY_RULESET = "spacegits"  # a file without "ruleset" predates the field: Space Gits
MAX_REPLAY_BYTES = 256 * 1024 * 1024
MAX_REPLAY_DEPTH = 32
MAX_REPLAY_VALUES = 50_000_000


def document(
    game: Game, ruleset_id: str, scenario_doc: dict[str, Any], meta: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The replay document of a game (shares its values with the game: dump it, do not edit it)."""
    return {
        "format": FORMAT,
        "ruleset": ruleset_id,
        "version": __version__,
        "seed": game.seed,
        "scenario": scenario_doc,
        "options": dict(game.options),
        "binding": dict(game.binding),
        "meta": meta or {},
        "decisions": [{"kind": k, "answer": a, "checksum": c} for k, a, c in game.decisions],
        "events": [e.to_dict() for e in game.events],
    }


def replay_doc(game: Game, ruleset: Ruleset | str, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay as fresh plain data (a deep copy: editing it never touches the game)."""
    rs = registry.get(ruleset) if isinstance(ruleset, str) else ruleset
    doc: dict[str, Any] = json.loads(json.dumps(document(game, rs.id, rs.scenario_to_doc(game.scenario), meta)))
    return doc


def save_replay(game: Game, ruleset: Ruleset | str, path: Path | str, meta: dict[str, Any] | None = None) -> None:
    """Write the replay atomically: the file is the old one or the whole new one, never half."""
    rs = registry.get(ruleset) if isinstance(ruleset, str) else ruleset
    write_doc(document(game, rs.id, rs.scenario_to_doc(game.scenario), meta), path)


def write_doc(doc: dict[str, Any], path: Path | str) -> None:
    """Write a replay document atomically (compact JSON)."""
    write_atomic(path, json.dumps(doc, separators=(",", ":")))


def ruleset_of(doc: dict[str, Any], label: str = "<replay>") -> Ruleset:
    """The ruleset a replay was recorded with (no field: Space Gits). Raises DataError."""
    rid = doc.get("ruleset", LEGACY_RULESET)
    if not isinstance(rid, str) or rid not in registry.ids():
        raise DataError(
            [Problem(label, None, "ruleset", f"{short(rid)} is not a known ruleset ({', '.join(registry.ids())})")]
        )
    return registry.get(rid)


def load_replay(path: Path | str) -> dict[str, Any]:
    """A replay file's document, checked for shape (not yet re-run). Raises DataError."""
    label = str(path)
    text = read_text(path, label, MAX_REPLAY_BYTES)
    try:
        doc = loads_strict(text)
    except json.JSONDecodeError as e:
        raise DataError([Problem(label, None, None, f"not a replay file (bad JSON: {e})")]) from None
    except DuplicateKeyError as e:
        raise DataError([Problem(label, None, e.key, f"not a replay file: {e}")]) from None
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
    ruleset_of(doc, label)
    return doc


def checked_seed(doc: dict[str, Any], label: str) -> int:
    """A replay's seed, checked (a whole number from 0 to 2^63-1). Raises DataError."""
    seed = doc.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not (0 <= seed < 2**63):
        raise DataError([Problem(label, None, "seed", f"must be a whole number from 0 to 2^63-1, got {short(seed)}")])
    return seed


def events_from_doc(doc: dict[str, Any], label: str = "<replay>", ruleset: Ruleset | None = None) -> list[Event]:
    """The event log a replay carries (enough to draw the game without re-simulating it)."""
    rs = ruleset or ruleset_of(doc, label)
    return decode_log(doc, label, rs.decode_event, rs.first_event_kind)


def decode_log(
    doc: dict[str, Any], label: str, decode: Callable[[dict[str, Any]], Event], first_kind: str
) -> list[Event]:
    """A replay's event log decoded by ``decode``; it must start with a ``first_kind`` event."""
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
            out.append(decode(d))
        except (KeyError, TypeError, ValueError) as e:
            raise DataError([Problem(label, f"event #{i}", "events", f"not an event of this version ({e})")]) from None
    if not out or out[0].kind != first_kind:
        raise DataError([Problem(label, "event #0", "events", f"an event log starts with {first_kind}")])
    return out


@dataclass
class Verdict:
    ok: bool
    decisions: int
    diverged_at: int | None
    message: str
    match: Any  # the game as far as it got (a Space Gits Match, a road race...)

    @property
    def game(self) -> Any:
        return self.match


def rebuild(
    doc: dict[str, Any],
    label: str = "<replay>",
    rules: Any = None,
    upto: int | None = None,
    verify: bool = True,
    ruleset: Ruleset | None = None,
) -> Verdict:
    """Re-run a replay's decisions; stop at the first divergence (kind, legality or checksum)."""
    rs = ruleset or ruleset_of(doc, label)
    return rerun(doc, rs.game_from_replay(doc, label, rules), upto, verify)


def rerun(doc: dict[str, Any], m: Game, upto: int | None = None, verify: bool = True) -> Verdict:
    """Answer a fresh game ``m`` with a replay's decisions, checking the binding, each request's
    kind, each answer's legality and the checksum after each; stop at the first divergence."""
    if verify:
        differs = binding_differences(doc.get("binding"), m.binding)
        adopt = getattr(m, "adopt_binding", None)  # (a game that knows older forms of its own binding)
        if differs and adopt is not None and isinstance(doc.get("binding"), dict) and adopt(doc["binding"]):
            differs = []
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

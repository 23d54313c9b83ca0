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
from ..data.errors import DataError, Problem
from ..data.rules_data import RulesData, default_rules
from . import events as ev
from .decisions import IllegalDecision
from .engine import Match
from .scenario import Scenario, scenario_from_doc

FORMAT = "spacegits-replay/1"


def scenario_to_doc(sc: Scenario) -> dict[str, Any]:
    """A scenario as plain data with inline gangs, readable back by scenario_from_doc."""
    terrain = []
    for t in sc.terrain:
        d: dict[str, Any] = {"id": t.id, "type": t.type}
        if t.polygon is not None:
            d["polygon"] = [list(p) for p in t.polygon]
        else:
            assert t.circle is not None
            d["circle"] = [list(t.circle[0]), t.circle[1]]
        terrain.append(d)
    players = []
    for p in sc.players:
        gits = []
        for g in p.gang.gits:
            gd: dict[str, Any] = {"type": g.type, "name": g.name, "weapons": list(g.weapons), "gear": list(g.gear)}
            if g.vehicle:
                gd.update(vehicle=g.vehicle, mods=list(g.mods), vehicle_weapons=list(g.vehicle_weapons))
            gits.append(gd)
        gang: dict[str, Any] = {"name": p.gang.name, "gits": gits}
        if p.gang.faction:
            gang["faction"] = p.gang.faction
        players.append({"boss": p.boss, "gang": gang})
    return {
        "name": sc.name,
        "table": {"width_in": sc.width, "height_in": sc.height},
        "timer_min": sc.timer_min,
        "cap_budget": sc.cap_budget,
        "seed": sc.seed,
        "options": dict(sc.options),
        "terrain": terrain,
        "players": players,
        "caps_per_boss": sc.caps_per_boss,
    }


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
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(_replay_doc(match, meta), separators=(",", ":")))


@dataclass
class Verdict:
    ok: bool
    decisions: int
    diverged_at: int | None
    message: str
    match: Match


def load_replay(path: Path | str) -> dict[str, Any]:
    label = str(path)
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError([Problem(label, None, None, "file not found")]) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise DataError([Problem(label, None, None, f"not a replay file (bad JSON: {e})")]) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise DataError([Problem(label, None, "format", f"not a {FORMAT} file")])
    for k in ("seed", "scenario", "decisions"):
        if k not in doc:
            raise DataError([Problem(label, None, k, "missing")])
    if not isinstance(doc["decisions"], list):
        raise DataError([Problem(label, None, "decisions", "expected a list")])
    return doc


def rebuild(
    doc: dict[str, Any],
    label: str = "<replay>",
    rules: RulesData | None = None,
    upto: int | None = None,
    verify: bool = True,
) -> Verdict:
    """Re-run a replay's decisions; stop at the first divergence (kind, legality or checksum)."""
    rules = rules or default_rules()
    sc = scenario_from_doc(doc["scenario"], f"{label} (scenario)", rules)
    m = Match(sc, rules, seed=int(doc["seed"]), options=doc.get("options"))
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

"""The event base every ruleset's log is made of: typed plain-data events, their canonical
form, the running checksum chain and the binding it starts from.

The log is the single source of "what happened": the renderer animates it, stats and
summaries count it, replays checksum it. Each event turns itself into plain data
(``to_dict``) and into a sentence a person can read (``describe``). A ruleset subclasses
:class:`Event` for its own happenings and decodes its own kinds (:func:`event_types`,
:func:`decode`): the kinds of two rulesets never meet in one table.

The checksum chain: a game's first link is the :func:`digest` of its *binding* (everything
besides the decisions that decides the game, each part hashed), and after each decision
the chain is extended by the canonical JSON of every event since the last link
(:func:`checksum`). A replay stores the link after each decision, so a divergence is found
at the first decision that differs and is never silent.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

Point = tuple[float, float]

__all__ = ["BINDING_PARTS", "Event", "Point", "canonical", "checksum", "decode", "digest", "event_types"]


@dataclass
class Event:
    kind: ClassVar[str] = "event"
    t: float = field(default=0.0, init=False)  # game clock (s) when it happened
    seq: int = field(default=0, init=False)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data. Shallow: the values are shared with the event (events hold
        only plain data, and nobody edits a logged event), so hashing a log copies nothing."""
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["kind"] = self.kind
        return d

    def describe(self, names: dict[str, str]) -> str:  # noqa: ARG002 - subclasses name pieces by ``names``
        return self.kind


def canonical(obj: Any) -> Any:
    """Round floats so checksums are stable across JSON round trips (12 significant digits)."""
    if isinstance(obj, float):
        return float(f"{obj:.12g}")
    if isinstance(obj, dict):
        return {k: canonical(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [canonical(v) for v in obj]
    return obj


def digest(obj: Any) -> str:
    """sha256 of an object's canonical JSON (sorted keys, floats to 12 significant digits)."""
    text = json.dumps(canonical(obj), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def checksum(events: list[Event], start: int = 0, prev: str = "") -> str:
    """A running hash of the log: sha256(prev + canonical JSON of each event since ``start``)."""
    h = hashlib.sha256(prev.encode())
    for e in events[start:]:
        h.update(json.dumps(canonical(e.to_dict()), sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()


#: What the usual parts of a binding mean, for "does not verify" messages (a ruleset may bind more).
BINDING_PARTS = {
    "scenario": "the scenario (table, terrain, gangs, budget…)",
    "options": "the match options",
    "seed": "the seed",
    "rules": "the rules data (a house-rule file, or a changed assets/rules)",
    "physics": "the physics parameters (table or towers)",
    "time_costs": "the game-clock costs",
    "version": "the package version",
}


def binding_differences(recorded: Any, now: dict[str, str]) -> list[str]:
    """Which parts of what decides the game differ from those a replay was recorded with."""
    if not isinstance(recorded, dict):
        return ["the replay records no binding (saved by an older version): nothing it started from can be checked"]
    return [
        f"{BINDING_PARTS.get(k, k)} differs from the one this replay was recorded with"
        for k in now
        if recorded.get(k) != now[k]
    ]


def event_types(classes: Iterable[type[Event]]) -> dict[str, type[Event]]:
    """A ruleset's kind -> event class table (each kind once)."""
    out: dict[str, type[Event]] = {}
    for c in classes:
        if c.kind in out and out[c.kind] is not c:
            raise ValueError(f"two event classes share the kind '{c.kind}'")
        out[c.kind] = c
    return out


def decode(d: dict[str, Any], types: dict[str, type[Event]]) -> Event:
    """An event back from its plain data (``to_dict``, or JSON of it). Raises KeyError/TypeError
    on data that is not an event of ``types`` (an unknown kind, missing or extra fields)."""
    cls = types[d["kind"]]
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    e = cls(**{k: v for k, v in d.items() if k in names})
    e.t = float(d["t"])
    e.seq = int(d["seq"])
    return e

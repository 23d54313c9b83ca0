"""The event base: typed, plain-data events, their canonical form and the running checksum.

The log is the single source of "what happened": the renderer animates it, stats and
summaries count it, replays checksum it. Each event turns itself into plain data
(``to_dict``) and into a sentence a person can read (``describe``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

Point = tuple[float, float]


def _r(p: Point | None) -> str:
    return "off the table" if p is None else f"({p[0]:.1f}, {p[1]:.1f})"


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

    def describe(self, names: dict[str, str]) -> str:
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

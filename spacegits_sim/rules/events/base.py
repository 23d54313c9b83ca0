"""The event base: typed, plain-data events, their canonical form and the running checksum.

Every ruleset's; it lives in :mod:`spacegits_sim.play.events` and is re-exported here for the
Space Gits event rooms (:mod:`.flow`, :mod:`.table`, :mod:`.combat`, :mod:`.vehicles`).
"""

from __future__ import annotations

from ...play.events import Event, Point, canonical, checksum, digest

__all__ = ["Event", "Point", "_r", "canonical", "checksum", "digest"]


def _r(p: Point | None) -> str:
    return "off the table" if p is None else f"({p[0]:.1f}, {p[1]:.1f})"

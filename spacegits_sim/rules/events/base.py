"""The event base: typed, plain-data events, their canonical form and the running checksum.

Every ruleset's; it lives in :mod:`spacegits_sim.play.events` and is re-exported here for the
Space Gits event rooms (:mod:`.flow`, :mod:`.table`, :mod:`.combat`, :mod:`.vehicles`).
"""

from __future__ import annotations

from ...play.events import Event, Point, canonical, checksum, digest

__all__ = ["Event", "Point", "_r", "canonical", "checksum", "digest", "count"]


def count(n: int, one: str, many: str | None = None) -> str:
    """ "1 die", "3 dice", "0 caps": a number and its noun agreeing (the log said "1 bullet dice",
    "scoops up 1 caps"). ``many`` the plural when it is not ``one`` + s."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def _r(p: Point | None) -> str:
    return "off the table" if p is None else f"({p[0]:.1f}, {p[1]:.1f})"

"""Invariants every match keeps at every decision: caps are conserved (machines pay back to and
out of the supply), a fallen or removed git has no tower, no base overlaps another base or solid
terrain, and every base is on the table. Used by the property tests and the long runs
(``tools/funfair_run.py``)."""

from __future__ import annotations

from typing import Any

from ..physics.table import Kind


class InvariantBroken(AssertionError):
    """An invariant of the rules did not hold: a bug."""


def check_invariants(m: Any) -> None:
    now, expected = m.caps_accounted()
    if now != expected:
        raise InvariantBroken(f"caps not conserved: {now} != {expected}")
    for mod in m.models.values():
        if (mod.fallen or not mod.in_play) and mod.tower.height != 0:
            raise InvariantBroken(f"{mod.id} is fallen/out but has a tower")
    for mod in m.models.values():
        if not mod.in_play:
            continue
        over = m.table.overlaps(mod.id, kinds=(Kind.FIGURE, Kind.TERRAIN))
        if over:
            raise InvariantBroken(f"{mod.id} overlaps {over}")
        r = m.table.figure_radius(mod.id)
        x, y = m.position(mod.id)
        if not (r - 1e-6 <= x <= m.table.width - r + 1e-6 and r - 1e-6 <= y <= m.table.height - r + 1e-6):
            raise InvariantBroken(f"{mod.id} at ({x:.3f}, {y:.3f}) hangs off the table")


class Checked:
    """Wraps a controller: checks the invariants before every decision of the match."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "checked")

    def decide(self, request: Any, match: Any) -> Any:
        check_invariants(match)
        return self.inner.decide(request, match)

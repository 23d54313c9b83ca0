"""Invariants every match keeps at every decision: caps are conserved (machines pay back to and
out of the supply), a fallen or removed git has no tower, a git aboard is in its vehicle's crew
and off the table, no base or hull overlaps another or solid terrain, and every one is wholly
on the table. Used by the property tests and the long runs
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
        if not mod.in_play and mod.tower2 is not None and mod.tower2.height != 0:
            raise InvariantBroken(f"{mod.id} is out of play but has a tower")
        if mod.aboard is not None and (mod.in_play or mod.id not in m.models[mod.aboard].crew):
            raise InvariantBroken(f"{mod.id} is aboard {mod.aboard} but not in its crew (or on the table)")
    for mod in m.models.values():
        if not mod.in_play:
            continue
        over = m.table.overlaps(mod.id, kinds=(Kind.FIGURE, Kind.TERRAIN))
        if over:
            raise InvariantBroken(f"{mod.id} overlaps {over}")
        if not m.table.figure_on_table(mod.id, 1e-6):
            x, y = m.position(mod.id)
            raise InvariantBroken(f"{mod.id} at ({x:.3f}, {y:.3f}) hangs off the table")


class Checked:
    """Wraps a controller: checks the invariants before every decision of the match."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "checked")

    def decide(self, request: Any, match: Any) -> Any:
        check_invariants(match)
        return self.inner.decide(request, match)

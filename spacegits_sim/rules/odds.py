"""Exact dice odds the rules, the handlers and the AIs share (no match needed)."""

from __future__ import annotations

__all__ = ["exact_p_at_least"]


def exact_p_at_least(sides: int, target: int) -> float:
    """P(one die of ``sides`` rolls >= target); a D3 is a D6 halved."""
    if sides == 3:
        faces = [1, 1, 2, 2, 3, 3]
        return sum(f >= target for f in faces) / 6
    return max(0, sides - max(target, 1) + 1) / sides

"""Labels that do not overlap: a small greedy placement any board's drawing shares.

Each label, in order, tries its candidate spots (its preferred spot first, then others round
its anchor, ever further out) and keeps the first that overlaps nothing already placed (the
labels before it and the ``blocks``: bases, dice); if every spot overlaps something it keeps
the one that overlaps least. Greedy and deterministic: the same picture draws the same labels.

Why a module of its own: the Space Gits hot-seat window labels its move dice this way, and
Gangfight's board labels its models (names crowded together overlapped); a ruleset's render
module may not import another ruleset's, so the placement lives here, below both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

import pygame

__all__ = ["around", "leader_end", "leader_needed", "place", "place_labels"]


def overlap(r: pygame.Rect, others: Iterable[pygame.Rect]) -> int:
    """The area ``r`` shares with ``others`` (0: it collides with none)."""
    total = 0
    for o in others:
        c = r.clip(o)
        total += c.width * c.height
    return total


def place(candidates: Iterable[Iterable[pygame.Rect]], blocks: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """One rectangle per label from its ``candidates`` (best first): the first overlapping no label
    placed before it and no block, else the least overlapping (the earliest of equals)."""
    placed: list[pygame.Rect] = []
    for spots in candidates:
        best: tuple[int, pygame.Rect] | None = None
        for r in spots:
            cost = overlap(r, [*placed, *blocks])
            if best is None or cost < best[0]:
                best = (cost, r)
            if cost == 0:
                break
        if best is None:
            raise ValueError("a label with no candidate spot")
        placed.append(best[1])
    return placed


def around(
    size: tuple[int, int], centre: tuple[int, int], radius: int, bounds: pygame.Rect, rings: int = 8, step: int = 10
) -> Iterator[pygame.Rect]:
    """Spots for a label of ``size`` beside a round base (``centre``, ``radius`` px), best first:
    right of it (where a lone label stands), above, below, left; then the same and the four
    diagonals ever further out (``step`` px a ring). Each kept inside ``bounds``."""
    w, h = size
    cx, cy = centre
    for ring in range(rings):
        d = 2 + ring * step
        e = radius + d
        spots = [(cx + e, cy - h // 2), (cx - w // 2, cy - e - h), (cx - w // 2, cy + e), (cx - e - w, cy - h // 2)]
        if ring:
            spots += [(cx + e, cy - e - h), (cx + e, cy + e), (cx - e - w, cy - e - h), (cx - e - w, cy + e)]
        for x, y in spots:
            yield pygame.Rect(x, y, w, h).clamp(bounds)


def leader_needed(r: pygame.Rect, centre: tuple[int, int], radius: int, far: int = 12) -> bool:
    """Has the label moved far enough from its base (more than ``far`` px off the base's edge) that a
    leader line should say whose it is?"""
    nx = min(max(centre[0], r.left), r.right)
    ny = min(max(centre[1], r.top), r.bottom)
    return math.hypot(nx - centre[0], ny - centre[1]) > radius + far


def leader_end(r: pygame.Rect, centre: tuple[int, int]) -> tuple[int, int]:
    """The point of plate ``r`` nearest ``centre``: where a leader line from its anchor ends."""
    return (min(max(centre[0], r.left), r.right - 1), min(max(centre[1], r.top), r.bottom - 1))


def place_labels(
    sizes: list[tuple[int, int]],
    anchors: list[tuple[int, int]],
    bounds: pygame.Rect,
    keep_clear: Sequence[tuple[int, int]] = (),
    clear_r: int = 16,
    blocks: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """Plates of ``sizes`` near their ``anchors`` (points: the hot-seat's move dice), none
    overlapping another or the circles of radius ``clear_r`` round ``keep_clear`` (the dice), all
    inside ``bounds``, nor the rectangles ``blocks`` (other words already drawn): each tries below
    its anchor, above, right, left, then ever further out round it, and takes the first free
    spot; if none is free, the one that overlaps least."""
    kept = [pygame.Rect(x - clear_r, y - clear_r, 2 * clear_r, 2 * clear_r) for x, y in keep_clear]
    kept += list(blocks)

    def spots(w: int, h: int, ax: int, ay: int) -> Iterator[pygame.Rect]:
        for ring in range(24):
            d = 18 + ring * 12
            offsets = [(0, d), (0, -d - h), (d + w // 2, -h // 2), (-d - w // 2, -h // 2)]
            if ring:
                offsets += [(d + w // 2, d), (-d - w // 2, d), (d + w // 2, -d - h), (-d - w // 2, -d - h)]
            for dx, dy in offsets:
                r = pygame.Rect(0, 0, w, h)
                r.midtop = (ax + dx, ay + dy)
                r.clamp_ip(bounds)
                yield r

    return place((spots(w, h, ax, ay) for (w, h), (ax, ay) in zip(sizes, anchors, strict=True)), kept)

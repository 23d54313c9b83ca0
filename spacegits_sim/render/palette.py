"""The bosses' colours, by seat index: the board, the legend and the campaign plots use the same
ones (pure data, no pygame, so a plot can import it)."""

from __future__ import annotations

BOSS_COLOURS = [(214, 48, 49), (41, 98, 214), (39, 160, 80), (222, 170, 20)]


def hex_colour(index: int) -> str:
    """The boss's colour as #rrggbb (matplotlib)."""
    r, g, b = BOSS_COLOURS[index % len(BOSS_COLOURS)]
    return f"#{r:02x}{g:02x}{b:02x}"

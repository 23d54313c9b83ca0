"""Window and picture helpers every shell shares (the watch app, the tower bench, a ruleset's
own window): is there a display to open, where the window sits on the screen, and a surface
saved as a PNG."""

from __future__ import annotations

import io
import os

import pygame

from ..atomic import write_atomic

__all__ = ["has_display", "save_png", "window_origin"]


def has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if os.name == "posix" and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return os.uname().sysname == "Darwin"
    return True


def window_origin() -> list[int]:
    """Where the window's top-left pixel is on the screen, for a script that clicks the screen
    (tools/*hotseat_script.py). Window pixels are not screen pixels: pygame centres its window,
    so on a screen bigger than the window every click a script aimed at window pixels missed by
    the margin (a 1400x900 X server: 60 px right, 50 down; Red's first activation never came).
    [0, 0] without a window (the dummy driver), where SDL cannot say, or on a pygame-ce older
    than 2.5 (which has no get_window_position)."""
    get = getattr(pygame.display, "get_window_position", None)
    if get is None or pygame.display.get_surface() is None:
        return [0, 0]
    try:
        x, y = get()
    except pygame.error:
        return [0, 0]
    return [int(x), int(y)]


def save_png(surf: pygame.Surface, path: str) -> None:
    """A PNG of a surface, written atomically."""
    data = io.BytesIO()
    pygame.image.save(surf, data, "png")
    write_atomic(path, data.getvalue())

"""Window and picture helpers every shell shares (the watch app, the tower bench, a ruleset's
own window): is there a display to open, and a surface saved as a PNG."""

from __future__ import annotations

import io
import os

import pygame

from ..atomic import write_atomic

__all__ = ["has_display", "save_png"]


def has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if os.name == "posix" and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return os.uname().sysname == "Darwin"
    return True


def save_png(surf: pygame.Surface, path: str) -> None:
    """A PNG of a surface, written atomically."""
    data = io.BytesIO()
    pygame.image.save(surf, data, "png")
    write_atomic(path, data.getvalue())

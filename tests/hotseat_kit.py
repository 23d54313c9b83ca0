"""Shared set-up of the hot-seat window tests added on 2026-12-05 (test_hotseat_range, _arcs,
_deploy, _previews): SDL's dummy drivers, and pygame's display and fonts started for every test.
SDL reads the drivers when the display starts, so the order of imports does not matter. The
four files each carried the same dozen lines."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _pygame():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    yield

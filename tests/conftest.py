"""Shared fixtures: paths to the repo, the rulebook text and the shipped rules."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "tests" / "fixtures" / "space-gits-rulebook.txt"


@pytest.fixture(scope="session")
def rules():
    from spacegits_sim.data import load_rules

    return load_rules()


@pytest.fixture(autouse=True)
def _temporary_files_in_tmp_path(tmp_path, monkeypatch):
    """Every ``tempfile`` directory or file a test (or the code under it) makes lands in the
    test's own ``tmp_path``, which pytest removes after a few runs: the hot-seat tests' save
    files had left 800 ``sg_hs_*`` directories in /tmp."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))


@pytest.fixture
def window():
    """A real pygame display (SDL's dummy driver when no other is set) for the choice screens:
    (pygame, the display surface); pygame is shut down after the test."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    surface = pygame.display.set_mode((1280, 800))
    yield pygame, surface
    pygame.quit()

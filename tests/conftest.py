"""Shared fixtures: paths to the repo, the rulebook text and the shipped rules."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "tests" / "fixtures" / "space-gits-rulebook.txt"


@pytest.fixture(scope="session")
def rules():
    from spacegits_sim.data import load_rules

    return load_rules()

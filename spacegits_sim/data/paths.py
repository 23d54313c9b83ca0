"""Where the shipped YAML lives, in a source checkout and in an installed wheel.

The wheel carries ``assets/`` and ``scenarios/`` as ``spacegits_sim/assets`` and
``spacegits_sim/scenarios`` (see pyproject's package-dir); a source checkout or an editable
install finds them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent


def _first(*candidates: Path) -> Path:
    for c in candidates:
        if c.is_dir():
            return c
    return candidates[0]


def assets_dir() -> Path:
    return _first(_PKG / "assets", _PKG.parent / "assets")


def scenarios_dir() -> Path:
    return _first(_PKG / "scenarios", _PKG.parent / "scenarios")


def rules_dir() -> Path:
    return assets_dir() / "rules"


def physics_dir() -> Path:
    return assets_dir() / "physics"

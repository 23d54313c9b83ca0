"""Reading YAML safely: a safe loader only, and syntax errors turned into a Problem with a line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError, Problem


def read_yaml(path: Path | str, label: str | None = None) -> Any:
    """Parse a YAML file with ``yaml.safe_load``; a bad file raises :class:`DataError`."""
    path = Path(path)
    label = label or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([Problem(label, None, None, "file not found")]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise DataError([Problem(label, None, None, f"cannot read file: {e}")]) from None
    return parse_yaml_text(text, label)


def parse_yaml_text(text: str, label: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        pos = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "unknown position"
        raise DataError([Problem(label, None, None, f"YAML syntax error at {pos}: {e.problem}")]) from None
    except yaml.YAMLError as e:
        raise DataError([Problem(label, None, None, f"YAML error: {e}")]) from None

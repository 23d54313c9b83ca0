"""Physics parameters: typed views of assets/physics/*.yaml with clear errors for bad overrides.

Why typed and validated: tower tuners edit these numbers by hand (``--params``, ``--set``);
a typo must produce one line naming the parameter and listing the valid names, never a
silently ignored key or a traceback deep in pymunk.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..data.errors import DataError, Problem
from ..data.paths import physics_dir
from ..data.yamlio import parse_yaml_text, read_yaml


class ParamError(ValueError):
    """A bad parameter name or value; the message is one line a user can act on."""


def flat_names(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"carry": {"normal": {"speed_mm_s": 1}}}`` → ``{"carry.normal.speed_mm_s": 1}``."""
    out: dict[str, Any] = {}
    for k, v in tree.items():
        name = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out.update(flat_names(v, name + "."))
        else:
            out[name] = v
    return out


def apply_override(tree: dict[str, Any], name: str, value: Any, defaults: Mapping[str, Any]) -> None:
    """Set a dotted ``name`` in ``tree`` after checking it exists in ``defaults`` and the type fits."""
    valid = flat_names(defaults)
    if name not in valid:
        raise ParamError(f"unknown parameter '{name}'. Valid names: {', '.join(sorted(valid))}")
    old = valid[name]
    if isinstance(old, (int, float)) and not isinstance(old, bool):
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                raise ParamError(f"parameter '{name}' needs a number, got '{value}'") from None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ParamError(f"parameter '{name}' needs a number, got {value!r}")
        if value < 0:
            raise ParamError(f"parameter '{name}' must not be negative, got {value}")
        value = float(value)
    node = tree
    parts = name.split(".")
    for p in parts[:-1]:
        node = node[p]
    node[parts[-1]] = value


def parse_set(expr: str) -> tuple[str, Any]:
    """``"friction_die_die=0.3"`` → ``("friction_die_die", "0.3")``."""
    if "=" not in expr:
        raise ParamError(f"--set needs name=value, got '{expr}'")
    name, _, value = expr.partition("=")
    return name.strip(), value.strip()


def load_params(
    kind: str, overrides: Mapping[str, Any] | None = None, params_file: Path | str | None = None
) -> dict[str, Any]:
    """Defaults from ``assets/physics/<kind>.yaml``, then a user file, then ``name=value`` overrides."""
    defaults = _defaults(kind)
    tree = copy.deepcopy(defaults)
    if params_file is not None:
        try:
            doc = read_yaml(params_file)
        except DataError as e:
            raise ParamError(str(e.problems[0])) from None
        if not isinstance(doc, Mapping):
            raise ParamError(f"{params_file}: expected a mapping of parameter: value")
        for name, value in flat_names(doc).items():
            try:
                apply_override(tree, name, value, defaults)
            except ParamError as e:
                raise ParamError(f"{params_file}: {e}") from None
    for name, value in (overrides or {}).items():
        apply_override(tree, name, value, defaults)
    return tree


_DEFAULTS: dict[str, dict[str, Any]] = {}


def _defaults(kind: str) -> dict[str, Any]:
    if kind not in _DEFAULTS:
        path = physics_dir() / f"{kind}.yaml"
        try:
            doc = read_yaml(path)
        except DataError:
            raise
        if not isinstance(doc, dict):
            raise DataError([Problem(str(path), None, None, "expected a mapping")])
        _DEFAULTS[kind] = doc
    return copy.deepcopy(_DEFAULTS[kind])


def params_from_text(kind: str, text: str) -> dict[str, Any]:
    """Parse a params YAML given as text (used by tests and the tower bench)."""
    doc = parse_yaml_text(text, f"<{kind} params>")
    defaults = _defaults(kind)
    tree = copy.deepcopy(defaults)
    for name, value in flat_names(doc or {}).items():
        apply_override(tree, name, value, defaults)
    return tree

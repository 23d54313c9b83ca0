"""Physics parameters: typed views of assets/physics/*.yaml with clear errors for bad overrides.

Why typed and validated: tower tuners edit these numbers by hand (``--params``, ``--set``);
a typo must produce one line naming the parameter and listing the valid names, never a
silently ignored key or a traceback deep in pymunk.
"""

from __future__ import annotations

import copy
import difflib
import math
import re
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..data.errors import DataError, Problem, short
from ..data.paths import physics_dir
from ..data.yamlio import parse_yaml_text, read_yaml


class ParamError(ValueError):
    """A bad parameter name or value; the message is one line a user can act on."""


#: The valid range of every numeric parameter: (lowest, highest, integer). Outside these the
#: simulation is meaningless or the physics engine aborts (a zero step, a zero-size die, NaN
#: friction, a zero iteration count), so values are checked before anything is built.
#: Patterns: "*" stands for one name part (any die type, any care level).
RANGES: dict[str, dict[str, tuple[float, float, bool]]] = {
    "towers": {
        "die_size_mm": (4.0, 100.0, False),
        "die_mass_g": (0.1, 1000.0, False),
        "die_corner_radius_mm": (0.0, 10.0, False),
        "gravity_mm_s2": (1.0, 100_000.0, False),
        "friction_die_die": (0.01, 5.0, False),  # the floor's friction is set relative to it
        "friction_die_table": (0.0, 5.0, False),
        "elasticity": (0.0, 1.0, False),
        "dt_s": (1e-5, 0.01, False),
        "iterations": (1, 500, True),
        "rest_speed_mm_s": (1e-3, 100.0, False),
        "rest_window_s": (0.005, 5.0, False),
        "max_settle_s": (0.01, 60.0, False),
        "skip_margin": (0.0, 1.0, False),
        "rigid_below_dice": (2, 1000, True),
        "fall_drop_mm": (0.1, 100.0, False),
        "placement_error_mm": (0.0, 8.0, False),
        "placement_error_per_die_mm": (0.0, 1.0, False),
        "placement_error_per_drink_mm": (0.0, 2.0, False),
        "face_tilt_rad": (0.0, 0.05, False),
        "placement_drop_mm": (0.0, 20.0, False),
        "carry.*.speed_mm_s": (1.0, 5000.0, False),
        "carry.*.accel_mm_s2": (1.0, 100_000.0, False),
        "carry.*.jitter_mm_s2": (0.0, 100_000.0, False),
        "hand_variation": (0.0, 3.0, False),
        "jitter_hz": (0.1, 100.0, False),
        "rough_ground_jitter": (1.0, 20.0, False),
        "bump_stop_s": (1e-4, 1.0, False),
        "push_distance_mm": (0.0, 1000.0, False),
        "push_speed_mm_s": (1.0, 5000.0, False),
        "push_accel_mm_s2": (1.0, 100_000.0, False),
        "hit_restitution": (0.0, 1.0, False),
        "vehicle.mm_s_per_in": (1.0, 1000.0, False),
        "vehicle.accel_mm_s2": (1.0, 100_000.0, False),
        "vehicle.jitter_mm_s2": (0.0, 100_000.0, False),
    },
    "table": {
        "gravity_in_s2": (1.0, 10_000.0, False),
        "dt_s": (1e-4, 0.05, False),
        "iterations": (1, 500, True),
        "settle_speed_in_s": (1e-4, 10.0, False),
        "settle_spin_rad_s": (1e-4, 10.0, False),
        "max_settle_s": (0.1, 120.0, False),
        "low_height_in": (0.0, 24.0, False),
        "model_height_in": (0.1, 24.0, False),
        "edge_margin_in": (0.0, 6.0, False),
        "spill_keep_speed": (0.0, 1.0, False),
        "figure_mass_g": (1.0, 1000.0, False),
        "dice.*.sides": (3, 12, True),
        "dice.*.circumradius_mm": (2.0, 50.0, False),
        "dice.*.height_mm": (2.0, 50.0, False),
        "dice.*.mass_g": (0.1, 100.0, False),
        "die_friction": (0.0, 5.0, False),
        "die_spin_friction_in": (0.0, 5.0, False),
        "die_elasticity": (0.0, 1.0, False),
        "token.diameter_mm": (2.0, 100.0, False),
        "token.mass_g": (0.1, 100.0, False),
        "token.friction": (0.0, 5.0, False),
        "token.elasticity": (0.0, 1.0, False),
        "throw.hand_height_in": (0.0, 48.0, False),
        "throw.flight_speed_in_s": (1.0, 1000.0, False),
        "throw.slide_speed_min_in_s": (0.0, 500.0, False),
        "throw.slide_speed_max_in_s": (0.0, 500.0, False),
        "throw.slide_spread": (0.0, 3.0, False),
        "throw.direction_spread_rad": (0.0, 3.2, False),
        "throw.scatter_in": (0.0, 24.0, False),
        "throw.scatter_per_in": (0.0, 5.0, False),
        "token_drop.height_in": (0.0, 120.0, False),
        "token_drop.hand_spread_in": (0.0, 24.0, False),
        "token_drop.bounce": (0.0, 5.0, False),
    },
}


def valid_range(kind: str, name: str) -> tuple[float, float, bool] | None:
    """The range of a parameter (None: not a numeric parameter with a range)."""
    table = RANGES.get(kind, {})
    if name in table:
        return table[name]
    parts = name.split(".")
    for pattern, rng in table.items():
        pp = pattern.split(".")
        if len(pp) == len(parts) and all(a in ("*", b) for a, b in zip(pp, parts, strict=True)):
            return rng
    return None


def ranges_markdown() -> str:
    """docs/parameters.md: every physics parameter, its default and its valid range."""
    out = [
        "# Physics parameters and their valid ranges",
        "",
        "Generated from `spacegits_sim/physics/params.py` (`RANGES`) and `assets/physics/*.yaml` by",
        "`python tools/gen_docs.py`; do not edit by hand. Every override (`--set`, `--params`, a",
        "`Match`'s parameters) is checked against these before anything is built; outside them the",
        "simulation is meaningless or the physics engine aborts.",
    ]
    for kind in RANGES:
        out += ["", f"## {kind} (`assets/physics/{kind}.yaml`)", "", "| parameter | default | valid |", "|---|---|---|"]
        for name, value in flat_names(_defaults(kind)).items():
            rng = valid_range(kind, name)
            out.append(f"| `{name}` | {plain(value)} | {describe_range(rng) if rng else '-'} |")
    return "\n".join(out) + "\n"


def describe_range(rng: tuple[float, float, bool]) -> str:
    lo, hi, integer = rng
    return f"{'a whole number' if integer else 'a number'} from {plain(lo)} to {plain(hi)}"


def plain(value: float) -> str:
    """A number as a person writes it: ``1000000``, ``0.00001``, ``0.35``, never ``1e+06``.

    Why: a tuner who typed ``friction_die_die: 1000000`` and reads back "got 1e+06" has to
    translate the echo to recognise their own value. Only a number too long to read in plain
    decimal (over 24 characters: ``1e+300``) keeps Python's exponent form."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return str(value)
    if isinstance(value, int) or value == int(value) and abs(value) < 1e16:
        text = str(int(value))
    else:
        text = format(Decimal(repr(value)), "f")
    return text if len(text) <= 24 else repr(value)


#: A number as text (``--set`` values): digits, an optional point and exponent; no ``1_0``,
#: no hex, no words. float() alone would take "1_0" as 10 and " inf" as infinity.
_NUMBER = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


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


def apply_override(tree: dict[str, Any], name: str, value: Any, defaults: Mapping[str, Any], kind: str = "") -> None:
    """Set a dotted ``name`` in ``tree`` after checking it exists in ``defaults``, the type fits
    and the value is in the parameter's documented range (``RANGES``). A value given as text
    (``--set name=value``) is read as a number and echoed as the user wrote it."""
    valid = flat_names(defaults)
    if name not in valid:
        raise ParamError(_unknown(str(name), valid))
    old = valid[name]
    if isinstance(old, (int, float)) and not isinstance(old, bool):
        written = None  # the user's own text of the value, echoed back as they wrote it
        if isinstance(value, str):
            written = value.strip()[:40]
            if not _NUMBER.fullmatch(value.strip()):
                raise ParamError(f"parameter '{name}' needs a number, got '{written}'")
            value = float(value)
        if isinstance(value, bool):
            raise ParamError(f"parameter '{name}' needs a number, got {str(value).lower()} (a yes/no value)")
        if not isinstance(value, (int, float)):
            raise ParamError(f"parameter '{name}' needs a number, got {short(value)}")
        shown = written or plain(value)
        rng = valid_range(kind, name) if kind else None
        if not math.isfinite(value) or (rng is None and value < 0):
            raise ParamError(f"parameter '{name}' needs a finite number, got {shown}")
        if rng is not None:
            lo, hi, integer = rng
            if not (lo <= value <= hi) or (integer and value != int(value)):
                raise ParamError(f"parameter '{name}' must be {describe_range(rng)}, got {shown}")
        value = int(value) if rng is not None and rng[2] else float(value)
    node = tree
    parts = name.split(".")
    for p in parts[:-1]:
        node = node[p]
    node[parts[-1]] = value


def _unknown(name: str, valid: Mapping[str, Any]) -> str:
    """Why ``name`` is no parameter, in one sentence: a group given a value, a number given
    fields, a misspelt field of a group (its fields listed), or an unknown name (the nearest
    guessed, every name listed)."""
    shown = name[:80]
    children = sorted(n for n in valid if n.startswith(name + "."))
    if children:
        return f"'{shown}' is a group of parameters, not one: set {', '.join(children)}"
    parts = name.split(".")
    for i in range(1, len(parts)):
        head = ".".join(parts[:i])
        if head in valid:
            return f"parameter '{head}' is a number, not a group: it has no '{'.'.join(parts[i:])[:40]}'"
    group = ".".join(parts[:-1])
    siblings = sorted(n[len(group) + 1 :] for n in valid if group and n.startswith(group + "."))
    if siblings:
        near = difflib.get_close_matches(parts[-1], siblings, n=1, cutoff=0.6)
        guess = f" (did you mean '{group}.{near[0]}'?)" if near else ""
        return f"unknown parameter '{shown}'{guess}; {group} has {', '.join(siblings)}"
    near = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    guess = f" (did you mean '{near[0]}'?)" if near else ""
    return f"unknown parameter '{shown}'{guess}. Valid names: {', '.join(sorted(valid))}"


def parse_set(expr: str) -> tuple[str, Any]:
    """``"friction_die_die=0.3"`` → ``("friction_die_die", "0.3")``."""
    if "=" not in expr:
        raise ParamError(f"--set needs name=value, got '{expr[:80]}'")
    name, _, value = expr.partition("=")
    return name.strip(), value.strip()


def parse_sets(exprs: list[str] | None) -> dict[str, Any]:
    """Every ``--set name=value``; a name set twice is refused (naming both values) rather than
    the last one silently winning, as a key given twice in a params file is."""
    out: dict[str, Any] = {}
    for expr in exprs or []:
        name, value = parse_set(expr)
        if name in out:
            raise ParamError(f"--set {name[:80]} is given twice ({out[name][:40]} and {value[:40]}): keep one")
        out[name] = value
    return out


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
        _apply_file(tree, doc, defaults, kind, str(params_file))
    for name, value in (overrides or {}).items():
        apply_override(tree, name, value, defaults, kind)
    _check_consistent(kind, tree)
    return tree


def _check_consistent(kind: str, tree: Mapping[str, Any]) -> None:
    """Ranges that depend on each other."""
    if kind == "towers" and float(tree["die_corner_radius_mm"]) * 2 >= float(tree["die_size_mm"]):
        raise ParamError("parameter 'die_corner_radius_mm' must be less than half of die_size_mm")
    if kind == "table":
        t = tree["throw"]
        if float(t["slide_speed_min_in_s"]) > float(t["slide_speed_max_in_s"]):
            raise ParamError("parameter 'throw.slide_speed_min_in_s' must not exceed throw.slide_speed_max_in_s")


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
        check_defaults(kind, doc, str(path))
        _DEFAULTS[kind] = doc
    return copy.deepcopy(_DEFAULTS[kind])


def check_defaults(kind: str, doc: Mapping[str, Any], source: str) -> None:
    """The shipped defaults are checked like any override: every numeric parameter must have a
    documented range (``RANGES``) and sit inside it, so a hand edit of the YAML that leaves the
    range gets one line naming the file, the parameter and its valid range, not a strange tower."""
    for name, value in flat_names(doc).items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        rng = valid_range(kind, name)
        if rng is None:
            if kind in RANGES:
                raise ParamError(f"{source}: parameter '{name}' has no valid range in physics/params.py RANGES")
            continue
        lo, hi, integer = rng
        if not math.isfinite(value) or not (lo <= value <= hi) or (integer and value != int(value)):
            raise ParamError(f"{source}: parameter '{name}' must be {describe_range(rng)}, got {plain(value)}")
    _check_consistent(kind, doc)


def params_from_text(kind: str, text: str) -> dict[str, Any]:
    """Parse a params YAML given as text (used by tests and the tower bench)."""
    label = f"<{kind} params>"
    try:
        doc = parse_yaml_text(text, label)
    except DataError as e:
        raise ParamError(str(e.problems[0])) from None
    defaults = _defaults(kind)
    tree = copy.deepcopy(defaults)
    if doc is not None:
        _apply_file(tree, doc, defaults, kind, label)
    _check_consistent(kind, tree)
    return tree


_EXAMPLE = "e.g. friction_die_die: 0.35"


def _apply_file(tree: dict[str, Any], doc: Any, defaults: Mapping[str, Any], kind: str, label: str) -> None:
    """A params file's overrides, each checked like ``--set``; every refusal is one sentence
    naming the file. Unlike ``--set``, a value in quotes is text: a file that says
    ``"0.35"`` gets told to drop the quotes rather than be read as a number by guesswork."""
    if doc is None:
        raise ParamError(f"{label}: is empty: a params file lists parameter: value lines, {_EXAMPLE}")
    if not isinstance(doc, Mapping):
        what = "a list" if isinstance(doc, list) else f"the single value {short(doc)}"
        raise ParamError(f"{label}: expected a mapping of parameter: value ({_EXAMPLE}), got {what}")
    if "kind" in doc and "entries" in doc:
        raise ParamError(
            f"{label}: this looks like a rules data file (kind: and entries:); a params file lists "
            f"parameter: value at the top level, {_EXAMPLE}"
        )
    numeric = {n for n, v in flat_names(defaults).items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    for name, value in flat_names(doc).items():
        try:
            if isinstance(value, str) and name in numeric:
                if _NUMBER.fullmatch(value.strip()):
                    raise ParamError(
                        f"parameter '{name}' needs a number, got the quoted text \"{value[:40]}\": "
                        f"write it without quotes ({name.rsplit('.', 1)[-1]}: {value.strip()[:40]})"
                    )
                raise ParamError(f"parameter '{name}' needs a number, got the text {short(value)}")
            apply_override(tree, str(name), value, defaults, kind)
        except ParamError as e:
            raise ParamError(f"{label}: {e}") from None

"""The game clock's time-cost model, read from assets/time.yaml (see that file for the numbers)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..data.errors import DataError, Problem, short
from ..data.paths import assets_dir
from ..data.yamlio import read_yaml

_FIELDS = (
    "choose_model_s",
    "throw_s",
    "resolve_move_die_s",
    "bullet_s",
    "swig_s",
    "tower_die_s",
    "boot_s",
    "fight_throw_s",
    "shove_s",
    "reboot_s",
    "leg_it_s",
)


@dataclass(frozen=True)
class TimeCosts:
    choose_model_s: float
    throw_s: float
    resolve_move_die_s: float
    carry_s_per_in: dict[str, float]
    bullet_s: float
    swig_s: float
    tower_die_s: float
    boot_s: float
    fight_throw_s: float
    shove_s: float
    reboot_s: float
    leg_it_s: float


def load_time_costs(path: str | None = None) -> TimeCosts:
    p = path or str(assets_dir() / "time.yaml")
    doc: Any = read_yaml(p)
    problems = []
    if not isinstance(doc, dict):
        raise DataError([Problem(p, None, None, "expected a mapping of costs in seconds")])
    for k in _FIELDS:
        v = doc.get(k)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
            problems.append(Problem(p, None, k, f"expected seconds >= 0, got {short(v)}"))
    carry = doc.get("carry_s_per_in")
    if not isinstance(carry, dict) or set(carry) != {"careful", "normal", "hurried"}:
        problems.append(Problem(p, None, "carry_s_per_in", "expected careful, normal and hurried seconds per inch"))
    for k in doc:
        if k not in _FIELDS and k != "carry_s_per_in":
            problems.append(Problem(p, None, str(k), "unknown key"))
    if problems or not isinstance(carry, dict):
        raise DataError(problems)
    return TimeCosts(carry_s_per_in={k: float(v) for k, v in carry.items()}, **{k: float(doc[k]) for k in _FIELDS})

"""Field parsers and the schema of every rules file: what each entry may hold, which fields
are required, and how a value is checked (each failure names the field and what is wrong)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from .dice import DiceError, DicePool, parse_dice
from .errors import Problem, short
from .types import Faction, GitType, Item, Provenance, SpecialRule, TerrainType, VehicleType, Weapon


class FieldError(ValueError):
    pass


Parser = Callable[[Any], Any]


def _int(lo: int | None = None, hi: int | None = None) -> Parser:
    def p(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise FieldError(f"expected a whole number, got {type(v).__name__} {short(v)}")
        if lo is not None and v < lo:
            raise FieldError(f"must be at least {lo}, got {v}")
        if hi is not None and v > hi:
            raise FieldError(f"must be at most {hi}, got {v}")
        return v

    return p


def _num(lo: float | None = None) -> Parser:
    def p(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise FieldError(f"expected a number, got {type(v).__name__} {short(v)}")
        if lo is not None and v < lo:
            raise FieldError(f"must be at least {lo}, got {v}")
        return float(v)

    return p


def _opt(p: Parser) -> Parser:
    return lambda v: None if v is None else p(v)


def _str(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise FieldError(f"expected non-empty text, got {type(v).__name__} {short(v)}")
    return v


_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _ident(v: Any) -> str:
    if not isinstance(v, str) or not _ID.match(v):
        raise FieldError(f"ids are lower_snake_case text, got {short(v)}")
    return v


def _ids(v: Any) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list):
        raise FieldError(f"expected a list of ids, got {type(v).__name__} {short(v)}")
    return tuple(_ident(x) for x in v)


def _strs(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list):
        raise FieldError(f"expected a list of names, got {short(v)}")
    return tuple(_str(x) for x in v)


def _dice(v: Any) -> DicePool:
    try:
        return parse_dice(v)
    except DiceError as e:
        raise FieldError(str(e)) from None


def _die(v: Any) -> int:
    pool = _dice(v)
    if pool.count != 1 or pool.modifier:
        raise FieldError(f"expected a single die like D12, got {short(v)}")
    return pool.terms[0].sides


def _enum(*allowed: str) -> Parser:
    def p(v: Any) -> str:
        if v not in allowed:
            raise FieldError(f"must be one of {', '.join(allowed)}, got {short(v)}")
        return str(v)

    return p


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise FieldError(f"expected true or false, got {short(v)}")
    return v


def _pair(v: Any) -> tuple[float, float]:
    if not isinstance(v, list) or len(v) != 2:
        raise FieldError(f"expected [width, length], got {short(v)}")
    a, b = (_num(0.01)(x) for x in v)
    return (a, b)


def _colour(v: Any) -> tuple[int, int, int]:
    if not isinstance(v, list) or len(v) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in v):
        raise FieldError(f"expected a colour [red, green, blue], each 0-255, got {short(v)}")
    return (v[0], v[1], v[2])


def _mapping(v: Any) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise FieldError(f"expected a mapping, got {short(v)}")
    return MappingProxyType({str(k): x for k, x in v.items()})


_PROV: dict[str, tuple[Parser, bool]] = {
    "source": (_enum("printed", "completed"), True),
    "completed": (_strs, False),
    "reason": (_str, False),
    "note": (_str, False),
    "printed_as": (_mapping, False),
}

Spec = dict[str, tuple[Parser, bool]]  # field -> (parser, required)

SPECS: dict[str, Spec] = {
    "gits": {
        "id": (_ident, True),
        "name": (_str, True),
        "cost": (_int(0), True),
        "move": (_dice, True),
        "headbutt": (_dice, True),
        "toughness": (_int(1, 20), True),
        "special": (_ids, True),
        "free_weapons": (_ids, False),
        "base_mm": (_num(10), False),
        "glyph": (_str, False),
        "drives": (_bool, False),
    },
    "weapons": {
        "id": (_ident, True),
        "name": (_str, True),
        "kind": (_enum("shooting", "fighting"), True),
        "cost": (_int(0), True),
        "hands": (_int(0, 2), True),
        "range": (_opt(_num(0)), True),
        "dice": (_dice, True),
        "weak": (_int(0), True),
        "big": (_int(0), True),
        "special": (_ids, True),
        "innate": (_bool, False),
    },
    "gear": {
        "id": (_ident, True),
        "name": (_str, True),
        "cost": (_int(0), True),
        "text": (_str, True),
        "special": (_ids, True),
    },
    "vehicle_mods": {
        "id": (_ident, True),
        "name": (_str, True),
        "cost": (_int(0), True),
        "text": (_str, True),
        "special": (_ids, True),
    },
    "vehicles": {
        "id": (_ident, True),
        "name": (_str, True),
        "cost": (_int(0), True),
        "engine": (_die, True),
        "toughness": (_int(1), True),
        "handling": (_int(0), True),
        "seats": (_int(1), True),
        "special": (_ids, True),
        "hull_in": (_pair, True),
    },
    "factions": {
        "id": (_ident, True),
        "name": (_str, True),
        "rule": (_str, True),
        "rule_id": (_ident, True),
        "text": (_str, True),
        "quote": (_str, True),
    },
    "terrain": {
        "id": (_ident, True),
        "name": (_str, True),
        "height_in": (_num(0), True),
        "special": (_ids, True),
        "text": (_str, True),
        "explode": (_int(1), False),
        "toughness": (_int(1), False),
        "crossable": (_bool, False),
        "rough": (_bool, False),
        "colour": (_colour, False),
    },
    "special_rules": {
        "id": (_ident, True),
        "name": (_str, True),
        "applies_to": (_strs, True),
        "text": (_str, True),
        "explode": (_int(1), False),
    },
}

ROW_SPEC: Spec = {
    "roll": (_str, True),
    "result": (_str, True),
    "price": (_int(0), False),
    "ref": (_str, False),
    # table-specific extras, kept as data for the rules that read them:
    "text": (_str, False),
    "effect": (_ident, False),
    "driver": (_bool, False),
    "table": (_ident, False),
    "public": (_int(0), False),
    "private": (_int(0), False),
    "bodge": (_int(0), False),
    "proper": (_int(0), False),
    # what a treatment or repair does once, at the afterparty (the campaign reads them):
    "ends": (_bool, False),  # Dead, Write-off: the git or the vehicle is gone (never on a model that plays)
    "attitude": (_int(0), False),  # attitude gained
    "misses_next_game": (_bool, False),
    "loses_weapons": (_bool, False),  # every weapon the git had is lost
    "weapon": (_ident, False),  # a weapon bolted on for good (what no longer fits comes off)
    "loot_gun": (_bool, False),  # a loot roll (re-rolled until a gun) gives the gun bolted on
    "limit": (_int(1), False),  # times a git may receive it (more: the treatment is re-rolled)
    "reroll_diagnosis": (_str, False),  # diagnosis rolls ("4-5") re-rolled for this git from now on
    "replaces": (_bool, False),  # a location whose new treatment replaces the one it had (arms and legs)
    "loses_vehicle_weapon": (_bool, False),  # a randomly selected vehicle weapon is lost
}
TABLE_SPEC: Spec = {"id": (_ident, True), "name": (_str, True), "dice": (_dice, True), "rows": (lambda v: v, True)}
TABLE_FILE_EXTRAS = ("injury_roll", "inspection_roll")

_BUILDERS: dict[str, type] = {
    "gits": GitType,
    "weapons": Weapon,
    "gear": Item,
    "vehicle_mods": Item,
    "vehicles": VehicleType,
    "factions": Faction,
    "terrain": TerrainType,
    "special_rules": SpecialRule,
}
_DEFAULTS: dict[str, dict[str, Any]] = {
    "gits": {"free_weapons": (), "base_mm": 25.0, "glyph": "?", "drives": False},
    "weapons": {"innate": False},
    "terrain": {"explode": None, "toughness": None, "crossable": False, "rough": False, "colour": None},
    "special_rules": {"explode": None},
}
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def parse_range(text: str) -> tuple[int, int]:
    """ "01-05" → (1, 5); "41" → (41, 41); "00" is 100 on a D100."""
    m = _RANGE.match(text)
    if not m:
        raise FieldError(f"'{text}' is not a roll or range like 3 or 01-05")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    lo = 100 if m.group(1) == "00" else lo
    hi = 100 if (m.group(2) or m.group(1)) == "00" else hi
    if hi < lo:
        raise FieldError(f"range '{text}' runs backwards")
    return lo, hi


# ----------------------------------------------------------------------------- parsing


def _parse_fields(
    raw: Any, spec: Spec, where: str, entry: str, problems: list[Problem], allow_extra: bool = False
) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        problems.append(Problem(where, entry, None, f"expected a mapping of fields, got {type(raw).__name__}"))
        return None
    out: dict[str, Any] = {}
    ok = True
    full = {**spec, **_PROV}
    for key in raw:
        if key not in full and not allow_extra:
            valid = ", ".join(sorted(full))
            problems.append(Problem(where, entry, str(key), f"unknown key (valid keys: {valid})"))
            ok = False
    for key, (parser, required) in full.items():
        if key not in raw:
            if required:
                problems.append(Problem(where, entry, key, "missing required field"))
                ok = False
            continue
        try:
            out[key] = parser(raw[key])
        except FieldError as e:
            problems.append(Problem(where, entry, key, str(e)))
            ok = False
    if ok and (out.get("source") == "completed" or out.get("completed")) and "reason" not in out:
        problems.append(Problem(where, entry, "reason", "a completed entry must say why (add a one-line reason)"))
        ok = False
    return out if ok else None


def _provenance(d: dict[str, Any]) -> Provenance:
    return Provenance(
        source=d.pop("source"),
        completed=d.pop("completed", ()),
        reason=d.pop("reason", None),
        note=d.pop("note", None),
        printed_as=d.pop("printed_as", MappingProxyType({})),
    )


def _entry_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return f"entry '{raw['id']}'"
    return f"entry #{index + 1}"

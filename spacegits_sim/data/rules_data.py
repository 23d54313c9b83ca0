"""The rulebook as typed data: frozen dataclasses built from ``assets/rules/*.yaml``.

Every entry says where it came from (``source: printed`` or ``source: completed`` with the
fields completed and a reason), because the printed beta truncates tables and users must be
able to see, and override, what we filled in. A house-rule YAML merges onto the base data
field by field (or adds new ids); the merged result is validated as a whole, and every
problem is reported at once as a :class:`~spacegits_sim.data.errors.DataError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .dice import DiceError, DicePool, parse_dice
from .errors import DataError, Problem
from .paths import rules_dir
from .yamlio import read_yaml

# ----------------------------------------------------------------------------- value types


@dataclass(frozen=True)
class Provenance:
    source: str  # "printed" | "completed"
    completed: tuple[str, ...] = ()
    reason: str | None = None
    note: str | None = None
    printed_as: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GitType:
    id: str
    name: str
    cost: int
    move: DicePool
    headbutt: DicePool
    toughness: int
    special: tuple[str, ...]
    free_weapons: tuple[str, ...]
    base_mm: float
    glyph: str  # the letter drawn on the model's base
    drives: bool  # may be given a vehicle (rulebook: Gather Your Gits)
    provenance: Provenance


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    kind: str  # "shooting" | "fighting"
    cost: int
    hands: int
    range: float | None  # inches; None = "Fight"
    dice: DicePool
    weak: int
    big: int
    special: tuple[str, ...]
    innate: bool
    provenance: Provenance


@dataclass(frozen=True)
class Item:
    """A bit of fancy gear or a vehicle mod: a price and a rule (behaviour keyed by id)."""

    id: str
    name: str
    cost: int
    text: str
    special: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True)
class VehicleType:
    id: str
    name: str
    cost: int
    engine: int  # sides of the largest move die
    toughness: int
    handling: int
    seats: int
    special: tuple[str, ...]
    hull_in: tuple[float, float]  # width, length in inches
    provenance: Provenance


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    rule: str
    rule_id: str
    text: str
    quote: str
    provenance: Provenance


@dataclass(frozen=True)
class TerrainType:
    id: str
    name: str
    height_in: float
    special: tuple[str, ...]
    text: str
    explode: int | None
    toughness: int | None
    provenance: Provenance

    @property
    def low(self) -> bool:
        """Low objects (≤ 2") are ignored by lines of fire but give cover (rulebook: Shooting)."""
        return self.height_in <= 2.0


@dataclass(frozen=True)
class SpecialRule:
    id: str
    name: str
    applies_to: tuple[str, ...]
    text: str
    explode: int | None
    provenance: Provenance


@dataclass(frozen=True)
class TableRow:
    lo: int
    hi: int
    roll: str  # as printed, e.g. "01-05"
    result: str
    price: int | None
    ref: str | None  # "family/id"
    extra: Mapping[str, Any]
    provenance: Provenance


@dataclass(frozen=True)
class RollTable:
    id: str
    name: str
    dice: DicePool
    rows: tuple[TableRow, ...]

    @property
    def span(self) -> tuple[int, int]:
        return table_span(self.dice)

    def lookup(self, value: int) -> TableRow:
        for r in self.rows:
            if r.lo <= value <= r.hi:
                return r
        raise KeyError(f"{self.id}: no row for {value}")


HEADBUTT = "headbutt"  # the weapons.yaml entry every git thumps with when it has nothing better


@dataclass(frozen=True)
class RulesData:
    gits: Mapping[str, GitType]
    weapons: Mapping[str, Weapon]
    gear: Mapping[str, Item]
    vehicles: Mapping[str, VehicleType]
    vehicle_mods: Mapping[str, Item]
    factions: Mapping[str, Faction]
    terrain: Mapping[str, TerrainType]
    special_rules: Mapping[str, SpecialRule]
    tables: Mapping[str, RollTable]
    files: tuple[str, ...]

    def family(self, name: str) -> Mapping[str, Any]:
        return getattr(self, name)  # type: ignore[no-any-return]

    @property
    def headbutt(self) -> Weapon:
        """The headbutt every git has (rulebook: Weapons → Headbutt)."""
        return self.weapons[HEADBUTT]

    def resolve(self, ref: str) -> Any:
        fam, _, ident = ref.partition("/")
        return self.family(fam)[ident]

    def completed_entries(self) -> list[tuple[str, str, Provenance]]:
        """Every (family/id, name, provenance) whose source is ``completed``, tables included."""
        out: list[tuple[str, str, Provenance]] = []
        for fam in ENTRY_FAMILIES:
            for e in self.family(fam).values():
                if e.provenance.source == "completed" or e.provenance.completed:
                    out.append((f"{fam}/{e.id}", e.name, e.provenance))
        for t in self.tables.values():
            for r in t.rows:
                if r.provenance.source == "completed" or r.provenance.completed:
                    out.append((f"tables/{t.id}#{r.roll}", r.result, r.provenance))
        return out


ENTRY_FAMILIES: tuple[str, ...] = (
    "gits",
    "weapons",
    "gear",
    "vehicles",
    "vehicle_mods",
    "factions",
    "terrain",
    "special_rules",
)

# ----------------------------------------------------------------------------- field parsers


class FieldError(ValueError):
    pass


Parser = Callable[[Any], Any]


def _int(lo: int | None = None, hi: int | None = None) -> Parser:
    def p(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise FieldError(f"expected a whole number, got {type(v).__name__} {v!r}")
        if lo is not None and v < lo:
            raise FieldError(f"must be at least {lo}, got {v}")
        if hi is not None and v > hi:
            raise FieldError(f"must be at most {hi}, got {v}")
        return v

    return p


def _num(lo: float | None = None) -> Parser:
    def p(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise FieldError(f"expected a number, got {type(v).__name__} {v!r}")
        if lo is not None and v < lo:
            raise FieldError(f"must be at least {lo}, got {v}")
        return float(v)

    return p


def _opt(p: Parser) -> Parser:
    return lambda v: None if v is None else p(v)


def _str(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise FieldError(f"expected non-empty text, got {type(v).__name__} {v!r}")
    return v


_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _ident(v: Any) -> str:
    if not isinstance(v, str) or not _ID.match(v):
        raise FieldError(f"ids are lower_snake_case text, got {v!r}")
    return v


def _ids(v: Any) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list):
        raise FieldError(f"expected a list of ids, got {type(v).__name__} {v!r}")
    return tuple(_ident(x) for x in v)


def _strs(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list):
        raise FieldError(f"expected a list of names, got {v!r}")
    return tuple(_str(x) for x in v)


def _dice(v: Any) -> DicePool:
    try:
        return parse_dice(v)
    except DiceError as e:
        raise FieldError(str(e)) from None


def _die(v: Any) -> int:
    pool = _dice(v)
    if pool.count != 1 or pool.modifier:
        raise FieldError(f"expected a single die like D12, got {v!r}")
    return pool.terms[0].sides


def _enum(*allowed: str) -> Parser:
    def p(v: Any) -> str:
        if v not in allowed:
            raise FieldError(f"must be one of {', '.join(allowed)}, got {v!r}")
        return str(v)

    return p


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise FieldError(f"expected true or false, got {v!r}")
    return v


def _pair(v: Any) -> tuple[float, float]:
    if not isinstance(v, list) or len(v) != 2:
        raise FieldError(f"expected [width, length], got {v!r}")
    a, b = (_num(0.01)(x) for x in v)
    return (a, b)


def _mapping(v: Any) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise FieldError(f"expected a mapping, got {v!r}")
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
    "terrain": {"explode": None, "toughness": None},
    "special_rules": {"explode": None},
}
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def table_span(dice: DicePool) -> tuple[int, int]:
    """The results a table's dice can give: 2D6 → (2, 12); D100 → (1, 100)."""
    lo = sum(t.count for t in dice.terms) + dice.modifier
    hi = sum(t.count * t.sides for t in dice.terms) + dice.modifier
    return lo, hi


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


class _Raw:
    """Raw merged documents, before typing: family -> id -> (fields, file)."""

    def __init__(self) -> None:
        self.entries: dict[str, dict[str, tuple[dict[str, Any], str]]] = {f: {} for f in ENTRY_FAMILIES}
        self.tables: dict[str, tuple[dict[str, Any], str]] = {}
        self.files: list[str] = []


def _merge_file(raw: _Raw, doc: Any, label: str, problems: list[Problem], house: bool) -> None:
    raw.files.append(label)
    if not isinstance(doc, dict):
        problems.append(Problem(label, None, None, "expected a mapping with 'kind' and 'entries' (or 'tables')"))
        return
    kind = doc.get("kind")
    valid_kinds = ENTRY_FAMILIES + ("tables",)
    if kind not in valid_kinds:
        problems.append(Problem(label, None, "kind", f"must be one of {', '.join(valid_kinds)}, got {kind!r}"))
        return
    allowed_top = {"kind", "entries"} if kind != "tables" else {"kind", "tables", *TABLE_FILE_EXTRAS}
    for key in doc:
        if key not in allowed_top:
            problems.append(
                Problem(label, None, str(key), f"unknown top-level key (valid: {', '.join(sorted(allowed_top))})")
            )
    items = doc.get("tables" if kind == "tables" else "entries")
    if not isinstance(items, list):
        problems.append(Problem(label, None, "tables" if kind == "tables" else "entries", "expected a list"))
        return
    seen: set[str] = set()
    for i, item in enumerate(items):
        lab = _entry_label(item, i)
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            problems.append(Problem(label, lab, "id", "every entry needs an id"))
            continue
        ident = item["id"]
        if ident in seen:
            problems.append(Problem(label, lab, "id", f"duplicate id '{ident}' in this file"))
            continue
        seen.add(ident)
        if kind == "tables":
            raw.tables[ident] = (dict(item), label)  # a house rule replaces a whole table
            continue
        store = raw.entries[str(kind)]
        if house and ident in store:
            base, _ = store[ident]
            merged = {**base, **item}
            if "source" not in item:
                merged["source"] = "completed"
                merged.setdefault("reason", f"house rule from {label}")
            store[ident] = (merged, label)
        else:
            if not house and ident in store:
                problems.append(Problem(label, lab, "id", f"duplicate id '{ident}' (also in {store[ident][1]})"))
                continue
            store[ident] = (dict(item), label)


def _build(raw: _Raw, problems: list[Problem]) -> RulesData | None:
    built: dict[str, dict[str, Any]] = {f: {} for f in ENTRY_FAMILIES}
    for fam in ENTRY_FAMILIES:
        for ident, (fields, label) in raw.entries[fam].items():
            d = _parse_fields(fields, SPECS[fam], label, f"{fam} '{ident}'", problems)
            if d is None:
                continue
            prov = _provenance(d)
            d = {**_DEFAULTS.get(fam, {}), **d}
            built[fam][ident] = _BUILDERS[fam](provenance=prov, **d)
    tables: dict[str, RollTable] = {}
    for ident, (fields, label) in raw.tables.items():
        t = _build_table(ident, fields, label, problems)
        if t is not None:
            tables[ident] = t
    data = RulesData(
        **{f: MappingProxyType(built[f]) for f in ENTRY_FAMILIES},
        tables=MappingProxyType(tables),
        files=tuple(raw.files),
    )
    _cross_check(data, raw, problems)
    return data


def _build_table(ident: str, fields: dict[str, Any], label: str, problems: list[Problem]) -> RollTable | None:
    where = f"table '{ident}'"
    head = _parse_fields(fields, TABLE_SPEC, label, where, problems, allow_extra=False) if "source" in fields else None
    if head is None:
        f2 = {**fields, "source": "printed"}
        head = _parse_fields(f2, TABLE_SPEC, label, where, problems)
        if head is None:
            return None
    rows_raw = head["rows"]
    if not isinstance(rows_raw, list) or not rows_raw:
        problems.append(Problem(label, where, "rows", "expected a non-empty list of rows"))
        return None
    rows: list[TableRow] = []
    for i, r in enumerate(rows_raw):
        rw = f"{where} row {i + 1}" + (f" ({r.get('roll')})" if isinstance(r, dict) and "roll" in r else "")
        d = _parse_fields(r, ROW_SPEC, label, rw, problems)
        if d is None:
            continue
        try:
            lo, hi = parse_range(d["roll"])
        except FieldError as e:
            problems.append(Problem(label, rw, "roll", str(e)))
            continue
        prov = _provenance(d)
        extra = {k: v for k, v in d.items() if k not in ("roll", "result", "price", "ref")}
        rows.append(
            TableRow(lo, hi, d["roll"], d["result"], d.get("price"), d.get("ref"), MappingProxyType(extra), prov)
        )
    if len(rows) != len(rows_raw):
        return None
    table = RollTable(ident, head["name"], head["dice"], tuple(rows))
    _check_coverage(table, label, problems)
    return table


def _check_coverage(t: RollTable, label: str, problems: list[Problem]) -> None:
    """A table must give exactly one row for every result its dice can roll."""
    lo, hi = t.span
    owner: dict[int, str] = {}
    where = f"table '{t.id}'"
    for r in t.rows:
        if r.lo < lo or r.hi > hi:
            problems.append(
                Problem(
                    label,
                    f"{where} row {r.roll}",
                    "roll",
                    f"{t.dice} rolls {lo}-{hi}, but this row covers {r.lo}-{r.hi}",
                )
            )
        for v in range(max(r.lo, lo), min(r.hi, hi) + 1):
            if v in owner:
                problems.append(Problem(label, f"{where} row {r.roll}", "roll", f"overlaps row {owner[v]} at {v}"))
                break
            owner[v] = r.roll
    missing = [v for v in range(lo, hi + 1) if v not in owner]
    if missing:
        problems.append(
            Problem(label, where, "rows", f"no row for {_ranges(missing)} (a {t.dice} table must cover {lo}-{hi})")
        )


def _ranges(vals: list[int]) -> str:
    out: list[str] = []
    start = prev = vals[0]
    for v in vals[1:] + [None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(out)


def _cross_check(data: RulesData, raw: _Raw, problems: list[Problem]) -> None:
    """References between files: special-rule ids, free weapons, table refs."""

    def where(fam: str, ident: str) -> str:
        return raw.entries[fam][ident][1]

    # Existence is checked against the raw ids, so an entry that failed to parse (already
    # reported) does not also produce a cascade of "does not exist" problems.
    rule_ids = set(raw.entries["special_rules"])
    for fam in ("gits", "weapons", "vehicles"):
        for e in data.family(fam).values():
            for s in e.special:
                if s not in rule_ids:
                    problems.append(
                        Problem(
                            where(fam, e.id),
                            f"{fam} '{e.id}'",
                            "special",
                            f"unknown special rule '{s}' (not in special_rules)",
                        )
                    )
    for fam in ("gear", "vehicle_mods"):
        for e in data.family(fam).values():
            for s in e.special:
                if s not in raw.entries[fam]:
                    problems.append(Problem(where(fam, e.id), f"{fam} '{e.id}'", "special", f"'{s}' is not a {fam} id"))
    for g in data.gits.values():
        for w in g.free_weapons:
            if w not in raw.entries["weapons"]:
                problems.append(Problem(where("gits", g.id), f"gits '{g.id}'", "free_weapons", f"unknown weapon '{w}'"))
    for t in data.tables.values():
        label = raw.tables[t.id][1]
        for r in t.rows:
            if r.ref is not None:
                fam, _, ident = r.ref.partition("/")
                ok = (fam in ENTRY_FAMILIES and ident in raw.entries[fam]) or (fam == "tables" and ident in raw.tables)
                if not ok:
                    problems.append(Problem(label, f"table '{t.id}' row {r.roll}", "ref", f"'{r.ref}' does not exist"))
            sub = r.extra.get("table")
            if sub is not None and sub not in raw.tables:
                problems.append(Problem(label, f"table '{t.id}' row {r.roll}", "table", f"unknown table '{sub}'"))


# ----------------------------------------------------------------------------- public API


def load_rules(house_rules: Iterable[Path | str] = (), base_dir: Path | None = None) -> RulesData:
    """Load every ``assets/rules/*.yaml``, then merge each house-rule file on top, in order.

    Raises :class:`DataError` listing every problem found, in every file, at once.
    """
    base = Path(base_dir) if base_dir else rules_dir()
    raw = _Raw()
    problems: list[Problem] = []
    files = sorted(base.glob("*.yaml"))
    if not files:
        raise DataError([Problem(str(base), None, None, "no rules YAML found")])
    for path in files:
        try:
            doc = read_yaml(path, _short(path))
        except DataError as e:
            problems.extend(e.problems)
            continue
        _merge_file(raw, doc, _short(path), problems, house=False)
    for house in house_rules:
        try:
            doc = read_yaml(house)
        except DataError as e:
            problems.extend(e.problems)
            continue
        _merge_file(raw, doc, str(house), problems, house=True)
    data = _build(raw, problems)
    if problems or data is None:
        raise DataError(problems)
    return data


def _short(path: Path) -> str:
    parts = path.parts
    return "/".join(parts[-3:]) if len(parts) >= 3 else str(path)


_CACHE: dict[tuple[str, ...], RulesData] = {}


def default_rules() -> RulesData:
    """The shipped rules, loaded once per process (they are immutable)."""
    key: tuple[str, ...] = ()
    if key not in _CACHE:
        _CACHE[key] = load_rules()
    return _CACHE[key]

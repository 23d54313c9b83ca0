"""The rulebook as typed data: frozen dataclasses built from ``assets/rules/*.yaml``.

Every entry says where it came from (``source: printed`` or ``source: completed`` with the
fields completed and a reason), because the printed beta truncates tables and users must be
able to see, and override, what we filled in. A house-rule YAML merges onto the base data
field by field (or adds new ids); the merged result is validated as a whole, and every
problem is reported at once as a :class:`~spacegits_sim.data.errors.DataError`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from .errors import DataError, Problem, short
from .fields import (
    _BUILDERS,
    _DEFAULTS,
    ROW_SPEC,
    SPECS,
    TABLE_FILE_EXTRAS,
    TABLE_SPEC,
    FieldError,
    _entry_label,
    _parse_fields,
    _provenance,
    parse_range,
)
from .paths import rules_dir
from .types import (
    ENTRY_FAMILIES,
    HEADBUTT,
    CompletedRule,
    Faction,
    GitType,
    Item,
    Provenance,
    RollTable,
    RulesData,
    SpecialRule,
    TableRow,
    TerrainType,
    VehicleType,
    Weapon,
    table_span,
)
from .yamlio import read_yaml

__all__ = [
    "ENTRY_FAMILIES",
    "HEADBUTT",
    "Faction",
    "GitType",
    "Item",
    "Provenance",
    "CompletedRule",
    "RollTable",
    "RulesData",
    "SpecialRule",
    "TableRow",
    "TerrainType",
    "VehicleType",
    "Weapon",
    "table_span",
    "parse_range",
    "load_rules",
    "default_rules",
    "FieldError",
]


class _Raw:
    """Raw merged documents, before typing: family -> id -> (fields, file)."""

    def __init__(self) -> None:
        self.entries: dict[str, dict[str, tuple[dict[str, Any], str]]] = {f: {} for f in ENTRY_FAMILIES}
        self.tables: dict[str, tuple[dict[str, Any], str]] = {}
        self.files: list[str] = []
        self.completed_rules: dict[str, CompletedRule] = {}


def _merge_file(raw: _Raw, doc: Any, label: str, problems: list[Problem], house: bool) -> None:
    raw.files.append(label)
    if not isinstance(doc, dict):
        problems.append(Problem(label, None, None, "expected a mapping with 'kind' and 'entries' (or 'tables')"))
        return
    kind = doc.get("kind")
    valid_kinds = ENTRY_FAMILIES + ("tables",)
    if kind not in valid_kinds:
        problems.append(Problem(label, None, "kind", f"must be one of {', '.join(valid_kinds)}, got {short(kind)}"))
        return
    allowed_top = {"kind", "entries", COMPLETED_RULES} if kind != "tables" else {"kind", "tables", *TABLE_FILE_EXTRAS}
    for key in doc:
        if key not in allowed_top:
            problems.append(
                Problem(label, None, str(key), f"unknown top-level key (valid: {', '.join(sorted(allowed_top))})")
            )
    if COMPLETED_RULES in doc and kind != "tables":
        _merge_completed_rules(raw, doc[COMPLETED_RULES], label, problems)
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


COMPLETED_RULES = "completed_rules"
COMPLETED_RULE_FIELDS = ("id", "name", "rule", "reason")


def _merge_completed_rules(raw: _Raw, items: Any, label: str, problems: list[Problem]) -> None:
    """A file's ``completed_rules``: each {id, name, rule, reason}, all text; a later file (a
    house rule) with the same id replaces it."""
    if not isinstance(items, list):
        problems.append(Problem(label, None, COMPLETED_RULES, "expected a list of {id, name, rule, reason}"))
        return
    for i, item in enumerate(items):
        lab = _entry_label(item, i)
        if not isinstance(item, dict):
            problems.append(Problem(label, lab, COMPLETED_RULES, "expected a mapping with id, name, rule and reason"))
            continue
        bad = [k for k in item if k not in COMPLETED_RULE_FIELDS]
        if bad:
            problems.append(
                Problem(label, lab, str(bad[0]), f"unknown field (valid: {', '.join(COMPLETED_RULE_FIELDS)})")
            )
            continue
        missing = [k for k in COMPLETED_RULE_FIELDS if not isinstance(item.get(k), str) or not item[k].strip()]
        if missing:
            problems.append(Problem(label, lab, missing[0], "must be non-empty text"))
            continue
        raw.completed_rules[item["id"]] = CompletedRule(item["id"], item["name"], item["rule"], item["reason"], label)


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
        **cast(dict[str, Any], {f: MappingProxyType(built[f]) for f in ENTRY_FAMILIES}),
        tables=MappingProxyType(tables),
        files=tuple(raw.files),
        completed_rules=tuple(raw.completed_rules.values()),
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
    return replace(data, fingerprint=_fingerprint(raw), older_fingerprints=(_fingerprint(raw, bound=False),))


# Fields that say where a value came from or how a rule reads, never what happens in a game:
# left out of the fingerprint, so rewording a reason or a rule's printed text does not unbind
# every saved replay nor move every golden playthrough's checksums (it did, 2026-12-05).
UNBOUND_FIELDS = frozenset({"source", "completed", "reason", "note", "printed_as", "text"})


def _bound(fields: Any) -> Any:
    """An entry's or table's fields without UNBOUND_FIELDS (at any depth: table rows carry
    their own provenance)."""
    if isinstance(fields, dict):
        return {k: _bound(v) for k, v in fields.items() if k not in UNBOUND_FIELDS}
    if isinstance(fields, list | tuple):
        return [_bound(v) for v in fields]
    return fields


def _fingerprint(raw: _Raw, bound: bool = True) -> str:
    """A hash of every merged entry and table, so a replay can tell the rules it was played
    with: everything that decides a game (numbers, dice, specials, names as logged), not the
    provenance or rule text (UNBOUND_FIELDS). ``bound`` False: every field, as replays saved
    before 2026-12-06 recorded it (``RulesData.older_fingerprints``: such a replay of these
    very data still verifies)."""
    keep = _bound if bound else (lambda fields: fields)
    merged = {
        "entries": {f: {i: keep(fields) for i, (fields, _) in ids.items()} for f, ids in raw.entries.items()},
        "tables": {i: keep(fields) for i, (fields, _) in raw.tables.items()},
    }
    text = json.dumps(merged, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


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

"""Checking Space Gits files (gang, scenario, house rules): what ``spacegits validate`` says of each."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from ...data.errors import DataError, Problem
from ...data.rules_data import RulesData, load_rules
from ...data.yamlio import read_yaml
from ...rules.effects import implemented_table
from ...rules.gangs import Gang, load_gang, unchecked, unsimulated, validate_gang
from ...rules.scenario import load_scenario, unsimulated_in_scenario

err = Console(stderr=True, soft_wrap=True)  # notes for people (a named default), not problems


def validate_file(
    ruleset: Any, p: Path, house: Sequence[Path | str], options: dict[str, Any]
) -> tuple[str, list[Problem]]:
    """(what the file is, loud warnings); raises DataError with every problem when it is wrong."""
    del ruleset
    kind = _sniff_kind(p)
    if kind == "gang":
        rules = load_rules(list(house))
        gang = load_gang(p, rules)
        issues = validate_gang(gang, rules, budget=options.get("budget"))
        if issues:
            raise DataError(issues)
        for i, g in enumerate(read_yaml(p).get("gits") or []):  # a named default, said aloud
            if isinstance(g, dict) and not g.get("name") and i < len(gang.gits):
                err.print(f"[yellow]note[/] {p}: git #{i + 1} has no name: it plays as '{gang.gits[i].name}'")
        what = f"gang '{gang.name}', {len(gang.gits)} gits, {gang.cost} caps{_aboard_words(gang, rules)}"
        for pr in unchecked(gang):  # what its mode leaves unchecked, said aloud
            err.print(f"[yellow]warning[/] {pr}")
            what += f" (mode {gang.mode}: not all checked, see the warning)"
        return what, unsimulated(gang, rules)
    if kind == "scenario":
        rules = load_rules(list(house))
        sc = load_scenario(p, rules)
        return (
            f"scenario '{sc.name}', {len(sc.players)} bosses, {len(sc.terrain)} terrain pieces"
            + "".join(_aboard_words(pl.gang, rules) for pl in sc.players),
            unsimulated_in_scenario(sc, rules),
        )
    rules = load_rules([p])
    return f"house rules merge cleanly ({len(rules.files)} files)", unhandled_ids(rules, str(p))


def _aboard_words(gang: Gang, rules: RulesData) -> str:
    """ "; aboard at the start: Gazbag's Buggy: Skab, Nazgob": the passengers a gang file seats
    (its drivers' ``passengers``), said when the file is checked ("" when it seats nobody)."""
    rides = [
        f"{g.name}'s {rules.vehicles[g.vehicle].name}: {', '.join(g.passengers)}"
        for g in gang.gits
        if g.vehicle and g.passengers
    ]
    return f"; aboard at the start: {'; '.join(rides)}" if rides else ""


def unhandled_ids(rules: RulesData, label: str) -> list[Problem]:
    """Ids a house-rule file adds that no handler simulates (deferred ones are in docs/rules.md)."""
    return [
        Problem(label, f"{r['family']} '{r['id']}'", None, "no handler simulates it: it will do nothing in a match")
        for r in implemented_table(rules)
        if r["what"] == "NO HANDLER"
    ]


def _sniff_kind(p: Path) -> str:
    """Which Space Gits file ``p`` is, by its top-level fields. A mapping with none of them was
    checked as house rules and told "expected a mapping with 'kind' and 'entries'", which reads
    as if every file had to be house rules (playtest, 2026-12-05): it is told the three shapes."""
    doc = read_yaml(p)
    if isinstance(doc, dict) and "gits" in doc:
        return "gang"
    if isinstance(doc, dict) and "players" in doc:
        return "scenario"
    if isinstance(doc, dict) and not {"kind", "entries", "tables"} & set(doc):
        fields = ", ".join(sorted(str(k) for k in doc)[:8])
        raise DataError(
            [
                Problem(
                    str(p),
                    None,
                    None,
                    "not a Space Gits file: a gang has 'gits', a scenario 'players', house rules 'kind' and "
                    f"'entries'; this file has {fields}",
                )
            ]
        )
    return "rules"

"""``spacegits validate``: check gang, scenario and house-rule files; warn about every item not simulated yet."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..data import load_rules
from ..data.errors import DataError, Problem
from ..data.rules_data import RulesData
from ..data.yamlio import read_yaml
from ..rules.effects import implemented_table
from ..rules.gangs import load_gang, unsimulated, validate_gang
from ..rules.scenario import load_scenario, unsimulated_in_scenario
from .common import console, err, warn_unsimulated


def cmd_validate(args: argparse.Namespace) -> int:
    problems = 0
    for path in args.files:
        p = Path(path)
        kind = _sniff_kind(p)
        try:
            if kind == "gang":
                rules = load_rules(args.house or [])
                gang = load_gang(p, rules)
                issues = validate_gang(gang, rules, budget=args.budget)
                if issues:
                    raise DataError(issues)
                warn_unsimulated(p, unsimulated(gang, rules))
                for i, g in enumerate(read_yaml(p).get("gits") or []):  # a named default, said aloud
                    if isinstance(g, dict) and not g.get("name") and i < len(gang.gits):
                        err.print(f"[yellow]note[/] {p}: git #{i + 1} has no name: it plays as '{gang.gits[i].name}'")
                console.print(f"[green]ok[/] {p}: gang '{gang.name}', {len(gang.gits)} gits, {gang.cost} caps")
            elif kind == "scenario":
                rules = load_rules(args.house or [])
                sc = load_scenario(p, rules)
                warn_unsimulated(p, unsimulated_in_scenario(sc, rules))
                console.print(
                    f"[green]ok[/] {p}: scenario '{sc.name}', {len(sc.players)} bosses, "
                    f"{len(sc.terrain)} terrain pieces"
                )
            else:
                rules = load_rules([p])
                warn_unsimulated(p, unhandled_ids(rules, str(p)))
                console.print(f"[green]ok[/] {p}: house rules merge cleanly ({len(rules.files)} files)")
        except DataError as e:
            problems += len(e.problems)
            err.print(f"[red]{p}[/]: {e}")
    return 0 if problems == 0 else 1


def unhandled_ids(rules: RulesData, label: str) -> list[Problem]:
    """Ids a house-rule file adds that no handler simulates (deferred ones are in docs/rules.md)."""
    return [
        Problem(label, f"{r['family']} '{r['id']}'", None, "no handler simulates it: it will do nothing in a match")
        for r in implemented_table(rules)
        if r["what"] == "NO HANDLER"
    ]


def _sniff_kind(p: Path) -> str:
    doc = read_yaml(p)
    if isinstance(doc, dict) and "gits" in doc:
        return "gang"
    if isinstance(doc, dict) and "players" in doc:
        return "scenario"
    return "rules"

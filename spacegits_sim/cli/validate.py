"""``spacegits validate``: check gang, scenario and house-rule files; warn about every item not simulated yet."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..data import load_rules
from ..data.errors import DataError, Problem
from ..data.yamlio import read_yaml
from ..rules.effects import is_implemented
from ..rules.gangs import load_gang, unsimulated, validate_gang
from ..rules.scenario import load_scenario
from .common import console, err


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
                _warn_unsimulated(p, unsimulated(gang, rules))
                console.print(f"[green]ok[/] {p}: gang '{gang.name}', {len(gang.gits)} gits, {gang.cost} caps")
            elif kind == "scenario":
                rules = load_rules(args.house or [])
                sc = load_scenario(p, rules)
                for pl in sc.players:
                    _warn_unsimulated(p, unsimulated(pl.gang, rules))
                for piece in sc.terrain:
                    for sid in rules.terrain[piece.type].special:
                        if not is_implemented("terrain", sid):
                            _warn_unsimulated(
                                p,
                                [
                                    Problem(
                                        str(p),
                                        f"terrain '{piece.id}'",
                                        "type",
                                        f"'{piece.type}' is not simulated yet: it is plain "
                                        f"terrain of its height until the terrain issue",
                                    )
                                ],
                            )
                console.print(
                    f"[green]ok[/] {p}: scenario '{sc.name}', {len(sc.players)} bosses, "
                    f"{len(sc.terrain)} terrain pieces"
                )
            else:
                rules = load_rules([p])
                console.print(f"[green]ok[/] {p}: house rules merge cleanly ({len(rules.files)} files)")
        except DataError as e:
            problems += len(e.problems)
            err.print(f"[red]{p}[/]: {e}")
    return 0 if problems == 0 else 1


def _warn_unsimulated(path: Path, problems: list[Any]) -> None:
    """Loud, never silent: each id a file names that the engine does not simulate yet."""
    for pr in problems:
        err.print(f"[yellow]warning[/] {pr}")
    if problems:
        err.print(
            f"[yellow]warning[/] {path}: {len(problems)} item(s) above are accepted but not simulated yet "
            "(see the implemented table in docs/rules.md)"
        )


def _sniff_kind(p: Path) -> str:
    doc = read_yaml(p)
    if isinstance(doc, dict) and "gits" in doc:
        return "gang"
    if isinstance(doc, dict) and "players" in doc:
        return "scenario"
    return "rules"

"""``spacegits validate``: check a ruleset's files (Space Gits: gang, scenario and house-rule files);
warn about every item not simulated yet."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..data.errors import DataError
from ..data.yamlio import read_yaml
from .common import console, err, ruleset_option, warn_unsimulated


def cmd_validate(args: argparse.Namespace) -> int:
    rs = ruleset_option(args.ruleset)
    problems = 0
    for path in args.files:
        p = Path(path)
        read_yaml(p)  # a file that is not YAML at all stops here: one message, exit 2
        try:
            what, warnings = rs.validate(p, args.house or [], {"budget": args.budget})
            warn_unsimulated(p, warnings, rs.unsimulated_doc)
            if warnings:  # valid, but never a plain "ok" while something in it does not play
                console.print(f"[yellow]valid, {len(warnings)} not simulated[/] {p}: {what}")
            else:
                console.print(f"[green]ok[/] {p}: {what}")
        except DataError as e:
            problems += len(e.problems)
            err.print(f"[red]{p}[/]: {e}")
    return 0 if problems == 0 else 1

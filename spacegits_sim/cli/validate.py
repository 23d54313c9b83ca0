"""``spacegits validate``: check a ruleset's files (Space Gits: gang, scenario and house-rule files);
warn about every item not simulated yet."""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

from ..data.errors import DataError, Problem
from ..data.yamlio import read_yaml
from ..play import registry
from ..play.ruleset import Ruleset
from .common import console, err, ruleset_option, warn_unsimulated


def cmd_validate(args: argparse.Namespace) -> int:
    rs = ruleset_option(args.ruleset)
    problems = 0
    for path in args.files:
        p = Path(path)
        doc = read_yaml(p)  # a file that is not YAML at all stops here: one message, exit 2
        try:
            if doc is None or doc == {} or doc == []:
                empty = f"the file is empty: there is no {rs.title} file to check"
                raise DataError([Problem(str(p), None, None, empty)])
            what, warnings = rs.validate(p, args.house or [], {"budget": args.budget})
            warn_unsimulated(p, warnings, rs.unsimulated_doc)
            if warnings:  # valid, but never a plain "ok" while something in it does not play
                console.print(f"[yellow]valid, {len(warnings)} not simulated[/] {p}: {what}")
            else:
                console.print(f"[green]ok[/] {p}: {what}")
        except DataError as e:
            other = _other_rulesets_file(p, rs, args)
            if other is not None:  # one sentence instead of a list of fields it was never meant to have
                problems += 1
                err.print(f"[red]{p}[/]: {other}")
                continue
            problems += len(e.problems)
            err.print(f"[red]{p}[/]: {e}")
    return 0 if problems == 0 else 1


def _other_rulesets_file(p: Path, rs: Ruleset, args: argparse.Namespace) -> str | None:
    """What to say when a file ``rs`` rejects is a valid file of another game (a Space Gits scenario
    checked with ``--ruleset roadrace`` got twelve "unknown field" lines naming a car's fields, the
    playtest of 2026-12-05): which game's file it is and the command that checks it. None: no other
    ruleset takes it either, and the first ruleset's own problems are the answer. The other
    rulesets' notes while they try are not for the user (they are not checking that game)."""
    for rid in registry.ids():
        other = registry.get(rid)
        if other.id == rs.id:
            continue
        try:
            with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                what, _ = other.validate(p, [], {"budget": args.budget})
        except DataError:
            continue
        return (
            f"not a {rs.title} file: it is a {other.title} file ({what}); "
            f"check it with `spacegits validate --ruleset {rid} {p}`"
        )
    return None

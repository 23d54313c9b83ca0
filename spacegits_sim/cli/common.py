"""What every command shares: the consoles, the ruleset, and the scenario/AI/seed options.

Commands reach a game only through its ruleset (``--ruleset``, default ``spacegits``),
never by importing its modules."""

from __future__ import annotations

import argparse
import difflib
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console

from ..data.errors import Problem
from ..errors import UserError
from ..matches import parse_ais
from ..play import registry
from ..play.ruleset import Ruleset

# Piped (not a terminal), rich would cut tables at 80 columns ("activat…"): give it room instead.
console = Console() if sys.stdout.isatty() else Console(width=200)
err = Console(stderr=True, soft_wrap=True)  # a long path in a message stays on one line


class SuggestingParser(argparse.ArgumentParser):
    """An argument parser whose "unrecognized arguments: --sead" says "did you mean --seed?"
    (the nearest option of any command)."""

    def error(self, message: str) -> NoReturn:
        if "unrecognized arguments:" in message:
            known = sorted(option_strings(self))
            for word in message.split("unrecognized arguments:", 1)[1].split():
                if word.startswith("-"):
                    near = difflib.get_close_matches(word.split("=")[0], known, n=1, cutoff=0.6)
                    if near:
                        message += f" (did you mean {near[0]}?)"
                        break
        super().error(message)


def option_strings(parser: argparse.ArgumentParser) -> set[str]:
    """Every --option of a parser and its sub-commands."""
    out: set[str] = set()
    for action in parser._actions:
        out.update(o for o in action.option_strings if o.startswith("--"))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out |= option_strings(sub)
    return out


def ruleset_option(value: str | None) -> Ruleset:
    """The ruleset a --ruleset option names (None: the default, Space Gits)."""
    try:
        return registry.get(value)
    except registry.UnknownRuleset as e:
        raise UserError(f"--ruleset: {e}") from None


def add_ruleset_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ruleset",
        default=registry.DEFAULT,
        help=f"the game to play: {', '.join(registry.ids())} (default: {registry.DEFAULT})",
    )


def load_scenario_option(path: str | None, ruleset: Ruleset | None = None) -> Any:
    """The scenario a --scenario option names (default: the ruleset's, the Quick Start for Space
    Gits); a bare name not found here is looked up among the bundled scenarios, and the CLI says so."""
    rs = ruleset or registry.get()
    p = rs.resolve_scenario(path)
    if not p.exists():
        bundled = ", ".join(sorted(f.name for f in rs.bundled_scenarios()))
        raise UserError(f"scenario '{path}' not found (bundled scenarios: {bundled})")
    if path is not None and p != Path(path):
        err.print(f"note: '{path}' is not in this folder; using the bundled scenario {p}")
    rules = rs.load_rules()
    sc = rs.load_scenario(p, rules)
    warn_unsimulated(p, rs.unsimulated(sc, rules), rs.unsimulated_doc)
    return sc


def warn_unsimulated(path: Path, problems: list[Problem], doc: str = "the implemented table in docs/rules.md") -> None:
    """Loud, never silent: each id a file names that the engine does not simulate yet, and the
    ruleset's page (``doc``) that lists them all."""
    for pr in problems:
        err.print(f"[yellow]warning[/] {pr}")
    if problems:
        err.print(
            f"[yellow]warning[/] {path}: {len(problems)} item(s) above are accepted but not simulated yet (see {doc})"
        )


def scenario_ais_seed(args: argparse.Namespace, ruleset: Ruleset | None = None) -> tuple[Any, list[str], int]:
    """The scenario, one AI name per seat, and the seed, from --scenario/--ai/--seed."""
    rs = ruleset or ruleset_option(getattr(args, "ruleset", None))
    sc = load_scenario_option(args.scenario, rs)
    n = rs.seats(sc)
    # a default must fit any number of seats: one name for all (match's two-seat default pits two)
    text = args.ai if args.ai is not None else ("heuristic,random" if n == 2 else "heuristic")
    try:
        ais = parse_ais(text, n, rs)
    except ValueError as e:
        raise UserError(str(e)) from None
    check_range(args.seed, "--seed", 0, MAX_SEED)
    return sc, think_ms_option(args, ais, rs), (sc.seed if args.seed is None else args.seed)


THINK_MS_RANGE = (10, 60_000)  # what --think-ms accepts (ai/mcts.py checks the same range)


def add_think_ms_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--think-ms",
        type=int,
        default=None,
        metavar="MS",
        help="the budget per decision of an AI that searches to a budget (Space Gits: mcts, default 1000), "
        "in ms: a fixed number of iterations, so a seed replays the same match on any machine",
    )


def think_ms_option(args: argparse.Namespace, names: list[str], rs: Ruleset) -> list[str]:
    """Seat names with --think-ms bound into each budgeted AI's name (``NAME@MS``: the
    tournament table, the summary and the replay's ``meta.ai`` record it); a budget given with
    no such AI seated is refused (it would change nothing)."""
    ms = getattr(args, "think_ms", None)
    if ms is None:
        return list(names)
    check_range(ms, "--think-ms", *THINK_MS_RANGE)
    budgeted = tuple(getattr(rs, "budgeted_controllers", ()))
    if not any(n in budgeted for n in names):
        raise UserError(
            f"--think-ms sets the budget of {' or '.join(budgeted) or 'a searching AI'}, "
            f"but no seat plays one ({','.join(names)})"
        )
    return [f"{n}@{ms}" if n in budgeted else n for n in names]


MAX_SEED = 2**63 - 1
MAX_JOBS = 256


def check_output(path: str | None, option: str, suffixes: tuple[str, ...] = ()) -> None:
    """Refuse an output path that cannot be written, before any work is done."""
    if path is None:
        return
    p = Path(path)
    if p.is_dir():
        raise UserError(f"{option} '{path}' is a folder: give a file name inside it")
    if suffixes and p.suffix.lower() not in suffixes:
        raise UserError(f"{option} writes {' or '.join(suffixes)} files, got '{path}'")
    if p.exists() and not os.access(p, os.W_OK):
        raise UserError(f"{option} '{path}' cannot be overwritten (no permission)")
    parent = p.parent if str(p.parent) else Path(".")
    while not parent.exists():  # it will be created: the nearest existing folder must be writable
        parent = parent.parent
    if not parent.is_dir():
        raise UserError(f"{option} '{path}': '{parent}' is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UserError(f"{option} '{path}': cannot write in '{parent}' (no permission)")


def check_range(value: int | None, option: str, lo: int, hi: int) -> None:
    if value is not None and not (lo <= value <= hi):
        raise UserError(f"{option} must be from {lo:,} to {hi:,}, got {value}")


def whole_number(value: int | str | None, option: str, lo: int, hi: int) -> int | None:
    """An option's whole number, given as the user typed it (or an int default), checked in one
    step: text, a fraction and a number out of range all get the same sentence naming the option
    and the valid range, where argparse would say "invalid int value" with no range at all."""
    if value is None or isinstance(value, int):
        check_range(value, option, lo, hi)
        return value
    text = value.strip()
    # ASCII digits only, no "1_000" (int() takes both); a 10,000-digit number is out of range, not parsed
    n = int(text) if re.fullmatch(r"[-+]?[0-9]{1,30}", text) else None
    if n is None or not lo <= n <= hi:
        raise UserError(f"{option} must be a whole number from {lo:,} to {hi:,}, got '{text[:40]}'")
    return n


def jobs_option(value: int | None) -> int:
    """--jobs: worker processes, 1 to 256 (default: every core)."""
    if value is None:
        return os.cpu_count() or 1
    check_range(value, "--jobs", 1, MAX_JOBS)
    return value

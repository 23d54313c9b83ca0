"""What every command shares: the consoles, and the scenario/AI/seed options."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from ..data import load_rules
from ..data.paths import scenarios_dir
from ..errors import UserError
from ..matches import parse_ais
from ..rules.scenario import Scenario, load_scenario

console = Console()
err = Console(stderr=True)


def load_scenario_option(path: str | None) -> Scenario:
    """The scenario a --scenario option names (default: the embedded Quick Start)."""
    if path is not None and not Path(path).exists():
        if not (scenarios_dir() / Path(path).name).exists():
            raise UserError(f"scenario '{path}' not found")
    return load_scenario(path, load_rules())


def scenario_ais_seed(args: argparse.Namespace) -> tuple[Scenario, list[str], int]:
    """The scenario, one AI name per boss, and the seed, from --scenario/--ai/--seed."""
    sc = load_scenario_option(args.scenario)
    try:
        ais = parse_ais(args.ai, len(sc.players))
    except ValueError as e:
        raise UserError(str(e)) from None
    return sc, ais, (sc.seed if args.seed is None else args.seed)

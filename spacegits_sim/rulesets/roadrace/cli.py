"""``spacegits season``: a road-race campaign, race after race, kept in one YAML file.

The cars, their Fame Points and upgrades, and each race's winners live in the season file;
``run`` races the cars again (AIs drive and pick the upgrades: the winner's, and one per 5
Fame Points) and writes the file back atomically after every race.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml

from ...atomic import write_atomic
from ...data.yamlio import read_yaml
from ...errors import UserError


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("season", help="a road-race campaign: run races of the same cars, fame and upgrades between")
    p.add_argument("action", choices=("run", "status"))
    p.add_argument("file", help="the season's YAML file (run: created from --race when missing)")
    p.add_argument("--race", default="quick", help="run, a new season: the race file whose cars start it")
    p.add_argument("--races", type=int, default=1, help="run: how many races to run")
    p.add_argument("--ai", default="heuristic", help="run: one AI for every car, or one per car")
    p.add_argument("--seed", type=int, default=0, help="run: the first race's seed (then one more each race)")
    p.set_defaults(func=cmd_season)


def cmd_season(args: argparse.Namespace) -> int:
    from rich.console import Console

    from . import ROADRACE

    console = Console()
    from .campaign import Campaign, campaign_from_doc, run_between
    from .engine import Race
    from .scenario import RaceScenario

    path = Path(args.file)
    if path.exists():
        camp = campaign_from_doc(read_yaml(path, str(path)), str(path))
    elif args.action == "status":
        raise UserError(f"no season at {path}: start one with 'spacegits season run {path} --race quick'")
    else:
        camp = Campaign(list(ROADRACE.load_scenario(args.race).cars))
    if args.action == "run":
        if not 1 <= args.races <= 1000:
            raise UserError(f"--races must be from 1 to 1000, got {args.races}")
        ais = [a.strip() for a in args.ai.split(",")]
        ais = ais * len(camp.cars) if len(ais) == 1 else ais
        if len(ais) != len(camp.cars) or any(a not in ROADRACE.controllers for a in ais):
            raise UserError(f"--ai needs one of {'/'.join(ROADRACE.controllers)} per car ({len(camp.cars)})")
        for k in range(args.races):
            seed = args.seed + camp.races
            race = Race(RaceScenario(f"season race {camp.races + 1}", tuple(camp.cars), seed), seed=seed)
            ctl = [ROADRACE.make_controller(a, seed, i) for i, a in enumerate(ais)]
            race.play(ctl)
            camp = run_between(camp, race, ctl)
            write_atomic(path, yaml.safe_dump(camp.to_doc(), sort_keys=False))
            who = " and ".join(race.racers[w].name for w in race.winners) or "nobody"
            console.print(f"race {camp.races}: {who} wins ({race.reason})")
            del k
    _status(camp, console)
    return 0


def _status(camp: Any, console: Any) -> None:
    from rich.table import Table

    t = Table(title=f"season: {camp.races} races")
    for col in ("car", "fame", "wins", "upgrades"):
        t.add_column(col)
    for i, c in enumerate(camp.cars):
        wins = sum(1 for h in camp.history if i in h.get("winners", []))
        t.add_row(c.name, str(c.fame), str(wins), ", ".join((c.upgrade, *c.earned)))
    console.print(t)

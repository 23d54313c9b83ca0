"""``spacegits campaign new|run|status``: gangs that live from game to game (docs/campaigns.md)."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from .. import campaign as camp
from ..ai import CONTROLLERS
from ..atomic import write_figure
from ..data import load_rules
from ..errors import UserError
from ..rules.gangmodes import roll_gang
from ..rules.gangs import gang_from_doc, load_gang
from ..rules.scenario import Player
from .common import MAX_SEED, check_output, check_range, console, err, load_scenario_option

MODES = {"alacarte": "a_la_carte", "chefs": "chefs_recommendation", "chaos": "chaos"}


def cmd_campaign(args: argparse.Namespace) -> int:
    folder = Path(args.name)
    rules = load_rules(args.house or [])
    if args.action == "new":
        return _new(args, folder, rules)
    if args.action == "run":
        return _run(args, folder, rules)
    return _status(args, folder, rules)


def _new(args: argparse.Namespace, folder: Path, rules: object) -> int:
    if camp.exists(folder):
        raise UserError(f"{folder} already holds a campaign (campaign status {args.name} shows it)")
    check_range(args.seed, "--seed", 0, MAX_SEED)
    sc = load_scenario_option(args.scenario)
    if args.gangs:
        if not 2 <= len(args.gangs) <= 4:
            raise UserError(f"--gangs names 2 to 4 gang files, got {len(args.gangs)}")
        names = [p.boss for p in sc.players] + ["Green", "Gold", "Purple", "Grey"]
        players = tuple(Player(names[i], load_gang(g, rules)) for i, g in enumerate(args.gangs))  # type: ignore[arg-type]
        sc = dataclasses.replace(sc, players=players)
    mode = MODES.get(args.mode)
    if mode is None:
        raise UserError(f"--mode must be alacarte, chefs or chaos, got '{args.mode}'")
    if mode != "a_la_carte":  # each gang rolled up afresh from the tables (a rolled gang starts with no caps)
        rolled = []
        for i, p in enumerate(sc.players):
            gits = [g.type for g in p.gang.gits] if mode == "chefs_recommendation" else None
            r = roll_gang(rules, (args.seed or 0) * 10 + i, mode, gits, name=p.gang.name)  # type: ignore[arg-type]
            rolled.append(Player(p.boss, gang_from_doc(r.doc, f"<{args.mode} gang {i + 1}>", rules)))  # type: ignore[arg-type]
        sc = dataclasses.replace(sc, players=tuple(rolled))
    c = camp.new_campaign(folder.name, sc, args.seed or 0)
    camp.save(folder, c)
    console.print(f"new campaign [bold]{folder}[/]: {', '.join(g.boss for g in c.gangs)} on {sc.name}")
    return 0


def _run(args: argparse.Namespace, folder: Path, rules: object) -> int:
    c = camp.load(folder, rules)  # type: ignore[arg-type]
    check_range(args.games, "--games", 1, camp.MAX_GAMES)
    ais = [a.strip() for a in args.ai.split(",") if a.strip()]
    if len(ais) == 1:
        ais = ais * len(c.gangs)
    bad = [a for a in ais if a not in CONTROLLERS]
    if bad or len(ais) != len(c.gangs):
        raise UserError(f"--ai needs one of {', '.join(CONTROLLERS)} per gang ({len(c.gangs)}), got '{args.ai}'")
    with Progress(
        TextColumn(f"[bold]campaign {folder.name}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
    ) as bar:
        task = bar.add_task("games", total=args.games)
        for _ in range(args.games):
            entry = camp.play_game(c, rules, ais, folder)  # type: ignore[arg-type]
            camp.save(folder, c)  # after every game: a killed run loses at most the game in hand
            bar.advance(task)
            err.print(f"game {entry['game']}: {' and '.join(entry['winners'] or [])} won; stashes {entry['stash']}")
    return _status(args, folder, rules)


def _status(args: argparse.Namespace, folder: Path, rules: object) -> int:
    c = camp.load(folder, rules)  # type: ignore[arg-type]
    plot = getattr(args, "plot", None)
    check_output(plot, "--plot", (".png", ".pdf", ".svg"))
    console.print(f"[bold]{c.name}[/]: {len(c.games)} game(s) played (seed {c.seed})")
    for g in c.gangs:
        t = RichTable(title=f"{g.boss}: {g.gang.get('name', '')} — stash {g.stash}, reputation {g.reputation()}")
        for col in ("git", "type", "attitude", "games", "skipped", "injuries", "vehicle (repairs)"):
            t.add_column(col)
        for git in g.gang["gits"]:
            st = g.gits.get(git["name"], camp.GitState())
            ride = ""
            if git.get("vehicle"):
                ride = rules.vehicles[git["vehicle"]].name  # type: ignore[attr-defined]
                if git.get("repairs"):
                    ride += f" ({'; '.join(git['repairs'])})"
            t.add_row(
                git["name"],
                git["type"],
                str(st.attitude),
                str(st.games),
                str(st.skipped),
                "; ".join(git.get("treatments", [])),
                ride,
            )
        console.print(t)
    if plot:
        _plot(c, plot)
        console.print(f"wrote {plot}")
    return 0


def _plot(c: camp.Campaign, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    games = [e["game"] for e in c.games]
    for g in c.gangs:
        a1.plot(games, [e["stash"][g.boss] for e in c.games], marker="o", label=g.boss)
        a2.plot(games, [e["reputation"][g.boss] for e in c.games], marker="o", label=g.boss)
    a1.set(title="stash after each game's afterparty", xlabel="game", ylabel="caps")
    a2.set(title="reputation (total attitude)", xlabel="game", ylabel="reputation")
    a1.legend()
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("campaign", help="gangs that live from game to game: new, run, status")
    p.add_argument("action", choices=("new", "run", "status"))
    p.add_argument("name", help="the campaign's folder")
    p.add_argument("--scenario", default=None, help="new: the table to play on (default: the Quick Start)")
    p.add_argument("--gangs", nargs="+", default=None, help="new: 2-4 gang files (default: the scenario's gangs)")
    p.add_argument("--seed", type=int, default=0, help="new: the campaign's seed")
    p.add_argument(
        "--mode",
        default="alacarte",
        help="new: alacarte (the gang files as they are), chefs (their gits bought naked, loot rolled), "
        "chaos (random gits, loot rolled)",
    )
    p.add_argument("--games", type=int, default=1, help="run: how many games to play")
    p.add_argument("--ai", default="heuristic", help="run: one AI for every gang, or one per gang")
    p.add_argument("--plot", default=None, help="status: stash and reputation over the games (.png)")
    p.add_argument("--house", nargs="*", default=None, help="house-rule YAML files")
    p.set_defaults(func=cmd_campaign)

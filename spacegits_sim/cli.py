"""The ``spacegits`` command: watch, play, match, towers, validate, replay…

Every user mistake (a bad file, a bad parameter) ends as one readable message and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from . import __version__
from .data.errors import DataError, Problem
from .errors import UserError
from .physics.params import ParamError, load_params, parse_set

console = Console()
err = Console(stderr=True)


# ----------------------------------------------------------------------------- towers


def cmd_towers(args: argparse.Namespace) -> int:
    from .physics.tower import CARE_LEVELS
    from .towerlab import cells_to_json, parse_heights, plot, sweep

    if args.view:
        from .render.bench import run_bench  # pygame lives in render/ only
        return run_bench(args)
    try:
        heights = parse_heights(args.heights)
    except ValueError as e:
        raise UserError(str(e)) from None
    overrides = dict(parse_set(s) for s in args.set or [])
    params = load_params("towers", overrides, args.params)
    cares = [c.strip() for c in args.care.split(",")] if args.care else list(CARE_LEVELS)
    bad = [c for c in cares if c not in CARE_LEVELS]
    if bad:
        raise UserError(f"unknown care level '{bad[0]}' (valid: {', '.join(CARE_LEVELS)})")
    if args.trials < 1:
        raise UserError("--trials must be at least 1")
    jobs = args.jobs or (os.cpu_count() or 1)
    total = len(heights) * len(cares) * args.trials
    t0 = time.perf_counter()
    with Progress(TextColumn(f"[bold]{args.experiment}[/] sweep"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=err, transient=False) as prog:
        task = prog.add_task("trials", total=total)
        cells = sweep(heights, cares, args.trials, args.experiment, params, jobs, args.seed,
                      progress=lambda done, _: prog.update(task, completed=done))
    wall = time.perf_counter() - t0
    table = RichTable(title=f"Tower fall rate: {args.experiment}, {args.trials} trials per cell (95% Wilson CI)")
    table.add_column("dice", justify="right")
    for c in cares:
        table.add_column(c, justify="center")
    for h in heights:
        row = [str(h)]
        for c in cares:
            cell = next(x for x in cells if x.height == h and x.care == c)
            lo, hi = cell.ci95
            row.append(f"{cell.rate:5.1%}  [{lo:4.0%}–{hi:4.0%}]")
        table.add_row(*row)
    console.print(table)
    sim = sum(c.sim_s for c in cells)
    wall_exp = sum(c.wall_s for c in cells)
    console.print(f"{total} trials in {wall:.1f} s wall on {jobs} job(s); experiments simulated {sim:.0f} s "
                  f"in {wall_exp:.1f} s CPU ({sim / max(wall_exp, 1e-9):.1f}× real time)")
    meta = {"experiment": args.experiment, "trials": args.trials, "seed": args.seed, "overrides": overrides,
            "params_file": args.params, "version": __version__, "wall_s": wall}
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(cells_to_json(cells, meta), indent=1))
        console.print(f"wrote {args.json}")
    if args.plot:
        plot(cells, args.plot, f"Tower falls per {args.experiment} ({args.trials} trials/point)")
        console.print(f"wrote {args.plot}")
    return 0


# ----------------------------------------------------------------------------- validate


def cmd_validate(args: argparse.Namespace) -> int:
    from .data import load_rules

    problems = 0
    for path in args.files:
        p = Path(path)
        kind = _sniff_kind(p)
        try:
            if kind == "gang":
                from .rules.gangs import load_gang, unsimulated, validate_gang
                rules = load_rules(args.house or [])
                gang = load_gang(p, rules)
                issues = validate_gang(gang, rules, budget=args.budget)
                if issues:
                    raise DataError(issues)
                _warn_unsimulated(p, unsimulated(gang, rules))
                console.print(f"[green]ok[/] {p}: gang '{gang.name}', {len(gang.gits)} gits, {gang.cost} caps")
            elif kind == "scenario":
                from .rules.effects import is_implemented
                from .rules.gangs import unsimulated
                from .rules.scenario import load_scenario
                rules = load_rules(args.house or [])
                sc = load_scenario(p, rules)
                for pl in sc.players:
                    _warn_unsimulated(p, unsimulated(pl.gang, rules))
                for piece in sc.terrain:
                    for sid in rules.terrain[piece.type].special:
                        if not is_implemented("terrain", sid):
                            _warn_unsimulated(p, [Problem(str(p), f"terrain '{piece.id}'", "type",
                                                                    f"'{piece.type}' is not simulated yet: it is plain "
                                                                    f"terrain of its height until the terrain issue")])
                console.print(f"[green]ok[/] {p}: scenario '{sc.name}', {len(sc.players)} bosses, "
                              f"{len(sc.terrain)} terrain pieces")
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
        err.print(f"[yellow]warning[/] {path}: {len(problems)} item(s) above are accepted but not simulated yet "
                  "(see the implemented table in docs/rules.md)")


def _sniff_kind(p: Path) -> str:
    from .data.yamlio import read_yaml

    doc = read_yaml(p)
    if isinstance(doc, dict) and "gits" in doc:
        return "gang"
    if isinstance(doc, dict) and "players" in doc:
        return "scenario"
    return "rules"


# ----------------------------------------------------------------------------- match, replay


def _scenario(path: str | None):  # type: ignore[no-untyped-def]
    from .data import load_rules
    from .rules.scenario import load_scenario
    if path is not None and not Path(path).exists():
        from .data.paths import scenarios_dir
        if not (scenarios_dir() / Path(path).name).exists():
            raise UserError(f"scenario '{path}' not found")
    return load_scenario(path, load_rules())


def scenario_ais_seed(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The scenario, one AI name per boss, and the seed, from --scenario/--ai/--seed."""
    from .matches import parse_ais

    sc = _scenario(args.scenario)
    try:
        ais = parse_ais(args.ai, len(sc.players))
    except ValueError as e:
        raise UserError(str(e)) from None
    return sc, ais, (sc.seed if args.seed is None else args.seed)


def cmd_match(args: argparse.Namespace) -> int:
    from .matches import play_by_play, play_match, print_summary, summary_with_ais
    from .replay import save_replay

    sc, ais, seed = scenario_ais_seed(args)
    t0 = time.perf_counter()
    m = play_match(sc, seed, ais)
    wall = time.perf_counter() - t0
    s = summary_with_ais(m, ais)
    s["wall_s"] = round(wall, 3)
    if args.log:
        for line in play_by_play(m):
            console.print(line, highlight=False)
    print_summary(s, console)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({k: v for k, v in s.items() if k != "wall_s"}, indent=1))
        console.print(f"wrote {args.json}")
    if args.replay:
        save_replay(m, args.replay, {"ai": ais})
        console.print(f"wrote {args.replay}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .matches import print_summary
    from .replay import load_replay, rebuild

    doc = load_replay(args.file)
    if doc.get("version") != __version__:
        err.print(f"[yellow]note:[/] recorded with spacegits_sim {doc.get('version')}, this is {__version__}")
    v = rebuild(doc, str(args.file), verify=True)
    if not v.ok:
        err.print(f"[red]replay {args.file}[/]: {v.message}")
        return 1
    console.print(f"[green]ok[/] {args.file}: {v.message}")
    if v.match.over:
        print_summary(v.match.summary(), console)
    else:
        console.print(f"the match is not over: {v.match.pending.kind if v.match.pending else ''} is next (resume it with spacegits play --resume)")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .ai import CONTROLLERS, make_controller
    from .replay import load_replay, rebuild
    from .rules.engine import Match

    if args.resume:
        doc = load_replay(args.resume)
        v = rebuild(doc, args.resume)
        if not v.ok:
            raise UserError(f"cannot resume {args.resume}: {v.message}")
        resumed = v.match
        sc = resumed.scenario
        seed = resumed.seed
        seats_text = args.seats or ",".join("human" for _ in sc.players)
    else:
        sc = _scenario(args.scenario)
        seed = sc.seed if args.seed is None else args.seed
        seats_text = args.seats or ",".join(["human"] * len(sc.players))
        resumed = None
    seats = [s.strip() for s in seats_text.split(",")]
    if len(seats) == 1:
        seats = seats * len(sc.players)
    if len(seats) != len(sc.players) or any(s not in ("human",) + CONTROLLERS for s in seats):
        raise UserError(f"--seats needs one of human/{'/'.join(CONTROLLERS)} per boss ({len(sc.players)}), got '{seats_text}'")
    humans = {i for i, s in enumerate(seats) if s == "human"}

    def make(seed: int):  # type: ignore[no-untyped-def]
        m = resumed if resumed is not None else Match(sc, seed=seed)
        ctrl = [None if s == "human" else make_controller(s, seed, i) for i, s in enumerate(seats)]
        return m, ctrl

    from .render.hotseat import HotseatApp, run_hotseat
    from .render.watch_app import has_display

    if not has_display():
        raise UserError("hot-seat needs a display (a window); for a headless game use 'spacegits watch' or 'spacegits match'")
    app = HotseatApp(make, seed, humans, save_path=args.save)
    run_hotseat(app)
    console.print(f"game saved to {args.save}" if app.match.pending is not None else "game over")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from statistics import mean

    from .ai import CONTROLLERS
    from .replay import scenario_to_doc
    from .tournament import aggregate, plot, run, schedule

    sc = _scenario(args.scenario)
    if len(sc.players) != 2:
        raise UserError("tournaments are played on 2-boss scenarios")
    ais = [a.strip() for a in args.ai.split(",") if a.strip()]
    bad = [a for a in ais if a not in CONTROLLERS]
    if bad or len(ais) < 2:
        raise UserError(f"--ai needs at least two of {', '.join(CONTROLLERS)}, got '{args.ai}'")
    if args.games < 1:
        raise UserError("--games must be at least 1")
    tasks = schedule(scenario_to_doc(sc), ais, args.games, args.seed)
    jobs = args.jobs or (os.cpu_count() or 1)
    t0 = time.perf_counter()
    where = f"Dask at {args.scheduler}" if args.scheduler else f"{jobs} local process(es)"
    with Progress(TextColumn(f"[bold]tournament[/] on {where}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=err) as prog:
        task = prog.add_task("matches", total=len(tasks))
        results = run(tasks, jobs, args.scheduler, progress=lambda d, _: prog.update(task, completed=d))
    wall = time.perf_counter() - t0
    pairs, failures = aggregate(results, ais)
    t = RichTable(title=f"{sc.name}: {args.games} games per pair, seats swapped (win rate among decided games, 95% CI)")
    for col in ("pair", "wins", "ties", "failed", "win rate (first)", "95% CI", "mean new caps"):
        t.add_column(col)
    for p in pairs:
        r, lo, hi = p.rate_a()
        caps = f"{mean(p.caps_a):.1f} / {mean(p.caps_b):.1f}" if p.caps_a else "-"
        t.add_row(f"{p.a} vs {p.b}", f"{p.wins_a}-{p.wins_b}", str(p.ties), str(p.failed), f"{r:.1%}",
                  f"{lo:.1%} - {hi:.1%}", caps)
    console.print(t)
    console.print(f"{len(results)} matches in {wall:.1f} s on {where}")
    for f in failures:
        err.print(f"[red]failed:[/] seed {f['seed']} seats {f['seats']}: {f['error']}")
    if failures:
        Path("out").mkdir(exist_ok=True)
        for f in failures:
            if f.get("replay"):
                path = Path("out") / f"failed_seed{f['seed']}_{'_'.join(f['seats'])}.replay.json"
                path.write_text(json.dumps(f["replay"]))
                err.print(f"  replay: {path}")
    if args.json:
        doc = {"scenario": sc.name, "games": args.games, "ais": ais, "wall_s": wall,
               "pairs": [{"a": p.a, "b": p.b, "wins_a": p.wins_a, "wins_b": p.wins_b, "ties": p.ties, "failed": p.failed,
                          "rate_a": p.rate_a()[0], "ci95": list(p.rate_a()[1:]),
                          "mean_caps_a": mean(p.caps_a) if p.caps_a else None,
                          "mean_caps_b": mean(p.caps_b) if p.caps_b else None} for p in pairs],
               "failures": [{k: v for k, v in f.items() if k != "replay"} for f in failures]}
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(doc, indent=1))
        console.print(f"wrote {args.json}")
    if args.plot:
        plot(pairs, args.plot)
        console.print(f"wrote {args.plot}")
    return 0


# ----------------------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="spacegits", description="A physics-backed simulator of Space Gits.")
    ap.add_argument("--version", action="version", version=f"spacegits_sim {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)

    w = sub.add_parser("watch", help="watch an AI-vs-AI match (window, or files + play-by-play when headless)")
    w.add_argument("--scenario", default=None, help="scenario YAML (default: the embedded Quick Start)")
    w.add_argument("--ai", default="heuristic,heuristic", help="controllers, one per boss, e.g. heuristic,search")
    w.add_argument("--seed", type=int, default=None)
    w.add_argument("--headless", action="store_true", help="no window: render files instead")
    w.add_argument("--record", default=None, help="write a video/GIF of the match (.gif or .mp4)")
    w.add_argument("--screenshot", default=None, help="save the final board as PNG")
    w.add_argument("--out", default="out", help="folder for headless output (default: out/)")
    w.set_defaults(func=_cmd_watch)

    t = sub.add_parser("towers", help="sweep tower fall rates by height and care level (Tower Lab)")
    t.add_argument("--heights", default="1-12", help="tower heights in dice, e.g. 1-12 or 2,4,8")
    t.add_argument("--care", default=None, help="care levels, comma-separated (default: all)")
    t.add_argument("--experiment", default="scoot", choices=["scoot", "shove", "hit"],
                   help="scoot: a 3D6 carry; shove: a 3\" shove; hit: a stray die hits the bottom die")
    t.add_argument("--trials", type=int, default=100, help="seeded trials per (height, care)")
    t.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--params", default=None, help="YAML file overriding assets/physics/towers.yaml")
    t.add_argument("--set", action="append", metavar="NAME=VALUE", help="override one parameter, e.g. friction_die_die=0.3")
    t.add_argument("--json", default=None, help="write the results as JSON")
    t.add_argument("--plot", default=None, help="write a PNG plot of fall rate vs height")
    t.add_argument("--view", action="store_true", help="open the interactive tower bench (pygame)")
    t.set_defaults(func=cmd_towers)

    pl = sub.add_parser("play", help="play hot-seat on one screen (any mix of humans and AIs)")
    pl.add_argument("--scenario", default=None)
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--seats", default=None, help="one per boss: human, random, heuristic, search (default: all human)")
    pl.add_argument("--resume", default=None, help="continue a saved game (a replay file)")
    pl.add_argument("--save", default="out/hotseat.replay.json", help="where Ctrl+S (and closing the window) saves")
    pl.set_defaults(func=cmd_play)

    mt = sub.add_parser("match", help="play one headless AI match and print a summary")
    mt.add_argument("--scenario", default=None, help="scenario YAML (default: the Quick Start)")
    mt.add_argument("--seed", type=int, default=None)
    mt.add_argument("--ai", default="heuristic,random", help="one controller per boss: random, heuristic, search")
    mt.add_argument("--json", default=None, help="write the summary as JSON")
    mt.add_argument("--replay", default=None, help="write the replay file")
    mt.add_argument("--log", action="store_true", help="print the play-by-play")
    mt.set_defaults(func=cmd_match)

    tn = sub.add_parser("tournament", help="round-robin AI matches with seats swapped, in parallel")
    tn.add_argument("--scenario", default=None)
    tn.add_argument("--ai", default="heuristic,random", help="the AIs to pit against each other")
    tn.add_argument("--games", type=int, default=20, help="games per pair (seats swapped every other game)")
    tn.add_argument("--jobs", type=int, default=None, help="local worker processes (default: all cores)")
    tn.add_argument("--scheduler", default=None, help="address of an existing Dask scheduler (needs the distributed extra)")
    tn.add_argument("--seed", type=int, default=0)
    tn.add_argument("--json", default=None)
    tn.add_argument("--plot", default=None)
    tn.set_defaults(func=cmd_tournament)

    rp = sub.add_parser("replay", help="re-run a replay and check every decision's checksum")
    rp.add_argument("file")
    rp.add_argument("--verify", action="store_true", default=True, help="(always on) confirm every checksum")
    rp.set_defaults(func=cmd_replay)

    v = sub.add_parser("validate", help="check gang, scenario or house-rule YAML files")
    v.add_argument("files", nargs="+")
    v.add_argument("--house", action="append", help="house-rule YAML to apply first")
    v.add_argument("--budget", type=int, default=None, help="cap budget (default 25)")
    v.set_defaults(func=cmd_validate)
    return ap


def _cmd_watch(args: argparse.Namespace) -> int:
    from .watch import cmd_watch
    return cmd_watch(args)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (UserError, ParamError) as e:
        err.print(f"[red]error:[/] {e}")
        return 2
    except DataError as e:
        err.print(f"[red]error:[/] {e}")
        return 2
    except KeyboardInterrupt:
        err.print("interrupted")
        return 130


if __name__ == "__main__":
    # run through the package module so exception classes are the ones main() catches
    from spacegits_sim.cli import main as _main

    sys.exit(_main())

"""``spacegits tournament``: round-robin AI games of any ruleset with seats swapped, on local processes or Dask."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from statistics import mean

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table as RichTable

from ..atomic import write_atomic
from ..errors import UserError
from .common import (
    MAX_SEED,
    check_output,
    check_range,
    console,
    err,
    jobs_option,
    load_scenario_option,
    ruleset_option,
    think_ms_option,
)


def cmd_tournament(args: argparse.Namespace) -> int:
    from ..tournament import SCHEDULER_ADDRESS, SchedulerError, aggregate, plot, run, schedule, tls_security

    rs = ruleset_option(args.ruleset)
    sc = load_scenario_option(args.scenario, rs)
    n = rs.seats(sc)
    if n < 2 or n % 2:
        raise UserError(
            f"tournaments are played on 2- or 4-{rs.seat_word} scenarios (two AIs sit alternately), not {n}"
        )
    ais = [a.strip() for a in args.ai.split(",") if a.strip()]
    known = rs.known_controllers()  # the shipped AIs and any registered at run time (plugins, baselines)
    bad = [a for a in ais if a not in known]
    if bad or len(ais) < 2:
        raise UserError(f"--ai needs at least two of {', '.join(known)}, got '{args.ai}'")
    check_range(args.games, "--games", 1, 100_000)
    check_range(args.seed, "--seed", 0, MAX_SEED)
    if args.scheduler is not None and not SCHEDULER_ADDRESS.match(args.scheduler):
        raise UserError(f"--scheduler '{args.scheduler[:80]}' is not an address like tcp://host:8786 (or tls://…)")
    security = None
    tls = (args.tls_ca_file, args.tls_cert, args.tls_key)
    if any(tls):
        if not all(tls) or not (args.scheduler or "").startswith("tls://"):
            raise UserError("TLS needs a tls:// --scheduler and all three of --tls-ca-file, --tls-cert, --tls-key")
        try:
            security = tls_security(*tls)
        except SchedulerError as e:
            raise UserError(str(e)) from None
    check_output(args.json, "--json", (".json",))
    check_output(args.plot, "--plot", (".png", ".pdf", ".svg"))
    if len(set(ais)) != len(ais):
        raise UserError(f"--ai names an AI twice ('{args.ai}'): a tournament pits different AIs against each other")
    ais = think_ms_option(args, ais, rs)
    tasks = schedule(rs.scenario_to_doc(sc), ais, args.games, args.seed, bosses=n, ruleset=rs.id)
    jobs = jobs_option(args.jobs)
    t0 = time.perf_counter()
    where = f"Dask at {args.scheduler}" if args.scheduler else f"{jobs} local process(es)"
    with Progress(
        TextColumn(f"[bold]tournament[/] on {where}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
    ) as prog:
        task = prog.add_task("matches", total=len(tasks))
        try:
            results = run(
                tasks, jobs, args.scheduler, progress=lambda d, _: prog.update(task, completed=d), security=security
            )
        except SchedulerError as e:
            raise UserError(str(e)) from None
    wall = time.perf_counter() - t0
    pairs, failures = aggregate(results, ais)
    name = rs.scenario_name(sc)
    t = RichTable(title=f"{name}: {args.games} games per pair, seats swapped (win rate among decided games, 95% CI)")
    for col in ("pair", "wins", "ties", "failed", "win rate (first)", "95% CI", f"mean {rs.score_word}"):
        t.add_column(col)
    for p in pairs:
        r, lo, hi = p.rate_a()
        caps = f"{mean(p.caps_a):.1f} / {mean(p.caps_b):.1f}" if p.caps_a else "-"
        t.add_row(
            f"{p.a} vs {p.b}",
            f"{p.wins_a}-{p.wins_b}",
            str(p.ties),
            str(p.failed),
            f"{r:.1%}",
            f"{lo:.1%} - {hi:.1%}",
            caps,
        )
    console.print(t)
    console.print(f"{len(results)} matches in {wall:.1f} s on {where}")
    for f in failures:
        err.print(f"[red]failed:[/] seed {f['seed']} seats {f['seats']}: {f['error']}")
    if failures:
        Path("out").mkdir(exist_ok=True)
        for f in failures:
            if f.get("replay"):
                path = Path("out") / f"failed_seed{f['seed']}_{'_'.join(f['seats'])}.replay.json"
                write_atomic(path, json.dumps(f["replay"]))
                err.print(f"  replay: {path}")
    if args.json:
        doc = {
            "ruleset": rs.id,
            "scenario": name,
            "games": args.games,
            "ais": ais,
            "wall_s": wall,
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "wins_a": p.wins_a,
                    "wins_b": p.wins_b,
                    "ties": p.ties,
                    "failed": p.failed,
                    "rate_a": p.rate_a()[0],
                    "ci95": list(p.rate_a()[1:]),
                    "mean_caps_a": mean(p.caps_a) if p.caps_a else None,
                    "mean_caps_b": mean(p.caps_b) if p.caps_b else None,
                }
                for p in pairs
            ],
            "failures": [{k: v for k, v in f.items() if k != "replay"} for f in failures],
        }
        write_atomic(args.json, json.dumps(doc, indent=1))
        console.print(f"wrote {args.json}")
    if args.plot:
        plot(pairs, args.plot)
        console.print(f"wrote {args.plot}")
    return 0

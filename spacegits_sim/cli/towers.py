"""``spacegits towers``: the Tower Lab sweep (fall rates by height and care), or the tower bench window."""

from __future__ import annotations

import argparse
import json
import time

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table as RichTable

from .. import __version__
from ..atomic import write_atomic
from ..errors import UserError
from ..physics.params import load_params, parse_sets
from ..physics.tower import CARE_LEVELS
from .common import MAX_JOBS, MAX_SEED, check_output, console, err, jobs_option, whole_number

TRIALS_RANGE = (1, 100_000)  # seeded trials per (height, care) a sweep will run


def check_towers_options(args: argparse.Namespace) -> list[str]:
    """--trials, --jobs and --seed as whole numbers in range (written back into ``args``), and
    the --care levels: each refusal one sentence naming the option and what it takes."""
    args.trials = whole_number(args.trials, "--trials", *TRIALS_RANGE)
    args.jobs = whole_number(args.jobs, "--jobs", 1, MAX_JOBS)
    args.seed = whole_number(args.seed, "--seed", 0, MAX_SEED)
    valid = ", ".join(CARE_LEVELS)
    if args.care is None:
        return list(CARE_LEVELS)
    cares = [c.strip() for c in args.care.split(",")]
    if not args.care.strip():
        raise UserError(f"--care is empty: give care levels separated by commas, from {valid} (default: all)")
    for c in cares:
        if not c:
            raise UserError(f"--care '{args.care[:40]}' has an empty item (a stray comma?); the levels are {valid}")
        if c not in CARE_LEVELS:
            raise UserError(f"--care: unknown care level '{c[:40]}' (valid: {valid})")
        if cares.count(c) > 1:
            raise UserError(f"--care: care level '{c}' is given twice")
    return cares


def cmd_towers(args: argparse.Namespace) -> int:
    from ..towerlab import cells_to_json, parse_heights, plot, sweep

    cares = check_towers_options(args)
    if args.view:
        from ..render.bench import run_bench  # pygame lives in render/ only

        return run_bench(args)
    check_output(args.json, "--json", (".json",))
    check_output(args.plot, "--plot", (".png", ".pdf", ".svg"))
    try:
        heights = parse_heights(args.heights)
    except ValueError as e:
        raise UserError(str(e)) from None
    overrides = parse_sets(args.set)
    params = load_params("towers", overrides, args.params)
    jobs = jobs_option(args.jobs)
    total = len(heights) * len(cares) * args.trials
    t0 = time.perf_counter()
    with Progress(
        TextColumn(f"[bold]{args.experiment}[/] sweep"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=False,
    ) as prog:
        task = prog.add_task("trials", total=total)
        cells = sweep(
            heights,
            cares,
            args.trials,
            args.experiment,
            params,
            jobs,
            args.seed,
            progress=lambda done, _: prog.update(task, completed=done),
        )
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
    console.print(
        f"{total} trials in {wall:.1f} s wall on {jobs} job(s); experiments simulated {sim:.0f} s "
        f"in {wall_exp:.1f} s CPU ({sim / max(wall_exp, 1e-9):.1f}× real time)"
    )
    meta = {
        "experiment": args.experiment,
        "trials": args.trials,
        "seed": args.seed,
        "overrides": overrides,
        "params_file": args.params,
        "version": __version__,
        "wall_s": wall,
    }
    if args.json:
        write_atomic(args.json, json.dumps(cells_to_json(cells, meta), indent=1))
        console.print(f"wrote {args.json}")
    if args.plot:
        plot(cells, args.plot, f"Tower falls per {args.experiment} ({args.trials} trials/point)")
        console.print(f"wrote {args.plot}")
    return 0

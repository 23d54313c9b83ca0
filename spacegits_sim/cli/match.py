"""``spacegits match`` and ``spacegits replay``: a headless AI game of any ruleset, and re-running a
replay (through the ruleset the file names)."""

from __future__ import annotations

import argparse
import json
import time

from .. import __version__
from ..atomic import write_atomic
from ..matches import play_match, summary_with_ais
from ..play.replay import load_replay, rebuild, ruleset_of, save_replay
from .common import check_output, console, err, ruleset_option, scenario_ais_seed


def cmd_match(args: argparse.Namespace) -> int:
    check_output(args.json, "--json", (".json",))
    check_output(args.replay, "--replay")
    rs = ruleset_option(args.ruleset)
    sc, ais, seed = scenario_ais_seed(args, rs)
    t0 = time.perf_counter()
    m = play_match(sc, seed, ais, ruleset=rs)
    wall = time.perf_counter() - t0
    s = summary_with_ais(m.summary(), ais)
    s["wall_s"] = round(wall, 3)
    if args.log:
        for line in rs.play_by_play(m):
            console.print(line, highlight=False)
    rs.print_summary(s, console)
    if args.json:
        write_atomic(args.json, json.dumps({k: v for k, v in s.items() if k != "wall_s"}, indent=1))
        console.print(f"wrote {args.json}")
    if args.replay:
        save_replay(m, rs, args.replay, {"ai": ais})
        console.print(f"wrote {args.replay}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    doc = load_replay(args.file)
    if doc.get("version") != __version__:
        err.print(f"[yellow]note:[/] recorded with spacegits_sim {doc.get('version')}, this is {__version__}")
    rs = ruleset_of(doc, str(args.file))  # the replay names its ruleset (none: Space Gits)
    v = rebuild(doc, str(args.file), verify=True, ruleset=rs)
    if not v.ok:
        err.print(f"[red]replay {args.file}[/]: {v.message}")
        return 1
    console.print(f"[green]ok[/] {args.file}: {v.message}")
    if v.match.over:
        rs.print_summary(summary_with_ais(v.match.summary(), list(doc.get("meta", {}).get("ai", []))), console)
    else:
        console.print(
            f"the match is not over: {v.match.pending.kind if v.match.pending else ''} is next "
            "(resume it with spacegits play --resume)"
        )
    return 0

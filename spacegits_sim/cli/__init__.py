"""The ``spacegits`` command: watch, play, match, towers, gang, campaign, validate, replay, tournament.

One module per command; this one builds the parser and turns every user mistake (a bad
file, a bad parameter) into one readable message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from ..atomic import write_atomic
from ..data.errors import DataError
from ..errors import UserError
from ..physics.params import ParamError
from ..physics.table import TableError
from ..physics.tower import CARE_LEVELS
from ..play import registry
from ..towerlab import MAX_HEIGHT
from .common import MAX_JOBS, SuggestingParser, add_ruleset_option, add_think_ms_option, err
from .match import cmd_match, cmd_replay
from .play import cmd_play
from .tournament import cmd_tournament
from .towers import TRIALS_RANGE, cmd_towers
from .validate import cmd_validate
from .watch import cmd_watch

__all__ = ["main", "build_parser"]


def write_bug_report(argv: Sequence[str] | None, args: argparse.Namespace | None = None) -> str:
    """The traceback, the command line and every option (the seed among them), saved for a bug
    report (out/bug-report-*.txt)."""
    text = f"spacegits_sim {__version__}\ncommand: spacegits {' '.join(argv if argv is not None else sys.argv[1:])}\n"
    if args is not None:
        opts = {k: v for k, v in vars(args).items() if k != "func"}
        text += f"options: {opts}\n"
    text += "\n" + traceback.format_exc()
    path = Path("out") / f"bug-report-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    try:
        write_atomic(path, text)
    except OSError:
        return "(could not write a report; run again with python -X dev for the traceback)"
    return str(path)


def build_parser() -> argparse.ArgumentParser:
    ap = SuggestingParser(prog="spacegits", description="A physics-backed simulator of Space Gits.")
    ap.add_argument("--version", action="version", version=f"spacegits_sim {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)

    w = sub.add_parser("watch", help="watch an AI-vs-AI match (window, or files + play-by-play when headless)")
    w.add_argument("--scenario", default=None, help="scenario YAML (default: the embedded Quick Start)")
    w.add_argument(
        "--ai",
        default="heuristic",
        help="one controller for every seat, or one per seat, e.g. heuristic,search (default: heuristic)",
    )
    w.add_argument("--seed", type=int, default=None)
    w.add_argument("--headless", action="store_true", help="no window: render files instead")
    w.add_argument("--record", default=None, help="write a video/GIF of the match (.gif or .mp4)")
    w.add_argument("--screenshot", default=None, help="save the final board as PNG")
    w.add_argument("--out", default="out", help="folder for headless output (default: out/)")
    w.add_argument(
        "--replay",
        default=None,
        metavar="FILE",
        help="watch a saved replay, drawn from its event log alone (no re-simulation)",
    )
    add_think_ms_option(w)
    add_ruleset_option(w)
    w.set_defaults(func=cmd_watch)

    t = sub.add_parser("towers", help="sweep tower fall rates by height and care level (Tower Lab)")
    t.add_argument(
        "--heights", default="1-12", help=f"tower heights in dice (1 to {MAX_HEIGHT}), e.g. 1-12, 2,4,8 or 2-10:2"
    )
    t.add_argument(
        "--care", default=None, help=f"care levels, comma-separated: {', '.join(CARE_LEVELS)} (default: all)"
    )
    t.add_argument(
        "--experiment",
        default="scoot",
        choices=["scoot", "shove", "hit"],
        help='scoot: a 3D6 carry; shove: a 3" shove; hit: a stray die hits the bottom die',
    )
    # whole numbers checked by the command (cli/towers.py), so text and a number out of range get
    # the same one sentence naming the valid range
    t.add_argument(
        "--trials", default=100, help=f"seeded trials per (height, care), {TRIALS_RANGE[0]} to {TRIALS_RANGE[1]:,}"
    )
    t.add_argument("--jobs", default=None, help=f"worker processes, 1 to {MAX_JOBS} (default: all cores)")
    t.add_argument("--seed", default=0, help="the sweep's seed, a whole number of 0 or more (default 0)")
    t.add_argument("--params", default=None, help="YAML file overriding assets/physics/towers.yaml")
    t.add_argument(
        "--set", action="append", metavar="NAME=VALUE", help="override one parameter, e.g. friction_die_die=0.3"
    )
    t.add_argument("--json", default=None, help="write the results as JSON")
    t.add_argument("--plot", default=None, help="write a PNG plot of fall rate vs height")
    t.add_argument("--view", action="store_true", help="open the interactive tower bench (pygame)")
    t.set_defaults(func=cmd_towers)

    pl = sub.add_parser("play", help="play hot-seat on one screen (any mix of humans and AIs)")
    pl.add_argument("--scenario", default=None)
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument(
        "--seats", default=None, help="one per boss: human, random, heuristic, search, mcts (default: all human)"
    )
    pl.add_argument("--resume", default=None, help="continue a saved game (a replay file)")
    pl.add_argument("--save", default="out/hotseat.replay.json", help="where Ctrl+S (and closing the window) saves")
    add_think_ms_option(pl)
    add_ruleset_option(pl)
    pl.set_defaults(func=cmd_play)

    mt = sub.add_parser("match", help="play one headless AI match and print a summary")
    mt.add_argument("--scenario", default=None, help="scenario YAML (default: the Quick Start)")
    mt.add_argument("--seed", type=int, default=None)
    mt.add_argument(
        "--ai",
        default=None,
        help="one controller for every seat, or one per seat: random, heuristic, search, mcts "
        "(default: heuristic,random with two seats, heuristic in every seat with more)",
    )
    mt.add_argument("--json", default=None, help="write the summary as JSON")
    mt.add_argument("--replay", default=None, help="write the replay file")
    mt.add_argument("--log", action="store_true", help="print the play-by-play")
    add_think_ms_option(mt)
    add_ruleset_option(mt)
    mt.set_defaults(func=cmd_match)

    tn = sub.add_parser("tournament", help="round-robin AI matches with seats swapped, in parallel")
    tn.add_argument("--scenario", default=None)
    tn.add_argument("--ai", default="heuristic,random", help="the AIs to pit against each other")
    tn.add_argument("--games", type=int, default=20, help="games per pair (seats swapped every other game)")
    tn.add_argument("--jobs", type=int, default=None, help="local worker processes (default: all cores)")
    tn.add_argument(
        "--scheduler",
        default=None,
        help="address of an existing Dask scheduler, e.g. tcp://host:8786 (needs the distributed extra). "
        "Dask moves pickles: use only a scheduler and workers you trust (tls:// across untrusted networks)",
    )
    tn.add_argument("--tls-ca-file", default=None, help="with a tls:// scheduler: the cluster's CA certificate")
    tn.add_argument("--tls-cert", default=None, help="with a tls:// scheduler: this client's certificate")
    tn.add_argument("--tls-key", default=None, help="with a tls:// scheduler: this client's private key")
    tn.add_argument("--seed", type=int, default=0)
    tn.add_argument("--json", default=None)
    tn.add_argument("--plot", default=None)
    add_think_ms_option(tn)
    add_ruleset_option(tn)
    tn.set_defaults(func=cmd_tournament)

    rp = sub.add_parser("replay", help="re-run a replay and check every decision's checksum")
    rp.add_argument("file")
    rp.add_argument("--verify", action="store_true", default=True, help="(always on) confirm every checksum")
    rp.set_defaults(func=cmd_replay)

    for rid in registry.ids():  # the commands a ruleset adds (Space Gits: gang, campaign), by module name
        for module in registry.get(rid).commands:
            importlib.import_module(module).add_parser(sub)

    v = sub.add_parser("validate", help="check gang, scenario or house-rule YAML files")
    v.add_argument("files", nargs="+")
    v.add_argument("--house", action="append", help="house-rule YAML to apply first")
    v.add_argument("--budget", type=int, default=None, help="cap budget (default 25)")
    add_ruleset_option(v)
    v.set_defaults(func=cmd_validate)
    return ap


class Terminated(Exception):
    """SIGTERM, raised where the main thread is: a killed run unwinds its ``with`` blocks (a lab's
    or a tournament's worker processes are stopped, state files are already written atomically)
    instead of dying with its workers left running (playtest 2026-12-05: two lab workers outlived
    a ``kill`` by 90 s and more)."""


def _on_sigterm(_signum: int, _frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return int(args.func(args) or 0)
    except Terminated:
        err.print("terminated")
        return 143
    except (UserError, ParamError) as e:
        err.print(f"[red]error:[/] {e}")
        return 2
    except DataError as e:
        err.print(f"[red]error:[/] {e}")
        return 2
    except TableError as e:  # geometry the scenario check let through: still the user's file, still one line
        err.print(f"[red]error:[/] the table cannot be built: {e}")
        return 2
    except OSError as e:
        err.print(f"[red]error:[/] {e.strerror or e}{f': {e.filename}' if e.filename else ''}")
        return 2
    except KeyboardInterrupt:
        err.print("interrupted")
        return 130
    except Exception:  # a bug: say so, keep the details for the report, never a bare traceback
        report = write_bug_report(argv, args)
        err.print(f"[red]internal error[/] (a bug in spacegits_sim, not in your files). Details: {report}")
        return 70

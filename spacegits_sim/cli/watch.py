"""``spacegits watch``: an AI-vs-AI game of any ruleset, or a saved replay drawn from its event log
alone, in a window where there is a display, otherwise rendered to files (a GIF of the game and a
PNG of the final board) with a printed play-by-play. The window is the ruleset's own render module
(``Ruleset.window``), imported by name only here."""

from __future__ import annotations

import argparse
import importlib
import secrets
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..matches import summary_with_ais
from ..play.replay import events_from_doc, load_replay, ruleset_of
from ..play.ruleset import Ruleset
from .common import check_output, console, ruleset_option, scenario_ais_seed


def window_module(rs: Ruleset, which: str = "window") -> Any:
    """The render module a ruleset draws with (pygame: imported only when a window is wanted)."""
    name = getattr(rs, which, None)
    if not name:
        raise UserError(f"{rs.title} has no {'window' if which == 'window' else 'hot-seat window'} yet")
    return importlib.import_module(name)


def _check_record(record: str | None) -> None:
    if record and not record.lower().endswith((".gif", ".mp4")):
        raise UserError(f"--record writes .gif or .mp4, got '{record}'")
    if record and record.lower().endswith(".mp4"):
        try:
            import imageio  # noqa: F401  (optional extra: only checked when asked for)
            import imageio_ffmpeg  # noqa: F401
        except ImportError:
            raise UserError(
                "writing MP4 needs the video extra: pip install 'spacegits_sim[video]' "
                "(or record a .gif, which needs nothing more)"
            ) from None


def print_result(rs: Ruleset, summary: dict[str, Any], ais: list[str]) -> None:
    """The game's result table and verdict (a headless run's, and a window's when it closes)."""
    if ais and len(ais) == len(summary["bosses"]):
        summary = summary_with_ais(summary, ais)
    rs.print_summary(summary, console)


def cmd_watch(args: argparse.Namespace) -> int:
    _check_record(args.record)
    check_output(args.record, "--record", (".gif", ".mp4"))
    check_output(args.screenshot, "--screenshot", (".png",))
    if args.replay:
        doc = load_replay(args.replay)
        rs = ruleset_of(doc, str(args.replay))  # the replay names its ruleset
    else:
        rs = ruleset_option(args.ruleset)
    shell = window_module(rs)  # pygame: render only
    w: Any
    if args.replay:
        events = events_from_doc(doc, str(args.replay), rs)
        w = shell.LogWatcher(events, seed=int(doc.get("seed", 0)))
        title = f"replay {args.replay} ({len(events)} events, drawn from its log alone)"
        ais: list[str] = list(doc.get("meta", {}).get("ai", []))
    else:
        sc, ais, seed = scenario_ais_seed(args, rs)
        if args.seed is None:  # a fresh match every time, and the seed to see it again
            seed = secrets.randbelow(2**31)
            console.print(f"seed {seed} (watch this match again with --seed {seed})")

        rules = rs.load_rules()

        def make(seed: int) -> tuple[Any, list[Any]]:
            m = rs.new_game(sc, rules, seed=seed)
            return m, [rs.make_controller(a, seed, i) for i, a in enumerate(ais)]

        w = shell.Watcher(make, seed)
        title = f"{' vs '.join(ais)} on {rs.scenario_name(sc)}, seed {seed}"
    headless = args.headless or not shell.has_display() or bool(args.record and not shell.has_display())
    if not headless:
        shell.run_window(w)
        # the result, as the headless run prints it (the window closed with nothing said before)
        ended = getattr(w, "ended_log", None) or (w.event_log() if w.finished else None)
        if ended is None:
            clock = getattr(getattr(w, "scene", None), "clock", None)
            at = f" (game clock {int(clock) // 60}:{int(clock) % 60:02d})" if clock is not None else ""
            console.print(f"Window closed before the end{at}: watch it again with --seed {w.seed}.")
        else:
            print_result(rs, rs.summary_from_events(ended), ais)
        return 0
    out = Path(args.out)
    record = args.record or str(out / "match.gif")
    shot = args.screenshot or str(out / "board.png")
    console.print(f"[bold]No display: playing {title}, headless.[/]")
    res = shell.run_headless(w, record, shot, on_log=lambda line: console.print(line, highlight=False))
    if isinstance(w, shell.LogWatcher):
        summary = rs.summary_from_events(w.events)
    else:
        summary = w.match.summary()
    print_result(rs, summary, ais)
    console.print(
        f"final board: [bold]{res['screenshot']}[/]   match video: [bold]{res.get('record', '(none)')}[/] "
        f"({res['frames']} frames, plays {res.get('plays_s', 0):.1f} s; rendered in {res['wall_s']:.1f} s)"
    )
    return 0

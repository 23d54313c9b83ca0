"""``spacegits watch``: an AI-vs-AI match, in a window where there is a display, otherwise
rendered to files (a GIF of the match and a PNG of the final board) with a printed play-by-play."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..ai import make_controller
from ..errors import UserError
from ..matches import print_summary, summary_with_ais
from ..rules.engine import Match
from .common import console, scenario_ais_seed


def cmd_watch(args: argparse.Namespace) -> int:

    sc, ais, seed = scenario_ais_seed(args)
    if args.record and not args.record.lower().endswith((".gif", ".mp4")):
        raise UserError(f"--record writes .gif or .mp4, got '{args.record}'")
    if args.record and args.record.lower().endswith(".mp4"):
        try:
            import imageio  # noqa: F401
            import imageio_ffmpeg  # noqa: F401
        except ImportError:
            raise UserError("writing MP4 needs the video extra: pip install 'spacegits_sim[video]' "
                            "(or record a .gif, which needs nothing more)") from None

    def make(seed: int) -> tuple[Any, list[Any]]:
        m = Match(sc, seed=seed)
        return m, [make_controller(a, seed, i) for i, a in enumerate(ais)]

    from ..render.watch_app import Watcher, has_display, run_headless, run_window

    w = Watcher(make, seed)
    headless = args.headless or not has_display() or bool(args.record and not has_display())
    if not headless:
        run_window(w)
        return 0
    out = Path(args.out)
    record = args.record or str(out / "match.gif")
    shot = args.screenshot or str(out / "board.png")
    console.print(f"[bold]No display: playing {' vs '.join(ais)} on {sc.name}, seed {seed}, headless.[/]")
    res = run_headless(w, record, shot, on_log=lambda line: console.print(line, highlight=False))
    print_summary(summary_with_ais(w.match, ais), console)
    console.print(f"final board: [bold]{res['screenshot']}[/]   match video: [bold]{res.get('record', '(none)')}[/] "
                  f"({res['frames']} frames, {res['wall_s']:.1f} s)")
    return 0

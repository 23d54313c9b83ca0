"""``spacegits play``: hot-seat on one screen, any mix of humans and AIs; save and resume."""

from __future__ import annotations

import argparse

from ..ai import CONTROLLERS, make_controller
from ..errors import UserError
from ..rules.engine import Match
from ..rules.replay import load_replay, rebuild
from .common import MAX_SEED, check_output, check_range, console, err, load_scenario_option


def cmd_play(args: argparse.Namespace) -> int:
    check_output(args.save, "--save")
    check_range(args.seed, "--seed", 0, MAX_SEED)

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
        sc = load_scenario_option(args.scenario)
        seed = sc.seed if args.seed is None else args.seed
        seats_text = args.seats or ",".join(["human"] * len(sc.players))
        resumed = None
    seats = [s.strip() for s in seats_text.split(",")]
    if len(seats) == 1:
        seats = seats * len(sc.players)
    if len(seats) != len(sc.players) or any(s not in ("human",) + CONTROLLERS for s in seats):
        raise UserError(
            f"--seats needs one of human/{'/'.join(CONTROLLERS)} per boss ({len(sc.players)}), got '{seats_text}'"
        )
    humans = {i for i, s in enumerate(seats) if s == "human"}

    def make(seed: int):  # type: ignore[no-untyped-def]
        nonlocal resumed
        m = resumed if resumed is not None else Match(sc, seed=seed)
        resumed = None  # a rematch (Enter at the end) is a new game
        ctrl = [None if s == "human" else make_controller(s, seed, i) for i, s in enumerate(seats)]
        return m, ctrl

    from ..render.hotseat import HotseatApp, run_hotseat
    from ..render.watch_app import has_display

    if not has_display():
        raise UserError(
            "hot-seat needs a display (a window); for a headless game use 'spacegits watch' or 'spacegits match'"
        )
    app = HotseatApp(make, seed, humans, save_path=args.save)
    run_hotseat(app)
    if app.match.pending is None:
        console.print("game over")
    elif app.message.startswith("saved"):
        console.print(f"game saved to {args.save}")
    else:
        err.print(f"[red]error:[/] {app.message}")
        return 1
    return 0

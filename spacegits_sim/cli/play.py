"""``spacegits play``: hot-seat on one screen, any mix of humans and AIs, for any ruleset with a
hot-seat window (``Ruleset.hotseat``); save and resume (a replay names its ruleset)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..play.replay import load_replay, rebuild, ruleset_of
from .common import (
    MAX_SEED,
    check_output,
    check_range,
    console,
    err,
    load_scenario_option,
    ruleset_option,
    think_ms_option,
)
from .watch import print_result, window_module


def cmd_play(args: argparse.Namespace) -> int:
    check_output(args.save, "--save")
    check_range(args.seed, "--seed", 0, MAX_SEED)

    if args.resume:
        doc = load_replay(args.resume)
        game = (doc.get("meta") or {}).get("campaign")
        if isinstance(game, dict):  # finished here, its result would never reach the campaign
            folder = Path(args.resume).parent.parent
            raise UserError(
                f"{args.resume} is game {game.get('game')} of campaign '{game.get('name')}': "
                f"'spacegits campaign play {folder}' resumes it, and its result and afterparty count there "
                "(played here they would not)"
            )
        rs = ruleset_of(doc, args.resume)
        v = rebuild(doc, args.resume, ruleset=rs)
        if not v.ok:
            raise UserError(f"cannot resume {args.resume}: {v.message}")
        resumed = v.match
        sc = resumed.scenario
        seed = resumed.seed
        seats_text = args.seats or ",".join("human" for _ in range(rs.seats(sc)))
    else:
        rs = ruleset_option(args.ruleset)
        sc = load_scenario_option(args.scenario, rs)
        seed = sc.seed if args.seed is None else args.seed
        seats_text = args.seats or ",".join(["human"] * rs.seats(sc))
        resumed = None
    n = rs.seats(sc)
    seats = [s.strip() for s in seats_text.split(",")]
    if len(seats) == 1:
        seats = seats * n
    if len(seats) != n or any(s not in ("human",) + rs.controllers for s in seats):
        raise UserError(
            f"--seats needs one of human/{'/'.join(rs.controllers)} per {rs.seat_word} ({n}), got '{seats_text}'"
        )
    seats = think_ms_option(args, seats, rs)
    humans = {i for i, s in enumerate(seats) if s == "human"}
    rules = rs.load_rules()

    def make(seed: int):  # type: ignore[no-untyped-def]
        nonlocal resumed
        m = resumed if resumed is not None else rs.new_game(sc, rules, seed=seed)
        resumed = None  # a rematch (Enter at the end) is a new game
        ctrl = [None if s == "human" else rs.make_controller(s, seed, i) for i, s in enumerate(seats)]
        return m, ctrl

    hotseat = window_module(rs, "hotseat")
    if not window_module(rs).has_display():
        raise UserError(
            "hot-seat needs a display (a window); for a headless game use 'spacegits watch' or 'spacegits match'"
        )
    where = f"resuming {args.resume}: " if args.resume else ""
    console.print(f"{where}seed {seed} on {rs.scenario_name(sc)} (play it again with --seed {seed})")
    app = hotseat.HotseatApp(make, seed, humans, save_path=args.save)
    hotseat.run_hotseat(app)
    if app.match.pending is None:
        end_report(rs, app, seats)
    elif app.message.startswith("saved"):
        console.print(f"game saved to {args.save}")
    elif not app.message:  # closed mid-game with nothing to report: a choice, not an error
        keep = f"'s' in the window saves it to {args.save}" if args.save else "play with --save FILE to keep one"
        console.print(f"window closed before the end; the game was not saved ({keep})")
    else:
        err.print(f"[red]error:[/] {app.message}")
        return 1
    return 0


def end_report(rs: Any, app: Any, seats: list[str]) -> None:
    """What ``play`` prints when the game ended: the seed (a rematch's is new), the result as
    ``watch`` prints it, and where the finished game was saved. A playtester found only "game
    over" in the terminal, and the seed only inside a save file."""
    console.print(f"game over (seed {app.seed})")
    print_result(rs, rs.summary_from_events(app.match.events), seats)
    path = getattr(app, "saved_end_path", None)  # (a window that saves a finished game says where)
    if path:
        console.print(f"game saved to {path} ('spacegits watch --replay {path}' shows it again)")

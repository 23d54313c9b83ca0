"""``spacegits watch``: the main job. Until the rules engine lands, it shows the physics table."""

from __future__ import annotations

import argparse

from rich.console import Console

console = Console()


def cmd_watch(args: argparse.Namespace) -> int:
    from .physics.table import Table
    from .rng import Streams

    seed = 7 if args.seed is None else args.seed
    rng = Streams(seed)
    t = Table()
    drops = t.drop_caps(12, (12, 12), rng("caps"))
    console.print(f"Dropped 12 caps: {sum(not d.lost for d in drops)} landed, {sum(d.lost for d in drops)} bounced off")
    res = t.throw((2, 12), (12, 12), [6, 6, 6], rng("scatter"), rng("dice"), strength=0.5)
    for d in res.dice:
        console.print(f"  d{d.sides} shows {d.value} at {d.position}")
    return 0

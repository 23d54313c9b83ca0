"""``spacegits gang``: roll up a gang the Chef's Recommendation or Chaos Mode way and write it as
a gang file a user can then edit, kitbash to and ``spacegits validate``."""

from __future__ import annotations

import argparse

import yaml

from ..atomic import write_atomic
from ..data import load_rules
from ..errors import UserError
from ..rules.gangmodes import roll_gang
from ..rules.gangs import gang_from_doc, unsimulated
from .common import MAX_SEED, check_output, check_range, console, warn_unsimulated

MODES = {"chaos": "chaos", "chef": "chefs_recommendation", "chefs_recommendation": "chefs_recommendation"}
MAX_GITS = 20


def cmd_gang(args: argparse.Namespace) -> int:
    mode = MODES.get(args.mode)
    if mode is None:
        raise UserError(f"--mode must be chaos or chef, got '{args.mode}'")
    check_range(args.seed, "--seed", 0, MAX_SEED)
    check_output(args.out, "-o/--out", (".yaml", ".yml"))
    gits = [g.strip() for g in args.gits.split(",") if g.strip()] if args.gits else None
    if gits is not None and len(gits) > MAX_GITS:
        raise UserError(f"--gits: at most {MAX_GITS} gits, got {len(gits)}")
    if mode == "chaos" and gits:
        raise UserError("--gits is for --mode chef (chaos rolls its gits on the Random Git table)")
    rules = load_rules(args.house or [])
    rolled = roll_gang(rules, args.seed, mode, gits, args.name, args.faction, args.gamble)
    head = [
        f"# Rolled by `spacegits gang --mode {args.mode} --seed {args.seed}`"
        + (f" --gits {args.gits}" if args.gits else "")
        + (" --gamble" if args.gamble else ""),
        "# The rolls:",
        *[f"#   {line}" for line in rolled.log],
    ]
    if rolled.notes:
        head += ["# Notes:", *[f"#   {n}" for n in rolled.notes]]
    text = "\n".join(head) + "\n" + yaml.safe_dump(rolled.doc, sort_keys=False, allow_unicode=True)
    gang = gang_from_doc(rolled.doc, args.out or "<rolled gang>", rules)
    for line in rolled.log:
        console.print(f"  {line}")
    for n in rolled.notes:
        console.print(f"[yellow]note[/] {n}")
    if args.out:
        write_atomic(args.out, text)
        console.print(
            f"[green]wrote[/] {args.out}: gang '{gang.name}' ({mode}), {len(gang.gits)} gits, "
            f"naked {gang.naked_cost(rules)} caps, kit worth {gang.cost} caps"
        )
    else:
        console.print(text)
    from pathlib import Path

    warn_unsimulated(Path(args.out or "<rolled gang>"), unsimulated(gang, rules))
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``spacegits gang`` (a Space Gits command: the ruleset names this module in ``commands``)."""
    g = sub.add_parser("gang", help="roll up a gang (Chef's Recommendation or Chaos Mode) and write it as a gang file")
    g.add_argument("--mode", default="chaos", help="chaos (random gits) or chef (you name the naked gits)")
    g.add_argument(
        "--gits",
        default=None,
        help="with --mode chef: the naked gits you buy, e.g. orc,orc:buggy,goblin,runt (a driver as type:vehicle)",
    )
    g.add_argument("--seed", type=int, default=0, help="the same seed always rolls the same gang")
    g.add_argument("--faction", default=None, help="a faction id, or random (default: none)")
    g.add_argument("--name", default=None, help="the gang's name")
    g.add_argument(
        "--gamble", action="store_true", help="treatments on a D6 instead of a D10, for a third loot roll each"
    )
    g.add_argument("--house", action="append", help="house-rule YAML to apply first")
    g.add_argument("-o", "--out", default=None, help="write the gang file here (.yaml); default: print it")
    g.set_defaults(func=cmd_gang)

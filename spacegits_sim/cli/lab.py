"""``spacegits lab``: gangs against gangs with the AI held fixed, and what each piece of kit is worth.

Two ways to ask (docs/lab.md):

* ``spacegits lab A.yaml B.yaml [C.yaml…]`` — every pair, seats swapped, over the scenarios;
  win rates with 95% intervals and Bradley–Terry ratings of the pool;
* ``spacegits lab BASE.yaml --item gear:cans`` or ``--all gear`` — the base gang with the item
  against the same gang without it; the change in win rate, the item's worth in caps
  (calibrated by ``--baseline``, an extra orc by default) and a balance table ranked from
  over- to under-priced.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from ..ai import CONTROLLERS
from ..atomic import write_atomic
from ..data import load_rules
from ..data.rules_data import RulesData
from ..errors import UserError
from ..rules.gangs import Gang
from ..rules.scenario import Scenario, scenario_to_doc
from .common import (
    MAX_SEED,
    check_output,
    check_range,
    console,
    err,
    jobs_option,
    load_scenario_option,
    warn_unsimulated,
)


def add_parser(sub: Any) -> None:
    lb = sub.add_parser(
        "lab",
        help="gang vs gang with the same AI, and what each piece of kit is worth (balance tables)",
        description="Pit gang files against each other with the AI held fixed, or measure what an item is worth.",
    )
    lb.add_argument("gangs", nargs="*", help="gang files: two or more for a pool; one (the base) with --item/--all")
    lb.add_argument(
        "--scenario",
        action="append",
        default=None,
        help="scenario(s) whose seats the gangs take (repeat or comma-separate; default: the Quick Start)",
    )
    lb.add_argument(
        "--ai", default="heuristic", help="one AI for every side, or one per gang (pool) / with,without (kit)"
    )
    lb.add_argument("--item", action="append", default=None, help="kit: an item as family:id, e.g. gear:cans, git:orc")
    lb.add_argument(
        "--all", default=None, metavar="FAMILY", help="kit: every item of gear, weapon, faction, mod, vehicle, git"
    )
    lb.add_argument("--baseline", default="git:orc", help="kit: the cap-valued item that converts win rates to caps")
    lb.add_argument("--versus", default=None, help="kit: play this gang instead of the base without the item")
    lb.add_argument(
        "--games", type=int, default=None, help="games per matchup (with --ci: the most; default 400 / 100)"
    )
    lb.add_argument(
        "--ci", type=float, default=None, help="stop a matchup once its 95%% interval is ± this (e.g. 0.05)"
    )
    lb.add_argument("--batch", type=int, default=16, help="games added between two looks at the interval (default 16)")
    lb.add_argument("--seed", type=int, default=0, help="game k of a matchup has seed SEED+k")
    lb.add_argument("--jobs", type=int, default=None, help="local worker processes (default: all cores)")
    lb.add_argument(
        "--scheduler",
        default=None,
        help="address of an existing Dask scheduler, e.g. tcp://host:8786 (needs the distributed extra). "
        "Dask moves pickles: use only a scheduler and workers you trust (tls:// across untrusted networks)",
    )
    lb.add_argument("--tls-ca-file", default=None, help="with a tls:// scheduler: the cluster's CA certificate")
    lb.add_argument("--tls-cert", default=None, help="with a tls:// scheduler: this client's certificate")
    lb.add_argument("--tls-key", default=None, help="with a tls:// scheduler: this client's private key")
    lb.add_argument("--state", default=None, help="resume file (default: out/lab-<run hash>.state.json)")
    lb.add_argument("--fresh", action="store_true", help="ignore (and overwrite) a saved state for this run")
    lb.add_argument("--json", default=None, help="write the results as JSON")
    lb.add_argument("--plot", default=None, help="write a plot (.png/.pdf/.svg)")
    lb.add_argument("--markdown", default=None, help="kit: write the balance table as Markdown")
    lb.set_defaults(func=cmd_lab)


def _scenarios(opt: list[str] | None) -> list[Scenario]:
    names = [s.strip() for o in (opt or [""]) for s in o.split(",")] or [""]
    out = []
    for n in names:
        sc = load_scenario_option(n or None)
        if len(sc.players) not in (2, 4):
            raise UserError(
                f"the lab plays 2- or 4-boss scenarios (two gangs sit alternately); '{sc.source}' has {len(sc.players)}"
            )
        out.append(sc)
    return out


def _ais(text: str, n: int, what: str) -> list[str]:
    names = [a.strip() for a in text.split(",") if a.strip()]
    if len(names) == 1:
        names = names * n
    bad = [a for a in names if a not in CONTROLLERS]
    if bad or len(names) != n:
        raise UserError(f"--ai takes one AI for every side or {n} ({what}) of {', '.join(CONTROLLERS)}, got '{text}'")
    return names


def _security(args: argparse.Namespace) -> Any:
    from ..tournament import SCHEDULER_ADDRESS, SchedulerError, tls_security

    if args.scheduler is not None and not SCHEDULER_ADDRESS.match(args.scheduler):
        raise UserError(f"--scheduler '{args.scheduler[:80]}' is not an address like tcp://host:8786 (or tls://…)")
    tls = (args.tls_ca_file, args.tls_cert, args.tls_key)
    if not any(tls):
        return None
    if not all(tls) or not (args.scheduler or "").startswith("tls://"):
        raise UserError("TLS needs a tls:// --scheduler and all three of --tls-ca-file, --tls-cert, --tls-key")
    try:
        return tls_security(*tls)
    except SchedulerError as e:
        raise UserError(str(e)) from None


def _gang(path: str, rules: RulesData, budget: int) -> Gang:
    from ..lab import load_lab_gang

    if not Path(path).is_file():
        raise UserError(f"gang file '{path}' not found")
    gang, missing = load_lab_gang(path, rules, budget)
    warn_unsimulated(Path(path), missing)
    return gang


def cmd_lab(args: argparse.Namespace) -> int:
    from .. import lab

    kit = bool(args.item or args.all)
    check_range(args.seed, "--seed", 0, MAX_SEED)
    check_range(args.games, "--games", 1, 1_000_000)
    check_range(args.batch, "--batch", 2, 10_000)
    if args.ci is not None and not (0.005 <= args.ci <= 0.5):
        raise UserError(f"--ci is the half-width of the 95% interval, from 0.005 to 0.5, got {args.ci}")
    for opt, val, suf in (
        ("--json", args.json, (".json",)),
        ("--plot", args.plot, (".png", ".pdf", ".svg")),
        ("--markdown", args.markdown, (".md",)),
        ("--state", args.state, (".json",)),
    ):
        check_output(val, opt, suf)
    security = _security(args)
    scenarios = _scenarios(args.scenario)
    budget = min(sc.cap_budget for sc in scenarios)
    rules = load_rules()
    docs = tuple(scenario_to_doc(sc) for sc in scenarios)
    if kit:
        if len(args.gangs) > 1:
            raise UserError(
                "--item/--all measure kit on one base gang: give one gang file (or none for the Quick Start's)"
            )
        base = _gang(args.gangs[0], rules, budget) if args.gangs else scenarios[0].players[0].gang
        design, meta = _kit(args, rules, base, budget, docs)
    else:
        if len(args.gangs) < 2:
            raise UserError("give two or more gang files to compare (or one with --item/--all to measure kit)")
        gangs = [_gang(p, rules, budget) for p in args.gangs]
        ais = _ais(args.ai, len(gangs), "one per gang")
        labels = lab.unique_labels([g.name for g in gangs])
        sides = [lab.Side(lb, lab.gang_to_doc(g), ai) for lb, g, ai in zip(labels, gangs, ais, strict=True)]
        games = args.games or (400 if args.ci else 100)
        design = lab.pool_design(docs, sides, args.seed, games, args.ci, args.batch)
        meta = {}
    state_path = Path(args.state) if args.state else lab.default_state_path(design)
    if args.fresh and state_path.exists():
        state_path.unlink()
    if state_path.exists():
        err.print(f"resuming from {state_path}")
    jobs = jobs_option(args.jobs)
    where = f"Dask at {args.scheduler}" if args.scheduler else f"{jobs} local process(es)"
    t0 = time.perf_counter()
    with Progress(
        TextColumn(f"[bold]lab[/] on {where}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games (the total: the most still possible)"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
    ) as prog:
        bar = prog.add_task("games", total=None)
        try:
            state = lab.run_lab(
                design,
                jobs,
                args.scheduler,
                security,
                state_path,
                progress=lambda d, t: prog.update(bar, completed=d, total=t),
            )
        except lab.StateError as e:
            raise UserError(str(e)) from None
        except Exception as e:
            from ..tournament import SchedulerError

            if isinstance(e, SchedulerError):
                raise UserError(str(e)) from None
            raise
    wall = time.perf_counter() - t0
    played = sum(len(v) for v in state.outcomes.values())
    cost = {"games": played, "cpu_s": round(state.cpu_s, 1), "wall_s_this_session": round(wall, 1), "where": where}
    title = (
        f"{' + '.join(sc.name for sc in scenarios)}; AI {args.ai}; seed {args.seed}; "
        + (f"until ±{args.ci:.0%} (at most {design.games})" if args.ci else f"{design.games} games")
        + " per matchup"
    )
    doc: dict[str, Any] = {"scenarios": [sc.name for sc in scenarios], "ai": args.ai, "seed": args.seed}
    doc.update(ci=args.ci, games_cap=design.games, batch=design.batch, cost=cost)
    if kit:
        rows = lab.kit_rows(design, state, meta["items"], meta["baseline_key"], meta["baseline_cost"])
        _print_kit(rows, title, meta)
        doc.update(base=meta["base"], baseline=meta["baseline_key"], skipped=meta["skipped"], items=rows)
        mirror = lab.tallies(design, state).get(lab.MIRROR)
        if mirror is not None:
            r, lo, hi = mirror.rate()
            doc["mirror"] = {"games": mirror.n, "wins": mirror.wins_a, "losses": mirror.wins_b, "ties": mirror.ties}
            doc["mirror"].update(rate=r, ci95=[lo, hi])
            console.print(
                f"mirror (the base against itself): {mirror.wins_a}-{mirror.wins_b}-{mirror.ties}, "
                f"{lab.pct(r)} ({lab.pct(lo)}–{lab.pct(hi)})"
            )
        summary = lab.kit_summary(rows, meta["baseline_key"], mirror)
        for line in summary:
            console.print(f"[bold]{line}[/]")
        doc["summary"] = summary
        if args.markdown:
            text = lab.balance_markdown(rows, title)
            if mirror is not None:
                text += (
                    f"\nThe mirror (the base gang against itself, the same seeds and seats): "
                    f"{mirror.wins_a}-{mirror.wins_b}-{mirror.ties} over {mirror.n} games.\n"
                )
            if summary:
                text += "\n" + "\n".join(summary) + "\n"
            if meta["skipped"]:
                text += "\nSkipped: " + "; ".join(f"`{x['item']}` ({x['why']})" for x in meta["skipped"]) + ".\n"
            write_atomic(args.markdown, text)
            console.print(f"wrote {args.markdown}")
        if args.plot:
            lab.plot_balance(rows, args.plot, title)
            console.print(f"wrote {args.plot}")
    else:
        tl = lab.tallies(design, state)
        rt = lab.ratings(design, state)
        _print_pool(design, tl, rt, title)
        doc.update(matchups=_pool_rows(design, tl), ratings=rt, gangs=_gang_rows(design, tl))
        if args.plot:
            lab.plot_pool(design, tl, args.plot, title)
            console.print(f"wrote {args.plot}")
    console.print(
        f"{played} games, {state.cpu_s / 60:.1f} CPU-minutes in all, {wall:.1f} s wall this session on {where}"
    )
    for f in state.failures:
        err.print(f"[red]failed:[/] {f['key']} game {f['index']} (seed {f['seed']}): {f['error']}")
    doc["failures"] = state.failures
    if args.json:
        write_atomic(args.json, json.dumps(_plain(doc), indent=1))
        console.print(f"wrote {args.json}")
    return 0


def _plain(x: Any) -> Any:
    """JSON-safe: a NaN (no games decided) becomes null."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def _kit(
    args: argparse.Namespace, rules: RulesData, base: Gang, budget: int, docs: tuple[dict[str, Any], ...]
) -> tuple[Any, dict[str, Any]]:
    from .. import lab

    try:
        wanted = [lab.parse_item(t, rules) for t in (args.item or [])]
        if args.all:
            wanted += lab.family_items(lab.family_of(args.all), rules)
        bfam, bid = lab.parse_item(args.baseline, rules)
    except ValueError as e:
        raise UserError(str(e)) from None
    ai_with, ai_without = _ais(args.ai, 2, "with,without")
    items, gangs, skipped = [], {}, []
    baseline_key: str | None = lab.item_label(bfam, bid)
    for fam, ident in dict.fromkeys([(bfam, bid), *wanted]):
        g, where = lab.with_item(base, fam, ident, rules, budget)
        label = lab.item_label(fam, ident)
        if g is None:
            if label == baseline_key:  # the run goes on: win rates without a worth in caps
                baseline_key = None
                where += "; the items' win rates are measured, their worth in caps is not" + _baseline_hint(
                    base, rules, budget
                )
                err.print(f"[yellow]skipped[/] {label} (the baseline): {where}")
            else:
                err.print(f"[yellow]skipped[/] {label}: {where}")
            skipped.append({"item": label, "why": where})
            continue
        gangs[label] = g
        name = getattr(getattr(rules, fam)[ident], "name", ident)
        items.append(lab.KitItem(fam, ident, str(name), g.cost - base.cost, where))
    if not wanted:
        raise UserError("nothing to measure: name items with --item or a family with --all")
    if not items:
        raise UserError(f"nothing to measure: no item fits on '{base.name}' (each skipped above, with why)")
    versus = _gang(args.versus, rules, budget) if args.versus else None
    games = args.games or (400 if args.ci else 100)
    ci = args.ci
    design = lab.kit_design(
        docs, base, items, gangs, ai_with, ai_without, versus, args.seed, games, ci, args.batch, baseline_key
    )
    meta = {
        "items": items,
        "baseline_key": baseline_key,
        "baseline_cost": items[0].cost if baseline_key is not None else 0,
        "base": base.name,
        "skipped": skipped,
    }
    return design, meta


def _baseline_hint(base: Gang, rules: RulesData, budget: int) -> str:
    """'; --baseline git:runt (3 caps) fits': the cheapest git that does, if any."""
    from .. import lab

    for ident in sorted(rules.gits, key=lambda i: (rules.gits[i].cost, i)):
        g, _ = lab.with_item(base, "gits", ident, rules, budget)
        if g is not None:
            return f"; --baseline git:{ident} ({g.cost - base.cost} caps) fits"
    return "; no git fits as a --baseline under this budget"


def _print_kit(rows: list[dict[str, Any]], title: str, meta: dict[str, Any]) -> None:
    from ..lab import caps, changed_text, pct, signed_pct, verdict_text

    t = RichTable(title=f"What kit is worth — {meta['base']}: {title}")
    for col in (
        "item",
        "on",
        "cost",
        "games",
        "W-L-T",
        "win rate (95% CI)",
        "change",
        "worth, caps (95% CI)",
        "verdict",
        "changed",
    ):
        t.add_column(col, justify="right" if col in ("cost", "games") else "left")
    for d in rows:
        lo, hi = d["ci95"]
        wlo, whi = d["worth_ci95"]
        t.add_row(
            d["item"] + (" (baseline)" if d["baseline"] else ""),
            d["on"],
            str(d["cost"]),
            str(d["games"]),
            f"{d['wins']}-{d['losses']}-{d['ties']}",
            f"{pct(d['win_rate'])} ({pct(lo)}–{pct(hi)})",
            signed_pct(d["change"]),
            f"{caps(d['worth_caps'])} ({caps(wlo)} to {caps(whi)})",
            verdict_text(d),
            changed_text(d),
        )
    console.print(t)
    if meta["baseline_key"] is None:
        console.print(
            "no baseline: no worth in caps; better/worse: the win rate's 95% interval leaves out 50% (and the games "
            "the item changed went its way more than chance allows); changed: games whose result differs from the "
            "mirror's (the base against itself, same seed and seats)"
        )
    else:
        console.print(
            f"worth = {meta['baseline_cost']} caps × logit(win rate) / logit(win rate of {meta['baseline_key']}), "
            "the interval with the baseline's own folded in; a verdict only where it leaves out the cost; ranked "
            "from the most over-priced (worth − cost lowest) down; changed: games whose result differs from the "
            "mirror's (the base against itself, same seed and seats)"
        )


def _pool_rows(design: Any, tl: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for m in design.matchups:
        t = tl[m.key]
        r, lo, hi = t.rate()
        out.append(
            {
                "a": m.a.label,
                "b": m.b.label,
                "ai_a": m.a.ai,
                "ai_b": m.b.ai,
                "games": t.n,
                "wins_a": t.wins_a,
                "wins_b": t.wins_b,
                "ties": t.ties,
                "failed": t.failed,
                "rate_a": r,
                "ci95": [lo, hi],
                "by_scenario": t.by_scenario,
            }
        )
    return out


def _gang_rows(design: Any, tl: dict[str, Any]) -> list[dict[str, Any]]:
    from ..lab import gang_totals

    out = []
    for label, t in gang_totals(design, tl).items():
        r, lo, hi = t.rate()
        out.append({"gang": label, "games": t.n, "wins": t.wins_a, "losses": t.wins_b, "rate": r, "ci95": [lo, hi]})
    return out


def _print_pool(design: Any, tl: dict[str, Any], rt: dict[str, float] | None, title: str) -> None:
    from ..lab import gang_totals, pct

    t = RichTable(title=f"Gang lab: {title} (win rate among decided games, 95% CI)")
    for col in ("matchup", "AIs", "games", "W-L-T", "failed", "win rate (first)", "95% CI"):
        t.add_column(col)
    for m in design.matchups:
        x = tl[m.key]
        r, lo, hi = x.rate()
        t.add_row(
            m.key, f"{m.a.ai} / {m.b.ai}", str(x.n), f"{x.wins_a}-{x.wins_b}-{x.ties}", str(x.failed), pct(r),
            f"{pct(lo)} - {pct(hi)}",
        )  # fmt: skip
    console.print(t)
    g = RichTable(title="The pool: each gang over all its games" + (", Bradley–Terry rating (Elo scale)" if rt else ""))
    for col in ("gang", "games", "W-L", "win rate (95% CI)", "rating"):
        g.add_column(col)
    totals = gang_totals(design, tl)
    order = sorted(totals, key=lambda k: -(rt or {}).get(k, totals[k].rate()[0] if totals[k].decided else 0))
    for label in order:
        x = totals[label]
        r, lo, hi = x.rate()
        rating = f"{rt[label]:.0f}" if rt and not math.isnan(rt[label]) else "-"
        g.add_row(label, str(x.n), f"{x.wins_a}-{x.wins_b}", f"{pct(r)} ({pct(lo)}–{pct(hi)})", rating)
    console.print(g)
    if rt is None:
        err.print("[yellow]note[/] ratings need choix: pip install 'spacegits_sim[lab]'")

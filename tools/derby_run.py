"""The long run of issue 13: many seeded matches on the demolition derby (two vehicles a side
and gits on foot), checking every invariant at every decision.

    .venv/bin/python tools/derby_run.py --matches 100          # the figures in the closing note
    .venv/bin/python tools/derby_run.py --matches 6 --ais random,heuristic
    .venv/bin/python tools/derby_run.py --matches 100 --random-mods   # every vehicle: 3 random mods

Prints, per match on average, the smashes, wipeouts, wrecks, boardings and alightings, and
exits 1 if any match raised, broke an invariant (caps conserved, nothing overlapping at rest,
crews consistent) or did not end.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.data.paths import scenarios_dir  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.invariants import Checked, check_invariants  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402

COUNTED = ("smashed", "wiped_out", "wrecked", "boarded", "alighted", "vehicle_moved")


def with_random_mods(sc: Any, k: int, rules: Any) -> Any:
    """The scenario with every vehicle's mods replaced by three simulated mods drawn with seed
    ``k`` (so a long run exercises every mod, not just the ones the derby gangs bolt on)."""
    from spacegits_sim.rules.effects import is_implemented

    pool = sorted(i for i in rules.vehicle_mods if is_implemented("vehicle_mods", i))
    rng = np.random.default_rng(10_000 + k)
    players = []
    for p in sc.players:
        gits = tuple(
            dataclasses.replace(g, mods=tuple(rng.choice(pool, size=3, replace=False))) if g.vehicle else g
            for g in p.gang.gits
        )
        players.append(dataclasses.replace(p, gang=dataclasses.replace(p.gang, gits=gits)))
    return dataclasses.replace(sc, players=tuple(players))


def play_one(k: int, ais: list[str], scenario: str = "demolition_derby.yaml", mods: bool = False) -> dict[str, Any]:
    """One seeded match. Never raises: an exception is kept for the report."""
    out: dict[str, Any] = {"match": k, "ok": False}
    try:
        rules = default_rules()
        sc = load_scenario(scenarios_dir() / scenario, rules)
        if mods:
            sc = with_random_mods(sc, k, rules)
        m = Match(sc, seed=k)
        ctrls = [Checked(make_controller(a, seed=k, boss=b)) for b, a in enumerate(ais)]
        t0 = time.perf_counter()
        m.play(ctrls)
        check_invariants(m)
        if not m.over:
            raise AssertionError("the match did not end")
        out["seconds"] = time.perf_counter() - t0
        out["activations"] = m.activations
        seen: Counter[str] = Counter(e.kind for e in m.events if e.kind in COUNTED)
        seen["head-on smashes"] = sum(1 for e in m.events if e.kind == "smashed" and e.head_on)
        seen["crashes into terrain"] = sum(1 for e in m.events if e.kind == "smashed" and e.why == "terrain")
        out["seen"] = dict(seen)
        out["ok"] = True
    except Exception as e:  # a bug: keep it for the report
        out["error"] = f"{type(e).__name__}: {e}"
        out["traceback"] = traceback.format_exc()
    return out


def run(matches: int, ais: list[str], progress: bool = True, mods: bool = False) -> dict[str, Any]:
    t0 = time.perf_counter()
    if progress:
        from rich.progress import Progress

        results = []
        with Progress() as bar:
            task = bar.add_task("derby matches", total=matches)
            for k in range(matches):
                results.append(play_one(k, ais, mods=mods))
                bar.advance(task)
    else:
        results = [play_one(k, ais, mods=mods) for k in range(matches)]
    total: Counter[str] = Counter()
    with_wipeout = 0
    with_wreck = 0
    for r in results:
        total.update(r.get("seen", {}))
        with_wipeout += bool(r.get("seen", {}).get("wiped_out"))
        with_wreck += bool(r.get("seen", {}).get("wrecked"))
    failed = [r for r in results if not r["ok"]]
    return {
        "matches": matches,
        "ais": ais,
        "failed": len(failed),
        "failures": [{"match": r["match"], "error": r["error"], "traceback": r["traceback"]} for r in failed],
        "wall_s": round(time.perf_counter() - t0, 1),
        "activations": sum(r.get("activations", 0) for r in results),
        "seen": dict(sorted(total.items())),
        "per_match": {k: round(v / matches, 2) for k, v in sorted(total.items())},
        "matches_with_a_wipeout": with_wipeout,
        "matches_with_a_wreck": with_wreck,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--ais", default="heuristic,heuristic", help="one controller per boss")
    ap.add_argument("--json", default=None, help="write the report as JSON")
    ap.add_argument("--random-mods", action="store_true", help="give every vehicle three random simulated mods")
    args = ap.parse_args(argv)
    if not 1 <= args.matches <= 100_000:
        ap.error("--matches must be 1-100000")
    ais = [a.strip() for a in args.ais.split(",")]
    if len(ais) != 2:
        ap.error("--ais names two controllers (the derby has two bosses)")
    report = run(args.matches, ais, mods=args.random_mods)
    for f in report["failures"][:3]:
        print(f["traceback"])
    print(
        f"{report['matches']} matches ({','.join(ais)}), {report['failed']} failed, "
        f"{report['activations']} activations, {report['wall_s']} s"
    )
    for k, v in report["per_match"].items():
        print(f"  {k}: {report['seen'][k]} in all, {v} per match")
    print(
        f"  matches with a wipeout: {report['matches_with_a_wipeout']}, with a wreck: {report['matches_with_a_wreck']}"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 1 if report["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

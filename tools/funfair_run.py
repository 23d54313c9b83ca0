"""The long run of issue 12: many matches on the funfair scenario (one of every terrain type)
between chaos-mode gangs with random factions, checking every invariant at every decision.

    .venv/bin/python tools/funfair_run.py --matches 200          # the figures in the closing note
    .venv/bin/python tools/funfair_run.py --matches 6 --ais random,heuristic

Each match rolls two fresh gangs (``spacegits gang --mode chaos --faction random`` with seeds
2k and 2k+1), plays them on scenarios/funfair.yaml, and checks the invariants before every
decision (rules/invariants.py). Prints what was played (terrain booted, slides, gear actions,
factions…) and exits 1 if any match raised or broke an invariant.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.data.paths import scenarios_dir  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.gangmodes import roll_gang  # noqa: E402
from spacegits_sim.rules.gangs import gang_from_doc  # noqa: E402
from spacegits_sim.rules.invariants import Checked, check_invariants  # noqa: E402
from spacegits_sim.rules.scenario import Player, load_scenario  # noqa: E402

ACTIONS = {"scoot", "shoot", "boot"}


def play_one(k: int, ais: list[str]) -> dict[str, Any]:
    """One match: chaos gangs 2k and 2k+1 with random factions on the funfair. Never raises."""
    rules = default_rules()
    out: dict[str, Any] = {"match": k, "ok": False}
    try:
        base = load_scenario(scenarios_dir() / "funfair.yaml", rules)
        players = []
        factions = []
        for i, p in enumerate(base.players):
            rolled = roll_gang(rules, 2 * k + i, "chaos", faction="random", name=f"Chaos {2 * k + i}")
            players.append(Player(p.boss, gang_from_doc(rolled.doc, f"<chaos {2 * k + i}>", rules)))
            factions.append(rolled.doc.get("faction"))
        sc = dataclasses.replace(base, players=tuple(players))
        m = Match(sc, seed=k)
        ctrls = [Checked(make_controller(a, seed=k, boss=b)) for b, a in enumerate(ais)]
        t0 = time.perf_counter()
        m.play(ctrls)
        check_invariants(m)
        out["seconds"] = time.perf_counter() - t0
        out["activations"] = m.activations
        out["factions"] = factions
        seen: Counter[str] = Counter()
        for e in m.events:
            if e.kind == "terrain_booted":
                seen[f"booted {e.name}"] += 1
            elif e.kind == "action" and e.action not in ACTIONS:
                seen[f"action {e.action}"] += 1
            elif e.kind in ("slid", "caps_won", "exploded"):
                seen[e.kind] += 1
            elif e.kind == "damaged" and e.source == "toxic waste":
                seen["toxic waste damage"] += 1
        for kind, _ans, _ck in m.decisions:
            if kind in ("gear_choice", "reroll", "grapple_who", "arcade_dice"):
                seen[f"decision {kind}"] += 1
        out["seen"] = dict(seen)
        out["ok"] = True
    except Exception as e:  # a bug: keep it for the report
        out["error"] = f"{type(e).__name__}: {e}"
        out["traceback"] = traceback.format_exc()
    return out


def run(matches: int, ais: list[str], progress: bool = True) -> dict[str, Any]:
    results = []
    t0 = time.perf_counter()
    if progress:
        from rich.progress import Progress

        with Progress() as bar:
            task = bar.add_task("funfair matches", total=matches)
            for k in range(matches):
                results.append(play_one(k, ais))
                bar.advance(task)
    else:
        results = [play_one(k, ais) for k in range(matches)]
    total: Counter[str] = Counter()
    factions: Counter[str] = Counter()
    for r in results:
        total.update(r.get("seen", {}))
        factions.update(f for f in r.get("factions", []) if f)
    failed = [r for r in results if not r["ok"]]
    return {
        "matches": matches,
        "ais": ais,
        "failed": len(failed),
        "failures": [{"match": r["match"], "error": r["error"], "traceback": r["traceback"]} for r in failed],
        "wall_s": round(time.perf_counter() - t0, 1),
        "activations": sum(r.get("activations", 0) for r in results),
        "seen": dict(sorted(total.items())),
        "factions": dict(sorted(factions.items())),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--ais", default="heuristic,heuristic", help="one controller per boss")
    ap.add_argument("--json", default=None, help="write the report as JSON")
    args = ap.parse_args(argv)
    if not 1 <= args.matches <= 100_000:
        ap.error("--matches must be 1-100000")
    ais = [a.strip() for a in args.ais.split(",")]
    if len(ais) != 2:
        ap.error("--ais names two controllers (the funfair has two bosses)")
    report = run(args.matches, ais)
    for f in report["failures"][:3]:
        print(f["traceback"])
    print(
        f"{report['matches']} matches ({','.join(ais)}), {report['failed']} failed, "
        f"{report['activations']} activations, {report['wall_s']} s"
    )
    for k, v in report["seen"].items():
        print(f"  {k}: {v}")
    print("  factions:", ", ".join(f"{k} {v}" for k, v in report["factions"].items()))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 1 if report["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

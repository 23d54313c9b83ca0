"""Seeded Gangfight matches with invariants, and the heuristic against random with a CI.

    python tools/gangfight_matches.py --invariants 200 --versus 400 [--scenario crossroads]

Invariants, checked on every game: no exception; after every decision no two standing
bases overlap, no base leaves the board or stands on a wall (or half on a platform); Health
never above its start nor below 0 and equal to its start minus the wounds plus the heals in
the log (a revived model from 0); every objective lies on the board or is carried by exactly
one standing model; the VP in the final event equal those recounted from the log
(casualties' values + 2 per objective held). ``--versus``: heuristic against random, sides
alternating, win rate with its Wilson 95% interval (a tie counts as not a win).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spacegits_sim.play import registry  # noqa: E402


def check(g) -> list[str]:  # type: ignore[no-untyped-def]
    bad: list[str] = []
    up = [m for m in g.models.values() if m.up]
    for i, a in enumerate(up):
        if not (
            a.radius - 1e-3 <= a.pos[0] <= g.width - a.radius + 1e-3
            and a.radius - 1e-3 <= a.pos[1] <= g.height - a.radius + 1e-3
        ):
            bad.append(f"{a.id} off the board at {a.pos}")
        for b in up[i + 1 :]:
            if math.dist(a.pos, b.pos) < a.radius + b.radius - 1e-3:
                bad.append(f"{a.id} overlaps {b.id}")
        bad.extend(_on_terrain(g, a))
    for m in g.models.values():
        if not 0 <= m.hp <= m.max_hp:
            bad.append(f"{m.id} has {m.hp} of {m.max_hp} Health")
    for oid, p in g.objectives.items():
        holders = [m for m in g.models.values() if oid in m.carried]
        if (p is None) == (len(holders) != 1) or (p is not None and holders):
            bad.append(f"objective {oid}: lying at {p}, carried by {[m.id for m in holders]}")
        if any(not m.up for m in holders):
            bad.append(f"objective {oid} carried by a model out of play")
    return bad


def _on_terrain(g, m) -> list[str]:  # type: ignore[no-untyped-def]
    """A standing base overlaps no solid piece (a wall, a rock, a platform's side) unless it
    stands wholly on a platform's top."""
    from spacegits_sim.rulesets.gangfight import heights

    out = []
    for p in g.pieces.values():
        if p.kind not in heights.SOLID_KINDS:
            continue
        poly = heights.outline(p)
        if p.kind == "platform" and heights.base_within(m.pos, m.radius - 1e-3, poly):
            continue
        if heights.inside(m.pos, poly) or heights.edge_dist(m.pos, poly) < m.radius - 1e-3:
            out.append(f"{m.id} at {m.pos} overlaps {p.id}")
    return out


def final_checks(g) -> list[str]:  # type: ignore[no-untyped-def]
    bad: list[str] = []
    hp = {m.id: m.max_hp for m in g.models.values()}  # recounted from the log: -1 a wound, +1 a heal
    wounds: dict[str, int] = {}
    for e in g.events:
        if e.kind == "gf_wounded":
            wounds[e.model] = wounds.get(e.model, 0) + 1
            hp[e.model] = max(0, hp[e.model] - 1)
        elif e.kind == "gf_healed":
            if e.revived and hp[e.model] != 0:
                bad.append(f"{e.model} revived with {hp[e.model]} Health left")
            hp[e.model] = e.hp if e.revived else hp[e.model] + 1
            if hp[e.model] > g.models[e.model].max_hp:
                bad.append(f"{e.model} healed above its starting Health")
    for m in g.models.values():
        if m.status != "fled" and m.hp != hp[m.id]:
            bad.append(
                f"{m.id}: Health {m.hp} but the log has {wounds.get(m.id, 0)} wounds from {m.max_hp} (and heals)"
            )
    b = g.book
    vp = [0, 0]
    for m in g.models.values():
        if m.status in ("out", "fled"):
            v = int(b.gang["leader_vp"]) if m.char.leader else b.levels[m.char.level].vp
            vp[1 - m.seat] += v + b.sizes[m.char.size].vp
        elif m.up:
            vp[m.seat] += 2 * len(m.carried)
    end = g.events[-1]
    if end.kind != "gf_ended" or list(end.vp) != vp:
        bad.append(f"VP in the log {getattr(end, 'vp', None)} but recounted {vp}")
    return bad


def play(rs, sc, seed: int, ais: tuple[str, str], watch: bool):  # type: ignore[no-untyped-def]
    g = rs.new_game(sc, seed=seed)
    ctl = [rs.make_controller(ais[i], seed, i) for i in range(2)]
    problems: list[str] = []
    n = 0
    while g.pending is not None:
        req = g.pending
        g.answer(ctl[req.boss].decide(req, g))
        n += 1
        if watch:
            problems += check(g)
        if n > 20000:
            problems.append("more than 20000 decisions")
            break
    problems += final_checks(g)
    return g, problems


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--invariants", type=int, default=200)
    ap.add_argument("--versus", type=int, default=400)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--seed", type=int, default=1000)
    a = ap.parse_args()
    rs = registry.get("gangfight")
    sc = rs.load_scenario(a.scenario)
    t0 = time.time()
    failures = 0
    for i in range(a.invariants):
        try:
            g, probs = play(rs, sc, a.seed + i, ("heuristic", "heuristic"), watch=True)
        except Exception as e:  # noqa: BLE001 - the invariant is "no exception": report it
            probs = [f"exception: {type(e).__name__}: {e}"]
        if probs:
            failures += 1
            print(f"seed {a.seed + i}: {probs[:3]}")
    if a.invariants:
        took = time.time() - t0
        print(f"invariants: {a.invariants} heuristic-vs-heuristic games, {failures} with a problem, {took:.0f}s")
    t0 = time.time()
    wins = ties = 0
    vps: list[int] = []
    for i in range(a.versus):
        h = i % 2
        ais = ("heuristic", "random") if h == 0 else ("random", "heuristic")
        g, probs = play(rs, sc, a.seed + 100000 + i, ais, watch=False)
        if probs:
            print(f"versus seed {a.seed + 100000 + i}: {probs[:3]}")
            failures += 1
        if g.winners == [h]:
            wins += 1
        elif len(g.winners) == 2:
            ties += 1
        vps.append(g.vp[h] - g.vp[1 - h])
    if a.versus:
        lo, hi = wilson(wins, a.versus)
        print(
            f"heuristic vs random: {wins}/{a.versus} wins, {ties} ties, win rate {wins / a.versus:.3f} "
            f"(Wilson 95% CI {lo:.3f}-{hi:.3f}), mean VP margin {sum(vps) / len(vps):+.2f}, {time.time() - t0:.0f}s"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

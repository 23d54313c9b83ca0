"""Exact odds of the road race's rolls, read from the book: what the AI weighs its choices by.

Why exact and here: every roll of the game is a handful of d6 (5+ a success) and every chart a
d6 plus modifiers, so the chances an AI needs — that a Speed roll ends on the Whoops! chart,
that an attack lands on the Spectacular chart, that a chart roll takes a car out — are short
sums, cheaper and truer than simulating. They are computed from the same numbers the engine
uses (the YAML charts, the upgrades' modifier hooks, the cars' stats and re-rolls as they stand)
and from each terminal row's own advice (:data:`.results.OUT`: the chance that row takes the car
out at once), so nothing here or in the AI names a chart row or an upgrade.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .ops import RaceOps
from .results import OUT
from .state import Racer


def success_chance(race: RaceOps) -> float:
    """A die's chance of a success: the faces at or above ``success_at`` (5 and 6 of a d6: 1/3)."""
    b = race.book
    return (b.sides - b.success_at + 1) / b.sides


@lru_cache(maxsize=512)
def successes(n: int, rerolls: int = 0, p: float = 1 / 3) -> tuple[float, ...]:
    """The exact distribution of successes of an ``n``-dice roll that re-rolls up to ``rerolls``
    of its failed dice once (the engine offers only failed dice, each at most once per roll)."""
    n = max(0, n)
    out = [0.0] * (n + 1)
    for s in range(n + 1):
        ps = comb(n, s) * p**s * (1 - p) ** (n - s)
        k = min(max(0, rerolls), n - s)
        for e in range(k + 1):
            out[s + e] += ps * comb(k, e) * p**e * (1 - p) ** (k - e)
    return tuple(out)


def roll(race: RaceOps, r: Racer, stat: str) -> tuple[float, ...]:
    """The successes of ``r``'s ``stat`` roll as the car stands (its re-rolls after penalties)."""
    return successes(max(0, race.stat(r, stat)), race.rerolls_now(r, stat), success_chance(race))


def whoops_chance(race: RaceOps, r: Racer) -> float:
    """The chance a Speed roll has more failures than successes (rule 3: the Whoops! chart).
    With re-rolls used the dice count stays the Speed stat, so failures = dice - successes."""
    n = max(0, race.stat(r, "speed"))
    return sum(p for s, p in enumerate(roll(race, r, "speed")) if s < n - s)


def chart_out(
    race: RaceOps, roller: Racer, target: Racer, chart_id: str, extra: int = 0, attack: bool = False, own: bool = True
) -> float:
    """The chance that one roll on ``chart_id`` takes ``target`` out at once: the d6 and the
    modifiers exactly as the engine's ``Race.chart`` adds them, a row the target ignores doing
    nothing, sub-charts and chart rows followed, and each terminal row's advice (default 0)."""
    c = race.book.charts[chart_id]
    mod = extra + sum(h.against_mod(chart_id) for h in target.upgrades)
    if own:
        mod += sum(h.chart_mod(chart_id) for h in roller.upgrades)
    if attack:
        mod += sum(h.attack_mod(chart_id) for h in roller.upgrades)
    total = 0.0
    sides = race.book.sides
    for die in range(1, sides + 1):
        row = c.row(die + mod)
        if any(h.ignores(row.id) for h in target.upgrades):
            continue
        nxt = row.sub if row.sub is not None else row.chart
        if nxt is not None:
            p = chart_out(race, roller, target, nxt, attack=attack)
        elif row.id in OUT:
            p = OUT[row.id](race, target, lambda sub: chart_out(race, roller, target, sub, attack=attack))
        else:
            p = 0.0
        total += p / sides
    return total


def attack_odds(race: RaceOps, a: Racer, t: Racer) -> tuple[float, float, float]:
    """One attack of ``a`` on ``t`` (rule 4): the chances of a hit, of a Spectacular hit (no
    Defense success), and that the hit takes ``t`` out at once (the attacker's chart roll:
    Spectacular on no Defense success, else the Damage chart). An unarmed attacker hits for
    nothing here (he may only take re-rolls away)."""
    if any(c.flag == "no_weapon" for c in a.conds):
        return (0.0, 0.0, 0.0)
    off = roll(race, a, "offense")
    dfn = roll(race, t, "defense")
    at_least = [sum(off[i:]) for i in range(len(off) + 1)]  # P(offense successes >= i)
    p_spec = dfn[0]  # "If he has no successes at all": even an attacker with none hits
    p_dmg = sum(dfn[d] * at_least[d] for d in range(1, min(len(dfn), len(at_least))))
    spec = chart_out(race, a, t, "spectacular", attack=True, own=False)
    dmg = chart_out(race, a, t, "damage", attack=True, own=False)
    return (p_spec + p_dmg, p_spec, p_spec * spec + p_dmg * dmg)

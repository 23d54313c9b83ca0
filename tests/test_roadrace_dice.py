"""The dice: thrown into the walled physics tray, never lost, fair; stat rolls and the Luck Phase
against their exact probabilities (chi-square, a tolerance computed, not guessed)."""

from __future__ import annotations

from math import comb

import numpy as np
from roadrace_kit import car, drive, race
from scipy.stats import chisquare

from spacegits_sim.physics.tray import DiceTray
from spacegits_sim.rng import stream

ALPHA = 1e-4  # a fair engine fails one of these tests once in ten thousand runs


def test_the_tray_keeps_every_die_and_reads_where_it_lands():
    tray = DiceTray()
    sc, faces = stream(7, "scatter"), stream(7, "dice")
    for k in range(400):
        dice = tray.throw(1 + k % 5, sc, faces, side=k % 4)
        assert all(tray.inside(d.position) for d in dice)
        assert [d.id for d in tray.dice()] == [d.id for d in dice]
        tray.clear()
    assert tray.dice() == []


def test_kept_dice_stay_in_the_tray_while_others_are_rerolled():
    tray = DiceTray()
    sc, faces = stream(1, "scatter"), stream(1, "dice")
    first = tray.throw(4, sc, faces)
    tray.pick_up([first[0].id])
    tray.throw(1, sc, faces)
    assert len(tray.dice()) == 4 and first[0].id not in {d.id for d in tray.dice()}


def test_tray_faces_are_fair():
    tray = DiceTray()
    sc, faces = stream(3, "scatter"), stream(3, "dice")
    counts = np.zeros(6)
    for _ in range(600):
        for d in tray.throw(3, sc, faces):
            counts[d.value - 1] += 1
        tray.clear()
    assert chisquare(counts).pvalue > ALPHA


def _pmf_with_rerolls(n: int, r: int, p: float = 1 / 3) -> list[float]:
    """Exact P(successes = k) for n dice, succeeding with p, re-rolling up to r failed dice once."""
    out = [0.0] * (n + 1)
    for s1 in range(n + 1):
        p1 = comb(n, s1) * p**s1 * (1 - p) ** (n - s1)
        m = min(r, n - s1)
        for s2 in range(m + 1):
            out[s1 + s2] += p1 * comb(m, s2) * p**s2 * (1 - p) ** (m - s2)
    return out


def test_stat_rolls_with_rerolls_match_the_exact_distribution():
    """'Any result of 5 or higher is a Success' + 'You may then use any re-rolls you have'."""
    r = race(car(v=(2, 2, 1, 3), earned=("speed_reroll", "speed_reroll")))  # sedan: Speed 3, 2 re-rolls
    me = r.racers[0]
    trials = 1500
    counts = np.zeros(4)
    for _ in range(trials):
        roll = drive(r, r.stat_roll(me, "speed", "test"))
        counts[roll.successes] += 1
    expected = np.array(_pmf_with_rerolls(3, 2)) * trials
    assert abs(sum(_pmf_with_rerolls(3, 2)) - 1) < 1e-12
    assert chisquare(counts, expected).pvalue > ALPHA


def test_the_luck_phase_event_chart_odds():
    """Luck 2: Woohoo! on 2 successes (1/9), Oh Crap! on 0 (4/9), no event on 1 (4/9)."""
    counts = {"woohoo": 0, "oh_crap": 0, None: 0}
    r = race(car(driver="mechanic", d=(2, 2, 2, 2)))  # mechanic: Luck as built (2)
    trials = 1200
    for _ in range(trials):
        r.event_row, r.round_mods = None, {}  # a new turn (Good Weather's +1 Luck lasts one turn)
        n = len(r.events)
        drive(r, r._first_luck(r.racers[0]))
        charts = [e.chart for e in r.events[n:] if e.kind == "chart_rolled"]
        counts[charts[0] if charts else None] += 1
    expected = np.array([1 / 9, 4 / 9, 4 / 9]) * trials
    assert chisquare([counts["woohoo"], counts["oh_crap"], counts[None]], expected).pvalue > ALPHA

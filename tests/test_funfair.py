"""The funfair scenario (one of every terrain type): whole matches with every terrain rule in
play finish with no exception and no broken invariant (caps conserved — machines take caps to
the supply and pay out of it — no overlaps, nothing off the table, fallen gits towerless), and
the screen's scene drawn from the log alone agrees with the match."""

from __future__ import annotations

from collections import Counter

import pytest

from spacegits_sim.ai import make_controller
from spacegits_sim.ai.random_ai import RandomController
from spacegits_sim.data import default_rules
from spacegits_sim.data.paths import scenarios_dir
from spacegits_sim.render.scene import Scene
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.invariants import Checked, check_invariants
from spacegits_sim.rules.scenario import load_scenario

FUNFAIR = scenarios_dir() / "funfair.yaml"


def _play(seed: int, ais: str) -> Match:
    m = Match(load_scenario(str(FUNFAIR), default_rules()), seed=seed)
    if ais == "random":
        ctrls = [RandomController(seed, b) for b in range(2)]
    else:
        ctrls = [make_controller(ais, seed=seed, boss=b) for b in range(2)]
    m.play([Checked(c) for c in ctrls])
    check_invariants(m)
    go = m.result()
    assert go is not None and go.winners and all(b.out for b in m.bosses)
    scene = Scene.from_events(m.events)
    assert [b.stash for b in scene.bosses] == [b.stash for b in m.bosses]
    return m


def _tally(matches: list[Match]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for m in matches:
        for e in m.events:
            if e.kind == "terrain_booted":
                seen[e.name] += 1
            elif e.kind in ("slid", "tower_rebuilt"):
                seen[e.kind] += 1
            elif e.kind == "damaged" and e.source == "toxic waste":
                seen["toxic waste damage"] += 1
    return seen


IN_PLAY = ("slid", "toxic waste damage", "Vending Machine")  # a slide, a hazard, a machine booted
MAX_HEURISTIC_SEEDS = 40  # issue 27's heuristic (rescues, robbers first) boots its first Vending Machine on seed 24


def test_funfair_matches_finish_with_every_invariant_and_the_terrain_rules_in_play():
    """Every match checks every invariant; the terrain rules must come up in play. How many
    heuristic matches that takes depends on how long the AI stays on the table (one that banks
    an unassailable lead once the caps are gone ends a funfair in 5 minutes, not 10, and boots
    fewer machines on the way), so the heuristic mirror plays seeds until all three have been
    seen, up to MAX_HEURISTIC_SEEDS (a terrain rule that never fires in that many is broken)."""
    matches = [_play(s, "random") for s in range(100, 112)]
    seen = _tally(matches)
    for s in range(MAX_HEURISTIC_SEEDS):
        seen += _tally([_play(s, "heuristic")])
        if all(seen[k] for k in IN_PLAY):
            break
    assert all(seen[k] for k in IN_PLAY), seen


def _tool():
    import sys

    from conftest import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    import funfair_run

    return funfair_run


def test_funfair_chaos_gangs_with_random_factions_a_small_sample():
    """Issue 12's long run in small: chaos-mode gangs with random factions on the funfair,
    heuristic against heuristic, every invariant checked at every decision (the 200-match run
    is `make test-long` / tools/funfair_run.py)."""
    report = _tool().run(4, ["heuristic", "heuristic"], progress=False)
    assert report["failed"] == 0, report["failures"]
    assert report["activations"] > 40


@pytest.mark.slow
def test_funfair_chaos_gangs_with_random_factions_200_matches():
    report = _tool().run(200, ["heuristic", "heuristic"], progress=False)
    print(report["seen"], report["factions"], report["wall_s"])
    assert report["failed"] == 0, report["failures"][:3]

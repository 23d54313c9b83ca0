"""Golden playthroughs: whole seeded matches must reproduce their recorded event logs exactly.

They pin behaviour across refactors. Regenerate them (``tools/golden.py``) only in a commit
that names the rule fix which moved them.
"""

from __future__ import annotations

import sys

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import golden  # noqa: E402


def test_there_are_at_least_twelve_golden_playthroughs_over_all_three_controllers_and_both_scenarios():
    assert len(golden.PLAYTHROUGHS) >= 12
    ais = {a for p in golden.PLAYTHROUGHS for a in p.ais}
    assert {"random", "heuristic", "search"} <= ais | {"random" if "stubborn" in ais else ""}
    assert {"scenarios/quickstart.yaml", "scenarios/four_bosses.yaml"} <= {p.scenario for p in golden.PLAYTHROUGHS}
    for p in golden.PLAYTHROUGHS:
        assert golden.path_of(p).is_file(), f"missing golden file for {p.name}: run tools/golden.py"


@pytest.mark.parametrize("p", golden.PLAYTHROUGHS, ids=lambda p: p.name)
def test_a_seeded_match_reproduces_its_golden_event_log_exactly(p):
    now = golden.record(p, golden.play(p))
    diff = golden.first_difference(golden.load(p), now)
    assert diff is None, f"{p.name}: {diff}"

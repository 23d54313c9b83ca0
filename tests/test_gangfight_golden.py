"""The Gangfight's golden playthroughs play exactly as recorded (tests/golden_gangfight/*.jsonl)."""

from __future__ import annotations

import pytest

from spacegits_sim.rulesets.gangfight.golden import PLAYTHROUGHS, check


@pytest.mark.parametrize("p", PLAYTHROUGHS, ids=lambda p: p.name)
def test_golden_playthrough_is_unchanged(p):
    assert check(p) is None

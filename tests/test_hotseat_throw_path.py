"""Aiming a throw, the hot-seat shows the throw's path from the hand (fixed at the boss's table
edge: Match.hand_point) to the aim and warns when a die's flight or the landing ellipse may
knock a standing tower (playtest 2026-12-06 finding 3: Red aimed Urgat's move dice just past
him, and the dice flew from the hand over his own tower of 5 and toppled it, unwarned)."""

from __future__ import annotations

import numpy as np
from helpers import drive, match  # noqa: E402
from hotseat_kit import _pygame  # noqa: F401  (SDL dummy drivers, then the display started per test)
from test_hotseat_arcs import frame_texts  # noqa: E402
from test_render import app_for, click, press_button  # noqa: E402

from spacegits_sim.rules.decisions import AimThrow  # noqa: E402

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
OVER_URGAT, BESIDE = (12.0, 14.0), (4.0, 14.0)  # Red throws from the south edge: the first flies over Urgat at 12,10


def aiming_app():  # type: ignore[no-untyped-def]
    """Red's Grunk at 6,6 aiming his scoot; Red's Urgat at 12,10 with a tower of 5."""
    m = match(
        [[dict(ORC, name="Grunk"), dict(ORC, name="Urgat")], [dict(ORC, name="Dreg")]],
        {"a1": (6.0, 6.0), "a2": (12.0, 10.0), "b1": (20.0, 20.0)},
        seed=2,  # (Red activates first)
    )
    drive(m, m.add_tower_dice(m.models["a2"], 5, "swig"))
    app = app_for(m)
    click(app, (6.0, 6.0))
    press_button(app, "scoot")
    assert isinstance(app.human_turn(), AimThrow)
    return app


def test_aiming_over_your_own_tower_warns_whose_tower_and_its_height():
    app = aiming_app()
    assert "flies over Urgat's tower (5, yours): may topple it" in frame_texts(app, OVER_URGAT)
    assert not any("tower (" in s for s in frame_texts(app, BESIDE))  # aimed round it: no warning


def test_the_tower_warned_of_is_the_one_real_throws_there_strike():
    """The warning is the rules' own flight: real throws (copies of the table, 2 dice each, as
    a scoot's) at an aim warned of knock Urgat's tower; at the aim not warned of, none does."""
    app = aiming_app()
    m = app.match
    over, beside = (11.2, 14.0), BESIDE  # (11.2: right over Urgat's tower, beside his base)
    hazards = m.throw_hazards(0, over, 0.0, 1.0, 1.0)
    assert [(mid, where) for mid, _h, where in hazards] == [("a2", "flight")]
    assert m.throw_hazards(0, beside, 0.0, 1.0, 1.0) == []
    rng = np.random.default_rng(5)
    hit = {over: 0, beside: 0}
    for aim in hit:
        for _ in range(10):
            res = m.table.copy().throw(m.hand_point(0, aim), aim, (6, 6), rng, rng, 0.0)
            hit[aim] += any(h.figure_id == "a2" for h in res.tower_hits)
    assert hit[over] >= 5 and hit[beside] == 0, hit

"""Space Gits' observation for learning agents: a float32 vector in [0, 1] from one boss's seat.

The clock, the request and its number of options, every boss's stash and new caps, every
model (position, standing, tower height, toughness, mine or not), the caps, the dice on
the table and the terrain. Fixed size (:data:`OBS_SIZE`): absent things are zeros.
"""

from __future__ import annotations

from typing import Any

import numpy as np

MAX_OPTIONS = 128  # the env's choice space (the observation scales the option count by it)
MAX_BOSSES = 4
MAX_MODELS = 20
MAX_CAPS = 30
MAX_DICE = 16
MAX_TERRAIN = 24
REQUEST_KINDS = (
    "deploy",
    "choose_activation",
    "choose_action",
    "aim_throw",
    "order_move_die",
    "choose_care",
    "choose_boot",
    "choose_guns",
    "order_bullet",
    "fight_throw",
    "split_odd",
    "eager_help",
    "reboot_dice",
    "arcade_dice",
    "reroll",
    "gear_choice",
    "grapple_who",
    "choice",
)
OBS_SIZE = (
    3
    + MAX_BOSSES
    + len(REQUEST_KINDS)
    + MAX_BOSSES * 3
    + MAX_MODELS * 7
    + MAX_CAPS * 3
    + MAX_DICE * 4
    + MAX_TERRAIN * 4
)


class SpaceGitsObserver:
    """The encoder the env asks for (``size``, ``encode(match, seat)``)."""

    size = OBS_SIZE

    def encode(self, m: Any, me: int) -> np.ndarray:
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        if m is None:
            return out
        w, h = m.table.width, m.table.height
        k = 0

        def put(values: list[float]) -> None:
            nonlocal k
            for v in values:
                out[k] = min(max(v, 0.0), 1.0)
                k += 1

        timer = max(1.0, m.scenario.timer_min * 60.0)
        req = m.pending
        opts = len(getattr(req, "options", ()) or ())
        put([m.clock / (2 * timer), float(m.siren), opts / MAX_OPTIONS])
        put([float(i == me) for i in range(MAX_BOSSES)])
        put([float(req is not None and req.kind == kind) for kind in REQUEST_KINDS])
        for i in range(MAX_BOSSES):
            b = m.bosses[i] if i < len(m.bosses) else None
            put([0.0, 0.0, 0.0] if b is None else [b.stash / 50, float(b.out), (b.stash - b.start_stash + 25) / 50])
        models = list(m.models.values())[:MAX_MODELS]
        for j in range(MAX_MODELS):
            if j >= len(models) or not models[j].in_play:
                put([0.0] * 7)
                continue
            mod = models[j]
            x, y = m.position(mod.id)
            put(
                [
                    1.0,
                    x / w,
                    y / h,
                    float(mod.standing),
                    mod.tower.height / 30,
                    mod.toughness / 10,
                    float(mod.boss == me),
                ]
            )
        caps = list(m.table.tokens.values())[:MAX_CAPS]
        for j in range(MAX_CAPS):
            put([1.0, caps[j][0] / w, caps[j][1] / h] if j < len(caps) else [0.0, 0.0, 0.0])
        dice = list(m.table.dice.values())[:MAX_DICE]
        for j in range(MAX_DICE):
            d = dice[j] if j < len(dice) else None
            put([0.0] * 4 if d is None else [1.0, d.position[0] / w, d.position[1] / h, d.value / 20])
        terrain = list(m.table.terrain.values())[:MAX_TERRAIN]
        for j in range(MAX_TERRAIN):
            if j >= len(terrain):
                put([0.0] * 4)
                continue
            cx, cy = m.table.terrain_centre(terrain[j].id)
            put([1.0, cx / w, cy / h, terrain[j].height_in / 6])
        return out

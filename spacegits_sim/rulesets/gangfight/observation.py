"""Gangfight's observation for learning agents: a float32 vector in [0, 1] from one seat.

The observer's gang first: per model (up to 30 a side: the gang files' own bound) on the board, Health left, position,
facing, activated, objectives carried; then the objectives lying on the board, the turn, and
the pending request's kind and size.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

MAX_MODELS = 30
MAX_OBJ = 8
PER = 8
KINDS = ("gf_role", "gf_first", "gf_activate", "gf_loadout", "gf_action", "gf_move", "gf_target", "gf_face", "deploy")


class GangfightObserver:
    size = 2 * MAX_MODELS * PER + MAX_OBJ * 3 + 1 + len(KINDS) + 1

    def encode(self, game: Any, seat: int) -> Any:
        v = np.zeros(self.size, dtype=np.float32)
        w, h = game.width, game.height
        for k, s in enumerate((seat, 1 - seat)):
            ms = [m for m in game.models.values() if m.seat == s][:MAX_MODELS]
            for j, m in enumerate(ms):
                o = (k * MAX_MODELS + j) * PER
                v[o] = 1.0 if m.up else 0.0
                v[o + 1] = m.hp / max(m.max_hp, 1)
                v[o + 2] = min(max(m.pos[0] / w, 0.0), 1.0)
                v[o + 3] = min(max(m.pos[1] / h, 0.0), 1.0)
                v[o + 4] = (math.cos(m.facing) + 1) / 2
                v[o + 5] = (math.sin(m.facing) + 1) / 2
                v[o + 6] = 1.0 if m.activated else 0.0
                v[o + 7] = min(len(m.carried), 4) / 4
        o = 2 * MAX_MODELS * PER
        for j, p in enumerate(list(game.objectives.values())[:MAX_OBJ]):
            if p is not None:
                v[o + 3 * j] = 1.0
                v[o + 3 * j + 1] = p[0] / w
                v[o + 3 * j + 2] = p[1] / h
        o += MAX_OBJ * 3
        v[o] = min(game.turn, 10) / 10
        o += 1
        req = game.pending
        if req is not None and req.kind in KINDS:
            v[o + KINDS.index(req.kind)] = 1.0
            v[o + len(KINDS)] = min(len(getattr(req, "options", ()) or ()), 128) / 128
        return v

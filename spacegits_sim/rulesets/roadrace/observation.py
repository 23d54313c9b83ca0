"""The road race's observation for learning agents: a float32 vector in [0, 1] from one seat.

Seats are rotated so the observer is always first: per seat, in the race, Lap Points, vehicle
and driver damage, stopped, every stat, and the number of lasting states; then the round
event (one-hot over the Woohoo! and Oh Crap! rows) and the pending request's kind and size.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .book import book

MAX_SEATS = 6
MAX_OPTIONS = 64
KINDS = (
    "rr_reroll",
    "rr_blessing",
    "rr_interview",
    "rr_rest_stop",
    "rr_stop_to_repair",
    "rr_repair_what",
    "rr_attack",
    "rr_on_hit",
)


class RoadRaceObserver:
    def __init__(self) -> None:
        b = book()
        self.stats = b.stats
        self.rows = [r.id for c in ("woohoo", "oh_crap") for r in b.charts[c].rows]
        self.per_seat = 6 + len(self.stats)
        self.size = MAX_SEATS * self.per_seat + len(self.rows) + len(KINDS) + 1

    def encode(self, game: Any, seat: int) -> Any:
        v = np.zeros(self.size, dtype=np.float32)
        n = len(game.racers)
        for k in range(n):
            r = game.racers[(seat + k) % n]
            o = k * self.per_seat
            v[o] = 1.0 if r.alive else 0.0
            v[o + 1] = min(r.lp, 20) / 20
            v[o + 2] = min(r.vdamage, 15) / 15
            v[o + 3] = min(r.ddamage, 8) / 8
            v[o + 4] = 1.0 if game.stopped(r) else 0.0
            v[o + 5] = min(len(r.conds), 10) / 10
            for j, s in enumerate(self.stats):
                v[o + 6 + j] = max(0, min(game.stat(r, s), 8)) / 8
        o = MAX_SEATS * self.per_seat
        if game.event_row in self.rows:
            v[o + self.rows.index(game.event_row)] = 1.0
        o += len(self.rows)
        req = game.pending
        if req is not None and req.kind in KINDS:
            v[o + KINDS.index(req.kind)] = 1.0
            v[o + len(KINDS)] = min(len(getattr(req, "options", ())), MAX_OPTIONS) / MAX_OPTIONS
        return v

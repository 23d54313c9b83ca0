"""Seeded random streams: one independent stream per purpose, all derived from a match seed.

Why: determinism. The same seed and decisions must replay bit for bit, and adding a draw
for one purpose (say, tower placement error) must not shift the dice values. So each
purpose gets its own generator, keyed by a stable hash of its name (not Python's salted
``hash``), and no module ever touches a global RNG.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np


def _purpose_key(purpose: str) -> int:
    return int.from_bytes(hashlib.sha256(purpose.encode("utf-8")).digest()[:8], "little")


def stream(seed: int, purpose: str) -> np.random.Generator:
    """A generator for one purpose (``"dice"``, ``"scatter"``, ``"tower/3"``…) of one seed."""
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"seed must be an integer, got {seed!r}")
    ss = np.random.SeedSequence([int(seed) & 0xFFFFFFFFFFFFFFFF, _purpose_key(purpose)])
    return np.random.Generator(np.random.PCG64(ss))


class Streams:
    """The named streams of one match. Asking twice for a name returns the same stream."""

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._streams: dict[str, np.random.Generator] = {}

    def __call__(self, purpose: str) -> np.random.Generator:
        gen = self._streams.get(purpose)
        if gen is None:
            gen = self._streams[purpose] = stream(self.seed, purpose)
        return gen

    def state(self) -> dict[str, Any]:
        """Snapshot of every stream's state (for lookahead copies and replays)."""
        return {k: g.bit_generator.state for k, g in self._streams.items()}

    def restore(self, state: dict[str, Any]) -> None:
        for k, st in state.items():
            self(k).bit_generator.state = st

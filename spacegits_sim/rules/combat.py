"""Combat (rules part 2): shooting, fighting, damage, explosions. Part 1 leaves these hooks."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from . import events as ev

if TYPE_CHECKING:
    from .engine import Match, Model

Flow = Generator[Any, Any, None]


class Combat:
    def __init__(self, match: "Match") -> None:
        self.match = match

    def can_shoot(self, m: "Model") -> bool:
        return False

    def shoot(self, m: "Model") -> Flow:
        return
        yield

    def fight(self, active: "Model", passive: "Model") -> Flow:
        self.match.emit(ev.FightBroke(active.id, passive.id))
        return
        yield

    def on_fell_over(self, m: "Model") -> Flow:
        return
        yield

    def after_swig(self, m: "Model") -> Flow:
        return
        yield

    def bumped_terrain(self, m: "Model", terrain_id: str, reason: str) -> Flow:
        return
        yield

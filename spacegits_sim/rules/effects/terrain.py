"""Terrain rules (rulebook: "Terrain"): one handler per special id in terrain.yaml."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Effect, defer, register

if TYPE_CHECKING:
    from ...data.rules_data import TerrainType

BARREL_EXPLODE = 6


@register
class ExplodingBarrel(Effect):
    """Hit instead of giving cover; explodes (6) when hit by a bullet or a blast."""

    family, id = "terrain", "exploding_barrel"

    def explodes(self, terrain: TerrainType) -> int:
        return terrain.explode or BARREL_EXPLODE


defer(
    "terrain",
    "oil_slick toxic_waste food_stall bar slot_machine test_your_strength arcade_machine teleportaloo vending_machine",
    "the terrain issue",
)

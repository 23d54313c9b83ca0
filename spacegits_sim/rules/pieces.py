"""The pieces a gang is made of, as plain data: a git's spec and the gang (no rules attached).

Why a module of their own: the effect handlers, the match state and the gang checks all read
them, and the handlers sit below the checks (which ask the handlers), so the plain types sit
below both. Building and checking gangs is :mod:`.gangs`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data.rules_data import RulesData

__all__ = ["Gang", "GitSpec"]


@dataclass(frozen=True)
class GitSpec:
    type: str
    name: str
    weapons: tuple[str, ...]
    gear: tuple[str, ...]
    vehicle: str | None = None
    mods: tuple[str, ...] = ()
    vehicle_weapons: tuple[str, ...] = ()
    gear_on: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (gear id, the guns it is on), for gear on guns
    treatments: tuple[str, ...] = ()  # "Location: Treatment" from A&E (effects/lasting.py)
    pintle: tuple[str, ...] = ()  # which vehicle_weapons are pintle-mounted (the rest are fixed)
    repairs: tuple[str, ...] = ()  # "Location: Repair" from Krankshaft's (effects/lasting.py)
    attitude: int = 1  # campaign rules: "All gits start with an attitude of 1" (Bollocks to It reads it)
    misses: int = 0  # games still to miss (a Concussion Bandage or a Sling "misses the next game"): not fielded
    passengers: tuple[str, ...] = ()  # a driver's: names of the gang's gits who start the game aboard their vehicle

    def guns_for(self, gear_id: str) -> tuple[str, ...]:
        """The guns a piece of gun gear is on (named in ``gear_on``, else the only ones)."""
        for g, ws in self.gear_on:
            if g == gear_id:
                return ws
        return ()

    def gun_for(self, gear_id: str) -> str | None:
        """The one gun a piece of one-gun gear is on."""
        ws = self.guns_for(gear_id)
        return ws[0] if ws else None


@dataclass(frozen=True)
class Gang:
    name: str
    gits: tuple[GitSpec, ...]
    faction: str | None
    source: str
    cost: int = 0
    mode: str = "a_la_carte"

    def naked_cost(self, rules: RulesData) -> int:
        """What the gits (and their vehicles) cost without weapons, gear or mods."""
        return sum(rules.gits[g.type].cost + (rules.vehicles[g.vehicle].cost if g.vehicle else 0) for g in self.gits)

    def starting_stash(self, budget: int) -> int:
        """Caps left to stash: à la carte keeps what it did not spend; a rolled gang starts with
        none ("You start with zero bottle caps in your stash")."""
        return max(0, budget - self.cost) if self.mode == "a_la_carte" else 0

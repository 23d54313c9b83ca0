"""Faction rules (rulebook: "Factions"): one handler per rule_id in factions.yaml.

None is simulated yet: each is registered as deferred, so a gang that names a faction gets a
loud warning from validation instead of a silent "ok".
"""

from __future__ import annotations

from .base import defer

defer(
    "factions",
    "tasty_smells grabbing_hands invisible_walls handcuffs berserk ptsd encouraging_chants "
    "green_wing_support pulling_teeth",
    "the factions part of the armoury issue",
)

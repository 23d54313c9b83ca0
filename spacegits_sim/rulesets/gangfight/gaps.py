"""What the Gangfight book names that the engine does not simulate: one list, read by
``validate`` (loud warnings) and written out in docs/gangfight.md. Why one list: the docs
and the warnings can never disagree about what plays.
"""

from __future__ import annotations

from typing import Any

from ...data.errors import Problem

#: (rule, why it is not simulated) for everything in the core rules that does not play yet.
UNSUPPORTED: tuple[tuple[str, str], ...] = (
    (
        "Jumping, falling, tackling, stairs and ladders",
        "the bundled boards have no climbable heights: models stay on the ground, so none of these can arise",
    ),
    ("Flying", "only Fantasy skills and gifts grant it; those are not wired into the engine yet"),
    (
        "Building interiors (doors, windows, cover from outside)",
        "buildings are solid blocking footprints; models cannot enter them",
    ),
    (
        "Equip Items, Consume Item, Use Ability, Cast a Spell actions",
        "no consumables, abilities or spells are wired in yet (the Fantasy catalog is separate work)",
    ),
    ("Healing and reviving (Smellin' Salts, Healer)", "no item or skill that heals is in the core armoury"),
    ("Mounts and the Dismount action", "no mount stats in the core rules; the mount family is refused loudly"),
    ("Artillery", "named but never given stats (a garbled part of the book)"),
    ("Obstacles wider than 1 inch", "any obstacle up to the model's hop height is hopped whatever its width"),
    ("Silent bows", "no scenario asks for silence"),
    ("Three or four players", "two seats only"),
)


def scenario_warnings(scenario: Any) -> list[Problem]:
    """Every loud warning a scenario carries: its gangs' (skills, races, factions, unsimulated items)."""
    out: list[Problem] = []
    for g in scenario.gangs:
        out.extend(g.warnings)
    return out

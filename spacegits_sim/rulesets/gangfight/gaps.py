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
        "Flying granted by the Fantasy data (the Winged gift, Wings, Ethereal Wings)",
        "flying moves play (heights.py reads Model.flying) but no skill, ability or spell sets the flag yet",
    ),
    (
        "Jumping up onto a higher platform, overhangs, ladders on obstacles",
        "a Jump lands on a platform no higher than the one it leaves; heights are flat platform tops only",
    ),
    (
        "Equip Items, Consume Item, Use Ability, Cast a Spell actions",
        "no consumables, abilities or spells are wired in yet (the Fantasy catalog is separate work)",
    ),
    ("Healing and reviving (Smellin' Salts, Healer)", "no item or skill that heals is in the core armoury"),
    (
        "Mounts and the Dismount action",
        "no mount stats in the core rules; an item of the mount family gets a loud warning",
    ),
    ("Artillery", "named but never given stats (a garbled part of the book)"),
    ("Silent bows", "no scenario asks for silence"),
    ("Three or four players", "two seats only"),
    (
        "The Fantasy faction abilities, spells and the other skills (Disarm, Pickpocket, Overwatch, Planner, "
        "Lucky, Healer, Pulverize, Engineer, Magic User, Hit & Run, the recruiting skills)",
        "their data loads and is checked (fantasy/catalog.py) but they do not play yet: gang files naming them "
        "get a loud warning (races, items and 21 skills play)",
    ),
    (
        "Crossroads' cottage and barn",
        "drawn as solid blocking footprints (the Watchtower board's inn is a building that can be entered)",
    ),
)


def scenario_warnings(scenario: Any) -> list[Problem]:
    """Every loud warning a scenario carries: its gangs' (skills, races, factions, unsimulated items).
    (An obstacle wider than 1" is no longer warned about: it is climbed over, heights.py.)"""
    out: list[Problem] = []
    for g in scenario.gangs:
        out.extend(g.warnings)
    return out

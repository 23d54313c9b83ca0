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
        "Flying granted by the Fantasy faction gifts (the Winged gift, Wings)",
        "flying moves play (heights.py reads Model.flying) and the Ethereal Wings spell sets it; the faction "
        "gifts that would do not play yet",
    ),
    (
        "Jumping up onto a higher platform, overhangs, ladders on obstacles",
        "a Jump lands on a platform no higher than the one it leaves; heights are flat platform tops only",
    ),
    (
        "Equip Items action",
        "the book names it but never says what it does beyond choosing weapons (upkeep and Change Weapons play); "
        "no item needs an action to be equipped (Conjure Blade is 'Automatically equipped when cast')",
    ),
    ("Use Ability action", "no faction ability plays yet"),
    (
        "Healing and reviving by the Healer skill",
        "the skill does not play yet (Smellin' Salts, the Potion of Healing and the Revive spell do)",
    ),
    (
        "Attacking an artillery piece",
        "the book calls a piece 'a normal model' but never says what hitting, destroying or capturing one "
        "does: pieces are placed, turned and fired (artillery.py) but never targeted; the completed "
        "Ballista's Health and Defense are unused",
    ),
    ("Silent bows", "no scenario asks for silence"),
    (
        "Three or four players",
        "the book gives no rules for them ('quite easy to adapt your games for multiple players. Just make "
        "your board a little bigger'; Cornered is 'a good way to set up for up to four players'): roles, "
        "initiative, alternation and morale's 'outnumbered' are all written for two, and so is the engine",
    ),
    (
        "The Fantasy faction abilities and the other skills (Disarm, Pickpocket, Overwatch, Planner, "
        "Lucky, Healer, Pulverize, Engineer, Hit & Run, the recruiting skills)",
        "their data loads and is checked (fantasy/catalog.py) but they do not play yet: gang files naming them "
        "get a loud warning (races, items, consumables, the 12 spells and 22 skills play)",
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

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
        "Jumping up onto a higher platform, overhangs, ladders on obstacles",
        "a Jump lands on a platform no higher than the one it leaves; heights are flat platform tops only",
    ),
    (
        "Equip Items action",
        "the book names it but never says what it does beyond choosing weapons (upkeep and Change Weapons play); "
        "no item needs an action to be equipped (Conjure Blade is 'Automatically equipped when cast')",
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

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
    (
        "Flying up to heights (rooftops, cliffs)",
        "the bundled boards have no heights: a flyer (Winged, Wings) plays the rest, ignoring obstacles",
    ),
    (
        "Building interiors (doors, windows, cover from outside)",
        "buildings are solid blocking footprints; models cannot enter them",
    ),
    (
        "Equip Items, Consume Item, Cast a Spell actions",
        "no consumables or spells are wired in yet "
        "(Use Ability plays: Lust, Healer, Disarm, Pickpocket, Planner, Overwatch)",
    ),
    (
        "Healing and reviving with items (Smellin' Salts, Potion of Healing)",
        "consumables do not play yet; the Healer skill's revive and Bloodsucker's healing do",
    ),
    (
        "Mounts and the Dismount action",
        "no mount stats in the core rules; an item of the mount family gets a loud warning",
    ),
    ("Artillery", "named but never given stats (a garbled part of the book)"),
    ("Obstacles wider than 1 inch", "any obstacle up to the model's hop height is hopped whatever its width"),
    ("Silent bows", "no scenario asks for silence"),
    ("Three or four players", "two seats only"),
    (
        "The Fantasy spells and the Magic User skill",
        "their data loads and is checked (fantasy/catalog.py) but they do not play yet: gang files naming them "
        "get a loud warning (races, items, 34 of the 35 skills and all 12 faction abilities play)",
    ),
    (
        "Personal space ignored when a wall hides the models from each other",
        "every enemy's 1 inch is kept whatever stands between",
    ),
    ("Cover inside buildings from outside", "buildings cannot be entered"),
)


def scenario_warnings(scenario: Any) -> list[Problem]:
    """Every loud warning a scenario carries: its gangs' (skills, races, factions, unsimulated items)."""
    out: list[Problem] = []
    for g in scenario.gangs:
        out.extend(g.warnings)
    for p in scenario.board.terrain:
        if p.kind != "obstacle":
            continue
        if p.circle is not None:
            w = 2 * p.circle[2]
        else:
            xs = [q[0] for q in p.polygon]
            ys = [q[1] for q in p.polygon]
            w = min(max(xs) - min(xs), max(ys) - min(ys))
        if w > 1.0 + 1e-9:
            out.append(
                Problem(
                    scenario.name,
                    f"terrain '{p.id}'",
                    "kind",
                    f'NOT SIMULATED: an obstacle {w:.1f}" across '
                    "(the book: 'up to 1 inch across') is hopped like a narrow one",
                )
            )
    return out

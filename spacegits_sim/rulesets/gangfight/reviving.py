"""Healing & Reviving (core rules): who may be revived, and the roll that revives them.

The book: "In order to revive a model, the healer must have the fallen model in his personal
space, and use the item for an action. The healer will make an Intellect roll, using the fallen
model's Stamina as a Target Number, however in this case you must roll at or below their Stamina
level to revive them. Also in this case, rolling a 1 will not be an automatic failure. If
successful, the model wills stand back up with 1 Health." and "Healing may only replenish lost
Health, you can never heal beyond your initial Health value."

Why a module of its own: the Healer skill uses it, and so can anything else that revives
(Smellin' Salts, a Revive spell) without copying the rule. The game is typed ``Any``: this
module does not import the engine.

Readings: an Intellect roll is Intellect dice, one success needed (as the core's Quickness roll
for falling). The fallen model stands where it fell, facing as it was; if a standing base now
covers that spot it cannot stand up there, so it cannot be revived until the spot is clear. A
model pulverized in melee (the Pulverize skill) or one that ran off the board is never revived.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["revivable", "revive"]


def _spot_free(game: Any, f: Any) -> bool:
    return all(
        math.dist(o.pos, f.pos) >= o.radius + f.radius - 1e-6 for o in game.models.values() if o.up and o is not f
    )


def revivable(game: Any, healer: Any) -> list[Any]:
    """The friendly models out of action that ``healer`` could revive with an action now."""
    ps = game.book.g("personal_space")
    return [
        f
        for f in game.models.values()
        if f.seat == healer.seat
        and f.status == "out"
        and f is not healer
        and not f.marks.get("pulverized")
        and math.dist(healer.pos, f.pos) - healer.radius - f.radius <= ps + 1e-9
        and _spot_free(game, f)
    ]


def revive(game: Any, healer: Any, fallen: Any, how: str) -> bool:
    """One attempt (the action is the caller's): True when ``fallen`` stands back up with 1 Health."""
    tn = fallen.a("sta")
    ok = game.roll(healer, healer.seat, healer.a("int"), tn, f"revive {fallen.name}", at_or_below=True, need=1) >= 1
    if not ok:
        game.note(fallen, "not_revived", f"stays down ({how})")
        return False
    game.stand_up(fallen, how)
    return True

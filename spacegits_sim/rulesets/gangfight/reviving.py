"""Healing & Reviving (core rules): who may be revived, the roll that revives them, and standing
back up. The one reading every way of reviving uses: the Healer skill (abilities.py), Smellin'
Salts (consumables.py) and the Revive spell (spells.py).

The book: "In order to revive a model, the healer must have the fallen model in his personal
space, and use the item for an action. The healer will make an Intellect roll, using the fallen
model's Stamina as a Target Number, however in this case you must roll at or below their Stamina
level to revive them. Also in this case, rolling a 1 will not be an automatic failure. If
successful, the model wills stand back up with 1 Health." and "Healing may only replenish lost
Health, you can never heal beyond your initial Health value."

Why a module of its own, at the bottom of the ruleset: the skill, the item and the spell each
revive, and the rule was once written twice (here and in spells.py) with small differences
creeping in. It imports only the events; the game is typed ``Any`` (it does not import the
engine), and the spells on a fallen model end through their own :meth:`.spells.Effect.end`.

Readings: an Intellect roll is Intellect dice, one success needed (as the core's Quickness roll
for falling); Lucky dice may help it. The Revive spell makes no revive roll of its own: its
casting roll is the roll (docs/gangfight-gaps.md, ``revive-roll``). The fallen model stands where
it fell, facing as it was, with the Health its reviver gives (1; never above its initial
Health); whatever held it (a binding, a damage over time, fleeing) and the spells on it ended
when it fell; getting up is all it does that game turn. If a standing base now covers that spot
it cannot stand up there, so it cannot be revived until the spot is clear. A model pulverized
in melee (the Pulverize skill: "your enemies will not be able to be revived") or one that ran
off the board is never revived, by any means.
"""

from __future__ import annotations

import math
from typing import Any

from . import events as ev

__all__ = ["revivable", "revive", "revive_roll", "stand_up"]

MM_PER_INCH = 25.4


def _spot_free(game: Any, f: Any) -> bool:
    return all(
        math.dist(o.pos, f.pos) >= o.radius + f.radius - 1e-6 for o in game.models.values() if o.up and o is not f
    )


def revivable(game: Any, healer: Any, reach: float | None = None) -> list[Any]:
    """The friendly models out of action that ``healer`` could revive now: bases within ``reach``
    (edge to edge; the healer's personal space unless a spell's range says otherwise), not
    pulverized, their spot free to stand up on."""
    if reach is None:
        reach = float(game.book.g("personal_space"))
    return [
        f
        for f in game.models.values()
        if f.seat == healer.seat
        and f.status == "out"
        and f is not healer
        and not f.marks.get("pulverized")
        and game.gap(healer, f) <= reach + 1e-9
        and _spot_free(game, f)
    ]


def revive_roll(game: Any, healer: Any, fallen: Any, how: str) -> bool:
    """The core roll: the healer's Intellect dice at or below the fallen model's Stamina (a 1 does
    not fail), one success needed. A failure says so in the log."""
    tn = fallen.a("sta")
    got = game.roll(healer, healer.seat, healer.a("int"), tn, f"revive {fallen.name}", at_or_below=True, need=1)
    if got < 1:
        game.note(fallen, "not_revived", f"stays down ({how})")
        return False
    return True


def stand_up(game: Any, healer: Any, fallen: Any, hp: int = 1) -> None:
    """ "the model wills stand back up with 1 Health", where it fell (``hp``: what its reviver
    gives, at least 1 and never above its initial Health)."""
    fallen.status = "ready"
    fallen.hp = max(1, min(int(hp), fallen.max_hp))
    fallen.dot, fallen.bound, fallen.fleeing = None, False, False
    fallen.activated = True  # a reading: getting up is all it does this game turn
    for e in list(fallen.effects):  # what was on it ended when it fell
        e.end(game, fallen, "it fell")
    game.table.add_figure(fallen.id, fallen.pos, base_mm=fallen.radius * 2 * MM_PER_INCH, angle=fallen.facing)
    game.emit(ev.Healed(fallen.id, fallen.hp, True, healer.id))


def revive(game: Any, healer: Any, fallen: Any, how: str, hp: int = 1) -> bool:
    """One attempt with the core roll (the action is the caller's): True when ``fallen`` stands
    back up."""
    if not revive_roll(game, healer, fallen, how):
        return False
    stand_up(game, healer, fallen, hp)
    return True

"""The engine's one door to spells and consumables (:mod:`.spells`, :mod:`.consumables`): the
Cast a Spell and Consume Item options, the action taken, the upkeep and end-of-activation
bookkeeping, Fear's morale change, and advice for the AIs. Why a door: engine.py calls a
handful of functions here and names neither a spell nor an item; the two modules beneath
never import each other in a circle (consumables reads spells, this reads both).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...play.protocol import Request
from . import consumables, spells
from .spells import SPELL, activation_over, morale_penalty, spell_weapon, upkeep

__all__ = [
    "ACTIONS",
    "SPELL",
    "act",
    "action_options",
    "activation_over",
    "advice",
    "attack_reach",
    "morale_penalty",
    "spell_weapon",
    "target_worth",
    "upkeep",
]

ACTIONS = ("cast:", "consume:")


def action_options(g: Any, m: Any) -> list[str]:
    """Cast a Spell (``cast:<spell>``) and Consume Item (``consume:<item>``) when legal now."""
    return spells.options(g, m) + consumables.options(g, m)


def act(g: Any, m: Any, option: str) -> Generator[Request, Any, None]:
    kind, rest = option.split(":", 1)
    if kind == "cast":
        yield from spells.cast(g, m, rest)
    else:
        yield from consumables.use(g, m, rest)


def advice(g: Any, m: Any, option: str) -> tuple[float, Any]:
    """(worth, best target) of a cast:/consume: option: the handler's own estimate, so an AI can
    weigh a spell or an item without knowing which it is."""
    kind, rest = option.split(":", 1)
    return spells.advice(g, m, rest) if kind == "cast" else consumables.advice(g, m, rest)


def attack_reach(g: Any, m: Any) -> float:
    """The longest reach (twice the range) of the attack spells it can cast: 0 with none. Lets an
    AI treat a caster as a shooter without naming a spell."""
    out = 0.0
    for sid in spells.known_spells(m):
        h = spells.handler_of(sid)
        if h.attack and isinstance(h, spells.AttackSpell):
            out = max(out, g.weapon_range(m, h.weapon()))
    return out


def target_worth(g: Any, m: Any, what: str, target: str) -> float:
    """The worth of one target of a spell (by spell id) or consumable (by option key)."""
    if what.startswith("fantasy/"):  # a consumable's option key names its item
        return consumables.target_worth(g, m, what, target)
    return spells.target_worth(g, m, what, target)

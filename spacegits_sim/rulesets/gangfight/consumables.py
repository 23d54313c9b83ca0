"""Consumable items and the Consume Item action: one handler per handler id (fantasy/items.yaml
``handler`` of the consumable family), reading the item's ``effect`` data.

"These are items that are used once, and then discarded, such as a potion or magical scroll.
The item's information in the equipment listing ... will tell you what happens when it is
used." A used item is gone (``Model.spent``) and frees its Strength point. Why a module of its
own: the engine only asks which uses are on offer and hands over the one taken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

from ...play.handlers import HandlerRegistry
from ...play.protocol import Request
from . import events as ev
from . import reviving, spells
from .requests import SpellTarget

Gen = Generator[Request, Any, Any]

__all__ = ["REGISTRY", "ConsumableHandler", "advice", "options", "remaining", "use"]


def _item(iid: str) -> Any:
    from .fantasy.catalog import catalog

    return catalog().items.get(iid.split("/")[-1])


class ConsumableHandler:
    """The default: an item whose use does nothing. ``item`` is its catalog record."""

    id = ""
    asks_own_target = False  # a scroll's spell asks for its own target

    def __init__(self, item: Any, spell: str = "") -> None:
        self.item = item
        self.spell = spell  # a scroll's spell

    def targets(self, g: Any, m: Any) -> list[str] | None:  # noqa: ARG002
        """Model ids it may be used on; None: on the user; []: not now."""
        return None

    def use(self, g: Any, m: Any, target: Any) -> Gen:  # noqa: ARG002
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:  # noqa: ARG002
        return 0.0


REGISTRY: HandlerRegistry[type[ConsumableHandler]] = HandlerRegistry("gangfight")
REGISTRY["consumables"] = {}


def handler(cls: type[ConsumableHandler]) -> type[ConsumableHandler]:
    REGISTRY["consumables"][cls.id] = cls
    return cls


@handler
class Heal(ConsumableHandler):
    """Potion of Healing: "Drink to heal 1 lost point of Health" ("Healing may only replenish lost
    Health, you can never heal beyond your initial Health value"): offered only when hurt."""

    id = "heal"

    def targets(self, g: Any, m: Any) -> list[str] | None:  # noqa: ARG002
        return None if m.hp < m.max_hp else []

    def use(self, g: Any, m: Any, target: Any) -> Gen:  # noqa: ARG002
        m.hp = min(m.max_hp, m.hp + int(self.item.effect.get("heal", 1)))
        g.emit(ev.Healed(m.id, m.hp, False, m.id))
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:  # noqa: ARG002
        if m.hp >= m.max_hp:
            return 0.0
        return 14.0 if m.hp <= 1 else 4.0 * (m.max_hp - m.hp)


@handler
class Revive(ConsumableHandler):
    """Smellin' Salts: "Use to revive one fallen friendly model": "the healer must have the fallen
    model in his personal space, and use the item for an action. The healer will make an
    Intellect roll, using the fallen model's Stamina as a Target Number, however in this case
    you must roll at or below their Stamina level to revive them. Also in this case, rolling a
    1 will not be an automatic failure. If successful, the model wills stand back up with 1
    Health." One success is enough (a reading); the salts are used up either way
    (:mod:`.reviving`)."""

    id = "revive"

    def targets(self, g: Any, m: Any) -> list[str] | None:
        return [o.id for o in reviving.revivable(g, m)]

    def use(self, g: Any, m: Any, target: Any) -> Gen:
        reviving.revive(g, m, g.models[target], self.item.name, int(self.item.effect.get("heal", 1)))
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:
        t = g.models[target]
        p = min(1.0, max(0.0, t.a("sta") / 6))
        return float(25.0 * (1 - (1 - p) ** m.a("int")))


@handler
class MagicScroll(ConsumableHandler):
    """Magic Scroll: "Select a spell from the list ... at the beginning of the game" (the gang
    file's ``scrolls``); reading it casts that spell as a Magic User would (its roll, its
    consecutive-spell step), whether or not the reader is one: "Consumable items that allow a
    character to cast 1 magical spell"."""

    id = "magic_scroll"
    asks_own_target = True

    def targets(self, g: Any, m: Any) -> list[str] | None:
        return spells.handler_of(self.spell).targets(g, m)

    def use(self, g: Any, m: Any, target: Any) -> Gen:  # noqa: ARG002 - the spell asks its own
        yield from spells.cast(g, m, self.spell, source=self.item.id)

    def worth(self, g: Any, m: Any, target: Any) -> float:
        return spells.handler_of(self.spell).worth(g, m, target) * 0.8  # spent for good


def remaining(m: Any) -> Counter[str]:
    """The consumables it still carries, by option key: the item id, a scroll's as <id>:<spell>."""
    have: Counter[str] = Counter()
    scrolls = list(getattr(m.char, "scrolls", ()))
    for i in m.char.items:
        it = _item(i) if i.startswith("fantasy/") else None
        if it is None or it.family != "consumable":
            continue
        key = i
        if it.effect.get("cast_spell"):
            key = f"{i}:{scrolls.pop(0)}" if scrolls else ""
        if key:
            have[key] += 1
    have.subtract(Counter(m.spent))
    return +have


def handler_of(key: str) -> ConsumableHandler:
    iid, _s, spell = key.partition(":")
    it = _item(iid)
    return REGISTRY["consumables"][it.handler](it, spell)


def options(g: Any, m: Any) -> list[str]:
    out = []
    for key in remaining(m):
        ts = handler_of(key).targets(g, m)
        if ts is None or ts:
            out.append(f"consume:{key}")
    return out


def use(g: Any, m: Any, key: str) -> Gen:
    """Consume Item: the target asked for (if it has one), the item gone, then its effect."""
    h = handler_of(key)
    ts = h.targets(g, m)
    m.spent.append(key)
    g.emit(ev.Note(m.id, "consumed", f"uses {h.item.name}" + (f" ({h.spell})" if h.spell else "")))
    target = None
    if ts and not h.asks_own_target:
        target = yield SpellTarget(m.seat, tuple(ts), f"{m.name}: use {h.item.name} on whom?", m.id, key)
    yield from h.use(g, m, target)


def advice(g: Any, m: Any, key: str) -> tuple[float, Any]:
    h = handler_of(key)
    ts = h.targets(g, m)
    if ts is None:
        return h.worth(g, m, None), None
    scored = [(h.worth(g, m, t), t) for t in ts]
    return max(scored, key=lambda s: s[0]) if scored else (0.0, None)


def target_worth(g: Any, m: Any, key: str, target: str) -> float:
    return handler_of(key).worth(g, m, target)

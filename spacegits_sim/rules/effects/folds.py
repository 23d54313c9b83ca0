"""The folds every part of the effects asks: which handlers a model carries, and the few
questions handlers ask of each other (can this git stand, is it mechanical, how many hands).

Why a module of their own: the handler modules ask these (``from . import folds as effects``)
and the package (:mod:`spacegits_sim.rules.effects`) imports the handler modules to register
them, so these sit below both (re-exported by the package, which holds every other hook).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .base import REGISTRY, TREATMENTS, Effect, lasting_ids

if TYPE_CHECKING:
    from ...data.rules_data import RulesData, Weapon
    from ..ops import MatchOps as Match
    from ..pieces import GitSpec
    from ..state import Model


_INSTANCES: dict[type[Effect], Effect] = {}


def _instance(cls: type[Effect]) -> Effect:
    inst = _INSTANCES.get(cls)
    if inst is None:
        inst = _INSTANCES[cls] = cls()
    return inst


def handlers(family: str, ids: Iterable[str]) -> list[Effect]:
    """The implemented handlers for these ids (deferred and unknown ids give none)."""
    fam = REGISTRY.get(family, {})
    out = []
    for i in ids:
        h = fam.get(i)
        if isinstance(h, type):
            out.append(_instance(h))
    return out


def spec_effects(spec: GitSpec, rules: RulesData) -> list[Effect]:
    """A git's effects before the match: its type's special rules and its gear."""
    return (
        handlers("special_rules", rules.gits[spec.type].special)
        + handlers("gear", spec.gear)
        + handlers(TREATMENTS, lasting_ids(spec.treatments))
    )


def effects_of(m: Model) -> list[Effect]:
    """Everything a model carries now: its lasting effects plus those of its tokens."""
    return list(m.effects) + handlers("tokens", m.tokens)


def hands_of(spec: GitSpec, rules: RulesData) -> int:
    n = 2
    for h in spec_effects(spec, rules):
        n = h.hands(spec, n)
    return n


def hands_needed(weapon_id: str, spec: GitSpec, rules: RulesData) -> int:
    w = rules.weapons[weapon_id]
    n = w.hands
    for h in spec_effects(spec, rules):
        n = h.hands_needed(spec, w, n)
    return n


def hands_for(weapon_ids: Sequence[str], spec: GitSpec, rules: RulesData) -> int:
    """Hands needed to use these weapons together in one action (shooting and thumping alike):
    each weapon's own need, then effects that work on the set (Bionic Arm: *one* 2-hander)."""
    needs = [hands_needed(w, spec, rules) for w in weapon_ids]
    weapons = [rules.weapons[w] for w in weapon_ids]
    for h in spec_effects(spec, rules):
        needs = h.combo_hands(spec, weapons, needs)
    return sum(needs)


def weapon_range(m: Model, w: Weapon) -> float:
    r = float(w.range or 0.0)
    for h in effects_of(m):
        r = h.weapon_range(m, w, r)
    return r


def weapon_damage(m: Model, w: Weapon, big: bool) -> int:
    dmg = w.big if big else w.weak
    for h in effects_of(m):
        dmg = h.weapon_damage(m, w, big, dmg)
    return dmg


def swig_dice(m: Model, driver: Model | None = None) -> int:
    """The dice a swig adds. A vehicle's swig is its driver's ("the driver has to take a swig at
    the end of the activation and add those dice to the vehicle's tower"): give ``driver`` and
    what changes that git's swig counts first (a goblin's Lightweight: 2 dice), then the
    vehicle's own (a Leaking Fuel Line). Not the driver's fancy gear: none works on board."""
    n = 1
    if driver is not None:
        for h in effects_of(driver):
            if h.family != "gear":
                n = h.swig_dice(driver, n)
    for h in effects_of(m):
        n = h.swig_dice(m, n)
    return n


def can_stand(match: Match, o: Model) -> bool:
    """No enemy within reach stops ``o`` standing up (Handcuffs: "enemy gits within 1"")."""
    for holder in match.in_play():
        if holder.boss != o.boss and holder.id != o.id:
            if any(h.stops_standing(holder, o, match) for h in effects_of(holder)):
                return False
    return True


def mechanical(m: Model) -> bool:
    """A vehicle or a klankbot: what spanners bonk and fuel cans help."""
    return m.vehicle is not None or any(h.mechanical(m) for h in effects_of(m))


def mount_arcs(m: Model, k: int, arc: str) -> tuple[str, ...]:
    arcs: tuple[str, ...] = (arc,)
    for h in effects_of(m):
        arcs = h.mount_arcs(m, k, arcs)
    return arcs


def gun_ready(m: Model, w: Weapon) -> bool:
    """Whether ``w`` may fire now (Slow to Reload: not while its model holds a reload token)."""
    return all(h.gun_ready(m, w) for h in handlers("special_rules", w.special))

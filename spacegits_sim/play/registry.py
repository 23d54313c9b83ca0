"""The ruleset registry: every game the table hosts, by id.

Adding a game = its package + one line in :data:`BUILTIN` (its id and the module that
registers it). A module is imported only when its ruleset is first asked for, so the
shared layer imports no ruleset (the layer test reads imports, and these are names), and a
broken ruleset cannot break the others. Plugins and tests may :func:`register` more at run
time.
"""

from __future__ import annotations

import importlib

from .ruleset import Ruleset

__all__ = ["BUILTIN", "DEFAULT", "UnknownRuleset", "get", "ids", "register", "resolve"]

#: One line per ruleset: id -> the module whose import registers it.
BUILTIN: dict[str, str] = {
    "spacegits": "spacegits_sim.rulesets.spacegits",
    "roadrace": "spacegits_sim.rulesets.roadrace",
    "gangfight": "spacegits_sim.rulesets.gangfight",
}
DEFAULT = "spacegits"

_REGISTERED: dict[str, Ruleset] = {}


class UnknownRuleset(ValueError):
    """A ruleset id nobody registered. The message lists the known ones."""


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` available under its id (once: a second, different one is a bug)."""
    have = _REGISTERED.get(ruleset.id)
    if have is not None and have is not ruleset:
        raise ValueError(f"ruleset '{ruleset.id}' is registered twice")
    _REGISTERED[ruleset.id] = ruleset
    return ruleset


def ids() -> tuple[str, ...]:
    """Every ruleset id, built in or registered, sorted."""
    return tuple(sorted(set(BUILTIN) | set(_REGISTERED)))


def get(ruleset_id: str | None = None) -> Ruleset:
    """The ruleset with this id (None: the default, Space Gits)."""
    rid = DEFAULT if ruleset_id is None else ruleset_id
    if rid not in _REGISTERED and rid in BUILTIN:
        importlib.import_module(BUILTIN[rid])  # its module calls register()
    try:
        return _REGISTERED[rid]
    except KeyError:
        raise UnknownRuleset(f"unknown ruleset '{str(rid)[:40]}' (known: {', '.join(ids())})") from None


def resolve(ruleset: Ruleset | str | None) -> Ruleset:
    """A ruleset given as itself, its id, or None (the default)."""
    return get(ruleset) if ruleset is None or isinstance(ruleset, str) else ruleset

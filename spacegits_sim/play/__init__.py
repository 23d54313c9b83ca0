"""The game-agnostic layer every ruleset speaks (between physics/data below and the CLI,
env, tournaments and windows above).

* :mod:`.protocol` — requests and answers (``Request``, ``Choice``, ``AimThrow``/``Throw``,
  ``Deploy``, ``Simultaneous``, ``IllegalDecision``, ``collect``);
* :mod:`.events` — the event base, canonical form, checksum chain and binding;
* :mod:`.ruleset` — the ``Ruleset`` protocol, the ``Game`` it starts, its ``Outcome``;
* :mod:`.game` — ``GameBase``: the driving surface every game shares (answer, play, log, chain);
* :mod:`.handlers` — one handler registry per ruleset, and its data coverage;
* :mod:`.registry` — rulesets by id (``register``, ``get``, ``ids``);
* :mod:`.replay` — replay files that name their ruleset;
* :mod:`.random_ai` — a random player for any ruleset.

It imports no ruleset (``tests/test_layers.py``): see docs/architecture.md.
"""

from __future__ import annotations

from .events import Event, canonical, checksum, digest
from .game import GameBase
from .protocol import AimThrow, Choice, Deploy, IllegalDecision, Point, Request, Simultaneous, Throw, collect
from .registry import get, ids, register
from .ruleset import Controller, Game, Observer, Outcome, Ruleset

__all__ = [
    "AimThrow",
    "Choice",
    "Controller",
    "Deploy",
    "Event",
    "Game",
    "GameBase",
    "IllegalDecision",
    "Observer",
    "Outcome",
    "Point",
    "Request",
    "Ruleset",
    "Simultaneous",
    "Throw",
    "canonical",
    "checksum",
    "collect",
    "digest",
    "get",
    "ids",
    "register",
]

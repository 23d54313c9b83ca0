"""Gangfight's questions: each a :class:`~spacegits_sim.play.protocol.Choice` of its own kind, so
the random AI, the env and replays answer them by the generic type, and the heuristic AI
and the windows know what is asked. ``model`` names who acts; a move's ``spots`` give each
option's end point and facing (x, y, radians), for previews and for the AIs. A
:class:`Facing` asks, after a move, which way the mover ends up facing ("you can end your
movement facing any direction you choose"); its ``spots`` are click points a little way out
from the model along each facing (x, y, radians).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...play.protocol import Choice


@dataclass(frozen=True)
class Role(Choice):
    kind: ClassVar[str] = "gf_role"


@dataclass(frozen=True)
class First(Choice):
    kind: ClassVar[str] = "gf_first"


@dataclass(frozen=True)
class Activate(Choice):
    kind: ClassVar[str] = "gf_activate"


@dataclass(frozen=True)
class Loadout(Choice):
    kind: ClassVar[str] = "gf_loadout"
    model: str = ""

    def from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data


@dataclass(frozen=True)
class Action(Choice):
    kind: ClassVar[str] = "gf_action"
    model: str = ""


@dataclass(frozen=True)
class MoveTo(Choice):
    kind: ClassVar[str] = "gf_move"
    model: str = ""
    spots: tuple[tuple[float, float, float], ...] = ()


@dataclass(frozen=True)
class Target(Choice):
    kind: ClassVar[str] = "gf_target"
    model: str = ""


@dataclass(frozen=True)
class Facing(Choice):
    kind: ClassVar[str] = "gf_face"
    model: str = ""
    spots: tuple[tuple[float, float, float], ...] = ()
    at: tuple[float, float] = (0.0, 0.0)  # where the move ends


@dataclass(frozen=True)
class SpellTarget(Target):
    """Whom a spell or a consumable is used on (friends, foes or the fallen); ``what`` is the spell
    id or the consumable's option key, so an AI can ask the handler what each target is worth."""

    kind: ClassVar[str] = "gf_spell_target"
    what: str = ""


@dataclass(frozen=True)
class Pick(Choice):
    """A choice among named things that are not models or places (Dispell: which effect)."""

    kind: ClassVar[str] = "gf_pick"
    model: str = ""


@dataclass(frozen=True)
class Overwatch(Choice):
    """A model on Overwatch may interrupt: "You may attack as soon as this enemy finishes their
    current Move action". Options: ``shoot:<enemy>`` or ``hold`` (keep the action reserved)."""

    kind: ClassVar[str] = "gf_overwatch"
    model: str = ""

"""The decision protocol: every choice the engine cannot make itself is a typed Request.

The engine is a generator: it *yields* a Request and is *sent* the answer. A Request lists
what is legal (a tuple of options, or bounds for a continuous answer such as an aim
point); :meth:`Request.check` normalises an answer or raises :class:`IllegalDecision` — the
engine is only resumed with a checked answer, so an illegal answer changes nothing.

One mechanism serves the pygame UI, the AIs, replays (answers are plain JSON) and tests.
Simultaneous choices (fight throws) are one Request answered by several bosses; the driver
asks each boss for its part without showing the others (see :class:`FightThrow`).

The generic kinds (``Request``, ``Choice``, ``AimThrow``/``Throw``, ``Deploy``,
``Simultaneous``, ``IllegalDecision``, ``collect``) are every ruleset's and live in
:mod:`spacegits_sim.play.protocol`; they are re-exported here. This module adds Space Gits'
own questions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..play.protocol import (
    AimThrow,
    Choice,
    Deploy,
    IllegalDecision,
    Point,
    Request,
    Simultaneous,
    Throw,
    collect,
)

__all__ = [
    "AimThrow",
    "ArcadeDice",
    "Choice",
    "ChooseAction",
    "ChooseActivation",
    "ChooseBoot",
    "ChooseCare",
    "ChooseDice",
    "ChooseGuns",
    "CrewGuns",
    "Deploy",
    "EagerHelp",
    "FightThrow",
    "GearChoice",
    "GrappleWho",
    "IllegalDecision",
    "OrderBullet",
    "OrderMoveDie",
    "Point",
    "Reroll",
    "RebootDice",
    "Request",
    "Seat",
    "SplitOdd",
    "Simultaneous",
    "Throw",
    "collect",
]


@dataclass(frozen=True)
class ChooseActivation(Choice):
    """Which model to activate ("leg_it" to leg it instead)."""

    kind: ClassVar[str] = "choose_activation"


@dataclass(frozen=True)
class ChooseAction(Choice):
    """The next action of the active model: scoot, shoot, boot (reboot for a fallen klankbot), or done."""

    kind: ClassVar[str] = "choose_action"
    model: str = ""


@dataclass(frozen=True)
class OrderMoveDie(Choice):
    """Which move die to resolve next."""

    kind: ClassVar[str] = "order_move_die"
    model: str = ""


@dataclass(frozen=True)
class ChooseCare(Choice):
    """How carefully to carry the tower for this move: careful, normal or hurried."""

    kind: ClassVar[str] = "choose_care"
    model: str = ""


@dataclass(frozen=True)
class ChooseBoot(Choice):
    """Whom (or what) to boot: options are (how, target) with how in {"boot_in", "boot_up"} (a
    fallen model) or "boot_terrain" (a piece of terrain in contact that can be booted)."""

    kind: ClassVar[str] = "choose_boot"
    model: str = ""


@dataclass(frozen=True)
class EagerHelp(Choice):
    """Eager Helper: which runt (if any, "no") also moves using the move die ``die``."""

    kind: ClassVar[str] = "eager_help"
    die: str = ""


@dataclass(frozen=True)
class RebootDice(Choice):
    """How many D6 a fallen klankbot rolls for its reboot."""

    kind: ClassVar[str] = "reboot_dice"
    model: str = ""


@dataclass(frozen=True)
class ArcadeDice(Choice):
    """Arcade Machine: how many dice to race to stack in the 10 seconds (options 1..max)."""

    kind: ClassVar[str] = "arcade_dice"
    model: str = ""


@dataclass(frozen=True)
class Reroll(Choice):
    """Re-roll (re-throw) one of these dice, or "done" (Ammo Box, Fuel Can: once per activation)."""

    kind: ClassVar[str] = "reroll"
    model: str = ""
    purpose: str = ""


@dataclass(frozen=True)
class GearChoice(Choice):
    """A choice a piece of gear offers (which die, which git, whether to): ``gear`` says which."""

    kind: ClassVar[str] = "gear_choice"
    model: str = ""
    gear: str = ""


@dataclass(frozen=True)
class GrappleWho(Choice):
    """Grappling Hook between equal toughnesses: who is reeled in ("shooter" or "target")."""

    kind: ClassVar[str] = "grapple_who"
    model: str = ""


@dataclass(frozen=True)
class ChooseDice(Choice):
    """Which dice to throw, as a tuple of sides: a vehicle's move dice (each no bigger than its
    engine), or the three wipeout dice the boss to the left picks (``purpose`` "wipeout")."""

    kind: ClassVar[str] = "choose_dice"
    model: str = ""
    purpose: str = "move"

    def from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data


@dataclass(frozen=True)
class Seat(Choice):
    """Getting on or off a vehicle: "board" (options: "no" or the vehicles with a free seat in
    contact) at the end of a git's activation; "alight" ("stay" or "get_off") for a passenger
    before the vehicle moves."""

    kind: ClassVar[str] = "seat"
    model: str = ""
    question: str = "board"


@dataclass(frozen=True)
class CrewGuns(Choice):
    """What one git aboard fires: a tuple of its own guns' ids, ("mount:K",) for the vehicle's
    K-th bolted gun, or () to hold fire."""

    kind: ClassVar[str] = "crew_guns"
    model: str = ""  # the git aboard
    vehicle: str = ""


@dataclass(frozen=True)
class FightThrow(Simultaneous):
    """Thump, shove or pinch, thrown by both bosses at once.

    ``bosses`` answer together: the answer is a tuple with one throw per boss, in order.
    Drivers ask each boss separately (``part``) and never show one boss the other's throw.
    """

    kind: ClassVar[str] = "fight_throw"
    noun: ClassVar[str] = "throw"
    models: tuple[str, ...] = ()
    options: tuple[str, ...] = ("thump", "shove", "pinch")
    round: int = 1

    def part_prompt(self, i: int) -> str:
        return f"fight: {self.models[i]} vs {self.models[1 - i]}"

    def part(self, i: int) -> Choice:
        """The request as one boss sees it."""
        return Choice(self.bosses[i], self.options, self.part_prompt(i))


@dataclass(frozen=True)
class ChooseGuns(Choice):
    """Which guns to fire: a tuple of weapon ids (one 2-handed gun or up to two 1-handed)."""

    kind: ClassVar[str] = "choose_guns"
    model: str = ""


@dataclass(frozen=True)
class OrderBullet(Choice):
    """Which bullet die to resolve next."""

    kind: ClassVar[str] = "order_bullet"
    model: str = ""


@dataclass(frozen=True)
class SplitOdd(Choice):
    """Explosion dice split among bosses: who gets the odd die (pick ``count`` bosses)."""

    kind: ClassVar[str] = "split_odd"
    count: int = 1

"""The road race's questions to its drivers: every one a :class:`~spacegits_sim.play.protocol.Choice`.

Why only Choices: everything a racer decides is picked from a short list the engine makes
(how many dice to re-roll, whom to attack, what to repair), so the random AI, the env's
action space, the hot-seat buttons and replays all work from ``options`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...play.protocol import Choice


@dataclass(frozen=True)
class Reroll(Choice):
    """How many of the failed dice of this roll to re-roll (0 .. the re-rolls allowed)."""

    kind: ClassVar[str] = "rr_reroll"
    stat: str = ""
    purpose: str = ""


@dataclass(frozen=True)
class Blessing(Choice):
    """Use the old gypsy woman's blessing on this roll (one die a success, once per game): yes/no."""

    kind: ClassVar[str] = "rr_blessing"
    stat: str = ""
    purpose: str = ""


@dataclass(frozen=True)
class Interview(Choice):
    """Stop this turn for the TV interview (2 Fame Points): stop/drive."""

    kind: ClassVar[str] = "rr_interview"


@dataclass(frozen=True)
class RestStop(Choice):
    """Stop at the rest stop this turn: stop/drive."""

    kind: ClassVar[str] = "rr_rest_stop"


@dataclass(frozen=True)
class StopToRepair(Choice):
    """A damaged car may stop to make a Repair roll instead of a Speed roll: stop/drive."""

    kind: ClassVar[str] = "rr_stop_to_repair"


@dataclass(frozen=True)
class RepairWhat(Choice):
    """Which problem the next repair successes go to."""

    kind: ClassVar[str] = "rr_repair_what"
    successes: int = 0


@dataclass(frozen=True)
class Attack(Choice):
    """Whom to attack in the Offense Phase: "none" or (seat, mode), mode "attack" or "ram"."""

    kind: ClassVar[str] = "rr_attack"


@dataclass(frozen=True)
class OnHit(Choice):
    """A hit: roll on the chart ("damage") or take away re-rolls instead ("subtract:<stat>")."""

    kind: ClassVar[str] = "rr_on_hit"
    target: int = 0


@dataclass(frozen=True)
class CampaignPick(Choice):
    """Between races: which upgrade to take ("none" to save the Fame Points)."""

    kind: ClassVar[str] = "rr_campaign_pick"
    why: str = ""

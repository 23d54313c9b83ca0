"""What a campaign is: its gangs, every git's lasting state, the games played (docs/campaigns.md)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..data.errors import DataError, Problem
from ..data.rules_data import RulesData
from ..rules.gangs import drop_stale_passengers
from ..rules.scenario import Scenario, scenario_to_doc

FORMAT = "spacegits-campaign/1"
FILE = "campaign.json"
MAX_GAMES = 1000
OFFENSES = ("assault", "dangerous_driving", "looting", "mugging", "discharging_a_firearm", "evading_arrest")
OFFENSE_NAMES = {  # the rulebook's words for them ("2. Criminal Records")
    "assault": "Assault",
    "dangerous_driving": "Dangerous Driving",
    "looting": "Looting",
    "mugging": "Mugging",
    "discharging_a_firearm": "Discharging a Firearm in a Public Place",
    "evading_arrest": "Evading Arrest",
}
QUICK_MATHS_MAX = 6  # "Roll a D6 for each cap in your stash, up to a maximum of 6D6"
BAD_ATTITUDE = 4  # "Once a git has an attitude of 4+, they start acting like a right prick"
FIRE_AFTER_SKIPS = 2  # the AI boss fires a git who has skipped this many games
DEAD = "Dead"  # the treatment that takes a git out of the gang
MAX_GANG = 10  # the AI stops taking strays in (only 5 deploy)


@dataclass
class GitState:
    """What a git carries from game to game."""

    attitude: int = 1  # "All gits start with an attitude of 1"
    record: list[str] = field(default_factory=list)  # offenses ticked this game (erased at the afterparty)
    games: int = 0
    skipped: int = 0  # games a bad attitude kept them away from
    misses: int = 0  # games still to miss (a Concussion Bandage, a Sling: "misses the next game")

    def to_doc(self) -> dict[str, Any]:
        doc = {"attitude": self.attitude, "record": list(self.record), "games": self.games, "skipped": self.skipped}
        if self.misses:  # (written only when so: files of campaigns without it stay as they were)
            doc["misses"] = self.misses
        return doc


@dataclass
class GangState:
    boss: str
    gang: dict[str, Any]  # a gang file (its gits' treatments are their injuries)
    stash: int
    gits: dict[str, GitState]

    def drop_stale_passengers(self, rules: RulesData, log: list[str]) -> None:
        """Set down every passenger its driver's entry can no longer seat (dead, fired, the
        vehicle written off, a seat lost, a vehicle of their own now), said in ``log``: a gang
        file's ``passengers`` name only gits who may ride (rules/gangs.py ``seating``)."""
        log += [f"{self.boss}: {line}" for line in drop_stale_passengers(self.gang, rules)]

    def reputation(self) -> int:
        """ "Your gang's reputation is the sum of your models' Attitude stats." """
        return sum(s.attitude for s in self.gits.values())

    def to_doc(self) -> dict[str, Any]:
        return {
            "boss": self.boss,
            "gang": self.gang,
            "stash": self.stash,
            "gits": {n: s.to_doc() for n, s in self.gits.items()},
        }


@dataclass
class Campaign:
    name: str
    seed: int
    scenario: dict[str, Any]  # the scenario's document (its players' gangs are replaced each game)
    gangs: list[GangState]
    games: list[dict[str, Any]] = field(default_factory=list)

    def to_doc(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "seed": self.seed,
            "scenario": self.scenario,
            "gangs": [g.to_doc() for g in self.gangs],
            "games": self.games,
        }


def new_campaign(name: str, scenario: Scenario, seed: int) -> Campaign:
    """A campaign on ``scenario``'s table with its players' gangs; stashes start as the gangs' own."""
    doc = scenario_to_doc(scenario)
    gangs = []
    for p, pd in zip(scenario.players, doc["players"], strict=True):
        stash = p.gang.starting_stash(scenario.cap_budget)
        gits = {g.name: GitState(attitude=g.attitude, misses=g.misses) for g in p.gang.gits}
        if len(gits) != len(p.gang.gits):
            raise DataError([Problem(p.gang.source, None, "gits", "a campaign needs every git's name to be different")])
        gang = {**copy.deepcopy(pd["gang"]), "mode": "campaign"}
        for x in gang["gits"]:  # (the campaign keeps each git's attitude and missed games in its state)
            x.pop("attitude", None)
            x.pop("misses", None)
        gangs.append(GangState(p.boss, gang, stash, gits))
    return Campaign(name, seed, doc, gangs)

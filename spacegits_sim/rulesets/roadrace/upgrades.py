"""Upgrade behaviour, registered by id: the engine asks a racer's handlers, never names an upgrade.

Why hooks with neutral defaults (fireplace's one-class-per-card, python-chess's variant
hooks): most upgrades are a number on a chart or a result to ignore, read from the entry's
parameters in road_race.yaml by the shared :class:`Upgrade`; the few with a rule of their
own (Camouflage, Radar, Connections, Robot, Flamethrower, Ram Plate) are small subclasses.
A test checks that every YAML upgrade has a handler here and every handler an entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .book import Upgrade as Entry

HANDLERS: dict[str, type[Upgrade]] = {}


def register(*ids: str) -> Callable[[type[Upgrade]], type[Upgrade]]:
    def deco(cls: type[Upgrade]) -> type[Upgrade]:
        for i in ids:
            if i in HANDLERS:
                raise ValueError(f"upgrade '{i}' has two handlers")
            HANDLERS[i] = cls
        return cls

    return deco


class Upgrade:
    """One upgrade a racer has, ``count`` times (repeatable advances). Hooks default to no effect."""

    def __init__(self, entry: Entry, count: int = 1) -> None:
        self.entry = entry
        self.id = entry.id
        self.count = count
        self.p = entry.params

    def chart_mod(self, chart: str) -> int:
        """Added to this racer's own roll on ``chart`` (or his reading of a shared die)."""
        return int(self.p.get("chart_mods", {}).get(chart, 0))

    def against_mod(self, chart: str) -> int:
        """Added to any roll on ``chart`` made against this racer's car."""
        return int(self.p.get("against_mods", {}).get(chart, 0))

    def attack_mod(self, chart: str) -> int:
        """Added to this racer's chart rolls against a car he hit."""
        return int(self.p.get("attack_mods", {}).get(chart, 0))

    def ignores(self, row: str) -> bool:
        """This racer may ignore the chart result ``row`` (he always does, unasked: ignoring never
        hurts; rules/may_ignore)."""
        return row in self.p.get("ignores", ())

    def reroll_all(self, purpose: str) -> bool:
        """Every die of a roll made for ``purpose`` may be re-rolled."""
        return purpose in self.p.get("reroll_all", ())

    def extra_successes(self, purpose: str) -> int:
        return int(self.p.get("extra_successes", {}).get(purpose, 0))

    def destroyed_at(self) -> int | None:
        v = self.p.get("destroyed_at")
        return None if v is None else int(v)

    def stat_cap(self, stat: str) -> int | None:
        v = self.p.get("max_stat", {}).get(stat)
        return None if v is None else int(v)

    def stat_bonus(self, stat: str) -> int:
        """+1 stat advances, taken ``count`` times."""
        return self.count if self.p.get("stat") == stat else 0

    def rerolls(self, stat: str) -> int:
        """+1 re-roll advances, taken ``count`` times."""
        return self.count if self.p.get("reroll") == stat else 0

    def subtracts(self) -> tuple[str, int] | None:
        """(stat, how many) of an opponent's re-rolls a hit may take away instead of the Damage chart."""
        s = self.p.get("subtracts")
        return None if s is None else (str(s), min(4, self.count))

    def reaches(self, how: str) -> bool:
        """Whether this upgrade lets Offense rolls reach a target ``how`` (ahead, behind, passed)."""
        return self.p.get("reach") == how

    def hides_when_stopped(self) -> bool:
        return False

    def sees_hidden(self) -> bool:
        return False

    def first_interview(self) -> bool:
        return False

    def repairs_toughness(self) -> bool:
        return False

    def always_fire(self) -> bool:
        return False

    def rams(self) -> bool:
        return False


register(
    "off_road_tires",
    "rain_tires",
    "snow_tires",
    "sensory_array",
    "improved_brakes",
    "reinforced_headlights",
    "reinforced_radiator",
    "spare_gas_tank",
    "armored_turret",
    "ablative_armor",
    "armored_cage",
    "hardened_armor",
    "secondary_engine",
    "roll_cage",
    "gps",
    "roo_bar",
    "fire_extinguishers",
    "heavy_duty",
    "paranoid",
    "weather_training",
    "friends_in_bad_places",
    "driver_training",
    "people_person",
    "the_knowledge",
    "mutant",
    "weather_control_satellite",
    "plus_defense",
    "plus_handling",
    "plus_offense",
    "plus_speed",
    "defense_reroll",
    "handling_reroll",
    "offense_reroll",
    "speed_reroll",
    "acid_fogger",
    "gunk_spray",
    "emp",
    "oil_spray",
    "long_range",
    "run_flat_tires",
    "improved_handling",
    "blades",
    "minelayer",
    "rockets",
    "plus_luck",
    "plus_reaction",
    "plus_repair",
    "plus_toughness",
    "luck_reroll",
    "reaction_reroll",
    "repair_reroll",
    "gypsy_curse",
    "master_of_distraction",
    "curse_of_the_carburetor_gods",
)(Upgrade)


@register("camouflage")
class Camouflage(Upgrade):
    """A stopped car with camouflage cannot be the target of Offense rolls."""

    def hides_when_stopped(self) -> bool:
        return True


@register("radar")
class Radar(Upgrade):
    """Radar ignores camouflage."""

    def sees_hidden(self) -> bool:
        return True


@register("connections")
class Connections(Upgrade):
    """Offered the TV interview before the first player."""

    def first_interview(self) -> bool:
        return True


@register("robot")
class Robot(Upgrade):
    """A robot driver's lost Toughness is repaired like damage (3 successes a point)."""

    def repairs_toughness(self) -> bool:
        return True


@register("flamethrower")
class Flamethrower(Upgrade):
    """An attack's Damage chart roll is always the Fire result, plus 1 damage."""

    def always_fire(self) -> bool:
        return True


@register("ram_plate")
class RamPlate(Upgrade):
    """Rams a car passed this turn: both cars roll on the Damage chart (theirs +2, yours -1)."""

    def reaches(self, how: str) -> bool:
        return how == "passed"

    def rams(self) -> bool:
        return True


def handlers_for(entries: dict[str, Entry], counts: dict[str, int]) -> list[Upgrade]:
    """The handlers of a racer's upgrades (``counts``: id -> times taken), in id order."""
    out: list[Upgrade] = []
    for uid in sorted(counts):
        out.append(HANDLERS[uid](entries[uid], counts[uid]))
    return out


def describe(handler: Any) -> str:
    return f"{handler.entry.name}" + (f" x{handler.count}" if handler.count > 1 else "")

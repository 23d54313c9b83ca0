"""A racer in a race: the sheet, Lap Points, damage and every lasting state on the car.

Why one ``Cond`` for every lasting state (a flat tire, a leak, fog, bad meth, -2 Speed):
they all do a few things — change a stat, stop the car, take re-rolls away, need repairs,
end at a rest stop or with the weather or after some rounds — so the engine treats them
alike and a new chart result is a new ``Cond``, not a new field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cars import Car
from .upgrades import Upgrade


@dataclass
class Cond:
    id: str  # the chart row (or weather) it came from
    detail: str  # words for the log and the car sheet
    uid: int = 0
    stat: str | None = None
    amount: int = 0
    only_in_bad_weather: bool = False  # Headlights Out: -1 Reaction in bad weather
    stops: bool = False  # the car is stopped until this is repaired
    repair: int | None = None  # successes to repair it; None: it cannot be repaired
    progress: int = 0  # repair successes so far (they are cumulative)
    ends: str = "repair"  # repair | rest_stop | weather | round | luck
    until_round: int | None = None  # ends="round": the last round it holds
    no_rerolls: str | None = None  # every re-roll of this stat is lost
    flag: str | None = None  # "no_weapon" | "no_subtract" | "rain" | "snow"
    luck_check: str | None = None  # "rising" (leaks: 1, 2, 3 successes…) | "falling" (fire: 4, 3, 2…)
    checks: int = 0  # Luck rolls made for it so far

    def to_dict(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if v not in (None, False, 0, "") or k in ("id", "uid")}


@dataclass
class Racer:
    seat: int
    car: Car
    sheet: dict[str, int]  # stats with the vehicle's and driver's modifiers
    rerolls: dict[str, int]  # re-rolls per stat from the advances
    upgrades: list[Upgrade]  # the handlers of its upgrades
    lp: int = 0
    vdamage: int = 0
    ddamage: int = 0
    damage_progress: int = 0
    tough_progress: int = 0
    conds: list[Cond] = field(default_factory=list)
    out: str | None = None  # dead | destroyed
    stopped_round: int = -1  # stopped for this round
    rest_round: int = -1  # stopped at the rest stop this round
    repair_bonus: int = 0  # extra successes on this turn's Repair roll (a hitch hiker)
    no_lp_round: int = -1  # Lost: no Lap Points this round
    blessing: bool = False  # the gypsy blessing is his to use
    blessing_used: bool = False  # and once used it is gone for the race ('once per game')
    penalties: list[tuple[str, int, int]] = field(default_factory=list)  # (stat, re-rolls taken, by seat)
    passed: set[int] = field(default_factory=set)
    # for the fame tally
    charts: set[str] = field(default_factory=set)
    perfect: bool = False
    interviews: int = 0  # TV interviews given (2 Fame Points each)
    kills: int = 0

    @property
    def name(self) -> str:
        return self.car.name

    @property
    def alive(self) -> bool:
        return self.out is None

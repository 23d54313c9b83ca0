"""Test kit for the road race: cars, races set up but not begun, loaded dice, a phase driver.

Loaded dice replace only the *face* stream: the dice are still thrown into the real
physics tray and read where they land, so a test pins a rule with the faces it names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from spacegits_sim.play.protocol import Choice
from spacegits_sim.rng import stream
from spacegits_sim.rulesets.roadrace import requests as rq
from spacegits_sim.rulesets.roadrace.cars import car_from_doc
from spacegits_sim.rulesets.roadrace.engine import Race, RaceEnded
from spacegits_sim.rulesets.roadrace.results import ON_ROLL
from spacegits_sim.rulesets.roadrace.scenario import RaceScenario

V = ("defense", "handling", "offense", "speed")
D = ("luck", "repair", "reaction", "toughness")


def car(name="A", vehicle="sedan", driver="trucker", v=(2, 2, 2, 2), d=(2, 2, 2, 2), upgrade="mutant", earned=()):
    """A car; the sedan (+1 Offense, -1 Handling), the trucker (+1 Reaction, -1 Repair) and Mutant
    (which changes nothing a test does not ask of it: Toughness may be built past 4) by default."""
    return car_from_doc(
        {
            "name": name,
            "vehicle": vehicle,
            "driver": driver,
            "vehicle_stats": dict(zip(V, v, strict=True)),
            "driver_stats": dict(zip(D, d, strict=True)),
            "upgrade": upgrade,
            "earned": list(earned),
        },
        "test",
    )


def race(*cars, night=False, seed=0) -> Race:
    if len(cars) < 2:
        cars = cars + tuple(car(f"Other{i}") for i in range(2 - len(cars)))
    r = Race(RaceScenario("test", tuple(cars), seed, night), start=False)
    r.round = 1
    r.order = list(range(len(cars)))
    r.first = 0
    return r


class Loaded:
    """A face stream giving ``faces`` first, then fair seeded faces."""

    def __init__(self, faces: Iterable[int], seed: int = 0) -> None:
        self.q = list(faces)
        self.rng = stream(seed, "dice")

    def integers(self, lo: int, hi: int) -> int:
        if self.q:
            v = self.q.pop(0)
            assert lo <= v < hi, f"a loaded face {v} is not on a D{hi - 1}"
            return v
        return int(self.rng.integers(lo, hi))

    def uniform(self, a: float, b: float) -> float:
        return float(self.rng.uniform(a, b))


def load(r: Race, *faces: int) -> Loaded:
    ld = Loaded(faces)
    r.streams._streams["dice"] = ld  # type: ignore[assignment]
    return ld


def default_answer(req: Choice) -> Any:
    if isinstance(req, rq.Reroll):
        return max(req.options)
    if isinstance(req, rq.Blessing):
        return "no"
    return req.options[0]


def drive(r: Race, gen, answers: list[Any] | Callable[[Choice], Any] | None = None, asked: list | None = None):
    """Run one phase or result generator to its end, answering its requests; returns its value."""
    script = list(answers) if isinstance(answers, list) else None
    try:
        req = next(gen)
        while True:
            if asked is not None:
                asked.append(req)
            if script is not None and script:
                a = script.pop(0)
            elif callable(answers):
                a = answers(req)
            else:
                a = default_answer(req)
            req = gen.send(req.check(a))
    except StopIteration as stop:
        return stop.value
    except RaceEnded as end:
        return end


def rolled(r: Race, row: str, die: int | None = None) -> None:
    """The first player rolls the Woohoo!/Oh Crap! ``row`` (and ``die``, everyone's shared sub-roll):
    what holds for everyone from his roll on is given now (rule 5); each racer then deals with the
    rest in his own Luck Phase (``EVENTS[row](r, racer)``)."""
    r.event_row, r.shared_die = row, die
    if row in ON_ROLL:
        assert r.first is not None
        drive(r, ON_ROLL[row](r, r.racers[r.first]))


def kinds(r: Race, kind: str) -> list:
    return [e for e in r.events if e.kind == kind]


def conds(racer) -> list[str]:
    return [c.id for c in racer.conds]

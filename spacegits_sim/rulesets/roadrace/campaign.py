"""Road-race campaigns: fame and upgrades between races.

'At the end of each game, the winner gets 1 Upgrade for either his Driver or his Vehicle.
He may choose from the beginning or Advance Upgrade lists. Each Player also Earns Fame
Points, and in between games they may trade in 5 FP for an upgrade.'

Between races is a generator like the race itself: it yields :class:`~.requests.CampaignPick`
choices (only upgrades the car may legally take are offered) and ends with the new cars.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...data.errors import DataError, Problem, short
from ...play.protocol import Request, collect
from .book import Book, book
from .cars import Car, car_from_doc
from .events import FameEarned
from .requests import CampaignPick


@dataclass
class Campaign:
    cars: list[Car]
    races: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)

    def to_doc(self) -> dict[str, Any]:
        return {"races": self.races, "cars": [c.to_doc() for c in self.cars], "history": list(self.history)}


def campaign_from_doc(doc: Any, label: str, b: Book | None = None) -> Campaign:
    if not isinstance(doc, dict) or not isinstance(doc.get("cars"), list):
        raise DataError([Problem(label, None, "cars", f"a campaign lists its cars; got {short(doc)}")])
    cars = [car_from_doc(c, label, b, entry=f"cars[{i}]") for i, c in enumerate(doc["cars"])]
    return Campaign(cars, int(doc.get("races", 0)), list(doc.get("history", [])))


def legal_upgrades(car: Car, b: Book | None = None) -> tuple[str, ...]:
    """Every upgrade (beginning or advance list) this car may take now, in the book's order."""
    b = b or book()
    out = []
    for uid in b.upgrades:
        doc = car.to_doc()
        doc["earned"] = [*car.earned, uid]
        try:
            car_from_doc(doc, "<campaign>", b)
        except DataError:
            continue
        out.append(uid)
    return tuple(out)


def take(car: Car, uid: str, fame_cost: int = 0) -> Car:
    if uid not in legal_upgrades(car):
        raise ValueError(f"{car.name} cannot take {uid}")
    return replace(car, earned=(*car.earned, uid), fame=car.fame - fame_cost)


def between_races(camp: Campaign, race: Any, b: Book | None = None) -> Generator[Request, Any, Campaign]:
    """Fame from the finished race, the winner's upgrade, then 5 FP trades; yields the picks."""
    b = b or book()
    cost = int(b.campaign["fame_per_upgrade"])
    fame = [0] * len(camp.cars)
    for e in race.events:
        if isinstance(e, FameEarned):
            fame[e.seat] += e.points
    cars = [replace(c, fame=c.fame + fame[i]) for i, c in enumerate(camp.cars)]
    for w in race.winners:
        for _ in range(int(b.campaign["winner_upgrades"])):
            opts = legal_upgrades(cars[w], b)
            if opts:
                pick = yield CampaignPick(w, opts, f"{cars[w].name} won: pick an upgrade", "winner")
                cars[w] = take(cars[w], pick)
    for i in range(len(cars)):
        while cars[i].fame >= cost:
            opts = legal_upgrades(cars[i], b)
            if not opts:
                break
            pick = yield CampaignPick(i, ("none", *opts), f"{cars[i].name}: trade {cost} Fame Points?", "fame")
            if pick == "none":
                break
            cars[i] = take(cars[i], pick, cost)
    camp.history.append({"race": camp.races + 1, "winners": list(race.winners), "fame": fame})
    return Campaign(cars, camp.races + 1, camp.history)


def run_between(camp: Campaign, race: Any, controllers: Sequence[Any]) -> Campaign:
    """Between races with one controller per seat."""
    gen = between_races(camp, race)
    try:
        req = next(gen)
        while True:
            ans = collect(req, lambda r: controllers[r.boss].decide(r, race))
            req = gen.send(req.check(ans))
    except StopIteration as stop:
        out: Campaign = stop.value
        return out

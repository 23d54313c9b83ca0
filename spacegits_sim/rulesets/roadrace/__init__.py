"""The road-race dice game (rulebooks/road-race-dice-game.txt) as a registered ruleset (id ``roadrace``).

Rooms: :mod:`.book` (the YAML rulebook, checked), :mod:`.cars` (car files), :mod:`.scenario`
(race files), :mod:`.engine` (the race), :mod:`.results` (what each chart row does),
:mod:`.upgrades` (what each upgrade does), :mod:`.events`, :mod:`.requests`, :mod:`.fame`,
:mod:`.campaign`, :mod:`.ai`, :mod:`.report`, :mod:`.observation`. Nothing outside this
package imports it but the registry's one line; it imports no other ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...data.errors import DataError, Problem
from ...play import registry
from ...play.events import Event
from ...play.ruleset import BundledScenarios, Controller, Game, Observer, Outcome

__all__ = ["ROADRACE", "RoadRace"]


class RoadRace(BundledScenarios):
    """The road race on the physics dice tray."""

    id = "roadrace"
    title = "Road Race"
    seat_word = "driver"
    score_word = "lap points"
    controllers: tuple[str, ...] = ("random", "heuristic")
    window: str | None = "spacegits_sim.render.roadrace"
    hotseat: str | None = "spacegits_sim.render.roadrace"
    first_event_kind = "race_started"
    unsimulated_doc = "docs/roadrace.md"
    default_scenario_file = "quick.yaml"
    commands: tuple[str, ...] = ("spacegits_sim.rulesets.roadrace.cli",)  # season: a road-race campaign

    # ---- data
    def load_rules(self, house_rules: Sequence[Path | str] = ()) -> Any:
        from .book import book, load_book

        if len(house_rules) > 1:
            raise DataError(
                [Problem(str(house_rules[1]), None, None, "the road race takes one rulebook file at a time")]
            )
        return load_book(house_rules[0]) if house_rules else book()

    def scenarios_dir(self) -> Path:
        from .scenario import RACES

        return RACES

    def load_scenario(self, path: Path | str | None, rules: Any = None) -> Any:
        from .scenario import load_scenario

        return load_scenario(self.resolve_scenario(path), rules)

    def unsimulated(self, scenario: Any, rules: Any = None) -> list[Any]:  # noqa: ARG002 - the protocol's
        return []  # every entry of the book is simulated

    def scenario_from_doc(self, doc: Any, label: str, rules: Any = None) -> Any:
        from .scenario import scenario_from_doc

        return scenario_from_doc(doc, label, rules)

    def seats(self, scenario: Any) -> int:
        return len(scenario.cars)

    def validate(
        self,
        path: Path,
        house_rules: Sequence[Path | str] = (),
        options: dict[str, Any] | None = None,  # noqa: ARG002 - the protocol's
    ) -> tuple[str, list[Any]]:
        """A race file or a car file (told apart by its fields). Raises DataError."""
        from ...data.yamlio import read_yaml
        from .cars import car_from_doc
        from .scenario import scenario_from_doc

        rules = self.load_rules(house_rules)
        doc = read_yaml(path, str(path))
        if isinstance(doc, dict) and "cars" in doc:
            sc = scenario_from_doc(doc, str(path), rules, Path(path).parent)
            return (f"road race '{sc.name}' with {len(sc.cars)} cars", [])
        c = car_from_doc(doc, str(path), rules)
        return (f"road-race car '{c.name}' ({c.vehicle}, {c.driver})", [])

    # ---- playing
    def new_game(self, scenario: Any, rules: Any = None, seed: int | None = None, options: Any = None) -> Game:
        from .engine import Race

        return Race(scenario, rules, seed=seed, options=options)

    def make_controller(self, name: str, seed: int, seat: int) -> Controller:
        from .ai import AIS

        if name not in AIS:
            raise ValueError(f"no road-race AI called '{name}'; they are {', '.join(AIS)}")
        return AIS[name](seed, seat)

    def known_controllers(self) -> tuple[str, ...]:
        from .ai import AIS

        return tuple(AIS)

    def outcome(self, game: Game) -> Outcome:
        s = game.summary()
        return Outcome(
            seats=tuple(s["seats"]),
            winners=tuple(s["winners"]),
            scores=tuple(float(r["lap_points"]) for r in s["racers"]),
            stats={"rounds": s["rounds"], "reason": s["reason"]},
        )

    def game_from_replay(self, doc: dict[str, Any], label: str, rules: Any = None) -> Game:
        from ...play.replay import checked_seed
        from .engine import Race
        from .scenario import scenario_from_doc

        sc = scenario_from_doc(doc["scenario"], f"{label}: scenario", rules)
        return Race(sc, rules, seed=checked_seed(doc, label), options=doc.get("options") or {})

    # ---- the log
    def decode_event(self, data: dict[str, Any]) -> Event:
        from .events import decode_event

        return decode_event(data)

    def summary_from_events(self, events: list[Event]) -> dict[str, Any]:
        from .engine import summary_from_events

        return summary_from_events(events)

    def print_summary(self, summary: dict[str, Any], console: Any) -> None:
        from .report import print_summary

        print_summary(summary, console)

    def play_by_play(self, game: Game) -> list[str]:
        names = game.names()
        return [f"[round {int(e.t):3d}] {e.describe(names)}" for e in game.events]

    def handler_coverage(self, rules: Any = None) -> Any:
        """Upgrades, event rows and result rows against their registered handlers."""
        from ...play.handlers import coverage
        from .results import EVENTS, RESULTS
        from .upgrades import HANDLERS

        b = rules or self.load_rules()
        events = [r.id for c in ("woohoo", "oh_crap") for r in b.charts[c].rows]
        results = [
            r.id
            for cid, c in b.charts.items()
            if cid not in ("woohoo", "oh_crap")
            for r in c.rows
            if not (r.sub or r.chart)
        ]
        registry_: dict[str, dict[str, object]] = {
            "upgrades": dict(HANDLERS),
            "events": dict(EVENTS),
            "results": dict(RESULTS),
        }
        return coverage(registry_, {"upgrades": list(b.upgrades), "events": events, "results": results})

    # ---- learning
    def observer(self) -> Observer:
        from .observation import RoadRaceObserver

        return RoadRaceObserver()


ROADRACE = registry.register(RoadRace())

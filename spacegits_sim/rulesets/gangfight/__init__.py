"""Gangfight (rulebooks/gangfight-skirmish-rules.txt) as a registered ruleset (id ``gangfight``).

Rooms: :mod:`.book` (the core rules as YAML, checked), :mod:`.gangs` (gang files),
:mod:`.scenario` (boards and scenarios), :mod:`.engine` (the game on the physics table),
:mod:`.traits` (what each weapon trait does), :mod:`.sight` (line of sight, behind one
function), :mod:`.events`, :mod:`.requests`, :mod:`.ai`, :mod:`.observation`, :mod:`.gaps`
(what the book names that is not simulated). Nothing outside this package imports it but
the registry's one line; it imports no other ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...data.errors import DataError, Problem
from ...play import registry
from ...play.events import Event
from ...play.ruleset import BundledScenarios, Controller, Game, Observer, Outcome

__all__ = ["GANGFIGHT", "Gangfight"]


class Gangfight(BundledScenarios):
    """The Gangfight skirmish game on the physics table."""

    id = "gangfight"
    title = "Gangfight"
    seat_word = "gang"
    score_word = "victory points"
    controllers: tuple[str, ...] = ("random", "heuristic")
    window: str | None = "spacegits_sim.render.gangfight"
    hotseat: str | None = "spacegits_sim.render.gangfight"
    first_event_kind = "gf_started"
    unsimulated_doc = '"Not simulated yet" in docs/gangfight.md'
    default_scenario_file = "crossroads.yaml"
    commands: tuple[str, ...] = ()

    # ---- data
    def load_rules(self, house_rules: Sequence[Path | str] = ()) -> Any:
        """The core rules; a house-rule file replaces rules.yaml (numbers and levels)."""
        from .book import book, load_book

        if len(house_rules) > 1:
            raise DataError([Problem(str(house_rules[1]), None, None, "Gangfight takes one house-rule file at a time")])
        return load_book(house_rules[0]) if house_rules else book()

    def scenarios_dir(self) -> Path:
        from .scenario import SCENARIOS

        return SCENARIOS

    def load_scenario(self, path: Path | str | None, rules: Any = None) -> Any:
        from .scenario import load_scenario

        return load_scenario(self.resolve_scenario(path), rules)

    def unsimulated(self, scenario: Any, rules: Any = None) -> list[Any]:  # noqa: ARG002 - the protocol's
        """Loud warnings: everything the scenario's gangs name that the engine does not simulate."""
        from .gaps import scenario_warnings

        return scenario_warnings(scenario)

    def scenario_from_doc(self, doc: Any, label: str, rules: Any = None) -> Any:
        from .scenario import scenario_from_doc

        return scenario_from_doc(doc, label, rules)

    def seats(self, scenario: Any) -> int:
        return len(scenario.gangs)

    def validate(
        self,
        path: Path,
        house_rules: Sequence[Path | str] = (),
        options: dict[str, Any] | None = None,  # noqa: ARG002 - the protocol's
    ) -> tuple[str, list[Any]]:
        """A scenario or a gang file (told apart by its fields). Raises DataError."""
        from ...data.yamlio import read_yaml
        from .gangs import gang_from_doc
        from .gaps import scenario_warnings
        from .scenario import scenario_from_doc

        rules = self.load_rules(house_rules)
        doc = read_yaml(path, str(path))
        if isinstance(doc, dict) and "gangs" in doc:
            sc = scenario_from_doc(doc, str(path), rules, Path(path).parent)
            return (
                f"Gangfight scenario '{sc.name}': {' vs '.join(g.name for g in sc.gangs)} at {sc.fame} Fame",
                scenario_warnings(sc),
            )
        g = gang_from_doc(doc, str(path), rules)
        return (f"Gangfight gang '{g.name}': {len(g.models)} models, {g.fame} Fame", list(g.warnings))

    # ---- playing
    def new_game(self, scenario: Any, rules: Any = None, seed: int | None = None, options: Any = None) -> Game:
        from .engine import GangfightGame

        return GangfightGame(scenario, rules, seed=seed, options=options)

    def make_controller(self, name: str, seed: int, seat: int) -> Controller:
        from .ai import AIS

        if name not in AIS:
            raise ValueError(f"no Gangfight AI called '{name}'; they are {', '.join(AIS)}")
        return AIS[name](seed, seat)  # type: ignore[no-any-return]

    def known_controllers(self) -> tuple[str, ...]:
        from .ai import AIS

        return tuple(AIS)

    def outcome(self, game: Game) -> Outcome:
        s = game.summary()
        return Outcome(
            seats=tuple(s["seats"]),
            winners=tuple(s["winners"]),
            scores=tuple(float(v) for v in s["vp"]),
            stats={"turns": s["turns"], "reason": s["reason"], "attacks": s["attacks"]},
        )

    def game_from_replay(self, doc: dict[str, Any], label: str, rules: Any = None) -> Game:
        from ...play.replay import checked_seed
        from .engine import GangfightGame
        from .scenario import scenario_from_doc

        sc = scenario_from_doc(doc["scenario"], f"{label}: scenario", rules)
        return GangfightGame(sc, rules, seed=checked_seed(doc, label), options=doc.get("options") or {})

    # ---- the log
    def decode_event(self, data: dict[str, Any]) -> Event:
        from .events import decode_event

        return decode_event(data)

    def summary_from_events(self, events: list[Event]) -> dict[str, Any]:
        from .engine import summary_from_events

        return summary_from_events(events)

    def print_summary(self, summary: dict[str, Any], console: Any) -> None:
        from rich.table import Table

        t = Table(title=f"Gangfight: game over after turn {summary['turns']} ({summary['reason']})")
        for col in ("gang", "VP", "out of action", "fled", "objectives taken"):
            t.add_column(col)
        for i, name in enumerate(summary["seats"]):
            won = i in summary["winners"]
            mark = (" (wins)" if len(summary["winners"]) == 1 else " (draw)") if won else ""
            t.add_row(
                name + mark,
                str(summary["vp"][i]),
                str(summary["out"][i]),
                str(summary["fled"][i]),
                str(summary["captured"][i]),
            )
        console.print(t)

    def play_by_play(self, game: Game) -> list[str]:
        names = game.names()
        return [f"[turn {int(e.t)}] {e.describe(names)}" for e in game.events]

    def handler_coverage(self, rules: Any = None) -> Any:
        """Every weapon trait in the armoury against its handler, every Fantasy skill and faction
        ability handler id against a handler here or its deferral (skills.DEFERRED,
        abilities.DEFERRED_ABILITIES: known, not simulated, warned), every spell and consumable
        handler id against its handler (spells.py, consumables.py)."""
        from ...play.handlers import coverage
        from .abilities import DEFERRED_ABILITIES
        from .consumables import REGISTRY as CONSUMABLES
        from .fantasy.catalog import catalog
        from .skills import DEFERRED
        from .skills import REGISTRY as SKILLS
        from .spells import REGISTRY as SPELLS
        from .traits import REGISTRY

        b = rules or self.load_rules()
        cat = catalog()
        registry_: dict[str, dict[str, object]] = {
            "traits": dict(REGISTRY["traits"]),
            "skills": {**SKILLS["skills"], **dict.fromkeys(DEFERRED, None)},
            "spells": dict(SPELLS["spells"]),
            "consumables": dict(CONSUMABLES["consumables"]),
            "abilities": {**SKILLS["abilities"], **dict.fromkeys(DEFERRED_ABILITIES, None)},
        }
        data = {
            "traits": list(b.traits),
            "skills": sorted({s.handler for s in cat.skills.values()}),
            "spells": sorted({s.handler for s in cat.spells.values()}),
            "consumables": sorted({i.handler for i in cat.items.values() if i.family == "consumable" and i.handler}),
            "abilities": sorted({s.handler for s in cat.specials.values()}),
        }
        return coverage(registry_, data)

    # ---- learning
    def observer(self) -> Observer:
        from .observation import GangfightObserver

        return GangfightObserver()


GANGFIGHT = registry.register(Gangfight())

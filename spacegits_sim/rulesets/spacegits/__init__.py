"""Space Gits as a registered ruleset (id ``spacegits``): the adapter between the shared
layer's :class:`~spacegits_sim.play.ruleset.Ruleset` protocol and the Space Gits engine.

The ruleset itself is ``rules/`` (engine, requests, events, effects), ``campaign/`` and
``ai/``, plus this package; nothing outside them imports them but the registry line in
:mod:`spacegits_sim.play.registry`. Why an adapter rather than a move: the engine's
modules stay where they are while they are being worked on, and the CLI, env, tournaments,
replays and windows reach them only through here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...play import registry
from ...play.events import Event
from ...play.handlers import Coverage, coverage
from ...play.ruleset import Controller, Game, Observer, Outcome

__all__ = ["SPACEGITS", "SpaceGits"]


class SpaceGits:
    """The Space Gits rulebook (rulebooks/space-gits-rulebook.txt) on the physics table."""

    id = "spacegits"
    title = "Space Gits"
    seat_word = "boss"
    score_word = "new caps"
    controllers: tuple[str, ...] = ("random", "heuristic", "search", "mcts")
    budgeted_controllers: tuple[str, ...] = ("mcts",)  # --think-ms binds into their names (mcts@MS)
    window: str | None = "spacegits_sim.render.watch_app"  # the watch shell that draws Space Gits
    hotseat: str | None = "spacegits_sim.render.hotseat"  # the hot-seat shell
    first_event_kind = "match_started"
    unsimulated_doc = "the implemented table in docs/rules.md"
    # its own subcommands
    commands: tuple[str, ...] = ("spacegits_sim.cli.gang", "spacegits_sim.cli.campaign", "spacegits_sim.cli.lab")

    # ---- data
    def load_rules(self, house_rules: Sequence[Path | str] = ()) -> Any:
        from ...data.rules_data import default_rules, load_rules

        return load_rules(list(house_rules)) if house_rules else default_rules()

    def default_scenario(self) -> Path:
        from ...rules.scenario import resolve_scenario_path

        return resolve_scenario_path(None)

    def resolve_scenario(self, path: str | Path | None) -> Path:
        """The file a --scenario names (a bare name not found here: the bundled one of that name)."""
        from ...rules.scenario import resolve_scenario_path

        return resolve_scenario_path(path)

    def bundled_scenarios(self) -> list[Path]:
        from ...data.paths import scenarios_dir

        return sorted(scenarios_dir().glob("*.yaml"))

    def load_scenario(self, path: Path | str | None, rules: Any = None) -> Any:
        from ...rules.scenario import load_scenario

        return load_scenario(path, rules or self.load_rules())

    def unsimulated(self, scenario: Any, rules: Any = None) -> list[Any]:
        """Loud warnings: every id the scenario names that the engine does not simulate yet."""
        from ...rules.scenario import unsimulated_in_scenario

        return unsimulated_in_scenario(scenario, rules or self.load_rules())

    def scenario_from_doc(self, doc: Any, label: str, rules: Any = None) -> Any:
        from ...rules.scenario import scenario_from_doc

        return scenario_from_doc(doc, label, rules or self.load_rules())

    def scenario_to_doc(self, scenario: Any) -> dict[str, Any]:
        from ...rules.scenario import scenario_to_doc

        return scenario_to_doc(scenario)

    def seats(self, scenario: Any) -> int:
        return len(scenario.players)

    def scenario_name(self, scenario: Any) -> str:
        return str(scenario.name)

    def validate(
        self, path: Path, house_rules: Sequence[Path | str] = (), options: dict[str, Any] | None = None
    ) -> tuple[str, list[Any]]:
        from .validate import validate_file

        return validate_file(self, Path(path), house_rules, options or {})

    # ---- playing
    def new_game(self, scenario: Any, rules: Any = None, seed: int | None = None, options: Any = None) -> Game:
        from ...rules.engine import Match

        return Match(scenario, rules or self.load_rules(), seed=seed, options=options)

    def make_controller(self, name: str, seed: int, seat: int) -> Controller:
        from ...ai import make_controller

        return make_controller(name, seed, seat)  # type: ignore[no-any-return]

    def known_controllers(self) -> tuple[str, ...]:
        """Every AI name make_controller knows now (the built-in ones and any registered since)."""
        from ...ai import CONTROLLERS, EXTRA

        return tuple(CONTROLLERS) + tuple(k for k in EXTRA if k not in CONTROLLERS)

    def outcome(self, game: Game) -> Outcome:
        s = game.summary()
        names = list(s["bosses"])
        return Outcome(
            seats=tuple(names),
            winners=tuple(names.index(w) for w in (s["winners"] or [])),
            scores=tuple(float(s["bosses"][n]["new_caps"]) for n in names),
            stats={"activations": s["activations"], "safety": s["safety_rule_fired"]},
        )

    def game_from_replay(self, doc: dict[str, Any], label: str, rules: Any = None) -> Game:
        from ...rules.replay import match_from_doc

        return match_from_doc(doc, label, rules)

    # ---- the log
    def decode_event(self, data: dict[str, Any]) -> Event:
        from ...rules import events as ev

        return ev.from_dict(data)

    def summary_from_events(self, events: list[Event]) -> dict[str, Any]:
        from ...rules import events as ev

        return ev.summary_from_events(events)

    def print_summary(self, summary: dict[str, Any], console: Any) -> None:
        from .report import print_summary

        print_summary(summary, console)

    def play_by_play(self, game: Game) -> list[str]:
        from .report import play_by_play

        return play_by_play(game)

    def handler_coverage(self, rules: Any = None) -> Coverage | None:
        from ...rules import effects

        data: dict[str, list[str]] = {}
        for row in effects.implemented_table(rules or self.load_rules()):
            data.setdefault(row["family"], []).append(row["id"])
        return coverage(effects.REGISTRY, data, internal=("tokens",))  # tokens: the engine's own

    # ---- learning
    def observer(self) -> Observer:
        from .observation import SpaceGitsObserver

        return SpaceGitsObserver()


SPACEGITS = registry.register(SpaceGits())

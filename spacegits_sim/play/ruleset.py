"""What a ruleset is, as everything above it sees it: the :class:`Ruleset` protocol, the
:class:`Game` it starts, and the plain :class:`Outcome` of a finished game.

The CLI, the PettingZoo env, tournaments (local or Dask), replays and the pygame shells
hold a ruleset by its id (:func:`spacegits_sim.play.registry.get`) and call only what is
declared here; they never import a ruleset's modules. Why a protocol, not a base class:
a ruleset keeps its own engine and data types (a Space Gits ``Match``, a road race), and
these are checked structurally (mypy), with nothing to inherit.

Scenarios and rules data are opaque here (``Any``): each ruleset has its own schema, and
only the ruleset reads them. Everything that crosses a process boundary (a tournament task,
a replay) is plain data: ``scenario_to_doc``/``scenario_from_doc`` turn a scenario into it
and back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .events import Event
from .handlers import Coverage
from .protocol import Request

__all__ = ["BundledScenarios", "Controller", "Game", "Observer", "Outcome", "Ruleset"]


@runtime_checkable
class Controller(Protocol):
    """Answers requests for one seat. ``game`` is the game asking (read only)."""

    def decide(self, request: Request, game: Any) -> Any: ...


class Game(Protocol):
    """One game in progress: a generator of requests behind a small driving surface.

    Same scenario + seed + answers => the same event log, bit for bit."""

    seed: int
    scenario: Any
    options: dict[str, Any]
    pending: Request | None  # what the game asks now; None once it is over
    events: list[Event]  # the log: the one source of what happened
    decisions: list[tuple[str, Any, str]]  # (request kind, answer as JSON, log checksum after)
    binding: dict[str, str]  # what decides the game besides the decisions, each part hashed

    @property
    def over(self) -> bool: ...

    def answer(self, answer: Any) -> Request | None:
        """Give the pending request its answer; an illegal one raises IllegalDecision and changes nothing."""
        ...

    def play(self, controllers: Sequence[Controller], max_decisions: int = ...) -> None:
        """Run to the end with one controller per seat."""
        ...

    def names(self) -> dict[str, str]:
        """Display names of the pieces events refer to by id."""
        ...

    def summary(self) -> dict[str, Any]:
        """Plain-data summary counted from the event log."""
        ...


@dataclass(frozen=True)
class Outcome:
    """How a game ended, per seat (seat order), in terms any ruleset can give.

    ``winners`` are seat indices (several: a tie; none: unfinished or nobody won); ``scores``
    one number per seat, the ruleset's own measure (Space Gits: new caps; a road race: lap
    points); ``stats`` plain extras a tournament reports (activations, rounds...)."""

    seats: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1


class Observer(Protocol):
    """A ruleset's observation encoder for learning agents: a fixed-size float vector in [0, 1]
    of the game from one seat."""

    size: int

    def encode(self, game: Any, seat: int) -> Any:  # a numpy float32 array of ``size``
        ...


class Ruleset(Protocol):
    """One game the table can host. Registered once (:mod:`.registry`); picked by ``id``.

    Scenarios and rules data are the ruleset's own types; everything here takes and returns
    them opaquely. ``Problem`` lists are :class:`spacegits_sim.data.errors.Problem`."""

    id: str  # "spacegits", "roadrace": the --ruleset value and the replays' "ruleset" field
    title: str  # for people: "Space Gits"
    seat_word: str  # what a seat is called in messages: "boss", "driver"
    score_word: str  # what Outcome.scores measure, for tables: "new caps", "lap points"
    controllers: tuple[str, ...]  # the AI names it ships (besides "human" in hot-seat)
    #: The render modules that draw this ruleset, imported by name only when a window is wanted
    #: (so nothing below render/ imports pygame). ``window`` exposes ``Watcher(make, seed)``,
    #: ``LogWatcher(events, seed=)``, ``run_window(w)``, ``run_headless(w, record, shot, on_log=)``
    #: and ``has_display()``; ``hotseat`` exposes ``HotseatApp(make, seed, humans, save_path=)`` and
    #: ``run_hotseat(app)``. ``make(seed) -> (game, controllers)``; None: no window yet.
    window: str | None
    hotseat: str | None
    first_event_kind: str  # every log starts with one event of this kind ("match_started")
    #: where a user reads what this ruleset does not simulate (named by every NOT SIMULATED warning)
    unsimulated_doc: str
    #: CLI modules of this ruleset's own subcommands (each has ``add_parser(subparsers)``), imported
    #: by name when the parser is built (Space Gits: gang, campaign). () for none.
    commands: tuple[str, ...]

    # ---- data
    def load_rules(self, house_rules: Sequence[Path | str] = ()) -> Any:
        """The rules data, with house-rule files applied in order. Raises DataError."""
        ...

    def default_scenario(self) -> Path:
        """The scenario used when none is named."""
        ...

    def resolve_scenario(self, path: str | Path | None) -> Path:
        """The file a --scenario option names (None: the default; a bare name not found here:
        the bundled scenario of that name)."""
        ...

    def bundled_scenarios(self) -> list[Path]: ...

    def load_scenario(self, path: Path | str | None, rules: Any = None) -> Any:
        """A scenario file, checked. Raises DataError (file, entry, field, what is wrong)."""
        ...

    def unsimulated(self, scenario: Any, rules: Any = None) -> list[Any]:
        """Loud warnings (Problems): everything the scenario names that is not simulated."""
        ...

    def scenario_from_doc(self, doc: Any, label: str, rules: Any = None) -> Any: ...

    def scenario_to_doc(self, scenario: Any) -> dict[str, Any]: ...

    def scenario_name(self, scenario: Any) -> str: ...

    def seats(self, scenario: Any) -> int:
        """How many seats a scenario has."""
        ...

    def validate(
        self, path: Path, house_rules: Sequence[Path | str] = (), options: dict[str, Any] | None = None
    ) -> tuple[str, list[Any]]:
        """Check one file of this ruleset (scenario, gang, car, house rules...): raises DataError
        listing every problem when it is wrong; else (what it is, loud warnings as Problems)."""
        ...

    # ---- playing
    def new_game(self, scenario: Any, rules: Any = None, seed: int | None = None, options: Any = None) -> Game:
        """A game at its first request (``seed`` None: the scenario's)."""
        ...

    def make_controller(self, name: str, seed: int, seat: int) -> Controller:
        """An AI by name, seeded from the game seed and its seat. Raises ValueError for an unknown name."""
        ...

    def known_controllers(self) -> tuple[str, ...]:
        """Every AI name make_controller knows now (``controllers`` and any registered since)."""
        ...

    def outcome(self, game: Game) -> Outcome: ...

    def game_from_replay(self, doc: dict[str, Any], label: str, rules: Any = None) -> Game:
        """The game a replay document starts from (its scenario, seed and options checked; no
        decision answered yet). Raises DataError naming the replay, the entry and the field."""
        ...

    # ---- the log
    def decode_event(self, data: dict[str, Any]) -> Event:
        """One event back from plain data; KeyError/TypeError/ValueError if it is not one of its events."""
        ...

    def summary_from_events(self, events: list[Event]) -> dict[str, Any]:
        """The summary of a game counted from its log alone (a replay drawn without re-simulating)."""
        ...

    def print_summary(self, summary: dict[str, Any], console: Any) -> None:
        """The summary as a rich table for people."""
        ...

    def play_by_play(self, game: Game) -> list[str]:
        """The log as sentences for people."""
        ...

    def handler_coverage(self, rules: Any = None) -> Coverage | None:
        """Its handler registry against the ids its data names (:func:`.handlers.coverage`), or
        None for a ruleset that keys no behaviour by data id. The coverage test runs this for
        every registered ruleset."""
        ...

    # ---- learning
    def observer(self) -> Observer:
        """The env's observation encoder."""
        ...


class BundledScenarios:
    """The scenario lookup of a ruleset whose bundled scenarios are the YAML files of one folder
    and whose scenario objects carry ``name`` and ``to_doc()`` (the road race, Gangfight).

    Why a mixin although :class:`Ruleset` is a protocol: these five methods were the same lines
    in each such ruleset; a ruleset with its own lookup (Space Gits: campaign folders, house
    files) simply does not inherit it, and mypy still checks every ruleset against the protocol.
    """

    #: the file in :meth:`scenarios_dir` used when no scenario is named
    default_scenario_file: str

    def scenarios_dir(self) -> Path:
        """The folder of bundled scenario files."""
        raise NotImplementedError

    def default_scenario(self) -> Path:
        return self.scenarios_dir() / self.default_scenario_file

    def resolve_scenario(self, path: str | Path | None) -> Path:
        """None: the default; an existing file: itself; a bare name: the bundled file of that name
        (with or without ``.yaml``); anything else is returned as given, for the loader to report."""
        if path is None:
            return self.default_scenario()
        p = Path(path)
        if p.is_file():
            return p
        folder = self.scenarios_dir()
        for cand in (folder / p.name, folder / f"{p.name}.yaml"):
            if cand.is_file():
                return cand
        return p

    def bundled_scenarios(self) -> list[Path]:
        return sorted(self.scenarios_dir().glob("*.yaml"))

    def scenario_to_doc(self, scenario: Any) -> dict[str, Any]:
        return dict(scenario.to_doc())

    def scenario_name(self, scenario: Any) -> str:
        return str(scenario.name)

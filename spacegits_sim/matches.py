"""Headless games of any ruleset: play one, summarise it, print its play-by-play.

Everything here goes through the ruleset (:mod:`spacegits_sim.play.registry`), picked by id
(None: Space Gits); nothing imports a ruleset's modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console

from .play import registry
from .play.ruleset import Game, Ruleset


def _rs(ruleset: Ruleset | str | None) -> Ruleset:
    return registry.resolve(ruleset)


def parse_ais(text: str, n: int, ruleset: Ruleset | str | None = None) -> list[str]:
    rs = _rs(ruleset)
    names = [a.strip() for a in text.split(",") if a.strip()]
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise ValueError(f"--ai needs one controller per {rs.seat_word} ({n}), got '{text}'")
    for a in names:
        if a not in rs.controllers:
            raise ValueError(f"unknown AI '{a}' (valid: {', '.join(rs.controllers)})")
    return names


def play_match(
    scenario: Any,
    seed: int,
    ais: Sequence[str],
    rules: Any = None,
    options: dict[str, Any] | None = None,
    ruleset: Ruleset | str | None = None,
) -> Any:
    """One game from ``scenario`` with one AI per seat, played to the end."""
    rs = _rs(ruleset)
    m = rs.new_game(scenario, rules or rs.load_rules(), seed=seed, options=options)
    m.play([rs.make_controller(a, seed, i) for i, a in enumerate(ais)])
    return m


def summary_with_ais(summary: dict[str, Any], ais: Sequence[str]) -> dict[str, Any]:
    """A summary with each seat's controller named (seats in order, under ``bosses``)."""
    for name, a in zip(summary["bosses"], ais, strict=False):
        summary["bosses"][name]["ai"] = a
    return summary


def summary_from_events(events: list[Any], ruleset: Ruleset | str | None = None) -> dict[str, Any]:
    return _rs(ruleset).summary_from_events(events)


def print_summary(s: dict[str, Any], console: Console, ruleset: Ruleset | str | None = None) -> None:
    _rs(ruleset).print_summary(s, console)


def play_by_play(m: Game, ruleset: Ruleset | str | None = None) -> list[str]:
    return _rs(ruleset).play_by_play(m)

"""Test kit for Gangfight's hot-seat window: a bundled scenario opened for people and the
heuristic (SDL dummy driver, real pygame surfaces), its questions one after another, and the
board spots a deployment would accept.

Why a kit: the hot-seat tests in test_gangfight.py, test_gangfight_magic.py,
test_gangfight_abilities.py, test_gangfight_heights.py and test_gangfight_misc.py each set the
window up and stepped it the same way (the same dozen lines).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from spacegits_sim.play import registry


@dataclass
class Hotseat:
    """An open hot-seat game: the ruleset, its window module (``shell``: ``to_screen``, ``SIZE``,
    ``Fonts``), the app, a surface the window's size and its fonts."""

    rs: Any
    shell: Any
    app: Any
    surf: Any
    fonts: Any


def hotseat(monkeypatch: Any, scenario: str | None, seed: int, people: Iterable[int], save_path: Any = None) -> Hotseat:
    """The bundled ``scenario`` (None: the ruleset's default) in the hot-seat window, ``people``
    the seats a person plays (answered by the test), the heuristic the others; ``save_path``
    where ``s`` (``app.save()``) writes the replay."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    rs = registry.get("gangfight")
    shell = importlib.import_module(rs.hotseat)
    sc = rs.load_scenario(scenario)
    people = set(people)

    def make(s: int) -> tuple[Any, list[Any]]:
        return rs.new_game(sc, seed=s), [None if i in people else rs.make_controller("heuristic", s, i) for i in (0, 1)]

    kw = {} if save_path is None else {"save_path": str(save_path)}
    app = shell.HotseatApp(make, seed, people, **kw)
    pygame.display.init()
    return Hotseat(rs, shell, app, pygame.Surface(shell.SIZE), shell.Fonts())


def questions(app: Any, steps: int) -> Iterator[Any]:
    """The questions put to a person, one after another, as the window plays on (10 s a step);
    stops when the game is over or after ``steps`` steps. The caller answers each before the next."""
    for _ in range(steps):
        app.advance(10.0)
        req = app.waiting()
        if req is None:
            if app.finished:
                return
            continue
        yield req


def deploy_spots(req: Any, wobble: float, size: int = 36) -> list[tuple[float, float]]:
    """The cell centres of a ``size``-inch board where a deployment question's first piece may
    stand, with room to spare: legal too ``wobble`` inches off in each direction."""
    grid = [(x + 0.5, y + 0.5) for x in range(size) for y in range(size)]
    return [
        p
        for p in grid
        if all(
            req.legal(req.models[0], (p[0] + dx, p[1] + dy)) is None
            for dx in (-wobble, 0, wobble)
            for dy in (-wobble, 0, wobble)
        )
    ]

"""Shared set-up of the hot-seat window tests added on 2026-12-05 (test_hotseat_range, _arcs,
_deploy, _previews): SDL's dummy drivers, and pygame's display and fonts started for every test.
SDL reads the drivers when the display starts, so the order of imports does not matter. The
four files each carried the same dozen lines."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _pygame():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    yield


def human_requests(app, limit: int = 4000):  # type: ignore[no-untyped-def]
    """The requests the window shows a person, in order, until the game ends or ``limit``
    frames have passed: each frame runs 5 s of table time with the between-turns countdown
    skipped, as a player who clicks at once sees it. Yields ``(request, overlay)``; the test
    answers each (:func:`answer_as`) or not. The hot-seat tests wrote this loop out eight times."""
    for _ in range(limit):
        if app.finished:
            return
        ov = app.update(5.0)
        if app.countdown is not None:
            app.countdown = 0.0
        req = app.human_turn()
        if req is not None:
            yield req, ov


def first_human_request(app, limit: int = 400):  # type: ignore[no-untyped-def]
    """The first request the window shows a person (a deploy, on every bundled scenario)."""
    for req, _ov in human_requests(app, limit):
        return req
    raise AssertionError("the window never asked a person anything")


def answer_as(app, req, ais, seats=None) -> bool:  # type: ignore[no-untyped-def]
    """Answer ``req`` through the window as the AIs would (``ais[boss]``): a fight's parts for
    the seats in ``seats`` (default: every human seat), anything else by ``app.submit`` as a
    click does. Returns what ``submit`` returned (True for a fight's parts)."""
    from spacegits_sim.rules.decisions import FightThrow

    seats = app.humans if seats is None else seats
    if isinstance(req, FightThrow):
        for i, b in enumerate(req.bosses):
            if b in seats:
                app.fight_parts[i] = ais[b].decide(req.part(i), app.match)
        return True
    return bool(app.submit(ais[req.boss].decide(req, app.match)))

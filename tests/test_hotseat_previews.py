"""The hot-seat's previews while ordering dice (playtest 2): each bullet die shows the line of
fire its bullet then flies and names what it strikes; a move die's X marks where the base really
touches what stops it, and the die walked to is never called the bump. Headless, real matches."""

from __future__ import annotations

import math

import pygame  # noqa: E402
import pytest  # noqa: E402
from hotseat_kit import _pygame, answer_as, human_requests  # noqa: F401  (_pygame: SDL dummy drivers, the display started per test)
from test_hotseat_play import Recorder, new_app  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.decisions import OrderBullet, OrderMoveDie  # noqa: E402


def play(app, seed, on_request, limit=3000):  # type: ignore[no-untyped-def]
    """Both seats human, answered with the heuristic's choices; ``on_request`` sees each
    request first and may answer it itself (returns True)."""
    me = [make_controller("heuristic", seed, i) for i in range(2)]
    for req, _ov in human_requests(app, limit):
        if not on_request(app, req):
            answer_as(app, req, me, seats=range(2))


def test_each_bullet_dies_preview_names_what_the_bullet_then_strikes():
    """Ordering bullets, every die's words say what its line of fire strikes (and a frame draws
    them); the die then resolved hits just that (jams and specials aside)."""
    compared = hits = 0
    for seed in (2, 3, 5, 8, 9):
        app = new_app(seed, frozenset({0, 1}))

        def on_request(app, req):  # type: ignore[no-untyped-def]
            nonlocal compared, hits
            if not isinstance(req, OrderBullet):
                return False
            shown = app.bullet_previews()
            assert set(shown) == {d for d in req.options if app.match.table.has_die(d)}
            rec = Recorder(app.renderer)
            app.draw_ui(pygame.Surface(app.size), app.update(0.0))
            for words, _line in shown.values():
                assert words and all(w in rec.seen for w in words)
            die = req.options[0]
            words, line = shown[die]
            n = len(app.match.events)
            assert app.submit(die)
            app.update(0.0)  # (the window hands the answer to the match on its next frame)
            shot = next(e for e in app.match.events[n:] if isinstance(e, ev.BulletResolved) and e.die == die)
            if len(words) == 1 and line is not None and not shot.jammed:
                _l, struck, missed = line
                want = None if struck is None or missed else f"{struck.thing.kind.value}:{struck.thing.id}"
                assert shot.hit == want, (app.seed, words, shot)
                assert words[0].endswith(": hits nothing in range") == (struck is None)
                compared += 1
                hits += shot.hit is not None
            return True

        play(app, seed, on_request)
    assert compared >= 12 and 0 < hits < compared, (compared, hits)


def test_the_bullet_order_question_never_offers_a_jammed_die():
    """Jams: "If any bullet dice rolls a natural 1, it is discarded without being resolved." The
    playtest was asked to order a die showing 1, previewed 'Pistol 8": hits nothing in range'
    (finding 5). Hot-seat games: every die the window offers is one the rules will resolve (no
    bolted-gun or special bullets here), and the jams it met were logged, not offered."""
    jams = offered = 0
    for seed in (2, 3, 5):
        app = new_app(seed, frozenset({0, 1}))

        def on_request(app, req):  # type: ignore[no-untyped-def]
            nonlocal offered
            if isinstance(req, OrderBullet):
                values = [app.match.table.die(d).value for d in req.options if app.match.table.has_die(d)]
                assert 1 not in values, (app.seed, values)
                offered += len(values)
            return False

        play(app, seed, on_request)
        jams += sum(1 for e in app.match.events if isinstance(e, ev.BulletResolved) and e.jammed)
    assert jams >= 1 and offered >= 10, (jams, offered)


def test_a_move_dies_x_is_on_the_bases_rim_and_its_own_die_is_never_the_bump():
    """Seed 4: the git stands touching a die, so every move stops at once (0.0"): the rules'
    sweep then gives as its contact the point the whole move would have reached, 4-5" off on
    empty table, where the window drew its X. Every X lies on the base's rim, and no die's
    preview reports the die it walks to as what it bumps."""
    stopped_at_once = reached = 0
    for seed in (4, 6):
        app = new_app(seed, frozenset({0, 1}))

        def on_request(app, req):  # type: ignore[no-untyped-def]
            nonlocal stopped_at_once, reached
            if isinstance(req, OrderMoveDie) and app.match.models[req.model].vehicle is None:
                r = app.match.table.figure_radius(req.model)
                for p, did in zip(app.previews(), req.options, strict=True):
                    res = app.match.preview_move(req.model, app.scene.dice[did].position, app.scene.dice[did].value)
                    if res.contact is not None and res.contact.thing.id == did:
                        assert p.bump is None and p.at is None and p.words().endswith("reaches it")
                        reached += 1
                    elif p.at is not None:
                        assert math.dist(p.at, p.end) == pytest.approx(r, abs=0.05), (app.seed, p)
                        stopped_at_once += p.travelled < 1e-6 and math.dist(res.contact.point, res.end) > r + 1
            return False

        play(app, seed, on_request)
    assert stopped_at_once >= 1 and reached >= 3, (stopped_at_once, reached)

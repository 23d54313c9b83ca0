"""The hot-seat's shot preview knows a bolted gun's arc (the second playtest, derby seed 5).

Grimfang's Truck faced south; its fixed Rifle's ring marked Nib, to the north, green "in
range" and the preview said "Rifle 12": hits Nib", though the rules' bullet misses anything
outside a fixed gun's front corridor ("If the first thing the bullet strikes is outside of the
… arc, it misses"). The card listed "Shotgun 6" (pintle)" that the driver was never offered:
the passengers fire the pintle guns. Headless (SDL dummy driver), real matches, real pymunk."""

from __future__ import annotations

import math
import os
import tempfile

import pygame  # noqa: E402
from helpers import buggy, drive, match, of, vmatch  # noqa: E402
from hotseat_kit import _pygame  # noqa: F401  (SDL dummy drivers, then the display started per test)
from test_hotseat_play import Recorder, ev_collect  # noqa: E402
from test_render import app_for, click, press_button  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.cli.common import load_scenario_option  # noqa: E402
from spacegits_sim.render.hotseat import HotseatApp  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.decisions import AimThrow, CrewGuns, OrderBullet  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402

NORTH = math.pi / 2
ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}
TRUCK_AT, BEHIND, AHEAD = (12.0, 8.0), (12.0, 2.0), (12.0, 16.0)


def frame_texts(app, at):  # type: ignore[no-untyped-def]
    """Every string drawn in one frame with the mouse on table point ``at``."""
    app.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=app.renderer.to_px(app.scene, at), rel=(0, 0), buttons=(0, 0, 0))
    )
    rec = Recorder(app.renderer)
    app.draw_ui(pygame.Surface(app.size), app.update(0.0))
    return rec.seen


def buggy_app(enemy_at):  # type: ignore[no-untyped-def]
    """Red's buggy (fixed Rifle, pintle Shotgun, driver Gaz, no passenger) at 12,8 facing north;
    Blue's Urg at ``enemy_at``."""
    m = vmatch(
        [buggy(vehicle_weapons=["rifle", "shotgun"], pintle=["shotgun"])],
        [dict(ORC, name="Urg")],
        {"a1v": (*TRUCK_AT, NORTH), "b1": enemy_at},
        seed=2,
    )
    return app_for(m)


def aim_fixed_rifle(app):  # type: ignore[no-untyped-def]
    click(app, TRUCK_AT)
    press_button(app, "shoot")
    assert isinstance(app.human_turn(), CrewGuns)
    press_button(app, ("mount:0",))  # the driver's fixed Rifle
    req = app.human_turn()
    assert isinstance(req, AimThrow) and req.purpose == "bullet"


def test_a_fixed_guns_preview_of_an_enemy_outside_its_arc_says_it_misses_as_the_bullet_then_does():
    app = buggy_app(BEHIND)
    aim_fixed_rifle(app)
    seen = frame_texts(app, BEHIND)
    assert 'Rifle 12" (fixed, front corridor): misses — Urg is outside its arc' in seen
    assert not any("hits Urg" in s for s in seen)
    rings, marks = app.reach(*app.reach_wanted(BEHIND))
    assert [r.arc for r in rings] == ["corridor"] and rings[0].arc_outline
    (urg,) = marks
    assert urg.in_reach and not urg.in_arc and not urg.hittable
    assert f'{urg.distance:.1f}": outside its arc' in seen
    m = app.match  # the rule: a bullet die at Urg, fired into the front corridor, misses
    die = m.table.place_die(6, 6, (BEHIND[0], BEHIND[1] - 1.0))
    drive(m, m.combat.resolve_bullet(m.models["a1v"], m.rules.weapons["rifle"], die, 6, "corridor"))
    assert of(m, ev.BulletResolved)[-1].hit is None


def test_a_fixed_guns_preview_of_an_enemy_dead_ahead_says_it_hits_and_the_arc_is_drawn_ahead():
    app = buggy_app(AHEAD)
    aim_fixed_rifle(app)
    seen = frame_texts(app, AHEAD)
    assert 'Rifle 12" (fixed, front corridor): hits Urg' in seen
    (ring,) = app.reach(*app.reach_wanted(AHEAD))[0]
    hull_w = app.match.models["a1v"].vehicle.hull_in[0]
    for p in ring.arc_outline:  # the corridor: as wide as the hull, ahead of its middle
        assert abs(p[0] - TRUCK_AT[0]) <= hull_w / 2 + 1e-6 and p[1] >= TRUCK_AT[1] - 1e-6
    assert max(p[1] for p in ring.arc_outline) > TRUCK_AT[1] + 12


def test_the_card_says_who_fires_each_bolted_gun_and_the_driver_is_not_offered_the_pintle_one():
    """ "The driver fires the fixed weapons, and the passengers fire the pintle-mounted ones." """
    app = buggy_app(BEHIND)
    seen = frame_texts(app, TRUCK_AT)
    assert 'Rifle 12" (fixed: the driver fires it), Shotgun 6" (pintle: a passenger fires it)' in seen
    click(app, TRUCK_AT)
    press_button(app, "shoot")
    app.layout_buttons()
    assert "Shotgun (pintle)" not in [b.label for b in app.buttons]  # (who fires it is the rules', unchanged)


def test_the_windows_words_for_a_bolted_guns_bullet_are_what_it_then_does():
    """At every bolted gun's bullet ordered in whole derbies (the crews firing their bolted guns
    whenever offered; the AIs aim), the window's words for a die there
    (the ring and arc of the gun just chosen) say what the resolved bullet does: a miss outside
    the arc, else a hit on the thing named, else nothing."""
    sc = load_scenario_option("scenarios/demolition_derby.yaml")
    compared = arc_misses = hits = 0
    for seed in range(5, 13):
        if compared >= 10 and arc_misses and hits:
            break
        m = Match(sc, seed=seed)
        app = HotseatApp(
            lambda s, m=m: (m, [None, None]), seed, set(), save_path=os.path.join(tempfile.mkdtemp(), "s.json")
        )
        ctrl = [make_controller("heuristic", seed, i) for i in range(2)]
        bolted: tuple = ()
        for _ in range(6000):
            req = m.pending
            if req is None:
                break
            if isinstance(req, OrderBullet) and bolted and m.models[req.model].vehicle is not None:
                die = req.options[0]
                rings, _marks = app.reach(req.model, (bolted[0][0],), False, bolted)
                (words,), _shown = app.shot_words(req.model, rings, m.table.die(die).position)
                n = len(m.events)
                m.answer(die)
                shot = next(e for e in m.events[n:] if isinstance(e, ev.BulletResolved) and e.die == die)
                if not shot.jammed:
                    if shot.hit is None:
                        assert words.endswith("hits nothing in range") or "is outside its arc" in words, words
                        arc_misses += "is outside its arc" in words
                    else:
                        assert "outside its arc" not in words and ": hits " in words, (words, shot.hit)
                        hits += 1
                    compared += 1
                continue
            answer = ev_collect(req, ctrl, m)
            if isinstance(req, CrewGuns):  # (the heuristic fires its own pistols: a bolted gun instead, if offered)
                answer = next((o for o in req.options if o and o[0].startswith("mount:")), answer)
                bolted = app.crew_gun_bolted(req.vehicle, tuple(answer)) if answer else ()
            m.answer(answer)
    assert compared >= 10 and arc_misses >= 1 and hits >= 1, (compared, arc_misses, hits)


# ---------------------------------------------------------------- aiming: what covers what (sg_11, sg_46)


def shooter_app(terrain=None):  # type: ignore[no-untyped-def]
    """Red's Grunk (pistol) at 6,6 aiming a shot; Blue's Urgat 4" east, Dreg far off."""
    grunk = {"type": "orc", "name": "Grunk", "weapons": ["pistol", "regular_h2h"]}
    blue = [{"type": "orc", "name": n, "weapons": ["pistol", "regular_h2h"]} for n in ("Urgat", "Dreg")]
    m = match([[grunk], blue], {"a1": (6.0, 6.0), "b1": (10.0, 6.0), "b2": (18.0, 18.0)}, terrain, seed=2)
    app = app_for(m)
    click(app, (6.0, 6.0))
    press_button(app, "shoot")
    assert isinstance(app.human_turn(), AimThrow)
    return app


def test_aiming_a_shot_pops_no_card_of_the_git_under_the_mouse():
    app = shooter_app()
    seen = frame_texts(app, (10.0, 6.0))
    assert 'Pistol 8": hits Urgat' in seen
    assert "Urgat the Orc" not in seen  # (the card covered the line of fire and the aim's words)


def test_the_enemies_distance_labels_keep_clear_of_the_aims_words():
    app = shooter_app()
    plates: list = []
    draw_tags = app.draw_tags

    def kept(surf, tags, avoid=None):  # type: ignore[no-untyped-def]
        got = draw_tags(surf, tags, avoid)
        plates.extend(got)
        return got

    app.draw_tags = kept  # type: ignore[method-assign]
    for aim in [(10.0, 6.0), (9.0, 5.0), (11.0, 7.0), (17.0, 17.0)]:
        plates.clear()
        frame_texts(app, aim)
        block, _ = app.aim_block(app.human_turn(), app.renderer.to_table(app.scene, app.hover_px))
        assert plates and not any(p.colliderect(block) for p in plates), aim


def test_an_enemy_in_range_behind_a_wall_is_marked_behind_it_not_green():
    wall = {"type": "wall", "polygon": [[7.6, 4.5], [8.0, 4.5], [8.0, 7.5], [7.6, 7.5]]}
    app = shooter_app([wall])
    rings, marks = app.reach(*app.reach_wanted((10.0, 6.0)))
    urgat = next(t for t in marks if t.model == "b1")
    assert urgat.in_reach and urgat.behind is not None and not urgat.hittable
    seen = frame_texts(app, (10.0, 6.0))
    assert f'{urgat.distance:.1f}": behind {urgat.behind}' in seen
    assert f'Pistol 8": hits {urgat.behind}' in seen  # the preview's own line: the bullet strikes the wall

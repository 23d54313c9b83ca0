"""The deploy stripes and prompt are the game's own rule (the second playtest).

Quick Start: a click on unstriped ground 4.86" from a cap's centre was refused "within 4" of a
cap": the rule measures edge to edge and the stripes were 1" blocks judged at their centres.
The derby's prompt said "4" from caps and enemies" to a truck then refused "within 8" of a
cap". Headless (SDL dummy driver), real matches, real pymunk."""

from __future__ import annotations

import math
import os
import tempfile

import pygame  # noqa: E402
import pytest  # noqa: E402
from hotseat_kit import _pygame, first_human_request  # noqa: F401  (_pygame: SDL dummy drivers, the display started per test)
from test_hotseat_play import new_app  # noqa: E402

from spacegits_sim.cli.common import load_scenario_option  # noqa: E402
from spacegits_sim.render.hotseat import HotseatApp  # noqa: E402
from spacegits_sim.rules.decisions import Deploy  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402


def asked_to_deploy(app):  # type: ignore[no-untyped-def]
    req = first_human_request(app)
    assert isinstance(req, Deploy), "asked something before deploying"
    return req


def derby_app():  # type: ignore[no-untyped-def]
    sc = load_scenario_option("scenarios/demolition_derby.yaml")
    save = os.path.join(tempfile.mkdtemp(prefix="sg_hs_"), "s.json")
    return HotseatApp(lambda s: (Match(sc, seed=s), [None, None]), 5, {0, 1}, save_path=save)


def quarter_inch_grid(req):  # type: ignore[no-untyped-def]
    """The centres of the table's quarter-inch cells (the test's own: not the window's grid)."""
    n, m = round(req.width * 4), round(req.height * 4)
    return [((i + 0.5) / 4, (j + 0.5) / 4) for i in range(n) for j in range(m)]


def shaded_and_clear(app, req):  # type: ignore[no-untyped-def]
    """Draw one frame; every sample of the grid, split by whether the stripes' layer covers its pixel."""
    app.draw_ui(pygame.Surface(app.size), app.update(0.0))
    layer = app._keep_out[1]
    shaded, clear = [], []
    for p in quarter_inch_grid(req):
        (shaded if layer.get_at(app.renderer.to_px(app.scene, p)).a > 0 else clear).append(p)
    return shaded, clear


@pytest.mark.parametrize("make", [lambda: new_app(3), derby_app], ids=["quick_start", "derby"])
def test_every_striped_sample_is_refused_by_the_game_and_every_clear_one_accepted(make):  # type: ignore[no-untyped-def]
    app = make()
    req = asked_to_deploy(app)
    for k, mid in enumerate(req.models[:2]):  # (the derby: a vehicle, then another)
        app.deploy_pick = k
        shaded, clear = shaded_and_clear(app, req)
        assert shaded and clear
        assert all(req.legal(mid, p) is not None for p in shaded)
        assert all(req.legal(mid, p) is None for p in clear)


def test_the_prompt_says_the_distance_the_rule_measures_for_this_model_edge_to_edge():
    app = derby_app()
    req = asked_to_deploy(app)
    kinds = set()
    for k, mid in enumerate(req.models):
        app.deploy_pick = k
        m = app.match.models[mid]
        need = app.match.deploy_distance(m)
        assert f'at least {need:g}" from caps and enemies, edge to edge' in app.prompt()
        kinds.add((m.vehicle is not None, need))
        refusals = {req.legal(mid, p) for p in quarter_inch_grid(req)}
        if any(r and "of a cap" in r for r in refusals):
            assert f'within {need:g}" of a cap' in refusals  # the refusal's number is the prompt's
    assert kinds == {(True, 8.0), (False, 4.0)}  # the truck and jeep 8", the gits on foot 4"


def test_every_unstriped_pixel_of_a_vehicles_deploy_is_accepted_when_clicked_and_every_striped_one_refused():
    """Playtest 4: a campaign game's truck was offered a corner spot (no stripes) that its click
    then refused, "the base would hang off the table". The stripes were judged at each quarter-
    inch cell's centre while a click is judged where it lands, and the edge of the legal ground
    (the table's edge less the hull's half-width, a wall) runs through cells. Every pixel within
    5" of the table's corners, for each vehicle (and a git on foot): a click deploys exactly
    where it is unstriped, and is refused with the game's reason where it is striped. Then the
    truck really deploys on the unstriped pixel nearest a corner."""
    app = derby_app()
    req = asked_to_deploy(app)
    rect, scale = app.renderer.layout(app.scene)
    near = int(5 * scale)
    xs = [*range(rect.left, rect.left + near), *range(rect.right - near, rect.right)]
    ys = [*range(rect.top, rect.top + near), *range(rect.bottom - near, rect.bottom)]
    for k in (0, 1, 2):  # the truck, the jeep, a git
        mid = req.models[k]
        app.deploy_pick = k
        app.draw_ui(pygame.Surface(app.size), app.update(0.0))
        layer = app._keep_out[1]
        wrong = []
        for x in xs:
            for y in ys:
                app.deploy_pick = k  # (a click resets the pick)
                app.answer_ready, app.message = None, ""
                app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
                clear = layer.get_at((x, y)).a == 0
                if clear != (app.answer_ready is not None) or (not clear and "cannot go there" not in app.message):
                    wrong.append(((x, y), clear, app.message))
        assert not wrong, (app.match.models[mid].name, len(wrong), wrong[:3])
    app.deploy_pick = 0
    app.draw_ui(pygame.Surface(app.size), app.update(0.0))
    layer = app._keep_out[1]
    corner = min(
        ((x, y) for x in xs for y in ys if layer.get_at((x, y)).a == 0),
        key=lambda px: min(abs(px[0] - c[0]) + abs(px[1] - c[1]) for c in (rect.topleft, rect.bottomright)),
    )
    app.answer_ready = None
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=corner, button=1))
    assert app.answer_ready is not None and app.answer_ready[0] == req.models[0], app.message
    app.match.answer(app.answer_ready)
    assert app.match.models[req.models[0]].in_play


def test_the_prompt_and_the_skip_warning_say_who_deploys_aboard_a_vehicle():
    """A gang file's passengers (``passengers:`` on the driver's entry) start aboard: the prompt
    to deploy the vehicle names them, and "field no more" says they stay off with it."""
    from spacegits_sim.ai import make_controller

    sc = load_scenario_option("tests/fixtures/passengers/scenario.yaml")
    save = os.path.join(tempfile.mkdtemp(prefix="sg_hs_"), "s.json")
    app = HotseatApp(lambda s: (Match(sc, seed=s), [None, make_controller("heuristic", s, 1)]), 3, {0}, save_path=save)
    req = asked_to_deploy(app)
    assert "a2" not in req.models and "a3" not in req.models  # aboard: not deployed on their own
    app.deploy_pick = req.models.index("a1v")
    assert "click to deploy Gazbag's Truck with Skab and Nazgob aboard (Tab: another git)" in app.prompt()
    app.deploy_pick = req.models.index("a4")
    assert "click to deploy Nib (Tab" in app.prompt()
    assert "Gazbag's Truck with Skab and Nazgob aboard" in app.skip_warning()


def test_r_turns_a_vehicle_to_deploy_its_stripes_follow_its_hull_and_a_click_deploys_it_facing_so():
    """A person chooses which way a vehicle faces: R turns it 15 degrees left (Shift+R right),
    the prompt says the heading, the stripes are the game's refusals of the hull at that
    heading, and a click on an unstriped spot deploys it facing that way."""
    app = derby_app()
    req = asked_to_deploy(app)
    mid = req.models[0]
    assert mid in req.headed
    app.deploy_pick = 0
    for _ in range(3):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_SHIFT))
    heading = (req.default_heading + 30.0) % 360.0
    assert app.deploy_heading(req) == heading
    assert f"R/Shift+R turns it (now {heading:g}°)" in app.prompt()
    shaded, clear = shaded_and_clear(app, req)
    assert all(req.legal_at(mid, p, heading) is not None for p in shaded)
    assert all(req.legal_at(mid, p, heading) is None for p in clear)
    assert {req.legal(mid, p) is None for p in clear} == {True, False}  # not the default facing's stripes
    spot = next(p for p in clear if req.legal(mid, p) is not None)  # legal only turned so
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.renderer.to_px(app.scene, spot), button=1))
    assert app.answer_ready is not None and app.answer_ready[0] == mid, app.message
    assert app.answer_ready[2] == heading
    app.match.answer(app.answer_ready)
    assert app.match.table.figure(mid).angle == pytest.approx(
        math.radians(heading if heading <= 180 else heading - 360)
    )

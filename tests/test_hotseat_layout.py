"""The hot-seat's side panel from a new player's playtest (2026-12-06): with twelve derby tower
panels and an id card the log shrank to one line, the prompt was drawn over the second row of
panels and the 35-button dice question over them too. Headless (SDL dummy driver), real matches."""

from __future__ import annotations

import os
import tempfile

import pygame
from hotseat_kit import _pygame, answer_as, human_requests  # noqa: F401  (_pygame: SDL's dummy drivers)

from spacegits_sim.ai import make_controller
from spacegits_sim.cli.common import load_scenario_option
from spacegits_sim.render.board import LOG_MIN_ROWS, LOG_ROW_H, BoardRenderer
from spacegits_sim.render.hotseat import PROMPT_H, HotseatApp
from spacegits_sim.rules.decisions import ChooseDice
from spacegits_sim.rules.engine import Match


def app_for(scenario: str | None, seed: int = 3) -> HotseatApp:
    save = os.path.join(tempfile.mkdtemp(prefix="sg_hs_"), "save.json")

    def make(s: int):  # type: ignore[no-untyped-def]
        return Match(load_scenario_option(scenario), seed=s), [None, None]

    return HotseatApp(make, seed, {0, 1}, save_path=save)


def check_layout(app: HotseatApp, surf: pygame.Surface, ov) -> None:  # type: ignore[no-untyped-def]
    app.draw_ui(surf, ov)
    log = app.renderer.log_box
    towers = app.renderer.tower_rects
    x0 = app.renderer.layout(app.scene)[0].right + 20
    prompt = pygame.Rect(x0, app.log_bottom, app.size[0] - x0 - 12, PROMPT_H)
    assert log.height // LOG_ROW_H >= LOG_MIN_ROWS, (log, type(app.human_turn()).__name__)
    for t in towers:
        assert t.bottom <= log.top, (t, log)
        assert not t.colliderect(prompt), (t, prompt)
    assert log.bottom <= prompt.top
    for b in app.buttons:
        assert not b.rect.colliderect(prompt), (b.label, b.rect, prompt)
        assert not b.rect.colliderect(log) and all(not b.rect.colliderect(t) for t in towers), b.label
        assert b.rect.bottom <= app.size[1] - 18, b.label  # above the footer
        others = [o for o in app.buttons if o is not b]
        assert all(not b.rect.colliderect(o.rect) for o in others), b.label


def test_derby_side_panel_keeps_eight_log_lines_and_nothing_overlaps_with_twelve_towers():
    app = app_for("scenarios/demolition_derby.yaml")
    ais = [make_controller("heuristic", 3, i) for i in range(2)]
    surf = pygame.Surface(app.size)
    big_dice_question = checked = 0
    for req, ov in human_requests(app, 1500):
        if len(app.renderer.tower_entries(app.scene)) >= 12:
            check_layout(app, surf, ov)
            checked += 1
            if isinstance(req, ChooseDice) and len(req.options) >= 20:
                big_dice_question += 1
        if big_dice_question >= 2 or checked > 60:
            break
        answer_as(app, req, ais)
    assert len(app.renderer.tower_rects) >= 12 and big_dice_question >= 1


def test_quick_start_side_panel_keeps_eight_log_lines_and_nothing_overlaps_with_six_towers():
    app = app_for(None)
    ais = [make_controller("heuristic", 3, i) for i in range(2)]
    surf = pygame.Surface(app.size)
    checked = 0
    for req, ov in human_requests(app, 1500):
        if len(app.renderer.tower_entries(app.scene)) >= 6:
            check_layout(app, surf, ov)
            checked += 1
        if checked > 25:
            break
        answer_as(app, req, ais)
    assert checked > 25 and len(app.renderer.tower_rects) >= 6


def test_a_wrapped_log_line_shows_from_its_start_not_its_tail():
    r = BoardRenderer((1280, 800))
    surf = pygame.Surface(r.size)
    seen: list[str] = []
    inner = r.text

    def text(s, font=None, colour=(230, 230, 230)):  # type: ignore[no-untyped-def]
        seen.append(s)
        return inner(s, font, colour)

    r.text = text  # type: ignore[method-assign]
    long = "[ 2:30] Snit's Bike smashes Grimfang's Truck head-on: rolls 7 dice, each [1] for damage, big on 3+"
    r.draw_log(surf, ["older line", long], pygame.Rect(0, 0, 200, 2 * LOG_ROW_H))
    assert seen and seen[0].startswith("[ 2:30]"), seen

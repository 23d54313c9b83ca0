"""The hot-seat shows a gun's range, and says why a button is greyed (a new player's playtest).

All four of the playtester's shots flew short (a Rifle's 12" at a git 13.6" away): the window
showed no range anywhere. Hovering a greyed button showed nothing while an old note stayed on
screen ("only one choice: die 2" under the other player's prompt). Headless (SDL dummy driver),
real matches, real pymunk."""

from __future__ import annotations

import math

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import match  # noqa: E402
from hotseat_kit import _pygame, answer_as, first_human_request, human_requests  # noqa: F401  (_pygame: SDL dummy drivers, the display started per test)
from test_hotseat_play import Recorder, ev_collect, new_app  # noqa: E402
from test_render import app_for, click, press_button, settle  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.cli.common import load_scenario_option  # noqa: E402
from spacegits_sim.render.hotseat import deploy_grid  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.decisions import (  # noqa: E402
    AimThrow,
    ChooseAction,
    ChooseActivation,
    OrderBullet,
    Throw,
)
from spacegits_sim.rules.engine import Match  # noqa: E402

R = 25 / 25.4 / 2  # an orc's base radius (25 mm), inches
SHOOTER, NEAR, FAR = (6.0, 6.0), (10.0, 6.0), (18.0, 18.0)


def shooter_app(**kit):  # type: ignore[no-untyped-def]
    """Red's Grunk (``kit``) at 6,6 is asked first (seed 2); Blue's Urgat stands 3" edge to edge
    from him, Dreg 16"."""
    grunk = {"type": "orc", "name": "Grunk", "weapons": ["pistol", "regular_h2h"], **kit}
    blue = [{"type": "orc", "name": n, "weapons": ["pistol", "regular_h2h"]} for n in ("Urgat", "Dreg")]
    m = match([[grunk], blue], {"a1": SHOOTER, "b1": NEAR, "b2": FAR}, seed=2)
    app = app_for(m)
    assert isinstance(app.human_turn(), ChooseActivation) and app.human_turn().boss == 0
    click(app, SHOOTER)
    assert isinstance(app.human_turn(), ChooseAction)
    return app


def hover(app, px):  # type: ignore[no-untyped-def]
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=px, rel=(0, 0), buttons=(0, 0, 0)))


def frame_texts(app, at_px=None):  # type: ignore[no-untyped-def]
    """Every string drawn in one frame (with the mouse at ``at_px``)."""
    if at_px is not None:
        hover(app, at_px)
    rec = Recorder(app.renderer)
    app.draw_ui(pygame.Surface(app.size), app.update(0.0))
    return rec.seen


# ---------------------------------------------------------------- a gun's range


def test_aiming_a_shot_rings_the_guns_range_round_the_shooter_and_marks_the_enemies_in_and_out_of_it():
    app = shooter_app()
    press_button(app, "shoot")  # (one gun: "which guns?" answered without asking)
    req = app.human_turn()
    assert isinstance(req, AimThrow) and req.purpose == "bullet"
    aim = app.renderer.to_px(app.scene, (12.0, 12.0))
    seen = frame_texts(app, aim)
    rings, marks = app.reach(*app.reach_wanted((12.0, 12.0)))
    assert [r.label for r in rings] == ['Pistol 8"']
    for p in rings[0].outline:  # a bullet flies 8" from the base's edge, every way
        assert math.dist(p, SHOOTER) == pytest.approx(R + 8.0, abs=1e-6)
    by = {t.model: t for t in marks}
    assert by["b1"].in_reach and by["b1"].distance == pytest.approx(4.0 - 2 * R, abs=1e-5)
    assert not by["b2"].in_reach and by["b2"].distance == pytest.approx(math.dist(SHOOTER, FAR) - 2 * R, abs=1e-5)
    assert 'Pistol 8"' in seen
    assert f'{by["b1"].distance:.1f}": in range' in seen and f'{by["b2"].distance:.1f}": out of range' in seen
    assert 'Pistol 8": hits nothing in range' in seen  # the line to 12,12 meets nobody within 8"
    seen = frame_texts(app, app.renderer.to_px(app.scene, NEAR))
    assert 'Pistol 8": hits Urgat' in seen


def test_the_range_drawn_is_the_rules_range_for_this_git_gear_included():
    """Read from the rules (the weapon's range folded through the git's gear), not the window:
    an Overly Long Gun Barrel makes the same pistol reach 16", and Dreg 16" away is in range."""
    app = shooter_app(gear=["overly_long_gun_barrel"])
    press_button(app, "shoot")
    rings, marks = app.reach(*app.reach_wanted(None))
    assert [r.label for r in rings] == ['Pistol 16"']
    assert all(math.dist(p, SHOOTER) == pytest.approx(R + 16.0, abs=1e-6) for p in rings[0].outline)
    assert all(t.in_reach for t in marks)


def test_hovering_the_shoot_button_shows_the_range_before_choosing_to_shoot():
    app = shooter_app()
    app.layout_buttons()
    shoot = next(b for b in app.buttons if b.value == "shoot")
    seen = frame_texts(app, shoot.rect.center)
    assert 'Pistol 8"' in seen and any(s.endswith(": out of range") for s in seen)
    away = next(b for b in app.buttons if b.value == "scoot")
    seen = frame_texts(app, away.rect.center)
    assert 'Pistol 8"' not in seen


def test_a_gits_card_gives_each_gun_its_range():
    app = shooter_app()
    seen = frame_texts(app, app.renderer.to_px(app.scene, FAR))
    assert 'Pistol 8", Regular H2H Weapon' in seen  # (the hover card)


def test_the_side_panels_card_of_the_acting_git_gives_each_gun_its_range_too():
    """Playtest 2: the hover card said 'Pistol 8"' but the side panel's card of the git acting
    (always on screen) listed its guns without ranges. With the mouse over bare table (no hover
    card), the one card drawn is the side panel's, and it gives the range."""
    app = shooter_app()
    bare = app.renderer.to_px(app.scene, (14.0, 4.0))
    assert app.model_at(app.renderer.to_table(app.scene, bare)) is None
    seen = frame_texts(app, bare)
    assert 'Pistol 8", Regular H2H Weapon' in seen


def test_the_shot_preview_is_what_the_bullet_then_strikes():
    """At every bullet ordered in whole games, the rules' preview of a line of fire towards the
    die names what the resolved bullet hits (jams and specials aside): the window's words and X
    are the rule's own line, not a guess."""
    compared = hits = 0
    for seed in (3, 5, 8):
        m = Match(load_scenario_option(None), seed=seed)
        ctrl = [make_controller("heuristic", seed, i) for i in range(2)]
        for _ in range(4000):
            req = m.pending
            if req is None:
                break
            if isinstance(req, OrderBullet):
                die = req.options[0]
                shooter = m.models[req.model]
                gun = m.combat.gun_reach(shooter)
                n = len(m.events)
                if len(gun) == 1 and gun[0].straight:
                    _line, struck = m.combat.preview_shot(shooter, m.table.die(die).position, gun[0].range_in)
                    m.answer(die)
                    shot = next(e for e in m.events[n:] if isinstance(e, ev.BulletResolved) and e.die == die)
                    if not shot.jammed:
                        want = None if struck is None else f"{struck.thing.kind.value}:{struck.thing.id}"
                        assert shot.hit == want, (seed, len(m.decisions))
                        compared += 1
                        hits += shot.hit is not None
                    continue
            m.answer(ev_collect(req, ctrl, m))
    assert compared >= 20 and 0 < hits < compared


# ---------------------------------------------------------------- why a button is greyed; notes of one decision


def test_hovering_a_greyed_button_says_why_even_over_an_older_note():
    """The playtest: "boot" greyed, the mouse on it, and the strip under the prompt kept showing
    "Grunk carries no dice: moves hurried (nothing to drop)" instead of why."""
    app = shooter_app()
    app.note = "Grunk carries no dice: moves hurried (nothing to drop)"
    app.message = "an older problem"
    app.layout_buttons()
    boot = next(b for b in app.buttons if b.value == "boot")
    assert not boot.enabled
    seen = frame_texts(app, boot.rect.center)
    assert f"boot: {boot.tooltip}" in seen
    assert not any("carries no dice" in s or "older problem" in s for s in seen)
    seen = frame_texts(app, (5, 5))  # the mouse off it: the older words again
    assert any("older problem" in s for s in seen)


def test_an_action_taken_already_is_greyed_as_taken_not_as_impossible():
    """After a shot the greyed "shoot" said "no gun it can fire (none carried, or still
    reloading)": the git had a gun; it had shot already."""
    app = shooter_app()
    press_button(app, "shoot")
    assert app.submit(Throw(NEAR, 0.2))
    for _ in range(20):
        settle(app)
        req = app.human_turn()
        if isinstance(req, ChooseAction):
            break
        assert isinstance(req, OrderBullet), req
        assert app.submit(req.options[0])
    app.layout_buttons()
    shoot = next(b for b in app.buttons if b.value == "shoot")
    assert not shoot.enabled and shoot.tooltip == "done already this activation (two different actions each)"
    boot = next(b for b in app.buttons if b.value == "boot")
    assert "nobody fallen" in boot.tooltip


def test_a_note_belongs_to_the_answer_it_tells_of_and_never_reaches_the_other_players_prompt():
    """Two humans: "only one choice: die 2" (Red's last bullet, answered without asking) stayed
    under Blue's "click a ringed git to activate"; a care note from a scoot stayed under the next
    "choose an action". A note now shows with the next question only when it is the same
    player's and still part of what was answered: never with the other player's question, never
    with a new action or activation, and gone once that next question is answered."""
    app = new_app(3, humans=frozenset({0, 1}))
    bosses: list[int] = []  # the seat of every decision answered
    made_at: list[int] = []  # the decision count when each note was made (an answer given without asking)
    answer, only = app.match.answer, app.only_answer

    def answered(a):  # type: ignore[no-untyped-def]
        bosses.append(app.match.pending.boss)
        return answer(a)

    def noted(req):  # type: ignore[no-untyped-def]
        got = only(req)
        if got is not None:
            made_at.append(len(app.match.decisions))
        return got

    app.match.answer = answered  # type: ignore[method-assign]
    app.only_answer = noted  # type: ignore[method-assign]
    ctrl = [make_controller("heuristic", 3, i) for i in range(2)]
    cleared = shown = 0
    for req, _ov in human_requests(app):
        n = len(app.match.decisions)
        just_noted = bool(made_at) and made_at[-1] == n - 1
        if just_noted and (bosses[-1] != req.boss or isinstance(req, (ChooseAction, ChooseActivation))):
            assert app.note == "", (n, req, app.note)
            cleared += 1
        elif app.note:
            assert just_noted and bosses[-1] == req.boss, (n, req, app.note)
            shown += 1
        assert answer_as(app, req, ctrl, seats=range(2)), app.message
    assert app.finished and cleared >= 3 and shown >= 3


# ---------------------------------------------------------------- the log's words


def test_a_bullet_that_hits_terrain_says_its_name_once_and_one_that_hits_nothing_says_how_far_it_flew():
    names = {"a1": "Skab", "t1": "a wall", "t2": "the low wall"}
    wall = ev.BulletResolved("a1", "Pistol", "d1", 4, False, ((0.0, 0.0), (3.0, 0.0)), "terrain:t1", False, 0, False)
    assert wall.describe(names) == "Skab's Pistol bullet (4) hits a wall"
    low = ev.BulletResolved("a1", "Pistol", "d1", 4, False, ((0.0, 0.0), (3.0, 0.0)), "terrain:t2", False, 0, False)
    assert low.describe(names) == "Skab's Pistol bullet (4) hits the low wall"
    cap = ev.BulletResolved("a1", "Pistol", "d1", 4, False, ((0.0, 0.0), (3.0, 0.0)), "cap:c9", False, 0, False)
    assert cap.describe(names) == "Skab's Pistol bullet (4) hits a cap"
    miss = ev.BulletResolved("a1", "Rifle", "d1", 8, False, ((1.0, 1.0), (1.0, 13.0)), None, False, 0, False)
    assert miss.describe(names) == "Skab's Rifle bullet (8) hits nothing on its 12.0\" line of fire"


# ---------------------------------------------------------------- smaller things the playtest saw


def test_a_die_label_keeps_off_a_gits_base_and_its_tower_count():
    """ "die 2: 1.0"" was drawn over a git and the count of its tower (hs_21, hs_34)."""
    app = shooter_app()
    g = app.renderer.to_px(app.scene, SHOOTER)
    r = int(R * app.renderer.layout(app.scene)[1])
    base = pygame.Rect(g[0] - r, g[1] - r, 2 * r, 2 * r)
    (plate,) = app.draw_tags(pygame.Surface(app.size), [(['die 2: 1.0"'], (g[0], g[1] - r - 6))])
    assert not plate.colliderect(base)


def test_deploying_the_forbidden_ground_is_striped_red_as_the_prompt_says():
    """The prompt said "Red shading" over a tint that came out brown on the green table (hs_01)."""
    app = new_app(3)
    req = first_human_request(app)
    assert req is not None and req.kind == "deploy" and "Red stripes" in app.prompt()
    legal = set(app.deploy_points(req))
    refused = {p for p in deploy_grid(req) if p not in legal}
    cell = next(  # an inch square refused all over
        (x + 0.5, y + 0.5)
        for x in range(4, 20)
        for y in range(4, 20)
        if all((x + (i + 0.5) / 4, y + (j + 0.5) / 4) in refused for i in range(4) for j in range(4))
    )
    surf = pygame.Surface(app.size)
    app.draw_ui(surf, app.update(0.0))
    s = app.renderer.layout(app.scene)[1]
    c = app.renderer.to_px(app.scene, cell)
    pixels = [surf.get_at((c[0] + dx, c[1] + dy)) for dx in range(-int(s / 2) + 1, int(s / 2)) for dy in (-2, 0, 2)]
    assert any(p.r > 170 and p.g < 90 and p.b < 90 for p in pixels)  # red, not brown

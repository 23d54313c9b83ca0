"""Taking back an action chosen in the hot-seat, until its first die is thrown (playtest 2: a
player who clicked "shoot" meaning "scoot" had no way back). The book commits a git once it
moves: "Once you start moving a git towards a dice you can't take that movement back, you gotta
commit." Headless (SDL dummy driver), real matches, real pymunk."""

from __future__ import annotations

import pygame  # noqa: E402
from hotseat_kit import _pygame, answer_as, human_requests  # noqa: F401  (_pygame: SDL dummy drivers, the display started per test)
from test_hotseat_play import new_app  # noqa: E402
from test_render import key, press_button  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.rules.decisions import AimThrow, ChooseAction, Throw  # noqa: E402


def acting_app(wanted: str = "shoot"):  # type: ignore[no-untyped-def]
    """A Quick Start hot-seat game (seed 3, Red a person) played on with the heuristic's answers
    until Red is asked for an action with ``wanted`` among the options."""
    app = new_app(3)
    me = [make_controller("heuristic", 3, 0)]
    for req, _ov in human_requests(app):
        if isinstance(req, ChooseAction) and wanted in req.options and "scoot" in req.options:
            return app
        answer_as(app, req, me)
    raise AssertionError(f"never asked for an action with {wanted}")


def buttons(app):  # type: ignore[no-untyped-def]
    app.layout_buttons()
    return [b.value for b in app.buttons]


def test_a_shot_chosen_is_taken_back_to_the_same_question_in_the_same_match():
    app = acting_app()
    who = app.human_turn().model
    before = list(app.match.decisions)
    events = [e.to_dict() for e in app.match.events]
    assert "take_back" not in buttons(app)  # nothing chosen yet
    press_button(app, "shoot")
    req = app.human_turn()
    assert isinstance(req, AimThrow) and req.purpose == "bullet"
    assert "take_back" in buttons(app)
    press_button(app, "take_back")
    req = app.human_turn()
    assert isinstance(req, ChooseAction) and req.model == who
    assert app.match.decisions == before  # the same decisions, checksums and all
    assert [e.to_dict() for e in app.match.events] == events  # the same match, event for event
    assert "took back shoot" in app.message
    assert app.scene.models[who].position == app.match.position(who)  # the screen caught up
    press_button(app, "scoot")  # and another action can be chosen
    assert isinstance(app.human_turn(), AimThrow) and app.human_turn().purpose == "move"


def test_backspace_takes_back_a_scoot_before_its_dice_are_thrown_and_not_after():
    app = acting_app("scoot")
    press_button(app, "scoot")
    assert isinstance(app.human_turn(), AimThrow)
    key(app, pygame.K_BACKSPACE)
    assert isinstance(app.human_turn(), ChooseAction)
    press_button(app, "scoot")
    n = len(app.match.decisions)
    assert app.submit(Throw((12.0, 12.0), 0.5))
    for _ in range(400):  # the dice land; the next question (the order of the move dice) is up
        app.update(0.3)
        if app.human_turn() is not None:
            break
    assert len(app.match.decisions) > n and any(e.kind == "dice_thrown" for e in app.match.events)
    assert app.take_back_point() is None and "take_back" not in buttons(app)
    assert not app.take_back() and "commits" in app.message


def test_a_replay_saved_after_a_take_back_is_the_game_played():
    """The decision taken back is gone from the match, so from its replay: the saved game holds
    only what was played on."""
    from spacegits_sim.rules.replay import load_replay, rebuild

    app = acting_app()
    press_button(app, "shoot")
    press_button(app, "take_back")
    press_button(app, "scoot")
    path = app.save()
    assert path is not None
    doc = load_replay(path)
    kinds = [d["kind"] for d in doc["decisions"]]
    assert kinds[-1] == "choose_action" and doc["decisions"][-1]["answer"] == "scoot"
    v = rebuild(doc)
    assert v.ok, v.message


def test_the_back_button_is_on_every_page_of_a_long_question_overlapping_nothing():
    """A "back" flowed after 35 ways to pick a vehicle's dice went onto a second page; pinned,
    it sits at the right of the last row on every page, left of "more", inside the region."""
    app = acting_app()
    opts = [(f"option number {k}", k, True, "") for k in range(80)]
    seen: set[int] = set()
    for _ in range(12):
        app.buttons = []
        app.place_buttons(opts, ("back (Backspace)", "take_back"))
        backs = [b for b in app.buttons if b.value == "take_back"]
        assert len(backs) == 1
        region = app.button_region()
        for b in app.buttons:
            assert region.contains(b.rect), (b.label, b.rect, region)
            assert b is backs[0] or not b.rect.colliderect(backs[0].rect), b.label
        seen |= {b.value for b in app.buttons if isinstance(b.value, int)}
        app.page += 1
    assert seen == set(range(80))

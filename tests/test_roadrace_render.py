"""The road race's windows under SDL's dummy driver: a watched race, a replay drawn from its log
alone, and a hot-seat race answered through the app's own buttons."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from spacegits_sim.play import registry  # noqa: E402
from spacegits_sim.play.replay import events_from_doc, load_replay  # noqa: E402
from spacegits_sim.render import roadrace as shell  # noqa: E402

RS = registry.get("roadrace")


def make_for(scenario, ais):
    sc = RS.load_scenario(scenario)

    def make(seed):
        g = RS.new_game(sc, seed=seed)
        return g, [None if a == "human" else RS.make_controller(a, seed, i) for i, a in enumerate(ais)]

    return make


def test_watch_headless_draws_the_race_to_the_end(tmp_path):
    w = shell.Watcher(make_for("quick", ["heuristic", "random"]), 4)
    out = shell.run_headless(w, str(tmp_path / "race.gif"), str(tmp_path / "board.png"))
    assert w.finished and out["frames"] > 3
    assert (tmp_path / "race.gif").stat().st_size > 1000 and (tmp_path / "board.png").is_file()
    assert w.view.banner.endswith(w.match.reason) and w.view.sheets == w.match.sheets()


def test_a_saved_race_is_drawn_from_its_log_alone(tmp_path):
    w = shell.Watcher(make_for("grand_prix", ["heuristic"] * 4), 2)
    w.skip_to_end()
    path = tmp_path / "race.json"
    from spacegits_sim.play.replay import save_replay

    save_replay(w.match, RS, path)
    doc = load_replay(path)
    lw = shell.LogWatcher(events_from_doc(doc, str(path), RS))
    shell.run_headless(lw, None, str(tmp_path / "b.png"))
    assert lw.view.log == w.view.log and lw.view.sheets == w.view.sheets


def test_hotseat_for_six_answers_through_its_buttons(tmp_path):
    app = shell.HotseatApp(make_for("six_pack", ["human"] * 6), 3, set(range(6)), save_path=str(tmp_path / "s.json"))
    pygame.display.init()
    fonts = shell.Fonts()
    surf = pygame.Surface(shell.SIZE)
    answered = 0
    while not app.finished and answered < 5000:
        app.advance(1.0)
        if app.waiting() is not None:
            buttons = app.buttons()
            assert buttons and all(label[0].isdigit() for _, label, _ in buttons)
            app.draw(surf, fonts)
            app.choose(len(buttons) - 1)
            answered += 1
    assert app.match.over and answered > 10
    app.save()
    assert app.message.startswith("saved") and load_replay(tmp_path / "s.json")["ruleset"] == "roadrace"


def test_drawing_a_race_leaves_its_event_log_as_it_was():
    """The view folds damage, stops and lasting states into the car sheets between phases; it
    must fold them into copies: a hot-seat race saved after being drawn verifies (its checksums
    were taken of the log as the engine wrote it)."""
    from spacegits_sim.play.events import checksum
    from spacegits_sim.rulesets.roadrace.engine import Race

    sc = RS.load_scenario("grand_prix")
    g = Race(sc, seed=3)
    g.play([RS.make_controller("heuristic", 3, i) for i in range(4)])
    before = checksum(g.events)
    view = shell.RaceView()
    for e in g.events:
        view.apply(e)
    assert any(e.kind == "condition" for e in g.events)
    assert checksum(g.events) == before


def test_esc_in_an_unfinished_race_saves_it_on_the_way_out(tmp_path):
    """Playtest 2 of 2026-12-05: Esc in a road-race hot-seat quit and lost the race; Space Gits'
    window saves an unfinished game on the way out, and so does this one now."""
    save = tmp_path / "r.json"
    app = shell.HotseatApp(make_for("six_pack", ["human"] * 6), 3, set(range(6)), save_path=str(save))
    pygame.display.init()
    app.advance(1.0)
    assert app.waiting() is not None and not app.finished
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    shell.run_hotseat(app)
    assert app.message.startswith("saved") and load_replay(save)["ruleset"] == "roadrace"

"""The hot-seat's words on the table (playtest 2026-12-06 findings 7, 15, 18): each model's short
name by its base (F2 hides them); the dice's labels overlap no other label, name, base, tower
count or cap, and one pushed away from its die has a thin leader line to it; tower panels' names
are whole in the derby (already so: the layout fix, acc3721); the derby's unequal stashes are
explained. Headless, real matches."""

from __future__ import annotations

import pygame  # noqa: E402
from hotseat_kit import _pygame, answer_as, human_requests  # noqa: F401  (_pygame: SDL dummy drivers)
from test_hotseat_drive_costs import derby_app  # noqa: E402
from test_hotseat_play import Recorder, new_app  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.render import hotseat  # noqa: E402
from spacegits_sim.render.hotseat import STASH_ROW, STASH_TOP  # noqa: E402
from spacegits_sim.render.watch_app import short_name  # noqa: E402
from spacegits_sim.rules.decisions import ChooseActivation, OrderMoveDie  # noqa: E402


def frame(app):  # type: ignore[no-untyped-def]
    rec = Recorder(app.renderer)
    app.draw_ui(pygame.Surface(app.size), app.update(0.0))
    return rec.seen


def first(app, kind, limit=3000):  # type: ignore[no-untyped-def]
    ais = [make_controller("heuristic", app.seed, i) for i in range(len(app.match.bosses))]
    for req, _ov in human_requests(app, limit):
        if isinstance(req, kind):
            return req
        answer_as(app, req, ais)
    raise AssertionError(f"no {kind.__name__} asked")


def test_each_model_on_the_table_has_its_short_name_by_its_base_and_f2_hides_them():
    app = new_app(7, frozenset({0, 1}))
    first(app, ChooseActivation)
    on_table = [m for m in app.scene.models.values() if m.in_play]
    assert len(on_table) >= 4
    seen = frame(app)
    assert all(short_name(m.name) in seen for m in on_table), ([m.name for m in on_table], sorted(seen))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
    seen = frame(app)
    assert not any(short_name(m.name) in seen for m in on_table)
    assert any("F2 names" in s for s in seen) and any("F2 hides them" in line for line in hotseat.hotseat_help_lines())


def test_short_names_are_a_gits_first_word_and_a_vehicles_owner_and_type():
    assert short_name("Grunk") == "Grunk"
    assert short_name("Grimfang's Truck") == "Grimfang Truck"


def test_move_dies_labels_overlap_no_label_name_base_or_cap_and_a_far_one_has_a_leader_line(monkeypatch):
    """Vehicle dice in whole derbies (labels of three rows each, the dice often close together):
    no two labels share a pixel, none lies on a model's name, a git's base or tower count, or a
    cap; every label more than a few pixels off its die has a line drawn from the die to it."""
    frames = leaders = 0
    lines: list = []
    real_line = pygame.draw.line

    def spy(surf, colour, a, b, width=1):  # type: ignore[no-untyped-def]
        lines.append((tuple(colour)[:3], tuple(a), tuple(b)))
        return real_line(surf, colour, a, b, width)

    monkeypatch.setattr(pygame.draw, "line", spy)
    for seed in (4, 6, 8):
        app = derby_app(seed)
        ais = [make_controller("heuristic", seed, i) for i in range(2)]
        for req, _ov in human_requests(app, 3000):
            if isinstance(req, OrderMoveDie) and len(req.options) > 1:
                got: list = []
                draw_tags = app.draw_tags

                def kept(surf, tags, avoid=None, got=got, draw_tags=draw_tags):  # type: ignore[no-untyped-def]
                    plates = draw_tags(surf, tags, avoid)
                    got.append((tags, plates))
                    return plates

                app.draw_tags = kept  # type: ignore[method-assign]
                lines.clear()
                frame(app)
                app.draw_tags = draw_tags  # type: ignore[method-assign]
                tags, plates = got[-1]
                for i, a in enumerate(plates):
                    assert not any(a.colliderect(b) for b in plates[i + 1 :]), plates
                    assert not any(a.colliderect(n) for n in app._name_plates), (a, app._name_plates)
                    for p in app.base_points() + app.cap_points():
                        assert not a.collidepoint(p), (a, p)
                for (_words, c), plate in zip(tags, plates, strict=True):
                    if hotseat.leader_needed(plate, c, hotseat.LEADER_FROM_PX, far=6):
                        assert (hotseat.LEADER_COLOUR, tuple(c), hotseat.leader_end(plate, c)) in lines
                        leaders += 1
                frames += 1
            answer_as(app, req, ais)
            if frames >= 12:
                break
    assert frames >= 12 and leaders >= 1, (frames, leaders)


def test_the_derbys_unequal_stashes_are_explained_at_the_start_and_on_the_stash_line():
    """Derby: a 50-cap budget; Red's gang cost 32 (18 left), Blue's 40 (10 left)."""
    app = derby_app(3)
    log = " ".join(str(x) for x in app.state.log)
    assert "Red starts with 18 caps: the 50-cap budget less its gang's cost (32)" in log, log
    assert "Blue starts with 10 caps: the 50-cap budget less its gang's cost (40)" in log, log
    x0 = app.renderer.layout(app.scene)[0].right + 20
    app.hover_px = (x0 + 40, STASH_TOP + STASH_ROW + 8)  # Blue's line
    assert any(s.startswith("Blue starts with 10 caps") for s in frame(app))


def test_eight_derby_tower_panels_go_two_rows_of_four_and_every_label_keeps_the_whole_name():
    """Finding 15: with the derby's four vehicles deployed and no git yet, eight panels stood in
    one row and read 'Gazb… Bu… A 0'. Every panel's label keeps each word of its model's name."""
    from spacegits_sim.render.board import tower_grid, tower_labels

    app = derby_app(3)  # (its renderer's fonts)
    assert tower_grid(8, 440)[0] == 4 and tower_grid(12, 440)[0] == 6
    _cols, cw, _ch = tower_grid(8, 440)
    fake = [(f"{n}'s {v}", t, "0") for n, v in (("Gazbag", "Buggy"), ("Grimfang", "Truck")) for t in "AB"] * 2
    _font, rows = tower_labels(fake, (app.renderer.small, app.renderer.tiny), cw - 14)
    for (name, _t, _c), lines in zip(fake, rows, strict=True):
        said = " ".join(lines)
        assert all(word in said for word in name.split()), (name, lines)


def test_the_watch_window_also_names_each_model_by_its_base_and_f2_hides_them():
    """A person watching an AI match hovers every git to find Grunk just as a player did: the
    watch window (and so its GIF and picture) draws the same names, and F2 hides them."""
    from spacegits_sim.data import default_rules
    from spacegits_sim.render.watch_app import Watcher, handle_key
    from spacegits_sim.render.watch_app import frame as watch_frame
    from spacegits_sim.rules.engine import Match
    from spacegits_sim.rules.scenario import load_scenario

    sc = load_scenario(None, default_rules())
    w = Watcher(lambda seed: (Match(sc, seed=seed), [make_controller("heuristic", seed, i) for i in range(2)]), 3)
    for _ in range(2000):  # played on until the gits are deployed
        watch_frame(w, 0.1)
        on_table = [m for m in w.scene.models.values() if m.in_play]
        if len(on_table) >= 4:
            break
    assert len(on_table) >= 4
    rec = Recorder(w.renderer)
    w.draw(pygame.Surface(w.size), watch_frame(w, 0.0))
    assert all(short_name(m.name) in rec.seen for m in on_table), sorted(rec.seen)
    handle_key(w, pygame.K_F2)
    rec = Recorder(w.renderer)
    w.draw(pygame.Surface(w.size), watch_frame(w, 0.0))
    assert not any(short_name(m.name) in rec.seen for m in on_table)

"""Gangfight's window as a new player meets it (render/gangfight.py, render/shell.py): the starting
areas drawn at set-up from the rules' own deployment, a refused click said under the question
naming the rule, each gang drawn in the colour its name names, and the watch controls Space
Gits' window has (F1 help, status line, a pace a person can follow, the end card). Real pygame
surfaces on the SDL dummy driver, real games."""

from __future__ import annotations

import math

import pytest

pygame = pytest.importorskip("pygame")


@pytest.fixture
def gw(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from spacegits_sim.render import gangfight as gw

    pygame.display.init()
    return gw


def _setup_view(gw, deployment, attacker=0):
    v = gw.View()
    v.board = {"width": 36, "height": 36, "terrain": []}
    v.seats = ["The Red Ravens", "The Black Hounds"]
    v.colours = gw.side_colours(v.seats)
    v.deployment, v.attacker = deployment, attacker
    return v


def _bad_pixels(surf, gw, area):
    """How many pixels of the refusal colour lie in ``area`` (text drawn in it has some)."""
    return sum(
        1
        for x in range(area.left, area.right, 1)
        for y in range(area.top, area.bottom, 2)
        if surf.get_at((x, y))[:3] == gw.BAD
    )


@pytest.mark.parametrize("deployment", ["pitched_battle", "cornered", "surrounded"])
def test_each_starting_area_is_tinted_at_set_up_exactly_where_the_rules_say_it_lies(gw, deployment):
    """The hot-seat said "outside the starting areas" but nothing marked them. At set-up each
    gang's starting area is tinted in its colour: every point the rules' own zone test
    (book.Zone.contains) puts half an inch inside it is tinted towards that gang's colour, every
    point half an inch outside both is the bare table (labels aside), for each of the book's
    deployments (strips, corner triangles, the central ring and the four corners)."""
    from spacegits_sim.rulesets.gangfight.book import book

    fonts = gw.Fonts()
    v = _setup_view(gw, deployment)
    zones = gw.starting_areas(v)
    d = book().deployments[deployment]
    assert [z for _s, z in zones] == [d.attacker, d.defender]  # seat 0 attacks: the rules' zones
    bare = pygame.Surface(gw.SIZE)
    v.attacker = None
    gw.draw(bare, v, fonts)
    v.attacker = 0
    surf = pygame.Surface(gw.SIZE)
    gw.draw(surf, v, fonts)
    labels = gw.draw_starting_areas(pygame.Surface(gw.SIZE), v, fonts)
    inside = outside = 0
    for ix in range(72):
        for iy in range(72):
            p = (0.25 + ix * 0.5, 0.25 + iy * 0.5)
            c = gw.to_screen(v, p)
            got, was = tuple(surf.get_at(c))[:3], tuple(bare.get_at(c))[:3]
            if any(r.inflate(8, 8).collidepoint(c) for r in labels):
                continue
            owner = [s for s, z in zones if z.contains(p, 36, 36, 0.5)]
            if owner:
                col = v.colour(owner[0])
                assert math.dist(got, col) < math.dist(was, col), (deployment, p, got, was)
                inside += 1
            elif not any(z.contains(p, 36, 36, -0.5) for _s, z in zones):
                assert got == was, (deployment, p, got, was)
                outside += 1
    assert inside > 100 and outside > 1000
    v.turn = 1  # the game under way: the areas are no longer drawn
    gw.draw(surf, v, fonts)
    assert all(
        surf.get_at(gw.to_screen(v, (x + 0.5, 0.5)))[:3] == bare.get_at(gw.to_screen(v, (x + 0.5, 0.5)))[:3]
        for x in range(36)
    )


def test_a_refused_placement_click_is_said_under_the_question_naming_the_rule(monkeypatch):
    """Four clicks on the board did nothing and said nothing: the window kept the game's reason
    but drew it only once nobody was being asked. Now a click the rules refuse leaves the
    question asked and says why, in the refusal colour under the question: an objective inside a
    starting area, a model outside its own; the board is darkened where the piece may not go and
    left bright where a click is taken; a legal click is taken and the message goes."""
    from gangfight_kit import deploy_spots, hotseat, questions

    kit = hotseat(monkeypatch, None, 7, {0})
    gw, app, surf, fonts = kit.shell, kit.app, kit.surf, kit.fonts
    panel = pygame.Rect(gw.BOARD_PX + 40, 330, gw.PANEL_W, 200)
    said = set()
    for req in questions(app, 400):
        if req.kind != "deploy":
            break
        zones = gw.starting_areas(app.view)
        assert len(zones) == 2
        pid = req.models[0]
        if pid in app.view.models:
            own = next(z for s, z in zones if s == req.boss)
            wrong = next(
                (x + 0.5, y + 0.5)
                for x in range(36)
                for y in range(36)
                if not own.contains((x + 0.5, y + 0.5), 36, 36, -2)
            )
            rule = "not wholly inside its gang's starting area"
        else:
            wrong = next(
                (x + 0.5, y + 0.5)
                for x in range(36)
                for y in range(36)
                if any(z.contains((x + 0.5, y + 0.5), 36, 36, 1) for _s, z in zones)
            )
            rule = "inside a gang's starting area"
        app.draw(surf, fonts)
        assert _bad_pixels(surf, gw, panel) == 0
        before = len(app.match.events)
        app.click_board(gw.to_screen(app.view, wrong))
        assert len(app.match.events) == before and app.waiting() is req  # refused: still asked
        assert app.message == f"{app.piece_name(pid)} cannot go there: {rule}"
        app.draw(surf, fonts)
        assert _bad_pixels(surf, gw, panel) > 20  # said, under the question, while it is asked
        shade = app.shade(req)
        ok = deploy_spots(req, 0.2)
        good = ok[len(ok) // 2]
        assert shade.get_at(gw.to_screen(app.view, wrong)).a > 0 and shade.get_at(gw.to_screen(app.view, good)).a == 0
        app.click_board(gw.to_screen(app.view, good))
        assert len(app.match.events) > before and app.message == ""
        said.add(rule)
    assert said == {"inside a gang's starting area", "not wholly inside its gang's starting area"}


def test_each_gang_is_drawn_in_the_colour_its_name_names_and_the_two_never_look_alike(gw):
    """ "The Red Ravens" were drawn blue and "The Black Hounds" red (the seat's colour). A gang whose
    name carries a colour word is drawn in that colour, whichever seat it has; one that names
    none takes its seat's colour unless the other gang took it; two gangs naming one colour, or a
    named colour and the other's seat colour, still come out far apart."""
    red, black = gw.COLOUR_WORDS["red"], gw.COLOUR_WORDS["black"]
    assert gw.side_colours(["The Black Hounds", "The Red Ravens"]) == [black, red]
    assert gw.side_colours(["The Red Ravens", "The Black Hounds"]) == [red, black]
    assert gw.side_colours(["Alpha", "Beta"]) == gw.SIDES
    for names in (["The Red Ravens", "The Red Fangs"], ["Gamma", "The Blue Crew"], ["The Red Crew", "Gamma"]):
        a, b = gw.side_colours(names)
        assert math.dist(a, b) >= 90, names
    assert gw.side_colours(["Gamma", "The Blue Crew"])[1] == gw.COLOUR_WORDS["blue"]
    assert gw.ink(black) != black and gw.rim_of(black) != (0, 0, 0)  # black is readable on the dark panel

    from spacegits_sim.play import registry

    rs = registry.get("gangfight")
    sc = rs.load_scenario(None)
    w = gw.Watcher(lambda s: (rs.new_game(sc, seed=s), [rs.make_controller("heuristic", s, i) for i in range(2)]), 3)
    while w.view.turn == 0:
        assert w.step()
    surf = pygame.Surface(gw.SIZE)
    w.draw(surf, gw.Fonts())
    s = gw.board_px(w.view)[0]
    seen = {}
    for m in w.view.models.values():
        c, r = gw.to_screen(w.view, m["pos"]), m["radius"] * s
        back = m["facing"] + math.pi  # away from its facing line
        px = (int(c[0] + math.cos(back) * r * 0.5), int(c[1] - math.sin(back) * r * 0.5))
        seen.setdefault(w.view.seats[m["seat"]], set()).add(tuple(surf.get_at(px))[:3])
    assert seen == {"The Black Hounds": {black}, "The Red Ravens": {red}}


def test_the_watch_has_f1_help_a_status_line_a_followable_pace_and_an_end_card(gw):
    """The Gangfight window had no F1, no seed/speed line, and ran at 12 events a second. F1 now
    toggles a help overlay (the keys and the legend); the status line gives seed, speed and
    playing/paused; the default pace is a few events a second (+/- double or halve it); once the
    game is over the status says so with the result and an end card takes the dice tray's place."""
    from spacegits_sim.play import registry

    rs = registry.get("gangfight")
    sc = rs.load_scenario(None)
    w = gw.Watcher(lambda s: (rs.new_game(sc, seed=s), [rs.make_controller("heuristic", s, i) for i in range(2)]), 5)
    fonts = gw.Fonts()
    w.advance(1.0)
    assert w.shown <= 4  # a second of watching: a few events, not a dozen
    assert w.status() == "seed 5   speed 1x   F1 help   playing"
    w.playing = False
    assert "paused" in w.status()
    plain, helped = pygame.Surface(gw.SIZE), pygame.Surface(gw.SIZE)
    w.draw(plain, fonts)
    w.show_help = True
    w.draw(helped, fonts)
    board = pygame.Rect(40, 40, 300, 120)
    assert any(
        plain.get_at(p) != helped.get_at(p) for p in ((x, y) for x in range(40, 340, 7) for y in range(40, 160, 7))
    )
    assert board  # the overlay is over the board
    w.show_help = False
    w.skip_to_end()
    assert w.finished and w.status().startswith("seed 5   speed 1x   F1 help   over: ") and w.outcome() in w.status()
    assert w.outcome().startswith("winner: ") or "draw" in w.outcome() or w.outcome() == "nobody wins"
    w.draw(plain, fonts)
    tray = gw.TRAY_RECT
    assert plain.get_at((tray.x + 5, tray.y + 5))[:3] != gw.TRAY  # the card, not the tray


def test_move_spot_marks_fit_two_digit_numbers_stay_off_the_model_and_a_click_takes_each(monkeypatch):
    """The marks for options 10-18 showed "1" or "1(", and the spots that end on or beside the
    moving model were piled on its base. Each mark is wide enough for its number; marks that would
    sit on the acting model's base or on another mark are fanned out round it (a leader line to
    the spot); no two marks overlap, and a click on any mark answers with that very option."""
    from gangfight_kit import deploy_spots, hotseat, questions

    kit = hotseat(monkeypatch, None, 8, {0})
    gw, app, surf, fonts = kit.shell, kit.app, kit.surf, kit.fonts
    crowded = checked = 0
    for req in questions(app, 3000):
        if req.kind == "deploy":
            ok = deploy_spots(req, 0.2)
            app.click_board(gw.to_screen(app.view, ok[len(ok) // 2]))
            continue
        if req.kind != "gf_move":
            labels = [app.label(o) for o in req.options]
            app.choose(labels.index("end activation") if "end activation" in labels and checked > 6 else 0)
            continue
        marks = gw.spot_marks(app.view, req.spots, fonts.small)
        app.draw(surf, fonts)
        m = app.view.models[app.view.active]
        centre = gw.to_screen(app.view, m["pos"])
        base = m["radius"] * gw.board_px(app.view)[0]
        for mk in marks:
            assert fonts.small.size(str(mk.index + 1))[0] + 6 <= mk.rect.w
            assert math.dist(mk.at, centre) >= base + gw.SPOT_R - 1, "a mark on the model's base"
        for a in marks:
            for b in marks:
                assert a is b or not a.rect.colliderect(b.rect), (a, b)
        crowded += any(mk.fanned for mk in marks)
        picked: list[int] = []
        monkeypatch.setattr(app, "choose", picked.append)
        for mk in marks:
            app.click_board(mk.at)
        monkeypatch.undo()
        assert picked == [mk.index for mk in marks]
        checked += 1
        app.choose(len(req.spots) - 1)
        if checked > 12 and crowded:
            break
    assert checked and crowded


def test_the_acting_model_wears_a_thick_yellow_ring_whatever_its_gangs_colour(monkeypatch):
    """A thin white rim round the acting model was hard to see on the black gang's bases. The
    acting model now has a thick yellow ring just outside its base; the others have none."""
    from gangfight_kit import deploy_spots, hotseat, questions

    kit = hotseat(monkeypatch, None, 8, {0})
    gw, app, surf, fonts = kit.shell, kit.app, kit.surf, kit.fonts
    for req in questions(app, 3000):
        if req.kind == "deploy":
            ok = deploy_spots(req, 0.2)
            app.click_board(gw.to_screen(app.view, ok[len(ok) // 2]))
            continue
        if app.view.active:
            break
        app.choose(0)
    v = app.view
    gw.draw(surf, v, fonts)
    s = gw.board_px(v)[0]

    def ring(mid: str) -> int:
        m = v.models[mid]
        c, r = gw.to_screen(v, m["pos"]), max(3, int(m["radius"] * s)) + 3  # mid-ring: it is drawn r+2..r+5
        pts = [
            (int(c[0] + r * math.cos(a / 8 * math.pi)), int(c[1] + r * math.sin(a / 8 * math.pi))) for a in range(16)
        ]
        return sum(tuple(surf.get_at(p))[:3] == gw.ACTING for p in pts)

    assert ring(v.active) >= 12  # most of the way round (a name plate or a line may cross it)
    others = [mid for mid, m in v.models.items() if mid != v.active and m["pos"] is not None and m["state"] == "ready"]
    assert others and all(ring(mid) <= 2 for mid in others)


def test_esc_in_an_unfinished_hot_seat_game_saves_it_on_the_way_out_as_space_gits_does(tmp_path, monkeypatch):
    """Playtest 2 of 2026-12-05: Esc in Space Gits' hot-seat saved the game, Esc in Gangfight's
    quit without a word and the game was lost. Now Esc saves it too, and the replay resumes."""
    from gangfight_kit import hotseat

    from spacegits_sim.play.replay import load_replay

    save = tmp_path / "g.replay.json"
    hs = hotseat(monkeypatch, None, 3, {0}, save_path=save)
    hs.app.advance(10.0)
    assert hs.app.waiting() is not None and not hs.app.finished
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    hs.shell.run_hotseat(hs.app)
    assert hs.app.message.startswith("saved") and save.exists()
    assert load_replay(str(save))["ruleset"] == "gangfight"

"""Issue 28: a hot-seat game that plays like the table. Headless (SDL dummy driver), real
matches, real pymunk: the path preview is the rules' sweep, single-option questions are not
asked (and still replay exactly), the layout keeps its regions, the screen shows no ids, the
log says things in a player's words; and a monkey test of random input on every window."""

from __future__ import annotations

import json
import math
import os
import random
import re
import tempfile

import pygame  # noqa: E402
import pytest  # noqa: E402
from hotseat_kit import _pygame, answer_as, first_human_request, human_requests  # noqa: F401  (_pygame: SDL's dummy drivers, the display started per test)

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.cli.common import load_scenario_option  # noqa: E402
from spacegits_sim.render.board import BoardRenderer, wrap  # noqa: E402
from spacegits_sim.render.hotseat import LOG_BOTTOM, HotseatApp, deploy_grid  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.decisions import AimThrow, Choice, ChooseCare, Deploy, OrderMoveDie  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.replay import load_replay, rebuild, save_replay  # noqa: E402


def quick_start(seed: int = 3) -> Match:
    return Match(load_scenario_option(None), seed=seed)


def new_app(seed: int = 3, humans: frozenset[int] = frozenset({0})) -> HotseatApp:
    save = os.path.join(tempfile.mkdtemp(prefix="sg_hs_"), "save.json")

    def make(s: int):  # type: ignore[no-untyped-def]
        return quick_start(s), [None if i in humans else make_controller("heuristic", s, i) for i in range(2)]

    return HotseatApp(make, seed, set(humans), save_path=save)


class Recorder:
    """Every string the renderer turns into pixels."""

    def __init__(self, r: BoardRenderer) -> None:
        self.seen: set[str] = set()
        inner = r.text

        def text(s: str, font=None, colour=(230, 230, 230)):  # type: ignore[no-untyped-def]
            self.seen.add(s)
            return inner(s, font, colour) if font is not None else inner(s, colour=colour)

        r.text = text  # type: ignore[method-assign]


def play_as_human(app: HotseatApp, surf: pygame.Surface | None = None, limit: int = 4000) -> dict[str, int]:
    """Answer the human seat with the heuristic's choices through app.submit, as the window would."""
    me = [make_controller("heuristic", app.seed, 0)] * len(app.match.bosses)  # (every human seat)
    asked: dict[str, int] = {}
    for req, ov in human_requests(app, limit):
        asked[req.kind] = asked.get(req.kind, 0) + 1
        if isinstance(req, Choice):
            assert len(req.options) > 1, f"asked a question with one answer: {req}"
        if surf is not None:
            app.draw_ui(surf, ov)
        assert answer_as(app, req, me), app.message
    if surf is not None:
        app.draw_ui(surf, app.update(0.0))
    return asked


# ---------------------------------------------------------------- 1. the path preview


def test_the_move_preview_is_where_the_rules_sweep_stops_the_git():
    """Each move die's preview (drawn while ordering them) ends where the scoot then ends it,
    and names what it bumps: the same sweep, asked without moving anything."""
    m = quick_start(5)
    ctrl = [make_controller("heuristic", 5, i) for i in range(2)]
    compared = bumps = 0
    for _ in range(3000):
        req = m.pending
        if req is None:
            break
        if isinstance(req, OrderMoveDie):
            did = req.options[0]
            value = next(d["value"] for e in m.events if e.kind == "dice_thrown" for d in e.dice if d["id"] == did)
            pos = m.table.die(did).position
            pre = m.preview_move(req.model, pos, value)
            before = m.position(req.model)
            n = len(m.events)
            m.answer(did)
            m.answer("normal") if isinstance(m.pending, ChooseCare) else None
            moved = [e for e in m.events[n:] if e.kind == "model_moved" and e.model == req.model]
            slid = any(e.kind == "slid" for e in m.events[n:])
            if moved and not slid:
                e = moved[0]
                assert e.start == pytest.approx(before, abs=1e-12)
                assert e.end == pytest.approx(pre.end, abs=1e-9)
                assert e.travelled == pytest.approx(pre.travelled, abs=1e-9)
                assert (e.stop is None) == (pre.contact is None)
                compared += 1
                bumps += pre.contact is not None
            continue
        m.answer(ev_collect(req, ctrl, m))
    assert compared >= 20 and bumps >= 3, (compared, bumps)


def ev_collect(req, ctrl, m):  # type: ignore[no-untyped-def]
    from spacegits_sim.rules.decisions import collect

    return collect(req, lambda r: ctrl[r.boss].decide(r, m))


def test_while_ordering_move_dice_every_die_shows_its_path_and_bump():
    app = new_app(3)
    me = [make_controller("heuristic", 3, 0)]
    for req, _ov in human_requests(app, 2000):
        if isinstance(req, OrderMoveDie):
            previews = app.previews()
            assert len(previews) == len(req.options)
            for p, did in zip(previews, req.options, strict=True):
                die = app.scene.dice[did]
                res = app.match.preview_move(req.model, die.position, die.value)
                assert p.end == res.end and p.travelled == res.travelled
                assert p.radius == app.match.table.figure_radius(req.model)  # the whole base, not a line
            return
        answer_as(app, req, me)
    pytest.fail("never asked to order move dice")


def test_a_vehicles_move_dice_show_its_pivot_and_corridor_from_the_rules_hull_sweep():
    """In the derby, aiming a vehicle's move dice shows the hull's path to the aim, and ordering
    them shows for each die the hull's pivot and its corridor to the first bump
    (Driving.preview_drive: the sweeps drive makes), drawn as wide as the hull; the drive then
    ends where the resolved die's preview said."""
    sc = load_scenario_option("scenarios/demolition_derby.yaml")

    def make(s: int):  # type: ignore[no-untyped-def]
        return Match(sc, seed=s), [None, make_controller("heuristic", s, 1)]

    checked = aimed = 0
    for seed in (4, 5, 6, 7, 8, 9):  # seeded derbies until one shows a driven vehicle (the AIs decide which)
        app = HotseatApp(make, seed, {0}, save_path=os.path.join(tempfile.mkdtemp(prefix="sg_hs_"), "s.json"))
        me = make_controller("heuristic", seed, 0)
        surf = pygame.Surface(app.size)
        for req, ov in human_requests(app, 3000):
            if isinstance(req, AimThrow) and req.purpose == "move" and app.match.models[req.model].vehicle is not None:
                aim = (req.width / 2, req.height / 2)  # hovering the table's middle: the hull's path there
                app.hover_px = app.renderer.to_px(app.scene, aim)
                (shown_aim,) = app.previews()
                piv, run = app.match.preview_drive(
                    req.model, app.renderer.to_table(app.scene, app.hover_px), max(req.dice)
                )
                assert shown_aim.hull is not None and shown_aim.end == run.end and shown_aim.angles[1] == run.angle_end
                aimed += 1
            if isinstance(req, OrderMoveDie) and app.match.models[req.model].vehicle is not None:
                previews = app.previews()
                app.draw_ui(surf, ov)  # (drawn without error)
                assert len(previews) == len(req.options)
                for p in previews:
                    assert p.hull == tuple(app.match.models[req.model].vehicle.hull_in)
                did = me.decide(req, app.match)
                shown = previews[req.options.index(did)]
                n = len(app.match.events)
                app.submit(did)
                while app.match.pending is req or (app.match.pending is not None and not app.idle):
                    app.update(5.0)
                moved = [e for e in app.match.events[n:] if e.kind == "vehicle_moved" and e.model == req.model]
                if moved and moved[0].how == "drive":
                    e = moved[0]
                    assert e.start == pytest.approx(shown.start, abs=1e-9)
                    assert e.angle_end == pytest.approx(shown.angles[1], abs=1e-9)  # the pivot as shown
                    # a cap is looted and a friendly or fallen git pushed clear, and the run goes on: the
                    # preview stops at them (Driving.preview_drive: "Not included: what happens at the contact")
                    # and an oil slick it stops on slides it on ("You cannot stop moving on an oil slick")
                    gits = {g.name for g in app.match.models.values() if g.vehicle is None}
                    slid = any(x.kind == "slid" and x.model == req.model for x in app.match.events[n:])
                    if (
                        shown.bump != "a cap"
                        and shown.bump not in gits
                        and not slid
                        and (e.stop is None or e.stop == "edge" or e.stop.startswith("terrain"))
                    ):
                        assert (e.stop is None) == (shown.bump is None)
                        assert e.end == pytest.approx(shown.end, abs=1e-9)
                        checked += 1
                if checked >= 3 and aimed:
                    return
                continue
            answer_as(app, req, [me])
    assert checked >= 1 and aimed, "never aimed and ordered a vehicle's move dice"


def test_the_throw_spread_grows_with_strength_and_distance():
    """The landing ellipse shown before release comes from the thrower's scatter parameters."""
    t = quick_start().table
    near = t.landing_spread((12, 2), (12, 6), 0.5)
    far = t.landing_spread((12, 2), (12, 14), 0.5)
    hard = t.landing_spread((12, 2), (12, 6), 1.0)
    assert far[0] > near[0] and far[1] > near[1]
    assert hard[0] > near[0]
    sc = float(t.p["throw"]["scatter_in"])
    assert near[1] >= sc  # never tighter than the hand's own scatter


# ---------------------------------------------------------------- 3. only real questions


def test_single_option_requests_are_not_asked_and_the_game_replays_exactly():
    app = new_app(3)
    asked = play_as_human(app)  # (asserts no asked Choice had a single option)
    assert app.finished
    singles = [
        (k, a)
        for k, a, _c in app.match.decisions
        if k in ("choose_guns", "order_bullet", "order_move_die", "choose_care")
    ]
    assert singles, "the game took answers for those questions"
    assert asked.get("order_bullet", 0) < sum(1 for k, *_ in app.match.decisions if k == "order_bullet")
    path = os.path.join(tempfile.mkdtemp(prefix="sg_hs_"), "g.json")
    save_replay(app.match, path)
    v = rebuild(load_replay(path), path)
    assert v.ok, v.message
    assert v.match.log_checksum() == app.match.log_checksum()


def test_a_note_of_an_answer_given_without_asking_goes_once_the_other_side_answers():
    """ "only one choice: die 2" stayed under Red's next prompt after Blue's whole activation
    (and on the game-over screen): the note is about the human's last answer, so an AI's answer
    ends it."""
    app = new_app(3)
    assert app.match.pending is not None and app.match.pending.boss not in app.humans  # Blue deploys first
    app.note = "only one choice: die 2"
    n = len(app.match.decisions)
    for _ in range(50):
        app.update(0.5)
        if len(app.match.decisions) > n:
            break
    assert len(app.match.decisions) > n and app.note == ""


def test_the_log_scrolled_back_follows_the_game_again_once_the_player_answers():
    """Scrolled back a few lines to read what happened, the log stayed there for the rest of
    the game: the newest lines (what the other side just did) never showed again unless the
    player scrolled down. An answer brings it back to the newest line."""
    app = new_app(3)
    req = first_human_request(app)
    assert isinstance(req, Deploy)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert app.log_scroll == 6
    app.deploy_pick = 0
    spot = app.deploy_points(req)[0]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.renderer.to_px(app.scene, spot), button=1))
    assert app.answer_ready is not None and app.log_scroll == 0


def test_care_is_asked_once_per_scoot_and_never_for_a_tower_that_cannot_fall():
    app = new_app(3)
    asked_care: list[tuple[int, str]] = []
    me = [make_controller("heuristic", 3, 0)]
    for req, _ov in human_requests(app):
        if isinstance(req, ChooseCare):
            m = app.match.models[req.model]
            assert m.tower.height > 0 and m.standing, "asked care for a tower that cannot fall"
            asked_care.append((len(app.match.decisions), req.model))
        answer_as(app, req, me)
    kinds = [k for k, *_ in app.match.decisions]
    # between two human move throws, at most one care question was shown per model
    throws = [i for i, (k, a, _c) in enumerate(app.match.decisions) if k == "aim_throw"]
    for a, b in zip(throws, throws[1:] + [len(kinds)], strict=False):
        shown = [x for x in asked_care if a <= x[0] < b]
        assert len(shown) == len({mid for _d, mid in shown}), shown
    assert kinds.count("choose_care") > len(asked_care)  # the rest were answered without asking


# ---------------------------------------------------------------- 2. layout


def test_prompt_and_buttons_stay_in_their_region_below_the_log():
    app = new_app(3)
    me = [make_controller("heuristic", 3, 0)]
    surf = pygame.Surface(app.size)
    checked = 0
    for req, ov in human_requests(app, 1500):
        app.draw_ui(surf, ov)
        region = app.button_region()
        log = app.renderer.log_box
        assert log.bottom <= app.log_bottom <= app.size[1] - LOG_BOTTOM
        for b in app.buttons:
            assert region.contains(b.rect), (b.label, b.rect, region)
            assert not b.rect.colliderect(log)
        checked += 1
        answer_as(app, req, me)
    assert checked > 30


def test_many_options_page_so_every_option_is_reachable():
    app = new_app(3)
    opts = [(f"option number {k}", k, True, "") for k in range(80)]
    seen: set[int] = set()
    for _ in range(10):
        app.buttons = []
        app.place_buttons(opts)
        seen |= {b.value for b in app.buttons if isinstance(b.value, int)}
        more = [b for b in app.buttons if b.value == "__more__"]
        if not more:
            break
        app.click_button(more[0])
    assert seen == set(range(80))
    assert all(app.button_region().contains(b.rect) for b in app.buttons)


def test_the_log_wraps_long_lines_instead_of_cutting_them():
    r = BoardRenderer((1280, 800))
    line = "[ 1:23] Grunk's Rifle bullet (5) hits Urgat: wounds 5 vs toughness 3, and 2 damage (a long line)"
    rows = wrap(line, r.small, 200)
    assert len(rows) > 1 and " ".join(rows) == line
    assert all(r.small.size(x)[0] <= 200 for x in rows)


def test_the_game_over_card_does_not_cover_the_log(tmp_path):
    from spacegits_sim.render.watch_app import Watcher, final_picture

    def make(s: int):  # type: ignore[no-untyped-def]
        return quick_start(s), [make_controller("heuristic", s, i) for i in range(2)]

    w = Watcher(make, 3)
    w.skip_to_end()
    surf = pygame.Surface(w.size)
    final_picture(w, surf)
    log = w.renderer.log_box
    assert log.top >= w.renderer.card_top  # the log starts below the card's gap


# ---------------------------------------------------------------- 4. words a player uses


@pytest.fixture(scope="module")
def drawn_game() -> tuple[HotseatApp, set[str]]:
    """Every string drawn over a whole hot-seat game (seed 4), the log scrolled back at the end."""
    pygame.display.init()
    pygame.font.init()
    app = new_app(4)
    rec = Recorder(app.renderer)
    surf = pygame.Surface(app.size)
    play_as_human(app, surf)
    app.log_scroll = 6
    app.draw_ui(surf, app.update(0.0))
    return app, rec.seen


def test_rendered_text_shows_no_internal_ids(drawn_game):
    app, seen = drawn_game
    ids = set(app.match.models) | set(app.match.terrain_types)
    bad = []
    for s in seen:
        s = s.replace(os.path.dirname(app.save_path), "")  # (the finished game's save: a path the player gave)
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", s))
        hits = (words & ids) | {w for w in words if re.fullmatch(r"[a-z]+_[a-z_]+", w)}
        if hits:
            bad.append((s, hits))
    assert not bad, bad[:10]
    assert len(seen) > 100


def test_every_character_drawn_has_a_glyph_in_the_windows_fonts(drawn_game):
    """The log's "more below" mark was an arrow the default font has no glyph for: a box on
    screen. Every character the window draws must be one its fonts can show."""
    app, seen = drawn_game
    r = app.renderer
    for font in (r.font, r.small, r.big):
        tofu = pygame.image.tobytes(font.render("\U0010fffd", True, (255, 255, 255)), "RGB")
        missing = {
            ch
            for s in seen
            for ch in s
            if ord(ch) > 127 and pygame.image.tobytes(font.render(ch, True, (255, 255, 255)), "RGB") == tofu
        }
        assert not missing, sorted(missing)
    assert any("newer lines below" in s for s in seen)


def test_a_shoved_git_is_the_one_that_is_shoved_in_the_log():
    e = ev.ModelMoved("b1", (0, 0), (0, 1), 1.0, 1.0, None, None, None, "terrain:wall3", "shove")
    names = {"b1": "Nazgob", "wall3": "the wall"}
    assert e.describe(names) == 'Nazgob is shoved 1.0", bumps into the wall'
    scoot = ev.ModelMoved("a1", (0, 0), (0, 1), 3.0, 0.0, "die1", 3, "normal", "cap:cap4", "scoot")
    assert scoot.describe({"a1": "Grunk"}) == 'Grunk scoots 0.0" towards the 3, bumps into a cap'


def test_terrain_is_named_as_a_player_would():
    m = quick_start()
    names = ev.display_names(m.events[0])
    assert names["wall3"] == "a wall"  # there are two walls
    assert names["building1"] == "a building"
    assert ev.terrain_phrase("Exploding Barrel", False) == "an exploding barrel"
    # the data names it by the book's plural heading; one piece is said in the singular
    assert ev.terrain_phrase("Exploding Barrels", False) == "an exploding barrel"
    assert ev.terrain_phrase("Exploding Barrels", True) == "the exploding barrel"
    assert ev.terrain_phrase("Low Wall", True) == "the low wall"


def test_the_throw_log_numbers_each_die():
    e = ev.DiceThrown(
        "Red",
        "a1",
        "move",
        (0, 0),
        (1, 1),
        0.5,
        [{"id": "d1", "value": 5, "position": (1, 1)}, {"id": "d2", "value": 2, "position": None}],
    )
    assert e.describe({"a1": "Grunk"}) == "Red throws 2 move dice for Grunk: die 1: 5, die 2: 2 (lost)"


# ---------------------------------------------------------------- 5. the end


def test_the_result_card_offers_a_rematch_on_enter():
    app = new_app(3)
    play_as_human(app)
    assert app.finished and "Enter" in app.prompt()
    surf = pygame.Surface(app.size)
    rec = Recorder(app.renderer)
    app.draw_ui(surf, app.update(0.0))
    assert "GAME OVER" in rec.seen and any("rematch" in s for s in rec.seen)
    seed = app.seed
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.seed == seed + 1 and not app.finished


def test_esc_quits_and_campaign_enter_goes_on_to_the_afterparty():
    app = new_app(3)
    app.next_step = "afterparty"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert app.quit_requested


# ---------------------------------------------------------------- 8. what a click hits


def deploying(seed: int = 3) -> tuple[HotseatApp, Deploy]:
    app = new_app(seed)
    req = first_human_request(app)
    assert isinstance(req, Deploy), "the human seat was asked something before deploying"
    return app, req


def test_every_deploy_spot_offered_is_accepted_when_its_pixel_is_clicked():
    """Seed 3 offered a grid centre at a barrel's edge whose click the window refused: a grid
    centre is exactly 0.5" from every whole-inch edge, where a half-inch base just touches, and
    its pixel moves it a few hundredths of an inch (one spot in five, at every table edge and
    building). A click on an offered spot's pixel deploys there (or where it clicked, if that
    is legal too); the spots offered stay the rules' own (every legal centre of the window's
    quarter-inch grid)."""
    app, req = deploying(3)
    reach = 1.5 / app.renderer.layout(app.scene)[1]
    offered = 0
    for k, mid in enumerate(req.models):
        app.deploy_pick = k
        pts = app.deploy_points(req)
        assert pts == [p for p in deploy_grid(req) if req.legal(mid, p) is None]
        for p in pts:
            app.deploy_pick = k  # (a click resets the pick)
            px = app.renderer.to_px(app.scene, p)
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=1))
            assert app.answer_ready is not None, app.message
            who, at = app.answer_ready
            assert who == mid and req.legal(mid, at) is None
            assert at == p or at == app.renderer.to_table(app.scene, px)
            assert math.dist(at, p) <= reach
            app.answer_ready = None
            offered += 1
    assert offered > 100 * len(req.models)


def test_a_deploy_click_on_forbidden_ground_is_still_refused_with_why():
    """The pixel's forgiveness is a pixel and a half: a click well inside the keep-out is
    refused, and the window says why."""
    app, req = deploying(3)
    mid = req.models[0]
    cap = next(iter(app.scene.caps.values()))
    assert req.legal(mid, cap) is not None
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.renderer.to_px(app.scene, cap), button=1))
    assert app.answer_ready is None and "cannot go there" in app.message


def test_the_window_state_says_where_the_window_sits_on_the_screen():
    """Every pixel in the state is a window pixel; a script clicking the screen adds window_px
    (pygame centres its window: on a 1400x900 screen a 1280x800 window sits at (60, 50))."""
    pygame.display.set_mode((1280, 800))
    app = new_app(3)
    app.update(5.0)
    state = app.ui_state()
    assert state["window_px"] == list(pygame.display.get_window_position())


# ---------------------------------------------------------------- 7. monkey


def monkey(app: HotseatApp, n: int, rng: random.Random) -> None:
    surf = pygame.Surface(app.size)
    keys = [pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_j, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_TAB]
    keys += [pygame.K_y, pygame.K_n, pygame.K_F1, pygame.K_RETURN, pygame.K_SPACE, pygame.K_RIGHT]
    for _ in range(n):
        r = rng.random()
        pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
        if r < 0.45:
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            if rng.random() < 0.5:
                end = (pos[0] + rng.randint(-150, 150), pos[1] + rng.randint(-150, 150))
                app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
                pos = end
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif r < 0.75:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode=""))
        elif r < 0.8:
            app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
        else:
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if app.countdown is not None and rng.random() < 0.3:
            app.countdown = 0.0
        app.quit_requested = False
        app.draw_ui(surf, app.update(rng.choice((0.0, 0.05, 2.0))))


def monkey_all(n: int, seed: int) -> None:
    from spacegits_sim.render.bench import Bench
    from spacegits_sim.render.choices import ChoiceScreen
    from spacegits_sim.render.watch_app import Watcher, handle_key

    rng = random.Random(seed)
    app = new_app(seed, frozenset({0, 1}))
    monkey(app, n, rng)
    path = os.path.join(tempfile.mkdtemp(prefix="sg_monkey_"), "m.json")
    save_replay(app.match, path)
    v = rebuild(load_replay(path), path)
    assert v.ok, v.message

    def make(s: int):  # type: ignore[no-untyped-def]
        return quick_start(s), [make_controller("heuristic", s, i) for i in range(2)]

    w = Watcher(make, seed)
    surf = pygame.Surface(w.size)
    wkeys = [pygame.K_SPACE, pygame.K_RIGHT, pygame.K_PLUS, pygame.K_MINUS, pygame.K_n, pygame.K_p, pygame.K_F1]
    for _ in range(max(20, n // 20)):
        handle_key(w, rng.choice(wkeys))
        w.draw(surf, w.advance(rng.choice((0.0, 0.3, 3.0))))
    screen = ChoiceScreen((1280, 800))
    labels = [f"item {k}: a thing to buy" for k in range(rng.randint(1, 30))]
    for _ in range(n // 4):
        screen.page = rng.randrange(3)
        screen.draw(surf, "shop", "buy?", ["a line"] * rng.randint(0, 25), labels, (rng.randrange(1280), 300))
        hit = screen.index_at((rng.randrange(1280), rng.randrange(800)))
        assert hit is None or 0 <= hit < len(labels)
    from spacegits_sim.physics.params import load_params

    bench = Bench(load_params("towers"), seed)
    bkeys = [pygame.K_a, pygame.K_a, pygame.K_a, pygame.K_c, pygame.K_s, pygame.K_r, pygame.K_1, pygame.K_3]
    for _ in range(max(10, n // 40)):
        if rng.random() < 0.5:
            bench.key(rng.choice(bkeys))
        else:
            bench.drag(rng.uniform(-900, 900), rng.uniform(-300, 300), 1 / 30)
        bench.draw(surf)


def test_monkey_short():
    """Hundreds of random clicks, drags and keys on the hot-seat, watch, choice and bench screens."""
    monkey_all(600, 11)


@pytest.mark.slow
def test_monkey_long():
    for seed in range(3):
        monkey_all(4000, 100 + seed)


# ---------------------------------------------------------------- 6. campaign screens


def test_campaign_new_without_a_seed_draws_a_fresh_one_and_prints_it(tmp_path):
    import subprocess
    import sys

    run = [sys.executable, "-m", "spacegits_sim", "campaign", "new"]
    seeds = []
    for name in ("one", "two"):
        out = subprocess.run(run + [str(tmp_path / name)], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        found = re.search(r"seed (\d+);", out.stdout)
        assert found, out.stdout
        seeds.append(int(found.group(1)))
    assert seeds[0] != seeds[1]
    from spacegits_sim import campaign as camp
    from spacegits_sim.data import load_rules

    assert camp.load(tmp_path / "one", load_rules()).seed == seeds[0]


def test_a_campaign_game_closed_mid_game_says_in_one_sentence_that_campaign_play_resumes_it(
    monkeypatch, tmp_path, capsys
):
    """Playtest 4: "game 4 was not finished: the campaign is unchanged (saved to … (resume with:
    spacegits play --resume …))" — nested brackets, and a command whose game never reached the
    campaign. Closing the window mid-game now says, in one sentence, where the game is and the
    campaign command that resumes it; the save carries the campaign's game number."""
    import argparse
    import subprocess
    import sys

    from spacegits_sim.cli import campaign as cli
    from spacegits_sim.render import hotseat, watch_app

    folder = tmp_path / "league"
    subprocess.run([sys.executable, "-m", "spacegits_sim", "campaign", "new", str(folder), "--seed", "4"], check=True)
    windows = []

    def closed_at_once(app, fps=60, keep_open=False):  # the window's loop, closed before the end
        windows.append(app)
        app.save()

    monkeypatch.setattr(watch_app, "has_display", lambda: True)
    monkeypatch.setattr(hotseat, "run_hotseat", closed_at_once)
    args = argparse.Namespace(action="play", name=str(folder), house=None, seats="human,heuristic", fresh=False)
    assert cli.cmd_campaign(args) == 1
    said = " ".join(capsys.readouterr().err.split())
    save = folder / "games" / "game-001.unfinished.json"
    assert (
        f"game 1 was not finished and the campaign is unchanged: the game is saved in {save}, and "
        f"'spacegits campaign play {folder}' resumes it" in said
    ), said
    assert "(" not in said and "spacegits play --resume" not in said
    assert f"'spacegits campaign play {folder}' resumes it" in windows[0].message  # (Ctrl+S says so too)
    assert load_replay(save)["meta"]["campaign"]["game"] == 1


def test_a_campaign_afterparty_closed_midway_keeps_the_game_and_campaign_play_goes_back_to_it(monkeypatch, tmp_path):
    """The game over, its afterparty closed at the first question: the campaign is unchanged, and
    the game is kept as the save `campaign play` goes on from — straight to its afterparty, not a
    replay of the game from its start."""
    import argparse
    import subprocess
    import sys

    from spacegits_sim.cli import campaign as cli
    from spacegits_sim.errors import UserError
    from spacegits_sim.render import hotseat, watch_app
    from spacegits_sim.render.choices import ChoiceClosed

    folder = tmp_path / "league"
    subprocess.run([sys.executable, "-m", "spacegits_sim", "campaign", "new", str(folder), "--seed", "4"], check=True)

    def played_to_the_end(app, fps=60, keep_open=False):
        app.match.play([make_controller("heuristic", 5, i) for i in range(2)])

    def closed(self, req):
        raise ChoiceClosed("the window was closed")

    monkeypatch.setattr(watch_app, "has_display", lambda: True)
    monkeypatch.setattr(hotseat, "run_hotseat", played_to_the_end)
    monkeypatch.setattr(cli.WindowBoss, "__call__", closed)
    args = argparse.Namespace(action="play", name=str(folder), house=None, seats="human,heuristic", fresh=False)
    with pytest.raises(UserError) as e:
        cli.cmd_campaign(args)
    save = folder / "games" / "game-001.unfinished.json"
    assert f"game 1 is over and saved in {save}" in str(e.value) and "goes back to its afterparty" in str(e.value)
    finished = load_replay(save)
    out = subprocess.run(
        [sys.executable, "-m", "spacegits_sim", "campaign", "play", str(folder), "--seats", "heuristic"],
        capture_output=True,
        text=True,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy"),
    )
    assert out.returncode == 0 and "(its afterparty)" in out.stdout, out.stderr
    replay = json.loads((folder / "games" / "game-001.json").read_text())
    assert replay["decisions"] == finished["decisions"] and not save.exists()


def test_campaign_plots_draw_each_boss_in_its_board_colour_over_whole_games(monkeypatch, tmp_path):
    from types import SimpleNamespace

    from spacegits_sim.cli import campaign as cli
    from spacegits_sim.render.palette import hex_colour

    figs = []
    monkeypatch.setattr(cli, "write_figure", lambda path, fig: figs.append(fig))
    gangs = [SimpleNamespace(boss="Red"), SimpleNamespace(boss="Blue")]
    games = [{"game": 1, "stash": {"Red": 12, "Blue": 8}, "reputation": {"Red": 3, "Blue": 2}}]
    cli._plot(SimpleNamespace(gangs=gangs, games=games), str(tmp_path / "p.png"))
    ax = figs[0].axes[0]
    assert [ln.get_color() for ln in ax.get_lines()] == [hex_colour(0), hex_colour(1)]
    assert hex_colour(0) == "#d63031" and hex_colour(1) == "#2962d6"  # red, blue
    lo, hi = ax.get_xlim()
    assert lo <= 0.5 and hi >= 1.5


def test_die_labels_never_overlap_even_when_the_dice_lie_together():
    """ "die 2: 0.0", bumps the wall" plates for dice lying almost on top of each other (and at
    the table's edge) are pushed apart: no two overlap, none covers a die, all stay on the table."""
    from spacegits_sim.render.labels import place_labels

    bounds = pygame.Rect(20, 20, 760, 760)
    rng = random.Random(7)
    for case in range(40):
        cx, cy = rng.choice([(400, 400), (25, 30), (775, 770), (400, 775)])
        anchors = [(cx + rng.randint(-12, 12), cy + rng.randint(-12, 12)) for _ in range(rng.randint(2, 6))]
        sizes = [(rng.randint(40, 160), rng.choice((16, 34))) for _ in anchors]
        plates = place_labels(sizes, anchors, bounds, keep_clear=anchors)
        for i, a in enumerate(plates):
            assert bounds.contains(a), (case, a)
            assert all(not a.colliderect(b) for b in plates[i + 1 :]), (case, plates)
            assert all(not a.colliderect(pygame.Rect(x - 16, y - 16, 32, 32)) for x, y in anchors), (case, a)


def test_the_order_screen_draws_its_die_labels_apart():
    app = new_app(3)
    surf = pygame.Surface(app.size)
    tags = [
        (['die 1: 3.0"', "bumps the wall"], (300, 300)),
        (['die 2: 0.0"'], (305, 302)),
        (['die 3: 1.2"'], (298, 310)),
    ]
    plates = app.draw_tags(surf, tags)
    assert len(plates) == 3 and not any(a.colliderect(b) for k, a in enumerate(plates) for b in plates[k + 1 :])


def test_a_resumed_game_catches_up_at_once_instead_of_replaying_on_screen(tmp_path):
    """`play --resume`: the window opens on the game as it stands (the scene, the log and the
    towers where the save left them), with no animation to sit through and a note saying so."""
    m = quick_start(6)
    ctrl = [make_controller("heuristic", 6, i) for i in range(2)]
    for _ in range(60):
        m.answer(ev_collect(m.pending, ctrl, m))
    path = str(tmp_path / "save.json")
    save_replay(m, path)
    v = rebuild(load_replay(path), path)
    assert v.ok

    app = HotseatApp(lambda s: (v.match, [None, make_controller("heuristic", s, 1)]), v.match.seed, {0}, save_path=path)
    assert app.idle and app.scene.applied == len(v.match.events)  # nothing left to animate
    assert len(app.state.log) >= 20 and "caught up" in app.note
    for mid, model in app.scene.models.items():
        if model.in_play:
            assert model.position == pytest.approx(v.match.position(mid), abs=1e-9)


@pytest.mark.parametrize(
    "reason, care, words",
    [
        ("shove", None, "Nazgob is shoved"),
        ("blasted", None, "Nazgob is blasted"),
        ("pushed clear", None, "Nazgob is pushed clear"),
        ("hook", None, "Nazgob is reeled in"),
        ("scoot", "normal", "Nazgob scoots"),
        ("chase", "hurried", "Nazgob chases"),
    ],
)
def test_a_move_done_to_a_git_is_said_in_the_passive_its_own_in_the_active(reason, care, words):
    """The moved git is the subject: moved by something else (no tower carried: no care) it
    "is shoved"; its own move (it carried its tower) "scoots". Said without naming any item id
    in the events module (a Jolt's move reads "is jolted" by the same rule)."""
    e = ev.ModelMoved("a1", (0, 0), (1, 0), 1.0, 1.0, None, None, care, None, reason, [])
    assert e.describe({"a1": "Nazgob"}) == f'{words} 1.0"'


def test_field_no_more_asks_again_and_says_a_boss_with_nothing_on_the_table_legs_it_at_once():
    """Playtest 3 of 2026-12-05: one click on "Field no more (skip)" before any git was placed
    fielded nobody, and the boss legged it at once: the game lost without a question. Now the
    first click asks (Y/N) and says what it costs; N goes back; Y skips."""
    app, req = deploying()
    app.layout_buttons()
    skip = next(b for b in app.buttons if b.value == "skip")
    app.click_button(skip)
    assert app.human_turn() is req and app.answer_ready is None  # nothing answered yet
    assert "field none and you leg it at once" in app.message
    app.layout_buttons()
    assert [b.value for b in app.buttons] == ["skip_yes", "skip_no"]
    app.click_button(next(b for b in app.buttons if b.value == "skip_no"))
    app.layout_buttons()
    assert [b.value for b in app.buttons] == ["skip"]
    app.click_button(next(b for b in app.buttons if b.value == "skip"))
    app.layout_buttons()
    app.click_button(next(b for b in app.buttons if b.value == "skip_yes"))
    assert app.answer_ready == "skip"

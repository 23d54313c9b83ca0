"""Gangfight: the gang-building rules and the smaller departures the review listed (issue 29),
each test quoting its rule (tests/conformance/gangfight_core.yaml). Real components: the real
physics table and dice tray, the bundled YAML; models are set on the table where a test needs
them (the helpers of tests/test_gangfight.py)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from spacegits_sim.rulesets.gangfight.engine import GangfightGame
from spacegits_sim.rulesets.gangfight.gangs import check_budget, gang_from_doc
from spacegits_sim.rulesets.gangfight.scenario import scenario_from_doc
from tests.test_gangfight import _hero, _m, game, last


def _heroes(n, extra=0):
    ms = [_hero("boss")] + [_hero(f"h{i}") for i in range(1, n)] + [_m(f"x{i}") for i in range(extra)]
    return {"name": "G", "leader": "boss", "models": ms}


@pytest.mark.rule("gangfight_core", "one-more-hero-per-400-fame")
def test_a_gang_has_its_leader_and_one_more_hero_for_every_full_400_fame():
    two = gang_from_doc(_heroes(2, 1), "g.yaml")
    three = gang_from_doc(_heroes(3), "g.yaml")
    assert not [p for p in check_budget(two, 400, "g.yaml") if p.field == "models"]  # 1 + 400 // 400
    assert [p for p in check_budget(two, 399, "g.yaml") if p.field == "models"]  # no full 400 yet
    assert [p for p in check_budget(three, 799, "g.yaml") if p.field == "models"]
    assert not [p for p in check_budget(three, 800, "g.yaml") if p.field == "models"]


@pytest.mark.rule("gangfight_core", "no-maximum-gang-size")
def test_a_gang_needs_three_models_and_may_field_more_than_ten():
    big = gang_from_doc({"name": "G", "leader": "boss", "models": [_hero()] + [_m(f"x{i}") for i in range(13)]}, "g")
    assert len(big.models) == 14
    from spacegits_sim.data.errors import DataError

    with pytest.raises(DataError, match="at least 3 models"):
        gang_from_doc({"name": "G", "leader": "boss", "models": [_hero(), _m("a")]}, "g.yaml")


@pytest.mark.rule("gangfight_core", "objectives-per-gang-fame")
def test_each_gang_places_one_objective_for_every_250_of_its_own_fame():
    rich = {"name": "A", "leader": "boss", "models": [_hero()] + [_m(f"x{i}") for i in range(17)]}  # 75 + 17 x 25
    poor = {"name": "B", "leader": "boss", "models": [_hero(), _m("a"), _m("b")]}  # 125
    doc = {
        "name": "t",
        "seed": 1,
        "fame": 2000,
        "board": {"width": 36, "height": 36, "terrain": []},
        "gangs": [rich, poor],
        "objectives": "place",
    }
    sc = scenario_from_doc(doc, "test")
    assert [g.fame for g in sc.gangs] == [500, 125]
    g = GangfightGame(sc, seed=3)
    g.answer("attacker")
    while g.pending is not None and g.pending.kind == "deploy" and g.pending.models[0].startswith("o"):
        g.answer("skip")
    placed = [e.seat for e in g.events if e.kind == "gf_objective"]
    assert sorted(placed) == [0, 0]  # 500 // 250 for A, 125 // 250 for B (the scenario's 2000 would give 8 each)


@pytest.mark.rule("gangfight_core", "item-xp-is-its-level")
def test_an_item_costs_its_level_in_xp_as_a_spell_does():
    """Book p.15: "The level also represents how much XP you will have to add to your character to
    equip this item." Spells p.9: "Each spell is treated as both a skill and also equipment. Spells
    have an XP cost equal to their level"; p.8: a scroll "will have an item level equal to the
    spell's level". A level 2 weapon adds 2 XP, a level 3 armour 3, and a Magic Scroll of Fireball
    costs what learning Fireball does: 4."""
    doc = {"name": "G", "setting": "fantasy", "faction": "mortal_guilds", "leader": "boss"}

    def xp(**hero):
        h = {**_hero(), "race": "human", "raise": {"str": 3, "qui": 3, "sta": 2, "int": 2, "mc": 3, "rc": 2}, **hero}
        others = [{**_m("a"), "race": "human"}, {**_m("b"), "race": "human"}]
        return gang_from_doc({**doc, "models": [h, *others]}, "g.yaml").models[0].xp

    bare = xp()
    assert xp(items=["hand_weapon"]) == bare + 2
    assert xp(items=["hand_weapon", "medium_armour"]) == bare + 2 + 3
    scroll = xp(items=["magic_scroll"], scrolls=["fireball"])
    learnt = xp(skills=["magic_user"], spells=["fireball"])
    assert scroll == bare + 4 and learnt == bare + 4


@pytest.mark.rule("gangfight_core", "dot-save-is-a-defense-roll")
def test_the_damage_over_time_save_counts_the_shield_and_the_super_strength_penalty():
    g = game([(_m("x", items=["hand_weapon", "shield"]), (10, 10), 0)], [])
    x = g.models["a_x"]
    x.loadout = ("hand_weapon",)  # a hand free: the shield counts
    assert g.dot_dice(x, 4) == x.a("dp") + 1
    assert g.dot_dice(x, 7) == x.a("dp")  # Strength 7: -1 Defense
    x.dot = (4, 6)
    flow = g._activation(x)
    next(flow)  # the upkeep rolled; now it asks for weapons
    roll = [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "damage over time"][-1]
    assert len(roll.dice) == x.a("dp") + 1


@pytest.mark.rule("gangfight_core", "thrown-range-unless-specified")
def test_a_thrown_weapon_reaches_its_strength_unless_its_listing_gives_a_range():
    g = game([(_m("x", items=["throwing_knives"]), (10, 10), 0)], [])
    x = g.models["a_x"]
    knives = g.item("throwing_knives")
    assert knives.range == "M" and g.weapon_range(x, knives) == x.a("str")
    listed = dataclasses.replace(knives, range="5")
    assert g.weapon_range(x, listed) == 5.0 != x.a("str")


@pytest.mark.rule("gangfight_core", "running-counts-inches-moved")
def test_the_inch_an_obstacle_costs_is_not_moved_so_it_does_not_make_a_run():
    fence = {"id": "fence", "kind": "obstacle", "height": 0.8, "polygon": [[12, 5], [12.5, 5], [12.5, 15], [12, 15]]}
    g = game([(_m("x"), (8, 10), 0)], [(_m("y"), (30, 30), 180)], terrain=[fence])
    x = g.models["a_x"]
    g._do_move(x, (15.5, 10), 0.0, "move")  # 7.5" moved, one fence hopped (1")
    assert x.moved == pytest.approx(7.5, abs=1e-3) and x.hopped == pytest.approx(1.0)
    assert not g.ran_now(x)
    g._do_move(x, (16.0, 10), 0.0, "move")
    assert g.ran_now(x)  # 8" moved
    assert g.move_allowance(x) == pytest.approx(3.0)  # 12 - 9 spent (the hop's inch counts there)


@pytest.mark.rule("gangfight_core", "break-away-needs-a-way-out")
def test_break_away_is_not_offered_when_every_way_out_is_blocked():
    ring = [(_m(f"e{i}"), p, 0) for i, p in enumerate([(11.2, 10), (8.8, 10), (10, 11.2), (10, 8.8)])]
    g = game([(_m("x"), (10, 10), 0)], ring)
    x = g.models["a_x"]
    assert len(g.engaged(x)) == 4 and g.break_away_spots(x) == []
    assert "break_away" not in g.action_options(x)
    h = game([(_m("x"), (10, 10), 0)], [ring[0]])
    assert "break_away" in h.action_options(h.models["a_x"])


@pytest.mark.rule("gangfight_core", "fled-carrier-drops-at-the-edge")
def test_an_objective_carried_off_the_board_drops_where_its_carrier_left():
    g = game([(_m("x"), (2.5, 18), 90)], [(_m("y"), (20, 18), 180)])
    x = g.models["a_x"]
    x.carried.append("o1")
    g.objectives["o1"] = None
    x.fleeing = True
    spots = g.move_spots(x)
    assert spots[0][0] == "off"
    g._do_move(x, (spots[0][1], spots[0][2]), spots[0][3], "flee", off=True)
    drop = last(g, "gf_dropped")
    p = g.objectives["o1"]
    assert x.status == "fled" and drop.objective == "o1" and p is not None
    assert p[0] == pytest.approx(0.5) and p[1] == pytest.approx(18, abs=0.5)  # on the board, at the edge it left


@pytest.mark.rule("gangfight_core", "automatic-weapons")
def test_an_automatic_weapon_rolls_one_more_die_to_hit():
    def shot(item):
        g = game(
            [({**_m("x", items=[item]), "race": "human"}, (10, 10), 0)],
            [(_m("y"), (15, 10), 180)],
            factions=("mortal_guilds", "mortal_guilds"),
        )
        x = g.models["a_x"]
        g._resolve(x, g.models["b_y"], ranged=True)
        return x, last(g, "gf_attack")

    x, auto = shot("repeating_crossbow")
    _x, plain = shot("hand_crossbow")
    assert auto.dice == x.a("rc") + 1 and "automatic +1D6" in auto.mods
    assert plain.dice == x.a("rc") and not any("automatic" in m for m in plain.mods)


# -- mounts (core "Mounts"; the Fantasy Donkey, Horse and Raptor) -----------------------------


def _rider(mid="r", mount="horse", level="member", items=("hand_weapon",), qui=2):
    return {
        "id": mid,
        "level": level,
        "race": "human",
        "raise": {"str": 2, "qui": qui - 1, "sta": 1, "mc": 1, "rc": 1},
        "items": [*items, mount] if mount else list(items),
    }


def mounted_game(mount="horse", terrain=(), **kw):
    g = game(
        [(_rider(mount=mount, **kw), (10, 10), 0)],
        [(_m("y"), (30, 30), 180)],
        terrain=terrain,
        factions=("mortal_guilds", "mortal_guilds"),
    )
    return g, g.models["a_r"]


@pytest.mark.rule("gangfight_core", "mount-fixed-quickness")
def test_a_mounted_model_moves_its_mounts_fixed_quickness():
    for mount, q in (("donkey", 5), ("horse", 6), ("raptor", 7)):
        level = {"donkey": "henchman", "horse": "member", "raptor": "hero"}[mount]
        for own in (2, 3):  # a slower rider and a faster one: the mount's number either way
            g, r = mounted_game(mount, level=level, qui=own)
            assert r.a("qui") == own and g.move_allowance(r) == q
    g, r = mounted_game("horse", items=("hand_weapon", "medium_armour"))  # armour's -1 Quickness
    assert g.move_allowance(r) == 6


@pytest.mark.rule("gangfight_core", "mounted-model-is-large")
def test_a_rider_on_its_mount_is_a_large_model_with_the_health_bonus_and_saddlebags():
    from spacegits_sim.data.errors import DataError

    doc = {"name": "G", "setting": "fantasy", "faction": "mortal_guilds", "leader": "boss"}
    foot = gang_from_doc({**doc, "models": [_rider("boss", None, "hero"), _m("a"), _m("b")]}, "g.yaml")
    rode = gang_from_doc({**doc, "models": [_rider("boss", "horse", "hero"), _m("a"), _m("b")]}, "g.yaml")
    f, r = foot.models[0], rode.models[0]
    assert (f.size, r.size) == ("standard", "large") and r.base_mm >= 40 > f.base_mm
    assert r.attrs["hp"] == f.attrs["hp"] + 1 and r.xp == f.xp + 4 + 10  # a level 4 item + Large's 10 XP
    assert r.height > f.height and r.on_foot.size == "standard"
    assert not any("Horse" in str(w) for w in rode.warnings)  # a mount plays: no NOT SIMULATED warning
    assert rode.to_doc()["models"][0]["items"] == ["hand_weapon", "horse"]  # the file names the rider on foot
    # saddlebags: a Strength-3 henchman carries 4 points on a donkey, not on foot
    heavy = _rider("boss", "donkey", "hero", items=("hand_weapon", "common_shield", "light_armour", "throwing_knives"))
    heavy["raise"]["str"] = 2  # Strength 3
    gang_from_doc({**doc, "models": [heavy, _m("a"), _m("b")]}, "g.yaml")
    with pytest.raises(DataError, match="Strength amount"):
        gang_from_doc({**doc, "models": [{**heavy, "items": heavy["items"][:-1]}, _m("a"), _m("b")]}, "g.yaml")
    with pytest.raises(DataError, match="one at most"):
        gang_from_doc({**doc, "models": [_rider("boss", "horse", "hero", items=("donkey",)), _m("a"), _m("b")]}, "g")
    g, r = mounted_game()
    r.status = "out"
    g._end("test")
    assert g.vp[1] == 2 + 1  # a Member's 2 VP, +1 for a Large model


@pytest.mark.rule("gangfight_core", "mount-crosses-obstacles")
def test_a_mount_hops_a_fence_without_losing_the_inch():
    fence = {"id": "fence", "kind": "obstacle", "height": 1.2, "polygon": [[12, 5], [12.5, 5], [12.5, 15], [12, 15]]}
    g, r = mounted_game(terrain=[fence])
    end, far, hops, _o = g.slide(r, 0.0, 6.0)
    assert hops == 1 and far == pytest.approx(6.0, abs=1e-3)  # 1.2" high: over a Large model's 1.5" hop, no inch lost
    foot = game([(_m("x"), (10, 10), 0)], [], terrain=[fence])
    _e, far, hops, _o = foot.slide(foot.models["a_x"], 0.0, 6.0)
    assert hops == 0 and far < 1.6  # on foot: too tall to hop (1")


@pytest.mark.rule("gangfight_core", "dismount-action")
def test_dismounting_is_an_action_the_mount_leaves_and_its_bonuses_go():
    g, r = mounted_game()
    assert "dismount" in g.action_options(r)
    hp, max_hp, radius = r.hp, r.max_hp, r.radius
    r.hp -= 1  # a wound taken mounted stays taken
    flow = g._activation(r)
    req = next(flow)
    while req.kind != "gf_action":
        req = flow.send(req.options[0])
    assert "dismount" in req.options
    req = flow.send("dismount")
    e = last(g, "gf_dismounted")
    assert (r.hp, r.max_hp) == (hp - 2, max_hp - 1) and r.char.size == "standard" and r.radius < radius
    assert e.mount == "Horse" and e.hp == r.hp and e.radius == pytest.approx(r.radius, abs=1e-4)
    assert g.move_allowance(r) == r.a("qui") == 2 and "dismount" not in req.options
    assert not g.table.within(0.01, point=(r.pos[0] + radius - 0.05, r.pos[1]))  # the base shrank on the table
    g2, r2 = mounted_game()
    r2.hp = 1  # getting off would take the last point
    assert "dismount" not in g2.action_options(r2)


# -- tournaments on Dask ------------------------------------------------------------------------


def test_a_gangfight_tournament_on_a_real_dask_local_cluster_equals_the_serial_run():
    """`spacegits tournament --ruleset gangfight --scheduler ...`: the Fantasy scenario (a mounted
    rider among the gangs) goes to two Dask worker processes as plain data, and the 4 games come
    back exactly as in this process (the same seeds give the same matches wherever they run)."""
    distributed = pytest.importorskip("distributed")
    from spacegits_sim.play import registry
    from spacegits_sim.tournament import run, schedule

    rs = registry.get("gangfight")
    sc = rs.load_scenario(next(p for p in rs.bundled_scenarios() if p.stem == "fantasy_crossroads"))
    doc = sc.to_doc()
    tasks = schedule(doc, ["heuristic", "random"], 4, seed=11, ruleset="gangfight")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        dask = run(tasks, scheduler=client)
    serial = run(tasks, jobs=1)
    assert len(dask) == 4 and all(r["error"] is None for r in dask)
    assert dask == serial
    assert {w for r in serial for w in r["winners"]} <= {"heuristic", "random"}


# -- the hot-seat window ------------------------------------------------------------------------


def test_the_result_line_and_long_log_lines_wrap_inside_the_watch_panel(monkeypatch):
    """The result ("game over ... The Bonegrave Horde wins") ran past the panel's right edge: it is
    wrapped at spaces to the panel's width, every word kept, and drawn at the panel's foot."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from spacegits_sim.render import gangfight as gw

    pygame.display.init()
    fonts = gw.Fonts()
    text = "game over (six turns) after turn 6: VP 6 to 16; The Bonegrave Horde wins"
    lines = gw.wrap(fonts.body, text, gw.PANEL_W)
    assert len(lines) == 2 and " ".join(lines) == text
    assert all(fonts.body.size(line)[0] <= gw.PANEL_W for line in lines)
    assert fonts.body.size(text)[0] > gw.PANEL_W  # it did not fit on one line
    assert gw.wrap(fonts.small, "x" * 300, 100) and all(
        fonts.small.size(s)[0] <= 100 for s in gw.wrap(fonts.small, "x" * 300, 100)
    )
    v = gw.View()
    v.board = {"width": 36, "height": 36, "terrain": []}
    v.seats, v.result = ["A", "B"], text
    v.log = ["Clack attacks Bram (ranged, Short Bow): 3D6 at 6+ (long range +1, models near the target +1) = 1 hit"]
    surf = pygame.Surface(gw.SIZE)
    assert gw.draw(surf, v, fonts) == 2


def test_the_board_names_of_crowded_models_never_overlap(monkeypatch):
    """Names of models crowded together (Groan, Moan, Skulk and Grist in a knot by the inn in the
    bundled Watchtower game, seed 4) lay over each other. Each name now takes the first spot beside
    its base (right, above, below, left, then further out) that overlaps no name placed before it
    and no base: over the whole game, at every event, no two names intersect and each stays off
    the side panel; a lone model's name stands just right of its base, as before; a name moved far
    gets a leader line. And a knot of ten bases within 2" of each other, drawn from a view alone."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from spacegits_sim.play import registry
    from spacegits_sim.render import gangfight as gw

    pygame.display.init()
    fonts = gw.Fonts()
    panel = pygame.Rect(gw.BOARD_PX + 30, 0, gw.SIZE[0], gw.SIZE[1])

    def check(v):
        plates = gw.name_plates(v, fonts)
        for i, a in enumerate(plates):
            assert not a.rect.colliderect(panel), a
            assert all(not a.rect.colliderect(b.rect) for b in plates[i + 1 :]), (a, plates)
        return plates

    v = gw.View()
    v.board = {"width": 36, "height": 36, "terrain": []}
    v.models = {
        f"m{i}": {
            "name": f"Model{i}",
            "seat": i % 2,
            "radius": 0.5,
            "pos": [18 + 1.1 * (i % 4), 18 + 1.1 * (i // 4)],
            "facing": 0.0,
            "hp": 3,
            "state": "ready",
        }
        for i in range(10)
    }
    plates = check(v)
    assert len(plates) == 10 and any(p.leader for p in plates)
    v.models = {"m0": v.models["m0"]}
    (lone,) = check(v)
    c = gw.to_screen(v, v.models["m0"]["pos"])
    assert (
        lone.rect.left == c[0] + lone.radius + 2 and lone.rect.centery in range(c[1] - 1, c[1] + 2) and not lone.leader
    )
    gw.draw(pygame.Surface(gw.SIZE), v, fonts)

    rs = registry.get("gangfight")
    sc = rs.load_scenario("fantasy_watchtower")

    def make(seed):
        return rs.new_game(sc, seed=seed), [rs.make_controller("heuristic", seed, i) for i in range(2)]

    w = gw.Watcher(make, 4)
    crowded = 0
    while w.step():
        plates = check(w.view)
        crowded = max(crowded, sum(p.rect.left != p.centre[0] + p.radius + 2 for p in plates))
    assert w.finished and crowded >= 2  # names were moved off their first spot: the board was crowded


def test_dismount_is_a_button_in_the_hot_seat_and_the_window_redraws_the_rider_on_foot(monkeypatch):
    """The bundled Fantasy scenario's Bonegrave Horde has Grist on a horse: a person playing that
    gang sees "dismount (the mount leaves)" among the buttons, presses it, and the window (drawn
    from the events alone) shows the smaller base and the Health the mount took with it."""
    from gangfight_kit import hotseat, questions

    kit = hotseat(monkeypatch, "fantasy_crossroads", 5, {1})
    app, surf, fonts = kit.app, kit.surf, kit.fonts
    me = kit.rs.make_controller("heuristic", 5, 1)
    pressed = False
    for req in questions(app, 20000):
        if req.kind == "gf_action" and "dismount" in req.options:
            app.draw(surf, fonts)
            (i,) = [i for _r, label, i in app.buttons() if label.endswith("dismount (the mount leaves)")]
            before = app.view.models[req.model]["radius"]
            app.choose(i)
            pressed = True
            break
        app.match.answer(me.decide(req, app.match))
    assert pressed
    e = last(app.match, "gf_dismounted")
    at = app.match.events.index(e)
    for _ in range(500):  # show the events up to the dismount, one small step at a time
        if app.shown > at:
            break
        app.advance(0.01)
    assert app.shown == at + 1
    v = app.view.models[e.model]
    assert v["radius"] == e.radius < before and v["hp"] == e.hp and e.mount == "Horse"
    app.draw(surf, fonts)


# -- artillery (core "Artillery"; the completed Fantasy Ballista) -------------------------------


def gun_game(crew_at, target_at, gun_at=(10.0, 10.0), facing=0.0, terrain=(), crew_items=("hand_weapon",)):
    from spacegits_sim.rulesets.gangfight import artillery

    g = game(
        [({**_m("c", items=list(crew_items)), "race": "human"}, crew_at, 0)],
        [(_m("t"), target_at, 180)],
        terrain=terrain,
        factions=("mortal_guilds", "mortal_guilds"),
    )
    it = artillery.profile("fantasy/ballista")
    gun = artillery.Gun("a_gun1", 0, "fantasy/ballista", it.name, it.artillery["base_mm"] / 25.4 / 2, 1.5)
    g.guns = {gun.id: gun}
    g.turn = 1
    artillery.place(g, gun, gun_at)
    gun.facing = facing
    return g, gun, g.models["a_c"], g.models["b_t"]


@pytest.mark.rule("gangfight_core", "artillery-added-like-a-character")
def test_artillery_joins_the_gang_beside_its_models_and_adds_to_its_fame():
    from spacegits_sim.data.errors import DataError

    doc = {"name": "G", "setting": "fantasy", "faction": "mortal_guilds", "leader": "boss"}
    ms = [{**_hero(), "race": "human"}, {**_m("a"), "race": "human"}, {**_m("b"), "race": "human"}]
    plain = gang_from_doc({**doc, "models": ms}, "g.yaml")
    armed = gang_from_doc({**doc, "models": ms, "artillery": ["ballista"]}, "g.yaml")
    assert armed.fame == plain.fame + 50 + 5 and armed.artillery == ("fantasy/ballista",)  # its XP + its level 5
    assert gang_from_doc(armed.to_doc(), "again").artillery == armed.artillery  # the doc round-trips
    with pytest.raises(DataError, match="list it under the gang's 'artillery'"):
        gang_from_doc({**doc, "models": [{**ms[0], "items": ["ballista"]}, *ms[1:]]}, "g.yaml")
    with pytest.raises(DataError, match="not an artillery piece"):
        gang_from_doc({**doc, "models": ms, "artillery": ["horse"]}, "g.yaml")


@pytest.mark.rule("gangfight_core", "artillery-placed-anywhere-an-obstacle")
def test_artillery_is_placed_after_the_models_and_stands_as_an_obstacle_giving_cover():
    from spacegits_sim.play import registry

    rs = registry.get("gangfight")
    sc = rs.load_scenario(next(p for p in rs.bundled_scenarios() if p.stem == "fantasy_crossroads"))
    g = rs.new_game(sc, seed=2)
    kinds = []
    while g.pending is not None and g.turn == 0:
        req = g.pending
        if req.kind == "deploy":
            kinds.append(req.models[0])
            if req.models[0] in getattr(g, "guns", {}):
                grid = [(x + 0.5, y + 0.5) for x in range(36) for y in range(36)]
                theirs = g.zone(1 - req.boss)  # "anywhere": even in the other gang's starting area
                assert any(req.legal(req.models[0], q) is None and theirs.contains(q, 36, 36, 1.0) for q in grid)
                assert req.legal(req.models[0], (0.2, 18.0)) == "off the board"
        g.answer(rs.make_controller("heuristic", 2, req.boss).decide(req, g))
    assert kinds[-1] == "a_gun1" and all(not k.endswith("gun1") for k in kinds[:-1])  # after every model
    placed = last(g, "gf_artillery_placed")
    assert placed.name == "Ballista" and g.pieces["a_gun1"].kind == "blocking"
    # an obstacle: a move into it stops at its base; cover for a model behind it
    h, gun, c, t = gun_game((7.5, 10), (30, 10))
    end, far, _hops, _o = h.slide(c, 0.0, 6.0)
    assert end[0] + c.radius <= 10 - gun.radius + 1e-3
    k, gun, c, t = gun_game((25, 10.5), (8.4, 10.0), facing=math.pi)  # t hides just behind the piece
    k.models["a_c"].loadout = ()
    shooter = k.models["a_c"]
    k._defend(shooter, t, 3, 1, True, [])
    assert "cover +1" in last(k, "gf_defended").mods


@pytest.mark.rule("gangfight_core", "artillery-crewed-from-the-rear-arc")
def test_a_model_behind_the_piece_fires_it_once_a_turn_with_its_ranged_dice_and_the_pieces_strength():
    from spacegits_sim.rulesets.gangfight import artillery

    g, gun, c, t = gun_game((8.4, 10), (30, 10))  # facing east; the crew west of it, in its personal space
    assert artillery.crews(g, c) == [gun] and f"fire:{gun.id}" in g.action_options(c)
    flow = artillery.act(g, c, f"fire:{gun.id}")
    req = next(flow)
    assert req.kind == "gf_target" and "b_t" in req.options
    with pytest.raises(StopIteration):
        flow.send("b_t")
    a = last(g, "gf_attack")
    assert a.how == "artillery" and a.strength == 6 and a.dice == c.a("rc") and "Ballista" in a.mods
    assert f"fire:{gun.id}" not in g.action_options(c)  # once per game turn
    g.turn = 2
    assert f"fire:{gun.id}" in g.action_options(c)
    front, gun2, c2, _t2 = gun_game((11.5, 10), (30, 10))  # in front of the piece: not its crew
    assert artillery.crews(front, c2) == [] and not any(o.startswith("fire:") for o in front.action_options(c2))
    far, gun3, c3, _t3 = gun_game((6, 10), (30, 10))  # behind it but out of personal space
    assert artillery.crews(far, c3) == []
    enemy, gun4, _c4, t4 = gun_game((30, 30), (8.4, 10))  # the other gang's model crews it too
    assert artillery.crews(enemy, t4) == [gun4]


@pytest.mark.rule("gangfight_core", "artillery-instead-of-own-weapon")
def test_the_crew_that_fires_a_piece_does_not_also_attack_with_its_own_weapon_that_activation():
    from spacegits_sim.rulesets.gangfight import artillery

    g, gun, c, t = gun_game((8.4, 10), (13, 15), crew_items=("short_bow",))  # in the crew's own bow's reach too
    c.loadout = ("short_bow",)
    c.marks["activations"] = 1
    assert "attack" in g.action_options(c) and f"fire:{gun.id}" in g.action_options(c)
    flow = artillery.act(g, c, f"fire:{gun.id}")
    next(flow)
    with pytest.raises(StopIteration):
        flow.send("b_t")
    assert "attack" not in g.action_options(c)  # "instead of using his normal weapon"
    c.marks["activations"] = 2  # its next activation: its own weapons again
    g.turn = 2
    assert "attack" in g.action_options(c) or not g.targets(c)
    c.attacked = True  # attacked with its own weapon this activation: no shot from the piece
    assert f"fire:{gun.id}" not in g.action_options(c)


@pytest.mark.rule("gangfight_core", "artillery-turned-by-an-action")
def test_a_model_beside_the_piece_turns_it_and_it_shoots_only_what_it_faces():
    from spacegits_sim.rulesets.gangfight import artillery

    g, gun, c, t = gun_game((10, 8.4), (5, 30), facing=0.0)  # facing east; the target north-west, behind it
    assert "b_t" not in artillery.gun_targets(g, c, gun) and f"aim:{gun.id}" in g.action_options(c)
    flow = artillery.act(g, c, f"aim:{gun.id}")
    req = next(flow)
    assert req.kind == "gf_face" and "face:b_t" in req.options
    with pytest.raises(StopIteration):
        flow.send("face:b_t")
    assert gun.facing == pytest.approx(math.atan2(20, -5), abs=1e-3) and last(g, "gf_artillery_turned").model == "a_c"
    assert "b_t" in artillery.gun_targets(g, c, gun) and artillery.crews(g, c) == [gun]


# ---- the second review of the rulebook against the code (Buckler, Arcane, Slow pairs, jumps, fleeing, falls)

FM = ("mortal_guilds", "mortal_guilds")


@pytest.mark.rule("gangfight_core", "buckler-reroll")
def test_a_buckler_rerolls_one_die_of_a_failed_defense_roll_with_both_hands_full():
    """Fantasy p.7: "Buckler: May be equipped even if both hands are full. You may reroll 1D6 from
    a faled Defense roll." A model holding two hand weapons rerolls one missed Defense die (never
    two), against shots and blows alike."""
    g = game(
        [(_m("x", items=["hand_weapon"]), (10, 10), 0)],
        [(_m("y", items=["hand_weapon", "hand_weapon", "buckler"]), (11.5, 10), 180)],
        factions=FM,
    )
    x, y = g.models["a_x"], g.models["b_y"]
    assert y.loadout == ("fantasy/hand_weapon", "fantasy/hand_weapon")  # both hands full
    rolls = []
    for ranged in (False, True) * 30:
        g._defend(x, y, 5, 1, ranged, [])
        assert "buckler reroll 1D6" in last(g, "gf_defended").mods
        y.hp, y.status = y.max_hp, "ready"
        rolls.append([e for e in g.events if e.kind == "gf_rolled" and e.purpose == "defense"][-1])
    assert all(r.rerolled <= 1 for r in rolls) and any(r.rerolled == 1 for r in rolls)


@pytest.mark.rule("gangfight_core", "buckler-reroll")
def test_the_damage_over_time_save_takes_the_bucklers_reroll():
    """Core p.16: "he will have to make a new Defense roll in each of his Upkeep phases"; Fantasy
    p.7: "Buckler ... You may reroll 1D6 from a faled Defense roll." The upkeep save is a Defense
    roll, so the Buckler rerolls one of its missed dice."""
    saves = []
    for seed in range(30):
        g = game([(_m("x", items=["hand_weapon", "hand_weapon", "buckler"]), (10, 10), 0)], [], factions=FM)
        g.streams = type(g.streams)(seed)
        x = g.models["a_x"]
        x.dot = (5, 1)
        next(g._activation(x))  # the upkeep rolled; now it asks for weapons
        saves += [e for e in g.events if e.kind == "gf_rolled" and e.purpose == "damage over time"]
    assert len(saves) == 30 and all(r.rerolled <= 1 for r in saves) and any(r.rerolled == 1 for r in saves)


@pytest.mark.rule("gangfight_core", "slow-weapons")
def test_two_different_slow_pistols_fired_as_a_pair_both_need_reloading():
    """Book p.18: "Slow weapons may only attack once and then must be reloaded ... These weapons may
    only be used once per activation, unless an a further action is spent to reload it"; p.15:
    "If your character attacks with two 1-handed weapons, he will get to roll +1D6 to hit". A Hand
    Crossbow and a Flintlock Pistol fired together (the pair's die) have both attacked: neither
    fires again until reloaded. Fired alone (the target beyond the crossbow's 5"), the other stays
    loaded."""
    g = game(
        [(_m("x", items=["flintlock_pistol", "hand_crossbow"]), (10, 10), 0)],
        [(_m("y"), (15, 10), 180)],
        factions=FM,
    )
    x, y = g.models["a_x"], g.models["b_y"]
    g._resolve(x, y, ranged=True)
    assert "two weapons +1D6" in last(g, "gf_attack").mods
    assert x.fired == {"fantasy/flintlock_pistol", "fantasy/hand_crossbow"}
    assert g.targets(x) == [] and "reload" in g.action_options(x)
    x.fired = set()
    y.pos = (16.5, 10)  # 5.5" gap: in the pistol's 6", beyond the crossbow's 5"
    g.table.move_figure(y.id, y.pos, y.facing)
    g._resolve(x, y, ranged=True)
    e = last(g, "gf_attack")
    assert e.weapon == "Flintlock Pistol" and "two weapons +1D6" not in e.mods
    assert x.fired == {"fantasy/flintlock_pistol"}


def _flee_labels(g, m):
    return {s[0] for s in g.move_spots(m) if not s[0].startswith("face:")}


@pytest.mark.rule("gangfight_core", "flee-to-nearest-edge")
def test_a_fleeing_model_is_offered_only_the_most_direct_route_while_it_is_open():
    """Book p.14: "He must move in the most direct route possible, though he may go around Area
    Terrain or Obstacles." In the open: straight at the nearest edge, nothing else. Behind a wall:
    round it (the shortest route off the table) or straight on to it, still no heading 22.5-67.5
    degrees off. Shut in (no route off the table): every heading towards the edge."""
    g = game([(_m("x"), (10, 18), 0)], [(_m("y"), (30, 30), 180)])
    x = g.models["a_x"]
    x.fleeing = True
    assert _flee_labels(g, x) == {"flee"}
    wall = {"id": "wall", "kind": "blocking", "height": 3, "polygon": [[7, 16], [8, 16], [8, 20], [7, 20]]}
    g = game([(_m("x"), (10, 18.5), 0)], [(_m("y"), (30, 30), 180)], terrain=[wall])
    x = g.models["a_x"]
    x.fleeing = True
    assert _flee_labels(g, x) == {"flee", "flee_straight"}
    room = [
        {"id": "w", "kind": "blocking", "height": 3, "polygon": [[6, 12], [7, 12], [7, 24], [6, 24]]},
        {"id": "e", "kind": "blocking", "height": 3, "polygon": [[15, 12], [16, 12], [16, 24], [15, 24]]},
        {"id": "n", "kind": "blocking", "height": 3, "polygon": [[6, 23], [16, 23], [16, 24], [6, 24]]},
        {"id": "s", "kind": "blocking", "height": 3, "polygon": [[6, 12], [16, 12], [16, 13], [6, 13]]},
    ]
    g = game([(_m("x"), (11, 18), 0)], [(_m("y"), (30, 30), 180)], terrain=room)
    x = g.models["a_x"]
    x.fleeing = True
    assert {"flee", "flee+1", "flee-1", "flee+3", "flee-3"} <= _flee_labels(g, x)

"""The road race's window as a new player meets it (render/roadrace.py, render/shell.py): the watch
controls Space Gits' window has (F1 help, a status line, a pace a person can follow, the race
over said and carded), car sheets that wrap their lasting states instead of cutting them, and
the charts in the data's words rather than its ids. SDL's dummy driver, real races."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from spacegits_sim.play import registry  # noqa: E402
from spacegits_sim.render import roadrace as rr  # noqa: E402
from spacegits_sim.render import shell  # noqa: E402
from spacegits_sim.rulesets.roadrace import events as ev  # noqa: E402

RS = registry.get("roadrace")


def watcher(seed=4, scenario="quick"):
    sc = RS.load_scenario(scenario)
    return rr.Watcher(
        lambda s: (RS.new_game(sc, seed=s), [RS.make_controller("heuristic", s, i) for i in range(2)]), seed
    )


def test_the_watch_goes_at_a_pace_a_person_can_follow_and_says_when_the_race_is_over():
    """A race ran six rounds in under 20 s at the default speed, and once over the window still
    said "Round 6 — Speedy: luck phase". A second of watching now shows a few events (+/- double
    or halve it); the status line gives seed, speed and playing/paused; once over, the status and
    the round line say the race is over and who won, and an end card takes the dice tray's place."""
    pygame.display.init()
    fonts = rr.Fonts()
    w = watcher()
    w.advance(1.0)
    assert 1 <= w.shown <= 4
    assert w.status() == "seed 4   speed 1x   F1 help   playing"
    w.speed *= 2
    assert "speed 2x" in w.status()
    w.skip_to_end()
    assert w.finished and w.view.active is None and w.view.phase == ""
    won = w.view.card[0]
    assert won.endswith("wins") and w.status().endswith(f"over: {won}")
    surf = pygame.Surface(rr.SIZE)
    w.draw(surf, fonts)
    tw, td, _wall = rr.TRAY_IN
    tray = pygame.Rect(rr.SIZE[0] - 20 - int(tw * 28), 0, int(tw * 28), int(td * 28))
    n = max(1, len(w.view.seats))
    tray.y = 20 + 40 + 26 * n + 12
    assert tuple(surf.get_at((tray.centerx, tray.bottom - 20)))[:3] != rr.TRAY  # the card covers the tray
    assert tuple(surf.get_at((tray.x + 5, tray.y + 5)))[:3] != (90, 60, 40)


def test_f1_toggles_a_help_overlay_with_the_keys_and_the_legend(monkeypatch):
    """F1 did nothing in the road race (or Gangfight) window. The shared window's keys now toggle
    ``show_help`` on F1, and the race draws the overlay (the keys, then what the strip, the sheets,
    the tray and the charts mean) over the car sheets."""
    pygame.display.init()
    keys = {}
    monkeypatch.setattr(shell, "window_loop", lambda size, caption, fps, on_key, paint: keys.setdefault("on", on_key))
    w = watcher()
    rr.run_window(w)
    keys["on"](pygame.K_F1)
    assert w.show_help
    fonts = rr.Fonts()
    helped, plain = pygame.Surface(rr.SIZE), pygame.Surface(rr.SIZE)
    w.draw(helped, fonts)
    keys["on"](pygame.K_F1)
    assert not w.show_help
    w.draw(plain, fonts)
    region = [(x, y) for x in range(30, 800, 9) for y in range(100, 300, 9)]
    assert sum(helped.get_at(p) != plain.get_at(p) for p in region) > 100
    slower = w.speed
    keys["on"](pygame.K_MINUS)
    assert w.speed == slower / 2 and "speed 0.5x" in w.status()


def test_a_cars_lasting_states_wrap_on_its_sheet_every_word_kept():
    """Lasting states ran off the car sheet ("the gypsy curse: -1 Luck until a res"). Each is
    wrapped to the sheet's width, every word kept; states that do not fit say how many more."""
    pygame.display.init()
    f = rr.Fonts()
    conds = ["the gypsy curse: -1 Luck until a rest stop", "weapon hit: -2 Offense until repaired", "a flat tire"]
    lines = rr.sheet_states(f, conds, 234, 10)
    assert all(f.small.size(line)[0] <= 234 for line in lines)
    assert " ".join(" ".join(lines).split()) == " ".join("• " + c for c in conds)
    assert len(lines) > len(conds)  # the long ones took two lines
    few = rr.sheet_states(f, conds * 4, 234, 5)
    assert len(few) == 5 and few[-1].startswith("• and ") and few[-1].endswith("more lasting states")


def test_the_charts_and_the_car_sheets_name_things_in_the_datas_words_not_its_ids(monkeypatch):
    """The Charts panel showed ``ginormous_roadkill`` and ``armor_none``, the sheets
    ``big_ole_truck / soccer_mom``. A chart is named by its name (else its id in words), a row by
    its name, else its text without the roll when short, else its id in words."""
    v = rr.RaceView()
    v.apply(ev.RaceStarted(seats=["Ma Kettle", "Speedy"], cars=[]))
    v.apply(ev.ChartRolled(0, 0, "bad_road", 6, 0, 6, "ginormous_roadkill", "ginormous_roadkill"))
    v.apply(ev.ChartRolled(0, 1, "armor_hit", 1, 0, 1, "armor_none", "armor_none"))
    v.apply(ev.ChartRolled(1, 1, "driver_hit", 4, 1, 5, "driver_hit_1", "driver_hit_1"))
    v.apply(ev.ChartRolled(1, 1, "woohoo", 2, 0, 2, "good_weather", "Good Weather"))
    assert v.charts == [
        "Ma Kettle: Bad road 6: Ginormous roadkill",
        "Ma Kettle vs Speedy: Armor hit 1: No effect",
        "Speedy: Driver hit 4+1 = 5: Driver takes 1 damage",
        "Speedy: Woohoo! 2: Good Weather",
    ]
    assert all("_" not in line for line in v.charts)
    assert rr.display("", "big_ole_truck") == "Big ole truck" and rr.display("Race Car", "race_car") == "Race Car"
    w = watcher()
    w.step()
    pygame.display.init()
    surf = pygame.Surface(rr.SIZE)
    shown: list[str] = []
    real = rr._text

    def spy(surf_, font, text, pos, colour=rr.INK):
        shown.append(text)
        return real(surf_, font, text, pos, colour)

    monkeypatch.setattr(rr, "_text", spy)
    w.draw(surf, rr.Fonts())
    car = w.view.cars[0]
    assert "_" in car["vehicle"] + car["driver"]  # ids with underscores: a name must replace them
    assert not any(car["vehicle"] in t or car["driver"] in t for t in shown)
    book = w.view.book()
    assert f"{book.vehicles[car['vehicle']].name} / {book.drivers[car['driver']].name}" in shown


def test_the_log_says_chart_results_fame_and_knock_outs_in_words_not_ids():
    """The log read "armor_hit 1 = 1: armor_none", "earns 1 Fame Point: perfect_roll" and "driver
    dead by Ma Kettle". Every line now names charts, rows, Fame reasons, upgrades and results by the
    book's words, with singular and plural agreeing."""
    v = rr.RaceView()
    v.apply(ev.RaceStarted(seats=["Ma Kettle", "Speedy"], cars=[]))
    for e in [
        ev.ChartRolled(0, 1, "armor_hit", 1, 0, 1, "armor_none", "armor_none"),
        ev.ChartRolled(1, 1, "oh_crap", 5, 0, 5, "mechanical_failure", "Mechanical failure"),
        ev.ChartRolled(1, 1, "suspension_hit", 2, 0, 2, "suspension_rerolls", "suspension_rerolls"),
        ev.FameEarned(seat=0, id="perfect_roll", points=1),
        ev.FameEarned(seat=0, id="sole_survivor", points=2),
        ev.FameEarned(seat=1, id="max_stat", points=1),
        ev.Out(seat=1, how="dead", by=0),
        ev.Out(seat=0, how="destroyed"),
        ev.Ignored(seat=1, result="fuel_leak", upgrade="spare_gas_tank"),
        ev.Attacked(seat=0, target=1, offense=1, defense=0, result="spectacular"),
        ev.Attacked(seat=1, target=0, offense=0, defense=1, result="safe"),
        ev.RerollsTaken(seat=0, target=1, stat="speed", amount=1),
        ev.RaceOver(winners=[0], reason="only one racer is left", rounds=1),
    ]:
        v.apply(e)
    assert v.log[1:] == [
        "Ma Kettle vs Speedy: Armor hit 1: No effect",
        "Speedy: Oh Crap! 5: Mechanical failure",
        "Speedy: Suspension hit 2: Opponent loses all Handling re-rolls",
        "Ma Kettle earns 1 Fame Point: get the maximum possible successes on any die roll without using re-rolls",
        "Ma Kettle earns 2 Fame Points: be the only one to survive a race",
        "Speedy earns 1 Fame Point: max out 1 stat at 4 dice",
        "Speedy's driver is killed by Ma Kettle: out of the race",
        "Ma Kettle's vehicle is destroyed: out of the race",
        "Speedy ignores Fuel Leak (Spare Gas Tank)",
        "Ma Kettle attacks Speedy: 1 vs 0 successes, a hit: Spectacular Damage chart",
        "Speedy attacks Ma Kettle: 0 vs 1 success, no hit",
        "Ma Kettle takes 1 Speed re-roll from Speedy",
        "the race is over after 1 round (only one racer is left): Ma Kettle wins",
    ]
    assert not any("_" in line for line in v.log)


def test_a_long_log_line_wraps_in_the_box_every_word_kept(monkeypatch):
    """A long line was cut at the log box's edge ("…(needs 4: fai"). Each line is wrapped to the
    box, its rest indented, every word drawn inside the box."""
    pygame.display.init()
    f = rr.Fonts()
    v = rr.RaceView()
    v.apply(ev.RaceStarted(seats=["Ma Kettle", "Speedy"], cars=[]))
    long = ev.DiceRolled(
        seat=0, stat="luck", purpose="on fire: 1 damage a turn until put out", dice=[[4, 1, 1], [5, 2, 2], [5, 3, 3]]
    )
    long.successes, long.failures, long.need = 2, 1, 4
    v.apply(long)
    shown: list[tuple[str, tuple[int, int]]] = []
    real = rr._text

    def spy(surf_, font, text, pos, colour=rr.INK):
        shown.append((text, pos))
        return real(surf_, font, text, pos, colour)

    monkeypatch.setattr(rr, "_text", spy)
    for buttons in (None, []):
        shown.clear()
        rr.draw(pygame.Surface(rr.SIZE), v, f, buttons=buttons)
        box_w = 800 if buttons is None else 620
        rows = [(t, p) for t, p in shown if p[1] >= rr.SIZE[1] - 190 and p[0] == 28 and t.strip()]
        words = " ".join(t for t, _ in rows).split()
        assert " ".join(words).endswith("(needs 4: failed)")
        assert v.log[-1].split() == words[-len(v.log[-1].split()) :]
        assert all(f.small.size(t)[0] <= box_w - 16 for t, _ in rows)

"""The hot-seat's vehicle move-dice labels say what the rules will then do (playtest 2026-12-06
finding 12): a die behind the hull ("no pivot, straight ahead, 1 damage"), one over the
handling, what the run ends against and what that costs (a smash of N dice), and the oil slick
crossed (D6 damage, a slide). Whole derbies, both seats human and answered as the heuristic
would: each label is drawn, and then checked against what resolving that die did."""

from __future__ import annotations

import os
import tempfile

import pygame  # noqa: E402
from hotseat_kit import _pygame, answer_as, human_requests  # noqa: F401  (_pygame: SDL dummy drivers, the display started per test)
from test_hotseat_play import Recorder  # noqa: E402

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.cli.common import load_scenario_option  # noqa: E402
from spacegits_sim.render.hotseat import HotseatApp  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402
from spacegits_sim.rules.decisions import OrderMoveDie  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402


def derby_app(seed: int) -> HotseatApp:
    sc = load_scenario_option("scenarios/demolition_derby.yaml")
    return HotseatApp(
        lambda s: (Match(sc, seed=s), [None, None]), seed, {0, 1}, save_path=os.path.join(tempfile.mkdtemp(), "s.json")
    )


def check(app, v, p, after, seen) -> None:  # type: ignore[no-untyped-def]
    """What resolving the die did (``after``: the events up to the next move die asked) against
    its label ``p``."""
    text = " | ".join(p.lines())
    if "a fight with" in text:  # (the drive stops for the fight, and goes on after it: not followed here)
        fought = any(isinstance(e, ev.FightBroke) and e.active == v for e in after)
        assert fought or any(isinstance(e, ev.WipedOut) and e.model == v for e in after), (text, after)
        seen["fight"] += 1
        return
    drives = [i for i, e in enumerate(after) if isinstance(e, ev.VehicleMoved) and e.model == v and e.how == "drive"]
    if len(drives) > 1:  # (the vehicle's last die, resolved with no question, follows at once)
        after = after[: drives[1]]
    wiped = any(isinstance(e, ev.WipedOut) and e.model == v for e in after)
    hurt = [e.source for e in after if isinstance(e, ev.Damaged) and e.model == v]
    text = " | ".join(p.lines())
    if wiped or not app.match.models[v].in_play:  # (a wipeout ends the move; a wreck drives no more)
        return
    assert ("behind it: no pivot" in text) == ("driving off to the rear arc" in hurt), (text, hurt)
    assert ("over its handling" in text) == any("over its handling" in h for h in hurt), (text, hurt)
    seen["rear"] += "behind it" in text
    seen["handling"] += "over its handling" in text
    selfsmash = [e for e in after if isinstance(e, ev.Smashed) and e.model == v and e.why == "terrain"]
    if "smashes itself:" in text:
        words = next(w for w in p.lines() if w.startswith("smashes itself:"))
        assert selfsmash, (text, [type(e).__name__ for e in after])
        assert f"{len(selfsmash[0].rolls)} dice, each {selfsmash[0].toughness}+" in words, (words, selfsmash)
        seen["smash"] += 1
    elif "drives on" not in text and "slides on" not in text:  # (beyond a cap or a slide: not foretold)
        assert not selfsmash, (text, selfsmash)
        seen["plain"] += 1
    if "crosses oil slick" in text:
        assert "oil slick" in hurt, (text, hurt)
        seen["slick"] += 1


def test_each_vehicle_move_dies_label_says_the_damage_the_rules_then_deal():
    seen = {"fight": 0, "rear": 0, "handling": 0, "smash": 0, "plain": 0, "slick": 0}
    for seed in range(3, 20):
        if all(n for k, n in seen.items() if k != "handling"):
            break
        app = derby_app(seed)
        ais = [make_controller("heuristic", seed, i) for i in range(2)]
        waiting = None
        for req, _ov in human_requests(app, 3000):
            if waiting is not None and isinstance(req, OrderMoveDie):
                check(app, *waiting[:2], app.match.events[waiting[2] :], seen)
                waiting = None
            if not (isinstance(req, OrderMoveDie) and app.match.models[req.model].vehicle is not None):
                answer_as(app, req, ais)
                continue
            shown = {p.tag_at: p for p in app.previews()}
            rec = Recorder(app.renderer)
            app.draw_ui(pygame.Surface(app.size), app.update(0.0))
            for p in shown.values():  # every row of every die's label is drawn
                assert all(line in rec.seen for line in p.lines()), (p.lines(), sorted(rec.seen))
            die = ais[req.boss].decide(req, app.match)
            waiting = (req.model, shown[die], len(app.match.events))
            assert app.submit(die)
    assert all(n for k, n in seen.items() if k != "handling"), seen  # (the heuristic keeps under its handling)


def test_a_vehicle_die_over_its_handling_is_labelled_with_its_damage():
    """The heuristic never rolls over its handling, so: the first vehicle die asked in a derby,
    its label for a value over the handling (the rules' own preview) and under it."""
    app = derby_app(3)
    ais = [make_controller("heuristic", 3, i) for i in range(2)]
    for req, _ov in human_requests(app, 3000):
        if isinstance(req, OrderMoveDie) and app.match.models[req.model].vehicle is not None:
            v = app.match.models[req.model]
            assert v.vehicle is not None
            at = app.match.table.die(req.options[0]).position
            h = v.vehicle.handling
            over = app.match.drive_costs(v.id, at, h + 1, 0.0, (req.options[0],))
            under = app.match.drive_costs(v.id, at, h, 0.0, (req.options[0],))
            assert f"over its handling {h}: 1 damage" in over, over
            assert not any("handling" in w for w in under), under
            return
        answer_as(app, req, ais)
    raise AssertionError("no vehicle die was asked")

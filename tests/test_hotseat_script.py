"""tools/hotseat_script.py, the scripted player of the hot-seat window: it must click where the
window shows things on the screen, and refuse an X server it did not start.

Why: on merged main the lead's run stuck at Red's first activation for 500 s. Its Xvfb had not
started (display :71 was already another's 1400x900 server), pygame centred the 1280x800 window
on that screen at (60, 50), and every click aimed at a window pixel landed 60 px left of and
50 px above what it meant: the ringed git at (514, 175) was never hit."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import hotseat_script as hs  # noqa: E402

# What the window wrote when the lead's run stuck (out/hs_final/ui_state.json, trimmed).
STUCK = {
    "screen": "hotseat",
    "decisions": 20,
    "clock": 26.195595739642382,
    "timer_s": 1800.0,
    "over": False,
    "waiting": True,
    "kind": "choose_activation",
    "boss": 0,
    "prompt": "Red: click a ringed git to activate, or leg it",
    "message": "",
    "note": "",
    "buttons": [{"label": "Leg it!", "rect": [800, 670, 90, 32], "enabled": True, "value": "'leg_it'"}],
    "options_px": {"a1": [514, 175], "a2": [545, 207], "a3": [70, 397]},
    "model": "b1",
    "window_px": [60, 50],
}


def player(tmp_path: Path, state: dict[str, Any]) -> tuple[hs.Player, list[tuple[str, ...]]]:
    path = tmp_path / "ui_state.json"
    path.write_text(json.dumps(state))
    p = hs.Player(":0", path, tmp_path)
    sent: list[tuple[str, ...]] = []
    p.xdo = lambda *args: sent.append(args)  # type: ignore[method-assign]
    return p, sent


def test_the_script_clicks_a_window_pixel_at_the_screen_pixel_where_the_window_shows_it(tmp_path):
    p, sent = player(tmp_path, STUCK)
    s = p.state()
    assert s is not None
    p.act(s)
    moves = [a for a in sent if a[0] == "mousemove"]
    assert moves == [("mousemove", "574", "225")], "a1 at window (514, 175) is at screen (574, 225)"
    assert ("click", "1") in sent


def test_a_drag_is_offset_by_the_window_position_at_every_step(tmp_path):
    p, sent = player(tmp_path, STUCK)
    p.state()
    p.drag((100, 100), (100, 200))
    moves = [(int(a[1]), int(a[2])) for a in sent if a[0] == "mousemove"]
    assert moves[0] == (160, 150) and moves[-1] == (160, 250)


def test_a_window_at_the_screens_corner_is_clicked_at_its_own_pixels(tmp_path):
    p, sent = player(tmp_path, {**STUCK, "window_px": [0, 0]})
    p.act(p.state())  # type: ignore[arg-type]
    assert ("mousemove", "514", "175") in sent


def test_the_script_stops_when_its_x_server_cannot_start_on_a_display_in_use(monkeypatch):
    """An Xvfb that exits at once (another server holds the display): a clear error, no game
    played in a server of someone else's size."""

    class Refused:
        def __init__(self, _args: list[str], stdout: Any = None, stderr: Any = None) -> None:
            assert stdout is not None  # (the script keeps its server quiet)
            stderr.write(b"_XSERVTransSocketUNIXCreateListener: ...SocketCreateListener() failed\n")
            stderr.write(b"(EE) Server is already active for display 71\n(EE)\n")
            stderr.flush()

        def poll(self) -> int:
            return 1

    monkeypatch.setattr(hs.subprocess, "Popen", Refused)
    monkeypatch.setattr(hs.time, "sleep", lambda _s: None)
    with pytest.raises(SystemExit, match=r"Xvfb :71 did not start \(Server is already active .*free --display"):
        hs.start_x(":71")

"""The end of a watched match in the window: a results card over the table, "game over" in the
status bar, N / P working from the end, the result printed when the window closes (a new
player saw only a last log line, "playing", and P doing nothing until SPACE)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from spacegits_sim.render.board import BoardRenderer, Overrides  # noqa: E402
from spacegits_sim.render.watch_app import Watcher, frame, handle_key, highlights  # noqa: E402
from spacegits_sim.rules import events as ev  # noqa: E402

SEED = 3


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def quick_start_watcher(seed: int = SEED) -> Watcher:
    from spacegits_sim.ai import make_controller
    from spacegits_sim.data import default_rules
    from spacegits_sim.rules.engine import Match
    from spacegits_sim.rules.scenario import load_scenario

    sc = load_scenario(None, default_rules())
    w = Watcher(lambda s: (Match(sc, seed=s), [make_controller("heuristic", s, i) for i in range(2)]), seed)
    w.in_window = True  # as run_window sets it
    return w


def record_text(r: BoardRenderer) -> list[str]:
    """Every string the renderer draws from now on, in order."""
    seen: list[str] = []
    inner = r.text

    def text(s: str, font: Any = None, colour: Any = (230, 230, 230)) -> pygame.Surface:
        seen.append(s)
        return inner(s, font, colour)

    r.text = text  # type: ignore[method-assign]
    return seen


def card_under(surf: pygame.Surface, centre: tuple[int, int]) -> bool:
    """Most of the pixels around ``centre`` are the results card's (the table is green there)."""
    cx, cy = centre
    pixels = [tuple(surf.get_at((x, y)))[:3] for x in range(cx - 120, cx + 120, 4) for y in range(cy - 40, cy + 40, 4)]
    return sum(p == (20, 20, 26) for p in pixels) > len(pixels) // 2


def play_to_the_end(w: Watcher) -> None:
    """As the window does: frames of a second at 8x until the match has ended."""
    handle_key(w, pygame.K_PLUS)
    handle_key(w, pygame.K_PLUS)
    handle_key(w, pygame.K_PLUS)
    for _ in range(5000):
        frame(w, 1.0)
        if w.finished:
            break
    frame(w, 0.0)


def test_the_end_of_a_watched_match_shows_the_results_card_over_the_table_and_says_game_over():
    w = quick_start_watcher()
    play_to_the_end(w)
    over = next(e for e in w.event_log() if isinstance(e, ev.GameOver))
    legged = [e for e in w.event_log() if isinstance(e, ev.LeggedIt)]
    assert legged, "the seed must have a boss legging it for the card to say when"
    seen = record_text(w.renderer)
    surf = pygame.Surface(w.size)
    w.draw(surf, Overrides())
    winner = over.winners[0]
    assert "GAME OVER" in seen and f"{winner} wins" in seen
    for name, caps in over.new_caps.items():
        assert f"{name}: {caps:+d} new caps" in seen
    for e in legged:
        assert any(
            s.startswith(f"{e.boss} legged it") and s.endswith(f"{int(e.t) // 60}:{int(e.t) % 60:02d}") for s in seen
        )
    assert any("C  hide this card" in s for s in seen)  # the key is named on the card
    status = next(s for s in seen if s.startswith(f"seed {SEED}"))
    assert "game over" in status and "playing" not in status
    # the card is over the table, in its middle (the table is green there without it)
    table = w.renderer.layout(w.scene)[0]
    assert card_under(surf, table.center)


def test_c_hides_and_shows_the_results_card():
    w = quick_start_watcher()
    w.skip_to_end()
    frame(w, 0.0)
    surf = pygame.Surface(w.size)
    centre = w.renderer.layout(w.scene)[0].center
    w.draw(surf, Overrides())
    assert card_under(surf, centre)
    handle_key(w, pygame.K_c)
    w.draw(surf, Overrides())
    assert not card_under(surf, centre)
    handle_key(w, pygame.K_c)
    w.draw(surf, Overrides())
    assert card_under(surf, centre)


def test_p_after_the_end_stays_on_the_last_highlight_without_pressing_space_and_n_goes_back_to_the_end():
    w = quick_start_watcher()
    play_to_the_end(w)
    marks = highlights(w.event_log())
    handle_key(w, pygame.K_p)
    at = w.scene.applied - 1
    assert at == marks[-1][0]
    seen = record_text(w.renderer)
    w.draw(pygame.Surface(w.size), frame(w, 0.1))
    status = next(s for s in seen if s.startswith(f"seed {SEED}"))
    assert "paused" in status and marks[-1][1] in status  # and where P went
    for _ in range(20):  # the window's frames go on: the watch stays where P left it
        frame(w, 1.0)
    assert w.scene.applied - 1 == at and not w.scene.over
    handle_key(w, pygame.K_p)
    assert w.scene.applied - 1 == marks[-2][0]
    handle_key(w, pygame.K_n)
    handle_key(w, pygame.K_n)  # past the last highlight: the end, with its card
    frame(w, 0.0)
    assert w.finished and w.game_over() is not None


def run_watch_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], window: Any
) -> str:
    """``spacegits watch`` with a pretend display: ``window(w)`` stands in for the window's loop."""
    from spacegits_sim.cli import main
    from spacegits_sim.render import watch_app

    monkeypatch.setattr(watch_app, "has_display", lambda: True)
    monkeypatch.setattr(watch_app, "run_window", window)
    capsys.readouterr()
    assert main(["watch", *args]) == 0
    return capsys.readouterr().out


def test_closing_the_window_after_the_end_prints_the_result_the_headless_run_prints(monkeypatch, capsys, tmp_path):
    def window(w: Watcher) -> None:  # watched to the end, then P back to a highlight, then closed
        w.skip_to_end()
        frame(w, 0.0)
        handle_key(w, pygame.K_p)

    shown = run_watch_cli(monkeypatch, capsys, ["--seed", str(SEED)], window)
    headless = run_watch_cli(
        monkeypatch,
        capsys,
        ["--seed", str(SEED), "--headless", "--out", str(tmp_path), "--record", str(tmp_path / "m.gif")],
        window,
    )
    lines = [x.strip() for x in shown.strip().splitlines()]
    assert any("wins after" in x or "tie between" in x for x in lines)
    assert any("heuristic" in x for x in lines)  # the table with its AIs
    printed = [x.strip() for x in headless.splitlines()]
    start = printed.index(lines[0])
    assert printed[start : start + len(lines)] == lines


def test_closing_the_window_before_the_end_says_so_with_the_seed(monkeypatch, capsys):
    def window(w: Watcher) -> None:
        frame(w, 2.0)

    out = run_watch_cli(monkeypatch, capsys, ["--seed", str(SEED)], window)
    assert "closed before the end" in out and f"--seed {SEED}" in out and "wins" not in out


def test_the_watchs_f1_help_opens_with_the_watchs_own_keys_not_the_hot_seats():
    from spacegits_sim.render.board import help_lines

    lines = help_lines()
    assert lines[0].startswith("SPACE  play / pause")
    assert not any("HOT-SEAT" in line or "Ctrl+S" in line for line in lines)

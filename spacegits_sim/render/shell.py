"""The watch shell a game's window shares: step a game's events through a view, AI answers when
it waits on them, a saved log drawn alone, the window's keys, and headless frames to a GIF/MP4.

Why one module: a ruleset's render module may not import another ruleset's, and the road race's
and Gangfight's shells were the same 150 lines. A game's module subclasses :class:`EventWatcher`
(its view and its drawing) and passes its fonts and caption to :func:`run_window` and
:func:`run_headless`. Keys: space pause, right arrow one event, +/- speed, End to the finish,
r a new seed, F1 the help and legend, Esc quit. The watch furniture Space Gits' window has is
shared here too, so each game's window looks and answers alike: :meth:`EventWatcher.status`
(seed, speed, playing/paused/over), :func:`draw_help` (the F1 overlay) and :func:`draw_card`
(the end card).

Space Gits' watch (watch_app.py) animates its events in time rather than stepping them, so it
keeps its own watcher, but its window and its film are these: :func:`window_loop` (the frame
loop, Esc and the window's close button) and :class:`Film` (frames off-screen into a GIF/MP4,
the log printed as it grows, the final picture saved as a PNG).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import pygame

from .display import has_display as has_display  # (re-exported: the ruleset window protocol asks it here)
from .display import save_png
from .recording import VideoWriter

__all__ = [
    "EventWatcher",
    "Film",
    "FromLog",
    "draw_card",
    "draw_help",
    "has_display",
    "run_headless",
    "run_window",
    "window_loop",
    "wrap",
]

#: the keys every event-stepped watch window answers (the F1 overlay lists them first)
WATCH_KEYS = [
    "SPACE  play / pause        RIGHT  one event          + / -  slower / faster",
    "END    skip to the end     R      a new game (seed+1)  F1     this help    Esc  quit",
]


class EventWatcher:
    """A game shown event by event. ``make(seed) -> (game, controllers)``. A subclass gives
    ``size``, ``speed0`` (events a second at 1x), :meth:`new_view`, :meth:`draw` and, for the
    status line and the end card, :meth:`outcome`.

    Why ``speed0`` is a few events a second: each event is a line in the log or a roll in the
    tray, and a person reads it before the next comes (a road race at 8 a second ran six rounds
    in under 20 s, unreadable); + / - double or halve it, End skips to the finish."""

    size: tuple[int, int] = (1280, 800)
    speed0 = 3.0

    def __init__(self, make: Callable[[int], tuple[Any, list[Any]]], seed: int) -> None:
        self.make = make
        self.speed = self.speed0
        self.playing = True
        self.show_help = False
        self.restart(seed)

    def new_view(self) -> Any:
        raise NotImplementedError

    def draw(self, surf: pygame.Surface, fonts: Any) -> None:
        raise NotImplementedError

    def restart(self, seed: int) -> None:
        self.seed = seed
        self.match, self.controllers = self.make(seed)
        self.view = self.new_view()
        self.shown = 0
        self._acc = 0.0

    def event_log(self) -> list[Any]:
        return list(self.match.events)

    def step(self) -> bool:
        """Show one more event (asking the AIs when the game waits on them). False when done."""
        while self.shown >= len(self.event_log()):
            if not self._decide():
                return False
        self.view.apply(self.event_log()[self.shown])
        self.shown += 1
        return True

    def _decide(self) -> bool:
        m = self.match
        if m.pending is None:
            return False
        ctl = self.controllers[m.pending.boss]
        if ctl is None:
            return False
        m.answer(ctl.decide(m.pending, m))
        return True

    def advance(self, dt: float) -> None:
        self._acc += dt * self.speed
        while self._acc >= 1.0:
            self._acc -= 1.0
            if not self.step():
                break

    def skip_to_end(self) -> None:
        while self.step():
            pass

    @property
    def finished(self) -> bool:
        return self.shown >= len(self.event_log()) and self.match.pending is None

    def outcome(self) -> str:
        """The result in words once the game is over ("" before): the status line and the end
        card say it. A subclass reads it from its view."""
        return ""

    def status(self) -> str:
        """The status line: seed, speed (a multiple of the default pace), playing, paused or
        over with the result, and the F1 hint: what Space Gits' watch shows under its board."""
        x = self.speed / self.speed0
        if self.finished or self.outcome():
            state = "over" + (f": {self.outcome()}" if self.outcome() else "")
        else:
            state = "playing" if self.playing else "paused (SPACE)"
        return f"seed {self.seed}   speed {x:g}x   F1 help   {state}"


class FromLog(EventWatcher):
    """Mixed in before a game's watcher: a saved game drawn from its event log alone (no
    re-simulation)."""

    def __init__(self, events: list[Any], seed: int = 0) -> None:
        self.events = list(events)
        super().__init__(lambda _seed: (None, []), seed)

    def event_log(self) -> list[Any]:
        return self.events

    def _decide(self) -> bool:
        return False

    @property
    def finished(self) -> bool:
        return self.shown >= len(self.events)


def window_loop(
    size: tuple[int, int],
    caption: str,
    fps: int,
    on_key: Callable[[int], None],
    paint: Callable[[pygame.Surface, float], None],
) -> None:
    """A window of ``size`` until Esc or its close button: every other key to ``on_key``, and
    each frame ``paint(screen, seconds since the last frame)``. Video and fonts only (no sound
    system, so no audio-driver noise at start)."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption(caption)
    clock = pygame.time.Clock()
    running = True
    while running:
        dt = clock.tick(fps) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN:
                on_key(event.key)
        paint(screen, dt)
        pygame.display.flip()
    pygame.quit()


def run_window(w: EventWatcher, fonts: Callable[[], Any], caption: str, max_speed: float, fps: int = 30) -> None:
    pygame.font.init()
    f = fonts()

    def on_key(key: int) -> None:
        if key == pygame.K_SPACE:
            w.playing = not w.playing
        elif key == pygame.K_RIGHT:
            w.step()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            w.speed = min(max_speed, w.speed * 2)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            w.speed = max(w.speed0 / 4, w.speed / 2)
        elif key == pygame.K_END:
            w.skip_to_end()
        elif key == pygame.K_r and not isinstance(w, FromLog):
            w.restart(w.seed + 1)
        elif key == pygame.K_F1:
            w.show_help = not w.show_help

    def paint(screen: pygame.Surface, dt: float) -> None:
        if w.playing:
            w.advance(dt)
        w.draw(screen, f)

    window_loop(w.size, caption, fps, on_key, paint)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines that fit ``width`` pixels (a word longer than the
    line is cut), so nothing a player must read runs off its panel or is clipped. A text that fits
    is kept as it is (its spacing too: the key lines are laid out in columns)."""
    if font.size(text)[0] <= width:
        return [text]
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}" if cur else word
        if font.size(trial)[0] <= width:
            cur = trial
            continue
        if cur:
            lines.append(cur)
        while font.size(word)[0] > width and len(word) > 1:
            k = len(word)
            while k > 1 and font.size(word[:k])[0] > width:
                k -= 1
            lines.append(word[:k])
            word = word[k:]
        cur = word
    if cur:
        lines.append(cur)
    return lines or [""]


def draw_help(surf: pygame.Surface, font: pygame.font.Font, lines: list[str], box: pygame.Rect) -> pygame.Rect:
    """The F1 overlay: ``lines`` (the watch keys, then the game's legend; "" a gap) wrapped in a
    dark box whose top-left and width are ``box``'s; its height follows the text. Returns the box."""
    rows = [r for line in lines for r in (wrap(font, line, box.w - 32) if line else [""])]
    step = font.get_linesize() + 2
    box = pygame.Rect(box.x, box.y, box.w, 24 + step * len(rows))
    pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
    pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
    for i, row in enumerate(rows):
        surf.blit(font.render(row, True, (232, 232, 236)), (box.x + 16, box.y + 12 + i * step))
    return box


def draw_card(
    surf: pygame.Surface,
    title_font: pygame.font.Font,
    font: pygame.font.Font,
    title: str,
    lines: list[str],
    box: pygame.Rect,
) -> None:
    """The end card, as Space Gits' watch ends: ``title`` ("GAME OVER") and the result lines,
    wrapped and centred, in a framed box at ``box`` (its height at least what the text needs)."""
    rows = [r for line in lines for r in wrap(font, line, box.w - 28)]
    need = 28 + title_font.get_linesize() + 8 + (font.get_linesize() + 4) * len(rows)
    box = pygame.Rect(box.x, box.y, box.w, max(box.h, need))
    pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
    pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
    img = title_font.render(title, True, (255, 220, 120))
    surf.blit(img, (box.centerx - img.get_width() // 2, box.y + 14))
    y = box.y + 14 + title_font.get_linesize() + 8
    for row in rows:
        img = font.render(row, True, (240, 240, 240))
        surf.blit(img, (box.centerx - img.get_width() // 2, y))
        y += font.get_linesize() + 4


class Film:
    """Frames drawn off-screen (the SDL dummy driver unless a display is named), streamed to a
    GIF/MP4 as they come (memory stays flat), the log printed as it grows, the final picture saved
    as a PNG. ``frame_size`` scales frames down (the window's own size by default); after
    ``max_frames`` the film stops taking frames and the game plays on. Use it as a context
    manager around the playing, then :meth:`result`."""

    def __init__(
        self,
        size: tuple[int, int],
        record: str | None,
        fps: int,
        max_frames: int,
        on_log: Callable[[str], None] | None = None,
        frame_size: tuple[int, int] | None = None,
    ) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()  # no sound system: a headless run prints no audio-driver errors
        pygame.font.init()
        self.surf = pygame.Surface(size)
        self.frame_size = frame_size or size
        self.record = record
        self.max_frames = max_frames
        self.on_log = on_log
        self.printed = 0
        self.video = VideoWriter(record, self.frame_size, fps) if record else None
        self.t0 = time.perf_counter()

    def __enter__(self) -> Film:
        if self.video is not None:
            self.video.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.video is not None:
            self.video.__exit__(*exc)

    @property
    def wants_frame(self) -> bool:
        """Is a frame to be drawn now (a film is being made and is not yet full)?"""
        return self.video is not None and self.video.frames < self.max_frames

    def add_frame(self) -> None:
        """The surface as it is drawn now, one more frame of the film."""
        assert self.video is not None
        size = self.surf.get_size()
        frame = self.surf if self.frame_size == size else pygame.transform.smoothscale(self.surf, self.frame_size)
        self.video.add(pygame.image.tobytes(frame, "RGB"))

    def print_log(self, log: list[str]) -> None:
        """The log lines not printed yet, to ``on_log``."""
        if self.on_log:
            for line in log[self.printed :]:
                self.on_log(line)
            self.printed = len(log)

    def result(self, screenshot: str | None, final: Callable[[pygame.Surface], None]) -> dict[str, Any]:
        """What was made: frames, wall time, the screenshot (``final`` draws it on the surface),
        the film and how long it plays."""
        out: dict[str, Any] = {
            "frames": self.video.frames if self.video else 0,
            "wall_s": time.perf_counter() - self.t0,
        }
        if screenshot:
            final(self.surf)
            save_png(self.surf, screenshot)
            out["screenshot"] = screenshot
        if self.video is not None and self.video.frames:
            out["record"] = self.record
            out["plays_s"] = self.video.seconds
        return out


def run_headless(
    w: EventWatcher,
    fonts: Callable[[], Any],
    record: str | None,
    screenshot: str | None,
    fps: int = 10,
    on_log: Callable[[str], None] | None = None,
    max_frames: int = 1500,
    events_per_frame: int = 4,
) -> dict[str, Any]:
    """Play the game off-screen: a frame every few events into a GIF/MP4, the final board as a PNG."""
    with Film(w.size, record, fps, max_frames, on_log) as film:
        f = fonts()
        going = True
        while going:
            for _ in range(events_per_frame):
                going = w.step()
                if not going:
                    break
            film.print_log(w.view.log)
            if film.wants_frame:
                w.draw(film.surf, f)
                film.add_frame()
    return film.result(screenshot, lambda surf: w.draw(surf, f))

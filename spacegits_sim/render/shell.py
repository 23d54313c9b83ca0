"""The watch shell a game's window shares: step a game's events through a view, AI answers when
it waits on them, a saved log drawn alone, the window's keys, and headless frames to a GIF/MP4.

Why one module: a ruleset's render module may not import another ruleset's, and the road race's
and Gangfight's shells were the same 150 lines. A game's module subclasses :class:`EventWatcher`
(its view and its drawing) and passes its fonts and caption to :func:`run_window` and
:func:`run_headless`. Keys: space pause, right arrow one event, +/- speed, End to the finish,
r a new seed, Esc quit.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from typing import Any

import pygame

from .recording import VideoWriter

__all__ = ["EventWatcher", "FromLog", "has_display", "run_headless", "run_window"]


def has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if os.name == "posix" and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return os.uname().sysname == "Darwin"
    return True


class EventWatcher:
    """A game shown event by event. ``make(seed) -> (game, controllers)``. A subclass gives
    ``size``, ``speed0`` (events a second), :meth:`new_view` and :meth:`draw`."""

    size: tuple[int, int] = (1280, 800)
    speed0 = 8.0

    def __init__(self, make: Callable[[int], tuple[Any, list[Any]]], seed: int) -> None:
        self.make = make
        self.speed = self.speed0
        self.playing = True
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


def run_window(w: EventWatcher, fonts: Callable[[], Any], caption: str, max_speed: float, fps: int = 30) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(w.size)
    pygame.display.set_caption(caption)
    f = fonts()
    clock = pygame.time.Clock()
    running = True
    while running:
        dt = clock.tick(fps) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN:
                if event.key == pygame.K_SPACE:
                    w.playing = not w.playing
                elif event.key == pygame.K_RIGHT:
                    w.step()
                elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                    w.speed = min(max_speed, w.speed * 2)
                elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                    w.speed = max(1.0, w.speed / 2)
                elif event.key == pygame.K_END:
                    w.skip_to_end()
                elif event.key == pygame.K_r and not isinstance(w, FromLog):
                    w.restart(w.seed + 1)
        if w.playing:
            w.advance(dt)
        w.draw(screen, f)
        pygame.display.flip()
    pygame.quit()


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
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    f = fonts()
    surf = pygame.Surface(w.size)
    t0 = time.perf_counter()
    printed = 0
    video = VideoWriter(record, w.size, fps) if record else None
    with video if video is not None else contextlib.nullcontext():
        going = True
        while going:
            for _ in range(events_per_frame):
                going = w.step()
                if not going:
                    break
            if on_log:
                for line in w.view.log[printed:]:
                    on_log(line)
                printed = len(w.view.log)
            if video is not None and video.frames < max_frames:
                w.draw(surf, f)
                video.add(pygame.image.tobytes(surf, "RGB"))
    out: dict[str, Any] = {"frames": video.frames if video else 0, "wall_s": time.perf_counter() - t0}
    if screenshot:
        w.draw(surf, f)
        pygame.image.save(surf, screenshot)
        out["screenshot"] = screenshot
    if video is not None and video.frames:
        out["record"] = record
        out["plays_s"] = video.seconds
    return out

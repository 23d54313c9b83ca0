"""Watch mode: a match animated from its events, played live (an AI-vs-AI match decision by
decision) or from a saved event log alone (``LogWatcher``: no simulation at all).

In a window: SPACE play/pause, RIGHT step, +/- speed (0.5x-8x), END skip to the end,
R restart with a new seed, N / P highlights, C the results card, F1 help. At the end the window
pauses and shows the results card (the headless picture's), so N and P start from where they land.
Headless (no display, or --headless): the same frames
are rendered off-screen, optionally recorded to a GIF/MP4, and the final board saved as PNG.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..rules import events as ev
from ..rules.decisions import collect
from .board import BoardRenderer, Overrides, help_lines
from .display import has_display as has_display  # (these two re-exported: their old home)
from .display import save_png as save_png
from .labels import around, leader_end, leader_needed, place
from .scene import Scene
from .shell import Film, window_loop

Colour = tuple[int, int, int]
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
BIG_HIT = 3  # damage at once that makes a highlight
TIMELINE_SPAN = 1.5  # the timeline runs to 1.5x the timer (where the safety rule ends AI matches)
TIMELINE_COLOURS = {"fall": (230, 80, 80), "(cascade)": (255, 60, 200), "*": (240, 200, 80)}
NOTE_S = 3.0  # how long the status bar says where N / P went
CARD_KEYS = "C  hide this card      P  back to the last highlight      R  a new match"


ACTIVATE_RING_PX = 22  # the ring round each git that may activate
LEADER_COLOUR = (235, 235, 235)  # the thin line from a pushed-away label to its die or base
NAME_COLOURS = [(255, 170, 165), (165, 195, 255), (160, 235, 160), (255, 225, 130)]  # names, by boss (light)


def short_name(name: str) -> str:
    """A model's name as the table shows it by its base: a git's first word ("Grunk"), a
    vehicle's owner's without the "'s" ("Grimfang's Truck" -> "Grimfang Truck" cut to 14)."""
    words = name.split()
    if len(words) > 1 and words[0].endswith("'s"):
        return fit_chars(f"{words[0][:-2]} {words[-1]}", 14)
    return fit_chars(words[0] if words else name, 10)


def fit_chars(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


JARGON = re.compile(r" at \d+ mm \(\d+ mm/s\)")  # a stray die's height and speed on a tower


def player_words(line: str) -> str:
    """A log line in a watcher's or player's words: the physics of a stray die ("into Urgat's
    tower at 75 mm (151 mm/s)") left out of the window, the GIF and the hot-seat (the terminal's
    play-by-play, ``match --log`` and the replay keep it)."""
    return JARGON.sub("", line)


@dataclass
class Anim:
    """One event's animation: a duration and a function painting overrides at time t."""

    duration: float
    paint: Callable[[float, Overrides], None]
    log: str | None = None
    event: ev.Event | None = None  # applied to the scene when the animation starts
    started: bool = False
    t: float = 0.0


@dataclass
class WatchState:
    queue: deque[Anim] = field(default_factory=deque)
    log: list[str] = field(default_factory=list)
    playing: bool = True
    speed_i: int = 1
    show_help: bool = False
    active: str | None = None
    show_card: bool = True  # the results card over the table at the end (C hides / shows it)
    note: str = ""  # a word on the last key in the status bar (where N / P went), for NOTE_S seconds
    note_s: float = 0.0


def highlights(events: list[ev.Event], names: dict[str, str] | None = None) -> list[tuple[int, str]]:
    """The moments worth jumping to: (index in the log, a few words). Falls and sober-ups
    (cascades from stray dice marked so), explosions, big hits (3+ damage at once), gits taken
    out, jackpots, wipeouts, wrecks and head-on crashes, the siren, legging it."""
    names = dict(names or {})
    out: list[tuple[int, str]] = []
    tumbling: set[str] = set()  # dice off a falling tower: one of them toppling another is a cascade
    struck_by: dict[str, str] = {}  # model -> the die that last struck its tower
    for i, e in enumerate(events):
        if isinstance(e, ev.MatchStarted):
            names.update({m["id"]: m["name"] for m in e.models})
        if isinstance(e, ev.DiceThrown) and e.purpose == "tumble":
            tumbling |= {d["id"] for d in e.dice}
        if isinstance(e, ev.TowerStruck):
            struck_by[e.model] = e.die
        who = names.get(getattr(e, "model", ""), getattr(e, "model", ""))
        if isinstance(e, ev.TowerFell):
            what = "falls over" if e.outcome == "fell_over" else "sobers up"
            # "(cascade)" only for a tower toppled by another's tumbling dice: the playtest's
            # card said it of towers each knocked by one thrown die (2026-12-06)
            why = ""
            if "stray" in e.cause:
                why = " (cascade)" if struck_by.get(e.model) in tumbling else " (a stray die)"
            elif "barged" in e.cause:
                why = " (barged)"
            out.append((i, f"{who} {what}{why}"))
        elif isinstance(e, ev.Exploded):
            out.append((i, f"explosion ({e.x})"))
        elif isinstance(e, ev.Damaged) and e.amount >= BIG_HIT:
            out.append((i, f"{who} takes {e.amount}"))
        elif isinstance(e, ev.ModelRemoved) and e.reason != "legged it":
            out.append((i, f"{who} is out"))
        elif isinstance(e, ev.TerrainBooted) and e.caps_won >= 2:
            out.append((i, f"{who} wins {e.caps_won} caps"))
        elif isinstance(e, ev.WipedOut):
            out.append((i, f"{who} wipes out"))
        elif isinstance(e, ev.Wrecked):
            out.append((i, f"{who} is wrecked"))
        elif isinstance(e, ev.Smashed) and e.head_on:
            out.append((i, f"{who} head-on"))
        elif isinstance(e, ev.Siren):
            out.append((i, "the siren"))
        elif isinstance(e, ev.LeggedIt):
            out.append((i, f"{e.boss} legs it"))
    return out


class Watcher:
    """Drives a match and turns its new events into animations of a scene drawn from them."""

    show_names = True  # F2: each model's short name by its base (the hot-seat's, and the watch's too)

    #: drawn in a window (run_window): the results card names its keys (a film's has none)
    in_window = False
    #: the whole log as the window first showed the end (kept when P goes back from there: the
    #: result the terminal gets when the window closes); None until the end is shown
    ended_log: list[ev.Event] | None = None

    def __init__(
        self,
        make_match: Callable[[int], tuple[Any, list[Any]]],
        seed: int,
        size: tuple[int, int] = (1280, 800),
        background: bool = False,
    ) -> None:
        self.make_match = make_match
        self.renderer = BoardRenderer(size)
        self.size = size
        self.background = background  # AIs think in a worker thread (windows: the frames keep coming)
        self._pool: ThreadPoolExecutor | None = None
        self._thinking: Future[Any] | None = None
        self.restart(seed)

    def restart(self, seed: int) -> None:
        if self._thinking is not None:  # a decision for the old match: let it finish, drop it
            self._thinking.result()
            self._thinking = None
        self.seed = seed
        self.match, self.controllers = self.make_match(seed)
        self._reset()
        self._queue_new_events()

    def _reset(self) -> None:
        self.state = WatchState()
        self.scene = Scene()
        self.names: dict[str, str] = {}
        self.seen = 0

    def queue(self, e: ev.Event) -> None:
        """One more event to animate (and to apply to the scene when its animation starts)."""
        if isinstance(e, ev.MatchStarted):
            self.names = ev.display_names(e)
        elif isinstance(e, ev.TerrainPlaced):
            self.names[e.terrain] = ev.terrain_phrase(e.name, False)
        a = self.animation_for(e, self.names)
        a.event = e
        self.state.queue.append(a)

    # ------------------------------------------------------------------ advancing the match

    def step_match(self) -> bool:
        """Answer one pending decision; False when the match is over."""
        m = self.match
        req = m.pending
        if req is None:
            return False
        ans = self.answer_for(req)
        if ans is None:
            return False  # waiting for a person
        m.answer(ans)
        self._queue_new_events()
        return True

    def answer_for(self, req: Any) -> Any:
        """The answer to a request, or None while waiting (hot-seat overrides this).

        In a window (``background``), an AI thinks in a worker thread, so the frame loop keeps
        drawing (and says "thinking…") while a search boss weighs its throws: None until it has
        answered. The match is not touched meanwhile, so the answer is the one it would give
        in the foreground: the same seed plays the same match either way."""
        m = self.match
        if not self.background:
            return collect(req, lambda r: self.controllers[r.boss].decide(r, m))
        if self._thinking is None:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
            self._thinking = self._pool.submit(collect, req, lambda r: self.controllers[r.boss].decide(r, m))
        if not self._thinking.done():
            return None
        ans, self._thinking = self._thinking.result(), None
        return ans

    @property
    def thinking(self) -> bool:
        """An AI is deciding in the background (the window shows "thinking…")."""
        return self._thinking is not None and not self._thinking.done()

    def _queue_new_events(self) -> None:
        m = self.match
        new = m.events[self.seen :]
        self.seen = len(m.events)
        for e in new:
            self.queue(e)

    def add_log(self, line: str) -> None:
        """A line into the on-screen log (the hot-seat folds repeats)."""
        self.state.log.append(line)

    def animation_for(self, e: ev.Event, names: dict[str, str]) -> Anim:
        text = None if isinstance(e, ev.DieRemoved) else e.describe(names)
        mins, secs = divmod(int(e.t), 60)
        log = player_words(f"[{mins:2d}:{secs:02d}] {text}") if text else None
        if isinstance(e, ev.ActivationStarted):

            def paint_active(t: float, ov: Overrides, e: ev.ActivationStarted = e) -> None:
                self.state.active = e.model

            return Anim(0.25, paint_active, log)
        if isinstance(e, ev.DiceThrown):
            dice = [(d["sides"], d["value"], d["trajectory"], d["id"]) for d in e.dice]
            dur = max(len(d[2]) for d in dice) / 60.0 if dice else 0.1

            def paint_flight(t: float, ov: Overrides, dice: list[Any] = dice) -> None:
                k = int(t * 60)
                for sides, value, traj, did in dice:
                    ov.hidden_dice.add(did)
                    if not traj:
                        continue
                    x, y, z = traj[min(k, len(traj) - 1)]
                    if k < len(traj) + 2:
                        ov.flying.append((sides, value, (x, y), z))

            return Anim(min(dur, 3.0), paint_flight, log)
        if isinstance(e, ev.ModelMoved):
            dur = max(0.2, e.travelled / 8.0)
            frames = e.frames

            def paint_move(t: float, ov: Overrides, e: ev.ModelMoved = e, frames: list[Any] = frames) -> None:
                f = min(1.0, t / dur)
                ov.positions[e.model] = (
                    e.start[0] + (e.end[0] - e.start[0]) * f,
                    e.start[1] + (e.end[1] - e.start[1]) * f,
                )
                if frames:  # the tower wobbling as it was simulated during this carry
                    ov.tower_frames[e.model] = frames[min(len(frames) - 1, int(f * (len(frames) - 1)))]

            return Anim(dur, paint_move, log)
        if isinstance(e, ev.VehicleMoved) and e.how != "deployed":
            turn = (e.angle_end - e.angle_start + math.pi) % (2 * math.pi) - math.pi
            t_turn = min(0.6, abs(turn) / 3.0)
            t_run = max(0.15, e.travelled / 10.0) if e.travelled > 0 else 0.0
            dur = max(0.2, t_turn + t_run)

            def paint_drive(t: float, ov: Overrides, e: ev.VehicleMoved = e) -> None:
                if t < t_turn:  # the pivot (or a spin) first, about the centre
                    ov.angles[e.model] = e.angle_start + turn * t / t_turn
                    ov.positions[e.model] = e.start
                    return
                ov.angles[e.model] = e.angle_end
                f = min(1.0, (t - t_turn) / t_run) if t_run else 1.0
                ov.positions[e.model] = (
                    e.start[0] + (e.end[0] - e.start[0]) * f,
                    e.start[1] + (e.end[1] - e.start[1]) * f,
                )
                if e.how == "flip":  # through the air
                    ov.banner = "FLIP!"

            return Anim(dur, paint_drive, log)
        if isinstance(e, (ev.Smashed, ev.WipedOut, ev.Wrecked)):
            banner = {"smashed": "SMASH!", "wiped_out": "WIPEOUT!", "wrecked": "WRECKED!"}[e.kind]

            def paint_crash(t: float, ov: Overrides, banner: str = banner) -> None:
                ov.banner = banner

            return Anim(0.7, paint_crash, log)
        if isinstance(e, ev.TowerStruck) and e.frames:

            def paint_wobble(t: float, ov: Overrides, e: ev.TowerStruck = e) -> None:
                k = min(len(e.frames) - 1, int(t / 0.4 * (len(e.frames) - 1)))
                ov.tower_frames[e.model] = e.frames[k]

            return Anim(0.4, paint_wobble, log)
        if isinstance(e, ev.BulletResolved) and e.line is not None:

            def paint_shot(t: float, ov: Overrides, e: ev.BulletResolved = e) -> None:
                a, b = e.line  # type: ignore[misc]
                if e.hit and e.hit.startswith("figure"):
                    col = (255, 60, 60)
                else:
                    col = (255, 230, 120)
                ov.lines.append((a, b, col))

            return Anim(0.5, paint_shot, log)
        if isinstance(e, ev.BlastResolved):

            def paint_blast_line(t: float, ov: Overrides, e: ev.BlastResolved = e) -> None:
                ov.lines.append((e.line[0], e.line[1], (255, 150, 40)))

            return Anim(0.3, paint_blast_line, log)
        if isinstance(e, ev.Exploded):

            def paint_blast(t: float, ov: Overrides, e: ev.Exploded = e) -> None:
                ov.blasts.append((e.position, 0.5 + 3.0 * t / 0.6))

            return Anim(0.6, paint_blast, log)
        if isinstance(e, (ev.TowerFell, ev.FightBroke, ev.Siren, ev.GameOver, ev.LeggedIt)):
            banner = {
                "tower_fell": "TIMBER!",
                "fight": "FIGHT!",
                "siren": "WEE-OO WEE-OO",
                "game_over": "GAME OVER",
                "legged_it": "LEG IT!",
            }[e.kind]

            def paint_banner(t: float, ov: Overrides, banner: str = banner) -> None:
                ov.banner = banner

            return Anim(0.9, paint_banner, log)
        return Anim(0.08 if log else 0.0, lambda t, ov: None, log)

    # ------------------------------------------------------------------ time

    def advance(self, dt: float) -> Overrides:
        """Advance animations by dt (already scaled by speed); fetch more events when idle."""
        ov = Overrides()
        budget = dt
        while True:
            if not self.state.queue:
                if not self.step_match():
                    break
                continue
            a = self.state.queue[0]
            if not a.started:
                a.started = True
                if a.event is not None:
                    self.scene.apply(a.event)
                if a.log:
                    self.add_log(a.log)
            if a.t + budget < a.duration:
                a.t += budget
                a.paint(a.t, ov)
                return ov
            budget -= a.duration - a.t
            a.t = a.duration
            self.state.queue.popleft()
            if budget <= 0:
                break
        if self.state.queue:
            self.state.queue[0].paint(self.state.queue[0].t, ov)
        return ov

    def overrides_now(self) -> Overrides:
        """The frame as it stands, without advancing anything (paused): the animation under way,
        if one has started, else the settled scene. (Paused, a stale frame would keep showing
        where things were before a jump: P seemed not to step back.)"""
        ov = Overrides()
        if self.state.queue and self.state.queue[0].started:
            a = self.state.queue[0]
            a.paint(a.t, ov)
        return ov

    def skip_to(self, index: int) -> None:
        """Play on at once until the event at ``index`` (and everything before it) is shown."""
        while self.scene.applied <= index:
            if not self.state.queue and not self._step_now():
                break
            if not self.state.queue:
                continue
            self.settle(self.state.queue.popleft())

    def settle(self, a: Anim) -> None:
        """An animation taken off the queue unplayed: its event applied to the scene and its log
        line kept, unless it had started (it did both then)."""
        if not a.started:
            if a.event is not None:
                self.scene.apply(a.event)
            if a.log:
                self.add_log(a.log)

    def settle_queue(self) -> int:
        """Every queued animation settled at once (:meth:`settle`); how many there were."""
        n = len(self.state.queue)
        while self.state.queue:
            self.settle(self.state.queue.popleft())
        return n

    def jump(self, step: int) -> str | None:
        """To the next (+1) or previous (-1) highlight; returns its words (None: no more).
        Back means replaying from the start (seeded: the same match) up to it."""
        here = self.scene.applied - 1
        if step > 0:
            while True:
                marks = [h for h in highlights(self.event_log()) if h[0] > here]
                if marks:
                    self.skip_to(marks[0][0])
                    return marks[0][1]
                if not self._step_now():
                    return None
        marks = [h for h in highlights(self.event_log()) if h[0] < here]
        if not marks:
            return None
        keep = (self.state.playing, self.state.speed_i, self.state.show_help)  # paused stays paused
        self.restart(self.seed)
        self.state.playing, self.state.speed_i, self.state.show_help = keep
        self.skip_to(marks[-1][0])
        return marks[-1][1]

    def _step_now(self) -> bool:
        """step_match, waiting for a background decision rather than returning without one."""
        while True:
            if self.step_match():
                return True
            if self._thinking is None:
                return False
            self._thinking.result()

    def skip_to_end(self) -> None:
        while self._step_now():
            pass
        self.settle_queue()

    @property
    def finished(self) -> bool:
        return self.match.pending is None and not self.state.queue

    @property
    def idle(self) -> bool:
        """No animation left to play (a person may be asked now)."""
        return not self.state.queue

    def event_log(self) -> list[ev.Event]:
        """Every event so far."""
        return list(self.match.events)

    def game_over(self) -> ev.GameOver | None:
        """The game's end, once the scene shows it (None before, and after P goes back)."""
        if not self.scene.over:
            return None
        return next((e for e in reversed(self.event_log()[: self.scene.applied]) if isinstance(e, ev.GameOver)), None)

    def draw(self, surf: pygame.Surface, ov: Overrides, hover: Any = None) -> None:
        sp = SPEEDS[self.state.speed_i]
        state = "thinking…" if self.thinking else ("playing" if self.state.playing else "paused")
        active = self.state.active
        if self.scene.over:  # (not "playing": a player could not tell the game had ended)
            state, active = "game over   C results", None  # (no git's card: they have all left)
        jumps = f"N/P: {self.state.note}" if self.state.note else "N/P highlights"
        status = f"seed {self.seed}   speed {sp:g}x   {state}   F1 help   {jumps}"
        self.renderer.draw(surf, self.scene, ov, self.state.log, hover, active, status)
        if self.show_names:
            self.draw_names(surf, ov)
        self.draw_timeline(surf)
        over = self.game_over()
        if over is not None and self.state.show_card:
            lines = result_lines(self.renderer, self.event_log()[: self.scene.applied], over)
            if self.in_window:
                lines.append((CARD_KEYS, self.renderer.small, (150, 220, 150)))
            draw_card(surf, self.renderer, lines, center=self.renderer.layout(self.scene)[0].center)
        self.draw_help(surf)

    def cap_points(self) -> list[tuple[int, int]]:
        """The caps on the table, in pixels: labels keep clear of them (the playtest saw a die's
        words over the caps it was about to bump)."""
        return [self.renderer.to_px(self.scene, p) for p in self.scene.caps.values()]

    def draw_names(self, surf: pygame.Surface, ov: Overrides) -> list[pygame.Rect]:
        """Each model's short name by its base (the playtest hovered every git to find Grunk):
        small, beside the base where it collides with no other name, base, tower count, cap or
        die (labels.around), with a thin line to a base it had to move away from. Returns the
        plates, which the dice's and the aim's words then keep clear of. F2 hides them."""
        table, s = self.renderer.layout(self.scene)
        blocks = [pygame.Rect(x - 12, y - 12, 24, 24) for x, y in self.base_points() + self.cap_points()]
        blocks += [pygame.Rect(x - 10, y - 10, 20, 20) for x, y in self.dice_points()]
        bases = []
        for m in self.scene.models.values():
            if not m.in_play:
                continue
            c = self.renderer.to_px(self.scene, ov.positions.get(m.id, m.position))
            r = max(4, int((max(m.hull) / 2 if m.hull else m.radius_in) * s))
            if m.hull is not None:  # (a hull: its whole box kept clear)
                blocks.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
            else:  # (outside the yellow ring a git to activate wears, which cut "Urg" and "Dreg")
                r = max(r, ACTIVATE_RING_PX)
            img = self.renderer.text(short_name(m.name), self.renderer.small, NAME_COLOURS[m.boss % 4])
            bases.append((img, c, r))
        rects = place((around(img.get_size(), c, r, table, rings=4, step=8) for img, c, r in bases), blocks)
        for (img, c, r), rect in zip(bases, rects, strict=True):
            if leader_needed(rect, c, r, far=8):
                pygame.draw.line(surf, LEADER_COLOUR, c, leader_end(rect, c), 1)
            plate = rect.inflate(2, 0)
            pygame.draw.rect(surf, (20, 20, 26), plate, border_radius=2)
            surf.blit(img, rect.topleft)
        return rects

    def dice_points(self) -> list[tuple[int, int]]:
        return [self.renderer.to_px(self.scene, d.position) for d in self.scene.dice.values()]

    def base_points(self) -> list[tuple[int, int]]:
        """The pixels labels keep clear of: every git's base and the count of its tower (drawn
        behind the base), as the board draws them."""
        out = []
        for m in self.scene.models.values():
            if not m.in_play or m.hull is not None:
                continue
            out.append(self.renderer.to_px(self.scene, m.position))
            if m.tower:
                dx, dy = m.tower_offset
                out.append(self.renderer.to_px(self.scene, (m.position[0] + dx, m.position[1] + dy)))
        return out

    def draw_timeline(self, surf: pygame.Surface) -> None:
        """The highlights so far as marks along the game clock (N / P jump between them). Drawn
        from the events shown so far only, so a saved log draws the very frames a live match does."""
        shown = self.event_log()[: self.scene.applied]
        span = max(self.scene.timer_s * TIMELINE_SPAN, self.scene.clock, 1.0)
        rect, _s = self.renderer.layout(self.scene)
        x0 = rect.right + 20
        width = self.size[0] - x0 - 20
        y = self.size[1] - 48
        pygame.draw.rect(surf, (60, 62, 70), pygame.Rect(x0, y, width, 10), border_radius=4)
        siren = x0 + int(self.scene.timer_s / span * width)
        pygame.draw.line(surf, (120, 120, 130), (siren, y - 2), (siren, y + 11), 1)
        for i, words in highlights(shown):
            col = TIMELINE_COLOURS["*"]
            if "cascade" in words:
                col = TIMELINE_COLOURS["(cascade)"]
            elif "falls" in words or "sobers" in words:
                col = TIMELINE_COLOURS["fall"]
            x = x0 + int(min(shown[i].t, span) / span * width)
            pygame.draw.line(surf, col, (x, y - 4), (x, y + 13), 2)
        cur = x0 + int(min(self.scene.clock, span) / span * width)
        pygame.draw.polygon(surf, (240, 240, 240), [(cur, y + 12), (cur - 5, y + 20), (cur + 5, y + 20)])

    def draw_help(self, surf: pygame.Surface) -> None:
        """The F1 overlay: the controls and a rules summary."""
        if self.state.show_help:
            lines = help_lines()
            box = pygame.Rect(40, 20, 780, 24 + 21 * len(lines))  # every line inside, above the legend
            pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
            pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
            for i, line in enumerate(lines):
                surf.blit(self.renderer.text(line), (box.left + 16, box.top + 12 + i * 21))
            self.renderer.draw_legend(surf, self.scene, pygame.Rect(40, box.bottom + 8, 780, 392))


class LogWatcher(Watcher):
    """Plays a saved event log alone: no match, no physics, the same animations and frames."""

    def __init__(self, events: list[ev.Event], size: tuple[int, int] = (1280, 800), seed: int = 0) -> None:
        self.events = list(events)
        self.renderer = BoardRenderer(size)
        self.size = size
        self.seed = seed
        self.controllers: list[Any] = []
        self.background = False
        self._pool = None
        self._thinking = None
        self.restart(seed)

    def restart(self, seed: int) -> None:
        self.seed = seed
        self._reset()

    def step_match(self) -> bool:
        if self.seen >= len(self.events):
            return False
        self.queue(self.events[self.seen])
        self.seen += 1
        return True

    @property
    def finished(self) -> bool:
        return self.seen >= len(self.events) and not self.state.queue

    def event_log(self) -> list[ev.Event]:
        return list(self.events)


def run_window(w: Watcher, fps: int = 60) -> None:
    """The watch window (the shared frame loop, shell.window_loop), with this watch's keys."""
    w.background = True  # AIs think in a worker: the window keeps drawing
    w.in_window = True  # the results card names its keys

    def paint(screen: pygame.Surface, dt: float) -> None:
        ov = frame(w, dt)
        hover = w.renderer.to_table(w.scene, pygame.mouse.get_pos())
        w.draw(screen, ov, hover)

    window_loop(w.size, "spacegits_sim — watch", fps, lambda key: handle_key(w, key), paint)


def frame(w: Watcher, dt: float) -> Overrides:
    """This frame's overrides: playing, the match moves on by ``dt``; paused (or over), the
    frame is redrawn from where the watcher now stands (after a jump with N or P too).

    At the end the watch pauses and keeps the log as it ended: still "playing", a jump back
    with P played straight on to the end again, so P seemed to do nothing until SPACE."""
    w.state.note_s = max(0.0, w.state.note_s - dt)
    if w.state.note_s == 0.0:
        w.state.note = ""
    if w.state.playing and not w.finished:
        ov = w.advance(dt * SPEEDS[w.state.speed_i])
    else:
        ov = w.overrides_now()
    if w.finished:
        w.state.playing = False
        if w.ended_log is None:
            w.ended_log = w.event_log()
    return ov


def note(w: Watcher, words: str) -> None:
    """A few words in the status bar for a few seconds (where N / P went, or why not)."""
    w.state.note, w.state.note_s = words, NOTE_S


def handle_key(w: Watcher, key: int) -> None:
    if key == pygame.K_SPACE:
        w.state.playing = not w.state.playing
    elif key == pygame.K_RIGHT:
        w.advance(max((a.duration - a.t) for a in list(w.state.queue)[:1]) + 1e-6 if w.state.queue else 1e-6)
    elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        w.state.speed_i = min(len(SPEEDS) - 1, w.state.speed_i + 1)
    elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        w.state.speed_i = max(0, w.state.speed_i - 1)
    elif key == pygame.K_END:
        w.skip_to_end()
    elif key == pygame.K_r:
        w.restart(w.seed + 1)
        w.ended_log = None  # a new match: its own end to come
    elif key == pygame.K_F1:
        w.state.show_help = not w.state.show_help
    elif key == pygame.K_c:
        w.state.show_card = not w.state.show_card
    elif key == pygame.K_F2:
        w.show_names = not w.show_names
    elif key in (pygame.K_n, pygame.K_PAGEDOWN):
        words = w.jump(+1)
        if words is None and not w.finished:  # past the last highlight: N goes to the end
            w.skip_to_end()
            words = "the end"
        note(w, words or "no later highlight")
    elif key in (pygame.K_p, pygame.K_PAGEUP):
        words = w.jump(-1)
        note(w, words or "no earlier highlight")


def run_headless(
    w: Watcher,
    record: str | None,
    screenshot: str | None,
    speed: float = 4.0,
    fps: int = 10,
    on_log: Callable[[str], None] | None = None,
    max_frames: int = 3000,
    frame_size: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """Play the whole match off-screen; stream frames to a GIF/MP4 as they are drawn (memory
    stays flat) and save the final board as a PNG. Reports the frames written and how long the
    film plays. Frames are the window's own size unless ``frame_size`` asks for smaller: at
    full size the event log and the side panel stay readable. (The film is the shared shell's:
    shell.Film.)"""
    with Film(w.size, record, fps, max_frames, on_log, frame_size) as film:
        n = 0
        while not w.finished and n < 200_000:
            ov = w.advance(speed / fps)
            n += 1
            film.print_log(w.state.log)
            if film.wants_frame:
                w.draw(film.surf, ov)
                film.add_frame()
    film.print_log(w.state.log)
    return film.result(screenshot, lambda surf: final_picture(w, surf))


def decisive_scene(events: list[ev.Event]) -> tuple[Scene, ev.LeggedIt | None]:
    """The table at the decisive moment: just before the first boss legged it (their gits
    leave the table then, so the end of a match is often an empty table), else at the end."""
    scene = Scene()
    for e in events:
        if isinstance(e, ev.LeggedIt):
            return scene, e
        scene.apply(e)
    return scene, None


def result_lines(r: BoardRenderer, events: list[ev.Event], over: ev.GameOver) -> list[tuple[str, Any, Colour]]:
    """The results card's lines (the window's at the end and the headless picture's): the
    winner, each gang's new caps, who legged it when, the game clock."""
    lines: list[tuple[str, Any, Colour]] = [("GAME OVER", r.big, (255, 220, 120))]
    winners = " and ".join(over.winners) or "nobody"
    lines.append((f"{winners} win{'s' if len(over.winners) == 1 else ''}", r.big, (240, 240, 240)))
    for name, caps in over.new_caps.items():
        lines.append((f"{name}: {caps:+d} new caps", r.font, (220, 220, 220)))
    for e in events:
        if isinstance(e, ev.LeggedIt):
            how = " (had to)" if e.forced else ""
            lines.append((f"{e.boss} legged it{how} at {clock(e.t)}", r.small, (200, 200, 210)))
        elif isinstance(e, ev.CapsScooped):
            what = f"scooped {e.count} cap{'s' if e.count != 1 else ''} from the table"
            lines.append((f"{e.boss}, last boss standing, {what} at {clock(e.t)}", r.small, (200, 200, 210)))
    fired = "   (safety rule fired)" if over.safety_fired else ""
    lines.append((f"game clock {clock(over.clock_s)}{fired}", r.small, (180, 180, 180)))
    return lines


def clock(t: float) -> str:
    mins, secs = divmod(int(t), 60)
    return f"{mins}:{secs:02d}"


def card_size(r: BoardRenderer, lines: list[tuple[str, Any, Colour]]) -> tuple[int, int]:
    rendered = [r.text(t, f, c) for t, f, c in lines]
    return max(t.get_width() for t in rendered) + 40, sum(t.get_height() + 6 for t in rendered) + 28


def draw_card(
    surf: pygame.Surface,
    r: BoardRenderer,
    lines: list[tuple[str, Any, Colour]],
    topleft: tuple[int, int] | None = None,
    center: tuple[int, int] | None = None,
) -> pygame.Rect:
    """A card of centred lines on an opaque panel, at ``topleft`` or ``center``."""
    box = pygame.Rect((0, 0), card_size(r, lines))
    if center is not None:
        box.center = center
    elif topleft is not None:
        box.topleft = topleft
    pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
    pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
    y = box.top + 14
    for t, f, c in lines:
        img = r.text(t, f, c)
        surf.blit(img, (box.centerx - img.get_width() // 2, y))
        y += img.get_height() + 6
    return box


def final_picture(w: Watcher, surf: pygame.Surface) -> None:
    """The picture to keep: the decisive moment, with a results card over the table."""
    events = w.event_log()
    scene, legged = decisive_scene(events)
    over = next((e for e in reversed(events) if isinstance(e, ev.GameOver)), None)
    when = f"the moment before {legged.boss} legged it" if legged is not None else "the end"
    status = f"seed {w.seed}   final picture: {when}"
    r = w.renderer
    if over is None:
        r.draw(surf, scene, Overrides(), w.state.log, None, None, status)
        return
    lines = result_lines(r, events, over)
    if legged is not None:
        lines.append((f"shown: {when}", r.small, (180, 180, 180)))
    _width, height = card_size(r, lines)
    # on the side panel, under the tower insets, in a gap the log is drawn below: over no
    # model and no log line
    r.draw(surf, scene, Overrides(), w.state.log, None, None, status, gap=height + 8)
    if w.show_names:  # (the names of that moment's table, not the end's: its scene for a moment)
        live, w.scene = w.scene, scene
        try:
            w.draw_names(surf, Overrides())
        finally:
            w.scene = live
    draw_card(surf, r, lines, topleft=(r.layout(scene)[0].right + 20, r.card_top))

"""The road race's windows: watch (AI vs AI, or a saved log) and hot-seat for 2-6 drivers.

Drawn from the race's events alone (the car sheets come from each phase's ``sheets``, the dice
from ``dice_rolled`` with where each die lies in the tray): a track strip with the cars at
their Lap Points, the car sheets, the dice tray, the charts' results and the log. The race is
asked nothing here but what it asks its drivers; the window never decides a rule.

Keys (watch): space pause, right arrow one event, +/- speed, End to the finish, r a new seed,
F1 help and legend, Esc quit. Hot-seat: click an answer or press its number (1-9, 0 for the
tenth); s saves; F1 help. The status line, the F1 overlay and the end card are the shared
shell's (render/shell.py), as Space Gits' watch has them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..rulesets.roadrace.events import display as display  # names in the data's words (the sheets use it)
from . import shell
from .shell import EventWatcher, FromLog
from .shell import has_display as has_display  # the ruleset window protocol: cli/watch and cli/play ask it

SIZE = (1280, 800)
COLOURS = [(220, 70, 60), (60, 130, 220), (240, 190, 40), (70, 180, 90), (170, 90, 200), (240, 130, 40)]
BG = (28, 30, 36)
PANEL = (44, 47, 56)
INK = (232, 232, 236)
DIM = (150, 150, 160)
GOOD = (90, 200, 110)
BAD = (220, 90, 80)
TRAY = (22, 70, 48)
TRAY_IN = (14.0, 10.0, 1.5)  # the physics tray: width, depth, wall (inches)
GOAL = 20


@dataclass
class RaceView:
    """What the screen shows, folded from the events one at a time."""

    seats: list[str] = field(default_factory=list)
    cars: list[dict[str, Any]] = field(default_factory=list)
    sheets: list[dict[str, Any]] = field(default_factory=list)
    round: int = 0
    order: list[int] = field(default_factory=list)
    active: int | None = None
    phase: str = ""
    dice: list[list[float]] = field(default_factory=list)
    dice_label: str = ""
    charts: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    banner: str = ""
    card: list[str] = field(default_factory=list)  # the end card's lines (race_over): who won, why, the Lap Points
    rules: Any = field(default=None, compare=False, repr=False)  # the race's book (names); None: the bundled one

    def book(self) -> Any:
        if self.rules is None:
            from ..rulesets.roadrace.book import book

            self.rules = book()
        return self.rules

    def chart_line(self, e: Any) -> str:
        """A chart roll in the data's words: "Ma Kettle vs Speedy: Engine hit 2: Opponent loses all
        Speed re-rolls", not the ids (``engine_hit``, ``engine_rerolls``): the event's own words,
        read with this race's book."""
        return str(e.describe(self.names(), book=self.book()))

    def names(self) -> dict[str, str]:
        return {str(i): n for i, n in enumerate(self.seats)}

    def _sheet(self, seat: int, **changes: Any) -> None:
        """A car sheet changed by an event between two phases (the next phase brings the full sheet)."""
        if seat < len(self.sheets):
            self.sheets[seat] = {**self.sheets[seat], **changes}

    def apply(self, e: Any) -> None:
        k = e.kind
        if k == "race_started":
            self.seats, self.cars = list(e.seats), list(e.cars)
            self.sheets = [
                {"lp": 0, "vehicle_damage": 0, "destroyed_at": 10, "driver_damage": 0, "stats": c["sheet"]}
                for c in self.cars
            ]
        elif k == "round_started":
            self.round, self.order = e.round, list(e.order)
        elif k == "phase_started":
            self.active, self.phase = e.seat, e.phase
            if e.sheets:
                self.sheets = [dict(sh) for sh in e.sheets]  # a copy: folding later events must not edit the log
        elif k == "dice_rolled":
            self.dice = e.dice
            self.dice_label = f"{self.seats[e.seat]}: {e.stat} for {e.purpose}"
        elif k == "chart_rolled":
            self.charts = (self.charts + [self.chart_line(e)])[-5:]
        elif k == "lap_points" and e.seat < len(self.sheets):
            self._sheet(e.seat, lp=e.total)
        elif k == "damaged":
            self._sheet(e.seat, **{f"{e.part}_damage": e.total})
        elif k == "stopped":
            self._sheet(e.seat, stopped=True)
        elif k == "out":
            self._sheet(e.seat, out=e.how)
        elif k == "condition" and e.seat < len(self.sheets):
            have = list(self.sheets[e.seat].get("conditions", []))
            if e.on and e.detail not in have:
                have.append(e.detail)
            self._sheet(e.seat, conditions=have)
        elif k == "race_over":
            if e.sheets:
                self.sheets = [dict(sh) for sh in e.sheets]  # a copy: folding later events must not edit the log
            who = " and ".join(self.seats[w] for w in e.winners) or "nobody"
            self.banner = f"{who} wins: {e.reason}"
            self.active, self.phase = None, ""  # nobody is playing a phase any more
            lps = ", ".join(f"{n} {lp}" for n, lp in zip(self.seats, e.lap_points, strict=False))
            self.card = [
                f"{who} win{'s' if len(e.winners) == 1 else ''}",
                f"{e.reason}, after {e.rounds} rounds",
                f"Lap Points: {lps}",
            ]
        if k != "phase_started":
            self.log = (self.log + [e.describe(self.names(), book=self.book())])[-400:]


class Fonts:
    def __init__(self) -> None:
        pygame.font.init()
        self.small = pygame.font.SysFont("dejavusans", 14)
        self.body = pygame.font.SysFont("dejavusans", 16)
        self.big = pygame.font.SysFont("dejavusans", 24, bold=True)


def _text(
    surf: pygame.Surface, font: pygame.font.Font, text: str, pos: tuple[int, int], colour: tuple[int, int, int] = INK
) -> int:
    img = font.render(text, True, colour)
    surf.blit(img, pos)
    return int(img.get_width())


def draw(
    surf: pygame.Surface,
    v: RaceView,
    f: Fonts,
    prompt: str = "",
    buttons: list[tuple[pygame.Rect, str]] | None = None,
    status: str = "",
) -> None:
    """The track strip, the car sheets, the dice tray (the end card in its place once the race is
    over), the charts, the log, the round and phase line; ``status`` the watch's status line."""
    surf.fill(BG)
    n = max(1, len(v.seats))
    # the track strip: one lane per car, Lap Points 0-20 left to right
    track = pygame.Rect(20, 20, 1240, 40 + 26 * n)
    pygame.draw.rect(surf, PANEL, track, border_radius=8)
    x0, x1 = track.x + 130, track.right - 30
    for lp in range(GOAL + 1):
        x = x0 + (x1 - x0) * lp // GOAL
        pygame.draw.line(surf, (70, 74, 84), (x, track.y + 22), (x, track.bottom - 8))
        if lp % 5 == 0:
            _text(surf, f.small, str(lp), (x - 5, track.y + 4), DIM)
    pygame.draw.line(surf, (240, 240, 240), (x1, track.y + 22), (x1, track.bottom - 8), 3)
    for i, name in enumerate(v.seats):
        y = track.y + 30 + 26 * i
        sh = v.sheets[i] if i < len(v.sheets) else {}
        col = COLOURS[i % len(COLOURS)] if not sh.get("out") else (90, 90, 90)
        _text(surf, f.small, name[:16], (track.x + 10, y), col)
        x = x0 + (x1 - x0) * min(int(sh.get("lp", 0)), GOAL) // GOAL
        marker = pygame.Rect(x - 14, y, 28, 16)
        pygame.draw.rect(surf, col, marker, border_radius=4)
        if i == v.active:
            pygame.draw.rect(surf, INK, marker.inflate(6, 6), 2, border_radius=6)
        if sh.get("stopped") and not sh.get("out"):
            _text(surf, f.small, "STOP", (marker.right + 4, y), BAD)
        if sh.get("out"):
            _text(surf, f.small, "OUT", (marker.right + 4, y), BAD)
    top = track.bottom + 12
    # car sheets: a grid on the left, as tall as the room above the log allows (lasting states wrap)
    cols = 3 if n > 4 else 2
    rows_n = -(-n // cols)
    w_sheet = 250
    h_sheet = max(150, min(400, (SIZE[1] - 205 - top) // rows_n - 10))
    for i, name in enumerate(v.seats):
        r = pygame.Rect(20 + (i % cols) * (w_sheet + 10), top + (i // cols) * (h_sheet + 10), w_sheet, h_sheet)
        pygame.draw.rect(surf, PANEL, r, border_radius=8)
        pygame.draw.rect(surf, COLOURS[i % len(COLOURS)], r, 2, border_radius=8)
        sh = v.sheets[i] if i < len(v.sheets) else {}
        car = v.cars[i] if i < len(v.cars) else {}
        _text(surf, f.body, name[:22], (r.x + 8, r.y + 4))
        kinds = v.book()
        veh, drv = str(car.get("vehicle", "")), str(car.get("driver", ""))
        veh = display(kinds.vehicles[veh].name, veh) if veh in kinds.vehicles else display("", veh)
        drv = display(kinds.drivers[drv].name, drv) if drv in kinds.drivers else display("", drv)
        _text(surf, f.small, shell.wrap(f.small, f"{veh} / {drv}", w_sheet - 16)[0], (r.x + 8, r.y + 24), DIM)
        st = sh.get("stats", {})
        line1 = " ".join(f"{k[:3].title()}{st[k]}" for k in ("defense", "handling", "offense", "speed") if k in st)
        line2 = " ".join(f"{k[:3].title()}{st[k]}" for k in ("luck", "repair", "reaction", "toughness") if k in st)
        _text(surf, f.small, line1, (r.x + 8, r.y + 42))
        _text(surf, f.small, line2, (r.x + 8, r.y + 58))
        vd, lim = int(sh.get("vehicle_damage", 0)), int(sh.get("destroyed_at", 10))
        dd, tough = int(sh.get("driver_damage", 0)), int(sh.get("toughness", st.get("toughness", 1)))
        _text(surf, f.small, f"LP {sh.get('lp', 0)}   car {vd}/{lim}   driver {dd}/{tough}", (r.x + 8, r.y + 76))
        for j, line in enumerate(sheet_states(f, sh.get("conditions", []), w_sheet - 16, (h_sheet - 100) // 16)):
            _text(surf, f.small, line, (r.x + 8, r.y + 94 + 16 * j), BAD)
    # the dice tray, top right
    tw, td, wall = TRAY_IN
    scale = 28
    tray = pygame.Rect(SIZE[0] - 20 - int(tw * scale), top, int(tw * scale), int(td * scale))
    pygame.draw.rect(surf, (90, 60, 40), tray, border_radius=6)
    inner = tray.inflate(-int(2 * wall * scale), -int(2 * wall * scale))
    pygame.draw.rect(surf, TRAY, inner)
    for d in v.dice:
        value, dx, dy = int(d[0]), float(d[1]), float(d[2])
        px, py = tray.x + int(dx * scale), tray.bottom - int(dy * scale)
        die = pygame.Rect(px - 12, py - 12, 24, 24)
        pygame.draw.rect(surf, (245, 245, 240), die, border_radius=4)
        pygame.draw.rect(surf, GOOD if value >= 5 else BAD, die, 2, border_radius=4)
        _text(surf, f.body, str(value), (px - 5, py - 10), (20, 20, 20))
    _text(surf, f.small, v.dice_label[:60], (tray.x, tray.bottom + 4), DIM)
    # the charts' results under it, wrapped; the latest that fit above the log (and the prompt)
    cy = tray.bottom + 26
    _text(surf, f.body, "Charts", (tray.x, cy))
    room = max(0, ((SIZE[1] - 205 if buttons is not None else SIZE[1] - 70) - (cy + 22)) // 16)
    chart_rows = [row for line in v.charts for row in shell.wrap(f.small, line, tray.w)]
    for j, line in enumerate(chart_rows[-room:] if room else []):
        _text(surf, f.small, line, (tray.x, cy + 22 + 16 * j))
    if v.card:  # the race is over: the end card in the dice tray's place
        shell.draw_card(surf, f.big, f.body, "RACE OVER", v.card, tray)
    # the log along the bottom
    log = pygame.Rect(20, SIZE[1] - 190, 800 if buttons is None else 620, 170)
    pygame.draw.rect(surf, PANEL, log, border_radius=8)
    for j, line in enumerate(log_rows(f, v.log, log.w - 16, 10)):
        _text(surf, f.small, line, (log.x + 8, log.y + 6 + 16 * j))
    head = f"Round {v.round}" + (f" — {v.seats[v.active]}: {v.phase} phase" if v.active is not None and v.seats else "")
    if v.card:
        head = f"Race over after round {v.round}: {v.card[0]}"
    _text(surf, f.body, head, (840, SIZE[1] - 60) if buttons is None else (660, SIZE[1] - 200))
    if status:
        _text(surf, f.small, shell.wrap(f.small, status, SIZE[0] - 860)[0], (840, SIZE[1] - 36), DIM)
    if prompt:
        _text(surf, f.body, prompt[:60], (660, SIZE[1] - 176), GOOD)
    for rect, label in buttons or []:
        pygame.draw.rect(surf, (70, 80, 100), rect, border_radius=6)
        _text(surf, f.small, label[:34], (rect.x + 6, rect.y + 5))


def log_rows(f: Fonts, log: list[str], width: int, room: int) -> list[str]:
    """The newest log lines wrapped to ``width`` (a long one was cut at the box's edge: "…(needs 4:
    fai"), the rest of a line indented under it; the last ``room`` rows, so the newest is always
    whole at the foot."""
    rows: list[str] = []
    for line in log[-room:]:
        parts = shell.wrap(f.small, line, width)
        if len(parts) > 1:
            parts = [parts[0], *("   " + p for p in shell.wrap(f.small, " ".join(parts[1:]), width - 12))]
        rows += parts
    return rows[-room:]


def sheet_states(f: Fonts, conds: list[str], width: int, room: int) -> list[str]:
    """A car's lasting states as lines for its sheet, each wrapped to ``width`` (a state was cut
    mid-word: "the gypsy curse: -1 Luck until a res"); at most ``room`` lines, the last saying how
    many more there are when they do not all fit."""
    out: list[str] = []
    for k, c in enumerate(conds):
        rows = shell.wrap(f.small, "• " + c, width)
        if len(rows) > 1:  # the rest indented under the bullet
            rows = [rows[0], *shell.wrap(f.small, " ".join(rows[1:]), width - 12)]
        lines = [rows[0]] + ["   " + r for r in rows[1:]]
        more = len(conds) - k - 1
        if len(out) + len(lines) + (1 if more else 0) > room:
            out.append(f"• and {len(conds) - k} more lasting states")
            return out[:room]
        out += lines
    return out


LEGEND = [
    "The track strip: one lane per car, its marker at its Lap Points (20 wins); a white frame: the"
    " car playing its phase; STOP: stopped this turn; OUT: out of the race.",
    "A car sheet: Def Han Off Spe (the car's Defense, Handling, Offense, Speed), Luc Rep Rea Tou (the"
    " driver's Luck, Repair, Reaction, Toughness); LP its Lap Points; car damage / what wrecks it;"
    " driver damage / Toughness; in red its lasting states (until repaired, or a rest stop).",
    "The dice tray: the last roll where the dice lay, a green edge a success, red a failure; under"
    " it whose roll and what for. Charts: the latest chart rolls, die + modifier = total: result.",
    "The log at the foot: every event in words, the newest last.",
]
HOTSEAT_KEYS = [
    "HOT-SEAT  click an answer or press its number (1-9, 0 the tenth); s saves the race to a",
    "          replay; F1 this help; Esc saves an unfinished race and quits.",
]


class Watcher(EventWatcher):
    """An AI-vs-AI race shown event by event (render/shell.py). ``make(seed) -> (race, controllers)``."""

    size = SIZE
    view: RaceView
    speed0 = 3.0  # events a second at 1x: a roll or a log line each, read as it comes

    def new_view(self) -> RaceView:
        return RaceView(rules=getattr(self.match, "book", None))  # the race's own book (house rules too)

    def outcome(self) -> str:
        return self.view.card[0] if self.view.card else ""

    def draw(self, surf: pygame.Surface, fonts: Fonts) -> None:
        draw(surf, self.view, fonts, status=self.status())
        self.draw_help(surf, fonts, shell.WATCH_KEYS)

    def draw_help(self, surf: pygame.Surface, fonts: Fonts, keys: list[str]) -> None:
        """The F1 overlay over the sheets: the keys, then what the window's parts mean."""
        if self.show_help:
            shell.draw_help(surf, fonts.small, [*keys, "", *LEGEND], pygame.Rect(20, 90, 800, 0))


class LogWatcher(FromLog, Watcher):
    """A saved race drawn from its event log alone (no re-simulation)."""


def run_window(w: Watcher, fps: int = 30) -> None:
    shell.run_window(w, Fonts, "spacegits_sim — road race", max_speed=200.0, fps=fps)


def run_headless(
    w: Watcher,
    record: str | None,
    screenshot: str | None,
    fps: int = 10,
    on_log: Callable[[str], None] | None = None,
    max_frames: int = 1500,
    events_per_frame: int = 4,
) -> dict[str, Any]:
    """Play the race off-screen: a frame every few events into a GIF/MP4, the final board as a PNG."""
    return shell.run_headless(w, Fonts, record, screenshot, fps, on_log, max_frames, events_per_frame)


class HotseatApp(Watcher):
    """Hot-seat for 2-6 drivers on one screen: people answer with buttons or number keys, AIs
    answer themselves. ``humans``: the seats people play."""

    def __init__(
        self, make: Callable[[int], tuple[Any, list[Any]]], seed: int, humans: set[int], save_path: str | None = None
    ) -> None:
        self.humans = set(humans)
        self.save_path = save_path
        self.message = ""
        super().__init__(make, seed)
        self.speed = 30.0

    def _decide(self) -> bool:
        m = self.match
        if m.pending is None or m.pending.boss in self.humans:
            return False
        return super()._decide()

    def waiting(self) -> Any:
        """The request a person must answer now (all earlier events shown), or None."""
        m = self.match
        if self.shown < len(m.events) or m.pending is None or m.pending.boss not in self.humans:
            return None
        return m.pending

    def buttons(self) -> list[tuple[pygame.Rect, str, Any]]:
        req = self.waiting()
        if req is None:
            return []
        out = []
        for i, opt in enumerate(req.options[:10]):
            r = pygame.Rect(660 + (i % 2) * 305, SIZE[1] - 150 + (i // 2) * 28, 300, 24)
            out.append((r, f"{(i + 1) % 10}: {self.label(opt)}", opt))
        return out

    def label(self, opt: Any) -> str:
        if isinstance(opt, tuple) and len(opt) == 2 and isinstance(opt[0], int):
            return f"{opt[1]} {self.view.seats[opt[0]]}"
        if isinstance(opt, str) and ":" in opt and opt.rsplit(":", 1)[1].isdigit():
            return opt.rsplit(":", 1)[0].replace("_", " ")  # a lasting state to repair, by its row
        return str(opt).replace("_", " ")

    def choose(self, index: int) -> None:
        req = self.waiting()
        if req is None or not 0 <= index < len(req.options):
            return
        self.match.answer(req.options[index])
        self.message = ""

    def save(self) -> None:
        if not self.save_path:
            self.message = "no --save file was given"
            return
        from ..play.replay import save_replay

        save_replay(self.match, "roadrace", self.save_path)
        self.message = f"saved to {self.save_path}"

    def draw(self, surf: pygame.Surface, fonts: Fonts) -> None:
        req = self.waiting()
        seat = self.view.seats[req.boss] if req is not None and self.view.seats else ""
        prompt = f"{seat}: {req.prompt}" if req is not None else self.message
        draw(surf, self.view, fonts, prompt, [(r, label) for r, label, _ in self.buttons()])
        self.draw_help(surf, fonts, HOTSEAT_KEYS)


def run_hotseat(app: HotseatApp, fps: int = 30) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("spacegits_sim — road race, hot-seat")
    fonts = Fonts()
    clock = pygame.time.Clock()
    running = True
    keys = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
    while running:
        dt = clock.tick(fps) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                if not app.finished and app.save_path:
                    app.save()  # an unfinished game is saved on the way out, as Space Gits' window does
                running = False
            elif event.type == pygame.KEYDOWN and event.key in keys:
                app.choose(keys[event.key])
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_s:
                app.save()
                if app.message.startswith("saved"):
                    running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                app.show_help = not app.show_help
            elif event.type == pygame.MOUSEBUTTONDOWN:
                for i, (r, _, _) in enumerate(app.buttons()):
                    if r.collidepoint(event.pos):
                        app.choose(i)
        if app.waiting() is None:
            app.advance(dt)
        if app.finished and app.message == "":
            app.message = "the race is over: Esc to leave"
        app.draw(screen, fonts)
        pygame.display.flip()
    pygame.quit()

"""Gangfight's watch window: an AI-vs-AI game (or a saved log) on the table, drawn from events.

Everything shown is folded from the event log alone (``gf_started`` gives the board and the
models; moves, wounds, captures and the dice in the tray follow): the board with its terrain
(area terrain green, obstacles brown, blocking pieces grey), each model's base with its
facing and Health, the objectives, the last roll in the dice tray, and the log. The game is
asked nothing here but what it asks its players; the window never decides a rule.

Keys (watch): space pause, right arrow one event, +/- speed, End to the finish, r a new seed, Esc
quit. Hot-seat: click an answer (or press its number, 1-9 and 0), PageUp/PageDown for more;
click a numbered spot on the board to move there, a model to pick it, a point in your starting
area to deploy; s saves the game to a replay.

The watcher, the window's loop and the headless film are the shared shell's (render/shell.py);
the names on the board are placed apart by render/labels.py.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from . import labels, shell
from .display import window_origin
from .shell import EventWatcher, FromLog
from .shell import has_display as has_display  # the ruleset window protocol: cli/watch and cli/play ask it

SIZE = (1280, 800)
BOARD_PX = 760
BG = (28, 30, 36)
PANEL = (44, 47, 56)
INK = (232, 232, 236)
DIM = (150, 150, 160)
TABLE = (96, 120, 78)
KIND = {
    "area": (52, 96, 52),
    "obstacle": (140, 100, 60),
    "blocking": (120, 120, 128),
    "platform": (168, 150, 112),  # a top to stand on: drawn light, its height written on it
    "interior": (92, 78, 66),  # a building's floor
    "window": (150, 200, 220),
}
SIDES = [(220, 70, 60), (60, 130, 220)]
OBJ = (240, 200, 40)
TRAY = (22, 70, 48)


@dataclass
class View:
    """What the screen shows, folded from the events one at a time."""

    board: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    models: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> name, seat, radius, pos, facing, hp, state
    objectives: dict[str, list[float] | None] = field(default_factory=dict)
    turn: int = 0
    active: str = ""
    dice: list[list[float]] = field(default_factory=list)
    dice_label: str = ""
    shot: tuple[str, str] | None = None
    log: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    result: str = ""
    guns: dict[str, dict[str, Any]] = field(default_factory=dict)  # artillery: name, seat, pos, facing, radius

    def apply(self, e: Any) -> None:
        k = e.kind
        if k == "gf_started":
            self.board, self.seats = dict(e.board), list(e.seats)
            for d in e.models:
                self.models[d["id"]] = {**d, "pos": None, "facing": 0.0, "hp": d["attrs"]["hp"], "state": "ready"}
                self.names[d["id"]] = d["name"]
            for i, s in enumerate(self.seats):
                self.names[f"seat{i}"] = s
        elif k == "gf_deployed":
            m = self.models[e.model]
            m["pos"], m["facing"] = list(e.at), math.radians(e.facing)
        elif k == "gf_moved":
            m = self.models[e.model]
            m["pos"], m["facing"] = list(e.to), math.radians(e.facing)
        elif k == "gf_wounded":
            m = self.models[e.model]
            m["hp"] = e.hp
            if e.out:
                m["state"] = "out"
        elif k == "gf_artillery_placed":
            self.guns[e.piece] = {
                "name": e.name,
                "seat": e.seat,
                "pos": list(e.at),
                "facing": math.radians(e.facing),
                "radius": e.radius,
            }
            self.names[e.piece] = e.name
        elif k == "gf_artillery_turned":
            self.guns[e.piece]["facing"] = math.radians(e.facing)
        elif k == "gf_dismounted":  # the mount leaves: a smaller base, the mount's Health gone
            m = self.models[e.model]
            m["radius"], m["hp"], m["size"] = e.radius, e.hp, e.size
        elif k == "gf_healed":
            m = self.models[e.model]
            m["hp"], m["state"] = e.hp, "ready"
        elif k == "gf_fled_off":
            self.models[e.model]["state"] = "fled"
        elif k == "gf_objective":
            self.objectives[e.objective] = list(e.at)
        elif k == "gf_captured":
            self.objectives[e.objective] = None
        elif k == "gf_dropped":
            self.objectives[e.objective] = list(e.at)
        elif k == "gf_turn":
            self.turn = e.turn
        elif k == "gf_activated":
            self.active = e.model
        elif k == "gf_rolled":
            self.dice, self.dice_label = [list(d) for d in e.dice], e.purpose
        elif k == "gf_attack":
            self.shot = (e.model, e.target)
        elif k == "gf_ended":
            self.result = e.describe(self.names)
        if k != "gf_rolled":
            self.log.append(e.describe(self.names))


class Fonts:
    def __init__(self) -> None:
        pygame.font.init()
        self.small = pygame.font.SysFont("dejavusans", 13)
        self.body = pygame.font.SysFont("dejavusans", 15)
        self.big = pygame.font.SysFont("dejavusans", 22, bold=True)


def _text(surf: pygame.Surface, font: pygame.font.Font, text: str, pos: tuple[int, int], colour: Any = INK) -> None:
    surf.blit(font.render(text, True, colour), pos)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines that fit ``width`` pixels (a word longer than the
    line is cut), so nothing a player must read runs off the panel."""
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


PANEL_W = SIZE[0] - BOARD_PX - 70  # the side panel's text width in pixels


def board_px(v: View) -> tuple[float, float, float]:
    """(scale, origin x, origin y) of the board on screen."""
    w = float(v.board.get("width", 36)) or 36.0
    h = float(v.board.get("height", 36)) or 36.0
    return BOARD_PX / max(w, h), 20.0, 20.0


def to_screen(v: View, p: Any) -> tuple[int, int]:
    s, ox, oy = board_px(v)
    h = float(v.board.get("height", 36)) or 36.0
    return (int(ox + p[0] * s), int(oy + (h - p[1]) * s))


def to_table(v: View, pos: tuple[int, int]) -> tuple[float, float]:
    s, ox, oy = board_px(v)
    h = float(v.board.get("height", 36)) or 36.0
    return ((pos[0] - ox) / s, h - (pos[1] - oy) / s)


@dataclass
class Plate:
    """A name on the board: its text and colour, where it stands (``rect``, screen pixels), the base
    it names (``centre``, ``radius``) and whether it stands far enough off to need a leader line."""

    text: str
    colour: tuple[int, int, int]
    rect: pygame.Rect
    centre: tuple[int, int]
    radius: int
    leader: bool


def name_plates(v: View, f: Fonts) -> list[Plate]:
    """Where the names of the artillery pieces and the standing models go: each beside its base,
    to the right where there is room, else above, below, left or further out (labels.py), so that
    no name lies over another, a base, an objective or a platform's height (models crowded in a melee
    overlapped their names)."""
    s = board_px(v)[0]
    bases: list[tuple[str, tuple[int, int, int], tuple[int, int], int]] = []
    blocks: list[pygame.Rect] = []
    for t in v.board.get("terrain", []):  # a platform's height, written on it (draw)
        if t["kind"] == "platform" and "polygon" in t:
            xs, ys = [p[0] for p in t["polygon"]], [p[1] for p in t["polygon"]]
            blocks.append(pygame.Rect(to_screen(v, (min(xs) + 0.2, max(ys) - 0.2)), f.small.size(f'{t["height"]:g}"')))
    for o in v.objectives.values():
        if o is not None:
            c, r = to_screen(v, o), max(4, int(0.5 * s))
            blocks.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
    for g in v.guns.values():
        c, r = to_screen(v, g["pos"]), max(4, int(g["radius"] * s))
        bases.append((str(g["name"]), DIM, c, r))
        blocks.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
    for m in v.models.values():
        if m["pos"] is None or m["state"] == "fled":
            continue
        c, r = to_screen(v, m["pos"]), max(3, int(m["radius"] * s))
        blocks.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        if m["state"] != "out":
            bases.append((f"{m['name'][:8]} {m['hp']}hp", INK, c, r))
    bounds = pygame.Rect(0, 0, BOARD_PX + 30, SIZE[1])  # the board and its margin, not the side panel
    sizes = [f.small.size(text) for text, _c, _p, _r in bases]
    rects = labels.place(
        (labels.around(sz, c, r, bounds) for sz, (_t, _k, c, r) in zip(sizes, bases, strict=True)), blocks
    )
    return [
        Plate(text, col, rect, c, r, labels.leader_needed(rect, c, r))
        for (text, col, c, r), rect in zip(bases, rects, strict=True)
    ]


def _nearest(rect: pygame.Rect, p: tuple[int, int]) -> tuple[int, int]:
    return (min(max(p[0], rect.left), rect.right - 1), min(max(p[1], rect.top), rect.bottom - 1))


def _edge_towards(c: tuple[int, int], r: int, rect: pygame.Rect) -> tuple[int, int]:
    """The point of a base's rim facing a label (a leader line starts there)."""
    n = _nearest(rect, c)
    d = math.dist(c, n) or 1.0
    return (int(c[0] + (n[0] - c[0]) * r / d), int(c[1] + (n[1] - c[1]) * r / d))


def draw(surf: pygame.Surface, v: View, f: Fonts, log_rows: int = 21) -> int:
    """The board and the side panel; returns how many lines the result takes at the panel's foot."""
    surf.fill(BG)
    w = float(v.board.get("width", 36)) or 36.0
    h = float(v.board.get("height", 36)) or 36.0
    s = BOARD_PX / max(w, h)
    ox, oy = 20, 20

    def px(p: Any) -> tuple[int, int]:
        return (int(ox + p[0] * s), int(oy + (h - p[1]) * s))  # y up, as on the table

    pygame.draw.rect(surf, TABLE, (ox, oy, int(w * s), int(h * s)))
    for t in v.board.get("terrain", []):
        col = KIND.get(t["kind"], DIM)
        if "circle" in t:
            pygame.draw.circle(surf, col, px(t["circle"][0]), int(t["circle"][1] * s))
        else:
            pygame.draw.polygon(surf, col, [px(p) for p in t["polygon"]])
        if t["kind"] == "platform" and "polygon" in t:  # its height, and each ladder or stairs
            pygame.draw.polygon(surf, INK, [px(p) for p in t["polygon"]], 1)
            xs, ys = [p[0] for p in t["polygon"]], [p[1] for p in t["polygon"]]
            _text(surf, f.small, f'{t["height"]:g}"', px((min(xs) + 0.2, max(ys) - 0.2)), (30, 30, 30))
        for a in t.get("access", []):
            pygame.draw.line(surf, (230, 220, 160), px(a["foot"]), px(a["top"]), 3)
        for d in t.get("doors", []):
            pygame.draw.circle(surf, (200, 160, 90), px(d), max(2, int(0.25 * s)))
    for p in v.objectives.values():
        if p is not None:
            pygame.draw.circle(surf, OBJ, px(p), max(4, int(0.5 * s)))
            pygame.draw.circle(surf, (0, 0, 0), px(p), max(4, int(0.5 * s)), 1)
    for g in v.guns.values():  # an artillery piece: a square in its gang's colour, its barrel its facing
        c, r = px(g["pos"]), max(4, int(g["radius"] * s))
        pygame.draw.rect(surf, (120, 90, 60), (c[0] - r, c[1] - r, 2 * r, 2 * r), border_radius=3)
        pygame.draw.rect(surf, SIDES[g["seat"] % 2], (c[0] - r, c[1] - r, 2 * r, 2 * r), 2, border_radius=3)
        bx, by = c[0] + int(math.cos(g["facing"]) * r * 1.8), c[1] - int(math.sin(g["facing"]) * r * 1.8)
        pygame.draw.line(surf, INK, c, (bx, by), 3)
    if v.shot and v.models.get(v.shot[0], {}).get("pos") and v.models.get(v.shot[1], {}).get("pos"):
        pygame.draw.line(surf, (250, 250, 120), px(v.models[v.shot[0]]["pos"]), px(v.models[v.shot[1]]["pos"]), 2)
    for mid, m in v.models.items():
        if m["pos"] is None or m["state"] == "fled":
            continue
        c = px(m["pos"])
        r = max(3, int(m["radius"] * s))
        col = SIDES[m["seat"] % 2]
        if m["state"] == "out":
            pygame.draw.circle(surf, (70, 70, 70), c, r)
            pygame.draw.line(surf, col, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 2)
            continue
        pygame.draw.circle(surf, col, c, r)
        pygame.draw.circle(surf, (255, 255, 255) if mid == v.active else (0, 0, 0), c, r, 2)
        fx = c[0] + int(math.cos(m["facing"]) * r * 1.6)
        fy = c[1] - int(math.sin(m["facing"]) * r * 1.6)
        pygame.draw.line(surf, INK, c, (fx, fy), 2)
    for plate in name_plates(v, f):  # the names last, over the bases, none over another
        if plate.leader:
            rim = _edge_towards(plate.centre, plate.radius, plate.rect)
            pygame.draw.line(surf, DIM, rim, _nearest(plate.rect, plate.centre), 1)
        _text(surf, f.small, plate.text, plate.rect.topleft, plate.colour)
    # the side panel: turn, gangs, dice tray, log
    x0 = BOARD_PX + 40
    pygame.draw.rect(surf, PANEL, (x0 - 10, 10, SIZE[0] - x0, SIZE[1] - 20))
    _text(surf, f.big, f"Gangfight, turn {v.turn}", (x0, 20))
    for i, name in enumerate(v.seats):
        up = sum(1 for m in v.models.values() if m["seat"] == i and m["state"] == "ready")
        _text(surf, f.body, f"{name}: {up} standing", (x0, 56 + 20 * i), SIDES[i % 2])
    _text(surf, f.small, "hp: Health left   white ring: acting   grey, crossed: out of action", (x0, 94), DIM)
    tray = pygame.Rect(x0, 110, 280, 200)
    pygame.draw.rect(surf, TRAY, tray)
    _text(surf, f.small, f"dice tray: {v.dice_label}", (x0, 314), DIM)
    for d in v.dice:
        cx = tray.x + int(d[1] / 14.0 * tray.w)
        cy = tray.y + int((1 - d[2] / 10.0) * tray.h)
        pygame.draw.rect(surf, INK, (cx - 11, cy - 11, 22, 22), border_radius=4)
        _text(surf, f.body, str(int(d[0])), (cx - 5, cy - 10), (20, 20, 20))
    y = 340
    result = wrap(f.body, v.result, PANEL_W)[:3] if v.result else []
    rows = [r for line in v.log[-log_rows:] for r in wrap(f.small, line, PANEL_W)] if log_rows else []
    rows = rows[-max(0, log_rows - (len(result) + 1 if result and log_rows > 7 else 0)) :] if log_rows else []
    for line in rows:
        _text(surf, f.small, line, (x0, y))
        y += 19
    for i, line in enumerate(result):  # the result, wrapped, at the foot of the panel
        _text(surf, f.body, line, (x0, SIZE[1] - 24 - 20 * (len(result) - i)), OBJ)
    return len(result)


class Watcher(EventWatcher):
    """An AI-vs-AI game shown event by event (render/shell.py). ``make(seed) -> (game, controllers)``."""

    size = SIZE
    view: View
    speed0 = 12.0  # events a second

    def new_view(self) -> View:
        return View()

    def draw(self, surf: pygame.Surface, fonts: Fonts) -> None:
        draw(surf, self.view, fonts)


class LogWatcher(FromLog, Watcher):
    """A saved game drawn from its event log alone (no re-simulation)."""


def run_window(w: Watcher, fps: int = 30) -> None:
    shell.run_window(w, Fonts, "spacegits_sim — Gangfight", max_speed=400.0, fps=fps)


def run_headless(
    w: Watcher,
    record: str | None,
    screenshot: str | None,
    fps: int = 10,
    on_log: Callable[[str], None] | None = None,
    max_frames: int = 1500,
    events_per_frame: int = 6,
) -> dict[str, Any]:
    """Play the game off-screen: a frame every few events into a GIF/MP4, the final board as a PNG."""
    return shell.run_headless(w, Fonts, record, screenshot, fps, on_log, max_frames, events_per_frame)


HEADINGS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


class HotseatApp(Watcher):
    """Hot-seat for two gangs on one screen: people answer with buttons, number keys or clicks on
    the board; AIs answer themselves. ``humans``: the seats people play."""

    def __init__(
        self, make: Callable[[int], tuple[Any, list[Any]]], seed: int, humans: set[int], save_path: str | None = None
    ) -> None:
        self.humans = set(humans)
        self.save_path = save_path
        self.message = ""
        self.page = 0
        super().__init__(make, seed)
        self.speed = 40.0

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

    def label(self, opt: Any) -> str:
        """An option in a player's words."""
        n = self.view.names
        if isinstance(opt, tuple):
            return " and ".join(i.split("/")[-1].replace("_", " ") for i in opt) or "bare hands"
        o = str(opt)
        if o in n:
            return n[o]
        if o.startswith("face_dir"):
            return f"face {HEADINGS[int(o[8])]}"
        if o.startswith("dir"):
            k = int(o[3])
            return f"move {HEADINGS[k]}{' (half)' if o.endswith('_half') else ''}"
        for pre, word in (("drop", "hop down "), ("fly_down", "fly down ")):  # off a platform's edge
            if o.startswith(pre) and o[len(pre) :].isdigit():
                return word + HEADINGS[int(o[len(pre) :])]
        for pre, word in (  # heights and buildings: the piece's id, its ladder/door number dropped
            ("climb:", "climb up onto "),
            ("climb_down:", "climb down from "),
            ("to:", "walk to the way up "),
            ("door:", "walk to the door of "),
            ("in:", "go into "),
            ("out:", "go out of "),
            ("jump:", "jump across to "),
            ("fly:", "fly up onto "),
        ):
            if o.startswith(pre):
                return word + o[len(pre) :].split(":")[0].replace("_", " ")
        if o.startswith("tackle:"):
            return "leap down and tackle " + n.get(o[7:], o[7:])
        for pre, word in (("cast:", "cast "), ("consume:", "use "), ("effect:", "dispell ")):  # spells, items
            if o.startswith(pre):
                return word + o[len(pre) :].split("/")[-1].replace(":", " of ").replace("_", " ")
        for pre, word in (
            ("charge:", "charge "),
            ("face:", "turn to face "),
            ("obj:", "walk to objective "),
            ("capture:", "capture objective "),
            ("fire:", "fire the "),
            ("aim:", "turn the "),
            ("revive:", "revive "),
            ("ability:", "use ability "),
            ("shoot:", "overwatch: attack "),
        ):
            if o.startswith(pre):
                rest = o[len(pre) :]
                return word + n.get(rest, rest)
        return {
            "off": "run off the board",
            "keep": "keep facing the way it moved",
            "turn": "turn to face an enemy in its space",
            "flee": "flee (the way out)",
            "end": "end activation",
            "break_away": "break away",
            "free": "free itself",
            "me": "I go first",
            "opponent": "they go first",
            "change": "change weapons",
            "dismount": "dismount (the mount leaves)",
            "jump": "jump across a gap",
            "plan": "reserve an action for the next game turn",
            "pick_up": "pick up its dropped weapon",
            "overwatch": "reserve an action on overwatch",
            "hold": "hold (stay on overwatch)",
            "disarm": "disarm an enemy",
            "pickpocket": "pick an enemy's pocket",
        }.get(o, o.replace("_", " "))

    def options(self) -> list[Any]:
        req = self.waiting()
        return list(getattr(req, "options", ())) if req is not None else []

    def buttons(self) -> list[tuple[pygame.Rect, str, int]]:
        opts = self.options()
        out = []
        x0 = BOARD_PX + 40
        for slot, i in enumerate(range(self.page * 10, min(len(opts), self.page * 10 + 10))):
            r = pygame.Rect(x0, SIZE[1] - 290 + slot * 26, 400, 23)
            out.append((r, f"{(slot + 1) % 10}: {self.label(opts[i])}", i))
        return out

    def choose(self, index: int) -> None:
        req = self.waiting()
        opts = self.options()
        if req is None or not 0 <= index < len(opts):
            return
        self.match.answer(opts[index])
        self.message, self.page = "", 0

    def click_board(self, pos: tuple[int, int]) -> None:
        """A click on the board: a move spot, a model to pick, or where to deploy."""
        req = self.waiting()
        if req is None:
            return
        p = to_table(self.view, pos)
        spots = getattr(req, "spots", ())
        if spots:
            best = min(range(len(spots)), key=lambda i: (spots[i][0] - p[0]) ** 2 + (spots[i][1] - p[1]) ** 2)
            if ((spots[best][0] - p[0]) ** 2 + (spots[best][1] - p[1]) ** 2) ** 0.5 < 1.0:
                self.choose(best)
            return
        if req.kind == "deploy":
            from ..play.protocol import IllegalDecision

            try:
                self.match.answer((req.models[0], p))
                self.message = ""
            except IllegalDecision as e:
                self.message = str(e).split(": ", 2)[-1]
            return
        for i, o in enumerate(self.options()):
            m = self.view.models.get(str(o))
            if m and m["pos"] and ((m["pos"][0] - p[0]) ** 2 + (m["pos"][1] - p[1]) ** 2) ** 0.5 <= m["radius"] + 0.3:
                self.choose(i)
                return

    def save(self) -> None:
        if not self.save_path:
            self.message = "no --save file was given"
            return
        from ..play.replay import save_replay

        save_replay(self.match, "gangfight", self.save_path)
        self.message = f"saved to {self.save_path}"

    def draw(self, surf: pygame.Surface, fonts: Fonts) -> None:
        req = self.waiting()
        foot = draw(surf, self.view, fonts, log_rows=6 if req is not None else 19)
        x0 = BOARD_PX + 40
        if req is not None:
            seat = self.view.seats[req.boss] if self.view.seats else ""
            what = getattr(req, "prompt", "")
            if req.kind == "deploy" and req.models[0] in self.view.models:
                what = "click your starting area to place " + self.view.names.get(req.models[0], req.models[0])
            elif req.kind == "deploy" and req.models[0] in getattr(self.match, "guns", {}):
                what = f"click anywhere on the board to place the {self.match.guns[req.models[0]].name}"
            elif req.kind == "deploy":
                what = f"click the board to place objective {req.models[0]} (outside the starting areas)"
            for k, line in enumerate(wrap(fonts.body, f"{seat}: {what}", PANEL_W)[:2][::-1]):
                _text(surf, fonts.body, line, (x0, SIZE[1] - 318 - 20 * k), OBJ)  # two lines at most, upwards
            if req.kind == "gf_face":  # where the move ends, and a ray along each facing on offer
                at = to_screen(self.view, req.at)
                pygame.draw.circle(surf, OBJ, at, 5)
                for sp in req.spots:
                    pygame.draw.line(surf, OBJ, at, to_screen(self.view, sp), 1)
            for i, sp in enumerate(getattr(req, "spots", ())):
                c = to_screen(self.view, sp)
                pygame.draw.circle(surf, OBJ, c, 9, 2)
                _text(surf, fonts.small, str(i + 1), (c[0] - 4, c[1] - 8), OBJ)
            for r, label, _i in self.buttons():
                pygame.draw.rect(surf, (70, 74, 88), r, border_radius=4)
                _text(surf, fonts.body, label[:52], (r.x + 6, r.y + 3))
            n = len(self.options())
            if n > 10:
                _text(
                    surf,
                    fonts.small,
                    f"options {self.page * 10 + 1}-{min(n, self.page * 10 + 10)} of {n}: PageUp/PageDown",
                    (x0, SIZE[1] - 26),
                    DIM,
                )
        elif self.message:
            for k, line in enumerate(wrap(fonts.body, self.message, PANEL_W)[:2]):  # above the result
                _text(surf, fonts.body, line, (x0, SIZE[1] - 24 - 20 * (foot + 2) + 20 * k), OBJ)


def ui_state(app: HotseatApp) -> dict[str, Any]:
    """What the screen shows, as plain data (window pixels), for a scripted player reading
    $SPACEGITS_UI_STATE: the question, the buttons, the numbered spots, the models."""
    req = app.waiting()
    return {
        "decisions": len(app.match.decisions),
        "finished": app.finished,
        "message": app.message,
        "kind": req.kind if req is not None else None,
        "seat": req.boss if req is not None else None,
        "prompt": getattr(req, "prompt", "") if req is not None else "",
        "buttons": [{"label": label, "rect": [r.x, r.y, r.w, r.h]} for r, label, _i in app.buttons()],
        "spots_px": [list(to_screen(app.view, sp)) for sp in getattr(req, "spots", ())] if req is not None else [],
        "models": {
            mid: {"px": list(to_screen(app.view, m["pos"])), "seat": m["seat"], "state": m["state"]}
            for mid, m in app.view.models.items()
            if m["pos"] is not None
        },
        "board_px": [20, 20, BOARD_PX, BOARD_PX],
        "window_px": window_origin(),  # every *_px above is a window pixel: add this for the screen's
    }


def run_hotseat(app: HotseatApp, fps: int = 30) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("spacegits_sim — Gangfight, hot-seat")
    fonts = Fonts()
    clock = pygame.time.Clock()
    running = True
    keys = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
    state_path = os.environ.get("SPACEGITS_UI_STATE")  # a scripted player reads what is on screen
    frame = 0
    while running:
        dt = clock.tick(fps) / 1000.0
        frame += 1
        if state_path and frame % 5 == 0:
            import json

            tmp = state_path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(ui_state(app), fh)
            os.replace(tmp, state_path)
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN and event.key in keys:
                app.choose(app.page * 10 + keys[event.key])
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEDOWN:
                app.page = min(app.page + 1, max(0, (len(app.options()) - 1) // 10))
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
                app.page = max(0, app.page - 1)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_s:
                app.save()
                if app.message.startswith("saved"):
                    running = False
            elif event.type == pygame.MOUSEBUTTONDOWN:
                hit = [i for r, _l, i in app.buttons() if r.collidepoint(event.pos)]
                if hit:
                    app.choose(hit[0])
                elif event.pos[0] < BOARD_PX + 20:
                    app.click_board(event.pos)
        if app.waiting() is None:
            app.advance(dt)
        if app.finished and app.message == "":
            app.message = "the game is over: Esc to leave"
        app.draw(screen, fonts)
        pygame.display.flip()
    pygame.quit()

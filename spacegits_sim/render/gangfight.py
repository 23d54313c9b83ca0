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
SIDES = [(220, 70, 60), (60, 130, 220)]  # the seats' colours, when a gang's name names none
#: colour words a gang's name may carry, and the colour its bases are drawn in (no gang or
#: scenario file has a colour field: "The Red Ravens" drawn blue read as a mistake)
COLOUR_WORDS: dict[str, tuple[int, int, int]] = {
    "red": (205, 45, 40),
    "crimson": (205, 45, 40),
    "scarlet": (205, 45, 40),
    "blue": (45, 105, 215),
    "azure": (45, 105, 215),
    "green": (40, 150, 60),
    "emerald": (40, 150, 60),
    "black": (24, 24, 28),
    "white": (240, 240, 240),
    "ivory": (240, 240, 240),
    "grey": (150, 150, 158),
    "gray": (150, 150, 158),
    "silver": (150, 150, 158),
    "ashen": (150, 150, 158),
    "yellow": (225, 175, 20),
    "gold": (225, 175, 20),
    "golden": (225, 175, 20),
    "orange": (235, 120, 25),
    "purple": (140, 70, 190),
    "violet": (140, 70, 190),
    "brown": (125, 80, 45),
    "pink": (230, 120, 170),
}
SPARE = [(40, 150, 60), (235, 120, 25), (140, 70, 190), (240, 240, 240)]  # when both sides want one colour
OBJ = (240, 200, 40)
ACTING = (255, 236, 60)  # the acting model's ring
TRAY = (22, 70, 48)
BAD = (240, 110, 90)  # a click the rules refused


def _far(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return math.dist(a, b) >= 90


def side_colours(names: list[str]) -> list[tuple[int, int, int]]:
    """Each gang's colour: the first colour word in its name ("The Black Hounds": black), else
    its seat's colour; a side whose colour is taken (or too like the other's) gets the first
    spare one far from every colour already given, so the two gangs never look alike."""
    import re

    wanted: list[tuple[int, int, int] | None] = []
    for name in names:
        words = re.findall(r"[a-z]+", name.lower())
        wanted.append(next((COLOUR_WORDS[w] for w in words if w in COLOUR_WORDS), None))
    out: list[tuple[int, int, int]] = []
    for i, want in enumerate(wanted):
        if want is not None and all(_far(want, c) for c in out):
            out.append(want)
            continue
        named = [c for c in wanted[i + 1 :] if c is not None]  # a later side's own colour stays free
        pool = [SIDES[i % 2], *SIDES, *SPARE]
        out.append(next((c for c in pool if all(_far(c, o) for o in out + named)), SIDES[i % 2]))
    return out


def ink(col: tuple[int, int, int]) -> tuple[int, int, int]:
    """A gang's colour made readable as text on the dark panel (black is drawn a mid grey)."""
    if 0.299 * col[0] + 0.587 * col[1] + 0.114 * col[2] >= 80:
        return col
    r, g, b = (int(c + (255 - c) * 0.55) for c in col)
    return (r, g, b)


def rim_of(col: tuple[int, int, int]) -> tuple[int, int, int]:
    """A base's outline: black, or a light grey round a dark base (a black gang on the table)."""
    return (0, 0, 0) if 0.299 * col[0] + 0.587 * col[1] + 0.114 * col[2] >= 60 else (200, 200, 200)


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
    card: list[str] = field(default_factory=list)  # the end card's lines (gf_ended): who won, the VP, why
    guns: dict[str, dict[str, Any]] = field(default_factory=dict)  # artillery: name, seat, pos, facing, radius
    deployment: str = ""  # the deployment's id (gf_started): its starting areas are the rules'
    attacker: int | None = None  # which seat attacks (gf_setup): it takes the attacker's starting area
    colours: list[tuple[int, int, int]] = field(default_factory=list)  # each seat's, agreeing with its name
    rules: Any = None  # the game's rule book (its deployments); None: the bundled core rules

    def colour(self, seat: int) -> tuple[int, int, int]:
        return self.colours[seat] if seat < len(self.colours) else SIDES[seat % 2]

    def apply(self, e: Any) -> None:
        k = e.kind
        if k == "gf_started":
            self.board, self.seats = dict(e.board), list(e.seats)
            self.deployment, self.colours = e.deployment, side_colours(self.seats)
            for d in e.models:
                self.models[d["id"]] = {**d, "pos": None, "facing": 0.0, "hp": d["attrs"]["hp"], "state": "ready"}
                self.names[d["id"]] = d["name"]
            for i, s in enumerate(self.seats):
                self.names[f"seat{i}"] = s
        elif k == "gf_setup":
            self.attacker = e.attacker
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
            won = " and ".join(self.names.get(f"seat{s}", "?") for s in e.winners)
            vp = ", ".join(f"{n} {p}" for n, p in zip(self.seats, e.vp, strict=False))
            self.card = [
                # "The Black Hounds wins": a gang's name is as often plural as not, so no verb
                f"winner: {won}" if len(e.winners) == 1 else (f"a draw: {won}" if e.winners else "nobody wins"),
                f"Victory Points: {vp}",
                f"{e.reason}, after turn {e.turn}",
            ]
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


wrap = shell.wrap  # (its old home: the tests and the hot-seat call it here)


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


def starting_areas(v: View) -> list[tuple[int, Any]]:
    """(seat, zone) for each gang's starting area once the attacker is known (gf_setup): the
    zones are the rule book's deployment (core/deployments.yaml, or the game's own rules with
    its house rules), the very ones the game tests a deployment against; the window has no
    numbers of its own for them."""
    if v.attacker is None or not v.deployment:
        return []
    rules = v.rules
    if rules is None:
        from ..rulesets.gangfight.book import book

        rules = book()
    d = rules.deployments.get(v.deployment)
    if d is None:
        return []
    return [(s, d.attacker if s == v.attacker else d.defender) for s in range(len(v.seats))]


def zone_shapes(zone: Any, w: float, h: float) -> list[tuple[str, Any]]:
    """A starting area as shapes in table inches, the geometry its ``contains`` tests (book.Zone):
    ("poly", points) for a strip or a corner's triangle (legs a fraction of each side, "and then a
    line connecting them diagonally"), ("circle", (centre, radius)) for a ring."""
    form, vals = zone.form, zone.values
    if form == "rect":
        x0, y0, x1, y1 = vals
        return [("poly", [(x0 * w, y0 * h), (x1 * w, y0 * h), (x1 * w, y1 * h), (x0 * w, y1 * h)])]
    if form == "circle":
        cx, cy, d = vals
        return [("circle", ((cx * w, cy * h), d * min(w, h) / 2))]
    corners = [vals[:2]] if form == "corner" else [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
    a, b = vals[-1] * w, vals[-1] * h
    out: list[tuple[str, Any]] = []
    for cx, cy in corners:
        px, py = cx * w, cy * h
        sx, sy = (1 if cx == 0 else -1), (1 if cy == 0 else -1)
        out.append(("poly", [(px, py), (px + sx * a, py), (px, py + sy * b)]))
    return out


def draw_starting_areas(surf: pygame.Surface, v: View, f: Fonts) -> list[pygame.Rect]:
    """Each gang's starting area tinted in its colour, outlined and labelled with its name and
    role (drawn at set-up: models deploy inside their own, objectives go outside both). Returns
    the labels' rects."""
    w = float(v.board.get("width", 36)) or 36.0
    h = float(v.board.get("height", 36)) or 36.0
    s = board_px(v)[0]
    tint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    labels_: list[tuple[pygame.Surface, pygame.Rect]] = []
    outlines: list[tuple[tuple[int, int, int], str, Any]] = []
    for seat, zone in starting_areas(v):
        col = v.colour(seat)
        role = "attacker" if seat == v.attacker else "defender"
        name = v.seats[seat] if seat < len(v.seats) else f"seat {seat}"
        img = f.small.render(f"{name}: starting area ({role})", True, ink(col))
        for k, (kind, shape) in enumerate(zone_shapes(zone, w, h)):
            rect = img.get_rect()
            if kind == "circle":
                c, r = to_screen(v, shape[0]), int(shape[1] * s)
                pygame.draw.circle(tint, (*col, 64), c, r)
                outlines.append((col, kind, (c, r)))
                rect.midtop = (c[0], c[1] - r - rect.h - 4)  # above the ring: it is small
            else:
                pts = [to_screen(v, p) for p in shape]
                pygame.draw.polygon(tint, (*col, 64), pts)
                outlines.append((col, kind, pts))
                if len(pts) == 3:  # a corner: the label along its board edge, inside, by the corner
                    right = pts[1][0] > pts[0][0]
                    down = pts[2][1] > pts[0][1]
                    rect.left = pts[0][0] + 6 if right else pts[0][0] - 6 - rect.w
                    rect.top = pts[0][1] + 6 if down else pts[0][1] - 6 - rect.h
                else:  # a strip: by its board edge, on the left (models mostly stand forward)
                    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                    rect.left = min(xs) + 6
                    if shape[0][1] <= 0:  # the strip along the bottom edge (y up on the table)
                        rect.bottom = max(ys) - 4
                    elif shape[2][1] >= h:
                        rect.top = min(ys) + 4
                    else:
                        rect.centery = (min(ys) + max(ys)) // 2
            if k == 0 or kind == "poly":
                labels_.append((img, rect))
    surf.blit(tint, (0, 0))
    for col, kind, shape in outlines:
        col = col if rim_of(col) == (0, 0, 0) else ink(col)  # a black gang's edge drawn grey: seen on a dark board
        if kind == "circle":
            pygame.draw.circle(surf, col, shape[0], shape[1], 2)
        else:
            pygame.draw.polygon(surf, col, shape, 2)
    for img, rect in labels_:
        back = pygame.Surface(rect.inflate(6, 2).size, pygame.SRCALPHA)
        back.fill((20, 20, 26, 170))
        surf.blit(back, rect.inflate(6, 2).topleft)
        surf.blit(img, rect.topleft)
    return [r for _i, r in labels_]


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


TRAY_RECT = pygame.Rect(BOARD_PX + 40, 128, 280, 180)  # the dice tray (the end card takes its place)


def draw(
    surf: pygame.Surface,
    v: View,
    f: Fonts,
    log_rows: int = 21,
    status: str = "",
    shade: pygame.Surface | None = None,
) -> int:
    """The board and the side panel; returns how many lines the result takes at the panel's foot.
    ``status``: the watch's status line (seed, speed, playing, paused or over), under the legend;
    ``shade``: laid over the terrain, under the starting areas, the objectives and the models
    (the hot-seat darkens where the piece being placed may not go)."""
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
    if shade is not None:
        surf.blit(shade, (0, 0))
    if v.turn == 0:  # set-up: where each gang deploys, and where objectives may not go
        draw_starting_areas(surf, v, f)
    for p in v.objectives.values():
        if p is not None:
            pygame.draw.circle(surf, OBJ, px(p), max(4, int(0.5 * s)))
            pygame.draw.circle(surf, (0, 0, 0), px(p), max(4, int(0.5 * s)), 1)
    for g in v.guns.values():  # an artillery piece: a square in its gang's colour, its barrel its facing
        c, r = px(g["pos"]), max(4, int(g["radius"] * s))
        pygame.draw.rect(surf, (120, 90, 60), (c[0] - r, c[1] - r, 2 * r, 2 * r), border_radius=3)
        pygame.draw.rect(surf, v.colour(g["seat"]), (c[0] - r, c[1] - r, 2 * r, 2 * r), 2, border_radius=3)
        bx, by = c[0] + int(math.cos(g["facing"]) * r * 1.8), c[1] - int(math.sin(g["facing"]) * r * 1.8)
        pygame.draw.line(surf, INK, c, (bx, by), 3)
    if v.shot and v.models.get(v.shot[0], {}).get("pos") and v.models.get(v.shot[1], {}).get("pos"):
        pygame.draw.line(surf, (250, 250, 120), px(v.models[v.shot[0]]["pos"]), px(v.models[v.shot[1]]["pos"]), 2)
    for mid, m in v.models.items():
        if m["pos"] is None or m["state"] == "fled":
            continue
        c = px(m["pos"])
        r = max(3, int(m["radius"] * s))
        col = v.colour(m["seat"])
        if m["state"] == "out":
            pygame.draw.circle(surf, (70, 70, 70), c, r)
            pygame.draw.line(surf, col, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 2)
            continue
        pygame.draw.circle(surf, col, c, r)
        pygame.draw.circle(surf, rim_of(col), c, r, 2)
        if mid == v.active:  # a thin white rim was lost on a black gang's bases: a thick yellow ring, dark-edged
            pygame.draw.circle(surf, (20, 20, 20), c, r + 7, 2)
            pygame.draw.circle(surf, ACTING, c, r + 5, 4)
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
    title = "Gangfight: game over" if v.result else (f"Gangfight, turn {v.turn}" if v.turn else "Gangfight: set-up")
    _text(surf, f.big, title, (x0, 20))
    for i, name in enumerate(v.seats):
        up = sum(1 for m in v.models.values() if m["seat"] == i and m["state"] == "ready")
        col = v.colour(i)
        pygame.draw.circle(surf, col, (x0 + 7, 62 + 20 * i), 7)  # a swatch: the colour its bases are drawn in
        pygame.draw.circle(surf, rim_of(col) if rim_of(col) != (0, 0, 0) else (20, 20, 20), (x0 + 7, 62 + 20 * i), 7, 1)
        _text(surf, f.body, f"{name}: {up} standing", (x0 + 20, 53 + 20 * i), ink(col))
    _text(surf, f.small, "hp: Health left   yellow ring: acting   grey, crossed: out of action", (x0, 94), DIM)
    if status:
        _text(
            surf,
            f.small,
            wrap(f.small, status, PANEL_W)[0],
            (x0, 110),
        )
    tray = TRAY_RECT
    if v.card:  # the game is over: the end card in the dice tray's place
        shell.draw_card(surf, f.big, f.body, "GAME OVER", v.card, pygame.Rect(x0, tray.y, PANEL_W, tray.h))
        return _panel_log(surf, v, f, log_rows, x0)
    pygame.draw.rect(surf, TRAY, tray)
    _text(surf, f.small, f"dice tray: {v.dice_label}", (x0, tray.bottom + 4), DIM)
    for d in v.dice:
        cx = tray.x + int(d[1] / 14.0 * tray.w)
        cy = tray.y + int((1 - d[2] / 10.0) * tray.h)
        pygame.draw.rect(surf, INK, (cx - 11, cy - 11, 22, 22), border_radius=4)
        _text(surf, f.body, str(int(d[0])), (cx - 5, cy - 10), (20, 20, 20))
    return _panel_log(surf, v, f, log_rows, x0)


def _panel_log(surf: pygame.Surface, v: View, f: Fonts, log_rows: int, x0: int) -> int:
    """The log under the tray and the result, wrapped, at the panel's foot; returns its lines."""
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


LEGEND = [
    "The board (y up, as on the table): light green the open table; dark green area terrain (cover);"
    " brown obstacles; grey blocking pieces; tan platforms, their height written on them; pale"
    " lines ladders and stairs; small dots doors.",
    "A model: a disc in its gang's colour (the swatch by the gang's name), its line its facing;"
    " beside it its name and Health left (hp). Thick yellow ring: the model acting. Grey, crossed: out"
    " of action. Squares: artillery pieces, barrel their facing.",
    "Yellow discs: objectives (2 Victory Points each to the gang holding it at the end)."
    " Yellow line: an attack. The dice tray: the last roll and what it was for.",
    "Set-up: the tinted, labelled areas are the gangs' starting areas; each gang deploys inside its"
    ' own, and objectives go outside both, 6" apart, off blocking terrain.',
]
HOTSEAT_KEYS = [
    "HOT-SEAT  click an answer or press its number (1-9, 0); PageUp / PageDown more answers;",
    "          click a numbered ring to move there, a model to pick it, the board to place;",
    "          s saves the game to a replay; F1 this help; Esc saves an unfinished game and quits.",
]


class Watcher(EventWatcher):
    """An AI-vs-AI game shown event by event (render/shell.py). ``make(seed) -> (game, controllers)``."""

    size = SIZE
    view: View
    speed0 = 3.0  # events a second at 1x: a log line or a roll each, read as it comes

    def new_view(self) -> View:
        return View(rules=getattr(self.match, "book", None))  # the game's own rules (house rules too)

    def outcome(self) -> str:
        return self.view.card[0] if self.view.card else ""

    def draw(self, surf: pygame.Surface, fonts: Fonts) -> None:
        draw(surf, self.view, fonts, status=self.status())
        self.draw_help(surf, fonts, shell.WATCH_KEYS)

    def draw_help(self, surf: pygame.Surface, fonts: Fonts, keys: list[str]) -> None:
        """The F1 overlay, over the board: the keys, then what the board's colours and marks mean."""
        if self.show_help:
            shell.draw_help(surf, fonts.body, [*keys, "", *LEGEND], pygame.Rect(30, 30, BOARD_PX - 20, 0))


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


SPOT_R = 10  # a move spot's mark: its half height in pixels (two-digit numbers make it a pill)


@dataclass
class SpotMark:
    """Where option ``index``'s numbered mark is drawn: at its spot, or, when it sits on the acting
    model's base or on another mark, fanned out round them with a leader line to the spot."""

    index: int
    spot: tuple[int, int]  # where the move ends, on screen
    at: tuple[int, int]  # the mark's centre
    rect: pygame.Rect  # the mark (and what a click hits)

    @property
    def fanned(self) -> bool:
        return self.at != self.spot


def spot_marks(v: View, spots: Any, font: pygame.font.Font) -> list[SpotMark]:
    """The numbered marks for the move spots on offer. Several spots end on or beside the model
    (a short step, turning on the spot): their marks were piled on its base, the numbers unreadable
    ("1(" for 10). A spot within the acting model's base, or whose mark would overlap one already
    placed, gets its mark on a ring round the model (or round that spot), as near its own
    direction as a free place allows, further out when the ring is full."""
    pts = [to_screen(v, sp) for sp in spots]
    s, ox, oy = board_px(v)
    board = pygame.Rect(int(ox), int(oy), BOARD_PX, BOARD_PX)
    m = v.models.get(v.active) or {}
    centre = to_screen(v, m["pos"]) if m.get("pos") is not None else None
    base = int(float(m.get("radius", 0.5)) * s) if centre is not None else 0

    def rect(i: int, at: tuple[int, int]) -> pygame.Rect:
        w = max(2 * SPOT_R, font.size(str(i + 1))[0] + 8)
        return pygame.Rect(at[0] - w // 2, at[1] - SPOT_R, w, 2 * SPOT_R)

    bases = [
        (to_screen(v, o["pos"]), int(float(o["radius"]) * s))
        for o in v.models.values()
        if o.get("pos") is not None and o.get("state") != "fled"
    ]

    def free(r: pygame.Rect, taken: list[pygame.Rect], moved: bool = False) -> bool:
        if centre is not None and math.dist(r.center, centre) < base + SPOT_R + 7:  # clear of the acting ring too
            return False
        if moved and any(math.dist(r.center, c) < b + SPOT_R for c, b in bases):
            return False  # a mark moved off its spot keeps off every base, not only the mover's
        return board.contains(r) and not any(r.inflate(2, 2).colliderect(t) for t in taken)

    out: list[SpotMark] = [SpotMark(i, p, p, rect(i, p)) for i, p in enumerate(pts)]
    taken: list[pygame.Rect] = []
    crowd: list[int] = []
    for mk in out:
        if free(mk.rect, taken):
            taken.append(mk.rect)
        else:
            crowd.append(mk.index)
    for i in crowd:
        p = pts[i]
        hub = centre if centre is not None and math.dist(p, centre) < base + SPOT_R + 7 else p
        want = math.atan2(p[1] - hub[1], p[0] - hub[0]) if p != hub else -math.pi / 2
        ring0 = (base if hub == centre else 0) + SPOT_R + 14
        steps = sorted(range(36), key=lambda k: min(k, 36 - k))  # its own direction first, then either side
        choice = None
        for ring in range(ring0, ring0 + 8 * (2 * SPOT_R + 4), 2 * SPOT_R + 4):
            for k in steps:
                a = want + 2 * math.pi * k / 36
                r = rect(i, (int(hub[0] + ring * math.cos(a)), int(hub[1] + ring * math.sin(a))))
                if free(r, taken, moved=True):
                    choice = r
                    break
            if choice is not None:
                break
        if choice is not None:  # else (a board full of marks) it stays on its spot
            out[i] = SpotMark(i, p, choice.center, choice)
            taken.append(choice)
    return out


def draw_spot_marks(surf: pygame.Surface, marks: list[SpotMark], font: pygame.font.Font) -> None:
    """Each mark a dark pill with a yellow edge and its number centred; a fanned one with a leader
    line to a dot where its move ends."""
    for mk in marks:
        if mk.fanned:
            pygame.draw.line(surf, OBJ, mk.spot, mk.at, 1)
            pygame.draw.circle(surf, OBJ, mk.spot, 3)
    for mk in marks:
        pygame.draw.rect(surf, (30, 30, 34), mk.rect, border_radius=SPOT_R)
        pygame.draw.rect(surf, OBJ, mk.rect, 2, border_radius=SPOT_R)
        img = font.render(str(mk.index + 1), True, OBJ)
        surf.blit(img, img.get_rect(center=mk.rect.center))


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
        self._shade: tuple[Any, pygame.Surface | None] = (None, None)
        super().__init__(make, seed)
        self.speed = 40.0

    def status(self) -> str:
        over = f"   over: {self.outcome()}" if self.outcome() else ""
        return f"seed {self.seed}   F1 help   s save   Esc quit{over}"

    def shade(self, req: Any) -> pygame.Surface | None:
        """For a placement asked of a person: the board darkened wherever the piece may not go, by
        the game's own test (``req.legal``) on a half-inch grid, so the bright part is where a click
        is taken. Worked out once per question."""
        if req is None or req.kind != "deploy" or not getattr(req, "models", ()):
            return None
        key = (len(self.match.events), len(getattr(self.match, "decisions", ())), req.models[0])
        if self._shade[0] == key:
            return self._shade[1]
        w = float(self.view.board.get("width", 36)) or 36.0
        h = float(self.view.board.get("height", 36)) or 36.0
        out = pygame.Surface(SIZE, pygame.SRCALPHA)
        step = 0.25
        for iy in range(int(h / step)):
            for ix in range(int(w / step)):
                x, y = ix * step, iy * step
                if req.legal(req.models[0], (x + step / 2, y + step / 2)) is not None:
                    a, b = to_screen(self.view, (x, y + step)), to_screen(self.view, (x + step, y))
                    out.fill((0, 0, 0, 110), pygame.Rect(a, (b[0] - a[0], b[1] - a[1])))
        self._shade = (key, out)
        return out

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
            for mk in spot_marks(self.view, spots, self.spot_font()):  # a mark first: fanned ones sit off their spot
                if mk.rect.inflate(4, 4).collidepoint(pos):
                    self.choose(mk.index)
                    return
            best = min(range(len(spots)), key=lambda i: (spots[i][0] - p[0]) ** 2 + (spots[i][1] - p[1]) ** 2)
            if ((spots[best][0] - p[0]) ** 2 + (spots[best][1] - p[1]) ** 2) ** 0.5 < 1.0:
                self.choose(best)
            else:
                self.message = "not a spot on offer: click a numbered yellow ring, or an answer"
            return
        if req.kind == "deploy":
            from ..play.protocol import IllegalDecision

            piece = self.piece_name(req.models[0])
            why = req.legal(req.models[0], p)  # the game's own reason, put in the player's words
            if why:
                self.message = f"{piece} cannot go there: {why}"
                return
            try:
                self.match.answer((req.models[0], p))
                self.message = ""
            except IllegalDecision as e:
                self.message = f"{piece} cannot go there: {str(e).split(': ', 2)[-1]}"
            return
        for i, o in enumerate(self.options()):
            m = self.view.models.get(str(o))
            if m and m["pos"] and ((m["pos"][0] - p[0]) ** 2 + (m["pos"][1] - p[1]) ** 2) ** 0.5 <= m["radius"] + 0.3:
                self.choose(i)
                return
        if any(str(o) in self.view.models for o in self.options()):
            self.message = "no model on offer there: click one named in the answers, or an answer"

    def spot_font(self) -> pygame.font.Font:
        """The move spots' numbers' font (the marks' size, so their hit boxes, depend on it)."""
        pygame.font.init()
        return pygame.font.SysFont("dejavusans", 13)

    def piece_name(self, pid: str) -> str:
        """What a placement question places, in words: a model's name, an artillery piece's, or
        "objective o2"."""
        if pid in self.view.models:
            return str(self.view.names.get(pid, pid))
        guns = getattr(self.match, "guns", {})
        if pid in guns:
            return f"the {guns[pid].name}"
        return f"objective {pid}"

    def save(self) -> None:
        if not self.save_path:
            self.message = "no --save file was given"
            return
        from ..play.replay import save_replay

        save_replay(self.match, "gangfight", self.save_path)
        self.message = f"saved to {self.save_path}"

    def prompt(self, req: Any) -> str:
        """The question in words; a placement names its rule (where the piece may go)."""
        what = str(getattr(req, "prompt", ""))
        if req.kind != "deploy":
            return what
        pid = req.models[0]
        if pid in self.view.models:
            return f"click inside your starting area (the bright part of the board) to place {self.piece_name(pid)}"
        if pid in getattr(self.match, "guns", {}):
            return f"click the board (the bright part) to place {self.piece_name(pid)}"
        return (
            f"click the board to place objective {pid}: outside both starting areas, at least"
            f' {req.min_distance:g}" from another objective, off blocking terrain (the bright part)'
        )

    def draw(self, surf: pygame.Surface, fonts: Fonts) -> None:
        req = self.waiting()
        # a refused click is said under the question while it is still asked (it was kept
        # but drawn only once nobody was being asked anything: four clicks went unexplained)
        said = wrap(fonts.body, self.message, PANEL_W)[:2] if req is not None and self.message else []
        rows = 6 - len(said) if req is not None else 19
        foot = draw(surf, self.view, fonts, log_rows=rows, status=self.status(), shade=self.shade(req))
        x0 = BOARD_PX + 40
        if req is not None:
            seat = self.view.seats[req.boss] if self.view.seats else ""
            asked = wrap(fonts.body, f"{seat}: {self.prompt(req)}", PANEL_W)[: 4 - len(said)]
            block = [(line, OBJ) for line in asked] + [(line, BAD) for line in said]
            for k, (line, col) in enumerate(block):  # the last line just above the answers
                _text(surf, fonts.body, line, (x0, SIZE[1] - 318 - 20 * (len(block) - 1 - k)), col)
            if req.kind == "gf_face":  # where the move ends, and a ray along each facing on offer
                at = to_screen(self.view, req.at)
                pygame.draw.circle(surf, OBJ, at, 5)
                for sp in req.spots:
                    pygame.draw.line(surf, OBJ, at, to_screen(self.view, sp), 1)
            draw_spot_marks(surf, spot_marks(self.view, getattr(req, "spots", ()), fonts.small), fonts.small)
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
        self.draw_help(surf, fonts, HOTSEAT_KEYS)


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
        "spots_px": [list(mk.at) for mk in spot_marks(app.view, getattr(req, "spots", ()), app.spot_font())]
        if req is not None
        else [],  # where each numbered mark is drawn (a click there takes it)
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
                if not app.finished and app.save_path:
                    app.save()  # an unfinished game is saved on the way out, as Space Gits' window does
                running = False
            elif event.type == pygame.KEYDOWN and event.key in keys:
                app.choose(app.page * 10 + keys[event.key])
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEDOWN:
                app.page = min(app.page + 1, max(0, (len(app.options()) - 1) // 10))
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
                app.page = max(0, app.page - 1)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                app.show_help = not app.show_help
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

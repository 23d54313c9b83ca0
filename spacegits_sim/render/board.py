"""Drawing the table: terrain, caps, dice, models, towers, HUD and log onto a pygame Surface.

Draws a :class:`~.scene.Scene` (the match as its event log tells it) plus per-frame
overrides for animation; never reads the match or the physics, and decides no rule. Text
surfaces are cached because font rendering dominates frame time.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from .palette import BOSS_COLOURS
from .scene import ModelLook, Scene, TerrainLook

__all__ = [
    "BOSS_COLOURS",
    "BoardRenderer",
    "Overrides",
    "fit",
    "fit_middle",
    "tower_grid",
    "tower_labels",
    "wrap",
    "help_lines",
]

Point = tuple[float, float]
TABLE_COLOUR = (58, 92, 62)
TALL_COLOUR = (92, 88, 84)
LOW_COLOUR = (150, 128, 96)
BARREL_COLOUR = (220, 110, 20)
MACHINE_COLOUR = (120, 60, 140)  # terrain a git can boot: funfair machines, bars, loos
PUDDLE_COLOURS = [(30, 30, 40), (90, 170, 40), (60, 110, 170), (150, 60, 60)]
CAP_COLOUR = (230, 200, 60)
PANEL = (28, 30, 36)
TEXT = (230, 230, 230)
DIM = (150, 150, 160)
LOG_ROW_H = 17  # px a log row
LOG_MIN_ROWS = 8  # the log keeps this many rows whatever else the side panel holds
LOG_MIN_H = LOG_MIN_ROWS * LOG_ROW_H + 8


@dataclass
class Overrides:
    """What an animation frame shows differently from the scene's settled state."""

    positions: dict[str, Point] = field(default_factory=dict)  # model id -> where it is drawn now
    flying: list[tuple[int, int, Point, float]] = field(default_factory=list)  # sides, value, (x, y), z
    hidden_dice: set[str] = field(default_factory=set)
    lines: list[tuple[Point, Point, tuple[int, int, int]]] = field(default_factory=list)
    blasts: list[tuple[Point, float]] = field(default_factory=list)  # centre, radius (in)
    banner: str | None = None
    tower_frames: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)  # recorded wobble
    angles: dict[str, float] = field(default_factory=dict)  # vehicle id -> facing drawn now (a pivot, a spin)
    marks: list[tuple[Point, bool]] = field(default_factory=list)  # where a shot ended: (point, hit a model)


class BoardRenderer:
    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        pygame.font.init()
        self.size = size
        self.font = pygame.font.Font(None, 20)
        self.small = pygame.font.Font(None, 16)
        self.tiny = pygame.font.Font(None, 15)  # tower labels in a crowded panel (the derby)
        self.big = pygame.font.Font(None, 34)
        self.die_font = pygame.font.Font(None, 26)
        self.die_font.set_bold(True)
        self.log_box = pygame.Rect(0, 0, 0, 0)  # where the log was drawn last (the hot-seat scrolls it)
        self.card_top = 0
        self.tower_rects: list[pygame.Rect] = []  # where the tower panels were drawn last (tests check the layout)
        # The side panel's card draws the kit as the log says it (gun names); a window that holds
        # the match (the hot-seat) sets this to say each gun's range there as its hover card does.
        self.kit_words: Callable[[str, str], str] | None = None
        # the card's move words, as the hot-seat says them (a vehicle's handling beside its dice)
        self.stat_words: Callable[[str, str], str] | None = None
        self._text_cache: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._static: pygame.Surface | None = None
        self._static_key: Any = None

    # ------------------------------------------------------------------ geometry

    def layout(self, scene: Scene) -> tuple[pygame.Rect, float]:
        w, h = self.size
        side = min(h - 40, w - 520)
        tw, th = scene.width, scene.height
        scale = side / max(tw, th)
        rect = pygame.Rect(20, 20, int(tw * scale), int(th * scale))
        return rect, scale

    def to_px(self, scene: Scene, p: Point) -> tuple[int, int]:
        rect, s = self.layout(scene)
        return (int(rect.left + p[0] * s), int(rect.bottom - p[1] * s))

    def to_table(self, scene: Scene, px: tuple[int, int]) -> Point | None:
        rect, s = self.layout(scene)
        if not rect.collidepoint(px):
            return None
        return ((px[0] - rect.left) / s, (rect.bottom - px[1]) / s)

    def text(self, s: str, font: pygame.font.Font | None = None, colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
        f = font or self.font
        key = (s, id(f), colour)
        surf = self._text_cache.get(key)
        if surf is None:
            if len(self._text_cache) > 4000:
                self._text_cache.clear()
            surf = self._text_cache[key] = f.render(s, True, colour)
        return surf

    # ------------------------------------------------------------------ the whole frame

    def draw(
        self,
        surf: pygame.Surface,
        scene: Scene,
        ov: Overrides | None = None,
        log: list[str] | None = None,
        hover: Point | None = None,
        active: str | None = None,
        status: str = "",
        log_bottom: int | None = None,
        log_scroll: int = 0,
        gap: int = 0,
    ) -> None:
        """The whole frame. ``log_bottom`` keeps the log above a region the caller fills (the
        hot-seat's prompt and buttons); ``log_scroll`` shows older lines (wrapped rows back from
        the newest); ``gap`` leaves that many pixels free under the towers (a result card)."""
        ov = ov or Overrides()
        surf.fill(PANEL)
        self.draw_table(surf, scene, ov, hover, active)
        self.draw_panel(surf, scene, log or [], active, status, ov, log_bottom, log_scroll, gap)

    def _static_layer(self, scene: Scene) -> pygame.Surface:
        """Table and terrain: redrawn only when the terrain changes (a barrel explodes)."""
        key = (scene.terrain_key(), scene.width, scene.height, self.size)
        if self._static is not None and self._static_key == key:
            return self._static
        rect, s = self.layout(scene)
        layer = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, TABLE_COLOUR, rect)
        for i in range(0, int(scene.width) + 1, 6):  # a faint 6" grid, like a gaming mat
            x = rect.left + i * s
            pygame.draw.line(layer, (66, 102, 70), (x, rect.top), (x, rect.bottom))
        for j in range(0, int(scene.height) + 1, 6):
            y = rect.bottom - j * s
            pygame.draw.line(layer, (66, 102, 70), (rect.left, y), (rect.right, y))
        for t in scene.terrain.values():
            barrel = t.explodes > 0  # terrain that blows up looks like a barrel
            colour = BARREL_COLOUR if barrel else (TALL_COLOUR if t.height_in > 2 else LOW_COLOUR)
            if t.crossable and t.height_in <= 0:  # a flat puddle: glossy, each kind its own colour
                self._draw_puddle(layer, scene, t)
                continue
            if t.boots:
                colour = MACHINE_COLOUR
            if t.polygon is not None:
                pts = [self.to_px(scene, v) for v in t.polygon]
                pygame.draw.polygon(layer, colour, pts)
                pygame.draw.polygon(
                    layer, (30, 30, 30) if t.height_in > 2 else (110, 90, 60), pts, 3 if t.height_in > 2 else 1
                )
                if t.height_in <= 2:  # low terrain: hatched, you can see (and shoot) over it
                    xs = [p[0] for p in pts]
                    for x in range(min(xs), max(xs), 7):
                        pygame.draw.line(
                            layer, (120, 100, 72), (x, min(p[1] for p in pts)), (x, max(p[1] for p in pts))
                        )
            elif t.circle is not None:
                c = self.to_px(scene, t.circle[0])
                r = max(3, int(t.circle[1] * s))
                pygame.draw.circle(layer, colour, c, r)
                if barrel:
                    pygame.draw.circle(layer, (60, 20, 0), c, r, 2)
                    pygame.draw.line(layer, (40, 20, 0), (c[0] - r + 2, c[1]), (c[0] + r - 2, c[1]), 2)
                else:
                    for k in range(6):
                        a = k * math.pi / 3
                        pygame.draw.circle(
                            layer,
                            (120, 100, 72),
                            (int(c[0] + r * 0.5 * math.cos(a)), int(c[1] + r * 0.5 * math.sin(a))),
                            max(2, r // 4),
                        )
        for t in scene.terrain.values():
            if t.boots:  # machines say what they are
                self._label(layer, scene, t, (250, 240, 200))
        self._static, self._static_key = layer, key
        return layer

    def _draw_puddle(self, layer: pygame.Surface, scene: Scene, t: TerrainLook) -> None:
        """A flat spill (walked over, never blocks): translucent, outlined, named."""
        _rect, s = self.layout(scene)
        colour = t.colour or PUDDLE_COLOURS[zlib.crc32(t.type.encode()) % len(PUDDLE_COLOURS)]
        if t.polygon is not None:
            pts = [self.to_px(scene, v) for v in t.polygon]
            pygame.draw.polygon(layer, (*colour, 200), pts)
            pygame.draw.polygon(layer, (20, 20, 20, 220), pts, 2)
        elif t.circle is not None:
            c = self.to_px(scene, t.circle[0])
            r = max(3, int(t.circle[1] * s))
            pygame.draw.circle(layer, (*colour, 200), c, r)
            pygame.draw.circle(layer, (20, 20, 20, 220), c, r, 2)
        self._label(layer, scene, t, (235, 235, 235))

    def _label(self, layer: pygame.Surface, scene: Scene, t: TerrainLook, colour: tuple[int, int, int]) -> None:
        if t.polygon is not None:
            cx = sum(p[0] for p in t.polygon) / len(t.polygon)
            cy = sum(p[1] for p in t.polygon) / len(t.polygon)
        elif t.circle is not None:
            cx, cy = t.circle[0]
        else:
            return
        img = self.small.render(t.name, True, colour)
        p = self.to_px(scene, (cx, cy))
        rect, _s = self.layout(scene)
        x = min(max(p[0] - img.get_width() // 2, rect.left + 2), rect.right - img.get_width() - 2)
        layer.blit(img, (x, p[1] - img.get_height() // 2))

    def draw_table(
        self, surf: pygame.Surface, scene: Scene, ov: Overrides, hover: Point | None, active: str | None
    ) -> None:
        rect, s = self.layout(scene)
        surf.blit(self._static_layer(scene), (0, 0))
        for cap_pos in scene.caps.values():
            p = self.to_px(scene, cap_pos)
            r = max(3, int(13 / 25.4 * s))
            pygame.draw.circle(surf, CAP_COLOUR, p, r)
            pygame.draw.circle(surf, (150, 120, 20), p, r, 2)
        for did, die in scene.dice.items():
            if did in ov.hidden_dice:
                continue
            self.draw_die(surf, scene, die.sides, die.value, die.position, die.angle, s)
        for mid, m in scene.models.items():
            if not m.in_play:
                continue
            pos = ov.positions.get(mid) or m.position
            if m.hull is not None:
                self.draw_hull(surf, scene, m, pos, ov.angles.get(mid, m.angle), s, mid == active)
                continue
            self.draw_model(surf, scene, m, pos, s, mid == active)
        for a, b, col in ov.lines:
            pygame.draw.line(surf, col, self.to_px(scene, a), self.to_px(scene, b), 2)
        for end, hit in ov.marks:  # a shot's end: a ring on what it hit, a cross where it missed
            c = self.to_px(scene, end)
            if hit:
                pygame.draw.circle(surf, (255, 60, 60), c, 12, 3)
            else:
                for sign in (-1, 1):
                    pygame.draw.line(surf, (255, 230, 120), (c[0] - 8, c[1] - 8 * sign), (c[0] + 8, c[1] + 8 * sign), 3)
        for centre, radius in ov.blasts:
            pygame.draw.circle(surf, (255, 170, 40), self.to_px(scene, centre), max(2, int(radius * s)), 3)
        for sides, value, (x, y), z in ov.flying:
            self.draw_die(surf, scene, sides, value, (x, y), z * 3.0, s * (1.0 + 0.08 * z), shadow=z)
        if hover is not None and active in scene.models and scene.models[active].in_play:  # (a barrel throws too)
            a = ov.positions.get(active) or scene.models[active].position
            pygame.draw.line(surf, (250, 250, 250), self.to_px(scene, a), self.to_px(scene, hover), 1)
            d = math.hypot(hover[0] - a[0], hover[1] - a[1]) - scene.models[active].radius_in
            hp = self.to_px(scene, hover)
            surf.blit(self.text(f'{max(0.0, d):.1f}"', self.small), (hp[0] + 8, hp[1] - 8))
        if ov.banner:
            t = self.text(ov.banner, self.big, (255, 80, 80))
            surf.blit(t, (rect.centerx - t.get_width() // 2, rect.top + 10))

    def draw_die(
        self,
        surf: pygame.Surface,
        scene: Scene,
        sides: int,
        value: int,
        pos: Point,
        angle: float,
        s: float,
        shadow: float = 0.0,
    ) -> None:
        c = self.to_px(scene, pos)
        size = 16 / 25.4 * s
        n = {4: 3, 6: 4, 8: 6, 10: 5, 12: 10, 20: 6}.get(sides, 4)
        r = size * (0.72 if n != 4 else 0.71)
        pts = [
            (
                c[0] + r * math.cos(-angle + 2 * math.pi * k / n + math.pi / n),
                c[1] + r * math.sin(-angle + 2 * math.pi * k / n + math.pi / n),
            )
            for k in range(n)
        ]
        if shadow > 0:
            pygame.draw.circle(surf, (30, 45, 32), (c[0] + int(shadow * 4), c[1] + int(shadow * 4)), int(r))
        fill = (245, 245, 240) if sides == 6 else (200, 225, 250)
        pygame.draw.polygon(surf, fill, pts)
        pygame.draw.polygon(surf, (40, 40, 40), pts, 1)
        # the value as an upright digit, as big as the die allows: rotated pips (a 6 and a 4 look
        # alike at this size) were hard to read across the table
        t = self.text(str(value), self.font if size < 11 else self.die_font, (20, 20, 60))
        surf.blit(t, (c[0] - t.get_width() // 2, c[1] - t.get_height() // 2 + 1))

    def draw_hull(
        self, surf: pygame.Surface, scene: Scene, m: ModelLook, pos: Point, angle: float, s: float, is_active: bool
    ) -> None:
        """A vehicle top-down: its hull in its boss's colour, the front drawn as a bright bumper
        and a chevron, its two towers as white squares at the back; while it is the active
        model, its front arc (a half-plane) and front corridor are shaded ahead of it."""
        assert m.hull is not None
        w, ln = m.hull
        ca, sa = math.cos(angle), math.sin(angle)

        def at(lx: float, ly: float) -> tuple[int, int]:
            return self.to_px(scene, (pos[0] + lx * ca - ly * sa, pos[1] + lx * sa + ly * ca))

        col = BOSS_COLOURS[m.boss % 4]
        if is_active:  # the front corridor ahead, as wide as the hull
            reach = 14.0
            overlay = pygame.Surface(self.size, pygame.SRCALPHA)
            corridor = [at(ln / 2, w / 2), at(ln / 2 + reach, w / 2), at(ln / 2 + reach, -w / 2), at(ln / 2, -w / 2)]
            pygame.draw.polygon(overlay, (255, 255, 255, 38), corridor)
            pygame.draw.line(overlay, (255, 255, 255, 90), at(0, reach), at(0, -reach), 1)  # front/rear arcs
            clip = surf.get_clip()
            surf.set_clip(self.layout(scene)[0])  # on the table only
            surf.blit(overlay, (0, 0))
            surf.set_clip(clip)
        body = [at(ln / 2, w / 2), at(-ln / 2, w / 2), at(-ln / 2, -w / 2), at(ln / 2, -w / 2)]
        pygame.draw.polygon(surf, col, body)
        pygame.draw.polygon(surf, (255, 255, 255) if is_active else (20, 20, 20), body, 3 if is_active else 2)
        pygame.draw.line(surf, (250, 230, 90), at(ln / 2, w / 2 - 0.1), at(ln / 2, -w / 2 + 0.1), 4)  # the front
        pygame.draw.polygon(
            surf, (255, 255, 255), [at(ln / 2 - 0.2, 0), at(ln / 2 - 0.9, w / 4), at(ln / 2 - 0.9, -w / 4)]
        )
        side = max(4, int(16 / 25.4 * s))
        for k, n in enumerate((m.tower, m.tower2)):
            if n:
                tc = at(-ln / 2 + 0.45, (w / 4) * (1 if k == 0 else -1))
                pygame.draw.rect(surf, (245, 245, 240), pygame.Rect(tc[0] - side // 2, tc[1] - side // 2, side, side))
        t = self.text(m.glyph, self.font, (255, 255, 255))
        c = self.to_px(scene, pos)
        surf.blit(t, (c[0] - t.get_width() // 2, c[1] - t.get_height() // 2))

    def draw_model(
        self, surf: pygame.Surface, scene: Scene, m: ModelLook, pos: Point, s: float, is_active: bool
    ) -> None:
        c = self.to_px(scene, pos)
        r = max(4, int(m.radius_in * s))
        col = BOSS_COLOURS[m.boss % 4]
        if m.fallen:  # knocked over on its ass: a flattened, darkened base with an X
            dark = tuple(int(v * 0.45) for v in col)
            pygame.draw.ellipse(surf, dark, pygame.Rect(c[0] - r, c[1] - r // 2, 2 * r, r))
            pygame.draw.line(surf, (240, 240, 240), (c[0] - r // 2, c[1] - r // 3), (c[0] + r // 2, c[1] + r // 3), 2)
            pygame.draw.line(surf, (240, 240, 240), (c[0] - r // 2, c[1] + r // 3), (c[0] + r // 2, c[1] - r // 3), 2)
        else:
            pygame.draw.circle(surf, col, c, r)
            pygame.draw.circle(surf, (255, 255, 255) if is_active else (20, 20, 20), c, r, 3 if is_active else 2)
            t = self.text(m.glyph, self.font, (255, 255, 255))
            surf.blit(t, (c[0] - t.get_width() // 2, c[1] - t.get_height() // 2))
            if m.tower:
                dx, dy = m.tower_offset  # the footprint: behind the base, touching it
                tc = self.to_px(scene, (pos[0] + dx, pos[1] + dy))
                side = max(4, int(16 / 25.4 * s))
                pygame.draw.rect(surf, (245, 245, 240), pygame.Rect(tc[0] - side // 2, tc[1] - side // 2, side, side))
                pygame.draw.rect(surf, (30, 30, 30), pygame.Rect(tc[0] - side // 2, tc[1] - side // 2, side, side), 1)
                lbl = self.text(str(m.tower), self.small, (20, 20, 20))
                surf.blit(lbl, (tc[0] - lbl.get_width() // 2, tc[1] - lbl.get_height() // 2))

    # ------------------------------------------------------------------ legend

    def draw_legend(self, surf: pygame.Surface, scene: Scene, box: pygame.Rect) -> None:
        """What every symbol on the board means, each drawn with the board's own colours (F1 in
        the windows; docs/legend.png in the README)."""
        pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
        pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
        x, y = box.left + 16, box.top + 14
        surf.blit(self.text("Legend", self.font, (255, 220, 120)), (x, y))
        y += 28
        sw = 26  # swatch size

        def row(draw: Any, words: str) -> None:
            nonlocal y
            draw(pygame.Rect(x, y, sw, sw - 6))
            surf.blit(self.text(words, self.small), (x + sw + 12, y + 3))
            y += 24

        def tall(r: pygame.Rect) -> None:
            pygame.draw.rect(surf, TALL_COLOUR, r)
            pygame.draw.rect(surf, (30, 30, 30), r, 3)

        def low(r: pygame.Rect) -> None:
            pygame.draw.rect(surf, LOW_COLOUR, r)
            for xx in range(r.left, r.right, 7):
                pygame.draw.line(surf, (120, 100, 72), (xx, r.top), (xx, r.bottom))
            pygame.draw.rect(surf, (110, 90, 60), r, 1)

        def barrel(r: pygame.Rect) -> None:
            pygame.draw.circle(surf, BARREL_COLOUR, r.center, r.height // 2)
            pygame.draw.circle(surf, (60, 20, 0), r.center, r.height // 2, 2)

        def puddle(r: pygame.Rect) -> None:
            half = pygame.Rect(r.left, r.top, r.width // 2, r.height)
            pygame.draw.rect(surf, (28, 26, 34), half)
            pygame.draw.rect(surf, (96, 190, 40), half.move(r.width // 2, 0))
            pygame.draw.rect(surf, (20, 20, 20), r, 2)

        def machine(r: pygame.Rect) -> None:
            pygame.draw.rect(surf, MACHINE_COLOUR, r)
            pygame.draw.rect(surf, (30, 30, 30), r, 3)

        def cap(r: pygame.Rect) -> None:
            pygame.draw.circle(surf, CAP_COLOUR, r.center, r.height // 2 - 2)
            pygame.draw.circle(surf, (150, 120, 20), r.center, r.height // 2 - 2, 2)

        def die(r: pygame.Rect) -> None:
            pygame.draw.rect(surf, (245, 245, 240), r.inflate(-6, 0))
            t = self.text("4", self.small, (20, 20, 20))
            surf.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))

        def git(r: pygame.Rect, ring: tuple[int, int, int] = (20, 20, 20), width: int = 2) -> None:
            pygame.draw.circle(surf, BOSS_COLOURS[0], r.center, r.height // 2)
            pygame.draw.circle(surf, ring, r.center, r.height // 2, width)

        def active(r: pygame.Rect) -> None:
            git(r, (255, 255, 255), 3)

        def fallen(r: pygame.Rect) -> None:
            dark = tuple(int(v * 0.45) for v in BOSS_COLOURS[0])
            pygame.draw.ellipse(surf, dark, r.inflate(0, -10))
            pygame.draw.line(surf, (240, 240, 240), (r.left + 6, r.top + 7), (r.right - 6, r.bottom - 7), 2)
            pygame.draw.line(surf, (240, 240, 240), (r.left + 6, r.bottom - 7), (r.right - 6, r.top + 7), 2)

        def tower(r: pygame.Rect) -> None:
            sq = pygame.Rect(0, 0, r.height, r.height)
            sq.center = r.center
            pygame.draw.rect(surf, (245, 245, 240), sq)
            pygame.draw.rect(surf, (30, 30, 30), sq, 1)
            t = self.text("7", self.small, (20, 20, 20))
            surf.blit(t, (sq.centerx - t.get_width() // 2, sq.centery - t.get_height() // 2))

        row(tall, "tall terrain (walls, buildings, machines): blocks moves and lines of fire")
        row(low, 'low terrain (2" or less: low walls, rubble): shoot over it; it gives cover')
        row(barrel, "exploding barrel: hit instead of giving cover; explodes (6)")
        row(puddle, "flat terrain (oil slick, toxic waste): walked over; each its own colour")
        row(machine, "a machine, bar or loo a git in contact can boot (named on the table)")
        row(cap, "a bottle cap: bump into it to loot it")
        row(die, "a die on the table (move, bullet, blast, or tumbling off a tower)")
        row(git, "a git: its boss's colour, its type's letter")
        row(active, "white ring: the git activating now")
        row(fallen, "fallen over: no tower until it is booted up")
        row(tower, "its tower: the dice count, behind the base (side views on the right)")

        def vehicle(r: pygame.Rect) -> None:
            body = pygame.Rect(r.left, r.top + 3, r.width, r.height - 6)
            pygame.draw.rect(surf, BOSS_COLOURS[0], body)
            pygame.draw.rect(surf, (20, 20, 20), body, 2)
            pygame.draw.line(surf, (250, 230, 90), (body.right - 2, body.top + 2), (body.right - 2, body.bottom - 3), 3)
            c = body.center
            pygame.draw.polygon(
                surf,
                (255, 255, 255),
                [(body.right - 5, c[1]), (body.right - 11, c[1] - 4), (body.right - 11, c[1] + 4)],
            )
            pygame.draw.rect(surf, (245, 245, 240), pygame.Rect(body.left + 3, body.top + 2, 5, 5))
            pygame.draw.rect(surf, (245, 245, 240), pygame.Rect(body.left + 3, body.bottom - 7, 5, 5))

        row(
            vehicle, "a vehicle (V): bumper and arrow at the front, towers A and B at the back; moving: corridor shaded"
        )
        kinds = sorted({(m.glyph, m.type) for m in scene.models.values() if m.hull is None})
        if kinds:
            y += 4
            letters = "   ".join(f"{g} {t.lower()}" for g, t in kinds)
            surf.blit(self.text(f"letters: {letters}", self.small, (220, 220, 220)), (x, y))
            y += 22
        bosses = "   ".join(b.name for b in scene.bosses)
        if bosses:
            for i, b in enumerate(scene.bosses):
                pygame.draw.circle(surf, BOSS_COLOURS[i % 4], (x + 8 + i * 90, y + 9), 8)
                surf.blit(self.text(b.name, self.small), (x + 20 + i * 90, y + 2))

    # ------------------------------------------------------------------ side panel

    def draw_panel(
        self,
        surf: pygame.Surface,
        scene: Scene,
        log: list[str],
        active: str | None,
        status: str,
        ov: Overrides,
        log_bottom: int | None = None,
        log_scroll: int = 0,
        gap: int = 0,
    ) -> None:
        w, h = self.size
        x0 = self.layout(scene)[0].right + 20
        y = 20
        limit = scene.timer_s
        mins, secs = divmod(int(scene.clock), 60)
        clock_col = (255, 80, 80) if scene.siren else TEXT
        surf.blit(self.text(f"{mins:02d}:{secs:02d} / {int(limit // 60)}:00", self.big, clock_col), (x0, y))
        if scene.siren:
            surf.blit(self.text("SIREN - no more booting", self.font, (255, 80, 80)), (x0 + 190, y + 8))
        y += 36
        for b in scene.bosses:
            col = BOSS_COLOURS[b.index % 4]
            turn = "<" if not scene.over and scene.turn == b.index else ""
            line = f"{b.name}: stash {b.stash}  new {b.stash - b.start_stash:+d}{'  (out)' if b.out else ''} {turn}"
            pygame.draw.rect(surf, col, pygame.Rect(x0, y + 3, 12, 12))
            surf.blit(self.text(line), (x0 + 18, y))
            y += 20
        y += 6
        if active and active in scene.models:
            look = scene.models[active]
            if self.kit_words is not None:
                look = replace(look, kit=self.kit_words(active, look.kit))
            if self.stat_words is not None:
                look = replace(look, move=self.stat_words(active, look.move))
            y = self.draw_id_card(surf, look, x0, y, scene.crew_words(active))
        bottom = log_bottom or h - 40
        # the towers get what the log's minimum (LOG_MIN_ROWS) and the caller's gap leave: twelve
        # derby panels under an id card once squeezed the log to one line
        room = bottom - LOG_MIN_H - gap - (y + 6)
        y = self.draw_towers(surf, scene, x0, y + 6, w - x0 - 20, ov, max_height=room)
        self.card_top = y + 6  # where a caller's card goes (``gap`` pixels are kept for it)
        y += gap
        if status:
            surf.blit(self.text(fit(status, self.small, w - x0 - 10), self.small, DIM), (x0, h - 24))
        self.draw_log(surf, log, pygame.Rect(x0, y + 8, w - x0 - 20, bottom - y - 8), log_scroll)

    def towers_top(self, scene: Scene, active: str | None) -> int:
        """Where :meth:`draw_panel` starts the tower panels: under the clock, the bosses' lines
        and the id card of ``active`` (the hot-seat keeps its buttons below what must fit)."""
        y = 20 + 36 + 20 * len(scene.bosses) + 6
        if active and active in scene.models:
            y += id_card_height(scene.crew_words(active)) + 6
        return y + 6

    def towers_min_height(self, scene: Scene, width: int) -> int:
        """The least height the tower panels can be drawn in (compact: labels only)."""
        entries = self.tower_entries(scene)
        if not entries:
            return 0
        cols, cw, _ch = tower_grid(len(entries), width)
        rows = -(-len(entries) // cols)
        return rows * (self.compact_tower_h(scene, cw) + 4)

    def compact_tower_h(self, scene: Scene, cw: int) -> int:
        """A tower panel's height when only its label (and a sliver of its dice) fits."""
        font, labels = tower_labels([t for _m, _w, t in self.tower_entries(scene)], (self.small, self.tiny), cw - 14)
        return max(len(lines) for lines in labels) * (font.get_linesize() + 1) + 14

    def draw_log(self, surf: pygame.Surface, log: list[str], box: pygame.Rect, scroll: int = 0) -> int:
        """The log in ``box``: each line wrapped to the box's width (never cut at the edge), the
        newest at the bottom; ``scroll`` rows back shows older ones (a note says how many are
        below). Returns the number of wrapped rows there are in all (for the caller's scroll
        bounds)."""
        self.log_box = box
        rows: list[tuple[str, bool]] = []
        starts: list[bool] = []  # a row that begins a log line (not a wrapped line's later part)
        for i, line in enumerate(log[-200:]):
            newest = i == len(log[-200:]) - 1
            for k, part in enumerate(wrap(line, self.small, box.width)):
                rows.append(("    " + part if k else part, newest))
                starts.append(k == 0)
        fits = max(0, box.height // LOG_ROW_H)
        scroll = max(0, min(scroll, len(rows) - fits))
        end = len(rows) - scroll
        first = max(0, end - fits)
        # a wrapped line is shown from its start: the playtest read only the tail "1] for damage,
        # big on 3+ (its toughness): 12 damage". Its first rows cut off the top are dropped; a
        # line longer than the whole box shows its beginning.
        while first < end and not starts[first]:
            first += 1
        if first == end and end > 0:
            first = end - 1
            while first > 0 and not starts[first]:
                first -= 1
            end = min(len(rows), first + fits)
        shown = rows[first:end]
        for i, (text, newest) in enumerate(shown):
            surf.blit(self.text(text, self.small, TEXT if newest else DIM), (box.left, box.top + i * LOG_ROW_H))
        if scroll and fits:
            # (words, no arrow: the default font has no glyph for one, it drew a box)
            more = self.text(f"  {scroll} newer lines below: scroll down", self.small, (255, 220, 120))
            pygame.draw.rect(surf, PANEL, pygame.Rect(box.left, box.bottom - 17, box.width, 17))
            surf.blit(more, (box.left, box.bottom - 17))
        return len(rows)

    def draw_id_card(self, surf: pygame.Surface, m: ModelLook, x: int, y: int, crew: str = "") -> int:
        """A model's card: name, stats, kit, and for a vehicle who rides in it (``crew``, the
        scene's :meth:`~.scene.Scene.crew_words`) on a fourth line. Returns the y below it."""
        card = pygame.Rect(x, y, 440, id_card_height(crew))
        pygame.draw.rect(surf, (48, 50, 58), card, border_radius=6)
        pygame.draw.rect(surf, BOSS_COLOURS[m.boss % 4], card, 2, border_radius=6)
        title = id_title(m.name, m.type)
        surf.blit(self.text(fit(title, self.font, 424), self.font), (x + 8, y + 6))
        butt = f"  headbutt {m.headbutt}" if str(m.headbutt).strip() else ""  # a vehicle has none
        stats = f"move {m.move}{butt}  toughness {m.toughness}  tower {m.tower}"
        surf.blit(self.text(fit(stats, self.small, 424), self.small, DIM), (x + 8, y + 27))
        surf.blit(self.text(fit(m.kit, self.small, 424), self.small, DIM), (x + 8, y + 45))
        if crew:
            surf.blit(self.text(fit(crew, self.small, 424), self.small, DIM), (x + 8, y + 63))
        return y + card.height + 6

    def tower_entries(self, scene: Scene) -> list[tuple[ModelLook, int, tuple[str, str, str]]]:
        """The tower panels: (model, which tower, (name, "A"/"B" or "", dice count)) for every
        model in play, a vehicle's two towers one after the other."""
        entries: list[tuple[ModelLook, int, tuple[str, str, str]]] = []
        for m in scene.models.values():
            if not m.in_play:
                continue
            if m.hull is not None:
                entries += [(m, 0, (m.name, "A", str(m.tower))), (m, 1, (m.name, "B", str(m.tower2)))]
            else:
                entries.append((m, 0, (m.name, "", str(m.tower))))
        return entries

    def draw_towers(
        self,
        surf: pygame.Surface,
        scene: Scene,
        x: int,
        y: int,
        width: int,
        ov: Overrides | None = None,
        max_height: int | None = None,
    ) -> int:
        """Every standing model's tower side-on, from the simulated dice positions (x plane); a
        vehicle's two towers side by side. Within ``max_height`` pixels: the panels shrink (the
        towers drawn smaller) down to their labels, so the log under them keeps its lines."""
        self.tower_rects = []
        entries = self.tower_entries(scene)
        if not entries:
            return y
        cols, cw, ch = tower_grid(len(entries), width)
        if max_height is not None:
            rows = -(-len(entries) // cols)
            ch = max(self.compact_tower_h(scene, cw), min(ch, max_height // rows - 4))
        scale = 0.62  # px per mm: a 14-die tower fits; taller ones are drawn smaller to stay in their box
        font, labels = tower_labels([t for _m, _w, t in entries], (self.small, self.tiny), cw - 14)
        line_h = font.get_linesize() + 1
        label_rows = max(len(lines) for lines in labels)  # every base line at one height
        for i, (m, which, _t) in enumerate(entries):
            cx = x + (i % cols) * cw
            cy = y + (i // cols) * (ch + 4)
            box = pygame.Rect(cx, cy, cw - 6, ch)
            self.tower_rects.append(box)
            pygame.draw.rect(surf, (40, 42, 50), box, border_radius=4)
            lines = labels[i]
            base_y = box.bottom - 4 - line_h * label_rows
            pygame.draw.line(surf, (120, 120, 120), (box.left + 4, base_y), (box.right - 4, base_y), 2)
            for k, line in enumerate(lines):
                surf.blit(self.text(line, font, BOSS_COLOURS[m.boss % 4]), (box.left + 4, base_y + 2 + k * line_h))
            if m.fallen:
                surf.blit(self.text("fallen", self.small, DIM), (box.left + 4, base_y - 20))
                continue
            key = m.id if which == 0 else m.id + "/2"
            xs = (ov.tower_frames.get(key) if ov is not None else None) or (m.frame if which == 0 else m.frame2)
            top = max((dy for _, dy, _ in xs), default=0.0) + 8.0  # mm to the top of the highest die
            if base_y - box.top - 6 < 8:  # compact: the label says the count, no room for the dice
                continue
            shrink = min(scale, (base_y - box.top - 6) / top) if top > 0 else scale  # a tall tower is drawn smaller
            half = 8 * shrink
            for dx, dy, ang in xs:
                px = box.centerx + dx * shrink
                py = base_y - dy * shrink
                ca, sa = math.cos(-ang), math.sin(-ang)
                pts = [
                    (px + (u * ca - v * sa) * half, py + (u * sa + v * ca) * half)
                    for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))
                ]
                pygame.draw.polygon(surf, (245, 245, 240), pts)
                pygame.draw.polygon(surf, (30, 30, 30), pts, 1)
        rows = (len(entries) + cols - 1) // cols
        return y + rows * (ch + 4)


def fit(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` cut (with an ellipsis) to fit ``width`` pixels; unchanged if it fits."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def tower_grid(n: int, width: int) -> tuple[int, int, int]:
    """Columns, column width and box height for ``n`` tower panels ``width`` pixels wide: up to
    six a row (eight when there are more than twelve), as few columns as the rows need (twelve
    derby towers: two rows of six, not eight and four, so names have room; its eight vehicle
    towers while the gits are still to deploy: two rows of four, not one of eight, where the
    playtest read "Gazb… Bu… A 0")."""
    rows = -(-n // (8 if n > 12 else 6))
    cols = -(-n // rows)
    return cols, max(50, width // cols), 170 if n <= 12 else 120


def fit_middle(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` cut in the middle (its start and end kept, an ellipsis between) to fit ``width``:
    names sharing a start ("Grimfang", "Grimlock") stay apart where :func:`fit` makes both "Gri…"."""
    if font.size(text)[0] <= width:
        return text
    head, tail = text[: (len(text) + 1) // 2], text[(len(text) + 1) // 2 :]
    while (head or tail) and font.size(head + "…" + tail)[0] > width:
        if len(head) > len(tail):
            head = head[:-1]
        else:
            tail = tail[1:]
    return head + "…" + tail


def tower_labels(
    items: list[tuple[str, str, str]], fonts: tuple[pygame.font.Font, ...], width: int
) -> tuple[pygame.font.Font, list[list[str]]]:
    """Each tower panel's label, ``width`` pixels wide, from (name, "A"/"B" for a vehicle's
    tower or "", the dice count): one line where it fits, else two (the name's last word, the
    tower letter and the count on the second: "Gazbag's" / "Buggy A 1"), all in the first of
    ``fonts`` that needs no cutting (else the last). The letter and the count are never cut,
    and labels stay told apart: two that cutting made the same are cut in the middle instead.

    Why: the derby's eight-a-row panels cut "Gazbag's Buggy A 1" and "... B 0" to "Ga… 1" and
    "Ga… 0": a vehicle's two towers (and two models of a name's start) looked the same."""

    def one(name: str, tag: str, count: str) -> str:
        return " ".join(p for p in (name, tag, count) if p)

    def lines(font: pygame.font.Font, item: tuple[str, str, str], cut: Any) -> list[str]:
        name, tag, count = item
        if font.size(one(name, tag, count))[0] <= width:
            return [one(name, tag, count)]
        words = name.split(" ")
        if len(words) == 1:
            return [cut(name, font, width), one("", tag, count)]
        room = width - font.size(" " + one("", tag, count))[0]
        return [cut(" ".join(words[:-1]), font, width), one(cut(words[-1], font, room), tag, count)]

    def uncut(t: str, _f: pygame.font.Font, _w: int) -> str:
        return t

    font = next((f for f in fonts if all(lines(f, it, uncut) == lines(f, it, fit) for it in items)), fonts[-1])
    labels = [lines(font, it, fit) for it in items]

    def who(i: int) -> tuple[str, ...]:  # the label without its count
        *head, last = labels[i]
        return (*head, last.rsplit(" ", 1)[0] if " " in last else "")

    same: dict[tuple[str, ...], list[int]] = {}
    for i in range(len(items)):
        same.setdefault(who(i), []).append(i)
    for group in same.values():
        if len({items[i][:2] for i in group}) > 1:  # different towers, one label: cut in the middle
            for i in group:
                labels[i] = lines(font, items[i], fit_middle)
    return font, labels


def wrap(text: str, font: pygame.font.Font, width: int, indent: int = 28) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels, the lines after the
    first ``indent`` pixels narrower (the log indents them); a word too long is cut to fit."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= width - indent * bool(out):
            line = trial
            continue
        if line:
            out.append(line)
        line = word if font.size(word)[0] <= width - indent else fit(word, font, width - indent)
    out.append(line)
    return out


def help_lines() -> list[str]:
    """The watch window's F1 help: its own keys first, then the rules in brief. The hot-seat's
    keys are the hot-seat's own help (hotseat.py); the watch once opened with them (playtest 2
    of 2026-12-05: "the watch's help opens with hot-seat instructions")."""
    return [
        "SPACE  play / pause        RIGHT  step one event       + / -  speed 0.5x-8x",
        "END    skip to the end     R      restart, new seed     F1     this help",
        "N / P  next / previous highlight (falls, cascades, blasts, big hits: the timeline)",
        "C      hide / show the results card (at the end: the watch pauses there)",
        "F2     hide / show the names by the bases",
        "",
        "Activate a git: 1-2 different actions (scoot, shoot, boot), then a swig.",
        "Scoot: throw move dice, move towards each by its value; bump = stop.",
        "Shoot: throw bullet dice; each flies at the gun's range towards its die.",
        "Fight: thump < shove < pinch < thump; fight until separated.",
        "Towers: a die falls, the git falls (or sobers up if someone else did it).",
        "Vehicles: pick dice sizes, throw, click each die: front arc pivot+drive, rear +1 damage.",
        "Siren: no booting. Leg it to keep your caps. Most NEW caps wins.",
    ]


def id_card_height(crew: str = "") -> int:
    """An id card's height in pixels: three lines, a fourth for a vehicle's crew."""
    return 88 if crew else 70


def id_title(name: str, kind: str) -> str:
    """An id card's title: "Grunk the Orc", but a vehicle already named for its type stays
    "Gazbag's Buggy" (the playtest of 2026-12-05 read "Gazbag's Buggy the Buggy")."""
    if not kind or name.lower().endswith(kind.lower()):
        return name
    return f"{name} the {kind}"

"""A screen that asks one question in the window: a title, what the asker needs to know (a shop's
stock and prices, the stash, how each git did), and the options as buttons — click one, or press
its number. Also a report screen (the afterparty's log: A&E, Krankshaft's, the shops) that
waits for a key or a click.

It knows nothing of campaigns: the caller gives text (the campaign's afterparty turns its typed
requests into text with ``option_text``), so the renderer decides no rule.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ..atomic import write_atomic
from .board import PANEL
from .display import window_origin

TEXT = (230, 230, 230)
DIM = (160, 165, 175)
BUTTON, HOVER = (52, 70, 96), (78, 104, 142)
TITLE = (255, 210, 90)
HEADING = (205, 215, 180)  # an item's rule, over its buttons
MAX_LINES = 18  # context lines shown (the rest summarised)
MAX_OPTIONS = 20  # option buttons shown on one page (PgUp/PgDn for more)


_SCREENS = [0]  # how many screens have been shown (a scripted player tells one from the next)


def write_state(state: dict[str, Any]) -> None:
    """What the screen shows, as plain data, to $SPACEGITS_UI_STATE if set (tools/hotseat_script.py
    reads it to answer by clicks and keys, as the hot-seat window's state); a failed write is
    ignored (it is only for a script)."""
    path = os.environ.get("SPACEGITS_UI_STATE")
    if not path:
        return
    state = {**state, "window_px": window_origin()}  # option rects are window pixels; this, the screen's
    try:
        write_atomic(path, json.dumps(state, default=list))
    except OSError:
        pass


def buttons_top(lines: Sequence[str]) -> int:
    """Where a screen's buttons start: under the prompt and the context lines."""
    shown = min(len(lines), MAX_LINES) + (len(lines) > MAX_LINES)
    return 104 + 20 * shown + 16


class ChoiceClosed(Exception):
    """The window was closed before an answer was given."""


@dataclass
class ChoiceScreen:
    """Lays out and draws one question; :meth:`index_at` says which option a click hits."""

    size: tuple[int, int] = (1280, 800)
    page: int = 0

    def __post_init__(self) -> None:
        pygame.font.init()
        self.font = pygame.font.Font(None, 24)
        self.small = pygame.font.Font(None, 20)
        self.big = pygame.font.Font(None, 36)
        self.rects: list[tuple[int, pygame.Rect]] = []

    def top(self, lines: Sequence[str]) -> int:
        return buttons_top(lines)

    def wrap(self, text: str, width: int) -> list[str]:
        """``text`` in the small font as lines no wider than ``width`` (an item's rule is said in
        full once, over its buttons, rather than cut off with "…" on each)."""
        out: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and self.small.size(trial)[0] > width:
                out.append(line)
                line = word
            else:
                line = trial
        return [*out, line] if line else out

    def layout(
        self, lines: Sequence[str], options: Sequence[str], headings: Sequence[str] | None = None
    ) -> list[list[tuple[str, Any, pygame.Rect]]]:
        """The pages: each a list of ("heading", its wrapped lines, rect) and ("button", option
        index, rect). Options that share a heading (one shop item, one button per git) sit under
        it once, side by side as many to a row as their labels allow; a page that starts inside a
        group says its heading again. Nothing goes below the footer's strip."""
        w, h = self.size
        top, bottom = self.top(lines), h - 40
        pages: list[list[tuple[str, Any, pygame.Rect]]] = [[]]
        y = top
        k = 0
        while k < len(options):
            head = headings[k] if headings is not None else None
            group = [k]
            while head and group[-1] + 1 < len(options) and headings is not None and headings[group[-1] + 1] == head:
                group.append(group[-1] + 1)
            widest = max(self.font.size(f"{len(options)}.  {options[j]}")[0] + 24 for j in group)
            cols = max(1, min(4, (w - 64 + 8) // (widest + 8))) if head else 1
            bw = (w - 64 - 8 * (cols - 1)) // cols
            wrapped = self.wrap(head, w - 76) if head else []
            start = 0
            while start < len(group):
                count = sum(1 for it in pages[-1] if it[0] == "button")
                need = (20 * len(wrapped) + 4 if wrapped else 0) + 32
                if pages[-1] and (y + need > bottom or count >= MAX_OPTIONS):
                    pages.append([])
                    y = top
                if wrapped:
                    pages[-1].append(("heading", wrapped, pygame.Rect(44, y, w - 76, 20 * len(wrapped))))
                    y += 20 * len(wrapped) + 4
                rows_here = 0
                while start < len(group):
                    row = group[start : start + cols]
                    if rows_here and y + 32 > bottom:
                        break  # the rest of the group goes on the next page, under its heading again
                    for c, j in enumerate(row):
                        pages[-1].append(("button", j, pygame.Rect(32 + c * (bw + 8), y, bw, 28)))
                    y += 32
                    rows_here += 1
                    start += len(row)
                    if sum(1 for it in pages[-1] if it[0] == "button") >= MAX_OPTIONS:
                        break
            y += 6 if head else 0
            k = group[-1] + 1
        return pages

    def pages(self, lines: Sequence[str], options: Sequence[str], headings: Sequence[str] | None = None) -> int:
        return max(1, len(self.layout(lines, options, headings)))

    def draw(
        self,
        surface: pygame.Surface,
        title: str,
        prompt: str,
        lines: Sequence[str],
        options: Sequence[str],
        hover: tuple[int, int] | None = None,
        numbers: Sequence[int] | None = None,
        typed: str = "",
        headings: Sequence[str] | None = None,
    ) -> None:
        _w, _h = self.size
        surface.fill(PANEL)
        surface.blit(self.big.render(title, True, TITLE), (32, 24))
        surface.blit(self.font.render(prompt, True, TEXT), (32, 70))
        y = 104
        shown = list(lines[:MAX_LINES])
        if len(lines) > MAX_LINES:
            shown.append(f"… and {len(lines) - MAX_LINES} more")
        for line in shown:
            surface.blit(self.small.render(line, True, DIM), (44, y))
            y += 20
        layout = self.layout(lines, options, headings)
        self.page = min(self.page, len(layout) - 1)
        self.rects = []
        for what, item, rect in layout[self.page] if layout else []:
            if what == "heading":
                for i, text in enumerate(item):
                    surface.blit(self.small.render(text, True, HEADING), (rect.x, rect.y + 20 * i))
                continue
            k = int(item)
            lit = hover is not None and rect.collidepoint(hover)
            pygame.draw.rect(surface, HOVER if lit else BUTTON, rect, border_radius=6)
            num = numbers[k] if numbers is not None else k + 1
            text = f"{num}.  {options[k]}"
            while len(text) > 4 and self.font.size(text)[0] > rect.width - 20:  # long labels end in …
                text = text[:-2] + "…"
            surface.blit(self.font.render(text, True, TEXT), (rect.x + 10, rect.y + 5))
            self.rects.append((k, rect))
        pages = max(1, len(layout))
        foot = "click an option, or type its number (Enter if it needs more digits)"
        if typed:
            foot += f" — typed: {typed}"
        if pages > 1:
            foot += f" — page {self.page + 1} of {pages} (PgUp/PgDn)"
        surface.blit(self.small.render(foot, True, DIM), (32, self.size[1] - 28))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for k, rect in self.rects:
            if rect.collidepoint(pos):
                return k
        return None


def typed_choice(typed: str, numbers: Sequence[int], enter: bool = False) -> int | None:
    """The option a typed number picks: at once when no other number starts with it, or on
    Enter when it is one exactly. None: keep typing."""
    exact = [k for k, n in enumerate(numbers) if str(n) == typed]
    longer = [n for n in numbers if str(n).startswith(typed) and str(n) != typed]
    if exact and (enter or not longer):
        return exact[0]
    return None


def ask(
    surface: pygame.Surface,
    title: str,
    prompt: str,
    lines: Sequence[str],
    options: Sequence[str],
    fps: int = 30,
    numbers: Sequence[int] | None = None,
    headings: Sequence[str] | None = None,
) -> int:
    """Show the question until an option is clicked (or its number typed); its index.

    ``numbers``: the number shown for each option (default 1, 2, 3…). A caller that keeps an
    option's number from one question to the next (the afterparty does) makes a number mean
    the same thing after a purchase: the list changes, the numbers do not shift.
    ``headings``: per option, the line said once over it and its neighbours with the same one
    (a shop item's rule over its buttons, one per git). Raises :class:`ChoiceClosed` if the window is closed."""
    screen = ChoiceScreen(surface.get_size())
    clock = pygame.time.Clock()
    hover: tuple[int, int] | None = None
    nums = list(numbers) if numbers is not None else list(range(1, len(options) + 1))
    pages = screen.pages(lines, options, headings)
    typed = ""
    _SCREENS[0] += 1
    frame = 0
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise ChoiceClosed("the window was closed")
            if event.type == pygame.MOUSEMOTION:
                hover = event.pos
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                screen.draw(surface, title, prompt, lines, options, hover, nums, typed, headings)
                hit = screen.index_at(event.pos)
                if hit is not None:
                    return hit
            elif event.type == pygame.MOUSEWHEEL:
                screen.page = min(pages - 1, max(0, screen.page - event.y))
            elif event.type == pygame.KEYDOWN:
                if pygame.K_0 <= event.key <= pygame.K_9 or pygame.K_KP0 <= event.key <= pygame.K_KP9:
                    digit = event.key - (pygame.K_0 if event.key <= pygame.K_9 else pygame.K_KP0)
                    typed = (typed + str(digit)).lstrip("0")
                    hit = typed_choice(typed, nums) if typed else None
                    if hit is not None:
                        return hit
                    if typed and not any(str(n).startswith(typed) for n in nums):
                        typed = ""  # no such number
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and typed:
                    hit = typed_choice(typed, nums, enter=True)
                    typed = ""
                    if hit is not None:
                        return hit
                elif event.key in (pygame.K_BACKSPACE, pygame.K_ESCAPE):
                    typed = ""
                elif event.key == pygame.K_PAGEDOWN:
                    screen.page = min(pages - 1, screen.page + 1)
                elif event.key == pygame.K_PAGEUP:
                    screen.page = max(0, screen.page - 1)
        screen.draw(surface, title, prompt, lines, options, hover, nums, typed, headings)
        pygame.display.flip()
        if frame % 5 == 0:
            write_state(
                {
                    "screen": "choice",
                    "seq": _SCREENS[0],
                    "title": title,
                    "prompt": prompt,
                    "lines": list(lines),
                    "page": screen.page,
                    "pages": pages,
                    "options": [
                        {
                            "index": k,
                            "number": nums[k],
                            "label": options[k],
                            "heading": headings[k] if headings is not None else "",
                            "rect": list(rect),
                        }
                        for k, rect in screen.rects
                    ],
                }
            )
        frame += 1
        clock.tick(fps)


ON, OFF = (70, 120, 70), BUTTON  # a toggle picked, not picked
CONFIRM = (120, 96, 40)


def toggle_rects(size: tuple[int, int], lines: Sequence[str], n: int) -> tuple[list[pygame.Rect], pygame.Rect]:
    """Where a toggle screen's ``n`` toggles and its confirm button sit (under the context lines)."""
    w, _h = size
    top = buttons_top(lines)
    toggles = [pygame.Rect(32, top + 32 * k, w - 64, 28) for k in range(n)]
    return toggles, pygame.Rect(32, top + 32 * n + 12, w - 64, 32)


def pick_some(
    surface: pygame.Surface,
    title: str,
    prompt: str,
    lines: Sequence[str],
    items: Sequence[str],
    confirm: Callable[[tuple[int, ...]], str],
    fps: int = 30,
) -> tuple[int, ...]:
    """Ask for any subset of ``items``: each is a toggle (click it or press its number), and the
    confirm button (or Enter) answers with the indices toggled on, in order. ``confirm`` says
    what the button does with those picked ("erase Looting, Assault (2D6 …)"): the caller's
    words, so the renderer decides no rule. Why a screen of its own: a question whose answer is
    a subset would otherwise be 2^n buttons (64 for six items). Raises :class:`ChoiceClosed` if
    the window is closed."""
    screen = ChoiceScreen(surface.get_size())
    clock = pygame.time.Clock()
    picked: set[int] = set()
    hover: tuple[int, int] | None = None
    toggles, ok = toggle_rects(surface.get_size(), lines, len(items))
    _SCREENS[0] += 1
    frame = 0
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise ChoiceClosed("the window was closed")
            if event.type == pygame.MOUSEMOTION:
                hover = event.pos
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if ok.collidepoint(event.pos):
                    return tuple(sorted(picked))
                hit = next((k for k, r in enumerate(toggles) if r.collidepoint(event.pos)), None)
                if hit is not None:
                    picked ^= {hit}
            elif event.type == pygame.KEYDOWN:
                digit = event.key - pygame.K_1 if pygame.K_1 <= event.key <= pygame.K_9 else -1
                if pygame.K_KP1 <= event.key <= pygame.K_KP9:
                    digit = event.key - pygame.K_KP1
                if 0 <= digit < len(items):
                    picked ^= {digit}
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    return tuple(sorted(picked))
        chosen = tuple(sorted(picked))
        surface.fill(PANEL)
        surface.blit(screen.big.render(title, True, TITLE), (32, 24))
        surface.blit(screen.font.render(prompt, True, TEXT), (32, 70))
        y = 104
        for line in list(lines[:MAX_LINES]) + (
            [f"… and {len(lines) - MAX_LINES} more"] if len(lines) > MAX_LINES else []
        ):
            surface.blit(screen.small.render(line, True, DIM), (44, y))
            y += 20
        for k, (item, rect) in enumerate(zip(items, toggles, strict=True)):
            lit = hover is not None and rect.collidepoint(hover)
            pygame.draw.rect(
                surface, HOVER if lit and k not in picked else ON if k in picked else OFF, rect, border_radius=6
            )
            mark = "[x]" if k in picked else "[  ]"
            surface.blit(screen.font.render(f"{k + 1}.  {mark}  {item}", True, TEXT), (rect.x + 10, rect.y + 5))
        pygame.draw.rect(
            surface, HOVER if hover is not None and ok.collidepoint(hover) else CONFIRM, ok, border_radius=6
        )
        surface.blit(screen.font.render(f"Enter:  {confirm(chosen)}", True, TEXT), (ok.x + 10, ok.y + 7))
        foot = "click a row or press its number to tick or untick it; Enter or the last button answers"
        surface.blit(screen.small.render(foot, True, DIM), (32, surface.get_height() - 28))
        pygame.display.flip()
        if frame % 5 == 0:
            write_state(
                {
                    "screen": "toggles",
                    "seq": _SCREENS[0],
                    "title": title,
                    "prompt": prompt,
                    "lines": list(lines),
                    "options": [
                        {"index": k, "number": k + 1, "label": item, "picked": k in picked, "rect": list(r)}
                        for k, (item, r) in enumerate(zip(items, toggles, strict=True))
                    ],
                    "confirm": {"label": confirm(chosen), "rect": list(ok)},
                }
            )
        frame += 1
        clock.tick(fps)


def report(surface: pygame.Surface, title: str, lines: Sequence[str], fps: int = 30) -> None:
    """Show lines of text (the afterparty's log) until a key is pressed or the window clicked;
    longer than a screen, the last ones are shown. Closing the window ends it too."""
    screen = ChoiceScreen(surface.get_size())
    rows = (surface.get_height() - 140) // 20
    clock = pygame.time.Clock()
    _SCREENS[0] += 1
    frame = 0
    while True:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return
        surface.fill(PANEL)
        surface.blit(screen.big.render(title, True, TITLE), (32, 24))
        for i, line in enumerate(list(lines)[-rows:]):
            surface.blit(screen.small.render(line, True, TEXT), (44, 80 + 20 * i))
        foot = "press any key or click to go on"
        surface.blit(screen.small.render(foot, True, DIM), (32, surface.get_height() - 28))
        pygame.display.flip()
        if frame % 5 == 0:
            write_state({"screen": "report", "seq": _SCREENS[0], "title": title, "lines": list(lines)})
        frame += 1
        clock.tick(fps)


def window(caption: str = "spacegits_sim") -> pygame.Surface:
    """The open window, or a new one (1280×800)."""
    surface = pygame.display.get_surface()
    if surface is None:
        pygame.display.init()  # no sound system: no audio-driver noise
        pygame.font.init()
        surface = pygame.display.set_mode((1280, 800))
        pygame.display.set_caption(caption)
    return surface


def ask_in_window(
    title: str,
    prompt: str,
    lines: Sequence[str],
    options: Sequence[str],
    numbers: Sequence[int] | None = None,
    headings: Sequence[str] | None = None,
) -> int:
    """:func:`ask` in the open window (opening one if needed)."""
    return ask(
        window("spacegits_sim — the afterparty"), title, prompt, lines, options, numbers=numbers, headings=headings
    )


def report_in_window(title: str, lines: Sequence[str]) -> None:
    """:func:`report` in the open window, if one is open, then close it."""
    surface = pygame.display.get_surface()
    if surface is not None:
        report(surface, title, lines)
        pygame.quit()


def pick_some_in_window(
    title: str, prompt: str, lines: Sequence[str], items: Sequence[str], confirm: Callable[[tuple[int, ...]], str]
) -> tuple[int, ...]:
    """:func:`pick_some` in the open window (opening one if needed)."""
    return pick_some(window("spacegits_sim — the afterparty"), title, prompt, lines, items, confirm)

"""Hot-seat play: 2-4 people (and any AIs) sharing one screen, mouse and keyboard.

Every engine request addressed to a human seat becomes a UI state: click a model to
activate it, pick actions from buttons (illegal ones greyed out with a tooltip saying why),
throw dice by dragging (press at the aim point, drag to set strength, release), click move
dice or bullets to pick their order, choose carry care with buttons or 1/2/3, fight throws
in secret (each seat has its own three keys; nothing is shown until every throw is in, then
3-2-1), leg it with a confirmation. Ctrl+S saves the game as a replay; --resume loads one.
The UI turns input into answers; the engine decides every rule.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from ..atomic import write_atomic
from ..rules import effects
from ..rules import events as ev
from ..rules.decisions import (
    AimThrow,
    Choice,
    ChooseAction,
    ChooseActivation,
    ChooseBoot,
    ChooseCare,
    ChooseDice,
    ChooseGuns,
    CrewGuns,
    Deploy,
    FightThrow,
    IllegalDecision,
    OrderBullet,
    OrderMoveDie,
    RebootDice,
    Request,
    SplitOdd,
    Throw,
    collect,
)
from ..rules.replay import rebuild, replay_doc, save_replay
from .board import BOSS_COLOURS, DIM, LOG_MIN_H, Overrides, fit, id_card_height, wrap
from .display import window_origin
from .labels import leader_end, leader_needed, place, place_labels
from .watch_app import ACTIVATE_RING_PX, LEADER_COLOUR, Anim, Watcher, highlights

FIGHT_KEYS: tuple[dict[int, str], ...] = (
    {pygame.K_a: "thump", pygame.K_s: "shove", pygame.K_d: "pinch"},
    {pygame.K_j: "thump", pygame.K_k: "shove", pygame.K_l: "pinch"},
    {pygame.K_z: "thump", pygame.K_x: "shove", pygame.K_c: "pinch"},
    {pygame.K_b: "thump", pygame.K_n: "shove", pygame.K_m: "pinch"},
)
FIGHT_KEY_NAMES = ("A/S/D", "J/K/L", "Z/X/C", "B/N/M")
ACTION_WHY = {
    "scoot": "",
    "shoot": "no gun it can fire (none carried, or still reloading)",
    "boot": "nobody fallen in base contact, or the siren has sounded",
    "done": "do at least one action first",
}
COUNTDOWN_S = 1.5
DICE_WORDS = {"explosion": "blast"}  # a throw's purpose as the log names its dice ("a blast die")
SHOT_HOLD_S = 1.5  # a resolved shot's line and its hit/miss mark stay this long (a click skips it)
# What may lie between an action chosen and taking it back: questions whose answers show no
# chance (which guns, how careful, which dice sizes, whom to boot). The first die thrown ends it:
# "Once you start moving a git towards a dice you can't take that movement back, you gotta commit."
TAKE_BACK_OVER = frozenset({"choose_guns", "crew_guns", "choose_care", "choose_dice", "reboot_dice", "choose_boot"})
STRENGTH_PER_IN = 1 / 6.0  # a 6" drag is a full-strength throw
# The landing ellipse is drawn this many sigmas out: for a 2-D normal, P(inside k sigma) =
# 1 - exp(-k^2 / 2), so 2 in 3 stop inside k = sqrt(2 ln 3) ~ 1.48. It was drawn at one sigma
# (39% inside) under the words "where 2 in 3 stop"; a playtester counted 22 of 64 dice inside.
# A hard throw's slide is log-normal, heavier-tailed: about 3 in 4 of them stop inside (measured:
# tests/test_hotseat_layout.py), and the prompt says so.
ELLIPSE_K = math.sqrt(2 * math.log(3))
LOG_BOTTOM = 228  # px from the window's bottom: below it the prompt, the buttons and the footer
PROMPT_H = 94  # three rows of prompt, two of a note or message (a save note was cut off at one)
BUTTON_ROWS = 3
MAX_BUTTON_ROWS = 9  # more than this: pages (a "more" button)
BUTTON_H = 32
EMPTY_TOWER_CARE = "hurried"  # nothing to drop: the fastest carry (care only sets time and wobble)
PATH_FILL = (255, 255, 255, 46)
PATH_EDGE = (255, 255, 255, 150)
BUMP_COLOUR = (255, 120, 90)
STASH_TOP, STASH_ROW = 56, 20  # the board's stash lines: the first's top (under the clock), each row's height
LEADER_FROM_PX = 14  # a die's label further than this (plus 6px) from the die's middle gets a leader line
WARN_COLOUR = (255, 150, 110)  # aiming: a tower the throw may knock (its words, its ring, the path)
REACH_FILL = (255, 255, 255, 22)  # a gun's reach: as pale as a move's path, so the table shows through
IN_REACH = (120, 235, 120)  # an enemy a bullet could reach
OUT_OF_REACH = BUMP_COLOUR
NOT_HITTABLE = (230, 190, 70)  # in range, yet no bullet can hit it: outside a bolted gun's arc, or behind something
ARC_FILL = (255, 240, 150, 46)  # a bolted gun's arc inside its reach: where its bullets can hit
ARC_EDGE = (255, 230, 140, 220)
RING_EDGE_DIM = (255, 255, 255, 80)  # a bolted gun's reach outside its arc: bullets fly there, and miss
ARC_WORDS = {"corridor": "front corridor", "front": "front arc", "left": "left arc", "right": "right arc"}
# the book: "The driver fires the fixed weapons, and the passengers fire the pintle-mounted ones"
WHO_FIRES = {"fixed": "the driver fires it", "pintle": "a passenger fires it"}
KEEP_OUT = (235, 50, 50, 200)  # deploying: the stripes where the git may not go
DEPLOY_STEP = 0.25  # deploying: the rules' legality asked on this grid (inches): the stripes are its refusals
STRIPE_PX = 9  # the stripes' spacing, whatever the grid
TURN_STEP_DEG = 15.0  # deploying: R / Shift+R turn a vehicle by this much
REACH_STEPS = 72  # the reach's outline: one line of fire every 5 degrees


@dataclass
class PathPreview:
    """Where a move would take a git's base (from the rules' own sweep) and what it bumps."""

    label: str
    start: tuple[float, float]
    end: tuple[float, float]
    radius: float
    travelled: float
    bump: str | None  # in a player's words ("the wall", "a cap"), None: nothing in the way
    at: tuple[float, float] | None  # where it touches
    tag_at: str | None = None  # the die whose label says it (None: at the path's end)
    hull: tuple[float, float] | None = None  # a vehicle: (width, length); the band is its corridor
    angles: tuple[float, float] = (0.0, 0.0)  # a vehicle's facing before and after the pivot
    reaches: bool = False  # stopped by the very die it walks to (not a bump: that die is where it goes)
    costs: list[str] = field(default_factory=list)  # a vehicle: what the rules will do (Match.drive_costs)

    def lines(self) -> list[str]:
        """The label's rows: the distance, what it bumps, then each cost on a row of its own."""
        first = [f'{self.label}: {self.travelled:.1f}"']
        if self.bump:
            first.append(f"bumps {self.bump}")
        elif self.reaches:
            first.append("reaches it")
        return first + self.costs

    def words(self) -> str:
        return ", ".join(self.lines())


@dataclass
class Reach:
    """A gun's reach round its shooter: where its bullets stop, every way (the rules' own line
    of fire, from the base's edge, so a vehicle's hull gets its own shape), and its words."""

    label: str  # 'Rifle 12"', a bolted gun 'Rifle 12" (fixed, front corridor)'
    range_in: float
    straight: bool  # its bullets fly the line of fire (False: a special resolves them)
    outline: list[tuple[float, float]]
    arc: str | None = None  # a bolted gun's arc, as the rules name it ("corridor", "front"…): None: anywhere
    arc_outline: list[tuple[float, float]] | None = None  # the reach inside that arc: where it can hit


@dataclass
class Target:
    """An enemy as a shooter's gun sees it: how far the bullet must fly to touch its base."""

    model: str
    distance: float  # from the shooter's base edge to the first touch of the enemy's base
    in_reach: bool
    in_arc: bool = True  # a bolted gun: the enemy's near side lies in its arc (else its bullets miss)
    behind: str | None = None  # what the line of fire toward it strikes first, if not the enemy ("the wall")

    @property
    def hittable(self) -> bool:
        return self.in_reach and self.in_arc and self.behind is None

    def words(self) -> str:
        """ "6.2": in range", "…: outside its arc", "…: behind the wall", "…: out of range"."""
        if not self.in_reach:
            why = "out of range"
        elif not self.in_arc:
            why = "outside its arc"
        elif self.behind is not None:
            why = f"behind {self.behind}"
        else:
            why = "in range"
        return f'{self.distance:.1f}": {why}'


Bolted = tuple[tuple[str, str, str | None], ...]  # (weapon id, "fixed"/"pintle", its arc or None): bolted guns


class HeldShot(Anim):
    """A resolved shot's animation, held on screen (a click skips it)."""


@dataclass
class Button:
    label: str
    value: Any
    rect: pygame.Rect
    enabled: bool = True
    tooltip: str = ""
    selected: bool = False  # a die size picked (the vehicle dice question's pickers)


class HotseatApp(Watcher):
    """A Watcher whose human seats are answered by the mouse and keyboard."""

    def __init__(
        self,
        make_match: Any,
        seed: int,
        humans: set[int],
        size: tuple[int, int] = (1280, 800),
        save_path: str = "out/hotseat.replay.json",
        next_step: str = "rematch",
        meta: dict[str, Any] | None = None,
        resume_hint: str | None = None,
    ) -> None:
        self.humans = humans
        self.save_path = save_path
        self.meta = dict(meta or {})  # more for the save's meta (a campaign game: its number, ...)
        # what resumes a save, as the player types it (a campaign game is resumed by the campaign)
        self.resume_hint = resume_hint or f"spacegits play --resume {save_path}"
        self.buttons: list[Button] = []
        self.message = ""
        self.drag_start: tuple[float, float] | None = None
        self.drag_now: tuple[float, float] | None = None
        self.fight_parts: dict[int, str] = {}
        self.countdown: float | None = None
        self.confirm_leg_it = False
        self.confirm_skip = False  # "Field no more" asks again: it can forfeit the game
        self.answer_ready: Any = None
        self.deploy_pick = 0  # which undeployed git a click places (Tab cycles)
        self.deploy_turn = 0.0  # degrees a vehicle to deploy is turned from the request's default (R)
        self.hover_px: tuple[int, int] = (0, 0)
        self.next_step = next_step  # what Enter does at the end: "rematch" or "afterparty"
        self.quit_requested = False
        self.log_scroll = 0
        self.page = 0  # of the buttons, when more than fit
        self._note = ""  # what was answered without asking (one legal answer): see :attr:`note`
        self._note_until = 0  # the note shows while no more decisions than this have been made
        self._note_boss: int | None = None  # and while the question on screen is this seat's
        self._note_past_new_action = False
        self._message_at = 0  # a message (an illegal click, a save) belongs to the decision it was made at
        self.care_for: dict[str, str] = {}  # this scoot's care, per model: asked once
        self.button_rows = BUTTON_ROWS
        self.row_labels: list[tuple[str, tuple[int, int]]] = []  # words left of a row of buttons
        self.dice_pick: list[int] = []  # the vehicle dice question: each die's size picked so far
        self._pick_key = -1  # (for the question asked after this many decisions)
        self._saved_end: int | None = None  # the finished match (by id) saved already
        self.saved_end_path: str | None = None  # where it was saved (``play`` says so at the end)
        self._preview_key: Any = None
        self._previews: list[PathPreview] = []
        self._bullet_key: Any = None
        self._bullets: dict[str, tuple[list[str], Any]] = {}
        self._reach_key: Any = None
        self._reach: tuple[list[Reach], list[Target]] = ([], [])
        self._shot_words: list[str] = []  # what a bullet at the aim would strike (set by draw_reach)
        self._hazard_key: tuple[Any, ...] | None = None
        self.show_names = True  # F2: each model's short name by its base
        self._name_plates: list[pygame.Rect] = []  # where they were drawn this frame (other words keep clear)
        self._hazards: list[tuple[str, int, str]] = []  # towers the throw aimed may knock (Match.throw_hazards)
        self._keep_out: tuple[Any, pygame.Surface] | None = None  # deploying: the stripes, drawn once per question
        super().__init__(make_match, seed, size)
        self.renderer.kit_words = self.kit_words  # the side panel's card says each gun's range too
        self.renderer.stat_words = self.stat_words  # and a vehicle's handling

    @property
    def note(self) -> str:
        """What was answered without asking (one legal answer, carry care for an empty tower),
        or that a saved game was caught up: shown under the next question, if that question is
        the same seat's. It belongs to the decision it was made for: the playtest saw "only one
        choice: die 2" under the other player's "click a ringed git" and a care note from a
        scoot stay on for the rest of the activation."""
        return self._note

    @note.setter
    def note(self, text: str) -> None:
        self.set_note(text)

    def set_note(self, text: str, past_new_action: bool = False) -> None:
        """A note about the decision being made now (the match's pending one): shown with the
        next question if it is the same seat's and, unless ``past_new_action``, does not start a
        new action or activation (the care of a scoot already made is no news there)."""
        decisions = len(self.match.decisions) if hasattr(self, "match") else 0
        self._note = text
        self._note_until = decisions + 1  # (set while answering decision N: shown with N+1's question)
        pending = self.match.pending if hasattr(self, "match") else None
        self._note_boss = getattr(pending, "boss", None)
        self._note_past_new_action = past_new_action

    def expire_notes(self) -> None:
        """Forget a note once a later decision is made or another seat is asked, and a message
        once any decision is made (it was about the question it was shown with)."""
        n = len(self.match.decisions)
        if n != self._message_at:
            self.message = ""
            self._message_at = n
        if not self._note:
            return
        req = self.human_turn()
        other_seat = req is not None and self._note_boss is not None and getattr(req, "boss", None) != self._note_boss
        new_action = isinstance(req, (ChooseAction, ChooseActivation)) and not self._note_past_new_action
        if n > self._note_until or other_seat or new_action:
            self._note = ""

    def restart(self, seed: int) -> None:
        super().restart(seed)
        self._message_at = len(self.match.decisions)
        if not self.match.decisions and len({b.start_stash for b in self.match.bosses}) > 1:
            for b in self.match.bosses:  # unequal stashes said at the start (the derby's 18 and 10)
                self.add_log(self.match.stash_words(b.index))
        if self.match.decisions:  # a resumed game: shown as it stands now, not replayed on screen
            self.catch_up()

    def catch_up(self) -> None:
        """Apply every queued event to the scene at once, without animating (a resumed game
        would otherwise visibly replay itself, ~35 s to reach 6:43): the board, the towers and
        the log are where the save left them, and a note says so."""
        n = self.settle_queue()
        self.set_note(f"resumed: caught up with the game so far (events: {n}, all in the log)", past_new_action=True)

    def animation_for(self, e: ev.Event, names: dict[str, str]) -> Anim:
        """The watch's animation, but a resolved shot's line stays ``SHOT_HOLD_S`` with a mark
        where it ended (a ring on a model hit, a cross elsewhere): a one-die rifle shot was
        thrown, resolved and swigged in under 0.5 s, and the playtester never saw why it missed.
        A click or a key skips the wait (:meth:`skip_held`)."""
        a = super().animation_for(e, names)  # (its log line already in a player's words)
        if isinstance(e, (ev.BulletResolved, ev.BlastResolved)) and e.line is not None:
            line, inner = e.line, a.paint
            hit = isinstance(e, ev.BulletResolved) and bool(e.hit) and str(e.hit).startswith("figure")

            def paint_held(t: float, ov: Overrides) -> None:
                inner(t, ov)
                ov.marks.append((line[1], hit))

            return HeldShot(SHOT_HOLD_S, paint_held, a.log, a.event)
        return a

    def add_log(self, line: str) -> None:
        """A log line, a repeat of the one before (but for its time) folded into it with a count:
        "cannot stop on Oil Slick: slides on 0.0"" was logged three times running."""
        log = self.state.log
        text = line.partition("] ")[2]
        if log and text:
            last = log[-1].partition("] ")[2]
            m = re.fullmatch(r"(.*) \(x(\d+)\)", last)
            base, n = (m.group(1), int(m.group(2))) if m else (last, 1)
            if base == text:
                log[-1] = f"{line} (x{n + 1})"
                return
        log.append(line)

    @property
    def holding_shot(self) -> bool:
        """A resolved shot is being held on screen (its line and mark)."""
        q = self.state.queue
        return bool(q) and isinstance(q[0], HeldShot)

    def skip_held(self) -> bool:
        """End the shot being held now (a click or a key): True when there was one."""
        if not self.holding_shot:
            return False
        a = self.state.queue[0]
        a.t = max(a.t, a.duration - 1e-6)
        return True

    # ------------------------------------------------------------------ who answers

    def human_turn(self) -> Request | None:
        req = self.match.pending
        if req is None or not self.idle:
            return None
        if isinstance(req, FightThrow):
            return req if any(b in self.humans for b in req.bosses) else None
        return req if req.boss in self.humans else None

    def answer_for(self, req: Any) -> Any:
        m = self.match
        if isinstance(req, FightThrow):
            if not any(b in self.humans for b in req.bosses):
                return super().answer_for(req)

            def part(r: Any) -> Any:  # AI parts are thrown at once, and kept hidden too
                i = req.bosses.index(r.boss)
                if r.boss not in self.humans and i not in self.fight_parts:
                    self.fight_parts[i] = self.controllers[r.boss].decide(r, m)
                return self.fight_parts.get(i)

            if collect(req, part) is None:
                return None
            if self.countdown is None:
                self.countdown = COUNTDOWN_S
                return None
            if self.countdown > 0:
                return None
            ans = tuple(self.fight_parts[i] for i in range(len(req.bosses)))
            self.fight_parts = {}
            self.countdown = None
            return ans
        if req.boss not in self.humans:
            ans = super().answer_for(req)
            if ans is not None:  # the note was about the human's last answer: stale now
                self.note = ""
            return ans
        auto = self.only_answer(req)
        if auto is not None:
            return auto
        ans, self.answer_ready = self.answer_ready, None
        if isinstance(req, ChooseCare) and ans is not None:
            self.care_for[req.model] = ans
        return ans

    def only_answer(self, req: Request) -> Any:
        """The answer to a question that is no real question, or None (ask the player).

        A choice with one legal option is answered with it; carry care is asked once per scoot
        (the first die's answer stands for the rest) and never for a tower that cannot fall
        (no dice on it: the fastest carry). The answer goes through the match like any other,
        so the decision is logged and a replay plays it back exactly."""
        if isinstance(req, (AimThrow, OrderMoveDie)) and req.boss in self.humans:
            if isinstance(req, AimThrow) and req.purpose == "move":
                self.care_for.pop(req.model, None)  # a new scoot: ask again
        if isinstance(req, ChooseCare):
            m = self.match.models.get(req.model)
            if m is not None and (m.tower.height == 0 or not m.standing) and EMPTY_TOWER_CARE in req.options:
                self.note = f"{m.name} carries no dice: moves {EMPTY_TOWER_CARE} (nothing to drop)"
                return EMPTY_TOWER_CARE
            if req.model in self.care_for and self.care_for[req.model] in req.options:
                return self.care_for[req.model]
            return None
        if isinstance(req, Choice) and len(req.options) == 1:
            only = req.options[0]
            self.note = f"only one choice: {self.option_words(req, only)}"
            return only
        return None

    def option_words(self, req: Request, option: Any) -> str:
        """An option as a player reads it (for the note of an answer given without asking)."""
        names = self.names or self.match.names()
        if isinstance(req, ChooseGuns):
            return " + ".join(self.match.rules.weapons[g].name for g in option)
        if isinstance(req, (OrderMoveDie, OrderBullet)):
            return f"die {self.die_number(option)}"
        if isinstance(req, ChooseBoot):
            return str(names.get(option[1], "it"))
        if isinstance(req, ChooseDice):
            return dice_label(option)
        if isinstance(req, CrewGuns):
            return self.gun_label(self.match.models[req.vehicle], option)
        return str(names.get(option, option)).replace("_", " ") if isinstance(option, str) else str(option)

    def die_number(self, die_id: str) -> int:
        """The die's number in its throw ("die 2"), as the log and the board label it."""
        for e in reversed(self.match.events):
            if e.kind == "dice_thrown":
                for k, d in enumerate(e.dice, 1):
                    if d["id"] == die_id:
                        return k
        return 0

    def submit(self, answer: Any) -> bool:
        """Check an answer against the pending request; an illegal one shows why and changes nothing."""
        req = self.match.pending
        if req is None:
            return False
        try:
            req.check(answer)
        except IllegalDecision as e:
            self.message = str(e)
            if isinstance(req, Deploy) and isinstance(answer, tuple) and answer[0] in req.models:
                why = self.spot_problem(req, answer[0], answer[1]) or str(e)
                self.message = f"{self.match.models[answer[0]].name} cannot go there: {why}"
            return False
        self.answer_ready = answer
        self.message = ""
        self.note = ""
        self.log_scroll = 0  # read back, then played on: the log follows the game again
        self.page = 0
        self.confirm_leg_it = False
        self.confirm_skip = False
        return True

    # ------------------------------------------------------------------ per-frame update

    def update(self, dt: float) -> Overrides:
        if self.countdown is not None and self.countdown > 0:
            self.countdown = max(0.0, self.countdown - dt)
        ov = self.advance(dt)
        self.expire_notes()
        if self.finished and self._saved_end != id(self.match) and self.next_step == "rematch":
            self.save_finished()  # (a campaign game's end is the campaign's to keep)
        self.layout_buttons()
        return ov

    def layout_buttons(self) -> None:
        req = self.human_turn()
        self.buttons = []
        self.row_labels = []
        self.button_rows = BUTTON_ROWS
        if req is None:
            return
        opts: list[tuple[str, Any, bool, str]] = []
        if isinstance(req, ChooseAction):
            for a in ("scoot", "shoot", "boot", "done"):
                legal = a in req.options
                opts.append((a, a, legal, "" if legal else self.action_why(req.model, a)))
        elif isinstance(req, ChooseCare):
            opts = [(f"{i + 1}  {c}", c, True, "") for i, c in enumerate(req.options)]
        elif isinstance(req, ChooseGuns):
            opts = [(" + ".join(self.match.rules.weapons[g].name for g in o), o, True, "") for o in req.options]
        elif isinstance(req, RebootDice):
            opts = [(f"{n} dice", n, True, "") for n in req.options]
        elif isinstance(req, SplitOdd):
            opts = [(name, name, True, "") for name in req.options]
        elif isinstance(req, ChooseActivation):
            opts = [("Leg it!", "leg_it", "leg_it" in req.options, self.leg_it_words(req.boss))]
            if self.confirm_leg_it:
                cost = self.leg_it_cost(req.boss)
                opts = [
                    (f"Really leg it? {cost} (Y)", "leg_it_yes", True, self.leg_it_words(req.boss)),
                    ("No (N)", "leg_it_no", True, ""),
                ]
        elif isinstance(req, Deploy):
            opts = [("Field no more (skip)", "skip", True, "")]
            if self.confirm_skip:
                opts = [("Really field no more? (Y)", "skip_yes", True, ""), ("No (N)", "skip_no", True, "")]
        elif isinstance(req, ChooseBoot):  # terrain in contact gets a button; gits are clicked
            looks = self.scene.terrain
            opts = [
                (f"boot the {looks[o[1]].name.lower() if o[1] in looks else 'machine'}", o, True, "")
                for o in req.options
                if o[0] == "boot_terrain"
            ]
        elif isinstance(req, ChooseDice):  # a vehicle's move dice (or wipeout dice): "2D12+D10"
            if self.place_dice_pickers(req):
                return
            opts = [(dice_label(o), o, True, "") for o in req.options]
        elif isinstance(req, CrewGuns):  # what a git aboard fires: own guns, a bolted gun, or nothing
            v = self.match.models[req.vehicle]
            opts = [(self.gun_label(v, o), o, True, "") for o in req.options]
        elif isinstance(req, Choice) and not isinstance(req, (ChooseBoot, OrderMoveDie, OrderBullet)):
            # any other choice (e.g. Eager Helper): one button per option, models by name
            opts = [(self.option_words(req, o), o, True, "") for o in req.options]
        elif isinstance(req, FightThrow):  # thump / shove / pinch buttons for each human still to throw
            for i, b in enumerate(req.bosses):
                if b in self.humans and i not in self.fight_parts:
                    keys = FIGHT_KEY_NAMES[b % 4].split("/")
                    who = f"{self.match.bosses[b].name} " if len(self.humans) > 1 else ""
                    for k, throw in enumerate(("thump", "shove", "pinch")):
                        opts.append((f"{who}{throw} ({keys[k]})", ("fight", i, throw), True, ""))
        back = ("back (Backspace)", "take_back") if self.take_back_point() is not None else None
        self.place_buttons(opts, back)

    def handling(self, req: ChooseDice) -> int | None:
        """The handling of the vehicle whose move dice are asked (None for wipeout dice)."""
        m = self.match.models.get(req.model)
        if req.purpose != "move" or m is None or m.vehicle is None:
            return None
        return int(effects.handling(m, m.vehicle.handling))

    def place_dice_pickers(self, req: ChooseDice) -> bool:
        """A vehicle's dice as one row of size buttons a die and a "throw" button, when the
        options are every mix of the sizes (they are: each die no bigger than the engine): the
        playtest's D12 engine showed 35 buttons ("D12+D10+D4" touching "D12+2D8") over the tower
        panels. A size that can roll over the handling is marked "!" (each die over it costs 1
        damage). False (the one-button-an-option grid) when the options are not such a mix or
        the rows do not fit."""
        opts = [tuple(sorted(o, reverse=True)) for o in req.options]
        n = len(opts[0]) if opts else 0
        sizes = sorted({s for o in opts for s in o}, reverse=True)
        mixes = {tuple(c) for c in itertools.combinations_with_replacement(sizes, n)}
        if n < 2 or any(len(o) != n for o in opts) or set(opts) != mixes or self.rows_room() < n + 1:
            return False
        if self._pick_key != len(self.match.decisions) or len(self.dice_pick) != n:
            self._pick_key, self.dice_pick = len(self.match.decisions), list(opts[0])
        handling = self.handling(req)
        self.button_rows = max(BUTTON_ROWS, n + 1)
        region = self.button_region()
        label_w = 52
        w = (region.width - label_w - 8 * (len(sizes) - 1)) // len(sizes)
        self.row_labels = []
        for i in range(n):
            y = region.top + i * (BUTTON_H + 6)
            self.row_labels.append((f"die {i + 1}", (region.left, y + BUTTON_H // 2)))
            for k, sides in enumerate(sizes):
                over = handling is not None and sides > handling
                tip = f"die {i + 1}: a D{sides}" + (
                    f" can roll over the handling {handling}: each die over it costs 1 damage" if over else ""
                )
                rect = pygame.Rect(region.left + label_w + k * (w + 8), y, w, BUTTON_H)
                label = f"D{sides}{' !' if over else ''}"
                self.buttons.append(Button(label, ("pick", i, sides), rect, True, tip, self.dice_pick[i] == sides))
        chosen = tuple(sorted(self.dice_pick, reverse=True))
        value = req.options[opts.index(chosen)]
        text = f"throw {dice_label(chosen)}"
        bw = max(140, self.renderer.font.size(text)[0] + 24)
        y = region.top + n * (BUTTON_H + 6)
        self.buttons.append(Button(text, value, pygame.Rect(region.left + label_w, y, bw, BUTTON_H)))
        if self.take_back_point() is not None:
            pin_w = max(90, self.renderer.font.size("back (Backspace)")[0] + 20)
            self.buttons.append(
                Button("back (Backspace)", "take_back", pygame.Rect(region.right - pin_w, y, pin_w, BUTTON_H))
            )
        return True

    def take_back_point(self) -> int | None:
        """How many decisions to keep to take back the action the person just chose (None: it
        cannot be): their question now follows their own ``choose_action`` in this activation,
        with only questions that show no chance between (TAKE_BACK_OVER) and no die thrown. A
        playtester who clicked "shoot" wanting "scoot" had no way back; the book commits a git
        only once it starts moving ("you gotta commit"), and says nothing of a shot not yet
        thrown, so the take-back ends with the first die."""
        req = self.human_turn()
        if req is None or isinstance(req, (ChooseAction, ChooseActivation, Deploy, FightThrow)):
            return None
        decisions = self.match.decisions
        k = len(decisions) - 1
        while k >= 0 and decisions[k][0] in TAKE_BACK_OVER:
            k -= 1
        if k < 0 or decisions[k][0] != "choose_action" or decisions[k][1] == "done":
            return None
        for e in reversed(self.match.events):  # back to the action taken: nothing thrown since
            if e.kind == "dice_thrown":
                return None
            if e.kind == "action":
                return k if getattr(e, "model", None) == getattr(req, "model", None) else None
        return None

    def take_back(self) -> bool:
        """Take back the action just chosen: the match is rebuilt from its own replay up to that
        question (every draw is seeded, so it is the same match, asked again), and the screen
        caught up with it as a resumed game is. False (and a message) when it cannot be."""
        keep = self.take_back_point()
        if keep is None:
            self.message = "nothing to take back: a git commits once its dice are thrown"
            return False
        chosen = self.match.decisions[keep][1]
        v = rebuild(replay_doc(self.match), "<take-back>", self.match.rules, upto=keep)
        if not v.ok:  # (never seen: the match is its own replay)
            self.message = f"could not take it back: {v.message}"
            return False
        self.match = v.match
        self._reset()
        self._queue_new_events()
        self.settle_queue()
        self.buttons, self.page, self.drag_start, self.drag_now = [], 0, None, None
        self.confirm_leg_it = self.confirm_skip = False
        self.answer_ready, self.care_for, self._note = None, {}, ""
        self._preview_key = self._bullet_key = self._reach_key = self._keep_out = None  # drawn afresh
        self._message_at = len(self.match.decisions)
        self.message = f"took back {chosen}: choose again"
        return True

    def seat_now(self) -> int | None:
        """The seat whose question is on screen."""
        return getattr(self.human_turn(), "boss", None)

    def leg_it_cost(self, boss: int) -> str:
        """What legging it now leaves on the table, in a few words: a cap for each git near an
        enemy (while the stash lasts), as the rules will take it (``leg_it_near``)."""
        b = self.match.bosses[boss]
        caps = min(len(self.match.leg_it_near(b)), b.stash)
        return f"{caps} cap{'' if caps == 1 else 's'} left behind" if caps else "no caps left behind"

    def leg_it_words(self, boss: int) -> str:
        """ "Leg it!"'s tooltip: what it means. Hovering it showed nothing (2026-12-06)."""
        return (
            'leave the game now and keep your stash, but each git within 6" of an enemy drops a cap '
            f"on the table ({self.leg_it_cost(boss)} now); your gits leave the table"
        )

    def action_why(self, model: str, action: str) -> str:
        """Why an action is greyed: taken already this activation (read from the log: its
        actions since it was activated), else the usual reasons. A git that had shot was told
        "no gun it can fire (none carried, or still reloading)"."""
        for e in reversed(self.match.events):
            if e.kind == "activation_started":
                break
            if e.kind == "action" and getattr(e, "model", None) == model and getattr(e, "action", None) == action:
                return "done already this activation (two different actions each)"
        if action == "boot":  # the one reason that applies, not both (the playtest's boot said "or")
            return "the siren has sounded: no more booting" if self.scene.siren else "nobody fallen in base contact"
        return ACTION_WHY.get(action, "not legal now")

    def button_region(self, rows: int | None = None) -> pygame.Rect:
        """The region buttons live in: under the prompt, above the footer, beside the table. A
        question with many options (35 ways to pick dice) gets more rows: the region, the prompt
        and the log's bottom move up together, so still nothing overlaps."""
        rows = self.button_rows if rows is None else rows
        x0 = self.renderer.layout(self.scene)[0].right + 20
        bottom = self.size[1] - LOG_BOTTOM + PROMPT_H + 4 + BUTTON_ROWS * (BUTTON_H + 6)
        return pygame.Rect(x0, bottom - rows * (BUTTON_H + 6), self.size[0] - x0 - 12, rows * (BUTTON_H + 6))

    def rows_room(self) -> int:
        """How many button rows fit under the side panel's header, id card, tower panels (at
        their most compact) and the log's minimum rows: more options go on pages. The derby's
        35 ways to pick dice once grew the buttons over its twelve tower panels."""
        r = self.renderer
        x0 = r.layout(self.scene)[0].right + 20
        active = getattr(self.match.pending, "model", None) or self.state.active
        top = r.towers_top(self.scene, active) + r.towers_min_height(self.scene, self.size[0] - x0 - 20) + LOG_MIN_H
        return max(BUTTON_ROWS, BUTTON_ROWS + (self.size[1] - LOG_BOTTOM - top) // (BUTTON_H + 6))

    @property
    def log_bottom(self) -> int:
        return self.size[1] - LOG_BOTTOM - (self.button_rows - BUTTON_ROWS) * (BUTTON_H + 6)

    def rows_for(self, widths: list[int], width: int) -> int:
        rows, run = 1, 0
        for w in widths:
            if run + w > width:
                rows, run = rows + 1, 0
            run += w + 8
        return rows

    def place_buttons(self, opts: list[tuple[str, Any, bool, str]], pinned: tuple[str, Any] | None = None) -> None:
        """Flow the buttons into the region, row by row; what does not fit goes on later pages
        (a "more" button turns them), so every option is reachable and nothing leaves the region.
        A ``pinned`` button (label, value: "back") sits at the right of the last row on every
        page, left of "more": 35 ways to pick a vehicle's dice pushed a "back" flowed after them
        onto a second page."""
        widths = [max(90, self.renderer.font.size(label)[0] + 20) for label, *_ in opts]
        pin_w = max(90, self.renderer.font.size(pinned[0])[0] + 20) if pinned else 0
        rows_needed = self.rows_for(widths + ([pin_w] if pinned else []), self.button_region(1).width)
        self.button_rows = min(MAX_BUTTON_ROWS, self.rows_room(), max(BUTTON_ROWS, rows_needed))
        region = self.button_region()
        last = self.button_rows - 1
        more = self.rows_for(widths, region.width) > last + 1
        pages = self._flow(opts, region, last, (100 if more else 0) + (pin_w + 8 if pinned else 0))
        if len(pages) > 1 and not more:  # the pinned button's room pushed one onto a page: "more" too
            pages = self._flow(opts, region, last, 100 + pin_w + 8)
        self.page %= len(pages)
        x, row = region.left, 0
        for label, value, enabled, tip, r in pages[self.page]:
            w = min(region.width, max(90, self.renderer.font.size(label)[0] + 20))
            if r != row:
                x, row = region.left, r
            rect = pygame.Rect(x, region.top + row * (BUTTON_H + 6), w, BUTTON_H)
            self.buttons.append(Button(fit(label, self.renderer.font, w - 12), value, rect, enabled, tip))
            x += w + 8
        if len(pages) > 1:
            rect = pygame.Rect(region.right - 96, region.bottom - BUTTON_H - 6, 96, BUTTON_H)
            self.buttons.append(Button(f"more {self.page + 1}/{len(pages)}", "__more__", rect))
        if pinned:
            right = region.right - (100 if len(pages) > 1 else 0)
            rect = pygame.Rect(right - pin_w, region.bottom - BUTTON_H - 6, pin_w, BUTTON_H)
            self.buttons.append(Button(fit(pinned[0], self.renderer.font, pin_w - 12), pinned[1], rect))

    def _flow(
        self, opts: list[tuple[str, Any, bool, str]], region: pygame.Rect, last: int, reserve: int
    ) -> list[list[tuple[str, Any, bool, str, int]]]:
        """The options flowed into pages of rows, ``reserve`` pixels kept free at the right of
        the last row (for "more" and a pinned button)."""
        pages: list[list[tuple[str, Any, bool, str, int]]] = [[]]
        x, row = region.left, 0
        for label, value, enabled, tip in opts:
            w = min(region.width, max(90, self.renderer.font.size(label)[0] + 20))
            if x + w > region.right:
                x, row = region.left, row + 1
            if row > last or (row == last and reserve and x + w > region.right - reserve):
                pages.append([])
                x, row = region.left, 0
            pages[-1].append((label, value, enabled, tip, row))
            x += w + 8
        return pages

    def gun_label(self, v: Any, option: tuple[str, ...]) -> str:
        if not option:
            return "hold fire"
        if option[0].startswith("mod:"):
            return str(self.match.rules.vehicle_mods[option[0][4:]].name)
        if option[0].startswith("mount:"):
            k, arc = self.match.parse_mount(v, option[0])
            mount = v.mounts[k]
            side = f", {arc}" if "@" in option[0] else ""
            return f"{mount.weapon.name} ({mount.how}{side})"
        return " + ".join(self.match.rules.weapons[g].name for g in option)

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.skip_held():
            return  # the click (or key) that ends a held shot does nothing else
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover_px = event.pos
            if self.drag_start is not None:
                self.drag_now = self.renderer.to_table(self.scene, event.pos) or self.drag_now
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:  # the log scrolls back (up) and forward (down)
            self.log_scroll = max(0, self.log_scroll + 3 * event.y)

    def on_key(self, event: pygame.event.Event) -> None:
        req = self.human_turn()
        if event.key == pygame.K_s and (event.mod & pygame.KMOD_CTRL):
            self.save()
            return
        if event.key == pygame.K_F1:
            self.state.show_help = not self.state.show_help
            return
        if event.key == pygame.K_F2:
            self.show_names = not self.show_names
            return
        if event.key == pygame.K_ESCAPE:
            if self.state.show_help:
                self.state.show_help = False
            elif self.confirm_leg_it:
                self.confirm_leg_it = False
            else:
                self.quit_requested = True  # (an unfinished game is saved on the way out)
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.finished:
            if self.next_step == "rematch":
                self.restart(self.seed + 1)
                self.log_scroll = 0
            else:
                self.quit_requested = True  # on to the afterparty, in this window
            return
        if isinstance(req, FightThrow):
            for i, b in enumerate(req.bosses):
                if b in self.humans and event.key in FIGHT_KEYS[b % 4] and i not in self.fight_parts:
                    self.fight_parts[i] = FIGHT_KEYS[b % 4][event.key]
            return
        if event.key == pygame.K_BACKSPACE and self.take_back_point() is not None:
            self.take_back()
            return
        if isinstance(req, Deploy) and event.key == pygame.K_TAB:
            self.deploy_pick = (self.deploy_pick + 1) % len(req.models)
            return
        if isinstance(req, Deploy) and event.key == pygame.K_r:  # turn the vehicle to deploy: R left, Shift+R right
            step = -TURN_STEP_DEG if event.mod & pygame.KMOD_SHIFT else TURN_STEP_DEG
            self.deploy_turn = (self.deploy_turn + step) % 360.0
            return
        if isinstance(req, Deploy) and self.confirm_skip and event.key in (pygame.K_y, pygame.K_n):
            self.click_button(Button("", "skip_yes" if event.key == pygame.K_y else "skip_no", pygame.Rect(0, 0, 0, 0)))
            return
        if isinstance(req, ChooseCare) and event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.submit(req.options[event.key - pygame.K_1])
        elif isinstance(req, ChooseActivation) and self.confirm_leg_it:
            if event.key == pygame.K_y:
                self.submit("leg_it")
            elif event.key == pygame.K_n:
                self.confirm_leg_it = False

    def on_press(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if not b.enabled:
                    self.message = f"{b.label}: {b.tooltip}"
                    return
                self.click_button(b)
                return
        req = self.human_turn()
        p = self.renderer.to_table(self.scene, pos)
        if req is None or p is None:
            return
        if isinstance(req, AimThrow):
            self.drag_start = p
            self.drag_now = p
        elif isinstance(req, Deploy):
            pick = req.models[self.deploy_pick % len(req.models)]
            spot = self.deploy_spot(req, p)
            if self.submit((pick, spot, self.deploy_heading(req)) if pick in req.headed else (pick, spot)):
                self.deploy_turn = 0.0  # (the next vehicle starts facing its default way again)
            self.deploy_pick = 0
        elif isinstance(req, ChooseActivation):
            mid = self.model_at(p)
            if mid is not None:
                self.submit(mid)
        elif isinstance(req, ChooseBoot):
            mid = self.model_at(p)
            opt = next((o for o in req.options if o[1] == mid), None)
            if opt is not None:
                self.submit(opt)
            else:
                self.message = "click a fallen git in base contact (or a terrain button)"
        elif isinstance(req, (OrderMoveDie, OrderBullet)):
            die = self.die_at(p, req.options)
            if die is not None:
                self.submit(die)

    def on_release(self, pos: tuple[int, int]) -> None:
        req = self.human_turn()
        if isinstance(req, AimThrow) and self.drag_start is not None:
            end = self.renderer.to_table(self.scene, pos) or self.drag_now or self.drag_start
            strength = min(1.0, math.hypot(end[0] - self.drag_start[0], end[1] - self.drag_start[1]) * STRENGTH_PER_IN)
            aim = self.drag_start
            self.drag_start = self.drag_now = None
            self.submit(Throw(aim, strength))

    def click_button(self, b: Button) -> None:
        if b.value == "__more__":
            self.page += 1
            return
        if b.value == "take_back":
            self.take_back()
            return
        if isinstance(b.value, tuple) and len(b.value) == 3 and b.value[0] == "pick":  # a die's size
            self.dice_pick[b.value[1]] = b.value[2]
            return
        if isinstance(b.value, tuple) and len(b.value) == 3 and b.value[0] == "fight":
            self.fight_parts.setdefault(b.value[1], b.value[2])
            return
        if b.value == "skip":  # playtest 3: one click fielded no git, and the boss legged it at once
            self.confirm_skip = True
            self.message = self.skip_warning()
            return
        if b.value == "skip_yes":
            self.submit("skip")
            return
        if b.value == "skip_no":
            self.confirm_skip = False
            self.message = ""
            return
        if b.value == "leg_it":
            self.confirm_leg_it = True
            self.message = f"legging it: {self.leg_it_words(b_boss)}" if (b_boss := self.seat_now()) is not None else ""
        elif b.value == "leg_it_yes":
            self.submit("leg_it")
        elif b.value == "leg_it_no":
            self.confirm_leg_it = False
        else:
            self.submit(b.value)

    def skip_warning(self) -> str:
        """What "Field no more" costs, said before it is done: the models left off the table, and,
        when none of the boss's models is on it yet, that the boss has nothing to activate and
        legs it at once (the game lost)."""
        req = self.human_turn()
        if not isinstance(req, Deploy) or not req.models:
            return ""
        boss = self.match.models[req.models[0]].boss
        left = ", ".join(self.match.models[m].name + self.riding_with(m) for m in req.models)
        on_table = [mid for mid, look in self.scene.models.items() if look.in_play and look.boss == boss]
        if not on_table:
            return f"Nothing of yours is on the table: field none and you leg it at once. Off the table: {left}"
        return f"These stay off the table for the whole game: {left}"

    def riding_with(self, mid: str) -> str:
        """ " with Skab and Nazgob aboard": the passengers a gang file seats in this vehicle, who
        deploy with it and not on their own (nothing for a git or an empty vehicle)."""
        m = self.match.models[mid]
        names = [self.match.models[p].name for p in m.crew[1:]]
        if not names:
            return ""
        return f" with {', '.join(names[:-1]) + ' and ' + names[-1] if len(names) > 1 else names[0]} aboard"

    def model_at(self, p: tuple[float, float]) -> str | None:
        best = None
        for mid, m in self.scene.models.items():
            if not m.in_play:
                continue
            q = m.position
            d = math.hypot(p[0] - q[0], p[1] - q[1])
            if d <= m.radius_in + 0.15 and (best is None or d < best[0]):
                best = (d, mid)
        return None if best is None else best[1]

    def die_at(self, p: tuple[float, float], options: tuple[str, ...]) -> str | None:
        best = None
        for did in options:
            if did not in self.scene.dice:
                continue
            q = self.scene.dice[did].position
            d = math.hypot(p[0] - q[0], p[1] - q[1])
            if d <= 0.6 and (best is None or d < best[0]):
                best = (d, did)
        return None if best is None else best[1]

    def save_finished(self) -> str | None:
        """A game just over is saved as it ended, so it can be watched again or attached to a bug
        (a finished derby closed with Esc was lost: only unfinished games were saved)."""
        self._saved_end = id(self.match)
        if not self.save_path:
            return None
        path = self.saved_end_path = self.save()
        if path is not None:
            self.message = f"game saved to {path}: 'spacegits watch --replay {path}' shows it again"
        return path

    def save(self) -> str | None:
        """Save the game (atomically). A failure is shown in the window and the game goes on."""
        try:
            save_replay(self.match, self.save_path, {"hotseat": True, "humans": sorted(self.humans), **self.meta})
        except OSError as e:
            self.message = f"could not save to {self.save_path}: {e.strerror or e} (the game goes on)"
            return None
        # (the hint names the file: the message said it twice and was cut at the panel's edge)
        hint = self.resume_hint
        self.message = (
            f"saved: '{hint}' resumes it"
            if self.save_path in hint
            else f"saved to {self.save_path}; '{hint}' resumes it"
        )
        return self.save_path

    # ------------------------------------------------------------------ what a script sees

    def ui_state(self) -> dict[str, Any]:
        """What the window shows a player, as plain data: the prompt, the buttons and where the
        clickable things are (in window pixels). tools/hotseat_script.py reads it (written to
        $SPACEGITS_UI_STATE) to play through clicks and keys; nothing here decides a rule."""
        req = self.human_turn()
        out: dict[str, Any] = {
            "screen": "hotseat",
            "decisions": len(self.match.decisions),
            "clock": self.match.clock,
            "timer_s": self.scene.timer_s,
            "over": self.match.pending is None and self.idle,
            "waiting": req is not None,
            "kind": req.kind if req is not None else None,
            "boss": getattr(req, "boss", None),
            "prompt": self.prompt(),
            "message": self.message,
            "note": self.note,
            "buttons": [
                {"label": b.label, "rect": list(b.rect), "enabled": b.enabled, "value": repr(b.value)}
                for b in self.buttons
            ],
            "options_px": {},
            "caps_px": [self.renderer.to_px(self.scene, p) for p in self.scene.caps.values()],
            "models": {
                mid: {
                    "px": self.renderer.to_px(self.scene, m.position),
                    "boss": m.boss,
                    "tower": m.tower,
                    "fallen": m.fallen,
                    "pos": m.position,
                }
                for mid, m in self.scene.models.items()
                if m.in_play
            },
            "px_per_in": self.renderer.layout(self.scene)[1],
            "table_px": list(self.renderer.layout(self.scene)[0]),
            "window_px": window_origin(),  # every *_px above is a window pixel: add this for the screen's
        }
        if req is None:
            return out
        model = getattr(req, "model", None) or self.state.active
        out["model"] = model
        if isinstance(req, ChooseActivation):
            out["options_px"] = {
                o: self.renderer.to_px(self.scene, self.scene.models[o].position)
                for o in req.options
                if o in self.scene.models
            }
        elif isinstance(req, (OrderMoveDie, OrderBullet)):
            out["options_px"] = {
                o: self.renderer.to_px(self.scene, self.scene.dice[o].position)
                for o in req.options
                if o in self.scene.dice
            }
        elif isinstance(req, ChooseBoot):
            out["options_px"] = {
                repr(o): self.renderer.to_px(self.scene, self.scene.models[o[1]].position)
                for o in req.options
                if o[1] in self.scene.models
            }
        if isinstance(req, AimThrow):
            out["dice"] = list(req.dice)
        if isinstance(req, AimThrow) and req.purpose == "move":  # the path shown under the mouse
            shown = self.previews()
            if shown:
                aim = self.renderer.to_px(self.scene, key_point(self._preview_key))
                out["aim_preview"] = {"px": aim, "travelled": shown[0].travelled, "bump": shown[0].bump}
        if isinstance(req, OrderMoveDie):  # what the window shows of each die's path
            dice = [o for o in req.options if o in self.scene.dice]
            out["preview"] = {
                o: {"travelled": p.travelled, "bump": p.bump} for o, p in zip(dice, self.previews(), strict=False)
            }
        if isinstance(req, Deploy):
            out["deploy_points_px"] = [self.renderer.to_px(self.scene, p) for p in self.deploy_points(req)]
        return out

    def deploy_heading(self, req: Deploy) -> float:
        """The heading (degrees) a vehicle deployed now would face: the request's default (away
        from the boss's own edge) turned by R / Shift+R."""
        return round((req.default_heading + self.deploy_turn) % 360.0, 6) % 360.0

    def spot_problem(self, req: Deploy, mid: str, p: tuple[float, float]) -> str | None:
        """Why ``mid`` may not be deployed at p as the window would place it (a vehicle at the
        heading it is turned to now: the stripes move as it turns), None if it may."""
        if mid in req.headed and req.legal_at is not None:
            return req.legal_at(mid, p, self.deploy_heading(req))
        return req.legal(mid, p)

    def deploy_points(self, req: Deploy) -> list[tuple[float, float]]:
        """Legal spots for the git a click would deploy now, asked of the game's own check
        (``req.legal``) at the centre of every cell of a quarter-inch grid, cached per request
        and git: what the red stripes leave free. The stripes were 1" blocks from the centres of
        whole inches, and the playtest clicked unstriped ground 4.86" from a cap's centre that
        was then refused "within 4" of a cap" (the rule measures edge to edge)."""
        mid = req.models[self.deploy_pick % len(req.models)]
        key = (id(req), mid, self.deploy_heading(req) if mid in req.headed else None)
        if getattr(self, "_deploy_key", None) != key:
            pts = [p for p in deploy_grid(req) if self.spot_problem(req, mid, p) is None]
            self._deploy_key, self._deploy_pts = key, pts
            self._deploy_set = set(self._deploy_pts)
            self._keep_out = None
        return list(self._deploy_pts)

    def deploy_spot(self, req: Deploy, p: tuple[float, float]) -> tuple[float, float]:
        """Where a click at table point ``p`` deploys, decided by the quarter-inch cell it falls
        in, as the stripes are drawn (:meth:`draw_keep_out`): in an offered cell, there if the
        game takes it, else the cell's centre (which it does take); in a striped cell, the
        cell's centre, which the game refuses and says why. A cell is offered when its centre is
        legal, yet the edge of the legal ground (the table's edge less a hull's half-width, a
        wall) runs through cells: a click on the unstriped outer part of a corner cell was
        refused "the base would hang off the table" (playtest 4: a truck's corner spot), and a
        click on a striped pixel whose own point happened to be legal deployed there."""
        mid = req.models[self.deploy_pick % len(req.models)]
        self.deploy_points(req)
        q = deploy_cell(req, p)
        if q not in self._deploy_set:
            return q  # (refused: the message gives the game's reason for this cell)
        return p if self.spot_problem(req, mid, p) is None else q

    # ------------------------------------------------------------------ drawing

    def prompt(self) -> str:
        req = self.human_turn()
        if req is None:
            if self.finished:
                return "Game over." + (
                    " Enter: a rematch (new seed)   Esc: quit"
                    if self.next_step == "rematch"
                    else " Enter: on to the afterparty   Esc: quit (the afterparty follows)"
                )
            return "thinking…" if self.thinking else ""
        who = self.match.bosses[req.boss].name if not isinstance(req, FightThrow) else "Both bosses"
        if isinstance(req, Deploy):
            mid = req.models[self.deploy_pick % len(req.models)]
            m = self.match.models[mid]
            need = f'{self.match.deploy_distance(m):g}"'
            turn = f"R/Shift+R turns it (now {self.deploy_heading(req):g}°). " if mid in req.headed else ""
            return (
                f"{who}: click to deploy {m.name}{self.riding_with(mid)} (Tab: another git). "
                f"{turn}Red stripes: where it may not go "
                f"(at least {need} from caps and enemies, edge to edge; not on terrain)"
            )
        if isinstance(req, ChooseActivation):
            return f"{who}: click a ringed git to activate" + (", or leg it" if "leg_it" in req.options else "")
        if isinstance(req, ChooseAction):
            return f"{who}: choose an action for {self.match.models[req.model].name}"
        if isinstance(req, AimThrow):
            what = DICE_WORDS.get(req.purpose, req.purpose)  # as the log names them
            n = len(req.dice)
            text = (
                f"{who}: throw {n} {what} {'die' if n == 1 else 'dice'}: click where they should land (a soft "
                "throw), or press there and drag to throw harder. "
                "Ellipse: where about 2 in 3 stop"
            )
            if req.purpose == "move":
                text += f"; shaded: a {max(req.dice)}'s path"
            elif req.purpose == "bullet":
                text += "; pale ring: the gun's range (green: an enemy it can hit)"
            return text
        if isinstance(req, OrderMoveDie):
            m = self.match.models.get(req.model)
            name = m.name if m is not None else "it"
            return f"{who}: click the move die to resolve next (shaded: where each die takes {name}, X: what it bumps)"
        if isinstance(req, OrderBullet):
            return f"{who}: click the bullet die to resolve next"
        if isinstance(req, ChooseCare):
            m = self.match.models[req.model]
            return (
                f"{who}: how carefully does {m.name} carry the tower of {m.tower.height} for this scoot? "
                "(1 careful: steady, but more game-clock time; 2 normal; 3 hurried: less time, wobbly)"
            )
        if isinstance(req, ChooseBoot):
            return f"{who}: click the fallen git to boot (or a button)"
        if isinstance(req, FightThrow):
            parts = []
            for i, b in enumerate(req.bosses):
                keys = FIGHT_KEY_NAMES[b % 4].replace("/", " ")
                mark = (
                    "ready"
                    if i in self.fight_parts
                    else (f"keys {keys} = thump shove pinch, or the buttons" if b in self.humans else "thinking")
                )
                parts.append(f"{self.match.bosses[b].name}: {mark}")
            if self.countdown is not None:
                return f"3, 2, 1... {max(1, math.ceil(self.countdown / (COUNTDOWN_S / 3)))}"
            return "FIGHT! thump beats pinch, pinch beats shove, shove beats thump. " + "; ".join(parts)
        if isinstance(req, ChooseDice) and self.row_labels:  # the pickers: a row a die
            h = self.handling(req)
            over = f'; "!": can roll over the handling {h}, each die over it costs 1 damage' if h is not None else ""
            return f"{who}: {req.prompt} Pick each die's size (a row a die), then throw{over}"
        if isinstance(req, Choice):
            return f"{who}: {req.prompt.replace('explosion die', 'blast die')}"
        return ""

    # ------------------------------------------------------------------ previews (the rules' own sweep)

    def previews(self) -> list[PathPreview]:
        """The paths to draw now: each move die's (ordering them), or the aimed one's (aiming)."""
        req = self.human_turn()
        key: Any = None
        if isinstance(req, OrderMoveDie):
            key = ("order", len(self.match.decisions))
        elif isinstance(req, AimThrow) and req.purpose == "move":
            aim = self.drag_start or self.renderer.to_table(self.scene, self.hover_px)
            if aim is not None:
                key = ("aim", len(self.match.decisions), round(aim[0], 1), round(aim[1], 1))
        elif isinstance(req, ChooseCare) and self.care_die() is not None:
            key = ("care", len(self.match.decisions))
        if key is None:
            return []
        if key == self._preview_key:
            return self._previews
        out: list[PathPreview] = []
        if isinstance(req, OrderMoveDie):
            for did in req.options:
                if did in self.scene.dice:
                    die = self.scene.dice[did]
                    p = self.path_preview(req.model, die.position, die.value, f"die {self.die_number(did)}", did)
                    p.tag_at = did
                    out.append(p)
        elif isinstance(req, AimThrow):
            far = max(req.dice)
            out.append(self.path_preview(req.model, key_point(key), far, f"a {far}"))
        elif isinstance(req, ChooseCare):  # the die just picked stays shown while care is asked
            did = self.care_die()
            if did is not None:
                die = self.scene.dice[did]
                p = self.path_preview(req.model, die.position, die.value, f"die {self.die_number(did)}", did)
                p.tag_at = did
                out.append(p)
        self._preview_key, self._previews = key, out
        return out

    def care_die(self) -> str | None:
        """The move die just picked (the care question follows it): the playtest saw every band
        vanish when asked how carefully to carry, and the chosen die was not marked."""
        if not self.match.decisions:
            return None
        kind, answer = self.match.decisions[-1][0], self.match.decisions[-1][1]
        return answer if kind == "order_move_die" and isinstance(answer, str) and answer in self.scene.dice else None

    def path_preview(
        self, model: str, toward: tuple[float, float], distance: float, label: str, die: str | None = None
    ) -> PathPreview:
        m = self.match.models[model]
        if m.vehicle is not None:  # the pivot, then the corridor to the first bump
            reach = self.match.table.die_radius(die) if die is not None else 0.0
            ignore = () if die is None else (die,)
            piv, run = self.match.preview_drive(model, toward, int(distance), reach, ignore)
            costs = self.match.drive_costs(model, toward, int(distance), reach, ignore)
            bump = None
            if run.contact is not None:
                bump = self.thing_words(run.contact.thing.kind.value, run.contact.thing.id)
            return PathPreview(
                label,
                run.start,
                run.end,
                m.vehicle.hull_in[0] / 2,
                run.travelled,
                bump,
                run.contact.point if run.contact else None,
                hull=(m.vehicle.hull_in[0], m.vehicle.hull_in[1]),
                angles=(piv.angle_start if piv else run.angle_end, run.angle_end),
                costs=costs,
            )
        res = self.match.preview_move(model, toward, distance)
        r = self.match.table.figure_radius(model)
        bump, at = None, None
        if res.contact is not None and not (die is not None and res.contact.thing.id == die):
            bump = self.thing_words(res.contact.thing.kind.value, res.contact.thing.id)
            at = self.touch_point(res.end, r, res.contact.thing.kind.value, res.contact.thing.id, res.contact.point)
        p = PathPreview(label, res.start, res.end, r, res.travelled, bump, at)
        p.reaches = res.contact is not None and bump is None  # the die walked to stops the base: no bump
        return p

    def touch_point(
        self, end: tuple[float, float], r: float, kind: str, ident: str, point: tuple[float, float]
    ) -> tuple[float, float] | None:
        """Where the X goes: on the base's rim, where it touches what it bumps. A base already
        touching something when the move starts is stopped at once, but the sweep then reports
        as its contact point where the whole move would have ended (the playtest saw Xs on empty
        table and on a tower's count, "0.0\" bumps a die"): such a point is moved onto the rim
        facing the thing bumped (a die, git or cap), or left out (the words still say it)."""
        if math.dist(point, end) <= r + 0.05:
            return point
        table = self.match.table
        where: tuple[float, float] | None = None
        if kind == "die" and table.has_die(ident):
            where = table.die(ident).position
        elif kind == "figure" and ident in self.match.models and self.match.models[ident].in_play:
            where = self.match.position(ident)
        elif kind in ("cap", "token") and ident in table.tokens():
            where = table.tokens()[ident]
        if where is None or math.dist(where, end) < 1e-9:
            return None
        d = math.dist(where, end)
        return (end[0] + (where[0] - end[0]) / d * r, end[1] + (where[1] - end[1]) / d * r)

    # ------------------------------------------------------------------ a gun's reach (the rules' own line of fire)

    def reach_wanted(
        self, hover: tuple[float, float] | None
    ) -> tuple[str, tuple[str, ...] | None, bool, Bolted] | None:
        """Whose guns' reach to show now, which guns (None: all it has), whether to mark the
        enemies in and out of it, and which of them are bolted on (each with its arc): aiming a
        shot, the guns just chosen; the mouse on the shoot button, the git's guns; on a gun
        button, those guns; on a standing git, its own (the ring alone). The playtest's four
        shots all flew short: range was shown nowhere."""
        req = self.human_turn()
        if isinstance(req, AimThrow):
            if req.purpose != "bullet":
                return None
            return req.model, self.guns_chosen(req.model), True, self.bolted_chosen(req.model)
        on = next((b for b in self.buttons if b.rect.collidepoint(self.hover_px)), None)
        if on is not None:
            if isinstance(req, ChooseAction) and on.value == "shoot":
                return req.model, None, True, self.bolted_all(req.model)
            if isinstance(req, ChooseGuns) and isinstance(on.value, tuple):
                return req.model, tuple(on.value), True, ()
            if isinstance(req, CrewGuns) and isinstance(on.value, tuple) and on.value:
                ids = self.crew_gun_ids(req.vehicle, on.value)
                return (req.vehicle, ids, True, self.crew_gun_bolted(req.vehicle, on.value)) if ids else None
            return None
        if hover is None or self.drag_start is not None:
            return None
        mid = self.model_at(hover)
        if mid is not None and mid in self.match.models and self.match.models[mid].standing:
            return mid, None, False, self.bolted_all(mid)
        return None

    def crew_gun_ids(self, vehicle: str, option: tuple[str, ...]) -> tuple[str, ...]:
        """The weapons a git aboard fires with a crew-guns answer: a bolted gun's, or its own."""
        v = self.match.models[vehicle]
        if option[0].startswith("mod:"):
            return ()
        if option[0].startswith("mount:"):
            k, _arc = self.match.parse_mount(v, option[0])
            return (v.mounts[k].weapon.id,)
        return tuple(option)

    def crew_gun_bolted(self, vehicle: str, option: tuple[str, ...]) -> Bolted:
        """A crew-guns answer's bolted gun with the arc the rules then fire it into (the very
        ``parse_mount`` the vehicle's shoot action uses); () for a git's own guns."""
        if not option or not option[0].startswith("mount:"):
            return ()
        v = self.match.models[vehicle]
        k, arc = self.match.parse_mount(v, option[0])
        return ((v.mounts[k].weapon.id, v.mounts[k].how, arc),)

    def bolted_all(self, model: str) -> Bolted:
        """Every gun bolted on ``model`` with its arc (None: a gun its gunner may swing into more
        than one arc, a Sponson's); () for a git."""
        m = self.match.models[model]
        if m.vehicle is None:
            return ()
        out = []
        for k, mt in enumerate(m.mounts):
            arcs = self.match.mount_arcs(m, k)
            out.append((mt.weapon.id, mt.how, arcs[0] if len(arcs) == 1 else None))
        return tuple(out)

    def guns_chosen(self, shooter: str) -> tuple[str, ...] | None:
        """The guns whose bullet dice are being aimed: the answer just given to "which guns?"
        (a throw follows it at once); None when that is not the last answer: all it has."""
        if not self.match.decisions:
            return None
        kind, answer, _checksum = self.match.decisions[-1]
        if not isinstance(answer, (list, tuple)) or not answer:
            return None
        if kind == ChooseGuns.kind:
            return tuple(str(a) for a in answer)
        if kind == CrewGuns.kind and shooter in self.match.models and self.match.models[shooter].vehicle is not None:
            return self.crew_gun_ids(shooter, tuple(str(a) for a in answer)) or None
        return None

    def bolted_chosen(self, shooter: str) -> Bolted:
        """The bolted gun (and its arc) whose bullet dice are being aimed: from the crew-guns
        answer just given, as :meth:`guns_chosen`; () when a git's own guns are aimed."""
        if not self.match.decisions or shooter not in self.match.models:
            return ()
        kind, answer, _checksum = self.match.decisions[-1]
        if kind != CrewGuns.kind or not isinstance(answer, (list, tuple)) or not answer:
            return ()
        if self.match.models[shooter].vehicle is None:
            return ()
        return self.crew_gun_bolted(shooter, tuple(str(a) for a in answer))

    def reach(
        self, model: str, guns: tuple[str, ...] | None, targets: bool, bolted: Bolted = ()
    ) -> tuple[list[Reach], list[Target]]:
        """Each range's outline round ``model`` (guns of one range and arc share one ring; a
        bolted gun's ring also outlines its arc, clipped from the ring) and, with ``targets``,
        every enemy on the table with how far a bullet must fly to touch it, whether that lies in
        the arc and what the line of fire toward it strikes first: lines of fire asked of the
        rules (what :meth:`Combat.resolve_bullet` draws), cached until anything moves. The
        playtest's truck, facing south, had Nib (north) ringed green "in range" for its fixed
        Rifle, whose bullets can only hit what lies dead ahead."""
        key = (model, guns, targets, bolted, len(self.match.events), len(self.match.decisions))
        if key == self._reach_key:
            return self._reach
        m = self.match.models[model]
        combat = self.match.combat
        mounted = {wid: (how, arc) for wid, how, arc in reversed(bolted)}  # (the first mount of a gun wins)
        groups: dict[tuple[float, str, str], list[Any]] = {}
        for g in combat.gun_reach(m, guns):
            if g.range_in > 0:
                how, arc = mounted.get(g.weapon, ("", None))
                groups.setdefault((g.range_in, arc or "", how), []).append(g)
        centre = self.match.position(model)
        far = self.match.table.width + self.match.table.height  # past every edge, whatever the range
        rings: list[Reach] = []
        for rng, arc_key, how in sorted(groups):
            outline = []
            for k in range(REACH_STEPS):
                th = 2 * math.pi * k / REACH_STEPS
                toward = (centre[0] + far * math.cos(th), centre[1] + far * math.sin(th))
                outline.append(combat.preview_shot(m, toward, rng)[0].end)
            names = " + ".join(g.name for g in groups[(rng, arc_key, how)])
            arc = arc_key or None
            label = f'{names} {rng:g}"'
            if how:
                label += f" ({how}, {ARC_WORDS.get(arc_key, arc_key)})" if arc else f" ({how})"
            straight = all(g.straight for g in groups[(rng, arc_key, how)])
            clipped = self.arc_outline(model, arc, outline) if arc else None
            rings.append(Reach(label, rng, straight, outline, arc, clipped))
        marks: list[Target] = []
        if targets and rings:
            for o in self.match.models.values():
                if not o.standing or o.boss == m.boss:  # (a fallen git is low: bullets fly over it)
                    continue
                line, struck = combat.preview_shot(m, self.match.position(o.id), far)
                touch = next((h for h in line.all_hits if h.thing.id == o.id and h.thing.kind.value == "figure"), None)
                if touch is None:
                    continue
                reaching = [r for r in rings if touch.distance <= r.range_in]
                in_arc = any(r.arc is None or self.match.in_arc(m, r.arc, touch.point) for r in reaching or rings)
                behind = None
                if struck is not None and struck.thing.id != o.id:
                    behind = self.thing_words(struck.thing.kind.value, struck.thing.id)
                marks.append(Target(o.id, touch.distance, bool(reaching), in_arc, behind))
        self._reach_key, self._reach = key, (rings, marks)
        return rings, marks

    def arc_outline(self, model: str, arc: str, outline: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """The part of a reach's outline inside a vehicle's arc, as the rules' ``in_arc`` draws
        the arc in the hull's own frame (x ahead of its middle, y to its left): the front
        corridor is as wide as the hull, the front arc the half ahead of its middle, a side arc
        the half on that side. Each half-plane clips the polygon (Sutherland-Hodgman)."""
        m = self.match.models[model]
        table = self.match.table
        half_w = m.vehicle.hull_in[0] / 2 if m.vehicle is not None else table.figure_radius(model)
        planes = {  # each a (a, b, c): a*x + b*y + c >= 0 inside
            "corridor": [(1.0, 0.0, 0.0), (0.0, 1.0, half_w), (0.0, -1.0, half_w)],
            "front": [(1.0, 0.0, 0.0)],
            "left": [(0.0, 1.0, 0.0)],
            "right": [(0.0, -1.0, 0.0)],
        }.get(arc, [])
        poly = [table.local_point(model, p) for p in outline]
        for a, b, c in planes:
            out: list[tuple[float, float]] = []
            for i, p in enumerate(poly):
                q = poly[i - 1]
                fp, fq = a * p[0] + b * p[1] + c, a * q[0] + b * q[1] + c
                if (fp >= 0) != (fq >= 0):
                    t = fq / (fq - fp)
                    out.append((q[0] + (p[0] - q[0]) * t, q[1] + (p[1] - q[1]) * t))
                if fp >= 0:
                    out.append(p)
            poly = out
        return [table.world_point(model, p) for p in poly]

    def shot_words(self, shooter: str, rings: list[Reach], aim: tuple[float, float]) -> tuple[list[str], Any]:
        """What a bullet die landing at ``aim`` would strike, per range ('Rifle 12": hits
        Nazgob'; a bolted gun's bullet striking something outside its arc misses, as the rules
        then say), and the line of fire of the longest straight one (for the board)."""
        m = self.match.models[shooter]
        words: list[str] = []
        shown: Any = None
        for r in rings:
            if not r.straight:  # a special decides where it goes: no line to promise
                words.append(f"{r.label}: its own rule")
                continue
            line, struck = self.match.combat.preview_shot(m, aim, r.range_in)
            missed = self.match.combat.misses_arc(m, r.arc, struck)
            if struck is None:
                words.append(f"{r.label}: hits nothing in range")
            elif missed:
                name = self.thing_words(struck.thing.kind.value, struck.thing.id)
                words.append(f"{r.label}: misses — {name} is outside its arc")
            else:
                words.append(f"{r.label}: hits {self.thing_words(struck.thing.kind.value, struck.thing.id)}")
            shown = (line, struck, missed)
        return words, shown

    def bullet_previews(self) -> dict[str, tuple[list[str], Any]]:
        """Ordering bullet dice: each die's words ('Pistol 8": hits Mogrot', one per range of the
        guns fired) and the line of fire of its longest straight gun, from the shooter towards
        the die: :meth:`Combat.preview_shot`, the line :meth:`Combat.resolve_bullet` then flies.
        The playtest's bullet dice showed nothing, while a move die showed its walk. Which gun a
        die belongs to the rules keep to themselves, so a throw of guns of two ranges says both."""
        req = self.human_turn()
        if not isinstance(req, OrderBullet) or req.model not in self.match.models:
            return {}
        key = ("bullets", len(self.match.decisions), len(self.match.events))
        if key == self._bullet_key:
            return self._bullets
        guns = self.guns_fired(req.model)
        rings = [r for r in self.reach(req.model, guns, False, self.bolted_fired(req.model))[0]]
        out: dict[str, tuple[list[str], Any]] = {}
        if rings:
            for did in req.options:
                if self.match.table.has_die(did):
                    out[did] = self.shot_words(req.model, rings, self.match.table.die(did).position)
        self._bullet_key, self._bullets = key, out
        return out

    def guns_fired(self, shooter: str) -> tuple[str, ...] | None:
        """The guns whose bullet dice lie on the table: the last "which guns?" answer (the
        throw and the bullets asked since belong to it); None: all the shooter has."""
        for kind, answer, _checksum in reversed(self.match.decisions):
            if kind in (ChooseGuns.kind, CrewGuns.kind):
                if not isinstance(answer, (list, tuple)) or not answer:
                    return None
                if kind == ChooseGuns.kind:
                    return tuple(str(a) for a in answer)
                if self.match.models[shooter].vehicle is not None:
                    return self.crew_gun_ids(shooter, tuple(str(a) for a in answer)) or None
                return None
        return None

    def bolted_fired(self, shooter: str) -> Bolted:
        """The bolted gun (and its arc) of the last crew-guns answer, as :meth:`bolted_chosen`."""
        if self.match.models[shooter].vehicle is None:
            return ()
        for kind, answer, _checksum in reversed(self.match.decisions):
            if kind in (ChooseGuns.kind, CrewGuns.kind):
                if kind != CrewGuns.kind or not isinstance(answer, (list, tuple)) or not answer:
                    return ()
                return self.crew_gun_bolted(shooter, tuple(str(a) for a in answer))
        return ()

    def draw_bullet_line(self, surf: pygame.Surface, shown: Any, bright: bool) -> None:
        """A bullet die's line of fire to where it stops (an X on what it strikes): faint for
        every die, bright for the die under the mouse."""
        if shown is None:
            return
        line, struck, missed = shown
        a = self.renderer.to_px(self.scene, line.start)
        b = self.renderer.to_px(self.scene, struck.point if struck is not None else line.end)
        overlay = pygame.Surface(self.size, pygame.SRCALPHA)
        alpha = 255 if bright else 110
        pygame.draw.line(overlay, (*PATH_EDGE[:3], alpha), a, b, 3 if bright else 1)
        if struck is not None and missed:
            pygame.draw.circle(overlay, (*NOT_HITTABLE[:3], alpha), b, 7, 2)
        elif struck is not None:
            col = (*BUMP_COLOUR, alpha)
            pygame.draw.line(overlay, col, (b[0] - 6, b[1] - 6), (b[0] + 6, b[1] + 6), 3)
            pygame.draw.line(overlay, col, (b[0] - 6, b[1] + 6), (b[0] + 6, b[1] - 6), 3)
        surf.blit(overlay, (0, 0))

    def kit_words(self, model: str, kit: str) -> str:
        """The card's kit with each gun's range as this git fires it ("Pistol 8\""), and for a
        bolted gun who fires it: "The driver fires the fixed weapons, and the passengers fire the
        pintle-mounted ones" (the playtest's driver was never offered the truck's pintle Shotgun
        the card listed, and could not tell why)."""
        if model not in self.match.models:
            return kit
        reach = {g.name: g.range_in for g in self.match.combat.gun_reach(self.match.models[model]) if g.range_in > 0}
        weapons, bar, gear = kit.partition(" | ")
        parts = []
        for part in weapons.split(", "):
            name, paren, rest = part.partition(" (")  # a bolted gun: "Rifle (fixed)"
            how = rest.rstrip(")")
            if paren and how in WHO_FIRES:
                rest = f"{how}: {WHO_FIRES[how]})"
            parts.append(f'{name} {reach[name]:g}"{paren}{rest}' if name in reach else f"{name}{paren}{rest}")
        return ", ".join(parts) + bar + gear

    def stat_words(self, model: str, move: str) -> str:
        """The card's move words, with a vehicle's handling beside its dice: each die that rolls
        over it costs 1 damage, and a new player choosing among "3D10" and "2D8+D6" could not
        see it (the card said "move 3D10 toughness 6 tower 0")."""
        m = self.match.models.get(model)
        if m is None or m.vehicle is None:
            return move
        return f"{move}  handling {effects.handling(m, m.vehicle.handling)} (a die over it: 1 damage)"

    def thing_words(self, kind: str, ident: str) -> str:
        names = self.names or {}
        if ident in names:
            return names[ident]
        return {"cap": "a cap", "die": "a die", "edge": "the table edge", "token": "a cap"}.get(kind, "something")

    # ------------------------------------------------------------------ drawing

    def draw_ui(self, surf: pygame.Surface, ov: Overrides) -> None:
        hover = self.renderer.to_table(self.scene, self.hover_px)
        active = getattr(self.match.pending, "model", None) or self.state.active
        self.renderer.draw(
            surf,
            self.scene,
            ov,
            self.state.log,
            None,
            active,
            "",
            log_bottom=self.log_bottom,
            log_scroll=self.log_scroll,
        )
        self._name_plates = self.draw_names(surf, ov) if self.show_names else []
        req = self.human_turn()
        if isinstance(req, Deploy):
            self.draw_keep_out(surf, req)
            self.draw_deploy_ghost(surf, req, hover)
        if isinstance(req, ChooseActivation):
            for mid in req.options:
                if mid in self.scene.models and self.scene.models[mid].in_play:
                    c = self.renderer.to_px(self.scene, self.scene.models[mid].position)
                    pygame.draw.circle(surf, (255, 255, 120), c, ACTIVATE_RING_PX, 2)
        for p in self.previews():
            self.draw_path(surf, p)
        bullets = self.bullet_previews() if isinstance(req, OrderBullet) else {}
        if bullets:
            on = self.die_at(hover, tuple(bullets)) if hover is not None else None
            for did, (_words, shown) in bullets.items():
                self.draw_bullet_line(surf, shown, did == on)
        if isinstance(req, ChooseCare) and (picked := self.care_die()) is not None:
            c = self.renderer.to_px(self.scene, self.scene.dice[picked].position)
            pygame.draw.circle(surf, (255, 255, 120), c, 16, 2)
        if isinstance(req, (OrderMoveDie, OrderBullet)):
            tags = []
            for did in req.options:
                if did in self.scene.dice:
                    c = self.renderer.to_px(self.scene, self.scene.dice[did].position)
                    pygame.draw.circle(surf, (255, 255, 120), c, 16, 2)
                    shown = next((q for q in self.previews() if q.tag_at == did), None)
                    lines = [f"die {self.die_number(did)}"] if shown is None else shown.lines()
                    if did in bullets:
                        lines += bullets[did][0]
                    tags.append((lines, c))
            self.draw_tags(surf, tags)
        self._shot_words = []
        wanted = self.reach_wanted(hover)
        if wanted is not None:
            self.draw_reach(surf, wanted[0], *self.reach(*wanted), req, hover)
        if isinstance(req, AimThrow):
            self.draw_aim(surf, req, hover)
        self.draw_hover_card(surf, hover)
        self.draw_prompt_region(surf)
        for text, (x, y) in self.row_labels:
            t = self.renderer.text(text, self.renderer.small, DIM)
            surf.blit(t, (x, y - t.get_height() // 2))
        for b in self.buttons:
            col = (70, 110, 80) if b.enabled else (60, 60, 64)
            if b.selected:
                col = (150, 120, 40)
            elif b.enabled and b.rect.collidepoint(self.hover_px):
                col = (92, 140, 104)
            pygame.draw.rect(surf, col, b.rect, border_radius=5)
            edge = (255, 230, 120) if b.selected else (200, 200, 200) if b.enabled else (90, 90, 90)
            pygame.draw.rect(surf, edge, b.rect, 2 if b.selected else 1, border_radius=5)
            t = self.renderer.text(b.label, self.renderer.font, (240, 240, 240) if b.enabled else (120, 120, 120))
            surf.blit(t, (b.rect.centerx - t.get_width() // 2, b.rect.centery - t.get_height() // 2))
        if self.finished:
            self.draw_result_card(surf)
        self.draw_help(surf)
        if self.countdown is not None:
            n = max(1, math.ceil(self.countdown / (COUNTDOWN_S / 3)))
            t = self.renderer.text(str(n), self.renderer.big, (255, 255, 255))
            rect = self.renderer.layout(self.scene)[0]
            big = pygame.transform.scale_by(t, 3)
            surf.blit(big, (rect.centerx - big.get_width() // 2, rect.centery - big.get_height() // 2))

    def draw_prompt_region(self, surf: pygame.Surface) -> None:
        """The prompt (wrapped), the last problem or note, and the footer: each in its own fixed
        strip under the log, so nothing is ever drawn over the log or over each other."""
        x0 = self.renderer.layout(self.scene)[0].right + 20
        width = self.size[0] - x0 - 12
        top = self.log_bottom + 2
        pygame.draw.line(surf, (70, 72, 80), (x0, top - 2), (x0 + width, top - 2), 1)
        lines = wrap(self.prompt(), self.renderer.font, width, indent=0)
        note = "" if self.finished else self.note
        extra, col = (self.message, (255, 140, 120)) if self.message else (note, (150, 200, 255))
        tip = next(
            (b for b in self.buttons if (b.tooltip or not b.enabled) and b.rect.collidepoint(self.hover_px)), None
        )
        if tip is not None:  # the mouse is on a greyed button (why) or one with a tooltip: over older words
            extra, col = f"{tip.label}: {tip.tooltip or 'not possible now'}", (255, 220, 120)
        elif (boss := self.stash_line_at(self.hover_px)) is not None:  # on a stash line: why that many
            extra, col = self.match.stash_words(boss), (255, 220, 120)
        lines = lines[: 3 if extra else 4]  # (a fourth row when no note or message wants it)
        for i, line in enumerate(lines):
            surf.blit(self.renderer.text(line, self.renderer.font, (255, 240, 200)), (x0, top + 4 + i * 18))
        if extra:  # wrapped into the strip's free rows (a save note was cut: "…play --resume /tmp/s9/play/g…")
            y = top + 4 + len(lines) * 18 + 2
            room = max(1, (top + PROMPT_H - y) // 15)
            rows = wrap(extra, self.renderer.small, width, indent=0)
            if len(rows) > room:
                rows = rows[: room - 1] + [fit(" ".join(rows[room - 1 :]), self.renderer.small, width)]
            for k, row in enumerate(rows):
                surf.blit(self.renderer.text(row, self.renderer.small, col), (x0, y + k * 15))
        foot = "F1 help   F2 names   Ctrl+S save   wheel: scroll the log   Esc quit"
        surf.blit(self.renderer.text(foot, self.renderer.small, DIM), (x0, self.size[1] - 18))

    def draw_path(self, surf: pygame.Surface, p: PathPreview) -> None:
        """The swept base: a band as wide as the base from where it stands to where it stops,
        the base drawn where it stops, and an X on what it bumps."""
        _rect, s = self.renderer.layout(self.scene)
        overlay = pygame.Surface(self.size, pygame.SRCALPHA)
        a = self.renderer.to_px(self.scene, p.start)
        b = self.renderer.to_px(self.scene, p.end)
        r = max(2, int(p.radius * s))
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy)
        if d > 0.5:
            nx, ny = -dy / d * r, dx / d * r
            band = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
            pygame.draw.polygon(overlay, PATH_FILL, band)
            pygame.draw.line(overlay, PATH_EDGE, band[0], band[1], 1)
            pygame.draw.line(overlay, PATH_EDGE, band[3], band[2], 1)
        if p.hull is not None:  # a vehicle: the hull where the pivot leaves it, and where it stops
            if abs(p.angles[1] - p.angles[0]) > 1e-3:
                pygame.draw.polygon(overlay, (255, 255, 255, 110), self.hull_px(p.start, p.hull, p.angles[1]), 1)
            pygame.draw.polygon(overlay, (255, 255, 255, 70), self.hull_px(p.end, p.hull, p.angles[1]))
            pygame.draw.polygon(overlay, PATH_EDGE, self.hull_px(p.end, p.hull, p.angles[1]), 2)
        else:
            pygame.draw.circle(overlay, (255, 255, 255, 70), b, r)
            pygame.draw.circle(overlay, PATH_EDGE, b, r, 2)
        surf.blit(overlay, (0, 0))
        if p.at is not None:
            c = self.renderer.to_px(self.scene, p.at)
            pygame.draw.line(surf, BUMP_COLOUR, (c[0] - 6, c[1] - 6), (c[0] + 6, c[1] + 6), 3)
            pygame.draw.line(surf, BUMP_COLOUR, (c[0] - 6, c[1] + 6), (c[0] + 6, c[1] - 6), 3)
        req = self.human_turn()
        if p.tag_at is None and isinstance(req, AimThrow):  # aiming: the words by the path's end, clear of the aim's
            aim = self.drag_start or self.renderer.to_table(self.scene, self.hover_px)
            avoid = self.aim_block(req, aim)[0] if aim is not None else None
            self.draw_tags(surf, [(p.lines(), b)], avoid)

    def draw_reach(
        self,
        surf: pygame.Surface,
        shooter: str,
        rings: list[Reach],
        marks: list[Target],
        req: Request | None,
        hover: tuple[float, float] | None,
    ) -> None:
        """A gun's reach drawn as a move's path is: a pale band with a white edge where its
        bullets stop, labelled with the gun and its range (a bolted gun: the ring dim, its arc
        inside it bright: only there can its bullets hit); each enemy ringed green (a bullet
        could hit it), red (out of range) or amber (in range but outside the arc, or behind
        something) with how far it is; aiming, the line of fire to the aim, an X on what it
        would strike first, and the words (as a move's "bumps a wall")."""
        if not rings:
            return
        table = self.renderer.layout(self.scene)[0]
        overlay = pygame.Surface(self.size, pygame.SRCALPHA)
        for r in rings:
            pts = [self.renderer.to_px(self.scene, p) for p in r.outline]
            pygame.draw.polygon(overlay, REACH_FILL, pts)
            pygame.draw.lines(overlay, PATH_EDGE if r.arc is None else RING_EDGE_DIM, True, pts, 2)
            if r.arc_outline is not None and len(r.arc_outline) >= 3:
                arc_pts = [self.renderer.to_px(self.scene, p) for p in r.arc_outline]
                pygame.draw.polygon(overlay, ARC_FILL, arc_pts)
                pygame.draw.lines(overlay, ARC_EDGE, True, arc_pts, 2)
        clip = surf.get_clip()
        surf.set_clip(table)  # a long gun's reach runs off the table: never over the log
        surf.blit(overlay, (0, 0))
        surf.set_clip(clip)
        tags: list[tuple[list[str], tuple[int, int]]] = []
        for r in rings:  # the label where the ring (a bolted gun's arc) is highest on the table (clamped onto it)
            pts = [self.renderer.to_px(self.scene, p) for p in (r.arc_outline or r.outline)]
            inside = [p for p in pts if table.collidepoint(p)] or pts
            top = min(inside, key=lambda p: (p[1], p[0]))
            tags.append(([r.label], top))
        for t in marks:
            look = self.scene.models.get(t.model)
            if look is None:
                continue
            c = self.renderer.to_px(self.scene, look.position)
            rad = int(look.radius_in * self.renderer.layout(self.scene)[1]) + 6
            colour = IN_REACH if t.hittable else NOT_HITTABLE if t.in_reach else OUT_OF_REACH
            pygame.draw.circle(surf, colour, c, rad, 3 if t.hittable else 2)
            tags.append(([t.words()], (c[0], c[1] + rad)))
        aim = (self.drag_start or hover) if isinstance(req, AimThrow) else None
        if aim is not None:
            words, shown = self.shot_words(shooter, rings, aim)
            if shown is not None:
                line, struck, missed = shown
                a = self.renderer.to_px(self.scene, line.start)
                b = self.renderer.to_px(self.scene, struck.point if struck is not None else line.end)
                pygame.draw.line(surf, PATH_EDGE[:3], a, b, 2)
                if struck is not None and missed:  # outside the arc: the bullet misses it (a ring, no X)
                    pygame.draw.circle(surf, NOT_HITTABLE, b, 7, 2)
                elif struck is not None:
                    pygame.draw.line(surf, BUMP_COLOUR, (b[0] - 6, b[1] - 6), (b[0] + 6, b[1] + 6), 3)
                    pygame.draw.line(surf, BUMP_COLOUR, (b[0] - 6, b[1] + 6), (b[0] + 6, b[1] - 6), 3)
            self._shot_words = words  # drawn by draw_aim, under the spread's words
        avoid = self.aim_block(req, aim)[0] if isinstance(req, AimThrow) and aim is not None else None
        self.draw_tags(surf, tags, avoid)

    def hull_px(self, centre: tuple[float, float], hull: tuple[float, float], angle: float) -> list[tuple[int, int]]:
        """A vehicle's hull (width, length; x forward) at ``centre`` facing ``angle``, in pixels."""
        w, ln = hull
        c, s = math.cos(angle), math.sin(angle)
        return [
            self.renderer.to_px(self.scene, (centre[0] + x * c - y * s, centre[1] + x * s + y * c))
            for x, y in ((ln / 2, w / 2), (ln / 2, -w / 2), (-ln / 2, -w / 2), (-ln / 2, w / 2))
        ]

    def draw_tags(
        self,
        surf: pygame.Surface,
        tags: list[tuple[list[str], tuple[int, int]]],
        avoid: pygame.Rect | None = None,
    ) -> list[pygame.Rect]:
        """Each die's label near its die, placed so that no two overlap (dice lying close
        together push their labels apart) and none covers a ringed die, a git's base or its
        tower's count (the playtest saw "die 2: 1.0"" over a git and its count), nor ``avoid``
        (aiming: the aim's own words; the playtest saw "5.1": in range" over "Pistol 8": hits…");
        returns the plates."""
        table = self.renderer.layout(self.scene)[0]
        rendered = [
            [self.renderer.text(line, self.renderer.small, (255, 255, 255)) for line in lines] for lines, _c in tags
        ]
        sizes = [(max(t.get_width() for t in ts) + 6, sum(t.get_height() + 2 for t in ts)) for ts in rendered]
        keep = [c for _l, c in tags] + self.base_points() + self.cap_points()
        blocks = list(self._name_plates)
        if avoid is not None:
            blocks.append(avoid)
        plates = place_labels(sizes, [c for _l, c in tags], table, keep_clear=keep, blocks=blocks)
        for (_lines, c), plate in zip(tags, plates, strict=True):  # a label pushed away: a thin line to its die
            if leader_needed(plate, c, LEADER_FROM_PX, far=6):
                pygame.draw.line(surf, LEADER_COLOUR, c, leader_end(plate, c), 1)
        for ts, plate in zip(rendered, plates, strict=True):
            pygame.draw.rect(surf, (20, 20, 26), plate, border_radius=3)
            y = plate.top + 1
            for t in ts:
                surf.blit(t, (plate.left + 3, y))
                y += t.get_height() + 2
        return plates

    def tag(self, surf: pygame.Surface, lines: list[str], centre_top: tuple[int, int]) -> None:
        """Small white words on a dark plate, kept on the table."""
        table = self.renderer.layout(self.scene)[0]
        y = centre_top[1]
        for line in lines:
            t = self.renderer.text(line, self.renderer.small, (255, 255, 255))
            bg = pygame.Rect(0, y, t.get_width() + 6, t.get_height() + 2)
            bg.centerx = centre_top[0]
            bg.clamp_ip(table)
            pygame.draw.rect(surf, (20, 20, 26), bg, border_radius=3)
            surf.blit(t, (bg.left + 3, bg.top + 1))
            y += t.get_height() + 2

    def draw_aim(self, surf: pygame.Surface, req: AimThrow, hover: tuple[float, float] | None) -> None:
        """The hand (a ring at the thrower's edge), the line of the throw, the strength gauge, and
        the landing spread: a dashed ellipse around the aim where 2 dice in 3 stop
        (:func:`landing_ellipse`)."""
        aim = self.drag_start or hover
        if aim is None:
            return
        hand = self.match.hand_point(req.boss, aim)
        hp = self.renderer.to_px(self.scene, hand)
        pygame.draw.circle(surf, BOSS_COLOURS[req.boss % 4], hp, 8, 2)
        a = self.renderer.to_px(self.scene, aim)
        strength = 0.0  # before the press: what a click (no drag) throws
        if self.drag_start is not None and self.drag_now is not None:
            strength = min(1.0, math.dist(self.drag_now, self.drag_start) * STRENGTH_PER_IN)
            pygame.draw.rect(surf, (80, 80, 80), pygame.Rect(a[0] + 10, a[1] - 30, 10, 60), 1)
            pygame.draw.rect(
                surf, (255, 200, 60), pygame.Rect(a[0] + 10, a[1] + 30 - int(60 * strength), 10, int(60 * strength))
            )
        along, across = landing_ellipse(self.match.table, hand, aim, strength)
        _rect, s = self.renderer.layout(self.scene)
        hazards = self.hazards(req, aim, strength, along, across)
        self.draw_flight(surf, hp, a, across * s, bool(hazards))
        for mid, _height, _where in hazards:  # each tower it may knock ringed, as the words name it
            look = self.scene.models.get(mid)
            if look is not None and look.tower:
                dx, dy = look.tower_offset
                c = self.renderer.to_px(self.scene, (look.position[0] + dx, look.position[1] + dy))
                pygame.draw.circle(surf, WARN_COLOUR, c, 12, 2)
        ang = math.atan2(-(aim[1] - hand[1]), aim[0] - hand[0])  # screen y runs down
        for k in range(0, 36, 2):
            pts = []
            for t in (k, k + 1):
                th = 2 * math.pi * t / 36
                u, v = along * s * math.cos(th), across * s * math.sin(th)
                pts.append((a[0] + u * math.cos(ang) - v * math.sin(ang), a[1] + u * math.sin(ang) + v * math.cos(ang)))
            pygame.draw.line(surf, (255, 230, 140), pts[0], pts[1], 2)
        block, rendered = self.aim_block(req, aim)
        y = block.top
        for img in rendered:  # each line on a dark plate: legible over a building or the reach's band
            plate = pygame.Rect(block.left, y, img.get_width() + 6, img.get_height() + 2)
            pygame.draw.rect(surf, (20, 20, 26), plate, border_radius=3)
            surf.blit(img, (block.left + 3, y + 1))
            y += img.get_height() + 3

    def stash_line_at(self, px: tuple[int, int]) -> int | None:
        """The boss whose stash line (the side panel's "Red: stash 18 new +0", as the board draws
        it: 20px rows under the clock) is under ``px``, or None."""
        x0 = self.renderer.layout(self.scene)[0].right + 20
        for i in range(len(self.match.bosses)):
            if pygame.Rect(x0, STASH_TOP + i * STASH_ROW, 320, STASH_ROW).collidepoint(px):
                return i
        return None

    def draw_flight(
        self, surf: pygame.Surface, hand: tuple[int, int], aim: tuple[int, int], half_px: float, warn: bool
    ) -> None:
        """The throw's path: a faint band from the hand to the aim as wide as the landing
        ellipse, with a line down its middle (in the warning colour if a tower is in the way)."""
        dx, dy = aim[0] - hand[0], aim[1] - hand[1]
        d = math.hypot(dx, dy)
        colour = WARN_COLOUR if warn else (255, 255, 255)
        if d > 1.0:
            nx, ny = -dy / d * half_px, dx / d * half_px
            band = [(hand[0] + nx, hand[1] + ny), (aim[0] + nx, aim[1] + ny), (aim[0] - nx, aim[1] - ny)]
            band.append((hand[0] - nx, hand[1] - ny))
            overlay = pygame.Surface(self.size, pygame.SRCALPHA)
            pygame.draw.polygon(overlay, (*colour, 40), band)
            surf.blit(overlay, (0, 0))
        pygame.draw.line(surf, colour, hand, aim, 2 if warn else 1)

    def hazards(
        self, req: AimThrow, aim: tuple[float, float], strength: float, along: float, across: float
    ) -> list[tuple[str, int, str]]:
        """The towers this throw may knock (the rules' :meth:`Match.throw_hazards`: the dice's
        real flight from the hand, and the landing ellipse), kept while the aim stays put."""
        key = (len(self.match.decisions), round(aim[0], 2), round(aim[1], 2), round(strength, 2))
        if key != self._hazard_key:
            self._hazard_key = key
            self._hazards = self.match.throw_hazards(req.boss, aim, strength, along, across)
        return self._hazards

    def hazard_words(
        self, req: AimThrow, aim: tuple[float, float], strength: float, along: float, across: float
    ) -> list[str]:
        """ "flies over Urgat's tower (5, yours): may topple it", "may land against Skab's tower
        (6)": the playtest's hand was fixed at its boss's edge, and a die flew over its own
        git's tower of 5 and toppled it, with nothing on screen to warn. Aim round it."""
        out = []
        for mid, height, where in self.hazards(req, aim, strength, along, across):
            m = self.match.models[mid]
            whose = f"{m.name}'s tower ({height}{', yours' if m.boss == req.boss else ''})"
            out.append(f"flies over {whose}: may topple it" if where == "flight" else f"may land against {whose}")
        return out

    def aim_block(self, req: AimThrow, aim: tuple[float, float]) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """The aim's words (strength and spread, then what a bullet there would strike), stacked
        in one block beside the aim, and where that block goes: asked by :meth:`draw_reach` too,
        so the enemies' distance labels keep clear of it."""
        hand = self.match.hand_point(req.boss, aim)
        a = self.renderer.to_px(self.scene, aim)
        strength = 0.0
        if self.drag_start is not None and self.drag_now is not None:
            strength = min(1.0, math.dist(self.drag_now, self.drag_start) * STRENGTH_PER_IN)
        along, across = landing_ellipse(self.match.table, hand, aim, strength)
        label = f'strength {strength:.0%}: 2 in 3 stop within ±{along:.1f}" x ±{across:.1f}"'
        if self.drag_start is None:
            label = "a click: " + label
        words = [(label, (255, 230, 140))] + [(w, (255, 255, 255)) for w in self._shot_words]
        words += [(w, WARN_COLOUR) for w in self.hazard_words(req, aim, strength, along, across)]
        rendered = [self.renderer.text(w, self.renderer.small, c) for w, c in words]
        w = max(img.get_width() for img in rendered) + 6
        h = sum(img.get_height() + 3 for img in rendered)
        table = self.renderer.layout(self.scene)[0]
        blocks = [pygame.Rect(x - 12, y - 12, 24, 24) for x, y in self.base_points() + self.cap_points()]
        blocks += self._name_plates
        spots = []  # right of the aim and below it first (where it always was), then round it, further out
        for d in (24, 48, 80):
            right, left, below, above = a[0] + d, a[0] - d - w, a[1] + 8, a[1] - 8 - h
            for x, y in ((right, below), (right, above), (left, below), (left, above)):
                spots.append(pygame.Rect(x, y, w, h).clamp(table))
        # (the playtest saw the aim's words over Urgat's base and tower count)
        return place([spots], blocks)[0], rendered

    def draw_keep_out(self, surf: pygame.Surface, req: Deploy) -> None:
        """Where the git a click would deploy may not go: every pixel whose click falls in a
        quarter-inch cell whose centre the game refuses (:meth:`deploy_points`), red stripes over
        a dark tint. A red tint alone came out brown on the green table, and the prompt said
        "red". Each pixel is shaded by the cell its click maps to (``to_table``, as
        :meth:`deploy_spot` reads a click), not by the cell's rectangle rounded to pixels: the
        two disagreed on a pixel's row at cell edges. Drawn once per question: the stripes are
        one diagonal pattern kept only inside the refused pixels (a mask), so small cells still
        make even stripes."""
        import numpy as np

        legal = set(self.deploy_points(req))
        rect, scale = self.renderer.layout(self.scene)
        key = (self._deploy_key, tuple(rect), scale)
        cached = self._keep_out
        if cached is None or cached[0] != key:
            nx, ny = grid_size(req)
            refused = np.ones((nx, ny), dtype=bool)
            for p in legal:
                refused[cell_index(p[0], nx), cell_index(p[1], ny)] = False
            cols = [cell_index(self.table_at((x, rect.top))[0], nx) for x in range(rect.left, rect.right)]
            rows = [cell_index(self.table_at((rect.left, y))[1], ny) for y in range(rect.top, rect.bottom)]
            shade = refused[np.ix_(cols, rows)]  # (x, y) as surfarray indexes a surface
            mask = pygame.Surface(self.size, pygame.SRCALPHA)
            tint = pygame.Surface(self.size, pygame.SRCALPHA)
            mask.fill((255, 255, 255, 0))
            tint.fill((0, 0, 0, 0))
            for layer, alpha in ((mask, 255), (tint, 60)):
                a = pygame.surfarray.pixels_alpha(layer)
                a[rect.left : rect.right, rect.top : rect.bottom] = np.where(shade, alpha, 0)
                del a  # (the surface stays locked while the array lives)
            stripes = pygame.Surface(self.size, pygame.SRCALPHA)
            w, h = self.size
            for k in range(-h, w, STRIPE_PX):  # "/" diagonals every STRIPE_PX pixels
                pygame.draw.line(stripes, KEEP_OUT, (k, h), (k + h, 0), 2)
            stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            tint.blit(stripes, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # a stripe replaces the tint
            self._keep_out = (key, tint)
            cached = self._keep_out
        surf.blit(cached[1], (0, 0))

    def draw_deploy_ghost(self, surf: pygame.Surface, req: Deploy, hover: tuple[float, float] | None) -> None:
        """The vehicle a click would deploy, drawn under the mouse at the heading it is turned to
        (R / Shift+R), where the click would put it: a person sees which way it will face and
        how much room its hull takes before placing it. A git on foot needs no ghost."""
        mid = req.models[self.deploy_pick % len(req.models)]
        look = self.scene.models.get(mid)
        if hover is None or mid not in req.headed or look is None or look.hull is None:
            return
        spot = self.deploy_spot(req, hover)
        _rect, scale = self.renderer.layout(self.scene)
        angle = math.radians(self.deploy_heading(req))
        self.renderer.draw_hull(surf, self.scene, look, spot, angle, scale, False)

    def table_at(self, px: tuple[int, int]) -> tuple[float, float]:
        """The table point of a pixel on the table (where a click there lands)."""
        p = self.renderer.to_table(self.scene, px)
        assert p is not None, px
        return p

    def draw_hover_card(self, surf: pygame.Surface, hover: tuple[float, float] | None) -> None:
        """The card of whatever model is under the mouse: its name, type, stats and kit."""
        if hover is None or self.drag_start is not None:
            return
        req = self.human_turn()
        if isinstance(req, (AimThrow, OrderMoveDie, OrderBullet)) or self.holding_shot:
            # aiming, ordering the dice, a shot being shown: the card covered the line of fire and
            # the aim's words (sg_11, sg_46), a vehicle's corridor, the dice to click (2026-12-06)
            return
        mid = self.model_at(hover)
        if mid is None:
            return
        crew = self.scene.crew_words(mid)
        tall = id_card_height(crew)
        x = min(self.hover_px[0] + 16, self.renderer.layout(self.scene)[0].right - 440)
        y = min(self.hover_px[1] + 16, self.size[1] - tall - 10)
        if isinstance(self.human_turn(), AimThrow):  # above the mouse: under it are the aim's words
            y = max(4, self.hover_px[1] - 16 - tall)
        look = self.scene.models[mid]
        look = replace(look, kit=self.kit_words(mid, look.kit), move=self.stat_words(mid, look.move))
        self.renderer.draw_id_card(surf, look, x, y, crew)

    def draw_result_card(self, surf: pygame.Surface) -> None:
        """Over the table at the end: who won, the caps, a few highlights and what comes next."""
        over = next((e for e in reversed(self.match.events) if e.kind == "game_over"), None)
        if over is None:
            return
        r = self.renderer
        winners = " and ".join(over.winners) or "nobody"
        lines = [("GAME OVER", r.big, (255, 220, 120))]
        lines.append((f"{winners} win{'s' if len(over.winners) == 1 else ''}", r.big, (240, 240, 240)))
        for name, caps in over.new_caps.items():
            lines.append((f"{name}: {caps:+d} new caps", r.font, (220, 220, 220)))
        marks = highlights(self.event_log(), self.names)
        for _i, words in marks[-4:]:
            lines.append((f"• {words}", r.small, (200, 200, 210)))
        nxt = "Enter: rematch (a new seed)" if self.next_step == "rematch" else "Enter: on to the afterparty"
        lines.append((f"{nxt}    Esc: quit", r.font, (150, 220, 150)))
        rendered = [r.text(t, f, c) for t, f, c in lines]
        table = r.layout(self.scene)[0]
        box = pygame.Rect(
            0, 0, max(t.get_width() for t in rendered) + 40, sum(t.get_height() + 6 for t in rendered) + 28
        )
        box.center = table.center
        pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
        pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
        y = box.top + 14
        for t in rendered:
            surf.blit(t, (box.centerx - t.get_width() // 2, y))
            y += t.get_height() + 6

    def draw_help(self, surf: pygame.Surface) -> None:
        """F1 in the hot-seat: this mode's controls (not watch mode's), then the legend."""
        if not self.state.show_help:
            return
        lines = hotseat_help_lines()
        box = pygame.Rect(40, 20, 740, 24 + 21 * len(lines))
        pygame.draw.rect(surf, (20, 20, 26), box, border_radius=8)
        pygame.draw.rect(surf, (200, 200, 200), box, 2, border_radius=8)
        for i, line in enumerate(lines):
            surf.blit(self.renderer.text(line), (box.left + 16, box.top + 12 + i * 21))
        self.renderer.draw_legend(surf, self.scene, pygame.Rect(40, box.bottom + 8, 740, 392))


def landing_ellipse(
    table: Any, hand: tuple[float, float], aim: tuple[float, float], strength: float
) -> tuple[float, float]:
    """The semi-axes (along the throw, across it; inches) of the ellipse round the aim where 2
    dice in 3 come to rest: the table's 1-sigma :meth:`landing_spread` times ``ELLIPSE_K``."""
    along, across = table.landing_spread(hand, aim, strength)
    return along * ELLIPSE_K, across * ELLIPSE_K


def deploy_grid(req: Deploy) -> list[tuple[float, float]]:
    """The centres of the quarter-inch cells of the table a deployment is asked on."""
    nx, ny = grid_size(req)
    return [((i + 0.5) * DEPLOY_STEP, (j + 0.5) * DEPLOY_STEP) for i in range(nx) for j in range(ny)]


def grid_size(req: Deploy) -> tuple[int, int]:
    return int(round(req.width / DEPLOY_STEP)), int(round(req.height / DEPLOY_STEP))


def cell_index(v: float, n: int) -> int:
    """Which of ``n`` quarter-inch cells a coordinate lies in (the table's far edge: the last)."""
    return min(max(math.floor(v / DEPLOY_STEP), 0), n - 1)


def deploy_cell(req: Deploy, p: tuple[float, float]) -> tuple[float, float]:
    """The centre of the grid cell (:func:`deploy_grid`) that table point ``p`` lies in: the same
    floats as the grid's, so it can be looked up among the offered spots."""
    nx, ny = grid_size(req)
    i, j = cell_index(p[0], nx), cell_index(p[1], ny)
    return ((i + 0.5) * DEPLOY_STEP, (j + 0.5) * DEPLOY_STEP)


def key_point(key: Any) -> tuple[float, float]:
    return (float(key[2]), float(key[3]))


def hotseat_help_lines() -> list[str]:
    return [
        "HOT-SEAT (F1 or Esc closes this)",
        "Click a ringed git to activate it; the buttons pick its actions (grey: why not, on hover).",
        "Deploying a vehicle: R turns it left, Shift+R right (15 degrees); the stripes follow its hull.",
        "Throw: press where the dice should land, drag to set strength, release.",
        "  A click alone throws softly (strength 0%). The dashed ellipse: where about 2 in 3 dice stop",
        "  (3 in 4 of hard throws);",
        "  the shaded band, a move's path; the pale ring, how far a gun's bullets fly (green: in range).",
        "Move dice: click one to resolve it; each shows where the git stops and what it bumps.",
        "Care (once per scoot): 1 careful, 2 normal, 3 hurried.",
        "Chose the wrong action? Backspace (or 'back') takes it back until its first die is thrown.",
        "Fight: buttons or keys Red A/S/D, Blue J/K/L, Green Z/X/C, Gold B/N/M = thump/shove/pinch.",
        "The small ring on the line of the throw is your hand: the dice fly from it, over what lies",
        "  between (the band); a tower in their way is ringed and named in the aim's words. Aim round it.",
        "Each model's short name is by its base (F2 hides them). Hover a model for its card.",
        "Mouse wheel scrolls the log. Ctrl+S saves; Esc quits (an unfinished game is saved).",
        "At the end: Enter for a rematch (or the campaign's afterparty), Esc to quit.",
    ]


def dice_label(sides: tuple[int, ...]) -> str:
    """(12, 12, 10) -> "2D12+D10"."""
    parts = []
    for s in sorted(set(sides), reverse=True):
        n = sides.count(s)
        parts.append(f"{n if n > 1 else ''}D{s}")
    return "+".join(parts)


def run_hotseat(app: HotseatApp, fps: int = 60, keep_open: bool = False) -> None:
    """The window's loop until it is closed or Esc (or Enter at a campaign game's end) is pressed.
    ``keep_open``: leave the window up for what follows (the afterparty's screens)."""
    pygame.display.init()  # video and fonts only: no sound system, so no audio-driver noise
    pygame.font.init()
    screen = pygame.display.set_mode(app.size)
    pygame.display.set_caption("spacegits_sim — hot-seat")
    app.background = True  # AI seats think in a worker: the window keeps drawing
    clock = pygame.time.Clock()
    running = True
    state_path = os.environ.get("SPACEGITS_UI_STATE")  # a scripted player reads what is on screen
    frame = 0
    while running:
        dt = clock.tick(fps) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            else:
                app.handle(event)
        if app.quit_requested:
            break
        ov = app.update(dt)
        app.draw_ui(screen, ov)
        pygame.display.flip()
        frame += 1
        if state_path and frame % 5 == 0:
            write_atomic(state_path, json.dumps(app.ui_state(), default=list))
    if app.match.pending is not None:
        app.save()  # on failure app.message says why; the caller reports it
    if not keep_open:
        pygame.quit()

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

import json
import math
import os
from dataclasses import dataclass
from typing import Any

import pygame

from ..atomic import write_atomic
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
from ..rules.replay import save_replay
from .board import BOSS_COLOURS, Overrides
from .watch_app import Watcher

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
STRENGTH_PER_IN = 1 / 6.0  # a 6" drag is a full-strength throw


@dataclass
class Button:
    label: str
    value: Any
    rect: pygame.Rect
    enabled: bool = True
    tooltip: str = ""


class HotseatApp(Watcher):
    """A Watcher whose human seats are answered by the mouse and keyboard."""

    def __init__(
        self,
        make_match: Any,
        seed: int,
        humans: set[int],
        size: tuple[int, int] = (1280, 800),
        save_path: str = "out/hotseat.replay.json",
    ) -> None:
        self.humans = humans
        self.save_path = save_path
        self.buttons: list[Button] = []
        self.message = ""
        self.drag_start: tuple[float, float] | None = None
        self.drag_now: tuple[float, float] | None = None
        self.fight_parts: dict[int, str] = {}
        self.countdown: float | None = None
        self.confirm_leg_it = False
        self.answer_ready: Any = None
        self.deploy_pick = 0  # which undeployed git a click places (Tab cycles)
        self.hover_px: tuple[int, int] = (0, 0)
        super().__init__(make_match, seed, size)

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
            return super().answer_for(req)
        ans, self.answer_ready = self.answer_ready, None
        return ans

    def submit(self, answer: Any) -> bool:
        """Check an answer against the pending request; an illegal one shows why and changes nothing."""
        req = self.match.pending
        if req is None:
            return False
        try:
            req.check(answer)
        except IllegalDecision as e:
            self.message = str(e)
            return False
        self.answer_ready = answer
        self.message = ""
        self.confirm_leg_it = False
        return True

    # ------------------------------------------------------------------ per-frame update

    def update(self, dt: float) -> Overrides:
        if self.countdown is not None and self.countdown > 0:
            self.countdown = max(0.0, self.countdown - dt)
        ov = self.advance(dt)
        self.layout_buttons()
        return ov

    def layout_buttons(self) -> None:
        req = self.human_turn()
        self.buttons = []
        if req is None:
            return
        x, y = 820, self.size[1] - 150
        opts: list[tuple[str, Any, bool, str]] = []
        if isinstance(req, ChooseAction):
            for a in ("scoot", "shoot", "boot", "done"):
                legal = a in req.options
                opts.append((a, a, legal, "" if legal else ACTION_WHY.get(a, "not legal now")))
        elif isinstance(req, ChooseCare):
            opts = [(f"{i + 1} {c}", c, True, "") for i, c in enumerate(req.options)]
        elif isinstance(req, ChooseGuns):
            opts = [(" + ".join(self.match.rules.weapons[g].name for g in o), o, True, "") for o in req.options]
        elif isinstance(req, RebootDice):
            opts = [(f"{n} dice", n, True, "") for n in req.options[:8]]
        elif isinstance(req, SplitOdd):
            opts = [(name, name, True, "") for name in req.options]
        elif isinstance(req, ChooseActivation):
            opts = [("Leg it!", "leg_it", "leg_it" in req.options, "")]
            if self.confirm_leg_it:
                opts = [("Really leg it? (Y)", "leg_it_yes", True, ""), ("No (N)", "leg_it_no", True, "")]
        elif isinstance(req, Deploy):
            opts = [("Field no more (skip)", "skip", True, "")]
        elif isinstance(req, ChooseBoot):  # terrain in contact gets a button; gits are clicked
            looks = self.scene.terrain
            opts = [
                (f"boot the {looks[o[1]].name if o[1] in looks else o[1]}", o, True, "")
                for o in req.options
                if o[0] == "boot_terrain"
            ]
        elif isinstance(req, ChooseDice):  # a vehicle's move dice (or wipeout dice): "2D12+D10"
            opts = [(dice_label(o), o, True, "") for o in req.options]
        elif isinstance(req, CrewGuns):  # what a git aboard fires: own guns, a bolted gun, or nothing
            v = self.match.models[req.vehicle]
            opts = [(self.gun_label(v, o), o, True, "") for o in req.options]
        elif isinstance(req, Choice) and not isinstance(req, (ChooseBoot, OrderMoveDie, OrderBullet)):
            # any other choice (e.g. Eager Helper): one button per option, models by name
            names = self.match.names()
            opts = [(str(names.get(o, o)), o, True, "") for o in req.options]
        widths = [max(90, self.renderer.font.size(label)[0] + 20) + 8 for label, *_ in opts]
        rows, run = 1, 0
        for wd in widths:  # many options (35 ways to pick three dice): start high enough to fit
            if 820 + run + wd > self.size[0] - 10:
                rows, run = rows + 1, 0
            run += wd
        y = min(y, self.size[1] - 10 - 40 * rows)
        for label, value, enabled, tip in opts:
            w = max(90, self.renderer.font.size(label)[0] + 20)
            if x + w > self.size[0] - 10:
                x, y = 820, y + 40
            self.buttons.append(Button(label, value, pygame.Rect(x, y, w, 32), enabled, tip))
            x += w + 8

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

    def on_key(self, event: pygame.event.Event) -> None:
        req = self.human_turn()
        if event.key == pygame.K_s and (event.mod & pygame.KMOD_CTRL):
            self.save()
            return
        if event.key == pygame.K_F1:
            self.state.show_help = not self.state.show_help
            return
        if isinstance(req, FightThrow):
            for i, b in enumerate(req.bosses):
                if b in self.humans and event.key in FIGHT_KEYS[b % 4] and i not in self.fight_parts:
                    self.fight_parts[i] = FIGHT_KEYS[b % 4][event.key]
            return
        if isinstance(req, Deploy) and event.key == pygame.K_TAB:
            self.deploy_pick = (self.deploy_pick + 1) % len(req.models)
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
            self.submit((req.models[self.deploy_pick % len(req.models)], p))
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
        if b.value == "leg_it":
            self.confirm_leg_it = True
        elif b.value == "leg_it_yes":
            self.submit("leg_it")
        elif b.value == "leg_it_no":
            self.confirm_leg_it = False
        else:
            self.submit(b.value)

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

    def save(self) -> str | None:
        """Save the game (atomically). A failure is shown in the window and the game goes on."""
        try:
            save_replay(self.match, self.save_path, {"hotseat": True, "humans": sorted(self.humans)})
        except OSError as e:
            self.message = f"could not save to {self.save_path}: {e.strerror or e} (the game goes on)"
            return None
        self.message = f"saved to {self.save_path} (resume with: spacegits play --resume {self.save_path})"
        return self.save_path

    # ------------------------------------------------------------------ what a script sees

    def ui_state(self) -> dict[str, Any]:
        """What the window shows a player, as plain data: the prompt, the buttons and where the
        clickable things are (in window pixels). tools/hotseat_script.py reads it (written to
        $SPACEGITS_UI_STATE) to play through clicks and keys; nothing here decides a rule."""
        req = self.human_turn()
        out: dict[str, Any] = {
            "decisions": len(self.match.decisions),
            "clock": self.match.clock,
            "timer_s": self.scene.timer_s,
            "over": self.match.pending is None and self.idle,
            "waiting": req is not None,
            "kind": req.kind if req is not None else None,
            "boss": getattr(req, "boss", None),
            "prompt": self.prompt(),
            "message": self.message,
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
        elif isinstance(req, Deploy):
            out["deploy_points_px"] = [self.renderer.to_px(self.scene, p) for p in self.deploy_points(req)]
        return out

    def deploy_points(self, req: Deploy) -> list[tuple[float, float]]:
        """Legal spots (on a 1" grid) for the git a click would deploy now (cached per request)."""
        mid = req.models[self.deploy_pick % len(req.models)]
        key = (id(req), mid)
        if getattr(self, "_deploy_key", None) != key:
            pts = [
                (x + 0.5, y + 0.5)
                for x in range(int(req.width))
                for y in range(int(req.height))
                if req.legal(mid, (x + 0.5, y + 0.5)) is None
            ]
            self._deploy_key, self._deploy_pts = key, pts
        return list(self._deploy_pts)

    # ------------------------------------------------------------------ drawing

    def prompt(self) -> str:
        req = self.human_turn()
        if req is None:
            return ""
        who = self.match.bosses[req.boss].name if not isinstance(req, FightThrow) else "Both bosses"
        if isinstance(req, Deploy):
            mid = req.models[self.deploy_pick % len(req.models)]
            return f'{who}: click to deploy {self.match.models[mid].name} (Tab: another git; 4" from caps and enemies)'
        if isinstance(req, ChooseActivation):
            return f"{who}: click a git to activate" + (", or leg it" if "leg_it" in req.options else "")
        if isinstance(req, ChooseAction):
            return f"{who}: choose an action for {self.match.models[req.model].name}"
        if isinstance(req, AimThrow):
            return f"{who}: press where the {req.purpose} dice should land, drag to set strength, release to throw"
        if isinstance(req, OrderMoveDie):
            return f"{who}: click the move die to resolve next"
        if isinstance(req, OrderBullet):
            return f"{who}: click the bullet die to resolve next"
        if isinstance(req, ChooseCare):
            return f"{who}: how carefully to carry the tower? (1 careful, 2 normal, 3 hurried)"
        if isinstance(req, ChooseBoot):
            return f"{who}: click the fallen git to boot"
        if isinstance(req, FightThrow):
            parts = []
            for i, b in enumerate(req.bosses):
                mark = (
                    "ready"
                    if i in self.fight_parts
                    else (f"press {FIGHT_KEY_NAMES[b % 4]}" if b in self.humans else "thinking")
                )
                parts.append(f"{self.match.bosses[b].name}: {mark}")
            if self.countdown is not None:
                return f"3, 2, 1... {max(1, math.ceil(self.countdown / (COUNTDOWN_S / 3)))}"
            return "FIGHT! thump / shove / pinch — " + ", ".join(parts)
        if isinstance(req, Choice):
            return f"{who}: {req.prompt}"
        return ""

    def draw_ui(self, surf: pygame.Surface, ov: Overrides) -> None:
        hover = self.renderer.to_table(self.scene, self.hover_px)
        active = getattr(self.match.pending, "model", None) or self.state.active
        self.renderer.draw(surf, self.scene, ov, self.state.log, hover, active, self.prompt())
        req = self.human_turn()
        if isinstance(req, ChooseActivation):
            for mid in req.options:
                if mid in self.scene.models and self.scene.models[mid].in_play:
                    c = self.renderer.to_px(self.scene, self.scene.models[mid].position)
                    pygame.draw.circle(surf, (255, 255, 120), c, 22, 2)
        if isinstance(req, (OrderMoveDie, OrderBullet)):
            for did in req.options:
                if did in self.scene.dice:
                    c = self.renderer.to_px(self.scene, self.scene.dice[did].position)
                    pygame.draw.circle(surf, (255, 255, 120), c, 16, 2)
        if isinstance(req, AimThrow):
            hand = self.match.hand_point(req.boss, self.drag_start or hover or (12.0, 12.0))
            hp = self.renderer.to_px(self.scene, hand)
            pygame.draw.circle(surf, BOSS_COLOURS[req.boss % 4], hp, 8, 2)
            if self.drag_start is not None:
                a = self.renderer.to_px(self.scene, self.drag_start)
                pygame.draw.line(surf, (255, 255, 255), hp, a, 1)
                pygame.draw.circle(surf, (255, 255, 255), a, 6, 1)
                if self.drag_now is not None:
                    s = min(
                        1.0,
                        math.hypot(self.drag_now[0] - self.drag_start[0], self.drag_now[1] - self.drag_start[1])
                        * STRENGTH_PER_IN,
                    )
                    pygame.draw.rect(surf, (80, 80, 80), pygame.Rect(a[0] + 10, a[1] - 30, 10, 60), 1)
                    pygame.draw.rect(
                        surf, (255, 200, 60), pygame.Rect(a[0] + 10, a[1] + 30 - int(60 * s), 10, int(60 * s))
                    )
        for b in self.buttons:
            col = (70, 110, 80) if b.enabled else (60, 60, 64)
            pygame.draw.rect(surf, col, b.rect, border_radius=5)
            pygame.draw.rect(surf, (200, 200, 200) if b.enabled else (90, 90, 90), b.rect, 1, border_radius=5)
            t = self.renderer.text(b.label, self.renderer.font, (240, 240, 240) if b.enabled else (120, 120, 120))
            surf.blit(t, (b.rect.centerx - t.get_width() // 2, b.rect.centery - t.get_height() // 2))
            if not b.enabled and b.rect.collidepoint(self.hover_px) and b.tooltip:
                tip = self.renderer.text(b.tooltip, self.renderer.small, (255, 220, 120))
                surf.blit(tip, (min(b.rect.left, self.size[0] - tip.get_width() - 8), b.rect.top - 18))
        if self.message:
            surf.blit(
                self.renderer.text(self.message[:110], self.renderer.small, (255, 140, 120)), (20, self.size[1] - 18)
            )
        self.draw_help(surf)
        if self.countdown is not None:
            n = max(1, math.ceil(self.countdown / (COUNTDOWN_S / 3)))
            t = self.renderer.text(str(n), self.renderer.big, (255, 255, 255))
            surf.blit(pygame.transform.scale_by(t, 3), (380, 360))


def dice_label(sides: tuple[int, ...]) -> str:
    """(12, 12, 10) -> "2D12+D10"."""
    parts = []
    for s in sorted(set(sides), reverse=True):
        n = sides.count(s)
        parts.append(f"{n if n > 1 else ''}D{s}")
    return "+".join(parts)


def run_hotseat(app: HotseatApp, fps: int = 60) -> None:
    pygame.init()
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
        ov = app.update(dt)
        app.draw_ui(screen, ov)
        pygame.display.flip()
        frame += 1
        if state_path and frame % 5 == 0:
            write_atomic(state_path, json.dumps(app.ui_state(), default=list))
    if app.match.pending is not None:
        app.save()  # on failure app.message says why; the caller reports it
    pygame.quit()

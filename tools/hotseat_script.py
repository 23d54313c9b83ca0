"""A scripted hot-seat game in a real window: Xvfb + xdotool clicks and keys only.

Starts a virtual X server, runs ``spacegits play --seats human,heuristic`` in it, and plays the
human seat the way a new player would: it reads what the window shows (the prompt, the buttons
and where things are, which the game writes to $SPACEGITS_UI_STATE every few frames) and
answers with mouse clicks, drags and key presses sent by xdotool — never by calling the game.
Screenshots go to --out (``import -window root``). At the end it reads the saved replay and
prints:

* clicks per activation (median over activations that scooted and shot; a key press counts
  as a click),
* the share of the human's move dice that moved the git less than 0.1".

Usage (needs ``apt-get install xvfb xdotool imagemagick``)::

    python tools/hotseat_script.py --out out/hotseat_script [--display :58] [--seed 3]
    python tools/hotseat_script.py --campaign --out out/campaign_script   # a campaign game + afterparty
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin" / "spacegits"


class Player:
    """Reads the window's state file and answers with xdotool."""

    def __init__(self, display: str, state_path: Path, out: Path, human: int = 0) -> None:
        self.env = dict(os.environ, DISPLAY=display)
        self.state_path = state_path
        self.out = out
        self.human = human
        self.clicks = 0
        self.refused_deploys: set[tuple[int, int]] = set()  # deploy spots the window refused
        self.shots = 0
        self.activations: list[dict[str, Any]] = []  # per activation: clicks, actions
        self.current: dict[str, Any] | None = None
        self.last_decisions = -1
        self.same_since = time.monotonic()
        self.prompts: list[str] = []
        self.px_per_in = 40.0
        self.hovers = 0  # aim points hovered to read the band (mouse moves, not clicks)
        self.aim_log: list[dict[str, Any]] = []
        self.band_shots = 0
        self.screen_seq = -1  # the afterparty screen last answered
        self.afterparty_screens: list[dict[str, Any]] = []
        self.bought: dict[str, int] = {}
        self.origin: tuple[int, int] = (0, 0)  # the window's top-left on the screen (its state says)

    # ---------------------------------------------------------------- X input

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=False, capture_output=True)

    def move(self, px: Any) -> None:
        """The mouse to a window pixel: the window says where it sits on the screen (pygame
        centres it, so on a screen bigger than the window a window pixel is not a screen one)."""
        self.xdo("mousemove", str(int(px[0]) + self.origin[0]), str(int(px[1]) + self.origin[1]))

    def click(self, px: Any) -> None:
        self.move(px)
        time.sleep(0.05)
        self.xdo("click", "1")
        self.count()

    def drag(self, a: Any, b: Any) -> None:
        self.move(a)
        time.sleep(0.05)
        self.xdo("mousedown", "1")
        for k in range(1, 6):
            f = k / 5
            self.move((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
            time.sleep(0.03)
        self.xdo("mouseup", "1")
        self.count()

    def key(self, name: str) -> None:
        self.xdo("key", name)
        self.count()

    def count(self) -> None:
        self.clicks += 1
        if self.current is not None:
            self.current["clicks"] += 1

    def shot(self, name: str) -> Path:
        path = self.out / f"{self.shots:03d}-{name}.png"
        self.shots += 1
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=False, capture_output=True)
        return path

    # ---------------------------------------------------------------- reading the window

    def state(self) -> dict[str, Any] | None:
        try:
            data: dict[str, Any] = json.loads(self.state_path.read_text())
        except (OSError, ValueError):
            return None
        self.origin = tuple(data.get("window_px") or (0, 0))  # type: ignore[assignment]
        return data

    def wait_change(self, before: int, timeout: float = 6.0) -> None:
        """Wait until the game has taken an answer (its decision count moved) or shows a message."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            s = self.state()
            if s is not None and (s["decisions"] != before or s.get("message")):
                return
            time.sleep(0.1)

    # ---------------------------------------------------------------- a new player's choices

    def button(self, s: dict[str, Any], *labels: str) -> dict[str, Any] | None:
        for want in labels:
            for b in s["buttons"]:
                if b["enabled"] and b["label"].lower().startswith(want):
                    return b
        return None

    def press_button(self, b: dict[str, Any]) -> None:
        x, y, w, h = b["rect"]
        self.click((x + w / 2, y + h / 2))

    def target(self, s: dict[str, Any], model: str | None) -> Any:
        """Where a player wants to go: the nearest cap, else the nearest enemy (window pixels)."""
        me = s["models"].get(model or "", None)
        if me is None:
            return None
        mx, my = me["px"]
        cands = list(s["caps_px"]) or [m["px"] for m in s["models"].values() if m["boss"] != self.human]
        if not cands:
            return None
        return min(cands, key=lambda p: math.hypot(p[0] - mx, p[1] - my))

    def clear_aim(self, s: dict[str, Any], model: str | None, first: Any) -> Any:
        """Aim as a player who reads the shaded path would: a little beyond the biggest die's
        reach (so the git's own dice do not lie in its way), towards the target if the path the
        window shades there is clear, else the direction nearest it whose path is; else the one
        that goes furthest. A path that ends on a cap is as good as a clear one."""
        me = s["models"][model]["px"]
        ppi = s["px_per_in"]
        far = max(s.get("dice") or [6])
        reach = (far + 2.5) * ppi
        x0, y0, w, h = s.get("table_px") or (0, 0, 800, 800)
        toward = math.atan2(first[1] - me[1], first[0] - me[0])
        angles = sorted(
            (toward + k * math.pi / 8 for k in range(16)), key=lambda a: abs(math.remainder(a - toward, 2 * math.pi))
        )
        best, best_d = first, -1.0
        for a in angles:
            c = (me[0] + reach * math.cos(a), me[1] + reach * math.sin(a))
            c = (min(x0 + w - 8, max(x0 + 8, c[0])), min(y0 + h - 8, max(y0 + 8, c[1])))
            pv = self.hover_preview(c)
            self.aim_log.append({"model": model, "at": c, "preview": pv})
            if pv is None:
                continue
            d = pv["travelled"] + (far if pv["bump"] and "cap" in pv["bump"] else 0.0)  # a cap is worth bumping
            if d > best_d:
                best, best_d = c, d
            if d >= far - 0.05:
                return c
        return best

    def hover_preview(self, at: Any, timeout: float = 3.0) -> dict[str, Any] | None:
        """Hover the mouse at ``at`` and read the aim band the window draws there: the state file
        is written every few frames, so wait for one whose band starts from this very point (an
        older file still shows the band under the last mouse position, or none at all)."""
        self.move(at)
        self.hovers += 1
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            time.sleep(0.1)
            pv = (self.state() or {}).get("aim_preview")
            if pv is not None and math.hypot(pv["px"][0] - at[0], pv["px"][1] - at[1]) <= 0.2 * self.px_per_in + 2:
                return pv
        return None

    def act(self, s: dict[str, Any]) -> None:
        kind = s["kind"]
        model = s.get("model")
        if kind == "choose_activation":
            if self.current is not None:
                self.activations.append(self.current)
            self.current = {"clicks": 0, "actions": []}
            if s["clock"] >= s["timer_s"] and self.button(s, "leg it"):
                self.press_button(self.button(s, "leg it"))  # type: ignore[arg-type]
                time.sleep(0.3)
                self.key("y")
                return
            opts = s["options_px"]
            if not opts:
                b = self.button(s, "")
                if b:
                    self.press_button(b)
                return
            mid = sorted(opts)[0]
            self.click(opts[mid])
        elif kind == "choose_action":
            done = self.current["actions"] if self.current else []
            for want in ("scoot", "shoot", "boot", "done"):
                b = self.button(s, want)
                if b is not None and want not in done:
                    if self.current is not None:
                        self.current["actions"].append(want)
                    self.press_button(b)
                    return
        elif kind == "aim_throw":
            tgt = self.target(s, model) if "move" in s["prompt"] else None
            if tgt is not None:  # the window shades the path under the mouse: look for a clear one
                self.px_per_in = s["px_per_in"]
                tgt = self.clear_aim(s, model, tgt)
            if tgt is None:  # shoot: at the nearest enemy
                me = s["models"].get(model or "", {"px": (400, 400)})["px"]
                foes = [m["px"] for m in s["models"].values() if m["boss"] != self.human]
                tgt = min(foes, key=lambda p: math.hypot(p[0] - me[0], p[1] - me[1])) if foes else (400, 400)
            if "move" in s["prompt"] and self.band_shots < 2:  # what the player saw before throwing
                self.hover_preview(tgt)
                self.shot("aim-band")
                self.band_shots += 1
            drag = 3.0 * s["px_per_in"]  # a 3" drag: half strength
            self.drag(tgt, (tgt[0], tgt[1] + drag))
        elif kind in ("order_move_die", "order_bullet"):
            opts = s["options_px"]
            preview = s.get("preview") or {}
            if preview:  # the window shows how far each die would move the git: take the longest
                did = max(opts, key=lambda d: (preview.get(d, {}).get("travelled", 0.0), d))
            else:
                tgt = self.target(s, model) or (400, 400)
                did = min(opts, key=lambda d: math.hypot(opts[d][0] - tgt[0], opts[d][1] - tgt[1]))
            self.click(opts[did])
        elif kind == "choose_care":
            self.key("2")
        elif kind == "deploy":
            pts = s.get("deploy_points_px") or []
            if "cannot go there" in (s.get("message") or "") and getattr(self, "last_deploy", None):
                # the window offers only spots a click at their pixel is accepted at; should one
                # still be refused, the window says why: a player picks another spot, so does this
                self.refused_deploys.add(self.last_deploy)
            pts = [p for p in pts if tuple(p) not in self.refused_deploys]
            if pts:
                mid = (400, 400)
                spot = min(pts, key=lambda p: math.hypot(p[0] - mid[0], p[1] - mid[1]))
                self.last_deploy = (int(spot[0]), int(spot[1]))
                self.click(spot)
            else:
                b = self.button(s, "field no more")
                if b:
                    self.press_button(b)
        elif kind == "fight_throw":
            self.key("asd"[self.clicks % 3])
        elif kind == "choose_boot":
            opts = s["options_px"]
            if opts:
                self.click(opts[sorted(opts)[0]])
            else:
                b = self.button(s, "")
                if b:
                    self.press_button(b)
        else:  # any other question: the first button a player can press
            b = self.button(s, "")
            if b is not None:
                self.press_button(b)
            else:
                self.key("Return")

    def afterparty(self, s: dict[str, Any]) -> None:
        """One afterparty screen, answered as a new player would: erase every offense (more dice
        for attitude), buy the first thing on a shop's shelf once then leave, take the first
        repair job, keep the gang as it is; a report is read and a key pressed."""
        if s["seq"] == self.screen_seq:
            return
        self.screen_seq = s["seq"]
        title = s.get("title", "")
        time.sleep(0.4)
        self.shot("afterparty-" + "".join(ch if ch.isalnum() else "-" for ch in title.lower())[:40])
        self.afterparty_screens.append(
            {
                "title": title,
                "lines": [s.get("prompt", ""), *s.get("lines", [])],
                "options": [o["label"] for o in s.get("options", [])],
            }
        )
        if s["screen"] == "report":
            self.key("space")
            return
        if s["screen"] == "toggles":  # which offenses to erase: tick each by its number, then Enter
            for o in s.get("options", []):
                if not o.get("picked"):
                    self.key(str(o["number"]))
            self.key("Return")
            return
        opts = s["options"]
        if not opts:
            return
        pick = opts[0]
        if "shop" in title.lower():
            buys = [o for o in opts if " for " in o["label"] and "caps" in o["label"]]
            if buys and self.bought.get(title, 0) == 0:
                self.bought[title] = 1
                pick = buys[0]
            else:
                pick = next((o for o in opts if o["label"].lower().startswith(("done", "leave", "nothing"))), opts[-1])
        elif "fire" in title.lower() or "stray" in title.lower():
            pick = next((o for o in opts if o["label"].lower().startswith(("no", "keep", "done"))), opts[0])
        x, y, w, h = pick["rect"]
        self.click((x + w / 2, y + h / 2))

    def play(self, proc: subprocess.Popen[bytes], limit_s: float, campaign: bool = False) -> bool:
        """Answer until the game is over (a campaign: until its afterparty is done and the window
        closes); True if it ended."""
        t0 = time.monotonic()
        shot_at = 0.0
        seen_kinds: set[str] = set()
        game_over = False
        while time.monotonic() - t0 < limit_s and proc.poll() is None:
            s = self.state()
            if s is None:
                time.sleep(0.2)
                continue
            if s.get("screen") in ("choice", "report", "toggles"):
                self.afterparty(s)
                time.sleep(0.2)
                continue
            if game_over:  # the hot-seat's last state, before the afterparty's first screen
                time.sleep(0.2)
                continue
            if time.monotonic() - shot_at > 40:
                self.shot("play")
                shot_at = time.monotonic()
            if s["over"]:
                time.sleep(1.5)
                self.shot("game-over")
                if not campaign:
                    return True
                game_over = True
                if self.current is not None:
                    self.activations.append(self.current)
                    self.current = None
                self.key("Return")  # the result card: Enter = on to the afterparty
                continue
            if not s["waiting"]:
                time.sleep(0.1)
                continue
            if s["kind"] not in seen_kinds:  # the first time each question is asked: a picture
                seen_kinds.add(s["kind"])
                self.shot(s["kind"])
            self.prompts.append(s["prompt"])
            before = s["decisions"]
            self.act(s)
            self.wait_change(before)
        return campaign and game_over and proc.poll() is not None


def start_x(display: str) -> subprocess.Popen[bytes]:
    """A virtual X server of our own on ``display``. One already running there (another
    engineer's, of another size) makes ours exit at once: say so and stop, rather than play in
    a server whose screen (and where the window sits on it) we did not choose."""
    log = tempfile.TemporaryFile()  # (a file, not a pipe: a server that talks long never blocks)
    x = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24"], stdout=subprocess.DEVNULL, stderr=log)
    time.sleep(1.0)
    if x.poll() is not None:
        log.seek(0)
        err = log.read().decode(errors="replace").strip().splitlines()
        why = next((ln for ln in err if "already active" in ln), err[-1] if err else "it exited").removeprefix("(EE) ")
        raise SystemExit(f"error: Xvfb {display} did not start ({why}); pick a free --display")
    return x


def move_dice_stats(replay: Path, human: int) -> tuple[int, int]:
    """(move dice the human resolved, of which moved the git less than 0.1")."""
    doc = json.loads(replay.read_text())
    owner: dict[str, int] = {}
    total = short = 0
    for e in doc["events"]:
        if e["kind"] == "match_started":
            owner = {m["id"]: m["boss"] for m in e["models"]}
        if e["kind"] == "model_moved" and e.get("reason") == "scoot" and e.get("value") is not None:
            if owner.get(e["model"]) == human:
                total += 1
                short += e["travelled"] < 0.1
    return total, short


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="out/hotseat_script")
    ap.add_argument("--display", default=":58")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--limit", type=float, default=1500.0, help="give up after this many seconds")
    ap.add_argument("--campaign", action="store_true", help="play one campaign game and its afterparty")
    args = ap.parse_args(argv)
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"error: {tool} not found (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
            return 2
    out = (ROOT / args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    state = out / "ui_state.json"
    state.unlink(missing_ok=True)
    replay = out / "game.replay.json"
    x = start_x(args.display)
    player = Player(args.display, state, out)
    env = dict(os.environ, DISPLAY=args.display, SPACEGITS_UI_STATE=str(state))
    cmd = [str(BIN), "play", "--seats", "human,heuristic", "--seed", str(args.seed), "--save", str(replay)]
    if args.campaign:  # a fresh campaign in --out, then its first game in the window
        folder = out / "campaign"
        shutil.rmtree(folder, ignore_errors=True)
        new = subprocess.run(
            [str(BIN), "campaign", "new", str(folder), "--seed", str(args.seed)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        (out / "campaign_new.txt").write_text(new.stdout + new.stderr)
        if new.returncode != 0:
            print(new.stdout + new.stderr, file=sys.stderr)
            x.terminate()
            return 1
        cmd = [str(BIN), "campaign", "play", str(folder), "--seats", "human,heuristic"]
        replay = folder / "games" / "game-001.json"
    try:
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        ended = player.play(proc, args.limit, campaign=args.campaign)
        if player.current is not None:
            player.activations.append(player.current)
        if not args.campaign:
            player.key("ctrl+s")
            time.sleep(1.0)
            player.shot("saved")
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
        (out / "game.stdout.txt").write_text(log)
    finally:
        x.terminate()
        x.wait(timeout=10)
    both = [a["clicks"] for a in player.activations if "scoot" in a["actions"] and "shoot" in a["actions"]]
    report: dict[str, Any] = {
        "ended": ended,
        "activations": len(player.activations),
        "clicks_total": player.clicks,
        "clicks_per_scoot_shoot_activation_median": statistics.median(both) if both else None,
        "scoot_shoot_activations": len(both),
        "screenshots": player.shots,
        "aim_points_hovered": player.hovers,
    }
    if replay.exists():
        total, short = move_dice_stats(replay, 0)
        report["human_move_dice"] = total
        report["human_move_dice_under_0.1in"] = short
        report["share_under_0.1in"] = round(short / total, 3) if total else None
    seen_text = list(player.prompts) + [
        line for a in player.afterparty_screens for line in [a["title"], *a["lines"], *a.get("options", [])]
    ]
    report["snake_case_ids_on_screen"] = sorted(
        {w for line in seen_text for w in re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", line)}
    )
    if args.campaign:
        report["afterparty_screens"] = [a["title"] for a in player.afterparty_screens]
        (out / "afterparty_screens.json").write_text(json.dumps(player.afterparty_screens, indent=2))
    (out / "report.json").write_text(json.dumps(report, indent=2))
    (out / "prompts.txt").write_text("\n".join(player.prompts))
    (out / "aim_log.json").write_text(json.dumps(player.aim_log, indent=1))
    print(json.dumps(report, indent=2))
    return 0 if ended else 1


if __name__ == "__main__":
    sys.exit(main())

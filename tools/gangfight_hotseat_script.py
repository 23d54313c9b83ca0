"""A scripted Gangfight hot-seat game in a real window: Xvfb + xdotool clicks and keys only.

Starts a virtual X server, runs ``spacegits play --ruleset gangfight --seats human,heuristic``
in it, and plays the human seat from what the window shows ($SPACEGITS_UI_STATE: the question,
the buttons, the numbered move spots and the models, in window pixels), answering only with
mouse clicks and key presses sent by xdotool, never by calling the game. It deploys by
clicking inside its starting area (moving the click when the window says a spot is illegal),
walks towards the enemy by clicking the numbered spot nearest it, attacks whenever the button
is there, and ends each activation. Screenshots go to --out; at the end it presses s (save),
verifies the saved replay and prints clicks per activation.

    python tools/gangfight_hotseat_script.py --out out/gangfight_hotseat [--display :61] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin" / "spacegits"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="out/gangfight_hotseat")
    ap.add_argument("--display", default=":61")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--scenario", default=None, help="a bundled Gangfight scenario (default: Crossroads)")
    ap.add_argument("--timeout", type=float, default=600.0)
    a = ap.parse_args()
    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        print("needs Xvfb and xdotool (apt-get install xvfb xdotool imagemagick)")
        return 2
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    state_path = out / "ui_state.json"
    replay = out / "hotseat.replay.json"
    for p in (state_path, replay):
        p.unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=a.display, SPACEGITS_UI_STATE=str(state_path))
    env.pop("SDL_VIDEODRIVER", None)
    log = tempfile.TemporaryFile()  # (a file, not a pipe: a server that talks long never blocks)
    xvfb = subprocess.Popen(["Xvfb", a.display, "-screen", "0", "1280x800x24"], stderr=log)
    time.sleep(1.0)
    if xvfb.poll() is not None:  # a server already there (another's, of another size): not ours to play in
        log.seek(0)
        err = log.read().decode(errors="replace").strip().splitlines()
        why = next((ln for ln in err if "already active" in ln), err[-1] if err else "it exited").removeprefix("(EE) ")
        print(f"error: Xvfb {a.display} did not start ({why}); pick a free --display")
        return 2
    game = subprocess.Popen(
        [
            str(BIN),
            "play",
            "--ruleset",
            "gangfight",
            "--seats",
            "human,heuristic",
            "--seed",
            str(a.seed),
            *(["--scenario", a.scenario] if a.scenario else []),
            "--save",
            str(replay),
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )

    def xdo(*args: str) -> None:
        subprocess.run(["xdotool", *args], env=env, check=False, capture_output=True)

    clicks = 0
    per_activation: list[int] = []
    current = 0
    shots = 0

    origin = [0, 0]  # the window's top-left on the screen: pygame centres it (its state says where)

    def click(px: Any) -> None:
        nonlocal clicks, current
        xdo("mousemove", str(int(px[0]) + origin[0]), str(int(px[1]) + origin[1]))
        time.sleep(0.05)
        xdo("click", "1")
        clicks += 1
        current += 1

    def shot(name: str) -> None:
        nonlocal shots
        subprocess.run(
            ["import", "-window", "root", str(out / f"{shots:03d}-{name}.png")],
            env=env,
            check=False,
            capture_output=True,
        )
        shots += 1

    def state() -> dict[str, Any] | None:
        try:
            data: dict[str, Any] = json.loads(state_path.read_text())
        except (OSError, ValueError):
            return None
        origin[:] = data.get("window_px") or (0, 0)
        return data

    def button(s: dict[str, Any], *wants: str) -> dict[str, Any] | None:
        for w in wants:
            for b in s["buttons"]:
                if b["label"].split(": ", 1)[-1].startswith(w):
                    return b
        return None

    def press(b: dict[str, Any]) -> None:
        x, y, w, h = b["rect"]
        click((x + w / 2, y + h / 2))

    t0 = time.monotonic()
    last = -1
    tries = 0
    seen_kinds: set[str] = set()
    try:
        while time.monotonic() - t0 < a.timeout and game.poll() is None:
            s = state()
            if s is None or s["kind"] is None:
                if s is not None and s["finished"]:
                    break
                time.sleep(0.1)
                continue
            if s["decisions"] == last and not s["message"]:
                time.sleep(0.1)
                continue
            tries = tries + 1 if s["decisions"] == last else 0
            last = s["decisions"]
            kind = s["kind"]
            if kind not in seen_kinds:
                seen_kinds.add(kind)
                shot(kind)
            mine = [m["px"] for m in s["models"].values() if m["seat"] == 0 and m["state"] == "ready"]
            foes = [m["px"] for m in s["models"].values() if m["seat"] == 1 and m["state"] == "ready"]
            if kind == "deploy":
                x0, y0, w, h = s["board_px"]
                k = (tries * 37) % 361  # a fixed walk over a 19 x 19 grid of the board until a spot is taken
                click((x0 + 20 + (k % 19) * (w - 40) / 18, y0 + 20 + (k // 19) * (h - 40) / 18))
                time.sleep(0.2)
                continue
            if kind == "gf_activate":
                per_activation.append(current)
                current = 0
            if kind == "gf_action":
                b = button(s, "attack") or (button(s, "move") if current < 6 else None) or button(s, "end activation")
                if b is None:
                    b = s["buttons"][0]
                press(b)
            elif kind == "gf_move" and s["spots_px"]:
                goal = min(foes, key=lambda f: min(math.dist(f, m) for m in mine)) if foes and mine else (400, 400)
                i = min(range(len(s["spots_px"])), key=lambda j: math.dist(s["spots_px"][j], goal))
                click(s["spots_px"][i])
            else:
                press(s["buttons"][0])  # first option: role, who goes first, weapons, whom to activate/attack
            time.sleep(0.15)
        shot("end")
        xdo("key", "s")
        time.sleep(2.0)
    finally:
        if game.poll() is None:
            game.terminate()
            try:
                game.wait(10)
            except subprocess.TimeoutExpired:
                game.kill()
        xvfb.terminate()
    per_activation.append(current)
    acts = [c for c in per_activation if c]
    print(
        f"clicks: {clicks}; activations: {len(acts)}; median clicks per activation: "
        f"{statistics.median(acts) if acts else 0}; screenshots: {shots} in {out}"
    )
    if replay.is_file():
        sys.path.insert(0, str(ROOT))
        from spacegits_sim.play.replay import load_replay, rebuild

        res = rebuild(load_replay(replay), str(replay))
        print(f"saved replay {replay}: {'verifies' if res.ok else 'DOES NOT VERIFY'}")
        return 0 if res.ok else 1
    print("no replay saved")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())

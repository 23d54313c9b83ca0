"""How much room the dice leave in a road race: strong policies against random, measured fast.

Why this exists: the road race is a dice game, so "the heuristic beats random by N%" means
little until we know how well *any* policy can do on the same cars. This tool plays the real
engine (:class:`~spacegits_sim.rulesets.roadrace.engine.Race`, every rule as shipped) with one
change for speed: the physics dice tray is swapped for :class:`FastTray`, which draws each
die's face from the same seeded ``dice`` stream, one draw per die, exactly as the physics
table does (``physics/throwing.py``), and skips only the simulation of where the die lies.
So a race here has the same faces, the same events and the same winner as the real race of
that seed (``--check`` confirms it on a few seeds), about 100x faster.

Policies:

- ``random``, ``heuristic``: the shipped AIs.
- ``rollout``: at every decision with more than one option, each option is tried ``--rollouts``
  times — the race so far is re-played on a fresh engine (the same seed and answers give the
  same state), its dice streams are then re-seeded so the future is unknown, the option is
  answered and the race played out with the heuristic for this seat and the real opponent's
  policy for the others — and the option winning most often is taken (ties: the heuristic's
  pick). One step of policy improvement over the heuristic against that opponent: an
  approximation of the best response to random from below.

Usage::

    python tools/roadrace_room.py --race quick --a heuristic --b random --games 2000
    python tools/roadrace_room.py --race quick --a rollout --b random --games 400 --rollouts 24
    python tools/roadrace_room.py --check 5        # the fast tray gives the real races' winners
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spacegits_sim.physics.tray import TrayDie  # noqa: E402
from spacegits_sim.play.protocol import collect  # noqa: E402
from spacegits_sim.rng import Streams  # noqa: E402
from spacegits_sim.rulesets.roadrace import engine as eng  # noqa: E402
from spacegits_sim.rulesets.roadrace.ai import AIS  # noqa: E402
from spacegits_sim.rulesets.roadrace.engine import Race  # noqa: E402
from spacegits_sim.rulesets.roadrace.scenario import RACES, load_scenario  # noqa: E402

# the digest binds replays; it reads the YAML, which is most of a fast race's cost: read it once
eng.rules_digest = functools.lru_cache(maxsize=None)(eng.rules_digest)


class FastTray:
    """The dice tray's interface without the physics: faces drawn as the table draws them."""

    def __init__(self) -> None:
        self._dice: dict[str, TrayDie] = {}
        self._n = 0
        self.throws = 0

    def throw(self, count: int, rng_scatter: Any, rng_faces: Any, side: int = 0, sides: int = 6) -> list[TrayDie]:  # noqa: ARG002
        out = []
        for _ in range(count):
            self._n += 1
            d = TrayDie(f"die{self._n}", sides, int(rng_faces.integers(1, sides + 1)), (7.0, 5.0), 0.0)
            self._dice[d.id] = d
            out.append(d)
        self.throws += 1
        return out

    def pick_up(self, ids: Any) -> None:
        for i in ids:
            del self._dice[i]

    def clear(self) -> None:
        self._dice.clear()

    def dice(self) -> list[TrayDie]:
        return list(self._dice.values())


class FastRace(Race):
    """The real race on the fast tray; ``history`` keeps every answer (to re-play it)."""

    def __init__(self, scenario: Any, seed: int) -> None:
        super().__init__(scenario, seed=seed, start=False)
        self.tray = FastTray()  # type: ignore[assignment]
        self.history: list[Any] = []
        self._advance(None, first=True)

    def sheets(self) -> list[dict[str, Any]]:  # only the screen reads them
        return []

    def answer(self, answer: Any) -> Any:  # no checksum chain: nothing here is saved
        req = self.pending
        assert req is not None
        checked = req.check(answer)
        self.history.append(checked)
        self._advance(checked)
        return self.pending


def drive(race: Race, ctrls: list[Any]) -> list[int]:
    while race.pending is not None:
        race.answer(collect(race.pending, lambda r: ctrls[r.boss].decide(r, race)))
    return list(race.winners)


KINDS: set[str] = set()  # roll out only these kinds of decision (empty: every kind)
LOG: Any = None  # where the rollout driver writes the decisions it takes against the heuristic


class RolloutDriver:
    """Tries each option by playing the race out ``n`` times (see the module docstring)."""

    def __init__(self, seed: int, seat: int, opponent: str, n: int) -> None:
        self.seat, self.seed, self.opponent, self.n = seat, seed, opponent, n
        self.base = AIS["heuristic"](seed, seat)
        self.calls = 0

    def decide(self, request: Any, race: FastRace) -> Any:
        opts = request.options
        pick = self.base.decide(request, race)
        if len(opts) < 2 or (KINDS and request.kind not in KINDS):
            return pick
        self.calls += 1
        wins = {}
        for j, o in enumerate(opts):
            w = 0
            for k in range(self.n):
                sim = FastRace(race.scenario, race.seed)  # the race as it stands: re-played
                for a in race.history:
                    sim.answer(a)
                sim.streams = Streams(hash((self.seed, self.calls, k)) & 0x7FFFFFFF)  # common across options
                ctrls = [
                    AIS["heuristic"](self.seed + 7919 * k, s)
                    if s == self.seat
                    else AIS[self.opponent](self.seed + 104729 * k + j, s)
                    for s in range(len(race.racers))
                ]
                sim.answer(o)
                w += self.seat in drive(sim, ctrls)
            wins[o] = w
        best = max(wins.values())
        out = pick if wins[pick] == best else next(o for o in opts if wins[o] == best)
        if out != pick and LOG is not None:
            me = race.racers[self.seat]
            print(
                json.dumps(
                    {
                        "kind": request.kind,
                        "seat": self.seat,
                        "round": race.round,
                        "lp": [x.lp for x in race.racers],
                        "vdamage": [x.vdamage for x in race.racers],
                        "ddamage": [x.ddamage for x in race.racers],
                        "conds": [c.id for c in me.conds],
                        "wins": {str(k): v for k, v in wins.items()},
                        "heuristic": str(pick),
                        "rollout": str(out),
                    }
                ),
                file=LOG,
                flush=True,
            )
        return out


def _sig(e: Any) -> tuple[Any, ...]:
    """An event without where its dice lie (the one thing the fast tray does not decide)."""
    d = dict(vars(e))
    if "dice" in d:
        d["dice"] = [v[0] for v in d["dice"]]
    d.pop("sheets", None)
    return (type(e).__name__, repr(sorted(d.items())))


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (c - h, c + h)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--race", default="quick")
    ap.add_argument("--a", default="heuristic", help="the policy measured: random, heuristic or rollout")
    ap.add_argument("--b", default="random", help="its opponent: random or heuristic")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rollouts", type=int, default=16)
    ap.add_argument("--part", default="0/1", help="i/n: play only games with index = i mod n (to split a run)")
    ap.add_argument("--check", type=int, default=0, help="compare N fast races with real physics races and stop")
    ap.add_argument("--progress", action="store_true", help="a line on stderr after every game")
    ap.add_argument("--log", help="write every decision where the rollout overrules the heuristic here (JSON lines)")
    ap.add_argument(
        "--kinds", default="", help="roll out only these decision kinds (comma-separated, e.g. rr_stop_to_repair)"
    )
    args = ap.parse_args(argv)
    global LOG
    KINDS.update(k for k in args.kinds.split(",") if k)
    if args.log:
        LOG = open(args.log, "w")  # noqa: SIM115 - open for the whole run
    sc = load_scenario(RACES / f"{args.race}.yaml")
    if args.check:
        for s in range(args.check):
            ctrls = [AIS["heuristic"](s, 0), AIS["random"](s, 1)]
            real = Race(sc, seed=s)
            real.play(ctrls)
            ctrls = [AIS["heuristic"](s, 0), AIS["random"](s, 1)]
            fast = FastRace(sc, s)
            drive(fast, ctrls)
            same = [_sig(e) for e in real.events] == [_sig(e) for e in fast.events]
            print(
                f"seed {s}: real winners {real.winners} rounds {real.round}, "
                f"fast {fast.winners} {fast.round}, events alike: {same}"
            )
        return 0
    i0, n = (int(x) for x in args.part.split("/"))
    won = lost = 0
    seat_wins = [0, 0]
    t0 = time.time()
    for g in range(args.games):
        if g % n != i0:
            continue
        seed, swap = args.seed + g // 2, g % 2  # each pair of races on one seed, seats swapped
        me = 1 if swap else 0
        ctrls: list[Any] = [None, None]
        ctrls[me] = RolloutDriver(seed, me, args.b, args.rollouts) if args.a == "rollout" else AIS[args.a](seed, me)
        ctrls[1 - me] = AIS[args.b](seed, 1 - me)
        w = drive(FastRace(sc, seed), ctrls)
        if args.progress:
            print(f"game {g} seat {me}: {'won' if me in w else 'lost'}", file=sys.stderr, flush=True)
        if me in w:
            won += 1
            seat_wins[me] += 1
        else:
            lost += 1
    lo, hi = wilson(won, won + lost)
    print(
        f"{args.race}: {args.a} vs {args.b}: {won}-{lost} ({100 * won / max(1, won + lost):.1f}%) "
        f"95% CI {100 * lo:.1f}-{100 * hi:.1f}%; wins as seat 0 {seat_wins[0]}, as seat 1 {seat_wins[1]} "
        f"({time.time() - t0:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A standard multi-agent environment for AI research: a Space Gits match as a PettingZoo AEC
environment (``pip install -e '.[rl]'``).

One agent per boss (``boss_0``, ``boss_1``…). The match is the engine's own generator: whenever
a boss must decide, that boss's agent is selected, and its action answers the pending request
through the engine's legality checks — an agent cannot make an illegal move.

* **Action** (the same space for every request): ``{"choice": Discrete(128), "throw": Box(0, 1,
  (3,))}``. For a choice (which git, which action, which die, thump/shove/pinch…) ``choice``
  indexes the request's options; for a throw (move dice, bullets, blasts, coin flips…)
  ``throw`` is (x, y) as fractions of the table and the strength; a deployment takes the git
  from ``choice`` and the spot from ``throw`` (the nearest legal spot to it).
* **Action mask**: ``info["action_mask"]`` is ``{"choice": int8 array of legal options, "throw":
  None}``, ready for ``action_space(agent).sample(mask)``; ``info["request"]`` names the request.
* **Observation**: a float32 vector in [0, 1] from the agent's own seat: the clock, the request
  and its number of options, every boss's stash and new caps, every model (position, standing,
  tower height, toughness, mine or not), the caps, the dice on the table and the terrain.
* **Reward**: at the end, +1 to the winners (+0.5 each on a tie), -1 to the others.
* ``reset(seed=…)`` seeds the match: the same seed and the same actions give the same game.

Example (random agents, a few hundred steps): ``python tools/env_random_agents.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .data import default_rules
from .rules.decisions import AimThrow, Choice, Deploy, FightThrow, Request, Throw
from .rules.engine import Match
from .rules.scenario import Scenario, load_scenario

MAX_OPTIONS = 128  # the most options a request offers: a Hover-jets drag racer has 126 ways to pick four dice
MAX_BOSSES = 4
MAX_MODELS = 20
MAX_CAPS = 30
MAX_DICE = 16
MAX_TERRAIN = 24
REQUEST_KINDS = (
    "deploy",
    "choose_activation",
    "choose_action",
    "aim_throw",
    "order_move_die",
    "choose_care",
    "choose_boot",
    "choose_guns",
    "order_bullet",
    "fight_throw",
    "split_odd",
    "eager_help",
    "reboot_dice",
    "arcade_dice",
    "reroll",
    "gear_choice",
    "grapple_who",
    "choice",
)
OBS_SIZE = (
    3
    + MAX_BOSSES
    + len(REQUEST_KINDS)
    + MAX_BOSSES * 3
    + MAX_MODELS * 7
    + MAX_CAPS * 3
    + MAX_DICE * 4
    + MAX_TERRAIN * 4
)


def env(**kwargs: Any) -> SpaceGitsEnv:
    """The environment (PettingZoo's constructor convention)."""
    return SpaceGitsEnv(**kwargs)


class SpaceGitsEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "spacegits_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, scenario: str | Path | Scenario | None = None, max_decisions: int = 5000) -> None:
        super().__init__()
        rules = default_rules()
        self.scenario = scenario if isinstance(scenario, Scenario) else load_scenario(scenario, rules)
        self.max_decisions = int(max_decisions)
        n = len(self.scenario.players)
        self.possible_agents = [f"boss_{i}" for i in range(n)]
        self._action_spaces = {
            a: spaces.Dict({"choice": spaces.Discrete(MAX_OPTIONS), "throw": spaces.Box(0.0, 1.0, (3,), np.float32)})
            for a in self.possible_agents
        }
        self._obs_spaces = {a: spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32) for a in self.possible_agents}
        self.match: Match | None = None
        self._parts: list[Any] = []
        self._seed = self.scenario.seed

    # ---- the spaces ----------------------------------------------------------------------------

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    # ---- the loop ---------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: the scenario's seed, or ``seed``. (``options``: none yet; PettingZoo's
        signature.)"""
        del options
        if seed is not None:
            self._seed = int(seed)
        self.match = Match(self.scenario, seed=self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._parts = []
        self._select()

    def observe(self, agent: str) -> np.ndarray:
        return self._observation(int(agent.split("_")[1]))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None
        self._cumulative_rewards[agent] = 0.0
        req = self._current()
        answer = self._answer(req, action)
        pending = self.match.pending
        if isinstance(pending, FightThrow):
            self._parts.append(answer)
            if len(self._parts) < len(pending.bosses):
                self._select()
                return
            answer, self._parts = tuple(self._parts), []
        self.match.answer(answer)
        if self.match.over:
            self._finish()
        elif len(self.match.decisions) >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
            self.rewards = {a: 0.0 for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()

    def render(self) -> None:
        """Nothing to draw here: watch a match with ``spacegits watch`` (or ``--replay``)."""
        return None

    def close(self) -> None:
        self.match = None

    # ---- internals -------------------------------------------------------------------------------

    def _current(self) -> Request:
        """The request the selected agent answers (its own part of a fight throw)."""
        assert self.match is not None and self.match.pending is not None
        req = self.match.pending
        if isinstance(req, FightThrow):
            return req.part(len(self._parts))
        return req

    def _select(self) -> None:
        req = self._current()
        self.agent_selection = f"boss_{req.boss}"
        mask = np.zeros(MAX_OPTIONS, dtype=np.int8)
        if isinstance(req, Deploy):
            mask[: min(len(req.models) + 1, MAX_OPTIONS)] = 1  # a git, or the last index: field no more
        elif isinstance(req, Choice):
            if len(req.options) > MAX_OPTIONS:  # never silently unreachable
                raise RuntimeError(f"{req.kind} offers {len(req.options)} options; the action space has {MAX_OPTIONS}")
            mask[: len(req.options)] = 1
        else:  # a throw: the choice is ignored
            mask[0] = 1
        for a in self.agents:
            self.infos[a] = {}
        self.infos[self.agent_selection] = {"action_mask": {"choice": mask, "throw": None}, "request": req.kind}

    def _answer(self, req: Request, action: Any) -> Any:
        choice = int(action["choice"]) if action is not None else 0
        throw = np.asarray(action["throw"] if action is not None else (0.5, 0.5, 0.3), dtype=float)
        if isinstance(req, Deploy):
            if choice >= len(req.models):
                return "skip"
            model = req.models[choice]
            spot = self._legal_spot(req, model, (float(throw[0]) * req.width, float(throw[1]) * req.height))
            return "skip" if spot is None else (model, spot)
        if isinstance(req, AimThrow):
            x = min(max(float(throw[0]), 0.0), 1.0) * req.width
            y = min(max(float(throw[1]), 0.0), 1.0) * req.height
            return Throw((x, y), min(max(float(throw[2]), 0.0), 1.0))
        if isinstance(req, Choice):
            opts = req.options
            return opts[min(choice, len(opts) - 1)]
        raise TypeError(f"no answer for {type(req).__name__}")

    @staticmethod
    def _legal_spot(req: Deploy, model: str, want: tuple[float, float]) -> tuple[float, float] | None:
        """The legal deployment spot nearest the one asked for (a 0.5" grid), if any."""
        if req.legal(model, want) is None:
            return want
        best = None
        for i in range(int(req.width * 2) + 1):
            for j in range(int(req.height * 2) + 1):
                p = (i * 0.5, j * 0.5)
                d = (p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2
                if (best is None or d < best[0]) and req.legal(model, p) is None:
                    best = (d, p)
        return None if best is None else best[1]

    def _finish(self) -> None:
        assert self.match is not None
        go = self.match.result()
        winners = set(go.winners) if go is not None else set()
        names = [b.name for b in self.match.bosses]
        share = 1.0 if len(winners) == 1 else 0.5
        self.rewards = {a: (share if names[int(a.split("_")[1])] in winners else -1.0) for a in self.agents}
        self.terminations = {a: True for a in self.agents}
        for a in self.agents:
            self.infos[a] = {"new_caps": dict(go.new_caps) if go is not None else {}}

    def _observation(self, me: int) -> np.ndarray:
        m = self.match
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        if m is None:
            return out
        w, h = m.table.width, m.table.height
        k = 0

        def put(values: list[float]) -> None:
            nonlocal k
            for v in values:
                out[k] = min(max(v, 0.0), 1.0)
                k += 1

        timer = max(1.0, m.scenario.timer_min * 60.0)
        req = m.pending
        opts = len(getattr(req, "options", ()) or ())
        put([m.clock / (2 * timer), float(m.siren), opts / MAX_OPTIONS])
        put([float(i == me) for i in range(MAX_BOSSES)])
        put([float(req is not None and req.kind == kind) for kind in REQUEST_KINDS])
        for i in range(MAX_BOSSES):
            b = m.bosses[i] if i < len(m.bosses) else None
            put([0.0, 0.0, 0.0] if b is None else [b.stash / 50, float(b.out), (b.stash - b.start_stash + 25) / 50])
        models = list(m.models.values())[:MAX_MODELS]
        for j in range(MAX_MODELS):
            if j >= len(models) or not models[j].in_play:
                put([0.0] * 7)
                continue
            mod = models[j]
            x, y = m.position(mod.id)
            put(
                [
                    1.0,
                    x / w,
                    y / h,
                    float(mod.standing),
                    mod.tower.height / 30,
                    mod.toughness / 10,
                    float(mod.boss == me),
                ]
            )
        caps = list(m.table.tokens.values())[:MAX_CAPS]
        for j in range(MAX_CAPS):
            put([1.0, caps[j][0] / w, caps[j][1] / h] if j < len(caps) else [0.0, 0.0, 0.0])
        dice = list(m.table.dice.values())[:MAX_DICE]
        for j in range(MAX_DICE):
            d = dice[j] if j < len(dice) else None
            put([0.0] * 4 if d is None else [1.0, d.position[0] / w, d.position[1] / h, d.value / 20])
        terrain = list(m.table.terrain.values())[:MAX_TERRAIN]
        for j in range(MAX_TERRAIN):
            if j >= len(terrain):
                put([0.0] * 4)
                continue
            cx, cy = m.table.terrain_centre(terrain[j].id)
            put([1.0, cx / w, cy / h, terrain[j].height_in / 6])
        return out

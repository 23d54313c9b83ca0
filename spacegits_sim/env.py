"""A standard multi-agent environment for AI research: a game of any ruleset as a PettingZoo AEC
environment (``pip install -e '.[rl]'``); Space Gits by default.

One agent per seat (``boss_0``, ``boss_1``…). The game is the ruleset's own generator: whenever
a seat must decide, that seat's agent is selected, and its action answers the pending request
through the game's legality checks — an agent cannot make an illegal move. Requests are
answered by their generic kind (:mod:`spacegits_sim.play.protocol`), so the same action space
serves every ruleset; the observation is the ruleset's own encoder.

* **Action** (the same space for every request): ``{"choice": Discrete(128), "throw": Box(0, 1,
  (3,))}``. For a choice (which git, which action, which die, thump/shove/pinch…) ``choice``
  indexes the request's options; for a throw (move dice, bullets, blasts, coin flips…)
  ``throw`` is (x, y) as fractions of the table and the strength; a deployment takes the git
  from ``choice`` and the spot from ``throw`` (the nearest legal spot to it). A simultaneous
  request (a fight throw) is asked of each of its seats in turn, none seeing the others.
* **Action mask**: ``info["action_mask"]`` is ``{"choice": int8 array of legal options, "throw":
  None}``, ready for ``action_space(agent).sample(mask)``; ``info["request"]`` names the request.
* **Observation**: the ruleset's float32 vector in [0, 1] from the agent's own seat (Space Gits:
  the clock, the request and its number of options, every boss's stash and new caps, every model
  (position, standing, tower height, toughness, mine or not), the caps, the dice on the table and
  the terrain).
* **Reward**: at the end, +1 to the winners (+0.5 each on a tie), -1 to the others;
  ``info["scores"]`` then holds every seat's score (Space Gits: new caps).
* ``reset(seed=…)`` seeds the game: the same seed and the same actions give the same game.

Example (random agents, a few hundred steps): ``python tools/env_random_agents.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .play import registry
from .play.protocol import AimThrow, Choice, Deploy, Request, Simultaneous, Throw
from .play.ruleset import Game, Ruleset

MAX_OPTIONS = 128  # the most options a request offers: a Hover-jets drag racer has 126 ways to pick four dice


def _obs_size() -> int:
    """The default ruleset's observation size (kept as OBS_SIZE for callers of the Space Gits env)."""
    return int(registry.get().observer().size)


def env(**kwargs: Any) -> SpaceGitsEnv:
    """The environment (PettingZoo's constructor convention)."""
    return SpaceGitsEnv(**kwargs)


class SpaceGitsEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "spacegits_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, scenario: Any = None, max_decisions: int = 5000, ruleset: str | Ruleset | None = None) -> None:
        super().__init__()
        self.ruleset: Ruleset = registry.resolve(ruleset)
        self.rules = self.ruleset.load_rules()
        if scenario is None or isinstance(scenario, (str, Path)):
            scenario = self.ruleset.load_scenario(scenario, self.rules)
        self.scenario = scenario
        self.max_decisions = int(max_decisions)
        self.observer = self.ruleset.observer()
        self.metadata = {**self.metadata, "name": f"{self.ruleset.id}_v0"}
        n = self.ruleset.seats(self.scenario)
        self.possible_agents = [f"boss_{i}" for i in range(n)]
        self._action_spaces = {
            a: spaces.Dict({"choice": spaces.Discrete(MAX_OPTIONS), "throw": spaces.Box(0.0, 1.0, (3,), np.float32)})
            for a in self.possible_agents
        }
        self._obs_spaces = {a: spaces.Box(0.0, 1.0, (self.observer.size,), np.float32) for a in self.possible_agents}
        self.match: Game | None = None
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
        self.match = self.ruleset.new_game(self.scenario, self.rules, seed=self._seed)
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
        if isinstance(pending, Simultaneous):
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
        """The request the selected agent answers (its own part of a simultaneous one)."""
        assert self.match is not None and self.match.pending is not None
        req = self.match.pending
        if isinstance(req, Simultaneous):
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
        out = self.ruleset.outcome(self.match)
        winners = set(out.winners)
        share = 1.0 if len(winners) == 1 else 0.5
        self.rewards = {a: (share if int(a.split("_")[1]) in winners else -1.0) for a in self.agents}
        self.terminations = {a: True for a in self.agents}
        scores = dict(zip(out.seats, out.scores, strict=False))
        for a in self.agents:  # each seat's score in the ruleset's measure (Space Gits: new caps)
            self.infos[a] = {"scores": dict(scores)}

    def _observation(self, me: int) -> np.ndarray:
        if self.match is None:
            return np.zeros(self.observer.size, dtype=np.float32)
        return np.asarray(self.observer.encode(self.match, me), dtype=np.float32)


def __getattr__(name: str) -> Any:
    """OBS_SIZE: the default ruleset's observation size, computed when first asked for."""
    if name == "OBS_SIZE":
        return _obs_size()
    raise AttributeError(name)

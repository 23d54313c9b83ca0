"""The PettingZoo AEC environment (issue 16: "a standard environment for AI research"): it passes
PettingZoo's own API and seed tests, its observations and masks are what it says, and an agent
cannot make an illegal move."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")  # the rl extra; make test installs it

from pettingzoo.test import api_test, seed_test  # noqa: E402

from spacegits_sim.env import MAX_OPTIONS, OBS_SIZE, SpaceGitsEnv  # noqa: E402
from spacegits_sim.play import registry  # noqa: E402


@pytest.mark.parametrize("rid", registry.ids())
def test_the_environment_passes_pettingzoos_api_test(rid):
    """For every registered ruleset: the same env, its own observation encoder."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on space types and render() is advice
        api_test(SpaceGitsEnv(ruleset=rid), num_cycles=500)


@pytest.mark.parametrize("rid", registry.ids())
def test_the_environment_passes_pettingzoos_seed_test(rid):
    seed_test(lambda: SpaceGitsEnv(ruleset=rid), num_cycles=300)


def _play(seed: int, steps: int = 4000):
    env = SpaceGitsEnv()
    env.reset(seed=seed)
    for i, a in enumerate(env.possible_agents):
        env.action_space(a).seed(seed * 10 + i)
    seen, kinds, total = 0, set(), {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=steps):
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        assert env.observation_space(agent).contains(obs) and obs.shape == (OBS_SIZE,)
        if term or trunc:
            env.step(None)
            continue
        mask = info["action_mask"]["choice"]
        assert mask.shape == (MAX_OPTIONS,) and mask.sum() >= 1
        kinds.add(info["request"])
        env.step(env.action_space(agent).sample(info["action_mask"]))
        seen += 1
    return env, seen, kinds, total


def test_masked_random_agents_play_whole_games_to_a_result():
    """One agent per boss, seeded resets, the engine's legality checks: masked random actions
    play games through every kind of request to the end, and the rewards say who won."""
    kinds: set[str] = set()
    steps = 0
    for seed in range(12):
        env, n, k, total = _play(seed)
        steps += n
        kinds |= k
        assert all(env.terminations.values()) or not env.agents
        assert sorted(total.values()) in ([-1.0, 1.0], [0.5, 0.5], [-1.0, -1.0])
    assert steps > 150
    assert {"deploy", "choose_activation", "choose_action", "aim_throw"} <= kinds


def test_any_action_becomes_a_legal_answer():
    """An out-of-range choice or throw is clipped to a legal one, never an illegal decision."""
    env = SpaceGitsEnv()
    env.reset(seed=3)
    for _ in range(60):
        if not env.agents or all(env.terminations.values()):
            break
        env.step({"choice": MAX_OPTIONS - 1, "throw": np.array([1.0, 1.0, 1.0], dtype=np.float32)})
    assert env.match is not None and env.match.decisions


def test_the_same_seed_and_actions_give_the_same_game():
    a = _play(5, 400)
    b = _play(5, 400)
    assert a[0].match.log_checksum() == b[0].match.log_checksum()

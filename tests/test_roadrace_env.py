"""The road race through the shared layer: PettingZoo's API and seed tests, and tournaments with
confidence intervals, picked by ruleset id (nothing here imports the road race's modules)."""

from __future__ import annotations

import warnings

import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from spacegits_sim import tournament  # noqa: E402
from spacegits_sim.env import SpaceGitsEnv  # noqa: E402
from spacegits_sim.play import registry  # noqa: E402


def test_the_road_race_env_passes_pettingzoos_api_test():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(SpaceGitsEnv(ruleset="roadrace"), num_cycles=500)


def test_the_road_race_env_passes_pettingzoos_seed_test():
    seed_test(lambda: SpaceGitsEnv(ruleset="roadrace"), num_cycles=300)


def test_a_six_car_race_runs_in_the_env_to_the_end():
    env = SpaceGitsEnv(scenario="six_pack", ruleset="roadrace")
    env.reset(seed=3)
    for i, a in enumerate(env.possible_agents):
        env.action_space(a).seed(i)
    done = 0
    for agent in env.agent_iter(max_iter=20000):
        obs, reward, term, trunc, info = env.last()
        assert env.observation_space(agent).contains(obs)
        if term or trunc:
            done += 1
            env.step(None)
            continue
        legal = info["action_mask"]["choice"].nonzero()[0]
        act = env.action_space(agent).sample()
        act["choice"] = int(legal[int(act["choice"]) % len(legal)])  # a random legal option
        env.step(act)
    assert done == 6 and env.match.over


def test_a_road_race_tournament_reports_wins_with_a_wilson_interval():
    rs = registry.get("roadrace")
    doc = rs.scenario_to_doc(rs.load_scenario("quick"))
    tasks = tournament.schedule(doc, ["heuristic", "random"], 6, seed=1, ruleset="roadrace")
    results = tournament.run(tasks, jobs=1)
    pairs, failures = tournament.aggregate(results, ["heuristic", "random"])
    assert failures == [] and pairs[0].decided + pairs[0].ties == 6
    rate, lo, hi = pairs[0].rate_a()
    assert 0 <= lo <= rate <= hi <= 1

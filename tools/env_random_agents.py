"""Random agents in the PettingZoo environment (spacegits_sim.env): masked random actions, game
after game until a few hundred steps have been played — the smallest example of using it.
(Random bosses often field few gits or leg it early, so their games are short.)

    .venv/bin/python tools/env_random_agents.py --steps 300
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spacegits_sim.env import SpaceGitsEnv  # noqa: E402


def play(seed: int, max_steps: int = 3000) -> tuple[int, dict[str, float]]:
    env = SpaceGitsEnv()
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed * 10 + i)
    steps = 0
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=max_steps):
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        action = None if term or trunc else env.action_space(agent).sample(info["action_mask"])
        env.step(action)
        steps += 1
    env.close()
    return steps, totals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=300, help="play games until this many steps in all")
    args = ap.parse_args(argv)
    if not 1 <= args.steps <= 1_000_000:
        ap.error("--steps must be 1-1000000")
    total, seed = 0, 0
    while total < args.steps:
        steps, totals = play(seed)
        total += steps
        print(f"game {seed}: {steps} steps, rewards {totals}")
        seed += 1
    print(f"{seed} games, {total} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())

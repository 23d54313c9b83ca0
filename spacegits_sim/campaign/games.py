"""A campaign's games: who turns up (Bad Attitude, a missed game), the game's scenario with the
gangs as they are now, and after the game its replay, its afterparty and its entry in the
campaign. :func:`play_game` plays one headless with AI bosses; ``campaign play`` plays it in the
hot-seat window and then calls :func:`finish_game` the same way."""

from __future__ import annotations

import copy
import json
from collections.abc import Generator
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..atomic import write_atomic
from ..data.rules_data import RulesData
from ..rng import stream
from ..rules.decisions import Request
from ..rules.gangs import drop_stale_passengers, gang_from_doc
from ..rules.scenario import Player, Scenario, scenario_from_doc
from .afterparty import Answer, afterparty, run
from .decisions import FireGit
from .state import BAD_ATTITUDE, Campaign


def game_scenario(c: Campaign, rules: RulesData, skip: dict[str, list[str]] | None = None) -> Scenario:
    """The campaign's table with its gangs as they are now, each with its stash carried in,
    without the gits who stay away (``skip``: boss -> git names); each git carries its attitude
    into the game (Bollocks to It reads it)."""
    base = scenario_from_doc(c.scenario, f"campaign {c.name}", rules)
    players = []
    for g in c.gangs:
        away = set((skip or {}).get(g.boss, ()))
        gits = []
        for x in g.gang["gits"]:
            if x["name"] in away:
                continue
            att = g.gits[x["name"]].attitude if x["name"] in g.gits else 1
            gits.append({**x, "attitude": att} if att > 1 else x)
        doc = copy.deepcopy({**g.gang, "gits": gits})
        drop_stale_passengers(doc, rules)  # a passenger who stays away is not seated (still listed for the next game)
        players.append(Player(g.boss, gang_from_doc(doc, f"campaign {c.name} ({g.boss})", rules), g.stash))
    return replace(base, players=tuple(players), seed=game_seed(c, len(c.games) + 1))


def bad_attitude(c: Campaign, n: int, log: list[str]) -> Generator[Request, Any, dict[str, list[str]]]:
    """Who stays away from game ``n``: a git still recovering (a Concussion Bandage, a Sling:
    "misses the next game, then recovers fully") misses it and counts it down; then Bad Attitude
    — "Before each game, roll a number of D6 equal to their attitude. If they roll any ones, they
    can't even be arsed to turn up to the game and skip it. Once things get to that point, you
    can fire them" (the boss is asked: :class:`FireGit`; "They take all their stuff with them").

    Completed rule (docs/rulebook-gaps.md): a gang keeps at least one git at the table — Bad
    Attitude is not rolled for the gang's last git still to play, and when every git of a gang is
    recovering the first of them plays and misses the game after instead. The log says each."""
    rng = stream(c.seed, f"campaign/bad_attitude/{n}")
    skip: dict[str, list[str]] = {}
    for gi, g in enumerate(c.gangs):
        away = skip.setdefault(g.boss, [])
        recovering = [name for name, st in g.gits.items() if st.misses > 0]
        for name in recovering:
            if len(recovering) == len(g.gits) and name == recovering[0]:
                log.append(
                    f"{g.boss}: {name} is still recovering but every git of the gang is: {name} plays game {n}"
                    " and misses the next one instead"
                )
                continue
            g.gits[name].misses -= 1
            away.append(name)
            log.append(f"{g.boss}: {name} is still recovering and misses game {n}")
        for name, st in list(g.gits.items()):
            if name in away or name in recovering or st.attitude < BAD_ATTITUDE:
                continue
            if len(g.gits) - len(away) <= 1:
                log.append(
                    f"{g.boss}: {name} (attitude {st.attitude}) is the gang's last git at the table:"
                    f" turns up to game {n} without a Bad Attitude roll"
                )
                continue
            rolls = [int(x) for x in rng.integers(1, 7, size=st.attitude)]
            if 1 not in rolls:
                continue
            st.skipped += 1
            log.append(f"{g.boss}: {name} (attitude {st.attitude}) rolls {rolls}: can't be arsed, skips game {n}")
            fire = yield FireGit(
                gi,
                ("keep", "fire"),
                f"{name} skips the game (skipped {st.skipped}): fire them?",
                name,
                st.attitude,
                st.skipped,
            )
            if fire == "fire":
                del g.gits[name]
                g.gang["gits"] = [x for x in g.gang["gits"] if x["name"] != name]
                log.append(f"{g.boss}: {name} is fired (and takes their stuff)")
                continue
            away.append(name)
    return {boss: names for boss, names in skip.items() if names}


def game_seed(c: Campaign, n: int) -> int:
    return int(stream(c.seed, f"campaign/game/{n}").integers(0, 2**31))


def prepare_game(c: Campaign, rules: RulesData, answer: Answer) -> tuple[int, list[str], Scenario]:
    """Before game n: who stays away (the bosses answer), and the game's scenario."""
    n = len(c.games) + 1
    before: list[str] = []
    skip = run(bad_attitude(c, n, before), answer)
    for g in c.gangs:  # a fired passenger leaves their seat
        g.drop_stale_passengers(rules, before)
    return n, before, game_scenario(c, rules, skip)


def finish_game(
    c: Campaign,
    rules: RulesData,
    m: Any,
    n: int,
    before: list[str],
    folder: Path,
    answer: Answer,
    live: list[str] | None = None,
) -> dict[str, Any]:
    """After game n (a finished Match ``m``): its replay in the folder, the stashes it ended with,
    its afterparty (the bosses answer), and its entry (also appended to ``c.games``). ``live``:
    a list the afterparty's lines are appended to as they happen (what a window shows)."""
    from ..rules.replay import replay_doc

    replay = f"games/game-{n:03d}.json"
    write_atomic(folder / replay, json.dumps(replay_doc(m), sort_keys=True) + "\n")
    summary = m.summary()
    for b, g in zip(m.bosses, c.gangs, strict=True):
        g.stash = b.stash
    log = before + run(afterparty(c, m.events, rules, n, live), answer)
    entry = {
        "game": n,
        "seed": m.seed,
        "replay": replay,
        "winners": summary["winners"],
        "new_caps": {b: v["new_caps"] for b, v in summary["bosses"].items()},
        "stash": {g.boss: g.stash for g in c.gangs},
        "reputation": {g.boss: g.reputation() for g in c.gangs},
        "afterparty": log,
    }
    c.games.append(entry)
    return entry


def play_game(
    c: Campaign, rules: RulesData, ais: list[str], folder: Path, answer: Answer | None = None
) -> dict[str, Any]:
    """Play the next game headless with these AIs, save its replay, run the afterparty (decided by
    ``answer``, or by each gang's AI boss). Returns the game's entry."""
    from ..ai import make_controller
    from ..rules.engine import Match
    from .bosses import AfterpartyAI

    answer = answer or AfterpartyAI(c, rules)
    n, before, sc = prepare_game(c, rules, answer)
    m = Match(sc, rules=rules, seed=sc.seed)
    m.play([make_controller(a, sc.seed, i) for i, a in enumerate(ais)])
    return finish_game(c, rules, m, n, before, folder, answer)

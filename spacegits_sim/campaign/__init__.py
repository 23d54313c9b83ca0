"""Campaigns (rulebook: "Campaigns"): gangs that live from game to game (docs/campaigns.md).

A campaign is a folder a user can read: ``campaign.json`` (the scenario it is played on, each
gang with its gang file, its stash and every git's lasting state — attitude, criminal record,
injuries, repairs —, and every game's result with what its afterparty did) and
``games/game-NNN.json`` (each game's replay, for ``spacegits replay --verify`` and ``watch
--replay``). Everything random comes from streams of the campaign's seed: a campaign run again
from the same start is the same, byte for byte.

Rooms:

- :mod:`.state` — the campaign, its gangs and gits; :mod:`.folder` — saving atomically (the
  version before kept as ``.prev``) and loading with one readable message per problem;
- :mod:`.games` — who turns up (Bad Attitude, a missed game), each game's scenario, and after the
  game its replay, afterparty and entry;
- :mod:`.afterparty` — the afterparty's steps in the rulebook's order, read from the game's event
  log; :mod:`.shops` — Grandpa Gunnock's, Trucknuts', a stray;
- :mod:`.decisions` — the boss's afterparty decisions, typed requests like the match's;
  :mod:`.bosses` — who answers them: the AI boss, a human at a terminal prompt.
"""

from __future__ import annotations

from ..rules.gangmodes import WRITE_OFF
from ..rules.treatments import NO_TREATMENT
from .afterparty import GameFacts, afterparty, bolt_on, injury, read_game, repair, run
from .bosses import AfterpartyAI, Seating, TerminalBoss
from .decisions import (
    EraseOffenses,
    FireGit,
    HealthPlan,
    HireStray,
    PickRepair,
    PickTreatment,
    RepairJob,
    Shop,
    context_lines,
    distinct_options,
    offense_rows,
    option_text,
    screen_title,
)
from .folder import exists, load, save
from .games import bad_attitude, finish_game, game_scenario, game_seed, play_game, prepare_game
from .shops import SHOP_MARKUP, fits, gunnocks, stray, trucknuts
from .state import (
    BAD_ATTITUDE,
    DEAD,
    FILE,
    FORMAT,
    MAX_GAMES,
    MAX_GANG,
    OFFENSE_NAMES,
    OFFENSES,
    QUICK_MATHS_MAX,
    Campaign,
    GangState,
    GitState,
    new_campaign,
)

__all__ = [
    "AfterpartyAI",
    "screen_title",
    "BAD_ATTITUDE",
    "Campaign",
    "DEAD",
    "EraseOffenses",
    "FILE",
    "FORMAT",
    "FireGit",
    "GameFacts",
    "GangState",
    "GitState",
    "HealthPlan",
    "HireStray",
    "PickRepair",
    "PickTreatment",
    "MAX_GAMES",
    "MAX_GANG",
    "NO_TREATMENT",
    "OFFENSE_NAMES",
    "OFFENSES",
    "QUICK_MATHS_MAX",
    "RepairJob",
    "SHOP_MARKUP",
    "Seating",
    "Shop",
    "TerminalBoss",
    "WRITE_OFF",
    "afterparty",
    "bad_attitude",
    "bolt_on",
    "context_lines",
    "distinct_options",
    "exists",
    "finish_game",
    "fits",
    "game_scenario",
    "game_seed",
    "gunnocks",
    "injury",
    "load",
    "new_campaign",
    "offense_rows",
    "option_text",
    "play_game",
    "prepare_game",
    "read_game",
    "repair",
    "run",
    "save",
    "stray",
    "trucknuts",
]

"""A campaign game in hand: closed mid-game (or mid-afterparty) it is saved as
``games/game-NNN.unfinished.json``, and ``campaign play`` resumes it — the same game, its
afterparty after it — instead of playing game NNN again from its start. Playtest 4: the window
said "resume with: spacegits play --resume …", which finished the game outside the campaign (its
result never reached it), while ``campaign play`` replayed the game from scratch and left the
save behind, stale.

The save is the game's replay with what only the campaign knows in its ``meta.campaign``: the
campaign's name, the game's number and the answers given before it (Bad Attitude: keep or fire a
git who skips), so that resuming makes the same gangs — checked against the save's own
scenario — and the afterparty sees the same gang state. A save that does not fit (another
campaign, an older version, a campaign file put back from ``.prev``) is refused with why, and
``--fresh`` sets it aside."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data.errors import DataError
from ..data.rules_data import RulesData
from ..errors import UserError
from ..rules.decisions import Request
from ..rules.scenario import scenario_to_doc
from .games import game_seed, prepare_game
from .state import Campaign

META = "campaign"  # the replay's meta key a campaign game's save carries


def unfinished_path(folder: Path, n: int) -> Path:
    return folder / "games" / f"game-{n:03d}.unfinished.json"


def abandoned_path(folder: Path, n: int) -> Path:
    return folder / "games" / f"game-{n:03d}.abandoned.json"


def resume_words(folder: Path) -> str:
    """The command that resumes a campaign's game in hand, as a player types it."""
    return f"spacegits campaign play {folder}"


class Recorder:
    """Answers the bosses' questions before a game (through ``answer``) and keeps each answer,
    so a save can give the same ones when the game is resumed."""

    def __init__(self, answer: Callable[[Request], Any]) -> None:
        self.answer = answer
        self.given: list[Any] = []

    def __call__(self, req: Request) -> Any:
        a = self.answer(req)
        self.given.append(a)
        return a


def save_meta(c: Campaign, n: int, before_answers: list[Any]) -> dict[str, Any]:
    """What a campaign game's save carries beside the replay (``meta.campaign``)."""
    return {META: {"name": c.name, "game": n, "before_answers": list(before_answers)}}


@dataclass
class InHand:
    """A campaign's next game as its save left it: the match (finished or not), the lines said
    before it and the answers given then (written again if it is saved again)."""

    n: int
    before: list[str]
    before_answers: list[Any]
    match: Any
    path: Path


def resume_game(c: Campaign, rules: RulesData, folder: Path) -> InHand | None:
    """The next game from its save, if there is one (None: no save). Runs what comes before the
    game again with the saved answers (the rolls are the campaign seed's, so the same), checks
    the gangs are the save's and re-runs the save's decisions. Raises UserError naming the file
    and the way on (``--fresh``) if the save does not fit this campaign's next game; nothing is
    changed then (``c`` is reloaded by the caller for any other use)."""
    from ..play.replay import load_replay
    from ..rules.replay import rebuild

    n = len(c.games) + 1
    path = unfinished_path(folder, n)
    if not path.is_file():
        return None

    def refuse(why: str) -> UserError:
        return UserError(
            f"{path} cannot be resumed: {why}. 'spacegits campaign play {folder} --fresh' plays game {n} "
            f"from its start (the save is kept as {abandoned_path(folder, n).name})"
        )

    try:
        doc = load_replay(path)
    except DataError as e:
        raise refuse(str(e).strip()) from None
    meta = (doc.get("meta") or {}).get(META)
    if not isinstance(meta, dict) or meta.get("game") != n or meta.get("name") != c.name:
        raise refuse(f"it is not game {n} of campaign '{c.name}' (its meta.campaign: {meta!r})")
    if doc.get("seed") != game_seed(c, n):
        raise refuse(f"its seed is not game {n}'s")
    saved = list(meta.get("before_answers") or [])
    given: list[Any] = []

    def same_answers(req: Request) -> Any:
        if not saved or saved[0] not in getattr(req, "options", ()):
            raise refuse(f"the questions before game {n} are not the ones it answered")
        given.append(saved.pop(0))
        return given[-1]

    n2, before, sc = prepare_game(c, rules, same_answers)
    if saved:
        raise refuse(f"the questions before game {n} are not the ones it answered")
    if json.loads(json.dumps(scenario_to_doc(sc))) != doc["scenario"]:
        raise refuse(f"its gangs are not the campaign's as they are before game {n}")
    v = rebuild(doc, str(path), rules)
    if not v.ok:
        raise refuse(v.message)
    return InHand(n2, before, given, v.match, path)


def set_aside(folder: Path, n: int) -> Path | None:
    """Game ``n``'s save, no longer the game in hand (played afresh): renamed to
    ``game-NNN.abandoned.json`` (kept, never resumed). Returns the new path (None: no save)."""
    path = unfinished_path(folder, n)
    if not path.is_file():
        return None
    dest = abandoned_path(folder, n)
    path.replace(dest)
    return dest


def stale_saves(folder: Path, c: Campaign) -> list[Path]:
    """Saves of games the campaign has already played (left by an older version, which played
    the game afresh and kept the save): each is set aside. Returns where they went."""
    out = []
    for n in range(1, len(c.games) + 1):
        dest = set_aside(folder, n)
        if dest is not None:
            out.append(dest)
    return out

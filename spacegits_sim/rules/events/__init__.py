"""Events: every visible consequence of play, typed, appended to the match's log.

The log is the single source of "what happened": the renderer draws it (it is enough to
draw a whole match), stats and summaries count it, replays checksum it. Each event turns
itself into plain data (``to_dict``), back (``from_dict``), and into a sentence a person can
read (``describe``). Rooms: :mod:`.base`, :mod:`.flow`, :mod:`.table`, :mod:`.combat`.
"""

from __future__ import annotations

from typing import Any

from ...play.events import decode, event_types
from .base import Event, Point, canonical, checksum, digest
from .combat import (
    BlastResolved,
    BollocksToIt,
    BulletResolved,
    Damaged,
    Exploded,
    FightBroke,
    FightRound,
    Pinched,
    Thumped,
)
from .flow import (
    ActionTaken,
    ActivationEnded,
    ActivationStarted,
    BigBoss,
    Booted,
    CapPlaced,
    CapsDropped,
    CapsScooped,
    CapsWon,
    ClockStarted,
    Deployed,
    GameOver,
    Klanked,
    LeggedIt,
    MatchStarted,
    NoRoom,
    Rebooted,
    SafetyRule,
    Siren,
    StoodUp,
)
from .table import (
    CapLooted,
    DiceThrown,
    DieRemoved,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    Slid,
    TerrainBooted,
    TerrainPlaced,
    TerrainRemoved,
    TowerFell,
    TowerGrew,
    TowerRebuilt,
    TowerStruck,
)
from .vehicles import (
    Alighted,
    Boarded,
    CrewFired,
    EffectRolled,
    RanOver,
    Smashed,
    StartsAboard,
    VehicleMoved,
    VehicleTowers,
    WipedOut,
    Wrecked,
)

__all__ = [
    "Alighted",
    "Boarded",
    "CrewFired",
    "EffectRolled",
    "RanOver",
    "Smashed",
    "StartsAboard",
    "VehicleMoved",
    "VehicleTowers",
    "WipedOut",
    "Wrecked",
    "CapsWon",
    "Slid",
    "TerrainBooted",
    "TowerRebuilt",
    "TerrainRemoved",
    "TerrainPlaced",
    "ModelPlaced",
    "MatchStarted",
    "NoRoom",
    "summary_from_events",
    "Event",
    "Point",
    "canonical",
    "checksum",
    "digest",
    "tally",
    "from_dict",
    "EVENT_TYPES",
    "CapsDropped",
    "CapPlaced",
    "BigBoss",
    "Deployed",
    "ClockStarted",
    "ActivationStarted",
    "ActivationEnded",
    "ActionTaken",
    "Booted",
    "Rebooted",
    "Klanked",
    "StoodUp",
    "Siren",
    "LeggedIt",
    "SafetyRule",
    "CapsScooped",
    "GameOver",
    "DiceThrown",
    "TowerStruck",
    "ModelMoved",
    "DieRemoved",
    "CapLooted",
    "TowerGrew",
    "TowerFell",
    "ModelRemoved",
    "FightBroke",
    "BulletResolved",
    "BollocksToIt",
    "Damaged",
    "FightRound",
    "Thumped",
    "Pinched",
    "Exploded",
    "BlastResolved",
]


def tally(e: Event) -> tuple[str, str, int] | None:
    """What an event adds to a model's match statistics: (model, statistic, amount), or None."""
    if isinstance(e, ActivationStarted):
        return (e.model, "activations", 1)
    if isinstance(e, TowerFell):
        return (e.model, "falls" if e.outcome == "fell_over" else "sober_ups", 1)
    if isinstance(e, Damaged):
        return (e.model, "damage_taken", e.amount)
    if isinstance(e, CapLooted):
        return (e.model, "caps_looted", 1)
    if isinstance(e, Smashed) and e.why not in ("crunch", "again"):
        return (e.model, "smashes", 1)
    if isinstance(e, WipedOut):
        return (e.model, "wipeouts", 1)
    if isinstance(e, Wrecked):
        return (e.model, "wrecks", 1)
    return None


#: Space Gits' event kinds (only its own: another ruleset's events subclass the same base).
EVENT_TYPES: dict[str, type[Event]] = event_types(
    c for c in Event.__subclasses__() if c.__module__.startswith(__name__ + ".")
)


def from_dict(d: dict[str, Any]) -> Event:
    """An event back from its plain data (``to_dict``, or JSON of it). Raises KeyError/TypeError
    on data that is not a Space Gits event (an unknown kind, missing or extra fields)."""
    return decode(d, EVENT_TYPES)


def summary_from_events(events: list[Event]) -> dict[str, Any]:
    """A match's plain-data summary (winners, new caps, activations, falls, damage, clock,
    safety rule), counted from its event log alone."""
    start = next((e for e in events if isinstance(e, MatchStarted)), None)
    if start is None:
        raise ValueError("an event log starts with match_started")
    boss_of = {m["id"]: start.bosses[m["boss"]]["name"] for m in start.models}
    go = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    vehicles = any(m.get("vehicle") for m in start.models)  # only then: smashes, wipeouts, wrecks
    per_boss: dict[str, dict[str, int]] = {}
    for b in start.bosses:
        new = go.new_caps[b["name"]] if go is not None else 0
        per_boss[b["name"]] = {
            "new_caps": new,
            "stash": b["stash"] + new,
            "activations": 0,
            "falls": 0,
            "sober_ups": 0,
            "damage_taken": 0,
            "caps_looted": 0,
        }
        if vehicles:
            per_boss[b["name"]].update(smashes=0, wipeouts=0, wrecks=0)
    for e in events:
        counts = tally(e)
        if counts is not None:
            model, key, n = counts
            if key in per_boss[boss_of[model]]:
                per_boss[boss_of[model]][key] += n
    return {
        "scenario": start.scenario,
        "seed": start.seed,
        "winners": go.winners if go else None,
        "tie": bool(go and len(go.winners) > 1),
        "bosses": per_boss,
        "activations": sum(isinstance(e, ActivationStarted) for e in events),
        "clock_s": go.clock_s if go else round(events[-1].t, 3),
        "siren": any(isinstance(e, Siren) for e in events),
        "safety_rule_fired": bool(go and go.safety_fired),
        "events": len(events),
    }


def display_names(started: MatchStarted) -> dict[str, str]:
    """Ids to the words a player uses: models by name; terrain as "the wall" when it is the only
    one of its kind on the table, else "a building" / "an exploding barrel". The screen and the
    play-by-play never show an internal id."""
    names = {m["id"]: m["name"] for m in started.models}
    counts: dict[str, int] = {}
    for t in started.terrain:
        counts[t["name"]] = counts.get(t["name"], 0) + 1
    for t in started.terrain:
        names[t["id"]] = terrain_phrase(t["name"], counts[t["name"]] == 1)
    return names


def terrain_phrase(name: str, only: bool) -> str:
    """ "the low wall" (the only one), "an exploding barrel" (one of several).

    Terrain is named by its rulebook heading, which can be plural ("Exploding Barrels"): a
    phrase about one piece says it in the singular, as a player would ("bumps an exploding barrel")."""
    word = name.lower()
    if word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if only:
        return f"the {word}"
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"

"""Space Gits' summaries and play-by-play for people (the CLI prints them through the ruleset)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from ...rules import events as ev


def print_summary(s: dict[str, Any], console: Console) -> None:
    t = RichTable(title=f"{s['scenario']} — seed {s['seed']}")
    vehicles = any("smashes" in b for b in s["bosses"].values())  # only a match with vehicles has these
    cols = ["boss", "ai", "new caps", "activations", "falls", "sober-ups", "damage taken", "caps looted"]
    for col in cols + (["smashes", "wipeouts", "wrecks"] if vehicles else []):
        t.add_column(col, justify="right" if col not in ("boss", "ai") else "left")
    for name, b in s["bosses"].items():
        row = [
            name,
            str(b.get("ai", "")),
            f"{b['new_caps']:+d}",
            str(b["activations"]),
            str(b["falls"]),
            str(b["sober_ups"]),
            str(b["damage_taken"]),
            str(b["caps_looted"]),
        ]
        if vehicles:
            row += [str(b["smashes"]), str(b["wipeouts"]), str(b["wrecks"])]
        t.add_row(*row)
    console.print(t)
    winners = " and ".join(s["winners"] or [])
    verdict = f"tie between {winners}" if s["tie"] else f"{winners} wins"
    mins, secs = divmod(int(round(s["clock_s"])), 60)
    console.print(
        f"[bold]{verdict}[/] after {s['activations']} activations; game clock {mins}:{secs:02d}"
        f"{' (siren sounded)' if s['siren'] else ''}; safety rule "
        f"{'[red]fired[/]' if s['safety_rule_fired'] else 'did not fire'}"
    )


def play_by_play(m: Any) -> list[str]:
    names = m.names()
    out = []
    for e in m.events:
        if isinstance(e, ev.MatchStarted):  # terrain by the words a player uses too
            names = {**ev.display_names(e), **names}
        elif isinstance(e, ev.TerrainPlaced):
            names[e.terrain] = ev.terrain_phrase(e.name, False)
        if e.kind in ("die_removed",):
            continue
        mins, secs = divmod(int(e.t), 60)
        out.append(f"[{mins:2d}:{secs:02d}] {e.describe(names)}")
    return out

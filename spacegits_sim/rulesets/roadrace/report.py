"""The road race's summary for people (the CLI prints it through the ruleset)."""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable


def print_summary(s: dict[str, Any], console: Any) -> None:
    t = RichTable(title=f"road race — {s['rounds']} rounds")
    for col in ("driver", "lap points", "attacks", "hits", "whoops", "fame", "out"):
        t.add_column(col, justify="left" if col == "driver" else "right")
    for name, r in zip(s["seats"], s["racers"], strict=True):
        t.add_row(
            name,
            str(r["lap_points"]),
            str(r["attacks"]),
            str(r["hits"]),
            str(r["whoops"]),
            str(r["fame"]),
            "yes" if r.get("out") else "",
        )
    console.print(t)
    winners = " and ".join(s["seats"][w] for w in s["winners"]) or "nobody"
    console.print(f"[bold]{winners} wins[/] ({s['reason']})")

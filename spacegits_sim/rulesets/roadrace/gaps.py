"""docs/roadrace.md's gaps section: every reading we completed where the book is silent or wrong.

Generated from road_race.yaml (the single source), so the page cannot disagree with the data;
a test regenerates it and compares. Run ``python -m spacegits_sim.rulesets.roadrace.gaps`` to
rewrite the page after changing the YAML.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .book import Book, book

BEGIN = "<!-- gaps: generated from road_race.yaml by python -m spacegits_sim.rulesets.roadrace.gaps -->"
END = "<!-- end of gaps -->"


def render_gaps(b: Book) -> str:
    lines = [
        BEGIN,
        "",
        "| entry | the book says | our reading |",
        "|---|---|---|",
    ]
    for ref, text, reading in b.completed:
        lines.append(f"| `{ref}` | {_cell(text)} | {_cell(reading)} |")
    lines += ["", END]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def update(page: Path, b: Book | None = None) -> str:
    """The page with its gaps section replaced by a fresh one."""
    text = page.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + render_gaps(b or book()) + text[end:]


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/roadrace.md")
    target.write_text(update(target), encoding="utf-8")
    print(f"wrote {target}")

"""Golden playthroughs for any ruleset: a seeded whole game written as JSON lines (a header, one
line per event, one per decision with the log checksum after it) and compared line by line.

Why here: the road race and Gangfight each wrote the same writer, checker and command line; a
ruleset's ``golden.py`` now names its playthroughs and how to play one, and calls these.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from .events import canonical


class Named(Protocol):
    @property
    def name(self) -> str: ...


def line(obj: Any) -> str:
    return json.dumps(canonical(obj), sort_keys=True, separators=(",", ":"))


def game_lines(head: dict[str, Any], game: Any) -> list[str]:
    """A played game's golden lines: ``head``, its events, its decisions with their checksums."""
    out = [line(head)]
    out += [line(e.to_dict()) for e in game.events]
    out += [line({"decision": i, "kind": k, "answer": a, "checksum": c}) for i, (k, a, c) in enumerate(game.decisions)]
    return out


def difference(name: str, path: Path, got: list[str], regenerate: str) -> str | None:
    """None when ``got`` is the golden file's lines, else the first difference."""
    if not path.is_file():
        return f"{path} is missing: regenerate with {regenerate}"
    want = path.read_text(encoding="utf-8").splitlines()
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return f"{name} line {i + 1} differs:\n  golden: {a[:300]}\n  now:    {b[:300]}"
    if len(want) != len(got):
        return f"{name}: {len(want)} lines in the golden file, {len(got)} now"
    return None


def main(
    argv: list[str],
    playthroughs: Sequence[Named],
    folder: Path,
    lines_of: Callable[[Any], list[str]],
    check: Callable[[Any], str | None],
    title: str,
) -> int:  # pragma: no cover - a maintenance tool
    """``--check``: play each and compare; otherwise regenerate every file."""
    if "--check" in argv:
        bad = [d for d in (check(p) for p in playthroughs) if d]
        print("\n".join(bad) if bad else f"{len(playthroughs)}/{len(playthroughs)} {title} goldens identical")
        return 1 if bad else 0
    folder.mkdir(parents=True, exist_ok=True)
    for p in playthroughs:
        (folder / f"{p.name}.jsonl").write_text("\n".join(lines_of(p)) + "\n", encoding="utf-8")
        print(f"wrote {p.name}")
    return 0

"""A campaign folder: ``campaign.json`` saved atomically (the one before kept as ``.prev``), and
loaded with one readable message per problem."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..atomic import write_atomic
from ..data.errors import DataError, Problem
from ..data.jsonio import loads_strict
from ..data.rules_data import RulesData
from ..rules.gangs import gang_from_doc
from ..rules.scenario import scenario_from_doc
from .state import FILE, FORMAT, MAX_GAMES, OFFENSES, Campaign, GangState, GitState


def save(folder: Path, c: Campaign) -> None:
    """Atomically: the previous file becomes campaign.json.prev, the new one campaign.json."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    text = json.dumps(c.to_doc(), indent=1, sort_keys=True) + "\n"
    if path.is_file():
        write_atomic(folder / (FILE + ".prev"), path.read_bytes())
    write_atomic(path, text)


def load(folder: Path, rules: RulesData) -> Campaign:
    """Read and check a campaign folder. Raises DataError naming the file, entry and field."""
    path = folder / FILE
    label = str(path)
    if not path.is_file():
        raise DataError([Problem(label, None, None, "no campaign here (spacegits campaign new makes one)")])
    if path.stat().st_size > 50_000_000:
        raise DataError([Problem(label, None, None, "the file is over 50 MB: not a campaign")])
    try:
        doc = loads_strict(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise DataError([Problem(label, None, None, f"not readable JSON ({e})")]) from None
    problems: list[Problem] = []
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        got = doc.get("format") if isinstance(doc, dict) else None
        raise DataError([Problem(label, None, "format", f"expected {FORMAT}, got {got!r}")])
    seed = doc.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        problems.append(Problem(label, None, "seed", f"a whole number >= 0, got {seed!r}"))
    try:
        scenario_from_doc(doc.get("scenario"), f"{label} (scenario)", rules)
    except DataError as e:
        problems += e.problems
    gangs = []
    for i, g in enumerate(doc.get("gangs") or []):
        entry = f"gang #{i + 1}"
        if not isinstance(g, dict):
            problems.append(Problem(label, entry, None, "expected a mapping (boss, gang, stash, gits)"))
            continue
        try:
            gang_from_doc(g.get("gang"), f"{label} ({entry})", rules)
        except DataError as e:
            problems += e.problems
        stash = g.get("stash")
        if isinstance(stash, bool) or not isinstance(stash, int) or not 0 <= stash <= 100_000:
            problems.append(Problem(label, entry, "stash", f"a whole number of caps 0-100000, got {stash!r}"))
            stash = 0
        states = {}
        for name, s in (g.get("gits") or {}).items():
            att = s.get("attitude") if isinstance(s, dict) else None
            if isinstance(att, bool) or not isinstance(att, int) or not 0 <= att <= 100:
                problems.append(Problem(label, f"{entry} git '{name}'", "attitude", f"0-100, got {att!r}"))
                continue
            record = [o for o in s.get("record", []) if o in OFFENSES]
            counts = []
            for key in ("games", "skipped", "misses"):
                v = s.get(key, 0)
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_GAMES:
                    problems.append(Problem(label, f"{entry} git '{name}'", key, f"0-{MAX_GAMES}, got {v!r}"))
                    v = 0
                counts.append(v)
            states[str(name)] = GitState(att, record, *counts)
        gangs.append(GangState(str(g.get("boss", f"Boss {i + 1}")), dict(g.get("gang") or {}), stash, states))
    if not 2 <= len(gangs) <= 4:
        problems.append(Problem(label, None, "gangs", f"a campaign has 2 to 4 gangs, found {len(gangs)}"))
    games = doc.get("games") if isinstance(doc.get("games"), list) else []
    if problems:
        raise DataError(problems)
    return Campaign(str(doc.get("name", folder.name)), int(seed), doc["scenario"], gangs, games)  # type: ignore[arg-type]


def exists(folder: Path) -> bool:
    return (folder / FILE).is_file() or os.path.exists(folder / (FILE + ".prev"))

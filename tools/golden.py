"""Golden playthroughs: seeded whole matches whose event logs pin the engine's behaviour.

Each playthrough is a scenario, a seed and one controller per boss. Its golden file
(``tests/golden/<name>.jsonl``, plain text: JSON lines, diffable by eye like OpenSpiel's
playthroughs) holds the playthrough, the summary, every decision with the event-log checksum
after it, and the whole event log as canonical plain data, one record per line
(``{"playthrough": …}``, ``{"summary": …}``, then ``{"decision": …}`` lines, then ``{"event": …}``
lines). ``tests/test_golden.py`` plays each match again and diffs it against its file, event
by event.

Refactors must leave every golden file unchanged. A commit that fixes a rule (and so moves
a playthrough) regenerates them with the one command below, and says which fix moved them:

    .venv/bin/python tools/golden.py            # regenerate every golden file
    .venv/bin/python tools/golden.py --check    # what the test does: play and diff, print the first difference
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT))

from spacegits_sim.ai import make_controller  # noqa: E402
from spacegits_sim.ai.random_ai import RandomController  # noqa: E402
from spacegits_sim.atomic import write_atomic  # noqa: E402
from spacegits_sim.data import default_rules  # noqa: E402
from spacegits_sim.rules.engine import Match  # noqa: E402
from spacegits_sim.rules.events import canonical  # noqa: E402
from spacegits_sim.rules.scenario import load_scenario  # noqa: E402


@dataclass(frozen=True)
class Playthrough:
    name: str
    scenario: str  # a path relative to the repository
    seed: int
    ais: tuple[str, ...]  # "stubborn" = random that never legs it by choice (reaches the siren)


PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("qs_random_1", "scenarios/quickstart.yaml", 1, ("random", "random")),
    Playthrough("qs_stubborn_2", "scenarios/quickstart.yaml", 2, ("stubborn", "stubborn")),
    Playthrough("qs_heuristic_3", "scenarios/quickstart.yaml", 3, ("heuristic", "heuristic")),
    Playthrough("qs_heuristic_random_4", "scenarios/quickstart.yaml", 4, ("heuristic", "stubborn")),
    Playthrough("qs_search_heuristic_5", "scenarios/quickstart.yaml", 5, ("search", "heuristic")),
    Playthrough("qs_heuristic_search_6", "scenarios/quickstart.yaml", 6, ("heuristic", "search")),
    Playthrough("fb_stubborn_7", "scenarios/four_bosses.yaml", 7, ("stubborn",) * 4),
    Playthrough("fb_heuristic_8", "scenarios/four_bosses.yaml", 8, ("heuristic",) * 4),
    Playthrough("fb_mixed_9", "scenarios/four_bosses.yaml", 9, ("heuristic", "stubborn", "search", "random")),
    Playthrough("ex_stubborn_10", "tests/golden/exotic.yaml", 10, ("stubborn", "stubborn")),
    Playthrough("ex_heuristic_11", "tests/golden/exotic.yaml", 11, ("heuristic", "heuristic")),
    Playthrough("ex_heuristic_random_12", "tests/golden/exotic.yaml", 12, ("heuristic", "stubborn")),
    Playthrough("ex_search_stubborn_13", "tests/golden/exotic.yaml", 13, ("search", "stubborn")),
    Playthrough("ex_stubborn_14", "tests/golden/exotic.yaml", 14, ("stubborn", "stubborn")),
    Playthrough("ar_stubborn_15", "tests/golden/armoury.yaml", 15, ("stubborn", "stubborn")),
    Playthrough("ar_heuristic_16", "tests/golden/armoury.yaml", 16, ("heuristic", "heuristic")),
    Playthrough("ar_heuristic_random_17", "tests/golden/armoury.yaml", 17, ("heuristic", "stubborn")),
    Playthrough("ff_heuristic_18", "scenarios/funfair.yaml", 18, ("heuristic", "heuristic")),
    Playthrough("ff_stubborn_19", "scenarios/funfair.yaml", 19, ("stubborn", "stubborn")),
    Playthrough("dd_heuristic_22", "scenarios/demolition_derby.yaml", 22, ("heuristic", "heuristic")),
    Playthrough("dd_stubborn_21", "scenarios/demolition_derby.yaml", 21, ("stubborn", "stubborn")),
)


def controller(name: str, seed: int, boss: int) -> Any:
    if name == "stubborn":
        return RandomController(seed, boss, stubborn=True)
    return make_controller(name, seed, boss)


def play(p: Playthrough) -> Match:
    sc = load_scenario(str(ROOT / p.scenario), default_rules())
    m = Match(sc, seed=p.seed)
    m.play([controller(a, p.seed, i) for i, a in enumerate(p.ais)])
    return m


def record(p: Playthrough, m: Match) -> dict[str, Any]:
    """The golden document of a played match: plain data, canonical floats."""
    summary = m.summary()
    return {
        "playthrough": {"name": p.name, "scenario": p.scenario, "seed": p.seed, "ais": list(p.ais)},
        "summary": canonical(summary),
        "decisions": [{"kind": k, "answer": canonical(a), "checksum": c} for k, a, c in m.decisions],
        "events": [canonical(e.to_dict()) for e in m.events],
    }


def path_of(p: Playthrough) -> Path:
    return GOLDEN / f"{p.name}.jsonl"


def _line(key: str, value: Any) -> str:
    return json.dumps({key: value}, sort_keys=True, separators=(",", ":"))


def dumps(doc: dict[str, Any]) -> str:
    """A golden document as JSON lines: one record per line, keys sorted (the same log gives the
    same bytes, and a changed event is a changed line)."""
    lines = [_line("playthrough", doc["playthrough"]), _line("summary", doc["summary"])]
    lines += [_line("decision", d) for d in doc["decisions"]]
    lines += [_line("event", e) for e in doc["events"]]
    return "\n".join(lines) + "\n"


def loads(text: str) -> dict[str, Any]:
    """A golden document back from its JSON lines."""
    doc: dict[str, Any] = {"decisions": [], "events": []}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        ((key, value),) = json.loads(line).items()
        if key in ("decision", "event"):
            doc[key + "s"].append(value)
        elif key in ("playthrough", "summary"):
            doc[key] = value
        else:
            raise ValueError(f"line {n}: unknown record {key!r}")
    return doc


def save(p: Playthrough, doc: dict[str, Any]) -> None:
    write_atomic(path_of(p), dumps(doc))


def read(path: Path | str) -> dict[str, Any]:
    """The golden document in a file."""
    return loads(Path(path).read_text(encoding="utf-8"))


def load(p: Playthrough) -> dict[str, Any]:
    return read(path_of(p))


def first_difference(golden: dict[str, Any], now: dict[str, Any]) -> str | None:
    """None if identical; else a readable description of the first place they differ."""
    ge, ne = golden["events"], now["events"]
    for i, (a, b) in enumerate(zip(ge, ne, strict=False)):
        if a != b:
            keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            short = {k: (str(a.get(k))[:160], str(b.get(k))[:160]) for k in keys}
            return f"event {i} ({a.get('kind')} vs {b.get('kind')}) differs in {keys}: golden vs now {short}"
    if len(ge) != len(ne):
        return f"event logs differ in length: golden {len(ge)}, now {len(ne)}"
    gd, nd = golden["decisions"], now["decisions"]
    for i, (a, b) in enumerate(zip(gd, nd, strict=False)):
        if a != b:
            return f"decision {i} differs: golden {a} vs now {b}"
    if len(gd) != len(nd):
        return f"decision counts differ: golden {len(gd)}, now {len(nd)}"
    if golden["summary"] != now["summary"]:
        return f"summaries differ: golden {golden['summary']} vs now {now['summary']}"
    return None


def without(doc: dict[str, Any], kinds: set[str], fields: set[str]) -> dict[str, Any]:
    """A golden document as it was before a log-format change that only added event kinds and
    fields: those removed, events renumbered, checksums dropped (they hash the new fields)."""

    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in fields}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x

    events = [strip(e) for e in doc["events"] if e["kind"] not in kinds]
    for i, e in enumerate(events):
        e["seq"] = i
    summary = {k: v for k, v in doc["summary"].items() if k != "events"}
    return {
        "events": events,
        "summary": summary,
        "decisions": [{k: v for k, v in d.items() if k != "checksum"} for d in doc["decisions"]],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="play every playthrough and diff it against its file")
    ap.add_argument("--only", default="", help="comma-separated playthrough names")
    ap.add_argument(
        "--ignore-added",
        default="",
        metavar="KINDS:FIELDS",
        help="with --check: compare as if these event kinds and fields (comma-separated) did not exist, "
        "to show a log-format change added data and changed nothing else",
    )
    args = ap.parse_args(argv)
    only = {s for s in args.only.split(",") if s}
    GOLDEN.mkdir(parents=True, exist_ok=True)
    bad = 0
    for p in PLAYTHROUGHS:
        if only and p.name not in only:
            continue
        t0 = time.perf_counter()
        m = play(p)
        doc = record(p, m)
        took = time.perf_counter() - t0
        if args.check:
            golden = load(p)
            if args.ignore_added:
                k, _, f = args.ignore_added.partition(":")
                kinds, fields = {x for x in k.split(",") if x}, {x for x in f.split(",") if x}
                golden, doc = without(golden, kinds, fields), without(doc, kinds, fields)
            diff = first_difference(golden, doc)
            bad += diff is not None
            print(f"{p.name:26s} {took:6.1f}s  {'ok' if diff is None else 'DIFFERS: ' + diff}")
        else:
            save(p, doc)
            print(
                f"{p.name:26s} {took:6.1f}s  {len(doc['events'])} events, {len(doc['decisions'])} decisions, "
                f"winners {doc['summary']['winners']}, final checksum {doc['decisions'][-1]['checksum'][:12]}"
            )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Write docs/conformance.md, the rule-by-rule map of the rulebook to the tests that check it.

The map cannot go stale because nothing in it is written by hand: the rules come from
tests/conformance/<section>.yaml (a list of ``{id, rule, quote, reading?}`` rows, one per rule
sentence, in our words) and the tests from a static (AST) scan of tests/ for
``@pytest.mark.rule("<section>", "<id>")`` markers. tests/test_conformance.py fails when a row
has no test, when a marker names no row, or when the doc differs from what this writes.

    python tools/gen_conformance.py           # write docs/conformance.md
    python tools/gen_conformance.py --check   # exit 1 (and say why) when anything is off
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spacegits_sim.data.errors import DataError  # noqa: E402
from spacegits_sim.data.yamlio import parse_yaml_text  # noqa: E402

ROWS_DIR = ROOT / "tests" / "conformance"
TESTS_DIR = ROOT / "tests"
DOC = ROOT / "docs" / "conformance.md"

# The rulebook's order; a section file not named here comes after these, alphabetically.
SECTION_ORDER = ("terrain", "gather_your_gits", "fancy_gear", "vehicles", "campaigns", "factions")
TITLES = {
    "gather_your_gits": "Gather Your Gits",
    "vehicles": "Vehicles",
    "fancy_gear": "Fancy Gear",
    "terrain": "Terrain",
    "factions": "Factions",
    "campaigns": "Campaigns",
    "gangfight_core": "Gangfight core rules",
    "gangfight_skills": "Gangfight Fantasy skills",
    "gangfight_magic": "Gangfight Fantasy spells, consumables and enchanted items",
}
REQUIRED = ("id", "rule", "quote")
OPTIONAL = ("reading",)
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SECTION_RE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


class ConformanceError(ValueError):
    """A rows file or a marker that cannot be read: the message names file, entry and field."""


@dataclass(frozen=True)
class Row:
    section: str
    id: str
    rule: str
    quote: str
    reading: str = ""


@dataclass(frozen=True)
class Marker:
    section: str
    id: str
    test: str  # tests/test_x.py::test_name (or ::Class::test_name)


@dataclass
class Report:
    """What the generator found: every problem is one line naming where to look."""

    rows: dict[str, list[Row]] = field(default_factory=dict)
    markers: list[Marker] = field(default_factory=list)

    def problems(self) -> list[str]:
        known = {(r.section, r.id) for rows in self.rows.values() for r in rows}
        tested = {(m.section, m.id) for m in self.markers}
        out = [
            f"tests/conformance/{s}.yaml: rule '{i}' has no test (mark one @pytest.mark.rule({s!r}, {i!r}))"
            for s, rows in self.rows.items()
            for r in rows
            if (i := r.id) and (s, i) not in tested
        ]
        for m in self.markers:
            if m.section not in self.rows:
                out.append(
                    f"{m.test}: marker names section '{m.section}', which has no tests/conformance/{m.section}.yaml"
                    f" (sections: {', '.join(sorted(self.rows)) or 'none'})"
                )
            elif (m.section, m.id) not in known:
                out.append(
                    f"{m.test}: marker names rule '{m.id}', which is no row of tests/conformance/{m.section}.yaml"
                )
        return out


def _section_key(name: str) -> tuple[int, str]:
    return (SECTION_ORDER.index(name), "") if name in SECTION_ORDER else (len(SECTION_ORDER), name)


def load_rows(rows_dir: Path = ROWS_DIR) -> dict[str, list[Row]]:
    """Every section file's rows, validated: ids kebab-case and unique, the fields present and text."""
    sections: dict[str, list[Row]] = {}
    for path in sorted(rows_dir.glob("*.yaml"), key=lambda p: _section_key(p.stem)):
        name = f"tests/conformance/{path.name}"
        section = path.stem
        if not SECTION_RE.match(section):
            raise ConformanceError(f"{name}: a section file is named like vehicles.yaml or fancy_gear.yaml")
        try:  # the project's loader: a key given twice in a row is refused, not silently dropped
            data = parse_yaml_text(path.read_text(encoding="utf-8"), name)
        except DataError as exc:
            raise ConformanceError(f"{name}: not YAML ({exc.problems[0].message})") from None
        if not isinstance(data, list):
            raise ConformanceError(f"{name}: must be a list of rows {{id, rule, quote, reading?}}")
        rows: list[Row] = []
        seen: dict[str, int] = {}
        for n, entry in enumerate(data, start=1):
            where = f"{name}: entry {n}"
            if not isinstance(entry, dict):
                raise ConformanceError(f"{where}: must be a mapping with {', '.join(REQUIRED)} (and maybe reading)")
            if isinstance(entry.get("id"), str):
                where += f" ({entry['id']})"
            for key in REQUIRED:
                if key not in entry:
                    raise ConformanceError(f"{where}: field '{key}' is missing")
            for key in entry:
                if key not in REQUIRED + OPTIONAL:
                    raise ConformanceError(f"{where}: unknown field '{key}' (fields: {', '.join(REQUIRED + OPTIONAL)})")
            for key in REQUIRED + OPTIONAL:
                if key in entry and (not isinstance(entry[key], str) or not entry[key].strip()):
                    raise ConformanceError(f"{where}: field '{key}' must be non-empty text")
            ident = entry["id"]
            if not ID_RE.match(ident):
                raise ConformanceError(f"{where}: field 'id' must be kebab-case (a-z, 0-9, single dashes)")
            if ident in seen:
                raise ConformanceError(f"{where}: id '{ident}' is already entry {seen[ident]}")
            seen[ident] = n
            rows.append(
                Row(
                    section,
                    ident,
                    " ".join(entry["rule"].split()),
                    " ".join(entry["quote"].split()),
                    " ".join(entry.get("reading", "").split()),
                )
            )
        sections[section] = rows
    return sections


def _is_rule_marker(node: ast.expr) -> bool:
    """``pytest.mark.rule(...)`` or ``mark.rule(...)``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != "rule":
        return False
    owner = node.func.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )


def _markers_of(decorators: list[ast.expr], test: str, rel: str) -> list[Marker]:
    out = []
    for deco in decorators:
        if not _is_rule_marker(deco):
            continue
        assert isinstance(deco, ast.Call)
        args = deco.args
        if (
            len(args) != 2
            or deco.keywords
            or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args)
        ):
            raise ConformanceError(
                f"{rel}:{deco.lineno}: @pytest.mark.rule takes two literal strings, (section, rule_id)"
            )
        section, ident = (a.value for a in args if isinstance(a, ast.Constant))
        out.append(Marker(section, ident, test))
    return out


def scan_markers(tests_dir: Path = TESTS_DIR, root: Path = ROOT) -> list[Marker]:
    """Every rule marker on a test function or method (a class's marker applies to its tests)."""
    markers: list[Marker] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                test = f"{rel}::{node.name}"
                markers += _markers_of(node.decorator_list, test, rel)
            elif isinstance(node, ast.ClassDef):
                own = _markers_of(node.decorator_list, f"{rel}::{node.name}", rel)
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test"):
                        test = f"{rel}::{node.name}::{item.name}"
                        markers += [Marker(m.section, m.id, test) for m in own]
                        markers += _markers_of(item.decorator_list, test, rel)
    return sorted(set(markers), key=lambda m: (m.section, m.id, m.test))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render(report: Report) -> str:
    """docs/conformance.md: per section, a table of rules with the book's words, tests and readings."""
    by_rule: dict[tuple[str, str], list[str]] = {}
    for m in report.markers:
        by_rule.setdefault((m.section, m.id), []).append(m.test)
    total = sum(len(rows) for rows in report.rows.values())
    lines = [
        "# Rulebook conformance",
        "",
        "<!-- generated by tools/gen_conformance.py from tests/conformance/*.yaml and the tests'"
        " @pytest.mark.rule markers; do not edit -->",
        "",
        "Every rule of the Space Gits rulebook's sections below, in our words, with the test(s) that check"
        " it and, where the text is ambiguous, the reading we play. A rule row lives in"
        " `tests/conformance/<section>.yaml`; a test names the row it checks with"
        ' `@pytest.mark.rule("<section>", "<id>")`. `tests/test_conformance.py` fails when a row has no'
        " test, when a marker names no row, or when this file is stale (`python tools/gen_conformance.py`).",
        "",
        f"{total} rules in {len(report.rows)} sections:",
        "",
    ]
    for section, rows in report.rows.items():
        title = TITLES.get(section, section.replace("_", " ").title())
        lines.append(f"- [{title}](#{title.lower().replace(' ', '-')}): {len(rows)} rules")
    for section, rows in report.rows.items():
        title = TITLES.get(section, section.replace("_", " ").title())
        lines += ["", f"## {title}", "", "| rule | the book | test(s) | our reading |", "|---|---|---|---|"]
        for r in rows:
            tests = by_rule.get((section, r.id), [])
            shown = "<br>".join(f"`{t}`" for t in tests) if tests else "**no test**"
            lines.append(f'| **{r.id}**: {_cell(r.rule)} | "{_cell(r.quote)}" | {shown} | {_cell(r.reading)} |')
    return "\n".join(lines) + "\n"


def build(rows_dir: Path = ROWS_DIR, tests_dir: Path = TESTS_DIR, root: Path = ROOT) -> Report:
    return Report(load_rows(rows_dir), scan_markers(tests_dir, root))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when anything is off")
    args = parser.parse_args(argv)
    try:
        report = build()
    except ConformanceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    problems = report.problems()
    for p in problems:
        print(f"problem: {p}", file=sys.stderr)
    text = render(report)
    if args.check:
        stale = not DOC.is_file() or DOC.read_text(encoding="utf-8") != text
        if stale:
            print("problem: docs/conformance.md is stale: run python tools/gen_conformance.py", file=sys.stderr)
        return 1 if problems or stale else 0
    DOC.write_text(text, encoding="utf-8")
    rules = sum(len(r) for r in report.rows.values())
    print(f"wrote {DOC.relative_to(ROOT)}: {rules} rules, {len(report.markers)} markers, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

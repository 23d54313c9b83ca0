"""The rule-by-rule conformance map (docs/conformance.md) stays whole and true: every rule row of
tests/conformance/<section>.yaml has a test marked @pytest.mark.rule(section, id), every marker
names a row, and the doc is what tools/gen_conformance.py writes. Bad rows are one clear message."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import gen_conformance as gc


def test_every_rule_row_has_a_test_and_every_marker_names_a_row():
    problems = gc.build().problems()
    assert not problems, "\n".join(problems)


def test_docs_conformance_md_is_what_the_generator_writes():
    assert gc.DOC.read_text(encoding="utf-8") == gc.render(gc.build()), (
        "docs/conformance.md is stale: run python tools/gen_conformance.py"
    )


def test_the_map_covers_the_sections_of_issue_25_that_have_rows():
    report = gc.build()
    text = gc.render(report)
    for section, rows in report.rows.items():
        assert rows, f"tests/conformance/{section}.yaml has no rows"
        assert f"## {gc.TITLES.get(section, section)}" in text
    assert {"campaigns", "gather_your_gits"} <= set(report.rows)


def _rows(tmp_path, text: str):
    d = tmp_path / "conformance"
    d.mkdir(exist_ok=True)
    (d / "campaigns.yaml").write_text(text, encoding="utf-8")
    return d


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- {id: a, rule: r, quote: q}\n- {id: a, rule: r2, quote: q2}\n", "entry 2 (a): id 'a' is already entry 1"),
        ("- {id: a, rule: r}\n", "entry 1 (a): field 'quote' is missing"),
        ("- {id: a, rule: r, quote: q, note: n}\n", "entry 1 (a): unknown field 'note'"),
        ("- {id: Not_Kebab, rule: r, quote: q}\n", "field 'id' must be kebab-case"),
        ("- {id: a, rule: '', quote: q}\n", "field 'rule' must be non-empty text"),
        ("- {id: a, rule: r, quote: 3}\n", "field 'quote' must be non-empty text"),
        ("{id: a}\n", "must be a list of rows"),
        ("- just text\n", "entry 1: must be a mapping"),
        ("- [unclosed\n", "not YAML"),
        ("- {id: a, rule: r, quote: q}\n- id: b\n  rule: r\n  quote: q\n  rule: r2\n", "key 'rule' is given twice"),
    ],
)
def test_a_bad_row_is_one_clear_message_naming_file_entry_and_field(tmp_path, text, message):
    with pytest.raises(gc.ConformanceError) as err:
        gc.load_rows(_rows(tmp_path, text))
    assert str(err.value).startswith("tests/conformance/campaigns.yaml: ")
    assert message in str(err.value)


def test_the_scan_finds_stacked_markers_methods_and_class_markers_and_reports_both_ways(tmp_path):
    rows = _rows(tmp_path, "- {id: a, rule: r, quote: q}\n- {id: b, rule: r, quote: q}\n- {id: c, rule: r, quote: q}\n")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import pytest\n"
        "from pytest import mark\n"
        '@pytest.mark.rule("campaigns", "a")\n'
        '@mark.rule("campaigns", "nope")\n'
        "def test_one(): pass\n"
        '@pytest.mark.rule("campaigns", "b")\n'
        "class TestThing:\n"
        "    def test_two(self): pass\n"
        '    @pytest.mark.rule("elsewhere", "a")\n'
        "    def test_three(self): pass\n",
        encoding="utf-8",
    )
    report = gc.Report(gc.load_rows(rows), gc.scan_markers(tests, tmp_path))
    assert {(m.id, m.test) for m in report.markers} == {
        ("a", "tests/test_x.py::test_one"),
        ("nope", "tests/test_x.py::test_one"),
        ("b", "tests/test_x.py::TestThing::test_two"),
        ("b", "tests/test_x.py::TestThing::test_three"),
        ("a", "tests/test_x.py::TestThing::test_three"),
    }
    problems = report.problems()
    assert any("rule 'c' has no test" in p for p in problems)
    assert any("test_one: marker names rule 'nope'" in p for p in problems)
    assert any("marker names section 'elsewhere'" in p for p in problems)
    assert len(problems) == 3
    doc = gc.render(report)
    assert "`tests/test_x.py::test_one`" in doc and "**no test**" in doc


def test_a_marker_with_computed_arguments_is_refused(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_y.py").write_text('import pytest\nS = "campaigns"\n@pytest.mark.rule(S, "a")\ndef test_y(): pass\n')
    with pytest.raises(gc.ConformanceError, match=r"tests/test_y.py:3: @pytest.mark.rule takes two literal strings"):
        gc.scan_markers(tests, tmp_path)


def test_the_check_option_passes_on_this_tree():
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_conformance.py"), "--check"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr

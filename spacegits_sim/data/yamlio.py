"""Reading user files safely: regular files only, bounded in size, a safe YAML loader only,
and bounded in nesting and size once parsed; every failure is a Problem naming the file.

Why each bound: a gang path can name ``/dev/zero`` or a FIFO (reading would never end), a
1 KB YAML "billion laughs" expands through aliases to billions of values, and 20,000 nested
brackets overflow the parser's recursion. Each is refused up front with one clear line.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from .errors import DataError, Problem, short

MAX_FILE_BYTES = 4 * 1024 * 1024  # a YAML rules, gang, scenario or params file
MAX_VALUES = 200_000  # values reachable in a parsed document, counting every alias use
MAX_DEPTH = 64  # nesting of mappings and lists


def read_text(path: Path | str, label: str | None = None, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``max_bytes``, as UTF-8. Raises DataError."""
    path = Path(path)
    label = label or str(path)

    def fail(msg: str) -> DataError:
        return DataError([Problem(label, None, None, msg)])

    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise fail("file not found") from None
    except OSError as e:
        raise fail(f"cannot read file: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise fail("is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise fail("is not a regular file (a device, pipe or socket cannot be read as data)")
    if st.st_size > max_bytes:
        raise fail(f"is {st.st_size:,} bytes; files of at most {max_bytes:,} bytes are read")
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise fail(f"cannot read file: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise fail(f"grew past {max_bytes:,} bytes while being read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise fail(f"is not UTF-8 text ({e.reason} at byte {e.start})") from None


def read_yaml(path: Path | str, label: str | None = None) -> Any:
    """Parse a YAML file with ``yaml.safe_load``; a bad file raises :class:`DataError`."""
    label = label or str(path)
    return parse_yaml_text(read_text(path, label), label)


_BASE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DuplicateKeyError(yaml.MarkedYAMLError):
    """A mapping that names the same key twice: PyYAML would keep the last one silently."""

    def __init__(self, key: Any, first: yaml.Mark, second: yaml.Mark) -> None:
        super().__init__(problem=f"duplicate key {key!r}", problem_mark=second)
        self.key, self.first_line, self.second_line = key, first.line + 1, second.line + 1


class StrictSafeLoader(_BASE_LOADER):  # type: ignore[misc]
    """The safe loader, refusing a key given twice in one mapping.

    Why: ``friction_die_die: 0.35`` followed later by ``friction_die_die: 0.5`` is a mistake the
    user cannot see (the last one silently wins, and a tuner measures the wrong tower). A merge
    key (``<<: *base``) overridden by an explicit key is YAML's documented way to override, so
    only explicit keys are compared."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, yaml.Mark] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue  # a merge, or a list/mapping as a key (the base constructor refuses it)
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node.start_mark)
                except TypeError:  # an unhashable key: the base constructor says so
                    continue
                if first is not key_node.start_mark:
                    raise DuplicateKeyError(key, first, key_node.start_mark)
        return super().construct_mapping(node, deep)  # type: ignore[no-any-return]


# YAML 1.2 floats without a dot or an exponent sign (``1e-5``, ``2E6``): PyYAML's YAML 1.1
# rules read them as text, so ``dt_s: 1e-5`` would be the string "1e-5", not a number.
StrictSafeLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[eE][-+]?[0-9]+$"),
    list("-+0123456789."),
)

#: The C build of PyYAML's *safe* loader where libyaml is present (about 9x faster), else the
#: pure-Python safe loader: same constructor, so the same values and the same refusals; every
#: user file is read through it (duplicate keys refused, ``1e-5`` a number).
SAFE_LOADER: Any = StrictSafeLoader


def parse_yaml_text(text: str, label: str) -> Any:
    try:
        doc = yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader, never the full one
    except DuplicateKeyError as e:
        raise DataError(
            [
                Problem(
                    label,
                    None,
                    None,
                    f"key {short(e.key)} is given twice, on line {e.first_line} and line {e.second_line} "
                    "(YAML would silently keep only the last one): remove one",
                )
            ]
        ) from None
    except yaml.MarkedYAMLError as e:
        if "nesting depth" in str(e.problem):  # libyaml's own guard against deep nesting
            raise DataError([Problem(label, None, None, f"nested too deeply (at most {MAX_DEPTH} levels)")]) from None
        mark = e.problem_mark
        pos = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "unknown position"
        hint = " (YAML indents with spaces, never tabs)" if "tab character" in str(e.problem) else ""
        raise DataError([Problem(label, None, None, f"YAML syntax error at {pos}: {e.problem}{hint}")]) from None
    except yaml.YAMLError as e:
        raise DataError([Problem(label, None, None, f"YAML error: {str(e)[:200]}")]) from None
    except RecursionError:
        raise DataError([Problem(label, None, None, f"nested too deeply (at most {MAX_DEPTH} levels)")]) from None
    check_bounded(doc, label)
    return doc


def check_bounded(doc: Any, label: str, max_values: int = MAX_VALUES, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a parsed document nested deeper than MAX_DEPTH or reaching more than MAX_VALUES
    values (aliases count every time they are used): iterative, so it cannot overflow."""
    stack: list[tuple[Any, int]] = [(doc, 0)]
    seen = 0
    while stack:
        node, depth = stack.pop()
        seen += 1
        if seen > max_values:
            raise DataError(
                [
                    Problem(
                        label, None, None, f"too large: more than {MAX_VALUES:,} values (YAML aliases count each use)"
                    )
                ]
            )
        if depth > max_depth:
            raise DataError([Problem(label, None, None, f"nested too deeply (at most {max_depth} levels)")])
        if isinstance(node, dict):
            stack.extend((k, depth + 1) for k in node)
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend((v, depth + 1) for v in node)

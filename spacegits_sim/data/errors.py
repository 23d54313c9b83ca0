"""Data problems: every one names the file, the entry, the field and what is wrong.

Why a list and not the first exception: a user editing a gang or a house-rule file wants to
fix all their mistakes in one go, and never wants to read a traceback.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    file: str
    entry: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.entry:
            where += f": {self.entry}"
        if self.field:
            where += f", field '{self.field}'"
        return f"{where}: {self.message}"


class DataError(ValueError):
    """One or more problems in user-editable data. ``str()`` lists them all, one per line."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        n = len(self.problems)
        head = f"{n} problem{'s' if n != 1 else ''} found:"
        super().__init__("\n".join([head] + [f"  - {p}" for p in self.problems]))


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 2, 4, 4, 3
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 40, 40, 24


def short(value: Any) -> str:
    """A user's value for a message: its repr, cut short. Never the whole of an unbounded value
    (a YAML alias bomb repr'd in full would eat the machine)."""
    return _SHORT.repr(value)

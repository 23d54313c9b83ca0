"""Reading JSON a person may have edited (replays, campaign folders, lab state) strictly.

``json.loads`` keeps the last of two values given for one key, silently: a replay edited by
hand with ``"seed"`` twice would re-run a different match than the one its reader sees first.
The YAML files are read by a loader that refuses a key given twice (:mod:`.yamlio`); these are
read the same way, with the standard library's ``object_pairs_hook`` (json has no other hook
for it, and no line numbers to give)."""

from __future__ import annotations

import json
from typing import Any


class DuplicateKeyError(ValueError):
    """A JSON object names one key twice."""

    def __init__(self, key: str) -> None:
        super().__init__(f"key {key!r} is given twice (JSON would silently keep only the last one)")
        self.key = key


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise DuplicateKeyError(k)
        out[k] = v
    return out


def loads_strict(text: str) -> Any:
    """``json.loads`` that refuses a key given twice in any object (DuplicateKeyError, a
    ValueError); malformed JSON raises json.JSONDecodeError as usual."""
    return json.loads(text, object_pairs_hook=_refuse_duplicates)

"""Handler registries: one per ruleset, so two games' family names never meet.

Each ruleset that keys behaviour by data id ("every item id has a handler") keeps one
:class:`HandlerRegistry` (family -> id -> handler, or a marker for an id known but not
simulated). It is a plain dict of dicts, named by its ruleset; :func:`coverage` compares it
with the ids the ruleset's data names, which the data<->handler test runs for every ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Generic, TypeVar

__all__ = ["Coverage", "HandlerRegistry", "coverage"]

V = TypeVar("V")


class HandlerRegistry(dict[str, dict[str, V]], Generic[V]):
    """family -> id -> handler of one ruleset (``ruleset`` names it in messages)."""

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = ruleset

    def __repr__(self) -> str:
        return f"HandlerRegistry({self.ruleset!r}, {len(self)} families)"


class Coverage(dict[str, list[tuple[str, str]]]):
    """``missing``: ids the data names with nothing registered; ``orphans``: registered ids the
    data never names. Both empty: every id has a handler (or a deferral) and nothing else."""

    @property
    def ok(self) -> bool:
        return not self["missing"] and not self["orphans"]


def coverage(
    registry: Mapping[str, Mapping[str, object]], data: Mapping[str, Iterable[str]], internal: Iterable[str] = ()
) -> Coverage:
    """Compare a registry with the ids the data names per family (``internal`` families, such as
    tokens the engine hands out, are the code's own and never in the data)."""
    skip = set(internal)
    named = {(f, i) for f, ids in data.items() for i in ids}
    registered = {(f, i) for f, ids in registry.items() if f not in skip for i in ids}
    return Coverage(missing=sorted(named - registered), orphans=sorted(registered - named))

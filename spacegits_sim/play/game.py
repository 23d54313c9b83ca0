"""The driving surface every game shares: a generator of requests, checked answers, the event
log and the checksum chain after each decision.

A ruleset's game subclasses :class:`GameBase`, builds its state, then calls :meth:`start` with
its flow (a generator that yields :class:`~.protocol.Request` and is sent checked answers).
Everything the :class:`~.ruleset.Game` protocol asks for is then here: ``pending``,
``answer``, ``play``, ``over``, ``events``, ``decisions`` and ``binding``. Why shared: the
replay format, the env, tournaments and the windows rely on these behaving identically in
every game (an illegal answer changes nothing; the chain starts from the binding).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from .events import Event, checksum, digest
from .protocol import IllegalDecision, Request, collect
from .ruleset import Controller

__all__ = ["Flow", "GameBase"]

Flow = Generator[Request, Any, Any]


class GameBase:
    """Requests, answers, the log and its checksum chain (see the module docstring)."""

    seed: int
    events: list[Event]
    decisions: list[tuple[str, Any, str]]  # (request kind, answer as JSON, log checksum after)
    binding: dict[str, str]
    clock: float  # the game clock (s) events are stamped with
    pending: Request | None
    _gen: Flow | None
    _hash: str
    _hashed: int

    def init_log(self, seed: int, binding: dict[str, str]) -> None:
        """Start an empty log whose checksum chain begins from ``binding`` (call before :meth:`start`)."""
        self.seed = int(seed)
        self.events = []
        self.decisions = []
        self.binding = binding
        self._hash = digest(binding)
        self._hashed = 0
        self.clock = 0.0
        self.pending = None
        self._gen = None

    def start(self, flow: Flow) -> None:
        """Run ``flow`` to its first request."""
        self._gen = flow
        try:
            self.pending = next(flow)
        except StopIteration:
            self.pending = None

    def answer(self, answer: Any) -> Request | None:
        """Give the pending request its answer. An illegal answer raises and changes nothing."""
        req = self.pending
        if req is None:
            raise IllegalDecision("the match is over: nothing to answer")
        checked = req.check(answer)
        assert self._gen is not None
        try:
            self.pending = self._gen.send(checked)
        except StopIteration:
            self.pending = None
        self.decisions.append((req.kind, req.to_json(checked), self.log_checksum()))
        return self.pending

    def log_checksum(self) -> str:
        """Running checksum of the event log (incremental: each event is hashed once)."""
        self._hash = checksum(self.events, self._hashed, self._hash)
        self._hashed = len(self.events)
        return self._hash

    def play(self, controllers: Sequence[Controller], max_decisions: int = 200_000) -> None:
        """Run to the end with one controller per seat."""
        for _ in range(max_decisions):
            req = self.pending
            if req is None:
                return
            self.answer(collect(req, lambda r: controllers[r.boss].decide(r, self)))
        raise RuntimeError(f"match did not finish within {max_decisions} decisions")

    @property
    def over(self) -> bool:
        return self.pending is None

    def emit(self, e: Event) -> Event:
        """Append an event to the log, stamped with the clock and its place in the log."""
        e.t = round(self.clock, 6)
        e.seq = len(self.events)
        self.events.append(e)
        return e

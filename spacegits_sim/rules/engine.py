"""The Space Gits rules engine: a whole match from setup to winner, as a generator of decisions.

``Match`` puts the rooms together: :mod:`.core` (state, log, clock, throws, towers, caps),
:mod:`.movement` (scoots, moves, bumps), :mod:`.turns` (setup, activations, boot, leg it,
the end) and :mod:`.combat` (shoot, fight, explode). Its flow is one generator that yields a
:class:`~spacegits_sim.rules.decisions.Request` whenever a boss must choose and is sent the
checked answer. Drive it with :meth:`Match.answer`, or :meth:`Match.play` with a controller
per boss. Item behaviour is asked of :mod:`.effects`, never decided here by name.
"""

from __future__ import annotations

from typing import Any

from ..data.rules_data import RulesData
from .scenario import Scenario
from .state import Boss, Controller, Model
from .timecost import TimeCosts
from .turns import TurnFlow

__all__ = ["Match", "Boss", "Model", "Controller"]


class Match(TurnFlow):
    """One game of Space Gits. Same scenario + seed + answers ⇒ the same event log."""

    def __init__(
        self,
        scenario: Scenario,
        rules: RulesData | None = None,
        seed: int | None = None,
        tower_params: dict[str, Any] | None = None,
        table_params: dict[str, Any] | None = None,
        time_costs: TimeCosts | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(scenario, rules, seed, tower_params, table_params, time_costs, options)
        self._gen = self._play()
        self.pending = next(self._gen)

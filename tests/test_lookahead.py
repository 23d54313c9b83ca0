"""A match's scratch copy (rules/core.py ``scratch_copy``) and the look-ahead flow
(rules/turns.py ``look_ahead``): what a lookahead AI plays ahead on, issue 27."""

from __future__ import annotations

from spacegits_sim.ai import make_controller
from spacegits_sim.data import default_rules
from spacegits_sim.play.protocol import collect
from spacegits_sim.rules.decisions import ChooseActivation
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.scenario import load_scenario

SC = load_scenario(None, default_rules())


def _midgame(seed: int = 3, activations: int = 8) -> Match:
    m = Match(SC, seed=seed)
    ctrls = [make_controller("heuristic", seed, b) for b in range(2)]
    seen = 0
    while m.pending is not None:
        if isinstance(m.pending, ChooseActivation):
            seen += 1
            if seen == activations:
                return m
        m.answer(collect(m.pending, lambda q: ctrls[q.boss].decide(q, m)))
    raise AssertionError("the game ended too soon")


def _state(m: Match) -> tuple[object, ...]:
    return (
        len(m.events),
        (m._hash, m._hashed),
        {mid: m.position(mid) for mid in m.models if m.models[mid].in_play},
        dict(m.table.tokens),
        {mid: (x.tower.height, x.fallen, x.in_play) for mid, x in m.models.items()},
        [(b.stash, b.out) for b in m.bosses],
        m.clock,
        m.rng.state(),
        {mid: x.tower.rng.bit_generator.state["state"]["state"] for mid, x in m.models.items()},
    )


def _play_ahead(twin: Match, boss: int, choice: str, seed: int) -> None:
    twin.start_look_ahead(boss, choice, 1)
    ctrls = [make_controller("heuristic", seed, b) for b in range(2)]
    while twin.pending is not None:
        twin.answer(collect(twin.pending, lambda q: ctrls[q.boss].decide(q, twin)))


def test_playing_on_a_scratch_copy_leaves_the_match_as_it_was_and_it_plays_on_identically():
    m = _midgame()
    req = m.pending
    assert isinstance(req, ChooseActivation)
    before = _state(m)
    twin = m.scratch_copy(99)
    assert twin.table is not m.table and twin.models["a1"].tower is not m.models["a1"].tower
    assert {mid: twin.position(mid) for mid in twin.models if twin.models[mid].in_play} == before[2]
    _play_ahead(twin, req.boss, req.options[0], 5)
    assert len(twin.events) > len(m.events)  # it played: an activation and a reply
    assert _state(m) == before
    # and the real match goes on exactly as an untouched copy of it does
    ref = _midgame()
    ctrls = [make_controller("heuristic", 3, b) for b in range(2)]
    ref_ctrls = [make_controller("heuristic", 3, b) for b in range(2)]
    for _ in range(40):
        if m.pending is None:
            break
        m.answer(collect(m.pending, lambda q: ctrls[q.boss].decide(q, m)))
        ref.answer(collect(ref.pending, lambda q: ref_ctrls[q.boss].decide(q, ref)))
    assert [e.to_dict() for e in m.events] == [e.to_dict() for e in ref.events]


def test_a_scratch_copy_draws_its_chance_from_its_own_seed():
    """Same seed, same look-ahead; another seed, other dice (the real match's streams unread)."""
    m = _midgame()
    req = m.pending
    runs = []
    for seed in (1, 1, 2):
        twin = m.scratch_copy(seed)
        _play_ahead(twin, req.boss, req.options[0], 5)
        runs.append([e.to_dict() for e in twin.events])
    assert runs[0] == runs[1] != runs[2]


def test_legging_it_on_a_scratch_copy_ends_a_two_boss_game():
    m = _midgame()
    req = m.pending
    twin = m.scratch_copy(1)
    twin.start_look_ahead(req.boss, "leg_it", 1)
    assert twin.pending is None and twin.result() is not None
    assert m.result() is None and not any(b.out for b in m.bosses)

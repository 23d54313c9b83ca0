"""The tree-search boss (issue 27, "a stronger search"): registered, budgeted, deterministic,
and it finds the better aim."""

from __future__ import annotations

import pytest

from spacegits_sim.ai import CONTROLLERS, make_controller
from spacegits_sim.ai.mcts import (
    DEFAULT_THINK_MS,
    ITERATIONS_PER_S,
    MAX_THINK_MS,
    MIN_THINK_MS,
    MctsController,
    iterations_for,
    parse_name,
)
from spacegits_sim.data import default_rules
from spacegits_sim.rules.decisions import AimThrow, Throw
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.scenario import load_scenario

SC = load_scenario(None, default_rules())


def test_the_tree_search_is_registered_and_its_name_carries_its_budget():
    assert "mcts" in CONTROLLERS
    a = make_controller("mcts", 1, 0)
    assert isinstance(a, MctsController) and a.think_ms == DEFAULT_THINK_MS <= 1000
    b = make_controller("mcts@250", 1, 0)
    assert b.think_ms == 250 and b.iterations == iterations_for(250) == round(0.25 * ITERATIONS_PER_S)
    from spacegits_sim.cli.common import THINK_MS_RANGE

    assert THINK_MS_RANGE == (MIN_THINK_MS, MAX_THINK_MS)  # what --think-ms accepts, the name accepts
    for bad in ("mcts@", "mcts@0", "mcts@x", "mcts@999999", "mctsx"):
        with pytest.raises(ValueError, match="milliseconds from 10 to 60000"):
            parse_name(bad)


def test_the_same_seed_and_budget_give_the_same_decisions():
    """Deterministic for a seed: the budget is an iteration count, never the wall clock."""

    def play() -> list[tuple[str, object, str]]:
        m = Match(SC, seed=11)
        m.play([make_controller("mcts@100", 11, 0), make_controller("heuristic", 11, 1)])
        return [(k, a, c) for k, a, c in m.decisions]

    first = play()
    assert len(first) > 10 and first == play()


def test_every_move_throw_spends_exactly_its_iteration_budget_within_a_second():
    """Budget respected: each searched move throw runs exactly the iterations its think-ms buys
    (one real throw on a scratch table each), and at the default budget the boss's decisions
    over a whole match take at most the issue's second at the 95th percentile, and 2 s at the
    slowest, of CPU time (the wall clock of this shared machine stretches with other people's
    load; docs/ai.md gives the wall-clock figures)."""
    import time

    ai = make_controller("mcts", 5, 0)
    seen: list[int] = []
    cpu: list[float] = []
    search, decide = ai.tree_search, ai.decide

    def spy(*args, **kw):  # type: ignore[no-untyped-def]
        out = search(*args, **kw)
        seen.append(ai.last_iterations)
        return out

    def timed(req, m):  # type: ignore[no-untyped-def]
        c0 = time.process_time()
        out = decide(req, m)
        cpu.append(time.process_time() - c0)
        return out

    ai.tree_search = spy  # type: ignore[method-assign]
    ai.decide = timed  # type: ignore[method-assign]
    m = Match(SC, seed=5)
    m.play([ai, make_controller("heuristic", 5, 1)])
    assert seen and set(seen) == {iterations_for(DEFAULT_THINK_MS)}
    cpu.sort()
    assert cpu[int(0.95 * (len(cpu) - 1))] <= 1.0 and cpu[-1] <= 2.0, cpu[-5:]


def test_the_tree_search_prefers_an_obviously_better_aim():
    """A constructed position: a cap 5" straight ahead in the open. Offered an aim past the cap
    and one straight away from it, the search (its own throws on a scratch table) throws past
    the cap, spends most of its throws there, and widens to new aims round it."""
    from helpers import match

    m = match(
        [[{"type": "orc", "name": "Grunk"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (12.0, 6.0), "b1": (22.0, 22.0)},
    )
    m.place_cap((12.0, 11.0), "test")
    ai = MctsController(seed=3, boss=0, think_ms=400)
    req = AimThrow(0, "a1", "move", (6, 6), 24.0, 24.0)
    good, bad = Throw((12.0, 14.0), 0.15), Throw((12.0, 1.0), 0.15)
    counts: dict[tuple[float, float], int] = {}
    rollout = ai._rollout

    def spy(match_, scratch, git, req_, cand):  # type: ignore[no-untyped-def]
        near_good = abs(cand.aim[1] - 14.0) < abs(cand.aim[1] - 1.0)
        counts[near_good] = counts.get(near_good, 0) + 1
        return rollout(match_, scratch, git, req_, cand)

    ai._rollout = spy  # type: ignore[method-assign]
    chosen = ai.tree_search(m, m.models["a1"], req, [bad, good])
    assert chosen.aim[1] > 9.0, chosen
    assert counts[True] > 2 * counts.get(False, 0), counts
    assert ai.last_arms > 2  # it widened past the two aims it was given
    assert m.table.token_position(next(iter(m.table.tokens))) == (12.0, 11.0)  # the real table untouched


def test_think_ms_is_an_option_of_match_and_tournament_and_binds_into_the_replay(tmp_path, capsys):
    import json

    from spacegits_sim.cli import main

    replay = tmp_path / "r.json"
    assert main(["match", "--ai", "mcts,random", "--think-ms", "50", "--seed", "2", "--replay", str(replay)]) == 0
    assert json.loads(replay.read_text())["meta"]["ai"] == ["mcts@50", "random"]
    assert "mcts@50" in capsys.readouterr().out
    assert main(["match", "--ai", "heuristic,random", "--think-ms", "50"]) == 2
    assert "no seat plays one" in capsys.readouterr().err
    assert main(["match", "--ai", "mcts,random", "--think-ms", "5"]) == 2
    assert "--think-ms must be from 10" in capsys.readouterr().err
    out = tmp_path / "t.json"
    args = ["tournament", "--ai", "mcts,random", "--games", "2", "--jobs", "1", "--think-ms", "30"]
    assert main([*args, "--json", str(out)]) == 0
    assert "mcts@30" in out.read_text()


# ---------------------------------------------------------------- the activation level (issue 27)


def _orcs(positions: dict[str, tuple[float, float]]) -> Match:
    from helpers import match

    gangs = [
        [{"type": "orc", "name": n} for n in ("Grunk", "Snag")],
        [{"type": "orc", "name": "Far"}],
    ]
    return match(gangs, positions)


def _state(m: Match) -> tuple[object, ...]:
    """What a look-ahead must leave as it was: the log, the table, the towers, the dice streams."""
    return (
        len(m.events),
        {mid: m.position(mid) for mid in m.models if m.models[mid].in_play},
        dict(m.table.tokens),
        {mid: x.tower.height for mid, x in m.models.items()},
        [(b.stash, b.out) for b in m.bosses],
        m.clock,
        m.rng.state(),
    )


def test_the_activation_search_plays_the_git_one_step_from_a_cap_over_the_far_one():
    """A constructed position: Grunk stands 1" from a cap, Snag 15" from anything, the enemy far
    away. Offered Snag first (as if the heuristic had rated it best), the search plays each
    candidate out on scratch copies of the whole match and activates Grunk, looking at Grunk's
    activation at least as often as at Snag's, stops racing before its budget is spent once
    Grunk is clearly ahead, and leaves the real match as it was."""
    from spacegits_sim.rules.decisions import ChooseActivation

    m = _orcs({"a1": (12.0, 6.0), "a2": (2.0, 21.0), "b1": (22.0, 22.0)})
    m.place_cap((12.0, 8.2), "test")
    ai = MctsController(seed=4, boss=0, think_ms=2000)
    before = _state(m)
    req = ChooseActivation(0, ("a1", "a2", "leg_it"), "activate a model or leg it")
    choice = ai.activation_search(req, m, [("a2", "scoot"), ("a1", "scoot"), ("leg_it", None)])
    assert choice == ("a1", "scoot"), ai.last_candidates
    visits = {(g, a): n for g, a, n, _v in ai.last_candidates}
    assert visits[("a1", "scoot")] >= visits[("a2", "scoot")], ai.last_candidates
    assert ai.last_looks < ai.looks, ai.last_candidates  # settled early: the rest of the budget unspent
    assert _state(m) == before  # the real match untouched


def test_the_activation_search_legs_it_when_ahead_and_nothing_left_can_overturn_it():
    """4 new caps up, 3 caps on the table, no git near an enemy: legging it now ends the game
    won (the other boss scoops the 3), which no look-ahead can beat. Level instead, it stays."""
    from spacegits_sim.rules.decisions import ChooseActivation

    for lead, legs in ((4, True), (0, False)):
        m = _orcs({"a1": (3.0, 3.0), "a2": (3.0, 8.0), "b1": (21.0, 21.0)})
        for p in ((12.0, 12.0), (12.0, 15.0), (15.0, 12.0)):
            m.place_cap(p, "test")
        m.bosses[0].stash += lead
        ai = MctsController(seed=2, boss=0, think_ms=1000)
        req = ChooseActivation(0, ("a1", "a2", "leg_it"), "activate a model or leg it")
        assert (ai.choose_activation(req, m) == "leg_it") is legs, (lead, ai.last_candidates)
        # legging it that wins outright is exact: no look-ahead is played for it (a second saved)
        assert (ai.last_looks == 0) is legs, (lead, ai.last_looks)


def test_a_searched_first_action_is_the_one_played():
    """The activation search picks a git *and* its first action; when the engine asks that git
    for its first action, the searched one is answered (not the heuristic's own pick)."""
    from spacegits_sim.rules.decisions import ChooseAction

    m = _orcs({"a1": (12.0, 6.0), "a2": (2.0, 21.0), "b1": (22.0, 22.0)})
    ai = MctsController(seed=4, boss=0)
    ai._plan = ("a1", "boot")
    assert ai.choose_action(ChooseAction(0, ("scoot", "boot"), "", "a1"), m) == "boot"
    assert ai._plan is None  # once only: the second action is the heuristic's
    assert ai.choose_action(ChooseAction(0, ("scoot", "boot"), "", "a1"), m) == "scoot"


def test_no_activation_choice_spends_more_than_its_look_ahead_budget():
    """Budget respected: each searched ChooseActivation plays at most the look-aheads its
    think-ms buys (legging it is reckoned, not played; a settled race stops short), and
    ``last_looks`` says how many it played."""
    from spacegits_sim.ai.mcts import ACTIVATIONS_PER_S, MIN_LOOKS

    ai = make_controller("mcts@500", 7, 0)
    assert ai.looks == max(MIN_LOOKS, round(0.5 * ACTIVATIONS_PER_S))
    calls: list[int] = []
    per: list[int] = []
    look, search = ai.look_ahead, ai.activation_search

    def spy_look(*a, **k):  # type: ignore[no-untyped-def]
        calls.append(1)
        return look(*a, **k)

    def spy_search(*a, **k):  # type: ignore[no-untyped-def]
        calls.clear()
        out = search(*a, **k)
        per.append(len(calls))
        assert ai.last_looks == len(calls)
        return out

    ai.look_ahead = spy_look  # type: ignore[method-assign]
    ai.activation_search = spy_search  # type: ignore[method-assign]
    m = Match(SC, seed=7)
    m.play([ai, make_controller("heuristic", 7, 1)])
    assert per and max(per) <= ai.looks, per


def _race(means: dict[str, float], think_ms: int = 1000) -> tuple[MctsController, tuple[str, str | None], list]:
    """The activation race over candidates whose look-aheads come out at ``means`` plus luck
    drawn from the look-ahead's seed (the same luck for every candidate given the same seed)."""
    from spacegits_sim.rules.decisions import ChooseActivation

    ai = MctsController(seed=1, boss=0, think_ms=think_ms)
    calls: list[tuple[str, int | None]] = []

    def fake(match, boss, cand, seed=None):  # type: ignore[no-untyped-def]
        calls.append((cand[0], seed))
        return means[cand[0]] + ((seed or 0) % 1000 / 1000.0 - 0.5) * 0.6

    ai.look_ahead = fake  # type: ignore[method-assign]
    req = ChooseActivation(0, tuple(means), "activate a model")
    choice = ai.activation_search(req, None, [(g, "scoot") for g in means])
    return ai, choice, calls


def test_the_activation_race_spends_its_looks_on_the_close_candidates_on_common_luck():
    """Issue 27: "spend the look-ahead budget where the candidates' values are close". Two
    candidates close at the top, four far behind: the race looks at all six once, then halves
    the field, so the close two get most of the budget and the better wins (the luck, ±0.3, is
    ten times their 0.03 gap: only common luck tells them apart). Every round's candidates
    share one look-ahead seed (common random numbers), a new one each round."""
    ai, choice, calls = _race({"a": 0.28, "b": 0.31, "c": -0.4, "d": -0.5, "e": -0.45, "f": -0.6})
    assert choice == ("b", "scoot"), ai.last_candidates
    looks = {g: n for g, _a, n, _v in ai.last_candidates}
    assert min(looks["a"], looks["b"]) > max(looks[g] for g in "cdef"), looks
    assert len(calls) == ai.last_looks <= ai.looks
    rounds: dict[int | None, set[str]] = {}
    for g, seed in calls:
        assert seed is not None
        rounds.setdefault(seed, set()).add(g)
    assert len(rounds) == max(looks.values()), rounds  # one seed per round
    assert rounds[calls[0][1]] == set("abcdef")  # the first round: every candidate, one seed


def test_the_activation_race_stops_when_one_candidate_dominates():
    """Issue 27: "stop early when one dominates — also saves time": a candidate 0.8 ahead of
    the next (the value runs -1 .. 1) settles the race after two rounds, the budget unspent."""
    ai, choice, calls = _race({"a": -0.2, "b": 0.6, "c": -0.3})
    assert choice == ("b", "scoot"), ai.last_candidates
    assert len(calls) == 5 < ai.looks, ai.last_candidates  # 3 in the first round, then b and a


# ---------------------------------------------------------------- fallen friends (issue 27)


def _rescue_position(pal_gap: float) -> Match:
    """Grunk fallen at (12, 14); Pal ``pal_gap`` inches (centre to centre) below it; Lone far off
    in a corner; the only cap in the far corner, the enemy in the other."""
    from helpers import match

    m = match(
        [[{"type": "orc", "name": n} for n in ("Grunk", "Pal", "Lone")], [{"type": "orc", "name": "Far"}]],
        {"a1": (12.0, 14.0), "a2": (12.0, 14.0 - pal_gap), "a3": (1.5, 22.5), "b1": (22.0, 22.0)},
    )
    m.place_cap((1.0, 1.0), "test")
    g = m.models["a1"]
    g.tower.clear()
    g.fallen = True
    m.table.set_upright("a1", False)
    m.sync_tower(g)
    return m


def test_the_value_credits_a_standing_friend_within_reach_of_a_fallen_git_as_most_of_a_rescue():
    """Issue 27: "Walk over to boot a fallen friend when it pays". A look-ahead ends after one
    activation and the reply, so a walk that boots the friend up on the *next* activation must
    show in the value: Pal in contact with fallen Grunk is worth more than Pal 4" off, which is
    worth more than Pal out of reach (8"+), and every one of them less than Grunk standing."""
    from spacegits_sim.ai.mcts import RESCUE_TOUCH

    r = 25 / 25.4  # two orc bases' radii, centre to centre at contact
    ai = MctsController(seed=1, boss=0)
    touching = ai.value(_rescue_position(r + RESCUE_TOUCH / 2))
    near = ai.value(_rescue_position(r + 4.0))
    far = ai.value(_rescue_position(r + 9.0))
    up = _rescue_position(r + 9.0)
    up.models["a1"].fallen = False
    up.table.set_upright("a1", True)
    assert far < near < touching < ai.value(up), (far, near, touching)


def test_the_tree_search_walks_a_git_over_to_a_fallen_friend_it_can_reach():
    """Issue 27: "a fallen friend within reach is booted up". Pal stands 7" from fallen Grunk
    (edge to edge, one scoot), Lone far off; offered Lone first (as if the heuristic had rated it
    best), the activation search plays Pal's scoot, the walk over to Grunk."""
    m = _rescue_position(8.0)
    picks = _picks_on_three_seeds(m)
    assert picks == [("a2", "scoot")] * 3, picks


# ---------------------------------------------------------------- robbers at a fallen friend (issue 27)


def _robbed_position(robber_boss: int = 2, robber_lead: int = 4) -> Match:
    """Three bosses. Red's Grunk lies fallen at (12, 12) with the robber (Green's Rob, or
    Blue's) standing in contact over it; Red's Pal stands 5" below, Lone in a corner 1" from
    the only cap; the third boss's git far off in the other corner. The robber's boss is
    ``robber_lead`` new caps ahead."""
    from helpers import fell, match

    gangs = [
        [{"type": "orc", "name": n} for n in ("Grunk", "Pal", "Lone")],
        [{"type": "orc", "name": "Bob"}],
        [{"type": "orc", "name": "Rob"}],
    ]
    robber, other = ("c1", "b1") if robber_boss == 2 else ("b1", "c1")
    r = 25 / 25.4  # two orc bases' radii: centre to centre at contact
    m = match(
        gangs,
        {
            "a1": (12.0, 12.0),
            robber: (12.0 + r + 0.02, 12.0),
            "a2": (12.0 + r, 7.0),
            "a3": (2.0, 21.0),
            other: (22.0, 2.0),
        },
    )
    fell(m, "a1")
    m.place_cap((2.0, 22.6), "test")
    m.bosses[robber_boss].stash += robber_lead
    return m


def test_the_value_counts_a_robber_standing_over_a_fallen_friend_as_caps_it_will_take():
    """ "Put the Boot In: If a git is in contact with a fallen enemy git, they can put the boot
    in. Take 1 bottle cap from the fallen model's boss": a robber left standing over a fallen
    friend robs again on its next activation. The same table is worth less with the robber
    there before the siren than after it ("you cannot boot any more ... you can't rob them")."""
    m = _robbed_position(robber_lead=0)
    ai = MctsController(seed=1, boss=0)
    assert m.touching("a1") == ["c1"]
    robbed = ai.value(m)
    m.siren = True
    assert robbed < ai.value(m) - 0.1, (robbed, ai.value(m))


def test_the_value_counts_the_caps_of_a_boss_that_has_legged_it():
    """ "The game ends when all but one of the gangs have legged it", and the most new caps wins:
    a boss gone with 4 new caps still beats me on 2, however far I lead the one still playing
    (Four Bosses seeds 2 and 37: the look-ahead valued as won a table whose leader had legged it
    in the reply); on 6, I lead it."""
    values = []
    for mine in (2, 6):
        m = _robbed_position(robber_boss=2, robber_lead=4)
        m.siren = True  # (no robbing: the lead alone)
        m.bosses[0].stash += mine
        m.bosses[2].out = True  # Green has legged it
        m.models["c1"].in_play = False
        values.append(MctsController(seed=1, boss=0).value(m))
    assert values[0] < 0.0 < values[1], values


def test_the_activation_search_walks_at_a_robber_farming_a_fallen_friend_over_a_cap():
    """Issue 27: "no git robbed 3+ times by the same enemy while its boss never answered the
    robber". Green's robber stands over fallen Grunk, Green 4 caps ahead; Pal 5" off can walk
    into it (a fight), Lone can loot the one cap 1" off. Green's reply (the heuristic's) legs it
    with the lead, so every look-ahead ends with the robber gone: only the robber as the
    activation ends (and Green's caps, counted though gone) tell the walk at it from the cap.
    Offered Lone first, the search plays Pal's walk, on each of three seeds."""
    m = _robbed_position()
    picks = _picks_on_three_seeds(m)
    assert picks == [("a2", "scoot")] * 3, picks


def _picks_on_three_seeds(m):
    """The activation search's pick, seeds 1-3, offered a3's scoot before a2's."""
    from spacegits_sim.rules.decisions import ChooseActivation

    req = ChooseActivation(0, ("a2", "a3", "leg_it"), "activate a model or leg it")
    return [
        MctsController(seed=seed, boss=0, think_ms=1000).activation_search(req, m, [("a3", "scoot"), ("a2", "scoot")])
        for seed in range(1, 4)
    ]


def test_the_value_counts_a_robber_over_a_fallen_git_no_friend_can_boot_up_as_robbing_it_again_and_again():
    """Issue 27: "no git robbed 3+ times by the same enemy while its boss never answered the
    robber" (Four Bosses seed 37: Snikk, a 12-dice tower, 13.8" from the robber, out of its
    Pistol's reach, shot elsewhere twice while Gazbag was robbed three times, the look-ahead
    costing the robber one cap whatever it did). "Put the Boot In: If a git is in contact with a
    fallen enemy git, they can put the boot in. Take 1 bottle cap from the fallen model's boss",
    on each of the robber's activations until the git is booted up: a robber over a git no
    friend can reach takes FARM_ROUNDS caps (more than the 2 that legging it would cost), one
    over a git with a friend in contact one (the friend boots it up first), no more than the
    stash holds."""
    from spacegits_sim.ai.mcts import FARM_ROUNDS

    far = _robbed_position(robber_lead=0)
    far.place_model(far.models["a2"], (22.0, 22.0), "test")  # Pal out of reach: nobody to boot Grunk up
    ai = MctsController(seed=1, boss=0)
    assert ai.robbed(far) == FARM_ROUNDS == 3.0  # (caps of mine it will take)
    poorer = _robbed_position(robber_lead=0)  # no robber, and 2 caps fewer (legging it: Grunk and Pal)
    poorer.place_model(poorer.models["a2"], (22.0, 22.0), "test")
    poorer.place_model(poorer.models["c1"], (22.0, 12.0), "test")
    poorer.bosses[0].stash -= 2
    assert ai.value(far) < ai.value(poorer), (ai.value(far), ai.value(poorer))
    near = _robbed_position(robber_lead=0)
    near.place_model(near.models["a2"], (12.0, 12.0 - 25 / 25.4 - 0.02), "test")  # Pal in contact
    assert ai.robbed(near) == 1.0
    far.bosses[0].stash = 2
    assert ai.robbed(far) == 2.0


def test_late_and_hopelessly_behind_the_tree_search_legs_it_as_the_heuristic_does():
    """Issue 27: "Leg it when staying gains less than it risks"; "after the siren, play to end
    the game", and "The game ends when all but one of the gangs have legged it". 3 new caps
    behind with 6 caps on the table at 85% of the timer: drawing level would take half of what
    is left more than the leader takes (the heuristic's CONCEDE_SHARE is a third), and
    the look-ahead alone would stay (a tanh of the lead is never a sure loss), dragging the
    game past the timer. Only 1 behind, or early, it plays on."""
    from spacegits_sim.rules.decisions import ChooseActivation

    for behind, clock, legs in ((3, 0.85, True), (3, 0.1, False), (1, 0.85, False)):
        m = _orcs({"a1": (3.0, 3.0), "a2": (3.0, 8.0), "b1": (21.0, 21.0)})
        for p in ((12.0, 12.0), (12.0, 15.0), (15.0, 12.0), (15.0, 15.0), (9.0, 12.0), (12.0, 9.0)):
            m.place_cap(p, "test")
        m.bosses[1].stash += behind
        m.clock = m.scenario.timer_min * 60 * clock
        ai = MctsController(seed=2, boss=0, think_ms=250)
        req = ChooseActivation(0, ("a1", "a2", "leg_it"), "activate a model or leg it")
        assert (ai.choose_activation(req, m) == "leg_it") is legs, (behind, clock, ai.last_candidates)


def test_the_tree_search_does_not_weigh_a_scoot_for_a_vehicle_boxed_into_a_corner():
    """A buggy nose to the west edge with its side against the north edge (test_driver's
    boxed-in corner): "You have to resolve all your move dice", and every die would drive it
    into the edge, so the heuristic never scoots it. The activation search's candidates are
    the heuristic's first picks and then the other actions worth weighing: the boxed-in
    buggy's scoot is not among them; out in the open it is."""
    import math

    from helpers import buggy, vmatch

    from spacegits_sim.rules.decisions import ChooseActivation

    orc = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}
    for where, boxed in (((1.55, 22.95, math.pi), True), ((12.0, 12.0, math.pi), False)):
        m = vmatch([buggy()], [orc], {"a1v": where, "b1": (3.0, 3.0)})
        m.place_cap((12.0, 6.0), "test")
        ai = MctsController(seed=1, boss=0, think_ms=250)
        req = ChooseActivation(0, ("a1v", "leg_it"), "activate a model or leg it")
        cands = ai.activation_candidates(req, m)
        assert (("a1v", "scoot") in cands) is not boxed, (where, cands)


def test_the_tree_search_does_not_weigh_a_scoot_the_heuristic_holds_back_for_its_wasted_dice():
    """A buggy in a dead-end lane (test_driver's), its nose 2.5" short of the end wall: its
    first die drives it into the wall, and "You have to resolve all your move dice", so the two
    left would drive 0" into it. The heuristic holds that scoot back (it shoots); the activation
    search does not weigh it either (issue 27: mcts's derby drives within 1" were 16%, mostly
    scoots the heuristic would not have made), and asking the heuristic's first pick holds no
    car (the boss has not activated it). With the end wall gone the scoot is weighed."""
    from helpers import LANE, LANE_END, buggy, vmatch

    from spacegits_sim.rules.decisions import ChooseActivation

    orc = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}
    for walls, held in ((LANE + [LANE_END], True), (LANE, False)):
        m = vmatch([buggy()], [orc], {"a1v": (12.0, 12.0, 0.0), "b1": (3.0, 3.0)}, walls)
        m.place_cap((20.0, 12.0), "test")
        ai = MctsController(seed=1, boss=0, think_ms=250)
        assert (ai.scoot_ruled_out(m.models["a1v"], m) == "waste") is held
        cands = ai.activation_candidates(ChooseActivation(0, ("a1v", "leg_it"), ""), m)
        assert (("a1v", "scoot") in cands) is not held, (walls, cands)
        assert ai._held == {}


def test_a_car_the_tree_search_holds_back_for_its_wasted_dice_is_held_once_only():
    """The buggy in the dead-end lane again: the activation search activates it to shoot (its
    scoot left out: two dice would drive 0" into the end wall). Held once, like the heuristic's
    cars ("it scoots the next time, waste or not": held each time, it might never drive), its
    scoot is weighed at its next activation; the heuristic's held_before tells the two apart."""
    from helpers import LANE, LANE_END, buggy, vmatch

    from spacegits_sim.rules.decisions import ChooseAction, ChooseActivation

    orc = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}
    m = vmatch([buggy()], [orc], {"a1v": (12.0, 12.0, 0.0), "b1": (3.0, 3.0)}, LANE + [LANE_END])
    m.place_cap((20.0, 12.0), "test")
    ai = MctsController(seed=1, boss=0, think_ms=250)
    req = ChooseActivation(0, ("a1v", "leg_it"), "")
    assert ("a1v", "scoot") not in ai.activation_candidates(req, m)
    ai._plan = ("a1v", "shoot")  # what the search chose
    assert ai.choose_action(ChooseAction(0, ("scoot", "shoot"), "", "a1v"), m) == "shoot"
    m.activations += 1  # its next activation
    assert ("a1v", "scoot") in ai.activation_candidates(req, m)


def _activation_choices(scenario: str, seed: int, n: int) -> list[tuple[int, float, int]]:
    """(looks played, look units spent, the budget) of mcts's first ``n`` searched activation
    choices in a ``scenario`` match against the heuristic."""
    from spacegits_sim.data.paths import scenarios_dir

    sc = load_scenario(scenarios_dir() / scenario, default_rules())
    ai = make_controller("mcts", seed, 0)
    out: list[tuple[int, float, int]] = []
    search = ai.activation_search

    def spy(*a, **k):  # type: ignore[no-untyped-def]
        got = search(*a, **k)
        out.append((ai.last_looks, ai.last_spent, ai.looks))
        if len(out) >= n:
            raise _Enough
        return got

    ai.activation_search = spy  # type: ignore[method-assign]
    with pytest.raises(_Enough):
        Match(sc, seed=seed).play([ai, make_controller("heuristic", seed, 1)])
    return out


class _Enough(Exception):
    pass


def test_a_derby_look_ahead_costs_its_hull_probes_so_an_activation_choice_stays_within_a_second():
    """Issue 27: "at ≤ 1 s per decision at the 95th percentile". A derby look-ahead previews
    every drive with thousands of hull probes (the derby's activation choices took 2.4 s median
    of CPU at 11 looks); each look now costs one unit plus its probes (``look_cost``), so the
    race plays fewer of them there, and a look is begun only while budget is left."""
    from spacegits_sim.ai.mcts import look_cost

    assert look_cost(0) == 1.0 < look_cost(1000)
    choices = _activation_choices("demolition_derby.yaml", 3, 4)
    # fails with every look counted as one unit (11 looks: 6, 3 and 2 for six candidates)
    assert max(looks for looks, _s, _b in choices) < 11, choices
    for looks, spent, _budget in choices:
        assert spent > looks  # a derby look costs more than a Quick Start look's unit
    assert all(looks <= budget for looks, _s, budget in choices)


def test_a_quick_start_look_ahead_asks_no_hull_probe_and_costs_one_unit():
    """No vehicles, no hull probes: the Quick Start's race is as calibrated (a unit a look)."""
    for looks, spent, _budget in _activation_choices("quickstart.yaml", 3, 3):
        assert spent == looks


def _flat_race(means: dict[str, float]) -> tuple[str, str | None]:
    """The activation race over candidates (in this order: the heuristic's first) whose every
    look-ahead comes out at exactly ``means``."""
    from spacegits_sim.rules.decisions import ChooseActivation

    ai = MctsController(seed=1, boss=0)
    ai.look_ahead = lambda match, boss, cand, seed=None: means[cand[0]]  # type: ignore[method-assign]
    req = ChooseActivation(0, tuple(means), "activate a model")
    return ai.activation_search(req, None, [(g, "shoot") for g in means])


def test_far_ahead_or_behind_candidates_the_value_cannot_tell_apart_go_by_the_heuristics_order():
    """Issue 27: "no git robbed 3+ times by the same enemy while its boss never answered the
    robber". Far ahead (or behind), tanh flattens: a robbed cap moves the value by less than a
    hundredth, so in derby seeds 14 and 24 every candidate came out at 1.0 (or -1.0) and mcts
    took one that left the robber be, three times. There the heuristic's order decides (it puts
    the robber first); where the value is not flat, the better mean still wins."""
    assert _flat_race({"answer the robber": 0.990, "elsewhere": 0.997}) == ("answer the robber", "shoot")
    assert _flat_race({"answer the robber": -0.999, "elsewhere": -0.992}) == ("answer the robber", "shoot")
    assert _flat_race({"answer the robber": 0.970, "elsewhere": 0.997}) == ("elsewhere", "shoot")  # 0.027 apart
    assert _flat_race({"a": 0.300, "b": 0.305}) == ("b", "shoot")  # not flat: the better mean


def test_a_car_whose_last_scoot_went_nowhere_is_not_scooted_again_from_where_it_stands():
    """Issue 27, mcts derby seed 1: a buggy nosed at the far edge, the throw's landing spread
    along its axis, drove every die 0" into the edge (rear arc, a damage die each) in four
    activations running. A car whose last scoot drove each die under an inch and that still
    stands where it left it is not scooted by the tree search again (the same throw from the
    same pose spreads its dice the same way); a drive that went somewhere, or a car moved since
    (rammed, spun), is scooted as before."""
    from helpers import buggy, vmatch

    from spacegits_sim.rules import events as ev
    from spacegits_sim.rules.decisions import ChooseActivation

    orc = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}
    req = ChooseActivation(0, ("a1v", "leg_it"), "")
    for drives, moved, weighed in (((0.0, 0.4), False, False), ((0.0, 4.0), False, True), ((0.0, 0.4), True, True)):
        m = vmatch([buggy()], [orc], {"a1v": (12.0, 12.0, 0.0), "b1": (3.0, 3.0)})
        m.place_cap((24.0, 12.0), "test")
        ai = MctsController(seed=1, boss=0, think_ms=250)
        assert ("a1v", "scoot") in ai.activation_candidates(req, m)
        at = m.position("a1v")
        m.emit(ev.ActivationStarted(m.bosses[0].name, "a1v", 1))
        for d in drives:
            m.emit(ev.VehicleMoved("a1v", at, at, 0.0, 0.0, 5, "rear", d, "edge", "drive"))
        if moved:  # rammed since: it stands somewhere else
            m.table.move_figure("a1v", (12.0, 14.0))
        assert (("a1v", "scoot") in ai.activation_candidates(req, m)) is weighed, (drives, moved)
        assert (ai.scoot_ruled_out(m.models["a1v"], m) == "went nowhere") is not weighed


def test_a_car_held_for_a_scoot_that_went_nowhere_is_held_once_then_scoots_again():
    """Held for good, a car whose dice went nowhere parks for the rest of the game (issue 27's
    "no cars parked for the whole game"; with it held for good, mcts's derby vehicle activations
    with no drive before the siren rose to 35%, 68/196): held once, as the gate's waste is
    ("held once only"), the next activation it is weighed again."""
    from helpers import buggy, vmatch

    from spacegits_sim.rules import events as ev
    from spacegits_sim.rules.decisions import ChooseAction, ChooseActivation

    orc = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}
    m = vmatch([buggy()], [orc], {"a1v": (12.0, 12.0, 0.0), "b1": (3.0, 3.0)})
    m.place_cap((24.0, 12.0), "test")
    ai = MctsController(seed=1, boss=0, think_ms=250)
    at = m.position("a1v")
    m.emit(ev.ActivationStarted(m.bosses[0].name, "a1v", 1))
    m.emit(ev.VehicleMoved("a1v", at, at, 0.0, 0.0, 5, "rear", 0.0, "edge", "drive"))
    req = ChooseActivation(0, ("a1v", "leg_it"), "")
    assert ("a1v", "scoot") not in ai.activation_candidates(req, m)
    ai.choose_action(ChooseAction(0, ("scoot", "shoot", "done"), "", "a1v"), m)  # held in this activation
    m.activations += 1  # its boss's next activation: still where the scoot left it
    assert ("a1v", "scoot") in ai.activation_candidates(req, m)


def test_a_car_held_back_for_its_wasted_dice_is_not_activated_to_shoot_while_another_car_can_drive():
    """Issue 27: "Purposeful vehicles ... avoid parking" (bar: derby vehicle activations with no
    drive before the siren ≤ 25%). The buggy in the dead-end lane would waste two dice against
    the end wall, so its scoot is held; activated, it only shoots. With a second buggy out in
    the open that may drive, the activation search weighs that one (the heuristic's
    choose_activation sends it too), not the held one; alone, the held buggy still shoots."""
    from helpers import LANE, LANE_END, buggy, vmatch

    from spacegits_sim.rules.decisions import ChooseActivation

    orc = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}
    for other, dropped in ((True, True), (False, False)):
        red = [buggy(), buggy("Naz")] if other else [buggy()]
        where = {"a1v": (12.0, 12.0, 0.0), "b1": (3.0, 3.0)}
        if other:
            where["a2v"] = (6.0, 20.0, 0.0)
        m = vmatch(red, [orc], where, LANE + [LANE_END])
        m.place_cap((20.0, 12.0), "test")
        ai = MctsController(seed=1, boss=0, think_ms=250)
        assert ai.scoot_ruled_out(m.models["a1v"], m) == "waste"
        opts = ("a1v", "a2v", "leg_it") if other else ("a1v", "leg_it")
        cands = ai.activation_candidates(ChooseActivation(0, opts, ""), m)
        assert (not any(c[0] == "a1v" for c in cands)) is dropped, cands
        if other:
            assert ("a2v", "scoot") in cands, cands

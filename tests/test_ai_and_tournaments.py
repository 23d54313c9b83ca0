"""AI bosses, decision budgets, and tournaments (local pool, Dask LocalCluster, failures)."""

from __future__ import annotations

import time

import pytest
from helpers import fell as _fell

from spacegits_sim.ai import make_controller, register_controller
from spacegits_sim.data import default_rules
from spacegits_sim.rules.decisions import FightThrow
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.replay import scenario_to_doc
from spacegits_sim.rules.scenario import load_scenario
from spacegits_sim.tournament import aggregate, run, schedule

SC = load_scenario(None, default_rules())


class Timed:
    """The worst decision's CPU time (this thread's): what the AI costs, not how long it waited
    for a core — wall clock read 0.45 s on this 2-core machine with four test runs beside it."""

    def __init__(self, inner):
        self.inner = inner
        self.worst = 0.0

    def decide(self, req, m):
        t0 = time.thread_time()
        a = self.inner.decide(req, m)
        self.worst = max(self.worst, time.thread_time() - t0)
        return a


def test_the_heuristic_beats_random_in_a_small_sample():
    pairs, failures = aggregate(
        run(schedule(scenario_to_doc(SC), ["heuristic", "random"], 20), jobs=2), ["heuristic", "random"]
    )
    p = pairs[0]
    assert not failures and p.decided >= 18 and p.wins_a / p.decided >= 0.9, (p.wins_a, p.wins_b)


@pytest.mark.slow
def test_strength_targets_over_400_seeded_quick_start_matches_each():
    """Issue 16: heuristic beats random >= 95% and search beats the heuristic >= 70% of decided
    games, over 400 seeded matches with seats swapped (the win rates themselves must reach the
    targets; the closing note gives their 95% intervals)."""
    for a, b, target in (("heuristic", "random", 0.95), ("search", "heuristic", 0.7)):
        pairs, failures = aggregate(run(schedule(scenario_to_doc(SC), [a, b], 400, seed=1), jobs=2), [a, b])
        p = pairs[0]
        rate, lo, hi = p.rate_a()
        print(f"{a} vs {b}: {p.wins_a}-{p.wins_b} ({p.ties} ties) = {rate:.1%} [{lo:.1%}, {hi:.1%}]")
        assert not failures and rate >= target


@pytest.mark.slow
def test_the_tree_search_beats_the_search_of_the_issues_day_with_a_95_ci_above_55_percent(tmp_path):
    """Issue 27: "the new search beats today's search with a 95% CI above 55%": mcts against the
    search of ef7b879 (the commit the issue was filed on, loaded beside today's engine by
    tools/baseline_ai.py, straight from git history), 200 seeded Quick Starts, seats swapped, at
    the default decision budget. Long (hours on a loaded 2-core machine): make test-long."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    has = subprocess.run(["git", "-C", str(root), "cat-file", "-e", "ef7b879^{commit}"], capture_output=True)
    if has.returncode != 0:
        pytest.skip("commit ef7b879 is not in this checkout's git history (a shallow clone or no .git)")
    out = tmp_path / "t.json"
    argv = ["--", "tournament", "--ai", "mcts,search@ef7b879", "--games", "200", "--jobs", "2", "--json", str(out)]
    p = subprocess.run(
        [sys.executable, str(root / "tools" / "baseline_ai.py"), "--commit", "ef7b879", *argv],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    pair = json.loads(out.read_text())["pairs"][0]
    print(f"mcts vs search@ef7b879: {pair['wins_a']}-{pair['wins_b']} ({pair['ties']} ties) {pair['ci95']}")
    assert pair["a"] == "mcts" and not pair["failed"] and pair["ci95"][0] > 0.55, pair


def test_the_heuristic_takes_a_fraction_of_a_second_per_decision():
    ctrls = [Timed(make_controller("heuristic", 3, i)) for i in range(2)]
    m = Match(SC, seed=3)
    m.play(ctrls)
    assert max(c.worst for c in ctrls) < 0.25, [c.worst for c in ctrls]


def test_the_search_controller_respects_its_rollout_budget_and_time_ceiling():
    s = make_controller("search", 5, 0)
    m = Match(SC, seed=5)
    m.play([s, make_controller("heuristic", 5, 1)])
    assert s.rollouts == 30
    assert 0 < s.worst_decision_s <= s.max_decision_s, s.worst_decision_s


def test_fight_throws_are_mixed_and_adapt_to_an_opponent_who_always_shoves():
    from spacegits_sim.rules import events as ev
    from spacegits_sim.rules.decisions import Choice

    h = make_controller("heuristic", 1, 0)
    m = Match(SC, seed=1)
    # an opponent seen shoving 30 times: pinch (which beats shove) should become the favourite, not a certainty
    m.events.extend(ev.FightRound("a1", "b1", k, ("thump", "shove"), (False, True)) for k in range(30))
    picks = [h.decide(Choice(0, ("thump", "shove", "pinch"), "fight"), m) for _ in range(300)]
    assert picks.count("pinch") > 150 and len(set(picks)) == 3


def test_a_frequency_counter_strategy_cannot_farm_the_heuristics_fight_throws():
    """A bot that always throws what beats the heuristic's most common throw so far wins no
    more rounds than it loses (beyond noise: 4 standard errors over 600 rounds)."""
    from collections import Counter

    from spacegits_sim.rules import events as ev
    from spacegits_sim.rules.decisions import Choice

    beats = {"shove": "thump", "pinch": "shove", "thump": "pinch"}
    counter_of = {v: k for k, v in beats.items()}
    h = make_controller("heuristic", 2, 0)
    m = Match(SC, seed=2)
    mine: Counter[str] = Counter()
    net = 0
    n = 600
    for k in range(n):
        mine_most = mine.most_common(1)[0][0] if mine else "thump"
        bot = counter_of[mine_most]
        hx = h.decide(Choice(0, ("thump", "shove", "pinch"), "fight"), m)
        mine[hx] += 1
        net += (beats[bot] == hx) - (beats[hx] == bot)
        m.events.append(ev.FightRound("a1", "b1", k, (hx, bot), (True, True)))
    assert net / n < 4 * (2 / 3) ** 0.5 / n**0.5, net


def test_a_match_that_raises_inside_a_worker_is_reported_with_its_seed_and_the_tournament_goes_on():
    class Crashy:
        def __init__(self, seed, boss):
            self.inner = make_controller("random", seed, boss)
            self.n = 0

        def decide(self, req, m):
            self.n += 1
            if self.n > 3 and m.seed == 101:
                raise RuntimeError("controller bug")
            return self.inner.decide(req, m)

    register_controller("crashy", Crashy)
    tasks = schedule(scenario_to_doc(SC), ["crashy", "random"], 4, seed=100)
    for jobs in (1, 2):  # in this process, and inside forked worker processes
        results = run(tasks, jobs=jobs)
        pairs, failures = aggregate(results, ["crashy", "random"])
        assert len(results) == 4 and len(failures) == 2 and {f["seed"] for f in failures} == {101}
        assert "controller bug" in failures[0]["error"] and failures[0]["replay"]["decisions"]
        assert pairs[0].decided + pairs[0].ties == 2


def test_the_dask_path_runs_a_small_tournament_on_a_local_cluster():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        results = run(schedule(scenario_to_doc(SC), ["heuristic", "random"], 4), scheduler=client)
    local = run(schedule(scenario_to_doc(SC), ["heuristic", "random"], 4), jobs=1)
    assert len(results) == 4 and all(r["error"] is None for r in results)
    assert results == local  # the same seeds give the same matches wherever they run


def test_every_ai_answers_every_request_kind_in_a_full_match():
    for name in ("random", "heuristic"):
        m = Match(SC, seed=8)
        m.play([make_controller(name, 8, 0), make_controller(name, 8, 1)])
        assert m.over


def test_fight_requests_are_split_per_boss():
    req = FightThrow(0, (0, 1), ("a1", "b1"))
    assert req.part(0).boss == 0 and req.part(1).boss == 1 and req.part(0).options == ("thump", "shove", "pinch")


def test_a_chunked_two_worker_tournament_gives_exactly_the_results_of_one_process():
    from spacegits_sim.tournament import chunk_size

    tasks = schedule(scenario_to_doc(SC), ["random", "random"], 96, seed=3)
    assert chunk_size(len(tasks), 2) > 1  # this size really goes to the workers in chunks
    assert run(tasks, jobs=2) == run(tasks, jobs=1)


def _jammed(seed=1, x=12.0, far=(22, 22), cap=(12.0, 15.0)):
    """Jammed stands at ``x`` against the south side of a wall (y 5 to 5.6, x 6 to 18), the only
    cap at ``cap``; Far is far off at ``far``."""
    from helpers import match

    r = 25 / 25.4 / 2
    wall = [{"type": "wall", "polygon": [[6, 5], [18, 5], [18, 5.6], [6, 5.6]]}]
    m = match(
        [[{"type": "orc", "name": "Jammed"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (x, 5 - r), "b1": far},
        wall,
        seed=seed,
    )
    m.place_cap(cap, "test")
    return m


def test_a_git_touching_a_wall_throws_its_move_dice_into_free_space_round_it():
    """Issue 27: "Before throwing move dice, know the free directions (from the table's own
    sweeps: bases, walls, dice, caps, friends, the edge) and aim into them." A git jammed
    against a wall between it and the only cap does not throw at the cap through the wall: its
    aim's direction (and the scatter either side of it) is clear of the wall, heading round
    one of the wall's ends; and once a scoot got nowhere anyway, it goes off to one side, then
    the other (issue 16), and back to the plan once it moved."""
    from helpers import scoot_waste

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules import events as ev
    from spacegits_sim.rules.decisions import AimThrow, Throw

    m = _jammed()
    ai = HeuristicController(seed=1, boss=0)
    ask = AimThrow(0, "a1", "move", (6, 6, 6), 24.0, 24.0)
    first = ai.decide(ask, m).aim
    assert abs(first[0] - 12) > 1.0  # round one end of the wall, not at the cap behind it

    def heuristic(j, seed):
        return lambda req: HeuristicController(seed=seed, boss=0).decide(req, j)

    def straight(j, seed):  # at the cap, through the wall
        return lambda req: Throw((12.0, 17.0), 0.15) if isinstance(req, AimThrow) else heuristic(j, seed)(req)

    # Free space, whichever way the real dice scatter: 12 real scoots, every die moves the git
    # (measured 0 of 36 under 0.1"; thrown at the cap through the wall, 36 of 36).
    nowhere, thrown = scoot_waste(_jammed, "a1", heuristic)
    assert thrown >= 30 and nowhere <= thrown // 10, (nowhere, thrown)
    assert scoot_waste(_jammed, "a1", straight, 4)[0] >= 9

    def stuck_scoot():
        p = m.position("a1")
        m.emit(ev.ActivationStarted("Red", "a1", 1))
        m.emit(ev.ModelMoved("a1", p, p, 4.0, 0.0, "die9", 4, "normal", "terrain:t0"))
        m.emit(ev.ActivationEnded("a1", "done"))

    stuck_scoot()
    second = ai.decide(ask, m).aim
    assert abs(second[0] - 12) > 5  # off to one side
    stuck_scoot()
    third = ai.decide(ask, m).aim
    assert (third[0] - 12) * (second[0] - 12) < 0  # and then the other side
    m.emit(ev.ModelMoved("a1", m.position("a1"), (12, 3), 4.0, 3.0, "die9", 4, "normal", None))
    m.emit(ev.ActivationEnded("a1", "done"))
    assert ai.decide(ask, m).aim == first  # it moved: back to the plan


def test_the_heuristic_takes_first_the_move_die_that_walks_the_git_clear_of_the_wall_the_other_lies_behind():
    """Issue 27: "Every near-zero move followed the rules: the die really lay behind the
    obstacle." Scooting: "One move dice at a time (in any order), move the git directly towards
    that dice". A git touching a wall has a 3 lying beyond the wall and a 6 lying along it,
    past the wall's end. The 3 first moves the git nowhere (then the 6 walks it to the wall's
    end, a little nearer the cap); the 6 first walks it clear, and the 3 then moves it its
    full 3": the heuristic takes the 6 first, so no die is thrown away."""
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import OrderMoveDie

    r = 25 / 25.4 / 2
    m = _jammed(x=13, far=(2, 22), cap=(22.5, 4.5))
    along = m.table.place_die(6, 6, (23.0, 5 - r))
    behind = m.table.place_die(6, 3, (20.0, 9.0))
    assert m.table.sweep("a1", toward=(20.0, 9.0), distance=3).travelled < 0.1  # the 3 first: nowhere
    clear = m.table.sweep("a1", toward=(23.0, 5 - r), distance=6)
    then = m.table.sweep("a1", toward=(20.0, 9.0), distance=3, start=clear.end, ignore=[along])
    assert then.travelled > 2.9  # the 6 first: both dice move it
    ai = HeuristicController(seed=1, boss=0)
    assert ai.decide(OrderMoveDie(0, (behind, along), "", "a1"), m) == along


def test_the_search_samples_its_move_aims_from_the_free_space_round_a_git_touching_a_wall():
    """Issue 27: "The search samples aims from the same free space instead of spending its
    samples on blocked ones." A git jammed against a wall between it and the only cap: every
    aim the search tries (and so the one it throws) has its direction, and the scatter either
    side, clear of the wall."""
    import math

    from helpers import scoot_waste

    from spacegits_sim.ai.heuristic import FREE_SPREAD
    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rules.decisions import AimThrow

    r = 25 / 25.4 / 2
    m = _jammed()
    ai = SearchController(seed=1, boss=0)
    tried: list[tuple[float, float]] = []
    rollout = ai._rollout

    def spy(match_, scratch, git, req, cand, friend=None, away=None, luck=None):
        tried.append(cand.aim)
        return rollout(match_, scratch, git, req, cand, friend, away, luck)

    ai._rollout = spy  # type: ignore[method-assign]
    chosen = ai.decide(AimThrow(0, "a1", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert len(set(tried)) >= 2 and chosen in tried
    through = 0  # aims at or past the cap, through the wall (every die thrown there moves the git nowhere)
    for aim in set(tried):
        angle = math.atan2(aim[1] - (5 - r), aim[0] - 12)
        through += abs(angle - math.pi / 2) < FREE_SPREAD
    assert through == 0, tried

    nowhere, thrown = scoot_waste(
        _jammed, "a1", lambda j, seed: lambda req: SearchController(seed, 0).decide(req, j), 6
    )
    assert thrown >= 15 and nowhere <= thrown // 6, (nowhere, thrown)  # the dice it throws move the git


def test_the_heuristic_moves_a_git_under_fire_out_of_the_line_instead_of_leaving_it_to_be_farmed():
    """Issue 16: the heuristic "protects a git under fire (moves it out of lines of fire…); never
    leaves a git to be farmed". Grunk (tower 6) stands in the line of an enemy rifle, Pal stands
    safe by a cap: Grunk is picked, scoots first, and aims straight away from the gun."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow, ChooseAction, ChooseActivation

    m = match(
        [
            [{"type": "orc", "name": "Grunk", "weapons": ["pistol"]}, {"type": "orc", "name": "Pal"}],
            [{"type": "orc", "name": "Gunner", "weapons": ["rifle"]}],
        ],
        {"a1": (12, 12), "a2": (3, 20), "b1": (12, 4)},
    )
    m.place_cap((3.0, 22.0), "test")
    for _ in range(6):
        assert m.models["a1"].tower.add_die()
    m.sync_tower(m.models["a1"])
    ai = HeuristicController(seed=1, boss=0)
    assert [e.id for e in ai.shooters_at(m.models["a1"], m)] == ["b1"]
    assert ai.decide(ChooseActivation(0, ("a1", "a2", "leg_it"), "?"), m) == "a1"
    assert ai.decide(ChooseAction(0, ("scoot", "shoot"), "?", "a1"), m) == "scoot"
    aim = ai.decide(AimThrow(0, "a1", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert aim[1] > 18 and abs(aim[0] - 12) < 1  # straight away from the gun at (12, 4)


def test_the_heuristic_walks_over_to_boot_up_a_fallen_friend_within_reach():
    """Issue 27: "Walk over to boot a fallen friend when it pays" (Boot Up the Arse: "If a git
    is in contact with a fallen friendly git, they can boot them up the arse to get them to
    stand up"). Pal stands 5" from fallen Grunk, the only cap is far off: Pal is the git picked,
    it throws its move dice at Grunk, and once touching it, it boots Grunk up."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow, ChooseAction, ChooseActivation, ChooseBoot

    m = match(
        [[{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (12, 12), "a2": (12, 6), "b1": (22, 22)},
    )
    m.place_cap((2.0, 22.0), "test")
    _fell(m, "a1")
    ai = HeuristicController(seed=1, boss=0)
    assert ai.decide(ChooseActivation(0, ("a2", "leg_it"), ""), m) == "a2"
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6), 24.0, 24.0), m).aim
    assert abs(aim[0] - 12) < 1.0 and aim[1] > 9  # at Grunk, not at the cap
    m.place_model(m.models["a2"], (12, 12 - 2 * 25 / 25.4 / 2 - 0.01), "test: touching Grunk")
    assert ai.decide(ChooseAction(0, ("shoot", "scoot", "boot", "done"), "", "a2"), m) == "boot"
    assert ai.decide(ChooseBoot(0, (("boot_up", "a1"),), "", "a2"), m) == ("boot_up", "a1")


def test_the_search_keeps_the_heuristics_walk_to_a_fallen_friend_and_orders_its_dice_to_end_touching_it():
    """Issue 27: "Walk over to boot a fallen friend when it pays" — for the search too, whose
    rollouts score caps only. Pal stands 3" from fallen Grunk, the only cap 12" off the other
    way: the search throws at Grunk, not at the cap; and of a 6 lying past Grunk and a 2 lying
    back towards the cap it takes the 2 first, so the 6 then walks Pal into contact (the other
    order touches Grunk, then walks 2" away: nearer the cap, but nobody booted up)."""
    from helpers import match

    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rules.decisions import AimThrow, ChooseActivation, OrderMoveDie

    m = match(
        [[{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}], [{"type": "orc", "name": "Far"}]],
        {"a1": (12, 12), "a2": (12, 8), "b1": (22, 22)},
    )
    m.place_cap((22.0, 2.0), "test")
    _fell(m, "a1")
    ai = SearchController(seed=1, boss=0)
    assert ai.decide(ChooseActivation(0, ("a2", "leg_it"), ""), m) == "a2"
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6), 24.0, 24.0), m).aim
    assert abs(aim[0] - 12) < 1.0 and aim[1] > 12  # past Grunk, not at the cap
    past, back = m.table.place_die(6, 6, (12.0, 16.0)), m.table.place_die(6, 2, (15.0, 5.0))
    assert ai.decide(OrderMoveDie(0, (past, back), "", "a2"), m) == back


def test_the_search_rolls_out_its_walk_to_a_fallen_friend_where_dice_thrown_at_the_heuristics_aim_stop_short():
    """Issue 27: "Walk over to boot a fallen friend when it pays" — with dice that land by it.
    Pal walks to fallen Grunk; Red reaches in from the south edge and a building stands where
    its hand would be, so dice thrown past Grunk stop against the building, 5" short (the
    heuristic's aim did until its previews dropped dice before what they are thrown over,
    2026-12-05). The search rolls its rescue aims out with real throws on a scratch table: the
    walk to its aim's dice reaches Grunk 14 times in 20 or more."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rng import stream
    from spacegits_sim.rules.decisions import AimThrow, Throw

    def table():
        m = match(
            [[{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}], [{"type": "orc", "name": "Far"}]],
            {"a1": (12, 12), "a2": (18, 12), "b1": (22, 22)},
            [{"type": "building", "polygon": [[3, 2], [10, 2], [10, 7.5], [3, 7.5]]}],
        )
        m.place_cap((22.0, 2.0), "test")
        _fell(m, "a1")
        return m

    def landed(m, aim):  # where dice thrown at ``aim`` land, mean distance from Grunk, over 3 throws
        gaps = []
        for k in range(3):
            scratch = m.table.copy()
            res = scratch.throw(m.hand_point(0, aim), aim, (6, 6, 6), stream(k, "d"), stream(k, "s"), strength=0.15)
            gaps += [
                ((scratch.die(d.id).position[0] - 12) ** 2 + (scratch.die(d.id).position[1] - 12) ** 2) ** 0.5
                for d in res.dice
                if scratch.has_die(d.id)
            ]
        return sum(gaps) / len(gaps)

    m = table()
    h = HeuristicController(seed=1, boss=0)
    heuristic = h.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    # (since 2026-12-05 the heuristic previews its throws with the dice dropped before the
    # building, and its own aim lands them by Grunk: 3.2" off on average, against 5" and more)
    assert h._rescuing == {"a2": "a1"} and landed(m, heuristic) < 4.0
    m = table()
    ai = SearchController(seed=1, boss=0)
    req = AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0)
    aim = ai.decide(req, m).aim
    assert ai.rescue_of(m.models["a2"], m) == "a1"

    def reached(aim):  # of 20 throws at ``aim`` walked in the best order, how many end touching Grunk
        m = table()  # (a rollout scores RESCUED, 12, for an end in contact; any end short of him is
        judge = SearchController(seed=7, boss=0)  # scored below 0: the gap and the wasted dice)
        scratch = m.table.copy()
        return sum(judge._rollout(m, scratch, m.models["a2"], req, Throw(aim, 0.15), "a1") > 0 for _ in range(20))

    # (branch contact: its aims lie straight on past Grunk, so the dice need not land by him,
    # but the walk through them must reach him)
    # (the search's rollouts reach him at least as often as the heuristic's previewed aim)
    assert reached(aim) >= 14 and reached(aim) >= reached(heuristic), (reached(aim), reached(heuristic))


def _under_fire_by_a_fallen_friend(tower, gap=4.0):
    """Pal (a tower ``tower`` dice tall) stands in the line of Gunner's rifle, fallen Grunk
    ``gap`` inches (centre to centre) to one side, out of the line; the only cap is far off."""
    from helpers import match

    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}],
            [{"type": "orc", "name": "Gunner", "weapons": ["rifle"]}],
        ],
        {"a1": (12 + gap, 12), "a2": (12, 12), "b1": (12, 4)},
    )
    m.place_cap((2.0, 22.0), "test")
    _fell(m, "a1")
    for _ in range(tower):
        assert m.models["a2"].tower.add_die()
    m.sync_tower(m.models["a2"])
    return m


def test_the_search_boots_a_fallen_friend_in_reach_up_under_weak_fire_instead_of_walking_out_of_the_line():
    """Issue 27: "Walk over to boot a fallen friend when it pays … cover a git under fire."
    Pal, 5 dice tall, is shot at by one rifle, fallen Grunk 6" off: too far and too tall for
    the heuristic's brave rescue (RESCUE_NEAR 3.5", RESCUE_BRAVE a tower of 4), so it walks
    straight away from the gun, leaving Grunk to be robbed. Under one gun, with a tower of 5 or
    less, the search walks Pal to Grunk instead, to boot it up (Boot Up the Arse); under the
    same gun with a 6-dice tower (one stumble from falling) it still walks out of the line."""
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rules.decisions import AimThrow

    m = _under_fire_by_a_fallen_friend(5, gap=6.0)
    h = HeuristicController(seed=1, boss=0)
    assert h.under_fire(m.models["a2"], m)
    assert h.decide(AimThrow(0, "a2", "move", (6, 6), 24.0, 24.0), m).aim[1] > 18  # away from the gun
    ai = SearchController(seed=1, boss=0)
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6), 24.0, 24.0), m).aim
    assert ai.rescue_of(m.models["a2"], m) == "a1" and aim[0] > 15 and abs(aim[1] - 12) < 3  # at Grunk
    m = _under_fire_by_a_fallen_friend(6, gap=6.0)
    ai = SearchController(seed=1, boss=0)
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6), 24.0, 24.0), m).aim
    assert ai.rescue_of(m.models["a2"], m) is None and aim[1] > 18  # a tall tower walks out of the line


def _won_endgame(seed=1, **positions):
    """Red one new cap up, no cap left on the table, Blue's Thief standing near Red's gits."""
    from helpers import match

    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}, {"type": "orc", "name": "Other"}],
            [{"type": "orc", "name": "Thief"}],
        ],
        positions,
        [{"type": "wall", "polygon": [[6, 5], [18, 5], [18, 5.6], [6, 5.6]]}],
        seed=seed,
    )
    m.bosses[0].stash += 1
    return m


def test_the_searchs_walk_away_before_legging_it_throws_into_free_space():
    """Issue 27: "Throws that aim where the git can go." Won (a cap up, none left to take), the
    search walks its gits clear of the enemies before legging it ("Any of your models that are
    within 6" of a standing enemy model are replaced with a bottle cap from your stash"). Pal
    stands with a wall at its back and the Thief in front: straight away from the Thief is the
    wall, so it throws along the free space instead, and orders its dice to walk away."""
    import math

    from helpers import scoot_waste

    from spacegits_sim.ai.heuristic import FREE_SPREAD
    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rules.decisions import AimThrow, ChooseAction, ChooseActivation

    r = 25 / 25.4 / 2
    m = _won_endgame(a1=(2, 22), a2=(12, 5 - r), a3=(22, 22), b1=(12, 1.5))
    m.models["a1"].fallen = False
    ai = SearchController(seed=1, boss=0)
    assert ai.winning_endgame(m) and ai.leg_it_margin(m) <= 0  # Pal would cost a cap: walk it clear first
    assert ai.decide(ChooseActivation(0, ("a1", "a2", "a3", "leg_it"), ""), m) == "a2"
    assert ai.decide(ChooseAction(0, ("scoot", "done"), "", "a2"), m) == "scoot"
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert ai._escaping.get("a2") and ai._target["a2"][1] > 10  # its dice are ordered to walk away (past the wall)
    assert abs(math.atan2(aim[1] - (5 - r), aim[0] - 12) - math.pi / 2) > FREE_SPREAD  # not into the wall

    def endgame(seed):
        e = _won_endgame(a1=(2, 22), a2=(12, 5 - r), a3=(22, 22), b1=(12, 1.5), seed=seed)
        e.models["a1"].fallen = False
        return e

    # Real scoots: the dice it throws walk Pal along the free space (none into the wall at its back)
    def search(e, seed):
        return lambda req: SearchController(seed, 0).decide(req, e)

    nowhere, thrown = scoot_waste(endgame, "a2", search, 6)
    assert thrown >= 15 and nowhere <= thrown // 6, (nowhere, thrown)


def test_in_a_won_endgame_the_search_boots_a_fallen_friend_up_before_walking_its_gits_away():
    """Issue 27: "Walk over to boot a fallen friend when it pays." Won, the search walks its gits
    clear of the enemies before legging it, but no walk takes fallen Grunk out of the Thief's
    6" (it would cost a cap, and be robbed meanwhile), while booted up it can walk clear itself
    (Boot Up the Arse). Pal touches Grunk, Other stands by the Thief too: Pal is picked, and it
    boots Grunk up; a step away from Grunk, it throws at Grunk, not away from the Thief."""
    from spacegits_sim.ai.search import SearchController
    from spacegits_sim.rules.decisions import AimThrow, ChooseAction, ChooseActivation

    r = 25 / 25.4 / 2
    m = _won_endgame(a1=(12, 12), a2=(12, 12 - 2 * r - 0.01), a3=(16, 16), b1=(16, 12))
    _fell(m, "a1")
    ai = SearchController(seed=1, boss=0)
    assert ai.winning_endgame(m) and ai.retreat_from(m.models["a3"], m) is not None
    assert ai.decide(ChooseActivation(0, ("a3", "a2", "leg_it"), ""), m) == "a2"
    assert ai.decide(ChooseAction(0, ("scoot", "boot", "done"), "", "a2"), m) == "boot"
    m.place_model(m.models["a2"], (12, 8), 'test: 3" from Grunk')
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert abs(aim[0] - 12) < 2.5 and aim[1] > 10  # towards Grunk (away from the Thief is down-left)


def test_a_robbed_gits_boss_shoots_the_robber_first():
    """Issue 27: "drive a robber off (shoot, fight, shove) instead of leaving it to farm a fallen
    git". Thief stands over fallen Grunk (Put the Boot In: "take 1 cap from the fallen model's
    boss"); Bystander is nearer Gunner's pistol, but Gunner shoots the robber."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController

    r = 25 / 25.4 / 2
    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Gunner", "weapons": ["pistol"]}],
            [{"type": "orc", "name": "Thief"}, {"type": "orc", "name": "Bystander"}],
        ],
        {"a1": (8, 12), "a2": (12, 6), "b1": (8 + 2 * r + 0.01, 12), "b2": (14, 8)},
    )
    _fell(m, "a1")
    ai = HeuristicController(seed=1, boss=0)
    assert ai.robbers(m) == {"b1"}
    assert ai.shot_target(m.models["a2"], m).id == "b1"


def _robbed_grunk_and_pal(tower=0):
    """The robber board the hunting tests share. Red: fallen Grunk (a1) at (12, 14) and Pal (a2,
    no gun) 9" west of it edge to edge, out of its rescue reach (8" from the Thief), carrying a
    tower of ``tower`` dice; Blue: the Thief (b1) touching Grunk on Pal's side, a robber; the only
    cap far off in the corner (2, 2)."""
    from helpers import match

    r = 25 / 25.4 / 2
    m = match(
        [[{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}], [{"type": "orc", "name": "Thief"}]],
        {"a1": (12, 14), "a2": (4, 14), "b1": (12 - 2 * r - 0.01, 14)},
    )
    m.place_cap((2.0, 2.0), "test")
    _fell(m, "a1")
    m.place_model(m.models["a2"], (12 - 2 * r - 9.0, 14), 'test: 9" from Grunk, out of its rescue reach')
    if tower:
        for _ in range(tower):
            assert m.models["a2"].tower.add_die()
        m.sync_tower(m.models["a2"])
    return m


def test_a_robbed_gits_boss_without_a_shot_walks_a_git_into_the_robber_to_fight_it_off():
    """Issue 27: "drive a robber off (shoot, fight, shove) instead of leaving it to farm a fallen
    git" (Bumping: "If you bump into a standing enemy model your activation ends and a fight
    breaks out"). Thief stands over fallen Grunk; Pal has no gun, stands 8" off, and the only cap
    lies far the other way: Pal is the git picked, and it throws its move dice at the Thief."""
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow, ChooseActivation

    m = _robbed_grunk_and_pal()
    ai = HeuristicController(seed=1, boss=0)
    assert ai.robbers(m) == {"b1"} and not ai.fallen_friends(m.models["a2"], m)
    assert ai.decide(ChooseActivation(0, ("a2", "leg_it"), ""), m) == "a2"
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert aim[0] > m.position("b1")[0] - 1.0 and abs(aim[1] - 14) < 1.5  # at the robber, not at the cap


def test_a_robbed_gits_boss_walks_a_git_with_a_tower_of_4_into_the_robber():
    """Issue 27: "drive a robber off (shoot, fight, shove) instead of leaving it to farm a fallen
    git". As above, but Pal already carries a tower of 4 (the one case traced on branch team: a lone git
    with a tower of 4 walking to caps while the Thief robbed its friend): it still hunts."""
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow

    m = _robbed_grunk_and_pal(tower=4)
    ai = HeuristicController(seed=1, boss=0)
    assert m.models["a2"].tower.height == 4 and [r for r, _ in ai.robbers_in_reach(m.models["a2"], m)] == ["b1"]
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert aim[0] > m.position("b1")[0] - 1.0 and abs(aim[1] - 14) < 1.5  # at the robber, not at the cap


def test_a_robbed_gits_boss_walks_a_tall_git_that_must_scoot_anyway_into_the_robber():
    """Issue 27: "drive a robber off (shoot, fight, shove) instead of leaving it to farm a fallen
    git". Pal carries a tower of 10 (too tall to pick a fight by choice), has no gun and nothing
    to boot: "they do one or two different actions", so its first is a scoot whatever it wants,
    and its tower is at risk on any walk. That walk goes into the Thief over fallen Grunk, not to
    the cap (Four Bosses seeds 20 and 55: lone gits with towers of 10-12 walked to caps while a
    robber 8" off farmed their friend). A second action it may skip is still skipped."""
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow, ChooseAction

    m = _robbed_grunk_and_pal(tower=10)
    ai = HeuristicController(seed=1, boss=0)
    assert m.models["a2"].tower.height == 10 and not ai.robbers_in_reach(m.models["a2"], m)
    assert ai.decide(ChooseAction(0, ("scoot",), "", "a2"), m) == "scoot"
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert aim[0] > m.position("b1")[0] - 1.0 and abs(aim[1] - 14) < 1.5  # at the robber, not at the cap
    assert ai.decide(ChooseAction(0, ("scoot", "done"), "", "a2"), m) == "done"


def test_a_tall_git_that_must_scoot_under_the_robbers_gun_walks_to_its_robbed_friend_not_away():
    """Issue 27: "drive a robber off ... instead of leaving it to farm a fallen git". Pal carries a
    tower of 10, 6" from fallen Grunk, and the armed Thief standing over Grunk has Pal in its line
    (under fire, a tall git walks out of the line). With no gun and nothing to boot, Pal's first
    action is a scoot whatever it does, its tower at risk on any walk: it walks to Grunk (booted
    up, Grunk stands against the Thief and a fight breaks out), not away from the gun (Four Bosses
    seeds 20 and 55: both lone gits walked away from the guns and fell on the way)."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow, ChooseAction

    r = 25 / 25.4 / 2
    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}],
            [{"type": "orc", "name": "Thief", "weapons": ["pistol"]}],
        ],
        {"a1": (12, 14), "a2": (4, 14), "b1": (12, 14 + 2 * r + 0.01)},
    )
    m.place_cap((22.0, 2.0), "test")
    _fell(m, "a1")
    m.place_model(m.models["a2"], (12 - 2 * r - 6.0, 14), 'test: 6" from Grunk')
    for _ in range(10):
        assert m.models["a2"].tower.add_die()
    m.sync_tower(m.models["a2"])
    ai = HeuristicController(seed=1, boss=0)
    assert ai.under_fire(m.models["a2"], m) and ai.robbers(m) == {"b1"}
    assert ai.decide(ChooseAction(0, ("scoot",), "", "a2"), m) == "scoot"
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert aim[0] > 10 and not ai._escaping.get("a2")  # towards Grunk, not away from the Thief's gun


def test_a_robbed_gits_boss_sends_a_vehicle_with_a_tall_tower_at_the_robber():
    """Issue 27: "drive a robber off". A buggy 5" from the Thief over fallen Grunk carries a
    tower of 8; Pal, on foot, stands 10" from a cap. Robbers stand only before the siren, when a
    vehicle's tumbling tower is a wipeout that "clears up the dice tower" (no fall, no wreck),
    so the tall tower is no reason to leave the robber farming Grunk: the buggy is activated
    (derby seeds 2 and 33: vehicles 9-11" off with towers of 14 and 8 were passed over)."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseActivation

    r = 25 / 25.4 / 2
    m = match(
        [
            [
                {"type": "orc", "name": "Grunk"},
                {"type": "orc", "name": "Gaz", "vehicle": "buggy"},
                {"type": "orc", "name": "Pal"},
            ],
            [{"type": "orc", "name": "Thief"}],
        ],
        {"a1": (12, 14), "b1": (12 - 2 * r - 0.01, 14), "a3": (12, 3)},
        None,
        1,
        options={"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0},
    )
    m.place_model(m.models["a2v"], (4, 14), "test set-up")
    m.table.move_figure("a2v", (4, 14), angle=0.0)
    m.place_cap((22.0, 2.0), "test")
    _fell(m, "a1")
    v = m.models["a2v"]
    for _ in range(8):
        assert v.tower.add_die()
    m.sync_tower(v)
    ai = HeuristicController(seed=1, boss=0)
    assert ai.robbers(m) == {"b1"} and v.tower.height == 8
    assert ai.decide(ChooseActivation(0, ("a2v", "a3", "leg_it"), ""), m) == "a2v"


def test_a_robbed_gits_boss_shoots_the_robber_before_ducking_out_of_its_fire():
    """Issue 27: a robber shot at is answered. Gunner carries a tower of 5 and the Thief, standing
    over fallen Grunk, has it in its pistol's line (under fire, a tall git steps out of the line
    first), but the robber in Gunner's own line is shot first: the scoot away would leave it
    farming Grunk."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseAction

    r = 25 / 25.4 / 2
    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Gunner", "weapons": ["pistol"]}],
            [{"type": "orc", "name": "Thief", "weapons": ["pistol"]}],
        ],
        {"a1": (8, 12), "a2": (12, 8), "b1": (8 + 2 * r + 0.01, 12)},
    )
    m.place_cap((22.0, 2.0), "test")
    _fell(m, "a1")
    for _ in range(5):
        assert m.models["a2"].tower.add_die()
    m.sync_tower(m.models["a2"])
    ai = HeuristicController(seed=1, boss=0)
    assert ai.under_fire(m.models["a2"], m) and ai.shot_target(m.models["a2"], m).id == "b1"
    assert ai.decide(ChooseAction(0, ("scoot", "shoot", "done"), "", "a2"), m) == "shoot"


def test_the_heuristic_walks_to_a_fallen_friend_before_shooting_so_the_boot_is_left():
    """Issue 27 (team): "they do one or two different actions out of scoot, shoot, or boot". Pal
    stands 3" from fallen Grunk with a pistol and an enemy in its line: it scoots first (a shot
    first would leave no action for Boot Up the Arse once the walk ends touching Grunk), and
    after the walk it shoots only if it is not touching Grunk."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseAction

    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal", "weapons": ["pistol"]}],
            [{"type": "orc", "name": "Target"}],
        ],
        {"a1": (12, 12), "a2": (12, 8), "b1": (18, 8)},
    )
    m.place_cap((2.0, 22.0), "test")
    _fell(m, "a1")
    ai = HeuristicController(seed=1, boss=0)
    assert ai.shot_target(m.models["a2"], m).id == "b1"  # a shot is there to take
    assert ai.decide(ChooseAction(0, ("scoot", "shoot"), "", "a2"), m) == "scoot"
    assert ai.decide(ChooseAction(0, ("shoot", "done"), "", "a2"), m) == "shoot"  # the walk fell short


def test_a_git_under_fire_with_a_fallen_friend_close_by_walks_to_it_not_away_from_the_guns():
    """Issue 27 (team): "Walk over to boot a fallen friend when it pays". Pal (tower 4) stands in a
    rifle's line 2" from fallen Grunk: instead of staggering away from the gun (the under-fire
    escape of issue 16), it throws its move dice at Grunk to boot it up."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow

    m = match(
        [
            [{"type": "orc", "name": "Grunk"}, {"type": "orc", "name": "Pal"}],
            [{"type": "orc", "name": "Gunner", "weapons": ["rifle"]}],
        ],
        {"a1": (12, 15), "a2": (12, 12), "b1": (4, 12)},
    )
    m.place_cap((22.0, 2.0), "test")
    _fell(m, "a1")
    for _ in range(4):
        assert m.models["a2"].tower.add_die()
    m.sync_tower(m.models["a2"])
    ai = HeuristicController(seed=1, boss=0)
    assert [e.id for e in ai.shooters_at(m.models["a2"], m)] == ["b1"]
    aim = ai.decide(AimThrow(0, "a2", "move", (6, 6, 6), 24.0, 24.0), m).aim
    assert aim[1] > 14 and abs(aim[0] - 12) < 2  # at Grunk (north), not east away from the gun


def _buggy_match(pos, cap):
    """Red: a buggy (a1v) placed at ``(x, y, facing)``; Blue: one orc in a corner; one cap."""
    from helpers import match

    m = match(
        [[{"type": "orc", "name": "Gaz", "vehicle": "buggy", "weapons": ["pistol"]}], [{"type": "orc", "name": "Urg"}]],
        {},
        None,
        1,
        options={"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0},
    )
    m.place_model(m.models["a1v"], pos[:2], "test set-up")
    m.table.move_figure("a1v", pos[:2], angle=pos[2])
    m.place_model(m.models["b1"], (2.0, 2.0), "test set-up")
    m.place_cap(cap, "test")
    return m


def test_a_vehicle_facing_the_table_edge_does_not_throw_its_move_dice_behind_itself():
    """Issue 27: "no rear-arc dice thrown at an edge the vehicle is facing". A buggy nose to the
    north edge with the only cap behind it: its move dice go into its front arc (a rear-arc die
    "moves forward without pivoting, then 1 damage" — into the edge), on the table."""
    import math

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow

    m = _buggy_match((12.0, 21.5, math.pi / 2), (12.0, 4.0))
    aim = HeuristicController(seed=1, boss=0).decide(AimThrow(0, "a1v", "move", (6, 6), 24.0, 24.0), m).aim
    assert 0 <= aim[0] <= 24 and 0 <= aim[1] <= 24
    assert m.table.local_point("a1v", aim)[0] > 0  # ahead of the line across its middle


def test_before_the_siren_a_vehicle_with_a_tall_tower_still_drives():
    """Issue 27: "Purposeful vehicles ... avoid parking". "If a vehicle's tower tumbles, the driver
    has lost control and the vehicle suffers a wipeout" (it clears the tower; it wrecks the
    vehicle only "if a vehicle wipes out after the timer has sounded"): before the siren a tall
    tower is no reason to park; after it, the heuristic stops driving a tall one."""
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseAction

    m = _buggy_match((12.0, 12.0, 0.0), (20.0, 20.0))
    v = m.models["a1v"]
    for _ in range(9):
        assert v.tower.add_die()
    ai = HeuristicController(seed=1, boss=0)
    assert ai.decide(ChooseAction(0, ("done", "scoot"), "", "a1v"), m) == "scoot"
    m.siren = True
    assert ai.decide(ChooseAction(0, ("done", "scoot"), "", "a1v"), m) == "done"


def test_the_heuristic_legs_it_with_a_lead_nothing_left_can_overturn_even_before_the_siren():
    """Issue 27: "Leg it when staying gains less than it risks (ahead on caps...)". "The game ends
    when all but one of the gangs have legged it", and the last boss standing gets the caps still
    on the table: 5 caps up with 2 on the table and no git near an enemy, nothing the other boss
    can pick up overturns it, so the heuristic banks the win now (few caps are left to gain);
    1 cap up, it stays; 9 caps up with 6 caps still down, it stays to pick them up (a campaign
    boss's stash is its income) until the timer is nearly up."""
    from helpers import match

    from spacegits_sim.ai.heuristic import HeuristicController

    m = match([[{"type": "orc", "name": "Rich"}], [{"type": "orc", "name": "Poor"}]], {"a1": (3, 3), "b1": (21, 21)})
    m.place_cap((12.0, 12.0), "test")
    m.place_cap((12.0, 14.0), "test")
    ai = HeuristicController(seed=1, boss=0)
    assert not m.siren
    m.bosses[0].stash += 5
    assert ai.should_leg_it(m)
    m.bosses[0].stash -= 4
    assert not ai.should_leg_it(m)
    for k in range(4):
        m.place_cap((4.0 + 4 * k, 8.0), "test")
    m.bosses[0].stash += 8
    assert not ai.should_leg_it(m)
    m.advance(0.85 * 30 * 60)
    assert ai.should_leg_it(m)


def test_a_vehicle_drives_at_a_robber_standing_over_a_fallen_friend():
    """Issue 27 (team): "drive a robber off (shoot, fight, shove)". A vehicle cannot boot ("They
    can't take boot actions but can start fights"), but bumping a standing enemy starts a fight
    in which it smashes: a buggy with a robber over its fallen friend 8" off drives at the
    robber, not at the cap."""
    import math

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import AimThrow

    m = _buggy_match((6.0, 12.0, 0.0), (6.0, 22.0))
    m.models["b1"].tower.clear()
    r = 25 / 25.4 / 2
    pal = m.models["b1"]  # stand the robber over a fallen friend: the buggy's boss's fallen git is faked
    ai = HeuristicController(seed=1, boss=0)
    ai.robbers = lambda match: {pal.id}  # type: ignore[method-assign]
    m.place_model(pal, (16.0, 12.0 + 2 * r), "test: the robber")
    ai.decide(AimThrow(0, "a1v", "move", (6, 6, 6), 24.0, 24.0), m)
    assert math.dist(ai._target["a1v"], m.position("b1")) < 0.01


def test_the_tournament_command_takes_a_controller_registered_at_run_time(tmp_path, capsys):
    """register_controller is the plugin seam (tools/baseline_ai.py registers an old commit's AIs):
    the command line must accept every name the ruleset knows now, not only the shipped ones."""
    from spacegits_sim.cli import main as cli_main

    register_controller("random_plugin", lambda seed, boss: make_controller("random", seed, boss))
    assert cli_main(["tournament", "--ai", "random_plugin,random", "--games", "2", "--jobs", "1"]) == 0
    assert "random_plugin vs random" in capsys.readouterr().out


def _car_and_git(enemy=None):
    """Red: a buggy (a1v, its driver a1) facing east at (4, 12) and an orc on foot (a2) at
    (20, 3); Blue: ``enemy`` (default an orc in the far corner). No caps yet."""
    import math

    from helpers import match

    blue = enemy or {"type": "orc", "name": "Urg"}
    m = match(
        [
            [
                {"type": "orc", "name": "Gaz", "vehicle": "buggy", "weapons": ["pistol"]},
                {"type": "orc", "name": "Rukk"},
            ],
            [blue],
        ],
        {},
        None,
        1,
        options={"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0},
    )
    m.place_model(m.models["a1v"], (4.0, 12.0), "test set-up")
    m.table.move_figure("a1v", (4.0, 12.0), angle=0.0)
    m.place_model(m.models["a2"], (20.0, 3.0), "test set-up")
    assert math.isclose(m.table.figure("a1v").angle, 0.0)
    return m


def test_a_vehicle_with_a_line_of_caps_in_its_reach_is_activated_over_a_git_nearer_one_cap():
    """Issue 27: "no cars parked for the whole game"; "Purposeful vehicles. Drive to where caps
    ... are". Vehicles "can loot caps, and caps don't halt their movement", and a buggy scoots
    three move dice up to its handling (3D10 here), so three caps 6-12" along its nose are one
    activation's loot, while the git on foot 3" from a lone cap stops at it. The heuristic
    activates the buggy (it used to weigh a vehicle as a git, by its nearest cap, and left the
    cars parked while gits picked the middle clean), and drives at that line."""
    import math

    from spacegits_sim.ai import driver
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseActivation

    m = _car_and_git()
    for x in (10.0, 13.0, 16.0):
        m.place_cap((x, 12.0), "test: a line ahead of the buggy")
    m.place_cap((20.0, 6.0), "test: a lone cap near the git")
    ai = HeuristicController(seed=1, boss=0)
    assert ai.decide(ChooseActivation(0, ("a1v", "a2", "leg_it"), ""), m) == "a1v"
    target = driver.drive_target(m.models["a1v"], m, ai.caps(m), 0)
    assert math.isclose(target[1], 12.0) and target[0] >= 10.0  # along the line, not the git's cap


def test_a_vehicle_in_reach_of_a_ram_the_smash_odds_favour_is_activated_over_a_git_far_from_caps():
    """Issue 27: "Drive to where ... rams are". "When a vehicle smashes something, you roll a
    number of D6 equal to the vehicle's toughness plus its current speed": a buggy (toughness 5)
    driving into a bike (toughness 3) 10" ahead wins the exchange by several damage dice, so it is
    activated rather than a git 5" from the only cap, which sits 14" behind the buggy."""
    import math

    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseActivation

    m = _car_and_git({"type": "goblin", "name": "Snit", "vehicle": "bike"})
    m.place_model(m.models["b1v"], (14.0, 12.0), 'test set-up: the bike 10" ahead')
    m.table.move_figure("b1v", (14.0, 12.0), angle=math.pi / 2)
    m.place_cap((20.0, 8.0), "test: the git's cap, 5\" off")
    ai = HeuristicController(seed=1, boss=0)
    assert ai.decide(ChooseActivation(0, ("a1v", "a2", "leg_it"), ""), m) == "a1v"


def test_a_boxed_in_vehicle_is_not_valued_for_loot_it_cannot_drive_to(monkeypatch):
    """The other side of the vehicle's worth: a hull no move die can take anywhere is not
    scooted (every die would be a crash where it stands: ``driver.boxed_in``, pinned by its own
    tests), so caps in its reach are worth nothing to it and the git on foot is activated."""
    from spacegits_sim.ai import driver
    from spacegits_sim.ai.heuristic import HeuristicController
    from spacegits_sim.rules.decisions import ChooseActivation

    m = _car_and_git()
    for x in (10.0, 13.0, 16.0):
        m.place_cap((x, 12.0), "test: a line ahead of the buggy")
    m.place_cap((20.0, 6.0), "test: a lone cap near the git")
    ai = HeuristicController(seed=1, boss=0)
    assert driver.activation_worth(m.models["a1v"], m, ai.caps(m), 0) > 8.0
    monkeypatch.setattr(driver, "boxed_in", lambda v, match: True)
    assert driver.activation_worth(m.models["a1v"], m, ai.caps(m), 0) == 0.0
    assert ai.decide(ChooseActivation(0, ("a1v", "a2"), ""), m) == "a2"


def test_a_fallen_enemy_whose_boss_has_caps_is_loot_on_a_vehicles_run():
    """ "Bump into a Fallen Git: If you bump into a fallen git (friend or foe), pause, move them the
    minimum distance needed to clear the path of your movement, steal 1 cap from them": with no
    caps on the table, a fallen enemy 8" ahead of the buggy is worth a drive (and is where it
    drives) while its boss has caps to steal, and nothing once the stash is empty."""
    import math

    from spacegits_sim.ai import driver

    m = _car_and_git()
    m.place_model(m.models["b1"], (12.0, 12.0), "test set-up: 8 in ahead")
    _fell(m, "b1")
    v = m.models["a1v"]
    m.bosses[1].stash = 3
    assert driver.activation_worth(v, m, [], 0) > 4.0
    assert math.dist(driver.drive_target(v, m, [], 0), m.position("b1")) < 0.01
    m.bosses[1].stash = 0
    assert driver.activation_worth(v, m, [], 0) == 0.0


def _car_git_and_fallen_friend(gap):
    """Red: a buggy (a1v) facing east at (4, 12) with one cap 4" along its nose (a loot run worth
    one cap, 8 points), an orc on foot (Rukk, a2) and fallen Grunk (a3) ``gap`` inches edge to edge
    from Rukk, far from the cap; Blue: a standing orc in the far corner. No robbers, no guns."""
    import math

    from helpers import match

    r = 25 / 25.4 / 2
    m = match(
        [
            [
                {"type": "orc", "name": "Gaz", "vehicle": "buggy", "weapons": ["pistol"]},
                {"type": "orc", "name": "Rukk"},
                {"type": "orc", "name": "Grunk"},
            ],
            [{"type": "orc", "name": "Urg"}],
        ],
        {},
        None,
        1,
        options={"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0},
    )
    m.place_model(m.models["a1v"], (4.0, 12.0), "test set-up")
    m.table.move_figure("a1v", (4.0, 12.0), angle=0.0)
    m.place_model(m.models["b1"], (22.0, 2.0), "test set-up: far from everything")
    m.place_model(m.models["a3"], (20.0, 22.0), "test set-up: Grunk, far from the cap")
    m.place_model(m.models["a2"], (20.0 - 2 * r - gap, 22.0), f'test set-up: Rukk {gap}" from Grunk')
    _fell(m, "a3")
    m.place_cap((8.0, 12.0), "test: one cap 4\" along the buggy's nose")
    assert math.isclose(m.table.distance_between("a2", "a3"), gap, abs_tol=0.01)
    return m


def test_a_git_3_in_from_a_fallen_friend_is_activated_over_a_vehicles_one_cap_loot_run():
    """Issue 27: "Walk over to boot a fallen friend when it pays" (Boot Up the Arse: "If a git is
    in contact with a friendly fallen git, they can boot them up the arse to get them to stand
    up."). A fallen friend in a scoot's reach is valued on the loot's scale, 8 a cap: a git back
    in the game, plus the cap an enemy would steal by booting it while its boss has caps and
    enemies stand (afc540c: before it a derby car's drive outbid every rescue). Rukk stands 3"
    from fallen Grunk; the buggy has a run worth one cap: Rukk is activated."""
    from spacegits_sim.ai import driver
    from spacegits_sim.ai.heuristic import RESCUE_NEAR, HeuristicController
    from spacegits_sim.rules.decisions import ChooseActivation

    m = _car_git_and_fallen_friend(3.0)
    ai = HeuristicController(seed=1, boss=0)
    assert 3.0 <= RESCUE_NEAR and m.bosses[0].stash > 0
    assert [o.id for o, _ in ai.fallen_friends(m.models["a2"], m)] == ["a3"]
    run = driver.activation_worth(m.models["a1v"], m, ai.caps(m), 0)
    assert 15.0 / (1.0 + 3.0) + 1.0 < run <= driver.CAP_POINTS  # more than the rescue was worth before afc540c
    assert ai.decide(ChooseActivation(0, ("a1v", "a2", "leg_it"), ""), m) == "a2"


def test_a_fallen_friends_rescue_worth_is_full_within_rescue_near_and_falls_off_beyond():
    """The rescue's worth on the loot's scale (Boot Up the Arse: "If a git is in contact with a
    friendly fallen git, they can boot them up the arse to get them to stand up."): 8 for a git
    back in the game, 8 more while its boss has caps to steal and enemies stand, full within
    RESCUE_NEAR (a scoot's reach) and divided by 1 + (d - RESCUE_NEAR) / RESCUE_NEAR beyond it,
    on top of the older 15 / (1 + d). Measured through ``value_of_activating`` (its tie-break
    noise is under 0.1) with the cap far off and no shot, boot, robber or tower to add."""
    import math

    from spacegits_sim.ai.heuristic import RESCUE_IN, RESCUE_NEAR, HeuristicController

    def extra(gap, stash):
        m = _car_git_and_fallen_friend(gap)
        m.bosses[0].stash = stash
        ai = HeuristicController(seed=1, boss=0)
        d = m.table.distance_between("a2", "a3")
        cap = 12.0 / (1.0 + min(math.dist(m.position("a2"), c) for c in ai.caps(m)))
        return ai.value_of_activating(m.models["a2"], m) - 15.0 / (1.0 + d) - cap

    assert RESCUE_NEAR < 7.0 <= RESCUE_IN
    for gap, stash, worth in ((2.0, 3, 16.0), (3.0, 3, 16.0), (7.0, 3, 16.0 / (1 + (7.0 - RESCUE_NEAR) / RESCUE_NEAR))):
        assert worth <= extra(gap, stash) < worth + 0.1, (gap, stash)
    assert 8.0 <= extra(3.0, 0) < 8.1  # no caps to steal: a git back in the game only
    assert extra(7.0, 3) < extra(3.0, 3) - 7.0  # half as much at twice the reach

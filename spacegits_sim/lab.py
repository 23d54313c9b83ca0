"""The gang lab: which gang wins, and what a piece of kit is worth, from many seeded games.

A tournament compares AIs; the lab holds the AI fixed (the same one on every side, or one
named per side) and varies the gangs. Two designs share one engine:

* a **pool**: every pair of gang files plays, seats swapped, over one or more scenarios (the
  gangs are substituted into each scenario's seats); each pair's win rate has a 95% Wilson
  interval, and the pool gets Bradley–Terry ratings (``choix``);
* **kit**: a base gang *with* an item (gear, weapon, faction, vehicle mod, vehicle, git)
  plays the same gang *without* it (or a ``versus`` gang, e.g. the caps spent otherwise); the
  win-rate change converts to caps through a cap-valued baseline (an extra orc, 5 caps):
  ``worth = cost(baseline) × logit(p_item) / logit(p_baseline)`` — on the log-odds scale, where
  Bradley–Terry strengths add, an item worth half an orc moves the odds half as far.

Every game is an independent task (scenario doc, the two sides, seed, seat order) run on the
tournament's machinery: in this process, a local process pool, or a Dask cluster (the same
``connect``/TLS rules). Game ``k`` of a matchup has seed ``run seed + k``, seats swapped on odd
``k``, and plays scenario ``(k // 2) mod (number of scenarios)``, so a game's result depends on
nothing but the run's settings and its index. The number of games is chosen sequentially: games
are played in batches and a matchup stops at the first batch boundary where its interval's
half-width reaches ``ci`` (or at the cap) — decided from whole batches only, so the stopping
point, and every table, is the same whatever the number of workers, the order results come
back in, or a kill and resume part-way (the state file, written atomically, holds every
finished game).
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from . import __version__
from .atomic import write_atomic, write_figure
from .data.errors import DataError, Problem
from .data.jsonio import DuplicateKeyError, loads_strict
from .data.rules_data import RulesData
from .rules.gangs import Gang, gang_cost, gang_from_doc, unsimulated, validate_gang
from .towerlab import wilson

STATE_FORMAT = "spacegits-lab-state/1"
Z95 = 1.959964

# ---------------------------------------------------------------------------------------------
# sides, matchups, games


@dataclass(frozen=True)
class Side:
    """One side of a matchup: a gang (plain data, inline) and the AI that plays it."""

    label: str
    gang: dict[str, Any]
    ai: str


@dataclass(frozen=True)
class Matchup:
    key: str
    a: Side
    b: Side


@dataclass(frozen=True)
class Game:
    key: str
    index: int
    seed: int
    swapped: bool  # False: side a in seat 0 (and 2); True: side b there
    scenario: dict[str, Any]
    a: Side
    b: Side


def gang_to_doc(g: Gang) -> dict[str, Any]:
    """A gang as inline plain data (what scenario_to_doc writes for a player's gang)."""
    from .rules.scenario import Player, Scenario, scenario_to_doc

    sc = Scenario("x", 24, 24, (), (Player("x", g),), 30, 25, 0)
    doc: dict[str, Any] = scenario_to_doc(sc)["players"][0]["gang"]
    return doc


def seat_sides(game: Game, seats: int) -> list[Side]:
    """Who sits where: A B (A B) with seats in order, B A (B A) when swapped."""
    first, second = (game.b, game.a) if game.swapped else (game.a, game.b)
    return [(first, second)[i % 2] for i in range(seats)]


def seat_letter(game: Game, seat: int) -> str:
    """'a' or 'b': which side sits in a seat."""
    return "a" if (seat % 2 == 0) != game.swapped else "b"


def game_scenario(game: Game) -> dict[str, Any]:
    """The scenario with the two gangs substituted into its seats (boss names kept)."""
    doc = dict(game.scenario)
    players = [dict(p) for p in doc["players"]]
    for p, side in zip(players, seat_sides(game, len(players)), strict=True):
        p["gang"] = side.gang
        p.pop("stash", None)
    doc["players"] = players
    return doc


def play_game(game: Game) -> dict[str, Any]:
    """Play one lab game; never raises (a failure comes back with its seed and error)."""
    from .ai import make_controller
    from .data import default_rules
    from .rules.engine import Match
    from .rules.scenario import scenario_from_doc

    t0 = time.process_time()
    out: dict[str, Any] = {"key": game.key, "index": game.index, "seed": game.seed}
    try:
        sc = scenario_from_doc(game_scenario(game), f"<lab scenario {game.scenario.get('name')}>", default_rules())
        sides = seat_sides(game, len(sc.players))
        m = Match(sc, seed=game.seed)
        m.play([make_controller(s.ai, game.seed, i) for i, s in enumerate(sides)])
        s = m.summary()
        names = [b.name for b in m.bosses]
        won = {seat_letter(game, names.index(w)) for w in s["winners"]}
        out["outcome"] = won.pop() if len(won) == 1 else "tie"
        out["error"] = None
    except Exception as e:  # a bug in a controller or the engine: report it, keep going
        out["outcome"] = "error"
        out["error"] = f"{type(e).__name__}: {e}"
        out["traceback"] = traceback.format_exc()
    out["cpu_s"] = round(time.process_time() - t0, 4)
    return out


def _play_chunk(games: list[Game]) -> list[dict[str, Any]]:
    return [play_game(g) for g in games]


# ---------------------------------------------------------------------------------------------
# the design and its sequential stopping rule


@dataclass(frozen=True)
class Design:
    """What to play: the scenarios (plain data), the matchups, and how many games.

    ``ci`` None: exactly ``games`` games per matchup. Otherwise games are added ``batch`` at a
    time until the 95% interval's half-width is at most ``ci`` (after ``min_games``), never
    more than ``games``."""

    scenarios: tuple[dict[str, Any], ...]
    matchups: tuple[Matchup, ...]
    seed: int = 0
    games: int = 100
    ci: float | None = None
    batch: int = 16
    min_games: int = 16

    def __post_init__(self) -> None:
        step = 2 * len(self.scenarios)  # a batch plays every scenario with the seats both ways
        object.__setattr__(self, "batch", max(step, math.ceil(self.batch / step) * step))

    def game(self, m: Matchup, k: int) -> Game:
        sc = self.scenarios[(k // 2) % len(self.scenarios)]
        return Game(m.key, k, (self.seed + k) % 2**63, k % 2 == 1, sc, m.a, m.b)

    def run_fingerprint(self) -> str:
        """What every game of the run shares: the scenarios, the seed and the package version."""
        doc = {"version": __version__, "scenarios": self.scenarios, "seed": self.seed}
        return _hash(doc)

    def matchup_fingerprint(self, m: Matchup) -> str:
        """What a matchup's games depend on besides the run: its two sides (gangs and AIs).
        Not the number of games or the interval asked for: game ``k`` is the same game whatever
        those are, so a finished run re-run with a narrower ``ci`` keeps every game it played,
        and a run given one more item keeps the games of the others."""
        return _hash({"run": self.run_fingerprint(), "matchup": asdict(m)})

    def fingerprint(self) -> str:
        """The run and all its matchups (names the default state file)."""
        return _hash([self.run_fingerprint(), *sorted(self.matchup_fingerprint(m) for m in self.matchups)])


def _hash(doc: Any) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True, default=str).encode()).hexdigest()[:16]


@dataclass
class Tally:
    """A matchup's results over its first ``n`` games."""

    wins_a: int = 0
    wins_b: int = 0
    ties: int = 0
    failed: int = 0
    n: int = 0
    by_scenario: dict[str, list[int]] = field(default_factory=dict)  # name -> [wins a, wins b, ties]

    @property
    def decided(self) -> int:
        return self.wins_a + self.wins_b

    def rate(self) -> tuple[float, float, float]:
        """Side a's win rate among decided games, with its 95% Wilson interval."""
        if self.decided == 0:
            return (math.nan, 0.0, 1.0)
        lo, hi = wilson(self.wins_a, self.decided)
        return (self.wins_a / self.decided, lo, hi)

    def half_width(self) -> float:
        return wilson_half(self.wins_a, self.decided)


def wilson_half(k: int, n: int) -> float:
    """Half the width of the 95% Wilson interval of k successes in n (0.5 with no games)."""
    lo, hi = wilson(k, n)
    return (hi - lo) / 2


def tally(design: Design, outcomes: dict[int, str], n: int) -> Tally:
    t = Tally(n=n)
    for k in range(n):
        o = outcomes.get(k)
        name = str(design.scenarios[(k // 2) % len(design.scenarios)].get("name"))
        row = t.by_scenario.setdefault(name, [0, 0, 0])
        if o == "a":
            t.wins_a += 1
            row[0] += 1
        elif o == "b":
            t.wins_b += 1
            row[1] += 1
        elif o == "tie":
            t.ties += 1
            row[2] += 1
        else:
            t.failed += 1
    return t


def frontier(design: Design, outcomes: dict[int, str]) -> tuple[bool, int, list[int]]:
    """(finished, games counted, games still to play before the next decision).

    Walks the batch boundaries from the start: at each, the matchup stops if the cap is
    reached or (after ``min_games``) its interval is narrow enough; otherwise the next batch is
    needed. Only whole batches are ever judged, so the answer depends on the results alone."""
    n = 0
    while True:
        if n >= design.games:
            return True, n, []
        if design.ci is not None and n >= design.min_games and tally(design, outcomes, n).half_width() <= design.ci:
            return True, n, []
        nxt = min(n + design.batch, design.games)
        missing = [k for k in range(n, nxt) if k not in outcomes]
        if missing:
            return False, n, missing
        n = nxt


# ---------------------------------------------------------------------------------------------
# running: in this process, a local process pool, or Dask (the tournament's connect/TLS rules)


class Runner:
    """Where games run. One process pool (or Dask client) for the whole lab run."""

    def __init__(self, jobs: int = 1, scheduler: Any = None, security: Any = None) -> None:
        self.jobs, self.scheduler, self.security = jobs, scheduler, security
        self.pool: ProcessPoolExecutor | None = None
        self.client: Any = None
        self.own_client = False

    def __enter__(self) -> Runner:
        from .tournament import _warm, connect, worker_signals

        if self.scheduler is not None:
            try:
                from distributed import Client
            except ImportError:
                raise RuntimeError("Dask is not installed: pip install 'spacegits_sim[distributed]'") from None
            if isinstance(self.scheduler, Client):
                self.client = self.scheduler
            else:
                self.client = connect(self.scheduler, security=self.security)
                self.own_client = True
        elif self.jobs > 1:
            _warm()  # forked workers inherit the imported engine and the parsed rules
            self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=worker_signals)
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if self.pool is not None:
            if exc_type is not None:  # killed, interrupted or failed: no worker plays on
                from .tournament import stop_pool

                stop_pool(self.pool)
            else:
                self.pool.shutdown(wait=False, cancel_futures=True)
        if self.own_client:
            self.client.close()

    def run(self, games: list[Game], done: Callable[[dict[str, Any]], None]) -> None:
        from .tournament import chunk_size

        if self.client is not None:
            from distributed import as_completed as dask_completed

            for f in dask_completed(self.client.map(play_game, games, pure=False)):  # type: ignore[no-untyped-call]
                done(f.result())
        elif self.pool is None:
            for g in games:
                done(play_game(g))
        else:
            size = chunk_size(len(games), self.jobs)
            futs = [self.pool.submit(_play_chunk, games[i : i + size]) for i in range(0, len(games), size)]
            for f in as_completed(futs):
                for r in f.result():
                    done(r)


class StateError(RuntimeError):
    """A state file that belongs to another run, or cannot be read."""


@dataclass
class LabState:
    """Every finished game of a run, saved atomically so that a killed run resumes.

    Games are kept per matchup with the matchup's fingerprint: a matchup whose gangs or AIs
    changed since has its saved games dropped (and replayed), one the run does not name is
    carried along untouched."""

    fingerprint: str  # the run's (scenarios, seed, version)
    outcomes: dict[str, dict[int, str]] = field(default_factory=dict)
    cpu_s: float = 0.0
    failures: list[dict[str, Any]] = field(default_factory=list)
    matchups: dict[str, str] = field(default_factory=dict)  # key -> matchup fingerprint
    dropped: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, design: Design) -> LabState:
        return cls(design.run_fingerprint(), matchups={m.key: design.matchup_fingerprint(m) for m in design.matchups})

    def add(self, r: dict[str, Any]) -> None:
        self.outcomes.setdefault(r["key"], {})[int(r["index"])] = r["outcome"]
        self.cpu_s += float(r.get("cpu_s", 0.0))
        if r["outcome"] == "error":
            self.failures.append({k: r[k] for k in ("key", "index", "seed", "error", "traceback") if k in r})

    def doc(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "fingerprint": self.fingerprint,
            "matchups": self.matchups,
            "cpu_s": round(self.cpu_s, 3),
            "outcomes": {k: {str(i): o for i, o in sorted(v.items())} for k, v in self.outcomes.items()},
            "failures": self.failures,
        }

    def save(self, path: Path | str) -> None:
        write_atomic(path, json.dumps(self.doc(), separators=(",", ":")))

    @classmethod
    def load(cls, path: Path | str, design: Design) -> LabState:
        p = Path(path)
        st = cls.new(design)
        if not p.exists():
            return st
        try:
            doc = loads_strict(p.read_text(encoding="utf-8"))
            ok = isinstance(doc, dict) and doc.get("format") == STATE_FORMAT
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, DuplicateKeyError) as e:
            raise StateError(
                f"state file '{p}' cannot be read ({type(e).__name__}): delete it to start afresh"
            ) from None
        if not ok:
            raise StateError(f"'{p}' is not a lab state file ({STATE_FORMAT})")
        if doc.get("fingerprint") != st.fingerprint:
            raise StateError(
                f"state file '{p}' was written by a different lab run (other scenarios, seed or "
                "version): delete it, or give this run its own --state"
            )
        saved = doc.get("matchups", {})
        st.cpu_s = float(doc.get("cpu_s", 0.0))
        for k, v in doc.get("outcomes", {}).items():
            if k in st.matchups and saved.get(k) != st.matchups[k]:
                st.dropped.append(k)  # the same name, other gangs or AIs: its games are not these
                continue
            st.matchups.setdefault(k, str(saved.get(k, "")))
            st.outcomes[k] = {int(i): str(o) for i, o in v.items()}
        st.failures = [f for f in doc.get("failures", []) if f.get("key") not in st.dropped]
        return st


def default_state_path(design: Design) -> Path:
    return Path("out") / f"lab-{design.fingerprint()}.state.json"


def run_lab(
    design: Design,
    jobs: int = 1,
    scheduler: Any = None,
    security: Any = None,
    state_path: Path | str | None = None,
    progress: Callable[[int, int], None] | None = None,
    save_every_s: float = 1.0,
) -> LabState:
    """Play the design to its end (resuming from ``state_path`` if it holds finished games).

    ``progress(done, total)``: games finished so far and the most the run can still take (it
    drops as matchups stop early)."""
    state = LabState.load(state_path, design) if state_path is not None else LabState.new(design)
    last_save = time.monotonic()

    def upper_bound() -> tuple[int, int]:
        done = total = 0
        for m in design.matchups:
            oc = state.outcomes.get(m.key, {})
            finished, n, _ = frontier(design, oc)
            done += len(oc)
            total += n if finished else max(design.games, len(oc))
        return done, total

    def got(r: dict[str, Any]) -> None:
        nonlocal last_save
        state.add(r)
        if state_path is not None and time.monotonic() - last_save >= save_every_s:
            state.save(state_path)
            last_save = time.monotonic()
        if progress:
            progress(*upper_bound())

    try:
        with Runner(jobs, scheduler, security) as runner:
            while True:
                todo = []
                for m in design.matchups:
                    finished, _, missing = frontier(design, state.outcomes.get(m.key, {}))
                    if not finished:
                        todo += [design.game(m, k) for k in missing]
                if progress:
                    progress(*upper_bound())
                if not todo:
                    break
                runner.run(todo, got)
                if state_path is not None:
                    state.save(state_path)
                    last_save = time.monotonic()
    finally:
        if state_path is not None:
            state.save(state_path)
    return state


def tallies(design: Design, state: LabState) -> dict[str, Tally]:
    out = {}
    for m in design.matchups:
        oc = state.outcomes.get(m.key, {})
        _, n, _ = frontier(design, oc)
        out[m.key] = tally(design, oc, n)
    return out


# ---------------------------------------------------------------------------------------------
# pools of gangs: every pair, and Bradley–Terry ratings


def pool_design(
    scenarios: Sequence[dict[str, Any]],
    sides: Sequence[Side],
    seed: int = 0,
    games: int = 100,
    ci: float | None = None,
    batch: int = 16,
) -> Design:
    matchups = tuple(Matchup(f"{a.label} vs {b.label}", a, b) for a, b in combinations(sides, 2))
    return Design(tuple(scenarios), matchups, seed, games, ci, batch, min_games=batch)


def unique_labels(names: Sequence[str]) -> list[str]:
    """Gang names as labels, a repeated name numbered (a mirror match: 'X' and 'X (2)')."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} ({seen[n]})")
    return out


def ratings(design: Design, state: LabState, alpha: float = 0.01) -> dict[str, float] | None:
    """Bradley–Terry ratings of a pool (choix's MAP estimate, a little regularised so that an
    unbeaten gang stays finite), on the Elo scale: 400/ln 10 per unit of log-strength, mean
    1500. A difference of 200 is a 76% expected win rate. None if choix is not installed."""
    try:
        import choix
    except ImportError:
        return None
    labels: list[str] = []
    for m in design.matchups:
        for s in (m.a, m.b):
            if s.label not in labels:
                labels.append(s.label)
    data = []
    for m in design.matchups:
        oc = state.outcomes.get(m.key, {})
        _, n, _ = frontier(design, oc)
        ia, ib = labels.index(m.a.label), labels.index(m.b.label)
        for k in range(n):
            if oc.get(k) == "a":
                data.append((ia, ib))
            elif oc.get(k) == "b":
                data.append((ib, ia))
    if not data:
        return {lb: 1500.0 for lb in labels}
    theta = choix.opt_pairwise(len(labels), data, alpha=alpha)
    scale = 400 / math.log(10)
    mean = float(sum(theta)) / len(theta)
    return {lb: round(1500.0 + scale * (float(t) - mean), 1) for lb, t in zip(labels, theta, strict=True)}


def gang_totals(design: Design, tl: dict[str, Tally]) -> dict[str, Tally]:
    """Each gang's record over all its matchups (its wins as ``wins_a``)."""
    out: dict[str, Tally] = {}
    for m in design.matchups:
        t = tl[m.key]
        for s, w, lo in ((m.a, t.wins_a, t.wins_b), (m.b, t.wins_b, t.wins_a)):
            g = out.setdefault(s.label, Tally())
            g.wins_a += w
            g.wins_b += lo
            g.ties += t.ties
            g.failed += t.failed
            g.n += t.n
    return out


# ---------------------------------------------------------------------------------------------
# kit: an item on a gang against the same gang without it

FAMILIES = {
    "gear": "gear",
    "weapon": "weapons",
    "weapons": "weapons",
    "faction": "factions",
    "factions": "factions",
    "mod": "vehicle_mods",
    "mods": "vehicle_mods",
    "vehicle_mod": "vehicle_mods",
    "vehicle_mods": "vehicle_mods",
    "vehicle": "vehicles",
    "vehicles": "vehicles",
    "git": "gits",
    "gits": "gits",
}
FAMILY_NAMES = ("gear", "weapon", "faction", "mod", "vehicle", "git")
MIRROR = "mirror"  # the kit design's reference matchup: the base gang against itself


def family_of(name: str) -> str:
    try:
        return FAMILIES[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown item family '{name}' (valid: {', '.join(FAMILY_NAMES)})") from None


def parse_item(text: str, rules: RulesData) -> tuple[str, str]:
    """'gear:cans' -> ('gear', 'cans'), checked against the rules (a clear message if not)."""
    fam_s, sep, ident = text.partition(":")
    if not sep or not ident.strip():
        raise ValueError(f"an item is family:id, e.g. gear:cans or git:orc, got '{text}'")
    fam = family_of(fam_s)
    table = getattr(rules, fam)
    ident = ident.strip()
    if ident not in table:
        raise ValueError(f"unknown {fam_s} '{ident}' (valid: {', '.join(table)})")
    return fam, ident


def family_items(fam: str, rules: RulesData) -> list[tuple[str, str]]:
    """Every item of a family that is bought (weapons every git has are not)."""
    items = []
    for ident, v in getattr(rules, fam).items():
        if fam == "weapons" and getattr(v, "innate", False):
            continue
        items.append((fam, ident))
    return items


def item_label(fam: str, ident: str) -> str:
    short = {v: k for k, v in FAMILIES.items() if k in FAMILY_NAMES}
    return f"{short[fam]}:{ident}"


def with_item(base: Gang, fam: str, ident: str, rules: RulesData, budget: int) -> tuple[Gang | None, str]:
    """The base gang with the item added where it first fits, and where that was — or None and
    why it fits nowhere. Gear and weapons go on the first git that can take them (the gang
    validator decides), a vehicle mod on the first vehicle, a vehicle under the first driver
    on foot, a faction on the gang, and a git is one more, naked (its innate weapons only)."""
    doc = gang_to_doc(base)
    tries: list[tuple[dict[str, Any], str]] = []
    gits = doc["gits"]
    if fam == "factions":
        d = copy.deepcopy(doc)
        d["faction"] = ident
        tries.append((d, "the gang"))
    elif fam == "gits":
        d = copy.deepcopy(doc)
        d["gits"].append({"type": ident, "name": f"Extra {rules.gits[ident].name}", "weapons": [], "gear": []})
        tries.append((d, "a new git"))
    else:
        for i, g in enumerate(gits):
            d = copy.deepcopy(doc)
            gd = d["gits"][i]
            if fam == "gear":
                gd["gear"] = [*gd.get("gear", []), ident]
            elif fam == "weapons":
                gd["weapons"] = [*gd.get("weapons", []), ident]
            elif fam == "vehicle_mods":
                if not g.get("vehicle"):
                    continue
                gd["mods"] = [*gd.get("mods", []), ident]
            elif fam == "vehicles":
                if g.get("vehicle"):
                    continue
                gd.update(vehicle=ident, mods=[], vehicle_weapons=[])
            tries.append((d, f"git #{i + 1} '{g['name']}'"))
    why = "no git to put it on"
    for d, where in tries:
        try:
            gang = gang_from_doc(d, f"{base.source} + {item_label(fam, ident)}", rules)
        except DataError as e:
            why = e.problems[0].message
            continue
        problems = validate_gang(gang, rules, budget)
        if problems:
            why = problems[0].message
            if any(p.message.endswith(f"the budget is {budget}") for p in problems):
                # the budget, whichever git it went on: name the variant, its cost and the budget
                total = gang_cost(gang, rules) if gang.mode == "a_la_carte" else gang.naked_cost(rules)
                what = "costs" if gang.mode == "a_la_carte" else "has naked gits costing"
                why = f"'{base.name}' + {item_label(fam, ident)} {what} {total} caps, over the {budget}-cap budget"
            continue
        missing = unsimulated(gang, rules)
        if missing:
            return None, f"not simulated yet: {missing[0].message}"
        return gang, where
    return None, why


@dataclass(frozen=True)
class KitItem:
    fam: str
    ident: str
    name: str
    cost: int  # what it adds to the gang's cost, in caps (a vehicle's first gun discount included)
    where: str


def kit_design(
    scenarios: Sequence[dict[str, Any]],
    base: Gang,
    items: Sequence[KitItem],
    gangs_with: dict[str, Gang],
    ai_with: str,
    ai_without: str,
    versus: Gang | None = None,
    seed: int = 0,
    games: int = 400,
    ci: float | None = 0.05,
    batch: int = 16,
    baseline_key: str | None = None,
) -> Design:
    """One matchup per item (the base with it vs the base without it, or ``versus``); the
    baseline item always plays the base without it (it is the yardstick)."""
    without = Side(f"{base.name} (without)", gang_to_doc(base), ai_without)
    other = Side(versus.name, gang_to_doc(versus), ai_without) if versus is not None else without
    matchups = []
    for it in items:
        label = item_label(it.fam, it.ident)
        a = Side(f"{base.name} + {label}", gang_to_doc(gangs_with[label]), ai_with)
        matchups.append(Matchup(label, a, without if label == baseline_key else other))
    if versus is None:  # the reference: game k of an item that changed nothing is game k of this
        matchups.append(Matchup(MIRROR, Side(base.name, gang_to_doc(base), ai_with), without))
    return Design(tuple(scenarios), tuple(matchups), seed, games, ci, batch, min_games=batch)


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def smoothed(t: Tally) -> float:
    """Side a's win rate with half a game added to each side (a finite log-odds at 0 or n wins)."""
    return (t.wins_a + 0.5) / (t.decided + 1)


def excludes(lo: float, hi: float, value: float) -> bool:
    """Whether an interval leaves out a value: the only ground for a verdict."""
    return hi < value or lo > value


def games_to_tell(rate: float, null: float, cap: int = 1_000_000) -> int | None:
    """How many (decided) games it takes for the 95% Wilson interval of this observed rate to
    leave out ``null`` — the lab's own interval, asked at larger ``n`` with the rate held fixed.
    None when no count can be predicted: the rate is the null itself (no edge seen at all), or
    not even ``cap`` games would do."""
    if math.isnan(rate) or abs(rate - null) < 1e-9:
        return None

    def tells(n: int) -> bool:
        lo, hi = wilson(rate * n, n)  # type: ignore[arg-type]  # the formula takes a fractional count
        return excludes(lo, hi, null)

    if not tells(cap):
        return None
    lo_n, hi_n = 0, 1
    while not tells(hi_n):
        lo_n, hi_n = hi_n, hi_n * 2
    while hi_n - lo_n > 1:  # the interval narrows as n grows: the first n that tells
        mid = (lo_n + hi_n) // 2
        lo_n, hi_n = (lo_n, mid) if tells(mid) else (mid, hi_n)
    return hi_n


def scale_games(decided_needed: int | None, t: Tally) -> int | None:
    """Decided games needed, as games played (ties and failures do not count)."""
    if decided_needed is None:
        return None
    share = t.decided / t.n if t.n and t.decided else 1.0
    return math.ceil(decided_needed / share)


OUTCOME_ORDER = {"b": 0, "tie": 1, "a": 2}  # from side a's point of view


def paired_changes(outcomes: dict[int, str], mirror: dict[int, str], n: int) -> tuple[int, int]:
    """(games turned in side a's favour, games turned against it) relative to the mirror's game
    of the same seed and seats. Game ``k`` of an item that did nothing is game ``k`` of the
    mirror, so these two counts are the item's whole effect on these seeds; with no effect they
    are equally likely (a sign test: the discordant games' share "for" has 50% as its
    no-difference value)."""
    up = down = 0
    for k in range(n):
        x, m = OUTCOME_ORDER.get(outcomes.get(k, "")), OUTCOME_ORDER.get(mirror.get(k, ""))
        if x is None or m is None or x == m:
            continue
        if x > m:
            up += 1
        else:
            down += 1
    return up, down


@dataclass(frozen=True)
class Evidence:
    """Whether a matchup's win rate is told apart from no difference, and if not, what it
    would take: ``half`` is its 95% interval's ± now, ``needed`` the games per matchup at which
    the lab's intervals would tell at the rates seen (None: no count can be predicted)."""

    told: bool
    half: float
    needed: int | None
    paired: tuple[int, int] | None  # (for, against) vs the mirror, when the mirror was played


def evidence(t: Tally, changes: tuple[int, int] | None) -> Evidence:
    """A win rate against no difference, on two counts that must both agree: its Wilson
    interval leaves out 50% (the mirror's value: the same gang on both sides, seats swapped)
    and, when the mirror was played on the same seeds, the games it changed went one way more
    often than chance allows (their share "for" has a Wilson interval that leaves out 50%). The
    second catches the small run where the seeds favour one seat: a 4-0 baseline whose mirror
    also went 4-0 changed nothing, whatever its own interval says."""
    rate, lo, hi = t.rate()
    half = t.half_width()
    told_rate = t.decided > 0 and excludes(lo, hi, 0.5)
    needs = [] if told_rate else [scale_games(games_to_tell(rate, 0.5), t)]
    told_pair = True
    if changes is not None:
        up, down = changes
        d = up + down
        plo, phi = wilson(up, d)
        told_pair = d > 0 and excludes(plo, phi, 0.5)
        if not told_pair:
            per = games_to_tell(up / d, 0.5) if d else None  # discordant games needed …
            needs.append(None if per is None else math.ceil(per * t.n / d))  # … as games played
    if changes is not None and changes[0] != changes[1] and (changes[0] > changes[1]) != (rate > 0.5):
        needs.append(None)  # the win rate and the changed games point opposite ways: no edge to forecast
    needed = None if not needs or any(x is None for x in needs) else max(x for x in needs if x is not None)
    return Evidence(told_rate and told_pair, half, needed, changes)


def worth_in_caps(
    t: Tally, baseline: Tally, baseline_cost: int, fold_baseline: bool = False
) -> tuple[float, float, float]:
    """An item's worth in caps and its 95% interval, through the cap-valued baseline:
    ``baseline_cost × logit(p) / logit(p_baseline)`` with the item's Wilson bounds mapped the
    same way. With ``fold_baseline`` the baseline's own Wilson bounds are folded in too (the
    extremes over both intervals; both cover with at least 90%): the interval a verdict needs,
    since the whole column scales with the baseline — and one that is unbounded (±inf) when the
    baseline's interval reaches 50%, where an extra orc could be worth nothing and every ratio
    anything."""
    b = logit(smoothed(baseline))
    if b <= 0 or t.decided == 0:
        return (math.nan, math.nan, math.nan)
    _, lo, hi = t.rate()
    eps = 0.5 / (t.decided + 1)
    llo, lhi = logit(max(lo, eps)), logit(min(hi, 1 - eps))
    w = baseline_cost * logit(smoothed(t)) / b
    if not fold_baseline:
        return (w, baseline_cost * llo / b, baseline_cost * lhi / b)
    _, blo, bhi = baseline.rate()
    beps = 0.5 / (baseline.decided + 1)
    b_lo, b_hi = logit(max(blo, beps)), logit(min(bhi, 1 - beps))
    if b_lo <= 0:
        return (w, -math.inf, math.inf)
    corners = [baseline_cost * x / y for x in (llo, lhi) for y in (b_lo, b_hi)]
    return (w, min(corners), max(corners))


def inv_logit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


NOT_ENOUGH = "not enough games to tell"


def rounded_up(n: int) -> int:
    """A forecast to two figures, rounded up (150, 1,300): not a promise of precision."""
    digits = max(0, len(str(n)) - 2)
    step = int(10**digits)
    return -(-n // step) * step


def needed_text(n: int | None) -> str:
    """The verdict cell's note: '~150 needed', or that no count can be forecast."""
    return "no consistent edge seen yet" if n is None else f"~{rounded_up(n):,} needed"


def forecast(n: int | None) -> str:
    """The summary's: how many games per matchup would tell, at the rates seen — or, with no
    edge seen at all, that no count can be forecast, only that more games narrow the interval."""
    if n is None:
        return "no consistent edge seen yet, so no count can be forecast (4× the games halve the ±)"
    return f"~{rounded_up(n):,} games per matchup would tell, at the rates seen"


def kit_rows(
    design: Design, state: LabState, items: Sequence[KitItem], baseline_key: str | None, baseline_cost: int
) -> list[dict[str, Any]]:
    """The balance table: one row per item, most over-priced (worth - cost lowest) first.

    A verdict only where an interval leaves out the no-difference value: the baseline is the
    yardstick only once it is told apart from the mirror (``evidence``); an item is over- or
    under-priced only when its worth's interval, the baseline's uncertainty folded in, leaves
    out its cost. Every other row says "not enough games to tell" with the games it would
    take. Without a baseline (one that broke the budget), a row is "better" or "worse" than the
    gang without the item when its win rate is told apart from 50%, and nothing is priced."""
    tl = tallies(design, state)
    mirror = state.outcomes.get(MIRROR, {}) if MIRROR in tl else None
    base_t = tl[baseline_key] if baseline_key is not None else None

    def changes_of(label: str) -> tuple[int, int] | None:
        if mirror is None:
            return None
        return paired_changes(state.outcomes.get(label, {}), mirror, min(tl[label].n, tl[MIRROR].n))

    yard = evidence(base_t, changes_of(baseline_key)) if base_t is not None and baseline_key else None
    rows = []
    for it in items:
        label = item_label(it.fam, it.ident)
        t = tl[label]
        changed: list[int] | None = None  # [games whose result differs from the mirror's, games compared]
        if mirror is not None:
            both = min(t.n, tl[MIRROR].n)
            oc = state.outcomes.get(label, {})
            changed = [sum(oc.get(k) != mirror.get(k) for k in range(both)), both]
        r, lo, hi = t.rate()
        ev = evidence(t, changes_of(label))
        is_base = label == baseline_key
        needed: int | None = None
        if base_t is None or yard is None:
            w = wlo = whi = math.nan
            if ev.told:
                verdict = "better" if r > 0.5 else "worse"
            else:
                verdict, needed = NOT_ENOUGH, ev.needed
        elif is_base:
            w, wlo, whi = worth_in_caps(t, base_t, baseline_cost)
            verdict = "yardstick" if yard.told else NOT_ENOUGH
            needed = None if yard.told else yard.needed
        else:
            w, wlo, whi = worth_in_caps(t, base_t, baseline_cost, fold_baseline=True)
            if math.isnan(w) or not yard.told:
                verdict, needed = NOT_ENOUGH, yard.needed
            elif whi < it.cost:
                verdict = "over-priced"
            elif wlo > it.cost:
                verdict = "under-priced"
            else:  # the win rate at which the item is worth its cost, at the baseline's scale
                verdict = NOT_ENOUGH
                target = inv_logit(it.cost * logit(smoothed(base_t)) / baseline_cost)
                needed = scale_games(games_to_tell(r, target), t)
        row: dict[str, Any] = {
            "item": label,
            "name": it.name,
            "family": it.fam,
            "on": it.where,
            "cost": it.cost,
            "games": t.n,
            "wins": t.wins_a,
            "losses": t.wins_b,
            "ties": t.ties,
            "failed": t.failed,
            "win_rate": r,
            "ci95": [lo, hi],
            "change": r - 0.5,
            "change_ci95": [lo - 0.5, hi - 0.5],
            "worth_caps": w,
            "worth_ci95": [wlo, whi],
            "worth_minus_cost": w - it.cost,
            "verdict": verdict,
            "games_needed": needed if verdict == NOT_ENOUGH else None,
            "ci_half": ev.half,
            "baseline": is_base,
            "by_scenario": t.by_scenario,
            "changed_vs_mirror": changed,
            "changed_for_against": list(ev.paired) if ev.paired is not None else None,
        }
        rows.append(row)
    rows.sort(key=lambda d: (math.inf if math.isnan(d["worth_minus_cost"]) else d["worth_minus_cost"], d["item"]))
    return rows


def verdict_text(d: dict[str, Any]) -> str:
    """The verdict cell: a verdict, or "not enough games to tell (~M needed)"."""
    if d["verdict"] != NOT_ENOUGH:
        return str(d["verdict"])
    return f"{NOT_ENOUGH} ({needed_text(d['games_needed'])})"


def kit_summary(rows: list[dict[str, Any]], baseline_key: str | None, mirror: Tally | None) -> list[str]:
    """The plain sentences under the balance table: whether the run can tell anything, and if
    not, how many games it would take — from the same intervals as the table."""
    undecided = [d for d in rows if d["verdict"] == NOT_ENOUGH]
    base = next((d for d in rows if d["baseline"]), None)
    if baseline_key is not None and base is not None and base["verdict"] == NOT_ENOUGH:
        lo, hi = base["ci95"]
        vs = ""
        if mirror is not None and base["changed_for_against"] is not None:
            up, down = base["changed_for_against"]
            vs = (
                f"; the mirror went {mirror.wins_a}-{mirror.wins_b}-{mirror.ties} on the same seeds and "
                f"seats, and the extra {baseline_key} turned {up} result(s) its way and {down} the other"
            )
        return [
            f"Not enough games to tell: the baseline {baseline_key} went {base['wins']}-{base['losses']}-"
            f"{base['ties']} ({pct(base['win_rate'])}, {pct(lo)}–{pct(hi)}){vs}: it cannot be told apart "
            f"from no difference, so no item is priced. {base['games']} games give ±{base['ci_half']:.0%}; "
            f"{forecast(base['games_needed'])}."
        ]
    if not undecided:
        return []
    counts = [d["games_needed"] for d in undecided]
    n = max(d["games"] for d in undecided)
    half = max(d["ci_half"] for d in undecided)
    most = (
        f"for all of them {forecast(max(counts))}"
        if all(c is not None for c in counts)
        else "for some no count can be predicted (no edge seen at all)"
    )
    head = f"Not enough games to tell for {len(undecided)} of {len(rows)} rows"
    return [f"{head}: {n} games give up to ±{half:.0%}; {most}."]


def pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.0%}"


def signed_pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{x * 100:+.0f}%"


def caps(x: float) -> str:
    if math.isinf(x):  # a worth interval with the baseline's folded in, where that reaches 50%
        return "-∞" if x < 0 else "+∞"
    return "-" if math.isnan(x) else f"{x:+.1f}" if x < 0 else f"{x:.1f}"


def changed_text(d: dict[str, Any]) -> str:
    """'3/40': of the games compared, how many ended otherwise than the mirror's game of the
    same seed and seats (an item that never came into play changes none)."""
    c = d.get("changed_vs_mirror")
    return "-" if c is None else f"{c[0]}/{c[1]}"


def balance_markdown(rows: list[dict[str, Any]], title: str) -> str:
    lines = [
        f"### {title}",
        "",
        "| rank | item | on | cost | games | win rate (95% CI) | change | worth in caps (95% CI) | verdict "
        "| games changed |",
        "|---:|---|---|---:|---:|---|---|---|---|---:|",
    ]
    for i, d in enumerate(rows, 1):
        lo, hi = d["ci95"]
        clo, chi = d["change_ci95"]
        wlo, whi = d["worth_ci95"]
        mark = " (baseline)" if d["baseline"] else ""
        lines.append(
            f"| {i} | {d['name']} (`{d['item']}`){mark} | {d['on']} | {d['cost']} | {d['games']} | "
            f"{pct(d['win_rate'])} ({pct(lo)}–{pct(hi)}) | {signed_pct(d['change'])} "
            f"({signed_pct(clo)} to {signed_pct(chi)}) | {caps(d['worth_caps'])} ({caps(wlo)} to {caps(whi)}) | "
            f"{verdict_text(d)} | {changed_text(d)} |"
        )
    return "\n".join(lines) + "\n"


def plot_balance(rows: list[dict[str, Any]], path: Path | str, title: str) -> None:
    """Worth in caps with its interval, one row per item (over-priced at the top), and the
    printed cost beside it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [d for d in rows if not math.isnan(d["worth_caps"])]
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.32 * len(rows)), dpi=110)
    for i, d in enumerate(rows):
        w, (lo, hi) = d["worth_caps"], d["worth_ci95"]
        colour = {"over-priced": "tab:red", "under-priced": "tab:green"}.get(d["verdict"], "tab:blue")
        if math.isfinite(lo) and math.isfinite(hi):
            ax.errorbar([w], [i], xerr=[[w - lo], [hi - w]], fmt="o", color=colour, capsize=3, ms=4)
        else:  # unbounded (the baseline not told from no difference): the estimate alone, hollow
            ax.plot([w], [i], marker="o", mfc="none", color=colour, ms=5)
        ax.plot([d["cost"]], [i], marker="|", color="black", ms=12, mew=2)
    ax.axvline(0, color="grey", lw=0.8, ls="--")
    ax.set_yticks(range(len(rows)), [d["name"] + (" (baseline)" if d["baseline"] else "") for d in rows])
    ax.invert_yaxis()
    ax.set_xlabel("worth in caps (dot, 95% CI; hollow: interval unbounded) vs printed cost (black bar)")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


def plot_pool(design: Design, tl: dict[str, Tally], path: Path | str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.5 * len(design.matchups)), dpi=110)
    for i, m in enumerate(design.matchups):
        r, lo, hi = tl[m.key].rate()
        if not math.isnan(r):
            ax.errorbar([r], [i], xerr=[[r - lo], [hi - r]], fmt="o", capsize=4)
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_yticks(range(len(design.matchups)), [m.key for m in design.matchups])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the first gang among decided games (95% CI)")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------
# validating gang files first


def load_lab_gang(path: Path | str, rules: RulesData, budget: int) -> tuple[Gang, list[Problem]]:
    """A gang file, validated as ``spacegits validate`` does (DataError with every problem),
    and the items it names that are not simulated yet (for a loud warning)."""
    from .rules.gangs import load_gang

    gang = load_gang(path, rules)
    problems = validate_gang(gang, rules, budget)
    if problems:
        raise DataError(problems)
    return gang, unsimulated(gang, rules)


@contextmanager
def timed() -> Iterator[dict[str, float]]:
    d: dict[str, float] = {}
    t0 = time.perf_counter()
    try:
        yield d
    finally:
        d["wall_s"] = time.perf_counter() - t0


__all__ = [
    "Design",
    "Game",
    "KitItem",
    "LabState",
    "Matchup",
    "Runner",
    "Side",
    "StateError",
    "Tally",
    "balance_markdown",
    "default_state_path",
    "family_items",
    "family_of",
    "frontier",
    "gang_cost",
    "gang_to_doc",
    "kit_design",
    "kit_rows",
    "kit_summary",
    "load_lab_gang",
    "parse_item",
    "play_game",
    "plot_balance",
    "plot_pool",
    "pool_design",
    "ratings",
    "run_lab",
    "tallies",
    "unique_labels",
    "wilson_half",
    "with_item",
    "worth_in_caps",
    "evidence",
    "games_to_tell",
    "paired_changes",
    "verdict_text",
]

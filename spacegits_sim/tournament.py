"""Tournaments: round-robin AI games of any ruleset with seats swapped, on a process pool or a Dask cluster.

Each game is an independent task (ruleset id, scenario as plain data, seed, seat order) so it
can run anywhere; the worker finds the ruleset by id in the registry, and results come back
as plain dicts. A game that raises is reported with its seed and the replay up to the
failure, and the tournament carries on. ``new_caps`` in a result is the ruleset's score per
AI (Space Gits: new caps).
"""

from __future__ import annotations

import math
import os
import re
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .atomic import write_figure
from .towerlab import wilson


@dataclass(frozen=True)
class Task:
    scenario: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    ruleset: str = "spacegits"


def play_one(task: Task) -> dict[str, Any]:
    """Play one match; never raises (a failure is returned with its seed and replay)."""
    from .play import registry
    from .play.replay import replay_doc

    m = None
    rs = None
    try:
        rs = registry.get(task.ruleset)
        rules = rs.load_rules()
        sc = rs.scenario_from_doc(task.scenario, "<tournament scenario>", rules)
        m = rs.new_game(sc, rules, seed=task.seed)
        m.play([rs.make_controller(a, task.seed, i) for i, a in enumerate(task.seats)])
        out = rs.outcome(m)
        caps: dict[str, list[float]] = {}
        for i, score in enumerate(out.scores):  # (four seats: two each; their mean)
            caps.setdefault(task.seats[i], []).append(score)
        return {
            "seed": task.seed,
            "seats": list(task.seats),
            "winners": sorted({task.seats[w] for w in out.winners}),
            "new_caps": {ai: sum(v) / len(v) for ai, v in caps.items()},
            "activations": out.stats.get("activations", 0),
            "safety": bool(out.stats.get("safety", False)),
            "error": None,
        }
    except Exception as e:  # a bug in a controller or the engine: report it, keep going
        return {
            "seed": task.seed,
            "seats": list(task.seats),
            "winners": [],
            "new_caps": {},
            "activations": 0,
            "safety": False,
            "error": f"{type(e).__name__}: {e}",
            "traceback": traceback.format_exc(),
            "replay": replay_doc(m, rs) if m is not None and rs is not None else None,
        }


def _play_chunk(tasks: list[Task]) -> list[dict[str, Any]]:
    """Several matches in one round trip to a worker (the scenario travels once per chunk)."""
    return [play_one(t) for t in tasks]


def chunk_size(total: int, jobs: int) -> int:
    """Matches per worker task: enough to amortise a round trip on many short matches, few
    enough that every worker still has work at the end (at least 16 chunks per worker, at most
    8 matches per chunk; a small tournament goes one match at a time)."""
    return max(1, min(8, total // (16 * max(1, jobs))))


def _warm(ruleset: str = "spacegits") -> None:
    """Import the ruleset and parse its rules in this process, before a pool forks its workers."""
    from .play import registry
    from .play import replay as _replay  # noqa: F401

    registry.get(ruleset).load_rules()


def schedule(
    scenario_doc: dict[str, Any],
    ais: Sequence[str],
    games: int,
    seed: int = 0,
    bosses: int = 2,
    ruleset: str = "spacegits",
) -> list[Task]:
    """Round-robin: every pair plays ``games`` games, half with the seats swapped. With four
    seats the two AIs sit alternately round the table (A B A B, then B A B A)."""
    tasks = []
    for a, b in combinations(ais, 2):
        for k in range(games):
            seats = tuple((a, b)[(i + k) % 2] for i in range(bosses))
            tasks.append(Task(scenario_doc, seed + k // 2, seats, ruleset))
    return tasks


@dataclass
class PairStats:
    a: str
    b: str
    wins_a: int = 0
    wins_b: int = 0
    ties: int = 0
    failed: int = 0
    caps_a: list[int] = field(default_factory=list)
    caps_b: list[int] = field(default_factory=list)

    @property
    def decided(self) -> int:
        return self.wins_a + self.wins_b

    def rate_a(self) -> tuple[float, float, float]:
        """Win rate of ``a`` among decided games, with a 95% Wilson interval."""
        if self.decided == 0:
            return (math.nan, 0.0, 1.0)
        lo, hi = wilson(self.wins_a, self.decided)
        return (self.wins_a / self.decided, lo, hi)


def aggregate(results: list[dict[str, Any]], ais: Sequence[str]) -> tuple[list[PairStats], list[dict[str, Any]]]:
    pairs = {(a, b): PairStats(a, b) for a, b in combinations(ais, 2)}
    for r in results:
        a, b = r["seats"][:2]
        if (a, b) not in pairs and (b, a) not in pairs:
            pairs[(a, b)] = PairStats(a, b)
    failures = []
    for r in results:
        a, b = r["seats"][:2]
        key = (a, b) if (a, b) in pairs else (b, a)
        p = pairs[key]
        if r["error"]:
            p.failed += 1
            failures.append(r)
            continue
        if len(r["winners"]) != 1:
            p.ties += 1
        elif r["winners"][0] == p.a:
            p.wins_a += 1
        else:
            p.wins_b += 1
        p.caps_a.append(r["new_caps"][p.a])
        p.caps_b.append(r["new_caps"][p.b])
    return list(pairs.values()), failures


class SchedulerError(RuntimeError):
    """A Dask scheduler address that is malformed or does not answer."""


SCHEDULER_ADDRESS = re.compile(r"^(tcp|tls|ucx|ws|wss)://[A-Za-z0-9_.\-\[\]:]+:\d{1,5}$")


def connect(address: str, timeout_s: float = 10.0, security: Any = None) -> Any:
    """A Dask client for ``address`` (e.g. tcp://host:8786), or a clear SchedulerError.

    Dask moves pickled tasks and results between the scheduler, the workers and this
    process: run tournaments only on a cluster you trust, and use TLS (``tls://`` with a
    ``security`` object) across networks you do not control."""
    if not SCHEDULER_ADDRESS.match(address):
        raise SchedulerError(f"'{address[:80]}' is not a scheduler address like tcp://host:8786 (or tls://…)")
    from distributed import Client

    try:
        return Client(address, timeout=f"{timeout_s}s", security=security)
    except (OSError, TimeoutError) as e:
        raise SchedulerError(
            f"no Dask scheduler answered at {address} within {timeout_s:g} s ({type(e).__name__})"
        ) from None


def tls_security(ca_file: str, cert: str, key: str) -> Any:
    """Dask TLS settings for ``tls://`` schedulers: the cluster's CA, and this client's cert and key."""
    from distributed.security import Security

    for label, path in (("--tls-ca-file", ca_file), ("--tls-cert", cert), ("--tls-key", key)):
        if not os.path.isfile(path):
            raise SchedulerError(f"{label} '{path[:80]}' is not a file")
    return Security(tls_ca_file=ca_file, tls_client_cert=cert, tls_client_key=key, require_encryption=True)


def run(
    tasks: list[Task],
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    security: Any = None,
) -> list[dict[str, Any]]:
    """Run tasks locally (a process pool) or on a Dask cluster (``scheduler`` address or Client)."""
    results: list[dict[str, Any]] = []
    total = len(tasks)

    def done(r: dict[str, Any]) -> None:
        results.append(r)
        if progress:
            progress(len(results), total)

    if scheduler is not None:
        try:
            from distributed import Client
            from distributed import as_completed as dask_completed
        except ImportError:
            raise RuntimeError("Dask is not installed: pip install 'spacegits_sim[distributed]'") from None
        client = scheduler if isinstance(scheduler, Client) else connect(scheduler, security=security)
        try:
            futs = client.map(play_one, tasks, pure=False)
            for f in dask_completed(futs):
                done(f.result())
        finally:
            if not isinstance(scheduler, Client):
                client.close()
    elif jobs <= 1:
        for t in tasks:
            done(play_one(t))
    else:
        for rid in sorted({t.ruleset for t in tasks}):
            _warm(rid)  # forked workers inherit the imported engine and the parsed rules
        size = chunk_size(total, jobs)
        chunks = [tasks[i : i + size] for i in range(0, total, size)]
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=worker_signals)
        try:
            for f in as_completed([pool.submit(_play_chunk, ch) for ch in chunks]):
                for r in f.result():
                    done(r)
        except BaseException:
            stop_pool(pool)
            raise
        pool.shutdown()
    results.sort(key=lambda r: (r["seats"], r["seed"]))
    return results


def plot(pairs: list[PairStats], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.6 * len(pairs)), dpi=120)
    for i, p in enumerate(pairs):
        r, lo, hi = p.rate_a()
        ax.errorbar([r], [i], xerr=[[r - lo], [hi - r]], fmt="o", capsize=4)
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_yticks(range(len(pairs)), [f"{p.a} vs {p.b}" for p in pairs])
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the first AI among decided games (95% CI)")
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


def worker_signals() -> None:
    """A pool worker dies on SIGTERM as a plain process does: the parent's handler (cli.main turns
    SIGTERM into an exception to unwind) is inherited by a forked worker and is not for it."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now, its running games too: ``shutdown(cancel_futures=True)`` only drops the
    games not started, and its workers would play their chunks on after the run was killed or
    interrupted. Python 3.14's public ``terminate_workers`` where there is one; before it, the
    executor's own table of workers (``_processes``, the only handle 3.11-3.13 keep on them)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:  # Python 3.14+
        terminate()
        return
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)

"""Hull probes (physics/queries.py): kept per thread, counted per thread.

The derby's drive previews ask hundreds of thousands of hull probes, so one probe box is kept
and moved rather than built per query; and mcts's look-aheads read the count of probes as their
cost. Matches played side by side in one process (a Dask worker with two threads, the window's
AI thread) must neither move each other's probe between its placing and its query nor add to
each other's count, or a seed would not replay the same game."""

from __future__ import annotations

import threading

from helpers import buggy, vmatch

from spacegits_sim.physics.queries import hull_queries

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"], "name": "Urg"}


def _table():  # type: ignore[no-untyped-def]
    m = vmatch([buggy()], [ORC], {"a1v": (12.0, 12.0, 0.0), "b1": (14.0, 16.0)})
    return m.table


POSES = [((3.0 + 0.37 * k) % 21.0 + 1.5, (2.0 + 0.71 * k) % 21.0 + 1.5, 0.013 * k) for k in range(3000)]


def test_two_threads_asking_hull_probes_side_by_side_get_the_answers_each_gets_alone_and_count_their_own():
    tables = [_table(), _table()]
    q0 = hull_queries()
    alone = [tables[0].hull_fits("a1v", (x, y), a) for x, y, a in POSES]
    asked = hull_queries() - q0
    assert 0 < sum(alone) < len(alone)  # some poses fit, some overlap the orc or leave the table
    got: dict[int, tuple[list[bool], int]] = {}
    start = threading.Barrier(2)

    def work(k: int) -> None:
        start.wait()
        q0 = hull_queries()
        fits = [tables[k].hull_fits("a1v", (x, y), a) for x, y, a in POSES]
        got[k] = (fits, hull_queries() - q0)

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in (0, 1):
        fits, counted = got[k]
        assert fits == alone, sum(a != b for a, b in zip(fits, alone, strict=True))
        assert counted == asked  # its own probes, not the other thread's

"""Dropping physics objects never trips chipmunk's locked-space abort, whenever Python's garbage
collector happens to run.

pymunk frees a C space by walking its shapes and bodies through Python callbacks while chipmunk
holds the space locked; a collection that runs inside such a callback (or inside a step's or a
query's callbacks) frees whatever pymunk objects are garbage then, and a shape or body freed
while its space is locked removes itself from it: chipmunk aborts the whole process
("cannot be done safely during a call to cpSpaceStep() or during a query", cpSpace.c:485).
In a long one-process tournament a full collection eventually lands there; here a profile hook
forces one at the start of *every* chipmunk callback, so the timing that took hours comes at
once. An abort kills the interpreter, so the risky part runs in a subprocess and the test reads
its exit code.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.conftest import ROOT

# Every chipmunk callback pymunk runs in Python is named ext_cp... (pymunk/_callbacks.py): collect
# on entering each one, so a collection falls inside every locked stretch there is.
_HOOK = """
import gc, sys

def _collect_in_chipmunk_callbacks(frame, event, arg):
    if event == "call" and frame.f_code.co_name.startswith("ext_cp"):
        gc.collect()

sys.setprofile(_collect_in_chipmunk_callbacks)
"""


def _run(body: str) -> subprocess.CompletedProcess[str]:
    code = textwrap.dedent(_HOOK) + textwrap.dedent(body) + "\nsys.setprofile(None)\nprint('clean')\n"
    return subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def _assert_clean(out: subprocess.CompletedProcess[str]) -> None:
    assert out.returncode == 0 and out.stdout.strip().endswith("clean"), (
        f"exit {out.returncode}\n{out.stdout[-2000:]}\n{out.stderr[-4000:]}"
    )


def test_towers_dropped_copied_and_rebuilt_while_the_collector_runs_in_chipmunk_callbacks_never_abort():
    # a scratch match copies every tower (rebuilt from a snapshot: new planes, the old ones
    # dropped), rebuilds and takes dice off, and drops the copy: every plane's space is freed
    # with its dice garbage in cycles
    _assert_clean(
        _run(
            """
            import copy
            from spacegits_sim.physics.tower import Tower

            for k in range(3):
                t = Tower(seed=k)
                for _ in range(3):
                    t.add_die((0.0, 0.0))
                twin = copy.deepcopy(t)
                twin.add_die((0.5, 0.0))
                twin.take_off(1)
                t.rebuild(2)
                t.clear()
                del t, twin
            """
        )
    )


def test_scratch_tables_thrown_on_swept_and_dropped_while_the_collector_runs_in_chipmunk_callbacks_never_abort():
    # the search's and the tree search's rollouts: copy the table, throw dice on the copy, sweep
    # and query it, restore a snapshot, drop the copy
    _assert_clean(
        _run(
            """
            from spacegits_sim.physics.table import Table
            from spacegits_sim.rng import stream

            table = Table(24.0, 24.0)
            table.add_terrain("rock", 2.0, polygon=[(10, 10), (14, 10), (14, 14), (10, 14)])
            table.add_figure("a", (4.0, 4.0))
            table.add_figure("b", (20.0, 20.0))
            table.add_token((8.0, 16.0))
            rng = stream(1, "teardown")
            for k in range(3):
                scratch = table.copy()
                snap = scratch.snapshot()
                scratch.throw((2.0, 2.0), (12.0, 6.0), [6, 6], rng, rng)
                scratch.sweep("a", toward=(20.0, 20.0), distance=6.0)
                scratch.restore(snap)
                scratch.distance_between("a", "b")
                del scratch, snap
            """
        )
    )

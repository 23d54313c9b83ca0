"""Play today's AIs against the AIs of an earlier commit, in one process.

Issue 27 asks that "the new search beats today's search": the search as it was when the
issue was filed, not the search as it has since been improved.  Checking out the old commit
would bring back the old engine too, so the two AIs would not play the same game.  This tool
instead loads only the old commit's ``spacegits_sim/ai/`` package (read straight from git, no
checkout) as ``spacegits_sim.ai_<commit>``: its relative imports (``from .heuristic``) reach
the old controllers and its ``from ..rules`` imports reach today's engine, so both seats play
today's rules and physics and differ only in their controllers.  The old controllers are
registered as ``<name>@<commit>`` (e.g. ``search@887b678``) and the rest of the command line is
an ordinary ``spacegits`` command:

    python tools/baseline_ai.py --commit 887b678 -- tournament --ai mcts,search@887b678 --games 40 --jobs 1

It fails loudly if the old controllers no longer fit today's engine (an import or attribute
error in the first match): an old AI that silently plays a different game would be no baseline.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def install(commit: str, names: tuple[str, ...] = ("random", "heuristic", "search")) -> list[str]:
    """Load ``commit``'s ai package beside today's and register its controllers; return their names."""
    from spacegits_sim.ai import register_controller

    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "--name-only", "-r", commit, "spacegits_sim/ai"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    if not files:
        raise SystemExit(f"baseline_ai: commit {commit} has no spacegits_sim/ai/ package")
    short = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", commit], check=True, capture_output=True, text=True
    ).stdout.strip()
    dest = Path(tempfile.mkdtemp(prefix=f"ai_{short}_"))
    for f in files:
        text = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{commit}:{f}"], check=True, capture_output=True, text=True
        ).stdout
        (dest / Path(f).name).write_text(text)
    modname = f"spacegits_sim.ai_{short}"
    spec = importlib.util.spec_from_file_location(modname, dest / "__init__.py", submodule_search_locations=[str(dest)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    spec.loader.exec_module(module)
    registered = []
    for name in names:
        if name not in module.CONTROLLERS:
            continue

        def factory(seed: int, boss: int, _name: str = name) -> object:
            return module.make_controller(_name, seed, boss)

        register_controller(f"{name}@{commit}", factory)
        registered.append(f"{name}@{commit}")
    return registered


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commit", required=True, help="the commit whose AIs to load, e.g. 887b678")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="-- then a spacegits command line")
    args = parser.parse_args(argv)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest
    names = install(args.commit)
    print(f"baseline_ai: registered {', '.join(names)}", flush=True)
    from spacegits_sim.cli import main as cli_main

    return int(cli_main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())

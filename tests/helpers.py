"""Small seeded scenarios for rules tests: build a match, deploy models where a test wants them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spacegits_sim.data import default_rules
from spacegits_sim.rules.decisions import AimThrow, ChooseCare, Deploy, FightThrow, Request, Throw
from spacegits_sim.rules.engine import Match
from spacegits_sim.rules.gangs import gang_from_doc
from spacegits_sim.rules.scenario import DEFAULT_OPTIONS, Player, Scenario, TerrainPiece


def scenario(
    gangs: list[list[dict]],
    terrain: list[dict] | None = None,
    seed: int = 1,
    timer_min: float = 30,
    options: dict | None = None,
    budget: int = 100,
) -> Scenario:
    rules = default_rules()
    players = tuple(
        Player(name, gang_from_doc({"name": f"{name} gang", "gits": gits}, f"<{name}>", rules))
        for name, gits in zip(("Red", "Blue", "Green", "Gold"), gangs, strict=False)
    )
    pieces = []
    for i, t in enumerate(terrain or []):
        pieces.append(
            TerrainPiece(
                t.get("id", f"t{i}"),
                t["type"],
                tuple(map(tuple, t["polygon"])) if "polygon" in t else None,
                (tuple(t["circle"][0]), t["circle"][1]) if "circle" in t else None,
            )
        )
    opts = {**DEFAULT_OPTIONS, "middle_cap": False, **(options or {})}
    return Scenario("test", 24.0, 24.0, tuple(pieces), players, timer_min, budget, seed, opts, "<test>", 0)


def match(gangs, positions: dict[str, tuple[float, float]], terrain=None, seed=1, **kw: Any) -> Match:
    """A match with no setup caps, every model deployed then moved to ``positions``."""
    m = Match(scenario(gangs, terrain, seed, **kw))
    spots = iter([(x, y) for y in (1.5, 22.5, 6.5, 17.5) for x in (1.5, 6.5, 11.5, 16.5, 21.5)])
    while isinstance(m.pending, Deploy):
        req = m.pending
        mid = req.models[0]
        while True:
            p = next(spots)
            if req.legal(mid, p) is None:
                break
        m.answer((mid, p))
    for mid, pos in positions.items():
        m.place_model(m.models[mid], pos, "test set-up")
    return m


def drive(m: Match, flow, answer: Callable[[Request], Any] | None = None, max_steps: int = 10_000) -> Any:
    """Run a sub-flow generator of the engine (e.g. ``m.move(...)``) to its end, answering requests."""
    answer = answer or default_answer
    try:
        req = next(flow)
        for _ in range(max_steps):
            req = flow.send(answer(req))
    except StopIteration as stop:
        return stop.value
    raise RuntimeError("flow did not finish")


def default_answer(req: Request) -> Any:
    if isinstance(req, FightThrow):
        return ("pinch",) * len(req.bosses)
    if isinstance(req, ChooseCare):
        return "normal"
    if isinstance(req, AimThrow):
        return Throw((12.0, 12.0), 0.3)
    if hasattr(req, "options"):
        return req.options[0]
    raise TypeError(f"no default answer for {req!r}")


def scripted(*answers: Any) -> Callable[[Request], Any]:
    """Answer requests from a list, in order (a callable entry is called with the request)."""
    it = iter(answers)

    def ans(req: Request) -> Any:
        a = next(it)
        return a(req) if callable(a) else a

    return ans


VEHICLE_ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}


def of(m: Match, kind: type) -> list:
    """The events of one type in a match's log."""
    return [e for e in m.events if isinstance(e, kind)]


def vmatch(red: list[dict], blue: list[dict], positions: dict, terrain=None, seed=1, **kw: Any) -> Match:
    """A match with models where the test wants them; vehicles face ``(x, y, angle)``."""
    opts = {"deploy_distance_in": 0.0, "vehicle_deploy_distance_in": 0.0, **kw.pop("options", {})}
    m = match([red, blue], {}, terrain, seed, options=opts, **kw)
    for mid, where in positions.items():
        x, y, *rest = where
        m.place_model(m.models[mid], (x, y), "test set-up")
        if rest:
            m.table.move_figure(mid, (x, y), angle=rest[0])
    return m


LANE = [  # a lane from x 6" to 18" along y 12", walls 0.1" off a buggy's sides
    {"type": "wall", "polygon": [[6, 10.2], [18, 10.2], [18, 10.9], [6, 10.9]]},
    {"type": "wall", "polygon": [[6, 13.1], [18, 13.1], [18, 13.8], [6, 13.8]]},
]

# its end wall, 2.5" off the nose of a buggy at x 12" facing east
LANE_END = {"type": "wall", "polygon": [[16.0, 10.9], [16.7, 10.9], [16.7, 13.1], [16.0, 13.1]]}


def buggy(name="Gaz", **extra: Any) -> dict:
    """An orc driving a buggy, as a gang file writes it."""
    return dict(VEHICLE_ORC, name=name, vehicle="buggy", **extra)


def fell(m: Match, mid: str) -> None:
    """Knock a git over as the rules do when its own tower falls (no dice on the table)."""
    g = m.models[mid]
    g.tower.clear()
    g.fallen = True
    m.table.set_upright(mid, False)
    m.sync_tower(g)


def load_tool(name: str) -> Any:
    """Import ``tools/<name>.py`` as module ``name`` (tools are scripts, not a package: the
    tests that check a tool's figures load it the way its command line runs it)."""
    import importlib.util
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location(name, root / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def scoot_waste(make: Callable[[int], Match], model: str, answer_for: Callable[[Match, int], Any], seeds: int = 12):
    """Real scoots, one per seed: ``make(seed)`` builds the match, ``answer_for(match, seed)``
    returns the function answering its requests (an AI's decide); ``model`` throws its move
    dice and walks them. Returns (dice that moved it under 0.1" or were lost past the edge,
    move dice thrown): issue 27's bar, on real throws."""
    nowhere = total = 0
    for seed in range(1, seeds + 1):
        m = make(seed)
        start = len(m.events)
        drive(m, m._scoot(m.models[model]), answer_for(m, seed))
        for e in m.events[start:]:
            if e.kind == "model_moved" and e.reason == "scoot" and e.value is not None and e.model == model:
                total += 1
                nowhere += e.travelled < 0.1
            if e.kind == "dice_thrown" and e.purpose == "move" and e.model == model:
                lost = sum(d["position"] is None for d in e.dice)
                total += lost
                nowhere += lost
    return nowhere, total

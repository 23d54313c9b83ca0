"""Clean layers: each package imports only the ones below it; only render/ imports pygame; the
shared layer (play/) imports no ruleset; rulesets never import each other; nothing outside the
Space Gits ruleset imports it; and no import circle, counting type-only and function-body
imports (docs/architecture.md)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from conftest import ROOT

PKG = ROOT / "spacegits_sim"
ORDER = ["data", "physics", "play", "rules", "ai", "rulesets", "render"]  # each may import only those before it


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FILES = {module_name(f): f for f in PKG.rglob("*.py")}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of every node inside an ``if TYPE_CHECKING:`` block (imports for type hints only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                out |= {id(n) for n in ast.walk(stmt)}
    return out


def imports(path: Path, runtime_only: bool = False) -> set[str]:
    """Every module a file imports, anywhere in it (module level, function bodies, and unless
    ``runtime_only``, ``if TYPE_CHECKING:`` blocks). ``from pkg import name`` counts as importing
    ``pkg.name`` when that is a module (``from . import effects``), else ``pkg``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    own = module_name(path) if path.is_relative_to(ROOT) else path.stem
    pkg = own if path.name == "__init__.py" else own.rpartition(".")[0]
    skip = _type_checking_nodes(tree) if runtime_only else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out |= {f"{mod}.{a.name}" if f"{mod}.{a.name}" in FILES else mod for a in node.names}
    return out


@cache
def graph() -> dict[str, frozenset[str]]:
    """module -> the package modules it imports (all imports counted; a parent package a module
    sits in is not a dependency of it)."""
    out: dict[str, frozenset[str]] = {}
    for name, f in FILES.items():
        deps = set()
        for mod in imports(f):
            while mod and mod not in FILES:  # "import a.b.c" of a member, or "from pkg import name"
                mod = mod.rpartition(".")[0]
            if mod and mod != name and not name.startswith(mod + "."):
                deps.add(mod)
        out[name] = frozenset(deps)
    return out


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "spacegits_sim" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in ORDER else None


def test_each_layer_imports_only_the_layers_below_it():
    bad = []
    for i, layer in enumerate(ORDER):
        allowed = set(ORDER[: i + 1])
        for f in (PKG / layer).rglob("*.py"):
            for mod in imports(f):
                tgt = layer_of(mod)
                if tgt is not None and tgt not in allowed:
                    bad.append(f"{f.relative_to(ROOT)} imports {mod}")
    assert not bad, bad


def test_nothing_below_render_imports_pygame():
    offenders = []
    for f in PKG.rglob("*.py"):
        rel = f.relative_to(PKG).parts
        if rel[0] == "render":
            continue
        if any(m.split(".")[0] == "pygame" for m in imports(f)):
            offenders.append(str(f.relative_to(ROOT)))
    assert not offenders, offenders


def test_physics_knows_nothing_of_space_gits():
    words = ("git", "boss", "orc", "scoot", "swig")
    for f in (PKG / "physics").rglob("*.py"):
        code_names = {n.id for n in ast.walk(ast.parse(f.read_text())) if isinstance(n, ast.Name)}
        assert not [w for w in words if w in code_names], f


APPLICATION = {
    "cli",
    "watch",
    "matches",
    "replay",
    "tournament",
    "towerlab",
    "lab",
    "env",
    "campaign",
    "__main__",
}  # above render
FOUNDATION = {"rng", "errors", "atomic", "__init__"}  # plain utilities any layer may use
RULES_ORDER = [
    "events",
    "decisions",
    "timecost",
    "odds",
    "pieces",
    "state",
    "ops",
    "effects",
    "gangs",
    "treatments",
    "gangmodes",
    "scenario",
    "combat",
    "fleet",
    "core",
    "movement",
    "vehicles",
    "turns",
    "engine",
    "replay",
    "invariants",
]  # each rules module imports (type-only and function-body imports too) only those before it

#: The Space Gits ruleset: its engine, effects, campaign and AIs, its adapter, its own commands,
#: and its drawing (render/'s scene, board, choices and the watch and hot-seat shells it names).
SPACEGITS = (
    "spacegits_sim.rules",
    "spacegits_sim.campaign",
    "spacegits_sim.ai",
    "spacegits_sim.rulesets.spacegits",
    "spacegits_sim.cli.campaign",
    "spacegits_sim.cli.gang",
    "spacegits_sim.cli.lab",
    "spacegits_sim.lab",
    "spacegits_sim.render.scene",
    "spacegits_sim.render.board",
    "spacegits_sim.render.choices",
    "spacegits_sim.render.watch_app",
    "spacegits_sim.render.hotseat",
)
#: Known, named exceptions: {(importer, imported): why}. Each would be a debt, listed so it stays visible.
SPACEGITS_EXCEPTIONS: dict[tuple[str, str], str] = {}


def _member(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def rulesets() -> dict[str, tuple[str, ...]]:
    """ruleset id -> the module prefixes that make it up: its package, and its drawing in render/
    named after it (Space Gits, which predates the layout: see SPACEGITS)."""
    out = {"spacegits": SPACEGITS}
    for d in sorted((PKG / "rulesets").iterdir()):
        if d.is_dir() and (d / "__init__.py").exists() and d.name != "spacegits":
            out[d.name] = (f"spacegits_sim.rulesets.{d.name}", f"spacegits_sim.render.{d.name}")  # + its drawing
    return out


def test_every_root_module_is_placed_in_the_layer_order():
    for f in PKG.glob("*.py"):
        assert f.stem in APPLICATION | FOUNDATION, f"{f.name}: add it to APPLICATION or FOUNDATION in this test"


def test_no_layer_imports_an_application_module():
    bad = []
    for layer in ORDER:
        for f in (PKG / layer).rglob("*.py"):
            for mod in imports(f):
                parts = mod.split(".")
                if parts[0] == "spacegits_sim" and len(parts) > 1 and parts[1] in APPLICATION:
                    bad.append(f"{f.relative_to(ROOT)} imports {mod}")
    assert not bad, bad


def test_rules_modules_import_only_those_before_them():
    bad = []
    for f in (PKG / "rules").glob("*.py"):
        if f.stem == "__init__":
            continue
        assert f.stem in RULES_ORDER, f"rules/{f.name}: add it to RULES_ORDER in this test"
        mine = RULES_ORDER.index(f.stem)
        for mod in imports(f):
            parts = mod.split(".")
            if parts[:2] == ["spacegits_sim", "rules"] and len(parts) > 2 and RULES_ORDER.index(parts[2]) >= mine:
                bad.append(f"rules/{f.name} imports {mod}")
    assert not bad, bad


def cycles(g: dict[str, frozenset[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_circle_through_a_type_only_import(tmp_path):
    """The check itself: a circle closed only by an ``if TYPE_CHECKING:`` import is a circle."""
    g = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}
    assert cycles(g) == [["a", "b", "c"]]
    f = tmp_path / "m.py"
    f.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x.y\ndef f():\n    import z\n")
    assert {"x.y", "z"} <= imports(f) and "x.y" not in imports(f, runtime_only=True)


def test_the_package_has_no_import_circles_counting_type_only_and_function_body_imports():
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_shared_layer_imports_no_ruleset():
    game_modules = tuple(p for prefixes in rulesets().values() for p in prefixes) + ("spacegits_sim.rulesets",)
    bad = [
        f"{name} imports {dep}"
        for name, deps in graph().items()
        if name.startswith("spacegits_sim.play")
        for dep in deps
        if _member(dep, game_modules)
    ]
    assert not bad, bad


def test_rulesets_never_import_each_other():
    rs = rulesets()
    bad = []
    for rid, mine in rs.items():
        others = tuple(p for other, prefixes in rs.items() if other != rid for p in prefixes)
        for name, deps in graph().items():
            if _member(name, mine):
                bad += [f"{rid}: {name} imports {dep}" for dep in deps if _member(dep, others)]
    assert not bad, bad


def test_nothing_outside_the_space_gits_ruleset_imports_it():
    """Only its registry line names it (play/registry.py BUILTIN, a module name, not an import)."""
    bad = [
        f"{name} imports {dep}"
        for name, deps in graph().items()
        if not _member(name, SPACEGITS)
        for dep in deps
        if _member(dep, SPACEGITS) and (name, dep) not in SPACEGITS_EXCEPTIONS
    ]
    assert not bad, bad


def test_the_registry_names_each_builtin_ruleset_by_a_module_that_exists():
    from spacegits_sim.play import registry

    for rid, module in registry.BUILTIN.items():
        assert module in FILES, f"{rid}: {module} is not a module of the package"
        assert registry.get(rid).id == rid


def test_nothing_outside_physics_touches_pymunk():
    bad = []
    for f in PKG.rglob("*.py"):
        if f.relative_to(PKG).parts[0] == "physics":
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"))
        if any(m.split(".")[0] == "pymunk" for m in imports(f)):
            bad.append(f"{f.relative_to(ROOT)} imports pymunk")
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and n.attr in (
                "space",
                "reindex_shapes_for_body",
                "shape",
                "bb",
                "tower_shape",
                "get_vertices",
                "velocity",
                "planes",
            ):
                bad.append(f"{f.relative_to(ROOT)}:{n.lineno} reaches into the physics ({n.attr})")
    assert not bad, bad


def test_physics_names_nothing_of_the_game():
    words = {"git", "gits", "boss", "bosses", "orc", "scoot", "swig", "cap", "caps", "shove", "shoves"}
    bad = []
    for f in (PKG / "physics").rglob("*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        names: set[str] = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Name):
                names.add(n.id)
            elif isinstance(n, ast.Attribute):
                names.add(n.attr)
            elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
                names.add(n.name)
            elif isinstance(n, ast.arg):
                names.add(n.arg)
        parts = {p for name in names for p in name.lower().split("_")}
        if parts & words:
            bad.append(f"{f.name}: {sorted(parts & words)}")
    assert not bad, bad

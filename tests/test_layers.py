"""Clean layers: each package imports only the ones below it; only render/ imports pygame."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PKG = ROOT / "spacegits_sim"
ORDER = ["data", "physics", "rules", "ai", "render"]  # each may import only those before it


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of every node inside an ``if TYPE_CHECKING:`` block (imports for type hints only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                out |= {id(n) for n in ast.walk(stmt)}
    return out


def imports(path: Path, runtime_only: bool = False) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    pkg_parts = path.relative_to(ROOT).with_suffix("").parts[:-1]
    if path.name == "__init__.py":
        pkg_parts = path.relative_to(ROOT).parts[:-1]
    skip = _type_checking_nodes(tree) if runtime_only else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(pkg_parts[: len(pkg_parts) - node.level + 1])
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
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


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


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
    "effects",
    "gangs",
    "gangmodes",
    "scenario",
    "state",
    "combat",
    "fleet",
    "core",
    "movement",
    "vehicles",
    "turns",
    "engine",
    "replay",
    "invariants",
]  # each rules module imports (at run time) only those before it


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
        for mod in imports(f, runtime_only=True):
            parts = mod.split(".")
            if parts[:2] == ["spacegits_sim", "rules"] and len(parts) > 2 and RULES_ORDER.index(parts[2]) >= mine:
                bad.append(f"rules/{f.name} imports {mod}")
    assert not bad, bad


def test_the_package_has_no_import_circles_even_through_function_local_imports():
    graph: dict[str, set[str]] = {}
    files = {module_name(f): f for f in PKG.rglob("*.py")}
    for name, f in files.items():
        deps = set()
        for mod in imports(f, runtime_only=True):
            while mod and mod not in files:  # "from pkg import name" names a module or a member
                mod = mod.rpartition(".")[0]
            if mod and mod != name and not name.startswith(mod + "."):
                deps.add(mod)
        graph[name] = deps
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> None:
        state[n] = 1
        stack.append(n)
        for d in sorted(graph.get(n, ())):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d) :] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c) for c in cycles)


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

"""Clean layers: each package imports only the ones below it; only render/ imports pygame."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PKG = ROOT / "spacegits_sim"
ORDER = ["data", "physics", "rules", "ai", "render"]  # each may import only those before it


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    pkg_parts = path.relative_to(ROOT).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
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

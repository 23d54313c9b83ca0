"""A plain (non-editable) wheel install finds its YAML: assets and scenarios ship in the wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import ROOT


def test_wheel_install_finds_the_rules_and_scenarios(tmp_path: Path):
    wheel_dir = tmp_path / "wheel"
    src = tmp_path / "src"  # a clean copy: a stale build/ folder in the checkout must not leak into the wheel
    shutil.copytree(
        ROOT, src, ignore=shutil.ignore_patterns(".venv", "build", "out", ".git", "*.egg-info", "__pycache__", "golden")
    )
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheel_dir),
            str(src),
        ],
        check=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    # every folder that ships is declared: setuptools' "Package would be ignored" wall of text
    # on each install (the README's first command shows it to a new user) means one is not
    assert "would be ignored" not in build.stdout + build.stderr
    (wheel,) = wheel_dir.glob("spacegits_sim-*.whl")
    with zipfile.ZipFile(wheel) as z:  # the other games' books, gangs, cars and scenarios ship too
        shipped = sorted(n for n in z.namelist() if n.startswith("spacegits_sim/rulesets/") and n.endswith(".yaml"))
    rulesets = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "spacegits_sim" / "rulesets").rglob("*.yaml"))
    assert shipped == rulesets, sorted(set(rulesets) - set(shipped))
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        cwd=tmp_path,
    )
    probe = (
        "import spacegits_sim, pathlib;"
        "from spacegits_sim.data import load_rules;"
        "from spacegits_sim.data.paths import scenarios_dir, physics_dir;"
        "d = load_rules();"
        "print(spacegits_sim.__file__);"
        "print(len(d.gits), len(d.tables), sorted(p.name for p in scenarios_dir().glob('*.yaml')),"
        " sorted(p.name for p in physics_dir().glob('*.yaml')));"
        "import pkgutil;"
        "print(sorted(m.name for m in pkgutil.walk_packages(spacegits_sim.__path__, 'spacegits_sim.')));"
        "from spacegits_sim.cli import main;"
        "print(main(['validate', str(scenarios_dir() / 'quickstart.yaml')]))"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path, env=env
    ).stdout.splitlines()
    assert out[0].startswith(str(target)), f"imported from {out[0]}, not from the installed wheel"
    scenarios = sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))
    physics = sorted(p.name for p in (ROOT / "assets" / "physics").glob("*.yaml"))
    assert out[1] == f"6 17 {scenarios} {physics}", out[1]  # every shipped YAML file is in the wheel
    source = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "spacegits_sim").rglob("*.py")
        if p.name != "__main__.py"
    )
    wheel_modules = eval(out[2])  # noqa: S307 - our own probe's printed list
    assert [m for m in source if m != "spacegits_sim" and m not in wheel_modules] == [], (
        "modules missing from the wheel"
    )
    assert out[-1] == "0", "the installed command validates the bundled scenario"

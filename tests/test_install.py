"""A plain (non-editable) wheel install finds its YAML: assets and scenarios ship in the wheel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def test_wheel_install_finds_the_rules_and_scenarios(tmp_path: Path):
    wheel_dir = tmp_path / "wheel"
    subprocess.run(
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
            str(ROOT),
        ],
        check=True,
        cwd=tmp_path,
    )
    (wheel,) = wheel_dir.glob("spacegits_sim-*.whl")
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
        " sorted(p.name for p in physics_dir().glob('*.yaml')))"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path, env=env
    ).stdout.splitlines()
    assert out[0].startswith(str(target)), f"imported from {out[0]}, not from the installed wheel"
    scenarios = sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))
    physics = sorted(p.name for p in (ROOT / "assets" / "physics").glob("*.yaml"))
    assert out[1] == f"6 17 {scenarios} {physics}", out[1]  # every shipped YAML file is in the wheel

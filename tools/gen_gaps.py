"""Regenerate docs/rulebook-gaps.md from assets/rules/*.yaml."""

from pathlib import Path

from spacegits_sim.data import load_rules
from spacegits_sim.data.gaps import render_gaps

if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "docs" / "rulebook-gaps.md"
    out.write_text(render_gaps(load_rules()), encoding="utf-8")
    print(f"wrote {out}")

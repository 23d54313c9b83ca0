"""Every table printed in the rulebook has YAML with the same rows, printed cells verbatim."""

from __future__ import annotations

import re

import pytest
import yaml
from conftest import ROOT, RULEBOOK

RULES = ROOT / "assets" / "rules"


def _raw(name: str) -> dict:
    return yaml.safe_load((RULES / f"{name}.yaml").read_text())


def _entries(name: str) -> dict[str, dict]:
    return {e["name"]: e for e in _raw(name)["entries"]}


def _tables() -> dict[str, dict]:
    out = {}
    for f in ("tables", "injuries", "repairs"):
        for t in _raw(f)["tables"]:
            out[t["id"]] = t
    return out


def rulebook_tables() -> list[tuple[str, list[list[str]]]]:
    """(header line, rows of cells) for every markdown table in the rulebook."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    out = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            header = lines[i]
            rows = []
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                rows.append([c.strip() for c in lines[j].strip().strip("|").split("|")])
                j += 1
            out.append((header, rows))
            i = j
        else:
            i += 1
    return out


def _printed(e: dict, field: str, value: str) -> str:
    return str(e.get("printed_as", {}).get(field, value))


def _cap(n: int) -> str:
    return f"{n} cap" if n == 1 else f"{n} caps"


def _special_names(ids: list[str]) -> str:
    names = {e["id"]: e["name"] for e in _raw("special_rules")["entries"]}
    return ", ".join(names[i] for i in ids)


def render_git(e):
    return [
        e["name"],
        str(e["cost"]),
        e["move"],
        e["headbutt"],
        str(e["toughness"]),
        _printed(e, "special", _special_names(e["special"])),
    ]


def render_weapon(e):
    rng = "Fight" if e["range"] is None else f'{int(e["range"])}"'
    cost = "*" if e.get("innate") else str(e["cost"])
    return [e["name"], cost, str(e["hands"]), rng, e["dice"], f"{e['weak']}/{e['big']}", _special_names(e["special"])]


def render_vehicle(e):
    return [
        e["name"],
        str(e["cost"]),
        e["engine"],
        str(e["toughness"]),
        str(e["handling"]),
        str(e["seats"]),
        _special_names(e["special"]),
    ]


def render_priced_row(r):
    return [r["roll"], r["result"], _printed(r, "price", str(r.get("price", "")))]


def render_loot_row(r):
    return [r["roll"], f"{r['result']} ({_cap(r['price'])})"]


def render_text_row(r):
    return [r["roll"], r["text"]]


def render_diag(r):
    return [r["roll"], r["result"], str(r["public"]), str(r["private"])]


def render_location(r):
    return [r["roll"], r["result"], str(r["bodge"]), str(r["proper"])]


# header -> (kind, key, renderer, two_column)
MAPPING = {
    "| Git | Cost | Move | Headbutt | Toughness | Special |": ("entries", "gits", render_git, False),
    "| Shooting Weapon | Cost | Hands | Range | Bullet Dice | Damage Weak/Big | Special |": (
        "entries",
        "weapons",
        render_weapon,
        False,
    ),
    "| Fighting Weapon | Cost | Hands | Range | Thump Dice | Damage Weak/Big | Special |": (
        "entries",
        "weapons",
        render_weapon,
        False,
    ),
    "| Vehicle | Cost | Engine | Toughness | Handling | Seats | Special |": (
        "entries",
        "vehicles",
        render_vehicle,
        False,
    ),
    "| 2D6 | Random Git | Cost |": ("table", "random_git", render_priced_row, False),
    "| 2D6 | Random Vehicle | Cost |": ("table", "random_vehicle", render_priced_row, False),
    "| D100 | Loot | D100 | Loot |": ("table", "loot", render_loot_row, True),
    "| D100 | Vehicle Loot | D100 | Vehicle Loot |": ("table", "vehicle_loot", render_loot_row, True),
    "| 1D20 | Vehicle Weapon Loot | Price |": ("table", "vehicle_weapon_loot", render_priced_row, False),
    "| D8 | Diagnosis | Public | Private |": ("table", "diagnosis", render_diag, False),
    "| D10 | Head Treatment |": ("table", "head_treatment", render_text_row, False),
    "| D10 | Arm Treatment |": ("table", "arm_treatment", render_text_row, False),
    "| D10 | Leg Treatment |": ("table", "leg_treatment", render_text_row, False),
    "| D10 | Body Treatment |": ("table", "body_treatment", render_text_row, False),
    "| D6 | Location | Bodge Job | Proper Job |": ("table", "location", render_location, False),
    "| D10 | Handling Repair |": ("table", "handling_repair", render_text_row, False),
    "| D10 | Guts Repair |": ("table", "guts_repair", render_text_row, False),
    "| D10 | Snazz Repair |": ("table", "snazz_repair", render_text_row, False),
    "| D10 | Hull Repair |": ("table", "hull_repair", render_text_row, False),
    "| D10 | Weapons Repair |": ("table", "weapons_repair", render_text_row, False),
}


def test_every_rulebook_table_has_a_yaml_table():
    headers = {h for h, _ in rulebook_tables()}
    unmapped = headers - set(MAPPING)
    assert not unmapped, f"rulebook tables with no YAML mapping: {unmapped}"
    assert len(rulebook_tables()) == 21  # 20 distinct tables; the Random Git table is printed twice


# fields an entry carries that no printed column holds (so a fully printed row may complete them)
NOT_A_COLUMN = {"vehicles": {"hull_in"}}  # the book prints no hull sizes


@pytest.mark.parametrize("header,rows", rulebook_tables(), ids=lambda x: x if isinstance(x, str) else "")
def test_printed_rows_are_in_the_yaml_verbatim(header, rows):
    kind, key, render, two_col = MAPPING[header]
    if two_col:  # split "| a | b | c | d |" into two rows (a, b) and (c, d)
        rows = [r[k : k + 2] for r in rows for k in (0, 2) if len(r) > k and r[k]]
    if kind == "entries":
        yaml_rows = _entries(key)
        key_of = lambda cells: cells[0]  # noqa: E731
    else:
        yaml_rows = {r["roll"]: r for r in _tables()[key]["rows"]}
        key_of = lambda cells: cells[0]  # noqa: E731
    ncols = len(header.strip().strip("|").split("|")) // (2 if two_col else 1)
    for cells in rows:
        k = key_of(cells)
        assert k in yaml_rows, f"printed row {cells} has no YAML row '{k}' in {key}"
        entry = yaml_rows[k]
        rendered = render(entry)
        printed_cells = [c for c in cells]
        truncated = len(printed_cells) < ncols or (
            len(printed_cells) == ncols
            and printed_cells[-1] == ""
            and kind == "table"
            and printed_cells[1:] == [""] * (ncols - 1)
        )
        # every printed cell must equal what the YAML says (a truncated row: its printed prefix)
        for idx, cell in enumerate(printed_cells):
            if truncated and cell == "":
                continue
            assert rendered[idx] == cell, (
                f"{key} '{k}' column {idx}: YAML gives {rendered[idx]!r}, rulebook prints {cell!r}"
            )
        if not truncated:
            # (a printed row may still complete a part of its rule the book never defines, such as
            # the dodge Really Bright Headlamps names, as long as no printed field is among them)
            completes = set(entry.get("completed") or [])
            printed = set(entry) - NOT_A_COLUMN.get(key, set())
            assert entry["source"] == "printed" and not completes & printed, f"{key} '{k}' is fully printed"
        else:
            assert entry.get("completed") or entry["source"] == "completed", (
                f"{key} '{k}' is cut off, must be marked completed"
            )


def _section(start: str, end: str) -> list[str]:
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    i = lines.index(start)
    return lines[i + 1 : lines.index(end, i + 1)]


ITEM = re.compile(r"^([A-Z](?:[^():]|\(s\))*?) \((\d+) caps?\): ")


@pytest.mark.parametrize(
    "start,end,key,count",
    [
        ("Fancy Gear", "Vehicles", "gear", 31),
        ("Vehicle Mods", "Campaigns", "vehicle_mods", 35),
    ],
)
def test_every_priced_item_in_the_rulebook_is_in_the_yaml(start, end, key, count):
    printed = [(m.group(1), int(m.group(2))) for line in _section(start, end) if (m := ITEM.match(line))]
    assert len(printed) == count
    yaml_items = _entries(key)
    for name, cost in printed:
        assert name in yaml_items, f"{name} missing from {key}.yaml"
        assert yaml_items[name]["cost"] == cost
        assert yaml_items[name]["source"] == "printed"


def test_every_faction_is_in_the_yaml():
    lines = _section("Factions", "Rules Summary")
    names = [lines[i - 1] for i, line in enumerate(lines) if line.startswith('"') and i > 0]
    assert len(names) == 9
    assert set(names) == {e["name"] for e in _raw("factions")["entries"]}


def test_every_terrain_type_with_rules_is_in_the_yaml():
    lines = _section("Terrain", "Gather Your Gits")
    printed = [
        line.split(":")[0] for line in lines if re.match(r"^[A-Z][A-Za-z ]+: ", line) and not line.startswith("- ")
    ]
    assert len(printed) == 11
    names = {e["name"] for e in _raw("terrain")["entries"]}
    assert set(printed) <= names


def test_vending_machine_table_has_the_six_printed_items():
    lines = _section(
        "Vending Machine: A git in contact can boot it to vend a random item. Roll D6:", "Gather Your Gits"
    )
    printed = [line[2:].split(":")[0] for line in lines if line.startswith("- ")]
    assert printed == [r["result"] for r in _tables()["vending_machine"]["rows"]]


def test_vendored_rulebook_matches_the_shared_one():
    shared = ROOT.parent / "shared" / "rulebooks" / "space-gits-rulebook.txt"
    if not shared.exists():
        pytest.skip("../shared is not beside this checkout")
    assert shared.read_text(encoding="utf-8") == RULEBOOK.read_text(encoding="utf-8")


def test_every_roll_table_covers_its_dice_range_exactly(rules):
    for t in rules.tables.values():
        lo, hi = t.span
        covered = sorted(v for r in t.rows for v in range(r.lo, r.hi + 1))
        assert covered == list(range(lo, hi + 1)), f"{t.id} does not cover {lo}-{hi} exactly"


def test_gaps_document_matches_the_completed_entries(rules):
    from spacegits_sim.data.gaps import render_gaps

    doc = (ROOT / "docs" / "rulebook-gaps.md").read_text(encoding="utf-8")
    assert doc == render_gaps(rules), "docs/rulebook-gaps.md is stale: run python tools/gen_docs.py"
    for ref, _, _ in rules.completed_entries():
        assert f"`{ref}`" in doc


def test_the_gaps_page_lists_every_vehicle_hull_and_the_vehicle_rules_we_completed(rules):
    """The book gives no hull sizes ("if you are using a vehicle without a base, measure from the
    hull") and leaves out the table edge ("What happens when you bump into something depends on
    the something": no edge among them) and a flip with no room ahead ("move the minimum distance
    directly forward to clear it"): every vehicle's ``hull_in`` is marked completed, and the two
    rules the engine completes are on docs/rulebook-gaps.md."""
    from spacegits_sim.data.gaps import render_gaps

    doc = render_gaps(rules)
    for v in rules.vehicles.values():
        assert "hull_in" in v.provenance.completed, v.id
        assert f"`vehicles/{v.id}`" in doc
    ids = {c.id for c in rules.completed_rules}
    assert {"table-edge-stops-a-vehicle", "flip-blocked-by-the-table-edge"} <= ids
    for c in rules.completed_rules:
        assert f"#{c.id}`" in doc

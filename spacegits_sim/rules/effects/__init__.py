"""Effects: the behaviour of every item id, registered per family, and the hooks that ask them.

``REGISTRY`` maps family → id → handler (or a ``Deferred`` marker for ids the data names but
the engine does not simulate yet); it is Space Gits' own (another ruleset keeps its own). A
model carries the handlers of its git type's special rules, its gear and its weapons'
specials (``static_effects``), plus those of the tokens it holds (``effects_of``). The engine
and combat call the hooks (:mod:`.hooks`, re-exported here) at the moments the rulebook
names; none of them knows an item's name.
"""

from __future__ import annotations

from typing import Any

from ...data.rules_data import RulesData
from . import factions, gear, git_specials, lasting, terrain, vehicle_mods, weapon_specials  # noqa: F401  (registration)
from .base import REGISTRY, REPAIRS, TREATMENTS, Deferred, Effect, Flow, lasting_id, register
from .hooks import *  # noqa: F403  (the hooks the engine asks)

#: (The hooks come from :mod:`.hooks` by ``*``: a hook added there is the package's at once.)
__all__ = ["REGISTRY", "Deferred", "Effect", "Flow", "register", "implemented_table", "implemented_markdown"]


# ---- documentation ---------------------------------------------------------------------------


def _lasting_ids(rules: RulesData, index: str) -> list[str]:
    """Every treatment (``index`` "diagnosis") or repair ("location") a model can carry: the rows
    of the tables the index names, once each, without those that end the git or vehicle."""
    out: list[str] = []
    for loc in rules.tables[index].rows:
        for row in rules.tables[str(loc.extra["table"])].rows:
            i = lasting_id(row.result)
            if not row.extra.get("ends") and i not in out:
                out.append(i)
    return out


def implemented_table(rules: RulesData) -> list[dict[str, Any]]:
    """One row per id the data names: family, id, implemented, what the handler does (or why not)."""
    fams: dict[str, list[str]] = {
        "special_rules": list(rules.special_rules),
        "gear": list(rules.gear),
        "terrain": sorted({s for t in rules.terrain.values() for s in t.special}),
        "factions": [f.rule_id for f in rules.factions.values()],
        "vehicle_mods": list(rules.vehicle_mods),
        "vending": [str(r.extra.get("effect", r.result)) for r in rules.tables[terrain.VENDING_TABLE].rows],
        TREATMENTS: _lasting_ids(rules, "diagnosis"),
        REPAIRS: _lasting_ids(rules, "location"),
    }
    rows = []
    for fam, ids in fams.items():
        for i in ids:
            h = REGISTRY.get(fam, {}).get(i)
            if isinstance(h, type):
                doc = (h.__doc__ or "").strip().splitlines()[0] if h.__doc__ else ""
                rows.append({"family": fam, "id": i, "implemented": True, "what": doc, "module": h.__module__})
            else:
                rows.append(
                    {"family": fam, "id": i, "implemented": False, "what": h.why if h else "NO HANDLER", "module": ""}
                )
    return rows


FAMILY_TITLES = {
    "special_rules": "Special rules (gits and weapons)",
    "gear": "Fancy gear",
    "terrain": "Terrain",
    "factions": "Factions",
    "vehicle_mods": "Vehicle mods",
    "vending": "Vending Machine results (tables.yaml; also Medical Equipment)",
    TREATMENTS: "Treatments (A&E, injuries.yaml: what a git carries into later games)",
    REPAIRS: "Repairs (Krankshaft's, repairs.yaml: what a vehicle carries into later games)",
}


def implemented_markdown(rules: RulesData) -> str:
    """The "what is implemented" table of docs/rules.md, generated from the registry."""
    rows = implemented_table(rules)
    out = ["| family | implemented | deferred |", "|---|---|---|"]
    for fam, title in FAMILY_TITLES.items():
        mine = [r for r in rows if r["family"] == fam]
        done = sum(r["implemented"] for r in mine)
        out.append(f"| {title} | {done} | {len(mine) - done} |")
    for fam, title in FAMILY_TITLES.items():
        out += ["", f"### {title}", "", "| id | status | what the handler does (or why not yet) |", "|---|---|---|"]
        for r in (r for r in rows if r["family"] == fam):
            status = "implemented" if r["implemented"] else "**deferred**"
            module = f" (`{r['module'].rsplit('.', 1)[-1]}.py`)" if r["module"] else ""
            out.append(f"| `{r['id']}` | {status} | {r['what']}{module} |")
    return "\n".join(out) + "\n"

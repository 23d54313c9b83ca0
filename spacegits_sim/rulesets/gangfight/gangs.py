"""Gang files: characters built by the core rules' "Creating Custom Characters", checked.

A gang file (YAML)::

    name: The Black Hounds
    leader: brakk                 # one Hero leads ("You must specify one hero as your gang's leader")
    models:
      - {id: brakk, name: Brakk, level: hero, size: standard, base: 32, race: human,
         raise: {str: 3, qui: 3, sta: 2, int: 2, mc: 3, rc: 2}, bonus: {mc: 1},
         items: [hand_weapon, shield, light_armour], skills: []}

``raise`` spends the level's points ("may spend 9 points raising ..."), each attribute starting
at 1 and no higher than the level's maximum; ``bonus`` is the racial bonus ("Humans may add 1
bonus point to any Attribute"; it "may raise an attribute above the maximums"). XP is the
level's, plus the size's, plus each item's level x item_xp_per_level; the gang's Fame is the
sum. Problems name the file, the model and the field; things named but not simulated (skills,
other races, factions) come back as loud warnings, never silence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...data.errors import Problem, short
from ...data.yamlio import read_yaml
from .book import Book, Checker, Item, book

HERE = Path(__file__).resolve().parent
GANGS = HERE / "gangs"

_MODEL_KEYS = ("id", "name", "level", "size", "base", "race", "raise", "bonus", "items", "skills")
_GANG_KEYS = ("name", "leader", "faction", "models", "fame")


@dataclass(frozen=True)
class Character:
    """One model as built: its final attributes and what it carries."""

    id: str
    name: str
    level: str
    size: str
    base_mm: float
    race: str
    attrs: Mapping[str, int]  # hp, qui, sta, dp, int, rc, mc, str (with race, size and armour)
    items: tuple[str, ...]
    skills: tuple[str, ...]
    xp: int
    leader: bool = False

    def to_doc(self, raise_: Mapping[str, int], bonus: Mapping[str, int]) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "level": self.level,
            "size": self.size,
            "base": self.base_mm,
            "race": self.race,
            "raise": dict(raise_),
            "bonus": dict(bonus),
            "items": list(self.items),
            "skills": list(self.skills),
        }


@dataclass(frozen=True)
class Gang:
    name: str
    leader: str
    models: tuple[Character, ...]
    doc: Mapping[str, Any] = field(default_factory=dict, compare=False)
    warnings: tuple[Problem, ...] = field(default=(), compare=False)

    @property
    def fame(self) -> int:
        return sum(m.xp for m in self.models)

    def to_doc(self) -> dict[str, Any]:
        return dict(self.doc)


def _spent(c: Checker, d: Any, entry: str, fld: str, allowed: tuple[str, ...]) -> dict[str, int]:
    if d is None:
        return {}
    if not isinstance(d, dict):
        c.bad(entry, fld, f"expected a mapping of attribute: points, got {short(d)}")
        return {}
    out: dict[str, int] = {}
    for k, v in d.items():
        if k not in allowed:
            c.bad(entry, fld, f"{short(k)} cannot be raised; these can: {', '.join(allowed)}")
        elif isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10:
            c.bad(entry, fld, f"{k}: expected a whole number of points from 0 to 10, got {short(v)}")
        else:
            out[str(k)] = v
    return out


def character_from_doc(c: Checker, d: Any, i: int, b: Book, warn: list[Problem]) -> tuple[Character, dict[str, Any]]:
    d = c.mapping(d, f"models[{i}]", None)
    mid = d.get("id")
    entry = f"model '{mid}'" if isinstance(mid, str) else f"models[{i}]"
    if not isinstance(mid, str) or not mid.isidentifier():
        c.bad(entry, "id", f"expected a short id of letters, digits and _, got {short(mid)}")
        mid = f"m{i}"
    c.unknown(d, entry, _MODEL_KEYS)
    lid = c.choice(d, entry, "level", tuple(b.levels))
    lv = b.levels[lid]
    sid = c.choice(d, entry, "size", tuple(b.sizes), "standard")
    sz = b.sizes[sid]
    base = c.number(d, entry, "base", sz.base_min, sz.base_max, sz.base_min if sid != "standard" else 25)
    raised = tuple(str(a) for a in b.gang["raised"])
    rz = _spent(c, d.get("raise"), entry, "raise", raised)
    bonus = _spent(c, d.get("bonus"), entry, "bonus", tuple(a for a in b.attributes if a != "xp"))
    start = int(b.gang["start_attribute"])
    if sum(rz.values()) > lv.points:
        c.bad(
            entry,
            "raise",
            f"a {lid} spends at most {lv.points} points raising attributes, this one spends {sum(rz.values())}",
        )
    for a, v in rz.items():
        if start + v > lv.max:
            c.bad(entry, "raise", f"{a} would be {start + v}: a {lid} may not raise an attribute higher than {lv.max}")
    race = d.get("race", "human")
    if not isinstance(race, str):
        c.bad(entry, "race", f"expected a race name, got {short(race)}")
        race = "human"
    if race == "human":
        if sum(bonus.values()) > 1:
            c.bad(entry, "bonus", "Humans may add 1 bonus point to any Attribute: this one adds more")
    else:
        warn.append(
            Problem(
                c.label,
                entry,
                "race",
                f"race '{race}' is not checked by the core rules (the Fantasy races "
                "are not wired in yet): its bonus is taken as written",
            )
        )
    attrs: dict[str, int] = {a: start + rz.get(a, 0) + bonus.get(a, 0) for a in raised}
    attrs["hp"] = lv.hp + sz.hp + bonus.get("hp", 0)
    attrs["dp"] = lv.dp + bonus.get("dp", 0)
    attrs["str"] += sz.str
    items_raw = d.get("items", [])
    if not isinstance(items_raw, list):
        c.bad(entry, "items", f"expected a list of item ids, got {short(items_raw)}")
        items_raw = []
    items: list[str] = []
    xp = lv.xp + sz.xp
    per = int(b.gang["item_xp_per_level"])
    for it in items_raw:
        item: Item | None = b.items.get(it) if isinstance(it, str) else None
        if item is None:
            c.bad(entry, "items", f"unknown item {short(it)}; the core armoury has {', '.join(b.items)}")
            continue
        if item.level > lv.item_level:
            c.bad(
                entry, "items", f"{item.name} is level {item.level}: a {lid} equips items up to level {lv.item_level}"
            )
        if item.family in b.unsimulated_families:
            warn.append(
                Problem(c.label, entry, "items", f"NOT SIMULATED: {item.name}: {b.unsimulated_families[item.family]}")
            )
        items.append(item.id)
        xp += item.level * per
        attrs["hp"] += item.hp
        attrs["qui"] += item.qui
    slots = sum(b.items[i].slots for i in items)
    if slots > attrs["str"]:
        c.bad(
            entry,
            "items",
            f"carries {slots} points of items: 'You may only carry an amount of items up to your "
            f"character's Strength amount' ({attrs['str']})",
        )
    skills = d.get("skills", [])
    if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
        c.bad(entry, "skills", f"expected a list of skill names, got {short(skills)}")
        skills = []
    if len(skills) > attrs["int"]:
        c.bad(
            entry,
            "skills",
            f"{len(skills)} skills: 'A character may choose an amount of skills equal to their "
            f"Intellect' ({attrs['int']})",
        )
    for s in skills:
        warn.append(
            Problem(
                c.label,
                entry,
                "skills",
                f"NOT SIMULATED: skill '{s}' (the Fantasy skills are not wired "
                "into the engine yet): it has no effect in play",
            )
        )
    name = d.get("name", mid)
    if not isinstance(name, str) or not name.strip():
        c.bad(entry, "name", f"expected a name, got {short(name)}")
        name = str(mid)
    ch = Character(str(mid), name[:40], lid, sid, base, race, attrs, tuple(items), tuple(skills), xp)
    return ch, ch.to_doc(rz, bonus)


def gang_from_doc(doc: Any, label: str, b: Book | None = None, entry: str = "gang") -> Gang:
    """A gang from its document. Raises DataError listing every problem."""
    b = b or book()
    c = Checker(label)
    d = c.mapping(doc, entry, None)
    c.unknown(d, entry, _GANG_KEYS)
    warn: list[Problem] = []
    raw = d.get("models")
    lo, hi = int(b.gang["min_models"]), int(b.gang["max_models"])
    if not isinstance(raw, list) or not lo <= len(raw) <= hi:
        n = len(raw) if isinstance(raw, list) else short(raw)
        c.bad(
            entry,
            "models",
            f"a gang has {lo} to {hi} models ('The minimum amount of characters needed to form a Gang is 3'), got {n}",
        )
        raw = raw if isinstance(raw, list) else []
    models: list[Character] = []
    docs: list[dict[str, Any]] = []
    for i, m in enumerate(raw):
        ch, md = character_from_doc(c, m, i, b, warn)
        models.append(ch)
        docs.append(md)
    ids = [m.id for m in models]
    for dup in sorted({x for x in ids if ids.count(x) > 1}):
        c.bad(entry, "models", f"two models have the id '{dup}'")
    leader = d.get("leader")
    lead = next((m for m in models if m.id == leader), None)
    if lead is None:
        c.bad(
            entry,
            "leader",
            f"expected the id of one of the gang's Heroes ('You must specify one hero as your gang's "
            f"leader'), got {short(leader)}",
        )
    elif lead.level != "hero":
        c.bad(entry, "leader", f"'{leader}' is a {lead.level}: 'Your gang must include one Hero to lead it'")
    if faction := d.get("faction"):
        warn.append(
            Problem(
                label,
                entry,
                "faction",
                f"NOT SIMULATED: faction '{short(faction)}' (Fantasy factions and "
                "their abilities are not wired into the engine yet)",
            )
        )
    name = d.get("name", Path(label).stem)
    if not isinstance(name, str) or not name.strip():
        c.bad(entry, "name", f"expected a gang name, got {short(name)}")
        name = Path(label).stem
    c.raise_if_any()
    models = [Character(**{**m.__dict__, "leader": m.id == leader}) for m in models]
    gdoc = {"name": name, "leader": leader, "models": docs}
    return Gang(name[:40], str(leader), tuple(models), gdoc, tuple(warn))


def check_budget(g: Gang, fame: int, label: str, b: Book | None = None) -> list[Problem]:
    """The gang against a game's Fame: XP at or below it, and one extra Hero per 400 Fame."""
    b = b or book()
    out: list[Problem] = []
    if g.fame > fame:
        out.append(
            Problem(
                label,
                g.name,
                "fame",
                f"the gang's XP adds up to {g.fame}, over the game's Fame of {fame} "
                "('make sure this number is at or slightly below the agreed upon Fame level')",
            )
        )
    heroes = sum(1 for m in g.models if m.level == "hero")
    allowed = 1 + fame // int(b.gang["heroes_per_fame"])
    if heroes > allowed:
        out.append(
            Problem(
                label,
                g.name,
                "models",
                f"{heroes} Heroes: at {fame} Fame a gang may have {allowed} "
                "('one additional Hero for every 400 Fame Points')",
            )
        )
    return out


def load_gang(path: Path | str, b: Book | None = None) -> Gang:
    p = Path(path)
    return gang_from_doc(read_yaml(p, str(p)), str(p), b)


def find_gang(name: str, base: Path | None = None) -> Path:
    p = Path(name)
    for cand in ((base or Path.cwd()) / p, GANGS / p.name, GANGS / f"{p.name}.yaml"):
        if cand.is_file():
            return cand
    return p

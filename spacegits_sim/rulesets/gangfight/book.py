"""Gangfight's core rules as data: core/*.yaml read into frozen dataclasses, checked on load.

Why checked up front: every number the engine uses (target numbers, distances, levels, sizes,
weapon listings) comes from here, so a typo in the YAML or a house-rule file is one clear
line naming the file, the entry, the field and the valid range, never a KeyError mid-game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...data.errors import DataError, Problem, short
from ...data.yamlio import read_yaml

CORE = Path(__file__).resolve().parent / "core"
FILES = ("rules.yaml", "armoury.yaml", "deployments.yaml")

_STRENGTH = re.compile(r"^M(\+([1-9]))?$")


class Checker:
    """Collects problems while reading one file: ``need`` a field of a type within a range."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.problems: list[Problem] = []

    def bad(self, entry: str | None, fld: str | None, msg: str) -> None:
        self.problems.append(Problem(self.label, entry, fld, msg))

    def mapping(self, doc: Any, entry: str | None, fld: str | None) -> dict[str, Any]:
        if not isinstance(doc, dict):
            self.bad(entry, fld, f"expected a mapping, got {short(doc)}")
            return {}
        return doc

    def integer(self, d: Mapping[str, Any], entry: str, fld: str, lo: int, hi: int, default: int | None = None) -> int:
        v = d.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.bad(entry, fld, f"expected a whole number from {lo} to {hi}, got {short(v)}")
            return lo
        return v

    def number(
        self, d: Mapping[str, Any], entry: str, fld: str, lo: float, hi: float, default: float | None = None
    ) -> float:
        v = d.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= float(v) <= hi:
            self.bad(entry, fld, f"expected a number from {lo:g} to {hi:g}, got {short(v)}")
            return float(lo)
        return float(v)

    def text(self, d: Mapping[str, Any], entry: str, fld: str, default: str | None = None) -> str:
        v = d.get(fld, default)
        if not isinstance(v, str):
            self.bad(entry, fld, f"expected text, got {short(v)}")
            return ""
        return v

    def choice(
        self, d: Mapping[str, Any], entry: str, fld: str, allowed: Sequence[str], default: str | None = None
    ) -> str:
        v = d.get(fld, default)
        if v not in allowed:
            self.bad(entry, fld, f"expected one of {', '.join(allowed)}, got {short(v)}")
            return allowed[0]
        return str(v)

    def unknown(self, d: Mapping[str, Any], entry: str, known: Sequence[str]) -> None:
        for k in d:
            if k not in known:
                self.bad(entry, str(k), f"unknown field; known: {', '.join(known)}")

    def raise_if_any(self) -> None:
        if self.problems:
            raise DataError(self.problems)


@dataclass(frozen=True)
class Level:
    """A character level: its base Health, Defense and XP, the points it raises attributes by,
    the highest it may raise one to, the highest item level it may equip, its Victory Points."""

    id: str
    hp: int
    dp: int
    xp: int
    points: int
    max: int
    item_level: int
    vp: int


@dataclass(frozen=True)
class Size:
    id: str
    base_min: float
    base_max: float
    hp: int
    str: int
    xp: int
    vp: int
    hop: float  # the highest obstacle it hops over
    height: float  # to the eye, for line of sight (completed)


@dataclass(frozen=True)
class Item:
    """One weapon listing (or armour, shield): Strength "M"/"M+n"/a number, Range a number or "M"."""

    id: str
    name: str
    family: str  # weapon | armour | shield | one of the unsimulated families
    type: str = ""  # melee | ranged (weapons)
    strength: str = "M"
    range: str = "1"
    level: int = 1
    hands: int = 1
    slots: int = 1
    traits: tuple[str, ...] = ()
    hp: int = 0
    qui: int = 0
    dp: int = 0
    completed: str | None = None
    #: dice it lets its bearer reroll from a failed Defense roll, hands full or not (the Buckler:
    #: "May be equipped even if both hands are full. You may reroll 1D6 from a faled Defense roll.")
    save_rerolls: int = 0

    def strength_for(self, model_str: int) -> int:
        m = _STRENGTH.match(self.strength)
        if m:
            return model_str + int(m.group(2) or 0)
        return int(self.strength)

    def range_for(self, model_str: int) -> float:
        return float(model_str) if self.range == "M" else float(self.range)


#: The model's own fists, feet, claws or teeth: "Any unarmed model may make a basic attack using
#: their natural Strength" (not an item: never equipped, never two of them).
FISTS = Item("fists", "Fists", "weapon", "melee", "M", "1", 0, 0, 0, ())


@dataclass(frozen=True)
class Zone:
    """A starting area, as fractions of the board."""

    form: str  # rect | corner | circle | corners
    values: tuple[float, ...]

    def contains(self, p: tuple[float, float], w: float, h: float, r: float = 0.0) -> bool:
        """Whether a base of radius ``r`` at ``p`` lies wholly inside (``w`` x ``h`` board)."""
        x, y = p
        if self.form == "rect":
            x0, y0, x1, y1 = self.values
            return x0 * w + r <= x <= x1 * w - r and y0 * h + r <= y <= y1 * h - r
        if self.form == "circle":
            cx, cy, d = self.values
            return bool(((x - cx * w) ** 2 + (y - cy * h) ** 2) ** 0.5 <= d * min(w, h) / 2 - r)
        corners = [self.values[:2]] if self.form == "corner" else [(0, 0), (0, 1), (1, 0), (1, 1)]
        size = self.values[-1]
        a, b = size * w, size * h  # "a corner of the board, measuring 25% on each side"
        slack = r * math.hypot(1 / a, 1 / b)  # a base r from the diagonal, in the u/a + v/b units
        for cx, cy in corners:
            # distance along each axis from that corner; the triangle is u/a + v/b <= 1 (legs 25% of
            # each side, "and then a line connecting them diagonally")
            u = x if cx == 0 else w - x
            v = y if cy == 0 else h - y
            if u >= r and v >= r and u / a + v / b + slack <= 1:
                return True
        return False


@dataclass(frozen=True)
class Deployment:
    id: str
    name: str
    defender: Zone
    attacker: Zone


@dataclass(frozen=True)
class Book:
    """The core rules: game numbers, levels, sizes, items and traits, deployments."""

    game: Mapping[str, Any]
    gang: Mapping[str, Any]
    morale: tuple[tuple[int, int], ...]  # (ratio, target), ascending
    attributes: tuple[str, ...]
    levels: Mapping[str, Level]
    sizes: Mapping[str, Size]
    items: Mapping[str, Item]
    traits: Mapping[str, str]
    unsimulated_families: Mapping[str, str]
    deployments: Mapping[str, Deployment]
    source: tuple[str, ...] = field(default=())

    def g(self, key: str) -> float:
        return float(self.game[key])

    def item(self, key: str) -> Item:
        """An item by its key: a core armoury id, or ``fantasy/<id>`` for the Fantasy catalog's."""
        if key.startswith(FANTASY):
            it = fantasy_item(key[len(FANTASY) :])
            if it is None:
                raise KeyError(key)
            return it
        if key.startswith(SPELL):
            it = spell_weapon(key[len(SPELL) :])
            if it is None:
                raise KeyError(key)
            return it
        return self.items[key]


FANTASY = "fantasy/"
SPELL = "spell/"  # a spell as a weapon listing: an attack spell, or Conjure Blade's blade
_WEAPON_TYPE = {"melee": "melee", "thrown": "ranged", "bow": "ranged", "firearm": "ranged"}


@lru_cache(maxsize=256)
def fantasy_item(iid: str) -> Item | None:
    """A Fantasy catalog item as the engine's Item: weapons by their family (melee, or thrown/bow/
    firearm: ranged), armour and shields as they are, an enchanted item as its base's family with
    its own numbers; artillery, mounts and consumables keep their family (not simulated: the
    gang's validation warns). Traits with no handler here (artillery, cross_obstacles_running)
    are left off: their items are of unsimulated families. A shield's ``save_rerolls`` (the
    Buckler's) comes along; a weapon's special damage type does not: nothing in the supplement
    reacts to one (fantasy/items.yaml, reading ``damage-types``)."""
    from .fantasy.catalog import catalog
    from .traits import REGISTRY

    cat = catalog()
    it = cat.items.get(iid)
    if it is None:
        return None
    fam = it.family
    if fam == "enchanted" and it.base:
        fam = cat.items[it.base].family
    traits = tuple(t for t in it.traits if t in REGISTRY["traits"])
    if fam in _WEAPON_TYPE:
        return Item(
            FANTASY + iid,
            it.name,
            "weapon",
            _WEAPON_TYPE[fam],
            str(it.strength or "M"),
            str(it.range or 1),
            it.level,
            it.hands,
            it.slots,
            traits,
            it.hp,
            it.qui,
            it.dp,
        )
    if fam in ("armour", "shield"):
        base = cat.items.get(it.base or "") if it.family == "enchanted" else None
        rerolls = it.save_rerolls or (base.save_rerolls if base is not None else 0)  # an enchanted Buckler
        return Item(
            FANTASY + iid,
            it.name,
            fam,
            "",
            "M",
            "1",
            it.level,
            it.hands,
            it.slots,
            traits,
            it.hp,
            it.qui,
            it.dp,
            save_rerolls=rerolls,
        )
    return Item(FANTASY + iid, it.name, fam, "", "M", "1", it.level, it.hands, it.slots, ())


@lru_cache(maxsize=64)
def spell_weapon(sid: str) -> Item | None:
    """A Fantasy spell as the engine's weapon Item (id ``spell/<id>``): an attack spell's Strength,
    Range and traits ("Attack spells will roll to hit like normal"), or the weapon a spell puts
    in the hand (Conjure Blade's ``weapon``: "Automatically equipped when cast")."""
    from .fantasy.catalog import catalog
    from .traits import REGISTRY

    sp = catalog().spells.get(sid)
    if sp is None:
        return None
    if sp.weapon:
        w = sp.weapon
        return Item(
            SPELL + sid, sp.name, "weapon", "melee", str(w["strength"]), str(w.get("range", 1)), sp.level,
            int(w.get("hands", 1)), 0, (),
        )  # fmt: skip
    traits = tuple(t for t in sp.traits if t in REGISTRY["traits"])
    return Item(SPELL + sid, sp.name, "weapon", "ranged", str(sp.strength), str(sp.range), sp.level, 0, 0, traits)


_GAME_RANGES: dict[str, tuple[float, float]] = {
    "turns": (1, 20),
    "base_target": (2, 6),
    "always_hits": (2, 6),
    "always_misses": (1, 5),
    "personal_space": (0.1, 6),
    "max_move": (1, 48),
    "running": (1, 48),
    "area_quickness_penalty": (0, 6),
    "area_max_move": (1, 48),
    "obstacle_max_across": (0.1, 6),
    "obstacle_cost": (0, 6),
    "fall_hurts": (0.5, 24),
    "fall_sure": (0.5, 24),
    "tackle_from": (0.5, 24),
    "level_gap": (0.1, 12),
    "long_range_factor": (1, 6),
    "super_strength": (2, 20),
    "cover_defense": (0, 6),
    "objective_vp": (0, 20),
    "objective_per_fame": (10, 10000),
    "objective_spacing": (0, 36),
    "sight_fraction": (0.01, 1.0),
}


def _zone(c: Checker, d: Any, entry: str) -> Zone:
    d = c.mapping(d, entry, None)
    if "rect" in d and isinstance(d["rect"], list) and len(d["rect"]) == 4:
        return Zone("rect", tuple(float(v) for v in d["rect"]))
    if "corner" in d and isinstance(d["corner"], list) and len(d["corner"]) == 2:
        return Zone("corner", (float(d["corner"][0]), float(d["corner"][1]), c.number(d, entry, "size", 0.05, 0.5)))
    if "circle" in d and isinstance(d["circle"], list) and len(d["circle"]) == 2:
        return Zone("circle", (float(d["circle"][0]), float(d["circle"][1]), c.number(d, entry, "diameter", 0.05, 1.0)))
    if "corners" in d:
        return Zone("corners", (c.number(d, entry, "corners", 0.05, 0.5),))
    c.bad(
        entry,
        None,
        "a zone is one of rect [x0, y0, x1, y1], corner [cx, cy] + size, circle [cx, cy] + diameter, corners",
    )
    return Zone("rect", (0.0, 0.0, 1.0, 0.25))


def _item(c: Checker, iid: str, d: Any, traits: Mapping[str, str], families: Sequence[str]) -> Item:
    e = f"items.{iid}"
    d = c.mapping(d, e, None)
    c.unknown(
        d,
        e,
        (
            "name",
            "family",
            "type",
            "strength",
            "range",
            "level",
            "hands",
            "slots",
            "traits",
            "hp",
            "qui",
            "dp",
            "text",
            "completed",
        ),
    )
    fam = c.choice(d, e, "family", ("weapon", "armour", "shield", *families))
    strength, rng, typ = "M", "1", ""
    tr: tuple[str, ...] = ()
    if fam == "weapon":
        typ = c.choice(d, e, "type", ("melee", "ranged"))
        s = d.get("strength")
        if isinstance(s, bool) or not (
            isinstance(s, int) and 1 <= s <= 12 or isinstance(s, str) and _STRENGTH.match(s)
        ):
            c.bad(e, "strength", f"expected M, M+1..M+9 or a whole number from 1 to 12, got {short(s)}")
        else:
            strength = str(s)
        r = d.get("range")
        if isinstance(r, bool) or not (isinstance(r, (int, float)) and 0 < r <= 72 or r == "M"):
            c.bad(e, "range", f"expected M or a number of inches from 0 to 72, got {short(r)}")
        else:
            rng = str(r)
        raw = d.get("traits", [])
        if not isinstance(raw, list):
            c.bad(e, "traits", f"expected a list of trait ids, got {short(raw)}")
            raw = []
        for t in raw:
            if t not in traits:
                c.bad(e, "traits", f"unknown trait {short(t)}; known: {', '.join(traits)}")
        tr = tuple(str(t) for t in raw if t in traits)
    return Item(
        iid,
        c.text(d, e, "name"),
        fam,
        typ,
        strength,
        rng,
        c.integer(d, e, "level", 1, 6, 1),
        c.integer(d, e, "hands", 0, 2, 1),
        c.integer(d, e, "slots", 0, 3, 1),
        tr,
        c.integer(d, e, "hp", 0, 6, 0),
        c.integer(d, e, "qui", -3, 3, 0),
        c.integer(d, e, "dp", 0, 3, 0),
        d.get("completed"),
    )


def load_book(
    rules: Path | str | None = None, armoury: Path | str | None = None, deployments: Path | str | None = None
) -> Book:
    """The core rules (the bundled files, or replacements for any of them). Raises DataError."""
    paths = (Path(rules or CORE / FILES[0]), Path(armoury or CORE / FILES[1]), Path(deployments or CORE / FILES[2]))
    docs = [read_yaml(p, str(p)) for p in paths]
    c = Checker(str(paths[0]))
    r = c.mapping(docs[0], None, None)
    game = c.mapping(r.get("game"), "game", None)
    gm: dict[str, Any] = {}
    for k, (lo, hi) in _GAME_RANGES.items():
        gm[k] = c.number(game, "game", k, lo, hi)
    morale: list[tuple[int, int]] = []
    for i, row in enumerate(game.get("morale") or []):
        row = c.mapping(row, f"game.morale[{i}]", None)
        morale.append(
            (c.integer(row, f"game.morale[{i}]", "ratio", 1, 10), c.integer(row, f"game.morale[{i}]", "target", 1, 6))
        )
    if not morale:
        c.bad("game", "morale", "expected a list of {ratio, target} rows")
    gang = c.mapping(r.get("gang"), "gang", None)
    for k, (lo, hi) in {
        "min_models": (1, 50),
        "max_models": (1, 50),
        "heroes_per_fame": (1, 100000),
        "start_attribute": (0, 6),
        "item_xp_per_level": (0, 100),
        "leader_vp": (0, 50),
    }.items():
        c.integer(gang, "gang", k, int(lo), int(hi))
    attrs = tuple(str(a.get("id")) for a in (r.get("attributes") or []) if isinstance(a, dict))
    for a in gang.get("raised") or []:
        if a not in attrs:
            c.bad("gang", "raised", f"unknown attribute {short(a)}; known: {', '.join(attrs)}")
    levels: dict[str, Level] = {}
    for lid, d in c.mapping(r.get("levels"), "levels", None).items():
        e = f"levels.{lid}"
        d = c.mapping(d, e, None)
        levels[lid] = Level(
            lid,
            c.integer(d, e, "hp", 1, 20),
            c.integer(d, e, "dp", 0, 10),
            c.integer(d, e, "xp", 0, 500),
            c.integer(d, e, "points", 0, 60),
            c.integer(d, e, "max", 1, 10),
            c.integer(d, e, "item_level", 0, 6),
            c.integer(d, e, "vp", 0, 20),
        )
    for need in ("hero", "member", "henchman", "minion"):
        if need not in levels:
            c.bad("levels", need, "missing: the book's levels are hero, member, henchman, minion")
    sizes: dict[str, Size] = {}
    for sid, d in c.mapping(r.get("sizes"), "sizes", None).items():
        if sid == "completed":
            continue
        e = f"sizes.{sid}"
        d = c.mapping(d, e, None)
        sizes[sid] = Size(
            sid,
            c.number(d, e, "base_min", 5, 200),
            c.number(d, e, "base_max", 5, 200),
            c.integer(d, e, "hp", 0, 10),
            c.integer(d, e, "str", 0, 10),
            c.integer(d, e, "xp", 0, 200),
            c.integer(d, e, "vp", 0, 10),
            c.number(d, e, "hop", 0, 6),
            c.number(d, e, "height", 0.2, 12),
        )
    if "standard" not in sizes:
        c.bad("sizes", "standard", "missing")
    c.raise_if_any()

    ca = Checker(str(paths[1]))
    a = ca.mapping(docs[1], None, None)
    traits = {str(k): str((v or {}).get("text", "")) for k, v in ca.mapping(a.get("traits"), "traits", None).items()}
    fams = ca.mapping(ca.mapping(a.get("families"), "families", None).get("unsimulated"), "families", "unsimulated")
    unsim = {str(k): str(v) for k, v in fams.items()}
    items = {
        str(k): _item(ca, str(k), v, traits, tuple(unsim)) for k, v in ca.mapping(a.get("items"), "items", None).items()
    }
    ca.raise_if_any()

    cd = Checker(str(paths[2]))
    dd = cd.mapping(cd.mapping(docs[2], None, None).get("deployments"), "deployments", None)
    deps: dict[str, Deployment] = {}
    for did, d in dd.items():
        e = f"deployments.{did}"
        d = cd.mapping(d, e, None)
        deps[did] = Deployment(
            did,
            cd.text(d, e, "name"),
            _zone(cd, d.get("defender"), f"{e}.defender"),
            _zone(cd, d.get("attacker"), f"{e}.attacker"),
        )
    cd.raise_if_any()
    return Book(
        MappingProxyType(gm),
        MappingProxyType(dict(gang)),
        tuple(sorted(morale)),
        attrs,
        MappingProxyType(levels),
        MappingProxyType(sizes),
        MappingProxyType(items),
        MappingProxyType(traits),
        MappingProxyType(unsim),
        MappingProxyType(deps),
        tuple(str(p) for p in paths),
    )


@lru_cache(maxsize=1)
def book() -> Book:
    """The bundled core rules (read once)."""
    return load_book()

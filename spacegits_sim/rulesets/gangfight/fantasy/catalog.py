"""The Fantasy supplement's data: factions, races, skills, items and spells, read and checked.

Why a checked catalog: the engine's handlers read every number here by id (never by name),
so a typo in the YAML or a house-rule copy of it must be one clear line naming the file, the
entry, the field and the valid range, not a KeyError in the middle of a game. Sizes are bounded
before anything is parsed (file bytes, nesting, values; then entries, list lengths and text
lengths), every problem in a file is reported at once, and cross-references (a race's
faction, an enchanted item's base, a recruit skill's faction) are checked after each file.

Values the book leaves out carry ``completed: {field: reason}``; :func:`gaps_markdown` writes
docs/gangfight-gaps.md from them and from each file's ``readings``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ....data.errors import DataError, Problem, short
from ....data.yamlio import parse_yaml_text, read_text

HERE = Path(__file__).resolve().parent
FILES = ("factions.yaml", "skills.yaml", "items.yaml", "spells.yaml")

MAX_FILE_BYTES = 256 * 1024  # the shipped files are ~20 KB; a house-rule copy stays this side of it
MAX_ENTRIES = 400  # entries in one section
MAX_LIST = 40  # items in one list field
MAX_TEXT = 2000  # characters in one text field

ATTRIBUTES = ("hp", "qui", "sta", "dp", "int", "rc", "mc", "str")
LEVELS = ("hero", "member", "henchman", "minion")
SIZES = ("standard", "large", "massive", "giant")
MAX_ITEM_LEVEL = 6
#: the core special rules by id (the core armoury's traits), plus the Fantasy tables' own
TRAITS = (
    "slow",
    "pistol",
    "shotgun",
    "sniper",
    "rifle",
    "bow",
    "thrown",
    "automatic",
    "aoe",
    "binding",
    "dot",
    "long_reach",
    "artillery",
    "heavy",
    "cross_obstacles_running",
)
DAMAGE_TYPES = ("disease", "fire", "poison", "holy", "unholy")  # "Special Damage Types"
FAMILIES = ("armour", "shield", "melee", "thrown", "bow", "firearm", "artillery", "mount", "consumable", "enchanted")
WEAPON_FAMILIES = ("melee", "thrown", "bow", "firearm", "artillery")
SPECIAL_KINDS = ("undead_skill", "demonic_gift", "bestial_ability")
VERSUS = ("mortal", "undead", "demon", "beast", "magic_user", "injured_you_last_activation")
DURATIONS = ("activation", "next_activation", "until_upkeep", "game")

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_STRENGTH = re.compile(r"^M(\+[1-3])?$")
_DICE = re.compile(r"^[1-6]?D[36]$")


class Bad(ValueError):
    """One field's value is wrong: the message says what was expected."""


Parser = Callable[[Any], Any]

# -- field parsers: each raises Bad with what was expected -----------------------------------


def integer(lo: int, hi: int) -> Parser:
    def p(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise Bad(f"expected a whole number from {lo} to {hi}, got {short(v)}")
        return v

    return p


def number(lo: float, hi: float) -> Parser:
    def p(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= float(v) <= hi:
            raise Bad(f"expected a number from {lo:g} to {hi:g}, got {short(v)}")
        return float(v)

    return p


def text(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise Bad(f"expected text, got {short(v)}")
    if len(v) > MAX_TEXT:
        raise Bad(f"text of at most {MAX_TEXT} characters, got {len(v)}")
    return v


def boolean(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Bad(f"expected true or false, got {short(v)}")
    return v


def ident(v: Any) -> str:
    if not isinstance(v, str) or not _ID.match(v):
        raise Bad(f"expected a lower_snake_case id, got {short(v)}")
    return v


def choice(*allowed: str) -> Parser:
    def p(v: Any) -> str:
        if v not in allowed:
            raise Bad(f"expected one of {', '.join(allowed)}, got {short(v)}")
        return str(v)

    return p


def listed(item: Parser) -> Parser:
    def p(v: Any) -> tuple[Any, ...]:
        if not isinstance(v, list):
            raise Bad(f"expected a list, got {short(v)}")
        if len(v) > MAX_LIST:
            raise Bad(f"a list of at most {MAX_LIST} entries, got {len(v)}")
        return tuple(item(x) for x in v)

    return p


def strength(v: Any) -> int | str:
    """A weapon's Strength: a number 1-10, or M / M+1..M+3 (the model's Strength, plus)."""
    if isinstance(v, str) and _STRENGTH.match(v):
        return v
    if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10:
        return v
    raise Bad(f"expected a Strength from 1 to 10 or M, M+1, M+2, M+3, got {short(v)}")


def reach(v: Any) -> int | str:
    """A Range in inches (0-48) or M (the model's Strength in inches, for thrown things)."""
    if v == "M":
        return "M"
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 48:
        return v
    raise Bad(f"expected a range in inches from 0 to 48 or M, got {short(v)}")


def dice(v: Any) -> str:
    if not isinstance(v, str) or not _DICE.match(v):
        raise Bad(f"expected dice like D3 or 1D6, got {short(v)}")
    return v


#: The effect vocabulary: every key a handler may read, and its type. A key outside it is an
#: error (a misspelt effect would otherwise do nothing, silently).
EFFECT_FIELDS: dict[str, Parser] = {
    "attack": choice("melee", "ranged"),
    "action": boolean,
    "per_activation": integer(1, 6),
    "duration": choice(*DURATIONS),
    "radius": number(0, 24),
    "hit_dice": integer(-3, 3),
    "target_number": integer(-3, 3),
    "from_behind_target": integer(2, 6),
    "versus": choice(*VERSUS),
    "weapon_trait": choice(*TRAITS),
    "str": integer(-3, 3),
    "hp": integer(-3, 3),
    "dp": integer(-3, 3),
    "qui": integer(-3, 3),
    "target_sta": integer(-3, 0),
    "morale_target": integer(-3, 3),
    "enemy_morale_target": integer(-3, 3),
    "friendly_morale_dice": integer(0, 3),
    "save_rerolls": integer(0, 3),
    "enemy_save_rerolls": integer(0, 3),
    "cast_dice": integer(0, 3),
    "dice": integer(1, 6),
    "versus_attribute": choice(*ATTRIBUTES),
    "pull": choice(*ATTRIBUTES),
    "strength_from": choice(*ATTRIBUTES),
    "uses_attribute": choice(*ATTRIBUTES),
    "lucky_dice_from": choice(*ATTRIBUTES),
    "wound_stat": choice(*ATTRIBUTES),
    "target_per_enemy": integer(1, 3),
    "max_target": integer(1, 6),
    "max_move": number(0, 36),
    "move_multiplier": integer(1, 3),
    "only_into_personal_space": boolean,
    "ignore_long_range": boolean,
    "ignore_area_terrain": boolean,
    "ignore_armour_qui": boolean,
    "obstacle_cost": number(0, 6),
    "item_level_bonus": integer(0, 2),
    "reserve_actions": integer(0, 3),
    "needs_melee_weapon": boolean,
    "no_revive": boolean,
    "attack_after_running": boolean,
    "casts_spells": boolean,
    "flies": boolean,
    "revive": boolean,
    "heal": integer(0, 6),
    "heal_on_wound": integer(0, 3),
    "cap": choice("starting_hp"),
    "unarmed_as": ident,
    "two_weapon_bonus": boolean,
    "recruit": ident,
    "recruit_levels": listed(choice(*LEVELS)),
    "cast_spell": boolean,
    "level_is_spell_level": boolean,
    "auto_equip": boolean,
    "push_dice": dice,
    "free_facing": boolean,
    "remove_effects": integer(1, 3),
}


def effect(v: Any) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise Bad(f"expected a mapping of effect fields, got {short(v)}")
    out: dict[str, Any] = {}
    for k, x in v.items():
        if k not in EFFECT_FIELDS:
            raise Bad(f"unknown effect field {short(k)}; known: {', '.join(sorted(EFFECT_FIELDS))}")
        try:
            out[k] = EFFECT_FIELDS[k](x)
        except Bad as e:
            raise Bad(f"effect field {k!r}: {e}") from None
    return MappingProxyType(out)


def bonus(v: Any) -> Mapping[str, int]:
    """Attribute bonuses: {attribute: amount}; ``any`` is the human's free choice."""
    if not isinstance(v, dict) or not v:
        raise Bad(f"expected attribute bonuses like {{str: 1}}, got {short(v)}")
    out: dict[str, int] = {}
    for k, x in v.items():
        if k not in ATTRIBUTES and k != "any":
            raise Bad(f"unknown attribute {short(k)}; known: {', '.join(ATTRIBUTES)}, any")
        out[str(k)] = integer(-3, 3)(x)
    return MappingProxyType(out)


def grants(v: Any) -> Mapping[str, Any]:
    """An enchantment: one attribute bonus, or one skill ({skill: id})."""
    if not isinstance(v, dict) or len(v) != 1:
        raise Bad(f"expected one enchantment like {{str: 1}} or {{skill: rogue}}, got {short(v)}")
    ((k, x),) = v.items()
    if k == "skill":
        return MappingProxyType({"skill": ident(x)})
    if k not in ATTRIBUTES:
        raise Bad(f"unknown attribute {short(k)}; known: {', '.join(ATTRIBUTES)}, skill")
    return MappingProxyType({str(k): integer(1, 1)(x)})


def reasons(v: Any) -> Mapping[str, str]:
    """``completed``: which fields are ours, each with the reason."""
    if not isinstance(v, dict) or not v:
        raise Bad(f"expected {{field: reason}} for each completed value, got {short(v)}")
    return MappingProxyType({str(k): text(x) for k, x in v.items()})


def artillery_stats(v: Any) -> Mapping[str, float]:
    spec: dict[str, Parser] = {
        "hp": integer(1, 12),
        "dp": integer(0, 6),
        "xp": integer(0, 200),
        "base_mm": number(20, 160),
        "height": number(0.2, 12),
    }
    if not isinstance(v, dict):
        raise Bad(f"expected a mapping of {', '.join(spec)}, got {short(v)}")
    missing = [k for k in spec if k not in v]
    if missing or set(v) - set(spec):
        raise Bad(f"expected exactly {', '.join(spec)}, got {short(sorted(v))}")
    return MappingProxyType({k: float(spec[k](v[k])) for k in spec})


# -- the records -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    id: str
    file: str
    text: str
    reading: str


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    gang_word: str
    mortal: bool
    text: str
    recruits_races_of: tuple[str, ...]
    specials: tuple[str, ...]


@dataclass(frozen=True)
class SpecialLimits:
    faction: str
    per_level: Mapping[str, int]  # level id -> how many faction abilities
    xp: int
    counts_as_skill: bool
    completed: Mapping[str, str]


@dataclass(frozen=True)
class Race:
    id: str
    name: str
    faction: str
    bonus: Mapping[str, int]
    size: str
    text: str
    base_mm: float | None
    height: float | None  # inches, ground to eye; None: the size's default (core rules)
    leader_size: str | None
    affinity: bool
    demon: bool
    required_specials: tuple[str, ...]
    completed: Mapping[str, str]


@dataclass(frozen=True)
class Special:
    id: str
    name: str
    faction: str
    kind: str
    handler: str
    effect: Mapping[str, Any]
    text: str
    allowed_races: tuple[str, ...]
    completed: Mapping[str, str]


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    xp: int
    handler: str
    effect: Mapping[str, Any]
    text: str
    leadership: bool
    completed: Mapping[str, str]


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    family: str
    level: int
    slots: int
    hands: int
    traits: tuple[str, ...]
    printed: str
    strength: int | str | None = None
    range: int | str | None = None
    hp: int = 0
    dp: int = 0
    qui: int = 0
    quickness: int | None = None  # mounts: the rider's fixed Quickness
    carry: int = 0
    size: str | None = None
    save_rerolls: int = 0
    damage: str | None = None
    handler: str | None = None
    effect: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    base: str | None = None
    grants: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    artillery: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    examples: tuple[str, ...] = ()
    book_names: tuple[str, ...] = ()
    completed: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def rare(self) -> bool:
        """ "Raising a level to 5 or 6 will make the item Rare" """
        return self.level >= 5


@dataclass(frozen=True)
class Spell:
    id: str
    name: str
    level: int
    attribute: str
    handler: str
    text: str
    strength: int | str | None
    range: int | str | None
    traits: tuple[str, ...]
    damage: str | None
    weapon: Mapping[str, Any]
    effect: Mapping[str, Any]
    completed: Mapping[str, str]

    @property
    def xp(self) -> int:
        """ "Spells have an XP cost equal to their level" """
        return self.level


@dataclass(frozen=True)
class Casting:
    requires_skill: str
    intellect_target: int
    consecutive_step: int
    max_target: int
    xp_per_level: int
    level_caps: Mapping[str, int]


@dataclass(frozen=True)
class Enchanting:
    families: tuple[str, ...]
    attribute_amount: int
    attribute_levels: int
    skill_levels: int
    hp_or_dp_amount: int
    hp_or_dp_levels: int
    rare_from_level: int
    max_level: int
    completed: Mapping[str, str]

    def level_cost(self, grant: Mapping[str, Any]) -> int:
        """Levels an enchantment adds: +1 attribute 1, a skill 2, +1 Health or Defense 2."""
        if "skill" in grant:
            return self.skill_levels
        if "hp" in grant or "dp" in grant:
            return self.hp_or_dp_levels
        return self.attribute_levels


@dataclass(frozen=True)
class Catalog:
    size_heights: Mapping[str, float]  # ground to eye, inches, per core size id
    size_heights_completed: Mapping[str, str]
    factions: Mapping[str, Faction]
    special_limits: Mapping[str, SpecialLimits]
    races: Mapping[str, Race]
    specials: Mapping[str, Special]
    skills: Mapping[str, Skill]
    families: Mapping[str, str]
    enchanting: Enchanting
    items: Mapping[str, Item]
    casting: Casting
    spells: Mapping[str, Spell]
    readings: tuple[Reading, ...]

    def handler_ids(self) -> frozenset[str]:
        """Every behaviour id the data names: the engine registers one handler for each."""
        ids = {s.handler for s in self.skills.values()} | {s.handler for s in self.specials.values()}
        ids |= {s.handler for s in self.spells.values()}
        ids |= {i.handler for i in self.items.values() if i.handler}
        return frozenset(ids)

    def model_height(self, race: str, leader: bool = False) -> float:
        """A figure's ground-to-eye height for line of sight: its race's, else its size's (an
        Orc leader is Large: "If you create an Orc character to lead your gang ... Large")."""
        r = self.races[race]
        if r.height is not None:
            return r.height
        size = r.leader_size if leader and r.leader_size else r.size
        return self.size_heights[size]

    def item_by_name(self, name: str) -> Item | None:
        """An item by its name or one of the book's names for it (case-insensitive)."""
        key = name.casefold()
        for item in self.items.values():
            if key == item.name.casefold() or key in (n.casefold() for n in item.book_names):
                return item
        return None


# -- reading a file --------------------------------------------------------------------------


class _Reader:
    """Reads the entries of one file, collecting every problem (file, entry, field, message)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.problems: list[Problem] = []

    def bad(self, entry: str | None, fld: str | None, msg: str) -> None:
        self.problems.append(Problem(self.label, entry, fld, msg))

    def section(self, doc: Mapping[str, Any], key: str, *, as_list: bool = False) -> Any:
        v: Any = doc.get(key)
        if not (isinstance(v, list) if as_list else isinstance(v, dict)):
            self.bad(key, None, f"missing or not a {'list' if as_list else 'mapping'} (got {short(v)})")
            return [] if as_list else {}
        if len(v) > MAX_ENTRIES:
            self.bad(key, None, f"at most {MAX_ENTRIES} entries, got {len(v)}")
            return [] if as_list else {}
        return v

    def entries(self, doc: Mapping[str, Any], key: str) -> list[tuple[str, dict[str, Any]]]:
        out = []
        for eid, body in self.section(doc, key).items():
            entry = f"{key}.{eid}"
            if not isinstance(eid, str) or not _ID.match(eid):
                self.bad(key, None, f"entry id must be lower_snake_case, got {short(eid)}")
                continue
            if not isinstance(body, dict):
                self.bad(entry, None, f"expected a mapping of fields, got {short(body)}")
                continue
            out.append((entry, body))
        return out

    def fields(self, entry: str, body: Mapping[str, Any], spec: Mapping[str, tuple[Parser, bool]]) -> dict[str, Any]:
        """Parse ``body`` by ``spec`` (field -> (parser, required)); unknown fields are errors."""
        out: dict[str, Any] = {}
        for k in body:
            if k not in spec:
                self.bad(entry, str(k), f"unknown field; known: {', '.join(spec)}")
        for k, (parse, required) in spec.items():
            if k not in body:
                if required:
                    self.bad(entry, k, "missing")
                continue
            try:
                out[k] = parse(body[k])
            except Bad as e:
                self.bad(entry, k, str(e))
        return out

    def readings(self, doc: Mapping[str, Any], file: str) -> list[Reading]:
        out = []
        for i, r in enumerate(self.section(doc, "readings", as_list=True)):
            entry = f"readings[{i}]"
            if not isinstance(r, dict):
                self.bad(entry, None, f"expected {{id, text, reading}}, got {short(r)}")
                continue
            f = self.fields(entry, r, {"id": (str_id, True), "text": (text, True), "reading": (text, True)})
            if len(f) == 3:
                out.append(Reading(f["id"], file, f["text"], f["reading"]))
        return out


def str_id(v: Any) -> str:
    """A kebab- or snake-case id for a reading."""
    if not isinstance(v, str) or not re.match(r"^[a-z][a-z0-9_-]*$", v):
        raise Bad(f"expected an id like kebab-case, got {short(v)}")
    return v


def _load_doc(path: Path, label: str) -> dict[str, Any]:
    doc = parse_yaml_text(read_text(path, label, max_bytes=MAX_FILE_BYTES), label)
    if not isinstance(doc, dict):
        raise DataError([Problem(label, None, None, f"expected a mapping of sections, got {short(doc)}")])
    return doc


def _completed_fields(r: _Reader, entry: str, f: Mapping[str, Any], known: Sequence[str]) -> None:
    """Each completed name must be a field of the entry or of its effect."""
    effect_keys = f.get("effect", {})
    for k in f.get("completed", {}):
        if k not in known and k not in effect_keys:
            r.bad(entry, "completed", f"names {k!r}, which is not a field of this entry or of its effect")


# -- the four files --------------------------------------------------------------------------

_FACTION = {
    "name": (text, True),
    "gang_word": (text, True),
    "mortal": (boolean, True),
    "text": (text, True),
    "recruits_races_of": (listed(ident), True),
    "specials": (listed(ident), True),
}
_LIMITS = {
    **{lvl: (integer(0, 4), True) for lvl in LEVELS},
    "xp": (integer(0, 50), True),
    "counts_as_skill": (boolean, True),
    "completed": (reasons, False),
}
_RACE = {
    "name": (text, True),
    "faction": (ident, True),
    "bonus": (bonus, True),
    "size": (choice(*SIZES), True),
    "text": (text, True),
    "base_mm": (number(15, 160), False),
    "height": (number(0.2, 12), False),
    "leader_size": (choice(*SIZES), False),
    "affinity": (boolean, False),
    "demon": (boolean, False),
    "required_specials": (listed(ident), False),
    "completed": (reasons, False),
}
_SPECIAL = {
    "name": (text, True),
    "faction": (ident, True),
    "kind": (choice(*SPECIAL_KINDS), True),
    "handler": (ident, True),
    "effect": (effect, True),
    "text": (text, True),
    "allowed_races": (listed(ident), False),
    "completed": (reasons, False),
}


def _size_heights(r: _Reader, doc: Mapping[str, Any]) -> tuple[dict[str, float], Mapping[str, str]]:
    body = doc.get("size_heights")
    if not isinstance(body, dict):
        r.bad("size_heights", None, f"missing or not a mapping (got {short(body)})")
        return {s: 1.0 for s in SIZES}, MappingProxyType({})
    spec: dict[str, tuple[Parser, bool]] = {s: (number(0.2, 12), True) for s in SIZES}
    spec["completed"] = (reasons, False)
    f = r.fields("size_heights", body, spec)
    _completed_fields(r, "size_heights", f, list(spec))
    return {s: f.get(s, 1.0) for s in SIZES}, f.get("completed", MappingProxyType({}))


def _factions(
    r: _Reader, doc: Mapping[str, Any]
) -> tuple[dict[str, Faction], dict[str, SpecialLimits], dict[str, Race], dict[str, Special]]:
    factions: dict[str, Faction] = {}
    for entry, body in r.entries(doc, "factions"):
        f = r.fields(entry, body, _FACTION)
        if len(f) == len(_FACTION):
            fid = entry.split(".", 1)[1]
            factions[fid] = Faction(
                fid, f["name"], f["gang_word"], f["mortal"], f["text"], f["recruits_races_of"], f["specials"]
            )
    limits: dict[str, SpecialLimits] = {}
    for entry, body in r.entries(doc, "special_limits"):
        fid = entry.split(".", 1)[1]
        f = r.fields(entry, body, _LIMITS)
        if fid not in factions:
            r.bad(entry, None, f"not a faction; known: {', '.join(factions)}")
        if all(k in f for k in (*LEVELS, "xp", "counts_as_skill")):
            _completed_fields(r, entry, f, list(_LIMITS))
            limits[fid] = SpecialLimits(
                fid,
                MappingProxyType({lvl: f[lvl] for lvl in LEVELS}),
                f["xp"],
                f["counts_as_skill"],
                f.get("completed", MappingProxyType({})),
            )
    races: dict[str, Race] = {}
    for entry, body in r.entries(doc, "races"):
        f = r.fields(entry, body, _RACE)
        rid = entry.split(".", 1)[1]
        if not all(k in f for k, (_, req) in _RACE.items() if req):
            continue
        _completed_fields(r, entry, f, list(_RACE))
        if f["faction"] not in factions:
            r.bad(entry, "faction", f"not a faction; known: {', '.join(factions)}")
        races[rid] = Race(
            rid,
            f["name"],
            f["faction"],
            f["bonus"],
            f["size"],
            f["text"],
            f.get("base_mm"),
            f.get("height"),
            f.get("leader_size"),
            f.get("affinity", False),
            f.get("demon", False),
            f.get("required_specials", ()),
            f.get("completed", MappingProxyType({})),
        )
    specials: dict[str, Special] = {}
    for entry, body in r.entries(doc, "specials"):
        f = r.fields(entry, body, _SPECIAL)
        sid = entry.split(".", 1)[1]
        if not all(k in f for k, (_, req) in _SPECIAL.items() if req):
            continue
        _completed_fields(r, entry, f, list(_SPECIAL))
        specials[sid] = Special(
            sid,
            f["name"],
            f["faction"],
            f["kind"],
            f["handler"],
            f["effect"],
            f["text"],
            f.get("allowed_races", ()),
            f.get("completed", MappingProxyType({})),
        )
    # cross-references within the file
    for fid, fac in factions.items():
        for s in fac.specials:
            if s not in specials:
                r.bad(f"factions.{fid}", "specials", f"{s!r} is not in specials")
            elif specials[s].faction != fid:
                r.bad(f"factions.{fid}", "specials", f"{s!r} belongs to {specials[s].faction}")
        for other in fac.recruits_races_of:
            if other not in factions:
                r.bad(f"factions.{fid}", "recruits_races_of", f"{other!r} is not a faction")
        if fac.specials and fid not in limits:
            r.bad(f"factions.{fid}", "specials", "has faction abilities but no special_limits entry")
    for sid, sp in specials.items():
        if sp.faction not in factions:
            r.bad(f"specials.{sid}", "faction", f"not a faction; known: {', '.join(factions)}")
        for rname in sp.allowed_races:
            if rname not in races:
                r.bad(f"specials.{sid}", "allowed_races", f"{rname!r} is not a race")
    for rid, race in races.items():
        for s in race.required_specials:
            if s not in specials:
                r.bad(f"races.{rid}", "required_specials", f"{s!r} is not in specials")
    return factions, limits, races, specials


_SKILL = {
    "name": (text, True),
    "xp": (integer(0, 50), True),
    "handler": (ident, True),
    "effect": (effect, True),
    "text": (text, True),
    "leadership": (boolean, False),
    "completed": (reasons, False),
}


def _skills(r: _Reader, doc: Mapping[str, Any]) -> dict[str, Skill]:
    skills: dict[str, Skill] = {}
    for entry, body in r.entries(doc, "skills"):
        f = r.fields(entry, body, _SKILL)
        sid = entry.split(".", 1)[1]
        if all(k in f for k, (_, req) in _SKILL.items() if req):
            _completed_fields(r, entry, f, list(_SKILL))
            skills[sid] = Skill(
                sid,
                f["name"],
                f["xp"],
                f["handler"],
                f["effect"],
                f["text"],
                f.get("leadership", False),
                f.get("completed", MappingProxyType({})),
            )
    return skills


_ITEM_COMMON = {
    "name": (text, True),
    "family": (choice(*FAMILIES), True),
    "level": (integer(1, MAX_ITEM_LEVEL), True),
    "slots": (integer(0, 2), True),
    "hands": (integer(0, 2), True),
    "traits": (listed(choice(*TRAITS)), True),
    "printed": (text, True),
    "examples": (listed(text), False),
    "book_names": (listed(text), False),
    "completed": (reasons, False),
}
_ITEM_BY_FAMILY: dict[str, dict[str, tuple[Parser, bool]]] = {
    "armour": {"hp": (integer(0, 6), True), "qui": (integer(-3, 0), True)},
    "shield": {"dp": (integer(0, 3), True), "qui": (integer(-3, 0), True), "save_rerolls": (integer(0, 2), False)},
    "melee": {"strength": (strength, True), "range": (reach, True), "damage": (choice(*DAMAGE_TYPES), False)},
    "thrown": {"strength": (strength, True), "range": (reach, True), "damage": (choice(*DAMAGE_TYPES), False)},
    "bow": {"strength": (strength, True), "range": (reach, True), "damage": (choice(*DAMAGE_TYPES), False)},
    "firearm": {"strength": (strength, True), "range": (reach, True), "damage": (choice(*DAMAGE_TYPES), False)},
    "artillery": {"strength": (strength, True), "range": (reach, True), "artillery": (artillery_stats, True)},
    "mount": {"quickness": (integer(1, 18), True), "carry": (integer(0, 3), True), "size": (choice(*SIZES), True)},
    "consumable": {"handler": (ident, True), "effect": (effect, True)},
    "enchanted": {
        "base": (ident, True),
        "grants": (grants, True),
        "strength": (strength, False),
        "range": (reach, False),
        "hp": (integer(0, 6), False),
        "qui": (integer(-3, 0), False),
        "dp": (integer(0, 3), False),
    },
}


def _items(r: _Reader, doc: Mapping[str, Any]) -> tuple[dict[str, str], Enchanting | None, dict[str, Item]]:
    families: dict[str, str] = {}
    for entry, body in r.entries(doc, "families"):
        fid = entry.split(".", 1)[1]
        if fid not in FAMILIES:
            r.bad(entry, None, f"not an item family; known: {', '.join(FAMILIES)}")
        f = r.fields(entry, body, {"name": (text, True), "text": (text, True)})
        if "name" in f:
            families[fid] = f["name"]
    ench: Enchanting | None = None
    e = doc.get("enchanting")
    if not isinstance(e, dict):
        r.bad("enchanting", None, f"missing or not a mapping (got {short(e)})")
    else:
        amount_levels = _amount_levels
        f = r.fields(
            "enchanting",
            e,
            {
                "families": (listed(choice(*FAMILIES)), True),
                "attribute_bonus": (amount_levels, True),
                "skill": (_levels_only, True),
                "hp_or_dp_bonus": (amount_levels, True),
                "rare_from_level": (integer(1, MAX_ITEM_LEVEL), True),
                "max_level": (integer(1, MAX_ITEM_LEVEL), True),
                "completed": (reasons, False),
            },
        )
        if all(
            k in f for k in ("families", "attribute_bonus", "skill", "hp_or_dp_bonus", "rare_from_level", "max_level")
        ):
            ench = Enchanting(
                f["families"],
                f["attribute_bonus"][0],
                f["attribute_bonus"][1],
                f["skill"],
                f["hp_or_dp_bonus"][0],
                f["hp_or_dp_bonus"][1],
                f["rare_from_level"],
                f["max_level"],
                f.get("completed", MappingProxyType({})),
            )
    items: dict[str, Item] = {}
    for entry, body in r.entries(doc, "items"):
        iid = entry.split(".", 1)[1]
        fam = body.get("family")
        spec = dict(_ITEM_COMMON)
        spec.update(_ITEM_BY_FAMILY.get(fam, {}) if isinstance(fam, str) else {})
        f = r.fields(entry, body, spec)
        if not all(k in f for k, (_, req) in spec.items() if req):
            continue
        _completed_fields(r, entry, f, list(spec))
        items[iid] = Item(
            id=iid,
            name=f["name"],
            family=f["family"],
            level=f["level"],
            slots=f["slots"],
            hands=f["hands"],
            traits=f["traits"],
            printed=f["printed"],
            strength=f.get("strength"),
            range=f.get("range"),
            hp=f.get("hp", 0),
            dp=f.get("dp", 0),
            qui=f.get("qui", 0),
            quickness=f.get("quickness"),
            carry=f.get("carry", 0),
            size=f.get("size"),
            save_rerolls=f.get("save_rerolls", 0),
            damage=f.get("damage"),
            handler=f.get("handler"),
            effect=f.get("effect", MappingProxyType({})),
            base=f.get("base"),
            grants=f.get("grants", MappingProxyType({})),
            artillery=f.get("artillery", MappingProxyType({})),
            examples=f.get("examples", ()),
            book_names=f.get("book_names", ()),
            completed=f.get("completed", MappingProxyType({})),
        )
    raw_ids = set(doc.get("items") or {}) if isinstance(doc.get("items"), dict) else set()
    for iid, item in items.items():
        if "dot" in item.traits and item.damage is None:
            r.bad(f"items.{iid}", "damage", "a DOT weapon names its special damage type")
        if item.family != "enchanted":
            continue
        base = items.get(item.base or "")
        if base is None:
            if item.base not in raw_ids:  # an entry with its own problems is reported once, there
                r.bad(f"items.{iid}", "base", f"{item.base!r} is not an item")
            continue
        if ench is not None:
            if base.family not in ench.families:
                r.bad(
                    f"items.{iid}",
                    "base",
                    f"a {base.family} cannot be enchanted; enchantable: {', '.join(ench.families)}",
                )
            want = base.level + ench.level_cost(item.grants)
            if item.level != want:
                r.bad(
                    f"items.{iid}",
                    "level",
                    f"{item.level}, but {base.id} (level {base.level}) + its enchantment makes {want}",
                )
            if item.level > ench.max_level:
                r.bad(f"items.{iid}", "level", f"at most {ench.max_level}")
    return families, ench, items


def _amount_levels(v: Any) -> tuple[int, int]:
    if not isinstance(v, dict) or set(v) != {"amount", "levels"}:
        raise Bad(f"expected {{amount, levels}}, got {short(v)}")
    return integer(1, 3)(v["amount"]), integer(0, 6)(v["levels"])


def _levels_only(v: Any) -> int:
    if not isinstance(v, dict) or set(v) != {"levels"}:
        raise Bad(f"expected {{levels}}, got {short(v)}")
    level: int = integer(0, 6)(v["levels"])
    return level


def _weapon(v: Any) -> Mapping[str, Any]:
    if not isinstance(v, dict) or set(v) != {"strength", "range", "hands"}:
        raise Bad(f"expected {{strength, range, hands}}, got {short(v)}")
    return MappingProxyType(
        {"strength": strength(v["strength"]), "range": reach(v["range"]), "hands": integer(1, 2)(v["hands"])}
    )


_SPELL = {
    "name": (text, True),
    "level": (integer(1, MAX_ITEM_LEVEL), True),
    "attribute": (choice("int", "rc", "mc"), True),
    "handler": (ident, True),
    "text": (text, True),
    "strength": (strength, False),
    "range": (reach, False),
    "traits": (listed(choice(*TRAITS)), False),
    "damage": (choice(*DAMAGE_TYPES), False),
    "weapon": (_weapon, False),
    "effect": (effect, True),
    "completed": (reasons, False),
}


def _spells(r: _Reader, doc: Mapping[str, Any]) -> tuple[Casting | None, dict[str, Spell]]:
    casting: Casting | None = None
    c = doc.get("casting")
    if not isinstance(c, dict):
        r.bad("casting", None, f"missing or not a mapping (got {short(c)})")
    else:
        f = r.fields(
            "casting",
            c,
            {
                "requires_skill": (ident, True),
                "intellect_target": (integer(1, 6), True),
                "consecutive_step": (integer(0, 3), True),
                "max_target": (integer(1, 6), True),
                "xp_per_level": (integer(0, 20), True),
                "level_caps": (_level_caps, True),
            },
        )
        if all(
            k in f
            for k in (
                "requires_skill",
                "intellect_target",
                "consecutive_step",
                "max_target",
                "xp_per_level",
                "level_caps",
            )
        ):
            casting = Casting(
                f["requires_skill"],
                f["intellect_target"],
                f["consecutive_step"],
                f["max_target"],
                f["xp_per_level"],
                f["level_caps"],
            )
    spells: dict[str, Spell] = {}
    for entry, body in r.entries(doc, "spells"):
        f = r.fields(entry, body, _SPELL)
        sid = entry.split(".", 1)[1]
        if not all(k in f for k, (_, req) in _SPELL.items() if req):
            continue
        _completed_fields(r, entry, f, list(_SPELL))
        if f["attribute"] in ("rc", "mc") and "strength" not in f and "weapon" not in f:
            r.bad(
                entry, "strength", "an attack spell (rolled on rc or mc) needs a Strength for the target's Defense roll"
            )
        spells[sid] = Spell(
            sid,
            f["name"],
            f["level"],
            f["attribute"],
            f["handler"],
            f["text"],
            f.get("strength"),
            f.get("range"),
            f.get("traits", ()),
            f.get("damage"),
            f.get("weapon", MappingProxyType({})),
            f["effect"],
            f.get("completed", MappingProxyType({})),
        )
    return casting, spells


def _level_caps(v: Any) -> Mapping[str, int]:
    if not isinstance(v, dict) or not v:
        raise Bad(f"expected {{level: highest spell level}}, got {short(v)}")
    out = {}
    for k, x in v.items():
        if k not in LEVELS:
            raise Bad(f"unknown character level {short(k)}; known: {', '.join(LEVELS)}")
        out[str(k)] = integer(1, MAX_ITEM_LEVEL)(x)
    return MappingProxyType(out)


# -- the whole catalog -----------------------------------------------------------------------


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """Read and check the four files in ``directory`` (default: the shipped ones).

    Raises :class:`DataError` listing every problem found (file, entry, field, what is wrong).
    """
    base = Path(directory) if directory is not None else HERE
    problems: list[Problem] = []
    docs: dict[str, dict[str, Any]] = {}
    for name in FILES:
        try:
            docs[name] = _load_doc(base / name, name)
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        raise DataError(problems)
    readers = {name: _Reader(name) for name in FILES}
    factions, limits, races, specials = _factions(readers["factions.yaml"], docs["factions.yaml"])
    heights, heights_completed = _size_heights(readers["factions.yaml"], docs["factions.yaml"])
    skills = _skills(readers["skills.yaml"], docs["skills.yaml"])
    families, ench, items = _items(readers["items.yaml"], docs["items.yaml"])
    casting, spells = _spells(readers["spells.yaml"], docs["spells.yaml"])
    readings: list[Reading] = []
    for name in FILES:
        readings += readers[name].readings(docs[name], name)
    # references across files
    rs, ri, rp = readers["skills.yaml"], readers["items.yaml"], readers["spells.yaml"]
    for sid, sk in skills.items():
        rec = sk.effect.get("recruit")
        if rec is not None and rec not in factions:
            rs.bad(f"skills.{sid}", "effect", f"recruit names {rec!r}, not a faction; known: {', '.join(factions)}")
    for sid, sp in specials.items():
        unarmed = sp.effect.get("unarmed_as")
        if unarmed is not None and unarmed not in items:
            readers["factions.yaml"].bad(f"specials.{sid}", "effect", f"unarmed_as names {unarmed!r}, not an item")
    for iid, item in items.items():
        skill = item.grants.get("skill")
        if skill is not None and skill not in skills:
            ri.bad(f"items.{iid}", "grants", f"{skill!r} is not a skill")
    if casting is not None and casting.requires_skill not in skills:
        rp.bad("casting", "requires_skill", f"{casting.requires_skill!r} is not a skill")
    ids: dict[str, str] = {}
    for kind, table in (("skill", skills), ("faction ability", specials), ("spell", spells)):
        for xid in table:
            if xid in ids:
                where = {"skill": rs, "faction ability": readers["factions.yaml"], "spell": rp}[kind]
                where.bad(
                    xid, None, f"the id is also a {ids[xid]}: skills, faction abilities and spells share one name space"
                )
            ids[xid] = kind
    for rd in readers.values():
        problems += rd.problems
    if problems:
        raise DataError(problems)
    assert ench is not None and casting is not None
    return Catalog(
        MappingProxyType(heights),
        heights_completed,
        MappingProxyType(factions),
        MappingProxyType(limits),
        MappingProxyType(races),
        MappingProxyType(specials),
        MappingProxyType(skills),
        MappingProxyType(families),
        ench,
        MappingProxyType(items),
        casting,
        MappingProxyType(spells),
        tuple(readings),
    )


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The shipped Fantasy catalog (read once)."""
    return load_catalog()


# -- the gaps page ---------------------------------------------------------------------------


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def gaps_markdown(cat: Catalog | None = None) -> str:
    """docs/gangfight-gaps.md: every completed value and every reading, from the YAML."""
    cat = cat or catalog()
    out = [
        "# Gangfight Fantasy supplement: what spacegits_sim completed",
        "",
        "The printed Fantasy Setting Supplement lost its table headers (icons) and some stats.",
        "Every value below is **ours, not the book's**: each entry in",
        "`spacegits_sim/rulesets/gangfight/fantasy/*.yaml` whose `completed` names a field is",
        "listed with the reason, and each `readings` entry says how we read ambiguous text.",
        "",
        "This file is generated by `python -m spacegits_sim.rulesets.gangfight.fantasy.catalog`",
        "from the YAML (tests/test_gangfight_fantasy_data.py checks it is current); do not edit by hand.",
        "",
        "Two gaps the issue names are core-rule gaps that the Fantasy figures need: model heights",
        "for line of sight (`size_heights` and the races' `height`, below) and the Members' Victory",
        "Points (reading `members-vp`). If the core rules' data completes them too, the values agree.",
        "",
        "## Completed values",
        "",
        "| entry | name | field | value | why |",
        "|---|---|---|---|---|",
    ]

    def rows(prefix: str, name: str, obj: Any, completed: Mapping[str, str]) -> None:
        for fld, why in completed.items():
            value = getattr(obj, fld, None)
            if value is None and hasattr(obj, "effect"):
                value = obj.effect.get(fld)
            if value is None and hasattr(obj, "per_level"):
                value = obj.per_level.get(fld)
            shown = "" if value is None else _cell(_show(value))
            out.append(f"| `{prefix}` | {_cell(name)} | {fld} | {shown} | {_cell(why)} |")

    for size, why in cat.size_heights_completed.items():
        out.append(f"| `factions/size_heights` | {size} | height | {_show(cat.size_heights[size])} | {_cell(why)} |")
    for fid, lim in cat.special_limits.items():
        rows(
            f"factions/special_limits/{fid}", cat.factions[fid].name if fid in cat.factions else fid, lim, lim.completed
        )
    for rid, race in cat.races.items():
        rows(f"factions/races/{rid}", race.name, race, race.completed)
    for sid, sp in cat.specials.items():
        rows(f"factions/specials/{sid}", sp.name, sp, sp.completed)
    for sid, sk in cat.skills.items():
        rows(f"skills/{sid}", sk.name, sk, sk.completed)
    rows("items/enchanting", "Enchanted Equipment", cat.enchanting, cat.enchanting.completed)
    for iid, item in cat.items.items():
        rows(f"items/{iid}", item.name, item, item.completed)
    for sid, spell in cat.spells.items():
        rows(f"spells/{sid}", spell.name, spell, spell.completed)
    out += ["", "## Readings of ambiguous text", "", "| file | id | the book | our reading |", "|---|---|---|---|"]
    for rd in cat.readings:
        out.append(f"| {rd.file} | `{rd.id}` | {_cell(rd.text)} | {_cell(rd.reading)} |")
    out += [
        "",
        "## Printed text behind the scrambled tables",
        "",
        "Each item and spell keeps the text its values were read from (`printed` / `text`):",
        "",
        "| entry | printed |",
        "|---|---|",
    ]
    for iid, item in cat.items.items():
        if item.completed:
            out.append(f"| `items/{iid}` | {_cell(item.printed)} |")
    for sid, spell in cat.spells.items():
        if spell.completed:
            out.append(f"| `spells/{sid}` | {_cell(spell.text)} |")
    return "\n".join(out) + "\n"


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_show(v)}" for k, v in value.items())
    if isinstance(value, tuple):
        return ", ".join(_show(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def main() -> int:
    """Write docs/gangfight-gaps.md (the repository's, two levels above the package)."""
    import sys

    try:
        text_ = gaps_markdown(load_catalog())
    except DataError as e:
        print(e, file=sys.stderr)
        return 2
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[3] / "docs" / "gangfight-gaps.md"
    target.write_text(text_, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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
from . import abilities as _abilities
from .book import FANTASY, Book, Checker, Item, book
from .consumables import REGISTRY as _CONS
from .mounts import mount_character, ride_of
from .skills import REGISTRY as _SKILLS
from .skills import skills_of

SKILLS = _SKILLS["skills"]
_CONSUMABLES = _CONS["consumables"]
ABILITIES = _SKILLS["abilities"]

HERE = Path(__file__).resolve().parent
GANGS = HERE / "gangs"

_MODEL_KEYS = ("id", "name", "level", "size", "base", "race", "raise", "bonus", "items", "skills", "spells", "scrolls")
_GANG_KEYS = ("name", "leader", "faction", "setting", "models", "fame", "artillery")


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
    height: float = 1.25  # ground to eye, for line of sight (sizes.yaml, or the Fantasy race's)
    kinds: tuple[str, ...] = ("mortal",)  # what "any Mortal/Undead/Demon enemy" reads
    spells: tuple[str, ...] = ()  # the Magic Spells it has learnt (fantasy/spells.yaml ids)
    scrolls: tuple[str, ...] = ()  # the spell on each Magic Scroll it carries, in order
    item_skills: tuple[str, ...] = ()  # skills its enchanted items give ("Character gains the Rogue skill")
    ride: Any = field(default=None, compare=False)  # mounts.Ride: the mount it rides (None: on foot)
    on_foot: Any = field(default=None, compare=False)  # the rider on foot (mounts.py), for Dismount

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
            "items": [i.removeprefix(FANTASY) for i in self.items],
            "skills": list(self.skills),
            **({"spells": list(self.spells)} if self.spells else {}),
            **({"scrolls": list(self.scrolls)} if self.scrolls else {}),
        }


@dataclass(frozen=True)
class Gang:
    name: str
    leader: str
    models: tuple[Character, ...]
    doc: Mapping[str, Any] = field(default_factory=dict, compare=False)
    warnings: tuple[Problem, ...] = field(default=(), compare=False)
    artillery: tuple[str, ...] = ()  # item keys of its artillery pieces (artillery.py)
    artillery_xp: int = 0

    @property
    def fame(self) -> int:
        return sum(m.xp for m in self.models) + self.artillery_xp

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


def _race(c: Checker, d: Mapping[str, Any], entry: str, fantasy: bool, leader: bool, warn: list[Problem]) -> Any:
    """The Fantasy race a model names (None: a human of the core rules)."""
    race = d.get("race", "human")
    if not isinstance(race, str):
        c.bad(entry, "race", f"expected a race name, got {short(race)}")
        return None
    if not fantasy:
        if race != "human":
            c.bad(entry, "race", f"the core rules know humans only; '{short(race)}' needs 'setting: fantasy'")
        return None
    from .fantasy.catalog import catalog

    r = catalog().races.get(race)
    if r is None:
        c.bad(entry, "race", f"unknown race {short(race)}; the Fantasy races are {', '.join(catalog().races)}")
        return None
    raw = d.get("skills")
    chosen: list[Any] = raw if isinstance(raw, list) else []
    missing = [s for s in r.required_specials if s not in chosen]
    if missing:  # "All Vampires must choose this skill."
        c.bad(entry, "skills", f"a {r.name} must take {', '.join(missing)} ('All Vampires must choose this skill')")
    del leader, warn
    return r


def character_from_doc(
    c: Checker, d: Any, i: int, b: Book, warn: list[Problem], fantasy: bool = False, leader_id: Any = None
) -> tuple[Character, dict[str, Any]]:
    d = c.mapping(d, f"models[{i}]", None)
    mid = d.get("id")
    entry = f"model '{mid}'" if isinstance(mid, str) else f"models[{i}]"
    if not isinstance(mid, str) or not mid.isidentifier():
        c.bad(entry, "id", f"expected a short id of letters, digits and _, got {short(mid)}")
        mid = f"m{i}"
    c.unknown(d, entry, _MODEL_KEYS)
    is_leader = mid == leader_id
    race = _race(c, d, entry, fantasy, is_leader, warn)
    lid = c.choice(d, entry, "level", tuple(b.levels))
    lv = b.levels[lid]
    default_size = "standard"
    if race is not None:
        default_size = race.leader_size if is_leader and race.leader_size else race.size
    sid = c.choice(d, entry, "size", tuple(b.sizes), default_size)
    if race is not None and sid != default_size:
        c.bad(entry, "size", f"a {race.name}{' leader' if is_leader else ''} is a {default_size} model, not {sid}")
    sz = b.sizes[sid]
    base_default = (race.base_mm if race is not None and race.base_mm and sid == race.size else None) or (
        sz.base_min if sid != "standard" else 25
    )
    base = c.number(d, entry, "base", sz.base_min, sz.base_max, base_default)
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
    human = race is None or race.id == "human"
    if human:
        if sum(bonus.values()) > 1:
            c.bad(entry, "bonus", "Humans may add 1 bonus point to any Attribute: this one adds more")
    else:
        if bonus:
            c.bad(entry, "bonus", f"a {race.name}'s bonus is its race's ({dict(race.bonus)}): leave 'bonus' out")
        bonus = {k: int(v) for k, v in race.bonus.items()}
    attrs: dict[str, int] = {a: start + rz.get(a, 0) + bonus.get(a, 0) for a in raised}
    attrs["hp"] = lv.hp + sz.hp + bonus.get("hp", 0)
    attrs["dp"] = lv.dp + bonus.get("dp", 0)
    attrs["str"] += sz.str
    xp = lv.xp + sz.xp
    skills = d.get("skills", [])
    if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
        c.bad(entry, "skills", f"expected a list of skill ids, got {short(skills)}")
        skills = []
    if len(skills) > attrs["int"]:
        c.bad(
            entry,
            "skills",
            f"{len(skills)} skills: 'A character may choose an amount of skills equal to their "
            f"Intellect' ({attrs['int']})",
        )
    known: Mapping[str, Any] = {}
    specials: Mapping[str, Any] = {}
    if fantasy:
        from .fantasy.catalog import catalog

        known = catalog().skills
        specials = catalog().specials
    elif skills:
        c.bad(entry, "skills", "skills are the Fantasy supplement's: add 'setting: fantasy' to the gang")
        skills = []
    good: list[str] = []
    for sk in skills:
        if sk in specials:  # a faction ability: "Each gift will cost 5 XP, and count toward the amount of skills"
            good.append(sk)
            sp = specials[sk]
            from .fantasy.catalog import catalog

            lim = catalog().special_limits.get(sp.faction)
            xp += int(lim.xp) if lim is not None else 0
            if sp.handler not in ABILITIES:
                why: dict[str, str] = {}
                warn.append(
                    Problem(
                        c.label,
                        entry,
                        "skills",
                        f"NOT SIMULATED: faction ability '{sk}' ({sp.name}): "
                        f"{why.get(sp.handler, 'it has no effect in play yet')}",
                    )
                )
            continue
        if sk not in known:
            c.bad(
                entry,
                "skills",
                f"unknown skill {short(sk)}; the Fantasy skills are {', '.join(known)}; "
                f"the faction abilities {', '.join(specials)}",
            )
            continue
        good.append(sk)
        xp += int(known[sk].xp)
        if known[sk].handler not in SKILLS:
            warn.append(
                Problem(
                    c.label,
                    entry,
                    "skills",
                    f"NOT SIMULATED: skill '{sk}' ({known[sk].name}): it has no effect in play yet",
                )
            )
    skills = good
    spells, scrolls = _spells(c, d, entry, lid, lv, skills, attrs, fantasy)
    xp += sum(_spell_xp(sp) for sp in spells)
    handlers = skills_of(tuple(skills))
    for h in handlers:
        for k, v in h.attributes().items():
            attrs[k] = attrs.get(k, 0) + v
    item_level = lv.item_level + sum(h.item_level_bonus() for h in handlers)
    knight = any(h.ignores_armour_quickness() for h in handlers)
    items_raw = d.get("items", [])
    if not isinstance(items_raw, list):
        c.bad(entry, "items", f"expected a list of item ids, got {short(items_raw)}")
        items_raw = []
    items: list[str] = []
    grant: dict[str, int] = {}
    item_skills: list[str] = []
    scroll_left = list(scrolls)
    per = int(b.gang["item_xp_per_level"])
    for it in items_raw:
        item: Item | None = None
        if isinstance(it, str):
            try:
                item = b.item(FANTASY + it if fantasy else it)
            except KeyError:
                item = None
        if item is None:
            where = "the Fantasy items" if fantasy else "the core armoury"
            c.bad(entry, "items", f"unknown item {short(it)} in {where}")
            continue
        scroll = fantasy and bool(_fantasy_effect(str(it)).get("level_is_spell_level"))
        if item.level > item_level and not scroll:  # a scroll's level is its spell's (below)
            c.bad(entry, "items", f"{item.name} is level {item.level}: a {lid} equips items up to level {item_level}")
        if item.family == "artillery":
            c.bad(
                entry,
                "items",
                f"{item.name} is artillery: 'Artillery is added to your gang the same way you would add a "
                "new character': list it under the gang's 'artillery', not a model's items",
            )
            continue
        if item.family in b.unsimulated_families:
            warn.append(
                Problem(c.label, entry, "items", f"NOT SIMULATED: {item.name}: {b.unsimulated_families[item.family]}")
            )
        if fantasy:
            from .fantasy.catalog import catalog

            fi = catalog().items[str(it)]
            for k, v in fi.grants.items():  # an enchantment: "+1 bonus to any one character Attribute"
                if k in attrs or k in ("hp", "dp"):
                    grant[k] = grant.get(k, 0) + int(v)
                elif k == "skill" and str(v) in known and known[str(v)].handler in SKILLS:
                    item_skills.append(str(v))  # "add any one skill from the list ... to an item"
                else:
                    warn.append(
                        Problem(
                            c.label,
                            entry,
                            "items",
                            f"NOT SIMULATED: {fi.name}'s enchantment ({k}: {v}): it plays as its plain listing",
                        )
                    )
            if fi.handler and item.family not in b.unsimulated_families and fi.handler not in _CONSUMABLES:
                warn.append(Problem(c.label, entry, "items", f"NOT SIMULATED: {fi.name}'s effect ({fi.handler})"))
            if fi.effect.get("level_is_spell_level"):  # "the scroll will have an item level equal to the spell's level"
                if not scroll_left:
                    c.bad(entry, "scrolls", f"a {fi.name} names its spell: add 'scrolls: [<spell id>]', one per scroll")
                    continue
                level = _spell_level(scroll_left.pop(0))
                if level > item_level:
                    c.bad(
                        entry,
                        "scrolls",
                        f"a scroll of a level {level} spell: a {lid} equips items up to level {item_level}",
                    )
                items.append(item.id)
                xp += level * per
                continue
        items.append(item.id)
        xp += item.level * per
        attrs["hp"] += item.hp
        attrs["qui"] += 0 if (knight and item.family == "armour") else item.qui
    for k, v in grant.items():
        attrs[k] = attrs.get(k, 0) + v
    rides = ride_of(items)
    if len(rides) > 1:
        c.bad(entry, "items", f"rides {len(rides)} mounts ({', '.join(r.name for r in rides)}): one at most")
    bags = max([r.carry for r in rides] + [0])  # saddlebags: "offering saddlebags to allow you to carry more"
    slots = sum(b.item(i).slots for i in items)
    if slots > attrs["str"] + bags:
        c.bad(
            entry,
            "items",
            f"carries {slots} points of items: 'You may only carry an amount of items up to your "
            f"character's Strength amount' ({attrs['str']}{f' + {bags} in saddlebags' if bags else ''})",
        )
    name = d.get("name", mid)
    if not isinstance(name, str) or not name.strip():
        c.bad(entry, "name", f"expected a name, got {short(name)}")
        name = str(mid)
    height = sz.height
    if race is not None:
        from .fantasy.catalog import catalog

        height = catalog().model_height(race.id, is_leader)
    rname = race.id if race is not None else "human"
    kinds = {"mortal"} if race is None or race.faction == "mortal_guilds" else set()
    if race is not None:
        kinds |= {"undead_hordes": {"undead"}, "beast_packs": {"beast"}}.get(race.faction, set())
        if race.demon:
            kinds.add("demon")
    if any(h.casts_spells() for h in skills_of(tuple(skills) + tuple(item_skills))):
        kinds.add("magic_user")  # Witch Hunter: "any character with the Magic User skill"
    ch = Character(
        str(mid),
        name[:40],
        lid,
        sid,
        base,
        rname,
        attrs,
        tuple(items),
        tuple(skills),
        xp,
        is_leader,
        height,
        tuple(sorted(kinds)),
        spells,
        scrolls,
        tuple(item_skills),
    )
    doc = ch.to_doc(rz, {} if not human else bonus)
    if len(rides) == 1:  # the file names the rider on foot; the model plays mounted (mounts.py)
        ch = mount_character(ch, rides[0], b)
    return ch, doc


def _fantasy_effect(iid: str) -> Mapping[str, Any]:
    from .fantasy.catalog import catalog

    it = catalog().items.get(iid)
    return it.effect if it is not None else {}


def _spell_level(sid: str) -> int:
    from .fantasy.catalog import catalog

    return int(catalog().spells[sid].level)


def _spell_xp(sid: str) -> int:
    """ "Spells have an XP cost equal to their level" """
    from .fantasy.catalog import catalog

    return _spell_level(sid) * int(catalog().casting.xp_per_level)


def _spells(
    c: Checker,
    d: Mapping[str, Any],
    entry: str,
    lid: str,
    lv: Any,
    skills: list[str],
    attrs: Mapping[str, int],
    fantasy: bool,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The spells it learns and the spell on each of its scrolls, checked: "Characters may learn any
    of the below spells if they choose the Magic User skill ... you may have an amount of skills
    and spells in any combination up to your Intellect level"; "Minions may only learn spells
    up to level 2, Henchmen up to level 4, and Heroes may learn any spells they wish"."""
    out: list[tuple[str, ...]] = []
    for fld in ("spells", "scrolls"):
        raw = d.get(fld, [])
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            c.bad(entry, fld, f"expected a list of spell ids, got {short(raw)}")
            raw = []
        if raw and not fantasy:
            c.bad(entry, fld, "spells are the Fantasy supplement's: add 'setting: fantasy' to the gang")
            raw = []
        good: list[str] = []
        if raw:
            from .fantasy.catalog import catalog

            cat = catalog()
            for sp in raw:
                if sp not in cat.spells:
                    c.bad(entry, fld, f"unknown spell {short(sp)}; the spells are {', '.join(cat.spells)}")
                else:
                    good.append(sp)
        out.append(tuple(good))
    spells, scrolls = out
    if spells:
        from .fantasy.catalog import catalog

        cat = catalog()
        casting = cat.casting
        if not any(h.casts_spells() for h in skills_of(tuple(skills))):
            c.bad(entry, "spells", f"learning spells needs the {cat.skills[casting.requires_skill].name} skill")
        if len(skills) + len(spells) > attrs["int"]:
            c.bad(
                entry,
                "spells",
                f"{len(skills)} skills and {len(spells)} spells: 'you may have an amount of skills and spells in any "
                f"combination up to your Intellect level' ({attrs['int']})",
            )
        cap = int(casting.level_caps.get(lid, lv.item_level))
        for sp in spells:
            if cat.spells[sp].level > cap:
                c.bad(
                    entry,
                    "spells",
                    f"{cat.spells[sp].name} is level {cat.spells[sp].level}: a {lid} learns spells up to level {cap}",
                )
        for dup in sorted({x for x in spells if spells.count(x) > 1}):
            c.bad(entry, "spells", f"'{dup}' is learnt twice")
    return spells, scrolls


def gang_from_doc(doc: Any, label: str, b: Book | None = None, entry: str = "gang") -> Gang:
    """A gang from its document. Raises DataError listing every problem."""
    b = b or book()
    c = Checker(label)
    d = c.mapping(doc, entry, None)
    c.unknown(d, entry, _GANG_KEYS)
    warn: list[Problem] = []
    setting = c.choice(d, entry, "setting", ("core", "fantasy"), "core")
    fantasy = setting == "fantasy"
    raw = d.get("models")
    lo, hi = int(b.gang["min_models"]), int(b.gang["max_models"])
    if not isinstance(raw, list) or not lo <= len(raw) <= hi:
        n = len(raw) if isinstance(raw, list) else short(raw)
        c.bad(
            entry,
            "models",
            f"a gang has at least {lo} models ('The minimum amount of characters needed to form a Gang is 3'; "
            f"{hi} at most bounds a file), got {n}",
        )
        raw = raw if isinstance(raw, list) else []
    leader = d.get("leader")
    models: list[Character] = []
    docs: list[dict[str, Any]] = []
    for i, m in enumerate(raw):
        ch, md = character_from_doc(c, m, i, b, warn, fantasy, leader)
        models.append(ch)
        docs.append(md)
    ids = [m.id for m in models]
    for dup in sorted({x for x in ids if ids.count(x) > 1}):
        c.bad(entry, "models", f"two models have the id '{dup}'")
    lead = next((m for m in models if m.id == leader), None)
    if lead is None:
        c.bad(
            entry,
            "leader",
            f"expected the id of one of the gang's Heroes ('You must specify one hero as your "
            f"gang's leader'), got {short(leader)}",
        )
    elif lead.level != "hero":
        c.bad(entry, "leader", f"'{leader}' is a {lead.level}: 'Your gang must include one Hero to lead it'")
    faction = d.get("faction")
    if fantasy:
        from .fantasy.catalog import catalog

        cat = catalog()
        if faction not in cat.factions:
            c.bad(
                entry,
                "faction",
                f"a Fantasy gang names its faction, one of {', '.join(cat.factions)}; got {short(faction)}",
            )
        else:
            _check_factions(c, cat, str(faction), models, lead)
    elif faction:
        c.bad(entry, "faction", "factions are the Fantasy supplement's: add 'setting: fantasy'")
    name = d.get("name", Path(label).stem)
    if not isinstance(name, str) or not name.strip():
        c.bad(entry, "name", f"expected a gang name, got {short(name)}")
        name = Path(label).stem
    guns, gun_xp = _artillery(c, d.get("artillery", []), entry, fantasy, b)
    c.raise_if_any()
    gdoc: dict[str, Any] = {"name": name, "leader": leader, "models": docs}
    if fantasy:
        gdoc = {"name": name, "setting": "fantasy", "faction": faction, "leader": leader, "models": docs}
    if guns:
        gdoc["artillery"] = [i.removeprefix(FANTASY) for i in guns]
    return Gang(name[:40], str(leader), tuple(models), gdoc, tuple(warn), guns, gun_xp)


def _artillery(c: Checker, raw: Any, entry: str, fantasy: bool, b: Book) -> tuple[tuple[str, ...], int]:
    """A gang's artillery pieces: "Artillery is added to your gang the same way you would add a new
    character, however its stats and attributes will be listed in the Equipment section". Each
    costs its profile's XP plus its level's (as any item): the Ballista 50 + 25."""
    if raw in (None, []):
        return (), 0
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        c.bad(entry, "artillery", f"expected a list of artillery item ids, got {short(raw)}")
        return (), 0
    if not fantasy:
        c.bad(entry, "artillery", "the core rules list no artillery: add 'setting: fantasy' for the Fantasy pieces")
        return (), 0
    from .fantasy.catalog import catalog

    cat = catalog()
    keys: list[str] = []
    xp = 0
    for x in raw:
        it = cat.items.get(x)
        if it is None or it.family != "artillery":
            known = ", ".join(i.id for i in cat.items.values() if i.family == "artillery")
            c.bad(entry, "artillery", f"{short(x)} is not an artillery piece; the Fantasy pieces are {known}")
            continue
        keys.append(FANTASY + x)
        xp += int(it.artillery["xp"]) + it.level * int(b.gang["item_xp_per_level"])
    return tuple(keys), xp


def _check_factions(c: Checker, cat: Any, faction: str, models: list[Character], lead: Character | None) -> None:
    """One faction, widened by the leader's recruiting skill; each faction ability taken by a
    character it belongs to, as many as its level allows.

    The book: "Your gang may only be made up of characters from one faction, unless your Gang
    Leader has a special skill to allow him to recruit members of other factions" ("Necromancer -
    If your Leader has this skill, you may recruit Undead Henchmen or Minions, but not Heroes");
    "Though not mandatory, any Demon character may choose Demonic Gifts. Coven Mebers, Henchmen and
    Minons may select one, while Heroes may choose two."
    """
    recruits: dict[str, tuple[str, ...]] = {f: ("*",) for f in (faction, *cat.factions[faction].recruits_races_of)}
    if lead is not None:
        for h in skills_of(lead.skills):
            if isinstance(h, _abilities.Recruit):
                other, levels = h.recruits()
                if other != faction:  # Beguile in a Guild (its own faction) changes nothing
                    recruits.setdefault(other, levels)
    for m in models:
        entry = f"model '{m.id}'"
        r = cat.races.get(m.race)
        if r is not None and m.race != "human" and r.faction not in recruits:
            c.bad(
                entry,
                "race",
                f"a {r.name} is of the {cat.factions[r.faction].name}: 'Your gang "
                "may only be made up of characters from one faction' (unless the Leader has a recruiting skill)",
            )
        elif (
            r is not None
            and m.race != "human"
            and "*" not in recruits[r.faction]
            and m.level not in recruits[r.faction]
        ):
            c.bad(
                entry,
                "level",
                f"the leader's recruiting skill adds {cat.factions[r.faction].name} "
                f"{' or '.join(recruits[r.faction])}s only, 'but not Heroes': this {r.name} is a {m.level}",
            )
        own = r.faction if r is not None else "mortal_guilds"
        taken = [s for s in m.skills if s in cat.specials]
        for sid in taken:
            sp = cat.specials[sid]
            if sp.kind == "demonic_gift" and not (r is not None and r.demon):
                c.bad(
                    entry,
                    "skills",
                    f"{sp.name}: 'any Demon character may choose Demonic Gifts', a {m.race} is no Demon",
                )
            elif sp.faction != own:
                c.bad(
                    entry,
                    "skills",
                    f"{sp.name} is a {cat.factions[sp.faction].name} ability: a {m.race} cannot take it",
                )
            elif sp.allowed_races and m.race not in sp.allowed_races:
                c.bad(entry, "skills", f"{sp.name} is for {', '.join(sp.allowed_races)}, not a {m.race}")
        lim = cat.special_limits.get(own)
        if taken and lim is not None and len(taken) > lim.per_level.get(m.level, 0):
            c.bad(
                entry,
                "skills",
                f"{len(taken)} faction abilities: a {m.level} may take {lim.per_level.get(m.level, 0)} "
                "('Henchmen and Minions may select one, while Heroes may choose two')",
            )


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

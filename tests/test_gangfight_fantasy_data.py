"""The Fantasy Setting Supplement as data: complete against the book, checked on load.

The completeness tests scan the book's own text for the names it prints (skills, faction
abilities, races with their bonuses, items, spells) and find each in the YAML; the loader
tests break a copy of the shipped files one field at a time and read the message.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from spacegits_sim.data.errors import DataError
from spacegits_sim.rulesets.gangfight.fantasy import catalog as cat_mod
from spacegits_sim.rulesets.gangfight.fantasy.catalog import FILES, HERE, Catalog, catalog, gaps_markdown, load_catalog

ROOT = Path(__file__).resolve().parents[1]
BOOK = (ROOT / ".." / "shared" / "rulebooks" / "gangfight-skirmish-rules.txt").resolve()
if not BOOK.exists():  # the clone's ../shared, or the shared folder itself
    BOOK = Path("/work/shared/rulebooks/gangfight-skirmish-rules.txt")


@pytest.fixture(scope="module")
def book_lines() -> list[str]:
    return BOOK.read_text(encoding="utf-8").splitlines()


def section(lines: list[str], start: str, end: str) -> list[str]:
    """The book's lines from the one starting with ``start`` up to the one starting with ``end``."""
    i = next(n for n, line in enumerate(lines) if line.startswith(start))
    j = next(n for n, line in enumerate(lines) if n > i and line.startswith(end))
    return lines[i:j]


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return catalog()


# -- complete against the book ---------------------------------------------------------------

_DASHED = re.compile(r"([A-Z][A-Za-z!'&]+(?:[ \-][A-Za-z!'&]+){0,2}) - [A-Z]")


def test_every_fantasy_skill_the_book_names_is_in_skills_yaml(book_lines: list[str], cat: Catalog) -> None:
    text = "\n".join(section(book_lines, "Fantasy Skills The skills", "Fantasy Equipment What good"))
    printed = {m.group(1) for m in _DASHED.finditer(text)}
    names = {s.name for s in cat.skills.values()}
    assert len(printed) >= 35  # 30 skills and 5 leadership skills
    assert printed - names == set(), "skills the book prints that skills.yaml lacks"
    assert names - printed == set(), "skills.yaml names the book does not print"


def test_every_faction_ability_the_book_names_is_in_factions_yaml(book_lines: list[str], cat: Catalog) -> None:
    text = "\n".join(section(book_lines, "Undead Hordes In Fantasy", "Fantasy Skills The skills"))
    printed = {m.group(1) for m in _DASHED.finditer(text)}
    names = {s.name for s in cat.specials.values()}
    assert printed == names


def test_every_race_the_book_prints_has_its_bonus(book_lines: list[str], cat: Catalog) -> None:
    """Each "Name: +1 Attribute" (and the Large/Massive/Giant that follows it) is a race with
    that bonus and size; the second "Bat" is the Bird (readings: second-bat)."""
    text = " ".join(section(book_lines, "Mortal Races", "Fantasy Skills The skills"))
    attr = {"Stamina": "sta", "Intellect": "int", "Quickness": "qui", "Strength": "str"}
    pattern = re.compile(
        r"((?:Greater |Arch )?[A-Z][a-z]+(?: or [A-Z][a-z]+)?): \+1 (Stamina|Intellect|Quickness|Strength)"
        r"( (Large|Massive|Giant) Model)?"
    )
    found = pattern.findall(text)
    assert len(found) == 32
    by_text = {
        r.text.split(" ...")[0].split(" Large")[0].split(" Massive")[0].split(" Giant")[0]: r
        for r in cat.races.values()
    }
    for name, attribute, _, size in found:
        race = by_text.get(f"{name}: +1 {attribute}")
        assert race is not None, f"{name}: +1 {attribute} is not a race's text"
        assert dict(race.bonus) == {attr[attribute]: 1}, name
        assert race.size == (size.lower() or "standard"), name
    assert {r.id for r in cat.races.values() if r.text.startswith("Bat:")} == {"bat", "bird"}


_STAT = re.compile(r"^(?:M\+\d|M|[+-]?\d+)$")
_HEADERS = (
    "Fantasy Equipment Primitive Ranged Weapons & Bows",
    "Armor & Shields",
    "Melee Weapons",
    "Thrown Weapons",
    "Firearms",
    "Mounts",
    "Consumable Items",
)
_TRAIT_WORDS = {"Thrown", "Binding", "DOT", "DOT (Poisonous)", "Bow", "Slow", "Pistol", "Rifle", "Shotgun", "AOE"}


def printed_names(lines: list[str]) -> set[str]:
    """Names in a table section: lines that are not stats, types, examples, traits or prose."""
    names = set()
    for raw in lines:
        line = raw.strip()
        for h in _HEADERS:
            if line.startswith(h):
                line = line[len(h) :].strip()
        if (
            len(line) > 60
            or line.endswith((":", "."))
            or line.startswith(("Type:", "Examples:", "Playtest", "Consumable ", "Mount "))
        ):
            continue
        words = line.split()
        while words and _STAT.match(words[-1]):
            words.pop()
        line = " ".join(words)
        if not line or _STAT.match(line) or not (line[0].isupper() or re.match(r"^\d-[Hh]anded", line)):
            continue
        if all(part.strip() in _TRAIT_WORDS for part in line.split(",")):
            continue
        names.add(line)
    return names


def test_every_item_the_book_names_is_in_items_yaml(book_lines: list[str], cat: Catalog) -> None:
    printed = printed_names(section(book_lines, "Fantasy Equipment What good", "Magic Spells Wizards"))
    assert len(printed) >= 30
    missing = {n for n in printed if cat.item_by_name(n) is None}
    assert missing == set()
    # and the other way: every item not wholly ours carries a name the book prints
    whole_ours = {i.id for i in cat.items.values() if "name" in i.completed and not i.book_names}
    for item in cat.items.values():
        if item.id in whole_ours:
            continue
        assert any(cat.item_by_name(n) is item for n in printed), f"{item.id} is not named in the book's tables"


def test_every_spell_the_book_names_is_in_spells_yaml(book_lines: list[str], cat: Catalog) -> None:
    lines = section(book_lines, "Like equipment, Minions may only learn spells", "Gang Name:")[1:]
    pattern = re.compile(r"^([A-Z][A-Za-z ]+?)(?: (?:M\+1|\d+))?$")
    printed = {m.group(1) for line in lines if (m := pattern.match(line.strip())) and m.group(1) not in _TRAIT_WORDS}
    assert printed == {s.name for s in cat.spells.values()}
    assert len(printed) == 12


def plain(s: str) -> str:
    """The book's typography (curly quotes, inch marks) as the YAML types it."""
    return s.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'}))


def test_the_book_s_words_are_kept_with_each_entry(cat: Catalog) -> None:
    book = " ".join(plain(BOOK.read_text(encoding="utf-8")).split())  # table cells run on, as quoted
    for sk in cat.skills.values():
        assert sk.text in book, sk.id
    for sp in cat.specials.values():
        assert sp.text in book, sp.id
    for f in cat.factions.values():
        assert f.text in book, f.id
    for rd in cat.readings:
        quoted = [" ".join(q.split()) for q in rd.text.split("...")]
        assert all(q in book for q in quoted if q), rd.id


def test_every_item_family_of_the_supplement_is_stocked(cat: Catalog) -> None:
    """armour, shields, melee, thrown, bows, firearms, mounts, consumables, enchanted items,
    and the core rules' artillery and automatic weapons (completed)."""
    families = {i.family for i in cat.items.values()}
    assert families == {
        "armour",
        "shield",
        "melee",
        "thrown",
        "bow",
        "firearm",
        "artillery",
        "mount",
        "consumable",
        "enchanted",
    }
    assert any("automatic" in i.traits for i in cat.items.values())
    assert any("long_reach" in i.traits for i in cat.items.values())


# -- the data says what the book says --------------------------------------------------------


def test_weapon_columns_read_strength_range_level(cat: Catalog) -> None:
    """'Light Hand Weapons M 1 1 / M+1 1 2 / M+2 1 4' and 'Throwing Knives 3 M 2 Thrown'."""
    i = cat.items
    assert (i["light_hand_weapons"].strength, i["light_hand_weapons"].range, i["light_hand_weapons"].level) == (
        "M",
        1,
        1,
    )
    assert (i["hand_weapon"].strength, i["hand_weapon"].range, i["hand_weapon"].level) == ("M+1", 1, 2)
    assert (i["great_weapon"].strength, i["great_weapon"].hands, i["great_weapon"].level) == ("M+2", 2, 4)
    assert (i["throwing_knives"].strength, i["throwing_knives"].range, i["throwing_knives"].level) == (3, "M", 2)
    assert (i["firewater"].strength, i["firewater"].traits) == (4, ("thrown", "dot"))


def test_armour_adds_health_and_shields_defense(cat: Catalog) -> None:
    """'Armor will increase your character's Health stat'; 'Shields grant the wielder +1 Defense'."""
    i = cat.items
    assert [i[a].hp for a in ("light_armour", "medium_armour", "heavy_armour")] == [1, 2, 3]
    assert [i[a].qui for a in ("light_armour", "medium_armour", "heavy_armour")] == [0, -1, -1]
    assert i["common_shield"].dp == 1 and i["common_shield"].hands == 1
    assert i["buckler"].hands == 0 and i["buckler"].save_rerolls == 1  # "even if both hands are full"


def test_enchanted_samples_follow_the_enchanting_levels(cat: Catalog) -> None:
    """'+1 bonus to any one character Attribute, and raising the level by 1. Or, you may add
    any one skill ... and raice the level by 2'."""
    e = cat.enchanting
    for iid in ("mighty_longsword", "marksmans_long_bow", "thugs_armor"):
        item = cat.items[iid]
        assert item.base is not None
        assert item.level == cat.items[item.base].level + e.level_cost(item.grants), iid
    assert cat.items["marksmans_long_bow"].rare  # "Raising a level to 5 or 6 will make the item Rare"
    assert not cat.items["thugs_armor"].rare


def test_mounts_have_a_fixed_quickness(cat: Catalog) -> None:
    """'All mounts have a fixed Quickness level'."""
    mounts = [i for i in cat.items.values() if i.family == "mount"]
    assert {m.id: m.quickness for m in mounts} == {"donkey": 5, "horse": 6, "raptor": 7}
    assert all("cross_obstacles_running" in m.traits for m in mounts)


def test_faction_abilities_cost_5_xp_and_heroes_take_two(cat: Catalog) -> None:
    """'Coven Mebers, Henchmen and Minons may select one, while Heroes may choose two. Each gift
    will cost 5 XP, and count toward the amount of skills you may possess.'"""
    for fid in ("demonic_covens", "beast_packs", "undead_hordes"):
        lim = cat.special_limits[fid]
        assert lim.xp == 5 and lim.counts_as_skill
        assert dict(lim.per_level) == {"hero": 2, "member": 1, "henchman": 1, "minion": 1}


def test_vampires_must_choose_bloodsucker_and_orc_leaders_are_large(cat: Catalog) -> None:
    assert cat.races["vampire"].required_specials == ("bloodsucker",)
    assert cat.races["orc"].leader_size == "large" and cat.races["orc"].size == "standard"


def test_leadership_skills_recruit_henchmen_and_minions_not_heroes(cat: Catalog) -> None:
    """'you may recruit Undead Henchmen or Minions, but not Heroes'."""
    recruit = {s.id: s.effect["recruit"] for s in cat.skills.values() if "recruit" in s.effect}
    assert recruit == {
        "beguile": "mortal_guilds",
        "handler": "beast_packs",
        "necromancer": "undead_hordes",
        "warlock": "demonic_covens",
    }
    for sid in recruit:
        assert cat.skills[sid].leadership and cat.skills[sid].effect["recruit_levels"] == ("henchman", "minion")


def test_spells_cost_their_level_and_intellect_spells_cast_on_4(cat: Catalog) -> None:
    """'Spells have an XP cost equal to their level'; 'Intellect based spells will simply have
    a target number of 4 to cast ... your third or more will require a 6.'"""
    assert all(s.xp == s.level for s in cat.spells.values())
    c = cat.casting
    assert (c.intellect_target, c.consecutive_step, c.max_target) == (4, 1, 6)
    assert dict(c.level_caps) == {"minion": 2, "henchman": 4, "hero": 6}
    assert cat.spells["magic_missile"].attribute == "rc" and cat.spells["fear"].attribute == "int"
    assert cat.spells["conjure_blade"].weapon["strength"] == "M+1"


def test_every_attack_spell_has_a_strength_and_range(cat: Catalog) -> None:
    for s in cat.spells.values():
        if s.attribute in ("rc", "mc"):
            assert s.strength is not None and s.range is not None, s.id


def test_skill_effects_are_data_the_handlers_read(cat: Catalog) -> None:
    """'Bravery - Lower target number by 1'; 'Tough - Gain +1 Health'; 'Running Wild ... 18"'."""
    assert cat.skills["bravery"].effect["morale_target"] == -1
    assert cat.skills["tough"].effect["hp"] == 1
    assert cat.skills["rogue"].effect["from_behind_target"] == 3
    assert cat.specials["running_wild"].effect["max_move"] == 18
    assert cat.specials["horrify"].effect == {"radius": 3.0, "enemy_morale_target": 1}


def test_every_figure_has_a_height_for_line_of_sight(cat: Catalog) -> None:
    """No model heights are printed (completed): sizes give one, small races their own."""
    assert [cat.size_heights[s] for s in ("standard", "large", "massive", "giant")] == sorted(cat.size_heights.values())
    assert cat.model_height("goblin") < cat.model_height("human") == cat.size_heights["standard"]
    assert cat.model_height("orc") == cat.size_heights["standard"]
    assert cat.model_height("orc", leader=True) == cat.size_heights["large"]  # the Orc leader is Large
    assert cat.model_height("leviathan") == cat.size_heights["giant"]
    assert all(cat.model_height(r) > 0 for r in cat.races)


def test_every_spell_has_a_range(cat: Catalog) -> None:
    for s in cat.spells.values():
        assert s.range is not None or s.weapon, s.id


def test_handler_ids_are_named_for_every_behaviour(cat: Catalog) -> None:
    ids = cat.handler_ids()
    assert all(re.match(r"^[a-z][a-z0-9_]*$", h) for h in ids)
    assert {"recruit", "hunter", "attack_spell", "revive"} <= ids


def test_gaps_page_is_current() -> None:
    page = (ROOT / "docs" / "gangfight-gaps.md").read_text(encoding="utf-8")
    assert page == gaps_markdown(), "regenerate: python -m spacegits_sim.rulesets.gangfight.fantasy.catalog"


def test_gaps_page_lists_every_completed_value(cat: Catalog) -> None:
    page = gaps_markdown(cat)
    for item in cat.items.values():
        for fld in item.completed:
            assert f"| `items/{item.id}` | {item.name} | {fld} |" in page
    for spell in cat.spells.values():
        for fld in spell.completed:
            assert f"| `spells/{spell.id}` | {spell.name} | {fld} |" in page
    for rd in cat.readings:
        assert f"`{rd.id}`" in page


# -- bad files say what is wrong -------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(HERE / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, change) -> None:  # type: ignore[no-untyped-def]
    doc = yaml.safe_load((folder / name).read_text(encoding="utf-8"))
    change(doc)
    (folder / name).write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def problems(folder: Path) -> str:
    with pytest.raises(DataError) as e:
        load_catalog(folder)
    return str(e.value)


def test_the_copy_loads_like_the_shipped_files(copy: Path) -> None:
    assert load_catalog(copy) == catalog()


def test_level_out_of_range_names_file_entry_field_and_range(copy: Path) -> None:
    edit(copy, "items.yaml", lambda d: d["items"]["short_bow"].update(level=9))
    msg = problems(copy)
    assert "items.yaml: items.short_bow, field 'level': expected a whole number from 1 to 6, got 9" in msg
    assert "Traceback" not in msg


def test_bad_strength_and_range_are_named(copy: Path) -> None:
    def change(d):  # type: ignore[no-untyped-def]
        d["items"]["hand_weapon"]["strength"] = "M+4"
        d["items"]["long_bow"]["range"] = 99

    edit(copy, "items.yaml", change)
    msg = problems(copy)
    assert "items.hand_weapon, field 'strength': expected a Strength from 1 to 10 or M, M+1, M+2, M+3, got 'M+4'" in msg
    assert "items.long_bow, field 'range': expected a range in inches from 0 to 48 or M, got 99" in msg
    assert msg.startswith("2 problems found:")  # every problem at once


def test_unknown_effect_field_is_an_error_not_silence(copy: Path) -> None:
    edit(copy, "skills.yaml", lambda d: d["skills"]["bravery"]["effect"].update(moral_target=-1))
    msg = problems(copy)
    assert "skills.yaml: skills.bravery, field 'effect': unknown effect field 'moral_target'" in msg


def test_unknown_field_and_missing_field_are_named(copy: Path) -> None:
    def change(d):  # type: ignore[no-untyped-def]
        d["spells"]["fear"]["colour"] = "red"
        del d["spells"]["fear"]["level"]

    edit(copy, "spells.yaml", change)
    msg = problems(copy)
    assert "spells.yaml: spells.fear, field 'colour': unknown field" in msg
    assert "spells.yaml: spells.fear, field 'level': missing" in msg


def test_race_bonus_out_of_range_and_unknown_faction(copy: Path) -> None:
    def change(d):  # type: ignore[no-untyped-def]
        d["races"]["elf"]["bonus"] = {"int": 7}
        d["races"]["dwarf"]["faction"] = "space_gits"
        d["races"]["goblin"]["height"] = 0

    edit(copy, "factions.yaml", change)
    msg = problems(copy)
    assert "races.elf, field 'bonus': expected a whole number from -3 to 3, got 7" in msg
    assert "races.dwarf, field 'faction': not a faction" in msg
    assert "races.goblin, field 'height': expected a number from 0.2 to 12, got 0" in msg


def test_enchanted_item_level_must_match_its_enchantment(copy: Path) -> None:
    edit(copy, "items.yaml", lambda d: d["items"]["thugs_armor"].update(level=2))
    msg = problems(copy)
    assert "items.thugs_armor, field 'level': 2, but light_armour (level 1) + its enchantment makes 3" in msg


def test_completed_must_name_a_real_field(copy: Path) -> None:
    edit(copy, "items.yaml", lambda d: d["items"]["sling"]["completed"].update(colour="ours"))
    assert "items.sling, field 'completed': names 'colour'" in problems(copy)


def test_missing_file_is_named(copy: Path) -> None:
    (copy / "spells.yaml").unlink()
    assert "spells.yaml: file not found" in problems(copy)


def test_oversized_file_is_refused_before_parsing(copy: Path) -> None:
    (copy / "skills.yaml").write_text("# pad\n" * (cat_mod.MAX_FILE_BYTES // 6 + 10), encoding="utf-8")
    assert "skills.yaml: is " in problems(copy) and "bytes; files of at most" in problems(copy)


def test_yaml_syntax_error_and_alias_bomb_are_one_line_each(copy: Path) -> None:
    (copy / "items.yaml").write_text("items: {short_bow: [\n", encoding="utf-8")
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefg", "bcdefgh", strict=True)
    )
    (copy / "spells.yaml").write_text(bomb, encoding="utf-8")
    msg = problems(copy)
    assert "items.yaml: YAML syntax error at line" in msg
    assert "spells.yaml: too large" in msg


def test_not_a_mapping_is_named(copy: Path) -> None:
    (copy / "factions.yaml").write_text("- just\n- a list\n", encoding="utf-8")
    assert "factions.yaml: expected a mapping of sections" in problems(copy)


def test_too_many_entries_is_refused(copy: Path) -> None:
    edit(
        copy,
        "skills.yaml",
        lambda d: d["skills"].update({f"s{i}": d["skills"]["tough"] for i in range(cat_mod.MAX_ENTRIES)}),
    )
    assert f"skills.yaml: skills: at most {cat_mod.MAX_ENTRIES} entries" in problems(copy)


def test_main_prints_the_problems_without_a_traceback(
    copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(copy, "items.yaml", lambda d: d["items"]["short_bow"].update(level=0))
    monkeypatch.setattr(cat_mod, "HERE", copy)
    monkeypatch.setattr("sys.argv", ["catalog", str(copy / "gaps.md")])
    assert cat_mod.main() == 2
    err = capsys.readouterr().err
    assert "items.short_bow, field 'level'" in err and "Traceback" not in err


def _leaves(node, path=()):  # type: ignore[no-untyped-def]
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))
    yield path


def test_any_wrong_value_anywhere_is_a_data_error_never_a_crash(tmp_path: Path) -> None:
    """Seeded fuzz: one leaf (or branch) of one file replaced by a value of the wrong kind or left
    out; the loader either accepts it or raises DataError naming the file, never anything else
    (FUZZ_N=1500 runs longer; 1500 found nothing more)."""
    import copy
    import os
    import random

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    rng = random.Random(29)
    docs = {name: yaml.safe_load((HERE / name).read_text(encoding="utf-8")) for name in FILES}
    for name in FILES:
        shutil.copy(HERE / name, tmp_path / name)
    junk = [None, "x", -5, 10**9, 2.5, True, [], [1, "a"], {}, {"a": 1}, "M+9", ""]
    for _ in range(int(os.environ.get("FUZZ_N", "60"))):
        name = rng.choice(FILES)
        doc = copy.deepcopy(docs[name])
        path = rng.choice([p for p in _leaves(doc) if p])
        node = doc
        for step in path[:-1]:
            node = node[step]
        if rng.random() < 0.2 and isinstance(node, dict):
            del node[path[-1]]  # or a field left out
        else:
            node[path[-1]] = rng.choice(junk)
        (tmp_path / name).write_text(yaml.dump(doc, Dumper=dumper, sort_keys=False), encoding="utf-8")
        try:
            load_catalog(tmp_path)
        except DataError as e:
            assert all(p.file in FILES for p in e.problems), e
            assert any(p.file == name for p in e.problems), (name, path, e)
        shutil.copy(HERE / name, tmp_path / name)

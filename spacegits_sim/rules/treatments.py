"""What a treatment or a repair does the moment it is received (rulebook: Injuries, Vehicle Damage).

One place for it, because the book gives treatments and repairs two ways in: at the afterparty
(A&E, Krankshaft's: ``campaign/afterparty.py``) and while rolling a gang (Chef's
Recommendation and Chaos Mode "automatically fail an injury roll" / "an inspection roll":
``rules/gangmodes.py``). A Gun Arm rolled either way rolls its gun, a Mechanical Respirator
gives its attitude, a Concussion Bandage misses a game. What the row does once is data in
``injuries.yaml`` / ``repairs.yaml`` (attitude, misses_next_game, loses_weapons, weapon,
loot_gun, loses_vehicle_weapon); what lasts is the row's handler in the games after
(``rules/effects/lasting.py``).

The functions work on a git's gang-file mapping. ``fits`` says whether the gang as it now
stands keeps the rules of "Gather Your Gits" (what no longer fits comes off, last taken first);
``say`` takes a line for the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..data.dice import roll
from ..data.errors import DataError, Problem
from ..data.rules_data import RollTable, RulesData, TableRow

Fits = Callable[[], bool]
Say = Callable[[str], None]

NO_TREATMENT = "Full Recovery"  # the treatment row that changes nothing: not written to the file
MAX_REROLLS = 20  # a bound on re-rolling (a treatment had as often as allowed; a loot roll until a gun)


@dataclass(frozen=True)
class Received:
    """What a treatment did once: attitude gained, games to miss."""

    attitude: int = 0
    misses: int = 0


def treatment_rows(git: dict[str, Any], rules: RulesData) -> list[TableRow]:
    """The A&E table row of each of the git's treatments ("Location: Treatment")."""
    out = []
    for t in git.get("treatments", []):
        loc = location_row(t, rules)
        if loc is None:
            continue
        what = t.partition(":")[2].strip()
        row = next((r for r in rules.tables[str(loc.extra["table"])].rows if r.result == what), None)
        if row is not None:
            out.append(row)
    return out


def location_row(text: str, rules: RulesData) -> TableRow | None:
    where = text.partition(":")[0].strip()
    return next((r for r in rules.tables["diagnosis"].rows if r.result == where), None)


def rerolled_diagnoses(git: dict[str, Any], rules: RulesData) -> set[int]:
    """Diagnosis rolls re-rolled for this git: what its treatments say ("4-5")."""
    out: set[int] = set()
    for row in treatment_rows(git, rules):
        span = str(row.extra.get("reroll_diagnosis", ""))
        if span:
            lo, _, hi = span.partition("-")
            out.update(range(int(lo), int(hi or lo) + 1))
    return out


def diagnose(git: dict[str, Any], rules: RulesData, rng: Any, say: Say) -> tuple[int, TableRow]:
    """ "Diagnosis roll: roll a D8 to find the location of the injury", re-rolled once where the
    git's treatments say so (Bionic Legs: "Re-roll diagnosis rolls of 4 and 5 for this git")."""
    diagnosis = rules.tables["diagnosis"]
    dn = int(roll(diagnosis.dice, rng)[0])
    if dn in rerolled_diagnoses(git, rules):
        first, dn = dn, int(roll(diagnosis.dice, rng)[0])
        say(f"{git['name']}'s diagnosis {first} is re-rolled: {dn}")
    return dn, diagnosis.lookup(dn)


def roll_treatment(git: dict[str, Any], table: RollTable, die: str, rng: Any, say: Say) -> tuple[int, TableRow]:
    """One treatment roll; one the git already has as often as it may ("only once", "twice") is
    re-rolled. Returns (the roll kept, its row)."""
    had = [t.partition(":")[2].strip() for t in git.get("treatments", [])]
    n, row = 0, table.rows[0]
    for _ in range(MAX_REROLLS):
        n = int(roll(die, rng)[0])
        row = table.lookup(n)
        limit = row.extra.get("limit")
        if limit is None or had.count(row.result) < int(limit):
            break
        say(f"{git['name']} already has {row.result} as often as allowed: re-rolled")
    return n, row


def treat(
    git: dict[str, Any], where: TableRow, row: TableRow, rules: RulesData, rng: Any, fits: Fits, say: Say
) -> Received:
    """Apply a treatment row (not Dead: the caller buries the git or re-rolls): what it does once
    now, and the treatment written down for its handler to play in the games after. "Arms &
    Legs: If you roll an arm or leg treatment on a location that already had a treatment, the
    new treatment fully replaces the previous one … Other locations can gather multiple
    treatments and stack their effects." A row with nothing lasting (a Full Recovery, a Sling)
    leaves the location as it was."""
    got = Received(int(row.extra.get("attitude", 0)), 1 if row.extra.get("misses_next_game") else 0)
    if got.attitude:
        say(f"{git['name']} gains {got.attitude} attitude")
    if row.result == NO_TREATMENT:
        return got
    if where.extra.get("replaces") and not got.misses:  # (a Sling heals: the arm is as it was)
        _replace(git, where.result, rules, say)
    git.setdefault("treatments", []).append(f"{where.result}: {row.result}")
    if row.extra.get("loses_weapons") and git.get("weapons"):
        say(f"{git['name']} loses {', '.join(git['weapons'])} at A&E")
        git["weapons"] = []
    weapon = row.extra.get("weapon")
    if row.extra.get("loot_gun"):
        weapon = loot_gun(rules, rng, say)
    if weapon:
        bolt_on(git, str(weapon), rules, fits, say)
    shed(git, ("weapons", "gear"), rules, fits, say)  # a Stump: what no longer fits in its hands comes off
    return got


def _replace(git: dict[str, Any], location: str, rules: RulesData, say: Say) -> None:
    """Take off the treatment an arm or leg had, and the weapon it held for good (a Chopper Arm's
    blade, a Gun Arm's gun: bolted weapons are at the front of the git's weapons)."""
    old = [t for t in git.get("treatments", []) if t.partition(":")[0].strip() == location]
    if not old:
        return
    n_bolted = bolted_count(git, rules)
    for t in old:
        git["treatments"].remove(t)
        say(f"{git['name']}'s {t} is replaced")
        row = next(iter(treatment_rows({"treatments": [t]}, rules)), None)
        if row is None or not (row.extra.get("weapon") or row.extra.get("loot_gun")):
            continue
        front = git.get("weapons", [])[:n_bolted]
        pick = next(
            (
                k
                for k, w in enumerate(front)
                if (w == row.extra.get("weapon")) or (row.extra.get("loot_gun") and rules.weapons[w].kind == "shooting")
            ),
            None,
        )
        if pick is not None:
            lost = git["weapons"].pop(pick)
            n_bolted -= 1
            say(f"{git['name']}'s {rules.weapons[lost].name} goes with the old arm")
    if not git["treatments"]:
        del git["treatments"]


def loot_gun(rules: RulesData, rng: Any, say: Say | None = None) -> str:
    """ "Make a loot roll to find out what gun the doc has attached": loot rolls until one is a gun
    (our reading). After ``MAX_REROLLS`` misses the doc picks among the loot table's gun rolls
    alone — the same odds further re-rolls would give — and the log says so (``say``); a loot
    table with no gun at all is a clear error, never a made-up gun."""
    table = rules.tables["loot"]

    def gun(row: Any) -> str | None:
        family, _, ident = str(row.ref).partition("/")
        ok = family == "weapons" and ident in rules.weapons and rules.weapons[ident].kind == "shooting"
        return ident if ok else None

    for _ in range(MAX_REROLLS):
        found = gun(table.lookup(int(roll(table.dice, rng)[0])))
        if found:
            return found
    numbers = [n for r in table.rows for n in range(r.lo, r.hi + 1) if gun(r)]
    if not numbers:
        why = "no row is a gun (a weapons/ entry of kind shooting): a Gun Arm has nothing to attach"
        raise DataError([Problem("tables", "loot", "rows", why)])
    n = numbers[int(rng.integers(0, len(numbers)))]
    found = str(gun(table.lookup(n)))
    if say is not None:
        say(f"{MAX_REROLLS} loot rolls for a Gun Arm found no gun: the doc picks among the gun rolls ({n}: {found})")
    return found


def bolted_count(git: dict[str, Any], rules: RulesData) -> int:
    """How many of the git's first weapons are bolted on (a Chopper Arm, a Gun Arm each)."""
    rows = [r for r in treatment_rows(git, rules) if r.extra.get("weapon") or r.extra.get("loot_gun")]
    return min(len(rows), len(git.get("weapons", [])))


def bolt_on(git: dict[str, Any], weapon: str, rules: RulesData, fits: Fits, say: Say) -> None:
    """A weapon stuck to the git for good: it goes first in its weapons, and what no longer fits
    (hands, the weapon limit) comes off, last first. If even alone it cannot be carried (no
    weapons allowed at all), it is not."""
    others = list(git.get("weapons", []))
    git["weapons"] = [weapon, *others]
    keep = bolted_count(git, rules)
    while not fits() and len(git["weapons"]) > max(1, keep):
        lost = git["weapons"].pop()
        say(f"{git['name']} loses the {rules.weapons[lost].name} (no hand free)")
    if not fits():
        git["weapons"] = others
        say(f"{git['name']} cannot carry a {rules.weapons[weapon].name}")
        return
    say(f"{git['name']} has a {rules.weapons[weapon].name} bolted on for good")


def shed(git: dict[str, Any], keys: tuple[str, ...], rules: RulesData, fits: Fits, say: Say) -> None:
    """After a treatment or a repair, what the git (or its vehicle) can no longer carry comes off,
    the last taken first, until the gang keeps the rules of "Gather Your Gits" again (a treatment
    that leaves a git one hand fewer than its guns need would otherwise put an illegal gang on
    the table). Bolted-on weapons are first in the list, so they stay."""
    for key in keys:
        keep = bolted_count(git, rules) if key == "weapons" else 0
        while not fits() and len(git.get(key, [])) > keep:
            lost = git[key].pop()
            if key == "vehicle_weapons" and lost in git.get("pintle", []):
                git["pintle"].remove(lost)
            what = rules.weapons[lost].name if key in ("weapons", "vehicle_weapons") else lost
            say(f"{git['name']} can no longer carry the {what}: it comes off")
            if not git[key]:
                del git[key]
    for key in keys:  # (even a bolted-on weapon, if nothing else will do)
        if not fits() and git.get(key):
            say(f"{git['name']} can no longer carry {', '.join(git[key])}: they come off")
            del git[key]


def repaired(
    git: dict[str, Any], where: TableRow, row: TableRow, rules: RulesData, rng: Any, fits: Fits, say: Say
) -> None:
    """Apply a repair row (not a Write-off: the caller sells the vehicle for scrap or re-rolls):
    written down for its handler, and what it does once now (a Wrecked Weapon: "This vehicle
    loses a randomly selected weapon permanently"; a Mangled Chassis: guns need seats)."""
    git.setdefault("repairs", []).append(f"{where.result}: {row.result}")
    if row.extra.get("loses_vehicle_weapon") and git.get("vehicle_weapons"):
        pick = int(rng.integers(0, len(git["vehicle_weapons"])))  # "a randomly selected weapon"
        lost = git["vehicle_weapons"].pop(pick)
        if lost in git.get("pintle", []):
            git["pintle"].remove(lost)
        if not git["vehicle_weapons"]:
            del git["vehicle_weapons"]
        say(f"{git['name']}'s {rules.vehicles[git['vehicle']].name} loses its {rules.weapons[lost].name} for good")
    shed(git, ("vehicle_weapons", "mods"), rules, fits, say)

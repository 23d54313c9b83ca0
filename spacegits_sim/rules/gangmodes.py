"""Rolling a gang (rulebook: "Gather Your Gits" → Chef's Recommendation, Chaos Mode).

À la carte is the gang file itself. The other two modes roll one up from the tables in
``tables.yaml`` and ``injuries.yaml`` and write an ordinary gang file (``mode:`` says how it
was made) that a user can then edit and ``spacegits validate``:

* **Chef's Recommendation**: the boss buys naked gits; each (not the Animals: "Don't roll for
  loot or injuries for gnawballs and runts") makes two loot rolls and then automatically fails
  an injury roll — a diagnosis roll and a treatment roll (a D10, or a D6 for a third loot roll;
  "Dead" is re-rolled). Drivers instead roll twice on the vehicle weapon loot table.
* **Chaos Mode**: the naked gits too come from the Random Git table (drivers from the Random
  Vehicle table) until they cost 21 caps or more; then as the chef recommends.

Every roll is drawn from one seeded stream, so a seed always rolls the same gang, and the
``log`` says every roll in words. What the dice give that cannot be kept (a second copy of a
piece of gear, a third weapon with no pockets, loot a Stump leaves no hand for) is dropped and
said in ``notes``. A treatment or repair rolled here does what it does at the afterparty
(rules/treatments.py: a Gun Arm's gun, a Mechanical Respirator's attitude, a Concussion
Bandage's missed game — ``misses: 1``, the gang's first game); what lasts is simulated in the
games (rules/effects/lasting.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..data.dice import roll
from ..data.errors import DataError, Problem
from ..data.rules_data import RulesData
from ..rng import stream
from . import effects, treatments
from .gangs import GitSpec, gang_from_doc, validate_gang

CHAOS_NAKED_CAPS = 21  # "when you have 21 caps or more of naked gits, stop rolling for new gits"
WRITE_OFF = "Write-off"  # a repair result that is re-rolled when kitting out a chaos driver
DEAD = "Dead"  # a treatment result that is re-rolled when kitting out a git
LOOT_ROLLS = 2  # "Each git makes two loot rolls"
MAX_GITS = 40  # a bound on the chaos loop (21 caps of the cheapest git is 7)
FREE_FILL = ("pistol", "regular_h2h")  # "fill up their remaining allowance with 0-cost weapons"


def _problem(field_name: str, message: str) -> DataError:
    return DataError([Problem("gang", None, field_name, message)])


@dataclass
class RolledGang:
    doc: dict[str, Any]  # the gang file, ready to write
    log: list[str] = field(default_factory=list)  # every roll, in words
    notes: list[str] = field(default_factory=list)  # what was dropped or is not simulated yet


class _Roller:
    def __init__(self, rules: RulesData, seed: int, gamble: bool) -> None:
        self.rules = rules
        self.rng = stream(seed, "gang-builder")
        self.gamble = gamble
        self.log: list[str] = []
        self.notes: list[str] = []

    def on(self, table_id: str) -> Any:
        """Roll on a table; returns (roll, row)."""
        t = self.rules.tables[table_id]
        n = sum(roll(t.dice, self.rng))
        return n, t.lookup(n)

    # ---- the gits ------------------------------------------------------------------------------

    def chaos_gits(self) -> list[dict[str, Any]]:
        gits: list[dict[str, Any]] = []
        naked = 0
        while naked < CHAOS_NAKED_CAPS and len(gits) < MAX_GITS:
            n, row = self.on("random_git")
            gtype = str(row.ref).split("/", 1)[1]
            git: dict[str, Any] = {"type": gtype}
            cost = self.rules.gits[gtype].cost
            what = f"Random Git {n}: {row.result} ({cost})"
            if row.extra.get("driver"):
                vn, vrow = self.on("random_vehicle")
                vehicle = str(vrow.ref).split("/", 1)[1]
                git["vehicle"] = vehicle
                cost += self.rules.vehicles[vehicle].cost
                what += f", Random Vehicle {vn}: {vrow.result} ({self.rules.vehicles[vehicle].cost})"
            naked += cost
            gits.append(git)
            self.log.append(f"{what}; naked gits so far {naked} caps")
        return gits

    # ---- kitting a git out ---------------------------------------------------------------------

    def kit_out(self, git: dict[str, Any], name: str) -> None:
        spec = GitSpec(git["type"], name, (), ())
        if effects.arrives_naked(spec, self.rules):
            self.log.append(f"{name}: arrives naked (no loot, no injury)")
            return
        if git.get("vehicle"):
            self._driver(git, name)
            return
        git.setdefault("weapons", [])
        git.setdefault("gear", [])
        for _ in range(LOOT_ROLLS):  # "Each git makes two loot rolls … and then automatically fails an injury roll"
            self._loot(git, name)
        if self._treatment(git, name):
            self._loot(git, name)
        self._fill(git, name)
        self._gear_on(git, name)

    def _loot(self, git: dict[str, Any], name: str) -> None:
        n, row = self.on("loot")
        family, ident = str(row.ref).split("/", 1)
        self.log.append(f"{name}: loot {n:02d}: {row.result}")
        if family == "gear" and ident in git["gear"]:
            self.notes.append(f"{name}: a second {row.result} is dropped (each bit of fancy gear only once)")
            return
        slot = git["gear"] if family == "gear" else git["weapons"]
        slot.append(ident)
        if not self._fits(git, name):
            slot.pop()
            self.notes.append(f"{name}: cannot keep the {row.result} (weapons, hands or its type's rules): dropped")

    def _spec(self, git: dict[str, Any], name: str) -> GitSpec:
        return GitSpec(
            git["type"],
            name,
            tuple(git.get("weapons", ())),
            tuple(git.get("gear", ())),
            git.get("vehicle"),
            tuple(git.get("mods", ())),
            tuple(git.get("vehicle_weapons", ())),
            treatments=tuple(git.get("treatments", ())),  # a Stump has a hand fewer to carry loot with
            repairs=tuple(git.get("repairs", ())),
        )

    def _fits(self, git: dict[str, Any], name: str) -> bool:
        """The git can keep what it has (weapon count, hands, and its type's rules: a Downtrodden
        goblin keeps nothing worth more than a cap — it swaps it for a free weapon)."""
        spec = self._spec(git, name)
        if effects.gang_problems(spec, self.rules):
            return False
        if effects.weapons_counted(spec, self.rules) > effects.max_weapons(spec, self.rules):
            return False
        have = effects.hands_of(spec, self.rules)
        return all(effects.hands_needed(w, spec, self.rules) <= have for w in spec.weapons)

    def _fill(self, git: dict[str, Any], name: str) -> None:
        """Free weapons for an allowance the dice left empty: a gun if it has none, a blade if
        it has no fighting weapon, while they fit."""
        kinds = {self.rules.weapons[w].kind for w in git["weapons"]}
        for w in FREE_FILL:
            if self.rules.weapons[w].kind in kinds:
                continue
            git["weapons"].append(w)
            if self._fits(git, name):
                kinds.add(self.rules.weapons[w].kind)
                self.log.append(f"{name}: fills an empty hand with a free {self.rules.weapons[w].name}")
            else:
                git["weapons"].pop()

    def _gear_on(self, git: dict[str, Any], name: str) -> None:
        """Gear that sits on guns goes on the first guns it can; without enough guns it is dropped."""
        guns = [w for w in git["weapons"] if self.rules.weapons[w].kind == "shooting"]
        on: dict[str, Any] = {}
        for g in list(git["gear"]):
            k = effects.guns_gear_takes(g)
            if k == 0:
                continue
            if len(guns) < k:
                git["gear"].remove(g)
                self.notes.append(f"{name}: {self.rules.gear[g].name} needs {k} gun(s) and is dropped")
                continue
            on[g] = guns[0] if k == 1 else guns[:k]
        if on:
            git["gear_on"] = on

    def _say(self, line: str) -> None:
        self.log.append(line)

    def _treatment(self, git: dict[str, Any], name: str) -> bool:
        """The injury roll is failed: diagnosis, then treatment ("you can either roll a D6 or a D10.
        If you roll a D6 … then you can make a third loot roll"; "If you roll "Dead", re-roll").
        The treatment does what it does at A&E (rules/treatments.py): a Gun Arm's gun is rolled
        and bolted on, a Mechanical Respirator's attitude is gained, a Concussion Bandage misses
        the gang's first game. Returns whether a third loot roll is made."""
        dn, where = treatments.diagnose(git, self.rules, self.rng, self._say)
        table = self.rules.tables[str(where.extra["table"])]
        die = "D6" if self.gamble else "D10"
        for _ in range(50):
            n, row = treatments.roll_treatment(git, table, die, self.rng, self._say)
            if row.result != DEAD:
                break
            self.log.append(f"{name}: treatment {n}: {DEAD} — re-rolled")
        self.log.append(f"{name}: diagnosis {dn}: {where.result}; treatment ({die}) {n}: {row.result}")
        got = treatments.treat(git, where, row, self.rules, self.rng, lambda: self._fits(git, name), self._say)
        git.setdefault("weapons", [])  # (what came off may have emptied them)
        git.setdefault("gear", [])
        if got.attitude:
            git["attitude"] = int(git.get("attitude", 1)) + got.attitude
        if got.misses:
            git["misses"] = max(int(git.get("misses", 0)), got.misses)
        return self.gamble

    def _driver(self, git: dict[str, Any], name: str) -> None:
        """ "Each driver rolls twice on the vehicle weapon loot table … and then automatically fails
        an inspection roll, requiring them to make location and repair rolls" (guns up to the
        seats); their own hands are filled with free weapons, as a git's who rolled none."""
        git.setdefault("vehicle_weapons", [])
        git.setdefault("mods", [])
        git.setdefault("weapons", [])
        git.setdefault("gear", [])
        for _ in range(LOOT_ROLLS):
            self._vehicle_loot(git, name)
        if self._repair(git, name):
            self._vehicle_loot(git, name)
        self._fill(git, name)
        for key in ("vehicle_weapons", "mods", "gear"):
            if not git.get(key):
                git.pop(key, None)

    def _vehicle_loot(self, git: dict[str, Any], name: str) -> None:
        vehicle = self.rules.vehicles[git["vehicle"]]
        n, row = self.on("vehicle_weapon_loot")
        family, ident = str(row.ref).split("/", 1)
        self.log.append(f"{name}: vehicle weapon loot {n}: {row.result}")
        slot = git.setdefault("vehicle_weapons" if family == "weapons" else "mods", [])
        full = family == "weapons" and len(slot) >= vehicle.seats
        if full or (family == "vehicle_mods" and ident in slot):
            self.notes.append(f"{name}: no room on the {vehicle.name} for the {row.result}: dropped")
            return
        slot.append(ident)
        if not self._fits(git, name):
            slot.pop()
            self.notes.append(f"{name}: cannot keep the {row.result} (its type's rules): dropped")

    def _repair(self, git: dict[str, Any], name: str) -> bool:
        """ "Automatically fails an inspection roll, requiring them to make location and repair
        rolls … either a D6 or a D10. If you roll a D6, then you can make a third vehicle loot roll.
        If you roll "Write-off", re-roll." The repair does what it does at Krankshaft's (a Wrecked
        Weapon loses a randomly selected gun). Returns whether a third vehicle loot roll is made."""
        ln, where = self.on("location")
        table = self.rules.tables[str(where.extra["table"])]
        die = "D6" if self.gamble else "D10"
        for _ in range(50):
            n = roll(die, self.rng)[0]
            row = table.lookup(n)
            if row.result != WRITE_OFF:
                break
            self.log.append(f"{name}: repair {n}: {WRITE_OFF} — re-rolled")
        self.log.append(f"{name}: inspection failed; location {ln}: {where.result}; repair ({die}) {n}: {row.result}")
        treatments.repaired(git, where, row, self.rules, self.rng, lambda: self._fits(git, name), self._say)
        return self.gamble


def roll_gang(
    rules: RulesData,
    seed: int,
    mode: str,
    gits: list[str] | None = None,
    name: str | None = None,
    faction: str | None = None,
    gamble: bool = False,
    budget: int | None = None,
) -> RolledGang:
    """Roll a gang: ``mode`` "chaos" (random gits) or "chefs_recommendation" (``gits``: the naked
    git types bought, a driver as ``type:vehicle``). ``faction``: an id, "random", or None.
    ``gamble``: treatments on a D6 for a third loot roll. ``budget``: what the naked gits may cost
    (25 unless the game is bigger). Raises DataError for a request that cannot be met."""
    r = _Roller(rules, seed, gamble)
    if mode == "chaos":
        doc_gits = r.chaos_gits()
    elif mode == "chefs_recommendation":
        if not gits:
            raise _problem("gits", "chef's recommendation needs the naked gits you buy, e.g. orc,orc,goblin")
        doc_gits = []
        for g in gits:  # "You can buy vehicles for your gits": orc or orc:buggy
            gtype, _, vehicle = g.partition(":")
            if gtype not in rules.gits:
                raise _problem("gits", f"unknown git type '{gtype}' (valid: {', '.join(rules.gits)})")
            if vehicle and vehicle not in rules.vehicles:
                raise _problem("gits", f"unknown vehicle '{vehicle}' in '{g}' (valid: {', '.join(rules.vehicles)})")
            if vehicle and not rules.gits[gtype].drives:
                raise _problem("gits", f"a {rules.gits[gtype].name} cannot drive ('{g}')")
            doc_gits.append({"type": gtype, **({"vehicle": vehicle} if vehicle else {})})
    else:
        raise _problem("mode", f"unknown mode '{mode}' (valid: chaos, chefs_recommendation)")
    for i, git in enumerate(doc_gits):
        git["name"] = f"{rules.gits[git['type']].name} {i + 1}"
        r.kit_out(git, git["name"])
    doc: dict[str, Any] = {"name": name or f"Rolled gang {seed}", "mode": mode, "gits": doc_gits}
    if faction == "random":
        ids = list(rules.factions)
        faction = ids[int(r.rng.integers(0, len(ids)))]
        r.log.append(f"faction (random): {rules.factions[faction].name}")
    if faction is not None:
        if faction not in rules.factions:
            raise _problem("faction", f"unknown faction '{faction}' (valid: random, {', '.join(rules.factions)})")
        doc["faction"] = faction
    gang = gang_from_doc(doc, "<rolled gang>", rules)  # the result must be a legal gang file
    problems = validate_gang(gang, rules, budget)
    if problems:
        raise DataError(problems)
    return RolledGang(doc, r.log, r.notes)

"""Gangs: loading a gang YAML and checking it against "Gather Your Gits" (à la carte).

A gang file::

    name: Da Red Ladz
    faction: city_boys          # optional
    gits:
      - {type: orc, name: Grunk, weapons: [pistol, regular_h2h], gear: [cans]}
      - {type: goblin, name: Snit, weapons: [pistol], vehicle: buggy, passengers: [Grunk]}

Validation reports every problem at once (budget, weapon count, hands, Animal, Downtrodden,
duplicate gear, drivers, passengers…), each naming the git and the field.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..data.errors import DataError, Problem, short
from ..data.rules_data import RulesData
from ..data.yamlio import read_yaml
from . import effects
from .pieces import Gang as Gang  # (re-exported: their old home)
from .pieces import GitSpec as GitSpec

DEFAULT_BUDGET = 25
_GIT_KEYS = {
    "type",
    "name",
    "weapons",
    "gear",
    "gear_on",
    "vehicle",
    "mods",
    "vehicle_weapons",
    "pintle",
    "treatments",
    "repairs",
    "attitude",
    "misses",
    "passengers",
}
MAX_ATTITUDE = 100
MAX_MISSES = 10
MODES = ("a_la_carte", "chefs_recommendation", "chaos", "campaign")  # "There are 3 ways to build a gang";
# a campaign gang is one of them after games and shopping: what it owns is what it bought, no budget applies


def _as_ids(value: Any, label: str, entry: str, field: str, problems: list[Problem]) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem(label, entry, field, f"expected a list of ids, got {short(value)}"))
        return ()
    return tuple(value)


def _gear_on(
    value: Any,
    weapons: tuple[str, ...],
    gear: tuple[str, ...],
    rules: RulesData,
    label: str,
    entry: str,
    problems: list[Problem],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Which guns each piece of gun gear is on: one gun for Overly Long Gun Barrel and
    Oversized Gun (``gear_on: {oversized_gun: rifle}``), two for a Kitbashed Weapon
    (``gear_on: {kitbashed_weapon: [pistol, smg]}``). Not needed when the git carries exactly
    that many guns. One problem per mistake, naming the field and the valid choices."""
    guns = [w for w in weapons if w in rules.weapons and rules.weapons[w].kind == "shooting"]
    on_guns = {x: effects.guns_gear_takes(x) for x in gear if effects.guns_gear_takes(x)}
    named: dict[str, tuple[str, ...]] = {}
    if value is not None:
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and (isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v)))
            for k, v in value.items()
        ):
            problems.append(
                Problem(
                    label, entry, "gear_on", f"expected a mapping like {{oversized_gun: rifle}}, got {short(value)}"
                )
            )
            return ()
        for k, v in value.items():
            chosen = (v,) if isinstance(v, str) else tuple(v)
            if k not in on_guns:
                fits = ", ".join(on_guns) or "none carried"
                problems.append(Problem(label, entry, "gear_on", f"'{k}' is not this git's gun gear (that is: {fits})"))
            elif len(chosen) != on_guns[k] or len(set(chosen)) != len(chosen):
                problems.append(
                    Problem(label, entry, "gear_on", f"'{k}' goes on {on_guns[k]} different gun(s), got {short(v)}")
                )
            elif any(w not in guns for w in chosen):
                bad = next(w for w in chosen if w not in guns)
                problems.append(
                    Problem(
                        label,
                        entry,
                        "gear_on",
                        f"'{k}' on '{bad}': not a gun this git carries (guns: {', '.join(guns) or 'none'})",
                    )
                )
            else:
                named[k] = chosen
    for x, n in on_guns.items():
        if x in named:
            continue
        if len(guns) == n:
            named[x] = tuple(guns)
        elif len(guns) < n:
            problems.append(Problem(label, entry, "gear", f"'{x}' goes on {n} gun(s); this git carries {len(guns)}"))
        else:
            example = guns[0] if n == 1 else "[" + ", ".join(guns[:n]) + "]"
            problems.append(
                Problem(
                    label,
                    entry,
                    "gear_on",
                    f"say which gun(s) '{x}' is on: gear_on: {{{x}: {example}}} (guns: {', '.join(guns)})",
                )
            )
    return tuple(sorted(named.items()))


def valid_ids(word: str, ids: Any) -> str:
    """ "(did you mean 'rifle'? valid: a, b, c)": the nearest id to a misspelt one, then them all."""
    names = [str(i) for i in ids]
    near = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    return f"({f'did you mean {near[0]!r}? ' if near else ''}valid: {', '.join(names)})"


def gang_from_doc(doc: Any, label: str, rules: RulesData) -> Gang:
    """Parse a gang mapping (from a file, or inline in a scenario). Raises DataError."""
    problems: list[Problem] = []
    if not isinstance(doc, dict):
        raise DataError([Problem(label, None, None, "a gang is a mapping with 'name' and 'gits'")])
    for key in doc:
        if key not in ("name", "gits", "faction", "mode"):
            problems.append(Problem(label, None, str(key), "unknown key (valid keys: faction, gits, mode, name)"))
    mode = doc.get("mode", "a_la_carte")
    if mode not in MODES:
        problems.append(Problem(label, None, "mode", f"unknown mode {short(mode)} (valid: {', '.join(MODES)})"))
        mode = "a_la_carte"
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(label, None, "name", "a gang needs a name"))
        name = "?"
    faction = doc.get("faction")
    if faction is not None and (not isinstance(faction, str) or faction not in rules.factions):
        problems.append(
            Problem(label, None, "faction", f"unknown faction '{faction}' (valid: {', '.join(rules.factions)})")
        )
    gits_raw = doc.get("gits")
    gits: list[GitSpec] = []
    entries: list[str] = []  # each parsed git's entry, as problems name it
    if not isinstance(gits_raw, list) or not gits_raw:
        problems.append(Problem(label, None, "gits", "a gang needs a list of at least one git"))
        gits_raw = []
    for i, g in enumerate(gits_raw):
        entry = f"git #{i + 1}" + (f" '{g.get('name')}'" if isinstance(g, dict) and g.get("name") else "")
        if not isinstance(g, dict):
            problems.append(Problem(label, entry, None, "expected a mapping like {type: orc, name: Grunk}"))
            continue
        for key in g:
            if key not in _GIT_KEYS:
                problems.append(
                    Problem(label, entry, str(key), f"unknown key (valid keys: {', '.join(sorted(_GIT_KEYS))})")
                )
        gtype = g.get("type")
        if not isinstance(gtype, str) or gtype not in rules.gits:
            problems.append(
                Problem(label, entry, "type", f"unknown git type {short(gtype)} (valid: {', '.join(rules.gits)})")
            )
            continue
        gname = g.get("name") or f"{rules.gits[gtype].name} {i + 1}"
        if not isinstance(gname, str):
            problems.append(Problem(label, entry, "name", f"expected text, got {short(gname)}"))
            gname = str(gname)
        weapons = _as_ids(g.get("weapons"), label, entry, "weapons", problems)
        gear = _as_ids(g.get("gear"), label, entry, "gear", problems)
        vehicle = g.get("vehicle")
        mods = _as_ids(g.get("mods"), label, entry, "mods", problems)
        vweapons = _as_ids(g.get("vehicle_weapons"), label, entry, "vehicle_weapons", problems)
        pintle = _as_ids(g.get("pintle"), label, entry, "pintle", problems)
        for w in pintle:
            if w not in vweapons:
                problems.append(Problem(label, entry, "pintle", f"'{w}' is not one of this vehicle's vehicle_weapons"))
        for w in weapons + vweapons:
            if w not in rules.weapons:
                problems.append(Problem(label, entry, "weapons", f"unknown weapon '{w}' {valid_ids(w, rules.weapons)}"))
        for it in gear:
            if it not in rules.gear:
                problems.append(Problem(label, entry, "gear", f"unknown gear '{it}' {valid_ids(it, rules.gear)}"))
        if vehicle is not None and (not isinstance(vehicle, str) or vehicle not in rules.vehicles):
            problems.append(
                Problem(
                    label, entry, "vehicle", f"unknown vehicle {short(vehicle)} (valid: {', '.join(rules.vehicles)})"
                )
            )
        for m in mods:
            if m not in rules.vehicle_mods:
                problems.append(
                    Problem(label, entry, "mods", f"unknown vehicle mod '{m}' {valid_ids(m, rules.vehicle_mods)}")
                )
        gear_on = _gear_on(g.get("gear_on"), weapons, gear, rules, label, entry, problems)
        treatments = _as_ids(g.get("treatments"), label, entry, "treatments", problems)
        for t in treatments:
            why = treatment_problem(t, rules)
            if why:
                problems.append(Problem(label, entry, "treatments", why))
        repairs = _as_ids(g.get("repairs"), label, entry, "repairs", problems)
        for t in repairs:
            why = repair_problem(t, rules)
            if why:
                problems.append(Problem(label, entry, "repairs", why))
        if repairs and vehicle is None:
            problems.append(Problem(label, entry, "repairs", "repairs are a vehicle's: this git has none"))
        attitude = g.get("attitude", 1)
        if isinstance(attitude, bool) or not isinstance(attitude, int) or not 1 <= attitude <= MAX_ATTITUDE:
            problems.append(
                Problem(label, entry, "attitude", f"a whole number 1-{MAX_ATTITUDE}, got {short(attitude)}")
            )
            attitude = 1
        passengers = _as_ids(g.get("passengers"), label, entry, "passengers", problems)
        misses = g.get("misses", 0)
        if isinstance(misses, bool) or not isinstance(misses, int) or not 0 <= misses <= MAX_MISSES:
            problems.append(Problem(label, entry, "misses", f"games to miss, 0-{MAX_MISSES}, got {short(misses)}"))
            misses = 0
        gits.append(
            GitSpec(
                gtype,
                gname,
                weapons,
                gear,
                vehicle,
                mods,
                vweapons,
                gear_on,
                treatments,
                pintle,
                repairs,
                attitude,
                misses,
                passengers,
            )
        )
        entries.append(entry)
    problems += passenger_problems(gits, rules, label, entries)
    if problems:
        raise DataError(problems)
    gang = Gang(str(name), tuple(gits), faction, label, mode=str(mode))
    return Gang(gang.name, gang.gits, gang.faction, label, gang_cost(gang, rules), str(mode))


def seating(
    gits: Sequence[GitSpec], rules: RulesData
) -> tuple[dict[int, list[str]], list[tuple[int, str | None, str, str]]]:
    """Who each driver seats at the start ("If the vehicle has more than one seat, you can put
    some other of your gits in the vehicle too as passengers"): the names seated per driver's
    index, in order, and the refusals: (the driver's index, the name, or None for the whole list,
    why, and the valid names). A name is refused if it is no git of the gang, may not board at all
    (:func:`effects.boarding_refusal`, the very check of boarding in play), is seated already, or
    finds no seat left (the vehicle's seats as its mods and repairs leave them, less the
    driver's). The gang check and a campaign's tidying of stale names both read it."""
    by_name = {g.name: g for g in gits}
    may = [g.name for g in gits if effects.boarding_refusal(g, rules) is None]
    taken: dict[str, str] = {}  # passenger -> the driver who seats them
    seated: dict[int, list[str]] = {}
    out: list[tuple[int, str | None, str, str]] = []
    for i, d in enumerate(gits):
        if not d.passengers:
            continue
        if d.vehicle is None:
            drivers = ", ".join(g.name for g in gits if g.vehicle) or "none in this gang"
            out.append(
                (i, None, "passengers ride in the git's own vehicle and this git has none", f"(drivers: {drivers})")
            )
            continue
        vt = rules.vehicles[d.vehicle]
        free = effects.spec_seats(vt.seats, vt.special, d.mods, d.repairs) - 1
        if free < 1:
            out.append((i, None, f"a {vt.name} seats its driver only", "(valid: no passengers)"))
            continue
        valid = f"(valid: up to {free} of {', '.join(may) or 'nobody: no git of this gang may board'})"
        mine = seated.setdefault(i, [])
        for name in d.passengers:
            g = by_name.get(name)
            if g is None:
                out.append((i, name, f"'{name}' is not a git of this gang", valid_ids(name, may) if may else valid))
            elif sum(1 for x in gits if x.name == name) > 1:
                out.append((i, name, f"two gits are called '{name}': name them apart to seat one", valid))
            elif name == d.name:
                out.append((i, name, f"'{name}' is the driver, already in the first seat", valid))
            elif (why := effects.boarding_refusal(g, rules)) is not None:
                out.append((i, name, why, valid))
            elif name in taken:
                where = "twice here" if taken[name] == d.name else f"already aboard {taken[name]}'s vehicle"
                out.append((i, name, f"'{name}' is seated {where}: a git rides in one seat", valid))
            elif len(mine) >= free:
                out.append(
                    (i, name, f"no seat left for '{name}': a {vt.name} seats {free + 1}, the driver's included", valid)
                )
            else:
                taken[name] = d.name
                mine.append(name)
    return seated, out


def passenger_problems(gits: Sequence[GitSpec], rules: RulesData, label: str, entries: Sequence[str]) -> list[Problem]:
    """:func:`seating`'s refusals as problems naming file, entry, field and the valid names."""
    return [Problem(label, entries[i], "passengers", f"{why} {valid}") for i, _n, why, valid in seating(gits, rules)[1]]


def drop_stale_passengers(doc: dict[str, Any], rules: RulesData) -> list[str]:
    """Take out of a gang document's ``passengers`` every name :func:`seating` refuses now (a
    passenger dead or fired, a vehicle written off, a seat lost to a Mangled Chassis, a passenger
    who bought a vehicle of their own), so a campaign's gang stays a valid gang file. Changes
    ``doc`` in place; returns one line per name set down."""
    raw = [g for g in doc.get("gits", []) if isinstance(g, dict)]
    if not any(g.get("passengers") for g in raw):
        return []
    bare = {**doc, "gits": [{k: v for k, v in g.items() if k != "passengers"} for g in raw]}
    specs = [
        replace(spec, passengers=tuple(g.get("passengers") or ()))
        for spec, g in zip(gang_from_doc(bare, "<passengers>", rules).gits, raw, strict=True)
    ]
    seated, refused = seating(specs, rules)
    lines = [
        f"{', '.join(specs[i].passengers)} will go on foot, not aboard {raw[i]['name']}'s vehicle: {why}"
        if name is None
        else f"{name} no longer rides with {raw[i]['name']}: {why}"
        for i, name, why, _valid in refused
    ]
    for i, g in enumerate(raw):
        if g.get("passengers"):
            if seated.get(i):
                g["passengers"] = list(seated[i])
            else:
                del g["passengers"]
    return lines


TREATMENT_TABLES = ("head_treatment", "arm_treatment", "leg_treatment", "body_treatment")


def treatment_problem(text: str, rules: RulesData) -> str | None:
    """Why "Location: Treatment" names no row of the A&E tables (None: it does)."""
    return _two_table_problem(text, rules, "diagnosis", "Treatment")


def repair_problem(text: str, rules: RulesData) -> str | None:
    """Why "Location: Repair" names no row of Krankshaft's tables (None: it does)."""
    return _two_table_problem(text, rules, "location", "Repair")


def _two_table_problem(text: str, rules: RulesData, index: str, what_name: str) -> str | None:
    """A "Location: Result" pair: the location a row of table ``index``, the result a row of the
    table that location names."""
    where, _, what = text.partition(":")
    locations = {r.result: str(r.extra.get("table", "")) for r in rules.tables[index].rows}
    if where.strip() not in locations:
        return f"'{text}': expected 'Location: {what_name}' with a location of {', '.join(locations)}"
    table = rules.tables.get(locations[where.strip()])
    names = [r.result for r in table.rows if not r.extra.get("ends")] if table is not None else []
    if what.strip() not in names:
        return (
            f"'{text}': no {what_name.lower()} '{what.strip()}' a model can play with on the {where.strip()} "
            f"table (valid: {', '.join(names)})"
        )
    return None


def load_gang(path: Path | str, rules: RulesData) -> Gang:
    return gang_from_doc(read_yaml(path), str(path), rules)


def git_cost(g: GitSpec, rules: RulesData) -> int:
    cost = rules.gits[g.type].cost
    cost += sum(rules.weapons[w].cost for w in g.weapons)
    cost += sum(rules.gear[x].cost for x in g.gear)
    if g.vehicle:
        cost += rules.vehicles[g.vehicle].cost
        cost += sum(rules.vehicle_mods[m].cost for m in g.mods)
        vw = [rules.weapons[w].cost for w in g.vehicle_weapons]
        if vw:  # "The first weapon you buy for each vehicle is discounted by 2 caps, to a minimum of 0"
            vw[0] = max(0, vw[0] - 2)
        cost += sum(vw)
    return cost


def gang_cost(gang: Gang, rules: RulesData) -> int:
    return sum(git_cost(g, rules) for g in gang.gits)


def hands_of(g: GitSpec, rules: RulesData) -> int:
    """Two hands, as the git's effects change them (rulebook: Fancy Gear)."""
    return effects.hands_of(g, rules)


def hands_needed(weapon_id: str, g: GitSpec, rules: RulesData) -> int:
    """Hands a weapon takes for this git (Strong holds a 2-handed weapon in one hand)."""
    return effects.hands_needed(weapon_id, g, rules)


def validate_gang(gang: Gang, rules: RulesData, budget: int | None = None) -> list[Problem]:
    """Every way this gang breaks "Gather Your Gits" (à la carte), all at once."""
    budget = DEFAULT_BUDGET if budget is None else budget
    problems: list[Problem] = []
    label = gang.source
    for i, g in enumerate(gang.gits):
        entry = f"git #{i + 1} '{g.name}'"
        gt = rules.gits[g.type]
        max_weapons = effects.max_weapons(g, rules)
        counted = effects.weapons_counted(g, rules)
        if counted > max_weapons:
            pair = " (combined weapons count once)" if counted < len(g.weapons) else ""
            problems.append(
                Problem(label, entry, "weapons", f"carries {counted} weapons{pair}; a git can have up to {max_weapons}")
            )
        for w in g.weapons:
            if rules.weapons[w].innate:
                problems.append(
                    Problem(label, entry, "weapons", f"'{w}' is not bought: every git (or this type) has it")
                )
            need, have = hands_needed(w, g, rules), hands_of(g, rules)
            if need > have:
                problems.append(Problem(label, entry, "weapons", f"'{w}' needs {need} hands; this git has {have}"))
        for fld, msg in effects.gang_problems(g, rules):
            problems.append(Problem(label, entry, fld, msg))
        dupes = sorted({x for x in g.gear if g.gear.count(x) > 1})
        for d in dupes:
            problems.append(
                Problem(label, entry, "gear", f"'{d}' twice: a git can have each bit of fancy gear only once")
            )
        if g.vehicle is not None and not gt.drives:
            drivers = " and ".join(t.name.lower() + "s" for t in rules.gits.values() if t.drives)
            problems.append(Problem(label, entry, "vehicle", f"a {gt.name} cannot drive; only {drivers} can"))
        if (g.mods or g.vehicle_weapons) and g.vehicle is None:
            problems.append(
                Problem(label, entry, "mods", "vehicle mods and weapons need a vehicle (a vehicle needs a driver)")
            )
        if g.vehicle is not None:
            # "A vehicle can have as many guns as it has seats": seats its mods and repairs add
            # count (Extra Seats); a seat lost later (Mangled Chassis) does not unbolt a gun
            vt = rules.vehicles[g.vehicle]
            seats = max(vt.seats, effects.spec_seats(vt.seats, vt.special, g.mods, g.repairs))
            if len(g.vehicle_weapons) > seats:
                problems.append(
                    Problem(label, entry, "vehicle_weapons", f"a vehicle can have as many guns as seats ({seats})")
                )
            dm = sorted({m for m in g.mods if g.mods.count(m) > 1})
            for m in dm:
                problems.append(Problem(label, entry, "mods", f"'{m}' twice: the same mod only once per vehicle"))
            for w in g.vehicle_weapons:
                if rules.weapons[w].kind != "shooting":
                    problems.append(
                        Problem(
                            label, entry, "vehicle_weapons", f"'{w}' is a fighting weapon; only guns can be bolted on"
                        )
                    )
    if gang.gits and all(g.misses for g in gang.gits):
        problems.append(Problem(label, None, "gits", "every git misses the next game (misses): nobody to field"))
    if gang.mode == "a_la_carte":
        total = gang_cost(gang, rules)
        if total > budget:
            problems.append(Problem(label, None, "gits", f"the gang costs {total} caps; the budget is {budget}"))
    elif gang.mode == "chefs_recommendation":  # "Buy 25 caps worth of naked gits"; the loot is free
        naked = gang.naked_cost(rules)
        if naked > budget:
            problems.append(Problem(label, None, "gits", f"the naked gits cost {naked} caps; the budget is {budget}"))
    return problems  # chaos: whatever the dice gave


def unchecked(gang: Gang) -> list[Problem]:
    """What :func:`validate_gang` cannot check for the gang's mode, said aloud (never a silent
    "ok"): a file cannot prove what dice rolled. Chef's recommendation: the naked gits are
    checked against the budget, but their weapons, gear, vehicle guns, treatments and repairs
    "are rolled up randomly" — whatever the file lists is taken as rolled. Chaos: the gits
    themselves are rolled too ("when you have 21 caps or more of naked gits, stop"), so neither
    the budget nor the kit is checked. Campaign: what the gang bought and earned is the
    campaign's business (a campaign gang has no budget)."""
    kit = sum(
        len(g.weapons) + len(g.gear) + len(g.vehicle_weapons) + len(g.treatments) + len(g.repairs) for g in gang.gits
    )
    listed = f"its {kit} weapons, gear, vehicle guns, treatments and repairs are taken as rolled"
    if gang.mode == "chefs_recommendation" and kit:
        why = f"a chef's recommendation gang's kit is rolled up randomly: {listed}, not checked"
    elif gang.mode == "chaos":
        why = f"a chaos gang is rolled (gits and kit): its {gang.cost} caps are not checked against the budget" + (
            f", and {listed}" if kit else ""
        )
    elif gang.mode == "campaign":
        why = f"a campaign gang's cost ({gang.cost} caps) is the campaign's business: not checked against the budget"
    else:
        return []
    return [Problem(gang.source, None, "mode", why)]


def unsimulated(gang: Gang, rules: RulesData) -> list[Problem]:
    """Every id this gang names that the engine does not simulate yet (never a silent "ok")."""
    out: list[Problem] = []
    for i, g in enumerate(gang.gits):
        entry = f"git #{i + 1} '{g.name}'"
        for fld, ident, why in effects.unimplemented(g, rules):
            out.append(Problem(gang.source, entry, fld, f"'{ident}' is not simulated yet ({why})"))
    if gang.faction is not None:
        rid = rules.factions[gang.faction].rule_id
        if not effects.is_implemented("factions", rid):
            out.append(Problem(gang.source, None, "faction", f"'{gang.faction}' ({rid}) is not simulated yet"))
    return out

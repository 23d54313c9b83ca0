"""The afterparty (rulebook: "The Afterparty"), step by step in the rulebook's order, driven by the
game's event log (nothing counted twice by hand): Check Your Sums, Criminal Records and attitude,
Accident & Emergency, Krankshaft's Auto Repairs, what the gang owns that pays between games (a
Gory Trophy Rack), and Pop to the Shops (``shops.py``).

It is a flow like the match: a generator that yields the boss's decisions
(:mod:`.decisions`) and is sent the answers, so an AI boss (:mod:`.bosses`) and a human at a
prompt play it alike. :func:`run` drives it. Every roll comes from the campaign's seeded streams.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from ..data.dice import roll
from ..data.rules_data import RulesData, TableRow
from ..rng import stream
from ..rules import effects
from ..rules import events as ev
from ..rules.decisions import Request
from ..rules.gangmodes import NO_TREATMENT, WRITE_OFF
from ..rules.gangs import gang_from_doc
from .decisions import EraseOffenses, RepairJob
from .shops import fits, gunnocks, stray, trucknuts
from .state import DEAD, OFFENSE_NAMES, OFFENSES, QUICK_MATHS_MAX, Campaign, GangState

Flow = Generator[Request, Any, None]
Answer = Callable[[Request], Any]


def run(flow: Generator[Request, Any, Any], answer: Answer) -> Any:
    """Drive a flow to its end: each request goes to ``answer``, which must give a legal option
    (an illegal one raises :class:`~spacegits_sim.rules.decisions.IllegalDecision` and changes
    nothing). Returns the flow's result."""
    try:
        req = next(flow)
        while True:
            req = flow.send(req.check(answer(req)))
    except StopIteration as stop:
        return stop.value


@dataclass
class GameFacts:
    """What each git did in one game, read from its event log alone."""

    offenses: dict[str, set[str]] = field(default_factory=dict)  # model id -> offenses
    injured: set[str] = field(default_factory=set)  # fallen when removed from play
    wrecked: set[str] = field(default_factory=set)  # drivers whose vehicle was wrecked
    run_over: dict[str, int] = field(default_factory=dict)  # driver -> fallen enemy gits run over
    fell: dict[str, int] = field(default_factory=dict)  # model id -> times its tower fell and it fell over
    shots: dict[str, int] = field(default_factory=dict)  # model id -> shoot actions (aboard: the driver's)
    names: dict[str, str] = field(default_factory=dict)
    boss_of: dict[str, int] = field(default_factory=dict)


def read_game(events: list[ev.Event]) -> GameFacts:
    """Criminal records and injuries, from the events: Assault (damaged an enemy with a thump),
    Dangerous Driving (drove a vehicle that damaged an enemy model), Looting (looted a cap from
    the table, on foot or driving), Mugging (took a cap from an enemy with a pinch or a boot),
    Discharging a Firearm in a Public Place (took a shoot action; aboard, the driver answers for
    the vehicle's), Evading Arrest (standing when the gang legged it); injured: fallen when
    removed from play (legged it, taken out, or on the table at the end)."""
    f = GameFacts()
    start = next(e for e in events if isinstance(e, ev.MatchStarted))
    driver: dict[str, str] = {}
    for mdoc in start.models:
        f.names[mdoc["id"]] = mdoc["name"]
        f.boss_of[mdoc["id"]] = mdoc["boss"]
        if mdoc.get("crew"):
            driver[mdoc["id"]] = mdoc["crew"][0]
    bosses = [b["name"] for b in start.bosses]
    fallen: set[str] = set()
    in_play: set[str] = set()

    def tick(model: str, offense: str) -> None:
        who = driver.get(model, model)
        f.offenses.setdefault(who, set()).add(offense)

    def enemies(a: str, b: str) -> bool:
        return a in f.boss_of and b in f.boss_of and f.boss_of[a] != f.boss_of[b]

    for e in events:
        if isinstance(e, ev.Deployed):
            in_play.add(e.model)
        elif isinstance(e, ev.Alighted):
            in_play.add(e.model)
        elif isinstance(e, ev.Boarded):
            in_play.discard(e.model)
        elif isinstance(e, ev.TowerFell) and e.outcome == "fell_over":
            fallen.add(e.model)
            f.fell[e.model] = f.fell.get(e.model, 0) + 1
        elif isinstance(e, ev.StoodUp):
            fallen.discard(e.model)
        elif isinstance(e, ev.Thumped) and e.damage > 0 and enemies(e.model, e.target):
            tick(e.model, "assault")
        elif isinstance(e, ev.Smashed) and e.damage > 0 and enemies(e.model, e.target) and e.model in driver:
            tick(e.model, "dangerous_driving")
        elif isinstance(e, ev.CapLooted):
            tick(e.model, "looting")
        elif isinstance(e, ev.Pinched) and e.model in driver and enemies(e.model, e.target):
            who = driver[e.model]  # a vehicle ran a fallen enemy git over (a Gory Trophy Rack pays)
            f.run_over[who] = f.run_over.get(who, 0) + 1
        elif isinstance(e, ev.Pinched) and e.caps > 0 and e.model not in driver:
            tick(e.model, "mugging")
        elif isinstance(e, ev.Booted) and e.how == "boot_in" and e.caps > 0:
            tick(e.model, "mugging")
        elif isinstance(e, ev.ActionTaken) and e.action == "shoot":
            tick(e.model, "discharging_a_firearm")
            who = driver.get(e.model, e.model)
            f.shots[who] = f.shots.get(who, 0) + 1
        elif isinstance(e, ev.Wrecked) and e.model in driver:
            f.wrecked.add(driver[e.model])
        elif isinstance(e, ev.ModelRemoved):
            if e.model in fallen:
                f.injured.add(e.model)
            in_play.discard(e.model)
        elif isinstance(e, ev.LeggedIt):
            b = bosses.index(e.boss)
            for mid in list(e.replaced) + list(e.removed):
                if mid in fallen:
                    f.injured.add(mid)
                elif f.boss_of.get(mid) == b:
                    tick(mid, "evading_arrest")
                in_play.discard(mid)
        elif isinstance(e, ev.CapsScooped):  # the last boss standing: its gits leave the table now
            b = bosses.index(e.boss)
            for mid in [m for m in in_play if f.boss_of.get(m) == b]:
                if mid in fallen:
                    f.injured.add(mid)
                in_play.discard(mid)
    return f


def afterparty(
    c: Campaign, events: list[ev.Event], rules: RulesData, n: int, log: list[str] | None = None
) -> Generator[Request, Any, list[str]]:
    """The afterparty's steps in the rulebook's order. Returns what happened, line by line.

    ``log``: a list the lines are appended to as they happen (a window shows each roll before
    the next decision it asks); the same list is returned."""
    rng = stream(c.seed, f"campaign/afterparty/{n}")
    log = [] if log is None else log
    facts = read_game(events)
    top = max(g.reputation() for g in c.gangs)  # "the highest reputation in this game"
    for g in c.gangs:  # 1. Check Your Sums
        k = min(g.stash, QUICK_MATHS_MAX)
        rolls = [int(x) for x in rng.integers(1, 7, size=k)] if k else []
        sixes = rolls.count(6)
        rich = top - g.reputation()
        g.stash += sixes + rich
        log.append(f"{g.boss}: Quick Maths {rolls or 'no caps, no dice'}: +{sixes}; Rich Pickings +{rich}")
    for gi, g in enumerate(c.gangs):  # 2. Criminal Records, and attitude
        yield from records(gi, g, facts, rules, rng, log)
    for gi, g in enumerate(c.gangs):  # 3. Accident & Emergency
        for mid in sorted(facts.injured):
            name = facts.names.get(mid)
            if facts.boss_of.get(mid) == gi and name in g.gits:
                injury(g, name, rules, rng, log)
    for gi, g in enumerate(c.gangs):  # 4. Krankshaft's Auto Repairs
        for mid in sorted(facts.wrecked):
            name = facts.names.get(mid)
            if facts.boss_of.get(mid) == gi and name in g.gits:
                yield from repair(gi, g, name, rules, rng, log)
    for gi, g in enumerate(c.gangs):  # what the gang owns that pays between games: a Gory Trophy Rack
        trophies(gi, g, facts, rules, log)
    for gi, g in enumerate(c.gangs):  # 5. Pop to the Shops: Grandpa Gunnock's, Trucknuts' Used Motors, a stray
        record = tuple(
            (name, facts.fell.get(mid, 0), facts.shots.get(mid, 0))
            for mid, name in sorted(facts.names.items())
            if facts.boss_of.get(mid) == gi and name in g.gits
        )
        yield from gunnocks(gi, g, record, rules, rng, log)
        yield from trucknuts(gi, g, record, rules, rng, log)
        yield from stray(gi, g, rules, rng, log)
    return log


def records(gi: int, g: GangState, facts: GameFacts, rules: RulesData, rng: Any, log: list[str]) -> Flow:
    """Criminal Records: each offense of the game is ticked once on the git's record (one still
    ticked from an earlier game cannot be ticked again); runts and gnawballs are never charged.
    Attitude: "They can erase any of their offenses to roll that many D6. For each 6 they roll,
    they increase their attitude by 1." The boss says how many to erase (:class:`EraseOffenses`)."""
    specs = {s.name: s for s in gang_from_doc(g.gang, "<campaign>", rules).gits}
    for mid, offenses in sorted(facts.offenses.items()):
        name = facts.names.get(mid)
        if facts.boss_of.get(mid) != gi or name not in g.gits:
            continue
        if effects.arrives_naked(specs[name], rules):  # "Runts and Gnawballs cannot be charged"
            continue
        st = g.gits[name]
        st.record = [o for o in OFFENSES if o in offenses or o in st.record]
    played = {n for m, n in facts.names.items() if facts.boss_of.get(m) == gi}  # (not who skipped it)
    for name, st in g.gits.items():
        st.games += name in played
        if not st.record:
            continue
        k = yield EraseOffenses(
            gi,
            tuple(range(len(st.record) + 1)),
            f"{name} (attitude {st.attitude}): erase how many of {offense_words(st.record)}?",
            name,
            tuple(st.record),
            st.attitude,
        )
        if not k:
            log.append(f"{g.boss}: {name} keeps {offense_words(st.record)} on the record")
            continue
        erased, st.record = st.record[:k], st.record[k:]
        rolls = [int(x) for x in rng.integers(1, 7, size=k)]
        st.attitude += rolls.count(6)
        log.append(f"{g.boss}: {name} erases {offense_words(erased)} for {rolls}: attitude {st.attitude}")


def offense_words(offenses: list[str]) -> str:
    """Offenses by the rulebook's names ("Discharging a Firearm in a Public Place"), not their ids."""
    return ", ".join(OFFENSE_NAMES.get(o, o.replace("_", " ")) for o in offenses)


def trophies(gi: int, g: GangState, facts: GameFacts, rules: RulesData, log: list[str]) -> None:
    """Between-games pay-outs of what a vehicle carries (a Gory Trophy Rack: 3 caps after a game in
    which it ran a fallen enemy git over), asked of its handlers."""
    for mid, n in sorted(facts.run_over.items()):
        name = facts.names.get(mid)
        git = next((x for x in g.gang["gits"] if x["name"] == name), None)
        if facts.boss_of.get(mid) != gi or git is None or not git.get("vehicle"):
            continue
        vt = rules.vehicles[git["vehicle"]]
        lasting = effects.vehicle_effects(vt.special, git.get("mods", []), git.get("repairs", []))
        caps = sum(h.trophy_caps(n) for h in lasting)
        if caps:
            g.stash += caps
            log.append(f"{g.boss}: {name}'s {vt.name} ran over {n} fallen enemy git(s): a new head, +{caps} caps")


def repair(gi: int, g: GangState, driver: str, rules: RulesData, rng: Any, log: list[str]) -> Flow:
    """Krankshaft's Auto Repairs for a wrecked vehicle: "Inspection Roll: roll a D10. If over its
    toughness it has broken down": a location roll, a quote (when the stash holds the price the
    boss is asked, :class:`RepairJob`: a proper job is two repair rolls, the better kept, since
    the tables run from worst to best; a bodge job is one), the repair. A Write-off loses the
    vehicle (its guns and mods with it) for D3 caps; a Wrecked Weapon, one of its guns."""
    git = next((x for x in g.gang["gits"] if x["name"] == driver), None)
    if git is None or not git.get("vehicle"):
        return
    vt = rules.vehicles[git["vehicle"]]
    r = int(roll("D10", rng)[0])
    if r <= vt.toughness:
        log.append(f"{g.boss}: {driver}'s {vt.name} inspection {r} vs toughness {vt.toughness}: cosmetic damage")
        return
    ln = int(roll(rules.tables["location"].dice, rng)[0])
    where = rules.tables["location"].lookup(ln)
    table = rules.tables[str(where.extra["table"])]
    price = int(where.extra.get("proper", 0))
    proper = False
    if 0 < price <= g.stash:
        job = yield RepairJob(
            gi,
            ("proper", "bodge"),
            f"{driver}'s {vt.name}: {where.result} — a proper job for {price} caps?",
            driver,
            vt.name,
            where.result,
            price,
            g.stash,
        )
        proper = job == "proper"
    rolls = [int(roll("D10", rng)[0]) for _ in range(2 if proper else 1)]
    if proper:
        g.stash -= price
    row = table.lookup(max(rolls))
    job = f"a proper job ({price} caps, rolls {rolls})" if proper else f"a bodge job (roll {rolls[0]})"
    log.append(f"{g.boss}: {driver}'s {vt.name} inspection {r}: broken down — {where.result}, {job}: {row.result}")
    if row.result == WRITE_OFF:
        scrap = int(roll("D3", rng)[0])
        g.stash += scrap
        for k in ("vehicle", "vehicle_weapons", "mods", "pintle", "repairs"):
            git.pop(k, None)
        log.append(f"{g.boss}: {driver}'s {vt.name} is sold for scrap: +{scrap} caps")
        return
    git.setdefault("repairs", []).append(f"{where.result}: {row.result}")
    if row.extra.get("loses_vehicle_weapon") and git.get("vehicle_weapons"):
        pick = int(rng.integers(0, len(git["vehicle_weapons"])))  # "a randomly selected weapon"
        lost = git["vehicle_weapons"].pop(pick)
        if lost in git.get("pintle", []):
            git["pintle"].remove(lost)
        log.append(f"{g.boss}: {driver}'s {vt.name} loses its {rules.weapons[lost].name} for good")
    shed(g, git, ("vehicle_weapons", "mods"), rules, log)  # a Mangled Chassis: guns need seats


def shed(g: GangState, git: dict[str, Any], keys: tuple[str, ...], rules: RulesData, log: list[str]) -> None:
    """After a treatment or a repair, what the git (or its vehicle) can no longer carry comes off,
    the last taken first, until the gang keeps the rules of "Gather Your Gits" again (a treatment
    that leaves a git one hand fewer than its guns need would otherwise put an illegal gang on
    the table). Bolted-on weapons are first in the list, so they stay."""
    for key in keys:
        while not fits(g, rules) and len(git.get(key, [])) > (1 if key == "weapons" and bolted(git, rules) else 0):
            lost = git[key].pop()
            if key == "vehicle_weapons" and lost in git.get("pintle", []):
                git["pintle"].remove(lost)
            what = rules.weapons[lost].name if key in ("weapons", "vehicle_weapons") else lost
            log.append(f"{g.boss}: {git['name']} can no longer carry the {what}: it comes off")
            if not git[key]:
                del git[key]
    for key in keys:  # (even a bolted-on weapon, if nothing else will do)
        if not fits(g, rules) and git.get(key):
            log.append(f"{g.boss}: {git['name']} can no longer carry {', '.join(git[key])}: they come off")
            del git[key]


def bolted(git: dict[str, Any], rules: RulesData) -> bool:
    """Whether the git's first weapon is bolted on (a Chopper Arm, a Gun Arm)."""
    return any(row.extra.get("weapon") or row.extra.get("loot_gun") for row in treatment_rows(git, rules))


MAX_REROLLS = 20  # a bound on re-rolling a treatment the git already has as often as it may


def injury(g: GangState, name: str, rules: RulesData, rng: Any, log: list[str]) -> None:
    """ "Roll a D6. If the result is equal to or under the model's toughness, they make a full
    recovery. If the roll is over their toughness, they are seriously injured": a diagnosis (D8;
    re-rolled once where a treatment says so, as Bionic Legs do for 4 and 5) and a treatment
    (D10; one the git already has as often as it may — "only once", "twice" — is re-rolled).
    What the treatment does once happens now (data in injuries.yaml: attitude, a missed game,
    weapons lost, a weapon bolted on, a gun off the loot table); what lasts is the treatment's
    handler in the games after (rules/effects/lasting.py)."""
    git = next(x for x in g.gang["gits"] if x["name"] == name)
    tough = rules.gits[git["type"]].toughness
    r = int(rng.integers(1, 7))
    if r <= tough:
        log.append(f"{g.boss}: {name} injury roll {r} vs toughness {tough}: full recovery")
        return
    diagnosis = rules.tables["diagnosis"]
    dn = int(roll(diagnosis.dice, rng)[0])
    again = rerolled_diagnoses(git, rules)
    if dn in again:
        first, dn = dn, int(roll(diagnosis.dice, rng)[0])
        log.append(f"{g.boss}: {name}'s diagnosis {first} is re-rolled: {dn}")
    where = diagnosis.lookup(dn)
    table = rules.tables[str(where.extra["table"])]
    had = [t.partition(":")[2].strip() for t in git.get("treatments", [])]
    for _ in range(MAX_REROLLS):
        row = table.lookup(int(roll("D10", rng)[0]))
        limit = row.extra.get("limit")
        if limit is None or had.count(row.result) < int(limit):
            break
        log.append(f"{g.boss}: {name} already has {row.result} as often as allowed: re-rolled")
    log.append(f"{g.boss}: {name} injury roll {r} vs toughness {tough}: A&E — {where.result}, {row.result}")
    st = g.gits[name]
    gain = int(row.extra.get("attitude", 0))
    if gain:
        st.attitude += gain
        log.append(f"{g.boss}: {name} gains {gain} attitude: {st.attitude}")
    if row.result == NO_TREATMENT:
        return
    if row.result == DEAD:
        g.gang["gits"] = [x for x in g.gang["gits"] if x["name"] != name]
        del g.gits[name]
        return
    git.setdefault("treatments", []).append(f"{where.result}: {row.result}")
    if row.extra.get("misses_next_game"):
        st.misses = 1
    if row.extra.get("loses_weapons") and git.get("weapons"):
        log.append(f"{g.boss}: {name} loses {', '.join(git['weapons'])} at A&E")
        git["weapons"] = []
    bolted = row.extra.get("weapon")
    if row.extra.get("loot_gun"):
        bolted = loot_gun(rules, rng)
    if bolted:
        bolt_on(g, git, str(bolted), rules, log)
    shed(g, git, ("weapons", "gear"), rules, log)  # a Stump: what no longer fits in its hands comes off


def treatment_rows(git: dict[str, Any], rules: RulesData) -> list[TableRow]:
    """The A&E table row of each of the git's treatments ("Location: Treatment")."""
    out = []
    for t in git.get("treatments", []):
        where, _, what = t.partition(":")
        loc = next((r for r in rules.tables["diagnosis"].rows if r.result == where.strip()), None)
        if loc is None:
            continue
        row = next((r for r in rules.tables[str(loc.extra["table"])].rows if r.result == what.strip()), None)
        if row is not None:
            out.append(row)
    return out


def rerolled_diagnoses(git: dict[str, Any], rules: RulesData) -> set[int]:
    """Diagnosis rolls re-rolled for this git: what its treatments say ("4-5")."""
    out: set[int] = set()
    for row in treatment_rows(git, rules):
        span = str(row.extra.get("reroll_diagnosis", ""))
        if span:
            lo, _, hi = span.partition("-")
            out.update(range(int(lo), int(hi or lo) + 1))
    return out


def loot_gun(rules: RulesData, rng: Any) -> str:
    """ "Make a loot roll to find out what gun the doc has attached": loot rolls until one is a gun."""
    table = rules.tables["loot"]
    for _ in range(MAX_REROLLS):
        row = table.lookup(int(roll(table.dice, rng)[0]))
        family, _, ident = str(row.ref).partition("/")
        if family == "weapons" and rules.weapons[ident].kind == "shooting":
            return ident
    return min(w.id for w in rules.weapons.values() if w.kind == "shooting" and not w.innate)


def bolt_on(g: GangState, git: dict[str, Any], weapon: str, rules: RulesData, log: list[str]) -> None:
    """A weapon stuck to the git for good: it goes first in its weapons, and what no longer fits
    (hands, the weapon limit) comes off, last first. If even alone it cannot be carried (no
    weapons allowed at all), it is not."""
    others = [w for w in git.get("weapons", [])]
    git["weapons"] = [weapon, *others]
    while not fits(g, rules) and len(git["weapons"]) > 1:
        lost = git["weapons"].pop()
        log.append(f"{g.boss}: {git['name']} loses the {rules.weapons[lost].name} (no hand free)")
    if not fits(g, rules):
        git["weapons"] = others
        log.append(f"{g.boss}: {git['name']} cannot carry a {rules.weapons[weapon].name}")
        return
    log.append(f"{g.boss}: {git['name']} has a {rules.weapons[weapon].name} bolted on for good")

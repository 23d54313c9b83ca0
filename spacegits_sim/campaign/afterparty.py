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
from ..data.rules_data import RulesData
from ..rng import stream
from ..rules import effects, treatments
from ..rules import events as ev
from ..rules.decisions import Request
from ..rules.gangmodes import WRITE_OFF
from ..rules.gangs import gang_from_doc
from .decisions import EraseOffenses, HealthPlan, PickRepair, PickTreatment, RepairJob, subsets
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
    shots: dict[str, int] = field(default_factory=dict)  # model id -> shoot actions (aboard: each git that fired)
    names: dict[str, str] = field(default_factory=dict)
    boss_of: dict[str, int] = field(default_factory=dict)
    toughness: dict[str, int] = field(default_factory=dict)  # model id -> its toughness in the game
    vehicle_of: dict[str, str] = field(default_factory=dict)  # driver -> their vehicle's model id


def read_game(events: list[ev.Event]) -> GameFacts:
    """Criminal records and injuries, from the events: Assault (damaged an enemy with a thump),
    Dangerous Driving (drove a vehicle that damaged an enemy model — its smash, ram, mods, the
    blasts it set off, every gun fired in its shoot action: the ``by`` of a ``damaged`` — or
    removed one: ran a fallen enemy git over, the Gory Trophy Rack's words for it), Looting (looted a cap from
    the table, on foot or driving), Mugging (took a cap from an enemy with a pinch or a boot; a
    vehicle's pinch in a fight is its driver's, the cap of a run-over is neither),
    Discharging a Firearm in a Public Place (took a shoot action; aboard, each git that fired in
    the vehicle's), Evading Arrest (standing when the gang legged it; a vehicle's gits aboard
    with it); injured: fallen when
    removed from play (legged it, taken out, or on the table at the end)."""
    f = GameFacts()
    start = next(e for e in events if isinstance(e, ev.MatchStarted))
    driver: dict[str, str] = {}
    aboard: dict[str, list[str]] = {}  # vehicle -> the gits on board now (driver first)
    for mdoc in start.models:
        f.names[mdoc["id"]] = mdoc["name"]
        f.boss_of[mdoc["id"]] = mdoc["boss"]
        if "toughness" in mdoc:  # (what the model had: its gear, treatments, repairs and mods counted)
            f.toughness[mdoc["id"]] = int(mdoc["toughness"])
        if mdoc.get("crew"):
            driver[mdoc["id"]] = mdoc["crew"][0]
            aboard[mdoc["id"]] = list(mdoc["crew"])
    bosses = [b["name"] for b in start.bosses]
    f.vehicle_of = {d: v for v, d in driver.items()}
    fallen: set[str] = set()
    in_play: set[str] = set()
    ran_over: tuple[str, str] | None = None  # (vehicle, git) of the run-over whose cap comes next

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
            if e.model in aboard.get(e.vehicle, []):
                aboard[e.vehicle].remove(e.model)
        elif isinstance(e, ev.Boarded):
            in_play.discard(e.model)
            aboard.setdefault(e.vehicle, []).append(e.model)
        elif isinstance(e, ev.TowerFell) and e.outcome == "fell_over":
            fallen.add(e.model)
            f.fell[e.model] = f.fell.get(e.model, 0) + 1
        elif isinstance(e, ev.StoodUp):
            fallen.discard(e.model)
        elif isinstance(e, ev.Thumped) and e.damage > 0 and enemies(e.model, e.target):
            tick(e.model, "assault")
        elif isinstance(e, ev.Smashed) and e.damage > 0 and enemies(e.model, e.target) and e.model in driver:
            tick(e.model, "dangerous_driving")
        elif isinstance(e, ev.Damaged) and e.amount > 0 and e.by in driver and enemies(e.by, e.model):
            tick(e.by, "dangerous_driving")  # its mods, its blasts, the guns fired in its shoot action
        elif isinstance(e, ev.CapLooted):
            tick(e.model, "looting")
        elif isinstance(e, ev.RanOver) and e.model in driver and enemies(e.model, e.target):
            who = driver[e.model]  # a vehicle ran a fallen enemy git over (a Gory Trophy Rack pays)
            f.run_over[who] = f.run_over.get(who, 0) + 1
            ran_over = (e.model, e.target)
            tick(e.model, "dangerous_driving")  # "removed a fallen enemy git from play by running them over"
        elif isinstance(e, ev.Pinched) and (e.model, e.target) == ran_over:
            ran_over = None  # the cap a run-over steals: "using pinch or boot" it is not
        elif isinstance(e, ev.Pinched) and e.caps > 0 and enemies(e.model, e.target):
            tick(e.model, "mugging")  # a vehicle's pinch in a fight: its driver's
        elif isinstance(e, ev.Booted) and e.how == "boot_in" and e.caps > 0:
            tick(e.model, "mugging")
        elif isinstance(e, ev.ActionTaken) and e.action == "shoot" and e.model not in driver:
            tick(e.model, "discharging_a_firearm")
            f.shots[e.model] = f.shots.get(e.model, 0) + 1
        elif isinstance(e, ev.CrewFired):  # aboard: the git that fired, not the driver for them all
            f.offenses.setdefault(e.model, set()).add("discharging_a_firearm")
            f.shots[e.model] = f.shots.get(e.model, 0) + 1
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
                    for who in aboard.get(mid, [mid]):  # a vehicle: every git aboard, driver and passengers
                        f.offenses.setdefault(who, set()).add("evading_arrest")
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
                yield from injury(gi, g, name, rules, rng, log, facts.toughness.get(mid))
    for gi, g in enumerate(c.gangs):  # 4. Krankshaft's Auto Repairs
        for mid in sorted(facts.wrecked):
            name = facts.names.get(mid)
            if facts.boss_of.get(mid) == gi and name in g.gits:
                vehicle = facts.vehicle_of.get(mid, "")
                yield from repair(gi, g, name, rules, rng, log, facts.toughness.get(vehicle))
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
    they increase their attitude by 1." The boss says which to erase — any of them
    (:class:`EraseOffenses`): those erased are rolled for and can be ticked again next game, the
    rest stay ticked."""
    specs = {s.name: s for s in gang_from_doc(g.gang, "<campaign>", rules).gits}
    committed: dict[str, tuple[str, ...]] = {}
    for mid, offenses in sorted(facts.offenses.items()):
        name = facts.names.get(mid)
        if facts.boss_of.get(mid) != gi or name not in g.gits:
            continue
        if effects.arrives_naked(specs[name], rules):  # "Runts and Gnawballs cannot be charged"
            continue
        st = g.gits[name]
        st.record = [o for o in OFFENSES if o in offenses or o in st.record]
        committed[name] = tuple(o for o in OFFENSES if o in offenses)
    played = {n for m, n in facts.names.items() if facts.boss_of.get(m) == gi}  # (not who skipped it)
    for name, st in g.gits.items():
        st.games += name in played
        if not st.record:
            continue
        req = EraseOffenses(
            gi,
            subsets(tuple(st.record)),
            f"{name} (attitude {st.attitude}): erase which of {offense_words(st.record)}?",
            name,
            tuple(st.record),
            st.attitude,
            committed.get(name, ()),
        )
        erased = req.check((yield req))  # (run() sent a checked answer: this only puts an old count in its new shape)
        if not erased:
            log.append(f"{g.boss}: {name} keeps {offense_words(st.record)} on the record")
            continue
        st.record = [o for o in st.record if o not in erased]
        rolls = [int(x) for x in rng.integers(1, 7, size=len(erased))]
        st.attitude += rolls.count(6)
        kept = f"; keeps {offense_words(st.record)}" if st.record else ""
        log.append(f"{g.boss}: {name} erases {offense_words(list(erased))} for {rolls}: attitude {st.attitude}{kept}")


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
            gits = "git" if n == 1 else "gits"
            log.append(f"{g.boss}: {name}'s {vt.name} ran over {n} fallen enemy {gits}: a new head, +{caps} caps")


def repair(
    gi: int, g: GangState, driver: str, rules: RulesData, rng: Any, log: list[str], toughness: int | None = None
) -> Flow:
    """Krankshaft's Auto Repairs for a wrecked vehicle: "Inspection Roll: roll a D10. If the result
    is equal to or under the vehicle's toughness, the vehicle has just suffered cosmetic damage
    … If the roll is over the vehicle's toughness, it has broken down" — the vehicle's toughness
    as it was in the game (``toughness``: its repairs and mods counted; the printed one only when
    no game says otherwise). Then a location roll, a quote (when the stash holds the price the
    boss is asked, :class:`RepairJob`), the repair roll: a proper job "roll[s] twice and
    choose[s] which roll to apply" (:class:`PickRepair`); a bodge job rolls once. A Write-off
    loses the vehicle (its guns and mods with it) for D3 caps; a Wrecked Weapon, one of its guns."""
    git = next((x for x in g.gang["gits"] if x["name"] == driver), None)
    if git is None or not git.get("vehicle"):
        return
    vt = rules.vehicles[git["vehicle"]]
    tough = vt.toughness if toughness is None else toughness
    r = int(roll("D10", rng)[0])
    if r <= tough:
        log.append(f"{g.boss}: {driver}'s {vt.name} inspection {r} vs toughness {tough}: cosmetic damage")
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
    rows = [table.lookup(n) for n in rolls]
    row = rows[0]
    if len({x.result for x in rows}) > 1:
        pick = yield PickRepair(
            gi,
            tuple(x.result for x in rows),
            f"{driver}'s {vt.name}: Krankshaft rolled {rolls} — which repair?",
            driver,
            vt.name,
            where.result,
            tuple(rolls),
            tuple(str(x.extra.get("text", x.result)) for x in rows),
        )
        row = next(x for x in rows if x.result == pick)
    job = f"a proper job ({price} caps, rolls {rolls})" if proper else f"a bodge job (roll {rolls[0]})"
    what = f"{where.result}, {job}: {row.result}"
    log.append(f"{g.boss}: {driver}'s {vt.name} inspection {r} vs toughness {tough}: broken down — {what}")
    if row.result == WRITE_OFF:
        scrap = int(roll("D3", rng)[0])
        g.stash += scrap
        for k in ("vehicle", "vehicle_weapons", "mods", "pintle", "repairs"):
            git.pop(k, None)
        log.append(f"{g.boss}: {driver}'s {vt.name} is sold for scrap: +{scrap} caps")
        g.drop_stale_passengers(rules, log)  # its passengers walk from now on
        return
    treatments.repaired(git, where, row, rules, rng, lambda: fits(g, rules), _say(g, log))
    g.drop_stale_passengers(rules, log)  # (a Mangled Chassis: a seat fewer)


def _say(g: GangState, log: list[str]) -> Callable[[str], None]:
    return lambda line: log.append(f"{g.boss}: {line}")


def bolt_on(g: GangState, git: dict[str, Any], weapon: str, rules: RulesData, log: list[str]) -> None:
    """A weapon stuck to a campaign git for good (:func:`~spacegits_sim.rules.treatments.bolt_on`)."""
    treatments.bolt_on(git, weapon, rules, lambda: fits(g, rules), _say(g, log))


def injury(
    gi: int, g: GangState, name: str, rules: RulesData, rng: Any, log: list[str], toughness: int | None = None
) -> Flow:
    """ "Injury roll: Roll a D6. If the result is equal to or under the model's toughness, they make
    a full recovery. If the roll is over their toughness, they are seriously injured" — the
    model's toughness as it was in the game (``toughness``: Chunky Armour, Exposed Pipework…
    counted; the printed one only when no game says otherwise). Then the diagnosis (D8; re-rolled
    where a treatment says so), "Choose a health plan: pay to go private, else go public"
    (:class:`HealthPlan`, asked when the stash holds the diagnosis's Private price), and the
    treatment: "If private, roll twice and pick one" (:class:`PickTreatment`). What the treatment
    does once happens now (rules/treatments.py: the same as for a rolled gang); what lasts is its
    handler in the games after (rules/effects/lasting.py)."""
    git = next(x for x in g.gang["gits"] if x["name"] == name)
    tough = rules.gits[git["type"]].toughness if toughness is None else toughness
    r = int(rng.integers(1, 7))
    if r <= tough:
        log.append(f"{g.boss}: {name} injury roll {r} vs toughness {tough}: full recovery")
        return
    say = _say(g, log)
    _, where = treatments.diagnose(git, rules, rng, say)
    table = rules.tables[str(where.extra["table"])]
    price = int(where.extra.get("private", 0))
    private = False
    if 0 < price <= g.stash:
        plan = yield HealthPlan(
            gi,
            ("private", "public"),
            f"{name}: {where.result} — go private for {price} caps?",
            name,
            where.result,
            price,
            g.stash,
        )
        private = plan == "private"
    if private:
        g.stash -= price
    rolled = [treatments.roll_treatment(git, table, "D10", rng, say) for _ in range(2 if private else 1)]
    row = rolled[0][1]
    if len({x.result for _, x in rolled}) > 1:
        pick = yield PickTreatment(
            gi,
            tuple(x.result for _, x in rolled),
            f"{name}: {where.result} — the doctors rolled {[n for n, _ in rolled]}: which treatment?",
            name,
            where.result,
            tuple(n for n, _ in rolled),
            tuple(str(x.extra.get("text", x.result)) for _, x in rolled),
        )
        row = next(x for _, x in rolled if x.result == pick)
    plan_text = f" (private, {price} caps, rolls {[n for n, _ in rolled]})" if private else ""
    log.append(f"{g.boss}: {name} injury roll {r} vs toughness {tough}: A&E{plan_text} — {where.result}, {row.result}")
    st = g.gits[name]
    if row.result == DEAD:  # "all their weapons and gear are lost": the git leaves the gang
        g.gang["gits"] = [x for x in g.gang["gits"] if x["name"] != name]
        del g.gits[name]
        g.drop_stale_passengers(rules, log)  # a dead passenger leaves their seat
        return
    got = treatments.treat(git, where, row, rules, rng, lambda: fits(g, rules), say)
    st.attitude += got.attitude
    st.misses = max(st.misses, got.misses)

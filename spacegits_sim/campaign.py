"""Campaigns (rulebook: "Campaigns"): gangs that live from game to game.

A campaign is a folder a user can read: ``campaign.json`` (the scenario it is played on, each
gang with its gang file, its stash and every git's lasting state — attitude, criminal record,
injuries —, and every game's result with what its afterparty did) and ``games/game-NNN.json``
(each game's replay, for ``spacegits replay --verify`` and ``watch --replay``).

Saving is atomic: the new file is written beside the old one, flushed and renamed over it, and
the version before is kept as ``campaign.json.prev``; a failed save leaves the previous file as
it was. Loading checks the format and every field, with one readable message per problem.
Everything random comes from streams of the campaign's seed: a campaign run again from the same
start is the same, byte for byte.

Before each game, **Bad Attitude** (attitude 4+: roll that many D6, any 1 and the git skips
the game; the AI fires a git the second time). The afterparty so far (issue 14 builds the rest:
decisions for human bosses, lasting effects in later games): **Check Your Sums** (Quick Maths,
Rich Pickings), **Criminal Records** read from the game's event log and **attitude** (every
offense erased for a D6, +1 attitude per 6; reputation is the gang's total attitude),
**Accident & Emergency** (an injury roll for each git fallen when removed from play; over its
toughness, a diagnosis and a treatment, written to the git as a treatment; "Dead" takes it out
of the gang), **Krankshaft's Auto Repairs** (an inspection for each wrecked vehicle; broken
down, a location, a quote and a repair, written to the driver as a repair; a Write-off sells it
for scrap) and **Grandpa Gunnock's** (three loot rolls of stock at double price; the AI buys
what it can carry and pay for, dearest first).
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .atomic import write_atomic
from .data.dice import roll
from .data.errors import DataError, Problem
from .data.rules_data import RulesData
from .rng import stream
from .rules import effects
from .rules import events as ev
from .rules.gangmodes import NO_TREATMENT, WRITE_OFF
from .rules.gangs import gang_from_doc
from .rules.scenario import Player, Scenario, scenario_from_doc, scenario_to_doc

FORMAT = "spacegits-campaign/1"
FILE = "campaign.json"
MAX_GAMES = 1000
OFFENSES = ("assault", "dangerous_driving", "looting", "mugging", "discharging_a_firearm", "evading_arrest")
QUICK_MATHS_MAX = 6  # "Roll a D6 for each cap in your stash, up to a maximum of 6D6"
BAD_ATTITUDE = 4  # "Once a git has an attitude of 4+, they start acting like a right prick"
FIRE_AFTER_SKIPS = 2  # the AI boss fires a git who has skipped this many games
DEAD = "Dead"  # the treatment that takes a git out of the gang


@dataclass
class GitState:
    """What a git carries from game to game."""

    attitude: int = 1  # "All gits start with an attitude of 1"
    record: list[str] = field(default_factory=list)  # offenses ticked this game (erased at the afterparty)
    games: int = 0
    skipped: int = 0  # games a bad attitude kept them away from
    misses: int = 0  # games still to miss (a Concussion Bandage, a Sling: "misses the next game")

    def to_doc(self) -> dict[str, Any]:
        doc = {"attitude": self.attitude, "record": list(self.record), "games": self.games, "skipped": self.skipped}
        if self.misses:  # (written only when so: files of campaigns without it stay as they were)
            doc["misses"] = self.misses
        return doc


@dataclass
class GangState:
    boss: str
    gang: dict[str, Any]  # a gang file (its gits' treatments are their injuries)
    stash: int
    gits: dict[str, GitState]

    def reputation(self) -> int:
        """ "Your gang's reputation is the sum of your models' Attitude stats." """
        return sum(s.attitude for s in self.gits.values())

    def to_doc(self) -> dict[str, Any]:
        return {
            "boss": self.boss,
            "gang": self.gang,
            "stash": self.stash,
            "gits": {n: s.to_doc() for n, s in self.gits.items()},
        }


@dataclass
class Campaign:
    name: str
    seed: int
    scenario: dict[str, Any]  # the scenario's document (its players' gangs are replaced each game)
    gangs: list[GangState]
    games: list[dict[str, Any]] = field(default_factory=list)

    def to_doc(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "seed": self.seed,
            "scenario": self.scenario,
            "gangs": [g.to_doc() for g in self.gangs],
            "games": self.games,
        }


# ---- making, saving and loading -------------------------------------------------------------------


def new_campaign(name: str, scenario: Scenario, seed: int) -> Campaign:
    """A campaign on ``scenario``'s table with its players' gangs; stashes start as the gangs' own."""
    doc = scenario_to_doc(scenario)
    gangs = []
    for p, pd in zip(scenario.players, doc["players"], strict=True):
        stash = p.gang.starting_stash(scenario.cap_budget)
        gits = {g.name: GitState() for g in p.gang.gits}
        if len(gits) != len(p.gang.gits):
            raise DataError([Problem(p.gang.source, None, "gits", "a campaign needs every git's name to be different")])
        gangs.append(GangState(p.boss, {**copy.deepcopy(pd["gang"]), "mode": "campaign"}, stash, gits))
    return Campaign(name, seed, doc, gangs)


def save(folder: Path, c: Campaign) -> None:
    """Atomically: the previous file becomes campaign.json.prev, the new one campaign.json."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    text = json.dumps(c.to_doc(), indent=1, sort_keys=True) + "\n"
    if path.is_file():
        write_atomic(folder / (FILE + ".prev"), path.read_bytes())
    write_atomic(path, text)


def load(folder: Path, rules: RulesData) -> Campaign:
    """Read and check a campaign folder. Raises DataError naming the file, entry and field."""
    path = folder / FILE
    label = str(path)
    if not path.is_file():
        raise DataError([Problem(label, None, None, "no campaign here (spacegits campaign new makes one)")])
    if path.stat().st_size > 50_000_000:
        raise DataError([Problem(label, None, None, "the file is over 50 MB: not a campaign")])
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise DataError([Problem(label, None, None, f"not readable JSON ({e})")]) from None
    problems: list[Problem] = []
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        got = doc.get("format") if isinstance(doc, dict) else None
        raise DataError([Problem(label, None, "format", f"expected {FORMAT}, got {got!r}")])
    seed = doc.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        problems.append(Problem(label, None, "seed", f"a whole number >= 0, got {seed!r}"))
    try:
        scenario_from_doc(doc.get("scenario"), f"{label} (scenario)", rules)
    except DataError as e:
        problems += e.problems
    gangs = []
    for i, g in enumerate(doc.get("gangs") or []):
        entry = f"gang #{i + 1}"
        if not isinstance(g, dict):
            problems.append(Problem(label, entry, None, "expected a mapping (boss, gang, stash, gits)"))
            continue
        try:
            gang_from_doc(g.get("gang"), f"{label} ({entry})", rules)
        except DataError as e:
            problems += e.problems
        stash = g.get("stash")
        if isinstance(stash, bool) or not isinstance(stash, int) or not 0 <= stash <= 100_000:
            problems.append(Problem(label, entry, "stash", f"a whole number of caps 0-100000, got {stash!r}"))
            stash = 0
        states = {}
        for name, s in (g.get("gits") or {}).items():
            att = s.get("attitude") if isinstance(s, dict) else None
            if isinstance(att, bool) or not isinstance(att, int) or not 0 <= att <= 100:
                problems.append(Problem(label, f"{entry} git '{name}'", "attitude", f"0-100, got {att!r}"))
                continue
            record = [o for o in s.get("record", []) if o in OFFENSES]
            counts = []
            for key in ("games", "skipped", "misses"):
                v = s.get(key, 0)
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_GAMES:
                    problems.append(Problem(label, f"{entry} git '{name}'", key, f"0-{MAX_GAMES}, got {v!r}"))
                    v = 0
                counts.append(v)
            states[str(name)] = GitState(att, record, *counts)
        gangs.append(GangState(str(g.get("boss", f"Boss {i + 1}")), dict(g.get("gang") or {}), stash, states))
    if not 2 <= len(gangs) <= 4:
        problems.append(Problem(label, None, "gangs", f"a campaign has 2 to 4 gangs, found {len(gangs)}"))
    games = doc.get("games") if isinstance(doc.get("games"), list) else []
    if problems:
        raise DataError(problems)
    return Campaign(str(doc.get("name", folder.name)), int(seed), doc["scenario"], gangs, games)  # type: ignore[arg-type]


# ---- playing a game --------------------------------------------------------------------------------


def game_scenario(c: Campaign, rules: RulesData, skip: dict[str, list[str]] | None = None) -> Scenario:
    """The campaign's table with its gangs as they are now, each with its stash carried in,
    without the gits a bad attitude keeps away (``skip``: boss -> git names)."""
    base = scenario_from_doc(c.scenario, f"campaign {c.name}", rules)
    players = []
    for g in c.gangs:
        away = set((skip or {}).get(g.boss, ()))
        gits = []
        for x in g.gang["gits"]:
            if x["name"] in away:
                continue
            att = g.gits[x["name"]].attitude if x["name"] in g.gits else 1
            gits.append({**x, "attitude": att} if att > 1 else x)  # Bollocks to It reads it in the game
        doc = {**g.gang, "gits": gits}
        players.append(Player(g.boss, gang_from_doc(doc, f"campaign {c.name} ({g.boss})", rules), g.stash))
    return replace(base, players=tuple(players), seed=game_seed(c, len(c.games) + 1))


def bad_attitude(c: Campaign, n: int, log: list[str]) -> dict[str, list[str]]:
    """ "Before each game, roll a number of D6 equal to their attitude. If they roll any ones, they
    can't even be arsed to turn up to the game and skip it. … you can fire them." The AI fires a
    git who has skipped twice (they take their stuff with them). A gang keeps at least one git."""
    rng = stream(c.seed, f"campaign/bad_attitude/{n}")
    skip: dict[str, list[str]] = {}
    for g in c.gangs:
        for name, st in list(g.gits.items()):
            if st.misses > 0 and len(g.gits) - len(skip.get(g.boss, [])) > 1:
                st.misses -= 1  # a Concussion Bandage, a Sling: "misses the next game, then recovers fully"
                skip.setdefault(g.boss, []).append(name)
                log.append(f"{g.boss}: {name} is still recovering and misses game {n}")
                continue
            if st.attitude < BAD_ATTITUDE:
                continue
            rolls = [int(x) for x in rng.integers(1, 7, size=st.attitude)]
            if 1 not in rolls or len(g.gits) - len(skip.get(g.boss, [])) <= 1:
                continue
            st.skipped += 1
            log.append(f"{g.boss}: {name} (attitude {st.attitude}) rolls {rolls}: can't be arsed, skips game {n}")
            if st.skipped >= FIRE_AFTER_SKIPS:
                del g.gits[name]
                g.gang["gits"] = [x for x in g.gang["gits"] if x["name"] != name]
                log.append(f"{g.boss}: {name} is fired (and takes their stuff)")
                continue
            skip.setdefault(g.boss, []).append(name)
    return skip


def game_seed(c: Campaign, n: int) -> int:
    return int(stream(c.seed, f"campaign/game/{n}").integers(0, 2**31))


def play_game(c: Campaign, rules: RulesData, ais: list[str], folder: Path) -> dict[str, Any]:
    """Play the next game headless with these AIs, save its replay, run the afterparty. Returns
    the game's entry (also appended to ``c.games``)."""
    from .ai import make_controller
    from .rules.engine import Match
    from .rules.replay import replay_doc

    n = len(c.games) + 1
    before: list[str] = []
    skip = bad_attitude(c, n, before)
    sc = game_scenario(c, rules, skip)
    m = Match(sc, rules=rules, seed=sc.seed)
    m.play([make_controller(a, sc.seed, i) for i, a in enumerate(ais)])
    replay = f"games/game-{n:03d}.json"
    write_atomic(folder / replay, json.dumps(replay_doc(m), sort_keys=True) + "\n")
    summary = m.summary()
    for b, g in zip(m.bosses, c.gangs, strict=True):
        g.stash = b.stash
    log = before + afterparty(c, m.events, rules, n)
    entry = {
        "game": n,
        "seed": sc.seed,
        "replay": replay,
        "winners": summary["winners"],
        "new_caps": {b: v["new_caps"] for b, v in summary["bosses"].items()},
        "stash": {g.boss: g.stash for g in c.gangs},
        "reputation": {g.boss: g.reputation() for g in c.gangs},
        "afterparty": log,
    }
    c.games.append(entry)
    return entry


# ---- the afterparty --------------------------------------------------------------------------------


@dataclass
class GameFacts:
    """What each git did in one game, read from its event log alone."""

    offenses: dict[str, set[str]] = field(default_factory=dict)  # model id -> offenses
    injured: set[str] = field(default_factory=set)  # fallen when removed from play
    wrecked: set[str] = field(default_factory=set)  # drivers whose vehicle was wrecked
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
        elif isinstance(e, ev.StoodUp):
            fallen.discard(e.model)
        elif isinstance(e, ev.Thumped) and e.damage > 0 and enemies(e.model, e.target):
            tick(e.model, "assault")
        elif isinstance(e, ev.Smashed) and e.damage > 0 and enemies(e.model, e.target) and e.model in driver:
            tick(e.model, "dangerous_driving")
        elif isinstance(e, ev.CapLooted):
            tick(e.model, "looting")
        elif isinstance(e, ev.Pinched) and e.caps > 0 and e.model not in driver:
            tick(e.model, "mugging")
        elif isinstance(e, ev.Booted) and e.how == "boot_in" and e.caps > 0:
            tick(e.model, "mugging")
        elif isinstance(e, ev.ActionTaken) and e.action == "shoot":
            tick(e.model, "discharging_a_firearm")
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


def afterparty(c: Campaign, events: list[ev.Event], rules: RulesData, n: int) -> list[str]:
    """The afterparty's steps in the rulebook's order. Returns what happened, line by line."""
    rng = stream(c.seed, f"campaign/afterparty/{n}")
    log: list[str] = []
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
        specs = {s.name: s for s in gang_from_doc(g.gang, "<campaign>", rules).gits}
        for mid, offenses in sorted(facts.offenses.items()):
            name = facts.names.get(mid)
            if facts.boss_of.get(mid) != gi or name not in g.gits:
                continue
            if effects.arrives_naked(specs[name], rules):  # runts and gnawballs are never charged
                continue
            g.gits[name].record = [o for o in OFFENSES if o in offenses]
        played = {n for m, n in facts.names.items() if facts.boss_of.get(m) == gi}  # (not who skipped it)
        for name, st in g.gits.items():
            st.games += name in played
            if not st.record:
                continue
            rolls = [int(x) for x in rng.integers(1, 7, size=len(st.record))]  # erase them all for a D6 each
            st.attitude += rolls.count(6)
            log.append(f"{g.boss}: {name} erases {', '.join(st.record)} for {rolls}: attitude {st.attitude}")
            st.record = []
    for gi, g in enumerate(c.gangs):  # 3. Accident & Emergency
        for mid in sorted(facts.injured):
            name = facts.names.get(mid)
            if facts.boss_of.get(mid) != gi or name not in g.gits:
                continue
            _injury(g, name, rules, rng, log)
    for gi, g in enumerate(c.gangs):  # 4. Krankshaft's Auto Repairs
        for mid in sorted(facts.wrecked):
            name = facts.names.get(mid)
            if facts.boss_of.get(mid) == gi and name in g.gits:
                _repair(g, name, rules, rng, log)
    for g in c.gangs:  # 5. Pop to the Shops: Grandpa Gunnock's, Trucknuts' Used Motors, a stray
        _gunnocks(g, rules, rng, log)
        _trucknuts(g, rules, rng, log)
        _stray(g, rules, rng, log)
    return log


def _fits(g: GangState, rules: RulesData) -> bool:
    """The gang as it now stands breaks no rule of "Gather Your Gits" (a campaign gang has no budget)."""
    from .rules.gangs import validate_gang

    try:
        return not validate_gang(gang_from_doc(g.gang, "<shop>", rules), rules)
    except DataError:
        return False


def _free_weapons(g: GangState, rules: RulesData, log: list[str]) -> None:
    """ "Gunnock also has an unlimited supply of any weapon or bit of gear that is listed with a
    price of zero": a git with no gun of its own takes the best free gun it can carry (the
    dearest-listed is no help here: the AI takes the free gun with the longest range)."""
    free = sorted(
        (w for w in rules.weapons.values() if w.cost == 0 and w.kind == "shooting" and not w.innate),
        key=lambda w: (-(w.range or 0), w.id),
    )
    for git in g.gang["gits"]:
        if any(rules.weapons[w].kind == "shooting" for w in git.get("weapons", [])):
            continue
        for w in free:
            git.setdefault("weapons", []).append(w.id)
            if _fits(g, rules):
                log.append(f"{g.boss}: {git['name']} takes a free {w.name}")
                break
            git["weapons"].pop()


def _trucknuts(g: GangState, rules: RulesData, rng: Any, log: list[str]) -> None:
    """Trucknuts' Used Motors: "Make 2 rolls on the Random Vehicle Table … Make 2 vehicle loot
    rolls … Everything costs double." The AI buys a vehicle for a git who can drive and has none,
    and gubbins a vehicle of the gang can take, dearest first, while the stash pays."""
    cars = [
        rules.tables["random_vehicle"].lookup(int(sum(roll(rules.tables["random_vehicle"].dice, rng))))
        for _ in range(2)
    ]
    bits = [rules.tables["vehicle_loot"].lookup(int(roll(rules.tables["vehicle_loot"].dice, rng)[0])) for _ in range(2)]
    log.append(f"{g.boss}: Trucknuts' has {', '.join(r.result for r in cars + bits)}")
    for row in sorted(cars, key=lambda r: -rules.vehicles[str(r.ref).split("/", 1)[1]].cost):
        vid = str(row.ref).split("/", 1)[1]
        price = SHOP_MARKUP * rules.vehicles[vid].cost
        drivers = [x for x in g.gang["gits"] if rules.gits[x["type"]].drives and not x.get("vehicle")]
        if price > g.stash or not drivers:
            continue
        drivers[0]["vehicle"] = vid
        if _fits(g, rules):
            g.stash -= price
            log.append(f"{g.boss}: {drivers[0]['name']} buys a {row.result} for {price} caps")
        else:
            del drivers[0]["vehicle"]
    for row in sorted(bits, key=lambda r: -(r.price or 0)):
        family, ident = str(row.ref).split("/", 1)
        price = SHOP_MARKUP * int(row.price or 0)
        key = "mods" if family == "vehicle_mods" else "vehicle_weapons"
        for git in [x for x in g.gang["gits"] if x.get("vehicle")]:
            if price > g.stash:
                break
            git.setdefault(key, []).append(ident)
            if _fits(g, rules):
                g.stash -= price
                log.append(f"{g.boss}: {git['name']}'s vehicle gets the {row.result} for {price} caps")
                break
            git[key].pop()


STRAY_FREE_WORTH, STRAY_FREE_STASH = 20, 5  # "worth less than 20 caps, and … fewer than 5 caps in your stash"
MAX_GANG = 10  # the AI stops taking strays in (only 5 deploy)


def _stray(g: GangState, rules: RulesData, rng: Any, log: list[str]) -> None:
    """Pick Up a Stray: roll on the random git table; hire them at double their cost (a driver
    comes with a vehicle, at double its cost), or free when the gang is worth under 20 caps with
    under 5 in the stash. The AI hires when it can pay and has under ten gits."""
    from .rules.gangs import gang_cost

    table = rules.tables["random_git"]
    n = int(sum(roll(table.dice, rng)))
    row = table.lookup(n)
    gtype = str(row.ref).split("/", 1)[1]
    git: dict[str, Any] = {"type": gtype, "name": _new_name(g, rules.gits[gtype].name)}
    cost = rules.gits[gtype].cost
    if row.extra.get("driver"):
        vrow = rules.tables["random_vehicle"].lookup(int(sum(roll(rules.tables["random_vehicle"].dice, rng))))
        git["vehicle"] = str(vrow.ref).split("/", 1)[1]
        cost += rules.vehicles[git["vehicle"]].cost
    worth = gang_cost(gang_from_doc(g.gang, "<stray>", rules), rules)
    price = 0 if worth < STRAY_FREE_WORTH and g.stash < STRAY_FREE_STASH else SHOP_MARKUP * cost
    if price > g.stash or len(g.gang["gits"]) >= MAX_GANG:
        log.append(f"{g.boss}: a stray {row.result} ({price} caps) is left on the street")
        return
    g.gang["gits"].append(git)
    if not _fits(g, rules):
        g.gang["gits"].pop()
        return
    g.stash -= price
    g.gits[git["name"]] = GitState()
    log.append(f"{g.boss}: hires a stray, {git['name']} the {row.result}, for {price} caps")


def _new_name(g: GangState, base: str) -> str:
    k = 1
    while f"Stray {base} {k}" in g.gits:
        k += 1
    return f"Stray {base} {k}"


SHOP_ROLLS = 3  # "Make 3 loot rolls: that's what Grandpa currently has in their shop"
SHOP_MARKUP = 2  # "Everything costs double the listed price"


def _gunnocks(g: GangState, rules: RulesData, rng: Any, log: list[str]) -> None:
    """Grandpa Gunnock's: three loot rolls are the stock, at double the listed price. The AI buys
    what it can pay for, dearest first, for the first git that can carry it (the gang rules
    still hold: weapons, hands, one of each gear); what nobody can carry stays on the shelf."""
    table = rules.tables["loot"]
    stock = [table.lookup(int(roll(table.dice, rng)[0])) for _ in range(SHOP_ROLLS)]
    log.append(f"{g.boss}: Grandpa Gunnock's has {', '.join(r.result for r in stock)}")
    _free_weapons(g, rules, log)
    for row in sorted(stock, key=lambda r: -(r.price or 0)):
        family, ident = str(row.ref).split("/", 1)
        price = SHOP_MARKUP * int(row.price or 0)
        if price > g.stash or family not in ("weapons", "gear"):
            continue
        for git in g.gang["gits"]:
            slot = git.setdefault(family, [])
            slot.append(ident)
            if _fits(g, rules):
                g.stash -= price
                log.append(f"{g.boss}: {git['name']} buys the {row.result} for {price} caps")
                break
            slot.pop()
            if not slot:
                del git[family]


def _repair(g: GangState, driver: str, rules: RulesData, rng: Any, log: list[str]) -> None:
    """Krankshaft's Auto Repairs for a wrecked vehicle: "Inspection Roll: roll a D10. If over its
    toughness it has broken down": a location roll, a quote (the AI pays for a proper job when
    the stash has the price: two repair rolls, the better kept — the tables run from worst to
    best), a repair roll. A Write-off loses the vehicle (its guns and mods with it) for D3 caps."""
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
    proper = 0 < price <= g.stash
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


MAX_REROLLS = 20  # a bound on re-rolling a treatment the git already has as often as it may


def _injury(g: GangState, name: str, rules: RulesData, rng: Any, log: list[str]) -> None:
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
    again = _rerolled_diagnoses(git, rules)
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
        bolted = _loot_gun(rules, rng)
    if bolted:
        _bolt_on(g, git, str(bolted), rules, log)


def _rerolled_diagnoses(git: dict[str, Any], rules: RulesData) -> set[int]:
    """Diagnosis rolls re-rolled for this git: what its treatments say ("4-5")."""
    out: set[int] = set()
    for t in git.get("treatments", []):
        where, _, what = t.partition(":")
        loc = next((r for r in rules.tables["diagnosis"].rows if r.result == where.strip()), None)
        if loc is None:
            continue
        row = next((r for r in rules.tables[str(loc.extra["table"])].rows if r.result == what.strip()), None)
        span = str(row.extra.get("reroll_diagnosis", "")) if row is not None else ""
        if span:
            lo, _, hi = span.partition("-")
            out.update(range(int(lo), int(hi or lo) + 1))
    return out


def _loot_gun(rules: RulesData, rng: Any) -> str:
    """ "Make a loot roll to find out what gun the doc has attached": loot rolls until one is a gun."""
    table = rules.tables["loot"]
    for _ in range(MAX_REROLLS):
        row = table.lookup(int(roll(table.dice, rng)[0]))
        family, _, ident = str(row.ref).partition("/")
        if family == "weapons" and rules.weapons[ident].kind == "shooting":
            return ident
    return min(w.id for w in rules.weapons.values() if w.kind == "shooting" and not w.innate)


def _bolt_on(g: GangState, git: dict[str, Any], weapon: str, rules: RulesData, log: list[str]) -> None:
    """A weapon stuck to the git for good: it goes first in its weapons, and what no longer fits
    (hands, the weapon limit) comes off, last first. If even alone it cannot be carried (no
    weapons allowed at all), it is not."""
    others = [w for w in git.get("weapons", [])]
    git["weapons"] = [weapon, *others]
    while not _fits(g, rules) and len(git["weapons"]) > 1:
        lost = git["weapons"].pop()
        log.append(f"{g.boss}: {git['name']} loses the {rules.weapons[lost].name} (no hand free)")
    if not _fits(g, rules):
        git["weapons"] = others
        log.append(f"{g.boss}: {git['name']} cannot carry a {rules.weapons[weapon].name}")
        return
    log.append(f"{g.boss}: {git['name']} has a {rules.weapons[weapon].name} bolted on for good")


def exists(folder: Path) -> bool:
    return (folder / FILE).is_file() or os.path.exists(folder / (FILE + ".prev"))

"""Pop to the Shops (rulebook: "Pop to the Shops"): Grandpa Gunnock's Guns & Gear, Trucknuts' Used
Motors, and a stray — each a flow that rolls the stock and then asks the boss what to buy
(:class:`~.decisions.Shop`, :class:`~.decisions.HireStray`), one thing at a time, until done.

Only what the stash pays for and a git can carry is offered: the gang rules of "Gather Your
Gits" still hold (weapons, hands, one of each gear; a campaign gang has no budget).
"""

from __future__ import annotations

import copy
from collections.abc import Generator
from typing import Any

from ..data.dice import roll
from ..data.errors import DataError
from ..data.rules_data import RulesData
from ..rules import effects
from ..rules.decisions import Request
from ..rules.gangs import drop_stale_passengers, gang_cost, gang_from_doc, validate_gang
from ..rules.pieces import GitSpec
from .decisions import BUY, DONE, HireStray, Shop
from .state import GangState, GitState

Flow = Generator[Request, Any, None]

SHOP_ROLLS = 3  # "Make 3 loot rolls: that's what Grandpa currently has in their shop"
SHOP_MARKUP = 2  # "Everything costs double the listed price"
TRUCKNUTS_VEHICLES = TRUCKNUTS_BITS = 2  # "Make 2 rolls on the Random Vehicle Table … Make 2 vehicle loot rolls"
STRAY_FREE_WORTH, STRAY_FREE_STASH = 20, 5  # "worth less than 20 caps, and … fewer than 5 caps in your stash"
MAX_BUYS = 50  # a bound on one visit (free items are unlimited)
SLOT = {"weapons": "weapons", "gear": "gear", "vehicle_mods": "mods", "vehicle_weapons": "vehicle_weapons"}


def fits(g: GangState, rules: RulesData) -> bool:
    """The gang as it now stands breaks no rule of "Gather Your Gits" (a campaign gang has no budget),
    once any passenger it can no longer seat is set down (a passenger may buy a vehicle of their
    own: :func:`visit` then sets them down for real)."""
    doc = g.gang
    try:
        if any(isinstance(x, dict) and x.get("passengers") for x in doc.get("gits", [])):
            doc = copy.deepcopy(doc)
            drop_stale_passengers(doc, rules)
        return not validate_gang(gang_from_doc(doc, "<shop>", rules), rules)
    except DataError:
        return False


def _give(git: dict[str, Any], family: str, ident: str) -> None:
    if family == "vehicles":
        git["vehicle"] = ident
    else:
        git.setdefault(SLOT[family], []).append(ident)


def _take_back(git: dict[str, Any], family: str) -> None:
    if family == "vehicles":
        del git["vehicle"]
        return
    slot = git[SLOT[family]]
    slot.pop()
    if not slot:
        del git[SLOT[family]]


def _could(g: GangState, git: dict[str, Any], family: str, ident: str, rules: RulesData) -> bool:
    """Whether this git could take this thing (tried on the gang, then taken back)."""
    if family == "vehicles" and (git.get("vehicle") or not rules.gits[git["type"]].drives):
        return False
    if family in ("vehicle_mods", "vehicle_weapons") and not git.get("vehicle"):
        return False
    _give(git, family, ident)
    ok = fits(g, rules)
    _take_back(git, family)
    return ok


def _seconds(
    g: GangState, stock: list[tuple[str, str, str, int]], options: list[Any], rules: RulesData
) -> tuple[tuple[int, str, str], ...]:
    """The offered weapons a git already carries one of: (stock index, git, "both at once" when
    its hands hold the pair in one shoot action or fight, else "one at a time"). The book lets a
    git carry two of a weapon ("A git can use two of these in the same fight, or shoot action";
    only gear "can't [be] duplicate"), so a second Pistol is offered — and said to be a second."""
    specs = {s.name: s for s in gang_from_doc(g.gang, "<shop>", rules).gits}
    out = []
    for _buy, k, name in options:
        _label, family, ident, _price = stock[k]
        spec = specs.get(name)
        if family != "weapons" or spec is None or ident not in spec.weapons:
            continue
        both = effects.hands_for([ident, ident], spec, rules) <= effects.hands_of(spec, rules)
        out.append((k, name, "both at once" if both else "one at a time"))
    return tuple(out)


def visit(
    gi: int,
    g: GangState,
    shop: str,
    stock: list[tuple[str, str, str, int]],
    record: tuple[tuple[str, int, int], ...],
    rules: RulesData,
    log: list[str],
    unlimited: int = 0,
) -> Flow:
    """Offer ``stock`` (label, family, id, price) until the boss is done. A bought row leaves the
    shelf — a rolled row is one thing for sale, whatever its price ("Make 2 vehicle loot rolls,
    and that's what you have to choose from") — except the last ``unlimited`` rows (Grandpa
    Gunnock's "unlimited supply" of what is listed at zero)."""
    for _ in range(MAX_BUYS):
        options: list[Any] = []
        for k, (_label, family, ident, price) in enumerate(stock):
            if price > g.stash:
                continue
            options += [(BUY, k, git["name"]) for git in g.gang["gits"] if _could(g, git, family, ident, rules)]
        if not options:
            return
        prompt = f"{shop}: stash {g.stash} caps — buy something?"
        seconds = _seconds(g, stock, options, rules)
        pick = yield Shop(gi, (DONE, *options), prompt, shop, tuple(stock), g.stash, record, seconds)
        if pick == DONE:
            return
        _, k, name = pick
        label, family, ident, price = stock[k]
        git = next(x for x in g.gang["gits"] if x["name"] == name)
        _give(git, family, ident)
        g.stash -= price
        log.append(f"{g.boss}: {name} buys the {label} at {shop} for {price} caps")
        g.drop_stale_passengers(rules, log)  # a passenger who bought a vehicle drives it now
        if k < len(stock) - unlimited:
            stock = stock[:k] + stock[k + 1 :]


def gunnocks(
    gi: int, g: GangState, record: tuple[tuple[str, int, int], ...], rules: RulesData, rng: Any, log: list[str]
) -> Flow:
    """Grandpa Gunnock's Guns & Gear: three loot rolls are the stock, at double the listed price;
    "an unlimited supply of any weapon or bit of gear that is listed with a price of zero"."""
    table = rules.tables["loot"]
    rows = [table.lookup(int(roll(table.dice, rng)[0])) for _ in range(SHOP_ROLLS)]
    log.append(f"{g.boss}: Grandpa Gunnock's has {', '.join(r.result for r in rows)}")
    stock: list[tuple[str, str, str, int]] = []
    for r in rows:
        family, ident = str(r.ref).split("/", 1)
        if family in ("weapons", "gear"):
            stock.append((r.result, family, ident, SHOP_MARKUP * int(r.price or 0)))
    free = [("weapons", w.id, w.name) for w in rules.weapons.values() if w.cost == 0 and not w.innate]
    free += [("gear", it.id, it.name) for it in rules.gear.values() if it.cost == 0]
    stock += [(f"{name} (free)", family, ident, 0) for family, ident, name in free]
    yield from visit(gi, g, "Grandpa Gunnock's", stock, record, rules, log, unlimited=len(free))


def trucknuts(
    gi: int, g: GangState, record: tuple[tuple[str, int, int], ...], rules: RulesData, rng: Any, log: list[str]
) -> Flow:
    """Trucknuts' Used Motors: two rolls on the Random Vehicle Table and two vehicle loot rolls;
    "everything costs double the listed cost"."""
    cars = [
        rules.tables["random_vehicle"].lookup(int(sum(roll(rules.tables["random_vehicle"].dice, rng))))
        for _ in range(TRUCKNUTS_VEHICLES)
    ]
    bits = [
        rules.tables["vehicle_loot"].lookup(int(roll(rules.tables["vehicle_loot"].dice, rng)[0]))
        for _ in range(TRUCKNUTS_BITS)
    ]
    log.append(f"{g.boss}: Trucknuts' has {', '.join(r.result for r in cars + bits)}")
    stock: list[tuple[str, str, str, int]] = []
    for r in cars:
        vid = str(r.ref).split("/", 1)[1]
        stock.append((r.result, "vehicles", vid, SHOP_MARKUP * rules.vehicles[vid].cost))
    for r in bits:
        family, ident = str(r.ref).split("/", 1)
        stock.append(
            (
                r.result,
                "vehicle_mods" if family == "vehicle_mods" else "vehicle_weapons",
                ident,
                SHOP_MARKUP * int(r.price or 0),
            )
        )
    yield from visit(
        gi, g, "Trucknuts'", [s for s in stock if s[3] > 0] + [s for s in stock if s[3] == 0], record, rules, log
    )


def stray(gi: int, g: GangState, rules: RulesData, rng: Any, log: list[str]) -> Flow:
    """Pick Up a Stray: one roll on the random git table (a driver rolls a vehicle too); hired at
    double their cost, or free when the gang is worth under 20 caps with under 5 in the stash."""
    table = rules.tables["random_git"]
    row = table.lookup(int(sum(roll(table.dice, rng))))
    gtype = str(row.ref).split("/", 1)[1]
    git: dict[str, Any] = {"type": gtype, "name": new_name(g, rules.gits[gtype].name)}
    cost = rules.gits[gtype].cost
    if row.extra.get("driver"):
        vrow = rules.tables["random_vehicle"].lookup(int(sum(roll(rules.tables["random_vehicle"].dice, rng))))
        git["vehicle"] = str(vrow.ref).split("/", 1)[1]
        cost += rules.vehicles[git["vehicle"]].cost
    worth = gang_cost(gang_from_doc(g.gang, "<stray>", rules), rules)
    price = 0 if worth < STRAY_FREE_WORTH and g.stash < STRAY_FREE_STASH else SHOP_MARKUP * cost
    g.gang["gits"].append(git)
    ok = price <= g.stash and fits(g, rules)
    g.gang["gits"].pop()
    if not ok:
        log.append(f"{g.boss}: a stray {row.result} ({price} caps) is left on the street")
        return
    label = row.result
    if git.get("vehicle"):  # (the table's "Orc Driver (roll for vehicle)": rolled now, so named)
        label = f"{row.result.split(' (')[0]} with a {rules.vehicles[git['vehicle']].name}"
    about = stray_words(git, price, worth, g.stash, rules)
    cost_words = f"for {price} caps" if price else "for free"
    answer = yield HireStray(gi, ("hire", "no"), f"a stray {label} {cost_words}?", label, price, g.stash, about)
    if answer != "hire":
        log.append(f"{g.boss}: leaves the stray {row.result} on the street")
        return
    g.gang["gits"].append(git)
    g.stash -= price
    g.gits[git["name"]] = GitState()
    log.append(f"{g.boss}: hires a stray, {git['name']} the {row.result}, for {price} caps")


def stray_words(git: dict[str, Any], price: int, worth: int, stash: int, rules: RulesData) -> tuple[str, ...]:
    """What a stray comes with, for the boss deciding: its type and stats, its special rules, its
    kit (a stray is bought as listed: no weapons or gear but what its type has for free), its
    vehicle if it is a driver, and what it costs and why (double the listed cost, or free)."""
    t = rules.gits[git["type"]]
    an = "an" if t.name[:1].lower() in "aeiou" else "a"
    lines = [f"{git['name']}: {an} {t.name} — move {t.move}, toughness {t.toughness}, headbutt {t.headbutt}"]
    for sid in t.special:
        rule = rules.special_rules.get(sid)
        if rule is not None:
            lines.append(f"  {rule.name}: {rule.text}")
    free = [rules.weapons[w].name for w in t.free_weapons if w in rules.weapons]
    kit = f"its own {', '.join(free)} only" if free else "no weapons or gear (it can headbutt)"
    naked = effects.arrives_naked(GitSpec(git["type"], git["name"], (), ()), rules)  # an Animal: never any kit
    lines.append(f"comes with {kit}" + ("" if naked else "; Grandpa Gunnock's sells the rest next time"))
    listed = t.cost
    if git.get("vehicle"):
        v = rules.vehicles[git["vehicle"]]
        listed += v.cost
        lines.append(
            f"drives a {v.name} ({v.cost} caps listed): engine D{v.engine}, toughness {v.toughness}, "
            f"handling {v.handling}, {v.seats} seats, no guns or mods"
        )
    if price:
        lines.append(f'cost: {listed} caps listed, doubled to {price} ("paying double their listed cost")')
    else:
        lines.append(
            f"cost: free — your gang is worth {worth} caps (under {STRAY_FREE_WORTH}) and the stash holds "
            f"{stash} (under {STRAY_FREE_STASH})"
        )
    return tuple(lines)


def new_name(g: GangState, base: str) -> str:
    k = 1
    while f"Stray {base} {k}" in g.gits:
        k += 1
    return f"Stray {base} {k}"

"""Rules that were tested loosely, pinned to the rulebook's sentence: the shops' double price
exactly (not any even number), a Banner Ad on a fallen git, no booting — Tasty Snack or PTSD
either — after the siren, and the afterparty reading a boot-in and the last boss's scoop."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import match, of
from test_campaign import RULES, derby_campaign, quickstart_campaign, started
from test_factions import game as faction_game

from spacegits_sim import campaign as camp
from spacegits_sim.campaign.decisions import DONE
from spacegits_sim.rules import events as ev

ORC = {"type": "orc", "weapons": ["pistol", "regular_h2h"]}


def listed(label: str, family: str, ident: str) -> int:
    """What the rulebook lists a shop row at: a loot table row's price, a vehicle's cost, or 0 on
    Grandpa's free shelf."""
    if label.endswith("(free)"):
        return 0
    if family == "vehicles":
        return RULES.vehicles[ident].cost
    tables = ("loot",) if family in ("weapons", "gear") else ("vehicle_loot",)
    return int(next(r.price or 0 for t in tables for r in RULES.tables[t].rows if r.result == label))


def shelves(flow) -> list[tuple]:
    """Every row a shop flow offered (the boss buys nothing)."""
    seen: list[tuple] = []

    def look(req):
        seen.extend(req.stock)
        return DONE

    camp.run(flow, look)
    return seen


@pytest.mark.rule("campaigns", "shops-double-price")
def test_every_shop_row_costs_exactly_double_its_listed_price():
    """ "Everything costs double the listed price" (Grandpa Gunnock's); "Everything costs double
    the listed cost" (Trucknuts'): exactly twice, not any even number (4x passed the old test)."""
    rows = 0
    for seed in range(8):
        c = derby_campaign()
        red = c.gangs[0]
        red.stash = 99
        for flow in (
            camp.gunnocks(0, red, (), RULES, np.random.default_rng(seed), []),
            camp.trucknuts(0, red, (), RULES, np.random.default_rng(seed), []),
        ):
            for label, family, ident, price in shelves(flow):
                assert price == 2 * listed(label, family, ident), (label, price)
                rows += 1
    assert rows > 16


def _keep_saying_no(asked: list):
    return lambda req: asked.append(req) or "no"


@pytest.mark.rule("campaigns", "pick-up-a-stray")
def test_a_stray_costs_exactly_double_its_listed_cost():
    """ "If you like, you can add them to your gang, paying double their listed cost." """
    seen = 0
    for seed in range(20):
        c = quickstart_campaign()
        red = c.gangs[0]
        red.stash = 99
        asked: list = []
        camp.run(camp.stray(0, red, RULES, np.random.default_rng(seed), []), _keep_saying_no(asked))
        for req in asked:
            git, _, car = req.label.partition(" with a ")
            row = next(r for r in RULES.tables["random_git"].rows if r.result.split(" (")[0] == git)
            cost = RULES.gits[str(row.ref).split("/", 1)[1]].cost
            cost += next((v.cost for v in RULES.vehicles.values() if v.name == car), 0) if car else 0
            assert req.price == 2 * cost, (req.label, req.price)
            seen += 1
    assert seen


# ---- the siren ------------------------------------------------------------------------------------


@pytest.mark.rule("fancy_gear", "banner-ad")
def test_banner_ad_pays_nothing_on_a_fallen_git():
    """Banner Ad: "when the 30 minute timer goes off, if this git is upright, you immediately gain
    D3-1 caps" — a fallen git earns nothing."""
    m = match(
        [[dict(ORC, name="Ad", gear=["banner_ad"])], [dict(ORC, name="B")]], {"a1": (5, 5), "b1": (20, 20)}, timer_min=1
    )
    m.models["a1"].fallen = True
    m.table.set_upright("a1", False)
    m.clock_running = True
    stash = m.bosses[0].stash
    m.advance(61)
    assert m.siren and not of(m, ev.CapsWon) and m.bosses[0].stash == stash


def _fallen_after_the_siren(git: dict, faction: str | None = None):
    m = faction_game([git], [dict(ORC, name="B")], {"a1": (5, 5), "b1": (20, 20)}, faction)
    m.models["a1"].fallen = True
    m.table.set_upright("a1", False)
    return m


@pytest.mark.rule("fancy_gear", "tasty-snack")
@pytest.mark.rule("factions", "ptsd")
def test_no_tasty_snack_nor_ptsd_boots_a_git_up_after_the_siren():
    """Time, Gentlemen: "When you hear the siren … you cannot boot any more. That means fallen
    gits stay down." Tasty Snack (L334) and PTSD (L721) are a git booting itself up the arse:
    before the siren it may; after it, it stays down."""
    for git, faction in ((dict(ORC, name="Snacker", gear=["tasty_snack"]), None), (dict(ORC, name="Vet"), "old_boys")):
        m = _fallen_after_the_siren(git, faction)
        assert "a1" in m.activatable(0)
        m.siren = True
        assert "a1" not in m.activatable(0), git["name"]


# ---- the afterparty reads the log ---------------------------------------------------------------------


MODELS = [
    {"id": "a1", "name": "Grunk", "boss": 0},
    {"id": "a2", "name": "Skab", "boss": 0},
    {"id": "b1", "name": "Urgat", "boss": 1},
    {"id": "b2", "name": "Snot", "boss": 1},
]


@pytest.mark.rule("campaigns", "mugging")
def test_putting_the_boot_in_for_a_cap_is_mugging_and_booting_a_friend_up_is_not():
    """Mugging: "If this git took a cap from an enemy, either using pinch or boot, check this
    offense." A boot-in that took a cap charges it; one that took none (an empty stash), or a
    friend booted up the arse, charges nothing."""
    f = camp.read_game(
        [
            started(MODELS),
            ev.Booted("a1", "b1", "boot_in", 1),
            ev.Booted("a2", "b2", "boot_in", 0),
            ev.Booted("b1", "b2", "boot_up", 0),
        ]
    )
    assert f.offenses == {"a1": {"mugging"}}


@pytest.mark.rule("campaigns", "injured-if-fallen-when-removed")
def test_the_last_boss_scooping_up_leaves_its_fallen_gits_injured_and_its_standing_ones_not():
    """ "A git is injured if they were fallen when they were removed from play during this game."
    The last boss standing scoops the caps and the game ends: its gits leave the table then, the
    fallen ones injured (a standing one, or one stood up again, is not)."""
    f = camp.read_game(
        [
            started(MODELS),
            *(ev.Deployed("Red" if m["boss"] == 0 else "Blue", m["id"], (1, 1)) for m in MODELS),
            ev.TowerFell("b1", "Blue", "fell_over", "a shot", 4),
            ev.TowerFell("b2", "Blue", "fell_over", "a shot", 4),
            ev.StoodUp("b2", "booted", (1, 1)),
            ev.TowerFell("a1", "Red", "fell_over", "a shot", 4),
            ev.LeggedIt("Red", [], ["a1", "a2"], [], False),
            ev.CapsScooped("Blue", 2),
        ]
    )
    assert f.injured == {"a1", "b1"}


# ---- a Gun Arm's gun ------------------------------------------------------------------------------------


class _Dice:
    """A die stream that rolls what a test says (``integers`` as numpy's)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def integers(self, lo: int, hi: int, size=None):  # noqa: ARG002
        return self.values.pop(0)


@pytest.mark.rule("campaigns", "treatments-act-once")
def test_a_gun_arm_that_loots_no_gun_in_twenty_rolls_picks_among_the_gun_rows_and_says_so():
    """Gun Arm: "Make a loot roll to find out what gun the doc has attached." Re-rolled until a gun;
    after 20 misses the doc picks among the gun rolls only (the same odds) and the log says so —
    never silently the alphabetically first gun."""
    from spacegits_sim.rules import treatments

    loot = RULES.tables["loot"]
    gear = next(n for n in range(1, 101) if str(loot.lookup(n).ref).startswith("gear/"))
    guns = [
        n
        for r in loot.rows
        for n in range(r.lo, r.hi + 1)
        if str(r.ref).startswith("weapons/") and RULES.weapons[str(r.ref).split("/")[1]].kind == "shooting"
    ]
    tens, units = gear // 10 % 10 or 10, gear % 10 or 10
    said: list[str] = []
    k = len(guns) - 1  # the last gun roll
    got = treatments.loot_gun(RULES, _Dice(*([tens, units] * treatments.MAX_REROLLS), k), said.append)
    want = str(loot.lookup(guns[k]).ref).split("/")[1]
    assert got == want and got != min(w.id for w in RULES.weapons.values() if w.kind == "shooting" and not w.innate)
    assert said and "found no gun" in said[0] and str(guns[k]) in said[0]


# ---- a gang file's mode ------------------------------------------------------------------------------


GANG = """name: Rolled
mode: {mode}
gits:
  - {{type: orc, name: Grunk, weapons: [pistol, regular_h2h]}}
  - {{type: orc, name: Skab, weapons: [shotgun], gear: [chunky_armour]}}
  - {{type: bullorc, name: Big}}
  - {{type: bullorc, name: Bigger}}
"""


@pytest.mark.rule("gather_your_gits", "chef-25-caps-of-naked-gits")
def test_validate_warns_what_a_rolled_or_campaign_gang_file_leaves_unchecked(tmp_path):
    """Chef's Recommendation: "Buy 25 caps worth of naked gits, but don't buy them weapons or fancy
    gear: those are rolled up randomly"; Chaos: "use the random git table to generate your naked
    gits". A file cannot prove what was rolled, so `validate` says aloud what it took on trust —
    naming the file — instead of a plain "ok" (an a la carte gang over budget is still an error)."""
    import subprocess
    import sys

    from conftest import ROOT

    said = {}
    for mode in ("chefs_recommendation", "chaos", "campaign", "a_la_carte"):
        f = tmp_path / f"{mode}.yaml"
        f.write_text(GANG.format(mode=mode))
        run = subprocess.run(
            [sys.executable, "-m", "spacegits_sim", "validate", str(f)], capture_output=True, text=True, cwd=ROOT
        )
        said[mode] = (run.returncode, " ".join(run.stderr.split()), run.stdout)
    code, err, out = said["chefs_recommendation"]
    assert code == 0 and "warning" in err and "chefs_recommendation.yaml" in err
    assert "rolled up randomly" in err and "taken as rolled" in err and "not all checked" in out
    code, err, out = said["chaos"]
    assert code == 0 and "chaos.yaml" in err and "not checked against the budget" in err and "not all checked" in out
    code, err, out = said["campaign"]
    assert code == 0 and "campaign.yaml" in err and "campaign's business" in err
    code, err, _ = said["a_la_carte"]
    assert code == 1 and "budget is 25" in err

"""The log's sentences read as English whatever the numbers and names: one die and two dice, one
cap and no caps, and a gang's name (as often plural as not) never made to agree with a verb.
Presentation only: the events' fields are the goldens' and do not change."""

from __future__ import annotations

from spacegits_sim.rules.events.base import count
from spacegits_sim.rules.events.combat import BulletResolved, Thumped
from spacegits_sim.rules.events.flow import CapsScooped, LeggedIt
from spacegits_sim.rules.events.table import DiceThrown
from spacegits_sim.rules.events.vehicles import Smashed, WipedOut
from spacegits_sim.rulesets.gangfight.events import GameEnded, TurnStarted

NAMES = {"m1": "Mogrot", "m2": "Snikkit"}


def _die(value: int) -> dict:
    return {"id": "d", "sides": 6, "value": value, "position": (1.0, 1.0), "angle": 0.0, "trajectory": []}


def test_count_agrees_the_noun_with_the_number():
    assert [count(0, "cap"), count(1, "cap"), count(2, "cap")] == ["0 caps", "1 cap", "2 caps"]
    assert [count(1, "die", "dice"), count(3, "die", "dice")] == ["1 die", "3 dice"]


def test_one_bullet_die_is_a_die_and_two_are_dice():
    """The log said "throws 1 bullet dice"."""
    one = DiceThrown("Mogrot", "m1", "bullet", (0, 0), (1, 1), 1.0, [_die(4)])
    two = DiceThrown("Mogrot", "m1", "bullet", (0, 0), (1, 1), 1.0, [_die(4), _die(2)])
    assert "throws 1 bullet die for Mogrot" in one.describe(NAMES)
    assert "throws 2 bullet dice for Mogrot" in two.describe(NAMES)
    tumble = DiceThrown("Mogrot", "m1", "tumble", (0, 0), (1, 1), 1.0, [_die(4)])
    assert tumble.describe(NAMES).endswith("tumbles: 1 die scatters")


def test_caps_and_gits_are_counted_in_the_singular_and_the_plural():
    """ "scoops up 1 caps" and "0 git(s) near enemies leave 0 cap(s) behind"."""
    assert "scoops up 1 cap from" in CapsScooped("Mogrot", 1).describe(NAMES)
    assert "scoops up 3 caps from" in CapsScooped("Mogrot", 3).describe(NAMES)
    none = LeggedIt("Mogrot", [], [], [], False).describe(NAMES)
    assert "0 gits near enemies leave 0 caps behind" in none and "(s)" not in none
    one = LeggedIt("Mogrot", ["m2"], [], [("c1", (1.0, 1.0))], False).describe(NAMES)
    assert "1 git near enemies leaves 1 cap behind" in one


def test_a_thump_and_a_smash_say_what_their_dice_are_rolled_for():
    """ "rolls [1] vs toughness 3, 1 damage" did not say what the roll was for."""
    thump = Thumped("m1", "m2", ["fists"], [1], 3, 1).describe(NAMES)
    assert thump == "Mogrot thumps Snikkit with fists: rolls [1] for damage, big on 3+ (its toughness): 1 damage"
    smash = Smashed("m1", "m2", [5], 4, 2, False, "collision").describe(NAMES)
    assert "rolls 1 die [5] for damage, big on 4+ (its toughness): 2 damage" in smash
    wipe = WipedOut("m1", "a crash", 1, [("c1", (1.0, 1.0))]).describe(NAMES)
    assert "1 tower die goes flying, 1 cap flies off" in wipe


def test_a_gangs_name_is_never_made_to_agree_with_a_verb():
    """ "The Black Hounds activates first", "The Black Hounds wins"."""
    names = {"seat0": "The Black Hounds", "seat1": "Da Boss"}
    assert TurnStarted(turn=2, first=0).describe(names) == "turn 2: first to activate: The Black Hounds"
    won = GameEnded(reason="six turns", vp=[5, 3], winners=[0], turn=6).describe(names)
    assert won.endswith("; winner: The Black Hounds") and " wins" not in won


def test_an_id_card_names_a_vehicle_once_and_a_git_by_its_type():
    """Playtest 2026-12-05: "Gazbag's Buggy the Buggy"."""
    from spacegits_sim.render.board import id_title

    assert id_title("Gazbag's Buggy", "Buggy") == "Gazbag's Buggy"
    assert id_title("Grunk", "Orc") == "Grunk the Orc"


def test_a_jam_says_its_value_and_that_the_die_is_discarded_unresolved():
    """Jams: "it is discarded without being resolved". The log said "jams (a natural 1)", also for
    the 2 that Overheating Ammo Belts jams, and not what a jam does (playtest finding 5)."""
    one = BulletResolved("m1", "Pistol", "d", 1, True, None, None, False, 0, False).describe(NAMES)
    two = BulletResolved("m1", "Pistol", "d", 2, True, None, None, False, 0, False).describe(NAMES)
    assert one == "Mogrot's Pistol jams on a 1: the die is discarded unresolved"
    assert "jams on a 2" in two


def test_a_vehicle_deployed_says_which_way_it_faces_in_the_prompts_degrees():
    """A vehicle's facing is chosen at deployment (the hot-seat prompt: "R/Shift+R turns it (now
    90°)"); the log says the facing chosen, in the same degrees, so a player can check it."""
    import math

    from spacegits_sim.rules.events.vehicles import VehicleMoved

    e = VehicleMoved("v", (1.0, 2.0), (1.0, 2.0), -math.pi / 2, -math.pi / 2, None, None, 0.0, None, "deployed")
    assert e.describe({"v": "Grimfang's Truck"}) == "Grimfang's Truck faces 270°"
    e = VehicleMoved("v", (1.0, 2.0), (1.0, 2.0), 0.0, 0.0, None, None, 0.0, None, "deployed")
    assert e.describe({"v": "Grimfang's Truck"}) == "Grimfang's Truck faces 0°"

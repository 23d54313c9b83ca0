"""Criminal Records and Attitude: the boss chooses WHICH offenses a git erases, not how many.

"Each offense can only be ticked once." … "They can erase any of their offenses to roll that many
D6. For each 6 they roll, they increase their attitude by 1." (rulebook, Campaigns, lines ~473-486)
"""

from __future__ import annotations

import copy
import json

import pytest
from test_campaign import RULES, Scripted, derby_campaign, quickstart_campaign

from spacegits_sim import campaign as camp
from spacegits_sim.campaign.afterparty import records
from spacegits_sim.campaign.decisions import subsets
from spacegits_sim.rng import stream
from spacegits_sim.rules.decisions import IllegalDecision

RECORD = ["assault", "looting", "discharging_a_firearm"]  # (the record's order is the book's: OFFENSES)


def facts_of(did: dict[str, set[str]], boss: int = 0) -> camp.GameFacts:
    """One game's facts: each named git of gang ``boss`` did these offenses."""
    mids = {name: f"m{k}" for k, name in enumerate(did)}
    return camp.GameFacts(
        offenses={mids[n]: set(o) for n, o in did.items()},
        names={m: n for n, m in mids.items()},
        boss_of={m: boss for m in mids.values()},
    )


def criminal_records(c: camp.Campaign, did: dict[str, set[str]], answer, rng=None) -> tuple[list[str], list]:
    """Criminal Records for gang 0 after a game in which its gits did ``did``; the log and the
    questions asked."""
    log: list[str] = []
    seen: list = []

    def keep(req):
        seen.append(req)
        return answer(req)

    camp.run(records(0, c.gangs[0], facts_of(did), RULES, rng or Scripted(6, 1, 6, 1, 6, 1), log), keep)
    return log, seen


@pytest.mark.rule("campaigns", "getting-an-attitude")
def test_erasing_a_chosen_subset_leaves_exactly_the_others_ticked_and_rolls_a_d6_for_each_erased():
    """ "They can erase any of their offenses to roll that many D6. For each 6 they roll, they
    increase their attitude by 1." Any of them: Looting and Assault erased (named in any order),
    Discharging a Firearm kept — it alone stays ticked, and two dice are rolled (a 6: +1)."""
    c = quickstart_campaign()
    grunk = c.gangs[0].gits["Grunk"]
    log, seen = criminal_records(
        c, {"Grunk": set(RECORD)}, lambda r: ["looting", "assault"], Scripted(6, 2)
    )  # (a list: a JSON answer's shape)
    (req,) = seen
    assert req.offenses == tuple(RECORD) and len(req.options) == 2 ** len(RECORD) and () in req.options
    assert grunk.record == ["discharging_a_firearm"]
    assert grunk.attitude == 2
    assert log == [
        "Red: Grunk erases Assault, Looting for [6, 2]: attitude 2; keeps Discharging a Firearm in a Public Place"
    ]


@pytest.mark.rule("campaigns", "getting-an-attitude")
def test_an_offense_kept_cannot_be_ticked_again_next_game_while_an_erased_one_can():
    """ "Each offense can only be ticked once." Game 1: Grunk assaults and loots; his boss erases
    Looting and keeps Assault. Game 2: he does both again — Looting is ticked again (a new die to
    erase), Assault cannot be: erasing everything then rolls 2D6, not 3."""
    c = quickstart_campaign()
    grunk = c.gangs[0].gits["Grunk"]
    criminal_records(c, {"Grunk": {"assault", "looting"}}, lambda r: ("looting",), Scripted(1))
    assert grunk.record == ["assault"]
    rng = Scripted(1, 1, 1)
    log, seen = criminal_records(c, {"Grunk": {"assault", "looting"}}, lambda r: r.offenses, rng)
    assert seen[0].offenses == ("assault", "looting")  # Assault once, Looting ticked anew
    assert seen[0].committed == ("assault", "looting")  # (what he did, ticked or not)
    assert rng.values == [1] and "erases Assault, Looting for [1, 1]" in log[0]
    assert grunk.record == []


@pytest.mark.rule("campaigns", "getting-an-attitude")
def test_an_old_integer_answer_still_means_the_first_that_many_offenses():
    """Before the boss chose which, the answer was how many, and the engine erased the first k.
    A scripted boss, a test or a JSON answer (``2`` read back from a file) that still says a number
    means what it meant: the first two of the record — the same offenses and the same dice as
    naming them."""
    req = camp.EraseOffenses(0, subsets(tuple(RECORD)), "", "Grunk", tuple(RECORD), 1)
    assert req.check(req.from_json(json.loads("2"))) == ("assault", "looting")
    assert req.check(0) == () and req.check(3) == tuple(RECORD)
    assert camp.option_text(req, 1) == "erase Assault (1D6, +1 attitude per 6)"
    by_number, by_name = quickstart_campaign(), quickstart_campaign()
    logs = [
        criminal_records(by_number, {"Grunk": set(RECORD)}, lambda r: 2, stream(5, "test/erase"))[0],
        criminal_records(by_name, {"Grunk": set(RECORD)}, lambda r: ("assault", "looting"), stream(5, "test/erase"))[0],
    ]
    assert logs[0] == logs[1] and "erases Assault, Looting for" in logs[0][0]
    assert by_number.gangs[0].gits["Grunk"].record == by_name.gangs[0].gits["Grunk"].record == ["discharging_a_firearm"]


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (("mugging",), "'mugging', not on the record"),
        (("looting", "looting"), "'looting' more than once"),
        (4, "4 offenses (the record holds 3)"),
        ("looting", "'looting'"),
        (True, "True"),
    ],
)
def test_a_bad_erase_answer_is_refused_with_one_clear_message_and_nothing_changed(answer, why):
    """An offense not on the record, one named twice, more than the record holds, or not a list of
    offenses at all: one message naming the question, the git, what was wrong and what is legal
    — and the git's record and attitude, and the dice, untouched."""
    c = quickstart_campaign()
    grunk = c.gangs[0].gits["Grunk"]
    rng = Scripted(6, 6, 6)
    asked: list = []

    def bad(req):
        asked.append(copy.deepcopy(grunk))
        return answer

    with pytest.raises(IllegalDecision) as e:
        criminal_records(c, {"Grunk": set(RECORD)}, bad, rng)
    message = str(e.value)
    assert message.startswith(f"erase_offenses for Grunk: cannot erase {why};")
    assert "from its record ['assault', 'looting', 'discharging_a_firearm']" in message
    assert "[] keeps them all" in message and "\n" not in message
    assert grunk == asked[0] and grunk.record == RECORD and grunk.attitude == 1 and rng.values == [6, 6, 6]


def test_the_ai_boss_erases_the_offenses_its_git_is_likely_to_commit_again_and_keeps_the_rest():
    """Which to erase matters: one kept ticked cannot be ticked again. The AI boss (attitude 2 or
    less) erases what the git will likely do again — what it did this game, Dangerous Driving for
    a driver, Discharging a Firearm for a git with a gun (by offense id and the weapon's kind in
    the rules data) — and keeps an old offense it did not repeat."""
    c = derby_campaign()
    ai = camp.AfterpartyAI(c, RULES)
    rec = ("assault", "dangerous_driving", "looting", "mugging", "discharging_a_firearm")

    def ask(git: str, did: tuple[str, ...], attitude: int = 1):
        return ai(camp.EraseOffenses(0, subsets(rec), "", git, rec, attitude, did))

    # Gazbag drives a buggy and carries a pistol; this game he looted
    assert ask("Gazbag", ("looting",)) == ("dangerous_driving", "looting", "discharging_a_firearm")
    # Rukk walks: no Dangerous Driving to expect; he mugged and thumped this game
    assert ask("Rukk", ("assault", "mugging")) == ("assault", "mugging", "discharging_a_firearm")
    for x in c.gangs[0].gang["gits"]:
        if x["name"] == "Rukk":
            x["weapons"] = ["regular_h2h"]  # no gun now
    assert ask("Rukk", ("assault",)) == ("assault",)
    assert ask("Gazbag", ("looting",), attitude=3) == ()  # past 2, Bad Attitude is a 6 or two away


# ---- the window: a toggle per offense and a button to answer ------------------------------------


def test_the_window_ticks_and_unticks_each_offense_by_click_or_number_and_answers_with_those_ticked(window):
    """ "They can erase any of their offenses": the screen has one toggle per offense (click it,
    or press its number; a second press unticks it) and a button (or Enter) that answers with the
    ticked ones — any subset, without 2^n buttons."""
    from spacegits_sim.render.choices import pick_some, toggle_rects

    pygame, surface = window
    items = ["Assault", "Looting", "Discharging a Firearm in a Public Place"]
    toggles, ok = toggle_rects(surface.get_size(), [], len(items))

    def key(k):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    def click(rect):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))

    def confirm(picked):
        return f"erase {len(picked)}"

    for k in (pygame.K_1, pygame.K_3, pygame.K_2, pygame.K_2):
        key(k)
    click(ok)
    assert pick_some(surface, "t", "p", [], items, confirm) == (0, 2)
    click(toggles[1])
    key(pygame.K_RETURN)
    assert pick_some(surface, "t", "p", [], items, confirm) == (1,)
    key(pygame.K_RETURN)
    assert pick_some(surface, "t", "p", [], items, confirm) == ()


def test_the_window_boss_asks_which_offenses_by_their_book_names_and_answers_their_ids(monkeypatch):
    """The campaign's window boss shows each offense by the rulebook's name and whether the git did
    it this game or it was kept from an earlier one, and a button saying what the ticked ones cost
    and bring; the answer is their ids."""
    from spacegits_sim.cli.campaign import WindowBoss
    from spacegits_sim.render import choices

    shown = {}

    def pick(title, prompt, lines, items, confirm):
        shown.update(title=title, lines=lines, items=items, none=confirm(()), two=confirm((0, 2)))
        return (0, 2)

    monkeypatch.setattr(choices, "pick_some_in_window", pick)
    c = quickstart_campaign()
    c.gangs[0].gits["Grunk"].record = ["mugging"]  # kept from an earlier game
    did = {"assault", "discharging_a_firearm"}
    _, seen = criminal_records(c, {"Grunk": did}, WindowBoss(c, RULES), Scripted(1, 1))
    assert seen[0].committed == ("assault", "discharging_a_firearm")
    assert c.gangs[0].gits["Grunk"].record == ["mugging"]
    assert shown["title"] == "Red at the afterparty: Criminal Records"
    assert shown["items"] == [
        "Assault (done this game)",
        "Mugging (ticked in an earlier game, kept)",
        "Discharging a Firearm in a Public Place (done this game)",
    ]
    assert shown["none"] == "keep every offense ticked (no dice)"
    assert shown["two"] == "erase Assault, Discharging a Firearm in a Public Place (2D6, +1 attitude per 6)"

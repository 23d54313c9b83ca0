"""The afterparty's decisions: typed requests, the same protocol as the match's
(``rules/decisions.py``), so an AI boss answers them in code and a human boss at a prompt.

Each request is a :class:`~spacegits_sim.rules.decisions.Choice`: the legal answers are its
``options`` and :meth:`check` refuses anything else; ``boss`` is the gang's index in the
campaign. The extra fields say what a person needs to decide (the stock and its prices, the
stash, how each git did in the game) and what :func:`option_text` shows for each option.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ..rules.decisions import Choice, IllegalDecision, Request
from .state import OFFENSE_NAMES

DONE = "done"
BUY = "buy"
FREE = " (free)"  # how Grandpa Gunnock's free shelf names its rows (the log says "the Pistol (free)")

# where the boss is for each question: the window's title ("Red at Trucknuts'"), the shop's own name for a shop
PLACES = {
    "erase_offenses": "at the afterparty: Criminal Records",
    "fire_git": "before the game: Bad Attitude",
    "health_plan": "at A&E",
    "pick_treatment": "at A&E",
    "repair_job": "at Krankshaft's Auto Repairs",
    "pick_repair": "at Krankshaft's Auto Repairs",
    "hire_stray": "on the street: Pick Up a Stray",
}


@dataclass(frozen=True)
class EraseOffenses(Choice):
    """ "They can erase any of their offenses to roll that many D6. For each 6 they roll, they
    increase their attitude by 1." "Any of their offenses" is any subset, and which ones matters:
    one still ticked "can only be ticked once", so it cannot be ticked again next game — a boss
    erases what the git will do again (a driver's Dangerous Driving) and keeps the rest.

    Options: every subset of ``offenses`` as a tuple of offense ids in the record's order (``()``
    keeps them all ticked). Why every subset rather than a count or a two-step question: a record
    holds at most the six offenses, so at most 2^6 = 64 options, and the answer stays one plain
    JSON value that :meth:`check` refuses or accepts like every other Choice (a two-step question
    would split one decision over two requests, and a count cannot say which). A person does not
    read 64 buttons: the window and the terminal let them toggle each offense and confirm.

    :meth:`check` takes the ids in any order (a list from JSON too) and gives them in the record's
    order; a whole number — the old answer, "how many" — still means the first that many, as it
    did. ``committed``: what the git did in the game just played (ticked now, or already ticked),
    the AI's guess at what it will do again."""

    kind: ClassVar[str] = "erase_offenses"
    git: str = ""
    offenses: tuple[str, ...] = ()
    attitude: int = 1
    committed: tuple[str, ...] = ()

    def check(self, answer: Any) -> tuple[str, ...]:
        if isinstance(answer, int) and not isinstance(answer, bool):  # the old answer: how many, the first ones
            if 0 <= answer <= len(self.offenses):
                return self.offenses[:answer]
            raise IllegalDecision(self.refusal(f"{answer} offenses (the record holds {len(self.offenses)})"))
        if not isinstance(answer, (list, tuple)) or not all(isinstance(o, str) for o in answer):
            raise IllegalDecision(self.refusal(repr(answer)))
        missing = [o for o in answer if o not in self.offenses]
        if missing:
            raise IllegalDecision(self.refusal(f"{', '.join(map(repr, missing))}, not on the record"))
        repeated = sorted({o for o in answer if list(answer).count(o) > 1}, key=self.offenses.index)
        if repeated:
            raise IllegalDecision(self.refusal(f"{', '.join(map(repr, repeated))} more than once"))
        return tuple(o for o in self.offenses if o in answer)

    def refusal(self, what: str) -> str:
        """One message: the question, the git, what was wrong and what is legal."""
        return (
            f"erase_offenses for {self.git}: cannot erase {what}; answer the offenses to erase, each once, "
            f"from its record {list(self.offenses)} (any of them, in any order; [] keeps them all)"
        )

    def from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data


def subsets(offenses: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every subset of a record, each in the record's order, the smallest first (``()``: erase none)."""
    return tuple(s for k in range(len(offenses) + 1) for s in combinations(offenses, k))


@dataclass(frozen=True)
class FireGit(Choice):
    """Bad Attitude: the git skips this game; "you can fire them if you want … (They take all their
    stuff with them.)" Options: "fire", "keep"."""

    kind: ClassVar[str] = "fire_git"
    git: str = ""
    attitude: int = 0
    skipped: int = 0


@dataclass(frozen=True)
class HealthPlan(Choice):
    """ "Choose a health plan: pay to go private, else go public." Private care costs ``price``
    caps (the diagnosis table's Private column) and rolls the treatment twice, the boss choosing
    which to apply (:class:`PickTreatment`); public care is free and rolls once. Options:
    "private", "public" (asked only when the stash holds the price)."""

    kind: ClassVar[str] = "health_plan"
    git: str = ""
    location: str = ""
    price: int = 0
    stash: int = 0


@dataclass(frozen=True)
class PickTreatment(Choice):
    """Private care's second opinion: "If you paid to go private, you can get a second opinion:
    roll twice and choose which roll to apply." Options: the two treatments rolled (their names);
    ``texts``: what each does."""

    kind: ClassVar[str] = "pick_treatment"
    git: str = ""
    location: str = ""
    rolls: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()


@dataclass(frozen=True)
class RepairJob(Choice):
    """Krankshaft's quote: a proper job (``price`` caps: two repair rolls, and the boss chooses
    which to apply, :class:`PickRepair`) or a free bodge job (one roll). Options: "proper", "bodge"."""

    kind: ClassVar[str] = "repair_job"
    git: str = ""
    vehicle: str = ""
    location: str = ""
    price: int = 0
    stash: int = 0


@dataclass(frozen=True)
class PickRepair(Choice):
    """A proper job: "If you paid for a proper job, you roll twice and choose which roll to
    apply." Options: the two repairs rolled (their names); ``texts``: what each does."""

    kind: ClassVar[str] = "pick_repair"
    git: str = ""
    vehicle: str = ""
    location: str = ""
    rolls: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shop(Choice):
    """A visit to a shop: buy one thing for one git, or be done. Options: ``("buy", k, git)``
    (``stock[k]`` for that git; only what the stash pays for and the git can carry) and "done".
    ``stock``: (label, family, id, price) — family "weapons", "gear", "vehicles", "vehicle_mods"
    or "vehicle_weapons"; a price-0 row is unlimited. ``record``: per git, (name, times it fell,
    shoot actions) in the game just played. ``seconds``: (stock index, git, how) for a weapon the
    git already carries one of — the book allows two ("A git can use two of these in the same
    fight, or shoot action"; only gear "can't [be] duplicate"), and the button says it is a
    second one and whether both can be used at once (``how``: "both at once" or "one at a time")."""

    kind: ClassVar[str] = "shop"
    shop: str = ""
    stock: tuple[tuple[str, str, str, int], ...] = ()
    stash: int = 0
    record: tuple[tuple[str, int, int], ...] = ()
    seconds: tuple[tuple[int, str, str], ...] = ()

    def from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data


@dataclass(frozen=True)
class HireStray(Choice):
    """Pick Up a Stray: "If you like, you can add them to your gang, paying double their listed
    cost." Options: "hire", "no"."""

    kind: ClassVar[str] = "hire_stray"
    label: str = ""
    price: int = 0
    stash: int = 0
    about: tuple[str, ...] = ()  # what the stray comes with: type, stats, rules, kit, vehicle, cost


def context_lines(req: Request) -> list[str]:
    """What a person deciding needs to see besides the prompt: a shop's shelf with its prices and
    how each git did in the game (the free, unlimited shelf is in the options)."""
    lines: list[str] = []
    if isinstance(req, Shop):
        lines.append(f"stash: {req.stash} caps")
        lines += [f"on the shelf: {label} — {price} caps" for label, _f, _i, price in req.stock if price]
        lines += [f"{name}: fell {fell}×, shot {shot}× in the game" for name, fell, shot in req.record]
    elif isinstance(req, RepairJob):
        lines.append(f"stash: {req.stash} caps; a proper job: two repair rolls, you choose which; a bodge: one")
    elif isinstance(req, HealthPlan):
        lines.append(f"stash: {req.stash} caps; private: two treatment rolls, you choose which; public: one, free")
    elif isinstance(req, (PickTreatment, PickRepair)):
        lines += [f"rolled {n}: {text}" for n, text in zip(req.rolls, req.texts, strict=True)]
    elif isinstance(req, HireStray):
        lines.append(f"stash: {req.stash} caps")
        lines += list(req.about)
    elif isinstance(req, EraseOffenses):
        lines.append(f"attitude {req.attitude}: at 4+ a git may skip games (Bad Attitude)")
        lines.append(
            "a D6 for each offense erased, +1 attitude per 6; one kept stays ticked and cannot be ticked again"
        )
    return lines


def offense_rows(req: EraseOffenses) -> list[str]:
    """Each offense on the record by the rulebook's name and when it was ticked — this game, or an
    earlier game and kept (the one a boss is likeliest to see again is what the git just did)."""
    return [
        f"{OFFENSE_NAMES.get(o, o.replace('_', ' '))} ("
        + ("done this game" if o in req.committed else "ticked in an earlier game, kept")
        + ")"
        for o in req.offenses
    ]


def screen_title(req: Request, boss: str) -> str:
    """The boss and where they are ("Red at Trucknuts'"): every screen was "Red: shop", the
    shop's name only in the prompt."""
    if isinstance(req, Shop) and req.shop:
        return f"{boss} at {req.shop}"
    place = PLACES.get(req.kind)
    return f"{boss} {place}" if place else f"{boss}: {req.kind.replace('_', ' ')}"


def option_text(req: Request, option: Any) -> str:
    """What an option means, in words (the terminal prompt and the afterparty screen show this)."""
    if isinstance(req, EraseOffenses):
        erased = req.check(option)
        if not erased:
            return "keep every offense ticked (no dice)"
        words = ", ".join(OFFENSE_NAMES.get(o, o.replace("_", " ")) for o in erased)
        return f"erase {words} ({len(erased)}D6, +1 attitude per 6)"
    if isinstance(req, HealthPlan):
        return f"go private ({req.price} caps: roll twice, choose)" if option == "private" else "go public (free)"
    if isinstance(req, RepairJob):
        return f"a proper job ({req.price} caps: roll twice, choose)" if option == "proper" else "a bodge job (free)"
    if isinstance(req, (PickTreatment, PickRepair)):
        return f"apply {option}"
    if isinstance(req, HireStray):
        cost = f"{req.price} caps" if req.price else "free"
        return f"hire them ({cost})" if option == "hire" else "leave them on the street"
    if isinstance(req, Shop) and isinstance(option, tuple) and option and option[0] == BUY:
        label, family, _ident, price = req.stock[int(option[1])]
        # a vehicle's gun or mod goes on the git's vehicle (the window said "Grappling Gun for
        # Gazbag", as if the git would carry it), a vehicle is the git's to drive
        who = {"vehicle_weapons": "on {}'s vehicle", "vehicle_mods": "on {}'s vehicle"}.get(family, "for {}")
        if family == "vehicles":
            who = "for {} to drive"
        label = label.removesuffix(FREE)  # (Grandpa's free shelf: "(free)" goes at the end, as a price)
        text = f"{label} {who.format(option[2])}"
        how = next((h for k, git, h in req.seconds if (k, git) == (int(option[1]), option[2])), None)
        if how is not None:
            text = f"a second {text}"
        cost = f"{price} caps" if price else "free"
        return f"{text} ({cost}; {how})" if how is not None else f"{text} ({cost})"
    return str(option).replace("_", " ")


def distinct_options(req: Request) -> tuple[Any, ...]:
    """The options a person is shown: a shelf holding the same thing twice (two Buggies at
    Trucknuts') offered each git two identical buttons with the same number; the first of each
    is enough (the other stays on the shelf and is offered once the first is sold)."""
    options = tuple(getattr(req, "options", ()))
    if not isinstance(req, Shop):
        return options
    seen: set[str] = set()
    out = []
    for o in options:
        text = option_text(req, o)
        if text not in seen:
            seen.add(text)
            out.append(o)
    return tuple(out)

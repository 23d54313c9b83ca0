"""Who answers the afterparty's decisions: an AI boss (sensible, not clever: spend on what wins),
a human at a terminal prompt, and a seating that sends each gang's decisions to its own boss."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from ..data.errors import DataError, Problem
from ..data.paths import assets_dir
from ..data.rules_data import RulesData
from ..data.yamlio import read_yaml
from ..rules.decisions import Request
from .decisions import (
    BUY,
    DONE,
    EraseOffenses,
    FireGit,
    HealthPlan,
    HireStray,
    PickRepair,
    PickTreatment,
    RepairJob,
    Shop,
    context_lines,
    distinct_options,
    offense_rows,
    option_text,
)
from .state import BAD_ATTITUDE, FIRE_AFTER_SKIPS, MAX_GANG, Campaign

RESERVE = 3  # caps an AI gang with a vehicle keeps back for Krankshaft's proper job (the dearest quote)
WORST = -1000  # how the AI rates a row that ends the git or the vehicle (Dead, Write-off)


@cache
def ratings() -> dict[str, dict[str, int]]:
    """assets/boss_ratings.yaml: table id -> result -> how the AI boss rates it (higher is better)."""
    path = str(assets_dir() / "boss_ratings.yaml")
    doc = read_yaml(path)
    if not isinstance(doc, dict) or not all(
        isinstance(t, dict) and all(isinstance(v, int) and not isinstance(v, bool) for v in t.values())
        for t in doc.values()
    ):
        raise DataError([Problem(path, None, None, "expected table id -> {result: whole number}")])
    return {str(k): {str(r): int(v) for r, v in t.items()} for k, t in doc.items()}


class AfterpartyAI:
    """The AI boss's afterparty:

    - erases offenses while its attitude is 2 or less (past that, a 6 or two reaches Bad Attitude
      at 4+ and the git starts skipping games), otherwise keeps them ticked; of the record it
      erases those the git is likely to commit again — what it did in this game, Dangerous Driving
      for a git with a vehicle, Discharging a Firearm for one carrying a gun — since one kept
      ticked cannot be ticked again, and keeps the rest (:meth:`likely_offenses`);
    - fires a git the second time it skips a game; pays for a proper job and private care when it
      can, and of the two results rolled applies the one it rates higher (assets/boss_ratings.yaml:
      the tables are not ordered best to worst);
    - buys what wins, dearest first: a gun for the git that shot most, armour and gear for the git
      that fell most, a vehicle for a git who can drive; a free gun only for a git with none (the
      longest range); with a vehicle in the gang it keeps 3 caps back for the next repair;
    - hires a stray while the gang has under ten gits.
    """

    def __init__(self, c: Campaign, rules: RulesData) -> None:
        self.c, self.rules = c, rules

    def __call__(self, req: Request) -> Any:
        if isinstance(req, EraseOffenses):
            if req.attitude > BAD_ATTITUDE - 2:
                return ()
            likely = self.likely_offenses(req.boss, req.git) | set(req.committed)
            return tuple(o for o in req.offenses if o in likely)
        if isinstance(req, FireGit):
            return "fire" if req.skipped >= FIRE_AFTER_SKIPS else "keep"
        if isinstance(req, RepairJob):
            return "proper"
        if isinstance(req, HealthPlan):
            return "private"
        if isinstance(req, PickTreatment):
            return self.best(req.options, "diagnosis", req.location)
        if isinstance(req, PickRepair):
            return self.best(req.options, "location", req.location)
        if isinstance(req, HireStray):
            return "hire" if len(self.c.gangs[req.boss].gang["gits"]) < MAX_GANG else "no"
        if isinstance(req, Shop):
            return self.shop(req)
        raise TypeError(f"no AI answer for {req.kind}")  # pragma: no cover - every afterparty request is above

    def likely_offenses(self, boss: int, git: str) -> set[str]:
        """The offenses a git's kit makes it likely to commit next game, by offense id and the
        rules data (never an item's name): a git with a vehicle drives it (Dangerous Driving), a
        git carrying a shooting weapon shoots (Discharging a Firearm in a Public Place)."""
        doc: dict[str, Any] = next((x for x in self.c.gangs[boss].gang["gits"] if x.get("name") == git), {})
        out = set()
        if doc.get("vehicle"):
            out.add("dangerous_driving")
        weapons = self.rules.weapons
        if any(w in weapons and weapons[w].kind == "shooting" for w in doc.get("weapons", [])):
            out.add("discharging_a_firearm")
        return out

    def best(self, options: tuple[Any, ...], index: str, location: str) -> Any:
        """The result it rates highest of those rolled (the first of equals)."""
        loc = next(r for r in self.rules.tables[index].rows if r.result == location)
        table = self.rules.tables[str(loc.extra["table"])]
        rated = ratings().get(table.id, {})

        def rate(result: str) -> int:
            row = next((r for r in table.rows if r.result == result), None)
            return WORST if row is not None and row.extra.get("ends") else rated.get(result, 0)

        return max(options, key=lambda o: (rate(str(o)), -options.index(o)))

    def shop(self, req: Shop) -> Any:
        g = self.c.gangs[req.boss]
        gits = {x["name"]: x for x in g.gang["gits"]}
        reserve = RESERVE if any(x.get("vehicle") for x in gits.values()) else 0
        fell = {name: f for name, f, _s in req.record}
        shots = {name: s for name, _f, s in req.record}
        best: tuple[Any, ...] | None = None
        pick: Any = DONE
        for opt in req.options:
            if opt == DONE:
                continue
            _, k, name = opt
            _label, family, ident, price = req.stock[k]
            if price > 0 and req.stash - price < reserve:
                continue
            if family == "weapons":
                w = self.rules.weapons[ident]
                has_gun = any(self.rules.weapons[x].kind == "shooting" for x in gits[name].get("weapons", []))
                if price == 0 and (w.kind != "shooting" or has_gun):
                    continue  # free blades and second free guns: not worth a hand
                want = (price, shots.get(name, 0) if w.kind == "shooting" else fell.get(name, 0), w.range or 0)
            elif price == 0:
                continue  # free gear: not worth the fuss
            elif family == "gear":
                want = (price, fell.get(name, 0), 0)
            else:  # a vehicle for a driver, gubbins for a vehicle
                want = (price, 0, 0)
            if best is None or want > best:
                best, pick = want, opt
        return pick


class TerminalBoss:
    """A human boss at a terminal: each decision is printed with its options numbered (and, in a
    shop, the stock, the stash and how each git did); the answer is a number. A bad answer is
    asked again; the end of input stops the afterparty with a clear message."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.read, self.write = read, write

    def __call__(self, req: Request) -> Any:
        if isinstance(req, EraseOffenses):
            return self.erase(req)
        options = distinct_options(req)
        self.write("")
        self.write(getattr(req, "prompt", req.kind))
        for line in context_lines(req):
            self.write(f"    {line}")
        for i, opt in enumerate(options, start=1):
            self.write(f"  {i}. {option_text(req, opt)}")
        while True:
            text = self.line(f"choose 1-{len(options)}: ")
            if text.isdigit() and 1 <= int(text) <= len(options):
                return options[int(text) - 1]
            self.write(f"  a number from 1 to {len(options)}, please")

    def erase(self, req: EraseOffenses) -> tuple[str, ...]:
        """Which offenses to erase: each numbered, the answer the numbers of those to erase
        ("1 3"; Enter or 0 keeps them all) — 64 numbered subsets would be no way to ask."""
        self.write("")
        self.write(req.prompt)
        for line in context_lines(req):
            self.write(f"    {line}")
        for i, row in enumerate(offense_rows(req), start=1):
            self.write(f"  {i}. {row}")
        n = len(req.offenses)
        while True:
            words = self.line(f"erase which (numbers 1-{n} separated by spaces; Enter or 0 keeps them all): ")
            picks = words.replace(",", " ").split()
            if picks in ([], ["0"]):
                return ()
            if all(p.isdigit() and 1 <= int(p) <= n for p in picks) and len(set(picks)) == len(picks):
                return tuple(o for i, o in enumerate(req.offenses, start=1) if str(i) in picks)
            self.write(f"  numbers from 1 to {n}, each once, please (or Enter to keep them all)")

    def line(self, prompt: str) -> str:
        try:
            return self.read(prompt).strip()
        except EOFError:
            raise EOFError("the afterparty needs an answer: input ended") from None


class Seating:
    """Each gang's decisions to its own boss (``answers[i]`` for gang i)."""

    def __init__(self, answers: Sequence[Callable[[Request], Any]]) -> None:
        self.answers = list(answers)

    def __call__(self, req: Request) -> Any:
        return self.answers[req.boss](req)


__all__ = ["AfterpartyAI", "TerminalBoss", "Seating", "BUY"]

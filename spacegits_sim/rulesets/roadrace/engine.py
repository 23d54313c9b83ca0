"""The road race itself: rounds of Luck, Speed/Repair and Offense phases, as a generator.

The race *yields* a Request (a :class:`~spacegits_sim.play.protocol.Choice`) whenever a
racer must decide and is *sent* the checked answer; everything else it settles itself by
throwing dice into the physics dice tray and reading the faces the seeded stream gave them.
Every visible consequence is an event in ``events``. Chart rows are resolved by the
handlers registered under their ids (:mod:`.results`); upgrades act through their hooks
(:mod:`.upgrades`): nothing here names a chart result or an upgrade.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import __version__
from ...physics.tray import DiceTray
from ...play.events import Event, checksum, digest
from ...play.protocol import Choice, Request, collect
from ...rng import Streams
from . import events as ev
from .book import BOOK_FILE, Book, book
from .cars import rerolls, sheet
from .fame import tally
from .requests import Attack, Blessing, OnHit, RepairWhat, Reroll, StopToRepair
from .results import EVENTS, ON_ROLL, RESULTS, crash, spin_out
from .scenario import RaceScenario
from .state import Cond, Racer
from .upgrades import handlers_for

Gen = Generator[Request, Any, Any]


def rules_digest(path: Path | str = BOOK_FILE) -> str:
    """What of the book decides a race: the YAML without its quotations and readings ("text",
    "completed", and the list of readings of the rules, which is nothing else), so rewording a
    reading or writing a new one down moves no replay and no golden, and changing a number does."""
    from ...data.yamlio import read_yaml

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k not in ("text", "completed", "completed_chart_die")}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    doc = read_yaml(path)
    if isinstance(doc, dict):
        doc = {k: v for k, v in doc.items() if k != "readings"}
    return digest(strip(doc))


class RaceEnded(Exception):
    """Raised inside the race when it is decided (20 Lap Points, or one racer left)."""

    def __init__(self, winners: list[int], reason: str) -> None:
        super().__init__(reason)
        self.winners = winners
        self.reason = reason


@dataclass
class Roll:
    successes: int
    failures: int
    dice: int


class Race:
    """One race. ``pending`` is what it asks now (None once it is over)."""

    def __init__(
        self,
        scenario: RaceScenario,
        rules: Book | None = None,
        seed: int | None = None,
        options: Any = None,
        start: bool = True,
    ):
        """``start`` False: set up but not begun (tests drive single phases and chart rows)."""
        self.book = rules or book()
        self.scenario = scenario
        self.seed = scenario.seed if seed is None else int(seed)
        self.options: dict[str, Any] = dict(options or {})
        self.streams = Streams(self.seed)
        self.tray = DiceTray()
        self.events: list[Event] = []
        self.decisions: list[tuple[str, Any, str]] = []
        self._chain = ""
        self._mark = 0
        self.round = 0
        self.order: list[int] = []
        self.first: int | None = None
        self.event_row: str | None = None  # this round's Woohoo!/Oh Crap! row
        self.shared_die: int | None = None  # the first player's sub-roll for a shared event
        self.shared_rows: dict[int, str] = {}  # seat -> the shared row he takes in his Luck Phase
        self.round_mods: dict[int, dict[str, int]] = {}
        self.winds: set[int] = set()  # racers who read winds this round (bad weather for headlights)
        self.interview_open = False
        self.attacker: int | None = None  # whose hit is being resolved (kill credit)
        self.winners: list[int] = []
        self.reason = ""
        self._uid = 0
        b = self.book
        self.racers: list[Racer] = []
        for i, car in enumerate(scenario.cars):
            hs = handlers_for(dict(b.upgrades), car.upgrades())
            self.racers.append(Racer(i, car, sheet(car, b), rerolls(car, b), list(hs)))
        self.binding = {
            "scenario": digest(scenario.to_doc()),
            "options": digest(self.options),
            "seed": digest(self.seed),
            "rules": rules_digest(self.book.source or BOOK_FILE),
            "version": digest(__version__),
        }
        self._chain = digest(self.binding)
        self._gen = self._run()
        self.pending: Request | None = None
        if start:
            self._advance(None, first=True)

    # ------------------------------------------------------------------ driving surface

    @property
    def over(self) -> bool:
        return self.pending is None

    def _advance(self, answer: Any, first: bool = False) -> None:
        try:
            self.pending = next(self._gen) if first else self._gen.send(answer)
        except StopIteration:
            self.pending = None

    def answer(self, answer: Any) -> Request | None:
        """Give the pending request its answer; an illegal one raises IllegalDecision and changes nothing."""
        req = self.pending
        if req is None:
            raise RuntimeError("the race is over: nothing is asked")
        checked = req.check(answer)
        self._advance(checked)
        self._chain = checksum(self.events, self._mark, self._chain)
        self._mark = len(self.events)
        self.decisions.append((req.kind, req.to_json(checked), self._chain))
        return self.pending

    def play(self, controllers: Sequence[Any], max_decisions: int = 1_000_000) -> None:
        n = 0
        while self.pending is not None:
            n += 1
            if n > max_decisions:
                raise RuntimeError(f"the race asked more than {max_decisions} decisions")
            ans = collect(self.pending, lambda r: controllers[r.boss].decide(r, self))
            self.answer(ans)

    def names(self) -> dict[str, str]:
        return {str(r.seat): r.name for r in self.racers}

    def final_checksum(self) -> str:
        return checksum(self.events, self._mark, self._chain)

    # ------------------------------------------------------------------ helpers the results use

    def emit(self, e: Event) -> None:
        e.seq = len(self.events)
        e.t = float(self.round)
        self.events.append(e)

    def new_cond(self, r: Racer, c: Cond) -> Cond:
        self._uid += 1
        c.uid = self._uid
        r.conds.append(c)
        self.emit(ev.Condition(r.seat, c.id, True, c.detail))
        return c

    def end_cond(self, r: Racer, c: Cond, why: str = "") -> None:
        if c in r.conds:
            r.conds.remove(c)
            self.emit(ev.Condition(r.seat, c.id, False, c.detail + (f" ({why})" if why else "")))

    def hooks(self, r: Racer) -> list[Any]:
        return r.upgrades

    def ignores(self, r: Racer, row: str) -> bool:
        for h in r.upgrades:
            if h.ignores(row):
                self.emit(ev.Ignored(r.seat, row, h.entry.name))
                return True
        return False

    def bad_weather(self, r: Racer) -> bool:
        return r.seat in self.winds or any(c.ends == "weather" for c in r.conds)

    def stat(self, r: Racer, s: str) -> int:
        v = r.sheet[s] + self.round_mods.get(r.seat, {}).get(s, 0)
        for c in r.conds:
            if c.stat == s and (not c.only_in_bad_weather or self.bad_weather(r)):
                v += c.amount
        return v

    def toughness(self, r: Racer) -> int:
        return self.stat(r, "toughness")

    def destroyed_at(self, r: Racer) -> int:
        limit = int(self.book.race["destroyed_at"])
        for h in r.upgrades:
            d = h.destroyed_at()
            if d is not None:
                limit = max(limit, d)
        return limit

    def rerolls_now(self, r: Racer, s: str) -> int:
        if any(c.no_rerolls == s for c in r.conds):
            return 0
        return max(0, r.rerolls.get(s, 0) - sum(n for st, n, _ in r.penalties if st == s))

    def stopped(self, r: Racer) -> bool:
        return r.stopped_round == self.round or any(c.stops for c in r.conds)

    def stop(self, r: Racer, why: str) -> None:
        if r.stopped_round != self.round:
            r.stopped_round = self.round
            self.emit(ev.Stopped(r.seat, why))

    def add_lp(self, r: Racer, n: int, why: str) -> None:
        if n == 0 or not r.alive:
            return
        new = max(0, r.lp + n)
        if new == r.lp:
            return
        change, r.lp = new - r.lp, new
        self.emit(ev.LapPoints(r.seat, change, r.lp, why))
        if r.lp >= int(self.book.race["lap_points_to_win"]):
            raise RaceEnded([r.seat], f"{r.name} reaches {r.lp} Lap Points")

    def damage_vehicle(self, r: Racer, n: int, why: str) -> None:
        if n <= 0 or not r.alive:
            return
        r.vdamage += n
        self.emit(ev.Damaged(r.seat, "vehicle", n, r.vdamage, self.destroyed_at(r), why, self.attacker))
        if r.vdamage >= self.destroyed_at(r):
            self.take_out(r, "destroyed")

    def damage_driver(self, r: Racer, n: int, why: str) -> None:
        if n <= 0 or not r.alive:
            return
        r.ddamage += n
        self.emit(ev.Damaged(r.seat, "driver", n, r.ddamage, self.toughness(r), why, self.attacker))
        self.check_driver(r)

    def check_driver(self, r: Racer) -> None:
        """'When the Driver takes damage equal to his Toughness he is dead': damage taken, so a
        driver built or mugged down to 0 Toughness lives until his first damage."""
        if r.alive and r.ddamage > 0 and r.ddamage >= self.toughness(r):
            self.take_out(r, "dead")

    def take_out(self, r: Racer, how: str) -> None:
        r.out = how
        by = self.attacker if self.attacker is not None and self.attacker != r.seat else None
        if by is not None:
            self.racers[by].kills += 1
        self.emit(ev.Out(r.seat, how, by))
        alive = [x.seat for x in self.racers if x.alive]
        if len(alive) <= 1:
            raise RaceEnded(alive, "only one racer is left" if alive else "no racer is left")

    def sheets(self) -> list[dict[str, Any]]:
        """Every car as it stands: what the car sheets on the screen show."""
        return [
            {
                "lp": r.lp,
                "vehicle_damage": r.vdamage,
                "destroyed_at": self.destroyed_at(r),
                "driver_damage": r.ddamage,
                "toughness": self.toughness(r),
                "stopped": self.stopped(r),
                "out": r.out,
                "stats": {s: self.stat(r, s) for s in self.book.stats},
                "rerolls": {s: n for s in self.book.rolled_stats if (n := self.rerolls_now(r, s))},
                "conditions": [c.detail for c in r.conds],
                "blessed": r.blessing,
            }
            for r in self.racers
        ]

    # ------------------------------------------------------------------ dice

    def throw(self, r: Racer, n: int) -> list[Any]:
        return self.tray.throw(n, self.streams("scatter"), self.streams("dice"), side=r.seat)

    def stat_roll(
        self,
        r: Racer,
        s: str,
        purpose: str,
        need: int | None = None,
        extra_dice: int = 0,
        extra_successes: int = 0,
        reroll_all: bool = False,
    ) -> Generator[Request, Any, Roll]:
        """A (Stat) roll: dice = the stat, 5+ a success, then the re-rolls (minus penalties)."""
        n = max(0, self.stat(r, s) + extra_dice)
        at = int(self.book.success_at)
        blessed = False
        if r.blessing and n > 0:
            use = yield Blessing(r.seat, ("yes", "no"), f"use the gypsy blessing on this {s} roll?", s, purpose)
            if use == "yes":
                r.blessing = False
                r.blessing_used = True
                blessed = True
                n -= 1
        self.tray.clear()
        dice = self.throw(r, n) if n > 0 else []
        first = [d.value for d in dice]
        allowed = n if reroll_all else self.rerolls_now(r, s)
        failed = [d for d in dice if d.value < at]
        k = 0
        if allowed > 0 and failed:
            top = min(allowed, len(failed))
            k = yield Reroll(
                r.seat, tuple(range(top + 1)), f"re-roll how many of {len(failed)} failed {s} dice?", s, purpose
            )
            if k:
                picked = failed[:k]
                self.tray.pick_up([d.id for d in picked])
                self.throw(r, k)
        lying = self.tray.dice()
        succ_dice = sum(1 for d in lying if d.value >= at)
        fails = len(lying) - succ_dice
        successes = succ_dice + int(blessed) + extra_successes
        if n >= 1 and k == 0 and all(v >= at for v in first):
            r.perfect = True
        self.emit(
            ev.DiceRolled(
                r.seat,
                s,
                purpose,
                [[d.value, round(d.position[0], 3), round(d.position[1], 3)] for d in lying],
                first,
                k,
                blessed,
                extra_successes,
                successes,
                fails,
                need,
            )
        )
        return Roll(successes, fails, len(lying) + int(blessed))

    def chart(
        self,
        roller: Racer,
        target: Racer,
        chart_id: str,
        extra: int = 0,
        attack: bool = False,
        die: int | None = None,
        own: bool = True,
    ) -> Gen:
        """Roll 1d6 on a chart (or read a shared die), add the modifiers, resolve the row.

        Modifiers: the roller's own (``own``: Driver Training on the Whoops! chart), those
        against the car hit (Armored Turret), the attacker's (Rockets), and ``extra``."""
        c = self.book.charts[chart_id]
        if die is None:
            self.tray.clear()
            die = self.throw(roller, 1)[0].value
        mod = extra + sum(h.against_mod(chart_id) for h in target.upgrades)
        if own:
            mod += sum(h.chart_mod(chart_id) for h in roller.upgrades)
        if attack:
            mod += sum(h.attack_mod(chart_id) for h in roller.upgrades)
        row = c.row(die + mod)
        target.charts.add(chart_id)
        self.emit(ev.ChartRolled(roller.seat, target.seat, chart_id, die, mod, die + mod, row.id, row.name))
        if self.ignores(target, row.id):
            return
        if row.sub is not None:
            yield from self.chart(roller, target, row.sub, attack=attack)
            return
        if row.chart is not None:
            yield from self.chart(roller, target, row.chart, attack=attack)
            return
        yield from RESULTS[row.id](self, roller, target)

    # ------------------------------------------------------------------ the race

    def _run(self) -> Gen:
        self.emit(
            ev.RaceStarted(
                [r.name for r in self.racers],
                [
                    {
                        "vehicle": r.car.vehicle,
                        "driver": r.car.driver,
                        "upgrades": r.car.upgrades(),
                        "sheet": dict(r.sheet),
                        "rerolls": {k: v for k, v in r.rerolls.items() if v},
                    }
                    for r in self.racers
                ],
                self.scenario.night,
            )
        )
        try:
            while True:
                self.round += 1
                if self.round > self.scenario.max_rounds:
                    best = max(r.lp for r in self.racers if r.alive)
                    raise RaceEnded(
                        [r.seat for r in self.racers if r.alive and r.lp == best],
                        f"the {self.scenario.max_rounds}-round limit (a safety net: the book has none)",
                    )
                yield from self._round()
        except RaceEnded as end:
            self.winners = end.winners
            self.reason = end.reason
            self.emit(ev.RaceOver(end.winners, [r.lp for r in self.racers], end.reason, self.round, self.sheets()))
            for seat, fid, pts in tally(self):
                self.emit(ev.FameEarned(seat, fid, pts))

    def _round(self) -> Gen:
        self.round_mods = {}
        self.winds = set()
        self.event_row = None
        self.shared_die = None
        self.shared_rows = {}
        self.interview_open = False
        for r in self.racers:
            for c in list(r.conds):
                if c.ends == "round" and c.until_round is not None and c.until_round < self.round:
                    self.end_cond(r, c, "worn off")
        self.order = self._turn_order()
        live = [s for s in self.order if self.racers[s].alive]
        self.first = live[0] if live else None
        for seat in self.order:
            r = self.racers[seat]
            if not r.alive:
                continue
            # "Penalties to re-rolls last until the beginning of your next turn." (a racer out of
            # the race has no next turn: his penalties lapse when his turn would have come)
            gone = {x.seat for x in self.racers if not x.alive}
            for x in self.racers:
                x.penalties = [p for p in x.penalties if p[2] != seat and p[2] not in gone]
            r.repair_bonus = 0
            r.passed = set()
            self.emit(ev.PhaseStarted(seat, "luck", self.sheets()))
            if seat == self.first:
                yield from self._first_luck(r)
            yield from self._lasting_luck(r)
            if self.event_row is not None and r.alive:
                yield from EVENTS[self.event_row](self, r)
            if not r.alive:
                continue
            self.emit(ev.PhaseStarted(seat, "speed"))
            yield from self._speed_phase(r)
            if not r.alive:
                continue
            self.emit(ev.PhaseStarted(seat, "offense"))
            yield from self._offense_phase(r)

    def _turn_order(self) -> list[int]:
        """Most Speed dice first; ties by Lap Points; still tied, 1d6 each, highest first."""
        live = [r for r in self.racers if r.alive]
        rolls: dict[int, list[int]] = {r.seat: [] for r in live}
        rolloffs: list[list[int]] = []

        def key(r: Racer) -> tuple[int, int]:
            # the number of Speed dice, not the stat: below 0 it rolls none (rules/stat_floor)
            return (-max(0, self.stat(r, "speed")), -r.lp)

        groups: dict[tuple[int, int], list[Racer]] = {}
        for r in live:
            groups.setdefault(key(r), []).append(r)
        # every group still tied rolls again among itself until no two are tied; a roll that
        # leaves several groups tied settles the higher group's places first
        ties = [g for g in groups.values() if len(g) > 1]
        while ties:
            tied = ties.pop(0)
            self.tray.clear()
            for r in tied:
                v = self.throw(r, 1)[0].value
                rolls[r.seat].append(-v)
                rolloffs.append([r.seat, v])
            best: dict[tuple[int, ...], list[Racer]] = {}
            for r in tied:
                best.setdefault(tuple(rolls[r.seat]), []).append(r)
            ties[:0] = [g for _, g in sorted(best.items()) if len(g) > 1]
        order = sorted(live, key=lambda r: (key(r), rolls[r.seat], r.seat))
        seats = [r.seat for r in order]
        self.emit(ev.RoundStarted(self.round, seats, rolloffs))
        return seats

    def _first_luck(self, r: Racer) -> Gen:
        """The first player's Luck roll decides this round's event (if any)."""
        roll = yield from self.stat_roll(r, "luck", "the Luck Phase")
        if roll.successes > roll.failures:
            chart_id = "woohoo"
        elif roll.failures > roll.successes:
            chart_id = "oh_crap"
        else:
            self.emit(ev.Happened(r.seat, "no_event", "as many successes as failures: no event this turn"))
            return
        c = self.book.charts[chart_id]
        self.tray.clear()
        die = self.throw(r, 1)[0].value
        mod = sum(h.chart_mod(chart_id) for h in r.upgrades)
        row = c.row(die + mod)
        r.charts.add(chart_id)
        self.emit(ev.ChartRolled(r.seat, r.seat, chart_id, die, mod, die + mod, row.id, row.name))
        self.event_row = row.id
        if row.sub is not None and self.book.charts[row.sub].shared:
            self.tray.clear()
            self.shared_die = self.throw(r, 1)[0].value
            self.emit(ev.Happened(r.seat, "shared_die", f"rolls {self.shared_die} for everyone's {row.name}"))
        if row.id in ON_ROLL:  # rule 5: what he rolled holds for everyone from now, this whole turn
            yield from ON_ROLL[row.id](self, r)

    def _lasting_luck(self, r: Racer) -> Gen:
        """Leaks and fire: a Luck roll each Luck Phase."""
        for c in list(r.conds):
            if c.luck_check is None or c.stops or not r.alive:
                continue
            c.checks += 1
            need = c.checks if c.luck_check == "rising" else max(0, 5 - c.checks)
            # the log's words: "rolls Luck for putting out the fire", not "for on fire: 1 damage…"
            fire = c.luck_check == "falling"
            roll = yield from self.stat_roll(r, "luck", "putting out the fire" if fire else c.detail, need=need)
            if roll.successes >= need:
                if c.luck_check == "falling":
                    self.end_cond(r, c, "put out")
                continue
            if c.luck_check == "rising":
                c.stops = True
                self.emit(ev.Condition(r.seat, c.id, True, f"{c.detail}: the car stops until it is repaired"))
            else:
                self.damage_vehicle(r, 1, "the fire burns on")

    def repairables(self, r: Racer) -> list[tuple[str, int, int]]:
        """(option, successes needed, successes so far) for everything the racer could repair."""
        out = [(f"{c.id}:{c.uid}", c.repair, c.progress) for c in r.conds if c.repair is not None]
        per = int(self.book.repairs["damage"])
        if r.vdamage > 0:
            out.append(("damage", per, r.damage_progress))
        if r.ddamage > 0 and any(h.repairs_toughness() for h in r.upgrades):
            out.append(("toughness", per, r.tough_progress))
        return out

    def repair_roll(self, r: Racer, extra_dice: int = 0) -> Gen:
        """A Repair roll; the successes go to the problems the racer picks, cumulatively."""
        roll = yield from self.stat_roll(r, "repair", "repairs", extra_dice=extra_dice)
        left = roll.successes + r.repair_bonus
        r.repair_bonus = 0
        while left > 0:
            items = self.repairables(r)
            if not items:
                break
            opts = tuple(o for o, _, _ in items)
            pick = (
                opts[0]
                if len(opts) == 1
                else (yield RepairWhat(r.seat, opts, f"{left} repair successes: fix what?", left))
            )
            need, have = next((n, p) for o, n, p in items if o == pick)
            use = min(left, need - have)
            left -= use
            have += use
            fixed = have >= need
            if pick == "damage":
                r.damage_progress = 0 if fixed else have
                if fixed:
                    r.vdamage -= 1
                self.emit(ev.Repaired(r.seat, "1 damage", have, need, fixed))
            elif pick == "toughness":
                r.tough_progress = 0 if fixed else have
                if fixed:
                    r.ddamage -= 1
                self.emit(ev.Repaired(r.seat, "1 Toughness", have, need, fixed))
            else:
                c = next(c for c in r.conds if f"{c.id}:{c.uid}" == pick)
                c.progress = have
                self.emit(ev.Repaired(r.seat, c.detail, have, need, fixed))
                if fixed:
                    self.end_cond(r, c, "repaired")

    def _speed_phase(self, r: Racer) -> Gen:
        if r.rest_round == self.round:
            yield from self._rest_stop(r)
            return
        if not self.stopped(r) and self.repairables(r):
            ans = yield StopToRepair(r.seat, ("drive", "stop"), "stop the car to make a Repair roll?")
            if ans == "stop":
                self.stop(r, "to repair")
        if self.stopped(r):
            if self.repairables(r) or r.repair_bonus:
                yield from self.repair_roll(r)
            return
        before = {x.seat: x.lp for x in self.racers}
        roll = yield from self.stat_roll(r, "speed", "the Speed Phase")
        net = roll.successes - roll.failures
        if net > 0:
            if r.no_lp_round == self.round:
                self.emit(ev.Happened(r.seat, "lost", "is lost: no Lap Points this turn"))
            else:
                self.add_lp(r, net, "Speed roll")
                for x in self.racers:
                    if x is not r and x.alive and before[x.seat] > before[r.seat] and x.lp < r.lp:
                        r.passed.add(x.seat)
                        self.emit(ev.Happened(r.seat, "passing", f"passes {x.name}"))
                for c in list(r.conds):
                    if c.flag in ("rain", "snow") and r.alive:
                        roll2 = yield from self.stat_roll(r, "handling", c.detail, need=2)
                        if roll2.successes < 2:
                            yield from (spin_out(self, r) if c.flag == "rain" else crash(self, r))
        elif net < 0:
            yield from self.chart(r, r, "whoops")

    def _rest_stop(self, r: Racer) -> Gen:
        if r.vdamage > 0:
            r.vdamage -= 1
            self.emit(ev.Repaired(r.seat, "1 damage (rest stop)", 1, 1, True))
        if r.ddamage > 0:
            r.ddamage -= 1
            self.emit(ev.Repaired(r.seat, "1 Toughness (rest stop)", 1, 1, True))
        for c in list(r.conds):
            if c.ends == "rest_stop":
                self.end_cond(r, c, "visited a rest stop")
        if self.repairables(r):
            yield from self.repair_roll(r, extra_dice=1)

    # ------------------------------------------------------------------ offense

    def attack_options(self, a: Racer) -> list[tuple[int, str]]:
        rng = int(self.book.race["offense_range"])
        armed = not any(c.flag == "no_weapon" for c in a.conds)
        can_subtract = any(h.subtracts() for h in a.upgrades) and not any(c.flag == "no_subtract" for c in a.conds)
        blades = any(h.reaches("passed") and not h.rams() for h in a.upgrades)
        rams = any(h.rams() for h in a.upgrades)
        out: list[tuple[int, str]] = []
        for t in self.racers:
            if t is a or not t.alive:
                continue
            if self.stopped(t) and any(h.hides_when_stopped() for h in t.upgrades):
                if not any(h.sees_hidden() for h in a.upgrades):
                    continue
            d = t.lp - a.lp
            in_range = abs(d) <= rng
            in_range |= d > 0 and any(h.reaches("ahead") for h in a.upgrades)
            in_range |= d < 0 and any(h.reaches("behind") for h in a.upgrades)
            passed = t.seat in a.passed
            if (armed and in_range) or (passed and blades) or (in_range and can_subtract):
                out.append((t.seat, "attack"))
            if passed and rams:
                out.append((t.seat, "ram"))
        return out

    def _offense_phase(self, a: Racer) -> Gen:
        opts = self.attack_options(a)
        if not opts:
            return
        pick = yield Attack(a.seat, ("none", *opts), "attack whom?")
        if pick == "none":
            return
        seat, mode = pick
        t = self.racers[seat]
        off = yield from self.stat_roll(a, "offense", f"an attack on {t.name}")
        dfn = yield from self.stat_roll(t, "defense", f"{a.name}'s attack")
        if dfn.successes > off.successes:
            self.emit(ev.Attacked(a.seat, t.seat, mode, off.successes, dfn.successes, "safe"))
            return
        result = "spectacular" if dfn.successes == 0 and mode == "attack" else "damage"
        self.emit(ev.Attacked(a.seat, t.seat, mode, off.successes, dfn.successes, result))
        armed = not any(c.flag == "no_weapon" for c in a.conds)
        blades = any(h.reaches("passed") and not h.rams() for h in a.upgrades) and seat in a.passed
        choices: list[str] = []
        if mode == "ram" or armed or blades:
            choices.append("damage")
        if not any(c.flag == "no_subtract" for c in a.conds):  # a Spectacular hit too (rules/subtract_on_spectacular)
            for h in a.upgrades:
                sub = h.subtracts()
                if sub:
                    choices.append(f"subtract:{sub[0]}")
        if not choices:
            return
        how = choices[0] if len(choices) == 1 else (yield OnHit(a.seat, tuple(choices), "the hit does what?", t.seat))
        self.attacker = a.seat
        try:
            if how.startswith("subtract:"):
                stat = how.split(":", 1)[1]
                n = sum(sub[1] for sub in (h.subtracts() for h in a.upgrades) if sub is not None and sub[0] == stat)
                t.penalties.append((stat, n, a.seat))
                self.emit(ev.RerollsTaken(a.seat, t.seat, stat, n))
            elif mode == "ram":
                yield from self.chart(a, t, "damage", extra=2, attack=True, own=False)
                self.attacker = None
                yield from self.chart(a, a, "damage", extra=-1, own=False)
            elif result == "spectacular":
                yield from self.chart(a, t, "spectacular", attack=True, own=False)
            elif any(h.always_fire() for h in a.upgrades):
                self.emit(ev.Happened(t.seat, "flamethrower", f"{a.name}'s flamethrower: Fire, and 1 damage"))
                if not self.ignores(t, "fire"):
                    yield from RESULTS["fire"](self, a, t)
                self.damage_vehicle(t, 1, "flamethrower")
            else:
                yield from self.chart(a, t, "damage", attack=True, own=False)
        finally:
            self.attacker = None

    # ------------------------------------------------------------------ outcome

    def summary(self) -> dict[str, Any]:
        return summary_from_events(self.events)


def summary_from_events(events: list[Event]) -> dict[str, Any]:
    """Counted from the log alone."""
    seats: list[str] = []
    out: dict[str, Any] = {"winners": [], "rounds": 0, "reason": ""}
    per: dict[int, dict[str, int]] = {}
    for e in events:
        if isinstance(e, ev.RaceStarted):
            seats = list(e.seats)
            per = {i: {"lap_points": 0, "attacks": 0, "hits": 0, "fame": 0, "whoops": 0} for i in range(len(seats))}
        elif isinstance(e, ev.LapPoints):
            per[e.seat]["lap_points"] = e.total
        elif isinstance(e, ev.Attacked):
            per[e.seat]["attacks"] += 1
            per[e.seat]["hits"] += e.result != "safe"
        elif isinstance(e, ev.FameEarned):
            per[e.seat]["fame"] += e.points
        elif isinstance(e, ev.ChartRolled) and e.chart == "whoops":
            per[e.target]["whoops"] += 1
        elif isinstance(e, ev.Out):
            per[e.seat]["out"] = 1
        elif isinstance(e, ev.RaceOver):
            out["winners"] = list(e.winners)
            out["rounds"] = e.rounds
            out["reason"] = e.reason
    out["seats"] = seats
    out["racers"] = [per[i] for i in range(len(seats))]
    out["bosses"] = {name: per[i] for i, name in enumerate(seats)}  # by name, the shared layer's convention
    return out


def choice_pick(req: Choice, i: int) -> Any:
    return req.options[i]

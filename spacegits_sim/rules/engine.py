"""The Space Gits rules engine: a whole match from setup to winner, as a generator of decisions.

``Match`` owns the physics table, one tower per model, the bosses, the seeded streams and
the event log. Its flow is one generator (``_play``) that yields a
:class:`~spacegits_sim.rules.decisions.Request` whenever a boss must choose and is sent
the checked answer. Drive it with :meth:`Match.answer`, or :meth:`Match.play` with a
controller per boss. Combat (shoot, fight, explode) lives in :mod:`.combat`; special rules
are looked up by id in :mod:`.specials`, never by name here.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..data.rules_data import GitType, RulesData, Weapon, default_rules
from ..physics.table import MM, Kind, Table
from ..physics.tower import CARE_LEVELS, Tower
from ..rng import Streams
from . import events as ev
from .decisions import (AimThrow, ChooseAction, ChooseActivation, ChooseBoot, ChooseCare, Deploy, EagerHelp,
                        FightThrow, IllegalDecision, OrderMoveDie, RebootDice, Request, Throw)
from .gangs import Gang, GitSpec
from .scenario import Scenario
from .timecost import TimeCosts, load_time_costs

Point = tuple[float, float]
Flow = Generator[Request, Any, Any]  # sub-flows may return a value (e.g. the dice a throw landed)
CONTACT_IN = 0.02  # bases closer than this are "in contact" (sweeps stop exactly touching)
LEG_IT_RANGE_IN = 6.0
SEAT_EDGES = ("south", "north", "west", "east")  # seat order for 2 bosses: facing each other
CLOCKWISE = {2: (0, 1), 3: (0, 2, 1), 4: (0, 2, 1, 3)}


@dataclass
class Boss:
    index: int
    name: str
    gang: Gang
    stash: int
    start_stash: int
    seat: str
    out: bool = False
    legged_at: float | None = None


@dataclass
class Model:
    id: str
    name: str
    boss: int
    git: GitType
    spec: GitSpec
    weapons: tuple[Weapon, ...]
    gear: tuple[str, ...]
    tower: Tower
    in_play: bool = False
    fallen: bool = False
    klank: bool = False
    removed: bool = False
    reload: bool = False  # Slow to Reload token
    reload_at_start: bool = False
    on_fire: bool = False
    stats: dict[str, int] = field(default_factory=lambda: {"activations": 0, "falls": 0, "damage_taken": 0,
                                                            "caps_looted": 0, "sober_ups": 0})

    @property
    def specials(self) -> tuple[str, ...]:
        return self.git.special

    @property
    def standing(self) -> bool:
        return self.in_play and not self.fallen

    @property
    def toughness(self) -> int:
        return self.git.toughness + (1 if "chunky_armour" in self.gear else 0)

    @property
    def move_dice(self) -> tuple[int, ...]:
        return self.git.move.dice


class Controller(Protocol):
    def decide(self, request: Request, match: Match) -> Any: ...


class Match:
    """One game of Space Gits. Same scenario + seed + answers ⇒ the same event log."""

    def __init__(self, scenario: Scenario, rules: RulesData | None = None, seed: int | None = None,
                 tower_params: dict[str, Any] | None = None, table_params: dict[str, Any] | None = None,
                 time_costs: TimeCosts | None = None, options: dict[str, Any] | None = None) -> None:
        self.scenario = scenario
        self.rules = rules or default_rules()
        self.seed = scenario.seed if seed is None else int(seed)
        self.options = {**scenario.options, **(options or {})}
        self.rng = Streams(self.seed)
        self.tower_params = tower_params
        self.table = Table(scenario.width, scenario.height, table_params)
        self.costs = time_costs or load_time_costs()
        self.events: list[ev.Event] = []
        self.decisions: list[tuple[str, Any, str]] = []  # (request kind, answer as JSON, log checksum after)
        self._hash = ""
        self._hashed = 0
        self.clock = 0.0
        self.clock_running = False
        self.siren = False
        self.safety_fired = False
        self.activations = 0
        self.caps_from_supply = 0
        self.active_model: str | None = None
        self.current_boss = 0
        self._activation_over = False
        self._wall_start: float | None = None
        self.bosses: list[Boss] = []
        self.models: dict[str, Model] = {}
        n = len(scenario.players)
        for i, p in enumerate(scenario.players):
            stash = max(0, scenario.cap_budget - p.gang.cost)
            self.bosses.append(Boss(i, p.boss, p.gang, stash, stash, SEAT_EDGES[CLOCKWISE[n].index(i)]))
            for k, spec in enumerate(p.gang.gits):
                mid = f"{'abcd'[i]}{k + 1}"
                git = self.rules.gits[spec.type]
                weapons = tuple(self.rules.weapons[w] for w in spec.weapons + git.free_weapons)
                tseed = int(self.rng(f"tower-seed/{mid}").integers(0, 2 ** 31))
                self.models[mid] = Model(mid, spec.name, i, git, spec, weapons, spec.gear,
                                         Tower(tower_params, seed=tseed))
        for piece in scenario.terrain:
            tt = self.rules.terrain[piece.type]
            self.table.add_terrain(piece.id, tt.height_in, polygon=piece.polygon, circle=piece.circle,
                                   tags=(piece.type,))
        self.terrain_types = {p.id: p.type for p in scenario.terrain}
        from .combat import Combat  # part 2 of the rules; imported here to keep one flow
        self.combat = Combat(self)
        self._gen: Flow = self._play()
        self.pending: Request | None = next(self._gen)

    # ------------------------------------------------------------------ driving the match

    def answer(self, answer: Any) -> Request | None:
        """Give the pending request its answer. An illegal answer raises and changes nothing."""
        req = self.pending
        if req is None:
            raise IllegalDecision("the match is over: nothing to answer")
        checked = req.check(answer)
        try:
            self.pending = self._gen.send(checked)
        except StopIteration:
            self.pending = None
        self.decisions.append((req.kind, req.to_json(checked), self.log_checksum()))
        return self.pending

    def log_checksum(self) -> str:
        """Running checksum of the event log (incremental: each event is hashed once)."""
        self._hash = ev.checksum(self.events, self._hashed, self._hash)
        self._hashed = len(self.events)
        return self._hash

    def play(self, controllers: Sequence[Controller], max_decisions: int = 200_000) -> None:
        """Run to the end with one controller per boss."""
        for _ in range(max_decisions):
            req = self.pending
            if req is None:
                return
            if isinstance(req, FightThrow):
                ans = tuple(controllers[b].decide(req.part(i), self) for i, b in enumerate(req.bosses))
            else:
                ans = controllers[req.boss].decide(req, self)
            self.answer(ans)
        raise RuntimeError(f"match did not finish within {max_decisions} decisions")

    @property
    def over(self) -> bool:
        return self.pending is None

    # ------------------------------------------------------------------ helpers for everyone

    def emit(self, e: ev.Event) -> ev.Event:
        e.t = round(self.clock, 6)
        e.seq = len(self.events)
        self.events.append(e)
        return e

    def names(self) -> dict[str, str]:
        return {m.id: m.name for m in self.models.values()}

    def boss_of(self, model_id: str) -> Boss:
        return self.bosses[self.models[model_id].boss]

    def enemies(self, a: str, b: str) -> bool:
        return self.models[a].boss != self.models[b].boss

    def in_play(self, boss: int | None = None) -> list[Model]:
        return [m for m in self.models.values() if m.in_play and (boss is None or m.boss == boss)]

    def position(self, model_id: str) -> Point:
        return self.table.figure_position(model_id)

    def touching(self, model_id: str) -> list[str]:
        """Models in base contact with this one (edge to edge within CONTACT_IN)."""
        out = []
        for thing, d in self.table.within(CONTACT_IN, figure=model_id, kinds=(Kind.FIGURE,)):
            if thing.id in self.models and self.models[thing.id].in_play:
                out.append(thing.id)
        return out

    def advance(self, seconds: float) -> None:
        """Run the game clock (time-cost model, or the wall clock in hot-seat) and sound the siren."""
        if not self.clock_running:
            return
        if self.options.get("real_clock") and self._wall_start is not None:
            self.clock = time.monotonic() - self._wall_start
        else:
            self.clock += seconds
        if not self.siren and self.clock >= self.scenario.timer_min * 60:
            self.siren = True
            self.emit(ev.Siren())

    def hand_point(self, boss: int, aim: Point) -> Point:
        """Where a boss throws from: reaching in from their edge, ~5" short of the aim."""
        w, h = self.table.width, self.table.height
        seat = self.bosses[boss].seat
        x, y = aim
        depth = {"south": y, "north": h - y, "west": x, "east": w - x}[seat]
        reach = min(max(depth - 5.0, 0.3), 10.0)
        reach = min(reach, max(depth, 0.3))
        if seat == "south":
            return (min(max(x, 0.3), w - 0.3), reach)
        if seat == "north":
            return (min(max(x, 0.3), w - 0.3), h - reach)
        if seat == "west":
            return (reach, min(max(y, 0.3), h - 0.3))
        return (w - reach, min(max(y, 0.3), h - 0.3))

    def throw(self, boss: int, model_id: str, purpose: str, dice: tuple[int, ...], thrown: Throw,
              keep_lost: bool = False) -> Flow:
        """A real physical throw into the play area; stray dice that hit towers are resolved.

        Returns (as the generator's value) the dice as (id, sides, value, position), in throw
        order: only those that landed, or all of them (position None if lost) with keep_lost.
        """
        hand = self.hand_point(boss, thrown.aim)
        res = self.table.throw(hand, thrown.aim, dice, self.rng("scatter"), self.rng("dice"),
                               strength=thrown.strength, thrower=self.bosses[boss].name)
        self.advance(self.costs.throw_s)
        self.emit(ev.DiceThrown(self.bosses[boss].name, model_id, purpose, hand, thrown.aim, thrown.strength,
                                [{"id": d.id, "sides": d.sides, "value": d.value, "position": d.position,
                                  "trajectory": [list(p) for p in d.trajectory]} for d in res.dice]))
        yield from self.stray_hits(res.tower_hits, boss)
        return [(d.id, d.sides, d.value, d.position) for d in res.dice if keep_lost or not d.lost]

    def stray_hits(self, hits: list[Any], boss: int) -> Flow:
        """Stray dice knocking towers: the thrower knocked them (rulebook: Stray Dice)."""
        for h in hits:
            m = self.models.get(h.figure_id)
            if m is None or not m.standing or m.tower.height == 0:
                continue
            ok = m.tower.hit(min(h.height_mm, m.tower.height_mm), (h.speed_mm_s * h.direction[0],
                                                                    h.speed_mm_s * h.direction[1]), h.mass_g)
            self.emit(ev.TowerStruck(m.id, self.bosses[boss].name, h.die_id, h.height_mm, h.speed_mm_s, not ok))
            if not ok:
                yield from self.tower_fell(m, boss, "stray die")

    def sync_tower(self, m: Model) -> None:
        if m.in_play:  # a git removed mid-move (a Rigged gnawball exploded) has no footprint left
            self.table.set_tower(m.id, m.tower.height_mm * MM if m.standing else 0.0)

    def add_tower_dice(self, m: Model, n: int, reason: str, stacked_by: int | None = None) -> Flow:
        """Stack ``n`` dice on a standing model's tower (Puny doubles every addition).

        The model's own boss stacks them, so a topple makes it fall over.
        """
        if not m.standing or n <= 0:
            return
        if "puny" in m.specials:
            n *= 2
        added = 0
        ok = True
        for _ in range(n):
            ok = m.tower.add_die()
            added += 1
            self.advance(self.costs.tower_die_s if reason != "swig" else 0.0)
            if not ok:
                break
        self.sync_tower(m)
        self.emit(ev.TowerGrew(m.id, added, reason, m.tower.height, ok))
        if not ok:
            yield from self.tower_fell(m, m.boss if stacked_by is None else stacked_by, reason)

    def tower_fell(self, m: Model, knocked_by: int, cause: str) -> Flow:
        """A tower fell. Its own boss knocked it: the git falls over. Anyone else: it sobers up."""
        dice = m.tower.height
        m.tower.clear()
        if knocked_by == m.boss:
            m.fallen = True
            m.on_fire = False  # Fire lasts "until it falls over"
            m.stats["falls"] += 1
            self.table.set_upright(m.id, False)
            self.sync_tower(m)
            self.emit(ev.TowerFell(m.id, self.bosses[knocked_by].name, "fell_over", cause, dice))
            if self.active_model == m.id:
                self._activation_over = True
            yield from self.combat.on_fell_over(m)
        else:
            m.stats["sober_ups"] += 1
            self.sync_tower(m)
            self.emit(ev.TowerFell(m.id, self.bosses[knocked_by].name, "sobered_up", cause, dice))

    def discard_die(self, die_id: str) -> None:
        """Take a resolved (or left-over) die off the table, if it is still there."""
        if die_id in self.table.dice:
            self.table.remove_die(die_id)
            self.emit(ev.DieRemoved(die_id))

    def remove_model(self, m: Model, reason: str) -> None:
        """Take a model out of play (exploded, legged it…)."""
        if m.in_play:
            self.table.remove_figure(m.id)
        m.in_play = False
        m.removed = True
        m.tower.clear()
        self.emit(ev.ModelRemoved(m.id, reason))

    def loot_cap(self, m: Model, cap_id: str) -> None:
        self.table.remove_cap(cap_id)
        self.bosses[m.boss].stash += 1
        m.stats["caps_looted"] += 1
        self.emit(ev.CapLooted(m.id, self.bosses[m.boss].name, cap_id))

    def take_cap(self, frm: int, to: int, n: int = 1) -> int:
        n = min(n, self.bosses[frm].stash)
        self.bosses[frm].stash -= n
        self.bosses[to].stash += n
        return n

    # ------------------------------------------------------------------ the flow

    def _play(self) -> Flow:
        yield from self._setup()
        n = len(self.bosses)
        order = list(CLOCKWISE[n])
        i = order.index(self.big_boss)
        self.clock_running = True
        self._wall_start = time.monotonic()
        self.emit(ev.ClockStarted(self.scenario.timer_min * 60))
        while sum(not b.out for b in self.bosses) > 1:
            boss = self.bosses[order[i % n]]
            i += 1
            if boss.out:
                continue
            if self._safety_due():
                self.safety_fired = True
                reason = (f"the clock passed {self.options['safety_factor']:g}x the timer"
                          if self.activations < self.options["max_activations"]
                          else f"{self.activations} activations")
                self.emit(ev.SafetyRule(reason))
                for k in range(n):
                    b = self.bosses[order[(i - 1 + k) % n]]
                    if not b.out and sum(not x.out for x in self.bosses) > 1:
                        self._leg_it(b, forced=True)
                break
            yield from self._turn(boss)
        self._finish()

    def _safety_due(self) -> bool:
        if self.activations >= self.options["max_activations"]:
            return True
        return bool(self.options["safety_rule"]) and self.clock >= self.scenario.timer_min * 60 * self.options["safety_factor"]

    def _setup(self) -> Flow:
        """Caps dropped from a height, one in the middle, big boss, alternating deployment."""
        w, h = self.table.width, self.table.height
        centre = (w / 2, h / 2)
        for b in self.bosses:
            drops = self.table.drop_caps(self.scenario.caps_per_boss, centre, self.rng("caps")) \
                if self.scenario.caps_per_boss else []
            self.caps_from_supply += len(drops)
            self.emit(ev.CapsDropped(b.name, [(d.id, d.position) for d in drops]))
        if self.options.get("middle_cap", True):
            cap = self.table.add_cap(centre)
            self.caps_from_supply += 1
            self.emit(ev.CapPlaced(cap, centre, "one more in the middle"))
        self.big_boss = int(self.rng("big_boss").integers(0, len(self.bosses)))
        self.emit(ev.BigBoss(self.bosses[self.big_boss].name))
        n = len(self.bosses)
        order = list(CLOCKWISE[n])
        i = order.index(self.big_boss)
        done = [False] * n
        while not all(done):
            b = self.bosses[order[i % n]]
            i += 1
            if done[b.index]:
                continue
            options = self._deployable(b.index)
            if not options:
                done[b.index] = True
                continue
            ans = yield Deploy(b.index, tuple(options), w, h, float(self.options["deploy_distance_in"]),
                               legal=self._deploy_problem)
            if ans == "skip":
                done[b.index] = True
                continue
            mid, pos = ans
            m = self.models[mid]
            self.table.add_figure(mid, pos, base_mm=m.git.base_mm)
            m.in_play = True
            self.emit(ev.Deployed(b.name, mid, pos))

    def _deployable(self, boss: int) -> list[str]:
        deployed = [m for m in self.models.values() if m.boss == boss and m.in_play]
        numerous_free = any("numerous" in m.specials for m in deployed)
        counted = len(deployed) - (1 if numerous_free else 0)
        out = []
        for m in self.models.values():
            if m.boss != boss or m.in_play or m.removed:
                continue
            free_slot = "numerous" in m.specials and not numerous_free
            if counted < self.options["max_models"] or free_slot:
                out.append(m.id)
        return out

    def _deploy_problem(self, model_id: str, p: Point) -> str | None:
        """Why a model may not be deployed at p (None = legal)."""
        m = self.models[model_id]
        r = m.git.base_mm * MM / 2
        x, y = p
        if not (r <= x <= self.table.width - r and r <= y <= self.table.height - r):
            return "the base would hang off the table"
        need = float(self.options["deploy_distance_in"])
        for thing, d in self.table.within(need + r, point=p):
            gap = d - r
            if thing.kind == Kind.CAP and gap < need:
                return f"within {need:g}\" of a cap"
            if thing.kind == Kind.FIGURE:
                if gap < 0:
                    return "overlaps another model"
                if self.models[thing.id].boss != m.boss and gap < need:
                    return f"within {need:g}\" of an enemy model"
            if thing.kind in (Kind.TERRAIN, Kind.DIE) and gap < 0:
                return f"overlaps {thing.kind.value} '{thing.id}'"
        return None

    def activatable(self, boss: int) -> list[str]:
        out = []
        for m in self.in_play(boss):
            if not m.fallen:
                out.append(m.id)
            elif "reboot_button" in m.specials and not self.siren:
                out.append(m.id)
        return out

    def _turn(self, boss: Boss) -> Flow:
        options = self.activatable(boss.index)
        if not options:
            self._leg_it(boss, forced=True)
            return
        self.current_boss = boss.index
        choice = yield ChooseActivation(boss.index, tuple(options) + ("leg_it",), "activate a model or leg it")
        if choice == "leg_it":
            self._leg_it(boss, forced=False)
            return
        yield from self._activation(self.models[choice])

    def _activation(self, m: Model) -> Flow:
        boss = self.bosses[m.boss]
        self.activations += 1
        m.stats["activations"] += 1
        self.active_model = m.id
        self._activation_over = False
        self.advance(self.costs.choose_model_s)
        self.emit(ev.ActivationStarted(boss.name, m.id, self.activations))
        self.combat.on_activation_start(m)
        if m.klank:  # Klanking: discard the token and end the activation
            m.klank = False
            self.emit(ev.Klanked(m.id))
            self.emit(ev.ActivationEnded(m.id, "klank"))
            self.active_model = None
            return
        if m.fallen:  # only a Reboot Button git can be picked while fallen
            yield from self._reboot(m)
            self.emit(ev.ActivationEnded(m.id, "reboot"))
            self.active_model = None
            return
        done: list[str] = []
        reason = "done"
        while len(done) < 2 and not self._activation_over and m.standing:
            legal = [a for a in self._legal_actions(m) if a not in done]
            if not legal:
                break
            opts = tuple(legal) + (("done",) if done else ())
            action = yield ChooseAction(m.boss, opts, "choose an action", m.id)
            if action == "done":
                break
            done.append(action)
            self.emit(ev.ActionTaken(m.id, action))
            if action == "scoot":
                yield from self._scoot(m)
            elif action == "shoot":
                yield from self.combat.shoot(m)
            elif action == "boot":
                yield from self._boot(m)
        if self._activation_over:
            reason = "fell over" if m.fallen else "fight"
        if m.standing:
            if "klanking" in m.specials:
                m.klank = True
            n = 2 if "lightweight" in m.specials else 1
            self.advance(self.costs.swig_s)
            yield from self.add_tower_dice(m, n, "swig")
            yield from self.combat.after_swig(m)
        self.combat.on_activation_end(m)
        self.emit(ev.ActivationEnded(m.id, reason))
        self.active_model = None

    def _legal_actions(self, m: Model) -> list[str]:
        acts = ["scoot"]
        if self.combat.can_shoot(m):
            acts.append("shoot")
        if self._boot_targets(m):
            acts.append("boot")
        return acts

    # ------------------------------------------------------------------ scoot

    def _scoot(self, m: Model) -> Flow:
        boss = m.boss
        thrown = yield AimThrow(boss, m.id, "move", m.move_dice, self.table.width, self.table.height)
        landed = yield from self.throw(boss, m.id, "move", m.move_dice, thrown)
        dice = {d[0]: d for d in landed if d[0] in self.table.dice}
        while dice and m.standing and not self._activation_over:
            die_id = yield OrderMoveDie(boss, tuple(dice), "which move die next?", m.id)
            care = yield ChooseCare(boss, CARE_LEVELS, "how carefully to carry the tower?", m.id)
            _, sides, value, _ = dice.pop(die_id)
            yield from self.move_towards_die(m, die_id, value, care)
            yield from self._eager_helpers(m, die_id, value)
            self.discard_die(die_id)
        for die_id in dice:  # the scoot ended early: leftover move dice are removed
            self.discard_die(die_id)

    def _eager_helpers(self, mover: Model, die_id: str, value: int) -> Flow:
        """Eager Helper: friendly runts within 6" of a resolved move die may move using it too."""
        helped: set[str] = set()
        while die_id in self.table.dice and not self._activation_over:
            pos = self.table.die_state(die_id)[2]
            near = {t.id for t, d in self.table.within(LEG_IT_RANGE_IN, point=pos, kinds=(Kind.FIGURE,))}
            runts = tuple(r.id for r in self.in_play(mover.boss)
                          if r.id != mover.id and r.id not in helped and r.standing and r.id in near
                          and "eager_helper" in r.specials)
            if not runts:
                return
            pick = yield EagerHelp(mover.boss, runts + ("no",), "an eager helper moves too?", die_id)
            if pick == "no":
                return
            helped.add(pick)
            care = yield ChooseCare(mover.boss, CARE_LEVELS, "how carefully to carry the tower?", pick)
            yield from self.move_towards_die(self.models[pick], die_id, value, care)

    def move_towards_die(self, m: Model, die_id: str, value: int, care: str) -> Flow:
        """Move directly towards a die by its value; stop at the first bump (rulebook: Scooting)."""
        target = self.table.die_state(die_id)[2]
        yield from self.move(m, value, care, toward=target, towards_label=die_id, value=value)

    def move(self, m: Model, distance: float, care: str, toward: Point | None = None,
             direction: Point | None = None, towards_label: str | None = None, value: int | None = None,
             reason: str = "scoot", ignore: Sequence[str] = (), tower_motion: str = "carry") -> Flow:
        """Sweep a git's base, carry its tower (at ``care``, or as a shove), deal with what it bumped."""
        start = self.position(m.id)
        res = self.table.sweep(m.id, toward=toward, direction=direction, distance=distance, ignore=ignore)
        self.table.move_figure(m.id, res.end)
        stop = None
        if res.contact is not None:
            c = res.contact.thing
            stop = f"{c.kind.value}:{c.id}" if c.kind != Kind.EDGE else "edge"
        if tower_motion == "carry":
            self.advance(self.costs.resolve_move_die_s + self.costs.carry_s_per_in[care] * res.travelled)
        self.emit(ev.ModelMoved(m.id, start, res.end, distance, res.travelled, towards_label, value,
                                care if tower_motion == "carry" else None, stop, reason))
        if m.tower.height > 0 and res.travelled > 0 and m.standing:
            seg = ((res.end[0] - start[0]) / MM, (res.end[1] - start[1]) / MM)
            if tower_motion == "shove":
                ok = m.tower.shove(seg, res.travelled / MM)
            else:
                ok = m.tower.carry([seg], care, bumped=[res.contact is not None])
            if not ok:
                yield from self.tower_fell(m, m.boss, reason)
        self.sync_tower(m)
        if res.contact is None or not m.in_play:
            return
        c = res.contact.thing
        if c.kind == Kind.CAP and m.standing:
            self.loot_cap(m, c.id)
        elif c.kind == Kind.FIGURE and c.id in self.models:
            other = self.models[c.id]
            if other.standing and self.enemies(m.id, c.id) and m.standing:
                self._activation_over = self.active_model == m.id or self._activation_over
                yield from self.combat.fight(m, other)
        elif c.kind == Kind.TERRAIN:
            yield from self.combat.bumped_terrain(m, c.id, reason)

    # ------------------------------------------------------------------ boot

    def _boot_targets(self, m: Model) -> list[tuple[str, str]]:
        if self.siren:  # Time, Gentlemen: no booting once the siren has sounded
            return []
        out = []
        for other_id in self.touching(m.id):
            o = self.models[other_id]
            if not o.fallen:
                continue
            if self.enemies(m.id, other_id):
                out.append(("boot_in", other_id))
            elif "hunk_of_metal" not in o.specials:
                out.append(("boot_up", other_id))
        return out

    def _boot(self, m: Model) -> Flow:
        targets = self._boot_targets(m)
        how, target = yield ChooseBoot(m.boss, tuple(targets), "whom to boot?", m.id)
        o = self.models[target]
        self.advance(self.costs.boot_s)
        if how == "boot_in":
            n = self.take_cap(o.boss, m.boss, 1)
            self.emit(ev.Booted(m.id, target, how, n))
            return
        self.emit(ev.Booted(m.id, target, how, 0))
        yield from self.stand_up(o, f"booted up by {m.name}", active=True)

    def stand_up(self, o: Model, by: str, active: bool = False) -> Flow:
        """A fallen git gets up where it lay; if that touches a standing enemy, a fight breaks out."""
        o.fallen = False
        self.table.set_upright(o.id, True)
        self.sync_tower(o)
        self.emit(ev.StoodUp(o.id, by, self.position(o.id)))
        foes = [x for x in self.touching(o.id) if self.enemies(o.id, x) and self.models[x].standing]
        if foes and active:
            self._activation_over = True
            yield from self.combat.fight(o, self.models[foes[0]])

    def _reboot(self, m: Model) -> Flow:
        n = yield RebootDice(m.boss, tuple(range(1, 13)), "how many D6 for the reboot?", m.id)
        rolls = [int(self.rng("dice").integers(1, 7)) for _ in range(n)]
        ok = sum(r >= 5 for r in rolls) >= 2 and 1 not in rolls
        self.advance(self.costs.reboot_s)
        self.emit(ev.Rebooted(m.id, rolls, ok))
        if ok:
            yield from self.stand_up(m, "reboot button", active=True)

    # ------------------------------------------------------------------ leg it and the end

    def _leg_it(self, boss: Boss, forced: bool) -> None:
        replaced: list[str] = []
        removed: list[str] = []
        placed: list[tuple[str, Point]] = []
        mine = self.in_play(boss.index)
        near = []
        for m in mine:
            for thing, d in self.table.within(LEG_IT_RANGE_IN, figure=m.id, kinds=(Kind.FIGURE,)):
                o = self.models.get(thing.id)
                if o is not None and o.boss != m.boss and o.standing and d <= LEG_IT_RANGE_IN:
                    near.append(m)
                    break
        for m in mine:
            pos = self.position(m.id)
            self.table.remove_figure(m.id)
            m.in_play = False
            m.removed = True
            m.tower.clear()
            if m in near and boss.stash > 0:
                boss.stash -= 1
                cap = self.table.add_cap(pos)
                placed.append((cap, pos))
                replaced.append(m.id)
            else:
                removed.append(m.id)
        boss.out = True
        boss.legged_at = self.clock
        self.advance(self.costs.leg_it_s)
        self.emit(ev.LeggedIt(boss.name, replaced, removed, placed, forced))

    def _finish(self) -> None:
        left = [b for b in self.bosses if not b.out]
        if len(left) == 1:
            last = left[0]
            caps = list(self.table.caps)
            for c in caps:
                self.table.remove_cap(c)
            last.stash += len(caps)
            self.emit(ev.CapsScooped(last.name, len(caps)))
            last.out = True
            last.legged_at = self.clock
            for m in self.in_play(last.index):
                m.in_play = False
                m.tower.clear()
        new = {b.name: b.stash - b.start_stash for b in self.bosses}
        best = max(new.values())
        winners = [b for b, n in new.items() if n == best]
        self.emit(ev.GameOver(winners, new, self.safety_fired))

    # ------------------------------------------------------------------ accounting

    def caps_accounted(self) -> tuple[int, int]:
        """(caps now: stashes + table + lost, caps expected: starting stashes + supply)."""
        now = sum(b.stash for b in self.bosses) + len(self.table.caps) + len(self.table.lost_caps)
        return now, sum(b.start_stash for b in self.bosses) + self.caps_from_supply

    def result(self) -> ev.GameOver | None:
        for e in reversed(self.events):
            if isinstance(e, ev.GameOver):
                return e
        return None

    def summary(self) -> dict[str, Any]:
        """Plain-data summary: winner, new caps, activations, falls, damage, clock, safety rule."""
        go = self.result()
        per_boss = {}
        for b in self.bosses:
            ms = [m for m in self.models.values() if m.boss == b.index]
            per_boss[b.name] = {
                "new_caps": b.stash - b.start_stash, "stash": b.stash,
                "activations": sum(m.stats["activations"] for m in ms),
                "falls": sum(m.stats["falls"] for m in ms),
                "sober_ups": sum(m.stats["sober_ups"] for m in ms),
                "damage_taken": sum(m.stats["damage_taken"] for m in ms),
                "caps_looted": sum(m.stats["caps_looted"] for m in ms),
            }
        return {
            "scenario": self.scenario.name, "seed": self.seed,
            "winners": go.winners if go else None, "tie": bool(go and len(go.winners) > 1),
            "bosses": per_boss, "activations": self.activations,
            "clock_s": round(self.clock, 3), "siren": self.siren, "safety_rule_fired": self.safety_fired,
            "events": len(self.events), "decisions": len(self.decisions),
        }


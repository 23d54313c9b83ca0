"""The Gangfight game: setup, six game turns of alternating activations, upkeep and actions.

The game *yields* requests (Choices and Deploys, :mod:`.requests`) and is sent checked
answers; everything else it settles on the physics table (bases as circles, terrain
polygons: sweeps for moves, edge-to-edge gaps for ranges and personal space, rays for
sight) and in the dice tray (every roll thrown and read from seeded streams). Numbers come
from the core rules data (:mod:`.book`), weapon behaviour from trait handlers
(:mod:`.traits`): nothing here names an item.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from ... import __version__
from ...physics.table import Table
from ...physics.tray import DiceTray
from ...play.events import digest
from ...play.game import GameBase
from ...play.protocol import Deploy, Request
from ...rng import Streams
from . import abilities as ab
from . import artillery, attacks, heights, magic, mounts
from . import events as ev
from .book import FISTS, Book, Item, book
from .requests import Action, Activate, Facing, First, Loadout, MoveTo, Role, Target
from .scenario import Scenario
from .sight import Cylinder, SightTable, footprints, route_off_table, visible_fraction
from .skills import Hit, SkillHandler, skills_of
from .traits import traits_of

Gen = Generator[Request, Any, Any]
MM = 1 / 25.4
OBJ_R = 0.5  # an objective marker's base radius (a 25 mm counter)
DIRS = 8


@dataclass
class Model:
    """One model in play. ``status``: ready (on the board), out (out of action, lying where it
    fell), fled (ran off the board: a casualty)."""

    id: str
    name: str
    seat: int
    char: Any
    radius: float
    hp: int
    max_hp: int
    pos: tuple[float, float] = (0.0, 0.0)
    facing: float = 0.0
    status: str = "undeployed"
    loadout: tuple[str, ...] = ()
    carried: list[str] = field(default_factory=list)
    ran_last: bool = False
    activated: bool = False
    moved: float = 0.0  # inches moved on the table this activation: "Any model moving 8 inches or more" runs
    hopped: float = 0.0  # inches lost to obstacles this activation (1" each): they count towards the 12" cap
    area_touched: bool = False
    attacked: bool = False
    fired: set[str] = field(default_factory=set)
    bound: bool = False
    dot: tuple[int, int] | None = None  # (strength, hits needed) of a damage-over-time effect
    fleeing: bool = False
    skills: list[SkillHandler] = field(default_factory=list)  # the Fantasy skills that play
    flying: bool = False  # "If the model has wings or a jetpack or special power": spells and abilities set it
    tackle: str = ""  # the enemy its next melee attack gets the tackle's +1 Strength against
    skip: int = 0  # Move actions a climb still uses up this activation
    effects: list[Any] = field(default_factory=list)  # spells on it (spells.Effect): attributes, flags
    spent: list[str] = field(default_factory=list)  # consumables used up (each "used once, and then discarded")
    spells_cast: int = 0  # this activation: "each consecutive spell you cast in one activation" +1
    marks: dict[str, Any] = field(default_factory=dict)  # what abilities remember (abilities.py)

    @property
    def up(self) -> bool:
        return self.status == "ready"

    def a(self, k: str) -> int:
        """An attribute as it stands now: as built, plus the spells on it (Stoneskin's +1 Defense)."""
        return max(0, int(self.char.attrs[k]) + sum(int(e.attrs.get(k, 0)) for e in self.effects))

    def flag(self, name: str) -> bool:
        """A status a spell gives (``flies``: Ethereal Wings' "Gain Flying until your next Upkeep")."""
        return any(name in e.flags for e in self.effects)


def _ang(dx: float, dy: float) -> float:
    return math.atan2(dy, dx)


class GangfightGame(GameBase):
    """One Gangfight. ``pending`` is what it asks now (None once it is over)."""

    def __init__(self, scenario: Scenario, rules: Book | None = None, seed: int | None = None, options: Any = None):
        self.book = rules or book()
        self.scenario = scenario
        self.options: dict[str, Any] = dict(options or {})
        seed = scenario.seed if seed is None else int(seed)
        b = self.book
        self.init_log(
            seed,
            {
                "scenario": digest(scenario.to_doc()),
                "options": digest(self.options),
                "seed": digest(seed),
                "rules": digest(
                    [str(b.game), str(b.gang), str(b.levels), str(b.sizes), str(b.items), str(b.deployments)]
                ),
                "version": digest(__version__),
            },
        )
        self.streams = Streams(seed)
        self.tray = DiceTray()
        bd = scenario.board
        self.width, self.height = bd.width, bd.height
        self.table = Table(bd.width, bd.height)
        self.pieces = {p.id: p for p in bd.terrain}
        for p in bd.terrain:
            crossable = p.kind not in heights.SOLID_KINDS
            if p.circle is not None:
                self.table.add_terrain(
                    p.id, p.height, circle=((p.circle[0], p.circle[1]), p.circle[2]), crossable=crossable
                )
            else:
                self.table.add_terrain(p.id, p.height, polygon=list(p.polygon), crossable=crossable)
        self.sight_table = SightTable(footprints(bd.terrain))
        self.models: dict[str, Model] = {}
        for seat, g in enumerate(scenario.gangs):
            for ch in g.models:
                mid = f"{'ab'[seat]}_{ch.id}"
                self.models[mid] = Model(
                    mid,
                    ch.name,
                    seat,
                    ch,
                    ch.base_mm * MM / 2,
                    ch.attrs["hp"],
                    ch.attrs["hp"],
                    skills=skills_of(tuple(ch.skills) + tuple(getattr(ch, "item_skills", ()))),
                )
                self.models[mid].flying = ab.flies(self.models[mid])
        # weapons a body gives (Vicious Bite), looked up by id like carried items
        self.naturals = {w.id: w for m in self.models.values() for w in ab.natural_weapons(m)}
        for m in self.models.values():  # Lucky: "Start the game with a pool of Lucky Dice equal to your Quickness"
            if ab.lucky_pool(m):
                m.marks["lucky"] = ab.lucky_pool(m)
        self.active: Model | None = None  # the model whose activation it is
        self.objectives: dict[str, tuple[float, float] | None] = {}  # id -> where it lies (None: carried)
        self.turn = 0
        self.attacker = 0
        self.winners: list[int] = []
        self.reason = ""
        self.vp = [0, 0]
        self.start(self._run())

    # ------------------------------------------------------------------ small queries

    def names(self) -> dict[str, str]:
        out = {m.id: m.name for m in self.models.values()}
        for i, g in enumerate(self.scenario.gangs):
            out[f"seat{i}"] = g.name
            out[str(i)] = g.name
        return out

    def gang(self, seat: int, up: bool = True) -> list[Model]:
        return [m for m in self.models.values() if m.seat == seat and (m.up or not up)]

    def enemies(self, m: Model) -> list[Model]:
        return [e for e in self.models.values() if e.seat != m.seat and e.up]

    def gap(self, a: Model, b: Model) -> float:
        """Edge-to-edge distance between two bases ("start measuring from the edge of your model's base")."""
        return max(0.0, math.dist(a.pos, b.pos) - a.radius - b.radius)

    def in_ps(self, a: Model, b: Model) -> bool:
        """Is ``b`` within ``a``'s personal space (edges 1" or closer)? Not when they stand at
        different levels or a wall hides them from each other (:func:`.heights.apart`)."""
        return self.gap(a, b) <= self.book.g("personal_space") + 1e-9 and not heights.apart(self, a, b)

    def engaged(self, m: Model) -> list[Model]:
        """Enemies in personal space: "those models are automatically considered to be fighting in melee combat"."""
        return [e for e in self.enemies(m) if self.in_ps(m, e)]

    def in_front(self, m: Model, p: tuple[float, float], r: float = 0.0) -> bool:
        """Is any part of a base of radius ``r`` at ``p`` in ``m``'s 180 degree front arc?"""
        dx, dy = p[0] - m.pos[0], p[1] - m.pos[1]
        return dx * math.cos(m.facing) + dy * math.sin(m.facing) >= -r - 1e-9

    def behind(self, attacker: Model, target: Model) -> bool:
        """Is the attacker behind the target (its centre outside the target's front arc)?"""
        return not self.in_front(target, attacker.pos)

    def areas_at(self, p: tuple[float, float]) -> list[str]:
        return [
            t.id
            for t, _d in self.table.within(0.0, point=p)
            if t.id in self.pieces and self.pieces[t.id].kind in heights.AREA_KINDS
        ]

    def item(self, iid: str) -> Item:
        return FISTS if iid == "fists" else self.naturals.get(iid) or self.book.item(iid)

    def weapons(self, m: Model) -> list[Item]:
        """What it may hold: the weapons it carries (less one it was disarmed of and has not picked up
        yet), then any its body gives."""
        ids = [i for i in m.char.items if self.item(i).family == "weapon"]
        if "dropped" in m.marks and m.marks["dropped"][0] in ids:
            ids.remove(m.marks["dropped"][0])
        return [self.item(i) for i in ids] + ab.natural_weapons(m)

    def loadouts(self, m: Model) -> list[tuple[str, ...]]:
        """Every way to hold what it carries: one weapon, or two whose hands add up to two; ()
        is bare hands. "A model may attack with either one 2-handed weapon ... or two 1-handed weapons"."""
        ws = self.weapons(m)
        out: list[tuple[str, ...]] = [()]
        seen: set[tuple[str, ...]] = {()}
        for i, w in enumerate(ws):
            for lo in [(w.id,)] + [(w.id, v.id) for v in ws[i + 1 :] if w.hands + v.hands <= 2]:
                key = tuple(sorted(lo))
                if key not in seen:
                    seen.add(key)
                    out.append(lo)
        return out

    def shield_dp(self, m: Model) -> int:
        """A shield counts when the weapons held leave a hand free ("they require one open hand to equip")."""
        hands = sum(self.item(i).hands for i in m.loadout)
        return (
            max((self.item(i).dp for i in m.char.items if self.item(i).family == "shield"), default=0)
            if hands <= 1
            else 0
        )

    def item_save_rerolls(self, m: Model) -> int:
        """Dice its equipment lets it reroll from a failed Defense roll, whatever its hands hold
        (the Buckler: "May be equipped even if both hands are full. You may reroll 1D6 from a faled
        Defense roll."): the best one carried, not one die per item, as :meth:`shield_dp`."""
        return max((self.item(i).save_rerolls for i in m.char.items), default=0)

    def held(self, m: Model, ranged: bool) -> list[Item]:
        """The weapons of its loadout for a melee or a ranged attack, best (strongest) first; melee
        falls back to fists."""
        ws = [self.item(i) for i in m.loadout if self.item(i).type == ("ranged" if ranged else "melee")]
        if not ws and not ranged:
            ws = [FISTS]
        return sorted(ws, key=lambda w: -w.strength_for(m.a("str")))

    def best_melee(self, m: Model) -> list[Item]:
        """A Break Away's free attack is made "with the weapon of their choice": the strongest melee
        weapon it carries, whatever it last chose to hold (before its first activation it holds
        nothing, and a ranged loadout would leave it fists)."""
        ws = [w for w in self.weapons(m) if w.type == "melee"] or [FISTS]
        return sorted(ws, key=lambda w: -w.strength_for(m.a("str")))[:1]

    def weapon_range(self, m: Model, w: Item) -> float:
        """ "Unless otherwise specified, the range of a thrown weapon will usually listed as M, meaning
        it will be equal to your model's Strength": a listed number is the range, thrown or not."""
        if w.range == "M":
            return float(m.a("str"))
        return w.range_for(m.a("str"))

    # ------------------------------------------------------------------ dice

    def roll(
        self,
        m: Model | None,
        seat: int,
        n: int,
        target: int,
        purpose: str,
        reroll_misses: int = 0,
        at_or_below: bool = False,
        reroll_hits: int = 0,
        need: int | None = None,
    ) -> int:
        """Throw ``n`` D6 into the tray and count successes against ``target``: "a 6 will always be
        considered successful and a roll of 1 will always fail" (``at_or_below``: reviving's
        roll at or below, where a 1 does not fail)."""
        if n <= 0:
            self.emit(ev.Rolled(seat, m.id if m else "", purpose, [], target, 0))
            if need is not None and m is not None and need > 0 and m.marks.get("lucky", 0) > 0:
                return self._lucky(
                    m,
                    seat,
                    need,
                    lambda v: v <= target if at_or_below else v == 6 or (v != 1 and v >= target),
                    purpose,
                    target,
                )
            return 0
        self.tray.clear()
        dice = self.tray.throw(n, self.streams("scatter"), self.streams("dice"), side=seat)
        faces = [d.value for d in dice]
        lying = [[float(d.value), round(d.position[0], 3), round(d.position[1], 3)] for d in dice]

        def ok(v: int) -> bool:
            if at_or_below:
                return v <= target
            return v == 6 or (v != 1 and v >= target)

        done = 0
        for want_hit, count in ((False, reroll_misses), (True, reroll_hits)):
            if not count:
                continue
            miss = [i for i, v in enumerate(faces) if ok(v) == want_hit][:count]
            if miss:
                self.tray.pick_up([dice[i].id for i in miss])
                again = self.tray.throw(len(miss), self.streams("scatter"), self.streams("dice"), side=seat)
                for i, d in zip(miss, again, strict=True):
                    dice[i] = d
                    faces[i] = d.value
                    lying[i] = [float(d.value), round(d.position[0], 3), round(d.position[1], 3)]
                done += len(miss)
        s = sum(1 for v in faces if ok(v))
        self.emit(ev.Rolled(seat, m.id if m else "", purpose, lying, target, s, done))
        if need is not None and m is not None and s < need and m.marks.get("lucky", 0) > 0:
            s += self._lucky(m, seat, need - s, ok, purpose, target)
        return s

    def _lucky(self, m: Model, seat: int, short: int, ok: Any, purpose: str, target: int) -> int:
        """Lucky: "Any amount of these dice may be added to any roll you are required to make at any
        time, however once these dice are used, they are gone". Spent (a reading: the engine asks
        nothing inside an attack) one die at a time on a roll of ``need`` successes that falls
        short, until it holds or the pool is empty."""
        got = 0
        lying: list[list[float]] = []
        while got < short and m.marks.get("lucky", 0) > 0:
            m.marks["lucky"] -= 1
            (d,) = self.tray.throw(1, self.streams("scatter"), self.streams("dice"), side=seat)
            lying.append([float(d.value), round(d.position[0], 3), round(d.position[1], 3)])
            got += 1 if ok(d.value) else 0
        self.emit(ev.Rolled(seat, m.id, f"lucky dice ({purpose})", lying, target, got))
        self.emit(ev.Note(m.id, "lucky", f"adds {len(lying)} Lucky dice ({m.marks['lucky']} left)"))
        return got

    def rolloff(self, purpose: str) -> int:
        """Both players roll 1D6, rerolling ties; the seat that rolled highest."""
        while True:
            a = self.roll(None, 0, 1, 0, purpose)  # target 0: only the face matters here
            fa = int(self.events[-1].dice[0][0])  # type: ignore[attr-defined]
            self.roll(None, 1, 1, 0, purpose)
            fb = int(self.events[-1].dice[0][0])  # type: ignore[attr-defined]
            del a
            if fa != fb:
                return 0 if fa > fb else 1

    # ------------------------------------------------------------------ the flow

    def _run(self) -> Gen:
        self.emit(
            ev.GameStarted(
                [g.name for g in self.scenario.gangs],
                [
                    {
                        "id": m.id,
                        "name": m.name,
                        "seat": m.seat,
                        "level": m.char.level,
                        "size": m.char.size,
                        "radius": round(m.radius, 4),
                        "attrs": dict(m.char.attrs),
                        "leader": m.char.leader,
                        "items": list(m.char.items),
                    }
                    for m in self.models.values()
                ],
                self.scenario.board.to_doc(),
                self.scenario.deployment,
                self.scenario.turns,
            )
        )
        # "Both players roll 1D6, rerolling ties, and the player who rolls the highest may choose to be
        # the attacker or defender."
        w = self.rolloff("attacker or defender")
        role = yield Role(w, ("attacker", "defender"), "be the attacker or the defender?")
        self.attacker = w if role == "attacker" else 1 - w
        self.emit(ev.Setup(self.attacker, 1 - self.attacker))
        yield from self._objectives()
        yield from self._deploy()
        yield from artillery.deploy(self)  # "when you set up your men ... you may place artillery anywhere"
        for turn in range(1, self.scenario.turns + 1):
            self.turn = turn
            self.clock = float(turn)
            # "At the beginning of each turn, both players roll 1D6, rerolling ties. The winner may choose
            # who goes first"
            w = self.rolloff("initiative")
            pick = yield First(w, ("me", "opponent"), "who activates first this turn?")
            first = w if pick == "me" else 1 - w
            self.emit(ev.TurnStarted(turn, first))
            for m in self.models.values():
                m.activated = False
            seat = first
            while True:
                ready = [m for m in self.gang(seat) if not m.activated]
                if not ready:
                    seat = 1 - seat
                    ready = [m for m in self.gang(seat) if not m.activated]
                    if not ready:
                        break
                mid = yield Activate(seat, tuple(m.id for m in ready), "activate which model?")
                yield from self._activation(self.models[mid])
                if self._wiped():
                    return self._end("wipe-out")
                seat = 1 - seat
        return self._end("six turns")

    def _wiped(self) -> bool:
        return any(not self.gang(s) for s in (0, 1))

    def _end(self, reason: str) -> None:
        b = self.book
        vp = [0, 0]
        for m in self.models.values():
            if m.status in ("out", "fled"):
                lv = b.levels[m.char.level]
                v = int(b.gang["leader_vp"]) if m.char.leader else lv.vp
                vp[1 - m.seat] += v + b.sizes[m.char.size].vp
            elif m.up:
                vp[m.seat] += int(b.g("objective_vp")) * len(m.carried)
        self.vp = vp
        alive = [s for s in (0, 1) if self.gang(s)]
        if len(alive) == 1:  # "you will win automatically if you are able to wipe out the entire enemy gang"
            winners = alive
        elif not alive:
            winners = []
        else:
            best = max(vp)
            winners = [s for s in (0, 1) if vp[s] == best]
        self.winners, self.reason = winners, reason
        self.emit(ev.GameEnded(reason, vp, winners, self.turn))

    # ------------------------------------------------------------------ setup

    def zone(self, seat: int) -> Any:
        d = self.book.deployments[self.scenario.deployment]
        return d.attacker if seat == self.attacker else d.defender

    def _objectives(self) -> Gen:
        b = self.book
        if self.scenario.objectives is not None:
            for i, fixed in enumerate(self.scenario.objectives):
                oid = f"o{i + 1}"
                self.objectives[oid] = fixed
                self.emit(ev.ObjectivePlaced(oid, -1, [fixed[0], fixed[1]]))
            return
        per = int(b.g("objective_per_fame"))
        # "You may place one objective on the board for every 250 points of Fame your gang has": each
        # gang's own Fame (its XP summed: "To determine your Gang's Fame, simply add the XP level").
        counts = [g.fame // per for g in self.scenario.gangs]
        seat = self.rolloff("first objective")
        n = 0
        while sum(counts):
            if counts[seat]:
                n += 1
                oid = f"o{n}"
                ans = yield Deploy(
                    seat, (oid,), self.width, self.height, b.g("objective_spacing"), self._objective_legal
                )
                p: tuple[float, float] | None = None
                if ans == "skip":
                    p = self._first_legal(lambda q, o=oid: self._objective_legal(o, q))
                else:
                    p = ans[1]
                if p is not None:
                    at = (round(p[0], 4), round(p[1], 4))
                    self.objectives[oid] = at
                    self.emit(ev.ObjectivePlaced(oid, seat, [at[0], at[1]]))
                counts[seat] -= 1
            seat = 1 - seat

    def _objective_legal(self, _oid: str, p: tuple[float, float]) -> str | None:
        """The book: "Objectives cannot be placed in any gang starting areas, and each one should be at
        least 6 inches appart." Nor on blocking terrain (a reading)."""
        if not (OBJ_R <= p[0] <= self.width - OBJ_R and OBJ_R <= p[1] <= self.height - OBJ_R):
            return "off the board"
        for s in (0, 1):
            if self.zone(s).contains(p, self.width, self.height, -OBJ_R):
                return "inside a gang's starting area"
        if any(
            self.pieces[t.id].kind in heights.SOLID_KINDS
            for t, _d in self.table.within(OBJ_R, point=p)
            if t.id in self.pieces
        ):
            return "on blocking terrain"
        for q in self.objectives.values():
            if q is not None and math.dist(p, q) - 2 * OBJ_R < self.book.g("objective_spacing"):
                return f'closer than {self.book.g("objective_spacing"):g}" to another objective'
        return None

    def _first_legal(self, legal: Any) -> tuple[float, float] | None:
        for iy in range(int(self.height * 2)):
            for ix in range(int(self.width * 2)):
                p = (0.25 + ix * 0.5, 0.25 + iy * 0.5)
                if legal(p) is None:
                    return p
        return None

    def _deploy_legal(self, mid: str, p: tuple[float, float]) -> str | None:
        m = self.models.get(mid)
        if m is None:
            return "no such model"
        if not self.zone(m.seat).contains(p, self.width, self.height, m.radius):
            return "not wholly inside its gang's starting area"
        for t, _d in self.table.within(m.radius - 1e-6, point=p):
            if t.id in self.pieces and self.pieces[t.id].kind not in heights.AREA_KINDS:
                return f"on {t.id}"
        for o in self.models.values():
            if o.status == "ready" and math.dist(o.pos, p) < o.radius + m.radius + 1e-6:
                return f"overlaps {o.name}"
            if (
                o.status == "ready"
                and o.seat != m.seat
                and math.dist(o.pos, p) - o.radius - m.radius <= self.book.g("personal_space")
            ):
                return f"inside {o.name}'s personal space"
        return None

    def _deploy(self) -> Gen:
        # "When it is time to place your models, the defender always sets the first model."
        seat = 1 - self.attacker
        while True:
            left = [m for m in self.gang(seat, up=False) if m.status == "undeployed"]
            if not left:
                seat = 1 - seat
                left = [m for m in self.gang(seat, up=False) if m.status == "undeployed"]
                if not left:
                    break
            ans = yield Deploy(seat, tuple(m.id for m in left), self.width, self.height, 1.0, self._deploy_legal)
            auto = ans == "skip"
            if auto:  # "All models must be placed in these zones before the game starts."
                m = left[0]
                p = self._first_legal(lambda q, mid=m.id: self._deploy_legal(mid, q))
                if p is None:
                    raise RuntimeError(f"no room to deploy {m.name}")
            else:
                m, p = self.models[ans[0]], ans[1]
            self._place(m, (round(p[0], 4), round(p[1], 4)))
            self.emit(ev.Deployed(m.id, list(m.pos), round(math.degrees(m.facing), 3), auto))
            seat = 1 - seat

    def _place(self, m: Model, p: tuple[float, float]) -> None:
        m.pos = p
        # facing at setup: towards the middle of the board (the book leaves it to the player; a reading)
        m.facing = round(_ang(self.width / 2 - p[0], self.height / 2 - p[1]), 6)
        m.status = "ready"
        self.table.add_figure(m.id, p, base_mm=m.radius * 2 / MM, angle=m.facing)

    # ------------------------------------------------------------------ an activation

    def _activation(self, m: Model) -> Gen:
        m.activated = True
        m.moved, m.area_touched, m.attacked, m.fleeing = 0.0, False, False, False
        m.hopped = 0.0
        m.fired = set()
        m.spells_cast = 0
        magic.upkeep(self, m)  # spells "until your next Upkeep" end
        self.active = m
        m.marks["activations"] = m.marks.get("activations", 0) + 1
        ab.activation_starts(m)
        actions = m.a("sta") - ab.stamina_penalty(m) + ab.bonus_actions(self, m)  # Pestilence, Planner
        self.emit(ev.Activated(m.id, m.seat, actions))
        # ---- upkeep: "If a model needs to roll for morale, is poisoned or had any other sort of
        # ongoing effect placed on it previously, now is the time"
        if m.dot is not None:
            strength, need = m.dot
            saves = self.defense_roll(m, strength, need, "damage over time")
            if saves >= need:
                m.dot = None
                self.emit(ev.Note(m.id, "dot_ended", "shakes off the damage over time"))
            else:
                self._wound(m, "damage over time")
                if not m.up:
                    return
        tn = self.morale_target(m)
        if tn is not None:
            tn = max(
                2,
                tn
                + sum(h.morale_target() for h in m.skills)
                + magic.morale_penalty(self, m)  # Fear
                + ab.morale_penalty(self, m),  # Horrify
            )  # Bravery
            extra = max(  # Inspiring: "All friendly models within 6\" of you gain +1D6 bonus for Morale rolls"
                [0]
                + [
                    d
                    for o in self.gang(m.seat)
                    if o is not m
                    for r, d in (h.morale_dice_nearby() for h in o.skills)
                    if d and self.gap(o, m) <= r
                ]
            )
            ok = self.roll(m, m.seat, m.a("int") + extra, tn, "morale", need=1) >= 1
            self.emit(
                ev.Note(m.id, "morale", f"morale {'holds' if ok else 'breaks: it flees towards the nearest edge'}")
            )
            m.fleeing = not ok
        # "This is also the time when all guns are reloaded and you decide which weapon your character
        # will be attacking with"
        options = self.loadouts(m)
        if len(options) > 1:
            pick = yield Loadout(m.seat, tuple(options), f"{m.name}: which weapons this activation?", m.id)
            m.loadout = tuple(pick)
        else:
            m.loadout = options[0]
        self.emit(
            ev.Note(
                m.id, "weapons", "holds " + (" and ".join(self.item(i).name for i in m.loadout) or "nothing (fists)")
            )
        )
        ran = False
        moved_once = False
        m.skip = 0
        for _k in range(actions):
            if not m.up:
                return
            if m.skip:  # a climb's further Move actions ("how many move actions you will need")
                m.skip -= 1
                continue
            opts = self.action_options(m, moved_once)
            if ab.must_pick_up(m):  # Disarm: "He must use an action to pick it up at the start of his next Activation"
                opts = ("pick_up",)
            if m.fleeing and not moved_once:  # "The model must make at least one move action"
                opts = tuple(o for o in opts if o in ("move", "break_away")) or opts
            act = yield Action(m.seat, opts, f"{m.name}: action {_k + 1} of {actions}", m.id)
            if act == "end":
                break
            if act == "move":
                yield from self._move(m)
                moved_once = True
            elif act == "turn":
                yield from self._turn(m)
            elif act == "jump":
                yield from heights.do_jump(self, m)
                moved_once = True
            elif act == "attack":
                yield from self._attack(m)
            elif act == "break_away":
                yield from self._break_away(m)
                moved_once = True
            elif act.startswith(("fire:", "aim:")):
                yield from artillery.act(self, m, act)
            elif act == "dismount":
                mounts.dismount(self, m)
            elif act == "free":
                m.bound = False
                self.emit(ev.Note(m.id, "freed", "frees itself"))
            elif act == "reload":
                m.fired = set()
                self.emit(ev.Note(m.id, "reloaded", "reloads"))
            elif act == "change":
                pick = yield Loadout(
                    m.seat,
                    tuple(lo for lo in self.loadouts(m) if lo != m.loadout),
                    f"{m.name}: change to which weapons?",
                    m.id,
                )
                m.loadout = tuple(pick)
                self.emit(
                    ev.Note(
                        m.id, "weapons", "changes to " + (" and ".join(self.item(i).name for i in m.loadout) or "fists")
                    )
                )
            elif act.startswith(magic.ACTIONS):  # Cast a Spell, Consume Item
                yield from magic.act(self, m, act)
            elif act.startswith("capture:"):
                oid = act.split(":", 1)[1]
                self.objectives[oid] = None
                m.carried.append(oid)
                self.emit(ev.Captured(m.id, oid))
            elif act == "pick_up":
                ab.pick_up(self, m)
            else:  # Use Ability, and the skills that are actions (abilities.py)
                yield from ab.perform(self, m, act)
            if self._wiped():
                return
        if m.up:
            ran = self.ran_now(m)
        m.ran_last = ran
        magic.activation_over(self, m)

    def dot_dice(self, m: Model, strength: int) -> int:
        """Damage over time: "he will have to make a new Defense roll in each of his Upkeep phases":
        a Defense roll as any other, so a shield held with a hand free adds its +1 and a Strength
        of 7 or more takes 1 off ("any target hit by an attack with a Strength of 7 or more will
        suffer a -1 Defense penalty"); no cover (nothing stands between it and the fire)."""
        dp = m.a("dp") + self.shield_dp(m)
        if strength >= int(self.book.g("super_strength")):
            dp -= 1
        return max(dp, 0)

    def defense_roll(self, m: Model, strength: int, need: int, purpose: str) -> int:
        """A Defense roll that no attack makes (damage over time's upkeep save, a fall's "Defense
        roll as noted on page ###"), made as any other: :meth:`dot_dice` (a shield with a hand
        free +1, -1 against Strength 7+, no cover), the rerolls of a failed one (Hearty's "failed
        saving throw", a Buckler's "failed Defense roll"; Parry's are "against melee attacks"
        only: no attack here, so it is asked as for a shot), and ``need`` successes, which
        Lucky's dice may make up. The number of successes."""
        calm = Hit(True, False, (), frozenset(m.char.kinds))
        rer = sum(h.save_rerolls(calm) for h in m.skills) + self.item_save_rerolls(m)
        return self.roll(m, m.seat, self.dot_dice(m, strength), strength, purpose, reroll_misses=rer, need=need)

    def morale_target(self, m: Model) -> int | None:
        """ "At the beginning of a model's activation, if their gang is outnumbered and has lost half
        of their models or more, they could run away." The target number by how badly."""
        mine = len(self.gang(m.seat))
        theirs = len(self.gang(1 - m.seat))
        total = len(self.gang(m.seat, up=False))
        if mine >= theirs or (total - mine) * 2 < total:
            return None
        tn = None
        for ratio, t in self.book.morale:
            if theirs >= ratio * mine:
                tn = t
        return tn

    def can_carry(self, m: Model) -> bool:
        """ "Your character must have at least 1 spare point of strength to carry the Objective\""""
        used = sum(self.item(i).slots for i in m.char.items) + len(m.carried)
        used -= sum(self.item(k.split(":")[0]).slots for k in m.spent)  # a used consumable is "discarded"
        return used < m.a("str") + mounts.carry(m.char)  # saddlebags: "carry more equipment"

    def action_options(self, m: Model, moved_once: bool = False) -> tuple[str, ...]:  # noqa: ARG002
        b = self.book
        opts: list[str] = []
        eng = self.engaged(m)
        if m.bound:
            opts.append("free")
        elif eng:
            if self.break_away_spots(m):  # "you will then be allowed to move away": only with a way out
                opts.append("break_away")
            if any(not self.in_front(m, e.pos, e.radius) for e in eng):
                opts.append("turn")  # our reading: a Move of no distance, towards an enemy in its space
        elif self.move_allowance(m) > 0.05:
            opts.append("move")
            if not m.fleeing and heights.jumps(self, m):
                opts.append("jump")  # "make a separate Jump action" (a fleeing model climbs "instead of jumping")
        if self.targets(m) and not artillery.crewing(m):  # a piece's crew fired it "instead of" its weapon
            opts.append("attack")
        if m.fired:
            opts.append("reload")
        if len(self.loadouts(m)) > 1:
            opts.append("change")
        if mounts.can_dismount(self, m):
            opts.append("dismount")
        opts.extend(artillery.options(self, m))
        if self.can_carry(m):
            for oid, p in self.objectives.items():
                if (
                    p is not None
                    and math.dist(m.pos, p) - m.radius - OBJ_R <= b.g("personal_space") + 1e-9
                    and abs(heights.elev_at(self, p) - heights.elev_at(self, m.pos)) <= b.g("level_gap")
                ):
                    opts.append(f"capture:{oid}")
        opts.extend(magic.action_options(self, m))
        opts.extend(ab.ability_options(self, m))
        opts.append("end")
        return tuple(opts)

    # ------------------------------------------------------------------ moving

    def ranger(self, m: Model) -> bool:
        """Ranger: "Move freely in Area Terrain just as if it were out in the open"."""
        return any(h.free_in_area() for h in m.skills)

    def obstacle_cost(self, m: Model) -> float:
        """1" an obstacle, or a skill's (Jumpy: "Not slowed when moving over obstacles")."""
        own = [c for c in (h.obstacle_cost() for h in m.skills) if c is not None]
        ride = mounts.obstacle_cost(m.char)  # a mount "May cross over obstales when running"
        if ride is not None:
            own.append(ride)
        return min(own) if own else self.book.g("obstacle_cost")

    def max_move(self, m: Model) -> float:
        """ "Models may move a maximum of 12 inches per Activation, unless they have a skill" (Running Wild: 18)."""
        return ab.max_move(m, self.book.g("max_move"))

    def move_allowance(self, m: Model) -> float:
        """Quickness inches, -1 starting in Area Terrain; no more than 12" an activation, 8" once
        Area Terrain was touched ("you cannot run in Area Terrain")."""
        b = self.book
        q = float(mounts.fixed_quickness(m.char) or m.a("qui"))  # "All mounts have a fixed Quickness level"
        if self.areas_at(m.pos) and not self.ranger(m):
            q -= b.g("area_quickness_penalty")
        cap = (b.g("area_max_move") if m.area_touched else self.max_move(m)) - m.moved - m.hopped
        return max(0.0, min(q, cap))

    def slide(
        self, m: Model, heading: float, dist: float, charge: Model | None = None, leaving: bool = False
    ) -> tuple[tuple[float, float], float, int, bool]:
        """Where a straight move of ``dist`` along ``heading`` ends: (end, travelled, obstacles
        hopped, off the board). Bases stop at blocking terrain, other bases and the edge; an
        enemy's personal space stops it unless it is the one charged; obstacles taller than the
        model hops stop it, lower ones cost 1" each."""
        b = self.book
        ps = b.g("personal_space")
        on = heights.platform_at(self, m.pos)
        if on is not None:  # on a roof: the base stays wholly on its top (heights.py)
            end0 = heights._roof_slide(self, m, on, heading, dist)
            return end0, math.dist(end0, m.pos), 0, False
        d = (math.cos(heading), math.sin(heading))
        res = self.table.sweep(m.id, direction=d, distance=dist, ignore=[])
        far = res.travelled
        off = res.contact is not None and res.contact.thing.kind.value == "edge" and dist - far >= 2 * m.radius
        sx, sy = m.pos
        for e in self.enemies(m):
            if e is charge:
                continue
            rr = m.radius + e.radius + ps
            fx, fy = sx - e.pos[0], sy - e.pos[1]
            inside = math.hypot(fx, fy) < rr + 1e-9
            bq = fx * d[0] + fy * d[1]
            if inside:
                if (leaving and bq >= 0) or heights.apart(self, m, e):
                    continue
                far = 0.0
                continue
            c = fx * fx + fy * fy - rr * rr
            disc = bq * bq - c
            if disc > 0:
                t = -bq - math.sqrt(disc)
                if 0 <= t < far:
                    if heights.elev_at(self, e.pos) > self.book.g("level_gap") or heights.walled(
                        self, m, e, (sx + d[0] * t, sy + d[1] * t)
                    ):
                        continue  # "totally obscured by terrain ... behind a high fence or wall"
                    far = max(0.0, t - 1e-4)
                    off = False
        hops = 0
        size = b.sizes[m.char.size]
        far = self._area_cap(m, (sx, sy), d, far)
        crossings = self.table.areas_along(m.radius, (sx, sy), (sx + d[0] * far, sy + d[1] * far))
        spent = 0.0
        flies = m.flying and not heights.in_building(self, m.pos)
        for tid, enter, leave in crossings:
            p = self.pieces.get(tid)
            if p is None or p.kind not in heights.HOPPED_KINDS or flies:
                continue  # "Flying models will always ignore obstacles in their path"
            if enter <= 1e-6:
                continue  # already over it when the move began: stepping off it
            top = p.sill if p.kind == "window" else p.height
            if top > size.hop + 1e-9:
                far = min(far, max(0.0, enter - 1e-4))
                off = False
                break
            if enter < far:
                hops += 1
                spent += self.crossing_cost(m, p)
                if far + spent > dist:  # the hop used up the rest of the move: stop short of it
                    far = max(0.0, min(far, dist - spent))
                    if far > enter and leave > far:
                        far = max(0.0, enter - 1e-4)
                        hops -= 1
                        off = False
                        break
        end = (sx + d[0] * far, sy + d[1] * far)
        return (round(end[0], 4), round(end[1], 4)), far, hops, off

    def crossing_cost(self, m: Model, p: Any) -> float:
        """1" a hop; an obstacle wider than the book's "up to 1 inch across" is climbed over, not
        hopped: up its height and down again ("measure the distance up or down", our reading)."""
        xs = [q[0] for q in heights.outline(p)]
        ys = [q[1] for q in heights.outline(p)]
        if (
            p.kind == "obstacle"
            and min(max(xs) - min(xs), max(ys) - min(ys)) > self.book.g("obstacle_max_across") + 1e-9
        ):
            return 2.0 * float(p.height)
        return self.obstacle_cost(m)

    def _area_cap(self, m: Model, start: tuple[float, float], d: tuple[float, float], far: float) -> float:
        """Area Terrain crossed mid-move: a move that passes through an area and out pays the -1
        Quickness ("When traveling through area terrain, your character will have a -1
        Quickness penalty"; one that ends in it is made in full), and any move over it keeps the
        activation to 8" ("you cannot run in Area Terrain")."""
        if self.ranger(m) or far <= 0:
            return far
        end = (start[0] + d[0] * far, start[1] + d[1] * far)
        cross = heights.crossing_area(self, start, end)
        if not cross:
            return far
        b = self.book
        far = min(far, max(0.0, b.g("area_max_move") - m.moved))
        if not self.areas_at(start) and any(out < far - 1e-6 for _t, _i, out in cross):
            far = min(far, max(0.0, float(m.a("qui")) - b.g("area_quickness_penalty")))
        return far

    def move_spots(self, m: Model) -> list[tuple[str, float, float, float]]:
        """The destinations offered for one Move action: (label, x, y, facing). Eight headings at
        full and half allowance, a charge at each enemy it can reach, a walk to each objective,
        and turning on the spot ("you can end your movement facing any direction you choose")."""
        allow = self.move_allowance(m)
        spots: list[tuple[str, float, float, float]] = []
        seen: list[tuple[float, float]] = []

        def add(label: str, end: tuple[float, float], facing: float) -> None:
            if any(math.dist(end, s) < 0.05 for s in seen):
                return
            seen.append(end)
            spots.append((label, end[0], end[1], round(facing, 5)))

        on = heights.platform_at(self, m.pos)
        if allow > 0.05 and not m.bound and on is not None:  # on a platform (heights.py)
            for sp in heights.roof_spots(self, m, allow, on):
                if m.fleeing and not sp[0].startswith(("climb_down", "to:", "dir", "fly_down")):
                    continue  # "climb up or down stairs and ladders (instead of jumping)"
                add(*sp[:1], (sp[1], sp[2]), sp[3])
        elif allow > 0.05 and not m.bound:
            if m.fleeing:
                for wider in (False, True):  # the wider headings only when no direct one moves
                    for label, h in self.flee_headings(m, wider):
                        end, far, _h, off = self.slide(m, h, allow)
                        if far > 0.05 or off:
                            add("off" if off else label, end, h)
                    if spots:
                        break
                return spots
            # Charge!: "Double your move distance if doing so will allow you to enter an enemy model's Personal Space"
            mult = max([1.0] + [h.charge_multiplier() for h in m.skills])
            reach = min(allow * mult, self.max_move(m) - m.moved - m.hopped) if mult > 1 else allow
            for e in self.enemies(m):
                if heights.elev_at(self, e.pos) > self.book.g("level_gap"):
                    continue  # up on a roof: reached by its ladder, not charged
                gap = self.gap(m, e)
                if gap <= reach + self.book.g("personal_space") and gap > self.book.g("personal_space"):
                    h = _ang(e.pos[0] - m.pos[0], e.pos[1] - m.pos[1])
                    end, far, _hops, _off = self.slide(m, h, min(reach, gap + 0.02), charge=e)
                    if math.dist(end, e.pos) - m.radius - e.radius <= self.book.g("personal_space"):
                        add(f"charge:{e.id}", end, h)
            for oid, p in self.objectives.items():
                if p is None or heights.elev_at(self, p) > self.book.g("level_gap"):
                    continue  # one up on a roof is reached by its ladder (heights.ground_spots)
                h = _ang(p[0] - m.pos[0], p[1] - m.pos[1])
                want = max(0.0, math.dist(m.pos, p) - m.radius - OBJ_R - 0.3)
                if want > 0.05:
                    end, far, _h, _o = self.slide(m, h, min(allow, want))
                    if far > 0.05:
                        add(f"obj:{oid}", end, h)
            for i in range(DIRS):
                h = 2 * math.pi * i / DIRS
                for frac, tag in ((1.0, ""), (0.5, "_half")):
                    end, far, _h, _o = self.slide(m, h, allow * frac)
                    if far > 0.05:
                        add(f"dir{i}{tag}", end, h)
            for sp in heights.ground_spots(self, m, allow):  # ladders, doorways, flying up
                add(sp[0], (sp[1], sp[2]), sp[3])
        for e in self.enemies(m):
            if not self.in_front(m, e.pos, e.radius):
                add(f"face:{e.id}", m.pos, _ang(e.pos[0] - m.pos[0], e.pos[1] - m.pos[1]))
                seen.pop()  # turning does not take the spot
        return spots

    def flee_headings(self, m: Model, wider: bool = False) -> list[tuple[str, float]]:
        """Towards the closest board edge: "He must move in the most direct route possible, though he
        may go around Area Terrain or Obstacles". The direct route: the shortest route off the
        table round the walls, the obstacles too tall to hop and every model (enemies with their
        personal space; physics/sight.py's ``route_off_table``), and straight at the edge. Turned
        ever wider (22.5 degree steps either side) only when the direct route is blocked: no
        route off the table exists, or ``wider`` (the caller found no direct heading moves)."""
        x, y = m.pos
        edges = [(x, math.pi), (self.width - x, 0.0), (y, -math.pi / 2), (self.height - y, math.pi / 2)]
        h = min(edges)[1]
        hop = self.book.sizes[m.char.size].hop
        walls = [
            f
            for f in self.sight_table.footprints
            if self.pieces[f.ident].kind == "blocking" or (self.pieces[f.ident].height > hop and not m.flying)
        ]
        ps = self.book.g("personal_space")
        discs = [
            Cylinder(o.pos[0], o.pos[1], o.radius + (ps if o.seat != m.seat else 0.0), 1.0)
            for o in self.models.values()
            if o.up and o is not m
        ]
        route = route_off_table(m.pos, m.radius, self.width, self.height, walls, discs)
        out: list[tuple[str, float]] = []
        if route is not None and len(route.waypoints) > 1:  # the shortest way out, round what is in it
            wx, wy = route.waypoints[1]
            out.append(("flee", _ang(wx - x, wy - y)))
        out.append(("flee_straight" if out else "flee", h))
        if route is None or wider:
            for k in (1, 2, 3):
                for s in (1, -1):
                    out.append((f"flee{'+' if s > 0 else '-'}{k}", h + s * k * math.pi / 8))
        return out

    def _move(self, m: Model) -> Gen:
        spots = self.move_spots(m)
        if not spots:
            return
        labels = tuple(s[0] for s in spots)
        pick = yield MoveTo(m.seat, labels, f"{m.name}: move where?", m.id, tuple((s[1], s[2], s[3]) for s in spots))
        s = spots[labels.index(pick)]
        turn = pick.startswith("face:")
        facing = s[3]
        if not turn and pick != "off":
            facing = yield from self._end_facing(m, (s[1], s[2]), s[3])
        how = "turn" if turn else "charge" if pick.startswith("charge:") else "flee" if m.fleeing else "move"
        for tag in heights.HOWS:
            if pick.startswith(tag):
                how = heights.HOWS[tag]
        if how == "climb":
            m.skip = heights.climb_actions(self, pick, self.move_allowance(m), m.pos) - 1
        watch = ab.watchers(self, m)  # Overwatch: who had it in its sights before the move
        self._do_move(m, (s[1], s[2]), facing, how, pick == "off", pick)
        yield from ab.interrupt(self, m, watch)

    def end_facings(self, m: Model, end: tuple[float, float], heading: float) -> list[tuple[str, float]]:
        """The facings offered at the end of a move: "you can end your movement facing any direction
        you choose" (and a fleeing model: "After moving, you may face the model in any direction").
        Face each standing enemy, keep the heading, or one of the eight compass headings; facings
        within 3 degrees of one already listed are left out. None when no enemy stands (it
        cannot matter)."""
        foes = self.enemies(m)
        if not foes:
            return []
        out: list[tuple[str, float]] = []

        def add(label: str, f: float) -> None:
            if all(abs(math.remainder(f - g, 2 * math.pi)) > 0.05 for _l, g in out):
                out.append((label, f))

        for e in foes:
            add(f"face:{e.id}", _ang(e.pos[0] - end[0], e.pos[1] - end[1]))
        add("keep", heading)
        for i in range(DIRS):
            add(f"face_dir{i}", 2 * math.pi * i / DIRS)
        return out

    def _end_facing(self, m: Model, end: tuple[float, float], heading: float) -> Generator[Request, Any, float]:
        """Ask which way the mover faces where its move ends (a part of the same Move action)."""
        fs = self.end_facings(m, end, heading)
        if len(fs) < 2:
            return heading
        r = m.radius + 1.2
        pick = yield Facing(
            m.seat,
            tuple(f[0] for f in fs),
            f"{m.name}: end the move facing which way?",
            m.id,
            tuple(
                (round(end[0] + r * math.cos(f), 4), round(end[1] + r * math.sin(f), 4), round(f, 5)) for _l, f in fs
            ),
            (end[0], end[1]),
        )
        return round(dict(fs)[pick], 5)

    def _turn(self, m: Model) -> Gen:
        """Our reading of an engaged model that an enemy in its personal space has behind it: it may
        spend a Move action of no distance turning to face that enemy ("Any potential target behind
        your model may not be attacked unless your model turns around to face it during its
        movement"), so it can fight back; it does not leave the enemy's personal space."""
        spots = [
            (f"face:{e.id}", _ang(e.pos[0] - m.pos[0], e.pos[1] - m.pos[1]))
            for e in self.engaged(m)
            if not self.in_front(m, e.pos, e.radius)
        ]
        if not spots:
            return
        pick = yield MoveTo(
            m.seat,
            tuple(s[0] for s in spots),
            f"{m.name}: turn to face whom?",
            m.id,
            tuple((m.pos[0], m.pos[1], round(f, 5)) for _l, f in spots),
        )
        self._do_move(m, m.pos, round(dict(spots)[pick], 5), "turn")

    def _do_move(
        self, m: Model, end: tuple[float, float], facing: float, how: str, off: bool = False, label: str = ""
    ) -> None:
        frm = m.pos
        dist = math.dist(frm, end)
        before = heights.elev_at(self, frm)
        hops, spent = 0, 0.0
        if how not in ("turn", "jump", *heights.HOWS.values()) and dist > 0:
            hops, spent = self._crossed(m, frm, end)
        crossed = heights.crossing_area(self, frm, end) if dist > 0 and not before else []
        if (crossed or self.areas_at(end) or self.areas_at(frm)) and not self.ranger(m):
            m.area_touched = True
        used = heights.move_cost(self, label, frm, end)
        m.moved += used  # running: the inches moved on the table
        m.hopped += spent  # obstacle inches lower the distance: they count towards the 12" cap only
        m.pos = end
        m.facing = facing
        self.table.move_figure(m.id, end, facing)
        self.emit(
            ev.Moved(
                m.id,
                how,
                [frm[0], frm[1]],
                [end[0], end[1]],
                round(math.degrees(facing), 3),
                round(used if how == "climb" else dist, 4),  # a climb: its inches, up or down too
                hops,
            )
        )
        heights.after_move(self, m, label, before)
        if off:  # "If a model runs completely off the board, they are considered a casualty"
            self._drop(m)
            m.status = "fled"
            self.table.remove_figure(m.id)
            self.emit(ev.FledOff(m.id))

    def break_away_spots(self, m: Model) -> list[tuple[str, float, float, float]]:
        """Where a Break Away can take it: the moves (8 headings, or a fleeing model's) that end out
        of every enemy's personal space. Empty: there is no way out, so Break Away is not offered
        (the free attacks are the price of moving away, and there is nowhere to move)."""
        allow = self.move_allowance(m)
        best: list[tuple[str, float, float, float]] = []
        if allow <= 0.05 or m.bound:
            return best
        plain = [(f"dir{i}", 2 * math.pi * i / DIRS) for i in range(DIRS)]
        for wider in (False, True) if m.fleeing else (False,):  # fleeing: the direct route first
            for label, h in self.flee_headings(m, wider) if m.fleeing else plain:
                end, far, _h, off = self.slide(m, h, allow, leaving=True)
                if far > 0.05 and all(
                    math.dist(end, e.pos) - m.radius - e.radius > self.book.g("personal_space") for e in self.enemies(m)
                ):
                    best.append(("off" if off else label, end[0], end[1], h))
            if best:
                break
        return best

    def _crossed(self, m: Model, frm: tuple[float, float], end: tuple[float, float]) -> tuple[int, float]:
        """The obstacles and windows a walked move crossed, and what they cost (1" a hop, a wide
        one's climb): booked in the inches moved ("your movement distance will be lowered")."""
        if m.flying and not heights.in_building(self, frm):
            return 0, 0.0
        n, out = 0, 0.0
        for tid, enter, _leave in self.table.areas_along(m.radius, frm, end):
            p = self.pieces.get(tid)
            if p is not None and p.kind in heights.HOPPED_KINDS and enter > 1e-6:
                n += 1
                out += self.crossing_cost(m, p)
        return n, out

    def _break_away(self, m: Model) -> Gen:
        """ "all enemy models in your Personal Space will get one free attack against you with the weapon
        of their choice ... If your model survives ... you will then be allowed to move away as normal\""""
        free = not ab.escapes_free_attacks(self, m)  # Hit & Run
        for e in list(self.engaged(m)) if free else []:
            if not m.up:
                return
            self._resolve(e, m, ranged=False, free=True)
        if not m.up:
            return
        best = self.break_away_spots(m)
        if not best:
            self.emit(ev.Note(m.id, "stuck", "breaks away but finds no way out"))
            return
        labels = tuple(s[0] for s in best)
        pick = yield MoveTo(
            m.seat, labels, f"{m.name}: break away to where?", m.id, tuple((s[1], s[2], s[3]) for s in best)
        )
        s = best[labels.index(pick)]
        facing = s[3]
        if pick != "off":
            facing = yield from self._end_facing(m, (s[1], s[2]), s[3])
        watch = ab.watchers(self, m)
        self._do_move(m, (s[1], s[2]), facing, "break_away", pick == "off")
        yield from ab.interrupt(self, m, watch)

    # ------------------------------------------------------------------ attacking

    def cylinder(self, m: Model, at: tuple[float, float] | None = None) -> Cylinder:
        p = at or m.pos
        return Cylinder(p[0], p[1], m.radius, m.char.height, heights.elev_at(self, p), m.id)

    def sight(self, m: Model, t: Model, at: tuple[float, float] | None = None) -> tuple[float, set[str]]:
        """How much of ``t`` ``m`` sees (from ``at`` if given), and the pieces between them within
        ``t``'s personal space ("your model has to be able to see it")."""
        eye = at or m.pos
        others = [self.cylinder(o) for o in self.models.values() if o.up and o is not m and o is not t]
        h = m.char.height + heights.elev_at(self, eye)  # "a model on a roof sees over a low wall"
        return visible_fraction(
            self.sight_table, (eye[0], eye[1], h), self.cylinder(t), others, self.book.g("personal_space")
        )

    def ran_now(self, m: Model) -> bool:
        """ "Any model moving 8 inches or more in one activation is considered to be running": the
        inches moved, not the inch an obstacle costs ("your movement distance will be lowered")."""
        return m.moved >= self.book.g("running") - 1e-9 and not m.area_touched

    def after_run(self, m: Model) -> int | None:
        """Run & Gun: the target-number change for attacking after running (None: it may not)."""
        own = [v for v in (h.attacks_after_running() for h in m.skills) if v is not None]
        return min(own) if own else None

    def targets(self, m: Model) -> list[tuple[str, bool]]:
        """Who it may attack now, and whether with a ranged attack: "Your model may attack any enemy
        model that it is facing and within its line of sight"; an enemy in personal space must be
        fought in melee first; running models cannot attack after the run."""
        b = self.book
        if self.ran_now(m) and self.after_run(m) is None:
            return []
        out: list[tuple[str, bool]] = []
        eng = self.engaged(m)
        mel = self.held(m, ranged=False)
        reach = max([b.g("personal_space")] + [t.reach for w in mel for t in traits_of(w.traits)])
        rng = self.held(m, ranged=True)
        rng = [w for w in rng if not (w.id in m.fired and any(t.slow for t in traits_of(w.traits)))]
        for e in self.enemies(m):
            if not self.in_front(m, e.pos, e.radius):
                continue
            g = self.gap(m, e)
            if g <= reach + 1e-9:
                if not heights.apart(self, m, e):  # no melee through a wall, nor roof to street
                    out.append((e.id, False))
            elif not eng and rng:
                far = max(self.weapon_range(m, w) for w in rng) * b.g("long_range_factor")
                if g <= far + 1e-9 and self.sight(m, e)[0] >= b.g("sight_fraction") - 1e-9:
                    out.append((e.id, True))
        return out

    def targets_if_reloaded(self, m: Model) -> list[tuple[str, bool]]:
        """The targets a model would have with its slow weapons reloaded (the AI's question)."""
        fired = m.fired
        m.fired = set()
        try:
            return self.targets(m)
        finally:
            m.fired = fired

    def _attack(self, m: Model) -> Gen:
        ts = self.targets(m)
        if not ts:
            return
        pick = yield Target(m.seat, tuple(t for t, _r in ts), f"{m.name}: attack whom?", m.id)
        ranged = dict(ts)[pick]
        m.attacked = True
        self._resolve(m, self.models[pick], ranged=ranged)

    # One attack, its Defense roll and cover: attacks.py (the game is their first argument, so
    # they are this class's methods; spells, skills, artillery and tests call them here).
    _resolve = attacks.resolve
    cover = attacks.cover
    _defend = attacks.defend

    def note(self, m: Model, what: str, detail: str) -> None:
        self.emit(ev.Note(m.id, what, detail))

    def roll_faces(self, m: Model, seat: int, n: int, purpose: str) -> list[int]:
        """Throw ``n`` D6 and read their faces (a roll against a number the caller compares)."""
        self.roll(m, seat, n, 0, purpose)
        return [int(d[0]) for d in self.events[-1].dice]  # type: ignore[attr-defined]

    def heal(self, m: Model, n: int, how: str) -> None:
        """The book: "Healing may only replenish lost Health, you can never heal beyond your initial
        Health value." """
        got = min(n, m.max_hp - m.hp)
        if got > 0:
            m.hp += got
            self.emit(ev.Healed(m.id, m.hp, False, how))

    def pulled(self, m: Model, end: tuple[float, float], facing: float) -> None:
        """Moved by another's ability (Lust): a straight move that is not its own action."""
        self._do_move(m, end, round(facing, 5), "pulled")

    def _wound(self, t: Model, by: str) -> None:
        t.hp -= 1
        out = t.hp <= 0
        self.emit(ev.Wounded(t.id, max(t.hp, 0), out, by))
        if out:
            t.hp = 0
            self._drop(t)
            t.status = "out"  # "Lay the model on its side ... should remain where it fell"
            self.table.remove_figure(t.id)

    def _drop(self, m: Model) -> None:
        """The book: "If a model carrying an objective is taken out of action, all of their objectives
        will drop at their feet"."""
        for oid in m.carried:
            x = min(max(m.pos[0], OBJ_R), self.width - OBJ_R)
            y = min(max(m.pos[1], OBJ_R), self.height - OBJ_R)
            self.objectives[oid] = (x, y)
            self.emit(ev.Dropped(m.id, oid, [x, y]))
        m.carried = []

    # ------------------------------------------------------------------ results

    def summary(self) -> dict[str, Any]:
        return summary_from_events(self.events)


def summary_from_events(events: list[Any]) -> dict[str, Any]:
    start = events[0]
    seats = list(start.seats)
    out: dict[str, Any] = {
        "seats": seats,
        "winners": [],
        "vp": [0, 0],
        "reason": "",
        "turns": 0,
        "attacks": 0,
        "wounds": 0,
        "out": [0, 0],
        "fled": [0, 0],
        "captured": [0, 0],
    }
    seat_of = {d["id"]: d["seat"] for d in start.models}
    for e in events:
        if e.kind == "gf_attack":
            out["attacks"] += 1
        elif e.kind == "gf_wounded":
            out["wounds"] += 1
            if e.out:
                out["out"][seat_of[e.model]] += 1
        elif e.kind == "gf_fled_off":
            out["fled"][seat_of[e.model]] += 1
        elif e.kind == "gf_captured":
            out["captured"][seat_of[e.model]] += 1
        elif e.kind == "gf_turn":
            out["turns"] = e.turn
        elif e.kind == "gf_ended":
            out["winners"], out["vp"], out["reason"] = list(e.winners), list(e.vp), e.reason
    # per seat by gang name: the shared layer's convention (the CLI names each seat's AI here)
    out["bosses"] = {
        name: {
            "seat": i,
            "vp": out["vp"][i],
            "out": out["out"][i],
            "fled": out["fled"][i],
            "captured": out["captured"][i],
            "won": i in out["winners"],
        }
        for i, name in enumerate(seats)
    }
    return out

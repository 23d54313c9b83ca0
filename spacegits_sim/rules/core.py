"""The match core: state, the event log, the game clock, throws, towers and caps.

``MatchCore`` holds everything a match is made of (the physics table, one tower per model,
the bosses, the seeded streams, the event log) and the small operations every part of the
rules shares. The turn flow (:mod:`.turns`) and movement (:mod:`.movement`) build on it, and
:class:`~spacegits_sim.rules.engine.Match` puts them together. Item behaviour is asked of
:mod:`.effects`, never decided here by name.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import time
from collections.abc import Generator, Sequence
from typing import Any

from .. import __version__
from ..data.rules_data import RulesData, default_rules
from ..physics.params import load_params
from ..physics.table import MM, Kind, Table
from ..physics.tower import Tower
from ..play.game import GameBase
from ..rng import Streams
from . import effects
from . import events as ev
from .combat import Combat
from .decisions import Request, Throw
from .fleet import seat_passengers, vehicle_model
from .ops import MatchOps
from .scenario import Scenario, scenario_to_doc
from .state import CLOCKWISE, CONTACT_IN, SEAT_EDGES, TOKEN_NAME, Boss, Model, Point
from .timecost import TimeCosts, load_time_costs

Flow = Generator[Request, Any, Any]  # sub-flows may return a value (e.g. the dice a throw landed)


class MatchCore(GameBase, MatchOps):
    """What a match is made of, and the operations all of its rules share.

    Its driving surface (answer, play, the log and its checksum chain) is the shared
    :class:`~spacegits_sim.play.game.GameBase`'s. It implements :class:`~.ops.MatchOps` (what
    effect handlers may call) explicitly: the
    operations it does not define itself are the rooms' above it (movement, vehicles, the turn
    flow), and mypy checks that the finished ``Match`` defines every one (an unimplemented
    protocol member makes it abstract)."""

    big_boss: int
    combat: Combat

    def __init__(
        self,
        scenario: Scenario,
        rules: RulesData | None = None,
        seed: int | None = None,
        tower_params: dict[str, Any] | None = None,
        table_params: dict[str, Any] | None = None,
        time_costs: TimeCosts | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.scenario = scenario
        self.rules = rules or default_rules()
        self.seed = scenario.seed if seed is None else int(seed)
        self.options = {**scenario.options, **(options or {})}
        self.rng = Streams(self.seed)
        self.tower_params = tower_params
        self.table = Table(scenario.width, scenario.height, table_params, token_name=TOKEN_NAME)
        self.costs = time_costs or load_time_costs()
        self.events: list[ev.Event] = []
        self.decisions: list[tuple[str, Any, str]] = []  # (request kind, answer as JSON, log checksum after)
        self.binding = self._binding(scenario)
        self._hash = ev.digest(self.binding)  # the checksum chain starts from what decides the game
        self._hashed = 0
        self.clock = 0.0
        self.clock_running = False
        self.siren = False
        self.safety_fired = False
        self.activations = 0
        self.caps_from_supply = 0
        self.caps_to_supply = 0  # caps paid to play a machine (discarded: back to the supply)
        self.active_model: str | None = None
        self.current_speed: dict[str, int] = {}  # a vehicle's current speed while a move die moves it
        self._wiping: set[str] = set()  # vehicles in the middle of a wipeout
        self._boosted = 0.0  # a Nitro boost on the scoot being resolved (inches added)
        self.terrain_placed = 0  # pieces put on the table mid-game so far (their ids count up)
        self.terrain_owner: dict[str, str] = {}  # terrain a model put on the table -> that model
        self.pending_terrain: list[
            tuple[str, str, Point, float]
        ] = []  # (model, type, centre, radius): at its activation's end
        self.current_boss = 0
        self._activation_over = False
        self._wall_start: float | None = None
        self.bosses: list[Boss] = []
        self.models: dict[str, Model] = {}
        n = len(scenario.players)
        for i, p in enumerate(scenario.players):
            stash = p.stash if p.stash is not None else p.gang.starting_stash(scenario.cap_budget)
            self.bosses.append(Boss(i, p.boss, p.gang, stash, stash, SEAT_EDGES[CLOCKWISE[n].index(i)]))
            for k, spec in enumerate(p.gang.gits):
                mid = f"{'abcd'[i]}{k + 1}"
                git = self.rules.gits[spec.type]
                extra = effects.extra_weapons(spec, self.rules)
                weapons = tuple(self.rules.weapons[w] for w in spec.weapons + git.free_weapons + extra)
                tseed = int(self.rng(f"tower-seed/{mid}").integers(0, 2**31))
                self.models[mid] = Model(
                    mid,
                    spec.name,
                    i,
                    git,
                    spec,
                    weapons,
                    spec.gear,
                    Tower(tower_params, seed=tseed),
                    effects.static_effects(
                        git,
                        spec.gear,
                        weapons,
                        self.rules.factions[p.gang.faction].rule_id if p.gang.faction else None,
                        spec.treatments,
                    ),
                )
                if spec.vehicle is not None:  # the driver starts in the first seat of their vehicle
                    vt = self.rules.vehicles[spec.vehicle]
                    towers = tuple(
                        Tower(tower_params, seed=int(self.rng(f"tower-seed/{mid}v/{k}").integers(0, 2**31)))
                        for k in range(2)
                    )
                    v = vehicle_model(
                        self.models[mid],
                        spec,
                        self.rules,
                        (towers[0], towers[1]),
                        effects.vehicle_effects(
                            vt.special,
                            spec.mods,
                            spec.repairs,
                            self.rules.factions[p.gang.faction].rule_id if p.gang.faction else None,
                        ),
                    )
                    self.models[v.id] = v
        seat_passengers(self.models)  # a gang file's passengers start aboard (not deployed on their own)
        for piece in scenario.terrain:
            tt = self.rules.terrain[piece.type]
            self.table.add_terrain(
                piece.id,
                tt.height_in,
                polygon=piece.polygon,
                circle=piece.circle,
                tags=(piece.type,),
                crossable=tt.crossable,
            )
        self.terrain_types = {p.id: p.type for p in scenario.terrain}
        self._gen: Flow | None = None
        self.combat = Combat(self)  # (combat sees the match through MatchOps: the finished Match has it all)
        self.pending: Request | None = None

    def _binding(self, scenario: Scenario) -> dict[str, str]:
        """Everything besides the decisions that decides this game, each part hashed: the
        scenario (table, terrain, gangs, budget), options, seed, rules data (house rules
        included), physics and time-cost parameters, and the package version."""
        towers = self.tower_params if self.tower_params is not None else load_params("towers")
        return {
            "scenario": ev.digest(scenario_to_doc(scenario)),
            "options": ev.digest(self.options),
            "seed": str(self.seed),
            "rules": self.rules.fingerprint,
            "physics": ev.digest({"table": self.table.p, "towers": towers}),
            "time_costs": ev.digest(dataclasses.asdict(self.costs)),
            "version": __version__,
        }

    def adopt_binding(self, recorded: dict[str, Any]) -> bool:
        """Take a replay's recorded binding as this match's own when it differs only in the rules
        part, and there by a fingerprint of these very rules data as an older version computed
        it (every field, provenance and rule text included): the chain restarts from the recorded
        binding, so the replay's checksums verify. Call before the first answer. False (nothing
        changed) for any other difference."""
        differs = {k for k in self.binding if recorded.get(k) != self.binding[k]}
        if differs != {"rules"} or recorded.get("rules") not in self.rules.older_fingerprints or self._hashed:
            return False
        self.binding = {k: str(recorded[k]) for k in self.binding}
        self._hash = ev.digest(self.binding)
        return True

    # (driving the match: answer, play, over, log_checksum and emit are the shared GameBase's)

    # ------------------------------------------------------------------ helpers for everyone

    def names(self) -> dict[str, str]:
        return {m.id: m.name for m in self.models.values()}

    def enemies(self, a: str, b: str) -> bool:
        return self.models[a].boss != self.models[b].boss

    def driver_of(self, m: Model) -> Model | None:
        """The git in a vehicle's first seat (None for a git, or a vehicle with nobody in it)."""
        return self.models[m.crew[0]] if m.vehicle is not None and m.crew else None

    def in_play(self, boss: int | None = None) -> list[Model]:
        return [m for m in self.models.values() if m.in_play and (boss is None or m.boss == boss)]

    def position(self, model_id: str) -> Point:
        return self.table.figure_position(model_id)

    def touching(self, model_id: str) -> list[str]:
        """Models in base contact with this one (edge to edge within CONTACT_IN)."""
        out = []
        for thing, _gap in self.table.within(CONTACT_IN, figure=model_id, kinds=(Kind.FIGURE,)):
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
            effects.on_siren(self)

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

    def stash_words(self, boss: int) -> str:
        """Why a boss starts with the stash it has, in a player's words: the scenario's cap
        budget less what the gang cost (à la carte), none (a rolled gang), or a campaign's stash
        carried in. The derby starts Red on 18 and Blue on 10 (its budget is 50; Red's gang cost
        32, Blue's 40), and the playtest saw nothing say why."""
        b = self.bosses[boss]
        p = self.scenario.players[boss]
        if p.stash is not None:
            return f"{b.name} starts with {b.start_stash} caps: the stash carried in from the campaign"
        if b.gang.mode != "a_la_carte":
            return f"{b.name} starts with {b.start_stash} caps: a rolled gang starts with none"
        budget = self.scenario.cap_budget
        return (
            f"{b.name} starts with {b.start_stash} caps: the {budget}-cap budget less its gang's cost"
            f" ({b.gang.cost}); caps left unspent are stashed"
        )

    def throw_hazards(
        self, boss: int, aim: Point, strength: float, along: float, across: float
    ) -> list[tuple[str, int, str]]:
        """The standing towers a throw by ``boss`` at ``aim`` may knock, asked without throwing:
        (model id, tower height, "flight" or "landing"), as :meth:`throw` would throw it (from
        :meth:`hand_point`; the landing ellipse ``along`` x ``across`` is the caller's). A
        knocked tower is the thrower's fault (rulebook: Stray Dice), even its own git's."""
        hand = self.hand_point(boss, aim)
        out = []
        for fid, where in self.table.towers_in_the_way(hand, aim, strength, along, across):
            m = self.models.get(fid)
            if m is not None and m.standing and m.tower.height > 0:
                out.append((fid, m.tower.height, where))
        return out

    # ------------------------------------------------------------------ throws, towers, caps

    def throw(
        self, boss: int, model_id: str, purpose: str, dice: tuple[int, ...], thrown: Throw, keep_lost: bool = False
    ) -> Flow:
        """A real physical throw into the play area; stray dice that hit towers are resolved.

        Returns (as the generator's value) the dice as (id, sides, value, position), in throw
        order: only those that landed, or all of them (position None if lost) with keep_lost.
        """
        hand = self.hand_point(boss, thrown.aim)
        before = self.loose_things()
        res = self.table.throw(
            hand,
            thrown.aim,
            dice,
            self.rng("scatter"),
            self.rng("dice"),
            strength=thrown.strength,
        )
        self.advance(self.costs.throw_s)
        thrown_ids = {d.id for d in res.dice}
        self.emit(
            ev.DiceThrown(
                self.bosses[boss].name,
                model_id,
                purpose,
                hand,
                thrown.aim,
                thrown.strength,
                self._dice_rows(res.dice),
                self.knocked_since(before, thrown_ids),
            )
        )
        yield from self.stray_hits(res.tower_hits, boss)
        return [(d.id, d.sides, d.value, d.position) for d in res.dice if keep_lost or not d.lost]

    def _dice_rows(self, dice: Sequence[Any]) -> list[dict[str, Any]]:
        """The dice of a throw or a tumble as a dice_thrown event carries them."""
        return [
            {
                "id": d.id,
                "sides": d.sides,
                "value": d.value,
                "position": d.position,
                "angle": None if d.lost else self.table.die(d.id).angle,
                "trajectory": [list(p) for p in d.trajectory],
            }
            for d in dice
        ]

    def loose_things(self) -> dict[str, tuple[str, Point, float]]:
        """Every die and cap on the table: id -> (kind, position, angle), to see what a throw knocked."""
        out = {i: ("die", d.position, d.angle) for i, d in self.table.dice.items()}
        out.update({i: (TOKEN_NAME, p, 0.0) for i, p in self.table.tokens.items()})
        return out

    def knocked_since(self, before: dict[str, tuple[str, Point, float]], skip: set[str]) -> list[dict[str, Any]]:
        """Dice and caps that were already on the table and have moved (or left it) since ``before``."""
        now = self.loose_things()
        out: list[dict[str, Any]] = []
        for ident, (kind, pos, angle) in before.items():
            if ident in skip:
                continue
            after = now.get(ident)
            if after is None:
                out.append({"id": ident, "kind": kind, "position": None, "angle": None})
            elif after[1] != pos or after[2] != angle:
                out.append({"id": ident, "kind": kind, "position": after[1], "angle": after[2]})
        return out

    def stray_hits(self, hits: list[Any], boss: int) -> Flow:
        """Stray dice knocking towers: the thrower knocked them (rulebook: Stray Dice)."""
        for h in hits:
            m = self.models.get(h.figure_id)
            if m is None or not m.standing or m.tower.height == 0:
                continue
            m.tower.record()
            ok = m.tower.hit(
                min(h.height_mm, m.tower.height_mm),
                (h.speed_mm_s * h.direction[0], h.speed_mm_s * h.direction[1]),
                h.mass_g,
            )
            self.emit(
                ev.TowerStruck(
                    m.id, self.bosses[boss].name, h.die_id, h.height_mm, h.speed_mm_s, not ok, m.tower.recorded()
                )
            )
            if not ok:
                yield from self.tower_fell(m, boss, "stray die")

    def sync_tower(self, m: Model) -> None:
        """The tower's footprint on the table. A git removed mid-move (a Rigged gnawball that
        exploded) has none left; a vehicle's towers ride on its hull and have none."""
        if m.in_play and m.vehicle is None:
            self.table.set_tower(m.id, m.tower.height_mm * MM if m.standing else 0.0)

    def add_tower_dice(self, m: Model, n: int, reason: str, stacked_by: int | None = None) -> Flow:
        """Stack ``n`` dice on a standing model's tower (Puny doubles every addition).

        The model's own boss stacks them, so a topple makes it fall over.
        """
        if not m.standing or n <= 0:
            return
        n = effects.tower_dice(m, n)
        added = 0
        ok = True
        for _ in range(n):
            ok = m.tower.add_die()
            added += 1
            self.advance(self.costs.tower_die_s if reason != "swig" else 0.0)
            if not ok:
                break
        self.sync_tower(m)
        self.emit(ev.TowerGrew(m.id, added, reason, m.tower.height, ok, m.tower.frame() if ok else []))
        if not ok:
            yield from self.tower_fell(m, m.boss if stacked_by is None else stacked_by, reason)

    def tower_fell(self, m: Model, knocked_by: int, cause: str) -> Flow:
        """A tower fell. Its own boss knocked it: the git falls over. Anyone else: it sobers up.

        The dice that fell tumble over the table (:meth:`tumble`) before they are discarded.
        (A vehicle's tower that tumbles is a wipeout: :class:`~.vehicles.Driving` says so.)"""
        dice = m.tower.height
        spill = m.tower.spilled()
        origin = self.table.tower_position(m.id) if m.in_play else None
        m.tower.clear()
        if knocked_by == m.boss:
            m.fallen = True
            self.table.set_upright(m.id, False)
            self.sync_tower(m)
            self.emit(ev.TowerFell(m.id, self.bosses[knocked_by].name, "fell_over", cause, dice))
            if self.active_model == m.id:
                self._activation_over = True
            yield from self.tumble(m, spill, origin, knocked_by)
            yield from effects.on_fell_over(m, self)
        else:
            self.sync_tower(m)
            self.emit(ev.TowerFell(m.id, self.bosses[knocked_by].name, "sobered_up", cause, dice))
            yield from self.tumble(m, spill, origin, knocked_by)

    def tumble(self, m: Model, spill: list[tuple[float, float, float]], origin: Point | None, blame: int) -> Flow:
        """Stray Dice: the dice of a falling tower scatter over the table with the speed and
        direction the tower simulation gives them, knocking caps, dice and other towers; "if a
        stray die from a tumbling tower causes another tower to fall, the boss that caused the
        initial cascade is the one that knocked that other tower over". Then they are discarded."""
        if not spill or origin is None or not self.table.on_table(origin):
            return
        before = self.loose_things()
        dice = [(6, h * MM, vx * MM, vy * MM) for h, vx, vy in spill]
        res = self.table.spill(origin, dice, self.rng("tumble"), ignore=[m.id])
        ids = {d.id for d in res.dice}
        self.emit(
            ev.DiceThrown(
                self.bosses[blame].name,
                m.id,
                "tumble",
                origin,
                origin,
                0.0,
                self._dice_rows(res.dice),
                self.knocked_since(before, ids),
            )
        )
        yield from self.stray_hits(res.tower_hits, blame)
        for d in res.dice:  # "the dice from the tower are discarded"
            self.discard_die(d.id)

    def place_model(self, m: Model, position: Point, reason: str) -> None:
        """Put a model down at a spot (set-ups, teleports): no sweep, no bumps."""
        self.table.move_figure(m.id, position)
        self.sync_tower(m)
        self.emit(ev.ModelPlaced(m.id, position, reason))

    def spot_touching(self, m: Model, point: Point, reach: float, facing: Point | None = None) -> Point | None:
        """Where ``m``'s base can be put down with its edge ``reach`` from ``point`` (in contact
        with a thing of that radius there), overlapping nothing and on the table: tried round
        the point from the side facing ``facing``, then a little further out. None if no room."""
        r = m.radius_in
        w, h = self.table.width, self.table.height
        start = 0.0
        if facing is not None and math.dist(facing, point) > 1e-9:
            start = math.atan2(facing[1] - point[1], facing[0] - point[0])
        for ring in range(25):
            d = r + reach + ring * 0.25
            for k in range(36):
                a = start + math.radians(10 * ((k + 1) // 2) * (1 if k % 2 else -1))
                c = (point[0] + d * math.cos(a), point[1] + d * math.sin(a))
                if not (r <= c[0] <= w - r and r <= c[1] <= h - r):
                    continue
                if all(t.id == m.id for t, _gap in self.table.within(max(r - 1e-3, 0.0), point=c)):
                    return c
        return None

    def place_cap(self, position: Point, reason: str) -> str:
        """Put a cap from the supply down at a spot."""
        cap = self.table.add_token(position)
        self.caps_from_supply += 1
        self.emit(ev.CapPlaced(cap, position, reason))
        return cap

    def discard_die(self, die_id: str) -> None:
        """Take a resolved (or left-over) die off the table, if it is still there."""
        if self.table.has_die(die_id):
            self.table.remove_die(die_id)
            self.emit(ev.DieRemoved(die_id))

    def remove_model(self, m: Model, reason: str) -> None:
        """Take a model out of play (exploded, legged it…)."""
        if m.in_play:
            self.table.remove_figure(m.id)
        m.in_play = False
        m.removed = True
        self.clear_towers(m)
        self.emit(ev.ModelRemoved(m.id, reason))

    @staticmethod
    def clear_towers(m: Model) -> None:
        """Discard a model's tower (both of a vehicle's)."""
        m.tower.clear()
        if m.tower2 is not None:
            m.tower2.clear()

    def loot_cap(self, m: Model, cap_id: str) -> None:
        self.table.remove_token(cap_id)
        self.bosses[m.boss].stash += 1
        self.emit(ev.CapLooted(m.id, self.bosses[m.boss].name, cap_id))

    def pay_caps(self, boss: int, n: int) -> int:
        """Discard up to ``n`` caps from a boss's stash to the supply (to play a machine)."""
        n = min(n, self.bosses[boss].stash)
        self.bosses[boss].stash -= n
        self.caps_to_supply += n
        return n

    def win_caps(self, boss: int, n: int) -> int:
        """Caps from the general supply straight into a boss's stash (prizes, advertising…)."""
        n = max(0, n)
        self.bosses[boss].stash += n
        self.caps_from_supply += n
        return n

    def place_terrain(self, owner: Model, ttype: str, centre: Point, radius: float) -> str:
        """Put a round piece of terrain of type ``ttype`` on the table mid-game (a mine, an oil
        slick a vehicle drops); ``owner`` put it there."""
        tt = self.rules.terrain[ttype]
        self.terrain_placed += 1
        tid = f"{ttype}-{owner.id}-{self.terrain_placed}"
        self.table.add_terrain(tid, tt.height_in, circle=(centre, radius), tags=(ttype,), crossable=tt.crossable)
        self.terrain_types[tid] = ttype
        self.terrain_owner[tid] = owner.id
        colour = list(tt.colour) if tt.colour is not None else None
        self.emit(ev.TerrainPlaced(tid, ttype, tt.name, tt.height_in, (centre, radius), tt.crossable, colour, owner.id))
        return tid

    def check_triggers(self, mover: Model, start: Point | None = None) -> Flow:
        """A model has moved (in a straight line from ``start``, if given): terrain that goes off
        when another model comes near (a mine: "If another model moves within 2\" of this mine") —
        anywhere along the way, not only where it stopped."""
        if not self.terrain_owner or not mover.in_play:
            return
        for tid, owner in list(self.terrain_owner.items()):
            if owner == mover.id or not self.table.has_terrain(tid):
                continue
            ttype = self.terrain_type(tid)
            reach = effects.trigger_in(ttype)
            if reach is None:
                continue
            centre = self.table.terrain_centre(tid)
            passed = start is not None and _segment_gap(centre, start, self.position(mover.id)) <= (
                reach + self.table.figure_radius(mover.id)
            )
            if passed or any(t.id == mover.id for t, _gap in self.table.within(reach, point=centre)):
                centre = self.table.terrain_centre(tid)
                self.table.remove_terrain(tid)
                del self.terrain_owner[tid]
                self.emit(ev.TerrainRemoved(tid, f"set off by {mover.name}"))
                dropper = self.models.get(owner)  # (a mine's blast is its dropper's damage)
                yield from self.combat.explode(tid, centre, int(ttype.explode or 0), by=dropper)

    def place_pending_terrain(self, m: Model) -> None:
        """What ``m`` dropped to take effect "starting at the end of your activation"."""
        for owner, ttype, centre, radius in [p for p in self.pending_terrain if p[0] == m.id]:
            self.place_terrain(self.models[owner], ttype, centre, radius)
        self.pending_terrain = [p for p in self.pending_terrain if p[0] != m.id]

    def terrain_type(self, terrain_id: str) -> Any:
        """The rules' TerrainType of a piece on the table (KeyError for an unknown id)."""
        return self.rules.terrain[self.terrain_types[terrain_id]]

    def rebuild_tower(self, m: Model, n: int, reason: str, safe: bool) -> Flow:
        """Take a standing git's tower down and stack ``n`` dice again. ``safe`` (a teleport):
        it cannot fall. Otherwise its own boss stacks it die by die, and a topple makes the git
        fall over ("Then rebuild your tower")."""
        if not m.standing:
            return
        m.tower.clear()
        ok = True
        if safe:
            m.tower.rebuild(n)
        else:
            for _ in range(n):
                ok = m.tower.add_die()
                self.advance(self.costs.tower_die_s)
                if not ok:
                    break
        height = m.tower.height if ok else n
        self.sync_tower(m)
        self.emit(ev.TowerRebuilt(m.id, height, safe, ok, reason, m.tower.frame() if ok else []))
        if not ok:
            yield from self.tower_fell(m, m.boss, reason)

    def award_caps(self, m: Model, n: int, why: str) -> int:
        """Caps from the supply for something a model did or has (advertising, a prize)."""
        won = self.win_caps(m.boss, n)
        self.emit(ev.CapsWon(m.id, self.bosses[m.boss].name, won, why))
        return won

    def take_cap(self, frm: int, to: int, n: int = 1) -> int:
        n = min(n, self.bosses[frm].stash)
        self.bosses[frm].stash -= n
        self.bosses[to].stash += n
        return n

    # ------------------------------------------------------------------ lookahead

    def scratch_copy(self, seed: int) -> Any:
        """An independent copy of this match to play ahead on (a lookahead AI's scratch game).

        Everything the rules change is copied (models and their towers, bosses, the physics
        table, the clock, counters); what no rule changes (the rules data, the scenario, the
        time costs) is shared; the event log is copied shallowly (events are never changed once
        logged), the decisions start empty. Its random streams, the towers' included, are new
        ones drawn from ``seed`` (the caller's own stream), so a look ahead neither reads nor
        moves the real match's dice. It has no flow of its own: the caller starts one
        (:meth:`~.turns.TurnFlow.look_ahead`) and answers it."""
        memo: dict[int, Any] = dict(self._shared_objects())
        memo[id(self.events)] = list(self.events)
        memo[id(self.decisions)] = []
        memo[id(self._gen)] = None
        memo[id(self.pending)] = None
        memo[id(self.rng)] = Streams(seed)
        twin = copy.deepcopy(self, memo)
        for m in twin.models.values():
            for k, t in enumerate((m.tower, m.tower2)):
                if t is not None:
                    t.rng = twin.rng(f"tower/{m.id}/{k}")
        return twin

    def _shared_objects(self) -> dict[int, Any]:
        """id -> object for everything reachable from the rules data, the scenario and the time
        costs (read-only for a match): a scratch copy shares them instead of copying them."""
        cached: dict[int, Any] | None = self.__dict__.get("_shared_memo")
        if cached is not None:
            return cached
        out: dict[int, Any] = {}
        todo: list[Any] = [self.rules, self.scenario, self.costs, self.tower_params]
        while todo:
            x = todo.pop()
            if id(x) in out or isinstance(x, (str, int, float, bool, type(None))):
                continue
            out[id(x)] = x
            if isinstance(x, dict) or type(x).__name__ == "mappingproxy":
                todo.extend(x.keys())
                todo.extend(x.values())
            elif isinstance(x, (list, tuple, set, frozenset)):
                todo.extend(x)
            elif hasattr(x, "__dict__"):
                todo.extend(vars(x).values())
            elif hasattr(x, "__slots__"):
                todo.extend(getattr(x, s) for s in x.__slots__ if hasattr(x, s))
        out[id(out)] = out
        self.__dict__["_shared_memo"] = out
        return out

    # ------------------------------------------------------------------ accounting

    def caps_accounted(self) -> tuple[int, int]:
        """(caps now: stashes + table + lost, caps expected: starting stashes + from the supply
        - paid back to it)."""
        now = sum(b.stash for b in self.bosses) + len(self.table.tokens) + len(self.table.lost_tokens)
        return now, sum(b.start_stash for b in self.bosses) + self.caps_from_supply - self.caps_to_supply

    def result(self) -> ev.GameOver | None:
        for e in reversed(self.events):
            if isinstance(e, ev.GameOver):
                return e
        return None

    def summary(self) -> dict[str, Any]:
        """Plain-data summary: winner, new caps, activations, falls, damage, clock, safety rule.

        Counted from the event log (the one source of what happened), not kept on the side."""
        return {**ev.summary_from_events(self.events), "decisions": len(self.decisions)}


def _segment_gap(p: Point, a: Point, b: Point) -> float:
    """The distance from point ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n < 1e-12 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))

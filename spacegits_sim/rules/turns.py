"""The turn flow: setup, turns and activations, booting, rebooting, legging it and the end.

Rulebook: Setup (caps dropped, the big boss, alternating deployment), Taking Turns,
Activating a Git (two different actions, then a swig), Booting, Legging It, Time Gentlemen,
Winning. Written as generators that yield a decision request whenever a boss must choose.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..data.errors import DataError, Problem
from ..physics.table import MM, Kind
from . import effects
from . import events as ev
from .core import Flow
from .decisions import ChooseAction, ChooseActivation, ChooseBoot, Deploy, RebootDice
from .state import CLOCKWISE, CONTACT_IN, LEG_IT_RANGE_IN, REROLLED, Boss, Model, Point
from .vehicles import Driving

FACING = {"south": math.pi / 2, "north": -math.pi / 2, "west": 0.0, "east": math.pi}  # away from one's own edge


def default_heading(seat: str) -> float:
    """The heading (degrees, [0, 360)) a vehicle deployed by a boss at ``seat`` faces when its
    deployment names a spot alone: away from the boss's own edge, what the engine chose
    before a boss chose the facing (old replays hold only spots, and play as they did)."""
    return math.degrees(FACING[seat]) % 360.0


def heading_radians(heading: float) -> float:
    """A deployment's heading (degrees, [0, 360)) as the table's angle, in (-pi, pi] as the
    engine's own facings are (a vehicle's turns are reckoned from it)."""
    return math.radians(heading - 360.0 if heading > 180.0 else heading)


class TurnFlow(Driving):
    """The match from setup to game over, one generator (``_play``)."""

    _deploy_memo: tuple[tuple[int, int, int], dict[tuple[str, Point], tuple[str | None, str | None]]] | None = None

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
                reason = (
                    f"the clock passed {self.options['safety_factor']:g}x the timer"
                    if self.activations < self.options["max_activations"]
                    else f"{self.activations} activations"
                )
                self.emit(ev.SafetyRule(reason))
                for k in range(n):
                    b = self.bosses[order[(i - 1 + k) % n]]
                    if not b.out and sum(not x.out for x in self.bosses) > 1:
                        self._leg_it(b, forced=True)
                break
            yield from self._turn(boss)
        self._finish()

    def start_look_ahead(self, boss: int, choice: str, turns: int) -> None:
        """Make :meth:`look_ahead` this (scratch) match's flow, waiting on its first request
        (``pending`` None if it ran to its end without one: legging it ends a two-boss game)."""
        self._gen = self.look_ahead(boss, choice, turns)
        try:
            self.pending = next(self._gen)
        except StopIteration:
            self.pending = None

    def look_ahead(self, boss: int, choice: str, turns: int) -> Flow:
        """A lookahead's flow, for a scratch copy (:meth:`~.core.MatchCore.scratch_copy`) of a
        match waiting on ``boss``'s ChooseActivation: that request answered ``choice`` (a
        model, or ``leg_it``), then up to ``turns`` more turns in the clockwise order, as
        :meth:`_play` would go on (the game ends as it does there when only one boss is still
        playing; the safety rule is not looked ahead)."""
        n = len(self.bosses)
        order = list(CLOCKWISE[n])
        b = self.bosses[boss]
        self.current_boss = boss
        if choice == "leg_it":
            self._leg_it(b, forced=False)
        else:
            yield from self._activation(self.models[choice])
        i = order.index(boss) + 1
        played = 0
        while played < turns and sum(not x.out for x in self.bosses) > 1:
            nxt = self.bosses[order[i % n]]
            i += 1
            if nxt.out:
                continue
            played += 1
            yield from self._turn(nxt)
        if sum(not x.out for x in self.bosses) <= 1:
            self._finish()

    def _safety_due(self) -> bool:
        if self.activations >= self.options["max_activations"]:
            return True
        return (
            bool(self.options["safety_rule"])
            and self.clock >= self.scenario.timer_min * 60 * self.options["safety_factor"]
        )

    def _setup(self) -> Flow:
        """Caps dropped from a height, one in the middle, big boss, alternating deployment."""
        w, h = self.table.width, self.table.height
        centre = (w / 2, h / 2)
        self.emit(self._match_started())
        for b in self.bosses:
            before = self.loose_things()
            drops = (
                self.table.drop_tokens(self.scenario.caps_per_boss, centre, self.rng("caps"))
                if self.scenario.caps_per_boss
                else []
            )
            self.caps_from_supply += len(drops)
            self.emit(
                ev.CapsDropped(
                    b.name, [(d.id, d.position) for d in drops], self.knocked_since(before, {d.id for d in drops})
                )
            )
        if self.options.get("middle_cap", True):
            self.place_cap(centre, "one more in the middle")
        self.big_boss = int(self.rng("big_boss").integers(0, len(self.bosses)))
        self.emit(ev.BigBoss(self.bosses[self.big_boss].name))
        n = len(self.bosses)
        order = list(CLOCKWISE[n])
        i = order.index(self.big_boss)
        self._check_room_to_deploy()
        done = [False] * n
        no_room: set[str] = set()  # vehicles with no legal spot left (spots only shrink as models deploy)
        while not all(done):
            b = self.bosses[order[i % n]]
            i += 1
            if done[b.index]:
                continue
            options = [mid for mid in self._deployable(b.index) if mid not in no_room]
            for mid in [o for o in options if self.models[o].vehicle is not None]:
                if not self._has_legal_spot(mid, b.seat):  # a vehicle too big for what is left
                    no_room.add(mid)
                    options.remove(mid)
                    self.emit(ev.NoRoom(mid))
            if not options:
                done[b.index] = True
                continue
            ans = yield Deploy(
                b.index,
                tuple(options),
                w,
                h,
                float(self.options["deploy_distance_in"]),
                legal=self._deploy_problem,
                headed=tuple(o for o in options if self.models[o].vehicle is not None),
                default_heading=default_heading(b.seat),
                legal_at=self._deploy_problem_at,
            )
            if ans == "skip":
                done[b.index] = True
                continue
            mid, pos = ans[0], ans[1]
            m = self.models[mid]
            if m.vehicle is not None:  # a hull, facing the way its boss chose (checked: [0, 360))
                face = FACING[b.seat] if ans[2] == default_heading(b.seat) else heading_radians(ans[2])
                self.table.add_figure(mid, pos, hull_in=m.vehicle.hull_in, angle=face)
                m.in_play = True
                self.emit(ev.Deployed(b.name, mid, pos))
                self.emit(ev.VehicleMoved(mid, pos, pos, face, face, None, None, 0.0, None, "deployed"))
                for k, pid in enumerate(m.crew[1:], start=1):  # a gang file's passengers ride in with it
                    self.emit(ev.StartsAboard(pid, mid, k))
                continue
            self.table.add_figure(mid, pos, base_mm=m.git.base_mm)
            m.in_play = True
            self.emit(ev.Deployed(b.name, mid, pos))
        self._deploy_memo = None  # (a look-ahead's scratch copy of the match would copy it for nothing)

    def _match_started(self) -> ev.MatchStarted:
        """The opening event: all a screen needs to draw the match from its log alone."""
        terrain = []
        for piece in self.scenario.terrain:
            tt = self.rules.terrain[piece.type]
            d: dict[str, Any] = {
                "id": piece.id,
                "type": piece.type,
                "name": tt.name,
                "height_in": tt.height_in,
                "explodes": self.combat.explode_x(piece.id),
            }
            if tt.crossable:  # only where it is so: a log of plain terrain reads as before
                d["crossable"] = True
            if tt.colour is not None:
                d["colour"] = list(tt.colour)
            if effects.boot_cost(tt) is not None:  # a machine, a bar, a loo: the screen labels it
                d["boots"] = True
            if piece.polygon is not None:
                d["polygon"] = [list(p) for p in piece.polygon]
            elif piece.circle is not None:
                d["circle"] = [list(piece.circle[0]), piece.circle[1]]
            terrain.append(d)
        bosses = [{"name": b.name, "seat": b.seat, "stash": b.stash} for b in self.bosses]
        models = []
        for m in self.models.values():
            radius = m.git.base_mm * MM / 2
            kit = ", ".join(w.name for w in m.weapons) or "bare hands"
            if m.gear:
                kit += " | " + ", ".join(self.rules.gear[g].name for g in m.gear)
            models.append(
                {
                    "id": m.id,
                    "name": m.name,
                    "boss": m.boss,
                    "type": m.git.name,
                    "glyph": m.git.glyph,
                    "radius_in": radius,
                    "move": str(m.git.move),
                    "headbutt_dice": str(m.git.headbutt),
                    "toughness": m.toughness,
                    "kit": kit,
                    "tower_offset": list(self.table.default_tower_offset(radius)),
                }
            )
            if m.vehicle is not None:  # only where it is so: a log without vehicles reads as before
                models[-1].update(
                    vehicle=m.vehicle.id,
                    hull_in=list(m.vehicle.hull_in),
                    radius_in=math.hypot(*m.vehicle.hull_in) / 2,
                    crew=list(m.crew),
                    kit=", ".join(f"{mt.weapon.name} ({mt.how})" for mt in m.mounts) or "no guns bolted on",
                )
            if m.aboard is not None:
                models[-1]["aboard"] = m.aboard
        return ev.MatchStarted(
            self.scenario.name,
            self.seed,
            self.table.width,
            self.table.height,
            self.scenario.timer_min * 60,
            terrain,
            bosses,
            models,
        )

    def _check_room_to_deploy(self) -> None:
        """Refuse a table with no legal spot for a boss's first git (too small, too crowded):
        a clear error before play, never a boss who "wins" after nobody could deploy."""
        for b in self.bosses:
            first = self._deployable(b.index)
            if first and not any(self._has_legal_spot(mid, b.seat) for mid in first):
                need = float(self.options["deploy_distance_in"])
                raise DataError(
                    [
                        Problem(
                            self.scenario.source or self.scenario.name,
                            None,
                            "table",
                            f"no room to deploy: {b.name}'s {self.models[first[0]].name} has no spot on the "
                            f'{self.table.width:g}"x{self.table.height:g}" table {need:g}" from every cap '
                            "(a bigger table, less terrain, or a smaller deploy_distance_in)",
                        )
                    ]
                )

    def _has_legal_spot(self, model_id: str, seat: str) -> bool:
        """Any legal deployment spot at all, searched row by row from the boss's own edge on a
        grid of at most ~100 x 100 points (a quarter inch on a 2' table), so it stays cheap."""
        w, h = self.table.width, self.table.height
        step = max(0.25, max(w, h) / 96)
        xs = [step * k for k in range(int(w / step) + 1)]
        ys = [step * k for k in range(int(h / step) + 1)]
        if seat in ("south", "north"):
            rows = ys if seat == "south" else ys[::-1]
            points = ((x, y) for y in rows for x in xs)
        else:
            cols = xs if seat == "west" else xs[::-1]
            points = ((x, y) for x in cols for y in ys)
        m = self.models[model_id]
        if m.vehicle is None:
            return any(self._deploy_problem(model_id, p) is None for p in points)
        return any(self._vehicle_fits_somehow(m, p) for p in points)

    def _vehicle_fits_somehow(self, m: Model, p: Point) -> bool:
        """Could vehicle ``m`` be deployed at p facing some way? A spot where the circle inside
        the hull breaks a rule is refused at every facing (the hull covers that circle): one
        point query settles most of the grid. Otherwise the hull at four headings (a box is the
        same turned half round), each of which :meth:`_deploy_problem_at` settles with point
        queries where it can: a few queries a point, seldom a hull test."""
        assert m.vehicle is not None
        if self._vehicle_discs(m, p)[0] is not None:
            return False
        base = default_heading(self.bosses[m.boss].seat)
        return any(self._deploy_problem_at(m.id, p, (base + turn) % 360.0) is None for turn in (0.0, 90.0, 45.0, 135.0))

    def _deployable(self, boss: int) -> list[str]:
        deployed = [m for m in self.models.values() if m.boss == boss and m.in_play]
        numerous_free = any(effects.deploys_free(m) for m in deployed)
        counted = len(deployed) - (1 if numerous_free else 0)
        out = []
        for m in self.models.values():
            if m.boss != boss or m.in_play or m.removed or m.aboard is not None or m.spec.misses:
                continue  # (a git still recovering from A&E misses this game: "misses the next game")
            free_slot = effects.deploys_free(m) and not numerous_free
            if counted < self.options["max_models"] or free_slot:
                out.append(m.id)
        return out

    def deploy_distance(self, m: Model) -> float:
        """How far model ``m`` must deploy from every cap and enemy model, edge to edge: the
        scenario's ``deploy_distance_in``, a vehicle's ``vehicle_deploy_distance_in`` as its mods
        make it. Read-only: :meth:`_deploy_problem` measures with it and the hot-seat's prompt
        says it (it said 4" to a truck that was then refused "within 8" of a cap")."""
        if m.vehicle is None:
            return float(self.options["deploy_distance_in"])
        return effects.vehicle_deploy_distance(m, float(self.options["vehicle_deploy_distance_in"]))

    def _deploy_problem(self, model_id: str, p: Point) -> str | None:
        """Why a model may not be deployed at p (None = legal); a vehicle facing away from its
        boss's edge, as a deployment that names no heading places it."""
        m = self.models[model_id]
        if m.vehicle is not None:
            return self._deploy_problem_at(model_id, p, default_heading(self.bosses[m.boss].seat))
        return self._disc_problem(m, p, m.git.base_mm * MM / 2)

    def _vehicle_discs(self, m: Model, p: Point) -> tuple[str | None, str | None]:
        """Why vehicle ``m`` at p breaks a rule with the circle inside its hull, and (only asked
        when that one breaks none) with the circle round it: the hull covers the one and lies in
        the other, so the first refuses it at every facing and a clear second accepts it at
        every facing. Remembered while nothing on the table changes (no event since, nothing on
        it moved: :meth:`~spacegits_sim.physics.queries.Queries.layout_key`): a person turning a
        truck to deploy has the whole table's grid judged again at each turn, and a point query
        round an 11" circle meets most of the table (the circles are four in five of the work,
        so a turn pays only for the hull tests)."""
        assert m.vehicle is not None
        key = (len(self.events), id(self.table), self.table.layout_key())
        memo = self._deploy_memo
        if memo is None or memo[0] != key:
            memo = self._deploy_memo = (key, {})
        k = (m.id, p)
        if k not in memo[1]:
            w, ln = m.vehicle.hull_in
            inside = self._disc_problem(m, p, min(w, ln) / 2)
            memo[1][k] = (inside, None if inside is not None else self._disc_problem(m, p, math.hypot(w, ln) / 2))
        return memo[1][k]

    def _disc_problem(self, m: Model, p: Point, r: float) -> str | None:
        """Why a round base of radius ``r`` may not be deployed at p for model ``m`` (None = legal)."""
        need = self.deploy_distance(m)
        x, y = p
        if not (r <= x <= self.table.width - r and r <= y <= self.table.height - r):
            return "the base would hang off the table"
        return self._deploy_clash(m, self.table.within(need + r, point=p), r, need)

    def _deploy_problem_at(self, model_id: str, p: Point, heading: float) -> str | None:
        """Why a model may not be deployed at p facing ``heading`` (degrees; None = legal). A
        vehicle is measured from its hull at that facing: "If you are using a vehicle without
        a base, measure from the hull", so its 8" ("vehicles must be deployed at least 8" from
        all bottle caps and enemy models") runs from the box, and the box may not hang off the
        table nor overlap terrain, models or dice. (It was the circle round the hull: a long
        truck set side-on to a cap was refused where the book allows it.) A git ignores the
        heading: a round base measures the same whichever way it points."""
        m = self.models[model_id]
        if m.vehicle is None:
            return self._deploy_problem(model_id, p)
        inside, around = self._vehicle_discs(m, p)
        if inside is not None:  # the circle inside the hull breaks a rule: so does the hull, any way round
            return inside.replace("the base would", "the hull would")
        if around is None:
            return None  # the circle round the hull is clear: so is the hull, facing any way
        need = self.deploy_distance(m)
        angle = heading_radians(heading)
        if not self.table.hull_on_table(m.vehicle.hull_in, p, angle):
            return "the hull would hang off the table"
        return self._deploy_clash(m, self.table.hull_within(m.vehicle.hull_in, p, angle, need), 0.0, need)

    def _deploy_clash(self, m: Model, near: list[tuple[Any, float]], r: float, need: float) -> str | None:
        """The first rule a deployment breaks among the things ``near`` it, each with its distance
        from the model's centre less ``r`` (a round base) or from its hull (``r`` 0): the gap
        edge to edge, negative where they overlap."""
        for thing, d in near:
            gap = d - r
            if thing.kind == Kind.TOKEN and gap < need:
                return f'within {need:g}" of a cap'
            if thing.kind == Kind.FIGURE:
                if gap < 0:
                    return "overlaps another model"
                if self.models[thing.id].boss != m.boss and gap < need:
                    return f'within {need:g}" of an enemy model'
            if thing.kind == Kind.TERRAIN and gap < 0:  # named as a player would: "overlaps the wall"
                return f"overlaps the {self.terrain_type(thing.id).name.lower()}"
            if thing.kind == Kind.DIE and gap < 0:
                return "overlaps a die"
        return None

    def activatable(self, boss: int) -> list[str]:
        out = []
        for m in self.in_play(boss):
            if not m.fallen:
                out.append(m.id)
            elif effects.can_activate_fallen(m, self):
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

    def _activation(self, m: Model, chained: bool = False) -> Flow:
        """One activation. ``chained``: started by another's (Big Hat, Strong Booze), so it
        starts no further one."""
        boss = self.bosses[m.boss]
        self.activations += 1
        self.active_model = m.id
        self._activation_over = False
        self.advance(self.costs.choose_model_s)
        self.emit(ev.ActivationStarted(boss.name, m.id, self.activations))
        ended = effects.activation_start(m, self)
        if ended is not None:  # e.g. a klank token: discarded, and the activation ends
            effects.activation_cut_short(m, self)
            self.emit(ev.ActivationEnded(m.id, ended))
            self.active_model = None
            effects.after_each_activation(m, self)
            return
        if m.fallen:  # only a git an effect lets activate fallen (Reboot Button, Tasty Snack)
            reason = yield from effects.activate_fallen(m, self)
            effects.activation_cut_short(m, self)
            self.emit(ev.ActivationEnded(m.id, reason))
            self.active_model = None
            effects.after_each_activation(m, self)
            return
        yield from effects.on_activation_start(self, m)  # a Mysterious Red Button; a Flame Gouts fire
        if m.vehicle is not None and len(m.crew) > 1 and m.standing:
            yield from self.offer_alighting(m)
        done: list[str] = []
        reason = "done"
        while len(done) < 2 and not self._activation_over and m.standing:
            legal = [a for a in self._legal_actions(m) if effects.action_kind(m, a) not in done]
            if not legal:
                break
            opts = tuple(legal) + (("done",) if done else ())
            action = yield ChooseAction(m.boss, opts, "choose an action", m.id)
            if action == "done":
                break
            if not effects.free_action(m, action):  # (a Fuel Can's toss is none of the two)
                done.append(effects.action_kind(m, action))
            self.emit(ev.ActionTaken(m.id, action))
            yield from self.take_action(m, action)
        if self._activation_over:
            reason = "fell over" if m.fallen else ("wiped out" if m.vehicle is not None else "fight")
        if m.standing:
            effects.before_swig(m, self)
            n = effects.swig_dice(m, self.driver_of(m))
            self.advance(self.costs.swig_s)
            yield from self.add_tower_dice(m, n, "swig")
            yield from effects.after_swig(m, self)
        if m.standing and m.vehicle is None:
            yield from self.offer_boarding(m)
        for k in [k for k in m.tokens if k.startswith(REROLLED)]:
            del m.tokens[k]  # "once per activation"
        effects.activation_end(m, self)
        if self.pending_terrain:
            self.place_pending_terrain(m)  # an oil slick dropped "starting at the end of your activation"
        self.emit(ev.ActivationEnded(m.id, reason))
        self.active_model = None
        effects.after_each_activation(m, self)
        if not chained and m.in_play and any(not b.out for b in self.bosses):
            yield from effects.after_activation(m, self)

    def activate_now(self, m: Model) -> Flow:
        """Another activation at once, started by an effect (Big Hat, Strong Booze)."""
        yield from self._activation(m, chained=True)

    def take_action(self, m: Model, action: str) -> Flow:
        """Do one action (the activation's own, or one barked down a megaphone)."""
        if action == "scoot" and m.vehicle is not None:
            yield from self.vehicle_scoot(m)
        elif action == "shoot" and m.vehicle is not None:
            yield from self.vehicle_shoot(m)
        elif action == "scoot":
            yield from self._scoot(m)
        elif action == "shoot":
            yield from self.combat.shoot(m)
        elif action == "boot":
            yield from self._boot(m)
        else:  # an action gear gives (blast off, bonk, experiment, bark, toot, toss)
            yield from effects.act(self, m, action)

    def _legal_actions(self, m: Model) -> list[str]:
        if m.vehicle is not None:  # "A vehicle can scoot and shoot … They can't take boot actions"
            return ["scoot"] + (["shoot"] if self.crew_can_shoot(m) else []) + effects.actions(m, self)
        acts = ["scoot"]
        if self.combat.can_shoot(m):
            acts.append("shoot")
        if self._boot_targets(m):
            acts.append("boot")
        return acts + effects.actions(m, self)

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
            elif effects.can_be_booted_up(o) and effects.can_stand(self, o):
                out.append(("boot_up", other_id))
        for thing, _gap in self.table.within(CONTACT_IN, figure=m.id, kinds=(Kind.TERRAIN,)):
            if thing.id not in self.terrain_types:
                continue
            cost = effects.boot_cost(self.terrain_type(thing.id))
            if cost is not None and self.bosses[m.boss].stash >= cost:
                out.append(("boot_terrain", thing.id))  # a machine, a bar, a loo… in contact
        return out

    def _boot(self, m: Model) -> Flow:
        targets = self._boot_targets(m)
        how, target = yield ChooseBoot(m.boss, tuple(targets), "whom to boot?", m.id)
        self.advance(self.costs.boot_s)
        if how == "boot_terrain":
            ttype = self.terrain_type(target)
            self.pay_caps(m.boss, effects.boot_cost(ttype) or 0)
            yield from effects.booted(self, m, target, ttype)
            return
        o = self.models[target]
        if how == "boot_in":
            n = self.take_cap(o.boss, m.boss, effects.boot_in_caps(m, self))
            self.emit(ev.Booted(m.id, target, how, n))
            return
        self.emit(ev.Booted(m.id, target, how, 0))
        yield from self.stand_up(o, f"booted up by {m.name}", active=True)

    def _reboot(self, m: Model) -> Flow:
        n = yield RebootDice(m.boss, tuple(range(1, 13)), "how many D6 for the reboot?", m.id)
        rolls = [int(self.rng("dice").integers(1, 7)) for _ in range(n)]
        ok = sum(r >= 5 for r in rolls) >= 2 and 1 not in rolls
        self.advance(self.costs.reboot_s)
        self.emit(ev.Rebooted(m.id, rolls, ok))
        if ok:
            yield from self.stand_up(m, "reboot button", active=True)

    def leg_it_near(self, boss: Boss) -> list[Model]:
        """The boss's models in play near a standing enemy: legging it now, each leaves a cap
        behind (while the stash lasts). A question only (the hot-seat's "Really leg it?" says
        the cost before it is paid); :meth:`_leg_it` pays it."""
        near = []
        for m in self.in_play(boss.index):
            for thing, d in self.table.within(LEG_IT_RANGE_IN, figure=m.id, kinds=(Kind.FIGURE,)):
                o = self.models.get(thing.id)
                if o is not None and o.boss != m.boss and o.standing and d <= LEG_IT_RANGE_IN:
                    near.append(m)
                    break
        return near

    def _leg_it(self, boss: Boss, forced: bool) -> None:
        replaced: list[str] = []
        removed: list[str] = []
        placed: list[tuple[str, Point]] = []
        mine = self.in_play(boss.index)
        near = self.leg_it_near(boss)
        for m in mine:
            pos = self.position(m.id)
            self.table.remove_figure(m.id)
            m.in_play = False
            m.removed = True
            self.clear_towers(m)
            if m in near and boss.stash > 0:
                boss.stash -= 1
                cap = self.table.add_token(pos)
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
            caps = list(self.table.tokens)
            for c in caps:
                self.table.remove_token(c)
            last.stash += len(caps)
            self.emit(ev.CapsScooped(last.name, len(caps)))
            last.out = True
            last.legged_at = self.clock
            for m in self.in_play(last.index):
                m.in_play = False
                self.clear_towers(m)
        new = {b.name: b.stash - b.start_stash for b in self.bosses}
        best = max(new.values())
        winners = [b for b, n in new.items() if n == best]
        self.emit(ev.GameOver(winners, new, self.safety_fired, round(self.clock, 3)))

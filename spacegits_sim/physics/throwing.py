"""Throwing: dice thrown from a hand to an aim point, and tokens dropped from a height.

Physical model (details and sources in docs/physics.md):

* A thrown die flies along a parabola in height from the hand to its touchdown point,
  colliding only with things taller than it is at that moment (tall terrain, standing
  figures, towers). It then tumbles/slides on the table under **Coulomb friction** — a
  pivot and a gear joint to a static body whose force is capped at μ·m·g (pymunk's
  ``tank.py`` idiom), so dice stop dead in a finite distance v²/(2μg) as real dice do,
  rather than creeping forever as they would under viscous damping.
* The touchdown point is the aim point, pulled back by the expected slide and scattered
  by the thrower's hand, so a throw's mean resting point is its aim.
* Face values come from a separate seeded stream, one draw per die: fairness does not
  depend on the physics.
* A throw ends when everything is at rest (settle detection), not after a fixed time.
* Anything whose centre crosses the table edge is lost. There are no walls.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pymunk
from pymunk import Vec2d

from ..data.dice import DIE_TYPES
from .results import MM, DieResult, Kind, Point, Thing, ThrowResult, TokenDrop, TowerHit, _mask, _need
from .world import TableWorld


class Throwing(TableWorld):
    """Throws and drops: simulated until everything is at rest."""

    def throw(
        self,
        hand: Point,
        aim: Point,
        dice: Sequence[int],
        rng_scatter: np.random.Generator,
        rng_faces: np.random.Generator,
        strength: float = 0.5,
        scatter: float | None = None,
    ) -> ThrowResult:
        """Throw ``dice`` (sides of each) from ``hand`` at ``aim``; simulate until all are at rest.

        ``strength`` 0–1 sets how hard (how far the dice slide after landing); ``scatter`` is
        the hand's 1-sigma landing error in inches (default from the params). Tower hits are
        reported with the result; whose fault they are is the caller's business.
        """
        _need(len(dice) > 0, "dice: a throw needs at least one die")
        for s in dice:
            _need(s in DIE_TYPES, f"dice: no D{s} on the table (die types are {', '.join(f'D{t}' for t in DIE_TYPES)})")
        self._need_on_table(hand, "hand")
        _need(all(math.isfinite(c) for c in aim), f"aim must be a finite point, got {aim}")
        _need(0.0 <= strength <= 1.0, f"strength must be between 0 and 1, got {strength}")
        tp = self.p["throw"]
        scatter = float(tp["scatter_in"]) if scatter is None else float(scatter)
        _need(scatter >= 0, f"scatter must not be negative, got {scatter}")

        hand_v = Vec2d(*hand)
        aim_v = Vec2d(*aim)
        offset = aim_v - hand_v
        dist = offset.length
        direction = offset.normalized() if dist > 1e-9 else Vec2d(1, 0)
        mu = float(self.p["die_friction"])
        v_nom = self._slide_speed(strength)
        spread = float(tp["slide_spread"])
        mean_slide = self._pullback(v_nom)  # the touchdown this far short: the mean rest point is the aim
        sigma = scatter + float(tp["scatter_per_in"]) * dist if scatter > 0 else 0.0

        results: list[DieResult] = []
        bodies: list[tuple[DieResult, pymunk.Body | None]] = []
        all_hits: list[TowerHit] = []
        for sides in dice:
            ident = self._new_id("die")
            value = int(rng_faces.integers(1, sides + 1))
            nx, ny = rng_scatter.normal(0.0, 1.0, 2)
            v = v_nom * math.exp(spread * float(rng_scatter.normal()))
            turn = float(rng_scatter.normal(0.0, float(tp["direction_spread_rad"])))
            spin = float(rng_scatter.normal(0.0, 8.0))
            touchdown = aim_v - direction * mean_slide + Vec2d(nx, ny) * sigma
            res = DieResult(ident, sides, value, None, 0.0, False, [])
            traj, stop_at, flight_hits = self._fly(hand_v, touchdown, sides, ident)
            res.trajectory = traj
            res.tower_hits.extend(flight_hits)
            all_hits.extend(flight_hits)
            land = Vec2d(*traj[-1][:2])
            slide_dir = direction.rotated(turn)
            if stop_at is not None:
                res.stopped_by = stop_at
                slide_dir = -direction  # bounced back off the tall thing
                v *= 0.3
            if not self.on_table((land.x, land.y), float(self.p["edge_margin_in"])):
                res.lost = True
                bodies.append((res, None))
                results.append(res)
                continue
            angle = float(rng_scatter.uniform(0, 2 * math.pi))
            body = self._land_die(res, sides, value, land, angle, mu, slide_dir * v, spin)
            bodies.append((res, body))
            results.append(res)

        return self._come_to_rest(results, bodies, all_hits)

    def _slide_speed(self, strength: float) -> float:
        """A throw's nominal landing speed (in/s) for ``strength`` 0-1: how far its dice slide."""
        tp = self.p["throw"]
        return float(tp["slide_speed_min_in_s"]) + strength * (
            float(tp["slide_speed_max_in_s"]) - float(tp["slide_speed_min_in_s"])
        )

    def _pullback(self, v_nom: float) -> float:
        """How far short of the aim a throw touches down: the expected slide E[v^2]/(2 mu g) of a
        log-normal landing speed, times E[cos(turn)] = exp(-s^2/2) for the normal turn off the
        line of the throw, so a throw's mean resting point is its aim."""
        tp = self.p["throw"]
        spread, turn_sd = float(tp["slide_spread"]), float(tp["direction_spread_rad"])
        mu = float(self.p["die_friction"])
        return v_nom**2 * math.exp(2 * spread**2) / (2 * mu * self.g) * math.exp(-(turn_sd**2) / 2)

    def landing_spread(self, hand: Point, aim: Point, strength: float) -> tuple[float, float]:
        """The 1-sigma spread of where a die thrown from ``hand`` at ``aim`` comes to rest, in
        inches (along the throw, across it): the hand's touchdown scatter (grows with the
        distance) combined with the slide's spread (a harder throw slides farther, so it
        spreads more). The same parameters :meth:`throw` draws from. About 39% of dice stop
        inside this 1-sigma ellipse (a 2-D normal: 1 - exp(-1/2)); 2 in 3 inside the ellipse
        sqrt(2 ln 3) ~ 1.48 times as large (ignoring bounces off things in the way)."""
        tp = self.p["throw"]
        dist = math.dist(hand, aim)
        scatter = float(tp["scatter_in"])
        sigma = scatter + float(tp["scatter_per_in"]) * dist if scatter > 0 else 0.0
        mu = float(self.p["die_friction"])
        v_nom = self._slide_speed(strength)
        spread = float(tp["slide_spread"])
        base = v_nom**2 / (2 * mu * self.g)  # slide = base * exp(2 * spread * N): log-normal
        var_slide = base**2 * math.exp(4 * spread**2) * (math.exp(4 * spread**2) - 1)
        mean_slide = base * math.exp(2 * spread**2)
        across = mean_slide * math.sin(float(tp["direction_spread_rad"]))
        return math.sqrt(sigma**2 + var_slide), math.sqrt(sigma**2 + across**2)

    def lost_chance(self, hand: Point, aim: Point, strength: float) -> float:
        """The chance a die thrown from ``hand`` at ``aim`` is lost off the table, from the same
        parameters :meth:`throw` draws from, without throwing: it is lost if it touches down past
        the edge (less ``edge_margin_in``; the touchdown is the aim pulled back towards the hand by
        the mean slide, scattered round that), or if it comes to rest past it (the rest point
        spread by :meth:`landing_spread` round the aim). Each edge is taken on its own (normal
        tails); of the two ways the likelier is the answer (the two are strongly correlated: a die
        touching down past the edge would also rest past it; taking them as independent
        overestimated thrown dice by 0.1-0.2 within 1" of the edge, the larger of the two came
        within the sampling error of 100 throws, 2026-12-05). A thrower asks this before throwing
        at an aim near the edge, and near its own edge too, where the touchdown falls short of an
        aim inside the table (an aim 1" in from the thrower's edge loses about a die in 3)."""
        tp = self.p["throw"]
        margin = float(self.p["edge_margin_in"])
        dist = math.dist(hand, aim)
        ux, uy = ((aim[0] - hand[0]) / dist, (aim[1] - hand[1]) / dist) if dist > 1e-9 else (1.0, 0.0)
        scatter = float(tp["scatter_in"])
        sigma = scatter + float(tp["scatter_per_in"]) * dist if scatter > 0 else 0.0
        pull = self._pullback(self._slide_speed(strength))
        touchdown = (aim[0] - ux * pull, aim[1] - uy * pull)
        along, across = self.landing_spread(hand, aim, strength)

        def inside(p: Point, sd_of: Callable[[float, float], float]) -> float:
            chance = 1.0
            for nx, ny, gap in (
                (-1.0, 0.0, p[0] - margin),
                (1.0, 0.0, self.width - margin - p[0]),
                (0.0, -1.0, p[1] - margin),
                (0.0, 1.0, self.height - margin - p[1]),
            ):
                sd = sd_of(nx, ny)
                if sd > 1e-9:
                    chance *= 0.5 * (1.0 + math.erf(gap / (sd * math.sqrt(2.0))))
                elif gap < 0:
                    chance = 0.0
            return chance

        kept_down = inside(touchdown, lambda _nx, _ny: sigma)
        kept_rest = inside(aim, lambda nx, ny: math.hypot(along * (ux * nx + uy * ny), across * (-uy * nx + ux * ny)))
        return max(1.0 - kept_down, 1.0 - kept_rest)

    def towers_in_the_way(
        self, hand: Point, aim: Point, strength: float, along: float, across: float, sides: int = 6
    ) -> list[tuple[str, str]]:
        """The towers a throw from ``hand`` at ``aim`` may knock, asked without throwing: (figure
        id, "flight") for each tower a die's flight clips (the very :meth:`_fly` a throw makes,
        along the middle of the throw and along each side of its landing ellipse, ``across``
        off the line), and (figure id, "landing") for each tower footprint reaching into the
        ellipse of semi-axes ``along`` x ``across`` round the aim, where dice come to rest and
        slide. In flight order, then nearest the aim. The hand stays where it is: a thrower
        aims round a tower (the playtest's die flew over its own thrower's tower of 5)."""
        hand_v, aim_v = Vec2d(*hand), Vec2d(*aim)
        offset = aim_v - hand_v
        if offset.length <= 1e-9:
            return []
        direction = offset.normalized()
        side_v = direction.perpendicular()
        touchdown = aim_v - direction * self._pullback(self._slide_speed(strength))
        out: list[tuple[str, str]] = []
        for k in (0.0, -1.0, 1.0):
            _traj, _stop, hits = self._fly(hand_v, touchdown + side_v * across * k, sides, "in_the_way")
            out += [(h.figure_id, "flight") for h in hits if (h.figure_id, "flight") not in out]
        near: list[tuple[float, str]] = []
        for f in self._figures.values():
            if f.tower_shape is None:
                continue
            bb = f.tower_shape.cache_bb()
            half = (bb.right - bb.left) / 2
            c = Vec2d((bb.left + bb.right) / 2, (bb.bottom + bb.top) / 2) - aim_v
            u, v = c.dot(direction), c.dot(side_v)  # (the footprint counted as a circle round its middle)
            a, b = along + half, across + half
            if a > 0 and b > 0 and (u / a) ** 2 + (v / b) ** 2 <= 1.0:
                near.append((c.length, f.id))
        out += [(ident, "landing") for _d, ident in sorted(near) if (ident, "flight") not in out]
        return out

    def flight_rest(self, hand: Point, rest: Point, strength: float, sides: int = 6) -> Point | None:
        """Where a die thrown from ``hand`` to come to rest at ``rest`` (its touchdown that point
        less the throw's mean slide, as :meth:`throw` aims) comes to rest instead if something
        taller than it stops it in the air: it drops before the tall thing and slides back off
        it, as :meth:`throw` bounces it (at 0.3 of the slide speed, the mean slide of that).
        None if nothing stops it. No scatter and nothing moved: a question about the table (a
        thrower asks it before throwing over a wall, a building or a hull)."""
        tp = self.p["throw"]
        hand_v, rest_v = Vec2d(*hand), Vec2d(*rest)
        offset = rest_v - hand_v
        if offset.length <= 1e-9:
            return None
        direction = offset.normalized()
        mu = float(self.p["die_friction"])
        v_nom = self._slide_speed(strength)
        spread = float(tp["slide_spread"])
        traj, stop_at, _hits = self._fly(hand_v, rest_v - direction * self._pullback(v_nom), sides, "flight_rest")
        if stop_at is None:
            return None
        back = (0.3 * v_nom) ** 2 * math.exp(2 * spread**2) / (2 * mu * self.g)
        x, y = traj[-1][0] - direction.x * back, traj[-1][1] - direction.y * back
        return (x, y)

    def spill(
        self,
        origin: Point,
        dice: Sequence[tuple[int, float, float, float]],
        rng_faces: np.random.Generator,
        ignore: Sequence[str] = (),
    ) -> ThrowResult:
        """Dice let go in mid-air: each (sides, height in inches, vx, vy in inches/s) falls from
        ``origin`` at that height with that sideways speed, flies (over what is lower than it,
        into what is taller, clipping towers), lands and slides on under Coulomb friction, until
        everything is at rest. The tumble of a falling tower: its dice scatter over the table
        and knock what they meet. Tower hits are reported; ``ignore`` lists the figure (and its
        tower) they fall from."""
        mu = float(self.p["die_friction"])
        keep = float(self.p["spill_keep_speed"])
        skip = frozenset(ignore)
        results: list[DieResult] = []
        bodies: list[tuple[DieResult, pymunk.Body | None]] = []
        all_hits: list[TowerHit] = []
        o = Vec2d(*origin)
        for sides, h, vx, vy in dice:
            _need(sides in DIE_TYPES, f"dice: no D{sides} on the table")
            _need(h >= 0 and math.isfinite(vx) and math.isfinite(vy), f"a spilled die needs a height >= 0, got {h}")
            ident = self._new_id("die")
            value = int(rng_faces.integers(1, sides + 1))
            t_fall = math.sqrt(2.0 * h / self.g) if h > 0 else 0.0
            v = Vec2d(vx, vy)
            touchdown = o + v * t_fall
            res = DieResult(ident, sides, value, None, 0.0, False, [])
            traj, stop_at, flight_hits = self._fly(
                o, touchdown, sides, ident, h0=h, t_total=max(t_fall, 1e-3), ignore=skip
            )
            res.trajectory = traj
            res.tower_hits.extend(flight_hits)
            all_hits.extend(flight_hits)
            land = Vec2d(*traj[-1][:2])
            slide = v * keep
            if stop_at is not None:
                res.stopped_by = stop_at
                slide = -v * 0.3  # bounced back off the tall thing
            if not self.on_table((land.x, land.y), float(self.p["edge_margin_in"])):
                res.lost = True
                bodies.append((res, None))
                results.append(res)
                continue
            body = self._land_die(res, sides, value, land, float(rng_faces.uniform(0, 2 * math.pi)), mu, slide)
            bodies.append((res, body))
            results.append(res)
        return self._come_to_rest(results, bodies, all_hits, skip)

    def _land_die(
        self,
        res: DieResult,
        sides: int,
        value: int,
        land: Vec2d,
        angle: float,
        mu: float,
        velocity: Vec2d,
        spin: float | None = None,
    ) -> pymunk.Body:
        """A die that has come down at ``land``: a body on the table, sliding at ``velocity``
        (and ``spin``) under Coulomb friction."""
        body, shape = self._make_die(sides, (land.x, land.y), angle)
        self._tag(shape, Kind.DIE, res.id)
        body.velocity = velocity
        if spin is not None:
            body.angular_velocity = spin
        self.space.add(body, shape)
        self._add_coulomb(body, mu)
        self._dice[res.id] = (body, shape, sides, value)
        return body

    def _come_to_rest(
        self,
        results: list[DieResult],
        bodies: list[tuple[DieResult, pymunk.Body | None]],
        all_hits: list[TowerHit],
        skip: frozenset[str] = frozenset(),
    ) -> ThrowResult:
        """Simulate until everything is at rest; read where each die ended (or that it left the
        table) and the towers the sliding dice hit (not those of the figures in ``skip``)."""
        steps = self._settle(bodies)
        for res, landed in bodies:
            if landed is None or res.id not in self._dice:
                res.lost = True
                res.position = None
                continue
            res.position = (landed.position.x, landed.position.y)
            res.angle = landed.angle
        for hit in self._pending_hits:
            if hit.figure_id in skip:
                continue
            for res, _ in bodies:
                if res.id == hit.die_id:
                    res.tower_hits.append(hit)
            all_hits.append(hit)
        self._pending_hits = []
        return ThrowResult(results, steps, steps * self.dt, all_hits)

    def _fly(
        self,
        hand: Vec2d,
        touchdown: Vec2d,
        sides: int,
        ident: str,
        h0: float | None = None,
        t_total: float | None = None,
        ignore: frozenset[str] = frozenset(),
    ) -> tuple[list[tuple[float, float, float]], Thing | None, list[TowerHit]]:
        """The airborne arc from hand to touchdown; stops at the first thing taller than the die.

        One capsule query finds everything under the flight path; the die's height at the
        moment it reaches each thing decides whether it passes over. Towers it clips are
        reported (a flying die knocks a tower) without stopping it; a tall thing stops it.
        ``h0``/``t_total``: a die let go at that height and flying that long (a tumbling tower's
        die); by default a throw from the hand's height at the flight speed. ``ignore``: ids of
        things the die passes (the figure whose tower it falls from).
        """
        tp = self.p["throw"]
        h0 = float(tp["hand_height_in"]) if h0 is None else h0
        hx, hy = hand.x, hand.y
        dx, dy = touchdown.x - hx, touchdown.y - hy
        span = math.hypot(dx, dy)
        if t_total is None:
            t_total = max(span / float(tp["flight_speed_in_s"]), 0.15)
        g = self.g
        vz = (g * t_total / 2.0) - h0 / t_total
        dp = self.p["dice"][f"d{sides}"]
        die_r = float(dp["circumradius_mm"]) * MM * 0.8
        mass = float(dp["mass_g"])

        def z_at(frac: float) -> float:
            t = t_total * frac
            return max(0.0, h0 + vz * t - 0.5 * g * t * t)

        hits: list[TowerHit] = []
        stop: tuple[float, Thing] | None = None
        if span > 1e-9:
            filt = pymunk.ShapeFilter(mask=_mask((Kind.TERRAIN, Kind.FIGURE, Kind.TOWER)))
            infos = self._swept(Vec2d(hx, hy), Vec2d(touchdown.x, touchdown.y), die_r, filt)
            for shape, alpha, _point in sorted(infos, key=lambda i: i[1]):
                thing: Thing = shape.thing
                if thing.id in ignore:
                    continue
                z = z_at(alpha)
                if z >= self._height_of(shape):
                    continue
                if thing.kind == Kind.TOWER:
                    if stop is None:
                        speed = span / t_total
                        hits.append(TowerHit(thing.id, ident, z / MM, speed / MM, (dx / span, dy / span), mass, True))
                    continue
                stop = (alpha, thing)
                break
        end_frac = 1.0 if stop is None else stop[0]
        n = max(1, int(math.ceil(t_total * end_frac * 60)))
        traj = [(hx + dx * end_frac * k / n, hy + dy * end_frac * k / n, z_at(end_frac * k / n)) for k in range(n + 1)]
        if stop is not None:
            back = max(0.0, end_frac - die_r * 0.5 / max(span, 1e-9))
            traj.append((hx + dx * back, hy + dy * back, 0.0))
            return traj, stop[1], hits
        traj[-1] = (touchdown.x, touchdown.y, 0.0)
        return traj, None, hits

    def drop_tokens(
        self, count: int, center: Point, rng: np.random.Generator, height_in: float | None = None
    ) -> list[TokenDrop]:
        """Drop ``count`` tokens from a height over ``center``: they bounce, roll and scatter."""
        _need(count >= 1, f"count: drop at least one token, got {count}")
        self._need_on_table(center, "center")
        cp = self.p["token_drop"]
        h = float(cp["height_in"]) if height_in is None else float(height_in)
        _need(h >= 0, f"height_in must not be negative, got {h}")
        impact = math.sqrt(2 * self.g * h)
        drops: list[TokenDrop] = []
        pairs: list[tuple[TokenDrop, pymunk.Body | None]] = []
        t_fall = math.sqrt(2 * h / self.g) if h > 0 else 0.0
        for _ in range(count):
            ident = self._new_id(self.token_name)
            sx, sy = rng.normal(0.0, float(cp["hand_spread_in"]), 2)
            p = Vec2d(center[0] + sx, center[1] + sy)
            ang = float(rng.uniform(0, 2 * math.pi))
            speed = impact * float(cp["bounce"]) * abs(float(rng.normal()))
            traj = [(p.x, p.y, h - 0.5 * self.g * (t_fall * k / 6) ** 2) for k in range(7)]
            drop = TokenDrop(ident, None, False, traj)
            drops.append(drop)
            if not self.on_table((p.x, p.y)):
                drop.lost = True
                self.lost_tokens.append(ident)
                pairs.append((drop, None))
                continue
            body, shape = self._make_token((p.x, p.y))
            self._tag(shape, Kind.TOKEN, ident)
            body.velocity = Vec2d(math.cos(ang), math.sin(ang)) * speed
            self.space.add(body, shape)
            self._add_coulomb(body, float(self.p["token"]["friction"]))
            self._tokens[ident] = (body, shape)
            pairs.append((drop, body))
        self._settle(pairs)
        for drop, landed in pairs:
            if landed is None or drop.id not in self._tokens:
                drop.lost = True
            else:
                drop.position = (landed.position.x, landed.position.y)
        return drops

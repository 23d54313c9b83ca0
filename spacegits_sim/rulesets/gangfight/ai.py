"""Gangfight's AIs: pure controllers (they read the game, never change it).

``random``: the shared uniform player. ``heuristic``: takes cover, focuses fire on the enemy
closest to going down (the leader first on a tie), charges when it fights better hand to
hand, walks to objectives and picks them up, and, when its gang is breaking, keeps its
models out of reach. It asks the game only read-only questions (targets, sight from a
spot, gaps), so it can never do what a player could not.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...play.protocol import Deploy, Request
from ...play.random_ai import RandomController
from ...rng import stream
from . import abilities as ab
from . import artillery, heights, magic
from .requests import Action, Activate, Facing, First, Loadout, MoveTo, Overwatch, Pick, Role, SpellTarget, Target

#: the core actions (everything else on offer is a skill's or an ability's, asked for its worth)
_CORE = frozenset(("move", "turn", "attack", "break_away", "free", "reload", "change", "end", "pick_up"))
#: a Move action is taken when its best spot is this far away (a real move to the least bad spot
#: keeps the game going), or nearer when it beats standing still by MOVE_GAIN (``_spot_value``'s
#: units: an inch nearer a foe is 1.2 for a fighter, an inch nearer an objective 0.8, cover 4)
SHUFFLE_IN = 0.5
MOVE_GAIN = 0.5


class HeuristicController:
    name = "heuristic"

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        self.seat = seat
        self.rng: np.random.Generator = stream(seed, f"ai/gangfight/heuristic/{seat}")

    # ---- helpers
    @staticmethod
    def _ranged_model(g: Any, m: Any) -> bool:
        shoots = any(g.item(i).type == "ranged" for i in m.char.items) or magic.attack_reach(g, m) > 0
        return shoots and m.a("rc") >= m.a("mc")

    @staticmethod
    def _focus(g: Any, tid: str) -> float:
        t = g.models[tid]
        return float(t.hp * 10 - (5 if t.char.leader else 0) + len(t.carried) * -3)

    def _spot_score(self, g: Any, m: Any, x: float, y: float, label: str) -> float:
        """How good ending a move at (x, y) is, with a little noise to break ties between spots."""
        return self._spot_value(g, m, x, y, label) + float(self.rng.uniform(0, 0.5))

    def _spot_value(self, g: Any, m: Any, x: float, y: float, label: str) -> float:
        """How good ending a move at (x, y) is: shots it will have, cover, objectives, danger."""
        enemies = g.enemies(m)
        if not enemies:
            return 0.0
        if label.startswith(("charge:", "tackle:")):  # a leap from a roof is a charge with a fall
            s0 = 60.0 - g.models[label.split(":", 1)[1]].hp * 3 if not self._ranged_model(g, m) else 15.0
            drop = heights.elev_at(g, m.pos) - heights.elev_at(g, (x, y))
            return s0 - (6.0 * (drop - 3.0) if drop >= g.book.g("fall_hurts") else 0.0)
        near = min(math.dist((x, y), e.pos) - e.radius - m.radius for e in enemies)
        s = 0.0
        if label.startswith("obj:") and g.can_carry(m):
            s += 25.0
        up = heights.platform_at(g, (x, y)) if label.startswith("climb") else None
        if up is not None and g.can_carry(m):  # the way up to an objective lying on a roof
            if any(p is not None and heights.platform_at(g, p) is up for p in g.objectives.values()):
                s += 25.0
        free = [p for p in g.objectives.values() if p is not None]
        if free and g.can_carry(m):
            s -= 0.8 * min(math.dist((x, y), p) for p in free)
        if self._ranged_model(g, m):
            best = max((g.weapon_range(m, w) for w in g.held(m, True)), default=0.0) or max(
                (g.weapon_range(m, g.item(i)) for i in m.char.items if g.item(i).type == "ranged"),
                default=magic.attack_reach(g, m) or 6.0,
            )
            seen = sum(
                1
                for e in enemies
                if math.dist((x, y), e.pos) - e.radius - m.radius <= best and g.sight(m, e, at=(x, y))[0] >= 0.5
            )
            s += 12.0 * min(seen, 2)
            s -= max(0.0, near - best) * 1.5
            s -= 10.0 if near < 3.0 else 0.0
        else:
            s -= near * 1.2
        if g.areas_at((x, y)):
            s += 4.0
        if m.fleeing or g.morale_target(m) is not None:
            s += near * 1.5
        drop = heights.elev_at(g, m.pos) - heights.elev_at(g, (x, y))
        if drop >= g.book.g("fall_hurts") and not m.flying and not label.startswith("climb"):
            s -= 6.0 * (drop - 3.0)  # a fall that can hurt: take the ladder unless it pays a lot
        return float(s)

    def _move_pays(self, g: Any, m: Any) -> bool:
        """Whether a Move action is worth taking: its best offered spot (valued as the move picks
        them, without the tie-breaking noise) goes at least SHUFFLE_IN, or beats standing still
        by MOVE_GAIN. Without the question a model with nowhere better to go still moved, and
        the noise picked a spot a fraction of an inch away: the playtest of 2026-12-05 watched
        one hop 0.1" to and fro for two whole activations (seed 4; 17% of the heuristic's moves
        went under 0.5"). A charge, fleeing or a model in a fight always moves. Reads only
        (``move_spots`` is the engine's own list of destinations)."""
        if m.fleeing or g.engaged(m):
            return True
        spots = [sp for sp in g.move_spots(m) if not sp[0].startswith("face:")]
        if any(sp[0].startswith(("charge:", "tackle:", "off")) for sp in spots):
            return True
        if not spots:
            return False

        def value(sp: tuple[str, float, float, float]) -> float:
            climb = self._climb_score(g, m, sp[1], sp[2], sp[0], noise=False)
            return max(self._spot_value(g, m, sp[1], sp[2], sp[0]), -1e9 if climb is None else climb)

        best = max(spots, key=value)
        stay = self._spot_value(g, m, m.pos[0], m.pos[1], "stay")
        return math.dist((best[1], best[2]), m.pos) >= SHUFFLE_IN or value(best) > stay + MOVE_GAIN

    def _climb_score(self, g: Any, m: Any, x: float, y: float, label: str, noise: bool = True) -> float | None:
        """A walk that reaches a ladder's foot is worth what its top is worth, less the climb (the
        heuristic climbs for a shot when the top sees more enemies and the climb is short). With
        ``noise`` the top is scored as the move picks spots (ties broken by a draw from the AI's
        stream); without, only read (:meth:`_move_pays` asks whether to move at all, and a
        question must not move the stream the choice then draws from)."""
        if not label.startswith("to:") or heights.platform_at(g, m.pos) is not None:
            return None
        _t, pid, k = label.split(":")
        pc = g.pieces[pid]
        _kind, foot, top = pc.access[int(k)]
        if math.dist((x, y), foot) > m.radius + 0.6:
            return None
        score = self._spot_score if noise else self._spot_value
        return score(g, m, top[0], top[1], "climb") - float(pc.height)

    # ---- the controller
    def decide(self, req: Request, g: Any) -> Any:
        if isinstance(req, Role):
            return "attacker"
        if isinstance(req, First):
            return "me"
        if isinstance(req, Deploy):
            return self._deploy(req, g)
        if isinstance(req, Activate):
            return max(req.options, key=lambda mid: self._activation_value(g, g.models[mid]))
        if isinstance(req, Loadout):
            return self._loadout(req, g)
        if isinstance(req, Action):
            return self._action(req, g)
        if isinstance(req, SpellTarget):  # the spell's or item's own worth of each target
            m = g.models[req.model]
            return max(req.options, key=lambda t: magic.target_worth(g, m, req.what, t))
        if isinstance(req, Overwatch):  # a shot at an enemy walking into its sights: take it
            return req.options[0]
        if isinstance(req, Target):
            return min(req.options, key=lambda t: self._focus(g, t))
        if isinstance(req, Pick):
            return req.options[0]
        if isinstance(req, Facing):
            return self._facing(req, g)
        if isinstance(req, MoveTo):
            m = g.models[req.model]
            if "off" in req.options:
                return "off"
            if all(o.startswith("face:") for o in req.options):  # turning to a foe in its space
                return min(req.options, key=lambda o: self._focus(g, o.split(":", 1)[1]))
            scored = [
                (max(self._spot_score(g, m, s[0], s[1], lab), self._climb_score(g, m, s[0], s[1], lab) or -1e9), lab)
                for lab, s in zip(req.options, req.spots, strict=True)
            ]
            return max(scored)[1]
        return RandomController(0, self.seat).decide(req, g)

    def _facing(self, req: Facing, g: Any) -> Any:
        """End a move facing the nearest enemy (its nearest threat, and usually its next target);
        keep the heading when no enemy can be faced."""
        m = g.models[req.model]
        if m.seat != self.seat and "keep" in req.options:  # an enemy it pushed: leave its back to us
            return "keep"
        foes = [o for o in req.options if o.startswith("face:")]
        if not foes:
            return req.options[0]

        def gap(o: str) -> float:
            e = g.models[o.split(":", 1)[1]]
            return float(math.dist(req.at, e.pos) - e.radius - m.radius)

        return min(foes, key=gap)

    def _deploy(self, req: Deploy, g: Any) -> Any:
        """Objectives near my side's half; models as far forward as the zone allows, near cover."""
        best: tuple[float, Any] | None = None
        cx, cy = req.width / 2, req.height / 2
        for _ in range(150):
            mid = req.models[int(self.rng.integers(0, len(req.models)))]
            p = (float(self.rng.uniform(0, req.width)), float(self.rng.uniform(0, req.height)))
            if req.legal(mid, p) is not None:
                continue
            gun = artillery.deploy_score(g, self.seat, mid, p)
            if gun is not None:
                s = gun
            elif mid in g.models:
                s = -math.dist(p, (cx, cy)) + (3.0 if g.areas_at(p) else 0.0)
            else:
                mine = [m.pos for m in g.gang(self.seat, up=False) if m.status == "ready"]
                s = -min((math.dist(p, q) for q in mine), default=math.dist(p, (cx, cy)))
                s -= 0.5 * math.dist(p, (cx, cy))
            if best is None or s > best[0]:
                best = (s, (mid, p))
        return best[1] if best else "skip"

    def _activation_value(self, g: Any, m: Any) -> float:
        ts = g.targets(m)
        v = 10.0 * len(ts)
        if any(not r for _t, r in ts):
            v += 5
        v += min(g.enemies(m) and [math.dist(m.pos, e.pos) for e in g.enemies(m)] or [0]) * -0.1
        return float(v) + float(self.rng.uniform(0, 1))

    def _loadout(self, req: Loadout, g: Any) -> Any:
        m = g.models[req.model]
        return max(req.options, key=lambda lo: self._loadout_score(g, m, tuple(lo)))

    def _loadout_score(self, g: Any, m: Any, lo: tuple[str, ...]) -> float:
        """What holding the weapons ``lo`` is worth now: ranged ones when it shoots and is not
        engaged, hand weapons otherwise, better ones more, a matched pair a little more."""
        want_ranged = bool(not g.engaged(m) and self._ranged_model(g, m))
        items = [g.item(i) for i in lo]
        s = 0.0
        for it in items:
            s += (6 if (it.type == "ranged") == want_ranged else 1) + it.level
        if len(items) == 2 and items[0].type == items[1].type:
            s += 4
        return s

    def _change_pays(self, g: Any, m: Any) -> bool:
        """Whether another of the model's loadouts is worth more now than the one it holds (the
        playtest of 2026-12-05: a fighter with nothing to do changed to fists and back to its
        hand weapon, action after action)."""
        now = self._loadout_score(g, m, tuple(m.loadout))
        return any(self._loadout_score(g, m, tuple(lo)) > now for lo in g.loadouts(m) if tuple(lo) != tuple(m.loadout))

    def _action(self, req: Action, g: Any) -> Any:
        m = g.models[req.model]
        opts = req.options
        caps = [o for o in opts if o.startswith("capture:")]
        if caps:
            return caps[0]
        if "free" in opts or "pick_up" in opts:
            return "free" if "free" in opts else "pick_up"
        # skills and abilities that are actions: their handlers say what taking them is worth now
        worth = sorted(((ab.worth(g, m, o), o) for o in opts if ":" in o or o not in _CORE), reverse=True)
        if worth and worth[0][0] >= 5.0:  # reviving a friend, stealing an objective, a strong lure
            return worth[0][1]
        if "break_away" in opts and (m.fleeing or m.hp <= 1 and g.morale_target(m) is not None):
            return "break_away"
        gun = artillery.advice_fire(g, m, opts)  # a crewed piece's shot, or turning it to a target
        if gun is not None and not m.fleeing:
            return gun
        spells = [(magic.advice(g, m, o)[0], o) for o in opts if o.startswith(magic.ACTIONS)]
        if spells:  # a spell or an item when it plainly pays (its handler's worth)
            pays, best = max(spells)
            if pays >= (8.0 if "attack" in opts else 2.0):
                return best
        if "attack" in opts:
            return "attack"
        if "turn" in opts:  # engaged from behind: face the foe, then fight back
            return "turn"
        if "reload" in opts and any(r for _t, r in g.targets_if_reloaded(m)):
            return "reload"
        if (
            "move" in opts
            and not (artillery.keeps_crewing(g, m) and not m.fleeing and not g.engaged(m))
            and self._move_pays(g, m)
        ):
            return "move"
        if "change" in opts and g.enemies(m) and self._change_pays(g, m):
            return "change"
        if worth and worth[0][0] > 0:  # rather than ending (a reserved action, a lure)
            return worth[0][1]
        return "end"


AIS: dict[str, Any] = {
    "random": lambda seed, seat: RandomController(seed, seat),
    "heuristic": lambda seed, seat: HeuristicController(seed, seat),
}

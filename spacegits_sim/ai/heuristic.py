"""The heuristic boss: plays like a sensible person at the table.

Goes for caps, aims move dice beyond the cap it wants so the git staggers through it, picks
the move die that loots or gets closest without blundering into trouble, carries tall
towers carefully (more so after the siren, when a fall is for keeps), shoots when an
enemy is in range with a clear line, boots fallen friends up and robs fallen enemies,
mixes its fight throws from a best-response distribution over the opponent's observed
habits (sampled, so a fixed counter-strategy cannot exploit it), and legs it when staying
is more likely to lose caps than win them. It reads the match; it never changes it.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..physics.routes import RouteField
from ..physics.table import Kind
from ..play.protocol import heading_to
from ..rng import stream
from ..rules import effects
from ..rules.combat import expected_damage
from ..rules.decisions import (
    AimThrow,
    ArcadeDice,
    Choice,
    ChooseAction,
    ChooseActivation,
    ChooseBoot,
    ChooseCare,
    ChooseDice,
    ChooseGuns,
    CrewGuns,
    Deploy,
    GearChoice,
    GrappleWho,
    OrderBullet,
    OrderMoveDie,
    RebootDice,
    Request,
    Reroll,
    Seat,
    SplitOdd,
    Throw,
)
from . import driver

Point = tuple[float, float]
BEATS = {"shove": "thump", "pinch": "shove", "thump": "pinch"}
ARCADE_GOAL = 6  # the best bet: a race for six dice stands ~70% of the time (2 caps for 1)
UNDER_FIRE_TOWER = 3  # a git shot at with a tower this tall is moved out of the line of fire
ESCAPE_IN = 8.0  # ... this far, straight away from the guns
STUCK_IN = 1.0  # a scoot that moved the git less than this in all got nowhere
DETOUR_IN = 8.0  # ... so the next one heads this far off to one side, then tries again
MACHINE_WORTH = 0.35  # a machine worth at least this (in caps) is worth a walk
BANK_CAPS_LEFT = 2  # a winning boss legs it once this few caps are left on the table ...
BANK_CLOCK = 0.8  # ... or this share of the timer has run
CONCEDE_CLOCK = 0.8  # a boss hopelessly behind legs it once this share of the timer has run ...
CONCEDE_BEHIND = 2  # ... behind by this many new caps or more ...
CONCEDE_SHARE = 1 / 3  # ... and by at least this share of the caps still on the table
RESCUE_IN = 8.0  # a fallen friend this close (edge to edge) is worth walking over to boot up ...
RESCUE_WORTH = 2.0  # ... worth this many caps as far away (a git back in the game)
RESCUE_NEAR = 3.5  # a fallen friend this close is walked to even under fire (an average die reaches it) ...
RESCUE_BRAVE = 4  # ... as is one farther off by a git whose tower is this short or shorter
HUNT_IN = 12.0  # a robber (an enemy standing over a fallen friend) this close is worth walking into ...
HUNT_WORTH = 2.5  # ... worth this many caps as far away (the fight drives it off its victim) ...
FIRE_WORTH = 2.5  # a robber out of this git's gun range but in its scoot's reach: walk in range, then shoot
FIRE_SHORT = 1.5  # ... to a spot this far inside the gun's range of the robber (the dice scatter)
HUNT_FAR_ROBBED = 1  # a robber that has robbed its fallen friend this often is hunted from farther:
HUNT_FAR_SCOOTS = 2  # ... as far as this many average scoots (a walk over several activations)
HUNT_TOWER = 4  # ... by a git whose tower is this short or shorter (the fight must not topple it;
# 3 left a lone git with a tower of 4 walking to caps while the robber farmed its friend, issue 27)
FREE_IN = 2.0  # a throw direction is free if the base can sweep this far along it ...
FREE_SPREAD = math.radians(20)  # ... and along the directions this far either side (the dice scatter)
FREE_DIRECTIONS = 24  # directions tried when the straight one is blocked
FREE_KINDS = (Kind.DIE, Kind.FIGURE, Kind.TERRAIN)  # what stops a base (caps are looted, not bumped)
FREE_GAIN = 0.3  # inches of expected progress a turned aim must gain over the straight one
ROUTE_CACHE = 64  # route fields kept (one per goal and terrain layout)
WASTED_IN = 2.0  # an order's cost, in inches from the goal, of each move die that moves the git nowhere
ORDER_DEPTH = 4  # move dice walked per order (the rest of a bigger throw is left unwalked)
DIE_HALF_IN = 0.3  # a not-yet-thrown die's half width: a git walking at it stops this short
PREVIEW_THROWS = 4  # throws a preview samples (the same draws for every aim: aims compared on common dice)
# Each previewed die's draw: how many sigmas of the table's landing spread along and across the
# throw it lies off the aim, and where its face falls (0-1, the share of its sides). Fixed, so
# a preview is deterministic and every aim is judged on the same luck (common random numbers).
PREVIEW_DRAWS = tuple(
    tuple((float(a), float(b), float(f)) for a, b, f in row)
    for row in np.column_stack(
        [
            np.random.default_rng(27).normal(size=(PREVIEW_THROWS * ORDER_DEPTH, 2)),
            np.random.default_rng(28).uniform(size=PREVIEW_THROWS * ORDER_DEPTH),
        ]
    ).reshape(PREVIEW_THROWS, ORDER_DEPTH, 3)
)
REACHED_IN = 6.0  # a previewed walk that reaches its goal (a fallen friend, a machine) gains this many inches
SCREEN_KEEP = 6  # of every direction screened by one previewed throw, these best get all PREVIEW_THROWS
FREE_NEAR = 4.5  # inches: when the chosen aim's preview wastes a die, every direction is previewed here too
GIT_STRENGTH = 0.15  # how hard a git's move dice are thrown
LOST_OK = 0.02  # a move throw may lose this share of its dice past the table's edge, no more
KEEP_STEP = 0.25  # inches: an aim that would lose more is moved in from the edge by this much at a time


@dataclass(frozen=True)
class Plan:
    """One order of move dice walked on the table: its first die, the first thing that die
    bumped, caps looted on the way, dice that moved the git nowhere, where it ends."""

    first: Any = None
    first_contact: Any = None
    looted: tuple[str, ...] = ()
    wasted: int = 0
    depth: int = 0
    end: Point = (0.0, 0.0)
    last_contact: Any = None

    def step(self, die: Any, contact: Any, wasted: bool) -> Plan:
        if self.depth == 0:
            return replace(self, first=die, first_contact=contact, wasted=int(wasted), depth=1, last_contact=contact)
        return replace(self, wasted=self.wasted + int(wasted), depth=self.depth + 1, last_contact=contact)

    def loot(self, cap: str) -> Plan:
        return replace(self, looted=self.looted + (cap,))

    def done(self, end: Point) -> Plan:
        return replace(self, end=(float(end[0]), float(end[1])))


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _gun_reach(m: Any) -> float:
    """The longest range among ``m``'s shooting weapons ready to fire (0 with none)."""
    guns = [w for w in m.weapons if w.kind == "shooting" and effects.gun_ready(m, w)]
    return max((effects.weapon_range(m, w) for w in guns), default=0.0)


# The reasons a car's scoot is held for one activation only (then it scoots, waste or not): the
# gate's forecast waste, and a subclass's own (the tree search's "went nowhere", mcts.py).
HELD_ONCE = ("waste", "went nowhere")


class HeuristicController:
    name = "heuristic"

    def __init__(self, seed: int = 0, boss: int = 0) -> None:
        self.rng: np.random.Generator = stream(seed, f"ai/heuristic/{boss}")
        self.boss = boss
        self.seen_throws: Counter[str] = Counter()
        self._last_fight_len = 0
        self._target: dict[str, Point] = {}
        self._held: dict[str, int] = {}  # vehicle -> the activation it did not scoot in, for its waste
        # scoot_ruled_out's answers while one decision asks it more than once of the same match
        # (the tree search's candidates: a car's first pick, then its sensible actions); None: off
        self._ruled_out_memo: dict[tuple[str, int, int, int], str | None] | None = None
        self._machine: dict[str, str] = {}  # model -> terrain it is walking to, to boot
        self._moved: dict[str, float] = {}  # model -> inches scooted in its current activation
        self._stuck: dict[str, int] = {}  # model -> scoots in a row that got nowhere
        self._escaping: dict[str, bool] = {}  # model -> this scoot is to get out of a line of fire
        self._routes: dict[tuple[Any, ...], RouteField] = {}  # walking distances round terrain, per goal
        self._rescuing: dict[str, str] = {}  # model -> the fallen friend it is walking over to boot up
        self._hunting: dict[str, str] = {}  # model -> the robber it is walking into, to fight it off
        self._firing: dict[str, str] = {}  # model -> the robber it is walking in range of, to shoot it
        self._must_walk: set[str] = set()  # gits whose scoot now is the only action they have left

    # ------------------------------------------------------------------ dispatch

    def decide(self, request: Request, match: Any) -> Any:
        self._observe(match)
        if isinstance(request, Deploy):
            return self.deploy(request, match)
        if isinstance(request, ChooseActivation):
            return self.choose_activation(request, match)
        if isinstance(request, ChooseAction):
            return self.choose_action(request, match)
        if isinstance(request, AimThrow):
            return self.aim(request, match)
        if isinstance(request, OrderMoveDie):
            v = match.models[request.model]
            if v.vehicle is not None:
                return driver.order_move_die(v, request.options, match, self._target.get(v.id), self.boss)
            return self.order_move_die(request, match)
        if isinstance(request, ChooseDice):
            if request.purpose == "move":
                return driver.move_dice_sizes(match.models[request.model], request.options)
            return driver.wipeout_dice(request.options)
        if isinstance(request, CrewGuns):
            return driver.crew_guns(request, match, self.enemies(match))
        if isinstance(request, Seat):
            return driver.seat(request, match)
        if isinstance(request, ChooseCare):
            return self.care(request, match)
        if isinstance(request, ChooseBoot):
            m = match.models[request.model]
            return max(request.options, key=lambda o: self.boot_value(m, o, match))
        if isinstance(request, ArcadeDice):
            return min(ARCADE_GOAL, max(request.options))
        if isinstance(request, GrappleWho):
            return "target"  # reel them in: the shooter keeps its footing
        if isinstance(request, Reroll):  # re-roll jams and weak bullets; keep move dice as they fell
            if request.purpose == "bullet":
                for o in request.options:
                    if o != "done" and match.table.has_die(o) and match.table.die(o).value <= 2:
                        return o
            return "done"
        if isinstance(request, GearChoice):
            return self.gear_choice(request, match)
        if isinstance(request, ChooseGuns):
            return self.guns(request, match)
        if isinstance(request, OrderBullet):
            return self.order_bullet(request, match)
        if isinstance(request, RebootDice):
            return best_reboot_dice(request.options)
        if isinstance(request, SplitOdd):
            me = match.bosses[self.boss].name
            return me if me in request.options else request.options[0]
        if isinstance(request, Choice):
            if request.options and set(request.options) <= {"thump", "shove", "pinch"}:
                return self.fight_throw(request, match)
            return request.options[0]
        raise TypeError(f"heuristic controller cannot answer {type(request).__name__}")

    def _observe(self, match: Any) -> None:
        """Learn from the event log: the opponents' fight habits, and which of my gits' scoots
        got nowhere (stuck against terrain, bumping the same thing) so the next one changes plan."""
        from ..rules.events import ActivationEnded, FightRound, ModelMoved

        for e in match.events[self._last_fight_len :]:
            if isinstance(e, FightRound):
                for mid, t in ((e.active, e.throws[0]), (e.passive, e.throws[1])):
                    if match.models[mid].boss != self.boss:
                        self.seen_throws[t] += 1
            elif isinstance(e, ModelMoved) and e.reason == "scoot" and match.models[e.model].boss == self.boss:
                self._moved[e.model] = self._moved.get(e.model, 0.0) + e.travelled
            elif isinstance(e, ActivationEnded) and e.model in self._moved:
                if self._moved.pop(e.model) < STUCK_IN:  # a whole scoot that got nowhere
                    self._stuck[e.model] = self._stuck.get(e.model, 0) + 1
                else:
                    self._stuck.pop(e.model, None)
        self._last_fight_len = len(match.events)

    # ------------------------------------------------------------------ helpers

    def caps(self, match: Any) -> list[Point]:
        return [match.table.token_position(c) for c in match.table.tokens]

    def enemies(self, match: Any, standing: bool = True) -> list[Any]:
        return [m for m in match.models.values() if m.in_play and m.boss != self.boss and (m.standing or not standing)]

    def new_caps(self, match: Any, boss: int) -> int:
        b = match.bosses[boss]
        return int(b.stash - b.start_stash)

    # ------------------------------------------------------------------ deployment

    def deploy(self, req: Deploy, match: Any) -> Any:
        """The best of 250 random spots (near caps, clear of enemies) that is legal.

        Scored all at once with numpy; legality (a table query) is checked best-first, so
        usually once: the winner is the legal spot with the highest score, the earliest on ties.
        """
        for model in req.models:  # the first that has a legal spot (a vehicle needs 8" of room)
            ans = self._deploy_one(req, match, model)
            if ans != "skip":
                return ans
        return "skip"

    def _deploy_one(self, req: Deploy, match: Any, model: str) -> Any:
        u = self.rng.random((250, 2))  # the draws rng.uniform(1, w - 1) would make, in order
        spots = np.empty((250, 2))
        spots[:, 0] = 1.0 + ((req.width - 1) - 1.0) * u[:, 0]
        spots[:, 1] = 1.0 + ((req.height - 1) - 1.0) * u[:, 1]
        score = np.zeros(250)
        caps = np.array(self.caps(match), dtype=float).reshape(-1, 2)
        if len(caps):
            d = np.hypot(spots[:, None, 0] - caps[None, :, 0], spots[:, None, 1] - caps[None, :, 1])
            near = np.sort(d, axis=1)[:, :3]
            score = -near.sum(axis=1) / min(3, len(caps))
        for e in self.enemies(match):
            ex, ey = match.position(e.id)
            score = score - np.maximum(0.0, 8 - np.hypot(spots[:, 0] - ex, spots[:, 1] - ey)) * 0.3
        middle = (req.width / 2, req.height / 2)
        order = np.lexsort((np.arange(250), -score))
        if model in req.headed and len(caps):  # a vehicle: the best spot it may face the nearest cap from
            for i in order:
                p = (float(spots[i, 0]), float(spots[i, 1]))
                ans = req.placed(model, p, self.deploy_headings(req, model, p, caps, middle)[:1], or_default=False)
                if ans is not None:
                    return ans
        for i in order:  # (a git; a vehicle with no such spot faces the middle, else away from its edge)
            p = (float(spots[i, 0]), float(spots[i, 1]))
            ans = req.placed(model, p, self.deploy_headings(req, model, p, caps, middle))
            if ans is not None:
                return ans
        return "skip"

    @staticmethod
    def deploy_headings(req: Deploy, model: str, p: Point, caps: Any, middle: Point) -> tuple[float, ...]:
        """The ways a vehicle deployed at p would face, best first: the nearest cap (it drives
        forward, in its front arc, so it starts pointed at the loot), then the table's middle
        (where the caps were dropped). None for a git: a round base has no facing."""
        if model not in req.headed:
            return ()
        aims: list[Point] = []
        if len(caps):
            k = int(np.argmin(np.hypot(caps[:, 0] - p[0], caps[:, 1] - p[1])))
            aims.append((float(caps[k, 0]), float(caps[k, 1])))
        return tuple(heading_to(p, q) for q in [*aims, middle])

    # ------------------------------------------------------------------ activation choice

    def caps_at_risk(self, match: Any) -> int:
        """Caps legging it now would leave behind: my gits within 6" of a standing enemy (stash-capped)."""
        near = 0
        for m in match.in_play(self.boss):
            for e in self.enemies(match):
                if match.table.distance_between(m.id, e.id) <= 6.0:
                    near += 1
                    break
        return int(min(near, match.bosses[self.boss].stash))

    def leg_it_margin(self, match: Any) -> float:
        """My final lead if I leg it now: every cap left behind is -1 for me and +1 for the last
        boss standing, who also scoops every cap still on the table."""
        mine = self.new_caps(match, self.boss)
        others = [self.new_caps(match, b.index) for b in match.bosses if b.index != self.boss and not b.out]
        if not others:
            return 0.0
        return mine - max(others) - 2 * self.caps_at_risk(match) - len(match.table.tokens)

    def behind(self, match: Any) -> bool:
        """Behind the best other boss still playing (on new caps so far). Level is not behind:
        a tie after the siren is not worth a wipeout or a fall for keeps to break."""
        mine = self.new_caps(match, self.boss)
        others = [self.new_caps(match, b.index) for b in match.bosses if b.index != self.boss and not b.out]
        return bool(others) and mine < max(others)

    def deficit(self, match: Any) -> int:
        """How many new caps this boss is behind the best other boss still playing (0 if not)."""
        mine = self.new_caps(match, self.boss)
        others = [self.new_caps(match, b.index) for b in match.bosses if b.index != self.boss and not b.out]
        return max(0, max(others, default=mine) - mine)

    def hopeless(self, match: Any) -> bool:
        """Late in the game (the siren, or CONCEDE_CLOCK of the timer run), behind by at least
        CONCEDE_BEHIND and by CONCEDE_SHARE or more of the caps still on the table: drawing
        level would take that share of what is left *more* than a boss that loots as well
        takes (late in a derby few caps on the table are still picked up: towers are tall and
        wrecks litter it), while every activation still risks a fall or, after the siren, a
        wreck. Legging it ends the game ("The game ends when
        only one boss is still playing"); staying only drags it past the timer."""
        late = match.siren or match.clock > match.scenario.timer_min * 60 * CONCEDE_CLOCK
        d = self.deficit(match)
        return bool(late and d >= CONCEDE_BEHIND and d >= len(match.table.tokens) * CONCEDE_SHARE)

    def should_leg_it(self, match: Any) -> bool:
        # Bank a lead that nothing can still overturn (the margin already gives the last boss
        # standing every cap on the table and every cap left behind) once staying has little
        # left to gain: the siren, few caps down, nobody standing, or the timer nearly up.
        # Late and hopelessly behind, concede: staying gains less than it risks (issue 27).
        if self.hopeless(match):
            return True
        if self.leg_it_margin(match) <= 0:
            return False
        standing = [m for m in match.in_play(self.boss) if m.standing]
        return bool(
            match.siren
            or len(match.table.tokens) <= BANK_CAPS_LEFT
            or not standing
            or match.clock > match.scenario.timer_min * 60 * BANK_CLOCK
        )

    def boot_value(self, m: Any, option: tuple[str, str], match: Any) -> float:
        """What a boot is worth, in caps: robbing a fallen enemy with caps, booting a friend up,
        or what booting a piece of terrain pays (its handler's estimate)."""
        how, target = option
        if how == "boot_in":
            return 1.0 if match.bosses[match.models[target].boss].stash > 0 else 0.05
        if how == "boot_up":
            return 0.9
        return float(effects.boot_worth(match, m, match.terrain_type(target)))

    def best_boot(self, m: Any, match: Any) -> float:
        return max((self.boot_value(m, o, match) for o in match._boot_targets(m)), default=-1.0)

    def fallen_friends(self, m: Any, match: Any) -> list[tuple[Any, float]]:
        """Fallen friends ``m`` could walk over to and boot up the arse (nearest first, with the
        walking distance): none after the siren, when nobody may boot."""
        if match.siren or m.vehicle is not None or not m.standing:
            return []
        out = []
        for o in match.in_play(self.boss):
            if o.id == m.id or not o.fallen or o.vehicle is not None or not effects.can_be_booted_up(o):
                continue
            if not effects.can_stand(match, o):  # Handcuffs: "enemy gits within 1\" … cannot stand up"
                continue
            d = match.table.distance_between(m.id, o.id)
            if d <= RESCUE_IN:
                out.append((o, d))
        return sorted(out, key=lambda t: t[1])

    def walk_worth(self, m: Any, match: Any) -> float:
        """What the best walk other than a rescue is worth (caps per inch-plus-one): the nearest
        cap, or a machine worth booting, as :meth:`aim_move` weighs them."""
        p = match.position(m.id)
        caps = self.caps(match)
        best = 1.0 / (1.0 + min(_dist(p, c) for c in caps)) if caps else 0.0
        for _tid, centre, worth in self.machines(m, match):
            best = max(best, worth / (1.0 + _dist(p, centre)))
        return best

    def rescue_pick(self, m: Any, match: Any) -> tuple[Any, float] | None:
        """The fallen friend ``m`` walks over to boot up (with its distance), if that pays better
        than the nearest cap or machine (RESCUE_WORTH caps as far away): the same choice as
        :meth:`aim_move`'s, so that the action order can follow it."""
        for o, d in self.fallen_friends(m, match)[:1]:
            if RESCUE_WORTH / (1.0 + d) > self.walk_worth(m, match):
                return o, d
        return None

    def robbers(self, match: Any) -> set[str]:
        """Standing enemies touching one of this boss's fallen gits: each activation they stay,
        they can put the boot in again, so they are the first to shoot, fight or shove off."""
        if match.siren:  # nobody may boot after the siren: a robber robs no more
            return set()
        out: set[str] = set()
        for o in match.in_play(self.boss):
            if not o.fallen:
                continue
            for other in match.touching(o.id):
                e = match.models[other]
                if e.boss != self.boss and e.standing:
                    out.add(other)
        return out

    def robberies(self, match: Any, robber: str, victim: str) -> int:
        """How often ``robber`` has put the boot into ``victim`` since ``victim`` last fell over
        (read back from the event log to the fall: each robbery took a cap from this boss)."""
        n = 0
        for e in reversed(match.events):
            if e.kind == "booted" and e.how == "boot_in" and e.model == robber and e.target == victim:
                n += 1
            elif e.kind == "tower_fell" and e.model == victim and e.outcome == "fell_over":
                break
        return n

    def farming(self, match: Any) -> set[str]:
        """Robbers that have already robbed the fallen friend they stand over HUNT_FAR_ROBBED
        times or more: they stay and rob again every activation (issue 27, Four Bosses seed 75:
        a robber 15-18" from the boss's only standing git robbed its friend three times while
        that git walked away from the guns), so they are worth a walk over several activations."""
        out: set[str] = set()
        if match.siren:
            return out
        for o in match.in_play(self.boss):
            if not o.fallen:
                continue
            for other in match.touching(o.id):
                e = match.models[other]
                if e.boss != self.boss and e.standing and self.robberies(match, other, o.id) >= HUNT_FAR_ROBBED:
                    out.add(other)
        return out

    def scoot_reach(self, m: Any) -> float:
        """An average scoot's length: a die's mean roll for each move die."""
        return float(sum((sides + 1) / 2 for sides in m.move_dice))

    def robbers_in_reach(self, m: Any, match: Any, bold: bool = False) -> list[tuple[str, float]]:
        """Robbers ``m`` could walk into and fight off (nearest first, edge-to-edge distance):
        a standing pedestrian with a short tower (a fight shakes its tower), or a vehicle, within HUNT_IN.
        ``bold``: the git walks now whatever it chooses (a scoot is all it has left), so its tall
        tower is at risk anyway, and the walk may as well go into the robber (issue 27: two lone
        gits with towers of 10-12 walked to caps, and fell on the way, while a robber 8" off farmed
        their friend)."""
        if not m.standing or (m.vehicle is None and m.tower.height > HUNT_TOWER and not bold):
            return []  # (a vehicle drives into it whatever its tower: it smashes, and before the
            # siren a wipeout only clears the tower)
        out = [(r, match.table.distance_between(m.id, r)) for r in self.robbers(match)]
        # A git on foot walks at a robber that is farming its friend from farther than one scoot:
        # "drive a robber off (shoot, fight, shove)" takes two activations from there, and every
        # activation it is left alone it robs again (a vehicle drives at robbers within HUNT_IN).
        far = HUNT_FAR_SCOOTS * self.scoot_reach(m) if m.vehicle is None else 0.0
        farming = self.farming(match) if far > HUNT_IN else set()
        return sorted(
            ((r, d) for r, d in out if d <= HUNT_IN or (r in farming and d <= far)), key=lambda t: (t[1], t[0])
        )

    def firing_walk(self, m: Any, match: Any) -> tuple[str, Point] | None:
        """A robber at a fallen friend that ``m``'s ready gun cannot reach from here but can after
        a scoot towards it, and the spot to walk to: on the line to the robber, FIRE_SHORT inside
        the gun's range. "They do one or two different actions out of scoot, shoot, or boot": a
        scoot then a shot answers the robber (issue 27, Four Bosses seed 29: a lone git with a 6"
        shotgun 10" from the robber scooted to caps and shot at nothing while its friend was
        robbed three times). None for a vehicle, a git without a ready gun, or no such robber."""
        if m.vehicle is not None or not m.standing:
            return None
        reach = _gun_reach(m)
        if reach <= FIRE_SHORT:
            return None
        p = match.position(m.id)
        walk = sum((sides + 1) / 2 for sides in m.move_dice)  # an average scoot's length
        best: tuple[float, str, Point] | None = None
        for r in self.robbers(match):
            d = match.table.distance_between(m.id, r)
            if d <= reach - FIRE_SHORT or d > reach + walk:
                continue
            q = match.position(r)
            c = _dist(p, q) or 1.0
            stand = reach - FIRE_SHORT + (c - d)  # centre to centre: the range counts from the edge
            spot = (q[0] + (p[0] - q[0]) / c * stand, q[1] + (p[1] - q[1]) / c * stand)
            if best is None or d < best[0]:
                best = (d, r, spot)
        return None if best is None else (best[1], best[2])

    def shooters_at(self, m: Any, match: Any) -> list[Any]:
        """Standing enemies that could shoot ``m`` now: a gun that reaches, a clear line."""
        out = []
        for e in self.enemies(match):
            reach = _gun_reach(e)
            if reach <= 0:
                continue
            line = match.table.line_of_fire(e.id, match.position(m.id), reach)
            if line.hit is not None and line.hit.thing.id == m.id:
                out.append(e)
        return out

    def under_fire(self, m: Any, match: Any) -> bool:
        """A git worth getting out of the way: shot at with a tower already a few dice tall (left
        standing, it would be farmed for damage dice until it falls)."""
        return bool(m.standing and m.tower.height >= UNDER_FIRE_TOWER and self.shooters_at(m, match))

    def value_of_activating(self, m: Any, match: Any) -> float:
        if m.fallen:
            return 1.0  # a reboot is worth a try
        pos = match.position(m.id)
        score = 0.0
        if m.tower.height >= UNDER_FIRE_TOWER:  # under fire: move it out of the line before it is farmed
            shooters = self.shooters_at(m, match)
            if shooters:
                score += 4.0 * len(shooters) + 0.9 * m.tower.height
        caps = self.caps(match)
        if m.vehicle is not None:  # what its drive can loot or ram: caps don't halt a vehicle
            score += driver.activation_worth(m, match, caps, self.boss)
        elif caps:
            d = min(_dist(pos, c) for c in caps)
            score += 12.0 / (1.0 + d)
        for how, target in match._boot_targets(m):
            if how == "boot_terrain":
                worth = effects.boot_worth(match, m, match.terrain_type(target))
                score += 5.0 * worth if worth > 0 else 0.0
            else:
                score += 8.0 if how == "boot_in" and match.bosses[match.models[target].boss].stash > 0 else 5.0
        if match.combat.can_shoot(m):
            t = self.shot_target(m, match)
            if t is not None:
                score += 10.0 if t.id in self.robbers(match) else 4.0
        hunt = self.robbers_in_reach(m, match)
        if hunt:  # a robber farming a fallen friend: fight it off before it robs again
            score += 15.0 / (1.0 + hunt[0][1])
            if m.vehicle is not None:  # ... and a vehicle's tall tower is no reason to leave it
                score += 0.9 * m.tower.height  # (robbers stand only before the siren, when a wipeout
                # merely clears the tower: two derby vehicles 9-11" off, towers of 8 and 14, were
                # passed over for a smash elsewhere and a drive to caps, issue 27)
        rescue = self.fallen_friends(m, match)
        if rescue:  # a friend on the ground is a git out of the game until somebody boots it up
            score += 15.0 / (1.0 + rescue[0][1])
            # ... and on the loot's own scale (a vehicle's drive scores 8 a cap) it is a git back in
            # the game plus the cap an enemy would steal by booting it, full within a scoot's reach
            # and less beyond: without this a derby car's drive outbid every rescue (booted within 2
            # activations fell 77% -> 46% when cars began to drive, issue 27)
            worth = 8.0 + (8.0 if match.bosses[self.boss].stash > 0 and self.enemies(match) else 0.0)
            score += worth / (1.0 + max(0.0, rescue[0][1] - RESCUE_NEAR) / RESCUE_NEAR)
        score -= 0.9 * m.tower.height  # tall towers are one stumble from falling over
        if effects.wastes_next_activation(m):
            score -= 3.0
        return float(score) + float(self.rng.uniform(0, 0.1))

    def choose_activation(self, req: ChooseActivation, match: Any) -> Any:
        if "leg_it" in req.options and self.should_leg_it(match):
            return "leg_it"
        opts = [o for o in req.options if o != "leg_it"]
        if not opts:
            return "leg_it"
        worth = {mid: self.value_of_activating(match.models[mid], match) for mid in opts}
        best = max(opts, key=lambda mid: worth[mid])
        v = match.models[best]
        if v.vehicle is not None and best not in self._held and self.holds_back(v, match):
            # its scoot would be held (:meth:`choose_action`): another car whose dice would not
            # go nowhere drives instead, if there is one (not a git: handed to the gits, the
            # activations walked them into friends and walls, issue 27's near-zero move dice)
            cars = [
                mid
                for mid in opts
                if mid != best
                and match.models[mid].vehicle is not None
                and not self.holds_back(match.models[mid], match)
            ]
            if cars:
                best = max(cars, key=lambda mid: worth[mid])
        return best

    def shot_target(self, m: Any, match: Any) -> Any:
        if m.vehicle is not None:  # the enemy some git aboard can hit (in range, line and arc)
            return driver.vehicle_target(m, match, self.enemies(match))
        best = None
        robbers = self.robbers(match)
        for gid_opt in match.combat.gun_options(m):
            for gid in gid_opt:
                w = match.rules.weapons[gid]
                for e in self.enemies(match):
                    line = match.table.line_of_fire(m.id, match.position(e.id), float(w.range or 0))
                    if line.hit is not None and line.hit.thing.id == e.id:
                        d = (e.id not in robbers, line.hit.distance)  # a robber at a fallen friend first
                        if best is None or d < best[0]:
                            best = (d, e)
        return None if best is None else best[1]

    def gear_choice(self, req: GearChoice, match: Any) -> Any:
        """Gear's questions, answered as a sensible player would."""
        opts = req.options
        m = match.models.get(req.model)
        friends = [o for o in opts if o in match.models and match.models[o].boss == self.boss]
        advice = effects.choice_advice(req.gear)  # the handler that asks says how to answer it
        if advice == "a_friend":
            return friends[0] if friends else opts[0]
        if advice == "the_friend_most_worth_activating":
            return max(friends, key=lambda f: self.value_of_activating(match.models[f], match)) if friends else "no"
        if advice == "decline":
            return "no"
        if advice == "a_friend_if_the_last_throw_was_weak":
            last = next((e for e in reversed(match.events) if e.kind == "dice_thrown" and e.model == req.model), None)
            weak = last is not None and any(d["value"] <= 2 and d["position"] is not None for d in last.dice)
            return friends[0] if weak and friends else "no"
        if "no" in opts and "drink" in opts:  # strong booze: go again while the tower is short
            return "drink" if m is not None and m.tower.height <= 2 else "no"
        if "rethrow" in opts:
            return "keep"
        if "push" in opts:
            return "push"
        if "any_direction" in opts:
            return "no"
        ints = [o for o in opts if isinstance(o, int)]
        if ints:  # bionic leg: the longer move
            return max(ints)
        return opts[0]

    def advised_now(self, when: str, m: Any, match: Any) -> bool:
        """Whether a gear action's advice (:attr:`Effect.ACTION_ADVICE`) holds for ``m`` now."""
        if when == "always":
            return True
        if when == "a_tall_friend":
            return any(o.tower.height >= 4 for o in match.in_play(self.boss) if o.id != m.id)
        if when == "a_friend_in_reach":
            return any(
                o.standing and o.id != m.id and match.table.distance_between(m.id, o.id) <= 1.0
                for o in match.in_play(self.boss)
            )
        if when == "far_from_caps" and self.caps(match):
            here = match.position(m.id)
            return bool(min(_dist(here, c) for c in self.caps(match)) > 10)
        return False

    def scoot_ruled_out(self, m: Any, match: Any) -> str | None:
        """Why vehicle ``m`` should not scoot now, if it should not: "boxed in" (every move die
        would crash it where it is), or "waste" (:meth:`holds_back`: two of its dice would drive
        0" into what it hits; held once only, :meth:`held_before`). None for a git, or a
        vehicle free to drive. "You have to resolve all your move dice", so a scoot is judged
        by all of them."""
        if m.vehicle is None:
            return None
        memo = self._ruled_out_memo
        key = (m.id, id(match), match.activations, len(match.events))
        if memo is not None and key in memo:
            return memo[key]
        why: str | None = None
        if driver.boxed_in(m, match):
            why = "boxed in"
        elif not self.held_before(m, match) and self.holds_back(m, match):
            why = "waste"
        if memo is not None:
            memo[key] = why
        return why

    def sensible_actions(self, m: Any, opts: tuple[str, ...], match: Any) -> tuple[str, ...]:
        """The actions of ``opts`` worth weighing at all: a vehicle's scoot that
        :meth:`scoot_ruled_out` rules out is not, unless it is the only action. Shared with the
        searches' candidate actions, so a look-ahead does not pick what the rules of thumb rule
        out (issue 27: mcts's derby drives stopped within 1" 16% (98/599), twice the heuristic's
        in the same games, mostly scoots the heuristic would not have made first)."""
        if "scoot" in opts and len(opts) > 1 and self.scoot_ruled_out(m, match) is not None:
            return tuple(o for o in opts if o != "scoot")
        return opts

    def choose_action(self, req: ChooseAction, match: Any) -> Any:
        m = match.models[req.model]
        opts = req.options
        if m.vehicle is not None and "scoot" in opts and len(opts) > 1:
            why = self.scoot_ruled_out(m, match)
            if why is not None:
                opts = tuple(o for o in opts if o != "scoot")
            if why in HELD_ONCE:  # (once: held each time, it might never drive again)
                self._held[m.id] = match.activations
        advised = [(adv[1], i, a, adv[0]) for i, a in enumerate(opts) if (adv := effects.action_advice(m, a))]
        for _rank, _i, action, when in sorted(advised):  # gear actions, as their handlers advise
            if self.advised_now(when, m, match):
                return action
        if "boot" in opts and self.best_boot(m, match) > 0:
            return "boot"
        shot = self.shot_target(m, match) if "shoot" in opts else None
        robber = shot is not None and shot.id in self.robbers(match)  # a robber in the line: shoot it first
        if m.vehicle is None and "done" not in opts and shot is None:
            self._must_walk.add(m.id)  # nothing to shoot or boot and no stopping: it walks anyway
        else:
            self._must_walk.discard(m.id)
        if "scoot" in opts and self.under_fire(m, match) and not robber:
            return "scoot"  # out of the line of fire first (but a robber farming a friend is shot first)
        if "scoot" in opts and m.vehicle is None and not robber and self.rescue_pick(m, match) is not None:
            # Walk over first and boot up after: "one or two different actions" — a shot first
            # would leave no action for the boot once the walk ends touching the friend (issue 27)
            return "scoot"
        if "shoot" in opts and self.shot_target(m, match) is not None:
            return "shoot"
        if match.siren and "scoot" in opts and self.caps(match) and self.behind(match):
            return "scoot"  # behind after the siren: the caps still down are the only way back
        if m.vehicle is not None and not match.siren and "scoot" in opts:
            # A vehicle's tumbling tower is a wipeout, not a fall: before the siren it clears the
            # tower for a crunch of damage, so a tall tower is no reason to park (it is after the
            # siren, when a wipeout wrecks the vehicle). Guns first while the target is in arc.
            if "shoot" in opts and self.shot_target(m, match) is not None:
                return "shoot"
            return "scoot"
        tall = m.tower.height >= (5 if match.siren else 7)
        goal = self.caps(match) or self.robbers_in_reach(m, match)  # (a rescue walked above)
        if "scoot" in opts and goal and not (tall and "done" in opts):
            return "scoot"
        if "scoot" in opts and "shoot" in opts and self.firing_walk(m, match) is not None:
            return "scoot"  # walk in range of the robber at a friend, then shoot it (the second action)
        if "scoot" in opts and "done" not in opts:
            return "scoot" if not ("shoot" in opts and tall) else "shoot"
        return "done" if "done" in opts else opts[0]

    def held_before(self, v: Any, match: Any) -> bool:
        """Whether vehicle ``v`` was kept from a wasteful scoot in an earlier activation than this
        one, and has not scooted since: then it scoots, waste or not."""
        return v.id in self._held and self._held[v.id] != match.activations

    def holds_back(self, v: Any, match: Any) -> bool:
        """Whether vehicle ``v`` skips its scoot for the dice it would waste (:meth:`scoot_waste`
        WASTE_MAX or more), unless the drive is at a robber over a fallen friend: that ram is the
        answer ("drive a robber off"), and the dice left lying against the robber's hull are its
        price. Held from that smash, the car shot past or sat while the robber booted the friend
        again (derby seeds 63 and 80: robbed three times unanswered, the car 2-8\" off)."""
        if self.robbers_in_reach(v, match):
            return False
        return self.scoot_waste(v, match) >= driver.WASTE_MAX

    def drive_aim(self, v: Any, match: Any, sizes: tuple[int, ...]) -> tuple[Point, Point]:
        """Where a scoot of ``v`` heads (a robber at a fallen friend to ram off, else
        :func:`driver.drive_target`) and where its move dice ``sizes`` are thrown."""
        hunt = self.robbers_in_reach(v, match)  # a robber at a fallen friend: ram it off (a smash)
        target = match.position(hunt[0][0]) if hunt else driver.drive_target(v, match, self.caps(match), self.boss)
        return target, driver.choose_move_aim(v, match, target, sizes, self.boss)

    def scoot_waste(self, v: Any, match: Any) -> float:
        """How many of the move dice of the scoot it would make now are expected to go nowhere
        (:func:`driver.throw_waste`, at the aim :meth:`aim` would throw them at)."""
        sizes = driver.planned_sizes(v)
        _target, aim = self.drive_aim(v, match, sizes)
        return driver.throw_waste(v, match, aim, sizes, self.boss)

    # ------------------------------------------------------------------ throws

    def aim(self, req: AimThrow, match: Any) -> Throw:
        if req.purpose == "move" and match.models[req.model].vehicle is not None:
            v = match.models[req.model]  # throw the move dice towards the target, into the front arc
            target, aim = self.drive_aim(v, match, tuple(req.dice))
            self._held.pop(v.id, None)  # it scoots: held again next time its dice would go nowhere
            self._target[v.id] = target
            return Throw(_clamp(aim, req.width, req.height), 0.2)
        if req.purpose == "wipeout":  # dice for an enemy's wipeout: spin it to face the nearest wall
            return Throw(_clamp(match.position(req.model), req.width, req.height), 0.1)
        if req.purpose == "move":
            return self.aim_move(req, match)
        if req.purpose == "portal_out":  # send whatever goes through far from the caps
            caps = self.caps(match) or [(req.width / 2, req.height / 2)]
            cx, cy = sum(c[0] for c in caps) / len(caps), sum(c[1] for c in caps) / len(caps)
            corners = [(1.0, 1.0), (req.width - 1, 1.0), (1.0, req.height - 1), (req.width - 1, req.height - 1)]
            return Throw(max(corners, key=lambda c: _dist(c, (cx, cy))), 0.2)
        if req.purpose in ("bullet", "portal_in"):
            m = match.models[req.model]
            t = self.shot_target(m, match)
            if t is not None:
                p, q = match.position(m.id), match.position(t.id)
                d = _dist(p, q) or 1.0
                aim = (q[0] + (q[0] - p[0]) / d * 2.5, q[1] + (q[1] - p[1]) / d * 2.5)
                return Throw(_clamp(aim, req.width, req.height), 0.15)
        if req.purpose == "coin" or effects.aim_advice(req.purpose) == "toward_the_nearest_cap":  # a teleport…
            caps = self.caps(match)
            if caps:
                here = match.position(req.model)
                return Throw(_clamp(min(caps, key=lambda c: _dist(here, c)), req.width, req.height), 0.2)
        if req.purpose == "explosion":
            targets = [match.position(e.id) for e in self.enemies(match)]
            if targets:
                origin = None
                for e in reversed(match.events):
                    if e.kind == "exploded":
                        origin = e.position
                        break
                if origin is not None:
                    best = min(targets, key=lambda t: _dist(t, origin))
                    return Throw(_clamp(best, req.width, req.height), 0.1)
        return Throw((req.width / 2, req.height / 2), 0.3)

    def machines(self, m: Any, match: Any) -> list[tuple[str, Point, float]]:
        """Terrain worth walking to and booting (id, centre, worth in caps), if the boss can pay."""
        out = []
        stash = match.bosses[self.boss].stash
        for tid in match.table.terrain:
            if tid not in match.terrain_types:
                continue
            tt = match.terrain_type(tid)
            cost = effects.boot_cost(tt)
            if cost is None or cost > stash:
                continue
            worth = float(effects.boot_worth(match, m, tt))
            if worth >= MACHINE_WORTH:
                out.append((tid, match.table.terrain_centre(tid), worth))
        return out

    def aim_move(self, req: AimThrow, match: Any) -> Throw:
        m = match.models[req.model]
        p = match.position(m.id)
        caps = self.caps(match)
        self._machine.pop(m.id, None)
        if caps:
            target = min(caps, key=lambda c: _dist(p, c))
            best = 1.0 / (1.0 + _dist(p, target))
        else:
            foes = self.enemies(match, standing=False)
            target = match.position(foes[0].id) if foes else (req.width / 2, req.height / 2)
            best = 0.0
        for tid, centre, worth in self.machines(m, match):  # a machine that pays better than the nearest cap
            v = worth / (1.0 + _dist(p, centre))
            if v > best:
                best, target = v, centre
                self._machine[m.id] = tid
        self._rescuing.pop(m.id, None)
        for o, d in self.fallen_friends(m, match)[:1]:  # a fallen friend worth more than a cap as far
            if RESCUE_WORTH / (1.0 + d) > best:
                best, target = RESCUE_WORTH / (1.0 + d), match.position(o.id)
                self._machine.pop(m.id, None)
                self._rescuing[m.id] = o.id
        self._hunting.pop(m.id, None)
        bold = m.id in self._must_walk  # (under fire too: both lone gits traced were, and walked
        # away from the guns, their towers falling on the way, while the robber robbed on)
        self._must_walk.discard(m.id)
        for r, d in self.robbers_in_reach(m, match, bold)[:1]:  # a robber at a fallen friend: walk into it
            # ... unless walking to a fallen friend to boot it up: stood up against its robber, the
            # friend is back in the game and fights the robber off itself
            if m.id not in self._rescuing and HUNT_WORTH / (1.0 + d) > best:
                best, target = HUNT_WORTH / (1.0 + d), match.position(r)
                self._machine.pop(m.id, None)
                self._rescuing.pop(m.id, None)
                self._hunting[m.id] = r
        firing = self.firing_walk(m, match) if m.id not in self._rescuing else None
        self._firing.pop(m.id, None)
        if firing is not None and m.id in self._hunting and m.tower.height > HUNT_TOWER:
            # a tall git that must walk anyway (bold) walks in range and shoots, not into a fight
            # its tower would not survive
            self._hunting.pop(m.id, None)
            best = 0.0
        if firing is not None and m.id not in self._hunting and FIRE_WORTH / (1.0 + _dist(p, firing[1])) > best:
            best, target = FIRE_WORTH / (1.0 + _dist(p, firing[1])), firing[1]
            self._machine.pop(m.id, None)
            self._firing[m.id] = firing[0]
        self._escaping.pop(m.id, None)
        shooters = self.shooters_at(m, match) if m.tower.height >= UNDER_FIRE_TOWER else []
        rescue = self.fallen_friends(m, match)[:1] if m.id in self._rescuing else []
        if rescue and (rescue[0][1] <= RESCUE_NEAR or m.tower.height <= RESCUE_BRAVE or (bold and self.robbers(match))):
            shooters = []  # a friend on the ground this close is worth a shot or two taken on the way
            # (and a git that must walk anyway, with a robber at a friend, walks to the friend:
            # the two lone gits traced walked away from the guns instead, and fell on the way)
        if m.id in self._hunting or m.id in self._firing:
            shooters = []  # as is a robber farming one (a hunter's tower is HUNT_TOWER or shorter)
        if shooters:  # under fire: stagger away from the guns
            sx = sum(match.position(e.id)[0] for e in shooters) / len(shooters)
            sy = sum(match.position(e.id)[1] for e in shooters) / len(shooters)
            away = _dist(p, (sx, sy)) or 1.0
            target = _clamp(
                (p[0] + (p[0] - sx) / away * ESCAPE_IN, p[1] + (p[1] - sy) / away * ESCAPE_IN), req.width, req.height
            )
            self._machine.pop(m.id, None)
            self._escaping[m.id] = True
        stuck = self._stuck.get(m.id, 0)
        if stuck:  # the last scoot got nowhere: go round — off to one side, the other side next time
            target = self.detour(m, target, stuck, match)
            self._machine.pop(m.id, None)
        d = _dist(p, target) or 1.0
        expected = 3.5 * len(req.dice)
        # aim a little past the target, on the same line, so each move drags the git through it
        # and far enough that the git never reaches the dice: a git that bumps a die it walked
        # into stops there, with the rest of its dice piled against it
        beyond = max(2.0, expected + 1.0 - d) if d < expected + 1.0 and not stuck else 0.0
        if m.id in self._firing:
            beyond = 0.0  # at the firing spot, not past it: past it the walk would bump the robber (a fight)
        aim = (target[0] + (target[0] - p[0]) / d * beyond, target[1] + (target[1] - p[1]) / d * beyond)
        self._target[m.id] = target
        goal = self._hunting.get(m.id) or self._rescuing.get(m.id) or self._machine.get(m.id)
        aim = self.free_aim(m, aim, target, expected, match, req.dice, goal)
        return Throw(_clamp(aim, req.width, req.height), GIT_STRENGTH)

    def walk(self, m: Any, goal: Point, match: Any) -> RouteField:
        """The walking distance to ``goal`` round the terrain, for this git's base (kept while
        the terrain stays the same)."""
        radius = match.table.figure(m.id).radius
        key = (round(goal[0] * 2), round(goal[1] * 2), round(radius, 3), tuple(sorted(match.table.terrain)))
        field = self._routes.get(key)
        if field is None:
            if len(self._routes) > ROUTE_CACHE:
                self._routes.clear()
            field = self._routes[key] = RouteField(match.table, goal, radius)
        return field

    def free_aim(
        self,
        m: Any,
        aim: Point,
        target: Point,
        reach: float,
        match: Any,
        sides: tuple[int, ...] = (6, 6, 6),
        goal: str | None = None,
    ) -> Point:
        """The aim, of the straight one and FREE_DIRECTIONS round the git, whose dice are expected
        to bring the git nearest ``target`` by the walking route round the terrain.

        Each die pulls the git straight at where it lies and the dice scatter round the aim, so
        a direction is first judged by the table's own sweeps (bases, terrain, dice, the edge;
        caps are looted, they do not block) along it and FREE_SPREAD either side, each one
        average die's move (3.5") or the way to the aim if that is shorter. The best of those
        is then checked by previewing its whole throw (:meth:`preview_throw`: sampled throws of
        the real dice, walked in their best order). One with a die that would move the git
        nowhere (the first die walks it into a wall, a friend, and the rest lie behind it) gives
        way to the best preview of every direction, as far out as the aim and FREE_NEAR out:
        each screened by one previewed throw, the SCREEN_KEEP best previewed in full (screening
        made heuristic matches 2.6x faster for the same share of dice that went nowhere, 9.0%
        over 80 Quick Starts either way, 2026-12-05). Every aim is first kept on the table
        (:meth:`kept_on_table`). The straight aim is kept unless another is expected to gain
        FREE_GAIN more.
        """
        p = match.position(m.id)
        aim = self.kept_on_table(aim, match)
        step = min(3.5, max(_dist(p, aim), 1.0))
        route = self.walk(m, target, match)
        here = route.distance(p)
        if not math.isfinite(here):
            return aim

        def score(angle: float) -> float:  # progress along the route, then any movement at all
            total = 0.0
            for a in (angle - FREE_SPREAD, angle, angle + FREE_SPREAD):
                r = match.table.sweep(m.id, direction=(math.cos(a), math.sin(a)), distance=step, stop_kinds=FREE_KINDS)
                there = route.distance(r.end)
                total += (here - there if math.isfinite(there) else -step) + 0.1 * r.travelled
            return total / 3

        straight = math.atan2(aim[1] - p[1], aim[0] - p[0])
        out = max(_dist(p, aim), FREE_IN)
        scored: list[tuple[float, int, Point]] = [(score(straight) + FREE_GAIN, 0, aim)]
        for k in range(1, FREE_DIRECTIONS):
            angle = straight + 2 * math.pi * k / FREE_DIRECTIONS
            cand = self.kept_on_table((p[0] + math.cos(angle) * out, p[1] + math.sin(angle) * out), match)
            scored.append((score(angle), k, cand))
        scored.sort(key=lambda t: (-t[0], t[1]))
        first = scored[0][2]
        progress, wasted = self.preview_throw(m, first, sides, route, match, goal)
        if wasted <= 0.0:
            return first
        best, best_score = first, progress - WASTED_IN * wasted + (FREE_GAIN if scored[0][1] == 0 else 0.0)
        near = min(FREE_NEAR, out)
        screened: list[tuple[float, int, Point]] = []
        seen = {(round(first[0], 2), round(first[1], 2))}
        for _sc, k, cand in scored[1:]:
            angle = math.atan2(cand[1] - p[1], cand[0] - p[0])
            for at in (cand, self.kept_on_table((p[0] + math.cos(angle) * near, p[1] + math.sin(angle) * near), match)):
                key = (round(at[0], 2), round(at[1], 2))
                if key in seen:
                    continue  # (aims moved in from the edge can meet)
                seen.add(key)
                progress, wasted = self.preview_throw(m, at, sides, route, match, goal, throws=1)
                screened.append((progress - WASTED_IN * wasted + (FREE_GAIN if k == 0 else 0.0), k, at))
        screened.sort(key=lambda t: -t[0])
        for _v, k, at in screened[:SCREEN_KEEP]:
            progress, wasted = self.preview_throw(m, at, sides, route, match, goal)
            v = progress - WASTED_IN * wasted + (FREE_GAIN if k == 0 else 0.0)
            if v > best_score + 1e-9:
                best, best_score = at, v
        return best

    def kept_on_table(self, aim: Point, match: Any) -> Point:
        """``aim``, moved in from the table's edges (KEEP_STEP at a time) until a move die thrown
        at it is lost past an edge no more often than LOST_OK (the table's ``lost_chance``, from
        the boss's own hand): "Any dice lost over the edge of the world are gone", and a lost
        move die moves the git nowhere. Before this, 72% of the heuristic's Quick Start move dice
        that went nowhere were thrown off the table (803 of 1110 in 80 matches, 2026-12-05),
        mostly walking away from guns towards an edge; aims just inside the boss's own edge lose
        dice too, the touchdown falling short of them."""
        table = match.table
        w, h = table.width, table.height
        x, y = min(max(aim[0], 0.0), w), min(max(aim[1], 0.0), h)
        limit = min(w, h) / 2
        margin = 0.0
        while margin < limit:
            q = (min(max(x, margin), w - margin), min(max(y, margin), h - margin))
            if table.lost_chance(match.hand_point(self.boss, q), q, GIT_STRENGTH) <= LOST_OK:
                return q
            margin += KEEP_STEP
        return (w / 2, h / 2)

    def preview_throw(
        self,
        m: Any,
        aim: Point,
        sides: tuple[int, ...],
        route: RouteField,
        match: Any,
        goal: str | None = None,
        throws: int = PREVIEW_THROWS,
    ) -> tuple[float, float]:
        """A throw at ``aim`` previewed without throwing: PREVIEW_THROWS throws of the move dice
        (up to ORDER_DEPTH of them), each die lying where the table's own landing spread puts it
        (its sigmas along and across the throw from the boss's hand, from PREVIEW_DRAWS), dropped
        before anything it is thrown over and cannot clear (the table's ``flight_rest``), with
        its face drawn too; each throw walked in its best order, every die of it (a walk to a
        fallen friend or a machine must end against it, after the dice past it or to one side;
        ending against its ``goal``, or in a fight with it, earns REACHED_IN). Returns the mean
        over the throws of that order's progress along ``route`` (inches) and of its dice that
        would move the git nowhere. Replaced (2026-12-05)
        three dice of average value at fixed spots, which never saw a die of a 1 or a 6 and
        could not tell a throw that scatters past a friend from one that does not."""
        here = route.distance(match.position(m.id))
        total_progress, total_wasted = 0.0, 0.0
        previewed = self.preview_dice(aim, sides, match, throws)
        for dice in previewed:
            best: tuple[float, float] = (-math.inf, 0.0)
            # every die used ("You have to use all your move dice"): the git must end
            # against the friend or machine it walks to, dice past it or to one side included
            for plan in self.walk_orders(m, dice, match, goal, stop_at_goal=False):
                there = route.distance(plan.end)
                progress = here - there if math.isfinite(there) else -3.5
                last = plan.last_contact
                if goal is not None and last is not None and last.thing.id == goal:
                    progress += REACHED_IN  # ended against it (or in a fight with it): what it came for
                if progress - WASTED_IN * plan.wasted > best[0] - WASTED_IN * best[1]:
                    best = (progress, plan.wasted)
            total_progress += best[0]
            total_wasted += best[1]
        return total_progress / len(previewed), total_wasted / len(previewed)

    def preview_dice(
        self, aim: Point, sides: tuple[int, ...], match: Any, throws: int = PREVIEW_THROWS
    ) -> list[list[tuple[str | None, Point, float]]]:
        """The PREVIEW_THROWS throws :meth:`preview_throw` walks: for each, up to ORDER_DEPTH
        dice as (None, where it lies, its face), from PREVIEW_DRAWS and the table's own landing
        spread for a throw from the boss's hand at ``aim``; a die thrown over something taller
        than it drops before it (``flight_rest``)."""
        table = match.table
        hand = match.hand_point(self.boss, aim)
        d = _dist(hand, aim) or 1.0
        ux, uy = (aim[0] - hand[0]) / d, (aim[1] - hand[1]) / d
        along, across = table.landing_spread(hand, aim, GIT_STRENGTH)
        w, h = table.width, table.height
        out: list[list[tuple[str | None, Point, float]]] = []
        for draws in PREVIEW_DRAWS[:throws]:
            dice: list[tuple[str | None, Point, float]] = []
            for (a, b, f), n in zip(draws, sides[:ORDER_DEPTH], strict=False):
                da, db = a * along, b * across
                at = _clamp((aim[0] + ux * da - uy * db, aim[1] + uy * da + ux * db), w, h)
                stopped = table.flight_rest(hand, at, GIT_STRENGTH, n)
                face = float(min(n, 1 + int(f * n)))
                dice.append((None, _clamp(stopped, w, h) if stopped is not None else at, face))
            out.append(dice)
        return out

    def is_free(self, m: Any, aim: Point, match: Any) -> bool:
        """Whether dice thrown at ``aim`` land where the git can walk: its base sweeps FREE_IN
        (or the way to the aim, if shorter) along the aim's direction and FREE_SPREAD either
        side without meeting a base, a wall or a die."""
        p = match.position(m.id)
        step = min(FREE_IN, max(_dist(p, aim), 0.5))
        straight = math.atan2(aim[1] - p[1], aim[0] - p[0])
        for a in (straight - FREE_SPREAD, straight, straight + FREE_SPREAD):
            r = match.table.sweep(m.id, direction=(math.cos(a), math.sin(a)), distance=step, stop_kinds=FREE_KINDS)
            if r.travelled < step - 1e-6:
                return False
        return True

    def detour(self, m: Any, target: Point, stuck: int, match: Any) -> Point:
        """A point DETOUR_IN off to one side of the way to ``target`` (alternating sides, and the
        side with the longer clear sweep first), to get round whatever blocked the last scoot."""
        p = match.position(m.id)
        d = _dist(p, target) or 1.0
        ux, uy = (target[0] - p[0]) / d, (target[1] - p[1]) / d
        sides = []
        for sgn in (1.0, -1.0):
            q = _clamp(
                (p[0] - uy * sgn * DETOUR_IN, p[1] + ux * sgn * DETOUR_IN), match.table.width, match.table.height
            )
            room = match.table.sweep(m.id, toward=q, distance=DETOUR_IN).travelled
            sides.append((room, sgn, q))
        sides.sort(key=lambda x: -x[0])
        return sides[(stuck - 1) % 2][2]

    def order_move_die(self, req: OrderMoveDie, match: Any) -> Any:
        """The first die of the best whole order of the dice left (each order walked with the
        table's own sweeps): a die taken now can leave the git against a wall, a friend or a
        die with the rest of the dice behind it, so every order is judged to its end — loot,
        the first bump, where the git ends against the goal, and each die that would move it
        nowhere (WASTED_IN inches each: a move spent and, to watchers, a git that stood still)."""
        m = match.models[req.model]
        caps = self.caps(match)
        target = self._target.get(m.id)
        machine = self._machine.get(m.id)
        rescue = self._rescuing.get(m.id)
        to_target = (
            machine is not None
            or self._escaping.get(m.id)
            or m.id in self._rescuing
            or m.id in self._hunting
            or m.id in self._firing
        ) and target is not None
        dice = [(d, match.table.die(d).position, float(match.table.die(d).value)) for d in req.options]
        best, best_score = req.options[0], -math.inf
        for plan in self.walk_orders(m, dice, match, rescue or machine, stop_at_goal=False):
            c = plan.first_contact
            score = 100.0 * len(plan.looted) - WASTED_IN * plan.wasted
            if c is not None and c.thing.kind == Kind.FIGURE and c.thing.id in match.models:
                o = match.models[c.thing.id]
                if o.boss != self.boss and o.standing:
                    score += 5.0 if m.tower.height <= 3 else -15.0
            elif machine is not None and c is not None and c.thing.id == machine:
                score += 50.0  # at the machine: boot it next
            last = plan.last_contact
            if last is not None and rescue is not None and last.thing.id == rescue:
                score += 50.0  # ending against the fallen friend: boot it up next
            end = plan.end
            rest = [cp for cid, cp in match.table.tokens.items() if cid not in plan.looted]
            if to_target:
                assert target is not None
                score -= _dist(end, target)
            elif rest:
                score -= min(_dist(end, cp) for cp in rest)
            elif target is not None and not caps:
                score -= _dist(end, target)
            if score > best_score:
                best, best_score = plan.first, score
        return best

    def walk_orders(
        self,
        m: Any,
        dice: list[tuple[str | None, Point, float]],
        match: Any,
        goal: str | None = None,
        stop_at_goal: bool = True,
    ) -> list[Plan]:
        """Every order of ``dice`` (id or None for a die not yet thrown, where it lies, its
        value) walked with the table's sweeps from the git's base, used dice out of the way:
        a cap bumped is looted (the die ends there), a standing enemy bumped is a fight (the
        scoot ends), anything else stops that die; reaching ``goal`` (the fallen friend or
        machine the git walks to) ends the walk: what it came for. Orders share their walked prefixes; past
        ORDER_DEPTH dice the rest are left unwalked (a six-dice throw has 720 orders)."""
        radius = match.table.figure(m.id).radius
        out: list[Plan] = []
        foes = {e.id for e in self.enemies(match)}

        def go(pos: Point, left: list[tuple[str | None, Point, float]], used: tuple[str, ...], plan: Plan) -> None:
            if not left or plan.depth >= ORDER_DEPTH:
                out.append(plan.done(pos))
                return
            for k, (did, at, value) in enumerate(left):
                reach = value if did is not None else min(value, max(0.0, _dist(pos, at) - radius - DIE_HALF_IN))
                r = match.table.sweep(m.id, toward=at, distance=reach, start=pos, ignore=used + plan.looted)
                c = r.contact
                nxt = plan.step(did, c, r.travelled < 0.1 and (c is None or c.thing.kind != Kind.TOKEN))
                if c is not None and c.thing.kind == Kind.TOKEN:
                    nxt = nxt.loot(c.thing.id)
                rest = left[:k] + left[k + 1 :]
                if c is not None and (
                    (stop_at_goal and c.thing.id == goal) or (c.thing.kind == Kind.FIGURE and c.thing.id in foes)
                ):
                    out.append(nxt.done(r.end))  # at the goal, or a fight: the scoot ends
                    continue
                go(r.end, rest, used + ((did,) if did is not None else ()), nxt)

        go(match.position(m.id), list(dice), (), Plan())
        return out

    def care(self, req: ChooseCare, match: Any) -> Any:
        """How carefully to carry the tower: hurried while it is 2 dice or shorter (a 5% fall a
        scoot), normal to 4, careful above; after the siren careful from 3. A git walking to a
        fallen friend is never hurried: its walk ends in a bump into the friend, and a rescuer
        that falls on arrival leaves two gits down (issue 27: 11 of the 27 derby falls not booted
        within two activations, 80 heuristic mirrors, had a rescuer fall on its way or at the
        friend; carried normally, booted within two went 59% -> 68%, 2026-12-05)."""
        m = match.models[req.model]
        h = m.tower.height
        if match.siren:
            return "careful" if h >= 3 else "normal"
        if h <= 2 and m.id not in self._rescuing:
            return "hurried"
        if h <= 4:
            return "normal"
        return "careful"

    def guns(self, req: ChooseGuns, match: Any) -> Any:
        m = match.models[req.model]
        t = self.shot_target(m, match)
        tough = t.toughness if t is not None else 3
        return max(
            req.options,
            key=lambda opt: sum(
                effects.gun_worth(match.rules.weapons[g], expected_damage(match.rules.weapons[g], tough)) for g in opt
            ),
        )

    def order_bullet(self, req: OrderBullet, match: Any) -> Any:
        return req.options[0]

    # ------------------------------------------------------------------ fights

    def fight_throw(self, req: Choice, match: Any) -> str:
        """A mixed strategy: best response to the opponent's habits, sampled with temperature."""
        total = sum(self.seen_throws.values())
        opp = {t: (self.seen_throws[t] + 1) / (total + 3) for t in ("thump", "shove", "pinch")}
        # situational value of each throw landing: a pinch is worthless against an empty stash
        their_stash = 1
        for b in match.bosses:
            if b.index != self.boss and not b.out:
                their_stash = b.stash
        value = {"thump": 1.0, "shove": 0.8, "pinch": 0.9 if their_stash > 0 else 0.0}
        util = {}
        for mine in ("thump", "shove", "pinch"):
            u = 0.0
            for theirs, p in opp.items():
                if BEATS[theirs] == mine:
                    u -= p * 1.0  # cancelled, and theirs lands
                elif BEATS[mine] == theirs:
                    u += p * (value[mine] + 0.5)
                else:
                    u += p * value[mine] * 0.6
            util[mine] = u
        # best response, softened and mixed with a uniform third so no fixed counter-strategy can farm it
        w = np.array([math.exp(util[t] / 0.5) for t in ("thump", "shove", "pinch")])
        w = 0.6 * w / w.sum() + 0.4 / 3
        return ("thump", "shove", "pinch")[int(self.rng.choice(3, p=w))]


def _clamp(p: Point, w: float, h: float) -> Point:
    return (min(max(p[0], 0.2), w - 0.2), min(max(p[1], 0.2), h - 0.2))


def best_reboot_dice(options: tuple[int, ...]) -> int:
    """n maximising P(at least two 5+ and no 1s) = (5/6)^n - (1/2)^n - n (1/3) (1/2)^(n-1)."""

    def p(n: int) -> float:
        return (5 / 6) ** n - 0.5**n - n * (1 / 3) * 0.5 ** (n - 1)

    return max(options, key=p)

"""Combat, rules part 2: shooting, fighting, damage, explosions, exploding barrels and cover.

Rulebook sections: Shooting (line of fire, low objects, jams, cover), Fighting, Damage,
Explode (x), Terrain → Exploding Barrels, Weapons (Hands, Headbutt). Weapon and gear special
rules are asked of :mod:`.effects` at the moments the rulebook names; this module never
tests an item's name.

Interpretations (also in docs/rules.md):
* Barrels are low terrain: a line of fire passes over them unless the cover rule would
  apply, in which case the first barrel crossed is hit instead and explodes (6).
* Explosion "bullets" ignore dice, caps, towers and fallen gits (as printed) but are
  stopped by terrain of any height, so barrels in a blast explode in turn. Chains resolve
  breadth-first (barrels in the order they were hit), each barrel once.
* In a fight, the passive model's effect still happens after the active one's unless the
  passive model was knocked over (a fallen git cannot thump, shove or pinch).
* A fight that has gone 50 rounds fizzles out (the gits stagger apart); it never happens
  with real choices but keeps two stubborn pinchers from looping forever.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Generator, Sequence
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from ..data.dice import face_from_physical, parse_dice, roll
from ..data.rules_data import Weapon
from ..physics.table import Kind, LineHit, LineResult, Thing
from . import effects
from . import events as ev
from .decisions import AimThrow, ChooseGuns, FightThrow, GearChoice, OrderBullet, SplitOdd, Throw
from .effects import hands_for, hands_of
from .odds import exact_p_at_least as exact_p_at_least  # (re-exported: its old home)
from .state import Model, Point, clockwise_from, thing_label

if TYPE_CHECKING:
    from .ops import MatchOps as Match  # combat moves gits (shoves) and vehicles smash: the narrow match

Flow = Generator[Any, Any, Any]
BEATS = {"shove": "thump", "pinch": "shove", "thump": "pinch"}  # key beats (cancels) value
MAX_FIGHT_ROUNDS = 50


class GunReach(NamedTuple):
    """How far one gun shoots as this model fires it (what a player measures before shooting)."""

    weapon: str  # the weapon's id
    name: str
    range_in: float  # the book's range with this model's gear (an Overly Long Gun Barrel: +8")
    straight: bool  # its bullets fly the straight line of fire (False: a special resolves them: Lob, Gout…)


class Combat:
    def __init__(self, match: Match) -> None:
        self.match = match
        self.exploded: set[str] = set()
        self.fights = 0  # fights so far (a "once per fight" is keyed by it)
        self.shover: Model | None = None  # who is shoving now (a shove into terrain is their damage)
        self.smash_rerolled: set[tuple[int, str]] = set()

    # ------------------------------------------------------------------ weapons and hands

    def gun_options(self, m: Model) -> list[tuple[str, ...]]:
        """Legal gun choices: any set of ready guns whose hands fit (one gun, or two one-handers;
        Strong holds a 2-hander in one hand, Bionic Arm one of them, Extra Arm adds a hand)."""
        guns = [w for w in m.weapons if w.kind == "shooting" and effects.gun_ready(m, w)]
        return sorted({tuple(w.id for w in combo) for combo in self._fitting(m, guns)})

    def _fitting(self, m: Model, weapons: list[Weapon]) -> list[tuple[Weapon, ...]]:
        """Every non-empty set of ``weapons`` this git can use in one action: the same hands rule
        for shooting and thumping ("A git can use two of these in the same fight, or shoot action")."""
        rules = self.match.rules
        have = hands_of(m.spec, rules)
        out = []
        for k in range(1, len(weapons) + 1):
            for combo in combinations(weapons, k):
                if hands_for([w.id for w in combo], m.spec, rules) <= have:
                    out.append(combo)
        return out

    def can_shoot(self, m: Model) -> bool:
        return m.standing and bool(self.gun_options(m))

    # ------------------------------------------------------------------ asked, never changing anything

    def gun_reach(self, m: Model, weapon_ids: Sequence[str] | None = None) -> list[GunReach]:
        """Each gun's reach as ``m`` fires it: the weapons ``weapon_ids`` (a git aboard fires its
        own guns from the vehicle), else every shooting weapon ``m`` carries and every gun bolted
        on it, ready or not. Read-only: the hot-seat draws it (a player measures range on a real
        table before throwing; the window measured nothing and shots were thrown blind)."""
        own = [w for w in m.weapons if w.kind == "shooting"] + [mt.weapon for mt in m.mounts]
        if weapon_ids is None:
            guns = own
        else:
            known = {**self.match.rules.weapons, **{w.id: w for w in own}}
            guns = [known[i] for i in weapon_ids if i in known and known[i].kind == "shooting"]
        seen: set[str] = set()
        out = []
        for w in guns:
            if w.id in seen:
                continue
            seen.add(w.id)
            out.append(GunReach(w.id, w.name, effects.weapon_range(m, w), effects.bullet_resolver(w) is None))
        return out

    def preview_shot(self, m: Model, toward: Point, range_in: float) -> tuple[LineResult, LineHit | None]:
        """The line of fire a bullet die at ``toward`` would fly, and what it would strike first,
        asked without resolving anything: the very line :meth:`resolve_bullet` resolves. Not
        included: a natural 1 (a jam), a weapon whose special resolves its bullets (Lob, Gout,
        Grappling Hook) and a bolted gun's arc (ask :meth:`misses_arc` of what it strikes)."""
        line = self.match.table.line_of_fire(m.id, toward, range_in)
        return line, self._struck(line)

    def misses_arc(self, m: Model, arc: str | None, struck: LineHit | None) -> bool:
        """Whether a bolted gun firing into ``arc`` (None: a gun that is not bolted on) misses
        because the first thing its bullet strikes lies outside that arc ("If the first thing the
        bullet strikes is outside of the … arc, it misses"). :meth:`resolve_bullet` asks it, and
        so does the hot-seat's preview of a shot: the window says what the rule then does."""
        return arc is not None and struck is not None and not self.match.in_arc(m, arc, struck.point)

    def _struck(self, line: LineResult) -> LineHit | None:
        """The first thing a line of fire strikes: the first that is not low, except that a barrel
        crossed on the way to a git takes the hit (it would give cover: it is hit and explodes)."""
        hit = line.hit
        barrels = [h for h in line.crossed_low if h.thing.kind == Kind.TERRAIN and self.is_barrel(h.thing.id)]
        return barrels[0] if hit is not None and hit.thing.kind == Kind.FIGURE and barrels else hit

    def thump_weapons(self, m: Model, toughness: int) -> list[Weapon]:
        """The fighting weapons a git thumps with: the best set whose hands fit (the same rule as
        for shooting: :meth:`_fitting`), else its headbutt (or free fighting weapon)."""
        fighting = [w for w in m.weapons if w.kind == "fighting" and not w.innate]
        innate = [w for w in m.weapons if w.kind == "fighting" and w.innate]
        head = self.headbutt(m)
        candidates: list[list[Weapon]] = [list(combo) for combo in self._fitting(m, fighting)]
        candidates += [[w] for w in innate] + [[head]]
        return max(candidates, key=lambda ws: sum(expected_damage(w, toughness) for w in ws))

    # ------------------------------------------------------------------ damage

    def damage(self, target: Model, amount: int, source: str, kind: str = "other", by: Model | None = None) -> Flow:
        """Each point of damage is a die on the target's tower, stacked by its own boss.

        ``kind`` ("shot", "blast", "fight", "other") is what effects that stop some damage ask
        (a cooking pot on the head stops shots and blasts). ``by``: the model that dealt it (or
        caused it: a shove into a wall, a bomb's blast, a fuel can) — dice an opponent gives can
        be refused (campaign rules: Bollocks to It), and the log names the dealer."""
        if amount <= 0 or not target.in_play:
            return
        amount = effects.damage_taken(target, kind, amount)
        rolled = effects.absorb(self.match, target, amount)  # dice rolled to stop some (a Force Field)
        if rolled < amount:
            source += f"; {amount - rolled} stopped"
            amount = rolled
        if by is not None and by.boss != target.boss:
            amount = self.bollocks_to_it(target, amount)
        dealer = None if by is None else by.id
        if amount <= 0:
            self.match.emit(ev.Damaged(target.id, 0, source, dealer))
            return
        self.match.emit(ev.Damaged(target.id, amount, source, dealer))
        if target.standing:  # a fallen git has no tower and gets no tower dice
            yield from self.match.add_tower_dice(target, amount, "damage")

    def bollocks_to_it(self, target: Model, amount: int) -> int:
        """ "When an opponent gives you some dice to add to your tower, you can roll them before
        stacking them. If any dice rolls under your attitude, you can say bollocks to it and
        discard it. This also works if you are the driver of a vehicle that takes damage."
        (A vehicle's spec is its driver's.) Always worth it, so always done; an attitude of 1
        (every git outside a campaign) can roll nothing under it, so nothing is rolled."""
        attitude = target.spec.attitude
        if attitude <= 1 or amount <= 0:
            return amount
        rolls = roll(parse_dice(f"{amount}D6"), self.match.rng("dice"))
        gone = sum(1 for r in rolls if r < attitude)
        self.match.emit(ev.BollocksToIt(target.id, attitude, list(rolls), gone))
        return amount - gone

    # ------------------------------------------------------------------ shooting

    def shoot(self, m: Model) -> Flow:
        """Pick guns, throw their bullet dice at once, resolve each in the boss's order. A gun
        whose special throws its dice its own way (Portal: one die at a time, entrance and
        exit) fires after the others, through its handler."""
        match = self.match
        guns = yield ChooseGuns(m.boss, tuple(self.gun_options(m)), "which guns?", m.id)
        yield from self.shoot_with(m, [match.rules.weapons[g] for g in guns], None)

    def shoot_with(self, m: Model, weapons: list[Weapon], arc: str | None) -> Flow:
        """Fire these guns from model ``m`` (a git, or a vehicle for a git aboard). ``arc``: a
        bolted gun hits only what lies in that arc of the vehicle (None: anywhere)."""
        match = self.match
        throwers = [effects.own_thrower(w) for w in weapons]
        own = [(w, h) for w, h in zip(weapons, throwers, strict=True) if h is not None]
        dice: list[int] = []
        owner: list[Weapon] = []
        for w, h in zip(weapons, throwers, strict=True):
            if h is not None:
                continue
            for sides in w.dice.dice:
                dice.append({3: 6}.get(sides, sides))
                owner.append(w)
        if dice:
            thrown = yield AimThrow(m.boss, m.id, "bullet", tuple(dice), match.table.width, match.table.height)
        effects.on_fired(m, weapons)
        if dice:
            thrown_dice = yield from match.throw(m.boss, m.id, "bullet", tuple(dice), thrown, keep_lost=True)
            if m.in_play:  # (a stray bullet die may have toppled a Rigged shooter)
                thrown_dice = yield from match.rerolls(m, "bullet", thrown_dice)  # an Ammo Box nearby
                thrown_dice = yield from effects.after_bullet_throw(match, m, thrown_dice)  # the Green Wing
            if m.in_play:  # Snazzy Underlighting on an enemy vehicle: dice near it may be re-rolled
                thrown_dice = yield from effects.enemy_bullets_landed(match, m, thrown_dice)
            weapon_of = {d[0]: w for d, w in zip(thrown_dice, owner, strict=False)}
            bullets = {d[0]: d for d in thrown_dice if d[3] is not None and match.table.has_die(d[0])}
            # "If any bullet dice rolls a natural 1, it is discarded without being resolved": a
            # jam is discarded as the dice land (after any re-roll), not offered for ordering.
            # (A weapon whose special resolves its bullets decides what its 1 does: Lob's blows.)
            jammed = [
                k for k, d in bullets.items() if effects.bullet_resolver(weapon_of[k]) is None and effects.jams(m, d[2])
            ]
            for die_id in jammed:
                _, _sides, value, _pos = bullets.pop(die_id)
                yield from self.resolve_bullet(m, weapon_of[die_id], die_id, value, arc)  # (logs the jam)
                match.discard_die(die_id)
            while m.in_play:
                bullets = {k: d for k, d in bullets.items() if match.table.has_die(k)}  # (a tumble knocked one off)
                if not bullets:
                    break
                die_id = yield OrderBullet(m.boss, tuple(bullets), "which bullet next?", m.id)
                _, sides, value, pos = bullets.pop(die_id)
                yield from self.resolve_bullet(m, weapon_of[die_id], die_id, value, arc)
                match.discard_die(die_id)
            for die_id in bullets:
                match.discard_die(die_id)
        for w, h in own:
            if m.in_play:
                yield from h.shoot_with(self, m, w)
        effects.after_shoot(m, match)

    def resolve_bullet(self, m: Model, w: Weapon, die_id: str, value: int, arc: str | None = None) -> Flow:
        match = self.match
        match.advance(match.costs.bullet_s)
        special = effects.bullet_resolver(w)
        if special is not None:  # Lob, Gout, Grappling Hook: the weapon's special resolves it
            yield from special.resolve_bullet(self, m, w, die_id, value)
            return
        if effects.jams(m, value):  # a natural 1 jams: discarded without being resolved
            match.emit(ev.BulletResolved(m.id, w.name, die_id, value, True, None, None, False, 0, False))
            return
        value = effects.bullet_value(m, value)  # Damaged Weapon Mounts
        target_pos = match.table.die(die_id).position
        line, struck = self.preview_shot(m, target_pos, effects.weapon_range(m, w))
        seg = (line.start, line.end)
        hit = line.hit
        barrels = [h for h in line.crossed_low if h.thing.kind == Kind.TERRAIN and self.is_barrel(h.thing.id)]
        if self.misses_arc(m, arc, struck):
            # "If the first thing the bullet strikes is outside of the … arc, it misses"
            match.emit(ev.BulletResolved(m.id, w.name, die_id, value, False, seg, None, False, 0, False))
            return
        if hit is not None and hit.thing.kind == Kind.FIGURE and barrels:
            b = barrels[0]  # the barrel would give cover: it is hit instead, and explodes
            match.emit(
                ev.BulletResolved(m.id, w.name, die_id, value, False, seg, f"terrain:{b.thing.id}", False, 0, False)
            )
            yield from self.explode_barrels([b.thing.id], m)
            return
        if hit is None or hit.thing.kind != Kind.FIGURE or hit.thing.id not in match.models:
            label = None if hit is None else thing_label(hit.thing)
            match.emit(ev.BulletResolved(m.id, w.name, die_id, value, False, seg, label, False, 0, False))
            return
        yield from self.bullet_hits(m, w, die_id, value, seg, match.models[hit.thing.id], self.cover(line.crossed_low))

    def cover(self, crossed_low: tuple[LineHit, ...] | list[LineHit]) -> bool:
        """Low terrain crossed gives cover; a flat puddle (0" tall: Oil Slick, Toxic Waste) hides nothing."""
        table = self.match.table
        return any(
            h.thing.kind == Kind.TERRAIN
            and table.has_terrain(h.thing.id)
            and table.terrain_piece(h.thing.id).height_in > 0
            for h in crossed_low
        )

    def bullet_hits(
        self, m: Model, w: Weapon, die_id: str, value: int, seg: tuple[Point, Point], target: Model, cover: bool
    ) -> Flow:
        """A bullet of ``value`` hits a model: big damage if it meets its toughness (+1 in cover)."""
        match = self.match
        tough = effects.shot_toughness(target, target.toughness) + (1 if cover else 0)
        big = value >= tough
        dmg = effects.weapon_damage(m, w, big)
        match.emit(ev.BulletResolved(m.id, w.name, die_id, value, False, seg, f"figure:{target.id}", cover, dmg, big))
        yield from self.damage(target, dmg, f"shot by {m.name}", "shot", by=m)
        if big:
            yield from effects.on_big_damage(self, m, target, w)

    def is_barrel(self, terrain_id: str) -> bool:
        return self.explode_x(terrain_id) > 0

    def explode_x(self, terrain_id: str) -> int:
        """Explode (x) of a piece of terrain that blows up when hit (0: it does not)."""
        ttype = self.match.terrain_types.get(terrain_id)
        return 0 if ttype is None else effects.terrain_explodes(self.match.rules.terrain[ttype])

    def headbutt(self, m: Model) -> Weapon:
        """Every git can headbutt (the innate fighting weapon with no hands) with its own type's
        headbutt dice ("Headbutt: The dice you roll when they headbutt something"), as its
        effects make it (Skull Cap replaces the dice and damage)."""
        own = replace(self.match.rules.headbutt, dice=m.git.headbutt)
        return effects.headbutt(m, own)

    # ------------------------------------------------------------------ fighting

    def fight(self, active: Model, passive: Model) -> Flow:
        """A fight: simultaneous throws, active resolves first, repeat while in contact."""
        match = self.match
        self.fights += 1
        match.emit(ev.FightBroke(active.id, passive.id))
        rnd = 0
        shields_used: set[str] = set()
        while (
            active.standing and passive.standing and passive.id in match.touching(active.id) and rnd < MAX_FIGHT_ROUNDS
        ):
            rnd += 1
            throws = yield FightThrow(
                active.boss, (active.boss, passive.boss), (active.id, passive.id), ("thump", "shove", "pinch"), rnd
            )
            for who in (active, passive):  # Improvised Shield: "ask for a re-throw once per fight"
                if who.id not in shields_used and effects.rethrows_fight(who):
                    ask = yield GearChoice(who.boss, ("keep", "rethrow"), "ask for a re-throw?", who.id, "shield")
                    if ask == "rethrow":
                        shields_used.add(who.id)
                        throws = yield FightThrow(
                            active.boss,
                            (active.boss, passive.boss),
                            (active.id, passive.id),
                            ("thump", "shove", "pinch"),
                            rnd,
                        )
            match.advance(match.costs.fight_throw_s)
            ta, tp = throws
            happens = (self._happens(ta, tp, active, passive), self._happens(tp, ta, passive, active))
            if rnd == 1 and effects.stuns_first_round(active):  # "that enemy boss doesn't throw in the first round"
                happens = (True, False)
            match.emit(ev.FightRound(active.id, passive.id, rnd, (ta, tp), happens))
            for who, other, t, ok, theirs in (
                (active, passive, ta, happens[0], tp),
                (passive, active, tp, happens[1], ta),
            ):
                if not who.standing or not who.in_play or not other.in_play:
                    continue
                if ok:
                    yield from self._effect(who, other, t)
                elif t == "thump" and theirs == "shove" and effects.headbutt_when_shoved(who):
                    yield from self.thump(who, other, [self.headbutt(who)])

    def _happens(self, mine: str, theirs: str, who: Model, other: Model) -> bool:
        """Whether ``who``'s throw takes effect against ``other``'s. A thump beaten by a shove
        survives only when made with a weapon that says so ("Poke: When using this weapon…").
        A vehicle "cannot be shoved, and automatically cancels any shove thrown against it"."""
        if mine == "shove" and other.vehicle is not None:
            return False
        if theirs == "shove" and who.vehicle is not None and BEATS.get(theirs) == mine:
            return True  # the shove that would cancel a vehicle's smash is itself cancelled
        if BEATS.get(theirs) == mine:
            if mine != "thump":
                return False
            return effects.thump_survives_shove(who, self.thump_weapons(who, effects.thumped_toughness(other)))
        return True

    def _effect(self, who: Model, other: Model, throw: str) -> Flow:
        if throw == "thump" and who.vehicle is not None:  # "If the vehicle would thump, it smashes instead"
            head_on = self.match.table.front_contact(who.id, other.id)  # the git at its front: +1/+1
            speed = self.match.current_speed.get(who.id, 0)
            kept = self.match.roll_smash(who, other, speed, head_on, "fight")
            if effects.smash_rerolls(who) and (self.fights, who.id) not in self.smash_rerolled:
                ask = yield GearChoice(
                    who.boss, ("keep", "reroll"), f"keep {kept[0]} smash damage?", who.id, "smash_reroll"
                )
                if ask == "reroll":  # Sidesaws: the same smash, rolled again; the first roll is thrown away
                    self.smash_rerolled.add((self.fights, who.id))  # "once per fight"
                    kept = self.match.roll_smash(who, other, speed, head_on, "fight")
            dmg, _rolls, _t = self.match.settle_smash(who, other, speed, head_on, kept)
            yield from self.damage(other, dmg, f"smashed by {who.name}", "fight", by=who)
        elif throw == "thump":
            yield from self.thump(who, other, self.thump_weapons(who, effects.thumped_toughness(other)))
        elif throw == "shove":
            yield from self.shove(who, other)
            if who.standing and other.in_play:
                yield from effects.after_shove(self, who, other)  # The Fuzz
        else:
            steal = effects.pinch_caps(who)  # a Wooden Hand steals nothing
            n = self.match.take_cap(other.boss, who.boss, steal) if steal > 0 else 0
            self.match.emit(ev.Pinched(who.id, other.id, n))

    def thump(self, who: Model, other: Model, weapons: list[Weapon], toughness_bonus: int = 0) -> Flow:
        rng = self.match.rng("dice")
        tough = effects.thumped_toughness(other) + toughness_bonus
        rolls: list[int] = []
        total = 0
        bigs: list[Weapon] = []
        table_rolls: list[int] | None = None
        if not self.match.options.get("dice_tray", True):
            table_rolls = yield from self._thump_on_table(who, other, weapons)
        for w in weapons:
            pool = w.dice
            values = [table_rolls.pop(0) for _ in pool.dice] if table_rolls is not None else roll(pool, rng)
            for v in values:
                rolls.append(v)
                big = v >= tough
                total += effects.weapon_damage(who, w, big)
                if big:
                    bigs.append(w)
        total = effects.fight_damage(who, total)
        self.match.emit(ev.Thumped(who.id, other.id, [w.name for w in weapons], rolls, tough, total))
        yield from self.damage(other, total, f"thumped by {who.name}", "fight", by=who)
        for w in {x.id: x for x in bigs}.values():
            yield from effects.on_big_damage(self, who, other, w, in_fight=True, toughness_bonus=toughness_bonus)

    def _thump_on_table(self, who: Model, other: Model, weapons: list[Weapon]) -> Flow:
        """Scenario option dice_tray: false — thump dice are thrown onto the table at the fight
        (where stray ones can knock towers), read, and removed."""
        match = self.match
        sides = [s for w in weapons for s in w.dice.dice]
        phys = tuple({3: 6}.get(s, s) for s in sides)
        target = match.position(other.id)
        thrown = yield from match.throw(who.boss, who.id, "thump", phys, Throw(target, 0.3), keep_lost=True)
        values = [face_from_physical(s, d[2]) for s, d in zip(sides, thrown, strict=False)]
        for d in thrown:
            match.discard_die(d[0])
        return values

    def shove(self, who: Model, other: Model, distance_in: float = 3.0, reason: str = "shove") -> Flow:
        """The other git is moved directly away by its own boss, tower and all. A shover with a
        Hook Hand may instead move itself "in any direction"."""
        match = self.match
        if reason == "shove" and effects.shoves_self(who):
            how = yield GearChoice(who.boss, ("push", "self"), "shove them, or hook yourself away?", who.id, "hook")
            if how == "self":
                aim = yield AimThrow(who.boss, who.id, "direction", (), match.table.width, match.table.height)
                match.advance(match.costs.shove_s)
                yield from match.move(
                    who, distance_in, "normal", toward=aim.aim, reason="hook", ignore=[other.id], tower_motion="shove"
                )
                return
        a = match.position(who.id)
        b = match.position(other.id)
        d = (b[0] - a[0], b[1] - a[1])
        if math.hypot(*d) < 1e-9:
            d = (1.0, 0.0)
        match.advance(match.costs.shove_s)
        self.shover = who
        try:
            yield from match.move(
                other, distance_in, "normal", direction=d, reason=reason, ignore=[who.id], tower_motion="shove"
            )
        finally:
            self.shover = None

    def bumped_terrain(self, m: Model, terrain_id: str, shoved: bool) -> Flow:
        """Shoved into terrain: 1 damage ("If they are shoved into some terrain, they suffer 1
        damage"). Only a Shove: other pushes (Jolt's 3") are moves that stop at the terrain
        (docs/rules.md, interpretations)."""
        if shoved:
            where = self.match.terrain_types.get(terrain_id, "terrain")
            yield from self.damage(m, 1, f"shoved into {where}", by=self.shover)

    # ------------------------------------------------------------------ explosions

    def explode(
        self,
        origin: str,
        position: tuple[float, float],
        x: int,
        from_model: str | None = None,
        radius_in: float = 0.0,
        by: Model | None = None,
    ) -> Flow:
        """Explode (x): xD6 split among bosses in play, thrown in turn, each a 1/3 'bullet'.
        ``by``: the model that caused it (a bomb's thrower, the exploding model, a mine's
        dropper, who shot a barrel): its blasts are that model's damage.

        An exploding model (already off the table) of base radius ``radius_in`` blasts from the
        edge of its base towards each die, as measuring is "from anywhere on the base"."""
        match = self.match
        playing = [b.index for b in match.bosses if not b.out]
        if not playing or x <= 0:
            return
        active = match.current_boss if match.current_boss in playing else playing[0]
        n = len(playing)
        shares = {b: x // n for b in playing}
        odd = x % n
        chosen: list[int] = []
        while odd > 0:
            opts = tuple(match.bosses[b].name for b in playing if b not in chosen)
            name = yield SplitOdd(active, opts, f"who gets odd explosion die {len(chosen) + 1}?", odd)
            b = next(i for i in playing if match.bosses[i].name == name)
            chosen.append(b)
            shares[b] += 1
            odd -= 1
        match.emit(ev.Exploded(origin, position, x, {match.bosses[b].name: k for b, k in shares.items()}))
        order = [b for b in clockwise_from(len(match.bosses), active) if b in playing]
        queue: deque[str] = deque()
        for b in order:
            k = shares[b]
            if k == 0:
                continue
            thrown = yield AimThrow(
                b, from_model or origin, "explosion", (6,) * k, match.table.width, match.table.height
            )
            landed = yield from match.throw(b, from_model or origin, "explosion", (6,) * k, thrown)
            for die_id, _sides, value, _pos in landed:
                if not match.table.has_die(die_id):
                    continue
                hit_barrel = yield from self._blast_die(origin, position, die_id, value, from_model, radius_in, by)
                if hit_barrel:
                    queue.append(hit_barrel)
                match.discard_die(die_id)
        if queue:
            yield from self.explode_barrels(list(queue), by)

    def _blast_die(
        self,
        origin: str,
        position: tuple[float, float],
        die_id: str,
        value: int,
        from_model: str | None,
        radius_in: float = 0.0,
        by: Model | None = None,
    ) -> Flow:
        match = self.match
        target = match.table.die(die_id).position
        start = position
        exclude = [origin] + ([from_model] if from_model else [])
        if match.table.has_terrain(origin):
            start = match.table.terrain_edge_point(origin, target)
        elif radius_in > 0:  # from the edge of the exploding model's base, towards the die
            dx, dy = target[0] - position[0], target[1] - position[1]
            d = math.hypot(dx, dy)
            if d > 1e-9:  # (a die that landed under the base still points the way out)
                ux, uy = dx / d, dy / d
                start = (position[0] + ux * radius_in, position[1] + uy * radius_in)
                target = (start[0] + ux, start[1] + uy)

        def passes(thing: Thing, _low: bool) -> bool:
            if thing.kind in (Kind.DIE, Kind.TOKEN, Kind.TOWER):
                return True
            if thing.kind == Kind.TERRAIN and match.table.terrain_piece(thing.id).crossable:
                return True  # a puddle or a scrap pile does not stop a blast
            return (
                thing.kind == Kind.FIGURE and match.models.get(thing.id) is not None and match.models[thing.id].fallen
            )

        line = match.table.trace(start, target, float(value), passes, exclude=exclude)
        hit = line.hit
        if hit is None:
            match.emit(ev.BlastResolved(origin, die_id, value, (line.start, line.end), None, 0))
            return None
        label = thing_label(hit.thing)
        if hit.thing.kind == Kind.TERRAIN:
            match.emit(ev.BlastResolved(origin, die_id, value, (line.start, line.end), label, 0))
            if self.is_barrel(hit.thing.id) and hit.thing.id not in self.exploded:
                return hit.thing.id
            return None
        t = match.models.get(hit.thing.id)
        if t is None:
            return None
        dmg = 3 if value >= t.toughness else 1
        match.emit(ev.BlastResolved(origin, die_id, value, (line.start, line.end), label, dmg))
        if origin in match.models:
            source = match.models[origin].name
        elif origin in match.terrain_types:  # a barrel: said as a player says it, never its id
            source = ev.terrain_phrase(match.rules.terrain[match.terrain_types[origin]].name, only=False)
        else:
            source = "an explosion"
        yield from self.damage(t, dmg, f"caught in the blast of {source}", "blast", by=by)
        return None

    def explode_barrels(self, barrels: list[str], by: Model | None = None) -> Flow:
        """Barrels explode (6) in the order hit; each once; chains breadth-first. ``by``: who
        set them off (a shooter, a driver's vehicle), whose damage their blasts are."""
        queue = deque(b for b in barrels if b not in self.exploded)
        while queue:
            b = queue.popleft()
            if b in self.exploded or not self.match.table.has_terrain(b):
                continue
            self.exploded.add(b)
            pos = self.match.table.terrain_centre(b)
            x = self.explode_x(b)
            before = set(self.exploded)
            yield from self.explode(b, pos, x, by=by)
            self.match.table.remove_terrain(b)
            self.match.emit(ev.TerrainRemoved(b, "exploded"))
            for nb in self.exploded - before:
                queue.append(nb)


def expected_damage(w: Weapon, toughness: int) -> float:
    """Expected damage of one use of a weapon against a toughness (for picking thump weapons)."""
    total = 0.0
    for sides in w.dice.dice:
        p_big = exact_p_at_least(sides, toughness)
        total += p_big * w.big + (1 - p_big) * w.weak
    return total

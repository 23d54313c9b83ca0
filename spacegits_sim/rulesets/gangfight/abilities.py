"""The Fantasy rules that need the game, not just the attack: the faction abilities
(fantasy/factions.yaml ``specials``: Undead skills, Demonic Gifts, Bestial abilities) and the
skills that act on the table (Healer, Hit & Run, Disarm, Pickpocket, Planner, Pulverize,
Engineer). One handler per handler id, reading its numbers from the data's ``effect``.

Why a module of its own: these rules ask questions of the game (who injured whom in which
activation, who lies out of action within reach, what a model carries) and some are actions
("Use Ability"), so each handler gets the game and the model; the engine calls the functions
at the bottom of this module at fixed moments and never names an ability. The game is typed
``Any`` here so that this module does not import the engine (the engine imports it).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable, Mapping
from typing import Any

from . import reviving
from .book import Item
from .skills import REGISTRY, Hit, SkillHandler, skill
from .wounds import InsteadOfWound

Gen = Generator[Any, Any, Any]

__all__ = [
    "DEFERRED_ABILITIES",
    "Ability",
    "ability_options",
    "attack_dice",
    "attack_strength",
    "bonus_actions",
    "escapes_free_attacks",
    "max_move",
    "morale_penalty",
    "natural_weapons",
    "on_wounded",
    "perform",
    "stamina_penalty",
    "unarmed_pair",
]

REGISTRY["abilities"] = {}

#: Faction-ability handler ids the data names that do not play here (known, warned about).
DEFERRED_ABILITIES: tuple[str, ...] = ()


def ability(cls: type[SkillHandler]) -> type[SkillHandler]:
    REGISTRY["abilities"][cls.id] = cls
    return cls


class Ability(SkillHandler):
    """The hooks a table-aware rule answers; the defaults change nothing. ``game`` is the
    GangfightGame, ``me`` the model whose skill or ability this is."""

    # -- attacking (``me`` attacks ``target``)
    def attack_dice(self, game: Any, me: Any, target: Any, hit: Hit) -> int:  # noqa: ARG002
        return 0

    def attack_strength(self, game: Any, me: Any, target: Any, hit: Hit) -> int:  # noqa: ARG002
        return 0

    def unarmed_pair(self) -> bool:
        """Fighting with no weapon, does it still get the two-weapon die (Savage Claws)?"""
        return False

    def natural_weapons(self) -> tuple[Item, ...]:
        """Weapons the body gives, chosen in upkeep like carried ones (Vicious Bite)."""
        return ()

    # -- after ``me`` wounds ``target`` (``out``: taken out of action by it)
    def on_wounded(self, game: Any, me: Any, target: Any, ranged: bool, out: bool) -> None:  # noqa: ARG002
        return None

    # -- moving, morale, actions
    def max_move(self) -> float | None:
        return None

    def enemy_morale(self) -> tuple[float, int]:
        """(radius, target-number penalty) this model puts on enemies' morale rolls."""
        return (0.0, 0)

    def escapes_free_attacks(self, game: Any, me: Any) -> bool:  # noqa: ARG002
        return False

    def options(self, game: Any, me: Any) -> list[str]:  # noqa: ARG002
        """The actions it offers now (legal ones only)."""
        return []

    def act(self, game: Any, me: Any, option: str) -> Gen:  # noqa: ARG002
        return
        yield

    def worth(self, game: Any, me: Any, option: str) -> float:  # noqa: ARG002
        """Advice for an AI: how much taking ``option`` now pays (0: not worth an action)."""
        return 0.0


def _abilities(m: Any) -> list[Ability]:
    return [h for h in m.skills if isinstance(h, Ability)]


# ---------------------------------------------------------------- faction abilities


@ability
class Hate(Ability):
    """ "Hate - Gain +1 Strength for all Melee attacks.\""""

    id = "hate"

    def attack_strength(self, game: Any, me: Any, target: Any, hit: Hit) -> int:  # noqa: ARG002
        return 0 if hit.ranged else int(self.effect.get("str", 1))


@ability
class Bloodsucker(Ability):
    """ "Wound an enemy model in melee combat, and regain 1 lost point of Health, but you cannot
    heal higher than your starting Health amount.\""""

    id = "bloodsucker"

    def on_wounded(self, game: Any, me: Any, target: Any, ranged: bool, out: bool) -> None:  # noqa: ARG002
        if not ranged and me.up:
            game.heal(me, int(self.effect.get("heal_on_wound", 1)), "bloodsucker")


@ability
class Pestilence(Ability):
    """ "Any enemy character you injure in Melee combat will have a -1 Stamina penalty in their
    next Activation." (Injuring more than once before it activates: still -1, a reading.)"""

    id = "pestilence"

    def on_wounded(self, game: Any, me: Any, target: Any, ranged: bool, out: bool) -> None:  # noqa: ARG002
        if not ranged and target.up:
            pen = -int(self.effect.get("target_sta", -1))
            if target.marks.get("sta_penalty", 0) < pen:
                target.marks["sta_penalty"] = pen
                game.note(target, "pestilence", f"is sickened: -{pen} Stamina in its next activation")


@ability
class Spite(Ability):
    """ "Roll +1 D6 to hit when attacking an enemy character that injured you in his previous
    activation." Read as: the target wounded this model during the target's own most recent
    activation that has ended (a free attack in someone else's activation does not count)."""

    id = "spite"

    def attack_dice(self, game: Any, me: Any, target: Any, hit: Hit) -> int:  # noqa: ARG002
        when = me.marks.get("injured_by", {}).get(target.id)
        if when is None:
            return 0
        done = target.marks.get("activations", 0) - (1 if game.active is target else 0)
        return int(self.effect.get("hit_dice", 1)) if when == done else 0


@ability
class Horrify(Ability):
    """ "Any enemy model within 3\\" of you will have a +1 penalty added to their Morale Target
    Number." (Two horrifying models nearby: still +1, a reading like Inspiring's.)"""

    id = "horrify"

    def enemy_morale(self) -> tuple[float, int]:
        return (float(self.effect.get("radius", 3)), int(self.effect.get("enemy_morale_target", 1)))


@ability
class Arcane(Ability):
    """ "Arcane - Roll +1D6 when casting magic spells." The casting roll asks every skill of the
    caster for :meth:`cast_dice` (only Magic Users cast)."""

    id = "arcane"

    def cast_dice(self) -> int:
        return int(self.effect.get("cast_dice", 1))


@ability
class Flying(Ability):
    """Winged ("any Demon my be Winged for +5 XP, allowing them to fly"), Wings ("will be able to Fly
    when moving"), and the core rule: "Flying models will always ignore obstacles in their path, and
    may end their movement at any height ... Models that can fly usually cannot fly while in
    buildings ... When attacking or being attacked, consider your model to be standing on the
    ground". The engine reads :func:`flies` into ``Model.flying``: its moves cross obstacles, however
    tall, for nothing. (Landing on heights needs boards with heights; none is bundled.)"""

    id = "flying"

    def flies(self) -> bool:
        return bool(self.effect.get("flies", True))


@ability
class RunningWild(Ability):
    """ "This Beast may move a maximum of 18\\", rather than the usual 12\\".\""""

    id = "running_wild"

    def max_move(self) -> float | None:
        return float(self.effect.get("max_move", 18))


@ability
class SavageClaws(Ability):
    """ "This Beast's bare hands are considered to be Light Melee Weapons, thus they will always have
    a +1D6 to hit in melee combat as if they were wielding two 1-handed melee weapons." Light
    weapons strike at the model's Strength, as fists do: the claws add the two-weapon die."""

    id = "savage_claws"

    def unarmed_pair(self) -> bool:
        return True


#: Vicious Bite's natural weapon: a melee attack at Strength +1 that no second weapon joins
#: (two hands' worth, so a loadout holds nothing else with it).
BITE = Item("vicious_bite", "Vicious Bite", "weapon", "melee", "M+1", "1", 0, 2, 0, ())


@ability
class ViciousBite(Ability):
    """ "This Beast may make a melee attack with +1 Strength, this attack cannot benefit from having
    two melee weapons equipped." The bite is chosen in upkeep like a weapon ("you must decide which
    weapon or ability you are using in your upkeep phase") and held alone."""

    id = "vicious_bite"

    def natural_weapons(self) -> tuple[Item, ...]:
        extra = int(self.effect.get("str", 1))
        return (BITE if extra == 1 else Item(BITE.id, BITE.name, "weapon", "melee", f"M+{extra}", "1", 0, 2, 0, ()),)


@ability
class Lust(Ability):
    """ "Use an action to draw enemies toward you once per Activation. Roll 1D6 for each enemy model
    within 6\\". if you meet or exceed their Intellect level, they will immediately move directly
    toward you, moving an amount of inches equal to their Quickness." The pull is a straight move
    on the table (bases, walls and other enemies' personal space stop it; this model's own does
    not, so a drawn enemy may end in melee with it), ending face to face."""

    id = "lust"

    def _near(self, game: Any, me: Any) -> list[Any]:
        r = float(self.effect.get("radius", 6))
        return [e for e in game.enemies(me) if game.gap(me, e) <= r + 1e-9]

    def options(self, game: Any, me: Any) -> list[str]:
        if me.marks.get("lust_used") or not self._near(game, me):
            return []
        return ["ability:lust"]

    def act(self, game: Any, me: Any, option: str) -> Gen:  # noqa: ARG002
        me.marks["lust_used"] = True
        attr = str(self.effect.get("versus_attribute", "int"))
        pull = str(self.effect.get("pull", "qui"))
        for e in self._near(game, me):
            if not (me.up and e.up):
                break
            face = game.roll_faces(me, me.seat, int(self.effect.get("dice", 1)), f"lust on {e.name}")
            if max(face, default=0) < e.a(attr):
                game.note(e, "lust", f"resists the lure ({max(face, default=0)} under Intellect {e.a(attr)})")
                continue
            h = math.atan2(me.pos[1] - e.pos[1], me.pos[0] - e.pos[0])
            want = min(float(e.a(pull)), max(0.0, game.gap(me, e) - 0.01))
            end, far, _hops, _off = game.slide(e, h, want, charge=me)
            game.note(e, "lust", f'is drawn {far:.1f}" towards {me.name}')
            if far > 0.01:
                game.pulled(e, end, h)
        yield from ()

    def worth(self, game: Any, me: Any, option: str) -> float:  # noqa: ARG002
        """Worth it for a fighter: enemies that would come to its blades (a shooter would rather not)."""
        if game.engaged(me):
            return 0.0
        ranged = any(game.item(i).type == "ranged" for i in me.loadout)
        n = len(self._near(game, me))
        return 0.0 if ranged else 3.0 * n


# ---------------------------------------------------------------- skills that act on the table


@skill
class Engineer(SkillHandler):
    """ "Engineer - Gain +1D6 to hit when attacking with Artillery." (any weapon with the
    artillery trait)."""

    id = "engineer"

    def hit_dice(self, hit: Hit) -> int:
        return int(self.effect.get("hit_dice", 1)) if self.effect.get("weapon_trait") in hit.weapon_traits else 0


@skill
class HitAndRun(Ability):
    """ "When attempting to break away from melee combat, make a Quickness roll with a target number
    equal to the amount of enemies in your Personal Space to a maximum of 6. If successful, enemies
    will not be able to make free attacks when you leave melee combat." A Quickness roll is
    Quickness dice, one success needed (as the core's falling roll); 1 still fails."""

    id = "hit_and_run"

    def escapes_free_attacks(self, game: Any, me: Any) -> bool:
        n = len(game.engaged(me))
        tn = min(int(self.effect.get("max_target", 6)), int(self.effect.get("target_per_enemy", 1)) * n)
        n_dice = me.a(str(self.effect.get("uses_attribute", "qui")))
        ok = game.roll(me, me.seat, n_dice, tn, "hit and run", need=1) >= 1
        game.note(me, "hit_and_run", "slips away: no free attacks" if ok else "fails to slip away")
        return bool(ok)


@skill
class Pulverize(Ability):
    """ "In melee combat, your enemies will not be able to be revived if taken out of action.\""""

    id = "pulverize"

    def on_wounded(self, game: Any, me: Any, target: Any, ranged: bool, out: bool) -> None:  # noqa: ARG002
        if out and not ranged:
            target.marks["pulverized"] = True
            game.note(target, "pulverized", "is pulverized: it cannot be revived")


@skill
class Healer(Ability):
    """ "Healer - May revive a friendly model that is out of action as defined on page ### of the
    Core Rules." The core rule: "the healer must have the fallen model in his personal space, and
    use the item for an action. The healer will make an Intellect roll, using the fallen model's
    Stamina as a Target Number, however in this case you must roll at or below their Stamina level
    ... rolling a 1 will not be an automatic failure. If successful, the model wills stand back up
    with 1 Health." (:func:`.reviving.revive`)."""

    id = "healer"

    def options(self, game: Any, me: Any) -> list[str]:
        return [f"revive:{f.id}" for f in reviving.revivable(game, me)]

    def act(self, game: Any, me: Any, option: str) -> Gen:
        reviving.revive(game, me, game.models[option.split(":", 1)[1]], "healer")
        yield from ()

    def worth(self, game: Any, me: Any, option: str) -> float:
        f = game.models[option.split(":", 1)[1]]
        chance = 1.0 - (1.0 - min(f.a("sta"), 6) / 6.0) ** max(me.a("int"), 0)
        value = 5.0 if f.char.leader else float(game.book.levels[f.char.level].vp)
        return float(4.0 * chance * value)


@skill
class Planner(Ability):
    """ "Planner - Reserve 1 action to use as a bonus action in the next Game Turn." The action is
    spent now; the model has one action more in its activation of the next game turn (unused then,
    it is gone)."""

    id = "planner"

    def options(self, game: Any, me: Any) -> list[str]:
        if me.marks.get("plan_for") == game.turn + 1 or game.turn >= game.scenario.turns:
            return []
        return ["plan"]

    def act(self, game: Any, me: Any, option: str) -> Gen:  # noqa: ARG002
        me.marks["plan_for"] = game.turn + 1
        game.note(me, "plan", "reserves an action for the next game turn")
        yield from ()

    def worth(self, game: Any, me: Any, option: str) -> float:  # noqa: ARG002
        """An action with nothing better to do is worth keeping."""
        return 0.5


class _MeleeTrick(Ability, InsteadOfWound):
    """Disarm and Pickpocket: "Roll to hit like a melee attack, using your Quickness level instead of
    Strength. If the opponent fails to defend himself, instead of being injured ...". An action of
    its own, offered against the enemies a melee attack could reach now; the trick replaces the
    opponent's wound, and the opponent is not injured (:mod:`.wounds`)."""

    wounded = False
    target_only = True

    def _targets(self, game: Any, me: Any) -> list[Any]:
        return [game.models[t] for t, ranged in game.targets(me) if not ranged]

    def fits(self, game: Any, me: Any, t: Any) -> bool:  # noqa: ARG002
        return True

    def options(self, game: Any, me: Any) -> list[str]:
        return [self.id] if any(self.fits(game, me, t) for t in self._targets(game, me)) else []

    def act(self, game: Any, me: Any, option: str) -> Gen:  # noqa: ARG002
        from .requests import Target

        ts = [t for t in self._targets(game, me) if self.fits(game, me, t)]
        if not ts:
            return
        pick = yield Target(me.seat, tuple(t.id for t in ts), f"{me.name}: {self.id} whom?", me.id)
        me.attacked = True
        t = game.models[pick]
        qui = me.a(str(self.effect.get("strength_from", "qui")))
        game._resolve(me, t, ranged=False, strength=qui, instead=self)


@skill
class Disarm(_MeleeTrick):
    """ "... instead of being injured the last weapon he used will fall to the ground. He must use an
    action to pick it up at the start of his next Activation." The last weapon is the one it last
    attacked with, else the strongest it holds; an unarmed enemy has nothing to lose. Until it is
    picked up the weapon cannot be held; picking it up (its next activation's first action) puts
    back in its hands what it held."""

    id = "disarm"

    def fits(self, game: Any, me: Any, t: Any) -> bool:  # noqa: ARG002
        return self.loses(game, t) is not None and "dropped" not in t.marks

    @staticmethod
    def loses(game: Any, t: Any) -> str | None:
        last = t.marks.get("last_weapon")
        if last in t.char.items:
            return str(last)
        held = [i for i in t.loadout if game.item(i).family == "weapon"]
        return max(held, key=lambda i: game.item(i).strength_for(t.a("str")), default=None)

    def instead_of_wound(self, game: Any, me: Any, t: Any) -> None:  # noqa: ARG002
        w = self.loses(game, t)
        if w is None:
            return
        t.marks["dropped"] = (w, tuple(t.loadout))
        t.loadout = tuple(i for i in t.loadout if i != w)
        game.note(t, "disarmed", f"drops its {game.item(w).name}")

    def worth(self, game: Any, me: Any, option: str) -> float:  # noqa: ARG002
        return 2.0


@skill
class Pickpocket(_MeleeTrick):
    """ "... instead of being injured you may steal one Objective that they are carrying." The thief
    needs a spare point of Strength to carry it, as any model taking an objective."""

    id = "pickpocket"

    def fits(self, game: Any, me: Any, t: Any) -> bool:
        return bool(t.carried) and game.can_carry(me)

    def instead_of_wound(self, game: Any, me: Any, t: Any) -> None:
        if not t.carried or not game.can_carry(me):
            return
        oid = t.carried.pop(0)
        me.carried.append(oid)
        game.note(me, "stole", f"steals objective {oid} from {t.name}")

    def worth(self, game: Any, me: Any, option: str) -> float:  # noqa: ARG002
        return 8.0


@skill
class Lucky(Ability):
    """ "Lucky - Start the game with a pool of Lucky Dice equal to your Quickness. Any amount of these
    dice may be added to any roll you are required to make at any time, however once these dice are
    used, they are gone for the remainder of the game." The engine spends them (GangfightGame._lucky)
    on the model's own rolls that need a number of successes (Defense, morale, damage over time, Hit
    & Run, reviving) when the roll falls short: a fixed policy, as the rolls happen inside attacks
    where no player is asked."""

    id = "lucky"

    def pool(self, me: Any) -> int:
        return int(me.a(str(self.effect.get("lucky_dice_from", "qui"))))


@skill
class Overwatch(Ability):
    """ "Overwatch - Reserve one action to attack an enemy that later moves into view. You may attack
    as soon as this enemy finishes their current Move action, interrupting their activation. They
    may continue their activation after your attack (if they survive)." Readings: the action is
    kept until it is used or the model's next activation begins; "moves into view" is an enemy that
    was not a target it could attack before its Move action (a move, a charge, a break away) and is
    one after it; the attack is the model's usual one with what it holds."""

    id = "overwatch"

    def options(self, game: Any, me: Any) -> list[str]:
        if me.marks.get("overwatch") or game.engaged(me):
            return []
        if not any(game.item(i).type == "ranged" for i in me.loadout):
            return []
        return ["overwatch"]

    def act(self, game: Any, me: Any, option: str) -> Gen:  # noqa: ARG002
        me.marks["overwatch"] = True
        game.note(me, "overwatch", "reserves an action on overwatch")
        yield from ()

    def worth(self, game: Any, me: Any, option: str) -> float:  # noqa: ARG002
        """Worth it when nothing is in its sights now (it would rather shoot) and enemies stand."""
        return 1.0 if game.enemies(me) and not game.targets(me) else 0.0


def watchers(game: Any, mover: Any) -> dict[str, bool]:
    """Before a Move action: which enemies on overwatch could already attack the mover."""
    return {
        w.id: any(t == mover.id for t, _r in game.targets(w)) for w in game.enemies(mover) if w.marks.get("overwatch")
    }


def interrupt(game: Any, mover: Any, before: Mapping[str, bool]) -> Gen:
    """After the Move action: each model on overwatch that now has the mover in its sights (and did
    not before) is asked whether to attack it at once."""
    from .requests import Overwatch as Ask

    for wid, had in before.items():
        w = game.models[wid]
        if had or not (mover.up and w.up and w.marks.get("overwatch")):
            continue
        ts = dict(game.targets(w))
        if mover.id not in ts:
            continue
        pick = yield Ask(w.seat, (f"shoot:{mover.id}", "hold"), f"{w.name} on overwatch: attack {mover.name}?", w.id)
        if pick == "hold":
            continue
        w.marks.pop("overwatch", None)
        game.note(w, "overwatch_fires", f"interrupts {mover.name}'s activation")
        game._resolve(w, mover, ranged=ts[mover.id])


@skill
class Recruit(SkillHandler):
    """Beguile, Handler, Necromancer, Warlock: "If your Leader has this skill, you may recruit <faction>
    Henchmen or Minions, but not Heroes." Gang building only (gangs.py asks :meth:`recruits`)."""

    id = "recruit"

    def recruits(self) -> tuple[str, tuple[str, ...]]:
        """(the faction whose races it may add, the levels they may be)."""
        return str(self.effect.get("recruit", "")), tuple(self.effect.get("recruit_levels", ("henchman", "minion")))


# ---------------------------------------------------------------- what the engine calls


def attack_dice(game: Any, m: Any, t: Any, hit: Hit) -> list[tuple[str, int]]:
    """Extra to-hit dice from abilities: (handler id, dice) for each that adds some."""
    out = [(h.id, h.attack_dice(game, m, t, hit)) for h in _abilities(m)]
    return [(i, d) for i, d in out if d]


def attack_strength(game: Any, m: Any, t: Any, hit: Hit) -> list[tuple[str, int]]:
    out = [(h.id, h.attack_strength(game, m, t, hit)) for h in _abilities(m)]
    return [(i, s) for i, s in out if s]


def unarmed_pair(m: Any) -> bool:
    return any(h.unarmed_pair() for h in _abilities(m))


def natural_weapons(m: Any) -> list[Item]:
    return [w for h in _abilities(m) for w in h.natural_weapons()]


def on_wounded(game: Any, m: Any, t: Any, ranged: bool, out: bool) -> None:
    """After ``m`` wounded ``t``: remember it for Spite, then the attacker's abilities."""
    if game.active is m:
        t.marks.setdefault("injured_by", {})[m.id] = m.marks.get("activations", 0)
    for h in _abilities(m):
        h.on_wounded(game, m, t, ranged, out)


def max_move(m: Any, usual: float) -> float:
    own = [v for v in (h.max_move() for h in _abilities(m)) if v is not None]
    return max([usual, *own])


def morale_penalty(game: Any, m: Any) -> int:
    """Horrify: the largest penalty any enemy within its radius puts on this model's morale."""
    return max(
        [0]
        + [
            p
            for e in game.enemies(m)
            for r, p in (h.enemy_morale() for h in _abilities(e))
            if p and game.gap(e, m) <= r + 1e-9
        ]
    )


def escapes_free_attacks(game: Any, m: Any) -> bool:
    return any(h.escapes_free_attacks(game, m) for h in _abilities(m))


def stamina_penalty(m: Any) -> int:
    """Pestilence's -1 Stamina, for this activation only (read and cleared)."""
    return int(m.marks.pop("sta_penalty", 0))


def activation_starts(m: Any) -> None:
    """What lasts "once per Activation" or until the next one (Lust, a reserved Overwatch) ends."""
    m.marks.pop("lust_used", None)
    m.marks.pop("overwatch", None)


def bonus_actions(game: Any, m: Any) -> int:
    """Planner: the action reserved in the last game turn."""
    return 1 if m.marks.pop("plan_for", None) == game.turn else 0


def ability_options(game: Any, m: Any) -> list[str]:
    """Every ability and skill action legal now, in a stable order."""
    out: list[str] = []
    for h in _abilities(m):
        for o in h.options(game, m):
            if o not in out:
                out.append(o)
    return out


def _owner(game: Any, m: Any, option: str) -> Ability | None:
    return next((h for h in _abilities(m) if option in h.options(game, m)), None)


def perform(game: Any, m: Any, option: str) -> Gen:
    """Carry out an ability action the player chose from :func:`ability_options`."""
    h = _owner(game, m, option)
    if h is not None:
        yield from h.act(game, m, option)


def worth(game: Any, m: Any, option: str) -> float:
    """An AI's question: what an ability action is worth now (0 when it is not on offer)."""
    h = _owner(game, m, option)
    return h.worth(game, m, option) if h is not None else 0.0


def flies(m: Any) -> bool:
    """Does a skill or ability let it fly when moving?"""
    return any(h.flies() for h in _abilities(m) if isinstance(h, Flying))


def lucky_pool(m: Any) -> int:
    """The Lucky Dice a model starts the game with (0 without the skill)."""
    return max([0] + [h.pool(m) for h in _abilities(m) if isinstance(h, Lucky)])


def must_pick_up(m: Any) -> bool:
    """Disarmed: "He must use an action to pick it up at the start of his next Activation"."""
    return "dropped" in m.marks


def pick_up(game: Any, m: Any) -> None:
    w, held = m.marks.pop("dropped")
    m.loadout = tuple(held)
    game.note(m, "picked_up", f"picks up its {game.item(w).name}")


def specials_of(ids: Iterable[str]) -> list[SkillHandler]:
    """The handlers of a character's faction abilities (those that play)."""
    from .fantasy.catalog import catalog

    cat = catalog().specials
    reg: Mapping[str, type[SkillHandler]] = REGISTRY["abilities"]
    return [reg[cat[s].handler](dict(cat[s].effect)) for s in ids if s in cat and cat[s].handler in reg]

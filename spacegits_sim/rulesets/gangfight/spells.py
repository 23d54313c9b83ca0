"""The Fantasy supplement's Magic Spells and the Cast a Spell / Consume Item actions.

One handler per spell handler id (fantasy/spells.yaml ``handler``), reading its numbers from
the spell's data; the engine asks this module only at a few hooks (the actions on offer, an
action taken, an upkeep, the end of an activation, a morale roll) and never names a spell.
Why here and not in engine.py: four engineers change that file, and a spell is one class.

Casting ("Attack spells will roll to hit like normal, while Intellect based spells will simply
have a target number of 4 to cast. However, each consecutive spell you cast in one activation
will increase your target number by 1"): an attack spell is a ranged attack made with the
spell as its weapon listing (range, sight, front arc, long range, cover and every other
modifier of :meth:`GangfightGame._resolve`); an Intellect spell throws Intellect dice at 4
(+1 per spell already cast this activation, never past 6) and needs one success.

Spells on a model are :class:`Effect` records in ``Model.effects``: attribute changes that
``Model.a`` adds (Stoneskin), flags that ``Model.flag`` answers (``flies``: Ethereal Wings,
the interface the flying-movement code reads), an aura (Fear). Dispell removes one.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...play.handlers import HandlerRegistry
from ...play.protocol import Request
from . import events as ev
from . import reviving
from .book import SPELL, Item
from .book import spell_weapon as book_spell_weapon
from .requests import Facing, Pick, SpellTarget
from .wounds import InsteadOfWound

Gen = Generator[Request, Any, Any]

__all__ = [
    "REGISTRY",
    "SPELL",
    "Effect",
    "SpellHandler",
    "activation_over",
    "cast",
    "morale_penalty",
    "spell_weapon",
    "upkeep",
]


@dataclass
class Effect:
    """A spell on a model. ``until``: ``until_upkeep`` (ends at the start of the model's next
    activation), ``next_activation`` (lasts through the model's next activation), ``activation``
    (ends with the activation it was cast in). ``armed``: that next activation has begun."""

    source: str  # the spell id
    name: str
    caster: str
    until: str
    attrs: Mapping[str, int] = field(default_factory=dict)
    flags: frozenset[str] = frozenset()
    aura: tuple[float, int] = (0.0, 0)  # (radius, enemies' morale target change): Fear
    weapon: str = ""  # a conjured weapon's item id
    armed: bool = False
    was_flying: bool = False  # Model.flying before a ``flies`` effect set it (restored when it ends)

    def label(self) -> str:
        return f"effect:{self.source}"

    def end(self, g: Any, t: Any, why: str) -> None:
        """The spell leaves ``t`` (its upkeep, its activation over, dispelled, the model fell):
        flying and a conjured weapon go with it."""
        t.effects.remove(self)
        if "flies" in self.flags:
            t.flying = self.was_flying or t.flag("flies")
        if self.weapon and self.weapon in t.loadout:
            t.loadout = tuple(i for i in t.loadout if i != self.weapon)
        g.emit(ev.Note(t.id, "spell_ended", f"{self.name} ends ({why})"))


def _cat() -> Any:
    from .fantasy.catalog import catalog

    return catalog()


def spell_weapon(iid: str) -> Item:
    """A spell as a weapon listing (item id ``spell/<id>``; book.spell_weapon builds it)."""
    it = book_spell_weapon(iid[len(SPELL) :])
    if it is None:
        raise KeyError(iid)
    return it


# ------------------------------------------------------------------ chances (the AIs' advice)


def p_success(target: int) -> float:
    """One D6 at ``target``+: a 6 always succeeds, a 1 always fails."""
    return min(5, max(1, 7 - target)) / 6


def p_any(n: int, target: int) -> float:
    return 1 - (1 - p_success(target)) ** max(0, n)


# ------------------------------------------------------------------ the handlers


class SpellHandler:
    """The default: a spell whose cast changes nothing. ``spell`` is its catalog record."""

    id = ""
    attack = False  # rolled to hit like a weapon (a ranged attack), not cast at 4 on Intellect

    def __init__(self, spell: Any) -> None:
        self.spell = spell

    def targets(self, g: Any, m: Any) -> list[str] | None:  # noqa: ARG002 - hooks take the game
        """Model ids it may be cast at now; None: it needs no target (on the caster); []: not now."""
        return None

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:  # noqa: ARG002
        """What the spell does once cast (an attack spell: the attack itself)."""
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:  # noqa: ARG002
        """How much casting it at ``target`` is worth to its caster's side (the AIs' advice)."""
        return 0.0

    def effect(self, m: Any, **kw: Any) -> Effect:
        e = self.spell.effect
        return Effect(self.spell.id, self.spell.name, m.id, str(e.get("duration", "until_upkeep")), **kw)


REGISTRY: HandlerRegistry[type[SpellHandler]] = HandlerRegistry("gangfight")
REGISTRY["spells"] = {}


def handler(cls: type[SpellHandler]) -> type[SpellHandler]:
    REGISTRY["spells"][cls.id] = cls
    return cls


def attack_targets(g: Any, m: Any, w: Item) -> list[str]:
    """Whom a spell rolled to hit may be thrown at: as a ranged attack ("Your model may attack any
    enemy model that it is facing and within its line of sight", up to twice the range; not
    after a run, not with an enemy in its personal space)."""
    b = g.book
    if (g.ran_now(m) and g.after_run(m) is None) or g.engaged(m):
        return []
    far = g.weapon_range(m, w) * b.g("long_range_factor")
    return [
        e.id
        for e in g.enemies(m)
        if g.in_front(m, e.pos, e.radius)
        and g.gap(m, e) <= far + 1e-9
        and g.sight(m, e)[0] >= b.g("sight_fraction") - 1e-9
    ]


@handler
class AttackSpell(SpellHandler):
    """Magic Missile, Fireball (Thrown, DOT), Grasping Roots (Binding), Hailstorm (AOE): "Attack
    spells will roll to hit like normal"; the spell's traits do what the same weapon traits do."""

    id = "attack_spell"
    attack = True

    def weapon(self) -> Item:
        return spell_weapon(SPELL + self.spell.id)

    def targets(self, g: Any, m: Any) -> list[str] | None:
        return attack_targets(g, m, self.weapon())

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:
        t = g.models[target]
        m.attacked = True
        instead = self if isinstance(self, InsteadOfWound) else None  # Hypnotic Gaze
        hurt = g._resolve(
            m,
            t,
            ranged=self.spell.attribute == "rc",
            weapon=self.weapon(),
            extra_tn=extra_tn,
            instead=instead,
            more_dice=tuple(cast_dice(m)),  # Arcane: "Roll +1D6 when casting magic spells"
        )
        yield from self.after(g, m, t, hurt)

    def after(self, g: Any, m: Any, t: Any, hurt: list[Any]) -> Gen:  # noqa: ARG002
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:
        """Expected wounds x 10: hits at the spell's target number less the saves, on the target
        (and, for an AOE, on everyone near it: friends count against)."""
        t = g.models[target]
        w = self.weapon()
        far = g.gap(m, t) > g.weapon_range(m, w) + 1e-9
        tn = 4 + (1 if far else 0) + m.spells_cast * _casting().consecutive_step
        hits = (m.a("rc") + sum(d for _h, d in cast_dice(m))) * p_success(tn)
        strength = w.strength_for(m.a("str")) if w.type == "melee" else int(w.strength)

        def wounds(v: Any) -> float:
            return float(max(0.0, hits - v.a("dp") * p_success(strength)) * 10)

        value = wounds(t)
        if w.traits and any(x == "aoe" for x in w.traits):
            for o in g.models.values():
                if o is not t and o.up and g.gap(o, t) <= hits:
                    value += wounds(o) * (1 if o.seat != m.seat else -1.5)
        return value


@handler
class Knockback(AttackSpell):
    """ "Wound enemy model and move them 1D3\\" away, facing any direction." The push is a slide
    on the table straight away from the caster (stopped by bases, walls and the edge, hopping
    low obstacles), 1D3 thrown in the tray; the caster's player picks the facing."""

    id = "knockback"

    def after(self, g: Any, m: Any, t: Any, hurt: list[Any]) -> Gen:
        if t not in hurt or not t.up:
            return
        g.roll(m, m.seat, 1, 0, "knockback distance (1D3)")
        face = int(g.events[-1].dice[0][0])
        dist = float(math.ceil(face / 2))  # D3: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3
        h = math.atan2(t.pos[1] - m.pos[1], t.pos[0] - m.pos[0])
        end, far, _hops, _off = g.slide(t, h, dist, leaving=True)
        facing = h
        if self.spell.effect.get("free_facing"):
            facing = yield from _push_facing(m, t, end, h)
        g._do_move(t, end, facing, "knockback")
        g.emit(ev.Note(t.id, "knocked_back", f'is knocked back {far:.1f}" of {dist:.0f}"'))

    def worth(self, g: Any, m: Any, target: Any) -> float:
        """An attack's worth, more when the push would take the target off a friend it fights."""
        t = g.models[target]
        pinned = any(o.seat == m.seat and o is not m and g.in_ps(o, t) for o in g.models.values() if o.up)
        return super().worth(g, m, target) + (3.0 if pinned else 0.0)


def _push_facing(m: Any, t: Any, end: tuple[float, float], heading: float) -> Generator[Request, Any, float]:
    """The caster's player turns the pushed model ("facing any direction")."""
    fs = [("keep", heading)] + [(f"face_dir{i}", 2 * math.pi * i / 8) for i in range(8)]
    fs = [fs[0]] + [f for f in fs[1:] if abs(math.remainder(f[1] - heading, 2 * math.pi)) > 0.05]
    r = t.radius + 1.2
    pick = yield Facing(
        m.seat,
        tuple(f[0] for f in fs),
        f"{t.name} is knocked back: facing which way?",
        t.id,
        tuple((round(end[0] + r * math.cos(f), 4), round(end[1] + r * math.sin(f), 4), round(f, 5)) for _l, f in fs),
        (end[0], end[1]),
    )
    return round(dict(fs)[pick], 5)


@handler
class HypnoticGaze(AttackSpell, InsteadOfWound):
    """ "Wounded enemy model loses Stamina instead of Health, for next Activation." A wound takes 1
    Stamina (one action fewer) through the target's next activation, no Health; the model still
    counts as wounded (:mod:`.wounds`)."""

    id = "hypnotic_gaze"

    def instead_of_wound(self, game: Any, attacker: Any, victim: Any) -> None:
        stat = str(self.spell.effect.get("wound_stat", "sta"))
        victim.effects.append(self.effect(attacker, attrs={stat: -1}))
        game.emit(ev.Note(victim.id, "hypnotised", f"loses 1 {stat.upper()} instead of Health for its next activation"))

    def worth(self, g: Any, m: Any, target: Any) -> float:
        return super().worth(g, m, target) * 0.4  # an action taken away, no Health


@handler
class ConjureBlade(SpellHandler):
    """ "Conjure Blade M+1 1 ... Automatically equipped when cast.": the caster holds the blade
    (M+1, range 1, one hand) for the rest of the activation, with a one-handed melee weapon it
    already holds, as a pair."""

    id = "conjure_blade"

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:  # noqa: ARG002
        iid = SPELL + self.spell.id
        keep = tuple(i for i in m.loadout if g.item(i).type == "melee" and g.item(i).hands == 1)[:1]
        m.loadout = (iid, *keep)
        m.effects.append(self.effect(m, weapon=iid))
        g.emit(ev.Note(m.id, "weapons", "holds " + " and ".join(g.item(i).name for i in m.loadout)))
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:  # noqa: ARG002
        if any(i.startswith(SPELL) for i in m.loadout):
            return 0.0
        best = max(
            (g.item(i).strength_for(m.a("str")) for i in m.loadout if g.item(i).type == "melee"), default=m.a("str")
        )
        blade = spell_weapon(SPELL + self.spell.id).strength_for(m.a("str"))
        near = any(g.gap(m, e) <= g.move_allowance(m) + 1 for e in g.enemies(m))
        return (4.0 + 2.0 * max(0, blade - best)) if near and blade >= best else 0.0


@handler
class SelfBuff(SpellHandler):
    """Stoneskin ("+1 Defense and -1 Quickness until your next Upkeep"), Ethereal Wings ("Gain
    Flying until your next Upkeep"): the effect's attribute changes and flags on the caster."""

    id = "self_buff"

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:  # noqa: ARG002
        e = self.spell.effect
        attrs = {k: int(e[k]) for k in ("hp", "qui", "sta", "dp", "int", "rc", "mc", "str") if k in e}
        flags = frozenset(k for k in ("flies",) if e.get(k))
        fx = self.effect(m, attrs=attrs, flags=flags, was_flying=bool(getattr(m, "flying", False)))
        m.effects.append(fx)
        if "flies" in flags:  # the flying-movement code reads Model.flying (heights.py)
            m.flying = True
        g.emit(
            ev.Note(
                m.id,
                "spell",
                f"{self.spell.name}: " + ", ".join([f"{k} {v:+d}" for k, v in attrs.items()] + sorted(flags)),
            )
        )
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:  # noqa: ARG002
        if any(x.source == self.spell.id for x in m.effects):
            return 0.0
        dp = int(self.spell.effect.get("dp", 0))
        threat = sum(1 for e in g.enemies(m) if g.gap(m, e) <= 10)
        return 2.5 * dp * min(threat, 3) * p_any(m.a("int"), 4 + m.spells_cast)


@handler
class Fear(SpellHandler):
    """ "-1 to enemy morale rolls within 6\\" of the caster." (+1 to their Morale target number,
    until the caster's next Upkeep)."""

    id = "fear"

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:  # noqa: ARG002
        e = self.spell.effect
        m.effects.append(self.effect(m, aura=(float(e.get("radius", 6)), int(e.get("enemy_morale_target", 1)))))
        g.emit(ev.Note(m.id, "spell", f'{self.spell.name}: enemies within {e.get("radius", 6)}" roll morale at +1'))
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:  # noqa: ARG002
        if any(x.source == self.spell.id for x in m.effects):
            return 0.0
        r = float(self.spell.effect.get("radius", 6))
        shaky = [e for e in g.enemies(m) if g.gap(m, e) <= r and g.morale_target(e) is not None]
        return 3.0 * len(shaky)


@handler
class Revive(SpellHandler):
    """ "Revive 1 out of action friendly model." Cast at 4 on Intellect (the spell's roll, not the
    items' Stamina roll: a reading), the fallen friend in the caster's personal space."""

    id = "revive"

    def targets(self, g: Any, m: Any) -> list[str] | None:
        reach = float(self.spell.range if isinstance(self.spell.range, int) else g.book.g("personal_space"))
        return [o.id for o in reviving.revivable(g, m, reach)]

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:  # noqa: ARG002
        reviving.stand_up(g, m, g.models[target], int(self.spell.effect.get("heal", 1)))
        return
        yield

    def worth(self, g: Any, m: Any, target: Any) -> float:
        return 25.0 * p_any(m.a("int"), 4 + m.spells_cast) if target in (self.targets(g, m) or []) else 0.0


def dispellable(t: Any) -> list[str]:
    """What Dispell may take off a model: "one magical effect of your choice ... including DOTs or
    beneficial spells" (each spell on it, and a damage over time)."""
    out = [e.label() for e in t.effects]
    if t.dot is not None:
        out.append("effect:dot")
    return out


@handler
class Dispell(SpellHandler):
    """ "Remove one magical effect of your choice from a target model, including DOTs or beneficial
    spells." Any model (friend or foe) within the spell's range that the caster can see."""

    id = "dispell"

    def targets(self, g: Any, m: Any) -> list[str] | None:
        rng = float(self.spell.range or 0)
        out = []
        for o in g.models.values():
            if not o.up or not dispellable(o):
                continue
            if o is m or (g.gap(m, o) <= rng + 1e-9 and g.sight(m, o)[0] >= g.book.g("sight_fraction") - 1e-9):
                out.append(o.id)
        return out

    def cast(self, g: Any, m: Any, target: Any, extra_tn: int) -> Gen:  # noqa: ARG002
        t = g.models[target]
        opts = tuple(dispellable(t))
        if not opts:
            return
        pick = (
            opts[0]
            if len(opts) == 1
            else (yield Pick(m.seat, opts, f"{m.name}: dispell which effect on {t.name}?", m.id))
        )
        remove(g, t, str(pick))

    def worth(self, g: Any, m: Any, target: Any) -> float:
        t = g.models[target]
        mine = t.seat == m.seat
        v = 0.0
        if t.dot is not None and mine:
            v = 8.0
        for e in t.effects:
            harmful = any(x < 0 for x in e.attrs.values())
            if harmful == mine:
                v = max(v, 5.0)
        return v * p_any(m.a("int"), 4 + m.spells_cast)


def remove(g: Any, t: Any, label: str) -> None:
    if label == "effect:dot":
        t.dot = None
        g.emit(ev.Note(t.id, "dispelled", "the damage over time is dispelled"))
        return
    for e in list(t.effects):
        if e.label() == label:
            e.end(g, t, "dispelled")
            return


# ------------------------------------------------------------------ the engine's hooks


def _casting() -> Any:
    return _cat().casting


def cast_dice(m: Any) -> list[tuple[str, int]]:
    """The dice its skills add "when casting magic spells" (Arcane), by skill id: to an Intellect
    spell's casting roll and to an attack spell's roll to hit alike ("tossing a Magic Missile
    will require you to use your Ranged Combat attribute": that roll is the casting)."""
    out = [(h.id, int(getattr(h, "cast_dice", lambda: 0)())) for h in m.skills]
    return [(hid, d) for hid, d in out if d]


def known_spells(m: Any) -> tuple[str, ...]:
    """The spells it has learnt, if it has what casting them requires (the Magic User skill)."""
    sp = tuple(getattr(m.char, "spells", ()))
    if not sp:
        return ()
    return sp if any(h.casts_spells() for h in m.skills) else ()


def handler_of(sid: str) -> SpellHandler:
    sp = _cat().spells[sid]
    return REGISTRY["spells"][sp.handler](sp)


def castable(g: Any, m: Any, sid: str) -> bool:
    ts = handler_of(sid).targets(g, m)
    return ts is None or bool(ts)


def options(g: Any, m: Any) -> list[str]:
    """Cast a Spell: each spell it knows that has something to be cast at now."""
    return [f"cast:{sid}" for sid in dict.fromkeys(known_spells(m)) if castable(g, m, sid)]


def advice(g: Any, m: Any, sid: str) -> tuple[float, Any]:
    """(worth, best target) of casting ``sid`` now."""
    h = handler_of(sid)
    ts = h.targets(g, m)
    if ts is None:
        return h.worth(g, m, None), None
    scored = [(h.worth(g, m, t), t) for t in ts]
    return max(scored, key=lambda s: s[0]) if scored else (0.0, None)


def cast(g: Any, m: Any, sid: str, source: str = "") -> Gen:
    """Cast one spell: the target asked for, the cast (or the attack) rolled at its target number
    plus the consecutive-spell step, then the handler's effect."""
    c = _casting()
    sp = _cat().spells[sid]
    h = handler_of(sid)
    ts = h.targets(g, m)
    target = None
    if ts is not None:
        if not ts:
            return
        target = yield SpellTarget(m.seat, tuple(ts), f"{m.name}: cast {sp.name} at whom?", m.id, sid)
    extra = m.spells_cast * int(c.consecutive_step)
    m.spells_cast += 1
    g.emit(ev.Cast(m.id, sid, sp.name, str(target or ""), source))
    if not h.attack:
        tn = min(int(c.max_target), int(c.intellect_target) + extra)
        dice = m.a("int") + sum(d for _h, d in cast_dice(m))  # Arcane
        if g.roll(m, m.seat, dice, tn, f"cast {sp.name}") < 1:
            g.emit(ev.Note(m.id, "spell_failed", f"fails to cast {sp.name}"))
            return
    yield from h.cast(g, m, target, extra)


def upkeep(g: Any, m: Any) -> None:
    """The start of a model's activation: spells "until your next Upkeep" end, a spell "for next
    Activation" begins to count."""
    for e in list(m.effects):
        if e.until == "until_upkeep":
            e.end(g, m, "its upkeep")
        elif e.until == "next_activation":
            e.armed = True


def activation_over(g: Any, m: Any) -> None:
    for e in list(m.effects):
        if e.until == "activation" or (e.until == "next_activation" and e.armed):
            e.end(g, m, "the activation is over")


def morale_penalty(g: Any, m: Any) -> int:
    """Fear: the largest change to ``m``'s Morale target from an enemy's aura it stands in."""
    out = 0
    for o in g.models.values():
        if o.seat == m.seat or not o.up:
            continue
        for e in o.effects:
            r, v = e.aura
            if v and g.gap(o, m) <= r + 1e-9:
                out = max(out, v)
    return out


def target_worth(g: Any, m: Any, sid: str, target: str) -> float:
    return handler_of(sid).worth(g, m, target)

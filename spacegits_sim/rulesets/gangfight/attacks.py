"""Attack resolution (core rules "Combat", the Fantasy traits and skills): one attack's dice and
target number with every modifier, the Defense roll, and what a failed Defense does (a wound,
or what replaces it: :mod:`.wounds`), and cover.

Why a module of its own: engine.py had grown to some 1500 lines; an attack is one cohesive
part of it, asked by the engine's actions, the free attacks, the spells, the skills and
artillery through the engine's ``_resolve``/``_defend``/``cover`` (thin doors kept there, so
callers are unchanged). The game and its models are typed ``Any``: engine.py imports this
module, and the package keeps no import circles (tests/test_layers.py), as heights.py,
mounts.py and artillery.py do.
"""

from __future__ import annotations

from typing import Any

from . import abilities as ab
from . import events as ev
from . import heights
from .book import Item
from .skills import Hit
from .traits import AttackCtx, Trait, traits_of
from .wounds import InsteadOfWound

__all__ = ["cover", "defend", "resolve"]


def resolve(
    game: Any,
    m: Any,
    t: Any,
    ranged: bool,
    free: bool = False,
    weapon: Item | None = None,
    extra_tn: int = 0,
    strength: int | None = None,
    instead: InsteadOfWound | None = None,
    more_dice: tuple[tuple[str, int], ...] = (),
) -> list[Any]:
    """One attack: dice and target number with every modifier, then the Defense roll; the
    models it wounded. An attack spell passes its ``weapon`` (the spell as a weapon listing),
    ``extra_tn`` ("each consecutive spell ... will increase your target number by 1") and
    ``more_dice``, the caster's casting dice by skill id (Arcane: "Roll +1D6 when casting
    magic spells").
    ``strength`` replaces the weapon's (Disarm and Pickpocket use Quickness). ``instead`` is
    the spell's or skill's handler that replaces the wound of a model failing its Defense
    (Hypnotic Gaze, Disarm, Pickpocket: :mod:`.wounds`)."""
    b = game.book
    base = int(b.g("base_target"))
    g = game.gap(m, t)
    ws = game.held(m, ranged) if not free else game.best_melee(m)
    if weapon is not None:
        ws = [weapon] if g <= game.weapon_range(m, weapon) * b.g("long_range_factor") + 1e-9 else []
    elif ranged:
        ws = [w for w in ws if not (w.id in m.fired and any(x.slow for x in traits_of(w.traits)))]
        ws = [w for w in ws if g <= game.weapon_range(m, w) * b.g("long_range_factor") + 1e-9]
    if not ws:
        return []
    w = ws[0]
    trs: list[Trait] = traits_of(w.traits)
    long = ranged and g > game.weapon_range(m, w) + 1e-9
    pair = len(ws) > 1 and w.id != "fists"
    claws = w.id == "fists" and ab.unarmed_pair(m)  # Savage Claws: bare hands as two light weapons
    if pair and any(x.pair_needs_range for x in trs):
        pair = g <= game.weapon_range(m, ws[1]) + 1e-9
    ctx = AttackCtx(ranged, long, pair)
    dice = m.a("rc") if ranged else m.a("mc")
    behind = game.behind(m, t)
    hit = Hit(ranged, behind, tuple(w.traits), frozenset(t.char.kinds))
    for h in m.skills:  # Rogue: "Lower base to hit Target Number to 3 when attacking enemies from behind"
        bt = h.base_target(hit)
        if bt is not None and bt < base:
            base = bt
    tn = base
    mods: list[str] = []
    if base != int(b.g("base_target")):
        mods.append(f"base {base}")
    if behind:
        dice += 1
        mods.append("from behind +1D6")
    for h in m.skills:
        if h.hit_dice(hit):
            dice += h.hit_dice(hit)
            mods.append(f"{h.id} +{h.hit_dice(hit)}D6")
    if extra_tn:
        tn += extra_tn
        mods.append(f"spell {m.spells_cast} this activation +{extra_tn}")
    if game.ran_now(m) and not free and game.after_run(m):
        tn += int(game.after_run(m) or 0)
        mods.append(f"after running +{game.after_run(m)}")
    if pair:
        dice += 1
        mods.append("two weapons +1D6")
    elif claws:
        dice += 1
        mods.append("savage claws +1D6")
    for hid, d in more_dice:  # Arcane, on an attack spell
        dice += d
        mods.append(f"{hid} +{d}D6")
    for hid, d in ab.attack_dice(game, m, t, hit):  # Spite
        dice += d
        mods.append(f"{hid} +{d}D6")
    for x in trs:
        if x.extra_dice(ctx):
            dice += x.extra_dice(ctx)
            mods.append(f"{x.id} +{x.extra_dice(ctx)}D6")
    if ranged:
        if t.ran_last:
            tn += 1
            mods.append("target ran +1")
        if long and not any(h.ignores_long_range() for h in m.skills):
            tn += 1
            mods.append("long range +1")
        if any(o is not t and o.up and game.in_ps(t, o) for o in game.models.values()):
            tn += 1
            mods.append("models near the target +1")
    else:
        mine = [o for o in game.enemies(t) if game.in_ps(t, o)]  # my side around the target
        theirs = [o for o in game.enemies(m) if game.in_ps(m, o)]
        if len(theirs) > 1 and len(mine) < len(theirs):
            tn += 1
            mods.append("outnumbered +1")
        if any(o is not m for o in mine):
            dice += 1
            mods.append("friend in its personal space +1D6")
    if strength is None:
        strength = w.strength_for(m.a("str")) if w.type == "melee" else int(w.strength)
        strength += sum(x.strength(ctx) for x in trs)
        for hid, more in ab.attack_strength(game, m, t, hit):  # Hate
            strength += more
            mods.append(f"{hid} +{more} Strength")
    else:
        mods.append(f"Strength {strength} (Quickness)")
    if not ranged and not free and m.tackle == t.id:  # "a +1 Strength bonus for your next melee attack"
        strength += 1
        m.tackle = ""
        mods.append("tackle +1 Strength")
    if w.id != "fists":
        m.marks["last_weapon"] = w.id
    rer = sum(x.rerolls(ctx) for x in trs)
    if ranged and weapon is None:  # "Slow weapons may only attack once and then must be reloaded"
        m.fired.add(w.id)
        if pair:  # the pair's second weapon attacked too (two different Slow pistols: both)
            m.fired.add(ws[1].id)
    hits = game.roll(m, m.seat, dice, tn, "to hit", reroll_misses=rer)
    game.emit(
        ev.Attacked(
            m.id,
            t.id,
            "free" if free else ("ranged" if ranged else "melee"),
            w.name,
            dice,
            min(tn, 6),
            strength,
            hits,
            mods,
            round(g, 3),
        )
    )
    if hits <= 0:
        return []
    victims = [t]
    if any(x.aoe for x in trs):
        victims += [o for o in game.models.values() if o is not t and o.up and game.gap(o, t) <= hits]
    everyone = instead is not None and not instead.target_only  # else the target's wound only
    return [
        v
        for v in victims
        if defend(game, m, v, strength, hits, ranged, trs, hit, instead if v is t or everyone else None)
    ]


def cover(game: Any, t: Any, crossed: set[str]) -> bool:
    """ "Any model within Area Terrain will be harder to hit"; behind an obstacle, "part of the
    obstacle itself must be within your model's Personal Space" and between the models."""
    if game.areas_at(t.pos):
        return True
    under = heights.platform_at(game, t.pos)  # the roof it stands on is not cover (ours)
    return any(
        game.pieces[i].kind not in heights.AREA_KINDS and game.pieces[i] is not under
        for i in crossed
        if i in game.pieces
    )


def defend(
    game: Any,
    m: Any,
    t: Any,
    strength: int,
    hits: int,
    ranged: bool,
    trs: list[Trait],
    hit: Hit | None = None,
    instead: InsteadOfWound | None = None,
) -> bool:
    """The Defense roll against ``hits`` at ``strength``; True when the model failed it.
    ``instead`` replaces the wound (:class:`.wounds.InsteadOfWound`)."""
    b = game.book
    hit = hit or Hit(ranged, game.behind(m, t), (), frozenset(t.char.kinds))
    armed = game.held(t, False)[0].id != "fists" or ab.unarmed_pair(t)
    mine = Hit(ranged, hit.behind, hit.weapon_traits, hit.target_kinds, armed)
    dp = t.a("dp") + game.shield_dp(t)
    mods: list[str] = []
    if game.shield_dp(t):
        mods.append(f"shield +{game.shield_dp(t)}")
    if ranged:
        _f, crossed = game.sight(m, t)
        if cover(game, t, crossed):
            dp += int(b.g("cover_defense"))
            mods.append("cover +1")
    if strength >= int(b.g("super_strength")):
        dp -= 1
        mods.append("super strength -1")
    rer = sum(h.save_rerolls(mine) for h in t.skills)  # Hearty, Parry
    if game.item_save_rerolls(t):  # the Buckler
        rer += game.item_save_rerolls(t)
        mods.append(f"buckler reroll {game.item_save_rerolls(t)}D6")
    brute = sum(h.enemy_save_rerolls(hit) for h in m.skills)  # Brute: the defender re-rolls a save
    saves = game.roll(t, t.seat, dp, strength, "defense", reroll_misses=rer, reroll_hits=brute, need=hits)
    hurt = saves < hits
    game.emit(ev.Defended(t.id, max(dp, 0), min(strength, 6), saves, hits, hurt, mods))
    if not hurt:
        return False
    if instead is not None:
        instead.instead_of_wound(game, m, t)  # Hypnotic Gaze, Disarm, Pickpocket: no Health lost
        if not instead.wounded:
            return True  # "instead of being injured": nothing of the wound follows
    else:
        game._wound(t, m.id)
        ab.on_wounded(game, m, t, ranged, not t.up)  # Bloodsucker, Pestilence, Pulverize, Spite
    if t.up:
        if any(x.binds for x in trs):
            t.bound = True
            game.emit(ev.Note(t.id, "bound", "is bound and cannot move until it frees itself"))
        if any(x.dot for x in trs):
            t.dot = (strength, hits)
            game.emit(ev.Note(t.id, "dot", f"suffers damage over time ({hits} saves needed)"))
    return True

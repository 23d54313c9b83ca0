"""Mounts and the Dismount action (core rules, "Special Equipment Rules: Mounts"; the Fantasy
items list the Donkey, the Horse and the Raptor).

The book: "a character should start and finish the game on his mount"; "All mounts have a fixed
Quickness level, and this is how many inches your character will move while riding it, even if
his own Quickness happens to be higher"; "Getting off of your mount will count as one action.
In most cases, your mount will leave the battlefield when you get off"; "A mount's model is
usually larger than the character riding it, granting a Health bonus or offering saddlebags to
allow you to carry more equipment. Thus, it is usually best to stay on your mount, as you wil
lose these bonuses if you dismount."

Why a module of its own: the gang file names the rider on foot (its size, base, attributes) and
a mount among its items; :func:`mount_character` builds the mounted model from that (the mount's
size, a base at least that size's minimum, the size's Health/Strength/XP/VP, its eye height and
hop), keeping the rider on foot for :func:`dismount`. The engine asks this module three things
(the move's fixed Quickness, the obstacle cost of a mount's trait, what the model may carry) and
offers Dismount when :func:`can_dismount` says so; it never names a mount. Behaviour of the
mounts' printed trait ("May cross over obstales when running") is a handler by trait id.

Readings (docs/gangfight-gaps.md): the rider and its mount are one model; a hit on it is a hit
on the model (the book never hits the mount alone), and the Health bonus is the size's. The
Large size's +10 XP is paid with the mount's level (the size rule: "this bonus will cost an
additional +10 XP"). Dismounting takes the size's Health bonus off both the model's Health and
its starting Health (the wounds it took stay taken), so it is not offered when that would take
the model's last point, nor when what it carries would not fit the rider's own Strength.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ...play.handlers import HandlerRegistry
from .book import FANTASY, Book

MM = 1 / 25.4


@dataclass(frozen=True)
class Ride:
    """The mount a character rides: what the engine needs of it."""

    item: str  # the item key (fantasy/<id>)
    name: str
    quickness: int  # "All mounts have a fixed Quickness level"
    carry: int  # saddlebags: Strength points of extra carrying
    size: str  # the mounted model's size (at least)
    traits: tuple[str, ...]


class MountTrait:
    """A mount's printed special rule; the default changes nothing."""

    id = ""

    def obstacle_cost(self) -> float | None:
        """Inches an obstacle costs the mounted model (None: the usual 1")."""
        return None


REGISTRY: HandlerRegistry[type[MountTrait]] = HandlerRegistry("gangfight")
REGISTRY["mount_traits"] = {}


def mount_trait(cls: type[MountTrait]) -> type[MountTrait]:
    REGISTRY["mount_traits"][cls.id] = cls
    return cls


@mount_trait
class CrossObstaclesRunning(MountTrait):
    """ "Mount May cross over obstales when running", printed under every mount. Our reading: a
    mount clears an obstacle in its stride, so the hop does not lower its move (no 1" lost,
    and a run over a fence is still a run); what it may hop is its size's ("Large or Ogre sized
    models may hop over obstacles as high as 1.5 inches")."""

    id = "cross_obstacles_running"

    def obstacle_cost(self) -> float | None:
        return 0.0


def ride_of(item_keys: tuple[str, ...] | list[str]) -> list[Ride]:
    """The mounts among a character's items (Fantasy items of the mount family)."""
    from .fantasy.catalog import catalog

    out: list[Ride] = []
    for key in item_keys:
        it = catalog().items.get(key.removeprefix(FANTASY)) if key.startswith(FANTASY) else None
        if it is None or it.family != "mount":
            continue
        out.append(Ride(key, it.name, int(it.quickness or 0), int(it.carry), str(it.size or "large"), it.traits))
    return out


def mount_character(ch: Any, ride: Ride, b: Book) -> Any:
    """The mounted model from the rider on foot: the larger of its size and the mount's, a base
    at least that size's minimum, the size's Health, Strength, XP, eye height added. The rider
    on foot (without the mount) is kept as ``on_foot`` for Dismount."""
    order = list(b.sizes)
    size = max(ch.size, ride.size, key=order.index)
    old, new = b.sizes[ch.size], b.sizes[size]
    attrs = dict(ch.attrs)
    attrs["hp"] += new.hp - old.hp
    attrs["str"] += new.str - old.str
    on_foot = dataclasses.replace(ch, items=tuple(i for i in ch.items if i != ride.item))
    return dataclasses.replace(
        ch,
        size=size,
        base_mm=max(ch.base_mm, new.base_min),
        attrs=attrs,
        xp=ch.xp + new.xp - old.xp,
        height=max(ch.height, new.height),
        ride=ride,
        on_foot=on_foot,
    )


def traits_of(ride: Ride | None) -> list[MountTrait]:
    if ride is None:
        return []
    return [REGISTRY["mount_traits"][t]() for t in ride.traits if t in REGISTRY["mount_traits"]]


def fixed_quickness(ch: Any) -> int | None:
    """The inches a mounted model moves in a Move action (None: on foot, its own Quickness)."""
    ride = getattr(ch, "ride", None)
    return ride.quickness if ride is not None else None


def obstacle_cost(ch: Any) -> float | None:
    """A mount's trait's obstacle cost (None: none changes it)."""
    own = [c for c in (t.obstacle_cost() for t in traits_of(getattr(ch, "ride", None))) if c is not None]
    return min(own) if own else None


def carry(ch: Any) -> int:
    """Saddlebags: extra Strength points to carry items and objectives while mounted."""
    ride = getattr(ch, "ride", None)
    return ride.carry if ride is not None else 0


def dismount_loss(m: Any) -> int:
    """The Health the model loses getting off (its mounted size's bonus over the rider's own)."""
    return int(m.char.attrs["hp"]) - int(m.char.on_foot.attrs["hp"])


def can_dismount(game: Any, m: Any) -> bool:
    """Dismount is offered to a mounted model that keeps at least 1 Health on foot and whose items
    and objectives fit the rider's own Strength (the saddlebags leave with the mount)."""
    foot = getattr(m.char, "on_foot", None)
    if foot is None or m.hp - dismount_loss(m) < 1:
        return False
    load = sum(game.item(i).slots for i in foot.items) + len(m.carried)
    return bool(load <= int(foot.attrs["str"]))


def dismount(game: Any, m: Any) -> None:
    """ "Getting off of your mount will count as one action. In most cases, your mount will leave
    the battlefield when you get off": the model becomes the rider on foot where it stood (its
    base shrinks about its centre, its facing kept) and loses the mount's bonuses."""
    from . import events as ev

    ride = m.char.ride
    loss = dismount_loss(m)
    m.hp -= loss
    m.max_hp -= loss
    m.char = m.char.on_foot
    m.radius = m.char.base_mm * MM / 2
    game.table.remove_figure(m.id)
    game.table.add_figure(m.id, m.pos, base_mm=m.char.base_mm, angle=m.facing)
    game.emit(ev.Dismounted(m.id, ride.name, round(m.radius, 4), m.hp, m.max_hp, m.char.size))

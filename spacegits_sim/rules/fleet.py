"""Vehicles as models: a vehicle's stats seen as a model's, its crew and bolted guns, and the
dice a vehicle may throw. Small pure helpers the match core and the AIs share (no flow here;
driving lives in :mod:`.vehicles`).
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from ..data.dice import DicePool, parse_dice
from ..data.rules_data import GitType, RulesData, VehicleType
from ..physics.tower import Tower
from . import effects
from .gangs import GitSpec
from .state import Model, Mount

if TYPE_CHECKING:
    from .effects.base import Effect

DIE_SIZES = (4, 6, 8, 10, 12, 20)  # the dice a boss may pick up ("three move dice of any size")
MOVE_DICE = 3  # "you can roll three move dice"
WIPEOUT_DICE = 3  # "chooses any three dice"
VEHICLE_SUFFIX = "v"  # a vehicle's model id: its driver's id + "v"


def vehicle_as_git(vt: VehicleType) -> GitType:
    """A vehicle's stats as a model's: its engine is its move dice, its toughness its own, its
    special rules (Fly, Klanking) its rules; its "base" is the hull's width."""
    return GitType(
        id=f"vehicle:{vt.id}",
        name=vt.name,
        cost=vt.cost,
        move=parse_dice(f"{MOVE_DICE}D{vt.engine}"),
        headbutt=DicePool(()),
        toughness=vt.toughness,
        special=vt.special,
        free_weapons=(),
        base_mm=vt.hull_in[0] * 25.4,
        glyph="V",
        drives=False,
        provenance=vt.provenance,
    )


def vehicle_model(
    driver: Model, spec: GitSpec, rules: RulesData, towers: tuple[Tower, Tower], lasting: tuple[Effect, ...]
) -> Model:
    """The vehicle a driver's gang file gives them, with the driver in its first seat."""
    assert spec.vehicle is not None
    vt = rules.vehicles[spec.vehicle]
    mounts = tuple(Mount(rules.weapons[w], "pintle" if w in spec.pintle else "fixed") for w in spec.vehicle_weapons)
    mounts += tuple(Mount(w, how) for w, how in effects.extra_mounts(spec.mods, rules))  # a Mega-magnet
    v = Model(
        driver.id + VEHICLE_SUFFIX,
        f"{driver.name}'s {vt.name}",
        driver.boss,
        vehicle_as_git(vt),
        spec,
        (),
        (),
        towers[0],
        lasting,
        vehicle=vt,
        tower2=towers[1],
        crew=[driver.id],
        mounts=mounts,
    )
    driver.aboard = v.id
    return v


def seat_passengers(models: dict[str, Model]) -> None:
    """Seat every driver's ``passengers`` (their gang file's) aboard their vehicle before set-up:
    "If the vehicle has more than one seat, you can put some other of your gits in the vehicle too
    as passengers". They are its crew after the driver, not separate models (so not deployed on
    their own), as a git who boards in play. The gang check has vouched for the names
    (``gangs.seating``). A git who misses the game (an A&E "misses the next game") is not seated,
    and nobody rides in a vehicle whose driver misses it: they deploy on foot."""
    for v in models.values():
        if v.vehicle is None or not v.crew:
            continue
        driver = models[v.crew[0]]
        if driver.spec.misses:
            continue
        mine = {m.name: m for m in models.values() if m.boss == v.boss and m.vehicle is None}
        for name in driver.spec.passengers:
            p = mine.get(name)
            if p is None or p.spec.misses or p.aboard is not None:
                continue
            v.crew.append(p.id)
            p.aboard = v.id


def dice_choices(largest: int, n: int, bigger_one: int | None = None) -> list[tuple[int, ...]]:
    """Every choice of ``n`` dice no bigger than ``largest`` sides (largest first), and with
    ``bigger_one`` one of them may be that much bigger (Honking Great Shaker Scoop)."""
    sizes = [s for s in DIE_SIZES if s <= largest]
    out = {tuple(sorted(c, reverse=True)) for c in combinations_with_replacement(sizes, n)}
    if bigger_one is not None:
        for c in combinations_with_replacement(sizes, n - 1):
            out.add(tuple(sorted((bigger_one, *c), reverse=True)))
    return sorted(out, reverse=True)


def next_size(sides: int) -> int:
    """One dice size higher (D12 → D20; a D20 stays)."""
    bigger = [s for s in DIE_SIZES if s > sides]
    return bigger[0] if bigger else sides


def pivot_to_corridor(local: tuple[float, float], half_width: float) -> float:
    """The smallest turn (radians, + is anticlockwise) that brings a point at ``local`` (in the
    hull's frame: x forward) into the front corridor of half-width ``half_width``. 0 if it is
    already in it; a point behind the hull is turned to face."""
    x, y = local
    r = math.hypot(x, y)
    if r < 1e-9:
        return 0.0
    phi = math.atan2(y, x)
    if x >= 0 and abs(y) <= half_width:
        return 0.0
    half = math.asin(min(1.0, half_width / r))
    if abs(phi) <= half:
        return 0.0
    return phi - math.copysign(half, phi)

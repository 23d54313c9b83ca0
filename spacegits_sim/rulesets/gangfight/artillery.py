"""Artillery pieces (core rules, "Special Equipment Rules: Artillery"; the Fantasy Ballista is
completed in fantasy/items.yaml).

The book: "an artillery piece cannot be moved during a game ... but the model firing may use an
action turn it in any direction. An Artillery piece is considered an obstacle as well as a
normal model. If a model is behind Artillery, he may be considered to be in cover depending on
line of sight ... Artillery weapons are fired by choosing a member of your gang to fire it on
his activation instead of using his normal weapon. To fire the artillery piece, a member of your
gang must stand in the Artillery model's rear arc, and in the shooter's Personal Space. An
artillery piece may only be used by one model per game turn. Artillery is added to your gang
the same way you would add a new character ... when you set up your men at the start of your
game, you may place artillery anywhere on the board, just keep in mind your enemies may get to
it and use it first!"

Why a module of its own: a piece is a thing on the table (placed, turned, fired), not a model
that activates, so the engine's gangs, morale and activations never see it. It is put on the
table as a terrain piece of its own (kind ``blocking``: it stops moves, hides what it is tall
enough to hide, and counts for cover like any piece between), and this module answers the
engine's hooks: the pieces to place at setup, the actions a model has beside one (Fire, Aim),
and what they do. The shot is a ranged attack from the piece: the crew's Ranged Combat dice,
the piece's Strength and range (long range to twice it), facing and sight from the piece, the
usual modifiers, then the target's ordinary Defense roll (the engine's).

Readings (docs/gangfight.md): the gang file lists its pieces under ``artillery`` (an XP of its
profile plus its level, like an item); pieces are placed after the models, by their owners
alternating, anywhere on the board clear of bases, terrain and objectives, facing the middle;
any model may crew any piece ("your enemies may get to it and use it first"); Aim is offered to
a model with the piece in its personal space; Fire is one attack action, and "instead of using his
normal weapon" (with "Your character must use this weapon for his entire Activation") means the
crew that fires a piece makes no attack with its own weapons in that activation, and a model that
has attacked with them does not fire one; its other actions (move, aim, reload...) are its own.
Pieces are not attacked (the book calls one "a normal model" but never says what hitting or
destroying one does: the completed Health and Defense are not used; ``gaps.py`` says so).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...play.protocol import Deploy
from .book import FANTASY
from .scenario import Piece as TerrainPiece
from .sight import Cylinder, SightTable, footprints, visible_fraction

MM = 1 / 25.4


@dataclass
class Gun:
    """One artillery piece in play."""

    id: str
    seat: int  # whose gang brought it (anyone may crew it)
    item: str  # the item key (fantasy/<id>)
    name: str
    radius: float
    height: float
    pos: tuple[float, float] = (0.0, 0.0)
    facing: float = 0.0
    placed: bool = False
    used_turn: int = 0  # "An artillery piece may only be used by one model per game turn"


def profile(item_key: str) -> Any:
    from .fantasy.catalog import catalog

    return catalog().items[item_key.removeprefix(FANTASY)]


def guns_of(game: Any) -> dict[str, Gun]:
    """The pieces of both gangs (made once, from the scenario's gangs)."""
    have = getattr(game, "guns", None)
    if have is None:
        have = {}
        for seat, g in enumerate(game.scenario.gangs):
            for k, key in enumerate(getattr(g, "artillery", ())):
                it = profile(key)
                pid = f"{'ab'[seat]}_gun{k + 1}"
                have[pid] = Gun(
                    pid,
                    seat,
                    key,
                    it.name,
                    float(it.artillery["base_mm"]) * MM / 2,
                    float(it.artillery["height"]),
                )
        game.guns = have
    return dict(have)


def _legal(game: Any, gun: Gun, p: tuple[float, float]) -> str | None:
    """ "you may place artillery anywhere on the board": clear of the edge, terrain (but Area
    Terrain), every base and objective."""
    r = gun.radius
    if not (r <= p[0] <= game.width - r and r <= p[1] <= game.height - r):
        return "off the board"
    for t, _d in game.table.within(r - 1e-6, point=p):
        if t.id in game.pieces and game.pieces[t.id].kind != "area":
            return f"on {t.id}"
    for o in game.models.values():
        if o.status == "ready" and math.dist(o.pos, p) < o.radius + r + 1e-6:
            return f"overlaps {o.name}"
    for q in game.objectives.values():
        if q is not None and math.dist(q, p) < r + 0.5:
            return "on an objective"
    return None


def deploy(game: Any) -> Any:
    """Place every piece, the owners alternating (the defender first, as with the models)."""
    guns = guns_of(game)
    if not guns:
        return
    seat = 1 - game.attacker
    while True:
        left = [g for g in guns.values() if g.seat == seat and not g.placed]
        if not left:
            seat = 1 - seat
            left = [g for g in guns.values() if g.seat == seat and not g.placed]
            if not left:
                break
        gun = left[0]

        def legal(_m: str, q: tuple[float, float], g: Gun = gun) -> str | None:
            return _legal(game, g, q)

        ans = yield Deploy(seat, (gun.id,), game.width, game.height, 1.0, legal)
        if ans == "skip":
            p = game._first_legal(lambda q, g=gun: _legal(game, g, q))
            if p is None:
                raise RuntimeError(f"no room to place {gun.name}")
        else:
            p = ans[1]
        place(game, gun, p)
        seat = 1 - seat


def place(game: Any, gun: Gun, p: tuple[float, float]) -> None:
    """Set a piece on the table at ``p``, facing the middle of the board: a blocking piece of
    terrain of its own (it stops moves, hides what it is tall enough to hide, gives cover)."""
    from . import events as ev

    gun.pos = (round(p[0], 4), round(p[1], 4))
    gun.facing = round(math.atan2(game.height / 2 - gun.pos[1], game.width / 2 - gun.pos[0]), 6)
    gun.placed = True
    piece = TerrainPiece(gun.id, "blocking", gun.height, (), (gun.pos[0], gun.pos[1], gun.radius))
    game.pieces[gun.id] = piece
    game.table.add_terrain(gun.id, gun.height, circle=(gun.pos, gun.radius), crossable=False)
    game.sight_table = SightTable(footprints([*game.scenario.board.terrain, *_placed_pieces(game)]))
    game._gun_sight = {}  # each piece's own view (without its footprint) is rebuilt when next asked
    game.emit(
        ev.ArtilleryPlaced(
            gun.id, gun.seat, gun.name, [gun.pos[0], gun.pos[1]], round(math.degrees(gun.facing), 3), gun.radius
        )
    )


def _placed_pieces(game: Any, but: str = "") -> list[TerrainPiece]:
    return [game.pieces[g.id] for g in guns_of(game).values() if g.placed and g.id != but]


def _in_front(gun: Gun, p: tuple[float, float], r: float = 0.0) -> bool:
    dx, dy = p[0] - gun.pos[0], p[1] - gun.pos[1]
    return dx * math.cos(gun.facing) + dy * math.sin(gun.facing) >= -r - 1e-9


def _gap(gun: Gun, m: Any) -> float:
    return max(0.0, math.dist(gun.pos, m.pos) - gun.radius - float(m.radius))


def crews(game: Any, m: Any) -> list[Gun]:
    """The pieces ``m`` may fire: in the piece's rear arc (its centre behind the piece's facing)
    and the piece in its personal space; not yet used this game turn."""
    ps = game.book.g("personal_space")
    return [
        g
        for g in guns_of(game).values()
        if g.placed and g.used_turn != game.turn and _gap(g, m) <= ps + 1e-9 and not _in_front(g, m.pos)
    ]


def reach(gun: Gun) -> float:
    it = profile(gun.item)
    return float(it.range or 0)


def sight_from(game: Any, gun: Gun, t: Any) -> tuple[float, set[str]]:
    """What the piece sees of ``t`` (its own footprint left out: the eye sits on it)."""
    tab = getattr(game, "_gun_sight", {}).get(gun.id)
    if tab is None:
        pieces = [*game.scenario.board.terrain, *_placed_pieces(game, but=gun.id)]
        tab = SightTable(footprints(pieces))
        cache = getattr(game, "_gun_sight", {})
        cache[gun.id] = tab
        game._gun_sight = cache
    others = [
        Cylinder(o.pos[0], o.pos[1], o.radius, o.char.height, 0.0, o.id)
        for o in game.models.values()
        if o.up and o is not t
    ]
    target = Cylinder(t.pos[0], t.pos[1], t.radius, t.char.height, 0.0, t.id)
    return visible_fraction(tab, (gun.pos[0], gun.pos[1], gun.height), target, others, game.book.g("personal_space"))


def gun_targets(game: Any, m: Any, gun: Gun) -> list[str]:
    """The enemies of the crew the piece can shoot: in its front arc, within twice its range,
    at least half seen from it."""
    b = game.book
    far = reach(gun) * b.g("long_range_factor")
    out = []
    for e in game.enemies(m):
        if not _in_front(gun, e.pos, e.radius) or _gap(gun, e) > far + 1e-9:
            continue
        if sight_from(game, gun, e)[0] >= b.g("sight_fraction") - 1e-9:
            out.append(e.id)
    return out


def options(game: Any, m: Any) -> list[str]:
    """The engine's hook: Fire (a piece it crews, with a target; not engaged, not after a run)
    and Aim (a piece in its personal space)."""
    guns = guns_of(game)
    if not guns or not m.up:
        return []
    out: list[str] = []
    engaged = bool(game.engaged(m))
    ran = game.ran_now(m) and game.after_run(m) is None
    if not engaged and not ran and not (m.attacked and not crewing(m)):  # not after its own weapon's attack
        out += [f"fire:{g.id}" for g in crews(game, m) if gun_targets(game, m, g)]
    ps = game.book.g("personal_space")
    out += [f"aim:{g.id}" for g in guns.values() if g.placed and _gap(g, m) <= ps + 1e-9]
    return out


def crewing(m: Any) -> bool:
    """Has it fired a piece in this activation ("instead of using his normal weapon": then its own
    weapons make no attack until its next activation)?"""
    return "crewed" in m.marks and m.marks["crewed"] == m.marks.get("activations")


def act(game: Any, m: Any, act: str) -> Any:
    """Do a Fire or Aim action (a generator: it may ask whom, or which way)."""
    kind, pid = act.split(":", 1)
    gun = guns_of(game)[pid]
    if kind == "fire":
        yield from _fire(game, m, gun)
    else:
        yield from _aim(game, m, gun)


def _aim(game: Any, m: Any, gun: Gun) -> Any:
    """ "the model firing may use an action turn it in any direction": face an enemy or a compass point."""
    from . import events as ev
    from .requests import Facing

    fs: list[tuple[str, float]] = []

    def add(label: str, f: float) -> None:
        if all(abs(math.remainder(f - g, 2 * math.pi)) > 0.05 for _l, g in fs):
            fs.append((label, f))

    for e in game.enemies(m):
        add(f"face:{e.id}", math.atan2(e.pos[1] - gun.pos[1], e.pos[0] - gun.pos[0]))
    for i in range(8):
        add(f"face_dir{i}", 2 * math.pi * i / 8)
    r = gun.radius + 1.2
    pick = yield Facing(
        m.seat,
        tuple(f[0] for f in fs),
        f"{m.name}: turn the {gun.name} to face which way?",
        m.id,
        tuple(
            (round(gun.pos[0] + r * math.cos(f), 4), round(gun.pos[1] + r * math.sin(f), 4), round(f, 5))
            for _l, f in fs
        ),
        gun.pos,
    )
    gun.facing = round(dict(fs)[pick], 5)
    game.emit(ev.ArtilleryTurned(gun.id, m.id, round(math.degrees(gun.facing), 3)))


def _fire(game: Any, m: Any, gun: Gun) -> Any:
    """The piece's shot, "instead of using his normal weapon": the crew's Ranged Combat dice, the
    piece's Strength; long range (+1), a target that ran (+1), models in its personal space (+1),
    +1D6 from behind the target; the target's Defense roll is the ordinary one."""
    from . import events as ev
    from .requests import Target
    from .skills import Hit
    from .traits import traits_of

    ts = gun_targets(game, m, gun)
    if not ts:
        return
    pick = yield Target(m.seat, tuple(ts), f"{m.name}: fire the {gun.name} at whom?", m.id)
    t = game.models[pick]
    b = game.book
    it = profile(gun.item)
    gun.used_turn = game.turn
    m.attacked = True
    m.marks["crewed"] = m.marks.get("activations")  # its own weapons rest this activation
    g = _gap(gun, t)
    long = g > reach(gun) + 1e-9
    behind = not game.in_front(t, gun.pos)
    trs = traits_of(tuple(x for x in it.traits if x != "artillery"))
    hit = Hit(True, behind, tuple(it.traits), frozenset(t.char.kinds))
    dice, tn, mods = m.a("rc"), int(b.g("base_target")), [f"{gun.name}"]
    if behind:
        dice += 1
        mods.append("from behind +1D6")
    for h in m.skills:  # Engineer: "Gain +1D6 to hit when attacking with Artillery"
        if h.hit_dice(hit):
            dice += h.hit_dice(hit)
            mods.append(f"{h.id} +{h.hit_dice(hit)}D6")
    if t.ran_last:
        tn += 1
        mods.append("target ran +1")
    if long:
        tn += 1
        mods.append("long range +1")
    if any(o is not t and o.up and game.in_ps(t, o) for o in game.models.values()):
        tn += 1
        mods.append("models near the target +1")
    strength = int(it.strength or 0)
    hits = game.roll(m, m.seat, dice, tn, "to hit")
    game.emit(ev.Attacked(m.id, t.id, "artillery", gun.name, dice, min(tn, 6), strength, hits, mods, round(g, 3)))
    if hits > 0:
        game._defend(m, t, strength, hits, True, trs, hit)


def advice_fire(game: Any, m: Any, opts: tuple[str, ...]) -> str | None:
    """For an AI: the Fire action when one is on offer (a Strength-6 shot across the board
    plainly pays), else Aim a piece it crews that has no target in front but would have one."""
    fires = [o for o in opts if o.startswith("fire:")]
    if fires:
        return fires[0]
    for o in opts:
        if not o.startswith("aim:"):
            continue
        gun = guns_of(game)[o.split(":", 1)[1]]
        if gun in crews(game, m) and not gun_targets(game, m, gun) and game.enemies(m):
            return o
    return None


def keeps_crewing(game: Any, m: Any) -> bool:
    """For an AI: a model behind a piece stays there (it can fire it again next turn)."""
    ps = game.book.g("personal_space")
    return any(g.placed and _gap(g, m) <= ps + 1e-9 and not _in_front(g, m.pos) for g in guns_of(game).values())


def deploy_score(game: Any, seat: int, pid: str, p: tuple[float, float]) -> float | None:
    """For an AI placing a piece (None: not a piece): behind one of its own models, facing the
    middle, so that model crews it from the first turn; near its own models otherwise."""
    gun = guns_of(game).get(pid)
    if gun is None:
        return None
    facing = math.atan2(game.height / 2 - p[1], game.width / 2 - p[0])
    ps = game.book.g("personal_space")
    best = -100.0
    for o in game.gang(seat):
        gap = math.dist(o.pos, p) - o.radius - gun.radius
        dx, dy = o.pos[0] - p[0], o.pos[1] - p[1]
        behind = dx * math.cos(facing) + dy * math.sin(facing) < 0
        s = -gap + (20.0 if behind and gap <= ps else 0.0)
        best = max(best, s)
    return best

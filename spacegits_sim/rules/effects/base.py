"""The effect protocol: one small handler per item id, with a do-nothing default for every hook.

Why: the rulebook has ~150 special rules. The engine calls a named hook at each moment the
rulebook names (choosing guns, each bullet, damage taken, after a swig, falling over…) and
asks the effects a model carries; a handler overrides only the hooks its paragraph speaks
of. Adding an item is its YAML entry plus one handler (like python-chess variants filling
hooks, or fireplace's one class per card). The engine never names an item.

Hooks that fold a value take it as their last argument and return the new value; hooks
that can start play (a shove, an explosion) are generators (``Flow``) the engine drives.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ...data.rules_data import GitType, RulesData, TerrainType, Weapon
    from ..combat import Combat
    from ..core import MatchCore as Match
    from ..gangs import GitSpec
    from ..state import Model

Flow = Generator[Any, Any, Any]


def no_flow() -> Flow:
    """A flow that does nothing (the default for hooks that may start play)."""
    yield from ()


class Effect:
    """One item's behaviour. Subclasses set ``family``/``id`` and override hooks."""

    family: ClassVar[str] = ""
    id: ClassVar[str] = ""
    implemented: ClassVar[bool] = True
    ON_GUNS: ClassVar[int] = 0  # gear that sits on this many guns: the gang file says which (gear_on)

    # ---- gang building (work on the git's spec: no match exists yet) ----------------
    def hands(self, spec: GitSpec, n: int) -> int:
        """Hands this git has (two, before any effect)."""
        return n

    def hands_needed(self, spec: GitSpec, weapon: Weapon, n: int) -> int:
        """Hands this git needs to hold ``weapon``."""
        return n

    def combo_hands(self, spec: GitSpec, weapons: list[Weapon], needs: list[int]) -> list[int]:
        """Hands needed for each of ``weapons`` when used together in one action."""
        return needs

    def max_weapons(self, spec: GitSpec, n: int) -> int:
        """How many weapons this git may carry."""
        return n

    def weapons_counted(self, spec: GitSpec, n: int) -> int:
        """How many of its ``n`` weapons count against that limit."""
        return n

    def gang_problems(self, spec: GitSpec, git: GitType, rules: RulesData) -> list[tuple[str, str]]:
        """Ways this git breaks "Gather Your Gits" because of this effect: (field, message)."""
        return []

    # ---- profile ------------------------------------------------------------------------
    def toughness(self, m: Model, t: int) -> int:
        """Toughness against shooting, blasts and everything else."""
        return t

    def thumped_toughness(self, m: Model, t: int) -> int:
        """Toughness when thumped in a fight (on top of ``toughness``)."""
        return t

    def headbutt(self, m: Model, w: Weapon) -> Weapon:
        """The headbutt this git thumps with when it has nothing better."""
        return w

    def weapon_range(self, m: Model, w: Weapon, r: float) -> float:
        return r

    def weapon_damage(self, m: Model, w: Weapon, big: bool, dmg: int) -> int:
        """Damage one of ``w``'s dice does (big or weak)."""
        return dmg

    # ---- towers ----------------------------------------------------------------------------
    def tower_dice(self, m: Model, n: int) -> int:
        """How many dice go on the tower when ``n`` are to be added (swig or damage)."""
        return n

    def swig_dice(self, m: Model, n: int) -> int:
        """How many dice one swig adds (before ``tower_dice``)."""
        return n

    def move_dice(self, m: Model, dice: tuple[int, ...]) -> tuple[int, ...]:
        """The move dice (sides of each) this git throws when it scoots."""
        return dice

    def damage_taken(self, m: Model, kind: str, n: int) -> int:
        """Damage this git actually takes of ``n`` from a ``kind`` of source ("shot", "blast",
        "fight" or "other")."""
        return n

    def fight_damage(self, m: Model, n: int) -> int:
        """The damage one of this git's thumps deals in all (after each die's weak/big)."""
        return n

    # ---- deployment and activation ---------------------------------------------------------
    def deploys_free(self, m: Model) -> bool:
        """The first such git deployed does not count against the model limit."""
        return False

    def can_activate_fallen(self, m: Model, match: Match) -> bool:
        """May be picked to activate while fallen (its activation is then a reboot)."""
        return False

    def can_be_booted_up(self, m: Model) -> bool:
        return True

    def helps_move(self, helper: Model, mover: Model) -> bool:
        """After one of ``mover``'s move dice resolves, ``helper`` may move with it too."""
        return False

    def activation_start(self, m: Model, match: Match) -> str | None:
        """At the start of an activation; a returned reason ends the activation at once."""
        return None

    def wastes_next_activation(self, m: Model) -> bool:
        """Its next activation will end at once (for controllers weighing which git to pick)."""
        return False

    def before_swig(self, m: Model, match: Match) -> None:
        """After the actions, before the swig (only a standing git swigs)."""

    def after_swig(self, m: Model, match: Match) -> Flow:
        return no_flow()

    def activation_end(self, m: Model, match: Match) -> None:
        """At the end of an activation (whatever ended it)."""

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        """This git's own boss knocked its tower over: it falls over."""
        return no_flow()

    # ---- fighting and shooting ----------------------------------------------------------
    def headbutt_when_shoved(self, m: Model) -> bool:
        """A thump cancelled by a shove still headbutts."""
        return False

    def thump_survives_shove(self, m: Model) -> bool:
        """A thump is not cancelled by a shove."""
        return False

    def gun_ready(self, m: Model, w: Weapon) -> bool:
        """``w`` (a weapon with this special) may be fired now."""
        return True

    def on_fired(self, m: Model, w: Weapon) -> None:
        """``w`` (a weapon with this special) was just fired."""

    def after_shoot(self, m: Model, match: Match) -> None:
        """This git's shoot action is over (every bullet resolved)."""

    def on_big_damage(
        self, combat: Combat, attacker: Model, target: Model, w: Weapon, in_fight: bool, toughness_bonus: int
    ) -> Flow:
        """``w`` (a weapon with this special) did big damage to ``target``."""
        return no_flow()

    # ---- terrain ------------------------------------------------------------------------------
    def explodes(self, terrain: TerrainType) -> int:
        """Terrain that explodes (x) when hit, and is hit instead of giving cover; 0 = not."""
        return 0

    def keeps_sliding(self, terrain: TerrainType) -> bool:
        """A model cannot stop on this (crossable) terrain: it keeps travelling in a straight line
        until it is off it or bumps into something."""
        return False

    def moved_through(self, match: Match, m: Model, terrain_id: str, value: int) -> Flow:
        """A move die of ``value`` moved ``m`` through this (crossable) terrain."""
        return no_flow()

    def boot_cost(self, terrain: TerrainType) -> int | None:
        """Caps a git in contact pays to boot this terrain (0: free); None: it cannot be booted."""
        return None

    def booted(self, match: Match, m: Model, terrain_id: str, terrain: TerrainType) -> Flow:
        """``m`` booted this terrain (its cost is already paid)."""
        return no_flow()

    def boot_worth(self, match: Match, m: Model, terrain: TerrainType) -> float:
        """What booting this terrain is worth to ``m``'s boss, in caps (for controllers)."""
        return 0.0


@dataclass(frozen=True)
class Deferred:
    """An id the data names whose behaviour is not built yet: loud, never silently "ok"."""

    family: str
    id: str
    why: str
    implemented: bool = False


#: family -> id -> handler class (implemented) or Deferred (known, not simulated yet)
REGISTRY: dict[str, dict[str, type[Effect] | Deferred]] = {}


def register(cls: type[Effect]) -> type[Effect]:
    """Class decorator: register a handler under its family and id."""
    if not cls.family or not cls.id:
        raise ValueError(f"{cls.__name__} needs a family and an id")
    REGISTRY.setdefault(cls.family, {})[cls.id] = cls
    return cls


def defer(family: str, ids: str, why: str) -> None:
    for ident in ids.split():
        REGISTRY.setdefault(family, {}).setdefault(ident, Deferred(family, ident, why))

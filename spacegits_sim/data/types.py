"""The rulebook's value types: frozen dataclasses for gits, weapons, gear, vehicles, factions,
terrain, special rules and roll tables, and ``RulesData`` holding them all.

Every entry carries its ``Provenance``: printed, or completed by us (which fields, and why).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .dice import DicePool


@dataclass(frozen=True)
class Provenance:
    source: str  # "printed" | "completed"
    completed: tuple[str, ...] = ()
    reason: str | None = None
    note: str | None = None
    printed_as: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GitType:
    id: str
    name: str
    cost: int
    move: DicePool
    headbutt: DicePool
    toughness: int
    special: tuple[str, ...]
    free_weapons: tuple[str, ...]
    base_mm: float
    glyph: str  # the letter drawn on the model's base
    drives: bool  # may be given a vehicle (rulebook: Gather Your Gits)
    provenance: Provenance


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    kind: str  # "shooting" | "fighting"
    cost: int
    hands: int
    range: float | None  # inches; None = "Fight"
    dice: DicePool
    weak: int
    big: int
    special: tuple[str, ...]
    innate: bool
    provenance: Provenance


@dataclass(frozen=True)
class Item:
    """A bit of fancy gear or a vehicle mod: a price and a rule (behaviour keyed by id)."""

    id: str
    name: str
    cost: int
    text: str
    special: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True)
class VehicleType:
    id: str
    name: str
    cost: int
    engine: int  # sides of the largest move die
    toughness: int
    handling: int
    seats: int
    special: tuple[str, ...]
    hull_in: tuple[float, float]  # width, length in inches
    provenance: Provenance


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    rule: str
    rule_id: str
    text: str
    quote: str
    provenance: Provenance


@dataclass(frozen=True)
class TerrainType:
    id: str
    name: str
    height_in: float
    special: tuple[str, ...]
    text: str
    explode: int | None
    toughness: int | None
    provenance: Provenance
    crossable: bool = False  # walked over (a puddle, a rubble pile): never stops a move, a die or a blast
    rough: bool = False  # carrying a tower across it shakes the tower harder (physics: rough_ground_jitter)
    colour: tuple[int, int, int] | None = None  # how the screen paints it (None: by its height)

    @property
    def low(self) -> bool:
        """Low objects (≤ 2") are ignored by lines of fire but give cover (rulebook: Shooting)."""
        return self.height_in <= 2.0


@dataclass(frozen=True)
class SpecialRule:
    id: str
    name: str
    applies_to: tuple[str, ...]
    text: str
    explode: int | None
    provenance: Provenance


@dataclass(frozen=True)
class CompletedRule:
    """A rule the book leaves out that the engine completes (not a value of an entry: what the
    code does where the text is silent), listed on docs/rulebook-gaps.md with why. Written in
    a rules file's ``completed_rules``; the behaviour itself is the engine's."""

    id: str
    name: str
    rule: str
    reason: str
    file: str


@dataclass(frozen=True)
class TableRow:
    lo: int
    hi: int
    roll: str  # as printed, e.g. "01-05"
    result: str
    price: int | None
    ref: str | None  # "family/id"
    extra: Mapping[str, Any]
    provenance: Provenance


@dataclass(frozen=True)
class RollTable:
    id: str
    name: str
    dice: DicePool
    rows: tuple[TableRow, ...]

    @property
    def span(self) -> tuple[int, int]:
        return table_span(self.dice)

    def lookup(self, value: int) -> TableRow:
        for r in self.rows:
            if r.lo <= value <= r.hi:
                return r
        raise KeyError(f"{self.id}: no row for {value}")


HEADBUTT = "headbutt"  # the weapons.yaml entry every git thumps with when it has nothing better


@dataclass(frozen=True)
class RulesData:
    gits: Mapping[str, GitType]
    weapons: Mapping[str, Weapon]
    gear: Mapping[str, Item]
    vehicles: Mapping[str, VehicleType]
    vehicle_mods: Mapping[str, Item]
    factions: Mapping[str, Faction]
    terrain: Mapping[str, TerrainType]
    special_rules: Mapping[str, SpecialRule]
    tables: Mapping[str, RollTable]
    files: tuple[str, ...]
    completed_rules: tuple[CompletedRule, ...] = ()  # rules the engine completes (docs only)
    fingerprint: str = ""  # sha256 of the merged data: what a replay binds (house rules included)
    older_fingerprints: tuple[str, ...] = ()  # the same data hashed as older replays recorded them

    def family(self, name: str) -> Mapping[str, Any]:
        return getattr(self, name)  # type: ignore[no-any-return]

    @property
    def headbutt(self) -> Weapon:
        """The headbutt every git has (rulebook: Weapons → Headbutt)."""
        return self.weapons[HEADBUTT]

    def resolve(self, ref: str) -> Any:
        fam, _, ident = ref.partition("/")
        return self.family(fam)[ident]

    def completed_entries(self) -> list[tuple[str, str, Provenance]]:
        """Every (family/id, name, provenance) whose source is ``completed``, tables included."""
        out: list[tuple[str, str, Provenance]] = []
        for fam in ENTRY_FAMILIES:
            for e in self.family(fam).values():
                if e.provenance.source == "completed" or e.provenance.completed:
                    out.append((f"{fam}/{e.id}", e.name, e.provenance))
        for t in self.tables.values():
            for r in t.rows:
                if r.provenance.source == "completed" or r.provenance.completed:
                    out.append((f"tables/{t.id}#{r.roll}", r.result, r.provenance))
        return out


ENTRY_FAMILIES: tuple[str, ...] = (
    "gits",
    "weapons",
    "gear",
    "vehicles",
    "vehicle_mods",
    "factions",
    "terrain",
    "special_rules",
)

# ----------------------------------------------------------------------------- field parsers


def table_span(dice: DicePool) -> tuple[int, int]:
    """The results a table's dice can give: 2D6 → (2, 12); D100 → (1, 100)."""
    lo = sum(t.count for t in dice.terms) + dice.modifier
    hi = sum(t.count * t.sides for t in dice.terms) + dice.modifier
    return lo, hi

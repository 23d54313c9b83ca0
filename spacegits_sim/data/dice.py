"""Dice notation: the one parsed type for every "3D6", "D6, D8, D10", "D3-1" and "D100" in the rules.

The rulebook writes dice in several ways (``3D6``, ``1D10``, ``D6, D8, D10``, ``D3``,
``2D6`` for a table, ``D3-1`` for advertising revenue). They all parse to a
:class:`DicePool`: a tuple of :class:`Dice` terms (count, sides, modifier). Two dice are
not what they look like: a D3 is a D6 halved, rounding up, and a D100 is two D10s read
as tens and units with 00 meaning 100 (rulebook, "Rolling a D100").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from .errors import short

#: The physical dice the table world knows how to throw. A D3 is thrown as a D6.
DIE_TYPES: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
#: Sides that may appear in notation: the physical dice plus D3 (a halved D6) and D100 (2×D10).
NOTATION_SIDES: tuple[int, ...] = (3, 4, 6, 8, 10, 12, 20, 100)

_TERM = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class DiceError(ValueError):
    """A dice expression that does not parse. The message says what was wrong."""


class IntSource(Protocol):
    def integers(self, low: int, high: int) -> object: ...


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` sides plus ``modifier`` (e.g. D3-1 → Dice(1, 3, -1))."""

    count: int
    sides: int
    modifier: int = 0

    def __post_init__(self) -> None:
        if self.count < 1:
            raise DiceError(f"dice count must be at least 1, got {self.count}")
        if self.sides not in NOTATION_SIDES:
            raise DiceError(f"no such die: D{self.sides} (dice are D3, D4, D6, D8, D10, D12, D20, D100)")

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier

    @property
    def physical_sides(self) -> int:
        """The die you actually pick up: a D3 is a D6, a D100 is a pair of D10s."""
        return {3: 6, 100: 10}.get(self.sides, self.sides)

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}D{self.sides}{mod}"


@dataclass(frozen=True)
class DicePool:
    """One or more dice terms thrown together, e.g. a gnawball's ``D6, D8, D10``."""

    terms: tuple[Dice, ...]

    @property
    def dice(self) -> tuple[int, ...]:
        """The sides of each single die in the pool, in order (``3D6`` → (6, 6, 6))."""
        return tuple(t.sides for t in self.terms for _ in range(t.count))

    @property
    def count(self) -> int:
        return sum(t.count for t in self.terms)

    @property
    def modifier(self) -> int:
        return sum(t.modifier for t in self.terms)

    def __str__(self) -> str:
        return ", ".join(str(t) for t in self.terms)


MAX_DICE = 100  # no table in the rulebook throws more; bounded so a typo cannot allocate millions
MAX_SIDES = 1000
MAX_NOTATION = 200


def parse_dice(text: str) -> DicePool:
    """Parse rulebook dice notation. Raises :class:`DiceError` naming what is wrong.

    >>> parse_dice("3D6").dice
    (6, 6, 6)
    >>> str(parse_dice("D6, D8, D10"))
    '1D6, 1D8, 1D10'
    >>> parse_dice("D3-1").terms[0]
    Dice(count=1, sides=3, modifier=-1)
    """
    if not isinstance(text, str):
        raise DiceError(f"dice must be written as text like '3D6', got {type(text).__name__} {short(text)}")
    if not text.strip():
        raise DiceError("dice notation is empty")
    if len(text) > MAX_NOTATION:
        raise DiceError(f"dice notation is {len(text)} characters long; at most {MAX_NOTATION}")
    terms = []
    for part in text.split(","):
        m = _TERM.match(part)
        if not m:
            raise DiceError(f"'{part.strip()}' in '{text}' is not dice notation (expected e.g. 3D6, D8, D3-1)")
        count = int(m.group(1)) if m.group(1) else 1
        sides = int(m.group(2))
        mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if count == 0:
            raise DiceError(f"'{part.strip()}' in '{text}' throws zero dice")
        if count > MAX_DICE or sides > MAX_SIDES or abs(mod) > MAX_SIDES:
            raise DiceError(
                f"'{part.strip()}' in '{text}': at most {MAX_DICE} dice of at most {MAX_SIDES} sides "
                f"(and a modifier of at most {MAX_SIDES})"
            )
        terms.append(Dice(count, sides, mod))
    return DicePool(tuple(terms))


def face_from_physical(sides: int, physical_face: int) -> int:
    """Read a value in notation terms from the face of the physical die (D3 halves a D6)."""
    if sides == 3:
        return (physical_face + 1) // 2
    return physical_face


def d100_from_d10s(tens_face: int, units_face: int) -> int:
    """Two D10 faces (1–10, 10 read as 0) to a D100 result 1–100, with 00 meaning 100."""
    tens = tens_face % 10
    units = units_face % 10
    value = tens * 10 + units
    return 100 if value == 0 else value


def roll(pool: DicePool | str, rng: IntSource) -> list[int]:
    """Roll every single die of a pool (modifiers are not applied to single dice)."""
    if isinstance(pool, str):
        pool = parse_dice(pool)
    out: list[int] = []
    for t in pool.terms:
        for _ in range(t.count):
            out.append(roll_one(t.sides, rng))
    return out


def roll_one(sides: int, rng: IntSource) -> int:
    """One die of notation ``sides``, thrown as its physical die(s)."""
    if sides == 100:
        return d100_from_d10s(int(rng.integers(1, 11)), int(rng.integers(1, 11)))  # type: ignore[call-overload]
    phys = {3: 6}.get(sides, sides)
    return face_from_physical(sides, int(rng.integers(1, phys + 1)))  # type: ignore[call-overload]


def roll_total(pool: DicePool | str, rng: IntSource) -> int:
    """Sum of a pool plus its modifiers (e.g. Banner Ad's D3-1 caps), never below 0."""
    if isinstance(pool, str):
        pool = parse_dice(pool)
    return max(0, sum(roll(pool, rng)) + pool.modifier)

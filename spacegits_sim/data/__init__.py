"""Data layer: loads and validates YAML from assets/ and scenarios/ into frozen dataclasses."""

from .dice import Dice, DiceError, DicePool, parse_dice
from .errors import DataError, Problem
from .rules_data import RulesData, default_rules, load_rules

__all__ = [
    "Dice",
    "DiceError",
    "DicePool",
    "parse_dice",
    "DataError",
    "Problem",
    "RulesData",
    "default_rules",
    "load_rules",
]

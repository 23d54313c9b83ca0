"""Gangfight, the skirmish game (core rules + the Fantasy Setting Supplement).

This file only makes the package importable for its ``fantasy`` data; the ruleset's own
``__init__`` (engine, registration) replaces it when the ruleset lands.
"""

"""The rulesets: one package per game the table hosts.

Each registers itself with :mod:`spacegits_sim.play.registry` when imported (the registry
imports it by name, on first use). Rulesets never import each other. Space Gits' engine,
campaign and AIs still live in ``rules/``, ``campaign/`` and ``ai/`` (declared part of the
Space Gits ruleset: see docs/architecture.md); :mod:`.spacegits` is its adapter.
"""

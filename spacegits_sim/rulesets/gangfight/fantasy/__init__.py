"""Gangfight's Fantasy Setting Supplement as data: factions, races, skills, items, spells.

Data only: the engine's handlers (one per ``handler`` id) read these records by id. The
loader is :func:`catalog.load_catalog`; :func:`catalog.catalog` is the shipped, cached one.
"""

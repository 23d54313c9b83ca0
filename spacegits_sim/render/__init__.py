"""Render layer: the only package that imports pygame (pygame-ce)."""

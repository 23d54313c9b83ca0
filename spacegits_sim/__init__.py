"""spacegits_sim: a physics-backed simulator of the tabletop miniatures game Space Gits."""

__version__ = "0.1.0"

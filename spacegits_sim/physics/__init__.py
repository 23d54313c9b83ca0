"""Physics layer: the pymunk table (inches) and dice towers (mm). Knows nothing of Space Gits."""

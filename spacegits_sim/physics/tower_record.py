"""Recording a tower for the screen: side-view frames sampled while it is simulated.

A frame is plain numbers (no pymunk objects), so it can travel in the event log and be drawn
from a saved log alone.
"""

from __future__ import annotations

from typing import Any

from .tower_parts import Frame, _Plane, read_poses


class Recording:
    """Mixed into :class:`~.tower.Tower`: ``record()`` ... ``recorded()`` around any motion."""

    planes: tuple[_Plane, _Plane]
    sim_time_s: float
    _frames: list[Any] | None
    _both_planes: bool
    _frame_every_s: float
    _next_frame_s: float

    def _sample_frame_if_due(self) -> None:
        """Called after every simulated step: take a frame when one is due."""
        if self._frames is not None and self.sim_time_s >= self._next_frame_s:
            self._frames.append(self._sample())
            self._next_frame_s += self._frame_every_s

    def record(self, every_s: float = 1.0 / 15.0, both_planes: bool = False) -> None:
        """Start recording side-view frames (``frame()``, or both planes' ``dice_positions()``)
        every ``every_s`` simulated seconds."""
        self._frames = []
        self._both_planes = both_planes
        self._frame_every_s = every_s
        self._next_frame_s = self.sim_time_s

    def recorded(self) -> list[Any]:
        """Stop recording; the frames since ``record()`` and the tower as it is now, last."""
        frames = self._frames or []
        self._frames = None
        return frames + [self._sample()]

    @property
    def recording(self) -> bool:
        return self._frames is not None

    def _sample(self) -> Any:
        return self.dice_positions() if self._both_planes else self.frame()

    def frame(self) -> Frame:
        """The tower side-on (the x plane) as plain numbers: (x mm from the held die, y mm, angle rad)
        per die, rounded to what a screen can show (0.1 mm, 1 mrad)."""
        return [(round(x, 1), round(y, 1), round(a, 3)) for x, y, a in self.dice_positions()[0]]

    def dice_positions(self) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
        """(x, y, angle) of each die in each plane, relative to the held die, for drawing."""
        out = []
        for plane in self.planes:
            poses = read_poses(plane.dice)
            x0 = poses[0][0] if poses else 0.0
            out.append([(x - x0, y, a) for x, y, a in poses])
        return out[0], out[1]

"""Recording a match to a GIF or MP4 as it is drawn: each frame is encoded and written at
once, so memory stays flat however long the match (a whole match once kept ~1 GB of raw
frames to encode at the end).

GIF: the first frame's adaptive palette is kept for the whole film (the board's colours do
not change), and each later frame is written as the rectangle that changed since the one
before, left in place over it. MP4 (the ``video`` extra) streams through imageio/ffmpeg.
Both are written to a temporary file beside the target and renamed over it when finished,
so a cut-short recording never leaves half a file where a good one was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from PIL import GifImagePlugin, Image, ImageChops

from ..atomic import usual_mode

GIF_COLOURS = 128


class VideoWriter:
    """``with VideoWriter(path, size, fps) as v: v.add(rgb_bytes) ...`` — a GIF or an MP4."""

    def __init__(self, path: str, size: tuple[int, int], fps: int) -> None:
        self.path = Path(path)
        self.size = size
        self.fps = fps
        self.frames = 0
        self.gif = self.path.suffix.lower() == ".gif"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=self.path.suffix, dir=self.path.parent)
        os.close(fd)
        self._fp: BinaryIO | None = None
        self._mp4: Any = None
        self._palette: Image.Image | None = None
        self._prev: Image.Image | None = None
        if self.gif:
            self._fp = open(self.tmp, "wb")  # noqa: SIM115 - closed in close()
        else:
            import imageio.v2 as imageio  # the optional video extra, checked by the CLI up front

            self._mp4 = imageio.get_writer(self.tmp, fps=fps)

    @property
    def seconds(self) -> float:
        """How long the film plays."""
        return self.frames / self.fps

    def add(self, rgb: bytes) -> None:
        """Encode and write one frame (raw RGB bytes of ``size``)."""
        self.frames += 1
        if self._mp4 is not None:
            import numpy as np

            self._mp4.append_data(np.frombuffer(rgb, dtype=np.uint8).reshape(self.size[1], self.size[0], 3))
            return
        assert self._fp is not None
        im = Image.frombytes("RGB", self.size, rgb)
        duration = int(round(1000 / self.fps))
        if self._palette is None:
            first = im.convert("P", palette=Image.Palette.ADAPTIVE, colors=GIF_COLOURS)
            self._palette = first
            header, _ = GifImagePlugin.getheader(first, info={"loop": 0, "duration": duration})
            for chunk in header:
                self._fp.write(chunk)
            for chunk in GifImagePlugin.getdata(first, duration=duration, disposal=1):
                self._fp.write(chunk)
            self._prev = im
            return
        assert self._prev is not None
        box = ImageChops.difference(im, self._prev).getbbox() or (0, 0, 1, 1)  # unchanged: a 1-pixel frame
        part = im.crop(box).quantize(palette=self._palette, dither=Image.Dither.NONE)
        for chunk in GifImagePlugin.getdata(part, offset=box[:2], duration=duration, disposal=1):
            self._fp.write(chunk)
        self._prev = im

    def close(self) -> None:
        """Finish the file and put it in place (atomically)."""
        if self._fp is not None:
            self._fp.write(b";")  # the GIF trailer
            self._fp.flush()
            os.fsync(self._fp.fileno())
            self._fp.close()
            self._fp = None
        if self._mp4 is not None:
            self._mp4.close()
            self._mp4 = None
        os.chmod(self.tmp, usual_mode(self.path))
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        for f in (self._fp, self._mp4):
            if f is not None:
                with contextlib.suppress(Exception):
                    f.close()
        with contextlib.suppress(OSError):
            os.unlink(self.tmp)

    def __enter__(self) -> VideoWriter:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc_type is None and self.frames:
            self.close()
        else:
            self.abort()

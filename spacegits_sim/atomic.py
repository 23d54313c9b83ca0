"""Atomic file writes: a file the tool writes is either the old one or the whole new one.

Why: a save killed half-way (a crash, Ctrl+C, a full disk) must never leave a truncated file
where a good one was. The bytes go to a temporary file in the same folder, are flushed to
disk, and the temporary file is renamed over the target (atomic on POSIX and Windows).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO


def usual_mode(target: Path) -> int:
    """The mode the file would have had if written in place: the old file's, else 0666 less umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomic(path: Path | str, data: bytes | str) -> None:
    """Write ``data`` to ``path`` atomically (creating its folder). Raises OSError on failure,
    leaving any existing file untouched."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    write_atomic_with(path, lambda f: f.write(payload))


def write_atomic_with(path: Path | str, writer: Callable[[BinaryIO], object], suffix: str | None = None) -> None:
    """Atomically write ``path`` with ``writer(binary_file)`` (for libraries that write to a file)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix or ".tmp", dir=target.parent)
    try:
        os.chmod(tmp, usual_mode(target))  # mkstemp makes 0600; a written file gets the usual mode
        with os.fdopen(fd, "wb") as f:
            writer(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        dirfd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dirfd)
        finally:
            os.close(dirfd)


def write_figure(path: Path | str, fig: Any) -> None:
    """Save a matplotlib figure atomically, in the format its file name says (png, pdf, svg…)."""
    fmt = Path(path).suffix.lstrip(".").lower() or "png"
    write_atomic_with(path, lambda f: fig.savefig(f, format=fmt))

"""Writing outputs so that a failure never leaves a half-written file behind."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterator

#: Temp files are named ``.<name>.<random>.tmp`` beside their final path.
TEMP_GLOB = ".*.tmp"
#: Sets of paths being recorded (see :func:`recording`).
_RECORDERS: list[set[Path]] = []


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _current_umask()


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path``, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # mkstemp makes the file private (0600); outputs are ordinary files (0644 less umask).
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    for written in _RECORDERS:
        written.add(path)


@contextlib.contextmanager
def recording() -> Iterator[set[Path]]:
    """Collect every path written in this process within the block: a build target's
    record of its files, so one deleted by hand is noticed and made again."""
    written: set[Path] = set()
    _RECORDERS.append(written)
    try:
        yield written
    finally:
        _RECORDERS.remove(written)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))

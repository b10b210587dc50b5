"""One build at a time in a project, and what a stopped build left behind put right.

Two builds writing one ``output/`` at once corrupt each other (mkdocs empties the site
folder the other is writing its sitemap into), so a build holds an exclusive lock on
``output/.pipworks/lock`` and a second one waits for it, saying so. The lock is the
kernel's (``flock``): a build that dies, even by SIGKILL, releases it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path
from typing import Callable, Iterator

from ..atomic import TEMP_GLOB
from ..docs.folders import SITE, SITE_NEW, SITE_OLD

LOCK = Path(".pipworks") / "lock"


@contextlib.contextmanager
def project_lock(out: Path, waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the project's build lock within the block; if another build holds it, call
    ``waiting`` with a message and wait. Raises OSError if output/ cannot be written."""
    path = out / LOCK
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _acquire(fd, waiting)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)  # releases the lock


def _acquire(fd: int, waiting: Callable[[str], None] | None) -> None:
    try:
        import fcntl
    except ImportError:  # no flock on this platform: builds are not serialised
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "another process"
    if waiting is not None:
        waiting(f"another pipworks build is running in this project (process {holder}); waiting for it to finish…")
    fcntl.flock(fd, fcntl.LOCK_EX)


def tidy(out: Path) -> None:
    """Put right what a stopped build left: a site swap cut short is completed backwards
    (the previous site returns), a half-built site and temp files are removed."""
    site, old, new = out / SITE, out / SITE_OLD, out / SITE_NEW
    if not site.exists() and old.is_dir():
        old.rename(site)
    for leftover in (old, new):
        if leftover.exists():
            shutil.rmtree(leftover)
    if out.is_dir():
        for temp in out.rglob(TEMP_GLOB):
            if temp.is_file():
                temp.unlink()

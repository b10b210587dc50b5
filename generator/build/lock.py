"""One build at a time in a project, and what a stopped build left behind put right.

Two builds writing one ``output/`` at once corrupt each other (mkdocs empties the site
folder the other is writing its sitemap into), so a build holds an exclusive lock on
``output/.pipworks/lock`` and a second one waits for it, saying so. The lock is the
kernel's (``flock``): a build that dies, even by SIGKILL, releases it.

A project may come from someone else: a link at ``output/``, at one of its folders or at
the lock would send the build's writes (and the lock's PID) elsewhere, so a build first
refuses any (:func:`refuse_links`), and opens the lock without following one.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import shutil
from pathlib import Path
from typing import Callable, Iterator

from ..atomic import TEMP_GLOB, confined, open_file, refused
from ..docs.folders import SITE, SITE_NEW, SITE_OLD

LOCK = Path(".pipworks") / "lock"


@contextlib.contextmanager
def project_lock(out: Path, waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the project's build lock within the block; if another build holds it, call
    ``waiting`` with a message and wait. Raises OSError if output/ cannot be written."""
    path = out / LOCK
    with confined(out.parent):
        fd = open_file(path, os.O_RDWR | os.O_CREAT, 0o644)
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


def refuse_links(out: Path) -> None:
    """Raise SymlinkRefused if ``out`` (a project's output/), anything directly in it or
    in its .pipworks/ is a symbolic link: the folders and files a build writes, swaps,
    empties or locks. Deeper links are refused by each write (``generator.atomic``)."""
    for path in (out, *_entries(out), *_entries(out / LOCK.parent)):
        if path.is_symlink():
            raise refused(path, out.parent)


def _entries(folder: Path) -> list[Path]:
    if folder.is_symlink() or not folder.is_dir():
        return [folder]
    return sorted(folder.iterdir())


def tidy(out: Path) -> None:
    """Put right what a stopped build left: a site swap cut short is completed backwards
    (the previous site returns), a half-built site and temp files are removed."""
    site, old, new = out / SITE, out / SITE_OLD, out / SITE_NEW
    if not site.exists() and old.is_dir():
        old.rename(site)
    for leftover in (old, new):
        if leftover.exists():
            shutil.rmtree(leftover)
    for folder, _, names in os.walk(out):  # os.walk follows no link
        for name in fnmatch.filter(names, TEMP_GLOB):
            temp = Path(folder) / name
            if temp.is_file() and not temp.is_symlink():
                temp.unlink()

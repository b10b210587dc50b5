"""Writing outputs so that a failure never leaves a half-written file behind, and never
through a symbolic link.

A project folder may come from someone else, so a link inside it (``output/<game>`` ->
a folder of yours, ``output/.pipworks/lock`` -> a file of yours) must not turn a build
into a write elsewhere. Within a *confined* folder (the project, see :func:`confined`)
every folder on the way to a file is opened with ``O_NOFOLLOW`` one level at a time, and
the file is made under a temp name with ``O_EXCL | O_NOFOLLOW`` and renamed into place;
a link on the way is refused (:class:`SymlinkRefused`) before anything is written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Iterator

#: Temp files are named ``.<name>.<random>.tmp`` beside their final path.
TEMP_GLOB = ".*.tmp"
#: Sets of paths being recorded (see :func:`recording`).
_RECORDERS: list[set[Path]] = []
#: Folders no write may leave through a link (see :func:`confined`).
_CONFINED: list[Path] = []
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: Can folders be walked by descriptor (POSIX)? Elsewhere each step is checked by lstat.
_BY_FD = os.open in os.supports_dir_fd and os.mkdir in os.supports_dir_fd and bool(_NOFOLLOW)


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _current_umask()


class SymlinkRefused(OSError):
    """A write would go through a symbolic link: refused, nothing written. An OSError (so
    every command's "cannot write" handling stops cleanly) that pickles across processes."""

    def __init__(self, errno_: int, message: str, filename: str | None = None) -> None:
        super().__init__(errno_, message, filename)

    def __str__(self) -> str:
        return str(self.strerror)


def refused(link: Path, root: Path | None = None) -> SymlinkRefused:
    shown = link.relative_to(root) if root is not None and link.is_relative_to(root) else link
    try:
        where = f" (to {os.readlink(link)})"
    except OSError:
        where = ""
    return SymlinkRefused(errno.ELOOP, f"refused to write through {shown}: it is a symbolic link{where}, and "
                                       "Pipworks writes only into real folders of the project (remove the link, "
                                       "then build again)", str(link))


@contextlib.contextmanager
def confined(root: Path) -> Iterator[None]:
    """Within the block, every write under ``root`` (an absolute, resolved folder)
    refuses a symbolic link anywhere below ``root`` on its way."""
    _CONFINED.append(root)
    try:
        yield
    finally:
        _CONFINED.remove(root)


def _confining(path: Path) -> Path | None:
    return next((root for root in reversed(_CONFINED) if path.is_relative_to(root) and path != root), None)


def open_folder(root: Path, folder: Path) -> int:
    """A descriptor of ``folder`` (under ``root``), made if missing, reached one level at
    a time without following a link. Raises SymlinkRefused at a link."""
    fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        here = root
        for part in folder.relative_to(root).parts:
            here = here / part
            child = _step(fd, part, here, root)
            os.close(fd)
            fd = child
        return fd
    except BaseException:
        os.close(fd)
        raise


def _step(fd: int, part: str, here: Path, root: Path) -> int:
    """A descriptor of folder ``fd``'s child ``part``, made if missing."""
    flags = os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC
    try:
        try:
            child = os.open(part, flags, dir_fd=fd)
        except FileNotFoundError:
            with contextlib.suppress(FileExistsError):
                os.mkdir(part, 0o777, dir_fd=fd)
            child = os.open(part, flags, dir_fd=fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EEXIST):
            if stat.S_ISLNK(os.lstat(part, dir_fd=fd).st_mode):
                raise refused(here, root) from None
        raise type(exc)(exc.errno, exc.strerror, str(here)) from None
    return child


def check_no_links(root: Path, path: Path) -> None:
    """Refuse ``path`` if it, or a folder between ``root`` and it, is a symbolic link."""
    here = root
    for part in path.relative_to(root).parts:
        here = here / part
        if here.is_symlink():
            raise refused(here, root)


def open_file(path: Path, flags: int, mode: int = 0o644) -> int:
    """``os.open`` that never follows a link: in a confined folder, none on the way
    either (the build's lock file is opened with this)."""
    root = _confining(path)
    if root is None:
        return os.open(path, flags | _NOFOLLOW | _CLOEXEC, mode)
    if not _BY_FD:
        check_no_links(root, path)
        return os.open(path, flags | _NOFOLLOW | _CLOEXEC, mode)
    folder = open_folder(root, path.parent)
    try:
        return os.open(path.name, flags | _NOFOLLOW | _CLOEXEC, mode, dir_fd=folder)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise refused(path, root) from None
        raise
    finally:
        os.close(folder)


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path``, then rename it into place."""
    root = _confining(path)
    if root is not None and _BY_FD:
        _write_confined(root, path, data)
    else:
        if root is not None:
            check_no_links(root, path.parent)
        _write_plain(path, data)
    for written in _RECORDERS:
        written.add(path)


def _write_confined(root: Path, path: Path, data: bytes) -> None:
    folder = open_folder(root, path.parent)
    try:
        tmp = f".{path.name}.{os.urandom(4).hex()}.tmp"  # secrets.token_hex(4), without importing hmac
        # O_EXCL: a link (or anything) already at the temp name is never written through;
        # the rename then replaces a link at ``path`` itself, never its target.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o666, dir_fd=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path.name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=folder)
            raise
    finally:
        os.close(folder)


def _write_plain(path: Path, data: bytes) -> None:
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

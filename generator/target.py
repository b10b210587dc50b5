"""A build target: one unit of output, what it is made from, and its stamp.

A *target* is one unit of output (a game's rulebook page, its A4 PnP PDF, the site...).
Its *stamp* hashes everything it is made from: its input files, its options, and
Pipworks' own source (the renderer version). A target is rebuilt when its stamp changed
or one of its outputs is missing or was changed by hand; ``output/.pipworks/manifest.json``
keeps the stamps of the last build and each output's size, mtime and sha256 (only an
output whose size or mtime moved is hashed again, so a build with nothing to do stays
a folder listing's work).

This module sits below the pipelines (docs, pnp, verify) that describe their targets
and above nothing but the file helpers, so ``generator.build`` can plan from the
pipelines' target factories without anything importing it back.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable
from .scene import frozen

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = Path(".pipworks") / "manifest.json"
#: Folders of the package that are data, not code: hashed as inputs where they are used.
_NOT_CODE = ("__pycache__", "shipped")

#: ``builder(project, target, out)`` writes the target's outputs under ``out``.
Builder = Callable[[Any, "Target", Path], object]


@frozen
class Target:
    key: str
    #: a module-level function (so a worker process can be handed it under any start
    #: method); imports what it needs inside its body, so planning stays cheap.
    builder: Builder
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    game: str | None = None
    stage: int = 0
    #: what ``pipworks build --only`` selects by: "pnp", "docs" or "site".
    group: str = "docs"
    #: roughly how long it takes to build, relative to other targets (not part of its
    #: stamp): a stage starts its longest targets first, so no core is left finishing
    #: a long one alone at the end.
    weight: float = 1.0

    @property
    def option_map(self) -> dict[str, Any]:
        return dict(self.options)


def builder_name(builder: Builder) -> str:
    """``module:function`` of a builder, as its stamp records it."""
    return f"{builder.__module__}:{builder.__qualname__}"


def _files_under(path: Path) -> list[Path]:
    """The files under ``path`` (symlinked folders not followed, as ``rglob`` does),
    sorted; ``__pycache__`` folders are skipped unread rather than listed and dropped."""
    if path.is_file():
        return [path]
    if not path.is_dir():
        return []
    found: list[Path] = []
    for folder, subfolders, names in os.walk(path):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        here = Path(folder)
        found.extend(p for p in (here / name for name in names) if p.is_file())
    return sorted(found)


class Hasher:
    """Hashes files once per build, however many targets name them."""

    def __init__(self, root: Path):
        self.root = root
        self._cache: dict[Path, str] = {}
        self.version: str | None = None  # renderer_version, once worked out

    def file(self, path: Path) -> str:
        digest = self._cache.get(path)
        if digest is None:
            with path.open("rb") as handle:  # streamed: an input of any size (a 1 GB cards file) costs no memory
                digest = hashlib.file_digest(handle, "sha256").hexdigest()
            self._cache[path] = digest
        return digest

    def tree(self, path: Path) -> list[tuple[str, str]]:
        return [(str(p.relative_to(self.root) if p.is_relative_to(self.root) else p), self.file(p)) for p in _files_under(path)]


def renderer_version(hasher: Hasher) -> str:
    """Pipworks' own code counts as an input of every target."""
    if hasher.version is not None:
        return hasher.version
    files = [p for p in _files_under(PACKAGE_DIR) if not any(part in _NOT_CODE for part in p.relative_to(PACKAGE_DIR).parts)]
    names = [str(p.relative_to(hasher.root) if p.is_relative_to(hasher.root) else p) for p in files]
    # Hashing the package's ~7 MB (its fonts most of it) cost every quick command ~5 % of
    # its time: the digest is kept beside the manifest under the files' sizes and mtimes,
    # as the manifest keeps its outputs', and worked out again when any of them moves.
    seen = hashlib.sha256(json.dumps([(n, *_size_mtime(p)) for n, p in zip(names, files)]).encode()).hexdigest()
    kept = _kept_version(hasher.root, seen)
    if kept is None:
        blob = json.dumps([(n, hasher.file(p)) for n, p in zip(names, files)]).encode()
        kept = hashlib.sha256(blob).hexdigest()
        _keep_version(hasher.root, seen, kept)
    from .trust import mark

    hasher.version = kept + mark(hasher.root)
    return hasher.version


_VERSION_FILE = "renderer.json"


def _size_mtime(path: Path) -> tuple[int, int]:
    info = path.stat()
    return info.st_size, info.st_mtime_ns


def _kept_version(root: Path, seen: str) -> str | None:
    try:
        data = json.loads((root / "output" / ".pipworks" / _VERSION_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    digest = data.get(seen) if isinstance(data, dict) else None
    return digest if isinstance(digest, str) and len(digest) == 64 else None


def _keep_version(root: Path, seen: str, digest: str) -> None:
    """Best effort: where output/.pipworks cannot be written (not built yet, read-only,
    a link refused), the next command hashes again."""
    from .atomic import write_text

    folder = root / "output" / ".pipworks"
    if not folder.is_dir() or folder.is_symlink():
        return
    try:
        write_text(folder / _VERSION_FILE, json.dumps({seen: digest}))
    except OSError:
        return


def stamp(target: Target, hasher: Hasher, version: str) -> str:
    parts: list[Any] = [target.key, builder_name(target.builder), version, [list(o) for o in target.options]]
    for rel in target.inputs:
        parts.append(hasher.tree(hasher.root / rel))
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


#: A manifest entry: the target's stamp, or (what ``pipworks build`` records) its stamp
#: and every file it wrote, relative to output/: ``{"stamp": ..., "files": [...]}``.
Entry = str | dict[str, Any]


def read_manifest(out: Path) -> dict[str, Entry]:
    try:
        data = json.loads((out / MANIFEST).read_text())
        return {str(k): v if isinstance(v, dict) else str(v) for k, v in data.items()}
    except (OSError, ValueError, AttributeError):
        return {}


def write_manifest(out: Path, manifest: dict[str, Entry]) -> None:
    from .atomic import write_text

    write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))


def entry(stamp: str, files: list[str], out: Path | None = None, problems: list[str] | None = None) -> Entry:
    """What the manifest keeps of a built target; with ``out``, each file's size, mtime
    and sha256 as written (``{"sums": {file: [size, mtime_ns, sha256]}}``); and what
    preflight found in its print files, so a build that reuses them says it again."""
    value: dict[str, Any] = {"stamp": stamp, "files": sorted(files)}
    if out is not None:
        value["sums"] = {name: _sum(out / name) for name in value["files"]}
    if problems:
        value["preflight"] = list(problems)
    return value


def standing_problems(manifest: dict[str, Entry], targets: list[Target]) -> list[str]:
    """What preflight found in the print files of ``targets`` when they were written."""
    found: list[str] = []
    for target in targets:
        value = manifest.get(target.key)
        if isinstance(value, dict) and isinstance(value.get("preflight"), list):
            found += [str(p) for p in value["preflight"]]
    return found


def _sum(path: Path) -> list[Any]:
    info = path.stat()
    return [info.st_size, info.st_mtime_ns, _sha256(path)]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _recorded(value: Entry | None) -> tuple[str | None, list[str], dict[str, Any]]:
    if isinstance(value, dict):
        sums = value.get("sums")
        return value.get("stamp"), list(value.get("files") or []), sums if isinstance(sums, dict) else {}
    return value, [], {}


def is_fresh(out: Path, target: Target, value: Entry | None, new: str) -> bool:
    """Same stamp, every file the target declares or last wrote still there (a file
    deleted by hand is made again), and each as it was written (one edited by hand is
    made again too)."""
    old, files, sums = _recorded(value)
    if old != new or not all((out / o).exists() for o in (*target.outputs, *files)):
        return False
    return all(_unchanged(out / name, recorded) for name, recorded in sums.items())


def _unchanged(path: Path, recorded: Any) -> bool:
    """Is ``path`` the file recorded? Same size and mtime: yes, without reading it (the
    cheap test make and rsync use); otherwise its bytes decide."""
    try:
        size, mtime_ns, digest = recorded
        info = path.stat()
    except (TypeError, ValueError, OSError):
        return False
    if info.st_size != size:
        return False
    return info.st_mtime_ns == mtime_ns or _sha256(path) == digest


def stale_targets(root: Path, targets: list[Target], force: bool) -> tuple[list[tuple[Target, str]], list[Target], dict[str, Entry]]:
    """(stale targets with their new stamps, fresh targets, the manifest as read)."""
    out = root / "output"
    manifest = {} if force else read_manifest(out)
    hasher = Hasher(root)
    version = renderer_version(hasher)
    stale: list[tuple[Target, str]] = []
    fresh: list[Target] = []
    for target in targets:
        new = stamp(target, hasher, version)
        if is_fresh(out, target, manifest.get(target.key), new):
            fresh.append(target)
        else:
            stale.append((target, new))
    return stale, fresh, manifest

"""The build: plan targets cheaply, rebuild only what is stale, write atomically.

A *target* is one unit of output (a game's rulebook page, its A4 PnP PDF, the site...).
Planning needs only the folder listing, so a build with nothing to do never imports
the content schema, the renderers or mkdocs. Each target's *stamp* hashes everything it is made
from: its input files, its options, and Pipworks' own source (the renderer version). A
target is rebuilt when its stamp changed or one of its outputs is missing.

Target factories and builders are named as "module:function" strings and imported
only when used, which keeps ``pipworks build`` quick when nothing changed.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .atomic import write_text

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = Path(".pipworks") / "manifest.json"

#: Where targets come from, in build order of their stages. Each factory takes
#: (project_root, slugs, options) and returns Targets; it must import nothing heavy.
TARGET_FACTORIES: tuple[str, ...] = (
    "generator.docs.pages:targets",
    "generator.docs.pages:book_targets",
    "generator.docs.pages:verify_targets",
    "generator.pnp.targets:targets",
    "generator.docs.pages:site_targets",
)


@dataclass(frozen=True)
class Target:
    key: str
    builder: str
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    game: str | None = None
    stage: int = 0
    #: what ``pipworks build --only`` selects by: "pnp", "docs" or "site".
    group: str = "docs"

    @property
    def option_map(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass
class BuildReport:
    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)

    def summary(self, root: Path) -> str:
        return f"built {len(self.built)}, reused {len(self.reused)} → {root / 'output'}"


def _load(spec: str) -> Callable[..., Any]:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def _files_under(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return []


class Hasher:
    """Hashes files once per build, however many targets name them."""

    def __init__(self, root: Path):
        self.root = root
        self._cache: dict[Path, str] = {}

    def file(self, path: Path) -> str:
        digest = self._cache.get(path)
        if digest is None:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            self._cache[path] = digest
        return digest

    def tree(self, path: Path) -> list[tuple[str, str]]:
        return [(str(p.relative_to(self.root) if p.is_relative_to(self.root) else p), self.file(p)) for p in _files_under(path)]


def renderer_version(hasher: Hasher) -> str:
    """Pipworks' own code counts as an input of every target."""
    blob = json.dumps(hasher.tree(PACKAGE_DIR)).encode()
    return hashlib.sha256(blob).hexdigest()


def stamp(target: Target, hasher: Hasher, version: str) -> str:
    parts: list[Any] = [target.key, target.builder, version, [list(o) for o in target.options]]
    for rel in target.inputs:
        parts.append(hasher.tree(hasher.root / rel))
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def plan(root: Path, slugs: Iterable[str], options: Mapping[str, Any]) -> list[Target]:
    targets: list[Target] = []
    slug_list = list(slugs)
    for spec in TARGET_FACTORIES:
        targets.extend(_load(spec)(root, slug_list, options))
    return sorted(targets, key=lambda t: t.stage)


def read_manifest(out: Path) -> dict[str, str]:
    try:
        data = json.loads((out / MANIFEST).read_text())
        return {str(k): str(v) for k, v in data.items()}
    except (OSError, ValueError):
        return {}


def stale_targets(root: Path, targets: list[Target], force: bool) -> tuple[list[tuple[Target, str]], list[Target], dict[str, str]]:
    out = root / "output"
    manifest = {} if force else read_manifest(out)
    hasher = Hasher(root)
    version = renderer_version(hasher)
    stale: list[tuple[Target, str]] = []
    fresh: list[Target] = []
    for target in targets:
        new = stamp(target, hasher, version)
        if manifest.get(target.key) == new and all((out / o).exists() for o in target.outputs):
            fresh.append(target)
        else:
            stale.append((target, new))
    return stale, fresh, manifest


def _chosen_targets(root: Path, slugs: Iterable[str] | None, options: Mapping[str, Any], only: str | None) -> list[Target]:
    from .content.folders import game_folders  # light: no schema, no YAML

    all_slugs = [f.name for f in game_folders(root)]
    chosen = list(slugs) if slugs else all_slugs
    unknown = [s for s in chosen if s not in all_slugs]
    if unknown:
        from .content.errors import ContentError, ContentInvalid

        raise ContentInvalid([ContentError(root / "content" / s, None, (), f"no game {s!r} in this project") for s in unknown])
    return [t for t in plan(root, chosen, options) if only is None or t.group == only]


def nothing_to_do(root: Path, slugs: Iterable[str] | None, only: str | None) -> BuildReport | None:
    """A report of a build that reuses everything, or None if anything would be rebuilt
    (or the project cannot even be planned: the full build reports that properly)."""
    from .content.errors import ContentInvalid

    try:
        targets = _chosen_targets(root, slugs, {}, only)
    except ContentInvalid:
        return None
    stale, fresh, _ = stale_targets(root, targets, force=False)
    return None if stale else BuildReport(reused=[t.key for t in fresh])


def run_build(root: Path, slugs: Iterable[str] | None, options: Mapping[str, Any], force: bool = False,
              progress: Callable[[str], None] | None = None, only: str | None = None,
              workers: int = 0) -> BuildReport:
    """Build every stale target; validation happens before the first byte is written.

    Stages run in order (the site copies what the PnP stage made); within a stage, stale
    targets run in parallel processes. Each target writes only its own files, so the
    bytes do not depend on the order or the number of processes.
    """
    root = root.resolve()
    targets = _chosen_targets(root, slugs, options, only)
    stale, fresh, manifest = stale_targets(root, targets, force)
    report = BuildReport(reused=[t.key for t in fresh])
    if not stale:
        return report
    from .content.project import load_project  # validates everything; raises before writing

    global _PROJECT
    _PROJECT = load_project(root)
    out = root / "output"
    report.reused = []
    for stage in sorted({t.stage for t in targets}):
        in_stage = [t for t in targets if t.stage == stage]
        # Re-stamp now: an earlier stage may have changed files this stage reads.
        todo, done, _ = stale_targets(root, in_stage, force)
        report.reused += [t.key for t in done]
        for target, _ in todo:
            if progress:
                progress(target.key)
        _run_targets([t for t, _ in todo], out, workers)
        for target, new in todo:
            manifest[target.key] = new
            report.built.append(target.key)
        write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
    return report


_PROJECT: Any = None


def _run_one(target: Target, out: Path) -> None:
    _load(target.builder)(_PROJECT, target, out)


def _run_targets(targets: list[Target], out: Path, workers: int) -> None:
    """Run builders, in forked processes when more than one is stale and cores allow."""
    import os

    workers = workers or (os.cpu_count() or 1)
    if len(targets) < 2 or workers < 2:
        for target in targets:
            _run_one(target, out)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # fork: workers inherit the validated project and imported renderers for free.
    with ProcessPoolExecutor(max_workers=min(workers, len(targets)), mp_context=multiprocessing.get_context("fork")) as pool:
        for _ in pool.map(_run_one, targets, [out] * len(targets)):
            pass  # consume: a builder's exception is raised here

"""The build: plan targets cheaply, rebuild only what is stale, write atomically.

Targets (``generator.target``) come from the pipelines' target factories, named here as
plain functions. Planning needs only the folder listing: the factories' modules import
nothing heavy at module level, and each builder imports its renderers inside its body,
so a build with nothing to do never imports the content schema, the renderers or
mkdocs.

Stale targets of one stage run in worker processes. Each worker is handed the validated
project and its target explicitly (nothing is left in a module global for it to find),
so a build gives the same bytes with the ``fork`` or the ``spawn`` start method, in
parallel or one target after another.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .atomic import write_text
from .docs import pages
from .pnp import targets as pnp_targets
from .target import MANIFEST, Target, stale_targets

#: Where targets come from. Each factory takes (project_root, slugs, options) and
#: returns Targets; it must import nothing heavy.
TargetFactory = Callable[[Path, list[str], Mapping[str, Any]], list[Target]]
TARGET_FACTORIES: tuple[TargetFactory, ...] = (
    pages.targets,
    pages.book_targets,
    pnp_targets.targets,
    pages.site_targets,
)

#: Environment variable choosing how worker processes start ("fork", "spawn",
#: "forkserver"); unset: the platform's default, with fork preferred where it exists.
START_METHOD_ENV = "PIPWORKS_START_METHOD"


@dataclass
class BuildReport:
    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    #: preflight's findings on the print files this build wrote (``generator.pnp.preflight``)
    preflight: list[Any] = field(default_factory=list)
    preflighted: int = 0

    def summary(self, root: Path) -> str:
        line = f"built {len(self.built)}, reused {len(self.reused)} → {root / 'output'}"
        if not self.preflighted:
            return line
        if not self.preflight:
            return f"{line}\npreflight: {self.preflighted} print file(s) written, no problems"
        files = sorted({p.file for p in self.preflight})
        return (f"{line}\npreflight: {len(self.preflight)} problem(s) in {len(files)} of the {self.preflighted} "
                f"print files written, first: {self.preflight[0]}\n  (pipworks preflight FILE lists them all)")


def plan(root: Path, slugs: Iterable[str], options: Mapping[str, Any]) -> list[Target]:
    targets: list[Target] = []
    slug_list = list(slugs)
    for factory in TARGET_FACTORIES:
        targets.extend(factory(root, slug_list, options))
    return sorted(targets, key=lambda t: t.stage)


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
              workers: int = 0, start_method: str | None = None) -> BuildReport:
    """Build every stale target; validation happens before the first byte is written.

    Stages run in order (the site copies what the PnP stage made); within a stage, stale
    targets run in parallel processes. Each target writes only its own files, so the
    bytes do not depend on the order, the number of processes or how they start.
    """
    root = root.resolve()
    targets = _chosen_targets(root, slugs, options, only)
    stale, fresh, manifest = stale_targets(root, targets, force)
    report = BuildReport(reused=[t.key for t in fresh])
    if not stale:
        return report
    from .verify.project import validated_project  # validates everything; raises before writing

    project = validated_project(root)
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
        started = time.time_ns()
        run_targets(project, [t for t, _ in todo], out, workers, start_method)
        _preflight_outputs(root, [t for t, _ in todo], out, started, report)
        for target, new in todo:
            manifest[target.key] = new
            report.built.append(target.key)
        write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
    return report


def _preflight_outputs(root: Path, targets: list[Target], out: Path, since_ns: int, report: BuildReport) -> None:
    """Preflight every PDF the targets wrote: in the folders of their outputs, changed
    since the stage began (a kit writes more files than it declares, e.g. its POD PDF).
    The site's copies are the same files, so its targets are left out."""
    from .pnp.preflight import preflight

    folders = {(out / output).parent for t in targets if t.group != "site" for output in t.outputs}
    for folder in sorted(folders):
        for path in sorted(folder.glob("*.pdf")):
            if path.stat().st_mtime_ns >= since_ns:
                report.preflighted += 1
                report.preflight.extend(preflight(path, None, str(path.relative_to(root))))


def _run_one(project: Any, target: Target, out: Path) -> None:
    from .games import use_project  # a spawned worker learns the project's own plugins too

    use_project(project.root)
    target.builder(project, target, out)


def start_method(chosen: str | None = None) -> str:
    """How worker processes start: ``chosen``, else $PIPWORKS_START_METHOD, else fork
    where the platform has it (workers then inherit the imported renderers), else the
    platform's default."""
    import multiprocessing
    import os

    method = chosen or os.environ.get(START_METHOD_ENV)
    if method:
        return method
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else multiprocessing.get_start_method()


def run_targets(project: Any, targets: list[Target], out: Path, workers: int = 0, method: str | None = None) -> None:
    """Run builders, in worker processes when more than one is stale and cores allow.

    Every task carries the project and its target: a spawned worker, which inherits
    nothing, builds exactly what a forked one or this process would."""
    import os

    workers = workers or (os.cpu_count() or 1)
    if len(targets) < 2 or workers < 2:
        for target in targets:
            _run_one(project, target, out)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(start_method(method))
    with ProcessPoolExecutor(max_workers=min(workers, len(targets)), mp_context=context) as pool:
        for _ in pool.map(_run_one, [project] * len(targets), targets, [out] * len(targets)):
            pass  # consume: a builder's exception is raised here

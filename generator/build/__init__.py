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

import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..docs import pages
from ..pnp import targets as pnp_targets
from ..target import Target, entry, stale_targets, standing_problems, write_manifest
from .run import START_METHOD_ENV, run_one, run_targets, start_method

__all__ = ["BuildReport", "GROUPS", "START_METHOD_ENV", "TARGET_FACTORIES", "nothing_to_do", "plan", "problems_line",
           "run_build", "run_targets", "start_method"]

#: Where targets come from. Each factory takes (project_root, slugs, options) and
#: returns Targets; it must import nothing heavy.
TargetFactory = Callable[[Path, list[str], Mapping[str, Any]], list[Target]]
TARGET_FACTORIES: tuple[TargetFactory, ...] = (
    pages.targets,
    pages.book_targets,
    pages.quick_reference_targets,
    pnp_targets.targets,
    pages.site_targets,
)
#: What ``pipworks build --only`` selects (``Target.group``).
GROUPS: tuple[str, ...] = ("pnp", "docs", "site")


@dataclass
class BuildReport:
    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    #: targets that were stale when the build started (what ``built`` should reach).
    planned: int = 0
    #: preflight's findings on the print files this build wrote (``generator.pnp.preflight``)
    preflight: list[Any] = field(default_factory=list)
    preflighted: int = 0
    #: what preflight found in the print files this build reused, when they were written
    standing: list[str] = field(default_factory=list)

    @property
    def problems(self) -> int:
        """Preflight problems in the print files this build wrote or reused."""
        return len(self.preflight) + len(self.standing)

    def summary(self, root: Path) -> str:
        line = f"built {len(self.built)}, reused {len(self.reused)} → {root / 'output'}"
        if self.standing:
            listed = "\n".join(f"  {p}" for p in self.standing)
            line += f"\npreflight: {len(self.standing)} problem(s) still in the print files reused:\n{listed}"
        if not self.preflighted:
            return line
        if not self.preflight:
            return f"{line}\npreflight: {self.preflighted} print file(s) written, no problems"
        files = sorted({p.file for p in self.preflight})
        count = sum(p.count for p in self.preflight)  # "… and N more" lines count N
        listed = "\n".join(f"  {p}" for p in self.preflight)
        return (f"{line}\npreflight: {count} problem(s) in {len(files)} of the {self.preflighted} "
                f"print files written:\n{listed}")


def problems_line(report: BuildReport) -> str:
    """The last line of a build whose print files preflight would reject (exit 1)."""
    return (f"the print files hold {report.problems} preflight problem(s), listed above; fix them before "
            "printing (a build exits 1 while they stand)")


def plan(root: Path, slugs: Iterable[str], options: Mapping[str, Any]) -> list[Target]:
    targets: list[Target] = []
    slug_list = list(slugs)
    for factory in TARGET_FACTORIES:
        targets.extend(factory(root, slug_list, options))
    return sorted(targets, key=lambda t: t.stage)


def _chosen_targets(root: Path, slugs: Iterable[str] | None, options: Mapping[str, Any], only: str | None,
                    skip: tuple[str, ...] = ()) -> list[Target]:
    from ..content.errors import ContentError, ContentInvalid
    from ..content.folders import game_folders  # light: no schema, no YAML

    if only is not None and only not in GROUPS:
        raise ContentInvalid([ContentError(root, None, (), f"--only takes {', '.join(GROUPS)}, not {only!r}")])
    all_slugs = [f.name for f in game_folders(root)]
    chosen = list(slugs) if slugs else all_slugs
    unknown = [s for s in chosen if s not in all_slugs]
    if unknown:
        raise ContentInvalid([ContentError(root / "content" / s, None, (),
                                           f"no game {s!r} in this project (its games: {', '.join(all_slugs)})")
                              for s in unknown])
    chosen_targets = [t for t in plan(root, chosen, options)
                      if (only is None or t.group == only) and t.group not in skip]
    if not chosen_targets:
        raise ContentInvalid([ContentError(root / "content", None, (),
                                           f"nothing to build: {', '.join(chosen)} has no {only} outputs")])
    return chosen_targets


def nothing_to_do(root: Path, slugs: Iterable[str] | None, only: str | None) -> BuildReport | None:
    """A report of a build that reuses everything, or None if anything would be rebuilt
    (or the project cannot even be planned: the full build reports that properly)."""
    from ..content.errors import ContentInvalid

    from .lock import refuse_links

    try:
        refuse_links(root / "output")  # a link there is refused by the full build, loudly
        targets = _chosen_targets(root, slugs, {}, only)
    except (ContentInvalid, OSError):
        return None
    stale, fresh, manifest = stale_targets(root, targets, force=False)
    return None if stale else BuildReport(reused=[t.key for t in fresh], standing=standing_problems(manifest, fresh))


def run_build(root: Path, slugs: Iterable[str] | None, options: Mapping[str, Any], force: bool = False,
              progress: Callable[[str], None] | None = None, only: str | None = None,
              workers: int = 0, start_method: str | None = None, report: BuildReport | None = None,
              waiting: Callable[[str], None] | None = None, skip: tuple[str, ...] = ()) -> BuildReport:
    """Build every stale target (of group ``only``, less the groups in ``skip``);
    validation happens before the first byte is written.

    Stages run in order (the site copies what the PnP stage made); within a stage, stale
    targets run in parallel processes. Each target writes only its own files, so the
    bytes do not depend on the order, the number of processes or how they start.

    One build at a time holds the project (a second waits; ``waiting`` hears why). Pass
    a ``report`` to see what was built even when the build stops: each finished target
    is recorded in the manifest as it finishes, so the next build redoes only the rest.
    """
    from ..atomic import confined

    root = root.resolve()
    with confined(root):  # no write of this build goes through a link in the project
        return _build(root, slugs, options, force, progress, only, workers, start_method,
                      report if report is not None else BuildReport(), waiting, skip)


def _build(root: Path, slugs: Iterable[str] | None, options: Mapping[str, Any], force: bool,
           progress: Callable[[str], None] | None, only: str | None, workers: int, start_method: str | None,
           report: BuildReport, waiting: Callable[[str], None] | None, skip: tuple[str, ...] = ()) -> BuildReport:
    from .lock import project_lock, refuse_links, tidy

    refuse_links(root / "output")
    targets = _chosen_targets(root, slugs, options, only, skip)
    stale, fresh, manifest = stale_targets(root, targets, force)
    report.reused = [t.key for t in fresh]
    if not stale:
        report.standing = standing_problems(manifest, fresh)
        return report
    from ..verify.project import validated_project  # validates everything; raises before writing

    project = validated_project(root)
    if any(t.group == "site" for t, _ in stale):
        check_pages(root)
    out = root / "output"
    with project_lock(out, waiting):
        tidy(out)
        # Stamp again: a build that held the lock may have just made these.
        stale, fresh, manifest = stale_targets(root, targets, force)
        report.reused, report.planned, report.standing = [], len(stale), []
        try:
            stages = sorted({t.stage for t in targets})
            written: list[tuple[Path, str]] = []  # print files of the stage before (and their target), not yet preflighted
            for stage in stages:
                # A stage's print files are preflighted while the next one builds (the
                # site, alone in this process, leaves the other core free for it); the
                # last stage's, in its own workers, each after its target.
                with preflighting(project.root, written, report, manifest, workers, start_method):
                    written = _run_stage(project, [t for t in targets if t.stage == stage], out, manifest, report,
                                         force, progress, workers, start_method, defer=stage != stages[-1])
        finally:
            if report.built:
                write_manifest(out, manifest)
    return report


def check_pages(root: Path) -> None:
    """The site's own pages must be readable before anything is written (a page saved
    in another encoding would otherwise stop the build at its last step)."""
    from ..content.errors import ContentInvalid
    from ..content.loader import read_text
    from ..docs.folders import site_folder

    errors = []
    for page in sorted((site_folder(root) / "pages").glob("*.md")):
        try:
            read_text(page)
        except ContentInvalid as exc:
            errors += exc.errors
    if errors:
        raise ContentInvalid(errors)


def _run_stage(project: Any, in_stage: list[Target], out: Path, manifest: dict[str, Any], report: BuildReport,
               force: bool, progress: Callable[[str], None] | None, workers: int, method: str | None,
               defer: bool = False) -> list[tuple[Path, str]]:
    """Build the stage's stale targets, each preflighting its print files in its
    worker, or with ``defer``, returning them to be preflighted later."""
    # Re-stamp now: an earlier stage may have changed files this stage reads.
    todo, done, _ = stale_targets(project.root, in_stage, force)
    report.reused += [t.key for t in done]
    report.standing += standing_problems(manifest, done)
    stamps = {t.key: new for t, new in todo}
    for target, _ in todo:
        if progress:
            progress(target.key)
    deferred: list[tuple[Path, str]] = []
    for target, (files, checked, problems) in run_targets(project, [t for t, _ in todo], out, workers, method,
                                                          job=build_only if defer else build_and_preflight):
        manifest[target.key] = entry(stamps[target.key], files, out, [str(p) for p in problems])
        report.built.append(target.key)
        report.preflighted += checked
        report.preflight.extend(problems)
        deferred += [(out / name, target.key) for name in print_files(target, files)] if defer else []
    return deferred


def print_files(target: Target, files: list[str]) -> list[str]:
    """The PDFs a target wrote that preflight checks: all of them (a kit's POD PDF
    included), except the site's, which are copies of ones checked already."""
    return [] if target.group == "site" else sorted(f for f in files if f.endswith(".pdf"))


def build_only(project: Any, target: Target, out: Path) -> tuple[list[str], int, list[Any]]:
    """Build ``target``; its files (preflight comes later)."""
    return run_one(project, target, out), 0, []


def build_and_preflight(project: Any, target: Target, out: Path) -> tuple[list[str], int, list[Any]]:
    """Build ``target``, then preflight every PDF it wrote: in the target's worker, so
    the checks run on both cores rather than one after another in the parent. The
    files, how many PDFs were checked, and their problems."""
    files = run_one(project, target, out)
    pdfs = [out / name for name in print_files(target, files)]
    return files, len(pdfs), [p for path in pdfs for p in preflight_one(project.root, path)]


@contextmanager
def preflighting(root: Path, pdfs: list[tuple[Path, str]], report: BuildReport, manifest: dict[str, Any],
                 workers: int, method: str | None) -> Iterator[None]:
    """Preflight ``pdfs`` (each with the key of the target that wrote it) while the block
    runs: in one worker process when cores allow (the block keeps this process busy),
    else here after the block. Their problems go to ``report``, in file order, and to
    their target's manifest entry, so a build that reuses the file says them again."""
    if not pdfs:
        yield
        return
    from .. import workers as pools

    if (workers or (os.cpu_count() or 1)) < 2:
        yield
        found = [preflight_one(root, path) for path, _ in pdfs]
    else:
        with pools.running(1, start_method(method)) as executor:
            futures = [executor.submit(preflight_one, root, path) for path, _ in pdfs]
            yield
            found = [future.result() for future in futures]
    report.preflighted += len(pdfs)
    for (_, key), problems in zip(pdfs, found):
        report.preflight.extend(problems)
        value = manifest.get(key)
        if problems and isinstance(value, dict):
            value["preflight"] = [*value.get("preflight", []), *(str(p) for p in problems)]


def preflight_one(root: Path, path: Path) -> list[Any]:
    """A print file's preflight problems (none: an empty list)."""
    from ..pnp.preflight import preflight

    return list(preflight(path, None, str(path.relative_to(root))))

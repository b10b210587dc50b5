"""Running a stage's stale targets: in this process, or in worker processes that die
with it (``generator.workers``), each reporting the files it wrote.

Every task carries the project and its target: a spawned worker, which inherits
nothing, builds exactly what a forked one or this process would.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterator

from ..target import Target

#: Environment variable choosing how worker processes start ("fork", "spawn",
#: "forkserver"); unset: the platform's default, with fork preferred where it exists.
START_METHOD_ENV = "PIPWORKS_START_METHOD"


def start_method(chosen: str | None = None) -> str:
    """How worker processes start: ``chosen``, else $PIPWORKS_START_METHOD, else fork
    where the platform has it (workers then inherit the imported renderers), else the
    platform's default."""
    import multiprocessing

    method = chosen or os.environ.get(START_METHOD_ENV)
    if method:
        return method
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else multiprocessing.get_start_method()


def run_one(project: Any, target: Target, out: Path) -> list[str]:
    """Build ``target``; the files it wrote, relative to ``out`` (what a builder writes
    through ``generator.atomic`` is recorded; a builder may also return paths)."""
    from ..atomic import confined, recording
    from ..games import use_project  # a spawned worker learns the project's own plugins too

    use_project(project.root)
    with confined(project.root), recording() as written:
        returned = target.builder(project, target, out)
    paths = set(written)
    if isinstance(returned, (list, tuple)):
        paths.update(p for p in returned if isinstance(p, Path))
    return sorted(str(p.relative_to(out)) for p in paths if p.is_relative_to(out))


def run_targets(project: Any, targets: list[Target], out: Path, workers: int = 0,
                method: str | None = None, job: Callable[[Any, Target, Path], Any] = run_one) -> Iterator[tuple[Target, Any]]:
    """Build ``targets`` (heaviest first), yielding each with its files (what ``job``
    returns; a job must be a module-level function, to reach a spawned worker) as it finishes; in worker
    processes when more than one is stale and cores allow. A builder's exception is
    raised here; then, or on a signal, the other workers are stopped at once."""
    from concurrent.futures import as_completed

    from .. import workers as pools

    workers = workers or (os.cpu_count() or 1)
    # Longest first: the pool takes tasks in the order given, so the short ones fill
    # the gaps at the end instead of a long one starting last on an otherwise idle pool.
    targets = sorted(targets, key=lambda t: -t.weight)
    if len(targets) < 2 or workers < 2:
        for target in targets:
            yield target, job(project, target, out)
        return
    with pools.running(min(workers, len(targets)), start_method(method)) as executor:
        futures = {executor.submit(job, project, target, out): target for target in targets}
        for future in as_completed(futures):
            yield futures[future], future.result()

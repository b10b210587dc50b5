"""Where the lab's tasks run: this process, a pool of processes, or a cluster.

Every runner takes a task function and its items and yields the results as they
finish; the caller puts them back in order, so the numbers never depend on the runner.

- ``local`` with one worker runs in this process; with more, in a process pool;
- ``dask`` runs on a Dask distributed cluster: ``--cluster tcp://scheduler:8786`` joins
  an existing one, no address starts a local cluster of ``workers`` processes;
- ``ray`` runs on a Ray cluster: ``--cluster ray://head:10001`` (or ``auto``) joins
  one, no address starts Ray locally with ``workers`` CPUs.

Dask and Ray are optional (``pip install 'pipworks[cluster]'``); each cluster worker
needs the same Pipworks installed (and, for a project's own content, the same path).
"""

from __future__ import annotations

import logging
from concurrent.futures import as_completed
from typing import Any, Callable, Iterator, Protocol, Sequence

from .. import workers as pools

EXECUTORS = ("local", "dask", "ray")


class ExecutorUnavailable(RuntimeError):
    """The chosen executor's package is not installed, or its cluster cannot be reached."""


class Runner(Protocol):
    workers: int

    def __call__(self, task: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        """``task(item)`` for every item, yielded as each finishes."""


class LocalRunner:
    """This process (one worker) or a pool of worker processes."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def __call__(self, task: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        if self.workers == 1 or len(items) <= 1:
            yield from map(task, items)
            return
        # Workers that die with this process, and stop at once when it is stopped (a
        # signal, a failed task): a plain pool would run every queued task first.
        with pools.running(self.workers) as executor:
            for future in as_completed([executor.submit(task, item) for item in items]):
                yield future.result()


class ClusterRunner:
    """A cluster's runner: ``address`` joins a running cluster; None starts a local
    one of ``workers`` processes."""

    def __init__(self, workers: int = 1, address: str | None = None) -> None:
        self.workers = max(1, workers)
        self.address = address


class DaskRunner(ClusterRunner):
    """A Dask distributed cluster: an existing scheduler's address, or a local cluster."""

    def __call__(self, task: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        try:
            from distributed import Client, LocalCluster, as_completed as finished
        except ImportError:
            raise ExecutorUnavailable("the dask executor needs Dask distributed: pip install 'pipworks[cluster]'") from None
        cluster = None
        if self.address is None:
            cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=50)
        try:
            try:
                client = Client(cluster if cluster is not None else self.address, timeout=30)
            except OSError as exc:
                raise ExecutorUnavailable(f"cannot reach the Dask scheduler at {self.address}: {exc}") from None
            with client:
                futures = client.map(task, list(items), pure=False)
                for future in finished(futures):
                    yield future.result()
        finally:
            if cluster is not None:
                cluster.close()


class RayRunner(ClusterRunner):
    """A Ray cluster: an existing one's address (``auto`` or ``ray://host:port``), or
    Ray started locally with ``workers`` CPUs."""

    def __call__(self, task: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        try:
            import ray
        except ImportError:
            raise ExecutorUnavailable("the ray executor needs Ray: pip install ray") from None
        started = not ray.is_initialized()
        if started:
            if self.address:
                ray.init(address=self.address, logging_level=logging.ERROR)
            else:
                ray.init(num_cpus=self.workers, logging_level=logging.ERROR, include_dashboard=False)
        try:
            remote = ray.remote(task)
            pending = [remote.remote(item) for item in items]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
        finally:
            if started:
                ray.shutdown()


def make_runner(executor: str = "local", workers: int = 1, cluster: str | None = None) -> Runner:
    """The runner for ``--executor`` / ``--cluster`` / ``-j``: a cluster address alone
    means Dask."""
    if cluster and executor == "local":
        executor = "dask"
    if executor == "local":
        return LocalRunner(workers)
    if executor == "dask":
        return DaskRunner(workers, cluster)
    if executor == "ray":
        return RayRunner(workers, cluster)
    raise ValueError(f"unknown executor {executor!r}; known: {', '.join(EXECUTORS)}")

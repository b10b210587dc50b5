"""Worker processes that end with the command that started them, and signals that stop
long work cleanly.

A pool worker left running after its parent died keeps the parent's stdout open, so a
``| tee``, a CI log or ``subprocess.communicate`` waits for it forever. Three habits
prevent that:

- each worker asks the kernel (Linux ``PR_SET_PDEATHSIG``) to kill it when its parent
  dies, even by SIGKILL, which no handler of the parent can see;
- workers ignore SIGINT: Ctrl-C reaches every process of the terminal's group, and it
  is the parent's to decide how to stop (a partial summary, files left whole);
- in the parent, SIGTERM and SIGINT raise :class:`Interrupted`, and :func:`stop` ends
  the pool's workers at once instead of waiting for the tasks they are running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # imported when a pool is made: a command that only needs signals_interrupt stays quick
    from concurrent.futures import Future, ProcessPoolExecutor

#: Exit codes of a command stopped by a signal, as shells report them (128 + number).
EXIT_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}
_PR_SET_PDEATHSIG = 1


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM arrived: stop, clean up, report what was done, exit 128 + n.

    A KeyboardInterrupt, so code that already stops cleanly on Ctrl-C (mkdocs' server,
    ``atomic`` removing a half-written temp file) does the same on SIGTERM, and no
    ``except Exception`` in a library swallows it."""

    def __init__(self, signum: int = signal.SIGINT):
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        return EXIT_CODES.get(signal.Signals(self.signum), 128 + self.signum)


def _raise(signum: int, frame: Any) -> None:
    raise Interrupted(signum)


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise :class:`Interrupted` in the main thread."""
    # A pool worker has imported multiprocessing; a process that has not is the main one.
    mp = sys.modules.get("multiprocessing")
    if sys.platform == "win32" or (mp is not None and mp.current_process().name != "MainProcess"):
        yield
        return
    try:
        before = {sig: signal.signal(sig, _raise) for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread: leave signals as they are
        yield
        return
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


_STOPPING = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done. A pool forks its workers inside
    ``submit``; a signal handled in the middle of a fork raises in an at-fork callback,
    where Python prints "Exception ignored" and the stop is lost. Held, the signal is
    handled just after, in ordinary code."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _pool_class() -> type[ProcessPoolExecutor]:
    """A ProcessPoolExecutor that holds SIGINT and SIGTERM while it forks (made on first
    use: multiprocessing and concurrent.futures cost ~15 ms to import)."""
    global _POOL
    if _POOL is None:
        from concurrent.futures import ProcessPoolExecutor

        class _Pool(ProcessPoolExecutor):
            def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
                with _signals_held():
                    return super().submit(fn, *args, **kwargs)

        _POOL = _Pool
    return _POOL


_POOL: type[ProcessPoolExecutor] | None = None


def _die_with_parent(parent: int) -> None:
    """Pool initializer: the kernel kills this worker when its parent dies; Ctrl-C is
    the parent's to handle; SIGTERM (from :func:`stop`) ends the worker at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held them (_signals_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: rely on stop() and the parent's handlers
            pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def pool(workers: int, method: str | None = None) -> ProcessPoolExecutor:
    """A process pool whose workers die with this process (see the module's docstring).

    Processes are started from the calling (main) thread, which the kernel's
    parent-death signal is tied to."""
    import multiprocessing

    context = multiprocessing.get_context(method)
    return _pool_class()(max_workers=workers, mp_context=context, initializer=_die_with_parent, initargs=(os.getpid(),))


@contextlib.contextmanager
def running(workers: int, method: str | None = None) -> Iterator[ProcessPoolExecutor]:
    """A :func:`pool` for the block: shut down as usual when the block ends, stopped at
    once (:func:`stop`) when it ends early: an exception, a signal, a generator left
    unfinished."""
    executor = pool(workers, method)
    try:
        yield executor
    except BaseException:
        stop(executor)
        raise
    executor.shutdown(wait=True)


def stop(executor: ProcessPoolExecutor, wait_s: float = 1.0) -> None:
    """End ``executor`` now: queued tasks are cancelled and running ones killed, so a
    signal ends the command within seconds however long a task would have taken."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(wait_s)
        if process.is_alive():
            process.kill()
            process.join(wait_s)


def cancel(futures: list[Future[Any]]) -> None:
    for future in futures:
        future.cancel()

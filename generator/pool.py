"""The project's one process pool, behind the standard ``concurrent.futures.Executor`` interface.

Long work (``stats.measure``) runs through :func:`in_order`, which takes any ``Executor`` — a
``ThreadPoolExecutor``, Dask's ``distributed.Client().get_executor()`` — and defaults to
:class:`WorkerPool`, or to the calling process when one job is asked for; work whose items ask for
more calls as they go (the sheets' deal selection) through ``forks.in_order_steps``, on the same terms.

A ``WorkerPool`` stops when asked. Measured before it existed: ``pasyans stats`` killed with SIGTERM
took 20–40 s to stop (``ProcessPoolExecutor`` waits for the running tasks at exit), and killed with
SIGKILL left its workers solving for 38 more minutes. So:

- the parent handles Ctrl-C and SIGTERM; its workers ignore SIGINT (a terminal sends it to the whole
  process group: no traceback from every worker) and die at once of SIGTERM;
- on any exception, ``KeyboardInterrupt`` included, leaving the pool kills its workers instead of
  waiting for their tasks (:meth:`WorkerPool.stop`), and :func:`stop_all` does so for every live pool;
- a worker whose parent died (SIGKILL gives the parent no chance) exits: at once on Linux
  (``PR_SET_PDEATHSIG``), and elsewhere within :data:`WATCH_SECONDS` (a thread that checks the parent pid).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from multiprocessing.context import BaseContext
from types import TracebackType
from typing import ParamSpec, TypeVar

T = TypeVar("T")
R = TypeVar("R")
P = ParamSpec("P")

#: The signals that ask the work to stop: the parent handles them, a worker must not.
STOP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM})
#: How often a worker checks that its parent is still there (where ``PR_SET_PDEATHSIG`` is not to be had).
WATCH_SECONDS = 0.5
#: How long :meth:`WorkerPool.stop` waits for terminated workers before it kills them outright.
STOP_SECONDS = 1.0
#: ``prctl`` option: the signal a process gets when its parent thread exits (linux/prctl.h).
PR_SET_PDEATHSIG = 1

_live_pools: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


@contextlib.contextmanager
def _stop_signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back in this thread while workers may be started.

    A forked or spawned child inherits the mask, so it cannot be interrupted before it has set its own
    handlers (:func:`_start_worker` releases them); the parent gets a signal that came meanwhile on leaving.
    The pool's helper threads, started here too, never take a signal meant for the main thread.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies; elsewhere the watch thread does it."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _watch_parent(parent: int) -> None:
    """Exit this worker as soon as its parent is gone (re-parented: the pid seen is no longer the parent's)."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def _start_worker(parent: int, die_with_parent: bool) -> None:
    """A worker's first act: ignore Ctrl-C, die of SIGTERM, and not outlive ``parent``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    if die_with_parent:
        _die_with_parent()
    if os.getppid() != parent:  # the parent died before it could be watched
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


def _context() -> BaseContext:
    """Fork on Linux (workers are children of this process, started at once), spawn elsewhere."""
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


class WorkerPool(ProcessPoolExecutor):
    """``jobs`` worker processes that stop when asked (see the module's docstring).

    Make and use it in one thread. Linux ends a worker when the *thread* that started it ends, so only
    a pool made in the main thread asks for that; one made in another thread relies on the parent watch.
    """

    def __init__(self, jobs: int) -> None:
        die_with_parent = threading.current_thread() is threading.main_thread()
        super().__init__(max_workers=jobs, mp_context=_context(), initializer=_start_worker,
                         initargs=(os.getpid(), die_with_parent))
        _live_pools.add(self)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with _stop_signals_held():  # workers and the pool's threads may be started here
            return super().submit(fn, *args, **kwargs)

    def stop(self) -> None:
        """Drop the pending work and kill every worker now, without waiting for a task to finish."""
        processes = list((self._processes or {}).values())
        manager = getattr(self, "_executor_manager_thread", None)  # typeshed misnames its type
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(OSError, ValueError):
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process in processes:
            with contextlib.suppress(OSError, ValueError):
                process.join(max(0.0, deadline - time.monotonic()))
                if process.is_alive():
                    process.kill()
                    process.join(STOP_SECONDS)
        if isinstance(manager, threading.Thread) and manager is not threading.current_thread():
            manager.join(STOP_SECONDS)  # it sees its workers gone and closes the queues

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.shutdown(wait=True)
        else:  # an error, Ctrl-C, SIGTERM or a consumer that stopped early: nothing left is wanted
            self.stop()


def stop_all() -> None:
    """Stop every live ``WorkerPool`` of this process (the CLI does it when interrupted)."""
    for pool in list(_live_pools):
        pool.stop()


def in_order(fn: Callable[[T], R], items: Iterable[T], *, jobs: int = 1, executor: Executor | None = None,
             ahead: int | None = None) -> Iterator[R]:
    """``fn(item)`` for each item, yielded in the items' order, ``jobs`` at a time.

    On ``executor`` when one is given (it stays open: it is the caller's; ``jobs`` then says how many
    it runs at once); else in this process, lazily, when ``jobs`` is 1; else on a ``WorkerPool`` of
    ``jobs``, shut down when this generator ends (its workers killed if it ends early). ``ahead``
    bounds the calls submitted and not yet yielded (``None``: all at once), so a consumer that stops
    early wastes little. ``fn`` and the items must pickle for a process pool (a module-level function,
    or a ``functools.partial`` of one).
    """
    if executor is None and jobs <= 1:
        for item in items:
            yield fn(item)
        return
    window = ahead if ahead is not None else sys.maxsize
    pool: contextlib.AbstractContextManager[Executor]
    pool = contextlib.nullcontext(executor) if executor is not None else WorkerPool(jobs)
    with pool as running:
        pending: deque[Future[R]] = deque()
        try:
            for item in items:
                pending.append(running.submit(fn, item))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:  # on the caller's executor: what has not started is not wanted
                future.cancel()

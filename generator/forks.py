"""Work that forks: each item's work is a coroutine whose calls run on a pool, results in the items' order.

``pool.in_order`` runs one call per item. Some items need more, and more than one worker can give: a deal of the
sheets the solver leaves open is searched again under each of the game's other readings (``borrowing``), one
search after another. Run as one call, gallery deal 3 held `pasyans deals gallery --winnable --count 10` for
30 of its 43 s while the second worker idled. Here an item's work is a generator (``Steps``): it yields a
``Call`` and gets a ``Handle`` back at once, and yields a ``Handle`` to wait for the call's value. A call starts
when a worker is free: first the calls something waits for, the earliest item's first, then the calls only asked
for (speculation, such as a search that may be needed), in the order asked. What an item asked for and had not
started when it ended is dropped; what had started runs on, its value unused.

The order in which calls start depends on the machine's speed, so the steps must not: each item's result must
follow from its calls' values alone (``selection``'s borrowing reads every search off at the bound its
sequential run would give it).

Generators, not ``asyncio``: the sheets take the outcomes lazily from a plain iterator as they lay the pages out,
and the pool's futures are waited for with ``concurrent.futures.wait``; an event loop would need a thread of its
own or callers that are coroutines too, for the same few dozen lines of scheduling.
"""

from __future__ import annotations

import concurrent.futures
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from generator.pool import WorkerPool

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Call:
    """``fn(*args)`` on a worker: ``fn`` a module-level function and ``args`` picklable, for a process pool.

    ``after`` > 0 makes it speculative: unless something waits for it, it starts only once its item's first call
    has run that many seconds, and only while no other speculative call of the item runs."""

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    after: float = 0.0


@dataclass(eq=False)
class Handle:
    """A call asked for: where it stands, and its value once done."""

    call: Call
    item: _Item[Any]
    order: int  # when it was asked, over all items
    wanted: bool = True  # False: drop it unless it has started or is waited for
    waited: bool = False
    started: bool = False
    done: bool = False
    value: Any = None


#: An item's work: yields a ``Call`` (sent back its ``Handle``) or a ``Handle`` (sent back its value); returns R.
Steps = Generator[Call | Handle, Any, R]


@dataclass(eq=False)
class _Item(Generic[R]):
    index: int
    steps: Steps[R]
    began: float | None = None  # ``time.monotonic()`` when its first call started
    finished: bool = False
    value: Any = None
    asked: list[Handle] = field(default_factory=list)


class _Scheduler:
    """The calls of the items in flight on ``executor``, at most ``jobs`` running at once."""

    def __init__(self, executor: Executor, jobs: int) -> None:
        self.executor = executor
        self.jobs = jobs
        self.queued: list[Handle] = []
        self.running: dict[Future[Any], Handle] = {}
        self.asked = 0

    def advance(self, item: _Item[R], sent: Any) -> None:
        """Run ``item``'s steps until they wait for a call not done yet, or end."""
        while True:
            try:
                wanted = item.steps.send(sent)
            except StopIteration as end:
                item.finished, item.value = True, end.value
                for handle in item.asked:  # what it asked for and has not started is not wanted any more
                    handle.wanted = False
                return
            if isinstance(wanted, Call):
                sent = Handle(wanted, item, self.asked)
                self.asked += 1
                self.queued.append(sent)
                item.asked.append(sent)
            elif wanted.done:
                sent = wanted.value
            else:
                wanted.waited = True
                return

    def start(self, head: _Item[Any]) -> float | None:
        """Start queued calls while a worker is free, and return how long until a speculative call may start
        (None: no such call waits). First the calls waited for and the ready speculative calls of ``head`` (the
        item the results wait for), then the others; within each, by item, then in the order asked."""
        self.queued = [handle for handle in self.queued if handle.wanted or handle.waited]
        while len(self.running) < self.jobs:
            now = time.monotonic()
            guessing = {handle.item.index for handle in self.running.values() if not handle.waited}
            startable, later = [], []
            for handle in self.queued:
                ready = self._ready(handle, now)
                if handle.waited or (ready <= now and handle.item.index not in guessing):
                    startable.append(handle)
                elif ready > now:
                    later.append(ready - now)
            if not startable:
                return min(later) if later else None
            handle = min(startable, key=lambda h: (not h.waited and h.item is not head, h.item.index, h.order))
            self.queued.remove(handle)
            handle.started = True
            if handle.item.began is None:
                handle.item.began = now
            self.running[self.executor.submit(handle.call.fn, *handle.call.args)] = handle
        return None

    @staticmethod
    def _ready(handle: Handle, now: float) -> float:
        """When ``handle`` may start unwaited (``Call.after``)."""
        if not handle.call.after:
            return now
        began = handle.item.began
        return float("inf") if began is None else began + handle.call.after

    def settle(self, timeout: float | None) -> None:
        """Wait until a running call ends, or ``timeout`` seconds; hand its value to its item if that waits."""
        if not self.running:
            raise RuntimeError("an item waits for a call that was never asked for")
        finished, _ = concurrent.futures.wait(self.running, timeout, return_when=concurrent.futures.FIRST_COMPLETED)
        for future in finished:
            handle = self.running.pop(future)
            handle.value, handle.done = future.result(), True
            if handle.waited and not handle.item.finished:
                self.advance(handle.item, handle.value)

    def results(self, work: Callable[[T], Steps[R]], items: Iterable[T], ahead: int) -> Iterator[R]:
        window: deque[_Item[R]] = deque()
        for index, thing in enumerate(items):
            window.append(_Item(index, work(thing)))
            self.advance(window[-1], None)
            while window and (len(window) >= ahead or window[0].finished):
                yield self._head(window)
        while window:
            yield self._head(window)

    def _head(self, window: deque[_Item[R]]) -> R:
        """Work until the first item in ``window`` has its result; remove it and return the result."""
        head = window[0]
        while not head.finished:
            self.settle(self.start(head))
        window.popleft()
        result: R = head.value
        return result


def in_order_steps(work: Callable[[T], Steps[R]], items: Iterable[T], *, jobs: int,
                   executor: Executor | None = None, ahead: int | None = None) -> Iterator[R]:
    """The result of ``work(item)``'s steps for each item, in the items' order; their calls run ``jobs`` at a time
    on ``executor`` (it stays open: it is the caller's) or on a ``WorkerPool`` of ``jobs``, stopped when this
    generator ends (its workers killed if it ends early, or if calls no item waits for still run). ``ahead``
    bounds the items begun and not yet yielded (default ``2 * jobs``)."""
    scheduler = _Scheduler(executor or WorkerPool(jobs), jobs)
    owned = scheduler.executor if executor is None else None
    finished = False
    try:
        yield from scheduler.results(work, items, ahead or 2 * jobs)
        finished = True
    finally:
        for future in scheduler.running:
            future.cancel()
        if isinstance(owned, WorkerPool):
            if finished and not scheduler.running:
                owned.shutdown(wait=True)
            else:  # stopped early, or speculative calls still running: nothing more is wanted of the workers
                owned.stop()

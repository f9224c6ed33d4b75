"""The one worker pool: long work on any Executor, results in order, and every worker stopped when asked.

The process tests run ``pasyans`` as a user would, find its workers among the children of its pid in
/proc before the signal, and look for them again after it: Ctrl-C and SIGTERM must leave none after
2 s (one line ``pasyans: interrupted``, exit 130 / 143), SIGKILL of the parent none after a few seconds.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from generator.pool import WATCH_SECONDS, WorkerPool, in_order
from generator.stats import measure

ROOT = Path(__file__).resolve().parent.parent
#: How long the workers may outlive a Ctrl-C or SIGTERM (the issue's bound).
STOP_BOUND = 2.0
#: How long they may outlive a parent killed by SIGKILL: one deal (2 s of budget here), with room.
ORPHAN_BOUND = 5.0
#: Long work: minutes of «Картинная галерея» at 2 s a deal on two workers.
LONG_STATS = ("stats", "gallery", "--deals", "2000", "--jobs", "2", "--budget", "2")

#: ``python -m generator ARGS`` as a terminal starts a foreground job: Ctrl-C at its default. A test run started
#: in the background of a non-interactive shell (``make test &``) ignores SIGINT, every child inherits that, and
#: pasyans rightly keeps a SIGINT ignored by whoever started it; the exec keeps the pid the test watches.
AS_FOREGROUND_JOB = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                     "os.execv(sys.executable, [sys.executable, '-m', 'generator', *sys.argv[1:]])")

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds processes through /proc")


# --- processes, read from /proc -----------------------------------------------------------------------------------


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None if there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _children(pid: int) -> dict[int, str]:
    """The children of ``pid``: their pids and start times (a pid used again later is another process)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and int(fields[1]) == pid:
            found[int(entry.name)] = fields[19]
    return found


def _running(processes: dict[int, str]) -> list[int]:
    """Those of ``processes`` still running (a zombie has stopped: it only waits to be reaped)."""
    return [pid for pid, started in processes.items()
            if (fields := _stat(pid)) is not None and fields[19] == started and fields[0] not in "ZX"]


def _wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


@pytest.fixture
def long_work() -> Iterator[Callable[..., tuple[subprocess.Popen[str], dict[int, str]]]]:
    """Start ``pasyans ARGS`` in a session of its own (as a terminal's foreground job) once its workers run."""
    started: list[tuple[subprocess.Popen[str], dict[int, str]]] = []

    def start(*args: str, workers: int = 2) -> tuple[subprocess.Popen[str], dict[int, str]]:
        proc = subprocess.Popen([sys.executable, "-c", AS_FOREGROUND_JOB, *args], cwd=ROOT, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        children: dict[int, str] = {}

        def workers_run() -> bool:
            children.update(_children(proc.pid))
            return len(children) >= workers

        started.append((proc, children))
        assert _wait_for(workers_run, 30), f"no {workers} workers of pasyans {' '.join(args)}: {children}"
        time.sleep(0.5)  # well into the work
        return proc, children

    yield start
    for proc, children in started:  # whatever a failed test left: only the processes started here
        for pid in _running(children):  # the same pid and start time: still our worker
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:  # not reaped yet: the pid is still this process's
            proc.kill()
        proc.communicate()  # the workers held its pipes too: now they are closed


# --- stopping ---------------------------------------------------------------------------------------------------


@needs_proc
@pytest.mark.parametrize("signum, whole_group, status", [
    (signal.SIGTERM, False, 143),  # kill PID
    (signal.SIGINT, True, 130),  # Ctrl-C: a terminal sends it to every process of the job, workers too
    (signal.SIGINT, False, 130),
], ids=["sigterm", "ctrl-c", "sigint"])
def test_an_interrupt_stops_every_worker_with_one_line(long_work, signum: int, whole_group: bool,
                                                        status: int) -> None:
    proc, workers = long_work(*LONG_STATS)
    asked = time.monotonic()
    (os.killpg if whole_group else os.kill)(proc.pid, signum)
    stopped = _wait_for(lambda: not _running(workers), STOP_BOUND)
    elapsed = time.monotonic() - asked
    assert stopped, f"workers {_running(workers)} still running {elapsed:.1f} s after the signal"
    out, err = proc.communicate(timeout=STOP_BOUND)
    assert proc.returncode == status, err
    assert "Traceback" not in err and out == ""
    lines = err.splitlines()
    assert lines.count("pasyans: interrupted") == 1 and lines[-1] == "pasyans: interrupted", err


@needs_proc
def test_workers_die_with_a_parent_killed_outright(long_work) -> None:
    proc, workers = long_work(*LONG_STATS)
    proc.kill()  # SIGKILL: the parent can do nothing
    proc.wait()
    assert _wait_for(lambda: not _running(workers), ORPHAN_BOUND), f"orphaned workers {_running(workers)} run on"


@needs_proc
def test_interrupted_sheets_leave_no_file_and_no_worker(long_work, tmp_path: Path) -> None:
    target = tmp_path / "deals.pdf"
    proc, workers = long_work("deals", "gallery", "--winnable", "--count", "100", "--jobs", "2", "-o", str(target))
    proc.terminate()
    assert _wait_for(lambda: not _running(workers), STOP_BOUND), f"workers {_running(workers)} still running"
    _, err = proc.communicate(timeout=STOP_BOUND)
    assert proc.returncode == 143 and err.splitlines()[-1] == "pasyans: interrupted", err
    assert list(tmp_path.iterdir()) == []  # no PDF, no temporary part


# Without PR_SET_PDEATHSIG (not Linux), a worker's thread notices that its parent is gone.
ORPHAN_SCRIPT = """
import multiprocessing, os, time
from generator import pool

def deal(parent):
    pool._start_worker(parent, die_with_parent=False)
    time.sleep(600)  # a deal that would never end

worker = multiprocessing.get_context("fork").Process(target=deal, args=(os.getpid(),))
worker.start()
print(worker.pid, flush=True)
time.sleep(600)
"""


@needs_proc
def test_without_the_kernels_help_an_orphaned_worker_exits_within_its_watch() -> None:
    proc = subprocess.Popen([sys.executable, "-c", ORPHAN_SCRIPT], cwd=ROOT, text=True, stdout=subprocess.PIPE)
    worker: dict[int, str] = {}
    try:
        assert proc.stdout is not None
        pid = int(proc.stdout.readline())
        worker[pid] = _children(proc.pid)[pid]
        time.sleep(2 * WATCH_SECONDS)
        assert _running(worker) == [pid]  # a worker with its parent works on
        proc.kill()
        proc.wait()
        assert _wait_for(lambda: not _running(worker), 4 * WATCH_SECONDS)
    finally:
        for left in _running(worker):
            os.kill(left, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def _nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _shrug_off_ctrl_c(_: int) -> str:
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)
    except KeyboardInterrupt:  # sent back, a KeyboardInterrupt would stop the whole test run
        return "interrupted"
    return "still here"


def test_a_worker_ignores_ctrl_c() -> None:
    with WorkerPool(1) as pool:
        assert pool.submit(_shrug_off_ctrl_c, 0).result(timeout=10) == "still here"


def test_leaving_a_pool_on_an_error_kills_its_busy_workers_at_once() -> None:
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="stop"), WorkerPool(2) as pool:
        running = [pool.submit(_nap, 30) for _ in range(2)]
        _wait_for(lambda: all(f.running() for f in running), 10)
        raise RuntimeError("stop")
    assert time.monotonic() - started < STOP_BOUND + 1


def test_a_consumer_that_stops_early_does_not_wait_for_the_rest() -> None:
    started = time.monotonic()
    naps = in_order(_nap, [0.0, 0.0, 30.0, 30.0], jobs=2)
    assert [next(naps), next(naps)] == [0.0, 0.0]
    naps.close()
    assert time.monotonic() - started < STOP_BOUND + 1


# --- any Executor -------------------------------------------------------------------------------------------------


class CountingExecutor(ThreadPoolExecutor):
    """A plain thread pool that keeps the futures it made and counts how many were unfinished at once at most."""

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers)
        self.submitted: list[Future[Any]] = []
        self.most_unfinished = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        with self.lock:
            self.submitted.append(future)
            self.most_unfinished = max(self.most_unfinished, sum(not f.done() for f in self.submitted))
        return future


def test_measure_runs_on_any_executor_in_deal_order() -> None:
    """The same results, in deal order, here (one job), on the process pool and on a plain thread pool."""

    def key(results: list[Any]) -> list[tuple[int, str, str]]:
        return [(r.deal, r.thoughtful, r.no_peek) for r in results]

    here = key(measure("quadrille", 5, 40, jobs=1))
    assert [deal for deal, _, _ in here] == list(range(5, 45))
    assert len({verdict for _, verdict, _ in here}) == 2  # won and lost: an order mixed up would show
    with CountingExecutor(3) as executor:
        threads = key(measure("quadrille", 5, 40, jobs=3, executor=executor))
        assert len(executor.submitted) > 1  # the work went to the executor given, in chunks
        assert executor.submit(_nap, 0).result() == 0  # and it is still open: it is the caller's
    assert threads == here
    assert key(measure("quadrille", 5, 40, jobs=2)) == here


def test_in_order_keeps_the_order_however_the_calls_finish() -> None:
    naps = [0.2, 0.0, 0.1, 0.0, 0.05, 0.0]  # later calls finish first
    with CountingExecutor(3) as executor:
        assert list(in_order(_nap, naps, jobs=3, executor=executor, ahead=2)) == naps
        assert executor.most_unfinished <= 2  # ``ahead`` bounds the calls submitted and not yet yielded


def test_in_order_cancels_what_a_stopped_consumer_left_on_the_callers_executor() -> None:
    with CountingExecutor(1) as executor:
        naps = in_order(_nap, [0.0, 0.3, 0.3, 0.3, 0.3], jobs=1, executor=executor)
        assert next(naps) == 0.0
        naps.close()
        calls = executor.submitted
        assert len(calls) == 5 and not calls[0].cancelled()
        assert all(call.cancelled() for call in calls[2:])  # the second may have started: it runs out
        assert executor.submit(_nap, 0).result() == 0  # the executor is the caller's: still open

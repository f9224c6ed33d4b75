"""Work that forks (``generator.forks``): each item's calls on a pool, certain calls before speculative ones, the
results in the items' order; and the sheets' borrowing run so (``selection._deal_steps``), with the same outcomes
as one deal after another."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import generator.selection as selection
from generator.deals import stock_indices
from generator.forks import Call, Handle, Steps, in_order_steps
from generator.games import Result, make_game
from generator.solver import Solution


class Log:
    """What the calls did, in the order they began (thread-safe)."""

    def __init__(self) -> None:
        self.began: list[str] = []
        self.lock = threading.Lock()

    def nap(self, name: str, seconds: float) -> str:
        with self.lock:
            self.began.append(name)
        time.sleep(seconds)
        return name


def _naps(log: Log, name: str, seconds: float, guess: float | None = None) -> Steps[str]:
    """An item that may ask for a speculative call ``guess`` seconds after it begins, then waits ``seconds``."""
    own = yield Call(log.nap, (name, seconds))
    if guess is not None:
        yield Call(log.nap, (f"{name}?", 0.0), after=guess)
    value: str = yield own
    return value


def test_the_results_come_in_the_items_order_however_their_calls_end() -> None:
    log = Log()
    naps = [0.2, 0.0, 0.1, 0.0, 0.05, 0.0]  # later items end first
    with ThreadPoolExecutor(3) as executor:
        done = list(in_order_steps(lambda i: _naps(log, str(i), naps[i]), range(6), jobs=3, executor=executor,
                                   ahead=3))
    assert done == [str(i) for i in range(6)]


def test_an_item_can_wait_for_several_calls_and_ask_for_more() -> None:
    def sums(n: int) -> Steps[int]:
        handles = []
        for i in range(n):
            handles.append((yield Call(pow, (i, 2))))
        total = 0
        for handle in handles:
            total += yield handle
        extra: int = yield (yield Call(abs, (-total,)))
        return extra

    with ThreadPoolExecutor(2) as executor:
        assert list(in_order_steps(sums, [1, 3, 5], jobs=2, executor=executor)) == [0, 5, 30]


def test_a_speculative_call_runs_only_on_an_idle_worker_and_only_after_its_item_ran_that_long() -> None:
    log = Log()
    with ThreadPoolExecutor(1) as executor:  # one worker: never idle while the item's own call runs
        assert list(in_order_steps(lambda _: _naps(log, "own", 0.3, guess=0.05), [0], jobs=1,
                                   executor=executor)) == ["own"]
    assert log.began == ["own"]  # the item ended first: what it guessed was dropped unstarted
    log = Log()
    with ThreadPoolExecutor(2) as executor:
        started = time.monotonic()
        assert list(in_order_steps(lambda _: _naps(log, "own", 0.3, guess=0.05), [0], jobs=2,
                                   executor=executor)) == ["own"]
    assert log.began == ["own", "own?"]  # a worker idle, and the item's call ran 0.05 s: the guess began
    assert time.monotonic() - started >= 0.3
    log = Log()
    with ThreadPoolExecutor(2) as executor:
        assert list(in_order_steps(lambda _: _naps(log, "own", 0.05, guess=5.0), [0], jobs=2,
                                   executor=executor)) == ["own"]
    assert log.began == ["own"]  # not yet its time when the item ended


def test_the_calls_waited_for_come_first_and_the_head_s_guesses_before_later_items() -> None:
    log = Log()

    def work(i: int) -> Steps[str]:
        # The guess is ready 0.1 s after the head began: long after item 1's call began beside it (a loaded machine
        # once took more than 0.01 s between the two, and the guess went first), long before item 1's ends.
        if i == 0:
            return _naps(log, "head", 0.8, guess=0.1)
        return _naps(log, f"item{i}", 0.3 if i == 1 else 0.05)

    with ThreadPoolExecutor(2) as executor:
        assert list(in_order_steps(work, range(4), jobs=2, executor=executor, ahead=4)) == [
            "head", "item1", "item2", "item3"]
    # item 1's call is certain and came before the guess was ready; once it ran, the head's guess beat item 2's
    assert log.began[:4] == ["head", "item1", "head?", "item2"]


#: An item's program: the calls it asks for (a value, and a delay: negative for a guess begun that long after its item
#: began), then the order it waits for some of them in; its result is the sum of what it waited for, times the item.
Program = tuple[list[tuple[int, float]], list[int]]


def _programs() -> st.SearchStrategy[list[Program]]:
    call = st.tuples(st.integers(-50, 50), st.sampled_from([0.0, 0.001, -0.0005, -0.002]))
    program = st.lists(call, min_size=1, max_size=4).flatmap(
        lambda calls: st.tuples(st.just(calls), st.lists(st.integers(0, len(calls) - 1), max_size=4)))
    return st.lists(program, min_size=1, max_size=6)


def _echo(value: int, seconds: float) -> int:
    time.sleep(seconds)
    return value


def _run(index: int, program: Program) -> Steps[int]:
    calls, waits = program
    handles = []
    for value, delay in calls:
        handles.append((yield Call(_echo, (value, max(delay, 0.0)), after=-delay if delay < 0 else 0.0)))
    total = 0
    for which in waits:
        total += yield handles[which]
    return total * (index + 1)


@settings(max_examples=60, deadline=None)
@given(programs=_programs(), jobs=st.integers(1, 3), ahead=st.integers(1, 4))
def test_whatever_the_pool_and_the_guesses_each_item_gets_its_own_result_in_order(
        programs: list[Program], jobs: int, ahead: int) -> None:
    expected = [(i + 1) * sum(calls[w][0] for w in waits) for i, (calls, waits) in enumerate(programs)]
    with ThreadPoolExecutor(jobs) as executor:
        got = list(in_order_steps(lambda i: _run(i, programs[i]), range(len(programs)), jobs=jobs,
                                  executor=executor, ahead=ahead))
    assert got == expected


def test_an_error_in_a_call_reaches_the_consumer() -> None:
    def failing(_: int) -> Steps[int]:
        value: int = yield (yield Call(int, ("not a number",)))
        return value

    with ThreadPoolExecutor(2) as executor, pytest.raises(ValueError, match="not a number"):
        list(in_order_steps(failing, [0], jobs=2, executor=executor))


def _guess_long(_: int) -> Steps[float]:
    own = yield Call(time.sleep, (0.2,))
    yield Call(time.sleep, (30.0,), after=0.01)  # begins on the idle worker, never wanted
    yield own
    return 0.0


def test_the_pool_does_not_wait_for_a_guess_nobody_wants() -> None:
    started = time.monotonic()
    assert list(in_order_steps(_guess_long, [0], jobs=2)) == [0.0]  # the project's pool: the guess killed
    assert time.monotonic() - started < 5


# --- the sheets' deals ------------------------------------------------------------------------------------------


@pytest.fixture
def read_off(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """The searches read off at the plan's bound (``Solution.at_most``): for each, whether it had decided beyond."""
    reads: list[bool] = []
    at_most = Solution.at_most

    def counting(self: Solution, nodes: int) -> Solution:
        reads.append(self.decided and self.nodes > nodes)
        return at_most(self, nodes)

    monkeypatch.setattr(Solution, "at_most", counting)
    yield reads


def _driven(steps: Steps[Any], *, eager: bool) -> Any:
    """Run an item's steps here: ``eager`` runs every call as it is asked (each guess begun at once), else only
    when waited for (no guess ever begun)."""
    sent: Any = None
    while True:
        try:
            wanted = steps.send(sent)
        except StopIteration as end:
            return end.value
        if isinstance(wanted, Call):
            sent = Handle(wanted, cast(Any, None), 0)
            if eager:
                sent.started, sent.done, sent.value = True, True, wanted.fn(*wanted.args)
        elif not wanted.done:
            wanted.started, wanted.done, wanted.value = True, True, wanted.call.fn(*wanted.call.args)
            sent = wanted.value
        else:
            sent = wanted.value


@pytest.mark.parametrize(("spec", "deals", "positions", "borrowed", "beyond"), [
    ("gallery:optional_cover", range(30, 41), 1_500, {35}, False),
    ("village", range(18, 34), 1_500, {20, 29, 33}, False),
    # 300 positions: `village`'s search leaves deals 2 and 12 open, and `at_once`'s, asked for the 150 left of
    # the share, wins them beyond (257 and 251 positions) when run ahead at 300: read off as unknown (it spent the
    # share, so nothing is asked after it either way: what the reading off must get right is the rest)
    ("village:stuck_redeal", range(1, 13), 300, set(), True)])
def test_the_sheets_borrowing_run_ahead_answers_as_one_search_after_another(
        spec: str, deals: range, positions: int, borrowed: set[int], beyond: bool, read_off: list[bool]) -> None:
    """Deals the solver leaves open, some won through another reading's line: a deal's steps with every search
    begun ahead at the most it may get (read off at the plan's bound), or none, give ``solve_deal``'s outcome."""
    alone = [selection.solve_deal(spec, deal, positions, grade=True) for deal in deals]
    assert {o.deal for o in alone if o.result is Result.WON} >= borrowed
    for eager in (True, False):
        read_off.clear()
        assert [_driven(selection._deal_steps(spec, deal, positions=positions, grade=True, critical=False),
                        eager=eager) for deal in deals] == alone
        assert bool(read_off) is eager and any(read_off) is (eager and beyond)


def test_while_the_plan_waits_for_a_search_the_next_one_is_guessed_until_the_share_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the deal's own search leaves it open, the guesses not begun are dropped; each search the plan then asks
    at its full bound brings a guess of the one it would ask next, and one asked at the share's rest none."""
    def searched(search: Any, source: Any) -> Solution:  # every search open at its bound
        return Solution(Result.UNKNOWN, [], search.budget.nodes)

    monkeypatch.setattr(selection, "_searched", searched)
    game = make_game("gallery")
    planned = [search.key for search in selection.planned_searches(
        game, selection.Budget(seconds=None, nodes=1_000), share=selection.BORROW_SHARE,
        their_seeds=selection.SEEDS_SHARE)]
    steps = selection._solution_steps("gallery", 3, positions=1_000)
    asked: list[tuple[Any, bool]] = []  # (search key, a guess?) of each call, after the deal's own search
    own = steps.send(None)
    sent: Any = Handle(own, cast(Any, None), 0)
    while True:
        try:
            wanted = steps.send(sent)
        except StopIteration as end:
            result: Solution = end.value
            break
        if isinstance(wanted, Call):
            sent = Handle(wanted, cast(Any, None), 0)
            if wanted.fn is searched and wanted.args[0].key != ("gallery", None):
                asked.append((wanted.args[0].key, wanted.after > 0))
            continue
        handle = cast(Handle, wanted)
        handle.started, handle.done, handle.value = True, True, handle.call.fn(*handle.call.args)
        sent = handle.value
        if handle.call is own:
            asked.clear()  # the guesses asked beside the deal's own search: every planned one, in order
    assert result.result is Result.UNKNOWN
    # The printed rules: our rules with each other reading's seeds (at their bound), then the three other readings;
    # each asked at its whole bound guesses the next (lazily driven, no guess begins, so each is then searched
    # as asked), until `cover_before_gathering`'s, asked for the 500 positions left of the share: nothing after it.
    assert len(planned) == 6 and planned[4] == ("gallery:cover_before_gathering", "gallery")
    expected = [pair for i in range(4) for pair in ((planned[i + 1], True), (planned[i], False))]
    assert asked == [*expected, (planned[4], False)]


@pytest.mark.parametrize("grade", [True, False])
def test_the_sheets_deals_on_two_workers_are_those_of_one_deal_after_another(
        grade: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the project's pool, with the guesses begun as soon as a worker is idle: the same outcomes, in order."""
    def outcomes(jobs: int) -> list[selection.Outcome]:
        return list(selection.solve_in_order("village", range(18, 34), 1_500, jobs=jobs, grade=grade))

    alone = outcomes(1)
    monkeypatch.setattr(selection, "SPECULATE_AFTER", 1e-6)
    assert outcomes(2) == alone


@pytest.mark.parametrize(("spec", "deal", "positions"), [("gallery:optional_cover", 35, 1_500),
                                                         ("village:stuck_redeal", 2, 300), ("quadrille", 1, 1_000)])
def test_one_deal_s_line_on_two_workers_is_the_one_found_alone(spec: str, deal: int, positions: int,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve_or_borrow(jobs=2)`` (`pasyans svg`/`html`): a deal won through another reading, one open, one won at
    once: the same answer, and no worker left behind."""
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    alone = selection.solve_or_borrow(game, stock, positions)
    monkeypatch.setattr(selection, "SPECULATE_AFTER", 1e-6)
    both = selection.solve_or_borrow(game, stock, positions, jobs=2)
    assert (both.result, both.moves) == (alone.result, alone.moves)
    assert not multiprocessing.active_children()


def test_a_typed_pack_the_solver_leaves_open_gets_the_same_outcome_on_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pasyans deals --stock`` (solved in the main process, its borrowing on ``jobs`` workers): as alone."""
    stock = tuple(stock_indices("village", 2))

    def outcome(jobs: int) -> list[selection.Outcome]:
        chosen = selection.Selection("all", 1, 1, 300)
        return list(selection.select("village:stuck_redeal", chosen, solve_deals=True, jobs=jobs, critical=True,
                                     stock=stock))

    alone = outcome(1)
    assert selection.solve(make_game("village:stuck_redeal"), stock,
                           budget=selection.Budget(seconds=None, nodes=300)).result is Result.UNKNOWN  # borrowed for
    monkeypatch.setattr(selection, "SPECULATE_AFTER", 1e-6)
    assert outcome(2) == alone and alone[0].typed == stock

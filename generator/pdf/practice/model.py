"""What a practice sheet prints, as plain data: a :class:`DealPage` per deal and an :class:`Answer` per key entry.

Both are computed through the engine (``generator.play``: the opening, the replay of a line, a deal that
plays itself) before any flowable is made; the flowables only draw them. Each is made when its page is
laid out, so memory stays flat however many deals.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.deals import stock_indices
from generator.figures import figure_of
from generator.figures.base import Figure
from generator.games import Game, Move, Result
from generator.play import Opening, opening, play_out
from generator.replay import final_state
from generator.selection import Outcome
from generator.walkthrough import Phase, phases


@dataclass(frozen=True)
class DealPage:
    """One deal's page: its stock (top card first) and the opening the figure shows."""

    deal: int
    stock: tuple[int, ...]
    opening: Opening
    figure: Figure  # the opening position


def deal_page(game: Game, deal: int) -> DealPage:
    stock = tuple(stock_indices(game.id, deal))
    opened = opening(game, stock)
    return DealPage(deal, stock, opened, figure_of(game, opened.state))


@dataclass(frozen=True)
class Answer:
    """One deal's entry in the answer key: the verdict, a won line by phase, and the final position if shown."""

    deal: int
    result: Result
    played: int  # moves of the won line, redeals not counted
    phases: tuple[Phase, ...]  # those with moves
    final: Figure | None  # the end of the won line, or where a deal that plays itself stops


def _end(game: Game, stock: tuple[int, ...], moves: tuple[Move, ...]) -> Figure:
    """The position at the end of ``moves``, the last card movement marked."""
    last = next((m for m in reversed(moves) if not m.is_redeal), None)
    return figure_of(game, final_state(game, game.initial_state(stock), moves), last_move=last)


def answer(game: Game, outcome: Outcome) -> Answer:
    """The key entry of a solved deal (a deal not solved is «unknown»)."""
    result = outcome.result or Result.UNKNOWN
    stock = tuple(stock_indices(game.id, outcome.deal))
    if result is Result.WON:
        moves = outcome.moves
        groups = tuple(group for group in phases(game, moves) if group.moves)
        return Answer(outcome.deal, result, sum(not m.is_redeal for m in moves), groups, _end(game, stock, moves))
    if result is Result.LOST and not opening(game, stock).choice:
        # A deal that plays itself (no choice at any step, as in «Кадриль») has one end, shown; a lost
        # deal with choices has none to show: every line ends somewhere else.
        return Answer(outcome.deal, result, 0, (), _end(game, stock, tuple(play_out(game, stock).moves)))
    return Answer(outcome.deal, result, 0, (), None)

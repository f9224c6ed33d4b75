"""What a practice sheet prints, as plain data: a :class:`DealPage` per deal and an :class:`Answer` per key entry.

Both are computed through the engine (``generator.play``: the opening, the replay of a line, a deal that
plays itself) before any flowable is made; the flowables only draw them. Each is made when its page is
laid out, so memory stays flat however many deals.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.analysis import Difficulty, LineAnalysis, Status
from generator.deals import stock_indices
from generator.figures import figure_of
from generator.figures.base import Figure
from generator.games import Game, Move, Result
from generator.notation import move_ru
from generator.pdf.typography import NBSP, number_ru
from generator.play import Opening, opening, play_out
from generator.replay import final_state, replay
from generator.selection import Outcome
from generator.walkthrough import Phase, phases

#: What stands for a deal's number when the pack was typed in (``pasyans deals --stock``).
TYPED_DEAL = "Заданный расклад"


def deal_label(deal: int | None) -> str:
    """«Расклад № 12» (a no-break space after the sign), or «Заданный расклад» for a typed pack."""
    return TYPED_DEAL if deal is None else f"Расклад №{NBSP}{number_ru(deal)}"


def deal_key(deal: int | None) -> str:
    """The deal's part of a bookmark's name: its number, or ``typed``."""
    return "typed" if deal is None else str(deal)


@dataclass(frozen=True)
class DealPage:
    """One deal's page: its stock (top card first) and the opening the figure shows."""

    deal: int | None  # None: a typed pack
    stock: tuple[int, ...]
    opening: Opening
    figure: Figure  # the opening position


def deal_page(game: Game, deal: int | None, stock: tuple[int, ...] = ()) -> DealPage:
    """The page of deal number ``deal``, or (``deal`` None) of the typed pack ``stock``."""
    stock = stock if deal is None else tuple(stock_indices(game.id, deal))
    opened = opening(game, stock)
    return DealPage(deal, stock, opened, figure_of(game, opened.state))


@dataclass(frozen=True)
class Moment:
    """Where the no-peek player loses a deal that needs foresight, as the key prints it.

    ``number`` is the player's move (from 1, as ``pasyans play`` numbers them), ``played`` and ``keeps_win``
    in the book's notation (``played`` None: the player stops there though the game can still be won);
    ``between`` the stretch of its moves the moment lies in when it could not be pinned down.
    """

    status: Status
    number: int | None = None
    played: str | None = None
    keeps_win: str | None = None
    between: tuple[int, int] | None = None
    figure: Figure | None = None  # the position before the move, the player's last move marked
    limit: int = 0  # the positions each solve along the player's game had


@dataclass(frozen=True)
class Answer:
    """One deal's entry in the answer key: the verdict, a won line by phase, and the final position if shown;
    the deal's grade, and for a deal that needs foresight where the no-peek player loses it."""

    deal: int | None  # None: a typed pack
    result: Result
    played: int  # moves of the won line, redeals not counted
    phases: tuple[Phase, ...]  # those with moves, each cut into printed entries (choices, forced runs)
    final: Figure | None  # the end of the won line, or where a deal that plays itself stops
    difficulty: Difficulty | None = None
    moment: Moment | None = None


def _end(game: Game, final: object, moves: tuple[Move, ...]) -> Figure:
    """The position ``final`` at the end of ``moves``, the last card movement marked."""
    last = next((m for m in reversed(moves) if not m.is_redeal), None)
    return figure_of(game, final, last_move=last)


def moment(game: Game, stock: tuple[int, ...], line: LineAnalysis) -> Moment:
    """The key's view of the critical moment of the no-peek player's game (``line``, its analysis)."""
    critical = line.critical
    if critical is None or line.winning_line is None:
        return Moment(line.status, between=line.between, limit=line.probe_positions)
    before = line.winning_line[: critical.number - 1]  # the player's own first K−1 moves
    played = None if critical.played is None else move_ru(game, critical.played)
    return Moment(line.status, critical.number, played, move_ru(game, critical.keeps_win),
                  figure=_end(game, final_state(game, game.initial_state(stock), before), before),
                  limit=line.probe_positions)


def answer(game: Game, outcome: Outcome) -> Answer:
    """The key entry of a solved deal (a deal not solved is «unknown»)."""
    result = outcome.result or Result.UNKNOWN
    stock = outcome.stock(game)
    grade = outcome.difficulty
    where = None if outcome.line is None else moment(game, stock, outcome.line)
    if result is Result.WON:
        moves = tuple(outcome.moves)
        states = replay(game, game.initial_state(stock), moves).states
        groups = tuple(group for group in phases(game, moves, states, stock=stock) if group.moves)
        return Answer(outcome.deal, result, sum(not m.is_redeal for m in moves), groups, _end(game, states[-1], moves),
                      grade, where)
    if result is Result.LOST and not opening(game, stock).choice:
        # A deal that plays itself (no choice at any step, as in «Кадриль») has one end, shown; a lost
        # deal with choices has none to show: every line ends somewhere else.
        played = play_out(game, stock)
        return Answer(outcome.deal, result, 0, (), _end(game, played.final, tuple(played.moves)), grade)
    return Answer(outcome.deal, result, 0, (), None, grade)

"""Playouts of «Картинная галерея» for the hints' leads: a strategy over the engine's moves, no rules of its own.

A playout departs at random from the no-peek player's choice and stops at the end of the game, or at
the start of the last deal (or near the end of the deal before it) for the solver to search from
there. It only chooses among ``legal_moves``; it proves nothing. ``free_slot`` is the test of the
hints' dominance moves (A) and (B), which the playouts make first in the last deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.gallery import Gallery
from generator.games.gallery_cards import EMPTY, FOUNDATION, LAST, PILE, STOCK, tops
from generator.games.gallery_positions import GalleryState
from generator.players.gallery import GalleryPlayer


@cython.locals(found=bytes, data=cython.p_char, low=cython.int, end=cython.int, mine=cython.int, top=cython.int,
               card=cython.int, fits=cython.bint, i=cython.int)
def free_slot(found: bytes, card: int) -> bool:
    """``card`` fits a foundation and no copy of it competes for a place.

    True when both foundations of its suit stand at ``card - 1`` or higher:
    either the other copy is already up, or each copy has a foundation waiting
    for it. (All eight foundations exist from the second deal on.)
    """
    low = card - 1
    end = card - card % 13 + 13  # the first card of the next suit
    mine = 0
    fits = False
    data = found  # compiled, the bytes' buffer, read in C
    for i in range(len(found)):  # one pass, C ints (compiled): ``low in found`` compared Python ints
        top = data[i] - 1  # (a foundation's byte is its top + 1, 0 before its ace: EMPTY)
        if top == low:
            fits = True
        if low <= top < end:
            mine += 1
    return fits and mine >= 2


@cython.ccall
@cython.locals(moves=list, kept=list, src=cython.int)
def deals_of(moves: list[Move]) -> list[Move]:
    """The moves of the turned card among ``moves`` (each move unpacked in C, not its ``src`` looked up by name;
    a C call here, a Python one from the hints)."""
    kept = []
    for move in moves:
        _, src, _ = cython.cast(tuple, move)
        if src == STOCK:
            kept.append(move)
    return kept


@cython.cfunc
def _player_choice(player: GalleryPlayer, state: GalleryState, moves: list[Move]) -> Move:
    """The no-peek player's choice (it always chooses one in this game)."""
    choice = player.choose(state, moves)
    assert choice is not None
    return choice




#: How often a playout departs at random from the no-peek choice, cycled over playouts.
EPS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.2, 0.3, 0.4)
#: The same for playouts that stop at the start of the last deal (to be searched from there).
EPS_START = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5)
#: Where the playouts for leads stop, cycled: at the start of the last deal (None), or near the end of the
#: deal before it, with so many stock cards left (the search then also tries the covers and the redeal).
LATE = (None, None, 0, 3, None, None, 8, 15)


class Playout(NamedTuple):
    """Where a playout stopped: the moves made, and the position reached (won, lost, or a start to search)."""

    moves: list[Move]
    state: GalleryState


def cards_up(found: bytes) -> int:
    """How many cards stand on the foundations (the score of a lost playout)."""
    return sum(top % 13 + 1 for top in tops(found) if top != EMPTY)


@cython.cfunc
@cython.locals(stock=bytes, piles=tuple, found=bytes, last=cython.bint, out=cython.bint, card=cython.int,
               src=cython.int, first_card=cython.int, first_dst=cython.int, before=cython.int)
def _choose(player: GalleryPlayer, state: GalleryState, moves: list[Move], rand: Callable[[], float],
            eps: float, keep: bool, kept: dict[int, bool]) -> Move:
    """A playout's choice among the engine's ``moves``: mostly the no-peek one, departing with probability ``eps``.

    In the last deal the dominance moves (A) and (B) come first. With ``keep``, the departures
    before the last deal are of one kind only: a card that could go up is kept back for the whole
    deal (decided once per card and deal in ``kept``); every other card goes up as soon as it fits.
    """
    stock, piles, found, _, redeals = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
    if not redeals and not piles[0] and player.game.choosing(state):  # any_king: the king to draw, like a cover
        return moves[int(rand() * len(moves))] if rand() < eps else _player_choice(player, state, moves)
    last = redeals >= LAST
    out = not stock
    first_card, _, first_dst = cython.cast(tuple, moves[0])
    if out and first_card >= 0 and first_dst < FOUNDATION:  # covers are pending: every move is one
        return moves[int(rand() * len(moves))] if rand() < eps else _player_choice(player, state, moves)
    plays: list[Move] = []
    before = -1  # the source of the last play kept
    for move in moves:
        card, src, _ = cython.cast(tuple, move)
        if card < 0 or src == STOCK or (plays and before == src):
            continue  # the redeal, the turned card, or a second foundation for the same top
        if last and (len(piles[src - PILE]) > 2 or out) and free_slot(found, card):
            return move  # (A)
        if keep and not last:
            if card not in kept:
                kept[card] = rand() < eps
            if kept[card]:
                continue
        plays.append(move)
        before = src
    if plays:
        if rand() < eps and not (keep and not last):
            pick = int(rand() * (len(plays) + (1 if not out or not last else 0)))
            if pick < len(plays):
                return plays[pick]
        else:
            return _player_choice(player, state, plays)
    if out:
        return moves[-1]  # the redeal: every play was passed over
    deals = deals_of(moves)
    if len(deals) == 1:
        return deals[0]
    card = first_card  # it fits a foundation (deals[0]) or goes onto its pile (deals[-1])
    if keep and not last:
        if card not in kept:
            kept[card] = rand() < eps
        up = not kept[card]
    else:  # (B) in the last deal; elsewhere up unless the playout departs
        up = (last and len(piles[deals[-1].dst - PILE]) > 1 and free_slot(found, card)) or rand() >= eps / 2
    return deals[0] if up else deals[-1]


def preferred(player: GalleryPlayer, state: GalleryState, moves: list[Move]) -> Move:
    """The playouts' choice among ``moves`` when they do not depart from it (``_choose`` with no departure)."""
    return _choose(player, state, moves, _never, 0.0, False, {})


def _never() -> float:
    """A random draw that never departs (``_choose`` departs when a draw falls below its ε)."""
    return 0.5


@cython.locals(at=cython.int, left=cython.int, floor=cython.int, redeals=cython.int)
def playout(
    game: Gallery,
    player: GalleryPlayer,
    state: GalleryState,
    rng: random.Random,
    eps: float,
    *,
    stop_at: int | None = None,
    keep: bool = False,
    stop_left: int | None = None,
) -> Playout:
    """One randomised playout from ``state`` through the rules engine (for the leads; it proves nothing).

    Every move is one of the engine's ``legal_moves``, chosen by ``_choose``. It plays to the end, or, with
    ``stop_at``, stops at the start of that deal; with ``stop_left`` too, it stops earlier, in the
    deal before ``stop_at``, once the stock holds ``stop_left`` cards or fewer.
    """
    legal, apply, deal_forced = game.legal_moves, game.apply, game.deal_forced
    rand = rng.random
    log: list[Move] = []
    kept: dict[int, bool] = {}
    at = -1 if stop_at is None else stop_at  # the deal to stop at (-1: none; a position's redeals are 0..2)
    left = -1 if stop_left is None or stop_at is None else stop_left
    while True:
        redeals = cython.cast(tuple, state)[4]  # (``GalleryState.redeals``, read in C)
        floor = left if redeals == at - 1 else -1
        state = deal_forced(state, log, stock_floor=max(floor, 0))  # forced deals draw nothing from ``rand``
        if len(cython.cast(tuple, state)[0]) <= floor:  # the stock
            return Playout(log, state)
        moves = legal(state)
        if not moves:
            return Playout(log, state)
        move = _choose(player, state, moves, rand, eps, keep, kept)
        state = apply(state, move)
        log.append(move)
        if cython.cast(tuple, move)[0] < 0:  # the redeal
            kept = {}
            if redeals + 1 == at:
                return Playout(log, state)

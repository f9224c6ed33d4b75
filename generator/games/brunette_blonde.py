"""«Брюнетка и блондинка» (seed 000): two packs, alternating colours, one redeal.

Eight cards are dealt to the basic row («основной ряд»); an ace dealt then
goes straight up and the next card takes its place. Then the stock is turned
one card at a time. Foundations start with an ace of any suit and rise to the
king in alternating colours; the basic-row piles are built down in alternating
colours. Suits never matter, only rank and colour.

The turned card may go to a foundation, onto a basic-row pile or into an empty
basic-row place; only a card that fits neither a foundation nor a pile goes to
the waste («кон»): «Те карты, которые не подходят ни к тузам, ни к основной
линии, кладут перед собой в кон». At any time the waste top or a pile top may
go to a foundation, and the waste top onto a pile or into an empty place. No
card ever moves from one pile to another. Once the stock is out the player may
turn the waste over, unshuffled, for one more pass; the basic row stays.

Every move is one-way (stock → anything, waste → table, table → foundation),
so the position graph has no cycles and every game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from generator.cards import card_str
from generator.games.base import REDEAL, Game, Move

STOCK, WASTE = 0, 1
PILE = 2  # pile:1 … pile:8 are 2..9
FOUNDATION = 10  # foundation:1 … foundation:8 are 10..17
ROW = 8
REDEALS = 1
TWO_CARDS_LIMIT = 2
NO_LIMIT = 1_000

#: A card's rank and colour in one small int: rank * 2 + (1 if red): the only thing the rules look at.
CODE = tuple((index % 13 + 1) * 2 + (index // 13 >= 2) for index in range(52))
RANK = tuple(index % 13 + 1 for index in range(52))
#: The code a foundation top must have for the card to go on it (aces: 0 = an empty foundation).
FOUNDATION_NEEDS = tuple(0 if RANK[c] == 1 else (RANK[c] - 1) * 2 + 1 - CODE[c] % 2 for c in range(52))
#: The code a pile top must have for the card to go on it (kings: none).
PILE_NEEDS = tuple(-1 if RANK[c] == 13 else (RANK[c] + 1) * 2 + 1 - CODE[c] % 2 for c in range(52))
IS_ACE = tuple(RANK[c] == 1 for c in range(52))


class BrunetteBlondeState(NamedTuple):
    stock: tuple[int, ...]  # top card first
    waste: tuple[int, ...]  # bottom card first (the first card wasted is waste[0])
    piles: tuple[tuple[int, ...], ...]  # the basic row, 8 piles, each bottom card first
    foundations: tuple[tuple[int, ...], ...]  # 8 foundations in order of arrival, ace first
    redeals: int  # 0 in the first pass, 1 after the waste was turned over
    dealing: bool  # the first eight cards are still being dealt to the basic row


def _replace(row: tuple[tuple[int, ...], ...], index: int, value: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*row[:index], value, *row[index + 1 :])


class BrunetteBlonde(Game):
    id = "brunette_blonde"
    title = "Брюнетка и блондинка"
    packs = 2
    variants = {"two_cards": "a basic-row pile holds at most two cards"}
    places = (
        "stock",
        "waste",
        *(f"pile:{i}" for i in range(1, 9)),
        *(f"foundation:{i}" for i in range(1, 9)),
    )

    def __init__(self, variant: str | None = None) -> None:
        super().__init__(variant)
        #: Most cards a basic-row pile may hold.
        self.limit = TWO_CARDS_LIMIT if variant == "two_cards" else NO_LIMIT

    # -- the rules ------------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> BrunetteBlondeState:
        empty = ((),) * ROW
        return BrunetteBlondeState(tuple(stock), (), empty, empty, 0, bool(stock))

    def legal_moves(self, state: BrunetteBlondeState) -> list[Move]:
        stock, waste, piles, foundations, redeals, dealing = state
        if dealing:
            card = stock[0]
            if IS_ACE[card]:
                return [Move(card, STOCK, FOUNDATION + foundations.index(()))]
            return [Move(card, STOCK, PILE + piles.index(()))]
        # Foundation tops as codes (0: empty, so an ace's need of 0 finds the free ones);
        # pile tops as codes (-2: empty or full, which nothing is built on).
        ftops = [CODE[cards[-1]] if cards else 0 for cards in foundations]
        limit = self.limit
        ptops = [CODE[cards[-1]] if cards and len(cards) < limit else -2 for cards in piles]
        empty = [PILE + i for i, cards in enumerate(piles) if not cards]
        moves: list[Move] = []
        # To the foundations: pile tops, the waste top, the turned card. An ace only to the lowest free one.
        for i, cards in enumerate(piles):
            if cards:
                card = cards[-1]
                need = FOUNDATION_NEEDS[card]
                if need in ftops:
                    if need:
                        moves.extend(Move(card, PILE + i, FOUNDATION + j) for j, top in enumerate(ftops) if top == need)
                    else:
                        moves.append(Move(card, PILE + i, FOUNDATION + ftops.index(0)))
        if waste:
            card = waste[-1]
            need = FOUNDATION_NEEDS[card]
            if need in ftops:
                if need:
                    moves.extend(Move(card, WASTE, FOUNDATION + j) for j, top in enumerate(ftops) if top == need)
                else:
                    moves.append(Move(card, WASTE, FOUNDATION + ftops.index(0)))
            need = PILE_NEEDS[card]
            if need in ptops:
                moves.extend(Move(card, WASTE, PILE + j) for j, top in enumerate(ptops) if top == need)
            moves.extend(Move(card, WASTE, dst) for dst in empty)
        if stock:
            card = stock[0]
            fits = False
            need = FOUNDATION_NEEDS[card]
            if need in ftops:
                fits = True
                if need:
                    moves.extend(Move(card, STOCK, FOUNDATION + j) for j, top in enumerate(ftops) if top == need)
                else:
                    moves.append(Move(card, STOCK, FOUNDATION + ftops.index(0)))
            need = PILE_NEEDS[card]
            if need in ptops:
                fits = True
                moves.extend(Move(card, STOCK, PILE + j) for j, top in enumerate(ptops) if top == need)
            moves.extend(Move(card, STOCK, dst) for dst in empty)
            if not fits:
                moves.append(Move(card, STOCK, WASTE))
        elif waste and redeals < REDEALS:
            moves.append(REDEAL)
        return moves

    def apply(self, state: BrunetteBlondeState, move: Move) -> BrunetteBlondeState:
        stock, waste, piles, foundations, redeals, dealing = state
        if move.is_redeal:
            # The waste turned over unshuffled: its first card is dealt first again.
            return BrunetteBlondeState(waste, (), piles, foundations, redeals + 1, False)
        card, src, dst = move
        if src == STOCK:
            stock = stock[1:]
        elif src == WASTE:
            waste = waste[:-1]
        else:
            piles = _replace(piles, src - PILE, piles[src - PILE][:-1])
        if dst == WASTE:
            waste = (*waste, card)
        elif dst >= FOUNDATION:
            foundations = _replace(foundations, dst - FOUNDATION, (*foundations[dst - FOUNDATION], card))
        else:
            piles = _replace(piles, dst - PILE, (*piles[dst - PILE], card))
        if dealing:
            dealing = bool(stock) and () in piles
        return BrunetteBlondeState(stock, waste, piles, foundations, redeals, dealing)

    def forced(self, state: BrunetteBlondeState) -> bool:
        return state.dealing

    def is_won(self, state: BrunetteBlondeState) -> bool:
        return all(len(cards) == 13 for cards in state.foundations)

    def redeals_done(self, state: BrunetteBlondeState) -> int:
        return state.redeals

    def stock_left(self, state: BrunetteBlondeState) -> int:
        return len(state.stock)

    def contents(self, state: BrunetteBlondeState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = state.stock[::-1]
        if state.waste:
            places[WASTE] = state.waste
        for i, cards in enumerate(state.piles):
            if cards:
                places[PILE + i] = cards
        for i, cards in enumerate(state.foundations):
            if cards:
                places[FOUNDATION + i] = cards
        return places

    def key(self, state: BrunetteBlondeState):
        """Piles in any order, and each foundation as the rank and colour of its top only.

        The basic-row places are interchangeable (the first deal fills the
        leftmost empty one, but which empty place is leftmost does not change
        what can happen next); a foundation's buried cards never move again
        and its top card matters only by rank and colour.
        """
        stock, waste, piles, foundations, redeals, dealing = state
        tops = sorted(CODE[cards[-1]] if cards else 0 for cards in foundations)
        return (stock, waste, tuple(sorted(piles)), tuple(tops), redeals, dealing)

    def explain_illegal(self, state: BrunetteBlondeState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal or move in legal:
            return super().explain_illegal(state, move)
        if move.is_redeal:
            if state.redeals >= REDEALS:
                return "only one redeal is allowed («раскладывают во второй раз»)"
            if state.stock:
                return "the waste may be turned over only once the stock is out"
            return "there is no waste to turn over"
        contents = self.contents(state)
        where = contents.get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if state.dealing:
            return f"the first eight cards are dealt to the basic row first ({self.describe(legal[0])})"
        card, src, dst = move
        name = card_str(card)
        if src >= FOUNDATION:
            return "foundation cards never come back"
        if dst == STOCK:
            return "nothing goes back to the stock"
        if PILE <= src < FOUNDATION and PILE <= dst < FOUNDATION:
            return "no card moves from one basic-row pile to another"
        if PILE <= src < FOUNDATION and dst == WASTE:
            return "basic-row cards go only to the foundations"
        if dst == WASTE:
            return f"{name} fits a foundation or a basic-row pile, so it may not go to the waste"
        if dst >= FOUNDATION:
            if IS_ACE[card]:
                return f"an ace starts the lowest free foundation ({self.describe(legal[0])})"
            return f"{name} goes on a foundation topped by a card one lower of the other colour"
        pile = state.piles[dst - PILE]
        if pile and CODE[pile[-1]] == PILE_NEEDS[card] and len(pile) >= self.limit:
            return f"in this variant a basic-row pile holds at most {self.limit} cards"
        return f"{name} goes on a basic-row card one higher of the other colour, or into an empty place"

    # -- the careful player without second sight ----------------------------------

    def no_peek_move(self, state: BrunetteBlondeState, moves: list[Move]) -> Move | None:
        """Foundations first; then clear the waste; only then turn the next card.

        A card from the waste or the turned card goes up if it can, else onto
        a basic-row pile, else into an empty place: an empty place is always
        filled at once, since a card in the row stays reachable and a card in
        the waste may be buried (on deals 501..1500 this beats keeping empty
        places for high cards by a wide margin). The turned card goes to the
        waste only when it has no other place. The waste is turned over when
        nothing else is left. The stock is looked at only once the player has
        decided to turn its top card, exactly as at the table; every move is
        one-way, so the player cannot loop.
        """
        table = [m for m in moves if m.src != STOCK and not m.is_redeal]
        for move in table:
            if move.dst >= FOUNDATION:
                return move
        for move in table:
            if state.piles[move.dst - PILE]:
                return move
        if table:
            return table[0]  # the waste top into an empty place
        turned = [m for m in moves if m.src == STOCK]
        if turned:
            for move in turned:
                if move.dst >= FOUNDATION:
                    return move
            for move in turned:
                if move.dst != WASTE and state.piles[move.dst - PILE]:
                    return move
            return turned[0]  # an empty place, or the waste when there is none
        return REDEAL if REDEAL in moves else None

"""Search hints of «Македонская фаланга»: safe moves by confluence and play-outs, the order of
moves, restarts between an eager and a lazy order, and a dead-end test by counting; each proved
beside it."""

from __future__ import annotations

from generator.games import Move
from generator.games.phalanx import (
    CARDS,
    FOUNDATION,
    OFFSET,
    PHASE_TWO,
    STOCK,
    SUIT,
    WASTE,
    Phalanx,
    PhalanxState,
)
from generator.hints.base import Restarts, SearchHints


class PhalanxHints(SearchHints[PhalanxState]):
    game: Phalanx

    #
    # A model of phase two that the proofs below use. Call A the 25 pyramid cards plus the top
    # of the collecting pile. A *play* puts a fitting card of A up; whichever it is, the pile
    # loses its top card (it goes up itself, or it refills the emptied pyramid place), so A
    # gains the next card of the pile, or the next stock card when the pile is empty. A *turn*
    # puts the next stock card up if it fits, else onto the pile (a *push*). Cards reach the
    # pile only by pushes, in stock order, and leave it only from the top.
    #
    # Confluence without pushes: while nothing is pushed, a fitting card stays fitting until it
    # is played (its foundation can only move on by that card or its twin, and twins are one
    # card), so the plays that can be made form one closure: every maximal sequence of plays
    # puts the same cards up and empties the same number of pile cards. Playing any fitting
    # card is then never wrong (an exchange argument: moving a card that a winning line plays
    # later to the front keeps every other play of the line legal, and A only gains cards).

    #: Run the dead-end test inside ``safe_move`` (a lost position makes any move safe), for a
    #: solver that does not call ``dead_end`` itself. A solver that does (after its
    #: transposition-table check) should set this to False: the test then runs once per new
    #: node instead of once per generated child, about 2.5 times less work.
    dead_end_in_safe_move = False  # generator.solver calls dead_end itself, after its table check

    def safe_move(self, state: PhalanxState, moves: list[Move]) -> Move | None:
        """Moves that cannot lose a win (each rule's proof is beside it)."""
        if state.phase != PHASE_TWO or self.game.refill_pending(state):
            # The deal and the refills are forced. Phase one is confluent (see the model above: no
            # push happens in it, and refills come from the stock in order, one per play), so the
            # position where phase two starts is the same, up to place names, whatever the order.
            return moves[0]
        if state.dealt == CARDS:
            # Stock out: no push can happen any more, so by confluence every fitting card may go
            # up at once; the deal is decided without search.
            return moves[0]
        if self.dead_end_in_safe_move and self.dead_end(state):
            # A lost position stays lost whatever is played: any move is safe. Turning the stock
            # ends the game soonest.
            return moves[-1]
        turn = moves[-1]
        if _playing_everything_wins(state):
            # Playing every card that fits before each turn (the careful player's way) wins,
            # checked by playing it out: the first play of it (any: the plays between two turns
            # commute) or the turn when nothing fits starts a winning line.
            plays = [move for move in moves if move.src != STOCK]
            return plays[0] if plays else turn
        if turn.src == STOCK and _turning_everything_wins(state):
            # Turning the whole stock without a play, then playing everything that fits, wins
            # (checked by playing it out): the turn starts a winning line, so it loses no win.
            return turn
        if state.waste and turn.src == STOCK and turn.dst >= FOUNDATION and self._turn_is_safe(state, turn.card):
            return turn
        return None

    def order(self, state: PhalanxState, moves: list[Move]) -> list[Move]:
        """Turn the stock first, then the pile's top, then pyramid cards: a play is worth making
        only to save a card from being buried, and a lazy line that fails is cut short by the
        dead-end test, so the search gets back to its early choices soon. (The eager line, the
        careful player's, is tried at every node by ``safe_move``.)"""
        if len(moves) < 2:
            return moves
        return sorted(moves, key=lambda move: 0 if move.src == STOCK else 1 if move.src == WASTE else 2)

    #: Each move makes (cards up, cards taken from the stock, minus cards on the pile) larger,
    #: compared in that order: a play puts a card up; a turn or a refill from the stock takes a
    #: card from it; a refill from the pile leaves both alone and shortens the pile. Nothing
    #: comes down and nothing goes back, so no line comes back to a position, and the solver's
    #: restarts may keep what they searched to the end.
    acyclic = True

    #: Positions of the first restart attempt (later ones follow Luby's sequence).
    restart_unit = 200

    def restarts(self) -> Restarts[PhalanxState]:
        """Restarts alternate the careful player's eager order with the lazy ``order``:
        the eager one finds the wins that lie near the eager line, which the lazy order reaches
        late; what one attempt searched to the end the next one skips (``acyclic``)."""
        return Restarts(self.restart_unit, lambda attempt: self.order_eager if attempt % 2 else self.order)

    def order_eager(self, state: PhalanxState, moves: list[Move]) -> list[Move]:
        """Everything that fits before turning: the no-peek player's choice first."""
        return super().order(state, moves)

    def _turn_is_safe(self, state: PhalanxState, card: int) -> bool:
        """The next stock card fits and turning it now is provably safe.

        Conditions: (i) it keeps fitting whatever is played before it is turned: it is the card
        its suit's lower foundation wants (the other foundation only moves on with a card of
        another rank, or with its twin, which then leaves it the second foundation), or its
        twin is up or still in the stock; (ii) the plays that can be made without turning
        (their closure) cannot empty the pile and then take one more, which would refill the
        pyramid with this very card from the stock.

        Proof: any line from here makes some plays and then must deal with this card; by (ii)
        it turns it, and by (i) it fits then and goes up. Turning it first and then making the
        same plays is legal (a card up can only stop a play of its twin, and by (i) the twin
        then has the other foundation or is not in play) and ends in the same position.
        """
        offset = OFFSET[state.base]
        suit, k = SUIT[card], offset[card]
        heights = [offset[top] + 1 for top in state.tops if top >= 0 and SUIT[top] == suit]
        heights += [0] * (2 - len(heights))
        if k != min(heights):
            twin_in_play = card in state.pyramid or card in state.waste
            if twin_in_play:
                return False
        all_heights = _heights(state)
        pool = [c for c in state.pyramid if c >= 0]
        return _play_out(all_heights, offset, pool, state.waste) <= len(state.waste)

    def dead_end(self, state: PhalanxState) -> bool:
        """True only when the position provably cannot be won (phase two only).

        Stock out: the greedy play-out decides (confluence). Otherwise, for each pile card Z
        with d >= 1 cards above it: Z must come to the top of the pile some time. Say that first
        happens after j more stock cards are turned. In that time every play takes one card off
        the pile above Z and every push adds one, so plays = d + pushes, and every turned card
        goes up or is pushed, so cards put up = plays + (j - pushes) = d + j. Those cards can
        only come from H_j = the pyramid, the pile above Z and the next j stock cards (Z and
        the cards below it stay buried), so d + j <= CU(H_j), the most cards of H_j that the
        foundations could take in order. For j = 0 the exact figure is known: with no turn,
        the plays form one closure (confluence), so Z can come up at once only if the greedy
        play-out empties at least d pile cards. If no j qualifies, Z never comes free: lost.
        """
        if state.phase != PHASE_TWO or self.game.refill_pending(state):
            return False
        offset = OFFSET[state.base]
        heights = _heights(state)  # suit s: heights[2s], heights[2s + 1]; a foundation's next card has offset = height
        waste = state.waste
        pool = [card for card in state.pyramid if card >= 0]
        if state.dealt == CARDS:
            plays = _play_out(heights, offset, pool, waste)
            return plays < len(pool) + len(waste)
        n = len(waste)
        if n < 2:
            return False
        free_now = _play_out(heights, offset, pool, waste)  # pile cards that can come off without a turn
        deepest = n - 1 - free_now  # cards waste[0 : deepest] cannot come up before a turn
        if deepest <= 0:
            return False
        stock = state.stock[state.dealt :]
        rest = len(stock)
        low = heights[0::2]
        high = heights[1::2]
        # Card counts by suit * 13 + offset: ``counts`` for the pyramid and the pile above Z,
        # ``in_stock`` for the whole stock. For a set of cards, ``ones[s]`` / ``twos[s]`` are the
        # bit masks of the offsets of suit s held at least once / twice.
        counts = [0] * 52
        for card in pool:
            counts[SUIT[card] * 13 + offset[card]] += 1
        for card in waste[deepest:]:
            counts[SUIT[card] * 13 + offset[card]] += 1
        in_stock = [0] * 52
        stock_keys = [SUIT[card] * 13 + offset[card] for card in stock]
        for key in stock_keys:
            in_stock[key] += 1
        base_masks = _masks(counts)  # H_0: the pyramid and the pile above Z
        every_masks = _masks([a + b for a, b in zip(counts, in_stock, strict=True)])  # H_0 and the whole stock
        base_values = [_most_up(low[s], high[s], *base_masks[s]) for s in range(4)]
        every_values = [_most_up(low[s], high[s], *every_masks[s]) for s in range(4)]
        witness = 0  # the j that showed the card above Z can come up, and H_j's masks, values, extra counts
        w_masks: list[list[int]] = []
        w_values: list[int] = []
        w_added: list[int] = []
        for z in range(deepest - 1, -1, -1):
            d = n - 1 - z
            # the j that served the card above often serves this one too (Z itself may go up)
            found = bool(witness) and sum(w_values) - witness >= d
            reach = min(sum(every_values) - d, rest)  # a j beyond this cannot satisfy d + j <= CU(H_j)
            if not found and reach >= 1:
                masks = [list(m) for m in base_masks]
                values = list(base_values)
                total = sum(values)
                added = [0] * 52
                for j in range(1, reach + 1):
                    key = stock_keys[j - 1]
                    added[key] += 1
                    c = counts[key] + added[key]
                    if c > 2:
                        continue
                    s, k = divmod(key, 13)
                    masks[s][c - 1] |= 1 << k
                    value = _most_up(low[s], high[s], *masks[s])
                    total += value - values[s]
                    values[s] = value
                    if total - j >= d:
                        found = True
                        witness, w_masks, w_values, w_added = j, masks, values, added
                        break
            if not found:
                return True
            # one card deeper: Z joins the cards above
            card = waste[z]
            key = SUIT[card] * 13 + offset[card]
            s, k = divmod(key, 13)
            counts[key] += 1
            for c, group_masks, group_values in (
                (counts[key], base_masks, base_values),
                (counts[key] + in_stock[key], every_masks, every_values),
                (counts[key] + w_added[key] if witness else 3, w_masks, w_values),
            ):
                if c <= 2:
                    group_masks[s][c - 1] |= 1 << k
                    group_values[s] = _most_up(low[s], high[s], *group_masks[s])
        return False


def _heights(state: PhalanxState) -> list[int]:
    """Cards up per foundation, two slots per suit (2s, 2s + 1): a foundation's next card lies that far
    from the base rank."""
    offset = OFFSET[state.base]
    heights = [0] * 8
    for top in state.tops:
        if top >= 0:
            slot = 2 * SUIT[top]
            if heights[slot]:
                slot += 1
            heights[slot] = offset[top] + 1
    return heights


def _playing_everything_wins(state: PhalanxState) -> bool:
    """Whether this line wins: play every card that fits (each play brings in the next pile card,
    or the next stock card when the pile is empty), turn the next stock card only when nothing
    fits, and so on to the end."""
    offset = OFFSET[state.base]
    heights = _heights(state)
    have = [0] * 52  # the pyramid and the top of the pile, by suit * 13 + offset
    pool = 0
    for card in state.pyramid:
        if card >= 0:
            have[SUIT[card] * 13 + offset[card]] += 1
            pool += 1
    pile = list(state.waste)
    if pile:
        top = pile[-1]
        have[SUIT[top] * 13 + offset[top]] += 1
    stock = state.stock
    dealt = state.dealt
    left = pool + len(pile) + CARDS - dealt  # cards not up yet
    while True:
        progress = True
        while progress:  # play everything that fits
            progress = False
            for slot in range(8):
                k = heights[slot]
                if k < 13 and have[(slot >> 1) * 13 + k]:
                    index = (slot >> 1) * 13 + k
                    have[index] -= 1
                    heights[slot] = k + 1
                    left -= 1
                    progress = True
                    # the pile loses its top either way (it went up, or into the emptied pyramid
                    # place); its next card comes into reach, or a stock card refills the place
                    if pile:
                        pile.pop()
                        if pile:
                            card = pile[-1]
                            have[SUIT[card] * 13 + offset[card]] += 1
                    elif dealt < CARDS:
                        card = stock[dealt]
                        dealt += 1
                        have[SUIT[card] * 13 + offset[card]] += 1
        if dealt == CARDS:
            return left == 0
        card = stock[dealt]
        dealt += 1
        k = offset[card]
        slot = 2 * SUIT[card]
        if heights[slot] == k or heights[slot + 1] == k:
            heights[slot if heights[slot] == k else slot + 1] = k + 1
            left -= 1
        else:  # onto the pile: the old top goes out of reach, the new card is the top
            if pile:
                old = pile[-1]
                have[SUIT[old] * 13 + offset[old]] -= 1
            pile.append(card)
            have[SUIT[card] * 13 + offset[card]] += 1


def _turning_everything_wins(state: PhalanxState) -> bool:
    """Whether this line wins: turn every stock card (up if it fits, else onto the pile) with no
    play in between, then play everything that fits (the order does not matter: confluence)."""
    offset = OFFSET[state.base]
    heights = _heights(state)
    pile = list(state.waste)
    for card in state.stock[state.dealt :]:
        k = offset[card]
        slot = 2 * SUIT[card]
        if heights[slot] == k or heights[slot + 1] == k:
            heights[slot if heights[slot] == k else slot + 1] = k + 1
        else:
            pile.append(card)
    pool = [card for card in state.pyramid if card >= 0]
    return _play_out(heights, offset, pool, tuple(pile)) == len(pool) + len(pile)


def _play_out(heights: list[int], offset: tuple[int, ...], pool: list[int], waste: tuple[int, ...]) -> int:
    """How many plays can be made without turning the stock: the pyramid and the pile top are
    available, each play brings the next pile card in; stops when nothing fits or the pile is
    empty and nothing more fits. ``heights`` is not changed."""
    h = list(heights)
    have = [0] * 52  # by suit * 13 + offset
    for card in pool:
        have[SUIT[card] * 13 + offset[card]] += 1
    next_pile = len(waste) - 1
    if next_pile >= 0:
        card = waste[next_pile]
        have[SUIT[card] * 13 + offset[card]] += 1
        next_pile -= 1
    plays = 0
    progress = True
    while progress:
        progress = False
        for slot in range(8):
            k = h[slot]
            if k < 13:
                index = (slot >> 1) * 13 + k
                if have[index]:
                    have[index] -= 1
                    h[slot] = k + 1
                    plays += 1
                    if next_pile >= 0:
                        card = waste[next_pile]
                        have[SUIT[card] * 13 + offset[card]] += 1
                        next_pile -= 1
                    progress = True
    return plays


def _masks(counts: list[int]) -> list[list[int]]:
    """Per suit, [mask of offsets held at least once, mask of offsets held at least twice]."""
    masks = []
    for s in range(4):
        one = two = 0
        for k in range(13):
            c = counts[s * 13 + k]
            if c:
                one |= 1 << k
                if c > 1:
                    two |= 1 << k
        masks.append([one, two])
    return masks


#: _GAP[m]: the least offset whose bit is clear in the 13-bit mask ``m`` (13 when all are set).
_GAP = tuple(min(13, ((~m) & (m + 1)).bit_length() - 1) for m in range(1 << 13))
#: _BELOW[k]: the mask of offsets below k (so that _GAP[mask | _BELOW[k]] looks from offset k on).
_BELOW = tuple((1 << k) - 1 for k in range(14))


def _most_up(a: int, b: int, one: int, two: int) -> int:
    """An upper bound on how many cards of one suit its two foundations, of heights ``a`` and
    ``b``, could take from a set of cards: ``one`` / ``two`` have bit k set when the set holds at
    least one / two cards of offset k. The bound is the sum over offsets of the most copies of
    that card the foundations can reach: offsets between the two heights are wanted once (by
    the lower foundation, which gets there only through cards it finds), offsets from the higher
    height on twice while both foundations can get there, once while only one can."""
    if a > b:
        a, b = b, a
    if b == 13:
        return _GAP[one | _BELOW[a]] - a if a < 13 else 0
    low_end = _GAP[one | _BELOW[a]]  # the lower foundation can reach offsets below this
    one_end = _GAP[one | _BELOW[b]]
    if low_end < b:  # the lower foundation never reaches b: only the higher one goes on
        return (low_end - a) + (one_end - b)
    two_end = _GAP[two | _BELOW[b]]
    return (b - a) + 2 * (two_end - b) + (one_end - two_end)

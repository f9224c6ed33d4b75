"""Search hints of «Македонская фаланга»: safe moves by confluence and play-outs, the order of
moves, restarts between an eager and a lazy order, and a dead-end test by counting; each proved
beside it."""

from __future__ import annotations

from collections.abc import Hashable

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
from generator.hints.phalanx_playouts import (
    by_source,
    closure_key,
    foundation_heights,
    playing_everything_wins,
    stock_play_out,
    turning_everything_wins,
)
from generator.hints.phalanx_relaxed import relaxed_pile_empties
from generator.players import Player


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
    #
    # Under ``may_hold`` a turn may also push a card that fits (a *hold*). The model's plays are
    # unchanged and holds are pushes, so confluence between turns stands. What each hint below
    # assumed of a turn is said beside it: the play-outs only check lines that never hold (lines
    # of the variant too), the relaxed game takes holds in its stride (``phalanx_relaxed``), and
    # ``_turn_is_safe``, whose proof needs a fitting turned card to go up, is off.

    #: Run the dead-end test inside ``safe_move`` (a lost position makes any move safe), for a
    #: solver that does not call ``dead_end`` itself. A solver that does (after its
    #: transposition-table check) should set this to False: the test then runs once per new
    #: node instead of once per generated child, about 2.5 times less work.
    dead_end_in_safe_move = False  # generator.solver calls dead_end itself, after its table check

    def __init__(self, game: Phalanx, player: Player[PhalanxState]) -> None:
        super().__init__(game, player)
        #: The moves ``safe_move`` gives along the last line it found to win (the eager or the
        #: lazy one), by position. The solver then follows that line move by move, and from every
        #: position on it the same line (its rest) wins, so ``safe_move`` answers from here
        #: instead of playing the line out again at each step (which made a won deal cost the
        #: square of its length).
        self._winning_line: dict[PhalanxState, Move] = {}
        #: The last position the relaxed game was played from, and its answer: the solver asks
        #: ``safe_move`` and then ``dead_end`` about the same position, and both need it.
        self._relaxed: tuple[PhalanxState, bool] | None = None
        #: Keys of the positions of this deal (``_stock``) for which ``_play_outs`` found no safe
        #: move. The solver asks ``safe_move`` before it looks a position up in its table, so
        #: about half the positions it asks about are ones it has met before (measured on
        #: deals 270 and 992: 44,903 of 81,503), and their play-outs were wasted. The answer
        #: is a function of the key (see ``safe_move``), so a key met again gets it at once.
        self._unsafe: set[Hashable] = set()
        self._stock: tuple[int, ...] | None = None
        #: The relaxed game's and the eager play-out's answers by ``closure_key``, in this deal.
        self._closures: dict[bytes, tuple[bool, bool]] = {}
        #: The position the last failed ``turning_everything_wins`` turns to, and that answer.
        self._turned: tuple[PhalanxState, bool] | None = None

    def _relaxed_empties(self, state: PhalanxState, heights: list[int]) -> bool:
        """``relaxed_pile_empties`` of ``state``, computed once for two questions in a row."""
        last = self._relaxed
        if last is not None and last[0] is state:
            return last[1]
        empties = relaxed_pile_empties(state, heights)
        self._relaxed = state, empties
        return empties

    def _remember_line(self, state: PhalanxState, lazy: bool) -> Move:
        """Walk the winning line from ``state`` through the engine, keep its moves, and give its first.

        The line is the one ``safe_move`` has just found to win: the lazy one turns the stock
        while it has cards, the eager one plays what fits first (the first play offered, as
        ``safe_move`` answers); forced moves are made as they come.
        """
        game = self.game
        line: dict[PhalanxState, Move] = {}
        here = state
        while here.dealt < CARDS:
            moves = game.legal_moves(here)
            if not moves:
                break
            move = moves[0]
            if not game.forced(here):
                turn = self._turn(moves)
                plays = [m for m in moves if m.src != STOCK]
                move = turn if lazy or not plays else plays[0]
                line[here] = move
            here = game.apply(here, move)
        self._winning_line = line
        return line[state]

    def safe_move(self, state: PhalanxState, moves: list[Move]) -> Move | None:
        """Moves that cannot lose a win (each rule's proof is beside it)."""
        if self.game.forced(state):
            # The deal and the refills are forced. Phase one is confluent (see the model above: no
            # push happens in it, and refills come from the stock in order, one per play), so the
            # position where phase two starts is the same, up to place names, whatever the order.
            # (Under may_hold the turn that ends phase one with a card that fits is not forced: a
            # choice, searched like any turn of phase two.)
            return moves[0]
        if state.dealt == CARDS:
            # Stock out: no push can happen any more, so by confluence every fitting card may go
            # up at once; the deal is decided without search.
            return moves[0]
        if self.dead_end_in_safe_move and self.dead_end(state):
            # A lost position stays lost whatever is played: any move is safe. Turning the stock
            # ends the game soonest.
            return moves[-1]
        if self._winning_line:  # (asked only when there is one: the lookup hashes the whole position)
            known = self._winning_line.get(state)
            if known is not None:
                return known  # on the line found to win below
        # The play-outs' "no safe move" depends only on the position's key: every test below
        # (the relaxed game, the two play-outs, ``_turn_is_safe``) reads the pyramid as a set and
        # the foundations by suit and height, which is all the key merges. And a position on a
        # remembered winning line is never one of these: from it that line's rest wins, so the
        # eager or the turning play-out says so for it and for every position of its key.
        if state.stock is not self._stock:
            self._stock, self._unsafe, self._closures = state.stock, set(), {}
        key = self.game.key(state)
        if key in self._unsafe:
            return None
        move = self._play_outs(state, moves)
        if move is None:
            self._unsafe.add(key)
        return move

    def _play_outs(self, state: PhalanxState, moves: list[Move]) -> Move | None:
        """``safe_move`` in phase two with cards in the stock, off the remembered line: the play-outs."""
        heights = foundation_heights(state)
        # The relaxed game's eager line and the eager play-out both begin with the closure (every
        # play that can be made without turning; no push happens in it, so it is the same in both,
        # and by confluence the same position whatever the order), and from there go on as they
        # would from the position the closure reaches. So both answers are functions of that
        # position, which ``closure_key`` names: a position whose closure was met before (any
        # play of a position shares its closure: the search's plays between two turns) takes them.
        closure = closure_key(state, heights)
        known = self._closures.get(closure)
        if known is None:
            empties = relaxed_pile_empties(state, heights)
            known = empties, empties and playing_everything_wins(state, heights)
            self._closures[closure] = known
        self._relaxed = state, known[0]
        if not known[0]:
            # Lost (``dead_end`` says so next and cuts it): no line wins, so none is tried.
            return None
        turn = self._turn(moves)
        if known[1]:
            # Playing every card that fits before each turn (the careful player's way) wins,
            # checked by playing it out: the first play of it (any: the plays between two turns
            # commute) or the turn when nothing fits starts a winning line.
            return self._remember_line(state, lazy=False)
        if turn.src == STOCK and self._turning_wins(state, turn):
            # Turning the whole stock without a play, then playing everything that fits, wins
            # (checked by playing it out): the turn starts a winning line, so it loses no win.
            return self._remember_line(state, lazy=True)
        if (state.waste and turn.src == STOCK and turn.dst >= FOUNDATION and not self.game.may_hold
                and self._turn_is_safe(state, turn.card)):
            return turn
        return None

    def _turning_wins(self, state: PhalanxState, turn: Move) -> bool:
        """``turning_everything_wins``, known without playing it out for the position the turn
        leads to from the last position it was played out for: turning everything from there is
        the same line less its first turn (a turn empties no pyramid place: no refill follows),
        and the lazy order searches that position next."""
        last = self._turned
        # (A turn leaves the pyramid tuple as it was: that and the stock dealt rule out most
        # positions before the whole one is compared.)
        if last is not None and last[0].pyramid is state.pyramid and last[0].dealt == state.dealt and last[0] == state:
            return last[1]
        wins = turning_everything_wins(state)
        if not wins:
            self._turned = self.game.apply(state, turn), wins
        return wins

    def _turn(self, moves: list[Move]) -> Move:
        """The turn of the stock as the rules as printed make it: its card up if it fits (to the
        last foundation offered), else onto the pile. The engine offers it last; under may_hold
        the hold comes after it, and is skipped here."""
        turn = moves[-1]
        if self.game.may_hold and turn.dst == WASTE and len(moves) > 1 and moves[-2].src == STOCK:
            return moves[-2]
        return turn

    def order(self, state: PhalanxState, moves: list[Move]) -> list[Move]:
        """Turn the stock first, then the pile's top, then pyramid cards: a play is worth making
        only to save a card from being buried, and a lazy line that fails is cut short by the
        dead-end test, so the search gets back to its early choices soon. (The eager line, the
        careful player's, is tried at every node by ``safe_move``.)"""
        if len(moves) < 2:
            return moves
        return by_source(moves)

    #: Each move makes (cards up, cards taken from the stock, minus cards on the pile) larger,
    #: compared in that order: a play puts a card up; a turn or a refill from the stock takes a
    #: card from it; a refill from the pile leaves both alone and shortens the pile. Nothing
    #: comes down and nothing goes back, so no line comes back to a position, and the solver's
    #: restarts may keep what they searched to the end.
    acyclic = True

    #: Failures (positions searched to the end without a win) of the first restart attempt;
    #: later ones follow Luby's sequence.
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

        Not under may_hold: there a line may hold the card back instead ("it goes up" fails),
        and a held card changes which card the next pyramid play pulls from the pile, so the
        position a holding line reaches is not one the eager turn reaches or covers.
        """
        offset = OFFSET[state.base]
        suit, k = SUIT[card], offset[card]
        heights = [offset[top] + 1 for top in state.tops if top >= 0 and SUIT[top] == suit]
        heights += [0] * (2 - len(heights))
        if k != min(heights):
            twin_in_play = card in state.pyramid or card in state.waste
            if twin_in_play:
                return False
        all_heights = foundation_heights(state)
        pool = [c for c in state.pyramid if c >= 0]
        return stock_play_out(all_heights, offset, pool, state.waste) <= len(state.waste)

    def dead_end(self, state: PhalanxState) -> bool:
        """True only when the position provably cannot be won (phase two only).

        Stock out: the greedy play-out decides (confluence). Otherwise: the eager line of a
        relaxed game, in which pushed cards stay in reach, never empties the pile; proved in
        ``generator.hints.phalanx_relaxed``. (It replaced a counting test, which asked, for each
        pile card Z with d cards above it, for some j with d + j at most the most cards the
        foundations could take from the pyramid, the pile above Z and the next j stock cards.
        The relaxation implies it: when its eager line empties the pile, Z shows after some j
        turns with d + j cards up, all from those; and on deals 1..300 and the hard ones it
        never cut a position the relaxation left, at twice the relaxation's cost.)
        """
        if state.phase != PHASE_TWO or self.game.refill_pending(state):
            return False
        last = self._relaxed
        if last is not None and last[0] is state:  # ``safe_move`` has just played it out
            return not last[1]
        # Suit s: heights[2s], heights[2s + 1]; a foundation's next card has offset = height.
        heights = foundation_heights(state)
        if state.dealt == CARDS:
            pool = [card for card in state.pyramid if card >= 0]
            return stock_play_out(heights, OFFSET[state.base], pool, state.waste) < len(pool) + len(state.waste)
        return not self._relaxed_empties(state, heights)

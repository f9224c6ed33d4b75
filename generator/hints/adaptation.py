"""Nested rollout policy adaptation (Rosin, IJCAI 2011), biased toward the no-peek choice (Cazenave's
generalised form, GNRPA, 2020): lines worth trying first, learnt by playouts.

A level-0 search is one playout that draws each move from a policy: a weight per move *code* (the
hints say what a code is: a move and the deal it is made in, for the gallery), plus ``bias`` for
the move the no-peek player would choose, turned into probabilities by a softmax. A level-``n``
search runs ``iterations`` level ``n - 1`` searches from the same position, each with a copy of its
policy, and after each one moves its policy toward the best line found so far: the weight of each
move of that line goes up by ``alpha``, and every move on offer at that choice goes down by
``alpha`` times its probability. Safe moves (``SearchHints.safe_move``) and a position's only
move are made without a draw; the hints' ``prune`` shrinks each choice.

Where the nested Monte-Carlo search (``generator.hints.nested``) looks ahead at every choice, this
search learns which choices the good lines share and replays them, all through the deal: it wins
other «Картинная галерея» deals than the nested search does, from the start of the game
(docs/notes/solver-gallery.md §12). Like that search it proves nothing: a line it wins goes to the
solver, which replays it through the rules. It is a generator that yields once per playout, so that
``Slices`` runs it beside other work, and its effort is counted in playouts, never by the clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Hashable, Iterator, Sequence
from typing import Any

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move, Rules, S
from generator.hints.nested import Search

#: One choice of a playout: the codes of the moves on offer, each move's bias, and which was made.
Choice = tuple[list[Hashable], list[float], int]
#: A line from the search's position: its moves, and the choices among them (for the adaptation).
Line = tuple[list[Move], list[Choice]]
Policy = dict[Hashable, float]


def adaptation(game: Rules[S], state: S, level: int, *, iterations: int, code: Callable[[S, Move], Hashable],
               prefer: Callable[[S, list[Move]], Move], bias: float, score: Callable[[S], float],
               safe: Callable[[S, list[Move]], Move | None], rng: random.Random,
               prune: Callable[[S, list[Move]], list[Move]] | None = None, alpha: float = 1.0) -> Search:
    """A level-``level`` search from ``state`` with a fresh policy (see the module's docstring)."""
    legal, apply, won, deal_forced = game.legal_moves, game.apply, game.is_won, game.deal_forced
    exp = math.exp

    def playout(policy: Policy) -> tuple[float, Line, bool]:
        moves_made: list[Move] = []
        choices: list[Choice] = []
        position = state
        while moves := legal(position := deal_forced(position, moves_made)):
            move = moves[0] if len(moves) == 1 else safe(position, moves)
            if move is None:
                if prune is not None:
                    moves = prune(position, moves)
                preferred = prefer(position, moves)
                codes = [code(position, m) for m in moves]
                biases = [bias if m == preferred else 0.0 for m in moves]
                weights = [exp(policy.get(c, 0.0) + b) for c, b in zip(codes, biases, strict=True)]
                drawn = rng.random() * sum(weights)
                index = 0
                while index < len(weights) - 1 and drawn >= weights[index]:
                    drawn -= weights[index]
                    index += 1
                move = moves[index]
                choices.append((codes, biases, index))
            moves_made.append(move)
            position = apply(position, move)
        return score(position), (moves_made, choices), won(position)

    def adapt(policy: Policy, line: Line) -> Policy:
        adapted = dict(policy)
        for codes, biases, index in line[1]:
            weights = [exp(policy.get(c, 0.0) + b) for c, b in zip(codes, biases, strict=True)]
            total = sum(weights)
            for c, weight in zip(codes, weights, strict=True):
                adapted[c] = adapted.get(c, 0.0) - alpha * weight / total
            adapted[codes[index]] = adapted.get(codes[index], 0.0) + alpha
        return adapted

    def search(depth: int, policy: Policy) -> Generator[None, None, tuple[float, Line, bool]]:
        """A level-``depth`` search from ``state`` with ``policy``; it yields once per playout."""
        if depth == 0:
            result = playout(policy)
            yield
            return result
        best: tuple[float, Line, bool] = (float("-inf"), ([], []), False)
        for _ in range(iterations):
            result = yield from search(depth - 1, policy)
            if result[0] >= best[0]:
                best = result
            if best[2]:
                break
            policy = adapt(policy, best[1])
        return best

    final, (line, _), is_won = yield from search(level, {})
    return final, line, is_won


def adaptations(game: Rules[S], state: S, level: int, biases: Sequence[float], *, iterations: int,
                code: Callable[[S, Move], Hashable], prefer: Callable[[S, list[Move]], Move],
                score: Callable[[S], float], safe: Callable[[S, list[Move]], Move | None], seed: int,
                prune: Callable[[S, list[Move]], list[Move]] | None = None) -> Iterator[Search]:
    """One level-``level`` search per bias, each with its own generator seeded from ``seed``."""
    for index, bias in enumerate(biases):
        yield adaptation(game, state, level, iterations=iterations, code=code, prefer=prefer, bias=bias,
                         score=score, safe=safe, rng=random.Random(seed * 1_000_033 + index), prune=prune)


@cython.locals(redeals=cython.int, card=cython.int, src=cython.int, dst=cython.int)
def move_in_deal(state: Any, move: Move) -> int:
    """A code for games dealt more than once (a state with ``redeals``): the move and the deal or pass it is made
    in, since the same move is another choice in another deal.

    One int, a byte each for the card and the places (each of them -128..127: a redeal's are negative) above the
    deal's number: it names what ``(redeals, move)`` named, one to one, so the policy holds the same numbers;
    a tuple of a tuple was hashed anew at each of a choice's look-ups (three a move in ``adapt``) and compared
    item by item, an int is its own hash."""
    redeals: int = state.redeals
    card, src, dst = cython.cast(tuple, move)
    return ((redeals * 256 + (card + 128)) * 256 + (src + 128)) * 256 + (dst + 128)

"""Replaying a line of moves through the rules: the one replay every layer uses.

The solver replays its leads with it, the checker a record, the book and the sheets the
lines they print. Each move must be one of the engine's legal moves where it stands; the
replay stops at the first that is not, and says why in one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from generator.games import Move, Result, Rules, S


@dataclass(frozen=True)
class Replayed(Generic[S]):
    """What a replay reached: every position along the line, and the first illegal move if any."""

    game: Rules[S]
    #: The start and the position after each legal move (``len(states) == moves_played + 1``).
    states: tuple[S, ...]
    #: 1-based number of the first illegal move, None when every move was legal.
    illegal_at: int | None = None
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.illegal_at is None

    @property
    def moves_played(self) -> int:
        return len(self.states) - 1

    @property
    def final(self) -> S:
        return self.states[-1]

    @property
    def won(self) -> bool:
        """Every move legal and the last position won: the line proves the deal winnable."""
        return self.ok and self.outcome is Result.WON

    @property
    def outcome(self) -> Result:
        """What the last position reached shows: won, lost (no move left) or unknown."""
        return self.game.outcome(self.final)


def why_illegal(game: Rules[S], state: S, move: Move, legal: Sequence[Move] | None = None) -> str:
    """Why ``move`` may not be made in ``state`` ("" if it may)."""
    legal = game.legal_moves(state) if legal is None else legal
    if move in legal:
        return ""
    if move.is_redeal:
        offered = next((m for m in legal if m.is_redeal), None)
        if offered is not None:
            return f"this would be redeal {offered.redeal_number}, not {move.redeal_number}"
    return game.explain_illegal(state, move)


def replay(game: Rules[S], start: S, moves: Iterable[Move]) -> Replayed[S]:
    """Play ``moves`` from ``start`` through the engine, stopping at the first illegal one."""
    state = start
    states = [state]
    for number, move in enumerate(moves, 1):
        legal = game.legal_moves(state)
        if move not in legal:
            return Replayed(game, tuple(states), number, why_illegal(game, state, move, legal))
        state = game.apply(state, move)
        states.append(state)
    return Replayed(game, tuple(states))


def final_state(game: Rules[S], start: S, moves: Iterable[Move]) -> S:
    """The position ``moves`` reach from ``start``; ``ValueError`` if one of them is illegal."""
    replayed = replay(game, start, moves)
    if not replayed.ok:
        raise ValueError(f"move {replayed.illegal_at} is illegal: {replayed.reason}")
    return replayed.final

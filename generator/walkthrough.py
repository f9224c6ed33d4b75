"""A played line as the book prints it: numbered moves in Russian, grouped by phase.

A phase ends at each redeal (a new pass, the piles gathered). Phase titles
come from the game's text asset (``[phases] titles = [...]``), else the
common ones below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.games import Game, Move, Result
from generator.notation import game_text, move_ru

COMMON_PHASE_TITLES = ("Первая раскладка", "Вторая раскладка", "Третья раскладка", "Четвёртая раскладка")


@dataclass
class Phase:
    title: str
    #: (move number from 1, the move in Russian notation, index of the move in the line)
    moves: list[tuple[int, str, int]] = field(default_factory=list)


def phase_title(game: Game, index: int) -> str:
    titles = game_text(game.id).get("phases", {}).get("titles", COMMON_PHASE_TITLES)
    return titles[index] if index < len(titles) else f"Раскладка {index + 1}"


def phases(game: Game, moves: Sequence[Move]) -> list[Phase]:
    """Split a line at its redeals; each redeal opens the next phase (and is not numbered)."""
    groups = [Phase(phase_title(game, 0))]
    number = 0
    for index, move in enumerate(moves):
        if move.is_redeal:
            groups.append(Phase(phase_title(game, len(groups))))
            continue
        number += 1
        groups[-1].moves.append((number, move_ru(game, move), index))
    return groups


def as_text(game: Game, moves: Sequence[Move], result: Result) -> str:
    """The whole walkthrough as terminal text."""
    lines = []
    for phase in phases(game, moves) if moves else []:
        lines.append(f"— {phase.title} —")
        lines.extend(f"{number}. {text}" for number, text, _ in phase.moves)
    lines.append(result.sentence_ru)
    return "\n".join(lines)

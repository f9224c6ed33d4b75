"""Moves in the book's Russian notation: ``12. 9♠ кон → ряд 3``.

Place words come from each game's text asset (``assets/readings/<id>.toml``,
table ``[places]``, kind → word); a kind the asset does not name takes the word
every game shares, from ``assets/notation.toml``. What each kind of place is
(``[place_meanings]``, for the book's appendix) is found the same way.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from generator.cards import card_str
from generator.games.base import Game, Move
from generator.paths import ASSETS

COMMON_TEXT = ASSETS / "notation.toml"


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


@cache
def game_text(game_id: str) -> dict[str, Any]:
    """The game's text asset (readings and place words), or an empty table."""
    return _load(ASSETS / "readings" / f"{game_id}.toml")


@cache
def common_text() -> dict[str, Any]:
    """The words every game shares (``assets/notation.toml``)."""
    return _load(COMMON_TEXT)


def _place_entry(table: str, game_id: str, kind: str) -> str | None:
    for text in (game_text(game_id), common_text()):
        entry = text.get(table, {}).get(kind)
        if isinstance(entry, str):
            return entry
    return None


def place_word(game_id: str, kind: str) -> str | None:
    """The Russian word of a kind of place (``pile`` → «кучка»; «ряд» in «Брюнетка и блондинка»), if named."""
    return _place_entry("places", game_id, kind)


def place_meaning(game_id: str, kind: str) -> str | None:
    """What a kind of place is, for the appendix («места дам»), if the text assets say."""
    return _place_entry("place_meanings", game_id, kind)


def place_ru(game: Game, place: int) -> str:
    """A place in Russian: ``кон``, ``ряд 3``, ``дама ♠``."""
    kind, _, number = game.places[place].partition(":")
    word = place_word(game.id, kind) or kind
    return f"{word} {number}" if number else word


def variant_ru(game_id: str, variant: str) -> str:
    """A variant's Russian name, from the game's text asset (``[variants]``): «две карты»."""
    name = game_text(game_id).get("variants", {}).get(variant)
    return name if isinstance(name, str) else variant


def move_ru(game: Game, move: Move, *, redeal_number: int | None = None) -> str:
    """A move in Russian notation, without its number."""
    if move.is_redeal:
        number = redeal_number if redeal_number is not None else -move.card
        return f"пересдача {number}" if number > 0 else "пересдача"
    return f"{card_str(move.card)} {place_ru(game, move.src)} → {place_ru(game, move.dst)}"


def deal_heading(game: Game, deal: int) -> str:
    """«Кадриль» (queens_first), расклад №7 — the first line of a printed game."""
    variant = f" ({game.variant})" if game.variant else ""
    return f"«{game.title}»{variant}, расклад №{deal}"

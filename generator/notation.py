"""Moves in the book's Russian notation: ``12. 9♠ кон → ряд 3``.

Place words come from each game's text asset (``assets/readings/<id>.toml``,
table ``[places]``, kind → word); a kind the asset does not name falls back to
the common words below.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from generator.cards import card_str
from generator.games import Game, Move, game_spec

COMMON_PLACE_WORDS = {
    "stock": "колода",
    "waste": "кон",
    "pile": "кучка",
    "foundation": "основание",
    "queen": "дама",
    "five": "пятёрка",
    "six": "шестёрка",
    "pyramid": "пирамида",
}


@cache
def game_text(game_id: str) -> dict[str, Any]:
    """The game's text asset (readings and place words), or an empty table."""
    path = game_spec(game_id).assets / "readings" / f"{game_id}.toml"
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


def place_ru(game: Game, place: int) -> str:
    """A place in Russian: ``кон``, ``ряд 3``, ``дама ♠``."""
    name = game.places[place]
    kind, number = name.group, name.number
    word = game_text(game.id).get("places", {}).get(kind, COMMON_PLACE_WORDS.get(kind, kind))
    return f"{word} {number}" if number else word


def variant_ru(game_id: str, variant: str) -> str:
    """A variant's Russian name, from the game's text asset (``[variants]``): «две карты»."""
    name = game_text(game_id).get("variants", {}).get(variant)
    return name if isinstance(name, str) else variant


def move_ru(game: Game, move: Move) -> str:
    """A move in Russian notation, without its number: ``9♠ кон → ряд 3``, ``пересдача 1``."""
    if move.is_redeal:
        return f"пересдача {move.redeal_number}"
    return f"{card_str(move.card)} {place_ru(game, move.src)} → {place_ru(game, move.dst)}"


def deal_heading(game: Game, deal: int) -> str:
    """«Кадриль» (queens_first), расклад №7 — the first line of a printed game."""
    variant = f" ({game.variant})" if game.variant else ""
    return f"«{game.title}»{variant}, расклад №{deal}"

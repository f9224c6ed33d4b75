"""The registry of patiences: one ``GameSpec`` per game, lookup, and ``game:variant`` specs.

A spec names, by import path, the game's rules (the only part a game must have), its search
hints and its no-peek player (optional: a game without them is solved by plain search and
played by the generic player), its figure, and the folder of its text assets
(``rules/<id>.txt``, ``readings/<id>.toml``). Paths, not imports: the registry sits in the
rules layer and must not import the layers above it. Everything else (CLI, solver, book)
reads the registry; a test may register a game of its own (``registered``).
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.games.rules import Game, Rules, S, VariantError
from generator.games.values import REDEALS, Move, Place, PlaceKind, Result, numbered, redeal
from generator.paths import ASSETS

__all__ = [
    "GAMES",
    "GAME_IDS",
    "REDEALS",
    "Game",
    "GameSpec",
    "Move",
    "Place",
    "PlaceKind",
    "Result",
    "Rules",
    "S",
    "UnknownGameError",
    "VariantError",
    "all_specs",
    "game_spec",
    "get_game_class",
    "make_game",
    "numbered",
    "redeal",
    "register",
    "registered",
    "wider_readings",
]


@dataclass(frozen=True)
class GameSpec:
    """Where the parts of one game live (``module:name`` import paths)."""

    id: str
    rules: str
    figure: str
    hints: str | None = None
    player: str | None = None
    #: The folder holding ``rules/<id>.txt`` (the verbatim text) and ``readings/<id>.toml``.
    assets: Path = ASSETS

    def load(self, path: str) -> Any:
        module_name, _, name = path.partition(":")
        return getattr(importlib.import_module(module_name), name)


def _spec(game_id: str, rules_class: str, *, hints: bool = True, player: bool = True) -> GameSpec:
    return GameSpec(
        id=game_id,
        rules=f"generator.games.{game_id}:{rules_class}",
        figure=f"generator.figures.{game_id}:figure",
        hints=f"generator.hints.{game_id}:{rules_class}Hints" if hints else None,
        player=f"generator.players.{game_id}:{rules_class}Player" if player else None,
    )


#: Game id → spec, in the order of the seeds (and of the book).
_SPECS: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        _spec("village", "Village"),
        _spec("brunette_blonde", "BrunetteBlonde"),
        _spec("quadrille", "Quadrille", hints=False, player=False),
        _spec("gallery", "Gallery"),
        _spec("phalanx", "Phalanx"),
    )
}


class _GameIds(Sequence[str]):
    """The registered ids in book order, always current (a game registered later shows too)."""

    def __getitem__(self, index: Any) -> Any:
        return tuple(_SPECS)[index]

    def __len__(self) -> int:
        return len(_SPECS)

    def __repr__(self) -> str:
        return repr(tuple(_SPECS))


#: Game id → rules class, in book order (kept in step with the specs by ``register``).
GAMES: dict[str, type[Game]] = {}
GAME_IDS: Sequence[str] = _GameIds()


def _refresh() -> None:
    GAMES.clear()
    GAMES.update({game_id: spec.load(spec.rules) for game_id, spec in _SPECS.items()})


_refresh()


class UnknownGameError(ValueError):
    """A game id that is not registered."""


def register(spec: GameSpec) -> None:
    """Add a game (at the end of the book's order); its rules must load."""
    if spec.id in _SPECS:
        raise ValueError(f"game {spec.id!r} is already registered")
    _SPECS[spec.id] = spec
    try:
        _refresh()
    except Exception:
        del _SPECS[spec.id]
        _refresh()
        raise


def unregister(game_id: str) -> None:
    del _SPECS[game_id]
    _refresh()


@contextlib.contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """A game registered for the duration of a ``with`` block (tests)."""
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.id)


def game_spec(game_id: str) -> GameSpec:
    try:
        return _SPECS[game_id]
    except KeyError:
        raise UnknownGameError(f"unknown game {game_id!r}: choose one of {', '.join(_SPECS)}") from None


def get_game_class(game_id: str) -> type[Game]:
    game_spec(game_id)
    return GAMES[game_id]


def make_game(spec: str, variant: str | None = None) -> Game:
    """A game from ``"quadrille"``, ``"quadrille:queens_first"`` or an id plus ``variant``."""
    game_id, _, spec_variant = spec.partition(":")
    if spec_variant and variant and spec_variant != variant:
        raise VariantError(f"two different variants given: {spec_variant!r} and {variant!r}")
    return get_game_class(game_id)(spec_variant or variant or None)


def all_specs() -> list[str]:
    """Every game and variant, ``village`` … ``quadrille:queens_first`` …, in book order."""
    return [spec for game_id in GAME_IDS for spec in [game_id, *(f"{game_id}:{v}" for v in GAMES[game_id].variants)]]


def wider_readings(game_id: str, *, chained: bool = True) -> list[tuple[str, str]]:
    """(narrower spec, wider spec) for every pair of ``game_id``'s readings where each line of the first is a
    line of the second (``Rules.wider_readings``, closed under chaining: printed ⊂ A ⊂ B gives printed ⊂ B;
    ``chained=False``: the pairs as the game declares them)."""
    def spec(variant: str | None) -> str:
        return game_id if variant is None else f"{game_id}:{variant}"

    pairs = {(spec(narrow), spec(wide)) for narrow, wide in GAMES[game_id].wider_readings}
    while chained:
        more = {(a, d) for a, b in pairs for c, d in pairs if b == c and a != d} - pairs
        if not more:
            break
        pairs |= more
    return sorted(pairs)

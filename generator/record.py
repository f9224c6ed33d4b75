"""Game records: the ``pasyans-record/1`` JSON file, and replaying one move by move.

A record is checked by the rules engine alone: every movement must be one of
the engine's legal moves at that point. Nothing in here knows a rule.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.cards import card_str, parse_card_index
from generator.deals import DealNumberError, check_deal_number, stock_indices
from generator.errors import UserError
from generator.games import Game, Move, Result, UnknownGameError, VariantError, make_game, redeal
from generator.replay import replay as replay_line
from generator.safeio import read_input

FORMAT = "pasyans-record/1"


class RecordError(UserError):
    """A record file that cannot be read: corrupt, wrong format, unknown game or card."""


@dataclass(frozen=True)
class Record:
    """One game: which deal, the stock (top card first) and every movement in order."""

    game: str
    variant: str | None
    deal: int | None
    stock: tuple[int, ...]
    result: Result
    moves: tuple[Move, ...]

    def engine(self) -> Game:
        return make_game(self.game, self.variant)


def record_of(game: Game, stock: Sequence[int], moves: Sequence[Move], result: Result, deal: int | None) -> Record:
    """A record of engine moves (redeals carry their numbers, as the file writes them)."""
    return Record(game.id, game.variant, deal, tuple(stock), result, tuple(moves))


# -- writing -------------------------------------------------------------------------


def move_entry(game: Game, move: Move) -> dict[str, Any]:
    if move.is_redeal:
        return {"redeal": move.redeal_number}
    return {"card": card_str(move.card), "from": str(game.places[move.src]), "to": str(game.places[move.dst])}


def move_from_entry(game: Game, entry: Any) -> Move:
    """The move a record's entry writes (the inverse of ``move_entry``); ``RecordError`` if it is not one."""
    return _read_move(game, entry, 1)


def to_json(record: Record) -> str:
    """The record as JSON text: header fields, then one move per line (easy to read and diff)."""
    game = record.engine()
    head = {
        "format": FORMAT,
        "game": record.game,
        "variant": record.variant,
        "deal": record.deal,
        "result": record.result.value,
        "stock": [card_str(card) for card in record.stock],
    }
    entries = [json.dumps(move_entry(game, move), ensure_ascii=False) for move in record.moves]
    body = "".join(f"\n  {entry}," for entry in entries).rstrip(",")
    return json.dumps(head, ensure_ascii=False)[:-1] + f', "moves": [{body}\n]}}\n'



# -- reading -------------------------------------------------------------------------


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise RecordError(message)


def from_json(text: str) -> Record:
    """Parse and validate a record; any defect raises ``RecordError`` with one line saying what."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise RecordError(f"not a JSON record: {error}") from None
    _require(isinstance(data, dict), "a record is a JSON object")
    fmt = data.get("format")
    _require(fmt == FORMAT, f"unsupported record format {fmt!r}: expected {FORMAT!r}")
    game_id, variant = data.get("game"), data.get("variant")
    _require(isinstance(game_id, str), "the record names no game")
    _require(variant is None or isinstance(variant, str), "variant must be a string or null")
    try:
        game = make_game(game_id, variant)
    except (UnknownGameError, VariantError) as error:
        raise RecordError(str(error)) from None
    deal = data.get("deal")
    if deal is not None:
        try:
            deal = check_deal_number(deal)
        except DealNumberError as error:
            raise RecordError(str(error)) from None
    raw_result = data.get("result", "unknown")
    try:
        result = Result(raw_result)
    except ValueError:
        raise RecordError(f"result must be one of won, lost, unknown, not {raw_result!r}") from None
    stock = _read_stock(game, data.get("stock"))
    if deal is not None:
        _require(stock == stock_indices(game.id, deal), f"the stock is not the stock of deal {deal}")
    raw_moves = data.get("moves")
    _require(isinstance(raw_moves, list), "moves must be a list")
    moves = tuple(_read_move(game, entry, number) for number, entry in enumerate(raw_moves, 1))
    return Record(game.id, game.variant, deal, stock, result, moves)


def _read_card(text: Any, where: str) -> int:
    _require(isinstance(text, str), f"{where}: a card is written as text such as 'Д♠'")
    try:
        return parse_card_index(text)
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None


def _read_stock(game: Game, raw: Any) -> tuple[int, ...]:
    _require(isinstance(raw, list), "stock must be a list of cards, top card first")
    stock = tuple(_read_card(text, f"stock card {i}") for i, text in enumerate(raw, 1))
    counts = Counter(stock)
    full = len(counts) == 52 and set(counts.values()) == {game.packs}
    packs = "one full pack" if game.packs == 1 else f"{game.packs} full packs"
    _require(full and len(stock) == 52 * game.packs, f"the stock must be {packs} ({52 * game.packs} cards)")
    return stock


def _read_move(game: Game, entry: Any, number: int) -> Move:
    where = f"move {number}"
    _require(isinstance(entry, dict), f"{where}: each move is a JSON object")
    if "redeal" in entry:
        _require(set(entry) == {"redeal"}, f"{where}: a redeal entry holds only 'redeal'")
        count = entry["redeal"]
        _require(isinstance(count, int) and not isinstance(count, bool) and count >= 1, f"{where}: bad redeal number")
        return redeal(count)
    _require(set(entry) == {"card", "from", "to"}, f"{where}: a move holds exactly 'card', 'from' and 'to'")
    card = _read_card(entry["card"], where)
    places = []
    for key in ("from", "to"):
        name = entry[key]
        _require(isinstance(name, str), f"{where}: '{key}' must be a place name")
        try:
            places.append(game.place_id(name))
        except ValueError as error:
            raise RecordError(f"{where}: {error}") from None
    return Move(card, places[0], places[1])


def read_record(path: str) -> Record:
    return from_json(read_input(path, "record file", RecordError))


# -- replaying -----------------------------------------------------------------------


@dataclass(frozen=True)
class Replay:
    """What a replay found: the end reached, or the first illegal move, or a false claim."""

    outcome: Result  # as the final position shows it
    moves_played: int
    final: Any
    illegal_at: int | None = None  # 1-based number of the first illegal move
    reason: str = ""

    @property
    def ok(self) -> bool:
        return not self.reason


def replay(record: Record) -> Replay:
    """Play the record's moves through the engine, stopping at the first illegal one."""
    game = record.engine()
    replayed = replay_line(game, game.initial_state(record.stock), record.moves)
    outcome = replayed.outcome
    if not replayed.ok:
        return Replay(outcome, replayed.moves_played, replayed.final, replayed.illegal_at, replayed.reason)
    if (record.result is Result.WON) != (outcome is Result.WON):
        reason = f"the record says {record.result}, but the replay ends {outcome}"
        return Replay(outcome, replayed.moves_played, replayed.final, reason=reason)
    return Replay(outcome, replayed.moves_played, replayed.final)


def describe_move(record: Record, number: int) -> str:
    """Move ``number`` (1-based) of a record in plain notation, for error messages."""
    move = record.moves[number - 1]
    return f"redeal {move.redeal_number}" if move.is_redeal else record.engine().describe(move)

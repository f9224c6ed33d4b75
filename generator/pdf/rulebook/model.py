"""What the rulebook prints, as plain data: one :class:`Chapter` per game, computed before any page is set.

Everything played here is played through the engine and ``generator.play`` —
the sample deal's line replayed, the deal laid out — once, while the model is
built; the flowables only set what this module hands them.

``assets/stats.json`` as ``pasyans stats --save`` writes it (``generator/stats.py``)::

    {"format": "pasyans-stats/1",
     "games": {
       "quadrille": {"from": 1, "deals": 10000, "budget_seconds": 10.0,
                     "thoughtful": {"won": 1234, "lost": 8700, "unknown": 66,
                                    "rate": 0.1234, "low": 0.1171, "high": 0.1300},
                     "no_peek": {"won": …, "lost": …, "unknown": …, "rate": …, "low": …, "high": …}},
       "quadrille:queens_first": {…},
       …}}

Keys of ``games`` are game specs (``id`` or ``id:variant``); ``rate``,
``low`` and ``high`` are fractions (``low``/``high``: the Wilson 95 %
interval); ``unknown`` deals count as not won. A spec that is missing or
damaged is left out, and a game with none gets a sentence saying the odds are
not counted yet.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.analysis import Difficulty, grade_counts
from generator.deals import stock_indices
from generator.games import GAMES, Game, Result, make_game
from generator.notation import game_text, rule_text_of, variant_ru
from generator.paths import ASSETS
from generator.pdf.rulebook import walk
from generator.pdf.rulebook.walk import Line, Walkthrough, line_of
from generator.pdf.typography import ordinal_ru, packs_ru, quoted
from generator.play import laid_out_at, laid_out_line
from generator.record import Record
from generator.samples import SampleError, load_moment, load_sample
from generator.walkthrough import is_choice

STATS_FILE = ASSETS / "stats.json"


@dataclass(frozen=True)
class FirstFigure:
    """The chapter's first figure: ``line`` after its first ``at`` moves, when the game calls the deal laid out."""

    line: Line
    at: int
    walked: bool  # the walkthrough plays this very deal (its caption then names the moves)
    shows: str  # what the figure shows, from the text asset: «первые восемь карт разложены»


@dataclass(frozen=True)
class Reading:
    """One «Толкование правил»: the deciding quote from the rule text, and how it is read."""

    quote: str
    text: str


@dataclass(frozen=True)
class OddsEntry:
    """One spec's counted odds: the variant's name (``None`` for the game itself), its stats.json entry, and how
    many of its deals are of each grade (from the entry's verdict letters: no deal solved again), if it has them."""

    variant: str | None
    data: dict[str, Any]
    grades: dict[Difficulty, int] | None = None
    #: The variant's id (``at_once``), which names its reading in the game's text asset; ``None`` for the game.
    variant_id: str | None = None


@dataclass(frozen=True)
class Chapter:
    """Everything one game's chapter prints, in order."""

    number: int  # from 1, in registry order
    game: Game
    title: str  # the rule text's title line
    meta: tuple[str, ...]  # packs, variants
    rules: tuple[str, ...]  # the rule text's paragraphs, verbatim
    figure: FirstFigure
    readings: tuple[Reading, ...]
    walkthrough: Walkthrough | str  # or the Russian sentence that says why there is none
    odds: tuple[OddsEntry, ...]  # empty: not counted yet
    #: the game offered no choice anywhere along the line the chapter shows: every move was forced («Кадриль»),
    #: so its two win rates are one and the same
    choiceless: bool = False

    @property
    def label(self) -> str:
        """«Третий пасьянс»."""
        return f"{ordinal_ru(self.number).capitalize()} пасьянс"


# --- the text of a chapter ------------------------------------------------------------------------------------


def chapter_title(game_id: str) -> str:
    """The chapter heading: the rule text's title line; «Деревенский пасьянс» has none, so its game title."""
    first = rule_text_of(game_id).splitlines()[0].strip()
    return first if first.startswith("Пасьянс «") else GAMES[game_id].title


def rule_paragraphs(game_id: str) -> list[str]:
    """The rule text without its title line, one string per paragraph, characters untouched."""
    lines = rule_text_of(game_id).splitlines()
    if chapter_title(game_id) == lines[0].strip():
        lines = lines[1:]
    return [line for line in lines if line.strip()]


def readings(game_id: str) -> list[Reading] | None:
    """The game's «Толкование правил» (``[[reading]]`` with ``quote`` and ``text``), ``None`` if not written."""
    text = game_text(game_id)
    if "reading" not in text:
        return None
    return [Reading(item["quote"].strip(), item["text"].strip()) for item in text["reading"]]


def laid_out_words(game_id: str) -> str:
    """What the first figure shows, from the game's text asset (``[figure] opening``)."""
    words = game_text(game_id).get("figure", {}).get("opening", "начальная раскладка")
    return str(words)


# --- the sample deal --------------------------------------------------------------------------------------------


def sample_line(game: Game) -> Line | str:
    """The game's checked sample record, replayed, or a Russian sentence saying why there is none."""
    try:
        record = load_sample(game.full_id)
    except SampleError as error:
        return str(error)
    return line_of(game, record.deal, record.stock, record.moves)


def laid_out_sample(game: Game, deal: int) -> Line:
    """Deal ``deal`` played until it is laid out: the first figure's line when a game has no sample yet."""
    stock = stock_indices(game.id, deal)
    return line_of(game, deal, tuple(stock), tuple(laid_out_line(game, stock)))


def first_figure(game: Game, sample: Line | str) -> FirstFigure:
    """The sample deal laid out; without a sample, deal 1 (``walked`` says which)."""
    line = sample if isinstance(sample, Line) else laid_out_sample(game, 1)
    return FirstFigure(line, laid_out_at(game, line.states), isinstance(sample, Line), laid_out_words(game.id))


def walkthrough(game: Game, sample: Line | str) -> Walkthrough | str:
    """The sample's walkthrough; for a deal the no-peek player loses, marked where it loses it."""
    if isinstance(sample, str):
        return sample
    record = Record(game.id, game.variant, sample.deal, sample.stock, Result.WON, sample.moves)
    return walk.walkthrough(game, sample, load_moment(game.full_id, record))


# --- the odds -------------------------------------------------------------------------------------------------


def load_stats(path: Path = STATS_FILE) -> dict[str, Any] | None:
    """``assets/stats.json`` (shape in the module docstring), or ``None`` if it is not there yet or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):  # missing or damaged: the book says «not counted»
        return None
    return data if isinstance(data, dict) and isinstance(data.get("games"), dict) else None


def _counted(data: Any) -> bool:
    """Whether a ``games`` entry of stats.json has what the table prints (a damaged one is left out, not a crash)."""
    def number(value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool)

    if not isinstance(data, dict) or not all(number(data.get(key)) for key in ("from", "deals")):
        return False
    return all(isinstance(data.get(kind), dict) and all(number(data[kind].get(key))
                                                         for key in ("won", "lost", "unknown", "low", "high"))
               for kind in ("thoughtful", "no_peek"))


def odds(game: Game, stats: dict[str, Any] | None) -> tuple[OddsEntry, ...]:
    """The game's and its variants' counted odds, in that order."""
    games = (stats or {}).get("games") or {}
    entries = []
    for variant in (None, *game.variants):
        spec = game.id if variant is None else f"{game.id}:{variant}"
        if _counted(games.get(spec)):
            name = None if variant is None else variant_ru(game.id, variant)
            entries.append(OddsEntry(name, games[spec], _grades(games[spec]), variant))
    return tuple(entries)


def _grades(data: dict[str, Any]) -> dict[Difficulty, int] | None:
    """Deals of each grade, from an entry's verdict letters (thoughtful W/L/U, no-peek W/L, one per deal)."""
    verdicts = data.get("verdicts")
    if not isinstance(verdicts, dict):
        return None
    thoughtful, no_peek = verdicts.get("thoughtful"), verdicts.get("no_peek")
    if not isinstance(thoughtful, str) or not isinstance(no_peek, str) or len(thoughtful) != data["deals"]:
        return None
    try:
        return grade_counts(thoughtful, no_peek)
    except (KeyError, ValueError):  # a damaged string: the grades are left out, not made up
        return None


# --- a chapter --------------------------------------------------------------------------------------------------


def chapter_of(number: int, game_id: str, stats: dict[str, Any] | None) -> Chapter:
    """Chapter ``number`` (from 1): game ``game_id``'s, with ``stats`` for its odds."""
    game = make_game(game_id)
    meta = [packs_ru(game.packs)]
    meta += [f"есть вариант {quoted(variant_ru(game_id, variant))}" for variant in game.variants]
    sample = sample_line(game)
    figure = first_figure(game, sample)
    line = sample if isinstance(sample, Line) else figure.line
    choiceless = not any(is_choice(game, state) for state in line.states[:-1])
    return Chapter(number, game, chapter_title(game_id), tuple(meta), tuple(rule_paragraphs(game_id)),
                   figure, tuple(readings(game_id) or ()), walkthrough(game, sample), odds(game, stats), choiceless)


def same_orders(chapters: Sequence[Chapter]) -> list[Chapter]:
    """The chapters, each walkthrough knowing which earlier ones stack their deal in the very same order (a deal
    number gives one order for every game with as many packs)."""
    done: list[Chapter] = []
    for chapter in chapters:
        walked = chapter.walkthrough
        if isinstance(walked, Walkthrough):
            same = tuple(earlier.game.title for earlier in done if isinstance(earlier.walkthrough, Walkthrough)
                         and earlier.walkthrough.line.stock == walked.line.stock)
            chapter = replace(chapter, walkthrough=replace(walked, same_order_as=same))
        done.append(chapter)
    return done

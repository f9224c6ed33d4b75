"""«Разбор расклада»: the sample deal's line as the book prints it, and what each of its figures shows.

Computed before any page is set (the positions come from the model's replayed :class:`Line`): the line by phase,
each phase cut into printed entries (a choice, or forced moves condensed — ``generator.walkthrough``), and the
moments where a figure interrupts it, each with one sentence saying what was decided just before it and what
to notice next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from generator.analysis import Difficulty
from generator.games import Game, Move, PlaceKind
from generator.pdf.typography import counted_ru, ordinal_ru, plural_ru
from generator.play import laid_out_at
from generator.replay import replay
from generator.samples import SampleMoment
from generator.walkthrough import Entry, Phase, is_choice, phases

#: At most this many figures in a walkthrough, so the chapter stays a text with pictures, not an album.
MAX_WALKTHROUGH_FIGURES = 4
#: The caption of the position before the critical move, after «После хода N —»; the mark of the move follows it.
BEFORE_CRITICAL = "положение перед решающим ходом"


@dataclass(frozen=True)
class Line:
    """A line of play of one deal and every position along it (``states[i]``: after the first ``i`` moves)."""

    deal: int | None
    stock: tuple[int, ...]
    moves: tuple[Move, ...]
    states: tuple[Any, ...]  # the game's positions (each game has its own state type)


def line_of(game: Game, deal: int | None, stock: tuple[int, ...], moves: tuple[Move, ...]) -> Line:
    """``moves`` of ``deal`` replayed; ``ValueError`` if one is illegal (a checked record never has one)."""
    replayed = replay(game, game.initial_state(stock), moves)
    if not replayed.ok:
        raise ValueError(f"deal {deal}: move {replayed.illegal_at} is illegal: {replayed.reason}")
    return Line(deal, stock, moves, replayed.states)


@dataclass(frozen=True)
class Moment:
    """A figure in the walkthrough: the position after the first ``at`` moves of the line."""

    at: int
    number: int  # the number of the last move made (redeals are not numbered): «После хода N»
    what: str  # «перед первой пересдачей»
    sentence: str  # what the position shows, what was decided just before it, what comes next

    @property
    def caption(self) -> str:
        return f"После хода {self.number} — {self.what}." + (f" {self.sentence}" if self.sentence else "")


@dataclass(frozen=True)
class Walkthrough:
    """«Разбор расклада №N»: the sample's line by phase (with its entries), and the figures that interrupt it."""

    line: Line
    phases: tuple[Phase, ...]
    moments: dict[int, Moment]
    #: the titles of earlier chapters whose sample deal is stacked in the very same order (same deal number,
    #: same number of packs): the chapter says so instead of leaving the reader to wonder
    same_order_as: tuple[str, ...] = ()
    #: for a deal the no-peek player loses, where it loses it (the line follows the player up to that move)
    critical: SampleMoment | None = None

    @property
    def needs_foresight(self) -> bool:
        return self.critical is not None and self.critical.difficulty is Difficulty.FORESIGHT

    @property
    def critical_at(self) -> int | None:
        """The position before the critical move (its index in ``line.states``), when the move is known."""
        if self.critical is None or self.critical.number is None or self.critical.played is None:
            return None
        return self.critical.number - 1

    def number_at(self, index: int) -> int | None:
        """The printed number of move ``index`` of the line (None for a redeal, which is not numbered)."""
        if self.line.moves[index].is_redeal:
            return None
        return sum(not move.is_redeal for move in self.line.moves[: index + 1])


def moment_positions(game: Game, line: Line, critical_at: int | None = None) -> dict[int, str]:
    """Where the walkthrough shows a figure (position index → what it is, after «После хода N —»).

    The first position with a real choice, when it differs from the chapter's first figure
    (the end of phase one in «Фаланга»); the position before each redeal; the position before the critical
    move, when the walkthrough marks one (``critical_at``), and never dropped; the final position.
    """
    moves = line.moves
    final = len(moves)
    redeals = [i for i, move in enumerate(moves) if move.is_redeal]
    moments: dict[int, str] = {}
    opening = laid_out_at(game, line.states)
    first_redeal = redeals[0] if redeals else final
    choice = next((i for i in range(opening, first_redeal) if is_choice(game, line.states[i])), None)
    if choice is not None and choice - opening >= 8:  # a handful of dealt cards later is not worth a picture
        moments[choice] = "первая позиция, где у игрока есть выбор"
    for number, index in enumerate(redeals, 1):
        moments[index] = f"перед {ordinal_ru(number, feminine_genitive=True)} пересдачей"
    moments[final] = "пасьянс вышел"
    if critical_at:
        moments[critical_at] = BEFORE_CRITICAL
    while len(moments) > MAX_WALKTHROUGH_FIGURES:  # keep the critical position, the last redeals and the end
        del moments[min(index for index in moments if index != critical_at)]
    return moments


def _placed(game: Game, state: Any) -> int:
    """Cards on the foundations (every place the game builds on)."""
    contents = game.contents(state)
    return sum(len(contents.get(place, ())) for place in game.places_of(PlaceKind.FOUNDATION))


def _cards(n: int) -> str:
    return plural_ru(n, "карта", "карты", "карт")


def sentence(game: Game, line: Line, at: int, what: str, groups: tuple[Phase, ...]) -> str:
    """One sentence under a walkthrough figure: what was decided just before the position, what comes next."""
    entries = [entry for group in groups for entry in group.entries]
    before = [entry for entry in entries if entry.stop <= at]
    after = [entry for entry in entries if entry.start >= at]
    last_choice = next((entry for entry in reversed(before) if entry.choice), None)
    total = 52 * game.packs
    placed = _placed(game, line.states[at])
    if what == BEFORE_CRITICAL:  # the mark of the critical move, right under the figure, says it all
        return ""
    if at == len(line.moves):  # the end
        if last_choice is None:
            return "Выбора не было ни разу: весь ход игры задала колода."
        tail = "" if last_choice.stop == at else ", после него всё шло само"
        return f"Последний выбор — ход {_named(last_choice)}{tail}."
    if line.moves[at].is_redeal:
        rest = total - placed
        phase = next((group for group in groups if group.entries and group.entries[0].start > at), None)
        onward = f": с них начинается «{phase.title}»" if phase is not None else ""
        decided = "" if last_choice is None else f"последний выбор перед пересдачей — ход {_named(last_choice)}; "
        return (f"Колода вышла; {decided}уже на месте {placed} из {total}, остальные "
                f"{_cards(rest)} сдаются снова{onward}.")
    options = len(game.legal_moves(line.states[at]))
    nxt = next((entry for entry in after if entry.choice), None)
    offered = counted_ru(options, "ход", "хода", "ходов") if options <= 10 else plural_ru(options, "ход", "хода",
                                                                                          "ходов")
    chosen = "" if nxt is None else f": разбор делает ход {_named(nxt)}"
    return f"До сих пор все ходы были вынужденными, а здесь на выбор {offered}{chosen}."


def _named(entry: Entry) -> str:
    """«58, 2♦ колода → основание 1»."""
    return f"{entry.first}, {entry.text}"


def walkthrough(game: Game, line: Line, critical: SampleMoment | None = None) -> Walkthrough:
    """The sample's walkthrough: its phases cut into entries at the figures (and at the critical move, if the
    no-peek player loses the deal: ``critical``), and each figure's sentence."""
    critical_at = Walkthrough(line, (), {}, critical=critical).critical_at
    positions = moment_positions(game, line, critical_at)
    # The critical move stands alone, and as the choice it is (the no-peek player chose otherwise there), even
    # where the rules force a move but leave which one open (a refill of one of several places).
    breaks = set(positions) | ({critical_at, critical_at + 1} if critical_at is not None else set())
    groups = tuple(phases(game, line.moves, line.states, breaks=breaks, stock=line.stock))
    for group in groups:
        group.entries = [replace(entry, choice=True) if entry.start == critical_at else entry
                         for entry in group.entries]
    moments = {at: Moment(at, sum(not m.is_redeal for m in line.moves[:at]), what,
                          sentence(game, line, at, what, groups))
               for at, what in sorted(positions.items())}
    return Walkthrough(line, groups, moments, critical=critical)

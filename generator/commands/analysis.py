"""``pasyans analyze``: where a game was lost, and how hard its deal is.

The line analysed is the no-peek player's game of a deal (``--deal N``) or any game record (``--record
FILE``). The findings print in Russian, the moves in the book's notation, or as one JSON object
(``--json``); ``-o FILE`` writes the winning line through the critical moment as a game record.
Every solve is bounded in positions, so the same arguments print the same answer on any machine.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.commands.common import add_deal_stock_or_record, add_game_arguments, shown_from
from generator.commands.printables import DEFAULT_POSITIONS, positions_count
from generator.errors import UserError
from generator.progress import Progress

if TYPE_CHECKING:
    from generator.analysis import LineAnalysis
    from generator.games import Game, Move, Result

PROBE_POSITIONS = 10_000  # generator.analysis.PROBE_POSITIONS, not imported here: the solver loads late

DESCRIPTION = """\
Find where a game was lost. The line analysed is the no-peek player's game of
the deal (--deal N, or --stock FILE for a pack typed in; see 'pasyans play') or
any game record (--record FILE: one written by play or solve, or by hand from a
game you played with real cards).

The critical moment of a line is its first move after which the game can no
longer be won although it could be won before it: the move played there, a
move that keeps the win instead, and a winning line from there. Winnability
along a line only goes from "can win" to "cannot", and only a position with a
choice can lose a win, so a few solves from positions along the line find it.
When a solve gives up, the moment is narrowed to a stretch of moves and said
to be unknown («не удалось установить») — never guessed.

The deal's grade (difficulty):
  easy       «лёгкий»: the no-peek player wins it
  foresight  «трудный»: it can be won, but the no-peek player loses it
  lost       «безнадёжный»: no line wins it (proved)
  unknown    «нерешённый»: the solver did not decide it, and the player loses it"""

EPILOG = f"""\
output (the moves in the notation of 'pasyans play', numbered from the start,
redeals too):
  «Деревенский пасьянс», расклад №1
  Сложность: трудный (foresight). Расклад выходит, но осторожный игрок, …
  Партия игрока без подглядывания: ходов — 264, игрок остановился.
  Решающий ход 199: Д♣ колода → кучка 1 — до него пасьянс ещё выходил, …
  Вместо него выигрыш сохранял ход 7♦ кучка 2 → кучка 8.
  Выигрыш с этого места:
  199. 7♦ кучка 2 → кучка 8
  …
  foresight, critical moment found: 6 solves, 8106 positions searched in 1.29 s

--json prints one object: game, variant, deal (null for a typed pack),
line (no_peek or record), moves, line_ends, verdict (won, lost, unknown: can
the start be won), no_peek, difficulty, critical_status (found, none, unknown),
critical (null, or {{"move": K, "played": MOVE, "keeps_win": MOVE}}: K counted
from 1 like a record's moves, a MOVE written as in records, {{"card": "Д♠",
"from": …, "to": …}} or {{"redeal": N}}; "played" is null when the line stops
there with the game still winnable), critical_between ([first, last] move
numbers when unknown), winning_line (the moves from K on), solves, positions.

limits:
  --positions N (default {DEFAULT_POSITIONS}) bounds the solve of the start (the
  deal's verdict), --probe-positions M (default {PROBE_POSITIONS}) each solve along
  the line; the search stops at the first solve that gives up. Positions, not
  seconds: the same answer on any machine.

exit status:
  0  analysed
  2  bad input: an unknown game, a deal out of range, a pack that is not the
     game's, a record of another game or with an illegal move, an output that
     cannot be written; or -o asked for and no winning line known (the deal is
     lost or unknown). Nothing is written then.

examples:
  pasyans analyze village --deal 1
  pasyans analyze village --deal 1 --json
  pasyans analyze village --deal 1 -o v1.json && pasyans check v1.json
  pasyans play gallery --deal 4 --record g4.json && pasyans analyze --record g4.json
  pasyans analyze village --stock my-pack.txt      (a pack typed top card first)"""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    analyze = commands.add_parser(
        "analyze",
        help="find the move that lost a game, and grade the deal",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(analyze, required=False)  # a record names its game
    add_deal_stock_or_record(analyze, "the line to analyse (GAME may be left out, and if given must be the "
                                      "record's)")
    analyze.add_argument("--json", action="store_true", help="print one JSON object instead of the Russian text")
    analyze.add_argument("-o", "--output", metavar="FILE", help="write the winning line through the critical "
                         "moment (the line's first K−1 moves, then the move that keeps the win, then a win; when the "
                         "moment is not pinned down, the line as far as it is known to keep the win) as a game "
                         "record that 'pasyans check' accepts")
    analyze.add_argument("--positions", metavar="N", type=positions_count, default=DEFAULT_POSITIONS,
                         help=f"the solver's limit for the deal's verdict, in positions (default {DEFAULT_POSITIONS})")
    analyze.add_argument("--probe-positions", metavar="M", type=positions_count, default=PROBE_POSITIONS,
                         help=f"the limit of each solve along the line (default {PROBE_POSITIONS})")
    analyze.set_defaults(handler=cmd_analyze)


@dataclass(frozen=True)
class Subject:
    """What is analysed: the game, the deal's stock and number (None for a typed pack), and the line."""

    game: Game
    stock: tuple[int, ...]
    deal: int | None
    moves: tuple[Move, ...]
    kind: str  # "no_peek" or "record"
    source: str  # the record's path, for messages


def _subject(args: argparse.Namespace) -> Subject:
    """The line named by ``--deal``, ``--stock`` or ``--record``, checked before any solve."""
    from generator.play import play_out

    if args.record is None and args.game is not None and args.deal is None and args.stock is None:
        raise UserError("a line to analyse needs a deal: add --deal N or --stock FILE, or give a game record "
                        "with --record FILE")
    shown = shown_from(args)
    if shown.record is not None:
        record = shown.record
        return Subject(shown.game, record.stock, record.deal, record.moves, "record", shown.record_path)
    stock = shown.deal.stock
    return Subject(shown.game, stock, shown.deal.number, tuple(play_out(shown.game, stock).moves), "no_peek", "")


class SolveProgress(Progress):
    """The analysis's progress on a terminal: solves made, and where along the line the last one looked. An
    analysis takes seconds, so a log gets only the summary line, not a line per solve."""

    def __call__(self, solves: int, played: int, result: Result) -> None:
        if not self.terminal:
            return
        self.total = max(self.total, solves + 1)
        self.update(solves, f"position after move {played}: {result}" if played else f"the start: {result}")


def cmd_analyze(args: argparse.Namespace) -> int:
    from generator.analysis import Difficulty, analyse_line
    from generator.play import no_peek_result
    from generator.record import record_of, to_json
    from generator.safeio import check_output_path, write_text

    if args.output:
        check_output_path(args.output)
    subject = _subject(args)
    game = subject.game
    started = time.perf_counter()
    label = f"analysing {game.full_id} " + (subject.source or f"deal {subject.deal or 'of the typed pack'}")
    progress = SolveProgress(8, label)
    try:
        line = analyse_line(game, game.initial_state(subject.stock), subject.moves, positions=args.positions,
                            probe_positions=args.probe_positions, on_solve=progress)
    finally:
        progress.end()
    no_peek = no_peek_result(game, subject.stock)
    difficulty = Difficulty.of(line.verdict, no_peek)
    if args.json:
        print(json.dumps(as_json(subject, line, no_peek, difficulty), ensure_ascii=False))
    else:
        print(as_text(subject, line, no_peek, difficulty, args.probe_positions))
        print(f"{difficulty}, critical moment {line.status}: {line.solves} solves, {line.positions} positions "
              f"searched in {time.perf_counter() - started:.2f} s")
    if args.output:
        if line.winning_line is None:
            raise UserError(f"no record written: the deal is {line.verdict}, a record needs a winning line")
        record = record_of(game, subject.stock, line.winning_line, line.verdict, subject.deal)
        write_text(args.output, to_json(record))
    return 0


# --- the findings as JSON and as Russian text ---------------------------------------------------------------------


def as_json(subject: Subject, line: LineAnalysis, no_peek: Result, difficulty: Any) -> dict[str, Any]:
    from generator.record import move_entry

    game = subject.game
    critical = line.critical
    entry = None
    winning: list[dict[str, Any]] = []
    if critical is not None:
        played = None if critical.played is None else move_entry(game, critical.played)
        entry = {"move": critical.number, "played": played, "keeps_win": move_entry(game, critical.keeps_win)}
        winning = [move_entry(game, move) for move in critical.winning]
    return {
        "game": game.id,
        "variant": game.variant,
        "deal": subject.deal,
        "line": subject.kind,
        "moves": len(subject.moves),
        "line_ends": str(line.ends),
        "verdict": str(line.verdict),
        "no_peek": str(no_peek),
        "difficulty": str(difficulty),
        "critical_status": str(line.status),
        "critical": entry,
        "critical_between": list(line.between) if line.between else None,
        "winning_line": winning,
        "solves": line.solves,
        "positions": line.positions,
    }


def as_text(subject: Subject, line: LineAnalysis, no_peek: Result, difficulty: Any, probe_positions: int) -> str:
    """The findings in Russian, the moves in the notation of ``pasyans play``."""
    from generator.analysis import Status
    from generator.games import Result
    from generator.notation import deal_heading, move_ru

    game = subject.game
    heading = deal_heading(game, subject.deal)
    lines = [heading if subject.kind == "no_peek" else f"{heading}: запись {subject.source}"]
    lines.append(f"Сложность: {difficulty.name_ru} ({difficulty}). Расклад {difficulty.meaning_ru}.")
    if subject.kind == "no_peek":
        lines.append(f"Партия игрока без подглядывания: ходов — {len(subject.moves)}, {line.ends.played_ru}.")
    else:
        ends = "запись на этом обрывается" if line.ends is Result.UNKNOWN else line.ends.played_ru
        lines.append(f"Партия по записи: ходов — {len(subject.moves)}, {ends}.")
    critical = line.critical
    if line.status is Status.NONE:
        lines.append("Решающего хода нет: " + ("пасьянс вышел." if line.ends is Result.WON
                                                else "расклад не выходил с самого начала."))
    elif line.status is Status.UNKNOWN:
        first, last = line.between or (1, len(subject.moves))
        where = f"это один из ходов {first}–{last}" if first != last else f"это, может быть, ход {first}"
        if line.verdict is Result.UNKNOWN:
            lines.append(f"Выходит ли расклад, не удалось установить: решатель не справился за отведённое число "
                         f"позиций ({probe_positions} на каждое решение по ходу партии).")
        else:
            lines.append(f"Решающий ход не удалось установить: {where} (каждое решение по ходу партии ограничено "
                         f"{probe_positions} позициями).")
    elif critical is not None:
        if critical.played is None:
            stop = "игрок остановился" if subject.kind == "no_peek" else "запись обрывается"
            lines.append(f"Решающий момент — после хода {critical.number - 1}: {stop}, хотя пасьянс ещё выходил.")
        else:
            lines.append(f"Решающий ход {critical.number}: {move_ru(game, critical.played)} — до него пасьянс ещё "
                         f"выходил, после него уже нет.")
        instead = "Вместо него" if critical.played is not None else "Дальше"
        lines.append(f"{instead} выигрыш сохранял ход {move_ru(game, critical.keeps_win)}.")
        lines.append("Выигрыш с этого места:")
        numbered = enumerate(critical.winning, critical.number)
        lines.extend(f"{number}. {move_ru(game, move)}" for number, move in numbered)
    return "\n".join(lines)

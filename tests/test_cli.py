from __future__ import annotations

import io
import json
import re
import sys

import pytest

from generator import __version__
from generator.cli import main
from generator.games import all_specs

#: Every variant of every game, ``GAME:VARIANT``.
VARIANT_SPECS = [spec for spec in all_specs() if ":" in spec]


def test_games_lists_the_five_games_and_variants(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for game_id, title in [
        ("village", "Деревенский пасьянс"),
        ("brunette_blonde", "Брюнетка и блондинка"),
        ("quadrille", "Кадриль"),
        ("gallery", "Картинная галерея"),
        ("phalanx", "Македонская фаланга"),
    ]:
        assert game_id in out and f"«{title}»" in out
    assert "brunette_blonde:two_cards" in out and "quadrille:queens_first" in out
    rows = {line.split()[0]: line.split()[-1] for line in out.splitlines()[1:] if not line.startswith(" ")}
    assert rows == {"village": "2", "brunette_blonde": "2", "quadrille": "1", "gallery": "2", "phalanx": "2"}


def test_games_and_every_command_that_takes_a_game_list_every_variant(cli, capsys):
    assert main(["games"]) == 0
    listed = capsys.readouterr().out.split()
    assert all(spec in listed for spec in VARIANT_SPECS)
    for command in ("play", "solve", "stats", "deals", "svg", "analyze"):
        text = " ".join(cli(command, "--help").out.split())
        for spec in VARIANT_SPECS:
            game_id, _, variant = spec.partition(":")
            assert f"{variant} ({game_id})" in text, (command, spec)


@pytest.mark.parametrize("spec", VARIANT_SPECS)
def test_a_variant_plays_checks_and_draws_through_the_cli(cli, spec, tmp_path):
    record = tmp_path / "game.json"
    assert cli("play", spec, "-d", "2", "--record", str(record)).status == 0
    assert json.loads(record.read_text(encoding="utf-8"))["variant"] == spec.partition(":")[2]
    checked = cli("check", str(record))
    assert checked.status == 0 and checked.out.startswith("ok: "), checked.err
    drawn = cli("svg", "--record", str(record), "--end", "-o", str(tmp_path))
    assert drawn.status == 0 and ".svg" in drawn.out, drawn.err


def test_version(cli):
    result = cli("--version")
    assert result.status == 0 and __version__ in result.out


def test_help_teaches(cli):
    result = cli("--help")
    assert result.status == 0
    for command in ("games", "play", "check", "solve", "stats", "svg", "html", "rulebook", "deals", "deck"):
        assert command in result.out


@pytest.mark.parametrize(
    "args",
    [
        ["bogus"],
        ["games", "--what"],
    ],
)
def test_usage_errors_are_one_line_with_status_2(cli, args):
    result = cli(*args)
    assert result.status == 2
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


@pytest.mark.parametrize("deal", ["0", "-1", "abc", str(2**70), "1.5", ""])
def test_invalid_deal_numbers_are_one_line_errors(cli, deal):
    result = cli("play", "quadrille", "--deal", deal)
    assert result.status == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert "deal number" in result.err


def test_unknown_game_is_a_one_line_error(cli):
    result = cli("play", "klondike", "--deal", "1")
    assert result.status == 2 and "unknown game 'klondike'" in result.err
    assert len(result.err.strip().splitlines()) == 1


MOVE_LINE = re.compile(r"(\d+)\. (?:(?:Т|[2-9]|10|В|Д|К)[♠♣♥♦] [а-яё]+(?: \S+)? → [а-яё]+(?: \S+)?|пересдача \d+)")


def test_play_prints_numbered_russian_moves_and_writes_a_record_that_checks(cli, tmp_path):
    record = tmp_path / "b11.json"
    result = cli("play", "brunette_blonde", "--deal", "11", "--record", str(record))
    assert result.status == 0 and result.err == ""
    lines = result.out.splitlines()
    assert lines[0] == "«Брюнетка и блондинка», расклад №11"
    assert lines[-1] == "пасьянс вышел (won) after 229 moves"
    moves = lines[1:-1]
    assert len(moves) == 229
    for number, line in enumerate(moves, 1):
        match = MOVE_LINE.fullmatch(line)
        assert match and int(match[1]) == number, line
    assert moves[0] == "1. 10♠ колода → ряд 1" and moves[20] == "21. Д♥ кон → ряд 4"
    assert "пересдача 1" in result.out
    checked = cli("check", str(record))
    assert checked.status == 0 and checked.out.strip() == "ok: won after 229 moves"
    # the variant, either way it is written, plays the same game
    assert cli("play", "quadrille:queens_first", "-d", "3").out == cli("play", "quadrille", "--variant",
                                                                        "queens_first", "-d", "3").out


def test_play_and_check_help_teach_the_output_and_the_exit_statuses(cli):
    play = cli("play", "--help").out
    assert "кон → ряд 4" in play and "--record" in play and "two_cards" in play and "queens_first" in play
    check = cli("check", "--help").out
    for text in ("ok: won|lost|unknown after N moves", "illegal move 5", "  0  ", "  1  ", "  2  ", "pasyans-record/1"):
        assert text in check


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _stderr_on_a_terminal_and_in_a_log(monkeypatch: pytest.MonkeyPatch, *runs: list[str]) -> dict[str, str]:
    """What ``pasyans`` writes to stderr over ``runs`` (each must succeed), on a terminal and in a log."""
    said = {}
    for name, stream in (("terminal", _Terminal()), ("log", io.StringIO())):
        monkeypatch.setattr(sys, "stderr", stream)
        for args in runs:
            assert main(args) == 0
        said[name] = stream.getvalue()
    return said


def test_the_search_for_a_line_to_draw_says_so_on_a_terminal_only(monkeypatch, tmp_path, capsys):
    """``svg``/``html`` search a deal's winning line first (up to a minute on an open deal): a terminal sees one
    line of progress, with the outcome; a log sees nothing on stderr (it holds only an error, in one line)."""
    said = _stderr_on_a_terminal_and_in_a_log(
        monkeypatch, *(["svg", "quadrille", "--deal", str(deal), "--end", "-o", str(tmp_path)] for deal in (1, 4)))
    capsys.readouterr()
    lines = said["terminal"].splitlines()  # deal 1 is won, deal 4 lost
    assert len(lines) == 2
    assert all(line.startswith("pasyans: looking for a winning line (100,000 positions") for line in lines)
    assert any(line.endswith("moves)") and "found (" in line for line in lines)
    assert any(line.endswith("none (lost): the no-peek player's game instead") for line in lines)
    assert said["log"] == ""


def test_solve_says_on_a_terminal_only_that_it_searches_and_how_long_it_may(monkeypatch, capsys):
    said = _stderr_on_a_terminal_and_in_a_log(monkeypatch, ["solve", "quadrille", "--deal", "4", "--budget", "2.5"])
    assert "lost: " in capsys.readouterr().out
    assert said == {"terminal": "pasyans: searching, at most 2.5 s … lost\n", "log": ""}

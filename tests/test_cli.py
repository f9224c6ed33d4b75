from __future__ import annotations

import pytest

from generator import __version__
from generator.cli import main


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


def test_version(cli):
    result = cli("--version")
    assert result.status == 0 and __version__ in result.out


def test_help_teaches(cli):
    result = cli("--help")
    assert result.status == 0
    for command in ("games", "play", "check", "solve", "stats", "svg", "rulebook", "deals", "deck"):
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

"""A publisher's commands end to end: a typed pack, records of every verdict, figures of a record, the web page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.art.faces import card_code
from generator.cards import card_str
from generator.deals import stock_indices
from generator.games import Result
from generator.record import read_record, replay


def _typed(game: str, deal: int) -> str:
    """The deal's pack as a person types it: Latin codes and the book's notation, commas and new lines."""
    cards = stock_indices(game, deal)
    half = len(cards) // 2
    return ", ".join(card_code(c) for c in cards[:half]) + "\n" + " ".join(card_str(c) for c in cards[half:]) + "\n"


def test_a_typed_pack_plays_as_its_deal_and_its_record_has_no_number(cli, tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text(_typed("quadrille", 7), encoding="utf-8")
    typed = cli("play", "quadrille", "--stock", "mine.txt", "--record", "mine.json", cwd=tmp_path)
    numbered = cli("play", "quadrille", "--deal", "7", cwd=tmp_path)
    assert typed.status == numbered.status == 0, typed.err
    assert typed.out.splitlines()[0] == "«Кадриль», заданный расклад"
    assert typed.out.splitlines()[1:] == numbered.out.splitlines()[1:]
    data = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert data["deal"] is None and data["stock"] == [card_str(c) for c in stock_indices("quadrille", 7)]
    assert cli("check", "mine.json", cwd=tmp_path).out.startswith("ok: lost")


def test_a_pack_can_come_on_standard_input(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.conftest import ROOT

    done = subprocess.run([sys.executable, "-m", "generator", "solve", "village", "--stock", "-"], cwd=ROOT,
                          input=_typed("village", 3), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("«Деревенский пасьянс», заданный расклад\n")


@pytest.mark.parametrize(("game", "deal", "verdict"), [("quadrille", 4, "lost"), ("quadrille", 1, "won")])
def test_solve_writes_a_record_for_every_verdict(cli, tmp_path: Path, game: str, deal: int, verdict: str) -> None:
    result = cli("solve", game, "--deal", str(deal), "--record", "r.json", cwd=tmp_path)
    assert result.status == 0, result.err
    assert result.out.splitlines()[-1].startswith(f"{verdict}:")
    record = read_record(str(tmp_path / "r.json"))
    assert record.result is Result(verdict) and record.deal == deal and record.moves
    checked = replay(record)
    assert checked.ok and checked.outcome is Result(verdict)


def test_solve_records_an_unknown_deal_with_the_no_peek_line(cli, tmp_path: Path) -> None:
    """A budget far too small to decide: the record says unknown, and its moves are the no-peek player's game."""
    from generator.games import make_game
    from generator.play import play_out

    # Deal 3: open after millions of positions, so undecided within 1 ms on any machine (deal 5, used before, is won
    # by the first lead playout, which a fast machine finishes within the millisecond).
    result = cli("solve", "gallery", "--deal", "3", "--budget", "0.001", "--record", "r.json", cwd=tmp_path)
    assert result.status == 0 and result.out.splitlines()[-1].startswith("unknown:"), result.out
    record = read_record(str(tmp_path / "r.json"))
    game = make_game("gallery")
    played = play_out(game, stock_indices("gallery", 3))
    assert list(record.moves) == played.moves
    assert record.result is (Result.WON if played.result is Result.WON else Result.UNKNOWN) and replay(record).ok


def test_svg_of_a_record_draws_the_same_figure_as_of_its_deal(cli, tmp_path: Path) -> None:
    assert cli("solve", "quadrille", "--deal", "7", "--record", "q7.json", cwd=tmp_path).status == 0
    by_record = cli("svg", "--record", "q7.json", "--step", "40", "-o", ".", cwd=tmp_path)
    by_deal = cli("svg", "quadrille", "--deal", "7", "--step", "40", "-o", ".", cwd=tmp_path)
    assert by_record.status == by_deal.status == 0, by_record.err
    assert "wrote q7-step-40.svg" in by_record.out
    assert (tmp_path / "q7-step-40.svg").read_bytes() == (tmp_path / "quadrille-7-step-40.svg").read_bytes()
    svg = (tmp_path / "q7-step-40.svg").read_text(encoding="utf-8")
    assert "<title>«Кадриль», расклад №7: после хода 40</title>" in svg
    assert re.search(r"<desc>Последний ход: .+; колода: \d+\u00a0карт[аы]? рубашкой вверх; .+\.</desc>", svg)


def test_svg_of_a_typed_pack_names_the_file_after_it(cli, tmp_path: Path) -> None:
    (tmp_path / "column.txt").write_text(_typed("phalanx", 2), encoding="utf-8")
    result = cli("svg", "phalanx", "--stock", "column.txt", "--opening", "--png", "--dpi", "40", "-o", ".",
                 cwd=tmp_path)
    assert result.status == 0, result.err
    svg = (tmp_path / "phalanx-stock-column-opening.svg").read_text(encoding="utf-8")
    assert "«Македонская фаланга», заданный расклад: раскладка" in svg
    assert (tmp_path / "phalanx-stock-column-opening.png").read_bytes().startswith(b"\x89PNG")


def test_the_sheet_of_a_typed_pack_is_its_deal_s_sheet_under_another_name(cli, tmp_path: Path) -> None:
    from tests.pdf.test_practice import text_of

    (tmp_path / "hand.txt").write_text(_typed("brunette_blonde", 5), encoding="utf-8")
    typed = cli("deals", "brunette_blonde", "--stock", "hand.txt", "-o", "hand.pdf", cwd=tmp_path)
    numbered = cli("deals", "brunette_blonde", "--from", "5", "--count", "1", "-o", "five.pdf", cwd=tmp_path)
    assert typed.status == numbered.status == 0, typed.err
    assert "(1 deal;" in typed.err
    mine, five = text_of(tmp_path / "hand.pdf"), text_of(tmp_path / "five.pdf")
    assert "«Брюнетка и блондинка»: заданный расклад — колода, набранная вручную." in mine
    assert re.search("Заданный расклад — (выходит|не выходит)", mine)
    assert "Расклад №" not in mine
    same = [re.sub(".*Ответы — в конце.*", "", text[text.index("Как сложить колоду"):])  # page one's summary
            .replace("Расклад № 5", "X").replace("Заданный расклад", "X") for text in (mine, five)]
    assert same[0] == same[1]


def test_html_writes_one_page_and_says_what_it_shows(cli, tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text(_typed("quadrille", 7), encoding="utf-8")
    result = cli("html", "quadrille", "--stock", "mine.txt", "-o", "mine.html", cwd=tmp_path)
    assert result.status == 0, result.err
    assert result.out.startswith("wrote mine.html (") and "the no-peek player's game, 101 moves" in result.out
    html = (tmp_path / "mine.html").read_text(encoding="utf-8")
    assert "<h1>«Кадриль», <span class=\"deal\">заданный расклад</span></h1>" in html
    assert "Этот расклад не выходит" in html
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.html", "mine.txt"]  # one file, nothing beside it
    assert cli("solve", "quadrille", "--deal", "1", "--record", "q1.json", cwd=tmp_path).status == 0
    again = cli("html", "--record", "q1.json", "-o", "q1.html", cwd=tmp_path)
    assert again.status == 0 and "the record q1.json" in again.out, again.err
    assert "Запись партии «q1.json»" in (tmp_path / "q1.html").read_text(encoding="utf-8")

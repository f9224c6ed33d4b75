"""The PDF toolkit under the three documents: one paper registry, number words, and no play inside a flowable."""

from __future__ import annotations

import argparse
import io
import re
import subprocess
from pathlib import Path

import pytest
from reportlab.platypus.flowables import Flowable

from generator.commands.books import paper_name
from generator.commands.deck import deck_paper
from generator.games import GAME_IDS, GAMES, make_game, registered
from generator.pdf.deck import LayoutError, deck_title, sheet_for
from generator.pdf.paper import PAPERS, book_page, paper_named, sheet_page
from generator.pdf.practice import build_sheets
from generator.pdf.rulebook import build_rulebook
from generator.pdf.rulebook.book import book_subject, book_title
from generator.pdf.typography import counted_ru, ordinal_ru, packs_ru


def run(*command: str | Path) -> str:
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True).stdout


# --- one paper registry ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["A4", "a5", " Letter "])
def test_every_document_takes_its_paper_from_the_one_registry(name: str) -> None:
    paper = paper_named(name)
    assert paper in PAPERS.values()
    assert book_page(name).paper is paper and sheet_page(name).paper is paper
    assert book_page(name).frame_width == paper.width - 2 * book_page(name).side
    if paper.name != "A5":
        sheet = sheet_for(name)
        assert (sheet.paper, sheet.width, sheet.height) == (paper.name, paper.width, paper.height)


def test_an_unknown_paper_has_one_error_text_everywhere() -> None:
    expected = "unknown paper 'B5': choose A4, A5 or letter"
    for choose in (paper_named, book_page, sheet_page):
        with pytest.raises(ValueError) as error:
            choose("B5")
        assert str(error.value) == expected
    with pytest.raises(argparse.ArgumentTypeError, match=f"^{expected}$"):
        paper_name("B5")
    # The pack names the same choice, limited to what holds 3 × 3 cards, and says why.
    pack = "unknown paper 'A5' for the pack: choose A4 or letter (3 × 3 cards of 63 × 88 mm)"
    with pytest.raises(LayoutError, match=f"^{pack.replace('(', '[(]').replace(')', '[)]')}$"):
        sheet_for("A5")
    with pytest.raises(argparse.ArgumentTypeError) as error:
        deck_paper("A5")
    assert str(error.value) == pack
    assert deck_paper("LETTER") == "letter" and paper_name("a4") == "A4"


# --- number words ---------------------------------------------------------------------------------------------


def test_the_titles_count_the_games_the_registry_holds() -> None:
    assert book_title(len(GAME_IDS)) == "Пять старинных пасьянсов"
    assert book_title(6) == "Шесть старинных пасьянсов"
    assert book_title(2) == "Два старинных пасьянса" and book_title(1) == "Один старинный пасьянс"
    assert book_subject(len(GAME_IDS)) == "Правила пяти старинных пасьянсов"
    assert book_subject(1) == "Правила одного старинного пасьянса"
    assert deck_title(len(GAME_IDS)) == "Колода для пяти старинных пасьянсов"
    assert deck_title(6) == "Колода для шести старинных пасьянсов"


def test_number_words() -> None:
    assert [ordinal_ru(n) for n in (1, 3, 7)] == ["первый", "третий", "седьмой"]
    assert [ordinal_ru(n, feminine_genitive=True) for n in (1, 3, 4, 5)] == ["первой", "третьей", "четвёртой",
                                                                            "пятой"]
    assert ordinal_ru(11) == "11-й"
    assert counted_ru(21, "пасьянс", "пасьянса", "пасьянсов") == "21 пасьянс"  # past ten, in digits
    assert counted_ru(3, "пасьянс", "пасьянса", "пасьянсов") == "три пасьянса"
    assert [packs_ru(n) for n in (1, 2, 3)] == ["Одна колода, 52 карты", "Две колоды, 104 карты",
                                                "Три колоды, 156 карт"]


# --- nothing is played inside a flowable ------------------------------------------------------------------------


@pytest.fixture
def no_play_while_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every engine call made while a flowable is wrapped, split or drawn fails: the documents must compute what
    they print (openings, replays, solutions) before they hand it to a flowable."""
    depth = [0]

    def guarded(method: str) -> None:
        original = getattr(Flowable, method)

        def inside(self: Flowable, *args: object, **kwargs: object) -> object:
            depth[0] += 1
            try:
                return original(self, *args, **kwargs)
            finally:
                depth[0] -= 1

        monkeypatch.setattr(Flowable, method, inside)

    for method in ("wrapOn", "splitOn", "drawOn"):
        guarded(method)
    for game_class in {type(make_game(spec)) for spec in GAMES}:
        for method in ("initial_state", "legal_moves", "apply"):
            original = getattr(game_class, method)

            def engine(self: object, *args: object, _original: object = original, _name: str = method) -> object:
                assert depth[0] == 0, f"{type(self).__name__}.{_name} called while a flowable is set"
                return _original(self, *args)  # type: ignore[operator]

            monkeypatch.setattr(game_class, method, engine)


@pytest.mark.usefixtures("no_play_while_setting")
def test_the_sheets_play_nothing_while_they_are_set() -> None:
    # Won deals (lines, final positions), a lost deal that plays itself (its end shown), two packs.
    build_sheets("quadrille", io.BytesIO(), first=1, count=4)
    build_sheets("brunette_blonde", io.BytesIO(), first=7, count=1, positions=20_000)


@pytest.mark.usefixtures("no_play_while_setting")
def test_the_rulebook_plays_nothing_while_it_is_set() -> None:
    assert build_rulebook("A5").startswith(b"%PDF")


# --- a sixth game ------------------------------------------------------------------------------------------------


def test_a_sixth_game_gets_its_chapter_and_the_title_counts_it(tmp_path: Path) -> None:
    """The toy game of the test suite (rules, a figure and a text asset, nothing else) registered: the book
    gains its chapter, in registry order after the five, and its title and subject say «Шесть»."""
    from tests.pdf.test_rulebook import body_text, chapter_labels, verbatim
    from tests.toy_game import SPEC as TOY

    with registered(TOY):
        pdf = tmp_path / "six.pdf"
        pdf.write_bytes(build_rulebook("A4"))
        text = body_text(pdf)
        labels = chapter_labels()
        toy = make_game("toy")
    info = run("pdfinfo", pdf)
    assert re.search(r"^Title:\s+Шесть старинных пасьянсов$", info, flags=re.M), info
    assert re.search(r"^Subject:\s+Правила шести старинных пасьянсов$", info, flags=re.M), info
    assert len(labels) == len(GAME_IDS) + 1 and labels[-1] == "Шестой пасьянс"
    chapter = text[text.index(labels[-1]):text.rindex("Приложение")]
    assert verbatim(toy.title).search(chapter) and "Толкование правил" in chapter
    assert verbatim(f"«{toy.title}», расклад № 1: открыта первая карта").search(chapter)  # its text asset's caption
    assert "Образцовый расклад для этой игры ещё не найден" in chapter and "не подсчитана" in chapter
    assert "toy" not in GAME_IDS  # and only while registered

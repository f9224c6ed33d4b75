"""The book and the sheets as a reader holds them (issue #14): figures where their captions say, every card's
index readable, honest odds notes, Russian typesetting without scraps or words split across pages, and
walkthroughs that set the player's choices apart from what the rules force.

The PDFs are read back with poppler, as in ``test_rulebook.py``; the figures a document draws are recorded as
it draws them.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

import generator.pdf.figure as figure_module
import generator.pdf.practice.deal as deal_module
from generator import samples
from generator.cards import card_str
from generator.figures.base import Figure, hidden_indices
from generator.games import GAME_IDS, GAMES, make_game
from generator.paths import rule_text
from generator.pdf import rulebook
from generator.pdf.figure import MIN_INDEX_CAP, index_cap
from generator.pdf.paper import book_page
from generator.pdf.practice import build_sheets
from generator.pdf.rulebook import model
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.odds import odds_section, unknown_note
from generator.pdf.styles import book_styles
from generator.pdf.typography import HYPHEN_LEFT, HYPHEN_RIGHT, NBSP, SHY, hyphenate_word, plain
from generator.walkthrough import is_choice
from tests.pdf.test_rulebook import TOOLS, body_text, chapter_spans, run, squash

pytestmark = pytest.mark.skipif(any(__import__("shutil").which(tool) is None for tool in TOOLS),
                                reason="needs poppler-utils and qpdf")

PAPERS = ("A4", "A5", "letter")
SAMPLE_GAMES = [game_id for game_id in GAME_IDS if samples.sample_path(game_id).exists()]


class Drawn:
    """The figures a document drew, and how large: (figure, points per card width)."""

    def __init__(self) -> None:
        self.figures: list[tuple[Figure, float]] = []


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    record = Drawn()
    original = figure_module.draw_figure

    def spy(canvas: Any, figure: Figure, x: float, y: float, width_pt: float, **kwargs: Any) -> None:
        record.figures.append((figure, width_pt / figure.width))
        original(canvas, figure, x, y, width_pt, **kwargs)

    monkeypatch.setattr(figure_module, "draw_figure", spy)
    monkeypatch.setattr(deal_module, "draw_figure", spy)
    yield record


@pytest.fixture(scope="module", params=PAPERS)
def book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    paper = request.param
    path = tmp_path_factory.mktemp(f"reader-{paper}") / "book.pdf"
    path.write_bytes(rulebook.build_rulebook(paper))
    return paper, path


@pytest.fixture(scope="module")
def a4_chapters(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    path = tmp_path_factory.mktemp("reader") / "book.pdf"
    path.write_bytes(rulebook.build_rulebook("A4"))
    return chapter_spans(body_text(path)) | {"whole": body_text(path)}


@cache
def pdf_text(pdf: Path) -> str:
    """pdftotext of a whole book, once per file: it takes seconds (the figures are thousands of glyphs)."""
    return run("pdftotext", pdf, "-")


@cache
def reading_order(pdf: Path) -> str:
    """The book's text in poppler's reading order (no cropping, which reorders short blocks), squashed, with the
    running titles and page numbers taken out."""
    heads = {title.upper() for title in (*(GAMES[g].title for g in GAME_IDS), "Приложение")}
    lines = [line for line in pdf_text(pdf).splitlines()
             if not line.strip().isdigit() and line.strip() not in heads]
    return squash("\n".join(lines))


def _walkthrough(game_id: str) -> model.Walkthrough:
    walked = model.walkthrough(make_game(game_id), model.sample_line(make_game(game_id)))
    assert isinstance(walked, model.Walkthrough)
    return walked


# --- figures stand where their captions say ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SAMPLE_GAMES)
def test_each_figure_stands_between_the_move_it_follows_and_the_next(book: tuple[str, Path], game_id: str) -> None:
    """«После хода N» sits after the entry holding move N and before the one holding move N + 1, in the PDF's
    text order, on every paper — however much white space that leaves."""
    paper, pdf = book
    chapter = chapter_spans(reading_order(pdf))[game_id]
    walked = _walkthrough(game_id)
    entries = [entry for phase in walked.phases for entry in phase.entries]
    ends: dict[int, tuple[int, int]] = {}  # entry stop → (start, end) of its text
    starts: dict[int, int] = {}  # entry start → where its text begins
    position = chapter.index("Разбор расклада")
    for entry in entries:
        label = f"{entry.label}: " if entry.label else ""
        text = f"{entry.numbers}. {label}{entry.text}"
        found = chapter.find(text, position)
        assert found >= 0, (paper, game_id, text[:50])
        starts[entry.start] = found
        ends[entry.stop] = (found, found + len(text))
        position = found + len(text)
    for at, moment in walked.moments.items():
        caption = chapter.find(f"После хода {moment.number} —")
        assert caption >= 0, (paper, game_id, moment.number)
        assert ends[at][1] <= caption, f"{paper} {game_id}: «После хода {moment.number}» before the move"
        following = min((start for index, start in starts.items() if index >= at), default=None)
        if following is not None:
            assert caption < following, f"{paper} {game_id}: «После хода {moment.number}» after the next move"


# --- every card's index can be read ----------------------------------------------------------------------------------


def _assert_readable(figures: list[tuple[Figure, float]], where: str) -> None:
    assert figures, where
    for figure, unit in figures:
        assert index_cap(unit) >= MIN_INDEX_CAP - 1e-6, (where, figure.title, f"{index_cap(unit) / mm:.2f} mm")
        assert hidden_indices(figure) == [], (where, figure.title)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_card_index_in_the_book_prints_at_least_the_set_size(paper: str, drawn: Drawn) -> None:
    rulebook.build_rulebook(paper)
    _assert_readable(drawn.figures, paper)
    assert len({id(f) for f, _ in drawn.figures}) >= 5 * 2  # every chapter's figures were seen


@pytest.mark.parametrize(("spec", "paper"), [(g, p) for g in GAME_IDS for p in ("A5", "A4")])
def test_every_card_index_on_the_sheets_prints_at_least_the_set_size(spec: str, paper: str, drawn: Drawn) -> None:
    """Deal pages (a long pile's figure gets a page of its own on A5) and the answer key's final positions."""
    build_sheets(spec, io.BytesIO(), first=1, count=2, paper=paper, positions=5_000)
    _assert_readable(drawn.figures, f"{spec} {paper}")


# --- the odds -------------------------------------------------------------------------------------------------


def _entry(unknown: int, budget: float = 2.0) -> dict[str, Any]:
    rate = {"won": 900, "lost": 100 - unknown, "unknown": unknown, "rate": 0.9, "low": 0.88, "high": 0.92}
    return {"from": 1, "deals": 1000, "budget_seconds": budget, "thoughtful": rate,
            "no_peek": {**rate, "unknown": 0}}


def _flat(flowables: list[Any]) -> Iterator[Any]:
    for flowable in flowables:
        yield flowable
        yield from _flat(getattr(flowable, "_content", []))


def _texts(flowables: list[Any]) -> str:
    out = []
    for flowable in flowables:
        content = getattr(flowable, "_content", None)
        if content is not None:
            out.append(_texts(content))
        elif hasattr(flowable, "text"):
            out.append(plain(flowable.text))
    return " ".join(out)


def test_each_odds_table_has_its_own_note_and_none_when_nothing_is_unknown() -> None:
    book = Book(book_page("A4"), book_styles(11, 15.4))
    game = make_game("brunette_blonde")
    stats = {"games": {"brunette_blonde": _entry(18), "brunette_blonde:two_cards": _entry(173)}}
    text = _texts(odds_section(game, model.odds(game, stats), book))
    assert "Для 18 раскладов" in text and "Для 173 раскладов" in text and "191" not in text
    assert "за 2 секунды на расклад" in text and " 2 с " not in text
    stats = {"games": {"brunette_blonde": _entry(0), "brunette_blonde:two_cards": _entry(1, 0.5)}}
    text = _texts(odds_section(game, model.odds(game, stats), book))
    assert text.count("Для ") == 1 and "Для 1 расклада" in text and "за 0,5 секунды" in text
    assert unknown_note(_entry(0)) is None


@pytest.mark.parametrize("paper", PAPERS)
def test_the_odds_tables_columns_keep_apart(paper: str) -> None:
    """Every cell of a right-aligned column («Выходит», «95-процентный интервал», «Раскладов») fits on one line
    with an em to spare, so no header runs into the one before it (the cells have no padding)."""
    page = book_page(paper)
    book = Book(page, book_styles(page.body, page.leading))
    game = make_game("quadrille")
    stats = {"games": {"quadrille": _entry(66), "quadrille:queens_first": _entry(0)}}
    tables = [f for f in _flat(odds_section(game, model.odds(game, stats), book)) if hasattr(f, "_cellvalues")]
    assert tables
    for table in tables:
        for row in table._cellvalues:
            for cell, width in list(zip(row, table._colWidths, strict=True))[1:]:
                if cell == "":
                    continue  # under a cell spanning the row (a quote heading its readings)
                style = cell.style
                text = stringWidth(plain(cell.text), style.fontName, style.fontSize)
                assert text + style.fontSize <= width, (paper, plain(cell.text), text, width)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_odds_note_counts_more_than_its_own_table(a4_chapters: dict[str, str], game_id: str) -> None:
    stats = rulebook.load_stats() or {"games": {}}
    specs = [spec for spec in (game_id, *(f"{game_id}:{v}" for v in GAMES[game_id].variants))
             if spec in stats["games"]]
    odds = a4_chapters[game_id][a4_chapters[game_id].index("Как часто выходит"):]
    noted = [int(n.replace(" ", "")) for n in re.findall(r"Для (\d[\d ]*) расклад", odds)]
    unknowns = [stats["games"][spec]["thoughtful"]["unknown"] for spec in specs]
    assert noted == [n for n in unknowns if n], (game_id, noted, unknowns)


def test_a_game_without_choices_says_why_its_two_rates_are_equal(a4_chapters: dict[str, str]) -> None:
    why = "выбора в этом пасьянсе нет"
    for game_id in GAME_IDS:
        assert (why in a4_chapters[game_id]) == (game_id == "quadrille"), game_id


# --- Russian typesetting -------------------------------------------------------------------------------------------


def _words() -> set[str]:
    texts = [rule_text(game_id) for game_id in GAME_IDS]
    texts += [item.text + " " + item.quote for game_id in GAME_IDS for item in model.readings(game_id) or []]
    return set(re.findall(r"[А-Яа-яЁё]+", " ".join(texts)))


def test_a_break_never_leaves_fewer_than_four_letters_after_it_or_two_before() -> None:
    for word in _words():
        parts = hyphenate_word(word).split(SHY)
        if len(parts) > 1:
            assert len(parts[0]) >= HYPHEN_LEFT and len(parts[-1]) >= HYPHEN_RIGHT >= 4, word


def test_no_line_of_the_book_starts_with_a_scrap_of_a_broken_word(book: tuple[str, Path]) -> None:
    paper, pdf = book
    lines = [line.strip() for line in pdf_text(pdf).splitlines()]
    for before, after in itertools.pairwise(lines):
        if re.search(r"[А-Яа-яЁё]-$", before) and re.match(r"[а-яё]", after):
            scrap = re.match(r"[а-яё]+", after)
            assert scrap and len(scrap.group(0)) >= 4, (paper, before[-20:], after[:20])


def test_no_line_breaks_a_move_apart(book: tuple[str, Path]) -> None:
    """A move, in a walkthrough or a figure's caption, never breaks between a place and its number («основание /
    8») or before its arrow."""
    paper, pdf = book
    lines = [line.strip() for line in pdf_text(pdf).splitlines() if line.strip()]
    place = r"(?<![А-Яа-яЁё])(кучк[аи]|основани[ея]|ряд|дам[аы]|пирамид[аы]|ход[а]?)"
    for before, after in itertools.pairwise(lines):
        assert not after.startswith("→"), (paper, before[-30:], after[:30])
        number_only = re.match(r"\d(?!\d*(?:–\d+)?\. )", after)  # a digit that does not open the next entry
        in_a_move = "→" in before  # not a table's cell («дама») above a number
        assert not (in_a_move and re.search(place + "$", before) and number_only), (paper, before[-30:], after[:30])


def test_no_word_is_broken_across_two_pages(book: tuple[str, Path]) -> None:
    paper, pdf = book
    pages = int(re.search(r"Pages:\s+(\d+)", run("pdfinfo", pdf)).group(1))
    p = book_page(paper)
    top, bottom = (p.head + p.top) / 2, (p.foot + p.bottom) / 2
    for page in range(2, pages + 1):
        text = run("pdftotext", "-f", str(page), "-l", str(page), "-x", "0", "-y", f"{top:.0f}", "-W",
                   f"{p.width:.0f}", "-H", f"{p.height - top - bottom:.0f}", pdf, "-")
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if lines:
            assert not re.search(r"[А-Яа-яЁё]-$", lines[-1]), (paper, page, lines[-1])


def test_a_readings_heading_never_ends_on_a_word_alone() -> None:
    book = Book(book_page("A5"), book_styles(9.4, 13))
    for game_id in GAME_IDS:
        for number, item in enumerate(model.readings(game_id) or [], 1):
            text = book.quote(item.quote, number).text
            words = text.replace(SHY, "")
            assert " " not in words[words.rfind(NBSP):], (game_id, item.quote)  # the last two words are tied
            last = re.findall(r"[А-Яа-яЁё]+", words)[-1]
            assert SHY not in text[text.rfind(last[:2]):], (game_id, item.quote)  # the last word is never broken


# --- what the book says --------------------------------------------------------------------------------------------


def test_the_wording_the_issue_asked_for(a4_chapters: dict[str, str]) -> None:
    whole = a4_chapters["whole"]
    assert "95 % интервал" not in whole and not re.search(r"за \d+(,\d+)? с ", whole)
    assert "95-процентный интервал" in whole
    appendix = whole[whole.rindex("Приложение"):]
    assert "сборная кучка" in appendix and not re.search(r"сборная (?!кучка)", appendix)
    for head in ("Знак", "Масть", "В названии карты", "Цвет"):
        assert head in appendix, head


def test_single_deal_games_name_no_phase(a4_chapters: dict[str, str]) -> None:
    walk = a4_chapters["phalanx"][a4_chapters["phalanx"].index("Разбор расклада"):]
    assert "Первая раскладка" not in walk
    assert "Первая раскладка" in a4_chapters["village"]


def test_the_readings_explain_foundation_numbers_and_agree(a4_chapters: dict[str, str]) -> None:
    phalanx = a4_chapters["phalanx"]
    assert "основания 1–4 — левый столбец сверху вниз, основания 5–8 — правый" in phalanx
    village = a4_chapters["village"]
    assert "первый вышедший туз ложится на первое тузовое место" not in village  # the old reading 4
    assert "может либо открыть его" in village


def test_the_common_ground_says_a_card_on_a_foundation_never_comes_back(a4_chapters: dict[str, str]) -> None:
    front = a4_chapters["whole"][:a4_chapters["whole"].index("Первый пасьянс")]
    assert "Карта, положенная на основание, оттуда уже не возвращается" in front


def test_the_gallery_names_which_king_of_the_two_is_taken(a4_chapters: dict[str, str]) -> None:
    record = samples.load_sample("gallery")
    king = card_str(record.moves[0].card)
    place = next(i for i in range(len(record.stock)) if record.stock[i] == record.moves[0].card
                 and i >= len(record.stock) // 2 - 8)
    assert "1–" in a4_chapters["gallery"]
    assert f"{king} ({place + 1}-я карта сверху) колода → кучка 1" in a4_chapters["gallery"]


def test_a_repeated_stacking_order_is_said_so_and_explained_once(a4_chapters: dict[str, str]) -> None:
    lines = {game_id: model.sample_line(make_game(game_id)) for game_id in SAMPLE_GAMES}
    explained = 0
    for k, game_id in enumerate(SAMPLE_GAMES):
        earlier = [g for g in SAMPLE_GAMES[:k] if lines[g].stock == lines[game_id].stock]
        chapter = a4_chapters[game_id]
        assert ("Порядок карт тот же" in chapter) == bool(earlier), game_id
        explained += chapter.count("с тем же числом колод")
    assert explained == 1


# --- choices and forced moves --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SAMPLE_GAMES)
def test_the_entries_cover_the_line_choices_apart_from_forced_moves(game_id: str) -> None:
    game = make_game(game_id)
    walked = _walkthrough(game_id)
    line = walked.line
    numbered = [i for i, move in enumerate(line.moves) if not move.is_redeal]
    covered = [i for phase in walked.phases for entry in phase.entries
               for i in range(entry.start, entry.stop) if not line.moves[i].is_redeal]
    assert covered == numbered
    for phase in walked.phases:
        for entry in phase.entries:
            if entry.choice:  # the critical move is a choice even where the rules leave only which move open
                assert entry.first == entry.last
                assert is_choice(game, line.states[entry.start]) or entry.start == walked.critical_at
            else:  # forced: no choice, or the first card of a dealt block the rules then deal on
                assert all(not is_choice(game, line.states[i]) for i in range(entry.start + 1, entry.stop))
            assert not any(at in walked.moments for at in range(entry.start + 1, entry.stop))  # figures cut runs
    if game_id == "quadrille":
        assert not any(e.choice for phase in walked.phases for e in phase.entries)


def test_the_answer_key_condenses_forced_runs() -> None:
    buffer = io.BytesIO()
    build_sheets("village", buffer, first=1, count=1, positions=20_000)
    path = Path(__import__("tempfile").mkdtemp()) / "sheets.pdf"
    path.write_bytes(buffer.getvalue())
    text = squash(run("pdftotext", path, "-"))
    assert "1–8. Раздача: " in text and "жирным" in text


# --- the build -------------------------------------------------------------------------------------------------


def test_the_book_is_laid_out_in_two_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contents know their rows before the first pass, so the second pass, which prints their page numbers,
    is the last (an empty first contents pulled «О книге» onto their page and cost a third pass, a third of the
    build)."""
    from generator.pdf.templates import BookDoc

    passes: list[int] = []
    original = BookDoc.multiBuild

    def counted(self: BookDoc, *args: Any, **kwargs: Any) -> int:
        passes.append(original(self, *args, **kwargs))
        return passes[-1]

    monkeypatch.setattr(BookDoc, "multiBuild", counted)
    rulebook.build_rulebook("A5")
    assert passes == [2]


def test_the_first_pass_only_places_and_changes_no_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first pass, whose pages are thrown away, places the flowables without drawing them: the book comes
    out byte for byte as when every pass draws."""
    from reportlab.platypus import Frame

    import generator.pdf.templates as templates

    drawn_in_sketch: list[str] = []
    original = templates._no_drawing

    def spy(*args: Any, **kwargs: Any) -> None:
        drawn_in_sketch.append("skipped")
        original(*args, **kwargs)

    monkeypatch.setattr(templates, "_no_drawing", spy)
    sketched = rulebook.build_rulebook("A5")
    assert drawn_in_sketch  # the first pass did skip drawing
    monkeypatch.setattr(templates.SketchFrame, "add", Frame.add)
    assert rulebook.build_rulebook("A5") == sketched

"""The PDF rulebook: verbatim rule texts, readings, contents and outline, fonts, vectors, same bytes.

The PDF is read back with the Debian tools a reader would use (poppler's
``pdftotext``, ``pdffonts``, ``pdfimages``, ``pdfinfo`` and ``qpdf``); CI installs
them (``.ci/run``). A text is compared after normalising whitespace and undoing
hyphenation: a hyphen at a line end may be a break or a real hyphen, so either
is accepted where the expected text has a hyphen, and a break is accepted
between any two letters.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.lib.colors import toColor

from generator.commands import books
from generator.games import GAME_IDS, GAMES
from generator.paths import rule_text
from generator.pdf import rulebook
from generator.pdf.palette import ACCENT
from generator.pdf.paper import book_page
from generator.pdf.rulebook import chapter as chapters_module
from generator.pdf.rulebook import model
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.chapter import readings_section
from generator.pdf.rulebook.odds import NO_PEEK, THOUGHTFUL
from generator.pdf.styles import book_styles
from generator.pdf.typography import NBSP, SHY, ordinal_ru, plain, quoted, smarten, tie, typeset

TOOLS = ("pdftotext", "pdffonts", "pdfimages", "pdfinfo", "qpdf")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)",
)

BREAK = "\x00"  # stands for «hyphen at a line end» in extracted text


def run(*command: str | Path) -> str:
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True).stdout


def body_text(pdf: Path, paper: str = "A4", *, first: int | None = None, last: int | None = None) -> str:
    """The text inside the text frame (running titles and page numbers cropped away), squashed."""
    p = book_page(paper)
    top = (p.head + p.top) / 2
    bottom = (p.foot + p.bottom) / 2
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    text = run("pdftotext", "-r", "72", "-x", "0", "-y", f"{top:.0f}", "-W", f"{p.width:.0f}",
               "-H", f"{p.height - top - bottom:.0f}", *pages, pdf, "-")
    return squash(text)


def squash(text: str) -> str:
    text = text.replace(SHY, "").replace(NBSP, " ")
    text = re.sub(r"-[ \t]*\n\s*", BREAK, text)
    return re.sub(r"\s+", " ", text)


def verbatim(expected: str) -> re.Pattern[str]:
    """A pattern for ``expected`` as it may come out of pdftotext: any line breaks and hyphenation."""
    parts: list[str] = []
    previous = ""
    for char in re.sub(r"\s+", " ", expected.strip()):
        if char == " ":
            parts.append(" ")
        elif char == "-":
            parts.append(f"(?:-|{BREAK})")
        else:
            if previous.isalpha() and char.isalpha():
                parts.append(f"{BREAK}?")
            parts.append(re.escape(char))
        previous = char
    return re.compile("".join(parts))


def build(path: Path, paper: str = "A4", **kwargs) -> Path:
    path.write_bytes(rulebook.build_rulebook(paper, **kwargs))
    return path


def rulebook_args(*argv: str) -> argparse.Namespace:
    """``pasyans rulebook ARGV`` as the command line parses it (every option at its default)."""
    from generator.cli import build_parser

    return build_parser().parse_args(["rulebook", *argv])


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The A4 book built through the command's handler, as ``pasyans rulebook -o FILE`` would."""
    out = tmp_path_factory.mktemp("book") / "rulebook.pdf"
    assert books.cmd_rulebook(rulebook_args("-o", str(out), "--paper", "A4")) == 0
    return out


@pytest.fixture(scope="module")
def a4_text(a4: Path) -> str:
    return body_text(a4)


# --- the text ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rule_text_is_in_the_book_verbatim(a4_text: str, game_id: str) -> None:
    for paragraph in rule_text(game_id).splitlines():
        if paragraph.strip():
            assert verbatim(paragraph).search(a4_text), f"{game_id}: not found verbatim: {paragraph[:60]}…"


def test_the_fragment_is_printed_with_a_note_that_its_beginning_is_missing(a4_text: str) -> None:
    appendix = a4_text[a4_text.rindex("Приложение"):]
    for paragraph in rule_text("fragment").splitlines():
        if paragraph.strip():
            assert verbatim(paragraph).search(appendix)
    assert verbatim("Начало его утрачено").search(appendix)


def test_chapters_come_in_registry_order_with_their_titles(a4_text: str) -> None:
    positions = [a4_text.index(label) for label in chapter_labels()]
    assert positions == sorted(positions)
    for position, game_id in zip(positions, GAME_IDS, strict=True):
        assert verbatim(model.chapter_title(game_id)).search(a4_text, position, position + 80), game_id
    assert model.chapter_title("village") == "Деревенский пасьянс"
    assert model.chapter_title("quadrille") == "Пасьянс «Кадриль»"
    assert model.rule_paragraphs("quadrille")[0].startswith("Для пасьянса «Кадриль»")


def chapter_labels() -> list[str]:
    """«Первый пасьянс», «Второй пасьянс», …: the label over each chapter, in registry order."""
    return [f"{ordinal_ru(number).capitalize()} пасьянс" for number in range(1, len(GAME_IDS) + 1)]


def chapter_spans(text: str) -> dict[str, str]:
    """Each game's chapter text, from its «N-й пасьянс» label to the next (the last ends at the appendix)."""
    starts = [text.index(label) for label in chapter_labels()]
    ends = [*starts[1:], text.rindex("Приложение")]
    return {game_id: text[a:b] for game_id, a, b in zip(GAME_IDS, starts, ends, strict=True)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_chapter_has_its_readings_with_their_quotes(a4_text: str, game_id: str) -> None:
    items = model.readings(game_id)
    if items is None:
        pytest.skip(f"assets/readings/{game_id}.toml is not written yet")
    chapter = chapter_spans(a4_text)[game_id]
    assert "Толкование правил" in chapter
    for item in items:
        quote = quoted(item.quote)
        assert verbatim(quote).search(chapter), f"{game_id}: quote missing: {quote}"
        assert verbatim(smarten(item.text)).search(chapter), f"{game_id}: reading missing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_chapter_says_how_often_it_comes_out(a4_text: str, game_id: str) -> None:
    assert "Как часто выходит" in chapter_spans(a4_text)[game_id]


def test_the_appendix_explains_notation_and_how_to_replay_a_deal(a4_text: str) -> None:
    appendix = a4_text[a4_text.rindex("Приложение"):]
    for needle in ("Обозначения", "Номера раскладов", "pasyans play GAME --deal N", "pasyans check RECORD.json",
                   "туз", "король", "пики", "червы", "колода", "кон"):
        assert verbatim(needle).search(appendix), needle
    for game_id in GAME_IDS:
        assert game_id in appendix


def test_the_cover_has_title_and_version_in_russian(a4: Path) -> None:
    cover = squash(run("pdftotext", "-f", "1", "-l", "1", a4, "-"))
    assert "Пять старинных пасьянсов" in cover
    from generator import __version__

    assert f"версия {__version__}" in cover
    assert not re.search("[A-Za-z]", cover), cover  # nothing in Latin letters on the cover


# --- contents, outline, running titles --------------------------------------------------------------------------


def contents_entries(pdf: Path) -> list[tuple[str, int]]:
    """(title, page) of each contents line, read from page 2 with its layout kept."""
    entries = []
    for line in run("pdftotext", "-layout", "-f", "2", "-l", "2", pdf, "-").splitlines():
        match = re.match(r"^\s*(\S.*?)\s{2,}(\d+)\s*$", line)
        if match:
            entries.append((match.group(1).strip(), int(match.group(2))))
    return entries


def outline(pdf: Path) -> list[tuple[int, str, int]]:
    """(level, title, page) of every bookmark, depth first."""
    data = json.loads(run("qpdf", "--json", "--json-key=outlines", pdf))
    found: list[tuple[int, str, int]] = []

    def walk(items: list[dict], level: int) -> None:
        for item in items:
            found.append((level, item["title"], item["destpageposfrom1"]))
            walk(item.get("kids", []), level + 1)

    walk(data["outlines"], 0)
    return found


def test_contents_lists_every_chapter_and_section_with_the_right_page(a4: Path) -> None:
    entries = contents_entries(a4)
    titles = [title for title, _ in entries]
    assert [t for t in titles if t in {GAMES[g].title for g in GAME_IDS}] == [GAMES[g].title for g in GAME_IDS]
    assert "Приложение" in titles and titles.count("Толкование правил") >= 1
    for game_id in GAME_IDS:
        page = dict(entries)[GAMES[game_id].title]
        on_page = squash(run("pdftotext", "-f", str(page), "-l", str(page), a4, "-"))
        assert verbatim(model.chapter_title(game_id)).search(on_page), (game_id, page)


def test_the_outline_mirrors_the_contents(a4: Path) -> None:
    marks = outline(a4)
    assert marks[0][1] == "Содержание"
    assert [(title, page) for _, title, page in marks[1:]] == contents_entries(a4)
    levels = {title: level for level, title, _ in marks}
    assert all(levels[GAMES[g].title] == 0 for g in GAME_IDS)
    assert levels["Толкование правил"] == 1


def test_running_titles_name_the_game_and_pages_are_numbered(a4: Path) -> None:
    entries = dict(contents_entries(a4))
    page = entries["Кадриль"] + 1
    whole = run("pdftotext", "-f", str(page), "-l", str(page), a4, "-")
    assert "КАДРИЛЬ" in whole
    assert re.search(rf"(^|\n)\s*{page}\s*(\n|$)", whole)


# --- the file ---------------------------------------------------------------------------------------------------


def test_qpdf_finds_no_errors(a4: Path) -> None:
    subprocess.run(["qpdf", "--check", str(a4)], check=True, capture_output=True)


def test_every_font_is_embedded_and_only_the_book_fonts_are_used(a4: Path) -> None:
    rows = run("pdffonts", a4).splitlines()[2:]
    assert rows
    names = set()
    for row in rows:
        columns = row.split()
        name, emb = columns[0], columns[-5]
        assert emb == "yes", row
        names.add(name.split("+")[-1])
    assert {"PTSerif-Regular", "PTSerif-Italic", "PTSans-Regular", "PTSans-Bold"} <= names
    assert names <= {"PTSerif-Regular", "PTSerif-Italic", "PTSerif-Bold", "PTSerif-BoldItalic", "PTSans-Regular",
                     "PTSans-Bold", "PasyansSigns-Regular"}


def test_no_raster_images(a4: Path) -> None:
    assert len(run("pdfimages", "-list", a4).splitlines()) == 2  # the two header lines, no image rows


def test_small(a4: Path) -> None:
    # The build time is a benchmark figure (bench/run.py, docs/benchmarks.md), not a timed test.
    assert a4.stat().st_size <= 2 * 1024 * 1024


def test_two_builds_are_byte_identical(tmp_path: Path, a4: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build(tmp_path / "again.pdf").read_bytes() == a4.read_bytes()


def test_a_build_in_another_process_is_byte_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No hash order, clock or path leaks in: a fresh interpreter with another hash seed gives the same bytes."""
    import os
    import sys

    out = tmp_path / "other.pdf"
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"} | {"PYTHONHASHSEED": "12345"}
    code = ("import sys; from generator.pdf.rulebook import build_rulebook; "
            "open(sys.argv[1], 'wb').write(build_rulebook())")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    here = rulebook.build_rulebook()
    subprocess.run([sys.executable, "-c", code, str(out)], check=True, env=env, cwd=Path(__file__).parents[2])
    assert out.read_bytes() == here


def test_source_date_epoch_dates_the_file_and_keeps_it_reproducible(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    one, two = build(tmp_path / "one.pdf"), build(tmp_path / "two.pdf")
    assert one.read_bytes() == two.read_bytes()
    info = run("pdfinfo", "-isodates", one)
    assert re.search(r"CreationDate:\s+2023-11-14T22:13:20", info), info


@pytest.mark.parametrize("paper", ["A5", "letter"])
def test_other_papers_build_with_every_rule_text(tmp_path: Path, paper: str) -> None:
    pdf = build(tmp_path / f"{paper}.pdf", paper)
    p = book_page(paper)
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", run("pdfinfo", pdf))
    assert size and abs(float(size.group(1)) - p.width) < 0.01 and abs(float(size.group(2)) - p.height) < 0.01
    text = body_text(pdf, paper)
    for game_id in GAME_IDS:
        for paragraph in rule_text(game_id).splitlines():
            if paragraph.strip():
                assert verbatim(paragraph).search(text), (paper, game_id, paragraph[:40])
    assert [t for t, _ in contents_entries(pdf)] == [t for _, t, _ in outline(pdf)[1:]]


# --- odds and hooks ---------------------------------------------------------------------------------------------

FAKE_STATS = {
    "format": "pasyans-stats/1",
    "games": {
        "quadrille": {"from": 1, "deals": 10000, "budget_seconds": 10.0,
                      "thoughtful": {"won": 1234, "lost": 8700, "unknown": 66, "rate": 0.1234, "low": 0.1171,
                                     "high": 0.13},
                      "no_peek": {"won": 1234, "lost": 8766, "unknown": 0, "rate": 0.1234, "low": 0.1171,
                                  "high": 0.13}},
        "quadrille:queens_first": {"from": 1, "deals": 10000, "budget_seconds": 10.0,
                                   "thoughtful": {"won": 321, "lost": 9679, "unknown": 0, "rate": 0.0321,
                                                  "low": 0.0288, "high": 0.0357},
                                   "no_peek": {"won": 321, "lost": 9679, "unknown": 0, "rate": 0.0321,
                                               "low": 0.0288, "high": 0.0357}},
    },
}


def test_odds_are_printed_with_intervals_deal_counts_and_variants(tmp_path: Path) -> None:
    text = body_text(build(tmp_path / "odds.pdf", stats=FAKE_STATS))
    quadrille = chapter_spans(text)["quadrille"]
    for needle in ("12,3 %", "11,7–13,0 %", "3,21 %", "2,88–3,57 %", "10 000", "Вариант «сначала дамы»",
                   THOUGHTFUL, NO_PEEK, "верхняя граница", "95-процентный интервал",
                   "Для 66 раскладов программа не нашла ответа за 10 секунд на расклад"):
        assert verbatim(needle).search(quadrille), needle
    assert "95 % интервал" not in quadrille and " 10 с " not in quadrille
    assert "не подсчитана" in chapter_spans(text)["village"]


def test_the_walkthrough_hook_is_set_in_columns_and_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def walkthrough(game, walk, book):
        if game.id != "quadrille":
            return []
        moves = [(n, f"{n % 9 + 2}♠ кон → пятёрка ♠") for n in range(1, 61)]
        return [book.section(game, "walkthrough", "Разбор расклада №7"), book.subsection("Первый проход"),
                book.moves(moves)]

    monkeypatch.setattr(chapters_module, "walkthrough_section", walkthrough)
    pdf = build(tmp_path / "walk.pdf")
    entries = dict(contents_entries(pdf))
    assert entries["Кадриль"] <= entries["Разбор расклада № 7"] <= entries["Картинная галерея"]
    text = chapter_spans(body_text(pdf))["quadrille"]
    assert "Первый проход" in text
    for n in (1, 21, 59, 60):
        assert f"{n}. {n % 9 + 2}♠ кон → пятёрка ♠" in text


def test_the_figure_hook_sets_a_vector_figure_with_its_caption(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from reportlab.graphics.shapes import Drawing, Rect

    def figure(chapter, book):
        drawing = Drawing(book.width, 80)
        drawing.add(Rect(0, 0, book.width, 80, strokeColor=None, fillColor=ACCENT))
        return [book.figure(drawing, f"Начальная раскладка «{chapter.game.title}», расклад №7")]

    monkeypatch.setattr(chapters_module, "figure_section", figure)
    pdf = build(tmp_path / "figure.pdf")
    text = chapter_spans(body_text(pdf))["gallery"]
    assert verbatim("Начальная раскладка «Картинная галерея», расклад № 7").search(text)
    assert len(run("pdfimages", "-list", pdf).splitlines()) == 2


def test_a_missing_readings_file_leaves_the_section_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "game_text", lambda game_id: {})  # as for a game whose text asset is missing
    assert model.readings("quadrille") is None
    chapter = model.chapter_of(3, "quadrille", None)
    assert chapter.readings == ()
    book = Book(book_page("A4"), book_styles(11, 15))
    assert readings_section(GAMES["quadrille"](), chapter.readings, book) == []


# --- the command ------------------------------------------------------------------------------------------------


def test_the_command_takes_any_case_of_paper_and_refuses_others() -> None:
    assert books.paper_name("a5") == "A5" and books.paper_name("LETTER") == "letter"
    with pytest.raises(argparse.ArgumentTypeError, match="A4, A5 or letter"):
        books.paper_name("B5")


def test_the_command_writes_atomically_with_one_line_of_progress(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "book.pdf"
    assert books.cmd_rulebook(rulebook_args("-o", str(out), "--paper", "A5")) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert not list(tmp_path.glob(".*.part"))
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "wrote" in err


def test_the_command_refuses_an_unwritable_directory_before_working(tmp_path: Path) -> None:
    from generator.errors import UserError

    (tmp_path / "file").write_text("")
    with pytest.raises(UserError, match="is not a directory"):
        books.cmd_rulebook(rulebook_args("-o", str(tmp_path / "file" / "no" / "book.pdf")))


# --- typography -------------------------------------------------------------------------------------------------


def test_ties_after_short_words_before_dashes_and_in_numbers() -> None:
    assert tie("в доме и в саду") == f"в{NBSP}доме и{NBSP}в{NBSP}саду"
    assert tie("королей — дам") == f"королей{NBSP}— дам"
    assert tie("№ 7 и 10 000 раз, 8 карт") == f"№{NBSP}7 и{NBSP}10{NBSP}000{NBSP}раз, 8{NBSP}карт"
    assert tie("на 8 кучек") == f"на{NBSP}8{NBSP}кучек"
    assert tie("и т. д.") == f"и{NBSP}т.{NBSP}д."
    assert tie("тотчас же") == f"тотчас{NBSP}же"


def test_typeset_escapes_markup_and_sets_signs_in_their_font() -> None:
    markup = typeset("a < b & c > d", hyphens=False)
    assert "&lt;" in markup and "&amp;" in markup and "&gt;" in markup
    assert '<font name="PasyansSigns" color="rgb(168,35,43)">♥</font>' in typeset("10♥")  # the red of #a8232b
    assert toColor("rgb(168,35,43)") == toColor("#a8232b")


def test_soft_hyphens_but_never_in_the_last_word() -> None:
    markup = typeset("раскладывают соединенных")
    assert SHY in markup.split(" ")[0]
    assert SHY not in markup.split(" ")[-1]


@pytest.mark.parametrize("name", [*GAME_IDS, "fragment"])
def test_typesetting_changes_no_character_of_a_rule_text(name: str) -> None:
    for paragraph in rule_text(name).splitlines():
        assert plain(typeset(paragraph)) == paragraph


def test_an_interval_near_a_hundred_percent_is_not_printed_as_a_point() -> None:
    from generator.pdf.rulebook.odds import _interval, _rate
    from generator.stats import Rate

    every = Rate(won=10_000, lost=0, unknown=0).as_dict()  # the interval starts at 99.96 %
    assert _interval(every).replace("\u00a0", " ") == "99,96–100,00 %"
    assert _rate(every).replace("\u00a0", " ") == "100,00 %"
    middle = Rate(won=6_174, lost=3_826, unknown=0).as_dict()
    assert _interval(middle).replace("\u00a0", " ") == "60,8–62,7 %"

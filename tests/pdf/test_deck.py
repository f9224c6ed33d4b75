"""The print-and-play pack: true-size cards (measured in the page content and on a rendering), crop marks
outside the cards, mirrored backs, the first page's instructions, a clean and reproducible file.

The page content is read from ``qpdf --qdf`` output (uncompressed, one object
per block): the current transformation matrix is followed through ``q``/``Q``
and ``cm`` to every ``Do`` of a card's form XObject, and the form's ``/BBox``
is mapped through it.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from generator.cards import Card
from generator.pdf import deck
from generator.pdf.deck import LayoutError, build_deck, max_bleed_mm, sheet_for

TOOLS = ("pdftotext", "pdffonts", "pdfinfo", "pdftoppm", "qpdf")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)",
)

MM = 72 / 25.4
FACE = re.compile(r"pasyans-c[24]-(\w+)$")


def run(*command: str | Path) -> str:
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True).stdout


@dataclass(frozen=True)
class Placed:
    """A card form drawn on a page: its code (``As``, ``back``) and its box in millimetres."""

    code: str
    x: float
    y: float
    width: float
    height: float


def _multiply(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """PDF matrices [a b c d e f]: ``a`` applied first, then ``b``."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


@dataclass
class Page:
    cards: list[Placed]
    lines: list[tuple[float, float, float, float]]  # stroked segments, mm
    trim: tuple[float, ...] | None
    bleed: tuple[float, ...] | None


def read_pages(pdf: Path, tmp: Path) -> list[Page]:
    """Every page's card placements, straight lines and page boxes, from the QDF form of the file."""
    qdf = tmp / f"{pdf.stem}.qdf.pdf"
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(pdf), str(qdf)], check=True)
    text = qdf.read_bytes().decode("latin-1")
    objects = {int(m.group(1)): m.group(2) for m in re.finditer(r"\n(\d+) 0 obj\n(.*?)\nendobj", text, re.S)}
    bboxes = {}
    for name, number in re.findall(r"/FormXob\.([\w.-]+) (\d+) 0 R", text):
        box = re.search(r"/BBox \[\s*([-\d.\s]+)\]", objects[int(number)])
        bboxes[name] = [float(v) for v in box.group(1).split()]
    pages = []
    for match in re.finditer(r"%% Page (\d+)\n%% Original object ID: [^\n]*\n(\d+) 0 obj\n(.*?)\nendobj", text, re.S):
        page = match.group(3)

        def box(name: str, page: str = page) -> tuple[float, ...] | None:
            found = re.search(rf"/{name} \[\s*([-\d.\s]+)\]", page)
            return tuple(float(v) / MM for v in found.group(1).split()) if found else None

        contents = int(re.search(r"/Contents (\d+) 0 R", page).group(1))
        stream = re.search(r"stream\n(.*?)endstream", objects[contents], re.S).group(1)
        ctm: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
        stack: list[tuple[float, ...]] = []
        operands: list[str] = []
        cards, lines, start = [], [], None
        for token in re.findall(r"/[^\s/\[\]()<>]+|\([^)]*\)|[^\s/\[\]()<>]+", stream):
            if token == "q":
                stack.append(ctm)
            elif token == "Q":
                ctm = stack.pop()
            elif token == "cm":
                ctm = _multiply(tuple(float(v) for v in operands[-6:]), ctm)
            elif token == "Do":
                name = operands[-1][1:].removeprefix("FormXob.")
                found = FACE.match(name)
                if found:
                    x0, y0, x1, y1 = bboxes[name]
                    a, b, c, d, e, f = ctm
                    assert b == c == 0, "cards are never turned on a sheet"
                    cards.append(Placed(found.group(1), (a * x0 + e) / MM, (d * y0 + f) / MM, a * (x1 - x0) / MM,
                                        d * (y1 - y0) / MM))
            elif token == "m":
                start = tuple(float(v) for v in operands[-2:])
            elif token == "l" and start is not None:
                end = tuple(float(v) for v in operands[-2:])
                a, b, c, d, e, f = ctm
                lines.append(((a * start[0] + e) / MM, (d * start[1] + f) / MM, (a * end[0] + e) / MM,
                              (d * end[1] + f) / MM))
                start = end
            if re.fullmatch(r"[A-Za-z*'\"]+", token):
                operands = []
            else:
                operands.append(token)
        pages.append(Page(cards, lines, box("TrimBox"), box("BleedBox")))
    return pages


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pdf = tmp_path_factory.mktemp("deck") / "deck-a4.pdf"
    pdf.write_bytes(build_deck("A4", backs=True))
    return pdf


@pytest.fixture(scope="module")
def a4_pages(a4: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Page]:
    return read_pages(a4, tmp_path_factory.mktemp("qdf"))


@pytest.fixture(scope="module")
def letter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pdf = tmp_path_factory.mktemp("deck") / "deck-letter.pdf"
    pdf.write_bytes(build_deck("letter", bleed_mm=3, colors=4))
    return pdf


# --- true size ----------------------------------------------------------------------------------------------------


def test_every_card_measures_63_by_88_mm(a4_pages: list[Page], letter: Path, tmp_path: Path) -> None:
    for pages in (a4_pages, read_pages(letter, tmp_path)):
        sheets = pages[1:]
        cards = [card for page in sheets for card in page.cards]
        assert cards
        for card in cards:
            assert card.width == pytest.approx(63, abs=0.005) and card.height == pytest.approx(88, abs=0.005), card


def test_the_pack_is_52_faces_nine_to_a_sheet_each_followed_by_its_backs(a4_pages: list[Page]) -> None:
    # Page 1: instructions with one sample card; page 2: its blank reverse; then faces, backs, faces, …
    assert [c.code for c in a4_pages[0].cards] == ["As"] and a4_pages[1].cards == []
    sheets = a4_pages[2:]
    assert len(sheets) == 12
    faces = [c.code for page in sheets[0::2] for c in page.cards]
    assert len(faces) == 52 == len(set(faces)) and "back" not in faces
    assert faces[:3] == ["As", "2s", "3s"] and faces[-1] == "Kd"
    for front, reverse in zip(sheets[0::2], sheets[1::2], strict=True):
        assert len(front.cards) == len(reverse.cards) <= 9
        assert {c.code for c in reverse.cards} == {"back"}


def test_backs_are_mirrored_for_long_edge_duplex(a4_pages: list[Page]) -> None:
    """Flipped on its long (vertical) edge, every back lands exactly behind its face."""
    width = 210.0
    for front, reverse in zip(a4_pages[2::2], a4_pages[3::2], strict=True):
        for face, back in zip(front.cards, reverse.cards, strict=True):
            assert back.x == pytest.approx(width - face.x - face.width, abs=0.005)
            assert back.y == pytest.approx(face.y, abs=0.005)
    last_front, last_back = a4_pages[-2], a4_pages[-1]
    assert len(last_front.cards) == 7
    lone_face, lone_back = last_front.cards[-1], last_back.cards[-1]
    assert lone_face.x == pytest.approx(10.5, abs=0.005) and lone_back.x == pytest.approx(136.5, abs=0.005)


def test_the_cards_abut_in_a_centred_block_and_the_trim_box_is_the_block(a4_pages: list[Page]) -> None:
    sheet = a4_pages[2]
    xs = sorted({round(c.x, 3) for c in sheet.cards})
    ys = sorted({round(c.y, 3) for c in sheet.cards})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([63, 63], abs=0.005)
    assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([88, 88], abs=0.005)
    assert xs[0] == pytest.approx((210 - 189) / 2, abs=0.005) and ys[0] == pytest.approx((297 - 264) / 2, abs=0.005)
    assert sheet.trim == pytest.approx((10.5, 16.5, 199.5, 280.5), abs=0.01)
    assert sheet.bleed == sheet.trim  # no bleed asked for


def test_a_bleed_widens_the_bleed_box_and_moves_the_marks_out(letter: Path, tmp_path: Path) -> None:
    sheet = read_pages(letter, tmp_path)[1]
    x0, y0, x1, y1 = sheet.trim
    assert (x1 - x0, y1 - y0) == pytest.approx((189, 264), abs=0.01)
    assert sheet.bleed == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3), abs=0.01)
    for line in sheet.lines:
        assert _outside(line, sheet.bleed, by=0.99), line


def _outside(line: tuple[float, float, float, float], box: tuple[float, ...], by: float = 0.0) -> bool:
    """The whole segment lies at least ``by`` mm outside ``box`` on one side."""
    lx0, lx1 = sorted((line[0], line[2]))
    ly0, ly1 = sorted((line[1], line[3]))
    x0, y0, x1, y1 = box
    return lx1 <= x0 - by or lx0 >= x1 + by or ly1 <= y0 - by or ly0 >= y1 + by


def test_crop_marks_lie_outside_the_cards_on_every_cut_line(a4_pages: list[Page]) -> None:
    sheet = a4_pages[2]
    assert len(sheet.lines) == 2 * 4 + 2 * 4  # four cut lines each way, a mark at both ends of each
    for line in sheet.lines:
        assert _outside(line, sheet.trim, by=1.49), line
        assert 2 <= abs(line[2] - line[0]) + abs(line[3] - line[1]) <= 5.01
        x, y = line[0], line[1]
        assert x >= 0 and y >= 0 and x <= 210 and y <= 297
    x0, y0, _, _ = sheet.trim
    vertical = sorted({round(line[0], 3) for line in sheet.lines if line[0] == line[2]})
    horizontal = sorted({round(line[1], 3) for line in sheet.lines if line[1] == line[3]})
    assert vertical == pytest.approx([x0 + 63 * i for i in range(4)], abs=0.005)
    assert horizontal == pytest.approx([y0 + 88 * j for j in range(4)], abs=0.005)
    assert a4_pages[3].lines == []  # the backs carry none: cut from the face side


def test_the_rendered_cards_measure_true_size(a4: Path, tmp_path: Path) -> None:
    """Rendered at 100 dpi, the block of nine cards is 189 × 264 mm to within a pixel or so."""
    dpi = 100
    run("pdftoppm", "-png", "-gray", "-r", str(dpi), "-f", "3", "-l", "3", a4, tmp_path / "sheet")
    image = Image.open(next(tmp_path.glob("sheet*.png"))).convert("L")
    px = dpi / 25.4

    def dark(values: list[int]) -> list[int]:
        return [i for i, v in enumerate(values) if v < 235]

    # A row through the middle of the top cards (away from every cut line and mark), a column likewise.
    row_y = round((16.5 + 264 - 44) * px)
    row = dark([image.getpixel((x, row_y)) for x in range(image.width)])
    column_x = round((10.5 + 31.5) * px)
    column = dark([image.getpixel((column_x, y)) for y in range(image.height)])
    assert (row[-1] - row[0] + 1) / px == pytest.approx(189, abs=0.6)
    assert (column[-1] - column[0] + 1) / px == pytest.approx(264, abs=0.6)
    assert row[0] / px == pytest.approx(10.5, abs=0.4)


# --- the first page -----------------------------------------------------------------------------------------------


def test_the_first_page_says_print_at_100_percent_and_two_packs(a4: Path, tmp_path: Path) -> None:
    text = re.sub(r"\s+", " ", run("pdftotext", "-f", "1", "-l", "1", a4, "-").replace("\u00a0", " "))
    assert "100 %" in text and "без масштабирования" in text and "63 × 88 мм" in text
    assert "Две колоды" in text or "две колоды" in text
    for title in ("Деревенский пасьянс", "Брюнетка и блондинка", "Картинная галерея", "Македонская фаланга"):
        assert f"«{title}»" in text
    assert "только для пасьянса «Кадриль»" in text
    assert "по длинному краю" in text and "напечатайте этот файл дважды" in text
    assert "100 мм" in text  # the control rule
    without = tmp_path / "nobacks.pdf"
    without.write_bytes(build_deck("A4"))
    plain = re.sub(r"\s+", " ", run("pdftotext", "-f", "1", "-l", "1", without, "-"))
    assert "--backs" in plain and "по длинному краю" not in plain
    assert re.search(r"Pages:\s+7\b", run("pdfinfo", without))


def _words_mm(pdf: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    """(left, top, right, bottom, word) of every word on ``page``, in millimetres from the top left."""
    html = run("pdftotext", "-bbox", "-f", str(page), "-l", str(page), pdf, "-")
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                       html)
    return [(*(float(v) / MM for v in box), word) for *box, word in found]


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_first_page_always_has_the_sample_card_clear_of_every_word(paper: str, tmp_path: Path) -> None:
    """The longest first page (backs, the widest bleed, four colours) still has room for the true-size sample
    card: the text is set smaller rather than the card left out; no word touches the card or another word,
    and the card's 63 mm figure stands clear of the control rule's figures."""
    height = {"A4": 297.0, "letter": 279.4}[paper]
    for bleed, colors, backs in itertools.product((0, min(5, max_bleed_mm(paper))), (2, 4), (False, True)):
        pdf = tmp_path / f"{paper}-{bleed}-{colors}-{backs}.pdf"
        pdf.write_bytes(build_deck(paper, bleed_mm=bleed, colors=colors, backs=backs))
        options = (paper, bleed, colors, backs)
        cards = read_pages(pdf, tmp_path)[0].cards
        assert [c.code for c in cards] == ["As"], options
        card = cards[0]
        assert (card.width, card.height) == pytest.approx((63, 88), abs=0.005)
        left, top, right, bottom = card.x, height - card.y - card.height, card.x + card.width, height - card.y
        words = _words_mm(pdf, 1)
        assert len(words) > 150
        for x0, y0, x1, y1, word in words:
            assert x1 < left - 1 or x0 > right + 1 or y1 < top - 1 or y0 > bottom + 1, (options, word)
        # A word's box spans its font's whole ascent and descent: its middle three fifths, the letters' core, must
        # not meet another's.
        cores = [(x0, y0 + (y1 - y0) * 0.2, x1, y1 - (y1 - y0) * 0.2, w) for x0, y0, x1, y1, w in words]
        for a, b in itertools.combinations(cores, 2):
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (options, a, b)
        label = next(w for w in words if w[4] == "63" and w[1] > bottom)
        figures = min(w[1] for w in words if w[4] in {str(n) for n in range(11)} and w[1] > label[3])
        assert figures - label[3] >= 3, options


def test_four_colours_are_named_and_drawn(letter: Path, tmp_path: Path) -> None:
    assert "трефы зелёные" in run("pdftotext", "-f", "1", "-l", "1", letter, "-")
    assert {c.code for p in read_pages(letter, tmp_path)[1:] for c in p.cards} >= {"Ac", "Kd"}
    assert b"pasyans-c4-" in letter.read_bytes() and b"pasyans-c2-" not in letter.read_bytes()


# --- layout limits ------------------------------------------------------------------------------------------------


def test_a_bleed_that_leaves_no_room_for_marks_is_refused() -> None:
    assert sheet_for("A4", 5).bleed == pytest.approx(5 * MM)
    assert max_bleed_mm("letter") == 3.6
    with pytest.raises(LayoutError, match=r"no room for crop marks on letter.*at most 3\.6 mm"):
        sheet_for("letter", 4)
    with pytest.raises(LayoutError, match="A4 or letter"):
        sheet_for("A5")
    with pytest.raises(LayoutError, match="from 0 to 5"):
        sheet_for("A4", 5.5)
    with pytest.raises(LayoutError, match="2 or 4"):
        build_deck("A4", colors=3)


def test_the_sample_card_is_the_ace_of_spades() -> None:
    assert Card.parse("Т♠").index == 0
    assert deck.sheets_needed() == 6 and deck.deck_pages(backs=True) == 14 and deck.deck_pages(backs=False) == 7


# --- the file -----------------------------------------------------------------------------------------------------


def test_qpdf_finds_no_errors(a4: Path, letter: Path) -> None:
    for pdf in (a4, letter):
        subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)


def test_every_font_is_embedded_and_no_helvetica(a4: Path) -> None:
    rows = run("pdffonts", a4).splitlines()[2:]
    assert rows
    for row in rows:
        assert row.split()[-5] == "yes", row
        assert "Helvetica" not in row


def test_no_raster_images(a4: Path) -> None:
    assert len(run("pdfimages", "-list", a4).splitlines()) == 2


def test_a_rebuild_is_byte_identical(a4: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build_deck("A4", backs=True) == a4.read_bytes()


def test_source_date_epoch_dates_the_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pdf = tmp_path / "dated.pdf"
    pdf.write_bytes(build_deck("letter"))
    assert build_deck("letter") == pdf.read_bytes()
    assert re.search(r"CreationDate:\s+2023-11-14T22:13:20", run("pdfinfo", "-isodates", pdf))


# --- the command --------------------------------------------------------------------------------------------------


def test_the_command_writes_the_pack(cli, tmp_path: Path) -> None:
    out = tmp_path / "pack.pdf"
    result = cli("deck", "--paper", "letter", "--bleed", "2,5", "--colors", "4", "--backs", "-o", str(out))
    assert result.status == 0, result.err
    assert "14 pages" in result.err
    assert out.read_bytes() == build_deck("letter", bleed_mm=2.5, colors=4, backs=True)
    first = re.sub(r"\s+", " ", run("pdftotext", "-f", "1", "-l", "1", out, "-").replace("\u00a0", " "))
    assert "вылет 2,5 мм" in first  # a decimal comma, as Russian prints it
    assert [p.name for p in tmp_path.iterdir()] == ["pack.pdf"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "A5"], "A4 or letter"),
        (["--paper", "legal"], "unknown paper"),
        (["--bleed", "6"], "from 0 to 5"),
        (["--bleed", "-1"], "from 0 to 5"),
        (["--bleed", "nan"], "from 0 to 5"),
        (["--bleed", "wide"], "millimetres"),
        (["--paper", "letter", "--bleed", "5"], "no room for crop marks"),
        (["--colors", "3"], "2 or 4"),
    ],
)
def test_bad_input_is_one_line_with_status_2_and_writes_nothing(cli, tmp_path: Path, args: list[str],
                                                                message: str) -> None:
    out = tmp_path / "never.pdf"
    result = cli("deck", *args, "-o", str(out))
    assert result.status == 2 and message in result.err, result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert not out.exists()


def test_a_missing_output_directory_is_refused(cli, tmp_path: Path) -> None:
    result = cli("deck", "-o", str(tmp_path / "missing" / "deck.pdf"))
    assert result.status == 2 and "does not exist" in result.err

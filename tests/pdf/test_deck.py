"""The print-and-play pack: true-size cards (measured in the page content and on a rendering), one or two packs,
backs behind their faces in duplex (long and short edge, with a printer's offset) or beside them folded, a
bleed of printed ink, crop marks outside it, the first page's instructions, a clean and reproducible file.

Cards are read from the file itself (``placements``): every ``Do`` of a card's form, its box, and the clip it
is drawn in. A printed card's form is its card and its bleed, so its trim is the box inset by the bleed.
"""

from __future__ import annotations

import itertools
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from generator.pdf.deck import build_calibration, build_deck, deck_pages, max_bleed_mm
from tests.pdf.deck_pdf import MM, NEEDS_TOOLS, first_page, run
from tests.pdf.placements import Page, Placed, read_pages

pytestmark = NEEDS_TOOLS

CARD = re.compile(r"^pasyans-c[24]-(\w+?)(?:\.p([12])|\.printed)?$")
A4_W, A4_H = 210.0, 297.0


def cards(page: Page) -> list[Placed]:
    return [f for f in page.forms if CARD.match(f.name)]


def code(card: Placed) -> str:
    return CARD.match(card.name).group(1)


def pack_of(card: Placed) -> int | None:
    found = CARD.match(card.name).group(2)
    return int(found) if found else None


def _build(tmp: pytest.TempPathFactory, name: str, **options) -> tuple[Path, list[Page]]:
    pdf = tmp.mktemp("deck") / f"{name}.pdf"
    pdf.write_bytes(build_deck(**options))
    return pdf, read_pages(pdf, pdf.parent)


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Page]]:
    return _build(tmp_path_factory, "a4", paper="A4", backs=True)


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Page]]:
    """Two packs for long-edge duplex with a 3 mm bleed: the issue's own example."""
    return _build(tmp_path_factory, "two", paper="A4", backs=True, packs=2, bleed_mm=3)


@pytest.fixture(scope="module")
def letter(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Page]]:
    return _build(tmp_path_factory, "letter", paper="letter", bleed_mm=3, colors=4)


@pytest.fixture(scope="module")
def folded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Page]]:
    return _build(tmp_path_factory, "fold", paper="A4", fold=True, packs=2, bleed_mm=3)


def trim(card: Placed, bleed: float) -> tuple[float, float, float, float]:
    return card.inset(bleed)


def long_edge(box: tuple[float, ...], width: float = A4_W) -> tuple[float, ...]:
    """Where a box on the front lies on the reverse after the paper turns on its long (vertical) edge."""
    x0, y0, x1, y1 = box
    return width - x1, y0, width - x0, y1


def short_edge(box: tuple[float, ...], height: float = A4_H) -> tuple[float, ...]:
    x0, y0, x1, y1 = box
    return x0, height - y1, x1, height - y0


# --- true size and the packs --------------------------------------------------------------------------------------


def test_every_card_measures_63_by_88_mm(a4, two, letter, folded) -> None:
    for (_, pages), bleed in ((a4, 0), (two, 3), (letter, 3), (folded, 3)):
        placed = [card for page in pages[1:] for card in cards(page)]
        assert placed
        for card in placed:
            x0, y0, x1, y1 = trim(card, bleed)
            assert (x1 - x0, y1 - y0) == pytest.approx((63, 88), abs=0.005), card


def test_one_pack_is_52_faces_nine_to_a_sheet_each_followed_by_its_backs(a4) -> None:
    _, pages = a4
    # Page 1: instructions with one sample card (a plain face, with its grey edge); page 2 its blank reverse.
    assert [f.name for f in pages[0].forms] == ["pasyans-c2-As"] and pages[1].forms == []
    sheets = pages[2:]
    assert len(sheets) == 12 == deck_pages(backs=True) - 2
    faces = [code(c) for page in sheets[0::2] for c in cards(page)]
    assert len(faces) == 52 == len(set(faces)) and "back" not in faces
    assert faces[:3] == ["As", "2s", "3s"] and faces[-1] == "Kd"
    assert {pack_of(c) for page in sheets[0::2] for c in cards(page)} == {None}  # one pack: no mark
    for front, reverse in zip(sheets[0::2], sheets[1::2], strict=True):
        assert len(cards(front)) == len(cards(reverse)) <= 9
        assert {c.name for c in cards(reverse)} == {"pasyans-c2-back.p1"}


def test_two_packs_are_104_cards_each_card_twice_once_in_each_pack(two) -> None:
    _, pages = two
    sheets = pages[2:]
    assert len(sheets) == 24  # 6 sheets of faces per pack, each with its backs
    faces = [(code(c), pack_of(c)) for page in sheets[0::2] for c in cards(page)]
    assert len(faces) == 104
    assert Counter(card for card, _ in faces) == {card: 2 for card, _ in faces} and len({c for c, _ in faces}) == 52
    assert Counter(faces) == {face: 1 for face in faces}
    assert {pack for _, pack in faces} == {1, 2}
    for front, reverse in zip(sheets[0::2], sheets[1::2], strict=True):
        packs = {pack_of(c) for c in cards(front)}
        assert len(packs) == 1  # a sheet never mixes packs…
        assert {c.name for c in cards(reverse)} == {f"pasyans-c2-back.p{packs.pop()}"}  # …and its backs match


def test_the_two_packs_are_told_apart_on_the_back_and_on_every_face() -> None:
    from generator.art.palette import colour
    from generator.art.printed import PACK_ROLES, pack_mark, printed_back, printed_face

    backs = [printed_back(pack) for pack in (1, 2)]
    grounds = [back.items[0].fill for back in backs]
    assert grounds == list(PACK_ROLES) and colour(grounds[0]) != colour(grounds[1])

    def luminance(role: str) -> float:
        r, g, b = (int(colour(role)[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert luminance(grounds[1]) - luminance(grounds[0]) > 15  # apart in greyscale too
    for pack in (1, 2):
        mark = pack_mark(pack)
        assert mark.fill == PACK_ROLES[pack - 1]
        assert len([c for c in mark.path.commands if c[0] == "M"]) == 2 * pack  # pack dots, in two corners
        assert mark in printed_face(30, pack=pack).items and mark not in printed_face(30).items


# --- backs behind their faces ---------------------------------------------------------------------------------


def _pairs(pages: list[Page]) -> list[tuple[Page, Page]]:
    sheets = pages[2:]
    return list(zip(sheets[0::2], sheets[1::2], strict=True))


@pytest.mark.parametrize("edge", ["long", "short"])
def test_faces_and_backs_coincide_in_duplex_within_a_tenth_of_a_millimetre(two, edge, tmp_path) -> None:
    """Turned on its long edge (or, asked for, its short edge), every back lies behind its face: trims and the
    bleed each card paints coincide to 0.1 mm."""
    if edge == "long":
        pages, behind = two[1], long_edge
    else:
        pdf = tmp_path / "short.pdf"
        pdf.write_bytes(build_deck("A4", backs=True, packs=2, bleed_mm=3, duplex="short"))
        pages, behind = read_pages(pdf, tmp_path), short_edge
    checked = 0
    for front, reverse in _pairs(pages):
        for face, back in zip(cards(front), cards(reverse), strict=True):
            assert behind(trim(face, 3)) == pytest.approx(trim(back, 3), abs=0.1)
            assert behind(face.clip) == pytest.approx(back.clip, abs=0.1)
            checked += 1
    assert checked == 104


def test_a_back_offset_moves_every_back_by_exactly_the_offset(two, tmp_path) -> None:
    pdf = tmp_path / "offset.pdf"
    pdf.write_bytes(build_deck("A4", backs=True, packs=2, bleed_mm=3, back_offset_mm=(1.5, -0.7)))
    moved = read_pages(pdf, tmp_path)
    for (front, reverse), (front_moved, reverse_moved) in zip(_pairs(two[1]), _pairs(moved), strict=True):
        assert cards(front_moved) == cards(front)  # the faces stay where they were
        for back, shifted in zip(cards(reverse), cards(reverse_moved), strict=True):
            assert (shifted.x - back.x, shifted.y - back.y) == pytest.approx((1.5, -0.7), abs=1e-3)
            assert [b - a for a, b in zip(back.clip, shifted.clip, strict=True)] == pytest.approx(
                [1.5, -0.7, 1.5, -0.7], abs=1e-3)
        for ground, shifted in zip(reverse.fills, reverse_moved.fills, strict=True):  # the backs' ground too
            assert [b - a for a, b in zip(ground, shifted, strict=True)] == pytest.approx([1.5, -0.7] * 2, abs=1e-3)
    text = run("pdftotext", "-f", "1", "-l", "1", pdf, "-").replace("\u00a0", " ")
    assert "на 1,5 мм вправо и на 0,7 мм вниз" in re.sub(r"\s+", " ", text)


def test_the_cards_abut_in_a_centred_block_and_the_trim_box_is_the_block(a4) -> None:
    sheet = a4[1][2]
    xs = sorted({round(c.x, 3) for c in cards(sheet)})
    ys = sorted({round(c.y, 3) for c in cards(sheet)})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([63, 63], abs=0.005)
    assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([88, 88], abs=0.005)
    assert xs[0] == pytest.approx((210 - 189) / 2, abs=0.005) and ys[0] == pytest.approx((297 - 264) / 2, abs=0.005)
    assert sheet.trim == pytest.approx((10.5, 16.5, 199.5, 280.5), abs=0.01)
    assert sheet.bleed == sheet.trim  # no bleed asked for


# --- the bleed ----------------------------------------------------------------------------------------------------


def _render(pdf: Path, page: int, tmp: Path, dpi: int = 100) -> Image.Image:
    run("pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), pdf, tmp / f"p{page}")
    return Image.open(next(tmp.glob(f"p{page}*.png"))).convert("RGB")


def _pixel(image: Image.Image, x_mm: float, y_mm: float, height_mm: float, dpi: int = 100) -> tuple[int, ...]:
    return image.getpixel((round(x_mm / 25.4 * dpi), round((height_mm - y_mm) / 25.4 * dpi)))


def _band_points(card: Placed, reach: tuple[float, ...], bleed: float) -> list[tuple[float, float]]:
    """Points in the middle of the bleed on every side where the card paints past its trim."""
    x0, y0, x1, y1 = trim(card, bleed)
    points = []
    for t in (0.25, 0.5, 0.75):
        if reach[0] < x0 - 0.1:
            points.append((x0 - bleed / 2, y0 + t * (y1 - y0)))
        if reach[2] > x1 + 0.1:
            points.append((x1 + bleed / 2, y0 + t * (y1 - y0)))
        if reach[1] < y0 - 0.1:
            points.append((x0 + t * (x1 - x0), y0 - bleed / 2))
        if reach[3] > y1 + 0.1:
            points.append((x0 + t * (x1 - x0), y1 + bleed / 2))
    return points


def _ink(pixel: tuple[int, ...]) -> bool:
    return max(pixel) < 215  # the blue (35, 64, 122) and the red (181, 67, 47), not the paper


@pytest.mark.parametrize("sheet", [1, 12])  # a full sheet of blue backs; the last (seven) red backs
def test_the_bleed_of_the_backs_is_printed_ink_not_paper(two, sheet, tmp_path) -> None:
    """Rendered, the bleed round every back, beside an empty place too, is the back's solid colour; a millimetre
    past it the paper is white."""
    pdf, pages = two
    page = pages[2 * sheet + 1]
    image = _render(pdf, 2 * sheet + 2, tmp_path)
    backs = cards(page)
    assert len(backs) == (9 if sheet == 1 else 7)
    points = [p for back in backs for p in _band_points(back, back.clip, 3)]
    assert len(points) >= 12
    for x, y in points:
        assert _ink(_pixel(image, x, y, A4_H)), (x, y)
    x0, y0, x1, y1 = page.bleed
    for x, y in ((x0 - 1, (y0 + y1) / 2), (x1 + 1, (y0 + y1) / 2), ((x0 + x1) / 2, y0 - 1), ((x0 + x1) / 2, y1 + 1)):
        assert not _ink(_pixel(image, x, y, A4_H)), (x, y)


def test_a_face_paints_its_own_ground_over_its_bleed() -> None:
    """A face's ground is white paper, so its bleed cannot be seen as ink; it is drawn all the same, the first
    thing on the card, over the whole bled card (a coloured ground would bleed as the backs do)."""
    from generator.art.printed import printed_back, printed_face

    for card in (printed_face(12, pack=2, bleed=3), printed_back(1, bleed=3)):
        ground = card.items[0]
        assert (card.width, card.height) == (69, 94)
        assert ground.path.bbox() == pytest.approx((0, 0, 69, 94)) and ground.fill and not ground.stroke
    assert not any(getattr(item, "ref", "") == "f-card" for item in printed_face(12, bleed=3).items)  # no edge line


def test_a_bleed_widens_the_bleed_box_and_the_marks_stand_outside_it(letter) -> None:
    sheet = letter[1][1]
    x0, y0, x1, y1 = sheet.trim
    assert (x1 - x0, y1 - y0) == pytest.approx((189, 264), abs=0.01)
    assert sheet.bleed == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3), abs=0.01)
    assert sheet.lines
    for line in sheet.lines:
        assert _outside(line, sheet.bleed, by=0.99), line
    for card in cards(sheet):  # no card paints past the bleed box
        cx0, cy0, cx1, cy1 = card.clip
        assert cx0 >= x0 - 3.001 and cy0 >= y0 - 3.001 and cx1 <= x1 + 3.001 and cy1 <= y1 + 3.001


def _outside(line: tuple[float, float, float, float], box: tuple[float, ...], by: float = 0.0) -> bool:
    """The whole segment lies at least ``by`` mm outside ``box`` on one side."""
    lx0, lx1 = sorted((line[0], line[2]))
    ly0, ly1 = sorted((line[1], line[3]))
    x0, y0, x1, y1 = box
    return lx1 <= x0 - by or lx0 >= x1 + by or ly1 <= y0 - by or ly0 >= y1 + by


def test_crop_marks_lie_outside_the_cards_on_every_cut_line(a4) -> None:
    sheet = a4[1][2]
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
    assert a4[1][3].lines == []  # the backs carry none: cut from the face side


def test_the_rendered_cards_measure_true_size(a4, tmp_path) -> None:
    """Rendered at 100 dpi, the block of nine backs (solid to their cut) is 189 × 264 mm to within a pixel."""
    image = _render(a4[0], 4, tmp_path).convert("L")
    px = 100 / 25.4
    row_y = round((297 - 16.5 - 44) * px)
    row = [x for x in range(image.width) if image.getpixel((x, row_y)) < 200]
    column_x = round((10.5 + 31.5) * px)
    column = [y for y in range(image.height) if image.getpixel((column_x, y)) < 200]
    assert (row[-1] - row[0] + 1) / px == pytest.approx(189, abs=0.6)
    assert (column[-1] - column[0] + 1) / px == pytest.approx(264, abs=0.6)
    assert row[0] / px == pytest.approx(10.5, abs=0.4)


# --- folded ---------------------------------------------------------------------------------------------------


def test_folded_each_back_is_beside_its_face_across_the_fold_line(folded) -> None:
    _, pages = folded
    assert (pages[0].width, pages[0].height) == pytest.approx((210, 297))  # the first page stays upright
    sheets = pages[1:]
    assert len(sheets) == 26  # 13 sheets of four per pack
    faces = []
    for page in sheets:
        assert (page.width, page.height) == pytest.approx((297, 210))
        placed = cards(page)
        front = [c for c in placed if code(c) != "back"]
        backs = [c for c in placed if code(c) == "back"]
        assert len(front) == len(backs) == 4
        assert {pack_of(c) for c in placed} == {pack_of(front[0])}
        for face, back in zip(front, backs, strict=True):
            assert long_edge(trim(face, 3), 297) == pytest.approx(trim(back, 3), abs=0.1)
            assert face.clip[2] < 148.5 < back.clip[0]  # nothing crosses the fold
        fold = [line for line in page.lines if line[0] == line[2] == pytest.approx(148.5)]
        assert fold, "a fold line down the middle"
        for line in page.lines:
            if line not in fold:
                assert all(_outside(line, c.clip, by=0.99) for c in placed), line
                assert max(line[0], line[2]) <= 148.5 - 0.49 or min(line[0], line[2]) >= 148.5 + 0.49, line
        faces += [(code(c), pack_of(c)) for c in front]
    assert len(faces) == 104 == len(set(faces))


# --- the calibration page -------------------------------------------------------------------------------------


def _centre(placed: Placed) -> tuple[float, float]:
    return placed.x + placed.width / 2, placed.y + placed.height / 2


@pytest.mark.parametrize(("edge", "offset"), [("long", (0.0, 0.0)), ("short", (0.0, 0.0)), ("long", (1.5, -0.5)),
                                              ("short", (-2.0, 0.3))])
def test_the_calibration_scales_lie_behind_the_crosses_moved_by_the_offset(edge, offset, tmp_path) -> None:
    pdf = tmp_path / "calibration.pdf"
    pdf.write_bytes(build_calibration("A4", duplex=edge, back_offset_mm=offset))
    front, reverse = read_pages(pdf, tmp_path)
    crosses, scales = front.named("calibration-cross"), reverse.named("calibration-scale")
    assert len(crosses) == len(scales) == 5
    behind = long_edge if edge == "long" else short_edge
    for cross, scale in zip(crosses, scales, strict=True):
        x, y = _centre(cross)
        bx, by, _, _ = behind((x, y, x, y))
        sx, sy = _centre(scale)
        assert (sx - bx, sy - by) == pytest.approx(offset, abs=0.01)
    text = re.sub(r"\s+", " ", run("pdftotext", pdf, "-").replace("\u00a0", " "))
    assert "Проколите иглой центр каждого креста" in text and "--back-offset X,Y" in text
    assert ("по длинному краю" if edge == "long" else "по короткому краю") in text
    assert ("уже напечатана с поправкой" in text) == (offset != (0.0, 0.0))


# --- the first page -----------------------------------------------------------------------------------------------


def test_the_first_page_says_print_at_100_percent_and_how_to_get_two_packs(a4, two, folded, tmp_path) -> None:
    text = first_page(a4[0])
    assert "100 %" in text and "без масштабирования" in text and "63 × 88 мм" in text
    for title in ("Деревенский пасьянс", "Брюнетка и блондинка", "Картинная галерея", "Македонская фаланга"):
        assert f"«{title}»" in text
    assert "только для пасьянса «Кадриль»" in text and "нужны две колоды" in text and "--packs 2" in text
    assert "по длинному краю" in text and "100 мм" in text and "--calibrate" in text
    two_text = first_page(two[0])
    assert two_text.startswith("КОЛОДА ДЛЯ ПЕЧАТИ · A4 · ВЕРСИЯ")
    assert "Две колоды для пяти старинных пасьянсов" in two_text
    # Russian throughout: the only Latin is the paper's name, the print dialog's «Actual size» and the command line.
    for page in (text, two_text, fold_text := first_page(folded[0])):
        latin = set(re.findall(r"[A-Za-z][A-Za-z0-9]*", re.sub(r"(pasyans|--)[\w -]*", "", page)))
        assert latin <= {"A4", "Actual", "size"}, latin
    assert "104 карты, две колоды по 52" in two_text and "синие" in two_text and "две красные" in two_text
    assert "заходит на 3 мм за линию реза" in two_text
    assert "линии сгиба" in fold_text and "на одной стороне листа" in fold_text and "по 4 на листе" in fold_text
    without = tmp_path / "nobacks.pdf"
    without.write_bytes(build_deck("A4"))
    plain = first_page(without)
    assert "--backs" in plain and "--fold" in plain and "по длинному краю" not in plain
    assert re.search(r"Pages:\s+7\b", run("pdfinfo", without))


def _words_mm(pdf: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    """(left, top, right, bottom, word) of every word on ``page``, in millimetres from the top left."""
    html = run("pdftotext", "-bbox", "-f", str(page), "-l", str(page), pdf, "-")
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                       html)
    return [(*(float(v) / MM for v in box), word) for *box, word in found]


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_first_page_always_has_the_sample_card_clear_of_every_word(paper: str, tmp_path: Path) -> None:
    """The longest first pages (two packs, backs with an offset or folded, the widest bleed, four colours) still
    have room for the true-size sample card: the text is set smaller rather than the card left out; no word
    touches the card or another word, and the card's 63 mm figure stands clear of the control rule's figures."""
    height = {"A4": 297.0, "letter": 279.4}[paper]
    sides = ({"backs": True, "back_offset_mm": (-1.5, 2.5), "duplex": "short"}, {"fold": True}, {})
    for packs, colors, side in itertools.product((1, 2), (2, 4), sides):
        bleed = min(5, max_bleed_mm(paper, fold="fold" in side))
        pdf = tmp_path / f"{paper}-{packs}-{colors}-{len(side)}.pdf"
        pdf.write_bytes(build_deck(paper, bleed_mm=bleed, colors=colors, packs=packs, **side))
        options = (paper, packs, colors, side)
        placed = read_pages(pdf, tmp_path)[0].forms
        assert [c.name for c in placed] == ["pasyans-c2-As" if colors == 2 else "pasyans-c4-As"], options
        card = placed[0]
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


def test_four_colours_are_named_and_drawn(letter) -> None:
    pdf, pages = letter
    assert "трефы зелёные" in run("pdftotext", "-f", "1", "-l", "1", pdf, "-")
    assert {code(c) for p in pages[1:] for c in cards(p)} >= {"Ac", "Kd"}
    assert b"pasyans-c4-" in pdf.read_bytes() and b"pasyans-c2-" not in pdf.read_bytes()


# --- the file -----------------------------------------------------------------------------------------------------


def test_qpdf_finds_no_errors(a4, two, letter, folded) -> None:
    for pdf, _ in (a4, two, letter, folded):
        subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)


def test_every_font_is_embedded_and_no_helvetica(two) -> None:
    rows = run("pdffonts", two[0]).splitlines()[2:]
    assert rows
    for row in rows:
        assert row.split()[-5] == "yes", row
        assert "Helvetica" not in row


def test_no_raster_images(two) -> None:
    assert len(run("pdfimages", "-list", two[0]).splitlines()) == 2


def test_a_rebuild_is_byte_identical(two, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build_deck("A4", backs=True, packs=2, bleed_mm=3) == two[0].read_bytes()


def test_source_date_epoch_dates_the_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pdf = tmp_path / "dated.pdf"
    pdf.write_bytes(build_deck("letter"))
    assert build_deck("letter") == pdf.read_bytes()
    assert re.search(r"CreationDate:\s+2023-11-14T22:13:20", run("pdfinfo", "-isodates", pdf))

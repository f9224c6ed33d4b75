"""The rulebook as a booklet: read back from the imposed PDF (the printed page numbers, by pdftotext), the sheets,
printed two-sided and folded, give pages 1, 2, 3, … in order, upright, for long- and short-edge duplex; the
order itself for any number of pages; same bytes for the same arguments.

The folding is simulated here from the physics, not from the module's formula: the sheets are landscape; a
turn on the long edge lays the back behind the front top over bottom (a half of the sheet behind the same
half, a page upright on the back only if printed upside down), a turn on the short edge like a book's page
(a half behind the other half, upright as printed). Stacked with the first sheet outermost and folded, page
1 is the first sheet's front right half; the reader turns the right-hand halves sheet by sheet to the middle,
then comes back out through the left-hand halves.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.pdf.booklet import Side, impose, imposition, padded
from generator.pdf.paper import BOOK_PAGES, PAPERS
from generator.pdf.rulebook import build_rulebook
from tests.conftest import digests_across_hash_seeds
from tests.pdf.placements import read_pages

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("pdftotext", "pdfinfo", "qpdf")),
    reason="needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)",
)

MM = 72 / 25.4
COVER = "cover"


def fold(sides: list[Side], duplex: str) -> list[tuple[int | str | None, bool]]:
    """The booklet's pages in reading order, each with whether it reads upright, from each sheet's two sides."""
    sheets = list(zip(sides[0::2], sides[1::2], strict=True))

    def behind(front_half: int, back: Side) -> tuple[int | str | None, bool]:
        """What lies behind half 0 (left) or 1 (right) of the front, and whether it reads upright there."""
        if duplex == "long":  # top over bottom: the same half, and what was printed upside down is upright
            return (back.left if front_half == 0 else back.right), back.turned
        return (back.right if front_half == 0 else back.left), not back.turned  # like a book's page

    order: list[tuple[int | str | None, bool]] = []
    for front, back in sheets:
        order += [(front.right, not front.turned), behind(1, back)]
    for front, back in reversed(sheets):
        order += [behind(0, back), (front.left, not front.turned)]
    return order


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("pages", [1, 2, 3, 4, 5, 8, 13, 51, 53, 100])
def test_folded_sheets_read_in_order_for_any_number_of_pages(pages: int, duplex: str) -> None:
    sides = imposition(pages, duplex)
    assert len(sides) == padded(pages) // 2 and padded(pages) % 4 == 0 and padded(pages) - pages < 4
    assert fold(sides, duplex) == [(n if n <= pages else None, True) for n in range(1, padded(pages) + 1)]


# --- the real booklet, read back from the PDF ------------------------------------------------------------------


def _halves(pdf: Path, sheet_mm: tuple[float, float]) -> list[Side]:
    """Each side of each sheet as printed: the page number printed in each half (the cover by its title, a blank
    half None), and whether the half is upside down (its page number at the top)."""
    width, height = sheet_mm
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    sides = []
    for page in re.findall(r"<page [^>]*>(.*?)</page>", html, re.S):
        words = [(float(a) / MM, float(b) / MM, float(c) / MM, float(d) / MM, w) for a, b, c, d, w in
                 re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                            page)]
        found: list[int | str | None] = []
        turned: list[bool] = []
        for half in (0, 1):
            inside = [w for w in words if half * width / 2 <= (w[0] + w[2]) / 2 < (half + 1) * width / 2]
            page_centre = width / 4 + half * width / 2
            folios = [w for w in inside if w[4].isdigit() and abs((w[0] + w[2]) / 2 - page_centre) < 3
                      and (w[3] > height - 18 or w[1] < 18)]
            if folios:
                assert len(folios) == 1, folios
                found.append(int(folios[0][4]))
                turned.append(folios[0][1] < 18)
            elif any(w[4] == "старинных" for w in inside):  # the cover: no folio, the title
                found.append(COVER)
                title = next(w for w in inside if w[4] == "старинных")
                turned.append(title[1] > height / 2)  # the title stands in the cover's upper half
            else:
                assert not inside, inside  # a blank page: nothing at all
                found.append(None)
                turned.append(False)
        assert turned[0] == turned[1] or None in found, (found, turned)
        sides.append(Side(found[0], found[1], turned[0] or turned[1]))  # type: ignore[arg-type]
    return sides


@pytest.fixture(scope="module")
def a5_book() -> bytes:
    return build_rulebook("A5")


@pytest.mark.slow
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_printed_page_numbers_fold_into_1_2_3_in_order(a5_book: bytes, duplex: str, tmp_path: Path) -> None:
    pdf = tmp_path / f"booklet-{duplex}.pdf"
    pdf.write_bytes(impose(a5_book, PAPERS["A4"], duplex))
    subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)
    book_pages = len(PdfReader(io.BytesIO(a5_book)).pages)
    sheets = read_pages(pdf, tmp_path)
    assert len(sheets) == padded(book_pages) // 2
    assert all((s.width, s.height) == pytest.approx((297, 210), abs=0.01) for s in sheets)
    for sheet in sheets:  # each A5 page against the fold, at true size (A5 is 148 mm: half of A4 is 148.5)
        for placed in sheet.forms:
            assert (placed.width, placed.height) == pytest.approx((148, 210), abs=0.01)
            assert placed.x + placed.width == pytest.approx(148.5, abs=0.01) or placed.x == pytest.approx(148.5)
    order = fold(_halves(pdf, (297, 210)), duplex)
    expected = [(COVER, True)] + [(n, True) for n in range(2, book_pages + 1)]
    expected += [(None, True)] * (padded(book_pages) - book_pages)
    blanks_any_way_up = [(page, upright if page is not None else True) for page, upright in order]
    assert blanks_any_way_up == expected


@pytest.mark.slow
def test_the_letter_booklet_is_the_half_letter_book_and_the_command_writes_it(cli, tmp_path: Path) -> None:
    out = tmp_path / "booklet.pdf"
    result = cli("rulebook", "--booklet", "--paper", "letter", "--duplex", "short", "-o", str(out))
    assert result.status == 0, result.err
    assert "half-letter pages on letter, short-edge duplex" in result.err
    sheets = read_pages(out, tmp_path)
    assert all((s.width, s.height) == pytest.approx((279.4, 215.9), abs=0.01) for s in sheets)
    assert {(round(f.width, 2), round(f.height, 2)) for s in sheets for f in s.forms} == {(139.7, 215.9)}
    order = fold(_halves(out, (279.4, 215.9)), "short")
    numbers = [page for page, _ in order]
    last = max(n for n in numbers if isinstance(n, int))
    assert numbers[:last] == [COVER, *range(2, last + 1)] and set(numbers[last:]) <= {None}
    assert all(upright for page, upright in order if page is not None)
    assert BOOK_PAGES["half-letter"].paper.name == "half-letter" and len(numbers) % 4 == 0
    info = subprocess.run(["pdfinfo", str(out)], check=True, capture_output=True, text=True).stdout
    assert "Пять старинных пасьянсов" in info and "pasyans" in info


def test_same_book_same_arguments_same_bytes_in_any_process() -> None:
    """Imposition adds no date and no random identifier: a small book imposed in fresh processes under
    different hash seeds gives one answer."""
    code = (
        "import hashlib, io\n"
        "from reportlab.pdfgen.canvas import Canvas\n"
        "from generator.pdf.booklet import impose\n"
        "from generator.pdf.paper import PAPERS\n"
        "buffer = io.BytesIO()\n"
        "c = Canvas(buffer, pagesize=(PAPERS['A5'].width, PAPERS['A5'].height), invariant=1)\n"
        "for n in range(1, 8):\n"
        "    c.drawString(100, 30, str(n)); c.showPage()\n"
        "c.save()\n"
        "for duplex in ('long', 'short'):\n"
        "    print(hashlib.sha256(impose(buffer.getvalue(), PAPERS['A4'], duplex)).hexdigest())\n"
    )
    digests = digests_across_hash_seeds(code)
    assert len(digests) == 1 and len(next(iter(digests)).split()) == 2


@pytest.mark.parametrize(("args", "message"), [
    (["--booklet", "--paper", "A5"], "for a booklet: choose A4 or letter"),
    (["--duplex", "long"], "add --booklet"),
    (["--booklet", "--duplex", "sideways"], "long or short"),
])
def test_bad_booklet_arguments_are_one_line_with_status_2(cli, tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "never.pdf"
    result = cli("rulebook", *args, "-o", str(out))
    assert result.status == 2 and message in result.err, result.err
    assert len(result.err.strip().splitlines()) == 1 and not out.exists()

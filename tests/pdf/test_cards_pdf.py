"""Card faces in the PDF: vector, each face stored once as a form XObject however often it is placed."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from reportlab.pdfgen.canvas import Canvas

from generator.art.faces import face
from generator.cards import Card
from generator.pdf.cards import MM, CardArt, draw_face

A6 = (105 * MM, 148 * MM)


def _idx(text: str) -> int:
    return Card.parse(text).index


def _pdf(draw, pagesize=A6, *, compress: bool = True) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=pagesize, pageCompression=int(compress))
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def _forms(pdf: bytes) -> list[str]:
    """Names of the form XObjects in the file (reportlab writes their dictionaries uncompressed)."""
    return sorted({n.decode() for n in re.findall(rb"/FormXob\.([\w.-]+) \d+ 0 R", pdf)})


def _form_objects(pdf: bytes) -> int:
    return len(re.findall(rb"/Subtype /Form", pdf))


def test_a_face_is_stored_once_however_often_it_is_placed() -> None:
    qs = _idx("Д♠")

    def once(c: Canvas) -> None:
        CardArt(c).place(qs, 10 * MM, 10 * MM, 30 * MM)

    def twenty(c: Canvas) -> None:
        art = CardArt(c)
        for k in range(20):
            art.place(qs, (5 + (k % 5) * 19) * MM, (5 + (k // 5) * 30) * MM, 15 * MM)

    def inline(c: Canvas) -> None:
        c.translate(10 * MM, 10 * MM)
        draw_face(c, face(qs))

    # Uncompressed, so that repeated content is not hidden by zlib.
    one, many, face_size = _pdf(once, compress=False), _pdf(twenty, compress=False), len(_pdf(inline, compress=False))
    assert _form_objects(one) == _form_objects(many) > 1
    assert [f for f in _forms(many) if "-c2-" in f] == ["pasyans-c2-Qs"]
    # Nineteen more placements cost a line of page content each, not nineteen faces.
    assert len(many) - len(one) < 19 * 120
    assert face_size > 5000
    assert b"/Subtype /Image" not in many


def test_the_whole_pack_makes_53_face_forms_sharing_outline_forms() -> None:
    def pack(c: Canvas) -> None:
        art = CardArt(c)
        for n, index in enumerate([*range(52), None]):
            art.place(index, (4 + (n % 9) * 11) * MM, (4 + (n // 9) * 15) * MM, 10 * MM)
        for n, index in enumerate(range(52)):  # again, smaller: no new forms
            art.place(index, (4 + (n % 13) * 7.5) * MM, 100 * MM, 7 * MM)

    pdf = _pdf(pack)
    faces = [f for f in _forms(pdf) if "-c2-" in f]
    assert len(faces) == 53
    outlines = [f for f in _forms(pdf) if "-o-" in f]
    # Four pips, thirteen indices, three court letters and the crowns' two layers each, give or take paint variants.
    assert 4 + 13 + 3 + 6 <= len(outlines) <= 40
    assert _form_objects(pdf) == len(faces) + len(outlines)


def test_colour_packs_are_separate_forms() -> None:
    def both(c: Canvas) -> None:
        CardArt(c, colors=2).place(_idx("7♦"), 0, 0, 20 * MM)
        CardArt(c, colors=4).place(_idx("7♦"), 30 * MM, 0, 20 * MM)

    names = _forms(_pdf(both))
    assert "pasyans-c2-7d" in names and "pasyans-c4-7d" in names


needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")


def _render(pdf: bytes, tmp_path: Path, dpi: int = 150) -> Image.Image:
    src = tmp_path / "in.pdf"
    src.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(src), str(tmp_path / "out")], check=True)
    return Image.open(tmp_path / "out.png").convert("RGB")


@needs_poppler
def test_pdf_has_no_images_and_passes_qpdf(tmp_path: Path) -> None:
    pdf = _pdf(lambda c: [CardArt(c).place(i, (4 + (i % 8) * 12) * MM, (4 + (i // 8) * 18) * MM, 11 * MM)
                          for i in range(52)])
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    listing = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True).stdout
    assert len(listing.strip().splitlines()) == 2, listing  # the two header lines, no image rows
    if shutil.which("qpdf"):
        subprocess.run(["qpdf", "--check", str(path)], capture_output=True, check=True)


@needs_poppler
def test_form_and_inline_drawing_render_alike(tmp_path: Path) -> None:
    """The form path (face → outline forms) must paint exactly what drawing the model inline paints."""
    for text in ("К♥", "10♣", "В♦"):
        index = _idx(text)

        def via_forms(c: Canvas, index: int = index) -> None:
            CardArt(c).place(index, 10 * MM, 10 * MM)

        def inline(c: Canvas, index: int = index) -> None:
            c.translate(10 * MM, 10 * MM)
            draw_face(c, face(index))

        a, b = _render(_pdf(via_forms), tmp_path), _render(_pdf(inline), tmp_path)
        diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 64 else 0)
        assert ImageStat.Stat(diff).mean[0] / 255 < 0.001, text
        # And something was drawn: the suit colour is there.
        box = a.crop((int(10 * 150 / 25.4), 0, int(73 * 150 / 25.4), a.size[1]))
        assert ImageStat.Stat(box.convert("L")).mean[0] < 245


@needs_poppler
def test_placed_card_fills_its_box(tmp_path: Path) -> None:
    """``place`` puts the card's lower-left corner at (x, y) and scales it to ``width``; turned cards too."""
    dpi = 100

    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.5, 0.5, 0.5)
        c.rect(-10, -10, A6[0] + 20, A6[1] + 20, fill=1, stroke=0)  # past the edges: no white seam
        CardArt(c).place(_idx("Т♠"), 20 * MM, 30 * MM, 40 * MM)

    img = _render(_pdf(draw), tmp_path, dpi)
    white = img.convert("L").point(lambda v: 255 if v > 250 else 0)
    x0, y0, x1, y1 = white.getbbox()
    px = dpi / 25.4
    h = 40 * 88 / 63
    assert abs(x0 - 20 * px) <= 2 and abs(x1 - 60 * px) <= 2
    assert abs(y1 - (148 - 30) * px) <= 2 and abs(y0 - (148 - 30 - h) * px) <= 2

    def turned(c: Canvas) -> None:
        c.setFillColorRGB(0.5, 0.5, 0.5)
        c.rect(-10, -10, A6[0] + 20, A6[1] + 20, fill=1, stroke=0)  # past the edges: no white seam
        CardArt(c).place(_idx("Т♠"), 20 * MM, 30 * MM, 40 * MM, angle=90)

    img = _render(_pdf(turned), tmp_path, dpi)
    x0, y0, x1, y1 = img.convert("L").point(lambda v: 255 if v > 250 else 0).getbbox()
    assert abs(x0 - 20 * px) <= 2 and abs(x1 - (20 + h) * px) <= 2
    assert abs(y1 - (148 - 30) * px) <= 2 and abs(y0 - (148 - 30 - 40) * px) <= 2

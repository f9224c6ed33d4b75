"""A figure in a PDF carries its words: the position as the alternate description of its marked content."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.deals import stock_indices
from generator.figures import figure_of
from generator.games import make_game
from generator.pdf.figure import alt_text, draw_figure, pdf_text
from generator.play import play_out


def _figures():
    game = make_game("gallery")
    played = play_out(game, stock_indices("gallery", 2))
    return [figure_of(game, played.states[k], last_move=played.moves[k - 1] if k else None) for k in (0, 40, 90)]


def _content(pdf: bytes, tmp_path: Path) -> str:
    """The page streams uncompressed (qpdf), as text."""
    (tmp_path / "in.pdf").write_bytes(pdf)
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(tmp_path / "in.pdf"), str(tmp_path / "out.pdf")],
                   check=True)
    return (tmp_path / "out.pdf").read_bytes().decode("latin-1")


def test_each_figure_is_a_span_whose_alt_is_its_position_in_words(tmp_path: Path) -> None:
    figures = _figures()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=True)
    for figure in figures:
        draw_figure(canvas, figure, 20, 20, 500)
        canvas.showPage()
    canvas.save()
    content = _content(buffer.getvalue(), tmp_path)
    alts = [bytes.fromhex(h).decode("utf-16") for h in re.findall(r"/Span <</Alt <([0-9A-Fa-f]+)>>> BDC", content)]
    assert alts == [alt_text(figure) for figure in figures]
    assert content.count(" BDC") == content.count("\nEMC") == len(figures)  # each span closed
    assert alts[1].startswith("Картинная галерея. Последний ход: ") and "колода: " in alts[1]
    assert alts[0].endswith(".") and ".." not in alts[0]


def test_pdf_text_is_utf16_with_its_mark() -> None:
    assert pdf_text("Д♠") == "<FEFF04142660>"

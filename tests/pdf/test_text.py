"""Text: a paragraph that breaks its lines once per measure and keeps its splits, setting exactly what reportlab
sets without them."""

from __future__ import annotations

from typing import Any

import pytest
from reportlab.platypus import Paragraph

from generator.pdf.flowables import Para, Text
from generator.pdf.styles import book_styles
from generator.pdf.typography import typeset

TEXT = typeset("Карты раскладывают в четыре ряда по тринадцать, и каждая следующая ложится на предыдущую "
               "со сдвигом, чтобы были видны её достоинство и масть; ♥ и ♦ печатаются красным. " * 6)


def _lines(paragraph: Any) -> list[Any]:
    """What a wrap leaves to draw: each line's words as text, and its spare width."""
    out = []
    for line in paragraph.blPara.lines:
        if isinstance(line, tuple):
            out.append((round(line[0], 6), [str(w) for w in line[1]]))
        else:
            out.append((round(line.extraSpace, 6), [getattr(w, "text", str(w)) for w in line.words]))
    return out


@pytest.fixture
def style() -> Any:
    return book_styles(10.5, 14.5).body


def test_a_second_wrap_at_the_same_width_breaks_no_lines(style: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    text = Text(TEXT, style)
    calls = []
    original = Paragraph.breakLines

    def counted(self: Paragraph, widths: Any) -> Any:
        calls.append(widths)
        return original(self, widths)

    monkeypatch.setattr(Paragraph, "breakLines", counted)
    first = text.wrap(300, 1000)
    lines = _lines(text)
    assert text.wrap(300, 50) == first and len(calls) == 1  # the height is not read: the same lines
    assert _lines(text) == lines
    narrower = text.wrap(200, 1000)
    assert len(calls) == 2 and narrower[1] > first[1]  # another measure is broken again
    assert text.wrap(300, 1000) == first and len(calls) == 3 and _lines(text) == lines


def test_text_sets_what_a_plain_paragraph_sets(style: Any) -> None:
    text, plain = Text(TEXT, style), Paragraph(TEXT, style)
    for width in (300, 300, 180, 300):
        assert text.wrap(width, 1000) == plain.wrap(width, 1000)
        assert _lines(text) == _lines(plain)


def test_a_split_in_the_same_room_gives_the_same_parts(style: Any) -> None:
    para = Para(TEXT, style)
    para.wrap(300, 1000)
    parts = para.split(300, 5 * style.leading)
    assert len(parts) == 2
    para.wrap(300, 1000)
    assert para.split(300, 5 * style.leading) == parts  # the very objects, lines broken
    other = para.split(300, 7 * style.leading)
    assert len(other) == 2 and other[0] is not parts[0]
    fresh = Para(TEXT, style)  # set afresh, nothing kept
    fresh.wrap(300, 1000)
    expected = fresh.split(300, 5 * style.leading)
    for part, plain in zip(parts, expected, strict=True):
        part.wrap(300, 1000)
        plain.wrap(300, 1000)
        assert _lines(part) == _lines(plain)

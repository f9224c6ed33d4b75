"""Flowables the documents share: headings, keep-with-next, floating figures, a cut line, a late form, a lazy story.

None of them plays or solves anything: each is given what it draws.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Paragraph
from reportlab.platypus.flowables import Flowable, KeepTogether

from generator.pdf.moves import LineCells, MoveColumns
from generator.pdf.palette import GREY_MARKUP, RULE
from generator.pdf.typography import NBSP, typeset
from generator.walkthrough import Entry

#: What :meth:`Paragraph.wrap` (and the ``breakLines`` it calls) leaves on a paragraph: the measure, its line
#: widths, the lines, their height, and the frags, which the first line breaking turns into a word list.
_WRAPPED = ("width", "_wrapWidths", "blPara", "height", "_width_max", "_splitLongWordCount", "_hyphenations", "frags")


class Text(Paragraph):
    """A paragraph that breaks its lines once for each measure, not on every wrap.

    reportlab breaks a paragraph's lines again each time it is wrapped, and the
    book wraps the same paragraph three or four times at the same width: in the
    page-number pass and the final one, in a keep-together group and again by
    the frame, in a table's every measuring. The lines depend on nothing but the
    frags, the style, the bullet and the width (``availHeight`` is not read), so
    a wrap at the width of the last one, with the same frags, style and bullet,
    puts back what that one left instead of breaking again. A split paragraph's
    parts are new paragraphs, with their own frags: they break their own lines.
    """

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        memo = self.__dict__.get("_wrapped")
        if memo is not None and memo[0] == availWidth and memo[1] is self.frags and memo[2] is self.style \
                and memo[3] is self.bulletText:
            self.__dict__.update(memo[4])
            return self.width, self.height
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        if hasattr(self, "blPara"):  # a measure too narrow for any text sets nothing: nothing to keep
            state = {name: getattr(self, name) for name in _WRAPPED}
            self._wrapped = (availWidth, self.frags, self.style, self.bulletText, state)
        return size

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """reportlab's split, whose parts are kept: the final pass splits this paragraph in the same room as the
        page-number pass did (the pages do not move), and gets the same parts again, their lines already broken.
        A split that fails (no parts) is not kept: reportlab then drops the lines, and a later wrap restores them."""
        splits: dict[tuple[float, float], tuple[Any, Any, list[Flowable]]] = self.__dict__.setdefault("_splits", {})
        kept = splits.get((availWidth, availHeight))
        if kept is not None and kept[0] is self.frags and kept[1] is getattr(self, "blPara", None):
            return kept[2][:]
        parts = self._parts(availWidth, availHeight)
        if parts:
            splits[(availWidth, availHeight)] = (self.frags, getattr(self, "blPara", None), parts[:])
        return parts

    def _parts(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """The split itself (a subclass's rule of where to split goes here, under the keeping)."""
        parts: list[Flowable] = Paragraph.split(self, availWidth, availHeight)
        return parts


class Heading(Text):
    """A heading that marks its place and lists itself in the PDF outline when it is drawn; never split.

    ``outline`` is the plain-text title (no markup) for the outline; ``toc`` the markup for a
    contents page (``None``: not listed there, outline only); ``running`` (chapters only) becomes
    the running title of the pages after it. The document reads ``toc`` and ``running``.
    """

    def __init__(self, markup: str, style: ParagraphStyle, *, key: str, level: int, outline: str,
                 toc: str | None = "", running: str | None = None) -> None:
        super().__init__(markup, style)
        self.key, self.level, self.outline, self.running = key, level, outline, running
        self.toc = markup if toc == "" else toc

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """Never split a heading: it moves whole to the next page."""
        return []

    def draw(self) -> None:
        self.canv.bookmarkHorizontal(self.key, 0, self.height + self.style.leading * 0.5)
        self.canv.addOutlineEntry(self.outline, self.key, level=self.level, closed=False)
        super().draw()


def _ends_in_hyphen(paragraph: Paragraph) -> bool:
    """Whether the last line a wrapped paragraph sets ends in a hyphen (a word broken at the line's end)."""
    lines = getattr(paragraph, "blPara", None)
    if lines is None or not lines.lines:
        return False
    last = lines.lines[-1]
    # A simple paragraph's lines are (space, words) tuples, a styled one's FragLines; the first part of a split
    # keeps its lines but is always marked kind 1.
    words = last[1] if isinstance(last, tuple) else getattr(last, "words", [])
    # A styled line may end in empty fragments (a closing font tag): the last word is the last with text.
    texts = (str(word if isinstance(word, str) else getattr(word, "text", "")).rstrip() for word in reversed(words))
    return next((text for text in texts if text), "").endswith("-")


class Para(Text):
    """A paragraph that never breaks a word across two pages.

    When a page ends inside it and the last line that would stay on the page
    ends in a hyphen, that line goes over to the next page as well (orphan and
    widow control still hold: a part shorter than two lines is never left).
    """

    def _parts(self, availWidth: float, availHeight: float) -> list[Flowable]:
        parts = super()._parts(availWidth, availHeight)
        while len(parts) == 2 and isinstance(parts[0], Paragraph) and _ends_in_hyphen(parts[0]):
            kept = len(parts[0].blPara.lines) - 1  # type: ignore[attr-defined]  # set by wrap()
            if kept < 2:
                return []
            parts = super()._parts(availWidth, kept * self.style.leading + 1e-6)
        return parts


class KeepWithNext(KeepTogether):
    """What ``keepWithNext`` builds: headings kept with the start of what follows, not with all of it.

    reportlab's own group moves a heading *and the whole next paragraph* to the
    next page when the paragraph does not fit, leaving a hole. Here, when the
    group ends in a paragraph or a block of moves, it stays if the page still
    holds the headings and ``reserve`` of what follows (a few lines: the
    paragraph splits, and its orphan control keeps at least two lines; moves
    split into blocks of two rows or more); otherwise it moves whole.
    A document sets ``reserve`` in a subclass (``type(…, {"reserve": …})``).
    """

    reserve = 40.0  # points

    def split(self, aW: float, aH: float) -> list[Flowable]:
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        content: list[Flowable] = self._content  # type: ignore[attr-defined]
        whole: float = self._H  # type: ignore[attr-defined]  # set by KeepTogether.wrap
        last = content[-1]
        if aH < whole and isinstance(last, Paragraph | MoveColumns) and not isinstance(last, Heading):
            _, last_height = last.wrapOn(self.canv, aW, aH)
            head = whole - last_height - last.getSpaceBefore()
            if last_height > self.reserve and aH >= head + last.getSpaceBefore() + self.reserve:
                return content[:]
        parts: list[Flowable] = super().split(aW, aH)
        return parts


class Float(KeepTogether):
    """A figure with its caption, kept together, that may float to the top of the next page.

    When it does not fit in what is left of the page, the book lets the text
    after it (move lists, small headings) go on filling the page and sets the
    figure at the top of the next one, as books do, instead of leaving half a
    page blank. It never floats past a section heading, a page break or
    another figure: there it is set at once, on a new page if need be.
    """


class Anchored(KeepTogether):
    """A figure with its caption and what comments on it, kept together, that never floats: the text refers to
    it where it stands (on a full page it starts the next one, and a waiting figure does not pass it)."""


def float_may_pass(flowable: Flowable) -> bool:
    """Whether a waiting figure may let ``flowable`` go first: running text and frame breaks, not a heading, a page
    break (a new chapter) or another figure."""
    if isinstance(flowable, Heading | Float | Anchored | PageBreak):
        return False
    if isinstance(flowable, KeepTogether):
        content: list[Flowable] = flowable._content  # type: ignore[attr-defined]
        return all(float_may_pass(item) for item in content)
    return True


_PLACE_NUMBER_RE = re.compile(r"(?<=[а-яё]) (?=\d)")


def tie_moves(text: str) -> str:
    """Moves as a line may break them: never inside «кучка 8» and never before an arrow."""
    return _PLACE_NUMBER_RE.sub(NBSP, text).replace(" →", NBSP + "→")


def entry_flowables(entries: Sequence[Entry], *, size: float, leading: float, columns: int, gap: float,
                    run_style: ParagraphStyle, text_width: float = 0.0) -> list[Flowable]:
    """A stretch of a walkthrough: each run of forced moves one paragraph across the measure, grey, its numbers
    first («13–20. Т♠ 8♣ … колода → кучки 1–8»); the single moves between runs in balanced columns, a choice in
    bold ink, a forced move in grey (:class:`~generator.pdf.moves.LineCells`)."""
    story: list[Flowable] = []
    singles: list[Entry] = []

    def flush() -> None:
        if singles:
            cells = LineCells([(e.first, e.text) for e in singles], size, leading, [e.choice for e in singles],
                              text_width=text_width)
            story.append(MoveColumns(cells, columns, gap))
            singles.clear()

    for entry in entries:
        if entry.first == entry.last:
            singles.append(entry)
            continue
        flush()
        label = f"<i>{entry.label}:</i> " if entry.label else ""
        story.append(Para(f'<font color="{GREY_MARKUP}">{entry.numbers}. {label}'
                          f'{typeset(tie_moves(entry.text), hyphens=False, runt=False)}</font>', run_style))
    flush()
    return story


class Separator(Flowable):
    """A dashed hairline across the frame: where to cut a page in two."""

    def __init__(self, height: float) -> None:
        super().__init__()
        self._h = height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = availWidth, self._h
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.setDash([2, 2.5], 0)
        c.line(0, self.height / 2, self.width, self.height / 2)
        c.restoreState()


#: The smallest a late form's text may be set when a long one would not fit its box at its own size.
SMALLEST_LATE_TEXT = 5.0


def fit_paragraph(markup: str, style: ParagraphStyle, width: float, height: float) -> Paragraph:
    """``markup`` in ``style``, set smaller in steps of a quarter point until it fits ``width`` × ``height``.

    A late form has a fixed box (a page reserves its place before the text is known); text beyond the
    box would be cut off, so it shrinks instead. Below ``SMALLEST_LATE_TEXT`` it is a bug.
    """
    size = style.fontSize
    while True:
        scaled = ParagraphStyle(f"{style.name}-{size:g}", parent=style, fontSize=size,
                                leading=style.leading * size / style.fontSize)
        para = Paragraph(markup, scaled)
        _, h = para.wrap(width, height)
        if h <= height + 0.01:
            return para
        if size - 0.25 < SMALLEST_LATE_TEXT:
            raise ValueError(f"the text does not fit {width:.0f} × {height:.0f} pt at {SMALLEST_LATE_TEXT:g} pt")
        size -= 0.25


class LateForm(Flowable):
    """Zero-sized, last in a story: defines the form XObject ``name`` that an earlier page shows, with text
    known only at the end (``text`` is asked when this is drawn), top-aligned in its ``width`` × ``height``."""

    def __init__(self, name: str, text: Callable[[], str], style: ParagraphStyle, width: float, height: float) -> None:
        super().__init__()
        self.name, self.text, self.style, self.form_w, self.form_h = name, text, style, width, height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        c = self.canv
        c.beginForm(self.name, 0, 0, self.form_w, self.form_h)
        para = fit_paragraph(self.text(), self.style, self.form_w, self.form_h)
        _, h = para.wrap(self.form_w, self.form_h)
        para.drawOn(c, 0, self.form_h - h)
        c.endForm()


class LazyStory(list[Any]):
    """A story list that tops itself up from a generator of flowable chunks as the document consumes it.

    reportlab's ``build`` only ever asks ``len()`` and works on the front of the list, so keeping a few
    dozen flowables buffered is enough for its look-ahead (keep-with-next) and memory stays flat.
    """

    AHEAD = 8

    def __init__(self, chunks: Iterator[list[Flowable]]) -> None:
        super().__init__()
        self._chunks: Iterator[list[Flowable]] | None = chunks

    def _fill(self) -> None:
        while self._chunks is not None and list.__len__(self) < self.AHEAD:
            try:
                self.extend(next(self._chunks))
            except StopIteration:
                self._chunks = None

    def __len__(self) -> int:
        self._fill()
        return list.__len__(self)

    def __bool__(self) -> bool:
        return len(self) > 0

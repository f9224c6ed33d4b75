"""Russian words that follow a number: 1 карта, 2 карты, 5 карт (base: figures, pages and the PDF alike)."""

from __future__ import annotations

NBSP = "\u00a0"


def plural_word(n: int, one: str, few: str, many: str) -> str:
    """The noun's form after ``n``: «карта» after 1, 21; «карты» after 2–4, 22; «карт» after 5–20, 11–14."""
    tail, tens = n % 10, n % 100
    return one if tail == 1 and tens != 11 else few if 2 <= tail <= 4 and not 12 <= tens <= 14 else many


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """``n`` and its noun, held together by a no-break space: «36 карт»."""
    return f"{n}{NBSP}{plural_word(n, one, few, many)}"

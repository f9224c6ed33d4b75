"""Russian typography for reportlab paragraphs: plain text in, Paragraph markup out.

What :func:`typeset` does, in this order, and why:

1. **Non-breaking spaces** where Russian typesetting wants them: after one- and
   two-letter prepositions, conjunctions and particles (в, к, с, у, о, и, а, на,
   из, не …), before the particles же, ли, бы, before an em dash, after «№»,
   between a number and the word it counts (8 карт), inside «т. д.» and in
   digit groups (10 000). A line then never ends on «в» or starts with «—».
2. **Soft hyphens** (U+00AD) at the break points pyphen's Russian dictionary
   gives, never closer than two letters to a word's start or four to its end
   (no «пирами-/ды»: a line never starts on a scrap of two or three letters).
   reportlab 5 breaks at a soft hyphen only when a line needs it, draws
   a hyphen there, and drops the soft hyphens it does not use, so the text that
   ``pdftotext`` extracts is the word itself. We insert them ourselves rather
   than use reportlab's ``hyphenationLang``, because its letter class leaves
   out «ё» and it will not hyphenate a word that touches «ёлочки» or a dash.
3. **Escaping** of ``&``, ``<``, ``>`` for reportlab's mini-markup.
4. **Signs**: ♠ ♣ ♥ ♦ and → set in our signs font (the PT fonts lack them),
   hearts and diamonds in red.

Nothing else is changed: a rule text keeps every character; only spaces may
become non-breaking (reportlab writes U+00A0 as an ordinary space) and soft
hyphens may appear, which only ever show as a hyphen at a line end.

:func:`smarten` is separate and only for our own prose (readings, notes):
straight quotes become «ёлочки», `` - `` an em dash, ``...`` an ellipsis.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from generator.pdf.fonts import SIGNS
from generator.pdf.palette import RED_MARKUP
from generator.russian import plural_word

NBSP = "\u00a0"
SHY = "\u00ad"

_LETTER = "А-Яа-яЁёA-Za-z"
_SHORT_WORDS = (
    # two-letter prepositions, conjunctions and particles that should not end a line
    "на", "по", "за", "из", "от", "до", "не", "ни", "но", "да", "во", "со", "ко", "об",
)
_ONE_LETTER_RE = re.compile(rf"(?<![{_LETTER}\d\-\u00ad])([{_LETTER}]) +(?=\S)")
_SHORT_RE = re.compile(rf"(?<![{_LETTER}\d\-\u00ad])((?i:{'|'.join(_SHORT_WORDS)})) +(?=\S)")
_PARTICLE_RE = re.compile(rf"(?<=[{_LETTER}]) +(же|ли|бы)(?![{_LETTER}])")
_DASH_RE = re.compile(r" +(—)")
_NUMERO_RE = re.compile(r"([№§]) *(?=\d)")
_NUMBER_WORD_RE = re.compile(rf"(?<![\d,.])(\d+) +(?=[{_LETTER}]{{2}}|%)")
_DIGIT_GROUP_RE = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
_ABBREVIATION_RE = re.compile(r"\b([тТ]\.) +(?=[дпеч]\.)")
_DIGIT_RE = re.compile(r"\d")
_SIGN_RE = re.compile("([♠♣♥♦→]+)")

MIN_HYPHENATED = 6  # shorter words are never broken: «сло-во» looks worse than a looser line
#: The words :func:`hyphenate_word` may break (shorter ones it returns as they are, so they are not even looked up).
_LONG_WORD_RE = re.compile(rf"[{_LETTER}]{{{MIN_HYPHENATED},}}")
#: The fewest letters a break leaves before the hyphen, and after it on the next line.
HYPHEN_LEFT, HYPHEN_RIGHT = 2, 4
#: ``tie_last_word``'s longest runt by default; a heading ties its last word whatever its length.
RUNT_LETTERS = 7


def escape(text: str) -> str:
    """User text made safe for reportlab's mini-markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tie(text: str, *, runt: bool = False, runt_letters: int = RUNT_LETTERS) -> str:
    """Non-breaking spaces where Russian wants them; ``runt`` also ties a last word of up to ``runt_letters``
    letters to the one before."""
    # Each rare pattern only where what it needs is in the text (a substring test is far quicker than a search
    # that finds nothing): the result is the same, and most of the book's texts skip most of them.
    if "т." in text or "Т." in text:
        text = _ABBREVIATION_RE.sub(r"\1" + NBSP, text)
    if "№" in text or "§" in text:
        text = _NUMERO_RE.sub(r"\1" + NBSP, text)
    if _DIGIT_RE.search(text):
        text = _DIGIT_GROUP_RE.sub(NBSP, text)
        text = _NUMBER_WORD_RE.sub(r"\1" + NBSP, text)
    if " —" in text:
        text = _DASH_RE.sub(NBSP + r"\1", text)
    if " же" in text or " ли" in text or " бы" in text:
        text = _PARTICLE_RE.sub(NBSP + r"\1", text)
    # Twice: «и в доме» has two one-letter words in a row and the first match eats the space between them.
    for _ in range(2):
        text = _ONE_LETTER_RE.sub(r"\1" + NBSP, text)
        text = _SHORT_RE.sub(r"\1" + NBSP, text)
    if runt:
        text = tie_last_word(text, runt_letters)
    return text


def tie_last_word(text: str, longest: int = RUNT_LETTERS) -> str:
    """Tie a short last word to the previous one, so a paragraph does not end on a lone scrap of a line."""
    head, space, last = text.rstrip().rpartition(" ")
    if space and len(re.sub(r"\W", "", last)) <= longest:
        return head + NBSP + last
    return text


@cache
def _dictionary() -> Any:
    """pyphen's Russian dictionary (pyphen ships no type information)."""
    import pyphen

    return pyphen.Pyphen(lang="ru_RU", left=HYPHEN_LEFT, right=HYPHEN_RIGHT)


@cache
def hyphenate_word(word: str) -> str:
    """One word with soft hyphens at its break points (none in short words or abbreviations)."""
    if len(word) < MIN_HYPHENATED or (word.isupper() and len(word) > 1):
        return word
    return str(_dictionary().inserted(word, hyphen=SHY))


def hyphenate(text: str) -> str:
    """Soft hyphens in every word long enough to break."""
    return _LONG_WORD_RE.sub(lambda m: hyphenate_word(m.group(0)), text)


def signs(markup: str) -> str:
    """Suit signs and arrows in the signs font; ♥ ♦ in red. Takes markup (already escaped)."""

    def one(m: re.Match[str]) -> str:
        out = []
        for char in m.group(1):
            colour = f' color="{RED_MARKUP}"' if char in "♥♦" else ""
            out.append(f'<font name="{SIGNS}"{colour}>{char}</font>')
        return "".join(out)

    return _SIGN_RE.sub(one, markup)


def typeset(text: str, *, hyphens: bool = True, runt: bool = True, runt_letters: int = RUNT_LETTERS) -> str:
    """Plain Russian text → Paragraph markup: ties, soft hyphens, escaping, signs.

    ``runt``: the last word is tied to the one before when it has at most ``runt_letters`` letters, and never
    hyphenated; a heading passes a large ``runt_letters`` so that no word stands alone on its last line.
    """
    text = tie(text, runt=runt, runt_letters=runt_letters)
    if hyphens:
        # The last word is never broken: «коро-» at a line end would leave «ли.» alone on the last line.
        cut = max(text.rfind(" "), text.rfind(NBSP)) + 1 if runt else len(text)
        text = hyphenate(text[:cut]) + text[cut:]
    return signs(escape(text))


def smarten(text: str) -> str:
    """Typographic punctuation for our own prose: «ёлочки», em dashes, ellipsis. Never for a rule text."""
    text = re.sub(r"(^|[\s(\[—])\"", "\\1«", text)
    text = text.replace('"', "»")
    text = re.sub(r"(?<=\S) +- +", " — ", text)
    text = re.sub(r" +-- +", " — ", text)
    return text.replace("...", "…")


def quoted(text: str) -> str:
    """Text in «ёлочки»; quotes inside it become „лапки“, as Russian nests them."""
    inner = text.replace("«", "„").replace("»", "“")
    return f"«{inner}»"


def number_ru(n: int) -> str:
    """A whole number the Russian way: groups of three from five digits on (10 000; but 1234)."""
    digits = str(n)
    if len(digits) < 5:
        return digits
    groups = []
    while digits:
        groups.append(digits[-3:])
        digits = digits[:-3]
    return NBSP.join(reversed(groups))


def percent_ru(value: float, digits: int = 1) -> str:
    """A fraction as a Russian percentage: 0.1234 → «12,3 %» (decimal comma, tied sign)."""
    return f"{value * 100:.{digits}f}".replace(".", ",") + NBSP + "%"


def plain(markup: str) -> str:
    """The text a reader sees in some markup: tags dropped, entities and soft hyphens undone (for tests)."""
    text = re.sub(r"<[^>]+>", "", markup)
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return text.replace(SHY, "").replace(NBSP, " ")


#: The form of a noun Russian wants after ``n``: ход (1, 21), хода (2, 104), ходов (5, 11) — the same rule the
#: figures and the web page use (``generator.russian``).
plural_form = plural_word


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """``n`` with the noun in the form Russian wants: 1 ход, 2 хода, 5 ходов, 21 ход, 11 ходов."""
    return f"{number_ru(n)}{NBSP}{plural_form(n, one, few, many)}"


def decimal_ru(value: float) -> str:
    """A measure as Russian prints it, with a decimal comma: 2.5 → «2,5»."""
    return f"{value:g}".replace(".", ",")


def seconds_ru(value: float) -> str:
    """A duration in words, never the bare unit «с» (after «за» it reads as the preposition): «2 секунды»,
    «1 секунду», «0,5 секунды»."""
    if float(value).is_integer():
        whole = int(value)
        return f"{number_ru(whole)}{NBSP}{plural_form(whole, 'секунду', 'секунды', 'секунд')}"
    return f"{decimal_ru(value)}{NBSP}секунды"  # a fraction takes the genitive singular


# --- number words: in one place, so a title counts the games it holds -------------------------------------------

#: One to ten, as words: «пять», «пяти», «пятый», «пятой».
CARDINALS = ("один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять")
CARDINALS_GENITIVE = ("одного", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми", "девяти", "десяти")
ORDINALS = ("первый", "второй", "третий", "четвёртый", "пятый", "шестой", "седьмой", "восьмой", "девятый",
            "десятый")
ORDINALS_FEMININE_GENITIVE = ("первой", "второй", "третьей", "четвёртой", "пятой", "шестой", "седьмой", "восьмой",
                              "девятой", "десятой")


def counted_ru(n: int, one: str, few: str, many: str, *, genitive: bool = False) -> str:
    """``n`` in words with its noun: «пять старинных пасьянсов»; ``genitive``: «пяти старинных пасьянсов»
    (pass the genitive forms then). Past ten, in digits."""
    words = CARDINALS_GENITIVE if genitive else CARDINALS
    number = words[n - 1] if 1 <= n <= len(words) else number_ru(n)
    return f"{number} {plural_form(n, one, few, many)}"


def ordinal_ru(n: int, *, feminine_genitive: bool = False) -> str:
    """The ``n``-th as a word: «третий»; ``feminine_genitive``: «третьей» (перед третьей пересдачей). Past ten,
    «11-й»."""
    words = ORDINALS_FEMININE_GENITIVE if feminine_genitive else ORDINALS
    return words[n - 1] if 1 <= n <= len(words) else f"{n}-й"


def packs_ru(packs: int) -> str:
    """How many packs a game takes, and cards: «Одна колода, 52 карты», «Две колоды, 104 карты»."""
    feminine = ("Одна", "Две", "Три", "Четыре")
    count = feminine[packs - 1] if 1 <= packs <= len(feminine) else number_ru(packs)
    cards = 52 * packs
    return (f"{count} {plural_form(packs, 'колода', 'колоды', 'колод')}, "
            f"{number_ru(cards)} {plural_form(cards, 'карта', 'карты', 'карт')}")

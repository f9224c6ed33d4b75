"""The step-through web page: one self-contained HTML file for a line of play.

Python computes every step's position with the rules engine and its figure
with the book's figure functions, so the page draws exactly what ``pasyans
svg`` draws and cannot disagree with the rules; the page's script only
draws. The card faces and label letters are defined once, inline, and each
step is stored as the few drawing tokens that change (``generator.svg.steps``),
so a 300-move two-pack game stays well under 300 KB. Without JavaScript the
page still shows the opening figure and the whole move list.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from generator.cards import card_str
from generator.figures import figure_of
from generator.games import Game, Move, Result
from generator.notation import deal_ru, move_ru, variant_ru
from generator.paths import TEMPLATES
from generator.play import opening
from generator.replay import replay
from generator.russian import plural_ru
from generator.svg.cards import card_defs, num
from generator.svg.env import environment
from generator.svg.figure import STYLE, UNIT, drawing
from generator.svg.steps import encode, tokens_of
from generator.walkthrough import phase_title

#: The end of the line, as its last position shows it.
OUTCOME_RU = {
    Result.WON: "пасьянс вышел",
    Result.LOST: "дальше ходить нечем, пасьянс не вышел",
    Result.UNKNOWN: "на этом игра остановлена, пасьянс не вышел",
}


@dataclass(frozen=True)
class Source:
    """Where the line comes from: ``record`` (a file, ``name``), ``solver`` or ``no_peek``; and the verdict
    on the deal (the record's claim, or the solver's: a no-peek line is shown when the solver found no win)."""

    kind: str
    verdict: Result
    name: str = ""


@dataclass(frozen=True)
class Entry:
    """One line of the move list: the step it leads to, its number and text in the book's notation."""

    step: int
    text: str
    redeal: bool = False

    @property
    def markup(self) -> Markup:
        return red_suits(self.text)


_RED_CARD = re.compile(r"(?:10|[2-9ТВДК])?[♥♦]")


def red_suits(text: str) -> Markup:
    """``text`` escaped, each heart or diamond card (or suit sign) in red as the book prints it."""
    return Markup(_RED_CARD.sub(lambda m: f'<span class="red">{m.group(0)}</span>', str(escape(text))))


@dataclass(frozen=True)
class PhaseEntries:
    title: str
    first: int  # the step where the phase begins (0, or its redeal's step)
    entries: list[Entry]


def summary_ru(source: Source, moves: int, outcome: Result) -> str:
    """One sentence (or two) on what the page shows."""
    line = f"{plural_ru(moves, 'ход', 'хода', 'ходов')}; {OUTCOME_RU[outcome]}"
    careful = "Показана игра осторожного игрока, который не заглядывает в колоду"
    if source.kind == "record":
        return f"Запись партии «{source.name}»: {line}."
    if source.kind == "solver":
        return f"Решение программы, знающей порядок карт в колоде: {line}."
    if source.verdict is Result.LOST:
        return f"Этот расклад не выходит: программа, знающая порядок карт, перебрала все ходы. {careful}: {line}."
    return f"Программа не нашла решения в пределах перебора. {careful}: {line}."


def move_list(game: Game, moves: Sequence[Move]) -> list[PhaseEntries]:
    """The moves by phase, numbered by step (a redeal is a step, and opens the next phase)."""
    phases = [PhaseEntries(phase_title(game, 0), 0, [])]
    for step, move in enumerate(moves, 1):
        if move.is_redeal:
            phases.append(PhaseEntries(phase_title(game, len(phases)), step, []))
        text = move_ru(game, move)
        phases[-1].entries.append(Entry(step, f"{step}. {text}", move.is_redeal))
    return phases


def page_html(game: Game, stock: Sequence[int], moves: Sequence[Move], *, deal: int | None, source: Source,
              colors: int = 2) -> str:
    """The whole page as text (UTF-8 when written): the same inputs give the same bytes."""
    replayed = replay(game, game.initial_state(stock), moves)
    if not replayed.ok:
        raise ValueError(f"move {replayed.illegal_at} of the line is illegal: {replayed.reason}")
    states = replayed.states
    figures = [figure_of(game, state, last_move=moves[k - 1] if k else None) for k, state in enumerate(states)]
    pictures = [drawing(figure) for figure in figures]
    steps = [tokens_of(figure, game.places, picture) for figure, picture in zip(figures, pictures, strict=True)]
    encoded = encode(steps)
    glyphs: dict[str, str] = {}
    for picture in pictures:
        for glyph in picture.glyphs:
            glyphs.setdefault(glyph["id"], glyph["d"])
    faces = sorted(set().union(*(figure.card_indices() for figure in figures)))
    defs = card_defs(faces, colors=colors, back=any(figure.has_back for figure in figures))
    index_of = {token: index for index, token in enumerate(encoded.table)}
    opened = opening(game, stock)
    start = min(opened.forced, len(moves)) if opened.choice else 0
    heading = f"«{game.title}»" + (f" («{variant_ru(game.id, game.variant)}»)" if game.variant else "")
    outcome = replayed.outcome
    title = f"«{game.title}», {deal_ru(deal)}"
    data = {
        "table": encoded.table, "first": encoded.first, "diffs": encoded.diffs,
        "title": title, "start": start,
        "end": f"Конец: {OUTCOME_RU[outcome]}.", "style": STYLE, "places": game.places,
    }
    script_data = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return environment().get_template("page.html.j2").render(
        heading=heading,
        deal=deal_ru(deal),
        summary=summary_ru(source, len(moves), outcome),
        stock=red_suits(" ".join(card_str(card) for card in stock)),
        defs=Markup(defs),
        glyphs=sorted(glyphs.items()),
        width=_mm(max(figure.width for figure in figures)),
        height=_mm(max(figure.height for figure in figures)),
        start=start,
        last=len(moves),
        tokens=[(index_of[token], token.split("|")) for token in steps[start]],
        places=game.places,
        title=title + (": начало" if start == 0 else f": после хода {start}"),
        desc=figures[start].description,
        opening=_opening_words(start),
        phases=move_list(game, moves),
        data=Markup(script_data),
        script=Markup(_asset("page.js")),
        style=Markup(_asset("page.css")),
        **STYLE,
    )


def _mm(card_units: float) -> str:
    return num(card_units * UNIT)


def _opening_words(start: int) -> str:
    if start == 0:
        return "Начало: все карты в колоде."
    forced = plural_ru(start, "вынужденного хода", "вынужденных ходов", "вынужденных ходов")
    return f"После {forced}: здесь игрок впервые выбирает ход."


def _asset(name: str) -> str:
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    if "</" + "script" in text.lower() or "</" + "style" in text.lower():
        raise ValueError(f"templates/{name} must not close its own element")
    return text

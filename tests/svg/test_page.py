"""The step-through page without a browser: its steps, its size, its move list, and nothing fetched."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from generator.deals import stock_indices
from generator.figures import figure_of
from generator.games import Result, make_game
from generator.play import play_out
from generator.replay import replay
from generator.svg.page import Source, move_list, page_html, red_suits, summary_ru
from generator.svg.steps import decode, encode, tokens_of

#: Size limit of the issue: a page of a 300-move two-pack game in at most 300 KB.
MAX_BYTES = 300 * 1024


@cache
def game_line(spec: str, deal: int) -> tuple:
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    return game, stock, tuple(play_out(game, stock).moves)


@cache
def page(spec: str, deal: int) -> str:
    game, stock, moves = game_line(spec, deal)
    return page_html(game, stock, moves, deal=deal, source=Source("no_peek", Result.UNKNOWN))


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="steps">(.*?)</script>', html, re.S).group(1))


@pytest.mark.parametrize(("spec", "deal"), [("quadrille", 7), ("phalanx", 2), ("gallery", 3)])
def test_the_stored_steps_decode_to_every_figure_of_the_line(spec: str, deal: int) -> None:
    game, stock, moves = game_line(spec, deal)
    states = replay(game, game.initial_state(stock), moves).states
    steps = [tokens_of(figure_of(game, state, last_move=moves[k - 1] if k else None), game.places)
             for k, state in enumerate(states)]
    encoded = encode(steps)
    assert decode(encoded) == steps
    assert len(encoded.table) < sum(map(len, steps)) / 5  # most tokens repeat from step to step
    data = _data(page(spec, deal))
    assert (data["table"], data["first"]) == (encoded.table, encoded.first)
    assert [[list(edit) for edit in edits] for edits in encoded.diffs] == data["diffs"]


def test_every_figure_phrase_survives_the_tokens() -> None:
    """The page rebuilds the description from ``d`` and ``e`` tokens as the figure joins its phrases."""
    game, stock, moves = game_line("village", 4)
    for k, state in enumerate(replay(game, game.initial_state(stock), moves).states[::25]):
        figure = figure_of(game, state)
        phrases, told = [t[2:] for t in tokens_of(figure, game.places) if t[0] in "de"], []
        for token in (t for t in tokens_of(figure, game.places) if t[0] in "de"):
            told.append([token[2:]]) if token[0] == "d" else told[-1].append(token[2:])
        rebuilt = [head + (": " + ", ".join(items) if items else "") for head, *items in told]
        assert rebuilt == list(figure.told), k
        assert phrases


@pytest.mark.parametrize(("spec", "deal"), [("gallery", 18), ("village", 11)])
def test_a_long_two_pack_game_fits_in_300_kb(spec: str, deal: int) -> None:
    game, _, moves = game_line(spec, deal)
    html = page(spec, deal)
    assert game.packs == 2 and len(moves) >= 280
    assert len(html.encode("utf-8")) <= MAX_BYTES
    # The whole pack is drawn (every face once in <defs>), and the line is all there.
    assert html.count("<symbol id=\"c-") == 52 and f"#step={len(moves)}\"" in html


def test_the_page_names_nothing_outside_itself() -> None:
    html = page("quadrille", 7)
    assert not re.search(r"(?:src|href|action)=\"(?!#)", html), "every reference is a fragment of the page"
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html
    assert "@import" not in html and "url(" not in html
    assert "default-src 'none'" in html  # and the browser is told to fetch nothing


def test_the_same_line_gives_the_same_bytes() -> None:
    game, stock, moves = game_line("phalanx", 2)
    again = page_html(game, stock, moves, deal=2, source=Source("no_peek", Result.UNKNOWN))
    assert again == page("phalanx", 2)


def test_the_move_list_numbers_steps_and_opens_a_phase_at_each_redeal() -> None:
    game, _, moves = game_line("quadrille", 7)
    phases = move_list(game, moves)
    redeals = [k for k, move in enumerate(moves, 1) if move.is_redeal]
    assert [p.first for p in phases] == [0, *redeals]
    assert [p.title for p in phases] == ["Первый проход", "Второй проход", "Третий проход"]
    entries = [entry for p in phases for entry in p.entries]
    assert [entry.step for entry in entries] == list(range(1, len(moves) + 1))
    redeal_texts = [entry.text for entry in entries if entry.redeal]
    assert redeal_texts == [f"{k}. пересдача {n}" for n, k in enumerate(redeals, 1)]


def test_red_cards_are_marked_and_text_is_escaped() -> None:
    assert str(red_suits("10♥ <b> К♠ Д♦ → дама ♦")) == (
        '<span class="red">10♥</span> &lt;b&gt; К♠ <span class="red">Д♦</span> → дама <span class="red">♦</span>')


@pytest.mark.parametrize(("source", "outcome", "words"), [
    (Source("solver", Result.WON), Result.WON, "Решение программы"),
    (Source("no_peek", Result.LOST), Result.LOST, "не выходит"),
    (Source("no_peek", Result.UNKNOWN), Result.WON, "не нашла решения"),
    (Source("record", Result.LOST, "g2.json"), Result.LOST, "«g2.json»"),
])
def test_the_summary_says_where_the_line_comes_from(source: Source, outcome: Result, words: str) -> None:
    text = summary_ru(source, 21, outcome)
    assert words in text and "21\u00a0ход;" in text and text.endswith(".")

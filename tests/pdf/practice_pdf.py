"""Reading practice sheets back: poppler's text of a sheet PDF, its stacking orders and answer key, and the
solver's line as the key prints it (shared by the practice-sheet test modules)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.pdf import practice
from generator.pdf.practice import build_sheets
from generator.pdf.practice.deal import STACK_TITLE
from generator.replay import replay
from generator.solver import Budget, solve
from generator.walkthrough import phases

TOOLS = ("pdftotext", "pdffonts", "pdfinfo", "qpdf")
#: The practice-sheet test modules' ``pytestmark``: they read the PDFs back with these tools.
NEEDS_POPPLER = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)",
)

ROOT = Path(__file__).resolve().parents[2]
CARD_RE = re.compile(r"(10|[2-9ТВДК])([♠♣♥♦])")
SUITS = "♠♣♥♦"
RANKS = ("", "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")


def run(*command: str | Path) -> str:
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True).stdout


def text_of(pdf: Path, *, first: int | None = None, last: int | None = None) -> str:
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    return run("pdftotext", "-raw", *pages, pdf, "-").replace("\u00a0", " ")


def prose(pdf: Path) -> str:
    """The text of ``pdf`` as running prose: words hyphenated at a line end joined, all spaces single."""
    return re.sub(r"\s+", " ", re.sub(r"(?<=[а-яё])-\n(?=[а-яё])", "", text_of(pdf)))


def pages(pdf: Path) -> int:
    return int(re.search(r"Pages:\s+(\d+)", run("pdfinfo", pdf)).group(1))


def card_index(rank: str, suit: str) -> int:
    return SUITS.index(suit) * 13 + RANKS.index(rank) - 1


def stacking_orders(pdf: Path) -> dict[int, list[int]]:
    """Deal number → the cards listed under «Как сложить колоду», in reading order."""
    orders: dict[int, list[int]] = {}
    deal = None
    listing = False
    for line in text_of(pdf).splitlines():
        heading = re.search(r"Расклад № ([\d ]+)$", line)
        if heading and "—" not in line:
            deal, listing = int(heading.group(1).replace(" ", "")), False
            continue
        if line.lstrip("\f") == "Ответы":
            break
        if line.startswith(STACK_TITLE):
            listing = True
            orders[deal] = []
            continue
        if listing:
            orders[deal] += [card_index(r, s) for r, s in CARD_RE.findall(line)]
    return orders


#: An entry of a key as pdftotext gives it: «12. 9♠ кон → ряд 3» (a choice) or «1–8. Раздача: …» (forced moves).
ENTRY = re.compile(r"(\d+(?:–\d+)?)\. (.+)$")
CARD = re.compile(r"(?:10|[2-9ТВДК])[♠♣♥♦]")


def key_lines(text: str) -> list[str]:
    """The key's lines, a row of several entries (the columns of choices, set row by row) cut into one per entry."""
    out: list[str] = []
    for line in text.splitlines():
        out += re.split(r" (?=\d+(?:–\d+)?\. \S)", line.lstrip("\f"))
    return out


def run_complete(numbers: str, text: str) -> bool:
    """Whether a run's text, joined so far, is whole: as many cards as its numbers say, ending on a place."""
    first, _, last = numbers.partition("–")
    body = text.partition(": ")[2] if text.startswith("Раздача: ") else text
    return (len(CARD.findall(body)) >= int(last or first) - int(first) + 1 and not text.endswith("→")
            and "→" in text.rpartition(";")[2])


def answer_key(pdf: Path) -> dict[int, tuple[str, list[tuple[str, str]]]]:
    """Deal number → (its verdict line, its entries as printed: (numbers, text), «12» or «1–8»; a run of forced
    moves that wraps is joined back into one)."""
    text = text_of(pdf)
    answers: dict[int, tuple[str, list[tuple[str, str]]]] = {}
    current, running = None, False
    start = re.search(r"^\f?Ответы$", text, flags=re.M)
    assert start, "no answer key"
    for line in key_lines(text[start.start():]):
        heading = re.match(r"Расклад № ([\d ]+) — (.+)$", line)
        if heading:
            current, running = int(heading.group(1).replace(" ", "")), False
            answers[current] = (heading.group(2), [])
            continue
        move = ENTRY.match(line)
        if running and current is not None:  # a run goes on on the next line until it is whole
            numbers, printed = answers[current][1][-1]
            answers[current][1][-1] = (numbers, f"{printed} {line.strip()}")
            running = not run_complete(numbers, answers[current][1][-1][1])
        elif move and current is not None:
            answers[current][1].append((move.group(1), re.sub(r"\s+", " ", move.group(2)).strip()))
            running = "–" in move.group(1) and not run_complete(move.group(1), answers[current][1][-1][1])
    return answers


def expected_moves(game_spec: str, deal: int,
                   positions: int = practice.POSITIONS) -> tuple[Result, list, list[tuple[int, str]]]:
    """The solver's verdict and line for a deal, searched as the sheets search it, and its entries as the key
    prints them (choices one by one, forced runs condensed)."""
    game = make_game(game_spec)
    stock = stock_indices(game.id, deal)
    solution = solve(game, stock, budget=Budget(seconds=None, nodes=positions))
    states = replay(game, game.initial_state(stock), solution.moves).states
    printed = [(entry.numbers, f"{entry.label}: {entry.text}" if entry.label else entry.text)
               for group in phases(game, solution.moves, states, stock=stock) for entry in group.entries]
    return solution.result, solution.moves, printed


def built(factory: pytest.TempPathFactory, spec: str, first: int, count: int) -> Path:
    """A practice sheet with answers, written once per test module."""
    pdf = factory.mktemp("practice") / f"{spec}.pdf"
    with pdf.open("wb") as handle:
        build_sheets(spec, handle, first=first, count=count)
    return pdf


#: «Деревенский пасьянс» deal 82: won, but only after some 28 000 positions (an easy deal takes hundreds).
NEEDY_DEAL = 82

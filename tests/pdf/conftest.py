"""The practice sheets the practice-sheet test modules read back, built once per module that asks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pdf.practice_pdf import built


@pytest.fixture(scope="module")
def quadrille(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four «Кадриль» deals with answers, built once per test module that asks for it."""
    return built(tmp_path_factory, "quadrille", 1, 4)


@pytest.fixture(scope="module")
def brunette(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two «Брюнетка и блондинка» deals with answers."""
    return built(tmp_path_factory, "brunette_blonde", 7, 2)

"""The book prints the rule texts verbatim: the assets must be the seeds, cut at the titles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.paths import RULE_TEXTS, rule_text

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_FILES = {
    "000": ["village", "brunette_blonde"],
    "002": ["fragment", "quadrille", "gallery", "phalanx"],
}


def _squash(text: str) -> str:
    return re.sub(r"\s*\n\s*", "\n", text).strip()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not beside this clone")
@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_assets_concatenate_to_the_seed(seed):
    (seed_file,) = SEEDS.glob(f"{seed}_*.txt")
    joined = "\n".join(rule_text(name) for name in SEED_FILES[seed])
    assert _squash(joined) == _squash(seed_file.read_text(encoding="utf-8"))


def test_every_game_text_starts_at_its_title():
    assert rule_text("village").startswith("Деревенский пасьянс играется")
    assert rule_text("brunette_blonde").startswith("Пасьянс «Брюнетка и блондинка»\n")
    assert rule_text("quadrille").startswith("Пасьянс «Кадриль»\n")
    assert rule_text("gallery").startswith("Пасьянс «Картинная галерея»\n")
    assert rule_text("phalanx").startswith("Пасьянс «Македонская фаланга»\n")
    assert rule_text("fragment").startswith("Эта раскладка должна выходить в один раз")


def test_there_are_exactly_six_texts():
    expected = sorted(name for names in SEED_FILES.values() for name in names)
    assert sorted(p.stem for p in RULE_TEXTS.glob("*.txt")) == expected

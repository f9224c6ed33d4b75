"""The book prints the rule texts verbatim: the assets must be the seeds, cut at the titles."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from generator.paths import RULE_TEXTS, rule_text

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_FILES = {
    "000": ["village", "brunette_blonde"],
    "002": ["fragment", "quadrille", "gallery", "phalanx"],
}
#: SHA-256 of each seed's text with the whitespace between lines squashed (``_squash``), so the
#: assets are checked against the seeds in any clone, even one without ``../shared/seeds`` beside it.
SEED_DIGESTS = {
    "000": "ce89e24c3916178343f753c05e8b6d6f0931751a4fa43400fea19e7b157efeeb",
    "002": "b04634e871a57841657395b47368eeaee3bb795539fdc2ff97bdd84f7d0bf37d",
}


def _squash(text: str) -> str:
    return re.sub(r"\s*\n\s*", "\n", text).strip()


def _digest(text: str) -> str:
    return hashlib.sha256(_squash(text).encode("utf-8")).hexdigest()


@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_assets_concatenate_to_the_seed(seed):
    joined = "\n".join(rule_text(name) for name in SEED_FILES[seed])
    assert _digest(joined) == SEED_DIGESTS[seed]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not beside this clone (the digests still check)")
@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_the_digests_are_the_seeds(seed):
    (seed_file,) = SEEDS.glob(f"{seed}_*.txt")
    text = seed_file.read_text(encoding="utf-8")
    assert _digest(text) == SEED_DIGESTS[seed]
    joined = "\n".join(rule_text(name) for name in SEED_FILES[seed])
    assert _squash(joined) == _squash(text)  # on failure, pytest shows where the texts part


def test_squashing_keeps_the_words_and_paragraphs():
    # The digest forgives only whitespace at line ends and blank lines, nothing inside a line.
    assert _squash("  а  б \n\n  в\n") == "а  б\nв"
    assert _digest("а б\nв") != _digest("а б в") != _digest("аб\nв")


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

"""Where the project's data lives: ``assets/`` and ``templates/`` beside the package."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
TEMPLATES = ROOT / "templates"
RULE_TEXTS = ASSETS / "rules"
OUTPUT = ROOT / "output"


def rule_text(name: str) -> str:
    """A rule text from ``assets/rules`` (a game id, or ``fragment``), verbatim."""
    return (RULE_TEXTS / f"{name}.txt").read_text(encoding="utf-8")

"""Reading the print-and-play pack back (shared by the pack's test modules): the tools, the units, the first page."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

TOOLS = ("pdftotext", "pdffonts", "pdfinfo", "pdftoppm", "qpdf")
#: The pack's test modules' ``pytestmark``: they read the PDFs back with these tools.
NEEDS_TOOLS = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)",
)

MM = 72 / 25.4  # points per millimetre


def run(*command: str | Path) -> str:
    """A tool's standard output (it must succeed)."""
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True).stdout


def first_page(pdf: Path) -> str:
    """The text of the pack's first page, every run of white space (no-break spaces too) one space."""
    return re.sub(r"\s+", " ", run("pdftotext", "-f", "1", "-l", "1", pdf, "-").replace("\u00a0", " "))

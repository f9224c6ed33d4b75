"""Hardening: a killed writer never leaves a torn file; bad invocations change nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.safeio import atomic_output, remove_stale_parts, write_text

ROOT = Path(__file__).resolve().parent.parent


def test_a_failed_write_keeps_the_old_file(tmp_path):
    target = tmp_path / "book.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_output(target) as handle:
        handle.write(b"half")
        raise RuntimeError("crash while writing")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]


def test_stale_parts_of_dead_writers_are_removed(tmp_path):
    target = tmp_path / "book.pdf"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".book.pdf.{dead.stdout.strip()}-abc.part"
    mine = tmp_path / f".book.pdf.{os.getpid()}-xyz.part"
    stale.write_bytes(b"torn")
    mine.write_bytes(b"in progress")
    remove_stale_parts(target)
    assert not stale.exists() and mine.exists()
    write_text(target, "new")
    assert target.read_text() == "new"


@pytest.mark.parametrize("delay", [0.05, 0.2, 0.4, 0.7, 1.0, 1.5])
def test_killing_the_rulebook_leaves_the_old_file_or_a_whole_new_one(tmp_path, delay):
    target = tmp_path / "rulebook.pdf"
    target.write_bytes(b"%PDF-old")
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "rulebook", "-o", str(target)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    data = target.read_bytes()
    assert data == b"%PDF-old" or (data.startswith(b"%PDF-1.") and data.rstrip().endswith(b"%%EOF"))
    # The next run sweeps away whatever the killed one left behind.
    remove_stale_parts(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rulebook.pdf"]


def test_sigterm_cleans_up_its_temporary_file(tmp_path):
    target = tmp_path / "rulebook.pdf"
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "rulebook", "-o", str(target)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    proc.wait()
    names = [p.name for p in tmp_path.iterdir()]
    assert all(not name.endswith(".part") for name in names)

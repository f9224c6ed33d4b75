"""Progress of long work on stderr: a bar redrawn in place on a terminal, a plain line at every tenth in a log.

``pasyans stats``, ``pasyans deals`` and the benchmarks solve deal after deal for minutes; the user
should see that work goes on, and a log should not fill with carriage returns.
"""

from __future__ import annotations

import sys
from typing import TextIO

BAR_WIDTH = 30


class Progress:
    """``update(done, detail)`` after each step of ``total``; ``end()`` once (also after an error)."""

    def __init__(self, total: int, label: str, *, stream: TextIO | None = None) -> None:
        self.total, self.label = total, label
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty()
        self._logged_tenths = 0
        self._open_line = False

    def update(self, done: int, detail: str = "") -> None:
        counts = f"{done}/{self.total}" + (f"  {detail}" if detail else "")
        if self.terminal:
            filled = BAR_WIDTH * min(done, self.total) // max(1, self.total)
            self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {counts}")
            self._open_line = True
            if done >= self.total:
                self.end()
        else:
            tenths = 10 * done // max(1, self.total)
            if tenths <= self._logged_tenths:
                return
            self._logged_tenths = tenths
            self.stream.write(f"{self.label}: {counts}\n")
        self.stream.flush()

    def end(self) -> None:
        """Close the terminal's bar line, so what is printed next starts on a line of its own."""
        if self._open_line:
            self.stream.write("\n")
            self.stream.flush()
            self._open_line = False


class TerminalNote:
    """One line of progress for a single long step (``svg``'s search for a line, ``solve``): written to ``stream``
    only if it is a terminal; a log's stderr holds only an error, in one line."""

    def __init__(self, stream: TextIO | None = None) -> None:
        chosen = stream or sys.stderr
        self.stream = chosen if chosen.isatty() else None

    def __call__(self, text: str, end: str = "\n") -> None:
        if self.stream is not None:
            print(text, end=end, file=self.stream, flush=True)

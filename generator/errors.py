"""The two ways work ends early that a user sees: a mistake in what they asked for, and a stop they asked for."""

from __future__ import annotations

import signal


class UserError(Exception):
    """Bad input: the CLI prints the message on one line and exits with status 2."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM: unwinds like Ctrl-C (temporary files removed, workers stopped); exit 128 + signal."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum

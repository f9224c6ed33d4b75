"""The one error type a user ever sees: a mistake in what they asked for."""

from __future__ import annotations


class UserError(Exception):
    """Bad input: the CLI prints the message on one line and exits with status 2."""

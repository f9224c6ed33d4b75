"""Safe output: every file is written beside its target and renamed into place.

A crash, Ctrl-C or kill leaves the old file or none, never a torn one. And
input a user names (a record, a typed pack) is read with one-line errors.
"""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from generator.errors import UserError


def read_input(path: str | os.PathLike[str], what: str, error: type[UserError] = UserError) -> str:
    """The text of a file the user named (UTF-8, a byte-order mark allowed); ``error`` says why it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise error(f"no such {what}: {path}") from None
    except IsADirectoryError:
        raise error(f"{path} is a directory, not a {what}") from None
    except (OSError, UnicodeDecodeError) as reason:
        raise error(f"cannot read {path}: {reason}") from None


def check_output_directory(path: str | os.PathLike[str]) -> Path:
    """Refuse, before any work is done, a directory that is neither there nor makeable.

    A missing directory is made when the first file is written into it (``atomic_output``), so a
    run refused or stopped before that leaves no empty directory behind; here only its nearest
    existing ancestor has to be a writable directory.
    """
    directory = Path(path)
    existing = directory
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise UserError(f"output path {existing} is not a directory")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UserError(f"output directory {existing} is not writable")
    return directory


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """Refuse, before any work is done, an output path that cannot be written (its directory may be missing)."""
    target = Path(path)
    if target.is_dir():
        raise UserError(f"output path {target} is a directory: give a file name")
    check_output_directory(target.parent if str(target.parent) else Path("."))
    return target


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_parts(target: Path) -> None:
    """Delete temporary files a killed run left beside ``target`` (their writer's pid is gone).

    A SIGKILL gives a process no chance to clean up; the next run does it.
    """
    prefix = f".{target.name}."
    for part in target.parent.glob(f"{glob.escape(prefix)}*.part"):
        pid_text = part.name[len(prefix) :].split("-", 1)[0]
        if pid_text.isdigit() and not _pid_alive(int(pid_text)):
            with contextlib.suppress(OSError):
                part.unlink()


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str], mode: str = "wb") -> Iterator[IO[Any]]:
    """Open a temporary file next to ``path``; on success it replaces ``path`` atomically."""
    target = check_output_path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(f"cannot make the output directory {target.parent}: {error.strerror}") from None
    remove_stale_parts(target)
    prefix = f".{target.name}.{os.getpid()}-"
    fd, temp_name = tempfile.mkstemp(prefix=prefix, suffix=".part", dir=target.parent or ".")
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp_name, 0o644)
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise


def write_text(path: str | os.PathLike[str], text: str) -> None:
    with atomic_output(path, "w") as handle:
        handle.write(text)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    with atomic_output(path, "wb") as handle:
        handle.write(data)

"""Where the solvers keep files they can always make again (a lexicon's arrays, the screen's
judge), and how they trust one: numpy-free, so a cache that needs no array costs no import.

A folder is the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``~/Library/Caches``
on macOS, ``%LOCALAPPDATA%`` on Windows, each then ``wordbot/lexicons``), else a private folder
in the temporary directory. A file someone else owns, or may write, is never read; a file is
written beside its place and renamed over it, so a reader never sees half of one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path


class StaleCache(ValueError):
    """A cache file that does not hold what its key promises."""


def cache_dirs() -> Iterable[Path]:
    """Where cache files go, in order of preference: the user's cache folder, then a private
    folder in the temporary directory (found only when the first will not do: tempfile imports
    shutil, bz2, lzma and random, a few milliseconds of a command's start)."""
    return _Folders()


class _Folders:
    def __iter__(self) -> Iterator[Path]:
        if sys.platform == "win32":
            base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        elif sys.platform == "darwin":
            base = Path.home() / "Library" / "Caches"
        else:
            base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        yield base / "wordbot" / "lexicons"
        import tempfile

        yield Path(tempfile.gettempdir()) / f"wordbot-{getattr(os, 'getuid', lambda: 'user')()}" / "lexicons"


def fingerprint(label: str, paths: list[Path]) -> bytes:
    """The SHA-256 of ``label`` and of each file's name and bytes (a missing file counts as such):
    what a cache file is keyed by besides its sources, so that new code or data makes it anew."""
    import hashlib  # imported when needed: loading OpenSSL is ~7-15 ms of a command's start (issue 46)

    digest = hashlib.sha256(label.encode())
    for path in paths:
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes() if path.is_file() else b"(missing)")
    return digest.digest()


def check_owner(status: os.stat_result, folder: bool = False) -> None:
    """Refuse a folder someone else owns, or a file someone else owns or may write (the
    fallback folder is in a shared temporary directory)."""
    if hasattr(os, "getuid") and (status.st_uid != os.getuid() or (not folder and status.st_mode & 0o022)):
        raise StaleCache("owned or writable by another user")


def write_beside(folder: Path, name: str, parts: list[bytes]) -> Path:
    """Write ``parts`` to ``folder/name`` through a temporary file renamed over it."""
    import tempfile

    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    check_owner(os.stat(folder), folder=True)
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name[:16]}-", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as file:
            for part in parts:
                file.write(part)
        path = folder / name
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path

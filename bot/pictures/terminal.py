"""``--png FILE``: a command writes the picture the bot would post, so it can be seen offline.

Shared by every command that has a picture: the option (on a command and on each of its
subcommands that shows one, so it may come before or after the subcommand's name) and the
writing, whose failure is one line and exit status 2, never a traceback. Nothing here imports
Pillow: the command draws its picture only when ``--png`` is given.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

FAILED = 2  # the exit status of a path that cannot be written: the user's to fix, as a bad option is


def add_png_option(parser: argparse.ArgumentParser, what: str = "the picture the bot posts") -> None:
    """``--png FILE`` on ``parser``: write ``what`` to FILE as a PNG (an existing file is replaced)."""
    parser.add_argument("--png", metavar="FILE", help=f"also write {what} to FILE (PNG)")


def _complaint(path: str, error: OSError) -> str:
    return f"wordbot: cannot write the picture to {path}: {error.strerror or error}"


def writable(path: str) -> bool:
    """Whether ``path`` can be written, checked before long work (a search) so that a mistyped
    folder fails at once; if not, says why in one line on stderr. The file is opened for
    appending, so nothing in it changes, and removed again if it was not there before."""
    target = Path(path)
    existed = target.exists()
    try:
        with target.open("ab"):
            pass
    except OSError as error:
        print(_complaint(path, error), file=sys.stderr)
        return False
    if not existed:
        target.unlink(missing_ok=True)
    return True


def write_png(path: str, png: bytes) -> int:
    """Write the PNG bytes to ``path``: the exit status, 0, or 2 after one line on stderr."""
    try:
        Path(path).write_bytes(png)
    except OSError as error:
        print(_complaint(path, error), file=sys.stderr)
        return FAILED
    return 0

"""How a terminal command ends: one line for an error (never a traceback), and the exit."""

from __future__ import annotations

import errno
import os
import sys

from bot.paths import complaint

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (as in bot.cli: every start)
if TYPE_CHECKING:  # (collections.abc too: ~1.5 ms of `wordbot --help`, which needs neither)
    from collections.abc import Callable
    from typing import NoReturn


def end(code: int, quick: bool) -> NoReturn:
    """The program's exit with ``code``. After a command that only reads and prints (``quick``:
    its ``quick_exit``), the process ends as soon as its output is written, skipping the
    interpreter's teardown of every module and object: with numpy and a word list loaded that
    took about 45 ms of a 0.4 s ``wordbot fivewords`` (measured with ``farm-bench``, the same
    command with and without the teardown in turns; ``benchmarks/fivewords.py`` times it whole).
    Nothing is lost: such a command leaves no thread running and no file unwritten."""
    if not quick:
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # the reader left (`wordbot anagram ... | head`), which is fine
            pass
        except OSError as error:  # a full disk, a file size limit: said, as the teardown would not
            os.write(2, f"wordbot: the output could not be written: {error.strerror or error}\n".encode())
            code = code or 2
    os._exit(code)


_FULL = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)
"""A write refused for room: a full disk, a file size limit, a quota."""


def failed(error: Exception, user_errors: tuple[type[Exception], ...],
           every_commands_errors: Callable[[], tuple[type[Exception], ...]]) -> int:
    """The message and exit code for ``error``. A user's mistake may be one that another
    command's module names (a server list's name given to ``anagram``): an error not among the
    command's own is looked up among every command's."""
    if isinstance(error, BrokenPipeError):  # e.g. `wordbot anagram ... | head`: the reader left, which is fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if isinstance(error, user_errors) or isinstance(error, every_commands_errors()):  # the input, or the database file
        print(f"wordbot: {error}", file=sys.stderr)
        return 2
    if isinstance(error, OSError) and error.errno in _FULL:  # the output's disk (or file size limit), not us
        print(f"wordbot: the output could not be written: {error.strerror}; free some space, "
              "or send it elsewhere", file=sys.stderr)
        return 2
    if isinstance(error, OSError) and error.filename is not None:  # a path given that a check above missed
        print(f"wordbot: {complaint('use', error.filename, error)}", file=sys.stderr)
        return 2
    import sqlite3

    import asyncpg

    if isinstance(error, (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError)):
        print(f"wordbot: the database failed: {error}", file=sys.stderr)
        return 2
    print(f"wordbot: sorry, something went wrong on our side ({type(error).__name__}: {error}). "
          "Please report it.", file=sys.stderr)  # a fault of ours: one line here, never a traceback
    return 1

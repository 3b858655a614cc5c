"""Paths the command line is given (``--png``, ``--lexicon``, ``--database``, a list's file): a
path that cannot be used, for whatever reason the system gives, is one line saying what to fix.

Every ``OSError`` a path can raise is the user's to fix (a name too long, a folder that is not
there, a file used as a folder, a loop of links, no permission), and so is a full disk: the
message names the path and the reason, and says what to do. Nothing heavy is imported here.
"""

from __future__ import annotations

import errno
import os

SHOWN_LENGTH = 200
"""Paths longer than this are shown shortened (their start and end), so the message stays one line."""

_FIXES = {
    errno.ENAMETOOLONG: "give a shorter path",
    errno.ENOENT: "check the path, or create the folder first",
    errno.ENOTDIR: "a part of the path is a file, not a folder: check the path",
    errno.EISDIR: "that is a folder: give the path of a file",
    errno.ELOOP: "the path's symbolic links go round in a loop: check them",
    errno.EACCES: "give a path you may use, or change its permissions",
    errno.EPERM: "give a path you may use, or change its permissions",
    errno.EROFS: "give a path on a disk that can be written",
    errno.ENOSPC: "free some space, or give a path on another disk",
    errno.EDQUOT: "free some space, or give a path on another disk",
    errno.EFBIG: "the file is over a size limit: raise the limit (ulimit -f), or give a path on another disk",
}


class BadPath(ValueError):
    """A path given to a command that cannot be used as asked; the message says what to fix."""


def shown(path: str | os.PathLike[str]) -> str:
    """``path`` for a message: as given, or its start and end when it is very long."""
    text = os.fspath(path)
    if not text:
        return "'' (an empty path)"
    return text if len(text) <= SHOWN_LENGTH else f"{text[:SHOWN_LENGTH // 2]}…{text[-SHOWN_LENGTH // 4:]}"


def reason(error: OSError | ValueError) -> str:
    """Why a path failed, and what to do about it: "File name too long (give a shorter path)"."""
    if not isinstance(error, OSError):  # os.stat's ValueError: a NUL character in the path
        return "the path holds a character no file name may (NUL): check the path"
    fix = _FIXES.get(error.errno or 0)
    why = error.strerror or str(error)
    return f"{why} ({fix})" if fix else why


def complaint(doing: str, path: str | os.PathLike[str], error: OSError | ValueError) -> str:
    """One line: "cannot <doing> <path>: <reason> (<what to do>)"."""
    return f"cannot {doing} {shown(path)}: {reason(error)}"


def probe(path: str | os.PathLike[str], doing: str) -> None:
    """Raise :class:`BadPath` when ``path`` cannot name a file at all (too long, a loop of links,
    a file used as a folder, no permission to look): everything ``stat`` refuses except that the
    file is not there, which each caller words its own way."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return
    except (OSError, ValueError) as error:
        raise BadPath(complaint(doing, path, error)) from None

"""``--png FILE``: a command writes the picture the bot would post, so it can be seen offline.

Shared by every command that has a picture: the option (on a command and on each of its
subcommands that shows one, so it may come before or after the subcommand's name) and the
writing, whose failure is one line and exit status 2, never a traceback. Nothing here imports
Pillow: the command draws its picture only when ``--png`` is given.

The picture is written whole or not at all: into a new file beside FILE, flushed to the disk,
then renamed over FILE. A write that fails (a full disk, a size limit, Ctrl-C) leaves FILE as it
was and no file of its own behind. A symbolic link is followed: the file it points at is replaced.
A device or a pipe (/dev/null, /dev/stdout) is not a file to replace: the bytes are written to it.
"""

from __future__ import annotations

import argparse
import errno
import os
import secrets
import stat
import sys
from pathlib import Path

from bot.paths import BadPath, complaint

FAILED = 2  # the exit status of a path that cannot be written: the user's to fix, as a bad option is


def add_png_option(parser: argparse.ArgumentParser, what: str = "the picture the bot posts") -> None:
    """``--png FILE`` on ``parser``: write ``what`` to FILE as a PNG (an existing file is replaced)."""
    parser.add_argument("--png", metavar="FILE", help=f"also write {what} to FILE (PNG)")


def writable(path: str) -> bool:
    """Whether a picture can be written to ``path``, checked before long work (a search) so that
    a mistyped folder fails at once; if not, says why in one line on stderr. A file is made beside
    it and removed again, as writing does; a file at ``path`` is not touched."""
    try:
        target, status = _target(path)
        if status is not None and not stat.S_ISREG(status.st_mode):  # a device or a pipe: written as it is
            if not os.access(target, os.W_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
            return True
        descriptor, temporary = _temporary_beside(target, None)
        os.close(descriptor)
        os.unlink(temporary)
    except (OSError, ValueError) as error:
        print(f"wordbot: {complaint('write the picture to', path, error)}", file=sys.stderr)
        return False
    return True


def write_png(path: str, png: bytes) -> int:
    """Write the PNG bytes to ``path``, whole or not at all: the exit status, 0, or 2 after one
    line on stderr (the file that was at ``path`` is then unchanged)."""
    try:
        save_png(path, png)
    except BadPath as error:
        print(f"wordbot: {error}", file=sys.stderr)
        return FAILED
    return 0


def save_png(path: str, png: bytes) -> None:
    """:func:`write_png` for a command that is in the middle of something (a game about to be
    played): a failure raises :class:`BadPath`, which the command line says in one line."""
    try:
        target, status = _target(path)
        if status is None or stat.S_ISREG(status.st_mode):
            _replace(target, png, None if status is None else stat.S_IMODE(status.st_mode))
        else:  # a device or a pipe (/dev/null, /dev/stdout): nothing to replace, the bytes go as they come
            with open(target, "wb") as stream:
                stream.write(png)
    except (OSError, ValueError) as error:
        raise BadPath(complaint("write the picture to", path, error)) from None


def _target(path: str) -> tuple[Path, os.stat_result | None]:
    """The file ``path`` names and its status (None: not there yet), refused when it is a folder or
    cannot be looked at (a name too long, a loop of links, a file used as a folder, no permission).
    A file's link is followed to the file it points at, which is the one replaced."""
    if not path:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    try:
        status: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        status = None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if status is not None and not stat.S_ISREG(status.st_mode):
        return Path(path), status
    return Path(os.path.realpath(path)), status


def _temporary_beside(target: Path, mode: int | None) -> tuple[int, Path]:
    """A new, empty file in ``target``'s folder (so a rename puts it in place at once), open for
    writing: the file's permissions are ``mode``, else a new file's (the umask's)."""
    temporary = target.with_name(f".wordbot-{secrets.token_hex(6)}.png.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    if mode is not None:
        os.fchmod(descriptor, mode)
    return descriptor, temporary


def _replace(target: Path, data: bytes, mode: int | None) -> None:
    """Put ``data`` at ``target`` atomically: written and synced to a file beside it (with the
    permissions ``mode``, a replaced file's own), which is then renamed over it. On any failure
    the new file is removed and ``target`` is as it was."""
    descriptor, temporary = _temporary_beside(target, mode)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows a folder to be synced)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)

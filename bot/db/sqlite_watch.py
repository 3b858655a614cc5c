"""Whether the SQLite file the bot has open is still the file at its path, and can still be written.

SQLite keeps using a file it has open after the file was deleted, moved away or replaced: every
write still "commits", into a file that is gone at the next start. So the writer compares the
file at the path with the one it opened (device and inode: a ``stat`` before each batch, and
one after its COMMIT, before any answer; their cost is in docs/scaling.md) and, when they
differ, fails the batch and refuses every write after it with a ``StoreError`` (players get the
database-down line) until the same file is back at the path (moved back). A backup restored at the path is
another file: the bot must be restarted to use it.

/healthz also fails while the file is read-only (chmod a-w, another owner, a read-only file system:
writes still reach the file the bot has open, but the next start cannot write), or while the
last write could not commit (disk full, an I/O error), until a write commits again.

Each condition is logged once when it begins, with an error id, and once when it ends.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import threading
from dataclasses import dataclass
from pathlib import Path

from bot.observe.errors import report

log = logging.getLogger(__name__)

LOST_ADVICE = ("Writes are refused until the same file is back at that path: they would be lost at the next "
               "start. To use a restored backup instead, put it at the path and restart the bot.")
CANNOT_WRITE = ("SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_CORRUPT", "SQLITE_NOTADB")
"""SQLite's errors that mean a write cannot commit however often it is tried (unlike a lock held
for a while by another program, SQLITE_BUSY)."""


@dataclass(frozen=True, slots=True)
class FileIdentity:
    """Which file a path names: its device and inode."""

    device: int
    inode: int

    @classmethod
    def of(cls, status: os.stat_result) -> FileIdentity:
        return cls(status.st_dev, status.st_ino)


class Condition:
    """One thing that can be wrong, logged once when it begins (with an error id) and once when it ends."""

    def __init__(self, over: str) -> None:
        self.over = over  # what the log says when it ends
        self.problem: str | None = None
        self._lock = threading.Lock()  # the writer's thread and the event loop both note

    def note(self, problem: str | None) -> str | None:
        with self._lock:
            before, self.problem = self.problem, problem
        if problem is not None and problem != before:
            report(None, where="database", what=f"The SQLite database: {problem}", traceback=False, logger=log)
        elif problem is None and before is not None:
            log.warning("The SQLite database: %s (it was: %s)", self.over, before)
        return problem


class FileWatch:
    """The file a SQLite connection opened at ``path``, watched (see the module's docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.opened = self._identity()  # taken right after the connections opened the file
        self.lost = Condition(f"the file the bot opened is back at {self.path}: writes resume")
        self.read_only = Condition(f"the file {self.path} is writable again")
        self.write_failure = Condition("a write committed again")

    def _identity(self) -> FileIdentity | None:
        if str(self.path) == ":memory:":
            return None
        return FileIdentity.of(os.stat(self.path))

    def check_lost(self) -> str | None:
        """Why the file at the path is not the file the bot opened (one ``stat``), or None."""
        if self.opened is None:
            return None
        try:
            now = FileIdentity.of(os.stat(self.path))
        except FileNotFoundError:
            return self.lost.note(f"the file {self.path} was deleted or moved away. {LOST_ADVICE}")
        except OSError as error:
            return self.lost.note(f"the file {self.path} cannot be seen ({error.strerror}). {LOST_ADVICE}")
        if now != self.opened:
            return self.lost.note(f"the file at {self.path} is another file than the one the bot opened "
                                  f"(replaced). {LOST_ADVICE}")
        return None if self.lost.problem is None else self.lost.note(None)

    def check_read_only(self) -> str | None:
        """Why the file is read-only: nobody may write it (chmod a-w, which root ignores but is
        meant all the same), or this user may not (another owner, a read-only file system)."""
        if self.opened is None:
            return None
        try:
            mode = os.stat(self.path).st_mode
        except OSError:
            return self.read_only.note(None)  # check_lost says so
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(self.path, os.W_OK):
            return self.read_only.note(f"the file {self.path} is read-only: the bot could not write it after a "
                                       "restart. Make it writable for the bot's user (chmod u+w).")
        return self.read_only.note(None)

    def wrote(self, error: sqlite3.Error | None) -> None:
        """A batch's outcome: committed (``error`` None), or failed with ``error``."""
        if error is None:
            if self.write_failure.problem is not None:
                self.write_failure.note(None)
        elif getattr(error, "sqlite_errorname", "").startswith(CANNOT_WRITE):
            self.write_failure.note(f"a write could not commit ({error}). Free disk space, or check the disk and "
                                    "the file's permissions; the health check is ok again after a write commits.")

    def problem(self) -> str | None:
        """What /healthz reports: the file lost, read-only, or its last write failed; or None."""
        return self.check_lost() or self.check_read_only() or self.write_failure.problem

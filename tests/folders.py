"""Folders the tests keep their PostgreSQL servers' files in."""

import os
import shutil
import tempfile
import time
from pathlib import Path

PREFIX = "wordbot-test-pg-"
STALE_SECONDS = 3600


def memory_folder() -> str | None:
    """Where a test's PostgreSQL server keeps its files: in memory (Linux's /dev/shm) where there
    is one, else the usual temporary folder. Each test's database is a thousand files made and
    deleted, and on ext4 a file made where many were just deleted costs the kernel a search of its
    inode table (``ext4_create`` in ``recently_deleted``): a CREATE DATABASE took 550 ms of CPU on
    disk after a few hundred, 25 ms in memory. Run alone, the PostgreSQL tests' servers took 190 s
    of the machine's 382 s of CPU on disk, 68 s in memory."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


def new_server_folder() -> Path:
    """A new folder for a test server's files, its own (outside pytest's numbered temporary
    folders, which another pytest run on the same machine may delete while this one uses them).
    The folders of runs that were killed, which would hold their memory until the machine
    restarts, are removed first: those over an hour old whose server is not running."""
    parent = Path(memory_folder() or tempfile.gettempdir())
    for folder in parent.glob(f"{PREFIX}*"):
        if _stale(folder):
            shutil.rmtree(folder, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix=PREFIX, dir=parent))


def _stale(folder: Path) -> bool:
    try:
        if time.time() - folder.stat().st_mtime < STALE_SECONDS:
            return False
        pid = int((folder / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):  # no server was started there, or it stopped
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # someone else's server
        return False
    return False

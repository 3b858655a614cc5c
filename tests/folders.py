"""Folders the tests keep their servers' files in."""

import os
from pathlib import Path


def memory_folder() -> str | None:
    """Where a test's PostgreSQL server keeps its files: in memory (Linux's /dev/shm) where there
    is one, else the usual temporary folder. Each test's database is a thousand files made and deleted, and on
    ext4 a file made where many were just deleted costs the kernel a search of its inode table
    (``ext4_create`` in ``recently_deleted``): a CREATE DATABASE took 550 ms of CPU on disk after a
    few hundred, 25 ms in memory, and the test servers were a third of the run's CPU time."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None

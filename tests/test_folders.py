"""The test servers' folders (tests/folders.py): a killed run's folder is removed by a later run,
a running server's and a starting one's never."""

import os
import shutil
import time
from pathlib import Path

from tests.folders import PREFIX, STALE_SECONDS, new_server_folder


def server_folder(parent: Path, name: str, pid: int | None, age: float) -> Path:
    folder = parent / f"{PREFIX}{name}-{os.getpid()}"
    (folder / "data").mkdir(parents=True)
    if pid is not None:
        (folder / "data" / "postmaster.pid").write_text(f"{pid}\n{folder / 'data'}\n")
    then = time.time() - age
    os.utime(folder, (then, then))
    return folder


def test_only_the_folders_of_stopped_servers_an_hour_old_are_removed():
    mine = new_server_folder()
    parent = mine.parent
    killed = server_folder(parent, "killed", pid=2**22 + 12345, age=STALE_SECONDS + 60)  # no such process
    never_started = server_folder(parent, "never", pid=None, age=STALE_SECONDS + 60)
    running = server_folder(parent, "running", pid=os.getpid(), age=STALE_SECONDS + 60)
    starting = server_folder(parent, "starting", pid=None, age=5)
    another = mine
    try:
        another = new_server_folder()
        assert not killed.exists() and not never_started.exists()
        assert running.exists() and starting.exists() and mine.exists() and another.exists() and another != mine
    finally:
        for folder in (mine, killed, never_started, running, starting, another):
            shutil.rmtree(folder, ignore_errors=True)

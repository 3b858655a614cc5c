"""CPU time from /proc: of given processes, of a PostgreSQL server and all its backends, and how
busy the whole machine was (every program on it included)."""

from __future__ import annotations

import os
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (field 3 on), or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def process_cpu(pids: list[int]) -> float:
    """CPU seconds (user and system) the processes ``pids`` used so far."""
    ticks = 0
    for pid in pids:
        fields = _stat_fields(pid)
        if fields is not None:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / TICK


def server_cpu(server_pid: int) -> float:
    """CPU seconds a PostgreSQL server used so far: the postmaster, its finished backends (reaped
    into its children's time) and its live ones (backends, WAL writer, checkpointer, autovacuum)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        fields = _stat_fields(stat.parent.name)
        if fields is None:
            continue
        pid, parent = int(stat.parent.name), int(fields[1])
        if pid == server_pid:
            ticks += sum(int(f) for f in fields[11:15])
        elif parent == server_pid:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / TICK


class BusyMeter:
    """From its making until asked: the share (0 to 1) of every core's time spent busy (not idle,
    not waiting for I/O), from /proc/stat; and the seconds in which every task that had work was
    stalled on I/O (the kernel's pressure stall information: a stall of a shared disk), from
    /proc/pressure/io (0 where the kernel does not give it)."""

    def __init__(self) -> None:
        self.ticks = _busy_ticks()
        self.io = _io_stalled()

    def share(self) -> float:
        busy = _busy_ticks()
        return (busy[0] - self.ticks[0]) / max(1, busy[1] - self.ticks[1])

    def io_stalled(self) -> float:
        return _io_stalled() - self.io


def _io_stalled() -> float:
    try:
        with open("/proc/pressure/io") as pressure:
            lines = pressure.read().split("\n")
    except OSError:
        return 0.0
    full = next((line for line in lines if line.startswith("full")), "total=0")
    return int(full.rsplit("total=", 1)[1]) / 1e6


def _busy_ticks() -> tuple[int, int]:
    with open("/proc/stat") as stat:
        ticks = [int(field) for field in stat.readline().split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20

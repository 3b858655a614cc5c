"""SQLite's commits: ``synchronous = FULL`` (the bot's) against ``NORMAL``, in the same run (issue 41).

In WAL mode, NORMAL writes each commit to the WAL without waiting for the disk: a crash of the
process loses nothing, a power cut may lose the last commits, acknowledged or not. FULL waits for
the disk at each COMMIT (an fsync of the WAL). The group writer commits once per batch, so FULL
costs one fsync per batch, not per guess. The runs alternate (NORMAL, FULL, NORMAL, ...) so that
a machine getting busier during the run weighs on both alike; each line pools its runs.

Also measured: the writer's check that the file at the database's path is still the one it
opened (``bot/db/sqlite_watch.py``), made before each batch and after its COMMIT.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any

import numpy as np
from scale_crowd import seats

from bot.db.sqlite_watch import FileWatch

MODES = ("NORMAL", "FULL")
CHECKS = 20_000


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def compare_synchronous(bench: Any, burst: Callable[..., Any]) -> None:
    """``bench``: scale.py's ``Bench``; ``burst``: its 09:00 burst (run per setting, in this process)."""
    args = bench.args
    players, paced = args.players[0], (args.paced_players or [200])[0]
    everyone, pacers = (seats(n, args.per_guild, args.shard_count) for n in (players, paced))
    print(f"SQLite's commits, synchronous FULL against NORMAL: {args.sync_rounds} runs of each, alternated; "
          f"{players} players flat out, {paced} paced ({args.think:g} s), the burst of {args.guilds:,} guilds")
    flat: dict[str, list] = {mode: [] for mode in MODES}
    slow: dict[str, list] = {mode: [] for mode in MODES}
    bursts: dict[str, list[float]] = {mode: [] for mode in MODES}
    for _ in range(args.sync_rounds):
        for mode in MODES:
            flat[mode].append(bench.run("sqlite", [everyone], 0.0, synchronous=mode))
            slow[mode].append(bench.run("sqlite", [pacers], args.think, synchronous=mode))
            seconds, *_ = asyncio.run(burst(bench.new("sqlite"), args.guilds, args.send_ms, args.shard_count, None,
                                            mode))
            bursts[mode].append(seconds)
    figures = {mode: _figures(flat[mode], slow[mode], bursts[mode]) for mode in MODES}
    for mode in MODES:
        f = figures[mode]
        print(f"  {mode:<6}  flat out {f['rate']:>7,.0f} guesses/s  p50 {ms(f['flat p50']):>8}  "
              f"p99 {ms(f['flat p99']):>8}"
              f"   paced p50 {ms(f['paced p50']):>7}  p99 {ms(f['paced p99']):>8}   burst {f['burst']:5.2f} s"
              f"   stalled on I/O {f['stalled'] * 1000:,.0f} ms a run")
    full, normal = figures["FULL"], figures["NORMAL"]
    print("  FULL / NORMAL: " + ", ".join(f"{name} {full[name] / normal[name]:.2f}x" for name in
                                          ("rate", "flat p50", "flat p99", "paced p50", "paced p99", "burst")))
    check = check_cost()
    print(f"  the file check (a stat of the path, before each batch and after its COMMIT): {check * 1e6:.1f} µs each; "
          f"at one batch per guess, {2 * check / full['paced p50']:.2%} of a paced guess's p50")


def _figures(flat: list, slow: list, bursts: list[float]) -> dict[str, float]:
    """Pooled over the runs of one setting: the median rate, the percentiles of every latency."""
    pooled = [x for run in flat for x in run.latencies]
    paced = [x for run in slow for x in run.latencies]
    return {"rate": median(run.rate for run in flat), "flat p50": float(np.percentile(pooled, 50)),
            "flat p99": float(np.percentile(pooled, 99)), "paced p50": float(np.percentile(paced, 50)),
            "paced p99": float(np.percentile(paced, 99)), "burst": median(bursts),
            "stalled": median(run.io_stalled for run in flat + slow)}


def check_cost() -> float:
    """Seconds one check of the file takes (``FileWatch.check_lost``), on a file of this disk."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "w.sqlite3"
        path.write_bytes(b"")
        watch = FileWatch(path)
        began = time.perf_counter()
        for _ in range(CHECKS):
            watch.check_lost()
        return (time.perf_counter() - began) / CHECKS

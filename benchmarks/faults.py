#!/usr/bin/env python3
"""Faults: the bot killed mid-flood, and PostgreSQL restarted under it (issue 41).

The bot is the real one (``create_bot``) in a process of its own, against SimCord, with two
servers' players typing in their bee-together threads (``tests/flood_child.py``); what the players
saw acknowledged (a ✅, ✨ or ⚠️ reaction) is read from the process as it happens
(``tests/flood_kills.py``).

- kills: the process is killed with SIGKILL at a random moment (seeded), 0 to ``--most`` seconds
  after its first acknowledgement, then started again on the same database, ``--sqlite-runs``
  times on one SQLite file and ``--postgres-runs`` times on one PostgreSQL database. After each
  kill the database is checked against every acknowledgement so far: lost (an acknowledged word
  not stored, or credited to someone else than a ✅ said), corrupt (SQLite's integrity check; a
  word credited twice or with wrong points; a player's day that is not the sum of their words).
  "reopened": the bot's ``open_database`` on what the kill left (SQLite recovers its log here).
  "first ack": from a restarted process's start to its first acknowledgement (Python, the bot,
  SimCord and its two servers set up again, then the flood's first reaction).
- PostgreSQL restarts: the bot keeps running while the server is stopped (``pg_ctl stop -m
  fast``), left down ``--down`` seconds and started again, ``--restarts`` times; "recovered" is
  the time from the server being back (``pg_ctl start`` returned) to the first acknowledgement of
  a message typed after the server went down. Then the process is killed and checked as above.

    .venv/bin/python benchmarks/faults.py      # 20 kills on SQLite, 10 on PostgreSQL, 5 restarts (7 minutes)
    .venv/bin/python benchmarks/faults.py --sqlite-runs 5 --postgres-runs 0 --restarts 0
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.flood_child import now  # noqa: E402
from tests.flood_kills import Ack, Check, Flood, check_stored  # noqa: E402


@dataclass(slots=True)
class Tally:
    """A backend's runs so far: the acknowledgements, the last check, the seconds the database
    took to open again after each kill, and the seconds to an acknowledgement (after a restart
    of the bot, or of PostgreSQL)."""

    runs: int = 0
    acks: list[Ack] = field(default_factory=list)
    check: Check = field(default_factory=lambda: Check(0))
    reopened: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    up: float = 0.0  # PostgreSQL restarts: from typing to the reaction with the server up (median)

    def line(self, label: str) -> str:
        check = self.check
        return (f"  {label:<10} {self.runs:>4}  {check.acknowledged:>12,}  {len(check.lost):>4}  "
                f"{len(check.corrupt):>7}  {spread(self.reopened, 1000, 'ms'):>14}  {spread(self.seconds, 1, 's'):>14}")


def spread(values: list[float], scale: float, unit: str) -> str:
    """The median and the most of ``values``, as ``12, 40 ms``."""
    if not values:
        return "-"
    digits = 0 if unit == "ms" else 2
    return f"{statistics.median(values) * scale:.{digits}f}, {max(values) * scale:.{digits}f} {unit}"


class Faults:
    def __init__(self, args: argparse.Namespace, folder: Path) -> None:
        self.args, self.folder = args, folder
        self.moments = random.Random(args.seed)
        self.guild = 0  # the next run's first server

    def flood(self, database: str, seconds: float = 120.0) -> Flood:
        first, self.guild = self.guild, self.guild + self.args.guilds
        return Flood.start(database, first_guild=first, guilds=self.args.guilds, seed=self.args.seed + first,
                           log=self.folder / f"run{first}.log", seconds=seconds)

    def checked(self, tally: Tally, database: str, flood: Flood) -> None:
        tally.runs += 1
        tally.acks += flood.acks
        tally.check = asyncio.run(check_stored(database, tally.acks))
        tally.reopened.append(tally.check.reopened)
        for problem in [*tally.check.lost[:3], *tally.check.corrupt[:3]]:
            print(f"    run {tally.runs}: {problem}")

    def kills(self, database: str, runs: int) -> Tally:
        """``runs`` runs on one database, each killed at a random moment of its flood."""
        tally = Tally()
        for _ in range(runs):
            started = now()
            flood = self.flood(database)
            try:
                flood.wait_for_acks(1)
                if tally.runs:  # a restart after a kill
                    tally.seconds.append(flood.acks[0].at - started)
                time.sleep(self.moments.uniform(0.0, self.args.most))
            finally:
                flood.kill()
            self.checked(tally, database, flood)
        return tally

    def restarts(self, database: str, server) -> Tally:
        """One run kept going while PostgreSQL restarts ``--restarts`` times, then killed."""
        from pgserver._commands import pg_ctl

        tally, flood = Tally(), self.flood(database, seconds=600.0)
        try:
            flood.wait_for_acks(1)
            for restart in range(self.args.restarts):
                time.sleep(self.moments.uniform(0.5, self.args.most))
                down = now()
                if not restart:  # the baseline: a guess's reaction with the server up, in this run
                    tally.up = statistics.median(a.at - a.typed for a in flood.stored_acks())
                pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)
                time.sleep(self.args.down)
                server.ensure_postgres_running()
                back = now()
                flood.wait_for(lambda f, down=down, back=back: any(a.typed >= down and a.at >= back
                                                                   for a in f.stored_acks()), timeout=120)
                tally.seconds.append(min(a.at for a in flood.stored_acks() if a.typed >= down and a.at >= back) - back)
            time.sleep(self.moments.uniform(0.0, self.args.most))
        finally:
            flood.kill()
        self.checked(tally, database, flood)
        return tally


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sqlite-runs", type=int, default=20, help="kills on SQLite (default 20)")
    parser.add_argument("--postgres-runs", type=int, default=10, help="kills on PostgreSQL (default 10)")
    parser.add_argument("--restarts", type=int, default=5, help="PostgreSQL restarts under one run (default 5)")
    parser.add_argument("--down", type=float, default=1.0, help="seconds the server stays down (default 1)")
    parser.add_argument("--most", type=float, default=5.0,
                        help="a kill comes 0 to this many seconds after the first acknowledgement (default 5)")
    parser.add_argument("--guilds", type=int, default=2, help="servers typing at once (default 2)")
    parser.add_argument("--seed", type=int, default=41, help="the kills' moments and what is typed")
    return parser.parse_args()


def main() -> int:
    args = options()
    print(f"{os.cpu_count()} cores; load average before the run {os.getloadavg()[0]:.2f}; seed {args.seed}")
    if args.sqlite_runs or args.postgres_runs:
        print(f"SIGKILL mid-flood ({args.guilds} servers, 12 players each, one word a message; killed 0 to "
              f"{args.most:g} s after the first acknowledgement), then started again on the same database:")
        print("  (reopened: the bot's open_database on the database the kill left, median and most; first ack: a "
              "restarted process's first acknowledgement after its start, median and most)")
        print(f"  {'backend':<10} {'runs':>4}  {'acknowledged':>12}  {'lost':>4}  {'corrupt':>7}  {'reopened':>14}  "
              f"{'first ack':>14}")
    with tempfile.TemporaryDirectory(prefix="wordbot-faults-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)  # run as root, pgserver's server runs as its own user
        faults = Faults(args, folder)
        if args.sqlite_runs:
            print(faults.kills(str(folder / "w.sqlite3"), args.sqlite_runs).line("sqlite"), flush=True)
        if args.postgres_runs or args.restarts:
            import pgserver

            server = pgserver.get_server(folder / "pg", cleanup_mode="delete")
            try:
                for name in ("faults_kills", "faults_restarts"):
                    server.psql(f"CREATE DATABASE {name};")
                if args.postgres_runs:
                    print(faults.kills(server.get_uri("faults_kills"), args.postgres_runs).line("postgres"), flush=True)
                if args.restarts:
                    print(f"PostgreSQL restarted {args.restarts} times under the running bot (down {args.down:g} s "
                          "each time), then the bot killed (recovered: from the server back to the first "
                          "acknowledgement of a guess typed after it went down, median and most):")
                    tally = faults.restarts(server.get_uri("faults_restarts"), server)
                    print(f"  {'':<10} {'restarts':>4}  {'acknowledged':>12}  {'lost':>4}  {'corrupt':>7}  "
                          f"{'reopened':>14}  {'recovered':>14}")
                    tally.runs = args.restarts  # of the server, under one run of the bot
                    print(tally.line("postgres"))
                    recovered = statistics.median(tally.seconds)
                    print(f"  recovered {recovered:.2f} s (median) against {tally.up:.2f} s from a guess typed to its "
                          f"reaction with the server up, before the first restart: {recovered / tally.up:.1f}x")
            finally:
                server.ensure_postgres_running()
                server.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())

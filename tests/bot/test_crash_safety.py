"""Crash safety (issue 41): the real bot, in a process of its own under a typed flood (players of
two servers typing in their bee-together threads, tests/flood_child.py), killed with SIGKILL at a
random moment (seeded), then started again on the same database and killed again. After each
kill, every guess the players saw acknowledged (✅, ✨, ⚠️) is stored as it said, and the
database is whole: SQLite's integrity check, and on both backends each word credited once with
its points and every player's day the sum of their words (tests/flood_kills.py).

The restarted run plays in servers of its own (the killed run's simulated Discord died with it),
on the database the kill left behind: it must open it and take guesses again. More runs, and a
PostgreSQL restart mid-flood: ``benchmarks/faults.py``."""

import asyncio
import random
import time

import pytest

from tests.flood_kills import Flood, check_stored

RUNS = 2  # killed runs per backend: a fresh database, then the same one after a kill
GUILDS = 2
SEED = 41


@pytest.mark.slow
def test_every_acknowledged_guess_survives_sigkill_and_the_database_is_whole(db_target, tmp_path):
    moments = random.Random(SEED)
    acks, stored = [], 0
    for run in range(RUNS):
        log = tmp_path / f"run{run}.log"
        flood = Flood.start(db_target, first_guild=run * GUILDS, guilds=GUILDS, seed=SEED + run, log=log)
        try:
            flood.wait_for_acks(1)  # the flood is on: the bot has answered someone
            time.sleep(moments.uniform(0.0, 1.5))
        finally:
            flood.kill()
        assert flood.stored_acks(), f"run {run}: nothing acknowledged before the kill\n{log.read_text()}"
        acks, stored = acks + flood.acks, stored + len(flood.stored_acks())
        check = asyncio.run(check_stored(db_target, acks))
        assert check.acknowledged == stored  # every run's acknowledgements, checked again after each kill
        assert check.lost == [] and check.corrupt == [], (run, check)
        assert "Traceback" not in log.read_text(), log.read_text()

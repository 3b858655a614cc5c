"""The bot killed mid-flood, from outside: the flood process (tests/flood_child.py) started, its
acknowledgements read as they come, the process killed with SIGKILL, and the database it leaves
checked. Used by tests/bot/test_crash_safety.py and benchmarks/faults.py.

    flood = Flood.start(database, first_guild=0, seed=1, log=tmp_path / "run0.log")
    flood.wait_for_acks(1)
    flood.kill()
    check = asyncio.run(check_stored(database, flood.acks))  # check.lost, check.corrupt

An acknowledgement is a reaction the players saw. ✅ (and ✨, a pangram's news, which implies it)
says the player's word counted: it must be stored, credited to that player. ⚠️ says the word was
found already: it must be stored, credited to someone. ❌ says nothing was stored and is not
counted as an acknowledgement.

The database is then checked whole: SQLite's ``PRAGMA integrity_check``; on both backends, each
credited word once, an answer of the day with its right points, and every player's day
(player_days, which a trigger keeps) equal to the sum of their credited words.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bot.chat.outcome import CHECK, PANGRAM, WARNING
from bot.days.team_store import BEE_TEAM, Credit, TeamStore
from bot.db import open_database
from solvers import bee
from solvers.lexicon import Lexicon
from tests.flood_child import DAY
from tests.processes import start_child

ROOT = Path(__file__).resolve().parents[1]
CREDITED = (CHECK, PANGRAM)  # the player's own word counted
STORED = (*CREDITED, WARNING)  # the word is stored, by someone


@dataclass(frozen=True, slots=True)
class Ack:
    """A reaction the players saw: on ``user``'s message ``word`` in server ``guild``; when the
    message was typed and when the reaction was in Discord (CLOCK_MONOTONIC seconds)."""

    guild: int
    user: int
    word: str
    emoji: str
    typed: float
    at: float


class Flood:
    """One run of the flood process, its acknowledgements gathered by a thread as they come (the
    pipe never fills, whatever the pace)."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.process = process
        self.acks: list[Ack] = []
        self.ready: float | None = None
        self.done = self.ended = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, name="flood acknowledgements", daemon=True)
        self._reader.start()

    @classmethod
    def start(cls, database: str | Path, *, first_guild: int, seed: int, log: Path, guilds: int = 2,
              speed: float = 8.0, seconds: float = 120.0) -> Flood:
        """The flood process on ``database``, its errors written to ``log``. It runs in a session
        of its own, so that a kill reaches whatever it may have started too."""
        argv = [sys.executable, "-m", "tests.flood_child", str(database), "--first-guild", str(first_guild),
                "--guilds", str(guilds), "--seed", str(seed), "--speed", str(speed), "--seconds", str(seconds)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
        with open(log, "w") as errors:
            process = start_child(argv, env=env, stdout=subprocess.PIPE, stderr=errors, text=True,
                                  start_new_session=True)
        return cls(process)

    def _read(self) -> None:
        for line in self.process.stdout:
            event = json.loads(line)
            with self._changed:
                if "ack" in event:
                    self.acks.append(Ack(*event["ack"], event["typed"], event["at"]))
                elif "ready" in event:
                    self.ready = event["ready"]
                elif "done" in event:
                    self.done = True
                self._changed.notify_all()
        with self._changed:
            self.ended = True
            self._changed.notify_all()

    def wait_for(self, predicate, timeout: float = 180.0) -> None:
        """Wait until ``predicate(self)`` holds; an error if the process ends first or the wait
        passes ``timeout`` (a guard against a hang, not a measure)."""
        with self._changed:
            if not self._changed.wait_for(lambda: predicate(self) or self.ended, timeout):
                raise TimeoutError(f"the flood process did not get there in {timeout:g} s")
            if not predicate(self):
                raise RuntimeError(f"the flood process ended (exit code {self.process.wait()}); see its log")

    def wait_for_acks(self, count: int, timeout: float = 180.0) -> None:
        self.wait_for(lambda flood: len(flood.acks) >= count, timeout)

    def kill(self) -> None:
        """SIGKILL to the process (and its session): no handler runs, nothing is flushed or closed."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._reader.join()

    def stored_acks(self) -> list[Ack]:
        """The acknowledgements that say a word is stored."""
        return [ack for ack in self.acks if ack.emoji in STORED]


@dataclass(frozen=True, slots=True)
class Check:
    """A database after a crash: the acknowledgements checked, those whose word is not stored as
    they said (``lost``), what is inconsistent or damaged (``corrupt``, one line each), and the
    seconds the bot's ``open_database`` took to open it again (SQLite: its log recovered)."""

    acknowledged: int
    lost: list[Ack] = field(default_factory=list)
    corrupt: list[str] = field(default_factory=list)
    reopened: float = 0.0


def integrity(path: Path) -> list[str]:
    """SQLite's own check of a whole file: nothing when it is whole, else what is damaged."""
    with sqlite3.connect(path) as conn:
        found = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    return [] if found == ["ok"] else [f"integrity_check: {line}" for line in found]


async def check_stored(database: str | Path, acks: list[Ack]) -> Check:
    """Every acknowledgement of ``acks`` against what ``database`` holds, and the database whole.
    The bot's ``open_database`` opens it first, as a restarted bot would (and is timed)."""
    began = time.perf_counter()
    try:
        db = await open_database(database)
    except Exception as error:  # a database that cannot be opened again is damaged
        return Check(len(acks), corrupt=[f"cannot be opened: {error}"])
    reopened = time.perf_counter() - began
    try:
        corrupt = [] if str(database).startswith("postgres") else integrity(Path(database))
        store, lost, checked = TeamStore(db), [], 0
        for guild in sorted({ack.guild for ack in acks}):
            credits = await store.bee_credits(guild, DAY)
            by_word = {credit.word: credit.user_id for credit in credits}
            for ack in (a for a in acks if a.guild == guild and a.emoji in STORED):
                checked += 1
                if ack.word not in by_word or (ack.emoji in CREDITED and by_word[ack.word] != ack.user):
                    lost.append(ack)
            corrupt += inconsistencies(guild, credits, await store.finders(BEE_TEAM, guild, DAY, DAY))
    except Exception as error:  # a page that cannot be read
        return Check(len(acks), corrupt=[f"cannot be read: {error}"], reopened=reopened)
    finally:
        await db.close()
    return Check(checked, lost, corrupt, reopened)


@functools.cache
def the_puzzle() -> bee.Puzzle:
    return bee.generate(Lexicon.load("common"), DAY)


def inconsistencies(guild: int, credits: list[Credit], finders: list[tuple[int, int, int]]) -> list[str]:
    """What does not add up in one server's day: a word credited twice, a word that is not an
    answer or has the wrong points, a player's day that is not the sum of their words."""
    puzzle, found = the_puzzle(), []
    twice = [word for word, count in Counter(c.word for c in credits).items() if count > 1]
    if twice:
        found.append(f"guild {guild}: credited more than once: {twice}")
    for credit in credits:
        if credit.word not in puzzle.answers or credit.points != bee.score(credit.word, puzzle):
            found.append(f"guild {guild}: {credit.word} credited with {credit.points} points")
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for credit in credits:
        sums[credit.user_id][0] += 1
        sums[credit.user_id][1] += credit.points
    days = {user: [words, points] for user, words, points in finders}
    if days != dict(sums):
        found.append(f"guild {guild}: player days {days} but credited words {dict(sums)}")
    return found

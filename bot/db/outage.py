"""The database being down is not our bug: what every path says, logs and does when it is.

The database layer turns "the database cannot be used right now" into ``StoreError``:
PostgreSQL down, restarting or refusing connections (``bot.db.pgwriter.LOST``), a SQLite file
that cannot be written (locked past the busy timeout, read-only, full, gone). Every path that
meets one says ``DATABASE_DOWN`` to the player (typed play, slash commands, buttons and forms)
or tries again later (daily posts, timers, background tasks), and logs one WARNING line with an
error id and the error's message, never a traceback: an outage is the operator's to fix, and a
traceback would send them looking for a bug that is not there. Anything else is a bug of ours,
reported as one (``bot.observe.errors.report``: an ERROR line with its traceback).

A player is told at most once a minute (``OutageNotices``): during an outage, someone typing
guesses in a thread would otherwise get a direct message for every message they type. A slash
command, a button or a form is answered with the line every time: it is the reply to what the
player just did, and Discord shows an interaction left unanswered as "The application did not
respond", which would say less and worry more.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

from bot.db.errors import StoreError
from bot.observe.errors import report

log = logging.getLogger(__name__)

DATABASE_DOWN = "Sorry, the bot cannot reach its database right now. Please try again in a minute."
NOTICE_SECONDS = 60.0  # a player is told the database is down at most once in this many seconds


def is_database_down(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot be used right now (rather than that our code failed)."""
    return isinstance(error, StoreError)


def report_outage(error: BaseException, *, what: str, command: str | None = None, guild_id: int | None = None,
                  logger: logging.Logger = log) -> str:
    """Log the database being down: a WARNING line with a new error id and the error's message (no
    traceback), counted in the metrics as the database's; returns the id for the player's line."""
    return report(error, where="database", what=what, command=command, guild_id=guild_id, traceback=False,
                  level=logging.WARNING, logger=logger)


def report_failure(error: BaseException, *, where: str, what: str, command: str | None = None,
                   guild_id: int | None = None, logger: logging.Logger = log) -> str:
    """A background task's failure: the database being down (``report_outage``), or a bug of ours
    (``report``, with its traceback). Either way the task tries again later, as it would anyway."""
    if is_database_down(error):
        return report_outage(error, what=what, command=command, guild_id=guild_id, logger=logger)
    return report(error, where=where, what=what, command=command, guild_id=guild_id, logger=logger)


class OutageNotices:
    """Who was told the database is down, and when: each player once in ``seconds`` at most.
    Only the last ``seconds`` are kept, oldest first, so memory holds the players of one minute."""

    def __init__(self, seconds: float = NOTICE_SECONDS) -> None:
        self.seconds = seconds
        self._told: OrderedDict[int, float] = OrderedDict()  # player id -> when they were told, oldest first

    def may_tell(self, player_id: int, now: float) -> bool:
        """Whether the player may be told now (and, if so, that they were)."""
        while self._told and next(iter(self._told.values())) + self.seconds <= now:
            self._told.popitem(last=False)
        if player_id in self._told:
            return False
        self._told[player_id] = now
        return True

    def __len__(self) -> int:
        return len(self._told)

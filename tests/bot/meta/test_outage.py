"""The database being down, in its small parts: who is told once a minute (``OutageNotices``), and
what a line of asyncpg's pool keeps of an outage (its message, not its traceback). The paths
themselves are tested through SimCord with real outages: tests/bot/test_database_outage.py,
tests/bot/test_database_outage_flood.py and tests/bot/chat/test_chat_outage.py."""

import logging
import sys

import asyncpg
import pytest

from bot.db.outage import NOTICE_SECONDS, OutageNotices
from bot.db.postgres import _OutageWithoutTraceback


def test_each_player_is_told_once_a_minute_and_the_minute_is_forgotten():
    notices = OutageNotices()
    assert notices.may_tell(1, 0.0) and notices.may_tell(2, 1.0)  # each player their own
    assert not notices.may_tell(1, 30.0) and not notices.may_tell(1, NOTICE_SECONDS - 0.001)
    assert notices.may_tell(1, NOTICE_SECONDS) and not notices.may_tell(2, NOTICE_SECONDS)
    assert notices.may_tell(2, NOTICE_SECONDS + 1.0)
    assert notices.may_tell(3, 10 * NOTICE_SECONDS) and len(notices) == 1  # only the last minute is kept


def pool_line(error: BaseException) -> logging.LogRecord:
    """asyncpg's pool's warning as it logs it while it reconnects: with the error's traceback."""
    try:
        raise error
    except BaseException:
        exc_info = sys.exc_info()
    return logging.LogRecord("asyncpg.pool", logging.WARNING, __file__, 1,
                             "Failed to restore the pool connection floor; retrying", (), exc_info)


@pytest.mark.parametrize("error", [asyncpg.exceptions.CannotConnectNowError("the database system is starting up"),
                                   ConnectionRefusedError(111, "Connection refused")])
def test_the_pool_s_line_for_a_server_away_keeps_its_message_and_loses_its_traceback(error):
    line = pool_line(error)
    assert _OutageWithoutTraceback().filter(line)
    assert line.exc_info is None and line.getMessage().startswith("Failed to restore the pool connection floor")
    assert line.getMessage().endswith(f": {error}")


def test_the_pool_s_line_for_anything_else_keeps_its_traceback():
    line = pool_line(RuntimeError("a bug"))
    assert _OutageWithoutTraceback().filter(line)
    assert line.exc_info is not None and line.exc_info[1].args == ("a bug",)

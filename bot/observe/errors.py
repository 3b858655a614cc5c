"""Error ids: every unexpected error is logged with a short id, and the user's "something went
wrong" reply carries the same id, so an operator finds the log line of the report a user pastes.

    error_id = report(error, where="command", command="/tiles", guild_id=interaction.guild_id)
    await send_notice(interaction, with_error_id(APOLOGY, error_id))

``report`` logs (with the traceback, when there is one), counts the error in the metrics, and
returns the id: six characters from an alphabet without look-alikes (no 0/O, 1/I/L).
"""

from __future__ import annotations

import logging
import secrets

log = logging.getLogger("bot.errors")

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
ID_LENGTH = 6


def new_error_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(ID_LENGTH))


def report(error: BaseException | None, *, where: str, what: str, command: str | None = None,
           guild_id: int | None = None, details: str | None = None, traceback: bool = True,
           level: int = logging.ERROR, logger: logging.Logger = log) -> str:
    """Log an unexpected error with a new id and return the id. ``where`` is the kind of place it
    happened (command, button, job, chat, database), counted in the metrics; ``what`` says what
    failed in the log line; ``details`` (a worker's traceback) goes after it; ``traceback``
    False: the error's message only (a database that went away is not a bug to trace); ``level``:
    WARNING for what is not our bug (``bot.db.outage``); ``logger``: the caller's."""
    error_id = new_error_id()
    line = f"{what} [error id {error_id}]"
    if details:
        line += f"\n{details}"
    elif error is not None and not traceback:
        line += f": {error}"
    exc_info = (type(error), error, error.__traceback__) if error is not None and traceback else None
    logger.log(level, line, exc_info=exc_info, extra={"error_id": error_id, "guild": guild_id, "command": command})
    count(where)
    return error_id


def count(where: str) -> None:
    """Count one error in the metrics (``wordbot_errors_total`` by where)."""
    from bot.observe import metrics  # imported at the first error: a terminal command starts without it

    metrics.count_error(where)


def with_error_id(message: str, error_id: str) -> str:
    """A reply that carries the error id: ``Sorry, ... (error id: 7KQ2MX)``."""
    return f"{message} (error id: {error_id})"

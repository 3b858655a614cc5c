"""The log: discord.py's text format (unchanged) or, with ``WORDBOT_LOG_FORMAT=json``, one JSON
object a line with ``time level logger message guild command error_id`` (a traceback goes in
``message``, after the message's own line). Neither format ever shows a secret: ``redact`` hides
the token; the database's password as written, percent-decoded or encoded, and the pieces a URL
parser cuts it into; and, whatever the settings, anything shaped like a secret: a Discord token,
a ``Bearer``/``Bot`` authorization, a ``scheme://user:password@`` login, and the value of a
``password=``, ``token=``, ``secret=``... (a DSN's keywords, a query string, a JSON key). A text
line is redacted once finished; a JSON line field by field before it is encoded, since encoding
escapes a password's quote or backslash, which a search of the finished line would miss.

A line's guild and command come from the record (``extra={"guild": ..., "command": ...}``, as
``bot.observe.errors.report`` gives them), else from the interaction or message being handled:
``event_context`` sets them where Discord's event comes in, and every task it starts inherits them.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import json
import logging
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.db.url import is_postgres_url, without_secrets

HIDDEN = "***"
FIELDS = ("time", "level", "logger", "message", "guild", "command", "error_id")
_TOKEN_SHAPE = re.compile(r"[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,}"  # a bot's token
                          r"|\bmfa\.[A-Za-z\d_-]{20,}")  # a user's, with two-factor login
_AUTHORIZATION = re.compile(r"(?i)\b((?:Bearer|Bot|Basic)\s+)[A-Za-z\d\-._~+/]{16,}=*")
# A login's password runs to the last @ of its run of text (a password may hold an @).
_LOGIN = re.compile(r"(://[^:/?#@\s]*:)(\S+?)@(?=[^@\s]*(?:\s|$))")
# ``password=…`` and its kin: a DSN's keywords (quoted or not), a query string, a JSON object's key.
_SECRET_KEY = r"[\w-]*?(?:password|passwd|pwd|secret|api[_-]?key|token)"
_SECRET_VALUE = re.compile(rf"""(?i)(?<![\w-])({_SECRET_KEY}["']?\s*[=:]\s*)"""
                           r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s&,;'"}\])]+)""")
_guild: contextvars.ContextVar[int | None] = contextvars.ContextVar("wordbot_log_guild", default=None)
_command: contextvars.ContextVar[str | None] = contextvars.ContextVar("wordbot_log_command", default=None)


@dataclass(frozen=True, slots=True)
class Secrets:
    """What a log line must never show: the token, and the database URL's passwords."""

    token: str | None = field(default=None, repr=False)
    database: object = field(default=None, repr=False)  # a postgresql:// URL, or a path (no secret)


def redact(text: str, secrets: Secrets = Secrets()) -> str:
    """``text`` with the secrets hidden, and anything shaped like a secret (see the module's note)."""
    if secrets.token and len(secrets.token) >= 3:
        text = text.replace(secrets.token, HIDDEN)
    if is_postgres_url(secrets.database):
        text = without_secrets(text, str(secrets.database))
    text = _LOGIN.sub(lambda match: f"{match[1]}{HIDDEN}@", text)
    text = _AUTHORIZATION.sub(lambda match: f"{match[1]}{HIDDEN}", text)
    text = _SECRET_VALUE.sub(lambda match: match[1] + HIDDEN, text)
    return _TOKEN_SHAPE.sub(HIDDEN, text)


class Redacting(logging.Formatter):
    """Another formatter's lines, with the secrets hidden."""

    def __init__(self, inner: logging.Formatter, secrets: Secrets = Secrets()) -> None:
        super().__init__()
        self.inner, self.secrets = inner, secrets

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record), self.secrets)


class JsonFormatter(logging.Formatter):
    """One JSON object a line (``FIELDS``), the time in UTC with milliseconds, its message without
    the secrets."""

    def __init__(self, secrets: Secrets = Secrets()) -> None:
        super().__init__()
        self.secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info:
            message += "\n" + self.formatException(record.exc_info)
        elif record.exc_text:
            message += "\n" + record.exc_text
        if record.stack_info:
            message += "\n" + self.formatStack(record.stack_info)
        moment = dt.datetime.fromtimestamp(record.created, dt.UTC)
        line = {
            "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": redact(message, self.secrets),
            "guild": getattr(record, "guild", None) or _guild.get(),
            "command": getattr(record, "command", None) or _command.get(),
            "error_id": getattr(record, "error_id", None),
        }
        return json.dumps(line, ensure_ascii=False, default=str)


@contextlib.contextmanager
def context(guild: int | None, command: str | None) -> Iterator[None]:
    """Log lines written in this block, and by the tasks it starts, name this guild and command."""
    guild_token, command_token = _guild.set(guild), _command.set(command)
    try:
        yield
    finally:
        _guild.reset(guild_token)
        _command.reset(command_token)


def event_context(event: str, data: Mapping[str, Any]) -> contextlib.AbstractContextManager[None]:
    """``context`` for a raw gateway event: its guild, and an interaction's command (``/name``) or
    custom id (a button's, a form's)."""
    guild = data.get("guild_id")
    command = None
    if event == "INTERACTION_CREATE":
        inner = data.get("data") or {}
        command = inner.get("custom_id")
        if inner.get("name"):  # a slash command, with its group and subcommand: /bee guess
            names, options = [inner["name"]], inner.get("options") or []
            while options and options[0].get("type") in (1, 2):
                names.append(options[0]["name"])
                options = options[0].get("options") or []
            command = "/" + " ".join(names)
    return context(int(guild) if guild else None, command)


def setup(level: int, log_format: str = "text", secrets: Secrets = Secrets(),
          stream: TextIO | None = None) -> logging.Handler:
    """Log to ``stream`` (stderr) at ``level``, as discord.py's ``setup_logging`` does, in
    ``log_format`` ("text" or "json"), never showing ``secrets``; returns the handler."""
    import discord

    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    discord.utils.setup_logging(handler=handler, level=level)  # its text formatter: colours on a terminal
    if log_format == "json":
        handler.setFormatter(JsonFormatter(secrets))
    else:
        handler.setFormatter(Redacting(handler.formatter or logging.Formatter(), secrets))
    return handler

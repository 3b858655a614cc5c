"""A PostgreSQL URL as a user gives it: whether a database is one, and how messages and logs show
it: never with its password."""

from __future__ import annotations

import re

SCHEMES = ("postgresql", "postgres")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(//)?")
_QUERY_PASSWORD = re.compile(r"(?i)[?&]password=([^&#]*)")


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.lower().startswith(tuple(f"{scheme}://" for scheme in SCHEMES))


def redacted(url: str) -> str:
    """The URL without its password (in the address or as ``?password=``), for messages and logs."""
    url = _QUERY_PASSWORD.sub(lambda match: match[0][:match.start(1) - match.start(0)] + "***", url)
    scheme, user, password, rest = _login(url)
    return url if password is None else f"{scheme}{user}:***@{rest}"


def _login(url: str) -> tuple[str, str, str | None, str]:
    """``url`` as (scheme with its slashes, user, password or None, what follows the ``@``). Read
    by hand, not by a URL parser, so that a URL too broken to parse is read as well: the password
    runs from the ``:`` after the user up to the last ``@`` (it may hold ``/``, ``#`` or ``@``)."""
    scheme = _SCHEME.match(url)
    start = scheme.end() if scheme else 0
    login, at, rest = url[start:].rpartition("@")
    user, colon, password = login.partition(":")
    return url[:start], user, password if at and colon else None, rest

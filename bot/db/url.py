"""A PostgreSQL URL as a user gives it: whether a database is one, what is wrong with it (checked
before any connection, so a typing mistake is one line saying what to fix), and how messages and
logs show it: never with its password.

The URL reads ``postgresql://user:password@host:port/database``; several hosts may be given
(``host1:5432,host2:5433``), and the host may be left out (``postgresql:///wordbot``, or with
``?host=/run/postgresql``: a Unix socket). The database may be named by ``?dbname=`` instead.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, quote_plus, unquote, unquote_plus, urlsplit

SCHEMES = ("postgresql", "postgres")
FORM = "postgresql://user:password@host:port/database"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(//)?")
_QUERY_PASSWORD = re.compile(r"(?i)[?&]password=([^&#]*)")
_CUTS = re.compile(r"[@:/?#\s]+")  # where a URL parser may cut a password that holds them


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.lower().startswith(tuple(f"{scheme}://" for scheme in SCHEMES))


def redacted(url: str) -> str:
    """The URL without its password (in the address or as ``?password=``), for messages and logs."""
    url = _QUERY_PASSWORD.sub(lambda match: match[0][:match.start(1) - match.start(0)] + "***", url)
    scheme, user, password, rest = _login(url)
    return url if password is None else f"{scheme}{user}:***@{rest}"


def without_secrets(text: str, url: str) -> str:
    """``text`` (the URL itself, or a driver's message about it) with the URL's passwords hidden:
    as written in the URL, percent-decoded (``%40`` read as ``@``, as the driver sends it) and
    percent-encoded, anywhere; and the pieces a parser cuts a password into at ``@ : / ? #`` or a
    space (asyncpg's "invalid literal for int(): 'w0rd@host'" for ``p@ss:w0rd``), of 4 characters
    or more, where they stand as whole tokens (a piece ``pass`` leaves "password" alone)."""
    forms = passwords(url)
    for secret in sorted(forms, key=len, reverse=True):
        text = text.replace(secret, "***")
    pieces = {piece for form in forms for piece in _CUTS.split(form) if len(piece) >= 4} - forms
    for piece in sorted(pieces, key=len, reverse=True):
        text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(piece)}(?![A-Za-z0-9])", "***", text)
    return text


def passwords(url: str) -> frozenset[str]:
    """Every form of the URL's passwords (in the address, or ``?password=``) a message may show:
    as written, percent-decoded (``+`` read as a space too, as a query string does), encoded, and
    as a ``repr`` in an error message writes them (a backslash doubled)."""
    written = {match[1] for match in _QUERY_PASSWORD.finditer(url)} | {_login(url)[2] or ""}
    forms = set()
    for secret in written - {""}:
        decoded = {secret, unquote(secret), unquote_plus(secret)}
        forms |= decoded | {quote(form, safe="") for form in decoded} | {quote_plus(form, safe="") for form in decoded}
    return frozenset(form for form in forms | {repr(form)[1:-1] for form in forms} if form)


def _login(url: str) -> tuple[str, str, str | None, str]:
    """``url`` as (scheme with its slashes, user, password or None, what follows the ``@``). Read
    by hand, not by a URL parser, so that a URL too broken to parse is read as well: the password
    runs from the ``:`` after the user up to the last ``@`` (it may hold ``/``, ``#`` or ``@``)."""
    scheme = _SCHEME.match(url)
    start = scheme.end() if scheme else 0
    login, at, rest = url[start:].rpartition("@")
    user, colon, password = login.partition(":")
    return url[:start], user, password if at and colon else None, rest


def invalid(shown: str, problem: str, given_as: str = "--database, or WORDBOT_DATABASE") -> str:
    """The one line for a URL that cannot name a database (``shown``: without its password)."""
    return f"The database URL {shown} ({given_as}) is not valid: {problem}. It reads {FORM}."


def url_problem(url: str) -> str | None:
    """What is wrong with a PostgreSQL URL, said so that the user knows what to fix; None if
    nothing is. It never quotes the URL's parts (a mistyped password may be among them)."""
    try:
        parts = urlsplit(url)
    except ValueError:  # the one thing urllib refuses: brackets that do not pair
        return "a [ or ] of its host is not closed: write an IPv6 host in brackets, like [::1]:5432"
    if not is_postgres_url(url):
        return "it must start with postgresql://"
    query = parse_qs(parts.query)
    hosts = parts.netloc.rpartition("@")[2]
    for host in hosts.split(",") if hosts else ():
        problem = _host_problem(host)
        if problem and "@" in url.partition(parts.netloc)[2]:  # the address ended early, inside the password
            return problem + "; in a password, write / as %2F, # as %23, ? as %3F and @ as %40"
        if problem:
            return problem
    for port in query.get("port", []):
        problem = _port_problem(port)
        if problem:
            return problem
    if not parts.path.strip("/") and not (query.get("dbname") or query.get("database")):
        return "it names no database: end it with /DATABASE"
    return None


def _host_problem(host: str) -> str | None:
    if host.startswith("["):
        address, bracket, port = host[1:].partition("]")
        if not bracket or not address:
            return "a [ of its host is not closed: write an IPv6 host in brackets, like [::1]:5432"
        if port and not port.startswith(":"):
            return "after an IPv6 host in brackets comes only :PORT, like [::1]:5432"
        return _port_problem(port[1:]) if port else None
    name, colon, port = host.partition(":")
    if ":" in port:
        return "an IPv6 host goes in brackets, like [::1]:5432"
    if colon and not name and not port:
        return "a host or a port is missing around a :"
    return _port_problem(port) if colon else None


def _port_problem(port: str) -> str | None:
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        return "its port must be a number from 1 to 65535"
    return None

"""A PostgreSQL URL checked before any connection: what a user may write is taken, each kind of
mistake is named, and no message ever holds the URL's password, even when the URL is too broken
to parse."""

import pytest

from bot.db.url import is_postgres_url, redacted, url_problem, without_secrets

SECRET = "s3cret-never-shown"


@pytest.mark.parametrize("url", [
    "postgresql://wordbot:pw@db.example:5432/wordbot",
    "postgres://wordbot@db.example/wordbot",
    "POSTGRESQL://db.example/wordbot",  # a scheme is read in any case, as asyncpg reads it
    "postgresql:///wordbot",  # no host: the local socket
    "postgresql://postgres:@/wordbot?host=/tmp/sockets",  # a socket folder in the query (what pgserver gives)
    "postgresql://db1.example:5432,db2.example:5433/wordbot",  # several hosts
    "postgresql://[::1]:5432/wordbot",
    "postgresql://[fe80::1%25eth0]/wordbot",
    "postgresql://db.example:65535/wordbot",
    "postgresql://db.example/?dbname=wordbot",
])
def test_a_url_that_names_a_database_is_taken(url):
    assert is_postgres_url(url) and url_problem(url) is None


@pytest.mark.parametrize(("url", "says"), [
    ("postgresql://u:{pw}@[::1/wordbot", "is not closed"),
    ("postgresql://u:{pw}@[::1:5432/wordbot", "is not closed"),
    ("postgresql://u:{pw}@::1]/wordbot", "is not closed"),
    ("postgresql://u:{pw}@[]/wordbot", "is not closed"),
    ("postgresql://u:{pw}@[::1]5432/wordbot", "only :PORT"),
    ("postgresql://u:{pw}@::1/wordbot", "IPv6 host goes in brackets"),
    ("postgresql://u:{pw}@db.example:99999/wordbot", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example:0/wordbot", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example:-1/wordbot", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example:port/wordbot", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example:/wordbot", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example:５４３２/wordbot", "from 1 to 65535"),  # full-width digits are not a port
    ("postgresql://u:{pw}@db1.example:5432,db2.example:70000/wordbot", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example/wordbot?port=99999", "from 1 to 65535"),
    ("postgresql://u:{pw}@db.example/", "names no database"),
    ("postgresql://u:{pw}@db.example", "names no database"),
    ("postgresql://u:{pw}@db.example//", "names no database"),
    ("postgresql:u:{pw}@db.example/wordbot", "must start with postgresql://"),
    ("postgresql://u:a/{pw}@db.example/wordbot", "write / as %2F"),  # a password's / cut the address short
    ("postgresql://u:a#{pw}@db.example/wordbot", "write / as %2F"),
])
def test_each_mistake_is_named_and_no_message_holds_the_password(url, says):
    url = url.format(pw=SECRET)
    problem = url_problem(url)
    assert problem is not None and says in problem and SECRET not in problem
    assert SECRET not in redacted(url) and "***" in redacted(url)


@pytest.mark.parametrize(("url", "shown"), [
    ("postgresql://u:pw@h/d", "postgresql://u:***@h/d"),
    ("postgresql://u@h/d", "postgresql://u@h/d"),
    ("postgresql://u:@/d?host=/tmp", "postgresql://u:***@/d?host=/tmp"),
    ("postgresql://u:p@w@h/d", "postgresql://u:***@h/d"),  # an @ of the password, not written %40
    ("postgresql://h/d?user=u&password=pw&sslmode=require", "postgresql://h/d?user=u&password=***&sslmode=require"),
    ("postgresql://u:pw@[::1/d", "postgresql://u:***@[::1/d"),  # too broken for urllib, hidden all the same
])
def test_a_url_is_shown_without_its_password(url, shown):
    assert redacted(url) == shown


def test_a_drivers_message_about_a_url_loses_the_urls_passwords():
    url = f"postgresql://u:{SECRET}@h/d?password=other-{SECRET}"
    message = f"invalid DSN {url}: password {SECRET} and other-{SECRET}"
    assert SECRET not in without_secrets(message, url) and "***" in without_secrets(message, url)

"""The command line on PostgreSQL: ``--database`` and WORDBOT_DATABASE take a ``postgresql://`` URL
for every command; a bad URL, a server that is down or one that refuses the password is one
line and exit code 2, and no password is ever printed."""

import asyncio
import datetime as dt
import os
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.cli import main
from bot.db.schema import available_migrations
from tests.bot.test_cli_bad_conditions import first_answer
from tests.processes import run_child, run_wordbot, wordbot_argv

SECRET = "s3cret-never-shown"
LATEST = len(available_migrations("postgres"))


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exit_:  # an option refused as it is read (a malformed URL): argparse exits
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err):
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("wordbot: ") and "Traceback" not in err, err
    return lines[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def password_role(postgres_server):
    """A role that must give its password (scram-sha-256), on the session's server."""
    hba = Path(postgres_server.pgdata) / "pg_hba.conf"
    hba.write_text("local all wordbot_pw scram-sha-256\n" + hba.read_text())
    postgres_server.psql("CREATE ROLE wordbot_pw LOGIN PASSWORD 'right-password'; SELECT pg_reload_conf();")
    wrong = with_login(postgres_server.get_uri(), "wordbot_pw", "wrong")
    for _ in range(100):  # the server reads pg_hba.conf again when it gets to the reload signal
        try:
            asyncio.run(_connect_and_close(wrong))
        except asyncpg.InvalidPasswordError:
            return "wordbot_pw"
        time.sleep(0.1)
    raise AssertionError("the server never asked wordbot_pw for its password")


async def _connect_and_close(url: str) -> None:
    await (await asyncpg.connect(url)).close()


def with_login(url: str, user: str, password: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{user}:{password}@{parts.hostname or ''}"))


@pytest.fixture
def bad_url(request, postgres_url):
    """A URL that cannot be used, with SECRET as its password; and what the one line says."""
    kind = request.param
    if kind == "a bad URL":
        return f"postgresql://wordbot:{SECRET}@127.0.0.1:notaport/wordbot", "is not valid"
    if kind == "a server that is down":
        return f"postgresql://wordbot:{SECRET}@127.0.0.1:{_free_port()}/wordbot", "Cannot connect to PostgreSQL at"
    request.getfixturevalue("password_role")
    return with_login(postgres_url, "wordbot_pw", SECRET), "PostgreSQL refused the user or password"


COMMANDS = [("db", "status"), ("db", "upgrade"), ("leaderboard", "--guild", "1"),
            ("stats", "--guild", "1", "--user", "2"), ("bee", "play", "--date", "2026-11-21"),
            ("box", "play", "--date", "2026-11-21"), ("quiz", "--questions", "1"),
            ("challenge", "--date", "2026-11-21", "7s")]


@pytest.mark.parametrize("bad_url", ["a bad URL", "a server that is down", "a wrong password"], indirect=True)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_unusable_url_is_one_line_without_the_password(command, bad_url, capsys, monkeypatch):
    url, says = bad_url
    monkeypatch.setattr("sys.stdin", open(os.devnull))
    code, out, err = run(capsys, *command, "--database", url)
    line = one_line_error(err)
    assert code == 2 and says in line and SECRET not in out + err


def test_status_of_an_empty_database_changes_nothing_then_upgrade_then_up_to_date(capsys, postgres_url):
    code, out, _ = run(capsys, "db", "status", "--database", postgres_url)
    assert code == 0 and f"schema version: 0 (this wordbot knows up to {LATEST})" in out and "pending: 0001_" in out
    code, out, _ = run(capsys, "db", "status", "--database", postgres_url)
    assert "schema version: 0" in out  # status created nothing
    code, out, _ = run(capsys, "db", "upgrade", "--database", postgres_url)
    assert code == 0 and "applied 0001_" in out and "up to date" in out
    code, out, _ = run(capsys, "db", "status", "--database", postgres_url)
    assert code == 0 and f"schema version: {LATEST} (this wordbot knows up to {LATEST})" in out and "up to date" in out


def test_the_password_is_masked_in_what_status_prints(capsys, postgres_server, postgres_url, password_role):
    postgres_server.psql(f"ALTER DATABASE {urlsplit(postgres_url).path[1:]} OWNER TO {password_role};")
    url = with_login(postgres_url, password_role, "right-password")
    code, out, err = run(capsys, "db", "upgrade", "--database", url)
    assert code == 0 and "right-password" not in out + err
    assert f"database: postgresql://{password_role}:***@" in out


def test_readers_refuse_a_database_without_the_tables_and_create_nothing(capsys, postgres_url):
    for command in (("leaderboard", "--guild", "1"), ("stats", "--guild", "1", "--user", "2")):
        code, _, err = run(capsys, *command, "--database", postgres_url)
        assert code == 2 and "There are no wordbot tables in" in one_line_error(err) and "wordbot db upgrade" in err
    code, out, _ = run(capsys, "db", "status", "--database", postgres_url)
    assert "schema version: 0" in out


def test_the_environment_names_postgres_for_every_command(capsys, postgres_url, monkeypatch):
    monkeypatch.setenv("WORDBOT_DATABASE", postgres_url)
    assert run(capsys, "db", "upgrade")[0] == 0
    monkeypatch.setattr("sys.stdin", open(os.devnull))
    code, out, _ = run(capsys, "bee", "play", "--date", "2026-11-21")
    assert code == 0 and "Spelling Bee" in out
    code, out, _ = run(capsys, "leaderboard", "--guild", "1")
    assert code == 0 and out.splitlines()[1] == "No scores yet for this period."


async def test_a_game_played_in_the_terminal_is_stored_in_postgres(postgres_url):
    word = first_answer("bee", dt.date(2026, 11, 23))
    code, _, err = run_wordbot("bee", "play", "--date", "2026-11-23", "--database", postgres_url, stdin=f"{word}\n")
    assert code == 0, err
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT word FROM bee_guesses") == word
    finally:
        await conn.close()


@pytest.mark.parametrize("database", ["postgresql://wordbot:{secret}@127.0.0.1:{port}/wordbot", "mysql://wordbot:{secret}@db/w",
                                      "postgresql://wordbot:{secret}@[::1:{port}/wordbot"])
def test_the_bot_refuses_a_database_it_cannot_use_before_logging_in(database):
    env = {**os.environ, "DISCORD_TOKEN": "not.a.real.token",
           "WORDBOT_DATABASE": database.format(secret=SECRET, port=_free_port())}
    result = run_child(wordbot_argv("run"), env=env, capture_output=True, text=True, timeout=60)
    # discord.py's own start-up warnings (no voice support) are log lines; ours is one line after them
    ours = [line for line in result.stderr.splitlines() if "discord.client" not in line]
    line = one_line_error("\n".join(ours))
    assert result.returncode == 2 and SECRET not in result.stdout + result.stderr
    assert any(says in line for says in ("Cannot connect to PostgreSQL", "must be a SQLite file path or a postgresql://",
                                         "(WORDBOT_DATABASE) is not valid: a [ or ] of its host is not closed"))

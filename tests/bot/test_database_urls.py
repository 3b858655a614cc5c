"""A malformed PostgreSQL URL is the user's to fix, wherever it is given: ``--database`` to every
command that takes one, WORDBOT_DATABASE (``wordbot run`` too), and both ends of ``db copy``.
Each time: exit code 2, one line on stderr that names where the URL came from and what is wrong,
never a traceback, never "please report it", never the URL's password. No connection is tried."""

import os

import pytest

from tests.bot.test_cli import run

SECRET = "s3cret-never-shown"
MALFORMED = [  # (URL, what the line says)
    (f"postgresql://wordbot:{SECRET}@[::1/wordbot", "is not closed"),
    (f"postgresql://wordbot:{SECRET}@[::1]:99999/wordbot", "from 1 to 65535"),
    (f"postgresql://wordbot:{SECRET}@db.example:99999/wordbot", "from 1 to 65535"),
    (f"postgresql://wordbot:{SECRET}@db.example:notaport/wordbot", "from 1 to 65535"),
    (f"postgresql://wordbot:{SECRET}@db.example/", "names no database"),
    (f"postgresql://wordbot:{SECRET}@::1/wordbot", "IPv6 host goes in brackets"),
    (f"postgresql:wordbot:{SECRET}@db.example/wordbot", "must start with postgresql://"),
    (f"postgresql://wordbot:pass/{SECRET}@db.example/wordbot", "write / as %2F"),
    (f"mysql://wordbot:{SECRET}@db.example/wordbot", "not a mysql:// URL"),
]
COMMANDS = [  # every command that takes --database
    ("db", "status"), ("db", "upgrade"),
    ("leaderboard", "--guild", "1"), ("stats", "--guild", "1", "--user", "2"),
    ("bee", "play", "--date", "2026-11-21"), ("box", "play", "--date", "2026-11-21"), ("box", "--date", "2026-11-21"),
    ("lists", "show", "--guild", "1"), ("lists", "remove", "--guild", "1", "club"), ("reports",),
    ("anagram", "AALNST", "--guild", "1", "--lexicon", "club"), ("pattern", "c?t", "--guild", "1", "--lexicon", "club"),
    ("tileset", "--tiles", "2", "--greedy-only", "--lexicon", "common"),
    ("quiz", "--questions", "1"), ("challenge", "--date", "2026-11-21"), ("challenge", "--date", "2026-11-21", "7s"),
]


def refused(capsys, argv, given_as: str, says: str) -> str:
    """What ``wordbot ARGV`` says: an option is checked as it is read (argparse exits 2 there),
    WORDBOT_DATABASE when the command asks for its database (main returns 2)."""
    try:
        code, out, err = run(capsys, *argv)
    except SystemExit as exit_:
        code, (out, err) = exit_.code, capsys.readouterr()
    lines = err.splitlines()
    assert (code, out, len(lines)) == (2, "", 1), err
    line = lines[0]
    assert line.startswith("wordbot: ") and given_as in line and says in line, line
    assert SECRET not in err and "Traceback" not in err and "report it" not in err
    return line


@pytest.fixture(autouse=True)
def quiet_terminal(monkeypatch):
    monkeypatch.delenv("WORDBOT_DATABASE", raising=False)
    monkeypatch.setattr("sys.stdin", open(os.devnull))


@pytest.mark.parametrize(("url", "says"), MALFORMED)
@pytest.mark.parametrize("given_as", ["--database", "WORDBOT_DATABASE", "--from", "--to"])
def test_each_kind_of_malformed_url_is_one_line_wherever_it_is_given(url, says, given_as, capsys, monkeypatch,
                                                                       tmp_path):
    other = str(tmp_path / "other.sqlite3")
    argv = {"--database": ("db", "status", "--database", url),
            "WORDBOT_DATABASE": ("leaderboard", "--guild", "1"),
            "--from": ("db", "copy", "--from", url, "--to", other),
            "--to": ("db", "copy", "--from", other, "--to", url)}[given_as]
    if given_as == "WORDBOT_DATABASE":
        monkeypatch.setenv("WORDBOT_DATABASE", url)
    refused(capsys, argv, given_as, says)
    assert not (tmp_path / "other.sqlite3").exists()  # refused before anything was opened or made


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("url", "says"), [MALFORMED[0], MALFORMED[4]])
def test_every_command_that_takes_a_database_refuses_a_malformed_url(command, url, says, capsys):
    refused(capsys, (*command, "--database", url), "--database", says)


@pytest.mark.parametrize(("url", "says"), MALFORMED)
def test_the_bot_refuses_a_malformed_url_before_it_starts(url, says, capsys, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "not.a.real.token")
    monkeypatch.setenv("WORDBOT_DATABASE", url)
    refused(capsys, ("run",), "WORDBOT_DATABASE", says)

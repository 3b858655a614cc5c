"""Every path the command line reads, given as each kind of path that cannot be used: ``--lexicon``
on every command that takes it, ``--database`` (and WORDBOT_DATABASE) on every command that
uses one, a list's file, and both ends of ``db copy``. Each is one short line and exit status 2,
with nothing made or changed on disk. (``--png``: tests/pictures/test_png_commands.py.)"""

import pytest

from bot.cli import main
from tests.bad_paths import KINDS, bad_path, commands_with, one_line_error, snapshot

DAY = "2026-11-21"
LEXICON_COMMANDS = {  # every command with --lexicon, and what it needs besides
    ("anagram",): ("anagram", "AB"),
    ("bee", "solve"): ("bee", "solve", "ACHLNOY", "N"),
    ("fivewords",): ("fivewords",),
    ("judge",): ("judge", "cat"),
    ("ladder", "solve"): ("ladder", "solve", "cold", "warm"),
    ("letterboxed",): ("letterboxed", "TJO", "FEB", "CUY", "HIL", "--seconds", "0.1"),
    ("pattern",): ("pattern", "c?t"),
    ("quiz",): ("quiz", "--questions", "1"),
    ("tileset",): ("tileset", "--tiles", "5", "--seconds", "0"),
    ("word",): ("word", "cat"),
}
OTHER_DATABASE_COMMANDS = {  # every other command with --database, used so that it reads the database
    ("bee", "play"): ("bee", "play", "--date", DAY),
    ("box",): ("box", "--date", DAY, "--png", "{picture}"),  # the box reads the database only for its picture
    ("box", "today"): ("box", "today", "--date", DAY, "--png", "{picture}"),
    ("box", "play"): ("box", "play", "--date", DAY),
    ("ladder", "play"): ("ladder", "play", "--date", DAY),
    ("db",): ("db", "upgrade"),
    ("leaderboard",): ("leaderboard", "--guild", "1"),
    ("stats",): ("stats", "--guild", "1", "--user", "2"),
    ("lists", "add"): ("lists", "add", "--guild", "1", "mine", "{words}"),
    ("lists", "remove"): ("lists", "remove", "--guild", "1", "mine"),
    ("lists", "show"): ("lists", "show", "--guild", "1"),
    ("reports",): ("reports",),
    ("challenge",): ("challenge", "--date", DAY),  # the list reads the terminal player's results
    ("study",): ("study",),
    ("study", "stats"): ("study", "stats"),
    ("study", "export"): ("study", "export", "-"),
    ("study", "import"): ("study", "import", "{words}"),
    ("study", "add"): ("study", "add", "--length", "3", "--to", "2"),
    ("study", "settings"): ("study", "settings"),
}
DATABASE_COMMANDS = {command: (*argv, "--guild", "1", "--lexicon", "mine")  # a server's list: read from the database
                     for command, argv in LEXICON_COMMANDS.items()} | OTHER_DATABASE_COMMANDS


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Good files, apart from the bad paths: a migrated database, a word list, a picture's place."""
    folder = tmp_path_factory.mktemp("good")
    database = folder / "w.sqlite3"
    assert main(["db", "upgrade", "--database", str(database)]) == 0
    (folder / "words.txt").write_text("cat\ndog\n")
    return {"{db}": str(database), "{words}": str(folder / "words.txt"), "{picture}": str(folder / "picture.png")}


def refused(capsys, argv, files, tmp_path):
    """Run ``argv`` (with the good files put in): it must say one short line, and exit 2 having
    changed nothing under ``tmp_path``, where the bad path is."""
    before = snapshot(tmp_path)
    code = main([files.get(str(word), str(word)) for word in argv])
    out, err = capsys.readouterr()
    line = one_line_error(err)
    assert code == 2 and out == "" and len(line) < 300, line
    assert snapshot(tmp_path) == before
    return line


def test_every_command_that_reads_a_path_is_tested_here():
    assert commands_with("--lexicon") == set(LEXICON_COMMANDS)
    assert commands_with("--database") == set(DATABASE_COMMANDS)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", LEXICON_COMMANDS, ids=" ".join)
def test_a_word_list_path_that_cannot_be_read(command, kind, files, tmp_path, capsys):
    refused(capsys, [*LEXICON_COMMANDS[command], "--lexicon", bad_path(kind, tmp_path, "words.txt")], files, tmp_path)


@pytest.mark.parametrize("kind", KINDS)
def test_a_word_list_path_that_cannot_be_read_with_a_server_given(kind, files, tmp_path, capsys):
    """With --guild, --lexicon may name a server's list: a bad path is still refused as a path."""
    path = bad_path(kind, tmp_path, "words.txt")
    refused(capsys, ["anagram", "AB", "--guild", "1", "--database", "{db}", "--lexicon", path], files, tmp_path)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", DATABASE_COMMANDS, ids=" ".join)
def test_a_database_path_that_cannot_be_used(command, kind, files, tmp_path, capsys):
    refused(capsys, [*DATABASE_COMMANDS[command], "--database", bad_path(kind, tmp_path, "w.sqlite3")], files, tmp_path)


@pytest.mark.parametrize("kind", KINDS)
def test_a_database_path_in_the_environment_that_cannot_be_used(kind, files, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WORDBOT_DATABASE", str(bad_path(kind, tmp_path, "w.sqlite3")))
    refused(capsys, ["leaderboard", "--guild", "1"], files, tmp_path)


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "a missing folder"])  # the bot makes its folder
def test_the_bots_database_path_that_cannot_be_used(kind, files, tmp_path, capsys, monkeypatch):
    """wordbot run: said before the bot logs in (it was "cannot reach Discord" for a name too long)."""
    monkeypatch.setenv("DISCORD_TOKEN", "not.a.real.token")
    monkeypatch.setenv("WORDBOT_DATABASE", str(bad_path(kind, tmp_path, "w.sqlite3")))
    before = snapshot(tmp_path)
    code = main(["run"])
    out, err = capsys.readouterr()
    # discord.py's start-up warnings
    ours = "\n".join(line for line in err.splitlines() if "discord.client" not in line)
    line = one_line_error(ours)
    assert code == 2 and out == "" and len(line) < 300 and "Discord" not in line, line
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("kind", KINDS)
def test_a_list_file_that_cannot_be_read(kind, files, tmp_path, capsys):
    refused(capsys, ["lists", "add", "--guild", "1", "--database", "{db}", "mine",
                     bad_path(kind, tmp_path, "words.txt")],
            files, tmp_path)


@pytest.mark.parametrize("end", ["--from", "--to"])
@pytest.mark.parametrize("kind", KINDS)
def test_either_end_of_a_copy_that_cannot_be_used(kind, end, files, tmp_path, capsys):
    other = "--to" if end == "--from" else "--from"
    good = files["{db}"] if other == "--from" else str(tmp_path.parent / f"{tmp_path.name}-copy.sqlite3")
    refused(capsys, ["db", "copy", end, bad_path(kind, tmp_path, "w.sqlite3"), other, good], files, tmp_path)

"""The command line under bad conditions: one line saying what is wrong, exit code 2, never a
traceback and never a hang (the commands run in a child process with a time limit)."""

import datetime as dt
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from tests.processes import run_wordbot, start_wordbot


def wordbot(*argv, stdin="", timeout=60):
    return run_wordbot(*argv, stdin=stdin, timeout=timeout)


def one_line_error(err):
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("wordbot: "), err
    return lines[0]


@pytest.fixture
def migrated(tmp_path):
    path = tmp_path / "w.sqlite3"
    assert wordbot("db", "upgrade", "--database", path)[0] == 0
    return path


READERS = [("leaderboard", "--guild", "1"), ("stats", "--guild", "1", "--user", "2"),
           ("bee", "play", "--date", "2026-11-21")]


@pytest.mark.parametrize("command", READERS + [("db", "status"), ("db", "upgrade")])
def test_a_corrupt_database(command, tmp_path):
    path = tmp_path / "w.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    code, _, err = wordbot(*command, "--database", path, stdin="hello\n")
    assert code == 2 and "file is not a database" in one_line_error(err) and "Is it a wordbot database?" in err
    assert path.read_bytes().startswith(b"this is not a database")  # untouched


@pytest.mark.parametrize("command", READERS)
def test_a_database_newer_than_this_wordbot(command, migrated):
    with sqlite3.connect(migrated) as raw:
        raw.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '0999_future')")
    code, _, err = wordbot(*command, "--database", migrated, stdin="hello\n")
    assert code == 2 and "newer than this wordbot knows" in one_line_error(err)


@pytest.mark.parametrize("command", [("leaderboard", "--guild", "1"), ("stats", "--guild", "1", "--user", "2"),
                                     ("db", "status")])
def test_a_mistyped_database_path_is_not_created(command, tmp_path):
    path = tmp_path / "typo.sqlite3"
    code, out, err = wordbot(*command, "--database", path)
    if command[0] == "db":  # status says so, and creates nothing
        assert code == 0 and "not there yet" in out
    else:
        assert code == 2 and f"There is no database at {path}" in one_line_error(err)
    assert not path.exists()


def test_a_locked_database_during_bee_play_is_a_message_not_a_hang(migrated):
    holder = sqlite3.connect(migrated, isolation_level=None)
    try:
        code, out, err = wordbot("bee", "play", "--date", "2026-11-21", "--database", migrated, stdin="halcyon\n")
        holder.execute("BEGIN IMMEDIATE")  # the bot (or another terminal) is writing, and does not stop
        code, out, err = wordbot("bee", "play", "--date", "2026-11-21", "--database", migrated, stdin="nacho\n",
                                 timeout=60)
    finally:
        holder.close()
    assert code == 2 and "database is locked" in one_line_error(err)


@pytest.mark.parametrize("option", ["--guild", "--user"])
def test_ids_beyond_64_bits(option):
    argv = ["stats", "--guild", "1", "--user", "2"]
    argv[argv.index(option) + 1] = str(2**64)
    code, _, err = wordbot(*argv)
    assert code == 2 and "is not an id" in err and "Traceback" not in err


def test_a_word_list_that_is_a_folder(tmp_path):
    code, _, err = wordbot("anagram", "AB", "--lexicon", tmp_path)
    assert code == 2 and "No word list at" in one_line_error(err)


def _unopenable(kind, tmp_path):
    if kind == "a folder":
        return tmp_path
    if kind == "a place nobody may write":
        return Path("/proc/wordbot-test.sqlite3")
    return tmp_path / "no" / "such" / "folder" / "w.sqlite3"


OPENERS = READERS + [("db", "status"), ("db", "upgrade"), ("box", "play", "--date", "2026-11-21"),
                     ("tileset", "--seconds", "1")]


@pytest.mark.parametrize("kind", ["a folder", "a place nobody may write", "a missing folder"])
@pytest.mark.parametrize("command", OPENERS)
def test_a_database_path_that_cannot_be_opened(command, kind, tmp_path):
    path = _unopenable(kind, tmp_path)
    code, out, err = wordbot(*command, "--database", path, stdin="hello\n")
    if command == ("db", "status") and kind == "a place nobody may write":  # status only reads: nothing is there
        assert code == 0 and "not there yet" in out
        return
    line = one_line_error(err)
    assert code == 2 and out == ""
    if kind == "a folder":
        assert f"{path} is a folder, not a database" in line
    elif kind == "a missing folder":
        assert "There is no folder" in line
        assert not (tmp_path / "no").exists()  # no folders made for a mistyped path
    else:
        assert "Cannot open the database" in line or "There is no database" in line


@pytest.mark.parametrize("command", [("db", "status"), ("box", "play")])
def test_a_database_locked_by_another_program(command, tmp_path):
    path = tmp_path / "other.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)  # a rollback journal: a writer locks out readers too
    try:
        holder.execute("CREATE TABLE notes (text TEXT)")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO notes VALUES ('mine')")
        code, out, err = wordbot(*command, "--database", path, stdin="hello\n")
    finally:
        holder.close()
    assert code == 2 and out == ""
    assert f"The database at {path} is locked: another program is writing to it" in one_line_error(err)


def first_answer(command: str, date: dt.date) -> str:
    """A word the day's game accepts: the bee's first answer, or the box's published first word."""
    from solvers import bee, letterbox
    from solvers.lexicon import Lexicon

    if command == "bee":
        return sorted(bee.generate(Lexicon.load("common"), date).answers)[0]
    return letterbox.generate(date).solution[0]


@pytest.mark.parametrize(("command", "saved"), [
    ("bee", "SELECT word FROM bee_guesses"),
    ("box", "SELECT words FROM letterbox_chains"),
])
def test_ctrl_c_in_play_quits_at_once_and_keeps_what_was_played(command, saved, migrated):
    word = first_answer(command, dt.date(2026, 11, 23))
    play = start_wordbot(command, "play", "--date", "2026-11-23", "--database", migrated)
    try:
        play.stdin.write(f"{word}\n")
        play.stdin.flush()
        for _ in range(600):  # the word is played (and saved) before the next prompt
            with sqlite3.connect(migrated) as raw:
                if raw.execute(saved).fetchall():
                    break
            time.sleep(0.05)
        time.sleep(0.3)  # at the prompt, waiting for a line
        play.send_signal(signal.SIGINT)
        out, err = play.communicate(timeout=20)  # before: nothing happened until the next line came
    finally:
        play.kill()
    assert play.returncode == 130
    assert err.strip() == "Stopped. Everything you played is saved."
    with sqlite3.connect(migrated) as raw:
        assert raw.execute(saved).fetchall() == [(word,)]

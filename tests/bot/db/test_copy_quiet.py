"""``wordbot db copy`` run as a user runs it, in a process of its own: a copy that succeeds prints
nothing on stderr (no driver warning about a connection closed in a transaction), in either
direction, and a refusal is its one line."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[3]


def wordbot(*argv) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", *map(str, argv)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture
def history(tmp_path) -> Path:
    """A SQLite database at this wordbot's schema with a row in it."""
    path = tmp_path / "history.sqlite3"
    assert main(["db", "upgrade", "--database", str(path)]) == 0
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO bot_state (key, value) VALUES ('kept', 'yes')")
    return path


def test_a_copy_to_postgres_and_back_prints_nothing_on_stderr(tmp_path, history, postgres_url, capsys):
    there = wordbot("db", "copy", "--from", history, "--to", postgres_url)
    assert (there.returncode, there.stderr) == (0, "") and there.stdout.startswith("copied 1 row ")
    back = wordbot("db", "copy", "--from", postgres_url, "--to", tmp_path / "back.sqlite3")
    assert (back.returncode, back.stderr) == (0, "") and back.stdout.startswith("copied 1 row ")
    with sqlite3.connect(tmp_path / "back.sqlite3") as conn:
        assert conn.execute("SELECT key, value FROM bot_state").fetchall() == [("kept", "yes")]


@pytest.mark.parametrize("source_is", ["sqlite", "postgres"])
def test_a_refused_copy_says_one_line_and_nothing_else(tmp_path, history, postgres_url, source_is):
    """The target has rows: refused, with the source read from PostgreSQL or SQLite."""
    source, target = (history, postgres_url) if source_is == "sqlite" else (postgres_url, tmp_path / "full.sqlite3")
    first = wordbot("db", "copy", "--from", history, "--to", postgres_url)  # PostgreSQL now has rows, and is a source
    assert first.returncode == 0, first.stderr
    if source_is == "postgres":
        assert main(["db", "upgrade", "--database", str(target)]) == 0
        with sqlite3.connect(target) as conn:
            conn.execute("INSERT INTO bot_state (key, value) VALUES ('mine', 'here')")
    refused = wordbot("db", "copy", "--from", source, "--to", target)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("wordbot: The target is not empty") and refused.stderr.count("\n") == 1, \
        refused.stderr

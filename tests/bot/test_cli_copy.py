"""``wordbot db copy``: a whole history from one database to an empty other, from the terminal."""

import io
import sqlite3

from tests.bot.test_cli import run


def played(tmp_path, capsys, monkeypatch):
    """A SQLite history with a bee guess in it (played in the terminal)."""
    source = tmp_path / "a.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("afar\n/quit\n"))
    code, _, _ = run(capsys, "bee", "play", "--date", "2026-11-21", "--database", str(source))
    assert code == 0
    return source


def test_copy_to_postgres_and_back_moves_every_row(tmp_path, capsys, monkeypatch, postgres_url):
    source = played(tmp_path, capsys, monkeypatch)
    code, out, _ = run(capsys, "db", "copy", "--from", str(source), "--to", postgres_url)
    assert code == 0
    assert out.startswith("copied ") and "bee_guesses" in out and "password" not in out
    back = tmp_path / "b.sqlite3"
    code, out, _ = run(capsys, "db", "copy", "--from", postgres_url, "--to", str(back))
    assert code == 0
    with sqlite3.connect(source) as a, sqlite3.connect(back) as b:
        for table in ("bee_guesses", "player_days", "players", "bee_puzzles"):
            assert sorted(a.execute(f"SELECT * FROM {table}")) == sorted(b.execute(f"SELECT * FROM {table}")), table
    assert run(capsys, "stats", "--database", str(back))[0] == 0


def test_copy_refuses_a_target_with_rows_and_missing_ends(tmp_path, capsys, monkeypatch):
    source = played(tmp_path, capsys, monkeypatch)
    assert run(capsys, "db", "copy", "--from", str(source), "--to", str(tmp_path / "b.sqlite3"))[0] == 0
    code, out, err = run(capsys, "db", "copy", "--from", str(source), "--to", str(tmp_path / "b.sqlite3"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "is not empty" in err
    code, _, err = run(capsys, "db", "copy", "--to", str(tmp_path / "c.sqlite3"))
    assert code == 2 and "--from DATABASE --to DATABASE" in err
    code, _, err = run(capsys, "db", "status", "--from", str(source))
    assert code == 2 and "go with `wordbot db copy`" in err

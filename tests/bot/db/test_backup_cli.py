"""``wordbot db backup FILE [--force]`` and ``wordbot db restore FILE --to DATABASE`` from the
terminal: a backup and its restore, and every input that cannot be used (a missing file, one
that is not a database, a damaged one, a locked one, a folder, an existing FILE, a non-empty
target, each kind of bad path) is one line and exit status 2, with nothing left behind."""

import io
import sqlite3

import pytest

from bot.cli import main
from tests.bad_paths import KINDS, bad_path, one_line_error, snapshot
from tests.bot.test_cli import run
from tests.bot.test_cli_bad_paths import files, refused  # noqa: F401  (files: a fixture)


@pytest.fixture
def played(tmp_path, capsys, monkeypatch):
    """A SQLite history with a bee guess in it (played in the terminal)."""
    source = tmp_path / "live.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("afar\n/quit\n"))
    assert run(capsys, "bee", "play", "--date", "2026-11-21", "--database", str(source))[0] == 0
    return source


def test_a_backup_and_its_restore(tmp_path, capsys, played, monkeypatch):
    backup = tmp_path / "nightly.sqlite3"
    monkeypatch.setenv("WORDBOT_DATABASE", str(played))  # where `wordbot run` reads its database
    code, out, err = run(capsys, "db", "backup", str(backup))
    assert code == 0 and err == ""
    assert out.startswith("backed up ") and f"of {played} to {backup}" in out and "integrity check passes" in out
    code, out, err = run(capsys, "db", "restore", str(backup), "--to", str(tmp_path / "back.sqlite3"))
    assert code == 0 and err == "" and out.startswith("restored ") and "back.sqlite3" in out
    with sqlite3.connect(played) as a, sqlite3.connect(tmp_path / "back.sqlite3") as b:
        for table in ("bee_guesses", "player_days", "bee_puzzles"):
            assert sorted(a.execute(f"SELECT * FROM {table}")) == sorted(b.execute(f"SELECT * FROM {table}"))
    assert run(capsys, "stats", "--guild", "0", "--database", str(tmp_path / "back.sqlite3"))[0] == 0
    code, _, err = run(capsys, "db", "backup", str(backup), "--force")
    assert code == 0 and err == ""


def damaged(path):
    """``path``, a wordbot database, with pages in its middle overwritten."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")  # every page in the file itself
    with open(path, "r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xa5" * 4096 * 20)
    return path


def refused_line(capsys, tmp_path, argv, *, changes=()):
    """Run ``argv``: one short line and exit 2, and nothing under ``tmp_path`` made or changed."""
    before = snapshot(tmp_path)
    code = main([str(word) for word in argv])
    out, err = capsys.readouterr()
    line = one_line_error(err)
    assert code == 2 and out == "" and len(line) < 300, (code, out, err)
    assert snapshot(tmp_path) == before
    return line


def test_sources_that_cannot_be_backed_up(tmp_path, capsys, played, monkeypatch):
    out = tmp_path / "b.sqlite3"
    (tmp_path / "notes.txt").write_text("not a database\n")
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    assert "There is no database at" in \
        refused_line(capsys, tmp_path, ["db", "backup", out, "--database", tmp_path / "nope.sqlite3"])
    assert "is not a SQLite database" in \
        refused_line(capsys, tmp_path, ["db", "backup", out, "--database", tmp_path / "notes.txt"])
    assert "(it is empty)" in \
        refused_line(capsys, tmp_path, ["db", "backup", out, "--database", tmp_path / "empty.sqlite3"])
    assert "is a folder" in refused_line(capsys, tmp_path, ["db", "backup", out, "--database", tmp_path])
    line = refused_line(capsys, tmp_path, ["db", "backup", out, "--database", damaged(played)])
    assert "damaged" in line or "integrity check" in line
    assert "Traceback" not in line


def test_a_locked_source_is_waited_for_then_refused(tmp_path, capsys, played, monkeypatch):
    monkeypatch.setattr("bot.db.backup_sqlite.BUSY_SECONDS", 0.2)
    holder = sqlite3.connect(played, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")  # another program writing, holding every reader out
    try:
        line = refused_line(capsys, tmp_path, ["db", "backup", tmp_path / "b.sqlite3", "--database", played])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "is locked by another program (waited 0.2 s)" in line


def test_files_and_targets_that_are_refused(tmp_path, capsys, played):
    backup = tmp_path / "b.sqlite3"
    assert run(capsys, "db", "backup", str(backup), "--database", str(played))[0] == 0
    assert "exists already" in refused_line(capsys, tmp_path, ["db", "backup", backup, "--database", played])
    assert "is a folder" in refused_line(capsys, tmp_path, ["db", "backup", tmp_path, "--database", played])
    assert "is the database itself" in \
        refused_line(capsys, tmp_path, ["db", "backup", played, "--database", played, "--force"])
    (tmp_path / "notes.txt").write_text("not a database\n")
    target = tmp_path.parent / f"{tmp_path.name}-restored.sqlite3"  # outside tmp_path: what a refusal may create
    assert "There is no backup at" in \
        refused_line(capsys, tmp_path, ["db", "restore", tmp_path / "no.sqlite3", "--to", target])
    assert "is not a SQLite database" in \
        refused_line(capsys, tmp_path, ["db", "restore", tmp_path / "notes.txt", "--to", target])
    assert "is a folder" in refused_line(capsys, tmp_path, ["db", "restore", tmp_path, "--to", target])
    assert "target is not empty" in refused_line(capsys, tmp_path, ["db", "restore", backup, "--to", played])
    line = refused_line(capsys, tmp_path, ["db", "restore", damaged(backup), "--to", target])
    assert "damaged" in line or "integrity check" in line
    for argv, said in ((["db", "backup"], "Give the backup's file"), (["db", "restore", backup], "--to DATABASE"),
                       (["db", "backup", backup, "--to", target], "--to goes with `wordbot db restore`"),
                       (["db", "restore", backup, "--to", target, "--force"], "--force goes with `wordbot db backup`"),
                       (["db", "status", backup], "FILE and --force go with"),
                       (["db", "backup", "postgresql://u@h/db"], "A backup is a SQLite file")):
        assert said in refused_line(capsys, tmp_path, argv)


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_file_that_cannot_be_written(kind, files, tmp_path, capsys):
    refused(capsys, ["db", "backup", bad_path(kind, tmp_path, "b.sqlite3"), "--database", "{db}"], files, tmp_path)


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_or_target_that_cannot_be_used_in_a_restore(kind, files, tmp_path, capsys):
    (tmp_path / "file").mkdir(), (tmp_path / "target").mkdir()
    refused(capsys, ["db", "restore", bad_path(kind, tmp_path / "file", "b.sqlite3"), "--to",
                     str(tmp_path.parent / f"{tmp_path.name}-r.sqlite3")], files, tmp_path)
    refused(capsys, ["db", "restore", "{db}", "--to", bad_path(kind, tmp_path / "target", "r.sqlite3")], files,
            tmp_path)

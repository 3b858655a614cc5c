"""``wordbot db status`` checks the file's pages: SQLite's quick_check, or its integrity_check with
``--full``. A damaged file is said plainly, with what to do (restore the last backup), and the
exit status is 1; a sound file says so and exits 0."""

import random

import pytest

from tests.bot.db.damage import damage, fill, integrity_ok
from tests.bot.test_cli import run


@pytest.fixture
def database(tmp_path, capsys):
    """A wordbot database with its tables and rows, and more rows in tables beside them."""
    path = tmp_path / "w.sqlite3"
    assert run(capsys, "db", "upgrade", "--database", str(path))[0] == 0
    fill(path)
    return path


@pytest.mark.parametrize("full, check", [(False, "quick_check"), (True, "integrity_check")])
def test_a_sound_file_passes_the_check(database, capsys, full, check):
    code, out, err = run(capsys, "db", "status", "--database", str(database), *(["--full"] if full else []))
    assert code == 0 and err == ""
    assert f"file: ok ({check})" in out.splitlines() and "up to date" in out


@pytest.mark.parametrize("full, check", [(False, "quick_check"), (True, "integrity_check")])
def test_a_damaged_file_is_said_plainly_with_what_to_do(database, capsys, full, check):
    damage(database)
    code, out, err = run(capsys, "db", "status", "--database", str(database), *(["--full"] if full else []))
    assert code == 1 and "Traceback" not in out + err
    assert out.startswith(f"database: {database}\nfile: damaged: SQLite's {check} found ")
    assert "up to date" not in out
    assert err.startswith("The database file is damaged: stop the bot and do not write to it.")
    assert "Restore the last backup (wordbot db restore BACKUP --to NEW_FILE" in err


@pytest.mark.parametrize("command", [("db", "status"), ("db", "upgrade"), ("leaderboard", "--guild", "1")])
def test_a_file_too_damaged_to_open_is_said_damaged_not_someone_elses(database, capsys, command):
    """Garbage over the first page after its header, where the schema's table begins: SQLite cannot
    even read the tables' list. One line, exit status 2, and what to do."""
    with open(database, "r+b") as file:
        file.seek(100)
        file.write(random.Random(1).randbytes(3900))
    assert not integrity_ok(database)
    code, out, err = run(capsys, *command, "--database", str(database))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"The database at {database} is damaged (database disk image is malformed): stop the bot. " in err
    assert "Restore the last backup (wordbot db restore" in err and "Is it a wordbot database?" not in err


@pytest.mark.parametrize("argv", [("db", "upgrade", "--full"), ("db", "backup", "copy.sqlite3", "--full")])
def test_full_goes_with_status_only(database, capsys, argv):
    code, out, err = run(capsys, *argv, "--database", str(database))
    assert code == 2 and out == "" and "--full goes with `wordbot db status`" in err


def test_full_checks_a_sqlite_file_not_a_postgres_server(postgres_url, capsys):
    code, out, err = run(capsys, "db", "status", "--full", "--database", postgres_url)
    assert code == 2 and out == "" and "--full goes with `wordbot db status` of a SQLite file" in err

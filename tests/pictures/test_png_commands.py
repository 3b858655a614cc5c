"""``--png FILE`` on every command that has it: a picture is written whole or not at all, and a
path that cannot be written is one line and exit status 2, the same from every command."""

import os
import sqlite3

import pytest

from bot.cli import main
from bot.paths import shown
from solvers.lexicon import Lexicon
from tests.bad_paths import KINDS, bad_path, commands_with, one_line_error, snapshot
from tests.processes import run_wordbot

DAY = "2026-11-21"
PNG_COMMANDS = {  # every command with --png, and what it needs besides ({db}: a migrated database)
    ("bee",): ("bee", "--date", DAY),
    ("bee", "solve"): ("bee", "solve", "ACHLNOY", "N"),
    ("bee", "play"): ("bee", "play", "--date", DAY, "--database", "{db}"),
    ("box",): ("box", "--date", DAY),
    ("box", "today"): ("box", "today", "--date", DAY, "--database", "{db}"),
    ("letterboxed",): ("letterboxed", "TJO", "FEB", "CUY", "HIL", "--seconds", "0.1"),
    ("tileset",): ("tileset", "--tiles", "5", "--seconds", "0"),
    ("leaderboard",): ("leaderboard", "--guild", "1", "--database", "{db}"),
    ("stats",): ("stats", "--guild", "1", "--user", "2", "--database", "{db}"),
    ("study", "stats"): ("study", "stats", "--database", "{db}"),
}
OLD_PICTURE = b"\x89PNG the picture that was here before"


def argv(command, database):
    return [str(database) if word == "{db}" else word for word in PNG_COMMANDS[command]]


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    path = tmp_path_factory.mktemp("png") / "w.sqlite3"
    assert main(["db", "upgrade", "--database", str(path)]) == 0
    return path


def test_every_command_with_a_picture_is_tested_here():
    assert commands_with("--png") == set(PNG_COMMANDS)


@pytest.mark.parametrize("command", PNG_COMMANDS, ids=" ".join)
def test_a_write_that_fails_half_way_keeps_the_picture_that_was_there(command, database, tmp_path, capsys):
    """The command runs with a limit on the size of any file it writes (as a full disk would stop
    it): the picture cannot be written whole, so the old one stays, and no part of the new one."""
    for name in ("common", "full"):  # the word lists' cache files are written now, not in the limited run
        Lexicon.load(name)
    pictures, work = tmp_path / "pictures", tmp_path / "work"
    pictures.mkdir()
    work.mkdir()  # the working folder, with no database and no .env in it
    target = pictures / "picture.png"
    target.write_bytes(OLD_PICTURE)
    # A reader holds the database open, so its shared-memory file is there already, at full size:
    # the command only reads the database (or writes a few pages to its log), within the limit.
    holder = sqlite3.connect(database)
    try:
        holder.execute("SELECT count(*) FROM sqlite_master").fetchall()
        limit = 20_000 if command == ("bee", "play") else 1024  # bee play saves the day's puzzle first
        code, out, err = run_wordbot(*argv(command, database), "--png", target, cwd=work, file_size_limit=limit)
    finally:
        holder.close()
    line = one_line_error(err)
    assert code == 2 and line.startswith(f"wordbot: cannot write the picture to {shown(target)}: File too large")
    assert target.read_bytes() == OLD_PICTURE
    assert os.listdir(pictures) == ["picture.png"]  # no half-written file left beside it


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", PNG_COMMANDS, ids=" ".join)
def test_a_path_that_cannot_be_written_is_one_line_and_status_2(command, kind, database, tmp_path, capsys):
    path = bad_path(kind, tmp_path, "picture.png")
    before = snapshot(tmp_path)
    code = main([*argv(command, database), "--png", str(path)])
    out, err = capsys.readouterr()
    line = one_line_error(err)
    assert code == 2 and out == "" and line.startswith("wordbot: cannot write the picture to ")
    assert len(line) < 300  # a long path is shown shortened
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("command", [("bee",), ("box",), ("letterboxed",), ("study", "stats")], ids=" ".join)
def test_a_picture_replaces_the_file_there(command, database, tmp_path, capsys):
    target = tmp_path / "picture.png"
    target.write_bytes(OLD_PICTURE)
    target.chmod(0o640)
    assert main([*argv(command, database), "--png", str(target)]) == 0
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and target.stat().st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["picture.png"]

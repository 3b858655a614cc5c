"""``wordbot bee --png FILE``: the hive the bot posts, written as a PNG, wherever the terminal
shows a hive (the day's puzzle, any hive solved, a game played), the option before or after the
subcommand; a path that cannot be written is one line and exit status 2."""

import datetime as dt
import io

import pytest
from PIL import Image

from bot.cli import main
from bot.games.bee.cog import hive_file
from bot.games.bee.picture import render_hive
from solvers import bee
from solvers.lexicon import Lexicon

DAY = "2026-11-21"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def the_day() -> bee.Puzzle:
    return bee.generate(Lexicon.load("common"), dt.date.fromisoformat(DAY))


def opened(path) -> Image.Image:
    image = Image.open(path)
    image.load()  # a truncated or invalid file fails here
    return image


async def test_the_days_hive_is_the_picture_the_bot_posts(capsys, tmp_path):
    target = tmp_path / "hive.png"
    code, out, err = run(capsys, "bee", "--date", DAY, "--png", str(target))
    assert code == 0 and err == "" and out.startswith("Spelling Bee · #690 · Saturday 21 November 2026")
    image = opened(target)
    assert image.format == "PNG" and image.size == (480, 480)
    posted = await hive_file(the_day())  # what the daily post and /bee today attach
    assert target.read_bytes() == posted.fp.read()


def test_png_with_json_writes_both(capsys, tmp_path):
    target = tmp_path / "hive.png"
    code, out, _ = run(capsys, "bee", "--date", DAY, "--json", "--png", str(target))
    assert code == 0 and out.startswith("{") and opened(target).format == "PNG"


@pytest.mark.parametrize("before", [True, False])
def test_solve_writes_the_hive_it_solved_with_the_option_before_or_after(capsys, tmp_path, before):
    target = tmp_path / "solved.png"
    option = ["--png", str(target)]
    argv = ["bee", *option, "solve", "ACHLNOY", "N"] if before else ["bee", "solve", "ACHLNOY", "N", *option]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "halcyon" in out
    assert target.read_bytes() == render_hive("n", "achloy")
    other = tmp_path / "other.png"
    assert run(capsys, "bee", "solve", "ACEHLNT", "N", "--png", str(other))[0] == 0
    assert other.read_bytes() != target.read_bytes()  # another hive, another picture


@pytest.mark.parametrize("before", [True, False])
def test_play_writes_the_days_hive_before_the_game(capsys, monkeypatch, tmp_path, before):
    target = tmp_path / "play.png"
    monkeypatch.setattr("sys.stdin", io.StringIO("/quit\n"))
    option = ["--png", str(target)]
    argv = (["bee", *option, "play"] if before else ["bee", "play", *option]) + ["--date", DAY, "--database",
                                                                                 str(tmp_path / "w.sqlite3")]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "Saturday 21 November 2026" in out
    puzzle = the_day()
    assert target.read_bytes() == render_hive(puzzle.center, puzzle.outer)


@pytest.mark.parametrize("argv", [["bee", "--date", DAY], ["bee", "solve", "ACHLNOY", "N"],
                                  ["bee", "play", "--date", DAY]])
def test_a_path_that_cannot_be_written_is_one_line(capsys, monkeypatch, tmp_path, argv):
    monkeypatch.setattr("sys.stdin", io.StringIO("/quit\n"))
    database = [] if argv[1] != "play" else ["--database", str(tmp_path / "w.sqlite3")]
    for path, why in ((tmp_path / "missing" / "hive.png", "No such file or directory (check the path, or "
                                                          "create the folder first)"),
                      (tmp_path, "Is a directory (that is a folder: give the path of a file)")):
        code, out, err = run(capsys, *argv, *database, "--png", str(path))
        assert code == 2 and out == ""  # nothing shown, no game started
        assert err.splitlines() == [f"wordbot: cannot write the picture to {path}: {why}"]
    assert not (tmp_path / "w.sqlite3").exists()

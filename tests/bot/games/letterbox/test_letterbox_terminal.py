"""``wordbot box today`` and ``wordbot box play``: the day's box, and the game saved like a player's in Discord."""

import asyncio
import io
import json
import os
import sqlite3

import pytest

from tests.bot.test_cli import run
from tests.processes import run_child, wordbot_argv

DAY = "2026-11-23"  # DMR · FTY · AIO · CEP, par 4, published DEFICIT → TEMPORARY


def database_with_published_box(path):
    """A database in which DAY's box was posted by an earlier release: TUW · BNO · EFI · LPR, par 5,
    published POWERFUL → LIBERTINE. A stored box is the day's box for good."""
    from bot.db import open_database
    from bot.games.letterbox.store import LetterBoxedStore
    from tests.bot.games.letterbox.test_letterbox_game import PUBLISHED

    async def store():
        db = await open_database(path)
        try:
            await LetterBoxedStore(db).save_puzzle(PUBLISHED)
        finally:
            await db.close()

    asyncio.run(store())
    return path


def test_box_today_json_is_the_same_in_every_run(capsys):
    code, out, _ = run(capsys, "box", "today", "--date", DAY, "--json", "--solution")
    assert code == 0
    assert json.loads(out) == {"date": DAY, "sides": ["dmr", "fty", "aio", "cep"], "par": 4,
                               "solution": ["deficit", "temporary"], "playable": 2094}
    other = run_child(wordbot_argv("box", "today", "--date", DAY, "--json", "--solution"),
                      capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "7"})
    assert other.stdout == out


@pytest.mark.parametrize("argv", [("box", "today", "--date", DAY), ("box", "--date", DAY),
                                  ("box", "today", "--date", DAY, "--json")])
def test_box_today_hides_the_solution_unless_asked(argv, capsys):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "deficit" not in out.lower() and "temporary" not in out.lower()
    assert "solution" not in (json.loads(out) if "--json" in argv else {})


def test_box_today_for_people_and_a_date_without_a_box(capsys):
    code, out, _ = run(capsys, "box", "today", "--date", DAY)
    assert code == 0 and out.splitlines() == [
        "Letter Boxed · #1058 · Monday 23 November 2026", "Box: DMR · FTY · AIO · CEP",
        "Par 4 words · 2,094 playable words",
        "(wordbot box today --solution shows the published solution; wordbot box play plays it here)"]
    code, out, _ = run(capsys, "box", "today", "--date", DAY, "--solution")
    assert code == 0 and out.splitlines()[-1] == "Published solution: DEFICIT → TEMPORARY"
    code, _, err = run(capsys, "box", "today", "--date", "2020-01-01")
    assert code == 2 and err.strip() == "wordbot: Daily boxes start on 2024-01-01; pick a later date."
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "box", "today", "--date", "23/11/2026")
    assert exit_.value.code == 2 and "is not a date like 2026-11-21" in capsys.readouterr().err


def test_box_play_in_the_terminal_is_saved(capsys, monkeypatch, tmp_path):
    db = database_with_published_box(tmp_path / "w.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("powerful\nlint\n/undo\nlit tin\n" + "/hint\n" * 5 + "/quit\n"))
    code, out, _ = run(capsys, "box", "play", "--date", DAY, "--database", str(db))
    assert code == 0
    assert "✅ POWERFUL\nChain: POWERFUL (1 word). 4 letters left: T B N I. Next word starts with L." in out
    assert "Took back LINT." in out and "✅ LIT → TIN" in out
    # each /hint shows the next level, for the chain POWERFUL LIT TIN; the published solution's shape comes last
    assert "Hint 1 of 4: 1 letter left: B.\n" in out
    assert "Hint 2 of 4: Your chain can be finished in 1 more word: 4 words in all (par 5)." in out
    shape = "Hint 4 of 4: Today's published solution is two words, of 8 and 9 letters; the first starts with P."
    assert out.count(shape + "\n(That was the last hint.)") == 2
    assert out.index("Hint 1 of 4") < out.index("Hint 2 of 4") < out.index("Hint 3 of 4") < out.index(shape)
    monkeypatch.setattr("sys.stdin", io.StringIO("nub\n"))  # the chain was saved: it goes on (then Ctrl-D)
    code, out, _ = run(capsys, "box", "play", "--date", DAY, "--database", str(db))
    assert "🎉 Solved in 4 words (1 under par): 16 points." in out
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT guild_id, user_id, words, points FROM letterbox_solves").fetchall() == [
            (0, 0, "powerful lit tin nub", 16)]
        assert raw.execute("SELECT points, words FROM player_days WHERE game = 'letterbox'").fetchall() == [(16, 4)]


def test_the_terminal_names_its_own_commands_not_discords_buttons(capsys, monkeypatch, tmp_path):
    db = database_with_published_box(tmp_path / "w.sqlite3")
    # solved in 4 words, then played on: every reply that offers a restart names /restart
    monkeypatch.setattr("sys.stdin", io.StringIO("powerful lit tin nub\nbun\n/rules\n/restart\npowerful\nbun\n"))
    code, out, _ = run(capsys, "box", "play", "--date", DAY, "--database", str(db))
    assert code == 0
    assert "/restart to try for fewer words" in out and "/restart to try again in fewer words" in out \
        and "/restart after solving" in out and "To begin a new chain instead, use /restart first." in out
    assert "Restart" not in out and "Undo" not in out


def test_box_today_png_draws_the_terminal_players_chain(capsys, monkeypatch, tmp_path):
    from PIL import Image

    from bot.pictures.box import render_box
    from tests.bot.games.letterbox.test_letterbox_game import PUBLISHED

    db = database_with_published_box(tmp_path / "w.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("powerful lit\n"))
    run(capsys, "box", "play", "--date", DAY, "--database", str(db))
    picture = tmp_path / "box.png"
    code, out, _ = run(capsys, "box", "today", "--date", DAY, "--database", str(db), "--png", str(picture))
    assert code == 0 and out.splitlines()[1] == "Box: TUW · BNO · EFI · LPR"  # the stored box, as it is played
    assert out.splitlines()[-1] == f"Picture of the box with your chain POWERFUL → LIT: {picture}"
    assert Image.open(picture).format == "PNG" and Image.open(picture).width == 480
    assert picture.read_bytes() == render_box(PUBLISHED.box.sides, ("powerful", "lit"))


def test_box_today_png_without_a_database_is_the_bare_box_and_never_makes_one(capsys, monkeypatch, tmp_path):
    from bot.pictures.box import render_box

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WORDBOT_DATABASE", raising=False)
    code, out, _ = run(capsys, "box", "--date", DAY, "--json", "--png", "box.png")
    assert code == 0 and json.loads(out)["sides"] == ["dmr", "fty", "aio", "cep"]  # stdout stays JSON
    assert (tmp_path / "box.png").read_bytes() == render_box(("dmr", "fty", "aio", "cep"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["box.png"]


def test_box_today_png_only_reads_the_database(capsys, tmp_path):
    """Showing a box never stores one: a future day's box stays unmade until the bot posts it."""
    import sqlite3

    from bot.pictures.box import render_box

    db = tmp_path / "w.sqlite3"
    assert run(capsys, "db", "upgrade", "--database", str(db))[0] == 0
    code, out, _ = run(capsys, "box", "today", "--date", "2031-06-01", "--database", str(db), "--png",
                       str(tmp_path / "b.png"))
    assert code == 0 and out.splitlines()[-1].startswith("Picture of the box")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM letterbox_puzzles").fetchone()[0] == 0
    sides = tuple(out.splitlines()[1].removeprefix("Box: ").lower().split(" · "))
    assert (tmp_path / "b.png").read_bytes() == render_box(sides)


def test_box_today_png_to_a_path_that_cannot_be_written_is_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "box", "today", "--date", DAY, "--png", str(tmp_path / "missing" / "box.png"))
    assert code == 2 and out == ""
    assert err == (f"wordbot: cannot write the picture to {tmp_path / 'missing' / 'box.png'}: "
                   "No such file or directory (check the path, or create the folder first)\n")

import json
import sqlite3

import pytest

from bot.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_anagram_lists_the_bingos(capsys):
    code, out, err = run(capsys, "anagram", "AALNST?")
    assert code == 0 and err == ""
    assert out.startswith("AALNST?: 9 bingos (lexicon full; lowercase letters are blanks)")
    for marked in ("ANALyST", "SeALANT", "SuLTANA", "SALTpAN"):
        assert marked in out


def test_anagram_through_a_board_letter(capsys):
    code, out, _ = run(capsys, "anagram", "AALNST?", "--board", "I")
    assert code == 0
    for marked in ("TALISmAN", "NASALITy", "ANnALIST"):
        assert marked in out


def test_anagram_json(capsys):
    code, out, _ = run(capsys, "anagram", "aalnst?", "--board", "i", "--json")
    document = json.loads(out)
    assert code == 0
    assert (document["rack"], document["board"], document["mode"]) == ("aalnst?", "i", "exact")
    assert {"word": "talisman", "blanks": "m", "board_letter": "i"} in document["results"]


def test_anagram_with_a_word_list_file(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("Stop\npots\nTOPS\nspot\nopt's\nspötter\n\n", encoding="utf-8")
    code, out, _ = run(capsys, "anagram", "OPST", "--lexicon", str(words), "--json", "--mode", "sub")
    assert code == 0
    assert [r["word"] for r in json.loads(out)["results"]] == ["pots", "spot", "stop", "tops"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["anagram", "AB1"], "remove '1'"),
        (["anagram", "A" * 10_000], "at most 15 tiles"),
        (["anagram", "AB", "--board", "?"], "no blanks"),
        (["anagram", "AB", "--lexicon", "/no/such/file"], "No word list at '/no/such/file'"),
    ],
)
def test_bad_input_is_a_message_and_exit_code_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("wordbot: ") and message in err and "Traceback" not in err


def test_a_bad_mode_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["anagram", "AB", "--mode", "bingo"])
    assert exit_.value.code == 2
    assert "invalid choice: 'bingo'" in capsys.readouterr().err


def test_run_without_a_token_explains_what_to_do(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code, out, err = run(capsys, "run")
    assert code == 1
    assert "no Discord bot token is set" in err
    assert "DISCORD_TOKEN" in err and "wordbot anagram 'AALNST?'" in err
    assert "Traceback" not in err


def test_db_status_and_upgrade(capsys, tmp_path):
    db = tmp_path / "w.sqlite3"
    code, out, _ = run(capsys, "db", "status", "--database", str(db))
    assert code == 0 and "schema version: 0" in out and "pending: 0001_initial" in out
    code, out, _ = run(capsys, "db", "upgrade", "--database", str(db))
    assert code == 0 and "applied 0001_initial" in out and "up to date" in out
    code, out, _ = run(capsys, "db", "upgrade", "--database", str(db))
    assert code == 0 and "applied" not in out and "up to date" in out
    with sqlite3.connect(db) as raw:
        raw.execute("INSERT INTO schema_migrations (version, name) VALUES (99, '0099_future')")
    code, out, err = run(capsys, "db", "upgrade", "--database", str(db))
    assert code == 2 and "newer than this wordbot knows" in err  # the file needs a newer wordbot: not our fault


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("anagram", "run", "db"):
        assert command in out


def test_bee_shows_a_days_puzzle_without_spoilers(capsys):
    from solvers import bee
    from solvers.lexicon import Lexicon

    puzzle = bee.generate(Lexicon.load("common"), __import__("datetime").date(2026, 11, 21))
    code, out, _ = run(capsys, "bee", "--date", "2026-11-21")
    assert code == 0
    assert out.splitlines()[:3] == [
        "Spelling Bee · #690 · Saturday 21 November 2026",
        f"Hive: {puzzle.center.upper()} · {' '.join(puzzle.outer.upper())}  (centre {puzzle.center.upper()})",
        f"{len(puzzle.answers)} words · {puzzle.max_score} points · 1 pangram",
    ]
    assert puzzle.pangrams[0] not in out
    code, out, _ = run(capsys, "bee", "--date", "2026-11-21", "--answers")
    assert all(word in out for word in puzzle.answers)


def test_bee_json(capsys):
    code, out, _ = run(capsys, "bee", "--date", "2026-11-21", "--json")
    document = json.loads(out)
    assert code == 0 and list(document) == ["date", "letters", "center", "answers", "pangrams", "max_score"]
    assert document["date"] == "2026-11-21" and len(document["letters"]) == 7
    assert document["center"] in document["letters"] and set(document["pangrams"]) <= set(document["answers"])


def test_bee_solve_any_hive(capsys):
    code, out, _ = run(capsys, "bee", "solve", "ACHLNOY", "N", "--json")
    document = json.loads(out)
    assert code == 0 and document["pangrams"] == ["halcyon"] and "canyon" in document["answers"]
    code, out, err = run(capsys, "bee", "solve", "ABC", "D")
    assert code == 2 and "A hive is 7 different letters" in err
    with pytest.raises(SystemExit):
        main(["bee", "--date", "21/11/2026"])
    assert "is not a date like 2026-11-21" in capsys.readouterr().err


def test_bee_play_in_the_terminal_is_saved(capsys, monkeypatch, tmp_path):
    import datetime as dt
    import io

    from solvers import bee
    from solvers.lexicon import Lexicon

    db = tmp_path / "w.sqlite3"
    puzzle = bee.generate(Lexicon.load("common"), dt.date(2026, 11, 21))
    word, pangram = next(w for w in puzzle.answers if w not in puzzle.pangrams and len(w) > 4), puzzle.pangrams[0]
    points, bonus = bee.score(word, puzzle), bee.score(pangram, puzzle)
    outside = next(ch for ch in "zyxwvq" if ch not in puzzle.letters)
    monkeypatch.setattr("sys.stdin",
                        io.StringIO(f"{word}\n{word}\n{outside}yz\n/hints\n/rank\n{pangram}\n/found\n/quit\n"))
    code, out, _ = run(capsys, "bee", "play", "--date", "2026-11-21", "--database", str(db))
    assert code == 0
    assert f"✅ {word.upper()} +{points} points." in out and f"You already found {word.upper()}." in out
    assert f"{outside.upper()}YZ is too short" in out
    left = len(puzzle.answers) - 1
    assert f"Left: {left} words, {puzzle.max_score - points} points, 1 pangram\n" in out
    assert f"{pangram.upper()} +{bonus} points. Pangram!" in out and f"> {', '.join(sorted([word, pangram]))}" in out
    with sqlite3.connect(db) as raw:
        rows = raw.execute("SELECT guild_id, user_id, word, points FROM bee_guesses ORDER BY word").fetchall()
    assert rows == sorted([(0, 0, word, points), (0, 0, pangram, bonus)], key=lambda r: r[2])
    monkeypatch.setattr("sys.stdin", io.StringIO("/found\n"))  # ends with Ctrl-D (end of input)
    code, out, _ = run(capsys, "bee", "play", "--date", "2026-11-21", "--database", str(db))
    assert code == 0 and f"You have {points + bonus} points: {bee.rank(points + bonus, puzzle.max_score).name}" in out


def test_leaderboard_and_stats_of_the_terminal_player(capsys, monkeypatch, tmp_path):
    import datetime as dt
    import io

    from solvers import bee
    from solvers.lexicon import Lexicon

    db = tmp_path / "w.sqlite3"
    today = dt.date.today()
    puzzle = bee.generate(Lexicon.load("common"), today)
    words = [*puzzle.answers[:3], puzzle.pangrams[0]]
    points = sum(bee.score(w, puzzle) for w in words)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(words) + "\n"))
    assert run(capsys, "bee", "play", "--database", str(db))[0] == 0

    code, out, _ = run(capsys, "leaderboard", "--guild", "0", "--period", "today", "--database", str(db))
    assert code == 0 and out.splitlines()[1].split() == \
        ["1.", "you", "(terminal)", str(points), "pts", "4", "words", "1", "pangram"]
    code, out, _ = run(capsys, "leaderboard", "--guild", "0", "--json", "--database", str(db))
    (line,) = json.loads(out)["standings"]
    assert (line["rank"], line["user_id"], line["name"], line["points"], line["words"]) == \
        (1, 0, "you (terminal)", points, 4)

    code, out, _ = run(capsys, "stats", "--guild", "0", "--user", "0", "--json", "--database", str(db))
    stats = json.loads(out)
    assert (stats["days_played"], stats["total_points"], stats["pangrams"], stats["current_streak"]) == \
        (1, points, 1, 1)
    assert stats["last_days"][-1] == [today.isoformat(), points]
    code, out, _ = run(capsys, "stats", "--guild", "0", "--user", "0", "--database", str(db))
    assert f"1 day played · {points} points" in out

    # without --guild and --user: the terminal player, as bee play and box play use
    for short, full in [(["leaderboard", "--period", "today"], ["leaderboard", "--period", "today", "--guild", "0"]),
                        (["leaderboard", "--json"], ["leaderboard", "--json", "--guild", "0"]),
                        (["stats"], ["stats", "--guild", "0", "--user", "0"]),
                        (["stats", "--json"], ["stats", "--json", "--guild", "0", "--user", "0"])]:
        code, out, err = run(capsys, *short, "--database", str(db))
        assert code == 0 and (code, out, err) == run(capsys, *full, "--database", str(db))

    code, out, _ = run(capsys, "leaderboard", "--guild", "12345", "--database", str(db))
    assert "No scores yet for this period." in out
    code, out, _ = run(capsys, "stats", "--guild", "12345", "--user", "7", "--database", str(db))
    assert "user 7 has not played Spelling Bee in server 12345 yet." in out


def test_run_when_discord_refuses_the_message_content_intent(capsys, monkeypatch, tmp_path):
    import discord

    from bot.app import WordBot

    async def refused(self, token, *, reconnect=True):
        assert self.intents.message_content  # asked for, as WORDBOT_MESSAGE_CONTENT=1 says
        raise discord.PrivilegedIntentsRequired(shard_id=0)

    monkeypatch.setattr(WordBot, "start", refused)
    monkeypatch.setenv("DISCORD_TOKEN", "not.a.real.token")
    monkeypatch.setenv("WORDBOT_DATABASE", str(tmp_path / "w.sqlite3"))
    monkeypatch.setenv("WORDBOT_MESSAGE_CONTENT", "1")
    code, out, err = run(capsys, "run")
    assert code == 1 and "Traceback" not in err
    assert 'Turn on "Message Content Intent" on the Bot page' in err and "WORDBOT_MESSAGE_CONTENT=0" in err

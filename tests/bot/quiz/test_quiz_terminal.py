"""``wordbot quiz`` and ``wordbot challenge`` in the terminal: piped input plays a round and a
challenge, saved in the database as the bot saves them; answers after the time limit do not
count (the clock is read as each line comes: a test clock moves as each line is read); the
JSON shapes; a challenge is played once a date; hostile input is one line, never written back."""

import builtins
import datetime as dt
import json
import sqlite3

import pytest

from bot.quiz import terminal_play
from solvers.lexicon import Lexicon
from solvers.quiz import challenge, question_set, set_size
from tests.bot.test_cli import run
from tests.bot.test_no_echo_discord import SLUR, SLUR_FORMS, echoes
from tests.clock import Clock, Typed

T0 = dt.datetime(2026, 11, 22, 12, tzinfo=dt.UTC)
DAY = "2026-11-22"
ROUND = ("quiz", "--length", "7", "--order", "probability", "--from", "1", "--questions", "3", "--seconds", "120")


@pytest.fixture
def clock(monkeypatch):
    clock = Clock(T0)
    monkeypatch.setattr(terminal_play, "utc_now", clock)
    monkeypatch.setattr("bot.quiz.terminal.utc_now", clock)
    return clock


@pytest.fixture
def database(tmp_path):
    return str(tmp_path / "w.sqlite3")


def rows(database, sql):
    with sqlite3.connect(database) as raw:
        return raw.execute(sql).fetchall()


def top_three():
    return question_set(Lexicon.load("full"), 7, "probability", 1, 3, show_flagged=True)


def play(capsys, monkeypatch, clock, argv, lines, moments=()):
    monkeypatch.setattr("sys.stdin", Typed(clock, lines, moments))
    return run(capsys, *argv)


def test_a_round_played_with_piped_input_is_scored_and_saved(capsys, monkeypatch, clock, database):
    first, second, third = top_three()
    typed = [first.answers[0], f"{second.answers[0]} xyzzy qqq", first.answers[0], "", "/board", "/nonsense", "1234"]
    code, out, err = play(capsys, monkeypatch, clock, [*ROUND, "--database", database], typed + ["/quit"])
    assert code == 0 and err == ""
    head, *answers = out.split("> ")
    total = sum(len(q.answers) for q in top_three())
    assert head.splitlines()[0] == (f"Anagram quiz · 7s · probability 1-3 · lexicon full · 3 alphagrams, "
                                    f"{plural_words(total)} · time limit 2:00")
    for q in (first, second, third):
        assert f"{q.alphagram.upper()} {len(q.answers)}" in head.splitlines()[1]
    assert answers[0].splitlines() == [f"✅ {first.answers[0].upper()}", f"1 of {plural_words(total)} · 2:00 left"]
    assert "❌ Not an answer: 2 words." in answers[1] and f"✅ {second.answers[0].upper()}" in answers[1]
    assert f"⚠️ Already found: {first.answers[0].upper()}." in answers[2]
    assert answers[4].startswith(f"Left: 1 alphagram\n  {third.alphagram.upper()} {len(third.answers)}\n")
    assert "/board, /help, /quit" in answers[5] and "Type the words as letters" in answers[6]
    assert "xyzzy" not in out.lower() and "qqq" not in out.lower()
    tail = answers[-1].splitlines()
    assert tail[0] == f"Round over (stopped). Score: 2 of {plural_words(total)} ({round(200 / total)}%)."
    assert tail[1:] == \
        ["Missed: 1 word of 1 alphagram", f"  {third.alphagram.upper()}  {' '.join(third.answers).upper()}"]
    assert rows(database, "SELECT guild_id, channel_id, set_name, seconds, ended_at IS NOT NULL FROM quiz_rounds") == [
        (0, 0, "7s probability 1-3", 120, 1)]
    assert sorted(rows(database, "SELECT word, user_id FROM quiz_answers")) == sorted(
        [(first.answers[0], 0), (second.answers[0], 0)])
    assert rows(database, "SELECT guild_id, user_id, alphagram FROM quiz_misses") == [(0, 0, third.alphagram)]


def plural_words(n):
    return f"{n} word" if n == 1 else f"{n} words"


def test_a_line_typed_after_the_limit_does_not_count(capsys, monkeypatch, clock, database):
    first, second, _ = top_three()
    lines = [first.answers[0], second.answers[0], "never read"]
    code, out, err = play(capsys, monkeypatch, clock, [*ROUND, "--database", database, "--json"], lines,
                          [100, 121, 122])
    assert code == 0 and "Time's up: that line came after the time limit and does not count." in err
    result = json.loads(out)
    assert (result["end"], result["words_found"], result["seconds_used"]) == ("time", 1, 120.0)
    assert [q["found"] for q in result["questions"]][:2] == [[first.answers[0]], []]
    assert rows(database, "SELECT word FROM quiz_answers") == [(first.answers[0],)]
    assert rows(database, "SELECT ended_at FROM quiz_rounds") == [("2026-11-22T12:02:00.000000+00:00",)]


def test_the_play_of_a_json_round_goes_to_standard_error(capsys, monkeypatch, clock, database):
    first, *_ = top_three()
    code, out, err = play(capsys, monkeypatch, clock, [*ROUND, "--database", database, "--json"], [first.answers[0]],
                          [5, 30])
    document = json.loads(out)
    assert code == 0 and "✅" in err and "Round over (stopped)" in err and "1 of" in err and "1:55 left" in err
    assert set(document) == {"set", "lexicon", "seconds", "seconds_used", "end", "words_found", "words_total",
                             "questions", "missed"}
    assert (document["set"], document["lexicon"], document["seconds"], document["seconds_used"]) == (
        "7s probability 1-3", "full", 120, 30.0)
    assert [q["alphagram"] for q in document["questions"]] == [q.alphagram for q in top_three()]
    assert all(set(q) == {"alphagram", "answers", "found"} for q in document["questions"])
    assert [m["alphagram"] for m in document["missed"]] == [q.alphagram for q in top_three()[1:]]


def test_the_end_noticed_at_ctrl_d_after_the_limit_is_the_limit(capsys, monkeypatch, clock, database):
    code, out, _ = play(capsys, monkeypatch, clock, [*ROUND, "--database", database], [], [500])
    assert code == 0 and "Round over (time's up). Score: 0 of" in out
    assert rows(database, "SELECT ended_at FROM quiz_rounds") == [("2026-11-22T12:02:00.000000+00:00",)]


def test_a_round_left_open_by_a_killed_program_is_ended_at_the_next_start(capsys, monkeypatch, clock, database):
    import asyncio

    from bot.db import open_database
    from bot.quiz.store import QuizStore, RoundRecord

    async def left_open():
        db = await open_database(database)
        record = RoundRecord(7, 0, 0, None, "full", "7s probability 1-3", 120, T0, T0 + dt.timedelta(seconds=120), None,
                             0)
        assert await QuizStore(db).start_round(record, [(q.alphagram, q.answers) for q in top_three()])
        await db.close()

    asyncio.run(left_open())
    clock.now = T0 + dt.timedelta(seconds=30)
    code, out, _ = play(capsys, monkeypatch, clock, [*ROUND, "--database", database], ["/quit"])
    assert code == 0 and out.startswith("An earlier terminal round was still open")
    assert rows(database, "SELECT round_id = 7, ended_at FROM quiz_rounds ORDER BY started_at") == [
        (1, "2026-11-22T12:00:30.000000+00:00"), (0, "2026-11-22T12:00:30.000000+00:00")]


def test_a_range_larger_than_the_round_is_drawn_from(capsys, monkeypatch, clock, database):
    argv = ["quiz", "--from", "5", "--to", "40", "--questions", "4", "--database", database, "--json"]
    code, out, _ = play(capsys, monkeypatch, clock, argv, [])
    document = json.loads(out)
    ranks = {q.alphagram: q.rank for q in question_set(Lexicon.load("full"), 7, "probability", 5, 40,
                                                       show_flagged=True)}
    picked = [ranks[q["alphagram"]] for q in document["questions"]]
    assert code == 0 and document["set"] == "7s probability 5-40" and len(picked) == 4 and picked == sorted(picked)



def test_a_round_from_a_word_file_names_the_ranks_the_set_has(capsys, monkeypatch, clock, database, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\nact\ndog\ngod\nemu\n")
    argv = ["quiz", "--length", "3", "--to", "10", "--lexicon", str(words), "--database", database]
    code, out, _ = play(capsys, monkeypatch, clock, argv, ["god cat dog"])
    assert code == 0 \
        and out.startswith("Anagram quiz · 3s · probability 1-3 · lexicon words.txt · 3 alphagrams, 5 words")
    assert "Round over (stopped). Score: 3 of 5 words (60%)." in out and "Missed: 2 words of 2 alphagrams" in out


def test_a_challenge_is_listed_played_and_then_shown(capsys, monkeypatch, clock, database):
    made = challenge(dt.date(2026, 11, 22), "4s")
    words = [w for q in made.questions for w in q.answers]
    total = len(words)
    code, out, _ = run(capsys, "challenge", "--date", DAY, "--database", database)
    assert code == 2 and out == ""  # a look never makes a database
    code, out, _ = run(capsys, "challenge", "--date", DAY)
    assert code == 0 and out.splitlines()[1] == \
        f"  4s        Today's 4s        50 alphagrams ·  {total} words · 3:00 · not played"
    code, out, _ = play(capsys, monkeypatch, clock, ["challenge", "--date", DAY, "4s", "--database", database],
                        [f"{words[0]} zzzz", words[0], "/quit", words[1]], [10, 20, 30])
    assert code == 0
    assert out.splitlines()[0] == \
        f"Today's 4s · Sunday 22 November 2026 · 50 alphagrams, {total} words · time limit 3:00"
    assert f"✅ {words[0].upper()}\n❌ Not an answer: 1 word.\n1 of {total} words · 2:50 left" in out
    assert "⚠️ Already found: 1 word." in out and "zzzz" not in out.lower()
    assert f"Played Today's 4s of Sunday 22 November 2026: 1 of {total} words in 0:30 (time limit 3:00)." in out
    assert f"Missed: {plural_words(total - 1)} of" in out
    assert rows(database, "SELECT day, challenge, guild_id, user_id, seconds_used, words_found, words_total "
                          "FROM challenge_plays") == [(DAY, "4s", 0, 0, 30.0, 1, total)]
    # a second run: the result, no new clock, no line read
    clock.now = T0 + dt.timedelta(hours=1)
    code, out, _ = play(capsys, monkeypatch, clock, ["challenge", "--date", DAY, "4s", "--database", database,
                                                     "--json"],
                        [words[1]])
    document = json.loads(out)
    assert code == 0 and (document["words_found"], document["seconds_used"], document["found"]) == (1, 30.0, [words[0]])
    assert set(document) == {"date", "challenge", "title", "seconds", "seconds_used", "words_found", "words_total",
                             "perfect", "found", "missed"}
    assert "> " not in capsys.readouterr().err
    assert rows(database, "SELECT started_at FROM challenge_plays") == [("2026-11-22T12:00:00.000000+00:00",)]
    code, out, _ = run(capsys, "challenge", "--date", DAY, "--database", database)
    assert f"  4s        Today's 4s        50 alphagrams ·  {total} words · 3:00 · 1 of {total} words in 0:30" in out
    code, out, _ = run(capsys, "challenge", "--date", DAY, "--database", database, "--json")
    listed = json.loads(out)["challenges"]
    assert [c["key"] for c in listed] == ["4s", "5s", "6s", "7s", "8s", "marathon", "blanks", "common", "toughies"]
    assert listed[0] == {"key": "4s", "title": "Today's 4s", "alphagrams": 50, "words": total, "seconds": 180,
                         "state": "finished", "words_found": 1, "seconds_used": 30.0}


def test_a_challenge_after_its_limit_counts_nothing_and_a_run_after_a_kill_goes_on(capsys, monkeypatch, clock,
                                                                                   database):
    made = challenge(dt.date(2026, 11, 22), "5s")
    words = [w for q in made.questions for w in q.answers]
    argv = ["challenge", "--date", DAY, "5s", "--database", database]
    real_input = builtins.input
    monkeypatch.setattr("builtins.input", _interrupted_after(1))  # the program is stopped mid-play (Ctrl-C)
    monkeypatch.setattr("sys.stdin", Typed(clock, [words[0]], [5]))
    assert run(capsys, *argv)[0] == 130
    monkeypatch.setattr("builtins.input", real_input)
    clock.now = T0 + dt.timedelta(seconds=60)
    code, out, _ = play(capsys, monkeypatch, clock, argv, [words[1], words[2]], [200, 211, 215])
    assert code == 0 and "Your clock is still running: 2:30 left." in out
    assert f"✅ {words[1].upper()}" in out and "Time's up: that line came after the time limit and does not count." in \
        out
    assert f"2 of {plural_words(len(words))} in 3:30 (time limit 3:30)" in out
    assert sorted(rows(database, "SELECT word FROM challenge_answers")) == sorted([(words[0],), (words[1],)])


def _interrupted_after(lines):
    real, read = builtins.input, []

    def typed(prompt=""):
        if len(read) == lines:
            raise KeyboardInterrupt
        read.append(1)
        return real(prompt)
    return typed


def test_the_toughies_are_the_terminal_players_misses(capsys, monkeypatch, clock, database):
    code, _, err = play(capsys, monkeypatch, clock, ["challenge", "--date", DAY, "toughies", "--database", database],
                        [])
    assert code == 2 and err.startswith("wordbot: The Week's Toughies are the sevens and eights you missed") \
        and len(err.splitlines()) == 1
    play(capsys, monkeypatch, clock, [*ROUND, "--database", database], [])  # misses all three
    code, out, _ = play(capsys, monkeypatch, clock, ["challenge", "--date", "2026-11-23", "toughies",
                                                     "--database", database], [])
    assert code == 0 and out.splitlines()[0].startswith("Week's Toughies · Monday 23 November 2026 · 3 alphagrams")


@pytest.mark.parametrize(("argv", "says"), [
    (("quiz", "--length", "16"), "Word length is 2 to 15 letters, not 16."),
    (("quiz", "--from", "5", "--to", "4"), "A range ends at or after its start (5), not at 4."),
    (("quiz", "--from", "0"), "A range starts at rank 1 or later, not 0."),
    (("quiz", "--from", "99999"), "The 7-letter set of this list has {size:,} alphagrams: --from is {size:,} at most."),
    (("quiz", "--questions", "51"), "--questions is 1 to 50; 51 is out of range."),
    (("quiz", "--seconds", "0"), "--seconds is 1 to 3600; 0 is out of range."),
    (("challenge", "nope"), "A challenge is one of 4s, 5s, 6s, 7s, 8s, marathon, blanks, common, toughies."),
    (("challenge", "--date", "1999-12-31"), "Daily challenges start on 2000-01-01; pick a later date."),
])
def test_bad_input_is_one_line_and_exit_2(argv, says, capsys, database):
    code, out, err = run(capsys, *argv, "--database", database)
    size = set_size(Lexicon.load("full"), 7, show_flagged=True)
    assert (code, out, err) == (2, "", f"wordbot: {says.format(size=size)}\n")


@pytest.mark.parametrize("argv", [("quiz", "--order", "backwards"), ("challenge", "--date", "22/11/2026"),
                                  ("quiz", "--length", "seven")])
def test_bad_options_are_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        run(capsys, *argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and err.startswith("wordbot: error:")


@pytest.mark.parametrize("command", [ROUND, ("challenge", "--date", DAY, "6s")], ids=["quiz", "challenge"])
def test_hostile_lines_are_never_written_back(command, capsys, monkeypatch, clock, database):
    many = " ".join(f"q{a}{b}" for a in "abcdefghij" for b in "abcdefghij")
    hostile = [*SLUR_FORMS.values(), "x" * 100_000, many, "\x00\x1b[31mred\x07", "<@123> @everyone", "/" + SLUR,
               "🙂" * 50]
    code, out, err = play(capsys, monkeypatch, clock, [*command, "--database", database], hostile)
    assert code == 0 and err == "" and "\x1b" not in out and "\x00" not in out
    assert echoes([out, err], SLUR) == [] and all(echoes([out, err], form) == [] for form in SLUR_FORMS.values())
    assert "Only the first 20 words were read." in out and out.count("❌ Not an answer") >= 2


def test_a_round_and_a_challenge_on_postgresql(capsys, monkeypatch, clock, postgres_url):
    first, *_ = top_three()
    code, out, _ = play(capsys, monkeypatch, clock, [*ROUND, "--database", postgres_url, "--json"], [first.answers[0]])
    assert code == 0 and (json.loads(out)["words_found"], json.loads(out)["end"]) == (1, "stopped")
    word = challenge(dt.date(2026, 11, 22), "7s").questions[0].answers[0]
    argv = ["challenge", "--date", DAY, "7s", "--database", postgres_url, "--json"]
    code, out, _ = play(capsys, monkeypatch, clock, argv, [word], [12])
    assert code == 0 and (json.loads(out)["found"], json.loads(out)["seconds_used"]) == ([word], 12.0)
    code, again, err = play(capsys, monkeypatch, clock, argv, ["never read"], [99])
    assert code == 0 and json.loads(again) == json.loads(out) and err.startswith("You played Today's 7s")


def test_a_round_and_a_challenge_through_a_real_pipe(database):
    from tests.processes import run_wordbot

    first, *_ = top_three()
    code, out, err = run_wordbot(*ROUND, "--database", database, stdin=f"{first.answers[0]}\n")
    assert (code, err) == (0, "") and f"✅ {first.answers[0].upper()}\n" in out and "Round over (stopped)" in out
    word = challenge(dt.date(2026, 11, 22), "8s").questions[0].answers[0]
    code, out, err = run_wordbot("challenge", "--date", DAY, "8s", "--database", database, "--json", stdin=f"{word}\n")
    assert code == 0 and json.loads(out)["found"] == [word] and f"✅ {word.upper()}" in err

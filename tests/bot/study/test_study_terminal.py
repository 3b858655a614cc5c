"""``wordbot study`` in the terminal: piped input reviews the terminal player's deck (graded by
the answer and its time, a grade changed with /good), the deck is the one the database keeps
(the terminal player, id 0), stats show it, and export and import round-trip through CSV."""

import sqlite3

import pytest

from bot.study import terminal_review
from tests.bot.study.terminal_clock import Typed
from tests.bot.test_cli import run


@pytest.fixture
def database(tmp_path):
    return str(tmp_path / "w.sqlite3")


def rows(database, sql):
    with sqlite3.connect(database) as raw:
        return raw.execute(sql).fetchall()


def study(capsys, monkeypatch, clock, database, lines, moments=()):
    monkeypatch.setattr("sys.stdin", Typed(clock, lines, moments))
    return run(capsys, "study", "--database", database)


def test_piped_input_reviews_the_deck(capsys, monkeypatch, clock, database, tmp_path):
    (tmp_path / "words.txt").write_text("stare\n# a comment\n\nCAT\nxyzzy\n")
    code, out, err = run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    assert (code, err) == (0, "") and out == "Added 2 cards; 1 line made no card (not in the list, not letters, or a " \
                                             "flagged word): line 5 (xyzzy).\n"
    typed = ["aster rates stare tears arets reast resat stear strae tares taser teras", "/good", "/pass"]
    code, out, err = study(capsys, monkeypatch, clock, database, typed, [3, 4, 70])
    assert code == 0 and err == ""
    head, first, regraded, second = out.split("> ")
    assert head.splitlines()[:2] == ["Study · 2 cards due today (2 new)", "AERST · 12 words · new"]
    assert first.splitlines()[0].startswith("✅ Right: ARETS, ASTER, RATES")
    assert first.splitlines()[1].startswith("Grade: Easy (all right in 3 s) · back in ")
    assert first.splitlines()[2] == "ACT · 2 words · new"
    assert regraded.startswith("AERST: Grade: Good (your choice) · back in ")
    assert second.splitlines()[:2] == \
        ["❌ Missed: ACT, CAT", "Grade: Again (0 of 2 right) · back in 1 minute (12:02 UTC)"]
    assert second.splitlines()[2:] == ["All done for now.",
                                       "Studied 2 cards. 2 cards due today (2 reviews) · 2 of them later today."]
    assert rows(database, "SELECT user_id, reps_before, rating, answer_rating, graded_by FROM study_reviews "
                          "ORDER BY review_id") == [(0, 0, 3, 4, "player"), (0, 0, 1, 1, "answer")]


def test_words_typed_that_are_not_answers_are_counted_and_a_slur_never_shown(capsys, monkeypatch, clock, database,
                                                                             tmp_path):
    from tests.bot.test_no_echo_discord import SLUR
    (tmp_path / "words.txt").write_text("act\n")
    run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    code, out, _ = study(capsys, monkeypatch, clock, database, ["/nonsense", "", f"cat qqq {SLUR}"], [1, 2, 20])
    assert code == 0 and SLUR not in out.lower() and out.count("Type every word of the card") == 2
    assert "✅ Right: CAT" in out and "❌ Missed: ACT" in out and "Not answers: 2 words (QQQ)" in out
    assert "Grade: Hard (1 of 2 right)" in out


def test_nothing_to_study_says_how_to_add_cards(capsys, monkeypatch, clock, database):
    code, out, _ = study(capsys, monkeypatch, clock, database, ["cat"])
    assert code == 0 and out.splitlines() == [
        "Study · Nothing due today",
        "Add cards with `wordbot study import FILE` or `wordbot study add`, or miss some in `wordbot quiz`."]


def test_stats_export_and_import_round_trip(capsys, monkeypatch, clock, database, tmp_path):
    (tmp_path / "words.txt").write_text("act\ndog\n")
    run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    study(capsys, monkeypatch, clock, database, ["act cat", "dog"], [2, 30])
    code, out, _ = run(capsys, "study", "stats", "--database", database)
    assert code == 0 and out.splitlines()[1:3] == ["Cards: 2 (new 0 · learning 1 · review 1 · relearning 0)",
                                                   "Last 30 days: 100% remembered of 2 reviews"]
    assert out.splitlines()[3] == "Streak: 1 day" and out.splitlines()[4].startswith("Reviews due, next 30 days: ")
    code, out, _ = run(capsys, "study", "export", str(tmp_path / "deck.csv"), "--database", database)
    assert (code, out) == (0, f"Exported 2 cards to {tmp_path / 'deck.csv'}.\n")
    exported = (tmp_path / "deck.csv").read_text()
    assert exported.splitlines()[0] == \
        "card,due,stability,difficulty,reps,lapses,kind,lexicon,state,step,last_review," \
                                       "prompt"
    assert [line.split(",")[0] for line in exported.splitlines()[1:]] == ["act", "dgo"]
    other = str(tmp_path / "other.sqlite3")
    code, out, _ = run(capsys, "study", "import", str(tmp_path / "deck.csv"), "--database", other)
    assert (code, out) == (0, "Added 2 cards.\n")
    code, out, _ = run(capsys, "study", "export", "-", "--database", other)
    assert out == exported
    code, out, _ = run(capsys, "study", "import", str(tmp_path / "deck.csv"), "--database", other)
    assert out == "Added 0 cards; 2 were in your deck already.\n"


def test_settings_and_sets_from_the_terminal(capsys, clock, database):
    code, out, _ = run(capsys, "study", "settings", "new_per_day=5", "zone=paris", "--database", database)
    assert code == 0 and "new_per_day=5" in out and "zone=Europe/Paris" in out
    code, _, err = run(capsys, "study", "settings", "new_per_day=lots", "--database", database)
    assert code == 2 and err == "wordbot: New cards per day is a whole number from 0 to 1,000.\n"
    code, out, _ = run(capsys, "study", "add", "--length", "7", "--to", "5", "--database", database)
    assert (code, out) == (0, "Added 5 cards: they come up today.\n")
    assert rows(database, "SELECT COUNT(*), MIN(source) FROM study_cards WHERE user_id = 0") == [(5, "set")]
    # each addition says when it comes up: behind the cards before it, 5 new cards a day
    out = run(capsys, "study", "add", "--length", "7", "--from", "6", "--to", "12", "--database", database)[1]
    assert out == "Added 7 cards: they come up from tomorrow, 5 new a day.\n"
    out = run(capsys, "study", "add", "--length", "7", "--from", "13", "--to", "20", "--database", database)[1]
    assert out == "Added 8 cards: they come up from Sat 28 Nov, 5 new a day.\n"  # after the 12 before them
    assert run(capsys, "study", "stats", "--database", database)[1].splitlines()[0] == "5 cards due today (5 new)"


def test_the_bee_words_missed_in_the_terminal_become_cards(capsys, monkeypatch, clock, database):
    monkeypatch.setattr("sys.stdin", Typed(clock, ["/quit"]))  # the day's bee opened, no word found
    assert run(capsys, "bee", "play", "--date", "2026-11-23", "--database", database)[0] == 0
    [(answers,)] = rows(database, "SELECT answers FROM bee_puzzles WHERE puzzle_date = '2026-11-23'")
    found, *missed = answers.split()
    monkeypatch.setattr("sys.stdin", Typed(clock, [found, "/quit"]))
    assert run(capsys, "bee", "play", "--date", "2026-11-23", "--database", database)[0] == 0
    code, out, _ = run(capsys, "study", "add", "--bee", "2026-11-23", "--database", database)
    assert len(missed) > 20 and (code, out) == (0, f"Added {len(missed)} cards: 20 come up today, the rest from "
                                                   "tomorrow, 20 new a day.\n")
    assert sorted(r[0] for r in rows(database, "SELECT card_key FROM study_cards WHERE kind = 'word'")) == \
        sorted(missed)
    code, _, err = run(capsys, "study", "add", "--bee", "2001-01-01", "--database", database)
    assert (code, err) == (2, "wordbot: There was no bee on Monday 1 January 2001.\n")


def test_a_slur_typed_in_pieces_is_counted_not_shown(capsys, monkeypatch, clock, database, tmp_path):
    (tmp_path / "words.txt").write_text("act\n")
    run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    code, out, _ = study(capsys, monkeypatch, clock, database, ["cat ni gg er"], [2])
    assert code == 0 and "Not answers: 3 words\n" in out and "GG" not in out


def test_a_day_whose_limits_are_reached_says_how_to_raise_them(capsys, monkeypatch, clock, database, tmp_path):
    (tmp_path / "words.txt").write_text("act\ndog\n")
    run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    run(capsys, "study", "settings", "new_per_day=1", "--database", database)
    code, out, _ = study(capsys, monkeypatch, clock, database, ["cat act"], [2])
    assert code == 0 and out.rstrip().endswith(f"Nothing due today within today's limits. {terminal_review.LIMITS}")
    code, out, _ = study(capsys, monkeypatch, clock, database, [], [])
    assert out.splitlines()[-1] == terminal_review.LIMITS

"""``wordbot quiz --language`` and ``wordbot challenge --language``: a German round asked in the
German bag's probability order and answered with umlauts typed or not; a French one answered
with or without accents; the day's challenges listed from each language's lists, and played
apart from English's (ñ typed)."""

import datetime as dt
import json

import pytest

from bot.quiz import terminal_play
from solvers.lexicon import Lexicon
from solvers.quiz import question_set
from solvers.quiz.challenges import challenge
from tests.bot.test_cli import run
from tests.clock import Clock, Typed

T0 = dt.datetime(2026, 11, 22, 12, tzinfo=dt.UTC)


@pytest.fixture
def clock(monkeypatch):
    clock = Clock(T0)
    monkeypatch.setattr(terminal_play, "utc_now", clock)
    monkeypatch.setattr("bot.quiz.terminal.utc_now", clock)
    return clock


def test_a_german_round_is_the_german_probability_order_and_reads_umlauts(capsys, monkeypatch, clock, tmp_path):
    asked = question_set(Lexicon.load("full", language="de"), 5, "probability", 1, 2, show_flagged=True)
    word = asked[0].answers[0]
    typed = [word.upper(), "KÄSE kase", "/quit"]
    monkeypatch.setattr("sys.stdin", Typed(clock, typed, ()))
    code, out, err = run(capsys, "quiz", "--language", "de", "--length", "5", "--questions", "2", "--json",
                         "--database", str(tmp_path / "w.sqlite3"))
    assert code == 0, err
    result = json.loads(out)
    assert result["lexicon"] == "de/full" and result["set"] == "5s probability 1-2"
    assert [q["alphagram"] for q in result["questions"]] == [q.alphagram for q in asked]
    assert result["questions"][0]["found"] == [word] and "❌ Not an answer: 2 words." in err


def test_a_french_round_takes_words_with_or_without_accents(capsys, monkeypatch, clock, tmp_path):
    asked = question_set(Lexicon.load("common", language="fr"), 5, "common", 1, 1, show_flagged=True)
    word = asked[0].answers[0]
    written = Lexicon.load("common", language="fr").display(word)
    monkeypatch.setattr("sys.stdin", Typed(clock, [written.upper(), "/quit"], ()))
    code, out, err = run(capsys, "quiz", "--language", "fr", "--lexicon", "common", "--length", "5", "--order",
                         "common", "--questions", "1", "--json", "--database", str(tmp_path / "w.sqlite3"))
    assert code == 0, err
    assert json.loads(out)["questions"][0]["found"] == [word] and f"✅ {word.upper()}" in err


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_the_day_challenges_are_listed_from_the_language_lists(capsys, language):
    code, out, err = run(capsys, "challenge", "--language", language, "--date", "2027-01-05", "--json")
    assert code == 0, err
    rows = {row["key"]: row for row in json.loads(out)["challenges"]}
    assert rows["7s"]["alphagrams"] == 50 and rows["blanks"]["alphagrams"] == 50 and rows["toughies"]["words"] == 0


def test_a_challenge_in_another_language_is_played_apart_from_englishs(capsys, monkeypatch, clock, tmp_path):
    date = T0.date()
    spanish = challenge(date, "4s", Lexicon.load("full", language="es"), Lexicon.load("common", language="es"))
    word = next(w for q in spanish.questions for w in q.answers if "ñ" in w)
    monkeypatch.setattr("sys.stdin", Typed(clock, [word.upper(), word.replace("ñ", "n"), "/quit"], ()))
    database = str(tmp_path / "w.sqlite3")
    code, out, err = run(capsys, "challenge", "--language", "es", "4s", "--date", date.isoformat(), "--json",
                         "--database", database)
    assert code == 0, err
    played = json.loads(out)
    assert played["challenge"] == "4s-es" and played["title"] == "Today's 4s (Spanish)" and played["found"] == [word]
    code, out, err = run(capsys, "challenge", "--date", date.isoformat(), "--json", "--database", database)
    rows = {row["key"]: row for row in json.loads(out)["challenges"]}
    assert code == 0 and rows["4s"]["state"] == "not played"  # English's 4s is another challenge

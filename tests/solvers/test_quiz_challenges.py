"""The daily challenges: the same for one date in every process, different across dates, of the
stated shape, and never a flagged word, a slur or an offensive alphagram; the Week's Toughies."""

import datetime as dt
import hashlib
import json
import sys
from pathlib import Path

import pytest

from solvers.lexicon import Lexicon
from solvers.offensive import classify
from solvers.quiz import (
    KEYS,
    TODAY_SECONDS,
    QuizError,
    alphagram,
    answers_of,
    challenge,
    challenges,
    daily_seed,
    toughies,
    toughies_challenge,
)
from solvers.screen import verdict
from tests.processes import run_child

ROOT = Path(__file__).resolve().parents[2]
DAY = dt.date(2027, 3, 14)
CHILD = """
import datetime as dt, hashlib, json, sys
from solvers.quiz import challenges
day = dt.date.fromisoformat(sys.argv[1])
print(hashlib.sha256(json.dumps([[c.key, c.seconds, [[q.alphagram, q.answers] for q in c.questions]]
                                  for c in challenges(day)]).encode()).hexdigest())
"""


@pytest.fixture(scope="module")
def full() -> Lexicon:
    return Lexicon.load("full")


def digest(day: dt.date) -> str:
    return hashlib.sha256(json.dumps([[c.key, c.seconds, [[q.alphagram, q.answers] for q in c.questions]]
                                      for c in challenges(day)]).encode()).hexdigest()


def test_one_date_gives_the_same_challenges_in_another_process():
    done = run_child([sys.executable, "-c", CHILD, DAY.isoformat()], cwd=ROOT, capture_output=True, text=True,
                     timeout=120, check=True)
    assert done.stdout.strip() == digest(DAY) == digest(DAY)  # Python's hash() is salted per process


def test_dates_differ(full):
    days = [DAY + dt.timedelta(days=k) for k in range(4)]
    for key in KEYS:
        drawn = [tuple(q.alphagram for q in challenge(day, key, full).questions) for day in days]
        assert len(set(drawn)) == len(days), key
    assert daily_seed(DAY, "7s") != daily_seed(DAY, "marathon 7") != daily_seed(DAY + dt.timedelta(days=1), "7s")
    assert daily_seed(dt.datetime(2027, 3, 14, 23, 59), "7s") == daily_seed(DAY, "7s")


def test_each_challenge_has_its_shape_and_time(full):
    drawn = {c.key: c for c in challenges(DAY, full)}
    assert list(drawn) == list(KEYS)
    for n in (4, 5, 6, 7, 8):
        today = drawn[f"{n}s"]
        assert today.title == f"Today's {n}s" and today.seconds == TODAY_SECONDS[n]
        assert len(today.questions) == 50 and {len(q.alphagram) for q in today.questions} == {n}
    assert TODAY_SECONDS[7] == TODAY_SECONDS[8] == 270 and TODAY_SECONDS[2] == 90
    marathon = drawn["marathon"]
    assert [len(q.alphagram) for q in marathon.questions] == [7] * 50 + [8] * 50 and marathon.seconds == 480
    assert not {q.alphagram for q in marathon.questions} & {q.alphagram for q in drawn["7s"].questions
                                                            + drawn["8s"].questions}
    blanks = drawn["blanks"]
    assert [len(q.alphagram) for q in blanks.questions] == [7] * 25 + [8] * 25 and blanks.seconds == 540
    assert all(q.alphagram.endswith("?") and 1 <= len(q.answers) <= 20 for q in blanks.questions)
    common = drawn["common"]
    assert [len(q.alphagram) for q in common.questions] == [n for n in (4, 5, 6, 7, 8) for _ in range(10)]
    assert all(q.rank <= 1000 for q in common.questions) and common.seconds == 300
    for c in drawn.values():
        assert len({q.alphagram for q in c.questions}) == len(c.questions), c.key
    with pytest.raises(QuizError):
        challenge(DAY, "9s", full)


def test_no_challenge_of_a_sample_of_dates_asks_a_flagged_word_or_a_slur(full):
    decided = classify(full.words)
    flagged = decided.flagged | decided.removed | {w for w in full.words if full.is_vulgar(w)}
    assert len(flagged) > 100
    common = Lexicon.load("common")
    for k in range(0, 365, 73):
        for c in challenges(DAY + dt.timedelta(days=k), full):
            listed = common if c.key == "common" else full
            for q in c.questions:
                assert q.answers == answers_of(listed, q.alphagram, show_flagged=True)  # every word the letters make
                assert not flagged & set(q.answers), (c.key, q.alphagram)
                # letters in order: what they spell, as challenges._may_post judges them
                assert verdict(q.alphagram, hidden=False) is None


def test_toughies_are_the_most_missed_then_alphabetical():
    missed = {"aeinrst": 3, "ENIRSTA": 3, "aehrst": 5, "bcd": 5, "xyz": 0, "a1b": 9, "bad?": 1, "qi": -2}
    # 3 + 3 for the same letters spelled twice; ties A to Z
    assert toughies(missed) == ["aeinrst", "aehrst", "bcd", "abd?"]
    assert toughies(missed, n=2) == ["aeinrst", "aehrst"]
    counts = {alphagram(w): 10 - k % 4 for k, w in enumerate(["stare", "retain", "ocean", "zebra", "quiet", "lemon"])}
    assert toughies(counts) == sorted(counts, key=lambda a: (-counts[a], a))


def test_the_weeks_toughies_from_stored_misses(full):
    missed = {"aeinrst": 4, "aehrst": 9, "qxz": 20, "cfku": 30}  # no word; a flagged one
    weekly = toughies_challenge(missed, full)
    assert [q.alphagram for q in weekly.questions] == ["aehrst", "aeinrst"]
    assert weekly.key == "toughies" and weekly.seconds == 300 and weekly.questions[1].answers == \
        answers_of(full, "aeinrst")
    sevens = full.words[full.length_slice(7, 7)][:200]
    assert len(toughies_challenge(dict.fromkeys(map(alphagram, sevens), 1), full, n=7).questions) == 7


def test_every_challenges_answers_are_words_of_the_list_it_names(full):
    """Common Words is drawn from ``common`` and answered with its words only (it once took
    SCLATE, THEICS and NEDS, words of ``full``): every day of a year. The others, drawn from
    ``full``, on a day of each month."""
    common = Lexicon.load("common")
    for k in range(365):
        for q in challenge(DAY + dt.timedelta(days=k), "common", full, common).questions:
            assert q.answers and all(w in common for w in q.answers), (DAY + dt.timedelta(days=k), q.alphagram)
            assert q.answers == answers_of(common, q.alphagram, show_flagged=True)
    for month in range(12):
        for c in challenges(DAY + dt.timedelta(days=30 * month), full, common):
            listed = common if c.key == "common" else full
            assert all(w in listed for q in c.questions for w in q.answers), c.key

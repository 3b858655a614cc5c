"""Daily bee answers are everyday words: the statistics of a year, and ten years without a
vulgar word or a slur."""

import datetime as dt
import statistics

import pytest

from solvers import bee
from solvers.lexicon import Lexicon
from solvers.offensive import classify


@pytest.fixture(scope="module")
def common():
    return Lexicon.load("common")


def tiers(lexicon):
    """The list's flagged words, decided anew from the reviewed tiers (slurs are gone from it)."""
    return classify(lexicon.words).flagged


def test_a_year_of_puzzles_plays_like_the_newspaper(common, capsys):
    puzzles = [bee.generate(common, dt.date(2027, 1, 1) + dt.timedelta(days=k)) for k in range(365)]
    answers = statistics.mean(len(p.answers) for p in puzzles)
    points = statistics.mean(p.max_score for p in puzzles)
    with capsys.disabled():
        print(f"\n2027: mean answers {answers:.1f} (newspaper 43), mean points {points:.1f} (newspaper 198)")
    assert 38 <= answers <= 48 and 170 <= points <= 230
    assert all(common.commonness(w) >= bee.EVERYDAY_ZIPF for p in puzzles for w in p.answers)


def test_ten_years_of_puzzles_have_no_vulgar_word_or_slur(common):
    banned = tiers(common)
    assert banned  # the tiers name words of this list (vulgar ones: slurs are gone from it)
    for k in range((dt.date(2037, 1, 1) - dt.date(2027, 1, 1)).days):
        puzzle = bee.generate(common, dt.date(2027, 1, 1) + dt.timedelta(days=k))
        assert not banned & set(puzzle.answers), puzzle.date


def test_solving_any_hive_still_lists_every_word(common):
    hive = bee.generate(common, dt.date(2027, 3, 1))
    everything = bee.solve(common, hive.letters, hive.center)
    assert set(hive.answers) <= set(everything)
    assert set(everything) - set(hive.answers) == \
        {w for w in everything if common.commonness(w) < bee.EVERYDAY_ZIPF or common.is_vulgar(w)}

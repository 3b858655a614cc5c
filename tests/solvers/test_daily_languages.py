"""The daily bee and box in French, German and Spanish (issue 44): a year of dates (sampled)
meeting each language's rules (solvers.daily_words), answers against a brute force over the
language's list, the terminal's --language end to end, and English's puzzles unchanged."""

import datetime as dt
import functools
import hashlib
import json
from collections import Counter

import pytest

from bot.cli import main
from solvers import bee
from solvers.daily_words import RULES
from solvers.letterbox import daily
from solvers.lexicon import Lexicon
from solvers.screen import verdict as screen_verdict

LANGUAGES = ("fr", "de", "es")
YEAR = dt.date(2027, 1, 1)

# Recorded by running the code of main at 8b60547, before the daily games took a language:
# sha256 of "letters|centre|answer|answer..." (the bee) and of repr(DailyBox.to_json()) (the
# box), first 16 hex digits, on the dates 2025-01-01 + 97 k days. A regression check that every
# server's English daily puzzles stay exactly the same, not an answer of the solvers.
ENGLISH_BEES = ["576eb0f853de2b02", "a924ed35be3888cb", "9d4a6b371985f0d6", "99290ad7983f6825", "eabafcbf734b8154",
                "f91947873351e051", "e55188bdd7bacde1", "51483b6803ff0d63", "57707b3bf53d2dcd", "af31caa1374cd871",
                "59576b986d9092b6", "05016aa1d5eed526"]
ENGLISH_BOXES = ["72a2631ace00bd08", "52674edb0aacaf4f", "2cdbd42d360eb95e", "2b5d0ad4b4bb9399", "31d434011e924361",
                 "4739bc4974ce1ff4", "1b0e2dc06895ef76", "4e8e1e95934aac5c", "945bab9cae18a74b", "985e6760ec316941",
                 "5bc1c03e4834c23e", "7c4e511e5fa657c1"]


verdict = functools.cache(screen_verdict)  # a word answers in many puzzles: judged once


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_english_daily_puzzles_are_unchanged():
    common = Lexicon.load("common")
    dates = [dt.date(2025, 1, 1) + dt.timedelta(days=97 * k) for k in range(12)]
    bees = [bee.generate(common, date) for date in dates]
    assert [digest("|".join([p.letters, p.center, *p.answers])) for p in bees] == ENGLISH_BEES
    assert [digest(repr(daily.generate(date).to_json())) for date in dates] == ENGLISH_BOXES


@pytest.fixture(scope="module")
def commons():
    return {language: Lexicon.load("common", language=language) for language in LANGUAGES}


def is_daily_word(lexicon: Lexicon, word: str) -> bool:
    """Everyday, not vulgar, and nothing the screen withholds, written or played (any language)."""
    return (lexicon.commonness(word) >= bee.EVERYDAY_ZIPF and not lexicon.is_vulgar(word)
            and verdict(word) is None and verdict(lexicon.display(word)) is None)


def brute_force_hive(lexicon: Lexicon, letters: str, center: str) -> list[str]:
    return sorted(w for w in lexicon.words if len(w) >= 4 and center in w and set(w) <= set(letters)
                  and is_daily_word(lexicon, w))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_year_of_bees_meets_the_rules(language, commons):
    common, rule = commons[language], RULES[language]
    low, high = rule.bee_answers
    days = [YEAR + dt.timedelta(days=k) for k in range(0, 365, 3)]  # every third day
    puzzles = [bee.generate(common, date) for date in days]
    for puzzle in puzzles:
        assert len(puzzle.letters) == 7 == len(set(puzzle.letters)) and set(puzzle.letters) <= set(common.alphabet)
        assert not set(rule.bee_excluded) & set(puzzle.letters) and puzzle.pangrams
        assert low <= len(puzzle.answers) <= high, puzzle
        assert all(w in common and is_daily_word(common, w) for w in puzzle.answers)
    assert len({p.letters for p in puzzles}) == len(puzzles)  # no letter set twice in a year
    for puzzle in puzzles[::20]:  # a few against every word of the list
        assert list(puzzle.answers) == brute_force_hive(common, puzzle.letters, puzzle.center)


@pytest.mark.parametrize(("language", "step"), [("fr", 9), ("de", 9), ("es", 30)])
def test_a_year_of_boxes_meets_the_rules(language, step, commons):
    common, rule = commons[language], RULES[language]
    full = Lexicon.load("full", language=language).without_vulgar()
    for k in range(0, 365, step):
        made = daily.generate(YEAR + dt.timedelta(days=k), common)
        sides, letters = made.box.sides, made.box.letters
        assert len(sides) == 4 and all(len(side) == 3 for side in sides)
        assert len(set(letters)) == 12 and set(letters) <= set(common.alphabet) - set(rule.box_excluded)
        first, second = made.solution
        assert first[-1] == second[0] and set(first + second) == set(letters)
        for word in made.solution:
            assert word in full and is_daily_word(common, word)
            assert all(made.box.side_of(a) != made.box.side_of(b) for a, b in zip(word, word[1:], strict=False))


def run(capsys, *argv):
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def test_wordbot_bee_in_german_answers_as_a_brute_force(capsys, commons):
    code, out = run(capsys, "bee", "--language", "de", "--date", "2027-03-14", "--json", "--answers")
    found = json.loads(out)
    assert code == 0 and set(found) == {"date", "letters", "center", "answers", "pangrams", "max_score"}
    german = commons["de"]
    assert found["answers"] == brute_force_hive(german, found["letters"], found["center"])
    assert found["pangrams"] == [w for w in found["answers"] if set(w) == set(found["letters"])]
    code, out = run(capsys, "bee", "--language", "de", "--date", "2027-03-14", "--answers")
    assert code == 0 and any(f"({german.display(w)})" in out for w in found["answers"] if german.display(w) != w)


def test_wordbot_box_in_spanish_publishes_a_solution_of_common_words(capsys, commons):
    code, out = run(capsys, "box", "--language", "es", "--date", "2027-03-14", "--json", "--solution")
    found = json.loads(out)
    assert code == 0 and set(found) == {"date", "sides", "par", "solution", "playable"}
    spanish, letters = commons["es"], "".join(found["sides"])
    first, second = found["solution"]
    assert first[-1] == second[0] and set(first + second) == set(letters)
    assert all(is_daily_word(spanish, w) for w in found["solution"])
    side = {ch: k for k, s in enumerate(found["sides"]) for ch in s}
    full = Lexicon.load("full", language="es").without_vulgar()
    playable = [w for w in full.words if len(w) >= 3 and set(w) <= set(letters)
                and all(side[a] != side[b] for a, b in zip(w, w[1:], strict=False))]
    assert found["playable"] == len(playable)
    assert Counter(len(s) for s in found["sides"]) == {3: 4}

import datetime as dt
import random

import numpy as np
import pytest

from solvers import bee
from solvers.bee import BeeError, Puzzle
from solvers.lexicon import Lexicon
from tests import reference


@pytest.fixture(scope="module")
def common() -> Lexicon:
    return Lexicon.load("common")


def brute_force_answers(words, letters, center):
    return sorted(w for w in words if len(w) >= 4 and center in w and set(w) <= set(letters))


@pytest.mark.parametrize(("letters", "center"), [("achlnoy", "n"), ("aceilnt", "a"), ("bdeiorw", "w"),
                                                 ("aegilmn", "g")])
def test_solve_equals_a_scan_of_the_whole_lexicon(common, letters, center):
    assert list(bee.solve(common, letters, center)) == brute_force_answers(common.words, letters, center)


@pytest.mark.parametrize("seed", range(10))
def test_solve_on_random_word_lists(seed):
    rng = random.Random(seed)
    words = ["".join(rng.choices("abcdefgxyz", k=rng.randint(1, 9))) for _ in range(500)]
    lexicon = Lexicon("random", words)
    letters = "".join(rng.sample("abcdefgxyz", 7))
    center = rng.choice(letters)
    expected = brute_force_answers(set(words), letters, center)
    assert expected  # not a comparison of empty lists
    assert list(bee.solve(lexicon, letters, center)) == expected


def test_scores():
    puzzle = Puzzle.from_answers("achlnoy", "n", ["nacho", "noon", "halcyon", "canny"])
    assert [bee.score(w, puzzle) for w in ("noon", "nacho", "halcyon", "canny")] == [1, 5, 14, 5]
    assert bee.score("xylophone", puzzle) == 0  # not an answer
    assert puzzle.max_score == 1 + 5 + 14 + 5
    assert puzzle.pangrams == ("halcyon",)


def test_max_score_is_the_sum_of_the_scores(common):
    for day in range(30):
        puzzle = bee.generate(common, dt.date(2026, 1, 1) + dt.timedelta(days=day))
        assert puzzle.max_score == sum(bee.score(w, puzzle) for w in puzzle.answers)


def everyday_words(lexicon):
    """The words a daily answer may be, read straight off the list's figures."""
    return [w for w, zipf, vulgar in zip(lexicon.words, lexicon.zipf, lexicon.vulgar, strict=True)
            if zipf >= bee.EVERYDAY_ZIPF and not vulgar]


@pytest.mark.slow
def test_every_puzzle_of_a_year_meets_every_constraint(common):
    seen: dict[str, dt.date] = {}
    # the brute force reads every everyday word: its letters as a bit mask (a=1, b=2, c=4, ...), made here
    words = np.array(sorted(word for word in everyday_words(common) if len(word) >= 4))
    masks = np.array([sum(1 << (ord(ch) - ord("a")) for ch in set(word)) for word in words.tolist()])
    start = dt.date(2026, 1, 1)
    for day in range(400):
        date = start + dt.timedelta(days=day)
        puzzle = bee.generate(common, date)
        assert puzzle.date == date
        assert len(set(puzzle.letters)) == 7 and puzzle.center in puzzle.letters
        assert "s" not in puzzle.letters
        assert len(puzzle.pangrams) >= 1 and all(set(p) == set(puzzle.letters) for p in puzzle.pangrams)
        assert 20 <= len(puzzle.answers) <= 80
        assert 60 <= puzzle.max_score <= 500
        letters = sum(1 << (ord(ch) - ord("a")) for ch in set(puzzle.letters))
        center = 1 << (ord(puzzle.center) - ord("a"))  # every everyday word with the center, no other letter
        assert list(puzzle.answers) == words[(masks & center != 0) & (masks & ~letters == 0)].tolist()
        if puzzle.letters in seen:
            assert (date - seen[puzzle.letters]).days > 365
        seen[puzzle.letters] = date


def test_generation_is_deterministic_and_the_salt_changes_it(common):
    date = dt.date(2026, 11, 21)
    same_list = Lexicon(common.name, list(common.words), dict(zip(common.words, common.zipf.tolist(), strict=True)),
                        [w for w, vulgar in zip(common.words, common.vulgar, strict=True) if vulgar])
    assert bee.generate(common, date) == bee.generate(same_list, date)
    days = [dt.date(2026, 3, d) for d in range(1, 11)]
    assert [bee.generate(common, d).letters for d in days] != [bee.generate(common, d, salt="x").letters for d in days]


def test_candidates_match_a_reference_built_from_solve(common):
    candidates = bee.candidates_for(common)
    valid = dict(zip(candidates.letter_sets, candidates.centers, strict=True))
    assert len(valid) > 365
    for letters in random.Random(3).sample(reference.pangram_hives(everyday_words(common)), 250):
        assert valid.get(letters, "") == reference.valid_centers(common, letters)


@pytest.mark.parametrize(
    ("percent", "max_points", "expected"),
    [(70, 129, 90), (25, 10, 3), (2, 10, 0), (5, 10, 1), (100, 129, 129), (0, 50, 0), (50, 101, 51)],
)
def test_thresholds_round_to_the_nearest_point_halves_up(percent, max_points, expected):
    assert bee.threshold(percent, max_points) == expected


def test_ranks():
    assert bee.rank(0, 100) == bee.Rank("Beginner", 0, "Good Start", 2)
    assert bee.rank(69, 100) == bee.Rank("Amazing", 50, "Genius", 1)
    assert bee.rank(70, 100) == bee.Rank("Genius", 70, "Queen Bee", 30)
    assert bee.rank(100, 100) == bee.Rank("Queen Bee", 100, None, 0)
    names = [bee.rank(p, 200).name for p in range(201)]
    assert names == sorted(names, key=[n for n, _ in bee.RANKS].index)  # never goes down


def test_hints_count_only_what_is_left(common):
    puzzle = bee.generate(common, dt.date(2026, 11, 21))
    found = puzzle.answers[::3]
    hints = bee.hints(puzzle, found)
    left = [w for w in puzzle.answers if w not in found]
    assert hints.words_left == len(left) == sum(n for row in hints.grid.values() for n in row.values())
    for word in left:
        assert hints.grid[word[0]][len(word)] >= 1 and hints.two_letter[word[:2]] >= 1
    assert sum(hints.two_letter.values()) == len(left)
    assert hints.points_left == sum(bee.score(w, puzzle) for w in left)
    assert hints.pangrams_left == len([p for p in puzzle.pangrams if p not in found])
    assert bee.hints(puzzle, puzzle.answers).words_left == 0


@pytest.mark.parametrize(("letters", "center"), [("abc", "a"), ("aabcdef", "a"), ("abcdefg", "z"), ("abcdef1", "a")])
def test_bad_hives_are_refused(common, letters, center):
    with pytest.raises(BeeError):
        bee.solve(common, letters, center)


def test_no_puzzle_from_a_tiny_lexicon():
    with pytest.raises(BeeError, match="makes no puzzle"):
        bee.generate(Lexicon("tiny", ["abcdefg", "gaff"]), dt.date(2026, 1, 1))

"""solvers.nearest against brute force: every word of small random lists measured with the plain
distance, which is itself checked against the distance's recursive definition."""

import functools
import random

import pytest

from solvers.lexicon import MAX_WORD_LENGTH, Lexicon
from solvers.nearest import LIMIT, edit_distance, max_distance_for, nearest
from solvers.screen import may_repeat


def by_definition(a: str, b: str) -> int:
    """The optimal-string-alignment distance straight from its recursive definition."""
    @functools.cache
    def d(i: int, j: int) -> int:
        if i == 0 or j == 0:
            return i + j
        best = min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] != b[j - 1]))
        if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
            best = min(best, d(i - 2, j - 2) + 1)
        return best
    return d(len(a), len(b))


def brute_ranking(word, words, commonness):
    """Every other word, with its distance: nearest, then most common, then A to Z."""
    return sorted((edit_distance(word, w), -commonness[w], w) for w in words if w != word)


def brute_nearest(ranking, word, limit=LIMIT, max_distance=None):
    k = max_distance_for(word) if max_distance is None else max_distance
    return tuple(w for d, _, w in ranking if d <= k)[:limit]


@pytest.mark.parametrize(("a", "b", "distance"), [
    ("recieve", "receive", 1), ("teh", "the", 1), ("cat", "cat", 0), ("", "abc", 3), ("kitten", "sitting", 3),
    ("ca", "abc", 3),  # optimal string alignment: a swapped pair is not edited again
    ("acomodate", "accommodate", 2), ("abcdef", "badcfe", 3),
])
def test_the_distance_of_known_pairs(a, b, distance):
    assert edit_distance(a, b) == distance == by_definition(a, b)


def test_the_plain_distance_is_its_definition_on_random_pairs():
    rng = random.Random(7)
    for _ in range(600):
        a = "".join(rng.choice("abc") for _ in range(rng.randint(0, 7)))
        b = "".join(rng.choice("abc") for _ in range(rng.randint(0, 7)))
        assert edit_distance(a, b) == by_definition(a, b), (a, b)


@pytest.mark.parametrize("seed", range(8))
def test_nearest_is_the_brute_force_answer_on_random_lists(seed):
    rng = random.Random(seed)
    letters = "abcde" if seed % 2 else "abcdefghijklmnopqrstuvwxyz"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(1, 12))) for _ in range(rng.randint(50, 400))}
    commonness = {w: rng.choice([0.0, 1.5, 2.5, 3.5, 4.5]) for w in words}
    lexicon = Lexicon(f"random{seed}", words, commonness)
    assert set(lexicon.words) == words
    common = {w: float(lexicon.commonness(w)) for w in words}  # as stored (float32)
    for _ in range(30):
        if rng.random() < 0.5:
            word = rng.choice(sorted(words))
            word = word[:rng.randrange(len(word))] + rng.choice(letters) + word[rng.randrange(len(word)):]
        else:
            word = "".join(rng.choice(letters) for _ in range(rng.randint(1, 14)))
        ranking = brute_ranking(word, words, common)
        for limit, k in ((LIMIT, None), (50, 3), (3, 0)):
            assert nearest(word, lexicon, limit, k) == brute_nearest(ranking, word, limit, k), (word, limit, k)


def test_the_allowed_test_is_applied_before_the_limit():
    lexicon = Lexicon("t", ["cat", "cot", "cut", "bat", "cab", "act"], {"cat": 4.0, "cot": 3.0, "cut": 4.5})
    assert nearest("cxt", lexicon, limit=2) == ("cut", "cat")
    assert nearest("cxt", lexicon, limit=2, allowed=lambda w: w != "cut") == ("cat", "cot")
    assert nearest("cat", lexicon) == ("cut", "cot", "act", "bat", "cab")  # itself left out; act: one swap


def test_a_slur_is_never_offered_when_the_test_is_may_repeat():
    slur = "nigger"
    lexicon = Lexicon("t", [slur, "bigger", "digger"])  # a user's own file, kept whole in the terminal
    assert nearest("nigge", lexicon, allowed=lambda w: may_repeat(w, show_flagged=True)) == ("bigger", "digger")


@pytest.mark.parametrize("word", ["abcdefghijklmno", "internationaliz", "x" * MAX_WORD_LENGTH, "e", "eeee"])
def test_the_huge_list_answers_any_word_within_the_distance(word):
    huge = Lexicon.load("huge")
    found = nearest(word, huge, limit=20)
    assert all(edit_distance(word, w) <= max_distance_for(word) and w in huge for w in found)


def test_words_that_are_not_a_z_or_too_long_are_refused():
    lexicon = Lexicon("t", ["cat"])
    for bad in ("", "Cat", "c@t", "x" * (MAX_WORD_LENGTH + 1)):
        with pytest.raises(ValueError):
            nearest(bad, lexicon)

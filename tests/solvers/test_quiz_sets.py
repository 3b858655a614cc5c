"""Question sets against brute force: probabilities against counting every draw of tiles, answers
against the anagram solver, orders against sorting by the stated keys, ranges, flagged words."""

import functools
import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

from solvers.anagram import RackError, anagram, parse_query, solve
from solvers.lexicon import ALPHABET, Lexicon, letter_counts
from solvers.offensive import default_tiers
from solvers.quiz import (
    BAG_LETTERS,
    QuizError,
    alphagram,
    answers_of,
    probability,
    question_set,
    questions_of,
    set_size,
)
from solvers.quiz.bag import draws

SMALL_BAG = {"a": 3, "b": 2, "c": 1}


def tile_draws(bag: dict[str, int], blanks: int, size: int) -> Counter:
    """Every set of ``size`` distinct tiles of the bag, tallied by what it holds (letters sorted,
    then one ``?`` per blank)."""
    tiles = [letter for letter, held in sorted(bag.items()) for _ in range(held)] + ["?"] * blanks
    return Counter("".join(sorted(drawn, key=lambda t: (t == "?", t))) for drawn in combinations(tiles, size))


def can_be(drawn: str, rack: str) -> bool:
    """Whether the drawn tiles are the rack once some of their blanks stand for letters: every
    way to name the blanks the rack does not hold as blanks is tried."""
    spare = drawn.count("?") - rack.count("?")
    if spare < 0:
        return False
    letters, wanted = _counter(drawn.replace("?", "")), _counter(rack.replace("?", ""))
    if letters - wanted:  # naming blanks only adds letters: a quick no
        return False
    return any(letters + Counter(named) == wanted for named in combinations_with_replacement(ALPHABET, spare))


@functools.cache
def _counter(letters: str) -> Counter:
    return Counter(letters)


def brute_probability(rack: str, bag: dict[str, int], blanks: int, tallies: Counter) -> int:
    return sum(count for drawn, count in tallies.items() if can_be(drawn, rack))


def racks_of(letters: str, size: int, blanks: int) -> list[str]:
    """Every rack of ``size`` tiles from ``letters`` and up to ``blanks`` blanks."""
    return ["".join(letter_part) + "?" * q for q in range(min(blanks, size) + 1)
            for letter_part in combinations_with_replacement(letters, size - q)]


@pytest.mark.parametrize("blanks", [0, 1, 2])
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_probability_counts_every_draw_of_a_small_bag(size, blanks):
    tallies = tile_draws(SMALL_BAG, blanks, size)
    nonzero = 0
    for rack in racks_of("abcd", size, 2):  # d: a letter the bag lacks
        expected = brute_probability(rack, SMALL_BAG, blanks, tallies)
        assert probability(rack, blanks, SMALL_BAG) == expected, rack
        nonzero += expected > 0
    assert nonzero > 1


def without_blanks(tallies: Counter) -> Counter:
    """The draws of a bag without its blanks: those that hold none (each counted as before)."""
    return Counter({drawn: count for drawn, count in tallies.items() if "?" not in drawn})


def test_probability_counts_every_draw_of_the_standard_bag():
    two = tile_draws(BAG_LETTERS, 2, 2)
    assert sum(two.values()) == 100 * 99 // 2 and sum(without_blanks(two).values()) == 98 * 97 // 2
    three = tile_draws(BAG_LETTERS, 2, 3)
    for blanks, tallies in ((2, two), (0, without_blanks(two))):
        for rack in racks_of(ALPHABET, 2, 2):
            assert probability(rack, blanks) == brute_probability(rack, BAG_LETTERS, blanks, tallies), rack
    for blanks, tallies in ((2, three), (0, without_blanks(three))):
        for rack in random.Random(blanks).sample(racks_of(ALPHABET, 3, 1), 40) + ["eee", "qzz", "jjx", "aei", "ee?"]:
            assert probability(rack, blanks) == brute_probability(rack, BAG_LETTERS, blanks, tallies), rack


def test_a_worked_example():
    assert probability("az", 0) == 9 and probability("za") == 9 + 1 * 2 + 2 * 9 + 1  # docs/quiz.md
    # RETAINS: A 9, E 12, I 9, N 6, R 6, S 4, T 6 -> 9 * 12 * 9 * 6 * 6 * 4 * 6 without blanks
    assert probability("aeinrst", 0) == 9 * 12 * 9 * 6 * 6 * 4 * 6 == 839_808
    assert probability("aeinrst") > probability("aeinrst", 0)
    assert probability("qq", 0) == 0 and probability("qq") == 1 * 2 + 1  # the Q and a blank, or both blanks
    assert probability("qq?", 0) == 0 and probability("qq?") == 1


def test_the_vectorised_count_is_the_scalar_one():
    racks = [alphagram(w) for w in Lexicon.load("common").words if 2 <= len(w) <= 15][::97]
    counts = np.array([letter_counts(r) for r in racks], dtype=np.uint8).T
    for blanks in (0, 2):
        assert draws(counts, blanks).tolist() == [probability(r, blanks) for r in racks]
    assert max(probability(r) for r in racks) < 2**62  # far inside int64


def random_lexicon(seed: int, vulgar_share: float = 0.0) -> Lexicon:
    """Words over few letters, so that alphagrams have several answers and probabilities tie."""
    rng = random.Random(seed)
    words = {"".join(rng.choice("aeinrstqz") for _ in range(rng.randint(2, 6))) for _ in range(600)}
    flagged = [w for w in sorted(words) if rng.random() < vulgar_share]
    return Lexicon(f"random {seed}", words, {w: rng.choice([0.0, 1.5, 3.0, 4.5]) for w in words}, vulgar=flagged)


def grouped(lexicon: Lexicon, length: int, shown=lambda word: True) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for word in sorted(lexicon.words):
        if len(word) == length and shown(word):
            groups.setdefault("".join(sorted(word)), []).append(word)
    return groups


@pytest.mark.parametrize("seed", range(3))
def test_sets_hold_every_alphagram_with_the_anagram_solvers_answers(seed):
    lexicon = random_lexicon(seed)
    for length in range(2, 7):
        questions = question_set(lexicon, length)
        expected = grouped(lexicon, length)
        assert {q.alphagram: list(q.answers) for q in questions} == expected
        assert set_size(lexicon, length) == len(expected)
        for q in questions:
            assert list(q.answers) == [a.word for a in anagram(lexicon, q.alphagram)]
            assert q.probability == probability(q.alphagram) and q.probability_without_blanks == \
                probability(q.alphagram, 0)


@pytest.mark.parametrize("seed", range(3))
def test_orders_sort_by_their_keys_and_break_ties_by_alphagram(seed):
    lexicon = random_lexicon(seed)
    for length in range(2, 7):
        groups = grouped(lexicon, length)
        by_probability = sorted(groups, key=lambda a: (-probability(a), a))
        assert [q.alphagram for q in question_set(lexicon, length)] == by_probability
        best = {a: max(lexicon.commonness(w) for w in words) for a, words in groups.items()}
        by_common = sorted(groups, key=lambda a: (-best[a], -probability(a), a))
        assert [q.alphagram for q in question_set(lexicon, length, "common")] == by_common
        shuffled = question_set(lexicon, length, "random", seed=7)
        assert sorted(q.alphagram for q in shuffled) == sorted(groups)
        assert shuffled == question_set(lexicon, length, "random", seed=7)  # stable
        assert [q.rank for q in shuffled] == list(range(1, len(groups) + 1))
    shuffles = {tuple(q.alphagram for q in question_set(lexicon, 4, "random", seed=s)) for s in range(5)}
    assert len(shuffles) == 5  # the seed changes the shuffle


def test_a_range_is_a_slice_of_the_order_with_its_ranks():
    lexicon = random_lexicon(1)
    for order_by in ("probability", "common", "random"):
        whole = question_set(lexicon, 4, order_by, seed=3)
        assert len(whole) > 12
        part = question_set(lexicon, 4, order_by, 3, 12, seed=3)
        assert part == whole[2:12] and [q.rank for q in part] == list(range(3, 13))
        assert question_set(lexicon, 4, order_by, len(whole) - 1, len(whole) + 50, seed=3) == whole[-2:]
        assert question_set(lexicon, 4, order_by, len(whole) + 1, seed=3) == []


@pytest.mark.parametrize(("args", "says"), [((1,), "2 to 15"), ((16,), "2 to 15"), ((7, "alpha"), "Order is"),
                                            ((7, "probability", 0), "rank 1"), ((7, "probability", 5, 4), "ends at")])
def test_a_set_that_cannot_be_made_says_what_to_fix(args, says):
    with pytest.raises(QuizError, match=says):
        question_set(random_lexicon(0), *args)


def test_flagged_words_show_only_where_the_server_shows_them():
    lexicon = Lexicon("t", ["stare", "tears", "rates", "cfkuu", "ukcfu", "abc", "cab", "bca"],
                      vulgar=["tears", "cfkuu", "ukcfu", "bca"])
    hidden = {q.alphagram: q.answers for q in question_set(lexicon, 5)}
    assert hidden == {"aerst": ("rates", "stare")}  # cfkuu's only answers are flagged: left out
    shown = {q.alphagram: q.answers for q in question_set(lexicon, 5, show_flagged=True)}
    assert shown == {"aerst": ("rates", "stare", "tears"), "cfkuu": ("cfkuu", "ukcfu")}
    assert [q.alphagram for q in question_set(lexicon, 5, clean_only=True)] == []  # aerst has a flagged word
    assert [q.answers for q in question_set(lexicon, 3, clean_only=True)] == []
    assert answers_of(lexicon, "aerst") == ("rates", "stare")
    assert answers_of(lexicon, "aerst", show_flagged=True) == ("rates", "stare", "tears")
    assert [q.alphagram for q in questions_of(lexicon, ["tears", "kufcu", "cab"])] == ["aerst", "abc"]
    assert [q.alphagram for q in questions_of(lexicon, ["tears", "kufcu"], show_flagged=True)] == ["aerst", "cfkuu"]
    assert questions_of(lexicon, ["tears", "cab"], clean_only=True) == []


def test_a_slur_is_never_an_answer():
    slur = next(e.word for e in default_tiers().slurs if not e.alone and len(e.word) >= 4)
    lexicon = Lexicon("t", [slur, "stare", "tears"])  # a list built in memory: its slurs not dropped
    for show in (False, True):
        assert {q.alphagram for q in question_set(lexicon, len(slur), show_flagged=show)} <= {"aerst"}
        assert answers_of(lexicon, "".join(sorted(slur)), show_flagged=show) == ()
        assert questions_of(lexicon, [slur], show_flagged=show) == []


@pytest.mark.parametrize("seed", range(4))
def test_answers_of_a_rack_are_the_anagram_solvers(seed):
    lexicon = random_lexicon(seed, vulgar_share=0.2)
    rng = random.Random(seed)
    hide = lexicon.vulgar
    found = 0
    for _ in range(80):
        rack = "".join(rng.choice("aeinrstqz") for _ in range(rng.randint(2, 6)))
        rack = rack[: len(rack) - rng.randint(0, 2)] + "?" * rng.randint(0, 2) if len(rack) > 2 else rack
        for show in (False, True):
            expected = [a.word for a in solve(lexicon, parse_query(rack), hide=None if show else hide).results]
            assert list(answers_of(lexicon, rack, show_flagged=show)) == expected, rack
            found += len(expected)
    assert found > 50
    with pytest.raises(RackError):
        answers_of(lexicon, "a1b")


def test_sets_of_a_bundled_list_match_the_solver():
    common = Lexicon.load("common")
    sevens = question_set(common, 7, first=1, last=300)
    assert len(sevens) == 300 and sevens[0].probability >= sevens[-1].probability
    for q in sevens[::10]:
        assert list(q.answers) == [a.word for a in solve(common, parse_query(q.alphagram), hide=common.vulgar).results]
    assert all(not any(common.is_vulgar(w) for w in q.answers) for q in sevens)


def test_alphagrams():
    assert alphagram("Stare") == "aerst" and alphagram("b?A") == "ab?" and alphagram("") == ""


def test_a_length_or_list_without_words_gives_an_empty_set():
    short = Lexicon("t", ["ab", "abc"])
    assert question_set(short, 15) == question_set(short, 4, "random") == [] and set_size(short, 9) == 0
    assert answers_of(short, "abcdefgh?") == () and questions_of(short, ["abcd"]) == []
    empty = Lexicon("e", [])
    assert question_set(empty, 7, "common") == [] and answers_of(empty, "ab") == ()

"""Five words of 25 letters (any shape) against an obvious brute-force reference on small lists."""

import functools
import math
import random
import string

import pytest

from solvers.fivewords import FiveWords, FiveWordsError, Progress, check_query, five_words, most_common_first, search
from solvers.lexicon import Lexicon


def reference(words, count, length, include=(), exclude=""):
    """Every set the obvious way: the letter groups of the candidates, then every combination of
    them in order, extended one group at a time while the letters stay distinct (a group's letters
    as bits of a number, a = 1, b = 2, c = 4...)."""
    fixed = set("".join(include))
    groups = {}
    for word in words:
        if len(word) == length and len(set(word)) == length and not set(word) & (set(exclude) | fixed):
            groups.setdefault(frozenset(word), []).append(word)
    keys = [tuple(sorted(group)) for group in groups.values()]
    masks, fixed_bits = [bits(letters) for letters in groups], bits(fixed)
    found = []

    def extend(start, chosen, letters):
        if len(chosen) == count - len(include):
            sets = [keys[i] for i in chosen] + [(w,) for w in include]
            found.append((tuple(sorted(sets)), missing_letters(letters | fixed_bits)))
            return
        for i in range(start, len(keys)):
            if not masks[i] & letters:
                extend(i + 1, chosen + [i], letters | masks[i])

    extend(0, [], 0)
    return sorted(found, key=lambda s: (s[1], s[0]))


def bits(letters):
    return sum(1 << string.ascii_lowercase.index(ch) for ch in set(letters))


@functools.cache
def missing_letters(used):
    return "".join(ch for n, ch in enumerate(string.ascii_lowercase) if not used >> n & 1)


def as_tuples(result: FiveWords):
    return [(s.groups, s.missing) for s in result.sets]


def random_words(rng, alphabet, lengths, size):
    return sorted({"".join(rng.choice(alphabet) for _ in range(rng.choice(lengths))) for _ in range(size)})


@pytest.mark.parametrize("seed", range(24))
def test_small_shapes_match_brute_force(seed):
    rng = random.Random(seed)
    alphabet = string.ascii_lowercase[: rng.choice((9, 12, 16, 26))]
    count, length = rng.choice(((3, 3), (2, 4), (4, 2), (3, 4), (2, 6), (5, 2), (4, 3), (1, 5)))
    # many letters, or short words over many letters: sets abound (up to millions), so fewer words
    size = 60 if length == 2 and len(alphabet) > 12 else {9: 300, 12: 300, 16: 150, 26: 100}[len(alphabet)]
    words = random_words(rng, alphabet, (length, length, length - 1 or 1, length + 1), size)
    lexicon = Lexicon("random", words)
    result = five_words(lexicon, count, length)
    expected = reference(words, count, length)
    assert as_tuples(result) == expected
    assert result.count == len(expected) and result.complete
    assert result.count_with_anagrams == sum(math.prod(map(len, groups)) for groups, _ in expected)


@pytest.mark.parametrize("seed", range(8))
def test_include_and_exclude_match_brute_force(seed):
    rng = random.Random(100 + seed)
    alphabet = string.ascii_lowercase[:14]
    words = random_words(rng, alphabet, (3,), 400)
    lexicon = Lexicon("random", words)
    full = reference(words, 3, 3) if seed % 2 else ()  # an odd seed fixes a word of some set
    include = (rng.choice(full)[0][0][0],) if full else ()
    exclude = "".join(rng.sample([c for c in alphabet if c not in "".join(include)], 2))
    result = five_words(lexicon, 3, 3, include=include, exclude=exclude)
    assert as_tuples(result) == reference(words, 3, 3, include, exclude)


def test_anagrams_count_once_as_a_group_and_multiply_out():
    lexicon = Lexicon("tiny", ["abc", "cab", "bca", "def", "fed", "ghi", "xyz", "abd"])
    result = five_words(lexicon, 3, 3)
    first = next(s for s in result.sets if s.groups == (("abc", "bca", "cab"), ("def", "fed"), ("ghi",)))
    assert first.missing == "jklmnopqrstuvwxyz" and first.count_with_anagrams == 6
    assert result.count == 5  # {abc, def, ghi, xyz} choose 3, all disjoint, and abd·ghi·xyz
    # abc·def·ghi, abc·def·xyz, abc·ghi·xyz, def·ghi·xyz, abd·ghi·xyz
    assert result.count_with_anagrams == 3 * 2 + 3 * 2 + 3 + 2 + 1


def test_a_limit_stops_early_and_says_at_least():
    rng = random.Random(7)
    words = random_words(rng, string.ascii_lowercase[:16], (3,), 150)
    lexicon = Lexicon("random", words)
    everything = five_words(lexicon, 3, 3)
    assert everything.count > 50
    stopped = five_words(lexicon, 3, 3, limit=20)
    assert not stopped.complete and 20 <= stopped.count < everything.count
    assert set(as_tuples(stopped)) <= set(as_tuples(everything))
    counted = five_words(lexicon, 3, 3, keep=0)
    assert counted.sets == () and counted.count == everything.count and counted.complete
    kept = five_words(lexicon, 3, 3, keep=5)
    assert len(kept.sets) == 5 and kept.count == everything.count


def test_a_time_limit_stops_early_and_says_at_least():
    rng = random.Random(8)
    lexicon = Lexicon("random", random_words(rng, string.ascii_lowercase[:16], (3,), 150))
    everything = five_words(lexicon, 3, 3)
    stopped = five_words(lexicon, 3, 3, seconds=1e-9)  # stops at the first batch of finished states
    assert not stopped.complete and 0 < stopped.count < everything.count
    assert set(as_tuples(stopped)) <= set(as_tuples(everything))
    assert five_words(lexicon, 3, 3, seconds=60).complete
    with pytest.raises(FiveWordsError, match="seconds is a time limit above 0"):
        five_words(lexicon, 3, 3, seconds=0)


def test_check_query_normalises_without_a_list():
    assert check_query(4, 5, "Fjord, GUCKS", "Q z") == (4, 5, ("fjord", "gucks"), "qz")
    with pytest.raises(FiveWordsError, match="need 27 different letters"):
        check_query(3, 9)


def test_the_search_reports_progress_then_the_result():
    rng = random.Random(3)
    lexicon = Lexicon("random", random_words(rng, string.ascii_lowercase[:16], (3,), 150))
    values = list(search(lexicon, 3, 3))
    assert all(isinstance(v, Progress) for v in values[:-1]) and isinstance(values[-1], FiveWords)
    assert values[0].done == 0 and values[-2].done == values[-2].total
    listed = [s for v in values[:-1] for s in v.sets]
    assert sorted(listed, key=lambda s: (s.missing, s.groups)) == list(values[-1].sets)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"words": 6, "letters": 5}, "need 30 different letters"),
    ({"words": 0}, "from 1 to 26"),
    ({"include": ["abcd"]}, "must have 5 letters"),
    ({"include": ["abcdd"]}, "must not repeat a letter"),
    ({"include": ["zzyzx"]}, "must not repeat a letter"),
    ({"include": ["vwxyz"]}, "is not in the word list"),
    ({"include": ["fjord", "vozhd"]}, "must not share a letter"),
    ({"exclude": "q1"}, "Exclude only letters"),
    ({"exclude": "abc"}, "exclude at most 1"),
    ({"include": ["fjord"], "exclude": "j"}, "uses the excluded letter"),
])
def test_bad_input_says_what_to_fix(kwargs, message):
    lexicon = Lexicon("tiny", ["fjord", "vozhd", "gucks", "nymph", "waltz", "vibex"])
    with pytest.raises(FiveWordsError, match=message):
        five_words(lexicon, **kwargs)


def test_the_famous_shape_on_a_hand_made_list():
    words = ["fjord", "gucks", "nymph", "vibex", "waltz", "glent", "jumby", "prick", "vozhd", "waqfs", "fldxt",
             "brick", "kempt", "chunk", "fjeld", "vibex", "bemix", "clunk", "grypt", "vozhd", "waqfs"]
    result = five_words(Lexicon("famous", words))
    assert (("fjord",), ("gucks",), ("nymph",), ("vibex",), ("waltz",)) in [s.groups for s in result.sets]
    assert as_tuples(result) == reference(sorted(set(words)), 5, 5)
    assert result.to_json("famous")["sets"][0]["missing"] == result.sets[0].missing


def by_commonness_reference(sets, commonness):
    """Most common first, the obvious way: a set's words' commonness listed least first (an
    anagram group as its most common word), compared from the least common word on, larger first;
    then the groups of sets with the same missing letters kept together, the best group first."""
    def figures(groups):
        return sorted(max(commonness[w] for w in group) for group in groups)

    def better_first(pair):  # larger figures first, then the usual order
        return [-x for x in figures(pair[0])], pair[0]

    by_missing = {}
    for groups, missing in sets:
        by_missing.setdefault(missing, []).append((groups, missing))
    runs = [sorted(run, key=better_first) for run in by_missing.values()]
    runs.sort(key=lambda run: (better_first(run[0])[0], run[0][1]))
    return [pair for run in runs for pair in run]


@pytest.mark.parametrize("seed", range(8))
def test_most_common_first_matches_the_reference(seed):
    rng = random.Random(200 + seed)
    alphabet = string.ascii_lowercase[:12]
    words = random_words(rng, alphabet, (3,), 300)
    commonness = {w: rng.choice([0.0, 0.0, 1.2, 2.5, 3.3, 4.8]) for w in words}
    lexicon = Lexicon("random", words, commonness)
    result = five_words(lexicon, 3, 3)
    ordered = most_common_first(result, lexicon.commonness)
    stored = {w: lexicon.commonness(w) for w in words}  # as the list keeps them (float32)
    assert as_tuples(ordered) == by_commonness_reference(as_tuples(result), stored)
    assert sorted(as_tuples(ordered)) == sorted(as_tuples(result)) and ordered.count == result.count
    if seed == 0:
        assert as_tuples(ordered) != as_tuples(result)  # the order did change


def test_without_commonness_figures_the_usual_order_stays():
    rng = random.Random(9)
    lexicon = Lexicon("plain", random_words(rng, string.ascii_lowercase[:12], (3,), 300))
    result = five_words(lexicon, 3, 3)
    assert most_common_first(result, lexicon.commonness) == result

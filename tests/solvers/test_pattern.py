import random
from collections import Counter
from fnmatch import fnmatchcase

import pytest

from solvers.lexicon import MAX_WORD_LENGTH, Lexicon
from solvers.pattern import DEFAULT_LIMIT, PatternError, match, parse_pattern

SMALL_ALPHABET = "aeinorst" + "bcdkz"


def reference(words, commonness, pattern: str, low=1, high=MAX_WORD_LENGTH, includes="", order="commonness"):
    """Scan every word with fnmatch (whose [!abc] is our [^abc]); sort the same way."""
    shell = pattern.lower().replace("[^", "[!")
    need = Counter(includes.lower())
    found = [w for w in set(words)
             if fnmatchcase(w, shell) and low <= len(w) <= high and not need - Counter(w)]
    if order == "alphabet":
        return sorted(found)
    return sorted(found, key=lambda w: (-commonness.get(w, 0.0), w))


def random_words(rng: random.Random, count: int) -> list[str]:
    return ["".join(rng.choices(SMALL_ALPHABET, k=rng.randint(1, 10))) for _ in range(count)]


def random_element(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.4:
        return rng.choice(SMALL_ALPHABET)
    if kind < 0.6:
        return "?"
    if kind < 0.8:
        return "*"
    letters = "".join(rng.sample(SMALL_ALPHABET, rng.randint(1, 4)))
    return f"[{'^' if rng.random() < 0.5 else ''}{letters}]"


def random_pattern(rng: random.Random) -> str:
    pattern = "".join(random_element(rng) for _ in range(rng.randint(1, 7)))
    return "".join(ch.upper() if rng.random() < 0.3 else ch for ch in pattern)


@pytest.mark.parametrize("seed", range(40))
def test_matches_fnmatch_on_random_word_lists(seed):
    rng = random.Random(seed)
    words = random_words(rng, 500)
    commonness = {w: rng.choice([0.0, 1.5, 2.0, 3.7]) for w in words}
    lexicon = Lexicon(f"random-{seed}", words, commonness)
    found = 0
    for _ in range(25):
        pattern = random_pattern(rng)
        low = rng.choice([None, None, rng.randint(1, 6)])
        high = rng.choice([None, None, rng.randint(max(low or 1, 2), 10)])
        includes = rng.choice(["", "", rng.choice(SMALL_ALPHABET), "ee", "".join(rng.choices(SMALL_ALPHABET, k=2))])
        order = rng.choice(["commonness", "alphabet"])
        expected = reference(words, commonness, pattern, low or 1, high or MAX_WORD_LENGTH, includes, order)
        result = match(lexicon, pattern, min_length=low, max_length=high, includes=includes, order=order)
        assert result.words == tuple(expected), pattern
        assert result.count == len(expected)
        found += bool(expected)
    assert found >= 3  # the patterns really match words: the comparison is not of empty lists


@pytest.mark.parametrize("seed", range(10))
def test_star_heavy_patterns_match_fnmatch(seed):
    # Several stars with pieces of one and of several letters: the two ways middle pieces are found.
    rng = random.Random(500 + seed)
    words = random_words(rng, 800)
    lexicon = Lexicon("random", words)
    for _ in range(20):
        pieces = ["".join(random_element(rng).replace("*", "?") for _ in range(rng.randint(0, 3)))
                  for _ in range(rng.randint(3, 5))]
        pattern = "*".join(pieces)
        assert match(lexicon, pattern, order="alphabet").words == tuple(reference(words, {}, pattern, order="alphabet"))


@pytest.mark.parametrize("seed", range(6))
def test_a_capped_result_is_the_first_words_in_order_and_counts_them_all(seed):
    rng = random.Random(900 + seed)
    words = random_words(rng, 600)
    commonness = {w: round(rng.uniform(0, 6), 1) for w in words}
    lexicon = Lexicon("random", words, commonness)
    limit = rng.randint(0, 40)
    for order in ("commonness", "alphabet"):
        expected = reference(words, commonness, "*", order=order)
        result = match(lexicon, "*", order=order, limit=limit)
        assert result.count == len(expected) > limit
        assert result.words == tuple(expected[:limit]) and result.capped
        assert match(lexicon, "*", order=order, limit=None).words == tuple(expected)


def test_groups_by_length_keep_the_order_and_count_every_match():
    words = ["cat", "cot", "cut", "coat", "cart", "chant", "act", "scat"]
    lexicon = Lexicon("tiny", words, {"cut": 4.0, "cart": 3.0, "cot": 2.0})
    result = match(lexicon, "c*t", limit=3)
    assert result.words == ("cut", "cart", "cot")
    assert result.by_length() == {3: ("cut", "cot"), 4: ("cart",)}
    assert result.length_counts == ((3, 3), (4, 2), (5, 1)) and result.count == 6


def test_the_default_limit_caps_a_big_list(full_lexicon):
    result = match(full_lexicon, "*")
    assert result.count == len(full_lexicon) and len(result.words) == DEFAULT_LIMIT and result.capped
    assert sum(n for _, n in result.length_counts) == result.count


def test_known_words_on_full(full_lexicon):
    result = match(full_lexicon, "C?T", order="alphabet")
    assert {"cat", "cot", "cut"} <= set(result.words) and all(len(w) == 3 and w[0] + w[2] == "ct" for w in result.words)
    assert "quixotic" in match(full_lexicon, "q[^aeo]*x*c", includes="ii").words


def test_a_list_without_vulgar_words_gives_none(full_lexicon):
    clean = full_lexicon.without_vulgar()
    vulgar = [w for w, flagged in zip(full_lexicon.words, full_lexicon.vulgar, strict=True) if flagged]
    patterns = sorted({w[:2] + "*" for w in vulgar[:50]})
    assert any(set(match(full_lexicon, p, limit=None).words) & set(vulgar) for p in patterns)
    for pattern in patterns:
        assert not set(match(clean, pattern, limit=None).words) & set(vulgar)


@pytest.fixture(scope="module")
def full_lexicon() -> Lexicon:
    return Lexicon.load("full")


@pytest.mark.parametrize(("text", "options", "says"), [
    ("", {}, "Type a pattern"),
    ("   ", {}, "Type a pattern"),
    ("a" * 101, {}, "at most 100 characters; yours has 101"),
    ("c[ab", {}, "[ with no ] after it"),
    ("ca]t", {}, "] with no [ before it"),
    ("c[]t", {}, "[] holds no letters"),
    ("c[^]t", {}, "[^] holds no letters"),
    ("c[a?]t", {}, "letters only"),
    ("c[a[b]t", {}, "letters only"),
    ("c^t", {}, "^ goes just after ["),
    ("c.t", {}, "remove '.' (type ? for one letter"),
    ("c3t", {}, "remove '3'"),
    ("cаt", {}, "(Cyrillic)"),
    (f"[^{'abcdefghijklmnopqrstuvwxyz'}]", {}, "leaves out every letter"),
    ("c*", {"min_length": 5, "max_length": 3}, "minimum length (5) is more than the maximum (3)"),
    ("c*", {"min_length": 0}, "minimum length is 1 to 45"),
    ("c*", {"max_length": 46}, "maximum length is 1 to 45"),
    ("c*", {"includes": "e1"}, "remove '1'"),
    ("c*", {"includes": "e" * 46}, "at most 45 letters"),
])
def test_bad_input_gets_one_line_saying_what_to_fix(text, options, says):
    with pytest.raises(PatternError) as error:
        parse_pattern(text, **options)
    assert says in str(error.value) and "\n" not in str(error.value)


def test_bad_order_is_refused():
    with pytest.raises(PatternError, match="commonness"):
        match(Lexicon("tiny", ["cat"]), "c?t", order="length")


def test_typing_is_forgiving():
    pattern = parse_pattern(" Ｃ ? T * ")  # full-width letters, spaces, capitals
    assert pattern.text == "c?t*"
    assert parse_pattern("a**b").pieces == parse_pattern("a*b").pieces
    assert parse_pattern("x", includes="Ｅ e").includes == "ee"


def test_long_and_impossible_patterns_match_nothing_without_error():
    lexicon = Lexicon("tiny", ["cat", "cats"])
    assert match(lexicon, "?" * 46).count == 0
    assert match(lexicon, "c*", includes="sss").count == 0
    assert match(lexicon, "c*", max_length=2).count == 0


@pytest.mark.parametrize("seed", range(8))
def test_long_words_and_patterns_of_many_elements_match_fnmatch(seed):
    # Middle pieces of up to 45 elements in all: each bit width the search may use (8 to 64).
    rng = random.Random(700 + seed)
    words = ["".join(rng.choices("ab", k=rng.randint(20, 45))) for _ in range(300)]
    lexicon = Lexicon("long", words)
    found = 0
    for _ in range(15):
        elements = rng.randint(6, 40)
        pieces = ["".join(rng.choice(["a", "b", "?", "[^b]"]) for _ in range(size))
                  for size in _split(rng, elements, rng.randint(1, 5))]
        pattern = "*" + "*".join(pieces) + "*"
        expected = reference(words, {}, pattern, order="alphabet")
        assert match(lexicon, pattern, order="alphabet").words == tuple(expected), pattern
        found += bool(expected)
    assert found


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.sample(range(1, total), min(parts, total) - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]

import random

import pytest

from solvers.lexicon import Lexicon
from solvers.wordcard import (
    MAX_PLAY,
    WordError,
    anagrams_of,
    commonness_band,
    hooks,
    judge,
    parse_play,
    parse_word,
    word_facts,
)

SMALL_ALPHABET = "aeinst" + "bcz"


def random_words(rng: random.Random, count: int) -> list[str]:
    return ["".join(rng.choices(SMALL_ALPHABET, k=rng.randint(1, 6))) for _ in range(count)]


def brute_hooks(words: list[str], word: str) -> tuple[str, str]:
    """Scan every word for one letter more at the front or at the back."""
    front = sorted({w[0] for w in words if len(w) == len(word) + 1 and w[1:] == word})
    back = sorted({w[-1] for w in words if len(w) == len(word) + 1 and w[:-1] == word})
    return "".join(front), "".join(back)


def brute_anagrams(words: list[str], word: str) -> tuple[str, ...]:
    return tuple(sorted({w for w in words if sorted(w) == sorted(word) and w != word}))


@pytest.fixture(scope="module")
def full() -> Lexicon:
    return Lexicon.load("full")


@pytest.mark.parametrize("seed", range(30))
def test_hooks_and_anagrams_match_brute_force(seed):
    rng = random.Random(seed)
    words = random_words(rng, 700)
    lexicon = Lexicon("random", words)
    asked = rng.sample(words, 30) + random_words(rng, 10)  # words of the list and perhaps not
    hooked = anagrammed = 0
    for word in asked:
        found = hooks(word, lexicon)
        assert (found.front, found.back) == brute_hooks(words, word)
        assert anagrams_of(word, lexicon) == brute_anagrams(words, word)
        hooked += bool(found.front or found.back)
        anagrammed += bool(anagrams_of(word, lexicon))
    assert hooked and anagrammed  # not a comparison of empty answers


def test_hooks_are_shown_the_zyzzyva_way():
    lexicon = Lexicon("tiny", ["at", "bat", "cat", "ate", "ats", "a"])
    assert hooks("at", lexicon).shown() == "bc AT es"
    assert hooks("bat", lexicon).shown() == "BAT"
    assert hooks("a", lexicon).shown() == "A t"


def test_known_words_on_full(full):
    assert {"s"} <= set(hooks("cat", full).front) and "s" in hooks("cat", full).back
    assert {"enlist", "silent", "tinsel"} <= set(anagrams_of("listen", full))
    assert "listen" not in anagrams_of("listen", full)


def test_the_card_facts(full):
    facts = word_facts("cat", full)
    assert facts.found and facts.lists == ("common", "full", "huge") and not facts.vulgar
    assert facts.commonness == "everyday" and facts.zipf == pytest.approx(full.commonness("cat"), abs=0.01)
    assert facts.anagrams == anagrams_of("cat", full) and facts.hooks == hooks("cat", full)
    rarer = word_facts("zyzzyva", full)
    assert rarer.lists == ("full", "huge") and rarer.commonness == "rare"
    huge = Lexicon.load("huge")
    only_huge = next(w for w in huge.words if w not in full and huge.commonness(w) == 0)
    facts = word_facts(only_huge, full)
    assert not facts.found and facts.lists == ("huge",)


def test_the_card_names_every_list_given():
    own = Lexicon("server list", ["cat", "dog"])
    other = Lexicon("other", ["dog"])
    facts = word_facts("cat", own, lists=[other, own])
    assert facts.lists == ("server list",) and facts.found


@pytest.mark.parametrize(("zipf", "band"), [
    (7.7, "everyday"), (3.3, "everyday"), (3.2999999523, "everyday"), (3.2, "uncommon"),
    (2.0, "uncommon"), (1.9, "rare"), (0.0, "rare"),
])
def test_commonness_bands(zipf, band):
    assert commonness_band(zipf) == band


def test_commonness_bands_split_the_common_list_sensibly():
    common = Lexicon.load("common")
    bands = [commonness_band(float(z)) for z in common.zipf]
    for band in ("everyday", "uncommon", "rare"):
        assert 0.15 < bands.count(band) / len(bands) < 0.6


def test_a_list_without_vulgar_words_gives_no_vulgar_hook_or_anagram(full):
    clean = full.without_vulgar()
    vulgar = {w for w, flagged in zip(full.words, full.vulgar, strict=True) if flagged}
    stems = sorted({w[1:] for w in vulgar} | {w[:-1] for w in vulgar})[:300]
    shown_with = shown_without = 0
    for stem in stems:
        made = {f + stem for f in hooks(stem, full).front} | {stem + b for b in hooks(stem, full).back}
        shown_with += bool(made & vulgar)
        clean_made = {f + stem for f in hooks(stem, clean).front} | {stem + b for b in hooks(stem, clean).back}
        assert not clean_made & vulgar and clean_made == made - vulgar
    for word in sorted(vulgar)[:300]:
        shown_without += bool(set(anagrams_of(word, full)) & vulgar)
        assert not set(anagrams_of(word, clean)) & vulgar
        facts = word_facts(word, clean)
        assert not facts.found and facts.vulgar and "full" in facts.lists
    assert shown_with and shown_without  # the full list did give vulgar words here


@pytest.mark.parametrize(("play", "acceptable"), [
    ("cat", True), ("CAT dog", True), ("cat, dog, bird", True), (["cat", "dog"], True),
    ("cat dgo", False), ("dgo cat", False), ("xqzv", False), ("cat " * 8, True), ("cat " * 7 + "catz", False),
    ("a" * 60, False),
])
def test_judge_verdicts(full, play, acceptable):
    assert judge(play, full) is acceptable


@pytest.mark.parametrize("seed", range(10))
def test_judge_is_every_word_in_the_list(seed):
    rng = random.Random(seed)
    words = random_words(rng, 300)
    lexicon = Lexicon("random", words)
    verdicts = set()
    for _ in range(50):
        play = [rng.choice(words) if rng.random() < 0.8 else "".join(rng.choices(SMALL_ALPHABET, k=4))
                for _ in range(rng.randint(1, MAX_PLAY))]
        verdict = judge(" ".join(play), lexicon)
        assert verdict is all(w in set(words) for w in play)
        verdicts.add(verdict)
    assert verdicts == {True, False}


@pytest.mark.parametrize(("play", "says"), [
    ("", "Type 1 to 8 words"),
    ("  ,  ", "Type 1 to 8 words"),
    ("a b c d e f g h i", "at most 8 words at once; you gave 9"),
    ("cat d0g", "remove '0'"),
    ("cat dоg", "(Cyrillic)"),
    ("x" * 401, "at most 400 characters"),
])
def test_bad_plays_get_one_line(play, says):
    with pytest.raises(WordError) as error:
        parse_play(play)
    assert says in str(error.value) and "\n" not in str(error.value)


def test_play_reading_is_forgiving():
    assert parse_play(" Ｃat,\tDOG;bird ") == ("cat", "dog", "bird")


@pytest.mark.parametrize(("text", "says"), [("", "Type a word"), ("ca t!", "remove '!'"),
                                            ("a" * 46, "over 45 letters")])
def test_bad_words_get_one_line(text, says):
    with pytest.raises(WordError, match=says) as error:
        parse_word(text)
    assert "\n" not in str(error.value)


def test_word_reading_is_forgiving():
    assert parse_word(" Ｃa T ") == "cat"

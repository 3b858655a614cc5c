"""solvers.screen: text a person typed is judged as the lexicon pipeline judges a word, after it
is read (full-width, invisible characters, accents, look-alikes, typed signs, wildcards)."""

import itertools
import random
import re

import pytest

from solvers import screen, screen_languages
from solvers.lexicon import Lexicon
from solvers.offensive import Tiers, classify, regular_forms

SLUR = "nigger"  # solvers/data/slurs.txt
VULGAR = "cock"  # solvers/data/vulgar.txt
INNOCENT = ("cat", "cocktail", "peacock", "japan", "class", "spicy", "snigger", "raccoon", "shiitake", "AALNST?",
            "TJO FEB CUY HIL", "c?t", "r?tains", "?????", "09:00", "", "*igger", "*ing*", "c*ts",
            # words that hold a slur's letters: words all the same (issue 41)
            "sniggering", "sniggered", "abolish", "tab out", "a bond", "jewel", "jewish", "Scunthorpe",
            "pakistani", "japanese", "bigger", "trigger", "sniggerer")


@pytest.fixture(scope="module")
def tiers():
    return screen.screen_tiers()  # English's tiers and every other bundled language's slurs


def test_one_word_is_judged_exactly_as_classify_judges_it(tiers):
    """Brute force: classify, the lexicon pipeline's own decision (of each word on its own: it
    never depends on the other words), on a sample of the huge list and on forms of every
    reviewed entry."""
    huge = Lexicon.load("huge")
    words = random.Random(30).sample(list(huge.words), 2000)
    words += [form for _, entry in tiers.entries() for form in sorted(regular_forms(entry.word, entry.kinds))[:6]]
    words += [entry.word for _, entry in tiers.entries()] + ["xniggerx", "shitake", "brushite", "fuckwit"]
    decided = classify(words, tiers).tiers
    assert {word: screen.word_tier(word) for word in words} == {word: decided.get(word) for word in words}


@pytest.mark.parametrize("typed", [
    SLUR, SLUR.upper(), "ＮＩＧＧＥＲ", "n\u200bi\u200dgger", "nіgger", "nigg\u0435r", "nïggér", "n.i.g.g.e.r",
    "n i g g e r", "n1gg3r", "N!GGER", "n?gger", "n_gg_r", "n*gger", "*n?gger*", f"*{SLUR}*", f"[{SLUR}]", f"{SLUR}s",
    "the word nigger",
])
def test_a_slur_in_any_form_is_a_slur(typed):
    assert screen.verdict(typed) == "slur"
    assert not screen.may_repeat(typed, show_flagged=True) and not screen.may_repeat(typed, show_flagged=False)


# A slur inside a longer token that is no word (issue 41): a letter doubled, one in front, ss after,
# look-alikes and separators around it, a short slur inside a non-word, a slur across separators.
HIDDEN = ["niggger", "anigger", "xniggers", "niggerss", "NIGGERSS", "ｎｉｇｇｅｒｓｓ", "n1gg3rzz", "n.i.g.g.e.r.s.s",
          "n i g g e r s s", "the niggerss", "cat-niggerss", "fagg", "ffag", "fagss", "aboo", "nigel", "wopper x",
          "sniggerz", "goyish", "ab " * 10_000 + "xnigger"]


@pytest.mark.parametrize("typed", HIDDEN, ids=lambda typed: typed[:20])
def test_a_slur_hidden_in_a_longer_token_is_a_slur(typed):
    assert screen.hides_slur(typed) and screen.verdict(typed) == "slur"
    assert not screen.may_repeat(typed, show_flagged=True)


def brute_force_hides_slur(text, hidden, words):
    """Every span of the joined letters that is a slur, and every run it takes a letter from."""
    runs = re.findall("[a-z]+", screen.read_letters(text))
    owner = [i for i, run in enumerate(runs) for _ in run]
    joined = "".join(runs)
    longest = max(map(len, hidden.slurs))  # no longer span can be a slur
    return any(joined[i:j] in hidden.slurs and any(runs[k] not in words for k in range(owner[i], owner[j - 1] + 1))
               for i in range(len(joined)) for j in range(i + 1, min(len(joined), i + longest) + 1))


def test_hidden_slurs_are_found_as_brute_force_finds_them():
    """Brute force on texts of pieces of slurs, words and letters: every span of the letters, not
    the longest slur at each start that ``hides_slur`` looks at."""
    hidden = screen._default_hidden_slurs()
    words = set(screen._listed_words()) | hidden.innocent
    rng = random.Random(41)
    slurs = sorted(hidden.slurs)
    parts = [*rng.sample(sorted(words), 300), *rng.sample(slurs, 60), *"abcdefghijklmnopqrstuvwxyz", "snigger", "abo"]
    for _ in range(2000):
        text = rng.choice(" .-").join(rng.choice(parts) for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.5:  # glue two pieces with no separator, or cut one short
            text = text.replace(rng.choice(" .-"), "", 1)[: rng.randint(3, 40)]
        assert screen.hides_slur(text) == brute_force_hides_slur(text, hidden, words), text


def test_the_listed_words_are_sorted_as_their_search_by_bisection_needs():
    words = screen._listed_words()
    assert len(words) > 400_000 and all(a < b for a, b in itertools.pairwise(words))
    assert screen._is_listed(words[0]) and screen._is_listed(words[-1]) and screen._is_listed("word")
    assert not screen._is_listed("wordz") and not screen._is_listed("") and not screen._is_listed("zzzzzzzzzz")


def test_a_slur_entry_written_alone_is_a_slur_only_alone(tiers):
    """``=jew`` (slurs.txt): the verb alone; a longer token holding it is not judged a slur."""
    assert screen.verdict("jew") == "slur" and screen.verdict("jewed") == "slur"
    assert not screen.hides_slur("jeww") and not screen.hides_slur("jewry")


@pytest.mark.parametrize("typed", [VULGAR, "ＣＯＣＫ", "c0ck", "cоck", "motherfucking", "c o c k"])
def test_a_flagged_word_is_repeated_only_where_flagged_words_are_shown(typed):
    assert screen.verdict(typed) in ("vulgar", "offensive")
    assert screen.may_repeat(typed, show_flagged=True) and not screen.may_repeat(typed, show_flagged=False)


@pytest.mark.parametrize("typed", INNOCENT)
def test_plain_text_is_repeated(typed):
    assert screen.verdict(typed) is None and screen.may_repeat(typed, show_flagged=False)


def test_wildcards_are_filled_only_for_pieces_that_spell_little():
    assert screen.filled("c?ts") == {f"c{letter}ts" for letter in screen.ALPHABET}
    assert screen.filled("c?t") == screen.filled("c???ts") == set()  # too open to judge
    assert len(screen.filled("n??ger")) == 26 ** 2
    assert screen.filled("c*ts") == {"cts"} | {f"c{letter}ts" for letter in screen.ALPHABET}  # * : no letter or one
    assert screen.filled("*cats*") == set()  # a run at an end spells too much: left out


def test_huge_text_is_judged_without_blowing_up():
    assert screen.verdict("ab " * 100_000) is None
    assert screen.verdict("ab " * 100_000 + SLUR) == "slur"


@pytest.mark.parametrize(("typed", "show_flagged", "said"), [
    ("C?T", False, "C?T"), ("ＣＡＴ", False, "ＣＡＴ"), (SLUR.upper(), True, "Your pattern"),
    ("ＮＩＧＧＥＲ", True, "Your pattern"), (VULGAR, False, "Your pattern"), (VULGAR, True, VULGAR),
])
def test_quoted_gives_the_text_or_its_neutral_name(typed, show_flagged, said):
    assert screen.quoted(typed, "Your pattern", show_flagged) == said


# A slur of another bundled language (issue 44, point 4): typed with or without its accents, in
# capitals, with look-alikes, inflected as its language inflects it, or hidden in a longer token.
FOREIGN = ["bougnoule", "bougnoules", "BOUGNOULE", "y0upin", "youpine", "Schwuchtel", "schwuchteln", "kanake",
           "Kanaken", "SUDACA", "sudacas", "maricón", "maricones", "m.a.r.i.c.o.n", "xbougnoulex", "tortillera"]
# Their languages' everyday words, and words their own reviews keep, stay (negro: English flags it).
FOREIGN_INNOCENT = ["chat", "bonjour", "élève", "Haus", "Straße", "Mädchen", "niño", "mañana", "melon", "negro"]


@pytest.mark.parametrize("typed", FOREIGN)
def test_a_slur_of_any_language_is_a_slur(typed):
    assert screen.verdict(typed) == "slur" and not screen.may_repeat(typed, show_flagged=True)


@pytest.mark.parametrize("typed", FOREIGN_INNOCENT)
def test_other_languages_words_stay(typed):
    assert screen.verdict(typed) != "slur" and screen.may_repeat(typed, show_flagged=True)


def test_every_languages_slurs_are_read_by_the_screen():
    """Each other language's every slur entry is a slur to the screen (read as the screen reads
    letters), unless English's own review decides that word."""
    english = {entry.word for _, entry in Tiers.read().entries()}
    for language in screen_languages.OTHER_LANGUAGES:
        entries = Tiers.read(screen.data_folder() / language).slurs
        assert len(entries) >= 10, language
        for entry in entries:
            word = screen_languages.latin(entry.word)
            assert word in english or screen.word_tier(word) == "slur", (language, entry.word)

"""One-line definitions for the daily games: cut sensibly, inflected words named, offensive glosses left out."""

import datetime as dt
import random

import pytest

from bot.glosses import LONG, SHORT, Glosses, page_lines, shorten, words_of
from solvers import bee, offensive
from solvers.definitions import Definitions, lookup
from solvers.lexicon import Lexicon

YEAR = [dt.date(2027, 1, 1) + dt.timedelta(days=n) for n in range(365)]


@pytest.fixture(scope="module")
def glosses():
    return Glosses.load()


def a_vulgar_word():
    """The first reviewed vulgar word (read from the data, not written here)."""
    return offensive.Entry.parse(offensive.read_words(offensive.data_folder() / "vulgar.txt")[0]).word


def test_a_long_gloss_is_cut_at_a_word_with_an_ellipsis():
    rng = random.Random(7)
    words = ["a", "thermoplastic", "polyamide", "of", "strong", "resilient", "synthetic", "fibers"]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        limit = rng.randint(15, 80)
        short = shorten(text, limit)
        assert len(short) <= limit
        if len(text) <= limit:
            assert short == text
        else:
            assert short.endswith("…") and text.startswith(short[:-1])
            assert text[len(short) - 1] == " "  # cut between words


def test_only_the_first_clause_is_kept_and_wordnet_quotes_become_quotation_marks():
    assert shorten("flee; take to one's heels; cut and run", 60) == "flee"
    assert shorten("a pudding (`pud' informally)", 60) == "a pudding (‘pud’ informally)"
    assert shorten("taken by_mouth", 60) == "taken by mouth"


def test_inflected_words_say_whose_sense_they_have(glosses):
    geese = glosses.gloss("geese", LONG)
    assert geese.pos == "noun" and geese.text.startswith("plural of goose: ")
    assert lookup("goose")[0].gloss.startswith(geese.text.removeprefix("plural of goose: ").rstrip("…"))
    assert glosses.gloss("ran").text.startswith("form of run: ")
    assert glosses.gloss("goose").text == shorten(lookup("goose")[0].gloss, SHORT)


def test_a_word_without_a_definition_has_an_empty_gloss(glosses):
    word = "qzxv"
    assert lookup(word) == ()
    gloss = glosses.gloss(word)
    assert (gloss.word, gloss.pos, gloss.text, gloss.defined) == (word, "", "", False)


def test_a_sense_the_build_marks_flagged_is_left_out_for_the_next_one():
    vulgar = a_vulgar_word()
    text = f"# test\n!something {vulgar} here\na clean sense\n!another {vulgar}\n\nword\tn:0,1\nother\tv:2\n"
    glosses = Glosses(Definitions.parse(text))
    assert glosses.gloss("word").text == "a clean sense"
    assert not glosses.gloss("other").defined  # its only sense is left out


def test_no_gloss_shown_for_a_years_bee_answers_holds_an_offensive_word(glosses):
    """Checked afresh with solvers.offensive on the words of everything shown, over 2027."""
    lexicon = Lexicon.load("common")
    shown, left_out, answers = set(), 0, 0
    for date in YEAR:
        for word in bee.generate(lexicon, date).answers:
            answers += 1
            gloss = glosses.gloss(word)
            shown |= words_of(gloss.text)
            first = lookup(word)
            left_out += bool(first) and first[0].flagged
    found = offensive.classify(shown)
    assert found.removed == set() and found.flagged == set()
    print(f"\n2027 bee answers: {answers}; first sense left out as offensive: {left_out}")


@pytest.mark.parametrize("count", [0, 1, 14, 15, 16, 31])
def test_lines_are_paged(count):
    lines = [f"line {n}" for n in range(count)]
    pages = page_lines(lines, 15)
    assert [line for page in pages for line in page] == lines
    assert all(1 <= len(page) <= 15 for page in pages) or pages == [[]]
    assert len(pages) == max(1, -(-count // 15))

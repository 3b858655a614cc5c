"""The quiz in French, German and Spanish: each language's probability order against a count
over its own Scrabble bag, done here by enumeration (every tile a distinct object, a Spanish
digraph tile as its two letters, as ``solvers.alphabets.letter_counts`` says), and its racks
and answers in the language's letters (German ä ö ü, Spanish ñ)."""

import functools
from itertools import combinations, product
from math import comb

import pytest

from solvers.alphabets import BAGS
from solvers.lexicon import Lexicon
from solvers.quiz import blank_racks, question_set, questions_of

LANGUAGES = ("fr", "de", "es")


@functools.cache
def lexicon(language: str) -> Lexicon:
    return Lexicon.load("full", language=language)


def letter_tiles(language: str) -> dict[str, int]:
    """Each letter's tiles in the language's set, a digraph tile (Spanish CH, LL, RR) adding one
    tile to each of its letters."""
    held: dict[str, int] = {}
    for tile, count in BAGS[language].tiles.items():
        for letter in tile:
            held[letter] = held.get(letter, 0) + count
    return held


def counted(rack: str, language: str, blanks: int) -> int:
    """The draws of len(rack) tiles that make ``rack``: for each of its letters, how many of the
    bag's tiles of it are drawn (at most the rack's own count), the blanks making up the rest
    (the rack's own ``?`` among them), every choice of distinct tiles counted."""
    held = letter_tiles(language)
    wanted = {letter: rack.count(letter) for letter in set(rack) - {"?"}}
    letters = sorted(wanted)
    total = 0
    for taken in product(*(range(wanted[letter] + 1) for letter in letters)):
        from_blanks = len(rack) - sum(taken)
        if from_blanks < rack.count("?") or from_blanks > blanks:
            continue
        ways = comb(blanks, from_blanks)
        for letter, k in zip(letters, taken, strict=True):
            ways *= comb(held.get(letter, 0), k)
        total += ways
    return total


def drawn_one_by_one(rack: str, language: str, blanks: int) -> int:
    """The same count by listing every set of distinct tiles: only the tiles of the rack's
    letters and the blanks can be in a draw that makes it."""
    held = letter_tiles(language)
    tiles = [letter for letter in sorted(set(rack) - {"?"}) for _ in range(held.get(letter, 0))] + ["?"] * blanks
    makes = 0
    for drawn in combinations(tiles, len(rack)):
        if all(drawn.count(letter) <= rack.count(letter) for letter in set(drawn) - {"?"}) \
                and drawn.count("?") >= rack.count("?"):
            makes += 1
    return makes


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_probability_order_counts_draws_from_the_language_bag(language):
    lex, blanks = lexicon(language), BAGS[language].blanks
    for length in (3, 7):
        questions = question_set(lex, length, "probability", show_flagged=True)
        step = max(1, len(questions) // 25)
        sample = [questions[k] for k in sorted({*range(15), *range(15, len(questions), step),
                                                *range(len(questions) - 5, len(questions))})]
        counts = [counted(q.alphagram, language, blanks) for q in sample]
        assert [q.probability for q in sample] == counts
        assert [q.probability_without_blanks for q in sample] == [counted(q.alphagram, language, 0) for q in sample]
        assert counts == sorted(counts, reverse=True), "most probable first"
        ranks = [q.rank for q in sample]
        assert ranks == sorted(ranks)
    for q in question_set(lex, 3, "probability", 1, 4, show_flagged=True):
        assert q.probability == drawn_one_by_one(q.alphagram, language, blanks)


@pytest.mark.parametrize(("language", "letter"), [("fr", "e"), ("de", "ä"), ("es", "ñ")])
def test_racks_and_answers_in_the_language_letters(language, letter):
    lex, blanks = lexicon(language), BAGS[language].blanks
    with_letter = next(q for q in question_set(lex, 5, "probability", show_flagged=True) if letter in q.alphagram)
    assert all(sorted(word) == sorted(with_letter.alphagram) for word in with_letter.answers)
    asked = questions_of(lex, [with_letter.answers[0]])
    assert asked[0].alphagram == with_letter.alphagram and asked[0].probability == with_letter.probability
    for rack in blank_racks(lex, 6, seed=5, count=5):
        assert rack.alphagram.endswith("?") and rack.probability == counted(rack.alphagram, language, blanks)
        assert all(len(word) == 6 for word in rack.answers)


def test_spanish_counts_the_digraph_tiles_as_their_letters_and_k_only_from_a_blank():
    assert letter_tiles("es")["l"] == 4 + 2 and letter_tiles("es")["c"] == 4 + 1
    assert counted("kilo", "es", 0) == 0 < counted("kilo", "es", 2)
    [question] = questions_of(lexicon("es"), ["kilo"])
    assert (question.probability, question.probability_without_blanks) == (counted("iklo", "es", 2), 0)

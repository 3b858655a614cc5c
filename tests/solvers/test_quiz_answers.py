"""Racks with a blank against the anagram solver, and the answer key against scanning every
question for a typed word."""

import random

import pytest

from solvers.anagram import parse_query, solve
from solvers.lexicon import Lexicon
from solvers.quiz import (
    MAX_BLANK_ANSWERS,
    QuizError,
    answer_key,
    answers_of,
    blank_racks,
    fold,
    probability,
    question_set,
)


def word_lexicon(seed: int, vulgar_share: float = 0.1) -> Lexicon:
    rng = random.Random(seed)
    words = {"".join(rng.choice("aeilnorst") for _ in range(rng.randint(3, 7))) for _ in range(3000)}
    return Lexicon(f"random {seed}", words, vulgar=[w for w in sorted(words) if rng.random() < vulgar_share])


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("length", [5, 6])
def test_blank_racks_have_the_anagram_solvers_answers(seed, length):
    lexicon = word_lexicon(seed)
    racks = blank_racks(lexicon, length, seed, count=15, max_answers=6)
    assert len(racks) == 15 and [q.rank for q in racks] == list(range(1, 16))
    assert len({q.alphagram for q in racks}) == 15  # no rack twice
    for q in racks:
        letters = q.alphagram[:-1]
        assert q.alphagram.endswith("?") and "?" not in letters and len(letters) == length - 1
        assert letters == "".join(sorted(letters))
        expected = [a.word for a in solve(lexicon, parse_query(q.alphagram), hide=lexicon.vulgar).results]
        assert list(q.answers) == expected == list(answers_of(lexicon, q.alphagram))
        assert 1 <= len(q.answers) <= 6
        assert q.probability == probability(q.alphagram) and q.probability_without_blanks == 0
    assert racks == blank_racks(lexicon, length, seed, count=15, max_answers=6)  # the same racks again
    assert racks != blank_racks(lexicon, length, seed + 10, count=15, max_answers=6)


def test_blank_racks_in_each_view_and_with_a_filter():
    lexicon = word_lexicon(5, vulgar_share=0.3)
    flagged = {w for w in lexicon.words if lexicon.is_vulgar(w)}
    hidden = blank_racks(lexicon, 6, 1, count=30)
    assert hidden and all(not flagged & set(q.answers) for q in hidden)
    shown = blank_racks(lexicon, 6, 1, count=30, show_flagged=True)
    assert any(flagged & set(q.answers) for q in shown)
    for q in blank_racks(lexicon, 6, 1, count=30, clean_only=True):
        assert answers_of(lexicon, q.alphagram, show_flagged=True) == q.answers  # no flagged word makes it
    no_e = blank_racks(lexicon, 6, 1, count=10, allowed=lambda rack: "e" not in rack)
    assert no_e and all("e" not in q.alphagram for q in no_e)
    assert all(len(q.answers) <= MAX_BLANK_ANSWERS for q in blank_racks(lexicon, 5, 2, count=40))
    with pytest.raises(QuizError):
        blank_racks(lexicon, 2, 1)


def test_fold_reads_typed_words_as_the_bot_does():
    assert fold("STARE") == "stare"
    assert fold("ＳＴＡＲＥ") == "stare"  # full-width
    assert fold("st\u200bare") == "stare"  # a zero-width space
    assert fold(" Stáre ") == "stare" and fold("naïve") == "naive" and fold("ﬁre") == "fire"
    assert fold("a" * 10_000) == "a" * 200  # a flood is cut before it is read


def test_the_answer_key_finds_what_scanning_the_questions_finds():
    lexicon = word_lexicon(2)
    questions = question_set(lexicon, 5, "random", 1, 40, seed=4) + blank_racks(lexicon, 6, 4, count=20)
    key = answer_key(questions)
    assert key.total == sum(len(q.answers) for q in questions)
    rng = random.Random(0)
    typed = [w for q in questions for w in q.answers] + ["".join(rng.sample("aeilnorst", 5)) for _ in range(300)]
    shared = 0
    for word in typed:
        scanned = tuple(i for i, q in enumerate(questions) if word in q.answers)
        assert key.find(word) == scanned == key.find(word.upper()) == key.find(f" {word.title()}\u200d"), word
        shared += len(scanned) > 1
    assert shared  # some words answer two racks: both are found
    assert key.find("") == () and key.find("?") == ()

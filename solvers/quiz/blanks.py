"""Racks with one blank ("Blank Bingos"): ``length - 1`` letters and a ``?``, whose answers are
every word of ``length`` letters the rack makes, the blank standing for any one letter.

Racks come from words, so each has an answer: the alphagrams of ``length`` letters are taken in
a seeded shuffle (the ``random`` order of ``solvers.quiz.sets``), and from each one letter is
dropped, the one at position ``key mod length`` of its sorted letters (``key``: the
alphagram's place-deciding number in that shuffle, so the choice is seeded too). A rack made
twice is kept once. A rack with more than ``MAX_BLANK_ANSWERS`` answers is skipped: with 20
answers or fewer a rack is a question one can finish, while the most prolific 7-letter blank
racks of ``full`` have over 80 (``aeirst?``: 83). Answers are looked up in the anagram index
(``solvers.quiz.sets.rack_answers``) and shown as in the set's view (flagged words only where
shown, slurs never; ``clean_only``: racks with any flagged answer or slur skipped).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..lexicon import Lexicon, letter_counts
from .bag import BLANK, draws, language_bag
from .sets import Question, QuizError, rack_answers, shown_words, view_of
from .table import CLEAN, CLEAN_ONLY, RANDOM, order, random_keys, table

MAX_BLANK_ANSWERS = 20
MIN_BLANK_LENGTH = 3


def blank_racks(lexicon: Lexicon, length: int, seed: int, count: int = 25, *, max_answers: int = MAX_BLANK_ANSWERS,
                show_flagged: bool = False, clean_only: bool = False,
                allowed: Callable[[str], bool] | None = None) -> list[Question]:
    """``count`` racks of ``length - 1`` letters and one blank (fewer when the list runs out),
    each with its 1 to ``max_answers`` answers of ``length`` letters, ranked 1, 2, ... in the
    seeded order ``seed`` picks; only racks ``allowed`` accepts, when given (the daily
    challenges' check that a rack spells nothing offensive). Raises :class:`QuizError` for a
    length outside 3-15."""
    if not isinstance(length, int) or not MIN_BLANK_LENGTH <= length <= 15:
        raise QuizError(f"A blank rack's words are {MIN_BLANK_LENGTH} to 15 letters, not {str(length)[:20]}.")
    groups_of = table(lexicon, length)
    view = view_of(show_flagged, clean_only)
    groups = order(groups_of, RANDOM, view, seed)
    drops = (random_keys(groups_of.mixed[groups], seed) % np.uint64(length)).tolist()
    racks: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for group, drop in zip(groups.tolist(), drops, strict=True):
        letters = groups_of.alphagram(group)
        rack = letters[:drop] + letters[drop + 1 :] + BLANK
        if rack in seen or (allowed is not None and not allowed(rack)):
            continue
        seen.add(rack)
        rows, kinds = rack_answers(lexicon, rack)
        if view == CLEAN_ONLY and (kinds != CLEAN).any():
            continue
        answers = shown_words(lexicon, rows, kinds, show_flagged)
        if 0 < len(answers) <= max_answers:
            racks.append((rack, answers))
            if len(racks) == count:
                break
    letters = lexicon.alphabet
    counts = np.array([letter_counts(rack[:-1], letters) for rack, _ in racks], dtype=np.uint8)
    counts = counts.reshape(-1, len(letters)).T
    bag, blanks = language_bag(lexicon.language)
    with_blanks = draws(counts, blanks, bag, wanted=1, letters=letters).tolist()
    without = draws(counts, 0, bag, wanted=1, letters=letters).tolist()
    return [Question(rack, answers, with_blanks[k], k + 1, without[k]) for k, (rack, answers) in enumerate(racks)]

"""Question sets: the alphagrams of one word length of a list, in an order, or a range of them.

An *alphagram* is a word's letters sorted; its *answers* are every word of the list with
those letters. A set is chosen by word length (2 to 15), a list (any ``Lexicon``) and an order
(``solvers.quiz.table.order``): ``probability`` (most probable first: the number of ways to
draw the tiles from the list's language's bag with its 2 blanks, ``solvers.quiz.bag``), ``common``
(the most common answer first) or ``random`` (a seeded shuffle). ``first`` and ``last`` pick
ranks ``first..last`` (1-based, inclusive) of that order: 7s, probability 1-500.

Which answers show depends on the server (``show_flagged``): a flagged word is an answer only
where flagged words are shown, a slur never, and an alphagram left with no answer is left out.
``clean_only`` keeps only the alphagrams none of whose words is flagged or a slur (what the
daily challenges use, so no one is told that a real word is wrong). Ranks count the
alphagrams of the set as shown, so a range means the same questions on every run.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..anagram import parse_rack
from ..anagram_index import exact_candidates
from ..lexicon import Lexicon, letter_counts
from .bag import BLANK, language_bag, probability
from .table import CLEAN, CLEAN_ONLY, FLAGGED, HIDE, ORDERS, SHOW, Table, order, table

MIN_LENGTH, MAX_LENGTH = 2, 15


class QuizError(ValueError):
    """A set asked for that cannot be made; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Question:
    """One alphagram of a set (lowercase; a rack with a blank ends in ``?``), its answers in
    alphabetical order, its probability (draws with the bag's 2 blanks, and without them) and
    its rank in the set's order (1 = first)."""

    alphagram: str
    answers: tuple[str, ...]
    probability: int
    rank: int
    probability_without_blanks: int = 0


def alphagram(word: str) -> str:
    """A word's (or rack's) letters sorted, lowercase, its blanks (``?``) last: ``alphagram("Stare") == "aerst"``."""
    letters = word.lower()
    return "".join(sorted(letters.replace(BLANK, ""))) + BLANK * letters.count(BLANK)


def view_of(show_flagged: bool, clean_only: bool) -> str:
    return CLEAN_ONLY if clean_only else SHOW if show_flagged else HIDE


def question_set(lexicon: Lexicon, length: int, order_by: str = "probability", first: int = 1, last: int | None = None,
                 *, show_flagged: bool = False, clean_only: bool = False, seed: int = 0) -> list[Question]:
    """The questions of ranks ``first..last`` (all from ``first`` when ``last`` is None) of the
    set of ``length``-letter alphagrams of ``lexicon`` in order ``order_by``; fewer when the set
    is smaller. ``seed`` picks the shuffle of the ``random`` order. Raises :class:`QuizError`."""
    _check(length, order_by, first, last)
    groups_of = table(lexicon, length)
    view = view_of(show_flagged, clean_only)
    ordered = order(groups_of, order_by, view, seed)
    chosen = ordered[first - 1 : last]
    return [question(groups_of, lexicon, group, view, first + k) for k, group in enumerate(chosen.tolist())]


def set_size(lexicon: Lexicon, length: int, *, show_flagged: bool = False, clean_only: bool = False) -> int:
    """How many alphagrams the set of ``length``-letter words holds (its last rank)."""
    _check(length, ORDERS[0], 1, None)
    return int(table(lexicon, length).included(view_of(show_flagged, clean_only)).sum())


def question(groups_of: Table, lexicon: Lexicon, group: int, view: str, rank: int) -> Question:
    return Question(groups_of.alphagram(group), groups_of.words(lexicon, group, view), int(groups_of.draws[group]),
                    rank, int(groups_of.draws_without_blanks[group]))


def _check(length: int, order_by: str, first: int, last: int | None) -> None:
    if not isinstance(length, int) or not MIN_LENGTH <= length <= MAX_LENGTH:
        raise QuizError(f"Word length is {MIN_LENGTH} to {MAX_LENGTH} letters, not {str(length)[:20]}.")
    if order_by not in ORDERS:
        raise QuizError(f"Order is {', '.join(ORDERS[:-1])} or {ORDERS[-1]}, not {str(order_by)[:20]!r}.")
    if not isinstance(first, int) or first < 1:
        raise QuizError(f"A range starts at rank 1 or later, not {str(first)[:20]}.")
    if last is not None and (not isinstance(last, int) or last < first):
        raise QuizError(f"A range ends at or after its start ({first}), not at {str(last)[:20]}.")


def answers_of(lexicon: Lexicon, rack: str, *, show_flagged: bool = False) -> tuple[str, ...]:
    """Every word of ``lexicon`` that uses all of ``rack``'s tiles (letters, and ``?`` for a
    blank: the anagram solver's exact answers), alphabetically; a flagged word only when
    ``show_flagged``, a slur never. Raises ``solvers.anagram.RackError`` for a bad rack."""
    return shown_words(lexicon, *rack_answers(lexicon, rack), show_flagged)


def shown_words(lexicon: Lexicon, rows: np.ndarray, kinds: np.ndarray, show_flagged: bool) -> tuple[str, ...]:
    """The words of ``rows`` a server shows: clean ones, flagged ones where it shows them."""
    shown = (CLEAN, FLAGGED) if show_flagged else (CLEAN,)
    return tuple(lexicon.words[row] for row, kind in zip(rows.tolist(), kinds.tolist(), strict=True) if kind in shown)


def rack_answers(lexicon: Lexicon, rack: str) -> tuple[np.ndarray, np.ndarray]:
    """The lexicon indexes (ascending) of every word that uses all of ``rack``'s tiles, looked
    up by their letters (``solvers.anagram_index``) and checked, and each word's kind."""
    parsed = parse_rack(rack, lexicon.alphabet)
    counts = np.array(letter_counts(parsed.letters, lexicon.alphabet), dtype=np.int16)
    candidates = exact_candidates(lexicon, counts, parsed.blanks)
    covered = np.zeros(candidates.size, dtype=np.int32)
    for letter in np.flatnonzero(counts).tolist():
        covered += np.minimum(lexicon.counts[letter, candidates], counts[letter])
    rows = candidates[lexicon.lengths[candidates] - covered == parsed.blanks]
    if rows.size == 0:
        return rows, np.zeros(0, dtype=np.uint8)
    groups_of = table(lexicon, parsed.tiles)
    return rows, groups_of.row_kinds[rows - groups_of.first_row]


def questions_of(lexicon: Lexicon, racks: Iterable[str], *, show_flagged: bool = False,
                 clean_only: bool = False) -> list[Question]:
    """A question for each rack (an alphagram, or letters and ``?`` blanks) in the order given,
    each once, ranked 1, 2, ...: missed alphagrams asked again, the Week's Toughies. A rack
    left with no answer (or, ``clean_only``, with a flagged answer or a slur) is left out."""
    found: dict[str, Question] = {}
    bag, blanks = language_bag(lexicon.language)
    for rack in racks:
        letters = alphagram(rack)
        if letters in found:
            continue
        rows, kinds = rack_answers(lexicon, letters)
        if clean_only and (kinds != CLEAN).any():
            continue
        answers = shown_words(lexicon, rows, kinds, show_flagged)
        if answers:
            found[letters] = Question(letters, answers, probability(letters, blanks, bag), len(found) + 1,
                                      probability(letters, 0, bag))
    return list(found.values())


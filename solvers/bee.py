"""The Spelling Bee: rules, scoring, ranks, hints, and the daily puzzle generator.

Rules, as in the newspaper game:

- A puzzle is 7 distinct letters, one of them the centre.
- An answer is a word of the answer list with at least 4 letters that contains the centre
  letter and no letter outside the hive (letters may repeat).
- A 4-letter word scores 1 point; a longer word 1 point per letter; a pangram (a word that
  uses all 7 letters) scores 7 more.
- Ranks are shares of the puzzle's maximum score (see RANKS). A rank's threshold is that
  share of the maximum rounded to the nearest whole point, halves rounding up
  (``floor(max * pct / 100 + 0.5)``); Queen Bee needs every point, i.e. every answer.

The generator (:func:`generate`) is deterministic in (date, salt), with no state. Its answers
are the lexicon's *everyday* words (:func:`answer_words`): a commonness (Zipf frequency) of at
least ``EVERYDAY_ZIPF`` and not vulgar (and, in another language than English, passed by the
screen: :mod:`solvers.daily_words`); a list without commonness figures uses every word that is
not vulgar. A hive is letters of the lexicon's language (German Ä Ö Ü, Spanish Ñ). (``solve``
lists every word of any hive.) Puzzles of dates already stored by the bot keep their answers;
dates never shown get this rule.

1. Candidates: every set of 7 letters of the lexicon's language that is the letter set of some
   answer word (a pangram exists by construction), has none of the language's excluded letters
   (S; Spanish K and W too), and has at least one centre letter for which the puzzle's answers
   and points are in the language's ranges (20-80 answers and 60-500 points in English:
   :data:`solvers.daily_words.RULES`). Those centres are the set's valid centres.
2. The candidate letter sets are put in the order of ``sha256(f"{salt}|{letters}")``, a
   fixed shuffle for each salt.
3. The puzzle of ``date`` takes set number ``(date - EPOCH).days mod M`` of that order (M
   candidate sets), so a letter set returns only every M days: with M > 365, never within
   a year. The centre is valid centre number ``sha256(f"{salt}|{date}") mod k`` of its k
   valid centres, in alphabetical order.
"""

from __future__ import annotations

import datetime as dt
import weakref
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .bee_rank import RANKS, Rank, rank, threshold  # noqa: F401  (the ranks, re-exported)
from .daily_words import EVERYDAY_ZIPF, everyday_words, rules  # noqa: F401  (EVERYDAY_ZIPF re-exported)
from .letters import LATIN, letter_mask, letters_named, letters_of_mask
from .lexicon import Lexicon
from .screen import quoted
from .seeded import seeded_key

HIVE_SIZE = 7
MIN_WORD = 4
PANGRAM_BONUS = 7
EPOCH = dt.date(2025, 1, 1)
EXCLUDED_LETTERS = "s"  # English's rules (solvers.daily_words.RULES has every language's)
MIN_ANSWERS, MAX_ANSWERS = 20, 80
MIN_POINTS, MAX_POINTS = 60, 500

class BeeError(ValueError):
    """A hive that is not 7 distinct letters with a centre among them, or a lexicon with no puzzles."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A hive and its answers. ``letters`` are the 7 letters in alphabetical order."""

    letters: str
    center: str
    answers: tuple[str, ...]
    pangrams: tuple[str, ...]
    max_score: int
    date: dt.date | None = None

    @property
    def outer(self) -> str:
        return self.letters.replace(self.center, "")

    @classmethod
    def from_answers(cls, letters: str, center: str, answers: Iterable[str], date: dt.date | None = None) -> Puzzle:
        ordered = tuple(sorted(answers))
        pangrams = tuple(w for w in ordered if is_pangram(w, letters))
        return cls("".join(sorted(letters)), center, ordered, pangrams, sum(word_score(w, letters) for w in ordered),
                   date)


@dataclass(frozen=True, slots=True)
class Hints:
    """What is left for a player: counts only, never the words."""

    grid: dict[str, dict[int, int]]  # first letter -> word length -> how many words
    lengths: tuple[int, ...]  # the lengths that have at least one word left, ascending
    two_letter: dict[str, int]  # first two letters -> how many words
    words_left: int
    points_left: int
    pangrams_left: int


def parse_hive(letters: str, center: str, alphabet: str = LATIN) -> tuple[str, str]:
    """Validate a hive: 7 distinct letters of ``alphabet`` and a centre among them. Returns them
    lowercased, the letters in code order."""
    letters = "".join(str(letters).split()).lower()
    center = str(center).strip().lower()
    if len(letters) != HIVE_SIZE or len(set(letters)) != HIVE_SIZE or not all(ch in alphabet for ch in letters):
        raise BeeError(f"A hive is {HIVE_SIZE} different letters {letters_named(alphabet)}, e.g. ACEHLNT; got "
                       f"{quoted(repr(letters[:20].upper()), 'other letters')}.")
    if len(center) != 1 or center not in letters:
        raise BeeError(f"The centre must be one of the hive's letters ({quoted(letters.upper(), 'the seven given')}); "
                       f"got {quoted(repr(center[:5].upper()), 'another')}.")
    return "".join(sorted(letters)), center


def solve(lexicon: Lexicon, letters: str, center: str) -> tuple[str, ...]:
    """Every answer of the hive: words of 4+ letters with the centre and only hive letters."""
    alphabet = lexicon.alphabet
    letters, center = parse_hive(letters, center, alphabet)
    outside = ~letter_mask(letters, alphabet) & ((1 << len(alphabet)) - 1)
    ok = ((lexicon.masks & outside) == 0) & ((lexicon.masks & letter_mask(center, alphabet)) != 0) \
        & (lexicon.lengths >= MIN_WORD)
    return tuple(sorted(lexicon.words[i] for i in np.flatnonzero(ok).tolist()))


def answer_words(lexicon: Lexicon) -> np.ndarray:
    """Which words of the lexicon may be a daily answer: everyday (commonness at least
    EVERYDAY_ZIPF, when the list has figures at all), not vulgar, and in another language passed
    by the screen (:func:`solvers.daily_words.everyday_words`)."""
    return everyday_words(lexicon)


def daily_answers(lexicon: Lexicon, letters: str, center: str) -> tuple[str, ...]:
    """The answers of a generated puzzle: ``solve`` less the words ``answer_words`` rules out."""
    allowed = answer_words(lexicon)
    return tuple(w for w in solve(lexicon, letters, center) if allowed[lexicon.index(w)])


def is_pangram(word: str, letters: str) -> bool:
    return set(word) == set(letters)


def word_score(word: str, letters: str) -> int:
    """1 for a 4-letter word, else its length; a pangram scores 7 more."""
    points = 1 if len(word) == MIN_WORD else len(word)
    return points + (PANGRAM_BONUS if is_pangram(word, letters) else 0)


def score(word: str, puzzle: Puzzle) -> int:
    """The points ``word`` earns in ``puzzle``: 0 when it is not an answer."""
    return word_score(word, puzzle.letters) if word in puzzle.answers else 0


def hints(puzzle: Puzzle, found: Iterable[str] = ()) -> Hints:
    """Counts of the answers not yet found: by first letter and length, by first two letters."""
    left = [w for w in puzzle.answers if w not in set(found)]
    grid: dict[str, dict[int, int]] = {}
    for word in left:
        row = grid.setdefault(word[0], {})
        row[len(word)] = row.get(len(word), 0) + 1
    return Hints(
        grid=dict(sorted(grid.items())),
        lengths=tuple(sorted({len(w) for w in left})),
        two_letter=dict(sorted(Counter(w[:2] for w in left).items())),
        words_left=len(left),
        points_left=sum(word_score(w, puzzle.letters) for w in left),
        pangrams_left=sum(1 for w in left if w in puzzle.pangrams),
    )


@dataclass(frozen=True, slots=True)
class Candidates:
    """The valid letter sets of a lexicon in a salt's order, each with its valid centres."""

    letter_sets: tuple[str, ...]
    centers: tuple[str, ...]  # the valid centres of each letter set, alphabetical


def generate(lexicon: Lexicon, date: dt.date, salt: str = "") -> Puzzle:
    """The puzzle of ``date`` (see the module docstring for the rule)."""
    candidates = candidates_for(lexicon, salt)
    if not candidates.letter_sets:
        raise BeeError(f"The word list {lexicon.name!r} makes no puzzle that meets the constraints.")
    index = (date - EPOCH).days % len(candidates.letter_sets)
    letters, centers = candidates.letter_sets[index], candidates.centers[index]
    center = centers[seeded_key(salt, date.isoformat()) % len(centers)]
    return Puzzle.from_answers(letters, center, daily_answers(lexicon, letters, center), date)


_CANDIDATES: weakref.WeakKeyDictionary[Lexicon, dict[str, Candidates]] = weakref.WeakKeyDictionary()


def candidates_for(lexicon: Lexicon, salt: str = "") -> Candidates:
    """The lexicon's candidate puzzles in the salt's order (computed once per lexicon and salt)."""
    per_salt = _CANDIDATES.setdefault(lexicon, {})
    if salt not in per_salt:
        valid = _valid_puzzles(lexicon)
        order = sorted(valid, key=lambda letters: seeded_key(salt, letters))
        per_salt[salt] = Candidates(tuple(order), tuple(valid[letters] for letters in order))
    return per_salt[salt]


def _valid_puzzles(lexicon: Lexicon) -> dict[str, str]:
    """Letter set -> its valid centres, for every letter set meeting the constraints.

    For each word's letter set (a submask of the hive), the number of answers and their
    points are summed once; a hive's answers for a centre are then the sum over its 127
    non-empty submasks that contain the centre, computed for all hives at once.
    """
    alphabet, rule = lexicon.alphabet, rules(lexicon)
    (min_answers, max_answers), (min_points, max_points) = rule.bee_answers, rule.bee_points
    eligible = (lexicon.lengths >= MIN_WORD) & ((lexicon.masks & letter_mask(rule.bee_excluded, alphabet)) == 0) \
        & answer_words(lexicon)
    masks = lexicon.masks[eligible]
    distinct = np.bitwise_count(masks.astype(np.uint64)).astype(np.int64)
    kept = distinct <= HIVE_SIZE
    masks, distinct, lengths = masks[kept], distinct[kept], lexicon.lengths[eligible][kept]
    points = np.where(lengths == MIN_WORD, 1, lengths) + np.where(distinct == HIVE_SIZE, PANGRAM_BONUS, 0)
    word_sets, inverse = np.unique(masks, return_inverse=True)
    set_words = np.bincount(inverse, minlength=word_sets.size)
    set_points = np.bincount(inverse, weights=points, minlength=word_sets.size).astype(np.int64)

    hives = np.unique(masks[distinct == HIVE_SIZE])  # letter sets of the pangrams
    if hives.size == 0:
        return {}
    bits = np.array([[1 << k for k in range(len(alphabet)) if mask >> k & 1] for mask in hives.tolist()],
                    dtype=np.int64)
    choose = np.array([[k >> j & 1 for k in range(1 << HIVE_SIZE)] for j in range(HIVE_SIZE)], dtype=np.int64)
    submasks = bits @ choose  # hives x 128
    at = np.minimum(np.searchsorted(word_sets, submasks), word_sets.size - 1)
    present = word_sets[at] == submasks
    words = np.where(present, set_words[at], 0)
    pts = np.where(present, set_points[at], 0)
    valid: dict[str, str] = {}
    for j in range(HIVE_SIZE):  # the centre is the hive's j-th letter (alphabetical)
        with_center = choose[j].astype(bool)
        count, total = words[:, with_center].sum(axis=1), pts[:, with_center].sum(axis=1)
        ok = (count >= min_answers) & (count <= max_answers) & (total >= min_points) & (total <= max_points)
        for hive in np.flatnonzero(ok).tolist():
            letters = letters_of_mask(int(hives[hive]), alphabet)
            valid[letters] = valid.get(letters, "") + letters[j]
    return {letters: "".join(sorted(centers)) for letters, centers in sorted(valid.items())}

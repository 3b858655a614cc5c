"""Letter Boxed: the box, the words that can be played on it, the fewest words that solve it.

Rules, as in the newspaper's game: letters sit on the sides of a box (the newspaper's: 4
sides of 3). A word is played by connecting its letters; two consecutive letters may not
come from the same side; words have at least 3 letters; letters may be used again; each
word starts with the last letter of the previous one; the box is solved when every letter
has been used.

- :func:`playable` finds the words of a list that can be spelled on the box, in one
  vectorised pass: the word's letters are all on the box, and no two neighbours share a side.
- :func:`fewest_words` proves the least number of words that solves the box: a breadth-first
  search over (last letter, letters used so far), one word a level, with every state of a
  level kept once (numpy, so a level is a few array operations).
- :func:`two_word_solutions` lists every pair (first, second) that solves the box: the second
  starts where the first ends, and together they use every letter.
- :func:`check_word` and :func:`check` judge a player's words, saying what is wrong.

Solutions are ranked by how common their words are, read from the lexicon's commonness
figure (``Lexicon.zipf``): the rarer word of a chain decides (a higher minimum first), then
fewer letters in all, then alphabetical order.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .bee import EVERYDAY_ZIPF
from .lexicon import ALPHABET, Lexicon, letter_mask

MIN_SIDES, MAX_SIDES = 3, 6
MIN_PER_SIDE, MAX_PER_SIDE = 2, 5
MIN_WORD = 3
_SEPARATORS = re.compile(r"[\s,\-/|]+")


class BoxError(ValueError):
    """Text that is not a box; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Box:
    """The sides of a box, each a string of lowercase letters; every letter on one side only."""

    sides: tuple[str, ...]

    @property
    def letters(self) -> str:
        return "".join(self.sides)

    def side_of(self, letter: str) -> int:
        return next(k for k, side in enumerate(self.sides) if letter in side)

    def __str__(self) -> str:
        return " ".join(side.upper() for side in self.sides)


def parse_box(text: str | Sequence[str]) -> Box:
    """Read ``TJO FEB CUY HIL``, ``tjo-feb-cuy-hil``, ``tjo,feb,cuy,hil`` or a sequence of sides."""
    raw = str(text)[:200] if isinstance(text, str) else " ".join(map(str, text))[:200]
    sides = tuple(side for side in _SEPARATORS.split(raw.strip().lower()) if side)
    example = "e.g. TJO FEB CUY HIL"
    if not MIN_SIDES <= len(sides) <= MAX_SIDES:
        raise BoxError(f"A box has {MIN_SIDES} to {MAX_SIDES} sides separated by spaces, {example}; yours has {len(sides)}.")
    bad = sorted({ch for side in sides for ch in side if ch not in ALPHABET})
    if bad:
        raise BoxError(f"A box holds only the letters A–Z; remove {', '.join(repr(ch) for ch in bad[:5])}.")
    for side in sides:
        if not MIN_PER_SIDE <= len(side) <= MAX_PER_SIDE:
            raise BoxError(f"Each side holds {MIN_PER_SIDE} to {MAX_PER_SIDE} letters; {side.upper()} has {len(side)}.")
    letters = "".join(sides)
    repeated = sorted({ch for ch in letters if letters.count(ch) > 1})
    if repeated:
        raise BoxError(f"Every letter of a box is different; {', '.join(ch.upper() for ch in repeated)} "
                       f"{'is' if len(repeated) == 1 else 'are'} there twice.")
    return Box(sides)


def _side_table(box: Box) -> np.ndarray:
    """Letter code (0-25, 26 = padding) -> side number; letters off the box and padding get -1."""
    table = np.full(27, -1, dtype=np.int8)
    for number, side in enumerate(box.sides):
        for ch in side:
            table[ord(ch) - 97] = number
    return table


def playable(lexicon: Lexicon, box: Box) -> np.ndarray:
    """The lexicon indexes (ascending) of the words that can be played on the box."""
    box_mask = sum(1 << (ord(ch) - 97) for ch in box.letters)
    index = np.flatnonzero(((lexicon.masks & ~box_mask) == 0) & (lexicon.lengths >= MIN_WORD))
    if index.size == 0:
        return index
    width = int(lexicon.lengths[index].max())
    sides = _side_table(box)[lexicon.spellings[index, :width]]
    same = (sides[:, :-1] == sides[:, 1:]) & (sides[:, 1:] >= 0)
    return index[~same.any(axis=1)]


@dataclass(frozen=True, slots=True)
class Words:
    """The playable words of a box, as arrays: first and last letter (their position in
    ``box.letters``), the set of box letters used (a bit mask over ``box.letters``)."""

    index: np.ndarray
    first: np.ndarray
    last: np.ndarray
    mask: np.ndarray
    full: int
    zipf: np.ndarray  # each word's commonness

    @classmethod
    def of(cls, lexicon: Lexicon, box: Box) -> Words:
        index = playable(lexicon, box)
        position = np.full(27, -1, dtype=np.int64)
        for k, ch in enumerate(box.letters):
            position[ord(ch) - 97] = k
        spell = lexicon.spellings[index]
        first = position[spell[:, 0]] if index.size else np.zeros(0, dtype=np.int64)
        last = position[spell[np.arange(index.size), lexicon.lengths[index] - 1]] if index.size else first
        mask = np.zeros(index.size, dtype=np.int64)
        for k, ch in enumerate(box.letters):
            mask |= (lexicon.counts[ord(ch) - 97, index] > 0).astype(np.int64) << k
        return cls(index, first, last, mask, (1 << len(box.letters)) - 1, lexicon.zipf[index])


def fewest_words(words: Words, max_words: int = 6) -> int | None:
    """The least number of words that solves the box, proved by breadth-first search over
    (last letter, letters used); None when no chain of up to ``max_words`` words solves it.
    Each level keeps every distinct state once. The last two levels are only tested, never
    built: "can one more word finish?" is a table lookup, and "can two more?" pairs each state
    with each next word and looks the rest up."""
    if words.index.size == 0:
        return None
    states = np.unique(words.mask << _SHIFT | words.last)  # after one word
    if ((states >> _SHIFT) == words.full).any():
        return 1
    if words.full >= 1 << _TABLE_LETTERS:  # a big box: no table, one level at a time
        for count in range(2, max_words + 1):
            if _one_word_finishes(states, words):
                return count
            states = _grow(states, words) if count < max_words else states
        return None
    finishes = _cover_table(words)
    level = 1  # states are after this many words
    while True:
        if level + 1 <= max_words and finishes[states & 31, words.full & ~(states >> _SHIFT)].any():
            return level + 1
        if level + 2 <= max_words and _two_more_finish(states, words, finishes):
            return level + 2
        if level + 3 > max_words:
            return None
        states, level = _grow(_grow(states, words), words), level + 2


def _two_more_finish(states: np.ndarray, words: Words, finishes: np.ndarray) -> bool:
    """Whether some state, one word and then one more, uses every letter."""
    for _, used, starting in _by_last_letter(states, words):
        masks, ends = words.mask[starting], words.last[starting]
        for start in range(0, used.size, _CHUNK):
            needed = words.full & ~(used[start : start + _CHUNK, None] | masks[None, :])
            if finishes[np.broadcast_to(ends, needed.shape), needed].any():
                return True
    return False


_SHIFT = 5  # a state is (letters used) << 5 | (last letter): a box has at most 30 letters
_CHUNK = 4096
_TABLE_LETTERS = 16  # up to this many letters, "can one word finish from here" is a table lookup


def _cover_table(words: Words) -> np.ndarray:
    """``table[letter, needed]``: some playable word starts with ``letter`` and uses every letter
    of ``needed`` (a bit mask). Marks each word's own mask, then passes every mark down to all
    its subsets, one bit at a time (the bit's two halves of the table, side by side)."""
    letters = int(words.full).bit_length()
    table = np.zeros((letters, 1 << letters), dtype=bool)
    table[words.first, words.mask] = True
    for bit in range(letters):
        halves = table.reshape(letters, -1, 2, 1 << bit)
        halves[:, :, 0, :] |= halves[:, :, 1, :]
    return table


def _by_last_letter(states: np.ndarray, words: Words):
    """For each last letter of the states: the letters-used masks ending there, and the masks
    of the words that may follow (they start with that letter)."""
    for letter in np.unique(states & 31).tolist():
        starting = words.first == letter
        if starting.any():
            yield letter, states[(states & 31) == letter] >> _SHIFT, starting


def _one_word_finishes(states: np.ndarray, words: Words) -> bool:
    """Whether one more word can use every letter left, from some state."""
    for _, used, starting in _by_last_letter(states, words):
        following = np.unique(words.mask[starting])
        for start in range(0, used.size, _CHUNK):
            needed = words.full & ~used[start : start + _CHUNK]
            if ((needed[:, None] & ~following[None, :]) == 0).any():
                return True
    return False


def _grow(states: np.ndarray, words: Words) -> np.ndarray:
    """Every distinct state one word later."""
    grown = []
    for _, used, starting in _by_last_letter(states, words):
        pairs = np.unique(words.mask[starting] << _SHIFT | words.last[starting])
        masks, ends = pairs >> _SHIFT, pairs & 31
        for start in range(0, used.size, _CHUNK):
            joined = (used[start : start + _CHUNK, None] | masks[None, :]) << _SHIFT | ends[None, :]
            grown.append(np.unique(joined))
    return np.unique(np.concatenate(grown)) if grown else np.zeros(0, dtype=np.int64)


def two_word_solutions(words: Words) -> np.ndarray:
    """Every pair that solves the box in two words: an (n, 2) array of lexicon indexes (first
    word, second word), sorted. For each letter, the words ending with it meet the words
    starting with it in one outer OR of their letter masks."""
    firsts, seconds = [], []
    for letter in np.unique(words.last).tolist():
        ending, starting = np.flatnonzero(words.last == letter), np.flatnonzero(words.first == letter)
        if ending.size == 0 or starting.size == 0:
            continue
        covers = (words.mask[ending][:, None] | words.mask[starting][None, :]) == words.full
        a, b = np.nonzero(covers)
        firsts.append(words.index[ending[a]])
        seconds.append(words.index[starting[b]])
    if not firsts:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.column_stack((np.concatenate(firsts), np.concatenate(seconds)))
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


COMMONNESS_TIERS = (4.0, 3.0, 2.0, 1.0, -1.0)  # for listing the best three-word chains first
LIST_ALL_BELOW = 20_000  # fewer chains than this are listed in one pass, without tiers


def three_word_solutions(words: Words, limit: int = 50) -> tuple[int, list[tuple[int, int, int]]]:
    """How many three-word chains solve the box without redundancy (neither its first two nor
    its last two words already use every letter), and up to ``limit`` of the best of them
    (lexicon indexes), best by the rarer word's commonness.

    Middle words are taken together, a group for each (first, last) letter pair, since they
    share the words that may come before and after them; within a group, the distinct letter
    sets before and after are combined at once for every middle word. Counting multiplies
    the number of words of each letter set out, never listing. Listing goes tier by tier of
    commonness (every word at least 4.0, then 3.0, ...): once a tier holds ``limit`` chains,
    no chain with a rarer word can rank above them.
    """
    total = sum(count for count, _ in _middle_groups(words, None, listing=False))
    best: list[tuple[int, int, int]] = []
    tiers = COMMONNESS_TIERS if total > LIST_ALL_BELOW else COMMONNESS_TIERS[-1:]  # few: list them all at once
    for floor in tiers:
        chains = [chain for _, found in _middle_groups(words, floor, listing=True) for chain in found]
        if len(chains) >= limit or floor == tiers[-1]:
            zipf = dict(zip(words.index.tolist(), words.zipf.tolist()))
            best = sorted(chains, key=lambda c: (-min(zipf[i] for i in c), c))[: limit * 4]
            break
    return total, best


_MIDDLES_AT_ONCE = 16


def _middle_groups(words: Words, floor: float | None, *, listing: bool):
    """For each group of middle words with the same first and last letter: (the number of
    non-redundant chains through them, and the chains when ``listing``), using only words of
    commonness >= floor when one is given."""
    allowed = np.ones(words.index.size, dtype=bool) if floor is None else words.zipf >= floor
    middles = np.flatnonzero(allowed)
    keys = words.first[middles] * 32 + words.last[middles]
    for key in np.unique(keys).tolist():
        group = middles[keys == key]
        before = np.flatnonzero((words.last == key // 32) & allowed)
        after = np.flatnonzero((words.first == key % 32) & allowed)
        if before.size == 0 or after.size == 0:
            continue
        for start in range(0, group.size, _MIDDLES_AT_ONCE):
            chunk = group[start : start + _MIDDLES_AT_ONCE]
            need = (words.full & ~words.mask[chunk])[:, None, None]
            if listing:
                x, y = words.mask[before][None, :, None] & need, words.mask[after][None, None, :] & need
                m, a, c = np.nonzero(((x | y) == need) & (x != need) & (y != need))
                yield m.size, list(zip(words.index[before[a]].tolist(), words.index[chunk[m]].tolist(),
                                       words.index[after[c]].tolist()))
            else:
                ux, cx = np.unique(words.mask[before], return_counts=True)
                uy, cy = np.unique(words.mask[after], return_counts=True)
                x, y = ux[None, :, None] & need, uy[None, None, :] & need
                ok = ((x | y) == need) & (x != need) & (y != need)
                yield int((ok * (cx[:, None] * cy[None, :])[None, :, :]).sum()), ()


@dataclass(frozen=True, slots=True)
class Solution:
    words: tuple[str, ...]
    rarity: float  # the commonness of the rarer word: higher is friendlier

    def to_json(self) -> dict:
        return {"words": list(self.words), "rarity": round(self.rarity, 2)}


@dataclass(frozen=True, slots=True)
class Solved:
    """What :func:`solve` found: the playable word count, the fewest words (None: unsolved
    within the search), how many two-word solutions there are, and the best of them ranked."""

    box: Box
    lexicon: str
    playable: int
    fewest_words: int | None
    two_word_count: int
    three_word_count: int  # non-redundant three-word chains
    solutions: tuple[Solution, ...]  # the best: one-word, two-word, then three-word ones, each ranked

    def to_json(self) -> dict:
        return {"sides": list(self.box.sides), "lexicon": self.lexicon, "playable": self.playable,
                "fewest_words": self.fewest_words, "counts": {"2": self.two_word_count, "3": self.three_word_count},
                "solutions": [s.to_json() for s in self.solutions]}


def rank(lexicon: Lexicon, chains: list[tuple[str, ...]]) -> list[Solution]:
    """Chains as solutions, best first: the rarer word's commonness (higher first), then fewer
    letters in all, then alphabetical order."""
    solutions = [Solution(chain, min(lexicon.commonness(w) for w in chain)) for chain in chains]
    return sorted(solutions, key=lambda s: (-s.rarity, sum(map(len, s.words)), s.words))


def solve(lexicon: Lexicon, box: Box, *, limit: int = 50, max_words: int = 6) -> Solved:
    """The box's playable words, its fewest words (proved), every two-word solution and the
    count of non-redundant three-word ones, and the best ``limit`` solutions: one-word ones
    first, then two-word, then three-word, each group ranked."""
    words = Words.of(lexicon, box)
    singles = [(lexicon.words[i],) for i in words.index[words.mask == words.full].tolist()]
    pairs = two_word_solutions(words)
    fewest = 1 if singles else 2 if len(pairs) else fewest_words(words, max_words)
    three_count, triples = three_word_solutions(words, limit)
    chains = [rank(lexicon, singles), rank(lexicon, [(lexicon.words[a], lexicon.words[b]) for a, b in pairs.tolist()]),
              rank(lexicon, [tuple(lexicon.words[i] for i in chain) for chain in triples])]
    best = tuple(solution for group in chains for solution in group)[:limit]
    return Solved(box, lexicon.name, int(words.index.size), fewest, len(pairs), three_count, best)


@dataclass(frozen=True, slots=True)
class Verdict:
    word: str
    ok: bool
    reason: str = ""  # what is wrong, for a refused word


def check_word(lexicon: Lexicon, box: Box, word: str, previous: str | None = None) -> Verdict:
    """Judge one word played after ``previous`` (None for the first word of a chain)."""
    word = word.strip().lower()
    if not word.isascii() or not word.isalpha():
        return Verdict(word, False, "Words are letters A–Z only.")
    if len(word) < MIN_WORD:
        return Verdict(word, False, f"{word.upper()} is too short: words have at least {MIN_WORD} letters.")
    stray = next((ch for ch in word if ch not in box.letters), None)
    if stray is not None:
        return Verdict(word, False, f"{stray.upper()} is not on the box.")
    if previous and word[0] != previous[-1]:
        return Verdict(word, False, f"{word.upper()} must start with {previous[-1].upper()}, the last letter of {previous.upper()}.")
    for a, b in zip(word, word[1:]):
        if box.side_of(a) == box.side_of(b):
            return Verdict(word, False, f"{a.upper()} and {b.upper()} are on the same side: they cannot be neighbours.")
    if word not in lexicon:
        return Verdict(word, False, f"{word.upper()} is not in the word list.")
    return Verdict(word, True)


@dataclass(frozen=True, slots=True)
class Check:
    verdicts: tuple[Verdict, ...]
    letters_left: str  # box letters no accepted word uses yet

    @property
    def solved(self) -> bool:
        return bool(self.verdicts) and all(v.ok for v in self.verdicts) and not self.letters_left


def check(lexicon: Lexicon, box: Box, words: Sequence[str]) -> Check:
    """Judge a chain word by word; the first refused word ends the judging."""
    verdicts: list[Verdict] = []
    previous = None
    for word in words:
        verdict = check_word(lexicon, box, word, previous)
        verdicts.append(verdict)
        if not verdict.ok:
            break
        previous = verdict.word
    used = {ch for v in verdicts if v.ok for ch in v.word}
    return Check(tuple(verdicts), "".join(ch for ch in box.letters if ch not in used))


# ---------------------------------------------------------------------------- the daily box
#
# generate(date) makes the day's box, the same on every machine, from two lists: everyday
# words (``common``) seed it, and the accepted list (``full`` less its vulgar words) judges it.
#
# 1. The pool. Every pair of everyday words (commonness >= EVERYDAY_ZIPF, not vulgar, no
#    letter twice in a row, at least 3 letters) where the second starts with the last letter
#    of the first, the two use 12 different letters in all, and they have 13-17 letters
#    together (the newspaper's solutions: 13-18 on 98% of days, median 15). The pool is the set of their letter sets (about 290,000 on ``common``).
# 2. Classes. A letter set's class is (J/Q/X/Z count, vowel count, has S). Each class gets the
#    share the newspaper's boards give it (RARE_SHARES x VOWEL_SHARES x S_SHARE, taken as
#    independent); classes with fewer than MIN_CLASS sets are left out and the rest scaled up.
#    A class's sets are ordered by a keyed 64-bit hash (splitmix64 of mask ^ salt key).
# 3. The class of day n (days since DAILY_EPOCH) is read from the Weyl sequence
#    u(n) = n * 0x9E3779B97F4A7C15 + salt key (mod 2^64) against the cumulative shares: over any
#    stretch of days every class comes up in very nearly its share.
# 4. The k-th day of a class (counted from the epoch) takes block k mod B of its sets, a block
#    being BLOCK consecutive sets of its order (B blocks in all). Blocks never overlap, so a
#    letter set cannot come back within B days of its class: more than a year for every class.
# 5. In the block, set by set: the seed is the set's most common everyday pair (the rarer
#    word's commonness, then fewer letters); the layouts are every way to put the 12 letters
#    on 4 sides of 3 so that the seed is legal, in keyed-hash order, those with a side without
#    a vowel first on VOWELLESS_SIDE_SHARE of days (hashed from the date) and last otherwise.
#    The first layout (of the first LAYOUTS_TRIED) whose playable count on the accepted list
#    is in PLAYABLE_RANGE makes the box. Should none in the block do, the box closest to the
#    range is taken.
# 6. The published solution is the most common two-word solution of everyday words with 13-17
#    letters, commonness taken in half steps, then fewer letters (the seed is one such pair, so
#    there always is one). Par: no J/Q/X/Z gives 4 when the box
#    has at least PAR_THRESHOLDS[0] playable words, else 5; one gives 5 from PAR_THRESHOLDS[1]
#    playable words, else 6; two or more give 6.

DAILY_EPOCH = dt.date(2024, 1, 1)
DAILY_SIDES, DAILY_PER_SIDE = 4, 3
DAILY_LETTERS = DAILY_SIDES * DAILY_PER_SIDE
RARE, VOWELS = "jqxz", "aeiou"
RARE_SHARES = {0: 0.59, 1: 0.32, 2: 0.08, 3: 0.004}  # the newspaper's boards, 1,582 days
VOWEL_SHARES = {2: 0.02, 3: 0.26, 4: 0.56, 5: 0.16}
S_SHARE = 0.44
VOWELLESS_SIDE_SHARE = 0.80  # asked for; layouts that must have one bring it to about 85% (the newspaper's)
SOLUTION_LETTERS = (13, 17)
PLAYABLE_RANGE = (560, 2240)
PAR_THRESHOLDS = {0: 1270, 1: 1140}  # about the medians of a year of boxes, to split each band as the newspaper does
BLOCK = 8
LAYOUTS_TRIED = 16
MIN_CLASS = 8 * BLOCK
_GOLDEN = 0x9E3779B97F4A7C15
_U64 = 1 << 64


class DailyBoxError(ValueError):
    """A date the generator has no box for; the message says which dates it has."""


@dataclass(frozen=True, slots=True)
class DailyBox:
    date: dt.date
    box: Box
    par: int
    solution: tuple[str, str]
    playable: int

    def to_json(self) -> dict:
        return {"date": self.date.isoformat(), "sides": list(self.box.sides), "par": self.par,
                "solution": list(self.solution), "playable": self.playable}


@dataclass(frozen=True, slots=True)
class _Pool:
    words: tuple[str, ...]  # the everyday words that may seed a box
    masks: np.ndarray  # their letter masks
    zipf: np.ndarray
    classes: tuple[tuple[int, int, bool], ...]  # (J/Q/X/Z count, vowels, has S)
    bounds: tuple[int, ...]  # cumulative shares of the classes, as 64-bit thresholds
    sets: tuple[np.ndarray, ...]  # each class's letter sets, in keyed-hash order


def generate(date: dt.date, everyday: Lexicon | None = None, accepted: Lexicon | None = None,
             salt: str = "") -> DailyBox:
    """The box of ``date`` (see the steps above). ``everyday`` defaults to the bundled
    ``common`` list and ``accepted`` to ``full``; vulgar words are dropped from both."""
    everyday = everyday or Lexicon.load("common")
    accepted = (accepted or Lexicon.load("full")).without_vulgar()
    if date < DAILY_EPOCH:
        raise DailyBoxError(f"Daily boxes start on {DAILY_EPOCH.isoformat()}; pick a later date.")
    pool = _pool(everyday, salt)
    day = (date - DAILY_EPOCH).days
    days = _day_classes(pool, salt, day + 1)
    cls = int(days[-1])
    occurrence = int(np.count_nonzero(days[:-1] == cls))
    sets = pool.sets[cls]
    block = occurrence % (sets.size // BLOCK)
    want_vowelless = _fraction(salt, f"sides|{date.isoformat()}") < VOWELLESS_SIDE_SHARE
    fallback: tuple[int, DailyBox] | None = None
    for letter_set in sets[block * BLOCK : (block + 1) * BLOCK].tolist():
        for box, playable in _layouts_tried(pool, accepted, int(letter_set), want_vowelless, salt, date):
            made = _daily_box(date, box, playable, everyday, accepted, pool.classes[cls][0])
            low, high = PLAYABLE_RANGE
            miss = max(low - playable, playable - high, 0)
            if miss == 0:
                return made
            if fallback is None or miss < fallback[0]:
                fallback = (miss, made)
    if fallback is None:
        raise DailyBoxError(f"No box could be laid out for {date.isoformat()}.")  # never seen: every set has layouts
    return fallback[1]


def _band(zipf: float) -> float:
    """Commonness in half steps: among pairs about as common, the shorter is published."""
    return math.floor(zipf * 2) / 2


def par_for(rare_letters: int, playable: int) -> int:
    """The word count to beat: from the J/Q/X/Z count, lower for boxes with more playable words."""
    if rare_letters == 0:
        return 4 if playable >= PAR_THRESHOLDS[0] else 5
    if rare_letters == 1:
        return 5 if playable >= PAR_THRESHOLDS[1] else 6
    return 6


def _daily_box(date: dt.date, box: Box, playable: int, everyday: Lexicon, accepted: Lexicon, rare: int) -> DailyBox:
    words = Words.of(accepted, box)
    pairs = two_word_solutions(words)
    daily = _everyday_in(everyday, accepted)
    lengths = accepted.lengths[pairs].sum(axis=1)
    low, high = SOLUTION_LETTERS
    pairs = pairs[daily[pairs].all(axis=1) & (lengths >= low) & (lengths <= high)]
    best = min(pairs.tolist(), key=lambda p: (-_band(min(accepted.zipf[p[0]], accepted.zipf[p[1]])),
                                              len(accepted.words[p[0]]) + len(accepted.words[p[1]]),
                                              accepted.words[p[0]], accepted.words[p[1]]))
    return DailyBox(date, box, par_for(rare, playable), (accepted.words[best[0]], accepted.words[best[1]]), playable)


def _layouts_tried(pool: _Pool, accepted: Lexicon, letter_set: int, want_vowelless: bool, salt: str, date: dt.date):
    """(box, playable count) for the first LAYOUTS_TRIED layouts of the set's seed pair."""
    letters = "".join(ch for k, ch in enumerate(ALPHABET) if letter_set >> k & 1)
    first, second = _seed_pair(pool, letter_set)
    position = {ch: k for k, ch in enumerate(letters)}
    edges = np.array([(position[a], position[b]) for word in (first, second) for a, b in zip(word, word[1:])])
    partitions = _partitions()
    legal = np.flatnonzero((partitions[:, edges[:, 0]] != partitions[:, edges[:, 1]]).all(axis=1))
    if legal.size == 0:
        return
    key = _key(salt, f"layout|{date.isoformat()}|{letters}")
    order = legal[np.argsort(_mix(legal.astype(np.uint64) ^ np.uint64(key)), kind="stable")]
    vowel = np.array([ch in VOWELS for ch in letters])
    labels = partitions[order]
    vowelless = np.zeros(order.size, dtype=bool)
    for side in range(DAILY_SIDES):
        vowelless |= ~((labels == side) & vowel).any(axis=1)
    order = order[np.argsort(vowelless != want_vowelless, kind="stable")]
    for number in order[:LAYOUTS_TRIED].tolist():
        labels = partitions[number]
        sides = ["".join(ch for ch, side in zip(letters, labels) if side == s) for s in range(DAILY_SIDES)]
        turn = _key(salt, f"turn|{date.isoformat()}|{letters}")
        box = Box(tuple(sides[(s + turn) % DAILY_SIDES] for s in range(DAILY_SIDES)))
        yield box, int(playable(accepted, box).size)


def _seed_pair(pool: _Pool, letter_set: int) -> tuple[str, str]:
    """The set's most common everyday pair: the rarer word's commonness, then fewer letters."""
    inside = np.flatnonzero((pool.masks & ~letter_set) == 0)
    words = [pool.words[i] for i in inside.tolist()]
    first, last = np.array([w[0] for w in words]), np.array([w[-1] for w in words])
    lengths, masks, zipf = np.array([len(w) for w in words]), pool.masks[inside], pool.zipf[inside]
    total = lengths[:, None] + lengths[None, :]
    low, high = SOLUTION_LETTERS
    a, b = np.nonzero((last[:, None] == first[None, :]) & ((masks[:, None] | masks[None, :]) == letter_set)
                      & (total >= low) & (total <= high))
    best = min(zip(a.tolist(), b.tolist()),
               key=lambda p: (-min(zipf[p[0]], zipf[p[1]]), total[p], words[p[0]], words[p[1]]))
    return words[best[0]], words[best[1]]


def _day_classes(pool: _Pool, salt: str, days: int) -> np.ndarray:
    """The class of each day 0 .. days-1."""
    n = np.arange(days, dtype=np.uint64)
    u = n * np.uint64(_GOLDEN) + np.uint64(_key(salt, "days"))
    return np.searchsorted(np.array(pool.bounds, dtype=np.uint64), u, side="right")


def _all_pool_sets(everyday: Lexicon) -> np.ndarray:
    """Every letter set of 12 letters made by a chaining pair of seed words of 13-17 letters."""
    words = _seed_words(everyday)
    masks, lengths = everyday.masks[words].astype(np.int64), everyday.lengths[words]
    first, last = everyday.spellings[words, 0], everyday.spellings[words, lengths - 1]
    low, high = SOLUTION_LETTERS
    found = [np.zeros(0, dtype=np.int64)]
    for letter in range(26):
        ending, starting = np.flatnonzero(last == letter), np.flatnonzero(first == letter)
        for start in range(0, ending.size, 512):
            a = ending[start : start + 512]
            union = masks[a][:, None] | masks[starting][None, :]
            total = lengths[a][:, None] + lengths[starting][None, :]
            found.append(np.unique(union[(np.bitwise_count(union) == DAILY_LETTERS) & (total >= low) & (total <= high)]))
    return np.unique(np.concatenate(found))


@functools.cache
def _pool(everyday: Lexicon, salt: str) -> _Pool:
    words = _seed_words(everyday)
    sets = _all_pool_sets(everyday)
    rare = np.bitwise_count(sets & letter_mask(RARE))
    vowels = np.bitwise_count(sets & letter_mask(VOWELS))
    has_s = (sets & letter_mask("s")) != 0
    key = np.uint64(_key(salt, "sets"))
    classes, shares, members = [], [], []
    for r, r_share in RARE_SHARES.items():
        for v, v_share in VOWEL_SHARES.items():
            for s, s_share in ((False, 1 - S_SHARE), (True, S_SHARE)):
                chosen = sets[(rare == r) & (vowels == v) & (has_s == s)]
                if chosen.size >= MIN_CLASS:
                    classes.append((r, v, s))
                    shares.append(r_share * v_share * s_share)
                    members.append(chosen[np.argsort(_mix(chosen.astype(np.uint64) ^ key), kind="stable")])
    total_share = sum(shares)
    bounds, running = [], 0.0
    for share in shares[:-1]:
        running += share / total_share
        bounds.append(int(running * _U64))
    return _Pool(tuple(everyday.words[i] for i in words.tolist()), everyday.masks[words].astype(np.int64),
                 everyday.zipf[words], tuple(classes), tuple(bounds), tuple(members))


def _seed_words(lexicon: Lexicon) -> np.ndarray:
    """Indexes of the everyday words that can seed a box: common enough, not vulgar, at least
    3 letters, at most 12 different letters, and no letter twice in a row."""
    ok = _everyday_mask(lexicon) & (lexicon.lengths >= MIN_WORD) & (np.bitwise_count(lexicon.masks) <= DAILY_LETTERS)
    spell = lexicon.spellings
    doubled = ((spell[:, :-1] == spell[:, 1:]) & (spell[:, 1:] < 26)).any(axis=1)
    return np.flatnonzero(ok & ~doubled)


def _everyday_mask(lexicon: Lexicon) -> np.ndarray:
    return (lexicon.zipf >= EVERYDAY_ZIPF) & ~lexicon.vulgar


@functools.cache
def _everyday_in(everyday: Lexicon, accepted: Lexicon) -> np.ndarray:
    """For each word of ``accepted``: whether it is an everyday word of ``everyday``."""
    daily = {everyday.words[i] for i in np.flatnonzero(_everyday_mask(everyday)).tolist()}
    return np.fromiter((w in daily for w in accepted.words), dtype=bool, count=len(accepted))


@functools.cache
def _partitions() -> np.ndarray:
    """Every way to share 12 positions among 4 unlabelled sides of 3 (15,400), as side labels:
    each side is labelled by its first position, in order."""
    found: list[list[int]] = []
    labels, counts = [0] * DAILY_LETTERS, [0] * DAILY_SIDES

    def place(position: int, sides_opened: int) -> None:
        if position == DAILY_LETTERS:
            found.append(labels.copy())
            return
        for side in range(min(sides_opened + 1, DAILY_SIDES)):
            if counts[side] < DAILY_PER_SIDE:
                labels[position], counts[side] = side, counts[side] + 1
                place(position + 1, max(sides_opened, side + 1))
                counts[side] -= 1

    place(0, 0)
    return np.array(found, dtype=np.int8)


def _mix(values: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, element-wise (unsigned 64-bit arithmetic, the same everywhere)."""
    z = values + np.uint64(_GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _key(salt: str, text: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{salt}|{text}".encode()).digest()[:8], "big")


def _fraction(salt: str, text: str) -> float:
    return _key(salt, text) / _U64

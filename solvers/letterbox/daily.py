"""The daily box: :func:`generate` makes the day's box, the same on every machine (how: the
comment below), with its par and published solution."""

from __future__ import annotations

import datetime as dt
import functools
import math
from dataclasses import dataclass

import numpy as np

from ..daily_words import RULES, everyday_words, rules
from ..letters import letter_mask, letters_of_mask
from ..lexicon import Lexicon
from ..seeded import GOLDEN, U64, mix, seeded_fraction, seeded_key
from .box import MIN_WORD, Box, playable
from .pool_sets import chained_sets
from .solve import Words, two_word_solutions

# ---------------------------------------------------------------------------- the daily box
#
# generate(date) makes the day's box, the same on every machine, from two lists of a language:
# everyday words (``common``) seed it, and the accepted list (``full`` less its vulgar words)
# judges it. The language's letters, rare letters, vowels and excluded letters are its own
# (solvers.daily_words.RULES; RARE and VOWELS below are English's).
#
# 1. The pool. Every pair of everyday words (solvers.daily_words.everyday_words: commonness >=
#    EVERYDAY_ZIPF, not vulgar, passed by the screen; no excluded letter, no letter twice in a
#    row, at least 3 letters) where the second starts with the last letter
#    of the first, the two use 12 different letters in all, and they have 13-17 letters
# together (the newspaper's solutions: 13-18 on 98% of days, median 15). The pool is the set of their letter sets (about
# 290,000 on ``common``).
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
RARE, VOWELS = RULES["en"].box_rare, RULES["en"].box_vowels  # English's: each language has its own
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
    classes: tuple[tuple[int, int, bool], ...]  # (rare letter count, vowels, has S)
    alphabet: str  # the language's letters, in code order
    vowels: str  # the language's vowels
    bounds: tuple[int, ...]  # cumulative shares of the classes, as 64-bit thresholds
    sets: tuple[np.ndarray, ...]  # each class's letter sets, in keyed-hash order


@functools.lru_cache(maxsize=64)  # a pure function of its inputs: a process keeps the last days it made
def generate(date: dt.date, everyday: Lexicon | None = None, accepted: Lexicon | None = None,
             salt: str = "") -> DailyBox:
    """The box of ``date`` (see the steps above). ``everyday`` defaults to the bundled
    ``common`` list and ``accepted`` to ``full`` of ``everyday``'s language; vulgar words are
    dropped from both."""
    everyday = everyday or Lexicon.load("common")
    accepted = (accepted or Lexicon.load("full", language=everyday.language)).without_vulgar()
    if date < DAILY_EPOCH:
        raise DailyBoxError(f"Daily boxes start on {DAILY_EPOCH.isoformat()}; pick a later date.")
    pool = _pool(everyday, salt)
    day = (date - DAILY_EPOCH).days
    days = _day_classes(pool, salt, day + 1)
    cls = int(days[-1])
    occurrence = int(np.count_nonzero(days[:-1] == cls))
    sets = pool.sets[cls]
    block = occurrence % (sets.size // BLOCK)
    scale = rules(everyday).box_scale
    want_vowelless = seeded_fraction(salt, f"sides|{date.isoformat()}") < VOWELLESS_SIDE_SHARE
    fallback: tuple[int, DailyBox] | None = None
    for letter_set in sets[block * BLOCK : (block + 1) * BLOCK].tolist():
        for box, playable_count in _layouts_tried(pool, accepted, int(letter_set), want_vowelless, salt, date):
            made = _daily_box(date, box, playable_count, everyday, accepted, pool.classes[cls][0], scale)
            low, high = (round(bound * scale) for bound in PLAYABLE_RANGE)
            miss = max(low - playable_count, playable_count - high, 0)
            if miss == 0:
                return made
            if fallback is None or miss < fallback[0]:
                fallback = (miss, made)
    if fallback is None:
        raise DailyBoxError(f"No box could be laid out for {date.isoformat()}.")  # never seen: every set has layouts
    return fallback[1]


def prepare(everyday: Lexicon | None = None, accepted: Lexicon | None = None, salt: str = "") -> None:
    """Build what every day's box of these lists needs, once per process: the pool of letter
    sets (seconds of work) and which accepted words are everyday ones. The bot does it while it
    loads, before it connects, so that no first answer waits for it."""
    everyday = everyday or Lexicon.load("common")
    _pool(everyday, salt)
    _everyday_in(everyday, (accepted or Lexicon.load("full", language=everyday.language)).without_vulgar())


def _band(zipf: float) -> float:
    """Commonness in half steps: among pairs about as common, the shorter is published."""
    return math.floor(zipf * 2) / 2


def par_for(rare_letters: int, playable: int, scale: float = 1.0) -> int:
    """The word count to beat: from the rare letter count, lower for boxes with more playable
    words (the thresholds times the language's ``box_scale``)."""
    if rare_letters == 0:
        return 4 if playable >= round(PAR_THRESHOLDS[0] * scale) else 5
    if rare_letters == 1:
        return 5 if playable >= round(PAR_THRESHOLDS[1] * scale) else 6
    return 6


def _daily_box(date: dt.date, box: Box, playable: int, everyday: Lexicon, accepted: Lexicon, rare: int,
               scale: float) -> DailyBox:
    words = Words.of(accepted, box)
    pairs = two_word_solutions(words)
    daily = _everyday_in(everyday, accepted)
    lengths = accepted.lengths[pairs].sum(axis=1)
    low, high = SOLUTION_LETTERS
    pairs = pairs[daily[pairs].all(axis=1) & (lengths >= low) & (lengths <= high)]
    best = min(pairs.tolist(), key=lambda p: (-_band(min(accepted.zipf[p[0]], accepted.zipf[p[1]])),
                                              len(accepted.words[p[0]]) + len(accepted.words[p[1]]),
                                              accepted.words[p[0]], accepted.words[p[1]]))
    solution = (accepted.words[best[0]], accepted.words[best[1]])
    return DailyBox(date, box, par_for(rare, playable, scale), solution, playable)


def _layouts_tried(pool: _Pool, accepted: Lexicon, letter_set: int, want_vowelless: bool, salt: str, date: dt.date):
    """(box, playable count) for the first LAYOUTS_TRIED layouts of the set's seed pair."""
    letters = letters_of_mask(letter_set, pool.alphabet)
    first, second = _seed_pair(pool, letter_set)
    position = {ch: k for k, ch in enumerate(letters)}
    edges = np.array([(position[a], position[b]) for word in (first, second)
                      for a, b in zip(word, word[1:], strict=False)])
    partitions = _partitions()
    legal = np.flatnonzero((partitions[:, edges[:, 0]] != partitions[:, edges[:, 1]]).all(axis=1))
    if legal.size == 0:
        return
    key = seeded_key(salt, f"layout|{date.isoformat()}|{letters}")
    order = legal[np.argsort(mix(legal.astype(np.uint64) ^ np.uint64(key)), kind="stable")]
    vowel = np.array([ch in pool.vowels for ch in letters])
    labels = partitions[order]
    vowelless = np.zeros(order.size, dtype=bool)
    for side in range(DAILY_SIDES):
        vowelless |= ~((labels == side) & vowel).any(axis=1)
    order = order[np.argsort(vowelless != want_vowelless, kind="stable")]
    for number in order[:LAYOUTS_TRIED].tolist():
        labels = partitions[number]
        sides = ["".join(ch for ch, side in zip(letters, labels, strict=True) if side == s) for s in range(DAILY_SIDES)]
        turn = seeded_key(salt, f"turn|{date.isoformat()}|{letters}")
        box = Box(tuple(sides[(s + turn) % DAILY_SIDES] for s in range(DAILY_SIDES)))
        yield box, int(playable(accepted, box).size)


def _seed_pair(pool: _Pool, letter_set: int) -> tuple[str, str]:
    """The set's most common everyday pair: the rarer word's commonness, then fewer letters."""
    inside = np.flatnonzero((pool.masks & ~letter_set) == 0)
    words = [pool.words[i] for i in inside.tolist()]
    first, last = np.array([w[0] for w in words]), np.array([w[-1] for w in words])
    lengths, masks, zipf = np.array([len(w) for w in words]), pool.masks[inside], pool.zipf[inside]
    low, high = SOLUTION_LETTERS
    pairs = []
    for letter in set(last.tolist()):  # a pair chains through one letter: only those words meet
        a, b = np.flatnonzero(last == letter), np.flatnonzero(first == letter)
        total = lengths[a][:, None] + lengths[b][None, :]
        i, j = np.nonzero(((masks[a][:, None] | masks[b][None, :]) == letter_set) & (total >= low) & (total <= high))
        pairs += zip(a[i].tolist(), b[j].tolist(), strict=True)
    best = min(pairs, key=lambda p: (-min(zipf[p[0]], zipf[p[1]]), lengths[p[0]] + lengths[p[1]], words[p[0]],
                                     words[p[1]]))
    return words[best[0]], words[best[1]]


def _day_classes(pool: _Pool, salt: str, days: int) -> np.ndarray:
    """The class of each day 0 .. days-1."""
    n = np.arange(days, dtype=np.uint64)
    u = n * np.uint64(GOLDEN) + np.uint64(seeded_key(salt, "days"))
    return np.searchsorted(np.array(pool.bounds, dtype=np.uint64), u, side="right")


def _all_pool_sets(everyday: Lexicon) -> np.ndarray:
    """Every letter set of 12 letters made by a chaining pair of seed words of 13-17 letters."""
    words = _seed_words(everyday)
    lengths = everyday.lengths[words]
    return chained_sets(everyday.masks[words].astype(np.int64), lengths, everyday.spellings[words, 0],
                        everyday.spellings[words, lengths - 1], DAILY_LETTERS, SOLUTION_LETTERS)


@functools.cache
def _pool(everyday: Lexicon, salt: str) -> _Pool:
    words = _seed_words(everyday)
    sets = _all_pool_sets(everyday)
    rule, alphabet = rules(everyday), everyday.alphabet
    rare = np.bitwise_count(sets & letter_mask(rule.box_rare, alphabet))
    vowels = np.bitwise_count(sets & letter_mask(rule.box_vowels, alphabet))
    has_s = (sets & letter_mask("s", alphabet)) != 0
    key = np.uint64(seeded_key(salt, "sets"))
    classes, shares, members = [], [], []
    for r, r_share in RARE_SHARES.items():
        for v, v_share in VOWEL_SHARES.items():
            for s, s_share in ((False, 1 - S_SHARE), (True, S_SHARE)):
                chosen = sets[(rare == r) & (vowels == v) & (has_s == s)]
                if chosen.size >= MIN_CLASS:
                    classes.append((r, v, s))
                    shares.append(r_share * v_share * s_share)
                    members.append(chosen[np.argsort(mix(chosen.astype(np.uint64) ^ key), kind="stable")])
    total_share = sum(shares)
    bounds, running = [], 0.0
    for share in shares[:-1]:
        running += share / total_share
        bounds.append(int(running * U64))
    return _Pool(tuple(everyday.words[i] for i in words.tolist()), everyday.masks[words].astype(np.int64),
                 everyday.zipf[words], tuple(classes), alphabet, rule.box_vowels, tuple(bounds), tuple(members))


def _seed_words(lexicon: Lexicon) -> np.ndarray:
    """Indexes of the everyday words that can seed a box: everyday words (``everyday_words``),
    at least 3 letters, at most 12 different letters, none of the language's excluded letters,
    and no letter twice in a row."""
    ok = everyday_words(lexicon) & (lexicon.lengths >= MIN_WORD) & (np.bitwise_count(lexicon.masks) <= DAILY_LETTERS)
    ok &= (lexicon.masks & letter_mask(rules(lexicon).box_excluded, lexicon.alphabet)) == 0
    spell = lexicon.spellings
    doubled = ((spell[:, :-1] == spell[:, 1:]) & (spell[:, 1:] < len(lexicon.alphabet))).any(axis=1)
    return np.flatnonzero(ok & ~doubled)


@functools.cache
def _everyday_in(everyday: Lexicon, accepted: Lexicon) -> np.ndarray:
    """For each word of ``accepted``: whether it is an everyday word of ``everyday``."""
    daily = {everyday.words[i] for i in np.flatnonzero(everyday_words(everyday)).tolist()}
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

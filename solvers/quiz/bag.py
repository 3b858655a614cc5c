"""How probable a rack is: the number of ways to draw its tiles from a language's tile bag.

The English bag: 100 tiles, A 9, B 2, C 2, D 4, E 12, F 2, G 3, H 2, I 9, J 1, K 1, L 4, M 2,
N 6, O 8, P 2, Q 1, R 6, S 4, T 6, U 4, V 2, W 2, X 1, Y 2, Z 1 and 2 blanks. Every tile is a
distinct object, so a draw of n tiles is one of the C(100, n) sets of n tiles. Another
language's bag is its Scrabble set (``solvers.alphabets.BAGS``), read letter by letter by
:func:`language_bag` (a Spanish digraph tile counts as its two letters: ``letter_counts``).

The rule, for a rack of n tiles, ``a_l`` copies of each letter l and ``q`` blanks (``?``),
and a bag holding ``blanks`` blanks: a draw of n tiles *makes the rack* when it holds at most
``a_l`` tiles of each letter l and no tile of a letter the rack lacks; its letters are then some
of the rack's, and its blanks (exactly n minus its letters) stand for the rest, of which the
rack's own q blanks must be some. So the draw holds ``q + j`` blanks, the j extra ones standing
for j of the rack's letters, and

    draws(rack, blanks) = sum over j of C(blanks, q + j) * e_j
    e_j = sum over d with 0 <= d_l <= a_l and sum(d) = j of  prod_l C(bag_l, a_l - d_l)

(``d_l``: how many l's the extra blanks stand for). Without blanks (``blanks=0``, the 98
letter tiles) this is the plain product ``prod_l C(bag_l, a_l)``; a letter wanted more often
than the bag holds it makes it 0, unless blanks make up for it.

``e_j`` is the coefficient of x**j in ``prod_l (sum_d C(bag_l, a_l - d) x**d)``, worked out
letter by letter, for one rack in Python integers or for a matrix of letter counts at once in
int64 (no draw of at most 15 tiles from a bag of 102 counts past C(102, 15), about 3.4e17).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from math import comb

import numpy as np

from ..alphabets import BAGS, letter_counts

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
BLANK = "?"
BAG_LETTERS: Mapping[str, int] = dict(zip(ALPHABET, (9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4,
                                                     2, 2, 1, 2, 1), strict=True))
BAG_BLANKS = 2
MAX_TILES = 15


def language_bag(language: str) -> tuple[Mapping[str, int], int]:
    """``language``'s bag as the probability order reads it: each letter's tiles, and the blanks."""
    if language == "en":
        return BAG_LETTERS, BAG_BLANKS
    return letter_counts(language), BAGS[language].blanks


def probability(rack: str, blanks: int = BAG_BLANKS, bag: Mapping[str, int] = BAG_LETTERS) -> int:
    """How many draws of ``len(rack)`` tiles from ``bag`` plus ``blanks`` blanks make ``rack``
    (letters, and ``?`` for a blank; see the module docstring). ``blanks=0``: the bag without
    its blanks; ``blanks=2``: the whole standard bag. A letter the rack lacks multiplies by 1,
    so only the rack's own letters are counted (a letter with no tile in ``bag`` counts 0)."""
    counts: dict[str, int] = {}
    for letter in rack.replace(BLANK, ""):
        counts[letter] = counts.get(letter, 0) + 1
    wanted = rack.count(BLANK)
    if wanted > blanks:
        return 0
    per_letter = ([comb(bag.get(letter, 0), count - d) if d <= count else 0 for d in range(blanks - wanted + 1)]
                  for letter, count in sorted(counts.items()))
    return _total(_coefficients(per_letter, 1, blanks - wanted), blanks, wanted)


def draws(counts: np.ndarray, blanks: int = BAG_BLANKS, bag: Mapping[str, int] = BAG_LETTERS,
          wanted: int = 0, letters: str = ALPHABET) -> np.ndarray:
    """``probability`` of many racks at once: ``counts`` is len(letters) x N (letter counts of
    N racks, a row per letter of ``letters``: a lexicon's alphabet), each rack holding
    ``wanted`` blanks beside; an int64 array of N counts."""
    size = counts.shape[1]
    if wanted > blanks:
        return np.zeros(size, dtype=np.int64)
    table = _binomials(tuple(bag.get(letter, 0) for letter in letters))
    spare = blanks - wanted
    per_letter = ([np.where(row >= d, table[letter, np.maximum(row.astype(np.intp) - d, 0)], 0)
                   for d in range(spare + 1)]
                  for letter, row in enumerate(counts))
    return _total(_coefficients(per_letter, np.ones(size, dtype=np.int64), spare), blanks, wanted)


def _coefficients(per_letter, one, degree: int) -> list:
    """The coefficients of x**0 .. x**degree of the product over letters of the polynomial
    ``sum_d factors[d] x**d`` (each letter's factors, Python integers or arrays alike)."""
    product = [one] + [one * 0] * degree
    for factors in per_letter:
        product = [sum(product[i] * factors[k - i] for i in range(k + 1)) for k in range(degree + 1)]
    return product


def _total(coefficients: Sequence, blanks: int, wanted: int):
    """Each number of extra blanks j, weighted by the ways to pick the draw's q + j blanks."""
    return sum(comb(blanks, wanted + j) * coefficient for j, coefficient in enumerate(coefficients))


@functools.cache
def _binomials(bag: tuple[int, ...]) -> np.ndarray:
    """C(bag[letter], k) for every letter and k = 0 .. MAX_TILES (0 past the letter's count)."""
    return np.array([[comb(held, k) for k in range(MAX_TILES + 1)] for held in bag], dtype=np.int64)

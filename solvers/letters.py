"""Letter codes: how the solvers index the letters of a word list's language.

Each letter of a language's play alphabet (``solvers.alphabets``) has a code, its place in
:func:`code_letters`: the alphabet in code-point order, so that a spelling's codes sort as its
word does (a-z are 0-25 in every language; German ä ö ü are 26-28; Spanish ñ is 26). The
padding after a word's last letter is the code ``len(letters)``. English's letters are a-z,
read by the quick ``ord(ch) - 97``; the defaults below are English's.
"""

from __future__ import annotations

import functools

import numpy as np

from .alphabets import LATIN, alphabet

__all__ = ["code_letters", "count_matrix", "letter_codes", "letter_counts", "letter_mask", "letter_masks",
           "letters_named", "letters_of_mask", "spelling_matrix", "word_codes"]


@functools.cache
def code_letters(language: str) -> str:
    """``language``'s letters in code order (code-point order): ``abc…z`` for English and French,
    ``abc…zäöü`` for German, ``abc…zñ`` for Spanish."""
    return "".join(sorted(alphabet(language)))


@functools.cache
def letter_codes(letters: str) -> dict[str, int]:
    """Each letter's code in ``letters`` (a :func:`code_letters` string)."""
    return {letter: code for code, letter in enumerate(letters)}


def letter_counts(word: str, letters: str = LATIN) -> list[int]:
    """How many of each letter of ``letters`` the word holds (a list as long as ``letters``)."""
    counts = [0] * len(letters)
    if letters == LATIN:
        for ch in word:
            counts[ord(ch) - 97] += 1
    else:
        codes = letter_codes(letters)
        for ch in word:
            counts[codes[ch]] += 1
    return counts


def letter_mask(word: str, letters: str = LATIN) -> int:
    """The mask of a string's letters: bit k for ``letters[k]``."""
    mask = 0
    if letters == LATIN:
        for ch in word:
            mask |= 1 << (ord(ch) - 97)
    else:
        codes = letter_codes(letters)
        for ch in word:
            mask |= 1 << codes[ch]
    return mask


def letters_of_mask(mask: int, letters: str = LATIN) -> str:
    """The letters whose bits ``mask`` sets, in code order."""
    return "".join(letter for k, letter in enumerate(letters) if mask >> k & 1)


def word_codes(text: str, letters: str = LATIN) -> np.ndarray:
    """The codes of ``text``'s letters (every one in ``letters``), as unsigned bytes."""
    if letters == LATIN:
        return np.frombuffer(text.encode("ascii"), dtype=np.uint8) - 97
    return np.frombuffer(text.translate(_to_code_chars(letters)).encode("latin-1"), dtype=np.uint8)


@functools.cache
def _to_code_chars(letters: str) -> dict[int, str]:
    return {ord(letter): chr(code) for code, letter in enumerate(letters)}


def spelling_matrix(words: list[str], lengths: np.ndarray, letters: str = LATIN) -> np.ndarray:
    """A len(words) x longest matrix of letter codes, padded with ``len(letters)`` after each word."""
    width = int(lengths.max()) if lengths.size else 0
    matrix = np.full((len(words), width), len(letters), dtype=np.uint8)
    if words:
        codes = word_codes("".join(words), letters)
        rows = np.repeat(np.arange(len(words)), lengths)
        starts = np.cumsum(lengths) - lengths
        matrix[rows, np.arange(codes.size) - np.repeat(starts, lengths)] = codes
    return matrix


def count_matrix(spellings: np.ndarray, lengths: np.ndarray, size: int) -> np.ndarray:
    """The ``size`` x N letter-count matrix of N spellings, one letter position at a time."""
    n = len(lengths)
    flat = np.zeros((size + 1) * n, dtype=np.uint8)  # the last row counts the padding, then is dropped
    word_index = np.arange(n)
    for column in range(spellings.shape[1]):
        flat[spellings[:, column].astype(np.intp) * n + word_index] += 1  # one word per index
    return flat.reshape(size + 1, n)[:size].copy()


def letter_masks(counts: np.ndarray) -> np.ndarray:
    """Each word's set of letters as a mask (bit k for letter code k), from its count matrix."""
    masks = np.zeros(counts.shape[1], dtype=np.int64)
    for letter in range(counts.shape[0]):
        masks |= (counts[letter] > 0).astype(np.int64) << letter
    return masks


def letters_named(letters: str = LATIN) -> str:
    """The letters for a message: ``A–Z``, or ``A–Z, Ä, Ö, Ü`` with a language's own letters."""
    extra = [letter.upper() for letter in letters if letter not in LATIN]
    return ", ".join(["A–Z", *extra])

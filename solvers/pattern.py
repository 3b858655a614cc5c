"""Pattern matching, as word players type it: ``c?t*``, ``*[aeiou][^s]``, ``?a*b*``.

The rule, for a pattern and a word: the word matches when it can be split into one piece per
pattern element, in order, where

- a letter matches itself; ``?`` any one letter; ``[abc]`` one of those letters and
  ``[^abc]`` any letter but those (case is ignored throughout);
- ``*`` matches any run of letters, possibly empty;

and, when asked, the word's length is within ``min_length..max_length`` and it holds every
letter of ``includes`` as often as written (``includes="ee"``: at least two e's).

The API, for the commands that call it::

    parse_pattern(text, *, min_length=None, max_length=None, includes="") -> Pattern
    match(lexicon, pattern, *, min_length=None, max_length=None, includes="",
          order="commonness", limit=10_000) -> PatternResult
    prepare(lexicon) -> None   # optional, at start-up: the first match on a list sorts it once

``match`` takes the pattern's text (then reads the other arguments too) or a parsed
:class:`Pattern`; input a player can fix raises :class:`PatternError` (a ``ValueError``) whose
message is one line saying what to fix. A pattern that matches nearly everything is no
error: ``PatternResult.count`` is the true number of matches and ``words`` holds at most
``limit`` of them, so a caller can say "showing 10,000 of 354,215". ``order`` is
``"commonness"`` (the lexicon's commonness, most common first, then A to Z) or
``"alphabet"`` (A to Z); ``PatternResult.by_length()`` groups the words shown by length.
Only the lexicon's words are searched: give ``lexicon.without_vulgar()`` where vulgar words
are not shown.

The search itself is ``solvers.pattern_scan`` (numpy over the lexicon's spelling matrix);
results are put in order by each word's rank in that order, computed once per lexicon.
"""

from __future__ import annotations

import weakref
from collections import Counter
from dataclasses import dataclass

import numpy as np

from solvers.wording import plural

from .alphabets import LATIN
from .letters import letter_codes, letters_named, letters_of_mask
from .lexicon import MAX_WORD_LENGTH, Lexicon
from .pattern_scan import any_letter, scan
from .screen import quoted
from .typed import bad_characters, plain_letters

MAX_PATTERN = 100
"""The longest pattern read, in characters."""
DEFAULT_LIMIT = 10_000
"""How many matching words a result holds at most by default (its count is always the full one)."""
ORDERS = ("commonness", "alphabet")
_SYNTAX = "?*[]^"
_HELP = "letters, ? for one letter, * for any run, [abc] for one of those letters, [^abc] for none of them"


class PatternError(ValueError):
    """A pattern, length or order that cannot be read; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """A parsed pattern.

    ``pieces``: the runs of single-letter elements between the stars, each a tuple of letter
    sets (masks, bit k for ``letters[k]``); one piece when there is no star, and an
    empty first or last piece when the pattern starts or ends with one.
    ``includes``: the letters a word must hold, sorted, repeated as often as required.
    ``alphabet``: the letters it was read in (a lexicon's, ``solvers.letters``; a-z in English).
    """

    text: str
    pieces: tuple[tuple[int, ...], ...]
    min_length: int = 1
    max_length: int = MAX_WORD_LENGTH
    includes: str = ""
    alphabet: str = LATIN

    @property
    def starred(self) -> bool:
        return len(self.pieces) > 1

    @property
    def letters(self) -> int:
        """How many letters the pattern's non-star elements stand for."""
        return sum(map(len, self.pieces))

    def lengths(self) -> range:
        """The word lengths that can match (possibly none)."""
        low = max(self.min_length, self.letters, len(self.includes))
        high = self.max_length if self.starred else min(self.letters, self.max_length)
        return range(low, high + 1)

    def regex(self) -> str:
        """The pattern as a regular expression for ``re.fullmatch`` on a lowercase word
        (lengths and ``includes`` apart): what a plain scan would compile."""
        return ".*".join("".join(_letter_class(mask, self.alphabet) for mask in piece) for piece in self.pieces)

    def required(self) -> np.ndarray:
        """The least count of each letter a matching word holds: the pattern's one-letter
        elements and ``includes``, whichever asks for more (an integer per letter)."""
        letters = self.alphabet
        counts = Counter(letters[m.bit_length() - 1] for piece in self.pieces for m in piece if m & (m - 1) == 0)
        counts |= Counter(self.includes)
        return np.array([counts[letter] for letter in letters], dtype=np.int32)


@dataclass(frozen=True, slots=True)
class PatternResult:
    """The words of a lexicon a pattern matches: ``count`` in all, the first ``limit`` of them
    in ``words`` (in ``order``), and how many matched at each length (``length_counts``,
    shortest first, over all ``count`` matches)."""

    pattern: Pattern
    order: str
    count: int
    words: tuple[str, ...]
    length_counts: tuple[tuple[int, int], ...]

    @property
    def capped(self) -> bool:
        """Whether some matches were left out of ``words``."""
        return len(self.words) < self.count

    def by_length(self) -> dict[int, tuple[str, ...]]:
        """The words shown, grouped by length (shortest first), each group in ``order``."""
        groups: dict[int, list[str]] = {}
        for word in self.words:
            groups.setdefault(len(word), []).append(word)
        return {length: tuple(groups[length]) for length in sorted(groups)}


def parse_pattern(text: str, *, min_length: int | None = None, max_length: int | None = None,
                  includes: str = "", letters: str = LATIN) -> Pattern:
    """Read a pattern and its options, in ``letters`` (a lexicon's alphabet: a-z in English);
    raises :class:`PatternError` saying what to fix."""
    cleaned = plain_letters(text or "")
    if not cleaned:
        raise PatternError(f"Type a pattern: {_HELP}.")
    if len(cleaned) > MAX_PATTERN:
        raise PatternError(f"A pattern is at most {plural(MAX_PATTERN, 'character')}; yours has {len(cleaned)}.")
    bad = bad_characters(cleaned, letters + _SYNTAX)
    if bad:
        hint = " (type ? for one letter, * for any run)" if any(ch in cleaned for ch in "._%+") else ""
        raise PatternError(f"A pattern holds {_HELP}; remove {bad}{hint}.")
    low, high = _length_range(min_length, max_length)
    return Pattern(cleaned, _pieces(cleaned, letters), low, high, _includes(includes, letters), letters)


def _pieces(text: str, letters: str) -> tuple[tuple[int, ...], ...]:
    """The pattern's pieces between stars (see :class:`Pattern`)."""
    codes, anything = letter_codes(letters), any_letter(letters)
    pieces: list[list[int]] = [[]]
    position = 0
    while position < len(text):
        ch = text[position]
        if ch == "*":
            if pieces[-1] or len(pieces) == 1:  # ** is *
                pieces.append([])
        elif ch == "[":
            mask, position = _bracket(text, position, letters)
            pieces[-1].append(mask)
        elif ch == "]":
            raise PatternError("The pattern has a ] with no [ before it; write letter choices as [abc].")
        elif ch == "^":
            raise PatternError("^ goes just after [, as in [^abc] (none of a, b, c).")
        else:
            pieces[-1].append(anything if ch == "?" else 1 << codes[ch])
        position += 1
    return tuple(map(tuple, pieces))


def _bracket(text: str, start: int, alphabet: str) -> tuple[int, int]:
    """The letter set of the ``[...]`` opening at ``start``, and the position of its ``]``."""
    end = text.find("]", start + 1)
    if end < 0:
        raise PatternError("The pattern has a [ with no ] after it; write letter choices as [abc].")
    inside = text[start + 1:end]
    negated = inside.startswith("^")
    letters = inside[1:] if negated else inside
    if not letters:
        raise PatternError(f"{quoted(text[start:end + 1], 'A [ ]')} holds no letters; put the letters in it, "
                           "as in [abc] or [^abc].")
    if bad := bad_characters(letters, alphabet):
        raise PatternError(f"Inside [ ] go letters only (after an optional ^ at the start); remove {bad}.")
    codes = letter_codes(alphabet)
    mask = 0
    for ch in letters:
        mask |= 1 << codes[ch]
    if negated:
        mask = any_letter(alphabet) & ~mask
        if not mask:
            raise PatternError(f"{quoted(text[start:end + 1], 'A [^ ]')} leaves out every letter, so nothing "
                               "matches; remove some letters.")
    return mask, end


def _length_range(min_length: int | None, max_length: int | None) -> tuple[int, int]:
    low = 1 if min_length is None else min_length
    high = MAX_WORD_LENGTH if max_length is None else max_length
    for name, value in (("minimum", low), ("maximum", high)):
        if not 1 <= value <= MAX_WORD_LENGTH:
            raise PatternError(f"The {name} length is 1 to {plural(MAX_WORD_LENGTH, 'letter')}; you gave {value}.")
    if low > high:
        raise PatternError(f"The minimum length ({low}) is more than the maximum ({high}); swap or change them.")
    return low, high


def _includes(text: str, alphabet: str) -> str:
    letters = plain_letters(text or "")
    if bad := bad_characters(letters, alphabet):
        raise PatternError(f"The letters to include are letters {letters_named(alphabet)} only; remove {bad}.")
    if len(letters) > MAX_WORD_LENGTH:
        raise PatternError(f"Give at most {plural(MAX_WORD_LENGTH, 'letter')} to include; you gave {len(letters)}.")
    return "".join(sorted(letters))


def _letter_class(mask: int, alphabet: str) -> str:
    if mask == any_letter(alphabet):
        return "."
    letters = letters_of_mask(mask, alphabet)
    return letters if len(letters) == 1 else f"[{letters}]"


def match(lexicon: Lexicon, pattern: str | Pattern, *, min_length: int | None = None,
          max_length: int | None = None, includes: str = "", order: str = "commonness",
          limit: int | None = DEFAULT_LIMIT) -> PatternResult:
    """The words of ``lexicon`` that ``pattern`` matches (see the module docstring).

    ``pattern`` is a pattern's text (then ``min_length``, ``max_length`` and ``includes`` are
    read too) or a parsed :class:`Pattern`. ``limit=None`` keeps every match.
    Raises :class:`PatternError` (a ``ValueError``) for input a player can fix.
    """
    if order not in ORDERS:
        raise PatternError("Order is 'commonness' (most common first) or 'alphabet' (A to Z), "
                           f"not {str(order)[:20]!r}.")
    if isinstance(pattern, Pattern):  # read again in the lexicon's letters when it was read in others
        parsed = pattern if pattern.alphabet == lexicon.alphabet else parse_pattern(
            pattern.text, min_length=pattern.min_length, max_length=pattern.max_length, includes=pattern.includes,
            letters=lexicon.alphabet)
    else:
        parsed = parse_pattern(pattern, min_length=min_length, max_length=max_length, includes=includes,
                               letters=lexicon.alphabet)
    index = matching_indexes(lexicon, parsed)
    shown = _ordered(lexicon, index, order, limit)
    lengths = np.bincount(lexicon.lengths[index], minlength=1)
    words = tuple(map(lexicon.words.__getitem__, shown.tolist()))
    return PatternResult(parsed, order, int(index.size), words,
                         tuple((n, int(lengths[n])) for n in np.flatnonzero(lengths).tolist()))


def matching_indexes(lexicon: Lexicon, pattern: Pattern) -> np.ndarray:
    """The lexicon indexes of the words ``pattern`` matches, in lexicon order."""
    return scan(lexicon, pattern.pieces, pattern.lengths(), pattern.required())


def _ordered(lexicon: Lexicon, index: np.ndarray, order: str, limit: int | None) -> np.ndarray:
    """The first ``limit`` of ``index`` in ``order``, sorting only those."""
    rank = _ranks(lexicon)[order][index]
    if limit is not None and index.size > limit:
        if limit <= 0:
            return index[:0]
        keep = np.argpartition(rank, limit - 1)[:limit]
        return index[keep[np.argsort(rank[keep])]]
    return index[np.argsort(rank)]


_RANKS: weakref.WeakKeyDictionary[Lexicon, dict[str, np.ndarray]] = weakref.WeakKeyDictionary()


def prepare(lexicon: Lexicon) -> None:
    """Work out the lexicon's two orders now (once per lexicon and process; about 0.1 s for
    ``full``), so that the first :func:`match` on it is as quick as the rest."""
    _ranks(lexicon)


def _ranks(lexicon: Lexicon) -> dict[str, np.ndarray]:
    """Each word's place in each order (a permutation per order), made once per lexicon."""
    ranks = _RANKS.get(lexicon)
    if ranks is None:
        alphabet = _inverse(np.array(sorted(range(len(lexicon)), key=lexicon.words.__getitem__), dtype=np.intp))
        commonness = _inverse(np.lexsort((alphabet, -lexicon.zipf)))
        ranks = _RANKS[lexicon] = {"alphabet": alphabet, "commonness": commonness}
    return ranks


def _inverse(permutation: np.ndarray) -> np.ndarray:
    inverse = np.empty_like(permutation)
    inverse[permutation] = np.arange(permutation.size)
    return inverse

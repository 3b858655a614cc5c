"""A Letter Boxed box: its sides, parsing, and the words of a list that can be played on it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..alphabets import LATIN
from ..letters import letter_codes, letter_mask, letters_named
from ..lexicon import Lexicon
from ..screen import quoted
from ..typed import bad_characters, plain_letters

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


def parse_box(text: str | Sequence[str], letters: str = LATIN) -> Box:
    """Read ``TJO FEB CUY HIL``, ``tjo-feb-cuy-hil``, ``tjo,feb,cuy,hil`` or a sequence of sides,
    in ``letters`` (a list's alphabet: a-z in English)."""
    raw = str(text)[:200] if isinstance(text, str) else " ".join(map(str, text))[:200]
    sides = tuple(side for side in _SEPARATORS.split(plain_letters(raw, keep_spaces=True).strip()) if side)
    example = "e.g. TJO FEB CUY HIL"
    if not MIN_SIDES <= len(sides) <= MAX_SIDES:
        raise BoxError(f"A box has {MIN_SIDES} to {MAX_SIDES} sides separated by spaces, {example}; "
                       f"yours has {len(sides)}.")
    bad = bad_characters("".join(sides), letters)
    if bad:
        raise BoxError(f"A box holds only the letters {letters_named(letters)}; remove {bad}.")
    for side in sides:
        if not MIN_PER_SIDE <= len(side) <= MAX_PER_SIDE:
            raise BoxError(f"Each side holds {MIN_PER_SIDE} to {MAX_PER_SIDE} letters; "
                           f"{quoted(side.upper(), 'one side')} has {len(side)}.")
    letters = "".join(sides)
    repeated = sorted({ch for ch in letters if letters.count(ch) > 1})
    if repeated:
        raise BoxError(f"Every letter of a box is different; {', '.join(ch.upper() for ch in repeated)} "
                       f"{'is' if len(repeated) == 1 else 'are'} there twice.")
    return Box(sides)


def _side_table(box: Box, letters: str) -> np.ndarray:
    """Letter code (of ``letters``, and ``len(letters)`` for padding) -> side number; letters off
    the box and padding get -1."""
    table = np.full(len(letters) + 1, -1, dtype=np.int8)
    codes = letter_codes(letters)
    for number, side in enumerate(box.sides):
        for ch in side:
            table[codes[ch]] = number
    return table


def playable(lexicon: Lexicon, box: Box) -> np.ndarray:
    """The lexicon indexes (ascending) of the words that can be played on the box."""
    box_mask = letter_mask(box.letters, lexicon.alphabet)
    index = np.flatnonzero(((lexicon.masks & ~box_mask) == 0) & (lexicon.lengths >= MIN_WORD))
    if index.size == 0:
        return index
    width = int(lexicon.lengths[index].max())
    sides = _side_table(box, lexicon.alphabet)[lexicon.spellings[index, :width]]
    same = (sides[:, :-1] == sides[:, 1:]) & (sides[:, 1:] >= 0)
    return index[~same.any(axis=1)]

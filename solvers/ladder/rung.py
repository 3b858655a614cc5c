"""A rung judged: a word of the list, the previous rung with exactly one letter changed, and not
already on the ladder. The first rule broken is the verdict, in that order, so a reply can say
which: a word not in the list is that (whatever its length), then a word of another length, then
a repeat (the previous word itself among them), then a word that changes more than one letter."""

from __future__ import annotations

import enum
from collections.abc import Container, Sequence
from dataclasses import dataclass


class Verdict(enum.Enum):
    OK = "ok"
    NOT_A_WORD = "not a word"
    WRONG_LENGTH = "wrong length"
    REPEATED = "repeated"
    NOT_ONE_LETTER = "not one letter"


@dataclass(frozen=True, slots=True)
class Rung:
    """A rung's verdict; for an accepted one, the position (from 0) of the letter it changed."""

    word: str
    verdict: Verdict
    changed: int | None = None  # OK: the position changed; NOT_ONE_LETTER: how many letters changed

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.OK


def changed_positions(before: str, after: str) -> list[int]:
    """The positions where two words of the same length differ."""
    return [k for k, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]


def check_rung(words: Container[str], ladder: Sequence[str], word: str) -> Rung:
    """``word`` as the next rung of ``ladder`` (the start first, then the rungs so far), judged
    against the list ``words``."""
    if word not in words:
        return Rung(word, Verdict.NOT_A_WORD)
    previous = ladder[-1]
    if len(word) != len(previous):
        return Rung(word, Verdict.WRONG_LENGTH)
    if word in ladder:
        return Rung(word, Verdict.REPEATED)
    changed = changed_positions(previous, word)
    if len(changed) != 1:
        return Rung(word, Verdict.NOT_ONE_LETTER, len(changed))
    return Rung(word, Verdict.OK, changed[0])

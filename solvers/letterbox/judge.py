"""Judging a player's words on a box, saying what is wrong."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.wording import plural

from ..letters import letters_named
from ..lexicon import Lexicon
from ..typed import bad_characters, plain_letters
from .box import MIN_WORD, Box


@dataclass(frozen=True, slots=True)
class Verdict:
    word: str
    ok: bool
    reason: str = ""  # what is wrong, for a refused word
    neutral: str = ""  # the same, naming the word "That word" (for a word that may not be written back)
    rule: str = ""  # the rule it breaks: one of RULES ("" when accepted)


RULES = ("letters", "short", "off box", "start", "same side", "unknown")
"""The rules a word may break, in the order they are checked: letters A–Z only, at least
``MIN_WORD`` letters, every letter on the box, starting with the last letter of the word
before, no two neighbours from one side (a letter cannot follow itself), in the word list."""


def _refused(word: str, rule: str, why: str) -> Verdict:
    """A refused word; ``why`` names it ``{}``."""
    return Verdict(word, False, why.format(word.upper()), why.format("That word"), rule)


def check_word(lexicon: Lexicon, box: Box, word: str, previous: str | None = None) -> Verdict:
    """Judge one word played after ``previous`` (None for the first word of a chain)."""
    word = plain_letters(word)
    bad = bad_characters(word, lexicon.alphabet)
    if bad:
        # single characters: no word to hide
        said = f"Words are letters {letters_named(lexicon.alphabet)} only; remove {bad}."
        return Verdict(word, False, said, said, "letters")
    if len(word) < MIN_WORD:
        return _refused(word, "short", f"{{}} is too short: words have at least {plural(MIN_WORD, 'letter')}.")
    stray = next((ch for ch in word if ch not in box.letters), None)
    if stray is not None:
        return _refused(word, "off box", f"{stray.upper()} is not on the box.")
    if previous and word[0] != previous[-1]:
        return _refused(word, "start", f"{{}} must start with {previous[-1].upper()}, the last letter "
                                       f"of {previous.upper()}.")
    for a, b in zip(word, word[1:], strict=False):
        if a == b:
            return _refused(word, "same side", f"{a.upper()} cannot follow itself: the next letter must "
                                               "come from another side.")
        if box.side_of(a) == box.side_of(b):
            return _refused(word, "same side", f"{a.upper()} and {b.upper()} are on the same side: "
                                               "they cannot be neighbours.")
    if word not in lexicon:
        return _refused(word, "unknown", "{} is not in the word list.")
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

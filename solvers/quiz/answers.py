"""Checking typed answers: which question of a set a typed word answers, by one dict lookup.

A typed word is folded as the bot reads typed words (``solvers.typed.plain_letters``: NFKC,
so full-width letters and ligatures read as a-z; invisible characters and spaces dropped;
lower case), then its accents stripped (``Café`` reads as ``cafe``); in another language it is
read in that language's letters (``solvers.alphabets.fold``: French ``élève`` is ``eleve``, German
``spät`` keeps its ä, which ``spat`` is not). A word answers every
question whose answers hold it: one in a set of alphagrams (a word has one alphagram), maybe
several among racks with a blank (two racks can share a word). The game decides who gets it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..alphabets import fold as fold_in
from ..typed import plain_letters
from .sets import Question

MAX_TYPED = 200
"""Characters of a typed word looked at: far past the longest answer (15 letters) even with
invisible characters between its letters."""


def fold(typed: str, language: str = "en") -> str:
    """``typed`` as answers are compared: plain lowercase letters, accents stripped; in another
    ``language``, its played form ("" when it is no word of the language)."""
    text = plain_letters(typed[:MAX_TYPED])
    if language != "en":
        return fold_in(text, language) or ""
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


@dataclass(frozen=True, slots=True)
class AnswerKey:
    """A set's questions and, for each answer word, the indexes of the questions it answers."""

    questions: tuple[Question, ...]
    where: Mapping[str, tuple[int, ...]]

    def find(self, typed: str) -> tuple[int, ...]:
        """The indexes (into ``questions``) of the questions ``typed`` answers; () for none."""
        return self.where.get(fold(typed), ())

    @property
    def total(self) -> int:
        """How many answers the set holds (a word answering two racks counts twice)."""
        return sum(len(q.answers) for q in self.questions)


def answer_key(questions: Iterable[Question]) -> AnswerKey:
    """The answer key of ``questions`` (in their order)."""
    asked = tuple(questions)
    where: dict[str, tuple[int, ...]] = {}
    for index, asked_question in enumerate(asked):
        for word in asked_question.answers:
            where[word] = where.get(word, ()) + (index,)
    return AnswerKey(asked, where)

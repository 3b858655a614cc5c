"""Card kinds and answers: an *alphagram* card (a sorted rack; answered with every word of the
list it makes) and a *word* card (a word the player missed in the bee; its prompt the hive, the
centre letter first). No card holds a flagged or offensive word: an alphagram is made only when
none of its words is flagged (``clean_only``), a word only when it is clean.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.chat.words import guess_word, typed_words as read
from bot.study.model import ALPHAGRAM, WORD
from solvers.lexicon import Lexicon
from solvers.quiz.sets import alphagram, rack_answers, shown_words
from solvers.quiz.table import CLEAN
from solvers.screen import may_repeat

MAX_TYPED_WORDS = 100
_WORD = re.compile(r"[a-z]{1,40}")


@dataclass(frozen=True, slots=True)
class NewCard:
    kind: str
    lexicon: str
    key: str  # the alphagram, or the word
    prompt: str
    answers: tuple[str, ...]
    source: str  # 'miss', 'set', 'bee', 'import'


def alphagram_card(lexicon: Lexicon, rack: str, source: str) -> NewCard | None:
    """The card of ``rack``'s alphagram, or None: not letters, no word, or a flagged word."""
    letters = rack.strip().lower()
    if not 2 <= len(letters) <= 15 or not all(letter in lexicon.alphabet for letter in letters):
        return None  # the list's own letters only: German's ä, Spanish ñ
    letters = alphagram(letters)
    rows, kinds = rack_answers(lexicon, letters)  # as the quiz's clean_only sets take them
    if not rows.size or (kinds != CLEAN).any():
        return None
    answers = shown_words(lexicon, rows, kinds, show_flagged=False)
    if not answers or not may_repeat(letters, show_flagged=False):
        return None
    return NewCard(ALPHAGRAM, lexicon.name, letters, letters, answers, source)


def word_card(lexicon: Lexicon, word: str, letters: str, center: str, source: str) -> NewCard | None:
    """The card of ``word`` from the hive ``letters`` (centre ``center``), or None when the word
    is not a clean word of the list."""
    word = word.strip().lower()
    if word not in lexicon or lexicon.is_vulgar(word) or not may_repeat(word, show_flagged=False):
        return None
    hive = center + "".join(sorted(letters.replace(center, "", 1)))
    return NewCard(WORD, lexicon.name, word, hive, (word,), source)


def typed_words(typed: str, language: str = "en") -> tuple[str, ...]:
    """The words of an answer (``bot.chat.words.typed_words``), each once, in the order typed, at
    most 100; a token with anything but letters in it is not a word."""
    pieces = read(typed, MAX_TYPED_WORDS, unique=True).words
    if language != "en":  # read in the card's language, with or without accents (bot.chat.words.guess_word)
        return tuple(dict.fromkeys(word for piece in pieces if (word := guess_word(piece, language))))
    return tuple(word for word in pieces if _WORD.fullmatch(word))


def check(answers: tuple[str, ...], typed: str,
          language: str = "en") -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(right, missed, extra): the answers typed and not typed (alphabetical), and the typed
    words that are not answers (in the order typed); typed words read in the card's ``language``."""
    words = typed_words(typed, language)
    given = set(words)
    right = tuple(a for a in answers if a in given)
    missed = tuple(a for a in answers if a not in given)
    wanted = set(answers)
    extra = tuple(w for w in words if w not in wanted)
    return right, missed, extra


def line_card(lexicon: Lexicon, line: str, source: str,
              made: dict[str, NewCard | None] | None = None) -> NewCard | None:
    """An import line: an alphagram or a word (letters a-z only) becomes its alphagram's card
    (``made``: the cards of the alphagrams seen so far, so a line repeated costs nothing)."""
    text = line.strip()
    if not (text.isascii() and text.isalpha() and 2 <= len(text) <= 15):
        return None
    letters = alphagram(text.lower())
    if made is None:
        return alphagram_card(lexicon, letters, source)
    if letters not in made:
        made[letters] = alphagram_card(lexicon, letters, source)
    return made[letters]

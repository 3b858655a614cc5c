"""The one reader of typed words, at every front door: each word is read as
``solvers.typed.plain_letters`` reads it (full-width letters as A-Z, invisible characters
dropped, lower case) and cut to ``MAX_WORD_CHARS``; nothing behind the front door reads them
again. A command's or a form's text (``typed_words``) is split at spaces, commas, semicolons,
slashes and the marks a chain is typed with (``-``, ``>``, ``→``). A chat message, where a
guess must be told from talk, is read by two stricter rules:

- a message that mentions the bot is read as guesses: every word in it (a run of letters between
  spaces or commas, punctuation around it dropped), leaving out mentions, channel links, custom
  emoji, timestamps and links; the first ``MAX_WORDS`` count;
- a plain message is a guess only when it is 1 to ``MAX_WORDS`` words separated by spaces,
  commas or new lines (punctuation around a word dropped: ``alleviate, avail!``), and one of
  them is an answer of the day (a place that knows its answers), or each is made only of the
  place's letters (one that does not); anything else is chat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from solvers.alphabets import fold
from solvers.typed import MAX_WORDS, plain_letters

MAX_CHARS = 4000  # a message is never longer (Discord's limit with Nitro)
MAX_WORD_CHARS = 40
"""A typed word is cut to this many letters (no answer of any game is longer)."""
MAX_TYPED_CHARS = 8000
"""The most of a command's or a form's text that is read at all (Discord's own limits are below it)."""
_TYPED_SEPARATORS = re.compile(r"[\s,;/>→\-–—]+")
# What Discord writes into a message for things that are not words: <@id> <@!id> <@&role> <#channel>
# </command:id> <:emoji:id> <a:emoji:id> <t:123:R>, @everyone and @here, and links.
_NOT_WORDS = re.compile(r"<(?:@[!&]?\d+|#\d+|/[^<>:]+:\d+|a?:\w+:\d+|t:-?\d+(?::\w)?)>|@(?:everyone|here)\b"
                        r"|<?\b[a-z][a-z0-9+.-]*://\S*|\bwww\.\S+", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")
_WORD = re.compile(r"[a-z]+")
_AROUND = ".!?;:\"'()[]{}…“”‘’*_~`|"  # punctuation and markdown a word may be wrapped in


@dataclass(frozen=True, slots=True)
class Guesses:
    """The words read from a message (each once, in order) and whether more were left out."""

    words: tuple[str, ...]
    more: bool = False


@dataclass(frozen=True, slots=True)
class Words:
    """A command's or a form's words as read: at most the limit; ``unread`` counts those after it."""

    words: tuple[str, ...]
    unread: int = 0


def played_word(word: str, language: str) -> str:
    """A word read from what was typed (``typed_words``) as a language's lists play it: English's
    in lower case; another language's folded (``solvers.alphabets.fold``: *mâts* and *mats*
    alike, ``guess_word``), or in lower case when it is no word of the language (its refusal names it)."""
    return word.lower() if language == "en" else guess_word(word, language) or word.lower()


def typed_words(typed: str | Sequence[str], limit: int = MAX_WORDS, *, unique: bool = False) -> Words:
    """The words of a command's or a form's text (or words split already, read the same way):
    each read as ``plain_letters`` reads it, punctuation around it dropped (``avail!``), cut to
    ``MAX_WORD_CHARS``; ``unique``: each once."""
    if isinstance(typed, str):
        typed = _TYPED_SEPARATORS.split(plain_letters(typed[:MAX_TYPED_CHARS], keep_spaces=True))
    words = [word for word in (plain_letters(piece).strip(_AROUND)[:MAX_WORD_CHARS] for piece in typed) if word]
    if unique:
        words = list(dict.fromkeys(words))
    return Words(tuple(words[:limit]), max(0, len(words) - limit))


def _pieces(text: str) -> list[str]:
    return [piece for piece in _SEPARATORS.split(plain_letters(text[:MAX_CHARS], keep_spaces=True)) if piece]


def guess_word(piece: str, language: str = "en") -> str | None:
    """A piece of a message as a guess in ``language``, or None when it is no word: English's
    plain letters a-z; another language's read in its letters, with or without accents
    (``solvers.alphabets.fold``: ``élève`` is ``eleve``, German ``spät`` keeps its ä)."""
    if language == "en":
        return piece if _WORD.fullmatch(piece) else None
    return fold(piece, language)


def mentioned_guesses(content: str, language: str = "en") -> Guesses:
    """The guesses of a message that mentions the bot (the mention itself is not a word), in
    ``language`` (``guess_word``)."""
    words = [word for piece in _pieces(_NOT_WORDS.sub(" ", content))
             if (word := guess_word(piece.strip(_AROUND), language))]
    unique = tuple(dict.fromkeys(words))
    return Guesses(unique[:MAX_WORDS], len(unique) > MAX_WORDS)


def plain_guesses(content: str, letters: str, commands: frozenset[str] = frozenset(),
                  answers: frozenset[str] | None = None, language: str = "en") -> Guesses | None:
    """The guesses of a plain message, or None when it is chat: not 1 to ``MAX_WORDS`` words, a
    token that is not a word (a digit, an emoji, a link), or, with ``answers``, no answer among
    its words (``avidx avid`` counts, ``lol nice`` is chat), without, a word with anything but
    ``letters`` in it. A message that is one of the place's ``commands`` alone (``undo``) is read too.
    Words are read in ``language`` (``guess_word``)."""
    pieces = [word for piece in _pieces(content) if (word := piece.strip(_AROUND))]
    if len(pieces) == 1 and pieces[0] in commands:
        return Guesses((pieces[0],))
    read = [guess_word(p, language) for p in pieces]
    if not 1 <= len(pieces) <= MAX_WORDS or not all(read):
        return None
    pieces = [word for word in read if word]
    if answers is not None:
        if not any(p in answers for p in pieces):
            return None
    elif not all(set(p) <= set(letters.lower()) for p in pieces):
        return None
    return Guesses(tuple(dict.fromkeys(pieces)))

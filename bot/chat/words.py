"""The words of a typed message, read the way the game commands read typed words
(``solvers.typed.plain_letters``: full-width letters as A-Z, invisible characters dropped, lower
case). Two rules:

- a message that mentions the bot is read as guesses: every word in it (a run of letters between
  spaces or commas, punctuation around it dropped), leaving out mentions, channel links, custom
  emoji, timestamps and links; the first ``MAX_WORDS`` count;
- a plain message is a guess only when it is 1 to ``MAX_WORDS`` words separated by spaces,
  commas or new lines, each made only of the place's letters; anything else is chat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solvers.typed import MAX_WORDS, plain_letters

MAX_CHARS = 4000  # a message is never longer (Discord's limit with Nitro)
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


def _pieces(text: str) -> list[str]:
    return [piece for piece in _SEPARATORS.split(plain_letters(text[:MAX_CHARS], keep_spaces=True)) if piece]


def mentioned_guesses(content: str) -> Guesses:
    """The guesses of a message that mentions the bot (the mention itself is not a word)."""
    words = [word for piece in _pieces(_NOT_WORDS.sub(" ", content))
             if _WORD.fullmatch(word := piece.strip(_AROUND))]
    unique = tuple(dict.fromkeys(words))
    return Guesses(unique[:MAX_WORDS], len(unique) > MAX_WORDS)


def plain_guesses(content: str, letters: str, commands: frozenset[str] = frozenset()) -> Guesses | None:
    """The guesses of a plain message, or None when it is chat: not 1 to ``MAX_WORDS`` words, or a
    word with anything but ``letters`` in it (punctuation, a digit, an emoji, a link). A message
    that is one of the place's ``commands`` alone (``undo``) is read too."""
    pieces = _pieces(content)
    if len(pieces) == 1 and pieces[0] in commands:
        return Guesses((pieces[0],))
    allowed = set(letters.lower())
    if not 1 <= len(pieces) <= MAX_WORDS or not all(_WORD.fullmatch(p) and set(p) <= allowed for p in pieces):
        return None
    return Guesses(tuple(dict.fromkeys(pieces)))

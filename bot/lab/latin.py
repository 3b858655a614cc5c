"""The puzzle lab's solvers that index the 26 letters a-z (``fivewords``, ``tileset``: letter
sets as 26-bit masks) take English and French, and refuse another language in one line: the
terminal's ``--language de`` and Discord's ``language:`` by the same rule and words
(``latin_refusal``), each front door naming its own option."""

from __future__ import annotations

from solvers.alphabets import ALPHABETS, LATIN
from solvers.list_names import language_of
from solvers.word_file import LexiconError

DISCORD_OPTION = "language:"


def latin_refusal(language: str, what: str, option: str = "--language ") -> str | None:
    """One line saying why ``what`` cannot be done in ``language`` (its letters go past a-z),
    naming the front door's ``option`` (``--language `` or ``language:``); None when it can."""
    extra = "".join(letter for letter in ALPHABETS[language] if letter not in LATIN)
    if not extra:
        return None
    return (f"{what.capitalize()} works on the 26 letters A-Z for now (English and French); "
            f"{option}{language} has {', '.join(extra.upper())} besides.")


def latin_list_refusal(list_name: str, what: str) -> str | None:
    """Discord's refusal (``latin_refusal``) of a list by its name (``de/full``)."""
    return latin_refusal(language_of(list_name), what, DISCORD_OPTION)


def latin_only(language: str, what: str) -> None:
    """Raise :class:`LexiconError`, one line saying why, when ``language`` has letters past a-z."""
    if (refusal := latin_refusal(language, what)) is not None:
        raise LexiconError(refusal)

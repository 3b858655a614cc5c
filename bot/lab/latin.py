"""The puzzle lab's solvers that index the 26 letters a-z (``fivewords``, ``tileset``: letter
sets as 26-bit masks) take English and French, and refuse another language in one line."""

from __future__ import annotations

from solvers.alphabets import ALPHABETS, LATIN
from solvers.lexicon import LexiconError


def latin_only(language: str, what: str) -> None:
    """Raise :class:`LexiconError`, one line saying why, when ``language`` has letters past a-z."""
    extra = "".join(letter for letter in ALPHABETS[language] if letter not in LATIN)
    if extra:
        raise LexiconError(f"{what.capitalize()} works on the 26 letters A-Z for now (English and French); "
                           f"--language {language} has {', '.join(extra.upper())} besides.")

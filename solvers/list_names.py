"""The bundled word lists by name: English's ``full``, ``common`` and ``huge``, and each other
language's ``common`` and ``full`` (``fr/full``), and a list's language read from its name. A
server's own list in another language goes by its name after the language's (``fr/club``: its
list ``club``, uploaded in French); in English, by its name alone. Pure names, no loading
(:mod:`solvers.lexicon` loads them)."""

from __future__ import annotations

BUNDLED = ("full", "common", "huge")
"""Bundled lexicons: ``full`` (SCOWL levels <= 80), ``common`` (<= 50) and ``huge`` (<= 95),
slurs and non-words removed, each word with its commonness, SCOWL level and flag (vulgar or
offensive in a common sense; solvers/data/README.md)."""

LANGUAGE_NAMES = {"fr": "French", "de": "German", "es": "Spanish"}
ALL_NAMES = {"en": "English", **LANGUAGE_NAMES}
"""Every language's name, English's too, as the bot's messages say it."""
LANGUAGE_LISTS = ("common", "full")
"""The lists each other bundled language has (solvers/data/<lang>/; English has ``huge`` too)."""


LANGUAGE_BUNDLED = tuple(f"{language}/{tier}" for language in LANGUAGE_NAMES for tier in LANGUAGE_LISTS)
"""The other languages' bundled lists by name (``fr/full``): ``Lexicon.load`` takes them as it takes ``full``."""


def is_bundled(name: str) -> bool:
    """Whether ``name`` is a bundled list's (``full``, ``fr/common``...), the same in every server."""
    return name in BUNDLED or name in LANGUAGE_BUNDLED


def language_of(name: str) -> str:
    """The language of a list by its name: ``fr`` for ``fr/full`` and ``fr/club``, ``en`` for any other."""
    return split_name(name)[0]


def split_name(name: str) -> tuple[str, str]:
    """A list's language and its name within it: ``("fr", "club")`` for ``fr/club``, ``("en",
    "club")`` for ``club``."""
    head, _, rest = name.partition("/")
    return (head, rest) if rest and head in LANGUAGE_NAMES else ("en", name)


def name_in(language: str, name: str) -> str:
    """The name a list goes by in ``language``: ``fr/club`` for French, ``club`` for English."""
    return name if language == "en" else f"{language}/{name}"


def language_name(language: str) -> str:
    """``French`` for ``fr``; ``English`` for ``en`` (and any code that is no language of the lists)."""
    return ALL_NAMES.get(language, "English")

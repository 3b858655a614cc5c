"""The bundled word lists by name: English's ``full``, ``common`` and ``huge``, and each other
language's ``common`` and ``full`` (``fr/full``), and a list's language read from its name. Pure
names, no loading (:mod:`solvers.lexicon` loads them)."""

from __future__ import annotations

BUNDLED = ("full", "common", "huge")
"""Bundled lexicons: ``full`` (SCOWL levels <= 80), ``common`` (<= 50) and ``huge`` (<= 95),
slurs and non-words removed, each word with its commonness, SCOWL level and flag (vulgar or
offensive in a common sense; solvers/data/README.md)."""

LANGUAGE_NAMES = {"fr": "French", "de": "German", "es": "Spanish"}
LANGUAGE_LISTS = ("common", "full")
"""The lists each other bundled language has (solvers/data/<lang>/; English has ``huge`` too)."""


LANGUAGE_BUNDLED = tuple(f"{language}/{tier}" for language in LANGUAGE_NAMES for tier in LANGUAGE_LISTS)
"""The other languages' bundled lists by name (``fr/full``): ``Lexicon.load`` takes them as it takes ``full``."""


def is_bundled(name: str) -> bool:
    """Whether ``name`` is a bundled list's (``full``, ``fr/common``...), the same in every server."""
    return name in BUNDLED or name in LANGUAGE_BUNDLED


def language_of(name: str) -> str:
    """The language of a list by its name: ``fr`` for ``fr/full``, ``en`` for any other."""
    head, _, rest = name.partition("/")
    return head if rest in LANGUAGE_LISTS and head in LANGUAGE_NAMES else "en"

"""Counts in words, for every message the project writes: the solvers' own refusals and, through
``bot.text`` (which re-exports these), every message of both front doors. One helper, so that
"1 word" and "2 words" are right everywhere (tests/plurals.py checks the messages)."""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """``1 word``, ``2 words``, ``1,234 words``; ``plural_noun`` for irregular plurals
    (``plural(2, 'box', 'boxes')``, ``plural(3, 'day played', 'days played')``)."""
    return f"{count:,} {counted(count, noun, plural_noun)}"


def counted(count: int, noun: str, plural_noun: str | None = None) -> str:
    """The noun alone, agreeing with ``count`` (for a count written apart: a bold number, a
    picture's tile): ``day`` for 1, ``days`` for 0 or 2."""
    return noun if count == 1 else plural_noun or noun + "s"


def either(items: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: choices as a sentence names them."""
    listed = list(items)
    return " or ".join(filter(None, (", ".join(listed[:-1]), listed[-1]))) if listed else ""

"""The five-words puzzle's words, shared by /fivewords and ``wordbot fivewords`` (no Discord here)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.text import plural
from solvers.fivewords import FiveWords, WordSet


def shape(words: int, letters: int) -> str:
    """``5 words × 5 letters``"""
    return f"{plural(words, 'word')} × {plural(letters, 'letter')}"


def asked(lexicon: str, words: int, letters: int, include: Iterable[str], exclude: str) -> str:
    """``5 words × 5 letters · huge · with fjord · without q``"""
    parts = [shape(words, letters), lexicon]
    include = list(include)
    if include:
        parts.append("with " + ", ".join(include))
    if exclude:
        parts.append("without " + ", ".join(exclude))
    return " · ".join(parts)


def counts(result: FiveWords) -> str:
    """``538 sets · 831 with anagrams``, or ``at least 1,000 sets · ...`` for a search that stopped."""
    least = "" if result.complete else "at least "
    return f"{least}{plural(result.count, 'set')} · {least}{result.count_with_anagrams:,} with anagrams"


def set_line(word_set: WordSet) -> str:
    """``fjord gucks nymph vibex waltz``; a group of anagrams as ``angst/gnats/tangs``."""
    return " ".join("/".join(group) for group in word_set.groups)


def missing_heading(missing: str) -> str:
    letters = ", ".join(ch.upper() for ch in missing) or "nothing"
    return f"without {letters}"


def by_missing(sets: Iterable[WordSet]) -> Iterator[tuple[str, list[WordSet]]]:
    """The sets (sorted by their missing letters, as results are) in runs of the same missing letters."""
    run: list[WordSet] = []
    for word_set in sets:
        if run and word_set.missing != run[0].missing:
            yield run[0].missing, run
            run = []
        run.append(word_set)
    if run:
        yield run[0].missing, run


def unlisted(result: FiveWords) -> int:
    """How many of the sets counted are not listed (a capped listing)."""
    return result.count - len(result.sets)


def progress(done: int, total: int, found: int, elapsed: float) -> str:
    """``Searching… 42% · 123 sets so far · 3 s``"""
    share = f"{done / total:.0%}" if total else "0%"
    return f"Searching… {share} of the first words · {plural(found, 'set')} so far · {elapsed:.0f} s"

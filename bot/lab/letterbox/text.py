"""Words of /letterboxed and ``wordbot letterboxed`` (no discord import)."""

from __future__ import annotations

from bot.text import plural
from solvers.letterbox import Solution, Solved


def counts_line(solved: Solved) -> str:
    """``351 playable words · fewest 2 words · 1 two-word and 129 three-word solutions``."""
    fewest = f"fewest {plural(solved.fewest_words, 'word')}" if solved.fewest_words else "no solution within 6 words"
    return (f"{plural(solved.playable, 'playable word')} · {fewest} · {solved.two_word_count:,} two-word and "
            f"{solved.three_word_count:,} three-word solutions")


def chain(solution: Solution) -> str:
    """``OBJECTIFY → YOUTHFUL``."""
    return " → ".join(word.upper() for word in solution.words)


def shape_hint(solution: Solution) -> str:
    """The first letters and lengths of a chain, giving nothing else away: ``O········ → Y·······``."""
    return " → ".join(word[0].upper() + "·" * (len(word) - 1) for word in solution.words)

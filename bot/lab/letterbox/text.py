"""Words of /letterboxed and ``wordbot letterboxed`` (no discord import)."""

from __future__ import annotations

from collections.abc import Callable

from bot.pictures.box_words import chain_alt
from bot.text import counted, fit_alt, plural
from solvers.letterbox import Box, Solution, Solved
from solvers.screen import may_repeat
from solvers.wordcard import commonness_band

YOUR_BOX = "your box"
NOT_DRAWN = "Your box's letters spell a slur across its sides, so no picture of it is drawn: choose other sides."


def box_name(box: Box) -> str:
    """``TJO FEB CUY HIL``; "your box" for sides that may not be written back (typed sides that
    spell a slur or a flagged word across them)."""
    return str(box) if shows_box(box) else YOUR_BOX


def shows_box(box: Box) -> bool:
    """Whether the box's letters may be written back, in words or in its picture: typed sides
    that spell a slur or a flagged word across them are neither named nor drawn."""
    return may_repeat(str(box), show_flagged=False)


def counts_line(solved: Solved) -> str:
    """``351 playable words · fewest 2 words · 1 two-word solution and 129 three-word solutions``."""
    return f"{plural(solved.playable, 'playable word')} · {fewest(solved)} · {solution_counts(solved)}"


def solution_counts(solved: Solved) -> str:
    """``1 two-word solution and 129 three-word solutions``."""
    return (f"{plural(solved.two_word_count, 'two-word solution')} and {three_count(solved)} three-word "
            f"{counted(solved.three_word_count, 'solution')}")


def fewest(solved: Solved) -> str:
    """What is proved of the fewest words: ``fewest 4 words``, ``no solution within 3 words``,
    or, when the proof stopped at the time limit, ``at least 3 words (at most 4; ...)``."""
    if solved.fewest_words:
        return f"fewest {plural(solved.fewest_words, 'word')}"
    if solved.fewest_complete:
        return f"no solution within {plural(solved.max_words, 'word')}"
    found = f"at most {len(solved.solutions[0].words)}; " if solved.solutions else ""
    return f"at least {plural(solved.fewest_at_least, 'word')} ({found}the proof stopped at the time limit)"


def three_count(solved: Solved) -> str:
    """``129``, or ``at least 5,000`` when the search stopped at the time limit."""
    return f"at least {solved.three_word_count:,}" if solved.three_word_at_least else f"{solved.three_word_count:,}"


def no_solution(solved: Solved) -> str:
    """Why no solution is shown, in one sentence."""
    if solved.fewest_complete:
        return f"No chain of up to {plural(solved.max_words, 'word')} of this list uses every letter."
    return f"No solution found within the time limit; none has fewer than {plural(solved.fewest_at_least, 'word')}."


def chain(solution: Solution, written: Callable[[str], str] | None = None) -> str:
    """``OBJECTIFY → YOUTHFUL``; with ``written`` (a list's ``display``), each word followed by
    how its language writes it where that differs: ``ECOLE (école)``."""
    def shown(word: str) -> str:
        spelled = written(word) if written else word
        return word.upper() if spelled == word else f"{word.upper()} ({spelled})"

    return " → ".join(map(shown, solution.words))


def how_common(solution: Solution) -> str:
    """``least common word: uncommon``: what ranks a chain (everyday, uncommon or rare, as /word says)."""
    return f"least common word: {commonness_band(solution.rarity)}"


RANKING = "best first: chains whose least common word is most common, then the fewest letters"


def shape_hint(solution: Solution) -> str:
    """The first letters and lengths of a chain, giving nothing else away: ``O········ → Y·······``."""
    return " → ".join(word[0].upper() + "·" * (len(word) - 1) for word in solution.words)


def picture_line(path: str, solved: Solved) -> str:
    """What ``--png`` wrote: ``Picture of the box with OBJECTIFY → YOUTHFUL: box.png``."""
    drawn = f" with {chain(solved.solutions[0])}" if solved.solutions else ""
    return f"Picture of the box{drawn}: {path}"


def alt_text(sides: tuple[str, ...], chain: tuple[str, ...] = ()) -> str:
    """The picture's alt text: its sides letter by letter (unless they may not be written back) and the chain."""
    named = "; ".join(f"side {k}: {' '.join(side.upper())}" for k, side in enumerate(sides, start=1))
    named = f" {named}." if box_name(Box(tuple(sides))) != YOUR_BOX else ""
    return fit_alt(f"Letter Boxed box with {plural(len(sides), 'side')}.{named}{chain_alt(chain)}")

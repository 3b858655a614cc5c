"""The tileset optimiser's words, shared by /tiles and ``wordbot tileset`` (no Discord here)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.lab.tileset.store import BestKnown, Question
from bot.text import fit_alt, plural
from solvers.tileset import Progress

ODD_NAMES = {
    "skip": "odd-length words skipped",
    "pad-end": "odd-length words padded at the end (tiles like a.)",
    "pad-start": "odd-length words padded at the start (tiles like .a)",
    "either": "odd-length words padded at either end",
}
GREEDY = "Greedy (the published method: each tile the one that adds the most words)"


def question_line(question: Question) -> str:
    """``20 tiles of 2 letters · full · odd-length words skipped`` (and ``· no vulgar words`` when
    the list's vulgar words are left out)"""
    return (f"{plural(question.count, 'tile')} of {plural(question.size, 'letter')} · {question.name} · "
            f"{ODD_NAMES[question.odd]}" + ("" if question.vulgar else " · no vulgar words"))


def tiles_line(tiles: Iterable[str]) -> str:
    """``AL CA CO DE``: the tiles in capitals, padding shown as a dot."""
    return " ".join(tile.upper() for tile in tiles)


def tiles_alt(tiles: tuple[str, ...]) -> str:
    """The tiles picture's alt text: ``4 tiles: AL CA CO DE``."""
    return fit_alt(f"{plural(len(tiles), 'tile')}: {tiles_line(tiles)}")


def bound_text(words: int, bound: int | None) -> str:
    if bound is None:
        return "no upper bound yet"
    if words >= bound:
        return f"proven the best possible (no set of tiles makes more than {bound:,})"
    return f"no set of tiles makes more than {bound:,} (proven)"


def versus_greedy(words: int, greedy_words: int) -> str:
    """How the tiles compare with the published greedy method's (``11 more than …``)."""
    gain = words - greedy_words
    if gain > 0:
        return f"{gain:,} more than the published greedy method's {greedy_words:,}"
    if gain == 0:
        return f"as many as the published greedy method's {greedy_words:,}"
    return f"the published greedy method's tiles make {greedy_words:,}"


def counts_line(words: int, greedy_words: int, bound: int | None) -> str:
    """``541 words · 11 more than the published greedy method's 530 · no set of tiles makes more
    than 5,365 (proven)``"""
    return f"{plural(words, 'word')} · {versus_greedy(words, greedy_words)} · {bound_text(words, bound)}"


def progress_line(progress: Progress, greedy_words: int) -> str:
    """One line of a running search: counts, then how far it got."""
    return f"{counts_line(progress.best_words, greedy_words, progress.bound)} · step {progress.step:,} · " \
           f"{progress.elapsed:.1f} s"


def best_known_line(best: BestKnown, who: str) -> str:
    """Where a stored answer came from: ``best known, found by alice · 73 s of search in all``"""
    return f"best known, found by {who} · {best.seconds:,.0f} s of search in all"


def outcome_line(improved: bool, first: bool, words: int, best: BestKnown) -> str:
    if first:
        return "Saved as the best known answer."
    if improved:
        return "A new best known answer: saved."
    if words == best.words:
        return "The best known answer stands: this run equalled it."
    return f"The best known answer ({plural(best.words, 'word')}) stands: it is kept."


def kept_line(why: str) -> str:
    """``Stopped by a restart: the best tiles so far are kept.``: a search that ended early."""
    return f"{why.rstrip('.')}: the best tiles so far are kept."


def nothing_line(why: str) -> str:
    """``Stopped by a restart before the search found anything.``"""
    return f"{why.rstrip('.')} before the search found anything."


def too_long(seconds: float, limit: int) -> str:
    return f"seconds is 1 to {limit}; {seconds:g} is out of range."

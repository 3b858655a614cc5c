"""What /tiles runs in a worker process (``bot.jobs``): the optimiser, and the words a set of
tiles forms."""

from __future__ import annotations

from bot.lab.tileset.store import Question
from solvers import tileset
from solvers.lexicon import Lexicon
from solvers.wordlist import load_source


def word_list(question: Question) -> Lexicon:
    """The list a question searches (a bundled one, or a server's from its words file), less its
    vulgar words unless they count."""
    lexicon = load_source(question.source or question.lexicon, question.name)
    return lexicon if question.vulgar else lexicon.without_vulgar()


def search_in_worker(question: Question, seconds: float, seed: int, start: tuple[str, ...] | None):
    """In a worker process: the optimiser's progress, then its Solution. A stored start that
    cannot start this search (one from an older release) is set aside: the search starts afresh."""
    problem = tileset.build(word_list(question), question.size, question.odd)
    start = tileset.usable_start(start, problem, question.count)
    return (yield from tileset.optimise(problem, question.count, seconds=seconds, seed=seed, start=start))


def formable_in_worker(question: Question, tiles: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(tileset.formable(tiles, word_list(question), question.size, question.odd))

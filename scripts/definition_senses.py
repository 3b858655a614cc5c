#!/usr/bin/env python3
"""How often the definition a daily game shows is WordNet's most frequent sense of the word.

Usage (build time: it reads WordNet's tag counts from Debian's wordnet-base)::

    git show fcf75d6:solvers/data/definitions.txt.gz > /tmp/before.txt.gz   # the data before issue 32
    python scripts/definition_senses.py /tmp/before.txt.gz solvers/data/definitions.txt.gz [--year 2027]

The words are the daily words of the year, as ``scripts/definitions_coverage.py`` gathers them
(every answer of each day's bee and both words of each day's published box), counted once per
day they appear. For each definitions file (the bundled one without arguments), a column:

- the shown sense is the one the daily games show: the word's first sense not flagged
  (``bot/glosses.py``); it is traced back to its WordNet sense (lemma, part of speech,
  sense) and that sense's tag count (``cntlist.rev``);
- *tagged*: the shown sense's lemma and part of speech have a tag count (WordNet's frequencies
  say which sense is most used); *most frequent for its part of speech*: of those, the shown
  sense has the highest count of its lemma's senses of that part of speech (a tie counts);
- *most frequent of the word*: the shown sense has the highest count of every sense the word
  may have (its own and its lemmas', every part of speech), among words with any tag count;
- each *of those that do not use the word*: the same among the senses that do not define the
  word by itself (the build skips the others);
- *defines the word by itself*: what the shown definition says first uses the word's lemma, a
  form of it or a longer name of it ("lenient: tolerant or lenient"; ``build_definitions.head``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from build_definitions import (  # noqa: E402
    clean_gloss,
    defines_by_itself,
    head,
    morphy,
    uses_word,
)
from definitions_coverage import daily_words  # noqa: E402
from wordnet_files import DEFAULT_WORDNET, PARTS, WordSense, read_exceptions, read_senses  # noqa: E402

from solvers.definitions import BUNDLED_FILE, PARTS_OF_SPEECH, Definitions, Sense  # noqa: E402

POS = {name: pos for pos, name in PARTS_OF_SPEECH.items()}  # noun -> n
POS_BEST, POS_OWN = "most frequent for its part of speech", "  of its senses that do not use the word"
WORD_BEST, WORD_OWN = "most frequent of the word", "  of the word's senses that do not use it"
TAGGED, WORD_TAGGED = "tagged", "word tagged"
ITSELF = "defines the word by itself"
ROWS = ("defined", TAGGED, POS_BEST, POS_OWN, WORD_TAGGED, WORD_BEST, WORD_OWN, ITSELF,
        "not traced to a WordNet sense")
SHARE_OF = {POS_BEST: TAGGED, POS_OWN: TAGGED, WORD_BEST: WORD_TAGGED, WORD_OWN: WORD_TAGGED}  # the others: of all


class SenseFinder:
    """WordNet's senses with their tag counts, and the sense a shown definition comes from."""

    def __init__(self, wordnet: Path) -> None:
        self.senses = read_senses(wordnet)
        self.exceptions = {pos: read_exceptions(wordnet / f"{part}.exc") for pos, part in PARTS.items()}
        self._texts: dict[tuple[str, str], dict[str, WordSense]] = {}

    def texts(self, lemma: str, pos: str) -> dict[str, WordSense]:
        """Every text the build may show for a sense of ``lemma`` (its gloss, its synonyms), with the sense."""
        key = (lemma, pos)
        if key not in self._texts:
            found: dict[str, WordSense] = {}
            for sense in reversed(self.senses[pos].get(lemma, ())):  # the first sense wins a shared text
                synonyms = ", ".join(w for w in sense.synonyms if not self.uses(w, lemma))
                found.update({clean_gloss(text): sense for text in (synonyms, sense.gloss) if text})
            self._texts[key] = found
        return self._texts[key]

    def uses(self, text: str, lemma: str, names: frozenset[str] = frozenset()) -> bool:
        return uses_word(text, lemma, names, self.senses, self.exceptions)

    def defines_otherwise(self, sense: WordSense, lemma: str) -> bool:
        """Whether the sense says what ``lemma`` is without the word itself."""
        return not defines_by_itself(sense.gloss, lemma, sense.longer_names, self.senses, self.exceptions)

    def best(self, senses: list[tuple[str, WordSense]]) -> tuple[int, int]:
        """The highest tag count of (lemma, sense) pairs, and of those that do not use their lemma
        (of all when every one does)."""
        own = [sense.count for lemma, sense in senses if self.defines_otherwise(sense, lemma)]
        every = [sense.count for _, sense in senses]
        return max(every, default=0), max(own or every, default=0)

    def word_senses(self, word: str) -> list[tuple[str, WordSense]]:
        """Every sense ``word`` may have, as a lemma or a form of one, with its lemma."""
        return [(lemma, sense) for pos in PARTS for lemma in morphy(word, pos, self.senses[pos], self.exceptions[pos])
                for sense in self.senses[pos][lemma]]


def judge(word: str, shown: Sense | None, finder: SenseFinder) -> list[str]:
    """The rows that hold for the sense shown for ``word``."""
    if shown is None:
        return []
    rows = ["defined"]
    pos = POS[shown.pos]
    sense = finder.texts(shown.lemma, pos).get(shown.gloss)
    if sense is None:
        return rows + ["not traced to a WordNet sense"]
    best, best_own = finder.best([(shown.lemma, s) for s in finder.senses[pos][shown.lemma]])
    if best > 0:
        rows += [TAGGED] + [row for row, top in ((POS_BEST, best), (POS_OWN, best_own)) if sense.count == top]
    best, best_own = finder.best(finder.word_senses(word))
    if best > 0:
        rows += [WORD_TAGGED] + [row for row, top in ((WORD_BEST, best), (WORD_OWN, best_own)) if sense.count == top]
    if finder.uses(head(shown.gloss), shown.lemma, sense.longer_names):
        rows.append(ITSELF)
    return rows


def first_shown(definitions: Definitions, word: str) -> Sense | None:
    """The sense a daily game shows for ``word``: its first not flagged."""
    return next((sense for sense in definitions.lookup(word) if not sense.flagged), None)


def measure(words: list[str], definitions: Definitions, finder: SenseFinder) -> Counter[str]:
    """How many of ``words`` (with repeats) each row holds for."""
    per_word = {word: judge(word, first_shown(definitions, word), finder) for word in set(words)}
    return Counter(row for word in words for row in per_word[word])


def table(names: list[str], results: list[Counter[str]], total: int) -> list[str]:
    """The report's lines: a row per measure, a column per file (a count and its share)."""
    width = max(len(row) for row in ROWS)
    lines = [" " * width + "".join(f"  {name:>22}" for name in names)]
    for row in ROWS:
        cells = []
        for result in results:
            whole = result[SHARE_OF[row]] if row in SHARE_OF else total
            cells.append(f"{result[row]:,} ({100 * result[row] / max(whole, 1):.1f}%)")
        lines.append(f"{row:<{width}}" + "".join(f"  {cell:>22}" for cell in cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="definitions files (default: the bundled one)")
    parser.add_argument("--year", type=int, default=2027, help="the year of daily puzzles")
    parser.add_argument("--wordnet", type=Path, default=DEFAULT_WORDNET, help="WordNet's dict folder")
    args = parser.parse_args(argv)
    files = args.files or [ROOT / "solvers" / "data" / BUNDLED_FILE]
    finder = SenseFinder(args.wordnet)
    answers, published = daily_words(args.year)
    words = answers + published
    results = [measure(words, Definitions.load(path), finder) for path in files]
    print(f"daily words of {args.year} (every day's): {len(words):,}; shares of those (of the tagged, or of the "
          "words tagged, for the rows below them)")
    print("\n".join(table([path.name for path in files], results, len(words))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

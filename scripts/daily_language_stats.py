"""The French, German and Spanish daily bees and boxes over ten years, written into docs/daily-games.md.

    .venv/bin/python scripts/daily_language_stats.py            rewrite the block between the markers
    .venv/bin/python scripts/daily_language_stats.py --check    exit 1 when the block is not what the code makes

Every day's bee of ten years from 2027-01-01 is generated in each language (half a millisecond a
bee), and every tenth day's box (a tenth of a second a box: every day would take a quarter of an
hour); the block says how the answers, points, pangrams, par, letters and playable words come
out, beside each language's rules (solvers/daily_words.py). About two minutes.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.stats_block import write_or_check  # noqa: E402
from solvers import bee, letterbox  # noqa: E402
from solvers.daily_words import RULES  # noqa: E402
from solvers.lexicon import LANGUAGE_NAMES, Lexicon  # noqa: E402

DOC = ROOT / "docs" / "daily-games.md"
FIRST, YEARS, BOX_EVERY = dt.date(2027, 1, 1), 10, 10


def days(every: int = 1) -> list[dt.date]:
    last = FIRST.replace(year=FIRST.year + YEARS)
    return [FIRST + dt.timedelta(days=n) for n in range(0, (last - FIRST).days, every)]


def spread(values: list[int]) -> str:
    low, median, high = np.percentile(values, [5, 50, 95], method="nearest")
    return f"{median:g} ({low:g}–{high:g})"


def shares(values: list[int], keys) -> str:
    counts = Counter(values)
    return " · ".join(f"{100 * counts[key] / len(values):.0f}%" for key in keys)


def language_rows(language: str) -> tuple[str, str]:
    everyday, accepted = Lexicon.load("common", language=language), Lexicon.load("full", language=language)
    bees = [bee.generate(everyday, date) for date in days()]
    boxes = [letterbox.generate(date, everyday, accepted) for date in days(BOX_EVERY)]
    rules, name = RULES[language], LANGUAGE_NAMES[language]
    hives = Counter(puzzle.letters for puzzle in bees)
    pangrams = shares([min(len(p.pangrams), 3) for p in bees], (1, 2, 3))
    bee_row = (f"| {name} | {len(bees):,} | {spread([len(p.answers) for p in bees])} | "
               f"{spread([p.max_score for p in bees])} | {pangrams} | {len(hives):,} (at most {max(hives.values())} "
               "times) |")
    rare = [sum(letter in rules.box_rare for letter in b.box.letters) for b in boxes]
    vowels = [sum(letter in rules.box_vowels for letter in b.box.letters) for b in boxes]
    box_row = (f"| {name} | {len(boxes):,} | {shares([b.par for b in boxes], (4, 5, 6))} | "
               f"{shares([min(r, 2) for r in rare], (0, 1, 2))} | {spread(vowels)} | "
               f"{spread([b.playable for b in boxes])} | {spread([len(''.join(b.solution)) for b in boxes])} |")
    return bee_row, box_row


def block() -> str:
    rows = [language_rows(language) for language in LANGUAGE_NAMES]
    last = days()[-1]
    return "\n".join([
        f"Ten years of daily puzzles, {FIRST.isoformat()} to {last.isoformat()}: every day's bee, every "
        f"{BOX_EVERY}th day's box. Figures are medians, with the 5th to 95th percentiles in brackets.", "",
        "| bee | days | answers | points | pangrams 1 · 2 · 3+ (share of the days) | different hives |",
        "| --- | --- | --- | --- | --- | --- |", *(bee_row for bee_row, _ in rows), "",
        "| box | days | par 4 · 5 · 6 | rare letters 0 · 1 · 2+ | vowels | playable words | solution letters |",
        "| --- | --- | --- | --- | --- | --- | --- |", *(box_row for _, box_row in rows),
    ]) + "\n"


def main(argv: list[str] | None = None) -> int:
    return write_or_check(DOC, "daily_language_stats", __doc__.splitlines()[0], block, argv)


if __name__ == "__main__":
    sys.exit(main())

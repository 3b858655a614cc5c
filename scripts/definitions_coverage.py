#!/usr/bin/env python3
"""How many words the bundled definitions cover: the lists, and a year of daily answers.

Usage::

    python scripts/definitions_coverage.py [--year 2027]

Prints and writes ``solvers/data/definitions-report.txt``: the share of the common, full and
huge words with a definition, and the share of the daily games' words with one over the
year: every answer of each day's Spelling Bee (``solvers.bee.generate`` on common, as the bot
plays it) and both words of each day's published Letter Boxed solution
(``solvers.letterbox.generate``), counted per day and as distinct words; then the daily words
without one. Generating the year's puzzles takes some seconds (a progress line shows the month).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from solvers import bee, letterbox  # noqa: E402
from solvers.definitions import Definitions  # noqa: E402
from solvers.lexicon import BUNDLED, Lexicon  # noqa: E402

REPORT = ROOT / "solvers" / "data" / "definitions-report.txt"


def share(words: Iterable[str], defined: Definitions) -> tuple[int, int]:
    """How many of ``words`` (counted with repeats) have a definition, and how many there are."""
    listed = list(words)
    return sum(1 for word in listed if word in defined), len(listed)


def line(label: str, counts: tuple[int, int]) -> str:
    hit, total = counts
    return f"{label}: {hit:,} of {total:,} defined ({100 * hit / max(total, 1):.1f}%)"


def daily_words(year: int) -> tuple[list[str], list[str]]:
    """Every bee answer and every published box word of each day of ``year``."""
    common = Lexicon.load("common")
    answers: list[str] = []
    published: list[str] = []
    day = dt.date(year, 1, 1)
    while day.year == year:
        answers += bee.generate(common, day).answers
        published += letterbox.generate(day).solution
        if day.day == 1:
            print(f"\rdaily puzzles: {day.isoformat()}", end="", file=sys.stderr, flush=True)
        day += dt.timedelta(days=1)
    print(file=sys.stderr)
    return answers, published


def report(defined: Definitions, year: int) -> list[str]:
    """The report's lines."""
    lines = [line(f"{name} words", share(Lexicon.load(name).words, defined)) for name in ("common", "full", "huge")
             if name in BUNDLED]
    answers, published = daily_words(year)
    lines += [
        line(f"bee answers of {year} (every day's)", share(answers, defined)),
        line(f"bee answers of {year} (distinct)", share(set(answers), defined)),
        line(f"box published words of {year} (every day's)", share(published, defined)),
        line(f"box published words of {year} (distinct)", share(set(published), defined)),
        line(f"daily words of {year}, both games (every day's)", share(answers + published, defined)),
    ]
    missing = sorted({word for word in answers + published if word not in defined})
    lines.append(f"daily words of {year} without a definition ({len(missing)}): {' '.join(missing)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--year", type=int, default=2027, help="the year of daily puzzles to count")
    args = parser.parse_args(argv)
    lines = report(Definitions.load(), args.year)
    print("\n".join(lines))
    REPORT.write_text("# Definitions coverage: written by scripts/definitions_coverage.py (run by "
                      "scripts/build_definitions.py).\n" + "".join(f"{text}\n" for text in lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

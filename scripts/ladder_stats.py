"""The daily ladder's statistics over ten years of dates, written into docs/ladder.md.

    .venv/bin/python scripts/ladder_stats.py            rewrite the block between the markers
    .venv/bin/python scripts/ladder_stats.py --check    exit 1 when the block is not what the code makes

Every day from the first ladder (solvers.ladder.DAILY_EPOCH) for ten years is generated in each
language (English, French, German, Spanish: each from its own common and full lists), and the
block says how par, the lengths and the number of shortest ladders come out in each.
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
from solvers import ladder  # noqa: E402
from solvers.lexicon import LANGUAGE_NAMES, Lexicon  # noqa: E402

DOC = ROOT / "docs" / "ladder.md"
YEARS = 10


def days() -> list[dt.date]:
    first = ladder.DAILY_EPOCH
    last = first.replace(year=first.year + YEARS)
    return [first + dt.timedelta(days=n) for n in range((last - first).days)]


def shares(values: list[int], keys) -> str:
    counts = Counter(values)
    return " · ".join(f"{key}: {100 * counts[key] / len(values):.1f}%" for key in keys)


def spread(values: list[int]) -> str:
    low, median, high, top = np.percentile(values, [5, 50, 95, 100], method="nearest")
    return f"median {median:g}, 5th–95th percentile {low:g}–{high:g}, most {top:g}"


def language_block(language: str) -> str:
    """The ten years of one language's ladders, under its name."""
    lists = (Lexicon.load("common", language=language), Lexicon.load("full", language=language))
    name = "English" if language == "en" else LANGUAGE_NAMES[language]
    return f"**{name}**: " + block([ladder.generate(date, *lists) for date in days()])


def block(made: list[ladder.DailyLadder]) -> str:
    first, last = made[0].date, made[-1].date
    lines = [f"{len(made):,} days, {first.isoformat()} to {last.isoformat()}:", ""]
    lines.append("| | days | par 4 · 5 · 6 · 7 · 8 (share of the days) | shortest ladders | of everyday words |")
    lines.append("| --- | --- | --- | --- | --- |")
    for name, chosen in (("4 letters", [d for d in made if d.length == 4]),
                         ("5 letters", [d for d in made if d.length == 5]), ("all", made)):
        lines.append(f"| {name} | {len(chosen):,} | {shares([d.par for d in chosen], range(4, 9))} | "
                     f"{spread([d.ladders for d in chosen])} | {spread([d.everyday_ladders for d in chosen])} |")
    starts = Counter(d.start for d in made)
    pairs = Counter((d.start, d.end) for d in made)
    ends = Counter(d.end for d in made)
    aimed = " · ".join(f"{par}: {100 * share:.0f}%" for par, share in ladder.PAR_SHARES.items())
    lines += ["", f"Par aimed at: {aimed}. Different starts: {len(starts):,} (the most used, "
                  f"{starts.most_common(1)[0][1]} times); different ends: {len(ends):,}; "
                  f"no start and end pair twice: {max(pairs.values()) == 1}."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    def fresh() -> str:
        return "\n".join(language_block(language) for language in ("en", *LANGUAGE_NAMES))

    return write_or_check(DOC, "ladder_stats", __doc__.splitlines()[0], fresh, argv)


if __name__ == "__main__":
    sys.exit(main())

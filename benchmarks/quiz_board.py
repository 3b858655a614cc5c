#!/usr/bin/env python3
"""The quiz board's picture: the time to draw it, PNG bytes included, p50 and p99 over repeats,
for the boards a round can have (25 alphagrams, the default; 50, a day's challenge; 100, a
Bingo Marathon; 50 fifteens), against baselines drawn in the same process, taking turns:

- the floor: encoding an empty image of the same size the same way (no drawing is quicker);
- the hive (``render_hive``, its cache bypassed): a picture the bot already posts;
- the same board encoded at zlib's slowest level (``png.encode``'s default), to show what
  ``quick=True`` saves.

A round redraws its board as words are found, mostly the same text each time, so the pieces
drawn (a text's coverage, its width) are cached (``bot.quiz.stamps``) and the timed draws
find them there; "cold" is the round's first picture, those caches emptied before each draw
(the fonts stay loaded, as in a running bot).

The goal (issue 33): a 50-alphagram board p99 under 150 ms; the exit status is 1 when it is
missed or a board is over Discord's limits. The rounds are made up (``scripts/readme_pictures.py``,
``quiz_tiles``): alphagrams of the bundled ``full`` list, some untouched, some found in part, some solved.

    .venv/bin/python benchmarks/quiz_board.py [--repeats 40]
"""

from __future__ import annotations

import argparse
import io
import platform
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import PIL  # noqa: E402
from PIL import Image  # noqa: E402

from bot.games.bee.picture import render_hive  # noqa: E402
from bot.pictures import png  # noqa: E402
from bot.quiz import layout, stamps  # noqa: E402
from bot.quiz.picture import draw_board, render_board  # noqa: E402
from scripts.readme_pictures import quiz_tiles  # noqa: E402

from timing import ms, timed  # noqa: E402  (benchmarks/timing.py)

GOAL = 0.150  # seconds at p99 for the 50-alphagram board
TITLE = "7s · probability 1–50 · 2:31 left"


def boards() -> list[tuple[str, list]]:
    return [("25 sevens", quiz_tiles(7, 25, 1, "full")), ("50 sevens", quiz_tiles(7, 50, 2, "full")),
            ("100: 50 sevens, 50 eights", quiz_tiles(7, 50, 3, "full") + quiz_tiles(8, 50, 3, "full")),
            ("50 fifteens", quiz_tiles(15, 50, 4, "full"))]


def cold(tiles: list) -> bytes:
    stamps.coverage.cache_clear()
    layout.width.cache_clear()
    return render_board(tiles, TITLE)


def percentiles(times: list[float]) -> tuple[float, float]:
    return float(np.percentile(times, 50)), float(np.percentile(times, 99))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=40, help="timed draws of each board (default 40)")
    args = parser.parse_args()
    print(f"Quiz board benchmark · {args.repeats} draws each · {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, Pillow {PIL.__version__}")
    print(f"{'board':<27}{'pixels':>11}{'bytes':>9}{'p50':>9}{'p99':>9}{'cold p50':>10}{'cold p99':>10}"
          f"{'floor p50':>11}{'× floor':>8}"
          f"{'hive p50':>10}{'× hive':>8}{'slow zlib p50':>15}")
    hive = getattr(render_hive, "__wrapped__", render_hive)
    problems = []
    for name, tiles in boards():
        picture = render_board(tiles, TITLE)  # warm-up: fonts cached as in a running bot
        size = Image.open(io.BytesIO(picture)).size
        empty = Image.new("P", size, 0)
        calls: dict[str, Callable[[], object]] = {
            "board": lambda tiles=tiles: render_board(tiles, TITLE),
            "cold": lambda tiles=tiles: cold(tiles),
            "floor": lambda empty=empty: png.encode(empty, quick=True),
            "hive": lambda: hive("f", "aeinrt"),
            "slow": lambda tiles=tiles: png.encode(png.exact_palette(draw_board(tiles, TITLE))),
        }
        times: dict[str, list[float]] = {key: [] for key in calls}
        for _ in range(args.repeats):  # taking turns, so the machine's noise hits them alike
            for key, call in calls.items():
                times[key] += timed(call, 1)[1]
        p50, p99 = percentiles(times["board"])
        cold_p50, cold_p99 = percentiles(times["cold"])
        floor, hive_p50, slow = (percentiles(times[key])[0] for key in ("floor", "hive", "slow"))
        over = len(picture) > png.MAX_BYTES or max(size) > png.MAX_SIDE
        if over:
            problems.append(f"{name}: over Discord's limits")
        if name.startswith("50 sevens") and max(p99, cold_p99) > GOAL:
            problems.append(f"{name}: p99 {ms(max(p99, cold_p99))}")
        print(f"{name:<27}{f'{size[0]}×{size[1]}':>11}{len(picture):>9,}{ms(p50):>9}{ms(p99):>9}{ms(cold_p50):>10}"
              f"{ms(cold_p99):>10}{ms(floor):>11}"
              f"{p50 / floor:>7.1f}x{ms(hive_p50):>10}{p50 / hive_p50:>7.1f}x{ms(slow):>15}")
    print(f"goal: the 50-alphagram board p99 under {ms(GOAL)} (cold too), every board within "
          f"{png.MAX_BYTES:,} bytes and "
          f"{png.MAX_SIDE} pixels a side: " + ("met" if not problems else "NOT MET: " + "; ".join(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

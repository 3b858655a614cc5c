#!/usr/bin/env python3
"""Every picture the bot posts: the time to draw it (PNG bytes included), p50 and p99 over
repeats, and its size in bytes and pixels; a picture over 100 ms at p99 or over Discord's
limits (``bot.pictures.png``: 8 MiB, 4096 pixels a side) is flagged, and the exit status is 1.

The baseline, measured in the same run, is the floor: encoding an empty (transparent) image of
the same size with the same ``png.encode``. No drawing can be quicker, so the ratio says what
the drawing adds to the least a PNG of that size costs. (The previous drawing code is gone;
its figures, from the issue: the hive 71 ms, 200 tiles a quarter of a second.)

Each picture's own cache (``lru_cache``: every server posts the same hive) is bypassed; caches
inside it (fonts, a tile's blank shape) stay warm, as in a running bot, after one warm-up
call. The pictures and their floors take turns, so the machine's noise hits both alike.

To add a picture: import its drawing function and add one ``Case`` to ``CASES``.

    .venv/bin/python benchmarks/pictures.py [--repeats 30]
"""

from __future__ import annotations

import argparse
import io
import platform
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import PIL  # noqa: E402
from PIL import Image  # noqa: E402

from bot.boards.card import render_leaderboard  # noqa: E402
from bot.boards.picture import render_stats  # noqa: E402
from bot.games.bee.picture import render_hive  # noqa: E402
from bot.lab.tileset.picture import render_tiles  # noqa: E402
from bot.pictures import png  # noqa: E402
from bot.pictures.box import render_box  # noqa: E402
from bot.quiz.picture import render_board  # noqa: E402
from scripts.readme_pictures import a_board, a_year, quiz_tiles  # noqa: E402

from timing import ms, timed  # noqa: E402  (benchmarks/timing.py)

GOAL = 0.100  # seconds at p99: every picture is drawn while someone waits for a reply
TWO_HUNDRED = tuple(f"{a}{b}" for a in "abcdefghijklmnopqrst" for b in "abcdefghij")


def uncached(draw: Callable[..., bytes]) -> Callable[..., bytes]:
    """The drawing function under its ``lru_cache``, so every call draws."""
    return getattr(draw, "__wrapped__", draw)


@dataclass(frozen=True)
class Case:
    """One picture as the bot draws it: a name, and a call that returns its PNG bytes."""

    name: str
    draw: Callable[[], bytes]


# The README's made-up players (scripts/readme_pictures.py): a year of play at every level, and
# a board of 40 with the asker 23rd (the card's ten rows and the asker's own).
BEE_YEAR, BOX_YEAR, BOARD = a_year("bee"), a_year("letterbox"), a_board(players=40, asker=23)
BIG_BOX = ("bhzre", "jnvwd", "uitkc", "xpqfa", "sgyl", "om")  # 26 letters, and a six-word chain of the full list
BIG_CHAIN = ("dioxin", "nyetworks", "schizoidal", "longjumps", "subvisual", "liquefy")
QUIZ = quiz_tiles(7, 50, 2, "full")  # a day's challenge of 50 sevens, half-way (benchmarks/quiz_board.py: more)

CASES = (
    Case("hive", lambda: uncached(render_hive)("f", "aeinrt")),
    Case("tiles, 10", lambda: uncached(render_tiles)(TWO_HUNDRED[::20])),
    Case("tiles, 200", lambda: uncached(render_tiles)(TWO_HUNDRED)),
    Case("tiles, 200 of 3 letters", lambda: uncached(render_tiles)(tuple(t + "e" for t in TWO_HUNDRED))),
    Case("box", lambda: uncached(render_box)(("tjo", "feb", "cuy", "hil"))),
    Case("box with its chain", lambda: uncached(render_box)(("tjo", "feb", "cuy", "hil"), ("objectify", "youthful"))),
    Case("box, 26 letters, 6 words", lambda: uncached(render_box)(BIG_BOX, BIG_CHAIN)),
    Case("stats calendar, bee", lambda: render_stats(*BEE_YEAR, "Alice")),
    Case("stats calendar, box", lambda: render_stats(*BOX_YEAR, "Alice")),
    Case("leaderboard card", lambda: render_leaderboard(*BOARD)),
    Case("quiz board, 50", lambda: render_board(QUIZ, "7s · probability 1–50 · 2:31 left")),
)


def floor(size: tuple[int, int]) -> Callable[[], bytes]:
    """Encoding an empty picture of ``size``: the least a PNG that big costs."""
    return lambda: png.encode(Image.new("RGBA", size, (0, 0, 0, 0)))


def measure(case: Case, repeats: int) -> tuple[bytes, list[float], list[float]]:
    """The picture, its drawing times and its floor's, taking turns."""
    picture = case.draw()  # warm-up: fonts and shapes cached as in a running bot
    empty = floor(Image.open(io.BytesIO(picture)).size)
    drawn, floors = [], []
    for _ in range(repeats):
        drawn += timed(case.draw, 1)[1]
        floors += timed(empty, 1)[1]
    return picture, drawn, floors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30, help="timed draws of each picture (default 30)")
    args = parser.parse_args()
    print(f"Picture benchmark · {args.repeats} draws each, the picture's cache bypassed · "
          f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"Pillow {PIL.__version__}")
    print(f"{'picture':<26}{'pixels':>11}{'bytes':>10}{'p50':>10}{'p99':>10}{'floor p50':>11}{'× floor':>9}")
    flagged = []
    for case in CASES:
        picture, drawn, floors = measure(case, args.repeats)
        width, height = Image.open(io.BytesIO(picture)).size
        p50, p99, floor_p50 = (float(np.percentile(times, q)) for times, q in ((drawn, 50), (drawn, 99), (floors, 50)))
        flags = ([f"p99 over {ms(GOAL)}"] if p99 > GOAL else []) + \
                ([f"over {png.MAX_BYTES:,} bytes"] if len(picture) > png.MAX_BYTES else []) + \
                ([f"over {png.MAX_SIDE} pixels a side"] if max(width, height) > png.MAX_SIDE else [])
        flagged += [f"{case.name}: {flag}" for flag in flags]
        print(f"{case.name:<26}{f'{width}×{height}':>11}{len(picture):>10,}{ms(p50):>10}{ms(p99):>10}{ms(floor_p50):>11}"
              f"{p50 / floor_p50:>8.1f}x" + ("  ⚠ " + "; ".join(flags) if flags else ""))
    print(f"goal: p99 under {ms(GOAL)}, at most {png.MAX_BYTES:,} bytes and {png.MAX_SIDE} pixels a side: "
          + ("every picture meets it" if not flagged else "NOT MET: " + "; ".join(flagged)))
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())

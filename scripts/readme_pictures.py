"""Draw the pictures README.md shows (``docs/*.png``; ``UPCOMING``: those it is about to show)
with the code that draws them for Discord, so they are never stale: each is what the bot posts
for the inputs below.

    python scripts/readme_pictures.py            redraw every picture
    python scripts/readme_pictures.py --check    exit 1, listing the pictures that drifted

The check allows the small anti-aliasing differences of another FreeType or Pillow (it is the
golden-image check of the tests, ``tests/golden.py``); ``tests/test_readme.py`` runs it.
The stats calendar and the leaderboard card show made-up players (the same ones every time):
a year of play is not something a fresh clone has. The quiz board is a made-up round half-way
through: alphagrams of the bundled list, some of their words found.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.boards.boards import Board, PlayerStats  # noqa: E402
from bot.boards.year import Year, days  # noqa: E402
from bot.days.store import DayResult, Standing  # noqa: E402
from bot.plugins import DAILY_GAMES as GAMES  # noqa: E402
from tests.golden import drift  # noqa: E402

if TYPE_CHECKING:
    from bot.quiz.picture import Tile

DOCS = ROOT / "docs"
TODAY = dt.date(2026, 11, 25)
HIVE_DATE = dt.date(2026, 11, 21)
BOX_DATE, BOX_CHAIN = dt.date(2026, 11, 23), ("pacific", "credit", "temporary")
TILES = ("al", "ca", "co", "de", "di", "ed", "er", "es", "in", "li",
         "me", "ng", "nt", "ra", "re", "ri", "st", "te", "ti", "ve")  # 20 tiles that make 541 words of full
NAMES = ("Alice", "Bilal", "Chen Wei", "Dagný", "Émile", "Farida", "Grzegorz", "Hana", "Ilse", "Jonas",
         "Kofi", "Lena", "Mateo", "Nour", "Olek", "Priya", "Quinn", "Rosa", "Sami", "Tove")


def a_year(game: str, seed: int = 1) -> tuple[PlayerStats, Year]:
    """A player who played three days in five for a year, at every level of ``game``."""
    rng = random.Random(seed)
    results = {day: DayResult(rng.choice([3, 20, 45, 60, 85, 100]), 100, rng.randint(0, 6),
                              solved=rng.random() < 0.8 or game == "bee")
               for day in days(TODAY) if rng.random() < 0.6}
    year = Year.of(GAMES[game], TODAY, results)
    played = len(year.levels)
    top, perfect = sum(r.points >= 70 for r in results.values()), sum(r.points == 100 for r in results.values())
    stats = PlayerStats(GAMES[game], 1, TODAY, played, sum(r.points for r in results.values()),
                        sum(r.words for r in results.values()), 100, TODAY, 0.0, played // 3, top, perfect, 4, 19, [])
    return stats, year


def a_board(players: int = 20, asker: int = 13) -> tuple[Board, dict[int, str]]:
    """A week's board of ``players``, the asker ``asker``-th: the card's ten rows and the asker's own."""
    rng = random.Random(7)
    points = sorted((rng.randint(20, 420) for _ in range(players)), reverse=True)
    standings = [Standing(k + 1, 100 + k, points[k], points[k] // 9, rng.randint(0, 3), 3, max(0, 4 - k // 2),
                          int(k < 2))
                 for k in range(players)]
    names = {100 + k: NAMES[k % len(NAMES)] for k in range(players)}
    return Board(GAMES["bee"], "week", TODAY - dt.timedelta(days=2), TODAY, standings, standings[asker - 1]), names


def quiz_tiles(length: int = 7, count: int = 25, seed: int = 5, lexicon: str = "common") -> list[Tile]:
    """A round of ``count`` alphagrams of ``length`` letters of ``lexicon`` (drawn by ``seed``,
    unflagged words only), mid-round: some untouched, some partly found, some solved."""
    from bot.quiz.picture import Tile
    from solvers.lexicon import Lexicon

    words = Lexicon.load(lexicon)
    slice_ = words.length_slices[length]
    groups: dict[str, list[str]] = {}
    for index in range(slice_.start, slice_.stop):
        if not words.vulgar[index]:
            groups.setdefault("".join(sorted(words.words[index])), []).append(words.words[index])
    rng = random.Random(seed)
    several = sorted(a for a, answers in groups.items() if len(answers) > 1)
    one = sorted(a for a, answers in groups.items() if len(answers) == 1)
    chosen = rng.sample(several, min(len(several), count // 2))
    chosen += rng.sample(one, count - len(chosen))
    rng.shuffle(chosen)
    tiles = []
    for alphagram in chosen:
        answers = sorted(groups[alphagram])
        found = tuple(answers[: rng.choice([0, 0, 1, len(answers)])])
        tiles.append(Tile(alphagram, len(answers), found))
    return tiles


def quiz() -> bytes:
    from bot.quiz.picture import render_board

    return render_board(quiz_tiles(), "7s · random · 2:31 left")


def challenge_board() -> bytes:
    """A finished play of the Today's 5s of 22 November 2026: found words, and the missed ones in red."""
    from bot.quiz.picture import Tile, render_board
    from solvers.quiz.challenges import challenge

    made = challenge(dt.date(2026, 11, 22), "5s")
    tiles = []
    for k, question in enumerate(made.questions):
        found = question.answers if k % 3 else question.answers[:1] if k % 2 else ()
        missed = tuple(w for w in question.answers if w not in found)
        tiles.append(Tile(question.alphagram, len(question.answers), found, missed))
    words = sum(len(t.found) for t in tiles)
    total = sum(t.answers for t in tiles)
    return render_board(tiles, f"{made.title} · 22 November 2026 · {words} of {total} words in 2:41")


def hive() -> bytes:
    from bot.games.bee.picture import render_hive
    from solvers import bee
    from solvers.lexicon import Lexicon

    puzzle = bee.generate(Lexicon.load("common"), HIVE_DATE)
    return render_hive(puzzle.center, puzzle.outer)


def box() -> bytes:
    from bot.pictures.box import render_box
    from solvers import letterbox
    from solvers.lexicon import Lexicon

    daily = letterbox.generate(BOX_DATE, Lexicon.load("common"), Lexicon.load("full"))
    return render_box(daily.box.sides, BOX_CHAIN)


def tiles() -> bytes:
    from bot.lab.tileset.picture import render_tiles

    return render_tiles(TILES)


def stats() -> bytes:
    from bot.boards.picture import render_stats

    return render_stats(*a_year("bee"), "Alice")


def leaderboard() -> bytes:
    from bot.boards.card import render_leaderboard

    return render_leaderboard(*a_board())


def study_stats() -> bytes:
    """A made-up deck of 260 cards a month into study: the reviews due over the next 30 days."""
    from bot.study.model import DueCounts, StudyStats
    from bot.study.picture import render_study_stats

    due = (14, 9, 11, 6, 8, 12, 3, 5, 7, 2, 9, 4, 0, 6, 3, 1, 5, 2, 0, 4, 3, 1, 0, 2, 6, 1, 0, 3, 1, 2)
    by_state = {"new": 38, "learning": 6, "review": 212, "relearning": 4}
    today = DueCounts(14, 6, 20, 6, 186)  # the 14 reviews of day 0 and 6 new cards
    return render_study_stats(StudyStats(by_state, 0.912, due, 12, 431, 260, today), TODAY, "Alice")


PICTURES: dict[str, Callable[[], bytes]] = {
    "hive.png": hive, "box-of-the-day.png": box, "tiles.png": tiles, "stats.png": stats, "leaderboard.png": leaderboard,
    "quiz-board.png": quiz, "challenge-board.png": challenge_board, "study-stats.png": study_stats,
}
# Drawn and checked like the others, but not in the README yet (tests/test_readme.py asks every
# picture of PICTURES to be there): none now.
UPCOMING: dict[str, Callable[[], bytes]] = {}


def drifted(drawn: bytes, path: Path, exact: bool = False) -> str | None:
    """Why ``path`` is not (nearly, or with ``exact`` quite) the picture ``drawn``; None when it is."""
    if not path.exists():
        return "missing"
    return drift(drawn, path.read_bytes(), *((0.0, 0.0, 0.0) if exact else ()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which pictures drifted (exit 1 if any)")
    args = parser.parse_args(argv)
    problems = []
    for name, draw in (PICTURES | UPCOMING).items():
        drawn, path = draw(), DOCS / name
        if args.check:
            if (why := drifted(drawn, path)) is not None:
                problems.append(f"docs/{name}: {why}")
        elif drifted(drawn, path, exact=True) is not None:  # rewritten only when it changed at all
            path.write_bytes(drawn)
            print(f"drew docs/{name}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

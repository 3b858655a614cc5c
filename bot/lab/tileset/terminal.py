"""``wordbot tileset``: which N tiles of k letters make the most words, with a live progress line.

With a database (``--database``, or the default file when it exists) the run starts from the
best known answer for its question and records what it finds, as /tiles does: an answer is
only ever replaced by a better one. Word lists given by path are never recorded (a file can
change under its name). Ctrl-C stops the search: the best found so far is printed (and recorded),
and the exit status is 130.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import time

from bot.cli import CommandLine, load_lexicon
from bot.cli_db import database_given, run_with_database
from bot.lab.latin import latin_only
from bot.lab.tileset import text
from bot.lab.tileset.store import BestKnown, Question, Recorded, TilesetStore
from bot.text import plural
from solvers import tileset
from solvers.lexicon import BUNDLED, LexiconError

USER_ERRORS = (tileset.TilesetError, LexiconError)
TERMINAL_USER_ID = 0
WORDS_SHOWN = 120


def add_commands(cli: CommandLine) -> None:
    from bot.pictures.terminal import add_png_option  # Pillow itself only when a picture is drawn

    command = cli.add("tileset", cmd_tileset, quick_exit=True, help="the N letter tiles that spell the most words",
                      description="Choose N distinct tiles of k letters so that the most words can be spelled "
                                  "by putting tiles side by side (each tile used once in a word). Starts from the "
                                  "published greedy answer and improves it. Example: wordbot tileset "
                                  "--tiles 20 --seconds 10",
                      parents=[cli.lexicon("full", database=False), cli.database, cli.language, cli.json])
    command.add_argument("--tiles", type=int, default=20, metavar="N", help="how many tiles (1-200, default 20)")
    command.add_argument("--size", type=int, default=2, choices=tileset.SIZES, help="letters per tile (default 2)")
    command.add_argument("--odd", default="skip", choices=tileset.ODD_POLICIES,
                         help="words of a length that is not a multiple of the size: skip them (default), "
                              "or pad them with '.' at the end, the start, or either")
    command.add_argument("--seconds", type=float, default=30.0, metavar="S", help="search time (default 30)")
    command.add_argument("--seed", type=int, default=0, help="random seed of the search (default 0)")
    command.add_argument("--greedy-only", action="store_true", help="only the published greedy method")
    add_png_option(command, "the picture of the best tiles (with a database, the best known), as /tiles posts it")


def cmd_tileset(args: argparse.Namespace) -> int:
    size, odd = tileset.check_size(args.size), tileset.check_odd(args.odd)
    count = tileset.check_tiles(args.tiles, size, odd)
    if not 0 <= args.seconds <= 86_400:
        raise tileset.TilesetError(f"--seconds is 0 to 86400; {args.seconds:g} is out of range.")
    if args.seed < 0:
        raise tileset.TilesetError(f"--seed is a whole number, 0 or more; {args.seed} is not.")
    from bot.pictures.terminal import FAILED, writable

    if args.png is not None and not writable(args.png):  # said now, not after the search
        return FAILED
    latin_only(args.language, "the tile search")
    lexicon = load_lexicon(args)
    question = Question(lexicon.name, count, size, odd)
    recorded = args.lexicon in BUNDLED and database_given(args)
    known = run_with_database(args, lambda db: TilesetStore(db).best(question)) if recorded else None
    problem = tileset.build(lexicon, size, odd)
    interrupted = False
    if args.greedy_only:
        started = time.perf_counter()
        greedy = tileset.greedy(problem, count)
        solution = tileset.Solution(greedy.tiles, greedy.words, tuple(tileset.formable(greedy.tiles, problem)), greedy,
                                    None, time.perf_counter() - started, 0, args.seed, size, odd, lexicon.name)
    else:
        start = tileset.usable_start(None if known is None else known.tiles, problem, count)  # an old bad row: afresh
        solution, interrupted = _search(problem, count, args, start)
    outcome = None
    if recorded:
        outcome = run_with_database(args, lambda db: TilesetStore(db).record(
            question, solution.tiles, solution.words, solution.greedy.words, solution.bound, solution.seconds,
            TERMINAL_USER_ID))
    if args.json:
        document = solution.to_json()
        if outcome is not None:
            document["best_known"] = _best_json(outcome.best)
        print(json.dumps(document))
    else:
        if interrupted:
            print("Interrupted (Ctrl-C): the best found so far.")
        _print(question, solution, known, outcome, args)
    best = solution.tiles if outcome is None else outcome.best.tiles  # what /tiles would show
    if args.png is not None and (failed := _write_tiles(args.png, best)):
        return failed
    return 130 if interrupted else 0


def _write_tiles(path: str, tiles: tuple[str, ...]) -> int:
    """The tiles' picture, as /tiles posts it, written to ``path``: the exit status (0, or 2 after
    one line saying why)."""
    from bot.lab.tileset.picture import render_tiles  # Pillow only when a picture is asked for
    from bot.pictures.terminal import write_png

    return write_png(path, render_tiles(tuple(tiles)))


def _search(problem: tileset.Problem, count: int, args: argparse.Namespace,
            start: tuple[str, ...] | None) -> tuple[tileset.Solution, bool]:
    """Run the optimiser, redrawing one progress line on stderr when it is a terminal; the
    solution, and whether Ctrl-C stopped it (then it is the best so far)."""
    live = sys.stderr.isatty() and not args.json
    run = tileset.optimise(problem, count, seconds=args.seconds, seed=args.seed, start=start)
    greedy: tileset.Progress | None = None
    latest: tileset.Progress | None = None
    try:
        while True:
            latest = next(run)
            greedy = greedy or latest  # the first report is the published greedy's answer
            if live:
                line = text.progress_line(latest, greedy.best_words)
                print(f"\r{line[:150]:<150}", end="", file=sys.stderr, flush=True)
    except StopIteration as done:
        return done.value, False
    except KeyboardInterrupt:
        if latest is None or greedy is None:
            raise  # nothing found yet: nothing to show
        return _so_far(problem, greedy, latest, args.seed), True
    finally:
        if live:
            print(f"\r{'':<150}\r", end="", file=sys.stderr, flush=True)


def _so_far(problem: tileset.Problem, greedy: tileset.Progress, latest: tileset.Progress,
            seed: int) -> tileset.Solution:
    """A stopped search's best so far, as a Solution."""
    formable = tuple(tileset.formable(latest.best_tiles, problem))
    return tileset.Solution(latest.best_tiles, latest.best_words, formable,
                            tileset.Tileset(greedy.best_tiles, greedy.best_words),
                            latest.bound, latest.elapsed, latest.step, seed, problem.size, problem.odd, problem.lexicon)


def _print(question: Question, solution: tileset.Solution, known: BestKnown | None, outcome: Recorded | None,
           args: argparse.Namespace) -> None:
    print(f"Tileset · {text.question_line(question)}")
    print(f"{text.GREEDY}: {plural(solution.greedy.words, 'word')}: {text.tiles_line(solution.greedy.tiles)}")
    if not args.greedy_only:
        origin = f", from the best known {known.words:,}" if known is not None else ""
        print(f"Optimised ({solution.seconds:.1f} s, {plural(solution.steps, 'step')}, seed {solution.seed}{origin}): "
              f"{plural(solution.words, 'word')}: {text.tiles_line(solution.tiles)}")
        print(text.counts_line(solution.words, solution.greedy.words, solution.bound))
    if outcome is not None:
        print(text.outcome_line(outcome.improved, known is None, solution.words, outcome.best))
    shown = ", ".join(solution.formable[:WORDS_SHOWN])
    more = len(solution.formable) - WORDS_SHOWN
    print(textwrap.fill(f"Words: {shown}" + (f" … and {more:,} more (--json lists them all)" if more > 0 else ""),
                        width=100))


def _best_json(best: BestKnown) -> dict:
    return {"tiles": list(best.tiles), "words": best.words, "greedy_words": best.greedy_words, "bound": best.bound,
            "seconds": round(best.seconds, 3), "improved_by": best.improved_by, "updated_at": best.updated_at}

"""``wordbot letterboxed``: every shortest solution of a Letter Boxed box, in the terminal."""

from __future__ import annotations

import argparse
import json
import sys

from bot.cli import CommandLine, load_lexicon
from bot.lab.letterbox import text
from bot.pictures.terminal import FAILED, add_png_option, writable, write_png
from solvers.alphabets import fold_letters
from solvers.letterbox import BoxError, parse_box, solve
from solvers.letters import code_letters
from solvers.lexicon import LexiconError
from solvers.screen import is_slur


class OptionError(ValueError):
    """An option out of its range; the message says what to give."""


USER_ERRORS = (BoxError, LexiconError, OptionError)


def add_commands(cli: CommandLine) -> None:
    command = cli.add("letterboxed", cmd_letterboxed, quick_exit=True, help="solve a Letter Boxed box",
                      description="The fewest words that solve a box, and its best solutions. "
                                  "Example: wordbot letterboxed TJO FEB CUY HIL",
                      parents=[cli.lexicon("full"), cli.language, cli.json])
    command.add_argument("sides", nargs="+", help="the sides, e.g. TJO FEB CUY HIL (or tjo-feb-cuy-hil)")
    command.add_argument("--max-words", type=int, default=6, choices=range(1, 7), metavar="N",
                         help="prove the fewest words up to N (1-6, default 6)")
    command.add_argument("--limit", type=int, default=20, metavar="N", help="solutions to list (0-10000, default 20)")
    command.add_argument("--seconds", type=float, default=2.0, metavar="S",
                         help="time for the proof of the fewest words and the three-word search together "
                              "(0.1-600, default 2); past it, the answer says what it proved")
    add_png_option(command, "the box with the best solution found, as the bot draws it")


def cmd_letterboxed(args: argparse.Namespace) -> int:
    if not 0 <= args.limit <= 10_000:
        raise OptionError(f"--limit takes 0 to 10000 solutions; {args.limit} is out of range.")
    if not 0.1 <= args.seconds <= 600:  # also refuses nan
        raise OptionError(f"--seconds takes 0.1 to 600; {args.seconds} is out of range.")
    box = parse_box(fold_letters(" ".join(args.sides), args.language), code_letters(args.language))
    if args.png is not None and is_slur(str(box)):  # its letters would be drawn: a slur is never written back
        print(f"wordbot: {text.NOT_DRAWN}", file=sys.stderr)
        return FAILED
    if args.png is not None and not writable(args.png):  # said now, not after the search
        return FAILED
    lexicon = load_lexicon(args)
    solved = solve(lexicon, box, limit=args.limit, max_words=args.max_words, seconds=args.seconds)
    best = solved.solutions[0].words if solved.solutions else ()
    if args.png is not None and (failed := write_png(args.png, box_picture(box.sides, best))):
        return failed
    if args.json:
        answer = solved.to_json()
        if text.box_name(box) == text.YOUR_BOX:  # sides that spell a slur are not written back
            answer["sides"] = None
        print(json.dumps(answer))
        return 0
    print(f"Letter Boxed {text.box_name(box)} (lexicon {lexicon.name})")
    print(text.counts_line(solved))
    if solved.solutions:
        print(text.RANKING[0].upper() + text.RANKING[1:] + ".")
    for number, solution in enumerate(solved.solutions, start=1):
        print(f"{number:>4}. {text.chain(solution, lexicon.display):<48} {text.how_common(solution)}")
    if args.png:
        print(text.picture_line(args.png, solved))
    return 0


def box_picture(sides: tuple[str, ...], chain: tuple[str, ...] = ()) -> bytes:
    """``--png FILE``: the box (with ``chain`` drawn word by word) as the bot posts it. Pillow is
    loaded only here: the terminal starts fast."""
    from bot.pictures.box import render_box

    return render_box(tuple(sides), tuple(chain))

"""``wordbot ladder``: a day's word ladder (``--solution`` for the published one) and the shortest
ladders between any two words (``solve``)."""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import json
import sys

from bot.cli import CommandLine, calendar_date, load_lexicon
from bot.text import long_date, plural
from solvers import ladder
from solvers.alphabets import fold
from solvers.lexicon import LANGUAGE_NAMES, Lexicon
from solvers.screen import quoted

USER_ERRORS = (ladder.DailyLadderError, ladder.LadderError)
TITLE = "Word Ladder"
LISTED = 1000  # ladders --all lists at most: the count says how many there are in all


def add_commands(cli: CommandLine) -> None:
    command = cli.add("ladder", cmd_today, help="the daily word ladder: show a day's ladder, solve any two words",
                      description="A day's word ladder (default: today): change one letter at a time to turn the "
                                  "first word into the last. Subcommands: solve, play.",
                      parents=[cli.json, cli.language])
    command.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")
    command.add_argument("--solution", action="store_true", help="show the published ladder too (spoilers!)")
    subcommands = command.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    solve = cli.add("solve", cmd_solve, help="the shortest ladders between any two words",
                    description="The fewest rungs from one word to another of the same length, how many "
                                "shortest ladders there are, and the first (every one with --all).",
                    parents=[cli.lexicon("full"), cli.language, cli.json], under=subcommands)
    solve.add_argument("start", metavar="FROM", help="the first word, e.g. COLD")
    solve.add_argument("end", metavar="TO", help="the last word, e.g. WARM")
    solve.add_argument("--all", action="store_true", help=f"list every shortest ladder (up to {LISTED:,})")
    play = cli.add("play", _cmd_play, help="play a day's ladder in the terminal (saved in the database)",
                   parents=[cli.database, cli.language], under=subcommands)
    play.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")


def _cmd_play(args: argparse.Namespace) -> int:
    from bot.games.ladder.terminal_play import cmd_play  # the game and its database, only when played

    return cmd_play(args)


def day_title(date: dt.date) -> str:
    """``Word Ladder · #333 · Sunday 29 November 2026``: #1 on the first day's ladder."""
    number = (date - ladder.DAILY_EPOCH).days + 1
    return f"{TITLE} · " + (f"#{number} · " if number >= 1 else "") + long_date(date)


def ladder_text(words: tuple[str, ...], lexicon: Lexicon) -> str:
    """The words in capitals, as the language writes them (MÂTS for mats in French)."""
    return " → ".join(lexicon.display(word).upper() for word in words)


def daily_lists(language: str) -> tuple[Lexicon, Lexicon]:
    """The language's everyday (``common``) and accepted (``full``) lists, which make its daily ladders."""
    return Lexicon.load("common", language=language), Lexicon.load("full", language=language)


def cmd_today(args: argparse.Namespace) -> int:
    everyday, accepted = daily_lists(args.language)
    day = ladder.generate(args.date or dt.date.today(), everyday, accepted)
    if args.json:
        document = day.to_json()
        if not args.solution:
            del document["ladder"]
        print(json.dumps(document))
        return 0
    english = args.language == "en"
    print(day_title(day.date) + ("" if english else f" · {LANGUAGE_NAMES[args.language]}"))
    print(f"{ladder_text((day.start, day.end), everyday)}  ({plural(day.length, 'letter')})")
    print(f"Par: {plural(day.par, 'rung')} ({plural(day.ladders, 'shortest ladder')}; "
          f"change one letter at a time, every rung a word)")
    if args.solution:
        print(f"Published ladder: {ladder_text(day.ladder, everyday)}")
    else:
        print(f"(wordbot ladder{'' if english else f' --language {args.language}'} --solution shows the published "
              "ladder)")
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    lexicon = load_lexicon(args)
    start, end = (_word(lexicon, typed, which) for typed, which in ((args.start, "The first word"),
                                                                   (args.end, "The last word")))
    shown = functools.partial(_shown, lexicon)
    if len(start) != len(end):
        raise ladder.LadderError(f"{shown(start, 'The first word')} has {plural(len(start), 'letter')} and "
                                 f"{shown(end, 'the last')} {len(end)}: a ladder's words all have one length.")
    graph = ladder.graph_of(lexicon, len(start))
    found = ladder.shortest(graph, start, end)
    name = lexicon.name
    if found.rungs is None:
        if args.json:
            print(json.dumps({"start": start, "end": end, "lexicon": name, "rungs": None, "count": 0, "ladders": []}))
        else:
            print(f"wordbot: no ladder joins {shown(start, 'the first word')} and {shown(end, 'the last')} "
                  f"in the {name} list.", file=sys.stderr)
        return 1
    listed = _listed(graph, start, end, LISTED if args.all else 1)
    if args.json:
        print(json.dumps({"start": start, "end": end, "lexicon": name, "rungs": found.rungs, "count": found.count,
                          "ladders": [list(words) for words in listed]}))
        return 0
    print(f"{shown(start, 'The first word')} → {shown(end, 'the last')}: {plural(found.rungs, 'rung')}, "
          f"{plural(found.count, 'shortest ladder')} (lexicon {name})")
    for words in listed:
        print("  " + " → ".join(shown(word, "(a word not shown)") for word in words))
    if len(listed) < found.count:
        more = found.count - len(listed)
        print(f"  ... and {more:,} more" + ("" if args.all else " (--all lists them)"))
    return 0


def _listed(graph: ladder.Graph, start: str, end: str, most: int) -> list[tuple[str, ...]]:
    found = []
    for words in ladder.ladders(graph, start, end):
        found.append(words)
        if len(found) == most:
            break
    return found


def _word(lexicon, typed: str, which: str) -> str:
    """The word typed, as the list plays it (``fold``), or a LadderError naming it, when it is not one of the list's."""
    word = fold(typed, lexicon.language)
    if word is None or word not in lexicon:
        raise ladder.LadderError(f"{quoted(typed.strip().upper()[:40], which)} is not a word of the {lexicon.name} "
                                 "list.")
    return word


def _shown(lexicon: Lexicon, word: str, stand_in: str) -> str:
    """A word of the list in capitals as its language writes it (the terminal shows words so); one
    the screen would not write back named."""
    return quoted(lexicon.display(word).upper(), stand_in, show_flagged=True)

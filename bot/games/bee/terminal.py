"""``wordbot bee``: a day's puzzle, any hive solved, and the day's game played in the terminal."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from dataclasses import dataclass

from bot.cli import CommandLine, calendar_date, load_lexicon
from bot.daily.calendar import DailyCalendar
from bot.daily.info import TERMINAL_GUILD_ID, TERMINAL_NAME, TERMINAL_USER_ID
from bot.daily.play import Refusal, Via
from bot.days.store import BoardsStore
from bot.db import Database
from bot.games.bee import text
from bot.games.bee.game import BeeGame
from bot.games.bee.picture import shuffled
from bot.games.bee.plugin import BEE
from bot.terminal_loop import play_in_terminal
from solvers import bee
from solvers.lexicon import LANGUAGE_NAMES, Lexicon

USER_ERRORS = (bee.BeeError,)
PLAY_HELP = ("Type a word to guess it (or several, separated by spaces), or /hints, /found, /rank, /shuffle, /help, "
             "/quit (Ctrl-D quits too).")


def add_commands(cli: CommandLine) -> None:
    from bot.pictures.terminal import add_png_option  # Pillow itself only when a picture is drawn

    day_hive = "the day's hive as the bot posts it"
    command = cli.add("bee", cmd_bee, help="the daily Spelling Bee: show a day's puzzle, solve any hive, play",
                      description="Show a day's Spelling Bee (default: today). Subcommands: solve, play.",
                      parents=[cli.json, cli.language])
    command.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")
    command.add_argument("--answers", action="store_true", help="list the answers too (spoilers!)")
    add_png_option(command, day_hive)
    subcommands = command.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    solve = cli.add("solve", cmd_solve, help="every answer of any hive", description="Every answer of a hive.",
                    parents=[cli.lexicon("common"), cli.language, cli.json], under=subcommands)
    solve.add_argument("letters", help="the 7 different letters of the hive, e.g. ACHLNOY")
    solve.add_argument("center", help="the centre letter, e.g. N")
    add_png_option(solve, "the picture of the hive")
    play = cli.add("play", cmd_play, help="play a day's puzzle in the terminal (saved in the database)",
                   parents=[cli.database], under=subcommands)
    play.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")
    add_png_option(play, day_hive)


def hive_line(puzzle: bee.Puzzle, outer: str | None = None) -> str:
    return f"{text.hive_letters(puzzle, outer)}  (centre {puzzle.center.upper()})"


def _puzzle_json(puzzle: bee.Puzzle) -> dict:
    document = {"date": puzzle.date.isoformat()} if puzzle.date else {}
    return document | {"letters": puzzle.letters, "center": puzzle.center, "answers": list(puzzle.answers),
                       "pangrams": list(puzzle.pangrams), "max_score": puzzle.max_score}


def _hive_png(puzzle: bee.Puzzle) -> bytes:
    """The hive's picture, as the bot posts it."""
    from bot.games.bee.picture import render_hive  # Pillow only when a picture is asked for

    return render_hive(puzzle.center, puzzle.outer)


def _write_hive(path: str, puzzle: bee.Puzzle) -> int:
    """The hive's picture written to ``path``: the exit status (0, or 2 after one line saying why)."""
    from bot.pictures.terminal import write_png

    return write_png(path, _hive_png(puzzle))


def _print_answers(puzzle: bee.Puzzle, lexicon: Lexicon) -> None:
    """Each answer, its points and whether it is a pangram; a word written with accents (another
    language's) shown that way beside it: ``eleve (élève)``."""
    for word in puzzle.answers:
        mark = "  pangram" if word in puzzle.pangrams else ""
        shown = lexicon.display(word)
        label = word if shown == word else f"{word} ({shown})"
        print(f"  {label:<16}{bee.score(word, puzzle):>3}{mark}")


def cmd_bee(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()
    lexicon = Lexicon.load("common", language=args.language)  # the day's puzzle in that language
    puzzle = bee.generate(lexicon, date)
    if args.png is not None and (failed := _write_hive(args.png, puzzle)):
        return failed
    if args.json:
        print(json.dumps(_puzzle_json(puzzle)))
        return 0
    in_language = "" if args.language == "en" else f" --language {args.language}"
    print(BEE.day_title(date) + ("" if args.language == "en" else f" · {LANGUAGE_NAMES[args.language]}"))
    print(f"Hive: {hive_line(puzzle)}")
    print(text.counts_line(puzzle))
    if args.answers:
        _print_answers(puzzle, lexicon)
    else:  # the database's days are English's: only they are played here
        print(f"(wordbot bee{in_language} --answers lists the answers"
              + ("; wordbot bee play plays it here)" if args.language == "en" else ")"))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from solvers.alphabets import fold_letters

    lexicon = load_lexicon(args)
    letters, center = bee.parse_hive(*(fold_letters(typed, args.language) for typed in (args.letters, args.center)),
                                     lexicon.alphabet)  # Ä is a letter in German; É is E in French
    puzzle = bee.Puzzle.from_answers(letters, center, bee.solve(lexicon, letters, center))
    if args.png is not None and (failed := _write_hive(args.png, puzzle)):
        return failed
    if args.json:
        print(json.dumps(_puzzle_json(puzzle)))
        return 0
    print(f"Hive: {hive_line(puzzle)}: {text.counts_line(puzzle)}")
    _print_answers(puzzle, lexicon)
    return 0


@dataclass(slots=True)
class _Session:
    """A game of ``wordbot bee play``: the day, its puzzle, and the outer letters as now shown."""

    game: BeeGame
    date: dt.date
    puzzle: bee.Puzzle
    outer: str


def cmd_play(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()
    from bot.pictures.terminal import FAILED, writable

    if args.png is not None and not writable(args.png):  # said before the game starts, not amid its lines
        return FAILED

    async def start(db: Database) -> _Session:
        game = BeeGame(db, Lexicon.load("common"), DailyCalendar(db))
        await BoardsStore(db).set_player_name(TERMINAL_GUILD_ID, TERMINAL_USER_ID, TERMINAL_NAME)
        puzzle = await game.puzzle(date)
        progress = await game.progress(TERMINAL_GUILD_ID, TERMINAL_USER_ID, date)
        if args.png is not None:  # checked writable above; a failure now (a full disk) stops before play starts
            from bot.pictures.terminal import save_png

            save_png(args.png, _hive_png(puzzle))
        print(f"{BEE.day_title(date)} · {text.counts_line(puzzle)}")
        print(f"Hive: {hive_line(puzzle)}")
        print(text.standing(progress.points, progress.rank))
        print(PLAY_HELP)
        return _Session(game, date, puzzle, puzzle.outer)

    return play_in_terminal(args, start, _play_line)


async def _play_line(session: _Session, line: str) -> None:
    """Act on one line typed in `wordbot bee play`."""
    game, puzzle, date = session.game, session.puzzle, session.date
    if not line:
        return
    if line == "/shuffle":
        session.outer = shuffled(session.outer)
        print(f"Hive: {hive_line(puzzle, session.outer)}")
    elif line in ("/hints", "/found", "/rank"):
        progress = await game.progress(TERMINAL_GUILD_ID, TERMINAL_USER_ID, date)
        if line == "/found":
            print(", ".join(sorted(progress.found)) or "No words yet.")
        elif line == "/rank":
            print(text.standing(progress.points, progress.rank))
        else:
            hints = bee.hints(puzzle, progress.found)
            print(f"Left: {text.hints_summary(hints)}")
            print("\n".join(text.hints_grid(hints)) + "\n" + text.two_letter_starts(hints))
    elif line.startswith("/"):
        print(PLAY_HELP)
    else:
        guesses = await game.take(TERMINAL_GUILD_ID, 0, TERMINAL_USER_ID, line, post_date=date, via=Via.TERMINAL)
        print(guesses.message if isinstance(guesses, Refusal) else text.guesses_reply(guesses))

"""``wordbot box``: the day's Letter Boxed (``today``), and the day's game played in the terminal (``play``)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from dataclasses import dataclass

from bot.cli import CommandLine, calendar_date
from bot.daily.calendar import DailyCalendar
from bot.daily.info import TERMINAL_GUILD_ID, TERMINAL_NAME, TERMINAL_USER_ID
from bot.daily.play import Refusal, Via
from bot.days.store import BoardsStore
from bot.db import Database
from bot.games.letterbox import text
from bot.games.letterbox.game import LetterBoxedGame
from bot.games.letterbox.plugin import LETTERBOX
from bot.games.letterbox.store import LetterBoxedStore
from bot.pictures.terminal import FAILED, add_png_option, writable, write_png
from bot.terminal_loop import play_in_terminal
from bot.text import plural
from solvers import letterbox
from solvers.lexicon import LANGUAGE_NAMES, Lexicon

USER_ERRORS = (letterbox.DailyBoxError,)
PLAY_HELP = ("Type the next word or a whole chain, or /chain, /undo, /restart, /hint, /rules, /help, "
             "/quit (Ctrl-D quits too).")


def add_commands(cli: CommandLine) -> None:
    command = cli.add("box", cmd_today, help="the daily Letter Boxed: show a day's box, play it",
                      description="The daily Letter Boxed. Subcommands: today (the default), play. "
                                  "(To solve any box: wordbot letterboxed SIDES.)",
                      parents=[cli.json, cli.database, cli.language])
    command.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")
    subcommands = command.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    command.add_argument("--solution", action="store_true", help="show the published solution too (spoilers!)")
    today = cli.add("today", cmd_today, help="a day's box and par (and its published solution with --solution)",
                    description="A day's box: its sides, par and playable words; --solution adds "
                                "the published solution.",
                    parents=[cli.json, cli.database, cli.language], under=subcommands)
    today.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")
    today.add_argument("--solution", action="store_true", help="show the published solution too (spoilers!)")
    for parser in (command, today):
        add_png_option(parser, "the box with your chain (wordbot box play) drawn on it, as the bot draws it")
    play = cli.add("play", cmd_play, help="play a day's box in the terminal (saved in the database)",
                   parents=[cli.database], under=subcommands)
    play.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")


def cmd_today(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()
    if args.png is not None and not writable(args.png):  # said now, before the box is made
        return FAILED
    english = args.language == "en"  # the database's boxes (wordbot box play) are English's
    box, chain = _played_box(args, date) if args.png and english else (None, ())
    everyday = Lexicon.load("common", language=args.language)
    box = box or letterbox.generate(date, everyday, Lexicon.load("full", language=args.language))
    if args.png is not None:
        from bot.pictures.box import render_box

        if failed := write_png(args.png, render_box(tuple(box.box.sides), tuple(chain))):
            return failed
    if args.json:
        document = box.to_json()
        if not args.solution:
            del document["solution"]
        print(json.dumps(document))
        return 0
    print(LETTERBOX.day_title(box.date) + ("" if english else f" · {LANGUAGE_NAMES[args.language]}"))
    print(f"Box: {text.sides_line(box)}")
    print(text.par_line(box))
    if args.solution:
        print(f"Published solution: {text.chain_text(tuple(map(everyday.display, box.solution)))}")
    else:
        print(f"(wordbot box today{'' if english else f' --language {args.language}'} --solution shows the published "
              "solution" + ("; wordbot box play plays it here)" if english else ")"))
    if args.png:
        print(text.picture_line(args.png, chain))
    return 0


def _played_box(args: argparse.Namespace, date: dt.date) -> tuple[letterbox.DailyBox | None, tuple[str, ...]]:
    """The day's box as the terminal player plays it, and their chain (``wordbot box play`` saves
    it), when there is a database; never one made unasked (then: no box, no chain)."""
    from bot.cli_db import database_given, run_with_database

    if not database_given(args):
        return None, ()

    async def read(db: Database) -> tuple[letterbox.DailyBox | None, tuple[str, ...]]:
        store = LetterBoxedStore(db)
        puzzle = await store.get_puzzle(date)  # only read: showing a box never fixes a day's box
        if puzzle is None:
            return None, ()
        return puzzle, (await store.chain(TERMINAL_GUILD_ID, date, TERMINAL_USER_ID)).words

    return run_with_database(args, read, must_exist=True)


@dataclass(slots=True)
class _Session:
    """``wordbot box play``'s session: the game, the day, and the hint level last shown (each
    /hint shows the next: ``bot.games.letterbox.hints``)."""

    game: LetterBoxedGame
    date: dt.date
    hint_level: int = 0


def cmd_play(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()

    async def start(db: Database) -> _Session:
        game = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), DailyCalendar(db))
        await BoardsStore(db).set_player_name(TERMINAL_GUILD_ID, TERMINAL_USER_ID, TERMINAL_NAME)
        state = await game.state(TERMINAL_GUILD_ID, TERMINAL_USER_ID, date)
        print(f"{LETTERBOX.day_title(date)} · par {state.puzzle.par}")
        print(f"Box: {text.sides_line(state.puzzle)}")
        print(text.state_text(state))
        print(PLAY_HELP)
        return _Session(game, date)

    return play_in_terminal(args, start, _play_line)


async def _play_line(session: _Session, line: str) -> None:
    """Act on one line typed in ``wordbot box play``."""
    game, date = session.game, session.date
    who = (TERMINAL_GUILD_ID, TERMINAL_USER_ID, date)
    if not line:
        return
    if line == "/chain":
        state = await game.state(*who)
        print(f"Box: {text.sides_line(state.puzzle)}\n{text.state_text(state)}")
    elif line == "/undo":
        removed, state = await game.undo(*who)
        print((f"Took back {removed.upper()}." if removed else "Your chain is empty: nothing to undo.")
              + "\n" + text.state_text(state))
    elif line == "/restart":
        cleared, state = await game.restart(*who)
        print(f"Cleared {plural(cleared, 'word')}. Start anywhere on the box: {text.sides_line(state.puzzle)}")
    elif line == "/hint":
        hint = await game.hint(date, (await game.state(*who)).chain)
        session.hint_level = level = min(session.hint_level + 1, hint.levels)
        said = text.hint_level(hint, level, action=text.terminal_command)
        if hint.levels > 1:
            said = [f"Hint {level} of {hint.levels}: {said[0]}", *said[1:]]
            said += ["(That was the last hint.)"] if level == hint.levels else []
        print("\n".join(said))
    elif line == "/rules":
        print("\n".join(f"- {rule}" for rule in text.rules_lines(text.terminal_command)))
    elif line.startswith("/"):
        print(PLAY_HELP)
    else:
        played = await game.take(TERMINAL_GUILD_ID, 0, TERMINAL_USER_ID, line, post_date=date, via=Via.TERMINAL)
        print(played.message if isinstance(played, Refusal) else text.play_reply(played.result,
                                                                                 action=text.terminal_command))

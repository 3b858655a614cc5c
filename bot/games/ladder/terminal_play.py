"""``wordbot ladder play [--language fr]``: the day's word ladder (of a language) played in the
terminal, saved in the database as the bot saves a player's climb (the terminal's own guild and
player), rungs typed with or without accents."""

from __future__ import annotations

import argparse
import datetime as dt
from dataclasses import dataclass

from bot.daily.calendar import DailyCalendar
from bot.daily.info import TERMINAL_GUILD_ID, TERMINAL_NAME, TERMINAL_USER_ID
from bot.daily.play import Refusal, Via
from bot.days.store import BoardsStore
from bot.db import Database
from bot.games.ladder import text
from bot.games.ladder.game import LadderGame
from bot.terminal_loop import play_in_terminal
from bot.text import plural
from solvers.lexicon import Lexicon

PLAY_HELP = ("Type the next rung or several, or /ladder, /undo, /restart, /hint, /rules, /help, "
             "/quit (Ctrl-D quits too).")


@dataclass(slots=True)
class _Session:
    """The game, the day, and the hint level last shown (each /hint shows the next)."""

    game: LadderGame
    date: dt.date
    hint_level: int = 0
    hinted: tuple[str, ...] = ()  # the climb the last hint was for: a rung played starts the hints again


def cmd_play(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()

    async def start(db: Database) -> _Session:
        language = args.language
        game = LadderGame(db, Lexicon.load("common", language=language), Lexicon.load("full", language=language),
                          DailyCalendar(db), language=language)
        await BoardsStore(db).set_player_name(TERMINAL_GUILD_ID, TERMINAL_USER_ID, TERMINAL_NAME)
        state = await game.state(TERMINAL_GUILD_ID, TERMINAL_USER_ID, date)
        print(game.info.day_title(date))
        print(f"{text.ends_line(state.puzzle)} · {text.par_line(state.puzzle)}")
        print(text.state_text(state))
        print(PLAY_HELP)
        return _Session(game, date)

    return play_in_terminal(args, start, _play_line)


async def _play_line(session: _Session, line: str) -> None:
    """Act on one line typed in ``wordbot ladder play``."""
    game, date = session.game, session.date
    who = (TERMINAL_GUILD_ID, TERMINAL_USER_ID, date)
    if not line:
        return
    if line == "/ladder":
        print(text.state_text(await game.state(*who)))
    elif line == "/undo":
        removed, state = await game.undo(*who)
        print((f"Took back {text.shown(removed, stand_in='your last rung')}." if removed
               else "Your ladder has no rung yet: nothing to undo.") + "\n" + text.state_text(state))
    elif line == "/restart":
        cleared, state = await game.restart(*who)
        print(f"Cleared {plural(cleared, 'rung')}. Start again from {state.puzzle.start.upper()}.")
    elif line == "/hint":
        rungs = (await game.state(*who)).rungs
        hint = await game.hint(date, rungs)
        if rungs != session.hinted:
            session.hint_level, session.hinted = 0, rungs
        session.hint_level = level = max(1, min(session.hint_level + 1, hint.levels))
        said = text.hint_level(hint, level)
        print(f"Hint {level} of {hint.levels}: {said}" if hint.levels else said)
    elif line == "/rules":
        print("\n".join(f"- {rule}" for rule in text.rules_lines()))
    elif line.startswith("/"):
        print(PLAY_HELP)
    else:
        played = await game.take(TERMINAL_GUILD_ID, 0, TERMINAL_USER_ID, line, post_date=date, via=Via.TERMINAL)
        print(played.message if isinstance(played, Refusal) else text.play_reply(played.result, restart="/restart"))

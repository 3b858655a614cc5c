"""A game played in the terminal (``wordbot bee play``, ``wordbot box play``, ``wordbot quiz``,
``wordbot challenge``): the loop they share, from the first look at the game to /quit."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from bot.cli_db import database_target

if TYPE_CHECKING:
    from bot.db import Database

S = TypeVar("S")


def play_in_terminal(args: argparse.Namespace, start: Callable[[Database], Awaitable[S | None]],
                     play_line: Callable[[S, str], Awaitable[bool | None]],
                     finish: Callable[[S], Awaitable[None]] | None = None) -> int:
    """A game played in the terminal against the configured database: ``start(db)`` shows the
    game and returns the session (or None: nothing to play, and it said why), then
    ``play_line(session, line)`` acts on each line typed, until it returns True (the game is
    over: a timed game's clock ran out), /quit or Ctrl-D (then ``finish(session)``, if given;
    exit 0) or Ctrl-C (exit 130). Lines are read outside the event loop, so Ctrl-C stops at
    once, and every move already made is saved: each is committed before its answer is printed."""
    import asyncio

    from bot.db.open import open_database

    target = database_target(args, must_exist=False)
    with asyncio.Runner() as runner:
        db = runner.run(open_database(target))
        try:
            session = runner.run(start(db))
            while session is not None and (line := _typed_line()) is not None:
                if runner.run(play_line(session, line)):
                    break
            if session is not None and finish is not None:
                runner.run(finish(session))
        except KeyboardInterrupt:
            print("\nStopped. Everything you played is saved.", file=sys.stderr)
            return 130
        finally:
            runner.run(db.close())
    return 0


def _typed_line() -> str | None:
    """The next line typed at the prompt, or None for /quit (also /exit, /q) and Ctrl-D."""
    try:
        line = input("> ").strip()
    except EOFError:
        print()
        return None
    return None if line in ("/quit", "/exit", "/q") else line

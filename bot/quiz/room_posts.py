"""The Discord look of a quiz round in a channel: its board (the picture of its alphagrams, with
alt text, drawn off the event loop) while it runs and once it is over, and its end message (the
scores, the missed words behind spoilers, each with its alphagram, and the buttons).

Missed words follow the server's setting for flagged words at the end (a slur is never an
answer): a word it does not show is only counted.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import discord

from bot.pictures import png
from bot.quiz import text
from bot.quiz.buttons import end_view
from bot.quiz.picture import Tile, alt_text, render_board
from bot.quiz.round import QuizRound
from bot.quiz.text import RoundSet
from solvers.screen import may_repeat

BOARD_FILE = "quiz-board.png"
COLOUR = discord.Colour.from_rgb(96, 140, 168)  # the board's frame


def tiles(round: QuizRound) -> list[Tile]:
    return [Tile(q.alphagram, len(q.answers), round.solved(k)) for k, q in enumerate(round.questions)]


async def board_file(round: QuizRound, name: str) -> discord.File:
    shown = tiles(round)
    picture = await png.drawn(render_board, shown, name)
    return discord.File(io.BytesIO(picture), filename=BOARD_FILE, description=alt_text(shown, name))


async def running_board(round: QuizRound, name: str, started_by: int, ends_at: dt.datetime) -> dict[str, Any]:
    """The board while the round runs: an edit's (or, with ``files``, a send's) keyword arguments."""
    content = text.board_content(name, started_by, int(ends_at.timestamp()), len(round.questions))
    return {"content": content, "attachments": [await board_file(round, name)]}


async def over_board(round: QuizRound, name: str) -> dict[str, Any]:
    """The board once the round is over: what was found (the missed words are the end message's spoilers)."""
    content = text.over_content(name, len(round.found), round.total)
    return {"content": content, "attachments": [await board_file(round, name)]}


def end_message(round: QuizRound, spec: RoundSet | None, name: str, reason: str, used: float, stopped_by: int | None,
                show_flagged: bool) -> dict[str, Any]:
    """The end: why and how much, the scores, the missed words, and Next round / Missed only / Stop."""
    scores = text.score_lines([(s.user_id, s.words) for s in round.scores()])
    missed = []
    for left in round.missed():
        shown = [word for word in left.words if may_repeat(word, show_flagged)]
        missed.append(text.missed_line(left.alphagram, shown, len(left.words) - len(shown)))
    first = text.ending(reason, len(round.found), round.total, used, stopped_by)
    description = text.end_description(first, scores, missed, text.next_line(spec))
    embed = discord.Embed(title=f"Round over · {name}", description=description, colour=COLOUR)
    return {"embed": embed, "view": end_view(round.round_id, bool(missed))}

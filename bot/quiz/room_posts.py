"""The Discord look of a quiz round in a channel: its board (the picture of its alphagrams, with
alt text, drawn off the event loop) while it runs and once it is over, and its end message (the
scores, the missed words behind spoilers, each with its alphagram, and the buttons).

Missed words follow the server's setting for flagged words at the end (a slur is never an
answer): a word it does not show is only counted.
"""

from __future__ import annotations

import datetime as dt
import io
import logging
from typing import Any

import discord

from bot.host import host
from bot.pictures import png
from bot.quiz import text, to_study
from bot.quiz.buttons import end_view
from bot.quiz.picture import Tile, alt_text, render_board
from bot.quiz.round import QuizRound
from bot.quiz.text import RoundSet
from solvers.screen import may_repeat

log = logging.getLogger(__name__)

QUIET = discord.AllowedMentions.none()
BOARD_FILE = "quiz-board.png"
ARCHIVE_MINUTES = 60  # a round's thread (``bot.chat.room.open_thread``) is archived an hour after its last message
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


def missed_lines(round: QuizRound, show_flagged: bool) -> list[str]:
    """Each alphagram with the words nobody found, behind spoilers (those the server shows)."""
    missed = []
    for left in round.missed():
        shown = [word for word in left.words if may_repeat(word, show_flagged)]
        missed.append(text.missed_line(left.alphagram, shown, len(left.words) - len(shown)))
    return missed


def end_message(round: QuizRound, spec: RoundSet | None, name: str, reason: str, used: float, stopped_by: int | None,
                show_flagged: bool, in_channel: bool = False, thread: bool = False,
                decks: str = "") -> tuple[dict[str, Any], bool]:
    """The end: why and how much, the scores, the missed words, whose study decks took them
    (``decks``), and Next round / Missed only / Stop; ``in_channel``: at most ``text.END_LINES``
    lines (``thread``: the rest of the misses go there). The message, and whether every missed
    line is in it."""
    scores = text.score_lines([(s.user_id, s.words) for s in round.scores()],
                              text.END_SCORES if in_channel else text.MAX_SCORES)
    missed = missed_lines(round, show_flagged)
    first = text.ending(reason, len(round.found), round.total, used, stopped_by)
    description, shown = text.end_description(first, scores, missed, text.next_line(spec), decks,
                                              text.END_LINES if in_channel else None,
                                              text.MISSED_HERE if thread else "")
    embed = discord.Embed(title=f"Round over · {name}", description=description, colour=COLOUR)
    return {"embed": embed, "view": end_view(round.round_id, bool(missed))}, shown == len(missed)


async def post_end(client: discord.Client, round: QuizRound, spec: RoundSet | None, message_id: int | None,
                   thread_id: int | None, reason: str, used: float, by: int | None) -> None:
    """Show the end: the board as it ended (no Answer button), the end message in the round's
    channel, and a line in its thread that points to it. Each is tried on its own."""
    record, name = round.record, text.title(spec, round.record.lexicon)
    channel = client.get_partial_messageable(record.channel_id)
    if message_id is not None:
        try:
            await channel.get_partial_message(message_id).edit(**await over_board(round, name), view=None,
                                                               allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.info("Could not show the end on the board of round %s: %s", record.round_id, error)
    show = (await host(client).db.guild_settings(record.guild_id)).show_vulgar
    cards = await to_study.taken(client, sorted(round.players), discord.utils.utcnow()) if round.missed() else {}
    decks = text.decks_line([(user, made.brief) for user, made in cards.items()])
    in_channel = not isinstance(client.get_channel(record.channel_id), discord.Thread)
    message, whole = end_message(round, spec, name, reason, used, by, show, in_channel, thread_id is not None, decks)
    try:
        sent = await channel.send(**message, allowed_mentions=QUIET)
    except discord.HTTPException as error:
        log.warning("Could not post the end of round %s: %s", record.round_id, error)
        return
    if thread_id is not None:
        link = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{sent.id}"
        note = text.ENDED_NOTE.format(link=link)
        every = [] if whole else [discord.Embed(title=text.THREAD_MISSED, colour=COLOUR, description=text.fit_lines(
            missed_lines(round, show), text.DESCRIPTION_CHARS))]
        try:
            await client.get_partial_messageable(thread_id).send(note, embeds=every, allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.info("Could not say the end in the thread of round %s: %s", record.round_id, error)


async def thread_of(client: discord.Client, message_id: int | None) -> int | None:
    """The thread opened on a round's board, if there is one (a thread started from a message has its id)."""
    if message_id is None:
        return None
    thread = client.get_channel(message_id)
    if thread is None:
        try:
            thread = await client.fetch_channel(message_id)
        except discord.HTTPException:
            return None
    return thread.id if isinstance(thread, discord.Thread) else None

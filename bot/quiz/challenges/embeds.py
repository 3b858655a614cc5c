"""What /challenge looks like in Discord: the day's list, a player's play (its intro, the board
picture while it runs, the result with the missed words behind spoilers) and a challenge's board.

A play's message is the player's alone (ephemeral); its picture is drawn with the player's
words, and with the missed ones only once the play is finished, then as a spoiler file. The
board is public and names players by mentions that never ping.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence

import discord

from bot.pictures import png
from bot.quiz.challenge import Standing, deadline
from bot.quiz.challenges import text
from bot.quiz.challenges.plays import Entry
from bot.quiz.challenges.views import buttons, pick_view
from bot.quiz.picture import Tile, alt_text, render_board
from bot.text import long_date, markdown_bold, short_date

COLOUR = discord.Colour.from_rgb(96, 140, 168)
PICTURE = "challenge.png"
SPOILER_PICTURE = "SPOILER_challenge.png"  # Discord blurs it until pressed
BOARD_ROWS = 50
DESCRIPTION = 4096


def spoiler(words: str) -> str:
    return f"||{words}||"


def list_message(date: dt.date, entries: Sequence[Entry]) -> dict:
    """The day's challenges with the player's state of each, and a select to open one."""
    lines = [text.entry_line(e.made, e.play, markdown_bold) for e in entries]
    embed = discord.Embed(title=text.list_title(date), colour=COLOUR, description="\n".join(lines))
    embed.set_footer(text="Each is played once, privately: the clock starts when you press Start.")
    options = [(e.made.key, e.made.title, text.state(e.play) if e.made.questions else "none today") for e in entries]
    return {"embed": embed, "view": pick_view(date, options)}


def timestamp(moment: dt.datetime, style: str) -> str:
    return f"<t:{int(moment.timestamp())}:{style}>"


async def picture(tiles: Sequence[Tile], title: str, hidden: bool) -> discord.File:
    data = await png.drawn(render_board, tiles, title)
    return discord.File(io.BytesIO(data), filename=SPOILER_PICTURE if hidden else PICTURE,
                        description=alt_text(tiles, title))


async def play_message(entry: Entry, tiles: Sequence[Tile], note: str = "") -> dict:
    """A challenge as the player sees it: the Start button before they start, the board with
    Answer and Finish while the clock runs, the result and the missed words once finished.
    ``note``: what their last press did. The options are for a new message or an edit alike
    (``attachments``)."""
    date, made, play = entry.date, entry.made, entry.play
    embed = discord.Embed(title=f"{made.title} · {long_date(date)}", colour=COLOUR)
    if not made.questions:
        embed.description = text.EMPTY_TOUGHIES
        return {"embed": embed, "view": None, "attachments": []}
    if play is None:
        embed.description = (f"{text.size(made)} to find {text.words_total(made):,} words. You play it once: "
                             "the clock starts when you press **Start**. Then answer with as many words at once "
                             "as you like; only the words found before the time is up count.")
        return {"embed": embed, "view": buttons(date, made.key, ("start",)), "attachments": []}
    title = f"{made.title} · {short_date(date)}"
    lines = [note] if note else []
    if entry.running:
        ends = deadline(play, made)
        lines.insert(0, f"{text.progress(play)} · time is up {timestamp(ends, 'R')} (at {timestamp(ends, 'T')})")
        file = await picture(tiles, title, hidden=False)
        embed.set_image(url=f"attachment://{PICTURE}")
        embed.description = "\n".join(lines)
        return {"embed": embed, "view": buttons(date, made.key, ("answer", "finish")), "attachments": [file]}
    found = {word for tile in tiles for word in tile.found}
    missed = text.missed_lines(made, found, spoiler)
    lines.insert(0, f"Finished: {text.result(play)}.")
    if missed:
        lines.append("Missed, behind spoilers:")
    head = "\n".join(lines)
    embed.description = head + ("\n" + text.fitted(missed, DESCRIPTION - len(head) - 1) if missed else "")
    return {"embed": embed, "view": None, "attachments": [await picture(tiles, title, hidden=bool(missed))]}


def board_embed(title: str, standings: Sequence[Standing]) -> discord.Embed:
    """The board: places by words, then time, medals to the top three, 💯 for every word."""
    lines = [text.standing_line(s, f"<@{s.user_id}>", markdown_bold) for s in standings[:BOARD_ROWS]]
    if len(standings) > BOARD_ROWS:
        lines.append(f"… and {len(standings) - BOARD_ROWS:,} more")
    return discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))

"""How /tiles looks in Discord: the running search, the answer, the words page by page."""

from __future__ import annotations

import discord

from bot.lab.tileset import text
from bot.lab.tileset.store import BestKnown, Question
from bot.text import plural
from solvers.tileset import Progress

COLOUR = discord.Colour.dark_teal()
WORDS_PER_PAGE = 80
TILES_FILE = "tiles.png"


def _tiles_block(tiles: tuple[str, ...]) -> str:
    return f"```\n{text.tiles_line(tiles)}\n```"


def progress_embed(question: Question, progress: Progress | None, greedy_words: int | None,
                   seconds: int) -> discord.Embed:
    """The running search: the best tiles so far, their words, the greedy baseline."""
    embed = discord.Embed(title=f"Tiles · {text.question_line(question)}", colour=COLOUR)
    if progress is None:
        embed.description = f"Preparing the word list and the published greedy answer… (up to {seconds} s of search)"
        return embed
    embed.description = (
        f"**Best so far:**\n{_tiles_block(progress.best_tiles)}"
        f"{text.counts_line(progress.best_words, greedy_words or progress.best_words, progress.bound)}")
    embed.set_footer(text=f"Searching… step {progress.step:,} · {progress.elapsed:.0f} of {seconds} s")
    return embed


def answer_embed(best: BestKnown, who: str, note: str = "", picture: bool = False) -> discord.Embed:
    """The best known answer (just found, or stored)."""
    embed = discord.Embed(title=f"Tiles · {text.question_line(best.question)}", colour=COLOUR)
    lines = [_tiles_block(best.tiles), text.counts_line(best.words, best.greedy_words, best.bound),
             text.best_known_line(best, who)]
    if note:
        lines.append(note)
    embed.description = "\n".join(lines)
    if picture:
        embed.set_image(url=f"attachment://{TILES_FILE}")
    return embed


def word_pages(question: Question, tiles: tuple[str, ...], words: tuple[str, ...]) -> list[discord.Embed]:
    """The words the tiles make, longest first, WORDS_PER_PAGE a page."""
    pages = []
    chunks = [words[i:i + WORDS_PER_PAGE] for i in range(0, len(words), WORDS_PER_PAGE)] or [()]
    for number, chunk in enumerate(chunks, start=1):
        embed = discord.Embed(title=f"{plural(len(words), 'word')} from {text.tiles_line(tiles)}"[:256], colour=COLOUR)
        embed.description = ", ".join(chunk) or "No word can be made with these tiles."
        embed.set_footer(text=f"{text.question_line(question)} · page {number}/{len(chunks)}")
        pages.append(embed)
    return pages

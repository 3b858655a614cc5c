"""/letterboxed's look: the box picture with hints, and the ranked solutions as pages, each with
the picture of its first solution."""

from __future__ import annotations

import discord

from bot.lab.letterbox import text
from bot.pictures.box_words import BOX_FILE, BOX_RGB
from bot.text import plural
from solvers.letterbox import Solution, Solved

COLOUR = discord.Colour.from_rgb(*BOX_RGB)
PER_PAGE = 15


def hints_embed(solved: Solved) -> discord.Embed:
    embed = discord.Embed(title=f"Letter Boxed · {text.box_name(solved.box)}", colour=COLOUR)
    lines = [text.counts_line(solved)]
    if solved.solutions:
        best = solved.solutions[0]
        lines.append(f"The best solution has {plural(len(best.words), 'word')}, shaped {text.shape_hint(best)}.")
        lines.append("The buttons reveal more, privately: the first word, the best solution, all of them.")
    else:
        lines.append(text.no_solution(solved))
    embed.description = "\n".join(lines)
    if text.shows_box(solved.box):
        embed.set_image(url=f"attachment://{BOX_FILE}")
    embed.set_footer(text=f"lexicon: {solved.lexicon}")
    return embed


def pictured(solved: Solved, page: int) -> Solution:
    """The solution a page of solutions shows in its picture: its first, the best on the page."""
    return solved.solutions[page * PER_PAGE]


def solution_pages(solved: Solved) -> list[discord.Embed]:
    title = f"Letter Boxed · {text.box_name(solved.box)}: {text.solution_counts(solved)}"
    if not solved.solutions:
        return [discord.Embed(title=title, colour=COLOUR, description=text.no_solution(solved))]
    pages = []
    chunks = [solved.solutions[k:k + PER_PAGE] for k in range(0, len(solved.solutions), PER_PAGE)]
    for number, chunk in enumerate(chunks, start=1):
        start = (number - 1) * PER_PAGE
        body = "\n".join(f"**{start + k}.** {text.chain(s)} · {text.how_common(s)}"
                         for k, s in enumerate(chunk, start=1))
        embed = discord.Embed(title=title, colour=COLOUR, description=body)
        if text.shows_box(solved.box):
            embed.set_image(url=f"attachment://{BOX_FILE}")  # the page's first solution (see pictured)
        embed.set_footer(text=f"pictured: no. {start + 1} · {text.RANKING} · lexicon: {solved.lexicon}"
                         + (f" · page {number}/{len(chunks)}" if len(chunks) > 1 else ""))
        pages.append(embed)
    return pages

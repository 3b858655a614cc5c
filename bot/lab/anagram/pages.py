"""/anagram's pages, rebuilt on demand from a compact state (``full:sub:AALNST?:I``).

A query is solved once and kept, laid out, in a small cache; a page turn after a restart (or
after the cache let it go) solves it again. At most ``MAX_SHOWN`` words are laid out; the title
says how many there are in all.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

import discord

from bot.jobs import Job, JobRunner
from bot.lab.anagram.embeds import anagram_pages
from bot.views import Page
from solvers.anagram import Query, Solution, parse_query, solve
from solvers.lexicon import Lexicon

MAX_SHOWN = 10_000
CACHED_QUERIES = 64
HEAVY_WORK = 2_000_000  # letter counts compared, above which a solve goes to a worker process


@dataclass(frozen=True, slots=True)
class Laid:
    """A solved query laid out as pages."""

    query: Query
    pages: list[discord.Embed]


def state_of(lexicon: str, query: Query) -> str:
    return f"{lexicon}:{query.mode}:{query.rack}:{query.board.upper()}"


def parse_state(state: str) -> tuple[str, Query]:
    lexicon, mode, rack, board = state.split(":", 3)
    return lexicon, parse_query(rack, board, mode)


def work(lexicon: Lexicon, query: Query) -> int:
    """About how many letter counts the search compares: rows scanned x letters x board letters."""
    span = lexicon.length_slice(2 if query.mode == "sub" else query.rack.tiles, query.rack.tiles + (1 if query.board else 0))
    return (span.stop - span.start) * (len(set(query.rack.letters)) + 1) * max(1, len(query.board))


def solve_named(lexicon_name: str, query: Query) -> Solution:
    """In a worker process: the word list is already loaded there (bot.job_preload)."""
    return solve(Lexicon.load(lexicon_name), query, MAX_SHOWN)


class AnagramPages:
    command = "anagram"

    def __init__(self, lexicons: dict[str, Lexicon], jobs: JobRunner) -> None:
        self.lexicons, self.jobs = lexicons, jobs
        self._cache: OrderedDict[str, Laid] = OrderedDict()

    def is_heavy(self, lexicon_name: str, query: Query) -> bool:
        """Whether the query needs a worker process (and is not laid out already)."""
        return state_of(lexicon_name, query) not in self._cache and work(self.lexicons[lexicon_name], query) > HEAVY_WORK

    async def laid_out(self, lexicon_name: str, query: Query, job: Job | None = None) -> Laid:
        """The query's pages: from the cache, or solved in the worker ``job`` reserved for a
        heavy query, or (quick ones) in a thread."""
        key = state_of(lexicon_name, query)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        if job is not None:
            solution = await self.jobs.run(job, solve_named, lexicon_name, query)
        else:
            solution = await asyncio.to_thread(solve, self.lexicons[lexicon_name], query, MAX_SHOWN)
        laid = Laid(query, await asyncio.to_thread(anagram_pages, query, solution, lexicon_name))
        self._cache[key] = laid
        while len(self._cache) > CACHED_QUERIES:
            self._cache.popitem(last=False)
        return laid

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        lexicon_name, query = parse_state(state)  # a damaged id raises ValueError (RackError is one)
        if lexicon_name not in self.lexicons:
            raise ValueError(f"unknown word list {lexicon_name!r}")
        job = self.jobs.reserve(interaction.user.id, "anagram") if self.is_heavy(lexicon_name, query) else None
        laid = await self.laid_out(lexicon_name, query, job)
        number = min(number, len(laid.pages) - 1)
        return Page(laid.pages[number], number, len(laid.pages))


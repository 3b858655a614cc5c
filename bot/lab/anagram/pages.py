"""/anagram's pages, rebuilt on demand from a compact state (``full:sub:alpha:0:AALNST?:I``).

A request is solved once and kept, laid out, in a small cache; a page turn after a restart (or
after the cache let it go) solves it again. At most ``MAX_SHOWN`` words are laid out; the title
says how many there are in all. Vulgar words are left out unless the server shows them.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

import discord

from bot.jobs import Job, JobRunner
from bot.lab.anagram.embeds import anagram_pages
from bot.lexicons.guild_lists import GuildLists, UnknownList, has_commonness
from bot.lexicons.notes import NO_COMMONNESS
from bot.views import Page
from solvers.anagram import SORTS, Query, Solution, parse_query, solve
from solvers.letters import code_letters
from solvers.lexicon import Lexicon, is_bundled, language_of
from solvers.wordlist import load_source

MAX_SHOWN = 10_000
CACHED_QUERIES = 64
HEAVY_WORK = 2_000_000  # letter counts compared, above which a solve goes to a worker process


@dataclass(frozen=True, slots=True)
class Request:
    lexicon: str
    query: Query
    sort: str = "alpha"
    show_vulgar: bool = False

    @property
    def state(self) -> str:
        return (f"{self.lexicon}:{self.query.mode}:{self.sort}:{int(self.show_vulgar)}:{self.query.rack}:"
                f"{self.query.board.upper()}")

    @classmethod
    def from_state(cls, state: str) -> Request:
        """Raises ValueError for a state that is not one (RackError is a ValueError)."""
        lexicon, mode, sort, vulgar, rack, board = state.split(":", 5)
        if sort not in SORTS or vulgar not in ("0", "1"):
            raise ValueError(f"not an /anagram page state: {state[:60]!r}")
        return cls(lexicon, parse_query(rack, board, mode, code_letters(language_of(lexicon))), sort, vulgar == "1")


def work(lexicon: Lexicon, query: Query) -> int:
    """About how many letter counts the search compares: rows scanned x letters x board letters."""
    span = lexicon.length_slice(2 if query.mode == "sub" else query.rack.tiles,
                                query.rack.tiles + (1 if query.board else 0))
    return (span.stop - span.start) * (len(set(query.rack.letters)) + 1) * max(1, len(query.board))


def solve_request(lexicon: Lexicon, request: Request) -> Solution:
    hide = None if request.show_vulgar else lexicon.vulgar
    return solve(lexicon, request.query, MAX_SHOWN, hide=hide, sort=request.sort)


def solve_in_worker(request: Request, source: str) -> Solution:
    """In a worker process: a bundled list is already loaded there (bot.job_preload); a
    server's own list is read from its words file (``source``, see ``GuildLists.source``)."""
    return solve_request(load_source(source, request.lexicon), request)


class AnagramPages:
    command = "anagram"

    def __init__(self, jobs: JobRunner, guild_lists: GuildLists) -> None:
        self.jobs, self.guild_lists = jobs, guild_lists
        self._cache: OrderedDict[tuple[int | None, str], list[discord.Embed]] = OrderedDict()

    @staticmethod
    def _key(guild_id: int | None, request: Request) -> tuple[int | None, str]:
        """A server's own list is that server's: its results are cached under its id."""
        return (None if is_bundled(request.lexicon) else guild_id), request.state

    def is_heavy(self, guild_id: int | None, request: Request, lexicon: Lexicon) -> bool:
        """Whether the request needs a worker process (and is not laid out already)."""
        return self._key(guild_id, request) not in self._cache and work(lexicon, request.query) > HEAVY_WORK

    async def laid_out(self, guild_id: int | None, request: Request, lexicon: Lexicon,
                       job: Job | None = None) -> list[discord.Embed]:
        """The request's pages: from the cache, or solved in the worker ``job`` reserved for a
        heavy request, or (quick ones) in a thread."""
        key = self._key(guild_id, request)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        if job is not None:
            try:
                source = await self.guild_lists.source(guild_id, request.lexicon)
            except UnknownList:  # the list was removed since it was read: the reserved place is given back
                self.jobs.release(job)
                raise
            solution = await self.jobs.run(job, solve_in_worker, request, source)
        else:
            solution = await asyncio.to_thread(solve_request, lexicon, request)
        note = NO_COMMONNESS if request.sort == "common" and not has_commonness(lexicon) else ""
        pages = await asyncio.to_thread(anagram_pages, request.query, solution, request.lexicon, request.show_vulgar,
                                        note, lexicon.display)
        if is_bundled(request.lexicon):  # a server's own list may change: its results are not kept
            self._cache[key] = pages
            while len(self._cache) > CACHED_QUERIES:
                self._cache.popitem(last=False)
        return pages

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        request = Request.from_state(state)
        try:
            lexicon = await self.guild_lists.resolve(interaction.guild_id, request.lexicon)
            heavy = self.is_heavy(interaction.guild_id, request, lexicon)
            job = self.jobs.reserve(interaction.user.id, "anagram") if heavy else None
            pages = await self.laid_out(interaction.guild_id, request, lexicon, job)
        except UnknownList as unknown:  # the server's list was removed since
            raise ValueError(str(unknown)) from unknown
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))

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
from bot.views import Page
from solvers.anagram import SORTS, Query, Solution, parse_query, solve
from solvers.lexicon import Lexicon

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
        return f"{self.lexicon}:{self.query.mode}:{self.sort}:{int(self.show_vulgar)}:{self.query.rack}:{self.query.board.upper()}"

    @classmethod
    def from_state(cls, state: str) -> Request:
        """Raises ValueError for a state that is not one (RackError is a ValueError)."""
        lexicon, mode, sort, vulgar, rack, board = state.split(":", 5)
        if sort not in SORTS or vulgar not in ("0", "1"):
            raise ValueError(f"not an /anagram page state: {state[:60]!r}")
        return cls(lexicon, parse_query(rack, board, mode), sort, vulgar == "1")


def work(lexicon: Lexicon, query: Query) -> int:
    """About how many letter counts the search compares: rows scanned x letters x board letters."""
    span = lexicon.length_slice(2 if query.mode == "sub" else query.rack.tiles, query.rack.tiles + (1 if query.board else 0))
    return (span.stop - span.start) * (len(set(query.rack.letters)) + 1) * max(1, len(query.board))


def solve_request(lexicon: Lexicon, request: Request) -> Solution:
    hide = None if request.show_vulgar else lexicon.vulgar
    return solve(lexicon, request.query, MAX_SHOWN, hide=hide, sort=request.sort)


def solve_in_worker(request: Request) -> Solution:
    """In a worker process: the word list is already loaded there (bot.job_preload)."""
    return solve_request(Lexicon.load(request.lexicon), request)


class AnagramPages:
    command = "anagram"

    def __init__(self, lexicons: dict[str, Lexicon], jobs: JobRunner) -> None:
        self.lexicons, self.jobs = lexicons, jobs
        self._cache: OrderedDict[str, list[discord.Embed]] = OrderedDict()

    def is_heavy(self, request: Request) -> bool:
        """Whether the request needs a worker process (and is not laid out already)."""
        return request.state not in self._cache and work(self.lexicons[request.lexicon], request.query) > HEAVY_WORK

    async def laid_out(self, request: Request, job: Job | None = None) -> list[discord.Embed]:
        """The request's pages: from the cache, or solved in the worker ``job`` reserved for a
        heavy request, or (quick ones) in a thread."""
        if request.state in self._cache:
            self._cache.move_to_end(request.state)
            return self._cache[request.state]
        if job is not None:
            solution = await self.jobs.run(job, solve_in_worker, request)
        else:
            solution = await asyncio.to_thread(solve_request, self.lexicons[request.lexicon], request)
        pages = await asyncio.to_thread(anagram_pages, request.query, solution, request.lexicon)
        self._cache[request.state] = pages
        while len(self._cache) > CACHED_QUERIES:
            self._cache.popitem(last=False)
        return pages

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        request = Request.from_state(state)
        if request.lexicon not in self.lexicons:
            raise ValueError(f"unknown word list {request.lexicon!r}")
        job = self.jobs.reserve(interaction.user.id, "anagram") if self.is_heavy(request) else None
        pages = await self.laid_out(request, job)
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))

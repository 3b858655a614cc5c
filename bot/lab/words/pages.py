"""/pattern's pages, rebuilt on demand from a compact state (``full:common:0:3:9:ee:c?t*``).

A page button's custom id holds the state, so the pages turn after a restart. Discord allows
100 characters in a custom id; when a long pattern (up to 100 characters) and its letters to
include do not fit, the state leaves them out (``@``) and they are read back from the message
the button is on: its title starts with the pattern and its footer says ``with LETTERS`` (a
pattern the title names only as "Your pattern", one that may not be written back, cannot be
read back: its pages then say to run /pattern again).
A search takes milliseconds (``solvers.pattern``), so it runs in a thread, never a worker.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from dataclasses import dataclass

import discord

from bot.host import host
from bot.lab.words import text
from bot.lab.words.embeds import pattern_pages
from bot.lexicons.guild_lists import UnknownList, has_commonness
from bot.views import Page
from solvers.lexicon import MAX_WORD_LENGTH, Lexicon, is_bundled
from solvers.pattern import match

STATE_CHARS = 50  # what a page button's custom id leaves for the state (pg:pattern:<owner>:<until>:n99:…)
CACHED_QUERIES = 64
FROM_MESSAGE = "@"
_WITH = re.compile(r"· with ([A-ZÄÖÜÑ]+)(?: ·|$)")


@dataclass(frozen=True, slots=True)
class Request:
    lexicon: str
    pattern: str
    sort: str = "common"
    show_vulgar: bool = False
    min_length: int = 1
    max_length: int = MAX_WORD_LENGTH
    includes: str = ""

    @property
    def state(self) -> str:
        """The whole request, or (too long for a custom id) all of it but the pattern and the letters to include."""
        head = f"{self.lexicon}:{self.sort}:{int(self.show_vulgar)}:{self.min_length}:{self.max_length}"
        whole = f"{head}:{self.includes}:{self.pattern}"
        return whole if len(whole) <= STATE_CHARS else f"{head}:{FROM_MESSAGE}"

    @classmethod
    def from_state(cls, state: str, message: discord.Message | None = None) -> Request:
        """Raises ValueError for a state that is not one, or whose message no longer says its pattern."""
        parts = state.split(":", 6)
        if len(parts) == 6 and parts[5] == FROM_MESSAGE:
            parts[5:] = _pattern_in(message)
        if len(parts) != 7 or parts[1] not in text.ORDERS or parts[2] not in ("0", "1"):
            raise ValueError(f"not a /pattern page state: {state[:60]!r}")
        lexicon, sort, vulgar, low, high, includes, pattern = parts
        return cls(lexicon, pattern, sort, vulgar == "1", int(low), int(high), includes)


def _pattern_in(message: discord.Message | None) -> list[str]:
    """The letters to include and the pattern, read back from a page of the message."""
    embed = message.embeds[0] if message is not None and message.embeds else None
    if embed is None or not embed.title or ": " not in embed.title or embed.title.startswith(f"{text.YOUR_PATTERN}:"):
        raise ValueError("the pages' message no longer shows its pattern")
    if f"· with {text.YOUR_LETTERS}" in (embed.footer.text or ""):
        raise ValueError("the pages' message does not show its letters to include")
    found = _WITH.search(embed.footer.text or "")
    return [found[1].lower() if found else "", embed.title.split(": ", 1)[0].lower()]


class PatternPages:
    command = "pattern"

    def __init__(self) -> None:
        self._cache: OrderedDict[str, list[discord.Embed]] = OrderedDict()

    async def laid_out(self, request: Request, lexicon: Lexicon) -> list[discord.Embed]:
        """The request's pages on ``lexicon`` (the list it names); a bundled list's are cached."""
        key = repr(request)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        pages = await asyncio.to_thread(self._solve, request, lexicon if request.show_vulgar
                                        else lexicon.without_vulgar())
        if is_bundled(request.lexicon):  # a server's own list may change: not cached under its name
            self._cache[key] = pages
            while len(self._cache) > CACHED_QUERIES:
                self._cache.popitem(last=False)
        return pages

    @staticmethod
    def _solve(request: Request, lexicon: Lexicon) -> list[discord.Embed]:
        result = match(lexicon, request.pattern, min_length=request.min_length, max_length=request.max_length,
                       includes=request.includes, order=text.ORDERS[request.sort])
        return pattern_pages(result, request.lexicon, request.sort, request.show_vulgar, has_commonness(lexicon))

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        request = Request.from_state(state, interaction.message)
        try:
            lexicon = await host(interaction.client).guild_lists.resolve(interaction.guild_id, request.lexicon)
        except UnknownList as unknown:  # the server's list was removed since
            raise ValueError(str(unknown)) from unknown
        pages = await self.laid_out(request, lexicon)
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))

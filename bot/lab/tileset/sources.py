"""The words behind a /tiles question: a server list checked against the one the question was asked
of (``with_source``), what its answers are kept under (``question_key``), and the page source of a
best answer's words (``Words``), kept for recent answers and found in a worker otherwise."""

from __future__ import annotations

import dataclasses
import re
from collections import OrderedDict

import discord

from bot.host import host
from bot.lab.tileset import embeds
from bot.lab.tileset.buttons import STATE, question_of, shows_vulgar
from bot.lab.tileset.store import LIST_MARK, BestKnown, Question, TilesetStore
from bot.lab.tileset.work import formable_in_worker
from bot.lexicons.guild_lists import GuildLists
from bot.views import Page
from solvers.list_names import is_bundled
from solvers.wordlist import name_shown


class ListChanged(ValueError):
    """A server's list that a question (a button's) names has been replaced or removed since."""


async def with_source(guild_lists: GuildLists, guild_id: int | None, question: Question) -> Question:
    """The question ready for a worker: a server list's words file found (ListChanged when the
    list is gone or its words are not the ones the question was asked of)."""
    if is_bundled(question.name):
        return question
    current = {info.name: info.digest for info in await guild_lists.lists(guild_id)} if guild_id is not None else {}
    if current.get(question.name) is None or question_key(question.name, current[question.name]) != question.lexicon:
        named = f" {question.name!r}" if name_shown(question.name) else ""  # a hidden list's name is never written
        raise ListChanged(f"This server's word list{named} has been replaced or removed since: run `/tiles` again.")
    return dataclasses.replace(question, source=await guild_lists.source(guild_id, question.name))


def question_key(name: str, digest: str) -> str:
    """What a question's answers are kept under: a bundled list's name, or a server list's name
    and the start of its content's digest."""
    return name if is_bundled(name) else f"{name}{LIST_MARK}{digest[:16]}"


class Words:
    """The page source of the words of a question's best known answer (``full:20:2:skip:30``);
    the words of recent answers are kept, others are found in a worker (a list takes a moment)."""

    command = "tiles"

    def __init__(self, store: TilesetStore, jobs, guild_lists: GuildLists) -> None:
        self.store, self.jobs, self.guild_lists = store, jobs, guild_lists
        self._cache: OrderedDict[tuple[Question, tuple[str, ...]], tuple[str, ...]] = OrderedDict()

    def keep(self, question: Question, tiles: tuple[str, ...], words: tuple[str, ...]) -> None:
        self._cache[(question, tuple(sorted(tiles)))] = words
        while len(self._cache) > 16:
            self._cache.popitem(last=False)

    async def of(self, question: Question, owner: int, guild_id: int | None) -> tuple[BestKnown, tuple[str, ...]]:
        """The best known answer and its words: kept ones (those of a search just finished, even on
        a list removed meanwhile), or found again in a worker (ListChanged: the list is gone)."""
        best = await self.store.best(question)
        if best is None:
            raise ValueError("no stored answer")
        key = (question, best.tiles)
        if key not in self._cache:
            question = await with_source(self.guild_lists, guild_id, question)
            job = self.jobs.reserve(owner, "tiles words")
            self.keep(question, best.tiles, await self.jobs.run(job, formable_in_worker, question, best.tiles))
        return best, self._cache[key]

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        match = re.fullmatch(STATE, state)
        if match is None:
            raise ValueError(f"bad state {state!r}")
        question = question_of(match, await shows_vulgar(host(interaction.client), interaction))
        best, words = await self.of(question, interaction.user.id, interaction.guild_id)  # ListChanged: a ValueError
        pages = embeds.word_pages(question, best.tiles, words)
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))

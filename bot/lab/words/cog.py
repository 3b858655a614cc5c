"""/word, /judge, /pattern and /define: the word player's toolbox.

Replies about words of the list are public, as /anagram's are; every answer about a word that
is not in the list (a /word card that finds nothing, a /define of an unknown word, a /judge that
does not accept) is private, so a channel never shows what someone typed that is no word. A
word the player typed is written back only when it may be: never a slur, not even inside a
longer token (``solvers.screen``: "That is not a word here."), and a flagged word only where
the server shows vulgar words; results (hooks, anagrams, pattern matches) come from the list less its vulgar
words unless the server shows them.

A word not in the list gets "Did you mean" (the nearest words of that list, ``text.did_you_mean``)
in a private note after the public reply: from /word, /define and a /judge of one word. A /judge
of a play of two or more words is the club judge, which never helps.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import notes
from bot.lab.words import embeds, text
from bot.lab.words.pages import PatternPages, Request
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.guild_lists import UnknownList
from bot.views import Page, page_sources, send_notice, send_pages
from solvers.alphabets import fold, fold_letters
from solvers.definitions import Definitions
from solvers.lexicon import Lexicon
from solvers.pattern import MAX_PATTERN, PatternError, parse_pattern
from solvers.wordcard import WordError, bundled_lists, judge, parse_play, parse_word, word_facts

if TYPE_CHECKING:
    from bot.host import Host

SORT_CHOICES = [
    app_commands.Choice(name="most common first within each length", value="common"),
    app_commands.Choice(name="A to Z within each length", value="alpha"),
]


class Words(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.pages = PatternPages()

    async def cog_load(self) -> None:
        page_sources(self.bot)["pattern"] = self.pages
        await asyncio.to_thread(Definitions.load)  # a fifth of a second, once: the first card is then quick

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("pattern", None)

    async def _asked_word(self, interaction: discord.Interaction, typed: str, lexicon: str | None,
                          language: str | None = None) -> tuple[str, str, Lexicon, bool] | None:
        """The word asked about (read in the list's letters: ``élève`` and ``eleve`` alike in
        French), the list's name and lexicon and whether vulgar words are shown; None when the
        player was told privately what to fix, or that the word is not shown here (a slur or a
        hidden flagged word is never written back)."""
        if (chosen := await lexicon_option.chosen(interaction, lexicon, language)) is None:
            return None
        name, words, show_vulgar = chosen
        try:
            word = parse_word(fold(typed, words.language) or typed, words.alphabet)
        except WordError as error:
            await send_notice(interaction, str(error))
            return None
        if (refusal := text.refusal(word, show_vulgar)) is not None:
            await send_notice(interaction, refusal)
            return None
        return word, name, words if show_vulgar else words.without_vulgar(), show_vulgar

    async def _lists(self, guild_id: int | None, show_vulgar: bool, language: str) -> tuple[Lexicon, ...]:
        """The lists a card names: the language's bundled ones, then (in English) the server's own."""
        lists = list(bundled_lists(language))
        for name in await self.bot.guild_lists.names(guild_id) if guild_id is not None and language == "en" else ():
            try:
                lists.append(await self.bot.guild_lists.lexicon(guild_id, name))
            except UnknownList:  # removed since it was named: the card leaves it out
                continue
        return tuple(lists if show_vulgar else (listed.without_vulgar() for listed in lists))

    @app_commands.command(name="word", description="Is it a word? Its lists, commonness, hooks, anagrams and meaning")
    @app_commands.describe(word="One word, e.g. cat", lexicon=lexicon_option.DESCRIPTION,
                           language=language_option.DESCRIPTION)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    @app_commands.choices(language=language_option.CHOICES)
    async def word(self, interaction: discord.Interaction, word: str, lexicon: str | None = None,
                   language: str | None = None) -> None:
        if (asked := await self._asked_word(interaction, word, lexicon, language)) is None:
            return
        word, name, words, show_vulgar = asked
        lists = await self._lists(interaction.guild_id, show_vulgar, words.language)
        facts = await asyncio.to_thread(word_facts, word, words, lists)
        senses = text.senses_shown(word, show_vulgar) if words.language == "en" else ()  # WordNet is English
        card = embeds.card_embed(facts, senses, name, show_vulgar, words.display(word))
        await interaction.response.send_message(embed=card, ephemeral=not facts.found)
        if not facts.found:
            await _suggest(interaction, word, words, name, show_vulgar)

    @app_commands.command(name="define", description="What a word means (WordNet 3.0)")
    @app_commands.describe(word="One word, e.g. geese (inflected forms give their lemma's meaning)",
                           language=language_option.DESCRIPTION)
    @app_commands.choices(language=language_option.CHOICES)
    async def define(self, interaction: discord.Interaction, word: str, language: str | None = None) -> None:
        if (asked := await self._asked_word(interaction, word, "full", language)) is not None:
            word, name, words, show_vulgar = asked
            if words.language != "en":
                await send_notice(interaction, text.ENGLISH_ONLY)
                return
            senses = text.senses_shown(word, show_vulgar)
            unknown = not senses and word not in words
            await interaction.response.send_message(embed=embeds.define_embed(word, senses, show_vulgar),
                                                    ephemeral=unknown)
            if unknown:
                await _suggest(interaction, word, words, name, show_vulgar)

    @app_commands.command(name="judge", description="Club-style judge: is every word of a play valid?")
    @app_commands.describe(words="1 to 8 words, separated by spaces", lexicon=lexicon_option.DESCRIPTION,
                           language=language_option.DESCRIPTION)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    @app_commands.choices(language=language_option.CHOICES)
    async def judge(self, interaction: discord.Interaction, words: str, lexicon: str | None = None,
                    language: str | None = None) -> None:
        if (chosen := await lexicon_option.chosen(interaction, lexicon, language)) is None:
            return
        name, listed, show_vulgar = chosen
        try:
            play = parse_play(fold_letters(words, listed.language), listed.alphabet)
        except WordError as error:
            await send_notice(interaction, str(error))
            return
        acceptable = judge(play, listed)  # flagged words are words: the judge rules on them
        await interaction.response.send_message(text.judge_line(play, acceptable, name, show_vulgar),
                                                ephemeral=not acceptable)
        if not acceptable and len(play) == 1 and text.refusal(play[0], show_vulgar) is None:  # a play: club mode
            await _suggest(interaction, play[0], listed if show_vulgar else listed.without_vulgar(), name, show_vulgar)

    @app_commands.command(name="pattern", description="Words that fit a pattern: ? one letter, * "
                                                      "any run, [abc], [^abc]")
    @app_commands.describe(
        pattern="e.g. c?t* or *[aeiou][^s]; up to 100 characters",
        min_length="Shortest word length", max_length="Longest word length",
        includes="Letters the word must hold, e.g. ee",
        lexicon=lexicon_option.DESCRIPTION,
        sort="Most common first (default) or A to Z, within each length",
        language=language_option.DESCRIPTION,
    )
    @app_commands.choices(sort=SORT_CHOICES, language=language_option.CHOICES)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    async def pattern(self, interaction: discord.Interaction, pattern: app_commands.Range[str, 1, MAX_PATTERN * 2],
                      min_length: app_commands.Range[int, 1, 45] | None = None,
                      max_length: app_commands.Range[int, 1, 45] | None = None,
                      includes: app_commands.Range[str, 0, 90] | None = None,
                      lexicon: str | None = None,
                      sort: app_commands.Choice[str] | None = None, language: str | None = None) -> None:
        if (chosen := await lexicon_option.chosen(interaction, lexicon, language)) is None:
            return
        name, words, show_vulgar = chosen
        try:
            parsed = parse_pattern(fold_letters(pattern, words.language), min_length=min_length, max_length=max_length,
                                   includes=fold_letters(includes or "", words.language), letters=words.alphabet)
        except PatternError as error:
            await send_notice(interaction, str(error))
            return
        request = Request(name, parsed.text, sort.value if sort else "common", show_vulgar,
                          parsed.min_length, parsed.max_length, parsed.includes)
        pages = await self.pages.laid_out(request, words)
        await send_pages(interaction, "pattern", request.state, Page(pages[0], 0, len(pages)))


async def _suggest(interaction: discord.Interaction, word: str, lexicon: Lexicon, name: str, show_vulgar: bool) -> None:
    """The nearest words of the list to one not in it, in a private note after the reply."""
    near = await asyncio.to_thread(text.suggestions, word, lexicon, show_vulgar)
    if (line := text.did_you_mean(near, name, show_vulgar)) is not None:
        notes.add(interaction, line)


async def setup(bot: Host) -> None:
    await bot.add_cog(Words(bot))

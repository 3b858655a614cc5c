"""/word, /judge, /pattern and /define: the word player's toolbox.

Replies are public, as /anagram's are. A word the player typed is written back only when it may
be: never a slur ("That is not a word here."), and a flagged word only where the server shows
vulgar words; results (hooks, anagrams, pattern matches) come from the list less its vulgar
words unless the server shows them.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.lab.anagram.cog import LEXICON_CHOICES
from bot.lab.words import embeds, text
from bot.lab.words.pages import PatternPages, Request
from bot.views import Page, page_sources, send_pages
from solvers.definitions import Definitions
from solvers.lexicon import Lexicon
from solvers.pattern import MAX_PATTERN, PatternError, parse_pattern
from solvers.wordcard import WordError, bundled_lists, judge, parse_play, parse_word, word_facts

SORT_CHOICES = [
    app_commands.Choice(name="most common first within each length", value="common"),
    app_commands.Choice(name="A to Z within each length", value="alpha"),
]


class Words(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.pages = PatternPages(bot.lexicons)

    async def cog_load(self) -> None:
        page_sources(self.bot)["pattern"] = self.pages
        await asyncio.to_thread(Definitions.load)  # a fifth of a second, once: the first card is then quick

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("pattern", None)

    async def _choices(self, interaction: discord.Interaction, lexicon: app_commands.Choice[str] | None) -> tuple[str, bool]:
        """The list asked for (else the server's default) and whether the server shows vulgar words."""
        settings = await self.bot.db.guild_settings(interaction.guild_id) if interaction.guild_id else None
        name = lexicon.value if lexicon else settings.anagram_lexicon if settings else "full"
        return name, bool(settings and settings.show_vulgar)

    def _lexicon(self, name: str, show_vulgar: bool) -> Lexicon:
        lexicon = self.bot.lexicons[name]
        return lexicon if show_vulgar else lexicon.without_vulgar()

    async def _asked_word(self, interaction: discord.Interaction, typed: str,
                          lexicon: app_commands.Choice[str] | None) -> tuple[str, str, bool] | None:
        """The word asked about, the list and whether vulgar words are shown; None when the
        player was told privately what to fix, or that the word is not shown here (a slur or
        a hidden flagged word is never written back)."""
        try:
            word = parse_word(typed)
        except WordError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return None
        name, show_vulgar = await self._choices(interaction, lexicon)
        screened = text.screen([word], show_vulgar)
        if screened.hidden:
            await interaction.response.send_message(text.NOT_A_WORD if screened.slur else text.NOT_SHOWN, ephemeral=True)
            return None
        return word, name, show_vulgar

    @app_commands.command(name="word", description="Is it a word? Its lists, commonness, hooks, anagrams and meaning")
    @app_commands.describe(word="One word, e.g. cat", lexicon="Word list: full (default), common or huge")
    @app_commands.choices(lexicon=LEXICON_CHOICES)
    async def word(self, interaction: discord.Interaction, word: str, lexicon: app_commands.Choice[str] | None = None) -> None:
        if (asked := await self._asked_word(interaction, word, lexicon)) is None:
            return
        word, name, show_vulgar = asked
        lists = bundled_lists() if show_vulgar else tuple(listed.without_vulgar() for listed in bundled_lists())
        facts = await asyncio.to_thread(word_facts, word, self._lexicon(name, show_vulgar), lists)
        await interaction.response.send_message(embed=embeds.card_embed(facts, text.senses_shown(word, show_vulgar), name, show_vulgar))

    @app_commands.command(name="define", description="What a word means (WordNet 3.0)")
    @app_commands.describe(word="One word, e.g. geese (inflected forms give their lemma's meaning)")
    async def define(self, interaction: discord.Interaction, word: str) -> None:
        if (asked := await self._asked_word(interaction, word, None)) is not None:
            await interaction.response.send_message(embed=embeds.define_embed(asked[0], text.senses_shown(asked[0], asked[2]), asked[2]))

    @app_commands.command(name="judge", description="Club-style judge: is every word of a play valid?")
    @app_commands.describe(words="1 to 8 words, separated by spaces", lexicon="Word list: full (default), common or huge")
    @app_commands.choices(lexicon=LEXICON_CHOICES)
    async def judge(self, interaction: discord.Interaction, words: str, lexicon: app_commands.Choice[str] | None = None) -> None:
        try:
            play = parse_play(words)
        except WordError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        name, show_vulgar = await self._choices(interaction, lexicon)
        acceptable = judge(play, self.bot.lexicons[name])  # flagged words are words: the judge rules on them
        echo = not text.screen(play, show_vulgar).hidden
        await interaction.response.send_message(text.judge_line(play, acceptable, name, echo))

    @app_commands.command(name="pattern", description="Words that fit a pattern: ? one letter, * any run, [abc], [^abc]")
    @app_commands.describe(
        pattern="e.g. c?t* or *[aeiou][^s]; up to 100 characters",
        min_length="Shortest word length", max_length="Longest word length",
        includes="Letters the word must hold, e.g. ee",
        lexicon="Word list: full (default), common or huge",
        sort="Most common first (default) or A to Z, within each length",
    )
    @app_commands.choices(lexicon=LEXICON_CHOICES, sort=SORT_CHOICES)
    async def pattern(self, interaction: discord.Interaction, pattern: app_commands.Range[str, 1, MAX_PATTERN * 2],
                      min_length: app_commands.Range[int, 1, 45] | None = None,
                      max_length: app_commands.Range[int, 1, 45] | None = None,
                      includes: app_commands.Range[str, 0, 90] | None = None,
                      lexicon: app_commands.Choice[str] | None = None,
                      sort: app_commands.Choice[str] | None = None) -> None:
        try:
            parsed = parse_pattern(pattern, min_length=min_length, max_length=max_length, includes=includes or "")
        except PatternError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        name, show_vulgar = await self._choices(interaction, lexicon)
        request = Request(name, parsed.text, sort.value if sort else "common", show_vulgar,
                          parsed.min_length, parsed.max_length, parsed.includes)
        pages = await self.pages.laid_out(request)
        await send_pages(interaction, "pattern", request.state, Page(pages[0], 0, len(pages)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Words(bot))

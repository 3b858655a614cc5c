"""/tiles' buttons, which work after a restart: the question is in the custom id (``ts:more:`` keeps
improving its best known answer, ``ts:words:`` lists that answer's words, privately). Whether
vulgar words count is not: it is the server's setting at the click, so a server that has hidden
them since never sees them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

import discord

from bot.button_rows import buttons_view
from bot.host import host
from bot.lab.tileset.store import Question
from bot.views import apologise

if TYPE_CHECKING:
    from bot.host import Host


def state_of(question: Question, seconds: int) -> str:
    return f"{question.lexicon}:{question.count}:{question.size}:{question.odd}:{seconds}"


STATE = r"(?P<lexicon>[a-z0-9/\-]+(?:~[0-9a-f]{16})?):(?P<count>\d+):(?P<size>\d):(?P<odd>[a-z\-]+):(?P<seconds>\d+)"


def question_of(match: re.Match[str] | dict, vulgar: bool) -> Question:
    return Question(match["lexicon"], int(match["count"]), int(match["size"]), match["odd"], vulgar)


async def shows_vulgar(bot: Host, interaction: discord.Interaction) -> bool:
    """Whether vulgar words count here: only in a server that shows them (``/settings``)."""
    if interaction.guild_id is None:
        return False
    settings = await bot.db.guild_settings(interaction.guild_id)
    return bool(settings and settings.show_vulgar)


class TileAnswers(Protocol):
    """What answers the buttons under a search's answer (the Tiles cog, which provides it at cog_load)."""

    async def search(self, interaction: discord.Interaction, question: Question, seconds: int) -> None: ...

    async def send_words(self, interaction: discord.Interaction, question: Question, seconds: int) -> None: ...


class ImproveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"ts:more:" + STATE):
    """Runs the search again from the best known answer, for whoever presses it."""

    def __init__(self, question: Question, seconds: int) -> None:
        super().__init__(discord.ui.Button(label=f"Keep improving ({seconds} s)", style=discord.ButtonStyle.primary,
                                           custom_id=f"ts:more:{state_of(question, seconds)}"))
        self.question, self.seconds = question, seconds

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ImproveButton:
        return cls(question_of(match, await shows_vulgar(host(interaction.client), interaction)),
                   int(match["seconds"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            answers = host(interaction.client).providers.of(TileAnswers)
            await answers.search(interaction, self.question, self.seconds)


class WordsButton(discord.ui.DynamicItem[discord.ui.Button], template=r"ts:words:" + STATE):
    """The best known answer's words, paged, for whoever presses it (privately)."""

    def __init__(self, question: Question, seconds: int) -> None:
        super().__init__(discord.ui.Button(label="Words", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ts:words:{state_of(question, seconds)}"))
        self.question, self.seconds = question, seconds

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> WordsButton:
        return cls(question_of(match, await shows_vulgar(host(interaction.client), interaction)),
                   int(match["seconds"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            answers = host(interaction.client).providers.of(TileAnswers)
            await answers.send_words(interaction, self.question, self.seconds)


def answer_view(question: Question, seconds: int) -> discord.ui.View:
    return buttons_view(ImproveButton(question, seconds), WordsButton(question, seconds))

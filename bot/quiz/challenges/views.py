"""/challenge's buttons, select and form, which survive restarts: each custom id carries the day
and the challenge (``chal:<action>:<date>:<key>``, ``chal:pick:<date>``, ``chal:form:<date>:<key>``);
the guild and the player come with the press. They sit on the player's private replies only,
so whoever presses one is the player it is for. The cog (``Challenge``) answers them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Protocol

import discord

from bot.button_rows import buttons_view
from bot.host import host
from bot.views import apologise

_DATE = r"(?P<date>\d{4}-\d{2}-\d{2})"
_KEY = r"(?P<key>[a-z0-9\-]{1,20})"  # 7s, or in another language 7s-fr
FORM = re.compile(rf"chal:form:{_DATE}:{_KEY}")
FORM_CHARS = 4000
FORM_MINUTES = 15
BUTTONS = {"start": ("Start", discord.ButtonStyle.success), "answer": ("Answer", discord.ButtonStyle.primary),
           "finish": ("Finish", discord.ButtonStyle.secondary)}


class Answers(Protocol):
    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date, key: str) -> None: ...

    async def on_pick(self, interaction: discord.Interaction, date: dt.date, key: str) -> None: ...


def _cog(interaction: discord.Interaction) -> Answers:
    return host(interaction.client).providers.of(Answers)


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"chal:(?P<action>{'|'.join(BUTTONS)}):{_DATE}:{_KEY}"):
    def __init__(self, action: str, date: dt.date, key: str) -> None:
        label, style = BUTTONS[action]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"chal:{action}:{date.isoformat()}:{key}"))
        self.action, self.date, self.key = action, date, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ChallengeButton:
        return cls(match["action"], dt.date.fromisoformat(match["date"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            await _cog(interaction).on_button(interaction, self.action, self.date, self.key)


class ChallengePick(discord.ui.DynamicItem[discord.ui.Select], template=rf"chal:pick:{_DATE}"):
    """The day's list's select: which challenge to open."""

    def __init__(self, date: dt.date, options: Sequence[tuple[str, str, str]] = ()) -> None:
        """``options``: (key, title, what the player sees of it) of each challenge."""
        choices = [discord.SelectOption(label=title[:100], value=key, description=said[:100] or None)
                   for key, title, said in options] or [discord.SelectOption(label="challenge", value="-")]
        super().__init__(discord.ui.Select(placeholder="Open a challenge", options=choices,
                                           custom_id=f"chal:pick:{date.isoformat()}"))
        self.date = date

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> ChallengePick:
        return cls(dt.date.fromisoformat(match["date"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            await _cog(interaction).on_pick(interaction, self.date, (self.item.values or ["-"])[0])


class AnswerForm(discord.ui.Modal, title="Your words"):
    """The form of the Answer button; answered from its custom id by the cog's listener (``FORM``)."""

    words = discord.ui.TextInput(label="Your words, with spaces between them", custom_id="words",
                                 style=discord.TextStyle.paragraph, placeholder="e.g. RETAINS STAINER NASTIER",
                                 max_length=FORM_CHARS)

    def __init__(self, date: dt.date, key: str) -> None:
        # The listener answers it by its custom id; the timeout only lets discord.py forget a form
        # closed unsent (no play is longer than a quarter of an hour).
        super().__init__(timeout=FORM_MINUTES * 60, custom_id=f"chal:form:{date.isoformat()}:{key}")


def buttons(date: dt.date, key: str, actions: Sequence[str]) -> discord.ui.View | None:
    return buttons_view(*(ChallengeButton(action, date, key) for action in actions)) if actions else None


def pick_view(date: dt.date, options: Sequence[tuple[str, str, str]]) -> discord.ui.View:
    return buttons_view(ChallengePick(date, options))

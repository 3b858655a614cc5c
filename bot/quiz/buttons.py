"""The buttons and the form of a quiz round, with their state in their custom ids, so they answer
after a restart too: ``quiz:<action>:<round id>``.

- under the board: **Answer** (``answer``), which opens the form ``quiz:form:<round id>``, many
  words at once;
- under the end's scores: **Next round** (``next``), **Missed only** (``missed``), **Stop** (``stop``).
  Each obeys its command's rule: Answer, Next round and Missed only are anyone's, as ``/quiz start``
  is; Stop is for whoever started the round or a moderator, as ``/quiz stop`` (``cog.may_stop``).

A click goes to the Quiz cog's ``on_button``; a submitted form (``FORM``, registered with
``bot.forms``) to its ``on_form``, however late it comes.
"""

from __future__ import annotations

import re
from typing import Protocol

import discord

from bot.button_rows import buttons_view
from bot.host import host
from bot.views import apologise

LABELS = {"answer": ("Answer", discord.ButtonStyle.success), "next": ("Next round", discord.ButtonStyle.primary),
          "missed": ("Missed only", discord.ButtonStyle.secondary), "stop": ("Stop", discord.ButtonStyle.secondary)}
FORM_FIELD = "words"
FORM_CHARS = 1500  # a hundred-odd words: more than a round of fifty alphagrams needs at once
FORM = re.compile(r"quiz:form:(?P<round>\d{1,20})")


class QuizAnswers(Protocol):
    """What answers a round's buttons (the Quiz cog, which provides it at cog_load)."""

    async def on_button(self, interaction: discord.Interaction, action: str, round_id: int) -> None: ...


class QuizButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"quiz:(?P<action>answer|next|missed|stop):(?P<round>\d{1,20})"):
    def __init__(self, action: str, round_id: int) -> None:
        label, style = LABELS[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"quiz:{action}:{round_id}"))
        self.action, self.round_id = action, round_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> QuizButton:
        return cls(match["action"], int(match["round"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            answers = host(interaction.client).providers.of(QuizAnswers)
            await answers.on_button(interaction, self.action, self.round_id)


class AnswerForm(discord.ui.Modal, title="Answer"):
    """Many words at once; answered by the cog from its custom id, not by this object."""

    words = discord.ui.TextInput(label="Words, separated by spaces", custom_id=FORM_FIELD,
                                 style=discord.TextStyle.paragraph, placeholder="e.g. RETAINS NASTIER RETINAS",
                                 max_length=FORM_CHARS)

    def __init__(self, round_id: int) -> None:
        super().__init__(timeout=None, custom_id=f"quiz:form:{round_id}")


def view_of(round_id: int, *actions: str) -> discord.ui.View:
    return buttons_view(*(QuizButton(action, round_id) for action in actions))


def board_view(round_id: int) -> discord.ui.View:
    return view_of(round_id, "answer")


def end_view(round_id: int, missed: bool) -> discord.ui.View:
    return view_of(round_id, *(("next", "missed", "stop") if missed else ("next", "stop")))

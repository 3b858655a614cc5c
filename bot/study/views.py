"""/study's buttons and form, which survive restarts: each custom id carries all it needs.

- ``study:answer:<card>:<reps>:<shown>`` opens the answer form of a card (``reps``: the reviews
  it had when shown, so an answer is recorded once; ``shown``: when it was shown, in Unix
  seconds, so the answer's time is measured however late it comes);
- ``study:form:<card>:<reps>:<shown>`` is that form, answered by the cog's listener;
- ``study:grade:<review>:<rating>`` overrides the grade of a review (FSRS's 1 to 4);
- ``study:next:<review>`` shows the next due card (``0`` on a DM reminder).

The player comes with the press: every message is theirs alone (ephemeral, or in their DMs), and
the service finds a card or a review only in the deck of the player who pressed. The cog (``Study``)
answers them.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Protocol

import discord
from fsrs import Rating

from bot.button_rows import buttons_view
from bot.host import host
from bot.study.model import DueCard, ReviewResult
from bot.views import apologise

COG = "Study"
_ID = r"\d{1,20}"
FORM = re.compile(rf"study:form:(?P<card>{_ID}):(?P<reps>{_ID}):(?P<shown>{_ID})")
FORM_CHARS = 1000
FORM_MINUTES = 30
GRADES = (Rating.Again, Rating.Hard, Rating.Good, Rating.Easy)


class Answers(Protocol):
    async def on_answer(self, interaction: discord.Interaction, card_id: int, reps: int,
                        shown: dt.datetime) -> None: ...

    async def on_grade(self, interaction: discord.Interaction, review_id: int, rating: Rating) -> None: ...

    async def on_next(self, interaction: discord.Interaction) -> None: ...


def _cog(interaction: discord.Interaction) -> Answers:
    return host(interaction.client).providers.of(Answers)


def moment(seconds: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(seconds, dt.UTC)


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"study:answer:(?P<card>{_ID}):(?P<reps>{_ID}):(?P<shown>{_ID})"):
    def __init__(self, card_id: int, reps: int, shown: dt.datetime) -> None:
        custom_id = f"study:answer:{card_id}:{reps}:{int(shown.timestamp())}"
        super().__init__(discord.ui.Button(label="Answer", style=discord.ButtonStyle.primary, custom_id=custom_id))
        self.card_id, self.reps, self.shown = card_id, reps, shown

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> AnswerButton:
        return cls(int(match["card"]), int(match["reps"]), moment(int(match["shown"])))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            await _cog(interaction).on_answer(interaction, self.card_id, self.reps, self.shown)


class GradeButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"study:grade:(?P<review>{_ID}):(?P<rating>[1-4])"):
    def __init__(self, review_id: int, rating: Rating, current: bool = False) -> None:
        style = discord.ButtonStyle.success if current else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=rating.name, style=style, disabled=current,
                                           custom_id=f"study:grade:{review_id}:{int(rating)}"))
        self.review_id, self.rating = review_id, rating

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GradeButton:
        return cls(int(match["review"]), Rating(int(match["rating"])))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            await _cog(interaction).on_grade(interaction, self.review_id, self.rating)


class NextButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"study:next:(?P<review>{_ID})"):
    def __init__(self, review_id: int = 0, label: str = "Next ›") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"study:next:{review_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> NextButton:
        return cls(int(match["review"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            await _cog(interaction).on_next(interaction)


class AnswerForm(discord.ui.Modal, title="Your answer"):
    """The form of the Answer button; answered from its custom id by the cog's listener (``FORM``)."""

    words = discord.ui.TextInput(label="The words, with spaces between them", custom_id="words",
                                 style=discord.TextStyle.paragraph, placeholder="e.g. RETAINS STAINER NASTIER",
                                 max_length=FORM_CHARS, required=False)

    def __init__(self, card_id: int, reps: int, shown: dt.datetime) -> None:
        # The listener answers it by its custom id; the timeout only lets discord.py forget a form closed unsent.
        super().__init__(timeout=FORM_MINUTES * 60, custom_id=f"study:form:{card_id}:{reps}:{int(shown.timestamp())}")


def card_view(card: DueCard, shown: dt.datetime) -> discord.ui.View:
    return buttons_view(AnswerButton(card.card_id, card.reps, shown))


def result_view(result: ReviewResult, more: bool) -> discord.ui.View:
    """The four grades (the one given is shown pressed) and, when more cards are due, **Next**."""
    grades = (GradeButton(result.review_id, rating, current=rating == result.rating) for rating in GRADES)
    return buttons_view(*grades, *((NextButton(result.review_id),) if more else ()))


def reminder_view() -> discord.ui.View:
    """The DM reminder's one button: start studying there."""
    return buttons_view(NextButton(0, label="Study now"))


ITEMS = (AnswerButton, GradeButton, NextButton)

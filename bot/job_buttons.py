"""The Cancel button of a running long job (``bot.jobs``), and what a job's reply says when a
restart the bot did not see coming left it behind."""

from __future__ import annotations

import re
from typing import Protocol, cast

import discord

from bot.button_rows import buttons_view
from bot.jobs import JobRunner
from bot.views import apologise, send_notice


class WithJobs(Protocol):
    """What the button needs of the bot (``bot.host.Host``)."""

    @property
    def jobs(self) -> JobRunner: ...


class CancelJobButton(discord.ui.DynamicItem[discord.ui.Button], template=r"job:cancel:(?P<job>\d+):(?P<owner>\d+)"):
    """Stops a running job (``bot.jobs``); only the person who asked may. The message of the job
    itself says what was kept when it stops."""

    def __init__(self, job: int, owner: int) -> None:
        super().__init__(discord.ui.Button(label="Cancel", style=discord.ButtonStyle.danger,
                                           custom_id=f"job:cancel:{job}:{owner}"))
        self.job, self.owner = job, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> CancelJobButton:
        return cls(int(match["job"]), int(match["owner"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            jobs = cast(WithJobs, interaction.client).jobs
            if jobs.from_before_restart(self.job):  # its reply was left behind: say so there, and drop the button
                await interaction.response.edit_message(embeds=_stopped_by_restart(interaction.message), view=None)
                await send_notice(interaction, "That job was stopped by a restart; run the command again.")
            elif interaction.user.id != self.owner:
                await send_notice(interaction, f"Only <@{self.owner}> can cancel this.",
                                  allowed_mentions=discord.AllowedMentions.none())
            elif jobs.cancel(self.job, interaction.user.id):
                await interaction.response.send_message("Cancelled.", ephemeral=True)
            else:
                await send_notice(interaction, "That has already finished.")


def _stopped_by_restart(message: discord.Message | None) -> list[discord.Embed]:
    """A running job's embeds, left behind by a restart the bot did not see coming (the process
    was killed), marked as stopped: nothing of the job is left to finish them with."""
    embeds = list(message.embeds) if message is not None else []
    for embed in embeds:
        embed.set_footer(text=JOB_RESTARTED)
    return embeds or [discord.Embed(description=JOB_RESTARTED)]


JOB_RESTARTED = "Stopped by a restart before it finished; nothing it found was saved. Run the command again."


def cancel_view(job: int, owner: int) -> discord.ui.View:
    """The Cancel button of a running job, alone in a view."""
    return buttons_view(CancelJobButton(job, owner))

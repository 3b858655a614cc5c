"""Lines a command's helpers add to its reply from below, e.g. that the server's default word list
is gone and full is used (``bot.lexicons.option``): kept on the interaction while the command
runs, and sent privately, once, when it has answered (``WordBot.on_app_command_completion``, or
after the notice of an error), so no command has to carry them through its own reply."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)
_KEY = "wordbot.notes"


def add(interaction: discord.Interaction, line: str) -> None:
    interaction.extras.setdefault(_KEY, []).append(line)


async def send(interaction: discord.Interaction) -> None:
    """Send the lines added, each once, as one private message (a follow-up once answered)."""
    lines = interaction.extras.pop(_KEY, None)
    if not lines:
        return
    reply = interaction.followup.send if interaction.response.is_done() else interaction.response.send_message
    try:
        await reply("\n".join(dict.fromkeys(lines)), ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not send a note after a command", exc_info=True)

"""A player's own chain of a day's box in Discord, for any language's box: the English box's solo
days (``bot.games.letterbox.cog``) and each language's box (``variants``) answer with the same
replies, each under its own buttons (``button``: ``box:…``, ``letterbox-fr:…``)."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass

import discord

from bot.games.buttons import PostButton
from bot.games.letterbox import embeds, share
from bot.games.letterbox.game import ChainState, LetterBoxedGame, Played, Ruling
from bot.games.letterbox.together import TeamPlay
from bot.games.together.chain import Command, TeamCommand
from bot.pictures import png
from bot.pictures.box import render_box
from bot.pictures.box_words import BOX_FILE
from bot.text import markdown_bold, plural
from bot.views import send_notice
from solvers.letterbox import DailyBox


async def box_file(puzzle: DailyBox, chain: tuple[str, ...] = ()) -> discord.File:
    """The day's box, with a player's chain drawn word by word when there is one."""
    picture = await png.drawn(render_box, puzzle.box.sides, chain)
    return discord.File(io.BytesIO(picture), filename=BOX_FILE, description=embeds.box_alt(puzzle, chain))


def took_nothing(move: Played | TeamPlay | TeamCommand) -> bool:
    """A move that changed nothing (its first word refused, the chain solved or full, nothing to
    undo, another's word): counted refused in the metrics."""
    if isinstance(move, TeamCommand):
        return move.command in (Command.NOTHING_TO_UNDO, Command.NOT_YOURS)
    return not move.result.played and move.result.outcome is not Ruling.PLAYED


@dataclass(frozen=True, slots=True)
class SoloBox:
    """A language's box played alone: ``game`` (its boxes and chains) and its post's ``button`` class."""

    game: LetterBoxedGame
    button: type[PostButton]
    announcements = staticmethod(embeds.announcements)  # what the channel hears of a move
    took_nothing = staticmethod(took_nothing)  # a move counted refused in the metrics

    def with_own_buttons(self, state: ChainState, owner: int) -> dict:
        """The Definitions and Share buttons, for a reply about a player who has words that day."""
        has_words = state.chain or state.best is not None
        return {"view": self.button.reply_view(state.puzzle.date, ("defs", "share"), owner)} if has_words else {}

    async def play_reply(self, played: Played, shown: bool) -> tuple[str, dict]:
        """The private reply to a player's move, the chain drawn when a word was played."""
        result = played.result
        extra = {"file": await box_file(result.puzzle, result.chain)} if result.played else {}
        return embeds.play_reply(result, shown), extra | self.button.after_move(
            played.day.date, result.outcome in (Ruling.SOLVED, Ruling.ALREADY_SOLVED), played.player_id)

    async def send_today(self, interaction: discord.Interaction, date: dt.date, *, chain_only: bool = False) -> None:
        """The day's box with the player's chain and best solve, privately (``chain_only``: titled as their chain)."""
        state = await self.game.state(interaction.guild_id, interaction.user.id, date)
        embed = embeds.chain_embed(state) if chain_only else embeds.today_embed(state, self.game.info)
        await interaction.response.send_message(embed=embed, ephemeral=True,
                                                file=await box_file(state.puzzle, state.chain),
                                                **self.with_own_buttons(state, interaction.user.id))

    async def undo(self, interaction: discord.Interaction, date: dt.date) -> None:
        removed, state = await self.game.undo(interaction.guild_id, interaction.user.id, date)
        if removed:
            await interaction.response.send_message(f"Took back {removed.upper()}.\n{embeds.state_text(state)}",
                                                    ephemeral=True)
        else:
            await send_notice(interaction, f"Your chain is empty: nothing to undo.\n{embeds.state_text(state)}")

    async def restart(self, interaction: discord.Interaction, date: dt.date) -> None:
        cleared, _ = await self.game.restart(interaction.guild_id, interaction.user.id, date)
        if cleared:
            await interaction.response.send_message(f"Cleared your chain of {plural(cleared, 'word')}. "
                                                    "Start anywhere on the box.", ephemeral=True)
        else:
            await send_notice(interaction, "Your chain was already empty. Start anywhere on the box.")

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        return share.share_text(await self.game.state(guild_id, user_id, date), f"<@{user_id}>", markdown_bold,
                                self.game.info)

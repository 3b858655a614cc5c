"""A player's own climb of a day's ladder in Discord, for any language's ladder: the English
ladder's solo days (``bot.games.ladder.cog``) and each language's ladder (``variants``) answer
with the same replies, each under its own buttons (``button``: ``ladder:…``, ``ladder-fr:…``)."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.button_rows import buttons_view
from bot.games.buttons import PostButton
from bot.games.ladder import embeds, text
from bot.games.ladder.game import ClimbState, LadderGame, Played, Ruling
from bot.games.ladder.hints import Hint
from bot.games.ladder.picture import LADDER_FILE, alt_text, render_ladder
from bot.games.ladder.team_replies import took_nothing
from bot.pictures import png
from bot.text import fit_alt, markdown_bold, plural
from bot.views import send_notice
from solvers.ladder import DailyLadder


async def ladder_file(puzzle: DailyLadder, rungs: tuple[str, ...] = (), show_vulgar: bool = False) -> discord.File:
    """The day's ladder: spoiler-free without ``rungs``, else the player's climb drawn."""
    picture = await png.drawn(render_ladder, puzzle.start, puzzle.end, puzzle.par, rungs)
    described = alt_text(puzzle.start, puzzle.end, puzzle.par, rungs, lambda w: text.shown(w, show_vulgar, "(a word)"))
    return discord.File(io.BytesIO(picture), filename=LADDER_FILE, description=fit_alt(described))


@dataclass(frozen=True, slots=True)
class SoloLadder:
    """A language's ladder played alone: ``game`` (its ladders and climbs), its post's ``button``
    class, and whether a server shows vulgar words (``show_vulgar``)."""

    game: LadderGame
    button: type[PostButton]
    show_vulgar: Callable[[int], Awaitable[bool]]
    announcements = staticmethod(embeds.announcements)  # what the channel hears of a move
    took_nothing = staticmethod(took_nothing)  # a move counted refused in the metrics

    async def play_reply(self, played: Played, shown: bool) -> tuple[str, dict]:
        """The private reply to a player's move, its climb drawn when a rung was played."""
        result = played.result
        extra = {"file": await ladder_file(result.puzzle, result.rungs, shown)} if result.played else {}
        return text.play_reply(result, markdown_bold, shown), extra | self.button.after_move(
            played.day.date, result.outcome in (Ruling.SOLVED, Ruling.ALREADY_SOLVED), played.player_id)

    async def undo(self, interaction: discord.Interaction, date: dt.date) -> None:
        removed, state = await self.game.undo(interaction.guild_id, interaction.user.id, date)
        shown = await self.show_vulgar(interaction.guild_id)
        if removed:
            await interaction.response.send_message(
                f"Took back {text.shown(removed, shown, 'your last rung')}.\n"
                f"{text.state_text(state, markdown_bold, shown)}", ephemeral=True)
        else:
            await send_notice(interaction, "Your ladder has no rung yet: nothing to undo.")

    async def restart(self, interaction: discord.Interaction, date: dt.date) -> None:
        cleared, state = await self.game.restart(interaction.guild_id, interaction.user.id, date)
        start = state.puzzle.start.upper()
        await send_notice(interaction, f"Cleared your ladder of {plural(cleared, 'rung')}. Start again from "
                                       f"{start}." if cleared else f"Your ladder was empty. Start from {start}.")

    async def send_climb(self, interaction: discord.Interaction, date: dt.date) -> None:
        """The player's climb and best solve, privately, drawn."""
        state: ClimbState = await self.game.state(interaction.guild_id, interaction.user.id, date)
        shown = await self.show_vulgar(interaction.guild_id)
        owned = state.rungs or state.best is not None
        view = {"view": self.button.reply_view(date, ("defs", "share"), interaction.user.id)} if owned else {}
        await interaction.response.send_message(embed=embeds.today_embed(state, shown, self.game.info),
                                                ephemeral=True,
                                                file=await ladder_file(state.puzzle, state.rungs, shown), **view)

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        return text.share_text(await self.game.state(guild_id, user_id, date), f"<@{user_id}>", markdown_bold,
                               self.game.info)

    async def players_words(self, guild_id: int, user_id: int, date: dt.date) -> tuple[str, ...]:
        """The words of a player's climb and best solve (the Definitions button's)."""
        state = await self.game.state(guild_id, user_id, date)
        return tuple(dict.fromkeys(state.rungs + (state.best.rungs if state.best else ())))


async def send_hint(interaction: discord.Interaction, made: Hint, next_hint: Callable[[int], discord.ui.Item],
                    level: int = 1, *, edit: bool = False) -> None:
    """A hint up to ``level``, privately: a new reply, or (``edit``) in place of its own; with a
    button for the next level (``next_hint(level)``) while there is one."""
    view = None
    if level < made.levels:
        view = buttons_view(next_hint(level + 1))
    embed = embeds.hint_embed(made, level)
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True, **({"view": view} if view else {}))

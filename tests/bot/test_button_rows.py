"""A private reply's buttons are answered from their custom ids, so the bot keeps nothing of the
reply: discord.py would keep each view it sends, with a 15-minute timer task for a private one
(``bot/button_rows.py``)."""

import asyncio

import discord
import pytest

from bot.button_rows import buttons_view
from tests.bot.games.bee.test_bee_discord import START, Server, puzzle_of


def view_timers() -> list[asyncio.Task]:
    return [task for task in asyncio.all_tasks() if "__timeout_task_impl" in task.get_coro().__qualname__]


async def test_private_replies_keep_no_view_and_their_buttons_still_answer(simcord_env):
    server = Server(simcord_env)
    await server.start_day()
    words = sorted(puzzle_of(START).answers)[:6]
    replies = [await server.alice.slash(server.channel, "bee guess", word=word) for word in words]
    assert all(reply.response.components for reply in replies)  # each reply has its buttons
    assert view_timers() == []
    shown = await server.alice.click(replies[0].response, label="Guess again")  # the oldest reply's button
    assert shown.modal is not None and shown.modal["title"] == "Guess a word"
    assert view_timers() == []


def test_a_button_with_nothing_to_answer_it_is_refused():
    with pytest.raises(ValueError, match="no custom id"):
        buttons_view(discord.ui.Button(label="Docs", url="https://example.com"))

"""Error ids (issue 35): an error of ours in a slash command, a button or form, or a game taking
typed guesses is logged with a short id; the user's apology carries the same id, and the error
is counted in the metrics by where it happened."""

import logging
import re

import pytest

from bot.chat.outcome import Place
from bot.observe import metrics
from tests.bot.chat.team import Club
from tests.bot.games.bee.test_bee_discord import Server, server  # noqa: F401

ID = re.compile(r"\(error id: ([2-9A-Z]{6})\)$")


def errors_counted(where):
    return metrics.REGISTRY.get_sample_value("wordbot_errors_total", {"where": where}) or 0.0


def logged_ids(caplog):
    return [r.error_id for r in caplog.records if r.levelno == logging.ERROR and getattr(r, "error_id", None)]


def reply_id(content):
    match = ID.search(content)
    assert match, content
    return match[1]


async def test_a_failed_command_s_apology_and_log_line_carry_the_same_id(simcord_env, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr("bot.lab.anagram.pages.solve", broken)
    guild = simcord_env.create_guild()
    alice = guild.add_member(simcord_env.create_user("alice"))
    before = errors_counted("command")
    channel = guild.create_text_channel("c")
    first = await alice.slash(channel, "anagram", rack="AALNST?")
    second = await alice.slash(channel, "anagram", rack="AALNST?")
    assert len(simcord_env.errors) == 2  # acknowledges the errors SimCord saw
    ids = [reply_id(first.response.content), reply_id(second.response.content)]
    assert first.response.content.startswith("Sorry, something went wrong on our side") and ids[0] != ids[1]
    assert logged_ids(caplog) == ids and errors_counted("command") == before + 2
    record = next(r for r in caplog.records if getattr(r, "error_id", None) == ids[0])
    assert record.guild == guild.id and record.command == "/anagram" and "solver exploded" in str(record.exc_info[1])
    assert f"[error id {ids[0]}]" in record.getMessage()


async def test_a_failed_button_s_apology_and_log_line_carry_the_same_id(server, simcord_env, monkeypatch, caplog):
    post = await server.start_day()

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(simcord_env.bot.get_cog("Bee").game, "progress", broken)
    before = errors_counted("button")
    clicked = await server.alice.click(post, label="My words")
    assert clicked.ephemeral and logged_ids(caplog) == [reply_id(clicked.response.content)]
    assert errors_counted("button") == before + 1


@pytest.fixture
async def club(simcord_env):
    return await Club(simcord_env).open()


async def test_a_game_that_fails_on_typed_guesses_tells_the_player_the_id_privately(club, simcord_env, caplog):
    async def broken(player, words):
        raise RuntimeError("the game fell over")

    simcord_env.bot.chat.register(club.thread.id, Place("acdegln", broken, plain=True))
    before = errors_counted("chat")
    alice = club.players[0]
    message = await alice.send(club.thread, f"{club.me} candle")
    (notice,) = alice.user.dm_channel.history()
    assert notice.content.startswith("Sorry, something went wrong on our side with your guesses")
    assert logged_ids(caplog) == [reply_id(notice.content)] and club.reactions(message) == []
    assert errors_counted("chat") == before + 1 and club.public_posts() == []

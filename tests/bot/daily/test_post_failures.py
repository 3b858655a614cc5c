"""The daily post is never lost and never doubled, whatever fails: failures injected through
SimCord (Discord errors, a dropped connection, a hang, a message that fails to build) and
kills between the claim, the send and the record."""

import asyncio
import datetime as dt

import aiohttp
import discord
import pytest

from bot.daily.posts import CLAIM_SECONDS, RETRY_SECONDS, SEND_TIMEOUT
from bot.daily.store import DailyStore
from bot.plugins import DAILY_GAMES
from tests.bot.daily.games import KEYS
from tests.bot.daily.test_daily_posts import HOUR, Channel

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL


@pytest.fixture(params=KEYS)
def club(request, simcord_env):
    return Channel(simcord_env, DAILY_GAMES[request.param])


async def due_at_nine(club, simcord_env):
    await club.setup(time="09:00", timezone="UTC")
    await simcord_env.advance_time(9 * HOUR - 1)
    assert club.posts() == []


def fail_once(monkeypatch, owner, name, error):
    """Make ``owner.name`` raise ``error`` on its first call only."""
    real, calls = getattr(owner, name), []

    async def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise error
        return await real(*args, **kwargs)

    monkeypatch.setattr(owner, name, failing)
    return calls


async def stored_posts(env):
    rows = await env.bot.db.fetch_all("SELECT game, day, message_id, attempts FROM daily_posts")
    return [tuple(row) for row in rows]


async def test_a_discord_server_error_is_retried(club, simcord_env):
    await due_at_nine(club, simcord_env)
    simcord_env.inject_error("POST", "/channels/*/messages", status=503)
    await simcord_env.advance_time(1)
    assert club.posts() == []
    await simcord_env.advance_time(RETRY_SECONDS[0])
    (post,) = club.posts()
    assert await stored_posts(simcord_env) == [(club.game.key, "2026-01-01", post.id, 2)]


async def test_a_dropped_connection_is_retried(club, simcord_env, monkeypatch):
    await due_at_nine(club, simcord_env)
    calls = fail_once(monkeypatch, discord.TextChannel, "send", aiohttp.ClientOSError(104, "Connection reset by peer"))
    await simcord_env.advance_time(1)
    assert club.posts() == [] and len(calls) == 1
    await simcord_env.advance_time(RETRY_SECONDS[0])
    assert len(club.posts()) == 1
    await simcord_env.advance_time(24 * HOUR - RETRY_SECONDS[0])
    assert len(club.posts()) == 2  # and the next day as usual


async def test_a_message_that_fails_to_build_is_retried(club, simcord_env, monkeypatch):
    await due_at_nine(club, simcord_env)
    maker, calls = simcord_env.bot.daily.makers[club.game.key], []

    async def fails_once(guild_id, day):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("picture failed to render")
        return await maker(guild_id, day)

    monkeypatch.setitem(simcord_env.bot.daily.makers, club.game.key, fails_once)
    await simcord_env.advance_time(1)
    assert club.posts() == []
    await simcord_env.advance_time(RETRY_SECONDS[0])
    assert len(club.posts()) == 1


async def test_a_send_that_hangs_times_out_and_is_retried(club, simcord_env, monkeypatch):
    await due_at_nine(club, simcord_env)
    real = discord.TextChannel.send
    calls = []

    async def hangs_once(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            await asyncio.sleep(10 * HOUR)  # no answer from Discord
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.TextChannel, "send", hangs_once)
    await simcord_env.advance_time(SEND_TIMEOUT + 1)
    assert club.posts() == []
    await simcord_env.advance_time(RETRY_SECONDS[0])
    assert len(club.posts()) == 1 and len(calls) == 2


async def test_killed_between_claim_and_send_the_restarted_bot_posts_once(club, simcord_env, new_bot):
    await due_at_nine(club, simcord_env)
    await simcord_env.bot.timers.stop()  # the process dies at 09:00, right after claiming the post:
    await simcord_env.advance_time(1)
    now = simcord_env.now()
    assert await DailyStore(simcord_env.bot.db).claim_post(
        club.game.key, club.guild.id, dt.date(2026, 1, 1), club.channel.id, now,
        now + dt.timedelta(seconds=CLAIM_SECONDS))
    await simcord_env.restart_bot(new_bot())
    assert club.posts() == []  # the claim is still fresh: its owner might be posting
    await simcord_env.advance_time(CLAIM_SECONDS)
    (post,) = club.posts()
    assert await stored_posts(simcord_env) == [(club.game.key, "2026-01-01", post.id, 2)]


async def test_killed_after_send_before_record_the_post_is_found_not_repeated(club, simcord_env, new_bot, monkeypatch):
    await due_at_nine(club, simcord_env)
    fail_once(monkeypatch, DailyStore, "confirm", RuntimeError("process killed"))
    await simcord_env.advance_time(1)
    (post,) = club.posts()  # Discord has it; the database does not know
    await simcord_env.restart_bot(new_bot())
    await simcord_env.advance_time(HOUR)
    assert club.posts() == [post]
    assert await stored_posts(simcord_env) == [(club.game.key, "2026-01-01", post.id, 2)]


async def test_setup_while_a_post_is_in_flight_does_not_lose_it(club, simcord_env, monkeypatch):
    await due_at_nine(club, simcord_env)
    maker = simcord_env.bot.daily.makers[club.game.key]

    async def slow(guild_id, day):
        await asyncio.sleep(30)  # e.g. a slow picture
        return await maker(guild_id, day)

    monkeypatch.setitem(simcord_env.bot.daily.makers, club.game.key, slow)
    await simcord_env.advance_time(10)  # 09:00:09: the post is being built
    await club.setup(time="18:00", timezone="UTC")  # an admin changes the time meanwhile
    await simcord_env.advance_time(60)
    assert len(club.posts()) == 1
    await simcord_env.advance_time(HOUR * 9)  # 18:00 today: today's post was made, none again
    assert len(club.posts()) == 1


async def test_no_access_skips_the_day_without_retrying(club, simcord_env):
    await due_at_nine(club, simcord_env)
    simcord_env.inject_error("POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions",
                             times=None)
    await simcord_env.advance_time(HOUR)
    assert club.posts() == []
    requests = [r for r in simcord_env.http_requests if r.method == "POST" and r.path.endswith("/messages")]
    assert len(requests) == 1

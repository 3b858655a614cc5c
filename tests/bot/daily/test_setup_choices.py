"""Setting up a second daily game: the server's one time zone is said before it changes (with a
choice to keep it), and the opt-in role each post pings, the only ping the bot ever sends."""

import datetime as dt

import discord
import pytest

from bot.plugins import DAILY_GAMES

HOUR = 3600
BEE, BOX = DAILY_GAMES["bee"], DAILY_GAMES["letterbox"]


class Server:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Daily Club")
        self.channel = self.guild.create_text_channel("puzzles")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.player = self.guild.add_member(env.create_user("player"))

    async def setup(self, game, who=None, **options):
        return await (who or self.admin).slash(self.channel, f"{game.command} setup", channel=self.channel, **options)

    async def schedules(self):
        store = self.env.bot.daily.calendar.store
        return {s.game: s for s in await store.guild_schedules(self.guild.id)}

    def posts(self, game):
        return [m for m in self.channel.history() if m.embeds and m.embeds[0].title.startswith(f"{game.title} ·")]


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


async def test_a_setup_in_another_zone_asks_before_moving_the_other_game(server):
    await server.setup(BEE, time="09:00", timezone="America/New_York")
    asked = await server.setup(BOX, time="10:00", timezone="London")
    text = asked.response.content
    assert asked.ephemeral and "one time zone" in text and "09:00 America/New_York" in text and "Europe/London" in text
    assert "London was read as the time zone Europe/London" in text
    assert set(await server.schedules()) == {"bee"}  # nothing changed yet
    labels = [c["label"] for row in asked.response.components for c in row["components"]]
    assert labels == ["Use Europe/London for both", "Keep America/New_York"]

    kept = await server.admin.click(asked.response, label="Keep America/New_York")
    schedules = await server.schedules()
    assert {s.timezone for s in schedules.values()} == {"America/New_York"}
    assert schedules["letterbox"].post_time == dt.time(10, 0)
    assert kept.response.content.startswith(f"{BOX.emoji} The {BOX.title} will be posted")
    assert "10:00 (America/New_York)" in kept.response.content and kept.response.components == []


async def test_the_other_choice_moves_the_server_and_says_so(server):
    await server.setup(BEE, time="09:00", timezone="America/New_York")
    asked = await server.setup(BOX, time="10:00", timezone="Europe/London")
    moved = await server.admin.click(asked.response, label="Use Europe/London for both")
    schedules = await server.schedules()
    assert {s.timezone for s in schedules.values()} == {"Europe/London"}
    assert "the Spelling Bee moves too" in moved.response.content
    assert "(was 09:00 America/New_York)" in moved.response.content


async def test_the_same_zone_or_a_lone_game_asks_nothing(server):
    first = await server.setup(BEE, time="09:00", timezone="Europe/London")
    second = await server.setup(BOX, time="10:00", timezone="Europe/London")
    again = await server.setup(BEE, time="08:00", timezone="Tokyo")  # the bee alone may move ... not with the box
    assert first.response.components == [] and second.response.components == []
    assert again.response.components != []  # the box runs in London: asked
    await server.env.bot.daily.calendar.store.stop_schedule("letterbox", server.guild.id, server.admin.id)
    alone = await server.setup(BEE, time="08:00", timezone="Tokyo")
    assert alone.response.components == [] and (await server.schedules())["bee"].timezone == "Asia/Tokyo"


async def test_the_choice_survives_a_restart_and_keeps_the_other_options(server, simcord_env, new_bot):
    await server.setup(BEE, time="09:00", timezone="America/New_York")
    asked = await server.setup(BOX, time="10:00", timezone="Europe/London", play="together")
    await simcord_env.restart_bot(new_bot())
    await server.admin.click(asked.response, label="Keep America/New_York")
    box = (await server.schedules())["letterbox"]
    assert box.timezone == "America/New_York" and box.play.value == "together"


async def test_the_role_is_pinged_by_each_post_and_nothing_else_pings(server, simcord_env):
    role = server.guild.create_role("Bee", mentionable=True)
    set_up = await server.setup(BEE, time="09:00", timezone="UTC", role=role)
    assert f"Each post pings <@&{role.id}>" in set_up.response.content
    assert (await server.schedules())["bee"].ping_role == role.id
    before = len(simcord_env.http_requests)
    await simcord_env.advance_time(10 * HOUR)
    (post,) = server.posts(BEE)
    assert post.content == f"<@&{role.id}>" and [r.id for r in post.role_mentions] == [role.id]
    sent = [r for r in simcord_env.http_requests[before:] if r.method == "POST" and r.path.endswith("/messages")]
    assert sent, "the post went through the HTTP API"
    for request in sent:
        allowed = (request.json or {}).get("allowed_mentions", {})
        assert allowed.get("parse") == [] and allowed.get("roles", []) in ([], [role.id], [str(role.id)])
    await simcord_env.advance_time(24 * HOUR)  # setup again without role: keeps it
    await server.setup(BEE, time="09:00", timezone="UTC")
    assert (await server.schedules())["bee"].ping_role == role.id
    stopped = await server.admin.slash(server.channel, "settings", stop_pinging="bee")
    assert "ping nobody from now on" in stopped.response.content
    await simcord_env.advance_time(24 * HOUR)
    newest = max(server.posts(BEE), key=lambda m: m.created_at)
    assert newest.content == "" and newest.role_mentions == []


async def test_a_role_that_cannot_be_pinged_is_refused_or_explained(server):
    refused = await server.setup(BEE, time="09:00", timezone="UTC", role=server.guild.default_role)
    assert "not @everyone" in refused.response.content
    assert await server.schedules() == {}
    quiet = server.guild.create_role("Quiet")  # not mentionable
    set_up = await server.setup(BEE, time="09:00", timezone="UTC", role=quiet)  # the bot may mention every role
    assert "Each post pings" in set_up.response.content and "Allow anyone" not in set_up.response.content
    muted = server.guild.create_text_channel(
        "muted", overwrites={server.env.bot.user: discord.PermissionOverwrite(mention_everyone=False)})
    set_up = await server.admin.slash(server.channel, "bee setup", channel=muted, time="09:00", timezone="UTC")
    assert "Allow anyone to @mention this role" in set_up.response.content  # the role kept, said again

"""LiveMessage against SimCord's Discord: a bot of the test's own keeps a message showing a count.

What Discord saw is read from SimCord's log of the bot's requests (the PATCHes of that message),
sampled as the simulated clock moves: a thousand changes make a handful of edits, never more than
five in five seconds, and the last shows the final count. A deleted message stops the edits and
tells its owner once; a refused edit is tried again; a closed one leaves nothing scheduled.
"""

import asyncio
import logging
import time

import discord
import pytest

from bot.chat.live import WINDOW_EDITS, WINDOW_SECONDS, LiveMessage


class Tally(discord.Client):
    """Posts a count on ``start``; ``add N`` counts N, one change each; ``burst N`` counts N from a
    minute on, ten every tenth of a second (a game's stream of changes); ``flush`` and ``close``."""

    def __init__(self, every: float) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(intents=intents)
        self.every, self.count, self.gone = every, 0, 0
        self.live: LiveMessage | None = None
        self.post: discord.Message | None = None
        self.edited_at: list[float] = []  # the bot's (simulated) clock at each edit it began
        self.driver: asyncio.Task | None = None

    async def on_message(self, message: discord.Message) -> None:
        if message.author == self.user:
            return
        command, *numbers = message.content.split()
        if command == "start":
            self.post = await message.channel.send("count: 0")
            self.live = LiveMessage(self.render, self.edit, every=self.every, on_gone=self.on_gone, what="the tally")
        elif command == "add":
            self.add(int(numbers[0]))
        elif command == "burst":  # from a minute on: beyond a step's settling, so only the test's clock moves it
            asyncio.get_running_loop().call_later(60, self.start_burst, int(numbers[0]))
        elif command == "flush":
            await self.live.flush()
        elif command == "close":
            await self.live.close()

    def add(self, count: int) -> None:
        for _ in range(count):
            self.count += 1
            self.live.changed()

    def start_burst(self, count: int) -> None:
        self.driver = asyncio.get_running_loop().create_task(self.burst(count))

    async def burst(self, count: int) -> None:
        for _ in range(count // 10):
            self.add(10)
            await asyncio.sleep(0.1)

    async def render(self) -> dict[str, str]:
        return {"content": f"count: {self.count}"}

    async def edit(self, **changes) -> None:
        self.edited_at.append(time.monotonic())
        await self.post.edit(**changes)

    async def on_gone(self) -> None:
        self.gone += 1


EVERY = 0.25  # short: the five-second window, not the interval, is what holds the edits back


@pytest.fixture
def simcord_bot():
    return Tally(EVERY)


@pytest.fixture
def world(simcord_env):
    guild = simcord_env.create_guild("Tallies")
    channel = guild.create_text_channel("counting")
    moderator = guild.create_role("moderator", permissions=discord.Permissions(manage_messages=True))
    return channel, guild.add_member(simcord_env.create_user("alice"), roles=[moderator])


def patches(simcord_env, message) -> int:
    """How many times the bot asked Discord to edit ``message``."""
    return sum(r.method == "PATCH" and r.path.endswith(f"/messages/{message.id}") for r in simcord_env.http_requests)


def shown(channel, tally) -> str:
    """What the tally's message says now."""
    return next(m.content for m in channel.history() if m.id == tally.post.id)


def seconds(simcord_env) -> float:
    return simcord_env.now().timestamp()


async def test_a_thousand_changes_make_a_few_edits_never_more_than_five_in_five_seconds(world, simcord_env):
    channel, alice = world
    tally = simcord_env.bot
    await alice.send(channel, "start")
    await alice.send(channel, "burst 1000")
    await simcord_env.advance_time(60)
    samples = [(seconds(simcord_env), patches(simcord_env, tally.post))]
    for _ in range(100):  # twenty-five simulated seconds: the burst (ten) and its last edits
        await simcord_env.advance_time(0.25)
        samples.append((seconds(simcord_env), patches(simcord_env, tally.post)))

    assert tally.count == 1000 and tally.driver.done()
    assert shown(channel, tally) == "count: 1000"
    edits = samples[-1][1]
    assert edits == len(tally.edited_at) and 10 <= edits <= 20  # coalesced: ~five per five seconds, not a thousand
    for start, before in samples:  # the edits between two samples less than five seconds apart
        assert all(after - before <= WINDOW_EDITS for end, after in samples if end - start < WINDOW_SECONDS)
    stamps = tally.edited_at
    assert all(later - earlier >= WINDOW_SECONDS for earlier, later in zip(stamps, stamps[WINDOW_EDITS:], strict=False))
    assert all(later - earlier >= EVERY for earlier, later in zip(stamps, stamps[1:], strict=False))
    final = patches(simcord_env, tally.post)
    await simcord_env.advance_time(60)
    assert patches(simcord_env, tally.post) == final  # nothing changed, nothing edited


async def test_a_deleted_message_stops_the_edits_and_tells_its_owner_once(world, simcord_env, caplog):
    channel, alice = world
    tally = simcord_env.bot
    await alice.send(channel, "start")
    await alice.send(channel, "add 3")
    assert shown(channel, tally) == "count: 3"
    await alice.delete(tally.post)
    await alice.send(channel, "add 2")
    await simcord_env.advance_time(1)
    await alice.send(channel, "add 2")
    await simcord_env.advance_time(10)
    assert tally.gone == 1 and tally.live.closed
    assert patches(simcord_env, tally.post) == 2  # the count of 3, then the one that found it gone
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.name.startswith("bot.")
                and r.levelno >= logging.WARNING]
    assert simcord_env.errors == []


@pytest.mark.parametrize("status", [503, 403])
async def test_a_refused_edit_is_tried_again_at_the_next_turn_and_the_state_lands(world, simcord_env, caplog, status):
    channel, alice = world
    tally = simcord_env.bot
    await alice.send(channel, "start")
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=status, message="Refused by the test", times=1)
    await alice.send(channel, "add 1")  # refused, then tried again when its next turn came
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING] == [
        f"Could not edit the tally ({status} Refused by the test): trying again at its next turn"]
    assert shown(channel, tally) == "count: 1"
    assert patches(simcord_env, tally.post) == 2 and tally.gone == 0
    first, second = tally.edited_at
    assert second - first >= EVERY
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_flush_shows_the_state_at_once_and_close_leaves_nothing_scheduled(world, simcord_env):
    channel, alice = world
    tally = simcord_env.bot
    tally.every = 30.0
    await alice.send(channel, "start")
    await alice.send(channel, "add 1")
    await alice.send(channel, "add 1")  # its turn is half a minute away...
    assert shown(channel, tally) == "count: 1"
    await alice.send(channel, "flush")  # ...a flush shows it now
    assert shown(channel, tally) == "count: 2"
    await alice.send(channel, "add 5")
    await alice.send(channel, "close")
    await simcord_env.advance_time(120)
    await alice.send(channel, "add 1")  # closed: changes show nowhere
    await simcord_env.advance_time(120)
    assert shown(channel, tally) == "count: 2" and patches(simcord_env, tally.post) == 2

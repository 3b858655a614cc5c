"""Reactions within Discord's limits, whatever the pace of the chat.

Discord allows a bot about one reaction a quarter second in a channel (and some 50 requests a
second in all). The pacer keeps, per channel, a short list of messages waiting for reactions,
and a ticker (a ``discord.ext.tasks`` loop every ``REACTION_INTERVAL``, running only while
something waits) sends at most one reaction per channel per tick, one request at a time, and
serves at most ``CHANNELS_PER_TICK`` channels a tick, in turn.

Under load nothing queues without bound:

- a channel holds at most ``MAX_WAITING`` messages; when a new one comes to a full list, the
  oldest waiting message is dropped (its reactions are skipped: the chat has moved past it);
- a message gets at most two reactions, the verdict first; once more than ``PRESSURE`` messages
  wait in its channel, a new message gets one: its news when it has some (a pangram, a solve:
  the news implies a word counted), else its verdict.

A reaction that fails (no Add Reactions permission, the message deleted, Discord busy) is
logged and skipped, never raised; without the permission the channel's waiting list is emptied.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord
from discord.ext import tasks

from bot.chat.outcome import NEWS

log = logging.getLogger(__name__)

REACTION_INTERVAL = 0.25  # seconds between reaction requests in one channel
MAX_WAITING = 50  # messages waiting for reactions in one channel
PRESSURE = MAX_WAITING // 2  # past this many waiting, a new message gets one reaction
CHANNELS_PER_TICK = 10  # 40 reactions a second in all at most: under Discord's 50 requests a second
_SLACK = 0.002  # seconds: a timer may wake a hair early; Discord and discord.py absorb that much
_NO_ACCESS = (50001, 50013)  # Missing Access, Missing Permissions: every reaction in the channel would fail


@dataclass(slots=True)
class _Lane:
    """One channel: its messages waiting for reactions (oldest first), each with the reactions left."""

    waiting: OrderedDict[int, tuple[discord.Message, list[str]]] = field(default_factory=OrderedDict)
    last_sent: float = float("-inf")
    busy: bool = False  # a reaction request is on its way


class Pacer:
    def __init__(self) -> None:
        self._lanes: OrderedDict[int, _Lane] = OrderedDict()  # by channel id, in the order served
        self._ticker = tasks.loop(seconds=REACTION_INTERVAL)(self._tick)
        self._requests: set[asyncio.Task[None]] = set()
        self.sent = self.dropped = self.failed = self.most_waiting = 0  # reactions; the longest waiting list

    def react(self, message: discord.Message, emojis: Sequence[str]) -> None:
        """Add ``emojis`` (at most two, the first the most important) to ``message`` when its
        channel's turn comes."""
        emojis = list(dict.fromkeys(emojis))[:2]
        if not emojis:
            return
        lane = self._lanes.setdefault(message.channel.id, _Lane())
        if len(lane.waiting) >= PRESSURE and len(emojis) > 1:
            self.dropped += 1
            emojis = [emojis[-1]] if emojis[-1] in NEWS else emojis[:1]
        while len(lane.waiting) >= MAX_WAITING:
            _, (_, skipped) = lane.waiting.popitem(last=False)
            self.dropped += len(skipped)
        lane.waiting[message.id] = (message, emojis)
        self.most_waiting = max(self.most_waiting, len(lane.waiting))
        if not self._ticker.is_running():
            self._ticker.start()

    def waiting(self, channel_id: int) -> int:
        """Messages waiting for reactions in a channel."""
        lane = self._lanes.get(channel_id)
        return len(lane.waiting) if lane else 0

    @property
    def idle(self) -> bool:
        """Nothing waits and the ticker is stopped."""
        return not self._ticker.is_running() and not any(lane.waiting for lane in self._lanes.values())

    def stop(self) -> None:
        """Stop reacting (the bot is closing): what waits is dropped."""
        self._ticker.cancel()
        for task in self._requests:
            task.cancel()
        self._lanes.clear()

    async def _tick(self) -> None:
        now, served = time.monotonic(), 0
        for channel_id in list(self._lanes):
            lane = self._lanes[channel_id]
            if not lane.waiting:
                if not lane.busy:
                    del self._lanes[channel_id]
                continue
            if lane.busy or now - lane.last_sent < REACTION_INTERVAL - _SLACK or served == CHANNELS_PER_TICK:
                continue
            message_id, (message, emojis) = next(iter(lane.waiting.items()))
            emoji = emojis.pop(0)
            if not emojis:
                del lane.waiting[message_id]
            lane.busy, lane.last_sent, served = True, now, served + 1
            self._lanes.move_to_end(channel_id)  # the channels not served this tick go first next time
            task = asyncio.create_task(self._send(lane, message, emoji))
            self._requests.add(task)
            task.add_done_callback(self._requests.discard)
        if not any(lane.waiting for lane in self._lanes.values()):
            self._ticker.stop()  # idle until the next message: react() starts it again

    async def _send(self, lane: _Lane, message: discord.Message, emoji: str) -> None:
        try:
            await message.add_reaction(emoji)
            self.sent += 1
        except discord.NotFound:  # the message was deleted
            self.failed += 1 + len(lane.waiting.pop(message.id, (None, ()))[1])
            log.debug("Not reacting to message %s in channel %s: it is gone", message.id, message.channel.id)
        except discord.Forbidden as error:
            self.failed += 1
            if error.code in _NO_ACCESS:
                self.failed += sum(len(emojis) for _, emojis in lane.waiting.values())
                lane.waiting.clear()
            log.warning("Cannot react in channel %s (%s): check the bot's Add Reactions and Read Message "
                        "History permissions there", message.channel.id, error.text or error.status)
        except (discord.HTTPException, OSError, TimeoutError) as error:  # 429 past discord.py's retries, 5xx
            self.failed += 1
            log.warning("A reaction in channel %s failed: %s", message.channel.id, error)
        finally:
            lane.busy = False

"""200 players typing in one thread for two simulated minutes, and one of them spamming: the bot's
reactions stay within Discord's limit at every second (counted from the requests it made), its
waiting list stays bounded, every guess message is taken exactly once, and the spammer gets
exactly one private notice per minute."""

import collections
import dataclasses
import math

import pytest

from bot.chat import limits
from bot.chat.outcome import reactions
from bot.chat.pacing import MAX_WAITING, REACTION_INTERVAL
from tests.bot.chat.team import WORDS, Club

PLAYERS = 200
MINUTES = 2
SPAM_AT = (5, 70)  # seconds: the spammer sends a burst in each minute
SPAM_BURST = limits.MAX_MESSAGES + 5
GUESSES = sorted(WORDS) + ["cage", "glen", "dell"]  # words of the day, and some that are not


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, message_content=True)


def reaction_times(env):
    """The simulated moment (seconds from now) of each reaction request the bot makes, by channel."""
    times, start, real = collections.defaultdict(list), env.now(), env.bot.http.request

    async def request(route, **kwargs):
        if route.method == "PUT" and "/reactions/" in route.path:
            times[route.channel_id].append((env.now() - start).total_seconds())
        return await real(route, **kwargs)

    env.bot.http.request = request
    return times


@pytest.mark.slow
async def test_two_hundred_players_and_a_spammer(simcord_env):
    club = await Club(simcord_env, players=PLAYERS + 1).open()
    players, spammer = club.players[:PLAYERS], club.players[PLAYERS]
    times, pacer = reaction_times(simcord_env), simcord_env.bot.chat.pacer
    expected = collections.Counter()  # (player id, words) of every message that must be taken

    async def guess(player, n, *, counted=True):
        word = GUESSES[n % len(GUESSES)]
        text = f"{club.me} {word}" if n % 2 else word.upper()  # by mention and plainly
        await player.send(club.thread, text)
        if counted:
            expected[player.id, (word,)] += 1

    for n, player in enumerate(players):  # everyone types at once
        await guess(player, n)
    assert pacer.most_waiting == MAX_WAITING and pacer.waiting(club.thread.id) == MAX_WAITING
    for second in range(1, MINUTES * 60 + 1):
        await simcord_env.advance_time(1)
        await guess(players[second % PLAYERS], second)
        if second in SPAM_AT:
            for n in range(SPAM_BURST):
                await guess(spammer, n, counted=n < limits.MAX_MESSAGES)
    await simcord_env.advance_time(MAX_WAITING * REACTION_INTERVAL + 1)

    # Discord's limit, as the bot's requests show it: a quarter second apart in the thread, 4 a second
    requests = [r for r in simcord_env.http_requests if r.method == "PUT" and "/reactions/" in r.path]
    moments = times[club.thread.id]
    assert len(moments) == len(requests) > MINUTES * 60 and list(times) == [club.thread.id]
    assert min(b - a for a, b in zip(moments, moments[1:], strict=False)) >= REACTION_INTERVAL - 1e-3
    per_second = collections.Counter(math.floor(moment) for moment in moments)
    assert max(per_second.values()) <= 1 / REACTION_INTERVAL

    # nothing queued without bound, and every reaction asked for was made or knowingly dropped
    assert pacer.most_waiting == MAX_WAITING and pacer.idle and pacer.waiting(club.thread.id) == 0
    asked = sum(len(reactions(outcome)) for outcome in club.game.outcomes)
    assert pacer.sent == len(requests) and pacer.failed == 0 and pacer.dropped > 0
    assert pacer.sent + pacer.dropped == asked

    # each guess message taken exactly once; the spammer's past the limit not at all
    taken = collections.Counter((player.id, words) for player, words in club.game.calls)
    assert taken == expected and sum(taken.values()) == PLAYERS + MINUTES * 60 + len(SPAM_AT) * limits.MAX_MESSAGES

    # one private notice per minute to the spammer, nothing else written anywhere
    notices = spammer.user.dm_channel.history()
    assert len(notices) == len(SPAM_AT) and all("guessing faster than the game reads" in n.content for n in notices)
    posts = [r for r in simcord_env.http_requests if r.method == "POST" and r.path.endswith("/messages")]
    assert len(posts) == len(SPAM_AT) and club.public_posts() == []

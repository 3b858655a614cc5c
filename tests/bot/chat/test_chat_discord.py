"""Typed play in chat through SimCord: which messages the router reads (mentions always, plain
messages only with the Message Content intent and only when they are guesses), the reactions each
outcome gets, and everything it leaves alone. A test game (tests/bot/chat/team.py) plays."""

import logging

import pytest

from bot.chat.outcome import CHECK, CROSS, NUMBERS, PANGRAM, WARNING, Outcome, Place
from bot.chat.pacing import REACTION_INTERVAL
from bot.chat.router import MORE_WORDS
from tests.bot.chat.team import Club
from tests.bot.conftest import INTENT_ON

CHATTER = ["lol nice", "good job", "https://example.com/candle", "🐝", "candle 🐝",
           "<:bee:123456789012345678>", "glad I came", "candle " * 21]


@pytest.fixture
async def club(simcord_env):
    return await Club(simcord_env).open()


async def settle_reactions(env):
    await env.advance_time(10 * REACTION_INTERVAL)


async def test_a_mention_is_read_as_guesses_without_the_intent(club, simcord_env):
    assert not simcord_env.bot.intents.message_content
    alice, bob = club.players[:2]
    first = await alice.send(club.thread, f"{club.me} Candle, ＧＬＡＮ\u200bＣＥＤ!")
    in_channel = await bob.send(club.channel, f"dance {club.me}")
    await settle_reactions(simcord_env)
    assert [(p.id, w) for p, w in club.game.calls] == [(alice.id, ("candle", "glanced")), (bob.id, ("dance",))]
    assert club.game.calls[0][0].guild_id == club.guild.id and club.game.calls[0][0].name == "player0"
    assert club.reactions(first) == [NUMBERS[2], PANGRAM] and club.reactions(in_channel) == [CHECK]


async def test_plain_messages_are_not_read_without_the_intent(club, simcord_env):
    for text in ("candle", "dance lance"):
        await club.players[0].send(club.thread, text)
    await settle_reactions(simcord_env)
    assert club.game.calls == [] and club.reaction_requests() == []
    assert "CENSORED MESSAGE_CREATE" in simcord_env.transcript()  # Discord sent the bot no text


@INTENT_ON
async def test_plain_guesses_count_with_the_intent_and_chatter_does_not(club, simcord_env):
    alice, bob = club.players[:2]
    for text in CHATTER:
        await alice.send(club.thread, text)
    assert club.game.calls == []
    one = await alice.send(club.thread, "candle")
    two = await bob.send(club.thread, "LANCE,dance\nclean")
    again = await alice.send(club.thread, "candle")
    nothing = await bob.send(club.thread, "cage")  # made of the letters, not a word of the day
    in_channel = await bob.send(club.channel, "angle")  # the game's channel takes mentions only
    await settle_reactions(simcord_env)
    assert [w for _, w in club.game.calls] == [("candle",), ("lance", "dance", "clean"), ("candle",), ("cage",)]
    assert [club.reactions(m) for m in (one, two, again, nothing, in_channel)] == [
        [CHECK], [NUMBERS[3]], [WARNING], [CROSS], []]
    assert len(club.reaction_requests()) == 4  # chatter got none


async def test_reactions_say_what_a_message_did_and_are_at_most_two(club, simcord_env):
    alice = club.players[0]
    sent = [await alice.send(club.thread, f"{club.me} {text}") for text in (
        "candle", "lance dance clean", "candle", "cage xyz", "candle glade", "glanced",
        "angle glance clang decal gland angled dangle legal eagle laced canned ganged clanged", "hello 🐝")]
    await settle_reactions(simcord_env)
    assert [club.reactions(m) for m in sent] == [
        [CHECK], [NUMBERS[3]], [WARNING], [CROSS], [CHECK], [CHECK, PANGRAM], [NUMBERS[10], PANGRAM], [CROSS]]
    assert len(club.reaction_requests()) == 10


async def test_edits_bots_webhooks_dms_and_other_places_are_ignored(club, simcord_env):
    alice = club.players[0]
    message = await alice.send(club.thread, "hello there")
    await alice.edit(message, f"{club.me} candle")  # an edit is never read
    robot = club.guild.add_member(simcord_env.create_user("otherbot", bot=True))
    await robot.send(club.thread, f"{club.me} candle")
    await club.guild.create_webhook(club.channel).send(f"{club.me} candle")
    await alice.user.send_dm(f"{club.me} candle")
    elsewhere = club.guild.create_text_channel("general")
    await alice.send(elsewhere, f"{club.me} candle")
    simcord_env.bot.chat.unregister(club.thread.id)
    await alice.send(club.thread, f"{club.me} candle")
    simcord_env.bot.chat.unregister(club.thread.id)  # twice: nothing happens
    await settle_reactions(simcord_env)
    assert club.game.calls == [] and club.reaction_requests() == []


async def test_mentions_of_everyone_roles_and_players_never_make_the_bot_post(club, simcord_env):
    alice, bob = club.players[:2]
    role = club.guild.create_role("Bees", mentionable=True)
    message = await alice.send(club.thread, f"@everyone @here {role.mention} {bob.mention} {club.me} "
                                            f"candle <#{club.channel.id}>")
    await alice.send(club.thread, f"@everyone {role.mention} {bob.mention} candle")  # no mention of the bot
    await settle_reactions(simcord_env)
    assert [w for _, w in club.game.calls] == [("candle",)] and club.reactions(message) == [CHECK]
    assert club.public_posts() == []
    assert alice.user.dm_channel.history() == []


async def test_only_the_first_twenty_words_are_read_and_the_player_is_told(club, simcord_env):
    alice = club.players[0]
    words = [f"word{chr(97 + n // 26)}{chr(97 + n % 26)}".replace("word", "w") for n in range(25)]
    await alice.send(club.thread, f"{club.me} " + " ".join(words))
    assert club.game.calls[0][1] == tuple(words[:20])
    (notice,) = alice.user.dm_channel.history()
    assert notice.content == MORE_WORDS and club.public_posts() == []


async def test_a_games_notice_goes_privately_and_closed_dms_are_left_alone(club, simcord_env):
    alice, bob = club.players[:2]

    async def refuse(player, words):
        return Outcome(notice="Today's game is over: tomorrow's opens at 09:00.")

    simcord_env.bot.chat.register(club.thread.id, Place("acdegln", refuse, plain=True))
    message = await alice.send(club.thread, f"{club.me} candle")
    (notice,) = alice.user.dm_channel.history()
    assert notice.content.startswith("Today's game is over") and club.reactions(message) == []
    simcord_env.inject_error("POST", "/channels/*/messages", status=403, code=50007,
                             message="Cannot send messages to this user")
    await bob.send(club.thread, f"{club.me} candle")  # bob's DMs are closed: nothing breaks
    assert bob.user.dm_channel.history() == [] and club.public_posts() == []


async def test_reactions_that_fail_never_raise(club, simcord_env, caplog):
    alice = club.players[0]
    simcord_env.inject_error("PUT", "/channels/*/messages/*/reactions/*", status=403, code=50013,
                             message="Missing Permissions")
    with caplog.at_level(logging.WARNING, logger="bot.chat.pacing"):
        await alice.send(club.thread, f"{club.me} glanced")
    assert "Add Reactions" in caplog.text and simcord_env.bot.chat.pacer.failed == 2  # the crown was not tried
    gone = await alice.send(club.thread, f"{club.me} clanged")  # waits for the channel's next turn
    await alice.delete(gone)  # before it comes: the first reaction fails, the second is not tried
    await settle_reactions(simcord_env)
    assert simcord_env.bot.chat.pacer.failed == 4 and simcord_env.bot.chat.pacer.idle


async def test_a_game_that_fails_is_logged_and_gets_no_reaction(club, simcord_env, caplog):
    async def broken(player, words):
        raise RuntimeError("the database went away")

    simcord_env.bot.chat.register(club.thread.id, Place("acdegln", broken, plain=True))
    with caplog.at_level(logging.ERROR, logger="bot.chat.router"):
        message = await club.players[0].send(club.thread, f"{club.me} candle")
    assert "could not take the guesses" in caplog.text and club.reactions(message) == []


async def test_reactions_keep_a_quarter_second_apart_in_each_channel_and_ten_channels_a_tick(simcord_env):
    clubs = [await Club(simcord_env, players=1).open() for _ in range(12)]
    stamps = []
    real = simcord_env.bot.http.request

    async def request(route, **kwargs):
        if route.method == "PUT" and "/reactions/" in route.path:
            stamps.append((simcord_env.now(), route.channel_id))
        return await real(route, **kwargs)

    simcord_env.bot.http.request = request
    for club in clubs:  # twelve threads, a pangram each at the same moment: 24 reactions
        await club.players[0].send(club.thread, f"{club.me} glanced")
    await settle_reactions(simcord_env)
    assert len(stamps) == 24 and all(c.reactions(c.thread.last_message) == [CHECK, PANGRAM] for c in clubs)
    at = {}
    for moment, channel in stamps:
        at.setdefault(moment, []).append(channel)
    assert max(len(channels) for channels in at.values()) <= 10
    for channel in {c for _, c in stamps}:
        times = [moment for moment, c in stamps if c == channel]
        assert (times[1] - times[0]).total_seconds() >= REACTION_INTERVAL

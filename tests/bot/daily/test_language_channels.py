"""One channel, one daily game of a kind (issue 44), for every daily game with language variants
(the bee, the box, the ladder), through SimCord: a channel that runs the English game refuses
another language's in one line and replaces nothing, and the other way round; another channel
takes it; its together play is refused in one line (``solo_only``: the together days know no
language); stopped on its own, it posts no more and leaves its channel free."""

import discord
import pytest

from bot.plugins import plugins

KINDS = [(plugin.daily, plugin.variants[0]) for plugin in plugins() if plugin.variants]  # English's, French's
HOUR = 3600


@pytest.mark.parametrize(("english", "french"), KINDS, ids=[english.key for english, _ in KINDS])
async def test_a_channel_runs_one_languages_game(simcord_env, english, french):
    guild = simcord_env.create_guild("Club")
    first, second = guild.create_text_channel("first"), guild.create_text_channel("second")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    command = f"{english.command} setup"

    async def setup(channel, **options):
        made = await admin.slash(channel, command, channel=channel, time="09:00", timezone="Europe/London",
                                 **options)
        return made.response.content

    async def schedules():
        return {(s.game, s.channel_id, s.active)
                for s in await simcord_env.bot.daily.calendar.store.guild_schedules(guild.id)}

    assert (await setup(first)).startswith(f"{english.emoji} The {english.title} will be posted in")
    refused = await setup(first, language="fr")
    assert refused == (f"<#{first.id}> already runs the {english.title}, and a channel runs one language's: "
                       f"pick another channel for the {french.title}.")
    assert await schedules() == {(english.key, first.id, True)}  # nothing replaced or added
    assert (await setup(second, language="fr")).startswith(f"{english.emoji} The {french.title} will be posted")
    assert (await setup(second)) == (f"<#{second.id}> already runs the {french.title}, and a channel runs one "
                                     f"language's: pick another channel for the {english.title}.")
    assert (await setup(second, language="fr", play="together")) == \
        f"The {french.title} is played alone, each player privately: it has no together play yet."

    stopped = await admin.slash(second, f"{english.command} stop", language="fr")
    assert stopped.ephemeral and french.title in stopped.response.content
    assert await schedules() == {(english.key, first.id, True), (french.key, second.id, False)}
    await simcord_env.advance_time(9 * HOUR)
    assert not [m for m in second.history() if m.embeds] and [m for m in first.history() if m.embeds]
    assert (await setup(second)).startswith(f"{english.emoji} The {english.title} will be posted")  # free again
